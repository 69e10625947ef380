"""The example sheets of ``examples/``: finished plans are legal and score exactly their
expected breakdown, mid-game plans only wait for the end, and the mistakes sheet shows
exactly its listed problems."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from homestaging.core.errors import Severity
from homestaging.core.grid import cell_names
from homestaging.core.layout import layout
from homestaging.formats.projectreader import bundled_project_files
from homestaging.formats.sheetreader import read_sheet
from homestaging.rules.cardplay import record_of, settle
from homestaging.rules.checks import check
from homestaging.scoring.card import places, rank, score
from homestaging.text.report import problem_line, scorecard_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FINISHED = sorted(EXAMPLES.glob("*-finished.json"))
MIDGAME = sorted(EXAMPLES.glob("*-midgame.json"))


def _expected(sheet: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(sheet.with_suffix(".expected.json").read_text())
    return data


def test_every_bundled_project_has_a_finished_example() -> None:
    names = {path.name.removesuffix("-finished.json") for path in FINISHED}
    assert names == set(bundled_project_files())


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.stem)
def test_finished_example_is_legal(path: Path) -> None:
    sheet = read_sheet(path)
    assert sheet.finished
    assert [problem_line(p, path.name) for p in check(sheet) if p.severity == Severity.ERROR] == []


@pytest.mark.parametrize("path", [*FINISHED, *MIDGAME], ids=lambda p: p.stem)
def test_example_could_be_played_with_the_box_s_cards(path: Path) -> None:
    """One deal of the box pays for every piece of the sheet (the record ``deal --from``
    writes leaves none unpaid)."""
    sheet = dataclasses.replace(read_sheet(path), game=None)
    lay = layout(sheet)
    settled = settle(dataclasses.replace(sheet, game=record_of(sheet, lay)), lay)
    assert [sheet.pieces[i].subject for i in settled.unpaid] == []


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.stem)
def test_finished_example_scores_its_expected_breakdown(path: Path) -> None:
    card = score(read_sheet(path))
    expected = _expected(path)
    assert not card.provisional
    assert {room.name: room.points for room in card.rooms} == expected["rooms"]
    assert [
        {"text": bonus.text, "awarded": bonus.awarded, "points": bonus.points}
        for bonus in card.bonuses
    ] == expected["bonuses"]
    assert scorecard_json(card)["penalties"] == expected["penalties"]
    assert card.furniture_count == expected["furniture_count"]
    assert card.total == expected["total"]


@pytest.mark.parametrize("path", MIDGAME, ids=lambda p: p.stem)
def test_midgame_example_only_waits_for_the_end(path: Path) -> None:
    sheet = read_sheet(path)
    assert not sheet.finished
    assert sheet.current_room is not None
    problems = check(sheet)
    assert [problem_line(p, path.name) for p in problems if p.severity != Severity.TODO] == []
    assert {p.code for p in problems} >= {"front-door-count", "room-not-finalized"}


def test_mistakes_example_shows_exactly_its_problems() -> None:
    path = EXAMPLES / "mistakes.json"
    expected = json.loads((EXAMPLES / "mistakes.expected.json").read_text())
    found = [
        {"code": p.code, "severity": p.severity, "cells": cell_names(p.cells), "path": p.path}
        for p in check(read_sheet(path))
    ]
    assert found == expected["problems"]


# --- a game at the table: four sheets of one game record ---------------------------------

TABLE = EXAMPLES / "four-players"
PLAYERS = sorted(p for p in TABLE.glob("*.json")
                 if not p.name.endswith(".expected.json") and p.name != "game.json")


def test_the_table_has_four_players_and_one_record() -> None:
    assert [p.stem for p in PLAYERS] == ["ada", "ben", "chloe", "dev"]
    records = [read_sheet(path).game for path in PLAYERS]
    assert records[0] is not None and all(record == records[0] for record in records)
    assert all(read_sheet(path).game_ref == "game.json" for path in PLAYERS)


@pytest.mark.parametrize("path", PLAYERS, ids=lambda p: p.stem)
def test_player_sheet_scores_its_expected_breakdown(path: Path) -> None:
    sheet = read_sheet(path)
    expected = _expected(path)
    assert sheet.finished
    found = [{"code": p.code, "severity": p.severity, "cells": cell_names(p.cells),
              "path": p.path} for p in check(sheet)]
    assert found == expected["problems"]
    card = score(sheet)
    assert card.provisional == (not expected.get("final", True))
    assert {room.name: room.points for room in card.rooms} == expected["rooms"]
    assert [{"text": b.text, "awarded": b.awarded, "points": b.points}
            for b in card.bonuses] == expected["bonuses"]
    assert scorecard_json(card)["penalties"] == expected["penalties"]
    assert (card.total, card.furniture_count) == (expected["total"],
                                                  expected["furniture_count"])


def test_one_sheet_breaks_each_rule_of_the_game_record() -> None:
    codes = {p.code for path in PLAYERS for p in check(read_sheet(path))}
    assert codes == {"variant-not-dealt", "not-selected", "room-order"}


def test_the_scores_of_the_four_sheets_rank_the_table() -> None:
    ranked = rank(score(read_sheet(path), end_of_game=True) for path in PLAYERS)
    assert [(card.player, card.total) for card in ranked] == [
        ("Ben", 32), ("Ada", 30), ("Chloé", 30), ("Dev", 26)]
    assert places(ranked) == [1, 2, 2, 4]
