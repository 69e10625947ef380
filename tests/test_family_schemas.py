"""The family games' published schemas, held to the jsonschema library: each is a valid
2020-12 schema and every example record passes it (their mistakes are the games' rules,
not the format's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from homestaging.family.records import load_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = {"roomies": "house", "decorum": "game", "housewarming": "house", "dreamhome": "home"}
RECORDS = [(game, path) for game in SCHEMAS
           for path in sorted((ROOT / "examples" / game).glob("*.json"))
           if not path.name.endswith(".expected.json")]


@pytest.mark.parametrize("game", SCHEMAS)
def test_schema_is_a_valid_2020_12_schema(game: str) -> None:
    Draft202012Validator.check_schema(load_schema(f"homestaging.{game}", SCHEMAS[game]))


@pytest.mark.parametrize(("game", "path"), RECORDS, ids=lambda v: getattr(v, "stem", v))
def test_example_passes_its_schema(game: str, path: Path) -> None:
    validator = Draft202012Validator(load_schema(f"homestaging.{game}", SCHEMAS[game]))
    errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(
        json.loads(path.read_text()))]
    assert errors == []
