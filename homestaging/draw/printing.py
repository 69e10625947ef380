"""Printable PDFs: project pages with blank drawing sheets, and the furniture catalog.

Pages are laid out in millimetres on plain matplotlib figures the size of the paper and
written with the PDF backend (Type 3 fonts embedded, fixed metadata, no dates), so
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
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..core.catalog import Catalog
from ..core.grid import sides_text
from ..core.project import Project
from ..formats.output import write_atomic
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
    CHAR,
    MARGIN,
    MM,
    NEW_PAGES,
    READABLE,
    Pages,
    cut_lines,
    fitted,
    line_step,
    page_line,
    paper_mm,
    paragraph,
    put_text,
)
from .paperkit import footer, pdf_bytes
from .piecepics import draw_piece
from .projectpage import look_alike_hatches, project_page_figures, project_pages

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..core.pieces import Piece
    from ..core.sheet import Sheet

__all__ = [
    "CATALOG_SQUARE",
    "PAPERS",
    "BlankSheetLayout",
    "CatalogLine",
    "blank_sheet_layout",
    "book_pages",
    "catalog_figures",
    "catalog_lines",
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
    yield from project_page_figures(project, paper, page_number, pages)
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
        from .cardpages import card_pages_drawn
        from .roundpage import round_figure

        after = found[-1]
        yield round_figure(paper, after)
        yield from card_pages_drawn(bundled_catalog(), paper, None, after + 1, pages)


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
                   feature_labels=False, one_path=True)
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
    footer(page, (width, height), "Home Staging - contents - page 2")
    return fig


# ---------------------------------------------------------------------------- catalog


CATALOG_SQUARE = 6.5
"""The side of a square on the furniture sheet, in millimetres: every piece is drawn at
this one scale, or at the largest at which every piece fits its box under its words."""
CATALOG_ART_TOP = 18.0
"""How far below its box's top a piece is drawn, in millimetres, when its words allow."""
CATALOG_STYLES: dict[str, dict[str, str]] = {
    "catalog-name": {"fontweight": "bold"},
    "catalog-id": {"color": "#333333"},
    "catalog-cards": {"ha": "right", "color": "#2b6cb0"},
    "catalog-tags": {"color": "#555555"},
}
"""How the furniture sheet writes each of a piece's words, by their gid."""


class CatalogLine(NamedTuple):
    """A line of words in a piece's box on the furniture sheet: ``down`` millimetres
    below the first, at ``size`` points, in the style of ``gid`` (:data:`CATALOG_STYLES`)."""

    down: float
    text: str
    size: float
    gid: str


def catalog_lines(piece: Piece, cards: Sequence[str],
                  width: float) -> tuple[list[CatalogLine], float]:
    """The lines the furniture sheet writes above ``piece`` in ``width`` millimetres, and
    their height: its name (bold, 9 pt or as large as fits down to :data:`READABLE`, else
    wrapped), its id and its ``cards`` ("card 1a, 4a"; at the right of the id's line
    when both fit on it), then its tags, wall sides and hatch; the id and the cards in at
    most two lines, the tags in three, what does not fit cut with an ellipsis."""
    name, name_size = fitted(piece.name, width, 9.0, READABLE, bold=True)
    lines = [CatalogLine(index * line_step(name_size), text, name_size, "catalog-name")
             for index, text in enumerate(name)]
    ids = cut_lines(piece.id, width, READABLE, 2)
    found = cut_lines("card " + ", ".join(cards), width, READABLE, 2) if cards else []
    keep = "\N{NO-BREAK SPACE}"  # "wall: n,w" and "hatch: /" are never broken
    extra = ", ".join(piece.tags)
    if piece.wall:
        extra += f"; wall:{keep}{sides_text(piece.wall)}"
    if piece.hatch and not piece.is_rug:
        extra += f"; hatch:{keep}{piece.hatch}"
    tags = [line.replace(keep, " ") for line in cut_lines(extra, width, READABLE, 3)
            ] if extra else []
    down = len(name) * line_step(name_size)
    if (len(ids) == 1 and len(found) == 1
            and (len(ids[0]) + 2 + len(found[0])) * READABLE * CHAR <= width):
        lines.append(CatalogLine(down, found.pop(), READABLE, "catalog-cards"))
    for gid, texts in (("catalog-id", ids), ("catalog-cards", found),
                       ("catalog-tags", tags)):
        for text in texts:
            lines.append(CatalogLine(down, text, READABLE, gid))
            down += line_step(READABLE)
    return lines, down


def catalog_figures(catalog: Catalog, *, paper: str = "a4") -> list[Figure]:
    """Pages of every piece of the catalog (in id order), drawn at one scale
    (:data:`CATALOG_SQUARE`) under their words (:func:`catalog_lines`)."""
    from matplotlib.patches import Rectangle

    width, height = paper_mm(paper)
    columns, rows = 3, 5
    box_w = (width - 2 * MARGIN) / columns
    box_h = (height - 2 * MARGIN - 10) / rows
    cards: dict[str, list[str]] = {}
    for (number, variant), card in catalog.cards.items():
        for option in card.options:
            cards.setdefault(option, []).append(f"{number}{variant}")
    pieces = [catalog.pieces[key] for key in sorted(catalog.pieces)]
    words = [catalog_lines(piece, cards.get(piece.id, []), box_w - 6) for piece in pieces]
    tops = [max(CATALOG_ART_TOP, 3 + below + 1.5) for _, below in words]
    square = min([CATALOG_SQUARE, *(min(
        (box_w - 4) / (piece.art.width + 0.4), (box_h - 2 - top) / (piece.art.height + 0.4))
        for piece, top in zip(pieces, tops, strict=True))])
    per_page = columns * rows
    figures = []
    for start in range(0, len(pieces), per_page):
        fig, page = NEW_PAGES.page(width, height)
        page_number = start // per_page + 1
        put_text(page, MARGIN, MARGIN - 4, "Home Staging - furniture catalog", 11,
                 fontweight="bold")
        put_text(page, width - MARGIN, MARGIN - 4, f"page {page_number}", READABLE,
                 ha="right", color="#777777")
        for i in range(start, min(start + per_page, len(pieces))):
            piece, (lines, _) = pieces[i], words[i]
            bx = MARGIN + (i % columns) * box_w
            by = MARGIN + 6 + (i % per_page // columns) * box_h
            page.add_artist(Rectangle((bx + 1, by + 1), box_w - 2, box_h - 2, facecolor="none",
                                      edgecolor="#cccccc", linewidth=0.5, gid="catalog-box"))
            for line in lines:
                style = CATALOG_STYLES[line.gid]
                x = bx + box_w - 3 if style.get("ha") == "right" else bx + 3
                put_text(page, x, by + 3 + line.down, line.text, line.size, gid=line.gid,
                         **style)
            shape = piece.art
            ax_w, ax_h = square * (shape.width + 0.4), square * (shape.height + 0.4)
            ax = NEW_PAGES.axes_at(fig, (width, height),
                                    (bx + (box_w - ax_w) / 2, by + tops[i], ax_w, ax_h))
            ax.set_xlim(-0.2, shape.width + 0.2)
            ax.set_ylim(shape.height + 0.2, -0.2)
            ax.set_aspect("equal")
            ax.set_axis_off()
            draw_piece(piece, ax, label=False, one_path=True)
        figures.append(fig)
    return figures


def catalog_sheet(catalog: Catalog, path: str | Path, *, paper: str = "a4") -> None:
    """Write a PDF of every piece of ``catalog`` with its id, name, tags and cards."""
    figures = catalog_figures(catalog, paper=paper)
    write_atomic(path, _pdf(figures, "Home Staging - furniture catalog", "Furniture pieces"))
