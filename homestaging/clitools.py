"""What the commands share: exit codes, the common options, echoing results, and reading
the sheets, projects and catalogs named on the command line.

Every command module (the core's :mod:`homestaging.sheetcommands` and
:mod:`homestaging.datacommands`, and a subpackage's own) builds on these, so that all
commands take ``--format text|json``, ``-`` for standard input and ``-o`` files alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from .errors import InputError
from .output import FORMATS, dumps_json

if TYPE_CHECKING:
    from .catalog import Catalog
    from .project import Project
    from .sheet import Sheet

__all__ = [
    "EXIT_FINDINGS",
    "EXIT_UNUSABLE",
    "display_name",
    "echo_result",
    "format_option",
    "image_option",
    "image_path",
    "load_catalog_option",
    "load_project_argument",
    "no_card",
    "paper_option",
    "project_option",
    "read_sheet_argument",
    "suggest",
    "unusable_json",
]

F = TypeVar("F", bound=Callable[..., Any])

EXIT_FINDINGS = 1
"""Rules broken, invalid project files."""
EXIT_UNUSABLE = 2
"""Unusable input or bad usage."""


def format_option(function: F) -> F:
    """The ``--format text|json`` option shared by every command that prints results.

    With ``--format json``, an input that cannot be used still answers in JSON: the
    located errors (:func:`unusable_json`) go to standard output before the error
    propagates (the root command prints them on standard error and exits 2).
    """

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except InputError as error:
            if kwargs.get("fmt") == "json":
                click.echo(dumps_json(unusable_json(error)), nl=False)
            raise

    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="text",
        show_default=True,
        help="Output format.",
    )(cast(F, command))


def unusable_json(error: InputError) -> dict[str, Any]:
    """``{"errors": [{file, line, column, path, message}]}``: every located message of
    an input that cannot be used (line and column for a syntax error, path for content,
    null when not known)."""
    return {"errors": [{"file": m.file, "line": m.line, "column": m.column, "path": m.path,
                        "message": m.message} for m in error.messages]}


def echo_result(fmt: str, text: Callable[[], str], data: Callable[[], Any]) -> None:
    """Print ``text()`` or, with ``--format json``, ``data()`` as JSON."""
    if fmt == "json":
        click.echo(dumps_json(data()), nl=False)
    else:
        click.echo(text(), nl=False)


def suggest(word: str, known: Sequence[str]) -> str:
    """``; did you mean sofa or sofa-bed?`` when ``word`` is close to known ones."""
    import difflib

    close = difflib.get_close_matches(word, known, n=3, cutoff=0.5)
    return f"; did you mean {' or '.join(close)}?" if close else ""


project_option = click.option(
    "--project",
    "project_ref",
    metavar="PROJECT",
    help="Use this project's catalog (its own pieces and cards) instead of the bundled one.",
)

paper_option = click.option(
    "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
    help="Paper size.",
)


def image_option(what: str, formats: str = ".png, .svg or .pdf") -> Callable[[F], F]:
    """An optional ``-o/--output`` picture file."""
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False),
        help=f"Write {what} to this file ({formats}).",
    )


def image_path(output: str, suffixes: Sequence[str], protect: Sequence[str] = ()) -> str:
    """Check an output file name's extension, and that it is not one of the inputs."""
    from .output import same_file

    if Path(output).suffix.lower() not in suffixes:
        raise click.BadParameter(
            f"{output!r}: expected a file name ending in {', '.join(suffixes)}",
            param_hint="'-o' / '--output'",
        )
    for source in protect:
        if same_file(output, source):
            raise InputError.single(output, "refusing to overwrite an input file")
    return output


def display_name(path: str) -> str:
    """How messages name a file argument: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def read_sheet_argument(path: str) -> Sheet:
    """The sheet of a SHEET argument (``-``: standard input)."""
    from .sheetreader import read_sheet

    return read_sheet(path)


def load_project_argument(reference: str) -> Project:
    """The project of a PROJECT argument: a bundled id, a path, or ``-``."""
    from .projectreader import find_project, load_project

    if reference == "-":
        return load_project("-")
    try:
        return find_project(reference, Path.cwd())
    except InputError:
        raise
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="PROJECT") from None


def load_catalog_option(project: str | None) -> Catalog:
    """The catalog of ``--project`` (its own pieces and cards), else the bundled one."""
    from .catalogreader import bundled_catalog

    if project is None:
        return bundled_catalog()
    return load_project_argument(project).catalog


def no_card(number: int, numbers: Sequence[int]) -> str:
    """Why card ``number`` is not one of ``numbers``."""
    if not numbers:
        return "the catalog has no cards"
    return f"there is no card {number} (cards are {numbers[0]} to {numbers[-1]})"
