"""Problems in the player's words: what ``check`` says about the file, said about the page.

``check`` speaks the sheet file's language (``pieces[2] (Fridge)``, ``set current_room
to the next room``); the page names pieces by where they stand and points at its own
buttons (**Next room**, the **Room** and **Door** tools). Only the wording changes: the
codes, severities and squares stay those of ``check``.

>>> text = "pieces[1] (Fridge) stands on pieces[0] (Stove) at O9"
>>> in_words(text, ["O9", "O8"])
'Fridge at O8 stands on the Stove at O9'
>>> in_words("current_room is Kitchen, which is already walled: set current_room to "
...          "the next room, Bathroom", [])
'Kitchen is walled: press Next room to furnish the Bathroom'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["in_words"]

_SUBJECT = re.compile(r"pieces\[(\d+)\] \(([^()]*)\)")

#: file words and what the page calls them, tried in this order
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
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


def in_words(message: str, anchors: Sequence[str]) -> str:
    """``message`` with each piece named by where it stands (``anchors[i]`` is the square
    ``pieces[i]`` is drawn at) and the file's keys named as the page's buttons."""
    def piece(match: re.Match[str]) -> str:
        index, name = int(match.group(1)), match.group(2)
        at = anchors[index] if index < len(anchors) else None
        if match.start() == 0:
            return f"{name} at {at}" if at else name
        if message.startswith(" at ", match.end()) or at is None:
            return f"the {name}"  # the squares in question follow
        return f"the {name} at {at}"

    text = _SUBJECT.sub(piece, message)
    for pattern, words in _PHRASES:
        text = pattern.sub(words, text)
    return text
