"""Décorum: the rule book's maximums, each construct of the condition language, the
check of slots and hearts, located reading errors, the commands."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from family_util import Records

from homestaging.cli.root import main
from homestaging.core.scorepad import ScorePad
from homestaging.family.decorum.reader import parse_object, read_game
from homestaging.family.decorum.rules import check
from homestaging.family.decorum.score import score

DECORUM = Records("decorum", read_game, "game.json")
EXAMPLES = DECORUM.folder


def _pad(data: dict[str, Any], tmp_path: Path) -> ScorePad:
    return score(DECORUM.read(data, tmp_path))


def _met(pad: ScorePad) -> list[bool | None]:
    return [item.awarded for item in pad.categories[0].items]


@pytest.mark.parametrize(("name", "total"), [("two-players", 36), ("four-players", 46)])
def test_the_rule_book_maximums(name: str, total: int) -> None:
    """36 for a 10-condition two-player scenario, 46 with 3-4 players (12 conditions and
    5 hearts): every condition met, no heart spent."""
    pad = score(read_game(EXAMPLES / f"{name}.json"))
    assert not pad.provisional
    assert pad.total == total
    conditions, hearts = pad.categories
    assert all(_met(pad))
    assert conditions.points == 3 * len(conditions.items) == 36 if total == 46 else 30
    assert hearts.points == 2 * (5 if total == 46 else 3)


def test_a_maximum_cannot_be_passed(tmp_path: Path) -> None:
    data = DECORUM.load("two-players")
    data["hearts_left"] = 4  # a two-player game has 3 hearts
    pad = _pad(data, tmp_path)
    assert [p.code for p in pad.problems] == ["too-many-hearts"]
    assert pad.provisional


def test_hearts_count_only_when_every_condition_is_met() -> None:
    pad = score(read_game(EXAMPLES / "two-players-unmet.json"))
    assert _met(pad) == [True, False, True, True, True, True, True, True, True, False]
    assert pad.total == 8 * 3
    assert pad.categories[1].items[0].explanation == (
        "2 conditions not met: hearts count only when every condition is met")


def test_explanations_name_what_was_found() -> None:
    pad = score(read_game(EXAMPLES / "two-players-unmet.json"))
    why = [item.explanation for item in pad.categories[0].items]
    assert why[1] == "0 antique yellow lamps in the bathroom; wanted at least 1"
    assert why[2] == "0 rooms painted green downstairs; wanted none"
    assert why[4] == ("in the living room: red 1, yellow 3, blue 0, green 0; yellow is the "
                      "most common colour")
    assert why[8] == "1 blue feature in the kitchen: modern blue lamp; wanted at least 1"
    assert why[9] == "the bathroom has a modern blue lamp but no empty slot"


def _judge(rule: dict[str, Any], tmp_path: Path, *, base: str = "two-players") -> tuple[
        bool | None, str]:
    data = DECORUM.load(base)
    data["players"][0]["conditions"] = [{"text": "a condition", "rule": rule}]
    item = _pad(data, tmp_path).categories[0].items[0]
    return item.awarded, item.explanation


def test_glossary_examples(tmp_path: Path) -> None:
    # "In a room with yellow wall, a yellow lamp, red curio and blue wall hanging, yellow is
    # the most common color."
    data = DECORUM.load("two-players")
    data["house"]["living room"] = {"wall": "yellow", "lamp": "antique", "curio": "unusual",
                                    "wall hanging": "retro"}
    data["players"][0]["conditions"] = [{"text": "yellow most common", "rule": {
        "in": "living room", "most_common": {"color": "yellow"}}}]
    item = _pad(data, tmp_path).categories[0].items[0]
    assert (item.awarded, item.explanation) == (True, (
        "in the living room: red 1, yellow 2, blue 1, green 0; yellow is the most common "
        "colour"))
    # And/Or: "The kitchen must contain blue" is met by a blue curio with red walls, by blue
    # walls with no blue object, or by both.
    rule = {"in": "kitchen", "contains": {"color": "blue"}}
    for kitchen in ({"wall": "red", "curio": "antique"}, {"wall": "blue"},
                    {"wall": "blue", "curio": "antique"}):
        data = DECORUM.load("two-players")
        data["house"]["kitchen"] = kitchen
        data["players"][0]["conditions"] = [{"text": "blue", "rule": rule}]
        assert _pad(data, tmp_path).categories[0].items[0].awarded is True
    data["house"]["kitchen"] = {"wall": "red", "curio": "unusual"}
    assert _pad(data, tmp_path).categories[0].items[0].awarded is False


def test_inseparable_both_ways(tmp_path: Path) -> None:
    rule = {"in": "bedroom", "inseparable": [{"object": {"color": "blue"}}, {"empty": True}]}
    data = DECORUM.load("two-players")
    data["players"][0]["conditions"] = [{"text": "inseparable", "rule": rule}]
    # two blue objects with one empty slot is fine
    data["house"]["bedroom"] = {"wall": "red", "lamp": "modern", "curio": "antique"}
    assert _pad(data, tmp_path).categories[0].items[0].awarded is True
    data["house"]["bedroom"] = {"wall": "red", "lamp": "retro"}  # empty slots, no blue object
    item = _pad(data, tmp_path).categories[0].items[0]
    assert (item.awarded, item.explanation) == (
        False, "the bedroom has an empty wall hanging slot but no blue object")


@pytest.mark.parametrize(("rule", "met", "why"), [
    ({"contains": {"object": {"color": "warm"}}, "at_most": 3}, False,
     "wanted at most 3"),
    ({"in": "upstairs", "lacks": {"color": "warm"}}, False, "wanted none"),
    ({"in": "left side", "contains": {"wall": {"color": "cool"}}, "exactly": 1}, True,
     "1 room painted a cool colour on the left side: blue walls (bathroom); wanted exactly 1"),
    ({"identical": False}, False, "identical objects in the house: 2 antique yellow lamps"),
    ({"in": "upstairs", "least_common": {"style": "unusual"}}, True,
     "upstairs: modern 1, antique 1, retro 2, unusual 0; unusual is the least common style"),
    ({"in": "downstairs", "each_room": {"contains": {"object": {"type": "lamp"}}}}, True,
     "met by every room downstairs"),
    ({"each_room": {"contains": {"object": {"type": "lamp"}}}}, False,
     "bedroom: 0 lamps in the bedroom; wanted at least 1"),
    ({"not": {"in": "kitchen", "contains": {"object": {}}, "at_least": 2}}, True,
     "1 object in the kitchen: modern blue lamp; wanted fewer than 2"),
    ({"not": {"identical": True}}, False,
     "not wanted: identical objects in the house: 2 antique yellow lamps"),
    ({"all": [{"in": "kitchen", "contains": {"empty": "curio"}},
              {"in": "kitchen", "lacks": {"empty": "lamp"}}]}, True,
     "[x] 1 empty curio slot in the kitchen: empty curio slot; wanted at least 1; "
     "[x] 0 empty lamp slots in the kitchen; wanted none"),
    ({"met": False}, False, "judged by the players"),
], ids=["at_most", "lacks-warm", "walls", "identical", "least-common", "each-room",
        "each-room-fails", "not-count", "not", "all", "met"])
def test_condition_constructs(rule: dict[str, Any], met: bool, why: str,
                              tmp_path: Path) -> None:
    data = DECORUM.load("two-players")
    data["house"]["kitchen"] = {"wall": "red", "lamp": "modern", "wall hanging": None,
                                "curio": None}
    data["players"][0]["conditions"] = [{"text": "x", "rule": rule}]
    item = _pad(data, tmp_path).categories[0].items[0]
    assert item.awarded is met
    assert item.explanation.endswith(why)


def test_objects_as_typed() -> None:
    assert parse_object("modern", "lamp").name == "modern blue lamp"
    assert parse_object("Yellow", "curio").name == "retro yellow curio"
    assert parse_object("unusual yellow wall hanging", "lamp").type == "wall hanging"
    assert not parse_object("antique red", "lamp").exists
    with pytest.raises(ValueError, match="'shiny' is not a colour"):
        parse_object("shiny lamp", "lamp")
    with pytest.raises(ValueError, match="which lamp"):
        parse_object("lamp", "lamp")


def test_check_finds_objects_out_of_place() -> None:
    problems = check(read_game(EXAMPLES / "mistakes.json"))
    assert [(p.code, p.path) for p in problems] == [
        ("wrong-slot", "$.house.bathroom.lamp"),
        ("no-such-object", "$.house.bedroom.lamp"),
        ("too-many-hearts", "$.hearts_left"),
    ]
    pad = score(read_game(EXAMPLES / "mistakes.json"))
    assert _met(pad) == [False, True]  # the objects at fault are not there


def test_roommates_rules(tmp_path: Path) -> None:
    data = DECORUM.load("four-players")
    data["roommates"] = {"Ada": "left bedroom", "Ben": "left bedroom", "Cy": "left bedroom"}
    data["players"][3]["conditions"][0]["rule"]["in"] = "right bedroom"
    pad = _pad(data, tmp_path)
    assert [(p.code, p.subject) for p in pad.problems] == [
        ("crowded-bedroom", "left bedroom"), ("missing-roommate", "Dee")]


def test_reader_reports_every_problem_at_once(tmp_path: Path) -> None:
    data = DECORUM.load("four-players")
    data["house"]["bathroom"] = data["house"].pop("left bedroom")
    data["house"]["kitchen"]["lamp"] = "shiny"
    rules = data["players"][0]["conditions"]
    rules[0]["rule"] = {"in": "bedroom", "contains": {"object": {"type": "lamp"}}}
    rules[1]["rule"] = {"contains": {"object": {}}, "lacks": {"empty": True}}
    rules[2]["rule"] = {"identical": True, "at_least": 2}
    data["players"][1]["conditions"][0]["rule"] = {"contains": {"object": {"type": "vase"}}}
    data["roommates"]["Eve"] = "left bedroom"
    assert DECORUM.messages(data, tmp_path) == [
        "bad.json: $.players[1].conditions[0].rule.contains.object.type: expected one of "
        "lamp, wall hanging, curio; found \"vase\"",
        "bad.json: $.house.bathroom: 'bathroom' is a room of the standard board; this "
        "record's board is roommates (left bedroom, right bedroom, living room, kitchen)",
        "bad.json: $.house: missing room 'left bedroom' (the roommates board has left "
        "bedroom, right bedroom, living room, kitchen)",
        "bad.json: $.house.kitchen.lamp: 'shiny' is not a colour (red, yellow, blue, green), "
        "style (modern, antique, retro, unusual) or type (lamp, wall hanging, curio)",
        "bad.json: $.roommates.Eve: 'Eve' is not a player (Ada, Ben, Cy, Dee)",
        "bad.json: $.players[0].conditions[0].rule.in: unknown area 'bedroom' (this board "
        "has a left bedroom and a right bedroom); expected one of house, upstairs, "
        "downstairs, left side, right side, left bedroom, right bedroom, living room, "
        "kitchen, your room",
        "bad.json: $.players[0].conditions[1].rule: expected one test (contains, lacks, "
        "most_common, least_common, inseparable, identical, leftmost, rightmost, each_room, "
        "all, any, not, met), "
        "found contains, lacks",
        "bad.json: $.players[0].conditions[2].rule.at_least: 'at_least' goes with 'contains'",
    ]


def test_a_misspelt_test_is_said_once(tmp_path: Path) -> None:
    """The schema's unknown key names the tests; no second message says none was found."""
    data = DECORUM.load("two-players")
    data["players"][0]["conditions"][1]["rule"] = {"contians": {"object": {}}}
    assert DECORUM.messages(data, tmp_path) == [
        "bad.json: $.players[0].conditions[1].rule.contians: unknown key 'contians' "
        "(expected one of: in, contains, lacks, at_least, at_most, exactly, most_common, "
        "least_common, inseparable, identical, leftmost, rightmost, each_room, all, any, "
        "not, met)"]


def test_a_player_listed_twice_points_at_the_first(tmp_path: Path) -> None:
    data = DECORUM.load("four-players")
    data["players"][0]["name"] = 5  # refused by the schema, and so not counted
    data["players"][3]["name"] = "Ben"
    assert DECORUM.messages(data, tmp_path) == [
        "bad.json: $.players[0].name: expected a string, found 5",
        "bad.json: $.players[3].name: 'Ben' is listed twice (first at $.players[1].name)",
        "bad.json: $.roommates.Ada: 'Ada' is not a player (Ben, Cy)",
        "bad.json: $.roommates.Dee: 'Dee' is not a player (Ben, Cy)"]


def test_your_room_needs_a_token(tmp_path: Path) -> None:
    data = DECORUM.load("two-players")
    data["players"][0]["conditions"][0]["rule"] = {"in": "your room", "contains": {
        "object": {}}}
    assert DECORUM.messages(data, tmp_path) == [
        "bad.json: $.players[0].conditions[0].rule.in: 'your room' needs this player's "
        "roommate token in $.roommates (roommates board)"]


def test_commands(runner: CliRunner, tmp_path: Path) -> None:
    best = str(EXAMPLES / "two-players.json")
    result = runner.invoke(main, ["decorum", "score", best])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].split() == ["TOTAL", "36"]
    result = runner.invoke(main, ["decorum", "check", str(EXAMPLES / "mistakes.json")])
    assert result.exit_code == 1
    result = runner.invoke(main, ["decorum", "score", "--format", "json", best,
                                  str(EXAMPLES / "two-players-unmet.json")])
    ranked = json.loads(result.stdout)
    assert [(r["file"], r["total"], r["all_met"]) for r in ranked] == [
        (best, 36, True), (str(EXAMPLES / "two-players-unmet.json"), 24, False)]
    out = tmp_path / "board.svg"
    result = runner.invoke(main, ["decorum", "render", best, "-o", str(out)])
    assert result.exit_code == 0
    assert b"<svg" in out.read_bytes()[:400]


def test_render_marks_objects_at_fault() -> None:
    from homestaging.family.decorum.render import game_figure

    game = read_game(EXAMPLES / "mistakes.json")
    fig = game_figure(game, score(game))
    edges = [p.get_edgecolor() for p in fig.axes[0].patches if p.get_gid() == "object"]
    assert sum(1 for e in edges if e[:3] == pytest.approx((0.839, 0.153, 0.157), abs=0.01)) == 2
    copy.deepcopy(edges)


@pytest.mark.parametrize(("rule", "met", "why"), [
    ({"in": "kitchen", "leftmost": {"color": "blue"}}, True,
     "the leftmost object in the kitchen is a modern blue lamp; wanted a blue object"),
    ({"in": "kitchen", "rightmost": {"type": "lamp"}}, False,
     "the rightmost object in the kitchen is an antique green wall hanging; wanted a lamp"),
    # the bedroom's curio slot is empty: its rightmost object is the wall hanging
    ({"in": "upstairs", "rightmost": {"style": "retro"}}, True,
     "the rightmost object in the bathroom is a retro yellow curio; the rightmost object in "
     "the bedroom is a retro blue wall hanging; wanted a retro object"),
    ({"in": "upstairs", "each_room": {"leftmost": {}}}, True, "met by every room upstairs"),
], ids=["leftmost", "rightmost-fails", "empty-slot-skipped", "each-room"])
def test_leftmost_and_rightmost(rule: dict[str, Any], met: bool, why: str,
                                tmp_path: Path) -> None:
    data = DECORUM.load("two-players")
    data["house"]["kitchen"]["order"] = ["lamp", "curio", "wall hanging"]
    data["house"]["bathroom"]["order"] = ["lamp", "wall hanging", "curio"]
    data["house"]["bedroom"]["order"] = ["lamp", "wall hanging", "curio"]
    data["players"][0]["conditions"] = [{"text": "x", "rule": rule}]
    item = _pad(data, tmp_path).categories[0].items[0]
    assert (item.awarded, item.explanation) == (met, why)


def test_leftmost_needs_the_slot_order(tmp_path: Path) -> None:
    data = DECORUM.load("two-players")
    data["house"]["bathroom"]["order"] = ["lamp", "lamp", "curio"]
    data["players"][0]["conditions"][1]["rule"] = {
        "in": "downstairs", "each_room": {"rightmost": {"color": "red"}}}
    assert DECORUM.messages(data, tmp_path) == [
        "bad.json: $.house.bathroom.order: expected each of lamp, wall hanging and curio "
        "once, found lamp, lamp, curio",
        "bad.json: $.players[0].conditions[1].rule: a leftmost or rightmost object needs "
        "the order of the slots: give $.house[\"living room\"].order, $.house.kitchen.order "
        '(left to right, e.g. ["lamp", "curio", "wall hanging"])',
    ]
