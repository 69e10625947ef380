"""Reading sheets: grid JSON (``docs/sheet-format.md``) into a
:class:`~homestaging.core.sheet.Sheet`.

:func:`read_sheet` and :func:`parse_sheet` report every problem of the file at once as
one :class:`~homestaging.core.errors.InputError`, each located by its JSON path; the
furniture grid's groups are read with :mod:`homestaging.formats.fitting`.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Collection, Sequence, Set
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError, Located, UnknownProject
from ..core.grid import (
    Cell,
    cell_name,
    cells_text,
    column_name,
    components,
    parse_cell,
    reading_order,
)
from ..core.pieces import Piece, Placement
from ..core.project import Project
from ..core.quoting import did_you_mean, excerpt
from ..core.sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from ..rules.checks import Code
from .files import read_once, read_text
from .fitting import LEGEND_CHARS, MARK, Fit, find_fits, narrow_fits, whole_fits
from .projectreader import find_project
from .readers import JsonParts, foreign_json, json_path, load_json
from .schema import iter_errors, load_schema
from .sheetfields import FieldReader, count_text, sheet_size

if TYPE_CHECKING:
    from pathlib import Path

    from ..core.game import GameRecord

__all__ = ["FORMAT", "parse_sheet", "read_sheet", "read_sheet_notes"]

CAPITAL_MARK = "O"
"""Read as the circulation mark ``o`` when the legend does not name it."""


def read_sheet(path: str | Path) -> Sheet:
    """Read a sheet file (``-`` for stdin); raise InputError listing every problem."""
    return read_sheet_notes(path)[0]


def read_sheet_notes(path: str | Path) -> tuple[Sheet, Any]:
    """A sheet file read as :func:`read_sheet` reads it, and its ``scan`` notes (what
    ``homestaging scan`` was not sure of; the rules ignore them), or None."""
    name, text = read_text(path)
    data = load_json(text, name)
    base_dir = os.getcwd() if str(path) == "-" else os.path.dirname(path)
    return parse_sheet(data, name, base_dir), data.get("scan")


FORMAT = "homestaging-sheet/1"
"""The ``format`` of a sheet file: what makes a JSON file one of ours."""


def parse_sheet(data: Any, file: str, base_dir: str | Path, *,
                project: Project | None = None) -> Sheet:
    """Build a sheet from parsed JSON; raise InputError listing every problem found.

    ``base_dir``: the folder the sheet's references are relative to. ``project``, when
    given, is the project the sheet's reference names, already loaded by the caller (who
    keeps it up to date); it is used instead of loading it again."""
    foreign = foreign_json(data, file, FORMAT, "a homestaging sheet")
    if foreign is not None:
        raise foreign
    schema_errors = list(iter_errors(data, load_schema("sheet")))
    problems = [Located(file, message, path) for path, message in schema_errors]
    if not isinstance(data, dict) or "project" not in data or any(
        path in ("$", "$.format", "$.project") for path, _ in schema_errors
    ):
        raise InputError(problems)
    bad = {path for path, _ in schema_errors}
    if project is None:
        project = _load_project(data["project"], file, base_dir, problems)
    if project is None:
        raise InputError(problems)
    reader = _Reader(data, file, project, bad)
    sheet = reader.read()
    problems += reader.problems
    game = _read_game(data.get("game"), file, base_dir, project, problems) \
        if "game" in data and "$.game" not in bad else None
    if problems:
        raise InputError(problems)
    assert sheet is not None
    if game is not None:
        reference = data["game"]
        sheet = dataclasses.replace(sheet, game=game,
                                    game_ref=reference if isinstance(reference, str) else "")
    return sheet


def _read_game(value: Any, file: str, base_dir: str | Path, project: Project,
               problems: list[Located]) -> GameRecord | None:
    """The sheet's game record: a file named relative to the sheet, or embedded."""
    if value is None:
        return None
    from pathlib import Path

    from .gamereader import parse_record, read_record

    try:
        if isinstance(value, str):
            path = Path(base_dir) / value
            try:  # the sheets of one table name one record: read once per command
                return read_once(str(path), partial(read_record, path, project=project),
                                 checked_with=project)
            except InputError as error:
                problems.append(Located(file, f"the game record {excerpt(value)} cannot be used:",
                                        "$.game"))
                problems.extend(error.messages)
                return None
        return parse_record(value, file, base_dir, project=project, at=("game",))
    except InputError as error:
        problems.extend(error.messages)
    return None


def _load_project(
    reference: str, file: str, base_dir: str | Path, problems: list[Located]
) -> Project | None:
    try:
        return find_project(reference, relative_to=base_dir)
    except InputError as error:
        problems.append(
            Located(file, f"the project {excerpt(reference)} cannot be used:", "$.project"))
        problems.extend(error.messages)
    except UnknownProject as error:
        problems.append(Located(file, str(error), "$.project"))
    return None


def _mirrors(mirror: bool | None, char: str, mirror_char: str | None) -> tuple[bool, ...]:
    """The mirrors to try for a legend character: the legend's, else both for the
    character the wild card mirrors, else unmirrored."""
    if mirror is not None:
        return (mirror,)
    return (False, True) if char == mirror_char else (False,)


class _Reader(FieldReader):
    """Semantic checks of a schema-checked sheet; collects problems instead of stopping."""

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
            notes=tuple(self.notes),
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
                self.error(f"room {excerpt(name)} is listed twice (first at "
                           f"{json_path(('rooms', listed[name]))})", ("rooms", index, "name"))
                continue
            listed[name] = index
            self.room_name(name, ("rooms", index, "name"))
            told = len(self.problems)
            cells = self.cells(entry.get("cells", []), ("rooms", index, "cells"))
            if from_grid is not None and name in from_grid:
                drawn = from_grid[name]
                # compared only when every square of cells was read (else told already)
                if "cells" in entry and self.ok("rooms", index, "cells") and cells != drawn \
                        and len(self.problems) == told:
                    self.error(self.disagreement(name, cells, drawn), ("rooms", index, "cells"))
                cells |= drawn
            door = entry.get("door") if self.ok("rooms", index, "door") else None
            doors = self.edges(door, ("rooms", index, "door"),
                               partial("the door {edge} of room {room}".format, room=name)
                               ) if door else []
            rooms.append(RoomPlan(name, cells, tuple(doors), f"$.rooms[{index}]"))
        whole = isinstance(entries, list) and not self.bad.at_or_above("$.rooms")
        unlisted = set(from_grid or {}) - set(listed) if whole else set()  # else told already
        for name in sorted(unlisted):
            char = next(c for c, n in self.data["room_legend"].items() if n == name)
            self.error(f"room {excerpt(name)} is drawn in room_grid but not listed in rooms (add "
                       f'{{"name": {json.dumps(name)}}} to rooms, in play order)',
                       ("room_legend", char))
        return rooms

    def disagreement(self, name: str, cells: Set[Cell], drawn: set[Cell]) -> str:
        parts = []
        if cells - drawn:
            parts.append(f"only in cells: {cells_text(cells - drawn)}")
        if drawn - cells:
            parts.append(f"only in room_grid: {cells_text(drawn - cells)}")
        return (f"room {excerpt(name)} is given both by cells and by room_grid, and they "
                f"differ: {'; '.join(parts)}")

    def read_room_grid(self) -> dict[str, set[Cell]] | None:
        if "room_grid" not in self.data and "room_legend" not in self.data:
            return None
        legend = self.data.get("room_legend", {})
        known = {char: name for char, name in self.entries("room_legend")
                 if self.room_name(name, ("room_legend", char))}
        for char in known:
            if len(char) != 1:
                self.error(f"expected one character, found {excerpt(char)}", ("room_legend", char))
        grid = self.grid("room_grid")
        if grid is None or not isinstance(legend, dict):
            return None
        missing = self.unknown_chars(grid, legend, "room_grid", "room_legend")
        rooms: dict[str, set[Cell]] = {}
        for char, cells in grid.items():
            if char in known and char not in missing:
                rooms.setdefault(known[char], set()).update(cells)
        return rooms

    def legend_entry(self, char: str, value: Any) -> tuple[Piece, int | None, bool | None] | None:
        parts: JsonParts = ("furniture_legend", char)
        if len(char) != 1:
            self.error(f"expected one character, found {excerpt(char)}", parts)
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

    def piece(self, piece_id: str, parts: JsonParts) -> Piece | None:
        pieces = self.project.catalog.pieces
        if piece_id in pieces:
            return pieces[piece_id]
        close = did_you_mean(self.close_pieces(piece_id))
        self.error(f"unknown piece id {excerpt(piece_id)}{close}", parts)
        return None

    def read_furniture(self) -> tuple[list[DrawnPiece], WildCard | None]:
        legend_data = self.data.get("furniture_legend", {})
        wild = self.data.get("wild_card") if self.ok("wild_card") else None
        mirror_char = wild["piece"] if wild and wild["effect"] == "mirror" \
            and isinstance(wild["piece"], str) else None
        # each character's piece, rotation and the mirrors to try
        legend = {char: (known[0], known[1], _mirrors(known[2], char, mirror_char))
                  for char, value in self.entries("furniture_legend")
                  if (known := self.legend_entry(char, value)) is not None}

        drawn: list[DrawnPiece] = []
        by_char: dict[str, list[int]] = {}
        grid = self.grid("furniture_grid")
        marks: frozenset[Cell] = frozenset()
        given: list[tuple[int, Collection[Cell], Piece, tuple[bool, ...]]] = []
        if grid is not None and isinstance(legend_data, dict):
            self.capital_marks(grid, legend_data)
            missing = self.unknown_chars(grid, legend_data, "furniture_grid", "furniture_legend",
                                         MARK)
            marks = frozenset(grid.pop(MARK, ()))
            squares = self.piece_squares = grid  # each piece character's, in reading order
            furniture = frozenset().union(*squares.values())
            # each group of squares (a list in reading order, or a part of a character's
            # squares) by its first square; the characters come in reading order of their
            # first squares, so the groups need sorting only when one was split
            groups: list[tuple[Cell, str, Collection[Cell], list[Fit] | None]] = []
            split = False
            for char, cells in squares.items():
                if char in missing:
                    continue
                entry = legend.get(char)
                if entry is not None:  # most often one piece: its fits tell it at once
                    piece, rotation, mirrors = entry
                    whole = whole_fits(piece, cells, rotation, mirrors)
                    if whole:
                        groups.append((cells[0], char, cells, whole))
                        continue
                parts = components(cells)
                if len(parts) == 1:  # its first square is the list's
                    groups.append((cells[0], char, cells, None))
                else:
                    split = True
                    groups += ((min(part, key=reading_order), char, part, None)
                               for part in parts)
            if split:
                groups.sort(key=lambda item: reading_order(item[0]))
            for first, char, group, fits in groups:  # in reading order of their first squares
                if char not in legend:
                    continue  # its legend entry is wrong, already reported
                piece, rotation, mirrors = legend[char]
                placed = self.match(char, group, piece, rotation, mirrors, marks, furniture,
                                    first, fits)
                if placed is not None:
                    if rotation is not None:
                        given.append((len(drawn), group, piece, mirrors))
                    by_char.setdefault(char, []).append(len(drawn))
                    drawn.append(DrawnPiece(placed, char, f"$.furniture_grid[{first[1]}]"))

        first_listed = len(drawn)
        entries = self.data.get("pieces", [])
        for index, entry in self.entries("pieces"):
            placed = self.listed_piece(entry, ("pieces", index))
            if placed is not None:
                drawn.append(DrawnPiece(placed, f"pieces[{index}]", json_path(("pieces", index))))
        self.mark_notes(marks, drawn, given)
        wild_card = None
        if wild is not None and self.ok("furniture_legend"):
            count = len(entries) if isinstance(entries, list) else 0
            wild_card = self.wild_card(wild, legend_data or {}, by_char, first_listed, count)
        return drawn, wild_card

    def capital_marks(self, grid: dict[str, list[Cell]], legend: dict[str, Any]) -> None:
        """A capital ``O`` the legend does not name is read as the mark ``o``, with a note."""
        if CAPITAL_MARK in legend or CAPITAL_MARK not in grid:
            return
        found = grid.pop(CAPITAL_MARK)
        grid.setdefault(MARK, []).extend(found)
        more = f" (and {count_text(len(found) - 1, 'more square')})" if len(found) > 1 else ""
        self.note(Code.CAPITAL_O, f"'O' at {cell_name(found[0])}{more} is read as the "
                  "circulation mark 'o' (did you mean 'o'? 'O' is not in furniture_legend)",
                  "circulation marks", found, ("furniture_grid", found[0][1]))

    def mark_notes(self, marks: frozenset[Cell], drawn: list[DrawnPiece],
                   given: list[tuple[int, Collection[Cell], Piece, tuple[bool, ...]]]) -> None:
        """Notes on the ``o`` marks that are no piece's circulation: those another rotation
        of a piece whose rotation the legend gives would explain, then the others."""
        stray = set(marks).difference(*(piece.placement.circulation for piece in drawn))
        for index, group, piece, mirrors in given:
            if not stray:
                break
            placed = drawn[index].placement
            best: tuple[int, Fit] | None = None
            for fit in find_fits(piece, group, None, mirrors):
                if (fit.rotation, fit.mirror) == (placed.rotation, placed.mirror):
                    continue
                count = len(fit.circulation & stray)
                if count and (best is None or count > best[0]):
                    best = (count, fit)
            if best is None:
                continue
            fit = best[1]
            explained = fit.circulation & stray
            stray -= explained
            turn = f"rotation {fit.rotation}" + (" mirrored" if fit.mirror else "")
            said = f"rotation {placed.rotation}" + (" mirrored" if placed.mirror else "")
            self.note(Code.MARKS_CONTRADICT_ROTATION,
                      f"{drawn[index].subject} is drawn with {said}, as furniture_legend says, "
                      f"but the o marks at {cells_text(explained)} suggest {turn}",
                      drawn[index].subject, explained, ("furniture_grid", min(
                          group, key=reading_order)[1]))
        for part in sorted(components(stray), key=lambda part: min(map(reading_order, part))):
            first = min(part, key=reading_order)
            many = len(part) > 1
            around = {(x + dx, y + dy) for x, y in part
                      for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            beside = [piece for piece in drawn if piece.placement.squares & around][:2]
            where = "; ".join(
                f"{piece.subject} beside {'them' if many else 'it'} has its circulation at "
                f"{cells_text(piece.placement.circulation)}" if piece.placement.circulation
                else f"{piece.subject} beside {'them' if many else 'it'} has no circulation"
                for piece in beside)
            self.note(Code.STRAY_MARK, f"the o mark{'s' if many else ''} at {cells_text(part)} "
                      f"belong{'' if many else 's'} to no piece: "
                      + (where or "no piece drawn has circulation there"),
                      "circulation marks", part, ("furniture_grid", first[1]))

    def marks_met(self, group: Collection[Cell], fits: Sequence[Fit],
                  marks: frozenset[Cell]) -> str:
        """When more than one of ``fits`` takes ``o`` marks and those marks are beside
        other pieces of the grid (their circulation may be the same marks): which marks and
        which pieces, in words; else empty."""
        taken = [fit.circulation & marks for fit in fits]
        if sum(1 for squares in taken if squares) < 2:
            return ""
        met = frozenset().union(*taken)
        around = {(x + dx, y + dy) for x, y in met
                  for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - set(group)
        legend = self.data.get("furniture_legend")
        if not self.char_at:  # made once, at the first such error: each is then looked up
            self.char_at = {cell: char for char, cells in self.piece_squares.items()
                            for cell in cells}
        names: dict[str, str] = {}
        for char in {self.char_at[cell] for cell in around if cell in self.char_at}:
            entry = legend.get(char) if isinstance(legend, dict) else None
            piece_id = entry.get("piece") if isinstance(entry, dict) else entry
            piece = self.project.catalog.pieces.get(piece_id) if isinstance(
                piece_id, str) else None
            names[char] = f"{char} ({piece.name})" if piece is not None else excerpt(char)
        if not names:
            return ""
        shown = sorted(names.values())
        listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        return (f"The o marks at {cells_text(sorted(met, key=reading_order))} are beside "
                f"{listed} as well")

    def match(
        self, char: str, group: Collection[Cell], piece: Piece, rotation: int | None,
        mirrors: Sequence[bool], marks: frozenset[Cell], furniture: frozenset[Cell],
        first: Cell, fits: list[Fit] | None = None,
    ) -> Placement | None:
        """The placement a group of squares of one legend character draws; None (and the
        error said) when it fits no orientation, or several the drawing cannot tell
        apart. ``first`` is the group's first square in reading order; ``fits``, the
        group's :func:`~homestaging.formats.fitting.find_fits` when already known."""
        if fits is None:
            fits = find_fits(piece, group, rotation, mirrors)
        chosen = narrow_fits(fits, marks, furniture, self.project)
        if len(chosen) == 1:
            fit = chosen[0]
            placement = fit.placement(piece)
            (x, y), shape = fit.anchor, fit.shape
            if x >= 0 and y >= 0 and x + shape.width <= self.project.width \
                    and y + shape.height <= self.project.height:
                return placement  # its whole frame on the sheet: no square off it
            off = [c for c in placement.circulation if not self.on_sheet(c)]
            if not off:
                return placement
            self.error(f"{excerpt(char)} at {cells_text(group)} ({piece.id}): {len(off)} "
                       f"circulation square(s) of {piece.id} ({placement.describe()}) fall off the "
                       f"{sheet_size(self.project)} sheet", ("furniture_grid", first[1]))
            return None
        parts: JsonParts = ("furniture_grid", first[1])
        what = f"{excerpt(char)} at {cells_text(group)} ({piece.id})"
        if chosen:
            options = "; ".join(fit.describe() for fit in chosen)
            example = f'{{"piece": "{piece.id}", "rotation": {chosen[0].rotation}}}'
            met = self.marks_met(group, chosen, marks)
            if met:
                self.error(f"{what} fits {len(chosen)} ways: {options}. {met}: where the "
                           "marks of two pieces meet they cannot tell its rotation; give it "
                           f"in furniture_legend, e.g. {example}", parts)
                return None
            self.error(f"{what} fits {len(chosen)} ways: {options}. Mark its circulation "
                       f"squares with 'o' or give the rotation in furniture_legend, e.g. "
                       f"{example}", parts)
            return None
        tried = "rotation " + str(rotation) if rotation is not None else "rotations 0, 90, 180, 270"
        tried += " mirrored" if mirrors == (True,) else " and mirrored" if True in mirrors else ""
        hint = f"; its shape is {'/'.join(piece.art.rows())} (# furniture, o circulation)"
        others = sorted({fit.rotation for fit in find_fits(piece, group, None, mirrors)})
        if len(group) != piece.size:
            hint = f": it has {count_text(len(group), 'square')}, {piece.id} has {piece.size}"
            if len(group) > piece.size:
                hint += ("; touching squares of one letter are one piece: draw touching "
                         f"pieces with different letters (e.g. {excerpt(self.free_char)} for the "
                         f"second one, mapped to {piece.id} in furniture_legend)")
        elif True not in mirrors and find_fits(piece, group, rotation, (True,)):
            hint = (": it fits only mirrored; say \"mirror\": true in furniture_legend, "
                    "or name it in wild_card with effect mirror")
        elif rotation is not None and others:
            hint = (f": it fits with rotation{'s' if len(others) > 1 else ''} "
                    f"{', '.join(str(turn) for turn in others)}")
        self.error(f"{what} does not match the shape of {piece.id} (tried {tried}){hint}",
                   parts)
        return None

    @cached_property
    def free_char(self) -> str:
        """The first legend character not used in furniture_legend nor in the grid (looked
        up once: many pieces may need it)."""
        legend = self.data.get("furniture_legend")
        used = set(legend) if isinstance(legend, dict) else set()
        rows = self.data.get("furniture_grid")
        for row in rows if isinstance(rows, list) else []:
            used.update(row if isinstance(row, str) else "")
        return next((c for c in LEGEND_CHARS if c not in used), "another letter")

    def listed_piece(self, entry: dict[str, Any], parts: JsonParts) -> Placement | None:
        piece = self.piece(entry["piece"], (*parts, "piece"))
        try:
            anchor = parse_cell(entry["at"])
        except ValueError as error:
            self.error(str(error), (*parts, "at"))
            return None
        if not self.on_sheet(anchor):
            self.error(f"{entry['at']} is off the {sheet_size(self.project)} sheet",
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
            self.error(f"{placement.describe()} reaches off the {sheet_size(self.project)} "
                       f"sheet ({len(off)} square(s) {' and '.join(sides)})", parts)
            return None
        return placement

    def wild_card(self, wild: dict[str, Any], legend: dict[str, Any], by_char: dict[str, list[int]],
                  first_listed: int, listed: int) -> WildCard | None:
        ref = wild["piece"]
        parts = ("wild_card", "piece")
        if isinstance(ref, str):
            if ref not in legend:
                known = sorted(legend)
                chars = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "") or "none"
                self.error(f"{excerpt(ref)} is not a character of furniture_legend (it has: "
                           f"{chars})", parts)
                return None
            if ref not in by_char:
                rows = self.data.get("furniture_grid") or []
                if self.ok("furniture_grid") and not any(ref in row for row in rows):
                    self.error(f"{excerpt(ref)} is not drawn in furniture_grid", parts)
                return None
            indexes = tuple(by_char[ref])
        else:
            if ref >= listed:
                self.error(f"there is no pieces[{ref}] (pieces has {count_text(listed, 'entry')})",
                           parts)
                return None
            indexes = (first_listed + ref,)
        return WildCard(indexes, wild["effect"], "$.wild_card")
