"""The player's choices: which card to flip, the options its tokens choose and where
their pieces go, the room's walls and door, and the windows at the end.

Pieces are placed with the placement engine's ranking, read as a stream
(:func:`homestaging.search.moves.stream_pieces`): its moves come best first by what they are
worth (points, bonuses, what they cut off, the space they leave the room's other
cards). The player reads them in that order and adds what only the end of the round
shows (:func:`judge`): whether the piece's circulation joins the room's network, which
one door will serve, and whether the room can still be walled with a door onto a
hallway that joins the other doors and the front door. It stops reading once no move
left can beat the best (:func:`best_judged`). The best move so judged is drawn; none is
drawn when the best is worth nothing.

Two policies:

* :class:`Greedy` takes the best choice at each step;
* :class:`Lookahead` tries the best few choices at each step, plays each to the end of
  the game with :class:`Greedy`, and takes the one whose game scored most. The greedy
  choice is always among those tried, so it never scores less than :class:`Greedy` on
  the same deal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ..core.grid import Cell, Edge
from ..core.layout import layout, with_doors, with_pieces
from ..core.pieces import Piece, Placement
from ..core.project import CardSlot
from ..rules.checks import PIECE_RULES, RULES
from ..search.moves import DIVERSE, Move, MoveStream, RankedMoves, standing, stream_pieces
from ..search.placement import Sketch, with_piece
from .board import Board, Hall, Network, Shape
from .deadend import DEAD, TIGHT, DeadEnds, Verdict
from .openings import best_windows
from .state import State
from .walls import CUT_COST, Walling, fallback, front_door_any, grown, wallings

__all__ = [
    "CardChoice",
    "Choice",
    "Finish",
    "Greedy",
    "Judged",
    "Lookahead",
    "Policy",
    "WallChoice",
    "judge",
    "policy_named",
]

POOL = 2
"""Moves of a piece the engine values with bonuses and space (``rank_moves``'s pool):
the best by points and what they cut off."""
HOTSPOT_POOL = 0
"""Moves the engine values besides the pool for touching each part of what a bonus
looks at (its ``per_hotspot``): none, only the pool's size more touching any of them."""
EPSILON = 1e-9
"""Below any difference of two moves' worth, above the rounding of their sums."""
SPACE_COST = 0.25
"""What a square of the house is worth to the rooms still to come, when walls take it
for bonuses (a room grown to a size)."""


@dataclass(frozen=True)
class Judged:
    """A move of the engine as the player sees it: ``value`` is the engine's value with
    the room's network, door and hallway as the end of the round will see them."""

    move: Move
    value: float
    network: Network
    hall: Hall
    verdict: Verdict

    @property
    def rank(self) -> float:
        """What the move is ranked by: its worth, less :data:`DEAD` for a dead end and
        :data:`TIGHT` when the room's remaining tokens no longer all fit after it."""
        verdict = self.verdict
        if not verdict.alive:
            return self.value - DEAD
        return self.value if verdict.tight is None else self.value - TIGHT


@dataclass(frozen=True)
class Outlook:
    """What the room being furnished is worth before a move: the points its door would
    reach if walled now, and what the squares it cuts off cost (:func:`space_cost`)."""

    points: int
    space: float


@dataclass(frozen=True)
class CardChoice:
    """A card flipped: the options its tokens choose and the pieces drawn (fewer than the
    tokens when a piece is worth nothing)."""

    number: int
    choices: tuple[str, ...]
    moves: tuple[Judged, ...]
    value: float
    legal: bool = False
    """The pieces are moves of the ranking, each on the sheet with those before it
    drawn, and the sheet broke no rule before them: the sheet after them breaks none (a
    legal placement adds no error), the record's rules included: the card is one of
    the room's not played yet, its tokens choose options of the variant dealt, and each
    piece drawn is the option of a token of its own."""

    @property
    def placements(self) -> tuple[Placement, ...]:
        return tuple(j.move.placement for j in self.moves)


@dataclass(frozen=True)
class WallChoice:
    """The room's walls and door (and the front door when drawn now)."""

    walling: Walling
    cells: frozenset[Cell]
    bonus: int
    value: float
    after: State | None = field(default=None, compare=False, repr=False)
    """The state once walled so, when worked out (with its layout and bonuses)."""


@dataclass(frozen=True)
class Finish:
    """The end of the game: the windows that pay (and the front door if still to draw)."""

    front_door: Edge | None
    windows: tuple[Edge, ...]
    value: float = 0.0


Choice = CardChoice | WallChoice | Finish
AnyChoice = TypeVar("AnyChoice", bound=Choice)


def apply(state: State, choice: Choice) -> State:
    """The state after ``choice``."""
    if isinstance(choice, CardChoice):
        clean = RULES.keys() if choice.legal else ()
        judged = (choice.moves[-1].network, choice.moves[-1].hall) if choice.moves else None
        return state.with_card(choice.number, choice.choices, choice.placements, clean=clean,
                               judged=judged)
    if isinstance(choice, WallChoice):
        if choice.after is not None:
            return choice.after
        return state.with_walls(choice.cells, choice.walling.door, choice.walling.front_door)
    return state.with_openings(choice.front_door, choice.windows)


# --- judging moves ---------------------------------------------------------------------


def _room_points(board: Board) -> int:
    return sum(board.shapes[i].points for i in board.room_pieces)


def space_cost(hall: Hall) -> float:
    """What the open squares a room cuts off from the hallway cost: a little each
    (:data:`CUT_COST`), and what the rooms to come lack (:attr:`Hall.short`)."""
    return CUT_COST * hall.cut + hall.short


def judge(board: Board, move: Move, before: Outlook) -> Judged:
    """``move`` with the room's network, door and hallway after it: the engine's value,
    less what the end of the round loses (``before``: the room as it stands)."""
    shape = board.shape(move.placement)
    return _judged(board, move, before, shape, board.network([shape]), DeadEnds.of(board))


def _judged(board: Board, move: Move, before: Outlook, shape: Shape,
            network: Network, ends: DeadEnds) -> Judged:
    """:func:`judge` with the move's shape and the room's network after it."""
    hall = board.hall(board.taken | shape.squares, network.best)
    return _verdict(board, move, shape, network, hall, ends,
                    _worth(board, move, before, shape, network, hall))


def _verdict(board: Board, move: Move, shape: Shape, network: Network, hall: Hall,
             ends: DeadEnds, worth: float) -> Judged:
    """The move judged, its worth known (the room's verdict only lowers its rank)."""
    return Judged(move, worth, network, hall, ends.verdict(shape, move.piece, network, hall))


def _most_judged(board: Board, move: Move, before: Outlook, shape: Shape,
                 network: Network) -> float:
    """An upper bound on :func:`judge`'s value once the room's network after ``move``
    is known, before its hallway is: the hallway at its best (nothing cut off, no room
    to come short of squares, the door serving the network)."""
    return _worth(board, move, before, shape, network, None)


def _worth(board: Board, move: Move, before: Outlook, shape: Shape, network: Network,
           hall: Hall | None) -> float:
    """What :func:`judge` finds ``move`` worth with the room's network after it and the
    hallway ``hall`` (None: the hallway at its best, for :func:`_most_judged`)."""
    candidate = move.candidate
    penalty = 0
    if candidate.loses_room:
        penalty = _room_points(board) + candidate.points  # the engine's own guess, replaced
    apart = bool(board.taken) and not shape.squares & board.near
    ok = hall is None or hall.ok
    after = network.points - (candidate.points if apart else 0) if ok else 0
    cost = 0.0
    if hall is None:
        after = max(0, after)
    else:
        cost = space_cost(hall)
    reached = ok and not apart and not shape.circulation & ~network.best
    return (move.value + penalty + after - before.points - candidate.points
            - cost + before.space - (0 if reached else max(0, move.bonus)))


@dataclass(frozen=True)
class Apart:
    """What bounds the worth of a move standing apart from the room's pieces (no square
    on or beside theirs): its circulation makes a network of its own, so the room's
    network reaches at most what it reaches now or what the piece's own does."""

    reached: int  # the points the room's network reaches now
    free: int  # the points of the room's pieces without circulation (reached by any door)
    near: int  # the squares of the room's pieces and those beside them (0: no piece yet)

    @classmethod
    def of(cls, board: Board) -> Apart:
        return cls(board.network().points,
                   sum(board.shapes[i].points for i in board.room_pieces
                       if not board.shapes[i].circulation),
                   board.near if board.taken else 0)

    def after(self, board: Board, shape: Shape) -> int | None:
        """The most the room's network may reach once ``shape`` is drawn, less its own
        points (``after`` in :func:`judge`); None when it does not stand apart."""
        return self._after(shape.squares, shape.furniture if shape.rug else shape.circulation,
                           shape.points)

    def _after(self, squares: int, walks: int, points: int) -> int | None:
        """:meth:`after` for a piece with these squares, walkable squares and points."""
        if not self.near or squares & self.near:
            return None
        return self._network(bool(walks), points)

    def _network(self, walks: bool, points: int) -> int:
        """:meth:`_after` for a piece standing apart."""
        network = max(self.reached, self.free + points) if walks else self.reached + points
        return max(0, network - points)

    def most(self, board: Board, move: Move, before: Outlook, shape: Shape) -> float:
        """An upper bound on ``judge(board, move, before).value`` (exact arithmetic
        aside; infinity for a move that does not stand apart); ``shape``: the move's."""
        candidate = move.candidate
        after = self.after(board, shape)
        if after is None:
            return float("inf")
        penalty = 0
        if candidate.loses_room:
            penalty = _room_points(board) + candidate.points
        return (move.value + penalty + after - before.points - candidate.points
                + before.space - max(0, move.bonus))

    def most_unjudged(self, sketch: Sketch, before: Outlook) -> float:
        """:meth:`most` for a placement not judged yet and not valued (no bonus): its
        value with what it cuts off given back is at most its points."""
        furniture, circulation = sketch.furniture, sketch.circulation
        rug = sketch.piece.is_rug
        after = self._after(furniture | circulation, furniture if rug else circulation,
                            sketch.piece.points)
        return float("inf") if after is None else after - before.points + before.space

    def most_apart(self, piece: Piece, before: Outlook) -> float:
        """:meth:`most_unjudged` for any placement of ``piece`` standing apart (infinity
        while the room holds no piece: none stands apart)."""
        if not self.near:
            return float("inf")
        walks = piece.is_rug or bool(piece.art.circulation)
        return self._network(walks, piece.points) - before.points \
            + before.space


def outlook(board: Board) -> Outlook:
    """The room being furnished as it stands (see :class:`Outlook`)."""
    network = board.network()
    hall = board.standing_hall
    return Outlook(network.points if hall.ok else 0, space_cost(hall))


def best_judged(board: Board, ranked: RankedMoves | MoveStream, before: Outlook,
                most: int = 1, floor: float | None = None) -> list[Judged]:
    """The best ``most`` moves of a piece as judged (:func:`judge`), best first: the
    engine's list read in its order, stopping once no move left can beat them.
    ``floor``: a move judged worth no more than it is of no use to the caller (greedy
    draws nothing then); such moves may be left out of the answer."""
    found: list[tuple[tuple[float, bool, int], Judged]] = []
    room = _room_points(board)
    gain = room - before.points + before.space  # the most a move may win back
    points = ranked.piece.points
    low = -math.inf if floor is None else floor - EPSILON
    if isinstance(ranked, MoveStream) and points + ranked.bonus_most + gain < low:
        return []  # no move can reach the floor: the stream is not even started
    ceiling = (points + ranked.bonus_bound) + gain  # the most any move may be judged worth
    apart = None if board.lenient else Apart.of(board)
    ends = DeadEnds.of(board)
    worst: Judged | None = None  # the worst move kept, once ``most`` are
    worst_rank = math.inf
    limit = low  # the worth a move must beat: the worst move kept, the floor

    def passed(sketch: Sketch) -> bool:
        """A placement the engine need not judge: standing apart, it cannot beat the
        worst move kept nor the floor."""
        return apart is not None and apart.most_unjudged(sketch, before) < limit

    def beaten(most_worth: float, mirror: bool) -> bool:
        """A move worth at most ``most_worth`` cannot be kept: it ranks below the worst
        kept, or ties it and comes after it in the list (:func:`best_judged`'s order)."""
        if worst is None:
            return False
        return most_worth < worst_rank or (most_worth == worst_rank
                                           and (mirror or not worst.move.candidate.mirror))

    apart_most = math.inf if apart is None else apart.most_apart(ranked.piece, before)

    def passed_apart() -> bool:
        """Every placement standing apart is passed over (:func:`passed`)."""
        return apart_most < limit

    if isinstance(ranked, MoveStream):
        ranked.skip = passed
        ranked.skip_apart = passed_apart
    if ceiling < low:
        return []
    for order, move in enumerate(ranked.moves):
        c = move.candidate
        penalty = room + c.points
        bound = (move.value + penalty) + gain if c.loses_room else move.value + gain
        if bound < low:
            continue
        if worst is not None:
            if ceiling < worst_rank or (ceiling == worst_rank and not worst.move.candidate.mirror):
                break  # no move left can beat (or, unmirrored, tie) the worst kept
            if order >= DIVERSE and move.value + penalty + gain < worst_rank:
                break  # past the first moves the engine's list is in order of value
            if beaten(bound, c.mirror):
                continue
        # the move's squares as the engine found them (Board.shape's masks, on one sheet)
        shape = Shape(c.furniture_bits, c.circulation_bits, c.points, c.piece.is_rug)
        if apart is not None and apart.most(board, move, before, shape) < limit:
            continue
        network = board.network([shape])
        most_worth = _most_judged(board, move, before, shape, network)
        if most_worth < limit or beaten(most_worth, c.mirror):
            continue  # it cannot beat the worst move kept nor the floor, whatever its hallway
        hall = board.hall(board.taken | shape.squares, network.best)
        worth = _worth(board, move, before, shape, network, hall)
        if worth < limit or beaten(worth, c.mirror):
            continue  # the room's verdict only lowers it: it cannot beat the worst kept
        judged = _verdict(board, move, shape, network, hall, ends, worth)
        found.append(((-judged.rank, c.mirror, order), judged))
        found.sort(key=lambda item: item[0])
        del found[most:]
        if len(found) >= most:
            worst = found[-1][1]
            worst_rank = worst.rank
            limit = max(low, worst_rank - EPSILON)
    return [j for _, j in found]


# --- the policies ----------------------------------------------------------------------


def card_order(state: State, slots: Sequence[CardSlot]) -> list[CardSlot]:
    """The room's cards in the order to flip them: the largest piece they offer first
    (rugs and pieces without circulation last), then the project's order."""
    catalog = state.project.catalog

    def size(slot: CardSlot) -> tuple[int, int]:
        pieces = [catalog.piece(option) for option in state.options(slot.number)]
        solid = [p.size for p in pieces if not p.is_rug and p.art.circulation]
        return (-(max(solid) if solid else 0), -max((p.size for p in pieces), default=0))

    return sorted(slots, key=size)


class Policy:
    """How a game is played: one choice at each step (:meth:`choose`)."""

    name = "policy"

    def choose(self, state: State) -> Choice:
        raise NotImplementedError

    def play(self, state: State) -> State:
        """``state`` played to the end of the game."""
        while not state.finished:
            state = apply(state, self.choose(state))
        return state


@dataclass
class Greedy(Policy):
    """The best choice at each step (see the module's doc)."""

    name = "greedy"
    walls_valued: int = 2
    """Ways to wall a room valued with the bonuses (the best by reach and length)."""

    def choose(self, state: State) -> Choice:
        return self.choices(state, 1)[0]

    def choices(self, state: State, most: int) -> list[Choice]:
        """The best ``most`` choices at this step, best first."""
        if state.walled_all:
            return [finish(state)]
        slots = state.slots_left()
        if slots:
            slot = card_order(state, slots)[0]
            return list(card_choices(state, slot, most))
        walls: list[Choice] = []
        walls += wall_choices(state, max(most, self.walls_valued))[:max(most, 1)]
        return walls


def card_choices(state: State, slot: CardSlot, most: int = 1, *, pool: int | None = POOL,
                 per_hotspot: int = HOTSPOT_POOL) -> list[CardChoice]:
    """The best ``most`` ways to play card ``slot``, best first: for its first token, the
    best moves of its options (and drawing nothing), each followed by the best moves of
    the other tokens, one at a time. With ``most`` > 1 the best way of every option of the
    first token comes too (what a lookahead plays out). ``pool`` and ``per_hotspot``: the
    moves the engine values with bonuses and space (``place``'s: None and
    :data:`~homestaging.search.moves.PER_HOTSPOT`)."""
    catalog = state.project.catalog
    options = state.options(slot.number)
    pieces = [catalog.piece(option) for option in dict.fromkeys(options)]
    firsts = _token_moves(state.board, pieces, most, pool, per_hotspot)
    found: list[CardChoice] = []
    for first in firsts:
        chosen = [first]
        board = state.board
        for _ in range(slot.tokens - 1):
            if chosen[-1] is None:
                break
            sheet = with_piece(board.sheet, chosen[-1].move.placement)
            # a legal placement adds no error: a sheet that broke no rule still breaks none
            board = Board(sheet, state.need, with_pieces(board.lay, sheet), before=board,
                          clean=() if board.breaks else RULES)
            follow = _token_moves(board, pieces, 1, pool, per_hotspot)
            chosen.append(follow[0])
        drawn = tuple(j for j in chosen if j is not None)
        picks = [j.move.piece.id for j in drawn]
        fill = _default_option(pieces)
        picks += [fill] * (slot.tokens - len(picks))
        value = sum(j.value for j in drawn)
        found.append(CardChoice(slot.number, tuple(picks), drawn, value,
                                not state.board.breaks))
    found.sort(key=lambda c: -c.value)
    return found if most > 1 else found[:1]


def _default_option(pieces: Sequence[Piece]) -> str:
    """The option a token chooses when nothing is drawn: the largest piece."""
    return max(pieces, key=lambda p: (p.size, p.id)).id


def _token_moves(board: Board, pieces: Sequence[Piece], most: int, pool: int | None = POOL,
                 per_hotspot: int = HOTSPOT_POOL) -> list[Judged | None]:
    """The best ``most`` moves for one token among ``pieces``, best first, then None (draw
    nothing) when fewer are worth something; with ``most`` > 1, then the best move of
    each piece not among them."""
    excluded = board.excluded
    ranked = stream_pieces(board.masks, pieces, pool=pool,
                           excluded=excluded, per_hotspot=per_hotspot,
                           known=None if excluded else board.standing)
    before = outlook(board)
    floor = 0.0 if most == 1 else None  # greedy draws nothing for a move worth 0 or less
    best: list[list[Judged]] = [[] for _ in ranked]
    # the pieces that may be worth most first: greedy wants the best move of all, so a
    # piece's moves worth less than the best found so far are of no use (those tying
    # it still count); the moves are then listed in the pieces' order, as ties want
    for index in sorted(range(len(ranked)), key=lambda i: -_most(ranked[i])):
        best[index] = best_judged(board, ranked[index], before, most, floor)
        if floor is not None and best[index]:
            floor = max(floor, best[index][0].rank - EPSILON)
    found = [judged for moves in best for judged in moves]
    found.sort(key=lambda j: (-j.rank, j.move.candidate.mirror, -j.move.piece.size))
    good: list[Judged | None] = []
    good += [j for j in found if j.value > 0][:most]
    if len(good) < most:
        good.append(None)
    if most > 1:  # a lookahead: the best move of every option is worth playing out too
        for piece in pieces:
            if not any(j is not None and j.move.piece.id == piece.id for j in good):
                good += [j for j in found if j.move.piece.id == piece.id][:1]
    return good


def _most(stream: MoveStream) -> int:
    """The engine's bound on what a move of ``stream`` is worth: its points and the most
    bonus it may add."""
    return stream.piece.points + stream.bonus_most


def wall_choices(state: State, most: int) -> list[WallChoice]:
    """The best ``most`` ways to wall the room being furnished, valued with the bonuses
    the walls give (every walled room counted as connected), less what the squares
    taken beyond the pieces' would have given the rooms to come."""
    board = state.board
    need = state.need
    found = wallings(board, need)
    sizes = state.sizes_asked.get(state.room or "", ())
    extra: list[Walling] = []
    for walling in found[:2]:
        for size in sizes:
            bigger = grown(board, walling, size)
            if bigger is not None and bigger.cells != walling.cells:
                extra.append(bigger)
    candidates = found[:most] + extra
    if not candidates:
        candidates = [fallback(board)]
    base = board.taken
    last = state.index + 1 >= len(state.order)
    valued: list[WallChoice] = []
    lay = None
    # the rules that read only the pieces, the record and each piece's room stay clean
    # when walling keeps every piece in its room (:data:`~homestaging.rules.checks.PIECE_RULES`)
    kept = PIECE_RULES & board.known_clean
    for walling in candidates:
        cells = frozenset(board.cells(walling.cells))
        after = state.with_walls(cells, walling.door, walling.front_door)
        # the layout and bonuses of the state after: its board starts from them (the
        # ways to wall a room mostly differ in their doors only)
        lay = layout(after.sheet) if lay is None else with_doors(lay, after.sheet)
        known = (standing(after.sheet, lay, after.sheet.current_room)
                 if state.project.bonuses else None)
        clean = kept if lay.piece_rooms == board.lay.piece_rooms else frozenset()
        after = replace(after, lay=lay, standing=known, clean=clean)
        bonus = 0 if known is None else known.points
        grown_by = (walling.cells & ~base).bit_count() - walling.cut
        cost = walling.cost(need) + (0.0 if last else SPACE_COST * grown_by)
        valued.append(WallChoice(walling, cells, bonus, walling.reached + bonus - cost, after))
    valued.sort(key=lambda c: -c.value)
    return valued


def finish(state: State) -> Finish:
    """The windows that pay on the walled plan (the sketch windows taken away), and a
    front door if none was drawn yet."""
    import dataclasses

    sheet = state.sheet
    # the state walled last keeps its layout and bonuses (:func:`wall_choices`)
    lay, known = state.lay, state.standing
    if sheet.windows or sheet.current_room is not None:
        sheet = dataclasses.replace(sheet, windows=(), current_room=None)
        lay = known = None
    front = None
    if not sheet.front_doors:
        board = Board(sheet)
        front = front_door_any(board, board.open)
        if front is not None:
            sheet = dataclasses.replace(sheet, front_doors=(front,))
            lay = known = None
    return Finish(front, best_windows(sheet, lay=lay, known=known))


@dataclass
class Lookahead(Policy):
    """At each step, the best ``width`` choices of :class:`Greedy`, each played to the
    end by :class:`Greedy`; the choice whose game scored most."""

    name = "lookahead"
    width: int = 3
    greedy: Greedy = field(default_factory=Greedy)

    def choose(self, state: State) -> Choice:
        choices = self.greedy.choices(state, self.width)
        if len(choices) == 1:
            return choices[0]
        return played_out(self.greedy, state, choices)


def played_out(greedy: Greedy, state: State, choices: Sequence[AnyChoice]) -> AnyChoice:
    """The choice whose game, played to the end by ``greedy``, scores most (the first of
    equals)."""
    best: tuple[int, AnyChoice] | None = None
    for choice in choices:
        total = final_total(greedy.play(apply(state, choice)))
        if best is None or total > best[0]:
            best = (total, choice)
    assert best is not None
    return best[1]


def final_total(state: State) -> int:
    """The score of a finished game."""
    from ..scoring.card import score

    return score(state.sheet, lay=state.lay).total


POLICIES: dict[str, type[Policy]] = {"greedy": Greedy, "lookahead": Lookahead}


def policy_named(name: str) -> Policy:
    """A policy by name (:data:`POLICIES`)."""
    return POLICIES[name]()
