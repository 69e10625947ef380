"""What the printed pages beyond the project book are made with: a page in millimetres,
boxes on it, text, a card drawn with its two options, and the PDF written with fixed
metadata (the same input gives the same bytes, as :mod:`homestaging.draw.printing` does).

Every page keeps clear of the paper's edge by :data:`EDGE` millimetres at the least,
what most printers cannot print; its content starts :data:`MARGIN` in.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.catalog import Card, Catalog
from ..core.grid import sides_text
from .drawing import RC_PARAMS, add_shapes, circle_paths, paper_size
from .pagetools import CHAR, FOOTER, READABLE, fitted, line_step, put_lines
from .piecepics import draw_piece

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.transforms import Transform

__all__ = [
    "CARD_SIZE",
    "EDGE",
    "MARGIN",
    "PRINT_RC_PARAMS",
    "TOKEN_COLOR",
    "axes_at",
    "chunks",
    "draw_card",
    "draw_tokens",
    "footer",
    "inset",
    "new_page",
    "option_columns",
    "pdf_bytes",
    "text",
    "tick_box",
]

MM = 1 / 25.4  # inches per millimetre
EDGE = 5.0
"""The unprintable band along each edge of the paper, in millimetres."""
MARGIN = 12.0
CARD_SIZE = (90.0, 62.0)
"""A printed card, width by height in millimetres (its options side by side)."""
CARD_SQUARE = 6.5
"""A piece's square on a card at most, in millimetres."""
TOKEN_COLOR = "#2b6cb0"
PRINT_RC_PARAMS: Any = {**RC_PARAMS, "pdf.fonttype": 3, "ps.fonttype": 3}
"""The settings of a printed PDF: the fonts embedded as Type 3 (each glyph drawn as its
outline, named after its letter and, from matplotlib 3.11, mapped back to it, so the text
reads and searches the same): a
TrueType font is subset with fontTools, each face twice (once more for the "fi" and "fl"
ligatures), which cost a quarter of ``print tutorial``. ``ps.fonttype`` is 3 as well:
matplotlib 3.11's PDF writer cuts a font into parts of the size its ``ps.fonttype`` allows,
and a Type 3 font holds 256 letters, so with 42 a Greek or Cyrillic name failed to print."""


def new_page(paper: str, *, landscape: bool = False) -> tuple[Figure, Axes, tuple[float, float]]:
    """A figure the size of ``paper`` with an axes in millimetres (y downwards) over all
    of it, and the page's (width, height)."""
    from matplotlib.figure import Figure

    width, height = paper_size(paper)
    if landscape:
        width, height = height, width
    fig = Figure(figsize=(width * MM, height * MM))
    page = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    page.set_xlim(0, width)
    page.set_ylim(height, 0)
    page.set_axis_off()
    return fig, page, (width, height)


def axes_at(fig: Figure, page: tuple[float, float], box: tuple[float, float, float, float],
            limits: tuple[float, float, float, float]) -> Axes:
    """An axes at ``box`` = (x, y, width, height) in millimetres from the page's top-left,
    showing ``limits`` = (x0, x1, y0, y1) with y downwards, equal aspect, no axis."""
    x, y, w, h = box
    page_w, page_h = page
    ax = fig.add_axes((x / page_w, 1 - (y + h) / page_h, w / page_w, h / page_h))
    x0, x1, y0, y1 = limits
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def inset(page: Axes, place: tuple[float, float, float]) -> tuple[Transform, float]:
    """Where a drawing in squares goes on ``page`` (millimetres, y downwards): ``place``
    = (x, y, size) puts the square (0, 0)'s top-left at (x, y), each square ``size``
    millimetres; with the size of a square in points. Drawn on the page itself, without
    an axes of its own (an axes costs more to make and draw than a piece drawn in it)."""
    from matplotlib.transforms import Affine2D

    x, y, square = place
    return Affine2D().scale(square).translate(x, y) + page.transData, square * MM * 72


def text(page: Axes, x: float, y: float, words: str, size: float = 9.0, **options: Any) -> None:
    """Text at (x, y) millimetres, hanging from y unless told otherwise."""
    options.setdefault("va", "top")
    page.text(x, y, words, fontsize=size, **options)


def draw_tokens(page: Axes, x: float, y: float, count: int, radius: float = 1.1,
                room: float = math.inf) -> float:
    """``count`` selection tokens as dots from x (their centres on y), one collection;
    the x after them. More than ``room`` millimetres of dots: one dot and the count
    ("x25")."""
    shown = count if count * 2.8 * radius <= room else 1
    add_shapes(page, circle_paths([(x + radius + index * 2.8 * radius, y)
                                   for index in range(shown)], radius),
               facecolors=TOKEN_COLOR, edgecolors="none", gid="token")
    if shown == count:
        return x + count * 2.8 * radius
    text(page, x + 2.6 * radius, y, f"\N{MULTIPLICATION SIGN}{count}", READABLE, va="center",
         gid="token-count")
    return x + 2.6 * radius + 6.0


def tick_box(page: Axes, x: float, y: float, size: float = 5.0, gid: str = "tick-box") -> None:
    """An empty square to tick, its top-left at (x, y)."""
    from matplotlib.patches import Rectangle

    page.add_artist(Rectangle((x, y), size, size, facecolor="white", edgecolor="#333333",
                              linewidth=0.8, gid=gid))


def draw_card(page: Axes, catalog: Catalog, card: Card, box: tuple[float, float, float, float],
              *, tokens: int = 0, note: str = "", outline: str = "#999999") -> None:
    """A furniture card in ``box`` on ``page``: its number and variant, then
    ``tokens`` dots, ``note`` at the top right, and its two options drawn side by side
    (furniture hatched, circulation dots, wall sides thick) with their names, wall sides
    and hatch."""
    from matplotlib.patches import FancyBboxPatch

    x, y, w, h = box
    page.add_artist(FancyBboxPatch((x + 1.5, y + 1.5), w - 3, h - 3,
                                   boxstyle="round,pad=0,rounding_size=2.5", facecolor="white",
                                   edgecolor=outline, linewidth=0.6, gid="card"))
    label = f"{card.number}{card.variant}"
    text(page, x + 5, y + 4, label, 13, fontweight="bold", gid="card-number")
    start = x + 7 + 3.0 * len(label)
    draw_tokens(page, start, y + 7.3, tokens,
                room=x + w - 7 - len(note) * READABLE * CHAR - start)  # clear of the note
    if note:
        text(page, x + w - 5, y + 4.8, note, READABLE, ha="right", color="#555555",
             gid="card-note")
    columns = option_columns(x, w, len(card.options))
    names = [fitted(catalog.pieces[option].name, option_w - 2, READABLE, READABLE, bold=True)
             for option, (_, option_w) in zip(card.options, columns, strict=True)]
    step = line_step(READABLE)
    # a name of two lines lifts the pictures of both options by a line
    top, bottom = y + 13, y + h - 12 - (max(len(lines) for lines, _ in names) - 1) * step
    for index, (option, (ox, option_w), (lines, name_size)) in enumerate(zip(
            card.options, columns, names, strict=True)):
        piece = catalog.pieces[option]
        art = piece.art
        square = min(CARD_SQUARE, (option_w - 4) / (art.width + 0.4),
                     (bottom - top) / (art.height + 0.4))
        aw, ah = square * (art.width + 0.4), square * (art.height + 0.4)
        draw_piece(piece, page, label=False, at=inset(page, (
            ox + (option_w - aw) / 2 + 0.2 * square, top + (bottom - top - ah) / 2 + 0.2 * square,
            square)), one_path=True)
        under = put_lines(page, ox + option_w / 2, bottom + 0.8, lines, name_size, ha="center",
                          fontweight="bold", gid="option-name")
        extra = [f"wall: {sides_text(piece.wall)}"] if piece.wall else []
        if piece.hatch and not piece.is_rug:
            extra.append(f"hatch: {piece.hatch}")
        if piece.is_rug:
            extra.append("rug")
        if extra:
            text(page, ox + option_w / 2, under + 0.4, "; ".join(extra), READABLE, ha="center",
                 color="#555555", gid="option-extra")
        if index:
            from matplotlib.lines import Line2D

            page.add_artist(Line2D([ox, ox], [top, y + h - 4], color="#dddddd", linewidth=0.5))


def option_columns(x: float, width: float, count: int) -> list[tuple[float, float]]:
    """Where a card from ``x``, ``width`` wide, draws its ``count`` options: the left
    and the width of each one's column, in millimetres."""
    option_w = (width - 10) / count
    return [(x + 5 + index * option_w, option_w) for index in range(count)]


def pdf_bytes(figures: Iterable[Figure], title: str, subject: str,
              progress: Callable[[int], None] | None = None) -> bytes:
    """The PDF of the figures, one page each, with fixed metadata and embedded fonts
    (:data:`PRINT_RC_PARAMS`); ``progress(1)`` after each page is written."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    buffer = io.BytesIO()
    metadata = {"Title": title, "Author": "homestaging", "Subject": subject,
                "Creator": "homestaging", "CreationDate": None}
    with matplotlib.rc_context(PRINT_RC_PARAMS), PdfPages(buffer, metadata=metadata) as pdf:
        for fig in figures:
            pdf.savefig(fig)
            if progress is not None:
                progress(1)
    return buffer.getvalue()


def footer(page: Axes, size: tuple[float, float], words: str) -> None:
    """The page's footer line, centred, clear of the unprintable band."""
    width, height = size
    page.text(width / 2, height - FOOTER, words, fontsize=READABLE, ha="center", va="center",
              color="#999999", gid="page-footer")


def chunks(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    """``items`` cut into runs of ``size``."""
    return [items[start:start + size] for start in range(0, len(items), size)]
