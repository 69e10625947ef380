"""The Furnishing and Building Rules of Rooms & Roomies, checked on a finished house.

Each broken rule is a :class:`~homestaging.core.errors.Problem` with a stable code
(docs/roomies.md lists them), the squares involved and the JSON path of the entry at
fault. :func:`check` lists them in a fixed order: tile by tile, then windows, then rooms.
:func:`faulty` gives the tiles an error names (they count as not placed in the score).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.errors import Problem, Severity
from ...core.grid import Cell, cells_text, in_reading_order
from .furniture import SHAPES, shape_name, type_label
from .model import ANY_FLOOR, BATHROOM, House, Room, Tile

__all__ = ["CODES", "check", "faulty"]

CODES = (
    "off-floor", "crosses-wall", "wrong-floor", "overlap", "blocks-door", "needs-wall",
    "flipped", "unknown-shape", "window-on-shared-wall", "bathroom-doors",
    "room-not-connected",
)

_FLOOR_WORDS = {"parquet": "parquet", BATHROOM: "tiled floor"}


def _squares(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(in_reading_order(cells))


def _subject(tile: Tile) -> str:
    return f"{type_label(tile.kind)} {tile.label}"


def _tile_problems(house: House, index: int, tile: Tile,
                   first: dict[Cell, int]) -> list[Problem]:
    found: list[Problem] = []
    where = cells_text(tile.cells)
    subject = _subject(tile)

    def add(code: str, message: str, cells: Iterable[Cell]) -> None:
        found.append(Problem(code, Severity.ERROR, message, subject, _squares(cells), tile.path))

    off = [c for c in tile.cells if c not in house.room_at]
    if off:
        add("off-floor", f"{subject} at {where} stands off the floor at {cells_text(off)} "
            "(garden or street)", off)
    rooms = {house.room_at[c].key: house.room_at[c] for c in tile.cells if c in house.room_at}
    if len(rooms) > 1:
        names = " and ".join(room.name for room in rooms.values())
        add("crosses-wall", f"{subject} at {where} extends into a wall: it stands in {names}",
            tile.cells)
    if tile.floor != ANY_FLOOR:
        for room in rooms.values():
            if room.floor != tile.floor:
                cells = [c for c in tile.cells if c in room.cells]
                add("wrong-floor", f"{subject} needs {_FLOOR_WORDS[tile.floor]}; {room.name} "
                    f"has {_FLOOR_WORDS[room.floor]}", cells)
    earlier: dict[int, list[Cell]] = {}
    for cell in tile.cells:
        if first.setdefault(cell, index) != index:
            earlier.setdefault(first[cell], []).append(cell)
    for other, shared in sorted(earlier.items()):
        add("overlap", f"{subject} overlaps {_subject(house.tiles[other])} at "
            f"{cells_text(shared)}", shared)
    blocked = [c for c in tile.cells if c in house.ledges]
    if blocked:
        doors = sorted({door.edge.name for c in blocked for door in house.ledges[c]})
        add("blocks-door", f"{subject} stands in front of door {', '.join(doors)} at "
            f"{cells_text(blocked)}", blocked)
    bare = [edge for edge in tile.wall_edges() if not house.is_wall(edge)]
    if bare:
        sides = ", ".join(edge.name for edge in bare)
        add("needs-wall", f"{subject}: its wall edge is not fully against a wall at {sides}",
            [edge.cell for edge in bare])
    if tile.flipped:
        add("flipped", f"{subject} at {where} is a mirror image of its tile: tiles may be "
            "turned, never flipped", tile.cells)
    if shape_name(tile.cells) is None:
        add("unknown-shape", f"{subject} at {where} is not one of the tile shapes "
            f"({', '.join(SHAPES)})", tile.cells)
    return found


def _door_count(house: House, room: Room) -> int:
    return sum(1 for door in house.doors if any(c in room.cells for c in door.edge.cells))


def _connected(house: House) -> set[str]:
    """The rooms reached through doors from the front door's room (else the first room)."""
    front = house.front_door
    start: Room | None = None
    if front is not None:
        start = next(house.room_at[c] for c in front.edge.cells if c in house.room_at)
    elif house.rooms:
        start = house.rooms[0]
    if start is None:
        return set()
    reached = {start.key}
    stack = [start]
    while stack:
        room = stack.pop()
        for door in house.doors:
            if door.front or not any(c in room.cells for c in door.edge.cells):
                continue
            for cell in door.edge.cells:
                other = house.room_at.get(cell)
                if other is not None and other.key not in reached:
                    reached.add(other.key)
                    stack.append(other)
    return reached


def check(house: House) -> list[Problem]:
    """Every rule the house breaks, in a fixed order."""
    found: list[Problem] = []
    first: dict[Cell, int] = {}  # the first tile listed on each square
    for index, tile in enumerate(house.tiles):
        found += _tile_problems(house, index, tile, first)
    for window in house.windows:
        shared = [edge for edge in window.edges
                  if all(cell in house.room_at for cell in edge.cells)]
        if shared:
            rooms = " and ".join(sorted({house.room_at[c].name for e in shared for c in e.cells}))
            found.append(Problem(
                "window-on-shared-wall", Severity.ERROR,
                f"window {', '.join(e.name for e in shared)} is on the wall shared by {rooms}: "
                "shared walls may not contain windows", "window",
                _squares(c for e in shared for c in e.cells), window.path))
    for room in house.rooms:
        doors = _door_count(house, room)
        if room.bathroom and doors != 1:
            found.append(Problem(
                "bathroom-doors", Severity.ERROR,
                f"{room.name} is a bathroom with {doors} doors: a bathroom has its one printed "
                "door and is never connected with door tiles", room.name,
                _squares(room.cells)[:1], room.path))
    reached = _connected(house)
    for room in house.rooms:
        if room.key not in reached:
            found.append(Problem(
                "room-not-connected", Severity.ERROR,
                f"{room.name} is not connected by doors to the rest of the house", room.name,
                _squares(room.cells)[:1], room.path))
    return found


def faulty(house: House, problems: Iterable[Problem]) -> set[int]:
    """Indexes of the tiles an error names (by their entry and squares)."""
    named = {(p.path, cell) for p in problems if p.severity == Severity.ERROR
             for cell in p.cells}
    return {index for index, tile in enumerate(house.tiles)
            if any((tile.path, cell) in named for cell in tile.cells)}
