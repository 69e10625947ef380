"""Pieces' outlines drawn on the grid line, told from walls by the shape they make.

A piece may be outlined anywhere from a quarter inside its squares to the square's edge:
there the outline is a line on the grid line, as a wall is, and reads as one. What tells
them apart is the figure they draw. An outline is a closed ring around hatched squares
only: with the walls, it shuts in a part of the house that holds nothing but furniture,
and no room does (a room has a door, and circulation squares). A wall is a line along
the grid that goes on past the piece: its side of that ring continues, in a straight
line, into a wall beyond it.
"""

from __future__ import annotations

from collections.abc import Collection, Set

from ..core.grid import Cell, Edge, components

__all__ = ["outline_rings"]


def _along(edge: Edge, step: int) -> Edge:
    """The side ``step`` squares further along the same grid line."""
    x, y, side = edge.key
    return Edge((x + step, y), side) if side == "n" else Edge((x, y + step), side)


def _runs(edges: Collection[Edge]) -> list[list[Edge]]:
    """The straight runs of ``edges``: sides that follow one another on one grid line."""
    left = set(edges)
    runs: list[list[Edge]] = []
    for start in sorted(edges, key=lambda e: e.key):
        if start not in left:
            continue
        run = [start]
        left.discard(start)
        while _along(run[-1], 1) in left:
            run.append(_along(run[-1], 1))
            left.discard(run[-1])
        while _along(run[0], -1) in left:
            run.insert(0, _along(run[0], -1))
            left.discard(run[0])
        runs.append(run)
    return runs


def outline_rings(walls: Set[Edge], furniture: Set[Cell], printed: Set[Edge],
                  house: Collection[Cell]) -> set[Edge]:
    """The lines read as walls (``walls``, drawn ones) that are pieces' outlines: the
    sides of a part of the house shut in by the walls (``printed`` ones too) that holds
    only ``furniture`` squares, but for the straight runs of them that continue, past
    an end, into a wall that is no such side."""
    every = walls | printed
    parts = components(house, {edge.key for edge in every})
    rings: set[Edge] = set()
    for part in parts:
        if not part <= furniture:
            continue
        rings |= {edge for edge in walls if len(set(edge.cells) & part) == 1}
    lines = every - rings
    dropped: set[Edge] = set()
    for run in _runs(rings):
        if _along(run[0], -1) in lines or _along(run[-1], 1) in lines:
            continue
        dropped |= set(run)
    return dropped
