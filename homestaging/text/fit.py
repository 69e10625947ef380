"""Text that fits the terminal: its width, messages wrapped with a hanging indent, and
tables whose widest column wraps under itself.

Lines break between words only: a square name (``B2-E2``), a code
(``covers-circulation``) or a path stays whole, even on a line wider than the
terminal. The width is the terminal's (:func:`terminal_width`), so output piped to
another program is 80 columns wide on every machine.

>>> hang("  1. tutorial.json: C2: overlap: Armchair at C2 stands on the Corner sofa", 40)
['  1. tutorial.json: C2: overlap:', '     Armchair at C2 stands on the Corner', '     sofa']
>>> table_lines([["kitchen", "Kitchen, Bathroom, Living room"]], 30)
['kitchen  Kitchen, Bathroom,', '         Living room']
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Collection, Sequence

__all__ = ["COMMAND_INDENT", "MIN_WIDTH", "column_widths", "command_line", "error_lines", "fit",
           "hang", "shell_command", "table_lines", "terminal_width", "visible_length", "wrap"]

MIN_WIDTH = 60
"""The narrowest width text is wrapped to, however narrow the terminal."""

_MARKER = re.compile(r" *(?:\d+\. +|\[[ x]\] |- )?")
"""The head of a message line: its indent and list marker (``  12. ``, ``[x] ``, ``- ``)."""

_STYLE = re.compile(r"\x1b\[[0-9;]*m")
"""A terminal colour code: it takes no column."""


def terminal_width() -> int:
    """The terminal's width in columns: ``$COLUMNS`` if set, else the terminal's, 80
    when standard output is not a terminal; at least :data:`MIN_WIDTH`."""
    return max(MIN_WIDTH, shutil.get_terminal_size().columns)


def visible_length(line: str) -> int:
    """The columns ``line`` takes on a terminal (colour codes take none)."""
    return len(_STYLE.sub("", line))


def wrap(text: str, width: int, first: str = "", rest: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` columns, the first after ``first``, the
    others after ``rest`` (as many spaces as ``first`` when not given); a word wider
    than the line stays whole."""
    wrapper = textwrap.TextWrapper(
        width, initial_indent=first,
        subsequent_indent=" " * len(first) if rest is None else rest,
        break_long_words=False, break_on_hyphens=False)
    return wrapper.wrap(text) or [first.rstrip()]


def hang(line: str, width: int, deeper: int = 4) -> list[str]:
    """A message ``line`` in lines of at most ``width`` columns: its continuation lines
    start under the text after its indent and list marker (``  3. ``, ``[x] ``), or
    ``deeper`` columns deeper than its indent when it has no marker. A line that fits
    is left as it is (painted or not)."""
    if visible_length(line) <= width:
        return [line]
    head = _MARKER.match(line)
    start = head.end() if head else 0
    marked = start > len(line) - len(line.lstrip(" "))
    return wrap(line[start:], width, line[:start], " " * (start if marked else start + deeper))


def error_lines(message: str, width: int) -> list[str]:
    """``Error: message``, the form of every error the command line prints on standard
    error, wrapped under the message to ``width`` columns.

    >>> error_lines("d is a folder, expected a table database file", 40)
    ['Error: d is a folder, expected a table', '       database file']
    """
    return wrap(message, width, "Error: ")


COMMAND_INDENT = "  "
"""How far in a command for the user to copy is printed, on a line of its own."""


def shell_command(*words: str) -> str:
    """The command of ``words``, each quoted for the shell where it needs it.

    >>> shell_command("homestaging", "check", "my plan.json")
    "homestaging check 'my plan.json'"
    """
    import shlex

    return shlex.join(words)


def command_line(command: str) -> str:
    """``command`` for the user to copy, as a line of its own: :data:`COMMAND_INDENT`
    in, and never wrapped, however wide (a line break would cut the command)."""
    return COMMAND_INDENT + command


def fit(text: str, width: int) -> str:
    """Each line of ``text`` wrapped as :func:`hang` wraps it."""
    return "\n".join(part for line in text.split("\n") for part in hang(line, width))


def column_widths(rows: Sequence[Sequence[str]], width: int,
                  wrapped: Collection[int] = (-1,)) -> list[int]:
    """The widths of the columns of ``rows`` (rows of one cell span the table and count
    for none) two spaces apart: each as wide as its widest cell; then, while the
    table is wider than ``width``, the widest of the columns ``wrapped`` narrowed by one,
    never below its widest word."""
    full = [row for row in rows if len(row) > 1]
    if not full:
        return []
    count = len(full[0])
    narrow = {i % count for i in wrapped}
    widths = [max(len(row[i]) for row in full) for i in range(count)]
    floor = {i: max(len(word) for row in full for word in [*row[i].split(), ""])
             for i in narrow}
    excess = sum(widths) + 2 * (count - 1) - width
    while excess > 0:
        i = max((i for i in narrow if widths[i] > floor[i]), key=lambda i: widths[i],
                default=None)
        if i is None:
            break
        widths[i] -= 1
        excess -= 1
    return widths


def table_lines(rows: Sequence[Sequence[str]], width: int, *, right: Collection[int] = (),
                wrapped: Collection[int] = (-1,), ruled: bool = False) -> list[str]:
    """The rows as columns two spaces apart (:func:`column_widths`), those in ``right``
    right-aligned, trailing spaces cut; a cell of a column ``wrapped`` (the last by
    default) wrapped under itself (:func:`hang`), a row of one cell across the table
    (wrapped as :func:`hang` wraps it). With ``ruled``, the first row is a header with a
    rule of dashes under it."""
    widths = column_widths(rows, width, wrapped)
    narrow = {i % len(widths) for i in wrapped} if widths else set()
    if ruled:
        rows = [rows[0], ["-" * w for w in widths], *rows[1:]]
    lines = []
    for row in rows:
        if len(row) == 1:
            lines += hang(row[0], width)
            continue
        cells = [hang(value, widths[i], deeper=0) if i in narrow else [value]
                 for i, value in enumerate(row)]
        for depth in range(max(len(cell) for cell in cells)):
            parts = [cell[depth] if depth < len(cell) else "" for cell in cells]
            lines.append("  ".join(
                part.rjust(widths[i]) if i in right else part.ljust(widths[i])
                for i, part in enumerate(parts)).rstrip())
    return lines
