"""The windows that pay, and what the bonuses give on a sheet.

Windows are decorative unless a bonus looks at them: a room's view (a window looking
onto a feature), a piece beside a window, a distance to a room's windows. At the end of
the game the player draws, one at a time, the window that adds most to the bonuses,
among the windows such a bonus could use, until no window adds anything
(:func:`best_windows`). A window that a bonus counts against (a TV beside a window) is
thus never drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..core.grid import DELTAS, Cell, Edge
from ..core.layout import Layout, layout
from ..core.sheet import Sheet
from ..scoring.access import Access, access, connected_access
from ..scoring.bonuses import Evaluator, evaluate
from ..search.moves import Standing, standing
from ..search.routes import KnownRoutes

__all__ = ["best_windows", "bonus_points", "window_candidates"]


def bonus_points(sheet: Sheet) -> int:
    """The project's bonus points on ``sheet`` with every walled room counted as
    connected to the front door (and the room being furnished, if any)."""
    if not sheet.project.bonuses:
        return 0
    return standing(sheet, layout(sheet), sheet.current_room).points


def _edge_order(edge: Edge) -> tuple[int, int, str]:
    return (edge.key[1], edge.key[0], edge.key[2])


def window_candidates(sheet: Sheet, lay: Layout | None = None,
                      acc: Access | None = None) -> list[Edge]:
    """Exterior edges of walled rooms that a bonus could count: those looking onto a
    feature a view bonus names (for its room), beside a piece a ``next_to: window``
    bonus may select, and of a room whose windows a distance measures. ``lay``,
    ``acc``: the sheet's layout, and its access with every walled room counted as
    connected (no room being furnished), when known."""
    project = sheet.project
    lay = lay or layout(sheet)
    house = project.house
    views: set[tuple[str, str]] = set()
    beside: list[dict[str, Any]] = []
    measured: set[str] = set()
    for bonus in project.bonuses:
        _collect(bonus.when or bonus.per or {}, views, beside, measured)
    if not (views or beside or measured):
        return []
    found: set[Edge] = set()
    exterior = sorted(lay.exterior, key=_edge_order)
    features = {kind: {c for f in project.features if f.kind == kind for c in f.cells}
                for _, kind in views}
    for edge in exterior:
        inside = edge.inside(house)
        if inside is None:
            continue
        room = lay.room_at.get(inside)
        if room is None:
            continue
        if room in measured:
            found.add(edge)
        for name, kind in views:
            if name == room and _looks_onto(sheet, edge, inside, features[kind]):
                found.add(edge)
    if beside:
        evaluator = Evaluator(sheet, lay,
                              acc or connected_access(sheet, lay, access(sheet, lay, search=True)))
        squares: set[Cell] = set()
        for selector in beside:
            for index in evaluator.select({"piece": selector}):
                squares |= sheet.pieces[index].placement.furniture
        found.update(edge for edge in exterior if edge.inside(house) in squares)
    return sorted(found, key=_edge_order)


def _collect(node: Any, views: set[tuple[str, str]], beside: list[dict[str, Any]],
             measured: set[str]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect(item, views, beside, measured)
        return
    if not isinstance(node, dict):
        return
    view = node.get("view")
    if isinstance(view, dict):
        views.add((view["room"], view["feature"]))
    if node.get("next_to") == "window" and isinstance(node.get("piece"), dict):
        beside.append(node["piece"])
    window = node.get("window")
    if isinstance(window, str):
        measured.add(window)
    for value in node.values():
        _collect(value, views, beside, measured)


def _looks_onto(sheet: Sheet, edge: Edge, inside: Cell, feature: set[Cell]) -> bool:
    project = sheet.project
    dx, dy = DELTAS[edge.seen_from(inside).side]
    cell = (inside[0] + dx, inside[1] + dy)
    while project.in_sheet(cell) and cell not in project.house:
        if cell in feature:
            return True
        cell = (cell[0] + dx, cell[1] + dy)
    return False


def best_windows(sheet: Sheet, candidates: Iterable[Edge] | None = None, *,
                 lay: Layout | None = None, known: Standing | None = None) -> tuple[Edge, ...]:
    """The windows to draw on ``sheet`` (which should have none): the candidates that
    add bonus points alone, most first, each kept when it still adds points to those
    kept before it. ``lay`` and ``known``: the sheet's layout and its bonuses as it
    stands (:func:`~homestaging.search.moves.standing`), when worked out before."""
    if not sheet.project.bonuses:
        return ()
    if lay is None:
        lay = layout(sheet)
    if known is None:
        known = standing(sheet, lay, sheet.current_room)
    if candidates is None:
        candidates = window_candidates(
            sheet, lay, known.access if sheet.current_room is None else None)
    pool = list(candidates)
    routes = KnownRoutes(lay)

    def points(windows: tuple[Edge, ...]) -> int:
        """:func:`bonus_points` with these windows: the layout, the access and the
        routes are those of ``sheet`` (windows change none)."""
        results = evaluate(replace(sheet, windows=windows), lay, known.access,
                           verdicts_only=True, distances=routes)
        return sum(result.points for result in results)

    base = known.points
    gains = []
    for order, edge in enumerate(pool):
        gain = points((edge,)) - base
        if gain > 0:
            gains.append((-gain, order, edge))
    chosen: list[Edge] = []
    current = base
    for _, _, edge in sorted(gains):
        trial = points((*chosen, edge))
        if trial > current:
            chosen.append(edge)
            current = trial
    return tuple(sorted(chosen, key=_edge_order))
