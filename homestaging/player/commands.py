"""The ``par`` and ``hint`` commands."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..clitools import (
    EXIT_FINDINGS,
    display_name,
    echo_result,
    format_option,
    load_project_argument,
    read_sheet_argument,
)
from ..game import MAX_SEED

if TYPE_CHECKING:
    from ..parfile import ParFigures
    from .par import ParRun
    from .reach import Finding

__all__ = ["hint_command", "par_command"]

POLICIES = ("greedy", "lookahead")


@click.command("par", short_help="Play many games of a project; its par and best game.")
@click.argument("references", metavar="[PROJECT...]", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every bundled project, in book order.")
@click.option("--games", type=click.IntRange(1, 100_000), default=40, show_default=True,
              metavar="N", help="Games to play per project.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              metavar="S", help="Game i is dealt with seed S + i.")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
              metavar="K", help="Processes to play on (the figures do not depend on it).")
@click.option("--policy", type=click.Choice(POLICIES), default="greedy",
              show_default=True, help="The player: greedy (the stored par figures'), or "
              "lookahead (stronger, about 20 times slower).")
@click.option("-o", "--output", type=click.Path(), metavar="FILE",
              help="Write the best game: the sheet to FILE (.json) and its game record "
              "beside it (FILE's name with .game.json); with several projects, FILE is a "
              "folder that gets ID.json and ID.game.json for each.")
@click.option("--save-par", "save", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the projects' figures to this par file, keeping the entries of "
              "other projects it holds, bundled projects in book order "
              "(projects/par.json holds the bundled ones).")
@click.option("--reach", is_flag=True,
              help="Check the project files and warn about bonuses no game reached, "
              "penalties every game paid and rooms no game could all connect (what "
              "'projects validate --par' does).")
@format_option
def par_command(references: tuple[str, ...], every: bool, games: int, seed: int, jobs: int,
                policy: str, output: str | None, save: str | None, reach: bool,
                fmt: str) -> None:
    """Play N games of each PROJECT, dealt from seeds S, S+1, ..., and report what
    the automatic player scored: mean, median, 90th percentile, best, and the par (the
    median rounded). PROJECT is a bundled id or a path to a project YAML; --all plays
    every bundled project and tells whether their order of difficulty agrees with their
    pencils.
    """
    from ..projectreader import bundled_project_files
    from .par import run_par
    from .text import format_par, format_par_table, par_run_json, par_table_json

    if every and references:
        raise click.UsageError("give PROJECT... or --all (not both)")
    if not every and not references:
        raise click.UsageError("give a PROJECT (or several), or --all")
    if seed + games - 1 > MAX_SEED:
        raise click.BadParameter(
            f"{seed} is too large for {games} games: game i is dealt with seed S + i, and "
            f"seeds run to {MAX_SEED} (give at most {MAX_SEED - games + 1})",
            param_hint="'--seed'")
    if reach:
        _reach(references or tuple(bundled_project_files()), games, seed, jobs, policy, fmt)
        return
    chosen = list(bundled_project_files()) if every else list(references)
    if output is not None and "-" in chosen:
        raise click.UsageError("-o writes a sheet that names its project file, and a project "
                               "read from standard input has none: give the project as a "
                               "file")
    projects = [load_project_argument(reference) for reference in chosen]
    kept = _kept(save) if save is not None else {}  # a broken file is refused before play
    runs = [run_par(project, games=games, seed=seed, jobs=jobs, policy=policy)
            for project in projects]
    written = _write_best(runs, chosen, output) if output is not None else []
    if save is not None:
        _save(runs, kept, save)
    if len(runs) == 1:
        echo_result(fmt, lambda: format_par(runs[0], written[0] if written else ""),
                    lambda: {**par_run_json(runs[0]),
                             **({"written": written[0]} if written else {})})
        return
    echo_result(fmt, lambda: format_par_table(runs)
                + ("".join(f"best game written to {w}\n" for w in written)),
                lambda: {**par_table_json(runs), **({"written": written} if written else {})})


def _write_best(runs: list[ParRun], references: list[str], output: str) -> list[str]:
    """Write each run's best game; return what was written (sheet and record)."""
    from ..output import write_atomic
    from ..sheetwriter import project_reference
    from .par import replay
    from .play import written_files

    target = Path(output)
    several = len(runs) > 1
    if several:
        target.mkdir(parents=True, exist_ok=True)
    elif target.suffix.lower() != ".json":
        raise click.BadParameter(f"{output!r}: expected a file name ending in .json",
                                 param_hint="'-o' / '--output'")
    done = []
    for run, reference in zip(runs, references, strict=True):
        sheet_path = target / f"{run.project.id}.json" if several else target
        folder = sheet_path.parent
        game = replay(run, project_ref=project_reference(reference, folder, Path.cwd()))
        files = written_files(game, sheet_path)
        for path, text in files.items():
            write_atomic(path, text, protect=[r for r in references if r != "-"])
        done.append(" and ".join(display_name(str(path)) for path in files))
    return done


def _kept(save: str) -> dict[str, ParFigures]:
    """The figures a par file already holds (none when it does not exist yet)."""
    from ..parfile import read_par

    return read_par(save) if Path(save).is_file() else {}


def _save(runs: list[ParRun], kept: dict[str, ParFigures], save: str) -> None:
    """Write ``kept`` with the runs' figures replacing or added, bundled projects in book
    order, others after them."""
    from ..output import write_atomic
    from ..parfile import par_text
    from ..projectreader import bundled_project_files
    from .text import figures

    for run in runs:
        kept[run.project.id] = figures(run)
    book = {project_id: n for n, project_id in enumerate(bundled_project_files())}
    ordered = sorted(kept, key=lambda pid: book.get(pid, len(book)))  # book order first
    write_atomic(save, par_text({pid: kept[pid] for pid in ordered}), replaces=save)


def _reach(files: tuple[str, ...], games: int, seed: int, jobs: int, policy: str,
           fmt: str) -> None:
    from ..projectreader import bundled_project_files, check_project_files, find_project
    from ..report import format_project_checks, project_checks_json
    from .par import run_par
    from .reach import findings

    bundled = bundled_project_files()
    paths = [str(bundled[f]) if f in bundled else f for f in files]
    checks = check_project_files(paths)
    found: dict[str, list[Finding]] = {}
    for check, path in zip(checks, paths, strict=True):
        if check.valid:
            project = find_project(path) if path != "-" else load_project_argument("-")
            run = run_par(project, games=games, seed=seed, jobs=jobs, policy=policy)
            found[check.file] = findings(run)

    def text() -> str:
        out = format_project_checks(checks)
        for file, warnings in found.items():
            for warning in warnings:
                out += f"{file}: warning: {warning.kind}: {warning.message}\n"
            if not warnings:
                out += (f"{file}: the player reached every bonus and connected every room "
                        f"({games} game{'s' if games != 1 else ''} of the {policy} player)\n")
        return out

    def data() -> Any:
        listed = project_checks_json(checks)
        for entry in listed if isinstance(listed, list) else []:
            warnings = found.get(entry.get("file", ""))
            if warnings is not None:
                entry["par"] = [{"kind": w.kind, "subject": w.subject, "message": w.message}
                                for w in warnings]
        return listed

    echo_result(fmt, text, data)
    if not all(check.valid for check in checks):
        raise click.exceptions.Exit(EXIT_FINDINGS)


@click.command("hint", short_help="The player's choice for the current turn, and why.")
@click.argument("sheet_path", metavar="SHEET")
@click.option("--card", type=click.IntRange(1, 999), metavar="N",
              help="The card flipped this turn (default: the record's next card, or the "
              "player's choice of the room's cards still to flip).")
@click.option("--policy", type=click.Choice(POLICIES), default="greedy", show_default=True,
              help="The player: greedy, or lookahead (plays each choice to the end).")
@format_option
def hint_command(sheet_path: str, card: int | None, policy: str, fmt: str) -> None:
    """What the automatic player would do now on SHEET: which card to flip and the
    options its tokens choose, where each piece goes, or at the end of a round the
    room's walls and door, with the reasons (points, bonuses, the space kept for the
    room's other cards, the hallway kept open).
    """
    from .hint import hint
    from .text import format_hint, hint_json

    sheet = read_sheet_argument(sheet_path)
    try:
        found = hint(sheet, card=card, policy=policy)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--card'" if card else "SHEET") \
            from None
    echo_result(fmt, lambda: format_hint(found, display_name(sheet_path)),
                lambda: hint_json(found))
