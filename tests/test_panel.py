"""The score panel's lines: exact text and styles, without drawing anything."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from homestaging.errors import Problem, Severity
from homestaging.grid import parse_cell
from homestaging.panel import legend_lines, panel_lines, shown_problems, unreachable_pieces
from homestaging.scoring import BonusResult, Penalty, PieceScore, RoomScore, ScoreCard
from homestaging.sheet import Sheet
from homestaging.sheetreader import read_sheet

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
        ("Unreachable", "", "head"),
        ("  1. Floor lamp: no way in", "", "warn"),
        ("Problems (1 error, ringed red)", "", "head"),
        ("  C3: overlap: the sofa covers the lamp", "", "warn"),
        ("Still to do", "", "head"),
        ("  no-front-door: the house has no front door yet", "", "note"),
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


def test_legend_lines() -> None:
    assert legend_lines([]) == []
    assert legend_lines(["1: best placement of Sofa"]) == [
        ("Placements", "", "head"), ("  1: best placement of Sofa", "", "ghost")]
