"""The score panel beside a plan, as lines of text: pure data, no drawing.

Each line is ``(left text, right text, style)``; the style names how
:mod:`homestaging.render` writes it ("title", "head", "plain", "dim", "note", "warn",
"total", "ghost").

* ``shown_problems(card, problems)`` the problems a picture shows.
* ``unreachable_pieces(sheet, card, end_of_game)`` the pieces drawn hatched, numbered in
  order.
* ``panel_lines(sheet, card, problems, end_of_game)`` the panel; ``legend_lines(legend)`` the
  placements legend that closes it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import Problem, Severity
from .grid import cell_name

if TYPE_CHECKING:
    from .scoring import PieceScore, ScoreCard
    from .sheet import Sheet

__all__ = ["Line", "legend_lines", "panel_lines", "shown_problems", "unreachable_pieces"]

#: (left text, right text, style)
Line = tuple[str, str, str]


def shown_problems(card: ScoreCard | None,
                   problems: Sequence[Problem] | None) -> tuple[Problem, ...]:
    """The problems to show: those given, else the card's (none without a card)."""
    if problems is not None:
        return tuple(problems)
    if card is None:
        return ()
    return card.problems


def unreachable_pieces(sheet: Sheet, card: ScoreCard | None,
                       end_of_game: bool) -> list[PieceScore]:
    """The pieces drawn hatched, in the panel's order. In play, only where the verdict
    means something: the house has a front door and the piece's room is walled."""
    if card is None:
        return []
    walled = sheet.walled
    found = []
    for room in card.rooms:
        for piece in room.pieces:
            if piece.reachable or (piece.room == sheet.current_room and piece.room not in walled):
                continue
            if end_of_game or (sheet.front_doors and piece.room in walled):
                found.append(piece)
    return found


def panel_lines(sheet: Sheet, card: ScoreCard | None, problems: Sequence[Problem] = (),
                end_of_game: bool = True) -> list[Line]:
    """The score panel, line by line: (label, points, style)."""
    project = sheet.project
    lines: list[Line] = [(f"{project.name}", "", "title")]
    if sheet.player:
        lines.append((f"Player: {sheet.player}", "", "plain"))
    if card is None:
        lines.append(("Not scored", "", "note"))
        if sheet.current_room:
            lines.append((f"Being furnished: {sheet.current_room}", "", "note"))
        return lines
    walled = sheet.walled
    later = (set() if end_of_game
             else {room.name for room in card.rooms if room.name not in walled})
    if not end_of_game:
        lines.append(("Score so far (mid-game)", "", "note"))
    elif card.provisional:
        lines.append(("Provisional score", "", "warn"))
    lines.append(("Rooms", "", "head"))
    for room in card.rooms:
        if room.name in later:
            note = " (being furnished)" if room.name == sheet.current_room else " (not walled yet)"
            lines.append((f"  {room.name}{note}", "", "dim"))
            continue
        note = (" (empty)" if room.empty else "" if room.reachable
                else " (being furnished)" if room.name == sheet.current_room
                else " (unreachable)" if end_of_game or sheet.front_doors else "")
        worth = room.points_if_connected
        if worth is not None and worth != room.points:
            note += f" ({worth} if connected)"
        lines.append((f"  {room.name}{note}", _points(room.points), "plain"))
    if card.bonuses:
        lines.append(("Bonuses", "", "head"))
        for bonus in card.bonuses:
            mark = "\u2713" if bonus.awarded else "\u2717"
            wrapped = textwrap.wrap(bonus.text, 40) or [""]
            lines.append((f"{mark} {wrapped[0]}", _points(bonus.points), "plain" if bonus.awarded
                          else "dim"))
            lines.extend((f"   {more}", "", "plain" if bonus.awarded else "dim")
                         for more in wrapped[1:])
    penalties = card.penalties
    if penalties:
        lines.append(("Penalties", "", "head"))
        for penalty in penalties:
            for i, part in enumerate(textwrap.wrap(penalty.text, 40) or [""]):
                lines.append((f"  {part}", _points(penalty.points) if i == 0 else "", "plain"))
    lines.append(("Total" if end_of_game else "Total so far", _points(card.total), "total"))
    if card.total_if_connected is not None and card.total_if_connected != card.total:
        lines.append((f"{card.total_if_connected} if every walled room is connected", "",
                      "note"))
    lines.append((f"Tie-break: {card.furniture_count} pieces", "", "plain"))
    unreachable = unreachable_pieces(sheet, card, end_of_game)
    if unreachable:
        lines.append(("Unreachable", "", "head"))
        for number, piece in enumerate(unreachable, 1):
            wrapped = textwrap.wrap(f"{number}. {piece.name}: {piece.reason}", 46)
            lines.extend((f"  {part}", "", "warn") for part in wrapped)
    errors = [p for p in problems if p.severity == Severity.ERROR]
    if errors:
        plural = "error" if len(errors) == 1 else "errors"
        lines.append((f"Problems ({len(errors)} {plural}, ringed red)", "", "head"))
        lines.extend(_problem_lines(errors, "warn"))
    todo = [p for p in problems if p.severity == Severity.TODO]
    if todo:
        lines.append(("Still to do", "", "head"))
        lines.extend(_problem_lines(todo, "note"))
    return lines


def _problem_lines(problems: Sequence[Problem], style: str) -> list[Line]:
    """At most eight problems, each in at most three wrapped lines."""
    lines: list[Line] = []
    for problem in problems[:8]:
        where = f"{cell_name(problem.cells[0])}: " if problem.cells else ""
        parts = textwrap.wrap(f"{where}{problem.code}: {problem.message}", 46)
        if len(parts) > 3:
            parts = [*parts[:2], parts[2][:43] + "..."]
        lines.extend((f"  {part}", "", style) for part in parts)
    if len(problems) > 8:
        lines.append((f"  ... and {len(problems) - 8} more", "", style))
    return lines


def _points(value: int) -> str:
    return f"{value:+d}" if value else "0"


def legend_lines(legend: Sequence[str]) -> list[Line]:
    """The placements legend closing the panel (nothing without legend lines)."""
    if not legend:
        return []
    return [("Placements", "", "head"), *((f"  {line}", "", "ghost") for line in legend)]
