"""The layout of score pads and rankings as text: a score pad's text and points
columns between rules, a ranking's columns; both fitted to the terminal's width
(:mod:`homestaging.text.fit`). :mod:`homestaging.text.report` fills them."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from .fit import column_widths, hang, table_lines, terminal_width
from .problems import Paint, plain

__all__ = ["MIN_TEXT_WIDTH", "Row", "pad_lines", "ranking_lines"]

MIN_TEXT_WIDTH = 28

Row = tuple[str, "str | None"]
"""A row of a score pad: its text and its points as written (None: an explanation)."""


def pad_lines(
    head: Sequence[str], rows: Sequence[Row], totals: Sequence[tuple[str, str]], *,
    width: int | None = None, paint: Paint = plain,
) -> list[str]:
    """A score pad as lines: ``head`` (title and notes), a rule, the rows, a rule, the
    ``totals`` rows (the first painted as the ``total``).

    The text column is as wide as the widest row with points or total label (at least 28
    characters); the points column fits every row's points and the first total (at least
    3). An explanation row (points None) is written across. Lines fit ``width`` columns
    (the terminal's when None): a row's text wraps under itself, a head line or an
    explanation under its text.
    """
    width = width or terminal_width()
    table = [[text] if points is None else [text, points] for text, points in rows]
    table += [[label, value] for label, value in totals]
    full = [row for row in table if len(row) > 1]
    if full:
        full[0][0] = full[0][0].ljust(MIN_TEXT_WIDTH)
        full[0][1] = full[0][1].rjust(3)
    rule = "-" * (sum(column_widths(table, width, (0,))) + 2)
    lines = [line for text in head for line in hang(text, width)] + [rule]
    lines += table_lines([*table[:len(rows)], [rule], *table[len(rows):]], width,
                         right=(1,), wrapped=(0,))
    if totals:
        at = len(lines) - lines[::-1].index(rule)
        lines[at] = paint(lines[at], "total")
    return lines


def ranking_lines(
    header: Sequence[str], rows: Sequence[Sequence[str]], left: Iterable[int], *,
    width: int | None = None, wrapped: Collection[int] = (1,),
) -> list[str]:
    """A ranking table: columns two spaces apart, those in ``left`` left-aligned, the
    others right-aligned, trailing spaces cut; to fit ``width`` columns (the terminal's
    when None), the columns ``wrapped`` (the player's by default) wrap under
    themselves."""
    aligned_left = set(left)
    right = [i for i in range(len(header)) if i not in aligned_left]
    return table_lines([list(header), *(list(row) for row in rows)], width or terminal_width(),
                       right=right, wrapped=wrapped)
