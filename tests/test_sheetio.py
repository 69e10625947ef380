"""Reading and writing grid JSON sheets (SPEC 3.1)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from homestaging.errors import InputError
from homestaging.grid import Edge, parse_cells
from homestaging.sheetio import parse_sheet, read_sheet

HERE = Path(__file__).parent
BLANK = ["." * 16] * 12


def grid(*rows: str, top: int = 0) -> list[str]:
    """A 16 x 12 grid with ``rows`` drawn from row ``top`` (padded with dots)."""
    result = ["." * 16 for _ in range(12)]
    for index, row in enumerate(rows):
        result[top + index] = row.ljust(16, ".")
    return result


SPEC_EXAMPLE: dict[str, Any] = {
    "format": "homestaging-sheet/1",
    "project": "tutorial",
    "player": "Ada",
    "rooms": [
        {"name": "Kitchen", "cells": ["B2:E4"], "door": ["D4", "s"]},
        {"name": "Bathroom", "door": ["G4", "s"]},
        {"name": "Living room"},
    ],
    "room_grid": grid("......bbb", "......bbb", top=2),
    "room_legend": {"b": "Bathroom"},
    "furniture_grid": grid("", ".KKK..tt", ".Koo..oo", ".Ko"),
    "furniture_legend": {"K": "kitchen-corner", "t": {"piece": "table-2", "rotation": 0}},
    "pieces": [{"piece": "rug-2x3", "at": "J6", "rotation": 0}],
    "front_door": ["F11", "s"],
    "windows": [["B2", "n"]],
    "wild_card": {"piece": "t", "effect": "mirror"},
    "current_room": "Living room",
}


def parse(data: dict[str, Any]) -> Any:
    return parse_sheet(data, "s.json", HERE)


def sheet_with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SPEC_EXAMPLE)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def errors(data: dict[str, Any]) -> list[tuple[str | None, str]]:
    with pytest.raises(InputError) as caught:
        parse(data)
    return [(m.path, m.message) for m in caught.value.messages]


def assert_error(data: dict[str, Any], path: str, fragment: str) -> None:
    found = errors(data)
    assert any(p == path and fragment in m for p, m in found), found


# --------------------------------------------------------------------------- reading


def test_spec_example_reads() -> None:
    sheet = parse(SPEC_EXAMPLE)
    assert sheet.project.id == "tutorial"
    assert sheet.player == "Ada"
    assert [r.name for r in sheet.rooms] == ["Kitchen", "Bathroom", "Living room"]
    assert sheet.rooms[0].cells == frozenset(parse_cells("B2:E4"))
    assert sheet.rooms[1].cells == frozenset(parse_cells("G3:I4"))
    assert sheet.rooms[2].cells == frozenset()
    assert sheet.rooms[0].doors == (Edge((3, 3), "s"),)
    assert [(p.label, p.path, p.id) for p in sheet.pieces] == [
        ("K", "$.furniture_grid[1]", "kitchen-corner"),
        ("t", "$.furniture_grid[1]", "table-2"),
        ("pieces[0]", "$.pieces[0]", "rug-2x3"),
    ]
    corner = sheet.pieces[0].placement
    assert (corner.anchor, corner.rotation, corner.mirror) == ((1, 1), 0, False)
    assert corner.circulation == frozenset({(2, 2), (3, 2), (2, 3)})
    assert sheet.pieces[2].placement.anchor == (9, 5)
    assert sheet.front_doors == (Edge((5, 10), "s"),)
    assert sheet.windows == (Edge((1, 1), "n"),)
    assert sheet.wild_card is not None
    assert sheet.wild_card.pieces == (1,)
    assert sheet.wild_card.effect == "mirror"
    assert sheet.current_room == "Living room"
    assert sheet.project_ref == "tutorial"
    assert sheet.source == "s.json"


def test_read_sheet_from_file(tmp_path: Path) -> None:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(SPEC_EXAMPLE))
    sheet = read_sheet(path)
    assert sheet.source == str(path)
    assert len(sheet.pieces) == 3


def test_row_of_wrong_length() -> None:
    rows = grid()
    rows[3] = "." * 15
    assert_error(sheet_with(furniture_grid=rows), "$.furniture_grid[3]",
                 "row 4 has 15 squares, expected 16 (the project's sheet is 16 wide)")


def test_too_few_rows() -> None:
    assert_error(sheet_with(room_grid=grid()[:11]), "$.room_grid",
                 "11 rows, expected 12 (the project's sheet is 12 high)")


def test_unknown_piece_id_in_legend() -> None:
    data = sheet_with(furniture_legend={"K": "kitchen-cornr", "t": {"piece": "table-3"}})
    found = errors(data)
    assert ("$.furniture_legend.K",
            "unknown piece id 'kitchen-cornr' (did you mean 'kitchen-corner'?)") in found
    assert any(p == "$.furniture_legend.t.piece" and "unknown piece id 'table-3'" in m
               for p, m in found)


def test_every_problem_reported_at_once() -> None:
    data = sheet_with(current_room="Attic", pieces=[{"piece": "sofaa", "at": "B2"}])
    data["rooms"][0]["name"] = "Kitchn"
    found = errors(data)
    paths = [p for p, _ in found]
    assert "$.rooms[0].name" in paths
    assert "$.current_room" in paths
    assert "$.pieces[0].piece" in paths
