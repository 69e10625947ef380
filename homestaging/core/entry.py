"""How a project's rooms are entered: through the hallway, or through the entry room.

A project's ``no-hallway`` special rule is read in one place, :func:`entry_of` (behind
:attr:`homestaging.core.project.Project.entry`); the rules, scoring, searches and texts
ask the :class:`Entry` it gives what a door opens onto and what the squares outside the
rooms are, instead of testing the rule themselves.

>>> HALLWAY.hallway, ENTRY_ROOM.hallway
(True, False)
>>> entry_of(("no-hallway",)) is ENTRY_ROOM, entry_of(()) is HALLWAY
(True, True)
>>> HALLWAY.door_onto("Kitchen", None), ENTRY_ROOM.door_onto("Hall", "Hall")
('hallway', 'outside')
>>> ENTRY_ROOM.onto, ENTRY_ROOM.outside_walked
('entry room', False)
>>> ENTRY_ROOM.one_door("Kitchen")
'one door into the Kitchen, the entry room'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

__all__ = ["ENTRY_ROOM", "HALLWAY", "Entry", "Onto", "entry_of"]

Onto = Literal["hallway", "entry room", "outside"]
"""What a door must open onto: the hallway, the entry room, or (the entry room's own
way in, the front door) the outside of the house."""


@dataclass(frozen=True)
class Entry:
    """One way of entering the rooms (:data:`HALLWAY` or :data:`ENTRY_ROOM`)."""

    hallway: bool
    """Whether the squares outside the rooms are a hallway: walked on, kept free, and what
    every room's door and the front door open onto. Without one, the front door opens
    into a room of the player's choice, the entry room, every other room's door opens into
    it, and the squares outside the rooms are not walked."""
    doors_onto: str
    """What a room's door opens onto: ``the hallway`` or ``the entry room``."""
    outside: str
    """What the house squares outside the rooms are called in a message."""
    front_door_onto: str
    """Where the front door opens, as a player is told to draw it."""

    @property
    def onto(self) -> Onto:
        """What the front door and every room's door (the entry room's aside) open onto."""
        return "hallway" if self.hallway else "entry room"

    @property
    def outside_walked(self) -> bool:
        """Whether the squares outside the rooms are walked on and kept free."""
        return self.hallway

    def door_onto(self, room: str | None, entry_room: str | None) -> Onto:
        """What the door of ``room`` must open onto, ``entry_room`` being the entry room
        (with no hallway, the entry room is entered by the front door, from outside)."""
        if not self.hallway and room == entry_room:
            return "outside"
        return self.onto

    def one_door(self, entry_room: str | None) -> str:
        """The door a room still to wall needs, in words (``entry_room``: the entry room
        once the front door says which it is)."""
        if self.hallway:
            return "one door onto the hallway"
        if entry_room:
            return f"one door into the {entry_room}, the entry room"
        return ("one door into the entry room (none for the entry room itself: the front "
                "door opens into it)")


HALLWAY = Entry(
    hallway=True,
    doors_onto="the hallway",
    outside="the hallway",
    front_door_onto="onto the hallway",
)
"""The usual rule: every door, the front door too, opens onto the hallway."""

ENTRY_ROOM = Entry(
    hallway=False,
    doors_onto="the entry room",
    outside="the squares outside the rooms",
    front_door_onto="into the room you choose as the entry room (every other room opens "
                    "into it)",
)
"""The ``no-hallway`` rule: the front door opens into the entry room, the other rooms'
doors into it."""


def entry_of(special_rules: Collection[str]) -> Entry:
    """The way in that a project's special rules give."""
    return ENTRY_ROOM if "no-hallway" in special_rules else HALLWAY
