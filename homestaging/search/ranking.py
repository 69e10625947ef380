"""The ranking of one sheet's moves (:class:`Ranking`): the placements of a piece
judged, the best valued with bonuses and the space they leave, and read best first
(whole, by its head, or lazily as a stream)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from ..core.bitmask import bits, iter_bits, open_moves
from ..core.grid import Cell, reading_order
from ..core.layout import Layout, with_pieces
from ..core.pieces import Orientation, Piece
from ..core.project import Project
from ..core.sheet import Sheet
from ..rules.checks import check
from ..rules.faults import involved
from ..scoring.access import Access, access, connected_access
from ..scoring.bonuses import BonusResult, Evaluator, evaluate, most_points
from .move import (
    DIVERSE,
    PER_HOTSPOT,
    Move,
    MoveStream,
    RankedMoves,
    Standing,
    diverse,
    judged_size,
)
from .placement import (
    Candidate,
    SheetMasks,
    SketchOrder,
    anchor_masks,
    covering,
    fits_left,
    judge_sketch,
    judged_all,
    why_none,
    with_piece,
)
from .relevance import (
    bonus_memo,
    matching,
    may_change,
    next_to_fixed,
    room_alone,
    room_may_change,
    stays_false,
    touches,
)
from .routes import KnownRoutes


class Ranking:
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
        self._piece_may: dict[str, tuple[Piece, tuple[bool, ...], tuple[int, ...]]] = {}
        self._next_to: list[int] | None = None
        self._alone: tuple[bool, ...] | None = None
        self._room_results: dict[int, BonusResult] = {}
        """The bonuses :func:`room_alone` gives once the room being furnished holds
        furniture, by index (:meth:`bonus_change`)."""
        self._routes: list[int] | None = None
        self._stays_false: tuple[bool, ...] | None = None
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
        reached like the room it is furnishing. Only the bonuses whose squares
        (:meth:`changing_squares`) its furniture meets are evaluated again; one whose
        verdict only the room being furnished decides (:func:`room_alone`), once per
        ranking (it changes only as the room gets its first furniture)."""
        before = self.base_bonuses()
        furniture = candidate.furniture_bits
        redo = [index for index, squares in enumerate(self.changing_squares(candidate.piece))
                if furniture & squares]
        if not redo:
            return 0, ()
        bonuses = self.sheet.project.bonuses
        if self._alone is None:
            self._alone = tuple(room_alone(bonus) for bonus in bonuses)
        after = list(before)
        evaluator = None
        for index in redo:
            found = self._room_results.get(index)
            if found is None:
                if evaluator is None:
                    sheet = with_piece(self.sheet, candidate.placement)
                    assert self._access_after is not None
                    evaluator = Evaluator(sheet, with_pieces(self.masks.lay, sheet),
                                          self._access_after, self.excluded(),
                                          verdicts_only=True)
                found = evaluator.bonus(bonuses[index])
                if self._alone[index]:
                    self._room_results[index] = found
            after[index] = found
        changed = tuple((now.text, now.points - old.points)
                        for old, now in zip(before, after, strict=True)
                        if now.points != old.points)
        return sum(points for _, points in changed), changed

    def bonus_most(self, piece: Piece) -> int:
        """The most bonus a placement of ``piece`` may add, found without placing it:
        per bonus it may change (:meth:`changing_squares`), the most the bonus can give
        less what it gives now."""
        drawn = [d.placement.piece for d in self.sheet.pieces]
        drawn.append(piece)
        return sum(most_points(bonus, matching(bonus, drawn)) - now.points
                   for bonus, now, squares
                   in zip(self.sheet.project.bonuses, self.base_bonuses(),
                          self.changing_squares(piece), strict=True)
                   if squares)

    def piece_may_change(self, piece: Piece) -> tuple[bool, ...]:
        """Per bonus, whether ``piece`` may change it somewhere (a selector may take it,
        or its first furniture makes the room being furnished exist; not one that stays
        false whatever is drawn, :func:`stays_false`)."""
        return self._piece_changes(piece)[1]

    def changing_squares(self, piece: Piece) -> tuple[int, ...]:
        """Per bonus, the squares a placement of ``piece`` changes it only by covering
        with furniture, as a mask (-1: any): those next to which it takes the piece
        (:func:`next_to_fixed`), the routes it measured (:meth:`route_masks`); 0 when
        the placement cannot change it."""
        return self._piece_changes(piece)[2]

    def _piece_changes(self, piece: Piece) -> tuple[Piece, tuple[bool, ...], tuple[int, ...]]:
        """:meth:`piece_may_change` and :meth:`changing_squares`, found once per piece."""
        found = self._piece_may.get(piece.id)
        if found is not None and found[0] is piece:
            return found
        masks = self.masks
        bonuses = self.sheet.project.bonuses
        mine = bonus_memo(bonuses, piece, "may", lambda: tuple(
            may_change(bonus, piece) for bonus in bonuses))
        rooms = (False,) * len(bonuses)
        # the piece lies in the room being furnished: its first furniture makes it exist
        furnished = (frozenset() if piece.is_rug
                     else frozenset([masks.room]) - masks.lay.furnished)
        if furnished:  # any piece in it is a rug
            rugs = masks.room in masks.lay.piece_rooms
            rooms = bonus_memo(bonuses, furnished, "rugs" if rugs else "room", lambda: tuple(
                room_may_change(bonus, furnished, rugs) for bonus in bonuses))
        if self._stays_false is None:
            self._stays_false = tuple(stays_false(bonus, self.sheet) for bonus in bonuses)
        may = tuple((taken or room) and not fixed for taken, room, fixed
                    in zip(mine, rooms, self._stays_false, strict=True))
        taken_only = [changes and not room for changes, room in zip(may, rooms, strict=True)]
        nears = self.next_to_masks() if any(taken_only) else [-1] * len(may)
        squares = tuple((near if taken else -1) if changes else 0 for changes, taken, near
                        in zip(may, taken_only, nears, strict=True))
        found = self._piece_may[piece.id] = (piece, may, tuple(
            mask | route for mask, route in zip(squares, self.route_masks(), strict=True)))
        return found

    def next_to_masks(self) -> list[int]:
        """Per bonus, the squares a piece's furniture must meet for the bonus to take it,
        as a mask: those next to a window or a door for :func:`next_to_fixed` (the room
        being furnished is not walled: its pieces change no window's or door's
        verdict); -1 (any) for the others."""
        if self._next_to is None:
            nears = [next_to_fixed(bonus) for bonus in self.sheet.project.bonuses]
            self._next_to = [-1] * len(nears)
            if any(nears):
                self.base_bonuses()
                assert self._access is not None
                evaluator = Evaluator(self.sheet, self.masks.lay, self._access)
                width, height = self.masks.width, self.masks.height
                self._next_to = [-1 if near is None else bits(
                    evaluator.window_squares if near == "window" else evaluator.door_squares,
                    width, height) for near in nears]
        return self._next_to

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
        return bonus_memo(bonuses, piece, "relevant", lambda: any(
            touches(bonus.when or bonus.per or {}, piece) for bonus in bonuses))

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
        house = sheet.project.house
        spots: set[Cell] = set()
        for window in sheet.windows:
            inside = window.inside(house)
            if inside is not None:
                spots.add(inside)
        for door in [*sheet.front_doors, *(d for r in sheet.rooms for d in r.doors)]:
            spots.update(door.cells)
        core = masks.furniture | masks.rugs | bits(spots, masks.width, masks.height)
        for route in self.route_masks():
            core |= route
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
        return RankedMoves(piece, tuple(diverse(moves, lambda m: m.squares)), count)

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
        cuts = candidate.cuts_off
        lost = sum(cut.points for cut in cuts) if cuts else 0  # most cut nothing off
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

    def __init__(self, ranking: Ranking, piece: Piece,
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
        """:meth:`Ranking.near_hotspots` on the placements in cheap order, judging only
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
    keys = [_key(move) for move in valued]
    index = 0
    for move in others:
        key = _key(move)
        while index < len(valued) and keys[index] < key:
            yield valued[index]
            index += 1
        yield move
    yield from valued[index:]


def _diverse_stream(moves: Iterator[Move], head: list[Move]) -> Iterator[Move]:
    """:func:`diverse` on a stream: each of the first :data:`DIVERSE` moves comes out as
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


_STANDINGS: dict[tuple[object, ...], tuple[Project, Standing]] = {}
"""The standings worked out, by what decides them (see :func:`standing`)."""

_MOST_STANDINGS = 64
"""Standings kept at most (the memo is emptied when full)."""

_MOST_SQUARES = 100_000
"""The walkable squares of the standings kept, at most all told (the memo is emptied past
it: the standing of a large sheet holds megabytes)."""


def standing(sheet: Sheet, lay: Layout, room: str | None,
             excluded: frozenset[int] = frozenset()) -> Standing:
    """The bonuses of ``sheet`` (whose layout is ``lay``) with every walled room and
    ``room`` counted as connected, ``excluded`` pieces left out (those the rules' errors
    name). Only the verdicts are exact (``evaluate``'s ``verdicts_only``); the routes
    are networkx's, searched once per part of a sheet they reach (:class:`KnownRoutes`).

    Worked out once per drawing: a sheet whose record alone differs (a game records
    each card before its piece is drawn) stands the same."""
    project = sheet.project
    key = (id(project), sheet.rooms, sheet.pieces, sheet.front_doors, sheet.windows,
           sheet.current_room, room, excluded)
    known = _STANDINGS.get(key)
    if known is not None and known[0] is project:
        return known[1]
    acc = connected_access(sheet, lay, access(sheet, lay, search=True), furnishing=room)
    found = Standing(acc, evaluate(sheet, lay, acc, excluded, verdicts_only=True,
                                   distances=KnownRoutes(lay)))
    if len(_STANDINGS) >= _MOST_STANDINGS or sum(
            len(kept.access.walkable) for _, kept in _STANDINGS.values()) > _MOST_SQUARES:
        _STANDINGS.clear()
    _STANDINGS[key] = (project, found)
    return found
