"""``homestaging roomies check|score|render HOUSE``."""

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
    name="roomies", title=GAME, record="HOUSE", read=read_house, check=check, score=score,
    render=_render,
    help="Rooms & Roomies: check a finished house against the Furnishing and Building "
         "Rules, score it on the five categories of the score pad, draw it. HOUSE is a "
         "roomies-house/1 JSON file (docs/roomies.md).",
    tiebreak_help="the higher This Is You number",
)

command = game_group(GAME_COMMANDS)
