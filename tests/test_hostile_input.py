"""Hostile input, case by case: each fault class closed, with the exact answer expected.

YAML without base-60 numbers; inputs read without blocking and only when they are
regular files; outputs that never replace an input, a device, a FIFO, a folder or a
read-only file; messages that quote short escaped excerpts and nothing of a file that is
not ours; odd values refused where they are (integers only, booleans are not numbers);
lone surrogates replaced; a closed standard input, a full or closed standard output
answered cleanly; the hot spots of reading, scoring and placing kept linear, and equal
to what they replaced.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from plans import SPEC_SHEET, Document
from test_fuzz import FUZZ, SHEETS, mutate
from test_fuzz import MUTATION as MUTATIONS

from homestaging.core.errors import InputError, Located
from homestaging.core.grid import cell_name, cells_text, column_name
from homestaging.core.quoting import Suggestions, excerpt, printable
from homestaging.core.sheet import Sheet
from homestaging.formats.files import read_text, recording_reads
from homestaging.formats.output import write_atomic
from homestaging.formats.projectreader import load_project, parse_project
from homestaging.formats.readers import load_json, load_yaml
from homestaging.formats.sheetreader import parse_sheet, read_sheet
from homestaging.rules.checks import check
from homestaging.scoring.card import BonusResult, PieceScore, RoomScore, ScoreCard, involved
from homestaging.text.panel import MAX_LISTED, panel_lines

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TUTORIAL = (ROOT / "projects" / "00-tutorial.yaml").read_text(encoding="utf-8")


def messages(call: Any) -> list[str]:
    with pytest.raises(InputError) as caught:
        call()
    return [str(m) for m in caught.value.messages]


def run_cli(*args: str, stdin: Any = subprocess.DEVNULL, cwd: Path = ROOT,
            **options: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "homestaging", *args], stdin=stdin,
                          capture_output=True, cwd=cwd, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, **options)


def sheet_on(project: str, **extra: Any) -> dict[str, Any]:
    return {"format": "homestaging-sheet/1", "project": project, **extra}


# --------------------------------------------------------------------------- YAML


def test_a_megabyte_of_base_60_is_text_read_at_once() -> None:
    """YAML 1.1 would build a number in quadratic time; ours reads the text."""
    scalar = "1" + ":0" * 500_000
    start = time.perf_counter()
    data = load_yaml(TUTORIAL.replace("number: 0\n", f"number: {scalar}\n"), "p.yaml")
    assert time.perf_counter() - start < 5
    assert data["number"] == scalar
    assert messages(lambda: parse_project(data, "p.yaml")) == [
        f'p.yaml: $.number: expected a whole number, found "{scalar[:40]}"... '
        f"({len(scalar)} characters)"]


@pytest.mark.parametrize(("scalar", "value"), [
    ("1:30", "1:30"), ("-1:0:0", "-1:0:0"), ("1:30.5", "1:30.5"), ("190:20:30", "190:20:30"),
    ("12", 12), ("0x1F", 31), ("0b101", 5), ("017", 15), ("1_000", 1000), ("1.5", 1.5),
    (".inf", float("inf")), ("1e5", "1e5"), ("2001-12-14", "date"),
])
def test_implicit_types_are_yaml_1_1_without_base_60(scalar: str, value: Any) -> None:
    found = load_yaml(f"a: {scalar}\n", "p.yaml")["a"]
    if value == "date":
        assert type(found).__name__ == "date"
    else:
        assert found == value and type(found) is type(value)


@pytest.mark.parametrize(("text", "expected"), [
    ("a: !!int '1:0'", "cannot read '1:0': base-60 numbers (1:30) are not read; write the "
     "number in decimal"),
    ("a: !!float '1:0.5'", "cannot read '1:0.5': base-60 numbers (1:30) are not read; write "
     "the number in decimal"),
    ("a: !!int ''", "cannot read '': expected a whole number"),
    ("a: !!float x", "cannot read 'x': expected a number"),
    ("a: !!timestamp '1:0'", "cannot read '1:0': expected a date such as 2001-12-14"),
    ("a: !!bool maybe", "cannot read 'maybe': expected true or false"),
    ("a: 0x" + "f" * 5000, f"cannot read '0x{'f' * 38}'... (5002 characters): a number with "
     "more than 4300 digits"),
])
def test_explicit_tags_and_long_numbers_are_refused_where_they_are(text: str,
                                                                   expected: str) -> None:
    assert messages(lambda: load_yaml(text, "p.yaml")) == [f"p.yaml:1:4: {expected}"]


def test_control_characters_in_text_are_refused_and_shown_escaped() -> None:
    assert messages(lambda: load_yaml('name: "\\e[2JAda"\ntips: "a\\tb\\nc"\n', "p.yaml")) == [
        "p.yaml:1:7: text may not hold control characters (U+001B in '\\x1b[2JAda')"]
    assert messages(lambda: load_json('{"player": "\\u009b31m", "k\\u0007": 1}', "s.json")) == [
        "s.json: $.player: text may not hold control characters (U+009B in '\\x9b31m')",
        's.json: $["k\\u0007"]: a key: text may not hold control characters (U+0007 in '
        "'k\\x07')",
    ]
    assert load_json('{"notes": "tab\\there\\nand a new line"}', "s.json")


def test_lone_surrogates_are_read_as_the_replacement_character() -> None:
    found = load_json('{"player": "A\\ud800da", "k\\udfff": ["\\ud83d\\ude00", "\\udc00"]}',
                      "s.json")
    assert found == {"player": "A\ufffdda", "k\ufffd": ["\U0001f600", "\ufffd"]}
    assert load_json('"\\ud800"', "s.json") == "\ufffd"


# --------------------------------------------------------------------------- reading files


def test_special_files_are_refused_without_being_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    start = time.perf_counter()
    assert messages(lambda: read_text(tmp_path / "pipe")) == [
        f"{tmp_path / 'pipe'}: is a FIFO (named pipe) without a writer; nothing read"]
    assert messages(lambda: read_text(tmp_path / "pipe", pipes=False)) == [
        f"{tmp_path / 'pipe'}: is a FIFO (named pipe), expected a regular file"]
    assert messages(lambda: read_text("/dev/zero")) == [
        "/dev/zero: is a character device, expected a regular file"]
    assert messages(lambda: read_text(tmp_path / "folder")) == [
        f"{tmp_path / 'folder'}: is a folder, expected a file"]
    assert time.perf_counter() - start < 2


def test_a_read_that_would_wait_is_refused(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of /proc whose read blocks (as /proc/kmsg) is opened without blocking."""
    path = tmp_path / "kmsg"
    path.write_text("x")

    def would_block(fd: int, size: int) -> bytes:
        assert os.get_blocking(fd) is False
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "read", would_block)
    assert messages(lambda: read_text(path)) == [
        f"{path}: cannot be read without waiting (a special file?); nothing read"]


def test_a_closed_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    assert messages(lambda: read_text("-")) == [
        "<stdin>: standard input is closed; nothing to read"]
    result = subprocess.run(["sh", "-c", f"exec {sys.executable} -m homestaging check - <&-"],
                            capture_output=True, cwd=ROOT, timeout=60, check=False,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (result.returncode, result.stderr.decode()) == (
        2, "<stdin>: standard input is closed; nothing to read\n")


PRIVATE = "root:x:0:0:root:/root:/bin/bash\nada:hunter2:1000:1000::/home/ada:/bin/sh\n"


@pytest.mark.parametrize("how", ["sheet", "project", "project of a sheet"])
def test_a_file_that_is_not_ours_is_quoted_nowhere(tmp_path: Path, how: str) -> None:
    private = tmp_path / "passwd"
    private.write_text(PRIVATE)
    if how == "sheet":
        result = run_cli("check", str(private))
    elif how == "project":
        result = run_cli("projects", "validate", str(private))
    else:
        (tmp_path / "s.json").write_text(json.dumps(sheet_on(str(private))))
        result = run_cli("check", str(tmp_path / "s.json"))
    said = (result.stdout + result.stderr).decode()
    assert result.returncode in (1, 2) and "Traceback" not in said
    for secret in ("x:0:0", "hunter2", "ada:", "/bin/", "/home/"):
        assert secret not in said, said


def test_a_yaml_mapping_that_is_not_a_project_is_not_quoted() -> None:
    assert messages(lambda: parse_project({"password": "hunter2"}, "p.yaml")) == [
        "p.yaml: $: not a homestaging project: expected a YAML mapping with the keys id, "
        "name, sheet, house, rooms"]
    assert messages(lambda: parse_project("root:x:0:0", "p.yaml")) == [
        "p.yaml: $: not a homestaging project: expected a YAML mapping with the keys id, "
        "name, sheet, house, rooms, found text"]


def test_a_photo_is_read_as_any_input_never_waited_for(tmp_path: Path) -> None:
    pytest.importorskip("cv2")
    fifo = tmp_path / "photo.jpg"
    os.mkfifo(fifo)
    done = run_cli("scan", str(fifo))
    assert (done.returncode, done.stderr.decode()) == (
        2, f"{fifo}: is a FIFO (named pipe) without a writer; nothing read\n")


def test_a_small_photo_file_of_a_huge_image_is_refused_before_it_is_decoded(
        tmp_path: Path) -> None:
    import struct
    import zlib

    pytest.importorskip("cv2")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    side = 12_000  # 144 megapixels: 430 MB once decoded, 150 kB as a file
    squeeze = zlib.compressobj(1)
    rows = b"".join(squeeze.compress(b"\0" + b"\xff" * side) for _ in range(side))
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    photo = tmp_path / "bomb.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                      + chunk(b"IDAT", rows + squeeze.flush()) + chunk(b"IEND", b""))
    env = {key: value for key, value in os.environ.items()
           if key != "OPENCV_IO_MAX_IMAGE_PIXELS"}
    done = subprocess.run([sys.executable, "-m", "homestaging", "scan", str(photo)],
                          capture_output=True, timeout=120, check=False,
                          env={**env, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stderr.decode()) == (
        2, f"{photo}: is an image of more than 120 megapixels\n")


# --------------------------------------------------------------------------- messages


def test_excerpts_are_short_escaped_and_say_how_long() -> None:
    assert excerpt("x" * 2_000_000) == f"'{'x' * 40}'... (2000000 characters)"
    assert excerpt("\x1b[31mred\u202e\ud800") == "'\\x1b[31mred\\u202e\\ud800'"
    assert excerpt(10**5000) == "a huge number"
    assert printable("C5 \x1b[2J") == "C5 \\x1b[2J"


def test_a_two_megabyte_value_is_cut_in_the_message() -> None:
    (message,) = messages(lambda: parse_sheet(
        {**SPEC_SHEET, "current_room": "\x1b[2J" + "x" * 2_000_000}, "s.json", ROOT))
    assert message.startswith("s.json: $.current_room: no room named '\\x1b[2Jxxx")
    assert "... (2000004 characters)" in message
    assert len(message) < 300 and message.isprintable()


def test_file_names_and_arguments_are_shown_escaped(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path / "\x1b[31mred.json"))
    assert result.stderr.decode() == f"{tmp_path}/\\x1b[31mred.json: no such file\n"
    result = run_cli("furniture", "show", "\x1b[2Jsofa")
    assert b"\x1b" not in result.stderr and b"\\x1b[2Jsofa" in result.stderr
    assert result.returncode == 2


def test_every_located_message_is_one_printable_line() -> None:
    assert str(Located("a\nb.json", "found \x1b[2J", "$.x")) == "a\\nb.json: $.x: found \\x1b[2J"


def test_suggestions_are_looked_up_once_and_at_most_budget_times() -> None:
    close = Suggestions(["armchair", "sofa"], budget=2)
    assert close("armchiar") == ["armchair"]
    assert close("armchiar") == ["armchair"]  # the same word: no second look-up
    assert close("sofs") == ["sofa"]
    assert close("sofq") == []  # past the budget
    assert close("x" * 61) == []
    assert len(close.found) == 2


# --------------------------------------------------------------------------- odd values


@pytest.mark.parametrize(("text", "expected"), [
    ("90.0", "expected a whole number, found 90.0 (write a whole number without a decimal "
     "point or an exponent)"),
    ("9e1", "expected a whole number, found 90.0 (write a whole number without a decimal "
     "point or an exponent)"),
    ("false", "expected a whole number, found false"),
    ("true", "expected a whole number, found true"),
    ('"90"', "expected a whole number, found \"90\""),
    ("45", "expected one of 0, 90, 180, 270; found 45"),
    ("1e400", "expected a whole number, found inf"),
])
def test_odd_rotations_are_refused_where_they_are(text: str, expected: str) -> None:
    data = {key: value for key, value in SPEC_SHEET.items() if key != "pieces"}
    raw = json.dumps(data)[:-1] + f', "pieces": [{{"piece": "toilet", "at": "N4", ' \
        f'"rotation": {text}}}]}}'

    assert messages(lambda: parse_sheet(load_json(raw, "s.json"), "s.json", ROOT)) == [
        f"s.json: $.pieces[0].rotation: {expected}"]


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("width", 16.0, "expected a whole number, found 16.0 (write a whole number without a "
     "decimal point or an exponent)"),
    ("width", True, "expected a whole number, found true"),
])
def test_odd_numbers_in_a_project_are_refused(field: str, value: Any, expected: str) -> None:
    data = load_yaml(TUTORIAL, "p.yaml")
    data["sheet"][field] = value
    assert messages(lambda: parse_project(data, "p.yaml")) == [
        f"p.yaml: $.sheet.{field}: {expected}"]


def test_columns_and_squares_off_the_sheet_have_no_name() -> None:
    start = time.perf_counter()
    for bad in ((-2, 0), (-1, 0), (-30, 5), (0, -1)):
        with pytest.raises(ValueError, match="off the sheet has no name"):
            cell_name(bad)
    with pytest.raises(ValueError, match="column -2 lies west of column A"):
        column_name(-2)
    assert cells_text([(-2, 0), (-1, 0), (0, 0), (1, 0)]) == "A1-B1 and 2 squares off the sheet"
    assert time.perf_counter() - start < 1


@pytest.fixture
def surrogate_sheet(tmp_path: Path) -> Path:
    path = tmp_path / "s.json"
    text = (EXAMPLES / "tutorial-finished.json").read_text()
    data = json.loads(text)
    data["player"] = "Ada \ud800"
    path.write_text(json.dumps(data))  # the surrogate as an escape: "Ada \ud800"
    return path


def test_a_lone_surrogate_in_the_player_crashes_no_output(surrogate_sheet: Path) -> None:
    for command in (["score"], ["score", "--format", "json"], ["check"]):
        result = run_cli(*command, str(surrogate_sheet))
        assert result.returncode == 0, result.stderr.decode()
        assert "Ada \ufffd" in result.stdout.decode("utf-8") or command == ["check"]
    for suffix in (".png", ".svg", ".pdf"):
        out = surrogate_sheet.with_suffix(suffix)
        result = run_cli("render", str(surrogate_sheet), "-o", str(out))
        assert result.returncode == 0 and out.stat().st_size > 1000, result.stderr.decode()
    result = run_cli("convert", str(surrogate_sheet), "--to", "pieces")
    assert json.loads(result.stdout)["player"] == "Ada \ufffd"


def test_escape_sequences_in_a_name_never_reach_the_terminal(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "tutorial-finished.json").read_text())
    data["player"] = "\u001b]0;pwned\u0007\u001b[2J"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    result = run_cli("score", str(path))
    assert result.returncode == 2 and b"\x1b" not in result.stderr + result.stdout
    assert result.stderr.decode() == (
        f"{path}: $.player: text may not hold control characters (U+001B in "
        "'\\x1b]0;pwned\\x07\\x1b[2J')\n")


# --------------------------------------------------------------------------- writing


@pytest.fixture
def play(tmp_path: Path) -> Path:
    """A folder with a sheet and its project, the project in a file named ``p.png``."""
    (tmp_path / "p.png").write_text(TUTORIAL)
    data = json.loads((EXAMPLES / "tutorial-finished.json").read_text())
    data["project"] = "p.png"
    (tmp_path / "s.json").write_text(json.dumps(data))
    return tmp_path


def unchanged(path: Path, text: str) -> None:
    assert path.read_text() == text and stat.S_ISREG(path.lstat().st_mode)


def test_render_refuses_to_overwrite_the_sheets_project(play: Path) -> None:
    result = run_cli("render", "s.json", "-o", "p.png", cwd=play)
    assert (result.returncode, result.stderr.decode()) == (
        2, "p.png: refusing to overwrite an input file\n")
    unchanged(play / "p.png", TUTORIAL)
    assert sorted(p.name for p in play.iterdir()) == ["p.png", "s.json"]


@pytest.mark.parametrize("target", ["p.png", "./p.png", "link.json", "hard.json"])
def test_convert_refuses_any_input_by_any_name(play: Path, target: str) -> None:
    (play / "link.json").symlink_to(play / "p.png")
    os.link(play / "p.png", play / "hard.json")
    result = run_cli("convert", "s.json", "--to", "pieces", "-o", target, cwd=play)
    assert (result.returncode, result.stderr.decode()) == (
        2, f"{target}: refusing to overwrite an input file\n")
    unchanged(play / "p.png", TUTORIAL)


def test_convert_from_stdin_onto_the_same_file_is_refused(play: Path) -> None:
    text = (play / "s.json").read_text()
    with (play / "s.json").open("rb") as stdin:
        result = run_cli("convert", "-", "--to", "grid", "-o", "s.json", stdin=stdin, cwd=play)
    assert (result.returncode, result.stderr.decode()) == (
        2, "s.json: refusing to overwrite an input file\n")
    unchanged(play / "s.json", text)


@pytest.mark.parametrize(("make", "name", "expected"), [
    ("fifo", "out.json", "is a FIFO (named pipe), not a regular file; nothing written"),
    ("read-only", "out.json", "is read-only; not replaced (nothing written)"),
    ("none", "out.png/", "names a folder (it ends with a slash); expected a file name"),
    ("device", "out.json", "is a character device, not a regular file; nothing written"),
])
def test_outputs_that_are_not_regular_files_are_refused(play: Path, make: str, name: str,
                                                         expected: str) -> None:
    target = play / "out.json"
    if make == "fifo":
        os.mkfifo(target)
    elif make == "read-only":
        target.write_text("keep")
        target.chmod(0o444)
    elif make == "device":
        try:
            os.mknod(target, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("creating a device node needs root")
    before = {p.name: p.lstat().st_mode for p in play.iterdir()}
    command = ["render", "s.json", "-o", name] if name.endswith("/") else \
        ["convert", "s.json", "--to", "pieces", "-o", name]
    result = run_cli(*command, cwd=play)
    assert (result.returncode, result.stderr.decode()) == (2, f"{name}: {expected}\n")
    assert {p.name: p.lstat().st_mode for p in play.iterdir()} == before
    if make == "read-only":
        assert target.read_text() == "keep"


def test_the_longest_legal_name_is_written_and_a_link_never_written_through(
        play: Path) -> None:
    name = "x" * 250 + ".json"
    assert run_cli("convert", "s.json", "--to", "pieces", "-o", name, cwd=play).returncode == 0
    assert json.loads((play / name).read_text())["project"] == "p.png"
    (play / "real.json").write_text("old")
    (play / "link.json").symlink_to("real.json")
    result = run_cli("convert", "s.json", "--to", "pieces", "-o", "link.json", cwd=play)
    assert (result.returncode, result.stderr.decode()) == (
        2, "link.json: is a symbolic link; not written through (nothing written): give the "
        "file's own name\n")
    assert (play / "link.json").is_symlink() and (play / "real.json").read_text() == "old"


def test_a_caller_may_replace_a_file_it_read_when_it_says_so(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{}")
    with recording_reads():
        read_text(path)
        assert messages(lambda: write_atomic(path, "x")) == [
            f"{path}: refusing to overwrite an input file"]
        write_atomic(path, "saved", replaces=path)
    assert path.read_text() == "saved"


# --------------------------------------------------------------------------- standard output


def test_a_full_standard_output_is_told_with_exit_2() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    for args in (["furniture", "list"], ["--help"], ["check", str(EXAMPLES / "mistakes.json")]):
        with open("/dev/full", "wb") as full:
            result = subprocess.run([sys.executable, "-m", "homestaging", *args], stdout=full,
                                    stderr=subprocess.PIPE, cwd=ROOT, timeout=60, check=False,
                                    env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert (result.returncode, result.stderr.decode()) == (
            2, "Error: cannot write the output: No space left on device\n"), args


def test_a_pipe_closed_early_ends_quietly_with_141() -> None:
    read, write = os.pipe()
    os.close(read)
    process = subprocess.run([sys.executable, "-m", "homestaging", "furniture", "list"],
                             stdout=write, stderr=subprocess.PIPE, cwd=ROOT, timeout=60,
                             check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    os.close(write)
    assert (process.returncode, process.stderr) == (141, b"")


# --------------------------------------------------------------------------- hot spots


def involved_reference(sheet: Sheet, problems: Any) -> frozenset[int]:
    """The pairing of every piece with every error that :func:`involved` replaced."""
    paths: dict[str, list[int]] = {}
    for index, drawn in enumerate(sheet.pieces):
        paths.setdefault(drawn.path, []).append(index)
    found: set[int] = set()
    for problem in problems:
        if problem.severity != "error":
            continue
        if problem.path not in paths:
            if problem.code == "too-many-pieces":
                cells = set(problem.cells)
                found.update(i for i, d in enumerate(sheet.pieces)
                             if d.placement.furniture <= cells)
            continue
        named = paths[problem.path]
        if len(named) == 1 and not problem.cells:
            found.update(named)
            continue
        cells = set(problem.cells)
        for index, drawn in enumerate(sheet.pieces):
            placement = drawn.placement
            if ((index in named and (len(named) == 1 or placement.squares & cells))
                    or placement.furniture & cells):
                found.add(index)
    return frozenset(found)


def case_sheets() -> list[Path]:
    return sorted(p for folder in (EXAMPLES, ROOT / "tests" / "cases" / "rules",
                                   ROOT / "tests" / "cases" / "scoring")
                  for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.parametrize("path", case_sheets(), ids=lambda p: p.name)
def test_involved_is_the_pairing_it_replaced(path: Path) -> None:
    sheet = read_sheet(path)
    problems = check(sheet, end_of_game=True)
    assert involved(sheet, problems) == involved_reference(sheet, problems)


@FUZZ
@given(st.sampled_from(SHEETS), MUTATIONS)
def test_involved_is_the_pairing_it_replaced_on_mutated_sheets(entry: Document,
                                                               mutation: Any) -> None:
    name, document = entry
    try:
        sheet = parse_sheet(mutate(document, mutation), name, EXAMPLES)
    except InputError:
        return
    problems = check(sheet, end_of_game=True)
    assert involved(sheet, problems) == involved_reference(sheet, problems)


def test_thousands_of_schema_errors_are_read_in_linear_time() -> None:
    data = copy.deepcopy(SPEC_SHEET)
    data["pieces"] = [{"piece": "toilet", "at": "N4", "rotation": 90.5}] * 20_000
    start = time.perf_counter()
    found = messages(lambda: parse_sheet(data, "s.json", ROOT))
    assert len(found) == 20_000 and time.perf_counter() - start < 20


def test_a_list_past_its_bound_is_one_message_and_its_entries_are_not_read() -> None:
    data = copy.deepcopy(SPEC_SHEET)
    data["rooms"] = [{"name": 5, "cells": "x"}] * 30_000  # each entry wrong twice over
    start = time.perf_counter()
    assert messages(lambda: parse_sheet(data, "s.json", ROOT)) == [
        "s.json: $.rooms: expected at most 100 entries, found 30000"]
    assert time.perf_counter() - start < 10


def test_a_family_record_past_a_bound_is_one_message(tmp_path: Path) -> None:
    from homestaging.family.decorum.reader import read_game

    game = json.loads((EXAMPLES / "decorum" / "four-players.json").read_text())
    game["players"] = game["players"] * 5000  # their names listed twice, past 4 players
    path = tmp_path / "big.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert messages(lambda: read_game(path)) == [
        f"{path}: $.players: expected at most 4 entries, found 20000"]


def test_thousands_of_misspelt_ids_cost_twenty_suggestions() -> None:
    data = copy.deepcopy(SPEC_SHEET)
    data["pieces"] = [{"piece": f"toliet-{n}", "at": "N4"} for n in range(5000)]
    found = messages(lambda: parse_sheet(data, "s.json", ROOT))
    suggested = [m for m in found if "did you mean" in m]
    assert len(found) == 5000 and len(suggested) == 20
    assert suggested[0] == "s.json: $.pieces[0].piece: unknown piece id 'toliet-0' (did you " \
        "mean 'toilet'?)"


def piled(count: int, piece: str = "toilet", rotations: tuple[int, ...] = (0,)) -> Sheet:
    """The spec's sheet with ``count`` pieces on square N4, turned in ``rotations`` in turn."""
    data = copy.deepcopy(SPEC_SHEET)
    data["pieces"] = [{"piece": piece, "at": "N4", "rotation": rotations[n % len(rotations)]}
                      for n in range(count)]
    return parse_sheet(data, "s.json", ROOT)


def test_a_piece_on_a_pile_names_the_first_four_and_says_there_are_more() -> None:
    found = [(p.message, p.path) for p in check(piled(7), end_of_game=True)
             if p.code == "overlap"]
    assert len(found) == 1 + 2 + 3 + 4 + 5 + 5
    assert [m for m, path in found if path == "$.pieces[5]"] == [
        *(f"pieces[5] (Toilet) stands on pieces[{n}] (Toilet) at N4" for n in range(4)),
        "pieces[5] (Toilet) also stands on other pieces at N4 (the first 4 are named)",
    ]


def test_a_pile_of_thousands_of_pieces_costs_a_few_problems_each() -> None:
    start = time.perf_counter()
    problems = check(piled(4000, "armchair", (0, 90, 180, 270)), end_of_game=True)
    assert time.perf_counter() - start < 30  # one problem per pair took minutes
    for code in ("overlap", "covers-circulation"):
        per_piece: dict[str, int] = {}
        for problem in problems:
            if problem.code == code:
                per_piece[problem.path] = per_piece.get(problem.path, 0) + 1
        assert max(per_piece.values()) == 5 and len(per_piece) >= 3996


def test_extra_pieces_are_listed_twenty_then_counted() -> None:
    [found] = [p for p in check(piled(40), end_of_game=True) if p.code == "too-many-pieces"]
    assert found.message == (
        "room Living room holds 41 pieces but its cards have 4 selection tokens; extra: "
        + ", ".join(f"pieces[{n}] (Toilet)" for n in range(3, 23)) + " and 17 more")
    assert len(found.cells) == 1


def test_a_pile_below_the_bound_is_told_pair_by_pair() -> None:
    messages_of = [p.message for p in check(piled(4, "armchair", (0, 90, 180, 270)),
                                            end_of_game=True)
                   if p.code == "covers-circulation"]
    assert messages_of == [
        "pieces[1] (Armchair): its circulation lies on the furniture of pieces[0] (Armchair)"
        " at N4",
        "pieces[2] (Armchair): its furniture covers the circulation of pieces[0] (Armchair)"
        " at N5; its circulation lies on the furniture of pieces[0] (Armchair) at N4",
        "pieces[3] (Armchair): its furniture covers the circulation of pieces[1] (Armchair)"
        " at N4; its circulation lies on the furniture of pieces[1] (Armchair) at O4",
        "pieces[3] (Armchair): its furniture covers the circulation of pieces[2] (Armchair)"
        " at N4",
    ]


def test_shapes_added_without_data_limits_draw_the_same_picture() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle

    from homestaging.draw.drawing import add_shape, figure_bytes, frame

    project = read_sheet(EXAMPLES / "tutorial-finished.json").project
    pictures = []
    for add in (lambda ax, shape: ax.add_patch(shape), add_shape):
        figure = Figure(figsize=(3, 3))
        ax = figure.add_subplot()
        frame(ax, project)
        for n in range(5):
            add(ax, Circle((n + 0.5, n + 0.5), 0.46, fill=False, edgecolor="red"))
        pictures.append(figure_bytes(figure, "png"))
    assert pictures[0] == pictures[1]


# --------------------------------------------------------------------------- bounded pictures


def test_the_panel_lists_at_most_max_listed_of_each_and_sums_up_the_rest() -> None:
    sheet = read_sheet(EXAMPLES / "tutorial-finished.json")
    bonuses = tuple(BonusResult(f"bonus {n}", 1, n % 2 == 0, "", (), ()) for n in range(30))
    lost = tuple(PieceScore(n, "plant-small", "Small plant", f"pieces[{n}]", "Kitchen",
                            ((1, 1),), 0, False, "no way in") for n in range(25))
    rooms = (RoomScore("Kitchen", True, 0, False, "", lost),)
    card = ScoreCard("tutorial", "", rooms, bonuses, (), 30, 0, (), False)
    lines = panel_lines(sheet, card, (), True)
    assert ("  ... and 22 more (11 awarded)", "+22", "plain") in lines
    assert ("  ... and 17 more", "", "warn") in lines
    assert sum(1 for left, _, _ in lines if left.startswith(("\u2713 bonus", "\u2717 bonus"))) \
        == MAX_LISTED
    assert len(lines) < 40


def test_print_sheets_has_an_upper_bound(tmp_path: Path) -> None:
    result = run_cli("print", "tutorial", "--sheets", "21", "-o", str(tmp_path / "p.pdf"))
    assert result.returncode == 2 and b"21 is not in the range 0<=x<=20" in result.stderr
    assert not (tmp_path / "p.pdf").exists()


def test_a_project_with_too_many_bonuses_is_refused_at_once(tmp_path: Path) -> None:
    data = load_yaml(TUTORIAL, "p.yaml")
    data["bonuses"] = data["bonuses"] * 3_000
    path = tmp_path / "p.yaml"
    path.write_text(json.dumps(data))  # JSON is YAML
    start = time.process_time()
    load_yaml(path.read_text(), "p.yaml")
    reading = time.process_time() - start
    start = time.process_time()
    assert messages(lambda: load_project(path)) == [
        f"{path}: $.bonuses: expected at most 100 entries, found 9000"]
    assert time.process_time() - start < 2 * reading + 1  # the entries are not looked at


def test_only_the_first_unreachable_warnings_are_explained(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each explanation is a shortest path over the house: a sheet of thousands of
    cut-off pieces explains the first MAX_EXPLAINED and keeps the others plain."""
    from homestaging.scoring import blocking
    from homestaging.scoring.card import score

    sheet = read_sheet(ROOT / "tests" / "cases" / "rules" / "crosses-wall.json")

    def explained() -> list[bool]:  # a fresh copy: a sheet keeps its score card
        card = score(dataclasses.replace(sheet), end_of_game=True)
        return [bool(p.blocked_by) for p in card.problems if p.code.startswith("unreachable")]

    assert explained() == [True, True, True]
    monkeypatch.setattr(blocking, "MAX_EXPLAINED", 1)
    assert explained() == [True, False, False]


PARTS = st.lists(st.sampled_from(["rooms", "tiles", "a", "b.c", 0, 1, 2, 10]), max_size=4)


@FUZZ
@given(st.lists(PARTS, max_size=6), st.lists(PARTS, max_size=3), PARTS)
def test_family_messages_look_errors_up_as_the_scan_they_replaced(
    bad: list[Any], sized: list[Any], parts: list[Any]
) -> None:
    from homestaging.family.records import Messages
    from homestaging.formats.readers import json_path

    messages = Messages("r.json")
    messages.bad = {json_path(p) for p in bad}
    messages.sized = {json_path(p) for p in sized}
    path = json_path(parts)
    broken = any(b == path or path.startswith(b if b == "$" else (b + ".", b + "["))
                 for b in messages.bad)
    skip = broken or any(f == path or f.startswith((path + ".", path + "["))
                         for f in messages.bad | messages.sized)
    assert messages.broken(tuple(parts)) == broken
    assert messages.skip(tuple(parts)) == skip


@pytest.mark.parametrize("game", ["roomies", "decorum", "housewarming", "dreamhome"])
def test_a_family_game_names_a_file_that_is_not_its_record_quoting_nothing(
    tmp_path: Path, game: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"password": "hunter2"}))
    result = run_cli(game, "check", str(path))
    assert result.returncode == 2 and b"hunter2" not in result.stderr + result.stdout
    assert b": $: not a " in result.stderr and b"record: expected a JSON object" in result.stderr
