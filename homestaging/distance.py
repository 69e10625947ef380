"""Distances between objects of a plan (``docs/scoring.md``, distances).

The distance is the number of empty squares (no furniture; rugs and circulation are
empty) on the shortest orthogonal route between two objects, crossing walls only
through doors and the front door. Routes may leave the house by the front door and
cross the outside squares of the sheet. Objects that touch are 0 apart.

An object (:class:`Landmark`) is a set of squares (a piece's furniture, a room, a
feature) and/or edges (a door, a window, the front door: the route starts in one of
the two squares beside the edge). A landmark holding several candidates measures the
nearest of them.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Set
from typing import NamedTuple

from .grid import Cell, Edge
from .layout import Layout
from .project import Feature
from .sheet import DrawnPiece, RoomPlan

__all__ = ["Distances", "Landmark", "Route", "landmark", "route"]


class Route(NamedTuple):
    """A measured distance: ``length`` empty squares (``None``: no route) and those squares
    in order from the first object to the second."""

    length: int | None
    cells: tuple[Cell, ...] = ()


class Landmark(NamedTuple):
    """An object for distances: squares it occupies and edges (doors, windows) it is."""

    squares: Set[Cell] = frozenset()
    edges: frozenset[Edge] = frozenset()

    @property
    def exists(self) -> bool:
        return bool(self.squares or self.edges)

    def __or__(self, other: Landmark) -> Landmark:
        return Landmark(self.squares | other.squares, self.edges | other.edges)


Thing = Landmark | Edge | DrawnPiece | RoomPlan | Feature


def landmark(thing: Thing | Iterable[Thing]) -> Landmark:
    """The :class:`Landmark` of a piece, an edge, a room, a feature, or several of them."""
    if isinstance(thing, Landmark):
        return thing
    if isinstance(thing, Edge):
        return Landmark(edges=frozenset([thing]))
    if isinstance(thing, DrawnPiece):
        return Landmark(squares=thing.placement.furniture)
    if isinstance(thing, RoomPlan | Feature):
        return Landmark(squares=thing.cells)
    found = Landmark()
    for item in thing:
        found = found | landmark(item)
    return found


class Distances:
    """Distances on one layout; build once, measure many routes.

    Squares are walked as indexes of :attr:`Layout.passages`; a route already measured
    between the same two landmarks is answered again without a search.
    """

    def __init__(self, lay: Layout) -> None:
        project = lay.sheet.project
        self.width = project.width
        self.height = project.height
        self.solid = frozenset(lay.furniture_at) | project.obstacles
        self.passages = lay.passages
        solid = bytearray(self.width * self.height)
        for cell in self.solid:
            index = self.passages.index(cell)
            if index is not None:
                solid[index] = 1
        self._solid = bytes(solid)
        self._known: dict[tuple[Landmark, Landmark, int | None], Route] = {}

    def _inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def route(self, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing], *,
              limit: int | None = None) -> Route:
        """The shortest route between two objects; ``Route(None)`` when there is none, or
        with a ``limit``, none of at most that length (the search stops there)."""
        first, second = landmark(a), landmark(b)
        known = self._known.get((first, second, limit))
        if known is None:
            known = self._known[(first, second, limit)] = self._search(first, second, limit)
        return known

    def _search(self, first: Landmark, second: Landmark, limit: int | None = None) -> Route:
        """A 0-1 breadth-first search from every square of ``first`` at once: steps onto
        an empty square cost 1, steps within ``first`` cost 0, furniture is walked around.
        Squares leave the queue in order of distance, so past ``limit`` it stops."""
        if not first.exists or not second.exists:
            return Route(None)
        if first.edges & second.edges or first.squares & second.squares:
            return Route(0)
        width = self.width
        passages = self.passages
        end_edges = {c for edge in second.edges for c in edge.cells}
        starts = first.squares
        if starts & end_edges:
            return Route(0)  # a start square beside the end's edge: popped at once at 0
        index = passages.index
        size = width * self.height
        # flags and distances by square index, a byte or four each: a room's squares or a
        # sheet's distances as Python sets and lists took megabytes on a large sheet
        ends = bytearray(size)
        for c in second.squares:
            if (i := index(c)) is not None:
                ends[i] = 1
        goal = {i for c in end_edges if (i := index(c)) is not None}
        begin = sorted(c for c in starts if self._inside(c))
        inner = bytearray(size)
        for c in begin:
            inner[c[1] * width + c[0]] = 1
        solid = self._solid
        dist = array("i", [-1]) * size
        parent = array("i", [-1]) * size
        queue: deque[int] = deque()
        for cell in begin:
            i = cell[1] * width + cell[0]
            dist[i] = 0
            queue.append(i)
        for edge in sorted(first.edges, key=lambda e: e.key):
            for cell in edge.cells:
                if not self._inside(cell):
                    continue
                i = cell[1] * width + cell[0]
                if dist[i] >= 0:
                    continue
                if ends[i]:
                    return Route(0)
                if solid[i]:
                    continue
                dist[i] = 1
                queue.append(i)
        done = bytearray(size)
        north, west = passages.north, passages.west
        # north, east, south, west: (step, table of closed sides, where to read it)
        moves = ((-width, north, 0), (1, west, 1), (width, north, width), (-1, west, 0))
        while queue:
            i = queue.popleft()
            if done[i]:
                continue
            done[i] = 1
            here = dist[i]
            if limit is not None and here > limit:
                return Route(None)
            if i in goal:
                return Route(here, self._trace(parent, i, first, second))
            for step, closed, at in moves:
                nxt = i + step
                if closed[i + at] or done[nxt]:
                    continue
                if ends[nxt]:
                    return Route(here, self._trace(parent, i, first, second))
                if inner[nxt]:
                    cost = 0
                elif solid[nxt]:
                    continue
                else:
                    cost = 1
                if dist[nxt] < 0 or here + cost < dist[nxt]:
                    dist[nxt] = here + cost
                    parent[nxt] = i
                    if cost:
                        queue.append(nxt)
                    else:
                        queue.appendleft(nxt)
        return Route(None)

    def _trace(self, parent: array[int], last: int, first: Landmark, second: Landmark
               ) -> tuple[Cell, ...]:
        """The squares of the route ending at ``last``, first to last, the two objects' own
        left out (``parent[i]`` is -1 where a route starts)."""
        cells: list[Cell] = []
        index = last
        width = self.width
        while index >= 0:
            cell = (index % width, index // width)
            if cell not in first.squares and cell not in second.squares:
                cells.append(cell)
            index = parent[index]
        return tuple(reversed(cells))


def route(lay: Layout, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing]) -> Route:
    """The distance between two objects of a plan, with its route (see :class:`Distances`)."""
    return Distances(lay).route(a, b)
