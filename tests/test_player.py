"""The automatic player: every game it plays is a legal sheet and record that the real
reader, ``check --final`` and ``score`` accept and score as it claims; the lookahead
never scores less than the greedy player on a deal; par runs do not depend on the
number of processes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main
from homestaging.core.errors import Severity
from homestaging.core.grid import cell_name
from homestaging.formats.projectreader import bundled_project_files, find_project
from homestaging.formats.sheetreader import read_sheet
from homestaging.formats.sheetwriter import cover_ranges
from homestaging.player.par import ceiling, game_seeds, run_par
from homestaging.player.play import play_game, record_name, sheet_files, written_files
from homestaging.player.policy import CardChoice, Greedy, WallChoice, apply
from homestaging.player.state import State, new_game
from homestaging.scoring.card import check_sheet, score

PROJECTS = list(bundled_project_files())
SEEDS = (0, 1, 2)


def _write(game: object, path: Path) -> Path:
    for target, text in written_files(game, path).items():  # type: ignore[arg-type]
        target.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("project_id", PROJECTS)
def test_every_game_is_legal_and_scores_as_claimed(project_id: str, tmp_path: Path) -> None:
    """Games of every bundled project, written as a sheet and its record, read back by
    the sheet reader: no rule error at the end of the game, and the score the player
    claimed."""
    project = find_project(project_id)
    for seed in SEEDS:
        game = play_game(project, seed)
        # the card starts from the player's layout: the same as worked out afresh
        assert score(dataclasses.replace(game.sheet)) == game.card, f"seed {seed}"
        path = _write(game, tmp_path / f"{project_id}-{seed}.json")
        sheet = read_sheet(path)
        assert sheet.game is not None and sheet.game.seed == seed
        assert sheet.finished
        checked = check_sheet(sheet, end_of_game=True)
        errors = [(p.code, p.message) for p in checked.problems
                  if p.severity == Severity.ERROR]
        assert errors == [], f"seed {seed}"
        assert score(sheet).total == game.total, f"seed {seed}"


@pytest.mark.parametrize("project_id", ["tutorial", "city-apartment"])
def test_the_command_line_agrees(project_id: str, runner: CliRunner, tmp_path: Path) -> None:
    """``check --final`` exits 0 and ``score --format json`` gives the claimed total,
    with a hallway and without."""
    game = play_game(find_project(project_id), 5)
    path = _write(game, tmp_path / "game.json")
    checked = runner.invoke(main, ["check", "--final", str(path)])
    assert checked.exit_code == 0, checked.stdout
    scored = runner.invoke(main, ["score", str(path), "--format", "json"])
    assert scored.exit_code == 0, scored.stdout
    assert json.loads(scored.stdout)["total"] == game.total


def test_the_record_is_written_beside_the_sheet(tmp_path: Path) -> None:
    game = play_game(find_project("tiny-house"), 0)
    files = written_files(game, tmp_path / "best.json")
    assert list(files) == [tmp_path / "best.json", tmp_path / "best.game.json"]
    assert record_name(tmp_path / "x.json") == tmp_path / "x.game.json"
    sheet = json.loads(files[tmp_path / "best.json"])
    assert sheet["game"] == "best.game.json" and sheet["project"] == "tiny-house"
    record = json.loads(files[tmp_path / "best.game.json"])
    assert record["seed"] == 0 and record["project"] == "tiny-house"
    rooms = [spec.name for spec in game.sheet.project.rooms]
    assert [r["room"] for r in record["rounds"]] == rooms


@pytest.mark.parametrize(("project_id", "seed"), [("tiny-house", 0), ("starter-flat", 1)])
def test_lookahead_never_scores_less_than_greedy(project_id: str, seed: int) -> None:
    project = find_project(project_id)
    greedy = play_game(project, seed, "greedy")
    lookahead = play_game(project, seed, "lookahead")
    assert lookahead.total >= greedy.total
    errors = [p for p in lookahead.card.problems if p.severity == Severity.ERROR]
    assert errors == []


def test_game_seeds_and_the_ceiling() -> None:
    assert game_seeds(7, 3) == [7, 8, 9]
    with pytest.raises(ValueError, match="at least one game"):
        game_seeds(0, 0)
    with pytest.raises(ValueError, match="seeds run from 0"):
        game_seeds(2**53 - 2, 3)
    # the tutorial's nine tokens: the largest option of each card as seed 0 deals it
    assert ceiling(find_project("tutorial"), 0) > 0


def test_par_figures() -> None:
    run = run_par(find_project("tiny-house"), games=4, seed=0, policy="greedy")
    totals = run.totals
    assert len(totals) == 4 and [r.seed for r in run.results] == [0, 1, 2, 3]
    ordered = sorted(totals)
    assert run.p90 == ordered[3]  # nearest rank: ceil(0.9 * 4) = 4
    assert run.median == (ordered[1] + ordered[2]) / 2
    assert run.par == int(run.median + 0.5)
    assert run.best.total == ordered[-1]
    assert run.mean == sum(totals) / 4


def test_par_does_not_depend_on_the_processes(runner: CliRunner) -> None:
    args = ["par", "tiny-house", "--games", "3", "--policy", "greedy", "--format", "json"]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    two = runner.invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.stderr
    assert two.exit_code == 0, two.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 3 and len(data["scores"]) == 3 and data["errors"] == []


def test_par_writes_the_best_game(runner: CliRunner, tmp_path: Path) -> None:
    best = tmp_path / "best.json"
    result = runner.invoke(main, ["par", "tiny-house", "--games", "2", "--policy", "greedy",
                                  "-o", str(best), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (tmp_path / "best.game.json").is_file()
    checked = runner.invoke(main, ["check", "--final", str(best)])
    assert checked.exit_code == 0, checked.stdout
    scored = runner.invoke(main, ["score", str(best), "--format", "json"])
    assert json.loads(scored.stdout)["total"] == data["best"]["total"]
    assert json.loads(best.read_text())["game"] == "best.game.json"


def test_par_of_several_projects_is_a_table(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["par", "tiny-house", "starter-flat", "--games", "1",
                                  "--policy", "greedy", "-o", str(tmp_path / "best")])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["no", "project", "pencils", "games", "mean", "median", "p90",
                                "best", "par", "share"]
    assert lines[2].split()[:2] == ["10", "tiny-house"]
    assert lines[3].split()[:2] == ["1", "starter-flat"]
    assert any(line.startswith("share by pencils: ") for line in lines)
    assert sorted(p.name for p in (tmp_path / "best").iterdir()) == [
        "starter-flat.game.json", "starter-flat.json", "tiny-house.game.json", "tiny-house.json"]


@pytest.mark.parametrize(("args", "message"), [
    ([], "give a PROJECT (or several), or --all"),
    (["tutorial", "--all"], "give PROJECT... or --all (not both)"),
    (["nowhere"], "unknown project 'nowhere'"),
    (["tutorial", "--games", "0"], "0 is not in the range"),
    (["tutorial", "--games", "1", "-o", "best.png"], "expected a file name ending in .json"),
    (["-", "--games", "1", "-o", "best.json"], "a project read from standard input has none"),
], ids=["nothing", "both", "unknown", "no-games", "not-json", "stdin-output"])
def test_par_refuses_bad_usage(runner: CliRunner, args: list[str], message: str,
                               tmp_path: Path) -> None:
    result = runner.invoke(main, ["par", *args, "--policy", "greedy"])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_save_par_keeps_other_projects(runner: CliRunner, tmp_path: Path) -> None:
    from homestaging.formats.parfile import read_par

    target = tmp_path / "par.json"
    for project_id in ("tiny-house", "starter-flat"):
        result = runner.invoke(main, ["par", project_id, "--games", "2", "--policy", "greedy",
                                      "--save-par", str(target)])
        assert result.exit_code == 0, result.stderr
    figures = read_par(target)
    assert list(figures) == ["starter-flat", "tiny-house"]  # book order
    tiny = figures["tiny-house"]
    assert (tiny.policy, tiny.games, tiny.seed) == ("greedy", 2, 0)
    assert len(tiny.check) == 2 and tiny.best in tiny.check


def test_a_broken_par_file_is_reported_with_paths(tmp_path: Path) -> None:
    from homestaging.core.errors import InputError
    from homestaging.formats.parfile import read_par

    path = tmp_path / "par.json"
    path.write_text(json.dumps({"format": "homestaging-par/1", "projects": {
        "tutorial": {"par": "thirty", "mean": 30, "median": 30, "p90": 32, "best": 35,
                     "best_seed": 4, "policy": "random", "games": 10, "seed": 0,
                     "check": []}}}))
    with pytest.raises(InputError) as caught:
        read_par(path)
    lines = [str(m) for m in caught.value.messages]
    assert lines == [
        f"{path}: $.projects.tutorial.par: expected a whole number, found \"thirty\"",
        f"{path}: $.projects.tutorial.policy: expected one of greedy, lookahead; found "
        "\"random\"",
        f"{path}: $.projects.tutorial.check: expected at least 1 entry, found 0",
    ]


# --- hint --------------------------------------------------------------------------------


def _state_file(state: State, path: Path) -> Path:
    for target, text in sheet_files(state.sheet, path).items():
        target.write_text(text, encoding="utf-8")
    return path


def _hint(runner: CliRunner, path: Path, *args: str) -> dict[str, object]:
    result = runner.invoke(main, ["hint", str(path), "--format", "json", *args])
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_hint_flips_the_card_greedy_flips(runner: CliRunner, tmp_path: Path) -> None:
    """On a dealt sheet with nothing drawn, the hint is the greedy player's first
    choice: the card, its token's option and where the piece goes."""
    state = new_game(find_project("tutorial"), 3)
    choice = Greedy().choose(state)
    assert isinstance(choice, CardChoice)
    data = _hint(runner, _state_file(state, tmp_path / "t.json"))
    assert (data["turn"], data["room"], data["card"]) == ("card", "Kitchen", choice.number)
    assert data["options"] == state.options(choice.number)
    assert data["choices"] == list(choice.choices) and data["given"] is False
    pieces = data["pieces"]
    assert isinstance(pieces, list)
    assert [(p["piece"], p["at"]) for p in pieces] == [
        (j.move.piece.id, cell_name(j.move.candidate.anchor)) for j in choice.moves]
    assert all(p["door_possible"] for p in pieces)
    text = runner.invoke(main, ["hint", str(tmp_path / "t.json")]).stdout
    assert text.splitlines()[0].startswith(f"{tmp_path / 't.json'}: Kitchen: flip card "
                                           f"{choice.number} (")
    assert "the hallway stays open" in text and "worth " in text


@pytest.mark.parametrize("seed", [0, 3])
def test_the_front_doors_offered_are_the_nearest_first(seed: int) -> None:
    """With the first room's walls, the front doors on the exterior wall that open onto
    the hallway, nearest the door's landing first, then by the square inside them and
    their key: the order a sort of every exterior edge gives."""
    from homestaging.player.board import exterior_insides
    from homestaging.player.walls import _exterior_at, _front_doors, _layers

    greedy = Greedy()
    state = new_game(find_project("tutorial"), seed)
    while state.slots_left():
        state = apply(state, greedy.choose(state))
    board = state.board
    assert not board.sheet.front_doors
    insides = _exterior_at(board)
    hall = board.open & ~board.taken
    landings = [1 << bit for bit in range(board.width * board.height) if (hall >> bit) & 1]
    assert len(landings) > 20
    for landing in landings:
        steps = _layers(board, landing, hall, board.exterior_squares)
        expected = sorted(((steps[bit], bit, edge) for edge, bit in exterior_insides(board.project)
                           if (hall >> bit) & 1 and bit in steps),
                          key=lambda item: (item[0], item[1], item[2].key))
        offered = _front_doors(board, landing, hall, insides)
        assert offered == [(edge, far, bit) for far, bit, edge in expected]
        assert offered[0][1] == min(steps.values())


def test_hint_walls_the_room_at_the_end_of_its_round(runner: CliRunner,
                                                     tmp_path: Path) -> None:
    """Once the room's cards are all played, the hint is the room's walls and door;
    drawn, the sheet has no rule error."""
    greedy = Greedy()
    state = new_game(find_project("tutorial"), 3)
    while state.slots_left():
        state = apply(state, greedy.choose(state))
    walls = greedy.choose(state)
    assert isinstance(walls, WallChoice) and walls.walling.door is not None
    path = _state_file(state, tmp_path / "t.json")
    data = _hint(runner, path)
    assert (data["turn"], data["room"]) == ("walls", "Kitchen")
    assert data["door"] == walls.walling.door.to_json()
    assert data["cells"] == cover_ranges(walls.cells)
    walled = apply(state, walls)
    assert [p.code for p in check_sheet(walled.sheet).problems
            if p.severity == Severity.ERROR] == []
    text = runner.invoke(main, ["hint", str(path)]).stdout
    assert text.startswith(f"{path}: wall the Kitchen: ")
    assert "its door reaches" in text


def test_hint_without_a_record(runner: CliRunner, tmp_path: Path) -> None:
    """A sheet with no record: the player picks the room's card (options of every
    variant); a card of another room is refused with the room's cards."""
    path = tmp_path / "blank.json"
    assert runner.invoke(main, ["new", "tutorial", "-o", str(path)]).exit_code == 0
    data = _hint(runner, path)
    assert (data["turn"], data["room"]) == ("card", "Kitchen")
    assert data["card"] in (7, 8, 10)
    text = runner.invoke(main, ["hint", str(path)]).stdout
    assert "(no record: any variant's " in text.splitlines()[0]
    refused = runner.invoke(main, ["hint", str(path), "--card", "1"])
    assert refused.exit_code == 2
    assert "card 1 is not a card of Kitchen (its cards: 7, 8, 10)" in refused.stderr


def test_hint_on_a_finished_game(runner: CliRunner, tmp_path: Path) -> None:
    game = play_game(find_project("tiny-house"), 2)
    path = _write(game, tmp_path / "done.json")
    assert _hint(runner, path) == {"turn": "over"}
    assert runner.invoke(main, ["hint", str(path)]).stdout == (
        f"{path}: the game is over: every room is walled, the front door and the windows "
        "that pay are drawn\n")


# --- the stored par figures ------------------------------------------------------------


def test_the_stored_par_figures_are_fresh() -> None:
    """Every bundled project has figures, and the first games they keep come out the same
    when played again (else: ``homestaging par --all --save-par projects/par.json``)."""
    from homestaging.formats.parfile import bundled_par

    stored = bundled_par()
    assert list(stored) == PROJECTS
    for project_id, figures in stored.items():
        run = run_par(find_project(project_id), games=len(figures.check), seed=figures.seed,
                      policy=figures.policy)
        assert tuple(run.totals) == figures.check, project_id
        assert figures.games >= 20 and figures.best >= max(figures.check)
        assert figures.p90 <= figures.best and figures.par <= figures.p90


def test_projects_show_the_par(runner: CliRunner) -> None:
    from homestaging.formats.parfile import bundled_par

    figures = bundled_par()["city-apartment"]
    text = runner.invoke(main, ["projects", "show", "city-apartment"]).stdout
    assert text.splitlines()[1] == (
        f"Par {figures.par} (median of {figures.games} games of the {figures.policy} "
        f"player; mean {figures.mean:.1f}, 90th percentile {figures.p90}, best "
        f"{figures.best})")
    data = json.loads(runner.invoke(main, ["projects", "show", "city-apartment",
                                           "--format", "json"]).stdout)
    assert data["par"]["par"] == figures.par and data["par"]["check"] == list(figures.check)


def test_a_copy_of_a_project_has_no_par(runner: CliRunner, tmp_path: Path) -> None:
    """The bundled figures are the bundled files': a copy elsewhere may be changed."""
    copy = tmp_path / "mine.yaml"
    copy.write_text((Path(__file__).resolve().parent.parent / "projects" /
                     "09-city-apartment.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    data = json.loads(runner.invoke(main, ["projects", "show", str(copy), "--format",
                                           "json"]).stdout)
    assert data["id"] == "city-apartment" and data["par"] is None
    text = runner.invoke(main, ["projects", "show", str(copy)]).stdout
    assert not text.splitlines()[1].startswith("Par ")


def test_validate_par_warns_about_a_bonus_no_game_reaches(runner: CliRunner,
                                                           tmp_path: Path) -> None:
    source = (Path(__file__).resolve().parent.parent / "projects" / "10-tiny-house.yaml")
    text = source.read_text(encoding="utf-8").replace("bonuses:\n", (
        "bonuses:\n"
        "  - text: \"+5 if the bathroom has at least 60 squares\"\n"
        "    points: 5\n"
        "    when: {room_size: {room: Bathroom, at_least: 60}}\n"), 1)
    path = tmp_path / "tiny.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["projects", "validate", "--par", "--games", "2", str(path)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"{path}: OK"
    assert (f"{path}: warning: bonus-never-reached: no game reached \"+5 if the bathroom "
            "has at least 60 squares\" (2 games of the greedy player)") in lines
    data = json.loads(runner.invoke(main, ["projects", "validate", "--par", "--games", "2",
                                           str(path), "--format", "json"]).stdout)
    kinds = [(w["kind"], w["subject"]) for w in data[0]["par"]]
    assert ("bonus-never-reached", "+5 if the bathroom has at least 60 squares") in kinds


def test_a_broken_par_file_is_refused_before_any_game(runner: CliRunner,
                                                      tmp_path: Path) -> None:
    target = tmp_path / "par.json"
    target.write_text('{"format": "x"}', encoding="utf-8")
    result = runner.invoke(main, ["par", "tiny-house", "--games", "100000", "--save-par",
                                  str(target)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{target}: $: missing required key 'projects'",
        f"{target}: $.format: expected \"homestaging-par/1\", found \"x\""]
    assert target.read_text(encoding="utf-8") == '{"format": "x"}'


def test_hint_places_what_the_table_chose(runner: CliRunner, tmp_path: Path) -> None:
    """A card recorded but its piece not drawn yet: the hint places the option the record
    chose, with the greedy player's placement of that piece."""
    state = new_game(find_project("tutorial"), 3)
    option = state.options(7)[-1]  # not the player's own choice
    recorded = state.with_card(7, (option,), ())
    path = _state_file(recorded, tmp_path / "t.json")
    data = _hint(runner, path)
    assert (data["turn"], data["card"], data["given"]) == ("card", 7, True)
    assert data["choices"] == [option]
    pieces = data["pieces"]
    assert isinstance(pieces, list) and [p["piece"] for p in pieces] == [option]
    text = runner.invoke(main, ["hint", str(path)]).stdout
    assert text.splitlines()[0] == f"{path}: Kitchen, card 7: the table chose {option}"
