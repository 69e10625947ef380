"""The two ways homestaging tells about trouble.

* A file that cannot be used raises :class:`InputError`, which carries every located
  message at once (``FILE:LINE:COL: message`` or ``FILE: $.path: message``).
* A plan that breaks the game's rules is data: a list of :class:`Problem`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ERROR",
    "SEVERITIES",
    "TODO",
    "WARNING",
    "InputError",
    "Located",
    "Problem",
]

ERROR = "error"
WARNING = "warning"
TODO = "todo"
SEVERITIES = (ERROR, WARNING, TODO)


@dataclass(frozen=True)
class Located:
    """One message about an input file, with where it applies."""

    file: str
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}:{self.column or 1}: {self.message}"
        if self.path is not None:
            return f"{self.file}: {self.path}: {self.message}"
        return f"{self.file}: {self.message}"


class InputError(ValueError):
    """An input that cannot be used; ``messages`` holds every problem found in it."""

    def __init__(self, messages: Iterable[Located]) -> None:
        self.messages = list(messages)
        super().__init__("\n".join(str(m) for m in self.messages))

    @classmethod
    def single(cls, file: str, message: str, path: str | None = None) -> InputError:
        return cls([Located(file, message, path)])


@dataclass(frozen=True)
class Problem:
    """A broken rule: stable ``code``, ``severity``, what it is about, where it is."""

    code: str
    severity: str
    message: str
    subject: str = ""
    cells: tuple[str, ...] = field(default_factory=tuple)
    path: str = "$"

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "subject": self.subject,
            "cells": list(self.cells),
            "path": self.path,
        }

    def line(self, file: str) -> str:
        """``sheet.json: C5: overlap: the sofa covers the armchair at C5-C6``."""
        where = f"{self.cells[0]}: " if self.cells else ""
        return f"{file}: {where}{self.code}: {self.message}"
