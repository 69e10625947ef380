"""Housewarming: hominess with the rule book's rounding, room capacity, the declaration,
located reading errors, the commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from family_util import Records

from homestaging.cli.root import main
from homestaging.core.errors import InputError, Severity
from homestaging.family.housewarming.model import ceil_half
from homestaging.family.housewarming.reader import read_house
from homestaging.family.housewarming.rules import check
from homestaging.family.housewarming.score import hominess, score

HOUSEWARMING = Records("housewarming", read_house, "house.json")
EXAMPLES = HOUSEWARMING.folder


@pytest.mark.parametrize(("value", "half"), [(21, 11), (20, 10), (1, 1), (0, 0), (-3, -1),
                                             (-4, -2)])
def test_always_round_fractions_up(value: int, half: int) -> None:
    assert ceil_half(value) == half


def test_hominess_formula() -> None:
    # (10 + 11) / 2 = 10.5 -> 11; clash 1; cool 9
    assert hominess(10, 11, 9) == 19
    # (11 + 7) / 2 = 9; clash 4; cool 5
    assert hominess(11, 7, 5) == 10
    # the clash is the larger minus the smaller, either way round
    assert hominess(3, 8, 0) == hominess(8, 3, 0) == 6 - 5


@pytest.mark.parametrize(("name", "expected"), [
    ("kat", {"comfort": 10, "style": 11, "cool": 9, "clash": 1, "hominess": 19,
             "can_declare": True}),
    ("marcus", {"comfort": 11, "style": 7, "cool": 5, "clash": 4, "hominess": 10,
                "can_declare": False}),
])
def test_examples(name: str, expected: dict[str, Any]) -> None:
    pad = score(read_house(EXAMPLES / f"{name}.json"))
    assert not pad.provisional
    assert {key: pad.details[key] for key in expected} == expected
    assert pad.total == expected["hominess"]
    assert [(c.name, c.points) for c in pad.categories] == [
        ("Comfort and style", ceil_half(expected["comfort"] + expected["style"])),
        ("Clash", -expected["clash"]), ("Cool", expected["cool"])]


def test_capacity_and_declaration() -> None:
    problems = check(read_house(EXAMPLES / "mistakes.json"))
    assert [(p.code, p.severity, p.path) for p in problems] == [
        ("room-count", "error", "$.rooms"),
        ("too-many-furnishings", "error", "$.rooms[0].furnishings"),
        ("too-much-decor", "error", "$.rooms[0].decor"),
        ("declaration-not-met", Severity.WARNING, "$.declared"),
    ]
    assert problems[-1].message == "declared a housewarming, but at the end Kitchen lacks " \
                                   "a Furnishing or a Decor"


def test_declaration_is_a_warning(tmp_path: Path) -> None:
    data = HOUSEWARMING.load("marcus")
    data["declared"] = True
    pad = score(HOUSEWARMING.read(data, tmp_path))
    assert [(p.code, p.severity) for p in pad.problems] == [
        ("declaration-not-met", Severity.WARNING)]
    assert not pad.provisional  # a warning leaves the score final


def test_reader_messages(tmp_path: Path) -> None:
    data = HOUSEWARMING.load("kat")
    data["rooms"][1]["name"] = "Living room"
    data["rooms"][2]["decor"][0]["style"] = "lots"
    data["pets"][0].pop("card")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_house(path)
    assert [str(m).replace(str(path), "bad.json") for m in caught.value.messages] == [
        "bad.json: $.rooms[2].decor[0].style: expected a whole number, found \"lots\"",
        "bad.json: $.pets[0]: missing required key 'card'",
        "bad.json: $.rooms[1].name: 'Living room' is listed twice (first at $.rooms[0])",
    ]


def test_an_empty_room_name_is_refused(tmp_path: Path) -> None:
    data = HOUSEWARMING.load("kat")
    data["rooms"][0]["name"] = ""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_house(path)
    assert [str(m).replace(str(path), "bad.json") for m in caught.value.messages] == [
        "bad.json: $.rooms[0].name: expected at least 1 character, found 0"]


def test_commands(runner: CliRunner, tmp_path: Path) -> None:
    kat, marcus = str(EXAMPLES / "kat.json"), str(EXAMPLES / "marcus.json")
    result = runner.invoke(main, ["housewarming", "score", marcus, kat])
    assert result.exit_code == 0
    assert [line.split()[:2] for line in result.stdout.splitlines()[1:]] == [
        ["1", "Kat"], ["2", "Marcus"]]
    result = runner.invoke(main, ["housewarming", "check", str(EXAMPLES / "mistakes.json")])
    assert result.exit_code == 1
    assert "declaration-not-met: declared a housewarming" in result.stdout
    result = runner.invoke(main, ["housewarming", "score", "--format", "json", kat])
    assert json.loads(result.stdout)["hominess"] == 19
    out = tmp_path / "house.pdf"
    assert runner.invoke(main, ["housewarming", "render", kat, "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"%PDF")
