"""``homestaging roomies check|score|render HOUSE``."""

from __future__ import annotations

from ..commands import game_group
from ..game import Game
from .reader import read_house
from .rules import check
from .score import GAME, score

command = game_group(Game(
    name="roomies", title=GAME, record="HOUSE", read=read_house, check=check, score=score,
    render="homestaging.family.roomies.render:save_house",
    help="Rooms & Roomies: check a finished house against the Furnishing and Building "
         "Rules, score it on the five categories of the score pad, draw it. HOUSE is a "
         "roomies-house/1 JSON file (docs/roomies.md).",
    tiebreak_help="the higher This Is You number",
))
