"""The bonus language: one case per construct, with exact verdicts and explanations."""

from __future__ import annotations

from typing import Any

import pytest
from plans import bonus, project, sheet

from homestaging.core.grid import cell_names, parse_cell
from homestaging.core.layout import layout
from homestaging.core.sheet import Sheet
from homestaging.scoring.access import access
from homestaging.scoring.bonuses import BonusResult, Evaluator, Outcome, evaluate

# House B2:I7 on 10 x 8. Living B2:D4 (door D4/s), Bed F2:I4 (door F4/s), hallway below.
PROJECT = project(features=[("tree", ["A3"]), ("lake", ["J5:J6"]), ("road", ["A8:J8"])])
ROOMS = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F4", "s")])]
PIECES = [
    ("sofa", "B2"),  # 0 Living: furniture B2-D2, circulation B3-D3
    ("coat-stand", "C4", 270),  # 1 Living: furniture C4, circulation D4 (the door square)
    ("plant-small", "B4"),  # 2 Living
    ("armchair", "F3"),  # 3 Bed: furniture F3, circulation F4 (the door square)
    ("floor-lamp", "G3"),  # 4 Bed: furniture G3, circulation G4
    ("plant-small", "I2"),  # 5 Bed
]
WINDOWS = [("B3", "w"), ("I2", "e"), ("B2", "n")]


def plan(pieces: Any = PIECES, rooms: Any = ROOMS) -> Sheet:
    return sheet(PROJECT, pieces, rooms, windows=WINDOWS)


def evaluator(drawn: Sheet | None = None) -> Evaluator:
    drawn = drawn or plan()
    lay = layout(drawn)
    return Evaluator(drawn, lay, access(drawn, lay))


def cond(condition: dict[str, Any], drawn: Sheet | None = None) -> Outcome:
    return evaluator(drawn).condition(condition)


def cells(*names: str) -> tuple[tuple[int, int], ...]:
    return tuple(parse_cell(n) for n in names)


# A plan where the bed room's door opens onto an unused square: Bed is unreachable.
SHUT = plan([p for i, p in enumerate(PIECES) if i != 3])
SHUT_REASON = "Bed cannot be reached: door F4/s opens onto a square that is not walkable"


def test_view_finds_the_feature_on_the_line_out_of_the_window() -> None:
    assert cond({"view": {"room": "Living", "feature": "tree"}}) == Outcome(
        True, "Living window at B3 looks onto the tree at A3", cells=cells("B3", "A3"))


def test_view_fails_when_the_line_leaves_the_sheet() -> None:
    assert cond({"view": {"room": "Bed", "feature": "lake"}}) == Outcome(
        False, "no Bed window looks onto a lake")


def test_view_fails_when_the_line_enters_the_house_again() -> None:
    # an L-shaped house with a wing H2:I4 across the view of the window at D3
    proj = project(house=["B2:D7", "E5:I7", "H2:I4"],
                   features=[("tree", ["F3"]), ("lake", ["J3"])])
    drawn = sheet(proj, [("sofa", "B3")], [("Living", ["B2:D4"], [("D4", "s")])],
                  windows=[("D3", "e")])
    assert cond({"view": {"room": "Living", "feature": "lake"}}, drawn) == Outcome(
        False, "no Living window looks onto a lake")
    assert cond({"view": {"room": "Living", "feature": "tree"}}, drawn) == Outcome(
        True, "Living window at D3 looks onto the tree at F3", cells=cells("D3", "E3", "F3"))


def test_view_of_a_room_without_window() -> None:
    drawn = sheet(PROJECT, PIECES, ROOMS, windows=[])
    assert cond({"view": {"room": "Living", "feature": "tree"}}, drawn) == Outcome(
        False, "Living has no window")


def test_a_condition_naming_an_unreachable_room_fails() -> None:
    assert cond({"view": {"room": "Bed", "feature": "lake"}}, SHUT) == Outcome(False, SHUT_REASON)
    assert cond({"room_size": {"room": "Bed", "at_least": 1}}, SHUT) == Outcome(False, SHUT_REASON)
    assert cond({"count": {"piece": {"tag": "plant", "room": "Bed"}, "at_most": 5}},
                SHUT) == Outcome(False, SHUT_REASON)
    assert cond({"distance": {"from": "front_door", "to": {"door": "Bed"}, "min": 0}},
                SHUT) == Outcome(False, SHUT_REASON)


def test_a_condition_naming_an_empty_room_fails() -> None:
    drawn = plan(PIECES[:3])
    assert cond({"room_size": {"room": "Bed", "at_most": 50}}, drawn) == Outcome(
        False, "Bed cannot be reached: door F4/s opens onto a square that is not walkable")
    rug_only = plan([*PIECES[:3], ("rug-2x2", "F3")])
    assert cond({"room_size": {"room": "Bed", "at_most": 50}}, rug_only) == Outcome(
        False, "Bed is empty")


def test_distance_max_counts_the_route_from_the_front_door() -> None:
    route = cells("E7", "E6", "E5", "D5")
    assert cond({"distance": {"from": "front_door", "to": {"door": "Living"}, "max": 3}}) == (
        Outcome(False, "living door is 4 squares from the front door, at most 3 needed",
                (route,), route))
    assert cond({"distance": {"from": "front_door", "to": {"door": "Living"}, "max": 4}}).holds


def test_distance_min_between_rooms() -> None:
    route = cells("D5", "E5", "F5")
    assert cond({"distance": {"from": {"room": "Living"}, "to": {"room": "Bed"}, "min": 3}}) == (
        Outcome(True, "bed is 3 squares from the living, at least 3 needed", (route,), route))


def test_distance_from_a_window_to_a_piece_and_to_a_feature() -> None:
    assert cond({"distance": {"from": {"window": "Living"}, "to": {"piece": {"tag": "sofa"}},
                              "max": 0}}) == Outcome(
        True, "sofa is 0 squares from the living window, at most 0 needed")
    assert cond({"distance": {"from": "front_door", "to": {"feature": "road"}, "max": 0}}) == (
        Outcome(True, "road is 0 squares from the front door, at most 0 needed"))


def test_a_distance_to_nothing_fails_even_with_min() -> None:
    assert cond({"distance": {"from": {"piece": {"tag": "lamp"}},
                              "to": {"piece": {"tag": "bed"}}, "min": 3}}) == Outcome(
        False, "there is no bed")
    assert cond({"distance": {"from": {"window": "Bed"}, "to": {"feature": "pool"},
                              "min": 3}}) == Outcome(False, "there is no pool")
    assert cond({"distance": {"from": "front_door", "to": {"room": "Living"}, "max": 9}},
                sheet(PROJECT, PIECES, ROOMS, front=[])).explanation == (
        "there is no front door")


def test_no_route_is_infinite_min_holds_max_fails() -> None:
    # the house spans the sheet from side to side: north and south of it are apart
    proj = project(house=["A3:J5"], features=[("tree", ["A1"]), ("lake", ["A8"])])
    drawn = sheet(proj, front=[])
    far = {"from": {"feature": "tree"}, "to": {"feature": "lake"}}
    assert cond({"distance": {**far, "min": 3}}, drawn) == Outcome(
        True, "no route from the tree to the lake, at least 3 needed")
    assert cond({"distance": {**far, "max": 30}}, drawn) == Outcome(
        False, "no route from the tree to the lake, at most 30 needed")


def test_a_piece_in_no_room_is_never_selected() -> None:
    hall = sheet(PROJECT, [("plant-small", "E2")], [("Living", ["B2:D4"], [("D4", "s")])])
    assert cond({"distance": {"from": {"piece": {"tag": "plant"}},
                              "to": {"feature": "lake"}, "max": 1}}, hall) == Outcome(
        False, "there is no plant")


def test_adjacent_pieces_touch_without_a_wall_between() -> None:
    assert cond({"adjacent": {"a": {"piece": {"tag": "lamp"}},
                              "b": {"piece": {"tag": "armchair"}}}}) == Outcome(
        True, "Floor lamp at G3 touches Armchair at F3", cells=cells("G3", "F3"))
    assert cond({"adjacent": {"a": {"piece": {"tag": "lamp"}},
                              "b": {"piece": {"tag": "sofa"}}}}) == Outcome(
        False, "no lamp touches a sofa")


def test_pieces_on_either_side_of_a_wall_do_not_touch() -> None:
    # D2 (Living) and E2 (Bed) are edge-adjacent, with the rooms' wall between them
    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["E2:I4"], [("E4", "s")])]
    drawn = sheet(PROJECT, [("armchair", "D3"), ("rug-2x2", "E3"), ("plant-small", "D2"),
                            ("floor-lamp", "E2")], rooms)
    ev = evaluator(drawn)
    assert ev.acc.pieces == ("", "", "", "")
    assert ev.touch(2, 3) is None
    assert ev.select({"piece": {"tag": "lamp"}, "next_to": {"piece": {"tag": "plant"}}}) == []
    assert ev.condition({"adjacent": {"a": {"piece": {"tag": "plant"}},
                                      "b": {"piece": {"tag": "lamp"}}}}) == Outcome(
        False, "no plant touches a lamp")


def test_a_piece_does_not_touch_itself() -> None:
    assert not cond({"adjacent": {"a": {"piece": {"tag": "plant"}},
                                  "b": {"piece": {"tag": "plant"}}}}).holds


def test_count_at_least_and_at_most() -> None:
    assert cond({"count": {"piece": {"tag": "plant"}, "at_least": 2}}) == Outcome(
        True, "plant: 2 found, at least 2 needed", cells=cells("B4", "I2"))
    assert cond({"count": {"piece": {"tag": "plant", "room": "Bed"}, "next_to": "window",
                           "at_most": 0}}) == Outcome(
        False, "plant in the bed next to a window: 1 found, at most 0 needed",
        cells=cells("I2"))


def test_room_size() -> None:
    assert cond({"room_size": {"room": "Living", "at_least": 9}}) == Outcome(
        True, "Living has 9 squares, at least 9 needed")
    assert cond({"room_size": {"room": "Bed", "at_most": 11}}) == Outcome(
        False, "Bed has 12 squares, at most 11 needed")


def test_all_any_not() -> None:
    tree = {"view": {"room": "Living", "feature": "tree"}}
    lake = {"view": {"room": "Bed", "feature": "lake"}}
    assert cond({"all": [tree, lake]}) == Outcome(
        False, "Living window at B3 looks onto the tree at A3; no Bed window looks onto a lake",
        cells=cells("B3", "A3"))
    assert cond({"all": [tree]}).holds
    assert cond({"any": [lake, tree]}) == Outcome(
        True, "Living window at B3 looks onto the tree at A3", cells=cells("B3", "A3"))
    assert cond({"any": [lake, lake]}) == Outcome(
        False, "no Bed window looks onto a lake; no Bed window looks onto a lake")
    assert cond({"not": lake}) == Outcome(True, "no Bed window looks onto a lake")
    assert cond({"not": tree}).holds is False


@pytest.mark.parametrize(
    ("selector", "expected"),
    [
        ({"piece": {"tag": "living"}, "next_to": "window"}, [0, 5]),
        ({"piece": {"tag": "storage"}, "next_to": "door"}, [1]),
        ({"piece": {"tag": "living"}, "next_to": "door"}, []),
        ({"piece": {"tag": "living"}, "next_to": "wall"}, [0, 2, 3, 5]),
        ({"piece": {"tag": "lamp"}, "next_to": {"piece": {"tag": "armchair"}}}, [4]),
        ({"piece": {"tag": "plant"}, "next_to": {"piece": {"tag": "storage"}}}, [2]),
        ({"piece": {"id": "plant-small", "room": "Bed"}}, [5]),
        ({"piece": {"tag": "living", "room": "Living"}}, [0, 2]),
    ],
    ids=["window", "door", "door-none", "wall", "selector", "selector-2", "id-room", "tag-room"],
)
def test_selectors(selector: dict[str, Any], expected: list[int]) -> None:
    assert evaluator().select(selector) == expected


def test_selectors_skip_unreachable_pieces() -> None:
    assert evaluator(SHUT).select({"piece": {"tag": "plant"}}) == [2]
    ev = evaluator()
    ev.excluded = frozenset([2])
    assert ev.select({"piece": {"tag": "plant"}}) == [5]


def test_the_front_door_is_a_door_for_next_to() -> None:
    drawn = sheet(PROJECT, [("armchair", "F3"), ("coat-stand", "D6", 90)], ROOMS[1:],
                  windows=WINDOWS)
    # the coat stand stands in the hallway: in no room, so it is not selected
    assert evaluator(drawn).select({"piece": {"tag": "storage"}, "next_to": "door"}) == []
    assert evaluator(drawn).door_squares >= set(cells("D7", "E7", "F7", "D8", "E8", "F8"))


def test_next_to_door_does_not_reach_across_a_wall() -> None:
    # E4 (in Bed) is beside Living's door D4/s along the wall, but Bed's west wall stands
    # between D4 and E4; I4 is beside Bed's own door H4/s
    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["E2:I4"], [("H4", "s")])]
    drawn = sheet(PROJECT, [("armchair", "D3"), ("armchair", "H3"), ("plant-small", "E4"),
                            ("plant-small", "I4")], rooms)
    ev = evaluator(drawn)
    assert ev.select({"piece": {"tag": "plant"}, "next_to": "door"}) == [3]
    assert ev.door_squares == set(cells("C4", "D4", "C5", "D5", "E5", "G4", "H4", "I4",
                                        "G5", "H5", "I5", "D7", "E7", "F7", "D8", "E8", "F8"))


def test_a_window_off_the_exterior_wall_is_no_window() -> None:
    # D3/e lies between Living and the hallway, not on the house's wall
    drawn = sheet(PROJECT, PIECES, ROOMS, windows=[("D3", "e"), ("I2", "e")])
    ev = evaluator(drawn)
    assert ev.windows("Living") == []
    assert ev.window_squares == {parse_cell("I2")}
    assert ev.condition({"view": {"room": "Living", "feature": "tree"}}) == Outcome(
        False, "Living has no window")


def test_a_distance_selector_skips_unreachable_pieces() -> None:
    # a plant in the hallway at E6 stands in no room: it is not a candidate, although it
    # is the nearest to the front door; the living room plant at B4 is measured instead
    far = {"distance": {"from": "front_door", "to": {"piece": {"id": "plant-small"}},
                        "max": 20}}
    drawn = plan([*PIECES, ("plant-small", "E6")])
    assert cond(far, drawn) == Outcome(
        True, "small plant is 8 squares from the front door, at most 20 needed",
        routes=(cells("E7", "D7", "D6", "D5", "D4", "D3", "C3", "B3"),),
        cells=cells("E7", "D7", "D6", "D5", "D4", "D3", "C3", "B3"))


def test_per_bonus_with_max_caps_the_points() -> None:
    result = evaluator().bonus(bonus(2, per={"piece": {"tag": "plant"}}, most=3, text="plants"))
    assert result == BonusResult(
        "plants", 3, True, "plant: 2 found (Small plant at B4, Small plant at I2), capped at 3 "
        "points", (), (parse_cell("B4"), parse_cell("I2")))


def test_per_penalty_with_max_caps_its_size() -> None:
    result = evaluator().bonus(bonus(-2, per={"piece": {"tag": "plant"}}, most=3))
    assert (result.points, result.awarded) == (-3, True)
    one = evaluator().bonus(bonus(-1, per={"piece": {"tag": "plant"}}, most=1))
    assert (one.points, one.explanation) == (
        -1, "plant: 2 found (Small plant at B4, Small plant at I2), capped at 1 point")


def test_count_at_most_0_holds_with_nothing_there() -> None:
    assert cond({"count": {"piece": {"tag": "bed"}, "at_most": 0}}) == Outcome(
        True, "bed: 0 found, at most 0 needed")


def test_per_bonus_with_no_match() -> None:
    result = evaluator().bonus(bonus(1, per={"piece": {"tag": "tv"}, "next_to": "window"}))
    assert result == BonusResult("bonus", 0, False, "no tv next to a window")


def test_once_bonus_and_evaluate_in_project_order() -> None:
    proj = project(features=[("tree", ["A3"])], bonuses=[
        bonus(3, when={"view": {"room": "Living", "feature": "tree"}}, text="tree"),
        bonus(2, when={"room_size": {"room": "Living", "at_least": 10}}, text="big"),
    ])
    drawn = sheet(proj, PIECES, ROOMS, windows=WINDOWS)
    lay = layout(drawn)
    results = evaluate(drawn, lay, access(drawn, lay))
    assert [(r.text, r.points, r.awarded) for r in results] == [("tree", 3, True),
                                                                ("big", 0, False)]
    assert tuple(cell_names(results[0].cells)) == ("B3", "A3")


def test_an_empty_room_counts_for_no_bonus() -> None:
    """A room with no furniture does not exist for scoring: not a rug lying in it, not a
    window of it, not its door (no hallway: the front door E7/s opens into the living
    room, and the bedroom, holding only a rug, opens into it at F4/w)."""
    proj = project(special=["no-hallway", "lenient-access"], features=[("tree", ["J4"])])
    rooms = [("Living", ["B2:E7"], []), ("Bed", ["F2:I7"], [("F4", "w")])]
    # the rug F3:H4 in the bedroom, the armchair E3 (circulation D3) beside its door
    pieces = [("rug-2x3", "F3", 90), ("armchair", "D3", 90), ("plant-small", "B2")]
    drawn = sheet(proj, pieces, rooms, windows=[("I4", "e")])
    found = evaluator(drawn)
    assert found.select({"piece": {"tag": "rug"}}) == []
    assert found.select({"piece": {"id": "armchair"}, "next_to": "door"}) == []
    assert found.window_squares == set()
    assert found.condition({"view": {"room": "Bed", "feature": "tree"}}).explanation == (
        "Bed is empty")
    # with a piece of furniture in the bedroom, its rug, window and door count again
    furnished = sheet(proj, [*pieces, ("plant-small", "I7")], rooms, windows=[("I4", "e")])
    found = evaluator(furnished)
    assert found.select({"piece": {"tag": "rug"}}) == [0]
    assert found.select({"piece": {"id": "armchair"}, "next_to": "door"}) == [1]
    assert found.window_squares == {parse_cell("I4")}
