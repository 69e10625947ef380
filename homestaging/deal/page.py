"""The text of a deal: how to deal the same cards, then the cards in play room by room,
each with its two options drawn (as ``homestaging cards show`` draws them)."""

from __future__ import annotations

from ..core.game import GameRecord
from ..core.project import Project
from ..text.fit import command_line, hang, terminal_width
from ..text.pages import card_lines

__all__ = ["format_deal", "written"]


def _tokens(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"


def format_deal(project: Project, record: GameRecord, command: str) -> str:
    """The deal of ``record`` for the table: the seed and ``command`` that deals the same
    cards, then each room (project order) with its cards as dealt and their options."""
    lines = [f"Project {project.id} ({project.name}), seed {record.seed}",
             "Everyone at the table deals the same cards with:", command_line(command)]
    catalog = project.catalog
    for room in project.rooms:
        lines += ["", f"{room.name} ({_tokens(room.tokens)})"]
        for slot in room.cards:
            card = record.card(catalog, slot.number)
            if card is None:
                continue
            lines += ["  " + line if line else ""
                      for line in card_lines(catalog, card, f", {_tokens(slot.tokens)}")]
    lines += ["", "Each round, the active player flips the room's cards in any order and",
              "chooses one option per token."]
    return "\n".join(lines) + "\n"


def written(project: Project, file: str, name: str, *, width: int | None = None) -> str:
    """What to do with a record written to ``file`` (called ``name`` beside the sheets),
    wrapped to ``width`` columns (the terminal's when None)."""
    width = width or terminal_width()
    room = project.rooms[0] if project.rooms else None
    example = ([f'  {{"room": "{room.name}",',
                f'   "cards": [{{"card": {room.cards[0].number}, '
                '"tokens": ["<the piece id chosen>"]}, ...]}']
               if room and room.cards else [])
    return "\n".join([
        *hang(f'Game record written to {file}. As you play, add each round to its "rounds":',
              width),
        *example,
        *hang(f'A sheet names the record with "game": "{name}" (the path from the sheet\'s '
              'folder).', width),
    ]) + "\n"
