"""Hostile input, by class: a generator for each, and one property each must keep.

* YAML scalar forms (base-60 integers and floats, timestamps, infinities, long numbers in
  every base, explicit tags, merge keys): read fast, never as base-60 numbers, never a
  number of more than MAX_DIGITS digits; else a located error.
* Output targets (an input by another name, a link to it, a FIFO, a device node, a
  folder, a name ending with a slash, a read-only file, the longest legal name): a
  regular file written whole, or a refusal that leaves the target and its folder as
  they were.
* Special files as inputs (FIFOs with and without a writer, folders, devices, sockets,
  files of /proc): read or refused at once, nothing of them quoted.
* Numbers and strings of every JSON type in every place of a sheet or a project (90.0,
  9e1, true, huge integers, lone surrogates, control characters and escape sequences,
  long strings): a result whose every output encodes, or messages that are each one
  short printable line.

Runs are derandomized, as in ``test_fuzz.py``; ``HOMESTAGING_FUZZ_EXAMPLES=N`` searches
deeper.
"""

from __future__ import annotations

import copy
import json
import os
import socket
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plans import SPEC_SHEET, Document
from test_fuzz import FUZZ, GUARD_SECONDS, PROJECTS, node_paths, wall_clock

from homestaging.core.errors import InputError
from homestaging.formats import files
from homestaging.formats.files import read_text, recording_reads
from homestaging.formats.output import write_atomic
from homestaging.formats.projectreader import parse_project
from homestaging.formats.readers import MAX_DIGITS, load_json, load_yaml
from homestaging.formats.sheetreader import parse_sheet
from homestaging.scoring.card import check_sheet, score
from homestaging.text.report import check_json, format_check, format_scorecard, scorecard_json

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["wall_clock"]  # the guard of test_fuzz applies here too

FILES = settings(FUZZ, max_examples=int(os.environ.get("HOMESTAGING_FUZZ_EXAMPLES", "0")) or 40,
                 suppress_health_check=list(HealthCheck))


def quick(call: Callable[[], Any], seconds: float = 2.0) -> Any:
    """``call()``, which must return or raise within ``seconds`` of processor time (not
    wall time: a loaded machine must not fail it)."""
    start = time.process_time()
    try:
        return call()
    finally:
        took = time.process_time() - start
        assert took < seconds or GUARD_SECONDS > 30, f"took {took:.2f} s"


def assert_messages_are_short_lines(error: InputError, limit: int = 600) -> None:
    for message in error.messages:
        text = str(message)
        assert text.isprintable(), text[:200]
        assert len(text) <= limit, text[:200]
        assert message.line is not None or message.path is not None or ":" in text


# --------------------------------------------------------------------------- YAML scalars


def _base60(digits: list[int], fraction: bool) -> str:
    return str(digits[0] or 1) + "".join(f":{d}" for d in digits[1:]) + (".5" if fraction else "")


SEXAGESIMAL = st.builds(
    _base60, st.lists(st.integers(0, 59), min_size=2, max_size=4000), st.booleans()
) | st.integers(1, 60_000).map(lambda n: "1" + ":0" * n)
NUMBERS = st.one_of(
    st.integers(1, 12_000).map(lambda n: "1" * n),
    st.integers(1, 12_000).map(lambda n: "1_" * n + "1"),
    st.integers(1, 50_000).map(lambda n: "0x" + "f" * n),
    st.integers(1, 50_000).map(lambda n: "0b" + "1" * n),
    st.integers(1, 20_000).map(lambda n: "0" + "7" * n),
    st.integers(1, 20_000).map(lambda n: "1." + "0" * n + "1"),
    st.integers(1, 400).map(lambda n: f"1.5e+{'9' * n}"),
    st.sampled_from([".inf", "-.inf", "+.inf", ".Inf", ".NaN", ".nan", "1e5", "-0.0"]),
)
TIMESTAMPS = st.one_of(
    st.integers(0, 50_000).map(lambda n: f"2001-12-14t21:59:43.{'1' * n}-05:00"),
    st.integers(0, 50_000).map(lambda n: f"2001-12-14 21:59:43.{'0' * n}"),
    st.sampled_from(["2001-02-30", "2001-12-14", "9999-99-99", "0000-01-01"]),
)
TAGGED = st.tuples(st.sampled_from(["!!int", "!!float", "!!str", "!!timestamp"]),
                   SEXAGESIMAL | NUMBERS | TIMESTAMPS).map(lambda t: f"{t[0]} '{t[1]}'")
SCALAR_FORMS = SEXAGESIMAL | NUMBERS | TIMESTAMPS | TAGGED
PLACES = ("a: {}\n", "- {}\n", "a: [{}, b]\n", "{}: a\n", "number: {}\n")


def merge_chain(depth: int, fan: int) -> str:
    lines = ["m0: &m0 {k0: 0}"]
    for level in range(1, depth):
        refs = ", ".join(f"*m{max(0, level - 1 - i)}" for i in range(fan))
        lines.append(f"m{level}: &m{level} {{<<: [{refs}], k{level}: {level}}}")
    return "\n".join(lines) + "\n"


def scalars(value: Any) -> Iterator[Any]:
    """Every key and scalar value of a YAML value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from scalars(item)
    else:
        yield value


def too_long(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and \
        value.bit_length() > MAX_DIGITS * 3.33


@FILES
@given(SCALAR_FORMS, st.sampled_from(PLACES))
def test_yaml_scalar_forms_are_read_fast_and_never_base_60(scalar: str, place: str) -> None:
    text = place.format(scalar)
    try:
        value = quick(lambda: load_yaml(text, "p.yaml"), seconds=3.0)
    except InputError as error:
        (message,) = error.messages
        assert message.line is not None, str(message)
        assert_messages_are_short_lines(error)
        return
    for found in scalars(value):
        assert not too_long(found)
        if ":" in scalar and not scalar.startswith(("!!timestamp", "!!str", "2001")):
            assert not isinstance(found, int | float) or isinstance(found, bool), (scalar, found)


@FILES
@given(SCALAR_FORMS)
def test_yaml_scalar_forms_in_a_project_are_located(scalar: str) -> None:
    """Any scalar form as the project's number: a project, or errors that say where."""
    name, document = PROJECTS[0]
    text = yaml.safe_dump(document, sort_keys=False).replace("number: 0\n", f"number: {scalar}\n")
    try:
        quick(lambda: parse_project(load_yaml(text, name), name), seconds=3.0)
    except InputError as error:
        assert_messages_are_short_lines(error)
        assert all(m.line is not None or m.path == "$.number" for m in error.messages), error


@FILES
@given(st.integers(1, 400), st.integers(1, 6))
def test_merge_key_chains_are_read_or_refused_fast(depth: int, fan: int) -> None:
    try:
        quick(lambda: load_yaml(merge_chain(depth, fan), "m.yaml"))
    except InputError as error:
        assert "alias bomb" in str(error) or "nested" in str(error), str(error)


# --------------------------------------------------------------------------- output targets

TARGETS = (
    "new", "regular", "read-only", "fifo", "device", "folder", "slash", "input", "input via ..",
    "hard link to input", "symlink to input", "symlink to regular", "dangling symlink",
    "longest name", "name too long", "missing folder", "stdin", "dash",
)
REFUSED = {
    "read-only": "is read-only; not replaced (nothing written)",
    "fifo": "is a FIFO (named pipe), not a regular file; nothing written",
    "device": "is a character device, not a regular file; nothing written",
    "folder": "is a folder, expected a file name",
    "slash": "names a folder (it ends with a slash); expected a file name",
    "input": "refusing to overwrite an input file",
    "input via ..": "refusing to overwrite an input file",
    "hard link to input": "refusing to overwrite an input file",
    "symlink to input": "refusing to overwrite an input file",
    "symlink to regular": "is a symbolic link; not written through (nothing written): give "
                          "the file's own name",
    "dangling symlink": "is a symbolic link to a missing file; nothing written",
    "name too long": "cannot be written: File name too long",
    "missing folder": "cannot be written: its folder does not exist",
    "stdin": "refusing to overwrite an input file",
    "dash": "names standard output, not a file: give a file name (without -o the result "
            "goes to standard output)",
}


def snapshot(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry of ``folder`` (one level down too): its mode and a regular file's bytes."""
    found: dict[str, tuple[int, bytes | None]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else None
        found[str(path.relative_to(folder))] = (info.st_mode, data)
    return found


def make_target(kind: str, folder: Path, source: Path) -> str:
    """Create what ``kind`` needs in ``folder``; return the output path to write."""
    target = folder / "out.json"
    if kind == "regular":
        target.write_text("old")
    elif kind == "read-only":
        target.write_text("old")
        target.chmod(0o444)
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        try:  # a node like /dev/null, in the test's own folder
            os.mknod(target, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("creating a device node needs root")
    elif kind == "folder":
        target.mkdir()
    elif kind == "slash":
        return str(folder / "out.png") + "/"
    elif kind == "input":
        return str(source)
    elif kind == "input via ..":
        return str(folder / ".." / folder.name / "." / source.name)
    elif kind == "hard link to input":
        os.link(source, target)
    elif kind == "symlink to input":
        target.symlink_to(source)
    elif kind == "symlink to regular":
        (folder / "real.json").write_text("old")
        target.symlink_to(folder / "real.json")
    elif kind == "dangling symlink":
        target.symlink_to(folder / "nowhere.json")
    elif kind == "longest name":
        return str(folder / ("x" * 250 + ".json"))
    elif kind == "name too long":
        return str(folder / ("x" * 251 + ".json"))
    elif kind == "missing folder":
        return str(folder / "missing" / "out.json")
    elif kind == "dash":
        return "-"
    return str(target)


@pytest.mark.parametrize("kind", TARGETS)
@settings(FILES, max_examples=int(os.environ.get("HOMESTAGING_FUZZ_EXAMPLES", "0")) or 4)
@given(data=st.binary(max_size=64))
def test_output_targets(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, kind: str,
    data: bytes,
) -> None:
    folder = tmp_path_factory.mktemp("out")
    source = folder / "sheet.json"
    source.write_text("{}")
    path = make_target(kind, folder, source)
    before = snapshot(folder)
    with recording_reads():
        if kind == "stdin":  # convert - -o F < F
            with source.open("rb") as stream:
                monkeypatch.setattr("sys.stdin", _TextStdin(stream))
                read_text("-")
            path = str(source)
        else:
            read_text(source)
        try:
            write_atomic(path, data)
        except InputError as error:
            assert kind in REFUSED, (kind, str(error))
            assert [m.message for m in error.messages] == [REFUSED[kind]]
            assert snapshot(folder) == before
            return
    assert kind not in REFUSED, kind
    written = Path(path)
    assert written.read_bytes() == data and stat.S_ISREG(written.stat().st_mode)
    leftovers = {p.name for p in folder.iterdir()} - {p.split("/")[0] for p in before}
    assert leftovers <= {written.name}


class _TextStdin:
    """A stand-in for ``sys.stdin`` reading a file (as a shell's ``< F`` gives)."""

    def __init__(self, stream: Any) -> None:
        self.buffer = stream
        self.closed = False

    def fileno(self) -> int:
        return int(self.buffer.fileno())


# --------------------------------------------------------------------------- special inputs

SPECIAL = ("fifo", "fifo with a silent writer", "folder", "/dev/null", "/dev/zero", "socket",
           "symlink to a fifo", "/proc/self/status", "/proc/self/mem", "/proc/self/task")


@contextmanager
def special_input(kind: str, folder: Path) -> Iterator[str]:
    """The path of a special file of ``kind`` (made in ``folder`` when it is not a
    system one), kept as it is while the block runs."""
    if kind.startswith("/"):
        if not Path(kind).exists():
            pytest.skip(f"{kind} does not exist here")
        yield kind
        return
    path = folder / "input.json"
    if kind in ("fifo", "fifo with a silent writer", "symlink to a fifo"):
        os.mkfifo(folder / "pipe")
        if kind == "symlink to a fifo":
            path.symlink_to(folder / "pipe")
        else:
            path = folder / "pipe"
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
    writer: threading.Thread | None = None
    if kind == "fifo with a silent writer":  # opened for writing, never written
        done = threading.Event()

        def hold() -> None:
            with open(path, "wb"):
                done.wait(GUARD_SECONDS)

        writer = threading.Thread(target=hold, daemon=True)
        writer.start()
        time.sleep(0.05)
    try:
        yield str(path)
    finally:
        if writer is not None:
            done.set()
        if kind == "socket":
            server.close()


@pytest.mark.parametrize("how", ["read_text", "sheet", "project of a sheet"])
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_as_inputs_are_refused_at_once_quoting_nothing(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, kind: str,
    how: str
) -> None:
    monkeypatch.setattr(files, "PIPE_SECONDS", 0.5)  # a silent writer is waited for
    folder = tmp_path_factory.mktemp("special")
    with special_input(kind, folder) as path:
        if how == "read_text":
            call: Callable[[], Any] = lambda: read_text(path)  # noqa: E731
        elif how == "sheet":
            call = lambda: parse_sheet(load_json(read_text(path)[1], path), path, folder)  # noqa: E731
        else:
            sheet = {"format": "homestaging-sheet/1", "project": path}
            call = lambda: parse_sheet(sheet, "s.json", folder)  # noqa: E731
        try:
            quick(call)
        except InputError as error:
            assert_messages_are_short_lines(error)
            if kind == "/proc/self/status":  # readable: refused as not a sheet, not quoted
                assert "Name:" not in str(error) and "Pid" not in str(error), str(error)
            return
        assert kind == "/proc/self/status" and how == "read_text", (kind, how)


# --------------------------------------------------------------------------- JSON values

ODD_TEXT = st.one_of(
    st.sampled_from(["\ud800", "a\udfffb", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\u202e",
                     "\x9b2J", "tab\there", "line\nbreak", "\r", "\x00", "\ufeff", ""]),
    st.text(alphabet=st.characters(codec="utf-16", categories=["Cc", "Cf", "Cs", "Zl", "L"]),
            max_size=12),
    st.integers(1, 3).map(lambda n: "\x1b[2J" + "x" * (700_000 * n)),
)
ODD_NUMBERS = st.one_of(
    st.sampled_from([90.0, 9e1, 1e400, -1e400, -0.0, 0.5, 1e-300, True, False, None]),
    st.integers(-(10**4000), 10**4000),
    st.integers(-2, 300),
)
ODD_VALUES = ODD_TEXT | ODD_NUMBERS | st.lists(ODD_TEXT | ODD_NUMBERS, max_size=3) | \
    st.dictionaries(ODD_TEXT, ODD_NUMBERS, max_size=2)


def put(document: Any, pick: int, value: Any, as_key: bool) -> Any:
    """A copy of ``document`` with ``value`` at its node number ``pick`` (or as the key
    of a mapping's entry there)."""
    copied = copy.deepcopy(document)
    paths = [p for p in node_paths(copied) if p]
    path = paths[pick % len(paths)]
    parent = copied
    for part in path[:-1]:
        parent = parent[part]
    if as_key and isinstance(parent, dict) and isinstance(value, str):
        parent[value] = parent.pop(path[-1])
    else:
        parent[path[-1]] = value
    return copied


def every_output(sheet: Any) -> None:
    """Check, score and their text and JSON, all encodable as UTF-8."""
    checked = check_sheet(sheet)
    card = score(sheet, end_of_game=True)
    for text in (format_check(checked, "s.json"), json.dumps(check_json(checked, "s.json"),
                 ensure_ascii=False), format_scorecard(card, "s.json"),
                 json.dumps(scorecard_json(card), ensure_ascii=False)):
        text.encode("utf-8")


@FILES
@given(ODD_VALUES, st.integers(0, 10**6), st.booleans(),
       st.sampled_from([Document("spec.json", SPEC_SHEET), *(
           Document(p.name, json.loads(p.read_text())) for p in sorted(
               (ROOT / "examples").glob("*-finished.json"))[:3])]))
def test_odd_json_values_anywhere_in_a_sheet(value: Any, pick: int, as_key: bool,
                                             entry: Document) -> None:
    text = json.dumps(put(entry.content, pick, value, as_key))  # lone surrogates as \ud800
    try:
        sheet = quick(lambda: parse_sheet(load_json(text, "s.json"), "s.json", ROOT / "examples"),
                      seconds=5.0)
    except InputError as error:
        assert_messages_are_short_lines(error)
        return
    every_output(sheet)


@FILES
@given(ODD_VALUES, st.integers(0, 10**6), st.booleans(), st.sampled_from(PROJECTS[:4]))
def test_odd_values_anywhere_in_a_project(value: Any, pick: int, as_key: bool,
                                         entry: Document) -> None:
    name, document = entry
    text = yaml.safe_dump(put(document, pick, value, as_key), allow_unicode=False)
    try:
        quick(lambda: parse_project(load_yaml(text, name), name), seconds=5.0)
    except InputError as error:
        assert_messages_are_short_lines(error)


def test_put_reaches_every_node() -> None:
    """The generators place their values anywhere: ``put`` reaches every node."""
    paths = [p for p in node_paths(SPEC_SHEET) if p]
    reached = set()
    for pick in range(len(paths)):
        changed = put(SPEC_SHEET, pick, "marker", False)
        reached |= {p for p in paths if _at(changed, p) == "marker"}
    assert reached == set(paths)


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        try:
            document = document[part]
        except (KeyError, IndexError, TypeError):
            return None
    return document
