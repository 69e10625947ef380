"""A move: a legal placement with its value in points, and the lists of moves the
ranking gives (:mod:`homestaging.search.moves` makes them); the limits that keep the
ranking bounded on large houses."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.grid import Cell, reading_order
from ..core.pieces import Piece, Placement
from ..scoring.access import Access
from ..scoring.bonuses import BonusResult
from .masks import SheetMasks
from .placement import (
    Candidate,
    Sketch,
)

__all__ = [
    "DIVERSE",
    "JUDGED",
    "JUDGED_SQUARES",
    "PAIRED",
    "PER_HOTSPOT",
    "POOL",
    "POOL_SQUARES",
    "Move",
    "MoveStream",
    "Pair",
    "RankedMoves",
    "Standing",
    "judged_size",
    "pool_size",
]


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


@dataclass
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


def tie(move: Move) -> tuple[int, int, int, bool]:
    c = move.candidate
    return (*reading_order(c.anchor), c.rotation, c.mirror)


def diverse(items: list[Any], squares: Any) -> list[Any]:
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
