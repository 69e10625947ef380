"""Plan and piece pictures: the artists drawn, the labels, and byte-identical files.

No pyplot: figures are drawn on their own canvases (Agg, SVG, PDF).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.colors import to_rgba
from plans import project, sheet

from homestaging.catalog import bundled_catalog
from homestaging.errors import Problem
from homestaging.render import (
    FRONT_DOOR_COLOR,
    PROBLEM_COLOR,
    draw_piece,
    figure_bytes,
    fit_text,
    piece_figure,
    plan_figure,
    save_piece,
    save_plan,
)
from homestaging.scoring import (
    BonusResult,
    Penalty,
    PieceScore,
    RoomScore,
    ScoreCard,
)
from homestaging.sheet import Sheet

ROOT = Path(__file__).resolve().parent.parent


def small_sheet(current: str | None = None) -> Sheet:
    """House B2:I7; the living room walled B2:E7 with an armchair and a sofa, door E4/e."""
    proj = project()
    rooms = [("Living", ["B2:E7"], [("E4", "e")]), ("Bed", ["F2:I5"], [("G5", "s")])]
    if current:
        rooms[1] = ("Bed", None, [])
    return sheet(proj, [("armchair", "B2"), ("sofa", "C6", 0)], rooms,
                 front=[("G7", "s")], windows=[("B2", "n")], current=current)


def hand_card(unreachable: bool = False) -> ScoreCard:
    pieces = (
        PieceScore(0, "armchair", "Armchair", "pieces[0]", "Living", ("B2",), 0 if unreachable
                   else 1, not unreachable, "circulation square B3 is cut off" if unreachable
                   else ""),
        PieceScore(1, "sofa", "Sofa", "pieces[1]", "Living", ("C6", "D6", "E6"), 3, True),
    )
    rooms = (RoomScore("Living", True, 3 if unreachable else 4, False, "", pieces),
             RoomScore("Bed", True, 0, True, "", ()))
    bonus = BonusResult("+2 if the sofa is near the front door", 2, True, "3 squares",
                        (((4, 5), (5, 5), (6, 5), (6, 6)),), ("E6",))
    problem = Problem("overlap", "error", "the sofa covers the armchair at C3", "pieces[1]",
                      ("C3",), "$.pieces[1]")
    return ScoreCard("test", "Ada", rooms, (bonus,), (Penalty("empty room Bed", -3, "Bed"),),
                     3, 2, (problem,), False)


def texts(ax: object) -> list[str]:
    return [t.get_text() for t in ax.texts]  # type: ignore[attr-defined]


def by_gid(ax: object, gid: str) -> list[object]:
    found = [p for p in ax.patches if p.get_gid() == gid]  # type: ignore[attr-defined]
    found += [line for line in ax.lines if line.get_gid() == gid]  # type: ignore[attr-defined]
    return found


def test_plan_has_coordinates_pieces_and_front_door() -> None:
    fig = plan_figure(small_sheet(), hand_card())
    ax = fig.axes[0]
    coordinates = [t.get_text() for t in ax.texts if t.get_gid() == "coordinate"]
    assert coordinates[:3] == ["A", "B", "C"]
    assert "J" in coordinates and "1" in coordinates and "8" in coordinates
    pieces = [p for p in ax.patches if (p.get_gid() or "").startswith("piece-")]
    assert [(p.get_gid(), p.get_label()) for p in pieces] == [
        ("piece-0", "pieces[0]"), ("piece-1", "pieces[1]")]
    labels = {t.get_gid(): t.get_text() for t in ax.texts}
    assert labels["piece-label-1"] == "Sofa"
    (door,) = by_gid(ax, "front-door")
    assert door.get_edgecolor() == to_rgba(FRONT_DOOR_COLOR)  # type: ignore[attr-defined]
    assert door.center == (6.5, 7.0)  # type: ignore[attr-defined]
    assert len(by_gid(ax, "window")) == 3
    assert "Living\n4 pts" in texts(ax)


def test_plan_marks_unreachable_pieces_problems_and_routes() -> None:
    card = hand_card(unreachable=True)
    fig = plan_figure(small_sheet(), card)
    ax, panel = fig.axes
    (hatched,) = by_gid(ax, "unreachable-0")
    assert hatched.get_hatch() == "////"  # type: ignore[attr-defined]
    (ring,) = by_gid(ax, "problem")
    assert ring.center == (2.5, 2.5)  # type: ignore[attr-defined]
    assert ring.get_edgecolor() == to_rgba(PROBLEM_COLOR)  # type: ignore[attr-defined]
    (route,) = by_gid(ax, "route-0")
    assert list(route.get_xdata()) == [4.5, 5.5, 6.5, 6.5]  # type: ignore[attr-defined]
    counts = [t.get_text() for t in ax.texts if t.get_gid() == "route-count-0"]
    assert counts == ["3"]  # the sofa square E6 is not counted
    assert "Living\n3 pts" in texts(ax)
    panel_text = texts(panel)
    after = panel_text[panel_text.index("Unreachable") + 1]
    assert after.startswith("  1. Armchair: circulation square B3 is")
    assert "+3" in panel_text and "-3" in panel_text and "Provisional score" in panel_text


def test_mid_game_plan_without_card() -> None:
    fig = plan_figure(small_sheet(current="Bed"), None)
    ax = fig.axes[0]
    assert "Bed: being furnished" not in texts(ax)  # no piece drawn in it yet
    mid = small_sheet(current="Living")
    rooms = tuple(r if r.name != "Living" else type(r)("Living", frozenset(), (), r.path)
                  for r in mid.rooms)
    mid = Sheet(mid.project, rooms, mid.pieces, mid.front_doors, mid.windows,
                current_room="Living")
    ax = plan_figure(mid, None).axes[0]
    assert "Living: being furnished" in texts(ax)
    assert len(by_gid(ax, "current-room")) == 1
    assert by_gid(ax, "problem") == []


def test_example_plan_shows_room_points() -> None:
    from homestaging.scoring import score
    from homestaging.sheetio import read_sheet

    plan = read_sheet(ROOT / "examples" / "tutorial-finished.json")
    ax = plan_figure(plan, score(plan)).axes[0]
    assert {"Kitchen\n9 pts", "Bathroom\n5 pts", "Living room\n10 pts"} <= set(texts(ax))


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_plan_files_are_deterministic(tmp_path: Path, suffix: str) -> None:
    first, second = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
    save_plan(small_sheet(), first, hand_card(True), dpi=30)
    save_plan(small_sheet(), second, hand_card(True), dpi=30)
    assert first.read_bytes() == second.read_bytes()
    magic = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}[suffix]
    assert first.read_bytes().startswith(magic)
    assert b"CreationDate" not in first.read_bytes()


def test_plan_refuses_unknown_extension(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"\.png, \.svg, \.pdf"):
        save_plan(small_sheet(), tmp_path / "plan.jpg")
    assert list(tmp_path.iterdir()) == []


def test_draw_piece_shows_circulation_and_wall_sides() -> None:
    piece = bundled_catalog().piece("kitchen-corner")  # KKK / Koo / Ko. wall n, w
    fig = piece_figure(piece)
    ax = fig.axes[0]
    dots = [p for p in ax.patches if p.get_gid() == "circulation"]
    assert len(dots) == 3 * 4  # three circulation squares, four rotations
    walls = [c for c in ax.collections if c.get_gid() == "wall-side"]
    assert [len(c.get_segments()) for c in walls] == [6, 6, 6, 6]
    assert "Corner kitchen (kitchen-corner) - kitchen, counter" in texts(ax)
    assert [t for t in texts(ax) if t.endswith("°")] == ["0°", "90°", "180°", "270°"]


def test_draw_piece_on_given_axes() -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 4)
    ax.set_ylim(4, 0)
    piece = bundled_catalog().piece("sofa")
    assert draw_piece(piece, ax, rotation=90) is ax
    assert "Sofa" in texts(ax)


def test_save_piece_writes_png(tmp_path: Path) -> None:
    target = tmp_path / "bed.png"
    save_piece(bundled_catalog().piece("bed-double"), target, dpi=30)
    assert target.read_bytes().startswith(b"\x89PNG")


def test_fit_text() -> None:
    assert fit_text("Sofa", 60, 20, largest=8) == ("Sofa", 8, 0)
    text, size, rotation = fit_text("Double vanity unit", 20, 80, largest=8)
    assert (text, rotation) == ("Double vanity unit", 90)
    assert 4 <= size < 8
    assert fit_text("Armchair", 10, 10, largest=8, smallest=4.5) == ("Ar.", 4.5, 0)


def test_svg_and_png_have_fixed_metadata() -> None:
    fig = plan_figure(small_sheet(), None)
    svg = figure_bytes(fig, "svg", title="Test")
    assert b"<dc:date>" not in svg and b"<dc:title>Test</dc:title>" in svg
    with pytest.raises(ValueError, match="png, svg or pdf"):
        figure_bytes(fig, "gif")
