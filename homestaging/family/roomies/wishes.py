"""The home wishes: the This Is You card and the Roomie cards the rule book explains.

Each wish is counted from the house as the rule book's "Notes on the Home Wishes"
explain it. Three kinds (documented in docs/roomies.md):

* computed: the note says everything (This Is You, Bookworm, Console Gamer, Gearhead,
  Introvert, Nook Devotee, People Pleaser) or its worked example fixes the count
  (Boardgamer, Colorful Character, Understated One);
* counted, with the card's points typed in: the note says what counts but not its
  points (Daydreamer, Harmonious One, Hoarder, Math Whiz, Minimalist, Purist, Puzzler,
  Whirlwind);
* typed in: the card's text is not in the rule book (Botanist, Camper, Systematic One,
  and any other Roomie card): its points are typed in. The Camper's rule on basic needs
  is applied by the score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...core.grid import DELTAS, Cell, cell_name, cells_text, reading_order
from .furniture import PAIRS, shape_name, type_label
from .model import House, Room, Roomie, Tile

__all__ = ["WISHES", "Wish", "WishResult", "evaluate", "this_is_you"]


@dataclass(frozen=True)
class WishResult:
    points: int
    explanation: str


@dataclass(frozen=True)
class Wish:
    """A card the tool knows: its title, the numbers typed from the card, and how it
    counts (None: typed in)."""

    title: str
    params: tuple[str, ...]
    count: Callable[[House, Mapping[str, object]], WishResult] | None


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _in_rooms(parts: list[str]) -> str:
    return "; ".join(parts) if parts else "none"


def this_is_you(house: House) -> WishResult:
    """2 points per combination pair whose two tiles stand in one room; each tile in one
    pair at most."""
    pairs = 0
    parts: list[str] = []
    for room in house.rooms:
        kinds = Counter(tile.kind for tile in house.tiles_in(room))
        for a, b in PAIRS:
            found = min(kinds[a], kinds[b])
            if found:
                pairs += found
                times = f" x{found}" if found > 1 else ""
                parts.append(f"{room.name}: {type_label(a)}/{type_label(b)}{times}")
    return WishResult(2 * pairs, f"{_plural(pairs, 'pair')}: {_in_rooms(parts)}")


def _squares(tiles: list[Tile], kind: str) -> int:
    return sum(tile.squares for tile in tiles if tile.kind == kind)


def _boardgamer(house: House, _: Mapping[str, object]) -> WishResult:
    """As the rule book's example counts: in each room, each square covered by a shelf
    pairs with a square covered by a dining table; every paired square is 1 point."""
    points = 0
    parts: list[str] = []
    for room in house.rooms:
        tiles = house.tiles_in(room)
        shelves, tables = _squares(tiles, "shelf"), _squares(tiles, "dining-table")
        paired = min(shelves, tables)
        if paired:
            points += 2 * paired
            parts.append(f"{room.name}: {paired} shelf + {paired} dining table squares "
                         f"(of {shelves} and {tables})")
    return WishResult(points, _in_rooms(parts))


def _bookworm(house: House, _: Mapping[str, object]) -> WishResult:
    """Each shelf in a room with an armchair or a sofa: its squares + 1."""
    points = 0
    parts: list[str] = []
    for room in house.rooms:
        tiles = house.tiles_in(room)
        if not any(tile.kind in ("armchair", "sofa") for tile in tiles):
            continue
        for tile in tiles:
            if tile.kind == "shelf":
                points += tile.squares + 1
                parts.append(f"{room.name}: shelf {tile.label} of {tile.squares} "
                             f"square{'' if tile.squares == 1 else 's'} +{tile.squares + 1}")
    return WishResult(points, _in_rooms(parts))


def _color_sets(colors: tuple[str, str, str], per_set: int) -> Callable[
        [House, Mapping[str, object]], WishResult]:
    """Sets of one icon of each of three colours across the house, ``per_set`` each."""

    def count(house: House, _: Mapping[str, object]) -> WishResult:
        icons = Counter(color for tile in house.tiles for color in tile.colors)
        sets = min(icons[color] for color in colors)
        found = ", ".join(f"{icons[color]} {color}" for color in colors)
        return WishResult(per_set * sets, f"{found}: {_plural(sets, 'set')} of three")

    return count


def _line(house: House, start: Cell, side: str) -> list[Cell]:
    """The squares in a straight line from ``start`` toward ``side``, up to a wall."""
    found: list[Cell] = []
    cell: Cell | None = house.step(start, side)
    while cell is not None:
        found.append(cell)
        cell = house.step(cell, side)
    return found


def _console_gamer(house: House, _: Mapping[str, object]) -> WishResult:
    """Each armchair square (2) or sofa square (1) in line with a TV's screen, in the
    TV's room (a wall ends the line; other tiles do not)."""
    seen: set[Cell] = set()
    for tile in house.tiles:
        if tile.kind != "tv" or tile.screen is None:
            continue
        for start in tile.screen_cells():
            seen.update(_line(house, start, tile.screen))
    armchair = sorted((c for c in seen if _kind_at(house, c) == "armchair"), key=reading_order)
    sofa = sorted((c for c in seen if _kind_at(house, c) == "sofa"), key=reading_order)
    parts = []
    if armchair:
        parts.append(f"armchair squares {cells_text(armchair)} x2")
    if sofa:
        parts.append(f"sofa squares {cells_text(sofa)} x1")
    return WishResult(2 * len(armchair) + len(sofa), _in_rooms(parts))


def _kind_at(house: House, cell: Cell) -> str | None:
    tile = house.tile_at.get(cell)
    return tile.kind if tile else None


def _daydreamer(house: House, params: Mapping[str, object]) -> WishResult:
    """Each tile of a type on the card, once per window it is beside."""
    kinds = params["types"]
    assert isinstance(kinds, list)
    per = _int(params, "points")
    count = 0
    parts: list[str] = []
    for tile in house.tiles:
        if tile.kind not in kinds:
            continue
        windows = len({i for cell in tile.cells for i in house.windows_at.get(cell, ())})
        if windows:
            count += windows
            parts.append(f"{type_label(tile.kind)} {tile.label} beside "
                         f"{_plural(windows, 'window')}")
    return WishResult(per * count, f"{_in_rooms(parts)} ({count} x {per})")


def _int(params: Mapping[str, object], key: str) -> int:
    value = params[key]
    assert isinstance(value, int)
    return value


def _gearhead(house: House, _: Mapping[str, object]) -> WishResult:
    upgrades = house.truck.upgrades
    return WishResult(3 * upgrades, f"{_plural(upgrades, 'upgrade')} on the loading bed x 3")


def _per_room(test: Callable[[House, Room], bool], what: str) -> Callable[
        [House, Mapping[str, object]], WishResult]:
    """Rooms passing ``test``: the card's ``points`` each."""

    def count(house: House, params: Mapping[str, object]) -> WishResult:
        per = _int(params, "points")
        rooms = [room.name for room in house.rooms if test(house, room)]
        return WishResult(per * len(rooms),
                          f"{what}: {', '.join(rooms) or 'none'} ({len(rooms)} x {per})")

    return count


def _by_size(test: Callable[[House, Room], bool], what: str) -> Callable[
        [House, Mapping[str, object]], WishResult]:
    """Rooms passing ``test``: the card's ``small`` or ``large`` points each."""

    def count(house: House, params: Mapping[str, object]) -> WishResult:
        small = [room.name for room in house.rooms if room.small and test(house, room)]
        large = [room.name for room in house.rooms if not room.small and test(house, room)]
        points = _int(params, "small") * len(small) + _int(params, "large") * len(large)
        return WishResult(points, f"{what}: small {', '.join(small) or 'none'}; "
                                  f"large {', '.join(large) or 'none'}")

    return count


def _colors_in(house: House, room: Room) -> list[str]:
    return [color for tile in house.tiles_in(room) for color in tile.colors]


def _harmonious(house: House, room: Room) -> bool:
    return len(set(_colors_in(house, room))) == 2


def _full(house: House, room: Room) -> bool:
    """Every floor square holds a tile or a door ledge."""
    return all(cell in house.tile_at or cell in house.ledges for cell in room.cells)


def _math(house: House, room: Room) -> bool:
    return len(house.tiles_in(room)) == room.bonus


def _touches_another(house: House, room: Room, tile: Tile) -> bool:
    """A square of another tile of the room beside or diagonal to one of the tile's
    squares (a tile beyond the room's wall borders a wall)."""
    return any(house.tile_at.get(near) not in (None, tile) and near in room.cells
               for x, y in tile.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               for near in [(x + dx, y + dy)])


def _minimal(house: House, room: Room) -> bool:
    return house.complete(room) and not any(
        _touches_another(house, room, tile) for tile in house.tiles_in(room))


def _introvert(house: House, _: Mapping[str, object]) -> WishResult:
    """Complete rooms with exactly one door ledge: parquet 2, bathroom 1."""
    points = 0
    parts: list[str] = []
    for room in house.rooms:
        if house.complete(room) and len(house.room_ledges(room)) == 1:
            gain = 1 if room.bathroom else 2
            points += gain
            parts.append(f"{room.name} +{gain}")
    return WishResult(points, f"complete with one door ledge: {_in_rooms(parts)}")


def _nooks(house: House, _: Mapping[str, object]) -> WishResult:
    """Empty floor squares without a door ledge and with no empty neighbour in the room."""
    nooks = sorted((cell for cell in house.room_at if house.empty(cell)
                    and cell not in house.ledges
                    and not any(house.empty(other) for other in house.room_neighbours(cell))),
                   key=reading_order)
    return WishResult(len(nooks), f"nooks {cells_text(nooks) or 'none'}")


def _purist(house: House, params: Mapping[str, object]) -> WishResult:
    """The colour icons of rooms whose icons are all of one colour: the card's points each."""
    per = _int(params, "points")
    icons = 0
    parts: list[str] = []
    for room in house.rooms:
        colors = _colors_in(house, room)
        if colors and len(set(colors)) == 1:
            icons += len(colors)
            parts.append(f"{room.name}: {len(colors)} {colors[0]}")
    return WishResult(per * icons, f"{_in_rooms(parts)} ({icons} x {per})")


def _puzzler(house: House, room: Room) -> bool:
    shapes = {shape_name(tile.cells) for tile in house.tiles_in(room)}
    return len(shapes - {None}) >= 4


def _whirlwind(house: House, params: Mapping[str, object]) -> WishResult:
    """In complete rooms, each door ledge with its square and the next one straight on
    empty: the card's points each."""
    per = _int(params, "points")
    scoring: list[str] = []
    for room in house.rooms:
        if not house.complete(room):
            continue
        for cell, door in house.room_ledges(room):
            side = _into(door.edge.cells, cell)
            ahead = house.step(cell, side)
            if house.empty(cell) and ahead is not None and house.empty(ahead):
                scoring.append(f"{room.name}: door {door.edge.name} ({cell_name(cell)}, "
                               f"{cell_name(ahead)})")
    return WishResult(per * len(scoring), f"{_in_rooms(scoring)} ({len(scoring)} x {per})")


def _into(cells: tuple[Cell, Cell], inside: Cell) -> str:
    """The side pointing from the square beyond a door to ``inside``."""
    outside = cells[0] if cells[1] == inside else cells[1]
    delta = (inside[0] - outside[0], inside[1] - outside[1])
    return next(side for side, d in DELTAS.items() if d == delta)


WISHES: dict[str, Wish] = {
    "boardgamer": Wish("The Boardgamer", (), _boardgamer),
    "bookworm": Wish("The Bookworm", (), _bookworm),
    "botanist": Wish("The Botanist", ("points",), None),
    "camper": Wish("The Camper", ("points",), None),
    "colorful-character": Wish("The Colorful Character", (),
                               _color_sets(("red", "green", "blue"), 3)),
    "console-gamer": Wish("The Console Gamer", (), _console_gamer),
    "daydreamer": Wish("The Daydreamer", ("types", "points"), _daydreamer),
    "gearhead": Wish("The Gearhead", (), _gearhead),
    "harmonious-one": Wish("The Harmonious One", ("points",),
                           _per_room(_harmonious, "rooms with exactly 2 colours")),
    "hoarder": Wish("The Hoarder", ("small", "large"),
                    _by_size(_full, "rooms with every square filled")),
    "introvert": Wish("The Introvert", (), _introvert),
    "math-whiz": Wish("The Math Whiz", ("small", "large"),
                      _by_size(_math, "rooms with as many tiles as their bonus")),
    "minimalist": Wish("The Minimalist", ("small", "large"),
                       _by_size(_minimal, "complete rooms with no tiles touching")),
    "nook-devotee": Wish("The Nook Devotee", (), _nooks),
    "people-pleaser": Wish("The People Pleaser", (), None),
    "purist": Wish("The Purist", ("points",), _purist),
    "puzzler": Wish("The Puzzler", ("points",),
                    _per_room(_puzzler, "rooms with 4 different shapes")),
    "systematic-one": Wish("The Systematic One", ("points",), None),
    "understated-one": Wish("The Understated One", (),
                            _color_sets(("black", "brown", "white"), 2)),
    "whirlwind": Wish("The Whirlwind", ("points",), _whirlwind),
    "other": Wish("", ("name", "points"), None),
}
"""Every card id of the format. ``people-pleaser`` is counted from the other cards."""


def evaluate(house: House, roomie: Roomie) -> WishResult:
    """The points of one Roomie card (not the People Pleaser, which copies the others)."""
    wish = WISHES[roomie.card]
    if wish.count is None:
        return WishResult(_int(roomie.params, "points"), "typed in from the card")
    return wish.count(house, roomie.params)
