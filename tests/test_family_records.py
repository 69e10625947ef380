"""Reading family records: schema messages and the game reader's messages come together,
and a refused entry does not silence the reading of its neighbours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homestaging.core.errors import InputError
from homestaging.family.decorum.reader import read_game
from homestaging.family.records import read_record


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    return path


def test_broken_and_skip(tmp_path: Path) -> None:
    path = _write(tmp_path, {"format": "decorum-game/1", "hearts_left": "two", "house": {},
                             "players": [{"name": "A", "conditions": [
                                 {"text": "t", "rule": {"contains": {"object": {"kind": 1}}}}]}]})
    _, messages = read_record(path, "decorum-game")
    # a too short list and a missing key leave their value readable; a wrong value does not
    assert messages.bad == {"$.hearts_left",
                            "$.players[0].conditions[0].rule.contains.object.kind"}
    assert not messages.broken(("players",))
    assert messages.skip(("players", 0))
    assert messages.broken(("players", 0, "conditions", 0, "rule", "contains", "object",
                            "kind"))
    assert messages.skip(("hearts_left",)) and messages.broken(("hearts_left",))


def test_a_refused_part_leaves_the_rest_checked(tmp_path: Path) -> None:
    path = _write(tmp_path, {"format": "decorum-game/1", "hearts_left": 2, "house": {},
                             "players": [{"name": "A", "conditions": [{"text": "t", "rule": {
                                 "in": "garage", "contains": {"object": {"kind": "lamp"}}}}]}]})
    with pytest.raises(InputError) as caught:
        read_game(path)
    paths = [m.path for m in caught.value.messages]
    assert paths == ["$.players", "$.players[0].conditions[0].rule.contains.object.kind",
                     "$.house", "$.house", "$.house", "$.house",
                     "$.players[0].conditions[0].rule.in"]
