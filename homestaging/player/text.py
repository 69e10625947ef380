"""The player's text and JSON: par runs, the table of every project, the figures kept
with the projects, what no game reached, and hints."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from ..core.grid import cell_name, cells_text
from ..formats.parfile import ParFigures
from ..formats.sheetwriter import cover_ranges
from ..text.fit import fit, terminal_width
from ..text.pages import DIFFICULTY, table
from .hint import Hint
from .par import ParRun
from .policy import CardChoice, Finish, Judged, WallChoice

__all__ = [
    "CHECK_GAMES",
    "difficulty_order",
    "figures",
    "format_hint",
    "format_par",
    "format_par_table",
    "hint_json",
    "par_run_json",
    "par_table_json",
    "rank_correlation",
]

CHECK_GAMES = 2
"""Games whose totals the figures keep, to be played again by the test that keeps them
fresh."""


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"


def _seeds(run: ParRun) -> str:
    last = run.seed + len(run.results) - 1
    return f"seed {run.seed}" if last == run.seed else f"seeds {run.seed} to {last}"


def format_par(run: ParRun, written: str = "", *, width: int | None = None) -> str:
    """One project's run: the figures, every score, and where the best game went; each
    line wrapped under its text to ``width`` columns (the terminal's when None)."""
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
    return fit("\n".join(lines), width or terminal_width()) + "\n"


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


def _ranks(values: Sequence[float]) -> list[float]:
    """The rank of each value, 1 for the smallest, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            ranks[i] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of ``xs`` and ``ys`` (0 when either is constant)."""
    rx, ry = _ranks(xs), _ranks(ys)
    if len(set(rx)) < 2 or len(set(ry)) < 2:
        return 0.0
    return statistics.correlation(rx, ry)


def difficulty_order(runs: Sequence[ParRun]) -> tuple[dict[int, float], list[str]]:
    """The mean share of the ceiling per number of pencils, and the projects out of
    order: those whose share is below the mean of the next harder level, or above the
    mean of the next easier one (the levels compared with their neighbours only: a
    project may be a little harder than its level's mean without being out of order)."""
    levels: dict[int, list[float]] = {}
    for run in runs:
        levels.setdefault(run.project.difficulty, []).append(run.share)
    means = {level: statistics.fmean(shares) for level, shares in sorted(levels.items())}
    odd: list[str] = []
    for run in runs:
        level = run.project.difficulty
        harder = min((lv for lv in means if lv > level), default=None)
        easier = max((lv for lv in means if lv < level), default=None)
        pencils = f"{level} pencil{'s' if level != 1 else ''}"
        if harder is not None and run.share < means[harder]:
            odd.append(f"{run.project.id} ({pencils}, {run.share:.0%}) plays harder than "
                       f"the {harder}-pencil projects ({means[harder]:.0%})")
        elif easier is not None and run.share > means[easier]:
            odd.append(f"{run.project.id} ({pencils}, {run.share:.0%}) plays easier than "
                       f"the {easier}-pencil projects ({means[easier]:.0%})")
    return means, odd


def format_par_table(runs: Sequence[ParRun], *, width: int | None = None) -> str:
    """Every project's run in one table, and whether their order of difficulty agrees
    with their pencils; fitted to ``width`` columns (the terminal's when None)."""
    width = width or terminal_width()
    rows = [[str(run.project.number), run.project.id,
             f"{run.project.difficulty} {DIFFICULTY.get(run.project.difficulty, '')}".strip(),
             str(len(run.results)), f"{run.mean:.1f}", _number(run.median), str(run.p90),
             str(run.best.total), str(run.par), f"{run.share:.0%}"]
            for run in runs]
    text = table(["no", "project", "pencils", "games", "mean", "median", "p90", "best", "par",
                  "share"], rows, width=width, wrapped=(1,))
    policy = runs[0].policy if runs else ""
    lines = ["",
             f"{policy} player; share: the mean total over the ceiling (the furniture of the "
             "largest option of every card dealt)"]
    means, odd = difficulty_order(runs)
    shown = ", ".join(f"{level}: {share:.0%}" for level, share in means.items())
    falling = all(a > b for a, b in pairwise(means.values()))
    rho = rank_correlation([run.project.difficulty for run in runs],
                           [-run.share for run in runs])
    lines.append(f"share by pencils: {shown} ("
                 f"{'falling as the pencils rise' if falling else 'NOT falling with every pencil'}"
                 f"); rank correlation of pencils and difficulty {rho:+.2f}")
    lines.append("the order of difficulty agrees with the pencils" if not odd else
                 "out of order: " + "; ".join(odd))
    errors = [f"{run.project.id} (seeds {', '.join(str(r.seed) for r in run.results if r.errors)})"
              for run in runs if any(r.errors for r in run.results)]
    if errors:
        lines.append("games with rule errors (a fault of the player): " + "; ".join(errors))
    return text + fit("\n".join(lines), width) + "\n"


def par_table_json(runs: Sequence[ParRun]) -> dict[str, Any]:
    """Every project's run, and the order of difficulty."""
    means, odd = difficulty_order(runs)
    rho = rank_correlation([run.project.difficulty for run in runs],
                           [-run.share for run in runs])
    return {"projects": [par_run_json(run) for run in runs],
            "share_by_pencils": {str(level): round(share, 4) for level, share in means.items()},
            "rank_correlation": round(rho, 4), "out_of_order": odd}


# --- hints -------------------------------------------------------------------------------


def _points(count: float) -> str:
    value = _number(count)
    return f"{value} point" if value == "1" else f"{value} points"


def _move_lines(judged: Judged, left: Sequence[str]) -> list[str]:
    """Why a move: its points and bonuses, the space it keeps, the hallway."""
    move = judged.move
    c = move.candidate
    lines = [f"draw {c.placement.describe()} ({move.piece.id}): {_points(c.points)} of "
             "furniture"]
    for text, points in move.bonuses:
        lines.append(f"  bonus {points:+d}: {text}")
    if move.lost:
        cut = "; ".join(cut.what for cut in c.cuts_off)
        lines.append(f"  loses {_points(move.lost)}" + (f": cuts off {cut}" if cut else ""))
    if left:
        others = ", ".join(dict.fromkeys(left))
        if move.crowded_out:
            lines.append(f"  leaves no room for {', '.join(move.crowded_out)} (of the room's "
                         f"other cards: {others})")
        elif move.valued and move.space:
            lines.append(f"  keeps room for the room's other cards ({others}): "
                         f"{move.space} placements left for them")
        elif move.valued:
            lines.append(f"  the room's other cards ({others}) find no placement, with or "
                         "without it")
    hall = judged.hall
    verdict = judged.verdict
    if not verdict.alive:
        lines.append(f"  dead end: {verdict.reason}")
    elif hall.ok:
        lines.append(f"  the hallway stays open: {verdict.reach_text}")
    else:
        lines.append("  the room could not get a door onto the hallway if walled now")
    if verdict.alive and verdict.tight is not None:
        lines.append(f"  {verdict.tight}")
    if hall.cut:
        lines.append(f"  {_squares_count(hall.cut)} of the house would be cut off from the "
                     "hallway")
    if hall.short:
        lines.append(f"  the rooms to come would lack space ({hall.short} short)")
    return lines


def _squares_count(count: int) -> str:
    return f"{count} square" if count == 1 else f"{count} squares"


def format_hint(found: Hint, file: str, *, width: int | None = None) -> str:
    """The hint as text: the choice, then its reasons, indented; each line wrapped under
    its text to ``width`` columns (the terminal's when None)."""
    return fit(_hint_text(found, file), width or terminal_width())


def _hint_text(found: Hint, file: str) -> str:
    choice = found.choice
    head = f"{file}: "
    if choice is None:
        return head + "the game is over: every room is walled, the front door and the windows " \
            "that pay are drawn\n"
    if isinstance(choice, CardChoice):
        dealt = " or ".join(found.options)
        if found.sheet.game is None:
            dealt = f"no record: any variant's {dealt}"
        if found.given:
            lines = [head + f"{found.room}, card {choice.number}: the table chose "
                     f"{', '.join(choice.choices)}"]
        else:
            tokens = "its tokens choose" if len(choice.choices) != 1 else "its token chooses"
            lines = [head + f"{found.room}: flip card {choice.number} ({dealt}); {tokens} "
                     f"{', '.join(choice.choices)}"]
        for judged in choice.moves:
            lines += ["  " + line for line in _move_lines(judged, found.left)]
        missing = len(choice.choices) - len(choice.moves)
        if (missing and not found.given) or (found.given and not choice.moves):
            lines.append("  draw nothing more: no placement is worth anything now")
        lines.append(f"  worth {_points(choice.value)} in all")
        return "\n".join(lines) + "\n"
    if isinstance(choice, WallChoice):
        walling = choice.walling
        cells = cells_text(choice.cells)
        door = f"door {walling.door.name}" if walling.door is not None else "no door of its own"
        lines = [head + f"wall the {found.room or found.state.room}: {cells} "
                 f"({len(choice.cells)} squares), {door}"]
        if walling.front_door is not None:
            lines.append(f"  and draw the front door at {walling.front_door.name}")
        which = "its door" if walling.door is not None else "the front door"
        lines.append(f"  {which} reaches {_points(walling.reached)} of furniture")
        if choice.bonus:
            lines.append(f"  bonuses once every walled room is connected: {choice.bonus:+d}")
        if walling.cut:
            lines.append(f"  takes in {_squares_count(walling.cut)} its walls cut off from "
                         "the hallway")
        if found.sheet.project.entry.onto == "entry room":
            lines.append(f"  {_squares_count(walling.joined)} left where the rooms to come "
                         "can open their doors onto the entry room")
        else:
            lines.append(f"  the hallway stays open: {_squares_count(walling.joined)} left "
                         "to the rooms to come" if walling.joined
                         else "  the hallway stays open")
        return "\n".join(lines) + "\n"
    assert isinstance(choice, Finish)
    windows = ", ".join(edge.name for edge in choice.windows) or "none"
    lines = [head + f"every room is walled: draw the windows that pay: {windows}"]
    if choice.front_door is not None:
        lines.append(f"  and the front door at {choice.front_door.name}")
    return "\n".join(lines) + "\n"


def hint_json(found: Hint) -> dict[str, Any]:
    """The hint as data."""
    choice = found.choice
    if choice is None:
        return {"turn": "over"}
    if isinstance(choice, CardChoice):
        return {
            "turn": "card", "room": found.room, "card": choice.number,
            "options": list(found.options), "choices": list(choice.choices),
            "given": found.given, "value": round(choice.value, 2),
            "pieces": [_judged_json(j) for j in choice.moves],
        }
    if isinstance(choice, WallChoice):
        walling = choice.walling
        return {
            "turn": "walls", "room": found.room or found.state.room,
            "cells": cover_ranges(choice.cells),
            "door": walling.door.to_json() if walling.door is not None else None,
            "front_door": walling.front_door.to_json() if walling.front_door else None,
            "reached": walling.reached, "bonus": choice.bonus, "cut": walling.cut,
            "value": round(choice.value, 2),
        }
    assert isinstance(choice, Finish)
    return {"turn": "finish", "windows": [edge.to_json() for edge in choice.windows],
            "front_door": choice.front_door.to_json() if choice.front_door else None}


def _judged_json(judged: Judged) -> dict[str, Any]:
    move = judged.move
    c = move.candidate
    return {
        "piece": move.piece.id, "at": cell_name(c.anchor), "rotation": c.rotation,
        "mirror": c.mirror, "points": c.points,
        "bonuses": [{"text": text, "points": points} for text, points in move.bonuses],
        "lost": move.lost, "crowded_out": list(move.crowded_out), "space": move.space,
        "door_possible": judged.hall.ok, "reached": judged.verdict.reached,
        "room_points": judged.verdict.total, "reach": judged.verdict.reach_text,
        "alive": judged.verdict.alive, "dead_end": judged.verdict.reason,
        "fits": judged.verdict.fits, "tight": judged.verdict.tight,
        "cut": judged.hall.cut, "value": round(judged.value, 2),
    }
