"""A whole game played from a deal: the sheet and game record, and the score claimed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from ..core.project import Project
from ..core.sheet import Sheet
from ..scoring.card import ScoreCard, score
from .policy import Policy, policy_named
from .state import new_game

__all__ = ["PlayedGame", "play_game", "record_name", "sheet_files", "written_files"]


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
    return PlayedGame(seed, chosen.name, state.sheet, score(state.sheet, lay=state.lay))


def record_name(sheet_path: Path) -> Path:
    """Where the record of a game written to ``sheet_path`` goes: beside it,
    ``best.json`` -> ``best.game.json``."""
    return sheet_path.with_name(sheet_path.stem + ".game.json")


def written_files(game: PlayedGame, sheet_path: Path) -> dict[Path, str]:
    """The files of a game written to ``sheet_path``: the sheet (naming its record) and
    the record beside it. The sheet's ``project`` and the record's are the game's
    ``project_ref`` (a bundled id, or a path from the files' folder)."""
    return sheet_files(game.sheet, sheet_path)


def sheet_files(sheet: Sheet, sheet_path: Path) -> dict[Path, str]:
    """The files of a sheet with a game record (finished or not) written to
    ``sheet_path``: the sheet naming its record, and the record beside it."""
    from ..formats.gamewriter import record_text
    from ..formats.sheetwriter import sheet_text

    record_path = record_name(sheet_path)
    record = sheet.game
    assert record is not None
    named = dataclasses.replace(sheet, game_ref=record_path.name)
    return {sheet_path: sheet_text(named), record_path: record_text(record)}
