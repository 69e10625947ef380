"""Writing sheets as grid JSON (``docs/sheet-format.md``), in either form.

:func:`sheet_to_json` gives the JSON data: the ``grid`` form draws the furniture in
``furniture_grid``, the ``pieces`` form lists every piece; :func:`sheet_text` gives the
file's text (short lists on one line, grid rows one per line). Reading the result back
gives the same plan.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..core.grid import Cell, Edge, cell_name, reading_order
from ..core.layout import layout
from ..core.pieces import Placement
from ..core.project import Project
from ..core.sheet import RoomPlan, Sheet
from ..rules.cardplay import settle
from .fitting import LEGEND_CHARS, MARK, find_fits, narrow_fits
from .gamewriter import record_json
from .output import dumps_json
from .projectreader import bundled_project_files
from .readers import json_path
from .sheetreader import FORMAT

__all__ = [
    "FORMAT",
    "GRID_KEYS",
    "HOUSE_HINT",
    "UnwritableSheet",
    "blank_sheet",
    "cover_ranges",
    "house_hint",
    "new_sheet_json",
    "new_sheet_text",
    "path_from",
    "project_reference",
    "sheet_text",
    "sheet_to_json",
]


class UnwritableSheet(ValueError):
    """A sheet that the form asked for cannot write (an unknown form, a wild card naming
    pieces the form cannot name together)."""


GRID_KEYS = ("furniture_grid", "room_grid")
"""Keys whose rows are written one per line."""
HOUSE_HINT = "house"
"""The key of the house map a new sheet carries as a reminder; the reader ignores it."""


def sheet_text(sheet: Sheet, form: str = "grid", scan: Any = None) -> str:
    """The sheet file's text in ``form`` (see :func:`sheet_to_json`), ending with the
    ``scan`` notes of the file it was read from, when there are any."""
    data = sheet_to_json(sheet, form)
    if scan is not None:
        data["scan"] = scan
    return dumps_json(data, width=100, rows=GRID_KEYS)


def blank_sheet(project: Project, project_ref: str = "", *, player: str = "",
                source: str = "<sheet>") -> Sheet:
    """A new sheet for ``project``: its rooms listed in play order, none walled, nothing
    drawn, the first room being furnished. ``project_ref`` is what the file will name
    (the project's id when empty; a path relative to the sheet for a project file)."""
    rooms = tuple(RoomPlan(spec.name, path=json_path(("rooms", index)))
                  for index, spec in enumerate(project.rooms))
    current = project.rooms[0].name if project.rooms else None
    return Sheet(project=project, rooms=rooms, current_room=current, player=player,
                 source=source, project_ref=project_ref or project.id)


def project_reference(reference: str, sheet_folder: Path, cwd: Path) -> str:
    """How a sheet in ``sheet_folder`` names the project given as ``reference`` (a
    bundled id, or a path relative to ``cwd``): the id as it is, a project file by its
    path relative to the sheet's folder (absolute when on another drive)."""
    if reference in bundled_project_files():
        return reference
    return path_from(sheet_folder, cwd / reference)


def path_from(folder: Path, target: Path) -> str:
    """How a file in ``folder`` names the file ``target`` (a project, a game record): its
    path relative to ``folder`` with ``/`` separators (absolute when on another drive)."""
    resolved = target.resolve()
    try:
        return Path(os.path.relpath(resolved, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        return str(resolved)


def house_hint(project: Project) -> dict[str, Any]:
    """The project's house as a reminder in a sheet file (``"house"``): what the map's
    characters mean, the walls drawn before play, and the map, one string per sheet row
    like the grids. The reader ignores it."""
    hint: dict[str, Any] = {
        "about": "the project's house, to help draw the grids below; homestaging ignores "
                 "this entry",
        "key": "  ".join(project.map_key()),
    }
    if project.walls:
        hint["walls"] = project.wall_names()
    hint["map"] = project.map_rows()
    return hint


def new_sheet_json(sheet: Sheet) -> dict[str, Any]:
    """A sheet to start playing from (``homestaging new``): :func:`sheet_to_json` of the
    sheet, with the house map (:func:`house_hint`) and, when the sheet has none yet, an
    empty ``room_grid`` and ``furniture_grid`` of the project's size with empty
    legends, ready to draw in."""
    data = sheet_to_json(sheet)
    current = data.pop("current_room", None)
    project = sheet.project
    empty = ["." * project.width for _ in range(project.height)]
    data[HOUSE_HINT] = house_hint(project)
    if "room_grid" not in data and not sheet.walled:
        data["room_grid"], data["room_legend"] = list(empty), {}
    if "furniture_grid" not in data:
        data["furniture_grid"], data["furniture_legend"] = list(empty), {}
    if current is not None:
        data["current_room"] = current
    return data


def new_sheet_text(sheet: Sheet) -> str:
    """The text of :func:`new_sheet_json` (the house map's rows one per line)."""
    return dumps_json(new_sheet_json(sheet), width=100, rows=(*GRID_KEYS, "map"))


def sheet_to_json(sheet: Sheet, form: str = "grid") -> dict[str, Any]:
    """The sheet as grid JSON: ``form`` ``grid`` draws furniture in ``furniture_grid``
    (rugs, and pieces that cannot be drawn there, stay in ``pieces``); ``pieces`` lists
    every piece in ``pieces``. Raise :class:`UnwritableSheet` for an unknown form, or a
    wild card naming several pieces that the form cannot name together."""
    if form not in ("grid", "pieces"):
        raise UnwritableSheet(f"unknown sheet form {form!r}: expected 'grid' or 'pieces'")
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
                raise UnwritableSheet(f"the wild card names {len(wild)} pieces; the {form} form "
                                 "can only name one piece of `pieces` or one legend character")
            wild_ref = named[0]
        out["wild_card"] = {"piece": wild_ref, "effect": sheet.wild_card.effect}
    if sheet.current_room is not None:
        out["current_room"] = sheet.current_room
    if sheet.game is not None:
        out["game"] = sheet.game_ref or record_json(sheet.game)
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
    """``grid_pieces`` without the pieces of rooms whose order drawing them would change,
    when the order decides which pieces are the extra ones: rooms holding more pieces
    than their tokens or, with a game record, rooms where a piece is not paid for (or
    waits for a card not recorded yet). The grid reads its pieces in reading order,
    before the ``pieces`` list."""
    lay = layout(sheet)
    rooms = lay.piece_rooms
    in_grid = set(grid_pieces)
    written = [*grid_pieces, *(i for i in range(len(sheet.pieces)) if i not in in_grid)]
    if sheet.game is not None:
        settled = settle(sheet, lay)
        at_stake = {rooms[i] for i in (*settled.unpaid, *settled.waiting())}
    else:
        at_stake = {spec.name for spec in sheet.project.rooms
                    if rooms.count(spec.name) > spec.tokens}
    moved = {name for name in at_stake if name is not None
             and [i for i in written if rooms[i] == name] != [
                 i for i, room in enumerate(rooms) if room == name]}
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
                    raise UnwritableSheet("the wild card names pieces that cannot share one "
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
        fits = narrow_fits(find_fits(piece, placement.furniture, None, mirrors), self.marks,
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
