"""The score panel beside a plan and the key under it, as text: pure data, no drawing.

Each panel line is ``(left text, right text, style)``; the style names how
:mod:`homestaging.draw.legend` writes it ("title", "head", "plain", "dim", "note", "warn",
"total"). Key entries are ``(mark, meaning)``, the mark naming the sample drawn.

* ``shown_problems(card, problems)`` the problems a picture shows.
* ``ringed_problems(problems, end_of_game)`` those ringed on the plan, with the numbers
  ``check`` gives them.
* ``unreachable_pieces(sheet, card, end_of_game)`` the pieces drawn hatched, lettered
  A, B, ... in order (``piece_letter``).
* ``panel_lines(sheet, card, problems, end_of_game, if_connected=None)`` the panel.
  ``if_connected`` (room name -> points) is the figure a walled room would score once
  connected to the front door; mid-game, an unconnected room shows it ("9 if
  connected"). Nothing computes it here: the caller passes it when known.
* ``key_entries(marks)`` what each mark drawn on a plan means, in a fixed order;
  ``short_name_lines(pairs)`` the key to the names shortened on the plan.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.errors import Problem, Severity
from ..core.grid import cell_name
from .report import numbered

if TYPE_CHECKING:
    from ..core.sheet import Sheet
    from ..scoring.card import PieceScore, RoomScore, ScoreCard

__all__ = [
    "KEY",
    "MAX_LISTED",
    "Line",
    "key_entries",
    "panel_lines",
    "piece_letter",
    "ringed_problems",
    "room_note",
    "short_name_lines",
    "shown_problems",
    "unreachable_pieces",
]

#: (left text, right text, style)
Line = tuple[str, str, str]

#: Every mark a plan may show and what it means, in the key's order.
KEY: dict[str, str] = {
    "wall": "Wall",
    "hallway": "Hallway",
    "unwalled": "Not walled yet",
    "current": "Room being furnished",
    "circulation": "Circulation space (keep free)",
    "rug": "Rug (others may stand on it)",
    "obstacle": "Obstacle (keep free)",
    "front-door": "Front door",
    "door": "Door of a room",
    "window": "Window",
    "route": "Bonus route, squares counted",
    "unreachable": "Unreachable piece (scores 0)",
    "error": "Problem, numbered as in the list",
    "ghost": "Candidate placement",
}
#: problems shown by their own marks (red hatching), not by rings
_DRAWN_OTHERWISE = frozenset({"unreachable-piece", "unreachable-room"})
#: bonuses, unreachable pieces, errors and things to do the panel lists at most, each;
#: one more line sums up the rest, so the panel (and the picture) keeps a bounded size
MAX_LISTED = 8


def shown_problems(card: ScoreCard | None,
                   problems: Sequence[Problem] | None) -> tuple[Problem, ...]:
    """The problems to show: those given, else the card's (none without a card)."""
    if problems is not None:
        return tuple(problems)
    if card is None:
        return ()
    return card.problems


def ringed_problems(problems: Sequence[Problem],
                    end_of_game: bool) -> list[tuple[int, Problem]]:
    """The problems ringed on the plan, with their numbers in ``check``'s list: errors,
    and at the end of the game warnings too, except unreachable pieces and rooms (they
    are hatched); never what is still to do."""
    return [(number, problem) for number, problem in numbered(problems)
            if problem.code not in _DRAWN_OTHERWISE and problem.severity != Severity.TODO
            and (end_of_game or problem.severity == Severity.ERROR)]


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


def piece_letter(number: int) -> str:
    """The mark of the ``number``-th unreachable piece: A, B, ..., Z, AA, AB, ..."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def room_note(sheet: Sheet, room: RoomScore, end_of_game: bool,
              if_connected: Mapping[str, int] | None = None) -> str:
    """What a walled room's points need saying: ``empty``; ``unreachable`` at the end
    of the game; mid-game, for a room not connected to the front door, what it scores
    once connected (``9 pts if connected``: ``if_connected[name]`` when given, else the
    card's ``points_if_connected``) or, without that figure, ``not connected yet``;
    "" when the points say it all."""
    if room.empty:
        return "empty"
    if room.reachable or (room.name == sheet.current_room and room.name not in sheet.walled):
        return ""
    worth = (if_connected[room.name] if if_connected is not None and room.name in if_connected
             else room.points_if_connected)
    later = f"{_pts(worth)} if connected" if worth is not None and worth != room.points else ""
    if end_of_game:
        return "unreachable" + (f", {later}" if later else "")
    if later:
        return later
    return "not connected" if sheet.front_doors else "not connected yet"


def panel_lines(sheet: Sheet, card: ScoreCard | None, problems: Sequence[Problem] = (),
                end_of_game: bool = True,
                if_connected: Mapping[str, int] | None = None) -> list[Line]:
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
        note = room_note(sheet, room, end_of_game, if_connected)
        lines.append((f"  {room.name}" + (f" ({note})" if note else ""), _points(room.points),
                      "plain"))
    if card.bonuses:
        lines.append(("Bonuses", "", "head"))
        for bonus in card.bonuses[:MAX_LISTED]:
            mark = "\u2713" if bonus.awarded else "\u2717"
            wrapped = textwrap.wrap(bonus.text, 40) or [""]
            lines.append((f"{mark} {wrapped[0]}", _points(bonus.points), "plain" if bonus.awarded
                          else "dim"))
            lines.extend((f"   {more}", "", "plain" if bonus.awarded else "dim")
                         for more in wrapped[1:])
        rest = card.bonuses[MAX_LISTED:]
        if rest:
            awarded = sum(1 for bonus in rest if bonus.awarded)
            lines.append((f"  ... and {len(rest)} more ({awarded} awarded)",
                          _points(sum(bonus.points for bonus in rest)), "plain"))
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
        lines.append(("Unreachable (hatched)", "", "head"))
        for number, piece in enumerate(unreachable[:MAX_LISTED], 1):
            wrapped = textwrap.wrap(f"{piece_letter(number)}. {piece.name}: {piece.reason}", 46)
            lines.extend((f"  {part}" if i == 0 else f"     {part}", "", "warn")
                         for i, part in enumerate(wrapped))
        if len(unreachable) > MAX_LISTED:
            lines.append((f"  ... and {len(unreachable) - MAX_LISTED} more", "", "warn"))
    listed = numbered(problems)
    errors = [(n, p) for n, p in listed if p.severity == Severity.ERROR]
    if errors:
        plural = "error" if len(errors) == 1 else "errors"
        lines.append((f"Problems ({len(errors)} {plural}, ringed red)", "", "head"))
        lines.extend(_problem_lines(errors, "warn"))
    todo = [(n, p) for n, p in listed if p.severity == Severity.TODO]
    if todo:
        lines.append(("Still to do", "", "head"))
        lines.extend(_problem_lines(todo, "note", codes=False))
    return lines


def _problem_lines(problems: Sequence[tuple[int, Problem]], style: str, *,
                   codes: bool = True) -> list[Line]:
    """At most :data:`MAX_LISTED` problems with their numbers (and rule codes, unless
    not ``codes``: what is still to do is said in plain words, as ``check`` says it),
    each in at most three wrapped lines."""
    lines: list[Line] = []
    for number, problem in problems[:MAX_LISTED]:
        where = f"{cell_name(problem.cells[0])}: " if problem.cells else ""
        code = f"{problem.code}: " if codes else ""
        parts = textwrap.wrap(f"{number}. {where}{code}{problem.message}", 46)
        if len(parts) > 3:
            parts = [*parts[:2], parts[2][:43] + "..."]
        lines.extend((f"  {part}" if i == 0 else f"     {part}", "", style)
                     for i, part in enumerate(parts))
    if len(problems) > MAX_LISTED:
        lines.append((f"  ... and {len(problems) - MAX_LISTED} more", "", style))
    return lines


def _points(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _pts(value: int) -> str:
    return f"{value} pt" + ("" if abs(value) == 1 else "s")


def key_entries(marks: Iterable[str]) -> list[tuple[str, str]]:
    """``(mark, meaning)`` for each of ``marks`` (names of :data:`KEY`), in the key's
    order."""
    shown = set(marks)
    return [(mark, meaning) for mark, meaning in KEY.items() if mark in shown]


def short_name_lines(pairs: Sequence[tuple[str, str]]) -> list[str]:
    """``Nightst. = Nightstand`` for each (short, full) name used on a plan."""
    return [f"{short} = {full}" for short, full in pairs]
