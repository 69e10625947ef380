"""Each rule code of docs/rules.md: code, severity, squares and path, exactly."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import pytest
from plans import PieceSpec, record, sheet

from homestaging.core.game import GameRecord
from homestaging.core.grid import cell_names, parse_edge
from homestaging.core.project import Project
from homestaging.core.sheet import Sheet
from homestaging.formats.projectreader import find_project
from homestaging.formats.sheetreader import parse_sheet
from homestaging.rules.checks import RULES, check
from homestaging.text.report import problem_line

TUTORIAL = find_project("tutorial")
CITY = find_project("city-apartment")

# (name, ranges or None, doors)
RoomSpec = tuple[str, Sequence[str] | None, Sequence[tuple[str, str]]]
Expected = list[tuple[str, tuple[str, ...], str]]  # (severity, cells, path)


def make(
    pieces: Sequence[PieceSpec] = (),
    rooms: Sequence[RoomSpec] = (),
    *,
    front: Sequence[tuple[str, str]] = (("F11", "s"),),
    windows: Sequence[tuple[str, str]] = (),
    wild: tuple[tuple[int, ...], str] | None = None,
    current: str | None = None,
    project: Project = TUTORIAL,
    game: GameRecord | None = None,
) -> Sheet:
    """A tutorial sheet from short specs; pieces get paths ``$.pieces[i]``."""
    return sheet(project, pieces, rooms, front=front, windows=windows, wild=wild,
                 current=current, game=game)


# A finished, legal tutorial plan: kitchen and bathroom on the west side, a hallway in
# columns F-H (H6 is the chimney), the living room on the east side.
ROOMS: list[RoomSpec] = [
    ("Kitchen", ["B2:E6"], [("E4", "e")]),
    ("Bathroom", ["B7:E11"], [("E9", "e")]),
    ("Living room", ["I2:O11"], [("I9", "w")]),
]
PIECES: list[PieceSpec] = [
    ("kitchen-corner", "B2"),  # furniture B2-D2, B3, B4; circulation C3-D3, C4
    ("stove", "B6", 0),  # wall n at B6: no wall there -> only used in variants
    ("toilet", "B7"),  # against the kitchen's south wall, finalized earlier
    ("sofa", "I10", 180),  # circulation I10-K10, furniture I11-K11
    ("plant-small", "O2"),
]
LEGAL = [p for i, p in enumerate(PIECES) if i != 1]

# The no-hallway special rule (city apartment, house B2:O10): the front door
# D10/s opens into the living room, the entry room; every other room opens into it.
CITY_ROOMS: list[RoomSpec] = [
    ("Living room", ["B2:H10"], []),
    ("Kitchen", ["I2:O4"], [("I4", "w")]),
    ("Bedroom", ["I5:O7"], [("I6", "w")]),
    ("Bathroom", ["I8:O10"], [("I9", "w")]),
]

# The game of LEGAL: every card of the tutorial dealt as variant a, every room played.
DEALT = {7: "a", 8: "a", 10: "a", 13: "a", 14: "a", 18: "a", 19: "a", 20: "a"}
PLAYED = [
    ("Kitchen", [(7, ["kitchen-corner"]), (8, ["stove"]), (10, ["kitchen-island"])]),
    ("Bathroom", [(13, ["toilet"]), (14, ["shower"])]),
    ("Living room", [(18, ["sofa"]), (19, ["plant-small"]), (20, ["armchair", "armchair"])]),
]
GAME = record(DEALT, PLAYED)


def grid(rows: dict[int, str]) -> list[str]:
    """A 16 x 12 furniture grid, empty but for the rows given."""
    return [rows.get(y, "." * 16) for y in range(12)]


def read(**entries: object) -> Sheet:
    """A mid-game tutorial sheet read from JSON (the reader's notes included): the
    kitchen being furnished, a front door at F11/s, and ``entries`` on top."""
    data: dict[str, object] = {
        "format": "homestaging-sheet/1", "project": "tutorial",
        "rooms": [{"name": "Kitchen"}, {"name": "Bathroom"}, {"name": "Living room"}],
        "front_door": ["F11", "s"], "current_room": "Kitchen", **entries}
    return parse_sheet(data, "case.json", Path.cwd())


def found(sheet: Sheet, code: str, final: bool | None = None) -> Expected:
    return [(p.severity, tuple(cell_names(p.cells)), p.path)
            for p in check(sheet, end_of_game=final) if p.code == code]


def test_the_legal_plan_has_no_problem() -> None:
    sheet = make(LEGAL, ROOMS)
    assert sheet.finished
    assert check(sheet) == []


def test_every_rule_has_a_description() -> None:
    assert len(RULES) == 30
    assert all(text.endswith(".") for text in RULES.values())


CASES: list[tuple[str, str, Sheet, Expected]] = [
    # overlap ------------------------------------------------------------------------------
    ("overlap", "furniture-on-furniture",
     make([("kitchen-corner", "B2"), ("table-2", "C2")], current="Kitchen"),
     [("error", ("C2", "D2"), "$.pieces[1]")]),
    ("overlap", "rug-on-rug",
     make([("rug-2x2", "J3"), ("rug-2x2", "K3")], current="Living room"),
     [("error", ("K3", "K4"), "$.pieces[1]")]),
    ("overlap", "furniture-on-rug-is-fine",
     make([("rug-2x2", "J3"), ("armchair", "J3")], current="Living room"), []),
    ("overlap", "one-problem-per-earlier-piece",
     make([("plant-small", "J3"), ("plant-small-2", "K3"), ("sofa", "J3")],
          current="Living room"),
     [("error", ("J3",), "$.pieces[2]"), ("error", ("K3", "L3"), "$.pieces[2]")]),
    # covers-circulation -----------------------------------------------------------------------
    ("covers-circulation", "furniture-on-earlier-circulation",
     make([("kitchen-corner", "B2"), ("fridge", "C3")], current="Kitchen"),
     [("error", ("C3",), "$.pieces[1]")]),
    ("covers-circulation", "circulation-on-earlier-furniture",
     make([("fridge", "C3"), ("kitchen-corner", "B2")], current="Kitchen"),
     [("error", ("C3",), "$.pieces[1]")]),
    ("covers-circulation", "circulation-on-circulation-is-fine",
     make([("kitchen-corner", "B2"), ("armchair", "D3", 90)], current="Kitchen"), []),
    ("covers-circulation", "rug-on-circulation-is-fine",
     make([("sofa", "J3"), ("rug-2x2", "J4")], current="Living room"), []),
    # covers-obstacle ----------------------------------------------------------------------
    ("covers-obstacle", "furniture",
     make([("armchair", "H6")], current="Living room"), [("error", ("H6",), "$.pieces[0]")]),
    ("covers-obstacle", "circulation",
     make([("armchair", "H5")], current="Living room"), [("error", ("H6",), "$.pieces[0]")]),
    # outside-house ------------------------------------------------------------------------
    ("outside-house", "beyond-the-exterior-wall",
     make([("armchair", "A3")], current="Living room"),
     [("error", ("A3", "A4"), "$.pieces[0]")]),
    ("outside-house", "circulation-only",
     make([("armchair", "C11")], current="Living room"), [("error", ("C12",), "$.pieces[0]")]),
    # crosses-wall -------------------------------------------------------------------------
    ("crosses-wall", "furniture-astride-a-room-wall",
     make([*LEGAL, ("table-2", "E3")], ROOMS),
     [("error", ("E3", "F3", "F4"), "$.pieces[4]")]),
    ("crosses-wall", "current-room-piece-reaching-into-a-walled-room",
     make([("armchair", "C6", 180)], ROOMS[:1], current="Bathroom"),
     [("error", ("C6", "C7"), "$.pieces[0]")]),
    # needs-wall ---------------------------------------------------------------------------
    ("needs-wall", "no-wall-yet",
     make([("stove", "C4")], current="Kitchen"), [("error", ("C4", "D4"), "$.pieces[0]")]),
    ("needs-wall", "against-the-exterior-wall",
     make([("stove", "C2")], current="Kitchen"), []),
    ("needs-wall", "own-room-walls-do-not-count",
     make([("kitchen-corner", "B2"), ("stove", "B5", 180)], ROOMS[:1], current="Bathroom"),
     [("error", ("B6", "C6"), "$.pieces[1]")]),
    ("needs-wall", "earlier-room-walls-count",
     make([("toilet", "B7")], ROOMS[:1], current="Bathroom"), []),
    ("needs-wall", "both-sides-of-a-corner-piece",
     make([("kitchen-corner", "C3")], current="Kitchen"),
     [("error", ("C3", "D3", "E3", "C4", "C5"), "$.pieces[0]")]),
    # mirror-without-wild-card -------------------------------------------------------------
    ("mirror-without-wild-card", "no-wild-card",
     make([("kitchen-corner", "B2", 0, True)], current="Kitchen"),
     [("error", ("B2", "C2", "D2", "D3", "D4"), "$.pieces[0]")]),
    ("mirror-without-wild-card", "wild-card-on-it",
     make([("kitchen-corner", "B2", 0, True)], current="Kitchen", wild=((0,), "mirror")), []),
    # wild-card-twice ----------------------------------------------------------------------
    ("wild-card-twice", "second-mirror",
     make([("kitchen-corner", "B2", 0, True), ("sofa-corner", "J3", 0, True)],
          current="Kitchen", wild=((0,), "mirror")),
     [("error", ("J3", "K3", "L3", "M3", "M4", "M5"), "$.pieces[1]")]),
    ("wild-card-twice", "mirror-after-other-option",
     make([("kitchen-corner", "B2", 0, True)], current="Kitchen", wild=((0,), "other-option")),
     [("error", ("B2", "C2", "D2", "D3", "D4"), "$.pieces[0]")]),
    ("wild-card-twice", "names-two-pieces",
     make([("plant-small", "J3"), ("plant-small", "L3")], current="Living room",
          wild=((0, 1), "other-option")),
     [("error", ("J3", "L3"), "$.wild_card")]),
    # not-on-room-cards --------------------------------------------------------------------
    ("not-on-room-cards", "bed-in-the-kitchen",
     make([("bed-single", "C3")], current="Kitchen"),
     [("error", ("C3", "C4", "C5"), "$.pieces[0]")]),
    ("not-on-room-cards", "room-not-in-the-project",
     make([("armchair", "C3")], current="Garage"), [("error", ("C3",), "$.pieces[0]")]),
    ("not-on-room-cards", "other-option-does-not-help",
     make([("bed-single", "C3")], current="Kitchen", wild=((0,), "other-option")),
     [("error", ("C3", "C4", "C5"), "$.pieces[0]")]),
    ("not-on-room-cards", "pieces-on-the-hallway-are-not-judged-here",
     make([*LEGAL, ("bed-single", "G3")], ROOMS), []),
    # too-many-pieces ----------------------------------------------------------------------
    ("too-many-pieces", "three-pieces-two-tokens",
     make([("toilet", "B7"), ("toilet", "C7"), ("washbasin", "D7")],
          [ROOMS[0], ("Bathroom", None, [])], current="Bathroom"),
     [("error", ("D7",), "$.rooms[1]")]),
    ("too-many-pieces", "rugs-count",
     make([("plant-small", "J3"), ("plant-small", "K3"), ("armchair", "L3"),
           ("sofa", "J6"), ("rug-2x2", "J9")], current="Living room"),
     [("error", ("J9", "K9", "J10", "K10"), "$.current_room")]),
    # variant-not-dealt (with a game record) -------------------------------------------------
    ("variant-not-dealt", "corner-kitchen-of-card-7a-when-7b-was-dealt",
     make(LEGAL, ROOMS, game=record({**DEALT, 7: "b"}, [
         ("Kitchen", [(7, ["kitchen-u"]), (8, ["stove"]), (10, ["kitchen-island"])]),
         *PLAYED[1:]])),
     [("error", ("B2", "C2", "D2", "B3", "B4"), "$.pieces[0]")]),
    # not-selected (with a game record) --------------------------------------------------------
    ("not-selected", "two-plants-for-one-token",
     make([*LEGAL, ("plant-small", "N2")], ROOMS, game=GAME),
     [("error", ("N2",), "$.pieces[4]")]),
    ("not-selected", "the-other-option-without-the-wild-card",
     make(LEGAL, ROOMS, game=record(DEALT, [
         ("Kitchen", [(7, ["counter-straight"]), (8, ["stove"]), (10, ["kitchen-island"])]),
         *PLAYED[1:]])),
     [("error", ("B2", "C2", "D2", "B3", "B4"), "$.pieces[0]")]),
    ("not-selected", "the-other-option-with-the-wild-card",
     make(LEGAL, ROOMS, wild=((0,), "other-option"), game=record(DEALT, [
         ("Kitchen", [(7, ["counter-straight"]), (8, ["stove"]), (10, ["kitchen-island"])]),
         *PLAYED[1:]])), []),
    ("not-selected", "cards-not-recorded-yet",
     make(LEGAL[:2], ROOMS[:2], current="Living room", game=record(DEALT, [
         *PLAYED[:2], ("Living room", [(18, ["sofa"])])])),
     [("todo", (), "$.game.rounds[2]")]),
    ("not-selected", "a-piece-waits-for-its-card",
     make(LEGAL, ROOMS[:2], current="Living room", game=record(DEALT, PLAYED[:2])),
     [("todo", ("I11", "J11", "K11"), "$.pieces[2]"), ("todo", ("O2",), "$.pieces[3]"),
      ("todo", (), "$.game.rounds")]),
    # room-order (with a game record) ------------------------------------------------------
    ("room-order", "bathroom-played-first",
     make(LEGAL, ROOMS, game=record(DEALT, [PLAYED[1], PLAYED[0], PLAYED[2]])),
     [("error", (), "$.rooms[0]"), ("error", (), "$.rooms[1]")]),
    ("room-order", "furnishing-the-wrong-room",
     make(LEGAL[:1], ROOMS[:1], current="Living room", game=record(DEALT, PLAYED[:2])),
     [("error", (), "$.current_room")]),
    # rooms-overlap ------------------------------------------------------------------------
    ("rooms-overlap", "shared-square",
     make(rooms=[ROOMS[0], ("Bathroom", ["E6:E11", "B7:D11"], [("E9", "e")]), ROOMS[2]]),
     [("error", ("E6",), "$.rooms[1].cells")]),
    # room-split ---------------------------------------------------------------------------
    ("room-split", "two-parts",
     make(rooms=[("Kitchen", ["B2:E5", "B7"], [("E4", "e")])], current="Bathroom"),
     [("error", ("B7",), "$.rooms[0].cells")]),
    # door-count ---------------------------------------------------------------------------
    ("door-count", "no-door",
     make(rooms=[("Kitchen", ["B2:E6"], [])], current="Bathroom"),
     [("error", (), "$.rooms[0].door")]),
    ("door-count", "two-doors",
     make(rooms=[("Kitchen", ["B2:E6"], [("E4", "e"), ("E2", "e")])], current="Bathroom"),
     [("error", ("E2", "F2", "E4", "F4"), "$.rooms[0].door")]),
    ("door-count", "unwalled-room-needs-none-yet",
     make(rooms=[("Kitchen", None, [])], current="Kitchen"), []),
    # door-not-on-room ---------------------------------------------------------------------
    ("door-not-on-room", "door-inside-the-room",
     make(rooms=[("Kitchen", ["B2:E6"], [("C3", "s")])], current="Bathroom"),
     [("error", ("C3", "C4"), "$.rooms[0].door")]),
    # hallway-not-empty --------------------------------------------------------------------
    ("hallway-not-empty", "armchair-in-the-hallway",
     make([*LEGAL, ("armchair", "G3")], ROOMS), [("error", ("G3", "G4"), "$.pieces[4]")]),
    ("hallway-not-empty", "circulation-leaking-out-of-a-room",
     make([*LEGAL, ("armchair", "E3", 270)], ROOMS), [("error", ("F3",), "$.pieces[4]")]),
    ("hallway-not-empty", "current-room-pieces-are-exempt",
     make([("armchair", "J3")], ROOMS[:2], current="Living room"), []),
    # hallway-cut-off ----------------------------------------------------------------------
    ("hallway-cut-off", "pocket-inside-a-room",
     make(rooms=[("Kitchen", ["B2:E2", "B3", "D3:E3", "B4:E6"], [("E4", "e")]),
                 *ROOMS[1:]]),
     [("warning", ("C3",), "$.rooms")]),
    ("hallway-cut-off", "no-front-door-yet",
     make(rooms=[("Kitchen", ["B2:E2", "B3", "D3:E3", "B4:E6"], [("E4", "e")])],
          front=(), current="Bathroom"),
     [("warning", ("C3",), "$.rooms")]),
    # door-not-on-hallway ------------------------------------------------------------------
    ("door-not-on-hallway", "door-into-another-room",
     make(rooms=[("Kitchen", ["B2:E6"], [("C6", "s")]), *ROOMS[1:]]),
     [("error", ("C6", "C7"), "$.rooms[0].door")]),
    ("door-not-on-hallway", "door-onto-the-street",
     make(rooms=[*ROOMS[:1], ("Bathroom", ["B7:E11"], [("C11", "s")]), ROOMS[2]]),
     [("error", ("C11", "C12"), "$.rooms[1].door")]),
    ("door-not-on-hallway", "front-door-into-a-room",
     make(rooms=ROOMS, front=[("C11", "s")]), [("error", ("C11", "C12"), "$.front_door")]),
    # door-not-on-entry-room (no-hallway projects) -------------------------------------------
    ("door-not-on-entry-room", "a-chain-of-rooms",
     make(rooms=[CITY_ROOMS[0], CITY_ROOMS[1], ("Bedroom", ["I5:O7"], [("L5", "n")]),
                 CITY_ROOMS[3]], front=[("D10", "s")], project=CITY),
     [("error", ("L4", "L5"), "$.rooms[2].door")]),
    # front-door-count ---------------------------------------------------------------------
    ("front-door-count", "none-yet",
     make(rooms=ROOMS[:1], front=(), current="Bathroom"), [("todo", (), "$.front_door")]),
    ("front-door-count", "none-at-the-end",
     make(rooms=ROOMS, front=()), [("error", (), "$.front_door")]),
    ("front-door-count", "two",
     make(rooms=ROOMS, front=[("F11", "s"), ("G2", "n")]),
     [("error", ("G1", "G2", "F11", "F12"), "$.front_door")]),
    # front-door-not-exterior --------------------------------------------------------------
    ("front-door-not-exterior", "inside-the-house",
     make(rooms=ROOMS, front=[("G5", "s")]), [("error", ("G5", "G6"), "$.front_door")]),
    # window-not-exterior ------------------------------------------------------------------
    ("window-not-exterior", "second-window-inside",
     make(rooms=ROOMS, windows=[("B2", "n"), ("C3", "e")]),
     [("error", ("C3", "D3"), "$.windows[1]")]),
    # room-not-finalized -------------------------------------------------------------------
    ("room-not-finalized", "mid-game",
     make(rooms=[ROOMS[0], ("Bathroom", None, [])], current="Bathroom"),
     [("todo", (), "$.rooms[1].cells"), ("todo", (), "$.rooms")]),
    # current-room-walled ------------------------------------------------------------------
    ("current-room-walled", "kitchen-walled-still-current",
     make(rooms=[ROOMS[0], ("Bathroom", None, [])], current="Kitchen"),
     [("warning", (), "$.current_room")]),
    ("current-room-walled", "every-room-walled", make(LEGAL, ROOMS, current="Living room"),
     [("warning", (), "$.current_room")]),
    ("current-room-walled", "being-furnished", make(rooms=ROOMS[:2], current="Living room"), []),
    # the reader's notes -------------------------------------------------------------------
    ("capital-o", "marks-of-a-table", read(
        furniture_grid=grid({7: "...........TT...", 8: "...........OO..."}),
        furniture_legend={"T": "table-2"}),
     [("warning", ("L9", "M9"), "$.furniture_grid[8]")]),
    ("capital-o", "a-piece-in-the-legend", read(
        furniture_grid=grid({7: "...........TT...", 8: "...........oo...", 10: "O......."
                             "........"}),
        furniture_legend={"T": "table-2", "O": "plant-small"}), []),
    ("side-as-word", "door-front-door-window", read(
        rooms=[{"name": "Kitchen", "cells": ["B2:E6"], "door": ["E4", "east"]},
               {"name": "Bathroom"}],
        front_door=["F11", "South"], windows=[["B2", "n"], ["B3", "WEST"]],
        current_room="Bathroom"),
     [("warning", ("E4", "F4"), "$.rooms[0].door"), ("warning", ("F11", "F12"), "$.front_door"),
      ("warning", ("A3", "B3"), "$.windows[1]")]),
    ("stray-mark", "two-places", read(
        furniture_grid=grid({2: ".......oo.......", 7: "...........TT...",
                             8: "...........oo.o."}),
        furniture_legend={"T": "table-2"}),
     [("warning", ("H3", "I3"), "$.furniture_grid[2]"),
      ("warning", ("O9",), "$.furniture_grid[8]")]),
    ("stray-mark", "circulation-of-a-listed-piece", read(
        furniture_grid=grid({8: "...........oo..."}),
        pieces=[{"piece": "table-2", "at": "L8"}]), []),
    ("marks-contradict-rotation", "table-turned-by-the-legend", read(
        furniture_grid=grid({7: "...........TT...", 8: "...........oo..."}),
        furniture_legend={"T": {"piece": "table-2", "rotation": 180}}),
     [("warning", ("L9", "M9"), "$.furniture_grid[7]")]),
    ("marks-contradict-rotation", "legend-agrees", read(
        furniture_grid=grid({7: "...........TT...", 8: "...........oo..."}),
        furniture_legend={"T": {"piece": "table-2", "rotation": 0}}), []),
]


@pytest.mark.parametrize(
    ("code", "sheet", "expected"),
    [(code, sheet, expected) for code, _, sheet, expected in CASES],
    ids=[f"{code}-{name}" for code, name, _, _ in CASES],
)
def test_rule(code: str, sheet: Sheet, expected: Expected) -> None:
    assert found(sheet, code) == expected


def test_every_code_has_a_failing_case() -> None:
    assert {code for code, _, _, expected in CASES if expected} == set(RULES)




@pytest.mark.parametrize(
    ("sheet", "final", "expected"),
    [
        (make(rooms=CITY_ROOMS, front=[("D10", "s")], project=CITY), None, []),
        # the front door into the bathroom makes it the entry room: the others open
        # into the living room; the living room has no door at all
        (make(rooms=CITY_ROOMS, front=[("L10", "s")], project=CITY), None,
         [("error", ("H4", "I4"), "$.rooms[1].door"), ("error", ("H6", "I6"), "$.rooms[2].door"),
          ("error", ("H9", "I9"), "$.rooms[3].door")]),
        (make(rooms=CITY_ROOMS[1:2], front=[("D10", "s")], current="Living room",
              project=CITY), None,
         [("todo", ("H4", "I4"), "$.rooms[0].door"), ("todo", ("D10", "D11"), "$.front_door")]),
        (make(rooms=CITY_ROOMS[1:2], front=[("D10", "s")], project=CITY), True,
         [("error", ("H4", "I4"), "$.rooms[0].door"), ("error", ("D10", "D11"), "$.front_door")]),
        (make(rooms=[("Kitchen", ["I2:O4"], [("L2", "n")])], front=[("D10", "s")],
              current="Living room", project=CITY), None,
         [("error", ("L1", "L2"), "$.rooms[0].door"), ("todo", ("D10", "D11"), "$.front_door")]),
        # the living room's own door I4/w is the kitchen's door: one door, written twice
        (make(rooms=[("Living room", ["B2:H10"], [("H4", "e")]), *CITY_ROOMS[1:]],
              front=[("D10", "s")], project=CITY), None, []),
        # the living room's own door into the bedroom is not the bedroom's door
        (make(rooms=[("Living room", ["B2:H10"], [("H5", "e")]), *CITY_ROOMS[1:]],
              front=[("D10", "s")], project=CITY), None,
         [("error", ("H5", "I5"), "$.rooms[0].door")]),
        # no front door yet: a door into a walled room may lead into the entry room-to-be
        (make(rooms=CITY_ROOMS, front=(), current="Living room", project=CITY), None, []),
    ],
    ids=["legal", "entry-room-is-where-the-front-door-opens", "not-yet-rooms",
         "final-not-rooms", "door-onto-the-street", "entry-door-shared",
         "entry-door-of-its-own", "entry-room-not-known-yet"],
)
def test_no_hallway_doors_open_into_the_entry_room(sheet: Sheet, final: bool | None,
                                                   expected: Expected) -> None:
    assert found(sheet, "door-not-on-entry-room", final) == expected
    assert found(sheet, "door-not-on-hallway", final) == []


def test_no_hallway_entry_room_may_have_no_door_of_its_own() -> None:
    sheet = make(rooms=CITY_ROOMS, front=[("D10", "s")], project=CITY)
    assert check(sheet) == []
    other = make(rooms=[CITY_ROOMS[1], ("Living room", ["B2:H10"], [])], front=[("D10", "s")],
                 current="Bedroom", project=CITY)
    assert found(other, "door-count") == []
    # the entry room is the one the front door opens into, not the project's first room
    bathroom = make(rooms=[("Living room", ["B2:H10"], [("H4", "e")]), CITY_ROOMS[1],
                           CITY_ROOMS[2], ("Bathroom", ["I8:O10"], [])],
                    front=[("L10", "s")], project=CITY)
    assert found(bathroom, "door-count") == []
    # with no front door into a room yet, a doorless walled room may become the entry room
    kitchen = make(rooms=[("Kitchen", ["I2:O4"], [])], current="Living room", project=CITY)
    assert found(kitchen, "door-count") == [("todo", (), "$.rooms[0].door")]
    assert found(kitchen, "door-count", True) == [("error", (), "$.rooms[0].door")]
    # once the front door opens into the living room, the kitchen needs a door
    living = make(rooms=[("Living room", ["B2:H10"], []), ("Kitchen", ["I2:O4"], [])],
                  front=[("D10", "s")], current="Bedroom", project=CITY)
    assert found(living, "door-count") == [("error", (), "$.rooms[1].door")]


def test_no_hallway_has_no_cut_off_hallway_and_leftover_squares_stay_empty() -> None:
    sheet = make([("armchair", "C3")], CITY_ROOMS[1:2], front=[("D10", "s")],
                 project=CITY)
    assert found(sheet, "hallway-cut-off") == []
    assert found(sheet, "hallway-not-empty") == [("error", ("C3", "C4"), "$.pieces[0]")]


def test_end_game_requirements_are_todo_mid_game_and_errors_at_the_end() -> None:
    sheet = make(rooms=[ROOMS[0], ("Bathroom", None, [])], front=(), current="Bathroom")
    codes = [(p.code, p.severity, p.path) for p in check(sheet)]
    assert codes == [
        ("front-door-count", "todo", "$.front_door"),
        ("room-not-finalized", "todo", "$.rooms[1].cells"),
        ("room-not-finalized", "todo", "$.rooms"),
    ]
    assert [p.severity for p in check(sheet, end_of_game=True)] == ["error"] * 3


def test_a_pre_drawn_wall_cannot_run_through_a_piece() -> None:
    project = dataclasses.replace(TUTORIAL, walls=frozenset({parse_edge(["J3", "s"])}))
    sheet = make([("armchair", "J3")], current="Living room", project=project)
    assert found(sheet, "crosses-wall") == [("error", ("J3", "J4"), "$.pieces[0]")]


def test_a_pre_drawn_wall_holds_a_wall_piece() -> None:
    walls = frozenset({parse_edge(["J4", "n"]), parse_edge(["K4", "n"])})
    project = dataclasses.replace(TUTORIAL, walls=walls)
    sheet = make([("stove", "J4")], current="Kitchen", project=project)
    assert found(sheet, "needs-wall") == []


def test_messages_name_pieces_squares_and_subjects() -> None:
    sheet = make([("kitchen-corner", "B2"), ("table-2", "C2")], current="Kitchen")
    overlap = next(p for p in check(sheet) if p.code == "overlap")
    assert overlap.subject == "pieces[1] (Table for two)"
    assert overlap.message == (
        "pieces[1] (Table for two) stands on pieces[0] (Corner kitchen) at C2-D2"
    )
    assert problem_line(overlap, "plan.json") == f"plan.json: C2: overlap: {overlap.message}"
    split = check(make(rooms=[("Kitchen", ["B2:E5", "B7"], [("E4", "e")])],
                       current="Bathroom"))
    room = next(p for p in split if p.code == "room-split")
    assert room.subject == "room Kitchen"
    assert room.message == ("room Kitchen is in 2 separate parts (starting at B2, B7); "
                            "cut off from the largest: B7")


def test_problems_come_in_rule_order_then_entry_order() -> None:
    sheet = make([("armchair", "G3"), ("stove", "C4"), ("armchair", "H6"), ("armchair", "A3")],
                 [("Kitchen", ["B2:E6"], [("C3", "s")])], front=[("G5", "s")],
                 windows=[("C3", "e")], current="Bathroom")
    codes = [(p.code, p.path) for p in check(sheet)]
    assert codes == [
        ("covers-obstacle", "$.pieces[2]"),
        ("outside-house", "$.pieces[3]"),
        ("needs-wall", "$.pieces[1]"),
        ("not-on-room-cards", "$.pieces[0]"),
        ("not-on-room-cards", "$.pieces[2]"),
        ("not-on-room-cards", "$.pieces[3]"),
        ("too-many-pieces", "$.current_room"),
        ("door-not-on-room", "$.rooms[0].door"),
        ("front-door-not-exterior", "$.front_door"),
        ("window-not-exterior", "$.windows[0]"),
        ("room-not-finalized", "$.rooms"),
        ("room-not-finalized", "$.rooms"),
    ]
    assert check(sheet) == check(sheet)


# --- decisions of docs/rules.md: one test per silent area ---------------------------------

ARTIST = find_project("artist-studio")  # pre-drawn stone wall I2/e-I6/e
CAT = find_project("cat-lovers")  # cards 32 and 33 replaced by the project's own


@pytest.mark.parametrize(
    ("sheet", "expected"),
    [
        # a door is a gap in the wall: the front door ...
        (make([("stove", "F10", 180)], current="Kitchen"), [("error", ("F11",), "$.pieces[0]")]),
        # ... and the door of a room walled earlier
        (make([("stove", "F9", 270)], [("Bathroom", ["B7:E11"], [("E9", "e")])],
              current="Kitchen"), [("error", ("F9",), "$.pieces[0]")]),
        (make([("stove", "F10", 270)], [("Bathroom", ["B7:E11"], [("E9", "e")])],
              current="Kitchen"), []),
        # only partly against a wall: the kitchen's wall ends at E6/e, the bathroom is not
        # walled yet
        (make([("stove", "F6", 270)], [("Kitchen", ["B2:E6"], [("E4", "e")])],
              current="Bathroom"), [("error", ("F7",), "$.pieces[0]")]),
        # a wall of a room walled later in play order does not count (it is the own wall)
        (make([*LEGAL, ("stove", "B5", 180)], ROOMS), [("error", ("B6", "C6"), "$.pieces[4]")]),
        # wall sides turn with the piece
        (make([("stove", "N2", 90)], current="Kitchen"), []),
        (make([("stove", "B3", 90)], current="Kitchen"), [("error", ("C3", "C4"), "$.pieces[0]")]),
        (make([("stove", "B3", 270)], current="Kitchen"), []),
        # ... and with the mirror: the mirrored corner kitchen needs walls north and east
        (make([("kitchen-corner", "M2", 0, True)], current="Kitchen", wild=((0,), "mirror")), []),
        (make([("kitchen-corner", "B2", 0, True)], current="Kitchen", wild=((0,), "mirror")),
         [("error", ("D2", "D3", "D4"), "$.pieces[0]")]),
        # a window does not make a gap: furniture may stand in front of windows
        (make([("stove", "C2")], current="Kitchen", windows=[("C2", "n")]), []),
        # a pre-drawn wall counts, from either side
        (make([("stove", "J2", 270)], current="Studio", project=ARTIST), []),
        (make([("stove", "H2", 90)], current="Studio", project=ARTIST), []),
    ],
    ids=["front-door", "earlier-room-door", "beside-the-door", "partly", "later-room",
         "turned-90-east", "turned-90-no-wall", "turned-270-west", "mirrored-ne",
         "mirrored-wrong-corner", "window", "pre-drawn-wall-east-side",
         "pre-drawn-wall-west-side"],
)
def test_needs_wall_decisions(sheet: Sheet, expected: Expected) -> None:
    assert found(sheet, "needs-wall") == expected


def test_room_squares_outside_the_house_are_outside_house_on_the_room() -> None:
    sheet = make(rooms=[("Kitchen", ["A2:E6"], [("E4", "e")])], current="Bathroom")
    assert found(sheet, "outside-house") == [
        ("error", ("A2", "A3", "A4", "A5", "A6"), "$.rooms[0].cells")]
    problem = next(p for p in check(sheet) if p.code == "outside-house")
    assert (problem.subject, problem.message) == (
        "room Kitchen", "room Kitchen lies outside the house at A2, A3, A4, A5, A6")


def test_a_room_may_hold_an_obstacle() -> None:
    rooms: list[RoomSpec] = [("Kitchen", ["B2:E6"], [("E4", "e")]),
                             ("Bathroom", ["B7:E11"], [("E9", "e")]),
                             ("Living room", ["G2:O11"], [("G9", "w")])]  # chimney H6 inside
    assert check(make(LEGAL, rooms, front=[("F11", "s")])) == []


@pytest.mark.parametrize(
    ("cells", "expected"),
    [
        (["I2:J6"], [("error", ("J2", "J3", "J4", "J5", "J6"), "$.rooms[0].cells")]),
        (["I2:J7"], []),  # joined below the end of the stone wall
    ],
    ids=["cut-by-the-stone-wall", "around-its-end"],
)
def test_a_pre_drawn_wall_splits_a_room(cells: list[str], expected: Expected) -> None:
    sheet = make(rooms=[("Kitchen", cells, [("I6", "w")])], current="Studio", project=ARTIST)
    assert found(sheet, "room-split") == expected
    if expected:
        assert next(p.message for p in check(sheet) if p.code == "room-split") == (
            "room Kitchen is in 2 parts cut apart by a pre-drawn wall (starting at I2, J2); "
            "cut off from the largest: J2, J3, J4, J5, J6")


def test_a_window_on_a_pre_drawn_wall_is_not_exterior() -> None:
    sheet = make(rooms=[], windows=[("I3", "e")], current="Studio", project=ARTIST)
    assert found(sheet, "window-not-exterior") == [("error", ("I3", "J3"), "$.windows[0]")]


def test_a_window_may_share_the_front_door_edge() -> None:
    assert check(make(LEGAL, ROOMS, windows=[("F11", "s")])) == []


def test_circulation_may_not_pass_through_a_door() -> None:
    # armchair in the kitchen facing its door E4/e: its circulation F4 is on the hallway
    sheet = make([*LEGAL, ("armchair", "E4", 270)], ROOMS)
    assert found(sheet, "crosses-wall") == [("error", ("E4", "F4"), "$.pieces[4]")]
    assert found(sheet, "hallway-not-empty") == [("error", ("F4",), "$.pieces[4]")]


def test_no_hallway_circulation_may_not_pass_through_a_door_between_rooms() -> None:
    # the kitchen's door I4/w opens into the living room; an armchair at I4 faces it
    sheet = make([("armchair", "H4", 90)], CITY_ROOMS, front=[("D10", "s")], project=CITY)
    assert found(sheet, "crosses-wall") == [("error", ("H4", "I4"), "$.pieces[0]")]


def test_no_hallway_two_rooms_may_share_a_door_edge() -> None:
    rooms = [("Living room", ["B2:H10"], [("H4", "e")]), *CITY_ROOMS[1:]]
    assert check(make(rooms=rooms, front=[("D10", "s")], project=CITY)) == []


def test_hallway_rooms_sharing_a_door_edge_both_open_into_a_room() -> None:
    rooms = [("Kitchen", ["B2:E6"], [("C6", "s")]), ("Bathroom", ["B7:E11"], [("C7", "n")]),
             ROOMS[2]]
    assert found(make(rooms=rooms), "door-not-on-hallway") == [
        ("error", ("C6", "C7"), "$.rooms[0].door"), ("error", ("C6", "C7"), "$.rooms[1].door")]


def test_pieces_do_not_cut_the_hallway_off() -> None:
    # mid-game, a sofa of the living room fills the hallway row F3-H3 between two walls
    rooms: list[RoomSpec] = [("Kitchen", ["B2:E11"], [("E9", "e")])]
    sheet = make([("sofa", "F2")], rooms, current="Living room")
    assert found(sheet, "hallway-cut-off") == []


@pytest.mark.parametrize(
    ("wild", "pieces", "expected"),
    [
        # the wild card crossed out for a mirror that was then not drawn: no problem
        (((0,), "mirror"), [("stove", "C2")], []),
        # named twice, both mirrored: one problem at the wild card, none on the pieces
        (((0, 1), "mirror"), [("kitchen-corner", "M2", 0, True), ("sofa-corner", "J5", 0, True)],
         [("wild-card-twice", ("M2", "N2", "O2", "O3", "O4", "J5", "K5", "L5", "M5", "M6", "M7"),
           "$.wild_card")]),
        # a mirror that looks like an unmirrored orientation still says "mirror"
        (None, [("stove", "C2", 0, True)], [("mirror-without-wild-card", ("C2", "D2"),
                                             "$.pieces[0]")]),
    ],
    ids=["mirror-not-used", "named-twice-both-mirrored", "symmetric-piece-mirrored"],
)
def test_wild_card_decisions(wild: tuple[tuple[int, ...], str] | None,
                             pieces: list[tuple[str, str] | tuple[str, str, int, bool]],
                             expected: list[tuple[str, tuple[str, ...], str]]) -> None:
    sheet = make(pieces, current="Kitchen", wild=wild)
    codes = {"mirror-without-wild-card", "wild-card-twice"}
    assert [(p.code, tuple(cell_names(p.cells)), p.path)
            for p in check(sheet) if p.code in codes] == expected


def test_a_projects_own_cards_replace_the_bundled_ones() -> None:
    # bundled card 32 offers rugs; the cat lovers' card 32 offers the cat tree
    rug = make([("rug-2x2", "J3")], current="Living room", project=CAT)
    assert found(rug, "not-on-room-cards") == [
        ("error", ("J3", "K3", "J4", "K4"), "$.pieces[0]")]
    assert found(make([("cat-tree", "J3")], current="Living room", project=CAT),
                 "not-on-room-cards") == []


def test_the_room_being_furnished_comes_after_every_walled_room_wherever_it_is_listed() -> None:
    # the sheet lists the bathroom (not walled yet) before the kitchen walled earlier
    rooms: list[RoomSpec] = [("Bathroom", None, []), ("Kitchen", ["B2:E6"], [("E4", "e")])]
    sheet = make([("toilet", "B7")], rooms, current="Bathroom")
    assert found(sheet, "needs-wall") == []


def test_a_door_may_be_cut_into_a_pre_drawn_wall() -> None:
    # the studio's door J4/w is in the stone wall and opens onto the hallway at I4
    sheet = make(rooms=[("Studio", ["J2:N6"], [("J4", "w")])], current="Kitchen",
                 project=ARTIST)
    assert [p.code for p in check(sheet) if p.severity != "todo"] == []


def test_a_walled_room_being_furnished_gets_no_hallway_exemption() -> None:
    sheet = make([("armchair", "G3")], [("Living room", ["I2:O11"], [("I9", "w")])],
                 current="Living room")
    assert found(sheet, "hallway-not-empty") == [("error", ("G3", "G4"), "$.pieces[0]")]


def test_identical_rooms_overlap_once_on_the_later_room() -> None:
    sheet = make(rooms=[("Kitchen", ["B2:C3"], [("C2", "e")]),
                        ("Bathroom", ["B2:C3"], [("C3", "e")])], current="Living room")
    assert found(sheet, "rooms-overlap") == [
        ("error", ("B2", "C2", "B3", "C3"), "$.rooms[1].cells")]
