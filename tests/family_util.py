"""A family game's example records and reader, shared by the games' tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from homestaging.core.errors import InputError
from homestaging.core.scorepad import ScorePad

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Records:
    """The records of the game ``game`` (``examples/<game>/``), read with ``read``; a
    record written by a test is ``file`` in the test's folder."""

    def __init__(self, game: str, read: Callable[[Path], Any], file: str) -> None:
        self.folder = EXAMPLES / game
        self._read = read
        self.file = file

    def load(self, name: str) -> dict[str, Any]:
        """The example ``name``'s JSON data."""
        data: dict[str, Any] = json.loads((self.folder / f"{name}.json").read_text())
        return data

    def read(self, data: dict[str, Any], tmp_path: Path) -> Any:
        """``data`` written to a file and read."""
        path = tmp_path / self.file
        path.write_text(json.dumps(data))
        return self._read(path)

    def messages(self, data: Any, tmp_path: Path) -> list[str]:
        """The reader's messages for ``data`` written as ``bad.json`` (it must refuse it)."""
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data))
        with pytest.raises(InputError) as caught:
            self._read(path)
        return [str(m).replace(str(path), "bad.json") for m in caught.value.messages]


def pad_items(pad: ScorePad) -> dict[str, int]:
    """Each line of the pad: its text and points."""
    return {item.text: item.points for c in pad.categories for item in c.items}
