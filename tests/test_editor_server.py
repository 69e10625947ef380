"""The editor's server without a browser: safety (token, Host, paths, bodies), what the
page is told about every example sheet, saving, and the ``edit`` command itself."""

from __future__ import annotations

import functools
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from editor_util import EXAMPLES, ROOT, SHEETS, api, request, serving

from homestaging.cli.root import main
from homestaging.core.errors import InputError
from homestaging.core.interruption import Interruption
from homestaging.editor import adapter
from homestaging.editor.server import make_server
from homestaging.editor.session import Session
from homestaging.formats.sheetreader import read_sheet
from homestaging.formats.sheetwriter import sheet_to_json
from homestaging.rules.checks import READER_NOTES
from homestaging.scoring.card import check_sheet
from homestaging.search.placement import legal_keys

TUTORIAL = EXAMPLES / "tutorial-first-game.json"
#: a wild card naming two pieces (drawn with one legend character) has no pieces form
TWO_WILD = ROOT / "tests" / "cases" / "rules" / "wild-card-twice-two-pieces.json"
CASES = sorted(p for p in (ROOT / "tests" / "cases").glob("*/*.json")
               if not p.name.endswith(".expected.json") and p != TWO_WILD)


def _codes(problems: list[dict[str, Any]]) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(p["code"], p["severity"], tuple(p["cells"])) for p in problems]


def _check_json(runner: CliRunner, path: Path) -> dict[str, Any]:
    result = runner.invoke(main, ["check", "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _check_stderr(path: Path) -> str:
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    return str(result.stderr).strip()


# ------------------------------------------------------------------ safety


def test_page_is_served_only_to_its_own_host(tmp_path: Path) -> None:
    with serving(TUTORIAL) as server:
        status, headers, body = request(server, "GET", "/")
        assert status == 200 and b'id="plan"' in body
        assert headers["content-type"].startswith("text/html")
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert request(server, "GET", "/", host=f"localhost:{server.port}")[0] == 200
        for host in (f"evil.example:{server.port}", "127.0.0.1", f"127.0.0.1:{server.port + 1}",
                     f"localhost.evil.example:{server.port}", ""):
            status, _, body = request(server, "GET", "/", host=host)
            assert status == 403, host
            assert b"answers only to" in body
        status, _, _ = request(server, "GET", "/api/session", host=f"attacker:{server.port}")
        assert status == 403


def test_every_api_call_needs_the_token() -> None:
    with serving(TUTORIAL) as server:
        assert request(server, "GET", "/api/session")[0] == 200
        state = api(server, "/api/session")[1]["state"]
        for token in ("", "x", server.token[:-1], server.token + "x", server.token.upper()):
            for method, path, body in (("GET", "/api/session", None),
                                       ("POST", "/api/check", {"state": state}),
                                       ("POST", "/api/save", {"state": state}),
                                       ("POST", "/api/render", {"state": state}),
                                       ("POST", "/api/parse", {"text": "{}"})):
                status, _, payload = request(server, method, path, body, token=token)
                assert status == 403, (token, path)
                assert b"stale token" in payload


def test_a_token_from_another_run_is_refused() -> None:
    with serving(TUTORIAL) as first:
        old = first.token
    with serving(TUTORIAL) as second:
        assert second.token != old
        assert request(second, "GET", "/api/session", token=old)[0] == 403


def test_static_files_are_served_by_name_only() -> None:
    with serving(TUTORIAL) as server:
        status, headers, body = request(server, "GET", "/static/app.js")
        assert status == 200 and headers["content-type"].startswith("text/javascript")
        assert headers["x-content-type-options"] == "nosniff"
        for path in ("/static/../session.py", "/static/%2e%2e/session.py", "/../../etc/passwd",
                     "/static/", "/static/app.js/..", "//etc/passwd", "/static/..%2fcli.py",
                     "/homestaging/editor/server.py", "/api/../static/app.js"):
            status, _, body = request(server, "GET", path)
            assert status == 404, path
            assert b"import" not in body


def test_bodies_are_bounded_json_objects(tmp_path: Path) -> None:
    with serving(TUTORIAL) as server:
        too_big = str(adapter.MAX_BYTES + 1)
        status, _, body = request(server, "POST", "/api/check", raw=b"",
                                  headers={"Content-Length": too_big})
        assert status == 413 and b"larger than" in body
        status, _, _ = request(server, "POST", "/api/check", raw=b"")
        assert status == 400  # an empty body is not JSON
        for raw, message in ((b"{", b"not JSON"), (b"[1, 2]", b"a JSON object"),
                             (b'{"state": NaN}', b"not JSON"), (b"\xff\xfe", b"UTF-8"),
                             (b'{"a": 1, "a": 2}', b"not JSON")):
            status, _, body = request(server, "POST", "/api/check", raw=raw)
            assert status == 400, raw
            assert message in body, body
        status, _, body = request(server, "POST", "/api/check", {"no": "state"})
        assert status == 400
        assert json.loads(body)["error"] == 'expected an object with a "state" key'
        status, _, _ = request(server, "POST", "/api/nothing", {"state": {}})
        assert status == 404
        for method in ("PUT", "DELETE", "OPTIONS"):
            assert request(server, method, "/api/save")[0] == 405
    assert not list(tmp_path.iterdir())


def test_a_body_without_length_is_refused() -> None:
    with serving(TUTORIAL) as server:
        status, _, _ = request(server, "POST", "/api/check",
                               headers={"Transfer-Encoding": "chunked"}, raw=b"0\r\n\r\n")
        assert status == 411


# ------------------------------------------------------------------ every sheet


#: the sheets of a game at the table, each naming the game record beside it
TABLE = sorted(p for p in (EXAMPLES / "four-players").glob("*.json")
               if not p.name.endswith(".expected.json") and p.name != "game.json")


@pytest.mark.parametrize("path", SHEETS + CASES + TABLE,
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_sheet_opens_with_the_problems_of_check(path: Path, runner: CliRunner) -> None:
    with serving(path) as server:
        status, opening = api(server, "/api/session")
        assert status == 200 and opening["readable"], opening["errors"]
        status, answer = api(server, "/api/check", {"state": opening["state"]})
    assert status == 200 and answer["errors"] == []
    expected = _check_json(runner, path)
    # the page edits the plan, written cleanly: the reader's notes on how the file is
    # written (a side as a word, a capital O...) are not among its problems, as after a save
    written = [p for p in expected["problems"] if p["code"] not in READER_NOTES]
    # check's JSON lists what is still to do apart: the page lists every problem in order
    shown = [p for p in answer["problems"] if p["severity"] != "todo"] + [
        p for p in answer["problems"] if p["severity"] == "todo"]
    assert _codes(shown) == _codes(written + expected["todo"])
    assert answer["total"] == expected["provisional_total"]


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.stem)
def test_saving_an_example_keeps_its_meaning(path: Path, tmp_path: Path,
                                             runner: CliRunner) -> None:
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    with serving(copy) as server:
        state = api(server, "/api/session")[1]["state"]
        status, answer = api(server, "/api/save", {"state": state})
    assert status == 200 and answer["saved"] == str(copy)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
    before, after = read_sheet(path), read_sheet(copy)
    assert sheet_to_json(after, "pieces") == sheet_to_json(before, "pieces")
    saved, original = _check_json(runner, copy), _check_json(runner, path)
    assert _codes(saved["problems"] + saved["todo"]) == _codes(original["problems"]
                                                              + original["todo"])
    assert saved["provisional_total"] == original["provisional_total"]
    assert "furniture_grid" not in json.loads(copy.read_text())


def test_check_answers_problems_score_and_hints() -> None:
    with serving(EXAMPLES / "tutorial-midgame.json") as server:
        state = api(server, "/api/session")[1]["state"]
        status, answer = api(server, "/api/check",
                             {"state": state, "hand": {"piece": "sofa", "room": "Living room"}})
    assert status == 200
    sheet = read_sheet(EXAMPLES / "tutorial-midgame.json")
    checked = check_sheet(sheet)
    problems, card = checked.problems, checked.card
    assert answer["total"] == card.total and answer["label"] == "Score so far (mid-game)"
    assert [p["code"] for p in answer["problems"]] == [p.code for p in problems]
    assert (answer["if_connected"], card.total_if_connected) == (14, 14)
    assert [(r["name"], r["points_if_connected"]) for r in answer["rooms"]] == [
        ("Kitchen", 9), ("Bathroom", 5), ("Living room", None)]
    hints = answer["hints"]
    piece = sheet.project.catalog.pieces["sofa"]
    legal = legal_keys(sheet, piece, room="Living room", mirror=False)
    found = {(anchor, int(key)) for key, lists in hints["orientations"].items()
             if not key.endswith("m") for anchor in lists["good"] + lists["fair"] + lists["dead"]}
    names = {(f"{adapter.cell_name(anchor)}", rotation) for anchor, rotation, _ in legal}
    assert names <= found and hints["count"] > 0 and hints["best"] is not None


def test_hints_say_why_a_piece_can_go_nowhere() -> None:
    with serving(EXAMPLES / "tutorial-finished.json") as server:
        state = api(server, "/api/session")[1]["state"]
        _, answer = api(server, "/api/check", {"state": state, "hand": {"piece": "sofa"}})
        assert answer["hints"]["count"] == 0
        assert "every room of the project is walled" in answer["hints"]["reason"]
        _, answer = api(server, "/api/check",
                        {"state": state, "hand": {"piece": "no-such", "room": "Kitchen"}})
        assert answer["hints"]["reason"] == "unknown piece 'no-such'"


def test_an_unreadable_state_is_answered_with_located_errors(tmp_path: Path) -> None:
    sheet = tmp_path / "plan.json"
    shutil.copy(TUTORIAL, sheet)
    before = sheet.read_bytes()
    with serving(sheet) as server:
        state = api(server, "/api/session")[1]["state"]
        state["pieces"].append({"piece": "sofa", "at": "P12", "rotation": 0})
        state["rooms"][0]["name"] = "Kitchn"
        status, answer = api(server, "/api/check", {"state": state})
        assert status == 200
        texts = [e["text"] for e in answer["errors"]]
        assert any("$.rooms[0].name: no room named 'Kitchn'" in t and "did you mean 'Kitchen'" in t
                   for t in texts), texts
        assert any("$.pieces[9]" in t and "reaches off the 16 x 12 sheet" in t for t in texts)
        status, refused = api(server, "/api/save", {"state": state})
        assert status == 422 and refused["error"] == "the sheet cannot be read"
        assert [e["text"] for e in refused["errors"]] == texts
    assert sheet.read_bytes() == before


def test_a_wild_card_naming_two_pieces_opens_as_an_error() -> None:
    with serving(TWO_WILD) as server:
        opening = api(server, "/api/session")[1]
    assert not opening["readable"]
    [error] = opening["errors"]
    assert error["text"] == (
        f"{TWO_WILD}: the editor keeps a sheet as a list of pieces: the wild card names 2 "
        "pieces; the pieces form can only name one piece of `pieces` or one legend character")


def test_a_file_changed_on_disk_is_not_overwritten_unless_asked(tmp_path: Path) -> None:
    sheet = tmp_path / "plan.json"
    shutil.copy(TUTORIAL, sheet)
    with serving(sheet) as server:
        state = api(server, "/api/session")[1]["state"]
        sheet.write_text(sheet.read_text().replace("Newbie", "Someone else"))
        status, answer = api(server, "/api/save", {"state": state})
        assert status == 409 and "changed on disk" in answer["error"]
        assert "Someone else" in sheet.read_text()
        assert api(server, "/api/save", {"state": state, "force": True})[0] == 200
        assert "Newbie" in sheet.read_text()
        assert api(server, "/api/save", {"state": state})[0] == 200


def test_an_unreadable_file_opens_with_its_errors_and_is_not_written(tmp_path: Path) -> None:
    sheet = tmp_path / "bad.json"
    text = TUTORIAL.read_text().replace('"Bathroom", "cells"', '"Bathroom" "cells"')
    sheet.write_text(text)
    with serving(sheet) as server:
        status, opening = api(server, "/api/session")
        assert status == 200 and not opening["readable"] and opening["state"] is None
        assert opening["text"] == text
        [error] = opening["errors"]
        assert error["line"] == 7 and error["text"].startswith(f"{sheet}:7:")
        assert error["text"] == _check_stderr(sheet)
        assert api(server, "/api/save", {"state": None})[0] == 422
        status, answer = api(server, "/api/parse", {"text": text})
        assert status == 200 and answer["errors"][0]["line"] == 7
        status, answer = api(server, "/api/parse", {"text": TUTORIAL.read_text()})
        assert answer["errors"] == [] and answer["project"]["id"] == "tutorial"
        assert sheet.read_text() == text
        assert api(server, "/api/save", {"state": answer["state"]})[0] == 200
    assert read_sheet(sheet).player == "Newbie"


def test_a_new_sheet_is_blank_until_saved(tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with serving(sheet, "tutorial") as server:
        opening = api(server, "/api/session")[1]
        assert opening["new"] and opening["state"] == {
            "format": "homestaging-sheet/1", "project": "tutorial",
            "rooms": [{"name": "Kitchen"}, {"name": "Bathroom"}, {"name": "Living room"}],
            "current_room": "Kitchen"}
        assert not sheet.exists()
        assert api(server, "/api/save", {"state": opening["state"]})[0] == 200
    assert json.loads(sheet.read_text())["current_room"] == "Kitchen"


def test_a_new_sheet_names_a_project_file_relative_to_itself(tmp_path: Path) -> None:
    (tmp_path / "house").mkdir()
    (tmp_path / "plans").mkdir()
    source = ROOT / "projects" / "00-tutorial.yaml"
    (tmp_path / "house" / "mine.yaml").write_text(source.read_text().replace(
        "id: tutorial", "id: my-tutorial"))
    with serving("plans/a.json", "house/mine.yaml", cwd=tmp_path) as server:
        state = api(server, "/api/session")[1]["state"]
    assert state["project"] == "../house/mine.yaml"


def test_files_are_named_as_the_player_typed_them(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A record, a project or the sheet itself is named in messages by the path given on
    the command line, not by an absolute one."""
    from homestaging.editor.session import Refused, Session

    monkeypatch.chdir(tmp_path)
    Path("plans").mkdir()
    shutil.copy(EXAMPLES / "tutorial-midgame.json", "plans/plan.json")
    Path("game.json").write_text('{"format": "homestaging-game/1"}')
    with pytest.raises(InputError) as caught:
        Session.open("plans/plan.json", game="game.json")
    assert [str(m) for m in caught.value.messages] == [
        "plans/plan.json: $.game: the game record '../game.json' cannot be used:",
        "plans/../game.json: $: missing required key 'project'",
        "plans/../game.json: $: missing required key 'dealt'"]
    session = Session.open("plans/plan.json")
    answer = session.check({"state": {**session.state, "project": "mine.yaml"}})
    assert [e["text"] for e in answer["errors"]] == [
        "plans/plan.json: $.project: the project 'mine.yaml' cannot be used:",
        "plans/mine.yaml: no such file"]
    os.chmod("plans/plan.json", 0o444)
    with pytest.raises(Refused) as refused:
        session.save({"state": session.state})
    assert refused.value.payload["error"] == (
        "plans/plan.json: is read-only; not replaced (nothing written)")


def test_render_gives_a_png() -> None:
    with serving(TUTORIAL) as server:
        state = api(server, "/api/session")[1]["state"]
        status, headers, body = request(server, "POST", "/api/render", {"state": state})
    assert status == 200 and headers["content-type"] == "image/png"
    assert body.startswith(b"\x89PNG\r\n\x1a\n") and len(body) > 10_000


# ------------------------------------------------------------------ the command


def interrupted(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl+C to the editor's process; what it wrote. A process still running a minute
    later (a loaded machine gives it little time) is killed, never left behind."""
    process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise


@pytest.mark.parametrize("inherited", [signal.SIG_DFL, signal.SIG_IGN],
                         ids=["from-a-terminal", "in-the-background"])
def test_edit_prints_the_url_first_and_stops_on_interrupt(
        inherited: signal.Handlers, tmp_path: Path) -> None:
    """Started from a terminal, or as a background job of a shell (which starts it with
    SIGINT ignored), the editor stops on Ctrl+C as it says."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "homestaging", "edit", "new.json", "--project", "tutorial",
         "--no-browser"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env, preexec_fn=functools.partial(signal.signal, signal.SIGINT, inherited))
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]{20,})", first)
        assert match, first
        port, token = int(match[1]), match[2]
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/api/session", headers={"X-Homestaging-Token": token})
        response = connection.getresponse()
        assert response.status == 200
        assert json.loads(response.read())["new"] is True
        connection.close()
    finally:
        out, err = interrupted(process)
    assert process.returncode == 0, err
    assert "Stopped." in out and err == ""
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_the_editor_without_waiting_for_an_idle_browser(tmp_path: Path) -> None:
    """A browser keeps its connection open: Ctrl+C stops the server at once all the
    same (the connection still answers until the process ends), and the handler of
    Ctrl+C before is put back (Python's own, or none when the shell started the tests
    in the background with Ctrl+C ignored)."""
    handler_before = signal.getsignal(signal.SIGINT)
    server = make_server(Session.open(str(tmp_path / "new.json"), "tutorial"))
    stopped = threading.Event()
    answers: list[int] = []

    def browser() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        try:
            for _ in range(2):
                connection.request("GET", "/", headers={"Host": f"127.0.0.1:{server.port}"})
                response = connection.getresponse()
                response.read()
                answers.append(response.status)
                if not stopped.is_set():
                    os.kill(os.getpid(), signal.SIGINT)
                    stopped.wait(60)
        except OSError as error:
            answers.append(error.errno or -1)
        finally:
            connection.close()

    thread = threading.Thread(target=browser, daemon=True)
    thread.start()
    with Interruption() as interruption:
        server.serve_until(interruption, poll_interval=0.05)
        server.stop()
    stopped.set()
    thread.join(60)
    assert interruption.asked
    assert answers == [200, 200]
    assert signal.getsignal(signal.SIGINT) is handler_before


@pytest.mark.parametrize(("args", "message"), [
    (["missing.json"], "missing.json does not exist: give --project PROJECT"),
    (["empty.json"], "empty.json is empty: give --project PROJECT"),
    (["plan.json", "--project", "tutorial"], "plan.json already holds a sheet"),
    (["-"], "SHEET must be a file name"),
    (["nowhere/new.json", "--project", "tutorial"], "the folder nowhere does not exist"),
    (["new.json", "--project", "nope"], "unknown project 'nope'"),
    (["plan.json", "--game", "nowhere.json"],
     "plan.json: $.game: the game record 'nowhere.json' cannot be used:"),
    (["flat.json", "--game", str(EXAMPLES / "four-players" / "game.json")], (
        "$.project: this record is of project 'tutorial', but the sheet is of project "
        "'starter-flat'")),
    (["broken.json", "--game", str(EXAMPLES / "four-players" / "game.json")],
     "broken.json cannot be read: open it without --game, mend it, then give --game"),
], ids=["missing", "empty", "project-given-twice", "stdin", "no-folder", "unknown-project",
        "game-missing", "game-of-another-project", "game-on-an-unreadable-sheet"])
def test_edit_usage_errors(args: list[str], message: str, tmp_path: Path,
                           runner: CliRunner) -> None:
    shutil.copy(TUTORIAL, tmp_path / "plan.json")
    shutil.copy(EXAMPLES / "starter-flat-finished.json", tmp_path / "flat.json")
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "broken.json").write_text('{"format": "homestaging-sheet/1"')
    before = sorted(p.name for p in tmp_path.iterdir())
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = runner.invoke(main, ["edit", *args, "--no-browser"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_edit_refuses_a_port_in_use(runner: CliRunner) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(main, ["edit", str(TUTORIAL), "--port", str(port), "--no-browser"])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_the_cli_does_not_load_the_server_at_start_up() -> None:
    """The command table names the editor's command: importing the CLI loads nothing of
    the editor, listing the commands loads its command module but not the server."""
    code = ("import sys, homestaging.cli.root\n"
            "def loaded(): return sorted(m for m in sys.modules if "
            "m.startswith(('http.server', 'homestaging.editor', 'socketserver')))\n"
            "print(loaded())\n"
            "try:\n    homestaging.cli.root.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(loaded())\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "[]"
    assert lines[-1] == "['homestaging.editor', 'homestaging.editor.commands']"


def test_edit_of_an_unreadable_sheet_prints_its_errors(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "homestaging-sheet/1", "project": "tutorial",'
                                       '\n "rooms": [{"name": "Kitchn"}]}\n')
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "homestaging", "edit", "bad.json", "--no-browser"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("http://127.0.0.1:")
        assert process.stdout.readline() == ("Editing bad.json (unreadable: mend it on the "
                                             "page). Stop with Ctrl+C.\n")
    finally:
        _, err = interrupted(process)
    assert err.startswith("bad.json: $.rooms[0].name: no room named 'Kitchn'")
    assert process.returncode == 0


# -- a sheet read from a photo: the scanner's doubts ("scan" key)

DOUBTS = [
    {"square": "L2", "what": "pieces", "reason": "read as toilet; could also be bathroom-cabinet"},
    {"square": "F5", "side": "e", "what": "wall", "reason": "a faint or broken wall line (0.27)"},
    {"square": "H11", "side": "s", "what": "front door", "reason": "a faint triangle (ink 0.31)"},
]


def scanned_sheet(folder: Path) -> Path:
    """The finished tutorial as ``homestaging scan`` would leave it: with its doubts."""
    data = json.loads((EXAMPLES / "tutorial-finished.json").read_text())
    data["scan"] = {"photo": "photo.jpg", "uncertain": DOUBTS}
    path = folder / "scanned.json"
    path.write_text(json.dumps(data, indent=2) + "\n")
    return path


def test_the_scan_notes_open_with_the_sheet_and_are_saved_as_the_page_leaves_them(
        tmp_path: Path, runner: CliRunner) -> None:
    sheet = scanned_sheet(tmp_path)
    total = _check_json(runner, EXAMPLES / "tutorial-finished.json")["provisional_total"]
    with serving(sheet) as server:
        state = api(server, "/api/session")[1]["state"]
        assert state["scan"] == {"photo": "photo.jpg", "uncertain": DOUBTS}
        status, answer = api(server, "/api/check", {"state": state})
        assert status == 200 and answer["errors"] == [] and answer["total"] == total == 30
        left = {**state, "scan": {"photo": "photo.jpg", "uncertain": DOUBTS[2:]}}
        assert api(server, "/api/save", {"state": left})[0] == 200
        written = json.loads(sheet.read_text())
        assert list(written)[-1] == "scan"
        assert written["scan"] == {"photo": "photo.jpg", "uncertain": DOUBTS[2:]}
        assert api(server, "/api/session")[1]["state"]["scan"] == written["scan"]
        assert _check_json(runner, sheet)["provisional_total"] == total
        done = {key: value for key, value in state.items() if key != "scan"}
        assert api(server, "/api/save", {"state": done})[0] == 200
        assert "scan" not in json.loads(sheet.read_text())
        status, answer = api(server, "/api/parse", {"text": scanned_sheet(tmp_path).read_text()})
        assert answer["errors"] == [] and answer["state"]["scan"]["uncertain"] == DOUBTS


def test_a_broken_scan_key_is_located_like_any_other_mistake(tmp_path: Path) -> None:
    with serving(scanned_sheet(tmp_path)) as server:
        state = api(server, "/api/session")[1]["state"]
        state["scan"]["uncertain"][1]["side"] = "x"
        status, answer = api(server, "/api/check", {"state": state})
        assert status == 200
        assert [error["path"] for error in answer["errors"]] == ["$.scan.uncertain[1].side"]
        assert api(server, "/api/save", {"state": state})[0] == 422


# ------------------------------------------------------------------ a game record


def test_edit_game_names_the_record_and_the_palette_follows_it(tmp_path: Path,
                                                                runner: CliRunner) -> None:
    """``edit --game`` writes the record's path into the sheet; the palette offers the
    cards as the record dealt them and, once chosen, the options the tokens chose."""
    (tmp_path / "games").mkdir()
    game = json.loads((EXAMPLES / "four-players" / "game.json").read_text())
    game["rounds"] = game["rounds"][:1]  # the kitchen played, the living room next
    (tmp_path / "games" / "ours.json").write_text(json.dumps(game))
    plan = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", plan)
    data = json.loads(plan.read_text())
    data["rooms"] = [data["rooms"][0], data["rooms"][2], data["rooms"][1]]  # the game's order
    plan.write_text(json.dumps(data))
    from homestaging.editor.session import Session

    session = Session.open("plan.json", cwd=tmp_path, game="games/ours.json")
    opening = session.opening()
    assert opening["state"]["game"] == "games/ours.json"
    rooms = {room["name"]: room for room in opening["project"]["rooms"]}
    assert [card["variants"] for card in rooms["Kitchen"]["cards"]] == [
        {"7a chosen": ["kitchen-corner"], "7a other": ["counter-straight"]},
        {"8b chosen": ["stove"], "8b other": ["fridge"]},
        {"10b chosen": ["table-2"], "10b other": ["kitchen-island"]}]
    assert [card["variants"] for card in rooms["Living room"]["cards"]] == [
        {"18a": ["sofa", "sofa-corner"]}, {"19a": ["plant-small", "plant-small-2"]},
        {"20a": ["armchair", "floor-lamp"]}]
    answer = session.check({"state": opening["state"]})
    assert [(p["code"], p["severity"]) for p in answer["problems"]][:2] == [
        ("not-selected", "todo"), ("not-selected", "todo")]
    session.save({"state": opening["state"]})
    saved = json.loads(plan.read_text())
    assert saved["game"] == "games/ours.json"
    expected = _check_json(runner, plan)
    shown = [p for p in answer["problems"] if p["severity"] != "todo"] + [
        p for p in answer["problems"] if p["severity"] == "todo"]
    assert _codes(shown) == _codes(expected["problems"] + expected["todo"])


def test_the_palette_without_a_record_offers_both_variants() -> None:
    project = read_sheet(TUTORIAL).project
    kitchen = adapter.project_json(project)["rooms"][0]
    assert kitchen["cards"][0]["variants"] == {"a": ["kitchen-corner", "counter-straight"],
                                               "b": ["kitchen-u", "counter-long"]}
