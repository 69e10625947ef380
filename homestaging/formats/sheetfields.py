"""Reading a sheet's fields: squares and ranges, edges, grids, room names, each problem
collected with its JSON path (:class:`FieldReader`, the base of the sheet reader in
:mod:`homestaging.formats.sheetreader`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Set
from functools import cached_property, lru_cache
from typing import Any

from ..core.bitmask import on_sheet, parse_squares
from ..core.errors import Located, Problem, Severity
from ..core.grid import (
    SIDE_NAMES,
    Cell,
    Edge,
    cell_name,
    cells_text,
    in_reading_order,
    parse_edge,
    reading_order,
    row_squares,
)
from ..core.project import Project
from ..core.quoting import did_you_mean, excerpt
from ..rules.checks import Code
from .fitting import EMPTY
from .projectreader import MAX_LISTED_SQUARES, NameSuggestions
from .readers import JsonParts, json_path
from .schema import ErrorPaths

__all__ = ["SIDE_WORDS", "FieldReader", "count_text", "sheet_size"]

SIDE_WORDS = {word: side for side, word in SIDE_NAMES.items()}
"""``south`` -> ``s``: sides written as words are read, with a ``side-as-word`` note."""
_RUNS = re.compile(f"([^{re.escape(EMPTY)}])\\1*")
"""A run of one character in a grid row, nothing (``.`` and spaces) left out."""
_MAX_KEPT = 4096


@lru_cache(maxsize=_MAX_KEPT)
def _row_runs(row: str) -> tuple[tuple[str, slice], ...]:
    """Each run of one character in a grid row, with its columns, left to right (kept:
    a room's rows repeat, and so do a project's)."""
    return tuple([(run[1], slice(*run.span())) for run in _RUNS.finditer(row)])
_EDGES: dict[tuple[str, str], Edge] = {}
"""The edges read so far, by the square and side letter written: a project's doors and
windows are at the same few places on every sheet."""


def sheet_size(project: Project) -> str:
    return f"{project.width} x {project.height}"


def count_text(number: int, noun: str) -> str:
    """``count_text(1, 'entry') == '1 entry'``, ``count_text(2, 'entry') == '2 entries'``."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {noun[:-1]}ies" if noun.endswith("y") else f"{number} {noun}s"


def _range_on_sheet(squares: Set[Cell], width: int, height: int) -> bool:
    """Whether the squares of a range (:func:`~homestaging.core.bitmask.parse_squares`) lie on
    a ``width`` x ``height`` sheet. A range is a rectangle from ``A1`` on: its greatest
    square (by x, then y) is its bottom-right corner, found in C, without a look at
    every square."""
    if squares.__class__ is not frozenset:
        return on_sheet(squares, width, height)
    right, bottom = max(squares)
    return bool(right < width and bottom < height)


class FieldReader(NameSuggestions):
    """The fields of a schema-checked sheet read one by one (squares, edges, grids);
    collects problems instead of stopping."""

    def __init__(self, data: dict[str, Any], file: str, project: Project, bad: set[str]) -> None:
        self.data = data
        self.file = file
        self.project = project
        self.bad = ErrorPaths(bad)
        self.problems: list[Located] = []
        self.notes: list[Problem] = []
        self.squares_left = MAX_LISTED_SQUARES
        self.piece_squares: dict[str, list[Cell]] = {}  # the furniture grid's, by character
        self.char_at: dict[Cell, str] = {}  # the same, by square (made when needed)

    def error(self, message: str, parts: JsonParts | str) -> None:
        path = parts if isinstance(parts, str) else json_path(parts)
        self.problems.append(Located(self.file, message, path))

    def ok(self, *parts: str | int) -> bool:
        """No schema error at, under or above ``parts`` (``ok("rooms", 2)``): safe to check.
        Looked up in sets, so that a file with thousands of errors costs no more per entry."""
        return not self.bad.paths or not self.bad.touches(json_path(parts))

    def entries(self, key: str) -> list[tuple[Any, Any]]:
        """``(index or key, value)`` of a list or object whose entries passed the schema
        (all of them, each asked nothing, when the schema found no error)."""
        value = self.data.get(key)
        if isinstance(value, list):
            if not self.bad.paths:
                return list(enumerate(value))
            return [(i, item) for i, item in enumerate(value) if self.ok(key, i)]
        if isinstance(value, dict):
            if not self.bad.paths:
                return list(value.items())
            return [(k, item) for k, item in value.items() if self.ok(key, k)]
        return []

    # -- small readers

    def on_sheet(self, cell: Cell) -> bool:
        return self.project.in_sheet(cell)

    @cached_property
    def room_names(self) -> frozenset[str]:
        return frozenset(room.name for room in self.project.rooms)

    def room_name(self, name: str, parts: JsonParts) -> bool:
        if name in self.room_names:
            return True
        names = [room.name for room in self.project.rooms]
        self.error(
            f"no room named {excerpt(name)} in project {self.project.id}"
            f"{did_you_mean(self.close_rooms(name))}; its rooms are: {', '.join(names)}",
            parts,
        )
        return False

    def note(self, code: Code, message: str, subject: str, cells: Iterable[Cell],
             parts: JsonParts) -> None:
        """A warning about how the sheet is written (``Sheet.notes``)."""
        shown = tuple(in_reading_order(c for c in cells if self.on_sheet(c)))
        self.notes.append(Problem(code, Severity.WARNING, message, subject, shown,
                                  json_path(parts)))

    def edge(self, value: Any, parts: JsonParts) -> Edge | None:
        if type(value) is list and len(value) == 2 and type(value[0]) is str \
                and type(value[1]) is str:
            known = _EDGES.get((value[0], value[1]))
            if known is not None and (self.on_sheet(known.cell) or self.on_sheet(known.outer)):
                return known
        word = value[1] if isinstance(value, list) and len(value) == 2 else None
        side = SIDE_WORDS.get(word.lower()) if isinstance(word, str) else None
        if side is not None:
            value = [value[0], side]
        try:
            edge = parse_edge(value)
        except ValueError as error:
            self.error(str(error), parts)
            return None
        if not (self.on_sheet(edge.cell) or self.on_sheet(edge.outer)):
            self.error(f"edge {value[0]}/{edge.side} is off the {sheet_size(self.project)} sheet",
                       parts)
            return None
        if side is None and len(_EDGES) < _MAX_KEPT:
            _EDGES[(value[0], value[1])] = edge
        if side is not None:
            subject = self.edge_subject(edge, parts)
            self.note(Code.SIDE_AS_WORD, f"{value[0]}/{word} ({subject}) is read as "
                      f"{edge.name}: write a side as one letter, n e s or w", subject,
                      edge.cells, parts)
        return edge

    def edge_subject(self, edge: Edge, parts: JsonParts) -> str:
        """``door of Kitchen``, ``front door`` or ``window B2/n``: what an edge is."""
        if parts[0] == "rooms":
            return f"door of {self.data['rooms'][parts[1]]['name']}"
        if parts[0] == "front_door":
            return "front door"
        return f"window {edge.name}"

    def edges(self, value: Any, parts: JsonParts, what: Callable[..., str]) -> list[Edge]:
        """One edge ``["C5", "s"]`` or a list of edges (``what(edge=name)`` names one)."""
        if isinstance(value, list) and value and isinstance(value[0], str):
            found = self.edge(value, parts)
            return [found] if found else []
        return self.distinct([(self.edge(item, (*parts, index)), (*parts, index))
                              for index, item in enumerate(value or [])], what)

    def distinct(
        self, edges: list[tuple[Edge | None, JsonParts]], what: Callable[..., str]
    ) -> list[Edge]:
        """The edges read, each once: an edge listed again (from either side) is an error."""
        first: dict[Edge, tuple[Edge, JsonParts]] = {}
        for edge, parts in edges:
            if edge is None:
                continue
            if edge in first:
                seen, where = first[edge]
                same = "" if seen.name == edge.name else f" (the same edge as {seen.name})"
                self.error(f"{what(edge=edge.name)}{same} is listed twice (also at "
                           f"{json_path(where)})", parts)
                continue
            first[edge] = (edge, parts)
        return [edge for edge, _ in first.values()]

    def cells(self, values: Any, parts: JsonParts) -> Set[Cell]:
        """The squares of a list of names and ranges (entries the schema refused skipped)."""
        found: Set[Cell] = frozenset()
        for index, value in enumerate(values if isinstance(values, list) else []):
            if not self.ok(*parts, index):
                continue
            where = (*parts, index)
            if self.squares_left < 0:
                break
            try:
                squares = parse_squares(value)
            except ValueError as error:
                self.error(str(error), where)
                continue
            self.squares_left -= len(squares)
            if self.squares_left < 0:
                self.error(f"the sheet's ranges name more than {MAX_LISTED_SQUARES} squares in "
                           "all (each square of the largest sheet a few times over); the rest "
                           "is not read", where)
                break
            if not _range_on_sheet(squares, self.project.width, self.project.height):
                self.error(f"{value} reaches off the {sheet_size(self.project)} sheet", where)
                continue
            found |= squares
        return found

    def grid(self, key: str) -> dict[str, list[Cell]] | None:
        """The squares of each character of a grid (``.`` and spaces left out), each list
        in reading order, the characters in the order they first appear; None if
        unusable."""
        rows = self.data.get(key)
        if rows is None or not self.ok(key):
            return None
        width, height = self.project.width, self.project.height
        usable = True
        if len(rows) != height:
            usable = False
            extra = f"; row {height + 1} on is off the sheet" if len(rows) > height else ""
            self.error(f"{count_text(len(rows), 'row')}, expected {height} (the project's "
                       f"sheet is {height} high){extra}", (key,))
        for y, row in enumerate(rows[:height]):
            if len(row) == width:
                continue
            usable = False
            if len(row) > width:
                detail = f"; from {cell_name((width, y))} on is off the sheet"
            else:
                detail = f"; {cells_text([(len(row), y)])} and after are missing"
            self.error(f"row {y + 1} has {count_text(len(row), 'square')}, expected {width} "
                       f"(the project's sheet is {width} wide){detail}", (key, y))
        if not usable:
            return None
        found: dict[str, list[Cell]] = {}
        known = _row_runs
        for y, row in enumerate(rows):
            runs = known(row)
            if not runs:
                continue
            cells = row_squares(y, width)  # a run's squares: a slice of them, no tuple made
            for char, columns in runs:  # a room's row, a piece's row: one run each
                squares = found.get(char)
                if squares is None:
                    squares = found[char] = []
                squares.extend(cells[columns])
        return found

    def unknown_chars(self, grid: dict[str, list[Cell]], legend: dict[str, Any], key: str,
                      legend_key: str, allowed: str = "") -> set[str]:
        """Report each character of ``grid`` missing from ``legend`` once (in reading order
        of their first squares); return them."""
        if (grid.keys() - legend.keys()).issubset(allowed):
            return set()
        missing = sorted((char for char in grid if char not in legend and char not in allowed),
                         key=lambda char: reading_order(grid[char][0]))
        for char in missing:
            squares = grid[char]
            more = (f" (and {count_text(len(squares) - 1, 'more square')})"
                    if len(squares) > 1 else "")
            self.error(f"{excerpt(char)} at {cell_name(squares[0])}{more} is not in {legend_key}",
                       (key, squares[0][1]))
        return set(missing)
