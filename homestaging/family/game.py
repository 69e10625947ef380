"""A family game as the commands see it: how to read, check, score and draw a record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import Problem
from ..core.scorepad import ScorePad

__all__ = ["Game"]


@dataclass(frozen=True)
class Game:
    """The functions behind ``homestaging NAME check|score|render``.

    ``read(path)`` returns the record or raises InputError (``-`` is standard input);
    ``check(record)`` the broken rules; ``score(record)`` the score pad (the problems of
    ``check`` included); ``render(record, pad, path)`` writes a picture.
    """

    name: str
    title: str
    record: str
    read: Callable[[str], Any]
    check: Callable[[Any], Sequence[Problem]]
    score: Callable[[Any], ScorePad]
    render: Callable[[Any, ScorePad, str | Path], None]
    help: str = ""
    tiebreak_help: str = ""
