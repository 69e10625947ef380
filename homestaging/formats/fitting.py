"""The furniture grid of a sheet: what its characters mean, and which way a piece is drawn.

A group of touching squares of one character is one piece; :func:`find_fits` lists the
orientations of a piece whose furniture squares are exactly the group, and
:func:`narrow_fits` narrows them down with what the drawing says (``o`` marks, the house,
the other furniture). The sheet reader uses them to read a group, the writer to know
when a bare piece id in the legend reads back as the same placement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..core.grid import Cell, cells_text, in_reading_order
from ..core.pieces import ROTATIONS, Piece, Placement, Shape
from ..core.project import Project

__all__ = ["EMPTY", "LEGEND_CHARS", "MARK", "Fit", "find_fits", "narrow_fits", "whole_fits"]

EMPTY = ". "  # '.' and ' ' mean "nothing here"
MARK = "o"
LEGEND_CHARS = "".join(
    c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" if c != MARK
)
"""The characters a writer gives to pieces, in order (``o`` marks circulation)."""


class Fit(NamedTuple):
    """One way a piece's turned art matches a group of furniture squares, with the
    circulation squares it puts on the sheet (worked out with it: the drawing is
    narrowed down by them, and the placement chosen keeps them, see :meth:`placement`)."""

    rotation: int
    mirror: bool
    anchor: Cell
    shape: Shape
    circulation: frozenset[Cell]

    def placement(self, piece: Piece) -> Placement:
        """The placement of ``piece`` this fit draws."""
        return Placement.known(piece, self.anchor, self.rotation, self.mirror, self.shape,
                               self.circulation)

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


def _relative(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """Squares in reading order moved so that the first one is at 0, 0: the same tuple
    for the same shape wherever it lies (a list comprehension: no generator to drive)."""
    x0, y0 = cells[0]
    return tuple([(x - x0, y - y0) for x, y in cells])


class _Outlines(NamedTuple):
    """The orientations of a piece to try (:func:`_orientations`), in order, by their
    furniture squares as :func:`_relative` gives them, each with the first of them in
    its shape (to tell the anchor); with the piece's size and whether its furniture is
    one part."""

    piece: Piece
    size: int
    one_part: bool
    by_outline: dict[tuple[Cell, ...], list[tuple[int, bool, Shape, int, int]]]


_TABLES: dict[tuple[int, int | None, tuple[bool, ...]], _Outlines] = {}
""":func:`_outlines`' tables, by the piece's identity (each kept beside its piece, so
that the identity stays the piece's): a piece is a record of many fields, slower to hash
than the reader asks for it."""
_MAX_TABLES = 4096


def _outlines(piece: Piece, rotation: int | None, mirrors: tuple[bool, ...]) -> _Outlines:
    """The piece's orientations to try by their outlines, made once (:data:`_TABLES`)."""
    key = (id(piece), rotation, mirrors)
    kept = _TABLES.get(key)
    if kept is not None and kept.piece is piece:
        return kept
    found: dict[tuple[Cell, ...], list[tuple[int, bool, Shape, int, int]]] = {}
    for turn, mirror, shape in _orientations(piece, rotation, mirrors):
        squares = in_reading_order(shape.furniture)
        fx, fy = squares[0]
        found.setdefault(_relative(squares), []).append((turn, mirror, shape, fx, fy))
    if len(_TABLES) >= _MAX_TABLES:
        _TABLES.clear()
    kept = _TABLES[key] = _Outlines(piece, piece.size, piece.art.in_one_part, found)
    return kept


def _fits(outlines: _Outlines, cells: Sequence[Cell]) -> list[Fit]:
    """The fits of the squares ``cells`` (in reading order) among ``outlines``."""
    x0, y0 = cells[0]
    found = []
    for turn, mirror, shape, fx, fy in outlines.by_outline.get(_relative(cells), ()):
        ax, ay = x0 - fx, y0 - fy
        # the circulation as Placement.circulation makes it, squares in the same order
        found.append(Fit(turn, mirror, (ax, ay), shape,
                         frozenset([(ax + x, ay + y) for x, y in shape.circulation])))
    return found


def find_fits(
    piece: Piece, group: Iterable[Cell], rotation: int | None, mirrors: Sequence[bool]
) -> list[Fit]:
    """Every orientation whose furniture squares are exactly ``group``, translated."""
    if not group:
        return []
    return _fits(_outlines(piece, rotation, tuple(mirrors)), in_reading_order(group))


def whole_fits(
    piece: Piece, squares: Sequence[Cell], rotation: int | None, mirrors: Sequence[bool]
) -> list[Fit]:
    """:func:`find_fits` of all the squares of one character (in reading order), when they
    are one whole piece of one part: then they are one group, found without splitting
    them into groups. Empty otherwise (the squares are to be split, or match no
    orientation)."""
    outlines = _outlines(piece, rotation, tuple(mirrors))
    if len(squares) != outlines.size or not outlines.one_part:
        return []
    return _fits(outlines, squares)


def narrow_fits(
    fits: list[Fit], marks: frozenset[Cell], furniture: frozenset[Cell], project: Project
) -> list[Fit]:
    """Narrow several fits down to one when the drawing says which; return the survivors.

    In order: prefer fits whose circulation stays on the sheet, then fits whose
    circulation is not under drawn furniture, then the one fit with every circulation
    square marked ``o``, then fits whose circulation stays in the house and off
    obstacles, then the fit covering the most ``o`` marks.
    """
    if len(fits) <= 1:
        return fits
    width, height = project.width, project.height
    # each step a comprehension over the fits (no call per fit): the usual drawing has
    # two or four fits, told apart by its o marks
    kept = [fit for fit in fits if _circulation_on_sheet(fit, width, height)]
    fits = kept or fits
    if len(fits) > 1:
        kept = [fit for fit in fits if fit.circulation.isdisjoint(furniture)]
        fits = kept or fits
    if len(fits) > 1:
        kept = [fit for fit in fits if fit.circulation and fit.circulation <= marks]
        fits = kept if len(kept) == 1 else fits
    if len(fits) > 1:
        house, obstacles = project.house, project.obstacles
        kept = [fit for fit in fits
                if fit.circulation <= house and fit.circulation.isdisjoint(obstacles)]
        fits = kept or fits
    if len(fits) > 1:
        most = max(len(fit.circulation & marks) for fit in fits)
        winners = [fit for fit in fits if len(fit.circulation & marks) == most]
        if len(winners) == 1 and most > 0:
            fits = winners
    return fits


def _circulation_on_sheet(fit: Fit, width: int, height: int) -> bool:
    """Whether the fit's circulation squares lie on a ``width`` x ``height`` sheet (told
    by their bounding box)."""
    box = fit.shape.circulation_box
    if box is None:
        return True
    (x, y), (left, top, right, bottom) = fit.anchor, box
    return x + left >= 0 and y + top >= 0 and x + right < width and y + bottom < height
