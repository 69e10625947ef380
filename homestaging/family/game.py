"""A family game as the commands see it: how to read, check, score and draw a record."""

from __future__ import annotations

import importlib
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
    ``check`` included); ``render`` names the function ``(record, pad, path)`` that writes
    a picture as ``"module:function"``, imported only when a picture is drawn (check and
    score never load matplotlib).
    """

    name: str
    title: str
    record: str
    read: Callable[[str], Any]
    check: Callable[[Any], Sequence[Problem]]
    score: Callable[[Any], ScorePad]
    render: str
    help: str = ""
    tiebreak_help: str = ""

    def draw(self, record: Any, pad: ScorePad, path: str | Path) -> None:
        """Write the picture of ``record`` with its score pad to ``path``."""
        module, _, function = self.render.partition(":")
        save: Callable[[Any, ScorePad, str | Path], None]
        save = getattr(importlib.import_module(module), function)
        save(record, pad, path)
