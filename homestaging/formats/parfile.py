"""Par figures: what the automatic player scores on each project (``homestaging-par/1``).

The bundled projects' figures live beside them, in ``projects/par.json``
(:func:`bundled_par`); ``homestaging par --save-par FILE`` writes such a file
(:func:`par_text`). Each project's entry is self-contained: the figures (par, mean,
median, 90th percentile, best game and its seed), how they were made (policy, games,
first seed) and ``check``, the totals of the first games in seed order, which a test
plays again to tell whether the figures are still the player's (``docs/player.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.errors import InputError, Located
from ..core.project import Project
from .catalogreader import data_dir
from .files import read_text
from .output import dumps_json
from .readers import load_json
from .schema import iter_errors, load_schema

__all__ = ["FORMAT", "PAR_FILE", "ParFigures", "bundled_par", "par_for", "par_json",
           "par_text", "read_par"]

FORMAT = "homestaging-par/1"
PAR_FILE = "par.json"
"""The bundled figures' file, in the bundled ``projects`` folder."""


@dataclass(frozen=True)
class ParFigures:
    """One project's figures (see the module's doc)."""

    par: int
    mean: float
    median: float
    p90: int
    best: int
    best_seed: int
    policy: str
    games: int
    seed: int
    check: tuple[int, ...]

    def line(self) -> str:
        """``par 31 (median of 100 games of the lookahead player; mean 31.4, 90th
        percentile 34, best 37)``."""
        return (f"par {self.par} (median of {self.games} games of the {self.policy} player; "
                f"mean {self.mean:.1f}, 90th percentile {self.p90}, best {self.best})")


def read_par(path: str | Path) -> dict[str, ParFigures]:
    """Read a par file; raise InputError listing every problem."""
    name, text = read_text(path)
    data = load_json(text, name)
    problems = [Located(name, message, where)
                for where, message in iter_errors(data, load_schema("par"))]
    if problems:
        raise InputError(problems)
    return {project: _figures(entry) for project, entry in data["projects"].items()}


def _figures(entry: dict[str, Any]) -> ParFigures:
    return ParFigures(entry["par"], float(entry["mean"]), float(entry["median"]),
                      entry["p90"], entry["best"], entry["best_seed"], entry["policy"],
                      entry["games"], entry["seed"], tuple(entry["check"]))


@cache
def bundled_par() -> dict[str, ParFigures]:
    """The bundled projects' figures by project id (none when the file is missing)."""
    path = data_dir("projects") / PAR_FILE
    return read_par(path) if path.is_file() else {}


def par_for(project: Project) -> ParFigures | None:
    """The bundled figures of ``project`` when it is a bundled project (read from the
    bundled file, not a copy elsewhere)."""
    if not project.source:
        return None
    try:
        bundled = Path(project.source).resolve().parent == _bundled_folder()
    except OSError:
        return None
    return bundled_par().get(project.id) if bundled else None


@cache
def _bundled_folder() -> Path:
    """The bundled projects' folder, resolved once (a book asks for every project's
    figures)."""
    return data_dir("projects").resolve()


def par_json(figures: ParFigures) -> dict[str, Any]:
    """One project's entry of the file."""
    return {"par": figures.par, "mean": round(figures.mean, 2), "median": figures.median,
            "p90": figures.p90, "best": figures.best, "best_seed": figures.best_seed,
            "policy": figures.policy, "games": figures.games, "seed": figures.seed,
            "check": list(figures.check)}


def par_text(figures: Mapping[str, ParFigures]) -> str:
    """The file's text: the projects in the order given."""
    return dumps_json({"format": FORMAT,
                       "projects": {pid: par_json(f) for pid, f in figures.items()}},
                      width=100)
