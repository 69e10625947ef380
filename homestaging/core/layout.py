"""What a sheet's drawing implies: walls, openings, the hallway and each piece's room.

:func:`layout` derives it once per sheet; rules, access and scoring share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, fields
from functools import cached_property
from itertools import filterfalse
from typing import TypeVar, cast, overload

from .bitmask import (
    LARGE,
    STRIDE,
    Moves,
    SquareSet,
    bits,
    compact,
    from_flags,
    key_masks,
)
from .grid import Cell, Edge, EdgeKey, edge_key, reading_order
from .sheet import DrawnPiece, Sheet

__all__ = ["Layout", "Passages", "RoomIndex", "layout", "walkable_squares", "with_doors",
           "with_pieces"]

_D = TypeVar("_D")


class RoomIndex(Mapping[Cell, str]):
    """Square -> the name of the walled room holding it (the first room listed where
    rooms overlap): one byte per square of the grid (:data:`~homestaging.core.bitmask.STRIDE`
    wide), not a dict entry per square. Walked in reading order; ``squares`` are all of
    its squares.

    >>> index = RoomIndex([("Kitchen", SquareSet([(1, 0), (2, 0)])),
    ...                    ("Bath", SquareSet([(2, 0), (2, 1)]))])
    >>> index.get((2, 0)), index[(2, 1)], (0, 0) in index, list(index)
    ('Kitchen', 'Bath', False, [(1, 0), (2, 0), (2, 1)])
    """

    __slots__ = ("codes", "extra", "names", "squares")

    def __init__(self, rooms: Iterable[tuple[str, SquareSet]]) -> None:
        names: list[str] = []
        codes, taken = 0, SquareSet()
        extra: dict[Cell, str] = {}
        for name, cells in rooms:
            names.append(name)
            fresh = cells - taken
            taken |= fresh
            if len(names) < 256:  # the room's squares set to its number, in C loops
                table = bytes.maketrans(b"\x01", bytes((len(names),)))
                codes |= int.from_bytes(SquareSet.from_mask(fresh.mask).flags().translate(table),
                                        "little")
            else:
                extra.update(dict.fromkeys(SquareSet.from_mask(fresh.mask), name))
            extra.update(dict.fromkeys(fresh.outside, name))
        self.names = tuple(names)
        self.codes = codes.to_bytes((codes.bit_length() + 7) // 8, "little")
        self.squares = taken
        self.extra = extra

    @overload
    def get(self, cell: Cell, /) -> str | None: ...

    @overload
    def get(self, cell: Cell, default: str | _D, /) -> str | _D: ...

    def get(self, cell: Cell, default: object = None, /) -> object:
        x, y = cell
        if 0 <= x < STRIDE and y >= 0:  # a row past the grid is past the codes too
            try:
                code = self.codes[y * STRIDE + x]
            except IndexError:
                code = 0
            if code:
                return self.names[code - 1]
        return self.extra.get(cell, default) if self.extra else default

    def __getitem__(self, cell: Cell) -> str:
        found = self.get(cell)
        if found is None:
            raise KeyError(cell)
        return found

    def __contains__(self, cell: object) -> bool:
        return cell in self.squares

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.squares)

    def __len__(self) -> int:
        return len(self.squares)

    def rooms(self) -> frozenset[str]:
        """The names of the rooms that hold at least one square."""
        found = {self.names[code - 1] for code in set(self.codes) if code}
        return frozenset(found | set(self.extra.values()))


@dataclass(frozen=True)
class Passages:
    """The squares of the sheet as indexes ``y * width + x``, and where a step is barred.

    ``north[i]`` is 1 when no step leads from square ``i`` to the square north of it (a
    wall without an opening, or the top of the sheet); ``west[i]`` likewise westwards.
    Both run ``width`` entries past the last square, all 1, so ``north[i + width]`` and
    ``west[i + 1]`` answer for the south and east steps (the east step of the last
    column lands on the next row's closed west side).
    """

    width: int
    height: int
    north: bytes
    west: bytes

    @classmethod
    def build(cls, width: int, height: int, blocked: frozenset[EdgeKey]) -> Passages:
        size = width * height
        north = bytearray(size + width)
        west = bytearray(size + width)
        north[:width] = b"\x01" * width
        north[size:] = b"\x01" * width
        west[0:size:width] = b"\x01" * height
        west[size:] = b"\x01" * width
        _bar(width, height, north, west, blocked, 1)
        return cls(width, height, bytes(north), bytes(west))

    def changed(self, barred: Iterable[EdgeKey], opened: Iterable[EdgeKey]) -> Passages:
        """The tables with the walls ``barred`` added and the walls ``opened`` taken away
        (the edge of the sheet still bars its steps): :meth:`build`'s with the walls
        changed, for a layout that differs in a door or two."""
        width, height = self.width, self.height
        north, west = bytearray(self.north), bytearray(self.west)
        _bar(width, height, north, west, opened, 0)
        _bar(width, height, north, west, barred, 1)
        return Passages(width, height, bytes(north), bytes(west))

    def moves(self) -> Moves:
        """The same steps as bit masks: ``Moves.build`` with the walls barring them, read
        from the tables at C speed (a step is open where its table holds 0)."""
        width = self.width
        size = width * self.height
        full = (1 << size) - 1
        north, west = from_flags(self.north), from_flags(self.west)
        return Moves(width, full, full & ~(west >> 1), full & ~west,
                     full & ~(north >> width), full & ~north)

    def index(self, cell: Cell) -> int | None:
        """The index of a square, ``None`` off the sheet."""
        x, y = cell
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else None

    def cell(self, index: int) -> Cell:
        y, x = divmod(index, self.width)
        return (x, y)


def _bar(width: int, height: int, north: bytearray, west: bytearray,
         keys: Iterable[EdgeKey], flag: int) -> None:
    """Mark in :class:`Passages` tables the step across each wall of ``keys`` barred
    (``flag`` 1) or open (0: unless the edge of the sheet bars it)."""
    for x, y, side in keys:
        if 0 <= x < width and 0 <= y < height:
            if side == "n":
                north[y * width + x] = flag or y == 0
            else:
                west[y * width + x] = flag or x == 0


@dataclass(frozen=True)
class Layout:
    """Derived geometry of a sheet. ``piece_rooms[i]`` is the room of ``sheet.pieces[i]``;
    ``room_walls[i]`` the walls around ``sheet.rooms[i]`` (none while it is not walled).

    The walls as edges (:attr:`walls`, :attr:`room_walls`) are worked out on first use:
    check and score test walls by their keys (:attr:`wall_keys`), worked out from the
    rooms' squares without an edge made (half the cost of the edges)."""

    sheet: Sheet
    room_at: Mapping[Cell, str]
    """Square -> its walled room: a dict, a :class:`RoomIndex` when the rooms hold more
    than :data:`~homestaging.core.bitmask.LARGE` squares."""
    hallway: Set[Cell]
    openings: frozenset[Edge]
    piece_rooms: tuple[str | None, ...]

    @cached_property
    def room_walls(self) -> tuple[frozenset[Edge], ...]:
        """The walls around each of ``sheet.rooms`` (none while it is not walled)."""
        return tuple(room.walls() for room in self.sheet.rooms)

    @cached_property
    def walls(self) -> frozenset[Edge]:
        """Every wall: exterior, pre-drawn and around the walled rooms, openings not
        excepted."""
        project = self.sheet.project
        walls = set(project.exterior_walls()) | set(project.walls)
        for room, around in zip(self.sheet.rooms, self.room_walls, strict=True):
            if room.finalized:
                walls |= around
        return frozenset(walls)

    @cached_property
    def wall_keys(self) -> frozenset[EdgeKey]:
        """:attr:`Edge.key` of every wall, openings not excepted."""
        return self._fixed_wall_keys.union(*(
            keys for room, keys in zip(self.sheet.rooms, self.room_wall_keys, strict=True)
            if room.finalized))

    @cached_property
    def blocked_keys(self) -> frozenset[EdgeKey]:
        """Keys of the walls that have no opening."""
        return self.wall_keys - self.opening_keys

    @cached_property
    def passages(self) -> Passages:
        """Index tables of the sheet with the walls that have no opening."""
        project = self.sheet.project
        return Passages.build(project.width, project.height, self.blocked_keys)

    @cached_property
    def exterior(self) -> frozenset[Edge]:
        return self.sheet.project.exterior_walls()

    @cached_property
    def entry_room(self) -> str | None:
        """In a ``no-hallway`` project, the room the front door opens into (the player's
        choice): the walled room holding the square inside the single front door, when
        that door is on the exterior wall. ``None`` otherwise, and with a hallway."""
        project = self.sheet.project
        door = self.sheet.front_door
        if project.entry.onto == "hallway" or door is None \
                or not project.on_exterior(door):
            return None
        inside = door.inside(project.house)
        return self.room_at.get(inside) if inside is not None else None

    @cached_property
    def walled_rooms(self) -> frozenset[str]:
        """The names of the rooms of :attr:`room_at` (a walled room all of whose squares
        an earlier room holds is not among them)."""
        if self.room_at.__class__ is dict:  # not isinstance: an ABC's check is slow
            return frozenset(self.room_at.values())
        return cast(RoomIndex, self.room_at).rooms()

    @cached_property
    def furnished(self) -> frozenset[str]:
        """The rooms holding furniture (a piece that is not a rug). A room without is
        empty: it does not exist for scoring."""
        return frozenset(room for room, drawn in zip(self.piece_rooms, self.sheet.pieces,
                                                     strict=True)
                         if room is not None and not drawn.placement.piece.is_rug)

    def worked_out(self, name: str) -> bool:
        """Whether the cached property ``name`` is worked out already."""
        return name in self.__dict__

    def blocked(self, a: Cell, b: Cell) -> bool:
        """True when a wall without an opening stands between neighbours ``a`` and ``b``."""
        return edge_key(a, b) in self.blocked_keys

    def walls_before(self, room_name: str | None) -> frozenset[Edge]:
        """Walls standing while ``room_name`` was furnished: exterior, pre-drawn, and the
        walls of rooms finalized earlier in play order (all finalized rooms for ``None``).

        A room not finalized yet comes after every finalized room, wherever the sheet
        lists it. Doors and the front door are gaps in the walls, whenever they were
        drawn: their edges are never in the result. Windows are not gaps.
        """
        edges = set(self.exterior) | set(self.sheet.project.walls)
        for walls in self.room_walls[:self._rooms_before(room_name)]:
            edges |= walls
        edges.difference_update(self.openings)
        return frozenset(edges)

    def walls_before_masks(self, room_name: str | None) -> dict[str, int]:
        """:func:`~homestaging.core.bitmask.side_masks` of :meth:`walls_before`, worked out
        once per room (kept by :func:`with_pieces`): do not change the answer."""
        found = self._walls_before_masks.get(room_name)
        if found is None:
            project = self.sheet.project
            found = self._walls_before_masks[room_name] = key_masks(
                self.wall_keys_before(room_name), project.width, project.height)
        return found

    @cached_property
    def _walls_before_masks(self) -> dict[str | None, dict[str, int]]:
        return {}

    @cached_property
    def room_mask(self) -> int:
        """The squares of the walled rooms as a mask (:func:`~homestaging.core.bitmask.bits`)."""
        project = self.sheet.project
        return bits(self.room_at, project.width, project.height)

    @cached_property
    def wall_masks(self) -> dict[str, int]:
        """:func:`~homestaging.core.bitmask.side_masks` of the walls, openings not excepted
        (do not change the answer)."""
        project = self.sheet.project
        return key_masks(self.wall_keys, project.width, project.height)

    @cached_property
    def exterior_masks(self) -> dict[str, int]:
        """:func:`~homestaging.core.bitmask.side_masks` of the exterior walls (do not change
        the answer)."""
        project = self.sheet.project
        return key_masks(project.exterior_keys(), project.width, project.height)

    @cached_property
    def passage_moves(self) -> Moves:
        """The steps that cross no wall without an opening, as bit masks."""
        return self.passages.moves()

    def wall_keys_before(self, room_name: str | None) -> frozenset[EdgeKey]:
        """The keys of :meth:`walls_before`, worked out from the keys alone (no edge
        hashed): what the rules test many squares' sides against."""
        keys = set(self._fixed_wall_keys)
        for walls in self.room_wall_keys[:self._rooms_before(room_name)]:
            keys |= walls
        keys.difference_update(self.opening_keys)
        return frozenset(keys)

    def stood_before(self, room_name: str | None, keys: Iterable[EdgeKey]) -> bool:
        """Whether every edge of ``keys`` is in :meth:`wall_keys_before` (``room_name``),
        told without building that set (a copy of every wall): what the rules ask of
        each piece that must stand against a wall, most often true."""
        earlier = self.room_wall_keys[:self._rooms_before(room_name)]
        fixed, openings = self._fixed_wall_keys, self.opening_keys
        for key in keys:
            if key in openings or (key not in fixed
                                   and not any(key in walls for walls in earlier)):
                return False
        return True

    def _rooms_before(self, room_name: str | None) -> int:
        """How many of the sheet's rooms were walled while ``room_name`` was furnished:
        those listed before it if it is walled, else all of them."""
        own = self.sheet.room(room_name) if room_name is not None else None
        last = own.name if own is not None and own.finalized else None
        for index, room in enumerate(self.sheet.rooms):
            if room.name == last:
                return index
        return len(self.sheet.rooms)

    @cached_property
    def room_wall_keys(self) -> tuple[frozenset[EdgeKey], ...]:
        """The keys of :attr:`room_walls`."""
        return tuple(room.wall_keys() for room in self.sheet.rooms)

    @cached_property
    def opening_keys(self) -> frozenset[EdgeKey]:
        """The keys of :attr:`openings`: doors and front doors."""
        return frozenset(edge.key for edge in self.openings)

    @cached_property
    def _fixed_wall_keys(self) -> frozenset[EdgeKey]:
        """The keys of the exterior and pre-drawn walls."""
        return self.sheet.project.fixed_wall_keys()

    @cached_property
    def furniture_at(self) -> dict[Cell, int]:
        """Non-rug furniture squares -> index of the piece (the first one drawn there)."""
        found: dict[Cell, int] = {}
        for index, drawn in enumerate(self.sheet.pieces):
            if not drawn.placement.piece.is_rug:
                for cell in drawn.placement.furniture:
                    found.setdefault(cell, index)
        return found

    @cached_property
    def rug_squares(self) -> frozenset[Cell]:
        return frozenset(
            cell
            for drawn in self.sheet.pieces
            if drawn.placement.piece.is_rug
            for cell in drawn.placement.furniture
        )

    @cached_property
    def walkable(self) -> frozenset[Cell]:
        """:func:`walkable_squares` (no lenient access asked for): the doors change none of
        them."""
        return walkable_squares(self)

    @cached_property
    def walkable_mask(self) -> int:
        """:attr:`walkable` as a bit mask (squares off the sheet left out)."""
        project = self.sheet.project
        return bits(self.walkable, project.width, project.height)

    @cached_property
    def circulation(self) -> frozenset[Cell]:
        """The circulation squares of every piece."""
        return frozenset().union(*(drawn.placement.circulation for drawn in self.sheet.pieces))


def walkable_squares(lay: Layout, *, lenient_access: bool = False,
                     hallway: bool | None = None) -> frozenset[Cell]:
    """The squares a route may step on: the hallway's (when ``hallway``; by default
    unless the project has no hallway) and, inside walled rooms, circulation and rug
    squares, or every room square with lenient access (asked for, or the project's
    special rule); never a furniture square (rugs aside) nor an obstacle."""
    project = lay.sheet.project
    if hallway is None:
        hallway = project.entry.outside_walked
    walkable: set[Cell] = set(lay.hallway) if hallway else set()
    room_at = lay.room_at  # looked up, not copied: a large sheet's rooms are megabytes
    walkable.update(c for c in lay.circulation | lay.rug_squares if c in room_at)
    if lenient_access or project.lenient_access:
        walkable.update(room_at)
    walkable -= project.obstacles
    walkable.difference_update(lay.furniture_at)
    return frozenset(walkable)


def layout(sheet: Sheet) -> Layout:
    """Derive walls, openings, hallway and piece rooms from a sheet."""
    project = sheet.project
    openings = set(sheet.front_doors)
    walled = [room for room in sheet.rooms if room.finalized]
    for room in walled:
        openings.update(room.doors)
    obstacles = project.obstacles
    room_at: Mapping[Cell, str]
    hallway: Set[Cell]
    if sum(len(room.cells) for room in walled) > LARGE:
        room_at = RoomIndex((room.name, SquareSet.of(room.cells)) for room in walled)
        hallway = compact(SquareSet.of(project.house) - room_at.squares - obstacles)
    else:
        rooms: dict[Cell, str] = {}
        for room in walled:
            if rooms.keys().isdisjoint(room.cells):  # rooms seldom overlap: one C loop
                rooms.update(dict.fromkeys(room.cells, room.name))
            else:
                for cell in room.cells:
                    rooms.setdefault(cell, room.name)
        room_at = rooms
        # the house's squares in its own order, filtered in C: the same set, same order
        free = filterfalse(rooms.__contains__, project.house)
        hallway = frozenset(filterfalse(obstacles.__contains__, free) if obstacles else free)
    return Layout(sheet, room_at, hallway, frozenset(openings),
                  _piece_rooms(sheet, room_at, sheet.pieces))


def _share_walls(lay: Layout, found: Layout) -> None:
    """Give ``found``, a layout with the same walls as ``lay``, the walls of ``lay``: the
    same objects, which the searches compare (``is``) to tell that the walls are the
    same, the keys worked out if need be."""
    found.__dict__["wall_keys"] = lay.wall_keys
    for name in ("walls", "room_walls", "room_wall_keys"):
        if name in lay.__dict__:
            found.__dict__[name] = lay.__dict__[name]


_ROOMS_ONLY = ("blocked_keys", "passages", "exterior", "entry_room",
               "_walls_before_masks", "room_mask", "wall_masks", "exterior_masks",
               "passage_moves")
"""The cached properties of a layout that the pieces do not change."""


def with_pieces(lay: Layout, sheet: Sheet) -> Layout:
    """The layout of ``sheet``, which is ``lay.sheet`` with pieces added after its own
    (rooms, doors and walls the same): what a search trying placements asks for many
    times. The rooms' geometry is reused, only the new pieces' rooms are worked out;
    any other sheet gets a :func:`layout` of its own."""
    old = lay.sheet
    count = len(old.pieces)
    if (sheet.project is not old.project or sheet.rooms is not old.rooms
            or sheet.front_doors is not old.front_doors
            or sheet.current_room != old.current_room or sheet.pieces[:count] != old.pieces):
        return layout(sheet)
    added = _piece_rooms(sheet, lay.room_at, sheet.pieces[count:])
    found = Layout(sheet, lay.room_at, lay.hallway, lay.openings, lay.piece_rooms + added)
    _share_walls(lay, found)
    for name in _ROOMS_ONLY:
        if name in lay.__dict__:
            found.__dict__[name] = lay.__dict__[name]
    furnished = lay.__dict__.get("furnished")
    if furnished is not None:  # the rooms the new pieces furnish added
        found.__dict__["furnished"] = furnished | frozenset(
            room for room, drawn in zip(added, sheet.pieces[count:], strict=True)
            if room is not None and not drawn.placement.piece.is_rug)
    return found


def with_doors(lay: Layout, sheet: Sheet) -> Layout:
    """The layout of ``sheet``, which is ``lay.sheet`` with other doors (rooms' doors,
    front doors): the same pieces, the same room being furnished, the rooms' squares
    the same. The squares, walls and pieces' rooms are reused, only the openings worked
    out (in :func:`layout`'s order); with the same doors too (a sheet with other windows),
    all that ``lay`` worked out is. Any other sheet gets a :func:`layout` of its own."""
    old = lay.sheet
    if (sheet.project is not old.project or sheet.pieces is not old.pieces
            or sheet.current_room != old.current_room or len(sheet.rooms) != len(old.rooms)
            or any(a.name != b.name or a.cells != b.cells
                   for a, b in zip(sheet.rooms, old.rooms, strict=True))):
        return layout(sheet)
    if sheet.front_doors == old.front_doors and all(
            a.doors == b.doors for a, b in zip(sheet.rooms, old.rooms, strict=True)):
        same = Layout(sheet, lay.room_at, lay.hallway, lay.openings, lay.piece_rooms)
        same.__dict__.update((name, value) for name, value in lay.__dict__.items()
                             if name not in _FIELDS)
        return same
    openings = set(sheet.front_doors)
    for room in sheet.rooms:
        if room.finalized:
            openings.update(room.doors)
    found = Layout(sheet, lay.room_at, lay.hallway, frozenset(openings), lay.piece_rooms)
    _share_walls(lay, found)
    for name in _DOORS_APART:
        if name in lay.__dict__:
            found.__dict__[name] = lay.__dict__[name]
    if lay.worked_out("passages"):  # the steps the other doors bar or open changed only
        before, after = lay.blocked_keys, found.blocked_keys
        found.__dict__["passages"] = lay.passages.changed(after - before, before - after)
    return found


_FIELDS = frozenset(field.name for field in fields(Layout))
"""The fields of a layout: the rest of its ``__dict__`` is what it worked out."""

_DOORS_APART = ("exterior", "walled_rooms", "furnished", "room_mask",
                "wall_masks", "exterior_masks", "_fixed_wall_keys",
                "furniture_at", "rug_squares", "circulation", "walkable", "walkable_mask")
"""The cached properties of a layout that the doors do not change."""


def _piece_rooms(sheet: Sheet, room_at: Mapping[Cell, str], pieces: Sequence[DrawnPiece]
                 ) -> tuple[str | None, ...]:
    """The room of each of ``pieces``: the walled room under its first furniture square
    in reading order; else the room being furnished while it is not walled."""
    current = sheet.room(sheet.current_room) if sheet.current_room else None
    fallback = sheet.current_room if current is None or not current.finalized else None
    found: list[str | None] = []
    for drawn in pieces:
        furniture = drawn.placement.furniture
        rooms = set(map(room_at.get, furniture))
        if len(rooms) == 1:  # all in one room (or none): no need to find the first square
            room = rooms.pop()
        else:
            squares = sorted(furniture, key=reading_order)
            room = next((room_at[c] for c in squares if c in room_at), None)
        found.append(room if room is not None else fallback)
    return tuple(found)
