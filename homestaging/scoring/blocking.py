"""Why a piece or room is cut off, and which squares must stay free (``docs/scoring.md``).

Both questions are asked of networkx graphs of squares, linked where no wall stands
between them (:mod:`homestaging.scoring.accessgraph`, which also says how ties are broken):

* :func:`explain_unreachable` completes the ``unreachable-piece`` and
  ``unreachable-room`` warnings with what blocks them: the fewest squares that stand in
  the way (furniture, or room squares no one may walk on), found by a shortest path
  (networkx's ``multi_source_dijkstra`` over the house) where a walkable square costs 0
  and a square in the way costs 1. The warning names
  their pieces (``blocked by Stove at K11-L11``) and ``Problem.blocked_by`` lists them.
* :func:`only_ways` finds, mid-game, the squares outside the walled rooms that every
  route from the front door to a walled room passes (among the articulation points of
  the access graph, the immediate dominators of the room's doors seen from the front
  door, both found by networkx) and reports them as ``only-way`` information
  (``keep H7 free: it is the only way to the Kitchen``).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import replace

from ..core.errors import Problem, Severity
from ..core.grid import Cell, EdgeKey, cells_text, in_reading_order, reading_order, steps
from ..core.layout import Layout
from ..core.sheet import Sheet
from ..rules.checks import Code
from .access import Access, room_entrances
from .accessgraph import (
    cheapest_route,
    cut_squares,
    dominators,
    layout_graph,
    linked_groups,
    square_graph,
)

__all__ = ["MAX_EXPLAINED", "explain_unreachable", "only_ways"]

MAX_EXPLAINED = 20
"""How many unreachable warnings are explained (a shortest path over the whole house each);
the others keep their plain message, so that a sheet of thousands of cut-off pieces costs
no more than one of twenty."""


# --- what blocks a piece or a room --------------------------------------------------------


def explain_unreachable(sheet: Sheet, lay: Layout, acc: Access, if_connected: Access,
                        problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with each ``unreachable-piece`` / ``unreachable-room`` warning (the
    first :data:`MAX_EXPLAINED` of them) completed by what blocks it (``blocked_by`` and
    the end of its message); the others unchanged."""
    asked = [p for p in problems if p.code in (Code.UNREACHABLE_PIECE, Code.UNREACHABLE_ROOM)]
    asked = asked[:MAX_EXPLAINED]
    if not asked:
        return list(problems)
    searches: dict[Problem, tuple[list[Cell], list[frozenset[Cell]], int | None]] = {}
    for problem in asked:
        found = _search(sheet, lay, acc, if_connected, problem)
        if found is not None:
            searches[problem] = found
    if not searches:
        return list(problems)
    paths = _Paths.of_house(sheet, lay, acc)
    done: list[Problem] = []
    for problem in problems:
        search = searches.get(problem)
        if search is None:
            done.append(problem)
            continue
        sources, groups, own = search
        blockers = paths.fewest(sources, groups)
        done.append(_with_blockers(sheet, lay, problem, blockers, own) if blockers else problem)
    return done


def _search(sheet: Sheet, lay: Layout, acc: Access, if_connected: Access, problem: Problem
            ) -> tuple[list[Cell], list[frozenset[Cell]], int | None] | None:
    """Where the route starts, the groups of squares it must reach and the piece cut off
    (None for a room), or None when there is nothing to explain (no front door, a door
    onto another room...)."""
    if problem.code == Code.UNREACHABLE_PIECE:
        index = next((i for i, drawn in enumerate(sheet.pieces) if drawn.path == problem.path
                      and drawn.subject == problem.subject
                      and tuple(in_reading_order(drawn.placement.furniture)) == problem.cells),
                     None)
        room = lay.piece_rooms[index] if index is not None else None
        plan = sheet.room(room) if room is not None else None
        if index is None or plan is None or not plan.finalized:
            return None
        if acc.room_reachable(room):
            reached = acc.connected
        elif if_connected.room_reachable(room):
            reached = if_connected.connected & plan.cells
        else:
            return None
        cut = sheet.pieces[index].placement.circulation - reached
        if not reached or not cut:
            return None
        return in_reading_order(reached), _groups(cut, acc.blocked), index
    name = problem.subject.removeprefix("room ")
    plan = sheet.room(name)
    if plan is None or not plan.finalized or acc.start is None or not acc.connected:
        return None
    entrances = room_entrances(sheet, lay, acc, name)
    doors = {inside for door in plan.doors if (inside := door.inside(plan.cells)) is not None}
    targets = entrances or frozenset(doors - acc.walkable)
    if not targets:
        return None
    return in_reading_order(acc.connected), [frozenset(targets)], None


def _groups(cells: Collection[Cell], blocked: frozenset[EdgeKey]) -> list[frozenset[Cell]]:
    """Squares split into groups linked by steps (each group must be reached), in reading
    order of their first square."""
    return linked_groups(square_graph(cells, blocked))


_FURNITURE = 1000
_UNUSED = 1001
"""Step costs of a square in the way: furniture is named before an unused room square
when both would do (moving a piece is the fix a player can make)."""
_ORDERS = 3
"""With at most this many groups to reach, every order is tried (the fewest squares win)."""


class _Paths:
    """The house (obstacles left out) for the cheapest route: a step onto a walkable
    square costs 0, onto a square in the way (furniture, an unused room square) about 1
    (:data:`_FURNITURE`, :data:`_UNUSED`)."""

    def __init__(self, lay: Layout, cost: dict[Cell, int], blocked: Collection[EdgeKey]
                 ) -> None:
        """``cost``: the cost of a step onto each square; ``blocked``: the walls between
        them."""
        self.cost = cost
        self.graph = layout_graph(lay, cost.keys(), blocked)

    @classmethod
    def of_house(cls, sheet: Sheet, lay: Layout, acc: Access) -> _Paths:
        """The house of ``sheet`` as it stands."""
        project = sheet.project
        squares = project.house - project.obstacles
        return cls(lay, {cell: 0 if cell in acc.walkable else _FURNITURE if cell in lay.furniture_at
                    else _UNUSED for cell in squares}, acc.blocked)

    def fewest(self, sources: Sequence[Cell], groups: Sequence[frozenset[Cell]]) -> set[Cell]:
        """The squares in the way of routes from ``sources`` to every group: one route
        per group, each starting from the squares the earlier ones opened; with a few
        groups, the order giving the fewest squares."""
        orders = (itertools.permutations(groups) if len(groups) <= _ORDERS
                  else iter([tuple(groups)]))
        best: tuple[int, set[Cell]] | None = None
        for order in orders:
            start = list(sources)
            cleared: set[Cell] = set()
            weight = 0
            for group in order:
                found = self.route(start, group, cleared)
                if found is None:
                    continue
                path, cost = found
                weight += cost
                cleared |= {cell for cell in path if self.cost.get(cell, 0)}
                start += path
            if best is None or (len(cleared), weight) < (len(best[1]), best[0]):
                best = (weight, cleared)
        return best[1] if best is not None else set()

    def route(self, sources: Sequence[Cell], targets: frozenset[Cell],
              cleared: set[Cell]) -> tuple[list[Cell], int] | None:
        """The cheapest route from ``sources`` to one of ``targets`` (squares of
        ``cleared`` cost nothing) and its cost; None when walls close every route."""
        cost = self.cost

        def step(cell: Cell) -> int:
            return 0 if cell in cleared else cost[cell]

        return cheapest_route(self.graph, sources, targets, step)


def _with_blockers(sheet: Sheet, lay: Layout, problem: Problem, blockers: set[Cell],
                   own: int | None) -> Problem:
    """The warning naming what is in the way: ``blocked by Stove at K11-L11`` (a piece
    by all its furniture squares), ``its own furniture at L8`` (the piece cut off, by
    the squares in the way) or the unused room squares."""
    pieces: dict[int, list[Cell]] = {}
    unused: list[Cell] = []
    for cell in in_reading_order(blockers):
        index = lay.furniture_at.get(cell)
        if index is None:
            unused.append(cell)
        else:
            pieces.setdefault(index, []).append(cell)
    names = [f"its own furniture at {cells_text(pieces[i])}" if i == own else
             f"{sheet.pieces[i].name} at {cells_text(sheet.pieces[i].placement.furniture)}"
             for i in sorted(pieces, key=lambda i: reading_order(pieces[i][0]))]
    if unused:
        names.append(f"the unused room square{'s' if len(unused) > 1 else ''} "
                     f"{cells_text(unused)} (only circulation and rugs are walkable in a room)")
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return replace(problem, message=f"{problem.message}; blocked by {text}",
                   blocked_by=tuple(in_reading_order(blockers)))


# --- the squares every route to a room passes ------------------------------------------------


_Node = Cell | tuple[int, int, int]
"""A square that may be one to keep free, or a region of squares (``(-1, number, 0)``)
or a room's way in (``(-2, number, 0)``)."""


def only_ways(sheet: Sheet, lay: Layout, acc: Access) -> list[Problem]:
    """``only-way`` information: the squares outside the walled rooms that every route
    from the front door to a reachable walled room passes, grouped by the rooms they
    would cut off, in reading order of their first square. None in a project with no
    hallway. The dominators are looked for only when a square passes the local test
    (networkx's articulation points of the access graph: a square whose loss splits
    nothing is the only way nowhere), on the graph where the squares in between are
    merged into the regions they form."""
    start = acc.start
    if start is None or not sheet.project.entry.outside_walked:
        return []
    targets = {plan.name: entrances for plan in sheet.rooms
               if plan.finalized and acc.room_reachable(plan.name)
               and (entrances := room_entrances(sheet, lay, acc, plan.name) & acc.connected)}
    if not targets:
        return []
    graph = acc.graph
    if graph is None:
        graph = layout_graph(lay, acc.walkable, acc.blocked)
    room_at = lay.room_at
    candidates = {cell for cell in cut_squares(graph) & acc.connected
                  if cell != start and cell not in room_at}
    if not candidates:
        return []
    # only candidates can be squares to keep free: the others are merged into the
    # regions they form (a route inside a region needs none of them), and the
    # dominators are found on that much smaller graph
    regions = linked_groups(graph.subgraph(acc.connected - candidates))
    node: dict[Cell, _Node] = {c: c for c in candidates}
    for number, region in enumerate(regions):
        for cell in region:
            node[cell] = (-1, number, 0)
    successors: dict[_Node, dict[_Node, None]] = {}  # the nodes each one leads to, in order
    for cell in in_reading_order(candidates):
        for other, key in steps(cell):
            if other in node and key not in acc.blocked:
                successors.setdefault(node[cell], {})[node[other]] = None
                successors.setdefault(node[other], {})[node[cell]] = None
    sinks = {}
    for number, (name, entrances) in enumerate(targets.items()):
        sink = (-2, number, 0)
        sinks[name] = sink
        for cell in in_reading_order(entrances):
            successors.setdefault(node[cell], {})[sink] = None
    root = node[start]
    if root not in successors:
        return []
    found_dominators = dominators(successors, root)
    cuts: dict[Cell, list[str]] = {}
    for name, sink in sinks.items():
        at = found_dominators.get(sink)
        while at is not None and at != root:
            if at in candidates:
                cuts.setdefault(at, []).append(name)
            at = found_dominators.get(at)
    by_rooms: dict[tuple[str, ...], list[Cell]] = {}
    for cell in in_reading_order(cuts):
        by_rooms.setdefault(tuple(cuts[cell]), []).append(cell)
    paths = {plan.name: plan.path for plan in sheet.rooms}
    found = []
    for rooms, squares in by_rooms.items():
        many = len(squares) > 1
        names = rooms[0] if len(rooms) == 1 else ", ".join(rooms[:-1]) + " and " + rooms[-1]
        found.append(Problem(
            Code.ONLY_WAY, Severity.INFO,
            f"keep {cells_text(squares)} free: {'they are' if many else 'it is'} the only way "
            f"to the {names}", "hallway", tuple(squares), paths[rooms[0]]))
    return found
