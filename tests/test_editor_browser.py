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
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from editor_util import EXAMPLES, LINES, rounded_box, serving

from homestaging.cli.root import main

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
           touch: bool = False, wait: str = "#editor", game: str | None = None,
           size: tuple[int, int] = (1366, 900), mobile: bool = False, scale: float = 1
           ) -> Iterator[tuple[Any, Any]]:
    """The page of a fresh server for ``sheet`` in a ``size`` CSS px window (``mobile``: a
    phone's, ``scale`` device px to the CSS px); fails on any script error of the page."""
    with serving(sheet, project, game=game) as server:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                      has_touch=touch, is_mobile=mobile,
                                      device_scale_factor=scale, accept_downloads=True)
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
        page.tap('[data-piece="stove"]')
        settle(page)
        page.tap('[data-cell="I6"]')
        page.tap('[data-piece="kitchen-corner"]')  # another piece: the square tapped goes
        settle(page)
        page.tap('[data-cell="I6"]')  # shows it there, places nothing yet
        assert page.locator("g.piece").count() == 1
        assert "Tap again" in page.text_content("#hint")


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
        assert page.is_hidden("#hand")  # placed: the hand is empty again
        click(page, '[data-piece="bathtub"]')
        page.keyboard.press("m")
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


# ------------------------------------------------------------------ at the table (issue 33)


def test_the_first_click_after_typing_the_player_takes_the_piece(browser: Any,
                                                                 tmp_path: Path) -> None:
    """Leaving the Player field changes the sheet as the card is pressed: the card's
    click must not be lost."""
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        page.fill("#player", "Ann")
        click(page, '[data-piece="stove"]')
        assert page.is_visible("#hand") and "Stove" in page.text_content("#hand-name")
        assert page.input_value("#player") == "Ann"
        cell(page, "K10")
        save(page)
    assert saved(tmp_path / "new.json")["player"] == "Ann"


def test_the_piece_just_placed_is_not_shown_breaking_a_rule(browser: Any,
                                                            tmp_path: Path) -> None:
    """Placed, the piece leaves the hand: pointing at it shows no red preview of the
    piece against itself."""
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        click(page, '[data-piece="counter-long"]')
        hinted = page.locator(".hint.good").first.get_attribute("data-hint")
        cell(page, str(hinted))
        assert page.is_hidden("#hand")
        assert page.locator("button.piece.held").count() == 0
        box = page.locator(f'[data-cell="{hinted}"]').bounding_box()
        page.mouse.move(box["x"] + 5, box["y"] + 5, steps=3)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
        assert page.locator(".ghost").count() == 0
        assert "breaks a rule" not in page.text_content("#hint")
        assert "breaks a rule" not in page.text_content("#status")
        assert "for the next piece" in page.text_content("#status")


def test_a_walled_room_says_so_and_points_at_the_next_room_button(browser: Any,
                                                                  tmp_path: Path) -> None:
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        option = page.locator('#room-select option[value="Kitchen"]')
        assert option.text_content() == "Kitchen (being furnished)"
        click(page, '[data-tool="room"]')
        drag(page, "K7", "O11")
        assert option.text_content() == "Kitchen (walled)"
        assert page.get_attribute("#next-room", "class") == "due"
        assert page.text_content("#room-info") == "Kitchen is walled: press Next room."
        assert page.text_content("#walled-note") == ("Kitchen is walled: its furniture is "
                                                     "done. Press Next room to furnish the "
                                                     "Bathroom.")
        warning = page.text_content('#problems li[data-code="current-room-walled"]') or ""
        assert warning.endswith("Kitchen is walled: press Next room to furnish the Bathroom")
        assert "current_room" not in page.text_content("#problems")
        click(page, '[data-piece="stove"]')
        assert page.text_content("#hand-hints") == (
            "No legal square: Kitchen is walled: pieces go into the room being furnished "
            "(press Next room).")
        click(page, "#next-room")
        assert page.input_value("#room-select") == "Bathroom"
        assert option.text_content() == "Kitchen (walled)"
        assert page.get_attribute("#next-room", "class") == ""
        assert page.is_hidden("#walled-note")


def test_problems_name_pieces_by_where_they_stand(browser: Any, tmp_path: Path) -> None:
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        place(page, "stove", "E5")
        place(page, "fridge", "E5")
        shown = page.text_content('#problems li[data-code="overlap"]')
        assert shown == "✗E5 · overlap: Fridge at E5 stands on the Stove at E5"
        title = page.get_attribute('#problems li[data-code="overlap"]', "title")
        assert title == ("error, at $.pieces[1]: pieces[1] (Fridge) stands on pieces[0] (Stove) "
                         "at E5")


PHONES = [(390, 844), (844, 390), (412, 915), (915, 412)]


def phone(browser: Any, sheet: Path | str, width: int, height: int
          ) -> AbstractContextManager[tuple[Any, Any]]:
    """The page on a touch screen of ``width`` x ``height`` CSS px."""
    return editor(browser, sheet, touch=True, size=(width, height), mobile=True)


def take_armchair(page: Any) -> None:
    """Tap the tutorial mid-game's armchair card on a phone and wait for the plan to
    scroll into view, below the header."""
    page.tap('[data-piece="armchair"]')
    settle(page)
    page.wait_for_timeout(600)


def box_of(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).first.bounding_box()
    return box


def in_view(page: Any, selector: str) -> bool:
    box = box_of(page, selector)
    size = page.viewport_size
    return bool(box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
                and box["y"] + box["height"] <= size["height"])


@pytest.mark.parametrize(("width", "height"), PHONES, ids=lambda n: str(n))
def test_a_room_furnished_with_a_thumb(browser: Any, tmp_path: Path, width: int,
                                       height: int) -> None:
    """At the table: the room fills the width with squares of 32 px or more, the cards
    are at the thumb, tap to take, tap to see, tap again to place, a Turn button, and
    the whole house a tap away; no sideways scroll."""
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with phone(browser, sheet, width, height) as (page, _):
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width
        square = box_of(page, '[data-cell="C3"]')
        assert square["width"] >= 32
        plan = box_of(page, "#plan")
        assert plan["width"] >= width - 300 if width > height else plan["width"] >= width - 12
        for name in ("B2", "F4"):  # the living room's pieces so far: in sight
            assert in_view(page, f'[data-cell="{name}"]'), name
        card = '[data-piece="armchair"]'
        page.locator(card).scroll_into_view_if_needed()
        assert in_view(page, card)
        card_box = box_of(page, card)
        if width < height:  # upright: the cards are docked in the lower half
            assert card_box["y"] >= height / 2
        page.tap(card)
        settle(page)
        assert page.is_visible("#turn") and page.text_content("#turn") == "Turn"
        assert page.text_content("#status") == (
            "Armchair in hand: tap a square to see it there, tap it again to place it.")
        page.tap("#turn")
        assert "rotation 90°" in page.text_content("#hand-name")
        page.tap("#turn")
        page.tap("#turn")
        page.tap("#turn")
        page.tap('[data-cell="D6"]')
        assert page.locator(".ghost").count() == 1 and page.locator("g.piece").count() == 7
        assert "Tap again" in page.text_content("#hint")
        page.tap('[data-cell="D6"]')
        settle(page)
        assert page.locator('g.piece[data-piece-id="armchair"]').count() == 1
        assert "Tap a card for the next piece." in page.text_content("#status")
        assert page.text_content("#hint") == ""  # not "Tap again to place it" any more
        page.screenshot(path=str(tmp_path / f"room-{width}x{height}.png"))

        page.tap("#view")  # the whole house, one tap away: every square in sight
        assert page.text_content("#view") == "Back to the room"
        for name in ("A1", "P12"):
            assert in_view(page, f'[data-cell="{name}"]') or width > height, name
        page.screenshot(path=str(tmp_path / f"house-{width}x{height}.png"))
        page.tap('[data-cell="M3"]')  # a tap on the house: a closer view there
        assert page.text_content("#view") == "Whole house"
        assert box_of(page, '[data-cell="M3"]')["width"] >= 32
        assert in_view(page, '[data-cell="M3"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        save(page)
    assert {"piece": "armchair", "at": "D6", "rotation": 0} in saved(sheet)["pieces"]


SMALL_CONTROLS = """() => [
    ...document.querySelectorAll("button, select, input, #problems li[data-code]")]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.id || e.dataset.tool || e.dataset.piece || e.dataset.code,
                 e.getBoundingClientRect()])
    .filter(([, box]) => box.width < 44 || box.height < 44).map(([name]) => name)"""
SMALL_PRINT = """() => [...document.querySelectorAll("body *")]
    .filter((e) => !e.closest("svg") && e.offsetParent !== null
      && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
      && parseFloat(getComputedStyle(e).fontSize) < 11.5)
    .map((e) => e.id || e.className || e.tagName)"""


def test_a_small_phone_either_way_up(browser: Any, tmp_path: Path) -> None:
    """At 360 x 740 every control takes a finger (44 px), no text is small print, Undo
    stays in reach above the plan once a piece is placed, and the last problem scrolls
    clear of the dock; turned to 740 x 360 the controls are a column at the right, not a
    dock over half the screen."""
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with phone(browser, sheet, 360, 740) as (page, _):
        assert page.is_hidden("#summary")  # mid-game: the cards are docked
        take_armchair(page)
        assert in_view(page, "#undo")
        undo, plan = box_of(page, "#undo"), box_of(page, "#plan")
        assert undo["y"] + undo["height"] <= plan["y"] + 1
        page.tap('[data-cell="D6"]')
        page.tap('[data-cell="D6"]')
        settle(page)
        assert page.locator("#undo").is_enabled() and in_view(page, "#undo")
        page.tap("#undo")
        settle(page)
        assert page.locator("#redo").is_enabled()
        page.tap('[data-piece="armchair"]')
        settle(page)
        assert page.evaluate(SMALL_CONTROLS) == []
        assert page.evaluate(SMALL_PRINT) == []
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        last, dock = box_of(page, "#problems li:last-child"), box_of(page, "#controls")
        assert last["y"] + last["height"] <= dock["y"]
        sheet.write_text(sheet.read_text() + " ")  # another program wrote the file
        page.keyboard.press("Control+s")  # the page asks; the dialog is dismissed
        page.wait_for_selector("#status.bad")
        assert in_view(page, "#status") and in_view(page, "#save")  # the refusal in sight
        page.screenshot(path=str(tmp_path / "bottom-360x740.png"))
        page.set_viewport_size({"width": 740, "height": 360})
        assert page.evaluate("getComputedStyle(document.querySelector('#controls')).position") \
            == "static"
        plan, side = box_of(page, "#plan"), box_of(page, "#side")
        assert side["x"] >= plan["x"] + plan["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 740
        assert page.evaluate(SMALL_CONTROLS) == []
        page.screenshot(path=str(tmp_path / "side-740x360.png"))


def test_on_its_side_the_piece_in_hand_stays_at_the_top_of_its_column(
        browser: Any, tmp_path: Path) -> None:
    """At 740 x 360 a card far down the column (the country manor's coffee table) is
    taken and its Turn and Put back stay in sight above the cards."""
    with editor(browser, tmp_path / "new.json", "country-manor", touch=True, size=(740, 360),
                mobile=True) as (page, _):
        page.tap('[data-piece="coffee-table"]')
        settle(page)
        assert page.evaluate("document.querySelector('#side').scrollTop") > 200
        assert in_view(page, "#turn") and in_view(page, "#drop")
        page.tap("#turn")
        assert page.text_content("#hand-name") == "Coffee table, rotation 90°"


def test_on_its_side_a_card_near_the_top_brings_the_whole_hand_in_sight(
        browser: Any, tmp_path: Path) -> None:
    """At 740 x 360 the tutorial's first card shows without scrolling, at the foot of the
    column; taken, the piece in hand came below the tools with Put back under the
    screen's edge (345 to 389 px): the column scrolls until the hand is whole in sight.
    The column ends at the screen's foot (it went 65 px below it), the page does not
    scroll."""
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True, size=(740, 360),
                mobile=True) as (page, _):
        card, side = '[data-piece="kitchen-corner"]', "document.querySelector('#side').scrollTop"
        assert in_view(page, card) and page.evaluate(side) == 0
        page.tap(card)
        settle(page)
        hand, drop, column = box_of(page, "#hand"), box_of(page, "#drop"), box_of(page, "#side")
        assert column["y"] + column["height"] == pytest.approx(360 - 4.2, abs=0.5)
        assert hand["y"] + hand["height"] == pytest.approx(360 - 4.2, abs=0.5)
        assert drop["y"] == pytest.approx(302.1, abs=1) and in_view(page, "#drop")
        assert page.evaluate(side) == pytest.approx(43, abs=1)
        assert page.evaluate("document.documentElement.scrollHeight") == 360
        page.tap("#drop")
        assert page.is_hidden("#hand")


ROWS_SEEN = """() => {
    const bar = document.querySelector("#bar").getBoundingClientRect();
    const dock = document.querySelector("#controls").getBoundingClientRect();
    const plan = document.querySelector("#plan").getBoundingClientRect();
    const top = Math.max(bar.bottom, plan.top + 1), bottom = Math.min(dock.top, plan.bottom - 1);
    const rows = new Map();
    for (const cell of document.querySelectorAll("[data-cell]")) {
      const box = cell.getBoundingClientRect();
      const seen = Math.min(box.bottom, bottom) - Math.max(box.top, top);
      if (seen > 0.5) rows.set(Number(cell.dataset.cell.replace(/^[A-Z]+/, "")),
                               [Math.round(seen * 10) / 10, Math.round(box.height * 10) / 10]);
    }
    return [...rows].map(([row, [seen, high]]) => [row, seen, high]);
}"""


def next_frame(page: Any) -> None:
    """Wait until the page has drawn two frames (what a ResizeObserver answers is in)."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def rows_seen(page: Any) -> dict[int, float]:
    """The rows of squares in sight between the header and the dock, each with how much
    of it shows (px); a row cut shows less than its squares' height."""
    rows = page.evaluate(ROWS_SEEN)
    assert all(seen == pytest.approx(high, abs=0.2) for _, seen, high in rows), rows
    return {row: seen for row, seen, _ in rows}


def test_the_header_of_a_small_phone_is_one_row_of_buttons(browser: Any,
                                                            tmp_path: Path) -> None:
    """At 320 x 640 the title, the player's name and PNG scroll away: with a piece in
    hand the header in sight is Whole house, Undo, Redo and Save in one row above the
    status line, and 5 whole rows of squares show between it and the dock (4 with the
    whole header in sight)."""
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with phone(browser, sheet, 320, 640) as (page, _):
        take_armchair(page)
        buttons = [box_of(page, name) for name in ("#view", "#undo", "#redo", "#save")]
        assert {box["y"] for box in buttons} == {buttons[0]["y"]}
        assert buttons[0]["y"] == pytest.approx(4.2, abs=1)  # the first thing in sight
        assert all(in_view(page, name) for name in ("#view", "#save", "#status"))
        bar, status = box_of(page, "#bar"), box_of(page, "#status")
        assert bar["y"] + bar["height"] == pytest.approx(status["y"] + status["height"] + 4.2,
                                                         abs=1)
        assert not any(in_view(page, name) for name in ("h1", "#player", "#png"))
        assert rows_seen(page) == {1: 34.4, 2: 34.4, 3: 34.4, 4: 34.4, 5: 34.4}
        assert page.evaluate(SMALL_CONTROLS) == []
        page.evaluate("window.scrollTo(0, 0)")  # the title and the name, a scroll away
        assert all(in_view(page, name) for name in ("h1", "#player", "#png"))
        page.fill("#player", "Grey")
        page.tap("#save")
        settle(page)
        page.wait_for_selector('#status:text-matches("^Saved")')
    assert saved(sheet)["player"] == "Grey"


@pytest.mark.parametrize(("width", "height", "opened", "in_hand", "put_back"),
                         [(320, 640, 6, 5, 7), (360, 740, 9, 8, 11)], ids=["320x640", "360x740"])
def test_the_rows_in_sight_of_a_small_phone_are_whole(browser: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, width: int,
                                                      height: int, opened: int, in_hand: int,
                                                      put_back: int) -> None:
    """Between the header and the dock the plan shows whole rows of squares, never a row
    cut by the dock: as the page opens (the whole header in sight), with a piece in hand
    (the dock grown, the plan scrolled to below the header) and once it is put back."""
    shutil.copy(EXAMPLES / "tutorial-midgame.json", tmp_path / "plan.json")
    monkeypatch.chdir(tmp_path)  # "Opened plan.json.": a status line of one line
    with phone(browser, "plan.json", width, height) as (page, _):
        assert page.text_content("#status") == "Opened plan.json."
        square = 34.4 if width == 320 else 31.8
        assert rows_seen(page) == {row: square for row in range(1, opened + 1)}
        take_armchair(page)
        assert rows_seen(page) == {row: square for row in range(1, in_hand + 1)}
        plan, hint, dock = box_of(page, "#plan"), box_of(page, "#hint"), box_of(page, "#controls")
        # the band of names and the rows, the plan's border; the hint below, above the dock
        assert plan["height"] == pytest.approx((in_hand + 1) * square + 2, abs=0.5)
        assert hint["y"] + hint["height"] <= dock["y"]
        assert dock["y"] == pytest.approx(320 if width == 320 else 406.5, abs=1)
        page.tap("#drop")
        settle(page)
        next_frame(page)  # the dock's new height observed
        assert rows_seen(page) == {row: square for row in range(1, put_back + 1)}
        take_armchair(page)
        page.tap('[data-cell="D5"]')
        assert page.text_content("#hint") != ""  # "Tap again to place it", under the plan
        page.tap('[data-cell="D5"]')
        settle(page)
        next_frame(page)
        assert page.locator('g.piece[data-piece-id="armchair"]').count() == 1
        assert page.text_content("#hint") == ""
        # the hint's words gone, the rows fill its room: less than a row is left unused
        hint, dock = box_of(page, "#hint"), box_of(page, "#controls")
        assert 0 <= dock["y"] - (hint["y"] + hint["height"]) < square
        seen = rows_seen(page)
        assert list(seen.values()) == [square] * len(seen) and len(seen) >= put_back


def test_the_whole_house_of_a_small_phone_stays_above_the_dock(browser: Any,
                                                              tmp_path: Path) -> None:
    """At 320 x 640 with a piece in hand, Whole house shows the tutorial's 12 rows and
    its names on all four sides above the dock, the hint too (the plan filled the width
    and its last row of names went under the dock: from 310.5 to 328.8 px, the dock at
    320)."""
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with phone(browser, sheet, 320, 640) as (page, _):
        take_armchair(page)
        page.tap("#view")
        assert page.text_content("#view") == "Back to the room"
        plan, hint, dock = box_of(page, "#plan"), box_of(page, "#hint"), box_of(page, "#controls")
        assert dock["y"] == 320 and plan["y"] + plan["height"] == pytest.approx(298.8, abs=0.5)
        assert hint["y"] + hint["height"] <= dock["y"]
        assert rows_seen(page) == {row: 15.1 for row in range(1, 13)}
        page.tap('[data-cell="M3"]')  # a tap on the house: a closer view, the width again
        assert page.text_content("#view") == "Whole house"
        assert box_of(page, "#plan")["width"] == pytest.approx(311.6, abs=0.5)
        assert box_of(page, '[data-cell="M3"]')["width"] >= 32


def test_on_its_side_a_long_title_ends_in_an_ellipsis(browser: Any, tmp_path: Path) -> None:
    """At 640 x 320 the header is one row of 44 px, the title (the project's name, "Home
    Staging" for screen readers only) cut with "…" rather than pushing PNG onto a second
    row; a tap on it shows it whole, a second tap puts it back. At 740 x 360 it fits."""
    with editor(browser, tmp_path / "new.json", "retirement-bungalow", touch=True,
                size=(640, 320), mobile=True) as (page, _):
        title = "#bar h1"
        row = [box_of(page, name) for name in (title, "#player", "#view", "#save", "#png")]
        assert {(round(box["y"], 1), box["height"]) for box in row} == {(2.8, 44)}
        assert box_of(page, title)["width"] == pytest.approx(131, abs=2)
        assert page.evaluate("(e => e.scrollWidth > e.clientWidth)(document.querySelector"
                             "('#bar h1'))")  # cut
        assert page.text_content(title) == "Home Staging Retirement bungalow"
        assert page.get_attribute(title, "title") == "Home Staging Retirement bungalow"
        assert page.locator("#bar").aria_snapshot().splitlines()[1] == \
            '  - heading "Home Staging Retirement bungalow" [level=1]'
        assert box_of(page, "#bar")["height"] == pytest.approx(69.6, abs=0.5)
        page.tap(title)
        assert {name: round(size, 1) for name, size in box_of(page, title).items()} == {
            "x": 7, "y": 2.8, "width": 626, "height": 15}
        assert page.evaluate("(e => e.scrollWidth <= e.clientWidth)(document.querySelector"
                             "('#bar h1'))")  # whole
        assert box_of(page, "#bar")["height"] == pytest.approx(88.8, abs=0.5)
        page.tap(title)
        assert box_of(page, "#bar")["height"] == pytest.approx(69.6, abs=0.5)
        page.set_viewport_size({"width": 740, "height": 360})
        assert page.evaluate("(e => e.scrollWidth <= e.clientWidth)(document.querySelector"
                             "('#bar h1'))")
        assert box_of(page, "#png")["y"] == pytest.approx(2.8, abs=0.1)


def test_on_its_side_a_long_status_is_tapped_whole(browser: Any, tmp_path: Path) -> None:
    """At 640 x 320 the status line is one line cut with "…" (721 px of text in 626): a
    tap shows it whole on two lines, a second tap cuts it again."""
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True, size=(640, 320),
                mobile=True) as (page, _):
        page.tap('[data-piece="kitchen-u"]')
        settle(page)
        page.tap('[data-cell="C3"]')
        page.tap('[data-cell="C3"]')
        settle(page)
        assert page.text_content("#status") == (
            "Placed U-shaped kitchen at C3. It breaks a rule: see the problems (Undo takes it "
            "back). Tap a card for the next piece.")
        cut = "(e => [e.scrollWidth, e.clientWidth])(document.querySelector('#status'))"
        assert page.evaluate(cut) == [721, 626]
        assert box_of(page, "#status")["height"] == pytest.approx(14.8, abs=0.5)
        page.tap("#status")
        assert page.evaluate(cut) == [626, 626]
        assert box_of(page, "#status")["height"] == pytest.approx(28, abs=0.5)
        page.tap("#status")
        assert box_of(page, "#status")["height"] == pytest.approx(14.8, abs=0.5)


EDGE_NAMES = """() => [...document.querySelectorAll("#layer-edges text")].map((t) => {
    const box = t.getBoundingClientRect();
    return [t.textContent, box.x + box.width / 2, box.y + box.height / 2];
})"""


def test_a_window_inside_the_sheet_names_its_squares_on_its_edges(browser: Any,
                                                                   tmp_path: Path) -> None:
    """A window on the country manor's middle, far from the sheet's own names, shows the
    column letters along its top and the row numbers down its left, each in line with
    its squares; the whole house, named on its own edges, shows none. The plan stays
    just below the header when the status line wraps."""
    with editor(browser, tmp_path / "new.json", "country-manor", touch=True, size=(360, 740),
                mobile=True) as (page, _):
        page.tap("#view")
        assert page.evaluate(EDGE_NAMES) == []
        page.tap('[data-cell="M12"]')
        assert page.text_content("#status") == "Closer view around M12."
        names = page.evaluate(EDGE_NAMES)
        letters = [name for name, _, _ in names if name.isalpha()]
        numbers = [int(name) for name, _, _ in names if name.isdigit()]
        assert letters == ["H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R"]
        assert numbers == list(range(8, 19))
        for name, x, y in names:
            square = middle_of(page, f'[data-cell="{name}12"]' if name.isalpha()
                               else f'[data-cell="M{name}"]')
            assert (x if name.isalpha() else y) == pytest.approx(
                square[0] if name.isalpha() else square[1], abs=1), name
        bar, plan = box_of(page, "#bar"), box_of(page, "#plan")
        assert plan["y"] == pytest.approx(bar["y"] + bar["height"], abs=1)  # just below
        page.tap('[data-tool="room"]')  # the status takes two lines: the plan moves down
        bar, plan = box_of(page, "#bar"), box_of(page, "#plan")
        assert plan["y"] == pytest.approx(bar["y"] + bar["height"], abs=1)


TOOL_BOXES = """() => [...document.querySelectorAll("#tools button")].map((b) => {
    const box = b.getBoundingClientRect();
    return [b.dataset.tool, Math.round(box.left * 10) / 10, Math.round(box.right * 10) / 10];
})"""


@pytest.mark.parametrize(("width", "height", "rows"), [(320, 640, 5), (360, 740, 8)],
                         ids=["320x640", "360x740"])
def test_a_small_phone_shows_every_tool_and_no_half_of_the_score(browser: Any, tmp_path: Path,
                                                                 width: int, height: int,
                                                                 rows: int) -> None:
    """Upright at 320 and 360 px the five tools share one row of the dock, Erase inside
    it (its right part was under the screen's edge); the score under the plan starts
    below the dock's top edge (its heading showed cut in half above the dock), with or
    without a piece in hand. The status of a piece in hand takes two lines at 320 px
    (three, with "the Turn button turns it": a row of squares fewer)."""
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True, size=(width, height),
                mobile=True) as (page, _):
        tools = page.evaluate(TOOL_BOXES)
        row = box_of(page, "#tools")
        assert [tool for tool, _, _ in tools] == ["room", "door", "front-door", "window", "erase"]
        assert tools[0][1] == row["x"] == 7 and tools[-1][2] == row["x"] + row["width"]
        assert tools[-1][2] == width - 7
        assert page.evaluate(SMALL_CONTROLS) == []
        for take in (False, True):
            if take:
                page.tap('[data-piece="kitchen-corner"]')
                settle(page)
                page.wait_for_timeout(600)  # the plan scrolled into view, below the header
            score, dock = box_of(page, "#score"), box_of(page, "#controls")
            assert score["y"] >= dock["y"], take
        assert page.text_content("#status") == (
            "Corner kitchen in hand: tap a square to see it there, tap it again to place it.")
        assert box_of(page, "#status")["height"] == pytest.approx(28, abs=1)
        assert list(rows_seen(page)) == list(range(1, rows + 1))


BANDS = """() => [...document.querySelectorAll("#layer-edges rect")].map((r) => {
    const box = r.getBoundingClientRect();
    return [box.left, box.top, box.right, box.bottom];
})"""
OWN_NAMES = """(name) => [...document.querySelectorAll("#layer-base text.label")]
    .filter((t) => t.textContent === name).map((t) => t.getBoundingClientRect().left)"""


def test_the_bands_of_names_stay_off_the_sheets_own_names(browser: Any, tmp_path: Path) -> None:
    """At 740 x 360 a window around L8 shows columns E to P and rows 5 to 11 of the
    tutorial, and the sheet's own row names right of P: the band of letters along the top
    ends at P's right side (it cut the own "5" in half), the band of numbers down the left
    at row 11's foot."""
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True, size=(740, 360),
                mobile=True) as (page, _):
        page.tap("#view")
        page.tap('[data-cell="L8"]')
        assert page.get_attribute("#plan", "viewBox") == "4 4 13 7"
        (top_band, left_band) = page.evaluate(BANDS)
        p5, e11 = box_of(page, '[data-cell="P5"]'), box_of(page, '[data-cell="E11"]')
        assert top_band[2] == pytest.approx(p5["x"] + p5["width"], abs=0.5)
        assert top_band[1] == pytest.approx(p5["y"], abs=0.5)
        assert left_band[3] == pytest.approx(e11["y"] + e11["height"], abs=0.5)
        own_five = [left for left in page.evaluate(OWN_NAMES, "5") if left > 0]
        assert len(own_five) == 1 and own_five[0] >= top_band[2] + 10


ROOM_LIST_WIDTHS = """() => {
    const select = document.querySelector("#room-select");
    const probe = select.cloneNode(true);  // as wide as its longest entry needs
    probe.removeAttribute("id");
    probe.style.cssText = "position: absolute; width: max-content; max-width: none; flex: none";
    select.parentNode.appendChild(probe);
    const needed = probe.offsetWidth;
    probe.remove();
    return [select.offsetWidth, needed];
}"""


@pytest.mark.parametrize(("width", "height"), [(320, 640), (360, 740), (390, 844), (844, 390)],
                         ids=lambda n: str(n))
def test_the_room_list_is_never_cut_on_a_phone(browser: Any, tmp_path: Path, width: int,
                                               height: int) -> None:
    """The room list is as wide as its longest entry, "Living room (being furnished)" and
    the longest of the bundled projects, "Master bedroom (being furnished)", in 44 px
    controls, and Next room stays in reach."""
    with phone(browser, EXAMPLES / "tutorial-midgame.json", width, height) as (page, _):
        assert page.text_content("#room-select option:checked") == "Living room (being furnished)"
        shown, needed = page.evaluate(ROOM_LIST_WIDTHS)
        assert shown >= needed > 200
        assert page.is_visible("#next-room")
    with editor(browser, tmp_path / "new.json", "family-home", touch=True, size=(width, height),
                mobile=True) as (page, _):
        while page.input_value("#room-select") != "Master bedroom":
            page.tap("#next-room")
            settle(page)
        assert page.text_content("#room-select option:checked") == \
            "Master bedroom (being furnished)"
        shown, needed = page.evaluate(ROOM_LIST_WIDTHS)
        assert shown >= needed > 200
        assert page.evaluate(SMALL_CONTROLS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_finished_sheet_docks_its_score_not_its_cards(browser: Any) -> None:
    """At 360 x 740 a finished sheet (no room takes a piece any more) docks what it is
    worth and its problems instead of the last room's cards, a tap away from the score's
    details; the tools stay, to mend it."""
    with phone(browser, EXAMPLES / "mistakes.json", 360, 740) as (page, _):
        assert page.is_hidden("#palette-box") and page.is_hidden("#next-room")
        assert page.text_content("#summary-score") == "Provisional score: 8"
        assert page.text_content("#summary-problems") == "5 errors, 1 warning"
        summary, dock = box_of(page, "#summary"), box_of(page, "#controls")
        assert in_view(page, "#summary") and summary["y"] >= dock["y"]
        assert page.is_visible('[data-tool="door"]')
        page.keyboard.press("1")  # the cards' key takes nothing
        assert page.is_hidden("#hand")
        page.tap("#summary")
        page.wait_for_timeout(100)
        heading, bar = box_of(page, "#score h2"), box_of(page, "#bar")
        assert in_view(page, "#score h2") and heading["y"] >= bar["y"] + bar["height"]
        assert page.evaluate(SMALL_CONTROLS) == []


@pytest.mark.parametrize(("name", "score", "problems"), [
    ("mistakes.json", "Provisional score: 8", "5 errors, 1 warning"),
    ("tutorial-finished.json", "Score: 30", "No rule broken")], ids=["mistakes", "finished"])
@pytest.mark.parametrize(("width", "height"), [(320, 640), (360, 740)], ids=lambda n: str(n))
def test_the_docked_score_of_a_finished_sheet_is_one_line_a_piece(
        browser: Any, width: int, height: int, name: str, score: str, problems: str) -> None:
    """On a touch phone upright at 320 and 360 px (device scale 2) the docked summary of a
    finished sheet shows the score above the count of problems, Details at their right,
    each on one line: side by side at 320 px "Provisional score: 8" took two lines and
    "5 errors, 1 warning" four (two at 360 px), the dock 28.6 px taller at 320 px."""
    with editor(browser, EXAMPLES / name, touch=True, size=(width, height), mobile=True,
                scale=2) as (page, _):
        assert page.text_content("#summary-score") == score
        assert page.text_content("#summary-problems") == problems
        for item in ("#summary-score", "#summary-problems", "#summary .more"):
            assert page.eval_on_selector(item, LINES) == 1, item
        assert rounded_box(page, "#summary") == [7, height - 147.7, width - 14, 45.8]
        assert rounded_box(page, "#summary-score")[:2] == [16.4, height - 142.5]
        assert rounded_box(page, "#summary-problems")[:2] == [16.4, height - 123.2]
        more = rounded_box(page, "#summary .more")
        assert more[0] + more[2] == pytest.approx(width - 16.4, abs=0.1)
        assert rounded_box(page, "#controls")[1] == height - 154.3
        assert page.evaluate(SMALL_CONTROLS) == []


def pinch(page: Any, middle: tuple[float, float], start: float, end: float,
          steps: int = 8) -> None:
    """Two fingers on the screen at ``start`` px apart around ``middle``, moved to
    ``end`` px apart and lifted: real touch events, through Chromium's input pipeline."""
    cdp = page.context.new_cdp_session(page)
    x, y = middle

    def fingers(apart: float) -> list[dict[str, float]]:
        return [{"x": x - apart / 2, "y": y, "id": 0}, {"x": x + apart / 2, "y": y, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start)})
    for step in range(1, steps + 1):
        apart = start + (end - start) * step / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(apart)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_timeout(50)


def middle_of(page: Any, selector: str) -> tuple[float, float]:
    box = box_of(page, selector)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize(("width", "height"), [(390, 844), (412, 915)], ids=lambda n: str(n))
def test_a_pinch_shows_the_whole_house_and_comes_back(browser: Any, tmp_path: Path, width: int,
                                                      height: int) -> None:
    """Two fingers together: the whole house in sight; apart: squares of 32 px or more
    again around what was under them. A pinch places nothing, even with a piece in hand,
    and the page never scrolls sideways."""
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with phone(browser, sheet, width, height) as (page, _):
        assert box_of(page, '[data-cell="C3"]')["width"] >= 32
        assert not in_view(page, '[data-cell="P12"]')
        pieces = page.locator("g.piece").count()
        page.tap('[data-piece="armchair"]')
        settle(page)
        plan = box_of(page, "#plan")
        pinch(page, (plan["x"] + plan["width"] / 2, plan["y"] + plan["height"] / 2), 220, 30)
        for name in ("A1", "P12"):
            assert in_view(page, f'[data-cell="{name}"]'), name
        assert page.text_content("#view") == "Back to the room"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(tmp_path / f"pinched-{width}x{height}.png"))
        under = middle_of(page, '[data-cell="I7"]')
        pinch(page, under, 40, 260)
        assert box_of(page, '[data-cell="I7"]')["width"] >= 32
        found = page.evaluate("([x, y]) => document.elementsFromPoint(x, y)"
                              ".map((e) => e.dataset.cell).find(Boolean)", list(under))
        assert found == "I7"  # what was under the fingers stays under them
        assert page.text_content("#view") == "Whole house"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.locator("g.piece").count() == pieces and page.locator(".ghost").count() == 0
        assert page.is_disabled("#undo") and page.is_visible("#hand")
        page.tap('[data-cell="I7"]')  # and the next taps are taps again
        page.tap('[data-cell="I7"]')
        settle(page)
        assert page.locator('g.piece[data-piece-id="armchair"]').count() == 1


def swipe(page: Any, start: str, end: str, steps: int = 8) -> None:
    """One finger from square ``start`` to square ``end``: real touch events."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = middle_of(page, f'[data-cell="{start}"]'), middle_of(
        page, f'[data-cell="{end}"]')
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0, "id": 0}]})
    for step in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 0}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    settle(page)


def test_on_the_whole_house_a_tap_comes_closer_and_a_drag_paints(browser: Any,
                                                                tmp_path: Path) -> None:
    """With Room, as with the other tools, a tap on the whole house goes back to a window
    there and paints nothing; a drag paints a room taller than the window."""
    with editor(browser, tmp_path / "new.json", "tutorial", touch=True, size=(390, 844),
                mobile=True) as (page, _):
        page.tap('[data-tool="room"]')
        page.tap("#view")
        assert page.text_content("#view") == "Back to the room"
        page.tap('[data-cell="D6"]')
        settle(page)
        assert page.text_content("#status") == "Closer view around D6."
        assert page.text_content("#view") == "Whole house"
        assert page.is_disabled("#undo")  # nothing painted
        page.tap("#view")
        swipe(page, "B2", "F11")
        assert page.text_content("#status") == "Added 50 squares to Kitchen."


def test_best_spot_says_when_every_spot_is_a_dead_end(browser: Any) -> None:
    """The lakeside cabin's bedroom has no live spot for the wardrobe: Best spot says so,
    as ``place`` does, and the hint says why."""
    with phone(browser, EXAMPLES / "lakeside-cabin-midgame.json", 390, 844) as (page, _):
        page.tap('[data-piece="wardrobe"]')
        settle(page)
        page.tap("#best")
        assert page.text_content("#status") == (
            "Best spot: I3, rotation 0, though every legal spot is a dead end (the hint "
            "below the plan says why). Tap it twice to place.")
        assert page.text_content("#hint").startswith("Wardrobe at I3: legal, but a dead end: ")


def test_a_laptop_shows_the_whole_house(browser: Any) -> None:
    with editor(browser, TUTORIAL_GAME) as (page, _):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_timeout(100)
        assert page.is_hidden("#view")
        for name in ("A1", "P12"):
            assert in_view(page, f'[data-cell="{name}"]'), name
        assert box_of(page, '[data-cell="C3"]')["width"] >= 32


def test_doors_are_gaps_with_an_arc_and_names_keep_off_circulation(browser: Any) -> None:
    with editor(browser, EXAMPLES / "tutorial-finished.json") as (page, _):
        for selector in ('.door[data-room="Kitchen"]', ".front-door"):
            mark = page.locator(selector)
            assert mark.locator("path").get_attribute("d").count("A0.86 0.86") == 1
            gap = mark.locator("line").first
            assert gap.get_attribute("stroke") == "#fff"
            assert float(gap.get_attribute("stroke-width")) > 0.13  # wider than the wall
        overlaps = page.evaluate("""() => {
            const boxes = (q) => [...document.querySelectorAll(q)]
              .map((e) => e.getBoundingClientRect());
            const dots = boxes("#layer-pieces circle");
            const meet = (a, b) => a.left < b.right && b.left < a.right
              && a.top < b.bottom && b.top < a.bottom;
            return [...document.querySelectorAll("#layer-pieces text")]
              .filter((t) => dots.some((d) => meet(t.getBoundingClientRect(), d)))
              .map((t) => t.textContent);
        }""")
        assert overlaps == []


AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


def axe_findings(page: Any) -> list[str]:
    """The serious and critical findings of axe-core (loaded from the tests' files)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document);
        return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
    }""")
    return list(found)


def test_accessibility_scan_finds_nothing_serious(browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with serving(sheet) as server:
        for viewport, touch in (({"width": 1280, "height": 800}, False),
                                ({"width": 320, "height": 640}, True)):
            context = browser.new_context(viewport=viewport, has_touch=touch,
                                          bypass_csp=True)  # for the scanner's script
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("#editor:not([hidden])")
            settle(page)
            (page.tap if touch else page.click)('[data-piece="armchair"]')
            settle(page)
            assert axe_findings(page) == [], viewport
            context.close()


def test_accessibility_scan_of_a_finished_sheet_and_a_broken_file(browser: Any,
                                                                   tmp_path: Path) -> None:
    """On a phone: the bonuses won (green text) and a file that does not read (the
    refusal pinned over the page) pass the scan too."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"project": "tutorial", "pieces": [\n')
    for sheet, wait in ((EXAMPLES / "tutorial-finished.json", "#editor"), (broken, "#broken")):
        with serving(sheet) as server:
            context = browser.new_context(viewport={"width": 360, "height": 740},
                                          has_touch=True, is_mobile=True, bypass_csp=True)
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector(f"{wait}:not([hidden])")
            settle(page)
            assert axe_findings(page) == [], sheet.name
            context.close()


def test_every_button_is_reached_by_tab_with_a_visible_focus(browser: Any,
                                                             tmp_path: Path) -> None:
    with editor(browser, tmp_path / "new.json", "tutorial") as (page, _):
        click(page, '[data-piece="stove"]')
        wanted = set(page.evaluate("""() => [...document.querySelectorAll("button")]
            .filter((b) => !b.disabled && b.offsetParent !== null)
            .map((b) => b.id || b.dataset.tool || b.dataset.piece)"""))
        reached: set[str] = set()
        page.focus("#player")
        for _ in range(len(wanted) + 40):
            page.keyboard.press("Tab")
            focused = page.evaluate("""() => {
                const e = document.activeElement;
                const style = getComputedStyle(e);
                return [e.tagName, e.id || e.dataset.tool || e.dataset.piece || "",
                        style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
                        || style.boxShadow !== "none"];
            }""")
            if focused[0] == "BUTTON":
                assert focused[2], f"{focused[1]} has no visible focus"
                reached.add(focused[1])
        assert wanted <= reached, wanted - reached


def test_squares_and_tools_are_named_and_colour_is_not_the_only_signal(
        browser: Any, tmp_path: Path) -> None:
    sheet = tmp_path / "plan.json"
    shutil.copy(EXAMPLES / "tutorial-midgame.json", sheet)
    with editor(browser, sheet) as (page, _):
        assert page.get_attribute('[data-cell="K10"]', "aria-label") == \
            "K10, Kitchen, circulation of Stove"
        assert page.get_attribute('[data-cell="A1"]', "aria-label") == "A1, outside the house"
        for tool in ("room", "door", "front-door", "window", "erase"):
            label = page.get_attribute(f'[data-tool="{tool}"]', "aria-label") or ""
            assert label.startswith(page.text_content(f'[data-tool="{tool}"]') + ":")
        page.keyboard.press("ArrowRight")
        assert page.get_attribute("#plan", "aria-activedescendant") == "cell-C2"
        click(page, '[data-piece="armchair"]')
        good = page.locator(".hint.good").count()
        assert good and page.locator(".hint-mark").count() == good  # a tick on each
        fair, dead = page.locator(".hint.fair"), page.locator(".hint.dead")
        assert fair.count() + dead.count() >= 1
        if fair.count():
            assert fair.first.evaluate(
                "(e) => getComputedStyle(e).fill").startswith("url(")  # striped
        if dead.count():
            assert dead.first.evaluate(
                "(e) => getComputedStyle(e).strokeDasharray") != "none"  # dashed
        page.locator('[data-cell="N4"]').hover()  # in the bathroom: it breaks a rule
        assert page.locator(".ghost.bad").count() == 1
        assert page.locator('#layer-ghost path[fill="url(#bad)"]').count() == 1
        icons = [li.text_content()[0] for li in page.query_selector_all("#problems li[data-code]")]
        assert icons and set(icons) <= {"✗", "⚠", "○"}
