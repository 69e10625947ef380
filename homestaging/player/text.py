"""The player's text and JSON: par runs, the table of every project, the figures kept
with the projects, what no game reached, and hints."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from ..pages import DIFFICULTY, table
from ..parfile import ParFigures
from .par import ParRun

__all__ = [
    "CHECK_GAMES",
    "difficulty_order",
    "figures",
    "format_par",
    "format_par_table",
    "par_run_json",
    "par_table_json",
]

CHECK_GAMES = 2
"""Games whose totals the figures keep, to be played again by the test that keeps them
fresh."""


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def _seeds(run: ParRun) -> str:
    last = run.seed + len(run.results) - 1
    return f"seed {run.seed}" if last == run.seed else f"seeds {run.seed} to {last}"


def format_par(run: ParRun, written: str = "") -> str:
    """One project's run: the figures, every score, and where the best game went."""
    project = run.project
    games = len(run.results)
    best = run.best
    lines = [
        f"{project.name} ({project.id}), difficulty {project.difficulty}: {games} game"
        f"{'s' if games != 1 else ''} of the {run.policy} player, {_seeds(run)}",
        f"  par {run.par}: mean {run.mean:.1f}, median {_number(run.median)}, "
        f"90th percentile {run.p90}, best {best.total} (seed {best.seed})",
        f"  {run.share:.0%} of the ceiling (the largest option of every card dealt)",
        "  scores: " + " ".join(str(total) for total in run.totals),
    ]
    bad = [r.seed for r in run.results if r.errors]
    if bad:
        lines.append(f"  games with rule errors (a fault of the player): seeds "
                     f"{', '.join(map(str, bad))}")
    if written:
        lines.append(f"best game written to {written}")
    return "\n".join(lines) + "\n"


def par_run_json(run: ParRun) -> dict[str, Any]:
    """One project's run as data."""
    best = run.best
    return {
        "project": run.project.id,
        "difficulty": run.project.difficulty,
        "policy": run.policy,
        "games": len(run.results),
        "seed": run.seed,
        "par": run.par,
        "mean": round(run.mean, 2),
        "median": run.median,
        "p90": run.p90,
        "best": {"total": best.total, "seed": best.seed},
        "share": round(run.share, 4),
        "scores": run.totals,
        "errors": [r.seed for r in run.results if r.errors],
    }


def figures(run: ParRun, check: int = CHECK_GAMES) -> ParFigures:
    """The run's figures as the projects keep them."""
    best = run.best
    return ParFigures(run.par, run.mean, run.median, run.p90, best.total, best.seed,
                      run.policy, len(run.results), run.seed,
                      tuple(run.totals[:min(check, len(run.results))]))


def difficulty_order(runs: Sequence[ParRun]) -> tuple[dict[int, float], list[str]]:
    """The mean share of the ceiling per number of pencils, and the projects out of
    order: those whose share is below the mean of a harder level or above the mean of
    an easier one."""
    levels: dict[int, list[float]] = {}
    for run in runs:
        levels.setdefault(run.project.difficulty, []).append(run.share)
    means = {level: statistics.fmean(shares) for level, shares in sorted(levels.items())}
    odd: list[str] = []
    for run in runs:
        level = run.project.difficulty
        harder = [m for lv, m in means.items() if lv > level]
        easier = [m for lv, m in means.items() if lv < level]
        if harder and run.share < max(harder):
            odd.append(f"{run.project.id} ({level} pencil{'s' if level != 1 else ''}) plays "
                       f"harder than a {max(lv for lv in means if lv > level)}-pencil project")
        elif easier and run.share > min(easier):
            odd.append(f"{run.project.id} ({level} pencil{'s' if level != 1 else ''}) plays "
                       f"easier than a {min(lv for lv in means if lv < level)}-pencil project")
    return means, odd


def format_par_table(runs: Sequence[ParRun]) -> str:
    """Every project's run in one table, and whether their order of difficulty agrees
    with their pencils."""
    rows = [[str(run.project.number), run.project.id,
             f"{run.project.difficulty} {DIFFICULTY.get(run.project.difficulty, '')}".strip(),
             str(len(run.results)), f"{run.mean:.1f}", _number(run.median), str(run.p90),
             str(run.best.total), str(run.par), f"{run.share:.0%}"]
            for run in runs]
    text = table(["no", "project", "pencils", "games", "mean", "median", "p90", "best", "par",
                  "share"], rows)
    policy = runs[0].policy if runs else ""
    lines = [text.rstrip("\n"), "",
             f"{policy} player; share: the mean total over the ceiling (the furniture of the "
             "largest option of every card dealt)"]
    means, odd = difficulty_order(runs)
    shown = ", ".join(f"{level}: {share:.0%}" for level, share in means.items())
    verdict = "agrees with the pencils" if not odd else "out of order: " + "; ".join(odd)
    lines.append(f"share by pencils: {shown}; the order of difficulty {verdict}")
    errors = [f"{run.project.id} (seeds {', '.join(str(r.seed) for r in run.results if r.errors)})"
              for run in runs if any(r.errors for r in run.results)]
    if errors:
        lines.append("games with rule errors (a fault of the player): " + "; ".join(errors))
    return "\n".join(lines) + "\n"


def par_table_json(runs: Sequence[ParRun]) -> dict[str, Any]:
    """Every project's run, and the order of difficulty."""
    means, odd = difficulty_order(runs)
    return {"projects": [par_run_json(run) for run in runs],
            "share_by_pencils": {str(level): round(share, 4) for level, share in means.items()},
            "out_of_order": odd}
