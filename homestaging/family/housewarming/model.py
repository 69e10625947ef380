"""A Housewarming house: cards in rooms, Pets and Misc cards, noted changes.

The cards' numbers are not in the rule book: each card carries the comfort, style and
cool the player reads on it (0 when not given).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ROOMS", "Card", "Change", "House", "Room", "ceil_half"]

ROOMS = 4
"""'You have four rooms.'"""
FURNISHINGS_PER_ROOM = 2
DECOR_PER_ROOM = 1


def ceil_half(value: int) -> int:
    """Half of ``value``, rounded up ('Always round fractions up'): 7 -> 4, -3 -> -1."""
    return -((-value) // 2)


@dataclass(frozen=True)
class Card:
    """A card the player keeps: its kind, name and the numbers printed on it."""

    kind: str
    name: str
    comfort: int = 0
    style: int = 0
    cool: int = 0
    path: str = "$"


@dataclass(frozen=True)
class Change:
    """A change noted during the game (a Life Event, a party)."""

    note: str
    comfort: int = 0
    style: int = 0
    cool: int = 0
    path: str = "$"


@dataclass(frozen=True)
class Room:
    name: str
    furnishings: tuple[Card, ...]
    decor: tuple[Card, ...]
    path: str

    @property
    def ready(self) -> bool:
        """At least one Furnishing and one Decor: ready for a housewarming."""
        return bool(self.furnishings) and bool(self.decor)


@dataclass(frozen=True)
class House:
    player: str
    rooms: tuple[Room, ...]
    pets: tuple[Card, ...]
    misc: tuple[Card, ...]
    changes: tuple[Change, ...]
    declared: bool = False
    source: str = ""

    @property
    def cards(self) -> list[Card]:
        """Every card the player keeps: in rooms (furnishings then decor), pets, misc."""
        return [card for room in self.rooms for card in (*room.furnishings, *room.decor)] + [
            *self.pets, *self.misc]

    def total(self, trait: str) -> int:
        """Comfort, style or cool: the cards and the noted changes."""
        values: list[int] = [getattr(card, trait) for card in self.cards]
        values += [getattr(change, trait) for change in self.changes]
        return sum(values)

    @property
    def can_declare(self) -> bool:
        """Every one of the four rooms has a Furnishing and a Decor."""
        return len(self.rooms) == ROOMS and all(room.ready for room in self.rooms)
