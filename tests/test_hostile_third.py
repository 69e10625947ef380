"""Hostile input, third round: the cache folder, the editor's own file, pipes, the
editor's HTTP edges, values quoted whole, limits that fit real projects, and messages a
player understands. Each case is the exact answer to one input that was mishandled.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from homestaging.core.errors import InputError
from homestaging.formats import files, readers
from homestaging.formats.files import read_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHEET = EXAMPLES / "mistakes.json"


def run_cli(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None,
            **options: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "homestaging", *args],
                          stdin=options.pop("stdin", subprocess.DEVNULL), capture_output=True,
                          cwd=cwd, timeout=120, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, **options)


def messages(call: Any) -> list[str]:
    with pytest.raises(InputError) as caught:
        call()
    return [str(m) for m in caught.value.messages]


def feed(path: Path, data: bytes, delay: float = 0.0) -> threading.Thread:
    """A writer of ``data`` into the FIFO ``path`` (after ``delay`` seconds)."""

    def write() -> None:
        with contextlib.suppress(BrokenPipeError), open(path, "wb") as stream:
            time.sleep(delay)
            stream.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


# --------------------------------------------------------------------------- pipes


def test_a_pipe_with_a_writer_is_read(tmp_path: Path) -> None:
    """``check <(jq . sheet.json)``: a FIFO with a writer (even a slow one) is read."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = feed(fifo, b'{"a": 1}', delay=0.3)
    time.sleep(0.05)
    assert read_text(fifo) == (str(fifo), '{"a": 1}')
    writer.join()


def test_a_pipe_is_bounded_in_size_and_time(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = feed(fifo, b"x" * 2000)
    time.sleep(0.05)
    assert messages(lambda: files.read_bytes(fifo, limit=1000)) == [
        f"{fifo}: file is larger than 0 MB"]
    writer.join()
    monkeypatch.setattr(files, "PIPE_SECONDS", 0.3)
    writer = feed(fifo, b"{}", delay=2)
    time.sleep(0.05)
    start = time.perf_counter()
    assert messages(lambda: read_text(fifo)) == [
        f"{fifo}: the pipe gave no end of file in 0.3 seconds; nothing read"]
    assert time.perf_counter() - start < 1.5
    writer.join()


def test_check_reads_a_process_substitution() -> None:
    done = subprocess.run(["bash", "-c", f'{sys.executable} -m homestaging check '
                           f'<(cat "{SHEET}")'], capture_output=True, timeout=120,
                          check=False, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    plain = run_cli("check", str(SHEET))
    assert done.returncode == plain.returncode
    assert done.stdout.replace(b"/dev/fd/63", str(SHEET).encode()) == plain.stdout \
        or done.stdout == plain.stdout


# --------------------------------------------------------------------------- the cache


def small_catalog() -> Any:
    from homestaging.core.catalog import Card, Catalog

    return Catalog({}, {(7, "a"): Card(7, "a", ("sofa", "stove"))})


@pytest.fixture
def cache_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from homestaging.formats import datacache

    monkeypatch.setattr(datacache, "_sums", {})
    monkeypatch.setattr(datacache, "_refused", {})
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    return source


def cached_catalog(source: Path) -> Any:
    from homestaging.core.catalog import Card, Catalog
    from homestaging.formats.datacache import cached

    return cached("test", [source], small_catalog, Catalog, allowed=(Catalog, Card))


def test_a_cache_entry_that_is_a_link_is_replaced_never_written_through(
        tmp_path: Path, cache_source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from homestaging.formats.datacache import entry_path

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(folder))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    entry = entry_path("test", [cache_source])
    assert entry is not None
    entry.symlink_to(victim)
    assert cached_catalog(cache_source) == small_catalog()
    assert victim.read_text() == "precious\n"
    assert not entry.is_symlink() and entry.stat().st_size > 0
    assert sorted(p.name for p in folder.iterdir()) == [entry.name]  # no temporary left
    assert cached_catalog(cache_source) == small_catalog()  # and it loads


@pytest.mark.parametrize("owner", ["others may write", "another user"])
def test_a_cache_folder_open_to_others_is_not_used(
        tmp_path: Path, cache_source: Path, monkeypatch: pytest.MonkeyPatch, owner: str) -> None:
    from homestaging.formats import datacache

    folder = tmp_path / "cache"
    folder.mkdir()
    if owner == "others may write":
        folder.chmod(0o777)
        reason = "other users may write to it"
    else:
        if os.getuid() != 0:
            pytest.skip("only root can give a folder to another user")
        folder.chmod(0o700)
        os.chown(folder, 65534, -1)
        reason = "it belongs to another user"
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(folder))
    assert cached_catalog(cache_source) == small_catalog()
    assert list(folder.iterdir()) == []
    assert datacache.cache_dir() is None
    assert datacache.warnings() == [
        f"homestaging: the cache folder {folder} is not used: {reason}"]
    assert datacache.warnings() == []  # told once


def test_the_command_line_tells_a_refused_cache_folder_once_under_verbose(
        tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    folder.chmod(0o777)
    env = {"HOMESTAGING_CACHE_DIR": str(folder)}
    loud = run_cli("-v", "check", str(SHEET), env=env)
    quiet = run_cli("check", str(SHEET), env=env)
    line = f"homestaging: the cache folder {folder} is not used: other users may write to it"
    assert loud.stderr.decode().splitlines().count(line) == 1
    assert line not in quiet.stderr.decode()
    assert loud.stdout == quiet.stdout and list(folder.iterdir()) == []


# --------------------------------------------------------------------------- the editor's file


def editor_copy(tmp_path: Path) -> Path:
    sheet = tmp_path / "sheet.json"
    sheet.write_text((EXAMPLES / "mistakes.json").read_text())
    return sheet


@pytest.mark.parametrize(("make", "answer"), [
    ("fifo", "is a FIFO (named pipe), not a regular file; nothing written"),
    ("link to /dev/zero", "is a character device, not a regular file; nothing written"),
])
def test_save_over_what_replaced_the_sheet_is_refused_and_the_server_still_answers(
        tmp_path: Path, make: str, answer: str) -> None:
    from editor_util import api, serving

    sheet = editor_copy(tmp_path)
    with serving(sheet) as server:
        status, opened = api(server, "/api/session")
        assert status == 200
        sheet.unlink()
        if make == "fifo":
            os.mkfifo(sheet)
        else:
            sheet.symlink_to("/dev/zero")
        start = time.perf_counter()
        for force in (False, True):
            status, saved = api(server, "/api/save", {"state": opened["state"], "force": force})
            assert (status, saved["error"]) == (500, f"{sheet}: {answer}")
        assert api(server, "/api/session")[0] == 200  # the lock is free
        assert time.perf_counter() - start < 10


@pytest.mark.parametrize("make", ["fifo", "/dev/zero", "link to /dev/zero"])
def test_edit_refuses_a_file_it_cannot_read_and_save_at_once(tmp_path: Path, make: str) -> None:
    if make == "/dev/zero":
        name, kind = "/dev/zero", "a character device"
    else:
        name = str(tmp_path / "sheet.json")
        if make == "fifo":
            os.mkfifo(name)
            kind = "a FIFO (named pipe)"
        else:
            os.symlink("/dev/zero", name)
            kind = "a character device"
    done = run_cli("edit", "--no-browser", name)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[-1] == (
        f"Error: {name} is {kind}, expected a sheet file: the editor reads it and saves to it")


# ------------------------------------------------------------------- the editor's HTTP edges


@pytest.mark.parametrize("target", ["http://evil.example:{port}/api/session",
                                    "http://evil.example/",
                                    "https://127.0.0.1:{port}/api/session"])
def test_a_request_line_in_absolute_form_is_checked_against_the_allowed_host(
        tmp_path: Path, target: str) -> None:
    from editor_util import request, serving

    with serving(editor_copy(tmp_path)) as server:
        status, _, body = request(server, "GET", target.format(port=server.port))
        assert status == 403 and json.loads(body) == {
            "error": f"this editor answers only to http://127.0.0.1:{server.port}/"}
        good = f"http://127.0.0.1:{server.port}/api/session"
        assert request(server, "GET", good)[0] == 200


def test_a_client_that_closes_early_costs_one_line_under_verbose(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    import socket
    import struct

    from editor_util import serving

    def hang_up(port: int) -> None:
        """Ask for the page, then reset the connection before the answer is read."""
        client = socket.create_connection(("127.0.0.1", port))
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
                       + f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode() * 50)
        client.close()

    for verbose in (False, True):
        with serving(editor_copy(tmp_path)) as server:
            server.verbose = verbose
            for _ in range(3):
                hang_up(server.port)
            time.sleep(0.5)
        err = capfd.readouterr().err
        assert "Traceback" not in err and "BrokenPipe" not in err.replace(
            "(BrokenPipeError)", ""), err
        lines = err.splitlines()
        assert all(line.startswith("homestaging edit: a client closed its connection early (")
                   for line in lines), lines
        assert len(lines) <= 3 if verbose else lines == []


# --------------------------------------------------------------------------- values quoted whole


def test_a_two_megabyte_door_side_is_cut_in_the_message(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "mistakes.json").read_text())
    data["rooms"][0]["door"] = ["I10", "w" * 2_000_000]
    path = tmp_path / "door.json"
    path.write_text(json.dumps(data))
    done = run_cli("check", str(path))
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == (
        f'{path}: $.rooms[0].door: expected an edge such as ["C5", "s"] (a square and a '
        f'side: n, e, s or w), found ["I10", "{"w" * 40}"... (2000000 characters)]\n')


def test_a_seed_past_the_last_is_a_usage_error_naming_the_option() -> None:
    done = run_cli("par", "tutorial", "--seed", "9007199254740991", "--games", "2")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().splitlines()[-1] == (
        "Error: Invalid value for '--seed': 9007199254740991 is too large for 2 games: game i "
        "is dealt with seed S + i, and seeds run to 9007199254740991 (give at most "
        "9007199254740990)")


# --------------------------------------------------------------------------- messages


def test_check_names_a_lower_case_piece_by_its_own_letter() -> None:
    from types import SimpleNamespace

    from homestaging.core.errors import Problem, Severity
    from homestaging.rules.checks import Code
    from homestaging.text.report import todo_text

    waiting = Problem(Code.NOT_SELECTED, Severity.TODO, "a (Armchair) waits for card 20 of "
                      "room Living room to be recorded: no recorded token pays for it yet",
                      "a (Armchair)", (), "$.furniture_legend.a")
    assert todo_text(waiting, SimpleNamespace(sheet=SimpleNamespace(project=None), card=None)) == (  # type: ignore[arg-type]
        "a (Armchair) waits for card 20 of room Living room to be recorded: no recorded "
        "token pays for it yet.")
    plain = Problem(Code.ONLY_WAY, Severity.INFO, "keep C5 free: it is the only way to the "
                    "Kitchen", "hallway", (), "$.rooms[0]")
    assert todo_text(plain, SimpleNamespace(sheet=SimpleNamespace(project=None), card=None)) == (  # type: ignore[arg-type]
        "Keep C5 free: it is the only way to the Kitchen.")


@pytest.mark.parametrize(("text", "expected"), [
    ('{"a": [1, 2,]}', "1:13: a comma before ']': JSON allows no comma after the last entry; "
     "remove it (Expecting value)"),
    ('{"a": 1,\n}', "2:1: a comma before '}': JSON allows no comma after the last entry; "
     "remove it (Expecting property name enclosed in double quotes)"),
    ('{"name": "Kitchen}', "1:10: a string that is never closed: a closing double quote is "
     "missing (Unterminated string)"),
    ('{"name": "Kitchen,\n "x": 1}', "1:19: a string runs to the end of its line: a closing "
     "double quote is missing (Invalid control character)"),
    ('{"name": Kitchen"}', '1:10: text is written in double quotes ("text"); true, false and '
     "null in lower case (Expecting value)"),
    ("{'a': 1}", "1:2: JSON writes text in double quotes (\"), not single quotes (') "
     "(Expecting property name enclosed in double quotes)"),
    ('{"a": "b" "c": 1}', "1:11: a comma is missing before this, or a double quote is missing "
     "earlier on the line (Expecting ',' delimiter)"),
    ('{"a": [1, 2', "1:12: the file ends before its value does: a closing bracket or brace is "
     "missing (Expecting ',' delimiter)"),
    ('{"a" 1}', "1:6: a colon is missing between a key and its value (Expecting ':' delimiter)"),
])
def test_a_json_syntax_error_gets_a_hint_in_words(text: str, expected: str) -> None:
    assert messages(lambda: readers.load_json(text, "s.json")) == [f"s.json:{expected}"]


@pytest.mark.parametrize("form", ["grid", "pieces"])
def test_convert_keeps_the_scan_notes(tmp_path: Path, form: str) -> None:
    data = json.loads((EXAMPLES / "mistakes.json").read_text())
    notes = {"photo": "photo.jpg", "uncertain": [
        {"square": "L2", "side": "e", "what": "wall", "reason": "a faint or broken wall line"}]}
    data["scan"] = notes
    path = tmp_path / "scanned.json"
    path.write_text(json.dumps(data))
    done = run_cli("convert", "--to", form, str(path))
    assert done.returncode == 0, done.stderr
    converted = json.loads(done.stdout)
    assert converted["scan"] == notes and list(converted)[-1] == "scan"
    again = tmp_path / "again.json"
    again.write_bytes(done.stdout)
    assert json.loads(run_cli("convert", "--to", form, str(again)).stdout) == converted


def test_a_rotation_left_open_where_two_pieces_marks_meet_names_the_marks_and_pieces() -> None:
    from homestaging.formats.sheetreader import parse_sheet

    rows = [["."] * 16 for _ in range(12)]
    for (x, y), char in {(3, 1): "C", (3, 2): "o", (3, 3): "A", (3, 4): "o", (3, 5): "D"}.items():
        rows[y][x] = char
    data = {"format": "homestaging-sheet/1", "project": "tutorial",
            "furniture_grid": ["".join(row) for row in rows],
            "furniture_legend": {"A": "armchair", "C": "armchair", "D": "armchair"}}
    assert messages(lambda: parse_sheet(data, "s.json", ROOT)) == [
        "s.json: $.furniture_grid[3]: 'A' at D4 (armchair) fits 4 ways: rotation 0 (circulation "
        "D5); rotation 90 (circulation C4); rotation 180 (circulation D3); rotation 270 "
        "(circulation E4). The o marks at D3, D5 are beside C (Armchair) and D (Armchair) as "
        "well: where the marks of two pieces meet they cannot tell its rotation; give it in "
        'furniture_legend, e.g. {"piece": "armchair", "rotation": 0}']


# --------------------------------------------------------------------------- limits


def designer(rooms: int, bonuses: int, features: int, tokens: int) -> tuple[str, str]:
    """``bench_limits``' designer project on the largest sheet, and a furnished sheet."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_limits import designer_project, designer_sheet
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return (designer_project(200, 200, rooms, bonuses, features, tokens),
            designer_sheet(200, 200, rooms, dense=False))


def test_a_project_with_ten_bonuses_is_a_project() -> None:
    from homestaging.formats.projectreader import parse_project

    data = readers.load_yaml((ROOT / "projects" / "00-tutorial.yaml").read_text(), "p.yaml")
    data["bonuses"] = (data["bonuses"] * 4)[:10]
    assert len(parse_project(data, "p.yaml").bonuses) == 10


def test_a_designers_project_at_the_limits_is_read_and_scored(tmp_path: Path) -> None:
    from homestaging.formats.projectreader import load_project
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import score

    project, sheet = designer(26, 100, 500, 100)
    (tmp_path / "project.yaml").write_text(project)
    (tmp_path / "sheet.json").write_text(sheet)
    start = time.perf_counter()
    read = load_project(tmp_path / "project.yaml")
    assert (len(read.rooms), len(read.bonuses), len(read.features)) == (26, 100, 500)
    card = score(read_sheet(tmp_path / "sheet.json"), end_of_game=True)
    assert len(card.rooms) == 26 and len(card.bonuses) == 100
    assert time.perf_counter() - start < 60  # a guard against a hang, not a timing


@pytest.mark.parametrize(("sizes", "expected"), [
    ((27, 1, 1, 27), "$.rooms: expected at most 26 entries, found 27"),
    ((26, 101, 1, 26), "$.bonuses: expected at most 100 entries, found 101"),
    ((26, 1, 501, 26), "$.features: expected at most 500 entries, found 501"),
    ((26, 1, 1, 101), "$.rooms: the rooms use 101 selection tokens; a project may use at "
     "most 100 (the box has 25)"),
])
def test_a_project_past_the_limits_is_refused(sizes: tuple[int, int, int, int],
                                               expected: str) -> None:
    from homestaging.formats.projectreader import parse_project

    project, _ = designer(*sizes)
    data = readers.load_yaml(project, "p.yaml")
    assert messages(lambda: parse_project(data, "p.yaml")) == [f"p.yaml: {expected}"]


@pytest.mark.parametrize(("given", "guess"), [
    ("tutorail", " (did you mean 'tutorial'?)"), ("familyhome", " (did you mean 'family-home'?)"),
    ("castle", ""),
])
def test_a_mistyped_project_id_gets_did_you_mean(given: str, guess: str) -> None:
    done = run_cli("projects", "show", given)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[-1].startswith(
        f"Error: Invalid value for PROJECT: unknown project '{given}'{guess}: expected a "
        "bundled id (tutorial, ")
