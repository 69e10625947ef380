"""The printed deal (``homestaging deal PROJECT --seed N -o deal.pdf``): a page per room,
in the project's order, with the dealt variant of each of its cards drawn in play order
(the order the project lists them), a box by each to tick when it is flipped, boxes
under its options to tick for the option each selection token chose, a box for the
round the room was played in, and the seed and the command that deals the same cards,
so that another table plays the same game without the box or a screen, and writes down
what its game record holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..draw.pagetools import CHAR, READABLE, one_line, paragraph
from ..draw.paperkit import (
    CARD_SIZE,
    EDGE,
    MARGIN,
    draw_card,
    footer,
    new_page,
    option_columns,
    pdf_bytes,
    text,
)
from ..draw.paperkit import tick_box as draw_tick_box

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.game import GameRecord
    from ..core.project import Project

__all__ = ["CHOICE_BOX", "CHOICE_ROW", "deal_figures", "deal_pdf"]

TICK = 6.0
CHOICE_BOX = 3.6
"""A box under a card's option, ticked for a selection token that chose it (mm)."""
CHOICE_STEP = 5.0
CHOICE_ROW = 6.5
"""The row of those boxes under a card, between it and the next (mm)."""
ROUND_LABEL = "Played in round"
INSTRUCTIONS = (
    "Rooms in any order: write this room's round in the box above. Its cards in any "
    "order: tick a card's box as it is flipped. The dots after a card's number are its "
    "selection tokens: for each token, the active player chooses one of the card's two "
    "options; tick a box under that option (with many tokens, write how many chose it).")


def deal_figures(project: Project, record: GameRecord, command: str, *,
                 paper: str = "a4") -> list[Figure]:
    """One page per room: its cards as ``record`` deals them, each with a box to tick
    when flipped and a box per token under each option; a box for the room's round."""
    catalog = project.catalog
    figures = []
    for index, room in enumerate(project.rooms):
        fig, page, size = new_page(paper)
        width, height = size
        card_w = CARD_SIZE[0]
        left = (width - card_w - TICK - 4) / 2
        line_w = width - MARGIN - left  # a long name smaller, or cut, within the page
        text(page, left, MARGIN, *one_line(f"Project {project.number}: {project.name}",
                                           line_w, 10, READABLE), color="#555555",
                                           gid="deal-project")
        right = left + TICK + 2 + card_w  # the cards' right edge
        draw_tick_box(page, right - TICK, MARGIN + 5.5, TICK, gid="round-box")
        text(page, right - TICK - 2, MARGIN + 5.5 + TICK / 2, ROUND_LABEL, 8, ha="right",
             va="center", gid="deal-round")
        name_w = right - TICK - 4 - len(ROUND_LABEL) * 8 * CHAR - left
        text(page, left, MARGIN + 5, *one_line(room.name, name_w, 18, 10, bold=True),
             fontweight="bold", gid="deal-room")
        text(page, left, MARGIN + 14, *one_line(f"Seed {record.seed}. The same deal: {command}",
                                                line_w, 8.5, READABLE), gid="deal-seed")
        y = paragraph(page, left, MARGIN + 19, INSTRUCTIONS, line_w, READABLE, color="#555555",
                      gid="deal-instruction") + 2
        per_column = 4
        shown = min(len(room.cards), per_column)
        slot_h = min(CARD_SIZE[1] + CHOICE_ROW, (height - y - EDGE - 8) / max(1, shown))
        column_w = card_w + TICK + 4
        if len(room.cards) > per_column:  # two columns of cards (a room has 5 at most)
            left = (width - 2 * column_w) / 2
        for position, slot in enumerate(room.cards):
            card = record.card(catalog, slot.number)
            if card is None:
                continue
            column, row = divmod(position, per_column)
            x = left + column * column_w
            cy = y + row * slot_h
            card_h = slot_h - CHOICE_ROW
            draw_tick_box(page, x, cy + card_h / 2 - TICK / 2, TICK)
            draw_card(page, catalog, card, (x + TICK + 2, cy, card_w, card_h),
                      tokens=slot.tokens, note=room.name)
            _choice_boxes(page, option_columns(x + TICK + 2, card_w, len(card.options)),
                          cy + card_h - 0.5, slot.tokens)
        footer(page, size, f"Home Staging - the deal of seed {record.seed} - "
               f"{room.name} - page {index + 1} of {len(project.rooms)}")
        figures.append(fig)
    assert EDGE < MARGIN
    return figures


def _choice_boxes(page: Axes, columns: list[tuple[float, float]], y: float,
                  tokens: int) -> None:
    """Under each option's column (left, width), from ``y``: a box per token, centred;
    one box and "how many?" when the tokens' boxes are wider than the column."""
    for column_x, column_w in columns:
        count = tokens if tokens * CHOICE_STEP <= column_w - 2 else 1
        first = column_x + (column_w - count * CHOICE_STEP + CHOICE_STEP - CHOICE_BOX) / 2
        if count < tokens:
            first -= 6.0  # the words beside the box
            text(page, first + CHOICE_BOX + 1.2, y + CHOICE_BOX / 2, "how many?", READABLE,
                 va="center", color="#555555", gid="choice-count")
        for at in range(count):
            draw_tick_box(page, first + at * CHOICE_STEP, y, CHOICE_BOX, gid="choice-box")


def deal_pdf(project: Project, record: GameRecord, command: str, *, paper: str = "a4") -> bytes:
    """The PDF of :func:`deal_figures`."""
    return pdf_bytes(deal_figures(project, record, command, paper=paper),
                     f"Home Staging - deal of project {project.number}, seed {record.seed}",
                     "The cards dealt, a page per room")
