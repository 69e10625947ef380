"""Projects (the game's scenarios): the house, its rooms and cards, and the bonuses.

This is the model only; :mod:`homestaging.formats.projectreader` reads and checks project files
(YAML, see ``docs/game-data.md`` and ``docs/bonus-language.md``) and finds the bundled
ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Set
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from .bitmask import bits, compact
from .catalog import Catalog
from .entry import Entry, entry_of
from .grid import Cell, Edge, EdgeKey, boundary, boundary_keys
from .pieces import Piece

__all__ = [
    "MAX_ROOMS",
    "MAX_TOKENS",
    "SPECIAL_RULES",
    "Bonus",
    "CardSlot",
    "Feature",
    "Project",
    "RoomSpec",
]

_MAP_CHARS = "#.X "
MAX_ROOMS = 26
"""The most rooms a project may have (the box's projects have 3 to 5)."""
MAX_TOKENS = 100
"""The most selection tokens a project's rooms may use in all (the box has 25)."""
SPECIAL_RULES = {
    "no-hallway": "There is no hallway: the front door opens into a room of the player's "
    "choice, the entry room, and every other room's door opens into the entry room.",
    "lenient-access": "Empty squares inside rooms are walkable, not only circulation and rugs.",
}


class CardSlot(NamedTuple):
    """A card number in a room's row, with its selection tokens."""

    number: int
    tokens: int


@dataclass(frozen=True)
class RoomSpec:
    """A room card of the project: the room's name, type and furniture cards."""

    name: str
    type: str
    cards: tuple[CardSlot, ...]

    @property
    def tokens(self) -> int:
        return sum(slot.tokens for slot in self.cards)


class Feature(NamedTuple):
    """Something outside the house: a tree, a lake, a road..."""

    kind: str
    cells: frozenset[Cell]
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.kind


@dataclass(frozen=True)
class Bonus:
    """One bonus line: ``when`` a condition holds, or ``per`` matching piece (capped by ``max``)."""

    text: str
    points: int
    when: dict[str, Any] | None = None
    per: dict[str, Any] | None = None
    max: int | None = None
    path: str = "$"

    def clauses(self) -> Iterator[dict[str, Any]]:
        """Every object of the condition's tree (``when`` or ``per``), outermost first."""
        stack: list[Any] = [self.when or self.per or {}]
        while stack:
            node = stack.pop()
            if isinstance(node, list):
                stack.extend(reversed(node))
            elif isinstance(node, dict):
                yield node
                stack.extend(reversed(list(node.values())))

    def kinds(self) -> list[str]:
        """The kinds of piece (catalog tags) its selectors count, each once, in the order
        written: ``["chair", "table"]`` for "a chair touches a table"."""
        return list(dict.fromkeys(str(node["tag"]) for node in self.clauses() if "tag" in node))


@dataclass(frozen=True)
class Project:
    """A scenario of the projects book."""

    id: str
    name: str
    width: int
    height: int
    house: Set[Cell]
    """The house's squares: a frozenset, a :class:`~homestaging.core.bitmask.SquareSet` for a
    large house (:func:`~homestaging.core.bitmask.compact`; any collection given is made so)."""
    rooms: tuple[RoomSpec, ...]
    catalog: Catalog
    number: int = 0
    difficulty: int = 0
    description: str = ""
    obstacles: frozenset[Cell] = frozenset()
    walls: frozenset[Edge] = frozenset()
    features: tuple[Feature, ...] = ()
    special_rules: tuple[str, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    tips: str = ""
    source: str = ""
    house_ranges: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        house = compact(self.house)
        if house is not self.house:
            object.__setattr__(self, "house", house)

    @cached_property
    def entry(self) -> Entry:
        """How the rooms are entered: through the hallway, or (``no-hallway``) through
        the entry room."""
        return entry_of(self.special_rules)

    @property
    def no_hallway(self) -> bool:
        """``not entry.hallway``, for callers written before :attr:`entry`."""
        return not self.entry.hallway

    @property
    def lenient_access(self) -> bool:
        return "lenient-access" in self.special_rules

    def pieces_of_kind(self, kind: str) -> list[Piece]:
        """The pieces of ``kind`` (a catalog tag) that the cards of the project's rooms
        offer, either variant, in catalog order: what a bonus counting that kind may
        count."""
        offered = self.catalog.options_of(slot.number for room in self.rooms
                                          for slot in room.cards)
        return [piece for piece_id, piece in self.catalog.pieces.items()
                if piece_id in offered and kind in piece.tags]

    def room(self, name: str) -> RoomSpec | None:
        """The room named ``name`` (the first one, should two share it)."""
        return self._rooms_by_name.get(name)

    @cached_property
    def _rooms_by_name(self) -> dict[str, RoomSpec]:
        """Name -> room: :meth:`room` is asked for many times per sheet checked."""
        return {room.name: room for room in reversed(self.rooms)}  # the first one wins

    def in_sheet(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def feature_letters(self) -> dict[str, str]:
        """Feature kind -> its letter on the house map: its initial, or the next free
        letter of its name (``#``, ``.`` and ``X`` draw the house, the outside and the
        obstacles)."""
        letters: dict[str, str] = {}
        used = set(_MAP_CHARS)
        for kind in sorted({f.kind for f in self.features}):
            candidates = [c.upper() for c in kind if c.isalpha()] + [
                c.lower() for c in kind if c.isalpha()
            ] + list("ABCDEFGHIJKLMNOPQRSTUVWYZ")
            char = next(c for c in candidates if c not in used)
            used.add(char)
            letters[kind] = char
        return letters

    def map_rows(self) -> list[str]:
        """The house map, one string per sheet row: ``#`` house, ``X`` obstacle, ``.``
        outside, a feature's letter (:meth:`feature_letters`) outside the house."""
        letters = self.feature_letters()
        at = {cell: letters[f.kind] for f in self.features for cell in f.cells}
        return ["".join("X" if (x, y) in self.obstacles else "#" if (x, y) in self.house
                        else at.get((x, y), ".") for x in range(self.width))
                for y in range(self.height)]

    def map_key(self) -> list[str]:
        """What the characters of :meth:`map_rows` mean: ``["# house", ". outside", ...]``."""
        key = ["# house", ". outside"]
        if self.obstacles:
            key.append("X obstacle")
        return key + [f"{char} {kind}" for kind, char in self.feature_letters().items()]

    def wall_names(self) -> list[str]:
        """The walls drawn before play, by row then column: ``I2/e, I3/e, ...``."""
        return [e.name for e in sorted(self.walls, key=lambda e: (e.key[1], e.key[0], e.key[2]))]

    def open_bits(self) -> tuple[int, int]:
        """The house's squares and the obstacles' as masks of the sheet (bit
        ``y * width + x``; computed once)."""
        cached: tuple[int, int] | None = self.__dict__.get("_open_bits")
        if cached is None:
            cached = (bits(self.house, self.width, self.height),
                      bits(self.obstacles, self.width, self.height))
            object.__setattr__(self, "_open_bits", cached)
        return cached

    def exterior_walls(self) -> frozenset[Edge]:
        """Every edge between a house square and a square outside the house (computed
        once, when first asked for: check and score test their keys,
        :meth:`exterior_keys`)."""
        cached: frozenset[Edge] | None = self.__dict__.get("_exterior_walls")
        if cached is None:
            cached = boundary(self.house)
            object.__setattr__(self, "_exterior_walls", cached)
        return cached

    def exterior_keys(self) -> frozenset[EdgeKey]:
        """The keys of :meth:`exterior_walls`, worked out without making an edge
        (computed once)."""
        cached: frozenset[EdgeKey] | None = self.__dict__.get("_exterior_keys")
        if cached is None:
            cached = boundary_keys(self.house)
            object.__setattr__(self, "_exterior_keys", cached)
        return cached

    def on_exterior(self, edge: Edge) -> bool:
        """Whether ``edge`` is one of the exterior walls (tested by its key)."""
        return edge.key in self.exterior_keys()

    def fixed_wall_keys(self) -> frozenset[EdgeKey]:
        """The keys of the exterior walls and the walls drawn before play, the walls of
        every sheet of the project (computed once)."""
        cached: frozenset[EdgeKey] | None = self.__dict__.get("_fixed_wall_keys")
        if cached is None:
            cached = self.exterior_keys().union(edge.key for edge in self.walls)
            object.__setattr__(self, "_fixed_wall_keys", cached)
        return cached
