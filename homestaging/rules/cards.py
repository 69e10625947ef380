"""The rules of the cards: the wild card, the pieces each room's cards offer, and the
exact card rules of a sheet with a game record (dealt variants, tokens, room order)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import Severity
from ..core.grid import cell_name, reading_order
from ..core.quoting import excerpt
from .checker import Checker, listed, rule
from .codes import Code

if TYPE_CHECKING:  # the card rules of a sheet with a game record, imported for one only
    from ..core.catalog import Card
    from .cardplay import Settlement, Token


@rule(Code.MIRROR_WITHOUT_WILD_CARD, "A piece is mirrored but the wild card was not played on it.")
def _mirror_without_wild_card(ck: Checker) -> None:
    if ck.sheet.wild_card is not None:
        return  # with a wild card declared, an extra mirror is a second use
    for drawn in ck.sheet.pieces:
        if drawn.placement.mirror:
            ck.add(Code.MIRROR_WITHOUT_WILD_CARD, f"{drawn.subject} is mirrored, but the "
                   "wild card was not played on it", drawn.subject,
                   drawn.placement.furniture, drawn.path)


@rule(Code.WILD_CARD_TWICE, "The wild card is used more than once.")
def _wild_card_twice(ck: Checker) -> None:
    wild = ck.sheet.wild_card
    if wild is None:
        return
    pieces = ck.sheet.pieces
    named = [i for i in wild.pieces if 0 <= i < len(pieces)]
    if len(named) > 1:
        ck.add(Code.WILD_CARD_TWICE, "the wild card names "
               f"{len(named)} pieces: {', '.join(pieces[i].subject for i in named)}; "
               "it may be used on one only", "wild card",
               {c for i in named for c in pieces[i].placement.furniture}, wild.path)
    allowed = set(named) if wild.effect == "mirror" else set()
    used = ", ".join(pieces[i].subject for i in named) or "another piece"
    effect = "mirror" if wild.effect == "mirror" else "other option"
    for index, drawn in enumerate(pieces):
        if drawn.placement.mirror and index not in allowed:
            ck.add(Code.WILD_CARD_TWICE, f"{drawn.subject} is mirrored, but the wild card "
                   f"is already used on {used} ({effect})", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _room_options(ck: Checker, name: str) -> frozenset[str] | None:
    spec = ck.sheet.project.room(name)
    if spec is None:
        return None
    return ck.sheet.project.catalog.options_of(slot.number for slot in spec.cards)


@rule(Code.NOT_ON_ROOM_CARDS,
      "A piece is not an option on its room's furniture cards "
      "(a sheet without a game record).")
def _not_on_room_cards(ck: Checker) -> None:
    if ck.sheet.game is not None:
        return  # the exact card rules apply instead
    options: dict[str, frozenset[str] | None] = {}
    for index, drawn in enumerate(ck.sheet.pieces):
        room = ck.lay.piece_rooms[index]
        if room is None:
            continue
        if room not in options:
            options[room] = _room_options(ck, room)
        allowed = options[room]
        if allowed is None:
            ck.add(Code.NOT_ON_ROOM_CARDS, f"{drawn.subject} is in {excerpt(room)}, which is not "
                   "a room of this project", drawn.subject, drawn.placement.furniture,
                   drawn.path)
        elif drawn.id not in allowed:
            ck.add(Code.NOT_ON_ROOM_CARDS, f"{drawn.subject} is not an option on the "
                   f"furniture cards of room {room}", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _rooms_in_play(ck: Checker) -> list[str]:
    """Room names in play order, then the room being furnished if it is not listed."""
    names = [room.name for room in ck.sheet.rooms]
    current = ck.sheet.current_room
    if current is not None and current not in names:
        names.append(current)
    return list(dict.fromkeys(names))


@rule(Code.TOO_MANY_PIECES,
      "A room holds more pieces than the selection tokens on its cards "
      "(a sheet without a game record).")
def _too_many_pieces(ck: Checker) -> None:
    if ck.sheet.game is not None:
        return  # the exact card rules apply instead
    by_room: dict[str, list[int]] = {}
    for index, room in enumerate(ck.lay.piece_rooms):
        if room is not None:
            by_room.setdefault(room, []).append(index)
    pieces = ck.sheet.pieces
    for name in _rooms_in_play(ck):
        spec = ck.sheet.project.room(name)
        held = by_room.get(name, [])
        if spec is None or len(held) <= spec.tokens:
            continue
        extra = held[spec.tokens:]
        ck.add(Code.TOO_MANY_PIECES, f"room {name} holds {len(held)} pieces but its cards have "
               f"{spec.tokens} selection token{'' if spec.tokens == 1 else 's'}; extra: "
               f"{listed([pieces[i].subject for i in extra])}", f"room {name}",
               {c for i in extra for c in pieces[i].placement.furniture}, ck.room_path(name))


# --- the exact card rules of a sheet with a game record ----------------------------------


def _card_name(card: Card) -> str:
    """``7a (kitchen-corner or counter-straight)``."""
    return f"{card.number}{card.variant} ({' or '.join(card.options)})"


def _record_path(path: str) -> str:
    """A path inside the game record, as a path of the sheet: ``$.game.rounds[0]``."""
    return "$.game" + path[1:]


def _undealt(ck: Checker, index: int) -> list[Card]:
    """The cards of a variant that was not dealt that offer piece ``index``, when no card
    of its room as dealt offers it (``variant-not-dealt``); else nothing."""
    record, catalog = ck.sheet.game, ck.sheet.project.catalog
    spec = ck.sheet.project.room(ck.lay.piece_rooms[index] or "")
    if record is None or spec is None:
        return []
    piece_id = ck.sheet.pieces[index].id
    numbers = [slot.number for slot in spec.cards]
    dealt = [card for n in numbers if (card := record.card(catalog, n)) is not None]
    if any(piece_id in card.options for card in dealt):
        return []
    return [card for (number, variant), card in catalog.cards.items()
            if number in numbers and variant != record.dealt.get(number)
            and piece_id in card.options]


@rule(Code.VARIANT_NOT_DEALT, "A piece is an option only of a card variant that was not dealt.")
def _variant_not_dealt(ck: Checker) -> None:
    settled = ck.settlement
    if settled is None:
        return
    record = settled.record
    for index in settled.unpaid:
        cards = _undealt(ck, index)
        if not cards:
            continue
        drawn = ck.sheet.pieces[index]
        catalog = ck.sheet.project.catalog
        dealt = [card for n in dict.fromkeys(c.number for c in cards)
                 if (card := record.card(catalog, n)) is not None]
        ck.add(Code.VARIANT_NOT_DEALT, f"{drawn.subject} is an option of card "
               f"{', '.join(f'{c.number}{c.variant}' for c in cards)} only, which was not "
               f"dealt: this game has {', '.join(_card_name(c) for c in dealt)}",
               drawn.subject, drawn.placement.furniture, drawn.path)


def _token_text(ck: Checker, settled: Settlement, token: Token) -> str:
    """``counter-straight for A (One-wall countertop)``: a token's choice and its piece."""
    text = token.choice if token.choice is not None else "? (not recorded yet)"
    payer = settled.paid_by(token)
    if payer is None:
        return text + " (nothing drawn for it)"
    drawn = ck.sheet.pieces[payer]
    first = min(drawn.placement.furniture, key=reading_order)
    return f"{text} for {drawn.subject} at {cell_name(first)}"


def _why_unpaid(ck: Checker, settled: Settlement, index: int, room: str) -> str:
    """Which cards of the room could have paid for piece ``index``, and where their
    tokens went."""
    from .cardplay import wild_would_pay

    piece_id = ck.sheet.pieces[index].id
    tokens = settled.tokens.get(room, ())
    offering = [t for t in tokens if piece_id in t.card.options]
    if not offering:
        cards = dict.fromkeys(f"{t.card.number}{t.card.variant}" for t in tokens)
        return f"no card of room {room} offers {piece_id} (cards {', '.join(cards)})"
    parts = []
    for number in dict.fromkeys(t.card.number for t in offering):
        own = [t for t in offering if t.card.number == number]
        count = "its token chose" if len(own) == 1 else f"its {len(own)} tokens chose"
        parts.append(f"card {_card_name(own[0].card)}: {count} "
                     + ", ".join(_token_text(ck, settled, t) for t in own))
    text = "; ".join(parts)
    if ck.sheet.wild_card is None and wild_would_pay(ck.sheet, ck.lay, settled, index):
        text += "; the wild card's other option, played on it, would pay for it"
    return text


@rule(Code.NOT_SELECTED,
      "No selection token pays for a piece, or a card's choices are not recorded yet.")
def _not_selected(ck: Checker) -> None:
    settled = ck.settlement
    if settled is None:
        return
    pieces, rooms = ck.sheet.pieces, ck.lay.piece_rooms
    unpaid = [i for i in settled.unpaid if not _undealt(ck, i)]
    for index in sorted([*unpaid, *settled.waiting()]):
        drawn = pieces[index]
        room = rooms[index] or ""
        if index in settled.payments:
            number = settled.payments[index].token.card.number
            text = (f"{drawn.subject} is paid for by no recorded token: card {number} of "
                    f"room {room} was never recorded" if ck.end_of_game else
                    f"{drawn.subject} waits for card {number} of room {room} to be recorded: "
                    "no recorded token pays for it yet")
            severity = ck.later
        else:
            text = (f"{drawn.subject} is paid for by no token of room {room}: "
                    f"{_why_unpaid(ck, settled, index, room)}")
            severity = Severity.ERROR
        ck.add(Code.NOT_SELECTED, text, drawn.subject, drawn.placement.furniture, drawn.path,
               severity)
    record = settled.record
    for spec in ck.sheet.project.rooms:
        pending = settled.pending(spec.name)
        if not pending:
            continue
        counts: dict[int, int] = {}
        for token in pending:
            counts[token.card.number] = counts.get(token.card.number, 0) + 1
        slots = {slot.number: slot.tokens for slot in spec.cards}
        cards = ", ".join(str(number) if count == slots.get(number) else
                          f"{number} ({count} of its {slots.get(number)} tokens)"
                          for number, count in counts.items())
        several = len(counts) > 1
        played = record.round(spec.name)
        text = (f"room {spec.name}: card{'s' if several else ''} {cards} "
                + (f"{'were' if several else 'was'} never recorded: the game record is "
                   "incomplete" if ck.end_of_game
                   else f"{'are' if several else 'is'} not recorded yet"))
        ck.add(Code.NOT_SELECTED, text, f"room {spec.name}", (),
               _record_path(played.path if played is not None else "$.rounds"), ck.later)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


@rule(Code.ROOM_ORDER, "A room is finalized out of the order the game record plays the rooms.")
def _room_order(ck: Checker) -> None:
    for wrong in ck.out_of_order:
        plan = ck.sheet.room(wrong.room)
        walled = plan is not None and plan.finalized
        place = _ordinal(wrong.position + 1)
        what = f"the {place} room walled" if walled else f"furnished as the {place} room"
        ck.add(Code.ROOM_ORDER, f"room {wrong.room} is {what} on this sheet, but the game "
               f"record plays {wrong.expected} {place}", f"room {wrong.room}", (),
               plan.path if walled and plan is not None else "$.current_room")
