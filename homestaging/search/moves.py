"""What a move is worth: the legal placements of a piece, ranked (``docs/placement.md``).

A move is a legal placement (:mod:`homestaging.search.placement`) with its value in points:

    value = points + bonus - lost

* ``points``: the furniture squares it adds (0 for a rug);
* ``bonus``: the project's bonus points it gains, less those it loses, counting every
  walled room and the room being furnished as connected to the front door;
* ``lost``: the points of what it cuts off (pieces whose circulation loses its link to
  the front door, rooms whose door does or whose door would open into the room being
  furnished), and, when it leaves that room no possible door or takes the square inside
  the front door, the points of the room's pieces, its own included.

Equal values are ranked by: joins the pieces already in the room, more of the room's
card options still fit somewhere afterwards (while the room has tokens left), more
legal placements left for them, more contact, then the anchor in reading order, the
rotation, unmirrored first. The first :data:`DIVERSE` moves share no square (furniture
or circulation) when the room has space for that many.

Large houses stay bounded: at most :data:`JUDGED` placements of a piece are judged
(those touching what a bonus looks at, then those touching a wall or a piece, then the
others, in reading order), and the best of them by the other terms (:func:`pool_size`,
fewer on large houses), plus those touching what a bonus looks at, are valued with
bonuses and space. :func:`rank_moves` is the library's answer to "where is this piece
best?"; :func:`best_moves` gives the head of the same list, judging only the placements
it needs (``place``), :func:`stream_pieces` the whole list read lazily (an automatic
player); :func:`rank_pairs` places the two pieces of a card with two selection tokens
together.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..core.bitmask import bits, iter_bits, open_moves
from ..core.grid import Cell, reading_order
from ..core.layout import Layout, with_pieces
from ..core.pieces import Orientation, Piece, Placement
from ..core.project import Bonus
from ..core.sheet import Sheet
from ..rules.checks import check
from ..rules.faults import involved
from ..scoring.access import Access, access, connected_access
from ..scoring.bonuses import BonusResult, Evaluator, evaluate, most_points
from .placement import (
    Candidate,
    SheetMasks,
    Sketch,
    SketchOrder,
    anchor_masks,
    covering,
    fits_left,
    judge_sketch,
    judged_all,
    why_none,
    with_piece,
)

__all__ = [
    "DIVERSE",
    "JUDGED",
    "PAIRED",
    "Move",
    "MoveStream",
    "Pair",
    "RankedMoves",
    "Standing",
    "best_moves",
    "judged_size",
    "pool_size",
    "rank_moves",
    "rank_pairs",
    "rank_pieces",
    "standing",
    "stream_pieces",
]

_Answer = TypeVar("_Answer")

JUDGED = 2000
"""Placements of one piece judged at most (cut-offs, door, contact) on a small house."""
JUDGED_SQUARES = 4_000_000
"""On larger houses fewer are judged (at least 300), so that judged x house squares
stays about this (a judgement may flood the whole house)."""
POOL = 64
"""Placements of one piece valued at most (bonuses, space left) on a small house."""
POOL_SQUARES = 12_000
"""On larger houses the pool shrinks so that pool x house squares stays about this (a
placement's bonuses are measured on the whole house)."""
PER_HOTSPOT = 3
"""Moves valued for touching each part of what a bonus looks at (a window, a door...)."""
DIVERSE = 5
"""The first moves of a list share no square (furniture or circulation)."""
PAIRED = 4
"""The best unmirrored moves of a piece that pairs start from (1 on a large house)."""


@dataclass(frozen=True)
class Move:
    """A legal placement and what it is worth.

    ``bonuses``: the bonuses it changes, ``(text, points gained or lost)``.
    ``lost``: the points it cuts off or strands (see the module's doc).
    ``crowded_out``: the room's card options that fitted somewhere before and no longer
    fit anywhere after it (while the room has tokens left). ``space``: the legal
    placements left for the room's card options. ``valued``: bonuses and space were
    computed (the pool); else they count as 0.
    """

    candidate: Candidate
    value: int
    bonus: int = 0
    bonuses: tuple[tuple[str, int], ...] = ()
    lost: int = 0
    crowded_out: tuple[str, ...] = ()
    space: int = 0
    valued: bool = False

    @property
    def piece(self) -> Piece:
        return self.candidate.piece

    @property
    def placement(self) -> Placement:
        return self.candidate.placement

    @property
    def furniture(self) -> frozenset[Cell]:
        return self.candidate.furniture

    @property
    def squares(self) -> frozenset[Cell]:
        """Furniture and circulation: what the move takes on the sheet."""
        return self.candidate.placement.squares


@dataclass(frozen=True)
class RankedMoves:
    """The moves of one piece, best first. ``count`` is the number of legal placements
    (more than the moves ranked when the house is large); ``reason`` says why there is
    none when the piece can go nowhere whatever the squares. ``whole``: how many moves
    the whole ranking holds when ``moves`` is only its head (:func:`best_moves`)."""

    piece: Piece
    moves: tuple[Move, ...]
    count: int
    reason: str | None = None
    whole: int | None = None

    @property
    def ranked(self) -> int:
        """How many placements the ranking holds: every legal one but on a large house."""
        return len(self.moves) if self.whole is None else self.whole

    @property
    def bonus_bound(self) -> int:
        """The most bonus a move of the list adds (0 when none adds any)."""
        return max([0, *(move.bonus for move in self.moves if move.valued)])


class MoveStream:
    """The moves of one piece in the order of :class:`RankedMoves`, each found when it
    is read (:func:`stream_pieces`): a reader that stops early spares the flood fills
    of the moves after. ``bonus_bound``: the most bonus any of them adds. ``skip``, set
    by the reader before it reads past the first :data:`DIVERSE` moves: placements it
    would pass over whatever their marks (a move not valued, seen as a sketch); they
    are neither judged nor read. ``skip_apart``, set with it: whether ``skip`` now
    passes over every placement standing apart from the room's pieces (one not
    joining them); those come last, so that the placements left are then not even
    looked at.

    Nothing is sketched, judged or valued before ``moves`` or ``bonus_bound`` is first
    asked for: ``bonus_most`` (at least ``bonus_bound``, found from the bonuses as the
    sheet stands) lets a reader that wants only moves worth more than some bar pass
    over the piece without it."""

    def __init__(self, piece: Piece, count: int, bonus_bound: int = 0,
                 moves: Iterator[Move] | None = None, *, bonus_most: int | None = None,
                 start: Callable[[MoveStream], tuple[int, Iterator[Move]]] | None = None
                 ) -> None:
        self.piece = piece
        self.count = count
        self.bonus_most = bonus_bound if bonus_most is None else bonus_most
        self.skip: Callable[[Sketch], bool] | None = None
        self.skip_apart: Callable[[], bool] | None = None
        self._bonus_bound = bonus_bound
        self._moves: Iterator[Move] = iter(()) if moves is None else moves
        self._start = start

    @property
    def bonus_bound(self) -> int:
        self._begin()
        return self._bonus_bound

    @property
    def moves(self) -> Iterator[Move]:
        self._begin()
        return self._moves

    def _begin(self) -> None:
        start, self._start = self._start, None
        if start is not None:
            self._bonus_bound, self._moves = start(self)


@dataclass(frozen=True)
class Pair:
    """Two pieces of one card placed together: ``second`` is valued on the sheet with
    ``first`` drawn."""

    first: Move
    second: Move

    @property
    def value(self) -> int:
        return self.first.value + self.second.value

    @property
    def furniture(self) -> frozenset[Cell]:
        return self.first.furniture | self.second.furniture

    @property
    def squares(self) -> frozenset[Cell]:
        """Furniture and circulation of both pieces."""
        return self.first.squares | self.second.squares


def judged_size(masks: SheetMasks) -> int:
    """How many placements of a piece are judged at most: :data:`JUDGED` on a small
    house, fewer (at least 300) on a large one."""
    area = masks.house.bit_count() or 1
    return max(300, min(JUDGED, JUDGED_SQUARES // area))


def pool_size(masks: SheetMasks) -> int:
    """How many placements of a piece are valued with bonuses and space: :data:`POOL` on
    a small house, fewer (at least 2) on a large one."""
    area = masks.house.bit_count() or 1
    return max(2, min(POOL, POOL_SQUARES // area))


def rank_moves(sheet: Sheet | SheetMasks, piece: Piece, *, room: str | None = None,
               mirror: bool | None = None, pool: int | None = None) -> RankedMoves:
    """The legal placements of ``piece`` in the room being furnished, as moves, best
    first (see the module's doc). Pass a :class:`SheetMasks` to reuse it across pieces."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    return _Ranking(masks).rank(piece, mirror, pool_size(masks) if pool is None else pool)


def rank_pieces(sheet: Sheet | SheetMasks, pieces: Iterable[Piece], *, room: str | None = None,
                mirror: bool | None = None, pool: int | None = None,
                per_hotspot: int = PER_HOTSPOT) -> list[RankedMoves]:
    """:func:`rank_moves` for each piece, on masks built once (pass a
    :class:`SheetMasks` to reuse them); ``per_hotspot`` as :func:`stream_pieces` takes
    it."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    ranking = _Ranking(masks, None, per_hotspot)
    size = pool_size(masks) if pool is None else pool
    return [ranking.rank(piece, mirror, size) for piece in pieces]


def best_moves(sheet: Sheet | SheetMasks, pieces: Iterable[Piece], *, top: int | None,
               unmirrored: int = 0, room: str | None = None,
               mirror: bool | None = None) -> list[RankedMoves]:
    """:func:`rank_pieces` cut to its head: for each piece the first ``top`` moves (all
    when None), and as many more as it takes to hold ``unmirrored`` unmirrored ones
    (what :func:`rank_pairs` starts from), read from :func:`stream_pieces`, so that the
    placements after them are not judged. ``count`` and :attr:`RankedMoves.ranked` are
    those of the whole ranking."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    ranking = _Ranking(masks)
    size = pool_size(masks)
    return [ranking.head(piece, mirror, size, top, unmirrored) for piece in pieces]


def stream_pieces(sheet: Sheet | SheetMasks, pieces: Iterable[Piece], *,
                  room: str | None = None, mirror: bool | None = None,
                  pool: int | None = None, excluded: frozenset[int] | None = None,
                  per_hotspot: int = PER_HOTSPOT,
                  known: Standing | None = None) -> list[MoveStream]:
    """:func:`rank_pieces` read lazily: the same moves in the same order, each judged
    (cut-offs, door) only when the reader gets to it, or when it is needed to choose the
    moves valued with bonuses and space. ``excluded``: the pieces the rules' errors
    name on the sheet, when the caller knows them (the bonuses leave them out; by
    default the rules are checked). ``per_hotspot``: the moves valued besides the pool
    for touching each part of what a bonus looks at (:data:`PER_HOTSPOT`; with 0, only
    the pool's size more touching any of them). ``known``: the bonuses as the sheet
    stands (:func:`standing` with ``excluded``), when the caller has them."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    ranking = _Ranking(masks, excluded, per_hotspot, known)
    size = pool_size(masks) if pool is None else pool
    return [ranking.stream(piece, mirror, size) for piece in pieces]


def rank_pairs(sheet: Sheet, variants: Sequence[Sequence[Piece]], *, room: str | None = None,
               first: int | None = None, second: int = 2,
               ranked: Sequence[RankedMoves] = ()) -> list[Pair]:
    """The two pieces one card with two selection tokens gives, placed together, best
    first: each token takes an option of the variant dealt, so a pair is two options of
    one variant (the same one twice, or both). For each piece, its best ``first`` moves,
    and for each of them the best ``second`` moves of each piece it may pair with, on
    the sheet with it drawn (valued on a small pool, none on a large house: then by
    points and cut-offs only). ``first`` defaults to 4, 1 on a large house; ``ranked``
    may give the pieces' moves already ranked on ``sheet``. A pair drawn in either order, or
    covering the same squares as a better one, is listed once; the first
    :data:`DIVERSE` pairs share no square as far as the pairs found allow. Unmirrored
    only (the wild card would be spent on one piece)."""
    masks = SheetMasks.build(sheet, room)
    base = masks.sheet
    ranking = _Ranking(masks)
    small = pool_size(masks) // 16
    if first is None:
        first = PAIRED if small else 1
    known = {each.piece.id: each for each in ranked}
    partners: dict[str, set[str]] = {}
    by_id: dict[str, Piece] = {}
    for options in variants:
        for piece in options:
            by_id[piece.id] = piece
            partners.setdefault(piece.id, set()).update(p.id for p in options)
    seen: set[frozenset[tuple[str, Cell, int]]] = set()
    pairs: list[Pair] = []
    for piece_id in sorted(partners):
        piece = by_id[piece_id]
        mine = known.get(piece_id) or ranking.head(piece, False, pool_size(masks), first, 0)
        for move in [m for m in mine.moves if not m.candidate.mirror][:first]:
            then = _Ranking(SheetMasks.build(with_piece(base, move.placement), masks.room))
            for other_id in sorted(partners[piece_id]):
                for follow in then.head(by_id[other_id], False, small, second, 0).moves:
                    key = frozenset([(piece_id, move.candidate.anchor, move.candidate.rotation),
                                     (other_id, follow.candidate.anchor,
                                      follow.candidate.rotation)])
                    if key not in seen:
                        seen.add(key)
                        pairs.append(Pair(move, follow))
    pairs.sort(key=lambda p: (-p.value, not p.second.candidate.joins_room,
                              -p.second.space, *_tie(p.first), *_tie(p.second)))
    covered: set[frozenset[Cell]] = set()
    unique = []
    for pair in pairs:
        if pair.squares not in covered:
            covered.add(pair.squares)
            unique.append(pair)
    return _diverse(unique, lambda p: p.squares)


def _tie(move: Move) -> tuple[int, int, int, bool]:
    c = move.candidate
    return (*reading_order(c.anchor), c.rotation, c.mirror)


def _diverse(items: list[Any], squares: Any) -> list[Any]:
    """``items`` with the first :data:`DIVERSE` chosen greedily, in order, among those
    sharing no square with the ones already chosen (then the best left fill up); the
    rest follow in order."""
    chosen: list[Any] = []
    taken: set[Cell] = set()
    for item in items:
        if len(chosen) == DIVERSE:
            break
        cells = squares(item)
        if not cells & taken:
            chosen.append(item)
            taken |= cells
    picked = {id(item) for item in chosen}
    rest = [item for item in items if id(item) not in picked]
    while len(chosen) < DIVERSE and rest:
        chosen.append(rest.pop(0))
    return chosen + rest


@dataclass(frozen=True)
class Standing:
    """The bonuses of a sheet as it stands, every walled room and the room being
    furnished counted as connected to the front door (what a ranking measures its
    placements against): that access, and each bonus's result in project order."""

    access: Access
    results: tuple[BonusResult, ...]

    @property
    def points(self) -> int:
        return sum(result.points for result in self.results)


def standing(sheet: Sheet, lay: Layout, room: str | None,
             excluded: frozenset[int] = frozenset()) -> Standing:
    """The bonuses of ``sheet`` (whose layout is ``lay``) with every walled room and
    ``room`` counted as connected, ``excluded`` pieces left out (those the rules' errors
    name). Only the verdicts are exact (``evaluate``'s ``verdicts_only``)."""
    acc = connected_access(sheet, lay, access(sheet, lay, search=True), furnishing=room)
    return Standing(acc, evaluate(sheet, lay, acc, excluded, verdicts_only=True))


class _Ranking:
    """What moves on one sheet are measured against: the masks, the room's options and
    tokens, and the bonuses as they stand (every walled room counted as connected)."""

    def __init__(self, masks: SheetMasks, excluded: frozenset[int] | None = None,
                 per_hotspot: int = PER_HOTSPOT, known: Standing | None = None) -> None:
        self.masks = masks
        self._standing = known
        self.per_hotspot = per_hotspot
        self.sheet = masks.sheet
        project = self.sheet.project
        self.options = sorted(masks.options)
        self.option_pieces = [(option, project.catalog.piece(option)) for option in self.options]
        held = len(masks.room_pieces)
        self.left = (masks.tokens - held - 1) if masks.tokens is not None else 0
        self.room_points = sum(
            len(self.sheet.pieces[i].placement.furniture) for i in masks.room_pieces
            if not self.sheet.pieces[i].placement.piece.is_rug)
        self._bonuses: tuple[BonusResult, ...] | None = None
        self._access: Access | None = None
        self._access_after: Access | None = None
        self._excluded = excluded
        self._fits: list[tuple[str, bool, Callable[[int, int], int]]] | None = None
        self._fits_before: dict[str, int] = {}
        self._hotspots: tuple[int, int] | None = None
        self._hot_parts: list[int] | None = None
        self._piece_may: dict[str, tuple[Piece, tuple[bool, ...]]] = {}
        self._routes: list[int] | None = None
        self.has_bonuses = bool(project.bonuses)

    # -- bonuses -----------------------------------------------------------------------

    def excluded(self) -> frozenset[int]:
        if self._excluded is None:
            self._excluded = involved(self.sheet, check(self.sheet, self.masks.lay,
                                                        end_of_game=False))
        return self._excluded

    def base_bonuses(self) -> tuple[BonusResult, ...]:
        """The bonuses as the sheet stands, every walled room and the room being
        furnished counted as connected (:func:`standing`, unless given)."""
        if self._bonuses is None:
            found = self._standing
            if found is None:
                found = standing(self.sheet, self.masks.lay, self.masks.room, self.excluded())
            self._access = found.access
            # a placement's piece is reached like the room it furnishes
            self._access_after = replace(
                self._access, pieces=(*self._access.pieces, ""))
            self._bonuses = found.results
        return self._bonuses

    def bonus_change(self, candidate: Candidate) -> tuple[int, tuple[tuple[str, int], ...]]:
        """The bonus points a placement gains or loses. The access verdicts of the sheet
        are kept (what the placement cuts off is counted in ``lost``), the new piece
        reached like the room it is furnishing. Only the bonuses the piece may change
        are evaluated again (:func:`_may_change`): those the piece itself may change,
        found once per piece, and those whose measured route its furniture crosses."""
        before = self.base_bonuses()
        acc = self._access_after
        assert acc is not None
        piece = candidate.piece
        furniture = candidate.furniture_bits
        redo = [may or bool(furniture & route) for may, route
                in zip(self.piece_may_change(piece), self.route_masks(), strict=True)]
        if not any(redo):
            return 0, ()
        sheet = with_piece(self.sheet, candidate.placement)
        lay = with_pieces(self.masks.lay, sheet)
        evaluator = Evaluator(sheet, lay, acc, self.excluded(), verdicts_only=True)
        after = tuple(evaluator.bonus(bonus) if again else old for bonus, old, again
                      in zip(self.sheet.project.bonuses, before, redo, strict=True))
        changed = tuple((now.text, now.points - old.points)
                        for old, now in zip(before, after, strict=True)
                        if now.points != old.points)
        return sum(points for _, points in changed), changed

    def bonus_most(self, piece: Piece) -> int:
        """The most bonus a placement of ``piece`` may add, found without placing it:
        per bonus it may change (:meth:`bonus_change` evaluates again only those
        ``piece`` may change or whose route its furniture crosses), the most the bonus
        can give less what it gives now."""
        drawn = [d.placement.piece for d in self.sheet.pieces]
        drawn.append(piece)
        return sum(most_points(bonus, _matching(bonus, drawn)) - now.points
                   for bonus, now, may, route
                   in zip(self.sheet.project.bonuses, self.base_bonuses(),
                          self.piece_may_change(piece), self.route_masks(), strict=True)
                   if may or route)

    def piece_may_change(self, piece: Piece) -> tuple[bool, ...]:
        """Per bonus, whether ``piece`` may change it wherever it goes (a selector may
        take it, or its first furniture makes the room being furnished exist)."""
        found = self._piece_may.get(piece.id)
        if found is None or found[0] is not piece:
            # the piece lies in the room being furnished: its first furniture makes it exist
            furnished = (frozenset() if piece.is_rug
                         else frozenset([self.masks.room]) - self.masks.lay.furnished)
            bonuses = self.sheet.project.bonuses
            mine = _bonus_memo(bonuses, piece, "may", lambda: tuple(
                _may_change(bonus, piece) for bonus in bonuses))
            if furnished:
                rooms = _bonus_memo(bonuses, furnished, "room", lambda: tuple(
                    _room_may_change(bonus, furnished) for bonus in bonuses))
                mine = tuple(a or b for a, b in zip(mine, rooms, strict=True))
            found = self._piece_may[piece.id] = (piece, mine)
        return found[1]

    def route_masks(self) -> list[int]:
        """Per bonus, the squares of the routes it measured on the sheet as it stands
        (furniture only ever lengthens a route: one that stays clear keeps its
        verdict)."""
        if self._routes is None:
            width, height = self.masks.width, self.masks.height
            self._routes = [bits({c for route in result.routes for c in route}, width, height)
                            if result.routes else 0 for result in self.base_bonuses()]
        return self._routes

    def relevant(self, piece: Piece) -> bool:
        """Whether a bonus of the project can change with where ``piece`` goes: one names
        a piece it may match, or measures a distance (routes go round furniture)."""
        bonuses = self.sheet.project.bonuses
        return _bonus_memo(bonuses, piece, "relevant", lambda: any(
            _touches(bonus.when or bonus.per or {}, piece) for bonus in bonuses))

    def hotspots(self) -> tuple[int, int]:
        """Squares a bonus looks at (inside windows, beside doors, the pieces drawn, the
        routes of the distance bonuses), and the same grown by a step."""
        if self._hotspots is None:
            self._hotspots = self._find_hotspots()
        return self._hotspots

    def hot_parts(self) -> list[int]:
        """The parts of the hotspots grown by a step (:meth:`hotspots`), each a mask."""
        if self._hot_parts is None:
            plain = open_moves(self.masks.width, self.masks.height)
            parts, rest = [], self.hotspots()[1]
            while rest:  # in reading order of their first squares
                part = plain.flood(rest & -rest, rest)
                parts.append(part)
                rest &= ~part
            self._hot_parts = parts
        return self._hot_parts

    def _find_hotspots(self) -> tuple[int, int]:
        masks = self.masks
        sheet = self.sheet
        lay = masks.lay
        house = sheet.project.house
        spots: set[Cell] = set(lay.furniture_at) | set(lay.rug_squares)
        for window in sheet.windows:
            inside = window.inside(house)
            if inside is not None:
                spots.add(inside)
        for door in [*sheet.front_doors, *(d for r in sheet.rooms for d in r.doors)]:
            spots.update(door.cells)
        for bonus in self.base_bonuses():
            for route in bonus.routes:
                spots.update(route)
        core = bits(spots, masks.width, masks.height)
        return core, open_moves(masks.width, masks.height).grow(core)

    # -- space -------------------------------------------------------------------------

    def space_after(self, candidate: Candidate) -> tuple[tuple[str, ...], int]:
        """The room's card options that fit nowhere once ``candidate`` is drawn (having
        fitted before), and the legal placements left for them all. Only asked while
        the room keeps tokens after it (:attr:`left`), so the tokens' rules allow the
        same pieces after as before: a placement stays legal unless its squares meet
        those the candidate closes (:func:`fits_left`)."""
        if self._fits is None:
            self._fits = [(option, piece.is_rug, fits_left(self.masks, piece))
                          for option, piece in self.option_pieces]
            self._fits_before = {option: left(0, 0) for option, _, left in self._fits}
        furniture = candidate.furniture_bits
        circulation = candidate.circulation_bits
        if candidate.piece.is_rug:  # rugs and circulation grow, furniture stays
            closed = {False: (circulation, 0), True: (furniture, 0)}
        else:  # furniture and circulation grow
            closed = {False: (furniture | circulation, furniture), True: (0, furniture)}
        fits = {option: left(*closed[rug]) for option, rug, left in self._fits}
        before = self._fits_before
        gone = tuple(o for o in self.options if before[o] and not fits[o])
        return gone, sum(fits.values())

    # -- ranking -----------------------------------------------------------------------

    def rank(self, piece: Piece, mirror: bool | None, pool: int) -> RankedMoves:
        legal = anchor_masks(self.masks, piece, mirror=mirror)
        count = sum(anchors.bit_count() for _, anchors in legal)
        if not count:
            return RankedMoves(piece, (), 0, why_none(self.masks, piece, mirror=mirror))
        relevant = self.has_bonuses and self.relevant(piece) and pool > 0
        hot = self.hotspots() if relevant else (0, 0)
        chosen = _choose(self.masks, legal, count, hot[1], self.masks.marks.touching,
                         judged_size(self.masks))
        moves = [self.cheap(candidate) for candidate in judged_all(self.masks, piece, chosen)]
        moves.sort(key=_cheap_key)
        valued = set(range(min(pool, len(moves))))
        if hot[1]:
            valued.update(self.near_hotspots(moves, hot, valued, pool))
        for i in sorted(valued):
            moves[i] = self.value(moves[i], relevant)
        moves.sort(key=_key)
        return RankedMoves(piece, tuple(_diverse(moves, lambda m: m.squares)), count)

    def head(self, piece: Piece, mirror: bool | None, pool: int, top: int | None,
             unmirrored: int) -> RankedMoves:
        """:meth:`rank` cut to its head (see :func:`best_moves`)."""
        legal = anchor_masks(self.masks, piece, mirror=mirror)
        count = sum(anchors.bit_count() for _, anchors in legal)
        if top is None or not count or count > judged_size(self.masks):
            return self.rank(piece, mirror, pool)
        stream = self.stream(piece, mirror, pool)
        moves: list[Move] = []
        plain = 0
        for move in stream.moves:
            moves.append(move)
            plain += not move.candidate.mirror
            if len(moves) >= top and plain >= unmirrored:
                break
        return RankedMoves(piece, tuple(moves), count, whole=count)

    def stream(self, piece: Piece, mirror: bool | None, pool: int) -> MoveStream:
        """:meth:`rank` read lazily (see :func:`stream_pieces`). A piece with more legal
        placements than are judged is ranked at once."""
        legal = anchor_masks(self.masks, piece, mirror=mirror)
        count = sum(anchors.bit_count() for _, anchors in legal)
        if count > judged_size(self.masks) or not count:
            ranked = self.rank(piece, mirror, pool)
            return MoveStream(piece, ranked.count, ranked.bonus_bound, iter(ranked.moves))
        relevant = self.has_bonuses and self.relevant(piece) and pool > 0

        def start(stream: MoveStream) -> tuple[int, Iterator[Move]]:
            return self._start(stream, piece, legal, relevant, pool)

        return MoveStream(piece, count, bonus_most=self.bonus_most(piece) if relevant else 0,
                          start=start)

    def _start(self, stream: MoveStream, piece: Piece, legal: list[tuple[Orientation, int]],
               relevant: bool, pool: int) -> tuple[int, Iterator[Move]]:
        """The moves of :meth:`stream`, once it is first read: the placements sketched,
        the pool's bonuses valued; its bonus bound and the moves in order (the space the
        pool leaves is found once the moves are read: a reader the bound turns away
        never asks)."""
        hot = self.hotspots() if relevant else (0, 0)
        lazy = _Lazy(self, piece, legal)
        valued = list(itertools.islice(lazy.ordered(), pool))
        if hot[1]:
            valued += lazy.near_hotspots(hot, valued, pool)
        changes = [self.bonus_change(lazy.move(i).candidate) if relevant else (0, ())
                   for i in valued]
        chosen = set(valued)
        head: list[Move] = []  # the first moves, which the reader sees all of

        def wanted(index: int) -> bool:
            if index in chosen:
                return False
            skip = stream.skip
            return skip is None or len(head) < DIVERSE or not skip(lazy.order.sketch(index))

        def rest_passed(index: int) -> bool:
            """Placement ``index`` and all after it stand apart and are passed over."""
            skip_apart = stream.skip_apart
            return (skip_apart is not None and len(head) >= DIVERSE
                    and lazy.order.apart(index) and skip_apart())

        def ordered() -> Iterator[Move]:
            worth = sorted((self._valued(lazy.move(i), change)
                            for i, change in zip(valued, changes, strict=True)), key=_key)
            yield from _merged(
                worth, (lazy.move(i) for i in lazy.ordered(wanted, stop=rest_passed)))

        return max([0, *(bonus for bonus, _ in changes)]), _diverse_stream(ordered(), head)

    def near_hotspots(self, moves: list[Move], hot: tuple[int, int], valued: set[int],
                      pool: int) -> list[int]:
        """Moves (indexes, best first) to value for their bonuses besides the pool: for
        each part of the hotspots (a window, a door, a piece, a route), the best
        :data:`PER_HOTSPOT` (:attr:`per_hotspot`) touching it and the best on the hotspot
        itself; then others touching them up to the pool's size."""
        core, near = hot
        shapes = [move.candidate.furniture_bits for move in moves]
        found: list[int] = []
        each = self.per_hotspot
        for mask in self.hot_parts() if each else ():
            touching = [i for i, shape in enumerate(shapes)
                        if shape & mask and i not in valued and i not in found]
            on_it = [i for i in touching if shapes[i] & core]
            found += list(dict.fromkeys(touching[:each] + on_it[:each]))
        more = [i for i, shape in enumerate(shapes)
                if shape & near and i not in valued and i not in found]
        return found + more[:max(0, pool - len(found))]

    def cheap(self, candidate: Candidate) -> Move:
        lost = sum(cut.points for cut in candidate.cuts_off)
        if candidate.loses_room:
            lost += self.room_points + candidate.points
        return Move(candidate, candidate.points - lost, lost=lost)

    def value(self, move: Move, relevant: bool) -> Move:
        return self._valued(move, self.bonus_change(move.candidate) if relevant else (0, ()))

    def _valued(self, move: Move, change: tuple[int, tuple[tuple[str, int], ...]]) -> Move:
        """``move`` valued, its bonus change given (:meth:`bonus_change`)."""
        bonus, changed = change
        gone, space = self.space_after(move.candidate) if self.left > 0 else ((), 0)
        return Move(move.candidate, move.value + bonus, bonus=bonus, bonuses=changed,
                    lost=move.lost, crowded_out=gone, space=space, valued=True)


class _Lazy:
    """The placements of one piece, judged only when asked: sketched (squares, contact,
    joining the room) and put in the order the moves of equal value take, so that the
    moves worth their full points come out in order without judging those after. A
    placement is named by its order key (:class:`~homestaging.search.placement.SketchOrder`)."""

    def __init__(self, ranking: _Ranking, piece: Piece,
                 legal: list[tuple[Orientation, int]]) -> None:
        self.ranking = ranking
        self.points = piece.points
        self.order = SketchOrder(ranking.masks, piece, legal)
        self.moves: dict[int, Move] = {}
        self.keys: dict[int, tuple[int, bool, int, int, int, int, bool]] = {}
        """The cheap key of each placement judged (:func:`_cheap_key`)."""

    def move(self, index: int) -> Move:
        """The move of placement ``index`` with its cheap value (judged once)."""
        found = self.moves.get(index)
        if found is None:
            ranking = self.ranking
            found = self.moves[index] = ranking.cheap(
                judge_sketch(ranking.masks, self.order.sketch(index)))
        return found

    def ordered(self, accept: Callable[[int], bool] | None = None,
                among: Iterable[int] | None = None,
                stop: Callable[[int], bool] | None = None) -> Iterator[int]:
        """The placements ``accept`` takes (of those ``among``, in increasing order;
        default: all; ``stop``: none from the first it is true for on), in the order of
        their cheap value (what :func:`_cheap_key` sorts by): a move worth its full
        points comes out as soon as it is judged, the others once every placement is."""
        later: list[int] = []
        for index in self.order.keys() if among is None else among:
            if stop is not None and stop(index):
                break
            if accept is not None and not accept(index):
                continue
            if self.move(index).value == self.points:
                yield index
            else:
                later.append(index)
        later.sort(key=self.key)
        yield from later

    def key(self, index: int) -> tuple[int, bool, int, int, int, int, bool]:
        """The cheap key of placement ``index`` (worked out once)."""
        found = self.keys.get(index)
        if found is None:
            found = self.keys[index] = _cheap_key(self.move(index))
        return found

    def near_hotspots(self, hot: tuple[int, int], valued: list[int], pool: int) -> list[int]:
        """:meth:`_Ranking.near_hotspots` on the placements in cheap order, judging only
        as far as each part of the hotspots needs."""
        core, near = hot
        order = self.order
        taken = set(valued)
        found: list[int] = []
        each = self.ranking.per_hotspot
        for mask in self.ranking.hot_parts() if each else ():
            touching = [i for i in order.keys(mask) if i not in taken]
            on_it = [i for i in touching if order.furniture(i) & core]
            picked = list(dict.fromkeys(
                [*itertools.islice(self.ordered(among=touching), each),
                 *itertools.islice(self.ordered(among=on_it), each)]))
            found += picked
            taken.update(picked)
        if pool > len(found):  # the placements listed only as far as they are judged
            found += itertools.islice(
                self.ordered(among=(i for i in order.keys(near) if i not in taken)),
                pool - len(found))
        return found


def _merged(valued: list[Move], others: Iterator[Move]) -> Iterator[Move]:
    """The valued moves (sorted by :func:`_key`) and the others (in cheap order, which
    :func:`_key` keeps for moves not valued), merged in the order of :func:`_key`."""
    index = 0
    for move in others:
        key = _key(move)
        while index < len(valued) and _key(valued[index]) < key:
            yield valued[index]
            index += 1
        yield move
    yield from valued[index:]


def _diverse_stream(moves: Iterator[Move], head: list[Move]) -> Iterator[Move]:
    """:func:`_diverse` on a stream: each of the first :data:`DIVERSE` moves comes out as
    soon as it is found (and goes to ``head``)."""
    held: list[Move] = []
    taken = 0  # the squares of the moves in ``head``, as a mask
    for move in moves:
        candidate = move.candidate
        squares = candidate.furniture_bits | candidate.circulation_bits
        if squares & taken:
            held.append(move)
            continue
        head.append(move)
        yield move
        taken |= squares
        if len(head) == DIVERSE:
            break
    yield from held
    yield from moves


_BONUS_MEMO: dict[tuple[int, Any, str], tuple[tuple[Bonus, ...], Any, Any]] = {}
"""Per project's bonuses (by identity), piece (by identity) or set of rooms, and
question: what the bonus trees answer about it (:func:`_bonus_memo`)."""


def _bonus_memo(bonuses: tuple[Bonus, ...], about: Any, question: str,
                answer: Callable[[], _Answer]) -> _Answer:
    """``answer()``, worked out once per project's bonuses and ``about`` (a piece, by
    identity, or a set of rooms): walking the bonus trees for every piece of every
    sheet ranked cost a few percent of a game."""
    key = (id(bonuses), about if isinstance(about, frozenset) else id(about), question)
    known = _BONUS_MEMO.get(key)
    if known is not None and known[0] is bonuses and (
            isinstance(about, frozenset) or known[1] is about):
        found: _Answer = known[2]
        return found
    if len(_BONUS_MEMO) >= 4096:  # the pieces of many projects read one after another
        _BONUS_MEMO.clear()
    value = answer()
    _BONUS_MEMO[key] = (bonuses, about, value)
    return value


def _matching(bonus: Bonus, pieces: list[Piece]) -> int:
    """How many of ``pieces`` a ``per`` bonus's selector may take at most (its piece
    filter's id and tag; 0 for a ``when`` bonus)."""
    if bonus.per is None:
        return 0
    found = bonus.per.get("piece", {})
    return sum(1 for piece in pieces if found.get("id", piece.id) == piece.id
               and ("tag" not in found or found["tag"] in piece.tags))


def _may_change(bonus: Bonus, piece: Piece) -> bool:
    """Whether a bonus may give other points once ``piece`` is drawn in the room being
    furnished, wherever it goes (that room already holding furniture: its rooms'
    verdicts stand): a selector of the bonus may take the piece. (A distance may also
    change where the piece's furniture crosses a route it measured.)"""
    if bonus.per is not None:
        return _selector_may(bonus.per, piece)
    return bonus.when is not None and _condition_may(bonus.when, piece)


def _room_may_change(bonus: Bonus, rooms: frozenset[str]) -> bool:
    """Whether a bonus may give other points once ``rooms`` hold furniture (a room
    without does not exist for scoring): it names one of them, or selects pieces (a rug
    in such a room starts to count)."""
    return bonus.per is not None or _names(bonus.when, rooms)


def _names(node: Any, rooms: frozenset[str]) -> bool:
    """Whether a bonus tree names one of ``rooms`` or holds a selector."""
    if isinstance(node, str):
        return node in rooms
    if isinstance(node, list):
        return any(_names(item, rooms) for item in node)
    if isinstance(node, dict):
        return bool({"count", "adjacent", "piece"} & node.keys()) or any(
            _names(value, rooms) for value in node.values())
    return False


def _condition_may(condition: dict[str, Any], piece: Piece) -> bool:
    (kind, data), = condition.items()
    if kind in ("all", "any"):
        return any(_condition_may(part, piece) for part in data)
    if kind == "not":
        return _condition_may(data, piece)
    if kind == "count":
        return _selector_may(data, piece)
    if kind == "adjacent":
        return _selector_may(data["a"], piece) or _selector_may(data["b"], piece)
    if kind == "distance":
        return any(isinstance(end, dict) and "piece" in end and _selector_may(end, piece)
                   for end in (data["from"], data["to"]))
    return kind != "view" and kind != "room_size"  # windows and walls: no piece changes them


def _selector_may(selector: dict[str, Any], piece: Piece) -> bool:
    """Whether a selector may take ``piece``, itself or as what a piece is next to."""
    found = selector.get("piece", {})
    if ("id" not in found or found["id"] == piece.id) and (
            "tag" not in found or found["tag"] in piece.tags):
        return True
    near = selector.get("next_to")
    return isinstance(near, dict) and _selector_may(near, piece)


def _touches(node: Any, piece: Piece) -> bool:
    """Whether a bonus tree has a piece filter ``piece`` may match, or a distance."""
    if isinstance(node, list):
        return any(_touches(item, piece) for item in node)
    if not isinstance(node, dict):
        return False
    if "distance" in node:
        return True
    flt = node.get("piece")
    if isinstance(flt, dict) and (flt.get("id", piece.id) == piece.id
                                  and flt.get("tag", piece.tags[0] if piece.tags else None)
                                  in (*piece.tags, None)):
        return True
    return any(_touches(value, piece) for value in node.values())


def _choose(masks: SheetMasks, legal: list[tuple[Orientation, int]], count: int, hot: int,
            touching: int, most: int) -> list[tuple[Orientation, int]]:
    """The (orientation, anchor bit) pairs to judge: all of them, or when there are more
    than ``most``, those touching a hotspot, then those touching a wall or a piece, then
    the others, each class in reading order, orientations taking turns."""
    if count <= most:
        return [(o, bit) for o, anchors in legal for bit in iter_bits(anchors)]
    chosen: list[tuple[int, int]] = []  # (bit, orientation index)
    left = [anchors for _, anchors in legal]
    for layer in (hot, touching, None):
        streams = [_indexed(i, left[i] if layer is None
                            else left[i] & covering(masks, legal[i][0], layer))
                   for i in range(len(legal))]
        while streams and len(chosen) < most:
            alive = []
            for stream in streams:
                found = next(stream, None)
                if found is None:
                    continue
                chosen.append(found)
                left[found[1]] &= ~(1 << found[0])
                alive.append(stream)
                if len(chosen) == most:
                    break
            streams = alive
    return [(legal[i][0], bit) for bit, i in sorted(chosen)]


def _indexed(index: int, mask: int) -> Iterator[tuple[int, int]]:
    for bit in iter_bits(mask):
        yield bit, index


def _cheap_key(move: Move) -> tuple[int, bool, int, int, int, int, bool]:
    c = move.candidate
    return (-move.value, not c.joins_room, -c.contact, *reading_order(c.anchor), c.rotation,
            c.mirror)


def _key(move: Move) -> tuple[int, bool, bool, int, int, int, int, int, int, bool]:
    c = move.candidate
    return (-move.value, not move.valued, not c.joins_room, len(move.crowded_out), -move.space,
            -c.contact, *reading_order(c.anchor), c.rotation, c.mirror)
