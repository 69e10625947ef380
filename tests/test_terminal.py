"""The terminal: colour (and when not), -q and -v, what writing commands say, the
progress bar of the book, render's default output, and shell completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from homestaging.cli import common as clitools
from homestaging.cli.root import main

ROOT = Path(__file__).resolve().parent.parent
MISTAKES = ROOT / "examples" / "mistakes.json"
MIDGAME = ROOT / "examples" / "tutorial-midgame.json"
ESC = "\x1b["


# -- colour ------------------------------------------------------------------------------


def test_colour_is_off_when_not_a_terminal(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", str(MISTAKES)])
    assert result.exit_code == 1
    assert ESC not in result.stdout


def test_colour_always_marks_errors_warnings_and_the_total(runner: CliRunner,
                                                          columns80: None) -> None:
    result = runner.invoke(main, ["--color", "always", "check", str(MISTAKES)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    red, yellow, bold = "\x1b[31m\x1b[1m", "\x1b[33m", "\x1b[1m"
    # each line of a wrapped message is painted on its own: a pager shows it in colour
    count = lines.index(red + "5 errors, 1 warning\x1b[0m")
    warning = next(at for at, line in enumerate(lines) if line.startswith(yellow + "6. "))
    assert lines[0].startswith(red + "1. ")
    assert all(line.startswith(red) for line in lines[:warning])
    assert all(line.startswith(yellow) for line in lines[warning:count])
    assert all(line.endswith("\x1b[0m") for line in lines[:count])
    assert lines[count - 1].endswith("(warning)\x1b[0m")
    assert lines[count + 2] == bold + "Provisional score: 8\x1b[0m"
    assert click.unstyle(result.stdout) == runner.invoke(
        main, ["check", str(MISTAKES)]).stdout
    json_out = runner.invoke(main, ["--color", "always", "check", str(MISTAKES), "--format",
                                    "json"]).stdout
    assert ESC not in json_out and json.loads(json_out)["file"] == str(MISTAKES)


def test_colour_never_and_no_color(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ESC not in runner.invoke(main, ["--color", "never", "score", str(MISTAKES)]).stdout

    class Terminal:
        def isatty(self) -> bool:
            return True

    with click.Context(main) as ctx:
        ctx.params = {"color": "auto"}
        monkeypatch.setattr(sys, "stdout", Terminal())
        monkeypatch.delenv("NO_COLOR", raising=False)
        assert clitools.color_on()
        monkeypatch.setenv("NO_COLOR", "1")
        assert not clitools.color_on()
        ctx.params = {"color": "always"}
        assert clitools.color_on()
        ctx.params = {"color": "never"}
        monkeypatch.delenv("NO_COLOR")
        assert not clitools.color_on()


def test_unusable_input_is_red_on_standard_error(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    result = runner.invoke(main, ["--color", "always", "check", str(missing)])
    assert result.exit_code == 2
    assert result.stderr.startswith("\x1b[31m\x1b[1m" + str(missing))


def test_score_pad_total_and_validation_are_coloured(runner: CliRunner) -> None:
    pad = runner.invoke(main, ["--color", "always", "score", str(MISTAKES)]).stdout
    assert "\x1b[1mTOTAL (provisional)" in pad and "\x1b[33mPROVISIONAL: " in pad
    valid = runner.invoke(main, ["--color", "always", "projects", "validate",
                                 str(ROOT / "projects" / "00-tutorial.yaml")]).stdout
    assert valid.startswith("\x1b[32m") and "00-tutorial.yaml: OK" in valid


# -- quiet, verbose, what was written --------------------------------------------------------


def test_writing_commands_say_what_they_wrote(runner: CliRunner, tmp_path: Path) -> None:
    plan, sheet, converted = tmp_path / "plan.png", tmp_path / "plan.pdf", tmp_path / "g.json"
    result = runner.invoke(main, ["render", str(MISTAKES), "-o", str(plan)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith(f"wrote {plan} (") and result.stderr.endswith(" pixels)\n")
    result = runner.invoke(main, ["render", str(MISTAKES), "-o", str(sheet)])
    assert result.stderr == f"wrote {sheet} (1 page)\n"
    result = runner.invoke(main, ["convert", str(MISTAKES), "--to", "grid", "-o", str(converted)])
    assert result.stderr == f"wrote {converted}\n"
    piece = tmp_path / "sofa.svg"
    assert runner.invoke(main, ["furniture", "show", "sofa", "-o", str(piece)]).stderr == (
        f"wrote {piece}\n")
    preview = tmp_path / "preview.png"
    result = runner.invoke(main, ["place", str(MIDGAME), "sofa", "-o", str(preview)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("  1. sofa at ")
    assert result.stderr.startswith(f"wrote {preview} (")


def test_quiet_says_nothing_verbose_says_more(runner: CliRunner, tmp_path: Path) -> None:
    plan = tmp_path / "plan.svg"
    quiet = runner.invoke(main, ["-q", "render", str(MISTAKES), "-o", str(plan)])
    assert quiet.exit_code == 0 and quiet.stderr == "" and plan.exists()
    verbose = runner.invoke(main, ["-v", "render", str(MIDGAME), "-o", str(plan)])
    lines = verbose.stderr.splitlines()
    assert lines[0] == (f"read {MIDGAME}: project tutorial, 7 pieces, 2 of 3 rooms walled, "
                        "Living room being furnished")
    assert lines[1].startswith(f"wrote {plan} in ") and lines[1].endswith(" s")
    both = runner.invoke(main, ["-q", "-v", "projects", "list"])
    assert both.exit_code == 2
    assert "give -q/--quiet or -v/--verbose, not both" in both.stderr


def test_print_book_says_its_pages_and_shows_progress_only_on_a_terminal(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from homestaging.formats.projectreader import bundled_project_files

    book = tmp_path / "book.pdf"
    result = runner.invoke(main, ["print", "--all", "--sheets", "0", "-o", str(book)])
    assert result.exit_code == 0, result.stderr
    pages = 2 + len(bundled_project_files()) + 1 + 9  # and a round at the table, the cards
    assert result.stderr == f"wrote {book} ({pages} pages)\n"
    monkeypatch.setattr(clitools, "stderr_is_terminal", lambda: True)
    shown = runner.invoke(main, ["print", "tutorial", "--sheets", "1", "-o", str(book)])
    assert shown.exit_code == 0, shown.stderr
    # click draws the bar on a terminal; on this test's stream it prints its label only
    assert shown.stderr.splitlines() == ["Printing", f"wrote {book} (2 pages)"]
    quiet = runner.invoke(main, ["-q", "print", "tutorial", "-o", str(book)])
    assert quiet.stderr == ""


# -- render's output --------------------------------------------------------------------


def test_render_without_output_writes_beside_the_sheet(runner: CliRunner, tmp_path: Path) -> None:
    sheet = tmp_path / "game.json"
    sheet.write_text(MISTAKES.read_text())
    result = runner.invoke(main, ["render", str(sheet)])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "game.png").read_bytes().startswith(b"\x89PNG")
    odd = tmp_path / "plan.png"  # a sheet whose name is the picture's
    odd.write_text(MISTAKES.read_text())
    refused = runner.invoke(main, ["render", str(odd)])
    assert refused.exit_code == 2
    assert refused.stderr == f"{odd}: refusing to overwrite an input file\n"
    assert odd.read_text() == MISTAKES.read_text()
    piped = runner.invoke(main, ["render", "-"], input=MISTAKES.read_text())
    assert piped.exit_code == 2
    assert "give -o/--output: the sheet comes from standard input" in piped.stderr


# -- the terminal's width ------------------------------------------------------------------


def _run(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, columns: str,
         *args: str) -> Any:
    """The command run from the repository at a terminal ``columns`` wide."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", columns)
    return runner.invoke(main, list(args))


def test_a_command_to_copy_stays_whole_on_a_line_of_its_own(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # new's "then run:" and deal's "the same cards with:" on a terminal 60 columns wide:
    # the message wrapped, the command two spaces in, whole and quoted for the shell
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "60")
    folder = Path("sheets of the family game night")
    folder.mkdir()
    sheet = folder / "ada-and-ben-on-the-first-evening.json"
    made = runner.invoke(main, ["new", "tutorial", "-o", str(sheet)])
    assert made.exit_code == 0, made.output
    assert made.stderr.splitlines() == [
        "sheets of the family game",
        "    night/ada-and-ben-on-the-first-evening.json: a new sheet",
        "    of Tutorial (tutorial); the Kitchen is furnished first.",
        "    Draw its pieces in furniture_grid, then run:",
        "  homestaging check 'sheets of the family game "
        "night/ada-and-ben-on-the-first-evening.json'"]
    project = folder / "the house by the lake.yaml"
    project.write_text((ROOT / "projects" / "00-tutorial.yaml").read_text())
    dealt = runner.invoke(main, ["deal", str(project), "--seed", "7"])
    assert dealt.exit_code == 0, dealt.output
    assert dealt.stdout.splitlines()[1:3] == [
        "Everyone at the table deals the same cards with:",
        "  homestaging deal 'sheets of the family game night/the house by the lake.yaml' "
        "--seed 7"]


def test_the_help_keeps_its_commands_whole(runner: CliRunner) -> None:
    # the lines to copy from --help as click lays it out on a terminal 60 columns wide
    # (58 columns of text; its test runner's help is 80 wide whatever $COLUMNS says)
    lines = {name: runner.invoke(main, [*name.split(), "--help"],
                                 terminal_width=58).stdout.splitlines()
             for name in ("", "table", "table export")}
    shell = lines[""].index("  Shell completion (commands, options, project and piece")
    assert lines[""][shell:shell + 5] == [
        "  Shell completion (commands, options, project and piece",
        "  ids): add this line to ~/.bashrc (zsh_source for zsh;",
        "  fish_source for fish):",
        "",
        '    eval "$(_HOMESTAGING_COMPLETE=bash_source homestaging)"']
    assert lines["table"][2:5] == [
        "  Deal a game and serve it to the table:", "", "    homestaging table PROJECT"]
    assert lines["table"][11:14] == [
        "  then written with:", "", "    homestaging table export --db FILE -o DIR"]
    assert lines["table export"][4:7] == [
        "  choices) and DIR/game.json. This ranks them:", "",
        "    homestaging score DIR/*.json"]


def test_a_table_wraps_its_widest_column_under_itself_to_the_terminal(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    piped = _run(runner, monkeypatch, "80", "projects", "list").stdout.splitlines()
    assert piped[:4] == [
        "no  id                   name                 difficulty  rooms",
        "--  -------------------  -------------------  ----------  ----------------------",
        "0   tutorial             Tutorial             0 tutorial  Kitchen, Bathroom,",
        "                                                          Living room",
    ]
    assert max(len(line) for line in piped) == 80
    wide = _run(runner, monkeypatch, "120", "projects", "list").stdout.splitlines()
    assert wide[1] == "--  -------------------  -------------------  ----------  " + "-" * 59
    assert wide[2] == "0   tutorial             Tutorial             0 tutorial  Kitchen, " \
                      "Bathroom, Living room"
    assert len(wide) == 2 + 13
    # no terminal is narrower than 60 columns
    narrow = _run(runner, monkeypatch, "20", "projects", "list").stdout.splitlines()
    assert narrow[2:5] == [
        "0   tutorial             Tutorial             0 tutorial  Kitchen,",
        "                                                          Bathroom,",
        "                                                          Living room",
    ]


def test_the_furniture_list_wraps_names_tags_and_sides(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _run(runner, monkeypatch, "80", "furniture", "list").stdout.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("bed-double-bench "))
    assert lines[at:at + 2] == [
        "bed-double-bench  Double bed with      8        bedroom, bed         -",
        "                  footboard bench",
    ]
    assert max(len(line) for line in lines) == 80


def test_a_message_wraps_under_its_text_and_never_breaks_a_square_or_a_code(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _run(runner, monkeypatch, "80", "check", "examples/mistakes.json").stdout
    assert lines.splitlines()[10:13] == [
        "6. examples/mistakes.json: H10: unreachable-room: Kitchen cannot be reached:",
        "   door I10/w opens onto a square that is not walkable; blocked by the unused",
        "   room square I10 (only circulation and rugs are walkable in a room) (warning)",
    ]
    wide = _run(runner, monkeypatch, "100", "check", "examples/mistakes.json").stdout
    assert wide.splitlines()[9:12] == [
        "6. examples/mistakes.json: H10: unreachable-room: Kitchen cannot be reached: door "
        "I10/w opens onto a",
        "   square that is not walkable; blocked by the unused room square I10 (only "
        "circulation and rugs are",
        "   walkable in a room) (warning)",
    ]
    mid = _run(runner, monkeypatch, "80", "check", "examples/tutorial-midgame.json").stdout
    assert mid.splitlines()[3:6] == [
        "  1. Draw the front door (front_door) on an exterior wall, opening onto the",
        "     hallway: until then no room is reached, so no room scores (the Kitchen and",
        "     the Bathroom are worth 14 points once connected).",
    ]


@pytest.mark.parametrize("args", [
    ["check", "examples/tutorial-midgame.json"], ["check", "examples/mistakes.json"],
    ["score", "examples/mistakes.json"], ["furniture", "list"], ["projects", "list"],
    ["projects", "show", "country-manor"], ["hint", "examples/tutorial-midgame.json"],
    ["roomies", "check", "examples/roomies/mistakes.json"],
    ["decorum", "score", "examples/decorum/four-players.json"],
], ids=lambda args: " ".join(args[:2]))
def test_piped_text_fits_80_columns_and_json_ignores_the_width(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    text = _run(runner, monkeypatch, "80", *args).stdout
    assert max(len(line) for line in text.splitlines()) <= 80
    narrow = _run(runner, monkeypatch, "60", *args, "--format", "json").stdout
    assert narrow == _run(runner, monkeypatch, "1000", *args, "--format", "json").stdout


def test_every_error_is_said_in_one_form(runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    folder = "a-folder-with-a-long-name-given-where-the-database-file-goes"
    (tmp_path / folder).mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(main, ["table", "export", "--db", folder, "-o", "out"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"Error: {folder} is a folder,\n"
                             "       expected a table database file\n")
    monkeypatch.setattr("homestaging.scan.require_cv2", _no_opencv)
    scanned = runner.invoke(main, ["scan", "photo.jpg"])
    assert (scanned.exit_code, scanned.stderr) == (2, "Error: no OpenCV here\n")
    red = runner.invoke(main, ["--color", "always", "scan", "photo.jpg"])
    assert red.stderr == "\x1b[31m\x1b[1mError: no OpenCV here\x1b[0m\n"
    # a usage error keeps click's usage line and hint, its error wrapped as the others
    usage = runner.invoke(main, ["new", "-q", "tutorial"], prog_name="homestaging")
    assert (usage.exit_code, usage.stdout) == (2, "")
    assert usage.stderr == (
        "Usage: homestaging new [OPTIONS] PROJECT\n"
        "Try 'homestaging new --help' for help.\n\n"
        "Error: -q is an option of homestaging itself: write it before the command, as in\n"
        "       'homestaging -q new ...'\n")


def _no_opencv() -> None:
    from homestaging.scan import MissingOpenCV

    raise MissingOpenCV("no OpenCV here")


# -- completion ----------------------------------------------------------------------------


def _complete(words: str) -> tuple[list[str], bool]:
    """What bash completion offers for the last of ``words``, and whether matplotlib
    was imported to find it."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: sys.stderr.write('MPL' if 'matplotlib' in sys.modules "
            "else 'OK'))\n"
            "from homestaging.cli.root import main\nmain(prog_name='homestaging')\n")
    env = {**os.environ, "_HOMESTAGING_COMPLETE": "bash_complete",
           "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(
               " ") else 1))}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines(), result.stderr.endswith("MPL")


def test_completion_of_project_and_piece_ids_is_cheap() -> None:
    offered, heavy = _complete("homestaging print tu")
    assert offered == ["plain,tutorial"]
    assert not heavy
    offered, heavy = _complete("homestaging place sheet.json armc")
    assert offered == ["plain,armchair"]
    assert not heavy
    offered, _ = _complete("homestaging furniture show sofa")
    assert {"plain,sofa", "plain,sofa-corner"} <= set(offered)
    offered, _ = _complete("homestaging cards show 3")
    assert offered == ["plain,3", "plain,30", "plain,31", "plain,32", "plain,33"]
    offered, _ = _complete("homestaging re")
    assert offered == ["plain,render"]
