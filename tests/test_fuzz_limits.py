"""Size limits, the command line on unusable input, atomic outputs and deterministic output.

The limits (docs/limits.md): files of at most 10 MB, sheets of at most 200 x 200
squares, no range wider or taller than that, YAML aliases expanding to at most
MAX_YAML_NODES values, nesting at most MAX_DEPTH levels, no duplicate keys. Past each
one the tool answers fast with a located message.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from plans import SPEC_SHEET

from homestaging.core.errors import InputError
from homestaging.core.grid import MAX_SIDE, parse_cells
from homestaging.formats import sheetreader
from homestaging.formats.files import MAX_FILE_BYTES, read_text
from homestaging.formats.output import write_atomic
from homestaging.formats.projectreader import (
    MAX_LISTED_SQUARES,
    bundled_project_files,
    parse_project,
)
from homestaging.formats.readers import MAX_DEPTH, MAX_YAML_NODES, load_json, load_yaml
from homestaging.rules import checks as rules
from homestaging.scoring import card as scoring
from homestaging.text.report import problem_json, scorecard_json

ROOT = Path(__file__).resolve().parent.parent


def messages(error: pytest.ExceptionInfo[InputError]) -> list[str]:
    return [str(m) for m in error.value.messages]


def tutorial() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(bundled_project_files()["tutorial"].read_text())
    return data


class Stopwatch:
    """``with Stopwatch(1.0):`` fails when the block takes longer than the limit, in
    processor time (not wall time: a loaded machine must not fail it)."""

    def __init__(self, limit: float) -> None:
        self.limit = limit

    def __enter__(self) -> Stopwatch:
        self.start = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        took = time.process_time() - self.start
        assert took < self.limit, f"took {took:.2f} s of processor time, limit {self.limit} s"


# --------------------------------------------------------------------------- files


def test_file_at_the_limit_is_read_and_past_it_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * MAX_FILE_BYTES)
    assert read_text(path) == (str(path), " " * MAX_FILE_BYTES)
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(InputError) as caught:
        read_text(path)
    assert messages(caught) == [f"{path}: file is larger than 10 MB"]


def test_binary_junk_is_located(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(b'{"a":\n  "\xff\xfe"}')
    with pytest.raises(InputError) as caught:
        read_text(path)
    assert messages(caught) == [f"{path}:2:4: is not UTF-8 text (binary data?)"]


@pytest.mark.parametrize(("data", "place"), [
    (b'\xef\xbb\xbf{"a":\n  "\xff"}', "2:4"),  # after a byte order mark: the same place
    (b'\xef\xbb\xbf{"a\xff": 1}', "1:4"),  # the mark is no column of the first line
    ('{"é":\n  "ü'.encode() + b'\xff"}', "2:5"),  # columns in characters, not bytes
])
def test_binary_junk_is_located_in_characters(tmp_path: Path, data: bytes,
                                              place: str) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(data)
    with pytest.raises(InputError) as caught:
        read_text(path)
    assert messages(caught) == [f"{path}:{place}: is not UTF-8 text (binary data?)"]


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        read_text(tmp_path / "nope.json")
    assert messages(caught) == [f"{tmp_path / 'nope.json'}: no such file"]
    with pytest.raises(InputError) as caught:
        read_text(tmp_path)
    assert messages(caught) == [f"{tmp_path}: is a folder, expected a file"]


def test_ten_megabyte_string_is_refused_by_the_schema_with_its_path() -> None:
    data = tutorial()
    data["name"] = "x" * (10 * 2**20 - 100)
    with Stopwatch(3.0), pytest.raises(InputError) as caught:
        parse_project(data, "p.yaml")
    assert messages(caught) == [
        f"p.yaml: $.name: expected at most 80 characters, found {10 * 2**20 - 100}"
    ]


# --------------------------------------------------------------------------- JSON and YAML


def test_json_duplicate_keys_are_refused_with_their_path() -> None:
    with pytest.raises(InputError) as caught:
        load_json('{"rooms": [{"name": "A", "name": "B"}], "x": 1, "x": 2}', "s.json")
    assert messages(caught) == [
        "s.json: $.x: duplicate key 'x'",
        "s.json: $.rooms[0].name: duplicate key 'name'",
    ]


def test_yaml_duplicate_keys_are_refused_with_their_line() -> None:
    with pytest.raises(InputError) as caught:
        load_yaml("id: a\nname: b\nid: c\n", "p.yaml")
    assert messages(caught) == ["p.yaml:3:1: duplicate key 'id'"]


@pytest.mark.parametrize("levels", [MAX_DEPTH + 2, 1000, 100_000])
def test_deep_json_is_refused(levels: int) -> None:
    with Stopwatch(1.0), pytest.raises(InputError) as caught:
        load_json("[" * levels + "]" * levels, "s.json")
    assert all("levels deep" in m for m in messages(caught)), messages(caught)


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_yaml_is_refused(levels: int) -> None:
    with Stopwatch(1.0), pytest.raises(InputError) as caught:
        load_yaml("a: " + "[" * levels + "]" * levels, "p.yaml")
    (message,) = caught.value.messages
    assert message.line == 1 and message.column is not None
    assert "nest" in message.message


def test_nesting_at_the_limit_is_read() -> None:
    """The outermost value is level 0; MAX_DEPTH levels may be nested inside it."""
    levels = MAX_DEPTH + 1
    assert load_json("[" * levels + "]" * levels, "s.json") is not None
    assert load_yaml("[" * levels + "]" * levels, "p.yaml") is not None


def billion_laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        refs = ", ".join([f"*a{level - 1}"] * 10)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_is_refused_fast_and_located() -> None:
    with Stopwatch(1.0), pytest.raises(InputError) as caught:
        load_yaml(billion_laughs(10), "bomb.yaml")
    (message,) = caught.value.messages
    assert message.message == f"expands to more than {MAX_YAML_NODES} values (alias bomb?)"
    assert (message.line, message.column) == (6, 5)


def test_small_alias_use_is_fine() -> None:
    assert load_yaml(billion_laughs(3), "ok.yaml")["a2"][0][0] == ["lol"] * 10


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, NaN]", "s.json:1:5: NaN is not a JSON number"),
        ('{"a":\n -Infinity}', "s.json:2:2: -Infinity is not a JSON number"),
        ("[\n" + "7" * 5000 + "]", "s.json:2:1: a number with more than 4300 digits"),
    ],
)
def test_json_numbers_python_reads_but_json_has_not(text: str, expected: str) -> None:
    with pytest.raises(InputError) as caught:
        load_json(text, "s.json")
    assert messages(caught) == [expected]


def test_yaml_values_that_cannot_be_built_are_located() -> None:
    with pytest.raises(InputError) as caught:
        load_yaml("a:\n  b: 2001-02-30\n", "p.yaml")
    assert messages(caught) == [
        "p.yaml:2:6: cannot read '2001-02-30': day is out of range for month"
    ]
    with pytest.raises(InputError) as caught:
        load_yaml("a: [1, " + "9" * 5000 + "]", "p.yaml")
    (message,) = caught.value.messages
    assert (message.line, message.column) == (1, 8)


def test_yaml_control_characters_are_located() -> None:
    with pytest.raises(InputError) as caught:
        load_yaml("a:\n  - \x07", "p.yaml")
    assert messages(caught) == [
        "p.yaml:2:5: not valid YAML: control characters are not allowed (character U+0007)"
    ]


# --------------------------------------------------------------------------- squares


def test_largest_range_is_listed_and_one_more_column_refused() -> None:
    assert len(parse_cells("A1:GR200")) == MAX_SIDE * MAX_SIDE
    with pytest.raises(ValueError, match=r"spans 201 x 200 squares; a sheet has at most 200 x 200"):
        parse_cells("A1:GS200")


def test_huge_range_in_a_project_house_is_refused_before_listing_squares() -> None:
    data = tutorial()
    data["house"] = ["A1:ZZZ9999"]
    with Stopwatch(1.0), pytest.raises(InputError) as caught:
        parse_project(data, "p.yaml")
    assert (
        "p.yaml: $.house[0]: the range 'A1:ZZZ9999' spans 18278 x 9999 squares; a sheet "
        "has at most 200 x 200" in messages(caught)
    )


def test_many_large_ranges_stop_at_the_budget() -> None:
    data = tutorial()
    data["sheet"] = {"width": 200, "height": 200}
    data["house"] = ["A1:GR200"] * 100_000
    with Stopwatch(5.0), pytest.raises(InputError) as caught:
        parse_project(data, "p.yaml")
    budget = [m for m in messages(caught) if "in all" in m]
    assert budget == [
        f"p.yaml: $.house[{MAX_LISTED_SQUARES // (MAX_SIDE * MAX_SIDE)}]: the project's ranges "
        f"name more than {MAX_LISTED_SQUARES} squares in all (each square of the largest sheet "
        "a few times over); the rest is not read"
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (201, "p.yaml: $.sheet.width: expected at most 200, found 201"),
        (0, "p.yaml: $.sheet.width: expected at least 1, found 0"),
        (10**100, "p.yaml: $.sheet.width: expected at most 200, found a huge number"),
        (-1, "p.yaml: $.sheet.width: expected at least 1, found -1"),
        (1.5, "p.yaml: $.sheet.width: expected a whole number, found 1.5"),
    ],
)
def test_sheet_size_is_bounded(value: Any, expected: str) -> None:
    data = tutorial()
    data["sheet"]["width"] = value
    with pytest.raises(InputError) as caught:
        parse_project(data, "p.yaml")
    assert messages(caught) == [expected]


@pytest.mark.parametrize("where", ["ZZZ9999", "A0", "A1:ZZZ9999"])
def test_odd_squares_in_a_sheet_are_located(where: str) -> None:
    data = copy.deepcopy(SPEC_SHEET)
    data["rooms"][0]["cells"] = [where]
    with Stopwatch(2.0), pytest.raises(InputError) as caught:
        sheetreader.parse_sheet(data, "s.json", ROOT)
    paths = {m.path for m in caught.value.messages}
    assert "$.rooms[0].cells[0]" in paths, messages(caught)


# --------------------------------------------------------------------------- command line


def run_cli(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> Any:
    return subprocess.run(
        [sys.executable, "-m", "homestaging", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        timeout=60,
        check=False,
    )


CLI_COMMANDS = [["projects", "validate"], ["check"], ["score"]]
READING_COMMANDS = [["check"], ["score"]]  # those that stop at an unusable file


@pytest.fixture(scope="module")
def bad_inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, bytes]]:
    folder = tmp_path_factory.mktemp("bad")
    (folder / "junk.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "empty.json").write_bytes(b"")
    (folder / "folder").mkdir()
    return {
        "binary junk": (str(folder / "junk.bin"), b""),
        "empty file": (str(folder / "empty.json"), b""),
        "folder": (str(folder / "folder"), b""),
        "missing file": (str(folder / "missing.json"), b""),
        "junk on stdin": ("-", b"\x00\x01{{{\xff"),
    }


@pytest.mark.parametrize("command", CLI_COMMANDS, ids=" ".join)
@pytest.mark.parametrize(
    "case", ["binary junk", "empty file", "folder", "missing file", "junk on stdin"]
)
def test_cli_on_unusable_input(
    command: list[str], case: str, bad_inputs: dict[str, tuple[str, bytes]]
) -> None:
    file, stdin = bad_inputs[case]
    result = run_cli(*command, file, stdin=stdin)
    stderr = result.stderr.decode()
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    name = "<stdin>" if file == "-" else file
    if command == ["projects", "validate"]:  # a findings report: the file is invalid
        assert result.returncode == 1, (result.returncode, stderr)
        assert name in result.stdout.decode()
    else:
        assert result.returncode == 2, (result.returncode, stderr)
        first = stderr.splitlines()[0]
        assert first.startswith(f"{name}:"), stderr


def test_cli_debug_shows_the_traceback(bad_inputs: dict[str, tuple[str, bytes]]) -> None:
    file, _ = bad_inputs["binary junk"]
    result = run_cli("--debug", *READING_COMMANDS[0], file)
    assert result.returncode != 0
    assert "Traceback" in result.stderr.decode()
    assert "InputError" in result.stderr.decode()


# --------------------------------------------------------------------------- atomic writes


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "plan.svg"
    target.write_text("old")

    def broken(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(InputError) as caught:
        write_atomic(target, "new" * 1000)
    assert messages(caught) == [f"{target}: cannot be written: No space left on device"]
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == ["plan.svg"]


def test_interrupted_write_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "plan.png"

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"\x89PNG" * 100)
    assert leftovers(tmp_path) == []


def test_renderer_failing_midway_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import matplotlib.figure

    from homestaging.draw import render

    def failing(self: Any, *args: Any, **kwargs: Any) -> None:
        target: Any = args[0] if args else kwargs.get("fname")
        if hasattr(target, "write"):
            target.write(b"half a picture")
        raise RuntimeError("renderer failed mid-way")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", failing)
    sheet = sheetreader.parse_sheet(copy.deepcopy(SPEC_SHEET), "s.json", ROOT)
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(RuntimeError, match="mid-way"):
        render.save_plan(sheet, out / "plan.png")
    assert leftovers(out) == []


def test_writing_onto_the_input_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "sheet.json"
    source.write_text("{}")
    with pytest.raises(InputError) as caught:
        write_atomic(tmp_path / "." / "sheet.json", "x", protect=[source])
    assert messages(caught) == [
        f"{tmp_path / '.' / 'sheet.json'}: refusing to overwrite an input file"
    ]
    assert source.read_text() == "{}"
    assert leftovers(tmp_path) == ["sheet.json"]


# --------------------------------------------------------------------------- determinism

REPORT = """
import json, sys
from pathlib import Path
from homestaging.text.report import problem_json, scorecard_json
from homestaging.rules.checks import check
from homestaging.scoring.card import score
from homestaging.formats.sheetreader import parse_sheet
out = []
for name, data in json.loads(sys.stdin.read()):
    sheet = parse_sheet(data, name, Path("examples"))
    out.append([problem_json(p) for p in check(sheet)])
    out.append(scorecard_json(score(sheet, end_of_game=True)))
print(json.dumps(out, ensure_ascii=False, indent=1))
"""


def sheets() -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = [("spec.json", SPEC_SHEET)]
    for path in sorted((ROOT / "examples").glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        found.append((path.name, json.loads(path.read_text(encoding="utf-8"))))
    return found


@pytest.fixture
def readable_sheets() -> list[tuple[str, Any]]:
    return sheets()


def test_check_and_score_are_byte_identical_across_hash_seeds(
    readable_sheets: list[tuple[str, Any]],
) -> None:
    payload = json.dumps(readable_sheets).encode()
    outputs = set()
    for seed in ("0", "1", "12345"):
        result = subprocess.run(
            [sys.executable, "-c", REPORT],
            input=payload,
            capture_output=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed},
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stderr.decode()
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert json.loads(outputs.pop())


def test_check_and_score_are_identical_twice_in_one_process(
    readable_sheets: list[tuple[str, Any]],
) -> None:
    def report() -> str:
        out: list[Any] = []
        for name, data in readable_sheets:
            sheet = sheetreader.parse_sheet(copy.deepcopy(data), name, ROOT / "examples")
            out.append([problem_json(p) for p in rules.check(sheet)])
            out.append(scorecard_json(scoring.score(sheet, end_of_game=True)))
        return json.dumps(out, ensure_ascii=False)

    assert report() == report()


def test_cli_json_output_is_identical_across_hash_seeds() -> None:
    examples = sorted(
        p for p in (ROOT / "examples").glob("*.json") if not p.name.endswith(".expected.json")
    )
    for command in READING_COMMANDS:
        texts = {
            run_cli(
                *command, "--format", "json", str(examples[0]), env={"PYTHONHASHSEED": seed}
            ).stdout
            for seed in ("0", "99")
        }
        assert len(texts) == 1, command


def test_a_sheet_naming_too_many_squares_is_refused_quickly() -> None:
    data = {
        "format": "homestaging-sheet/1",
        "project": "tutorial",
        "rooms": [{"name": "Kitchen", "cells": ["A1:P12"] * 100_000}],
    }
    start = time.perf_counter()
    with pytest.raises(InputError) as caught:
        sheetreader.parse_sheet(data, "big.json", Path("."))
    assert time.perf_counter() - start < 5
    assert [str(m) for m in caught.value.messages] == [
        f"big.json: $.rooms[0].cells[{MAX_LISTED_SQUARES // 192}]: the sheet's ranges name more "
        f"than {MAX_LISTED_SQUARES} squares in all (each square of the largest sheet a few times "
        "over); the rest is not read"
    ]


def test_a_project_path_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "project.yaml"
    os.mkfifo(fifo)
    data = {"format": "homestaging-sheet/1", "project": "project.yaml"}
    with pytest.raises(InputError) as caught:
        sheetreader.parse_sheet(data, "s.json", tmp_path)
    assert [str(m) for m in caught.value.messages] == [
        "s.json: $.project: project 'project.yaml' is not a regular file"
    ]


@pytest.mark.parametrize(
    ("reader", "text", "expected"),
    [
        (load_json, "", "e.txt:1:1: the file is empty: expected a JSON object"),
        (load_json, " \n\t", "e.txt:1:1: the file is empty: expected a JSON object"),
        (load_yaml, "", "e.txt:1:1: the file is empty: expected a YAML document"),
        (load_yaml, "# only a comment\n", "e.txt:1:1: the file is empty: expected a YAML document"),
    ],
    ids=["json", "json-blank", "yaml", "yaml-comment"],
)
def test_an_empty_file_says_so(reader: Any, text: str, expected: str) -> None:
    with pytest.raises(InputError) as caught:
        reader(text, "e.txt")
    assert str(caught.value) == expected


def test_a_project_name_too_long_for_a_file_is_refused() -> None:
    data = {"format": "homestaging-sheet/1", "project": "x" * 300}
    with pytest.raises(InputError) as caught:
        sheetreader.parse_sheet(data, "s.json", Path("."))
    assert [str(m) for m in caught.value.messages] == [
        f"s.json: $.project: project {'x' * 40!r}... (300 characters) cannot be a file: "
        "File name too long"
    ]
