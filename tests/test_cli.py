"""The command line: exit codes, text and JSON output, help for every command."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from homestaging.cli import root as cli
from homestaging.cli.root import main
from homestaging.formats.projectreader import bundled_project_files

ROOT = Path(__file__).resolve().parent.parent

TUTORIAL = (ROOT / "projects" / "00-tutorial.yaml").read_text()


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += _commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


ALL_COMMANDS = _commands(main)


@pytest.mark.parametrize("words", ALL_COMMANDS, ids=[" ".join(w) or "main" for w in ALL_COMMANDS])
def test_every_command_has_help(runner: CliRunner, words: tuple[str, ...]) -> None:
    result = runner.invoke(main, [*words, "--help"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: main {' '.join(words)}".rstrip() + " ")
    assert result.stderr == ""


@pytest.mark.parametrize("words", ALL_COMMANDS[1:], ids=[" ".join(w) for w in ALL_COMMANDS[1:]])
def test_no_command_is_cut_off_in_its_group_listing(
        runner: CliRunner, words: tuple[str, ...]) -> None:
    listing = runner.invoke(main, [*words[:-1], "--help"]).stdout.split("Commands:\n")[1]
    line = next(line for line in listing.splitlines() if line.split()[0] == words[-1])
    assert not line.endswith("..."), line


def test_the_help_gives_every_exit_code(runner: CliRunner) -> None:
    from homestaging.cli.common import ExitCode

    text = " ".join(runner.invoke(main, ["--help"]).stdout.split())
    codes = text.split("Exit codes: ")[1].split(". ")[0]
    assert [int(part.split()[0]) for part in codes.split(", ") if part[0].isdigit()] == [
        int(code) for code in ExitCode]


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == "homestaging, version 0.1.0\n"


def test_unknown_command_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["frobnicate"])
    assert result.exit_code == 2
    assert "No such command 'frobnicate'" in result.stderr


def test_bad_format_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "list", "--format", "xml"])
    assert result.exit_code == 2
    assert "'xml' is not one of 'text', 'json'" in result.stderr


# -- furniture -----------------------------------------------------------------------


def test_furniture_list_text(runner: CliRunner, columns80: None) -> None:
    result = runner.invoke(main, ["furniture", "list"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "name", "squares", "tags", "wall"]
    bathtub = next(line for line in lines if line.startswith("bathtub-corner "))
    assert bathtub.split()[-2:] == ["north,", "west"]
    assert " 4 " in bathtub
    # a piece per line, its wrapped names and tags on lines that start with spaces
    assert len([line for line in lines if not line.startswith(" ")]) == 2 + 72


def test_furniture_list_json_with_tag(runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "list", "--tag", "plant", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [p["id"] for p in data] == ["plant-large", "plant-shelf", "plant-small", "plant-small-2"]
    assert set(data[0]) == {"id", "name", "kind", "tags", "squares", "circulation", "wall",
                            "hatch"}
    assert [p["hatch"] for p in data] == ["/", "/", "/", "/"]


def test_furniture_list_unknown_tag_lists_the_tags(runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "list", "--tag", "bathrom"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--tag': no piece has the tag 'bathrom'; the tags are: "
        "aquarium, armchair, bath, bathroom, bed, bedroom, books, chair, counter, desk, "
        "dining, fireplace, fridge, kitchen, lamp, laundry, living, office, piano, plant, "
        "rug, shower, sink, sofa, storage, stove, table, toilet, tv")


def test_furniture_show_draws_four_rotations(runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "show", "bathtub-corner"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[4] == "  hatch on the drawing sheet: / (rising diagonals)"
    assert result.stdout.splitlines()[6:11] == [
        "rotation 0   rotation 90   rotation 180   rotation 270",
        "##.          .##           .o.            .o.",
        "##o          o##           o##            ##o",
        ".o.          .o.           .##            ##.",
        "wall: n,w    wall: n,e     wall: e,s      wall: s,w",
    ]
    assert result.stdout.splitlines()[1:4] == [
        "  4 furniture squares, 2 circulation", "  tags: bathroom, bath",
        "  stands against a wall on its north and west sides (at rotation 0)"]


def test_furniture_show_counts_one_square_and_one_side_in_the_singular(
        runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "show", "toilet"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:4] == [
        "  1 furniture square, 1 circulation", "  tags: bathroom, toilet",
        "  stands against a wall on its north side (at rotation 0)"]


def test_furniture_show_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "show", "sofa", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["id"] == "sofa"
    assert [r["rows"] for r in data["rotations"]][:2] == [["###", "ooo"], ["o#", "o#", "o#"]]


def test_furniture_show_unknown_suggests(runner: CliRunner) -> None:
    result = runner.invoke(main, ["furniture", "show", "sofa-cornr"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.endswith(
        "Error: Invalid value for ID: unknown piece id 'sofa-cornr' (did you mean "
        "'sofa-corner' or 'sofa-sectional' or 'desk-corner'?)\n")


def test_furniture_with_project_catalog(runner: CliRunner, tmp_path: Path) -> None:
    own = TUTORIAL + "furniture:\n  - {id: cat-tree, name: Cat tree, tags: [cat], art: \"C\\no\"}\n"
    path = tmp_path / "own.yaml"
    path.write_text(own)
    result = runner.invoke(main, ["furniture", "show", "cat-tree", "--project", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("cat-tree: Cat tree\n")
    shown = runner.invoke(main, ["projects", "show", str(path)])
    assert "Own furniture: cat-tree" in shown.stdout


# -- cards ---------------------------------------------------------------------------


def test_cards_show(runner: CliRunner) -> None:
    result = runner.invoke(main, ["cards", "show", "7"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Card 7"
    assert "7a: kitchen-corner or counter-straight" in lines
    assert "7b: kitchen-u or counter-long" in lines
    assert "  #oo              ooo" in lines


def test_cards_show_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["cards", "show", "19", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [v["variant"] for v in data["variants"]] == ["a", "b"]
    assert all(len(v["options"]) == 2 for v in data["variants"])


def test_cards_show_unknown_number(runner: CliRunner) -> None:
    result = runner.invoke(main, ["cards", "show", "34"])
    assert result.exit_code == 2
    assert "there is no card 34 (cards are 1 to 33)" in result.stderr


# -- projects ------------------------------------------------------------------------


def test_projects_list(runner: CliRunner, columns80: None) -> None:
    result = runner.invoke(main, ["projects", "list"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len([line for line in lines if not line.startswith(" ")]) == 2 + 13
    assert lines[2].split()[:5] == ["0", "tutorial", "Tutorial", "0", "tutorial"]
    assert lines[3].strip() == "Living room"  # the rooms wrapped under their column


def test_projects_list_json(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "list", "--format", "json"])
    data = json.loads(result.stdout)
    assert [p["number"] for p in data] == list(range(13))
    assert data[0] == {
        "number": 0,
        "id": "tutorial",
        "name": "Tutorial",
        "difficulty": 0,
        "rooms": ["Kitchen", "Bathroom", "Living room"],
    }


def test_projects_show_map(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "show", "tutorial"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    top = lines.index("   ABCDEFGHIJKLMNOP")
    assert lines[top + 1 : top + 13] == [
        " 1 ................",
        " 2 .##############.",
        " 3 .##############T",
        " 4 .##############.",
        " 5 .##############.",
        " 6 T######X#######.",
        " 7 .##############.",
        " 8 .##############.",
        " 9 .##############.",
        "10 .##############.",
        "11 .##############.",
        "12 RRRRRRRRRRRRRRRR",
    ]
    assert "# house  . outside  X obstacle  R road  T tree" in lines
    assert "    card 7 x1: a kitchen-corner, counter-straight | b kitchen-u, counter-long" in lines
    assert "  +3 if the living room looks onto a tree" in lines


def test_projects_show_special_rules_and_walls(runner: CliRunner) -> None:
    no_hallway = next(
        pid for pid, path in bundled_project_files().items() if "no-hallway" in path.read_text()
    )
    result = runner.invoke(main, ["projects", "show", no_hallway, "--format", "json"])
    data = json.loads(result.stdout)
    assert data["special_rules"][0]["rule"] == "no-hallway"
    assert data["special_rules"][0]["meaning"].startswith("There is no hallway")
    text = runner.invoke(main, ["projects", "show", no_hallway]).stdout
    assert "Special rules:\n  no-hallway: There is no hallway" in text


def test_projects_show_wide_sheet_has_two_letter_columns(runner: CliRunner, tmp_path: Path) -> None:
    wide = TUTORIAL.replace("{width: 16, height: 12}", "{width: 30, height: 12}")
    path = tmp_path / "wide.yaml"
    path.write_text(wide)
    lines = runner.invoke(main, ["projects", "show", str(path)]).stdout.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("   " + " " * 26 + "AAAA"))
    assert lines[top + 1] == "   ABCDEFGHIJKLMNOPQRSTUVWXYZABCD"


def test_projects_show_path_and_stdin(runner: CliRunner) -> None:
    by_path = runner.invoke(main, ["projects", "show", str(ROOT / "projects/00-tutorial.yaml")])
    by_stdin = runner.invoke(main, ["projects", "show", "-"], input=TUTORIAL)
    by_id = runner.invoke(main, ["projects", "show", "tutorial"])
    assert by_path.exit_code == by_stdin.exit_code == 0
    assert by_path.stdout == by_id.stdout
    # the bundled par figures are the bundled file's: a project on standard input has none
    lines = by_id.stdout.splitlines()
    assert lines[1].startswith("Par ")
    assert by_stdin.stdout.splitlines() == lines[:1] + lines[2:]


def test_projects_show_unknown(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "show", "tutorail"])
    assert result.exit_code == 2
    assert "unknown project 'tutorail'" in result.stderr


def test_projects_show_broken_file_lists_every_problem(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        TUTORIAL.replace("obstacles: [H6]", "obstacles: [A1]").replace("number: 7,", "number: 70,")
    )
    result = runner.invoke(main, ["projects", "show", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}: $.obstacles[0]: obstacle at A1 is outside the house",
        f"{path}: $.rooms[0].cards[0].number: there is no card number 70",
    ]
    assert "Traceback" not in result.stderr


def test_projects_validate_bundled(runner: CliRunner) -> None:
    files = [str(p) for p in bundled_project_files().values()]
    result = runner.invoke(main, ["projects", "validate", *files])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines() == [f"{f}: OK" for f in files]


def test_projects_validate_findings_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(TUTORIAL.replace("when: {view:", "when: {near:"))
    good = str(ROOT / "projects/00-tutorial.yaml")
    result = runner.invoke(main, ["projects", "validate", good, str(bad), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data[0] == {"file": good, "valid": True, "errors": []}
    assert data[1]["valid"] is False
    assert data[1]["errors"] == [
        f"{bad}: $.bonuses[0].when.near: unknown key 'near' (expected one of: view, distance, "
        "adjacent, count, room_size, all, any, not)"
    ]


def test_projects_validate_missing_file(runner: CliRunner, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["projects", "validate", "nope.yaml"])
    assert result.exit_code == 1
    assert result.stdout == "nope.yaml: no such file\n"


def test_projects_validate_stdin(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "validate", "-"], input=TUTORIAL)
    assert result.exit_code == 0
    assert result.stdout == "<stdin>: OK\n"


def test_projects_validate_needs_a_file(runner: CliRunner) -> None:
    result = runner.invoke(main, ["projects", "validate"])
    assert result.exit_code == 2


# -- errors --------------------------------------------------------------------------


def _explode(*args: object, **kwargs: object) -> None:
    raise RuntimeError("boom\nsecond line")


def test_internal_error_is_one_line_exit_2(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("homestaging.text.pages.format_project_list", _explode)
    result = runner.invoke(main, ["projects", "list"])
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: internal error (RuntimeError: boom); run with --debug for the details\n"
    )


def test_debug_shows_the_exception(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("homestaging.text.pages.format_project_list", _explode)
    result = runner.invoke(main, ["--debug", "projects", "list"])
    assert isinstance(result.exception, RuntimeError)
    assert result.exit_code == 1


def test_module_exports_main() -> None:
    assert cli.__all__ == ["main"]


# -- sheets --------------------------------------------------------------------------

MID_GAME = {
    "format": "homestaging-sheet/1",
    "project": "tutorial",
    "player": "Ada",
    "rooms": [
        {"name": "Kitchen", "cells": ["B2:E4"], "door": ["D4", "s"]},
        {"name": "Bathroom"},
    ],
    "pieces": [{"piece": "kitchen-corner", "at": "B2"}, {"piece": "toilet", "at": "G2"}],
    "current_room": "Bathroom",
}
OVERLAP = {
    **MID_GAME,
    "pieces": [
        {"piece": "kitchen-corner", "at": "B2"},
        {"piece": "stove", "at": "C2"},
        {"piece": "toilet", "at": "G2"},
    ],
}


def _write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_check_mid_game_lists_what_is_still_to_do(runner: CliRunner, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  columns80: None) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["check", "mid.json"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    # the kitchen's door opens onto D4, a square of the kitchen that no circulation
    # covers: even with a front door, the kitchen could not be reached
    assert lines[:3] == [
        "1. mid.json: D4: unreachable-room: Kitchen cannot be reached: door D4/s opens",
        "   onto a square that is not walkable (warning)",
        "0 errors, 1 warning",
    ]
    # in plain words, no rule codes, numbered as the plan numbers them; the living room is
    # not played yet
    todo = lines[lines.index("Still to do:") + 1 : lines.index("Score so far (mid-game): 0") - 1]
    assert todo == [
        "  2. Draw the front door (front_door) on an exterior wall, opening onto the",
        "     hallway: until then no room is reached, so no room scores.",
        "  3. When the Bathroom is furnished, wall it: give its squares (cells, or",
        "     room_grid) and one door onto the hallway; then set current_room to the next",
        "     room, the Living room.",
    ]


def test_check_error_exits_1(runner: CliRunner, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch, columns80: None) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "bad.json", OVERLAP)
    result = runner.invoke(main, ["check", "bad.json"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:4] == [
        "1. bad.json: C2: overlap: Stove at C2 stands on the Corner kitchen at C2-D2",
        "2. bad.json: D4: unreachable-room: Kitchen cannot be reached: door D4/s opens",
        "   onto a square that is not walkable (warning)",
        "1 error, 1 warning",
    ]


def test_check_json(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "bad.json", OVERLAP)
    result = runner.invoke(main, ["check", sheet, "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert list(data) == ["file", "problems", "todo", "provisional_total", "info",
                          "total_if_connected", "rooms", "bonuses", "penalties"]
    assert data["problems"][0] == {
        "code": "overlap",
        "severity": "error",
        "message": "pieces[1] (Stove) stands on pieces[0] (Corner kitchen) at C2-D2",
        "subject": "pieces[1] (Stove)",
        "cells": ["C2", "D2"],
        "path": "$.pieces[1]",
    }
    assert data["problems"][1]["code"] == "unreachable-room"
    assert data["problems"][1]["blocked_by"] == []
    assert [(r["name"], r["points"], r["points_if_connected"]) for r in data["rooms"]] == [
        ("Kitchen", 0, 0), ("Bathroom", 0, None), ("Living room", 0, None)]
    assert [p["code"] for p in data["todo"]][:1] == ["front-door-count"]


def test_check_final_turns_todo_into_errors(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["check", sheet, "--final", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["todo"] == []
    assert {p["code"] for p in data["problems"]} >= {"front-door-count", "room-not-finalized"}


def test_check_stdin(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "-"], input=json.dumps(OVERLAP))
    assert result.exit_code == 1
    assert result.stdout.startswith("1. <stdin>: C2: overlap: ")


@pytest.mark.parametrize("command", [["score"], ["roomies", "score"]], ids=" ".join)
def test_score_reads_standard_input_once(runner: CliRunner, command: list[str]) -> None:
    """'-' twice would read an input already used up: refused before anything is read."""
    result = runner.invoke(main, [*command, "-", EXAMPLE, "-"], input=json.dumps(OVERLAP))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Error: '-' (standard input) may be given once: it is read once" in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "1:2: the file ends before its value does: a closing bracket or brace is "
         "missing (Expecting property name enclosed in double quotes)"),
        ('{"format": "homestaging-sheet/1", "project": "nowhere"}', "unknown project 'nowhere'"),
    ],
    ids=["syntax", "project"],
)
def test_check_unusable_sheet_exits_2(runner: CliRunner, text: str, message: str) -> None:
    result = runner.invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_check_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["check", str(tmp_path / "no.json")])
    assert result.exit_code == 2
    assert result.stderr == f"{tmp_path / 'no.json'}: no such file\n"


def test_convert_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "bad.json", OVERLAP)
    grid = runner.invoke(main, ["convert", sheet, "--to", "grid"])
    assert grid.exit_code == 0
    data = json.loads(grid.stdout)
    assert data["furniture_grid"][1] == ".AAA..B........."
    assert data["pieces"] == [{"piece": "stove", "at": "C2", "rotation": 0}]
    out = tmp_path / "grid.json"
    written = runner.invoke(main, ["convert", sheet, "--to", "grid", "-o", str(out)])
    assert written.exit_code == 0 and written.stdout == ""
    assert out.read_text() == grid.stdout
    back = runner.invoke(main, ["convert", str(out), "--to", "pieces"])
    assert json.loads(back.stdout)["pieces"] == [
        {"piece": "kitchen-corner", "at": "B2", "rotation": 0},
        {"piece": "toilet", "at": "G2", "rotation": 0},
        {"piece": "stove", "at": "C2", "rotation": 0},
    ]


def test_convert_refuses_to_overwrite_its_input(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "bad.json", OVERLAP)
    before = Path(sheet).read_text()
    result = runner.invoke(main, ["convert", sheet, "--to", "grid", "-o", sheet])
    assert result.exit_code == 2
    assert result.stderr == f"{sheet}: refusing to overwrite an input file\n"
    assert Path(sheet).read_text() == before


@pytest.mark.parametrize("command", [["render", "{sheet}", "-o", "{out}.png"],
                                     ["convert", "{sheet}", "--to", "grid", "-o", "{out}.json"]],
                         ids=["render", "convert"])
def test_an_output_through_a_symbolic_link_is_refused(
        runner: CliRunner, tmp_path: Path, command: list[str]) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    out = str(tmp_path / "link")
    link = Path(command[-1].format(out=out))
    link.symlink_to(victim)
    result = runner.invoke(main, [arg.format(sheet=sheet, out=out) for arg in command])
    assert result.exit_code == 2
    assert result.stderr == (f"{link}: is a symbolic link; not written through (nothing "
                             "written): give the file's own name\n")
    assert victim.read_text() == "precious\n" and link.is_symlink()


def test_convert_to_dash_is_refused_not_a_file_named_dash(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["convert", sheet, "--to", "grid", "-o", "-"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("-: names standard output, not a file: give a file name "
                             "(without -o the result goes to standard output)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mid.json"]


EXAMPLE = str(ROOT / "examples" / "tutorial-finished.json")


def test_check_finished_example(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", EXAMPLE])
    assert result.exit_code == 0
    assert result.stdout == f"""{EXAMPLE}: no rule broken

Score: 30
  Kitchen                                                                9
  Bathroom                                                               5
  Living room                                                           10
  [x] +3 if the living room looks onto a tree                           +3
  [x] +1 per plant next to a window                                     +1
  [x] +2 if the kitchen door is at most 3 squares from the front door   +2
"""


def test_check_mid_game_has_a_provisional_score(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["check", _write(tmp_path, "mid.json", MID_GAME), "--format",
                                  "json"])
    # no front door yet: nothing is reachable; the living room is not walled yet, so its
    # empty-room penalty is not charged mid-game
    assert json.loads(result.stdout)["provisional_total"] == 0
    text = runner.invoke(main, ["check", str(tmp_path / "mid.json")]).stdout
    assert "\nScore so far (mid-game): 0\n  Kitchen  " in text


def test_check_finished_sheet_with_errors_has_a_provisional_score(
    runner: CliRunner, tmp_path: Path
) -> None:
    sheet = json.loads(Path(EXAMPLE).read_text())
    sheet["front_door"] = [["H11", "s"], ["J11", "s"]]
    result = runner.invoke(main, ["check", _write(tmp_path, "two.json", sheet)])
    assert result.exit_code == 1
    # two front doors: no room is reached; once connected, every bonus but the distance
    # to the front door
    assert "\n1 error, 3 warnings\n\nProvisional score: 0 (28 if every walled room is " \
        "connected)\n" in result.stdout


def test_score_example(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(main, ["score", "examples/tutorial-finished.json"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "examples/tutorial-finished.json - tutorial - Blue Orange Furnishings"
    assert lines[-2].split() == ["TOTAL", "30"]
    assert lines[-1].split() == ["pieces", "(tie-break)", "9"]
    assert "Problems:" not in result.stdout


def test_score_json_one_sheet_is_an_object(runner: CliRunner) -> None:
    result = runner.invoke(main, ["score", EXAMPLE, "--format", "json"])
    data = json.loads(result.stdout)
    assert list(data) == ["project", "player", "rooms", "bonuses", "penalties", "total",
                          "total_if_connected", "furniture_count", "problems", "final"]
    assert (data["total"], data["furniture_count"], data["final"]) == (30, 9, True)


def test_score_with_errors_is_provisional_and_exits_1(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        columns80: None) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "bad.json", OVERLAP)
    result = runner.invoke(main, ["score", "bad.json"])
    assert result.exit_code == 1
    assert "PROVISIONAL" in result.stdout
    errors = result.stdout.split("\nErrors:\n")[1].splitlines()
    assert errors[:2] == [
        "  1. bad.json: C2: overlap: pieces[1] (Stove) stands on pieces[0] (Corner",
        "     kitchen) at C2-D2",
    ]
    # numbered as 'check --final' numbers them
    assert any(line.endswith(". bad.json: front-door-count: the house has no front door")
               for line in errors)
    assert "\nProblems:\n" not in result.stdout


def test_score_several_sheets_rank(runner: CliRunner, tmp_path: Path, columns80: None) -> None:
    sheet = _write(tmp_path, "bad.json", OVERLAP)
    result = runner.invoke(main, ["score", sheet, EXAMPLE])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if not line.startswith(" " * 7)]
    assert lines[0].split() == ["place", "player", "sheet", "total", "pieces"]
    assert lines[1].split()[0] == "1" and EXAMPLE in lines[1]
    assert lines[2].split()[0] == "2" and sheet in lines[2]
    data = json.loads(runner.invoke(main, ["score", sheet, EXAMPLE, "--format", "json"]).stdout)
    assert [(d["file"], d["total"]) for d in data] == [(EXAMPLE, 30), (sheet, -3)]


def test_score_needs_a_sheet(runner: CliRunner) -> None:
    assert runner.invoke(main, ["score"]).exit_code == 2


# -- place ---------------------------------------------------------------------------


def test_place_lists_best_first(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["place", sheet, "washbasin", "--top", "2"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "  1. washbasin at F2, rotation 0 (on F2): 1 point; a door here reaches 2 of 2 points",
        "  2. washbasin at H2, rotation 0 (on H2): 1 point; a door here reaches 2 of 2 points",
        "     ... 43 more (45 legal placements)",
    ]


def test_place_card_json(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["place", sheet, "--card", "14", "--top", "1", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["card", "room", "tokens", "pieces"]  # one token: no pairs
    assert (data["card"], data["room"], data["tokens"]) == (14, "Bathroom", 1)
    pieces = data["pieces"]
    assert [d["piece"] for d in pieces] == ["bathtub", "bathtub-corner", "shower",
                                            "shower-walk-in"]
    assert pieces[0]["count"] == 31
    assert pieces[0]["candidates"][0]["at"] == "H2"
    assert len(pieces[0]["candidates"]) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sofa-x"], "unknown piece id 'sofa-x' (did you mean 'sofa' or 'sofa-corner' or "
                     "'sofa-loveseat'?)"),
        (["--card", "40"], "Invalid value for '--card': there is no card 40 (cards are 1 to 33)"),
        (["sofa", "--card", "14"], "'sofa' is not on card 14"),
        (["sofa", "--room", "Cellar"], "no room named 'Cellar' in project tutorial; its rooms "
                                       "are: Kitchen, Bathroom, Living room"),
        (["sofa", "--room", "Kitchn"], "no room named 'Kitchn' in project tutorial (did you "
                                       "mean 'Kitchen'?); its rooms are: Kitchen, Bathroom, "
                                       "Living room"),
        ([], "give a PIECE id or --card NUMBER"),
    ],
    ids=["unknown-piece", "unknown-card", "not-on-card", "unknown-room", "misspelt-room",
         "nothing"],
)
def test_place_usage_errors(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["place", sheet, *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_place_in_a_room_with_no_entry_yet(runner: CliRunner, tmp_path: Path) -> None:
    """The room being furnished need not be listed yet: a bonus measuring to its door
    (the country manor's kitchen door near the dining room's) finds no door, no crash."""
    pieces = runner.invoke(main, ["convert", str(ROOT / "examples/country-manor-finished.json"),
                                  "--to", "pieces"])
    assert pieces.exit_code == 0, pieces.stderr
    sheet = json.loads(pieces.stdout)
    sheet["rooms"] = sheet["rooms"][:1]  # the Living room, walled with its door
    sheet["pieces"] = [sheet["pieces"][i] for i in (0, 1, 2, 5, 8)]  # the Living room's
    sheet["current_room"] = "Dining room"
    del sheet["wild_card"]
    result = runner.invoke(main, ["place", _write(tmp_path, "manor.json", sheet),
                                  "dining-bench", "--top", "1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith(
        "  1. dining-bench at K2, rotation 270 (on K2, K3, K4): 3 points; a door here reaches "
        "3 of 3 points")


def test_place_in_the_first_room_with_no_room_listed(runner: CliRunner) -> None:
    """The tutorial's kitchen before any room is listed: its bonuses measure to no room."""
    result = runner.invoke(main, ["place", str(ROOT / "tests/cases/rules/overlap.json"),
                                  "counter-long", "--top", "1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "  1. counter-long at E2, rotation 0 (on E2-H2): 4 points; a door here reaches 11 of "
        "11 points")


def test_place_preview(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    out = tmp_path / "preview.png"
    result = runner.invoke(main, ["place", sheet, "washbasin", "--top", "1", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_place_preview_with_nothing_to_draw_still_says_why(
        runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    out = tmp_path / "preview.png"
    result = runner.invoke(main, ["place", sheet, "stove", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stdout == ("no legal placement: stove is not an option on the furniture "
                             "cards of Bathroom (cards 13, 14)\n")
    assert result.stderr == f"{out}: no legal placement to preview; nothing written\n"
    assert not out.exists()


def test_place_preview_of_a_card_is_deterministic(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    outs = [tmp_path / "a.svg", tmp_path / "b.svg"]
    for out in outs:
        result = runner.invoke(main, ["place", sheet, "--card", "14", "--top", "2", "-o", str(out)])
        assert result.exit_code == 0, result.stderr
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert b'id="ghost-number-1"' in outs[0].read_bytes()


# -- pictures ------------------------------------------------------------------------


def test_render_png_and_svg(runner: CliRunner, tmp_path: Path) -> None:
    for name, magic in (("plan.png", b"\x89PNG"), ("plan.svg", b"<?xml")):
        result = runner.invoke(main, ["render", EXAMPLE, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.stderr
        assert (tmp_path / name).read_bytes().startswith(magic)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plan.png", "plan.svg"]


def test_render_bad_extension_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["render", EXAMPLE, "-o", str(tmp_path / "plan.txt")])
    assert result.exit_code == 2
    assert "expected a file name ending in .png, .svg, .pdf" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("name", "message"), [("", ": no such file"),
                                             ("/", "/: is a folder, expected a file")],
                         ids=["empty", "root"])
def test_render_beside_a_name_that_is_no_file(runner: CliRunner, name: str, message: str) -> None:
    result = runner.invoke(main, ["render", name])
    assert result.exit_code == 2
    assert result.stderr == message + "\n"


@pytest.mark.parametrize("args", [
    ["convert", EXAMPLE, "--to", "grid", "-o"],
    ["par", "tutorial", "--games", "1", "--save-par"],
    ["deal", "tutorial", "--seed", "7", "-o"],
], ids=["convert", "par", "deal"])
def test_a_folder_given_as_an_output_is_refused_in_words(
        runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    result = runner.invoke(main, [*args, str(tmp_path)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"{tmp_path}: is a folder, expected a file name\n"


def test_render_unusable_sheet(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["render", "-", "-o", str(tmp_path / "p.png")], input="[")
    assert result.exit_code == 2
    assert result.stderr.startswith("<stdin>:1:2: ")
    assert list(tmp_path.iterdir()) == []


def test_print_project_pdf(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = runner.invoke(main, ["print", "tutorial", "-o", str(out), "--paper", "letter"])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "x.pdf"], "give a PROJECT to print, --all for the book, or 'cards'"),
    (["tutorial", "--all", "-o", "x.pdf"], "give a PROJECT or --all, not both"),
    (["cards", "--fill", EXAMPLE, "-o", "x.pdf"],
     "'print cards' prints the furniture cards: give no --all and no --fill"),
    (["cards", "--all", "-o", "x.pdf"],
     "'print cards' prints the furniture cards: give no --all and no --fill"),
], ids=["none", "both", "cards-fill", "cards-all"])
def test_print_needs_project_or_all(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, ["print", *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: {message}"


def test_edit_of_a_new_sheet_with_an_unknown_project(runner: CliRunner, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    result = runner.invoke(main, ["edit", str(sheet), "--project", "nope", "--no-browser"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[-1].startswith(
        "Error: Invalid value for '--project': unknown project 'nope': expected a bundled id")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["print", "cards", "-o", "x.pdf"], ["furniture", "list"],
                                     ["cards", "show", "1"]], ids=lambda c: " ".join(c[:2]))
def test_an_unknown_project_option_is_named_as_the_option(
        runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(main, [*command, "--project", "nope"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].startswith(
        "Error: Invalid value for '--project': unknown project 'nope': expected a bundled id")


def test_print_refuses_to_overwrite_the_project(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "p.pdf"
    path.write_text(TUTORIAL)
    result = runner.invoke(main, ["print", str(path), "-o", str(path)])
    assert result.exit_code == 2
    assert result.stderr == f"{path}: refusing to overwrite an input file\n"
    assert path.read_text() == TUTORIAL


def test_furniture_show_picture(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "sofa.svg"
    result = runner.invoke(main, ["furniture", "show", "sofa", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert out.read_bytes().startswith(b"<?xml")


def test_furniture_sheet_pdf(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "catalog.pdf"
    result = runner.invoke(main, ["furniture", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes()[:5] == b"%PDF-"


def test_projects_show_notes_walls_in_board_order(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "walls.yaml"
    walls = 'walls: [["C10", "e"], ["C2", "e"], ["D9", "n"]]'
    path.write_text(TUTORIAL.replace("walls: []", walls))
    result = runner.invoke(main, ["projects", "show", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "Walls drawn before play: C2/e, D9/n, C10/e" in result.stdout.splitlines()


# -- a new player's round-by-round game (frictions found by playing the tutorial) --------

FIRST_GAME = ROOT / "examples" / "tutorial-first-game.json"


def _cut_off_island(tmp_path: Path) -> str:
    """The first game with a kitchen island whose back circulation row is cut off."""
    sheet = json.loads(FIRST_GAME.read_text())
    grid = sheet["furniture_grid"]
    grid[6] = ".P.........oo..."
    grid[7] = "..........oIIo.."
    grid[8] = "...........oooK."
    del sheet["furniture_legend"]["T"]
    sheet["furniture_legend"]["I"] = "kitchen-island"
    return _write(tmp_path, "island.json", sheet)


def test_check_reports_unreachable_pieces_like_score(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        columns80: None) -> None:
    path = _cut_off_island(tmp_path)
    monkeypatch.chdir(tmp_path)
    warning = ("1. island.json: L8: unreachable-piece: Kitchen island at L8-M8 cannot be\n"
               "   reached: circulation square L7 is cut off from the door; blocked by its own\n"
               "   furniture at L8 (warning)")
    result = runner.invoke(main, ["check", "island.json"])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{warning}\n0 errors, 1 warning\n\nScore: 30\n")
    data = json.loads(runner.invoke(main, ["check", path, "--format", "json"]).stdout)
    assert [(p["code"], p["cells"], p["path"], p["blocked_by"]) for p in data["problems"]] == [
        ("unreachable-piece", ["L8", "M8"], "$.furniture_grid[7]", ["L8"])]
    scored = json.loads(runner.invoke(main, ["score", path, "--format", "json"]).stdout)
    assert scored["problems"] == data["problems"]


def test_check_without_front_door_does_not_repeat_it_per_room(runner: CliRunner) -> None:
    mid = str(ROOT / "examples" / "tutorial-midgame.json")
    result = runner.invoke(main, ["check", mid, "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["problems"] == []
    assert [p["code"] for p in data["todo"]] == ["front-door-count", "room-not-finalized"]


def test_check_with_front_door_reports_unreachable_room(runner: CliRunner, tmp_path: Path) -> None:
    sheet = json.loads(FIRST_GAME.read_text())
    sheet["rooms"][1]["door"] = ["L3", "w"]  # L3 is an empty square: not walkable
    result = runner.invoke(main, ["check", _write(tmp_path, "door.json", sheet), "--format",
                                  "json"])
    assert result.exit_code == 0
    assert [(p["code"], p["severity"], p["path"]) for p in json.loads(result.stdout)["problems"]
            ] == [("unreachable-room", "warning", "$.rooms[1]")]


def test_place_on_a_finished_sheet_says_nothing_is_being_furnished(runner: CliRunner) -> None:
    result = runner.invoke(main, ["place", str(FIRST_GAME), "sofa"])
    assert result.exit_code == 2
    assert result.stderr == (f"{FIRST_GAME}: every room of the project is walled: no room is "
                             "being furnished; nothing to place\n")
    assert "--room" not in result.stderr


def test_cards_show_and_place_card_say_the_same(runner: CliRunner) -> None:
    shown = runner.invoke(main, ["cards", "show", "99"])
    placed = runner.invoke(main, ["place", EXAMPLE, "--card", "99"])
    assert shown.exit_code == placed.exit_code == 2
    assert "there is no card 99 (cards are 1 to 33)" in shown.stderr
    assert "there is no card 99 (cards are 1 to 33)" in placed.stderr


def test_ranking_sheets_of_different_projects_warns(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "mine.yaml").write_text(
        TUTORIAL.replace("id: tutorial", "id: my-tutorial").replace("points: 3", "points: 5"))
    (tmp_path / "sheets").mkdir()
    sheet = json.loads(FIRST_GAME.read_text())
    sheet["project"] = "../house/mine.yaml"
    mine = _write(tmp_path / "sheets", "mine.json", sheet)
    result = runner.invoke(main, ["score", mine, str(FIRST_GAME)])
    assert result.exit_code == 0
    assert result.stderr == ("warning: these sheets are of different projects (my-tutorial, "
                             "tutorial); their totals do not compare\n")
    rows = [line.split() for line in result.stdout.splitlines()[1:]]
    assert [(row[0], row[-2]) for row in rows] == [("1", "34"), ("2", "32")]
    same = runner.invoke(main, ["score", str(FIRST_GAME), EXAMPLE])
    assert same.exit_code == 0 and same.stderr == ""


@pytest.mark.parametrize("words", [("check",), ("score",), ("place",), ("render",), ("convert",),
                                   ("hint",)])
def test_sheet_commands_say_stdin_in_help(runner: CliRunner, words: tuple[str, ...]) -> None:
    result = runner.invoke(main, [*words, "--help"])
    assert "'-' for standard input" in " ".join(result.stdout.split()) or (
        "SHEET may be '-'" in " ".join(result.stdout.split()))


def test_place_preview_help_matches_what_it_draws(runner: CliRunner) -> None:
    text = " ".join(runner.invoke(main, ["place", "--help"]).stdout.split())
    assert ("small plans of the best --top placements (at most 6; with --card, the best of "
            "each piece), one candidate each, numbered as in the list") in text


def test_readme_first_sheet_checks_clean(runner: CliRunner, tmp_path: Path) -> None:
    import re

    readme = (ROOT / "README.md").read_text()
    block = re.search(r"## Your first sheet\n.*?```json\n(.*?)```", readme, re.S)
    assert block is not None
    path = tmp_path / "first.json"
    path.write_text(block.group(1))
    result = runner.invoke(main, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["problems"] == []
    # the rooms not played yet have nothing to do yet
    assert [(p["code"], p["subject"]) for p in data["todo"]] == [
        ("front-door-count", "front door"), ("room-not-finalized", "room Kitchen")]


def test_place_says_why_a_piece_can_go_nowhere(runner: CliRunner, tmp_path: Path) -> None:
    sheet = _write(tmp_path, "mid.json", MID_GAME)
    result = runner.invoke(main, ["place", sheet, "sofa"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("no legal placement: sofa is not an option on the furniture "
                                    "cards of Bathroom")
    data = json.loads(runner.invoke(main, ["place", sheet, "sofa", "--format", "json"]).stdout)
    assert data["count"] == 0 and data["reason"].startswith("sofa is not an option")


def test_render_into_a_missing_folder_says_so(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "plans" / "plan.png"
    result = runner.invoke(main, ["render", EXAMPLE, "-o", str(target)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"{target}: cannot be written: its folder does not exist\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "message"), [
    (["new", "tutorial", "-q"], "-q is an option of homestaging itself: write it before the "
                                "command, as in 'homestaging -q new ...'"),
    (["roomies", "check", "--color", "never", "x.json"],
     "--color is an option of homestaging itself: write it before the command, as in "
     "'homestaging --color ... roomies check ...'"),
    (["check", "--nope", "x.json"], "No such option '--nope'."),
], ids=["flag", "with-value", "no-such-option"])
def test_a_root_option_after_the_command_says_where_it_goes(
        runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, args, prog_name="homestaging")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == f"Error: {message}"
