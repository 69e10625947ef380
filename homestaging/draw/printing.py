"""Printable PDFs: project pages with blank drawing sheets, and the furniture catalog.

Pages are laid out in millimetres on plain matplotlib figures the size of the paper and
written with the PDF backend (TrueType fonts embedded, fixed metadata, no dates), so
the same project always gives the same bytes.

Public functions:

* ``print_project(project, path, *, paper="a4", sheets=1)`` the project page, then
  ``sheets`` blank drawing sheets with the house pre-drawn. A project page whose rooms
  or bonuses run over continues on the next pages (``project_pages(project, paper)``
  in all), a score table too long for the sheet on the pages after the sheet
  (:func:`~homestaging.draw.drawsheet.sheet_pages`).
* ``print_projects(projects, path, *, paper="a4", sheets=1, book=False,
  progress=None)`` the same for several projects in one PDF; a ``book`` opens with a
  cover and a contents page, and numbers its project pages. ``progress(1)`` is called
  after each page is made; ``book_pages(...)`` says how many pages there will be.
* ``catalog_sheet(catalog, path, *, paper="a4")`` every piece with its id, name, tags
  and cards.
* ``print_filled(sheet, path, *, paper="a4")`` the drawing sheet of a sheet's project
  with its plan drawn on it by hand, in pencil, after the drawing conventions.
* ``blank_sheet_layout(project, paper)`` where the blank drawing sheet puts things,
  including the size of a square in millimetres (at least 9 mm for every bundled
  project).

Drawing sheets are made to be photographed (``homestaging scan``): an ArUco marker
outside each corner of the grid (:mod:`homestaging.draw.markers`), the grid and the house in
light blues that a camera tells from pencil, and the drawing conventions in 8 pt. A
book (``book=True``) ends with the round at the table (:mod:`homestaging.draw.roundpage`) and
the furniture cards (:mod:`homestaging.draw.cardpages`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.catalog import Catalog
from ..core.project import SPECIAL_RULES, Bonus, Project, RoomSpec
from ..formats.output import write_atomic
from ..formats.parfile import par_for
from ..text.pages import DIFFICULTY
from .drawing import (
    PAPERS,
    text_extent,
)
from .drawsheet import (
    BlankSheetLayout,
    blank_sheet_layout,
    drawing_sheet,
    drawing_sheet_pages,
    filled_figure,
    sheet_pages,
)
from .house import draw_house
from .pagetools import (
    BOLD,
    CHAR,
    MARGIN,
    MM,
    NEW_PAGES,
    Pages,
    heading,
    page_line,
    paper_mm,
    paragraph,
    put_text,
    wrap,
)
from .paperkit import pdf_bytes
from .piecepics import draw_piece

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.sheet import Sheet

__all__ = [
    "PAPERS",
    "BlankSheetLayout",
    "blank_sheet_layout",
    "book_pages",
    "catalog_figures",
    "catalog_sheet",
    "contents_page",
    "cover_page",
    "filled_figure",
    "first_pages",
    "look_alike_hatches",
    "print_filled",
    "print_project",
    "print_projects",
    "project_figures",
    "project_pages",
    "projects_pdf",
]

MAX_SHEETS = 20
"""The most blank drawing sheets one project prints (a table of players); the sheet is
drawn once and its page repeated, so printing stays fast and small in memory."""
def _pencil(page: Axes, x: float, y: float, filled: bool) -> None:
    """A pencil lying left to right, 10 mm long, its tip at the right."""
    from matplotlib.patches import Polygon, Rectangle

    body = "#f2b632" if filled else "white"
    edge = "#333333" if filled else "#aaaaaa"
    page.add_artist(Rectangle((x, y - 1.4), 1.6, 2.8, facecolor="#e88a9b" if filled else "white",
                              edgecolor=edge, linewidth=0.6, gid="pencil"))
    page.add_artist(Rectangle((x + 1.6, y - 1.4), 6.2, 2.8, facecolor=body, edgecolor=edge,
                              linewidth=0.6, gid="pencil"))
    page.add_artist(Polygon([(x + 7.8, y - 1.4), (x + 10.0, y), (x + 7.8, y + 1.4)],
                            closed=True, facecolor="#f6ddb8" if filled else "white",
                            edgecolor=edge, linewidth=0.6, gid="pencil"))
    page.add_artist(Polygon([(x + 9.3, y - 0.45), (x + 10.0, y), (x + 9.3, y + 0.45)],
                            closed=True, facecolor="#333333" if filled else "#aaaaaa",
                            edgecolor="none", gid="pencil"))


def _difficulty(page: Axes, right: float, y: float, level: int) -> None:
    if level <= 0:
        page.text(right, y + 3, "Tutorial", fontsize=11, ha="right", va="center",
                  fontweight="bold", color="#7a5200", gid="difficulty",
                  bbox={"boxstyle": "round,pad=0.4", "facecolor": "#fbe8b8",
                        "edgecolor": "#c79a2c"})
        return
    shown = max(3, level)
    for i in range(shown):
        _pencil(page, right - (shown - i) * 11.5, y + 3, i < level)
    put_text(page, right, y + 6.5, "difficulty", 7, ha="right", color="#666666")


#: the lowest a project page's text reaches, in millimetres above the paper's bottom
#: edge: the round line and the footer are under it
CONTENT_BOTTOM = 16.0
#: where a continued project page's text starts, under its title line
CONTINUED_TOP = MARGIN + 10
ROOM_ROW = 12.5


@dataclass(frozen=True)
class _Block:
    """One thing of a project page's flow, kept whole on one page: ``kind`` says what
    (``heading``, ``gap``, ``note``, ``rule``, ``bonus``, ``intro``, ``hatch``, ``tips``,
    ``room``), ``section`` is the heading a continued page repeats before it."""

    kind: str
    height: float
    section: str | None = None
    text: str = ""
    label: str = ""
    bonus: Bonus | None = None
    room: RoomSpec | None = None


@dataclass(frozen=True)
class _Top:
    """Where the first project page puts its top: the house and the rooms beside it."""

    y: float  # the top of the house and of the rooms box
    square: float  # the house's squares, in millimetres
    house_box: tuple[float, float, float, float]
    rooms_shown: int  # how many rooms fit in the box beside the house
    flow_y: float  # where the flow starts under them


def _lines(text: str, width: float, size: float) -> float:
    return _after(text, 0.0, width, size)


def _after(text: str, y: float, width: float, size: float) -> float:
    """The y under ``text`` written from ``y`` by :func:`paragraph`."""
    step = size * 0.3528 * 1.35
    for _ in wrap(text, width, size):
        y += step
    return y


def _top(project: Project, paper: str) -> _Top:
    width, height = paper_mm(paper)
    left, right = MARGIN + 3, width - MARGIN - 3
    text_w = right - left
    y = MARGIN + 18
    if project.description:
        y = _after(project.description, y, text_w, 10) + 3
    house_w = min(105.0, text_w * 0.58)
    square = min(house_w / (project.width + 1.15), 80.0 / (project.height + 1.15))
    house_box = (left, y, square * (project.width + 1.15), square * (project.height + 1.15))
    bottom = height - CONTENT_BOTTOM
    fits = max(1, int((bottom - y - 8) // ROOM_ROW))
    shown = min(len(project.rooms), fits)
    below = y + house_box[3]
    if project.obstacles:
        below += 5
    ry = y + 9
    for _ in range(shown):
        ry += ROOM_ROW
    return _Top(y, square, house_box, shown, max(below, ry) + 5)


def _blocks(project: Project, paper: str, rooms_shown: int) -> list[_Block]:
    """The project page's flow after its house and rooms: the rooms that did not fit
    beside the house, the special rules, the bonuses, the hatching, the tips."""
    width, _ = paper_mm(paper)
    text_w = width - 2 * (MARGIN + 3)
    heading_h = 7.0
    blocks = [_Block("room", ROOM_ROW, "Rooms", room=room)
              for room in project.rooms[rooms_shown:]]
    blocks.append(_Block("heading", heading_h, text="Special rules"))
    if project.special_rules:
        blocks += [_Block("rule", _lines(SPECIAL_RULES.get(rule, ""), text_w - 28, 9) + 1.5,
                          "Special rules", text=SPECIAL_RULES.get(rule, ""), label=rule)
                   for rule in project.special_rules]
    else:
        blocks.append(_Block("note", 5.5, text="None: the standard rules apply."))
    blocks += [_Block("gap", 3.0), _Block("heading", heading_h, text="Bonuses")]
    blocks += [_Block("bonus", _lines(bonus.text, text_w - 32, 9) + 1.5, "Bonuses",
                      bonus=bonus) for bonus in project.bonuses]
    if not project.bonuses:
        blocks.append(_Block("note", 5.5, text="None."))
    hatching = look_alike_hatches(project)
    if hatching:
        blocks += [_Block("gap", 3.0), _Block("heading", heading_h,
                                              text="Hatching: look-alike pieces"),
                   _Block("intro", _lines(HATCH_INTRO, text_w, 8.5) + 1, "Hatching")]
        blocks += [_Block("hatch", _lines(text, text_w - 33, 9) + 1, "Hatching", text=text,
                          label=room_name) for room_name, text in hatching]
    if project.tips:
        blocks += [_Block("gap", 3.0), _Block("heading", heading_h, text="Tips"),
                   _Block("tips", _lines(project.tips, text_w, 9), "Tips", text=project.tips)]
    return blocks


HATCH_INTRO = ("Some pieces of a room look the same on paper; hatch each its own way, so "
               "that a photo of the sheet tells them apart.")


def _paginate(blocks: Sequence[_Block], first_y: float, height: float) -> list[int]:
    """The page (0 the first) of each block: a block goes on the next page when it
    would pass the bottom; a heading goes with the block after it; a gap that would
    open a page is left out (on page -1)."""
    bottom = height - CONTENT_BOTTOM
    page, y = 0, first_y
    where: list[int] = []
    for index, block in enumerate(blocks):
        need = block.height
        if block.kind == "heading" and index + 1 < len(blocks):
            need += blocks[index + 1].height
        if y + need > bottom and y > CONTINUED_TOP:
            if block.kind == "gap":
                where.append(-1)
                continue
            page += 1
            y = CONTINUED_TOP
            if block.section is not None:
                y += 7.0
        where.append(page)
        y += block.height
    return where


def project_pages(project: Project, paper: str = "a4") -> int:
    """How many pages the project's page takes (more than one when its rooms or its
    bonuses run over: the rest is continued on the next pages)."""
    top = _top(project, paper)
    where = _paginate(_blocks(project, paper, top.rooms_shown), top.flow_y, paper_mm(paper)[1])
    return 1 + max(where, default=0)


def _room_row(page: Axes, x: float, w: float, ry: float, room: RoomSpec) -> None:
    """A room's name, type, cards and tokens, in a row of ROOM_ROW from ``ry``."""
    from matplotlib.patches import Circle, FancyBboxPatch

    put_text(page, x + 3, ry, room.name, 9, fontweight="bold", gid="room-name")
    put_text(page, x + w - 3, ry + 0.3, room.type, 7.5, ha="right", color="#666666")
    cx = x + 3
    for slot in room.cards:
        page.add_artist(FancyBboxPatch((cx, ry + 4.2), 6.5, 5.2,
                                       boxstyle="round,pad=0,rounding_size=0.8",
                                       facecolor="white", edgecolor="#555555", linewidth=0.6))
        page.text(cx + 3.25, ry + 6.8, str(slot.number), fontsize=7.5, ha="center",
                  va="center", gid="card-number")
        for t in range(slot.tokens):
            page.add_artist(Circle((cx + 8.2 + t * 2.3, ry + 6.8), 0.85,
                                   facecolor="#2b6cb0", edgecolor="none", gid="token"))
        cx += 9.5 + 2.3 * slot.tokens


def _rooms_box(page: Axes, x: float, y: float, w: float, rows: int, title: str) -> None:
    from matplotlib.patches import FancyBboxPatch

    page.add_artist(FancyBboxPatch((x, y), w, 8 + ROOM_ROW * rows,
                                   boxstyle="round,pad=0,rounding_size=2", facecolor="#f7f4ee",
                                   edgecolor="#bbbbbb", linewidth=0.6, gid="rooms-box"))
    put_text(page, x + 3, y + 2, title, 11, fontweight="bold")


def _draw_block(page: Axes, block: _Block, y: float, left: float, right: float) -> float:
    """Draw ``block`` at ``y``; return the y under it."""
    text_w = right - left
    if block.kind == "heading":
        return heading(page, left, y, block.text, text_w)
    if block.kind == "gap":
        return y + block.height
    if block.kind == "note":
        put_text(page, left, y, block.text, 9, color="#555555")
        return y + block.height
    if block.kind == "rule":
        put_text(page, left, y, block.label, 9, fontweight="bold", gid="special-rule")
        return paragraph(page, left + 28, y, block.text, text_w - 28, 9) + 1.5
    if block.kind == "bonus":
        assert block.bonus is not None
        bonus = block.bonus
        points = f"{bonus.points:+d}" + (" each" if bonus.per else "")
        if bonus.max is not None:
            points += f" (max {bonus.max})"
        put_text(page, right, y, points, 9, ha="right", fontweight="bold", gid="bonus-points")
        return paragraph(page, left, y, bonus.text, text_w - 32, 9, gid="bonus-text") + 1.5
    if block.kind == "intro":
        return paragraph(page, left, y, HATCH_INTRO, text_w, 8.5, color="#555555") + 1
    if block.kind == "hatch":
        put_text(page, left, y, block.label, 9, fontweight="bold")
        return paragraph(page, left + 33, y, block.text, text_w - 33, 9, gid="hatching") + 1
    if block.kind == "tips":
        return paragraph(page, left, y, block.text, text_w, 9, style="italic")
    assert block.kind == "room" and block.room is not None
    _room_row(page, left, text_w, y, block.room)
    return y + ROOM_ROW


def _project_pages(project: Project, paper: str, page_number: int | None = None,
                   pages: Pages = NEW_PAGES) -> Iterator[Figure]:
    """Page 1: what the projects book shows for this project (with its page number in
    the book, when given); then, when its rooms or bonuses run over, the pages that
    continue it, each made when the one before has been used."""
    width, height = paper_mm(paper)
    left, right = MARGIN + 3, width - MARGIN - 3
    text_w = right - left
    top = _top(project, paper)
    blocks = _blocks(project, paper, top.rooms_shown)
    where = _paginate(blocks, top.flow_y, height)
    count = 1 + max(where, default=0)

    fig, page = pages.page(width, height)
    put_text(page, left, MARGIN, f"PROJECT {project.number}", 10, color="#777777",
          fontweight="bold")
    put_text(page, left, MARGIN + 5, project.name, 22, fontweight="bold", gid="project-name")
    _difficulty(page, right, MARGIN + 3, project.difficulty)
    figures = par_for(project)
    if figures is not None:
        put_text(page, right, MARGIN + 13, f"par {figures.par}", 10, ha="right",
              fontweight="bold", color="#2b6cb0", gid="par")
    if project.description:
        paragraph(page, left, MARGIN + 18, project.description, text_w, 10)

    # The house, drawn small, and the room cards beside it.
    y = top.y
    house_w = min(105.0, text_w * 0.58)
    ax = pages.axes_at(fig, (width, height), top.house_box)
    draw_house(ax, project, cell_pt=top.square / 25.4 * 72)
    rooms_x = left + house_w + 6
    rooms_w = right - rooms_x
    _rooms_box(page, rooms_x, y, rooms_w, top.rooms_shown, "Rooms")
    ry = y + 9
    for room in project.rooms[:top.rooms_shown]:
        _room_row(page, rooms_x, rooms_w, ry, room)
        ry += ROOM_ROW
    if project.obstacles:
        put_text(page, left, y + top.house_box[3] + 1.5,
                 "Hatched squares are obstacles: nothing may cover them.", 7.5, color="#555555")
    y = top.flow_y
    on = 0
    for block, number in zip(blocks, where, strict=True):
        if number < 0:
            continue
        if number > on:
            _page_foot(page, project, width, height, page_number, on, count)
            yield fig
            on = number
            fig, page = pages.page(width, height)
            put_text(page, left, MARGIN, f"PROJECT {project.number}: {project.name} "
                     "(continued)", 10, color="#777777", fontweight="bold",
                     gid="continued-title")
            y = CONTINUED_TOP
            if block.section is not None:
                y = heading(page, left, y, f"{block.section} (continued)", text_w)
        y = _draw_block(page, block, y, left, right)
    _page_foot(page, project, width, height, page_number, on, count)
    yield fig


def _page_foot(page: Axes, project: Project, width: float, height: float,
               page_number: int | None, index: int, count: int) -> None:
    """The round line and the footer of the project's ``index``-th page of ``count``;
    "continued on the next page" above them when one follows."""
    from .roundpage import ROUND_LINE

    if index + 1 < count:
        put_text(page, width - MARGIN - 3, height - CONTENT_BOTTOM + 1,
                 "continued on the next page", 8, ha="right", style="italic",
                 color="#555555", gid="continued-note")
    footer = f"Home Staging - project {project.number}"
    if page_number is not None:
        footer += f" - page {page_number + index}"
    page.text(width / 2, height - MARGIN / 2 - 4, ROUND_LINE, fontsize=6.5, ha="center",
              va="center", color="#777777", gid="round-line")
    page.text(width / 2, height - MARGIN / 2, footer, fontsize=7, ha="center", va="center",
              color="#999999", gid="page-footer")


def look_alike_hatches(project: Project) -> list[tuple[str, str]]:
    """For each room whose cards offer pieces that look the same on paper: the room's
    name and those pieces with their hatch (``Stove \\, Kitchen sink |``)."""
    catalog = project.catalog
    lines = []
    for room in project.rooms:
        ids = [i for slot in room.cards for i in catalog.card_options(slot.number)]
        groups = catalog.look_alikes(ids)
        if groups:
            lines.append((room.name, "; ".join(
                ", ".join(f"{piece.name} {piece.hatch}" for piece in group)
                for group in groups)))
    return lines


def print_filled(sheet: Sheet, path: str | Path, *, paper: str = "a4", seed: int = 0) -> None:
    """Write the drawing sheet with ``sheet``'s plan drawn on it by hand to a PDF."""
    paper_mm(paper)
    title = f"Home Staging - {sheet.player or 'a plan'} on project {sheet.project.number}"
    # drawn before the PDF's settings apply (the pencil's strokes depend on them)
    figures = list(drawing_sheet_pages(sheet.project, paper, sheet, seed))
    write_atomic(path, _pdf(figures, title, "Drawing sheet filled in by hand"))


def project_figures(project: Project, *, paper: str = "a4", sheets: int = 1,
                    page_number: int | None = None) -> list[Figure]:
    """The project page (numbered ``page_number`` in a book) and the pages continuing
    it (:func:`project_pages` in all), then ``sheets`` blank drawing sheets (one
    figure, repeated; each followed by its score table's continued pages when it has
    some)."""
    return list(_project_figures(project, paper, sheets, page_number, NEW_PAGES))


def _project_figures(project: Project, paper: str, sheets: int, page_number: int | None,
                     pages: Pages) -> Iterator[Figure]:
    """:func:`project_figures` one after the other, each made when the one before has
    been used (with reused ``pages``: written)."""
    if not 0 <= sheets <= MAX_SHEETS:
        raise ValueError(f"the number of drawing sheets is 0 to {MAX_SHEETS}, found {sheets}")
    yield from _project_pages(project, paper, page_number, pages)
    if sheets and sheet_pages(project, paper) > 1:  # each sheet drawn again after its table
        for _ in range(sheets):
            yield from drawing_sheet_pages(project, paper, pages=pages)
    elif sheets:
        sheet = drawing_sheet(project, paper, pages=pages)
        for _ in range(sheets):
            yield sheet


PDF_GC_THRESHOLD = 1_000_000
"""Allocations between two collections of young objects while a PDF is written."""


@contextlib.contextmanager
def _few_collections() -> Iterator[None]:
    """While inside, the cycle collector waits for :data:`PDF_GC_THRESHOLD` allocations
    at the least before it walks the young objects: the figures of a book's pages are
    webs of cycles that it would walk again and again (a tenth of the book's time); the
    book then peaks about 16 MB higher (114 MB). On the way out, what is left is moved to
    the oldest generation (``gc.freeze()`` then ``gc.unfreeze()``), to be walked with it
    at the next full collection, not by a young collection right after the PDF is
    written."""
    import gc

    saved = gc.get_threshold()
    gc.set_threshold(max(saved[0], PDF_GC_THRESHOLD), *saved[1:])
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        gc.set_threshold(*saved)


def _pdf(figures: Iterable[Figure], title: str, subject: str,
         progress: Callable[[int], None] | None = None) -> bytes:
    with _few_collections():  # matplotlib's figure and PDF backend imported inside too
        return pdf_bytes(figures, title, subject, progress)


#: pages before the first project in a book: the cover and the contents
FRONT_PAGES = 2


def book_pages(projects: Sequence[Project], *, sheets: int = 1, book: bool = False,
               paper: str = "a4") -> int:
    """How many pages :func:`projects_pdf` makes."""
    appendix = _appendix_pages() if book else 0
    return ((FRONT_PAGES if book else 0) + sum(_pages_of(project, paper, sheets)
                                               for project in projects) + appendix)


def _pages_of(project: Project, paper: str, sheets: int) -> int:
    """The pages of one project: its page (and its continued pages), its sheets."""
    return project_pages(project, paper) + sheets * sheet_pages(project, paper)


def _appendix_pages() -> int:
    """The book's pages after its projects: the round at the table, then the cards."""
    from ..formats.catalogreader import bundled_catalog
    from .cardpages import card_pages

    return 1 + card_pages(bundled_catalog())


def first_pages(projects: Sequence[Project], *, sheets: int = 1, paper: str = "a4") -> list[int]:
    """The page number of each project's page in the book (the cover is page 1)."""
    return _page_numbers(projects, sheets, paper)[:-1]


def _page_numbers(projects: Sequence[Project], sheets: int, paper: str) -> list[int]:
    """:func:`first_pages`, then the page after the last project's sheets (where the
    book's appendix starts)."""
    numbers = [FRONT_PAGES + 1]
    for project in projects:
        numbers.append(numbers[-1] + _pages_of(project, paper, sheets))
    return numbers


def projects_pdf(projects: Sequence[Project], *, paper: str = "a4", sheets: int = 1,
                 book: bool = False, progress: Callable[[int], None] | None = None) -> bytes:
    """The PDF bytes of the projects' pages and drawing sheets, in the order given; a
    ``book`` opens with a cover and a contents page and numbers the project pages.
    ``progress(1)`` is called after each page."""
    paper_mm(paper)
    if len(projects) == 1 and not book:
        title = f"Home Staging - project {projects[0].number}: {projects[0].name}"
    else:
        title = "Home Staging - projects book"
    return _pdf(_book_figures(projects, paper, sheets, book, Pages(reuse=True)), title,
                "Project page and blank drawing sheets", progress)


def _book_figures(projects: Sequence[Project], paper: str, sheets: int, book: bool,
                  pages: Pages) -> Iterator[Figure]:
    """The figures of :func:`projects_pdf`'s pages in order, each made when the one
    before has been written (``pages`` may draw them all on one figure)."""
    found = _page_numbers(projects, sheets, paper)
    numbers: list[int | None] = list(found[:-1]) if book else [None] * len(projects)
    if book:
        yield _cover_page(projects, paper, pages)
        yield _contents_page(projects, paper, sheets, pages)
    for project, number in zip(projects, numbers, strict=True):
        yield from _project_figures(project, paper, sheets, number, pages)
    if book:  # the appendix: a round at the table, then the furniture cards
        from ..formats.catalogreader import bundled_catalog
        from .cardpages import card_figures
        from .roundpage import round_figure

        after = found[-1]
        yield round_figure(paper, after)
        yield from card_figures(bundled_catalog(), paper=paper, first_page=after + 1)


def print_project(
    project: Project, path: str | Path, *, paper: str = "a4", sheets: int = 1
) -> None:
    """Write the project page and ``sheets`` blank drawing sheets to a PDF."""
    write_atomic(path, projects_pdf([project], paper=paper, sheets=sheets))


def print_projects(projects: Sequence[Project], path: str | Path, *, paper: str = "a4",
                   sheets: int = 1, book: bool = False,
                   progress: Callable[[int], None] | None = None) -> int:
    """Write every project's page followed by its drawing sheets to one PDF (a ``book``:
    after a cover and a contents page); return the number of pages."""
    write_atomic(path, projects_pdf(projects, paper=paper, sheets=sheets, book=book,
                                    progress=progress))
    return book_pages(projects, sheets=sheets, book=book)


# ---------------------------------------------------------------------------- book


def cover_page(projects: Sequence[Project], paper: str) -> Figure:
    """The book's cover: its title, and every project's house drawn small with its
    number and name, in book order."""
    return _cover_page(projects, paper, NEW_PAGES)


def _cover_page(projects: Sequence[Project], paper: str, pages: Pages) -> Figure:
    width, height = paper_mm(paper)
    fig, page = pages.page(width, height)
    left, right = MARGIN + 3, width - MARGIN - 3
    put_text(page, width / 2, MARGIN + 18, "Home Staging", 34, ha="center", fontweight="bold",
          gid="cover-title")
    put_text(page, width / 2, MARGIN + 34, "Projects book", 16, ha="center", color="#555555",
          gid="cover-subtitle")
    levels = sorted({project.difficulty for project in projects})
    spread = " to ".join(DIFFICULTY.get(level, str(level)) for level in (levels[0], levels[-1])
                         ) if levels and levels[0] != levels[-1] else (
        DIFFICULTY.get(levels[0], "") if levels else "")
    count = f"{len(projects)} project{'' if len(projects) == 1 else 's'}"
    put_text(page, width / 2, MARGIN + 44, count + (f", {spread}" if spread else ""), 10,
          ha="center", color="#777777")
    columns = 3 if len(projects) > 4 else 2
    rows = max(1, -(-len(projects) // columns))
    top, bottom = MARGIN + 56, height - MARGIN - 16
    cell_w = (right - left) / columns
    cell_h = min(52.0, (bottom - top) / rows)
    for index, project in enumerate(projects):
        row, column = divmod(index, columns)
        x, y = left + column * cell_w, top + row * cell_h
        put_text(page, x + 2, y, f"{project.number}. {project.name}", 8, fontweight="bold",
              gid="cover-project")
        box_w, box_h = cell_w - 8, cell_h - 10
        square = min(box_w / (project.width + 0.3), box_h / (project.height + 0.3))
        ax = pages.axes_at(fig, (width, height), (x + 2, y + 5, square * (project.width + 0.3),
                                                  square * (project.height + 0.3)))
        draw_house(ax, project, cell_pt=square / 25.4 * 72, coordinates=False,
                   feature_labels=False)
    put_text(page, width / 2, height - MARGIN - 6,
          "Each project: a page to read, then drawing sheets to play on.", 9, ha="center",
          color="#555555")
    return fig


def contents_page(projects: Sequence[Project], paper: str, *, sheets: int = 1) -> Figure:
    """The book's contents: number, name, difficulty, rooms and the page of each
    project, with dotted leaders."""
    return _contents_page(projects, paper, sheets, NEW_PAGES)


def _contents_page(projects: Sequence[Project], paper: str, sheets: int,
                   pages: Pages) -> Figure:
    width, height = paper_mm(paper)
    fig, page = pages.page(width, height)
    left, right = MARGIN + 3, width - MARGIN - 3
    put_text(page, left, MARGIN + 2, "Contents", 22, fontweight="bold", gid="contents-title")
    y = MARGIN + 20
    columns = {"number": left, "name": left + 12, "level": right - 62, "rooms": right - 36,
               "page": right}
    for key, text in (("number", "No."), ("name", "Project"), ("level", "Difficulty"),
                      ("rooms", "Rooms")):
        put_text(page, columns[key], y, text, 8.5, fontweight="bold", color="#555555")
    put_text(page, right, y, "Page", 8.5, ha="right", fontweight="bold", color="#555555")
    y += 6
    page_line(page, [left, right], [y, y], color="#999999", linewidth=0.5)
    y += 3
    step = min(11.0, (height - MARGIN - 24 - y) / (len(projects) + 2))
    found = _page_numbers(projects, sheets, paper)
    for project, first in zip(projects, found, strict=False):
        put_text(page, columns["number"], y, str(project.number), 10, gid="contents-number")
        put_text(page, columns["name"], y, project.name, 10, fontweight="bold",
              gid="contents-name")
        leader_from = columns["name"] + text_extent(project.name, bold=True)[0] * 10 / MM / 72 + 2
        page_line(page, [leader_from, columns["level"] - 3], [y + 2.6] * 2, color="#bbbbbb",
              linewidth=0.8, linestyle=(0, (1, 2)))
        put_text(page, columns["level"], y, DIFFICULTY.get(project.difficulty,
                                                        str(project.difficulty)), 9)
        put_text(page, columns["rooms"], y, str(len(project.rooms)), 9)
        own = project_pages(project, paper)
        shown = str(first) if own == 1 else f"{first}-{first + own - 1}"
        put_text(page, right, y, shown, 10, ha="right", fontweight="bold",
              gid="contents-page")
        y += step
    note = (f"Each project page is followed by {sheets} blank drawing sheet"
            f"{'' if sheets == 1 else 's'} with the house pre-drawn." if sheets else
            "No drawing sheets in this book.")
    if any(project_pages(project, paper) > 1 for project in projects):
        note += " A long project's page continues on the pages after it (a page range above)."
    if sheets and any(sheet_pages(project, paper) > 1 for project in projects):
        note += " A long score table continues on the pages after its drawing sheet."
    after = found[-1]
    y += 4
    for name, first in (("A round at the table, in pictures", after),
                        ("Appendix: the furniture cards, to cut out", after + 1)):
        put_text(page, columns["name"], y, name, 10, fontweight="bold", gid="contents-extra")
        put_text(page, right, y, str(first), 10, ha="right", fontweight="bold", gid="contents-page")
        y += step
    paragraph(page, left, height - MARGIN - 12, note, right - left, 8.5, color="#555555")
    page.text(width / 2, height - MARGIN / 2, "Home Staging - contents - page 2", fontsize=7,
              ha="center", va="center", color="#999999", gid="page-footer")
    return fig



# ---------------------------------------------------------------------------- catalog


def catalog_figures(catalog: Catalog, *, paper: str = "a4") -> list[Figure]:
    """Pages of every piece of the catalog (in id order), drawn at one scale."""
    width, height = paper_mm(paper)
    columns, rows = 3, 5
    box_w = (width - 2 * MARGIN) / columns
    box_h = (height - 2 * MARGIN - 10) / rows
    square = 6.5
    cards: dict[str, list[str]] = {}
    for (number, variant), card in catalog.cards.items():
        for option in card.options:
            cards.setdefault(option, []).append(f"{number}{variant}")
    pieces = [catalog.pieces[key] for key in sorted(catalog.pieces)]
    per_page = columns * rows
    figures = []
    for start in range(0, len(pieces), per_page):
        fig, page = NEW_PAGES.page(width, height)
        page_number = start // per_page + 1
        put_text(page, MARGIN, MARGIN - 4, "Home Staging - furniture catalog", 11,
                 fontweight="bold")
        put_text(page, width - MARGIN, MARGIN - 4, f"page {page_number}", 8, ha="right",
              color="#777777")
        for i, piece in enumerate(pieces[start:start + per_page]):
            bx = MARGIN + (i % columns) * box_w
            by = MARGIN + 6 + (i // columns) * box_h
            from matplotlib.patches import Rectangle

            page.add_artist(Rectangle((bx + 1, by + 1), box_w - 2, box_h - 2, facecolor="none",
                                      edgecolor="#cccccc", linewidth=0.5))
            fits = (box_w - 7) / (len(piece.name) * CHAR * BOLD)  # a long name: smaller
            put_text(page, bx + 3, by + 3, piece.name, min(9.0, fits), fontweight="bold",
                  gid="catalog-name")
            put_text(page, bx + 3, by + 7.5, piece.id, 7,
                  color="#333333", gid="catalog-id")
            extra = ", ".join(piece.tags)
            if piece.wall:
                extra += f"; wall: {' '.join(sorted(piece.wall))}"
            if piece.hatch and not piece.is_rug:
                extra += f"; hatch: {piece.hatch}"
            paragraph(page, bx + 3, by + 11, extra, box_w - 6, 6.5, color="#555555")
            found = cards.get(piece.id)
            if found:
                put_text(page, bx + box_w - 3, by + 7.6, "card " + ", ".join(found), 6.5,
                      ha="right", color="#2b6cb0", gid="catalog-cards")
            shape = piece.art
            ax_w, ax_h = square * (shape.width + 0.4), square * (shape.height + 0.4)
            ax = NEW_PAGES.axes_at(fig, (width, height),
                                    (bx + (box_w - ax_w) / 2, by + 18, ax_w, ax_h))
            ax.set_xlim(-0.2, shape.width + 0.2)
            ax.set_ylim(shape.height + 0.2, -0.2)
            ax.set_aspect("equal")
            ax.set_axis_off()
            draw_piece(piece, ax, label=False)
        figures.append(fig)
    return figures


def catalog_sheet(catalog: Catalog, path: str | Path, *, paper: str = "a4") -> None:
    """Write a PDF of every piece of ``catalog`` with its id, name, tags and cards."""
    figures = catalog_figures(catalog, paper=paper)
    write_atomic(path, _pdf(figures, "Home Staging - furniture catalog", "Furniture pieces"))
