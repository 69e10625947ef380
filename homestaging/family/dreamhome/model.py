"""A Dream Home home board at the end: room cards on spaces, decor tokens, helpers.

The board is a grid of spaces, floors from the top. A room is one card or several cards
side by side on one floor (fragment: "a single room card or possibly multiple cards
side-by-side"); the record gives each room a letter. A facedown card is an empty room.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.grid import Cell

__all__ = ["HELPERS", "SPECIAL_DECOR", "Home", "Room", "Typed"]

HELPERS = ("roofer", "supplier", "architect", "handyman", "interior designer")
SPECIAL_DECOR = ("treehouse", "birdhouse")


@dataclass(frozen=True)
class Room:
    """A room: its cards' spaces, its type (None for an empty room, facedown)."""

    key: str
    type: str | None
    spaces: frozenset[Cell]
    decor: tuple[str, ...] = ()
    basement: bool = False
    max_size: int | None = None
    scaffolding: bool = False
    path: str = "$"

    @property
    def empty(self) -> bool:
        return self.type is None and not self.scaffolding

    @property
    def name(self) -> str:
        if self.scaffolding:
            return "Scaffolding"
        return f"{self.type or 'empty room'} {self.key}"


@dataclass(frozen=True)
class Typed:
    """Points typed in: a category the fragment does not explain, or a functionality
    bonus scored."""

    text: str
    points: int
    path: str


@dataclass(frozen=True)
class Home:
    player: str
    width: int
    height: int
    rooms: tuple[Room, ...]
    basement: frozenset[Cell]
    helpers: tuple[str, ...]
    special: tuple[str, ...]
    typed: tuple[Typed, ...]
    functionality: tuple[Typed, ...]
    supplier_space: Cell | None = None
    handyman_spaces: tuple[Cell, ...] = ()
    source: str = ""

    def room_at(self, cell: Cell) -> Room | None:
        return next((room for room in self.rooms if cell in room.spaces), None)

    @property
    def empty_rooms(self) -> list[Room]:
        """Facedown cards: each is an empty room."""
        return [room for room in self.rooms if room.empty]
