"""Reading a Housewarming house record (``housewarming-house/1``, docs/housewarming.md),
every problem located and reported at once. The schema is
``homestaging/schemas/housewarming-house.schema.json``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import InputError
from ...core.quoting import excerpt
from ...formats.readers import json_path
from ..records import Messages, read_record
from .model import Card, Change, House, Room

__all__ = ["FORMAT", "read_house"]

FORMAT = "housewarming-house/1"
KINDS = {"furnishings": "Furnishing", "decor": "Decor", "pets": "Pet", "misc": "Misc"}


def _card(kind: str, entry: Mapping[str, Any], parts: tuple[str | int, ...]) -> Card:
    return Card(kind, entry["card"], entry.get("comfort", 0), entry.get("style", 0),
                entry.get("cool", 0), json_path(parts))


def _cards(data: Mapping[str, Any], key: str, m: Messages,
           parts: tuple[str | int, ...]) -> tuple[Card, ...]:
    if key not in data or m.broken((*parts, key)):
        return ()
    return tuple(_card(KINDS[key], entry, (*parts, key, index))
                 for index, entry in enumerate(data[key])
                 if not m.skip((*parts, key, index)))


def read_house(path: str | Path) -> House:
    """Read a house record (``-`` for stdin); raise InputError listing every problem."""
    data, m = read_record(path, "housewarming-house")
    if not isinstance(data, dict) or "rooms" not in data or m.broken(("rooms",)):
        m.raise_if_any()
        raise InputError.single(m.file, "missing required key 'rooms'", "$")
    rooms: list[Room] = []
    names: dict[str, int] = {}
    for index, spec in enumerate(data["rooms"]):
        if m.broken(("rooms", index)):
            continue
        name = f"Room {index + 1}" if m.skip(("rooms", index, "name")) else \
            spec.get("name", f"Room {index + 1}")
        if name in names:
            m.add(("rooms", index, "name"), f"{excerpt(name)} is listed twice (first at "
                  f"$.rooms[{names[name]}])")
        names[name] = index
        parts = ("rooms", index)
        rooms.append(Room(name, _cards(spec, "furnishings", m, parts),
                          _cards(spec, "decor", m, parts), json_path(parts)))
    changes: list[Change] = []
    if "changes" in data and not m.broken(("changes",)):
        for index, entry in enumerate(data["changes"]):
            if not m.skip(("changes", index)):
                changes.append(Change(entry["note"], entry.get("comfort", 0),
                                      entry.get("style", 0), entry.get("cool", 0),
                                      json_path(("changes", index))))
    m.raise_if_any()
    return House(str(data.get("player", "")), tuple(rooms), _cards(data, "pets", m, ()),
                 _cards(data, "misc", m, ()), tuple(changes), bool(data.get("declared", False)),
                 m.file)
