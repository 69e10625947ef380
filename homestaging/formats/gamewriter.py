"""Writing game records as JSON (``homestaging-game/1``, ``docs/game-record.md``).

:func:`record_json` gives the JSON data, :func:`record_text` the file's text: the
deterministic style of the sheet files (short lists on one line). Reading the result
back gives the same record.
"""

from __future__ import annotations

from typing import Any

from ..core.game import GameRecord
from .output import dumps_json

__all__ = ["FORMAT", "record_json", "record_text"]

FORMAT = "homestaging-game/1"


def record_json(record: GameRecord) -> dict[str, Any]:
    """``format``, ``project``, ``seed`` (when the cards were dealt by one), ``dealt``
    (card numbers in increasing order) and ``rounds``."""
    out: dict[str, Any] = {"format": FORMAT, "project": record.project}
    if record.seed is not None:
        out["seed"] = record.seed
    out["dealt"] = {str(number): record.dealt[number] for number in sorted(record.dealt)}
    out["rounds"] = [
        {"room": played.room,
         "cards": [{"card": card.number, "tokens": list(card.tokens)} for card in played.cards]}
        for played in record.rounds
    ]
    return out


def record_text(record: GameRecord) -> str:
    """The record file's text."""
    return dumps_json(record_json(record), width=100)
