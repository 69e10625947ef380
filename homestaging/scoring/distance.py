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
each square's neighbours north, east, south, west (``square_graph(clockwise=True)``):
the routes the 0-1 breadth-first search drew before networkx did.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import NamedTuple

from ..core.grid import Cell, Edge, in_reading_order, steps
from ..core.layout import Layout
from ..core.project import Feature
from ..core.sheet import DrawnPiece, RoomPlan
from .accessgraph import cheapest_route, square_graph

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

    The squares that are not solid (no furniture, no obstacle) form one graph
    (:func:`accessgraph.square_graph`, the walls but the openings barring steps); a route
    is networkx's cheapest route over it (:func:`accessgraph.cheapest_route`). A route
    already measured between the same two landmarks is answered again without a search.
    """

    def __init__(self, lay: Layout) -> None:
        project = lay.sheet.project
        self.width = project.width
        self.height = project.height
        self.solid = frozenset(lay.furniture_at) | project.obstacles
        self.blocked = lay.blocked_keys
        squares = {(x, y) for y in range(self.height) for x in range(self.width)}
        self.graph = square_graph(squares - self.solid, self.blocked, clockwise=True)
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
        """The cheapest route from every square of ``first`` at once (and from the squares
        beside its edges, counted) to a square of ``second`` or one beside its edges: a
        step onto an empty square costs 1, onto a square of either object 0; furniture is
        walked around. The objects' own solid squares join the graph for the search."""
        if not first.exists or not second.exists:
            return Route(None)
        if first.edges & second.edges or first.squares & second.squares:
            return Route(0)
        graph = self.graph
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

        try:
            found = cheapest_route(graph, starts, targets, step, cutoff=limit)
        finally:
            graph.remove_nodes_from([*added, _SOURCE])
        if found is None:
            return Route(None)
        path, length = found
        return Route(length, tuple(c for c in path if c != _SOURCE and c not in own))


def route(lay: Layout, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing]) -> Route:
    """The distance between two objects of a plan, with its route (see :class:`Distances`)."""
    return Distances(lay).route(a, b)
