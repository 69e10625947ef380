"""The score of a sheet (SPEC 2.6): rooms, bonuses, penalties, total and tie-break.

* 1 point per furniture square of a reachable piece (not a rug) in a reachable room.
* A project room with no furniture (no piece but rugs) does not exist for scoring: -3,
  listed under ``penalties``.
* The project's bonuses, all listed under ``bonuses`` in project order with the points
  they gave; a negative bonus (a penalty of the project book) is listed there too, with
  its negative points, so that its explanation and routes stay with it.
* ``total = sum(rooms) + sum(bonuses) + sum(penalties)`` (penalty points are negative).
* Tie-break (``furniture_count``): the reachable pieces (SPEC 2.6), not rugs, and not
  the pieces set aside by an error (a piece at fault counts as not drawn).

A sheet that breaks a rule (an ``error`` problem of :func:`homestaging.rules.check`)
still gets a score, marked provisional (``final`` false); the pieces named by an error
score 0 and count for no bonus.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .access import Access, access, access_problems
from .bonuses import BonusResult, evaluate
from .errors import ERROR, Problem
from .grid import cell_name, cells_text, parse_cell, reading_order
from .layout import Layout, layout
from .sheet import Sheet

__all__ = [
    "EMPTY_ROOM_POINTS",
    "BonusResult",
    "Penalty",
    "PieceScore",
    "RoomScore",
    "ScoreCard",
    "format_ranking",
    "format_scorecard",
    "rank",
    "score",
]

EMPTY_ROOM_POINTS = -3


@dataclass(frozen=True)
class PieceScore:
    """One piece on the score pad: its furniture squares and the points they gave."""

    index: int
    piece: str
    name: str
    label: str
    room: str | None
    squares: tuple[str, ...]
    points: int
    reachable: bool
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "piece": self.piece, "name": self.name,
                "label": self.label, "room": self.room, "squares": list(self.squares),
                "points": self.points, "reachable": self.reachable, "reason": self.reason}


@dataclass(frozen=True)
class RoomScore:
    """One room of the project: reachable or why not, its points and its pieces."""

    name: str
    reachable: bool
    points: int
    empty: bool
    reason: str
    pieces: tuple[PieceScore, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "reachable": self.reachable, "points": self.points,
                "empty": self.empty, "reason": self.reason,
                "pieces": [piece.to_json() for piece in self.pieces]}


@dataclass(frozen=True)
class Penalty:
    """A penalty of the rules (an empty room); ``points`` is negative."""

    text: str
    points: int
    subject: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "points": self.points, "subject": self.subject}


@dataclass(frozen=True)
class ScoreCard:
    """A sheet's score. ``final`` is false while the sheet has errors or is unfinished."""

    project: str
    player: str
    rooms: tuple[RoomScore, ...]
    bonuses: tuple[BonusResult, ...]
    penalties: tuple[Penalty, ...]
    total: int
    furniture_count: int
    problems: tuple[Problem, ...]
    final: bool
    source: str = ""

    @property
    def room_points(self) -> int:
        return sum(room.points for room in self.rooms)

    @property
    def bonus_points(self) -> int:
        return sum(bonus.points for bonus in self.bonuses)

    @property
    def penalty_points(self) -> int:
        return sum(penalty.points for penalty in self.penalties)

    def to_json(self) -> dict[str, Any]:
        """The SPEC section 4 object."""
        return {
            "project": self.project,
            "player": self.player,
            "rooms": [room.to_json() for room in self.rooms],
            "bonuses": [bonus.to_json() for bonus in self.bonuses],
            "penalties": [penalty.to_json() for penalty in self.penalties],
            "total": self.total,
            "furniture_count": self.furniture_count,
            "problems": [problem.to_json() for problem in self.problems],
            "final": self.final,
        }


def _check(sheet: Sheet, lay: Layout, final: bool) -> list[Problem]:
    from .rules import check

    return check(sheet, lay, final=final)


def involved(sheet: Sheet, problems: Iterable[Problem]) -> frozenset[int]:
    """Indexes of the pieces named by an error: its path is the piece's entry (shared by
    several grid pieces: its squares must touch the piece), or its squares lie on the
    piece's furniture and its path is a piece's entry. An error about a room (the extra
    pieces of ``too-many-pieces``) names the pieces whose furniture its squares cover."""
    paths: dict[str, list[int]] = {}
    for index, drawn in enumerate(sheet.pieces):
        paths.setdefault(drawn.path, []).append(index)
    found: set[int] = set()
    for problem in problems:
        if problem.severity != ERROR:
            continue
        if problem.path not in paths:
            if problem.code == "too-many-pieces":
                cells = set(problem.cells)
                found.update(i for i, drawn in enumerate(sheet.pieces)
                             if {cell_name(c) for c in drawn.placement.furniture} <= cells)
            continue
        named = paths[problem.path]
        if len(named) == 1 and not problem.cells:
            found.update(named)
            continue
        cells = set(problem.cells)
        for index, drawn in enumerate(sheet.pieces):
            placement = drawn.placement
            own = {cell_name(c) for c in placement.furniture | placement.circulation}
            furniture = {cell_name(c) for c in placement.furniture}
            if (index in named and (len(named) == 1 or own & cells)) or furniture & cells:
                found.add(index)
    return frozenset(found)


def score(sheet: Sheet, *, lenient_access: bool = False, final: bool = True,
          problems: Sequence[Problem] | None = None) -> ScoreCard:
    """Score a sheet as at the end of the game, or (``final=False``) the score so far.

    ``problems`` defaults to ``rules.check(sheet, final=final)``. The score so far
    charges no empty-room penalty for a room not walled yet: it may still be furnished.
    """
    lay = layout(sheet)
    found = list(_check(sheet, lay, final) if problems is None else problems)
    acc = access(sheet, lay, lenient_access=lenient_access)
    known = {(p.code, p.path) for p in found}
    found += [p for p in access_problems(sheet, lay, acc) if (p.code, p.path) not in known]
    excluded = involved(sheet, found)
    rooms, penalties = _rooms(sheet, lay, acc, excluded, final)
    bonuses = evaluate(sheet, lay, acc, excluded)
    total = (sum(r.points for r in rooms) + sum(b.points for b in bonuses)
             + sum(p.points for p in penalties))
    count = sum(1 for r in rooms for p in r.pieces if p.reachable and not p.reason
                and not sheet.pieces[p.index].placement.piece.is_rug)
    errors = any(p.severity == ERROR for p in found)
    return ScoreCard(sheet.project.id, sheet.player, rooms, bonuses, penalties, total, count,
                     tuple(found), final and sheet.finished and not errors, sheet.source)


def _rooms(sheet: Sheet, lay: Layout, acc: Access, excluded: frozenset[int],
           final: bool) -> tuple[tuple[RoomScore, ...], tuple[Penalty, ...]]:
    rooms: list[RoomScore] = []
    penalties: list[Penalty] = []
    walled = {room.name for room in sheet.rooms if room.finalized}
    for spec in sheet.project.rooms:
        room_ok = acc.room_reachable(spec.name)
        pieces: list[PieceScore] = []
        for index, drawn in enumerate(sheet.pieces):
            if lay.piece_rooms[index] != spec.name:
                continue
            placement = drawn.placement
            reason = acc.pieces[index]
            if not reason and index in excluded:
                reason = "it breaks a rule"
            scores = not reason and not placement.piece.is_rug
            cells = sorted(placement.furniture, key=reading_order)
            pieces.append(PieceScore(
                index, drawn.id, drawn.name, drawn.label, spec.name,
                tuple(cell_name(c) for c in cells), len(cells) if scores else 0,
                acc.piece_reachable(index), reason,
            ))
        empty = not any(not sheet.pieces[p.index].placement.piece.is_rug for p in pieces)
        if empty and (final or spec.name in walled):
            penalties.append(Penalty(f"{spec.name} is empty", EMPTY_ROOM_POINTS, spec.name))
        rooms.append(RoomScore(spec.name, room_ok, sum(p.points for p in pieces), empty,
                               acc.rooms.get(spec.name, ""), tuple(pieces)))
    return tuple(rooms), tuple(penalties)


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


EXPLAIN = "      "
"""Indent of an explanation line under a line of the score pad."""


def _piece_text(piece: PieceScore) -> str:
    where = cells_text(parse_cell(name) for name in piece.squares)
    return f"{piece.name} ({piece.label}) at {where}" if where else f"{piece.name} ({piece.label})"


def format_scorecard(card: ScoreCard, file: str = "") -> str:
    """The whole score pad of the sheet ``file``, explained.

    A line per room with its points, and under it why it or any of its pieces scored
    nothing (not reachable, set aside by an error); a line per bonus, ``[x]`` when
    awarded, with its one-line explanation under it; the penalties; then TOTAL and the
    tie-break count in aligned columns. A card that is not final is marked PROVISIONAL
    and its errors are listed at the end.
    """
    label = file or card.source or card.project
    rows: list[tuple[str, str | None]] = []  # (text, points); points None: explanation
    for room in card.rooms:
        note = "" if room.reachable else "  (not reachable)"
        if room.empty:
            note = "  (empty)"
        rows.append((f"{room.name}{note}", str(room.points)))
        if not room.reachable and room.reason:
            rows.append((f"{EXPLAIN}not reachable: {room.reason}", None))
        for piece in room.pieces:
            if piece.reason and (room.reachable or piece.reason != room.reason):
                rows.append((f"{EXPLAIN}{_piece_text(piece)} scores 0: {piece.reason}", None))
    for bonus in card.bonuses:
        mark = "x" if bonus.awarded else " "
        rows.append((f"[{mark}] {bonus.text}", _signed(bonus.points)))
        if bonus.explanation:
            rows.append((f"{EXPLAIN}{bonus.explanation}", None))
    for penalty in card.penalties:
        rows.append((f"    {penalty.text}", str(penalty.points)))
    width = max([len(text) for text, points in rows if points is not None] + [28])
    number = max([len(points) for _, points in rows if points is not None]
                 + [len(str(card.total)), 3])
    lines = [f"{label} - {card.project}" + (f" - {card.player}" if card.player else "")]
    errors = [p for p in card.problems if p.severity == ERROR]
    if not card.final:
        lines.append("PROVISIONAL: " + (
            f"the sheet has {len(errors)} error{'' if len(errors) == 1 else 's'}; "
            "the pieces at fault score 0" if errors else "the sheet is not finished"))
    lines.append("-" * (width + number + 2))
    lines += [text if points is None else f"{text:<{width}}  {points:>{number}}"
              for text, points in rows]
    lines.append("-" * (width + number + 2))
    total = "TOTAL" if card.final else "TOTAL (provisional)"
    lines.append(f"{total:<{width}}  {card.total:>{number}}")
    lines.append(f"{'pieces (tie-break)':<{width}}  {card.furniture_count:>{number}}")
    if errors:
        lines.append("")
        lines.append("Errors:")
        lines += [f"  {problem.line(label)}" for problem in errors]
    return "\n".join(lines) + "\n"


def rank(cards: Iterable[ScoreCard]) -> list[ScoreCard]:
    """Cards best first: higher total, then more pieces; stable for equal cards."""
    return sorted(cards, key=lambda c: (-c.total, -c.furniture_count))


def places(cards: Sequence[ScoreCard]) -> list[int]:
    """Place of each card of a ranked list (1 = first); equal total and count share a place."""
    found: list[int] = []
    for index, card in enumerate(cards):
        if index and (card.total, card.furniture_count) == (
                cards[index - 1].total, cards[index - 1].furniture_count):
            found.append(found[-1])
        else:
            found.append(index + 1)
    return found


def format_ranking(cards: Iterable[ScoreCard]) -> str:
    """A ranking table of several sheets: place, player, sheet, total, pieces."""
    ranked = rank(cards)
    rows = [(str(place), card.player or "-", card.source or card.project, str(card.total),
             str(card.furniture_count), "" if card.final else "*")
            for place, card in zip(places(ranked), ranked, strict=True)]
    header = ("place", "player", "sheet", "total", "pieces", "")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(6)]
    lines = ["  ".join(
        f"{value:<{widths[i]}}" if i in (1, 2, 5) else f"{value:>{widths[i]}}"
        for i, value in enumerate(row)).rstrip() for row in [header, *rows]]
    if any(not card.final for card in ranked):
        lines.append("* provisional: the sheet has errors or is not finished")
    return "\n".join(lines) + "\n"
