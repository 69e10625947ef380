"""The Décorum score: 3 points per condition met, on every player's cards; when every
condition is met, 2 points per heart token still on the left of the round track.

Décorum is played together: the record is the table's. A ranking of several records
(plays of a scenario) goes by total; the rule book has no tie-break.
"""

from __future__ import annotations

from ...core.scorepad import Category, Item, ScorePad
from .conditions import judge
from .game import Game
from .rules import check

__all__ = ["GAME", "HEART_POINTS", "MET_POINTS", "score"]

GAME = "Décorum"
MET_POINTS = 3
HEART_POINTS = 2


def score(game: Game) -> ScorePad:
    """The score pad; objects at fault count as not there (the slot is empty)."""
    problems = tuple(check(game))
    house = game.house
    items: list[Item] = []
    for card in game.conditions:
        verdict = judge(card.condition, house, card.player)
        items.append(Item(f"{card.player}: {card.text}", MET_POINTS if verdict.met else 0,
                          verdict.why, verdict.met))
    every = all(item.awarded for item in items)
    hearts = game.hearts_left
    if every:
        heart = Item(f"{hearts} heart{'' if hearts == 1 else 's'} left", HEART_POINTS * hearts,
                     "every condition is met", True)
    else:
        missed = sum(1 for item in items if not item.awarded)
        heart = Item(f"{hearts} heart{'' if hearts == 1 else 's'} left", 0,
                     f"{missed} condition{'' if missed == 1 else 's'} not met: hearts count "
                     "only when every condition is met", False)
    return ScorePad(GAME, " & ".join(game.players), (Category("Conditions met", tuple(items)),
                                 Category("Hearts left", (heart,))), (), problems, game.source,
                   {"scenario": game.scenario, "board": house.board,
                    "players": list(game.players), "hearts_left": hearts,
                    "all_met": every})
