"""A printed page as a matplotlib figure in millimetres (y downwards), and what every
page writes on it: words, wrapped paragraphs, lines, headings. :class:`Pages` makes the
figures, or reuses one for a whole PDF (moved out of :mod:`homestaging.draw.printing`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .drawing import paper_size

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["BOLD", "CHAR", "FOOTER", "GAP", "HEADER", "MARGIN", "MM", "NEW_PAGES", "READABLE",
           "ROW", "Pages", "cut_lines", "fitted", "heading", "line_step", "one_line", "page_line",
           "paper_mm", "paragraph", "put_lines", "put_text", "wrap"]

MM = 1 / 25.4  # inches per millimetre
MARGIN = 12.0
FOOTER = 7.0
"""The footer line's centre above the paper's bottom edge, in millimetres: its
descenders (in :data:`READABLE` type) clear of the unprintable 5 mm band."""
HEADER = 12.0
READABLE = 8.0
"""The smallest type a player reads on the table at arm's length, in points: the least
of every word on the printed pages (the house's drawing aside: its coordinates and
features' names are sized to its squares)."""
GAP = 5.0
ROW = 6.5

CHAR = 0.56 * 0.3528  # average character width in mm per point of font size
BOLD = 1.14  # how much wider bold characters are


def paper_mm(paper: str) -> tuple[float, float]:
    return paper_size(paper)


def wrap(text: str, width_mm: float, size: float) -> list[str]:
    """``text`` in lines of ``width_mm`` at ``size`` points (widths estimated)."""
    width = max(10, int(width_mm / (size * CHAR)))
    if len(text) <= width and text == text.strip() and not ONE_LINE_BREAKERS & set(text):
        return [text]  # already one line: what textwrap would give, without its work
    return textwrap.wrap(text, width) or [""]


ONE_LINE_BREAKERS = frozenset("\t\n\r\x0b\x0c")
"""The characters textwrap turns into spaces: a text holding one is always wrapped."""


def line_step(size: float) -> float:
    """The distance between two lines of a paragraph at ``size`` points, in millimetres."""
    return size * 0.3528 * 1.35


def fitted(text: str, width_mm: float, size: float, smallest: float, *,
           bold: bool = False) -> tuple[list[str], float]:
    """The lines and font size at which ``text`` fits ``width_mm``: one line, as large as
    it fits from ``size`` down to ``smallest``; else wrapped at ``smallest`` (widths
    estimated as :func:`wrap` estimates them)."""
    width = width_mm / (BOLD if bold else 1.0)
    per_point = max(1, len(text)) * CHAR
    if per_point * smallest <= width:
        return [text], min(size, width / per_point)
    return textwrap.wrap(text, max(1, int(width / (smallest * CHAR)))) or [""], smallest


def one_line(text: str, width_mm: float, size: float, smallest: float, *,
             bold: bool = False) -> tuple[str, float]:
    """``text`` on one line of ``width_mm``: as :func:`fitted`, but what does not fit at
    ``smallest`` is cut, its end replaced by an ellipsis."""
    lines, size = fitted(text, width_mm, size, smallest, bold=bold)
    if len(lines) == 1:
        return lines[0], size
    room = max(1, int(width_mm / (BOLD if bold else 1.0) / (smallest * CHAR)) - 1)
    return text[:room].rstrip() + "\N{HORIZONTAL ELLIPSIS}", smallest


def cut_lines(text: str, width_mm: float, size: float, most: int) -> list[str]:
    """``text`` wrapped as :func:`wrap` wraps it, in at most ``most`` lines: what does
    not fit is cut, the last line's end replaced by an ellipsis (as :func:`one_line`)."""
    lines = wrap(text, width_mm, size)
    if len(lines) <= most:
        return lines
    last, _ = one_line(" ".join(lines[most - 1:]), width_mm, size, size)
    return [*lines[:most - 1], last]


# ---------------------------------------------------------------------------- pages


class Pages:
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


NEW_PAGES = Pages()
"""Pages on figures of their own (every function returning figures)."""


def put_text(page: Axes, x: float, y: float, text: str, size: float = 9.0, **options: Any) -> None:
    options.setdefault("va", "top")
    page.text(x, y, text, fontsize=size, **options)


def paragraph(page: Axes, x: float, y: float, text: str, width: float, size: float = 9.0,
               **options: Any) -> float:
    """Write wrapped text; return the y below it."""
    return put_lines(page, x, y, wrap(text, width, size), size, **options)


def put_lines(page: Axes, x: float, y: float, lines: Sequence[str], size: float,
              **options: Any) -> float:
    """Write the lines one under the other; return the y below them."""
    step = line_step(size)
    for line in lines:
        put_text(page, x, y, line, size, **options)
        y += step
    return y


def page_line(page: Axes, xs: Sequence[float], ys: Sequence[float], **style: Any) -> None:
    """A line through the points: the line ``page.plot(xs, ys, **style)`` makes when
    given a colour, added as an artist: a page's limits are set before anything is
    drawn, so nothing here touches the axes' data limits (nor anywhere in this module:
    shapes go in with ``add_artist``, collections with ``autolim=False``)."""
    from matplotlib.lines import Line2D

    page.add_artist(Line2D(xs, ys, **style))


def heading(page: Axes, x: float, y: float, text: str, width: float) -> float:
    put_text(page, x, y, text, 11, fontweight="bold")
    page_line(page, [x, x + width], [y + 5.2, y + 5.2], color="#999999", linewidth=0.5)
    return y + 7.0
