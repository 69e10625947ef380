"""Dream Home (the fragment): decor tokens, helpers' end-game points, Supplier, Handyman
and Scaffolding legality, located reading errors, the commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from family_util import Records, pad_items

from homestaging.cli.root import main
from homestaging.core.errors import InputError
from homestaging.core.grid import cell_names
from homestaging.core.scorepad import ScorePad
from homestaging.family.dreamhome.reader import read_home
from homestaging.family.dreamhome.rules import check
from homestaging.family.dreamhome.score import FRAGMENT_NOTE, score

DREAMHOME = Records("dreamhome", read_home, "home.json")
EXAMPLES = DREAMHOME.folder


def _pad(data: dict[str, Any], tmp_path: Path) -> ScorePad:
    return score(DREAMHOME.read(data, tmp_path))


def test_william_example() -> None:
    pad = score(read_home(EXAMPLES / "william.json"))
    assert not pad.provisional
    assert [(c.name, c.points) for c in pad.categories] == [
        ("Typed in", 39), ("Functionality", 6), ("Helpers", 7)]
    assert pad.total == 52
    assert pad.notes == (FRAGMENT_NOTE,)
    assert pad.tiebreaks == ()
    assert pad.details["fragment"] is True


def test_architect_makes_a_functionality_bonus_worth_one_more(tmp_path: Path) -> None:
    """'A home with a bathroom on each of the top two floors scores 4 points instead of
    3; a home with a bathroom, kitchen, and bedroom scores 4 points instead of 3.'"""
    data = DREAMHOME.load("william")
    data["points"] = []
    data["helpers"] = ["architect"]
    del data["handyman"]
    data["board"][2] = "..."  # no empty room
    del data["rooms"]["e"], data["rooms"]["f"]
    data["functionality"] = [data["functionality"][0]]
    assert _pad(data, tmp_path).total == 4
    data["helpers"] = []
    assert _pad(data, tmp_path).total == 3


def test_architect_counts_empty_rooms_and_designer_decor_tokens(tmp_path: Path) -> None:
    data = DREAMHOME.load("william")
    items = pad_items(_pad(data, tmp_path))
    assert items["Architect: +1 per empty room"] == 2  # the facedown cards at A3 and B3
    assert items["Interior Designer: +1 per decor token"] == 3  # bedroom, kitchen, treehouse
    data["special_decor"] = ["treehouse", "birdhouse"]  # one may own both
    assert pad_items(_pad(data, tmp_path))["Interior Designer: +1 per decor token"] == 4
    data["helpers"] = ["handyman"]
    assert _pad(data, tmp_path).categories[2].items == ()


def test_every_rule_of_the_fragment() -> None:
    problems = check(read_home(EXAMPLES / "mistakes.json"))
    assert [(p.code, tuple(cell_names(p.cells)), p.path) for p in problems] == [
        ("decor-room-type", ("A1",), "$.rooms.b"),
        ("decor-twice", ("B1", "C1"), "$.rooms.D"),
        ("room-too-large", ("B1", "C1"), "$.rooms.D"),
        ("scaffolding-left", ("A2",), "$.rooms.S"),
        ("decor-on-supplied-card", ("B2",), "$.rooms.K"),
        ("decor-on-empty-room", ("A3",), "$.rooms.e"),
        ("basement-card", ("B3",), "$.rooms.w"),
    ]
    assert problems[6].message == ("wine cellar w is a basement card, on B3: not a basement "
                                   "space (after the Handyman's switch)")


def test_tokens_at_fault_do_not_count(tmp_path: Path) -> None:
    data = DREAMHOME.load("mistakes")
    data["helpers"].append("interior designer")
    item = _pad(data, tmp_path).categories[2].items[0]
    # b's token is a bedroom token, D counts once, K is the Supplier's card, e is empty
    assert (item.points, item.explanation) == (1, "bedroom (D)")


def test_reader_messages(tmp_path: Path) -> None:
    data = DREAMHOME.load("william")
    data["board"][1] = "aKLL"
    data["rooms"]["e"] = {"empty": True, "type": "attic"}
    data["supplier"] = {"space": "C3"}
    data["helpers"].append("architect")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_home(path)
    assert [str(m).replace(str(path), "bad.json") for m in caught.value.messages] == [
        "bad.json: $.board[1]: row 2 has 4 spaces; expected 3, as the first row",
        "bad.json: $.helpers[3]: 'architect' is listed twice (first at $.helpers[0])",
        "bad.json: $.supplier: the Supplier was used, but 'supplier' is not in $.helpers",
    ]
    data["board"][1] = "aKL"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_home(path)
    assert [str(m).replace(str(path), "bad.json") for m in caught.value.messages] == [
        "bad.json: $.rooms.e: give the room's 'type', or 'empty': true for a facedown card, "
        "or 'scaffolding': true (found type, empty)",
        "bad.json: $.supplier.space: no card at C3: the Supplier exchanges a room card on "
        "the board",
        "bad.json: $.helpers[3]: 'architect' is listed twice (first at $.helpers[0])",
        "bad.json: $.supplier: the Supplier was used, but 'supplier' is not in $.helpers",
    ]


@pytest.mark.parametrize(("room", "message"), [
    ("bathroom", "$.rooms.b: expected an object, found \"bathroom\""),
    ({"type": 3}, "$.rooms.b.type: expected a string, found 3"),
    ({"type": "bathroom", "empty": True}, "$.rooms.b: give the room's 'type', or 'empty': "
     "true for a facedown card, or 'scaffolding': true (found type, empty)"),
], ids=["not an object", "bad type", "type and empty"])
def test_a_refused_room_is_still_a_card_for_the_handyman(
        tmp_path: Path, room: Any, message: str) -> None:
    """William's Handyman switched A1 and A2: a room entry at A1 that cannot be read is
    told once, and A1 still holds a card."""
    data = DREAMHOME.load("william")
    data["rooms"]["b"] = room
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        read_home(path)
    assert [str(m).replace(str(path), "bad.json") for m in caught.value.messages] == [
        f"bad.json: {message}"]


def test_commands(runner: CliRunner, tmp_path: Path) -> None:
    william = str(EXAMPLES / "william.json")
    result = runner.invoke(main, ["dreamhome", "score", william])
    assert result.exit_code == 0
    assert FRAGMENT_NOTE in result.stdout
    result = runner.invoke(main, ["dreamhome", "check", str(EXAMPLES / "mistakes.json")])
    assert result.exit_code == 1
    assert "7 errors, 0 warnings" in result.stdout
    data = json.loads(runner.invoke(main, ["dreamhome", "score", "--format", "json",
                                           william]).stdout)
    assert (data["total"], data["fragment"], data["notes"]) == (52, True, [FRAGMENT_NOTE])
    out = tmp_path / "home.png"
    assert runner.invoke(main, ["dreamhome", "render", william, "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"\x89PNG")
