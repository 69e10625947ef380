"""The project page: what the projects book shows of a project (its title, difficulty
and par, its description, the house drawn small with the rooms and their cards beside
it, the special rules, the bonuses, the hatching of look-alike pieces, the tips), and
the pages that continue it when its rooms or bonuses run over (moved out of
:mod:`homestaging.draw.printing`, which prints it).

The page's text after the house is a flow of blocks, each kept whole on one page: a
block that would pass the text area's bottom (:data:`CONTENT_BOTTOM`) starts the next
page, titled "PROJECT N: name (continued)", with its section's heading repeated
("Bonuses (continued)"); a heading goes with the block after it. The blocks' heights
are reckoned as they are drawn, so :func:`project_pages` counts the pages without
drawing them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.project import SPECIAL_RULES, Bonus, Project, RoomSpec
from ..formats.parfile import par_for
from .drawing import add_shapes, circle_paths
from .house import draw_house
from .pagetools import (
    BOLD,
    CHAR,
    FOOTER,
    MARGIN,
    NEW_PAGES,
    READABLE,
    Pages,
    fitted,
    heading,
    line_step,
    paper_mm,
    paragraph,
    put_lines,
    put_text,
    wrap,
)
from .paperkit import footer

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["CONTENT_BOTTOM", "KINDS_FONT", "card_lines", "kinds_line", "look_alike_hatches",
           "project_page_figures", "project_pages", "room_name_lines", "title_lines"]


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
    put_text(page, right, y + 6.5, "difficulty", READABLE, ha="right", color="#666666")


#: the lowest a project page's text reaches, in millimetres above the paper's bottom
#: edge: the round line and the footer are under it
CONTENT_BOTTOM = 16.0
#: where a continued project page's text starts, under its title line
CONTINUED_TOP = MARGIN + 10
ROOM_ROW = 12.5
#: the width the title leaves to the difficulty (pencils or the tutorial's badge) and par
BADGE_W = 40.0
#: the width of the hatching's column of room names
HATCH_LABEL_W = 33.0


def title_lines(project: Project, paper: str) -> tuple[list[str], float]:
    """The project's name as its page's title: one line at 22 points, smaller for a long
    name (down to 14 points), then wrapped; beside it, the difficulty and par."""
    width, _ = paper_mm(paper)
    return fitted(project.name, width - 2 * (MARGIN + 3) - BADGE_W, 22, 14, bold=True)


def room_name_lines(room: RoomSpec, width: float) -> list[str]:
    """A room's name in its row of ``width`` millimetres, wrapped clear of its type."""
    type_w = len(room.type) * READABLE * CHAR
    return wrap(room.name, (width - 8 - type_w) / BOLD, 9)


CARD_LINE = 6.5
"""A further line of a room's cards, in millimetres."""
CARD_INK = 6.75
"""A room's card number in its box, from the card's left to where its dots start
(less one dot's step), in millimetres."""
CARD_GAP = 2.75
"""The gap after a card's last dot, to the next card."""
TOKEN_STEP = 2.3
"""A token's dot, from one to the next."""
COUNTED_TOKENS = 6.0
"""The width of a token count written after one dot ("x25"), in millimetres."""


def card_lines(room: RoomSpec, width: float) -> list[list[tuple[int, int, bool]]]:
    """The room's cards in lines that fit its row of ``width`` millimetres, each card as
    (number, tokens, counted): its tokens drawn as dots after it, or, when a line cannot
    hold them (``counted``), as one dot and their count."""
    room_w = width - 6
    lines: list[list[tuple[int, int, bool]]] = [[]]
    used = 0.0
    for slot in room.cards:
        # from the card's left to its last dot
        counted = CARD_INK + TOKEN_STEP * slot.tokens > room_w
        ink = CARD_INK + (TOKEN_STEP + COUNTED_TOKENS if counted else TOKEN_STEP * slot.tokens)
        if lines[-1] and used + ink > room_w:
            lines.append([])
            used = 0.0
        lines[-1].append((slot.number, slot.tokens, counted))
        used += ink + CARD_GAP
    return lines


def _room_height(room: RoomSpec, width: float) -> float:
    return (ROOM_ROW + (len(room_name_lines(room, width)) - 1) * line_step(9)
            + (len(card_lines(room, width)) - 1) * CARD_LINE)


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
    rows: float  # the height of their rows
    flow_y: float  # where the flow starts under them


def _lines(text: str, width: float, size: float) -> float:
    return _after(text, 0.0, width, size)


def _after(text: str, y: float, width: float, size: float) -> float:
    """The y under ``text`` written from ``y`` by :func:`paragraph`."""
    return y + len(wrap(text, width, size)) * line_step(size)


def _rooms_w(paper: str) -> float:
    """The width of the rooms box beside the house."""
    width, _ = paper_mm(paper)
    text_w = width - 2 * (MARGIN + 3)
    return text_w - min(105.0, text_w * 0.58) - 6


def _top(project: Project, paper: str) -> _Top:
    width, height = paper_mm(paper)
    left, right = MARGIN + 3, width - MARGIN - 3
    text_w = right - left
    lines, size = title_lines(project, paper)
    y = MARGIN + 18 + (len(lines) - 1) * line_step(size)
    if project.description:
        y = _after(project.description, y, text_w, 10) + 3
    house_w = min(105.0, text_w * 0.58)
    square = min(house_w / (project.width + 1.15), 80.0 / (project.height + 1.15))
    house_box = (left, y, square * (project.width + 1.15), square * (project.height + 1.15))
    room_space = height - CONTENT_BOTTOM - y - 8
    rows = 0.0
    shown = 0
    for room in project.rooms:  # as many as fit in the box, one at least
        row = _room_height(room, _rooms_w(paper))
        if shown and rows + row > room_space:
            break
        rows += row
        shown += 1
    below = y + house_box[3]
    if project.obstacles:
        below += 5
    return _Top(y, square, house_box, shown, rows, max(below, y + 9 + rows) + 5)


def _blocks(project: Project, paper: str, rooms_shown: int) -> list[_Block]:
    """The project page's flow after its house and rooms: the rooms that did not fit
    beside the house, the special rules, the bonuses, the hatching, the tips."""
    width, _ = paper_mm(paper)
    text_w = width - 2 * (MARGIN + 3)
    heading_h = 7.0
    blocks = [_Block("room", _room_height(room, text_w), "Rooms", room=room)
              for room in project.rooms[rooms_shown:]]
    blocks.append(_Block("heading", heading_h, text="Special rules"))
    if project.special_rules:
        blocks += [_Block("rule", _lines(SPECIAL_RULES.get(rule, ""), text_w - 28, 9) + 1.5,
                          "Special rules", text=SPECIAL_RULES.get(rule, ""), label=rule)
                   for rule in project.special_rules]
    else:
        blocks.append(_Block("note", 5.5, text="None: the standard rules apply."))
    blocks += [_Block("gap", 3.0), _Block("heading", heading_h, text="Bonuses")]
    for bonus in project.bonuses:
        kinds = kinds_line(project, bonus)
        blocks.append(_Block("bonus", _lines(bonus.text, text_w - 32, 9) + 1.5
                             + (_lines(kinds, text_w - 32, KINDS_FONT) if kinds else 0.0),
                             "Bonuses", text=kinds, bonus=bonus))
    if not project.bonuses:
        blocks.append(_Block("note", 5.5, text="None."))
    hatching = look_alike_hatches(project)
    if hatching:
        blocks += [_Block("gap", 3.0), _Block("heading", heading_h,
                                              text="Hatching: look-alike pieces"),
                   _Block("intro", _lines(HATCH_INTRO, text_w, 8.5) + 1, "Hatching")]
        blocks += [_Block("hatch", max(_lines(text, text_w - HATCH_LABEL_W, 9),
                                       _lines(room_name, (HATCH_LABEL_W - 2) / BOLD, 9)) + 1,
                          "Hatching", text=text, label=room_name)
                   for room_name, text in hatching]
    if project.tips:
        blocks += [_Block("gap", 3.0), _Block("heading", heading_h, text="Tips"),
                   _Block("tips", _lines(project.tips, text_w, 9), "Tips", text=project.tips)]
    return blocks


KINDS_FONT = READABLE
"""The size of a bonus's kinds line, under its text."""


def kinds_line(project: Project, bonus: Bonus) -> str:
    """The pieces of each kind ``bonus`` counts, as the project's cards offer them
    (``bed: Double bed, Single bed, Bunk bed``); empty when it counts no kind."""
    return "; ".join(f"{kind}: " + (", ".join(piece.name for piece in project.pieces_of_kind(kind))
                                    or "none on this project's cards")
                     for kind in bonus.kinds())


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
    from matplotlib.patches import FancyBboxPatch

    lines = room_name_lines(room, w)
    put_lines(page, x + 3, ry, lines, 9, fontweight="bold", gid="room-name")
    put_text(page, x + w - 3, ry + 0.3, room.type, READABLE, ha="right", color="#666666")
    ry += (len(lines) - 1) * line_step(9)  # the cards under the name's last line
    tokens = []
    for cards in card_lines(room, w):
        cx = x + 3
        for number, count, counted in cards:
            page.add_artist(FancyBboxPatch((cx, ry + 4.2), 6.5, 5.2,
                                           boxstyle="round,pad=0,rounding_size=0.8",
                                           facecolor="white", edgecolor="#555555",
                                           linewidth=0.6))
            page.text(cx + 3.25, ry + 6.8, str(number), fontsize=READABLE, ha="center",
                      va="center", gid="card-number")
            if counted:
                tokens.append((cx + 8.2, ry + 6.8))
                page.text(cx + 9.4, ry + 6.8, f"\N{MULTIPLICATION SIGN}{count}",
                          fontsize=READABLE, va="center", gid="token-count")
                cx += CARD_INK + CARD_GAP + TOKEN_STEP + COUNTED_TOKENS
            else:
                tokens += [(cx + 8.2 + t * TOKEN_STEP, ry + 6.8) for t in range(count)]
                cx += CARD_INK + CARD_GAP + TOKEN_STEP * count
        ry += CARD_LINE
    # the row's tokens, one collection (beside the cards, over nothing but the box)
    add_shapes(page, circle_paths(tokens, 0.85), facecolors="#2b6cb0", edgecolors="none",
               gid="token")


def _rooms_box(page: Axes, x: float, y: float, w: float, rows: float, title: str) -> None:
    from matplotlib.patches import FancyBboxPatch

    page.add_artist(FancyBboxPatch((x, y), w, 8 + rows,
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
        y = paragraph(page, left, y, bonus.text, text_w - 32, 9, gid="bonus-text")
        if block.text:
            y = paragraph(page, left, y, block.text, text_w - 32, KINDS_FONT, color="#555555",
                          gid="bonus-kinds")
        return y + 1.5
    if block.kind == "intro":
        return paragraph(page, left, y, HATCH_INTRO, text_w, 8.5, color="#555555") + 1
    if block.kind == "hatch":
        below = paragraph(page, left, y, block.label, (HATCH_LABEL_W - 2) / BOLD, 9,
                          fontweight="bold")
        return max(below, paragraph(page, left + HATCH_LABEL_W, y, block.text,
                                    text_w - HATCH_LABEL_W, 9, gid="hatching")) + 1
    if block.kind == "tips":
        return paragraph(page, left, y, block.text, text_w, 9, style="italic")
    assert block.kind == "room" and block.room is not None
    _room_row(page, left, text_w, y, block.room)
    return y + _room_height(block.room, text_w)


def project_page_figures(project: Project, paper: str, page_number: int | None = None,
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
    lines, size = title_lines(project, paper)
    put_lines(page, left, MARGIN + 5, lines, size, fontweight="bold", gid="project-name")
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
    draw_house(ax, project, cell_pt=top.square / 25.4 * 72, outlines=True, one_path=True)
    rooms_x = left + house_w + 6
    rooms_w = right - rooms_x
    _rooms_box(page, rooms_x, y, rooms_w, top.rows, "Rooms")
    ry = y + 9
    for room in project.rooms[:top.rooms_shown]:
        _room_row(page, rooms_x, rooms_w, ry, room)
        ry += _room_height(room, rooms_w)
    if project.obstacles:
        put_text(page, left, y + top.house_box[3] + 1.5,
                 "Hatched squares are obstacles: nothing may cover them.", READABLE,
                 color="#555555")
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
            title, size = fitted(f"PROJECT {project.number}: {project.name} (continued)",
                                 text_w, 10, 8, bold=True)
            put_lines(page, left, MARGIN, title, size, color="#777777", fontweight="bold",
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
        put_text(page, width - MARGIN - 3, height - CONTENT_BOTTOM + 0.5,
                 "continued on the next page", 8, ha="right", style="italic",
                 color="#555555", gid="continued-note")
    words = f"Home Staging - project {project.number}"
    if page_number is not None:
        words += f" - page {page_number + index}"
    page.text(width / 2, height - FOOTER - 3.5, ROUND_LINE, fontsize=READABLE, ha="center",
              va="center", color="#777777", gid="round-line")
    footer(page, (width, height), words)


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
