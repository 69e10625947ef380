"""Squares as the bits of one integer: bit ``y * width + x`` stands for square (x, y).

The bit-mask counterpart of :mod:`homestaging.core.grid`, for searches that look at whole
layers at once (the placement search, an automatic player): a set of squares is one
int, a union is ``|``, shifting by 1 or by ``width`` moves every square one step, and
:class:`Moves` walks them without crossing walls or the edges of the sheet.

:class:`SquareSet` is a set of squares kept as such a mask (``width`` :data:`STRIDE`,
the same for every sheet): the house and the rooms of a large sheet, tens of thousands
of squares, without a tuple per square (:func:`compact`; a smaller set stays a
frozenset, whose C loops a Python class cannot match).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Set, Sized
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, compress, cycle, filterfalse, repeat
from typing import Any, cast

from .grid import MAX_SIDE, Cell, Edge, EdgeKey, parse_range, reading_order, rectangle

__all__ = ["LARGE", "STRIDE", "Moves", "SquareSet", "bits", "cells", "compact", "flags",
           "from_flags", "iter_bits", "key_masks", "on_sheet", "open_moves", "parse_squares",
           "side_masks"]

STRIDE = MAX_SIDE
"""Bit ``y * STRIDE + x`` of a :class:`SquareSet` stands for square (x, y)."""


def bits(squares: Iterable[Cell], width: int, height: int) -> int:
    """The mask of the squares (those off the ``width`` x ``height`` sheet left out).

    >>> bin(bits([(0, 0), (2, 1)], 3, 2))
    '0b100001'
    """
    if squares.__class__ is SquareSet:  # not isinstance: an ABC's check is slow
        return squares.bits(width, height)
    size = width * height
    if hasattr(squares, "__len__") and len(cast(Sized, squares)) * _DENSE >= size:
        flags = bytearray(size)  # a byte per square, read as binary digits at C speed
        for x, y in squares:
            if 0 <= x < width and 0 <= y < height:
                flags[y * width + x] = 1
        return from_flags(flags)
    raw = bytearray((size + 7) // 8)  # little-endian bytes: no big int per square
    for x, y in squares:
        if 0 <= x < width and 0 <= y < height:
            index = y * width + x
            raw[index >> 3] |= 1 << (index & 7)
    return int.from_bytes(raw, "little")


_DENSE = 20
""":func:`bits` sets a byte per square of the sheet when the squares are at least one
in so many of it (the byte per square is cheaper to set, dearer to read: a few
squares of a large sheet are set bit by bit)."""


def from_flags(flags: bytes | bytearray) -> int:
    """The mask whose bit ``i`` is set where ``flags[i]`` is 1 (a byte, 0 or 1, per
    square), read at C speed as binary digits.

    >>> bin(from_flags(bytes([1, 0, 0, 1])))
    '0b1001'
    """
    return int(flags[::-1].translate(_DIGITS), 2) if flags else 0


def flags(mask: int, size: int) -> bytes:
    """The bits ``0 .. size - 1`` of a mask as a byte each (0 or 1), lowest first: the
    inverse of :func:`from_flags`, worked out at C speed.

    >>> flags(0b1001, 6)
    b'\\x01\\x00\\x00\\x01\\x00\\x00'
    """
    return bin(mask)[:1:-1].encode().translate(_FLAGS)[:size].ljust(size, b"\0")


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
    flags = bin(mask)[:1:-1].encode().translate(_FLAGS)  # one byte per bit, lowest first
    rows = -(-len(flags) // width)
    return list(compress(_grid(width, -(-rows // _GRID_ROWS) * _GRID_ROWS), flags))


_GRID_ROWS = 16
""":func:`cells` walks a grid of a multiple of so many rows (:func:`compress` stops at the
last bit): masks of one sheet whose last squares lie on other rows share one grid."""


@lru_cache(maxsize=8)
def _grid(width: int, rows: int) -> tuple[Cell, ...]:
    """The squares of ``rows`` rows of ``width`` columns, bit order (reading order)."""
    return tuple((x, y) for y in range(rows) for x in range(width))


def side_masks(edges: Iterable[Edge], width: int, height: int) -> dict[str, int]:
    """Per side (``n e s w``), the squares that have that side on one of ``edges``."""
    return key_masks((edge.key for edge in edges), width, height)


def key_masks(keys: Iterable[EdgeKey], width: int, height: int) -> dict[str, int]:
    """:func:`side_masks` of the edges of ``keys`` (:data:`~homestaging.core.grid.EdgeKey`)."""
    found: dict[str, list[Cell]] = {"n": [], "e": [], "s": [], "w": []}
    for x, y, side in keys:  # side is n (between y-1 and y) or w (between x-1 and x)
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
        return cls.barred(width, height, side_masks(walls, width, height))

    @classmethod
    def barred(cls, width: int, height: int, blocked: dict[str, int]) -> Moves:
        """The moves with the walls given as :func:`side_masks` (kept by a layout)."""
        full = (1 << (width * height)) - 1
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
        mask, far cheaper than :func:`homestaging.core.grid.components` over the set. False
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

    def flood_to(self, seed: int, walkable: int, target: int) -> int:
        """:meth:`flood`, stopped as soon as the squares reached hold ``target``: all the
        squares linked only when they do not.

        >>> row = Moves.build(4, 1)
        >>> bin(row.flood_to(0b0001, 0b1111, 0b0010)), bin(row.flood_to(0b0001, 0b1011, 0b1000))
        ('0b11', '0b11')
        """
        east, west, south, north, width = self.east, self.west, self.south, self.north, self.width
        reached = seed & walkable
        while target & ~reached:
            grown = (reached | ((reached & east) << 1) | ((reached & west) >> 1)
                     | ((reached & south) << width) | ((reached & north) >> width)) & walkable
            if grown == reached:
                break
            reached = grown
        return reached


@lru_cache(maxsize=8)
def open_moves(width: int, height: int) -> Moves:
    """The moves of a ``width`` x ``height`` sheet without walls (made once per size)."""
    return Moves.build(width, height)


_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
"""A byte per square (0 or 1) as the binary digits of a mask, and back (:data:`_FLAGS`)."""
LARGE = 4096
"""A set of more squares is kept as a :class:`SquareSet` by :func:`compact` (a 64 x 64
house); one of at most so many stays a frozenset. A SquareSet of at most so many squares
keeps its squares as tuples once listed (fast to walk again), a larger one lists them
anew at each walk."""


_BYTES = (STRIDE * STRIDE + 7) // 8


@lru_cache(maxsize=1)
def _first_column() -> int:
    """The bits of the squares (0, y) of every row of the grid."""
    return ((1 << (STRIDE * STRIDE)) - 1) // ((1 << STRIDE) - 1)


def _on_grid(x: int, y: int) -> bool:
    return 0 <= x < STRIDE and 0 <= y < STRIDE


class SquareSet(Set[Cell]):
    """An immutable set of squares ``(x, y)`` kept as the bits of one int (bit
    ``y * STRIDE + x``), walked in reading order. Squares west or north of ``A1`` or
    beyond :data:`STRIDE` columns or rows (only a sheet in error has them) are kept
    aside as a frozenset.

    It answers as a frozenset of squares does (``in``, ``len``, ``|``, ``&``, ``-``,
    ``^``, ``<=``, ``==``, ``isdisjoint``; not the named methods such as ``union``),
    with a frozenset or any collection of squares on either side; what ``&`` or ``-``
    leaves of a frozenset is a frozenset.

    >>> squares = SquareSet([(2, 1), (0, 1), (5, 0)])
    >>> list(squares), (0, 1) in squares, len(squares)
    ([(5, 0), (0, 1), (2, 1)], True, 3)
    >>> sorted(squares & {(0, 1), (9, 9)}), squares == {(0, 1), (2, 1), (5, 0)}
    ([(0, 1)], True)
    """

    __slots__ = ("_flags", "_listed", "mask", "outside")

    mask: int
    outside: frozenset[Cell]

    def __init__(self, squares: Iterable[Cell] = ()) -> None:
        if squares.__class__ is SquareSet:
            self._set(squares.mask, squares.outside)
            return
        raw = bytearray(_BYTES)  # little-endian bytes: no big int per square
        outside: list[Cell] = []
        for x, y in squares:
            if 0 <= x < STRIDE and 0 <= y < STRIDE:
                index = y * STRIDE + x
                raw[index >> 3] |= 1 << (index & 7)
            else:
                outside.append((x, y))
        self._set(int.from_bytes(raw, "little"), frozenset(outside))

    def _set(self, mask: int, outside: frozenset[Cell]) -> None:
        self.mask = mask
        self.outside = outside
        self._flags: bytes | None = None
        self._listed: tuple[Cell, ...] | None = None

    @classmethod
    def from_mask(cls, mask: int, outside: frozenset[Cell] = frozenset()) -> SquareSet:
        """The squares of bit mask ``mask`` (and ``outside``, squares off the grid)."""
        found = cls.__new__(cls)
        found.__setstate__((mask, outside))
        return found

    @classmethod
    def rectangle(cls, left: int, top: int, right: int, bottom: int) -> SquareSet:
        """The squares from (left, top) to (right, bottom), both included, without a
        tuple per square: what a range such as ``B2:E4`` names.

        >>> list(SquareSet.rectangle(1, 1, 2, 2))
        [(1, 1), (2, 1), (1, 2), (2, 2)]
        """
        if left > right or top > bottom:
            return cls()
        if not (_on_grid(left, top) and _on_grid(right, bottom)):
            return cls((x, y) for y in range(top, bottom + 1) for x in range(left, right + 1))
        row = ((1 << (right - left + 1)) - 1) << left
        rows = bottom - top + 1  # 1 in each of the rows' first bits: a repunit in base 2**STRIDE
        ones = ((1 << (STRIDE * rows)) - 1) // ((1 << STRIDE) - 1)
        return cls.from_mask((row * ones) << (top * STRIDE))

    @classmethod
    def of(cls, squares: Iterable[Cell]) -> SquareSet:
        """``squares`` as a SquareSet: itself when it is one already."""
        return squares if squares.__class__ is SquareSet else cls(squares)

    def __contains__(self, cell: object) -> bool:
        x: int
        y: int
        try:
            x, y = cell  # type: ignore[misc]
            if 0 <= x < STRIDE and y >= 0:  # a row past the grid is past the flags too
                return (self._flags or self.flags())[y * STRIDE + x] == 1
        except (TypeError, ValueError, IndexError):
            pass
        return cell in self.outside

    def __len__(self) -> int:
        return self.mask.bit_count() + len(self.outside)

    def flags(self) -> bytes:
        """One byte per bit of the mask up to its highest set bit: 1 for a square of the
        set, else 0 (a square's is at ``y * STRIDE + x``). Kept once worked out.

        >>> SquareSet([(2, 0)]).flags()
        b'\\x00\\x00\\x01'
        """
        flags = self._flags
        if flags is None:
            flags = self._flags = bin(self.mask)[:1:-1].encode().translate(_FLAGS)
        return flags

    def __bool__(self) -> bool:
        return bool(self.mask or self.outside)

    def __iter__(self) -> Iterator[Cell]:
        listed = self._listed
        if listed is not None:
            return iter(listed)
        walk = self._walk()
        if self.outside:
            walk = iter(sorted(chain(walk, self.outside), key=reading_order))
        if len(self) <= LARGE:
            listed = self._listed = tuple(walk)
            return iter(listed)
        return walk

    def _walk(self) -> Iterator[Cell]:
        """The squares of the mask in reading order, listed in C loops."""
        flags = self._flags
        if flags is None:
            flags = self.flags()
        rows = len(flags) // STRIDE + 1
        xs = compress(cycle(range(STRIDE)), flags)
        ys = compress(chain.from_iterable(map(repeat, range(rows), repeat(STRIDE))), flags)
        return zip(xs, ys, strict=True)

    def __repr__(self) -> str:
        return f"SquareSet({list(self)!r})"

    def __reduce__(self) -> tuple[type[SquareSet], tuple[()], tuple[int, frozenset[Cell]]]:
        return (SquareSet, (), (self.mask, self.outside))

    def __setstate__(self, state: tuple[int, frozenset[Cell]]) -> None:
        self._set(*state)

    def __hash__(self) -> int:
        return hash((self.mask, self.outside))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is SquareSet:
            return self.mask == other.mask and self.outside == other.outside
        if isinstance(other, Set):
            return len(self) == len(other) and all(cell in self for cell in other)
        return NotImplemented

    def __le__(self, other: Set[Any]) -> bool:
        if other.__class__ is SquareSet:
            return not self.mask & ~other.mask and self.outside <= other.outside
        return all(cell in other for cell in self)

    def __ge__(self, other: Set[Any]) -> bool:
        if other.__class__ is SquareSet:
            return other <= self
        return all(cell in self for cell in other)

    def __lt__(self, other: Set[Any]) -> bool:
        return len(self) < len(other) and self <= other

    def __gt__(self, other: Set[Any]) -> bool:
        return len(self) > len(other) and self >= other

    def __and__(self, other: Iterable[Any]) -> Set[Cell]:
        """The squares in both; a frozenset when ``other`` is not a SquareSet (what a
        piece's few squares in the house give)."""
        if other.__class__ is not SquareSet:
            return frozenset(filter(self.__contains__, other))
        return SquareSet.from_mask(self.mask & other.mask, self.outside & other.outside)

    def __or__(self, other: Iterable[Any]) -> SquareSet:
        other = SquareSet.of(other)
        return SquareSet.from_mask(self.mask | other.mask, self.outside | other.outside)

    def __sub__(self, other: Iterable[Any]) -> SquareSet:
        other = SquareSet.of(other)
        return SquareSet.from_mask(self.mask & ~other.mask, self.outside - other.outside)

    def __rsub__(self, other: Iterable[Any]) -> frozenset[Cell]:
        """``other`` less these squares, a frozenset (what a piece has outside the house)."""
        return frozenset(filterfalse(self.__contains__, other))

    def __xor__(self, other: Iterable[Any]) -> SquareSet:
        other = SquareSet.of(other)
        return SquareSet.from_mask(self.mask ^ other.mask, self.outside ^ other.outside)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def isdisjoint(self, other: Iterable[Any]) -> bool:
        if other.__class__ is SquareSet:
            return not self.mask & other.mask and self.outside.isdisjoint(other.outside)
        return not any(cell in self for cell in other)

    def on_sides(self) -> dict[str, SquareSet] | None:
        """Per side (``n e s w``), the squares whose neighbour that way is not in the set,
        worked out on the mask (what :func:`homestaging.core.grid.boundary` asks); None when
        some squares lie off the grid.

        >>> sides = SquareSet([(0, 0), (1, 0)]).on_sides() or {}
        >>> {side: list(squares) for side, squares in sides.items()}
        {'n': [(0, 0), (1, 0)], 'e': [(1, 0)], 's': [(0, 0), (1, 0)], 'w': [(0, 0)]}
        """
        if self.outside:
            return None
        mask = self.mask
        first_column = _first_column()
        return {"n": SquareSet.from_mask(mask & ~(mask << STRIDE)),
                "e": SquareSet.from_mask(mask & ~((mask >> 1) & ~(first_column << (STRIDE - 1)))),
                "s": SquareSet.from_mask(mask & ~(mask >> STRIDE)),
                "w": SquareSet.from_mask(mask & ~((mask << 1) & ~first_column))}

    def bits(self, width: int, height: int) -> int:
        """The mask of the squares on a ``width`` x ``height`` sheet (bit ``y * width +
        x``, as :func:`bits` makes it), the others left out: one shift per row.

        >>> bin(SquareSet([(0, 0), (2, 1), (5, 5)]).bits(3, 2))
        '0b100001'
        """
        if width == STRIDE:
            return self.mask & ((1 << (width * height)) - 1)
        row, mask, found = (1 << width) - 1, self.mask, 0
        for y in range(min(height, STRIDE)):
            part = (mask >> (y * STRIDE)) & row
            if part:
                found |= part << (y * width)
        return found


def parse_squares(text: object) -> Set[Cell]:
    """Read a square (``C5``) or a range (``B2:E4``) as :func:`homestaging.core.grid.parse_cells`
    does (the same errors), into a frozenset, or a :class:`SquareSet` when it names more
    than :data:`LARGE` squares: no tuple per square.

    >>> sorted(parse_squares("B2:C3")), type(parse_squares("A1:BZ100")).__name__
    ([(1, 1), (1, 2), (2, 1), (2, 2)], 'SquareSet')
    """
    left, top, right, bottom = parse_range(text)
    if (right - left + 1) * (bottom - top + 1) > LARGE:
        return SquareSet.rectangle(left, top, right, bottom)
    return frozenset(rectangle(left, top, right, bottom))


def on_sheet(squares: Iterable[Cell], width: int, height: int) -> bool:
    """Whether every square lies on a ``width`` x ``height`` sheet.

    >>> on_sheet([(0, 0), (2, 1)], 3, 2), on_sheet(SquareSet([(3, 0)]), 3, 2)
    (True, False)
    """
    if squares.__class__ is SquareSet:  # not isinstance: an ABC's check is slow
        return not squares.outside and squares.bits(width, height).bit_count() == len(squares)
    return all(0 <= x < width and 0 <= y < height for x, y in squares)


def compact(squares: Iterable[Cell]) -> Set[Cell]:
    """The squares as a frozenset, or as a :class:`SquareSet` when there are more than
    :data:`LARGE` (a frozenset of 40,000 squares and their tuples take 4 MB, the mask
    5 KB): the house and the rooms of a sheet.

    >>> type(compact([(0, 0)])).__name__, type(compact(SquareSet.rectangle(0, 0, 99, 99))).__name__
    ('frozenset', 'SquareSet')
    """
    if squares.__class__ is frozenset:  # not isinstance: an ABC's check is slow
        small = cast(frozenset[Cell], squares)
        return small if len(small) <= LARGE else SquareSet(small)
    if squares.__class__ is SquareSet:
        return squares if len(squares) > LARGE else frozenset(squares)
    found = frozenset(squares)
    return SquareSet(found) if len(found) > LARGE else found
