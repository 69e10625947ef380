"""Distances between objects of a plan (``docs/scoring.md``, distances).

The distance is the number of empty squares (no furniture; rugs and circulation are
empty) on the shortest orthogonal route between two objects, crossing walls only
through doors and the front door. Routes may leave the house by the front door and
cross the outside squares of the sheet. Objects that touch are 0 apart.

An object (:class:`Landmark`) is a set of squares (a piece's furniture, a room, a
feature) and/or edges (a door, a window, the front door: the route starts in one of
the two squares beside the edge). A landmark holding several candidates measures the
nearest of them.

The route is networkx's (:func:`accessgraph.cheapest_route`): of equally short routes,
the one drawn is the first Dijkstra's algorithm meets with the squares beside the first
object's edges first (edges by key), then its squares in column order (``sorted``), and
each square's neighbours north, east, south, west (``square_graph(clockwise=True)``,
built from bit masks by ``mask_graph``):
the routes the 0-1 breadth-first search drew before networkx did.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import NamedTuple

from ..core.bitmask import bits
from ..core.grid import Cell, Edge, in_reading_order, steps
from ..core.layout import Layout
from ..core.project import Feature
from ..core.sheet import DrawnPiece, RoomPlan
from .accessgraph import cheapest_route, mask_graph

__all__ = ["Distances", "Landmark", "Route", "distances", "landmark", "route"]


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


_SOURCE = (-2, -2)
"""The node joined to the squares beside the first object's edges (no square of a sheet)."""

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

    The squares that are not solid (no furniture, no obstacle) form one graph, the walls
    but the openings barring steps; a route is networkx's cheapest route over it
    (:func:`accessgraph.cheapest_route`). Each search builds the part of that graph its
    route can reach (:meth:`reach`, over bit masks: the squares within the route's
    length of the first object, or within the ``limit``), where networkx finds the same
    route as over the whole sheet: squares farther away are never stepped on before it
    ends. A route already measured between the same two landmarks is answered again
    without a search. :func:`distances` keeps one per sheet, for check and score.
    """

    def __init__(self, lay: Layout) -> None:
        project = lay.sheet.project
        self.width = project.width
        self.height = project.height
        self.solid = frozenset(lay.furniture_at) | project.obstacles
        self.blocked = lay.blocked_keys
        self.moves = lay.passage_moves
        self.free = self.moves.full & ~bits(self.solid, self.width, self.height)
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

    def reach(self, first: Landmark, second: Landmark, limit: int | None = None
              ) -> tuple[int | None, int]:
        """The length of the shortest route from ``first`` to ``second`` (None: none, or
        none of at most ``limit``) and the squares within that length of ``first`` (within
        ``limit``, or all it reaches, when there is none), as a bit mask: the layers of a
        breadth-first walk over bit masks, each square of either object costing nothing.
        Each search builds its graph on these squares; the tests prove the lengths
        networkx's and the routes those over the whole sheet."""
        width, height, moves = self.width, self.height, self.moves
        own = bits(first.squares, width, height) | bits(second.squares, width, height)
        walk = self.free | own
        beside = bits([c for edge in first.edges for c in edge.cells], width, height) & walk
        targets = walk & (bits(second.squares, width, height) | bits(
            [c for edge in second.edges for c in edge.cells], width, height))
        reached = moves.flood(bits(first.squares, width, height) | (beside & own), own)
        later = beside & ~own  # a square beside an edge of the first object costs 1
        length = 0
        while not reached & targets:
            grown = (moves.step(reached) | later) & walk & ~reached
            if not grown or length == limit:
                return None, reached
            later = 0
            reached = moves.flood(reached | grown, reached | grown | own)
            length += 1
        return length, reached

    def _search(self, first: Landmark, second: Landmark, limit: int | None = None) -> Route:
        """The cheapest route from every square of ``first`` at once (and from the squares
        beside its edges, counted) to a square of ``second`` or one beside its edges: a
        step onto an empty square costs 1, onto a square of either object 0; furniture is
        walked around. The objects' own solid squares join the graph for the search."""
        if not first.exists or not second.exists:
            return Route(None)
        if first.edges & second.edges or first.squares & second.squares:
            return Route(0)
        graph = mask_graph(self.reach(first, second, limit)[1] & self.free, self.moves)
        own = first.squares | second.squares
        added = [c for c in in_reading_order(own) if c not in graph and self._inside(c)]
        graph.add_nodes_from(added)
        graph.add_edges_from(
            (cell, other) for cell in added for other, key in steps(cell)
            if other in graph and key not in self.blocked)
        starts: list[Cell] = []
        beside = [cell for edge in sorted(first.edges, key=lambda e: e.key)
                  for cell in edge.cells if cell in graph]
        if beside:
            graph.add_edges_from((_SOURCE, cell) for cell in beside)
            starts.append(_SOURCE)
        starts += sorted(c for c in first.squares if c in graph)
        targets = set(second.squares) | {c for edge in second.edges for c in edge.cells}

        def step(cell: Cell) -> int:
            return 0 if cell in own else 1

        found = cheapest_route(graph, starts, targets, step, cutoff=limit)
        if found is None:
            return Route(None)
        path, length = found
        return Route(length, tuple(c for c in path if c != _SOURCE and c not in own))


def distances(lay: Layout) -> Distances:
    """The :class:`Distances` of a layout, one per sheet (:attr:`Sheet.kept`: check and
    score of one sheet measure the same routes, on layouts of their own)."""
    project = lay.sheet.project
    kept = lay.sheet.kept
    key = ("distances", frozenset(lay.furniture_at) | project.obstacles, lay.blocked_keys)
    found = kept.get(key)
    if not isinstance(found, Distances):
        found = kept[key] = Distances(lay)
    return found


def route(lay: Layout, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing]) -> Route:
    """The distance between two objects of a plan, with its route (see :class:`Distances`)."""
    return Distances(lay).route(a, b)
