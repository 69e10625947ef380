"""Plan and piece pictures: the artists drawn, the labels, the key, and byte-identical
files.

No pyplot: figures are drawn on their own canvases (Agg, SVG, PDF). Label rules are
checked on the artists' geometry (their boxes as drawn at 150 dpi), not on pixels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest
from matplotlib.colors import to_rgba
from plans import project, sheet

from homestaging.core.errors import Problem, Severity
from homestaging.core.grid import Cell, cell_name, parse_cell
from homestaging.core.pieces import Piece
from homestaging.core.sheet import Sheet
from homestaging.draw.drawing import figure_bytes, fit_text
from homestaging.draw.piecepics import draw_piece, piece_figure, save_piece
from homestaging.draw.render import FRONT_DOOR_COLOR, PROBLEM_COLOR, plan_figure, save_plan
from homestaging.formats.catalogreader import bundled_catalog
from homestaging.scoring.card import (
    BonusResult,
    Penalty,
    PieceScore,
    RoomScore,
    ScoreCard,
)
from homestaging.search.placement import Candidate

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


def axes(fig: object, label: str) -> object:
    """The figure's axes named ``label`` ("plan", "key", "panel")."""
    (found,) = [ax for ax in fig.axes if ax.get_label() == label]  # type: ignore[attr-defined]
    return found


def parts(fig: object) -> tuple[object, list[str]]:
    """The plan's axes and the panel's lines (every panel column)."""
    panel = [t for ax in fig.axes if ax.get_label() == "panel"  # type: ignore[attr-defined]
             for t in texts(ax)]
    return axes(fig, "plan"), panel


class Drawn(NamedTuple):
    """One shape of a collection (a plan draws each kind of shape as one collection)."""

    path: Any
    hatch: str | None
    edgecolor: tuple[float, ...]

    @property
    def center(self) -> tuple[float, float]:
        box = self.path.get_extents()
        return (round(float(box.x0 + box.x1) / 2, 6), round(float(box.y0 + box.y1) / 2, 6))

    @property
    def radius(self) -> float:
        return float(self.path.get_extents().width / 2)

    def get_hatch(self) -> str | None:
        return self.hatch

    def get_edgecolor(self) -> tuple[float, ...]:
        return self.edgecolor


def by_gid(ax: object, gid: str) -> list[object]:
    """The patches and lines of that gid, and each shape of its collections."""
    found = [p for p in ax.patches if p.get_gid() == gid]  # type: ignore[attr-defined]
    found += [line for line in ax.lines if line.get_gid() == gid]  # type: ignore[attr-defined]
    for group in ax.collections:  # type: ignore[attr-defined]
        if group.get_gid() == gid and not hasattr(group, "get_segments"):
            edges = [tuple(float(v) for v in c) for c in group.get_edgecolor()]
            found += [Drawn(path, group.get_hatch(), edges[i % len(edges)] if edges else ())
                      for i, path in enumerate(group.get_paths())]
    return found


def test_plan_has_coordinates_pieces_and_front_door() -> None:
    fig = plan_figure(small_sheet(), hand_card())
    ax = axes(fig, "plan")
    coordinates = [t.get_text() for t in ax.texts if t.get_gid() == "coordinate"]
    assert coordinates[:3] == ["A", "B", "C"]
    assert "J" in coordinates and "1" in coordinates and "8" in coordinates
    assert [p.center for p in by_gid(ax, "pieces")] == [(1.5, 1.5), (3.5, 5.5)]  # type: ignore
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
    ax, panel_text = parts(fig)
    (hatched,) = by_gid(ax, "unreachable")
    assert hatched.get_hatch() == "////"  # type: ignore[attr-defined]
    letters = [t for t in ax.texts if t.get_gid() == "unreachable-mark"]  # type: ignore
    assert [t.get_text() for t in letters] == ["A"]
    x, y = letters[0].get_position()
    assert (int(x), int(y)) == (1, 1)  # on the armchair's square B2
    (ring,) = by_gid(ax, "problem")
    assert ring.center == (2.5, 2.5)  # type: ignore[attr-defined]
    assert ring.get_edgecolor() == to_rgba(PROBLEM_COLOR)  # type: ignore[attr-defined]
    numbers = [t for t in ax.texts if t.get_gid() == "problem-number"]  # type: ignore
    assert [t.get_text() for t in numbers] == ["1"]
    assert abs(numbers[0].get_position()[0] - 2.5) < 0.5  # at the ring on C3
    (route,) = by_gid(ax, "route-0")
    assert list(route.get_xdata()) == [4.5, 5.5, 6.5, 6.5]  # type: ignore[attr-defined]
    (pins,) = by_gid(ax, "route-pin-0")
    assert list(pins.get_xdata()) == [4.5, 6.5]  # type: ignore[attr-defined]
    counts = [t.get_text() for t in ax.texts if t.get_gid() == "route-count-0"]
    assert counts == ["3"]  # the sofa square E6 is not counted
    assert "Living\n3 pts" in texts(ax)
    after = panel_text[panel_text.index("Unreachable (hatched)") + 1]
    assert after.startswith("  A. Armchair: circulation square B3 is")
    assert any(line.startswith("  1. C3: overlap: the sofa covers the") for line in panel_text)
    assert "+3" in panel_text and "-3" in panel_text and "Provisional score" in panel_text


def test_mid_game_plan_without_card() -> None:
    fig = plan_figure(small_sheet(current="Bed"), None)
    ax = axes(fig, "plan")
    assert "Bed: being furnished" not in texts(ax)  # no piece drawn in it yet
    mid = small_sheet(current="Living")
    rooms = tuple(r if r.name != "Living" else type(r)("Living", frozenset(), (), r.path)
                  for r in mid.rooms)
    mid = Sheet(mid.project, rooms, mid.pieces, mid.front_doors, mid.windows,
                current_room="Living")
    ax = axes(plan_figure(mid, None), "plan")
    assert [t.get_text() for t in ax.texts if t.get_gid() == "current-room-label"] == [
        "Living: being furnished"]
    assert len(by_gid(ax, "current-room")) == 1
    assert by_gid(ax, "problem") == []


def test_example_plan_shows_room_points() -> None:
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import score

    plan = read_sheet(ROOT / "examples" / "tutorial-finished.json")
    ax = axes(plan_figure(plan, score(plan)), "plan")
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
    dots = [len(c.get_paths()) for c in ax.collections if c.get_gid() == "circulation"]
    assert dots == [3, 3, 3, 3]  # three circulation squares, four rotations
    walls = [c for c in ax.collections if c.get_gid() == "wall-side"]
    assert [len(c.get_segments()) for c in walls] == [6, 6, 6, 6]  # type: ignore[attr-defined]
    assert "Corner kitchen (kitchen-corner) - kitchen, counter" in texts(ax)
    assert [t for t in texts(ax) if t.endswith("°")] == ["0°", "90°", "180°", "270°"]
    assert [t.get_text() for t in ax.texts if t.get_gid() == "piece-key"] == [  # type: ignore
        "dots: its circulation, to keep free; thick line: stands against a wall; "
        "hatch it / on the drawing sheet"]
    # each turn hatched as on the drawing sheet
    assert [p.get_hatch() for p in ax.patches if p.get_gid() == "piece-hatch"] == ["///"] * 4


def test_draw_piece_on_given_axes() -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 4)
    ax.set_ylim(4, 0)
    piece = bundled_catalog().piece("sofa")
    assert draw_piece(piece, ax, rotation=90) is ax
    assert "Sofa" in texts(ax)


@pytest.mark.parametrize("one_path", [True, False], ids=["one-path", "lines"])
def test_a_piece_s_empty_squares_are_not_drawn_as_squares(one_path: bool) -> None:
    """The grid runs round the furniture and circulation squares only: a square of the
    art's frame that is neither (the sectional sofa's five) is left blank, so that it
    never looks like a circulation square without its dot."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 4)
    ax.set_ylim(4, 0)
    draw_piece(bundled_catalog().piece("sofa-sectional"), ax, label=False,  # ####/#ooo/#o../#...
               one_path=one_path)
    (grid,) = [c for c in ax.collections if c.get_gid() == "piece-grid"]
    lines = ([path.vertices.tolist() for path in grid.get_paths()] if not one_path else
             grid.get_paths()[0].vertices.reshape(-1, 2, 2).tolist())
    assert sorted(tuple(map(tuple, line)) for line in lines) == [
        ((0, 0), (0, 4)), ((0, 0), (4, 0)), ((0, 1), (4, 1)), ((0, 2), (4, 2)),
        ((0, 3), (2, 3)), ((0, 4), (1, 4)), ((1, 0), (1, 4)), ((2, 0), (2, 3)),
        ((3, 0), (3, 2)), ((4, 0), (4, 2))]


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


def midgame_figure() -> tuple[Sheet, object, list[str]]:
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet

    plan = read_sheet(MIDGAME)
    assert not plan.finished and not plan.front_doors
    checked = check_sheet(plan)
    fig = plan_figure(plan, checked.card, problems=checked.problems)
    ax, lines = parts(fig)
    return plan, ax, lines


def test_midgame_plan_follows_check() -> None:
    _, ax, lines = midgame_figure()
    # no front door yet: no piece is hatched, no square ringed
    patches = ax.patches  # type: ignore[attr-defined]
    assert [p.get_gid() for p in patches if (p.get_gid() or "").startswith("unreachable")] == []
    assert by_gid(ax, "problem") == []
    assert "Score so far (mid-game)" in lines and "Provisional score" not in lines
    assert "  Kids room (being furnished)" in lines
    assert "  Bathroom (not walled yet)" in lines
    assert "  Kitchen (9 pts if connected)" in lines  # the card's points_if_connected
    assert "  Bathroom is empty" not in lines and "-3" not in lines
    assert "Unreachable (hatched)" not in lines
    assert not any(line.startswith("Problems (") for line in lines)
    todo = lines[lines.index("Still to do") + 1:]
    # numbered as check numbers them: nothing broken, so what is still to do is 1 and 2
    # (the bathroom, not played yet, has nothing to do yet)
    assert todo[0] == "  1. the house has no front door yet"  # plain words, as check
    assert [line for line in todo if line.startswith("  2. ")] == [
        "  2. room Kids room is not walled yet"]
    assert lines[lines.index("Total so far") + 1] == "0"


def test_midgame_house_is_neutral_until_every_room_is_walled() -> None:
    plan, ax, _ = midgame_figure()
    from homestaging.core.layout import layout

    lay = layout(plan)
    assert by_gid(ax, "hallway") == []
    (shape,) = by_gid(ax, "unwalled")  # one shape, however large the house
    path = shape.get_path()  # type: ignore[attr-defined]
    unwalled = {(x, y) for x in range(plan.project.width) for y in range(plan.project.height)
                if path.contains_point((x + 0.5, y + 0.5))}
    current = {c for i, d in enumerate(plan.pieces) if lay.piece_rooms[i] == "Kids room"
               for c in d.placement.squares}
    assert unwalled == set(lay.hallway) - current
    (outline,) = by_gid(ax, "current-room")
    assert outline.get_linestyle() == "--"  # type: ignore[attr-defined]
    assert len(by_gid(ax, "current-room-floor")) == 1
    finished = small_sheet()
    assert by_gid(axes(plan_figure(finished, None), "plan"), "unwalled") == []
    assert by_gid(axes(plan_figure(finished, None), "plan"), "hallway") != []


def test_midgame_rooms_say_what_they_would_score_once_connected() -> None:
    from dataclasses import replace

    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet

    plan = read_sheet(MIDGAME)
    checked = check_sheet(plan)
    rooms = [t.get_text() for t in axes(plan_figure(plan, checked.card), "plan").texts
             if t.get_gid() == "room-label"]
    # not a misleading "0 pts": what each walled room is worth once connected
    assert "Kitchen\n9 pts if connected" in rooms
    assert not any("0 pts" in text for text in rooms)
    # a figure given by the caller wins over the card's
    fig = plan_figure(plan, checked.card, if_connected={"Kitchen": 10, "Living room": 11})
    ax, lines = parts(fig)
    rooms = [t.get_text() for t in ax.texts if t.get_gid() == "room-label"]  # type: ignore
    assert "Kitchen\n10 pts if connected" in rooms
    assert "Living room\n11 pts if connected" in rooms
    assert "  Kitchen (10 pts if connected)" in lines
    # without the figure, the room says it is not connected yet
    bare = replace(checked.card, rooms=tuple(replace(room, points_if_connected=None)
                                             for room in checked.card.rooms))
    rooms = [t.get_text() for t in axes(plan_figure(plan, bare), "plan").texts
             if t.get_gid() == "room-label"]
    assert "Kitchen\nnot connected yet" in rooms


def test_midgame_hatches_only_where_access_is_known() -> None:
    from dataclasses import replace

    card = hand_card(unreachable=True)
    plan = small_sheet(current="Bed")  # Living walled, Bed being furnished, front door G7
    assert not plan.finished
    ax, lines = parts(plan_figure(plan, card))
    assert len(by_gid(ax, "unreachable")) == 1
    assert "Unreachable (hatched)" in lines
    ax, lines = parts(plan_figure(replace(plan, front_doors=()), card))
    assert by_gid(ax, "unreachable") == []
    assert "Unreachable (hatched)" not in lines


def test_midgame_rings_errors_and_lists_todo() -> None:
    plan = small_sheet(current="Bed")
    todo = Problem("room-not-finalized", Severity.TODO, "room Bed is not walled yet", "Bed",
                   named("F2"), "$.rooms[1]")
    error = Problem("overlap", Severity.ERROR, "the sofa covers the armchair at C3",
                    "pieces[1]", named("C3"), "$.pieces[1]")
    ax, lines = parts(plan_figure(plan, hand_card(), problems=[todo, error]))
    assert [ring.center for ring in by_gid(ax, "problem")] == [(2.5, 2.5)]  # type: ignore
    assert [t.get_text() for t in ax.texts if t.get_gid() == "problem-number"] == [
        "1"]  # type: ignore[attr-defined]
    assert "Problems (1 error, ringed red)" in lines
    todo = lines[lines.index("Still to do") + 1:]
    assert todo[0] == "  2. F2: room Bed is not walled yet"


def test_finished_plan_keeps_final_reading() -> None:
    plan = small_sheet()
    assert plan.finished
    ax, lines = parts(plan_figure(plan, hand_card(unreachable=True)))
    assert "Provisional score" in lines and "Total" in lines and "Still to do" not in lines
    assert "Problems (1 error, ringed red)" in lines
    assert len(by_gid(ax, "unreachable")) == 1


# -- labels: inside their places, on nothing else -------------------------------------


#: the texts a plan places (its coordinates are outside the grid and not counted)
LABELS = ("piece-label-", "room-label", "current-room-label", "feature-label", "route-count-",
          "unreachable-mark", "problem-number", "ghost-number-")


def label_boxes(fig: object, ax: object) -> list[tuple[str, str, tuple[float, ...]]]:
    """(gid, text, box) of every label on the plan, the box in squares as drawn at
    150 dpi: the text's box, or its background box when it has one."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig.set_dpi(150)  # type: ignore[attr-defined]
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[arg-type]
    fig.draw(renderer)  # type: ignore[attr-defined]
    inverse = ax.transData.inverted()  # type: ignore[attr-defined]
    found = []
    for text in ax.texts:  # type: ignore[attr-defined]
        gid = text.get_gid() or ""
        if not gid.startswith(LABELS):
            continue
        artist = text.get_bbox_patch() or text
        extent = artist.get_window_extent(renderer).transformed(inverse)
        x0, x1 = sorted((extent.x0, extent.x1))
        y0, y1 = sorted((extent.y0, extent.y1))
        found.append((gid, text.get_text(), (x0, y0, x1, y1)))
    return found


def label_squares(ax: object, text: object) -> set[tuple[int, int]]:
    """The squares under a label's box (its padding included)."""
    import math

    fig = ax.get_figure()  # type: ignore[attr-defined]
    box = next(b for gid, t, b in label_boxes(fig, ax)
               if t == text.get_text() and gid == text.get_gid())  # type: ignore[attr-defined]
    return {(x, y) for x in range(math.floor(box[0]), math.ceil(box[2]))
            for y in range(math.floor(box[1]), math.ceil(box[3]))}


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 and b[1] < a[3] - 1e-3


def _covers(box: tuple[float, ...], dot: tuple[float, float], radius: float) -> bool:
    x = min(max(dot[0], box[0]), box[2])
    y = min(max(dot[1], box[1]), box[3])
    return (x - dot[0]) ** 2 + (y - dot[1]) ** 2 < radius ** 2 - 1e-6


EXAMPLES = sorted(p.name for p in (ROOT / "examples").glob("*.json")
                  if not p.name.endswith(".expected.json"))


@pytest.mark.parametrize("name", EXAMPLES)
def test_labels_cover_no_label_and_no_dot(name: str) -> None:
    """On every example, finished or in play: no two label boxes overlap, and no label
    covers a circulation dot (every example has a free place for each)."""
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet

    plan = read_sheet(ROOT / "examples" / name)
    checked = check_sheet(plan)
    fig = plan_figure(plan, checked.card, problems=checked.problems)
    ax = axes(fig, "plan")
    boxes = label_boxes(fig, ax)
    assert len([b for b in boxes if b[0].startswith("piece-label-")]) == len(plan.pieces)
    dots: list[Any] = by_gid(ax, "circulation")
    assert dots or name.startswith("tutorial-midgame") is False
    for index, (gid, text, box) in enumerate(boxes):
        for other_gid, other, other_box in boxes[index + 1:]:
            assert not _overlap(box, other_box), (gid, text, other_gid, other)
        for dot in dots:
            assert not _covers(box, dot.center, dot.radius), (gid, text, dot.center)


def test_room_labels_lie_inside_their_rooms() -> None:
    from homestaging.core.layout import layout

    plan, ax, _ = midgame_figure()
    rooms = {room.name: room.cells for room in plan.rooms if room.finalized}
    labels = [t for t in ax.texts if t.get_gid() == "room-label"]  # type: ignore[attr-defined]
    assert len(labels) == len(rooms) == 3
    lay = layout(plan)
    free = set(lay.furniture_at) | lay.circulation
    for text in labels:
        name = next(n for n in rooms if text.get_text().startswith(n.split()[0]))
        under = label_squares(ax, text)
        assert under <= rooms[name], (name, sorted(under - rooms[name]))
        assert not under & free, (name, sorted(under & free))
    master = next(t for t in labels if t.get_text().startswith("Master"))
    assert master.get_text() == "Master bedroom\n15 pts if connected"
    assert master.get_rotation() == 90  # up the free column B2:B7


def test_current_room_label_lies_beside_its_pieces() -> None:
    plan, ax, _ = midgame_figure()
    (label,) = [t for t in ax.texts if t.get_gid() == "current-room-label"]  # type: ignore
    assert label.get_text() == "Kids room: being furnished"
    from homestaging.core.layout import layout

    lay = layout(plan)
    area = {c for i, d in enumerate(plan.pieces) if lay.piece_rooms[i] == "Kids room"
            for c in d.placement.squares}
    under = label_squares(ax, label)
    assert under <= set(lay.hallway)  # squares not walled yet
    assert not under & (set(lay.furniture_at) | lay.rug_squares | lay.circulation)
    distance = min(abs(x - ax_) + abs(y - ay) for x, y in under for ax_, ay in area)
    assert distance <= 2


def test_crowded_rooms_keep_their_names_and_pieces_are_shortened_with_a_key() -> None:
    """The tiny house's sleeping nook has no free square: its name goes over its bed,
    small, and the bed's name is shortened, the short name listed under the panel."""
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet

    plan = read_sheet(ROOT / "examples" / "tiny-house-finished.json")
    checked = check_sheet(plan)
    fig = plan_figure(plan, checked.card, problems=checked.problems)
    ax, lines = parts(fig)
    labels = {t.get_gid() + ":" + t.get_text() for t in ax.texts}  # type: ignore
    assert "room-label:Sleeping nook\n3 pts" in labels
    bed = next(i for i, d in enumerate(plan.pieces) if d.placement.piece.id == "bed-single")
    (short,) = [t.get_text() for t in ax.texts  # type: ignore[attr-defined]
                if t.get_gid() == f"piece-label-{bed}"]
    assert short != "Single bed"
    assert f"  {short} = Single bed" in lines[lines.index("Short names on the plan") + 1:]


def test_problem_rings_are_numbered_as_check_lists_them() -> None:
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet
    from homestaging.text.report import numbered

    plan = read_sheet(ROOT / "examples" / "mistakes.json")
    checked = check_sheet(plan)
    ax = axes(plan_figure(plan, checked.card, problems=checked.problems), "plan")
    badges = {t.get_text(): t.get_position() for t in ax.texts  # type: ignore[attr-defined]
              if t.get_gid() == "problem-number"}
    expected = {str(n): p.cells[0] for n, p in numbered(checked.problems)
                if p.severity == "error"}
    assert sorted(badges) == sorted(expected) == ["1", "2", "3", "4", "5"]
    for number, (x, y) in badges.items():
        cx, cy = expected[number]
        assert abs(x - (cx + 0.5)) <= 0.75 and abs(y - (cy + 0.5)) <= 0.75, number


def test_every_plan_has_a_key_to_its_marks() -> None:
    from homestaging.draw.render import plan_marks

    plan = small_sheet()
    card = hand_card(unreachable=True)
    fig = plan_figure(plan, card)
    shown = [t.get_text() for t in axes(fig, "key").texts  # type: ignore[attr-defined]
             if not t.get_gid().startswith("key-sample-")]
    assert shown[0] == "Key"
    assert plan_marks(plan, card) == ("wall", "hallway", "circulation", "front-door", "door",
                                      "window", "route", "unreachable", "error")
    assert shown[1:] == ["Wall", "Hallway", "Circulation space (keep free)", "Front door",
                         "Door of a room", "Window", "Bonus route, squares counted",
                         "Unreachable piece (scores 0)", "Problem, numbered as in the list"]
    bare = axes(plan_figure(small_sheet(current="Bed"), None), "key")
    assert "Not walled yet" in texts(bare) and "Hallway" not in texts(bare)


def test_label_placement_grows_with_the_squares_not_their_square() -> None:
    """A 120 x 120 house of five rooms places its labels without looking at every
    rectangle of every room: the window search visits each room's squares a bounded
    number of times."""
    from homestaging.draw import labels

    calls = []
    original = labels._FreeWindows.nearest

    def counted(self: object, w: int, h: int, target: tuple[float, float]) -> object:
        calls.append((w, h))
        return original(self, w, h, target)  # type: ignore[arg-type]

    plan = big_sheet(120)
    try:
        labels._FreeWindows.nearest = counted  # type: ignore[method-assign]
        ax = axes(plan_figure(plan, None), "plan")
    finally:
        labels._FreeWindows.nearest = original  # type: ignore[method-assign]
    assert len([t for t in ax.texts if t.get_gid() == "room-label"]) == 5  # type: ignore
    assert len(calls) <= 5 * 12


def big_sheet(size: int) -> Sheet:
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    import tempfile

    import bench_scale  # type: ignore[import-not-found]

    from homestaging.formats.sheetreader import read_sheet

    with tempfile.TemporaryDirectory() as folder:
        return read_sheet(bench_scale.write_case(Path(folder), size, size, False))


@pytest.mark.parametrize(("paper", "size"), [("a4", (841.89, 595.28)),
                                             ("letter", (792.0, 612.0))])
def test_pdf_plan_is_one_page_of_paper(tmp_path: Path, paper: str, size: tuple[float, ...]
                                       ) -> None:
    import re

    target = tmp_path / "plan.pdf"
    save_plan(small_sheet(), target, hand_card(), paper=paper)
    data = target.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 1
    (box,) = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert (round(float(box[0]), 1), round(float(box[1]), 1)) == (
        round(size[0], 1), round(size[1], 1))


# -- placement previews: small multiples ---------------------------------------------------


def bunk_candidates() -> tuple[Sheet, list[tuple[Piece, list[Candidate]]]]:
    from dataclasses import replace

    from homestaging.formats.sheetreader import read_sheet
    from homestaging.search.placement import placements, target_room

    plan = read_sheet(MIDGAME)
    bunk = plan.project.catalog.pieces["bed-bunk"]
    return replace(plan, current_room=target_room(plan)), [(bunk, placements(plan, bunk))]


def tiles(fig: object) -> list[object]:
    return sorted((ax for ax in fig.axes  # type: ignore[attr-defined]
                   if ax.get_label().startswith("plan-")), key=lambda ax: ax.get_label())


def test_previews_are_one_small_plan_per_candidate() -> None:
    from homestaging.draw.previews import placements_figure

    plan, found = bunk_candidates()
    fig = placements_figure(plan, found, top=3)
    candidates = found[0][1]
    plans = tiles(fig)
    assert [ax.get_label() for ax in plans] == ["plan-1", "plan-2", "plan-3"]  # type: ignore
    for number, (ax, candidate) in enumerate(zip(plans, candidates, strict=False), 1):
        (fill,) = by_gid(ax, f"ghost-{number}")
        assert fill.get_alpha() < 0.5  # type: ignore[attr-defined]
        assert [p.get_gid() for p in ax.patches  # type: ignore[attr-defined]
                if (p.get_gid() or "").startswith("ghost-outline")] == [f"ghost-outline-{number}"]
        (badge,) = [t for t in ax.texts  # type: ignore[attr-defined]
                    if (t.get_gid() or "").startswith("ghost-number-")]
        x, y = badge.get_position()
        assert badge.get_text() == str(number)
        assert (int(x), int(y)) in candidate.furniture
        dots = by_gid(ax, f"ghost-circulation-{number}")
        assert len(dots) == len(candidate.circulation)
        # the drawn sheet itself is unchanged: no piece added
        assert len(by_gid(ax, "pieces")) == len(
            [d for d in plan.pieces if not d.placement.piece.is_rug])
    captions = texts(axes(fig, "captions"))
    assert captions[0] == "Bunk bed in Kids room: the best 3 of " f"{len(candidates)} legal " \
        "placements, best first"
    first = candidates[0]
    assert captions[1] == f"1. Bunk bed at {cell_name(first.anchor)}, rotation {first.rotation}"
    assert captions[2].startswith(f"+{first.points} points")
    assert "Candidate placement" in texts(axes(fig, "key"))


def test_previews_at_most_six_and_per_piece() -> None:
    from homestaging.draw.previews import placements_figure

    plan, found = bunk_candidates()
    assert len(tiles(placements_figure(plan, found, top=0))) == 6
    assert len(tiles(placements_figure(plan, found, top=40))) == 6
    catalog = plan.project.catalog
    card = [*found, (catalog.pieces["bed-double"], []), found[0]]
    fig = placements_figure(plan, card, per_piece=True, card=1,
                            reasons=["", "no room for it", ""])
    plans = tiles(fig)
    assert [ax.get_label() for ax in plans] == ["plan-1", "plan-2", "plan-3"]  # type: ignore
    assert by_gid(plans[1], "ghost-2") == []
    captions = texts(axes(fig, "captions"))
    assert captions[0] == "Card 1: the best placement of each piece in Kids room"
    assert "2. Double bed" in captions
    assert "no legal placement: no room for it" in captions
    with pytest.raises(ValueError, match="no legal placement"):
        placements_figure(plan, [(catalog.pieces["bed-double"], [])])


def test_preview_captions_name_the_marks() -> None:
    from dataclasses import replace

    from homestaging.draw.previews import tile_caption
    from homestaging.search.placement import Cut

    plan, found = bunk_candidates()
    piece, candidates = found[0]
    best = candidates[0]
    width = plan.project.width
    kitchen = Cut("K (Corner kitchen)", 1 << (4 * width + 2) | 1 << (4 * width + 3), width)
    bad = replace(best, cuts_off=(kitchen,),
                  door_possible=False, mirror=True)
    head, line, warn = tile_caption(2, piece, bad)
    assert head.startswith("2. Bunk bed at ")
    assert line == (f"+{best.points} points; cuts off K (Corner kitchen) at C5-D5; leaves the "
                    "room no door; mirrored (wild card)")
    assert warn
    assert tile_caption(3, piece, None, "no room") == ("3. Bunk bed",
                                                       "no legal placement: no room", True)


def test_placement_files_are_deterministic(tmp_path: Path) -> None:
    from homestaging.draw.previews import save_placements

    plan, found = bunk_candidates()
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    save_placements(plan, first, found, top=3, dpi=40)
    save_placements(plan, second, found, top=3, dpi=40)
    assert first.read_bytes() == second.read_bytes()


def test_drawing_cost_does_not_grow_with_artists_per_piece(tmp_path: Path) -> None:
    """A plan and a pencilled drawing sheet of many pieces hold as many artists as one of
    a few hundred: one collection per kind of shape, words past a few hundred as one
    collection of letter outlines (issue 36: 10 000 one-square plants took minutes)."""
    from bigsheets import write_plants

    from homestaging.draw.drawing import MANY_HATCHED
    from homestaging.draw.drawsheet import filled_figure
    from homestaging.draw.wordpaths import MAX_TEXTS
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import check_sheet

    counts = []
    for count in (MAX_TEXTS + 50, 4 * MAX_TEXTS):
        folder = tmp_path / str(count)
        folder.mkdir()
        plan = read_sheet(write_plants(folder, count, side=80))
        checked = check_sheet(plan)
        ax = axes(plan_figure(plan, checked.card, problems=checked.problems), "plan")
        # past a few hundred, one compound path a colour (every plant's room is the
        # same: one), then all the outlines as one path, over them
        (fills,) = [group for group in ax.collections if group.get_gid() == "pieces"]
        (edges,) = [group for group in ax.collections if group.get_gid() == "pieces-outlines"]
        assert [int((path.codes == path.MOVETO).sum()) for path in fills.get_paths()] == [count]
        assert [int((path.codes == path.MOVETO).sum()) for path in edges.get_paths()] == [count]
        assert list(fills.get_edgecolor()) == [] and list(edges.get_facecolor()) == []
        # no room is reached: every piece hatched; past MANY_HATCHED, as one path
        hatched = [shape.path for shape in by_gid(ax, "unreachable")]  # type: ignore[attr-defined]
        outlines = [int((path.codes == path.MOVETO).sum()) for path in hatched]
        assert outlines == ([count] if count > MANY_HATCHED else [1] * count)
        pencilled = sum(len(page.get_children()) for page in filled_figure(plan).axes)
        counts.append((len(ax.get_children()), pencilled))
    (plan_few, sheet_few), (plan_many, sheet_many) = counts
    assert plan_many <= plan_few + 10  # a few more room words and problem numbers at most
    assert sheet_many == sheet_few
