"""Where to draw a piece: the placement engine's moves judged with the room they will
belong to, best first.

One judgement serves ``place``, ``hint``, the editor's highlighted squares and the
automatic player: the player's (:func:`homestaging.player.policy.best_judged`), which
reads the engine's moves (:func:`homestaging.search.moves.stream_pieces`) and adds what only
the end of the round shows: whether the room can still be walled with one door that
reaches every piece drawn in it (:mod:`homestaging.player.deadend`), what that door
reaches, the open squares the walls would cut off. A dead end is never ranked above a
placement that is not one; it comes last, with the reason in words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.pieces import Piece, Placement
from ..core.sheet import Sheet
from ..search.moves import RankedMoves, stream_pieces
from ..search.placement import target_room, why_none
from .board import Board
from .deadend import DeadEnds, Verdict
from .policy import Judged, best_judged, outlook
from .state import state_of

__all__ = ["Advice", "advise", "board_of", "furnishing", "verdicts"]


@dataclass(frozen=True)
class Advice:
    """The placements of one piece as judged, best first: the first ``top`` asked for
    (``judged``); ``count`` legal placements in all; ``reason`` why there is none."""

    piece: Piece
    judged: tuple[Judged, ...]
    count: int
    reason: str | None = None

    @property
    def alive(self) -> bool:
        """Whether a placement listed leads into no dead end."""
        return any(j.verdict.alive for j in self.judged)

    @property
    def ranked(self) -> RankedMoves:
        """The moves listed, in the order judged (what pairs and previews start from)."""
        return RankedMoves(self.piece, tuple(j.move for j in self.judged), self.count,
                           self.reason, whole=self.count)


def furnishing(sheet: Sheet, room: str | None = None) -> Sheet:
    """``sheet`` with ``room`` (by default the room being furnished, see
    :func:`~homestaging.search.placement.target_room`) as its current room; ValueError when
    that room is walled."""
    name = target_room(sheet, room)
    return sheet if sheet.current_room == name else dataclasses.replace(sheet, current_room=name)


def board_of(sheet: Sheet, room: str | None = None) -> Board:
    """The board the ranking reads for ``room`` (see :func:`furnishing`), as ``hint`` and
    the automatic player see it: with the squares the rooms to come need."""
    current = furnishing(sheet, room)
    return Board(current, state_of(current).need)


def advise(sheet: Sheet, pieces: Iterable[Piece], *, top: int | None = 10,
           room: str | None = None, mirror: bool | None = None) -> list[Advice]:
    """For each piece, its best ``top`` placements (every one when None) as judged,
    best first. Raise ValueError when the room is walled."""
    board = board_of(sheet, room)
    streams = stream_pieces(board.masks, list(pieces), mirror=mirror,
                            excluded=board.excluded)
    before = outlook(board)
    found = []
    for stream in streams:
        if not stream.count:
            reason = why_none(board.masks, stream.piece, mirror=mirror)
            found.append(Advice(stream.piece, (), 0, reason))
            continue
        most = stream.count if top is None else top
        judged = best_judged(board, stream, before, most)
        found.append(Advice(stream.piece, tuple(judged), stream.count))
    return found


def verdicts(sheet: Sheet, placements: Sequence[Placement],
             room: str | None = None) -> list[Verdict]:
    """The verdict on each of ``placements`` (legal ones of the room being furnished,
    or of ``room``): what the editor colours its squares by."""
    board = board_of(sheet, room)
    ends = DeadEnds.of(board)
    found = []
    for placement in placements:
        shape = board.shape(placement)
        network = board.network([shape])
        hall = board.hall(board.taken | shape.squares, network.best)
        found.append(ends.verdict(shape, placement.piece, network, hall))
    return found
