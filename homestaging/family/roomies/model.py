"""A finished Rooms & Roomies house: rooms on a grid, doors, windows, furniture tiles,
the truck and the Roomie cards.

Squares and edges are the core's (:mod:`homestaging.core.grid`): ``C5``, ``["C5", "s"]``.
Every room square is floor of its room's type; a wall runs along every edge between a
room square and a square that is not of the same room. Doors are openings in walls;
each floor square beside a door holds that door's ledge.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...core.grid import DELTAS, Cell, Edge, in_reading_order, neighbours, outermost, reading_order

__all__ = [
    "BATHROOM",
    "PARQUET",
    "Door",
    "House",
    "Room",
    "Roomie",
    "Tile",
    "Truck",
    "TruckTile",
    "Window",
    "side_edges",
]

PARQUET = "parquet"
BATHROOM = "tiles"
ANY_FLOOR = "any"
SMALL_ROOM_MAX = 8
"""Small rooms have at most 8 floor squares, large rooms at least 9 (notes on the wishes)."""


@dataclass(frozen=True)
class Room:
    """A room: its squares, floor type, printed completion bonus and floor markings."""

    key: str
    name: str
    floor: str
    bonus: int
    markings: tuple[Cell, ...]
    cells: frozenset[Cell]
    path: str

    @property
    def bathroom(self) -> bool:
        return self.floor == BATHROOM

    @property
    def small(self) -> bool:
        return len(self.cells) <= SMALL_ROOM_MAX


def side_edges(cells: frozenset[Cell], side: str) -> list[Edge]:
    """The edges on one side of a group of squares: the outermost row or column's."""
    return [Edge(cell, side) for cell in in_reading_order(outermost(cells, side))]


@dataclass(frozen=True)
class Tile:
    """A furniture tile in the house, as placed.

    ``wall`` and ``screen`` are sides on the house (already turned). ``flipped`` says the
    tile's printed art fits the squares only as a mirror image.
    """

    label: str
    kind: str
    colors: tuple[str, ...]
    floor: str
    cells: frozenset[Cell]
    wall: frozenset[str] = frozenset()
    screen: str | None = None
    points: int = 0
    double: bool = False
    flipped: bool = False
    path: str = "$"

    @property
    def squares(self) -> int:
        return len(self.cells)

    @property
    def sleeps(self) -> int:
        """How many Roomie tiles sleep on it: a bed 1, a double bed 2, anything else 0."""
        if self.kind != "bed":
            return 0
        return 2 if self.double else 1

    def wall_edges(self) -> list[Edge]:
        """Every edge of the tile's wall sides (they must all be on walls)."""
        return [edge for side in sorted(self.wall) for edge in side_edges(self.cells, side)]

    def screen_cells(self) -> list[Cell]:
        """The squares whose screen edge faces ``screen``."""
        if self.screen is None:
            return []
        return [edge.cell for edge in side_edges(self.cells, self.screen)]


@dataclass(frozen=True)
class TruckTile:
    """A furniture tile on the truck's loading bed (its place there does not matter)."""

    kind: str
    double: bool = False
    path: str = "$"

    @property
    def sleeps(self) -> int:
        if self.kind != "bed":
            return 0
        return 2 if self.double else 1


@dataclass(frozen=True)
class Truck:
    """The loading bed at the end: junk and upgrades on it, the tiles loaded."""

    upgrades: int = 0
    junk: int = 0
    tiles: tuple[TruckTile, ...] = ()


@dataclass(frozen=True)
class Door:
    """A door in a wall: between two rooms, or the front door (room to outside)."""

    edge: Edge
    path: str
    front: bool = False


@dataclass(frozen=True)
class Window:
    """A window: one edge, or several edges in a row along one wall."""

    edges: tuple[Edge, ...]
    path: str


@dataclass(frozen=True)
class Roomie:
    """A home-wish card: ``card`` is a known id (or ``other``), ``params`` the numbers
    typed from the card, ``name`` what the pad calls it."""

    card: str
    name: str
    params: Mapping[str, Any] = field(default_factory=dict)
    path: str = "$"


@dataclass(frozen=True)
class House:
    """A player's house at the end of the game."""

    player: str
    this_is_you: int
    width: int
    height: int
    rooms: tuple[Room, ...]
    doors: tuple[Door, ...]
    windows: tuple[Window, ...]
    tiles: tuple[Tile, ...]
    truck: Truck
    roomies: tuple[Roomie, ...]
    solo: bool = False
    source: str = ""

    @cached_property
    def room_at(self) -> dict[Cell, Room]:
        return {cell: room for room in self.rooms for cell in room.cells}

    @cached_property
    def tile_at(self) -> dict[Cell, Tile]:
        """The tile on each covered square (the first listed where tiles overlap)."""
        found: dict[Cell, Tile] = {}
        for tile in self.tiles:
            for cell in tile.cells:
                found.setdefault(cell, tile)
        return found

    @property
    def front_door(self) -> Door | None:
        return next((door for door in self.doors if door.front), None)

    def is_wall(self, edge: Edge) -> bool:
        """Whether a wall runs along the edge (a door is an opening in a wall)."""
        a, b = edge.cells
        room = self.room_at.get(a)
        other = self.room_at.get(b)
        return (room is not None or other is not None) and room is not other

    @cached_property
    def ledges(self) -> dict[Cell, tuple[Door, ...]]:
        """The floor squares holding door ledges, with their doors."""
        found: dict[Cell, list[Door]] = {}
        for door in self.doors:
            for cell in door.edge.cells:
                if cell in self.room_at:
                    found.setdefault(cell, []).append(door)
        return {cell: tuple(doors) for cell, doors in found.items()}

    @cached_property
    def _room_ledges(self) -> dict[str, list[tuple[Cell, Door]]]:
        found: dict[str, list[tuple[Cell, Door]]] = {}
        for cell, doors in sorted(self.ledges.items(), key=lambda item: reading_order(item[0])):
            found.setdefault(self.room_at[cell].key, []).extend((cell, d) for d in doors)
        return found

    def room_ledges(self, room: Room) -> list[tuple[Cell, Door]]:
        """The door ledges in a room: (square, door), one per door, in reading order."""
        return self._room_ledges.get(room.key, [])

    @cached_property
    def _room_tiles(self) -> dict[str, list[Tile]]:
        found: dict[str, list[Tile]] = {}
        for tile in self.tiles:
            rooms = {self.room_at.get(cell) for cell in tile.cells}
            if len(rooms) == 1:
                (room,) = rooms
                if room is not None:
                    found.setdefault(room.key, []).append(tile)
        return found

    def tiles_in(self, room: Room) -> list[Tile]:
        """The tiles standing in a room (all of their squares in it), in listed order."""
        return self._room_tiles.get(room.key, [])

    @cached_property
    def windows_at(self) -> dict[Cell, tuple[int, ...]]:
        """The floor squares just inside windows, with the windows' indexes."""
        found: dict[Cell, list[int]] = {}
        for index, window in enumerate(self.windows):
            for cell in sorted(self.window_cells(window)):
                found.setdefault(cell, []).append(index)
        return {cell: tuple(indexes) for cell, indexes in found.items()}

    def empty(self, cell: Cell) -> bool:
        """A floor square no tile covers (a door ledge square is empty)."""
        return cell in self.room_at and cell not in self.tile_at

    def touched(self, cell: Cell) -> bool:
        """A floor marking touches a tile or a door: its square is covered or has a ledge."""
        return cell in self.tile_at or cell in self.ledges

    def complete(self, room: Room) -> bool:
        """Every floor marking of the room touches a furniture tile or a door tile."""
        return all(self.touched(cell) for cell in room.markings)

    def room_neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The orthogonal neighbours of a floor square in the same room (no wall between)."""
        room = self.room_at.get(cell)
        for _, other in neighbours(cell):
            if room is not None and self.room_at.get(other) is room:
                yield other

    def window_cells(self, window: Window) -> set[Cell]:
        """The floor squares just inside a window."""
        return {cell for edge in window.edges for cell in edge.cells if cell in self.room_at}

    def step(self, cell: Cell, side: str) -> Cell | None:
        """The next square from ``cell`` toward ``side`` in the same room, if no wall."""
        dx, dy = DELTAS[side]
        other = (cell[0] + dx, cell[1] + dy)
        room = self.room_at.get(cell)
        return other if room is not None and self.room_at.get(other) is room else None
