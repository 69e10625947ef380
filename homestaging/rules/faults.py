"""Which pieces a sheet's errors name: the pieces that score nothing and count for no
bonus (:mod:`homestaging.scoring.card`), and that the ranking of moves leaves aside
(:mod:`homestaging.search.moves`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.errors import Problem, Severity
from .checks import Code

if TYPE_CHECKING:
    from ..core.grid import Cell
    from ..core.sheet import Sheet

__all__ = ["involved"]


def involved(sheet: Sheet, problems: Iterable[Problem]) -> frozenset[int]:
    """Indexes of the pieces named by an error: its path is the piece's entry (shared by
    several grid pieces: its squares must touch the piece), or its squares lie on the
    piece's furniture and its path is a piece's entry. An error about a room (the extra
    pieces of ``too-many-pieces``) names the pieces whose furniture its squares cover.

    The pieces are indexed by path and by square once, so that the cost grows with the
    squares the problems name, not with pieces times problems (and not at all on a
    sheet without errors)."""
    errors = [problem for problem in problems if problem.severity == Severity.ERROR]
    if not errors:
        return frozenset()
    paths: dict[str, list[int]] = {}
    furniture_at: dict[Cell, list[int]] = {}
    for index, drawn in enumerate(sheet.pieces):
        paths.setdefault(drawn.path, []).append(index)
        for cell in drawn.placement.furniture:
            furniture_at.setdefault(cell, []).append(index)
    shared_at: dict[tuple[str, Cell], list[int]] = {}  # pieces sharing a path, by square
    for path, named in paths.items():
        for index in named if len(named) > 1 else ():
            for cell in sheet.pieces[index].placement.squares:
                shared_at.setdefault((path, cell), []).append(index)
    found: set[int] = set()
    done: set[Cell] = set()  # squares whose pieces' furniture is already found
    for problem in errors:
        if problem.path not in paths:
            if problem.code == Code.TOO_MANY_PIECES:
                cells = set(problem.cells)
                near = {i for cell in cells for i in furniture_at.get(cell, ())}
                found.update(i for i in near if sheet.pieces[i].placement.furniture <= cells)
            continue
        named = paths[problem.path]
        if len(named) == 1:
            found.update(named)
        for cell in problem.cells:
            if len(named) > 1:
                found.update(shared_at.get((problem.path, cell), ()))
            if cell not in done:
                found.update(furniture_at.get(cell, ()))
                done.add(cell)
    return frozenset(found)
