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

With tokens left, the room's best completion (:mod:`homestaging.player.completion`)
decides too: when no way to draw the remaining tokens joins a piece to the others, the
placement is a dead end; when the room stays whole but a remaining token no longer
fits anywhere, the placement is *tight*: ranked below every placement after which they
all fit (and above every dead end), with the reason in words. The points the remaining
tokens lose for want of room (``shortfall``) are reported, not taken from its worth.

A :class:`Verdict` says which, in words, with what one door reaches if the room were
walled now. Every user of the ranking (``place``, ``hint``, the editor and the
automatic player) reads it from :func:`verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..core.pieces import Piece
from .board import Board, Hall, Network, Shape, lowest
from .completion import Completion, Completions

__all__ = ["DEAD", "TIGHT", "DeadEnds", "Verdict", "points_text"]

DEAD = 1000.0
"""Taken from a dead end's worth to rank it: below any placement that is not one."""
TIGHT = 100.0
"""Taken from a tight placement's worth to rank it: below any placement after which the
room's remaining tokens fit, above any dead end."""


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
    tight: str | None = None
    """Why the room's remaining tokens no longer all fit after it (None: they do)."""
    shortfall: int = 0
    """The points the room's remaining tokens lose for want of room after it (not taken
    from the worth: see :mod:`homestaging.player.completion`)."""

    @property
    def fits(self) -> bool:
        return self.tight is None

    @property
    def reach_text(self) -> str:
        """``a door here reaches 9 of 9 points``."""
        return f"a door here reaches {self.reached} of {points_text(self.total)}"

    @property
    def marks(self) -> str:
        """What the room makes of the placement, in words: ``dead end: ...``, or what
        its door reaches and, when tight, why the room's remaining tokens do not fit."""
        if not self.alive:
            return f"dead end: {self.reason}"
        return self.reach_text if self.tight is None else f"{self.reach_text}; {self.tight}"


class DeadEnds:
    """What the verdicts of one board's placements share: the room's tokens left, its
    pieces' names, the squares later pieces may still walk on."""

    def __init__(self, board: Board) -> None:
        self.board = board
        spec = board.project.room(board.room) if board.room is not None else None
        tokens = sum(slot.tokens for slot in spec.cards) if spec is not None else 0
        self.left = tokens - len(board.room_pieces)
        """Tokens of the room not yet used by a piece, before the placement."""
        self.completions = Completions(board)
        self._texts: dict[tuple[tuple[str, ...], ...], str] = {}

    @classmethod
    def of(cls, board: Board) -> DeadEnds:
        """The verdicts of ``board``'s placements (made once per board)."""
        known = board.__dict__.get("dead_ends")
        if not isinstance(known, DeadEnds):
            known = board.__dict__["dead_ends"] = cls(board)
        return known

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The names of the room's pieces, in sheet order."""
        pieces = self.board.sheet.pieces
        return tuple(pieces[i].placement.piece.name for i in self.board.room_pieces)

    @cached_property
    def _shapes(self) -> list[Shape]:
        """The squares of the room's pieces, in sheet order."""
        return [self.board.shapes[i] for i in self.board.room_pieces]

    def verdict(self, shape: Shape, piece: Piece, network: Network, hall: Hall) -> Verdict:
        """The verdict on a placement of ``piece`` with squares ``shape``, given the
        room's ``network`` after it and the ``hall`` once walled around it (as the
        player's judgement finds them)."""
        reached = network.points if hall.ok else 0
        whole = network.points == network.total
        final = self.left <= 1
        if final:
            if whole and hall.ok:
                return Verdict(True, reached, network.total)
            reason = self._lost(shape, piece.name, True) if not whole else None
            return Verdict(False, reached, network.total, reason or self._no_door())
        board = self.board
        reason = None
        if not (whole and hall.ok):
            reason = self._lost(shape, piece.name, False)
            # a hallway whose ends ``hall`` joins is not cut apart: no fill needed
            if reason is None and not hall.ok and not board.hall_ok(board.taken | shape.squares,
                                                                    0):
                reason = ("walling the room around it would cut the hallway apart: a door "
                          "would be shut off")
        if reason is not None or board.lenient:
            return Verdict(reason is None, reached, network.total, reason)
        done = self.completions.complete(shape, piece, network)
        if not done.joined:
            return Verdict(False, reached, network.total, self._unjoined(shape, piece, network,
                                                                         done))
        tight = None
        if done.left_out:
            fit = "no longer fit" if done.fitted_before else "do not fit after it"
            tight = (f"the room's remaining tokens {fit}: no placement of "
                     f"{done.left_out[0]} keeps the room's circulation joined")
        return Verdict(True, reached, network.total, None, tight, done.shortfall)

    def _unjoined(self, shape: Shape, piece: Piece, network: Network,
                  done: Completion) -> str:
        """Why no completion joins the room's pieces after the placement, in words."""
        what = self._tokens_text(done.tokens)
        mine = not shape.circulation & ~network.best
        walks = [(i, self.board.shapes[index].circulation)
                 for i, index in enumerate(self.board.room_pieces)
                 if self.board.shapes[index].circulation]
        others = [i for i, walk in walks if not walk & ~network.best]
        lost = [i for i, walk in walks if walk & ~network.best]
        if not mine and others:
            return (f"its circulation can never join the {self.names[others[0]]}'s: {what} "
                    "cannot join them")
        if lost:
            other = "its" if mine else f"the {piece.name}'s"
            return (f"the {self.names[lost[0]]}'s circulation could never join {other}: "
                    f"{what} cannot join them")
        return f"its circulation could never join the room's: {what} cannot join them"

    def _tokens_text(self, tokens: tuple[tuple[str, ...], ...]) -> str:
        """The tokens left in words: ``the room's last token (Stove, Fridge)``."""
        known = self._texts.get(tokens)
        if known is None:
            catalog = self.board.project.catalog
            names = ", ".join(dict.fromkeys(catalog.piece(i).name for each in tokens
                                            for i in each))
            count = len(tokens)
            what = "the room's last token" if count == 1 else f"the room's {count} tokens left"
            known = self._texts[tokens] = f"{what} ({names})"
        return known

    def _no_door(self) -> str:
        where = self.board.entry.doors_onto
        return f"no door could join the room's circulation to {where}"

    def _lost(self, shape: Shape, name: str, final: bool) -> str | None:
        """Why a piece of the room is lost for good after the placement (None when none
        is): its circulation can never join the best group's."""
        board = self.board
        furniture = board.furniture | (0 if shape.rug else shape.furniture)
        shapes = [*self._shapes, shape]
        if final and not board.lenient:
            walk = 0
            for each in shapes:
                walk |= each.furniture if each.rug else each.circulation
            walk &= ~furniture
        else:
            walk = board.open & ~furniture & ~board.terminals
        seed, target = self.completions.scoring
        if not shape.rug and shape.circulation and shape.points:
            seed = seed or shape.circulation
            target |= shape.circulation
        if not target:
            return None
        first = board.moves.flood_to(lowest(seed), walk, target)
        if not target & ~first:
            return None  # one group holds every piece's circulation
        names = [*self.names, name]
        groups: dict[int, list[int]] = {}
        split: list[int] = []
        found = [first]  # the groups flooded so far (a piece in one needs no fill)
        for index, each in enumerate(shapes):
            if each.rug or not each.circulation or not each.points:
                continue
            seed = lowest(each.circulation)
            group = next((known for known in found if known & seed), 0)
            if not group:
                group = board.moves.flood(seed, walk)
                found.append(group)
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
