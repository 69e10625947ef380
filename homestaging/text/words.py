"""Problems in the player's words: each piece named by where it stands, not by the label
the file gives it (``pieces[2] (Fridge)``, ``K (Fridge)``); on the page, the file's keys
named as the page's buttons (**Next room**, **Finish**, the **Room** tool).

``check``'s text and the browser editor say problems through :func:`in_words`; the
codes, severities, squares and the JSON ``message`` stay those of the rules.

>>> text = "pieces[1] (Fridge) stands on pieces[0] (Stove) at O9"
>>> in_words(text, {"pieces[0] (Stove)": "O9", "pieces[1] (Fridge)": "O8"})
'Fridge at O8 stands on the Stove at O9'
>>> in_words("I (Kitchen island) at L8-M8 cannot be reached", {"I (Kitchen island)": "L8"})
'Kitchen island at L8-M8 cannot be reached'
>>> in_words("current_room is Kitchen, which is already walled: set current_room to "
...          "the next room, Bathroom", {}, page=True)
'Kitchen is walled: press Next room to furnish the Bathroom'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.grid import cell_name

if TYPE_CHECKING:
    from ..core.sheet import Sheet

__all__ = ["anchors", "in_words"]

_SUBJECT = re.compile(r"(?<!\S)(?:pieces\[\d+\]|\S) \(([^()]*)\)")
"""A piece as the rules name it: its label in the sheet (``pieces[2]`` or a grid's
letter), then its name in brackets."""

#: the file's keys and what the page calls them, tried in this order
_BUTTONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), words) for pattern, words in (
        (r"^current_room is (.+?), which is already walled: set current_room to the next "
         r"room, (.+)$", r"\1 is walled: press Next room to furnish the \2"),
        (r"^current_room is (.+?), which is already walled: every room is walled: remove "
         r"current_room$", r"\1 is walled, and so is every room: press Finish"),
        (r"room (.+?) is already walled: pieces go into the room being furnished",
         r"\1 is walled: pieces go into the room being furnished (press Next room)"),
        (r"then set current_room to the next room, the (.+?)([.;]|$)",
         r"then press Next room (the \1)\2"),
        (r"then remove current_room: it is the last room", "then press Finish: it is the "
         "last room"),
        (r"set current_room to the next room", "press Next room"),
        (r"\(cells, or room_grid\)", "(the Room tool)"),
        (r"front door \(front_door\)", "front door (the Front door tool)"),
        (r"\bcurrent_room\b", "the room being furnished"),
        (r"\bfront_door\b", "front door"),
    )
)


def anchors(sheet: Sheet) -> dict[str, str]:
    """Each piece's subject (``pieces[2] (Fridge)``) and the square it is drawn at
    (``O8``), for the pieces the subject names alone (two chairs drawn with one grid
    letter share a subject: they keep it)."""
    found: dict[str, str] = {}
    shared: set[str] = set()
    for drawn in sheet.pieces:
        subject = drawn.subject
        if subject in found:
            shared.add(subject)
        found[subject] = cell_name(drawn.placement.anchor)
    return {subject: at for subject, at in found.items() if subject not in shared}


def in_words(message: str, where: Mapping[str, str], *, page: bool = False) -> str:
    """``message`` with each piece named by where it stands (``where`` maps a subject to
    its square, see :func:`anchors`): ``Fridge at O8`` first, ``the Stove at O9`` after;
    ``Fridge``, ``the Stove`` when the squares in question follow. With ``page``, the file's keys
    are named as the page's buttons."""
    def piece(match: re.Match[str]) -> str:
        at = where.get(match.group(0))
        if at is None:
            return match.group(0)
        name = match.group(1) if match.start() == 0 else f"the {match.group(1)}"
        if message.startswith(" at ", match.end()):
            return name  # the squares in question follow
        return f"{name} at {at}"

    text = _SUBJECT.sub(piece, message) if where else message
    if page:
        for pattern, words in _BUTTONS:
            text = pattern.sub(words, text)
    return text
