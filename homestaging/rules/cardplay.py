"""The exact card rules of a sheet played with a game record (``docs/game-record.md``).

Every piece of a room must be paid for by one selection token of a card of that room: a
token pays for one piece of the option chosen for it, and the wild card's other option
lets the piece it names be the option a token did not choose on its card. Which token
pays for which piece is a maximum bipartite matching (pieces x tokens), networkx's
Hopcroft-Karp matching (:func:`_matching`), made canonical so that messages never depend
on which of several maximum matchings networkx finds (:func:`token_matching`): the pieces
paid for are the earliest ones that can be (:func:`_earliest_paid`), and each of them,
in sheet order, takes the first token (in the room's token order: recorded ones first,
in record order) that leaves every later paid piece a token. :func:`settle` returns the
result as data; :mod:`homestaging.rules.checks` turns it into problems (``not-selected``,
``variant-not-dealt``, ``room-order``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from networkx import Graph
from networkx.algorithms.bipartite import hopcroft_karp_matching

from ..core.catalog import Card
from ..core.game import CardPlay, GameRecord, Round, project_card_numbers
from ..core.layout import Layout, layout
from ..core.sheet import Sheet

__all__ = ["OutOfOrder", "Payment", "Settlement", "Token", "chosen_pieces", "drawable",
           "out_of_order", "record_of", "room_tokens", "settle", "token_matching",
           "wild_would_pay"]


# named tuples, not dataclasses: this module is loaded by the first sheet with a record,
# and a named tuple is a fifth of a frozen dataclass's cost to define
class Token(NamedTuple):
    """A selection token of a room: the card it lies on, as dealt, and the option chosen
    for it (``None`` while the card is not recorded). ``path`` is its entry in the record
    (``$.rounds[0].cards[1].tokens[0]``); for a token not recorded yet, the entry that
    would hold it (its card, its round, or ``$.rounds``)."""

    room: str
    card: Card
    choice: str | None
    path: str

    @property
    def recorded(self) -> bool:
        return self.choice is not None

    def pays(self, piece_id: str, wild: bool) -> bool:
        """Whether this token may pay for a piece ``piece_id`` (``wild``: the wild card's
        other option is played on that piece)."""
        if piece_id not in self.card.options:
            return False
        return self.choice is None or self.choice == piece_id or wild


class Payment(NamedTuple):
    """A piece paid for: the token, and whether the wild card's other option was needed."""

    piece: int
    token: Token
    wild: bool

    @property
    def waiting(self) -> bool:
        """Paid for only by a token whose card is not recorded yet."""
        return not self.token.recorded


class OutOfOrder(NamedTuple):
    """A room finalized (or being furnished) out of the record's play order: it is the
    ``position``-th room of the sheet (from 0) where the record plays ``expected``."""

    room: str
    position: int
    expected: str


class Settlement(NamedTuple):
    """The exact card rules applied to a sheet.

    ``payments`` maps each paid piece (index into ``Sheet.pieces``) to its token;
    ``unpaid`` lists the pieces no token can pay for, in sheet order; ``tokens`` lists
    each room's tokens (recorded ones first, in record order); ``pending`` maps each room
    to its tokens not recorded yet; ``out_of_order`` the rooms played out of order.
    """

    record: GameRecord
    payments: dict[int, Payment]
    unpaid: tuple[int, ...]
    tokens: dict[str, tuple[Token, ...]]
    out_of_order: tuple[OutOfOrder, ...]

    def pending(self, room: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens.get(room, ()) if not t.recorded)

    def waiting(self) -> list[int]:
        """Pieces paid for only by tokens not recorded yet, in sheet order."""
        return sorted(i for i, paid in self.payments.items() if paid.waiting)

    def paid_by(self, token: Token) -> int | None:
        return next((i for i, paid in self.payments.items() if paid.token is token), None)


def room_tokens(sheet: Sheet, record: GameRecord) -> dict[str, tuple[Token, ...]]:
    """Every room's tokens: for each card slot of the room (project order), the tokens
    the record chose, then one unrecorded token per token the record does not hold yet."""
    catalog = sheet.project.catalog
    found: dict[str, tuple[Token, ...]] = {}
    for spec in sheet.project.rooms:
        played = record.round(spec.name)
        recorded: list[Token] = []
        pending: list[Token] = []
        for slot in spec.cards:
            card = record.card(catalog, slot.number)
            if card is None:
                continue  # the reader refuses a record that did not deal a number
            play = played.card(slot.number) if played is not None else None
            choices = play.tokens[:slot.tokens] if play is not None else ()
            if play is not None:
                recorded += [Token(spec.name, card, choice, f"{play.path}.tokens[{index}]")
                             for index, choice in enumerate(choices)]
            where = play.path if play is not None else played.path if played is not None \
                else "$.rounds"
            pending += [Token(spec.name, card, None, where)
                        for _ in range(slot.tokens - len(choices))]
        found[spec.name] = (*recorded, *pending)
    return found


def _matching(pieces: Sequence[int], tokens: Sequence[int],
              edges: Callable[[int], Iterable[int]]) -> dict[int, int]:
    """A maximum matching of ``pieces`` to ``tokens`` (piece -> token, in piece order):
    networkx's Hopcroft-Karp matching of the bipartite graph of pieces and the tokens
    that may pay for them. Which maximum matching it is, is left to networkx: see
    :func:`token_matching`."""
    allowed = set(tokens)
    graph = Graph()
    top = [("piece", piece) for piece in pieces]
    graph.add_nodes_from(top)
    graph.add_nodes_from(("token", token) for token in tokens)
    graph.add_edges_from((("piece", piece), ("token", token)) for piece in pieces
                         for token in edges(piece) if token in allowed)
    found = hopcroft_karp_matching(graph, top_nodes=top)
    return {piece: found[node][1] for piece, node in zip(pieces, top, strict=True)
            if node in found}


def token_matching(pieces: Sequence[int], tokens: Sequence[int],
                   edges: Callable[[int], Iterable[int]]) -> dict[int, int]:
    """The one maximum matching of ``pieces`` to ``tokens`` the rules use (piece -> token,
    in piece order; ``edges(piece)``: the tokens that may pay for it): the earliest
    pieces paid for (:func:`_earliest_paid`), and each of them in order given the first
    token in the order of ``tokens`` that leaves every later one a token."""
    allowed = set(tokens)
    known: dict[int, list[int]] = {}  # each piece's tokens, listed once

    def within(piece: int) -> list[int]:
        found = known.get(piece)
        if found is None:
            found = known[piece] = [token for token in edges(piece) if token in allowed]
        return found

    paid = _earliest_paid(pieces, _matching(pieces, tokens, within), within)
    order = [piece for piece in pieces if piece in paid]
    place = {token: number for number, token in enumerate(tokens)}
    fixed: dict[int, int] = {}
    for number, piece in enumerate(order):
        later = order[number + 1:]
        for token in sorted(within(piece), key=place.__getitem__):
            if token == paid[piece]:
                break
            if token in fixed.values():
                continue
            if token not in paid.values():  # a free token: the others keep theirs
                paid = {**paid, piece: token}
                break
            left = [t for t in tokens if t != token and t not in fixed.values()]
            again = _matching(later, left, within)
            if len(again) == len(later):
                paid = {**fixed, piece: token, **again}
                break
        fixed[piece] = paid[piece]
    return fixed


def _earliest_paid(pieces: Sequence[int], matched: dict[int, int],
                   edges: Callable[[int], Iterable[int]]) -> dict[int, int]:
    """A maximum matching turned into the one that pays for the earliest pieces.

    Pieces are taken in order; a piece left out takes the token of a later piece along
    an alternating path (a chain of tokens handed on, each to a piece that may use it),
    which leaves that later piece out instead. The pieces paid for are then the greedy
    choice of the transversal matroid: a piece is paid for when it and every earlier paid
    piece can be paid for together.
    """
    matched = dict(matched)
    owner = {token: piece for piece, token in matched.items()}
    place = {piece: order for order, piece in enumerate(pieces)}
    for start in pieces:
        if start in matched:
            continue
        came_from: dict[int, int] = {}  # token -> the piece that reaches it
        queue, found = [start], None
        while queue:
            piece = queue.pop(0)
            for token in edges(piece):
                if token in came_from:
                    continue
                came_from[token] = piece
                holder = owner.get(token)
                if holder is None:
                    continue  # a free token: cannot be, the matching is maximum
                if place[holder] > place[start] and (
                        found is None or place[holder] > place[found]):
                    found = holder
                queue.append(holder)
        if found is None:
            continue
        token = matched.pop(found)
        while True:  # hand each token back along the path
            piece = came_from[token]
            handed = matched.get(piece)
            matched[piece] = token
            owner[token] = piece
            if piece == start:
                break
            assert handed is not None
            token = handed
    return matched


def _settle_room(pieces: list[int], tokens: Sequence[Token], ids: Sequence[str],
                 wild: frozenset[int]) -> tuple[dict[int, int], list[int]]:
    """Pay for a room's pieces (sheet order) with its tokens: which token pays each paid
    piece, and the pieces left over.

    The pieces left over are the last ones in sheet order that can be: a piece is paid
    for when it and every earlier paid piece can be paid for together (the greedy choice
    of a transversal matroid). Among the ways to pay, tokens that are recorded are used
    first, so that a piece waits for an unrecorded card only when it must.
    """
    def edges(index: int) -> list[int]:
        return [t for t, token in enumerate(tokens) if token.pays(ids[index], index in wild)]

    everything = list(range(len(tokens)))
    chosen = token_matching(pieces, everything, edges)
    recorded = [t for t, token in enumerate(tokens) if token.recorded]
    if len(recorded) < len(tokens) and any(t not in recorded for t in chosen.values()):
        paid = [i for i in pieces if i in chosen]
        first = token_matching(paid, recorded, edges)
        rest = [i for i in paid if i not in first]
        extra = token_matching(rest, [t for t in everything if t not in recorded], edges)
        if len(extra) == len(rest):  # else paying for them all needs pieces off recorded ones
            chosen = {**first, **extra}
    return chosen, [i for i in pieces if i not in chosen]


def out_of_order(sheet: Sheet, record: GameRecord) -> tuple[OutOfOrder, ...]:
    """Rooms whose place in the sheet's play order (walled rooms in sheet order, then the
    room being furnished) is not the record's."""
    played = _played_rooms(sheet)
    order = record.played_order()
    return tuple(OutOfOrder(name, position, order[position])
                 for position, name in enumerate(played)
                 if position < len(order) and order[position] != name)


def _other_option(sheet: Sheet) -> frozenset[int]:
    """The pieces the wild card's other option is played on."""
    wild = sheet.wild_card
    return frozenset(wild.pieces) if wild is not None and wild.effect == "other-option" \
        else frozenset()


def wild_would_pay(sheet: Sheet, lay: Layout, settled: Settlement, index: int) -> bool:
    """Whether the wild card's other option, played on piece ``index`` (instead of where
    the sheet plays it, if anywhere), would let one more piece of its room be paid for."""
    room = lay.piece_rooms[index]
    if room is None:
        return False
    held = settled.tokens.get(room, ())
    pieces = [i for i, name in enumerate(lay.piece_rooms) if name == room]
    ids = [drawn.id for drawn in sheet.pieces]

    def edges(piece: int) -> list[int]:
        return [t for t, token in enumerate(held) if token.pays(ids[piece], piece == index)]

    now = sum(1 for i in pieces if i in settled.payments)
    return len(_matching(pieces, list(range(len(held))), edges)) > now


def settle(sheet: Sheet, lay: Layout) -> Settlement:
    """Apply the exact card rules to a sheet that has a game record."""
    record = sheet.game
    if record is None:
        raise ValueError("the sheet has no game record")
    tokens = room_tokens(sheet, record)
    wild = _other_option(sheet)
    ids = [drawn.id for drawn in sheet.pieces]
    payments: dict[int, Payment] = {}
    unpaid: list[int] = []
    for name, held in tokens.items():
        pieces = [i for i, room in enumerate(lay.piece_rooms) if room == name]
        if not pieces:
            continue
        chosen, left = _settle_room(pieces, held, ids, wild)
        for index, token in chosen.items():
            paid_by = held[token]
            payments[index] = Payment(index, paid_by, paid_by.recorded
                                      and paid_by.choice != ids[index])
        unpaid += left
    return Settlement(record, payments, tuple(sorted(unpaid)), tokens,
                      out_of_order(sheet, record))


def drawable(sheet: Sheet, room: str | None = None) -> tuple[str, ...]:
    """With a game record, the piece ids that may be drawn in ``room`` (default: the room
    being furnished), as a palette shows them: the options its recorded tokens chose, in
    record order; then, while the wild card is not played, the other option of each of
    those cards (the wild card's other option); then both options of each of its cards
    whose tokens are not all recorded yet. Each id once. Raise ValueError when the sheet
    has no record."""
    record = sheet.game
    if record is None:
        raise ValueError("the sheet has no game record")
    name = room or sheet.current_room
    if name is None:
        return ()
    tokens = room_tokens(sheet, record).get(name, ())
    chosen = [t.choice for t in tokens if t.choice is not None]
    others = [option for t in tokens if t.choice is not None for option in t.card.options
              if option != t.choice] if sheet.wild_card is None else []
    pending = [option for t in tokens if t.choice is None for option in t.card.options]
    return tuple(dict.fromkeys([*chosen, *others, *pending]))


def chosen_pieces(sheet: Sheet) -> dict[str, Counter[str]]:
    """Per room of the sheet's project that the record has played, how many times its
    tokens chose each piece id (a multiset: piece id -> count), in record order.

    This is what the room may hold: a scanner reading a drawn room, or a player choosing
    what to draw, looks among these. The wild card's other option may turn one piece of
    the game into the option a token did not choose on its card. Raise ValueError when
    the sheet has no record.
    """
    if sheet.game is None:
        raise ValueError("the sheet has no game record")
    return sheet.game.chosen()


def _played_rooms(sheet: Sheet) -> list[str]:
    """The rooms a sheet has played, in play order: the walled rooms in sheet order, then
    the room being furnished."""
    played = [room.name for room in sheet.rooms if room.finalized]
    if sheet.current_room is not None and sheet.current_room not in played:
        played.append(sheet.current_room)
    return played


def record_of(sheet: Sheet, lay: Layout | None = None) -> GameRecord:
    """The game record a sheet's pieces imply, for a table that played without one (real
    cards, no ``deal``): write it afterwards, and hold the sheets to the exact rules.

    The rounds are the rooms the sheet played, in play order; each card of a round in the
    project's order (the order the cards were flipped is not on the sheet). Each room's
    variants are the ones whose options pay for the most of its pieces (a token pays for
    one piece, as :func:`settle` pays); a token pays for a piece by choosing it, or, for
    the piece the wild card's other option is played on, the other option of its card. A
    token that pays for no piece chose its card's first option (drawing is optional).
    Cards of rooms not played are dealt their first variant; the record has no seed.

    A piece that no token of its room can pay for (a sheet that breaks the card rules)
    stays unpaid: ``check`` with the record then names it (``not-selected``).
    """
    project = sheet.project
    catalog = project.catalog
    lay = lay or layout(sheet)
    ids = [drawn.id for drawn in sheet.pieces]
    wild = _other_option(sheet)
    dealt = {number: min(v for n, v in catalog.cards if n == number)
             for number in project_card_numbers(project)}
    rounds: list[Round] = []
    for name in _played_rooms(sheet):
        spec = project.room(name)
        if spec is None:
            continue
        pieces = [i for i, room in enumerate(lay.piece_rooms) if room == name]
        slots = list(spec.cards)
        choices = [sorted(v for n, v in catalog.cards if n == slot.number) for slot in slots]
        best: tuple[int, dict[int, int], list[Card]] | None = None
        for variants in itertools.product(*choices):
            cards = [catalog.cards[slot.number, v] for slot, v in zip(slots, variants,
                                                                     strict=True)]
            tokens = [k for k, slot in enumerate(slots) for _ in range(slot.tokens)]

            def edges(index: int, cards: list[Card] = cards, tokens: list[int] = tokens
                      ) -> list[int]:
                return [t for t, k in enumerate(tokens) if ids[index] in cards[k].options]

            matched = token_matching(pieces, list(range(len(tokens))), edges)
            if best is None or len(matched) > best[0]:
                best = (len(matched), matched, cards)
        if best is None:
            continue
        _, matched, cards = best
        paid_by = {token: piece for piece, token in matched.items()}
        plays: list[CardPlay] = []
        token = 0
        at = f"$.rounds[{len(rounds)}]"
        for k, (slot, card) in enumerate(zip(slots, cards, strict=True)):
            dealt[slot.number] = card.variant
            chosen: list[str] = []
            for _ in range(slot.tokens):
                piece = paid_by.get(token)
                token += 1
                if piece is None:
                    chosen.append(card.options[0])
                elif piece in wild:
                    chosen.append(next(o for o in card.options if o != ids[piece]))
                else:
                    chosen.append(ids[piece])
            # the tokens of one card are alike: their order says nothing
            plays.append(CardPlay(slot.number, tuple(sorted(chosen)), f"{at}.cards[{k}]"))
        rounds.append(Round(name, tuple(plays), at))
    return GameRecord(sheet.project_ref or project.id, dealt, tuple(rounds))
