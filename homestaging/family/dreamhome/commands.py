"""``homestaging dreamhome check|score|render HOME``."""

from __future__ import annotations

from ..commands import game_group
from ..game import Game
from .reader import read_home
from .rules import check
from .score import GAME, score

command = game_group(Game(
    name="dreamhome", title=GAME, record="HOME", read=read_home, check=check, score=score,
    render="homestaging.family.dreamhome.render:save_home",
    help="Dream Home, from the fragment of its rule book (decor, helpers, tools): check the "
         "decor tokens, the Scaffolding and the Handyman's and Supplier's cards; add the "
         "Architect's and Interior Designer's points to the categories typed in. HOME is a "
         "dreamhome-home/1 JSON file (docs/dreamhome.md).",
))
