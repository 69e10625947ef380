"""Access at the end of the game: which squares, rooms and pieces the front door reaches.

Walkable squares (:func:`~homestaging.core.layout.walkable_squares`, the one definition;
:attr:`Layout.walkable` keeps them) are the hallway and, inside finalized rooms,
circulation and rug squares (with lenient access, every free room square). Squares are
linked to their four neighbours unless a wall stands between them; doors and the front
door are openings. Rooms open onto the hallway: unless the project
has no hallway, a room door that does not join its room to the hallway opens nothing,
and a front door that does not open onto the hallway reaches nothing. With no hallway,
the front door opens into the entry room (:attr:`Layout.entry_room`) and every other
room's door must join it to the entry room: rooms do not chain.

What the front door reaches is networkx's verdict on the access graph
(:mod:`homestaging.scoring.accessgraph`), the one ``check`` and ``score`` report. The search
of placements and the automatic player ask the same question many times a move: they
pass ``search=True`` and get the answer of the flood fill over bit masks, which the tests
prove equal to networkx's on every example, case and generated sheet.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

import networkx as nx

from ..core.bitmask import LARGE, bits, cells
from ..core.errors import Problem, Severity
from ..core.grid import (
    Cell,
    Edge,
    EdgeKey,
    cell_name,
    cells_text,
    flood,
    in_reading_order,
    reading_order,
)
from ..core.layout import Layout, walkable_squares
from ..core.sheet import Sheet
from ..rules.checks import Code
from .accessgraph import layout_graph, reached, square_graph

__all__ = ["Access", "access", "access_problems", "connected_access", "room_entrances",
           "walkable_squares"]


@dataclass(frozen=True)
class Access:
    """The access graph and its verdicts.

    ``rooms`` maps each room of the project to ``''`` when reachable, else the reason;
    ``pieces[i]`` is ``''`` when ``sheet.pieces[i]`` is reachable, else the reason.
    ``graph`` is the access graph the verdicts come from (None for the verdicts of the
    search, ``access(..., search=True)``).
    """

    start: Cell | None
    connected: frozenset[Cell]
    rooms: dict[str, str]
    pieces: tuple[str, ...]
    walkable: frozenset[Cell] = frozenset()
    blocked: frozenset[EdgeKey] = frozenset()
    graph: nx.Graph | None = None

    def room_reachable(self, name: str | None) -> bool:
        return name is not None and self.rooms.get(name) == ""

    def piece_reachable(self, index: int) -> bool:
        return self.pieces[index] == ""


def _closed_doors(sheet: Sheet, lay: Layout) -> dict[Edge, str]:
    """Room doors that open nothing, with why: in a project with a hallway, a door that
    does not join its room to the hallway (it leads into another room or an obstacle);
    with no hallway, a door that does not join its room to the entry room (rooms do not
    chain), and a door of the entry room that is not the door of the room beyond."""
    closed: dict[Edge, str] = {}
    entry = lay.entry_room
    project = sheet.project
    doors_of = {plan.name: set(plan.doors) for plan in sheet.rooms if plan.finalized}
    for plan in sheet.rooms:
        if not plan.finalized:
            continue
        onto = project.entry.door_onto(plan.name, entry)
        for door in plan.doors:
            inside = door.inside(plan.cells)
            if inside is None:
                continue
            outer = door.across(inside)
            if outer in plan.cells:
                continue
            other = lay.room_at.get(outer)
            where = (f"into {other}" if other else
                     "onto an obstacle" if outer in project.obstacles else
                     "onto the outside" if outer not in project.house else
                     f"onto {cell_name(outer)}, in no room")
            if onto == "hallway":
                if outer not in lay.hallway:
                    closed[door] = f"door {door.name} opens {where}, not onto the hallway"
            elif onto == "outside":
                if other is None or door not in doors_of.get(other, ()):
                    closed[door] = (f"door {door.name} of the entry room opens {where}, and "
                                    "is not the door of a room")
            elif entry is not None and other != entry:
                closed[door] = f"door {door.name} opens {where}, not into the entry room {entry}"
            elif entry is None and other is None:
                closed[door] = f"door {door.name} opens {where}, not into a room"
    return closed


def _front_trouble(sheet: Sheet, lay: Layout, front: Edge, start: Cell,
                   walkable: frozenset[Cell]) -> str:
    """Why the front door reaches nothing ('' when it opens onto a walkable square of the
    hallway, or of the entry room in a project with no hallway)."""
    project = sheet.project
    room = lay.room_at.get(start)
    if project.entry.onto == "entry room":
        if room is None:
            return f"front door {front.name} opens into no room"
    elif room is not None:
        return f"front door {front.name} opens into {room}, not onto the hallway"
    if start not in walkable:
        return f"front door {front.name} opens onto a square that is not walkable"
    return ""


def access(sheet: Sheet, lay: Layout, *, lenient_access: bool = False,
           search: bool = False) -> Access:
    """Decide which rooms and pieces the front door reaches, and why not: networkx's
    verdict on the access graph, or with ``search`` the flood fill's over bit masks (the
    same, found without building a graph: for the search of placements and the player).

    ``lenient_access`` (``--lenient-access``) makes every free room square walkable, as
    the project's ``lenient-access`` special rule does.
    """
    project = sheet.project
    walkable = walkable_squares(lay, lenient_access=True) if lenient_access else lay.walkable
    closed = _closed_doors(sheet, lay)
    blocked = lay.blocked_keys
    shut = frozenset(door.key for door in closed) & lay.wall_keys
    if shut:
        blocked = blocked | shut

    graph = None if search else _graph(lay, walkable, blocked)
    front = sheet.front_door
    start = front.inside(project.house) if front is not None else None
    connected: frozenset[Cell] = frozenset()
    if front is None:
        trouble = ("there is no front door" if not sheet.front_doors
                   else "there is more than one front door")
    elif start is None:
        trouble = f"front door {front.name} is not on the house's wall"
    else:
        trouble = _front_trouble(sheet, lay, front, start, walkable)
        if not trouble:
            connected = (reached(graph, [start]) if graph is not None else
                         _reach(lay, start, walkable, blocked if shut else None))

    entry = lay.entry_room
    rooms: dict[str, str] = {}
    for spec in project.rooms:
        plan = sheet.room(spec.name)
        if plan is None or not plan.finalized:
            rooms[spec.name] = f"{spec.name} is not walled"
        elif trouble:
            rooms[spec.name] = trouble
        elif spec.name == entry and start in plan.cells:
            rooms[spec.name] = ""
        else:
            rooms[spec.name] = _room_reason(plan.doors, plan.cells, walkable, connected,
                                            closed)

    reasons: list[str] = []
    for index, drawn in enumerate(sheet.pieces):
        room = lay.piece_rooms[index]
        placement = drawn.placement
        if room is None:
            reasons.append("it stands in no room")
        elif rooms.get(room, f"{room} is not a room of the project"):
            reasons.append(rooms.get(room, f"{room} is not a room of the project"))
        else:
            cut = placement.circulation - connected
            reasons.append(f"circulation square {cell_name(min(cut, key=reading_order))} is "
                           "cut off from the door" if cut else "")
    return Access(start if not trouble else None, connected, rooms, tuple(reasons),
                  walkable, blocked, graph)


def _graph(lay: Layout, walkable: frozenset[Cell], blocked: frozenset[EdgeKey]) -> nx.Graph:
    """The access graph of ``walkable`` and ``blocked``, built once per sheet
    (:attr:`Sheet.kept`: check and score of one sheet ask for the same) and frozen, as
    it is shared. Built square by square (:func:`square_graph`), or from bit masks
    (:func:`mask_graph`, the same graph) when ``blocked`` is the layout's and its
    :attr:`~Layout.passage_moves` are worked out already (the automatic player's layout):
    they cost as much as they save when nothing else asks for them."""
    kept = lay.sheet.kept
    key = ("access graph", walkable, blocked)
    graph = kept.get(key)
    if not isinstance(graph, nx.Graph):
        graph = kept[key] = nx.freeze(_built(lay, walkable, blocked))
    return graph


def _built(lay: Layout, walkable: frozenset[Cell], blocked: frozenset[EdgeKey]) -> nx.Graph:
    if not lay.worked_out("passage_moves"):
        return square_graph(walkable, blocked)
    return layout_graph(lay, walkable, blocked,
                        mask=lay.walkable_mask if walkable is lay.walkable else None)


def _reach(lay: Layout, start: Cell, walkable: frozenset[Cell],
           blocked: frozenset[EdgeKey] | None) -> frozenset[Cell]:
    """The walkable squares linked to ``start`` as the search finds them: one flood fill
    over bit masks with the layout's passages, or over the squares when some closed door
    is walled up (``blocked`` given), a walkable square lies off the sheet, or the sheet
    is large (a
    mask's step costs as much as its squares: a long winding hallway would take one
    step per square)."""
    project = lay.sheet.project
    width = project.width
    if blocked is not None or width * project.height > LARGE:
        return frozenset(flood(start, walkable, blocked or lay.blocked_keys))
    mask = lay.walkable_mask if walkable is lay.walkable else bits(walkable, width,
                                                                   project.height)
    if mask.bit_count() != len(walkable):
        return frozenset(flood(start, walkable, lay.blocked_keys))
    seed = 1 << (start[1] * width + start[0])
    return frozenset(cells(lay.passage_moves.flood(seed, mask), width))


def _room_reason(doors: tuple[Edge, ...], cells: Set[Cell], walkable: frozenset[Cell],
                 connected: frozenset[Cell], closed: dict[Edge, str]) -> str:
    if not doors:
        return "the room has no door"
    reasons = []
    for door in doors:
        inside = door.inside(cells)
        if inside is None:
            reasons.append(f"door {door.name} is not on the room's wall")
        elif door in closed:
            reasons.append(closed[door])
        elif inside not in walkable:
            reasons.append(f"door {door.name} opens onto a square that is not walkable")
        elif inside not in connected:
            reasons.append(f"door {door.name} is cut off from the front door")
        else:
            return ""
    return reasons[0]


def room_entrances(sheet: Sheet, lay: Layout, acc: Access, name: str) -> frozenset[Cell]:
    """The walkable squares by which a walled room is entered once it is connected: the
    square just inside each of its doors that opens onto the hallway (with no hallway,
    into the entry room, or into a room while the entry room is not known); for the entry
    room of a project with no hallway (the room the front door opens into), the square
    inside the front door, and with no front door yet, for a room without a door of its
    own (it may become the entry room), its walkable squares on the exterior wall (the
    front door may still go there). Empty when none."""
    plan = sheet.room(name)
    if plan is None or not plan.finalized:
        return frozenset()
    closed = _closed_doors(sheet, lay)
    found = {inside for door in plan.doors if door not in closed
             and (inside := door.inside(plan.cells)) is not None}
    if sheet.project.entry.onto == "entry room" and (name == lay.entry_room or not plan.doors):
        house = sheet.project.house
        fronts = [inside for door in sheet.front_doors if sheet.project.on_exterior(door)
                  and (inside := door.inside(house)) is not None and inside in plan.cells]
        found.update(fronts)
        if not sheet.front_doors:  # a room without a door may become the entry room
            found.update(c for edge in lay.exterior if (c := edge.inside(plan.cells)))
    return frozenset(found & acc.walkable)


def connected_access(sheet: Sheet, lay: Layout, acc: Access, *,
                     furnishing: str | None = None) -> Access:
    """The verdicts as if every walled room were connected to the front door: a room is
    reached when it has an entrance (:func:`room_entrances`), and its pieces when their
    circulation links to one within the room. A room already reached keeps its verdicts.
    ``furnishing`` names a room not walled yet whose pieces count as reached (what a
    placement is worth once its room is walled and connected)."""
    rooms = dict(acc.rooms)
    pieces = list(acc.pieces)
    found: set[Cell] = set(acc.connected)
    for plan in sheet.rooms:
        if not plan.finalized or acc.room_reachable(plan.name):
            continue
        entrances = room_entrances(sheet, lay, acc, plan.name)
        inside = acc.walkable & plan.cells
        reach: Set[Cell]
        if acc.graph is not None:
            reach = reached(acc.graph.subgraph(inside), entrances)
        else:
            reach = set()
            for start in in_reading_order(entrances):
                if start not in reach:
                    reach |= flood(start, inside, acc.blocked)
        if not reach:  # no way in, whatever the hallway: the room's own trouble
            rooms[plan.name] = _room_reason(plan.doors, plan.cells, acc.walkable, frozenset(),
                                            _closed_doors(sheet, lay))
            continue
        rooms[plan.name] = ""
        found |= reach
        for index, room in enumerate(lay.piece_rooms):
            if room != plan.name:
                continue
            cut = sheet.pieces[index].placement.circulation - reach
            pieces[index] = (f"circulation square {cell_name(min(cut, key=reading_order))} is "
                             f"cut off from the door of {plan.name}" if cut else "")
    if furnishing is not None and furnishing not in sheet.walled:
        rooms[furnishing] = ""
        for index, room in enumerate(lay.piece_rooms):
            if room == furnishing:
                pieces[index] = ""
    return Access(acc.start, frozenset(found), rooms, tuple(pieces), acc.walkable,
                  acc.blocked, acc.graph)


def access_problems(sheet: Sheet, lay: Layout, acc: Access,
                    if_connected: Access | None = None) -> list[Problem]:
    """``unreachable-room`` and ``unreachable-piece`` warnings, in room then piece order.

    A piece of a room that is not reached is not reported, unless ``if_connected``
    (:func:`connected_access`) says it stays cut off once the room is connected: then
    its reason is that one (the room's own pieces or unused squares close it in). A
    room that ``if_connected`` does not reach either gets that reason (its own door's
    trouble, rather than the hallway's or the front door's)."""
    problems: list[Problem] = []
    furnished = set(lay.piece_rooms)
    walled = sheet.walled
    for plan in sheet.rooms:
        reason = acc.rooms.get(plan.name, "")
        if reason and if_connected is not None and not if_connected.room_reachable(plan.name):
            reason = if_connected.rooms.get(plan.name, reason)
        if plan.finalized and reason and plan.name in furnished:
            door = tuple(in_reading_order(plan.doors[0].cells)) if plan.doors else ()
            problems.append(Problem(
                Code.UNREACHABLE_ROOM, Severity.WARNING, f"{plan.name} cannot be reached: {reason}",
                f"room {plan.name}", door, plan.path,
            ))
    for index, drawn in enumerate(sheet.pieces):
        reason = acc.pieces[index]
        room = lay.piece_rooms[index]
        if room is not None and room not in walled:
            continue
        if room is not None and not acc.room_reachable(room):
            later = if_connected is not None and if_connected.room_reachable(room)
            reason = if_connected.pieces[index] if later and if_connected else ""
        if not reason:
            continue
        cells = sorted(drawn.placement.furniture, key=reading_order)
        problems.append(Problem(
            Code.UNREACHABLE_PIECE, Severity.WARNING,
            f"{drawn.subject} at {cells_text(cells)} cannot be reached: {reason}",
            drawn.subject, tuple(cells), drawn.path,
        ))
    return problems
