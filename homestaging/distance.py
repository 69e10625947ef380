"""Distances between objects of a plan (SPEC 2.5).

The distance is the number of empty squares (no furniture; rugs and circulation are
empty) on the shortest orthogonal route between two objects, crossing walls only
through doors and the front door. Routes may leave the house by the front door and
cross the outside squares of the sheet. Objects that touch are 0 apart.

An object (:class:`Place`) is a set of squares (a piece's furniture, a room, a
feature) and/or edges (a door, a window, the front door: the route starts in one of
the two squares beside the edge). A place holding several candidates measures the
nearest of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from .access import blocked_keys
from .grid import Cell, Edge
from .layout import Layout
from .project import Feature
from .sheet import DrawnPiece, RoomPlan

__all__ = ["Distances", "Place", "Route", "place", "route"]


@dataclass(frozen=True)
class Route:
    """A measured distance: ``length`` empty squares (``None``: no route) and those squares
    in order from the first object to the second."""

    length: int | None
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Place:
    """An object for distances: squares it occupies and edges (doors, windows) it is."""

    squares: frozenset[Cell] = frozenset()
    edges: frozenset[Edge] = frozenset()

    @property
    def exists(self) -> bool:
        return bool(self.squares or self.edges)

    def __or__(self, other: Place) -> Place:
        return Place(self.squares | other.squares, self.edges | other.edges)


Thing = Place | Edge | DrawnPiece | RoomPlan | Feature


def place(thing: Thing | Iterable[Thing]) -> Place:
    """The :class:`Place` of a piece, an edge, a room, a feature, or several of them."""
    if isinstance(thing, Place):
        return thing
    if isinstance(thing, Edge):
        return Place(edges=frozenset([thing]))
    if isinstance(thing, DrawnPiece):
        return Place(squares=thing.placement.furniture)
    if isinstance(thing, RoomPlan | Feature):
        return Place(squares=thing.cells)
    found = Place()
    for item in thing:
        found = found | place(item)
    return found


class Distances:
    """Distances on one layout; build once, measure many routes."""

    def __init__(self, lay: Layout) -> None:
        project = lay.sheet.project
        self.width = project.width
        self.height = project.height
        self.solid = frozenset(lay.furniture_at) | project.obstacles
        blocked = blocked_keys(lay)
        steps: dict[Cell, tuple[Cell, ...]] = {}
        width, height = self.width, self.height
        for y in range(height):
            for x in range(width):
                found = []
                if y > 0 and (x, y, "n") not in blocked:
                    found.append((x, y - 1))
                if x + 1 < width and (x + 1, y, "w") not in blocked:
                    found.append((x + 1, y))
                if y + 1 < height and (x, y + 1, "n") not in blocked:
                    found.append((x, y + 1))
                if x > 0 and (x, y, "w") not in blocked:
                    found.append((x - 1, y))
                steps[(x, y)] = tuple(found)
        self.steps = steps

    def _inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def route(self, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing]) -> Route:
        """The shortest route between two objects; ``Route(None)`` when there is none."""
        first, second = place(a), place(b)
        if not first.exists or not second.exists:
            return Route(None)
        if first.edges & second.edges or first.squares & second.squares:
            return Route(0)
        ends = second.squares
        end_edges = {c for edge in second.edges for c in edge.cells}
        starts = first.squares
        own = starts | ends
        solid = self.solid
        dist: dict[Cell, int] = {}
        parent: dict[Cell, Cell | None] = {}
        queue: deque[Cell] = deque()
        for cell in sorted(starts):
            dist[cell] = 0
            parent[cell] = None
            queue.append(cell)
        for edge in sorted(first.edges, key=lambda e: e.key):
            for cell in edge.cells:
                if cell in dist or not self._inside(cell):
                    continue
                if cell in ends:
                    return Route(0)
                if cell in solid:
                    continue
                dist[cell] = 1
                parent[cell] = None
                queue.append(cell)
        done: set[Cell] = set()
        steps = self.steps
        while queue:
            cell = queue.popleft()
            if cell in done:
                continue
            done.add(cell)
            here = dist[cell]
            if cell in end_edges:
                return Route(here, self._trace(parent, cell, own))
            for nxt in steps.get(cell, ()):
                if nxt in done:
                    continue
                if nxt in ends:
                    return Route(here, self._trace(parent, cell, own))
                if nxt in starts:
                    cost = 0
                elif nxt in solid:
                    continue
                else:
                    cost = 1
                if nxt not in dist or here + cost < dist[nxt]:
                    dist[nxt] = here + cost
                    parent[nxt] = cell
                    if cost:
                        queue.append(nxt)
                    else:
                        queue.appendleft(nxt)
        return Route(None)

    @staticmethod
    def _trace(
        parent: dict[Cell, Cell | None], last: Cell, own: frozenset[Cell]
    ) -> tuple[Cell, ...]:
        cells: list[Cell] = []
        cell: Cell | None = last
        while cell is not None:
            if cell not in own:
                cells.append(cell)
            cell = parent[cell]
        return tuple(reversed(cells))


def route(lay: Layout, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing]) -> Route:
    """The distance between two objects of a plan, with its route (see :class:`Distances`)."""
    return Distances(lay).route(a, b)
