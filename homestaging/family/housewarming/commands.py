"""``homestaging housewarming check|score|render HOUSE``."""

from __future__ import annotations

from ..commands import game_group
from ..game import Game
from .reader import read_house
from .rules import check
from .score import GAME, score

command = game_group(Game(
    name="housewarming", title=GAME, record="HOUSE", read=read_house, check=check,
    score=score, render="homestaging.family.housewarming.render:save_house",
    help="Housewarming: the score pad of a player's house (comfort, style, cool, clash, "
         "hominess), the capacity of rooms and the housewarming declaration checked. HOUSE "
         "is a housewarming-house/1 JSON file (docs/housewarming.md).",
))
