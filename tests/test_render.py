"""Plan and piece pictures: the artists drawn, the labels, and byte-identical files.

No pyplot: figures are drawn on their own canvases (Agg, SVG, PDF).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.colors import to_rgba
from plans import project, sheet

from homestaging.catalogreader import bundled_catalog
from homestaging.drawing import draw_piece, figure_bytes, fit_text, piece_figure, save_piece
from homestaging.errors import Problem, Severity
from homestaging.grid import Cell, parse_cell
from homestaging.pieces import Piece
from homestaging.placement import Candidate
from homestaging.render import FRONT_DOOR_COLOR, PROBLEM_COLOR, plan_figure, save_plan
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
    rooms: list[tuple[str, list[str] | None, list[tuple[str, str]]]] = [
        ("Living", ["B2:E7"], [("E4", "e")]), ("Bed", ["F2:I5"], [("G5", "s")])]
    if current:
        rooms[1] = ("Bed", None, [])
    return sheet(proj, [("armchair", "B2"), ("sofa", "C6", 0)], rooms,
                 front=[("G7", "s")], windows=[("B2", "n")], current=current)


def named(*names: str) -> tuple[Cell, ...]:
    return tuple(parse_cell(name) for name in names)


def hand_card(unreachable: bool = False) -> ScoreCard:
    pieces = (
        PieceScore(0, "armchair", "Armchair", "pieces[0]", "Living", named("B2"), 0 if unreachable
                   else 1, not unreachable, "circulation square B3 is cut off" if unreachable
                   else ""),
        PieceScore(1, "sofa", "Sofa", "pieces[1]", "Living", named("C6", "D6", "E6"), 3, True),
    )
    rooms = (RoomScore("Living", True, 3 if unreachable else 4, False, "", pieces),
             RoomScore("Bed", True, 0, True, "", ()))
    bonus = BonusResult("+2 if the sofa is near the front door", 2, True, "3 squares",
                        (((4, 5), (5, 5), (6, 5), (6, 6)),), named("E6"))
    problem = Problem("overlap", Severity.ERROR, "the sofa covers the armchair at C3",
                      "pieces[1]", named("C3"), "$.pieces[1]")
    return ScoreCard("test", "Ada", rooms, (bonus,), (Penalty("empty room Bed", -3, "Bed"),),
                     3, 2, (problem,), True)


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
    assert [t.get_text() for t in ax.texts if t.get_gid() == "current-room-label"] == [
        "Living\nbeing furnished"]
    assert len(by_gid(ax, "current-room")) == 1
    assert by_gid(ax, "problem") == []


def test_example_plan_shows_room_points() -> None:
    from homestaging.scoring import score
    from homestaging.sheetreader import read_sheet

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
    assert [len(c.get_segments()) for c in walls] == [6, 6, 6, 6]  # type: ignore[attr-defined]
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


# -- mid-game sheets -------------------------------------------------------------------


MIDGAME = ROOT / "examples" / "family-home-midgame.json"


def midgame_figure() -> tuple[Sheet, object, object]:
    from homestaging.scoring import score
    from homestaging.sheetreader import read_sheet

    plan = read_sheet(MIDGAME)
    assert not plan.finished and not plan.front_doors
    fig = plan_figure(plan, score(plan, end_of_game=False))
    return plan, fig.axes[0], fig.axes[1]


def test_midgame_plan_follows_check() -> None:
    _, ax, panel = midgame_figure()
    # no front door yet: no piece is hatched, no square ringed
    patches = ax.patches  # type: ignore[attr-defined]
    assert [p.get_gid() for p in patches if (p.get_gid() or "").startswith("unreachable")] == []
    assert by_gid(ax, "problem") == []
    lines = texts(panel)
    assert "Score so far (mid-game)" in lines and "Provisional score" not in lines
    assert "  Kids room (being furnished)" in lines
    assert "  Bathroom (not walled yet)" in lines
    assert "  Bathroom is empty" not in lines and "-3" not in lines
    assert "Unreachable" not in lines
    assert not any(line.startswith("Problems (") for line in lines)
    todo = lines[lines.index("Still to do") + 1:]
    assert todo[0].startswith("  front-door-count: ")
    assert sum(line.startswith("  room-not-finalized: ") for line in todo) == 2
    assert lines[lines.index("Total so far") + 1] == "0"


def test_midgame_hatches_only_where_access_is_known() -> None:
    from dataclasses import replace

    card = hand_card(unreachable=True)
    plan = small_sheet(current="Bed")  # Living walled, Bed being furnished, front door G7
    assert not plan.finished
    ax, panel = plan_figure(plan, card).axes
    assert len(by_gid(ax, "unreachable-0")) == 1
    assert "Unreachable" in texts(panel)
    ax, panel = plan_figure(replace(plan, front_doors=()), card).axes
    assert by_gid(ax, "unreachable-0") == []
    assert "Unreachable" not in texts(panel)


def test_midgame_rings_errors_and_lists_todo() -> None:
    plan = small_sheet(current="Bed")
    todo = Problem("room-not-finalized", Severity.TODO, "room Bed is not walled yet", "Bed",
                   named("F2"), "$.rooms[1]")
    error = Problem("overlap", Severity.ERROR, "the sofa covers the armchair at C3",
                    "pieces[1]", named("C3"), "$.pieces[1]")
    ax, panel = plan_figure(plan, hand_card(), problems=[todo, error]).axes
    assert [ring.center for ring in by_gid(ax, "problem")] == [(2.5, 2.5)]  # type: ignore
    lines = texts(panel)
    assert "Problems (1 error, ringed red)" in lines
    assert lines[lines.index("Still to do") + 1:] == [
        "  F2: room-not-finalized: room Bed is not walled", "  yet"]


def test_finished_plan_keeps_final_reading() -> None:
    plan = small_sheet()
    assert plan.finished
    ax, panel = plan_figure(plan, hand_card(unreachable=True)).axes
    lines = texts(panel)
    assert "Provisional score" in lines and "Total" in lines and "Still to do" not in lines
    assert "Problems (1 error, ringed red)" in lines
    assert len(by_gid(ax, "unreachable-0")) == 1


# -- labels inside their rooms --------------------------------------------------------


def label_squares(ax: object, text: object) -> set[tuple[int, int]]:
    """The squares under a label's box (its padding included)."""
    import math

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = ax.get_figure()  # type: ignore[attr-defined]
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    text.draw(renderer)  # type: ignore[attr-defined]
    patch = text.get_bbox_patch()  # type: ignore[attr-defined]
    box = patch.get_window_extent(renderer).transformed(
        ax.transData.inverted())  # type: ignore[attr-defined]
    x0, x1 = sorted((box.x0, box.x1))
    y0, y1 = sorted((box.y0, box.y1))
    return {(x, y) for x in range(math.floor(x0), math.ceil(x1))
            for y in range(math.floor(y0), math.ceil(y1))}


def test_room_labels_lie_inside_their_rooms() -> None:
    from homestaging.layout import layout

    plan, ax, _ = midgame_figure()
    rooms = {room.name: room.cells for room in plan.rooms if room.finalized}
    labels = [t for t in ax.texts if t.get_gid() == "room-label"]  # type: ignore[attr-defined]
    assert len(labels) == len(rooms) == 3
    furniture = set(layout(plan).furniture_at)
    for text in labels:
        name = next(n for n in rooms if text.get_text().startswith(n.split()[0]))
        under = label_squares(ax, text)
        assert under <= rooms[name], (name, sorted(under - rooms[name]))
        x, y = text.get_position()
        assert (int(x - 0.01), int(y - 0.01)) not in furniture or (int(x), int(y)) not in furniture
    master = next(t for t in labels if t.get_text().startswith("Master"))
    assert master.get_text() == "Master bedroom\n0 pts, 15 pts if connected"


def test_current_room_label_lies_in_its_area() -> None:
    plan, ax, _ = midgame_figure()
    (label,) = [t for t in ax.texts if t.get_gid() == "current-room-label"]  # type: ignore
    assert label.get_text() == "Kids room\nbeing furnished"
    from homestaging.layout import layout

    lay = layout(plan)
    area = {c for i, d in enumerate(plan.pieces) if lay.piece_rooms[i] == "Kids room"
            for c in d.placement.squares}
    under = label_squares(ax, label)
    assert under <= area and not under & (set(lay.furniture_at) | lay.rug_squares)


def test_label_place_falls_back_to_the_middle_square() -> None:
    from homestaging.render import label_place

    cells = frozenset((x, y) for x in range(3) for y in range(3))
    x, y, text, size = label_place(cells, cells, ["Bathroom"], 20.0, largest=9.0)
    assert (x, y, text) == (1.5, 1.5, "Bathroom")
    assert 0 < size < 9.0
    x, y, text, size = label_place(cells, cells - {(0, 2), (1, 2), (2, 2)},
                                   ["Long room name", "Long room\nname"], 20.0, largest=9.0)
    assert (x, y) == (1.5, 2.5)  # the free bottom row
    assert text in ("Long room name", "Long room\nname") and 4 < size <= 9.0


# -- placements ghosted ------------------------------------------------------------------


def bunk_candidates() -> tuple[Sheet, list[tuple[Piece, list[Candidate]]]]:
    from dataclasses import replace

    from homestaging.placement import placements, target_room
    from homestaging.sheetreader import read_sheet

    plan = read_sheet(MIDGAME)
    bunk = plan.project.catalog.pieces["bed-bunk"]
    return replace(plan, current_room=target_room(plan)), [(bunk, placements(plan, bunk))]


def test_placements_are_ghosted_and_numbered() -> None:
    from homestaging.render import GHOST_COLOR, placements_figure

    plan, found = bunk_candidates()
    ax, panel = placements_figure(plan, found, top=3).axes
    candidates = found[0][1]
    numbers = [(t.get_text(), t.get_position()) for t in ax.texts
               if (t.get_gid() or "").startswith("ghost-number-")]
    assert [n for n, _ in numbers] == ["1", "2", "3"]
    for (_, (x, y)), candidate in zip(numbers, candidates[:3], strict=True):
        assert (int(x), int(y)) in candidate.furniture
    fills = by_gid(ax, "ghost-1")
    outlines = by_gid(ax, "ghost-outline-1")
    assert len(fills) == len(outlines) == 1
    assert fills[0].get_alpha() < 0.5  # type: ignore[attr-defined]
    assert outlines[0].get_linestyle() == (0, (4, 2))  # type: ignore[attr-defined]
    assert outlines[0].get_edgecolor()[:3] == to_rgba(GHOST_COLOR)[:3]  # type: ignore
    dots = by_gid(ax, "ghost-circulation-1")
    assert len(dots) == len(candidates[0].circulation)
    assert all(d.get_facecolor()[3] == 0 for d in dots)  # type: ignore[attr-defined]
    # the drawn sheet itself is unchanged: no piece added
    assert len([p for p in ax.patches if (p.get_gid() or "").startswith("piece-")]) == len(
        [d for d in plan.pieces if not d.placement.piece.is_rug])
    assert "  1-3: best placements of Bunk bed" in texts(panel)


def test_placements_at_most_five_and_per_piece() -> None:
    from homestaging.render import placements_figure

    plan, found = bunk_candidates()
    ax = placements_figure(plan, found, top=0).axes[0]
    assert sorted(t.get_text() for t in ax.texts
                  if (t.get_gid() or "").startswith("ghost-number-")) == ["1", "2", "3", "4", "5"]
    catalog = plan.project.catalog
    card = [*found, (catalog.pieces["bed-double"], []), found[0]]
    ax, panel = placements_figure(plan, card, per_piece=True).axes
    assert sorted(t.get_text() for t in ax.texts
                  if (t.get_gid() or "").startswith("ghost-number-")) == ["1", "3"]
    assert texts(panel)[-3:] == ["  1: best placement of Bunk bed",
                                 "  2: Double bed has no legal placement",
                                 "  3: best placement of Bunk bed"]
    with pytest.raises(ValueError, match="no legal placement"):
        placements_figure(plan, [(catalog.pieces["bed-double"], [])])


def test_placement_files_are_deterministic(tmp_path: Path) -> None:
    from homestaging.render import save_placements

    plan, found = bunk_candidates()
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    save_placements(plan, first, found, top=3, dpi=40)
    save_placements(plan, second, found, top=3, dpi=40)
    assert first.read_bytes() == second.read_bytes()
