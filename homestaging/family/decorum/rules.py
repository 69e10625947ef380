"""What a finished Décorum house may hold, checked.

* ``wrong-slot``: each slot holds its own object type (a lamp in the lamp slot...).
* ``no-such-object``: only the 12 objects of the rule book exist (there is no red
  antique object, for instance). Four tokens of each exist, and a house holds at most one
  object of a type per room, so no object can be in the house more often than it exists.
* ``too-many-hearts``: 3 heart tokens in a two-player game, 5 with three or four players.
* ``crowded-bedroom``: a bedroom holds at most 2 roommate tokens.
* ``missing-roommate``: on the roommates board every player has a token in a bedroom.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import Problem, Severity
from ...core.quoting import excerpt
from .game import Game
from .objects import OBJECTS

__all__ = ["CODES", "check"]

CODES = ("wrong-slot", "no-such-object", "too-many-hearts", "crowded-bedroom",
         "missing-roommate")


def check(game: Game) -> list[Problem]:
    """Every rule the record breaks, room by room, then hearts, then roommates."""
    found: list[Problem] = []
    for room in game.house.rooms:
        for placed in room.slots:
            item = placed.item
            if item is None:
                continue
            if item.type != placed.slot:
                found.append(Problem(
                    "wrong-slot", Severity.ERROR, f"the {room.name}'s {placed.slot} slot holds "
                    f"{excerpt(placed.text)}, a {item.type}: each slot holds its own object type",
                    room.name, (), placed.path))
            elif not item.exists:
                real = OBJECTS[(item.type, item.style)]
                found.append(Problem(
                    "no-such-object", Severity.ERROR,
                    f"there is no {item.name} ({excerpt(placed.text)} in "
                    f"the {room.name}): the {item.style} {item.type} is {real}", room.name,
                    (), placed.path))
    if game.hearts_left > game.hearts:
        found.append(Problem(
            "too-many-hearts", Severity.ERROR, f"{game.hearts_left} hearts left, but a game of "
            f"{len(game.players)} players has {game.hearts} heart tokens", "hearts", (),
            "$.hearts_left"))
    if game.house.board == "roommates":
        beds = Counter(game.house.roommates.values())
        for bedroom, count in sorted(beds.items()):
            if count > 2:
                found.append(Problem(
                    "crowded-bedroom", Severity.ERROR,
                    f"{count} roommate tokens in the {bedroom}: a "
                    "bedroom holds at most 2", bedroom, (), "$.roommates"))
        for player in game.players:
            if player not in game.house.roommates:
                found.append(Problem(
                    "missing-roommate", Severity.ERROR,
                    f"{player} has no roommate token in a bedroom",
                    player, (), "$.roommates"))
    return found
