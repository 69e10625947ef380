"""Squares, their names, ranges of squares and the edges between them.

A square is ``(x, y)``: x the column from the left, y the row from the top, both
from 0. Its name is the column letters and the row number from 1: ``(0, 0)`` is
``A1``, ``(2, 4)`` is ``C5``, column 26 is ``AA``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "DELTAS",
    "MAX_SIDE",
    "OPPOSITE",
    "SIDES",
    "Cell",
    "Edge",
    "cell_name",
    "cells_text",
    "column_name",
    "components",
    "neighbours",
    "parse_cell",
    "parse_cells",
    "parse_edge",
]

Cell = tuple[int, int]

SIDES = ("n", "e", "s", "w")
DELTAS: dict[str, Cell] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}

_CELL_RE = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,3})")
MAX_COORDINATE = 9999
MAX_SIDE = 200
"""The largest sheet is ``MAX_SIDE`` x ``MAX_SIDE`` squares; no range may be wider or taller."""


@lru_cache(maxsize=1024)
def column_name(x: int) -> str:
    """Column letters of column ``x``: 0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(cell: Cell) -> str:
    """The name of a square: ``cell_name((2, 4)) == 'C5'``."""
    x, y = cell
    return f"{column_name(x)}{y + 1}"


def parse_cell(text: object) -> Cell:
    """Read a square name such as ``C5``; raise ValueError saying what was expected."""
    if not isinstance(text, str):
        raise ValueError(f"expected a square name such as 'C5', found {text!r}")
    match = _CELL_RE.fullmatch(text.strip().upper())
    if not match:
        raise ValueError(f"expected a square name such as 'C5', found {text!r}")
    letters, digits = match.groups()
    x = 0
    for letter in letters:
        x = x * 26 + (ord(letter) - ord("A") + 1)
    return (x - 1, int(digits) - 1)


def parse_cells(text: object) -> list[Cell]:
    """Read a square (``C5``) or a range (``B2:E4``) into its squares, row by row.

    A range wider or taller than :data:`MAX_SIDE` squares is refused before any
    square is listed, so a name like ``A1:ZZZ9999`` costs nothing.
    """
    if isinstance(text, str) and ":" in text:
        first, _, last = text.partition(":")
        try:
            (x0, y0), (x1, y1) = parse_cell(first), parse_cell(last)
        except ValueError:
            raise ValueError(
                f"expected a square or a range such as 'B2:E4', found {text!r}"
            ) from None
        columns, rows = abs(x1 - x0) + 1, abs(y1 - y0) + 1
        if columns > MAX_SIDE or rows > MAX_SIDE:
            raise ValueError(
                f"the range {text!r} spans {columns} x {rows} squares; "
                f"a sheet has at most {MAX_SIDE} x {MAX_SIDE}"
            )
        xs = range(min(x0, x1), max(x0, x1) + 1)
        ys = range(min(y0, y1), max(y0, y1) + 1)
        return [(x, y) for y in ys for x in xs]
    try:
        return [parse_cell(text)]
    except ValueError:
        raise ValueError(f"expected a square or a range such as 'B2:E4', found {text!r}") from None


def neighbours(cell: Cell) -> Iterator[tuple[str, Cell]]:
    """The four orthogonal neighbours of a square, with the side they lie on."""
    x, y = cell
    for side in SIDES:
        dx, dy = DELTAS[side]
        yield side, (x + dx, y + dy)


@dataclass(frozen=True)
class Edge:
    """One side of a square. ``Edge((2, 4), 's') == Edge((2, 5), 'n')``.

    ``cell`` and ``side`` keep the form the user wrote (for messages); equality and
    hashing use ``key``, the same for both names of one edge.
    """

    cell: Cell = field(compare=False)
    side: str = field(compare=False)
    key: tuple[int, int, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.side not in DELTAS:
            raise ValueError(f"expected a side n, e, s or w, found {self.side!r}")
        x, y = self.cell
        if self.side == "s":
            key = (x, y + 1, "n")
        elif self.side == "e":
            key = (x + 1, y, "w")
        else:
            key = (x, y, self.side)
        object.__setattr__(self, "key", key)

    @property
    def outer(self) -> Cell:
        """The square on the other side of the edge from ``cell``."""
        dx, dy = DELTAS[self.side]
        return (self.cell[0] + dx, self.cell[1] + dy)

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The two squares beside the edge (one of them may lie off the sheet)."""
        return (self.cell, self.outer)

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
        shown = json.dumps(value, ensure_ascii=False, default=repr)
        raise ValueError(f'expected an edge such as ["C5", "s"], found {shown}')
    return Edge(parse_cell(value[0]), value[1])


def cells_text(cells: Iterable[Cell]) -> str:
    """Squares named in reading order, runs in one row joined: ``C5-E5, B6``."""
    ordered = sorted(set(cells), key=lambda c: (c[1], c[0]))
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == (ordered[j][0] + 1, ordered[j][1]):
            j += 1
        first = cell_name(ordered[i])
        parts.append(first if i == j else f"{first}-{cell_name(ordered[j])}")
        i = j + 1
    return ", ".join(parts)


def components(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Orthogonally connected groups of ``cells``, in reading order of their first square."""
    remaining = set(cells)
    groups: list[frozenset[Cell]] = []
    for start in sorted(remaining, key=lambda c: (c[1], c[0])):
        if start not in remaining:
            continue
        remaining.discard(start)
        group = {start}
        stack = [start]
        while stack:
            for _, other in neighbours(stack.pop()):
                if other in remaining:
                    remaining.discard(other)
                    group.add(other)
                    stack.append(other)
        groups.append(frozenset(group))
    return groups
