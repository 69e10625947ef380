"""The editor in a real browser: Playwright driving Debian's Chromium.

The page is driven only through the hooks of the page contract (SPEC section 6):
``data-cell``, ``data-piece``, ``data-tool``, ``#problems li[data-code]``, ``#total``,
``#undo``/``#redo``/``#save`` and the keys. ``<body data-pending="0">`` says the page
shows the server's answer for its current state. Chromium must be installed
(``apt-get install -y chromium``; ``HOMESTAGING_CHROMIUM`` names another Chromium
binary): these tests fail, not skip, without it.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from editor_util import EXAMPLES, serving

from homestaging.cli import main

CHROMIUM = Path(os.environ.get("HOMESTAGING_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"]
TUTORIAL_GAME = EXAMPLES / "tutorial-first-game.json"


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install it with 'apt-get install -y chromium'")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield browser
    browser.close()


@contextmanager
def editor(browser: Any, sheet: Path | str, project: str | None = None, *,
           touch: bool = False, wait: str = "#editor",
           game: str | None = None) -> Iterator[tuple[Any, Any]]:
    """The page of a fresh server for ``sheet``; fails on any script error of the page."""
    with serving(sheet, project, game=game) as server:
        context = browser.new_context(viewport={"width": 1366, "height": 900},
                                      has_touch=touch, accept_downloads=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url)
        page.wait_for_selector(f"{wait}:not([hidden])")
        settle(page)
        try:
            yield page, server
        finally:
            context.close()
        assert errors == []


def settle(page: Any) -> None:
    """Wait until the page shows the answer for its current state."""
    page.wait_for_selector('body[data-pending="0"]', state="attached")


def click(page: Any, selector: str, **options: Any) -> None:
    page.click(selector, **options)
    settle(page)


def cell(page: Any, name: str, side: str | None = None) -> None:
    """Click square ``name``, in its middle or close to one of its sides."""
    if side is None:
        click(page, f'[data-cell="{name}"]')
        return
    box = page.locator(f'[data-cell="{name}"]').bounding_box()
    fx, fy = {"n": (0.5, 0.1), "s": (0.5, 0.9), "w": (0.1, 0.5), "e": (0.9, 0.5)}[side]
    page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
    settle(page)


def drag(page: Any, start: str, end: str) -> None:
    """Press on one square and let go on another."""
    for name, action in ((start, "down"), (end, "up")):
        box = page.locator(f'[data-cell="{name}"]').bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
        getattr(page.mouse, action)()
    settle(page)


def place(page: Any, piece: str, at: str, turns: int = 0) -> None:
    """Take ``piece`` afresh (rotation 0), turn it, place it at ``at``."""
    page.keyboard.press("Escape")
    click(page, f'[data-piece="{piece}"]')
    for _ in range(turns):
        page.keyboard.press("r")
    cell(page, at)


def codes(page: Any) -> list[str]:
    return [str(li.get_attribute("data-code"))
            for li in page.query_selector_all("#problems li[data-code]")]


def total(page: Any) -> int:
    return int(page.text_content("#total"))


def save(page: Any) -> None:
    page.keyboard.press("Control+s")
    settle(page)
    page.wait_for_selector('#status:text-matches("^Saved")')


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def check_codes(path: Path) -> list[str]:
    result = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
    data = json.loads(result.stdout)
    return [p["code"] for p in data["problems"] + data["todo"]]


# ------------------------------------------------------------------ scenarios


def test_place_a_piece_on_a_legal_square(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        # what is still to do for the rooms played so far: the kitchen being furnished
        assert codes(page) == ["front-door-count", "room-not-finalized"]
        click(page, '[data-piece="kitchen-corner"]')
        assert page.is_visible("#hand")
        hinted = [h.get_attribute("data-hint") for h in page.query_selector_all(".hint.good")]
        assert hinted == ["B2"]  # against the north and west walls: the corner only
        cell(page, "B2")
        assert page.locator('g.piece[data-piece-id="kitchen-corner"]').count() == 1
        assert "Placed Corner kitchen at B2." in page.text_content("#status")
        # what is still to do for the rooms played so far: the kitchen being furnished
        assert codes(page) == ["front-door-count", "room-not-finalized"]
        save(page)
    assert saved(sheet)["pieces"] == [{"piece": "kitchen-corner", "at": "B2", "rotation": 0}]
    assert check_codes(sheet) == codes_after_save(sheet)


def codes_after_save(path: Path) -> list[str]:
    return ["front-door-count", "room-not-finalized"]


def test_turn_the_piece_in_hand(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        click(page, '[data-piece="table-2"]')
        for rotation in (90, 180, 270, 0, 90):
            page.keyboard.press("r")
            assert f"rotation {rotation}°" in page.text_content("#hand-name")
        cell(page, "L7")
        save(page)
    assert saved(sheet)["pieces"] == [{"piece": "table-2", "at": "L7", "rotation": 90}]


def test_an_overlap_is_shown_ringed_and_undone(browser: Any, tmp_path: Path) -> None:
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        place(page, "table-2", "E5")
        place(page, "table-2", "E5")
        assert "overlap" in codes(page)
        assert page.locator('[data-ring="E5"].error').count() == 1
        click(page, "#undo")
        assert "overlap" not in codes(page) and page.locator(".ring.error").count() == 0
        page.keyboard.press("Control+Shift+Z")
        settle(page)
        assert "overlap" in codes(page)
        page.keyboard.press("Control+z")
        settle(page)
        assert "overlap" not in codes(page)
        assert page.locator('g.piece[data-piece-id="table-2"]').count() == 1


def test_wall_a_room_by_dragging_a_rectangle(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        click(page, '[data-tool="room"]')
        drag(page, "K7", "O11")
        # the kitchen walled while it is still current_room: the next rooms are not played
        # yet, and check says to move on to the bathroom
        assert codes(page).count("room-not-finalized") == 0
        assert "current-room-walled" in codes(page)
        assert "door-count" in codes(page)
        cell(page, "O11")  # a square of the room again: it leaves the room
        save(page)
        rooms = saved(sheet)["rooms"]
        assert rooms[0]["cells"] == ["K7:O10", "K11:N11"]
        cell(page, "O11")
        save(page)
    assert saved(sheet)["rooms"][0] == {"name": "Kitchen", "cells": ["K7:O11"]}


def test_a_door_on_the_room_wall(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        click(page, '[data-tool="room"]')
        drag(page, "K7", "O11")
        click(page, '[data-tool="door"]')
        cell(page, "K10", "w")
        assert "door-count" not in codes(page)
        assert page.locator('.door[data-room="Kitchen"]').count() == 1
        save(page)
        assert saved(sheet)["rooms"][0]["door"] == ["K10", "w"]
        cell(page, "K10", "w")  # the same side again: no door
        assert "door-count" in codes(page)
        cell(page, "M9")  # inside the room: the tool takes the nearest wall side... none
        assert "door-not-on-room" in codes(page)


def test_front_door_and_window(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        click(page, '[data-tool="front-door"]')
        cell(page, "J11", "s")
        assert "front-door-count" not in codes(page)
        assert page.locator(".front-door").count() == 1
        click(page, '[data-tool="window"]')
        cell(page, "B6", "w")
        cell(page, "O3")  # the middle of a square on the east wall: its wall side
        save(page)
        data = saved(sheet)
        assert data["front_door"] == ["J11", "s"]
        assert data["windows"] == [["B6", "w"], ["O3", "e"]]
        cell(page, "O3", "e")  # again: the window goes
        click(page, '[data-tool="front-door"]')
        cell(page, "E5")  # no wall there: drawn all the same, and the rules say so
        assert "front-door-not-exterior" in codes(page)
        save(page)
    data = saved(sheet)
    assert data["windows"] == [["B6", "w"]] and data["front_door"] == ["E5", "n"]
    assert "front-door-not-exterior" in check_codes(sheet)


def test_save_and_reload(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with editor(browser, sheet) as (page, _):
        assert page.get_attribute("#file", "class") in ("", None)
        place(page, "armchair", "D6")
        assert "dirty" in str(page.get_attribute("#file", "class"))
        shown = codes(page)
        save(page)
        assert "dirty" not in str(page.get_attribute("#file", "class"))
        page.reload()
        page.wait_for_selector("#editor:not([hidden])")
        settle(page)
        assert page.locator('g.piece[data-piece-id="armchair"]').count() == 1
        assert codes(page) == shown
    assert check_codes(sheet) == shown
    assert {"piece": "armchair", "at": "D6", "rotation": 0} in saved(sheet)["pieces"]


def test_keyboard_only(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        assert page.evaluate("document.activeElement.id") == "plan"
        page.keyboard.press("1")  # the first piece of the cards: the corner kitchen
        settle(page)
        assert "Corner kitchen" in page.text_content("#hand-name")
        page.keyboard.press("Enter")  # the cursor starts on the house's first square, B2
        settle(page)
        page.keyboard.press("Escape")
        assert not page.is_visible("#hand")
        page.keyboard.press("Control+z")
        settle(page)
        assert page.locator("g.piece").count() == 0
        page.keyboard.press("Control+Shift+Z")
        settle(page)
        assert page.locator("g.piece").count() == 1
        page.keyboard.press("5")  # the stove (card 7 has four pieces)
        assert "Stove" in page.text_content("#hand-name")
        for key in ("r", "r", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "Enter"):
            page.keyboard.press(key)
        settle(page)
        page.keyboard.press("Escape")
        for key in ("ArrowUp", "ArrowUp", "ArrowUp", "ArrowLeft", "Delete"):  # back to B2
            page.keyboard.press(key)
        settle(page)
        page.keyboard.press("Control+s")
        settle(page)
        page.wait_for_selector('#status:text-matches("^Saved")')
    assert saved(sheet)["pieces"] == [{"piece": "stove", "at": "C5", "rotation": 180}]


def test_a_bad_sheet_file_opens_with_its_errors(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "bad.json"
    text = TUTORIAL_GAME.read_text().replace('"Newbie",', '"Newbie"')
    sheet.write_text(text)
    with editor(browser, sheet, wait="#broken") as (page, _):
        errors = [li.text_content() for li in page.query_selector_all("#load-errors li")]
        assert errors == [f"{sheet}:5:3: a comma is missing before this, or a double quote is "
                          "missing earlier on the line (Expecting ',' delimiter)"]
        assert page.is_hidden("#editor")
        page.keyboard.press("Control+s")
        assert sheet.read_text() == text
        page.fill("#sheet-text", text.replace('"Newbie"', '"Newbie",').replace(
            '"kitchen-corner"', '"kitchen-corners"'))
        page.click("#retry")
        # the first file's errors stay listed until the answer replaces them
        page.wait_for_selector('#load-errors li:has-text("kitchen-corners")')
        assert "unknown piece id 'kitchen-corners'" in page.text_content("#load-errors")
        page.fill("#sheet-text", TUTORIAL_GAME.read_text())
        page.click("#retry")
        page.wait_for_selector("#editor:not([hidden])")
        settle(page)
        assert sheet.read_text() == text
        assert total(page) == 32
        save(page)
    assert saved(sheet)["player"] == "Newbie"


def test_a_stale_token_is_refused(browser: Any, tmp_path: Path) -> None:
    with serving(TUTORIAL_GAME) as old:
        stale = old.url
    with serving(TUTORIAL_GAME) as server:
        page = browser.new_page()
        page.goto(stale.replace(str(old.port), str(server.port)))
        page.wait_for_selector("#fatal:not([hidden])")
        assert "stale" in page.text_content("#fatal")
        assert page.is_hidden("#editor")
        page.close()


def test_a_page_under_another_host_name_is_refused(playwright: Any) -> None:
    """A site whose name is made to resolve to 127.0.0.1 (DNS rebinding) gets nothing."""
    rebind = "--host-resolver-rules=MAP rebind.test 127.0.0.1"
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[*ARGS, rebind])
    try:
        with serving(TUTORIAL_GAME) as server:
            page = browser.new_page()
            response = page.goto(f"http://rebind.test:{server.port}/?token={server.token}")
            assert response.status == 403
            assert "answers only to" in page.text_content("body")
            response = page.goto(f"http://localhost:{server.port}/?token={server.token}")
            assert response.status == 200
            page.wait_for_selector("#editor:not([hidden])")
    finally:
        browser.close()


def test_an_example_shows_the_problems_of_check(browser: Any) -> None:
    path = EXAMPLES / "mistakes.json"
    with editor(browser, path) as (page, _):
        assert codes(page) == check_codes(path)
        li = page.locator('#problems li[data-code="overlap"]').first
        li.click()
        assert page.locator(".ring.flash").count() >= 1


@pytest.mark.parametrize(("name", "painted"), [("tutorial-midgame.json", False),
                                                ("tutorial-finished.json", True)])
def test_the_hallway_is_painted_once_every_room_is_walled(browser: Any, name: str,
                                                          painted: bool) -> None:
    # as in the rendered plan: mid-game, the squares not walled yet stay neutral
    with editor(browser, EXAMPLES / name) as (page, _):
        outline = page.locator("path.hallway").get_attribute("d") or ""
        assert (outline != "") is painted


def test_tap_tap_places_on_a_touch_screen(browser: Any, tmp_path: Path) -> None:
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True) as (page, _):
        page.tap('[data-piece="table-2"]')
        settle(page)
        page.tap('[data-cell="L8"]')
        assert page.locator("g.piece").count() == 0
        assert page.locator(".ghost").count() == 1
        assert "Tap again" in page.text_content("#hint")
        page.tap('[data-cell="L9"]')  # another square: the piece moves there
        assert page.locator("g.piece").count() == 0
        page.tap('[data-cell="L9"]')
        settle(page)
        assert page.locator("g.piece").count() == 1
        assert "at L9" in page.text_content("g.piece title")


def test_drag_a_piece_from_the_cards(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        box = page.locator('[data-piece="stove"]').bounding_box()
        page.mouse.move(box["x"] + 10, box["y"] + 10)
        page.mouse.down()
        target = page.locator('[data-cell="K10"]').bounding_box()
        page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2,
                        steps=8)
        page.mouse.up()
        settle(page)
        save(page)
    assert saved(sheet)["pieces"] == [{"piece": "stove", "at": "K10", "rotation": 0}]


def test_erase_and_mirror_with_the_wild_card(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        place(page, "stove", "E5")
        click(page, '[data-tool="erase"]')
        cell(page, "E5")
        assert page.locator("g.piece").count() == 0
        page.select_option("#room-select", "Bathroom")
        settle(page)
        click(page, '[data-piece="bathtub"]')
        page.keyboard.press("m")
        assert "mirrored (wild card)" in page.text_content("#hand-name")
        mirrored = [h.get_attribute("data-hint") for h in page.query_selector_all(".hint")]
        assert mirrored  # north wall squares, as unmirrored: only the circulation moves
        cell(page, mirrored[0])
        assert "mirror-without-wild-card" not in codes(page)
        assert "mirrored" in page.text_content("#hand-name")  # the hand stays mirrored
        assert "already used" in page.text_content("#hand-hints")
        cell(page, "H9")  # the wild card is spent: a second mirrored piece is an error
        assert "wild-card-twice" in codes(page)
        click(page, "#undo")
        save(page)
    data = saved(sheet)
    assert data["pieces"] == [{"piece": "bathtub", "at": mirrored[0], "rotation": 0,
                               "mirror": True}]
    assert data["wild_card"] == {"piece": 0, "effect": "mirror"}


def test_png_download(browser: Any) -> None:
    with editor(browser, TUTORIAL_GAME) as (page, _):
        with page.expect_download() as info:
            page.click("#png")
        download = info.value
        assert download.suggested_filename == "tutorial-first-game.png"
        assert Path(download.path()).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


GAME: list[tuple[str, list[tuple[str, str, int]], str, tuple[str, str]]] = [
    ("Kitchen", [("table-2", "L8", 0), ("kitchen-corner", "M9", 2), ("stove", "K10", 2)],
     "K7:O11", ("K10", "w")),
    ("Bathroom", [("bathtub", "L2", 0), ("toilet", "N4", 1)], "L2:O4", ("M4", "s")),
    ("Living room", [("sofa-corner", "C2", 0), ("armchair", "D4", 2), ("armchair", "E4", 2),
                     ("plant-small-2", "B6", 1)], "B2:F11", ("F3", "e")),
]


def test_a_whole_tutorial_game_scores_as_the_page_says(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "game.json"
    with editor(browser, sheet, "tutorial") as (page, _):
        page.fill("#player", "Newbie")
        page.keyboard.press("Tab")
        for room, pieces, cells, (door_cell, door_side) in GAME:
            assert page.input_value("#room-select") == room
            for piece, at, turns in pieces:
                place(page, piece, at, turns)
                assert not [c for c in codes(page) if c in ("overlap", "needs-wall",
                                                             "covers-circulation")]
            page.keyboard.press("Escape")
            click(page, '[data-tool="room"]')
            first, last = cells.split(":")
            drag(page, first, last)
            click(page, '[data-tool="door"]')
            cell(page, door_cell, door_side)
            click(page, "#next-room")
        assert page.locator("#next-room").is_disabled()
        click(page, '[data-tool="front-door"]')
        cell(page, "J11", "s")
        click(page, '[data-tool="window"]')
        cell(page, "B6", "w")
        assert codes(page) == []
        assert page.text_content("#score-label") == "Score"
        shown = total(page)
        save(page)
    result = CliRunner().invoke(main, ["score", "--format", "json", str(sheet)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == shown == 32
    data = saved(sheet)
    assert data["player"] == "Newbie" and "current_room" not in data


SCAN_DOUBTS = [
    {"square": "L2", "what": "pieces", "reason": "read as toilet; could also be bathroom-cabinet"},
    {"square": "F5", "side": "e", "what": "wall", "reason": "a faint or broken wall line (0.27)"},
    {"square": "H11", "side": "s", "what": "front door", "reason": "a faint triangle (ink 0.31)"},
    {"square": "B6", "side": "w", "what": "window", "reason": "a faint line outside the wall"},
]


def doubts(page: Any) -> list[tuple[str, str | None]]:
    """The scan's doubts listed on the page: (square, side)."""
    return [(str(li.get_attribute("data-square")), li.get_attribute("data-side"))
            for li in page.query_selector_all("#doubts li")]


def marked(page: Any) -> list[tuple[str, str | None]]:
    """The doubts marked on the plan: (square, side)."""
    return [(str(mark.get_attribute("data-doubt")), mark.get_attribute("data-side"))
            for mark in page.query_selector_all("#plan .doubt")]


def test_the_doubts_of_a_scanned_sheet_are_shown_settled_and_confirmed(
        browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "scanned.json"
    data = json.loads((EXAMPLES / "tutorial-finished.json").read_text())
    data["scan"] = {"photo": "photo.jpg", "uncertain": SCAN_DOUBTS}
    sheet.write_text(json.dumps(data, indent=2) + "\n")
    everything = [("L2", None), ("F5", "e"), ("H11", "s"), ("B6", "w")]
    with editor(browser, sheet) as (page, _):
        assert "4 points from the photo to check" in page.text_content("#status")
        assert doubts(page) == marked(page) == everything
        assert page.locator("rect.doubt[data-doubt='L2']").count() == 1
        assert page.locator("line.doubt[data-doubt='F5'][data-side='e']").count() == 1
        assert page.text_content("#doubts li[data-square='L2']").startswith(
            "L2 · pieces: read as toilet; could also be bathroom-cabinet")
        box = page.locator('[data-cell="L2"]').bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
        assert page.text_content("#hint") == \
            "L2 · pieces: read as toilet; could also be bathroom-cabinet"

        click(page, "#doubts li[data-square='F5'] button.confirm")  # what was read is right
        assert doubts(page) == marked(page) == [("L2", None), ("H11", "s"), ("B6", "w")]
        assert page.text_content("#status") == \
            "Confirmed F5/e. 3 points from the photo left to check."

        click(page, '[data-tool="erase"]')  # the square is changed: its doubt goes
        cell(page, "L2")
        assert doubts(page) == [("H11", "s"), ("B6", "w")]
        assert "One point to check from the photo: settled." in page.text_content("#status")
        click(page, "#undo")
        assert page.locator('g.piece[data-piece-id="toilet"]').count() == 1
        assert doubts(page) == [("L2", None), ("H11", "s"), ("B6", "w")]
        click(page, "#redo")
        assert doubts(page) == marked(page) == [("H11", "s"), ("B6", "w")]

        click(page, '[data-tool="window"]')  # the side is changed: the window is taken off
        cell(page, "B6", "w")
        assert doubts(page) == marked(page) == [("H11", "s")]
        save(page)
        assert saved(sheet)["scan"] == {"photo": "photo.jpg", "uncertain": SCAN_DOUBTS[2:3]}

        click(page, "#doubts li[data-square='H11'] button.confirm")
        assert doubts(page) == marked(page) == [] and page.is_hidden("#doubts-box")
        assert "Every point from the photo is checked" in page.text_content("#status")
        shown = codes(page)
        save(page)
    data = saved(sheet)
    assert "scan" not in data and data["windows"] == [["O3", "e"], ["O10", "e"]]
    assert check_codes(sheet) == shown


def test_a_game_record_sets_the_palette_and_the_card_rules(browser: Any,
                                                           tmp_path: Path) -> None:
    """``edit --game``: the palette offers the kitchen's cards as the table dealt and
    chose them, and a second table for the one token that chose it is not-selected."""
    shutil.copy(EXAMPLES / "four-players" / "game.json", tmp_path / "game.json")
    sheet = tmp_path / "new.json"
    with editor(browser, sheet, "tutorial", game=str(tmp_path / "game.json")) as (page, _):
        offered = {b.get_attribute("data-piece")
                   for b in page.query_selector_all("#palette button.piece")}
        assert offered == {"table-2", "kitchen-island", "kitchen-corner", "counter-straight",
                           "stove", "fridge"}  # card 7b (kitchen-u, counter-long) not dealt
        place(page, "table-2", "J7")
        assert "not-selected" not in codes(page)  # the token of card 10b pays for it
        place(page, "table-2", "L7")
        errors = page.query_selector_all('#problems li[data-code="not-selected"]')
        assert any("is paid for by no token of room Kitchen" in (li.text_content() or "")
                   for li in errors)
        page.screenshot(path=str(tmp_path / "game.png"))
        save(page)
    assert saved(sheet)["game"] == "game.json"
    assert check_codes(sheet)[0] == "not-selected"
