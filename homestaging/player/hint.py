"""The player's choice for the current turn of a sheet in progress, and why.

The turn is found from the sheet and its game record:

* with ``--card N``: card N of the room being furnished. When the record holds its
  tokens' choices, the hint places those pieces; else the player chooses the options
  too (without a record, among the options of every variant of the card);
* else, with a record: the last card of the round whose tokens pay for no piece yet
  (it was flipped, its pieces are still to draw); else the card the player would flip
  next among those not recorded;
* else, without a record: the card the player would flip next among the room's cards
  whose tokens no drawn piece has used (each piece drawn in the room uses a token of the
  first card offering it);
* once every token of the room is recorded (without a record: once the room holds as
  many pieces as its tokens), the room's walls and door; once every room is walled, the
  windows that pay (and the front door if it is missing).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import NotPlayable
from ..core.layout import layout
from ..core.project import CardSlot
from ..core.sheet import Sheet
from ..rules.cardplay import settle
from ..search.moves import PER_HOTSPOT, rank_moves
from ..search.placement import with_piece
from .board import Board
from .policy import (
    CardChoice,
    Choice,
    Greedy,
    Judged,
    Lookahead,
    best_judged,
    card_choices,
    card_order,
    finish,
    outlook,
    played_out,
)
from .state import State, state_of

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """What to do now: ``choice`` (a card played, walls, or the end of the game; None
    when the game is over), for which ``room``, and whether the card's options were
    ``given`` by the record (the hint then only places them)."""

    sheet: Sheet
    state: State
    choice: Choice | None
    policy: str
    room: str | None = None
    given: bool = False
    options: tuple[str, ...] = ()
    left: tuple[str, ...] = field(default=())
    """The room's cards' options still to come after this turn (what space is kept for)."""


def hint(sheet: Sheet, *, card: int | None = None, policy: str = "greedy") -> Hint:
    """The player's choice for the current turn of ``sheet`` (see the module's doc).
    Raise ValueError when ``card`` is not a card of the room being furnished."""
    state = state_of(sheet)
    player = Lookahead() if policy == "lookahead" else Greedy()
    if state.walled_all:
        end = finish(state)
        if sheet.front_doors and set(end.windows) <= set(sheet.windows):
            return Hint(sheet, state, None, player.name)  # nothing left to draw
        return Hint(sheet, state, end, player.name)
    room = state.room
    assert room is not None
    spec = sheet.project.room(room)
    if spec is None:
        raise NotPlayable(f"{room} is not a room of project {sheet.project.id}")
    slot, given = _turn(state, card)
    if slot is None:
        return Hint(sheet, state, player.choose(state), player.name, room)
    if sheet.game is None:  # the cards whose tokens no drawn piece has used
        open_cards = {s.number for s in _left_without_record(state, list(spec.cards))}
    else:
        open_cards = {s.number for s in spec.cards} - {p.number for p in state.played}
    if card is not None and sheet.game is None and card not in open_cards and not given:
        raise NotPlayable(f"card {card} of {room} is already drawn: each of its tokens pays "
                         "for a piece drawn in the room")
    later = tuple(o for s in spec.cards if s.number != slot.number and s.number in open_cards
                  for o in state.options(s.number))
    if given:
        choice = _given(state, slot, given)
    elif isinstance(player, Lookahead):
        choice = _lookahead_card(player, state, slot)
    else:
        # valued as ``place`` values them: the hint and ``place`` give the same numbers
        choice = card_choices(state, slot, pool=None, per_hotspot=PER_HOTSPOT)[0]
    return Hint(sheet, state, choice, player.name, room, bool(given),
                tuple(state.options(slot.number)), later)


def _turn(state: State, card: int | None) -> tuple[CardSlot | None, tuple[str, ...]]:
    """The card of this turn and the options its tokens chose (empty: to choose); no
    card once the room's tokens are all recorded (or, without a record, its pieces)."""
    sheet = state.sheet
    room = state.room
    spec = sheet.project.room(room) if room is not None else None
    assert spec is not None
    slots = {slot.number: slot for slot in spec.cards}
    played = {play.number: play for play in state.played}
    if card is not None:
        if card not in slots:
            numbers = ", ".join(str(n) for n in slots)
            raise NotPlayable(f"card {card} is not a card of {room} (its cards: {numbers})")
        play = played.get(card)
        if play is not None and len(play.tokens) < slots[card].tokens:
            return slots[card], ()  # the choices are still to make for its other tokens
        return slots[card], play.tokens if play is not None else ()
    if sheet.game is None:
        left = _left_without_record(state, list(spec.cards))
        return (card_order(state, left)[0] if left else None), ()
    unpaid = _unpaid(sheet, room)
    for play in reversed(state.played):
        if play.number in unpaid and len(play.tokens) == slots[play.number].tokens:
            return slots[play.number], play.tokens
        break
    left = [slot for slot in spec.cards if slot.number not in played]
    if not left:
        return None, ()
    return card_order(state, left)[0], ()


def _left_without_record(state: State, slots: list[CardSlot]) -> list[CardSlot]:
    """Without a record, the room's cards whose tokens are not all used yet: each piece
    drawn in the room uses a token of the first card (in the project's order) that offers
    it; once the room holds as many pieces as its tokens, none is left."""
    sheet = state.sheet
    drawn = [d.id for d, r in zip(sheet.pieces, layout(sheet).piece_rooms, strict=True)
             if r == state.room]
    if len(drawn) >= sum(slot.tokens for slot in slots):
        return []
    free = {slot.number: slot.tokens for slot in slots}
    for piece_id in drawn:
        for slot in slots:
            if free[slot.number] and piece_id in state.options(slot.number):
                free[slot.number] -= 1
                break
    return [slot for slot in slots if free[slot.number]]


def _unpaid(sheet: Sheet, room: str | None) -> set[int]:
    """Card numbers of ``room`` with a recorded token that pays for no piece."""
    lay = layout(sheet)
    settled = settle(sheet, lay)
    paid = {id(payment.token) for payment in settled.payments.values()}
    return {token.card.number for token in settled.tokens.get(room or "", ())
            if token.recorded and id(token) not in paid}


def _given(state: State, slot: CardSlot, choices: tuple[str, ...]) -> CardChoice:
    """Where to draw the pieces the record chose for ``slot``'s tokens, one at a time
    (those already drawn and paid for are skipped)."""
    catalog = state.project.catalog
    unpaid_tokens = _unpaid_count(state.sheet, state.room, slot.number)
    todo = list(choices)[-unpaid_tokens:] if unpaid_tokens else []
    drawn: list[Judged] = []
    board = state.board
    sheet = state.sheet
    for piece_id in todo:
        piece = catalog.piece(piece_id)
        ranked = rank_moves(sheet, piece)
        best = best_judged(board, ranked, outlook(board))
        if best and best[0].value > 0:
            drawn.append(best[0])
            sheet = with_piece(sheet, best[0].move.placement)
            board = Board(sheet, state.need)
    return CardChoice(slot.number, tuple(choices), tuple(drawn),
                      sum(j.value for j in drawn))


def _unpaid_count(sheet: Sheet, room: str | None, number: int) -> int:
    lay = layout(sheet)
    settled = settle(sheet, lay)
    paid = {id(payment.token) for payment in settled.payments.values()}
    return sum(1 for token in settled.tokens.get(room or "", ())
               if token.recorded and token.card.number == number and id(token) not in paid)


def _lookahead_card(player: Lookahead, state: State, slot: CardSlot) -> CardChoice:
    """The lookahead's choice for ``slot``: its best ways, each played to the end."""
    return played_out(player.greedy, state, card_choices(state, slot, player.width))
