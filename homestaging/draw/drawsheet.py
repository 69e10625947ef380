"""The drawing sheet: its layout on the paper (the grid as large as the page allows, the
score table, the wild card, the drawing conventions), the corner markers a scan finds,
and the sheet drawn blank or with a plan pencilled on it (moved out of
:mod:`homestaging.draw.printing`, which prints it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.grid import cell_name, column_name, in_reading_order
from ..core.project import Project
from ..scoring import EMPTY_ROOM_POINTS
from .drawing import LIGHT_COLORS, text_extent
from .house import NAMES_OUT, coordinate_size, draw_house
from .markers import CORNERS, MARKER_SIZE, marker_bits, marker_box, marker_id
from .pagetools import (
    CHAR,
    GAP,
    HEADER,
    MARGIN,
    NEW_PAGES,
    READABLE,
    ROW,
    Pages,
    line_step,
    one_line,
    page_line,
    paper_mm,
    paragraph,
    put_text,
    wrap,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.sheet import Sheet

__all__ = ["WILD_EFFECTS", "BlankSheetLayout", "blank_sheet_layout", "drawing_sheet",
           "drawing_sheet_pages", "filled_figure", "sheet_pages", "wild_pieces"]

SIDE_COLUMN = 80.0
WILD_BOX = 58.0
MAX_SQUARE = 12.0
MIN_SQUARE = 9.0
#: The paper a drawing sheet moves to when its squares would be under MIN_SQUARE on the
#: paper asked for (its name, as the sheet says it, and its size in millimetres).
LARGER_PAPER = {"a4": ("A3", (297.0, 420.0)), "letter": ("Tabloid", (279.4, 431.8))}
TABLE_FONT = READABLE
#: Where the line to write the player's name on ends, from the page's margin (mm); the
#: project's name, right of it, is made smaller or cut to stay clear of it.
NAME_LINE = 85.0
#: The most of the page's height under the header that the score table takes under the
#: grid; its other rows go on the pages after the sheet (docs/printing.md)
TABLE_SHARE = 0.5
#: The least width of a column of the score table on the pages after the sheet
TABLE_COLUMN = 85.0
#: The grid axes' extent around the sheet, in squares: the coordinates and two markers on
#: the left and top (GRID_MARGIN), the other markers on the right and bottom (FAR_MARGIN,
#: just enough for a marker: the page around it is white).
GRID_MARGIN = 1.0
FAR_MARGIN = 0.9
#: The least gap between the coordinates and the top-left marker, in millimetres.
NAME_GAP = 0.5
#: More than a line of the coordinates' letters takes, in font sizes (no capital or digit
#: is wider than its size)
LINE_HEIGHT = 1.25
LEGEND_W = 58.0
LEGEND_ROW = 5.4
LEGEND_FONT = READABLE

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
    #: the score table's rows continued on the pages after the sheet: a tuple a page, in it
    #: a tuple a column
    more: tuple[tuple[tuple[tuple[str, tuple[str, ...], str], ...], ...], ...] = ()
    #: the grid axes' extent left of and above the sheet, in squares
    margin: tuple[float, float] = (GRID_MARGIN, GRID_MARGIN)
    #: how far outside the grid the column names' and the row names' centres stand
    names_out: tuple[float, float] = (NAMES_OUT, NAMES_OUT)


def _table_rows(project: Project, text_width: float) -> list[tuple[str, tuple[str, ...], str]]:
    rows: list[tuple[str, tuple[str, ...], str]] = [("head", ("Score",), "Points")]
    rows += [("room", (room.name,), "") for room in project.rooms]
    rows.append(("penalty", (f"Empty rooms: {EMPTY_ROOM_POINTS} each",), ""))
    for bonus in project.bonuses:
        rows.append(("bonus", tuple(wrap(bonus.text, text_width, TABLE_FONT)), ""))
    rows.append(("total", ("Total",), ""))
    rows.append(("tie", ("Tie-break: reachable pieces",), ""))
    return rows


def _row_height(lines: Sequence[str]) -> float:
    return max(ROW, 3.3 * len(lines) + 2.6)


Row = tuple[str, tuple[str, ...], str]
CONTINUED_ROW: Row = ("more", ("Continued on the next page",), "")


def _split_rows(rows: Sequence[Row], room: float, *,
                note: bool = True) -> tuple[list[Row], list[Row]]:
    """The first rows that fit in ``room`` millimetres (at least one), with ``note`` the
    last of them saying the table is continued when some do not fit; and the rows left
    over."""
    if sum(_row_height(lines) for _, lines, _ in rows) <= room:
        return list(rows), []
    used, count = ROW if note else 0.0, 0
    for _, lines, _ in rows:
        if used + _row_height(lines) > room and count:
            break
        used += _row_height(lines)
        count += 1
    return [*rows[:count], *([CONTINUED_ROW] if note else [])], list(rows[count:])


def table_columns(page_w: float) -> tuple[int, float]:
    """How many columns of the score table a continued page holds, and their width."""
    count = max(1, int((page_w - 2 * MARGIN + GAP) // (TABLE_COLUMN + GAP)))
    return count, (page_w - 2 * MARGIN - GAP * (count - 1)) / count


def _table_pages(project: Project, left: int,
                 page: tuple[float, float]) -> tuple[tuple[tuple[Row, ...], ...], ...]:
    """The score table's last ``left`` rows, continued after the sheet on pages of
    ``page`` (width, height): each page in columns (:func:`table_columns`), each column
    a tuple of rows, the rows wrapped to the column."""
    if not left:
        return ()
    count, width = table_columns(page[0])
    rest = _table_rows(project, width - 26)[-left:]
    room = page[1] - MARGIN - HEADER - MARGIN - 6.0  # "continued on the next page" under
    columns = []
    while rest:
        shown, rest = _split_rows(rest, room, note=False)
        columns.append(tuple(shown))
    return tuple(tuple(columns[at:at + count]) for at in range(0, len(columns), count))


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
    layout = _best_layout(project, paper, paper_mm(paper))
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
    top = MARGIN + HEADER
    if beside:
        table_w = SIDE_COLUMN
        table_rows, rest = _split_rows(_table_rows(project, table_w - 26),
                                       h - top - MARGIN - _wild_height(SIDE_COLUMN) - 2 * GAP
                                       - _legend_height(SIDE_COLUMN))
        table_h = sum(_row_height(lines) for _, lines, _ in table_rows)
        avail_w = w - 2 * MARGIN - SIDE_COLUMN - GAP
        avail_h = h - top - MARGIN
    else:
        table_w = w - 2 * MARGIN - WILD_BOX - GAP
        table_rows, rest = _split_rows(_table_rows(project, table_w - 26),
                                       TABLE_SHARE * (h - top - MARGIN - GAP))
        table_h = sum(_row_height(lines) for _, lines, _ in table_rows)
        side_h = _wild_height(WILD_BOX) + GAP + _legend_height(WILD_BOX)
        avail_w = w - 2 * MARGIN
        avail_h = h - top - MARGIN - GAP - max(table_h, side_h)
    square = _square(project, avail_w, avail_h, (0.0, 0.0))
    names = _names_beside_markers(project, square)
    if names is None:
        margin, names_out = (GRID_MARGIN, GRID_MARGIN), (NAMES_OUT, NAMES_OUT)
    else:
        square = _square(project, avail_w, avail_h, names)
        gap = NAME_GAP / square
        beyond = GRID_MARGIN - (1 - MARKER_SIZE) / 2 + gap  # the markers' outer side, a gap
        margin = (beyond + names[0] / square, beyond + names[1] / square)
        names_out = (beyond + names[1] / square / 2, beyond + names[0] / square / 2)
    grid = (MARGIN, top, square * (project.width + margin[0] + FAR_MARGIN),
            square * (project.height + margin[1] + FAR_MARGIN))
    if beside:
        side_x = MARGIN + grid[2] + GAP
        wild = (side_x, top, SIDE_COLUMN, _wild_height(SIDE_COLUMN))
        table = (side_x, top + wild[3] + GAP, SIDE_COLUMN)
        legend = (side_x, table[1] + table_h + GAP, SIDE_COLUMN, _legend_height(SIDE_COLUMN))
    else:
        below = top + grid[3] + GAP
        table = (MARGIN, below, table_w)
        wild = (MARGIN + table_w + GAP, below, WILD_BOX, _wild_height(WILD_BOX))
        legend = (wild[0], below + wild[3] + GAP, WILD_BOX, _legend_height(WILD_BOX))
    return BlankSheetLayout(paper.lower(), w > h, page, square, grid, table, wild,
                            tuple(table_rows), legend, _table_pages(project, len(rest), page),
                            margin, names_out)


def _square(project: Project, avail_w: float, avail_h: float,
            names: tuple[float, float]) -> float:
    """The side of a square in millimetres when the grid takes ``avail_w`` x ``avail_h``
    and ``names`` (width, height in millimetres) stand beyond the markers, with a gap."""
    extra_w, extra_h = (names[0] + NAME_GAP, names[1] + NAME_GAP) if any(names) else (0, 0)
    return min(MAX_SQUARE, (avail_w - extra_w) / (project.width + GRID_MARGIN + FAR_MARGIN),
               (avail_h - extra_h) / (project.height + GRID_MARGIN + FAR_MARGIN))


def _names_beside_markers(project: Project, square: float) -> tuple[float, float] | None:
    """None when the coordinates, on squares of ``square`` mm, keep :data:`NAME_GAP`
    from the top-left marker (column A's name beside it, row 1's under it); else the
    widest row name's width and a name's height in millimetres, to put them beyond
    the markers (the smallest squares, where the names are larger than a square)."""
    size_mm = coordinate_size(square / 25.4 * 72) * 25.4 / 72
    to_marker = (0.5 + (1 - MARKER_SIZE) / 2) * square  # from the name's centre
    if to_marker - LINE_HEIGHT * size_mm / 2 >= NAME_GAP:  # clear, unmeasured
        return None
    a_width, height = (float(extent) * size_mm for extent in text_extent(column_name(0)))
    if to_marker - max(a_width, height) / 2 >= NAME_GAP:
        return None
    return float(text_extent(str(project.height))[0]) * size_mm, height


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
    put_text(page, x + 2, y + 1.6, "How to draw (for the scanner)", LEGEND_FONT, fontweight="bold",
          color="#444444")
    columns = max(1, int(w // LEGEND_W))
    per_column = -(-len(CONVENTIONS) // columns)
    glyph = 4.0
    for index, (kind, text) in enumerate(CONVENTIONS):
        cx = x + 2 + (index // per_column) * (w / columns)
        cy = y + 7.5 + (index % per_column) * LEGEND_ROW
        if kind in ("front-door", "window"):  # the printed wall they stand against
            wall_y = cy + glyph * (0.78 if kind == "front-door" else 0.52)
            page_line(page, [cx, cx + glyph], [wall_y, wall_y], color=LIGHT_COLORS["wall"],
                  linewidth=1.6, solid_capstyle="butt")
        draw_convention(page, kind, cx, cy, glyph, seed=index)
        page.text(cx + glyph + 1.6, cy + glyph / 2, text, fontsize=LEGEND_FONT, va="center",
                  color="#444444", gid="convention")


def drawing_sheet(project: Project, paper: str, sheet: Sheet | None = None,
                   seed: int = 0, smudges: int = 0, wobble: float = 1.0,
                   pages: Pages = NEW_PAGES) -> Figure:
    """A drawing sheet: name fields, the house pre-drawn, wild card and score table; with
    ``sheet``, its plan drawn on it by hand (see :func:`~.pencil.draw_by_hand`)."""
    layout = blank_sheet_layout(project, paper)
    width, height = layout.page
    fig, page = pages.page(width, height)
    y = MARGIN
    put_text(page, MARGIN, y + 2, "Name:", 11, fontweight="bold")
    page_line(page, [MARGIN + 15, MARGIN + NAME_LINE], [y + 7, y + 7], color="#333333",
              linewidth=0.6)
    if sheet is not None and sheet.player:
        from .pencil import GRAPHITE

        put_text(page, MARGIN + 17, y + 1.2, sheet.player, 12, color=GRAPHITE, style="italic",
              gid="player")
    label, size = one_line(f"Project {project.number}: {project.name}",
                           width - 2 * MARGIN - NAME_LINE - 3, 11, READABLE, bold=True)
    put_text(page, width - MARGIN, y + 2, label, size, ha="right", fontweight="bold",
             gid="sheet-project")
    if layout.paper != paper.lower() or layout.landscape:
        name = LARGER_PAPER[paper.lower()][0] if layout.paper != paper.lower() else paper.upper()
        put_text(page, width - MARGIN, y + 7.5, f"Print {'landscape ' if layout.landscape else ''}"
              f"on {name} paper: squares of {layout.square:.1f} mm", 8, ha="right",
              color="#555555", gid="sheet-paper")

    ax = pages.axes_at(fig, layout.page, layout.grid)
    cell_pt = layout.square / 25.4 * 72
    draw_house(ax, project, cell_pt=cell_pt, light=True, outlines=True,
               names_out=layout.names_out, one_path=True)
    ax.set_xlim(-layout.margin[0], project.width + FAR_MARGIN)
    ax.set_ylim(project.height + FAR_MARGIN, -layout.margin[1])
    _markers(ax, project)
    if sheet is not None:
        from .pencil import draw_by_hand

        draw_by_hand(ax, sheet, seed=seed, cell_pt=cell_pt, smudges=smudges, wobble=wobble)
    _legend(page, layout.legend)

    _wild_box(page, layout.wild, sheet, seed)

    filled = _filled(sheet)
    seen: dict[str, int] = {}
    _score_table(page, layout.table, layout.rows, filled, seen)
    return fig


WILD_NOTE = "Once per game. Cross out when used, and tick:"
#: The wild card's two effects, as a sheet's ``wild_card`` names them and as its box says
WILD_EFFECTS = (("mirror", "one piece mirrored"), ("other-option", "a card's other option"))
WILD_CARD = (11.0, 15.0)
"""The W card drawn in the wild card's box, width by height in millimetres."""
WILD_TICK = 3.6
WILD_LINE = 6.0
"""The row under the W card with a line to write the piece on, in millimetres."""


def _wild_note_x(width: float) -> tuple[float, float]:
    """Where the words beside the W card start in a wild card box ``width`` wide, from
    its left, and how wide they may run."""
    note_x = 3 + WILD_CARD[0] + 3
    return note_x, width - note_x - 2


def _wild_height(width: float) -> float:
    """The height of the wild card's box ``width`` wide: its title, the W card with the
    note and a box per effect beside it, the line to write the piece on under them."""
    _, note_w = _wild_note_x(width)
    beside = (len(wrap(WILD_NOTE, note_w, READABLE)) * line_step(READABLE)
              + len(WILD_EFFECTS) * (WILD_TICK + 0.6))
    return 9 + max(WILD_CARD[1], beside) + WILD_LINE + 1.5


def _wild_box(page: Axes, box: tuple[float, float, float, float], sheet: Sheet | None,
              seed: int) -> None:
    """The wild card's box: the W card, the note, a box to tick per effect and a line to
    write the piece on; with ``sheet`` playing it, the card crossed out, its effect
    ticked and its piece written (as the sheet says, ``Sofa at C5``) in pencil."""
    from matplotlib.patches import FancyBboxPatch, Rectangle

    wx, wy, ww, wh = box
    page.add_artist(Rectangle((wx, wy), ww, wh, facecolor="none", edgecolor="#333333",
                              linewidth=0.8, gid="wild-box"))
    put_text(page, wx + 3, wy + 2.5, "Wild card", 10, fontweight="bold")
    card_w, card_h = WILD_CARD
    cx, cy = wx + 3, wy + 9
    page.add_artist(FancyBboxPatch((cx, cy), card_w, card_h,
                                   boxstyle="round,pad=0,rounding_size=1.2", facecolor="#fbe8b8",
                                   edgecolor="#c79a2c", linewidth=0.8, gid="wild-card"))
    page.text(cx + card_w / 2, cy + card_h / 2, "W", fontsize=14, ha="center", va="center",
              fontweight="bold", color="#7a5200")
    wild = sheet.wild_card if sheet is not None else None
    if wild is not None:  # played: crossed out
        _cross_out(page, (cx, cy, card_w, card_h), seed)
    note_x, note_w = _wild_note_x(ww)
    y = paragraph(page, wx + note_x, cy, WILD_NOTE, note_w, READABLE, color="#444444",
                  gid="wild-note")
    for effect, words in WILD_EFFECTS:
        tick_x = wx + note_x
        page.add_artist(Rectangle((tick_x, y), WILD_TICK, WILD_TICK, facecolor="white",
                                  edgecolor="#333333", linewidth=0.6, gid="wild-effect-box"))
        page.text(tick_x + WILD_TICK + 1.2, y + WILD_TICK / 2, words, fontsize=READABLE,
                  va="center", color="#444444", gid="wild-effect")
        if wild is not None and wild.effect == effect:
            _tick(page, (tick_x, y, WILD_TICK, WILD_TICK), seed)
        y += WILD_TICK + 0.6
    line_y = max(y, cy + card_h) + WILD_LINE - 1.5
    put_text(page, wx + 3, line_y, "Piece:", READABLE, va="baseline", color="#444444",
             gid="wild-piece-label")
    line_x = wx + 3 + 6 * READABLE * CHAR + 1.5
    page_line(page, [line_x, wx + ww - 3], [line_y + 0.6] * 2, color="#333333", linewidth=0.5)
    if wild is not None and sheet is not None:
        from .pencil import GRAPHITE

        words, size = one_line(wild_pieces(sheet), wx + ww - 4 - line_x, 11, READABLE)
        put_text(page, line_x + 1, line_y, words, size, va="baseline", color=GRAPHITE,
                 style="italic", gid="wild-piece")


def wild_pieces(sheet: Sheet) -> str:
    """The pieces ``sheet``'s wild card names, as a player writes them in its box: each
    piece's name and its first furniture square (``Sofa at C5``)."""
    if sheet.wild_card is None:
        return ""
    return ", ".join(
        f"{drawn.name} at {cell_name(in_reading_order(drawn.placement.furniture)[0])}"
        if drawn.placement.furniture else drawn.name
        for drawn in (sheet.pieces[index] for index in sheet.wild_card.pieces))


def _tick(page: Axes, box: tuple[float, float, float, float], seed: int) -> None:
    """A pencil tick in ``box`` (x, y, width, height in millimetres)."""
    import random

    from .pencil import Pencil

    x, y, w, h = box
    pencil = Pencil(page, random.Random(seed + 1), width_pt=1.0, scale=h, wobble=0.01,
                    overshoot=0.02)
    pencil.line([(x + 0.15 * w, y + 0.55 * h), (x + 0.4 * w, y + 0.85 * h),
                 (x + 0.95 * w, y - 0.1 * h)])
    pencil.finish()


def _cross_out(page: Axes, box: tuple[float, float, float, float], seed: int) -> None:
    """Two pencil strokes across ``box`` (x, y, width, height in millimetres): the wild
    card crossed out once used, as the rule book asks."""
    import random

    from .pencil import Pencil

    x, y, w, h = box
    pencil = Pencil(page, random.Random(seed), width_pt=1.2, scale=h, wobble=0.01,
                    overshoot=0.04)
    pencil.line([(x + 1, y + 1.5), (x + w - 1, y + h - 1.5)])
    pencil.line([(x + w - 1, y + 1.5), (x + 1, y + h - 1.5)])
    pencil.finish()


def _filled(sheet: Sheet | None) -> dict[tuple[str, int], str]:
    if sheet is None:
        return {}
    from ..text.scorefill import pad_points

    return pad_points(sheet)


def _score_table(page: Axes, at: tuple[float, float, float], rows: Sequence[Row],
                 filled: dict[tuple[str, int], str], seen: dict[str, int]) -> None:
    """The score table's ``rows`` from ``at`` = (x, y, width), with the points of
    ``filled`` pencilled in; ``seen`` counts the rows of each kind drawn so far."""
    from matplotlib.patches import Rectangle

    tx, ty, tw = at
    points_w = 20.0
    for kind, lines, points in rows:
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
        if kind != "more":
            page_line(page, [tx + tw - points_w] * 2, [ty, ty + row_h], color="#333333",
                      linewidth=0.6)
        text_y = ty + row_h / 2 - (len(lines) - 1) * 3.3 / 2
        for i, line in enumerate(lines):
            page.text(tx + 2, text_y + i * 3.3, line, fontsize=TABLE_FONT, va="center",
                      fontweight="bold" if bold else "normal",
                      style="italic" if kind == "more" else "normal", gid="score-row")
        if points:
            page.text(tx + tw - points_w / 2, ty + row_h / 2, points, fontsize=TABLE_FONT,
                      ha="center", va="center", fontweight="bold")
        ty += row_h


def sheet_pages(project: Project, paper: str = "a4") -> int:
    """How many pages one drawing sheet takes: the sheet, then the pages its score
    table continues on when it is too long for the sheet."""
    return 1 + len(blank_sheet_layout(project, paper).more)


def drawing_sheet_pages(project: Project, paper: str, sheet: Sheet | None = None,
                        seed: int = 0, pages: Pages = NEW_PAGES) -> Iterator[Figure]:
    """The drawing sheet (:func:`drawing_sheet`), then the pages its score table
    continues on, each made when the one before has been used."""
    yield drawing_sheet(project, paper, sheet, seed, pages=pages)
    layout = blank_sheet_layout(project, paper)
    if not layout.more:
        return
    filled = _filled(sheet)
    seen: dict[str, int] = {}
    for kind, _, _ in layout.rows:
        seen[kind] = seen.get(kind, -1) + 1
    width, height = layout.page
    _, column_w = table_columns(width)
    for number, columns in enumerate(layout.more, start=2):
        fig, page = pages.page(width, height)
        put_text(page, MARGIN, MARGIN + 2, "Name:", 11, fontweight="bold")
        page_line(page, [MARGIN + 15, MARGIN + NAME_LINE], [MARGIN + 7] * 2, color="#333333",
                  linewidth=0.6)
        if sheet is not None and sheet.player:
            from .pencil import GRAPHITE

            put_text(page, MARGIN + 17, MARGIN + 1.2, sheet.player, 12, color=GRAPHITE,
                     style="italic", gid="player")
        put_text(page, width - MARGIN, MARGIN + 2, f"Project {project.number}: score table, "
                 f"page {number} of {1 + len(layout.more)}", 11, ha="right",
                 fontweight="bold", gid="sheet-project")
        for index, rows in enumerate(columns):
            _score_table(page, (MARGIN + index * (column_w + GAP), MARGIN + HEADER, column_w),
                         rows, filled, seen)
        if number <= len(layout.more):
            put_text(page, width - MARGIN, height - MARGIN - 4, "continued on the next page",
                     8, ha="right", style="italic", color="#555555", gid="continued-note")
        yield fig


def filled_figure(sheet: Sheet, *, paper: str = "a4", seed: int = 0, smudges: int = 0,
                  wobble: float = 1.0) -> Figure:
    """The drawing sheet of ``sheet``'s project with its plan drawn on it in pencil
    (``smudges`` erasure marks, the hand's unsteadiness scaled by ``wobble``); the
    pages its score table continues on are :func:`drawing_sheet_pages`'."""
    return drawing_sheet(sheet.project, paper, sheet, seed, smudges, wobble)
