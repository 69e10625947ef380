"""Access (docs/scoring.md): walkable squares, reachable rooms and pieces, the reasons."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from plans import cells, project, sheet

from homestaging.core.errors import Problem
from homestaging.core.grid import parse_cell
from homestaging.core.layout import layout
from homestaging.core.sheet import Sheet
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.access import access, access_problems

PLAIN = project()  # house B2:I7 on 10 x 8; rooms Living and Bed
LIVING = ("Living", ["B2:D4"], [("D4", "s")])
BED = ("Bed", ["F2:I4"], [("F4", "s")])


def verdict(plan: Sheet, lenient: bool = False) -> tuple[dict[str, str], tuple[str, ...]]:
    found = access(plan, layout(plan), lenient_access=lenient)
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


def test_a_rug_has_no_circulation_it_is_reached_with_its_room() -> None:
    # a piece without circulation is reachable when its room is reachable,
    # even when none of its squares is linked to the door
    near = sheet(PLAIN, [("armchair", "F3"), ("rug-2x2", "G3")], [BED])
    assert verdict(near)[1] == ("", "")
    far = sheet(PLAIN, [("armchair", "F3"), ("rug-2x2", "H3")], [BED])
    assert verdict(far) == ({"Living": "Living is not walled", "Bed": ""}, ("", ""))
    shut = sheet(PLAIN, [("armchair", "G3"), ("rug-2x2", "H3")], [BED])
    reason = "door F4/s opens onto a square that is not walkable"
    assert verdict(shut)[1] == (reason, reason)


def test_rug_squares_are_walkable() -> None:
    chair_alone = sheet(PLAIN, [("armchair", "I2"), ("armchair", "F3")], [BED])
    assert verdict(chair_alone)[1] == ("circulation square I3 is cut off from the door", "")
    over_rug = sheet(PLAIN, [("armchair", "I2"), ("armchair", "F3"), ("rug-2x2", "G3")], [BED])
    assert verdict(over_rug)[1] == ("", "", "")
    rug_at_door = sheet(PLAIN, [("armchair", "I2"), ("rug-2x3", "F3", 90)], [BED])
    assert verdict(rug_at_door) == ({"Living": "Living is not walled", "Bed": ""}, ("", ""))


def test_rug_squares_under_furniture_are_not_walkable() -> None:
    # the rug F3:H4 links I3 to the door at F4 until a plant stands on its square H3
    open_rug = sheet(PLAIN, [("armchair", "I2"), ("rug-2x3", "F3", 90)], [BED])
    assert verdict(open_rug)[1] == ("", "")
    covered = sheet(PLAIN, [("armchair", "I2"), ("rug-2x3", "F3", 90), ("plant-small", "H3")],
                    [BED])
    found = access(covered, layout(covered))
    assert found.pieces == ("circulation square I3 is cut off from the door", "", "")
    assert found.connected == cells("F3:G3", "F4:H4", "B2:E7", "F5:I7")


def test_obstacles_are_never_walkable() -> None:
    walled = sheet(project(obstacles=["G2:G4"]), [("armchair", "H2")], [BED])
    found = access(walled, layout(walled), lenient_access=True)
    assert found.pieces == ("circulation square H3 is cut off from the door",)
    assert not found.walkable & cells("G2:G4")


def test_a_room_reached_only_through_another_room_is_not_reached() -> None:
    # rooms open onto the hallway: the bedroom door F3/w leads into the living room
    rooms = [("Living", ["B2:E4"], [("D4", "s")]), ("Bed", ["F2:I4"], [("F3", "w")])]
    plan = sheet(PLAIN, [("armchair", "B2"), ("armchair", "G2")], rooms)
    found = access(plan, layout(plan), lenient_access=True)
    reason = "door F3/w opens into Living, not onto the hallway"
    assert found.rooms == {"Living": "", "Bed": reason}
    assert found.pieces == ("", reason)
    assert not found.connected & cells("F2:I4")


def test_a_front_door_into_a_room_reaches_nothing() -> None:
    rooms = [("Living", ["B2:E7"], [("E7", "e")]), ("Bed", ["F2:I4"], [("F4", "s")])]
    plan = sheet(PLAIN, [("armchair", "B2"), ("armchair", "F3")], rooms, front=[("C7", "s")])
    found = access(plan, layout(plan), lenient_access=True)
    reason = "front door C7/s opens into Living, not onto the hallway"
    assert found.rooms == {"Living": reason, "Bed": reason}
    assert found.pieces == (reason, reason)
    assert (found.start, found.connected) == (None, frozenset())


def test_a_front_door_on_the_edge_of_the_sheet() -> None:
    # the house fills the sheet: the square outside the front door is off the sheet
    proj = project(width=8, height=6, house=["A1:H6"])
    plan = sheet(proj, [("armchair", "B2")], [("Living", ["A1:D3"], [("B3", "s")])],
                 front=[("D6", "s")])
    found = access(plan, layout(plan))
    assert found.start == (3, 5)
    assert found.rooms == {"Living": "", "Bed": "Bed is not walled"}
    assert found.pieces == ("",)
    assert found.connected == cells("E1:H3", "A4:H6", "B3")


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


def test_no_hallway_rooms_open_into_the_entry_room_and_do_not_chain() -> None:
    # Hall (entry: the front door E7/s opens into it) <- Bed through H4/s; Living opens
    # into Bed through D3/e, not into the entry room: a chain, so its door opens nothing
    proj = project(rooms=[("Hall", "living"), ("Bed", "bedroom"), ("Living", "living")],
                   special=["no-hallway"])
    rooms = [("Hall", ["B5:I7"], [("H5", "n")]), ("Bed", ["E2:I4"], [("H4", "s")]),
             ("Living", ["B2:D4"], [("D3", "e")])]
    pieces = [("rug-2x3", "E6", 90), ("rug-2x3", "G5", 90), ("rug-2x3", "E3", 90),
              ("rug-2x3", "G3", 90), ("armchair", "C3", 270)]
    plan = sheet(proj, pieces, rooms)
    found = access(plan, layout(plan))
    reason = "door D3/e opens into Bed, not into the entry room Hall"
    assert found.rooms == {"Hall": "", "Bed": "", "Living": reason}
    assert found.pieces == ("", "", "", "", reason)
    assert found.connected == cells("E6:G7", "G5:I6", "E3:I4")
    # the front door into the bedroom makes it the entry room: the hall's door H5/n is the
    # bedroom's door H4/s, and the living room opens into the bedroom: all reached
    side = sheet(proj, pieces, rooms, front=[("I4", "e")])
    found = access(side, layout(side))
    assert found.rooms == {"Hall": "", "Bed": "", "Living": ""}
    assert found.connected == cells("E6:G7", "G5:I6", "E3:I4", "D3")


def test_no_hallway_house_squares_outside_rooms_are_not_walkable() -> None:
    proj = project(special=["no-hallway"])
    rooms = [("Living", ["B2:D7"], []), ("Bed", ["F2:I7"], [("F5", "w")])]
    plan = sheet(proj, [("armchair", "F5", 90)], rooms)
    rooms_found, _ = verdict(plan)
    assert rooms_found["Living"] == "front door E7/s opens into no room"


def test_access_problems_name_the_break() -> None:
    plan = sheet(PLAIN, [("sofa", "B3"), ("armchair", "H3")], [LIVING, BED])
    lay = layout(plan)
    found = access_problems(plan, lay, access(plan, lay))
    assert found == [
        Problem("unreachable-room", "warning",
                "Bed cannot be reached: door F4/s opens onto a square that is not walkable",
                "room Bed", (parse_cell("F4"), parse_cell("F5")), "$.rooms[1]"),
    ]
    cut = sheet(PLAIN, [("armchair", "D3"), ("armchair", "B2")], [LIVING])
    lay = layout(cut)
    assert access_problems(cut, lay, access(cut, lay)) == [
        Problem("unreachable-piece", "warning",
                "pieces[1] (Armchair) at B2 cannot be reached: circulation square B3 is cut off "
                "from the door", "pieces[1] (Armchair)", (parse_cell("B2"),), "$.pieces[1]"),
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
    found = access(plan, lay, lenient_access=lenient)
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
