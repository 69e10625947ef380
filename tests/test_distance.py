"""Distances (docs/scoring.md): empty squares on the shortest route, with the route itself."""

from __future__ import annotations

from plans import cells, project, sheet

from homestaging.core.grid import cell_name, parse_cell, parse_edge
from homestaging.core.layout import layout
from homestaging.core.sheet import Sheet
from homestaging.scoring.distance import Landmark, Route, landmark, route

PLAIN = project()  # house B2:I7 on a 10 x 8 sheet, no rooms drawn: all hallway


def names(found: Route) -> list[str]:
    return [cell_name(c) for c in found.cells]


def between(plan: Sheet, a: int, b: int) -> Route:
    return route(layout(plan), plan.pieces[a], plan.pieces[b])


def test_two_pieces_in_a_row_with_three_empty_squares_are_3_apart() -> None:
    plan = sheet(PLAIN, [("plant-small", "C3"), ("plant-small", "G3")])
    found = between(plan, 0, 1)
    assert found.length == 3
    assert names(found) == ["D3", "E3", "F3"]


def test_the_route_is_the_same_both_ways() -> None:
    plan = sheet(PLAIN, [("plant-small", "C3"), ("plant-small", "G3")])
    assert names(between(plan, 1, 0)) == ["F3", "E3", "D3"]


def test_touching_and_overlapping_objects_are_0_apart() -> None:
    plan = sheet(PLAIN, [("plant-small", "C3"), ("plant-small", "D3")])
    assert between(plan, 0, 1) == Route(0, ())
    lay = layout(plan)
    assert route(lay, plan.pieces[0], Landmark(squares=cells("C3:C4"))) == Route(0, ())


def test_rugs_and_circulation_are_empty_squares() -> None:
    plan = sheet(PLAIN, [("plant-small", "C3"), ("rug-2x2", "D2"), ("sofa", "D5", 180),
                         ("plant-small", "G3")])
    # The sofa's circulation D5-F5 lies south of the route; the rug D2:E3 lies on it.
    assert between(plan, 0, 3).length == 3


def test_a_piece_in_the_square_just_inside_a_door_is_0_from_the_door() -> None:
    rooms = [("Living", ["B2:D4"], [("D3", "e")])]
    plan = sheet(PLAIN, [("plant-small", "D3"), ("plant-small", "C3"), ("plant-small", "F3")],
                 rooms)
    lay = layout(plan)
    door = parse_edge(["D3", "e"])
    assert route(lay, door, plan.pieces[0]) == Route(0, ())
    # the plant at D3 blocks the only way into the room: C3 cannot be reached
    assert route(lay, door, plan.pieces[1]) == Route(None)
    assert names(route(lay, door, plan.pieces[2])) == ["E3"]


def test_the_square_beside_a_door_counts_when_it_is_empty() -> None:
    rooms = [("Living", ["B2:D4"], [("D3", "e")])]
    plan = sheet(PLAIN, [("plant-small", "C3"), ("plant-small", "G3")], rooms)
    lay = layout(plan)
    door = parse_edge(["D3", "e"])
    assert names(route(lay, door, plan.pieces[0])) == ["D3"]
    assert names(route(lay, door, plan.pieces[1])) == ["E3", "F3"]


def test_a_route_goes_around_a_wall_through_the_door() -> None:
    rooms = [("Living", ["B2:D4"], [("D4", "s")])]
    plan = sheet(PLAIN, [("plant-small", "B2"), ("plant-small", "E2")], rooms)
    found = between(plan, 0, 1)
    assert found.length == 8
    assert names(found)[3:5] == ["D4", "D5"]
    assert names(found)[-1] == "E3"


def test_squares_on_either_side_of_a_wall_do_not_touch() -> None:
    rooms = [("Living", ["B2:D4"], [])]
    plan = sheet(PLAIN, [("plant-small", "D2"), ("plant-small", "E2")], rooms)
    assert between(plan, 0, 1) == Route(None)


def test_furniture_and_obstacles_are_walked_around() -> None:
    plan = sheet(project(obstacles=["E3"]),
                 [("plant-small", "C3"), ("plant-small", "D3"), ("plant-small", "G3")])
    # E3 is a column: go round it by row 2
    found = route(layout(plan), plan.pieces[1], plan.pieces[2])
    assert found.length == 4
    assert names(found) == ["D2", "E2", "F2", "G2"]


def test_several_candidates_measure_the_nearest() -> None:
    plan = sheet(PLAIN, [("plant-small", "B2"), ("plant-small", "H7")])
    lay = layout(plan)
    found = route(lay, [plan.pieces[0], plan.pieces[1]], Landmark(squares=cells("E7")))
    assert names(found) == ["G7", "F7"]


def test_a_route_may_leave_by_the_front_door_to_reach_a_feature() -> None:
    proj = project(features=[("tree", ["A4"])])
    plan = sheet(proj, [("plant-small", "B4")], windows=[("B4", "w")])
    found = route(layout(plan), plan.pieces[0], proj.features[0])
    assert found.length == 14
    assert names(found)[5:8] == ["E7", "E8", "D8"]
    assert names(found)[-1] == "A5"


def test_without_a_front_door_the_outside_cannot_be_reached() -> None:
    proj = project(features=[("tree", ["A4"])])
    plan = sheet(proj, [("plant-small", "B4")], front=[])
    assert route(layout(plan), plan.pieces[0], proj.features[0]) == Route(None)


def test_door_to_door_counts_the_squares_between_them() -> None:
    rooms = [("Living", ["B2:D4"], [("D4", "s")])]
    plan = sheet(PLAIN, [], rooms, front=[("D7", "s")])
    lay = layout(plan)
    found = route(lay, parse_edge(["D7", "s"]), parse_edge(["D4", "s"]))
    assert names(found) == ["D7", "D6", "D5"]
    assert route(lay, parse_edge(["D4", "s"]), parse_edge(["D5", "n"])) == Route(0, ())


def test_rooms_are_measured_from_any_of_their_squares() -> None:
    rooms = [("Living", ["B2:D4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F4", "s")])]
    plan = sheet(PLAIN, [], rooms)
    lay = layout(plan)
    assert names(route(lay, plan.rooms[0], plan.rooms[1])) == ["D5", "E5", "F5"]


def test_nothing_to_measure_is_no_route() -> None:
    plan = sheet(PLAIN, [("plant-small", "C3")])
    assert route(layout(plan), plan.pieces[0], Landmark()) == Route(None)
    assert landmark([plan.pieces[0], parse_edge(["C3", "n"])]) == Landmark(
        frozenset([parse_cell("C3")]), frozenset([parse_edge(["C3", "n"])]))


def test_a_route_never_passes_through_a_window() -> None:
    # the tree A3 is just outside the living room window B3/w, but the way out of the
    # room is its door, the hallway and the front door
    proj = project(features=[("tree", ["A3"])])
    plan = sheet(proj, [("sofa", "B2")], [("Living", ["B2:D4"], [("D4", "s")])],
                 windows=[("B3", "w")])
    lay = layout(plan)
    found = route(lay, plan.pieces[0], proj.features[0])
    assert found.length == 15
    assert names(found)[:7] == ["D3", "D4", "D5", "E5", "E6", "E7", "E8"]
    assert names(found)[-1] == "A4"
    assert route(lay, plan.rooms[0], proj.features[0]).length == 13
    # the window itself: the route starts beside it, outside (the tree, 0) or inside
    assert route(lay, parse_edge(["B3", "w"]), proj.features[0]) == Route(0, ())
    assert names(route(lay, parse_edge(["B3", "w"]), plan.pieces[0])) == ["B3"]


def test_doors_beside_one_square_are_1_apart() -> None:
    # both doors open onto the hallway square E5: it lies between them
    rooms = [("Living", ["B2:D5"], [("D5", "e")]), ("Bed", ["F2:I5"], [("F5", "w")])]
    lay = layout(sheet(PLAIN, [], rooms))
    assert names(route(lay, parse_edge(["D5", "e"]), parse_edge(["F5", "w"]))) == ["E5"]
    corner = [("Living", ["B2:D5"], [("D5", "e")]), ("Bed", ["E2:I4"], [("E4", "s")])]
    lay = layout(sheet(PLAIN, [], corner))
    assert names(route(lay, parse_edge(["D5", "e"]), parse_edge(["E4", "s"]))) == ["E5"]


def test_a_front_door_on_the_edge_of_the_sheet_has_no_outside() -> None:
    proj = project(width=8, height=6, house=["A1:H6"])
    plan = sheet(proj, [("armchair", "B2")], [("Living", ["A1:D3"], [("B3", "s")])],
                 front=[("D6", "s")])
    lay = layout(plan)
    found = route(lay, parse_edge(["D6", "s"]), plan.pieces[0])
    assert names(found) == ["D6", "D5", "D4", "C4", "B4", "B3"]
    assert route(lay, parse_edge(["D6", "s"]), parse_edge(["D6", "n"])) == Route(1, ((3, 5),))
