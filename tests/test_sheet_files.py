"""Reading and writing grid JSON sheets (docs/sheet-format.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plans import SPEC_SHEET, changed

from homestaging.core.errors import InputError
from homestaging.core.grid import Edge, cell_names, cells_text, parse_cell, parse_cells
from homestaging.core.layout import layout
from homestaging.core.pieces import ROTATIONS, Placement
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from homestaging.formats.output import dumps_json
from homestaging.formats.projectreader import find_project
from homestaging.formats.sheetreader import parse_sheet, read_sheet
from homestaging.formats.sheetwriter import GRID_KEYS, cover_ranges, sheet_text, sheet_to_json
from homestaging.rules.checks import READER_NOTES, check
from homestaging.scoring.card import score

HERE = Path(__file__).parent
ROOT = HERE.parent
TUTORIAL = find_project("tutorial")


def grid(*rows: str, top: int = 0) -> list[str]:
    """A 16 x 12 grid with ``rows`` drawn from row ``top`` (padded with dots)."""
    result = ["." * 16 for _ in range(12)]
    for index, row in enumerate(rows):
        result[top + index] = row.ljust(16, ".")
    return result


SPEC_EXAMPLE = SPEC_SHEET


def parse(data: dict[str, Any]) -> Any:
    return parse_sheet(data, "s.json", HERE)


def sheet_with(**changes: Any) -> dict[str, Any]:
    return changed(copy.deepcopy(SPEC_EXAMPLE), **changes)


def errors(data: Any) -> list[tuple[str | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(data)
    return [(m.path, m.message) for m in caught.value.messages]


def assert_error(data: dict[str, Any], path: str, fragment: str) -> None:
    found = errors(data)
    assert any(p == path and fragment in m for p, m in found), found


# --------------------------------------------------------------------------- reading


def test_spec_example_reads() -> None:
    sheet = parse(SPEC_EXAMPLE)
    assert sheet.project.id == "tutorial"
    assert sheet.player == "Ada"
    assert [r.name for r in sheet.rooms] == ["Kitchen", "Bathroom", "Living room"]
    assert sheet.rooms[0].cells == frozenset(parse_cells("B2:E4"))
    assert sheet.rooms[1].cells == frozenset(parse_cells("G3:I4"))
    assert sheet.rooms[2].cells == frozenset()
    assert sheet.rooms[0].doors == (Edge((3, 3), "s"),)
    assert [(p.label, p.path, p.id) for p in sheet.pieces] == [
        ("K", "$.furniture_grid[1]", "kitchen-corner"),
        ("t", "$.furniture_grid[1]", "table-2"),
        ("pieces[0]", "$.pieces[0]", "rug-2x3"),
    ]
    corner = sheet.pieces[0].placement
    assert (corner.anchor, corner.rotation, corner.mirror) == ((1, 1), 0, False)
    assert corner.circulation == frozenset({(2, 2), (3, 2), (2, 3)})
    assert sheet.pieces[2].placement.anchor == (9, 5)
    assert sheet.front_doors == (Edge((5, 10), "s"),)
    assert sheet.windows == (Edge((1, 1), "n"),)
    assert sheet.wild_card is not None
    assert sheet.wild_card.pieces == (1,)
    assert sheet.wild_card.effect == "mirror"
    assert sheet.current_room == "Living room"
    assert sheet.project_ref == "tutorial"
    assert sheet.source == "s.json"


def test_read_sheet_from_file(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(SPEC_EXAMPLE))
    sheet = read_sheet(path)
    assert sheet.source == str(path)
    assert len(sheet.pieces) == 3


def test_row_of_wrong_length() -> None:
    rows = grid()
    rows[3] = "." * 15
    assert_error(sheet_with(furniture_grid=rows), "$.furniture_grid[3]",
                 "row 4 has 15 squares, expected 16 (the project's sheet is 16 wide)")


def test_too_few_rows() -> None:
    assert_error(sheet_with(room_grid=grid()[:11]), "$.room_grid",
                 "11 rows, expected 12 (the project's sheet is 12 high)")


def test_unknown_piece_id_in_legend() -> None:
    data = sheet_with(furniture_legend={"K": "kitchen-cornr", "t": {"piece": "table-3"}})
    found = errors(data)
    assert ("$.furniture_legend.K",
            "unknown piece id 'kitchen-cornr' (did you mean 'kitchen-corner'?)") in found
    assert any(p == "$.furniture_legend.t.piece" and "unknown piece id 'table-3'" in m
               for p, m in found)


def test_every_problem_reported_at_once() -> None:
    data = sheet_with(current_room="Attic", pieces=[{"piece": "sofaa", "at": "B2"}])
    data["rooms"][0]["name"] = "Kitchn"
    found = errors(data)
    paths = [p for p, _ in found]
    assert "$.rooms[0].name" in paths
    assert "$.current_room" in paths
    assert "$.pieces[0].piece" in paths


def test_too_many_rows_and_long_row() -> None:
    rows = grid()
    rows[2] = "." * 17
    found = errors(sheet_with(room_grid=[*rows, "." * 16]))
    assert ("$.room_grid", "13 rows, expected 12 (the project's sheet is 12 high); "
            "row 13 on is off the sheet") in found
    assert ("$.room_grid[2]", "row 3 has 17 squares, expected 16 (the project's sheet is 16 "
            "wide); from Q3 on is off the sheet") in found


def test_char_missing_from_legend() -> None:
    data = sheet_with(furniture_grid=grid("", ".KKK..tt", ".Koo..oo", ".Ko", "", "xx"))
    assert errors(data) == [
        ("$.furniture_grid[5]", "'x' at A6 (and 1 more square) is not in furniture_legend")
    ]


def test_room_char_missing_from_legend() -> None:
    data = sheet_with(room_grid=grid("......bbb", "......bzb", top=2))
    assert errors(data) == [("$.room_grid[3]", "'z' at H4 is not in room_legend")]


def test_unknown_room_names() -> None:
    data = sheet_with(room_legend={"b": "Bathrom"}, current_room="Garage")
    data["rooms"][2]["name"] = "Lounge"
    found = errors(data)
    assert ("$.room_legend.b", "no room named 'Bathrom' in project tutorial (did you mean "
            "'Bathroom'?); its rooms are: Kitchen, Bathroom, Living room") in found
    assert any(p == "$.rooms[2].name" and "no room named 'Lounge'" in m for p, m in found)
    assert any(p == "$.current_room" and "no room named 'Garage'" in m for p, m in found)


def test_room_listed_twice() -> None:
    data = sheet_with()
    data["rooms"].append({"name": "Kitchen"})
    assert errors(data) == [
        ("$.rooms[3].name", "room 'Kitchen' is listed twice (first at $.rooms[0])")
    ]


def test_room_drawn_but_not_listed() -> None:
    data = sheet_with(rooms=[{"name": "Kitchen", "cells": ["B2:E4"]}])
    assert_error(data, "$.room_legend.b",
                 "room 'Bathroom' is drawn in room_grid but not listed in rooms")


def test_room_given_both_ways_must_agree() -> None:
    data = sheet_with()
    data["rooms"][1]["cells"] = ["G3:H4"]
    assert errors(data) == [
        ("$.rooms[1].cells", "room 'Bathroom' is given both by cells and by room_grid, and "
         "they differ: only in room_grid: I3, I4")
    ]
    data["rooms"][1]["cells"] = ["G3:I3", "G4:I4"]
    assert parse(data).rooms[1].cells == frozenset(parse_cells("G3:I4"))
    data["rooms"][1]["cells"] = ["G3:I3", "G4:Q4"]  # a square off the sheet: said once
    assert errors(data) == [("$.rooms[1].cells[1]", "G4:Q4 reaches off the 16 x 12 sheet")]


def test_room_cells_off_sheet_and_bad_range() -> None:
    data = sheet_with()
    data["rooms"][0]["cells"] = ["B2:Q4", "C3:B"]
    assert errors(data) == [
        ("$.rooms[0].cells[1]",
         "expected a square such as 'C5' or a range such as 'B2:E4', found \"C3:B\""),
        ("$.rooms[0].cells[0]", "B2:Q4 reaches off the 16 x 12 sheet")]


@pytest.mark.parametrize(("ranges", "off"), [
    (["P12"], []), (["A1:P12"], []), (["P12:A1"], []), (["Q1"], [0]), (["A13"], [0]),
    (["A12:B13"], [0]), (["B2:C3", "O11:Q11", "D4"], [1]), (["P1:P13", "Q12:A1"], [0, 1]),
])
def test_a_range_is_off_the_sheet_when_a_square_of_it_is(ranges: list[str],
                                                          off: list[int]) -> None:
    """Told by the range's bottom-right corner: the same answer as a look at each square."""
    data = sheet_with()
    data["rooms"][0]["cells"] = ranges
    try:
        parse(data)
        messages = []
    except InputError as error:
        messages = [(m.path, m.message) for m in error.messages]
    found = [path for path, message in messages if "reaches off the" in message]
    assert found == [f"$.rooms[0].cells[{index}]" for index in off]


def test_bad_edges() -> None:
    data = sheet_with(windows=[["B2", "n"], ["B2", "up"]])
    data["rooms"][0]["door"] = [["D4", "s"], ["Q1", "e"]]
    found = errors(data)
    assert ("$.rooms[0].door[1]", "edge Q1/e is off the 16 x 12 sheet") in found
    assert any(p == "$.windows[1]" and 'expected an edge such as ["C5", "s"]' in m
               for p, m in found)


def test_edges_on_the_sheet_border_and_door_lists() -> None:
    data = sheet_with(front_door=[["B1", "n"], ["F11", "s"]])
    data["rooms"][0]["door"] = [["D4", "s"], ["Q2", "w"]]
    sheet = parse(data)
    assert sheet.rooms[0].doors == (Edge((3, 3), "s"), Edge((15, 1), "e"))
    assert sheet.front_doors == (Edge((1, 0), "n"), Edge((5, 10), "s"))
    assert sheet.front_door is None
    assert parse(sheet_with(front_door=None)).front_doors == ()
    data = sheet_with()
    data["front_door"] = None
    assert parse(data).front_doors == ()


def test_rug_in_grid_refused() -> None:
    data = sheet_with(furniture_legend={"K": "kitchen-corner", "t": "rug-2x2"}, wild_card=None)
    assert errors(data) == [
        ("$.furniture_legend.t", "rug-2x2 is a rug: rugs lie under other furniture, so they go "
         "in `pieces`, not in furniture_grid")
    ]


def test_ambiguous_orientation_lists_candidates() -> None:
    data = sheet_with(furniture_legend={"K": "kitchen-corner", "t": "table-2"},
                      furniture_grid=grid("", ".KKK", ".Koo", ".Ko", ".........tt"))
    assert errors(data) == [
        ("$.furniture_grid[4]", "'t' at J5-K5 (table-2) fits 2 ways: rotation 0 (circulation "
         "J6-K6); rotation 180 (circulation J4-K4). Mark its circulation squares with 'o' or "
         'give the rotation in furniture_legend, e.g. {"piece": "table-2", "rotation": 0}')
    ]


@pytest.mark.parametrize(
    ("rows", "rotation", "circulation"),
    [
        (("", "......oo", "......tt"), 180, "G2-H2"),
        (("", "......tt", "......oo"), 0, "G3-H3"),
        (("", "......tt", "......o."), 0, "G3-H3"),
        (("......tt", "", ""), 0, "G2-H2"),
        (("", "......tt", ""), 0, "G3-H3"),
        (("......oo", "......tt", "......KK"), 180, "G1-H1"),
    ],
    ids=["marked-above", "marked-below", "half-marked", "other-side-off-sheet",
         "other-side-outside-house", "other-side-under-furniture"],
)
def test_orientation_chosen_by_marks_and_sheet(
    rows: tuple[str, ...], rotation: int, circulation: str
) -> None:
    data = sheet_with(furniture_legend={"t": "table-2", "K": "kitchen-sink"},
                      furniture_grid=grid(*rows), wild_card=None)
    if "KK" not in "".join(rows):
        data["furniture_legend"] = {"t": "table-2"}
    table = next(p for p in parse(data).pieces if p.label == "t").placement
    assert table.rotation == rotation
    assert cells_text(table.circulation) == circulation


def test_no_fit_says_what_was_tried() -> None:
    data = sheet_with(furniture_grid=grid("", ".KKK..tt", ".KooK.oo", ".Ko"))
    assert errors(data) == [
        ("$.furniture_grid[2]", "'K' at E3 (kitchen-corner) does not match the shape of "
         "kitchen-corner (tried rotations 0, 90, 180, 270): it has 1 square, kitchen-corner "
         "has 5")
    ]
    data = sheet_with(furniture_legend={"K": {"piece": "kitchen-corner", "rotation": 90},
                                        "t": {"piece": "table-2", "rotation": 0}})
    assert errors(data) == [
        ("$.furniture_grid[1]", "'K' at B2-D2, B3, B4 (kitchen-corner) does not match the "
         "shape of kitchen-corner (tried rotation 90): it fits with rotation 0")
    ]


def test_touching_pieces_drawn_with_one_letter() -> None:
    data = sheet_with(furniture_grid=grid("", ".tttt", ".oooo"),
                      furniture_legend={"t": "table-2"}, wild_card=None)
    assert errors(data) == [
        ("$.furniture_grid[1]", "'t' at B2-E2 (table-2) does not match the shape of table-2 "
         "(tried rotations 0, 90, 180, 270): it has 4 squares, table-2 has 2; touching "
         "squares of one letter are one piece: draw touching pieces with different letters "
         "(e.g. 'A' for the second one, mapped to table-2 in furniture_legend)")
    ]


def test_fit_with_another_rotation_names_it() -> None:
    data = sheet_with(furniture_grid=grid("", ".KKK", ".ooK", "..oK"), wild_card=None,
                      furniture_legend={"K": {"piece": "kitchen-corner", "rotation": 90,
                                              "mirror": True}})
    assert errors(data) == [
        ("$.furniture_grid[1]", "'K' at B2-D2, D3, D4 (kitchen-corner) does not match the "
         "shape of kitchen-corner (tried rotation 90 mirrored): it fits with rotation 0")
    ]


@pytest.mark.parametrize(("key", "value", "path", "message"), [
    ("windows", [["B2", "n"], ["C2", "n"], ["B1", "s"]], "$.windows[2]",
     "the window B1/s (the same edge as B2/n) is listed twice (also at $.windows[0])"),
    ("front_door", [["F11", "s"], ["F12", "n"]], "$.front_door[1]",
     "the front door F12/n (the same edge as F11/s) is listed twice (also at "
     "$.front_door[0])"),
    ("rooms", [{"name": "Kitchen", "cells": ["B2:E4"], "door": [["D4", "s"], ["D5", "n"]]},
               {"name": "Bathroom", "door": ["G4", "s"]}, {"name": "Living room"}],
     "$.rooms[0].door[1]", "the door D5/n of room Kitchen (the same edge as D4/s) is listed twice "
     "(also at $.rooms[0].door[0])"),
])
def test_an_edge_listed_twice(key: str, value: Any, path: str, message: str) -> None:
    assert errors(sheet_with(**{key: value})) == [(path, message)]


MIRRORED_SOFA = grid("", ".SSSS", ".oooS", "...oS")


def test_mirrored_shape_needs_mirror_or_wild_card() -> None:
    data = sheet_with(furniture_legend={"S": "sofa-corner"}, furniture_grid=MIRRORED_SOFA,
                      wild_card=None, pieces=None)
    assert errors(data) == [
        ("$.furniture_grid[1]", "'S' at B2-E2, E3, E4 (sofa-corner) does not match the shape "
         "of sofa-corner (tried rotations 0, 90, 180, 270): it fits only mirrored; say "
         '"mirror": true in furniture_legend, or name it in wild_card with effect mirror')
    ]
    data["wild_card"] = {"piece": "S", "effect": "mirror"}
    sofa = parse(data).pieces[0].placement
    assert (sofa.anchor, sofa.rotation, sofa.mirror) == ((1, 1), 0, True)
    data["wild_card"] = None
    data["furniture_legend"] = {"S": {"piece": "sofa-corner", "mirror": True}}
    assert parse(data).pieces[0].placement.mirror is True


def test_unmirrored_shape_stays_unmirrored_with_wild_card() -> None:
    data = sheet_with(wild_card={"piece": "K", "effect": "mirror"})
    corner = parse(data).pieces[0].placement
    assert (corner.rotation, corner.mirror) == (0, False)


def test_wild_card_naming() -> None:
    rows = grid("", ".tt..tt", ".oo..oo")
    data = sheet_with(furniture_grid=rows, furniture_legend={"t": "table-2"},
                      wild_card={"piece": "t", "effect": "other-option"})
    sheet = parse(data)
    assert sheet.wild_card is not None
    assert sheet.wild_card.pieces == (0, 1)
    data["wild_card"] = {"piece": 0, "effect": "mirror"}
    sheet = parse(data)
    assert sheet.wild_card is not None
    assert sheet.wild_card.pieces == (2,)
    assert sheet.pieces[2].label == "pieces[0]"


def test_wild_card_errors() -> None:
    assert errors(sheet_with(wild_card={"piece": "z", "effect": "mirror"})) == [
        ("$.wild_card.piece", "'z' is not a character of furniture_legend (it has: K, t)")
    ]
    assert errors(sheet_with(wild_card={"piece": 3, "effect": "mirror"})) == [
        ("$.wild_card.piece", "there is no pieces[3] (pieces has 1 entry)")
    ]
    data = sheet_with(furniture_legend={"K": "kitchen-corner", "t": "table-2", "u": "sofa"})
    data["wild_card"] = {"piece": "u", "effect": "mirror"}
    assert errors(data) == [("$.wild_card.piece", "'u' is not drawn in furniture_grid")]


def test_pieces_entries() -> None:
    data = sheet_with(pieces=[
        {"piece": "sofa", "at": "P12"},
        {"piece": "sofa", "at": "Z40"},
        {"piece": "sofa", "at": "C6", "rotation": 90, "mirror": True},
    ], wild_card=None)
    assert errors(data) == [
        ("$.pieces[0]", "Sofa at P12 reaches off the 16 x 12 sheet (5 square(s) east of "
         "column P and south of row 12)"),
        ("$.pieces[1].at", "Z40 is off the 16 x 12 sheet"),
    ]
    data["pieces"] = data["pieces"][2:]
    sofa = parse(data).pieces[2].placement
    assert (sofa.anchor, sofa.rotation, sofa.mirror) == ((2, 5), 90, True)


def test_outside_house_is_not_an_input_error() -> None:
    data = sheet_with(pieces=[{"piece": "armchair", "at": "A1"}])
    assert parse(data).pieces[2].placement.furniture == frozenset({(0, 0)})


def test_grid_circulation_off_the_sheet() -> None:
    data = sheet_with(furniture_legend={"f": {"piece": "fridge", "rotation": 180}},
                      furniture_grid=grid("f"), wild_card=None)
    assert errors(data) == [
        ("$.furniture_grid[0]", "'f' at A1 (fridge): 1 circulation square(s) of fridge "
         "(Fridge with its furniture at A1, rotation 180) fall off the 16 x 12 sheet")
    ]


# --------------------------------------------------------------------------- writing


def placement_key(placement: Placement) -> tuple[Any, ...]:
    """What a placement means: the piece, where its squares are, its wall sides, mirroring."""
    return (
        placement.piece.id,
        placement.anchor,
        tuple(sorted(placement.furniture)),
        tuple(sorted(placement.circulation)),
        tuple(sorted(placement.wall_sides)),
        placement.mirror,
    )


def extras_key(sheet: Sheet) -> tuple[Any, ...]:
    """Per room holding more pieces than its tokens, its pieces in sheet order: the order
    decides which pieces are the extra ones (``too-many-pieces``)."""
    rooms = layout(sheet).piece_rooms
    found = []
    for spec in sheet.project.rooms:
        held = [i for i, room in enumerate(rooms) if room == spec.name]
        if len(held) > spec.tokens:
            found.append((spec.name, tuple(placement_key(sheet.pieces[i].placement)
                                           for i in held)))
    return tuple(found)


def plan_key(sheet: Sheet) -> tuple[Any, ...]:
    """Everything a sheet's plan means, independent of how it was written down."""
    wild = None
    if sheet.wild_card is not None:
        named = sorted(placement_key(sheet.pieces[i].placement) for i in sheet.wild_card.pieces)
        wild = (tuple(named), sheet.wild_card.effect)
    return (
        sheet.project.id,
        sheet.project_ref or sheet.project.id,
        sheet.player,
        tuple((r.name, tuple(sorted(r.cells)), tuple(d.key for d in r.doors)) for r in sheet.rooms),
        tuple(sorted(placement_key(p.placement) for p in sheet.pieces)),
        tuple(d.key for d in sheet.front_doors),
        tuple(w.key for w in sheet.windows),
        wild,
        sheet.current_room,
        extras_key(sheet),
    )


def round_trip(sheet: Sheet, form: str) -> Sheet:
    """The sheet written in ``form`` and read back (from the sheet's folder, where the
    files it names are)."""
    text = sheet_text(sheet, form)
    folder = Path(sheet.source).parent if sheet.game_ref else HERE
    again = parse_sheet(json.loads(text), str(folder / "again.json"), folder)
    assert plan_key(again) == plan_key(sheet)
    assert sheet_text(again, form) == text, "writing is not stable"
    return again


def example_files() -> list[Path]:
    found = []
    for path in sorted((ROOT / "examples").glob("**/*.json")):
        try:
            data = json.loads(path.read_text())
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("format") == "homestaging-sheet/1":
            found.append(path)
    return found


OWN_SHEETS = sorted((HERE / "sheets").glob("*.json"))


@pytest.mark.parametrize("form", ["grid", "pieces"])
@pytest.mark.parametrize(
    "path", [*example_files(), *OWN_SHEETS], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_round_trip_of_sheet_files(path: Path, form: str) -> None:
    round_trip(read_sheet(path), form)


WRITING = READER_NOTES
"""The reader's notes on how a file is written: converting writes it cleanly."""


def verdict(sheet: Sheet) -> tuple[Any, ...]:
    """What check and score say of a sheet, apart from labels, paths and the reader's
    notes on how the file is written."""
    final = sheet.current_room is None
    card = score(sheet, end_of_game=final, lenient_access=True)
    return (
        sorted((p.code, p.severity, p.cells) for p in check(sheet, end_of_game=final)
               if p.code not in WRITING),
        sorted((p.code, p.severity, p.cells) for p in card.problems if p.code not in WRITING),
        [(room.name, room.points) for room in card.rooms],
        [(bonus.text, bonus.points) for bonus in card.bonuses],
        card.total, card.furniture_count,
    )


# a bathroom with 3 pieces for 2 tokens, listed bottom-up: the shower (last) is the extra
OVER_TOKENS: dict[str, Any] = {
    "format": "homestaging-sheet/1", "project": "tutorial",
    "rooms": [{"name": "Bathroom", "cells": ["B2:G4"], "door": ["G4", "s"]}],
    "pieces": [{"piece": "bathroom-cabinet", "at": "G3", "rotation": 0},
               {"piece": "toilet", "at": "E2", "rotation": 0},
               {"piece": "shower", "at": "B2", "rotation": 0}],
    "front_door": ["E11", "s"], "current_room": "Kitchen",
}


@pytest.mark.parametrize("form", ["grid", "pieces"])
@pytest.mark.parametrize(
    "path", [*example_files(), *OWN_SHEETS], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_convert_keeps_check_and_score(path: Path, form: str) -> None:
    sheet = read_sheet(path)
    there = round_trip(sheet, form)
    back = round_trip(there, "pieces" if form == "grid" else "grid")
    assert verdict(there) == verdict(sheet)
    assert verdict(back) == verdict(sheet)


@pytest.mark.parametrize("form", ["grid", "pieces"])
def test_convert_writes_away_the_slips_the_reader_noticed(form: str) -> None:
    sheet = read_sheet(ROOT / "examples" / "walkthrough" / "turn-2.json")
    assert {note.code for note in sheet.notes} == {"side-as-word", "stray-mark"}
    assert round_trip(sheet, form).notes == ()


@pytest.mark.parametrize("form", ["grid", "pieces"])
def test_convert_keeps_the_extra_pieces_of_a_room(form: str) -> None:
    sheet = parse(OVER_TOKENS)
    [extra] = [p for p in check(sheet, end_of_game=False) if p.code == "too-many-pieces"]
    assert tuple(cell_names(extra.cells)) == ("B2", "C2", "B3", "C3")
    again = round_trip(sheet, form)
    assert verdict(again) == verdict(sheet)
    assert [p.id for p in again.pieces] == ["bathroom-cabinet", "toilet", "shower"]


@pytest.mark.parametrize("form", ["grid", "pieces"])
def test_round_trip_of_spec_example(form: str) -> None:
    again = round_trip(parse(SPEC_EXAMPLE), form)
    assert again.wild_card is not None
    assert again.pieces[again.wild_card.pieces[0]].id == "table-2"


def test_grid_form_output() -> None:
    assert sheet_text(parse(SPEC_EXAMPLE)) == (HERE / "sheets" / "spec-grid.txt") \
        .read_text()


def test_pieces_form_output() -> None:
    out = sheet_to_json(parse(SPEC_EXAMPLE), "pieces")
    assert "furniture_grid" not in out
    assert out["pieces"] == [
        {"piece": "kitchen-corner", "at": "B2", "rotation": 0},
        {"piece": "table-2", "at": "G2", "rotation": 0},
        {"piece": "rug-2x3", "at": "J6", "rotation": 0},
    ]
    assert out["wild_card"] == {"piece": 1, "effect": "mirror"}
    assert out["rooms"][1] == {"name": "Bathroom", "cells": ["G3:I4"], "door": ["G4", "s"]}


def drawn(piece_id: str, at: str, rotation: int = 0, mirror: bool = False) -> DrawnPiece:
    piece = TUTORIAL.catalog.pieces[piece_id]
    return DrawnPiece(Placement(piece, parse_cell(at), rotation, mirror), "x", "$")


def test_legend_characters_reused_and_explicit_only_when_needed() -> None:
    sheet = Sheet(TUTORIAL, pieces=(
        drawn("table-2", "B2"),             # circulation marked below: the bare id reads back
        drawn("table-2", "E2"),             # same value, not touching: same character
        drawn("table-2", "G1", 180),        # touches the one before: the next character
        drawn("sofa", "B6", mirror=True),   # mirrored without the wild card: explicit
        drawn("table-2", "B9"),
        drawn("table-2", "D9"),
    ))
    out = sheet_to_json(sheet)
    assert out["furniture_legend"] == {
        "A": "table-2",
        "B": "table-2",
        "C": {"piece": "sofa", "rotation": 0, "mirror": True},
    }
    assert out["furniture_grid"][:3] == ["......oo........", ".AA.AABB........",
                                         ".oo.oo.........."]
    assert out["furniture_grid"][8:10] == [".AABB...........", ".oooo..........."]
    round_trip(sheet, "grid")


def test_circulation_under_furniture_written_explicitly() -> None:
    sheet = Sheet(TUTORIAL, pieces=(drawn("table-2", "B9"), drawn("table-2", "B10")))
    out = sheet_to_json(sheet)
    assert out["furniture_legend"] == {
        "A": {"piece": "table-2", "rotation": 0, "mirror": False}, "B": "table-2"}
    round_trip(sheet, "grid")


def test_overlapping_pieces_and_rugs_stay_in_pieces() -> None:
    sheet = Sheet(TUTORIAL, pieces=(
        drawn("sofa", "C3"), drawn("armchair", "D3"), drawn("rug-2x2", "C3"),
    ), wild_card=WildCard((2,), "other-option"))
    out = sheet_to_json(sheet)
    assert out["pieces"] == [{"piece": "armchair", "at": "D3", "rotation": 0},
                             {"piece": "rug-2x2", "at": "C3", "rotation": 0}]
    assert out["wild_card"] == {"piece": 1, "effect": "other-option"}
    round_trip(sheet, "grid")
    round_trip(sheet, "pieces")


def test_cover_ranges() -> None:
    cells = set(parse_cells("B2:E4")) | set(parse_cells("C5:D6")) | {(10, 10)}
    assert cover_ranges(cells) == ["B2:E4", "C5:D6", "K11"]
    assert cover_ranges(set(parse_cells("B2:C2")) | set(parse_cells("B3:D3"))) == [
        "B2:C3", "D3"]


def test_sheet_json_text_is_deterministic_and_keeps_grid_rows() -> None:
    text = dumps_json({"furniture_grid": ["..", ".."], "edge": ["C5", "s"]}, width=100,
                      rows=GRID_KEYS)
    assert text == '{\n  "furniture_grid": [\n    "..",\n    ".."\n  ],\n  "edge": ["C5", "s"]\n}\n'


def test_unknown_form() -> None:
    with pytest.raises(ValueError, match="unknown sheet form 'svg'"):
        sheet_to_json(parse(SPEC_EXAMPLE), "svg")


# --------------------------------------------------------------------------- random plans

SIZE = (16, 12)
PIECE_IDS = sorted(TUTORIAL.catalog.pieces)


@st.composite
def random_sheet(draw: st.DrawFn) -> Sheet:
    pieces = []
    for _ in range(draw(st.integers(0, 12))):
        piece = TUTORIAL.catalog.pieces[draw(st.sampled_from(PIECE_IDS))]
        rotation = draw(st.sampled_from(ROTATIONS))
        mirror = draw(st.booleans())
        shape = piece.shape(rotation, mirror)
        x = draw(st.integers(0, SIZE[0] - shape.width))
        y = draw(st.integers(0, SIZE[1] - shape.height))
        pieces.append(DrawnPiece(Placement(piece, (x, y), rotation, mirror), "x", "$"))
    wild = None
    use_wild: bool = draw(st.booleans())
    if pieces and use_wild:
        wild = WildCard((draw(st.integers(0, len(pieces) - 1)),),
                        draw(st.sampled_from(["mirror", "other-option"])))
    rooms = []
    for spec in TUTORIAL.rooms:
        if draw(st.booleans()):
            x0, y0 = draw(st.integers(1, 14)), draw(st.integers(1, 10))
            x1, y1 = draw(st.integers(x0, 14)), draw(st.integers(y0, 10))
            cells = frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
            rooms.append(RoomPlan(spec.name, cells, (Edge((x0, y1), "s"),)))
        else:
            rooms.append(RoomPlan(spec.name))
    current = draw(st.sampled_from([None, *[r.name for r in TUTORIAL.rooms]]))
    return Sheet(TUTORIAL, rooms=tuple(rooms), pieces=tuple(pieces), wild_card=wild,
                 front_doors=(Edge((5, 10), "s"),), current_room=current, player="P",
                 project_ref="tutorial")


@settings(max_examples=150, deadline=None)
@given(random_sheet(), st.sampled_from(["grid", "pieces"]))
def test_random_plans_round_trip(sheet: Sheet, form: str) -> None:
    round_trip(sheet, form)


# --------------------------------------------------------------------------- files and schema


def test_project_by_path_relative_to_sheet(tmp_path: Path) -> None:
    source = (ROOT / "projects" / "00-tutorial.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(source.replace("id: tutorial", "id: mine"))
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(sheet_with(project="mine.yaml")))
    sheet = read_sheet(path)
    assert sheet.project.id == "mine"
    assert sheet.project_ref == "mine.yaml"
    assert sheet_to_json(sheet)["project"] == "mine.yaml"


def test_project_file_errors_are_reported(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("id: broken\n")
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(sheet_with(project="broken.yaml")))
    with pytest.raises(InputError) as caught:
        read_sheet(path)
    messages = caught.value.messages
    assert (messages[0].path, messages[0].message) == (
        "$.project", "the project 'broken.yaml' cannot be used:")
    assert messages[1].file == str(tmp_path / "broken.yaml")
    assert len(messages) > 2


def test_unknown_project() -> None:
    found = errors(sheet_with(project="nothere"))
    assert len(found) == 1
    assert found[0][0] == "$.project"
    assert found[0][1].startswith("unknown project 'nothere': expected a bundled id (tutorial,")


def test_schema_and_meaning_errors_together() -> None:
    data = sheet_with(windows=[["B2", "n"], "B2"], current_room="Garage")
    data["pieces"].append({"piece": "sofa"})
    found = errors(data)
    assert ("$.windows[1]", 'expected a list, found "B2"') in found
    assert ("$.pieces[1]", "missing required key 'at'") in found
    assert any(p == "$.current_room" for p, _ in found)


def test_a_door_written_as_one_word_is_shown_the_edge_form() -> None:
    data = sheet_with(front_door="A6/w")
    data["rooms"][0]["door"] = "K10/w"
    form = ('expected an edge such as ["C5", "s"] (a square and a side: n, e, s or w), '
            'or a list of edges, found ')
    assert errors(data) == [("$.rooms[0].door", form + '"K10/w"'),
                            ("$.front_door", form + '"A6/w"')]


def test_not_a_sheet_is_told_quoting_nothing_of_it() -> None:
    expected = ('not a homestaging sheet: expected a JSON object with "format": '
                '"homestaging-sheet/1"')
    assert errors([1, 2]) == [("$", f"{expected}, found a list")]
    assert errors("root:x:0:0:root:/root:/bin/bash") == [("$", f"{expected}, found text")]
    assert errors({"password": "hunter2", "project": "tutorial"}) == [("$", expected)]
    assert errors({"format": "secret", "project": "tutorial"}) == [
        ("$.format", 'not a homestaging sheet: expected "homestaging-sheet/1"')]
    assert errors({"format": "homestaging-sheet/9", "project": "tutorial"}) == [
        ("$.format", 'not a homestaging sheet: expected "homestaging-sheet/1", found '
         '"homestaging-sheet/9"')]
    assert errors({"format": "homestaging-game/1", "project": "tutorial"}) == [
        ("$.format", 'not a homestaging sheet: expected "homestaging-sheet/1", found '
         '"homestaging-game/1" (homestaging game record)')]


def test_syntax_error_is_located(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text('{"format": "homestaging-sheet/1",\n "project": }')
    with pytest.raises(InputError) as caught:
        read_sheet(path)
    assert (caught.value.messages[0].line, caught.value.messages[0].column) == (2, 13)


def test_read_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    raw = io.BytesIO(json.dumps(SPEC_EXAMPLE).encode())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw))
    sheet = read_sheet("-")
    assert sheet.source == "<stdin>"
    assert len(sheet.pieces) == 3


def test_a_sheet_prints_as_its_grid() -> None:
    """``str(sheet)`` is the plan: a failing test shows the board."""
    sheet = read_sheet(ROOT / "examples" / "tutorial-midgame.json")
    assert str(sheet).splitlines() == [
        "tutorial (16 x 12)",
        "   ABCDEFGHIJKLMNOP",
        " 1",
        " 2  aaaab.....c.dd",
        " 3  a++++.....++dd",
        " 4  a+............",
        *[f"{y:>2}  .............." for y in range(5, 9)],
        " 9  .......ee...+f",
        "10  .......++++++f",
        "11  .........ggfff",
        "12",
        "a S (Corner sofa)", "b L (Floor lamp)", "c W (Toilet)", "d h (Corner shower)",
        "e T (Table for two)", "f K (Corner kitchen)", "g H (Stove)",
    ]
