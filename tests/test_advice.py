"""Advice that never leads into a dead end: ``place``, ``hint``, the editor and the
player read one judgement of each placement with the room it goes into."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main
from homestaging.core.errors import Severity
from homestaging.core.layout import layout
from homestaging.core.pieces import Placement
from homestaging.core.sheet import RoomPlan, Sheet
from homestaging.editor.adapter import Hand, hints
from homestaging.formats.sheetreader import read_sheet
from homestaging.player.advice import advise, verdicts
from homestaging.rules.checks import check
from homestaging.search.placement import SheetMasks, legal_keys

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
KITCHEN_ROWS = ["................"] * 5 + ["........KKKKKKK."] * 6 + ["................"]
BATH = {
    "format": "homestaging-sheet/1", "project": "tutorial",
    "rooms": [{"name": "Kitchen", "door": ["I10", "w"]}, {"name": "Bathroom"}],
    "room_grid": KITCHEN_ROWS, "room_legend": {"K": "Kitchen"},
    "furniture_grid": ["................", "............BBB.", "............BBB.",
                       *["................"] * 5, "........TT...oK.", "........ooooooK.",
                       "..........HHKKK.", "................"],
    "furniture_legend": {"K": "kitchen-corner", "H": "stove", "T": "table-2",
                         "B": "bathtub"},
    "current_room": "Bathroom",
}
"""The tutorial: the kitchen walled, the bathtub at M2 (its circulation N4-O4)."""
KITCHEN = {"format": "homestaging-sheet/1", "project": "tutorial",
           "rooms": [{"name": "Kitchen"}],
           "pieces": [{"piece": "kitchen-u", "at": "L10", "rotation": 180}],
           "current_room": "Kitchen"}
"""The tutorial's first room: a U-kitchen at L10."""
NEVER = "its circulation can never join the Bathtub's: only circulation is walkable inside a room"


def write(tmp_path: Path, data: dict[str, Any], name: str = "sheet.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_place_toilet_beside_the_bathtub_lists_the_dead_ends_last(tmp_path: Path) -> None:
    path = write(tmp_path, BATH)
    lines = run("place", path, "toilet", "--top", "0").splitlines()
    assert lines[0] == ("  1. toilet at O4, rotation 180 (on O5): 1 point; "
                        "a door here reaches 7 of 7 points")
    assert lines[1] == ("  2. toilet at N5, rotation 90 (on O5): 1 point; "
                        "a door here reaches 7 of 7 points")
    dead = [line for line in lines if "dead end" in line]
    assert len(lines) == 40 and len(dead) == 36
    assert lines[4:] == dead  # the four alive first, every dead end after them
    assert (f"toilet at L2, rotation 0 (on L2): 1 point; dead end: {NEVER}; worth 0"
            in "\n".join(lines))
    data = json.loads(run("place", path, "toilet", "--format", "json"))
    first = data["candidates"][0]
    assert (first["at"], first["rotation"], first["alive"], first["dead_end"]) == \
        ("O4", 180, True, None)
    assert (first["reach"], first["reached"], first["room_points"], first["value"]) == \
        ("a door here reaches 7 of 7 points", 7, 7, 1)
    assert data["alive"] is True


def test_hint_and_the_editor_agree_with_place(tmp_path: Path) -> None:
    path = write(tmp_path, BATH)
    text = run("hint", path, "--card", "13")
    assert "draw Toilet at O4, rotation 180 (toilet): 1 point of furniture" in text
    assert "the hallway stays open: a door here reaches 7 of 7 points" in text
    assert "the room's other cards" not in text  # card 14 is drawn: the bathtub
    piece = json.loads(run("hint", path, "--card", "13", "--format", "json"))["pieces"][0]
    assert (piece["at"], piece["rotation"], piece["alive"], piece["reach"], piece["value"]) == \
        ("O4", 180, True, "a door here reaches 7 of 7 points", 1)
    refused = CliRunner().invoke(main, ["hint", path, "--card", "14"])
    assert refused.exit_code == 2
    assert "card 14 of Bathroom is already drawn" in refused.output
    found = hints(read_sheet(path), Hand("toilet"))
    assert found["best"] == {"at": "O4", "rotation": 180, "mirror": False}
    upright = found["orientations"]["0"]
    assert "L2" in upright["dead"] and "L2" not in upright["good"] + upright["fair"]
    assert upright["reasons"]["L2"] == NEVER
    assert found["orientations"]["180"]["good"] == ["M4", "N4", "O4"]
    assert found["orientations"]["180"]["reach"]["O4"] == "a door here reaches 7 of 7 points"


def test_the_stove_beside_the_u_kitchen_joins_its_circulation(tmp_path: Path) -> None:
    path = write(tmp_path, KITCHEN)
    text = run("place", path, "--card", "8", "--top", "2")
    assert ("stove: Stove\n  1. stove at N8, rotation 90 (on O8, O9): 2 points; "
            "a door here reaches 8 of 8 points\n  2. stove at J10, rotation 180 (on J11-K11): "
            "2 points; a door here reaches 6 of 8 points; worth 0\n") in text
    hinted = run("hint", path, "--card", "8")
    assert "draw Stove at N8, rotation 90 (stove): 2 points of furniture" in hinted
    assert "worth 2 points in all" in hinted


def test_a_sheet_with_no_placement_alive_says_so_and_lists_why(tmp_path: Path) -> None:
    # the kitchen takes row 5 too: nothing can join the bathtub's circulation any more
    data = dict(BATH, room_grid=["................"] * 4 + ["........KKKKKKK."] * 7
                + ["................"])
    path = write(tmp_path, data)
    text = run("place", path, "toilet", "--top", "3")
    lines = text.splitlines()
    assert lines[0].startswith("no placement is alive: each of the ")
    assert lines[0].endswith(" legal placements leads the Bathroom into a dead end")
    assert all(f"dead end: {NEVER}" in line for line in lines[1:4])
    assert json.loads(run("place", path, "toilet", "--format", "json"))["alive"] is False


# -- mid-game positions of every example sheet -------------------------------------------


def positions() -> Iterator[tuple[str, Sheet, int]]:
    """Per finished example sheet, each room in turn being furnished with one of its
    pieces taken away (the rooms after it not drawn yet): the sheet and the piece's index
    in the finished sheet."""
    for path in sorted(EXAMPLES.glob("*-finished.json")):
        full = read_sheet(path)
        if full.wild_card is not None:
            continue
        rooms = layout(full).piece_rooms
        for k, plan in enumerate(full.rooms):
            mine = [i for i, r in enumerate(rooms) if r == plan.name]
            for gone in mine:
                kept = tuple(d for i, d in enumerate(full.pieces)
                             if i != gone and (rooms[i] == plan.name
                                               or any(rooms[i] == p.name for p in full.rooms[:k])))
                plans = (*full.rooms[:k], *(RoomPlan(p.name) for p in full.rooms[k:]))
                yield (f"{path.name}:{plan.name}:{gone}",
                       dataclasses.replace(full, rooms=plans, pieces=kept, windows=(),
                                           front_doors=full.front_doors if k else (),
                                           current_room=plan.name, game=None),
                       gone)


def test_the_first_suggestion_is_never_a_dead_end_when_one_is_not() -> None:
    checked = 0
    for name, sheet, gone in positions():
        if any(p.severity == Severity.ERROR for p in check(sheet, end_of_game=False)):
            continue
        full = read_sheet(EXAMPLES / name.split(":")[0])
        piece = full.pieces[gone].placement.piece
        keys = legal_keys(SheetMasks.build(sheet), piece, mirror=False)
        if not keys:
            continue
        alive = any(v.alive for v in verdicts(
            sheet, [Placement(piece, anchor, rotation, mirror) for anchor, rotation, mirror
                    in keys]))
        first = advise(sheet, [piece], top=1, mirror=False)[0].judged[0]
        assert first.verdict.alive or not alive, (name, first.verdict.reason)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("name", ["tutorial-midgame.json", "family-home-midgame.json"])
def test_advice_lists_every_legal_placement_once(name: str) -> None:
    sheet = read_sheet(EXAMPLES / name)
    piece = sheet.project.catalog.piece("plant-small")
    found = advise(sheet, [piece], top=None, mirror=False)[0]
    keys = [j.move.candidate.key for j in found.judged]
    assert len(keys) == len(set(keys)) == found.count
    ranks = [j.rank for j in found.judged]
    assert ranks == sorted(ranks, reverse=True)
