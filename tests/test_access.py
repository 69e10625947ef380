"""Access (SPEC 2.4): walkable squares, reachable rooms and pieces, and the reasons."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from plans import cells, project, sheet

from homestaging.access import access, access_problems
from homestaging.errors import Problem
from homestaging.layout import layout
from homestaging.sheet import Sheet
from homestaging.sheetio import read_sheet

PLAIN = project()  # house B2:I7 on 10 x 8; rooms Living and Bed
LIVING = ("Living", ["B2:D4"], [("D4", "s")])
BED = ("Bed", ["F2:I4"], [("F4", "s")])


def verdict(plan: Sheet, lenient: bool = False) -> tuple[dict[str, str], tuple[str, ...]]:
    found = access(plan, layout(plan), lenient=lenient)
    return found.rooms, found.pieces


def test_circulation_linked_to_the_hallway_reaches_every_piece() -> None:
    plan = sheet(PLAIN, [("sofa", "B3"), ("plant-small", "B2"), ("armchair", "F3")],
                 [LIVING, BED])
    found = access(plan, layout(plan))
    assert found.rooms == {"Living": "", "Bed": ""}
    assert found.pieces == ("", "", "")
    assert found.start == (4, 6)
    assert found.connected == cells("B4:D4", "F4", "E2:E7", "B5:D7", "F5:I7")
    assert found.graph.number_of_nodes() == len(found.connected)
    assert found.graph.number_of_edges() == 44
    assert nx.node_connected_component(found.graph, (4, 6)) == set(found.connected)


def test_a_door_onto_an_unused_square_shuts_the_room() -> None:
    plan = sheet(PLAIN, [("sofa", "B3"), ("armchair", "H3")], [LIVING, BED])
    rooms, pieces = verdict(plan)
    reason = "door F4/s opens onto a square that is not walkable"
    assert rooms == {"Living": "", "Bed": reason}
    assert pieces == ("", reason)


def test_circulation_cut_off_from_the_door_names_the_square() -> None:
    plan = sheet(PLAIN, [("armchair", "D3"), ("armchair", "B2")], [LIVING, BED])
    rooms, pieces = verdict(plan)
    assert rooms["Living"] == ""
    assert pieces == ("", "circulation square B3 is cut off from the door")


def test_lenient_access_walks_over_unused_room_squares() -> None:
    plan = sheet(PLAIN, [("armchair", "D3"), ("armchair", "B2")], [LIVING, BED])
    assert verdict(plan, lenient=True)[1] == ("", "")
    lenient = sheet(project(special=["lenient-access"]), [("armchair", "D3"), ("armchair", "B2")],
                    [LIVING, BED])
    assert verdict(lenient)[1] == ("", "")


def test_every_circulation_group_must_be_reached() -> None:
    plan = sheet(PLAIN, [("bed-double", "F2")], [BED])
    rooms, pieces = verdict(plan)
    assert rooms["Bed"] == ""
    assert pieces == ("circulation square I3 is cut off from the door",)


def test_a_rug_is_reached_by_any_of_its_squares() -> None:
    near = sheet(PLAIN, [("armchair", "F3"), ("rug-2x2", "G3")], [BED])
    assert verdict(near)[1] == ("", "")
    far = sheet(PLAIN, [("armchair", "F3"), ("rug-2x2", "H3")], [BED])
    assert verdict(far)[1] == ("", "rug at H3-I3, H4-I4 is cut off from the door")


def test_rug_squares_are_walkable() -> None:
    chair_alone = sheet(PLAIN, [("armchair", "I2"), ("armchair", "F3")], [BED])
    assert verdict(chair_alone)[1] == ("circulation square I3 is cut off from the door", "")
    over_rug = sheet(PLAIN, [("armchair", "I2"), ("armchair", "F3"), ("rug-2x2", "G3")], [BED])
    assert verdict(over_rug)[1] == ("", "", "")
    rug_at_door = sheet(PLAIN, [("armchair", "I2"), ("rug-2x3", "F3", 90)], [BED])
    assert verdict(rug_at_door) == ({"Living": "Living is not walled", "Bed": ""}, ("", ""))


def test_without_a_front_door_nothing_is_reached() -> None:
    plan = sheet(PLAIN, [("armchair", "F3")], [LIVING, BED], front=[])
    found = access(plan, layout(plan))
    assert found.rooms == {"Living": "there is no front door", "Bed": "there is no front door"}
    assert found.pieces == ("there is no front door",)
    assert found.start is None
    assert found.connected == frozenset()


def test_a_front_door_onto_furniture_reaches_nothing() -> None:
    plan = sheet(PLAIN, [("plant-small", "E7")], [LIVING, BED])
    rooms, _ = verdict(plan)
    assert rooms["Living"] == "front door E7/s opens onto a square that is not walkable"


def test_rooms_not_walled_are_not_reached() -> None:
    plan = sheet(PLAIN, [("armchair", "F3")], [LIVING, ("Bed", None, [])], current="Bed")
    rooms, pieces = verdict(plan)
    assert rooms["Bed"] == "Bed is not walled"
    assert pieces == ("Bed is not walled",)


def test_a_piece_in_the_hallway_stands_in_no_room() -> None:
    plan = sheet(PLAIN, [("plant-small", "F6")], [LIVING, BED])
    assert verdict(plan)[1] == ("it stands in no room",)


def test_no_hallway_the_front_door_opens_into_the_entry_room() -> None:
    proj = project(special=["no-hallway"])
    rooms = [("Living", ["B2:E7"], []), ("Bed", ["F2:I7"], [("F5", "w")])]
    plan = sheet(proj, [("sofa", "D5", 270), ("armchair", "F5", 90)], rooms)
    found = access(plan, layout(plan))
    assert found.rooms == {"Living": "", "Bed": ""}
    assert found.pieces == ("", "")
    assert found.connected == cells("E5:E7", "F5")


def test_no_hallway_house_squares_outside_rooms_are_not_walkable() -> None:
    proj = project(special=["no-hallway"])
    rooms = [("Living", ["B2:D7"], []), ("Bed", ["F2:I7"], [("F5", "w")])]
    plan = sheet(proj, [("armchair", "F5", 90)], rooms)
    rooms_found, _ = verdict(plan)
    assert rooms_found["Living"] == "front door E7/s opens onto a square that is not walkable"


def test_access_problems_name_the_break() -> None:
    plan = sheet(PLAIN, [("sofa", "B3"), ("armchair", "H3")], [LIVING, BED])
    lay = layout(plan)
    found = access_problems(plan, lay, access(plan, lay))
    assert found == [
        Problem("unreachable-room", "warning",
                "Bed cannot be reached: door F4/s opens onto a square that is not walkable",
                "Bed", ("F4", "F5"), "$.rooms[1]"),
    ]
    cut = sheet(PLAIN, [("armchair", "D3"), ("armchair", "B2")], [LIVING])
    lay = layout(cut)
    assert access_problems(cut, lay, access(cut, lay)) == [
        Problem("unreachable-piece", "warning",
                "Armchair at B2 cannot be reached: circulation square B3 is cut off from the door",
                "pieces[1]", ("B2",), "$.pieces[1]"),
    ]


EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.json"))
SHEETS = [path for path in EXAMPLES
          if not path.name.endswith(".expected.json") and "midgame" not in path.name]


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.stem)
def test_networkx_component_of_the_front_door_is_the_fast_reach(path: Path,
                                                                lenient: bool) -> None:
    plan = read_sheet(path)
    lay = layout(plan)
    found = access(plan, lay, lenient=lenient)
    assert found.start is not None
    # the same links built independently, square by square, with Layout.blocked
    links = nx.Graph()
    links.add_nodes_from(found.walkable)
    for x, y in found.walkable:
        for other in ((x + 1, y), (x, y + 1)):
            if other in found.walkable and not lay.blocked((x, y), other):
                links.add_edge((x, y), other)
    assert nx.utils.graphs_equal(found.graph, links)
    assert nx.node_connected_component(found.graph, found.start) == set(found.connected)
    assert nx.node_connected_component(links, found.start) == set(found.connected)
    assert len(found.connected) > 1
