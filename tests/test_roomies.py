"""Rooms & Roomies: the examples score as expected, every wish counts as its note says,
every rule is found where it is broken, bad files get located messages, the commands."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from family_util import Records, pad_items

from homestaging.cli.root import main
from homestaging.core.errors import Severity
from homestaging.core.grid import cell_names
from homestaging.core.scorepad import ScorePad
from homestaging.family.roomies.furniture import shape_name
from homestaging.family.roomies.reader import read_house
from homestaging.family.roomies.rules import check
from homestaging.family.roomies.score import score, solo_rating
from homestaging.text.report import format_pad, problem_line

ROOMIES = Records("roomies", read_house, "house.json")
EXAMPLES = ROOMIES.folder
SCORED = sorted(p for p in EXAMPLES.glob("*.json")
                if not p.name.endswith(".expected.json") and p.stem != "mistakes")


def _pad(data: dict[str, Any], tmp_path: Path) -> ScorePad:
    return score(ROOMIES.read(data, tmp_path))


# ---------------------------------------------------------------------------- examples


def test_every_example_has_expectations() -> None:
    assert [p.stem for p in SCORED] == ["boardgamer", "bookworm", "color-sets", "first-house"]
    for path in [*SCORED, EXAMPLES / "mistakes.json"]:
        assert path.with_suffix(".expected.json").exists()


@pytest.mark.parametrize("path", SCORED, ids=lambda p: p.stem)
def test_example_scores_its_expected_pad(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    house = read_house(path)
    pad = score(house)
    assert [problem_line(p, path.name) for p in check(house)] == []
    assert not pad.provisional
    assert pad.total == expected["total"]
    assert [{"name": n, "value": v} for n, v in pad.tiebreaks] == expected["tiebreaks"]
    assert [{"name": c.name, "points": c.points,
             "items": [{"text": i.text, "points": i.points} for i in c.items]}
            for c in pad.categories] == expected["categories"]
    explained = {i.text: i.explanation for c in pad.categories for i in c.items}
    for text, explanation in expected.get("explanations", {}).items():
        assert explained[text] == explanation


def test_the_rule_book_numbers() -> None:
    """Boardgamer 10, Bookworm 4 and 2, Colorful Character 6, Understated One 6."""
    assert pad_items(score(read_house(EXAMPLES / "boardgamer.json")))["The Boardgamer"] == 10
    bookworm = score(read_house(EXAMPLES / "bookworm.json"))
    assert pad_items(bookworm)["The Bookworm"] == 4 + 2
    colors = pad_items(score(read_house(EXAMPLES / "color-sets.json")))
    assert (colors["The Colorful Character"], colors["The Understated One"]) == (6, 6)


def test_mistakes_example_shows_exactly_its_problems() -> None:
    expected = json.loads((EXAMPLES / "mistakes.expected.json").read_text())
    found = [{"code": p.code, "severity": p.severity, "cells": cell_names(p.cells),
              "path": p.path}
             for p in check(read_house(EXAMPLES / "mistakes.json"))]
    assert found == expected["problems"]


def test_tiles_at_fault_count_as_not_placed(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["furniture"][0] = "afffnoo.kw"
    data["placed"] = [{"tile": "p", "cells": ["E2"]}]  # a plant on the living room's ledge
    pad = _pad(data, tmp_path)
    assert [p.code for p in pad.problems] == ["blocks-door"]
    assert pad.provisional
    assert pad.total == 20  # the plant counts for nothing
    assert "PROVISIONAL: the record has 1 error" in format_pad(pad)


# ------------------------------------------------------------------------------ wishes

SMALL = {
    "format": "roomies-house/1", "this_is_you": 1,
    "house": ["LLLBB", "LLLBB", "SS..."],
    "rooms": {"L": {"name": "Lounge", "floor": "parquet", "bonus": 1, "markings": ["B1"]},
              "B": {"name": "Bath", "floor": "tiles", "bonus": 1, "markings": ["E2"]},
              "S": {"name": "Snug", "floor": "parquet", "bonus": 1, "markings": ["B3"]}},
    "front_door": ["C2", "s"], "doors": [["C1", "e"], ["A2", "s"]],
    "furniture": [".a...", "....w", ".p..."],
    "tiles": {"a": {"type": "armchair", "colors": ["red"], "floor": "parquet"},
              "w": {"type": "toilet", "colors": ["white"], "floor": "tiles"},
              "p": {"type": "plant", "colors": ["green"]}},
    "roomies": [{"card": "introvert"}],
}


def test_introvert_counts_complete_rooms_with_one_door_ledge(tmp_path: Path) -> None:
    # Lounge has three ledges (C2, C1, A2); Bath one (D1): +1; Snug one (A3): +2
    assert pad_items(_pad(SMALL, tmp_path))["The Introvert"] == 3
    data = copy.deepcopy(SMALL)
    data["furniture"][2] = "....."  # the Snug's marking B3 is no longer touched
    assert pad_items(_pad(data, tmp_path))["The Introvert"] == 1


def test_nook_is_an_empty_square_between_tiles_not_a_ledge(tmp_path: Path) -> None:
    data = {"format": "roomies-house/1", "this_is_you": 1, "house": ["NNNN"],
            "rooms": {"N": {"floor": "parquet", "bonus": 0, "markings": ["A1"]}},
            "front_door": ["D1", "e"], "furniture": ["p.p."],
            "tiles": {"p": {"type": "plant", "colors": ["green"]}},
            "roomies": [{"card": "nook-devotee"}]}
    pad = _pad(data, tmp_path)
    assert pad_items(pad)["The Nook Devotee"] == 1  # B1; D1 holds the front door's ledge
    assert pad.categories[0].items[1].explanation == "nooks B1"


SIZES = {
    "format": "roomies-house/1", "this_is_you": 2,
    "house": ["GGGSS", "GGGSS", "GGG.."],
    "rooms": {"G": {"name": "Great room", "floor": "parquet", "bonus": 5,
                    "markings": ["A1", "C3"]},
              "S": {"name": "Snug", "floor": "parquet", "bonus": 1, "markings": ["E1"]}},
    "front_door": ["B3", "s"], "doors": [["C1", "e"]],
    "furniture": ["ff..a", "ptt..", "q.s.."],
    "tiles": {"f": {"type": "sofa", "colors": ["green"], "floor": "parquet"},
              "p": {"type": "plant", "colors": ["green"]},
              "q": {"type": "plant", "colors": ["green"]},
              "t": {"type": "dining-table", "colors": ["green"], "floor": "parquet"},
              "s": {"type": "shelf", "colors": ["green"], "floor": "parquet", "wall": ["s"]},
              "a": {"type": "armchair", "colors": ["red"], "floor": "parquet"}},
    "roomies": [{"card": "hoarder", "small": 1, "large": 3},
                {"card": "math-whiz", "small": 2, "large": 4},
                {"card": "minimalist", "small": 5, "large": 7},
                {"card": "purist", "points": 1}],
}


def test_room_wishes_by_size(tmp_path: Path) -> None:
    items = pad_items(_pad(SIZES, tmp_path))
    assert items["The Hoarder"] == 3  # the great room (9 squares) is full, the snug not
    assert items["The Math Whiz"] == 4 + 2  # 5 tiles = bonus 5; 1 tile = bonus 1
    assert items["The Minimalist"] == 5  # only the snug: complete, its one tile alone
    assert items["The Purist"] == 5 + 1  # five green icons, one red


def test_puzzler_needs_four_shapes(tmp_path: Path) -> None:
    data = copy.deepcopy(SIZES)
    data["roomies"] = [{"card": "puzzler", "points": 4}]
    assert pad_items(_pad(data, tmp_path))["The Puzzler"] == 0  # 2x1 and 1x1 only
    data["house"] = ["GGGGGG", "GGGGGG", "GGGGGG"]
    data["rooms"] = {"G": {"floor": "parquet", "bonus": 1, "markings": ["A1"]}}
    data["doors"] = []
    data["front_door"] = ["F3", "e"]
    data["furniture"] = ["pff.t.", "....tt", "sss..."]  # 1x1, 2x1, L, 3x1
    data["tiles"]["t"] = {"type": "dining-table", "colors": ["green"], "floor": "parquet"}
    data["tiles"]["s"] = {"type": "shelf", "colors": ["green"], "floor": "parquet"}
    assert pad_items(_pad(data, tmp_path))["The Puzzler"] == 4


def test_people_pleaser_copies_the_lowest_card(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["roomies"].append({"card": "people-pleaser"})
    pad = _pad(data, tmp_path)
    items = pad.categories[0].items
    assert [(i.text, i.points) for i in items] == [
        ("This Is You", 8), ("The Bookworm", 3), ("The Console Gamer", 2), ("The Gearhead", 3),
        ("The People Pleaser", 2)]
    assert items[-1].explanation == "copies the lowest card, The Console Gamer"
    assert pad_items(pad)["a bed for each Roomie tile"] == -9  # five tiles, two places


def test_whirlwind_daydreamer_harmonious(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["roomies"] = [{"card": "whirlwind", "points": 1},
                       {"card": "daydreamer", "types": ["sofa", "stove"], "points": 2}]
    items = pad_items(_pad(data, tmp_path))
    # E3, E2, B3 in the living room, F2 and H2 in the kitchen, I2 in the bathroom;
    # the study's B4 faces the desk
    assert items["The Whirlwind"] == 6
    assert items["The Daydreamer"] == 2 * 2  # the sofa by C1/n, the stove by G1/n
    data = ROOMIES.load("bookworm")
    data["roomies"] = [{"card": "harmonious-one", "points": 3}]
    assert pad_items(_pad(data, tmp_path))["The Harmonious One"] == 6  # library and den


def test_console_gamer_squares_in_line_with_the_screen(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["placed"] = [{"tile": "a", "cells": ["C2"]}]
    # C2 armchair 2, C1 and D1 sofa 1 each
    assert pad_items(_pad(data, tmp_path))["The Console Gamer"] == 4
    data["tiles"]["t"]["screen"] = "s"  # facing the study wall: the line stops at once
    assert pad_items(_pad(data, tmp_path))["The Console Gamer"] == 0


def test_camper_counts_the_loading_bed_for_basic_needs(tmp_path: Path) -> None:
    data = ROOMIES.load("bookworm")
    data["truck"] = {"tiles": [{"type": "toilet"}, {"type": "bathtub"}, {"type": "stove"},
                               {"type": "bed"}]}
    without = pad_items(_pad(data, tmp_path))
    assert without["at least a stove"] == -3
    assert without["a bed for each Roomie tile"] == -6
    data["roomies"].append({"card": "camper", "points": 3})
    camper = pad_items(_pad(data, tmp_path))
    assert camper["The Camper"] == 3
    assert [camper[k] for k in ("at least a toilet", "at least a shower or bathtub",
                                "at least a stove")] == [0, 0, 0]
    assert camper["a bed for each Roomie tile"] == -6  # three tiles, one bed on the truck


def test_typed_cards_and_solo_rating(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["roomies"] = [{"card": "botanist", "points": 4},
                       {"card": "other", "name": "The Night Owl", "points": 5}]
    data["solo"] = True
    pad = _pad(data, tmp_path)
    assert pad_items(pad)["The Botanist"] == 4
    assert pad_items(pad)["The Night Owl"] == 5
    assert pad.notes == (f"Solo: {solo_rating(pad.total)}",)
    assert solo_rating(29).startswith("Fewer than 30")
    assert solo_rating(30).startswith("30 to 39")
    assert solo_rating(60).startswith("60 points or more")


def test_shapes() -> None:
    assert shape_name([(0, 0)]) == "1x1"
    assert shape_name([(0, 0), (0, 1), (0, 2)]) == "3x1"
    assert shape_name([(0, 0), (1, 0), (1, 1)]) == "L"
    assert shape_name([(0, 0), (0, 1), (0, 2), (1, 2)]) == "L"
    assert shape_name([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]) == "3x2"
    assert shape_name([(0, 0), (1, 0), (2, 0), (1, 1)]) is None


# ------------------------------------------------------------------------------ reader


def test_reader_reports_every_problem_at_once(tmp_path: Path) -> None:
    data = ROOMIES.load("first-house")
    data["house"][1] = "LLLLLKKKB"
    data["rooms"]["S"]["markings"] = ["A1"]
    data["tiles"]["s"].pop("floor")
    data["tiles"]["a"]["screen"] = "n"
    data["tiles"]["n"]["points"] = 2
    data["doors"].append(["A1", "n"])
    data["truck"] = {"upgrades": 2, "junk": 2}
    data["roomies"] = [{"card": "hoarder", "small": 1}, {"card": "bookworm", "points": 3},
                       {"card": "hoarder", "small": 1, "large": 2}]
    assert ROOMIES.messages(data, tmp_path) == [
        "bad.json: $.house[1]: row 2 has 9 squares; expected 10, as the first row",
        "bad.json: $.truck: 2 upgrades and 2 junk: a truck has 3 junk tiles in all",
        "bad.json: $.roomies[0]: The Hoarder: missing 'large': the points per large room "
        "on the card",
        "bad.json: $.roomies[1].points: The Bookworm takes no 'points' (it is counted from "
        "the house)",
        "bad.json: $.roomies[2]: The Hoarder is listed twice (first at $.roomies[0])",
    ]
    data["house"][1] = "LLLLLKKKBB"
    assert ROOMIES.messages(data, tmp_path)[:5] == [
        "bad.json: $.rooms.S.markings[0]: A1 is not a square of room 'S'",
        "bad.json: $.doors[3]: door A1/n is not on a wall between two rooms",
        "bad.json: $.tiles.a: 'screen' is for a tv tile, not an armchair",
        "bad.json: $.tiles.n: tile 7 (piano) has 1 printed point (rule book: the tiles 5 to "
        "18), found 2",
        "bad.json: $.tiles.s: missing 'floor': the flooring printed on the tile (parquet or "
        "tiles; any for plants)",
    ]


def test_reader_schema_and_grid_messages(tmp_path: Path) -> None:
    data = ROOMIES.load("bookworm")
    data["this_is_you"] = 7
    data["furniture"][1] = "....ffX."
    data["tiles"]["f"]["colors"] = ["pink"]
    data["house"][3] = "....OOOL"
    assert ROOMIES.messages(data, tmp_path) == [
        "bad.json: $.this_is_you: expected at most 5, found 7",
        "bad.json: $.tiles.f.colors[0]: expected one of red, green, blue, black, brown, white; "
        "found \"pink\"",
        "bad.json: $.rooms.L: room 'L' is in 2 parts (at A1, H4): a room is one region; give "
        "each part its own letter",
        "bad.json: $.furniture: 'X' at G2 is not a tile of $.tiles",
    ]


@pytest.mark.parametrize(("key", "value", "message"), [
    ("house", "LLL", "bad.json: $.house: expected a list, found \"LLL\""),
    ("rooms", {"L": {"name": "Living room", "floor": "carpet", "bonus": 3,
                     "markings": ["A1"]}},
     "bad.json: $.rooms.L.floor: expected one of parquet, tiles; found \"carpet\""),
], ids=["house", "room"])
def test_doors_and_windows_are_not_judged_beside_what_could_not_be_read(
        tmp_path: Path, key: str, value: Any, message: str) -> None:
    """A house grid or a room the schema refused is told once: the doors, windows and
    front door beside it are not said to be off the grid or on no wall."""
    data = ROOMIES.load("first-house")
    data[key] = {**data[key], **value} if isinstance(value, dict) else value
    assert ROOMIES.messages(data, tmp_path) == [message]


def test_art_and_rotation(tmp_path: Path) -> None:
    data = ROOMIES.load("bookworm")
    data["tiles"]["s"]["art"] = ["###"]
    data["tiles"]["s"]["wall"] = ["s"]
    data["tiles"]["s"]["rotation"] = 180  # printed wall edge at the bottom, turned to the top
    assert check(ROOMIES.read(data, tmp_path)) == []
    data["tiles"]["s"].pop("rotation")
    assert ROOMIES.messages(data, tmp_path) == [
        "bad.json: $.tiles.s: the tile at A1-C1 fits its art in several ways: rotation 0 "
        "(wall s); rotation 180 (wall n); give 'rotation'"]
    data["tiles"]["o"]["rotation"] = 90
    assert "bad.json: $.tiles.o: 'rotation' turns the tile's 'art'; give the art too, or give " \
           "'wall' and 'screen' as the tile stands in the house" in ROOMIES.messages(data, tmp_path)


def test_a_flipped_tile_is_found_by_its_rotation(tmp_path: Path) -> None:
    data = ROOMIES.load("bookworm")
    data["tiles"]["a"] = {"type": "armchair", "colors": ["green"], "floor": "parquet"}
    data["furniture"] = ["sss....h", "aa..ff..", "a.......", "....oo.."]
    data["tiles"]["a"]["art"] = ["##", ".#"]  # printed as an L turning right
    data["tiles"]["a"]["rotation"] = 0
    problems = check(ROOMIES.read(data, tmp_path))
    assert [(p.code, tuple(cell_names(p.cells)), p.path) for p in problems] == [
        ("flipped", ("A2", "B2", "A3"), "$.tiles.a")]


# ---------------------------------------------------------------------------- commands


def test_check_and_score_commands(runner: CliRunner) -> None:
    good = str(EXAMPLES / "first-house.json")
    result = runner.invoke(main, ["roomies", "check", good])
    assert result.exit_code == 0
    assert result.stdout == f"{good}: no rule broken\n\nScore: 20\n"
    result = runner.invoke(main, ["roomies", "check", str(EXAMPLES / "mistakes.json")])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-3] == "11 errors, 0 warnings"
    result = runner.invoke(main, ["roomies", "score", "--format", "json", good])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["game"], data["total"], data["final"]) == ("Rooms & Roomies", 20, True)
    assert data["tiebreaks"] == [{"name": "This Is You number", "value": 3}]


def test_score_reads_stdin(runner: CliRunner) -> None:
    text = (EXAMPLES / "bookworm.json").read_text()
    result = runner.invoke(main, ["roomies", "score", "-"], input=text)
    assert result.exit_code == 0
    assert result.stdout.startswith("<stdin> - Rooms & Roomies - Bookworm example\n")


def test_ranking_uses_the_this_is_you_number(runner: CliRunner, tmp_path: Path) -> None:
    a = ROOMIES.load("bookworm")
    b = copy.deepcopy(a)
    b["player"], b["this_is_you"] = "Bea", 5
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "b.json").write_text(json.dumps(b))
    result = runner.invoke(main, ["roomies", "score", str(tmp_path / "a.json"),
                                  str(tmp_path / "b.json")])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["place", "player", "file", "total", "This", "Is", "You",
                                "number"]
    assert lines[1].split()[:2] == ["1", "Bea"]
    assert lines[2].split()[:3] == ["2", "Bookworm", "example"]
    result = runner.invoke(main, ["roomies", "score", "--format", "json",
                                  str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert [entry["player"] for entry in json.loads(result.stdout)] == ["Bea",
                                                                         "Bookworm example"]


def test_bad_files_exit_2_with_located_messages(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "roomies-house/1",\n "house": [}')
    result = runner.invoke(main, ["roomies", "score", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:2:")
    result = runner.invoke(main, ["roomies", "check", str(tmp_path / "none.json")])
    assert (result.exit_code, result.stderr) == (2, f"{tmp_path / 'none.json'}: no such file\n")


def test_a_house_without_its_front_door_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "first-house.json").read_text())
    del data["front_door"]
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(main, ["roomies", "score", str(path)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"{path}: $: missing required key 'front_door'\n"


def test_render_writes_pictures(runner: CliRunner, tmp_path: Path) -> None:
    house = str(EXAMPLES / "first-house.json")
    for suffix in (".png", ".svg", ".pdf"):
        out = tmp_path / f"house{suffix}"
        result = runner.invoke(main, ["roomies", "render", house, "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        assert out.stat().st_size > 1000
    first = (tmp_path / "house.png").read_bytes()
    runner.invoke(main, ["roomies", "render", house, "-o", str(tmp_path / "house.png")])
    assert (tmp_path / "house.png").read_bytes() == first
    result = runner.invoke(main, ["roomies", "render", house, "-o", str(tmp_path / "x.gif")])
    assert result.exit_code == 2
    assert "expected a file name ending in .png, .svg, .pdf" in result.stderr


def test_render_marks_the_errors(tmp_path: Path) -> None:
    from homestaging.family.roomies.render import house_figure

    house = read_house(EXAMPLES / "mistakes.json")
    fig = house_figure(house, score(house))
    problems = [a for a in fig.axes[0].patches if a.get_gid() == "problem"]
    assert len(problems) == sum(len(p.cells) for p in score(house).errors)
    assert all(p.severity == Severity.ERROR for p in score(house).problems)



@pytest.mark.parametrize(("name", "marks"), [
    ("first-house", ["parquet", "tiles", "wall", "door", "front-door", "window", "covered",
                     "icons", "wall-edge", "screen", "touched"]),
    ("mistakes", ["parquet", "tiles", "wall", "door", "front-door", "window", "icons",
                  "wall-edge", "untouched", "fault"]),
])
def test_the_key_shows_each_mark_the_picture_uses(name: str, marks: list[str]) -> None:
    from homestaging.family.roomies.render import house_figure, key_entries

    house = read_house(EXAMPLES / f"{name}.json")
    pad = score(house)
    assert [mark for mark, _ in key_entries(house, pad)] == marks
    fig = house_figure(house, pad)
    key = fig.axes[-1]
    drawn = {str(a.get_gid()) for a in [*key.patches, *key.lines, *key.texts]}
    assert {f"key-sample-{mark}" for mark in marks} | {f"key-{mark}" for mark in marks} \
        <= drawn
    # under the house, not over it
    assert key.get_position().y1 <= fig.axes[0].get_position().y0 + 1e-9
