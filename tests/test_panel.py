"""The score panel's lines: exact text and styles, without drawing anything."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from homestaging.core.errors import Problem, Severity
from homestaging.core.grid import parse_cell
from homestaging.core.sheet import Sheet
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import BonusResult, Penalty, PieceScore, RoomScore, ScoreCard
from homestaging.text.panel import (
    KEY,
    key_entries,
    panel_lines,
    piece_letter,
    ringed_problems,
    short_name_lines,
    shown_problems,
    unreachable_pieces,
)

ROOT = Path(__file__).resolve().parent.parent
OVERLAP = Problem("overlap", Severity.ERROR, "the sofa covers the lamp", "pieces[5]",
                  (parse_cell("C3"),), "$.pieces[5]")
DOOR_TODO = Problem("no-front-door", Severity.TODO, "the house has no front door yet", "front_door",
                    (), "$.front_door")


def tutorial() -> Sheet:
    return read_sheet(ROOT / "examples" / "tutorial-finished.json")


def card(*, reachable: bool = True) -> ScoreCard:
    lamp = PieceScore(6, "floor-lamp", "Floor lamp", "pieces[6]", "Living room",
                      (parse_cell("F4"),), 1 if reachable else 0, reachable,
                      "" if reachable else "no way in")
    rooms = (RoomScore("Kitchen", True, 4, False, "", ()),
             RoomScore("Bathroom", True, 0, True, "", ()),
             RoomScore("Living room", reachable, 5, False, "", (lamp,)))
    bonus = BonusResult("+2 if the sofa faces the lamp", 2, True, "", (), ())
    return ScoreCard("tutorial", "Blue Orange Furnishings", rooms, (bonus,),
                     (Penalty("empty room Bathroom", -3, "Bathroom"),), 8, 9, (OVERLAP,), False)


def test_shown_problems_are_those_given_else_the_cards() -> None:
    assert shown_problems(None, None) == ()
    assert shown_problems(card(), None) == (OVERLAP,)
    assert shown_problems(card(), [DOOR_TODO]) == (DOOR_TODO,)


def test_finished_panel_lines() -> None:
    assert panel_lines(tutorial(), card(reachable=False), [OVERLAP, DOOR_TODO]) == [
        ("Tutorial", "", "title"),
        ("Player: Blue Orange Furnishings", "", "plain"),
        ("Rooms", "", "head"),
        ("  Kitchen", "+4", "plain"),
        ("  Bathroom (empty)", "0", "plain"),
        ("  Living room (unreachable)", "+5", "plain"),
        ("Bonuses", "", "head"),
        ("\u2713 +2 if the sofa faces the lamp", "+2", "plain"),
        ("Penalties", "", "head"),
        ("  empty room Bathroom", "-3", "plain"),
        ("Total", "+8", "total"),
        ("Tie-break: 9 pieces", "", "plain"),
        ("Unreachable (hatched)", "", "head"),
        ("  A. Floor lamp: no way in", "", "warn"),
        ("Problems (1 error, ringed red)", "", "head"),
        ("  1. C3: overlap: the sofa covers the lamp", "", "warn"),
        ("Still to do", "", "head"),
        ("  2. the house has no front door yet", "", "note"),
    ]


def test_unscored_panel_names_the_room_being_furnished() -> None:
    plan = replace(tutorial(), current_room="Living room")
    assert panel_lines(plan, None) == [
        ("Tutorial", "", "title"),
        ("Player: Blue Orange Furnishings", "", "plain"),
        ("Not scored", "", "note"),
        ("Being furnished: Living room", "", "note"),
    ]


def test_unreachable_pieces_in_play_need_a_front_door() -> None:
    plan = tutorial()
    assert [p.name for p in unreachable_pieces(plan, card(reachable=False), True)] == [
        "Floor lamp"]
    assert unreachable_pieces(replace(plan, front_doors=()), card(reachable=False), False) == []
    assert unreachable_pieces(plan, card(), True) == []
    assert unreachable_pieces(plan, None, True) == []


def test_problems_are_numbered_as_check_lists_them() -> None:
    unreachable = Problem("unreachable-room", Severity.WARNING, "no way in", "Kitchen",
                          (parse_cell("K10"),), "$.rooms[0]")
    hallway = Problem("hallway-cut-off", Severity.WARNING, "H7 is cut off", "hallway",
                      (parse_cell("H7"),), "$")
    # check lists broken rules first, then what is still to do
    problems = [DOOR_TODO, OVERLAP, unreachable, hallway]
    assert ringed_problems(problems, end_of_game=True) == [(1, OVERLAP), (3, hallway)]
    assert ringed_problems(problems, end_of_game=False) == [(1, OVERLAP)]
    lines = panel_lines(tutorial(), card(), problems)
    assert lines[lines.index(("Still to do", "", "head")) + 1] == (
        "  4. the house has no front door yet", "", "note")


def test_mid_game_rooms_say_what_they_would_score_once_connected() -> None:
    plan = replace(tutorial(), front_doors=(), current_room=None)
    unreached = replace(card(), rooms=tuple(replace(room, reachable=False, points=0)
                                             for room in card().rooms))
    rooms = panel_lines(plan, unreached, (), end_of_game=False)[4:7]
    assert rooms == [("  Kitchen (not connected yet)", "0", "plain"),
                     ("  Bathroom (empty)", "0", "plain"),
                     ("  Living room (not connected yet)", "0", "plain")]
    hooked = panel_lines(plan, unreached, (), end_of_game=False,
                         if_connected={"Kitchen": 9, "Living room": 1})[4:7]
    assert hooked == [("  Kitchen (9 pts if connected)", "0", "plain"),
                      ("  Bathroom (empty)", "0", "plain"),
                      ("  Living room (1 pt if connected)", "0", "plain")]
    with_door = panel_lines(tutorial(), unreached, (), end_of_game=False)[4]
    assert with_door == ("  Kitchen (not connected)", "0", "plain")


def test_piece_letters() -> None:
    assert [piece_letter(n) for n in (1, 2, 26, 27, 28, 52, 53)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_key_entries_keep_the_keys_order() -> None:
    assert key_entries(["error", "wall", "hallway"]) == [
        ("wall", "Wall"), ("hallway", "Hallway"), ("error", "Problem, numbered as in the list")]
    assert key_entries(KEY) == list(KEY.items())
    assert short_name_lines([("Nightst.", "Nightstand")]) == ["Nightst. = Nightstand"]
