"""The two ways homestaging tells about trouble.

* A file that cannot be used raises :class:`InputError`, which carries every located
  message at once (``FILE:LINE:COL: message`` or ``FILE: $.path: message``).
* A plan that breaks the game's rules is data: a list of :class:`Problem`, each with a
  rule code (:class:`homestaging.rules.checks.Code`) and a :class:`Severity`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .grid import Cell
from .quoting import printable

__all__ = ["InputError", "Located", "NotPlayable", "Problem", "Severity", "StrEnum",
           "UnknownProject"]


class StrEnum(str, Enum):
    """An enum whose members are strings and print as their values, as Python 3.11's
    ``enum.StrEnum`` (for Python 3.10).

    >>> class Colour(StrEnum):
    ...     RED = "red"
    >>> Colour.RED == "red", f"{Colour.RED}", str(Colour.RED)
    (True, 'red', 'red')
    """

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)


class Severity(StrEnum):
    """How bad a problem is (``docs/rules.md``)."""

    ERROR = "error"
    """The drawing is illegal."""
    WARNING = "warning"
    """Legal, but it costs points."""
    TODO = "todo"
    """An end-game requirement not met yet, while the game goes on."""
    INFO = "info"
    """Worth knowing mid-game (a square that must stay free); nothing is wrong."""


class Located(NamedTuple):
    """One message about an input file, with where it applies. Written as one printable
    line: whatever the file name or the message hold, nothing unprintable reaches the
    terminal (:func:`homestaging.core.quoting.printable`)."""

    file: str
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            text = f"{self.file}:{self.line}:{self.column or 1}: {self.message}"
        elif self.path is not None:
            text = f"{self.file}: {self.path}: {self.message}"
        else:
            text = f"{self.file}: {self.message}"
        return printable(text)


class InputError(ValueError):
    """An input that cannot be used; ``messages`` holds every problem found in it."""

    def __init__(self, messages: Iterable[Located]) -> None:
        self.messages = list(messages)
        super().__init__("\n".join(str(m) for m in self.messages))

    @classmethod
    def single(cls, file: str, message: str, path: str | None = None) -> InputError:
        return cls([Located(file, message, path)])


class UnknownProject(ValueError):
    """A project reference that names neither a bundled project nor a project file."""


class NotPlayable(ValueError):
    """A move asked of a plan that cannot make it now: no room is being furnished, the
    room or card named is not one of the project's or is used up, nothing fits."""


@dataclass(frozen=True)
class Problem:
    """A broken rule: its ``code``, ``severity``, what it is about (``subject``), the
    squares involved (``cells``) and the JSON path of the entry at fault. For a piece or
    room that cannot be reached, ``blocked_by`` holds the fewest squares in the way
    (furniture, or room squares no one may walk on) that closed its last route.
    :mod:`homestaging.text.report` writes it as text and JSON."""

    code: str
    severity: Severity
    message: str
    subject: str = ""
    cells: tuple[Cell, ...] = field(default_factory=tuple)
    path: str = "$"
    blocked_by: tuple[Cell, ...] = field(default_factory=tuple)
