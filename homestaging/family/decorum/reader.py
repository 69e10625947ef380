"""Reading a Décorum game record (``decorum-game/1``, docs/decorum.md).

:func:`read_game` reports every problem of the file at once, each located as
``FILE: $.path: message``. The schema is ``homestaging/schemas/decorum-game.schema.json``.
An object typed in the wrong slot or one that does not exist is read as typed:
``check`` reports it (``wrong-slot``, ``no-such-object``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.errors import InputError
from ...core.quoting import excerpt
from ...formats.readers import json_path
from ..records import Messages, read_record
from .conditions import read_condition, sided_rooms
from .game import CardCondition, Game
from .model import BOARDS, House, Placed, Room
from .objects import COLORS, STYLES, TYPES, DecorObject, find_object

__all__ = ["FORMAT", "parse_object", "read_game"]

FORMAT = "decorum-game/1"


def parse_object(text: str, slot: str) -> DecorObject:
    """``modern``, ``blue``, ``modern blue``, ``blue modern lamp`` -> the object meant,
    in the slot's type unless a type is named. Raises ValueError saying what is wrong."""
    words = text.lower().replace("wall hanging", "wall-hanging").split()
    found: dict[str, str] = {}
    for word in words:
        word = word.replace("-", " ")
        kind = "color" if word in COLORS else "style" if word in STYLES else \
            "type" if word in TYPES else None
        if kind is None:
            raise ValueError(f"{excerpt(word)} is not a colour ({', '.join(COLORS)}), style "
                             f"({', '.join(STYLES)}) or type ({', '.join(TYPES)})")
        if kind in found:
            raise ValueError(f"two {kind}s: {excerpt(found[kind])} and {excerpt(word)}")
        found[kind] = word
    kind = found.get("type", slot)
    style, color = found.get("style"), found.get("color")
    if style and color:
        return DecorObject(kind, style, color)
    if not style and not color:
        raise ValueError(f"which {kind}? give its style or colour (or both): 'modern', "
                         "'blue', 'modern blue'")
    item = find_object(kind, style=style, color=color)
    assert item is not None  # every type comes in every colour and every style
    return item


def read_game(path: str | Path) -> Game:
    """Read a game record (``-`` for stdin); raise InputError listing every problem."""
    data, messages = read_record(path, "decorum-game")
    if not isinstance(data, dict):
        messages.raise_if_any()
        raise InputError.single(messages.file, "expected a JSON object")
    game = _read(data, messages)
    messages.raise_if_any()
    assert game is not None
    return game


def _read(data: Mapping[str, Any], m: Messages) -> Game | None:
    board = data.get("board", "standard") if not m.skip(("board",)) else "standard"
    house = _house(data, m, board)
    players = _players(data, m)
    roommates = _roommates(data, m, board, players)
    if house is not None:
        house = House(house.board, house.rooms, roommates)
    conditions: list[CardCondition] = []
    if "players" in data and not m.broken(("players",)):
        for p_index, player in enumerate(data["players"]):
            if m.broken(("players", p_index)) or m.skip(("players", p_index, "name")) or \
                    m.broken(("players", p_index, "conditions")):
                continue
            name = player["name"]
            for c_index, entry in enumerate(player["conditions"]):
                parts = ("players", p_index, "conditions", c_index)
                if m.broken(parts) or m.skip((*parts, "text")):
                    continue
                rule = read_condition(entry["rule"], (*parts, "rule"), m, board,
                                      name in roommates)
                unordered = [] if rule is None or house is None else \
                    [room for room in sided_rooms(rule, house, name)
                     if not house.room(room).order]
                if unordered:
                    m.add((*parts, "rule"), "a leftmost or rightmost object needs the order "
                          "of the slots: give " + ", ".join(
                              json_path(("house", room, "order")) for room in unordered)
                          + ' (left to right, e.g. ["lamp", "curio", "wall hanging"])')
                elif rule is not None:
                    conditions.append(CardCondition(name, entry["text"], rule,
                                                    json_path(parts)))
    if house is None or m.skip(("hearts_left",)) or "hearts_left" not in data:
        return None
    return Game(str(data.get("scenario", "")), house, tuple(players), tuple(conditions),
                data["hearts_left"], m.file)


def _house(data: Mapping[str, Any], m: Messages, board: str) -> House | None:
    if "house" not in data or m.broken(("house",)):
        return None
    given: Mapping[str, Any] = data["house"]
    names = [name for name, _, _ in BOARDS[board]]
    good = True
    for name in given:
        if name not in names:
            good = False
            other = next((b for b, rooms in BOARDS.items()
                          if name in [r for r, _, _ in rooms]), None)
            if other is not None:  # else the schema said it is no room
                m.add(("house", name), f"{excerpt(name)} is a room of the {other} board; this "
                      f"record's board is {board} ({', '.join(names)})")
    for name in names:
        if name not in given:
            m.add(("house",), f"missing room {excerpt(name)} (the {board} board has "
                  f"{', '.join(names)})")
            good = False
    rooms: list[Room] = []
    for name, floor, side in BOARDS[board]:
        if name not in given or m.skip(("house", name)):
            good = False
            continue
        spec = given[name]
        slots: list[Placed] = []
        for slot in TYPES:
            text = spec.get(slot)
            path = json_path(("house", name, slot))
            if text is None:
                slots.append(Placed(slot, None, path))
                continue
            try:
                slots.append(Placed(slot, parse_object(text, slot), path, text))
            except ValueError as error:
                m.add(("house", name, slot), str(error))
                good = False
        order = tuple(spec.get("order", ()))
        if len(set(order)) != len(order):
            m.add(("house", name, "order"), "expected each of lamp, wall hanging and curio "
                  f"once, found {', '.join(order)}")
            order = ()
        rooms.append(Room(name, floor, side, spec["wall"], tuple(slots),
                          json_path(("house", name)), order))
    return House(board, tuple(rooms)) if good else None


def _players(data: Mapping[str, Any], m: Messages) -> list[str]:
    if "players" not in data or m.broken(("players",)):
        return []
    first: dict[str, int] = {}  # each name's index in the file
    for index, player in enumerate(data["players"]):
        if m.broken(("players", index)) or m.skip(("players", index, "name")):
            continue
        name = player["name"]
        if name in first:
            m.add(("players", index, "name"), f"{excerpt(name)} is listed twice (first at "
                  f"$.players[{first[name]}].name)")
        first.setdefault(name, index)
    return list(first)


def _roommates(data: Mapping[str, Any], m: Messages, board: str,
               players: list[str]) -> dict[str, str]:
    if "roommates" not in data or m.broken(("roommates",)):
        return {}
    given: Mapping[str, str] = data["roommates"]
    if board != "roommates":
        m.add(("roommates",), "roommate tokens are used on the roommates board only "
              "(\"board\": \"roommates\")")
        return {}
    for name in given:
        if m.skip(("roommates", name)):
            continue
        if players and name not in players:
            m.add(("roommates", name), f"{excerpt(name)} is not a player ({', '.join(players)})")
    return dict(given)
