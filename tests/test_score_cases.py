"""Data cases: each ``tests/cases/scoring/NAME.json`` sheet scores exactly what
``NAME.expected.json`` lists: total, tie-break, points per room, every bonus (text,
awarded, points) and, where given, the penalties and bonus explanations (by index).
``unreachable`` maps the first furniture square of every piece that cannot be reached to
its reason (none by default); ``room_reasons`` (when given) maps each unreachable room to
its reason; ``"lenient": true`` scores with ``--lenient-access``.
The expected numbers are counted by hand from the rules; ``about`` says how."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homestaging.core.grid import cell_name
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import score

CASES = Path(__file__).parent / "cases" / "scoring"
SHEETS = sorted(p for p in CASES.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.parametrize("sheet", SHEETS, ids=[p.stem for p in SHEETS])
def test_case(sheet: Path) -> None:
    expected = json.loads(sheet.with_name(f"{sheet.stem}.expected.json").read_text())
    card = score(read_sheet(sheet), lenient_access=expected.get("lenient", False))
    assert card.total == expected["total"]
    assert card.furniture_count == expected["furniture_count"]
    assert {room.name: room.points for room in card.rooms} == expected["rooms"]
    assert [{"text": b.text, "awarded": b.awarded, "points": b.points}
            for b in card.bonuses] == expected["bonuses"]
    assert [{"text": p.text, "points": p.points}
            for p in card.penalties] == expected.get("penalties", [])
    for index, text in expected.get("explanations", {}).items():
        assert card.bonuses[int(index)].explanation == text
    assert (not card.provisional) == expected.get("final", True)
    assert [p.code for p in card.problems] == expected.get("problems", [])
    assert {cell_name(p.furniture[0]): p.reason for room in card.rooms for p in room.pieces
            if not p.reachable} == expected.get("unreachable", {})
    if "room_reasons" in expected:
        assert {room.name: room.reason for room in card.rooms
                if not room.reachable} == expected["room_reasons"]


def test_there_are_cases() -> None:
    assert len(SHEETS) >= 2
