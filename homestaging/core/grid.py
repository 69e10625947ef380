"""Squares, their names, ranges of squares and the edges between them; walks over squares.

A square is ``(x, y)``: x the column from the left, y the row from the top, both
from 0. Its name is the column letters and the row number from 1: ``(0, 0)`` is
``A1``, ``(2, 4)`` is ``C5``, column 26 is ``AA``. Inside the package squares are
always ``(x, y)``; names are made only where text or JSON is written.

An edge is one side of a square. Its *key* (:data:`EdgeKey`) is the same for both
names of the edge: ``(x, y, 'n')`` for the edge above square (x, y), ``(x, y, 'w')`` for
the edge left of it. Walls are sets of edge keys; :func:`steps` and :func:`flood` walk
from square to square without crossing them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from .quoting import excerpt

__all__ = [
    "DELTAS",
    "MAX_SIDE",
    "OPPOSITE",
    "SIDES",
    "SIDE_NAMES",
    "Cell",
    "Edge",
    "EdgeKey",
    "boundary",
    "boundary_keys",
    "cell_name",
    "cell_names",
    "cells_text",
    "column_name",
    "components",
    "edge_key",
    "fills_box",
    "flood",
    "in_reading_order",
    "neighbours",
    "outermost",
    "parse_cell",
    "parse_cells",
    "parse_edge",
    "parse_range",
    "reading_order",
    "rectangle",
    "row_squares",
    "side_key",
    "sides_text",
    "squares_by_char",
    "steps",
]

Cell = tuple[int, int]
EdgeKey = tuple[int, int, str]
"""``(x, y, 'n')``: the edge above square (x, y); ``(x, y, 'w')``: the edge left of it."""

SIDES = ("n", "e", "s", "w")
DELTAS: dict[str, Cell] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def sides_text(sides: Iterable[str]) -> str:
    """Sides as a card and a page write them: ``n,w``, in the order of :data:`SIDES`."""
    given = set(sides)
    return ",".join(side for side in SIDES if side in given)

_CELL_RE = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,3})")
MAX_COORDINATE = 9999
MAX_SIDE = 200
"""The largest sheet is ``MAX_SIDE`` x ``MAX_SIDE`` squares; no range may be wider or taller."""


@lru_cache(maxsize=1024)
def column_name(x: int) -> str:
    """Column letters of column ``x`` (from 0); a column left of ``A`` has no name.

    >>> column_name(0), column_name(25), column_name(26), column_name(701)
    ('A', 'Z', 'AA', 'ZZ')
    >>> column_name(-2)
    Traceback (most recent call last):
    ...
    ValueError: column -2 lies west of column A: a square off the sheet has no name
    """
    if x < 0:
        raise ValueError(f"column {x} lies west of column A: a square off the sheet has no name")
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(cell: Cell) -> str:
    """The name of a square; a square west or north of ``A1`` has none (ValueError).

    >>> cell_name((0, 0)), cell_name((2, 4)), cell_name((26, 9))
    ('A1', 'C5', 'AA10')
    """
    x, y = cell
    if y < 0:
        raise ValueError(f"row {y + 1} lies north of row 1: a square off the sheet has no name")
    return f"{column_name(x)}{y + 1}"


def cell_names(cells: Iterable[Cell]) -> list[str]:
    """The names of squares, in the order given.

    >>> cell_names([(2, 4), (0, 0)])
    ['C5', 'A1']
    """
    return [cell_name(cell) for cell in cells]


reading_order: Callable[[Cell], tuple[int, int]] = itemgetter(1, 0)
"""Sort key of squares in reading order: row by row, left to right in a row; ``(y, x)``
of a square ``(x, y)``, taken by :func:`operator.itemgetter` (no Python call per square:
squares are sorted this way all over check and score)."""


def in_reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """The distinct squares of ``cells`` in reading order (:data:`reading_order`).

    >>> in_reading_order([(2, 1), (0, 1), (5, 0), (0, 1)])
    [(5, 0), (0, 1), (2, 1)]
    """
    return sorted(set(cells), key=reading_order)


def parse_cell(text: object) -> Cell:
    """Read a square name such as ``C5`` (any case); raise ValueError saying what was
    expected.

    >>> parse_cell("C5"), parse_cell("aa10")
    ((2, 4), (26, 9))
    >>> parse_cell("5C")
    Traceback (most recent call last):
    ...
    ValueError: expected a square name such as 'C5', found '5C'
    """
    if not isinstance(text, str):
        raise ValueError(f"expected a square name such as 'C5', found {excerpt(text)}")
    match = _CELL_RE.fullmatch(text.strip().upper())
    if not match:
        raise ValueError(f"expected a square name such as 'C5', found {excerpt(text)}")
    letters, digits = match.groups()
    x = 0
    for letter in letters:
        x = x * 26 + (ord(letter) - ord("A") + 1)
    return (x - 1, int(digits) - 1)


def parse_cells(text: object) -> list[Cell]:
    """Read a square (``C5``) or a range (``B2:E4``) into its squares, row by row.

    >>> parse_cells("B2:C3")
    [(1, 1), (2, 1), (1, 2), (2, 2)]

    A range wider or taller than :data:`MAX_SIDE` squares is refused before any
    square is listed, so a name like ``A1:ZZZ9999`` costs nothing.
    """
    return rectangle(*parse_range(text))


def rectangle(left: int, top: int, right: int, bottom: int) -> list[Cell]:
    """The squares from (left, top) to (right, bottom), both included, row by row.

    >>> rectangle(1, 1, 2, 2)
    [(1, 1), (2, 1), (1, 2), (2, 2)]
    """
    found: list[Cell] = []
    for y in range(top, bottom + 1):
        found += row_squares(y, right + 1)[left:right + 1]
    return found


def parse_range(text: object) -> tuple[int, int, int, int]:
    """Read a square (``C5``) or a range (``B2:E4``, either corners) into its left, top,
    right and bottom (all included), refused as :func:`parse_cells` refuses it.

    >>> parse_range("E4:B2"), parse_range("C5")
    ((1, 1, 4, 3), (2, 4, 2, 4))
    """
    if isinstance(text, str) and ":" in text:
        first, _, last = text.partition(":")
        try:
            (x0, y0), (x1, y1) = parse_cell(first), parse_cell(last)
        except ValueError:
            raise ValueError(
                f"expected a square or a range such as 'B2:E4', found {excerpt(text)}"
            ) from None
        columns, rows = abs(x1 - x0) + 1, abs(y1 - y0) + 1
        if columns > MAX_SIDE or rows > MAX_SIDE:
            raise ValueError(
                f"the range {excerpt(text)} spans {columns} x {rows} squares; "
                f"a sheet has at most {MAX_SIDE} x {MAX_SIDE}"
            )
        return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
    try:
        x, y = parse_cell(text)
    except ValueError:
        raise ValueError(
            f"expected a square or a range such as 'B2:E4', found {excerpt(text)}") from None
    return x, y, x, y


_ROWS: dict[int, list[Cell]] = {}
"""``_ROWS[y][x]`` is the square (x, y), made once: the squares of ranges are shared
between the house, its rooms and what is built from them, not a tuple per mention (a
large house is tens of thousands of squares). At most ``MAX_SIDE`` squares a side."""


def row_squares(y: int, stop: int) -> list[Cell]:
    """The squares (0, y) to (stop - 1, y), at least: row ``y`` of :data:`_ROWS`, shared
    (slice it; never change it)."""
    row = _ROWS.setdefault(y, [])
    if len(row) < stop:
        row += [(x, y) for x in range(len(row), stop)]
    return row


def neighbours(cell: Cell) -> Iterator[tuple[str, Cell]]:
    """The four orthogonal neighbours of a square, with the side they lie on."""
    x, y = cell
    for side in SIDES:
        dx, dy = DELTAS[side]
        yield side, (x + dx, y + dy)


def steps(cell: Cell) -> tuple[tuple[Cell, EdgeKey], ...]:
    """The four neighbours of a square (north, east, south, west), each with the key of
    the edge crossed to reach it.

    >>> steps((2, 4))[:2]
    (((2, 3), (2, 4, 'n')), ((3, 4), (3, 4, 'w')))
    """
    x, y = cell
    return (((x, y - 1), (x, y, "n")), ((x + 1, y), (x + 1, y, "w")),
            ((x, y + 1), (x, y + 1, "n")), ((x - 1, y), (x, y, "w")))


def edge_key(a: Cell, b: Cell) -> EdgeKey:
    """The key of the edge between two neighbouring squares (either order).

    >>> edge_key((2, 4), (2, 5)) == edge_key((2, 5), (2, 4)) == (2, 5, 'n')
    True
    """
    (ax, ay), (bx, by) = a, b
    if ax == bx:
        return (ax, max(ay, by), "n")
    return (max(ax, bx), ay, "w")


def side_key(cell: Cell, side: str) -> EdgeKey:
    """The key of the edge on ``side`` of ``cell``: ``Edge(cell, side).key`` without
    building the edge.

    >>> side_key((2, 4), "s"), side_key((2, 4), "e"), side_key((2, 4), "n")
    ((2, 5, 'n'), (3, 4, 'w'), (2, 4, 'n'))
    """
    x, y = cell
    if side == "s":
        return (x, y + 1, "n")
    if side == "e":
        return (x + 1, y, "w")
    return (x, y, side)


@dataclass(frozen=True)
class Edge:
    """One side of a square. ``Edge((2, 4), 's') == Edge((2, 5), 'n')``.

    ``cell`` and ``side`` keep the form the user wrote (for messages); equality and
    hashing use ``key``, the same for both names of one edge.
    """

    cell: Cell = field(compare=False)
    side: str = field(compare=False)
    key: EdgeKey = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.side not in DELTAS:
            raise ValueError(f"expected a side n, e, s or w, found {excerpt(self.side)}")
        object.__setattr__(self, "key", side_key(self.cell, self.side))

    @property
    def outer(self) -> Cell:
        """The square on the other side of the edge from ``cell``."""
        dx, dy = DELTAS[self.side]
        return (self.cell[0] + dx, self.cell[1] + dy)

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The two squares beside the edge (one of them may lie off the sheet)."""
        return (self.cell, self.outer)

    def inside(self, cells: Collection[Cell]) -> Cell | None:
        """The square beside the edge that lies in ``cells`` (``cell`` first), if any.

        >>> Edge((2, 4), "s").inside({(2, 5)})
        (2, 5)
        """
        if self.cell in cells:
            return self.cell
        return self.outer if self.outer in cells else None

    def across(self, cell: Cell) -> Cell:
        """The square on the other side of the edge from ``cell``, one of its two squares."""
        return self.outer if cell == self.cell else self.cell

    def on_boundary(self, cells: Collection[Cell]) -> bool:
        """Whether the edge is on the boundary of ``cells``: one of its squares is inside."""
        return (self.cell in cells) != (self.outer in cells)

    def seen_from(self, cell: Cell) -> Edge:
        """The same edge named from ``cell``, one of its two squares."""
        if cell == self.cell:
            return self
        if cell != self.outer:
            raise ValueError(f"{cell_name(cell)} is not beside {self.name}")
        return Edge(cell, OPPOSITE[self.side])

    @property
    def name(self) -> str:
        """``C5/s``: the square and the side, as written."""
        return f"{cell_name(self.cell)}/{self.side}"

    def to_json(self) -> list[str]:
        return [cell_name(self.cell), self.side]

    @classmethod
    def between(cls, a: Cell, b: Cell) -> Edge:
        """The edge between two orthogonal neighbours."""
        for side, other in neighbours(a):
            if other == b:
                return cls(a, side)
        raise ValueError(f"{cell_name(a)} and {cell_name(b)} are not neighbours")


def parse_edge(value: object) -> Edge:
    """Read ``["C5", "s"]`` into an Edge; raise ValueError saying what was expected."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not isinstance(value[1], str)
        or value[1] not in DELTAS
    ):
        shown = ("[" + ", ".join(excerpt(item, quote='"') for item in value[:3])
                 + (", ..." if len(value) > 3 else "") + "]"
                 if isinstance(value, list | tuple) else excerpt(value, quote='"'))
        raise ValueError(f'expected an edge such as ["C5", "s"] (a square and a side: n, e, s '
                         f'or w), found {shown}')
    return Edge(parse_cell(value[0]), value[1])


#: how many runs of squares a message names, then it counts the other squares
MAX_RUNS = 20


def _squares(count: int) -> str:
    return "1 square" if count == 1 else f"{count} squares"


def cells_text(cells: Iterable[Cell]) -> str:
    """Squares named in reading order, runs in one row joined, the first
    :data:`MAX_RUNS` runs (the other squares counted); squares west or north of ``A1``
    have no name and are counted.

    >>> cells_text([(4, 4), (2, 4), (3, 4), (1, 5)])
    'C5-E5, B6'
    >>> cells_text([(-1, 0), (-2, 0), (0, 0)])
    'A1 and 2 squares off the sheet'
    >>> cells_text([(2 * x, 0) for x in range(22)])[-32:]
    'AI1, AK1, AM1 and 2 more squares'
    """
    ordered = in_reading_order(cells)
    named = [cell for cell in ordered if cell[0] >= 0 and cell[1] >= 0]
    parts: list[str] = []
    i = 0
    while i < len(named) and len(parts) < MAX_RUNS:
        j = i
        while j + 1 < len(named) and named[j + 1] == (named[j][0] + 1, named[j][1]):
            j += 1
        first = cell_name(named[i])
        parts.append(first if i == j else f"{first}-{cell_name(named[j])}")
        i = j + 1
    text = ", ".join(parts)
    if i < len(named):
        more = len(named) - i
        text += f" and {more} more {'square' if more == 1 else 'squares'}"
    off = len(ordered) - len(named)
    if off:
        text += f"{', and ' if i < len(named) else ' and ' if text else ''}{_squares(off)} " \
            "off the sheet"
    return text


def boundary(cells: Collection[Cell]) -> frozenset[Edge]:
    """The edges with exactly one side in ``cells``, each named from its inside square:
    the walls around a room, or the exterior wall around the house.

    A collection with an ``on_sides()`` method (a :class:`~homestaging.core.bitmask.SquareSet`)
    tells per side the squares whose neighbour that way is not in it, or None."""
    on_sides = getattr(cells, "on_sides", None)
    sides: dict[str, Iterable[Cell]] | None = on_sides() if on_sides is not None else None
    if sides is not None:
        return frozenset(_side_edges(sides))
    found: list[Edge] = []
    add, new = found.append, object.__new__
    # each edge made without Edge's checks, its key worked out as Edge does (n and w as
    # they are): every wall of a sheet is built here, once per room and layout
    for cell in cells:
        x, y = cell
        if (x, y - 1) not in cells:
            edge = new(Edge)
            edge.__dict__.update(cell=cell, side="n", key=(x, y, "n"))
            add(edge)
        if (x + 1, y) not in cells:
            edge = new(Edge)
            edge.__dict__.update(cell=cell, side="e", key=(x + 1, y, "w"))
            add(edge)
        if (x, y + 1) not in cells:
            edge = new(Edge)
            edge.__dict__.update(cell=cell, side="s", key=(x, y + 1, "n"))
            add(edge)
        if (x - 1, y) not in cells:
            edge = new(Edge)
            edge.__dict__.update(cell=cell, side="w", key=(x, y, "w"))
            add(edge)
    return frozenset(found)


def boundary_keys(cells: Collection[Cell]) -> frozenset[EdgeKey]:
    """The keys of the :func:`boundary` of ``cells``, worked out without making an edge
    (half the cost of the edges): what check and score test walls against.

    >>> sorted(boundary_keys({(0, 0), (1, 0)}))
    [(0, 0, 'n'), (0, 0, 'w'), (0, 1, 'n'), (1, 0, 'n'), (1, 1, 'n'), (2, 0, 'w')]
    """
    on_sides = getattr(cells, "on_sides", None)
    sides: dict[str, Iterable[Cell]] | None = on_sides() if on_sides is not None else None
    if sides is not None:
        return frozenset(side_key(cell, side) for side, group in sides.items()
                         for cell in group)
    found: set[EdgeKey] = set()
    add = found.add
    for x, y in cells:  # the sides of side_key, written out (a loop over every square)
        if (x, y - 1) not in cells:
            add((x, y, "n"))
        if (x + 1, y) not in cells:
            add((x + 1, y, "w"))
        if (x, y + 1) not in cells:
            add((x, y + 1, "n"))
        if (x - 1, y) not in cells:
            add((x, y, "w"))
    return frozenset(found)


def _side_edges(sides: dict[str, Iterable[Cell]]) -> Iterator[Edge]:
    """The edge on each side of its squares, made as :func:`boundary` makes them."""
    new = object.__new__
    for side, cells in sides.items():
        for cell in cells:
            edge = new(Edge)
            edge.__dict__.update(cell=cell, side=side, key=side_key(cell, side))
            yield edge


def outermost(cells: Iterable[Cell], side: str) -> list[Cell]:
    """The squares of ``cells`` furthest towards ``side``: the top row for ``n``, the
    right-most column for ``e``...  (in the order given).

    >>> outermost([(0, 0), (1, 0), (0, 1)], "e")
    [(1, 0)]
    """
    dx, dy = DELTAS[side]
    group = list(cells)
    far = max(x * dx + y * dy for x, y in group)
    return [cell for cell in group if cell[0] * dx + cell[1] * dy == far]


def flood(start: Cell, cells: Collection[Cell], walls: Collection[EdgeKey] = ()) -> set[Cell]:
    """``start`` and the squares of ``cells`` linked to it by :func:`steps` that cross
    none of the ``walls`` (edge keys).

    >>> sorted(flood((0, 0), {(1, 0), (2, 0), (0, 1)}, walls={(2, 0, 'w')}))
    [(0, 0), (0, 1), (1, 0)]
    """
    remaining = set(cells)
    remaining.discard(start)
    return set(_take(start, remaining, walls))


def _take(start: Cell, remaining: set[Cell], walls: Collection[EdgeKey]) -> list[Cell]:
    """The flood fill from ``start``, taking the squares it reaches out of ``remaining``.

    The neighbours of :func:`steps` are written out here: this loop is the hot path of
    check and score (without walls, the edge keys are not even built).
    """
    walk = [start]
    if not walls:
        for x, y in walk:  # grows while it is walked
            for other in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if other in remaining:
                    remaining.remove(other)
                    walk.append(other)
        return walk
    for x, y in walk:  # an edge key is built only for a square still to take
        other = (x, y - 1)
        if other in remaining and (x, y, "n") not in walls:
            remaining.remove(other)
            walk.append(other)
        other = (x + 1, y)
        if other in remaining and (x + 1, y, "w") not in walls:
            remaining.remove(other)
            walk.append(other)
        other = (x, y + 1)
        if other in remaining and (x, y + 1, "n") not in walls:
            remaining.remove(other)
            walk.append(other)
        other = (x - 1, y)
        if other in remaining and (x, y, "w") not in walls:
            remaining.remove(other)
            walk.append(other)
    return walk


def fills_box(cells: Collection[Cell]) -> bool:
    """Whether ``cells`` fill the rectangle around them (then they are linked, walls
    aside: most rooms are such rectangles), told from their columns and rows in C loops.

    >>> fills_box({(1, 1), (2, 1), (1, 2), (2, 2)}), fills_box({(0, 0), (1, 1)})
    (True, False)
    """
    if not cells:
        return False
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    xs, ys = zip(*cells, strict=True)
    return (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) == len(cells)


def squares_by_char(rows: Iterable[str], empty: str = ". ") -> dict[str, list[Cell]]:
    """The squares of each character of a grid typed row by row (the ``empty`` ones
    left out), in reading order.

    >>> squares_by_char(["a.", "ab"])
    {'a': [(0, 0), (0, 1)], 'b': [(1, 1)]}
    """
    found: dict[str, list[Cell]] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in empty:
                found.setdefault(char, []).append((x, y))
    return found


def components(cells: Iterable[Cell], walls: Collection[EdgeKey] = ()) -> list[frozenset[Cell]]:
    """Groups of squares linked through neighbours not separated by one of ``walls``, in
    reading order of their first square.

    >>> [sorted(group) for group in components([(0, 0), (1, 1), (1, 0), (5, 5)])]
    [[(0, 0), (1, 0), (1, 1)], [(5, 5)]]
    >>> [sorted(group) for group in components([(0, 0), (1, 0)], walls={(1, 0, 'w')})]
    [[(0, 0)], [(1, 0)]]
    """
    remaining = set(cells)
    found: list[frozenset[Cell]] = []
    while remaining:
        found.append(frozenset(_take(remaining.pop(), remaining, walls)))
    if len(found) > 1:
        found.sort(key=lambda group: min(map(reading_order, group)))
    return found
