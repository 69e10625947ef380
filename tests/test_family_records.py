"""Reading family records: schema messages and the game reader's messages come together,
and a refused entry does not silence the reading of its neighbours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main
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


@pytest.mark.parametrize(("command", "example", "message"), [
    (["score"], "examples/roomies/first-house.json",
     'not a homestaging sheet: expected "homestaging-sheet/1", found "roomies-house/1" '
     "(a finished Rooms & Roomies house)"),
    (["roomies", "check"], "examples/tutorial-finished.json",
     'not a roomies-house/1 record: expected "roomies-house/1", found "homestaging-sheet/1" '
     "(homestaging sheet)"),
    (["decorum", "score"], "examples/dreamhome/william.json",
     'not a decorum-game/1 record: expected "decorum-game/1", found "dreamhome-home/1" '
     "(a Dream Home home board at the end)"),
], ids=["sheet", "roomies", "decorum"])
def test_a_file_of_another_of_our_formats_is_told_what_it_is(
        runner: CliRunner, command: list[str], example: str, message: str) -> None:
    path = Path(__file__).resolve().parent.parent / example
    result = runner.invoke(main, [*command, str(path)])
    assert result.exit_code == 2
    assert (result.stdout, result.stderr) == ("", f"{path}: $.format: {message}\n")
