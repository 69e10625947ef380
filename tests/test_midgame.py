"""Mid-game help: a new sheet, the score being built, why a piece or room is cut off, the
squares to keep free, what still to do in plain words, JSON for unusable input, and
place's ranking by what a move is worth."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from plans import changed, project, sheet

from homestaging.cli.root import main
from homestaging.core.errors import Severity
from homestaging.core.grid import cell_name, cell_names, cells_text
from homestaging.core.layout import layout
from homestaging.formats.projectreader import bundled_project_files, find_project
from homestaging.formats.sheetreader import parse_sheet, read_sheet
from homestaging.formats.sheetwriter import blank_sheet, new_sheet_json, new_sheet_text
from homestaging.rules.checks import Code, check
from homestaging.scoring.access import access, connected_access
from homestaging.scoring.blocking import only_ways
from homestaging.scoring.card import check_sheet, rooms_in_play, score
from homestaging.search.moves import DIVERSE, judged_size, pool_size, rank_moves, rank_pairs
from homestaging.search.placement import SheetMasks, card_variants, legal_keys

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WALK = EXAMPLES / "walkthrough"


def load(path: Path, **changes: Any) -> Any:
    """A sheet file's data with some entries changed (None: removed)."""
    return changed(json.loads(path.read_text()), **changes)


def parse(data: Any, base: Path = EXAMPLES) -> Any:
    return parse_sheet(data, "sheet.json", base)


# -- new -------------------------------------------------------------------------------


@pytest.mark.parametrize("project_id", sorted(bundled_project_files()))
def test_a_new_sheet_reads_back_as_an_empty_legal_mid_game_sheet(project_id: str) -> None:
    proj = find_project(project_id)
    data = json.loads(new_sheet_text(blank_sheet(proj, player="Ada")))
    assert data["rooms"] == [{"name": room.name} for room in proj.rooms]
    assert data["current_room"] == proj.rooms[0].name
    for key in ("room_grid", "furniture_grid"):
        assert data[key] == ["." * proj.width] * proj.height
    assert data["house"]["map"] == proj.map_rows()
    assert len(data["house"]["map"]) == proj.height
    read = parse(data)
    assert (read.pieces, read.walled, read.notes) == ((), frozenset(), ())
    found = check_sheet(read)
    assert [p for p in found.problems if p.severity != Severity.TODO] == []
    assert [(p.code, p.subject) for p in found.problems] == [
        ("front-door-count", "front door"), ("room-not-finalized", f"room {proj.rooms[0].name}")]
    assert found.card.total == sum(bonus.points for bonus in found.card.bonuses)


def test_the_reader_ignores_the_house_hint() -> None:
    data = new_sheet_json(blank_sheet(find_project("tutorial")))
    plain = parse(data)
    data["house"] = {"anything": ["at", "all"], "map": 3}
    assert parse(data) == plain


def test_the_house_hint_names_the_walls_drawn_before_play() -> None:
    hint = new_sheet_json(blank_sheet(find_project("artist-studio")))["house"]
    assert list(hint) == ["about", "key", "walls", "map"]
    assert hint["walls"] == ["I2/e", "I3/e", "I4/e", "I5/e", "I6/e"]
    assert hint["key"] == "# house  . outside  G garden  T tree"


def test_new_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["new", "tutorial", "--player", "Ada"])
    assert result.exit_code == 0, result.output
    assert result.stdout == new_sheet_text(blank_sheet(find_project("tutorial"), player="Ada"))
    result = runner.invoke(main, ["new", "tutorial", "-o", "a.json"])
    assert result.exit_code == 0
    assert result.stderr == ("a.json: a new sheet of Tutorial (tutorial); the Kitchen is "
                             "furnished first. Draw its pieces in furniture_grid, then run:\n"
                             "  homestaging check a.json\n")
    again = runner.invoke(main, ["new", "country-manor", "-o", "a.json"])
    assert (again.exit_code, again.stderr) == (
        2, "a.json: exists already: give another file name, or --force to replace it\n")
    assert json.loads(Path("a.json").read_text())["project"] == "tutorial"
    forced = runner.invoke(main, ["new", "country-manor", "-o", "a.json", "--force"])
    assert forced.exit_code == 0
    assert json.loads(Path("a.json").read_text())["project"] == "country-manor"


def test_new_names_a_project_file_relative_to_the_sheet(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "house.yaml").write_text((ROOT / "projects" / "00-tutorial.yaml").read_text())
    (tmp_path / "sheets").mkdir()
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "house.yaml", "-o", "sheets/a.json"]).exit_code == 0
    assert json.loads(Path("sheets/a.json").read_text())["project"] == "../house.yaml"
    result = runner.invoke(main, ["check", "sheets/a.json"])
    assert result.exit_code == 0, result.output
    refused = runner.invoke(main, ["new", "-"])
    assert refused.exit_code == 2
    assert "a new sheet names its project" in refused.stderr


def test_new_names_the_game_record_relative_to_the_sheet(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["deal", "tutorial", "--seed", "7", "-o", "game.json"]
                         ).exit_code == 0
    (tmp_path / "sheets").mkdir()
    result = runner.invoke(main, ["new", "tutorial", "--game", "game.json", "-o",
                                  "sheets/a.json"])
    assert result.exit_code == 0, result.output
    assert json.loads(Path("sheets/a.json").read_text())["game"] == "../game.json"
    checked = runner.invoke(main, ["check", "sheets/a.json", "--format", "json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["todo"][0]["code"] == "not-selected"
    assert runner.invoke(main, ["deal", "starter-flat", "--seed", "7", "-o", "other.json"]
                         ).exit_code == 0
    refused = runner.invoke(main, ["new", "tutorial", "--game", "other.json"])
    assert refused.exit_code == 2
    assert refused.stderr.startswith("other.json: $.project: this record is of project "
                                     "'starter-flat', but the sheet is of project 'tutorial'")


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "folder"], "folder: is a folder, expected a file"),
    (["--game", "missing.json"], "missing.json: no such file"),
    (["-o", "folder"], "folder: is a folder, expected a file name"),
    (["-o", "folder", "--force"], "folder: is a folder, expected a file name"),
    (["-o", "folder/"], "folder/: names a folder (it ends with a slash); expected a file name"),
    (["-o", "link.json", "--force"], "link.json: is a symbolic link; not written through "
                                     "(nothing written): give the file's own name"),
], ids=["game folder", "game missing", "output folder", "output folder forced",
        "output slash", "output link"])
def test_new_says_what_its_paths_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("folder").mkdir()
    Path("sheet.json").write_text("{}")
    Path("link.json").symlink_to("sheet.json")
    result = CliRunner().invoke(main, ["new", "tutorial", *args])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message + "\n")
    assert Path("sheet.json").read_text() == "{}"


# -- --format json when the input cannot be used ------------------------------------------


@pytest.mark.parametrize("command", [["check"], ["score"], ["place", "--card", "7"]])
def test_unusable_input_answers_in_json(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "homestaging-sheet/1", "project": "tutorial",\n'
                    ' "rooms": [{"name": "Kichen"}], "furniture_grid": ["."]}')
    result = CliRunner().invoke(main, [*command[:1], str(path), *command[1:], "--format",
                                       "json"])
    assert result.exit_code == 2
    messages = [
        ("$.rooms[0].name", "no room named 'Kichen' in project tutorial (did you mean "
         "'Kitchen'?); its rooms are: Kitchen, Bathroom, Living room"),
        ("$.furniture_grid", "1 row, expected 12 (the project's sheet is 12 high)"),
        ("$.furniture_grid[0]", "row 1 has 1 square, expected 16 (the project's sheet is 16 "
         "wide); B1 and after are missing"),
    ]
    assert json.loads(result.stdout) == {"errors": [
        {"file": str(path), "line": None, "column": None, "path": where, "message": message}
        for where, message in messages]}
    assert result.stderr == "".join(f"{path}: {where}: {message}\n"
                                    for where, message in messages)


def test_a_syntax_error_answers_in_json_with_its_line() -> None:
    result = CliRunner().invoke(main, ["check", "-", "--format", "json"], input='{"format": ')
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"errors": [
        {"file": "<stdin>", "line": 1, "column": 12, "path": None,
         "message": "the file ends before its value does: a closing bracket or brace is "
                    "missing (Expecting value)"}]}


# -- the score being built ---------------------------------------------------------------


def test_the_kitchen_is_worth_9_once_connected() -> None:
    card = score(read_sheet(EXAMPLES / "tutorial-midgame.json"))
    assert [(r.name, r.points, r.points_if_connected) for r in card.rooms] == [
        ("Kitchen", 0, 9), ("Bathroom", 0, 5), ("Living room", 0, None)]
    assert (card.total, card.total_if_connected) == (0, 14)


def test_bonuses_met_if_connected() -> None:
    plan = parse(load(EXAMPLES / "tutorial-finished.json", front_door=None))
    card = score(plan, end_of_game=False)
    assert [(b.points, b.points_if_connected) for b in card.bonuses] == [(0, 3), (0, 1), (0, 0)]
    assert [r.points_if_connected for r in card.rooms] == [9, 5, 10]
    assert (card.total, card.total_if_connected) == (0, 28)


def test_a_piece_cut_off_inside_its_room_is_warned_about_before_the_front_door() -> None:
    plan = parse(load(WALK / "turn-3.json", front_door=None), WALK)
    [toilet] = [p for p in check_sheet(plan).problems if p.severity == Severity.WARNING]
    assert (toilet.code, toilet.message, cell_names(toilet.blocked_by)) == (
        Code.UNREACHABLE_PIECE, "W (Toilet) at L2 cannot be reached: circulation square L3 is "
        "cut off from the door of Bathroom; blocked by Bathtub at M2-O2, M3-O3", ["M3", "N3"])
    lay = layout(plan)
    later = connected_access(plan, lay, access(plan, lay))
    assert later.rooms["Bathroom"] == "" and later.rooms["Kitchen"] == ""
    assert later.rooms["Living room"] == "Living room is not walled"


# -- what blocks ---------------------------------------------------------------------------


def test_a_piece_of_the_room_being_furnished_blocks_a_door() -> None:
    data = load(EXAMPLES / "tutorial-midgame.json", front_door=["G11", "s"])
    data["furniture_grid"][9] = ".......P........"
    data["furniture_grid"][9] = data["furniture_grid"][9][:8] + "ooooooK."
    data["furniture_legend"]["P"] = "plant-small"
    found = check_sheet(parse(data)).problems
    [kitchen] = [p for p in found if p.code == Code.UNREACHABLE_ROOM]
    assert kitchen.message == ("Kitchen cannot be reached: door I10/w is cut off from the front "
                               "door; blocked by Small plant at H10")
    assert (cell_names(kitchen.cells), cell_names(kitchen.blocked_by)) == (["H10", "I10"],
                                                                          ["H10"])


def test_nothing_blocks_a_room_behind_walls() -> None:
    # the living room walled across the house: the kitchen's door opens onto a hallway
    # part the front door does not reach; no furniture stands in the way
    data = load(EXAMPLES / "tutorial-midgame.json", front_door=["C11", "s"])
    data["rooms"][2] = {"name": "Living room", "cells": ["B2:G11"], "door": ["G3", "e"]}
    data.pop("current_room")
    found = [p for p in check_sheet(parse(data), end_of_game=False).problems
             if p.code == Code.UNREACHABLE_ROOM]
    assert [p.subject for p in found][:2] == ["room Kitchen", "room Bathroom"]
    assert [p.blocked_by for p in found] == [()] * len(found)


# -- the squares to keep free -----------------------------------------------------------------


def test_only_ways_group_the_squares_by_the_rooms_they_cut_off() -> None:
    plan = read_sheet(WALK / "turn-3.json")
    lay = layout(plan)
    found = only_ways(plan, lay, access(plan, lay))
    assert [(p.code, p.severity, p.message, cell_names(p.cells), p.path) for p in found] == [
        (Code.ONLY_WAY, Severity.INFO, "keep N5 free: it is the only way to the Bathroom",
         ["N5"], "$.rooms[1]"),
        (Code.ONLY_WAY, Severity.INFO, "keep J10 free: it is the only way to the Kitchen",
         ["J10"], "$.rooms[0]"),
    ]


def test_a_corridor_lists_every_square_of_it_once() -> None:
    # house B2:I7, the front door at I7/s. A bedroom walled at B2:I5, its door at C5/s
    # onto the sofa's circulation: the hallway is two rows (B6:I7) and only the square in
    # front of the door is the only way. Walled down to row 6, the hallway is one row
    # and every square of it from the door to the front door is.
    proj = project(rooms=(("Bed", "bedroom"), ("Living", "living")))
    plan = sheet(proj, [("sofa", "B4", 0)], [("Bed", ["B2:I5"], [("C5", "s")])],
                 front=(("I7", "s"),), current="Living")
    lay = layout(plan)
    [only] = only_ways(plan, lay, access(plan, lay))
    assert only.message == "keep C6 free: it is the only way to the Bed"
    narrow = sheet(proj, [("sofa", "B5", 0)], [("Bed", ["B2:I6"], [("C6", "s")])],
                   front=(("I7", "s"),), current="Living")
    lay = layout(narrow)
    [only] = only_ways(narrow, lay, access(narrow, lay))
    assert only.message == "keep C7-H7 free: they are the only way to the Bed"


def test_no_only_way_without_a_front_door_or_at_the_end() -> None:
    plan = read_sheet(WALK / "turn-2.json")
    assert [p for p in check_sheet(plan).problems if p.severity == Severity.INFO] == []
    finished = read_sheet(EXAMPLES / "tutorial-finished.json")
    assert [p for p in check_sheet(finished).problems if p.severity == Severity.INFO] == []


# -- still to do, in plain words ---------------------------------------------------------------


def test_rooms_in_play() -> None:
    plan = read_sheet(WALK / "turn-2.json")
    assert rooms_in_play(plan) == ["Kitchen", "Bathroom"]
    assert rooms_in_play(blank_sheet(find_project("tutorial"))) == ["Kitchen"]


def test_still_to_do_in_a_project_with_no_hallway() -> None:
    proj = find_project("city-apartment")
    result = CliRunner().invoke(main, ["check", "-"], input=new_sheet_text(blank_sheet(proj)))
    lines = result.stdout.splitlines()
    todo = lines[lines.index("Still to do:") + 1:]
    text = " ".join(line.strip() for line in todo[:todo.index("")])
    # the entry room is the room the front door opens into, the player's choice
    assert "1. Draw the front door (front_door) on an exterior wall, opening into the room " \
           "you choose as the entry room (every other room opens into it): until then no " \
           "room is reached, so no room scores." in text
    assert "2. When the Living room is furnished, wall it: give its squares (cells, or " \
           "room_grid) and one door into the entry room (none for the entry room itself: " \
           "the front door opens into it); then set current_room to the next room, the " \
           "Kitchen." in text
    assert "front-door-count" not in result.stdout


def test_current_room_walled_is_a_warning_with_advice() -> None:
    plan = read_sheet(ROOT / "tests" / "cases" / "rules" / "current-room-walled.json")
    [found] = [p for p in check(plan) if p.code == Code.CURRENT_ROOM_WALLED]
    assert found.message == ("current_room is Kitchen, which is already walled: set "
                             "current_room to the next room, Bathroom")


# -- place: what a move is worth -------------------------------------------------------------

SMALL = project(width=7, height=6, house=("B2:F5",), rooms=(("Living", "living"),))


def small_sheet() -> Any:
    return sheet(SMALL, front=(("D5", "s"),), current="Living")


def moves_of(plan: Any, piece_id: str) -> list[tuple[str, int, str, int, int, tuple[str, ...]]]:
    ranked = rank_moves(plan, plan.project.catalog.piece(piece_id))
    return [(cell_name(m.candidate.anchor), m.candidate.rotation, cells_text(m.furniture),
             m.value, m.lost, m.crowded_out) for m in ranked.moves]


def test_a_move_that_crowds_out_the_rooms_options_ranks_after_those_that_do_not() -> None:
    found = moves_of(small_sheet(), "sofa")
    assert found[:3] == [("E2", 90, "F2, F3, F4", 3, 0, ()), ("B3", 270, "B3, B4, B5", 3, 0, ()),
                         ("B2", 270, "B2, B3, B4", 3, 0, ())]
    crowded = [move for move in found if move[5]]
    assert crowded[0] == ("B2", 90, "C2, C3, C4", 3, 0, ("sofa-sectional",))
    assert found.index(crowded[0]) > max(i for i, move in enumerate(found)
                                         if not move[5] and move[3] == 3)


def test_a_move_on_the_square_inside_the_front_door_loses_its_own_points() -> None:
    found = {(at, turn): (value, lost) for at, turn, _, value, lost, _ in
             moves_of(small_sheet(), "sofa")}
    assert found[("B4", 0)] == (0, 3)  # circulation on D5, inside the front door


def test_a_move_that_strands_the_room_is_worth_nothing() -> None:
    found = {(at, turn): (value, lost) for at, turn, _, value, lost, _ in
             moves_of(small_sheet(), "sofa")}
    assert found[("D4", 180)] == (0, 3)  # on D5-F5: the room could get no door


def test_a_bonus_gained_counts_in_the_value() -> None:
    plan = parse(load(WALK / "turn-3.json", windows=[["B6", "w"]]), WALK)
    [best, *_] = rank_moves(plan, plan.project.catalog.piece("plant-small")).moves
    assert (cell_name(best.candidate.anchor), best.value, best.bonus, best.bonuses) == (
        "B6", 2, 1, (("+1 per plant next to a window", 1),))


def test_a_door_landing_is_a_cut() -> None:
    plan = read_sheet(WALK / "turn-3.json")
    ranked = rank_moves(plan, plan.project.catalog.piece("armchair"))
    landing = [m for m in ranked.moves if cell_name(m.candidate.anchor) == "N5"
               and m.candidate.rotation == 90]
    [move] = landing
    assert [(c.what, cell_names(c.cells), c.points) for c in move.candidate.cuts_off] == [
        ("door of Bathroom (N4/s)", ["N5"], 7)]
    assert (move.value, move.lost) == (-6, 7)


@pytest.mark.parametrize("path", [EXAMPLES / "tutorial-midgame.json", WALK / "turn-3.json"])
def test_the_best_five_share_no_square(path: Path) -> None:
    plan = read_sheet(path)
    masks = SheetMasks.build(plan)
    for piece_id in sorted(masks.options):
        moves = rank_moves(masks, plan.project.catalog.piece(piece_id)).moves
        for i, move in enumerate(moves[:DIVERSE]):
            taken = frozenset().union(*(m.squares for m in moves[:i]))
            if move.squares & taken:  # then nothing apart from the earlier ones is left
                assert all(m.squares & taken for m in moves[i:]), (piece_id, i)
        if piece_id == "sofa":
            best = [m.squares for m in moves[:DIVERSE]]
            assert all(not a & b for i, a in enumerate(best) for b in best[i + 1:])


def test_pairs_take_two_options_of_one_variant() -> None:
    plan = small_sheet()
    variants = card_variants(SMALL, 18)
    assert [[p.id for p in options] for options in variants] == [
        ["sofa", "sofa-corner"], ["sofa-sectional", "sofa"]]
    pairs = rank_pairs(plan, variants)
    allowed = [{p.id for p in options} for options in variants]
    assert all({p.first.piece.id, p.second.piece.id} <= one
               for p in pairs for one in [next(a for a in allowed
                                               if {p.first.piece.id, p.second.piece.id} <= a)])
    best = pairs[0]
    assert (best.first.piece.id, best.second.piece.id, best.value) == ("sofa-sectional", "sofa",
                                                                      10)
    assert len({p.squares for p in pairs}) == len(pairs)
    assert not best.first.squares & best.second.candidate.placement.furniture


def test_place_lists_pairs_for_a_card_with_two_tokens(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["place", str(WALK / "turn-3.json"), "--card", "20",
                                       "--top", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["card"], data["room"], data["tokens"]) == (20, "Living room", 2)
    assert [p["piece"] for p in data["pieces"]] == ["armchair", "coffee-table", "floor-lamp"]
    assert len(data["pairs"]) == 2
    first = data["pairs"][0]
    assert first["value"] == first["first"]["value"] + first["second"]["value"]
    assert {first["first"]["piece"], first["second"]["piece"]} <= {"armchair", "coffee-table"} \
        or {first["first"]["piece"], first["second"]["piece"]} <= {"armchair", "floor-lamp"}


def test_place_is_bounded_on_a_large_house() -> None:
    big = project(width=120, height=120, house=("B2:DO119",), rooms=(("Living", "living"),))
    plan = sheet(big, front=(("BH119", "s"),), current="Living")
    masks = SheetMasks.build(plan)
    ranked = rank_moves(masks, big.catalog.piece("sofa"))
    assert ranked.count == len(legal_keys(masks, big.catalog.piece("sofa")))
    assert len(ranked.moves) == judged_size(masks) < ranked.count
    assert pool_size(masks) == 2
    best = [m.squares for m in ranked.moves[:DIVERSE]]
    assert all(not a & b for i, a in enumerate(best) for b in best[i + 1:])


def test_the_score_pad_says_what_each_room_and_bonus_gives_once_connected() -> None:
    from homestaging.text.report import format_scorecard

    plan = parse(load(EXAMPLES / "tutorial-finished.json", front_door=None))
    lines = format_scorecard(score(plan), "plan.json").splitlines()
    kitchen = lines.index(next(line for line in lines if line.startswith("Kitchen")))
    assert lines[kitchen + 1:kitchen + 3] == ["      not reachable: there is no front door",
                                              "      9 points if connected"]
    tree = lines.index(next(line for line in lines if "looks onto a tree" in line))
    assert lines[tree + 2] == "      +3 if connected"
    assert not any("if connected" in line for line in
                   format_scorecard(score(read_sheet(EXAMPLES / "tutorial-finished.json")))
                   .splitlines())


def test_still_to_do_once_the_entry_room_is_known() -> None:
    """With the front door into the walled living room, the next rooms open into it."""
    sheet = {"format": "homestaging-sheet/1", "project": "city-apartment",
             "rooms": [{"name": "Living room", "cells": ["B2:H10"]}, {"name": "Kitchen"}],
             "front_door": ["D10", "s"], "current_room": "Kitchen"}
    result = CliRunner().invoke(main, ["check", "-"], input=json.dumps(sheet))
    text = " ".join(line.strip() for line in result.stdout.splitlines())
    assert "give its squares (cells, or room_grid) and one door into the Living room, the " \
           "entry room;" in text
