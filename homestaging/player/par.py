"""Par: many games of one project, dealt from seeds, and what they scored.

Game ``i`` of a run with seed ``S`` is dealt with seed ``S + i`` (:func:`game_seeds`),
so a run of N games from seed S holds the first N games of any longer run from S.
The games are played across ``jobs`` processes (the standard library's process pool,
each process given the project once); each game is deterministic and the results are
gathered in seed order, so the figures do not depend on ``jobs``.

The figures (:class:`ParRun`): the mean, the median, the 90th percentile (nearest
rank: the score that 90% of the games reach or stay under, ``sorted[ceil(0.9 N) - 1]``)
and the best game (the highest total, the lowest seed on a tie). The project's *par*
is the median rounded half up: what the player scores in a typical game.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.game import MAX_SEED
from ..core.project import Project
from .play import PlayedGame, play_game

__all__ = ["GameResult", "ParRun", "ceiling", "game_seeds", "replay", "run_par", "summarize"]


@dataclass(frozen=True)
class GameResult:
    """One game of a run: its seed, total and tie-break (pieces reached), which bonuses
    it was awarded (in project order), whether every room was reached with furniture,
    and whether ``check --final`` finds an error in it (it never should)."""

    seed: int
    total: int
    pieces: int
    bonuses: tuple[bool, ...]
    connected: bool
    ceiling: int
    errors: int = 0

    @property
    def share(self) -> float:
        """The total over the ceiling: what the player made of the cards dealt."""
        return self.total / self.ceiling if self.ceiling else 0.0


@dataclass(frozen=True)
class ParRun:
    """The games of one project with one policy, in seed order."""

    project: Project
    policy: str
    seed: int
    results: tuple[GameResult, ...]

    @property
    def totals(self) -> list[int]:
        return [result.total for result in self.results]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.totals)

    @property
    def median(self) -> float:
        return float(statistics.median(self.totals))

    @property
    def p90(self) -> int:
        ordered = sorted(self.totals)
        return ordered[math.ceil(0.9 * len(ordered)) - 1]

    @property
    def best(self) -> GameResult:
        return max(self.results, key=lambda r: (r.total, r.pieces, -r.seed))

    @property
    def par(self) -> int:
        """The median rounded half up."""
        return math.floor(self.median + 0.5)

    @property
    def share(self) -> float:
        """The mean share of the ceiling (:attr:`GameResult.share`)."""
        return statistics.fmean(result.share for result in self.results)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of a run's games: ``seed``, ``seed + 1``, ... (ValueError past the
    largest seed a record may hold)."""
    if games < 1:
        raise ValueError(f"a run plays at least one game, not {games}")
    if not seed >= 0 or seed + games - 1 > MAX_SEED:
        raise ValueError(f"seeds run from 0 to {MAX_SEED}: {seed} + {games} games is past it")
    return list(range(seed, seed + games))


def ceiling(project: Project, seed: int) -> int:
    """The furniture squares of the largest option (rugs aside) of each token's card as
    ``seed`` deals them."""
    from ..core.game import deal

    dealt = deal(project, seed)
    catalog = project.catalog
    total = 0
    for room in project.rooms:
        for slot in room.cards:
            card = catalog.cards.get((slot.number, dealt[slot.number]))
            sizes = [p.size for p in (catalog.piece(o) for o in card.options) if not p.is_rug] \
                if card is not None else []
            total += slot.tokens * max(sizes, default=0)
    return total


def summarize(game: PlayedGame) -> GameResult:
    """A played game as a :class:`GameResult`."""
    from ..core.errors import Severity

    card = game.card
    connected = all(room.reachable and not room.empty for room in card.rooms)
    errors = sum(1 for p in card.problems if p.severity == Severity.ERROR)
    return GameResult(game.seed, card.total, card.furniture_count,
                      tuple(b.awarded for b in card.bonuses), connected,
                      ceiling(game.sheet.project, game.seed), errors)


_PROJECT: Project | None = None


def _start(project: Project) -> None:
    global _PROJECT
    _PROJECT = project


def _play(task: tuple[int, str]) -> GameResult:
    seed, policy = task
    assert _PROJECT is not None
    return summarize(play_game(_PROJECT, seed, policy))


def run_par(project: Project, *, games: int = 20, seed: int = 0, jobs: int = 1,
            policy: str = "greedy") -> ParRun:
    """Play ``games`` games of ``project`` from ``seed`` with ``policy`` on ``jobs``
    processes (1: in this process)."""
    seeds = game_seeds(seed, games)
    tasks = [(s, policy) for s in seeds]
    if jobs <= 1 or games == 1:
        _start(project)
        results = [_play(task) for task in tasks]
    else:
        results = list(_pooled(project, tasks, jobs))
    return ParRun(project, policy, seed, tuple(results))


def _pooled(project: Project, tasks: Sequence[tuple[int, str]], jobs: int
            ) -> Iterator[GameResult]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    chunk = max(1, len(tasks) // (4 * jobs))
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start,
                             initargs=(project,)) as pool:
        yield from pool.map(_play, tasks, chunksize=chunk)


def replay(run: ParRun, seed: int | None = None, *, project_ref: str = "") -> PlayedGame:
    """The game of ``run`` dealt by ``seed`` (default: the best), played again."""
    chosen = run.best.seed if seed is None else seed
    return play_game(run.project, chosen, run.policy, project_ref=project_ref)
