"""The final Décorum house: four rooms with a wall colour and three object slots.

The standard board has the bathroom and bedroom upstairs, the living room and kitchen
downstairs; the bathroom and living room on the left, the bedroom and kitchen on the
right (Glossary). The roommates board has a bedroom instead of the bathroom: the rooms
are then the left bedroom, the right bedroom, the living room and the kitchen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .objects import TYPES, DecorObject

__all__ = ["AREAS", "BOARDS", "House", "Placed", "Room", "area_rooms"]

#: board -> rooms as (name, floor, side), upstairs left first.
BOARDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "standard": (("bathroom", "upstairs", "left"), ("bedroom", "upstairs", "right"),
                 ("living room", "downstairs", "left"), ("kitchen", "downstairs", "right")),
    "roommates": (("left bedroom", "upstairs", "left"), ("right bedroom", "upstairs", "right"),
                  ("living room", "downstairs", "left"), ("kitchen", "downstairs", "right")),
}
AREAS = ("house", "upstairs", "downstairs", "left side", "right side")


@dataclass(frozen=True)
class Placed:
    """What lies in a slot as typed: the object (None: empty) and where it was typed."""

    slot: str
    item: DecorObject | None
    path: str
    text: str = ""


@dataclass(frozen=True)
class Room:
    name: str
    floor: str
    side: str
    wall: str
    slots: tuple[Placed, ...]
    path: str
    order: tuple[str, ...] = ()  # the slot types from left to right, when typed

    def objects(self) -> list[DecorObject]:
        """The objects in the room that can be there (right slot, an existing object)."""
        return [p.item for p in self.slots if p.item is not None and p.item.exists
                and p.item.type == p.slot]

    def objects_left_to_right(self) -> list[DecorObject]:
        """The usable objects in the order of ``order`` (empty slots skipped)."""
        by_slot = {item.type: item for item in self.objects()}
        return [by_slot[kind] for kind in self.order if kind in by_slot]

    def empty_slots(self) -> list[str]:
        """The slots that hold no usable object, in the order lamp, wall hanging, curio."""
        held = {o.type for o in self.objects()}
        return [kind for kind in TYPES if kind not in held]


@dataclass(frozen=True)
class House:
    board: str
    rooms: tuple[Room, ...]
    roommates: Mapping[str, str] = field(default_factory=dict)

    def room(self, name: str) -> Room:
        return next(room for room in self.rooms if room.name == name)


def area_rooms(house: House, area: str, player: str = "") -> list[Room]:
    """The rooms of an area: the house, a floor, a side, a room, or ``your room``."""
    if area == "house":
        return list(house.rooms)
    if area in ("upstairs", "downstairs"):
        return [room for room in house.rooms if room.floor == area]
    if area in ("left side", "right side"):
        return [room for room in house.rooms if room.side == area.split()[0]]
    if area == "your room":
        return [house.room(house.roommates[player])]
    return [house.room(area)]
