"""The capacity rules of a Housewarming house, and the declaration.

* ``room-count``: 'You have four rooms.'
* ``too-many-furnishings`` / ``too-much-decor``: 'Each Room can hold up to two
  Furnishings and one piece of Decor.'
* ``declaration-not-met`` (warning): the record says the player declared the
  housewarming, but the house at the end does not have a Furnishing and a Decor in each
  room. It was true when declared; the last turn may have changed it, so it is a warning.
"""

from __future__ import annotations

from ...core.errors import Problem, Severity
from .model import DECOR_PER_ROOM, FURNISHINGS_PER_ROOM, ROOMS, House

__all__ = ["CODES", "check"]

CODES = ("room-count", "too-many-furnishings", "too-much-decor", "declaration-not-met")


def check(house: House) -> list[Problem]:
    found: list[Problem] = []
    if len(house.rooms) != ROOMS:
        found.append(Problem("room-count", Severity.ERROR, f"{len(house.rooms)} rooms: a house has "
                             f"{ROOMS}", "house", (), "$.rooms"))
    for room in house.rooms:
        if len(room.furnishings) > FURNISHINGS_PER_ROOM:
            found.append(Problem(
                "too-many-furnishings", Severity.ERROR,
                f"{room.name} holds {len(room.furnishings)} "
                f"Furnishings: a room holds up to {FURNISHINGS_PER_ROOM}", room.name, (),
                room.path + ".furnishings"))
        if len(room.decor) > DECOR_PER_ROOM:
            found.append(Problem(
                "too-much-decor", Severity.ERROR,
                f"{room.name} holds {len(room.decor)} Decor: a room "
                f"holds up to {DECOR_PER_ROOM}", room.name, (), room.path + ".decor"))
    if house.declared and not house.can_declare:
        short = [room.name for room in house.rooms if not room.ready]
        found.append(Problem(
            "declaration-not-met", Severity.WARNING, "declared a housewarming, but at the end "
            + (f"{', '.join(short)} lack{'s' if len(short) == 1 else ''} a Furnishing or a "
               "Decor" if short else f"the house has {len(house.rooms)} rooms"),
            "housewarming", (), "$.declared"))
    return found
