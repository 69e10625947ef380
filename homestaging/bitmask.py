"""Squares as the bits of one integer: bit ``y * width + x`` stands for square (x, y).

The bit-mask counterpart of :mod:`homestaging.grid`, for searches that look at whole
layers at once (the placement search, an automatic player): a set of squares is one
int, a union is ``|``, shifting by 1 or by ``width`` moves every square one step, and
:class:`Moves` walks them without crossing walls or the edges of the sheet.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .grid import Cell, Edge

__all__ = ["Moves", "bits", "cells", "iter_bits", "open_moves", "side_masks"]


def bits(squares: Iterable[Cell], width: int, height: int) -> int:
    """The mask of the squares (those off the ``width`` x ``height`` sheet left out).

    >>> bin(bits([(0, 0), (2, 1)], 3, 2))
    '0b100001'
    """
    raw = bytearray((width * height + 7) // 8)  # little-endian bytes: no big int per square
    for x, y in squares:
        if 0 <= x < width and 0 <= y < height:
            index = y * width + x
            raw[index >> 3] |= 1 << (index & 7)
    return int.from_bytes(raw, "little")


def iter_bits(mask: int) -> Iterator[int]:
    """The indexes of the bits set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells(mask: int, width: int) -> list[Cell]:
    """The squares of a mask, in reading order.

    >>> cells(0b100001, 3)
    [(0, 0), (2, 1)]
    """
    return [(bit % width, bit // width) for bit in iter_bits(mask)]


def side_masks(edges: Iterable[Edge], width: int, height: int) -> dict[str, int]:
    """Per side (``n e s w``), the squares that have that side on one of ``edges``."""
    found: dict[str, list[Cell]] = {"n": [], "e": [], "s": [], "w": []}
    for edge in edges:
        x, y, side = edge.key  # side is n (between y-1 and y) or w (between x-1 and x)
        if side == "n":
            found["n"].append((x, y))
            found["s"].append((x, y - 1))
        else:
            found["w"].append((x, y))
            found["e"].append((x - 1, y))
    return {side: bits(squares, width, height) for side, squares in found.items()}


@dataclass(frozen=True)
class Moves:
    """Where one step may go on a sheet: per direction, the squares from which a step
    that way stays on the sheet and crosses none of the walls."""

    width: int
    full: int
    east: int
    west: int
    south: int
    north: int

    @classmethod
    def build(cls, width: int, height: int, walls: Iterable[Edge] = ()) -> Moves:
        full = (1 << (width * height)) - 1
        blocked = side_masks(walls, width, height)
        first_column = sum(1 << (y * width) for y in range(height))
        last_column = first_column << (width - 1)
        first_row = (1 << width) - 1
        last_row = first_row << (width * (height - 1))
        return cls(width, full, full & ~blocked["e"] & ~last_column,
                   full & ~blocked["w"] & ~first_column, full & ~blocked["s"] & ~last_row,
                   full & ~blocked["n"] & ~first_row)

    def step(self, mask: int) -> int:
        """The squares one step from ``mask`` (``mask`` itself not included)."""
        width = self.width
        return (((mask & self.east) << 1) | ((mask & self.west) >> 1)
                | ((mask & self.south) << width) | ((mask & self.north) >> width))

    def grow(self, mask: int) -> int:
        """``mask`` and the squares one step from it."""
        return mask | self.step(mask)

    def linked(self, squares: Collection[Cell]) -> bool:
        """Whether the squares are linked by steps among them: one flood fill over the
        mask, far cheaper than :func:`homestaging.grid.components` over the set. False
        also when a square lies off the sheet (the caller then asks the set version).

        >>> open_sheet = Moves.build(3, 2)
        >>> open_sheet.linked({(0, 0), (1, 0), (1, 1)}), open_sheet.linked({(0, 0), (2, 0)})
        (True, False)
        """
        mask = bits(squares, self.width, self.full.bit_length() // self.width)
        if mask.bit_count() != len(squares):
            return False
        return self.flood(mask & -mask, mask) == mask

    def flood(self, seed: int, walkable: int) -> int:
        """The squares of ``walkable`` linked to ``seed`` by steps within ``walkable``.

        >>> open_sheet = Moves.build(3, 1)
        >>> bin(open_sheet.flood(0b001, 0b011)), bin(open_sheet.flood(0b001, 0b101))
        ('0b11', '0b1')
        """
        east, west, south, north, width = self.east, self.west, self.south, self.north, self.width
        reached = seed & walkable
        while True:  # the steps of step(), written out: the hot loop of the placement marks
            grown = (reached | ((reached & east) << 1) | ((reached & west) >> 1)
                     | ((reached & south) << width) | ((reached & north) >> width)) & walkable
            if grown == reached:
                return reached
            reached = grown


@lru_cache(maxsize=8)
def open_moves(width: int, height: int) -> Moves:
    """The moves of a ``width`` x ``height`` sheet without walls (made once per size)."""
    return Moves.build(width, height)
