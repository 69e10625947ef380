"""``homestaging housewarming check|score|render HOUSE``."""

from __future__ import annotations

from pathlib import Path

from ...core.scorepad import ScorePad
from ..commands import game_group
from ..game import Game
from .model import House
from .reader import read_house
from .rules import check
from .score import GAME, score


def _render(house: House, pad: ScorePad, path: str | Path) -> None:
    from .render import save_house

    save_house(house, pad, path)


GAME_COMMANDS = Game(
    name="housewarming", title=GAME, record="HOUSE", read=read_house, check=check,
    score=score, render=_render,
    help="Housewarming: the score pad of a player's house (comfort, style, cool, clash, "
         "hominess), the capacity of rooms and the housewarming declaration checked. HOUSE "
         "is a housewarming-house/1 JSON file (docs/housewarming.md).",
)

command = game_group(GAME_COMMANDS)
