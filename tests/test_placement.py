"""Legal placements: exact sets on hand-made sheets, the marks, the ranking, and the
bit-mask search held to the rules engine on random sheets."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from homestaging.core.catalog import Card, Catalog
from homestaging.core.grid import Cell, Edge, parse_cell, parse_cells, parse_edge
from homestaging.core.pieces import Piece, Placement, parse_art
from homestaging.core.project import CardSlot, Project, RoomSpec
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from homestaging.formats.catalogreader import bundled_catalog
from homestaging.formats.projectreader import find_project
from homestaging.search.placement import (
    SheetMasks,
    card_pieces,
    legal_keys,
    placements,
    reference_keys,
    target_room,
    why_none,
)
from homestaging.text.report import candidates_json, cut_text, format_candidates

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def piece(piece_id: str, art: str, *, wall: str = "", kind: str = "furniture") -> Piece:
    shape = parse_art(art)
    shape = type(shape)(shape.furniture, shape.circulation, frozenset(wall))
    return Piece(piece_id, piece_id.replace("-", " ").capitalize(), shape, ("test",), kind)


BENCH = piece("bench", "BB")
CHAIR = piece("chair", "Co")
PLANT = piece("plant", "P")
SHELF = piece("shelf", "SS\noo", wall="n")
RUG = piece("rug", "RR\nRR", kind="rug")
TEST_CATALOG = Catalog(
    {p.id: p for p in (BENCH, CHAIR, PLANT, SHELF, RUG)},
    {(1, "a"): Card(1, "a", ("bench", "chair")), (1, "b"): Card(1, "b", ("plant", "shelf")),
     (2, "a"): Card(2, "a", ("rug", "plant")), (2, "b"): Card(2, "b", ("rug", "chair"))},
)


def project(house: Sequence[str], *, width: int, height: int, obstacles: Sequence[str] = (),
            walls: Sequence[tuple[str, str]] = (), tokens: int = 3) -> Project:
    return Project(
        id="test", name="Test", width=width, height=height,
        house=frozenset(c for r in house for c in parse_cells(r)),
        rooms=(RoomSpec("Living", "living", (CardSlot(1, tokens), CardSlot(2, 1))),
               RoomSpec("Bath", "bathroom", (CardSlot(2, 1),))),
        catalog=TEST_CATALOG,
        obstacles=frozenset(c for r in obstacles for c in parse_cells(r)),
        walls=frozenset(parse_edge(list(w)) for w in walls),
    )


def drawn(p: Piece, at: str, rotation: int = 0, index: int = 0) -> DrawnPiece:
    return DrawnPiece(Placement(p, parse_cell(at), rotation), f"pieces[{index}]",
                      f"$.pieces[{index}]")


def keys(*items: tuple[str, int]) -> set[tuple[Cell, int, bool]]:
    return {(parse_cell(at), rotation, False) for at, rotation in items}


def both(sheet: Sheet, p: Piece) -> set[tuple[Cell, int, bool]]:
    """The legal set, after checking that both implementations give it."""
    fast = legal_keys(sheet, p)
    assert fast == reference_keys(sheet, p)
    assert {c.key for c in placements(sheet, p)} == fast
    return fast


# --- exact sets --------------------------------------------------------------------------

ROOM_3X3 = project(["B2:D4"], width=5, height=5, obstacles=["C3"])


def test_bench_in_a_3x3_room_with_an_obstacle() -> None:
    sheet = Sheet(ROOM_3X3, current_room="Living")
    assert both(sheet, BENCH) == keys(
        ("B2", 0), ("C2", 0), ("B4", 0), ("C4", 0),
        ("B2", 90), ("B3", 90), ("D2", 90), ("D3", 90),
    )


def test_circulation_may_not_cover_furniture_nor_be_covered() -> None:
    sheet = Sheet(ROOM_3X3, pieces=(drawn(CHAIR, "B2"),), current_room="Living")
    # the chair: furniture B2, circulation C2; a plant goes on any free square but those
    assert both(sheet, PLANT) == keys(("D2", 0), ("B3", 0), ("D3", 0), ("B4", 0), ("C4", 0),
                                      ("D4", 0))
    # a rug lies on anything but obstacles and other rugs
    assert both(sheet, RUG) == set()  # every 2x2 block of B2:D4 holds the obstacle C3
    wide = Sheet(project(["B2:E4"], width=6, height=5), pieces=(drawn(CHAIR, "B2"),),
                 current_room="Living")
    assert both(wide, RUG) == keys(("B2", 0), ("C2", 0), ("D2", 0), ("B3", 0), ("C3", 0),
                                   ("D3", 0))
    # and furniture stands on a rug: a plant anywhere but the chair's squares
    on_rug = Sheet(wide.project, pieces=(drawn(RUG, "C3"),), current_room="Living")
    assert both(on_rug, PLANT) == keys(*((f"{c}{r}", 0) for c in "BCDE" for r in "234"))


def test_wall_piece_needs_a_wall_standing_before() -> None:
    proj = project(["B2:E4"], width=6, height=5, walls=[("C4", "n"), ("D4", "n")])
    sheet = Sheet(proj, current_room="Living")
    result = both(sheet, SHELF)
    # rotation 0: furniture on the north row against the exterior wall; on row 3 its
    # circulation would be across the pre-drawn wall C3:D3/s
    assert {k for k in result if k[1] == 0} == keys(("B2", 0), ("C2", 0), ("D2", 0))
    # rotation 180: furniture on row 4 would have the pre-drawn wall between it and its
    # circulation; on row 3 it stands against that wall
    assert {k for k in result if k[1] == 180} == keys(("C2", 180))
    # east and west walls; two circulation squares may have a wall between them (D3|D4)
    assert {k for k in result if k[1] == 90} == keys(("D2", 90), ("D3", 90))
    assert {k for k in result if k[1] == 270} == keys(("B2", 270), ("B3", 270))


def test_a_piece_may_not_cross_a_predrawn_wall_nor_enter_a_walled_room() -> None:
    proj = project(["B2:F3"], width=7, height=4, walls=[("C2", "e")])
    bath = RoomPlan("Bath", frozenset(parse_cells("E2:F3")), (Edge(parse_cell("E3"), "w"),),
                    "$.rooms[0]")
    sheet = Sheet(proj, rooms=(bath, RoomPlan("Living", path="$.rooms[1]")),
                  current_room="Living")
    # open squares B2:D3; the wall C2/e splits C2|D2 but not C3|D3
    assert both(sheet, BENCH) == keys(("B2", 0), ("B3", 0), ("C3", 0),
                                      ("B2", 90), ("C2", 90), ("D2", 90))


def test_anchor_free_rules() -> None:
    sheet = Sheet(ROOM_3X3, current_room="Bath")
    assert both(sheet, BENCH) == set()  # not on the bathroom's cards
    full = Sheet(ROOM_3X3, pieces=(drawn(RUG, "B2"),), current_room="Bath")
    assert both(full, RUG) == set()  # one token, one piece already
    assert legal_keys(Sheet(ROOM_3X3, current_room="Living"), bundled_catalog().piece("sofa")) \
        == set()


def test_room_already_over_its_tokens() -> None:
    # Bath: one token, two rugs already; the second (D4:E5) is the extra one
    proj = project(["B2:E5"], width=6, height=6)
    first = DrawnPiece(Placement(RUG, (1, 1)), "pieces[0]", "$.pieces[0]")
    second = DrawnPiece(Placement(RUG, (3, 3)), "pieces[1]", "$.pieces[1]")
    sheet = Sheet(proj, pieces=(first, second), current_room="Bath")
    # a third rug makes the extra squares change unless it lies exactly on the second one,
    # where it overlaps it (rug on rug): nothing is legal
    assert both(sheet, RUG) == set()
    # a plant standing on the extra rug adds no square to the too-many-pieces problem
    assert both(sheet, PLANT) == keys(("D4", 0), ("E4", 0), ("D5", 0), ("E5", 0))


def test_mirrored_placements_use_the_wild_card() -> None:
    ell = piece("ell", "LLL\nLo.")
    catalog = Catalog({**TEST_CATALOG.pieces, "ell": ell},
                      {**TEST_CATALOG.cards, (1, "a"): Card(1, "a", ("ell", "chair"))})
    proj = Project(id="t", name="T", width=4, height=4, house=frozenset(parse_cells("A1:C3")),
                   rooms=(RoomSpec("Living", "living", (CardSlot(1, 2),)),), catalog=catalog)
    free = Sheet(proj, current_room="Living")
    result = both(free, ell)
    assert len({k for k in result if k[2]}) == 4 * 2  # 4 mirrored shapes x 2 anchors
    assert all(c.mirror for c in placements(free, ell, mirror=True))
    assert legal_keys(free, ell, mirror=False) == {k for k in result if not k[2]}
    used = Sheet(proj, current_room="Living", wild_card=WildCard((), "other-option"))
    assert both(used, ell) == {k for k in result if not k[2]}


# --- marks and order ---------------------------------------------------------------------

# house B2:F3, front door B2/w; a chair turned 180 at E2 (circulation E2, furniture F2);
# a one-square bathroom at F3 with its door on its west side (E3)
CORRIDOR = project(["B2:F3"], width=7, height=4)


def corridor_sheet() -> Sheet:
    bath = RoomPlan("Bath", frozenset(parse_cells("F3")), (Edge(parse_cell("F3"), "w"),),
                    "$.rooms[0]")
    chair = DrawnPiece(Placement(CHAIR, parse_cell("E2"), 180), "pieces[0]", "$.pieces[0]")
    return Sheet(CORRIDOR, rooms=(bath, RoomPlan("Living", path="$.rooms[1]")),
                 pieces=(chair,), front_doors=(Edge(parse_cell("B2"), "w"),),
                 current_room="Living")


def test_cuts_off_names_the_piece_and_the_door_it_cuts() -> None:
    sheet = corridor_sheet()
    # chair: circulation E2, furniture F2; Bath is F3 with its door on E3
    assert sheet.pieces[0].placement.circulation == {parse_cell("E2")}
    found = {cell: c for c in placements(sheet, PLANT) for cell in [c.anchor]}
    assert set(found) == set(parse_cells("B2:D2")) | set(parse_cells("B3:E3"))
    assert tuple(map(cut_text, found[parse_cell("B2")].cuts_off)) == (
        "pieces[0] (Chair) at E2", "door of Bath (F3/w) at E3")  # the front door square
    assert tuple(map(cut_text, found[parse_cell("E3")].cuts_off)) == ("door of Bath (F3/w) at E3",)
    assert found[parse_cell("D2")].cuts_off == ()
    assert found[parse_cell("C3")].cuts_off == ()
    # blocking both D2 and D3 cuts both; a bench does that standing at D2, rotation 90
    bench = {c.key: c for c in placements(sheet, BENCH)}
    assert tuple(map(cut_text, bench[(parse_cell("D2"), 90, False)].cuts_off)) == (
        "pieces[0] (Chair) at E2", "door of Bath (F3/w) at E3")
    assert not bench[(parse_cell("D2"), 90, False)].door_possible


def test_door_possible() -> None:
    sheet = corridor_sheet()
    marks = {c.anchor: c for c in placements(sheet, PLANT)}
    assert marks[parse_cell("C2")].door_possible
    # the plant has no circulation; cutting the chair's leaves the room no door
    assert not marks[parse_cell("B2")].door_possible
    chairs = {c.key: c for c in placements(sheet, CHAIR)}
    # chair at B3 facing east (circulation C3) is fine; at C3 rotation 180 its
    # circulation B3 stays linked to the front door square B2
    assert chairs[(parse_cell("B3"), 0, False)].good
    assert chairs[(parse_cell("B3"), 180, False)].good


def test_ranking_puts_good_placements_first_then_joining_the_room_then_contact() -> None:
    sheet = corridor_sheet()
    ranked = placements(sheet, PLANT)
    goods = [c for c in ranked if c.good]
    assert ranked[: len(goods)] == goods
    # D2 lies beside the chair already in the room; E3 (not good) joins it too
    assert [c.anchor for c in ranked] == [
        parse_cell(n) for n in ("D2", "C2", "B3", "C3", "D3", "E3", "B2")]
    assert [c.joins_room for c in ranked] == [True, False, False, False, False, True, False]
    contacts = [c.contact for c in goods]
    assert contacts == sorted(contacts, reverse=True)
    assert placements(sheet, PLANT) == ranked  # deterministic


def test_format_and_json() -> None:
    sheet = corridor_sheet()
    ranked = placements(sheet, PLANT)
    text = format_candidates(ranked, top=2)
    assert text.splitlines()[0] == "  1. plant at D2, rotation 0 (on D2): 1 point"
    assert text.splitlines()[-1] == "     ... 5 more (7 legal placements)"
    assert "cuts off pieces[0] (Chair) at E2; door of Bath (F3/w) at E3; leaves the room no " \
        "door" in format_candidates(ranked, top=None)
    data = candidates_json(ranked, top=1)
    assert data == {"count": 7, "candidates": [{
        "piece": "plant", "at": "D2", "rotation": 0, "mirror": False, "points": 1,
        "cuts_off": [], "door_possible": True, "contact": ranked[0].contact,
        "joins_room": True, "furniture": ["D2"], "circulation": []}]}
    assert format_candidates([]) == "no legal placement\n"


def test_why_none_names_the_anchor_free_reasons() -> None:
    sheet = Sheet(ROOM_3X3, current_room="Living")
    assert why_none(sheet, BENCH) is None
    assert why_none(sheet, RUG, room="Bath") is None
    assert why_none(sheet, BENCH, room="Bath") == (
        "bench is not an option on the furniture cards of Bath (card 2)")
    full = Sheet(ROOM_3X3, pieces=(drawn(RUG, "B2"),), current_room="Bath")
    assert why_none(full, RUG) == "Bath already holds 1 piece, as many as its 1 selection token"
    mirrored = Sheet(ROOM_3X3, current_room="Living", wild_card=WildCard((0,), "other-option"))
    assert why_none(mirrored, BENCH, mirror=True) == (
        "mirroring spends the wild card, which is already used")
    text = format_candidates([], reason=why_none(sheet, BENCH, room="Bath"))
    assert text == ("no legal placement: bench is not an option on the furniture cards of "
                    "Bath (card 2)\n")
    assert candidates_json([], reason="full") == {"count": 0, "candidates": [], "reason": "full"}


def test_target_room_and_card_pieces() -> None:
    proj = find_project("tutorial")
    assert target_room(Sheet(proj)) == "Kitchen"
    kitchen = RoomPlan("Kitchen", frozenset(parse_cells("B2:E4")), (), "$.rooms[0]")
    assert target_room(Sheet(proj, rooms=(kitchen,))) == "Bathroom"
    with pytest.raises(ValueError, match="already walled"):
        target_room(Sheet(proj, rooms=(kitchen,)), "Kitchen")
    with pytest.raises(ValueError, match="no room named 'Attic'"):
        target_room(Sheet(proj), "Attic")
    assert [p.id for p in card_pieces(proj, 1)] == ["bed-bunk", "bed-double", "bed-single",
                                                    "dresser"]
    with pytest.raises(ValueError, match="no card number 99"):
        card_pieces(proj, 99)


# --- fast == reference, on random sheets and on the examples ------------------------------

MINI = Project(
    id="mini", name="Mini", width=9, height=7,
    house=frozenset(parse_cells("B2:H4")) | frozenset(parse_cells("B5:D6")),
    rooms=(RoomSpec("Kitchen", "kitchen", (CardSlot(7, 1), CardSlot(8, 1))),
           RoomSpec("Living", "living", (CardSlot(18, 1), CardSlot(19, 1), CardSlot(32, 1))),
           RoomSpec("Bedroom", "bedroom", (CardSlot(1, 1), CardSlot(6, 2)))),
    catalog=bundled_catalog(), obstacles=frozenset([parse_cell("F3")]),
    walls=frozenset([parse_edge(["D2", "e"]), parse_edge(["D3", "e"]), parse_edge(["C5", "n"])]),
)
PROJECTS = {"mini": MINI, "tiny-house": find_project("tiny-house")}


@st.composite
def sheets(draw: st.DrawFn) -> tuple[Sheet, Piece]:
    proj = PROJECTS[draw(st.sampled_from(sorted(PROJECTS)))]
    names = [spec.name for spec in proj.rooms]
    order = draw(st.permutations(names))
    current = draw(st.sampled_from(order))
    house = sorted(proj.house, key=lambda c: (c[1], c[0]))
    if draw(st.integers(0, 4)) == 0:  # the room being furnished not listed in rooms yet
        order = [name for name in order if name != current]
    plans: list[RoomPlan] = []
    for index, name in enumerate(order):
        cells: frozenset[Cell] = frozenset()
        doors: tuple[Edge, ...] = ()
        if name != current and draw(st.booleans()):
            x0, y0 = draw(st.sampled_from(house))
            w, h = draw(st.integers(1, 4)), draw(st.integers(1, 4))
            cells = frozenset((x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)
                              if (x, y) in proj.house)
            doors = (Edge((x0, y0), draw(st.sampled_from("nesw"))),)
        plans.append(RoomPlan(name, cells, doors, f"$.rooms[{index}]"))
    sheet = Sheet(proj, rooms=tuple(plans), current_room=current)
    catalog = proj.catalog
    spec = proj.room(current)
    assert spec is not None
    options = sorted({o for slot in spec.cards for o in catalog.card_options(slot.number)})
    for _ in range(draw(st.integers(0, 4))):
        chosen = catalog.piece(draw(st.sampled_from(options)))
        legal = sorted(legal_keys(sheet, chosen, mirror=False))
        anywhere = draw(st.integers(0, 3)) == 0
        if legal and not anywhere:
            anchor, rotation, mirror = draw(st.sampled_from(legal))
        else:  # anywhere, legal or not
            anchor = draw(st.sampled_from(house))
            rotation, mirror = draw(st.sampled_from([(0, False), (90, False), (0, True)]))
        index = len(sheet.pieces)
        new = DrawnPiece(Placement(chosen, anchor, rotation, mirror), f"pieces[{index}]",
                         f"$.pieces[{index}]")
        sheet = Sheet(proj, sheet.rooms, (*sheet.pieces, new), current_room=current)
    if draw(st.integers(0, 3)) == 0:
        sheet = Sheet(proj, sheet.rooms, sheet.pieces, current_room=current,
                      wild_card=WildCard((0,), draw(st.sampled_from(["mirror", "other-option"]))))
    if draw(st.booleans()):
        sheet = Sheet(proj, sheet.rooms, sheet.pieces, current_room=current,
                      wild_card=sheet.wild_card, front_doors=(Edge(house[0], "n"),))
    return sheet, catalog.piece(draw(st.sampled_from(options)))


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sheets())
def test_fast_agrees_with_the_rules_on_random_sheets(case: tuple[Sheet, Piece]) -> None:
    sheet, chosen = case
    masks = SheetMasks.build(sheet)
    assert legal_keys(masks, chosen) == reference_keys(sheet, chosen)
    marks = masks.marks  # the shortcut round a piece gives what a full flood fill gives
    for candidate in placements(masks, chosen):
        furniture = sum(1 << (y * masks.width + x) for x, y in candidate.furniture)
        assert marks.after(furniture) == marks.moves.flood(marks.sources,
                                                           marks.walkable & ~furniture)


# the example sheets with a room being furnished (finished sheets have nowhere to place)
MIDGAME_SHEETS = sorted(
    p for p in EXAMPLES.glob("*.json")
    if not p.name.endswith(".expected.json") and json.loads(p.read_text()).get("current_room")
)


def last_room_in_play(path: Path) -> Sheet:
    """A finished example with its last room being furnished again (walls taken down)."""
    from homestaging.formats.sheetreader import read_sheet

    sheet = read_sheet(path)
    last = sheet.rooms[-1]
    rooms = (*sheet.rooms[:-1], RoomPlan(last.name, frozenset(), (), last.path))
    return Sheet(sheet.project, rooms, sheet.pieces, sheet.front_doors, sheet.windows,
                 sheet.wild_card, current_room=last.name)


@pytest.mark.parametrize("name", ["artist-studio", "city-apartment", "cat-lovers"])
def test_fast_agrees_with_the_rules_on_bundled_projects(name: str) -> None:
    """Pre-drawn walls (artist studio), no hallway (city apartment), a project's own cards
    (cat lovers): the room played last, with its pieces, furnished again."""
    sheet = last_room_in_play(EXAMPLES / f"{name}-finished.json")
    masks = SheetMasks.build(sheet)
    catalog = sheet.project.catalog
    spec = sheet.project.room(masks.room)
    assert spec is not None
    options = sorted((catalog.piece(i) for s in spec.cards for i in catalog.card_options(s.number)),
                     key=lambda p: (len(p.orientations), p.id))
    for chosen in options[:2]:
        assert legal_keys(masks, chosen) == reference_keys(sheet, chosen)
    # the room with only its first piece left, and the wild card unused (mirrored tries)
    held = set(masks.room_pieces[1:])
    fewer = dataclasses.replace(sheet, pieces=tuple(
        d for i, d in enumerate(sheet.pieces) if i not in held), wild_card=None)
    for chosen in options[:2]:
        assert legal_keys(fewer, chosen) == reference_keys(fewer, chosen)


def test_there_are_mid_game_examples() -> None:
    assert len(MIDGAME_SHEETS) >= 3


@pytest.mark.parametrize("path", MIDGAME_SHEETS, ids=lambda p: p.name)
def test_fast_agrees_with_the_rules_on_the_examples(path: Path) -> None:
    from homestaging.formats.sheetreader import read_sheet

    sheet = read_sheet(path)
    room = target_room(sheet)
    masks = SheetMasks.build(sheet, room)
    spec = sheet.project.room(room)
    assert spec is not None
    catalog = sheet.project.catalog
    options = [catalog.piece(i) for slot in spec.cards for i in catalog.card_options(slot.number)]
    # the reference runs the rules once per anchor: keep to the piece with the fewest
    # orientations (and every other piece by the bit masks against the ranked list)
    chosen = min(options, key=lambda p: (len(p.orientations), p.id))
    assert legal_keys(masks, chosen) == reference_keys(sheet, chosen, room=room)
    for other in options:
        assert {c.key for c in placements(masks, other)} == legal_keys(masks, other)


@pytest.mark.parametrize("path", MIDGAME_SHEETS, ids=lambda p: p.name)
def test_a_layout_with_pieces_added_equals_one_worked_out_afresh(path: Path) -> None:
    """What the ranking asks for each placement it values: the rooms' geometry reused,
    only the new piece's room worked out, and the same layout as :func:`layout` builds."""
    from homestaging.core.layout import layout, with_pieces
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.search.placement import placements, with_piece

    sheet = read_sheet(path)
    masks = SheetMasks.build(sheet)
    base = masks.lay
    assert base.passages.width == sheet.project.width  # fills the cache shared on
    assert base.wall_masks and base.walls_before_masks(masks.room)  # so do these,
    assert base.furnished <= {spec.name for spec in sheet.project.rooms}  # and this grows
    catalog = sheet.project.catalog
    spec = sheet.project.room(masks.room)
    assert spec is not None
    tried = 0
    for option in sorted({i for slot in spec.cards for i in catalog.card_options(slot.number)}):
        for candidate in placements(masks, catalog.piece(option))[:5]:
            after = with_piece(masks.sheet, candidate.placement)
            quick, fresh = with_pieces(base, after), layout(after)
            assert quick.piece_rooms == fresh.piece_rooms
            assert quick.piece_rooms[-1] == masks.room
            assert (quick.room_at, quick.hallway, quick.walls, quick.openings,
                    quick.room_walls) == (fresh.room_at, fresh.hallway, fresh.walls,
                                          fresh.openings, fresh.room_walls)
            assert (quick.passages, quick.blocked_keys, quick.furnished, quick.furniture_at,
                    quick.circulation) == (fresh.passages, fresh.blocked_keys,
                                           fresh.furnished, fresh.furniture_at,
                                           fresh.circulation)
            assert (quick.wall_masks, quick.exterior_masks, quick.passage_moves,
                    quick.walls_before_masks(masks.room)) == (
                fresh.wall_masks, fresh.exterior_masks, fresh.passage_moves,
                fresh.walls_before_masks(masks.room))
            tried += 1
    assert tried >= 5
    # another sheet (the rooms changed) gets a layout of its own
    other = last_room_in_play(EXAMPLES / "tutorial-finished.json")
    assert with_pieces(base, other).sheet is other
    assert with_pieces(base, other).piece_rooms == layout(other).piece_rooms


def test_a_layout_with_other_doors_equals_one_worked_out_afresh() -> None:
    """The ways to wall a room mostly differ in their doors only: the layout of one
    reuses the squares, walls and pieces' rooms of another's (its passages changed where
    the doors differ), and is the same layout as :func:`layout` builds; a sheet whose
    rooms' squares differ gets one of its own."""
    from homestaging.core.layout import _DOORS_APART, layout, with_doors
    from homestaging.formats.sheetreader import read_sheet

    sheet = read_sheet(EXAMPLES / "tutorial-finished.json")
    base = layout(sheet)
    for name in (*_DOORS_APART, "passages"):  # worked out, to be shared or changed
        getattr(base, name)
    walled = [i for i, plan in enumerate(sheet.rooms) if plan.finalized and plan.doors]
    assert walled
    variants = [dataclasses.replace(sheet, front_doors=())]
    for index in walled:
        plan = sheet.rooms[index]
        other = min((e for e in plan.walls() if e not in plan.doors), key=lambda e: e.key)
        rooms = list(sheet.rooms)
        rooms[index] = dataclasses.replace(plan, doors=(other,))
        variants.append(dataclasses.replace(sheet, rooms=tuple(rooms)))
    for variant in variants:
        quick, fresh = with_doors(base, variant), layout(variant)
        assert quick.sheet is variant and quick.room_at is base.room_at
        assert quick.worked_out("passages")  # the base's, with the doors changed
        assert (quick.room_at, quick.hallway, quick.walls, quick.openings, quick.room_walls,
                quick.piece_rooms) == (fresh.room_at, fresh.hallway, fresh.walls,
                                       fresh.openings, fresh.room_walls, fresh.piece_rooms)
        assert list(quick.openings) == list(fresh.openings)  # the same order too
        assert (quick.blocked_keys, quick.passages, quick.wall_masks, quick.entry_room) == (
            fresh.blocked_keys, fresh.passages, fresh.wall_masks, fresh.entry_room)
        for name in _DOORS_APART:
            assert name in quick.__dict__ and getattr(quick, name) == getattr(fresh, name)
    rooms = list(sheet.rooms)
    rooms[walled[0]] = dataclasses.replace(rooms[walled[0]], cells=frozenset())
    moved = dataclasses.replace(sheet, rooms=tuple(rooms))
    assert with_doors(base, moved).room_at == layout(moved).room_at != base.room_at
    # the same doors, other windows: all that the layout worked out is shared
    for name in ("passage_moves", "blocked_keys", "entry_room"):  # worked out, to be shared
        getattr(base, name)
    windowless = dataclasses.replace(sheet, windows=())
    quick, fresh = with_doors(base, windowless), layout(windowless)
    assert quick.sheet is windowless and quick.openings is base.openings
    assert quick.__dict__.keys() == base.__dict__.keys()
    assert all(value is base.__dict__[name] for name, value in quick.__dict__.items()
               if name != "sheet")
    assert (quick.walls, quick.blocked_keys, quick.passages, quick.entry_room) == (
        fresh.walls, fresh.blocked_keys, fresh.passages, fresh.entry_room)


_KEYS = [(x, y, side) for x in range(-1, 8) for y in range(-1, 6) for side in "nw"]
"""Wall keys on a 7 x 5 sheet, the ones along and off its edge included."""


@given(st.sets(st.sampled_from(_KEYS)), st.sets(st.sampled_from(_KEYS)))
def test_passages_with_walls_changed_are_those_built_afresh(
        before: set[tuple[int, int, str]], after: set[tuple[int, int, str]]) -> None:
    """The passages of a layout whose doors differ are worked out from another's by the
    walls that changed: the tables built afresh, the edge of the sheet barring its steps
    whatever the walls (a front door there opens no step off the sheet)."""
    from homestaging.core.layout import Passages

    was, now = frozenset(before), frozenset(after)
    changed = Passages.build(7, 5, was).changed(now - was, was - now)
    assert changed == Passages.build(7, 5, now)
    assert changed.north[:7] == b"\x01" * 7 and changed.west[0:35:7] == b"\x01" * 5


def test_marks_walk_the_squares_access_walks() -> None:
    """The marks' walkable squares, worked out from the masks, are those of
    ``walkable_squares`` mid-game, at every step of whole games (the tutorial, and the
    studio loft, whose rooms are walkable throughout: lenient access)."""
    from homestaging.core.bitmask import bits
    from homestaging.player.policy import Greedy, apply
    from homestaging.player.state import new_game
    from homestaging.scoring.access import walkable_squares

    greedy = Greedy()
    for project_id in ("tutorial", "studio-loft"):
        project = find_project(project_id)
        state = new_game(project, 1)
        checked = 0
        while not state.walled_all:
            masks = SheetMasks.build(state.sheet)
            expected = bits(walkable_squares(masks.lay, hallway=True), project.width,
                            project.height)
            assert masks.marks.walkable == expected
            checked += 1
            state = apply(state, greedy.choose(state))
        assert checked >= 6
