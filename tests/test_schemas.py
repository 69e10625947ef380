"""The published JSON Schemas, held to the jsonschema library: each is a valid 2020-12
schema, every example and bundled file passes it, and on broken documents it refuses what
our own validator refuses (so the two do not drift apart).

JSON Schema lets ``1.0`` be an integer; homestaging does not (integers are written as
integers, each schema's ``$comment`` says so). The library is run with the same integer
type as ours (:data:`STRICT`), and every integer field is checked to agree on odd values.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators
from plans import Document
from test_fuzz import FUZZ, MUTATION, mutate

from homestaging.formats.readers import load_yaml
from homestaging.formats.schema import _errors as schema_errors
from homestaging.formats.schema import is_valid, iter_errors, load_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ("sheet", "catalog", "cards", "project", "roomies-house", "decorum-game",
           "housewarming-house", "dreamhome-home", "game", "par")
FAMILY = {"roomies": "roomies-house", "decorum": "decorum-game",
          "housewarming": "housewarming-house", "dreamhome": "dreamhome-home"}


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _yaml(path: Path) -> Any:
    return load_yaml(path.read_text(encoding="utf-8"), str(path))


def _documents() -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    for folder in ("examples", "examples/four-players", "tests/cases/rules",
                   "tests/cases/scoring", "tests/sheets"):
        found += [("game" if p.name == "game.json" else "sheet", p)
                  for p in sorted((ROOT / folder).glob("*.json"))
                  if not p.name.endswith(".expected.json")]
    for game, schema in FAMILY.items():
        found += [(schema, p) for p in sorted((ROOT / "examples" / game).glob("*.json"))
                  if not p.name.endswith(".expected.json")]
    found += [("game", p) for p in sorted((ROOT / "tests" / "games").glob("*.json"))]
    for path in sorted((ROOT / "furniture").glob("*.yaml")):
        found.append(("cards" if path.name == "cards.yaml" else "catalog", path))
    for folder in ("projects", "tests/cases/scoring/projects"):
        found += [("project", p) for p in sorted((ROOT / folder).glob("*.yaml"))]
    found.append(("par", ROOT / "projects" / "par.json"))
    return found


DOCUMENTS = _documents()


STRICT = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)
    ),
)
"""The 2020-12 validator with homestaging's integers: JSON integers only, not 1.0."""


def _library_errors(schema: str, document: Any) -> list[str]:
    validator = STRICT(load_schema(schema))
    return [f"{error.json_path}: {error.message}" for error in validator.iter_errors(document)]


@pytest.mark.parametrize("schema", SCHEMAS)
def test_schema_is_a_valid_2020_12_schema(schema: str) -> None:
    Draft202012Validator.check_schema(load_schema(schema))


def test_every_kind_of_file_is_covered() -> None:
    assert {kind for kind, _ in DOCUMENTS} == set(SCHEMAS)
    assert len(DOCUMENTS) > 100


@pytest.mark.parametrize(("schema", "path"), DOCUMENTS,
                         ids=[str(path.relative_to(ROOT)) for _, path in DOCUMENTS])
def test_file_passes_its_published_schema(schema: str, path: Path) -> None:
    document = _json(path) if path.suffix == ".json" else _yaml(path)
    assert _library_errors(schema, document) == []
    assert list(iter_errors(document, load_schema(schema))) == []


def _broken() -> list[tuple[str, str, Any]]:
    """(schema, what is wrong, document): each refused by both validators."""
    sheet = _json(ROOT / "examples" / "tutorial-midgame.json")
    catalog = _yaml(ROOT / "furniture" / "living.yaml")
    cards = _yaml(ROOT / "furniture" / "cards.yaml")
    project = _yaml(ROOT / "projects" / "00-tutorial.yaml")
    house = _json(ROOT / "examples" / "roomies" / "first-house.json")
    game = _json(ROOT / "examples" / "decorum" / "two-players.json")
    hw = _json(ROOT / "examples" / "housewarming" / "kat.json")
    home = _json(ROOT / "examples" / "dreamhome" / "william.json")
    record = _json(ROOT / "examples" / "four-players" / "game.json")
    par = _json(ROOT / "projects" / "par.json")

    def changed(document: Any, edit: Any) -> Any:
        copied = copy.deepcopy(document)
        edit(copied)
        return copied

    return [
        ("sheet", "unknown key", changed(sheet, lambda d: d.update(colour="red"))),
        ("sheet", "missing format", changed(sheet, lambda d: d.pop("format"))),
        ("sheet", "a square name with junk after it",
         changed(sheet, lambda d: d["rooms"].__setitem__(0, {"name": "Kitchen",
                                                             "cells": ["C5x"]}))),
        ("sheet", "a legend key of two characters",
         changed(sheet, lambda d: d["furniture_legend"].update(ab="sofa"))),
        ("sheet", "a piece id with capitals",
         changed(sheet, lambda d: d["furniture_legend"].update(Q="Big Sofa"))),
        ("sheet", "a rotation of 45", changed(sheet, lambda d: d.update(
            pieces=[{"piece": "sofa", "at": "C5", "rotation": 45}]))),
        ("catalog", "an id with a space", changed(catalog, lambda d: d[0].update(id="bed double"))),
        ("catalog", "no art", changed(catalog, lambda d: d[0].pop("art"))),
        ("cards", "an option with capitals",
         changed(cards, lambda d: d[0].update(options=["bed-double", "Sofa!"]))),
        ("cards", "a variant c", changed(cards, lambda d: d[0].update(variant="c"))),
        ("project", "an id with capitals", changed(project, lambda d: d.update(id="My Project"))),
        ("project", "a house range with junk",
         changed(project, lambda d: d.update(house=["B2:O11 and more"]))),
        ("project", "a text for the width", changed(project, lambda d: d["sheet"].update(
            width="wide"))),
        ("roomies-house", "a marking with junk after it", changed(
            house, lambda d: d["rooms"]["L"].update(markings=["A1x"]))),
        ("roomies-house", "a room key of two letters", changed(
            house, lambda d: d["rooms"].update(LL=d["rooms"]["L"]))),
        ("roomies-house", "a tile art row with other marks", changed(
            house, lambda d: d["tiles"]["a"].update(art=["#o"]))),
        ("roomies-house", "a This Is You card 6", changed(house, lambda d: d.update(
            this_is_you=6))),
        ("decorum-game", "an unknown feature key", changed(game, lambda d: d["players"][0][
            "conditions"][0]["rule"].update(contains={"vase": {}}))),
        ("decorum-game", "one player", changed(game, lambda d: d["players"].pop())),
        ("housewarming-house", "comfort as text", changed(hw, lambda d: d["rooms"][0][
            "furnishings"][0].update(comfort="lots"))),
        ("dreamhome-home", "a basement space with junk", changed(home, lambda d: d.update(
            basement=["A4 and B4"]))),
        ("dreamhome-home", "an unknown helper", changed(home, lambda d: d.update(
            helpers=["plumber"]))),
        ("game", "a variant c", changed(record, lambda d: d["dealt"].update({"7": "c"}))),
        ("game", "a card number 0 in dealt", changed(record, lambda d: d["dealt"].update(
            {"0": "a"}))),
        ("game", "a negative seed", changed(record, lambda d: d.update(seed=-1))),
        ("game", "a token that is not a piece id", changed(
            record, lambda d: d["rounds"][0]["cards"][0]["tokens"].append("Big Sofa"))),
        ("game", "a round without cards", changed(record, lambda d: d["rounds"][0].pop("cards"))),
        ("game", "an unknown key", changed(record, lambda d: d.update(players=4))),
        ("sheet", "a game record that is a number", changed(sheet, lambda d: d.update(game=7))),
        ("par", "a project id with capitals", changed(par, lambda d: d["projects"].update(
            Tutorial=d["projects"]["tutorial"]))),
        ("par", "a policy nobody plays", changed(par, lambda d: d["projects"]["tutorial"]
                                                 .update(policy="random"))),
        ("par", "no check games", changed(par, lambda d: d["projects"]["tutorial"].update(
            check=[]))),
    ]


BROKEN = _broken()


@pytest.mark.parametrize(("schema", "what", "document"), BROKEN,
                         ids=[f"{schema}: {what}" for schema, what, _ in BROKEN])
def test_both_validators_refuse_a_broken_document(schema: str, what: str, document: Any) -> None:
    assert list(iter_errors(document, load_schema(schema))), "our validator accepts it"
    assert _library_errors(schema, document), "the published schema accepts it"


def _integer_fields(node: Any, pointer: str = "#") -> list[tuple[str, dict[str, Any]]]:
    """Every sub-schema of an integer (its type, or an enum of numbers), by JSON pointer."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        kinds = node.get("type", [])
        numbers = [v for v in node.get("enum", []) if isinstance(v, int | float)]
        if "integer" in ([kinds] if isinstance(kinds, str) else kinds) or numbers:
            found.append((pointer, node))
        for key, item in node.items():
            found += _integer_fields(item, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += _integer_fields(item, f"{pointer}/{index}")
    return found


INTEGER_FIELDS = [(schema, pointer, node) for schema in SCHEMAS
                  for pointer, node in _integer_fields(load_schema(schema))]
ODD_NUMBERS = [0, 1, 90, -1, 1.0, 90.0, 9e1, 1e0, 1.5, True, False, "1", None, 10**40, 1e400]


def test_every_integer_field_is_found() -> None:
    assert len(INTEGER_FIELDS) >= 10
    assert ("sheet", "#/$defs/rotation") in {(s, p) for s, p, _ in INTEGER_FIELDS}


@pytest.mark.parametrize(("schema", "pointer", "node"), INTEGER_FIELDS,
                         ids=[f"{schema}{pointer[1:]}" for schema, pointer, _ in INTEGER_FIELDS])
def test_integer_fields_are_integers_for_both_validators(
    schema: str, pointer: str, node: dict[str, Any]
) -> None:
    """An enum of numbers has an integer type too, and on 1.0, 9e1, true, a text or a
    huge number both validators say the same."""
    if "enum" in node:
        assert node.get("type") == "integer", "an enum of numbers needs its integer type"
    root = load_schema(schema)
    library = STRICT({"$defs": root.get("$defs", {}), **node})
    for value in ODD_NUMBERS:
        ours = not list(iter_errors(value, node, root))
        assert ours == library.is_valid(value), (value, ours)
        if isinstance(value, float | bool):
            assert not ours, f"{value!r} passes as an integer"


def test_plain_json_schema_would_take_90_0_for_a_rotation() -> None:
    """Why the tests use STRICT: with JSON Schema's own integers 90.0 is a rotation."""
    rotation = {"$defs": load_schema("sheet")["$defs"], "$ref": "#/$defs/rotation"}
    assert Draft202012Validator(rotation).is_valid(90.0)
    assert not STRICT(rotation).is_valid(90.0)
    assert not STRICT(rotation).is_valid(False)


SAMPLES = [Document(f"{schema}: {path.name}", (schema, _json(path) if path.suffix == ".json"
                                                else _yaml(path)))
           for schema, path in {kind: path for kind, path in DOCUMENTS}.items()]
"""One document of each kind (the last listed), for the mutation test below."""


@settings(FUZZ, max_examples=300)
@given(st.sampled_from(SAMPLES), MUTATION)
def test_the_quick_check_agrees_with_the_error_walk(entry: Document, mutation: Any) -> None:
    """:func:`is_valid` (the compiled walk every valid file takes) says a mutated document
    is valid exactly when the located walk finds no error, and when the library finds
    none: a wrong "valid" would let a broken file past every check."""
    schema_name, document = entry.content
    changed = mutate(document, mutation)
    schema = load_schema(schema_name)
    valid = is_valid(changed, schema)
    assert valid == (not list(schema_errors(changed, schema, schema, ()))), changed
    assert valid == STRICT(schema).is_valid(changed), changed
