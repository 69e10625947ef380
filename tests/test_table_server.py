"""The table server over HTTP: secrets, Host and Origin, bounded bodies, bad files, export.

One real ``homestaging table`` process serves the module; the browser tests are in
``test_table_browser.py``.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from table_util import TableProcess, join, request, running

from homestaging.cli.root import main

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("segno")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableProcess]:
    with running(tmp_path_factory.mktemp("table") / "table.db") as served:
        yield served


def _session(table: TableProcess, number: int, secret: str) -> dict:
    status, _, body = request(table, "GET", f"/t/{table.code}/p/{number}/api/session",
                              token=secret)
    assert status == 200, body
    return json.loads(body)


def _flip(table: TableProcess, token: str | None = None) -> tuple[int, dict]:
    status, _, body = request(table, "POST", f"/t/{table.code}/host/api/flip", {},
                              token=table.host_token if token is None else token)
    return status, json.loads(body)


def test_the_two_lines_and_the_pages(table: TableProcess) -> None:
    assert table.host_url.startswith(f"http://127.0.0.1:{table.port}/t/{table.code}/host/?token=")
    assert table.join_url == f"http://127.0.0.1:{table.port}/t/{table.code}/"
    status, headers, body = request(table, "GET", f"/t/{table.code}/")
    assert status == 200 and b'name="player"' in body
    assert "script-src 'self'" in headers["content-security-policy"]
    status, _, body = request(table, "GET", f"/t/{table.code}/host/api/view",
                              token=table.host_token)
    view = json.loads(body)
    assert status == 200 and view["qr"].startswith("data:image/svg+xml")
    assert view["join"] == table.join_url
    for path in ("/", "/etc/passwd", f"/t/{table.code}/p/1/static/..%2f..%2fstore.py",
                 "/t/NOSUCH/", f"/t/{table.code}/table/join.html"):
        assert request(table, "GET", path)[0] == 404, path


def test_a_secret_edits_its_own_sheet_only(table: TableProcess) -> None:
    ann, ann_secret = join(table, "Ann")
    ben, ben_secret = join(table, "Ben")
    before = _session(table, ben, ben_secret)["state"]
    state = {**before, "pieces": [{"piece": "kitchen-u", "at": "J6"}]}
    for token in (ann_secret, None, "", table.host_token):
        status, _, body = request(table, "POST", f"/t/{table.code}/p/{ben}/api/check",
                                  {"state": state}, token=token)
        assert status == 403, (token, body)
        assert request(table, "GET", f"/t/{table.code}/p/{ben}/api/session",
                       token=token)[0] == 403
    assert _session(table, ben, ben_secret)["state"] == before
    # the player's own secret stores at once
    status, _, body = request(table, "POST", f"/t/{table.code}/p/{ben}/api/check",
                              {"state": state}, token=ben_secret)
    assert status == 200 and json.loads(body)["stored"] is True
    assert _session(table, ben, ben_secret)["state"]["pieces"] == state["pieces"]
    # the page's PNG button: the plan as stored, for its own player only
    path = f"/t/{table.code}/p/{ben}/api/render"
    assert request(table, "POST", path, {}, token=ann_secret)[0] == 403
    status, headers, body = request(table, "POST", path, {}, token=ben_secret)
    assert status == 200 and headers["content-type"] == "image/png"
    assert body.startswith(b"\x89PNG")
    # a player's secret does not flip; the host's does
    assert _flip(table, ann_secret)[0] == 403
    assert _flip(table, "")[0] == 403
    status, view = _flip(table)
    assert status == 200 and view["flipped"] == 1
    assert view["current"] == {"room": "Kitchen", "number": 7, "variant": "b"}
    assert _session(table, ann, ann_secret)["table"]["card"]["number"] == 7


def test_host_and_origin_are_checked(table: TableProcess) -> None:
    path = f"/t/{table.code}/host/api/view"
    for host in ("evil.example", f"evil.example:{table.port}", f"127.0.0.1:{table.port + 1}",
                 ""):
        status, _, _ = request(table, "GET", path, token=table.host_token, host=host)
        assert status == 403, host
    status, _, _ = request(table, "POST", f"/t/{table.code}/host/api/flip", {},
                           token=table.host_token, headers={"Origin": "http://evil.example"})
    assert status == 403
    status, _, _ = request(table, "GET", path, token=table.host_token,
                           host=f"localhost:{table.port}")
    assert status == 200


def test_bodies_are_bounded_and_read_with_care(table: TableProcess) -> None:
    number, secret = join(table, "Cat")
    path = f"/t/{table.code}/p/{number}/api/check"
    status, _, body = request(table, "POST", path, token=secret, raw=b"x",
                              headers={"Content-Length": "2000000"})
    assert status == 413 and b"larger than" in body
    for raw, code in ((b"{not json", 400), (b"[1, 2]", 400), (b"\xff\xfe", 400),
                      (b'{"state": 5}', 400), (b'{"nostate": 1}', 400)):
        status, _, body = request(table, "POST", path, token=secret, raw=raw)
        assert status == code, (raw, body)
    huge = {"state": {"format": "homestaging-sheet/1", "project": "tutorial",
                      "pieces": [{"piece": "stove", "at": "B2"}] * 193}}
    status, _, body = request(table, "POST", path, huge, token=secret)
    assert status == 413 and json.loads(body)["error"] == (
        "a sheet of Tutorial holds at most 192 pieces, not 193: nothing was stored")
    # a sheet that does not read is answered with its errors and not stored
    before = _session(table, number, secret)["state"]
    status, _, body = request(table, "POST", path, {"state": {"format": "nope"}}, token=secret)
    assert status == 200 and json.loads(body)["errors"]
    assert _session(table, number, secret)["state"] == before
    # names: too long, empty, taken
    for name in ("x" * 41, "   ", "Cat"):
        status, headers, _ = request(
            table, "POST", f"/t/{table.code}/join", raw=f"player={name}".encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303 and "problem=" in headers["location"], name


def test_a_bad_database_file_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.db"
    text.write_text("my shopping list\n" * 100)
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)  # "with" commits but does not close (3.13 warns at exit)
    db.execute("CREATE TABLE t (x)")
    db.close()
    for path in (text, other, tmp_path):
        before = path.read_bytes() if path.is_file() else None
        result = CliRunner().invoke(main, ["table", "tutorial", "--db", str(path),
                                           "--no-browser"])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert str(path) in result.stderr
        if before is not None:
            assert result.stderr.startswith("Error: ")
            assert "is not a homestaging table database" in result.stderr
            assert path.read_bytes() == before
    result = CliRunner().invoke(main, ["table", "export", "--db", str(text), "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 2 and "not a homestaging table database" in result.stderr


def test_an_unknown_project_is_refused_before_any_database_is_made(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    result = CliRunner().invoke(main, ["table", "nope", "--db", str(db), "--no-browser"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("Error: unknown project 'nope': expected a bundled id "
                                    "(tutorial, ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", ["empty file", "database with no table"])
def test_export_of_no_table_changes_nothing_and_makes_no_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    db = tmp_path / "t.db"
    db.write_bytes(b"")
    if kind == "database with no table":
        from homestaging.table.store import Store

        Store(db).close()
    before = db.read_bytes()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["table", "export", "--db", "t.db", "-o", "out"])
    assert result.exit_code == 2
    assert result.stderr == "Error: t.db holds no table\n"
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.db"]


@pytest.mark.parametrize(("args", "said"), [
    (["export", "--db", "d", "-o", "out"], "d is a folder, expected a table database file"),
    (["export", "--db", "x.db", "-o", "f.json"],
     "f.json is a file, expected a folder to write the sheets into"),
    (["serve", "tutorial", "--db", "d", "--no-browser"],
     "d is a folder, expected a table database file"),
])
def test_a_folder_for_a_file_and_a_file_for_a_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], said: str) -> None:
    """Said in the table's words, not click's ("File 'd' is a directory."); nothing made."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d").mkdir()
    (tmp_path / "x.db").write_bytes(b"not looked at: the folder is judged first")
    (tmp_path / "f.json").write_text("{}")
    result = CliRunner().invoke(main, ["table", *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Error: {said}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "f.json", "x.db"]


def test_a_port_in_use_and_a_missing_extra(table: TableProcess, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "homestaging", "table", "tutorial", "--db",
         str(tmp_path / "t.db"), "--port", str(table.port), "--no-browser"],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Error: cannot listen on 127.0.0.1:{table.port}")
    code = ("import sys; sys.modules['uvicorn'] = None\n"
            "from homestaging.entry import run; sys.argv = ['homestaging', 'table', "
            f"'tutorial', '--db', {str(tmp_path / 'u.db')!r}]; run()")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert result.stderr == ("Error: the table's web server is not installed: pip install "
                             "'homestaging[table]' (uvicorn, starlette and segno)\n")


def test_restart_ignores_the_seed_and_export_scores(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with running(db, seed=11) as first:
        number, secret = join(first, "Dee")
        state = {**_session(first, number, secret)["state"]}
        code, host = first.code, first.host_token
    again = TableProcess(db, seed=12)
    again.start()
    try:
        assert again.code == code and again.host_token == host
    finally:
        said = again.stop()
    assert "holds a table dealt from seed 11: --seed 12 is ignored" in said
    result = CliRunner().invoke(main, ["table", "export", "--db", str(db), "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["Dee.json", "game.json"]
    game = json.loads((tmp_path / "out" / "game.json").read_text())
    assert game["seed"] == 11 and game["format"] == "homestaging-game/1"
    sheet = json.loads((tmp_path / "out" / "Dee.json").read_text())
    assert sheet["player"] == "Dee" and sheet["game"]["dealt"] == game["dealt"]
    assert state["project"] == "tutorial"


def test_a_full_disk_loses_nothing_stored(tmp_path: Path) -> None:
    """SQLite's 'database or disk is full' (here: the file may not grow) answers the
    change with the reason; the sheet stored before stays, the server keeps serving."""
    from homestaging.table.hall import Hall
    from homestaging.table.store import Store, StoreError

    store = Store(tmp_path / "t.db")
    hall = Hall(store)
    code = hall.new_table("tutorial", 7)
    number, secret = hall.join(code, "Ann")
    player = hall.player_of(code, number, secret)
    state = player.state
    first = {**state, "pieces": [{"piece": "kitchen-u", "at": "J6"}]}
    hall.check(code, player, {"state": first})
    (pages,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    big = {**state, "pieces": [{"piece": "kitchen-u", "at": "J6"}], "scan": {"note": "x" * 9000}}
    with pytest.raises(StoreError, match="database or disk is full"):
        for _ in range(50):
            hall.check(code, hall.player_of(code, number, secret), {"state": big})
    kept = hall.player_of(code, number, secret).state
    assert kept["pieces"] == first["pieces"]
    store.close()
    again = Store(tmp_path / "t.db")
    assert again.player(code, number).state["pieces"] == first["pieces"]  # type: ignore[union-attr]
    again.close()


def test_after_the_end_a_sheet_is_shown_as_ranked_and_never_changed(tmp_path: Path) -> None:
    """A player's page opened after the end gets its sheet's score and problems as the
    ranking judges them (the game's end), and so does the host's list of players, listed
    as ranked; a change is refused (409) and nothing is stored."""
    from homestaging.table.hall import Hall, Refused
    from homestaging.table.store import Store

    store = Store(tmp_path / "t.db")
    hall = Hall(store)
    code = hall.new_table("tutorial", 7)
    hall.join(code, "Ben")  # joins first, ranks last: the host's list is in ranking order
    number, secret = hall.join(code, "Ann")
    hall.flip(code)
    placed = {**hall.player_of(code, number, secret).state,
              "pieces": [{"piece": "kitchen-u", "at": "I6", "rotation": 0}]}
    before = hall.check(code, hall.player_of(code, number, secret), {"state": placed})
    assert hall.player_view(code)["ranking"] == []
    hall.end(code)
    player = hall.player_of(code, number, secret)
    opened = hall.opening(code, player)["state"]
    answer = hall.check(code, player, {"state": opened, "hand": {"piece": "stove"}})
    assert (before["total"], before["label"]) == (0, "Score so far (mid-game)")
    assert (answer["total"], answer["label"]) == (-6, "Provisional score")
    assert [p["code"] for p in answer["problems"]] == [
        "needs-wall", "not-selected", "not-selected", "not-selected", "front-door-count",
        "room-not-finalized", "room-not-finalized", "room-not-finalized"]
    view = hall.host_view(code)
    shown = [(p["name"], p["total"], p["problems"]) for p in view["players"]]
    assert shown == [("Ann", -6, 8), ("Ben", -9, 7)] == [
        (s["name"], s["total"], s["problems"]) for s in view["ranking"]]
    assert hall.player_view(code)["ranking"] == view["ranking"]  # every player sees it
    from homestaging.editor import adapter
    from homestaging.table import play

    final = play.final_sheet(player.state, "Ann", hall.table(code).record)
    drawn = hall.render(code, number)  # the host's picture: the end's score, not 'so far'
    assert drawn == adapter.render_png(final, end_of_game=True) != adapter.render_png(final)
    moved = {**opened, "pieces": [{"piece": "kitchen-u", "at": "J6", "rotation": 0}]}
    with pytest.raises(Refused) as refused:
        hall.check(code, player, {"state": moved})
    assert (refused.value.status, refused.value.message) == (
        409, "the game has ended: the sheets are final")
    assert hall.player_of(code, number, secret).state["pieces"] == placed["pieces"]
    with pytest.raises(Refused) as refused:  # nobody joins the ranking after the end
        hall.join(code, "Eve")
    assert (refused.value.status, refused.value.message) == (
        409, "the game has ended: nobody joins it any more")
    assert [p["name"] for p in hall.host_view(code)["ranking"]] == ["Ann", "Ben"]
    store.close()


@pytest.mark.parametrize("inherited", [signal.SIG_DFL, signal.SIG_IGN],
                         ids=["from-a-terminal", "in-the-background"])
def test_ctrl_c_right_after_the_links_stops_the_table(inherited: signal.Handlers,
                                                      tmp_path: Path) -> None:
    """Ctrl+C as soon as the links are printed, the server perhaps not running yet, and
    with SIGINT inherited ignored (a shell's background job): the table stops, exit 0."""
    process = subprocess.Popen(
        [sys.executable, "-m", "homestaging", "table", "tutorial", "--db",
         str(tmp_path / "t.db"), "--seed", "3", "--no-browser"], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, inherited))
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.readline()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    assert process.returncode == 0, err
    assert out == "" and err.endswith("Stop with Ctrl+C.\n")
