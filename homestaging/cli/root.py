"""The ``homestaging`` command line: the root group and its table of commands.

Each command lives in a command module and is imported only when it is invoked (or
listed by ``--help``), so ``check`` and ``score`` load nothing the other commands need.
A subpackage adds its command with one line in :data:`COMMANDS`::

    "edit": "homestaging.editor.commands:edit",

Exit codes: 0 fine, 1 findings (rules broken, invalid project files), 2 unusable
input or bad usage, or an output that cannot be written (a full disk, standard output
on ``/dev/full``); 141 when standard output is a pipe closed early (``| head -1``), as a
shell reports a command stopped by SIGPIPE, and without a message. Bad input never
shows a traceback unless ``--debug`` is given. Each command runs inside
:func:`homestaging.formats.files.recording_reads`, so that no output replaces one of its
inputs.

The root group's options go before the command: ``--color auto|always|never``,
``-q/--quiet``, ``-v/--verbose``, ``--debug``. Shell completion is click's: for bash,
``eval "$(_HOMESTAGING_COMPLETE=bash_source homestaging)"`` (see the README); it
completes commands, options, project ids, piece ids and card numbers.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import io
import os
import sys
from collections.abc import Iterator, MutableMapping
from typing import Any, NoReturn

import click

from .. import __version__
from ..core.errors import InputError
from ..core.quoting import printable
from ..text.fit import hang, terminal_width
from .common import COLORS, ExitCode, color_on, complain, paint

__all__ = ["main"]

_OUTPUT_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}
"""What writing the results can fail with: a closed pipe, a full or failing disk."""

COMMANDS: dict[str, str] = {
    "cards": "homestaging.cli.data:cards",
    "check": "homestaging.cli.sheets:check_command",
    "convert": "homestaging.cli.sheets:convert_command",
    "deal": "homestaging.deal.commands:deal_command",
    "decorum": "homestaging.family.decorum.commands:command",
    "dreamhome": "homestaging.family.dreamhome.commands:command",
    "edit": "homestaging.editor.commands:edit",
    "furniture": "homestaging.cli.data:furniture",
    "hint": "homestaging.player.commands:hint_command",
    "housewarming": "homestaging.family.housewarming.commands:command",
    "new": "homestaging.cli.sheets:new_command",
    "par": "homestaging.player.commands:par_command",
    "place": "homestaging.player.commands:place_command",
    "print": "homestaging.cli.data:print_command",
    "projects": "homestaging.cli.data:projects",
    "render": "homestaging.cli.sheets:render_command",
    "roomies": "homestaging.family.roomies.commands:command",
    "scan": "homestaging.scan.commands:scan",
    "score": "homestaging.cli.sheets:score_command",
    "table": "homestaging.table.commands:table",
}
"""Command name -> ``"module:attribute"`` of its click command, imported when needed."""


class _CommandTable(MutableMapping[str, click.Command]):
    """The root group's commands: names from :data:`COMMANDS`, each command imported the
    first time it is looked up (listing the names imports nothing)."""

    def __init__(self, table: dict[str, str]) -> None:
        self._table = dict(table)
        self._loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            module, _, attribute = self._table[name].partition(":")
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command), self._table[name]
            self._loaded[name] = command
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._loaded[name] = command
        self._table.setdefault(name, "")

    def __delitem__(self, name: str) -> None:
        del self._table[name]
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


class _Commands(click.Group):
    """The root group: its commands come from :data:`COMMANDS` when they are needed, and
    it turns exceptions into messages and exit code 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line; then make sure its output reached standard output."""
        try:
            try:
                return super().main(*args, **kwargs)
            finally:
                _flush_output()
        except OSError as error:  # writing the help or the version
            if error.errno not in _OUTPUT_ERRORS:
                raise
            _output_failed(error)

    def invoke(self, ctx: click.Context) -> Any:
        from ..formats.files import recording_reads

        try:
            with recording_reads():
                try:
                    return super().invoke(ctx)
                finally:
                    _cache_warnings(ctx)
        except click.exceptions.NoSuchOption as error:
            misplaced = _misplaced_root_option(ctx, error)
            _usage_error(ctx, misplaced or error)
        except click.exceptions.UsageError as error:
            _usage_error(ctx, error)
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except click.exceptions.ClickException as error:
            with ctx:  # the root's --color, now that the command has ended
                complain(error.format_message())
            ctx.exit(error.exit_code)
        except InputError as error:
            if _debug(ctx):
                raise
            with ctx:  # the root's --color, now that the command has ended
                red, on = paint(err=True), color_on(err=True)
            for message in error.messages:  # located, as file: place: message
                for line in hang(str(message), terminal_width()):
                    click.echo(red(line, "error"), err=True, color=on)
            ctx.exit(ExitCode.UNUSABLE)
        except OSError as error:
            if error.errno not in _OUTPUT_ERRORS or _debug(ctx):
                raise
            _output_failed(error)
        except Exception as error:
            if _debug(ctx):
                raise
            detail = printable(next(iter(str(error).splitlines()), "")[:200])
            with ctx:
                complain(f"internal error ({type(error).__name__}: {detail}); "
                         "run with --debug for the details")
            ctx.exit(ExitCode.UNUSABLE)


def _usage_error(root: click.Context, error: click.exceptions.UsageError) -> NoReturn:
    """Say a usage error as click says it (the usage line, where to find help), its last
    line ``Error: ...`` wrapped as every error is (:func:`complain`); exit 2."""
    shown = io.StringIO()
    error.show(file=shown)
    said = f"Error: {error.format_message()}\n"
    if not shown.getvalue().endswith(said):
        raise error
    click.echo(shown.getvalue()[:-len(said)], err=True, nl=False)
    with root:
        complain(error.format_message())
    root.exit(error.exit_code)


def _misplaced_root_option(root: click.Context, error: click.exceptions.NoSuchOption
                           ) -> click.UsageError | None:
    """For ``homestaging new -q``: the error saying that -q is an option of the root
    command and where it goes; None for an option the root does not have either."""
    if error.ctx is None or error.ctx is root:
        return None
    for param in root.command.params:
        if isinstance(param, click.Option) and param.expose_value and \
                error.option_name in param.opts:
            written = error.option_name if param.is_flag else f"{error.option_name} ..."
            command = error.ctx.command_path.split(" ", 1)[1]
            return click.UsageError(
                f"{error.option_name} is an option of {root.command_path} itself: write it "
                f"before the command, as in '{root.command_path} {written} {command} ...'",
                ctx=error.ctx)
    return None


def _flush_output() -> None:
    """Write what is left in standard output's buffer now, while a failure can still
    be told (a full disk, a closed pipe), rather than when the interpreter exits."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError as error:
        if error.errno not in _OUTPUT_ERRORS:
            raise
        _output_failed(error)


def _output_failed(error: OSError) -> NoReturn:
    """Stop: standard output cannot take the results. A pipe closed early (the reader
    has all it wanted) says nothing; a full or failing disk says so, exit code 2."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # what is still buffered goes nowhere
        os.close(devnull)
    if error.errno == errno.EPIPE:
        raise SystemExit(ExitCode.BROKEN_PIPE)
    with contextlib.suppress(OSError, ValueError):
        complain(f"cannot write the output: {error.strerror or error}")
    raise SystemExit(ExitCode.UNUSABLE)


def _cache_warnings(ctx: click.Context) -> None:
    """Under ``-v``, one line for each cache folder the command did not use (another
    user's, or writable by others: :mod:`homestaging.formats.datacache`)."""
    datacache = sys.modules.get("homestaging.formats.datacache")
    if datacache is None or not ctx.find_root().params.get("verbose"):
        return
    for line in datacache.warnings():
        with contextlib.suppress(OSError, ValueError):
            click.echo(printable(line), err=True)


def _debug(ctx: click.Context) -> bool:
    root = ctx.find_root()
    return bool(root.params.get("debug"))


@click.group(cls=_Commands, commands=_CommandTable(COMMANDS),
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="homestaging")
@click.option("--color", type=click.Choice(COLORS), default="auto", show_default=True,
              help="Colour errors, warnings and totals: auto = when writing to a terminal "
              "and NO_COLOR is not set.")
@click.option("-q", "--quiet", is_flag=True,
              help="Say nothing but the results: no 'wrote FILE', no progress bar.")
@click.option("-v", "--verbose", is_flag=True,
              help="Also say what was read and how long writing took.")
@click.option("--debug", is_flag=True, help="Show the full traceback of an error.")
@click.pass_context
def main(ctx: click.Context, color: str, quiet: bool, verbose: bool, debug: bool) -> None:
    """Validate, score and print plans of the flip-and-write game Home Staging.

    Exit codes: 0 fine, 1 findings (rules broken, invalid files), 2 unusable input
    or bad usage, 141 standard output closed early ('| head'). Every file a command
    reads may be '-' for standard input. Commands that write a file say so on
    standard error (unless -q).

    Shell completion (commands, options, project and piece ids): add this line to
    ~/.bashrc (zsh_source for zsh; fish_source for fish):

    \b
      eval "$(_HOMESTAGING_COMPLETE=bash_source homestaging)"
    """
    if quiet and verbose:
        raise click.UsageError("give -q/--quiet or -v/--verbose, not both")
    if color != "auto":
        ctx.color = color == "always"
