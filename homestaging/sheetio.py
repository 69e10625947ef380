"""Reading and writing sheets as grid JSON (SPEC 3.1).

:func:`read_sheet` and :func:`parse_sheet` turn a sheet file into a
:class:`~homestaging.sheet.Sheet`, reporting every problem of the file at once as one
:class:`~homestaging.errors.InputError`. :func:`sheet_to_json` writes a sheet back in
the ``grid`` form (furniture drawn in ``furniture_grid``) or the ``pieces`` form, and
:func:`dumps` gives deterministic text. The format decisions are in
``docs/sheet-format.md``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from .errors import InputError, Located
from .grid import (
    Cell,
    Edge,
    cell_name,
    cells_text,
    column_name,
    components,
    parse_cell,
    parse_cells,
    parse_edge,
    reading_order,
)
from .layout import layout
from .pieces import ROTATIONS, Piece, Placement, Shape
from .project import Project
from .projectreader import MAX_LISTED_SQUARES, find_project
from .readers import json_path, load_json, read_text
from .schema import iter_errors, load_schema
from .sheet import DrawnPiece, RoomPlan, Sheet, WildCard

__all__ = ["FORMAT", "cover_ranges", "dumps", "parse_sheet", "read_sheet", "sheet_to_json"]

FORMAT = "homestaging-sheet/1"
EMPTY = ". "  # '.' and ' ' mean "nothing here"
MARK = "o"
LEGEND_CHARS = "".join(
    c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" if c != MARK
)

_Parts = tuple[str | int, ...]


# --------------------------------------------------------------------------- reading


def read_sheet(path: str | Path) -> Sheet:
    """Read a sheet file (``-`` for stdin); raise InputError listing every problem."""
    name, text = read_text(path)
    data = load_json(text, name)
    base_dir = Path.cwd() if str(path) == "-" else Path(path).parent
    return parse_sheet(data, name, base_dir)


def parse_sheet(data: Any, file: str, base_dir: Path) -> Sheet:
    """Build a sheet from parsed JSON; raise InputError listing every problem found."""
    schema_errors = list(iter_errors(data, load_schema("sheet")))
    problems = [Located(file, message, path) for path, message in schema_errors]
    if not isinstance(data, dict) or "project" not in data or any(
        path in ("$", "$.format", "$.project") for path, _ in schema_errors
    ):
        raise InputError(problems)
    bad = {path for path, _ in schema_errors}
    project = _load_project(data["project"], file, base_dir, problems)
    if project is None:
        raise InputError(problems)
    reader = _Reader(data, file, project, bad)
    sheet = reader.read()
    problems += reader.problems
    if problems:
        raise InputError(problems)
    assert sheet is not None
    return sheet


def _load_project(
    reference: str, file: str, base_dir: Path, problems: list[Located]
) -> Project | None:
    try:
        return find_project(reference, relative_to=base_dir)
    except InputError as error:
        problems.append(Located(file, f"the project {reference!r} cannot be used:", "$.project"))
        problems.extend(error.messages)
    except ValueError as error:
        problems.append(Located(file, str(error), "$.project"))
    return None


def _sheet_size(project: Project) -> str:
    return f"{project.width} x {project.height}"


@dataclass(frozen=True)
class _Fit:
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


def _fits(
    piece: Piece, group: frozenset[Cell], rotation: int | None, mirrors: Sequence[bool]
) -> list[_Fit]:
    """Every orientation whose furniture squares are exactly ``group``, translated."""
    found: list[_Fit] = []
    gx = min(x for x, _ in group)
    gy = min(y for _, y in group)
    for turn, mirror, shape in _orientations(piece, rotation, mirrors):
        if len(shape.furniture) != len(group):
            continue
        fx = min(x for x, _ in shape.furniture)
        fy = min(y for _, y in shape.furniture)
        anchor = (gx - fx, gy - fy)
        if {(anchor[0] + x, anchor[1] + y) for x, y in shape.furniture} == group:
            found.append(_Fit(turn, mirror, anchor, shape))
    return found


def _choose(
    fits: list[_Fit], marks: frozenset[Cell], furniture: frozenset[Cell], project: Project
) -> list[_Fit]:
    """Narrow several fits down to one when the drawing says which; return the survivors.

    In order: prefer fits whose circulation stays on the sheet, then fits whose
    circulation is not under drawn furniture, then the one fit with every circulation
    square marked ``o``, then fits whose circulation stays in the house and off
    obstacles, then the fit covering the most ``o`` marks.
    """
    usable = project.house - project.obstacles

    def on_sheet(fit: _Fit) -> bool:
        return all(project.in_sheet(cell) for cell in fit.circulation)

    def all_marked(fit: _Fit) -> bool:
        return bool(fit.circulation) and fit.circulation <= marks

    def in_house(fit: _Fit) -> bool:
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


def _count(number: int, noun: str) -> str:
    """``_count(1, 'entry') == '1 entry'``, ``_count(2, 'entry') == '2 entries'``."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {noun[:-1]}ies" if noun.endswith("y") else f"{number} {noun}s"


def _suggest(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Reader:
    """Semantic checks of a schema-checked sheet; collects problems instead of stopping."""

    def __init__(self, data: dict[str, Any], file: str, project: Project, bad: set[str]) -> None:
        self.data = data
        self.file = file
        self.project = project
        self.bad = bad
        self.problems: list[Located] = []
        self.squares_left = MAX_LISTED_SQUARES

    def error(self, message: str, parts: _Parts | str) -> None:
        path = parts if isinstance(parts, str) else json_path(parts)
        self.problems.append(Located(self.file, message, path))

    def ok(self, *parts: str | int) -> bool:
        """No schema error at, under or above ``parts`` (``ok("rooms", 2)``): safe to check."""
        where = json_path(parts)
        return not any(
            path == where
            or path.startswith((where + ".", where + "["))
            or where.startswith((path + ".", path + "["))
            for path in self.bad
        )

    def entries(self, key: str) -> list[tuple[Any, Any]]:
        """``(index or key, value)`` of a list or object whose entries passed the schema."""
        value = self.data.get(key)
        if isinstance(value, list):
            return [(i, item) for i, item in enumerate(value) if self.ok(key, i)]
        if isinstance(value, dict):
            return [(k, item) for k, item in value.items() if self.ok(key, k)]
        return []

    # -- small readers

    def on_sheet(self, cell: Cell) -> bool:
        return self.project.in_sheet(cell)

    def room_name(self, name: str, parts: _Parts) -> bool:
        names = [room.name for room in self.project.rooms]
        if name in names:
            return True
        self.error(
            f"no room named {name!r} in project {self.project.id}"
            f"{_suggest(name, names)}; its rooms are: {', '.join(names)}",
            parts,
        )
        return False

    def edge(self, value: Any, parts: _Parts) -> Edge | None:
        try:
            edge = parse_edge(value)
        except ValueError as error:
            self.error(str(error), parts)
            return None
        if not (self.on_sheet(edge.cell) or self.on_sheet(edge.outer)):
            self.error(f"edge {value[0]}/{edge.side} is off the {_sheet_size(self.project)} sheet",
                       parts)
            return None
        return edge

    def edges(self, value: Any, parts: _Parts, what: Callable[..., str]) -> list[Edge]:
        """One edge ``["C5", "s"]`` or a list of edges (``what(edge=name)`` names one)."""
        if isinstance(value, list) and value and isinstance(value[0], str):
            found = self.edge(value, parts)
            return [found] if found else []
        return self.distinct([(self.edge(item, (*parts, index)), (*parts, index))
                              for index, item in enumerate(value or [])], what)

    def distinct(
        self, edges: list[tuple[Edge | None, _Parts]], what: Callable[..., str]
    ) -> list[Edge]:
        """The edges read, each once: an edge listed again (from either side) is an error."""
        first: dict[Edge, tuple[Edge, _Parts]] = {}
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

    def cells(self, values: Any, parts: _Parts) -> set[Cell]:
        """The squares of a list of names and ranges (entries the schema refused skipped)."""
        found: set[Cell] = set()
        for index, value in enumerate(values if isinstance(values, list) else []):
            if not self.ok(*parts, index):
                continue
            where = (*parts, index)
            if self.squares_left < 0:
                break
            try:
                squares = parse_cells(value)
            except ValueError as error:
                self.error(str(error), where)
                continue
            self.squares_left -= len(squares)
            if self.squares_left < 0:
                self.error(f"the sheet's ranges name more than {MAX_LISTED_SQUARES} squares in "
                           "all (each square of the largest sheet a few times over); the rest "
                           "is not read", where)
                break
            off = [c for c in squares if not self.on_sheet(c)]
            if off:
                self.error(f"{value} reaches off the {_sheet_size(self.project)} sheet", where)
                continue
            found.update(squares)
        return found

    def grid(self, key: str) -> dict[Cell, str] | None:
        """The characters of a grid by square (``.`` and spaces left out); None if unusable."""
        rows = self.data.get(key)
        if rows is None or not self.ok(key):
            return None
        width, height = self.project.width, self.project.height
        usable = True
        if len(rows) != height:
            usable = False
            extra = f"; row {height + 1} on is off the sheet" if len(rows) > height else ""
            self.error(f"{len(rows)} rows, expected {height} (the project's sheet is "
                       f"{height} high){extra}", (key,))
        for y, row in enumerate(rows[:height]):
            if len(row) == width:
                continue
            usable = False
            if len(row) > width:
                detail = f"; from {cell_name((width, y))} on is off the sheet"
            else:
                detail = f"; {cells_text([(len(row), y)])} and after are missing"
            self.error(f"row {y + 1} has {len(row)} squares, expected {width} (the project's "
                       f"sheet is {width} wide){detail}", (key, y))
        if not usable:
            return None
        return {
            (x, y): char
            for y, row in enumerate(rows)
            for x, char in enumerate(row)
            if char not in EMPTY
        }

    def unknown_chars(self, grid: dict[Cell, str], legend: dict[str, Any], key: str,
                      legend_key: str, allowed: str = "") -> set[str]:
        """Report each character of ``grid`` missing from ``legend`` once; return them."""
        missing: dict[str, list[Cell]] = {}
        for cell in sorted(grid, key=reading_order):
            char = grid[cell]
            if char not in legend and char not in allowed:
                missing.setdefault(char, []).append(cell)
        for char, squares in missing.items():
            more = f" (and {_count(len(squares) - 1, 'more square')})" if len(squares) > 1 else ""
            self.error(f"{char!r} at {cell_name(squares[0])}{more} is not in {legend_key}",
                       (key, squares[0][1]))
        return set(missing)

    # -- the sections

    def read(self) -> Sheet | None:
        rooms = self.read_rooms()
        front = self.edges(self.data.get("front_door"), ("front_door",),
                           "the front door {edge}".format) if self.ok("front_door") else []
        windows = self.distinct([(self.edge(value, ("windows", index)), ("windows", index))
                                 for index, value in self.entries("windows")],
                                "the window {edge}".format)
        current = self.data.get("current_room")
        if current is not None and self.ok("current_room"):
            self.room_name(current, ("current_room",))
        pieces, wild_card = self.read_furniture()
        if self.problems:
            return None
        return Sheet(
            project=self.project,
            rooms=tuple(rooms),
            pieces=tuple(pieces),
            front_doors=tuple(front),
            windows=tuple(windows),
            wild_card=wild_card,
            current_room=current,
            player=self.data.get("player", ""),
            source=self.file,
            project_ref=self.data["project"],
        )

    def read_rooms(self) -> list[RoomPlan]:
        from_grid = self.read_room_grid()
        listed: dict[str, int] = {}
        rooms: list[RoomPlan] = []
        entries = self.data.get("rooms", [])
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            name = entry.get("name") if isinstance(entry, dict) else None
            if not isinstance(name, str) or not self.ok("rooms", index, "name"):
                if isinstance(name, str):
                    listed.setdefault(name, index)
                continue
            if name in listed:
                self.error(f"room {name!r} is listed twice (first at "
                           f"{json_path(('rooms', listed[name]))})", ("rooms", index, "name"))
                continue
            listed[name] = index
            self.room_name(name, ("rooms", index, "name"))
            cells = self.cells(entry.get("cells", []), ("rooms", index, "cells"))
            if from_grid is not None and name in from_grid:
                drawn = from_grid[name]
                if "cells" in entry and self.ok("rooms", index, "cells") and cells != drawn:
                    self.error(self.disagreement(name, cells, drawn), ("rooms", index, "cells"))
                cells |= drawn
            door = entry.get("door") if self.ok("rooms", index, "door") else None
            doors = self.edges(door, ("rooms", index, "door"),
                               partial("the door {edge} of room {room}".format, room=name))
            where = json_path(("rooms", index))
            rooms.append(RoomPlan(name, frozenset(cells), tuple(doors), where))
        unlisted = set(from_grid or {}) - set(listed) if isinstance(entries, list) else set()
        for name in sorted(unlisted):
            char = next(c for c, n in self.data["room_legend"].items() if n == name)
            self.error(f"room {name!r} is drawn in room_grid but not listed in rooms (add "
                       f'{{"name": {json.dumps(name)}}} to rooms, in play order)',
                       ("room_legend", char))
        return rooms

    def disagreement(self, name: str, cells: set[Cell], drawn: set[Cell]) -> str:
        parts = []
        if cells - drawn:
            parts.append(f"only in cells: {cells_text(cells - drawn)}")
        if drawn - cells:
            parts.append(f"only in room_grid: {cells_text(drawn - cells)}")
        return f"room {name!r} is given both by cells and by room_grid, and they differ: " + \
            "; ".join(parts)

    def read_room_grid(self) -> dict[str, set[Cell]] | None:
        if "room_grid" not in self.data and "room_legend" not in self.data:
            return None
        legend = self.data.get("room_legend", {})
        known = {char: name for char, name in self.entries("room_legend")
                 if self.room_name(name, ("room_legend", char))}
        for char in known:
            if len(char) != 1:
                self.error(f"expected one character, found {char!r}", ("room_legend", char))
        grid = self.grid("room_grid")
        if grid is None or not isinstance(legend, dict):
            return None
        missing = self.unknown_chars(grid, legend, "room_grid", "room_legend")
        rooms: dict[str, set[Cell]] = {}
        for cell, char in grid.items():
            if char in known and char not in missing:
                rooms.setdefault(known[char], set()).add(cell)
        return rooms

    def legend_entry(self, char: str, value: Any) -> tuple[Piece, int | None, bool | None] | None:
        parts: _Parts = ("furniture_legend", char)
        if len(char) != 1:
            self.error(f"expected one character, found {char!r}", parts)
            return None
        if isinstance(value, dict):
            piece_id, rotation, mirror = value["piece"], value.get("rotation"), value.get("mirror")
            parts = (*parts, "piece")
        else:
            piece_id, rotation, mirror = value, None, None
        piece = self.piece(piece_id, parts)
        if piece is None:
            return None
        if piece.is_rug:
            self.error(f"{piece_id} is a rug: rugs lie under other furniture, so they go in "
                       "`pieces`, not in furniture_grid", parts)
            return None
        return piece, rotation, mirror

    def piece(self, piece_id: str, parts: _Parts) -> Piece | None:
        pieces = self.project.catalog.pieces
        if piece_id in pieces:
            return pieces[piece_id]
        self.error(f"unknown piece id {piece_id!r}{_suggest(piece_id, pieces)}", parts)
        return None

    def read_furniture(self) -> tuple[list[DrawnPiece], WildCard | None]:
        legend_data = self.data.get("furniture_legend", {})
        legend = {char: entry for char, value in self.entries("furniture_legend")
                  if (entry := self.legend_entry(char, value)) is not None}
        wild = self.data.get("wild_card") if self.ok("wild_card") else None
        mirror_char = wild["piece"] if wild and wild["effect"] == "mirror" \
            and isinstance(wild["piece"], str) else None

        drawn: list[DrawnPiece] = []
        by_char: dict[str, list[int]] = {}
        grid = self.grid("furniture_grid")
        if grid is not None and isinstance(legend_data, dict):
            missing = self.unknown_chars(grid, legend_data, "furniture_grid", "furniture_legend",
                                         MARK)
            marks = frozenset(c for c, char in grid.items() if char == MARK)
            furniture = frozenset(c for c, char in grid.items() if char != MARK)
            groups: list[tuple[str, frozenset[Cell]]] = []
            for char in sorted({char for char in grid.values()} - {MARK} - missing):
                cells = [c for c, ch in grid.items() if ch == char]
                groups += [(char, group) for group in components(cells)]
            groups.sort(key=lambda item: min(map(reading_order, item[1])))
            for char, group in groups:
                if char not in legend:
                    continue  # its legend entry is wrong, already reported
                piece, rotation, mirror = legend[char]
                mirrors = (mirror,) if mirror is not None else \
                    (False, True) if char == mirror_char else (False,)
                placed = self.match(char, group, piece, rotation, mirrors, marks, furniture)
                if placed is not None:
                    by_char.setdefault(char, []).append(len(drawn))
                    first = min(group, key=reading_order)
                    drawn.append(DrawnPiece(placed, char, json_path(("furniture_grid", first[1]))))

        first_listed = len(drawn)
        entries = self.data.get("pieces", [])
        for index, entry in self.entries("pieces"):
            placed = self.listed_piece(entry, ("pieces", index))
            if placed is not None:
                drawn.append(DrawnPiece(placed, f"pieces[{index}]", json_path(("pieces", index))))
        wild_card = None
        if wild is not None and self.ok("furniture_legend"):
            count = len(entries) if isinstance(entries, list) else 0
            wild_card = self.wild_card(wild, legend_data or {}, by_char, first_listed, count)
        return drawn, wild_card

    def match(
        self, char: str, group: frozenset[Cell], piece: Piece, rotation: int | None,
        mirrors: Sequence[bool], marks: frozenset[Cell], furniture: frozenset[Cell],
    ) -> Placement | None:
        first = min(group, key=reading_order)
        parts: _Parts = ("furniture_grid", first[1])
        what = f"{char!r} at {cells_text(group)} ({piece.id})"
        fits = _fits(piece, group, rotation, mirrors)
        chosen = _choose(fits, marks, furniture, self.project)
        if len(chosen) == 1:
            fit = chosen[0]
            placement = Placement(piece, fit.anchor, fit.rotation, fit.mirror)
            off = [c for c in placement.circulation if not self.on_sheet(c)]
            if off:
                self.error(f"{what}: {len(off)} circulation square(s) of {piece.id} "
                           f"({placement.describe()}) fall off the {_sheet_size(self.project)} "
                           "sheet", parts)
                return None
            return placement
        if chosen:
            options = "; ".join(fit.describe() for fit in chosen)
            self.error(f"{what} fits {len(chosen)} ways: {options}. Mark its circulation "
                       f"squares with 'o' or give the rotation in furniture_legend, e.g. "
                       f'{{"piece": "{piece.id}", "rotation": {chosen[0].rotation}}}', parts)
            return None
        tried = "rotation " + str(rotation) if rotation is not None else "rotations 0, 90, 180, 270"
        tried += " mirrored" if mirrors == (True,) else " and mirrored" if True in mirrors else ""
        hint = f"; its shape is {'/'.join(piece.art.rows())} (# furniture, o circulation)"
        others = sorted({fit.rotation for fit in _fits(piece, group, None, mirrors)})
        if len(group) != piece.size:
            hint = f": it has {_count(len(group), 'square')}, {piece.id} has {piece.size}"
            if len(group) > piece.size:
                hint += ("; touching squares of one letter are one piece: draw touching "
                         f"pieces with different letters (e.g. {self.free_char()!r} for the "
                         f"second one, mapped to {piece.id} in furniture_legend)")
        elif True not in mirrors and _fits(piece, group, rotation, (True,)):
            hint = (": it fits only mirrored; say \"mirror\": true in furniture_legend, "
                    "or name it in wild_card with effect mirror")
        elif rotation is not None and others:
            hint = (f": it fits with rotation{'s' if len(others) > 1 else ''} "
                    f"{', '.join(str(turn) for turn in others)}")
        self.error(f"{what} does not match the shape of {piece.id} (tried {tried}){hint}",
                   parts)
        return None

    def free_char(self) -> str:
        """The first legend character not used in furniture_legend nor in the grid."""
        legend = self.data.get("furniture_legend")
        used = set(legend) if isinstance(legend, dict) else set()
        rows = self.data.get("furniture_grid")
        for row in rows if isinstance(rows, list) else []:
            used.update(row if isinstance(row, str) else "")
        return next((c for c in LEGEND_CHARS if c not in used), "another letter")

    def listed_piece(self, entry: dict[str, Any], parts: _Parts) -> Placement | None:
        piece = self.piece(entry["piece"], (*parts, "piece"))
        try:
            anchor = parse_cell(entry["at"])
        except ValueError as error:
            self.error(str(error), (*parts, "at"))
            return None
        if not self.on_sheet(anchor):
            self.error(f"{entry['at']} is off the {_sheet_size(self.project)} sheet",
                       (*parts, "at"))
            return None
        if piece is None:
            return None
        placement = Placement(piece, anchor, entry.get("rotation", 0), entry.get("mirror", False))
        off = [c for c in placement.squares if not self.on_sheet(c)]
        if off:
            sides = []
            if any(x >= self.project.width for x, _ in off):
                sides.append(f"east of column {column_name(self.project.width - 1)}")
            if any(y >= self.project.height for _, y in off):
                sides.append(f"south of row {self.project.height}")
            self.error(f"{placement.describe()} reaches off the {_sheet_size(self.project)} "
                       f"sheet ({len(off)} square(s) {' and '.join(sides)})", parts)
            return None
        return placement

    def wild_card(self, wild: dict[str, Any], legend: dict[str, Any], by_char: dict[str, list[int]],
                  first_listed: int, listed: int) -> WildCard | None:
        ref = wild["piece"]
        parts = ("wild_card", "piece")
        if isinstance(ref, str):
            if ref not in legend:
                chars = ", ".join(sorted(legend)) or "none"
                self.error(f"{ref!r} is not a character of furniture_legend (it has: {chars})",
                           parts)
                return None
            if ref not in by_char:
                rows = self.data.get("furniture_grid") or []
                if self.ok("furniture_grid") and not any(ref in row for row in rows):
                    self.error(f"{ref!r} is not drawn in furniture_grid", parts)
                return None
            indexes = tuple(by_char[ref])
        else:
            if ref >= listed:
                self.error(f"there is no pieces[{ref}] (pieces has {_count(listed, 'entry')})",
                           parts)
                return None
            indexes = (first_listed + ref,)
        return WildCard(indexes, wild["effect"], "$.wild_card")


# --------------------------------------------------------------------------- writing


def sheet_to_json(sheet: Sheet, form: str = "grid") -> dict[str, Any]:
    """The sheet as grid JSON: ``form`` ``grid`` draws furniture in ``furniture_grid``
    (rugs, and pieces that cannot be drawn there, stay in ``pieces``); ``pieces`` lists
    every piece in ``pieces``. Raise ValueError for an unknown form, or a wild card naming
    several pieces that the form cannot name together."""
    if form not in ("grid", "pieces"):
        raise ValueError(f"unknown sheet form {form!r}: expected 'grid' or 'pieces'")
    out: dict[str, Any] = {"format": FORMAT, "project": sheet.project_ref or sheet.project.id}
    if sheet.player:
        out["player"] = sheet.player
    out["rooms"] = [_room_json(room) for room in sheet.rooms]
    wild = set(sheet.wild_card.pieces) if sheet.wild_card else set()
    listed = list(range(len(sheet.pieces)))
    wild_ref: str | int | None = None
    if form == "grid":
        drawing = _Drawing(sheet, wild)
        listed = drawing.listed
        if drawing.grid_pieces:
            out["furniture_grid"] = drawing.rows()
            out["furniture_legend"] = drawing.legend
        wild_ref = drawing.wild_char
    if listed:
        out["pieces"] = [_piece_json(sheet.pieces[i].placement) for i in listed]
    if sheet.front_doors:
        out["front_door"] = _edges_json(sheet.front_doors)
    if sheet.windows:
        out["windows"] = [edge.to_json() for edge in sheet.windows]
    if sheet.wild_card is not None:
        if wild_ref is None:
            named = [listed.index(i) for i in sorted(wild) if i in listed]
            if len(named) != len(wild) or len(named) != 1:
                raise ValueError(f"the wild card names {len(wild)} pieces; the {form} form "
                                 "can only name one piece of `pieces` or one legend character")
            wild_ref = named[0]
        out["wild_card"] = {"piece": wild_ref, "effect": sheet.wild_card.effect}
    if sheet.current_room is not None:
        out["current_room"] = sheet.current_room
    return out


def _edges_json(edges: Sequence[Edge]) -> list[Any]:
    if len(edges) == 1:
        return edges[0].to_json()
    return [edge.to_json() for edge in edges]


def _room_json(room: RoomPlan) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": room.name}
    if room.cells:
        entry["cells"] = cover_ranges(room.cells)
    if room.doors:
        entry["door"] = _edges_json(room.doors)
    return entry


def _piece_json(placement: Placement) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "piece": placement.piece.id,
        "at": cell_name(placement.anchor),
        "rotation": placement.rotation,
    }
    if placement.mirror:
        entry["mirror"] = True
    return entry


def cover_ranges(cells: Iterable[Cell]) -> list[str]:
    """Squares as ranges: take the first square left in reading order, grow it right, then
    down while the whole row span is in the set; repeat. Deterministic, no overlaps."""
    remaining = set(cells)
    ranges: list[str] = []
    for start in sorted(remaining, key=reading_order):
        if start not in remaining:
            continue
        x0, y0 = start
        x1 = x0
        while (x1 + 1, y0) in remaining:
            x1 += 1
        y1 = y0
        while all((x, y1 + 1) in remaining for x in range(x0, x1 + 1)):
            y1 += 1
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                remaining.discard((x, y))
        first, last = cell_name((x0, y0)), cell_name((x1, y1))
        ranges.append(first if (x0, y0) == (x1, y1) else f"{first}:{last}")
    return ranges


def _around(cells: Iterable[Cell]) -> set[Cell]:
    """The squares and their four neighbours: a piece touching these would join the group."""
    return {(x + dx, y + dy) for x, y in cells
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}


def _keeps_extras(sheet: Sheet, grid_pieces: list[int]) -> list[int]:
    """``grid_pieces`` without the pieces of rooms holding more pieces than their tokens
    whose order drawing them would change: the order decides which pieces are the extra
    ones, and the grid reads its pieces in reading order, before the ``pieces`` list."""
    rooms = layout(sheet).piece_rooms
    in_grid = set(grid_pieces)
    written = [*grid_pieces, *(i for i in range(len(sheet.pieces)) if i not in in_grid)]
    moved: set[str] = set()
    for spec in sheet.project.rooms:
        held = [i for i, room in enumerate(rooms) if room == spec.name]
        if len(held) > spec.tokens and [i for i in written if rooms[i] == spec.name] != held:
            moved.add(spec.name)
    return [i for i in grid_pieces if rooms[i] not in moved]


class _Drawing:
    """The furniture grid of a sheet: which pieces go in it, their characters, the legend."""

    def __init__(self, sheet: Sheet, wild: set[int]) -> None:
        self.sheet = sheet
        project = sheet.project
        self.width, self.height = project.width, project.height
        taken: set[Cell] = set()
        grid_pieces: list[int] = []
        order = sorted(range(len(sheet.pieces)),
                       key=lambda i: min(map(reading_order, sheet.pieces[i].placement.furniture)))
        for index in order:
            placement = sheet.pieces[index].placement
            squares = placement.furniture | placement.circulation
            if placement.piece.is_rug or placement.furniture & taken or not all(
                project.in_sheet(c) for c in squares
            ):
                continue
            taken |= placement.furniture
            grid_pieces.append(index)
        kept = _keeps_extras(sheet, grid_pieces)
        if len(kept) < len(grid_pieces):
            grid_pieces = kept
            taken = {c for i in kept for c in sheet.pieces[i].placement.furniture}
        self.furniture = frozenset(taken)
        self.marks = frozenset(
            c for i in grid_pieces for c in sheet.pieces[i].placement.circulation
        ) - self.furniture
        self.legend: dict[str, Any] = {}
        self.chars: dict[int, str] = {}
        self.wild_char: str | None = None
        near: dict[str, set[Cell]] = {}  # squares a new piece of that character may not use
        mirror_wild = sheet.wild_card is not None and sheet.wild_card.effect == "mirror"
        free = iter(LEGEND_CHARS)
        in_grid_wild = wild.issubset(grid_pieces) and bool(wild)
        for index in grid_pieces:
            placement = sheet.pieces[index].placement
            is_wild = in_grid_wild and index in wild
            value = self.legend_value(placement, is_wild and mirror_wild)
            char = None
            if is_wild and self.wild_char is not None:
                char = self.wild_char
                if self.legend[char] != value or placement.furniture & near[char]:
                    raise ValueError("the wild card names pieces that cannot share one "
                                     "legend character")
            elif not is_wild:
                char = next((c for c, v in self.legend.items() if v == value
                             and c != self.wild_char
                             and not placement.furniture & near[c]),
                            None)
            if char is None:
                char = next(free, None)
                if char is None:
                    continue  # out of characters: this piece goes in `pieces`
                self.legend[char] = value
                near[char] = set()
                if is_wild:
                    self.wild_char = char
            near[char] |= _around(placement.furniture)
            self.chars[index] = char
        self.grid_pieces = [i for i in grid_pieces if i in self.chars]
        self.listed = [i for i in range(len(sheet.pieces)) if i not in self.chars]

    def legend_value(self, placement: Placement, wild_mirror: bool) -> str | dict[str, Any]:
        """The bare piece id when reading it back finds this placement, else the full entry."""
        piece = placement.piece
        mirrors = (False, True) if wild_mirror else (False,)
        fits = _choose(_fits(piece, placement.furniture, None, mirrors), self.marks,
                       self.furniture, self.sheet.project)
        if len(fits) == 1:
            fit = fits[0]
            if (fit.anchor, fit.shape, fit.mirror) == (
                placement.anchor, placement.shape, placement.mirror
            ):
                return piece.id
        return {"piece": piece.id, "rotation": placement.rotation, "mirror": placement.mirror}

    def rows(self) -> list[str]:
        cells = [["."] * self.width for _ in range(self.height)]
        for x, y in self.marks:
            cells[y][x] = MARK
        for index, char in self.chars.items():
            for x, y in self.sheet.pieces[index].placement.furniture:
                cells[y][x] = char
        return ["".join(row) for row in cells]


_GRID_KEYS = ("furniture_grid", "room_grid")


def dumps(obj: Any) -> str:
    """Deterministic JSON text: 2-space indent, short lists and objects on one line, grid
    rows (``furniture_grid``, ``room_grid``) one per line, a trailing newline."""
    return _dump(obj, 0, force=True) + "\n"


def _dump(value: Any, indent: int, force: bool, width: int = 100) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value:
        return flat
    if isinstance(value, dict) and any(key in value for key in _GRID_KEYS):
        force = True
    if not force and indent + len(flat) <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + _dump(item, indent + 2, False) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [
        pad + json.dumps(key, ensure_ascii=False) + ": "
        + _dump(item, indent + 2, key in _GRID_KEYS)
        for key, item in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
