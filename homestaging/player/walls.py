"""The walls and door of the room being furnished, at the end of its round.

A room must hold every square of its pieces (furniture and circulation), be one
region, and have one door from its network (:meth:`Board.network`) onto the hallway
(with no hallway: into the entry room, or for the entry room itself, the front door).
Walling it must leave the squares in front of the other rooms' doors and inside the
front door joined. :func:`wallings` lists the ways to do it, best first by a cheap
measure (the points the door reaches, then the shortest way from the door to the rest
of the hallway); the policy values the best of them with the bonuses.

The room takes the squares of its pieces, the squares joining them when they are
apart, and the pockets of open squares its walls cut off from the hallway (a pocket
could hold no room: its door would open onto no hallway). It may grow further:
towards the size a bonus asks for (:func:`grown`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..core.grid import DELTAS, Cell, Edge, outermost
from ..core.project import Project
from .board import Board, exterior_insides, lowest

__all__ = ["CUT_COST", "Walling", "fallback", "front_door_any", "grown", "view_squares", "wallings"]

CANDIDATES = 6
"""Ways to wall a room listed at most (distinct door squares, best first)."""
FRONT_DOORS = 3
"""Front doors tried with each way, when the room is the first walled."""
CUT_COST = 0.1
"""What an open square cut off from the hallway costs while the rooms to come have
room enough elsewhere."""


@dataclass(frozen=True)
class Walling:
    """One way to wall the room being furnished: its squares (as a mask), its door (None
    for the entry room of a project with no hallway, which the front door opens) and the
    front door when it is drawn with these walls. ``reached``: the points of the room's
    pieces its door reaches; ``length``: steps from the door to the hallway's other ends
    (the hallway this room adds); ``cut``: open squares it cuts off from the hallway
    (taken into the room); ``joined``: the open squares left to the hallway and the rooms
    to come."""

    cells: int
    door: Edge | None
    front_door: Edge | None
    reached: int
    length: int = 0
    landing: int = 0
    """The square the door opens onto (a mask), which must stay hallway."""
    cut: int = 0
    joined: int = 0

    def cost(self, need: int) -> float:
        """The open squares taken beyond the pieces' (:func:`policy.space_cost`'s
        measure), and a hundredth of a point per step of hallway added."""
        return CUT_COST * self.cut + max(0, need - self.joined) + 0.01 * self.length


def wallings(board: Board, need: int = 0) -> list[Walling]:
    """The ways to wall the room being furnished, best first (at most
    :data:`CANDIDATES` door squares, and :data:`FRONT_DOORS` front doors each when the
    front door is still to draw); ``need`` is the squares the rooms to come need."""
    base = _joined_pieces(board)
    if base is None:
        return []
    walk = board.walkable_in(base, board.room_pieces)
    best, reached = _best_group(board, walk)
    if board.entry.onto == "entry room":
        return _into_entry_room(board, base, best, reached)
    found: list[Walling] = []
    seen: set[int] = set()
    terminals = board.terminals
    open_rest = board.open & ~base
    front = board.sheet.front_doors
    views = view_squares(board)
    edges = [(landing, edge, reached) for landing, edge in _door_edges(board, best, open_rest)]
    hall_first = board.moves.flood(lowest(terminals), open_rest) if terminals else open_rest
    if not any(landing & hall_first for landing, _, _ in edges):  # the network cannot be
        edges += [(landing, edge, 0)  # served: a door all the same, the room cut off
                  for landing, edge in _door_edges(board, base & ~best, open_rest)]
    groups: list[int] = []  # the linked groups of the open squares left, found as met
    insides = {} if front else _exterior_at(board)
    for landing, edge, served in edges:
        if landing in seen:
            continue
        seen.add(landing)
        hall = next((group for group in groups if group & landing), 0)
        if not hall and landing & open_rest:
            hall = board.moves.flood(landing, open_rest)
            groups.append(hall)
        if terminals & ~hall:
            continue
        pockets = open_rest & ~hall
        cells = _with_pockets(board, base, pockets)
        if front:
            found.append(Walling(cells, edge, None, served,
                                 _distance(board, landing, terminals, hall), landing,
                                 pockets.bit_count(), hall.bit_count()))
            continue
        doors = _front_doors(board, landing, hall, insides)
        doors.sort(key=lambda item: ((views >> item[2]) & 1 != 0, item[1]))
        for door, length, _ in doors[:FRONT_DOORS]:
            found.append(Walling(cells, edge, door, served, length, landing,
                                 pockets.bit_count(), hall.bit_count()))
    found.sort(key=lambda w: (w.cost(need) - w.reached, (w.cells & ~base).bit_count()))
    kept: list[Walling] = []
    landings: set[int] = set()
    for walling in found:
        if walling.landing not in landings and len(landings) == CANDIDATES:
            continue
        landings.add(walling.landing)
        kept.append(walling)
    return kept


def view_squares(board: Board) -> int:
    """Squares inside exterior walls that look onto a feature a view bonus names for a
    room not walled yet (the front door had better not take them)."""
    project = board.sheet.project
    walled = board.sheet.walled
    kinds = frozenset(
        str(view.get("feature")) for bonus in project.bonuses for node in bonus.clauses()
        if isinstance(view := node.get("view"), dict) and view.get("room") not in walled)
    if not kinds:
        return 0
    key = (id(project), kinds)
    known = _VIEWS.get(key)
    if known is not None and known[0] is project:
        return known[1]
    features = {c for f in project.features if f.kind in kinds for c in f.cells}
    found = 0
    for edge, bit in exterior_insides(project):
        inside = (bit % board.width, bit // board.width)
        dx, dy = DELTAS[edge.seen_from(inside).side]
        cell = (inside[0] + dx, inside[1] + dy)
        while project.in_sheet(cell) and cell not in project.house:
            if cell in features:
                found |= 1 << bit
                break
            cell = (cell[0] + dx, cell[1] + dy)
    if len(_VIEWS) >= 256:  # projects read one after another
        _VIEWS.clear()
    _VIEWS[key] = (project, found)
    return found


_VIEWS: dict[tuple[int, frozenset[str]], tuple[Project, int]] = {}
"""Per project (by identity) and kinds of feature: :func:`view_squares`."""


def grown(board: Board, walling: Walling, size: int) -> Walling | None:
    """``walling`` grown to at least ``size`` squares by open squares nearest the room,
    keeping its door's landing and the hallway's ends joined; None when it cannot."""
    cells = walling.cells
    need = size - cells.bit_count()
    if need <= 0:
        return walling
    keep = board.terminals | walling.landing
    rest = board.open & ~cells
    moves = board.moves
    frontier = moves.step(cells) & rest & ~keep
    while need > 0 and frontier:
        added = False
        for bit in _bits(frontier):
            square = 1 << bit
            after = rest & ~square
            hall = moves.flood(lowest(keep), after) if keep else after
            if keep & ~hall:
                continue
            pockets = after & ~hall if keep else 0
            cells |= square | pockets
            rest = after & ~pockets
            need -= 1 + pockets.bit_count()
            added = True
            if need <= 0:
                break
        if not added:
            return None
        frontier = moves.step(cells) & rest & ~keep
    if need > 0:
        return None
    return Walling(cells, walling.door, walling.front_door, walling.reached, walling.length,
                   walling.landing, walling.cut, walling.joined - (cells & ~walling.cells)
                   .bit_count())


# --- the pieces' squares, joined -----------------------------------------------------------


def _joined_pieces(board: Board) -> int | None:
    """The squares of the room's pieces, with the open squares needed to join them into
    one region (None when they cannot be joined); with lenient access, also to join
    their circulation over squares without furniture."""
    taken = board.taken
    if not taken:
        return None
    allowed = board.open & ~board.terminals
    cells = _join(board, taken, allowed)
    if cells is None or not board.lenient:
        return cells
    free = allowed & ~board.furniture
    circulation = 0
    for i in board.room_pieces:
        circulation |= board.shapes[i].circulation
    while True:
        walk = cells & free
        group = board.moves.flood(lowest(circulation), walk) if circulation else walk
        if not circulation & ~group:
            return cells
        path = _path(board, group, circulation & ~group, free & ~cells)
        if path is None:
            return cells
        cells |= path


def _join(board: Board, cells: int, allowed: int) -> int | None:
    moves = board.moves
    while True:
        group = moves.flood(lowest(cells), cells)
        if group == cells:
            return cells
        path = _path(board, group, cells & ~group, allowed & ~cells)
        if path is None:
            return None
        cells |= path


def _path(board: Board, start: int, goal: int, free: int) -> int | None:
    """The squares of a shortest path through ``free`` from ``start`` (left out) to a
    square of ``goal`` (included), as a mask."""
    moves = board.moves
    parents: dict[int, int] = {}
    queue: deque[int] = deque(_bits(start))
    seen = start
    while queue:
        bit = queue.popleft()
        square = 1 << bit
        for step in _bits(moves.step(square)):
            if (seen >> step) & 1:
                continue
            if (goal >> step) & 1:
                path = 1 << step
                while bit in parents:
                    path |= 1 << bit
                    bit = parents[bit]
                return path | (0 if (start >> bit) & 1 else 1 << bit)
            if (free >> step) & 1:
                seen |= 1 << step
                parents[step] = bit
                queue.append(step)
    return None


def _best_group(board: Board, walk: int) -> tuple[int, int]:
    """The group of the room's walkable squares that reaches most points, and those
    points (pieces without circulation count whatever the group)."""
    shapes = [board.shapes[i] for i in board.room_pieces]
    free = sum(s.points for s in shapes if not s.circulation)
    best, points = 0, free
    remaining = walk
    while remaining:
        group = board.moves.flood(lowest(remaining), walk)
        remaining &= ~group
        reached = free + sum(s.points for s in shapes
                             if s.circulation and not s.circulation & ~group)
        if reached > points or not best:
            best, points = group, reached
    return best, points


def _with_pockets(board: Board, cells: int, pockets: int) -> int:
    """``cells`` and the open squares cut off from the hallway that touch them."""
    moves = board.moves
    while pockets:
        group = moves.flood(lowest(pockets), pockets)
        pockets &= ~group
        if moves.step(group) & cells:
            cells |= group
    return cells


# --- doors -------------------------------------------------------------------------------


def _door_edges(board: Board, network: int, outside: int) -> list[tuple[int, Edge]]:
    """(landing square, door edge) for each step from a square of the network to an open
    square outside the room, in reading order of the landing."""
    found: list[tuple[int, int, Edge]] = []
    width = board.width
    for bit in _bits(network):
        x, y = bit % width, bit // width
        for side, (dx, dy) in (("n", (0, -1)), ("w", (-1, 0)), ("e", (1, 0)), ("s", (0, 1))):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < board.height):
                continue
            other = ny * width + nx
            if (outside >> other) & 1:
                found.append((other, bit, Edge((x, y), side)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(1 << other, edge) for other, _, edge in found]


def _distance(board: Board, start: int, targets: int, within: int) -> int:
    """Steps from ``start`` to the nearest of ``targets`` within ``within`` (0 when
    there is no target)."""
    if not targets or start & targets:
        return 0
    moves = board.moves
    reached, steps = start, 0
    while not reached & targets:
        grown = (reached | moves.step(reached)) & within
        if grown == reached:
            return board.width * board.height
        reached, steps = grown, steps + 1
    return steps


def _front_doors(board: Board, landing: int, hall: int, insides: dict[int, list[Edge]]
                 ) -> list[tuple[Edge, int, int]]:
    """Front doors on the exterior wall opening onto ``hall``, nearest ``landing`` first
    (then by the bit of the square inside them and their key), with their distance from
    it and that bit. ``insides``: :func:`_exterior_at`."""
    distances = _layers(board, landing, hall, board.exterior_squares)
    return [(edge, steps, bit) for bit, steps in distances.items() if (hall >> bit) & 1
            for edge in insides.get(bit, ())]


def _exterior_at(board: Board) -> dict[int, list[Edge]]:
    """The edges of the exterior wall by the bit of the square inside them, by key."""
    found: dict[int, list[Edge]] = {}
    for edge, bit in exterior_insides(board.project):
        found.setdefault(bit, []).append(edge)
    for edges in found.values():
        edges.sort(key=lambda edge: edge.key)
    return found


def _layers(board: Board, start: int, within: int, asked: int) -> dict[int, int]:
    """Steps from ``start`` to every square of ``asked`` it reaches within ``within``,
    nearest first, squares as far in bit order."""
    found: dict[int, int] = {}
    reached, frontier, steps = start, start, 0
    moves = board.moves
    while frontier:
        for bit in _bits(frontier & asked):
            found[bit] = steps
        grown = moves.step(frontier) & within & ~reached
        reached |= grown
        frontier, steps = grown, steps + 1
    return found


def _into_entry_room(board: Board, base: int, best: int, reached: int) -> list[Walling]:
    """With no hallway: the entry room gets the front door on one of its network's
    exterior edges; another room a door from its network into the entry room's."""
    found: list[Walling] = []
    width = board.width
    if board.room == board.entry_room:
        house = board.sheet.project.house
        ports = board.plain.step(best) & board.open & ~base
        for edge in sorted(board.lay.exterior, key=lambda e: (e.key[1], e.key[0], e.key[2])):
            inside = edge.inside(house)
            if inside is not None and (best >> (inside[1] * width + inside[0])) & 1:
                found.append(Walling(base, None, edge, reached, 0, 0, 0, ports.bit_count()))
        return found[:CANDIDATES]
    for landing, edge in _door_edges(board, best, board.entry_ports):
        found.append(Walling(base, edge, None, reached, 0, landing))
    return found[:CANDIDATES]


def fallback(board: Board) -> Walling:
    """Walls that keep the sheet legal when no way of :func:`wallings` is found: around
    the room's pieces (or one open square when it has none) joined, if need be, by open
    squares to the hallway (with no hallway: to the entry room, or for the entry room to
    the exterior wall), the door onto it. The room may then be cut off, never illegal."""
    terminals = board.terminals
    cells = _joined_pieces(board) or _spare_square(board)
    onto = board.entry.door_onto(board.room, board.entry_room)
    if onto == "outside":
        target = board.exterior_squares
    elif onto == "entry room":
        target = _entry_cells(board)
    else:
        target = board.open & ~cells
        if terminals:
            hall = board.moves.flood(lowest(terminals), target)
            target = hall if hall else target
    if onto == "outside":
        if not cells & target:
            path = _path(board, cells, target, board.open & ~cells)
            cells |= path or 0
        house = board.sheet.project.house
        for edge in sorted(board.lay.exterior, key=lambda e: (e.key[1], e.key[0], e.key[2])):
            inside = edge.inside(house)
            if inside is not None and (cells >> (inside[1] * board.width + inside[0])) & 1:
                return Walling(cells, None, edge, 0)
        return Walling(cells, None, None, 0)
    leaned = _leaned_on(board)
    edges = [e for e in _door_edges(board, cells, target & ~cells) if e[1] not in leaned]
    free = board.open & ~cells & ~terminals & ~target
    if not edges:  # walk out over open squares to one beside the target
        beside = board.plain.step(target & ~cells) & free
        for bit in _bits(board.moves.step(cells) & free):
            square = 1 << bit
            path = 0 if square & beside else _path(board, square, beside, free)
            if path is None:
                continue
            longer = cells | square | path
            found = [e for e in _door_edges(board, longer, target & ~longer)
                     if e[1] not in leaned]
            if found:
                cells, edges = longer, found
                break
    front = None
    if board.entry.onto == "hallway" and not board.sheet.front_doors:
        front = front_door_any(board, board.open & ~cells)
    if edges:
        landing, edge = edges[0]
        return Walling(cells, edge, front, 0, 0, landing)
    return Walling(cells, None, front, 0)


def _leaned_on(board: Board) -> set[Edge]:
    """The walls pieces stand against (a door there would leave them against nothing)."""
    found: set[Edge] = set()
    for drawn in board.sheet.pieces:
        placement = drawn.placement
        for side in placement.wall_sides:
            found.update(Edge(cell, side) for cell in outermost(placement.furniture, side))
    return found


def _entry_cells(board: Board) -> int:
    entry = board.entry_room
    plan = board.sheet.room(entry) if entry is not None else None
    return board.mask(plan.cells) if plan is not None else 0


def _spare_square(board: Board) -> int:
    """An open square to wall as an empty room: beside the entry room with no hallway;
    else one whose loss keeps the hallway's ends joined, beside another open square;
    the last such in reading order."""
    terminals = board.terminals
    into_entry = board.entry.onto == "entry room"
    beside = board.plain.step(_entry_cells(board)) if into_entry else board.full
    for bit in reversed(range(board.width * board.height)):
        square = 1 << bit
        if not board.open & square & beside or terminals & square:
            continue
        rest = board.open & ~square
        if board.entry.outside_walked and not board.moves.step(square) & rest:
            continue
        if terminals:
            joined = board.moves.flood(lowest(terminals), rest)
            if terminals & ~joined:
                continue
        return square
    return lowest(board.open)


def front_door_any(board: Board, rest: int) -> Edge | None:
    house = board.sheet.project.house
    width = board.width
    for edge in sorted(board.lay.exterior, key=lambda e: (e.key[1], e.key[0], e.key[2])):
        inside = edge.inside(house)
        if inside is not None and (rest >> (inside[1] * width + inside[0])) & 1:
            return edge
    return None


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def square_of(board: Board, mask: int) -> Cell:
    """The square of a one-bit mask."""
    bit = mask.bit_length() - 1
    return (bit % board.width, bit // board.width)
