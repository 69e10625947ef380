"""Printable PDFs: project pages with blank drawing sheets, and the furniture catalog.

Pages are laid out in millimetres on plain matplotlib figures the size of the paper and
written with the PDF backend (TrueType fonts embedded, fixed metadata, no dates), so
the same project always gives the same bytes.

Public functions:

* ``print_project(project, path, *, paper="a4", sheets=1)`` the project page, then
  ``sheets`` blank drawing sheets with the house pre-drawn.
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
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.catalog import Catalog
from ..core.project import SPECIAL_RULES, Project
from ..formats.output import write_atomic
from ..formats.parfile import par_for
from ..scoring.card import EMPTY_ROOM_POINTS
from ..text.pages import DIFFICULTY
from .drawing import (
    LIGHT_COLORS,
    PAPERS,
    draw_house,
    draw_piece,
    paper_size,
    text_extent,
)
from .markers import CORNERS, marker_bits, marker_box, marker_id
from .paperkit import pdf_bytes

if TYPE_CHECKING:
    from matplotlib.artist import Artist
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
    "projects_pdf",
]

MAX_SHEETS = 20
"""The most blank drawing sheets one project prints (a table of players); the sheet is
drawn once and its page repeated, so printing stays fast and small in memory."""
MM = 1 / 25.4  # inches per millimetre
MARGIN = 12.0
HEADER = 12.0
GAP = 5.0
ROW = 6.5
SIDE_COLUMN = 80.0
WILD_BOX = 58.0
MAX_SQUARE = 12.0
MIN_SQUARE = 9.0
#: The paper a drawing sheet moves to when its squares would be under MIN_SQUARE on the
#: paper asked for (its name, as the sheet says it, and its size in millimetres).
LARGER_PAPER = {"a4": ("A3", (297.0, 420.0)), "letter": ("Tabloid", (279.4, 431.8))}
TABLE_FONT = 7.5
#: The grid axes' extent around the sheet, in squares: the coordinates and two markers on
#: the left and top (GRID_MARGIN), the other markers on the right and bottom (FAR_MARGIN,
#: just enough for a marker: the page around it is white).
GRID_MARGIN = 1.0
FAR_MARGIN = 0.9
LEGEND_W = 58.0
LEGEND_ROW = 5.4
LEGEND_FONT = 8.0
_CHAR = 0.56 * 0.3528  # average character width in mm per point of font size
_BOLD = 1.14  # how much wider bold characters are


def _paper(paper: str) -> tuple[float, float]:
    return paper_size(paper)


def _wrap(text: str, width_mm: float, size: float) -> list[str]:
    return textwrap.wrap(text, max(10, int(width_mm / (size * _CHAR)))) or [""]


# ---------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class BlankSheetLayout:
    """Where a drawing sheet puts things, in millimetres from the page's top-left."""

    paper: str
    landscape: bool
    page: tuple[float, float]
    square: float
    grid: tuple[float, float, float, float]  # x, y, width, height of the grid axes
    table: tuple[float, float, float]  # x, y, width of the score table
    wild: tuple[float, float, float, float]  # x, y, width, height of the wild-card box
    rows: tuple[tuple[str, tuple[str, ...], str], ...]  # (kind, text lines, points)
    legend: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # drawing conventions


def _table_rows(project: Project, text_width: float) -> list[tuple[str, tuple[str, ...], str]]:
    rows: list[tuple[str, tuple[str, ...], str]] = [("head", ("Score",), "Points")]
    rows += [("room", (room.name,), "") for room in project.rooms]
    rows.append(("penalty", (f"Empty rooms: {EMPTY_ROOM_POINTS} each",), ""))
    for bonus in project.bonuses:
        rows.append(("bonus", tuple(_wrap(bonus.text, text_width, TABLE_FONT)), ""))
    rows.append(("total", ("Total",), ""))
    rows.append(("tie", ("Tie-break: reachable pieces",), ""))
    return rows


def _row_height(lines: Sequence[str]) -> float:
    return max(ROW, 3.3 * len(lines) + 2.6)


def _legend_height(width: float) -> float:
    """The height of the drawing conventions' box laid out in columns of LEGEND_W."""
    from .pencil import CONVENTIONS

    columns = max(1, int(width // LEGEND_W))
    return 8.0 + LEGEND_ROW * -(-len(CONVENTIONS) // columns) + 1.5


def blank_sheet_layout(project: Project, paper: str = "a4") -> BlankSheetLayout:
    """The drawing sheet's layout on ``paper``: portrait with the score table under the
    grid; or, when that gives clearly bigger squares (any bigger ones when portrait
    squares would be under 9 mm), landscape with the table beside the grid or under it,
    whichever gives the bigger squares (a wide house fills the page's width, the table
    under it). When the squares would still be under 9 mm, the sheet goes on the
    larger paper of :data:`LARGER_PAPER` (A3 for A4, Tabloid for Letter), which its
    ``paper`` then names, and the sheet says so."""
    layout = _best_layout(project, paper, _paper(paper))
    if layout.square < MIN_SQUARE and paper.lower() in LARGER_PAPER:
        name, size = LARGER_PAPER[paper.lower()]
        larger = _best_layout(project, name.lower(), size)
        if larger.square > layout.square:
            return larger
    return layout


def _best_layout(project: Project, paper: str, size: tuple[float, float]) -> BlankSheetLayout:
    page_w, page_h = size
    portrait, *landscapes = (_sheet_layout(project, paper, (page_w, page_h), beside=False),
                             _sheet_layout(project, paper, (page_h, page_w), beside=True),
                             _sheet_layout(project, paper, (page_h, page_w), beside=False))
    landscape = max(landscapes, key=lambda option: option.square)  # the first on a tie
    small = portrait.square < MIN_SQUARE
    if landscape.square > portrait.square and (small or 0.9 * landscape.square > portrait.square):
        return landscape
    return portrait


def _sheet_layout(project: Project, paper: str, page: tuple[float, float], *,
                  beside: bool) -> BlankSheetLayout:
    """The drawing sheet on a page of ``page`` (width, height): the wild card, score
    table and drawing conventions in a column beside the grid, or under it."""
    w, h = page
    columns = project.width + GRID_MARGIN + FAR_MARGIN
    rows = project.height + GRID_MARGIN + FAR_MARGIN
    top = MARGIN + HEADER
    if beside:
        table_w = SIDE_COLUMN
        table_rows = _table_rows(project, table_w - 26)
        table_h = sum(_row_height(lines) for _, lines, _ in table_rows)
        avail_w = w - 2 * MARGIN - SIDE_COLUMN - GAP
        avail_h = h - top - MARGIN
    else:
        table_w = w - 2 * MARGIN - WILD_BOX - GAP
        table_rows = _table_rows(project, table_w - 26)
        table_h = sum(_row_height(lines) for _, lines, _ in table_rows)
        side_h = 30.0 + GAP + _legend_height(WILD_BOX)
        avail_w = w - 2 * MARGIN
        avail_h = h - top - MARGIN - GAP - max(table_h, side_h)
    square = min(MAX_SQUARE, avail_w / columns, avail_h / rows)
    grid = (MARGIN, top, square * columns, square * rows)
    if beside:
        side_x = MARGIN + grid[2] + GAP
        wild = (side_x, top, SIDE_COLUMN, 30.0)
        table = (side_x, top + 30.0 + GAP, SIDE_COLUMN)
        legend = (side_x, table[1] + table_h + GAP, SIDE_COLUMN, _legend_height(SIDE_COLUMN))
    else:
        below = top + grid[3] + GAP
        table = (MARGIN, below, table_w)
        wild = (MARGIN + table_w + GAP, below, WILD_BOX, 30.0)
        legend = (wild[0], below + 30.0 + GAP, WILD_BOX, _legend_height(WILD_BOX))
    return BlankSheetLayout(paper.lower(), w > h, page, square, grid, table, wild,
                            tuple(table_rows), legend)


# ---------------------------------------------------------------------------- pages


class _Pages:
    """Where the pages are drawn: each page on a figure of its own (the default), or,
    with ``reuse``, each on the figure of the page before, emptied first.

    A figure with its axes costs more to make than most of what is drawn on it (a
    book's 28 pages made 67 sets of axes, 7 % of the command's time); so a PDF written
    page by page, each page written before the next is drawn (:func:`_pdf` consuming
    :func:`_book_figures`), draws them all on one figure (14 sets of axes for the
    book): the page's axes stay, the other axes are put aside and given to the next
    page that asks for axes, and what was drawn (whatever an axes holds that it did
    not hold when made) is taken off through matplotlib's public interface
    (``Artist.remove``, ``Figure.delaxes``, ``Figure.add_axes(ax)``,
    ``Axes.set_position``); what the pages set on an axes (limits, aspect, axis shown)
    is set again. The PDF is the same to the byte as with new figures
    (``tests/test_printing.py`` compares them, and what each page holds).
    """

    def __init__(self, *, reuse: bool = False) -> None:
        self.reuse = reuse
        self._last: tuple[Figure, Axes] | None = None
        self._spare: list[Axes] = []
        self._own: dict[Axes, set[Artist]] = {}  # each axes' children when made

    def page(self, width: float, height: float) -> tuple[Figure, Axes]:
        """A figure the size of the page with an axes in millimetres (y downwards)."""
        if self._last is None:
            from matplotlib.figure import Figure

            fig = Figure(figsize=(width * MM, height * MM))
            page = self._made(fig.add_axes((0.0, 0.0, 1.0, 1.0)))
            if self.reuse:
                self._last = fig, page
        else:
            fig, page = self._last
            self._empty(page)
            for ax in fig.axes:
                if ax is not page:
                    fig.delaxes(ax)
                    self._empty(ax)
                    self._spare.append(ax)
            fig.set_size_inches(width * MM, height * MM)
        page.set_xlim(0, width)
        page.set_ylim(height, 0)
        page.set_axis_off()
        return fig, page

    def axes_at(self, fig: Figure, page: tuple[float, float],
                box: tuple[float, float, float, float]) -> Axes:
        """An axes at ``box`` = (x, y, width, height) in millimetres from the top-left."""
        x, y, w, h = box
        page_w, page_h = page
        position = (x / page_w, 1 - (y + h) / page_h, w / page_w, h / page_h)
        if not self._spare:
            return self._made(fig.add_axes(position))
        ax = fig.add_axes(self._spare.pop())
        ax.set_position(position)
        return ax

    def _made(self, ax: Axes) -> Axes:
        if self.reuse:
            self._own[ax] = set(ax.get_children())
        return ax

    def _empty(self, ax: Axes) -> None:
        """Remove everything drawn on ``ax`` (what it holds that it did not hold when
        made); set its aspect and axis back as they were."""
        own = self._own[ax]
        for artist in ax.get_children():
            if artist not in own:
                artist.remove()
        ax.set_aspect("auto")
        ax.set_axis_on()


_NEW_PAGES = _Pages()
"""Pages on figures of their own (every function returning figures)."""


def _text(page: Axes, x: float, y: float, text: str, size: float = 9.0, **options: Any) -> None:
    options.setdefault("va", "top")
    page.text(x, y, text, fontsize=size, **options)


def _paragraph(page: Axes, x: float, y: float, text: str, width: float, size: float = 9.0,
               **options: Any) -> float:
    """Write wrapped text; return the y below it."""
    step = size * 0.3528 * 1.35
    for line in _wrap(text, width, size):
        _text(page, x, y, line, size, **options)
        y += step
    return y


def _line(page: Axes, xs: Sequence[float], ys: Sequence[float], **style: Any) -> None:
    """A line through the points: the line ``page.plot(xs, ys, **style)`` makes when
    given a colour, added as an artist: a page's limits are set before anything is
    drawn, so nothing here touches the axes' data limits (nor anywhere in this module:
    shapes go in with ``add_artist``, collections with ``autolim=False``)."""
    from matplotlib.lines import Line2D

    page.add_artist(Line2D(xs, ys, **style))


def _heading(page: Axes, x: float, y: float, text: str, width: float) -> float:
    _text(page, x, y, text, 11, fontweight="bold")
    _line(page, [x, x + width], [y + 5.2, y + 5.2], color="#999999", linewidth=0.5)
    return y + 7.0


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
    _text(page, right, y + 6.5, "difficulty", 7, ha="right", color="#666666")


def _project_page(project: Project, paper: str, page_number: int | None = None,
                  pages: _Pages = _NEW_PAGES) -> Figure:
    """Page 1: what the projects book shows for this project (with its page number in
    the book, when given)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    width, height = _paper(paper)
    fig, page = pages.page(width, height)
    left, right = MARGIN + 3, width - MARGIN - 3
    text_w = right - left
    _text(page, left, MARGIN, f"PROJECT {project.number}", 10, color="#777777",
          fontweight="bold")
    _text(page, left, MARGIN + 5, project.name, 22, fontweight="bold", gid="project-name")
    _difficulty(page, right, MARGIN + 3, project.difficulty)
    figures = par_for(project)
    if figures is not None:
        _text(page, right, MARGIN + 13, f"par {figures.par}", 10, ha="right",
              fontweight="bold", color="#2b6cb0", gid="par")
    y = MARGIN + 18
    if project.description:
        y = _paragraph(page, left, y, project.description, text_w, 10) + 3

    # The house, drawn small, and the room cards beside it.
    house_w = min(105.0, text_w * 0.58)
    square = min(house_w / (project.width + 1.15), 80.0 / (project.height + 1.15))
    house_box = (left, y, square * (project.width + 1.15), square * (project.height + 1.15))
    ax = pages.axes_at(fig, (width, height), house_box)
    draw_house(ax, project, cell_pt=square / 25.4 * 72)
    rooms_x = left + house_w + 6
    rooms_w = right - rooms_x
    page.add_artist(FancyBboxPatch((rooms_x, y), rooms_w, 8 + 12.5 * len(project.rooms),
                                   boxstyle="round,pad=0,rounding_size=2", facecolor="#f7f4ee",
                                   edgecolor="#bbbbbb", linewidth=0.6, gid="rooms-box"))
    _text(page, rooms_x + 3, y + 2, "Rooms", 11, fontweight="bold")
    ry = y + 9
    for room in project.rooms:
        _text(page, rooms_x + 3, ry, room.name, 9, fontweight="bold", gid="room-name")
        _text(page, rooms_x + rooms_w - 3, ry + 0.3, room.type, 7.5, ha="right", color="#666666")
        cx = rooms_x + 3
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
        ry += 12.5
    below = y + house_box[3]
    if project.obstacles:
        _text(page, left, below + 1.5, "Hatched squares are obstacles: nothing may cover them.",
              7.5, color="#555555")
        below += 5
    y = max(below, ry) + 5

    y = _heading(page, left, y, "Special rules", text_w)
    if project.special_rules:
        for rule in project.special_rules:
            meaning = SPECIAL_RULES.get(rule, "")
            _text(page, left, y, rule, 9, fontweight="bold", gid="special-rule")
            y = _paragraph(page, left + 28, y, meaning, text_w - 28, 9) + 1.5
    else:
        _text(page, left, y, "None: the standard rules apply.", 9, color="#555555")
        y += 5.5
    y += 3
    y = _heading(page, left, y, "Bonuses", text_w)
    for bonus in project.bonuses:
        points = f"{bonus.points:+d}" + (" each" if bonus.per else "")
        if bonus.max is not None:
            points += f" (max {bonus.max})"
        _text(page, right, y, points, 9, ha="right", fontweight="bold", gid="bonus-points")
        y = _paragraph(page, left, y, bonus.text, text_w - 32, 9, gid="bonus-text") + 1.5
    if not project.bonuses:
        _text(page, left, y, "None.", 9, color="#555555")
        y += 5.5
    hatching = look_alike_hatches(project)
    if hatching:
        y += 3
        y = _heading(page, left, y, "Hatching: look-alike pieces", text_w)
        y = _paragraph(page, left, y, "Some pieces of a room look the same on paper; hatch "
                       "each its own way, so that a photo of the sheet tells them apart.",
                       text_w, 8.5, color="#555555") + 1
        for room_name, text in hatching:
            _text(page, left, y, room_name, 9, fontweight="bold")
            y = _paragraph(page, left + 33, y, text, text_w - 33, 9, gid="hatching") + 1
    if project.tips:
        y += 3
        y = _heading(page, left, y, "Tips", text_w)
        y = _paragraph(page, left, y, project.tips, text_w, 9, style="italic")
    footer = f"Home Staging - project {project.number}"
    if page_number is not None:
        footer += f" - page {page_number}"
    from .roundpage import ROUND_LINE

    page.text(width / 2, height - MARGIN / 2 - 4, ROUND_LINE, fontsize=6.5, ha="center",
              va="center", color="#777777", gid="round-line")
    page.text(width / 2, height - MARGIN / 2, footer, fontsize=7, ha="center", va="center",
              color="#999999", gid="page-footer")
    return fig


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


def _markers(ax: Axes, project: Project) -> None:
    """The four ArUco markers outside the grid's corners, in sheet coordinates: each a
    black square, its white bits one collection over it (an artist per bit made the
    sheet's slowest part after its text)."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    for corner in CORNERS:
        x, y, size = marker_box(corner, project.width, project.height)
        bits = marker_bits(marker_id(project.number, corner))
        cell = size / (len(bits) + 2)
        ax.add_artist(Rectangle((x, y), size, size, facecolor="black", edgecolor="none",
                                zorder=20, gid=f"marker-{corner}"))
        white = [Rectangle((x + (column + 1) * cell, y + (row + 1) * cell), cell, cell)
                 for row, values in enumerate(bits) for column, bit in enumerate(values) if bit]
        ax.add_collection(PatchCollection(white, facecolors="white", edgecolors="none",
                                          antialiaseds=False, zorder=21,
                                          gid=f"marker-{corner}-bits"), autolim=False)


def _legend(page: Axes, box: tuple[float, float, float, float]) -> None:
    """The drawing conventions in small type, each with a pencil example."""
    from matplotlib.patches import Rectangle

    from .pencil import CONVENTIONS, draw_convention

    x, y, w, h = box
    page.add_artist(Rectangle((x, y), w, h, facecolor="none", edgecolor="#bbbbbb",
                              linewidth=0.5, gid="legend-box"))
    _text(page, x + 2, y + 1.6, "How to draw (for the scanner)", LEGEND_FONT, fontweight="bold",
          color="#444444")
    columns = max(1, int(w // LEGEND_W))
    per_column = -(-len(CONVENTIONS) // columns)
    glyph = 4.0
    for index, (kind, text) in enumerate(CONVENTIONS):
        cx = x + 2 + (index // per_column) * (w / columns)
        cy = y + 7.5 + (index % per_column) * LEGEND_ROW
        if kind in ("front-door", "window"):  # the printed wall they stand against
            wall_y = cy + glyph * (0.78 if kind == "front-door" else 0.52)
            _line(page, [cx, cx + glyph], [wall_y, wall_y], color=LIGHT_COLORS["wall"],
                  linewidth=1.6, solid_capstyle="butt")
        draw_convention(page, kind, cx, cy, glyph, seed=index)
        page.text(cx + glyph + 1.6, cy + glyph / 2, text, fontsize=LEGEND_FONT, va="center",
                  color="#444444", gid="convention")


def _drawing_sheet(project: Project, paper: str, sheet: Sheet | None = None,
                   seed: int = 0, smudges: int = 0, wobble: float = 1.0,
                   pages: _Pages = _NEW_PAGES) -> Figure:
    """A drawing sheet: name fields, the house pre-drawn, wild card and score table; with
    ``sheet``, its plan drawn on it by hand (see :func:`~.pencil.draw_by_hand`)."""
    from matplotlib.patches import FancyBboxPatch, Rectangle

    layout = blank_sheet_layout(project, paper)
    width, height = layout.page
    fig, page = pages.page(width, height)
    y = MARGIN
    _text(page, MARGIN, y + 2, "Name:", 11, fontweight="bold")
    _line(page, [MARGIN + 15, MARGIN + 85], [y + 7, y + 7], color="#333333", linewidth=0.6)
    if sheet is not None and sheet.player:
        from .pencil import GRAPHITE

        _text(page, MARGIN + 17, y + 1.2, sheet.player, 12, color=GRAPHITE, style="italic",
              gid="player")
    label = f"Project {project.number}: {project.name}"
    _text(page, width - MARGIN, y + 2, label, 11, ha="right", fontweight="bold",
          gid="sheet-project")
    if layout.paper != paper.lower() or layout.landscape:
        name = LARGER_PAPER[paper.lower()][0] if layout.paper != paper.lower() else paper.upper()
        _text(page, width - MARGIN, y + 7.5, f"Print {'landscape ' if layout.landscape else ''}"
              f"on {name} paper: squares of {layout.square:.1f} mm", 8, ha="right",
              color="#555555", gid="sheet-paper")

    ax = pages.axes_at(fig, layout.page, layout.grid)
    cell_pt = layout.square / 25.4 * 72
    draw_house(ax, project, cell_pt=cell_pt, light=True)
    ax.set_xlim(-GRID_MARGIN, project.width + FAR_MARGIN)
    ax.set_ylim(project.height + FAR_MARGIN, -GRID_MARGIN)
    _markers(ax, project)
    if sheet is not None:
        from .pencil import draw_by_hand

        draw_by_hand(ax, sheet, seed=seed, cell_pt=cell_pt, smudges=smudges, wobble=wobble)
    _legend(page, layout.legend)

    wx, wy, ww, wh = layout.wild
    page.add_artist(Rectangle((wx, wy), ww, wh, facecolor="none", edgecolor="#333333",
                              linewidth=0.8, gid="wild-box"))
    _text(page, wx + 3, wy + 2.5, "Wild card", 10, fontweight="bold")
    card_w, card_h = 11.0, 15.0
    cx, cy = wx + 3, wy + 9
    page.add_artist(FancyBboxPatch((cx, cy), card_w, card_h,
                                   boxstyle="round,pad=0,rounding_size=1.2", facecolor="#fbe8b8",
                                   edgecolor="#c79a2c", linewidth=0.8, gid="wild-card"))
    page.text(cx + card_w / 2, cy + card_h / 2, "W", fontsize=14, ha="center", va="center",
              fontweight="bold", color="#7a5200")
    note_x = cx + card_w + 3
    note = ("Once per game: mirror one piece, or take the other option of a card. "
            "Cross out when used.")
    _paragraph(page, note_x, cy, note, wx + ww - note_x - 2, 6.5, color="#444444")

    tx, ty, tw = layout.table
    points_w = 20.0
    filled: dict[tuple[str, int], str] = {}
    if sheet is not None:
        from ..text.scorefill import pad_points

        filled = pad_points(sheet)
    seen: dict[str, int] = {}
    for kind, lines, points in layout.rows:
        row_h = _row_height(lines)
        index = seen[kind] = seen.get(kind, -1) + 1
        if (kind, index) in filled:
            from .pencil import GRAPHITE

            page.text(tx + tw - points_w / 2, ty + row_h / 2, filled[kind, index], fontsize=11,
                      ha="center", va="center", color=GRAPHITE, style="italic",
                      gid="score-filled")
        bold = kind in ("head", "total")
        page.add_artist(Rectangle((tx, ty), tw, row_h, facecolor="#eeeeee" if kind == "head"
                                  else "white", edgecolor="#333333",
                                  linewidth=1.2 if kind == "total" else 0.6, gid=f"score-{kind}"))
        _line(page, [tx + tw - points_w] * 2, [ty, ty + row_h], color="#333333", linewidth=0.6)
        text_y = ty + row_h / 2 - (len(lines) - 1) * 3.3 / 2
        for i, line in enumerate(lines):
            page.text(tx + 2, text_y + i * 3.3, line, fontsize=TABLE_FONT, va="center",
                      fontweight="bold" if bold else "normal", gid="score-row")
        if points:
            page.text(tx + tw - points_w / 2, ty + row_h / 2, points, fontsize=TABLE_FONT,
                      ha="center", va="center", fontweight="bold")
        ty += row_h
    return fig


def filled_figure(sheet: Sheet, *, paper: str = "a4", seed: int = 0, smudges: int = 0,
                  wobble: float = 1.0) -> Figure:
    """The drawing sheet of ``sheet``'s project with its plan drawn on it in pencil
    (``smudges`` erasure marks, the hand's unsteadiness scaled by ``wobble``)."""
    return _drawing_sheet(sheet.project, paper, sheet, seed, smudges, wobble)


def print_filled(sheet: Sheet, path: str | Path, *, paper: str = "a4", seed: int = 0) -> None:
    """Write the drawing sheet with ``sheet``'s plan drawn on it by hand to a PDF."""
    _paper(paper)
    title = f"Home Staging - {sheet.player or 'a plan'} on project {sheet.project.number}"
    write_atomic(path, _pdf([filled_figure(sheet, paper=paper, seed=seed)], title,
                            "Drawing sheet filled in by hand"))


def project_figures(project: Project, *, paper: str = "a4", sheets: int = 1,
                    page_number: int | None = None) -> list[Figure]:
    """The project page (numbered ``page_number`` in a book), then ``sheets`` blank
    drawing sheets (one figure, repeated)."""
    return list(_project_figures(project, paper, sheets, page_number, _NEW_PAGES))


def _project_figures(project: Project, paper: str, sheets: int, page_number: int | None,
                     pages: _Pages) -> Iterator[Figure]:
    """:func:`project_figures` one after the other, each made when the one before has
    been used (with reused ``pages``: written)."""
    if not 0 <= sheets <= MAX_SHEETS:
        raise ValueError(f"the number of drawing sheets is 0 to {MAX_SHEETS}, found {sheets}")
    yield _project_page(project, paper, page_number, pages)
    if sheets:
        sheet = _drawing_sheet(project, paper, pages=pages)
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


def book_pages(projects: Sequence[Project], *, sheets: int = 1, book: bool = False) -> int:
    """How many pages :func:`projects_pdf` makes."""
    appendix = _appendix_pages() if book else 0
    return (FRONT_PAGES if book else 0) + len(projects) * (1 + sheets) + appendix


def _appendix_pages() -> int:
    """The book's pages after its projects: the round at the table, then the cards."""
    from ..formats.catalogreader import bundled_catalog
    from .cardpages import card_pages

    return 1 + card_pages(bundled_catalog())


def first_pages(projects: Sequence[Project], *, sheets: int = 1) -> list[int]:
    """The page number of each project's page in the book (the cover is page 1)."""
    return [FRONT_PAGES + 1 + index * (1 + sheets) for index in range(len(projects))]


def projects_pdf(projects: Sequence[Project], *, paper: str = "a4", sheets: int = 1,
                 book: bool = False, progress: Callable[[int], None] | None = None) -> bytes:
    """The PDF bytes of the projects' pages and drawing sheets, in the order given; a
    ``book`` opens with a cover and a contents page and numbers the project pages.
    ``progress(1)`` is called after each page."""
    _paper(paper)
    if len(projects) == 1 and not book:
        title = f"Home Staging - project {projects[0].number}: {projects[0].name}"
    else:
        title = "Home Staging - projects book"
    return _pdf(_book_figures(projects, paper, sheets, book, _Pages(reuse=True)), title,
                "Project page and blank drawing sheets", progress)


def _book_figures(projects: Sequence[Project], paper: str, sheets: int, book: bool,
                  pages: _Pages) -> Iterator[Figure]:
    """The figures of :func:`projects_pdf`'s pages in order, each made when the one
    before has been written (``pages`` may draw them all on one figure)."""
    numbers: list[int | None] = (list(first_pages(projects, sheets=sheets)) if book
                                 else [None] * len(projects))
    if book:
        yield _cover_page(projects, paper, pages)
        yield _contents_page(projects, paper, sheets, pages)
    for project, number in zip(projects, numbers, strict=True):
        yield from _project_figures(project, paper, sheets, number, pages)
    if book:  # the appendix: a round at the table, then the furniture cards
        from ..formats.catalogreader import bundled_catalog
        from .cardpages import card_figures
        from .roundpage import round_figure

        after = FRONT_PAGES + len(projects) * (1 + sheets) + 1
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
    return _cover_page(projects, paper, _NEW_PAGES)


def _cover_page(projects: Sequence[Project], paper: str, pages: _Pages) -> Figure:
    width, height = _paper(paper)
    fig, page = pages.page(width, height)
    left, right = MARGIN + 3, width - MARGIN - 3
    _text(page, width / 2, MARGIN + 18, "Home Staging", 34, ha="center", fontweight="bold",
          gid="cover-title")
    _text(page, width / 2, MARGIN + 34, "Projects book", 16, ha="center", color="#555555",
          gid="cover-subtitle")
    levels = sorted({project.difficulty for project in projects})
    spread = " to ".join(DIFFICULTY.get(level, str(level)) for level in (levels[0], levels[-1])
                         ) if levels and levels[0] != levels[-1] else (
        DIFFICULTY.get(levels[0], "") if levels else "")
    count = f"{len(projects)} project{'' if len(projects) == 1 else 's'}"
    _text(page, width / 2, MARGIN + 44, count + (f", {spread}" if spread else ""), 10,
          ha="center", color="#777777")
    columns = 3 if len(projects) > 4 else 2
    rows = max(1, -(-len(projects) // columns))
    top, bottom = MARGIN + 56, height - MARGIN - 16
    cell_w = (right - left) / columns
    cell_h = min(52.0, (bottom - top) / rows)
    for index, project in enumerate(projects):
        row, column = divmod(index, columns)
        x, y = left + column * cell_w, top + row * cell_h
        _text(page, x + 2, y, f"{project.number}. {project.name}", 8, fontweight="bold",
              gid="cover-project")
        box_w, box_h = cell_w - 8, cell_h - 10
        square = min(box_w / (project.width + 0.3), box_h / (project.height + 0.3))
        ax = pages.axes_at(fig, (width, height), (x + 2, y + 5, square * (project.width + 0.3),
                                                  square * (project.height + 0.3)))
        draw_house(ax, project, cell_pt=square / 25.4 * 72, coordinates=False,
                   feature_labels=False)
    _text(page, width / 2, height - MARGIN - 6,
          "Each project: a page to read, then drawing sheets to play on.", 9, ha="center",
          color="#555555")
    return fig


def contents_page(projects: Sequence[Project], paper: str, *, sheets: int = 1) -> Figure:
    """The book's contents: number, name, difficulty, rooms and the page of each
    project, with dotted leaders."""
    return _contents_page(projects, paper, sheets, _NEW_PAGES)


def _contents_page(projects: Sequence[Project], paper: str, sheets: int,
                   pages: _Pages) -> Figure:
    width, height = _paper(paper)
    fig, page = pages.page(width, height)
    left, right = MARGIN + 3, width - MARGIN - 3
    _text(page, left, MARGIN + 2, "Contents", 22, fontweight="bold", gid="contents-title")
    y = MARGIN + 20
    columns = {"number": left, "name": left + 12, "level": right - 62, "rooms": right - 36,
               "page": right}
    for key, text in (("number", "No."), ("name", "Project"), ("level", "Difficulty"),
                      ("rooms", "Rooms")):
        _text(page, columns[key], y, text, 8.5, fontweight="bold", color="#555555")
    _text(page, right, y, "Page", 8.5, ha="right", fontweight="bold", color="#555555")
    y += 6
    _line(page, [left, right], [y, y], color="#999999", linewidth=0.5)
    y += 3
    step = min(11.0, (height - MARGIN - 24 - y) / (len(projects) + 2))
    for project, first in zip(projects, first_pages(projects, sheets=sheets), strict=True):
        _text(page, columns["number"], y, str(project.number), 10, gid="contents-number")
        _text(page, columns["name"], y, project.name, 10, fontweight="bold",
              gid="contents-name")
        leader_from = columns["name"] + text_extent(project.name, bold=True)[0] * 10 / MM / 72 + 2
        _line(page, [leader_from, columns["level"] - 3], [y + 2.6] * 2, color="#bbbbbb",
              linewidth=0.8, linestyle=(0, (1, 2)))
        _text(page, columns["level"], y, DIFFICULTY.get(project.difficulty,
                                                        str(project.difficulty)), 9)
        _text(page, columns["rooms"], y, str(len(project.rooms)), 9)
        _text(page, right, y, str(first), 10, ha="right", fontweight="bold",
              gid="contents-page")
        y += step
    note = (f"Each project page is followed by {sheets} blank drawing sheet"
            f"{'' if sheets == 1 else 's'} with the house pre-drawn." if sheets else
            "No drawing sheets in this book.")
    after = FRONT_PAGES + len(projects) * (1 + sheets) + 1
    y += 4
    for name, first in (("A round at the table, in pictures", after),
                        ("Appendix: the furniture cards, to cut out", after + 1)):
        _text(page, columns["name"], y, name, 10, fontweight="bold", gid="contents-extra")
        _text(page, right, y, str(first), 10, ha="right", fontweight="bold", gid="contents-page")
        y += step
    _paragraph(page, left, height - MARGIN - 12, note, right - left, 8.5, color="#555555")
    page.text(width / 2, height - MARGIN / 2, "Home Staging - contents - page 2", fontsize=7,
              ha="center", va="center", color="#999999", gid="page-footer")
    return fig



# ---------------------------------------------------------------------------- catalog


def catalog_figures(catalog: Catalog, *, paper: str = "a4") -> list[Figure]:
    """Pages of every piece of the catalog (in id order), drawn at one scale."""
    width, height = _paper(paper)
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
        fig, page = _NEW_PAGES.page(width, height)
        page_number = start // per_page + 1
        _text(page, MARGIN, MARGIN - 4, "Home Staging - furniture catalog", 11, fontweight="bold")
        _text(page, width - MARGIN, MARGIN - 4, f"page {page_number}", 8, ha="right",
              color="#777777")
        for i, piece in enumerate(pieces[start:start + per_page]):
            bx = MARGIN + (i % columns) * box_w
            by = MARGIN + 6 + (i // columns) * box_h
            from matplotlib.patches import Rectangle

            page.add_artist(Rectangle((bx + 1, by + 1), box_w - 2, box_h - 2, facecolor="none",
                                      edgecolor="#cccccc", linewidth=0.5))
            fits = (box_w - 7) / (len(piece.name) * _CHAR * _BOLD)  # a long name: smaller
            _text(page, bx + 3, by + 3, piece.name, min(9.0, fits), fontweight="bold",
                  gid="catalog-name")
            _text(page, bx + 3, by + 7.5, piece.id, 7,
                  color="#333333", gid="catalog-id")
            extra = ", ".join(piece.tags)
            if piece.wall:
                extra += f"; wall: {' '.join(sorted(piece.wall))}"
            if piece.hatch and not piece.is_rug:
                extra += f"; hatch: {piece.hatch}"
            _paragraph(page, bx + 3, by + 11, extra, box_w - 6, 6.5, color="#555555")
            found = cards.get(piece.id)
            if found:
                _text(page, bx + box_w - 3, by + 7.6, "card " + ", ".join(found), 6.5,
                      ha="right", color="#2b6cb0", gid="catalog-cards")
            shape = piece.art
            ax_w, ax_h = square * (shape.width + 0.4), square * (shape.height + 0.4)
            ax = _NEW_PAGES.axes_at(fig, (width, height),
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
