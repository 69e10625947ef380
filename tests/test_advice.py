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


def test_the_stove_that_could_never_share_the_u_kitchen_s_door_comes_after_every_live_one(
        tmp_path: Path) -> None:
    # the issue's case: "stove at J10, rotation 180" was first, and the kitchen scored 2
    path = write(tmp_path, KITCHEN)
    text = run("place", path, "--card", "8", "--top", "0")
    lines = text.split("stove: Stove\n")[1].split("\n\n")[0].splitlines()
    assert lines[0] == ("  1. stove at N8, rotation 90 (on O8, O9): 2 points; "
                        "a door here reaches 8 of 8 points")
    j10 = next(i for i, line in enumerate(lines) if "stove at J10, rotation 180" in line)
    alive = [i for i, line in enumerate(lines) if "dead end" not in line]
    assert alive == [0, 1, 2] and j10 == 3  # below every placement the kitchen survives
    assert lines[j10] == (
        "  4. stove at J10, rotation 180 (on J11-K11): 2 points; dead end: its circulation "
        "can never join the U-shaped kitchen's: the room's last token (Breakfast bar, "
        "Kitchen island, Table for two) cannot join them; worth 0")
    assert lines[1] == ("  2. stove at N7, rotation 90 (on O7, O8): 2 points; "
                        "a door here reaches 6 of 8 points; worth -2")  # a table joins them
    data = json.loads(run("place", path, "--card", "8", "--format", "json", "--top", "0"))
    stove = next(p for p in data["pieces"] if p["piece"] == "stove")
    found = {(c["at"], c["rotation"]): c for c in stove["candidates"]}
    assert found[("J10", 180)]["alive"] is False
    assert found[("J10", 180)]["dead_end"].startswith("its circulation can never join")
    assert found[("N8", 90)]["alive"] is True and found[("N8", 90)]["fits"] is True
    hinted = run("hint", path, "--card", "8")
    assert "draw Stove at N8, rotation 90 (stove): 2 points of furniture" in hinted
    assert "worth 2 points in all" in hinted
    found_editor = hints(read_sheet(path), Hand("stove"))
    assert found_editor["best"] == {"at": "N8", "rotation": 90, "mirror": False}
    assert "J10" in found_editor["orientations"]["180"]["dead"]


TIGHT = {
    "format": "homestaging-sheet/1", "project": "tutorial",
    "rooms": [{"name": "Kitchen"}, {"name": "Bathroom", "door": ["O7", "s"]}],
    "room_grid": ["................", *[".BBBBBBBBBBBBBB."] * 6, *[".BBBBBBBBB......"] * 4,
                  "................"],
    "room_legend": {"B": "Bathroom"},
    "pieces": [{"piece": "kitchen-u", "at": "L10", "rotation": 180}],
    "current_room": "Kitchen"}
"""The tutorial's kitchen squeezed into K8-O11 by a walled bathroom whose door opens onto
O8: a U-kitchen at L10, one token left after the next piece (card 10: a breakfast bar,
a kitchen island or a table for two)."""
TIGHT_WHY = ("the room's remaining tokens no longer fit: no placement of Breakfast bar or "
             "Kitchen island or Table for two keeps the room's circulation joined")


def test_a_placement_after_which_the_room_s_last_token_cannot_fit_ranks_below_those_where_it_fits(
        tmp_path: Path) -> None:
    path = write(tmp_path, TIGHT)
    lines = run("place", path, "stove", "--top", "0").splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "  1. stove at K8, rotation 270 (on K8, K9)", "  2. stove at K8, rotation 0 (on K8-L8)",
        "  3. stove at M8, rotation 0 (on M8-N8)", "  4. stove at L8, rotation 0 (on L8-M8)",
        "  5. stove at N8, rotation 90 (on O8, O9)"]
    assert lines[0].endswith("a door here reaches 6 of 8 points; worth -6.2")  # a table fits
    # worth -6.4, and still below the one after which a table fits worth -8.6
    assert lines[3].endswith(f"a door here reaches 8 of 8 points; {TIGHT_WHY}; worth -6.4")
    assert "dead end" in lines[4]
    data = json.loads(run("place", path, "stove", "--format", "json"))
    tight = data["candidates"][3]
    assert (tight["at"], tight["alive"], tight["fits"], tight["tight"]) == \
        ("L8", True, False, TIGHT_WHY)
    assert data["candidates"][0]["fits"] is True and data["candidates"][0]["tight"] is None
    upright = hints(read_sheet(path), Hand("stove"))["orientations"]["0"]
    assert "L8" in upright["fair"] and "L8" not in upright["good"]
    assert upright["reach"]["L8"] == f"a door here reaches 8 of 8 points; {TIGHT_WHY}"


def test_a_table_fits_only_where_the_kitchen_can_still_get_its_door(tmp_path: Path) -> None:
    # the kitchen squeezed into L8-O11, the bathroom's door onto O8: after any stove, a
    # table for two keeping the kitchen's circulation joined would shut that door off
    squeezed = {**TIGHT, "room_grid": ["................", *[".BBBBBBBBBBBBBB."] * 6,
                                       *[".BBBBBBBBBB....."] * 4, "................"]}
    path = write(tmp_path, squeezed)
    data = json.loads(run("place", path, "stove", "--format", "json"))
    assert [(c["at"], c["rotation"], c["alive"], c["tight"]) for c in data["candidates"]] == [
        ("L8", 270, True, TIGHT_WHY), ("L8", 0, True, TIGHT_WHY), ("M8", 0, True, TIGHT_WHY),
        ("N8", 90, False, None)]


EMPTY_DINING = {
    "format": "homestaging-sheet/1", "project": "country-manor",
    "rooms": [{"name": "Living room", "cells": ["B2:J5", "B6:E7", "F7", "G6:J7"],
               "door": ["C7", "s"]}],
    "furniture_grid": ["." * 24, ".SSSSFFCCC" + "." * 14, ".Soooooooo" + "." * 14,
                       ".So" + "." * 21, ".SoL" + "." * 20, "..oL" + "." * 20,
                       "..oY" + "." * 20, *["." * 24] * 13],
    "furniture_legend": {"S": {"piece": "sofa-sectional", "rotation": 0},
                         "F": {"piece": "fireplace", "rotation": 0},
                         "C": {"piece": "sofa", "rotation": 0},
                         "L": {"piece": "sofa-loveseat", "rotation": 90},
                         "Y": {"piece": "armchair", "rotation": 90}},
    "front_door": ["B8", "w"], "current_room": "Dining room"}
"""The country manor with its living room furnished and the dining room not begun: on
the empty room the search for its tokens' best completion runs out of its budget."""


def test_tokens_never_known_to_fit_are_not_said_to_fit_no_longer(tmp_path: Path) -> None:
    # with the room empty the search ran out of budget: whether a table ever fitted is
    # not known, so the bench does not make it "no longer" fit
    path = write(tmp_path, EMPTY_DINING)
    first = run("place", path, "dining-bench", "--top", "1").splitlines()[0]
    assert first == (
        "  1. dining-bench at K2, rotation 270 (on K2, K3, K4): 3 points; a door here "
        "reaches 3 of 3 points; the room's remaining tokens do not fit after it: no "
        "placement of Banquet table or Table for six or Table for four or Round bistro "
        "table keeps the room's circulation joined")
    assert "no longer fit" not in run("place", path, "dining-bench")


def test_place_and_hint_give_the_same_numbers(tmp_path: Path) -> None:
    # both count the squares the rooms to come need: nothing is worth drawing here
    path = write(tmp_path, TIGHT)
    data = json.loads(run("place", path, "stove", "--format", "json"))
    assert data["candidates"][0]["value"] == -6.2
    hinted = json.loads(run("hint", path, "--card", "8", "--format", "json"))
    assert (hinted["value"], hinted["pieces"]) == (0, [])
    # with a hallway down column B the stove at L8 is worth 0.4 to both
    roomy = {**TIGHT, "rooms": [{"name": "Kitchen"}, {"name": "Bathroom", "door": ["C7", "w"]}],
             "room_grid": ["................", *["..BBBBBBBBBBBBB."] * 6,
                           *["..BBBBBBBBB....."] * 4, "................"]}
    path = write(tmp_path, roomy)
    first = json.loads(run("place", path, "stove", "--format", "json"))["candidates"][0]
    hinted = json.loads(run("hint", path, "--card", "8", "--format", "json"))
    drawn = hinted["pieces"][0]
    assert (first["at"], first["rotation"], first["value"], first["reach"]) == \
        ("L8", 270, 0.4, "a door here reaches 0 of 8 points")
    assert (drawn["at"], drawn["rotation"], drawn["value"], drawn["reach"], hinted["value"]) == \
        (first["at"], first["rotation"], first["value"], first["reach"], first["value"])


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
