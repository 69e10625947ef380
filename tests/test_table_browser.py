"""A game night in real Chromium: a host and three players, each in a browser context of
their own, play a short game through the pages of SPEC section 7; the server is killed
with SIGKILL in the middle and started again on the same database.

Chromium is Debian's (``HOMESTAGING_CHROMIUM`` names another binary); the tests skip
when it is missing or when the table's extra (uvicorn, starlette, segno) is not installed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner
from editor_util import LINES, rounded_box
from table_util import START_SECONDS, TableProcess, request

from homestaging.cli.root import main

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("segno")

CHROMIUM = Path(os.environ.get("HOMESTAGING_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"]
HOSTILE = "<img src=x onerror=alert(1)>"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LIVE_MS = 2000  # the contract: a flip or a score shows within 2 s
SLACK_MS = 3000  # a loaded test machine's margin on top of it
# tutorial, seed 7: the cards in the order the host flips them
FLIPS = [("7", "b"), ("8", "a"), ("10", "a"), ("13", "a"), ("14", "b"), ("18", "a"),
         ("19", "b"), ("20", "a")]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        launched = running.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


class Player:
    """A player's browser context and page; records script errors and dialogs."""

    def __init__(self, browser: Any, name: str, viewport: dict[str, int]) -> None:
        self.name = name
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.console: list[str] = []  # the console's errors (a failed request among them)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.context.on("console", lambda message: message.type == "error" and
                        self.console.append(f"{message.text} {message.location['url']}"))
        self.page.on("dialog", lambda dialog: (self.errors.append(f"dialog {dialog.message}"),
                                               dialog.dismiss()))

    def join(self, table: TableProcess) -> None:
        self.page.goto(table.join_url)
        self.page.fill('input[name="player"]', self.name)
        self.page.click('button[type="submit"]')
        self.page.wait_for_selector("#editor:not([hidden])")
        self.settle()

    def settle(self) -> None:
        self.page.wait_for_selector('body[data-pending="0"]', state="attached")

    @property
    def number(self) -> int:
        return int(urlsplit(self.page.url).path.split("/")[4])

    @property
    def secret(self) -> str:
        return parse_qs(urlsplit(self.page.url).query)["token"][0]

    def place(self, piece: str, cell: str) -> None:
        self.page.click(f'[data-piece="{piece}"]')
        self.settle()
        self.page.click(f'[data-cell="{cell}"]')
        self.settle()

    def total(self) -> str:
        return str(self.page.text_content("#total"))

    def sees_card(self, number: str, variant: str) -> None:
        self.page.wait_for_selector(f'[data-card="{number}"][data-variant="{variant}"]',
                                    state="attached", timeout=LIVE_MS + SLACK_MS)

    def stored(self, table: TableProcess) -> Any:
        status, _, body = request(table, "GET", f"/t/{table.code}/p/{self.number}/api/session",
                                  token=self.secret)
        assert status == 200
        return json.loads(body)["state"]


def _host_shows(host: Any, player: Player) -> None:
    """The host's page shows the player's total as their page does, within 2 s."""
    total = player.total()
    host.wait_for_function(
        "([name, total]) => [...document.querySelectorAll('[data-player]')].some("
        "(e) => e.dataset.player === name && e.dataset.total === total)",
        arg=[player.name, total], timeout=LIVE_MS + SLACK_MS)


def _flip(host: Any, players: list[Player], index: int) -> None:
    host.click("#flip")
    for player in players:
        player.sees_card(*FLIPS[index])


def test_a_short_game_with_a_restart(browser: Any, tmp_path: Path) -> None:
    table = TableProcess(tmp_path / "table.db")
    table.start()
    host_context = browser.new_context(viewport=LAPTOP)
    host = host_context.new_page()
    host_errors: list[str] = []
    host.on("pageerror", lambda error: host_errors.append(str(error)))
    players = [Player(browser, "Ann", PHONE), Player(browser, "Ben", LAPTOP),
               Player(browser, HOSTILE, PHONE)]
    try:
        host.goto(table.host_url)
        host.wait_for_selector("#join-qr[src^='data:image/svg+xml']", state="attached")
        for button in ("#flip", "#end"):  # a finger's size: the host may hold a tablet
            assert host.locator(button).bounding_box()["height"] >= 44, button
        for player in players:
            player.join(table)
        host.wait_for_function("() => document.querySelectorAll('[data-player]').length === 3")
        # the hostile name is shown as text, never run (and no dialog opened anywhere)
        names = host.eval_on_selector_all("[data-player]", "els => els.map(e => e.textContent)")
        assert any(HOSTILE in text for text in names)
        assert host.locator("#players img").count() == 0
        assert players[2].page.locator("#player").input_value() == HOSTILE

        _flip(host, players, 0)
        players[0].place("kitchen-u", "I6")
        players[1].place("counter-long", "J6")
        for player in players[:2]:
            _host_shows(host, player)
        _flip(host, players, 1)
        players[0].place("stove", "N9")
        _host_shows(host, players[0])
        before = [player.stored(table) for player in players]
        assert [len(state.get("pieces", [])) for state in before] == [2, 1, 0]

        # SIGKILL in the middle of the game, then the same file and port again
        table.kill()
        table.start()
        assert [player.stored(table) for player in players] == before
        host.reload()
        host.wait_for_function("() => document.querySelectorAll('[data-player]').length === 3")
        assert "2 of 8" in str(host.text_content("#count"))
        for player in players:
            player.page.reload()
            player.page.wait_for_selector("#editor:not([hidden])")
            player.settle()
            player.sees_card(*FLIPS[1])
        players[2].place("kitchen-sink", "J7")
        _host_shows(host, players[2])
        for index in range(2, len(FLIPS)):
            _flip(host, players, index)
        assert host.is_disabled("#flip")
        host.once("dialog", lambda dialog: dialog.accept())
        host.click("#end")
        host.wait_for_selector("#ranking li", state="attached")
        ranked = host.eval_on_selector_all("#ranking li", "els => els.map(e => e.dataset.player)")
        for player in players:
            player.page.wait_for_selector('body[data-ended="1"]', state="attached")

        # export: the sheets and the record, ranked by 'score' in the same order
        out = tmp_path / "out"
        result = CliRunner().invoke(main, ["table", "export", "--db", str(table.db),
                                           "-o", str(out)])
        assert result.exit_code == 0, result.output
        files = sorted(str(p) for p in out.glob("*.json"))
        assert [Path(f).name for f in files] == [
            "Ann.json", "Ben.json", "_img src_x onerror_alert_1_.json", "game.json"]
        scored = CliRunner().invoke(main, ["score", "--format", "json", *files])
        assert scored.exit_code in (0, 1), scored.output
        assert [card["player"] for card in json.loads(scored.stdout)] == ranked
        _, _, body = request(table, "GET", f"/t/{table.code}/host/api/view",
                             token=table.host_token)
        assert host.eval_on_selector_all("#ranking li", "els => els.map(e => e.textContent)") == [
            f"{s['place']}. {s['name']}: {s['total']} point{'' if abs(s['total']) == 1 else 's'}, "
            f"{s['pieces']} piece{'' if s['pieces'] == 1 else 's'} (provisional)"
            for s in json.loads(body)["ranking"]]
        sheets = {p.stem: json.loads(p.read_text()) for p in out.glob("*.json")}
        assert sheets["Ann"]["game"]["rounds"][0]["cards"][:2] == [
            {"card": 7, "tokens": ["kitchen-u"]}, {"card": 8, "tokens": ["stove"]}]
        assert sheets["Ben"]["game"]["rounds"][0]["cards"][0] == {
            "card": 7, "tokens": ["counter-long"]}
        assert all(player.errors == [] for player in players), [p.errors for p in players]
        assert host_errors == []
    finally:
        for player in players:
            player.context.close()
        host_context.close()
        table.stop()


def test_another_players_secret_changes_nothing(browser: Any, tmp_path: Path) -> None:
    """Ann's link with Ben's number: the page cannot open Ben's sheet, nothing changes."""
    table = TableProcess(tmp_path / "table.db")
    table.start()
    ann, ben = Player(browser, "Ann", LAPTOP), Player(browser, "Ben", LAPTOP)
    try:
        ann.join(table)
        ben.join(table)
        before = ben.stored(table)
        stolen = f"/t/{table.code}/p/{ben.number}/?token={ann.secret}"
        ann.page.goto(f"http://127.0.0.1:{table.port}{stolen}")
        ann.page.wait_for_selector("#fatal:not([hidden])")
        answer = ann.page.evaluate(
            "async () => (await fetch('api/check', {method: 'POST', headers: "
            "{'X-Homestaging-Token': new URLSearchParams(location.search).get('token'), "
            "'Content-Type': 'application/json'}, body: JSON.stringify({state: {}})})).status")
        assert answer == 403
        assert ben.stored(table) == before
    finally:
        ann.context.close()
        ben.context.close()
        table.stop()


def _host_call(table: TableProcess, action: str) -> None:
    status, _, body = request(table, "POST", f"/t/{table.code}/host/api/{action}", {},
                              token=table.host_token)
    assert status == 200, body


def test_back_to_ones_sheet_and_a_final_sheet_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """Ann closes her page and opens the join link again: it leads back to her sheet (her
    browser kept the link; Ben's does not show it). Once the game ends her page takes no
    more changes, and opened again it shows the sheet's score, not a refusal."""
    table = TableProcess(tmp_path / "table.db")
    table.start()
    ann, ben = Player(browser, "Ann", PHONE), Player(browser, "Ben", PHONE)
    try:
        ann.join(table)
        _host_call(table, "flip")
        ann.sees_card(*FLIPS[0])
        ann.page.click('[data-piece="kitchen-u"]')  # in hand: where it may go, as in 'edit'
        ann.settle()
        assert ann.page.text_content("#hand-hints") == (
            "Legal squares for this turn: 0 good (green), 11 that cut something off or leave "
            "no door (yellow), 0 dead ends (grey: the room could never reach every piece "
            "through one door).")
        ann.page.click("#best")
        assert ann.page.text_content("#status") == (
            "Best spot: B2, rotation 0. Press Enter or click it to place.")
        ann.page.keyboard.press("Escape")
        ann.place("kitchen-u", "I6")
        sheet, total = ann.page.url, ann.total()
        ann.page.close()
        ann.page = ann.context.new_page()
        ann.page.on("pageerror", lambda error: ann.errors.append(str(error)))
        ann.page.goto(table.join_url)
        assert ann.page.text_content("#back a") == "Back to Ann's sheet"
        ann.page.click("#back a")
        ann.page.wait_for_selector("#editor:not([hidden])")
        ann.settle()
        assert (ann.page.url, ann.total()) == (sheet, total)
        ben.page.goto(table.join_url)
        assert ben.page.is_hidden("#back")

        before = ann.stored(table)
        _host_call(table, "end")
        ann.page.wait_for_selector('body[data-ended="1"]', state="attached")
        assert ann.page.text_content("#status") == ""  # not "Click a card for the next piece"
        for put_away in ("#round", "#tools", "#palette-box"):
            ann.page.wait_for_selector(put_away, state="hidden")
        assert ann.page.is_disabled("#undo")
        ann.settle()
        _, _, body = request(table, "GET", f"/t/{table.code}/host/api/view",
                             token=table.host_token)
        ranked = {s["name"]: (str(s["total"]), s["problems"])
                  for s in json.loads(body)["ranking"]}
        assert (ranked["Ann"], total) == (("-6", 8), "0")  # the end's penalties: empty rooms
        ann.page.wait_for_function(
            "() => document.querySelector('#total').textContent === '-6'")
        assert ann.page.text_content("#score-label") == "Provisional score"
        # docked instead of the cards: what the sheet is worth, with the whole house
        assert ann.page.text_content("#summary-score") == "Provisional score: -6"
        assert ann.page.text_content("#summary-problems") == "8 errors"
        assert ann.page.is_visible("#summary") and ann.page.text_content("#view") == \
            "Zoom in"
        assert ann.page.eval_on_selector_all(  # the ranking, as the host's page has it
            "#table-ranking li", "els => els.map(e => e.textContent)") == ["1. Ann (you): -6"]
        ann.page.focus("#plan")
        for key in ("Control+z", "Delete", "1"):
            ann.page.keyboard.press(key)
        ann.settle()
        ann.page.reload()
        ann.page.wait_for_selector("#editor:not([hidden])")
        ann.settle()
        ann.page.wait_for_selector("#round", state="hidden")
        assert ann.page.text_content("#table-ranking") == "1. Ann (you): -6"
        assert ann.total() == "-6" and ann.page.locator("#status.bad").count() == 0
        assert ann.page.text_content("#summary-score") == "Provisional score: -6"
        assert ann.page.locator('g.piece[data-piece-id="kitchen-u"]').count() == 1
        assert ann.stored(table) == before
        assert ann.errors == [] and ben.errors == []
        assert ann.console == [] and ben.console == []  # no /favicon.ico 404 either
    finally:
        ann.context.close()
        ben.context.close()
        table.stop()


def test_what_is_drawn_while_the_server_is_away_is_stored_when_it_is_back(
        browser: Any, tmp_path: Path) -> None:
    """The new card's pieces come though their first request fails. The table's server is
    killed; Ann places a piece (the page says the server does not answer, in sight); the
    server starts again on the same file: her open page sends the sheet by itself and
    says it is stored."""
    table = TableProcess(tmp_path / "table.db")
    table.start()
    ann = Player(browser, "Ann", PHONE)
    lost: list[str] = []

    def lose_the_first(route: Any) -> None:
        if lost:
            route.continue_()
        else:
            lost.append(route.request.url)
            route.abort()

    try:
        ann.join(table)
        ann.page.route("**/api/palette", lose_the_first)
        _host_call(table, "flip")
        ann.sees_card(*FLIPS[0])
        ann.page.wait_for_selector('[data-piece="kitchen-u"]')  # the card's new palette
        assert len(lost) == 1
        table.kill()
        ann.place("kitchen-u", "I6")
        ann.page.wait_for_selector("#status.bad")
        assert ann.page.text_content("#status") == (
            "the server does not answer (was 'homestaging edit' or 'homestaging table' "
            "stopped?)")
        table.start()
        ann.page.wait_for_selector(
            '#status:text-is("The table answers again: your sheet is stored.")',
            timeout=START_SECONDS * 1000)
        assert ann.stored(table)["pieces"] == [{"piece": "kitchen-u", "at": "I6", "rotation": 0}]
        assert ann.errors == []
    finally:
        ann.context.close()
        table.stop()


def test_on_a_phone_on_its_side_the_plan_fits_below_the_card_flipped(
        browser: Any, tmp_path: Path) -> None:
    """At 640 x 320 the card just flipped shows in a band under the header; the plan
    below it shows whole rows (the names and 4 rows of the tutorial) with the hint's
    first line above the screen's foot (the plan was as tall as without the band: the
    hint was under the screen's edge, from 313.7 to 328.5 px); the column of controls
    ends at the screen's foot (it went on below it: the page scrolled)."""
    table = TableProcess(tmp_path / "table.db")
    table.start()
    context = browser.new_context(viewport={"width": 640, "height": 320}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.goto(table.join_url)
        page.fill('input[name="player"]', "Ann")
        page.tap('button[type="submit"]')
        page.wait_for_selector("#editor:not([hidden])")
        _host_call(table, "flip")
        page.wait_for_selector('[data-piece="kitchen-u"]')
        page.wait_for_selector('body[data-pending="0"]', state="attached")
        assert page.get_attribute("#plan", "viewBox") == "-1 -1 10 5"
        card, plan = page.locator("#flipped").bounding_box(), page.locator("#plan").bounding_box()
        hint = page.locator("#hint").bounding_box()
        assert plan["y"] == pytest.approx(card["y"] + card["height"] + 4.2, abs=0.5)
        assert plan["y"] + plan["height"] == pytest.approx(275.3, abs=0.5)
        assert hint["y"] + 14.8 <= 320
        # the column of controls ends at the screen's foot: the page does not scroll
        column = page.locator("#side").bounding_box()
        assert column["y"] + column["height"] == pytest.approx(320 - 4.2, abs=0.5)
        assert page.evaluate("document.documentElement.scrollHeight") == 320
    finally:
        context.close()
        table.stop()


SMALL_PHONES = [(320, 640), (360, 740), (740, 360)]


def test_a_games_end_on_the_smallest_phones(browser: Any, tmp_path: Path) -> None:
    """Three players on touch phones of 320 x 640, 360 x 740 and 740 x 360 place a piece
    (upright, the plan scrolled to just below the header) and the host ends the game.
    Each page is back at its top: "The game has ended" shows right below the header (at
    320 x 640 it was under the header's part that stays, from 24.5 to 68.7 px with the
    header's foot at 72.7), the ranking under it; the empty status line takes no row
    (the header was 120.5 px high upright, 69.6 on its side); the docked score and
    "7 errors" each take one line ("7 errors" took two at 320 px); on its side the whole
    house and a line of hint end above the screen's foot (the plan's foot was at 390 px)
    and the column shows the score from its first line."""
    table = TableProcess(tmp_path / "table.db")
    table.start()
    pages = []
    try:
        for index, (width, height) in enumerate(SMALL_PHONES):
            context = browser.new_context(viewport={"width": width, "height": height},
                                          is_mobile=True, has_touch=True, device_scale_factor=2)
            page = context.new_page()
            pages.append((context, page, width, height))
            page.goto(table.join_url)
            page.fill('input[name="player"]', f"P{index}")
            page.tap('button[type="submit"]')
            page.wait_for_selector("#editor:not([hidden])")
        _host_call(table, "flip")
        for _, page, width, height in pages:
            page.wait_for_selector('[data-piece="kitchen-u"]')
            page.wait_for_selector('body[data-pending="0"]', state="attached")
            page.tap('[data-piece="kitchen-u"]')
            page.wait_for_selector('body[data-pending="0"]', state="attached")
            page.wait_for_timeout(600)  # the plan scrolled into view, below the header
            page.tap('[data-cell="B2"]')
            page.tap('[data-cell="B2"]')
            page.wait_for_selector('body[data-pending="0"]', state="attached")
            assert page.evaluate("window.scrollY") == (96 if width < height else 0)
        _host_call(table, "end")
        for _, page, width, height in pages:
            page.wait_for_selector('body[data-ended="1"]', state="attached")
            page.wait_for_function("() => document.querySelector('#total').textContent === '-6'")
            page.wait_for_selector('body[data-pending="0"]', state="attached")
            page.evaluate("new Promise((done) => requestAnimationFrame(() => "
                          "requestAnimationFrame(done)))")  # the plan's new room observed
            size = f"{width}x{height}"
            assert page.evaluate("window.scrollY") == 0, size
            assert page.is_hidden("#status") and page.text_content("#status") == ""
            bar = 101.6 if width < height else 50.6
            banner = 44.2 if width == 320 else 28.2  # two lines at 320 px
            assert rounded_box(page, "#bar") == [0, 0, width, bar], size
            assert page.text_content("#flipped") == "The game has ended: your sheet is final."
            assert rounded_box(page, "#flipped") == [0, bar, width, banner], size
            ranking = rounded_box(page, "#table-ranking")
            assert ranking == [0, round(bar + banner, 1), width, 26.1], size
            if width > height:
                plan, hint = rounded_box(page, "#plan"), rounded_box(page, "#hint")
                assert plan[1] + plan[3] == pytest.approx(339.1, abs=0.5)
                assert hint[1] + hint[3] <= height
                assert page.evaluate("document.querySelector('#side').scrollTop") == 0
                assert page.is_visible("#score h2") and page.is_hidden("#summary")
                continue
            assert page.text_content("#summary-score") == "Provisional score: -6"
            assert page.text_content("#summary-problems") == "7 errors"
            for item in ("#summary-score", "#summary-problems", "#summary .more"):
                assert page.eval_on_selector(item, LINES) == 1, (size, item)
            summary = rounded_box(page, "#summary")
            assert summary == [7, height - 51.4, width - 14, 45.8], size
            problems = rounded_box(page, "#summary-problems")
            assert problems[1] == pytest.approx(summary[1] + 24.6, abs=0.2)
            plan, dock = rounded_box(page, "#plan"), rounded_box(page, "#controls")
            assert plan[1] + plan[3] <= dock[1], size  # the whole house above the dock
    finally:
        for context, _, _, _ in pages:
            context.close()
        table.stop()
