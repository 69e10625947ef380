"""``homestaging decorum check|score|render GAME``."""

from __future__ import annotations

from pathlib import Path

from ...core.scorepad import ScorePad
from ..commands import game_group
from ..game import Game as GameCommands
from .game import Game
from .reader import read_game
from .rules import check
from .score import GAME, score


def _render(game: Game, pad: ScorePad, path: str | Path) -> None:
    from .render import save_game

    save_game(game, pad, path)


GAME_COMMANDS = GameCommands(
    name="decorum", title=GAME, record="GAME", read=read_game, check=check, score=score,
    render=_render,
    help="Décorum: check the final house of a game (objects in their own slots, objects "
         "that exist), score the players' conditions (3 each, and 2 per heart left when all "
         "are met), draw the house. GAME is a decorum-game/1 JSON file (docs/decorum.md).",
)

command = game_group(GAME_COMMANDS)
