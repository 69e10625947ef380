"""Rooms and doors from the walls read on a page.

The walls (pencil, printed, exterior) cut the house into regions. A door is a gap in a
wall: an edge with no wall whose two ends touch walls, and whose removal cuts a region
off from the front door (a bridge). Gaps are taken as doors from the deepest up when
what lies behind them holds pencil; a door must open onto the hallway (or, in a
``no-hallway`` project, onto the entry room), so a gap inside a room is not one.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass

from ..core.grid import Cell, Edge, EdgeKey, components, flood, neighbours, reading_order
from ..core.project import Project
from ..draw.drawing import segment
from .doubt import Uncertain
from .marks import EMPTY, FURNITURE, Marks, along
from .outlines import straight_runs

__all__ = ["Region", "find_rooms"]


def _ends(edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    (a, b) = segment(edge)
    return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))


def _graph(project: Project, walls: set[Edge]) -> dict[Cell, list[Cell]]:
    adjacency: dict[Cell, list[Cell]] = {c: [] for c in project.house}
    for cell in project.house:
        for side, other in neighbours(cell):
            if other in project.house and Edge(cell, side) not in walls:
                adjacency[cell].append(other)
    return adjacency


def _reach(house: Set[Cell], walls: set[EdgeKey], start: Cell,
           cut: Iterable[Edge] = ()) -> set[Cell]:
    """The squares of the house reached from ``start`` through neither the walls nor the
    ``cut`` edges."""
    return flood(start, house, walls | {edge.key for edge in cut})


def _bridges(adjacency: dict[Cell, list[Cell]], root: Cell) -> list[Edge]:
    """The edges whose removal disconnects the root's component (iterative Tarjan)."""
    order: dict[Cell, int] = {root: 0}
    low: dict[Cell, int] = {root: 0}
    found: list[Edge] = []
    stack: list[tuple[Cell, Cell | None, int]] = [(root, None, 0)]
    counter = 1
    while stack:
        cell, parent, index = stack.pop()
        neighbours_ = sorted(adjacency[cell])
        if index < len(neighbours_):
            stack.append((cell, parent, index + 1))
            other = neighbours_[index]
            if other == parent:
                continue
            if other in order:
                low[cell] = min(low[cell], order[other])
            else:
                order[other] = low[other] = counter
                counter += 1
                stack.append((other, cell, 0))
        elif parent is not None:
            low[parent] = min(low[parent], low[cell])
            if low[cell] > order[parent]:
                found.append(Edge.between(parent, cell))
    return found


def _gaps(adjacency: dict[Cell, list[Cell]], start: Cell,
          points: set[tuple[float, float]]) -> list[Edge]:
    """The bridges of ``start``'s part of the house whose two ends touch walls: the gaps
    that may be doors."""
    return [edge for edge in _bridges(adjacency, start)
            if all(end in points for end in _ends(edge))]


def _hub(parts: list[frozenset[Cell]], content: set[Cell], adjacency: dict[Cell, list[Cell]],
         points: set[tuple[float, float]], walls: set[EdgeKey]) -> Cell:
    """Where the hallway is when no front door is drawn: in the largest part of the
    house, the stretch between gaps that the most gaps open onto (each room has one
    door, the hallway has them all), the largest on a tie."""
    main = max(parts, key=lambda p: (len(p), -len(p & content)))
    start = min(main, key=reading_order)
    gaps = _gaps(adjacency, start, points)
    cut = walls | {edge.key for edge in gaps}
    best: tuple[int, int, Cell] | None = None
    seen: set[Cell] = set()
    for cell in sorted(main, key=reading_order):
        if cell in seen:
            continue
        stretch = _reach(main, cut, cell)
        seen |= stretch
        touching = sum(1 for edge in gaps if set(edge.cells) & stretch)
        key = (touching, len(stretch), min(stretch, key=reading_order))
        if best is None or key[:2] > best[:2]:
            best = key
    return best[2] if best is not None else start


def _missed_walls(marks: Marks, project: Project, walls: set[Edge],
                  doubts: list[Uncertain]) -> set[Edge]:
    """The sides with a faint line on them (within the page's doubt band below its
    walls) that are walls drawn light: those from a wall to a door's jamb (a wall, a
    gap of one side, then this side in a straight line: a door is one side wide), and
    those whose two ends touch walls that are no door (the way through them leads round
    to the same place another way: a door is the only way into its room). Darkest
    first; each listed as a doubt."""
    found: set[Edge] = set()
    points = {end for edge in walls for end in _ends(edge)}
    faint = sorted((edge for edge, score in marks.edge_scores.items()
                    if score > marks.faint_wall and edge not in walls),
                   key=lambda e: (-marks.edge_scores[e], e.key))
    for edge in faint:
        score = marks.edge_scores[edge]
        if _to_jamb(edge, walls, points):
            found.add(edge)
            doubts.append(Uncertain(edge.cell, "wall", f"a faint line ({score:.2f}) from a "
                                    "wall to a door's jamb: read as wall", edge.side))
    for edge in faint:
        if edge in found or not all(end in points for end in _ends(edge)):
            continue
        adjacency = _graph(project, walls | found)
        if edge in _bridges(adjacency, edge.cell):
            continue
        found.add(edge)
        doubts.append(Uncertain(edge.cell, "wall", f"a faint line ({marks.edge_scores[edge]:.2f}) "
                                "in a wall that already has a door: read as wall", edge.side))
    return found


def _to_jamb(edge: Edge, walls: Set[Edge], points: Set[tuple[float, float]]) -> bool:
    """Whether ``edge`` touches a wall at one end and, past its other end, a gap of one
    side in a straight line leads to a wall (a door's jamb)."""
    ends = sorted(_ends(edge))
    for step, near, far in ((1, ends[0], ends[1]), (-1, ends[1], ends[0])):
        gap, beyond = along(edge, step), along(edge, 2 * step)
        if (near in points and far not in points and gap not in walls
                and beyond in walls):
            return True
    return False


def _doorless_outlines(marks: Marks, project: Project, walls: set[Edge], root: Cell | None,
                       doubts: list[Uncertain]) -> set[Edge]:
    """The drawn lines that shut a part of the house off with no gap at all (no door:
    no room is so), run along furniture inside it their whole length and go on into no
    wall in a straight line at either end: a piece's outline on the grid line (two
    pieces side by side, each outlined on their shared side), not a wall (which goes on
    past the piece). Dropped from ``marks.walls`` too, each listed as a doubt."""
    house = project.house
    parts = components(house, {edge.key for edge in walls})
    main = next((p for p in parts if root in p), None) or max(parts, key=len)
    furniture = {c for c, kind in marks.squares.items() if kind == FURNITURE}
    found: set[Edge] = set()
    for part in parts:
        if part is main or not part & furniture:
            continue
        sides = {Edge(cell, side) for cell in part for side in "nesw"
                 if Edge(cell, side) in marks.walls and Edge(cell, side).outer in house
                 and Edge(cell, side).outer not in part}
        for run in straight_runs(sides):
            if (all(set(edge.cells) & part <= furniture for edge in run)
                    and along(run[0], -1) not in walls and along(run[-1], 1) not in walls):
                found |= set(run)
    for edge in sorted(found, key=lambda e: e.key):
        marks.walls.discard(edge)
        doubts.append(Uncertain(edge.cell, "no wall", "a line along a piece that shuts off "
                                "a part with no door: read as the piece's outline", edge.side))
    return found


@dataclass(frozen=True)
class Region:
    cells: frozenset[Cell]
    door: Edge | None


def find_rooms(marks: Marks, project: Project, root: Cell | None
           ) -> tuple[list[Region], frozenset[Cell], list[Uncertain]]:
    """The walled regions (rooms) with their doors, the hallway, and doubts."""
    walls = set(marks.walls) | set(project.walls) | set(project.exterior_walls())
    doubts: list[Uncertain] = []
    walls |= _missed_walls(marks, project, walls, doubts)
    walls -= _doorless_outlines(marks, project, walls, root, doubts)
    adjacency = _graph(project, walls)  # for the bridges
    wall_keys = {edge.key for edge in walls}
    house = project.house
    points: set[tuple[float, float]] = set()
    for edge in walls:
        points.update(_ends(edge))
    content = {c for c, kind in marks.squares.items() if kind != EMPTY}
    regions: list[Region] = []
    placed: set[Cell] = set()
    parts = components(house, wall_keys)
    if root is None:
        root = _hub(parts, content, adjacency, points, wall_keys)
    main = next(p for p in parts if root in p)
    for part in parts:
        if part is not main and part & content:
            regions.append(Region(frozenset(part), None))
            placed |= part
            first = min(part, key=reading_order)
            doubts.append(Uncertain(first, "room", "a walled room with no door gap found"))
    candidates = _gaps(adjacency, root, points)
    far: dict[Edge, frozenset[Cell]] = {}
    for edge in candidates:
        near = _reach(house, wall_keys, root, [edge])
        far[edge] = frozenset(main - near)
    doors: list[Edge] = []
    for edge in sorted(candidates, key=lambda e: (len(far[e]), e.key)):
        inner = set(far[edge])
        for door in doors:
            if far[door] < far[edge]:
                inner -= far[door]
        if inner & content:
            doors.append(edge)
    onto_hallway = project.entry.onto == "hallway"
    changed = True
    while changed:
        changed = False
        cut = set(doors)
        root_region = _reach(house, wall_keys, root, cut)
        for edge in list(doors):
            a, b = edge.cells
            outside = a if b in far[edge] else b
            behind = _reach(house, wall_keys, outside, cut)
            # a door opens onto the hallway (pencil there is the room being furnished),
            # or onto an empty part of the house, never into another room
            bad = behind != root_region and (not onto_hallway or bool(behind & content))
            if bad:
                doors.remove(edge)
                changed = True
                break
    cut = set(doors)
    for edge in doors:
        a, b = edge.cells
        inside = b if b in far[edge] else a
        cells = frozenset(_reach(house, wall_keys, inside, cut))
        regions.append(Region(cells, Edge(inside, edge.seen_from(inside).side)))
    hallway = frozenset(_reach(house, wall_keys, root, cut))
    if not onto_hallway and hallway & content:
        regions.insert(0, Region(hallway, None))
        hallway = frozenset()
    return regions, hallway, doubts
