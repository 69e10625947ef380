"""Data cases: each ``tests/cases/rules/NAME.json`` sheet gives exactly the problems listed
in ``NAME.expected.json`` (code, severity, cells, path; in order)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from homestaging.core.grid import cell_names
from homestaging.formats.sheetreader import read_sheet
from homestaging.rules.checks import RULES, check

CASES = Path(__file__).parent / "cases" / "rules"
SHEETS = sorted(p for p in CASES.glob("*.json") if not p.name.endswith(".expected.json"))


def _shape(problem: Any) -> dict[str, Any]:
    return {"code": problem.code, "severity": problem.severity, "cells": cell_names(problem.cells),
            "path": problem.path}


@pytest.mark.parametrize("sheet", SHEETS, ids=[p.stem for p in SHEETS])
def test_case(sheet: Path) -> None:
    expected = json.loads(sheet.with_name(f"{sheet.stem}.expected.json").read_text())
    assert [_shape(p) for p in check(read_sheet(sheet))] == expected["problems"]


def test_every_rule_code_has_a_case_named_after_it() -> None:
    names = {p.stem for p in SHEETS}
    assert set(RULES) <= names
    for code in RULES:
        expected = json.loads((CASES / f"{code}.expected.json").read_text())
        assert code in {p["code"] for p in expected["problems"]}, code
