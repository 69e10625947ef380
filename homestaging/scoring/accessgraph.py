"""The access graph as a :mod:`networkx` graph, and the questions asked of it.

Squares are nodes, linked to their four neighbours unless a wall stands between them
(``blocked``: the keys of the walls, doors and the front door left out: they are the
openings). :func:`square_graph` builds every graph of squares the rules ask about (or
:func:`mask_graph`, the same graph from bit masks): the walkable squares (what the front
door reaches, :mod:`homestaging.scoring.access`) and the house (what blocks a piece or
room, :mod:`homestaging.scoring.blocking`).

**Ties.** A graph is always built in one order: its squares in reading order, then for
each square in reading order its links east and south, so that each square's neighbours
are known north, west, east, south. networkx keeps each node's neighbours in the order
their links were added and its
searches take them in that order, so of several equally good answers the one found
depends on the squares and walls alone, never on the order of a set or dict:
:func:`cheapest_route` returns, of equally cheap routes, the one Dijkstra's algorithm
meets first with the sources in the order given, each square's neighbours in that
order, and the targets joined to one node after all other links.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Hashable, Iterable, Mapping
from functools import lru_cache
from itertools import chain, compress
from typing import TypeVar

import networkx as nx

from ..core.bitmask import LARGE, Moves, bits, cells, flags
from ..core.grid import Cell, EdgeKey, in_reading_order, reading_order
from ..core.layout import Layout

__all__ = ["cheapest_route", "cut_squares", "dominators", "layout_graph", "linked_groups",
           "mask_graph", "reached", "square_graph"]

Node = TypeVar("Node", bound=Hashable)

_TARGETS = (-1, -1)
"""The node joined to every target of a route (no square of a sheet)."""


def square_graph(squares: Collection[Cell], blocked: Container[EdgeKey], *,
                 clockwise: bool = False) -> nx.Graph:
    """``squares`` as nodes in reading order, linked to their neighbours among them where
    no edge of ``blocked`` stands between them.

    The links are listed first, square by square in reading order, each square's link
    east then south (the keys of :func:`grid.steps`), and added in one call: each
    square's neighbours are then known north, west, east, south, the order the searches
    take them in (see the module). ``clockwise``: each row's squares are taken from east
    to west, so that each square's neighbours are known north, east, south, west (the
    order of :func:`grid.steps`; the distances' order, :mod:`homestaging.scoring.distance`)."""
    ordered = in_reading_order(squares)
    links: list[tuple[Cell, Cell]] = []
    add = links.append
    walk = sorted(ordered, key=lambda c: (c[1], -c[0])) if clockwise else ordered
    for cell in walk:
        x, y = cell
        east, south = (x + 1, y), (x, y + 1)
        if east in squares and (x + 1, y, "w") not in blocked:
            add((cell, east))
        if south in squares and (x, y + 1, "n") not in blocked:
            add((cell, south))
    graph = nx.Graph()
    graph.add_nodes_from(ordered)
    graph.add_edges_from(links)
    return graph


def mask_graph(mask: int, moves: Moves, *, clockwise: bool = True) -> nx.Graph:
    """:func:`square_graph` of the squares of a bit mask (bit ``y * width + x``), linked
    where ``moves`` allow a step: the same graph, nodes and neighbours in the same order,
    its links picked from every link of the sheet listed once per size and order
    (:func:`_links`) by bit masks, at C speed. ``clockwise`` as for :func:`square_graph`."""
    width = moves.width
    height = moves.full.bit_length() // width
    size = width * height
    east = flags(mask & moves.east & (mask >> 1), size)
    south = flags(mask & moves.south & (mask >> width), size)
    if clockwise:  # each row's squares from east to west
        east = b"".join(east[row:row + width][::-1] for row in range(0, size, width))
        south = b"".join(south[row:row + width][::-1] for row in range(0, size, width))
    picked = bytearray(2 * size)  # each square's link east then south
    picked[0::2] = east
    picked[1::2] = south
    graph = nx.Graph()
    graph.add_nodes_from(cells(mask, width))
    graph.add_edges_from(compress(_links(width, height, clockwise), picked))
    return graph


def layout_graph(lay: Layout, squares: Collection[Cell], blocked: Collection[EdgeKey], *,
                 mask: int | None = None) -> nx.Graph:
    """:func:`square_graph` of ``squares`` and ``blocked`` on ``lay``'s sheet: from bit
    masks (:func:`mask_graph`, the same graph, with the layout's
    :attr:`~Layout.passage_moves`) when ``blocked`` is the layout's
    :attr:`~Layout.blocked_keys` and every square lies on a sheet of at most
    :data:`~homestaging.core.bitmask.LARGE` squares. ``mask``: the squares as a bit
    mask, when known."""
    width, height = lay.sheet.project.width, lay.sheet.project.height
    if blocked is lay.blocked_keys and width * height <= LARGE:
        if mask is None:
            mask = bits(squares, width, height)
        if mask.bit_count() == len(squares):
            return mask_graph(mask, lay.passage_moves, clockwise=False)
    return square_graph(squares, blocked)


@lru_cache(maxsize=32)  # both orders of every bundled project's size
def _links(width: int, height: int, clockwise: bool) -> tuple[tuple[Cell, Cell], ...]:
    """Every square's links east and south, in the order :func:`square_graph` lists them
    (rows in reading order, each from west to east, or with ``clockwise`` east to west).
    Each row's links are paired from slices of one grid of squares, one column and one
    row wider than the sheet (the squares east and south of its last ones)."""
    columns = width + 1
    grid = [(x, y) for y in range(height + 1) for x in range(columns)]
    rows = []
    for start in range(0, height * columns, columns):
        squares = grid[start:start + width]
        east = grid[start + 1:start + columns]
        south = grid[start + columns:start + columns + width]
        if clockwise:
            squares.reverse()
            east.reverse()
            south.reverse()
        rows.append(chain.from_iterable(zip(zip(squares, east, strict=True),
                                            zip(squares, south, strict=True), strict=True)))
    return tuple(chain.from_iterable(rows))


def reached(graph: nx.Graph, starts: Iterable[Cell]) -> frozenset[Cell]:
    """The squares linked to any of ``starts`` (those that are nodes of ``graph``)."""
    found: set[Cell] = set()
    for start in starts:
        if start not in found and start in graph:
            found |= nx.node_connected_component(graph, start)
    return frozenset(found)


def linked_groups(graph: nx.Graph) -> list[frozenset[Cell]]:
    """The groups of linked squares, in reading order of their first square."""
    groups = [frozenset(group) for group in nx.connected_components(graph)]
    return sorted(groups, key=lambda group: reading_order(min(group, key=reading_order)))


def cut_squares(graph: nx.Graph) -> frozenset[Cell]:
    """The squares whose loss splits their group of linked squares (the articulation
    points): the only squares that can be the only way somewhere."""
    return frozenset(nx.articulation_points(graph))


def cheapest_route(graph: nx.Graph, sources: Iterable[Cell], targets: Collection[Cell],
                   cost: Callable[[Cell], int], *, cutoff: int | None = None
                   ) -> tuple[list[Cell], int] | None:
    """The cheapest route from one of ``sources`` to one of ``targets`` and its cost (the
    sum of ``cost(square)`` over the squares stepped onto; never negative), or None when
    no target can be reached (with a ``cutoff``, none of at most that cost): networkx's
    ``multi_source_dijkstra`` to a node joined to every target. A source that is a target
    is a route of its own, of cost 0. Of equally cheap routes, the one found is fixed by
    the order of the sources and of the graph (see the module)."""
    starts = list(dict.fromkeys(s for s in sources if s in graph))
    ends = [cell for cell in in_reading_order(targets) if cell in graph]
    if not starts or not ends:
        return None
    graph.add_edges_from((cell, _TARGETS) for cell in ends)
    try:
        length, path = nx.multi_source_dijkstra(
            graph, starts, target=_TARGETS, cutoff=cutoff,
            weight=lambda _u, v, _d: 0 if v == _TARGETS else cost(v))
    except nx.NetworkXNoPath:
        return None
    finally:
        graph.remove_node(_TARGETS)
    return path[:-1], int(length)


def dominators(successors: Mapping[Node, Iterable[Node]], root: Node) -> dict[Node, Node]:
    """The immediate dominator of every node reached from ``root`` but ``root`` (the
    last node before it that every path from ``root`` passes): networkx's
    ``immediate_dominators`` of the directed graph ``successors`` describes."""
    graph = nx.DiGraph()
    graph.add_node(root)
    graph.add_edges_from((node, other) for node, ahead in successors.items() for other in ahead)
    found: dict[Node, Node] = dict(nx.immediate_dominators(graph, root))
    found.pop(root, None)  # networkx before 3.6 gives the root as its own
    return found
