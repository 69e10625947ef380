"""The walk-through of ``docs/walkthrough.md``: a sheet made with ``new`` and filled in
over three turns (``examples/walkthrough/``); after each turn ``check`` prints exactly
the output stored beside it, and says what the page says it says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main
from homestaging.formats.projectreader import find_project
from homestaging.formats.sheetwriter import blank_sheet, new_sheet_json

ROOT = Path(__file__).resolve().parent.parent
WALK = ROOT / "examples" / "walkthrough"
TURNS = [1, 2, 3]


def check(monkeypatch: pytest.MonkeyPatch, turn: int, *options: str) -> Any:
    """``homestaging check turn-N.json`` run from the walk-through's folder."""
    monkeypatch.chdir(WALK)
    result = CliRunner().invoke(main, ["check", f"turn-{turn}.json", *options])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) if "json" in options else result.stdout


@pytest.mark.parametrize("turn", TURNS)
def test_check_prints_the_stored_output(monkeypatch: pytest.MonkeyPatch, turn: int,
                                        columns80: None) -> None:
    assert check(monkeypatch, turn) == (WALK / f"turn-{turn}.check.txt").read_text()


def test_the_first_turn_starts_from_a_new_sheet() -> None:
    new = new_sheet_json(blank_sheet(find_project("tutorial"), player="Ada"))
    turn = json.loads((WALK / "turn-1.json").read_text())
    assert list(turn) == list(new)
    assert {key: value for key, value in turn.items() if not key.startswith("furniture")} == {
        key: value for key, value in new.items() if not key.startswith("furniture")}


def test_turn_1_the_capital_o_is_read_as_a_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    data = check(monkeypatch, 1, "--format", "json")
    assert [(p["code"], p["cells"], p["path"]) for p in data["problems"]] == [
        ("capital-o", ["L9", "M9"], "$.furniture_grid[8]")]
    # the rooms not played yet have nothing to do yet
    assert [(p["code"], p["subject"]) for p in data["todo"]] == [
        ("front-door-count", "front door"), ("room-not-finalized", "room Kitchen")]


def test_turn_2_the_kitchen_is_worth_9_once_connected(monkeypatch: pytest.MonkeyPatch) -> None:
    data = check(monkeypatch, 2, "--format", "json")
    assert [(p["code"], p["cells"], p["path"]) for p in data["problems"]] == [
        ("side-as-word", ["J10", "K10"], "$.rooms[0].door"),
        ("stray-mark", ["M4"], "$.furniture_grid[3]")]
    assert [(r["name"], r["points"], r["points_if_connected"]) for r in data["rooms"]] == [
        ("Kitchen", 0, 9), ("Bathroom", 0, None), ("Living room", 0, None)]
    assert (data["provisional_total"], data["total_if_connected"]) == (0, 9)


def test_turn_3_the_bathtub_blocks_the_toilet(monkeypatch: pytest.MonkeyPatch) -> None:
    data = check(monkeypatch, 3, "--format", "json")
    [toilet] = data["problems"]
    assert (toilet["code"], toilet["cells"], toilet["blocked_by"]) == (
        "unreachable-piece", ["L2"], ["M3", "N3"])
    assert [(p["code"], p["severity"], p["cells"], p["path"]) for p in data["info"]] == [
        ("only-way", "info", ["N5"], "$.rooms[1]"), ("only-way", "info", ["J10"], "$.rooms[0]")]
    assert (data["provisional_total"], data["total_if_connected"]) == (17, 17)
