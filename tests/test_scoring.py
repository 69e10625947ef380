"""The score card: room points, empty rooms, errors, bonuses, text pad, JSON and ranking."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from plans import project, sheet

from homestaging.core.grid import cell_names, parse_cell
from homestaging.core.pieces import Placement
from homestaging.core.sheet import DrawnPiece, Sheet
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import Penalty, ScoreCard, places, rank, score
from homestaging.text.report import format_ranking, format_scorecard, scorecard_json

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tutorial-finished.json"


def finished() -> Sheet:
    return read_sheet(EXAMPLE)


def test_the_finished_tutorial_example() -> None:
    card = score(finished())
    assert [(r.name, r.reachable, r.points, r.empty) for r in card.rooms] == [
        ("Kitchen", True, 9, False), ("Bathroom", True, 5, False),
        ("Living room", True, 10, False)]
    assert [(b.points, b.awarded, b.explanation) for b in card.bonuses] == [
        (3, True, "Living room window at B6 looks onto the tree at A6"),
        (1, True, "plant next to a window: 1 found (Pair of small plants at B6)"),
        (2, True, "kitchen door is 2 squares from the front door, at most 3 needed"),
    ]
    assert card.bonuses[2].routes == ((parse_cell("H11"), parse_cell("H10")),)
    assert (card.penalties, card.total, card.furniture_count, not card.provisional) == (
        (), 30, 9, True)
    assert card.problems == ()
    living = card.rooms[2]
    assert [(p.label, tuple(cell_names(p.furniture)), p.points) for p in living.pieces] == [
        ("S", ("B2", "C2", "D2", "E2", "B3", "B4"), 6), ("L", ("F2",), 1), ("A", ("D4",), 1),
        ("P", ("B6", "C6"), 2)]


def test_an_empty_room_costs_3_and_counts_no_piece() -> None:
    plan = finished()
    bare = dataclasses.replace(plan, pieces=tuple(p for p in plan.pieces
                                                  if p.id not in ("toilet", "shower")))
    card = score(bare)
    assert [(r.name, r.points, r.empty) for r in card.rooms] == [
        ("Kitchen", 9, False), ("Bathroom", 0, True), ("Living room", 10, False)]
    assert card.penalties == (Penalty("Bathroom is empty", -3, "Bathroom"),)
    assert (card.total, card.furniture_count, not card.provisional) == (22, 7, True)
    assert card.problems == ()


def test_pieces_in_an_error_score_0_and_the_card_is_provisional() -> None:
    plan = finished()
    plant = Placement(plan.project.catalog.piece("plant-small"), parse_cell("K11"))
    bad = dataclasses.replace(plan, pieces=(*plan.pieces,
                                            DrawnPiece(plant, "pieces[0]", "$.pieces[0]")))
    card = score(bad)
    assert card.provisional
    assert [p.code for p in card.problems] == ["overlap", "not-on-room-cards", "too-many-pieces"]
    kitchen = card.rooms[0]
    assert [(p.label, p.points, p.reason) for p in kitchen.pieces] == [
        ("T", 2, ""), ("K", 5, ""), ("H", 0, "it breaks a rule"),
        ("pieces[0]", 0, "it breaks a rule")]
    assert (card.total, card.furniture_count) == (28, 8)


def test_an_unreachable_piece_scores_nothing_and_is_reported() -> None:
    proj = project()
    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F4", "s")])]
    plan = sheet(proj, [("armchair", "D3"), ("armchair", "B2"), ("armchair", "F3")], rooms)
    card = score(plan, problems=[])
    assert [(p.points, p.reachable, p.reason) for p in card.rooms[0].pieces] == [
        (1, True, ""), (0, False, "circulation square B3 is cut off from the door")]
    assert [p.code for p in card.problems] == ["unreachable-piece"]
    assert (card.total, card.furniture_count) == (2, 2)
    assert score(plan, lenient_access=True, problems=[]).total == 3


def test_negative_bonuses_stay_with_the_bonuses_and_total_adds_up() -> None:
    from plans import bonus

    proj = project(bonuses=[bonus(-2, per={"piece": {"tag": "armchair"}}, most=3, text="chairs"),
                            bonus(4, when={"count": {"piece": {"tag": "armchair"},
                                                     "at_least": 2}}, text="two")])
    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F4", "s")])]
    plan = sheet(proj, [("armchair", "D3"), ("armchair", "F3")], rooms)
    card = score(plan, problems=[])
    assert [(b.text, b.points) for b in card.bonuses] == [("chairs", -3), ("two", 4)]
    assert card.total == card.room_points + card.bonus_points + card.penalty_points == 3


def test_to_json_has_the_spec_keys() -> None:
    data = scorecard_json(score(finished()))
    assert list(data) == ["project", "player", "rooms", "bonuses", "penalties", "total",
                          "total_if_connected", "furniture_count", "problems", "final"]
    assert data["rooms"][1] == {
        "name": "Bathroom", "reachable": True, "points": 5, "points_if_connected": 5,
        "empty": False, "reason": "",
        "pieces": [
            {"index": 2, "piece": "toilet", "name": "Toilet", "label": "W", "room": "Bathroom",
             "squares": ["L2"], "points": 1, "reachable": True, "reason": ""},
            {"index": 3, "piece": "shower", "name": "Corner shower", "label": "h",
             "room": "Bathroom", "squares": ["N2", "O2", "N3", "O3"], "points": 4,
             "reachable": True, "reason": ""},
        ]}
    assert data["bonuses"][2]["routes"] == [["H11", "H10"]]
    json.dumps(data)


def test_the_text_score_pad() -> None:
    text = format_scorecard(score(finished()), "plan.json")
    assert text == (
        "plan.json - tutorial - Blue Orange Furnishings\n"
        + "-" * 72 + "\n"
        "Kitchen                                                                9\n"
        "Bathroom                                                               5\n"
        "Living room                                                           10\n"
        "[x] +3 if the living room looks onto a tree                           +3\n"
        "      Living room window at B6 looks onto the tree at A6\n"
        "[x] +1 per plant next to a window                                     +1\n"
        "      plant next to a window: 1 found (Pair of small plants at B6)\n"
        "[x] +2 if the kitchen door is at most 3 squares from the front door   +2\n"
        "      kitchen door is 2 squares from the front door, at most 3 needed\n"
        + "-" * 72 + "\n"
        "TOTAL                                                                 30\n"
        "pieces (tie-break)                                                     9\n"
    )


def test_the_score_pad_of_a_sheet_with_errors_explains_every_zero() -> None:
    text = format_scorecard(score(read_sheet(EXAMPLE.parent / "mistakes.json")), "bad.json")
    assert text == (
        "bad.json - tutorial - Careless Carl\n"
        "PROVISIONAL: the sheet has 5 errors; the pieces at fault score 0\n"
        + "-" * 72 + "\n"
        "Kitchen  (not reachable)                                               0\n"
        "      not reachable: door I10/w opens onto a square that is not walkable\n"
        "Bathroom                                                               4\n"
        "      Fridge (F) at L2 scores 0: it breaks a rule\n"
        "Living room                                                            1\n"
        "      Corner sofa (S) at B2-E2, B3, B4 scores 0: it breaks a rule\n"
        "      Pair of small plants (P) at A6-B6 scores 0: it breaks a rule\n"
        "      Armchair (pieces[0]) at C2 scores 0: it breaks a rule\n"
        "[x] +3 if the living room looks onto a tree                           +3\n"
        "      Living room window at B6 looks onto the tree at A6\n"
        "[ ] +1 per plant next to a window                                      0\n"
        "      no plant next to a window\n"
        "[ ] +2 if the kitchen door is at most 3 squares from the front door    0\n"
        "      Kitchen cannot be reached: door I10/w opens onto a square that is not walkable\n"
        + "-" * 72 + "\n"
        "TOTAL (provisional)                                                    8\n"
        "pieces (tie-break)                                                     2\n"
        "\n"
        "Errors:\n"
        "  1. bad.json: C2: overlap: pieces[0] (Armchair) stands on S (Corner sofa) at C2\n"
        "  2. bad.json: K10: covers-circulation: H (Stove): its circulation lies on the"
        " furniture of T (Table for two) at K10-L10\n"
        "  3. bad.json: A6: outside-house: P (Pair of small plants) lies outside the house at"
        " A6\n"
        "  4. bad.json: L2: not-on-room-cards: F (Fridge) is not an option on the furniture"
        " cards of room Bathroom\n"
        "  5. bad.json: K3: door-count: room Bathroom has 2 doors (L3/w, L4/w); it needs"
        " exactly one\n"
    )


def test_the_score_pad_names_unreachable_pieces_and_unwalled_rooms() -> None:
    midgame = read_sheet(EXAMPLE.parent / "lakeside-cabin-midgame.json")
    lines = format_scorecard(score(midgame, end_of_game=True), "mid.json").splitlines()
    assert lines[1] == "PROVISIONAL: the sheet has 3 errors; the pieces at fault score 0"
    assert lines[3:13] == [
        "Living room  (not reachable)                                    0",
        "      not reachable: there is no front door",
        "      12 points if connected",
        "Kitchen  (not reachable)                                        0",
        "      not reachable: there is no front door",
        "      8 points if connected",
        "Bedroom  (not reachable)                                        0",
        "      not reachable: Bedroom is not walled",
        "Bathroom  (empty)                                               0",
        "      not reachable: Bathroom is not walled",
    ]
    assert "    Bathroom is empty                                          -3" in lines
    assert lines[-3:] == [
        "  1. mid.json: front-door-count: the house has no front door",
        "  2. mid.json: room-not-finalized: room Bedroom is not walled",
        "  3. mid.json: room-not-finalized: room Bathroom is not walled",
    ]


def card(total: int, count: int, player: str) -> ScoreCard:
    return ScoreCard("p", player, (), (), (), total, count, (), False, f"{player}.json")


def test_rank_by_total_then_pieces_with_shared_places() -> None:
    cards = [card(20, 5, "ann"), card(25, 3, "bob"), card(20, 7, "cy"), card(20, 5, "dee")]
    ranked = rank(cards)
    assert [c.player for c in ranked] == ["bob", "cy", "ann", "dee"]
    assert places(ranked) == [1, 2, 3, 3]
    assert format_ranking(cards) == (
        "place  player  sheet     total  pieces\n"
        "    1  bob     bob.json     25       3\n"
        "    2  cy      cy.json      20       7\n"
        "    3  ann     ann.json     20       5\n"
        "    3  dee     dee.json     20       5\n"
    )


def test_score_so_far_charges_no_penalty_for_rooms_not_walled_yet() -> None:
    sheet = read_sheet(Path(__file__).parent.parent / "examples" / "lakeside-cabin-midgame.json")
    at_the_end = score(sheet, end_of_game=True)
    so_far = score(sheet, end_of_game=False)
    assert [p.subject for p in at_the_end.penalties] == ["Bathroom"]
    assert so_far.penalties == ()
    assert so_far.total == at_the_end.total + 3
    assert so_far.provisional
    assert {p.code for p in so_far.problems if p.severity == "todo"} == {
        "front-door-count", "room-not-finalized"
    }
    assert not any(p.severity == "error" for p in so_far.problems)


def test_the_tie_break_counts_reachable_pieces_but_not_rugs_nor_pieces_at_fault() -> None:
    from homestaging.core.errors import Problem, Severity

    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F4", "s")])]
    # armchair D3 (circulation D4, the door square), armchair B2 reached over the rug B3:C4,
    # armchair H2 cut off (circulation H3 not linked)
    plan = sheet(project(), [("armchair", "D3"), ("rug-2x2", "B3"), ("armchair", "B2"),
                             ("armchair", "F3"), ("armchair", "H2")], rooms)
    card = score(plan, problems=[])
    assert [(p.label, p.points, p.reachable) for r in card.rooms for p in r.pieces] == [
        ("pieces[0]", 1, True), ("pieces[1]", 0, True), ("pieces[2]", 1, True),
        ("pieces[3]", 1, True), ("pieces[4]", 0, False)]
    assert (card.total, card.furniture_count) == (3, 3)
    fault = Problem("overlap", Severity.ERROR, "x", "pieces[2]", (), "$.pieces[2]")
    card = score(plan, problems=[fault])
    assert (card.total, card.furniture_count, not card.provisional) == (2, 2, False)


def test_the_extra_pieces_of_a_room_score_0() -> None:
    plan = finished()  # Bathroom: 2 tokens, a toilet and a shower already
    basin = Placement(plan.project.catalog.piece("washbasin"), parse_cell("M2"))
    extra = dataclasses.replace(plan, pieces=(*plan.pieces,
                                              DrawnPiece(basin, "pieces[0]", "$.pieces[0]")))
    card = score(extra)
    assert [(p.code, tuple(cell_names(p.cells))) for p in card.problems] == [
        ("too-many-pieces", ("M2",))]
    bathroom = card.rooms[1]
    assert [(p.piece, p.points, p.reason) for p in bathroom.pieces][-1] == (
        "washbasin", 0, "it breaks a rule")
    assert bathroom.points == score(plan).rooms[1].points
    assert card.provisional
