"""``homestaging decorum check|score|render GAME``."""

from __future__ import annotations

from ..commands import game_group
from ..game import Game
from .reader import read_game
from .rules import check
from .score import GAME, score

command = game_group(Game(
    name="decorum", title=GAME, record="GAME", read=read_game, check=check, score=score,
    render="homestaging.family.decorum.render:save_game",
    help="Décorum: check the final house of a game (objects in their own slots, objects "
         "that exist), score the players' conditions (3 each, and 2 per heart left when all "
         "are met), draw the house. GAME is a decorum-game/1 JSON file (docs/decorum.md).",
))
