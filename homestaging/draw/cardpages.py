"""The furniture cards on paper: ``homestaging print cards`` and the book's appendix.

Every card number with both its variants side by side, four numbers a page, each card
drawn with its two options (furniture hatched as on the drawing sheet, circulation
dots, wall sides thick), inside dashed cut lines. For one project, only the numbers its
rooms use, from its own catalog (a card the project brings replaces the bundled one),
each card with the room it furnishes and its selection tokens, dots after the number.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..core.catalog import Catalog
from .pagetools import NEW_PAGES, Pages, paper_mm
from .paperkit import CARD_SIZE, EDGE, chunks, draw_card, footer, pdf_bytes, text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.project import Project

__all__ = ["NUMBERS_PER_PAGE", "card_figures", "card_pages", "card_pages_drawn", "cards_pdf"]

NUMBERS_PER_PAGE = 4
"""Card numbers on a page: a row each, variant a on the left, b on the right."""
TOP = 20.0


def card_pages(catalog: Catalog, project: Project | None = None) -> int:
    """How many pages :func:`card_figures` makes."""
    return len(chunks(_numbers(catalog, project), NUMBERS_PER_PAGE))


def _numbers(catalog: Catalog, project: Project | None) -> list[int]:
    if project is None:
        return catalog.card_numbers()
    return sorted({slot.number for room in project.rooms for slot in room.cards})


def _uses(project: Project | None) -> dict[int, list[tuple[str, int]]]:
    """Per card number, the rooms it furnishes and its tokens there."""
    uses: dict[int, list[tuple[str, int]]] = {}
    for room in project.rooms if project is not None else ():
        for slot in room.cards:
            uses.setdefault(slot.number, []).append((room.name, slot.tokens))
    return uses


def card_figures(catalog: Catalog, *, paper: str = "a4", project: Project | None = None,
                 first_page: int | None = None) -> list[Figure]:
    """The pages of the cards (``project``'s only, with their rooms and tokens, when
    given); ``first_page`` numbers them as pages of a book."""
    return list(card_pages_drawn(catalog, paper, project, first_page, NEW_PAGES))


def card_pages_drawn(catalog: Catalog, paper: str, project: Project | None,
                     first_page: int | None, pages: Pages) -> Iterator[Figure]:
    """:func:`card_figures` one after the other, each made when the one before has been
    used (with reused ``pages``: written, a book's pages all drawn on one figure)."""
    numbers = _numbers(catalog, project)
    uses = _uses(project)
    runs = chunks(numbers, NUMBERS_PER_PAGE)
    size = paper_mm(paper)
    for index, run in enumerate(runs):
        fig, page = pages.page(*size)
        width = size[0]
        card_w, card_h = CARD_SIZE
        left = (width - 2 * card_w) / 2
        title = ("Furniture cards" if project is None
                 else f"Furniture cards of project {project.number}: {project.name}")
        text(page, left, EDGE + 7, title, 12, fontweight="bold", gid="cards-title")
        rows = []
        for number in run:
            variants = catalog.variants(number)
            room_uses = uses.get(number, [])
            note = ", ".join(name for name, _ in room_uses)
            tokens = room_uses[0][1] if room_uses else 0
            rows.append([(card, note, tokens) for card in variants])
        for row, cards in enumerate(rows):
            y = TOP + row * card_h
            for column, (card, note, tokens) in enumerate(cards[:2]):
                draw_card(page, catalog, card, (left + column * card_w, y, card_w, card_h),
                          tokens=tokens, note=note)
        _cut_lines(page, left, TOP, len(rows), card_w, card_h, size)
        words = "Cut along the dashed lines. Tokens: the dots after a card's number."
        if first_page is not None:
            words = f"Home Staging - furniture cards - page {first_page + index}"
        elif project is None:
            words = "Cut along the dashed lines; deal one variant of each number at random."
        footer(page, size, words if first_page is not None
               else f"{words} Page {index + 1} of {len(runs)}.")
        yield fig


def _cut_lines(page: Axes, left: float, top: float, rows: int, card_w: float, card_h: float,
               size: tuple[float, float]) -> None:
    """Dashed lines along the cards' edges, running on to EDGE from the paper's edge."""
    from matplotlib.collections import LineCollection

    width, height = size
    bottom = top + rows * card_h
    lines = [[(EDGE + 1, top + r * card_h), (width - EDGE - 1, top + r * card_h)]
             for r in range(rows + 1)]
    end = min(bottom + 6, height - EDGE - 8)
    lines += [[(left + c * card_w, top - 3), (left + c * card_w, end)] for c in range(3)]
    page.add_collection(LineCollection(lines, colors="#888888", linewidths=0.5,
                                       linestyles=(0, (3, 2)), gid="cut-line"), autolim=False)


def cards_pdf(catalog: Catalog, *, paper: str = "a4", project: Project | None = None) -> bytes:
    """The PDF of :func:`card_figures`."""
    title = ("Home Staging - furniture cards" if project is None
             else f"Home Staging - furniture cards of project {project.number}")
    return pdf_bytes(card_figures(catalog, paper=paper, project=project), title,
                     "Furniture cards to cut out")
