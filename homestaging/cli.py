"""The ``homestaging`` command line: thin commands that call the library and echo.

Exit codes: 0 fine, 1 findings (rules broken, invalid project files), 2 unusable
input or bad usage. Bad input never shows a traceback unless ``--debug`` is given.
Heavy libraries (matplotlib, networkx, shapely) are imported inside the commands that
need them, so ``check`` and ``score`` never load matplotlib.
"""

from __future__ import annotations

import difflib
import errno
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__
from .errors import InputError
from .output import FORMATS, dumps_json

__all__ = ["main"]

F = TypeVar("F", bound=Callable[..., Any])

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2


class _Group(click.Group):
    """A group that turns exceptions into messages and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except InputError as error:
            if _debug(ctx):
                raise
            for message in error.messages:
                click.echo(str(message), err=True)
            ctx.exit(EXIT_UNUSABLE)
        except Exception as error:
            if isinstance(error, OSError) and error.errno == errno.EPIPE:
                raise
            if _debug(ctx):
                raise
            click.echo(
                f"homestaging: internal error ({type(error).__name__}: {error}); "
                "run with --debug for the details",
                err=True,
            )
            ctx.exit(EXIT_UNUSABLE)


def _debug(ctx: click.Context) -> bool:
    root = ctx.find_root()
    return bool(root.params.get("debug"))


def format_option(function: F) -> F:
    """The ``--format text|json`` option shared by every command that prints results."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="text",
        show_default=True,
        help="Output format.",
    )(function)


def _echo(fmt: str, text: Callable[[], str], data: Callable[[], Any]) -> None:
    if fmt == "json":
        click.echo(dumps_json(data()), nl=False)
    else:
        click.echo(text(), nl=False)


def _suggest(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, known, n=3, cutoff=0.5)
    return f"; did you mean {' or '.join(close)}?" if close else ""


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="homestaging")
@click.option("--debug", is_flag=True, help="Show the full traceback of an error.")
def main(debug: bool) -> None:
    """Validate, score and print plans of the flip-and-write game Home Staging.

    Exit codes: 0 fine, 1 findings (rules broken, invalid files), 2 unusable input
    or bad usage. Every FILE argument may be '-' for standard input.
    """


# -- game data -----------------------------------------------------------------------


def _catalog(project: str | None) -> Any:
    from .catalog import bundled_catalog

    if project is None:
        return bundled_catalog()
    return _project(project).catalog


def _project(reference: str) -> Any:
    from .project import find_project, load_project

    if reference == "-":
        return load_project("-")
    try:
        return find_project(reference, Path.cwd())
    except InputError:
        raise
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="PROJECT") from None


project_option = click.option(
    "--project",
    "project_ref",
    metavar="PROJECT",
    help="Use this project's catalog (its own pieces and cards) instead of the bundled one.",
)


@main.group()
def furniture() -> None:
    """Browse the furniture catalog."""


@furniture.command("list")
@click.option("--tag", help="Only pieces with this tag.")
@project_option
@format_option
def furniture_list(tag: str | None, project_ref: str | None, fmt: str) -> None:
    """Every piece: id, name, furniture squares, tags and wall sides."""
    from .report import format_piece_list, piece_to_json

    catalog = _catalog(project_ref)
    pieces = [p for p in catalog.pieces.values() if tag is None or tag in p.tags]
    pieces.sort(key=lambda p: p.id)
    _echo(
        fmt,
        lambda: format_piece_list(pieces),
        lambda: [{k: v for k, v in piece_to_json(p).items() if k != "rotations"} for p in pieces],
    )


@furniture.command("show")
@click.argument("piece_id", metavar="ID")
@project_option
@format_option
def furniture_show(piece_id: str, project_ref: str | None, fmt: str) -> None:
    """A piece drawn in its four rotations ('#' furniture, 'o' circulation)."""
    from .report import draw_piece, piece_to_json

    catalog = _catalog(project_ref)
    if piece_id not in catalog.pieces:
        raise click.BadParameter(
            f"unknown piece id {piece_id!r}{_suggest(piece_id, sorted(catalog.pieces))}",
            param_hint="ID",
        )
    piece = catalog.pieces[piece_id]
    _echo(fmt, lambda: draw_piece(piece), lambda: piece_to_json(piece))


@main.group()
def cards() -> None:
    """Browse the furniture cards."""


@cards.command("show")
@click.argument("number", type=int)
@project_option
@format_option
def cards_show(number: int, project_ref: str | None, fmt: str) -> None:
    """Both variants of card NUMBER, each option drawn."""
    from .report import card_to_json, format_card

    catalog = _catalog(project_ref)
    numbers = catalog.card_numbers()
    if number not in numbers:
        raise click.BadParameter(
            f"there is no card {number} (cards are {numbers[0]} to {numbers[-1]})"
            if numbers
            else "the catalog has no cards",
            param_hint="NUMBER",
        )
    _echo(fmt, lambda: format_card(catalog, number), lambda: card_to_json(catalog, number))


@main.group()
def projects() -> None:
    """Browse and check projects (the scenarios of the projects book)."""


@projects.command("list")
@format_option
def projects_list(fmt: str) -> None:
    """Every bundled project: number, id, name, difficulty, rooms."""
    from .project import bundled_project_files, find_project
    from .report import format_project_list, project_summary

    found = [find_project(pid) for pid in bundled_project_files()]
    _echo(fmt, lambda: format_project_list(found), lambda: [project_summary(p) for p in found])


@projects.command("show")
@click.argument("reference", metavar="PROJECT")
@format_option
def projects_show(reference: str, fmt: str) -> None:
    """The project page: story, house map, rooms and cards, rules, bonuses, tips.

    PROJECT is a bundled project id (see 'projects list') or a path to a project YAML.
    """
    from .report import format_project, project_to_json

    project = _project(reference)
    _echo(fmt, lambda: format_project(project), lambda: project_to_json(project))


@projects.command("validate")
@click.argument("files", metavar="FILE...", nargs=-1, required=True)
@format_option
def projects_validate(files: tuple[str, ...], fmt: str) -> None:
    """Check project files; print OK or every located problem of each.

    Exits 1 when any file is invalid (or cannot be read).
    """
    from .project import load_project

    results: list[dict[str, Any]] = []
    for file in files:
        file = "<stdin>" if file == "-" else file
        try:
            load_project("-" if file == "<stdin>" else file)
        except InputError as error:
            results.append({"file": file, "valid": False,
                            "errors": [str(m) for m in error.messages]})
        else:
            results.append({"file": file, "valid": True, "errors": []})
    if fmt == "json":
        click.echo(dumps_json(results), nl=False)
    else:
        for result in results:
            if result["valid"]:
                click.echo(f"{result['file']}: OK")
            else:
                for message in result["errors"]:
                    click.echo(message)
    if not all(result["valid"] for result in results):
        raise click.exceptions.Exit(EXIT_FINDINGS)


# -- sheets --------------------------------------------------------------------------


def _sheet(path: str) -> Any:
    from .sheetio import read_sheet

    return read_sheet(path)


def _display(path: str) -> str:
    return "<stdin>" if path == "-" else path


@main.command("check")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--final/--mid-game",
    default=None,
    help="Judge the sheet as finished (end-game requirements become errors) or as a game "
    "in progress. Default: finished when every room is walled and none is being furnished.",
)
@format_option
def check_command(sheet_path: str, final: bool | None, fmt: str) -> None:
    """Every rule the plan breaks so far, what still has to be done, and the score so far.

    Exits 1 when a rule is broken (an error; warnings alone exit 0).
    """
    from .errors import ERROR
    from .report import check_to_json, format_check
    from .rules import check
    from .scoring import score

    sheet = _sheet(sheet_path)
    file = _display(sheet_path)
    problems = check(sheet, final=final)
    card = score(sheet, problems=problems)
    total = card.total
    _echo(
        fmt,
        lambda: format_check(file, problems, total, final=card.final),
        lambda: check_to_json(file, problems, total),
    )
    if any(p.severity == ERROR for p in problems):
        raise click.exceptions.Exit(EXIT_FINDINGS)




@main.command("convert")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--to",
    "form",
    type=click.Choice(["grid", "pieces"]),
    required=True,
    help="grid: furniture drawn in furniture_grid; pieces: every piece listed in pieces.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here, not stdout.")
def convert_command(sheet_path: str, form: str, output: str | None) -> None:
    """Rewrite a sheet in the grid or pieces form (the same plan either way)."""
    from .output import write_atomic
    from .sheetio import dumps, sheet_to_json

    sheet = _sheet(sheet_path)
    try:
        text = dumps(sheet_to_json(sheet, form))
    except ValueError as error:
        raise InputError.single(_display(sheet_path), str(error)) from None
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, text, protect=[sheet_path])


@main.command("score")
@click.argument("sheet_paths", metavar="SHEET...", nargs=-1, required=True)
@click.option(
    "--lenient-access",
    is_flag=True,
    help="Empty squares inside rooms are walkable too, not only circulation and rugs.",
)
@format_option
def score_command(sheet_paths: tuple[str, ...], lenient_access: bool, fmt: str) -> None:
    """The score pad of a finished sheet; with several sheets, a ranking table.

    A sheet with errors is scored provisionally (pieces involved in an error score 0)
    and the command exits 1. JSON: one object for one sheet, a list in ranking order
    for several.
    """
    from dataclasses import replace

    from .errors import ERROR
    from .scoring import format_ranking, format_scorecard, rank, score

    cards = []
    for path in sheet_paths:
        card = score(_sheet(path), lenient=lenient_access)
        cards.append(replace(card, source=_display(path)))
    broken = any(p.severity == ERROR for card in cards for p in card.problems)
    if len(cards) == 1:
        card = cards[0]
        _echo(
            fmt,
            lambda: format_scorecard(card, card.source) + _problems_text([card]),
            card.to_json,
        )
    else:
        ranked = rank(cards)
        _echo(
            fmt,
            lambda: format_ranking(ranked) + _problems_text(ranked),
            lambda: [{"file": c.source, **c.to_json()} for c in ranked],
        )
    if broken:
        raise click.exceptions.Exit(EXIT_FINDINGS)


def _problems_text(cards: Sequence[Any]) -> str:
    """The errors and warnings of scored sheets, under a heading, or nothing."""
    from .report import format_problems

    text = "".join(format_problems(card.source, card.problems) for card in cards)
    return f"\nProblems:\n{text}" if text else ""
