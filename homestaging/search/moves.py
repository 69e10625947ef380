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

from collections.abc import Iterable, Sequence

from ..core.grid import Cell
from ..core.pieces import Piece
from ..core.sheet import Sheet
from .move import (
    DIVERSE,
    JUDGED,
    PAIRED,
    PER_HOTSPOT,
    Move,
    MoveStream,
    Pair,
    RankedMoves,
    Standing,
    diverse,
    judged_size,
    pool_size,
    tie,
)
from .placement import (
    SheetMasks,
    with_piece,
)
from .ranking import Ranking, standing

__all__ = [
    "DIVERSE",
    "JUDGED",
    "PAIRED",
    "PER_HOTSPOT",
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

def rank_moves(sheet: Sheet | SheetMasks, piece: Piece, *, room: str | None = None,
               mirror: bool | None = None, pool: int | None = None) -> RankedMoves:
    """The legal placements of ``piece`` in the room being furnished, as moves, best
    first (see the module's doc). Pass a :class:`SheetMasks` to reuse it across pieces."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    return Ranking(masks).rank(piece, mirror, pool_size(masks) if pool is None else pool)


def rank_pieces(sheet: Sheet | SheetMasks, pieces: Iterable[Piece], *, room: str | None = None,
                mirror: bool | None = None, pool: int | None = None,
                per_hotspot: int = PER_HOTSPOT) -> list[RankedMoves]:
    """:func:`rank_moves` for each piece, on masks built once (pass a
    :class:`SheetMasks` to reuse them); ``per_hotspot`` as :func:`stream_pieces` takes
    it."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    ranking = Ranking(masks, None, per_hotspot)
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
    ranking = Ranking(masks)
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
    ranking = Ranking(masks, excluded, per_hotspot, known)
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
    ranking = Ranking(masks)
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
            then = Ranking(SheetMasks.build(with_piece(base, move.placement), masks.room))
            for other_id in sorted(partners[piece_id]):
                for follow in then.head(by_id[other_id], False, small, second, 0).moves:
                    key = frozenset([(piece_id, move.candidate.anchor, move.candidate.rotation),
                                     (other_id, follow.candidate.anchor,
                                      follow.candidate.rotation)])
                    if key not in seen:
                        seen.add(key)
                        pairs.append(Pair(move, follow))
    pairs.sort(key=lambda p: (-p.value, not p.second.candidate.joins_room,
                              -p.second.space, *tie(p.first), *tie(p.second)))
    covered: set[frozenset[Cell]] = set()
    unique = []
    for pair in pairs:
        if pair.squares not in covered:
            covered.add(pair.squares)
            unique.append(pair)
    return diverse(unique, lambda p: p.squares)
