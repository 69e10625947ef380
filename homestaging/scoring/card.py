"""The score of a sheet (``docs/scoring.md``): rooms, bonuses, penalties, total, tie-break.

* 1 point per furniture square of a reachable piece (not a rug) in a reachable room.
* A project room with no furniture (no piece but rugs) does not exist for scoring: -3,
  listed under ``penalties``.
* The project's bonuses, all listed under ``bonuses`` in project order with the points
  they gave; a negative bonus (a penalty of the project book) is listed there too, with
  its negative points, so that its explanation and routes stay with it.
* ``total = sum(rooms) + sum(bonuses) + sum(penalties)`` (penalty points are negative).
* Tie-break (``furniture_count``): the reachable pieces, not rugs, and not the pieces
  set aside by an error (a piece at fault counts as not drawn).

A sheet that breaks a rule (an ``error`` problem of :func:`homestaging.rules.checks.check`)
still gets a score, marked provisional; the pieces named by an error score 0 and count
for no bonus. :func:`check_sheet` is what ``homestaging check`` reports: the problems
and the score so far. :mod:`homestaging.text.report` writes score cards as text and JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar, cast

from ..core.errors import Problem, Severity
from ..core.grid import Cell, reading_order
from ..core.layout import Layout, layout
from ..core.sheet import Sheet
from ..rules.checks import Code, check
from ..rules.faults import involved
from . import EMPTY_ROOM_POINTS
from .access import Access, access, access_problems, connected_access
from .blocking import explain_unreachable, only_ways
from .bonuses import BonusResult, evaluate

__all__ = [
    "EMPTY_ROOM_POINTS",
    "BonusResult",
    "Penalty",
    "PieceScore",
    "RoomScore",
    "ScoreCard",
    "SheetCheck",
    "check_sheet",
    "involved",
    "places",
    "rank",
    "rooms_in_play",
    "score",
]


@dataclass
class PieceScore:
    """One piece on the score pad: its furniture squares and the points they gave.

    The lines of a score card are plain dataclasses, not frozen (a frozen one costs five
    times as much to make, and a card makes one per piece, room and bonus): nothing
    changes them once the card is made."""

    index: int
    piece: str
    name: str
    label: str
    room: str | None
    furniture: tuple[Cell, ...]
    """Its furniture squares, in reading order."""
    points: int
    reachable: bool
    reason: str = ""


@dataclass
class RoomScore:
    """One room of the project: reachable or why not, its points and its pieces.

    ``points_if_connected`` (walled rooms only, else None): what the room scores once it
    is connected to the front door, its pieces reached from its own door
    (:func:`homestaging.scoring.access.connected_access`)."""

    name: str
    reachable: bool
    points: int
    empty: bool
    reason: str
    pieces: tuple[PieceScore, ...]
    points_if_connected: int | None = None


class Penalty(NamedTuple):
    """A penalty of the rules (an empty room); ``points`` is negative."""

    text: str
    points: int
    subject: str


@dataclass(frozen=True)
class ScoreCard:
    """A sheet's score. It is ``provisional`` while the sheet has errors, is not finished
    or is scored as a game in progress (``final`` is false in its JSON)."""

    project: str
    player: str
    rooms: tuple[RoomScore, ...]
    bonuses: tuple[BonusResult, ...]
    penalties: tuple[Penalty, ...]
    total: int
    furniture_count: int
    problems: tuple[Problem, ...]
    provisional: bool
    source: str = ""
    total_if_connected: int | None = None
    """The total once every walled room is connected to the front door."""

    @property
    def room_points(self) -> int:
        return sum(room.points for room in self.rooms)

    @property
    def bonus_points(self) -> int:
        return sum(bonus.points for bonus in self.bonuses)

    @property
    def penalty_points(self) -> int:
        return sum(penalty.points for penalty in self.penalties)


def score(sheet: Sheet, *, lenient_access: bool = False, end_of_game: bool | None = None,
          problems: Sequence[Problem] | None = None, lay: Layout | None = None) -> ScoreCard:
    """Score a sheet as at the end of the game, or the score so far of a game in progress.

    ``end_of_game`` (default: ``sheet.finished``, as for :func:`rules.check`) judges the
    sheet as at the end of the game; the score so far charges no empty-room penalty for
    a room not walled yet, which may still be furnished. ``problems`` defaults to
    ``rules.check(sheet, end_of_game=end_of_game)``. ``lenient_access`` makes every free
    room square walkable (``--lenient-access``). ``lay``: the sheet's layout, when worked
    out before (the automatic player's).
    """
    if lay is not None:
        _kept(sheet, "layout", lambda: lay)
    return _score(sheet, lenient_access, end_of_game, problems).card


class _Scored(NamedTuple):
    """A score card with the layout and the access it was computed from."""

    card: ScoreCard
    lay: Layout
    acc: Access
    if_connected: Access


Kept = TypeVar("Kept")


def _kept(sheet: Sheet, key: Hashable, work_out: Callable[[], Kept]) -> Kept:
    """What ``work_out`` gives for ``sheet``, kept with the sheet (:attr:`Sheet.kept`) under
    ``key``: check and score of one sheet ask for the same."""
    kept = sheet.kept
    if key not in kept:
        kept[key] = work_out()
    return cast(Kept, kept[key])


def _score(sheet: Sheet, lenient_access: bool, end_of_game: bool | None,
           problems: Sequence[Problem] | None) -> _Scored:
    """The score card, worked out once per sheet for each ``lenient_access`` and
    ``end_of_game`` (``problems`` given, every time): ``check`` and ``score`` of a
    finished sheet ask the same. The layout and the access verdicts are worked out once
    per sheet, whatever ``end_of_game``."""
    end_of_game = sheet.finished if end_of_game is None else end_of_game
    if problems is not None:
        return _work_out(sheet, lenient_access, end_of_game, problems)
    return _kept(sheet, ("score", lenient_access, end_of_game),
                 lambda: _work_out(sheet, lenient_access, end_of_game, None))


def _work_out(sheet: Sheet, lenient_access: bool, end_of_game: bool,
              problems: Sequence[Problem] | None) -> _Scored:
    lay = _kept(sheet, "layout", lambda: layout(sheet))
    found = list(check(sheet, lay, end_of_game=end_of_game) if problems is None else problems)
    acc, acc_if = _kept(sheet, ("access", lenient_access), lambda: _access(sheet, lay,
                                                                           lenient_access))
    known = {(p.code, p.path) for p in found}
    new = [p for p in access_problems(sheet, lay, acc, acc_if) if (p.code, p.path) not in known]
    found += explain_unreachable(sheet, lay, acc, acc_if, new)
    excluded = involved(sheet, found)
    rooms, penalties = _rooms(sheet, lay, acc, excluded, end_of_game, acc_if)
    bonuses = evaluate(sheet, lay, acc, excluded)
    same = acc_if.rooms == acc.rooms and acc_if.pieces == acc.pieces
    later = bonuses if same else evaluate(sheet, lay, acc_if, excluded)
    for bonus, then in zip(bonuses, later, strict=True):  # lines of this card alone
        bonus.points_if_connected = then.points
    total = (sum(r.points for r in rooms) + sum(b.points for b in bonuses)
             + sum(p.points for p in penalties))
    total_if_connected = (
        sum(r.points if r.points_if_connected is None else r.points_if_connected for r in rooms)
        + sum(b.points for b in later) + sum(p.points for p in penalties))
    count = sum(1 for r in rooms for p in r.pieces if p.reachable and not p.reason
                and not sheet.pieces[p.index].placement.piece.is_rug)
    errors = any(p.severity == Severity.ERROR for p in found)
    provisional = not end_of_game or not sheet.finished or errors
    card = ScoreCard(sheet.project.id, sheet.player, rooms, bonuses, penalties, total, count,
                     tuple(found), provisional, sheet.source, total_if_connected)
    return _Scored(card, lay, acc, acc_if)


def _access(sheet: Sheet, lay: Layout, lenient_access: bool) -> tuple[Access, Access]:
    """The access verdicts, and as if every walled room were connected."""
    acc = access(sheet, lay, lenient_access=lenient_access)
    return acc, connected_access(sheet, lay, acc)


def _rooms(sheet: Sheet, lay: Layout, acc: Access, excluded: frozenset[int],
           end_of_game: bool, acc_if: Access
           ) -> tuple[tuple[RoomScore, ...], tuple[Penalty, ...]]:
    rooms: list[RoomScore] = []
    penalties: list[Penalty] = []
    walled = sheet.walled
    in_room: dict[str | None, list[int]] = {}  # the pieces of each room, in sheet order
    for index, name in enumerate(lay.piece_rooms):
        in_room.setdefault(name, []).append(index)
    drawn_pieces, reasons, reasons_if = sheet.pieces, acc.pieces, acc_if.pieces
    for spec in sheet.project.rooms:
        name = spec.name
        pieces: list[PieceScore] = []
        for index in in_room.get(name, ()):
            drawn = drawn_pieces[index]
            placement = drawn.placement
            piece = placement.piece
            reason = reasons[index]
            if not reason and index in excluded:
                reason = "it breaks a rule"
            cells = tuple(sorted(placement.furniture, key=reading_order))
            pieces.append(PieceScore(
                index, piece.id, piece.name, drawn.label, name, cells,
                0 if reason else piece.points, not reasons[index], reason,
            ))
        empty = name not in lay.furnished
        if empty and (end_of_game or name in walled):
            penalties.append(Penalty(f"{name} is empty", EMPTY_ROOM_POINTS, name))
        if_connected = None
        if name in walled:  # its pieces that score once it is connected
            if_connected = sum(
                len(p.furniture) for p in pieces if not reasons_if[p.index]
                and p.index not in excluded and not drawn_pieces[p.index].placement.piece.is_rug
            ) if acc_if.room_reachable(name) else 0
        rooms.append(RoomScore(name, acc.room_reachable(name), sum(p.points for p in pieces),
                               empty, acc.rooms.get(name, ""), tuple(pieces), if_connected))
    return tuple(rooms), tuple(penalties)


def _key(card: ScoreCard) -> tuple[int, int]:
    return (card.total, card.furniture_count)


def rank(cards: Iterable[ScoreCard]) -> list[ScoreCard]:
    """Cards best first: higher total, then more pieces; stable for equal cards."""
    from ..core.ordering import order

    return order(cards, _key)


def places(cards: Sequence[ScoreCard]) -> list[int]:
    """Place of each card of a ranked list (1 = first); equal total and count share a place."""
    from ..core.ordering import shared_places

    return shared_places([_key(card) for card in cards])


@dataclass(frozen=True)
class SheetCheck:
    """What ``homestaging check`` reports on a sheet: the problems (rules broken, access
    warnings, end-game requirements still to do) and the score so far."""

    problems: tuple[Problem, ...]
    card: ScoreCard
    end_of_game: bool
    sheet: Sheet


def rooms_in_play(sheet: Sheet) -> list[str]:
    """The rooms played or being played, in play order: every room listed before the
    room being furnished and that room, and every walled room. With no room being
    furnished, the first room not walled yet is the one being played."""
    order = sheet.play_order
    walled = sheet.walled
    current = sheet.current_room
    if current is None or current not in order:
        current = next((name for name in order if name not in walled), None)
    last = order.index(current) if current is not None else -1
    return [name for index, name in enumerate(order) if index <= last or name in walled]


def check_sheet(sheet: Sheet, *, end_of_game: bool | None = None,
                lenient_access: bool = False) -> SheetCheck:
    """Check a sheet as the game stands (or, with ``end_of_game``, as at its end): the
    rules' problems and the access warnings, as :func:`score` lists them, and the score
    (``lenient_access`` as for :func:`score`).

    Without a front door every room is unreachable, which the missing front door already
    says: ``unreachable-room`` is then left out, unless the room would not be reached
    even once connected (its door opens onto a square no one may walk on...). Mid-game,
    the rooms still to wall, and (with a game record) the rooms whose cards are still to
    record, are those played or being played (:func:`rooms_in_play`),
    and the squares that every route to a walled room passes are ``only-way``
    information
    (:func:`homestaging.scoring.blocking.only_ways`).
    """
    end_of_game = sheet.finished if end_of_game is None else end_of_game
    scored = _score(sheet, lenient_access, end_of_game, None)
    problems = scored.card.problems
    if not sheet.front_doors:
        later = scored.if_connected
        problems = tuple(p for p in problems if p.code != Code.UNREACHABLE_ROOM
                         or not later.room_reachable(p.subject.removeprefix("room ")))
    if not end_of_game:
        played = {f"room {name}" for name in rooms_in_play(sheet)}
        per_room = (Code.ROOM_NOT_FINALIZED, Code.NOT_SELECTED)
        problems = tuple(p for p in problems if p.code not in per_room
                         or p.severity != Severity.TODO or not p.subject.startswith("room ")
                         or p.subject in played)
        problems += tuple(only_ways(sheet, scored.lay, scored.acc))
    return SheetCheck(problems, scored.card, end_of_game, sheet)
