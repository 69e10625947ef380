"""What the Dream Home fragment says a finished home board may not hold.

* ``decor-room-type``: a decor token goes on a room of the type on its card.
* ``decor-on-empty-room``: never on an empty room (a facedown card), nor on the
  Scaffolding.
* ``decor-twice``: a room has at most one decor token (after the Handyman's switch, the
  extra tokens are discarded).
* ``basement-card``: basement cards stand on the basement spaces (the Handyman's and the
  Supplier's cards obey the placing rules).
* ``room-too-large``: a room is not expanded past its maximum size.
* ``scaffolding-left``: the Scaffolding is replaced by a room card before the end.
* ``decor-on-supplied-card``: the Supplier's incoming card carries no decor token (a token
  on the card it replaced is removed).
"""

from __future__ import annotations

from ...core.errors import Problem, Severity
from ...core.grid import Cell, cell_name, in_reading_order
from .model import Home, Room

__all__ = ["CODES", "check", "counted_decor"]

CODES = ("decor-room-type", "decor-on-empty-room", "decor-twice", "basement-card",
         "room-too-large", "scaffolding-left", "decor-on-supplied-card")


def _cells(room: Room) -> tuple[Cell, ...]:
    return tuple(in_reading_order(room.spaces))


def _switched(home: Home, room: Room) -> str:
    """`` after the Handyman's switch`` when the room holds a switched card."""
    return " (after the Handyman's switch)" if room.spaces & set(home.handyman_spaces) else ""


def check(home: Home) -> list[Problem]:
    found: list[Problem] = []

    def add(code: str, room: Room, message: str) -> None:
        found.append(Problem(code, Severity.ERROR, message, room.name, _cells(room), room.path))

    for room in home.rooms:
        if room.scaffolding:
            add("scaffolding-left", room, f"the Scaffolding is still at "
                f"{cell_name(_cells(room)[0])}: "
                "replace it with a room card (an empty room will do) before the end")
        if room.decor and (room.empty or room.scaffolding):
            add("decor-on-empty-room", room, f"a decor token on {room.name}: a decor token "
                "cannot be placed on an empty room")
        elif room.decor:
            for token in room.decor:
                if token != room.type:
                    add("decor-room-type", room, f"the {token} decor token is on {room.name}: "
                        f"it goes on a {token}")
        if len(room.decor) > 1:
            add("decor-twice", room, f"{room.name} has {len(room.decor)} decor tokens: a room "
                f"has at most one{_switched(home, room)}")
        if room.basement:
            off = [c for c in sorted(room.spaces) if c not in home.basement]
            if off:
                add("basement-card", room, f"{room.name} is a basement card, on "
                    f"{', '.join(cell_name(c) for c in off)}: not a basement space"
                    f"{_switched(home, room)}")
        if room.max_size is not None and len(room.spaces) > room.max_size:
            add("room-too-large", room, f"{room.name} has {len(room.spaces)} cards: its "
                f"maximum size is {room.max_size}{_switched(home, room)}")
        if home.supplier_space is not None and home.supplier_space in room.spaces \
                and room.decor:
            add("decor-on-supplied-card", room, f"a decor token on the Supplier's card at "
                f"{cell_name(home.supplier_space)}: the token of the card it replaced is "
                "removed and scores nothing")
    return found


def counted_decor(home: Home) -> list[tuple[str, Room | None]]:
    """The decor tokens that count: at most one per room, of its type, not on an empty
    room or the Supplier's card; then the treehouse and birdhouse tokens."""
    found: list[tuple[str, Room | None]] = []
    for room in home.rooms:
        supplied = home.supplier_space is not None and home.supplier_space in room.spaces
        if room.empty or room.scaffolding or supplied:
            continue
        if room.type in room.decor:
            found.append((room.type, room))
    return found + [(token, None) for token in home.special]
