"""The room's best completion after a placement: what its remaining tokens can still draw.

A placement is worth what the room scores at the end of its round with it, so it is
judged with the best way to draw the room's remaining tokens after it (its *completion*):

* **the tokens left**: the room's tokens not paying for a piece once this one is drawn.
  Each piece drawn in the room (this one last) pays a free token of the first card, in
  the project's order, that offers it (with a game record: the options of the variant
  dealt); every token left keeps its card's options;
* **a completion** draws, token by token, a legal placement of one of its options (or
  nothing) on the squares left after the placement. It *keeps the room whole* when one
  door still reaches every piece drawn in the room, this one and its own (their
  circulation joined, as :meth:`~homestaging.player.board.Board.network` finds it);
* **joined**: some completion makes the room whole. When the room is not whole after
  the placement, a completion must join it: the search tries, token by token, the
  placements whose walkable squares (circulation, a rug) touch the room's; none joining
  it, the placement is a dead end (:mod:`homestaging.player.deadend`);
* **fits**: with the room whole, the tokens are drawn one at a time, each with its
  option worth most that still keeps the room whole and leaves it a door
  (:meth:`~homestaging.player.board.Board.hall`: onto the hallway, or with no hallway
  into the entry room's network). ``points`` is what they score
  (the pieces that joined the room included); ``ideal`` what the same tokens score on
  the room as it stands, before the placement; ``shortfall`` what the placement costs
  them. A token that found a placement on the room as it stands and finds none after
  it, not even with the other tokens left out (``left_out``), ranks the placement below
  every one after which all fit.

A placement's worth is the points the room can still score with it: what it adds and
what one door reaches, as long as some completion keeps every piece reachable (else it
is a dead end) and the remaining tokens fit (else it is tight). The ``shortfall`` is
not taken from the worth: taking it made the automatic player draw nothing where a
later token's best option would lose its place, and the par of the garden cottage fell
from 32 to 23 (a mean 10.6 points lower over 40 games), since the later cards and
their variants are not known when the piece is drawn.

The search is bounded: at most :data:`BUDGET` networks are worked out per placement
judged; past that, what was not found yet is taken as possible (it never marks a
placement worse than it is). Only unmirrored placements are tried.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from ..core.bitmask import iter_bits
from ..core.game import GameRecord
from ..core.pieces import Piece, Placement
from ..core.project import Project
from ..search.placement import anchor_masks, card_variants
from .board import Board, Network, Shape, lowest

__all__ = ["BUDGET", "Completion", "Completions"]

BUDGET = 120
"""The most networks the search works out for one placement."""


@dataclass(frozen=True)
class Completion:
    """The room's best completion after a placement (see the module's doc)."""

    tokens: tuple[tuple[str, ...], ...]
    """The options of each token left (piece ids)."""
    joined: bool
    """Some completion keeps (or makes) the room whole."""
    points: int = 0
    """What the tokens left score, drawn at best with the room whole."""
    ideal: int = 0
    """What they would score on the room as it stands (before the placement), at most
    ``points`` more."""
    left_out: tuple[str, ...] = ()
    """The names of the options of each token that found no placement keeping the room
    whole (one entry per such token, its options joined by ``or``)."""
    picks: tuple[str | None, ...] | None = None
    """Per token, the option drawn (None: none fitted); None when not searched so."""
    fitted_before: bool = True
    """The tokens ``left_out`` found a placement on the room as it stands (False: that
    search ran out of its budget first, so whether they ever fitted is not known)."""

    @property
    def shortfall(self) -> int:
        """The points the tokens left lose for want of room."""
        return self.ideal - self.points


_CARDS: dict[tuple[int, str, tuple[tuple[int, str], ...] | None],
             tuple[Project, tuple[tuple[tuple[str, ...], int], ...]]] = {}
"""Per project (by identity), room and cards dealt: :func:`room_cards`."""


def room_cards(project: Project, room: str | None,
               game: GameRecord | None) -> tuple[tuple[tuple[str, ...], int], ...]:
    """The room's cards in the project's order: each card's options (of the variant
    dealt, with a record that dealt it), the one worth most first, and its tokens."""
    spec = project.room(room) if room is not None else None
    if spec is None:
        return ()
    dealt = tuple(sorted(game.dealt.items())) if game is not None else None
    key = (id(project), spec.name, dealt)
    known = _CARDS.get(key)
    if known is not None and known[0] is project:
        return known[1]
    pieces = project.catalog.pieces
    found = []
    for slot in spec.cards:
        options = {p.id for variant in card_variants(project, slot.number, game) for p in variant}
        found.append((tuple(sorted(options, key=lambda i: (-pieces[i].points, i))),
                      slot.tokens))
    if len(_CARDS) >= 256:
        _CARDS.clear()
    _CARDS[key] = (project, tuple(found))
    return _CARDS[key][1]


class _Budget:
    """The networks the search may still work out; ``out`` once it asked for more."""

    def __init__(self) -> None:
        self.left = BUDGET
        self.out = False

    def spend(self, count: int = 1) -> bool:
        """Spend ``count`` networks, one after another: False (and ``out``) when the
        budget runs out before the last."""
        if count > self.left:
            self.left = 0
            self.out = True
            return False
        self.left -= count
        return True


class _Taken(NamedTuple):
    """The squares drawn: non-rug furniture, circulation, rugs."""

    solid: int
    circulation: int
    rugs: int


class _Turned(NamedTuple):
    """An unmirrored orientation of a piece at anchor A1: its squares and points, the bits
    of its furniture and circulation, and those of each group of its circulation when it
    falls apart in two or more (a piece that is not a rug; the groups of the sheet
    without walls)."""

    furniture: int
    circulation: int
    points: int
    furniture_bits: tuple[int, ...]
    circulation_bits: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]


_TURNED: dict[tuple[int, int, int, int], tuple[Piece, _Turned]] = {}
"""Per piece (by identity), rotation and sheet size: :func:`turned`."""


def turned(board: Board, piece: Piece, rotation: int) -> _Turned:
    """The piece turned by ``rotation``, unmirrored, on ``board``'s sheet: worked out once
    per piece, rotation and size of sheet."""
    key = (id(piece), rotation, board.width, board.height)
    known = _TURNED.get(key)
    if known is not None and known[0] is piece:
        return known[1]
    shape = board.shape(Placement(piece, (0, 0), rotation, False))
    parts = []
    rest = shape.circulation if shape.points else 0  # not a rug
    while rest:
        part = board.plain.flood(lowest(rest), rest)
        parts.append(tuple(iter_bits(part)))
        rest &= ~part
    found = _Turned(shape.furniture, shape.circulation, shape.points,
                    tuple(iter_bits(shape.furniture)), tuple(iter_bits(shape.circulation)),
                    tuple(parts) if len(parts) > 1 else ())
    if len(_TURNED) >= 4096:  # pieces of many catalogs read one after another
        _TURNED.clear()
    _TURNED[key] = (piece, found)
    return found


def _meeting(mask: int, offsets: Sequence[int]) -> int:
    """The anchors at which a piece's squares at ``offsets`` (from anchor A1) meet
    ``mask``."""
    if not mask:
        return 0
    meets = 0
    for off in offsets:
        meets |= mask >> off
    return meets


class _Whole:
    """The room's walkable squares, non-rug furniture and the circulation of its scoring
    pieces (the first's, all of them) with some placements drawn: :meth:`whole` asks
    whether one more keeps the room whole."""

    __slots__ = ("_group", "board", "seed", "solid", "target", "walk")

    def __init__(self, board: Board, walk: int, solid: int, seed: int, target: int) -> None:
        self.board = board
        self.walk = walk
        self.solid = solid
        self.seed = seed
        self.target = target
        self._group: int | None = None

    @property
    def group(self) -> int:
        """The walkable squares joined to the first scoring piece's circulation (found
        once, for the placements that only add walkable squares)."""
        if self._group is None:
            self._group = self.board.moves.flood(lowest(self.seed), self.walk)
        return self._group

    def whole(self, shape: Shape | None) -> int | None:
        """The group one door serves with ``shape`` drawn too (None: nothing more) when
        it reaches every piece of the room (no lenient access), else None: one flood
        fill from the circulation of a piece that scores, where :meth:`Board.network`
        floods every group; from the group already known when ``shape`` takes no
        walkable square (the group only grows)."""
        walk, seed, target = self.walk, self.seed, self.target
        moves = self.board.moves
        if shape is not None:
            if shape.rug:
                grows = True
                walk |= shape.furniture & ~self.solid
            else:
                grows = not shape.furniture & walk
                walk = (walk & ~shape.furniture) | (shape.circulation & ~self.solid
                                                    & ~shape.furniture)
                if shape.circulation and shape.points:
                    seed = seed or shape.circulation
                    target |= shape.circulation
            if grows and self.seed:
                group = moves.flood(self.group, walk)
                return None if target & ~group else group
        if not target:  # every group reaches all: the first is the best
            return moves.flood(lowest(walk), walk)
        group = self.group if shape is None else moves.flood(lowest(seed), walk)
        return None if target & ~group else group


class Completions:
    """The completions of one board's placements: the room's cards and tokens, and each
    option's legal placements on the board as it stands (found once, when asked)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._anchors: dict[str, list[tuple[_Turned, int]]] = {}
        self._tokens: dict[str, tuple[tuple[str, ...], ...]] = {}
        self._before: dict[tuple[tuple[str, ...], ...], Completion] = {}
        self._reaches: dict[tuple[tuple[str, ...], ...], int] = {}
        self._linked: dict[int, bool] = {}
        """Per placement's walkable squares: whether they make one group."""
        self._kinds: dict[str, tuple[bool, bool]] = {}
        """Per piece: whether it is a rug, whether it has walkable squares."""
        walk = 0
        for i in board.room_pieces:
            each = board.shapes[i]
            walk |= each.furniture if each.rug else each.circulation
        self._room_walk = walk
        """The walkable squares of the room's pieces (their furniture not yet taken out)."""
        self._room_circulation = [board.shapes[i].circulation for i in board.room_pieces
                                  if not board.shapes[i].rug]
        """The circulation of each of the room's pieces that is not a rug."""

    @cached_property
    def scoring(self) -> tuple[int, int]:
        """The circulation of the first of the room's pieces that scores and has some
        (0: none), and that of all of them."""
        first = every = 0
        board = self.board
        for i in board.room_pieces:
            each = board.shapes[i]
            if each.circulation and each.points:
                first = first or each.circulation
                every |= each.circulation
        return first, every

    @cached_property
    def _free(self) -> int:
        """The squares later pieces may still walk on, before the placement."""
        board = self.board
        return board.open & ~board.furniture & ~board.terminals

    def tokens_after(self, piece: Piece) -> tuple[tuple[str, ...], ...]:
        """The options of each token of the room left once ``piece`` is drawn."""
        known = self._tokens.get(piece.id)
        if known is None:
            known = self._tokens[piece.id] = self._tokens_after(piece)
        return known

    def _tokens_after(self, piece: Piece) -> tuple[tuple[str, ...], ...]:
        board = self.board
        cards = room_cards(board.project, board.room, board.sheet.game)
        counts = [tokens for _, tokens in cards]
        drawn = [board.sheet.pieces[i].id for i in board.room_pieces] + [piece.id]
        for piece_id in drawn:
            for index, (options, _) in enumerate(cards):
                if counts[index] and piece_id in options:
                    counts[index] -= 1
                    break
            else:  # a piece off the cards: it uses a token all the same
                for index in range(len(counts)):
                    if counts[index]:
                        counts[index] -= 1
                        break
        found: list[tuple[str, ...]] = []
        for (options, _), count in zip(cards, counts, strict=True):
            found += [options] * count
        return tuple(found)

    def _orientations(self, piece_id: str) -> list[tuple[_Turned, int]]:
        """The piece's unmirrored orientations with a legal anchor on the board, each with
        the mask of its legal anchors."""
        known = self._anchors.get(piece_id)
        if known is None:
            board = self.board
            piece = board.project.catalog.piece(piece_id)
            known = self._anchors[piece_id] = [
                (turned(board, piece, orientation.rotation), anchors)
                for orientation, anchors in anchor_masks(board.masks, piece, mirror=False)]
        return known

    def placements(self, piece_id: str, taken: _Taken, touch: int = -1,
                   across: int = -1) -> Iterator[Shape]:
        """The legal placements of a piece on the board once the squares ``taken`` are
        drawn too (furniture on no furniture nor circulation, a rug on no rug,
        circulation on no furniture) whose walkable squares meet ``touch`` and
        ``across`` (their default: any)."""
        rug = self._kind(piece_id)[0]
        closed = taken.rugs if rug else taken.solid | taken.circulation
        solid = taken.solid
        for each, anchors in self._orientations(piece_id):
            walks = each.furniture_bits if rug else each.circulation_bits
            if touch != -1:
                anchors &= _meeting(touch, walks)
            if across != -1:
                anchors &= _meeting(across, walks)
            if not anchors:
                continue
            # the anchors whose squares meet those taken
            anchors &= ~(_meeting(closed, each.furniture_bits)
                         | _meeting(solid, each.circulation_bits))
            for bit in iter_bits(anchors):
                yield Shape(each.furniture << bit, each.circulation << bit, each.points, rug)

    def _joining(self, piece_id: str, taken: _Taken, near: int,
                 budget: _Budget) -> Iterator[Shape | None]:
        """:meth:`placements` of a piece with circulation (not a rug) whose circulation
        meets ``near`` (the room's walkable squares and those beside them, 0 for none),
        but those whose circulation falls apart in groups not all meeting ``near``: no
        such placement keeps the room whole (a group joins the others only through the
        room's walkable squares). Each of those is charged to ``budget`` as one network
        worked out, in turn, as the search would; None when the budget runs out."""
        closed, solid = taken.solid | taken.circulation, taken.solid
        for each, anchors in self._orientations(piece_id):
            if near:
                anchors &= _meeting(near, each.circulation_bits)
                if not anchors:
                    continue
            furniture, circulation, points = each.furniture, each.circulation, each.points
            apart = 0  # charged, not tried
            if each.parts:
                joining = anchors
                for part in each.parts:
                    joining &= _meeting(near, part)
                apart = anchors & ~joining
            if apart:  # the anchors whose squares meet those taken, as a mask
                shut = (_meeting(closed, each.furniture_bits)
                        | _meeting(solid, each.circulation_bits))
                apart &= ~shut
                anchors = joining & ~shut
            for bit in iter_bits(anchors):
                if (furniture << bit) & closed or (circulation << bit) & solid:
                    continue  # on the squares taken
                below = apart & ((1 << bit) - 1)
                if below:
                    if not budget.spend(below.bit_count()):
                        yield None
                        return
                    apart &= ~below
                yield Shape(furniture << bit, circulation << bit, points, False)
            if apart and not budget.spend(apart.bit_count()):
                yield None
                return

    def complete(self, shape: Shape, piece: Piece, network: Network) -> Completion:
        """The room's best completion once ``shape`` (a placement of ``piece``, the room's
        network after it ``network``) is drawn (see the module's doc); its ``shortfall``
        counted against the room's best completion as it stands, with the same tokens
        left. A token that found no placement on the room as it stands is not looked
        for again (nor counted as left out); the others try first the option they drew
        then, and those worth less, then those worth more."""
        tokens = self.tokens_after(piece)
        if not tokens:
            return Completion(tokens, True)
        before = self._before.get(tokens)
        if before is None:
            before = self._before[tokens] = self._search([], self.board.network(), tokens)
        found = self._search([shape], network, tokens, before.picks)
        return Completion(tokens, found.joined, found.points, max(found.points, before.points),
                          found.left_out, fitted_before=before.picks is not None)

    def _search(self, extras: list[Shape], network: Network,
                tokens: tuple[tuple[str, ...], ...],
                hint: tuple[str | None, ...] | None = None) -> Completion:
        """The best completion with ``extras`` drawn (``network``: the room's with
        them); ``ideal`` left 0. ``hint``: per token, the option the room as it stands
        drew (None: none fitted), see :meth:`complete`."""
        catalog = self.board.project.catalog
        budget = _Budget()
        points = 0
        count = len(tokens)
        if network.points < network.total:
            if self._too_far(extras, network, tokens):
                return Completion(tokens, False)
            joining = self._join(extras, tokens, budget, network.best)
            if joining is None:
                return Completion(tokens, budget.out)
            more, tokens = joining
            points = sum(each.points for each in more[len(extras):])
            extras = more
        left_out: list[str] = []
        picks: list[str | None] = [None] * (count - len(tokens))
        known = start = len(tokens) == count  # ``network``: the room's with ``extras``
        first = len(extras)  # the placements before the tokens drawn one at a time
        for index, given in enumerate(tokens, count - len(tokens)):
            options = given
            if hint is not None:
                drew = hint[index]
                if drew is None:
                    picks.append(None)
                    continue
                at = options.index(drew)
                options = options[at:] + options[:at]
            drawn = self._fit(extras, options, budget, network.best if known else None)
            if drawn is None and len(extras) > first:
                # drawn one at a time, the tokens may take each other's squares: a token
                # that fits once the others are left out is not left out
                alone = self._fit(extras[:first], options, budget,
                                  network.best if start else None)
                if alone is not None:
                    points += alone[0].points
                    picks.append(alone[1])
                    continue
            if budget.out:  # out of budget: the tokens not placed yet are taken as fitting
                return Completion(tokens, True, points + sum(
                    catalog.piece(each[0]).points for each in tokens))
            if drawn is None:
                left_out.append(" or ".join(catalog.piece(i).name for i in given))
                picks.append(None)
                continue
            extras = [*extras, drawn[0]]
            known = False
            points += drawn[0].points
            picks.append(drawn[1])
        return Completion(tokens, True, points, 0, tuple(left_out), tuple(picks))

    def _reach(self, tokens: tuple[tuple[str, ...], ...]) -> int:
        """The most walkable squares ``tokens`` add, all of them together: per token,
        the most one of its options adds (circulation; a rug's squares)."""
        known = self._reaches.get(tokens)
        if known is None:
            catalog = self.board.project.catalog
            known = 0
            for options in tokens:
                most = 0
                for piece_id in options:
                    piece = catalog.piece(piece_id)
                    most = max(most, len(piece.art.furniture) if piece.is_rug
                               else len(piece.art.circulation))
                known += most
            self._reaches[tokens] = known
        return known

    def _too_far(self, extras: Sequence[Shape], network: Network,
                 tokens: tuple[tuple[str, ...], ...]) -> bool:
        """Whether a piece not reached lies too far from the group one door serves for
        the tokens left to join them: more free squares between them than the tokens'
        pieces could make walkable, all of them together."""
        best = network.best
        lost = 0
        for circulation in self._room_circulation:
            if circulation & ~best:
                lost |= circulation
        for each in extras:
            if each.circulation & ~best and not each.rug:
                lost |= each.circulation
        if not lost or not best:
            return False
        moves = self.board.moves
        within = (self._free & ~self._taken(extras).solid) | lost | best
        seen = best
        for _ in range(self._reach(tokens) + 1):  # one more step away, within the free squares
            seen = moves.grow(seen) & within
            if seen & lost:
                return False
        return True

    @staticmethod
    def _taken(extras: Sequence[Shape]) -> _Taken:
        """The squares of the placements ``extras``."""
        solid = circulation = rugs = 0
        for each in extras:
            if each.rug:
                rugs |= each.furniture
            else:
                solid |= each.furniture
            circulation |= each.circulation
        return _Taken(solid, circulation, rugs)

    def _drawn(self, extras: Sequence[Shape]) -> tuple[_Taken, _Whole]:
        """The squares of the placements ``extras`` (:meth:`_taken`) and what
        :meth:`_Whole.whole` reads with them drawn (the room's walkable squares, its
        furniture, its scoring pieces' circulation), in one pass, read once for the
        placements tried after them."""
        seed, target = self.scoring
        walk, room_solid = self._room_walk, self.board.furniture
        solid = circulation = rugs = 0
        for each in extras:
            if each.rug:
                rugs |= each.furniture
                walk |= each.furniture
            else:
                solid |= each.furniture
                walk |= each.circulation
            if each.circulation:
                circulation |= each.circulation
                if each.points:
                    seed = seed or each.circulation
                    target |= each.circulation
        room_solid |= solid
        return (_Taken(solid, circulation, rugs),
                _Whole(self.board, walk & ~room_solid, room_solid, seed, target))

    def _fit(self, extras: Sequence[Shape], options: Sequence[str], budget: _Budget,
             best: int | None = None) -> tuple[Shape, str] | None:
        """The placement of the first of ``options`` that keeps the room whole with
        ``extras`` drawn and leaves it a door (:meth:`Board.hall`), and that option;
        None when none does (or the budget is spent). ``best``: the group one door
        serves with ``extras``, when known."""
        board = self.board
        taken, joins = self._drawn(extras)
        walk = joins.walk
        near = board.plain.grow(walk) if walk else 0
        if best is None:  # the room is whole with ``extras``: its group is the best
            best = (joins.whole(None) or 0) if walk else 0
        group = best if walk else 0
        best = board.moves.grow(best) if walk else 0
        drawn = board.taken | taken.solid | taken.circulation | taken.rugs
        for piece_id in options:
            rug, walks_any = self._kind(piece_id)
            # with walkable squares, it must meet the room's (else a network of its own:
            # the door could not serve both)
            if walks_any and not rug:
                found: Iterator[Shape | None] = self._joining(piece_id, taken, near, budget)
            else:
                found = self.placements(piece_id, taken, near if walks_any and walk else -1)
            for candidate in found:
                if candidate is None:
                    return None
                if not walks_any:
                    if not candidate.furniture & walk:
                        return candidate, piece_id  # it takes nothing walkable, needs no door
                    continue
                walks = candidate.furniture if candidate.rug else candidate.circulation
                if walks & best and not candidate.furniture & walk and self._one_group(walks):
                    # one walkable group beside the door's: it joins it
                    if board.hall_ok(drawn | candidate.furniture | walks, group | walks):
                        return candidate, piece_id
                    continue
                if not budget.spend():
                    return None
                joined = joins.whole(candidate)
                if joined is not None and board.hall_ok(drawn | candidate.squares, joined):
                    return candidate, piece_id
        return None

    def _kind(self, piece_id: str) -> tuple[bool, bool]:
        """Whether the piece is a rug, and whether it has walkable squares (a rug's, or
        circulation)."""
        known = self._kinds.get(piece_id)
        if known is None:
            piece = self.board.project.catalog.piece(piece_id)
            known = self._kinds[piece_id] = (piece.is_rug,
                                             piece.is_rug or bool(piece.art.circulation))
        return known

    def _one_group(self, walks: int) -> bool:
        """Whether the squares ``walks`` make one group (one flood fill per placement
        and board, however many placements judged try it)."""
        known = self._linked.get(walks)
        if known is None:
            known = self._linked[walks] = self.board.moves.flood(lowest(walks), walks) == walks
        return known

    def _join(self, extras: list[Shape], tokens: Sequence[Sequence[str]], budget: _Budget,
              best: int | None = None
              ) -> tuple[list[Shape], tuple[tuple[str, ...], ...]] | None:
        """The placements of the first tokens that make the room whole (and the tokens
        left after them), trying those whose walkable squares touch the room's; None
        when none does within the budget. ``best``: the group one door serves with
        ``extras`` (:meth:`Board.network`), when known."""
        if not tokens:
            return None
        board = self.board
        taken, joins = self._drawn(extras)
        walk = joins.walk
        near = board.plain.grow(walk)
        rest = tuple(tuple(options) for options in tokens[1:])
        if not rest:  # the last token must meet the group one door serves and the others
            if best is None:
                best = board.network(extras).best
            both = (board.plain.grow(best), board.plain.grow(walk & ~best))
        for piece_id in tokens[0]:
            if rest:
                found: Iterator[Shape] = self.placements(piece_id, taken, near)
            else:
                found = self.placements(piece_id, taken, *both)
            for candidate in found:
                if not budget.spend():
                    return None
                more = [*extras, candidate]
                if joins.whole(candidate) is not None:
                    return more, rest
                if rest:
                    deeper = self._join(more, rest, budget)
                    if deeper is not None:
                        return deeper
                if budget.out:
                    return None
        return self._join(extras, rest, budget, best) if rest else None
