"""Text and JSON of the problems a check finds: each problem's line and JSON, numbered as
``check`` lists them (:func:`numbered`), broken rules first, then what is still to do;
this is where squares get their names (``C5``). :mod:`homestaging.text.report` writes the rest
of a check (the score so far) and everything else."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.errors import Problem, Severity
from ..core.grid import Cell, cell_name
from ..rules.checks import Code
from .fit import hang, terminal_width
from .words import in_words

if TYPE_CHECKING:  # the results written here; none is needed to write them
    pass


__all__ = [
    "EXPLAIN",
    "Paint",
    "broken_lines",
    "cell_names",
    "check_text",
    "format_problems",
    "hung",
    "number_width",
    "numbered",
    "plain",
    "plural",
    "problem_json",
    "problem_line",
    "problems_json",
]


EXPLAIN = "      "
"""Indent of an explanation line under a line of the score pad."""

#: (text, role) -> the text as shown; roles: error, warning, todo, ok, total, head
Paint = Callable[[str, str], str]


def plain(text: str, role: str) -> str:
    """Text left as it is, whatever its role."""
    return text


_ROLE = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.TODO: "todo",
         Severity.INFO: "todo"}
_BROKEN = (Severity.ERROR, Severity.WARNING)


def plural(count: int, noun: str) -> str:
    return noun if count == 1 else f"{noun}s"


def hung(line: str, role: str, width: int, paint: Paint = plain) -> list[str]:
    """``line`` wrapped with a hanging indent to ``width`` columns
    (:func:`homestaging.text.fit.hang`), each of its lines painted in ``role``."""
    return [paint(part, role) for part in hang(line, width)]


# -- problems ------------------------------------------------------------------------


_BLOCKABLE = (Code.UNREACHABLE_PIECE, Code.UNREACHABLE_ROOM)


_cell_name = lru_cache(maxsize=10_000)(cell_name)  # every square of a 100 x 100 sheet
""":func:`homestaging.core.grid.cell_name`, kept: the results of one command name the same
squares again and again (every sheet of a project has the same squares)."""


def cell_names(cells: Iterable[Cell]) -> list[str]:
    """:func:`homestaging.core.grid.cell_names`, each name worked out once."""
    name = _cell_name
    return [name(cell) for cell in cells]


def problem_json(problem: Problem) -> dict[str, Any]:
    """``{code, severity, message, subject, cells, path}``, and ``blocked_by`` (the
    squares in the way, maybe none) for an unreachable piece or room."""
    data = {
        "code": problem.code,
        "severity": problem.severity,
        "message": problem.message,
        "subject": problem.subject,
        "cells": cell_names(problem.cells),
        "path": problem.path,
    }
    if problem.code in _BLOCKABLE:
        data["blocked_by"] = cell_names(problem.blocked_by)
    return data


def problem_line(problem: Problem, file: str, where: Mapping[str, str] | None = None) -> str:
    """``sheet.json: O8: overlap: Fridge at O8 stands on the Stove at O9``: the pieces
    named by where they stand when ``where`` says it (:func:`.words.anchors`)."""
    at = f"{cell_name(problem.cells[0])}: " if problem.cells else ""
    message = in_words(problem.message, where) if where else problem.message
    return f"{file}: {at}{problem.code}: {message}"


def format_problems(file: str, problems: Sequence[Problem], paint: Paint = plain, *,
                    width: int | None = None) -> str:
    """One line per problem, its severity noted unless it is an error; a line wider than
    ``width`` columns (the terminal's when None) wrapped under its text."""
    width = width or terminal_width()
    return "".join(
        line + "\n"
        for p in problems
        for line in hung(problem_line(p, file)
                         + ("" if p.severity == Severity.ERROR else f" ({p.severity})"),
                         _ROLE[p.severity], width, paint)
    )


def numbered(problems: Iterable[Problem]) -> list[tuple[int, Problem]]:
    """The problems in the order ``check`` lists them, numbered from 1: the broken rules
    (errors and warnings, in check order), then what is still to do, then what to keep
    in mind."""
    found = list(problems)
    ordered = ([p for p in found if p.severity in _BROKEN]
               + [p for p in found if p.severity == Severity.TODO]
               + [p for p in found if p.severity not in (*_BROKEN, Severity.TODO)])
    return list(enumerate(ordered, 1))


def number_width(count: int) -> int:
    return len(str(count))


# -- check ---------------------------------------------------------------------------


def problems_json(file: str, problems: Sequence[Problem], total: int) -> dict[str, Any]:
    return {
        "file": file,
        "problems": [problem_json(p) for p in problems
                     if p.severity in (Severity.ERROR, Severity.WARNING)],
        "todo": [problem_json(p) for p in problems if p.severity == Severity.TODO],
        "provisional_total": total,
    }


def broken_lines(file: str, listed: Sequence[tuple[int, Problem]], digits: int,
                 paint: Paint = plain, where: Mapping[str, str] | None = None, *,
                 width: int | None = None) -> list[str]:
    """The errors and warnings one per line with their numbers (pieces named as
    :func:`problem_line` names them), wrapped under their text to ``width`` columns (the
    terminal's when None), then their count (or ``no rule broken``)."""
    width = width or terminal_width()
    broken = [(n, p) for n, p in listed if p.severity in _BROKEN]
    errors = sum(p.severity == Severity.ERROR for _, p in broken)
    lines = [line for n, p in broken
             for line in hung(f"{n:>{digits}}. {problem_line(p, file, where)}"
                              + ("" if p.severity == Severity.ERROR else f" ({p.severity})"),
                              _ROLE[p.severity], width, paint)]
    if not broken:
        lines += hung(f"{file}: no rule broken", "ok", width, paint)
    else:
        warnings = len(broken) - errors
        lines.append(paint(f"{errors} {plural(errors, 'error')}, "
                           f"{warnings} {plural(warnings, 'warning')}",
                           "error" if errors else "warning"))
    return lines


def check_text(file: str, problems: Sequence[Problem], label: str, total: int,
               paint: Paint = plain, *, width: int | None = None) -> str:
    """Broken rules one per line, their count, what is still to do, ``label: total``;
    every problem numbered (:func:`numbered`), as the rendered plan rings it; lines
    wrapped under their text to ``width`` columns (the terminal's when None)."""
    width = width or terminal_width()
    listed = numbered(problems)
    digits = number_width(len(listed))
    lines = broken_lines(file, listed, digits, paint, width=width)
    todo = [(n, p) for n, p in listed if p.severity == Severity.TODO]
    if todo:
        lines += ["", paint("Still to do:", "head")]
        lines += [line for n, p in todo
                  for line in hung(f"  {n:>{digits}}. {problem_line(p, file)}", "todo", width,
                                   paint)]
    lines += ["", paint(f"{label}: {total}", "total")]
    return "\n".join(lines) + "\n"
