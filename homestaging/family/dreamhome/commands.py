"""``homestaging dreamhome check|score|render HOME``."""

from __future__ import annotations

from pathlib import Path

from ...core.scorepad import ScorePad
from ..commands import game_group
from ..game import Game
from .model import Home
from .reader import read_home
from .rules import check
from .score import GAME, score


def _render(home: Home, pad: ScorePad, path: str | Path) -> None:
    from .render import save_home

    save_home(home, pad, path)


GAME_COMMANDS = Game(
    name="dreamhome", title=GAME, record="HOME", read=read_home, check=check, score=score,
    render=_render,
    help="Dream Home, from the fragment of its rule book (decor, helpers, tools): check the "
         "decor tokens, the Scaffolding and the Handyman's and Supplier's cards; add the "
         "Architect's and Interior Designer's points to the categories typed in. HOME is a "
         "dreamhome-home/1 JSON file (docs/dreamhome.md).",
)

command = game_group(GAME_COMMANDS)
