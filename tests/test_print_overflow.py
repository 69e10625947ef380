"""A project at the limits a designer may reach (26 rooms, 100 bonuses) prints whole:
its project page continues on the next pages, its drawing sheet's score table too, and
the book names those pages. Read back with ``pdftotext -bbox``: every room and bonus is
there, and no word is outside the page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from bigsheets import bonus_text, piece, project_yaml, room_names, sheet_json

from homestaging.core.catalog import Catalog
from homestaging.draw.drawsheet import drawing_sheet, sheet_pages
from homestaging.draw.printing import (
    book_pages,
    first_pages,
    print_filled,
    print_projects,
    project_pages,
)
from homestaging.formats.catalogreader import bundled_catalog
from homestaging.formats.projectreader import find_project, load_project
from homestaging.formats.sheetreader import read_sheet

if TYPE_CHECKING:
    from matplotlib.figure import Figure

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler")

ROOMS, BONUSES = 26, 100
WIDTH, HEIGHT = 30, 12
NAMES = room_names(ROOMS, "Designer room")


def designer_project(folder: Path) -> Path:
    """A project with :data:`ROOMS` rooms and :data:`BONUSES` bonuses, written to
    ``folder``: the rooms are strips of the house's columns."""
    bonuses = [f"text: {json.dumps(bonus_text(n))}\n    points: 1\n"
               f"    per: {{piece: {{id: armchair, room: Designer room {n % ROOMS + 1}}}}}"
               for n in range(1, BONUSES + 1)]
    path = folder / "designer.yaml"
    path.write_text(project_yaml("designer", "Designer", WIDTH, HEIGHT, NAMES, tokens=2,
                                 bonuses=bonuses))
    return path


def designer_sheet(folder: Path) -> Path:
    """A sheet of :func:`designer_project`: an armchair in the first room."""
    path = folder / "designer.json"
    room = {"name": NAMES[0], "cells": ["B2:C11"], "door": ["B2", "n"]}
    path.write_text(json.dumps(sheet_json([room], [piece("armchair", 1, 2)],
                                          project="designer.yaml", player="Ada")))
    return path


def words(pdf: Path) -> list[tuple[int, float, float, float, float, float, float, str]]:
    """Each word of ``pdf``: its page, the page's width and height, its box, its text."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    found = []
    page, size = 0, (0.0, 0.0)
    for line in out.splitlines():
        if m := re.search(r'<page width="([\d.]+)" height="([\d.]+)"', line):
            page += 1
            size = float(m[1]), float(m[2])
        elif m := re.search(r'xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" '
                            r'yMax="([\d.-]+)">(.*)</word>', line):
            box = [float(m[i]) for i in range(1, 5)]
            found.append((page, *size, *box, m[5]))
    return found


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def assert_on_the_page(pdf: Path) -> None:
    for page, width, height, x0, y0, x1, y1, word in words(pdf):
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, (page, word)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_designer_project_prints_every_room_and_bonus(tmp_path: Path, paper: str) -> None:
    project = load_project(designer_project(tmp_path))
    own, sheet = project_pages(project, paper), sheet_pages(project, paper)
    assert own > 1 and sheet > 1
    pdf = tmp_path / "designer.pdf"
    count = print_projects([project], pdf, paper=paper, sheets=1)
    assert count == own + sheet
    text = text_of(pdf)
    assert text.count("\f") == count
    pages = text.split("\f")
    project_text = " ".join(pages[:own]).replace("\n", " ")
    for n in range(1, ROOMS + 1):  # "Designer room 1" is also in "Designer room 10"
        assert re.search(rf"Designer room {n}\b", project_text)
    for n in range(1, BONUSES + 1):
        assert re.search(rf"Bonus {n}:", project_text)
    assert "continued on the next page" in pages[0]
    assert "Rooms (continued)" in pages[1]
    table_text = " ".join(pages[own:]).replace("\n", " ")
    for n in range(1, ROOMS + 1):
        assert re.search(rf"Designer room {n}\b", table_text)
    for n in range(1, BONUSES + 1):
        assert re.search(rf"Bonus {n}:", table_text)
    assert "Total" in pages[count - 1] and "Tie-break" in pages[count - 1]
    assert_on_the_page(pdf)


def test_a_filled_designer_sheet_prints_its_whole_table(tmp_path: Path) -> None:
    designer_project(tmp_path)
    sheet = read_sheet(designer_sheet(tmp_path))
    pdf = tmp_path / "filled.pdf"
    print_filled(sheet, pdf)
    text = text_of(pdf)
    assert text.count("\f") == sheet_pages(sheet.project, "a4")
    assert "Total" in text.split("\f")[-2]
    assert_on_the_page(pdf)


def test_the_book_names_the_continued_pages(tmp_path: Path) -> None:
    designer = load_project(designer_project(tmp_path))
    projects = [find_project("tutorial"), designer, find_project("starter-flat")]
    own = project_pages(designer)
    assert first_pages(projects, sheets=1) == [3, 5, 5 + own + sheet_pages(designer)]
    pdf = tmp_path / "book.pdf"
    count = print_projects(projects, pdf, sheets=1, book=True)
    assert count == book_pages(projects, sheets=1, book=True)
    pages = text_of(pdf).split("\f")
    assert len(pages) == count + 1  # a form feed after each page
    contents = pages[1]
    assert f"5-{4 + own}" in contents
    footer = f"project {designer.number} - page"
    assert f"{footer} 5" in pages[4] and f"{footer} {4 + own}" in pages[3 + own]
    after = 5 + own + sheet_pages(designer) + 2
    assert re.search(rf"A round at the table, in pictures\s+{after}\b", contents)
    assert "A long score table continues" in contents.replace("\n", " ")


def test_every_point_of_a_filled_designer_sheet_is_pencilled(tmp_path: Path) -> None:
    from homestaging.draw.drawsheet import drawing_sheet_pages
    from homestaging.text.scorefill import pad_points

    designer_project(tmp_path)
    sheet = read_sheet(designer_sheet(tmp_path))
    figures = list(drawing_sheet_pages(sheet.project, "a4", sheet))
    assert len(figures) == sheet_pages(sheet.project, "a4")
    pencilled = [text.get_text() for fig in figures for ax in fig.axes for text in ax.texts
                 if text.get_gid() == "score-filled"]
    assert len(pencilled) == len(pad_points(sheet)) == ROOMS + BONUSES + 3
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    for fig in figures:  # every word inside the page
        renderer = FigureCanvasAgg(fig).get_renderer()
        page = fig.bbox
        for ax in fig.axes:
            for text in ax.texts:
                box = text.get_window_extent(renderer)
                assert page.x0 - 0.5 <= box.x0 and box.x1 <= page.x1 + 0.5, text.get_text()
                assert page.y0 - 0.5 <= box.y0 and box.y1 <= page.y1 + 0.5, text.get_text()


LONG_NAME = "The grand old manor of the twelve long rooms by the lake, its orchard and its mi"
LONG_ROOMS = [f"Room {n:02d} of the east wing by the lake shore"[:40] for n in range(1, 13)]


def overlapping_texts(fig: Figure) -> list[tuple[str, str]]:
    """The pairs of the figure's texts whose boxes as drawn overlap (by more than half a
    point), and each text outside the page (paired with "page")."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    page = fig.bbox
    boxes = [(text.get_text(), text.get_window_extent(renderer))
             for ax in fig.axes for text in ax.texts if text.get_text().strip()]
    found = [(word, "page") for word, box in boxes
             if box.x0 < page.x0 or box.x1 > page.x1 or box.y0 < page.y0 or box.y1 > page.y1]
    for index, (word, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1:]:
            if (min(box.x1, other_box.x1) - max(box.x0, other_box.x0) > 0.5
                    and min(box.y1, other_box.y1) - max(box.y0, other_box.y0) > 0.5):
                found.append((word, other))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_names_as_long_as_the_limits_allow_wrap_or_shrink(tmp_path: Path, paper: str) -> None:
    from homestaging.draw.projectpage import project_page_figures, room_name_lines, title_lines

    assert (len(LONG_NAME), {len(name) for name in LONG_ROOMS}) == (80, {40})
    path = tmp_path / "manor.yaml"
    path.write_text(project_yaml("manor", LONG_NAME, 16, 12, LONG_ROOMS, room_type="bathroom",
                                 tokens=2, bonuses=["text: +1 per armchair\n    points: 1\n"
                                                    "    per: {piece: {id: armchair}}"]))
    project = load_project(path)
    assert title_lines(project, paper) == (
        ["The grand old manor of the twelve long rooms", "by the lake, its orchard and its mi"],
        14)
    assert room_name_lines(project.rooms[0], 69.0) == [
        "Room 01 of the east", "wing by the lake sho"]  # clear of its type, in 8 pt
    figures = [*project_page_figures(project, paper), drawing_sheet(project, paper)]
    assert len(figures) == project_pages(project, paper) + 1 == 3
    for fig in figures:
        assert overlapping_texts(fig) == []
    continued = [text.get_text() for text in figures[1].axes[0].texts
                 if text.get_gid() == "continued-title"]
    assert " ".join(continued) == f"PROJECT 0: {LONG_NAME} (continued)"
    sheet_title = [text for text in figures[2].axes[0].texts
                   if text.get_gid() == "sheet-project"]
    cut = {"a4": "roo", "letter": "rooms"}[paper]  # cut rather than under 8 pt
    assert [(text.get_text(), text.get_fontsize()) for text in sheet_title] == [
        (f"Project 0: The grand old manor of the twelve long {cut}…", 8)]


def test_a_card_of_25_tokens_shows_its_count(tmp_path: Path) -> None:
    from homestaging.core.game import GameRecord
    from homestaging.deal.sheetpdf import deal_figures
    from homestaging.draw.projectpage import card_lines, project_page_figures

    path = tmp_path / "tokens.yaml"
    path.write_text(project_yaml("tokens", "Tokens", 16, 12, ["Kitchen"], tokens=25,
                                 bonuses=["text: +1 per armchair\n    points: 1\n"
                                          "    per: {piece: {id: armchair}}"]))
    path.write_text(path.read_text().replace(
        "[{number: 1, tokens: 25}]", "[{number: 1, tokens: 25}, {number: 2, tokens: 3}, "
        "{number: 3, tokens: 25}, {number: 4, tokens: 25}]"))
    project = load_project(path)
    assert card_lines(project.rooms[0], 69.0) == [
        [(1, 25, True), (2, 3, False), (3, 25, True)], [(4, 25, True)]]
    record = GameRecord(project=project.id, seed=1, dealt={n: "a" for n in (1, 2, 3, 4)})
    figures = [*project_page_figures(project, "a4"), *deal_figures(project, record, "deal")]
    assert len(figures) == 2  # the project page, the deal's page of the kitchen
    for fig in figures:
        assert overlapping_texts(fig) == []
        counts = [text.get_text() for ax in fig.axes for text in ax.texts
                  if text.get_gid() == "token-count"]
        assert counts == ["\N{MULTIPLICATION SIGN}25"] * 3
    # the deal: three boxes under each option of the card of 3 tokens, one box and "how
    # many?" under each option of a card of 25
    deal_page = figures[1].axes[0]
    assert [text.get_text() for text in deal_page.texts
            if text.get_gid() == "choice-count"] == ["how many?"] * 6
    assert len([box for box in deal_page.patches if box.get_gid() == "choice-box"]) == 12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_round_line_and_the_wild_card_note_read_at_arm_s_length(tmp_path: Path,
                                                                     paper: str) -> None:
    """Both in 8 pt, each on the page clear of every other word: the round line of each
    project page (the continued ones too), the wild card's note, its effects and the
    line for its piece inside its box, on the
    largest bundled houses, a player's own house of 9 rooms and the designer's 26."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from homestaging.draw.pagetools import READABLE
    from homestaging.draw.projectpage import project_page_figures

    nine = tmp_path / "nine.yaml"
    nine.write_text(project_yaml("nine", "Nine rooms", 24, 18, room_names(9, "Room"),
                                 bonuses=["text: +1 per armchair\n    points: 1\n"
                                          "    per: {piece: {id: armchair}}"]))
    projects = [find_project("family-home"), find_project("country-manor"), load_project(nine),
                load_project(designer_project(tmp_path))]
    note_lines = []
    for project in projects:
        figures = [*project_page_figures(project, paper), drawing_sheet(project, paper)]
        for fig in figures:
            assert overlapping_texts(fig) == []
        rounds = [text.get_fontsize() for fig in figures[:-1] for text in fig.axes[0].texts
                  if text.get_gid() == "round-line"]
        assert rounds == [READABLE] * project_pages(project, paper)
        page = figures[-1].axes[0]
        notes = [text for text in page.texts if text.get_gid() == "wild-note"]
        note_lines.append(len(notes))
        # the boxes to tick for the effect and the line to write the piece on too
        notes += [text for text in page.texts
                  if text.get_gid() in ("wild-effect", "wild-piece-label")]
        assert [text.get_text() for text in notes[-3:]] == [
            "one piece mirrored", "a card's other option", "Piece:"]
        assert {text.get_fontsize() for text in notes} == {READABLE}
        renderer = FigureCanvasAgg(figures[-1]).get_renderer()
        (box,) = [patch.get_window_extent(renderer) for patch in page.patches
                  if patch.get_gid() == "wild-box"]
        for text in notes:
            line = text.get_window_extent(renderer)
            assert box.x0 < line.x0 and line.x1 < box.x1, text.get_text()
            assert box.y0 < line.y0 and line.y1 < box.y1, text.get_text()
    # under the grid (the family home on A3) or in the column beside it
    assert note_lines == [2, 2, 2, 2]


CROWDED_ID = "a-piece-whose-id-is-as-long-as-the-limits-allow-of-sixty-ch"
CROWDED_NAME = "A piece whose name is as long as the limits allow: sixty ch"


def crowded_catalog() -> Catalog:
    """The bundled catalog and a piece at the limits: an id and a name of 59 characters,
    20 tags, wall sides and a hatch, 6 x 5 squares, an option of 40 cards."""
    from homestaging.core.catalog import Card
    from homestaging.core.pieces import Piece, Shape, parse_art

    bundled = bundled_catalog()
    art = parse_art("BBBBBB\n" * 4 + "oooooo")
    crowded = Piece(CROWDED_ID, CROWDED_NAME, Shape(art.furniture, art.circulation,
                                                    frozenset("nw")),
                    tags=tuple(f"tag-{number}" for number in range(20)), hatch="x")
    cards = {(number, variant): Card(number, variant, (CROWDED_ID, "armchair"))
             for number in range(101, 121) for variant in "ab"}
    return Catalog({**bundled.pieces, CROWDED_ID: crowded}, {**bundled.cards, **cards})


def test_a_crowded_piece_s_words_are_cut_after_their_lines() -> None:
    # the name wraps rather than shrink under 8 pt; two lines of id, two of cards and
    # three of tags, each cut with an ellipsis
    from homestaging.draw.printing import catalog_lines

    assert (len(CROWDED_ID), len(CROWDED_NAME)) == (59, 59)
    catalog = crowded_catalog()
    cards = [f"{number}{variant}" for number in range(101, 121) for variant in "ab"]
    lines, height = catalog_lines(catalog.pieces[CROWDED_ID], cards, 56.0)
    assert [(line.text, line.size, line.gid) for line in lines] == [
        ("A piece whose name is as long", 8.0, "catalog-name"),
        ("as the limits allow: sixty ch", 8.0, "catalog-name"),
        ("a-piece-whose-id-is-as-long-as-the-", 8.0, "catalog-id"),
        ("limits-allow-of-sixty-ch", 8.0, "catalog-id"),
        ("card 101a, 101b, 102a, 102b, 103a,", 8.0, "catalog-cards"),
        ("103b, 104a, 104b, 105a, 105b, 106a…", 8.0, "catalog-cards"),
        ("tag-0, tag-1, tag-2, tag-3, tag-4,", 8.0, "catalog-tags"),
        ("tag-5, tag-6, tag-7, tag-8, tag-9,", 8.0, "catalog-tags"),
        ("tag-10, tag-11, tag-12, tag-13, ta…", 8.0, "catalog-tags")]
    assert [round(line.down, 2) for line in lines] == [
        0.0, 3.81, 7.62, 11.43, 15.24, 19.05, 22.86, 26.67, 30.48]
    assert round(height, 2) == 34.29


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("crowded", [False, True], ids=["bundled", "crowded"])
def test_the_furniture_sheet_keeps_each_piece_in_its_box(paper: str, crowded: bool) -> None:
    """Every word and every drawing inside its piece's box, no word on another or on a
    drawing; every bundled piece drawn with squares of 6.5 mm, and all of them smaller
    when a piece's words leave too little room under them."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from homestaging.draw.printing import CATALOG_SQUARE, catalog_figures

    catalog = crowded_catalog() if crowded else bundled_catalog()
    figures = catalog_figures(catalog, paper=paper)
    drawn = 0
    squares = set()
    for fig in figures:
        assert overlapping_texts(fig) == []
        renderer = FigureCanvasAgg(fig).get_renderer()
        page, *pictures = fig.axes
        boxes = [patch.get_window_extent(renderer) for patch in page.patches
                 if patch.get_gid() == "catalog-box"]
        words = [(text.get_text(), text.get_window_extent(renderer)) for text in page.texts
                 if text.get_gid() in ("catalog-name", "catalog-id", "catalog-cards",
                                       "catalog-tags")]
        drawings = [(f"drawing {index}", ax.get_window_extent(renderer))
                    for index, ax in enumerate(pictures)]
        assert len(boxes) == len(drawings)
        for name, extent in words + drawings:
            assert sum(box.x0 < extent.x0 and extent.x1 < box.x1
                       and box.y0 < extent.y0 and extent.y1 < box.y1 for box in boxes) == 1, name
        assert [(word, drawing) for word, extent in words for drawing, picture in drawings
                if extent.overlaps(picture)] == []
        drawn += len(drawings)
        squares |= {round(extent.width / (ax.get_xlim()[1] - ax.get_xlim()[0]) / fig.dpi * 25.4,
                          2) for (_, extent), ax in zip(drawings, pictures, strict=True)}
    assert drawn == len(catalog.pieces)
    assert squares == ({{"a4": 2.19, "letter": 1.53}[paper]} if crowded else {CATALOG_SQUARE})
