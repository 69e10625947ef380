"""Mutated family records (every example of every game, one to three nodes deleted,
replaced, duplicated or renamed) must give a score pad or a located InputError: never
another exception, never a hang."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz import FUZZ, MUTATION, mutate, wall_clock

from homestaging.core.errors import InputError
from homestaging.family.decorum.reader import read_game
from homestaging.family.decorum.score import score as decorum_score
from homestaging.family.dreamhome.reader import read_home
from homestaging.family.dreamhome.score import score as dreamhome_score
from homestaging.family.housewarming.reader import read_house as read_housewarming
from homestaging.family.housewarming.score import score as housewarming_score
from homestaging.family.roomies.reader import read_house as read_roomies
from homestaging.family.roomies.score import score as roomies_score
from homestaging.text.report import format_pad, pad_json

__all__ = ["wall_clock"]  # the module's fixture, used here too

ROOT = Path(__file__).resolve().parent.parent
GAMES: dict[str, tuple[Callable[[Path], Any], Callable[[Any], Any]]] = {
    "roomies": (read_roomies, roomies_score),
    "decorum": (read_game, decorum_score),
    "housewarming": (read_housewarming, housewarming_score),
    "dreamhome": (read_home, dreamhome_score),
}
RECORDS = [(game, path) for game in GAMES
           for path in sorted((ROOT / "examples" / game).glob("*.json"))
           if not path.name.endswith(".expected.json")]


@pytest.mark.parametrize(("game", "path"), RECORDS, ids=lambda v: getattr(v, "stem", v))
@FUZZ
@given(mutations=st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_record_gives_a_pad_or_located_errors(
        game: str, path: Path, mutations: list[Any], tmp_path_factory: Any) -> None:
    document = json.loads(path.read_text())
    for mutation in mutations:
        document = mutate(document, mutation)
    folder = tmp_path_factory.mktemp("fuzz")
    target = folder / "record.json"
    target.write_text(json.dumps(document, allow_nan=True))
    read, score = GAMES[game]
    try:
        pad = score(read(target))
    except InputError as error:
        assert error.messages
        for message in error.messages:
            assert message.line is not None or message.path is not None, str(message)
        return
    assert format_pad(pad).startswith(f"{target}")
    json.dumps(pad_json(pad))
