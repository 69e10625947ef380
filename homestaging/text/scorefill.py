"""The score pad of a drawing sheet filled in (``print --fill``): the Points column as a
player writes it from the sheet's score, in the rows' order."""

from __future__ import annotations

from ..core.sheet import Sheet
from ..scoring.card import score

__all__ = ["pad_points"]


def pad_points(sheet: Sheet) -> dict[tuple[str, int], str]:
    """The Points column of ``sheet``'s score pad, by (row kind, index among the rows of
    that kind): each room (the project's order) and each bonus, the empty-room
    penalties together, the total (``provisional`` rows end in ``?``) and the tie-break
    (reachable pieces)."""
    card = score(sheet)
    mark = "?" if card.provisional else ""
    by_name = {room.name: room for room in card.rooms}
    points: dict[tuple[str, int], str] = {}
    for index, room in enumerate(sheet.project.rooms):
        found = by_name.get(room.name)
        points["room", index] = str(found.points) if found is not None and not found.empty else "-"
    points["penalty", 0] = str(sum(penalty.points for penalty in card.penalties))
    for index, bonus in enumerate(card.bonuses):
        points["bonus", index] = f"{bonus.points:+d}" if bonus.points else "0"
    points["total", 0] = f"{card.total}{mark}"
    points["tie", 0] = str(card.furniture_count)
    return points
