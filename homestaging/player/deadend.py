"""Whether a placement leads the room being furnished into a dead end.

At the end of its round the room is walled with one door, and inside it only
circulation and rug squares are walkable (every square without furniture with
lenient access): every piece drawn in it must have its circulation joined to the
others' and to one door onto the hallway (with no hallway, into the entry room). A
placement is a *dead end* when, after it, that can never happen, whatever the room's
remaining tokens draw:

* with no token left after it, the walkable squares are final: a piece whose
  circulation is not in the group one door serves best is lost for good, and so is
  the room when that group can get no door (:meth:`Board.hall`);
* with tokens left, later pieces may still put circulation or a rug on the free
  squares (not furniture, not in a walled room, not in front of a door of the
  hallway): a piece is lost for good only when furniture separates its circulation
  from the others' over those squares; the room is lost when its squares would cut
  the hallway's doors apart.

A :class:`Verdict` says which, in words, with what one door reaches if the room were
walled now. Every user of the ranking (``place``, ``hint``, the editor and the
automatic player) reads it from :func:`verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .board import Board, Hall, Network, Shape, lowest

__all__ = ["DEAD", "DeadEnds", "Verdict", "points_text"]

DEAD = 1000.0
"""Taken from a dead end's worth to rank it: below any placement that is not one."""


def points_text(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


@dataclass(frozen=True)
class Verdict:
    """A placement judged with its room: ``alive`` unless it is a dead end (``reason``
    says why, in words); ``reached`` of ``total`` points of the room's pieces (the new
    one included) that one door reaches if the room is walled now."""

    alive: bool
    reached: int
    total: int
    reason: str | None = None

    @property
    def reach_text(self) -> str:
        """``a door here reaches 9 of 9 points``."""
        return f"a door here reaches {self.reached} of {points_text(self.total)}"


class DeadEnds:
    """What the verdicts of one board's placements share: the room's tokens left, its
    pieces' names, the squares later pieces may still walk on."""

    def __init__(self, board: Board) -> None:
        self.board = board
        spec = board.project.room(board.room) if board.room is not None else None
        tokens = sum(slot.tokens for slot in spec.cards) if spec is not None else 0
        self.left = tokens - len(board.room_pieces)
        """Tokens of the room not yet used by a piece, before the placement."""

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The names of the room's pieces, in sheet order."""
        pieces = self.board.sheet.pieces
        return tuple(pieces[i].placement.piece.name for i in self.board.room_pieces)

    def verdict(self, shape: Shape, name: str, network: Network, hall: Hall) -> Verdict:
        """The verdict on a placement of piece ``name`` with squares ``shape``, given
        the room's ``network`` after it and the ``hall`` once walled around it (as the
        player's judgement finds them)."""
        reached = network.points if hall.ok else 0
        if network.points == network.total and hall.ok:
            return Verdict(True, reached, network.total)
        board = self.board
        final = self.left <= 1
        if final:
            reason = self._lost(shape, name, True) if network.points < network.total else None
            return Verdict(False, reached, network.total, reason or self._no_door())
        reason = self._lost(shape, name, False)
        if reason is None and not board.hall(board.taken | shape.squares, 0).ok:
            reason = ("walling the room around it would cut the hallway apart: a door "
                      "would be shut off")
        return Verdict(reason is None, reached, network.total, reason)

    def _no_door(self) -> str:
        where = self.board.entry.doors_onto
        return f"no door could join the room's circulation to {where}"

    def _lost(self, shape: Shape, name: str, final: bool) -> str | None:
        """Why a piece of the room is lost for good after the placement (None when none
        is): its circulation can never join the best group's."""
        board = self.board
        furniture = board.furniture | (0 if shape.rug else shape.furniture)
        shapes = [board.shapes[i] for i in board.room_pieces]
        names = list(self.names)
        shapes.append(shape)
        names.append(name)
        if board.lenient:
            walk = board.open & ~furniture & ~board.terminals
        elif final:
            walk = 0
            for each in shapes:
                walk |= each.furniture if each.rug else each.circulation
            walk &= ~furniture
        else:
            walk = board.open & ~furniture & ~board.terminals
        groups: dict[int, list[int]] = {}
        split: list[int] = []
        for index, each in enumerate(shapes):
            if each.rug or not each.circulation or not each.points:
                continue
            group = board.moves.flood(lowest(each.circulation), walk)
            if each.circulation & ~group:
                split.append(index)
            else:
                groups.setdefault(group, []).append(index)
        why = ("only circulation is walkable inside a room" if final and not board.lenient
               else "furniture stands between them")
        new = len(shapes) - 1
        if split:
            who = "its" if split[0] == new else f"the {names[split[0]]}'s"
            return f"{who} circulation is split for good: one door cannot reach all of it ({why})"
        if len(groups) <= 1:
            return None
        best = max(groups.values(), key=lambda members: (
            sum(shapes[i].points for i in members), -min(members)))
        lost = [i for members in groups.values() if members is not best for i in members]
        other = names[best[0]] if best[0] != new else "this piece"
        if new in lost:
            return f"its circulation can never join the {other}'s: {why}"
        return f"the {names[lost[0]]}'s circulation could never join the {other}'s: {why}"
