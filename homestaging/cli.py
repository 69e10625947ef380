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
