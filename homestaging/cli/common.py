"""What the commands share: exit codes, the common options, echoing results, the
terminal's colours and verbosity, completion of ids, and reading the sheets, projects
and catalogs named on the command line.

Every command module (the core's :mod:`homestaging.cli.sheets` and
:mod:`homestaging.cli.data`, and a subpackage's own) builds on these, so that all
commands take ``--format text|json``, ``-`` for standard input and ``-o`` files alike,
colour the same way, and say what they wrote.

The root group's options (``--color``, ``-q``, ``-v``) are read from the root context:
``paint()`` colours text for standard output (or ``paint(err=True)`` for standard
error) when colour is on; ``say()`` tells the user something on standard error unless
``-q``; ``detail()`` only with ``-v``; ``wrote(path)`` says what a command wrote;
``progress(length, label)`` is a progress bar on standard error when it is a terminal.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import IntEnum
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from ..core.errors import InputError, UnknownProject
from ..core.quoting import Suggestions, did_you_mean, excerpt
from ..formats.output import FORMATS, dumps_json
from ..text.fit import command_line, error_lines, hang, terminal_width

if TYPE_CHECKING:
    from pathlib import Path

    from click.shell_completion import CompletionItem

    from ..core.catalog import Catalog
    from ..core.project import Project
    from ..core.sheet import Sheet
    from ..text.report import Paint

__all__ = [
    "COLORS",
    "EXIT_BROKEN_PIPE",
    "EXIT_FINDINGS",
    "EXIT_UNUSABLE",
    "FILE",
    "ExitCode",
    "FileName",
    "Unusable",
    "color_on",
    "complain",
    "complete_card",
    "complete_piece",
    "complete_project",
    "describe_file",
    "detail",
    "display_name",
    "echo_result",
    "format_option",
    "image_option",
    "image_path",
    "load_catalog_option",
    "load_project_argument",
    "no_card",
    "paint",
    "paper_option",
    "progress",
    "project_option",
    "read_sheet_argument",
    "say",
    "suggest",
    "unusable_json",
    "verbosity",
    "wrote",
]

F = TypeVar("F", bound=Callable[..., Any])


class ExitCode(IntEnum):
    """What a command's exit status says."""

    FINE = 0
    """Done, nothing found."""
    FINDINGS = 1
    """Rules broken, invalid project files."""
    UNUSABLE = 2
    """Unusable input or bad usage; an output that cannot be written."""
    BROKEN_PIPE = 141
    """Standard output was a pipe closed before everything was written (128 + SIGPIPE, as
    a shell reports a command the signal stopped)."""


# the names the exit codes had before ExitCode, for code written against them
EXIT_FINDINGS = ExitCode.FINDINGS
EXIT_UNUSABLE = ExitCode.UNUSABLE
EXIT_BROKEN_PIPE = ExitCode.BROKEN_PIPE


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
    """Print ``text()`` (which may be painted, see :func:`paint`) or, with ``--format
    json``, ``data()`` as JSON (never coloured)."""
    if fmt == "json":
        click.echo(dumps_json(data()), nl=False, color=False)
    else:
        click.echo(text(), nl=False, color=color_on())


# -- the terminal: colour, verbosity, what was written ---------------------------------

COLORS = ("auto", "always", "never")
"""The choices of ``--color``."""

_ROLES: dict[str, dict[str, Any]] = {
    "error": {"fg": "red", "bold": True},
    "warning": {"fg": "yellow"},
    "todo": {"fg": "cyan"},
    "ok": {"fg": "green"},
    "total": {"bold": True},
    "head": {"bold": True},
}


def _root_params() -> Mapping[str, Any]:
    """The main command's options (read only: asked for each sheet a command reads)."""
    ctx = click.get_current_context(silent=True)
    return ctx.find_root().params if ctx is not None else {}


def color_on(err: bool = False) -> bool:
    """Whether text for standard output (``err``: standard error) is coloured:
    ``--color always`` or ``never``; by default (``auto``) when the stream is a terminal
    and ``NO_COLOR`` is not set."""
    mode = _root_params().get("color") or "auto"
    if mode != "auto":
        return bool(mode == "always")
    if os.environ.get("NO_COLOR"):
        return False
    stream = sys.stderr if err else sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def _plain(text: str, role: str) -> str:
    return text


def _styled(text: str, role: str) -> str:
    style = _ROLES.get(role)
    return click.style(text, **style) if style else text


def paint(err: bool = False) -> Paint:
    """The :data:`homestaging.text.report.Paint` for standard output (``err``: standard
    error): colours by role when colour is on, else plain text."""
    return _styled if color_on(err) else _plain


def verbosity() -> int:
    """-1 with ``-q``, 1 with ``-v``, else 0."""
    params = _root_params()
    return -1 if params.get("quiet") else 1 if params.get("verbose") else 0


def say(message: str, role: str = "", *, command: str = "") -> None:
    """Tell the user something on standard error, unless ``-q``: wrapped under its text
    to the terminal's width; then ``command``, if given, whole on a line of its own for
    the user to copy (:func:`~homestaging.text.fit.command_line`)."""
    if verbosity() >= 0:
        lines = hang(message, terminal_width())
        for line in [*lines, command_line(command)] if command else lines:
            click.echo(paint(err=True)(line, role), err=True, color=color_on(err=True))


def complain(message: str) -> None:
    """``Error: message`` on standard error, wrapped under the message to the terminal's
    width (:func:`homestaging.text.fit.error_lines`), red when colour is on: how every
    command says it cannot go on."""
    red, on = paint(err=True), color_on(err=True)
    for line in error_lines(message, terminal_width()):
        click.echo(red(line, "error"), err=True, color=on)


class Unusable(click.ClickException):
    """A set-up the command cannot use (a project, a database, a folder): ``Error: ...``
    (:func:`complain`), exit 2, as for any unusable input."""

    exit_code = ExitCode.UNUSABLE


def detail(message: str) -> None:
    """Tell the user a detail on standard error, only with ``-v``."""
    if verbosity() > 0:
        click.echo(message, err=True, color=False)


def describe_file(path: str | Path) -> str:
    """What a written file holds, in a few words: ``(1377 x 1015 pixels)`` for a PNG,
    ``(28 pages)`` for a PDF, else ``""``."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return ""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        return f"({width} x {height} pixels)"
    if data.startswith(b"%PDF"):
        pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", data))
        return f"({pages} page{'' if pages == 1 else 's'})"
    return ""


def wrote(path: str | Path, started: float | None = None) -> None:
    """``wrote plan.png (1377 x 1015 pixels)`` on standard error, unless ``-q``; with
    ``-v`` and ``started`` (a :func:`time.perf_counter` value), how long it took."""
    if verbosity() < 0:
        return
    what = describe_file(path)
    took = (f" in {time.perf_counter() - started:.2f} s"
            if started is not None and verbosity() > 0 else "")
    say(f"wrote {path}" + (f" {what}" if what else "") + took)


class _Bar:
    """What :func:`progress` gives: ``update(n)`` moves the bar by ``n`` steps."""

    def __init__(self, bar: Any = None) -> None:
        self._bar = bar

    def update(self, steps: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(steps)


def stderr_is_terminal() -> bool:
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


@contextmanager
def progress(length: int, label: str) -> Iterator[_Bar]:
    """A progress bar of ``length`` steps on standard error when it is a terminal (and
    not ``-q``); nothing otherwise."""
    if verbosity() < 0 or not stderr_is_terminal():
        yield _Bar()
        return
    with click.progressbar(length=length, label=label, file=sys.stderr,
                           color=color_on(err=True)) as bar:
        yield _Bar(bar)


# -- completion (cheap: no drawing library, no project parsed) --------------------------


def complete_project(ctx: click.Context, param: click.Parameter,
                     incomplete: str) -> list[CompletionItem]:
    """Bundled project ids starting with ``incomplete``; file names when it looks like
    a path or no id matches."""
    from click.shell_completion import CompletionItem

    from ..formats.projectreader import bundled_project_files

    found = [CompletionItem(pid) for pid in bundled_project_files() if pid.startswith(incomplete)]
    if not found or "/" in incomplete or incomplete.startswith("."):
        found.append(CompletionItem(incomplete, type="file"))
    return found


def complete_piece(ctx: click.Context, param: click.Parameter,
                   incomplete: str) -> list[CompletionItem]:
    """Piece ids of the bundled catalog starting with ``incomplete``."""
    from click.shell_completion import CompletionItem

    from ..formats.catalogreader import bundled_catalog

    return [CompletionItem(piece_id, help=piece.name)
            for piece_id, piece in sorted(bundled_catalog().pieces.items())
            if piece_id.startswith(incomplete)]


def complete_card(ctx: click.Context, param: click.Parameter,
                  incomplete: str) -> list[CompletionItem]:
    """Card numbers of the bundled catalog starting with ``incomplete``."""
    from click.shell_completion import CompletionItem

    from ..formats.catalogreader import bundled_catalog

    return [CompletionItem(str(number)) for number in bundled_catalog().card_numbers()
            if str(number).startswith(incomplete)]


def suggest(word: str, known: Sequence[str]) -> str:
    """`` (did you mean 'sofa' or 'sofa-bed'?)`` when ``word`` is close to known ones."""
    return did_you_mean(Suggestions(known, count=3, cutoff=0.5)(word))


project_option = click.option(
    "--project",
    "project_ref",
    metavar="PROJECT",
    shell_complete=complete_project,
    help="Use this project's catalog (its own pieces and cards) instead of the bundled one.",
)

paper_option = click.option(
    "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
    help="Paper size.",
)


class FileName(click.types.StringParamType):
    """A file named on the command line: completed as a file name by the shell, and taken
    as given. What it names is judged where it is read (:mod:`homestaging.formats.files`)
    or written (:func:`homestaging.formats.output.check_target`), in the words every
    command uses: ``d: is a folder, expected a file``."""

    name = "file"

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[CompletionItem]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(incomplete, type="file")]


FILE = FileName()


def image_option(what: str, formats: str = ".png, .svg or .pdf") -> Callable[[F], F]:
    """An optional ``-o/--output`` picture file."""
    return click.option(
        "-o",
        "--output",
        type=FILE,
        help=f"Write {what} to this file ({formats}).",
    )


def image_path(output: str, suffixes: Sequence[str], protect: Sequence[str] = ()) -> str:
    """Check an output file name's extension, and that it may be written (not an input,
    a regular file or a new one, not read-only: :func:`homestaging.formats.output.check_target`),
    before any work is done."""
    from pathlib import Path

    from ..formats.output import check_target

    if Path(output).suffix.lower() not in suffixes:
        raise click.BadParameter(
            f"{excerpt(output)}: expected a file name ending in {', '.join(suffixes)}",
            param_hint="'-o' / '--output'",
        )
    check_target(output, protect=protect)
    return output


def display_name(path: str) -> str:
    """How messages name a file argument: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def standard_input_once(paths: Sequence[str]) -> None:
    """Refuse ``-`` given more than once among ``paths``: standard input is read once."""
    if list(paths).count("-") > 1:
        raise click.UsageError("'-' (standard input) may be given once: it is read once")


def read_sheet_argument(path: str) -> Sheet:
    """The sheet of a SHEET argument (``-``: standard input)."""
    from ..formats.sheetreader import read_sheet

    return read_sheet(path)


def load_project_argument(reference: str, param_hint: str = "PROJECT") -> Project:
    """The project of a PROJECT argument (or of the option ``param_hint`` names): a
    bundled id, a path (named in messages as given), or ``-``."""
    from ..formats.projectreader import find_project, load_project

    if reference == "-":
        return load_project("-")
    try:
        return find_project(reference)
    except UnknownProject as error:
        raise click.BadParameter(str(error), param_hint=param_hint) from None


def load_catalog_option(project: str | None) -> Catalog:
    """The catalog of ``--project`` (its own pieces and cards), else the bundled one."""
    from ..formats.catalogreader import bundled_catalog

    if project is None:
        return bundled_catalog()
    return load_project_argument(project, "'--project'").catalog


def no_card(number: int, numbers: Sequence[int]) -> str:
    """Why card ``number`` is not one of ``numbers``."""
    if not numbers:
        return "the catalog has no cards"
    return f"there is no card {number} (cards are {numbers[0]} to {numbers[-1]})"
