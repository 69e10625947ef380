"""The printed deal (``homestaging deal PROJECT --seed N -o deal.pdf``): a page per room,
in the project's order, with the dealt variant of each of its cards drawn in play order
(the order the project lists them), a box by each to tick when it is flipped, and the
seed and the command that deals the same cards, so that another table plays the same
game without the box or a screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..draw.pagetools import one_line
from ..draw.paperkit import CARD_SIZE, EDGE, MARGIN, draw_card, footer, new_page, pdf_bytes, text
from ..draw.paperkit import tick_box as draw_tick_box

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..core.game import GameRecord
    from ..core.project import Project

__all__ = ["deal_figures", "deal_pdf"]

TICK = 6.0


def deal_figures(project: Project, record: GameRecord, command: str, *,
                 paper: str = "a4") -> list[Figure]:
    """One page per room: its cards as ``record`` deals them, each with a box to tick."""
    catalog = project.catalog
    figures = []
    for index, room in enumerate(project.rooms):
        fig, page, size = new_page(paper)
        width, height = size
        card_w = CARD_SIZE[0]
        left = (width - card_w - TICK - 4) / 2
        line_w = width - MARGIN - left  # a long name smaller, or cut, within the page
        text(page, left, MARGIN, *one_line(f"Project {project.number}: {project.name}",
                                           line_w, 10, 7), color="#555555", gid="deal-project")
        text(page, left, MARGIN + 5, *one_line(room.name, line_w, 18, 10, bold=True),
             fontweight="bold", gid="deal-room")
        text(page, left, MARGIN + 14, *one_line(f"Seed {record.seed}. The same deal: {command}",
                                                line_w, 8.5, 6), gid="deal-seed")
        text(page, left, MARGIN + 19, "Rooms in any order; each room's cards in any order, "
             "ticking a card's box as it is flipped.", 7.5, color="#555555")
        text(page, left, MARGIN + 22.5, "Each dot after a card's number is a token: the "
             "active player chooses one option per token.", 7.5, color="#555555")
        y = MARGIN + 28
        per_column = 4
        shown = min(len(room.cards), per_column)
        card_h = min(CARD_SIZE[1], (height - y - EDGE - 8) / max(1, shown))
        column_w = card_w + TICK + 4
        if len(room.cards) > per_column:  # two columns of cards (a room has 5 at most)
            left = (width - 2 * column_w) / 2
        for position, slot in enumerate(room.cards):
            card = record.card(catalog, slot.number)
            if card is None:
                continue
            column, row = divmod(position, per_column)
            x = left + column * column_w
            cy = y + row * card_h
            draw_tick_box(page, x, cy + card_h / 2 - TICK / 2, TICK)
            draw_card(page, catalog, card, (x + TICK + 2, cy, card_w, card_h),
                      tokens=slot.tokens, note=room.name)
        footer(page, size, f"Home Staging - the deal of seed {record.seed} - "
               f"{room.name} - page {index + 1} of {len(project.rooms)}")
        figures.append(fig)
    assert EDGE < MARGIN
    return figures


def deal_pdf(project: Project, record: GameRecord, command: str, *, paper: str = "a4") -> bytes:
    """The PDF of :func:`deal_figures`."""
    return pdf_bytes(deal_figures(project, record, command, paper=paper),
                     f"Home Staging - deal of project {project.number}, seed {record.seed}",
                     "The cards dealt, a page per room")
