"""Reading a Dream Home record (``dreamhome-home/1``, docs/dreamhome.md), every problem
located and reported at once. The schema is ``homestaging/schemas/dreamhome-home.schema.json``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.errors import InputError
from ...core.grid import (
    MAX_SIDE,
    Cell,
    cell_name,
    cells_text,
    column_name,
    parse_cell,
    squares_by_char,
)
from ...core.quoting import excerpt
from ...formats.readers import json_path
from ..records import Messages, read_record
from .model import Home, Room, Typed

__all__ = ["FORMAT", "read_home"]

FORMAT = "dreamhome-home/1"
EMPTY = ". "


def read_home(path: str | Path) -> Home:
    """Read a home record (``-`` for stdin); raise InputError listing every problem."""
    data, m = read_record(path, "dreamhome-home")
    if not isinstance(data, dict) or "board" not in data or m.skip(("board",)):
        m.raise_if_any()
        raise InputError.single(m.file, "missing required key 'board'", "$")
    home = _read(data, m)
    m.raise_if_any()
    assert home is not None
    return home


def _board(rows: Sequence[str], m: Messages) -> dict[str, list[Cell]] | None:
    width = len(rows[0])
    good = 0 < width <= MAX_SIDE
    for index, row in enumerate(rows):
        if len(row) != width:
            m.add(("board", index), f"row {index + 1} has {len(row)} "
                  f"space{'' if len(row) == 1 else 's'}; expected {width}, as the first row")
            good = False
    if not good:
        return None
    return squares_by_char(rows, EMPTY)


def _space(value: str, parts: tuple[str | int, ...], m: Messages, width: int,
           height: int) -> Cell | None:
    cell = parse_cell(value)
    if not (0 <= cell[0] < width and 0 <= cell[1] < height):
        m.add(parts, f"{cell_name(cell)} is off the board (A1:{column_name(width - 1)}{height})")
        return None
    return cell


def _read(data: Mapping[str, Any], m: Messages) -> Home | None:
    rows: list[str] = data["board"]
    letters = _board(rows, m)
    width, height = len(rows[0]), len(rows)
    rooms: list[Room] = []
    usable = "rooms" in data and not m.broken(("rooms",))
    specs: Mapping[str, Any] = data["rooms"] if usable else {}
    if letters is not None:
        for char in sorted(set(letters) - set(specs)):
            if usable:
                m.add(("board",), f"{excerpt(char)} at {cells_text(letters[char])} is not a "
                      "room of $.rooms")
        for key, spec in specs.items():
            parts = ("rooms", key)
            if m.skip(parts):
                continue
            spaces = letters.get(key, [])
            if not spaces:
                m.add(parts, f"room {excerpt(key)} has no space on the board")
                continue
            xs = sorted(x for x, _ in spaces)
            if len({y for _, y in spaces}) > 1 or xs != list(range(xs[0], xs[0] + len(xs))):
                m.add(parts, f"room {excerpt(key)} at {cells_text(spaces)}: a room is one card or "
                      "cards side by side on one floor; give each room its own letter")
                continue
            kinds = [k for k in ("type", "empty", "scaffolding") if spec.get(k)]
            if len(kinds) != 1:
                m.add(parts, "give the room's 'type', or 'empty': true for a facedown card, "
                      "or 'scaffolding': true" + (f" (found {', '.join(kinds)})" if kinds else ""))
                continue
            rooms.append(Room(key, spec.get("type"), frozenset(spaces),
                              tuple(spec.get("decor", [])), bool(spec.get("basement", False)),
                              spec.get("max_size"), bool(spec.get("scaffolding", False)),
                              json_path(parts)))
    # every letter of the board is a card, its room entry read or not (a refused entry
    # has its own message)
    occupied = {cell for spaces in (letters or {}).values() for cell in spaces}
    basement: set[Cell] = set()
    if "basement" in data and not m.broken(("basement",)):
        for index, value in enumerate(data["basement"]):
            if not m.skip(("basement", index)):
                cell = _space(value, ("basement", index), m, width, height)
                if cell is not None:
                    basement.add(cell)
    supplier = None
    if "supplier" in data and not m.skip(("supplier",)):
        supplier = _space(data["supplier"]["space"], ("supplier", "space"), m, width, height)
        if supplier is not None and letters is not None and supplier not in occupied:
            m.add(("supplier", "space"), f"no card at {cell_name(supplier)}: the Supplier "
                  "exchanges a room card on the board")
    handyman: list[Cell] = []
    if "handyman" in data and not m.skip(("handyman",)):
        for index, value in enumerate(data["handyman"]["spaces"]):
            cell = _space(value, ("handyman", "spaces", index), m, width, height)
            if cell is not None and letters is not None and cell not in occupied:
                m.add(("handyman", "spaces", index), f"no card at {cell_name(cell)}: the "
                      "Handyman switches two room cards")
            elif cell is not None:
                handyman.append(cell)
    helpers: list[str] = []
    if "helpers" in data and not m.skip(("helpers",)):
        for index, name in enumerate(data["helpers"]):
            if name in helpers:
                m.add(("helpers", index), f"{excerpt(name)} is listed twice (first at "
                      f"$.helpers[{helpers.index(name)}])")
            helpers.append(name)
        for key, helper in (("supplier", "supplier"), ("handyman", "handyman")):
            if key in data and helper not in helpers:
                m.add((key,), f"the {helper.capitalize()} was used, but {excerpt(helper)} is "
                      "not in $.helpers")
    special = [] if m.skip(("special_decor",)) else list(data.get("special_decor", []))
    if len(set(special)) != len(special):
        m.add(("special_decor",), "each special decor token exists once")
    typed = tuple(Typed(e["category"], e["points"], json_path(("points", i)))
                  for i, e in enumerate([] if m.skip(("points",)) else data.get("points", [])))
    functionality = tuple(
        Typed(e.get("text", f"functionality bonus {i + 1}"), e["points"],
              json_path(("functionality", i)))
        for i, e in enumerate([] if m.skip(("functionality",)) else data.get("functionality", [])))
    if letters is None:
        return None
    return Home(str(data.get("player", "")), width, height, tuple(rooms), frozenset(basement),
                tuple(helpers), tuple(special), typed, functionality, supplier,
                tuple(handyman), m.file)
