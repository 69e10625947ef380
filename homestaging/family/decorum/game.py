"""A finished Décorum game as recorded: the house, every player's conditions, the hearts."""

from __future__ import annotations

from dataclasses import dataclass

from .conditions import Condition
from .model import House

__all__ = ["HEARTS", "CardCondition", "Game"]

#: Heart tokens in play: 3 for two players, 5 for three or four (Game Setup).
HEARTS = {2: 3, 3: 5, 4: 5}


@dataclass(frozen=True)
class CardCondition:
    """One condition of a player's cards: the text as printed and its reading."""

    player: str
    text: str
    condition: Condition
    path: str


@dataclass(frozen=True)
class Game:
    scenario: str
    house: House
    players: tuple[str, ...]
    conditions: tuple[CardCondition, ...]
    hearts_left: int
    source: str = ""

    @property
    def hearts(self) -> int:
        """The heart tokens this player count plays with."""
        return HEARTS.get(len(self.players), 5)
