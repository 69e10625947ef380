"""Reading a Rooms & Roomies house record (``roomies-house/1``, docs/roomies.md).

:func:`read_house` reports every problem of the file at once, each located as
``FILE: $.path: message`` (or ``FILE:LINE:COL: message`` for bad JSON). The schema is
``homestaging/schemas/roomies-house.schema.json``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.errors import InputError
from ...core.grid import (
    MAX_SIDE,
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
    squares_by_char,
)
from ...core.quoting import excerpt
from ...formats.readers import json_path
from ..records import Messages, read_record
from .furniture import UNIQUE_NUMBERS, UNIQUE_POINTS, normal, number_of
from .model import ANY_FLOOR, Door, House, Room, Roomie, Tile, Truck, TruckTile, Window
from .wishes import WISHES

__all__ = ["FORMAT", "parse_house", "read_house"]

FORMAT = "roomies-house/1"
EMPTY = ". "
ROTATIONS = (0, 90, 180, 270)
_TURN = {"n": "e", "e": "s", "s": "w", "w": "n"}
_MIRROR = {"n": "n", "e": "w", "s": "s", "w": "e"}

Parts = tuple[str | int, ...]


def read_house(path: str | Path) -> House:
    """Read a house record (``-`` for stdin); raise InputError listing every problem."""
    data, messages = read_record(path, "roomies-house")
    return parse_house(data, messages)


def parse_house(data: Any, messages: Messages) -> House:
    """Build the house from parsed JSON and the schema's messages; raise them all."""
    if not isinstance(data, dict) or messages.skip(("format",)) or "house" not in data:
        messages.raise_if_any()
        raise InputError.single(messages.file, "missing required key 'house'", "$")
    house = _Reader(data, messages).read()
    messages.raise_if_any()
    assert house is not None
    return house


def _cells(values: Iterable[Any]) -> list[Cell]:
    found: list[Cell] = []
    for value in values:
        found += parse_cells(value)
    return found


class _Reader:
    def __init__(self, data: Mapping[str, Any], messages: Messages) -> None:
        self.data = data
        self.m = messages
        self.width = 0
        self.height = 0
        self.unread: set[Cell] = set()
        """The squares of rooms the schema refused: edges beside them are not judged."""

    def ok(self, *parts: str | int) -> bool:
        """The key is there and the schema did not refuse its value (its entries may
        still be refused one by one: readers skip those)."""
        return parts[0] in self.data and not self.m.broken(parts)

    def read(self) -> House | None:
        grid = self._grid("house")
        rooms = self._rooms(grid) if grid is not None and self.ok("rooms") else []
        room_at = {cell: room for room in rooms for cell in room.cells}
        doors = self._doors(room_at)
        windows = self._windows(room_at, doors)
        tiles = self._tiles() if grid is not None else []
        truck = self._truck()
        roomies = self._roomies()
        self._unique(tiles, truck)
        if grid is None or "this_is_you" not in self.data or self.m.skip(("this_is_you",)):
            return None
        return House(
            player=str(self.data.get("player", "")),
            this_is_you=int(self.data["this_is_you"]),
            width=self.width, height=self.height, rooms=tuple(rooms), doors=tuple(doors),
            windows=tuple(windows), tiles=tuple(tiles), truck=truck, roomies=tuple(roomies),
            solo=bool(self.data.get("solo", False)), source=self.m.file)

    # -------------------------------------------------------------------- grids

    def _grid(self, key: str) -> list[str] | None:
        """The rows of a grid, all as wide as the first (the house's size for furniture)."""
        if key not in self.data or self.m.skip((key,)):
            return None
        rows: list[str] = self.data[key]
        width = self.width or (len(rows[0]) if rows else 0)
        height = self.height or len(rows)
        good = True
        if key != "house" and len(rows) != height:
            self.m.add((key,), f"has {len(rows)} rows; expected {height}, as the house grid")
            good = False
        if width == 0 or width > MAX_SIDE:
            self.m.add((key, 0), f"expected a row of 1 to {MAX_SIDE} squares, found {width}")
            return None
        for index, row in enumerate(rows):
            if len(row) != width:
                self.m.add((key, index), f"row {index + 1} has {_squares(len(row))}; "
                           f"expected {width}, as "
                           f"{'the first row' if key == 'house' else 'the house'}")
                good = False
        if key == "house":
            self.width, self.height = width, height
        return rows if good else None

    def _letters(self, rows: Sequence[str]) -> dict[str, list[Cell]]:
        return squares_by_char(rows, EMPTY)

    def in_house(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def _size(self) -> str:
        if not self.width or not self.height:
            return "an empty grid"
        return f"A1:{column_name(self.width - 1)}{self.height}"

    # -------------------------------------------------------------------- rooms

    def _rooms(self, grid: Sequence[str]) -> list[Room]:
        specs: Mapping[str, Any] = self.data["rooms"]
        letters = self._letters(grid)
        for char in sorted(set(letters) - set(specs)):
            self.m.add(("house",), f"{excerpt(char)} at {cells_text(letters[char][:5])} is not "
                       f"a room of $.rooms (use '.' for garden and street)")
        rooms: list[Room] = []
        for key, spec in specs.items():
            if self.m.skip(("rooms", key)):
                self.unread.update(letters.get(key, []))
                continue
            cells = frozenset(letters.get(key, []))
            if not cells:
                self.m.add(("rooms", key), f"room {excerpt(key)} has no square in the house grid")
                continue
            parts = components(cells)
            if len(parts) > 1:
                starts = ", ".join(cell_name(min(p, key=reading_order)) for p in parts)
                self.m.add(("rooms", key), f"room {excerpt(key)} is in {len(parts)} parts (at "
                           f"{starts}): a room is one region; give each part its own letter")
            markings: list[Cell] = []
            for index, value in enumerate(spec["markings"]):
                cell = parse_cell(value)
                if cell not in cells:
                    self.m.add(("rooms", key, "markings", index),
                               f"{cell_name(cell)} is not a square of room {excerpt(key)}")
                markings.append(cell)
            rooms.append(Room(key, spec.get("name", f"Room {key}"), spec["floor"],
                              spec["bonus"], tuple(markings), cells, json_path(("rooms", key))))
        return rooms

    # ------------------------------------------------------------- doors, windows

    def _edge(self, value: Any, parts: Parts) -> Edge | None:
        """The edge ``value`` names; None when it is not one, is off the house grid, or
        cannot be judged (no usable house grid, or beside a room the schema refused: their
        own messages stand)."""
        try:
            edge = parse_edge(value)
        except ValueError as error:
            self.m.add(parts, str(error))
            return None
        if not self.width or self.unread.intersection(edge.cells):
            return None
        if not (self.in_house(edge.cell) or self.in_house(edge.outer)):
            self.m.add(parts, f"{edge.name} is off the house grid ({self._size()})")
            return None
        return edge

    def _doors(self, room_at: Mapping[Cell, Room]) -> list[Door]:
        doors: list[Door] = []
        seen: dict[Edge, str] = {}
        if self.ok("doors"):
            for index, value in enumerate(self.data["doors"]):
                parts: Parts = ("doors", index)
                if self.m.skip(parts):
                    continue
                edge = self._edge(value, parts)
                if edge is None or not room_at:
                    continue
                a, b = (room_at.get(cell) for cell in edge.cells)
                if a is None or b is None or a is b:
                    self.m.add(parts, f"door {edge.name} is not on a wall between two rooms")
                    continue
                if self._twice(edge, json_path(parts), seen):
                    doors.append(Door(edge, json_path(parts)))
        if "front_door" in self.data and not self.m.skip(("front_door",)):
            edge = self._edge(self.data["front_door"], ("front_door",))
            if edge is not None and room_at:
                inside = [cell for cell in edge.cells if cell in room_at]
                if len(inside) != 1:
                    self.m.add(("front_door",), f"the front door {edge.name} is not on an "
                               "outside wall (one side a room, the other garden or street)")
                elif self._twice(edge, "$.front_door", seen):
                    doors.append(Door(edge, "$.front_door", front=True))
        return doors

    def _twice(self, edge: Edge, path: str, seen: dict[Edge, str]) -> bool:
        if edge in seen:
            self.m.add(path, f"{edge.name} is listed twice (first at {seen[edge]})")
            return False
        seen[edge] = path
        return True

    def _windows(self, room_at: Mapping[Cell, Room], doors: Sequence[Door]) -> list[Window]:
        if not self.ok("windows"):
            return []
        seen: dict[Edge, str] = {door.edge: door.path for door in doors}
        windows: list[Window] = []
        for index, value in enumerate(self.data["windows"]):
            if self.m.skip(("windows", index)):
                continue
            single = len(value) == 2 and all(isinstance(v, str) for v in value)
            entries = [value] if single else value
            edges: list[Edge] = []
            for number, entry in enumerate(entries):
                parts: Parts = ("windows", index) if single else ("windows", index, number)
                edge = self._edge(entry, parts)
                if edge is None or not room_at:
                    continue
                a, b = (room_at.get(cell) for cell in edge.cells)
                if a is b:
                    self.m.add(parts, f"window {edge.name} is not on a wall")
                elif self._twice(edge, json_path(parts), seen):
                    edges.append(edge)
            if edges and len(edges) == len(entries) and not _in_a_row(edges):
                self.m.add(("windows", index), "the edges of one window must follow each "
                           "other along one wall (list separate windows separately)")
            elif edges and len(edges) == len(entries):
                windows.append(Window(tuple(edges), json_path(("windows", index))))
        return windows

    # -------------------------------------------------------------------- tiles

    def _tiles(self) -> list[Tile]:
        legend: Mapping[str, Any] = self.data.get("tiles", {})
        usable = isinstance(legend, dict)  # else the schema said so
        if not usable:
            legend = {}
        tiles: list[Tile] = []
        if "furniture" in self.data:
            grid = self._grid("furniture")
            if grid is None:
                return tiles
            for char, cells in sorted(self._letters(grid).items(),
                                      key=lambda item: _first(item[1])):
                if char not in legend:
                    if usable:
                        self.m.add(("furniture",), f"{excerpt(char)} at {cells_text(cells[:5])} is "
                                   "not a tile of $.tiles")
                    continue
                if self.m.skip(("tiles", char)):
                    continue
                for group in components(cells):
                    tile = self._tile(legend[char], group, char, json_path(("tiles", char)))
                    if tile is not None:
                        tiles.append(tile)
        if self.ok("placed"):
            for index, entry in enumerate(self.data["placed"]):
                if self.m.skip(("placed", index)):
                    continue
                try:
                    placed = frozenset(_cells(entry["cells"]))
                except ValueError as error:
                    self.m.add(("placed", index, "cells"), str(error))
                    continue
                outside = sorted(c for c in placed if not self.in_house(c))
                if outside:
                    self.m.add(("placed", index, "cells"), f"{cells_text(outside)} "
                               f"{'is' if len(outside) == 1 else 'are'} off the house grid "
                               f"({self._size()})")
                    continue
                if len(components(placed)) > 1:
                    self.m.add(("placed", index, "cells"), f"the squares {cells_text(placed)} "
                               "are not one tile: they do not all touch")
                    continue
                spec = entry["tile"]
                path = json_path(("placed", index))
                if isinstance(spec, str):
                    if self.m.skip(("tiles", spec)):
                        continue
                    if spec not in legend:
                        if not usable:
                            continue
                        self.m.add(("placed", index, "tile"),
                                   f"{excerpt(spec)} is not a tile of $.tiles")
                        continue
                    spec = legend[spec]
                tile = self._tile(spec, placed, f"placed[{index}]", path)
                if tile is not None:
                    tiles.append(tile)
        return tiles

    def _tile(self, spec: Mapping[str, Any], cells: frozenset[Cell], label: str,
              path: str) -> Tile | None:
        kind: str = spec["type"]
        good = True
        floor = spec.get("floor")
        if floor is None:
            if kind != "plant":
                self.m.add(path, "missing 'floor': the flooring printed on the tile "
                           "(parquet or tiles; any for plants)")
                good = False
            floor = ANY_FLOOR
        for key, allowed in (("screen", "tv"), ("double", "bed")):
            if key in spec and kind != allowed:
                self.m.add(path, f"{excerpt(key)} is for a {allowed} tile, not {_a(kind)}")
                good = False
        number = number_of(kind)
        points = spec.get("points", UNIQUE_POINTS if number in UNIQUE_NUMBERS else 0)
        if number in UNIQUE_NUMBERS and points != UNIQUE_POINTS:
            self.m.add(path, f"tile {number} ({kind}) has {UNIQUE_POINTS} printed point "
                       f"(rule book: the tiles 5 to 18), found {points}")
            good = False
        wall = frozenset(spec.get("wall", []))
        screen = spec.get("screen")
        flipped = False
        if "art" in spec:
            turned = self._turn(spec, cells, path)
            if turned is None:
                return None
            wall, screen, flipped = turned
        elif "rotation" in spec:
            self.m.add(path, "'rotation' turns the tile's 'art'; give the art too, or give "
                       "'wall' and 'screen' as the tile stands in the house")
            good = False
        if not good:
            return None
        return Tile(label, kind, tuple(spec["colors"]), floor, cells, wall, screen, points,
                    bool(spec.get("double", False)), flipped, path)

    def _turn(self, spec: Mapping[str, Any], cells: frozenset[Cell],
              path: str) -> tuple[frozenset[str], str | None, bool] | None:
        """The tile's wall and screen sides as placed, and whether only a mirror image
        of its art fits the squares."""
        art = frozenset((x, y) for y, row in enumerate(spec["art"])
                        for x, char in enumerate(row) if char == "#")
        if not art:
            self.m.add(path + ".art", "the art has no square ('#')")
            return None
        target = normal(cells)
        wanted = spec.get("rotation")
        options: dict[tuple[frozenset[str], str | None], list[int]] = {}
        mirrored: list[tuple[frozenset[str], str | None]] = []
        for mirror in (False, True):
            for rotation in ROTATIONS:
                if wanted is not None and rotation != wanted:
                    continue
                if normal(_transform(art, rotation, mirror)) != target:
                    continue
                sides = (frozenset(_side(s, rotation, mirror) for s in spec.get("wall", [])),
                         None if "screen" not in spec else
                         _side(spec["screen"], rotation, mirror))
                if mirror:
                    mirrored.append(sides)
                else:
                    options.setdefault(sides, []).append(rotation)
        if len(options) > 1:
            found = "; ".join(f"rotation {' or '.join(map(str, turns))} ({_describe(sides)})"
                              for sides, turns in options.items())
            self.m.add(path, f"the tile at {cells_text(cells)} fits its art in several ways: "
                       f"{found}; give 'rotation'")
            return None
        if options:
            (wall, screen), = options
            return wall, screen, False
        if mirrored:
            return mirrored[0][0], mirrored[0][1], True
        turn = "" if wanted is None else f" turned {wanted}"
        self.m.add(path, f"the squares {cells_text(cells)} are not the tile's art{turn}")
        return None

    # ------------------------------------------------------------- truck, cards

    def _truck(self) -> Truck:
        if not self.ok("truck"):
            return Truck()
        spec = self.data["truck"]
        upgrades, junk = (0 if self.m.skip(("truck", key)) else spec.get(key, 0)
                          for key in ("upgrades", "junk"))
        if upgrades + junk > 3:
            self.m.add(("truck",), f"{upgrades} upgrades and {junk} junk: a truck has 3 "
                       "junk tiles in all")
        tiles: list[TruckTile] = []
        for index, entry in enumerate([] if self.m.broken(("truck", "tiles"))
                                      else spec.get("tiles", [])):
            if self.m.skip(("truck", "tiles", index)):
                continue
            path = json_path(("truck", "tiles", index))
            if entry.get("double") and entry["type"] != "bed":
                self.m.add(path, f"'double' is for a bed tile, not {_a(entry['type'])}")
            tiles.append(TruckTile(entry["type"], bool(entry.get("double", False)), path))
        return Truck(upgrades, junk, tuple(tiles))

    def _roomies(self) -> list[Roomie]:
        if not self.ok("roomies"):
            return []
        found: list[Roomie] = []
        seen: dict[str, int] = {}
        for index, entry in enumerate(self.data["roomies"]):
            parts: Parts = ("roomies", index)
            if self.m.skip(parts):
                continue
            card = entry["card"]
            wish = WISHES[card]
            given = {key: value for key, value in entry.items() if key != "card"}
            missing = [key for key in wish.params if key not in given]
            extra = [key for key in given if key not in wish.params]
            for key in missing:
                what = "the points your card gives" if key == "points" else {
                    "small": "the points per small room on the card",
                    "large": "the points per large room on the card",
                    "types": "the tile types named on the card",
                    "name": "the card's name"}[key]
                self.m.add(parts, f"{_title(card)}: missing {excerpt(key)}: {what}")
            for key in extra:
                self.m.add((*parts, key), f"{_title(card)} takes no {excerpt(key)}"
                           + (f" (it takes {', '.join(wish.params)})" if wish.params else
                              " (it is counted from the house)"))
            name = given.get("name", wish.title) if card == "other" else wish.title
            if name in seen:
                self.m.add(parts, f"{name} is listed twice (first at $.roomies[{seen[name]}])")
            seen[name] = index
            if not missing and not extra:
                found.append(Roomie(card, name, given, json_path(parts)))
        return found

    def _unique(self, tiles: Sequence[Tile], truck: Truck) -> None:
        """The tiles 5 to 18 exist once each, in the house or on the truck."""
        where: dict[str, str] = {}
        for kind, path in [(t.kind, t.path) for t in tiles] + [(t.kind, t.path)
                                                                for t in truck.tiles]:
            if number_of(kind) not in UNIQUE_NUMBERS:
                continue
            if kind in where:
                self.m.add(path, f"there is one {kind} tile (number {number_of(kind)}) in the "
                           f"game; it is also at {where[kind]}")
            where.setdefault(kind, path)


def _squares(count: int) -> str:
    return f"{count} square{'' if count == 1 else 's'}"


def _a(kind: str) -> str:
    """``an armchair``, ``a bed``."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def _title(card: str) -> str:
    return WISHES[card].title or "other card"


def _first(cells: Sequence[Cell]) -> tuple[int, int]:
    return reading_order(min(cells, key=reading_order))


def _transform(cells: frozenset[Cell], rotation: int, mirror: bool) -> frozenset[Cell]:
    """Mirror left-right (first), then turn clockwise by ``rotation`` degrees."""
    current = frozenset((-x, y) for x, y in cells) if mirror else cells
    for _ in range(rotation // 90):
        current = frozenset((-y, x) for x, y in current)
    return current


def _side(side: str, rotation: int, mirror: bool) -> str:
    if mirror:
        side = _MIRROR[side]
    for _ in range(rotation // 90):
        side = _TURN[side]
    return side


def _describe(sides: tuple[frozenset[str], str | None]) -> str:
    wall, screen = sides
    parts = [f"wall {','.join(s for s in 'nesw' if s in wall)}"] if wall else []
    if screen:
        parts.append(f"screen {screen}")
    return ", ".join(parts) or "no wall side"


def _in_a_row(edges: Sequence[Edge]) -> bool:
    """Edges along one straight wall line, each next to the one before, in any order."""
    keys = sorted(edge.key for edge in edges)
    sides = {side for _, _, side in keys}
    if len(sides) != 1:
        return False
    if sides == {"n"}:
        return len({y for _, y, _ in keys}) == 1 and all(
            keys[i + 1][0] == keys[i][0] + 1 for i in range(len(keys) - 1))
    return len({x for x, _, _ in keys}) == 1 and all(
        sorted(keys, key=lambda k: k[1])[i + 1][1] == sorted(keys, key=lambda k: k[1])[i][1] + 1
        for i in range(len(keys) - 1))
