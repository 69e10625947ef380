"""The furniture grid of a sheet: what its characters mean, and which way a piece is drawn.

A group of touching squares of one character is one piece; :func:`find_fits` lists the
orientations of a piece whose furniture squares are exactly the group, and
:func:`narrow_fits` narrows them down with what the drawing says (``o`` marks, the house,
the other furniture). The sheet reader uses them to read a group, the writer to know
when a bare piece id in the legend reads back as the same placement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .grid import Cell, cells_text
from .pieces import ROTATIONS, Piece, Shape
from .project import Project

__all__ = ["EMPTY", "LEGEND_CHARS", "MARK", "Fit", "find_fits", "narrow_fits"]

EMPTY = ". "  # '.' and ' ' mean "nothing here"
MARK = "o"
LEGEND_CHARS = "".join(
    c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" if c != MARK
)
"""The characters a writer gives to pieces, in order (``o`` marks circulation)."""


class Fit(NamedTuple):
    """One way a piece's turned art matches a group of furniture squares."""

    rotation: int
    mirror: bool
    anchor: Cell
    shape: Shape

    @property
    def circulation(self) -> frozenset[Cell]:
        ax, ay = self.anchor
        return frozenset((ax + x, ay + y) for x, y in self.shape.circulation)

    def describe(self) -> str:
        text = f"rotation {self.rotation}" + (" mirrored" if self.mirror else "")
        circulation = cells_text(self.circulation) if self.circulation else "none"
        return f"{text} (circulation {circulation})"


def _orientations(
    piece: Piece, rotation: int | None, mirrors: Sequence[bool]
) -> list[tuple[int, bool, Shape]]:
    """The (rotation, mirror, shape) options to try, distinct shapes, in a fixed order."""
    rotations = ROTATIONS if rotation is None else (rotation,)
    seen: set[Shape] = set()
    found: list[tuple[int, bool, Shape]] = []
    for mirror in mirrors:
        for turn in rotations:
            shape = piece.shape(turn, mirror)
            if shape not in seen:
                seen.add(shape)
                found.append((turn, mirror, shape))
    return found


def find_fits(
    piece: Piece, group: frozenset[Cell], rotation: int | None, mirrors: Sequence[bool]
) -> list[Fit]:
    """Every orientation whose furniture squares are exactly ``group``, translated."""
    found: list[Fit] = []
    gx = min(x for x, _ in group)
    gy = min(y for _, y in group)
    for turn, mirror, shape in _orientations(piece, rotation, mirrors):
        if len(shape.furniture) != len(group):
            continue
        fx = min(x for x, _ in shape.furniture)
        fy = min(y for _, y in shape.furniture)
        anchor = (gx - fx, gy - fy)
        if {(anchor[0] + x, anchor[1] + y) for x, y in shape.furniture} == group:
            found.append(Fit(turn, mirror, anchor, shape))
    return found


def narrow_fits(
    fits: list[Fit], marks: frozenset[Cell], furniture: frozenset[Cell], project: Project
) -> list[Fit]:
    """Narrow several fits down to one when the drawing says which; return the survivors.

    In order: prefer fits whose circulation stays on the sheet, then fits whose
    circulation is not under drawn furniture, then the one fit with every circulation
    square marked ``o``, then fits whose circulation stays in the house and off
    obstacles, then the fit covering the most ``o`` marks.
    """
    usable = project.house - project.obstacles

    def on_sheet(fit: Fit) -> bool:
        return all(project.in_sheet(cell) for cell in fit.circulation)

    def all_marked(fit: Fit) -> bool:
        return bool(fit.circulation) and fit.circulation <= marks

    def in_house(fit: Fit) -> bool:
        return fit.circulation <= usable

    for keep in (on_sheet, lambda fit: not (fit.circulation & furniture), all_marked, in_house):
        if len(fits) <= 1:
            return fits
        kept = [fit for fit in fits if keep(fit)]
        if kept and (keep is not all_marked or len(kept) == 1):
            fits = kept
    if len(fits) <= 1:
        return fits
    most = max(len(fit.circulation & marks) for fit in fits)
    winners = [fit for fit in fits if len(fit.circulation & marks) == most]
    return winners if len(winners) == 1 and most > 0 else fits
