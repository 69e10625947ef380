"""Printed pages: every bundled project fits A4 and Letter with squares of at least 9 mm,
the PDF carries its metadata and embedded fonts, and the bytes are deterministic."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib
import pytest

from homestaging.core.catalog import Catalog
from homestaging.core.project import Project
from homestaging.draw.drawsheet import MIN_SQUARE, blank_sheet_layout
from homestaging.draw.house import column_step
from homestaging.draw.pagetools import MARGIN
from homestaging.draw.printing import (
    MAX_SHEETS,
    catalog_figures,
    catalog_sheet,
    print_project,
    print_projects,
    project_figures,
    projects_pdf,
)
from homestaging.formats.catalogreader import bundled_catalog
from homestaging.formats.projectreader import bundled_project_files, find_project

if TYPE_CHECKING:
    from matplotlib.figure import Figure

PROJECTS = list(bundled_project_files())
PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")


def texts(fig: object) -> list[str]:
    return [t.get_text() for ax in fig.axes for t in ax.texts]  # type: ignore[attr-defined]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("project_id", PROJECTS)
def test_drawing_sheet_fits_the_page(project_id: str, paper: str) -> None:
    project = find_project(project_id)
    lay = blank_sheet_layout(project, paper)
    assert lay.square >= MIN_SQUARE
    width, height = lay.page
    x, y, w, h = lay.grid
    assert x >= MARGIN and y >= MARGIN and x + w <= width - MARGIN + 0.01
    assert y + h <= height - MARGIN + 0.01
    tx, ty, tw = lay.table
    table_h = sum(max(6.5, 3.3 * len(lines) + 2.6) for _, lines, _ in lay.rows)
    assert ty + table_h <= height - MARGIN and tx + tw <= width - MARGIN + 0.01
    assert [lines[0] for kind, lines, _ in lay.rows if kind == "room"] == [
        room.name for room in project.rooms]


def test_largest_project_goes_on_larger_paper_with_big_enough_squares() -> None:
    manor = find_project("country-manor")  # 24 x 20: under 9 mm on A4 and Letter
    a4, letter = blank_sheet_layout(manor, "a4"), blank_sheet_layout(manor, "letter")
    assert (a4.paper, a4.landscape, round(a4.square, 2)) == ("a3", True, 11.92)
    assert (letter.paper, letter.landscape, round(letter.square, 2)) == ("tabloid", True, 11.11)
    assert not blank_sheet_layout(find_project("tutorial"), "a4").landscape


@pytest.mark.parametrize(("size", "paper", "landscape", "beside", "square"), [
    ((40, 14), "a3", True, False, 9.45),  # a wide house: the whole width, the table under it
    ((30, 26), "a3", True, True, 9.35),  # a big one: the table beside it
    ((24, 20), "a3", True, True, 11.92),  # under 9 mm on A4: on A3
    ((16, 12), "a4", False, False, 10.39),  # portrait while its squares are 9 mm or more
])
def test_drawing_sheet_layout_gives_the_biggest_squares(
        size: tuple[int, int], paper: str, landscape: bool, beside: bool, square: float) -> None:
    import dataclasses

    project = dataclasses.replace(find_project("tutorial"), width=size[0], height=size[1])
    lay = blank_sheet_layout(project, "a4")
    grid_x, grid_y, grid_w, grid_h = lay.grid
    assert (lay.paper, lay.landscape, round(lay.square, 2)) == (paper, landscape, square)
    assert (lay.table[0] > grid_x + grid_w, lay.table[1] > grid_y + grid_h) == (beside,
                                                                                  not beside)


@pytest.fixture(scope="module")
def every_project_pdf() -> bytes:
    return projects_pdf([find_project(p) for p in PROJECTS], paper="letter", sheets=1)


def test_every_project_prints_in_one_pdf(every_project_pdf: bytes) -> None:
    assert len(PAGE.findall(every_project_pdf)) == 2 * len(PROJECTS)
    assert b"/Title (Home Staging - projects book)" in every_project_pdf
    assert b"/MediaBox [ 0 0 612 792 ]" in every_project_pdf  # US Letter in points


def test_project_pdf_metadata_fonts_and_determinism(tmp_path: Path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    print_project(find_project("tutorial"), first, sheets=2)
    print_project(find_project("tutorial"), second, sheets=2)
    data = first.read_bytes()
    assert data == second.read_bytes()
    assert len(PAGE.findall(data)) == 3
    assert b"/Title (Home Staging - project 0: Tutorial)" in data
    assert b"/Author (homestaging)" in data and b"/Creator (homestaging)" in data
    assert b"/Subject (Project page and blank drawing sheets)" in data
    # fonts embedded as Type 3 (cheaper to write than subset TrueType): the three faces,
    # and the regular face's ligatures ("fi", "fl") apart where matplotlib makes them
    # (3.11, which also maps each font back to its letters; 3.10's glyph names read the
    # same in pdftotext)
    assert b"/FontFile2" not in data
    faces = data.count(b"/Subtype /Type3")
    assert faces in (3, 4)
    assert data.count(b"/ToUnicode") == (faces if matplotlib.__version_info__ >= (3, 11) else 0)
    assert b"/CreationDate" not in data
    assert b"/MediaBox [ 0 0 595.2755905512 841.8897637795 ]" in data  # A4 in points


def test_print_projects_orders_pages(tmp_path: Path) -> None:
    target = tmp_path / "two.pdf"
    print_projects([find_project("tutorial"), find_project("starter-flat")], target, sheets=0)
    assert len(PAGE.findall(target.read_bytes())) == 2


def test_project_page_contents() -> None:
    page, sheet = project_figures(find_project("family-home"), sheets=1)
    words = texts(page)
    assert {"PROJECT 5", "Family home", "Rooms", "Kids room", "Bonuses", "Tips"} <= set(words)
    assert "+2 per floor lamp touching a sofa" in words and "+2 each" in words
    assert "None: the standard rules apply." in words
    page_axes = page.axes[0]
    pencils = [p for p in page_axes.patches if p.get_gid() == "pencil"]
    assert len(pencils) == 3 * 4  # three pencils of four parts, two of them coloured
    tokens = [len(c.get_paths()) for c in page_axes.collections if c.get_gid() == "token"]
    assert sum(tokens) == sum(room.tokens for room in find_project("family-home").rooms)
    assert len(tokens) == len(find_project("family-home").rooms)  # a collection a room
    cards = [t.get_text() for t in page_axes.texts if t.get_gid() == "card-number"]
    assert cards[:3] == ["7", "8", "10"]
    house = page.axes[1]
    assert "garden" in texts_of(house)
    (coordinates,) = [c for c in house.collections if c.get_gid() == "coordinate"]
    project = find_project("family-home")
    assert len(coordinates.get_paths()) == project.width + project.height
    from homestaging.formats.parfile import bundled_par

    par = [t.get_text() for t in page_axes.texts if t.get_gid() == "par"]
    assert par == [f"par {bundled_par()['family-home'].par}"]
    sheet_words = texts(sheet)
    assert {"Name:", "Project 5: Family home", "Wild card", "Total", "Kids room",
            "Empty rooms: -3 each", "Tie-break: reachable pieces"} <= set(sheet_words)


def texts_of(ax: object) -> list[str]:
    return [t.get_text() for t in ax.texts]  # type: ignore[attr-defined]


def test_tutorial_and_special_rules_on_the_page() -> None:
    (page,) = project_figures(find_project("tutorial"), sheets=0)
    assert "Tutorial" in [t.get_text() for t in page.axes[0].texts if t.get_gid() == "difficulty"]
    no_hallway = next(p for p in PROJECTS if "no-hallway" in find_project(p).special_rules)
    (page,) = project_figures(find_project(no_hallway), sheets=0)
    rules = [t.get_text() for t in page.axes[0].texts if t.get_gid() == "special-rule"]
    assert rules == ["no-hallway"]
    assert any(t.startswith("There is no hallway") for t in texts(page))


def test_obstacles_are_hatched_on_the_sheet() -> None:
    _, sheet = project_figures(find_project("tutorial"), sheets=1)
    grid = sheet.axes[1]
    obstacles = [p for p in grid.patches if p.get_gid() == "obstacle"]
    assert [(p.get_x(), p.get_y(), p.get_hatch()) for p in obstacles] == [(7, 5, "////")]


def test_unknown_paper_and_sheets_out_of_bounds() -> None:
    with pytest.raises(ValueError, match="expected a4 or letter"):
        blank_sheet_layout(find_project("tutorial"), "a3")
    for sheets in (-1, MAX_SHEETS + 1):
        with pytest.raises(ValueError, match=f"is 0 to {MAX_SHEETS}, found {sheets}"):
            project_figures(find_project("tutorial"), sheets=sheets)


def test_drawing_sheets_are_one_figure_repeated() -> None:
    page, *sheets = project_figures(find_project("tutorial"), sheets=MAX_SHEETS)
    assert len(sheets) == MAX_SHEETS and all(sheet is sheets[0] for sheet in sheets)
    assert page is not sheets[0]


def test_catalog_sheet_lists_every_piece(tmp_path: Path) -> None:
    catalog = bundled_catalog()
    figures = catalog_figures(catalog)
    assert len(figures) == -(-len(catalog.pieces) // 15)
    ids = [t.get_text() for fig in figures for t in fig.axes[0].texts
           if t.get_gid() == "catalog-id"]
    assert ids == sorted(catalog.pieces)
    cards = {t.get_text() for t in figures[0].axes[0].texts if t.get_gid() == "catalog-cards"}
    assert "card 1a" in cards  # bed-double
    some = Catalog({key: catalog.pieces[key] for key in sorted(catalog.pieces)[:16]}, {})
    target = tmp_path / "catalog.pdf"
    catalog_sheet(some, target, paper="letter")
    data = target.read_bytes()
    assert len(PAGE.findall(data)) == 2
    assert b"/Title (Home Staging - furniture catalog)" in data


def test_a_piece_s_words_on_the_catalog_sheet_are_in_8_pt_lines() -> None:
    # the name from 9 pt down to 8, the cards beside the id, the tags wrapped in 8 pt
    # ("hatch: x" kept whole), each line under the one before; on A4 (56 mm of words)
    from homestaging.draw.printing import catalog_lines

    catalog = bundled_catalog()
    lines, height = catalog_lines(catalog.pieces["bookshelf"], ["21a", "23b", "30b"], 56.0)
    assert [(round(line.down, 2), line.text, line.size, line.gid) for line in lines] == [
        (0.0, "Bookshelf", 9.0, "catalog-name"),
        (4.29, "card 21a, 23b, 30b", 8.0, "catalog-cards"),
        (4.29, "bookshelf", 8.0, "catalog-id"),
        (8.1, "living, office, storage, books;", 8.0, "catalog-tags"),
        (11.91, "wall: n; hatch: x", 8.0, "catalog-tags")]
    assert round(height, 2) == 15.72
    bench, _ = catalog_lines(catalog.pieces["bed-double-bench"], ["4b"], 56.0)
    assert [(line.text, round(line.size, 2)) for line in bench] == [
        ("Double bed with footboard bench", 8.02), ("card 4b", 8.0),
        ("bed-double-bench", 8.0), ("bedroom, bed; hatch: /", 8.0)]


def test_catalog_hatches_upright_and_level_pieces_as_the_sheet_asks() -> None:
    # three lines a square in its middle, as players draw them (not matplotlib's even
    # hatch, whose lines fall on the grid lines too); a long name is set smaller to fit
    from matplotlib.collections import LineCollection

    catalog = bundled_catalog()
    wanted = {"bathroom-cabinet": "|", "coat-stand": "-", "bed-double-bench": "/"}
    assert {key: catalog.pieces[key].hatch for key in wanted} == wanted
    ids = {piece.name: key for key, piece in catalog.pieces.items()}
    drawn: dict[str, list[float]] = {}
    sizes: dict[str, float] = {}
    for fig in catalog_figures(catalog):
        names = [t for t in fig.axes[0].texts if t.get_gid() == "catalog-name"]
        for name, ax in zip(names, fig.axes[1:], strict=True):
            piece = catalog.pieces[ids[name.get_text()]]
            sizes[piece.id] = float(name.get_fontsize())
            axis = 0 if piece.hatch == "|" else 1  # where upright lines cross, or level
            drawn.update((piece.id, sorted(round(float(line[0][axis]), 6)
                                           for line in lines.get_segments()))
                         for lines in ax.collections
                         if isinstance(lines, LineCollection) and lines.get_gid() == "piece-hatch")
    assert drawn["bathroom-cabinet"] == [0.35, 0.5, 0.65]
    assert drawn["coat-stand"] == [0.35, 0.5, 0.65]
    assert "bed-double-bench" not in drawn  # diagonals keep the patch's hatch
    assert sizes["bed-double-bench"] < 9 == sizes["bed-double"]


# -- the book: cover, contents, page numbers ----------------------------------------------


def test_book_opens_with_a_cover_and_contents(tmp_path: Path) -> None:
    from homestaging.draw.printing import book_pages, contents_page, cover_page, first_pages

    chosen = [find_project(p) for p in PROJECTS]
    assert first_pages(chosen[:3], sheets=2) == [3, 6, 9]
    # the appendix: a round at the table, then the 33 card numbers four a page
    assert book_pages(chosen, sheets=2, book=True) == 2 + 3 * len(chosen) + 1 + 9
    cover = cover_page(chosen, "a4")
    words = texts(cover)
    assert words[:2] == ["Home Staging", "Projects book"]
    names = [t.get_text() for t in cover.axes[0].texts if t.get_gid() == "cover-project"]
    assert names == [f"{p.number}. {p.name}" for p in chosen]
    assert len(cover.axes) == 1 + len(chosen)  # every house drawn small
    contents = contents_page(chosen, "a4", sheets=1)
    page = contents.axes[0]
    rows = [t.get_text() for t in page.texts if t.get_gid() == "contents-name"]
    pages = [t.get_text() for t in page.texts if t.get_gid() == "contents-page"]
    assert rows == [p.name for p in chosen]
    after = 2 + 2 * len(chosen) + 1
    assert pages == [str(n) for n in [*first_pages(chosen, sheets=1), after, after + 1]]
    extras = [t.get_text() for t in page.texts if t.get_gid() == "contents-extra"]
    assert extras == ["A round at the table, in pictures",
                      "Appendix: the furniture cards, to cut out"]

    calls: list[int] = []
    target = tmp_path / "book.pdf"
    count = print_projects(chosen[:2], target, sheets=1, book=True, progress=calls.append)
    data = target.read_bytes()
    assert count == len(PAGE.findall(data)) == len(calls) == 2 + 2 * 2 + 1 + 9
    assert b"/Title (Home Staging - projects book)" in data
    again = tmp_path / "again.pdf"
    print_projects(chosen[:2], again, sheets=1, book=True)
    assert again.read_bytes() == data


def test_book_pages_carry_their_numbers() -> None:
    from homestaging.draw.printing import first_pages

    chosen = [find_project(p) for p in PROJECTS[:2]]
    second = first_pages(chosen, sheets=1)[1]
    (page, _) = project_figures(chosen[1], sheets=1, page_number=second)
    footer = [t.get_text() for t in page.axes[0].texts if t.get_gid() == "page-footer"]
    assert footer == [f"Home Staging - project {chosen[1].number} - page {second}"]
    (alone,) = project_figures(chosen[1], sheets=0)
    assert [t.get_text() for t in alone.axes[0].texts if t.get_gid() == "page-footer"] == [
        f"Home Staging - project {chosen[1].number}"]


@pytest.mark.parametrize("style", ["/", "\\", "|", "-", "x"])
def test_hatching_runs_in_its_style(style: str) -> None:
    # The strokes of each hatch style, across a 2x1 piece: their directions as seen on
    # the page (y down); upright and level lines three a square, in its middle.
    import random

    from homestaging.draw.piecepics import hatch_strokes

    lines = hatch_strokes([(0, 0), (1, 0)], 0.14, 0.2, random.Random(1), style)
    slopes = set()
    for (x0, y0), (x1, y1) in (line[:2] for line in lines):
        slopes.add("|" if abs(x1 - x0) < 1e-9 else "-" if abs(y1 - y0) < 1e-9
                   else "/" if (y1 - y0) / (x1 - x0) < 0 else "\\")
    assert slopes == ({"/", "\\"} if style == "x" else {style})
    if style == "|":
        assert sorted(round(line[0][0], 6) for line in lines) == [0.35, 0.5, 0.65,
                                                                   1.35, 1.5, 1.65]
    if style == "-":
        assert sorted(round(line[0][1], 6) for line in lines) == [0.35, 0.5, 0.65]


def test_project_page_lists_the_look_alikes_hatches() -> None:
    from homestaging.draw.printing import look_alike_hatches

    assert look_alike_hatches(find_project("tutorial")) == [
        ("Kitchen", "Kitchen sink |, Stove \\, Table for two /"),
        ("Bathroom", "Bathroom cabinet |, Toilet /, Washbasin \\"),
        ("Living room", "Armchair \\, Floor lamp |"),
    ]


def test_a_pdf_is_written_with_few_cycle_collections_and_the_collector_restored() -> None:
    import gc

    from homestaging.draw import printing

    seen: list[int] = []

    def figures() -> object:
        seen.append(gc.get_threshold()[0])
        yield printing.cover_page([find_project("tutorial")], "a4")

    before = gc.get_threshold()
    printing._pdf(figures(), "title", "subject")  # type: ignore[arg-type]
    assert seen == [printing.PDF_GC_THRESHOLD] and gc.get_threshold() == before
    assert gc.get_freeze_count() == 0  # what was left is back in the oldest generation


def _book_projects() -> list[Project]:
    """Projects for the book tests: a landscape sheet between two portrait ones, the
    tutorial (its features, an obstacle) and the largest bundled house."""
    import dataclasses

    wide = dataclasses.replace(find_project("tutorial"), width=40, height=14)
    assert blank_sheet_layout(wide, "letter").landscape
    return [find_project("tutorial"), wide, find_project("country-manor")]


def test_a_book_drawn_on_one_figure_is_the_bytes_of_new_figures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import homestaging.draw.printing as printing

    chosen = _book_projects()
    figures = list(printing._book_figures(chosen, "letter", 2, True,
                                          printing.Pages(reuse=True)))
    # the cover, contents and projects on one figure; the appendix (a round at the
    # table, 9 pages of cards) on figures of its own
    assert len(figures) == 11 + 10 and all(fig is figures[0] for fig in figures[:11])
    reused = projects_pdf(chosen, paper="letter", sheets=2, book=True)
    monkeypatch.setattr(printing, "Pages", lambda reuse: printing.NEW_PAGES)
    assert projects_pdf(chosen, paper="letter", sheets=2, book=True) == reused


def _holds(fig: Figure) -> list[object]:
    """What a figure holds, axes by axes: where they are, what is set on them and each
    artist on them (its kind, gid, text and place)."""
    from matplotlib.text import Text

    held: list[object] = [tuple(fig.get_size_inches())]
    for ax in fig.axes:
        held.append((ax.get_position().bounds, ax.get_xlim(), ax.get_ylim(), ax.get_aspect(),
                     ax.axison, ax.get_autoscalex_on(), ax.get_autoscaley_on()))
        held += [(type(artist).__name__, artist.get_gid(),
                  (artist.get_text(), artist.get_position()) if isinstance(artist, Text)
                  else None) for artist in ax.get_children()]
    return held


def test_no_page_drawn_on_one_figure_carries_another_pages_drawing() -> None:
    # Page by page (the next made once the page before is done with), the figure
    # reused holds what a new figure of that page holds, and nothing else.
    import homestaging.draw.printing as printing

    chosen = _book_projects()
    new = printing._book_figures(chosen, "letter", 1, True, printing.NEW_PAGES)
    reused = printing._book_figures(chosen, "letter", 1, True, printing.Pages(reuse=True))
    pages = 0
    for fresh, again in zip(new, reused, strict=True):
        assert _holds(again) == _holds(fresh)
        pages += 1
    assert pages == 8 + 10  # and the appendix: a round at the table, 9 pages of cards


def test_the_column_names_of_a_drawing_sheet_past_100_columns_stay_apart(
        tmp_path: Path) -> None:
    # 200 columns on A3 (squares of 1.33 mm, 3.8 pt): every third column is named,
    # from A, each name clear of the next by 0.4 of its size at the least.
    from bigsheets import plants_project

    from homestaging.core.grid import column_name
    from homestaging.draw.drawing import text_extent
    from homestaging.draw.drawsheet import drawing_sheet
    from homestaging.draw.house import COLUMN_GAP, column_step
    from homestaging.formats.projectreader import load_project

    (tmp_path / "big.yaml").write_text(plants_project(200), encoding="utf-8")
    project = load_project(tmp_path / "big.yaml")
    layout = blank_sheet_layout(project, "a4")
    assert (layout.paper, round(layout.square, 2)) == ("a3", 1.33)
    cell_pt = layout.square / 25.4 * 72
    assert column_step(200, 4.5, cell_pt) == 3
    grid = drawing_sheet(project, "a4").axes[1]
    (coordinates,) = [c for c in grid.collections if c.get_gid() == "coordinate"]
    columns = [x for x, y in coordinates.get_offsets() if y < 0]
    assert columns == [x + 0.5 for x in range(0, 200, 3)]  # A, D, G... GR
    assert len(coordinates.get_paths()) == 67 + 200  # the rows are all numbered
    widest = max(text_extent(column_name(x))[0] for x in range(200)) * 4.5
    assert 3 * cell_pt - widest >= COLUMN_GAP * 4.5 > 2 * cell_pt - widest


def _names_to_marker(project: Project) -> float:
    """The least distance in millimetres between the top-left marker and the printed
    coordinates' letters (their outlines) of ``project``'s drawing sheet."""
    from homestaging.draw.drawsheet import drawing_sheet

    layout = blank_sheet_layout(project, "a4")
    cell_pt = layout.square / 25.4 * 72
    grid = drawing_sheet(project, "a4").axes[1]
    (coordinates,) = [c for c in grid.collections if c.get_gid() == "coordinate"]
    (marker,) = [p for p in grid.patches if p.get_gid() == "marker-tl"]
    left, top = marker.get_x(), marker.get_y()
    right, bottom = left + marker.get_width(), top + marker.get_height()
    least = float("inf")
    for path, (x, y) in zip(coordinates.get_paths(), coordinates.get_offsets(), strict=True):
        xs = x + path.vertices[:, 0] / cell_pt  # the outline in points, y up; the grid's y down
        ys = y - path.vertices[:, 1] / cell_pt
        across = max(left - xs.max(), xs.min() - right, 0.0)
        down = max(top - ys.max(), ys.min() - bottom, 0.0)
        least = min(least, float(math.hypot(across, down)) * layout.square)
    return least


def test_the_coordinates_keep_a_gap_from_the_top_left_marker(tmp_path: Path) -> None:
    # On a 200 x 200 sheet the names are larger than a square: they stand beyond the
    # markers (they touched the marker beside column A's square); the bundled sheets'
    # names stay beside the markers, far from them.
    from bigsheets import plants_project

    from homestaging.draw.drawsheet import NAME_GAP
    from homestaging.formats.projectreader import load_project

    (tmp_path / "big.yaml").write_text(plants_project(200), encoding="utf-8")
    big = load_project(tmp_path / "big.yaml")
    assert blank_sheet_layout(big, "a4").names_out != (0.45, 0.45)
    assert NAME_GAP <= _names_to_marker(big) < 2 * NAME_GAP
    tutorial = find_project("tutorial")
    assert blank_sheet_layout(tutorial, "a4").names_out == (0.45, 0.45)
    assert _names_to_marker(tutorial) > 5 * NAME_GAP


def test_the_columns_of_the_bundled_drawing_sheets_are_all_named() -> None:
    from homestaging.draw.drawing import text_extent

    for project in (find_project("tutorial"), find_project("country-manor")):
        layout = blank_sheet_layout(project, "a4")
        assert column_step(project.width, 9.0, layout.square / 25.4 * 72) == 1
    # column_step names every column unmeasured when each letter may be as wide as its
    # size: the widest capital is narrower
    assert text_extent("W")[0] < 1.0 and text_extent("WW")[0] < 2.0
    assert column_step(26, 4.5, (1 + 0.4) * 4.5) == 1
    assert column_step(27, 4.5, (1 + 0.4) * 4.5) == 2  # AA measured: 1.4 em with its gap
