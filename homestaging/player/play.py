"""A whole game played from a deal: the sheet and game record, and the score claimed."""

from __future__ import annotations

from dataclasses import dataclass

from ..project import Project
from ..scoring import ScoreCard, score
from ..sheet import Sheet
from .policy import Policy, policy_named
from .state import new_game

__all__ = ["PlayedGame", "play_game"]


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: the seed that dealt it, the policy that played it, the sheet
    (its ``game`` is the record) and its score card."""

    seed: int
    policy: str
    sheet: Sheet
    card: ScoreCard

    @property
    def total(self) -> int:
        return self.card.total


def play_game(project: Project, seed: int, policy: Policy | str = "greedy", *,
              project_ref: str = "", player: str = "") -> PlayedGame:
    """Deal the cards with ``seed`` and play every round with ``policy``."""
    chosen = policy_named(policy) if isinstance(policy, str) else policy
    state = chosen.play(new_game(project, seed, project_ref=project_ref,
                                 player=player or f"{chosen.name} player"))
    return PlayedGame(seed, chosen.name, state.sheet, score(state.sheet))
