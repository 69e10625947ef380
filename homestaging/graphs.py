"""Two graph algorithms over plain adjacency mappings (``{node: its neighbours}``).

* :func:`cheapest_route`: Dijkstra's algorithm from several sources to the first of a set
  of targets, where a step costs what the square stepped onto costs. Ties are broken
  the same way every time (see the function), so that the route found, and the squares
  named in a message, never depend on anything but the graph's order.
* :func:`immediate_dominators`: the dominator tree of a directed graph seen from a root
  (the iterative algorithm of Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
  Algorithm", 2001).

No graph library: ``check`` explains what blocks a room with these, and importing one
would cost more than the whole check.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Hashable, Iterable, Mapping
from itertools import count
from typing import TypeVar

__all__ = ["cheapest_route", "immediate_dominators"]

Node = TypeVar("Node", bound=Hashable)


def cheapest_route(neighbours: Mapping[Node, Iterable[Node]], sources: Iterable[Node],
                   targets: Container[Node], cost: Callable[[Node], int]
                   ) -> tuple[list[Node], int] | None:
    """The cheapest route from one of ``sources`` to one of ``targets`` and its cost (the
    sum of ``cost(node)`` over the nodes stepped onto; costs are never negative), or None
    when no target can be reached. A source that is a target is a route of its own, of
    cost 0.

    Of several equally cheap routes, the one found is fixed by the order of the heap:
    nodes are taken cheapest first and, at equal cost, in the order they were put on it
    (the sources in their order, then the neighbours of each node taken, in the order of
    ``neighbours[node]``); a node's route is replaced only by a strictly cheaper one. The
    first target taken ends the search. That is the route networkx's
    ``multi_source_dijkstra`` finds to a node joined to every target after their other
    neighbours.

    >>> line = {"a": ["b"], "b": ["a", "c"], "c": ["b"]}
    >>> cheapest_route(line, ["a"], {"c"}, {"a": 0, "b": 1, "c": 0}.__getitem__)
    (['a', 'b', 'c'], 1)
    >>> cheapest_route(line, ["a"], {"z"}, lambda node: 0) is None
    True
    """
    best: dict[Node, int] = {}
    came_from: dict[Node, Node] = {}
    taken: set[Node] = set()
    order = count()
    heap: list[tuple[int, int, Node]] = []
    for source in sources:
        best[source] = 0
        heap.append((0, next(order), source))  # in order: already a heap
    while heap:
        spent, _, node = heapq.heappop(heap)
        if node in taken:
            continue
        taken.add(node)
        if node in targets:
            path = [node]
            while node in came_from:  # a source has no step before it
                node = came_from[node]
                path.append(node)
            path.reverse()
            return path, spent
        for other in neighbours[node]:
            if other in taken:
                continue
            total = spent + cost(other)
            known = best.get(other)
            if known is None or total < known:
                best[other] = total
                came_from[other] = node
                heapq.heappush(heap, (total, next(order), other))
    return None


def immediate_dominators(successors: Mapping[Node, Iterable[Node]], root: Node
                         ) -> dict[Node, Node]:
    """The immediate dominator of every node reached from ``root`` (but ``root``): the
    last node before it that every path from ``root`` to it passes. ``successors[node]``
    are the nodes an edge leads to from ``node`` (a node with none may be left out).

    Cooper, Harvey and Kennedy's algorithm: each node's dominator is the nearest common
    ancestor, in the dominator tree found so far, of its predecessors already placed,
    taken in reverse postorder of a depth-first search until nothing changes.

    >>> diamond = {"r": ["a", "b"], "a": ["c"], "b": ["c"], "c": ["d"]}
    >>> sorted(immediate_dominators(diamond, "r").items())
    [('a', 'r'), ('b', 'r'), ('c', 'r'), ('d', 'c')]
    """
    order = _postorder(successors, root)
    number = {node: index for index, node in enumerate(order)}  # root: the highest
    predecessors: dict[Node, list[Node]] = {node: [] for node in order}
    for node in order:
        for other in successors.get(node, ()):
            predecessors[other].append(node)
    dominator = {root: root}

    def common(a: Node, b: Node) -> Node:
        """The nearest common ancestor of two placed nodes in the tree so far."""
        while a != b:
            while number[a] < number[b]:
                a = dominator[a]
            while number[b] < number[a]:
                b = dominator[b]
        return a

    forward = order[-2::-1]  # reverse postorder, root aside
    changed = True
    while changed:
        changed = False
        for node in forward:
            found: Node | None = None
            for other in predecessors[node]:
                if other in dominator:
                    found = other if found is None else common(other, found)
            # a node's parent in the search comes before it: ``found`` is never None
            if found is not None and dominator.get(node) != found:
                dominator[node] = found
                changed = True
    del dominator[root]
    return dominator


def _postorder(successors: Mapping[Node, Iterable[Node]], root: Node) -> list[Node]:
    """The nodes reached from ``root`` in postorder of a depth-first search (``root``
    last), without recursion."""
    seen = {root}
    order: list[Node] = []
    stack = [(root, iter(successors.get(root, ())))]
    while stack:
        node, ahead = stack[-1]
        for other in ahead:
            if other not in seen:
                seen.add(other)
                stack.append((other, iter(successors.get(other, ()))))
                break
        else:
            stack.pop()
            order.append(node)
    return order
