"""The furniture catalog and the furniture cards: the model.

:mod:`homestaging.formats.catalogreader` reads them from YAML (the bundled ones in
``furniture/``). A project may add pieces and replace cards (see
:mod:`homestaging.core.project`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

from .grid import Cell
from .pieces import HATCHES, Piece

__all__ = ["Card", "Catalog", "paper_look"]


class Card(NamedTuple):
    """One furniture card: a number, a variant (``a``/``b``) and two piece options."""

    number: int
    variant: str
    options: tuple[str, str]


@dataclass(frozen=True)
class Catalog:
    """Pieces by id and cards by ``(number, variant)``."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    cards: dict[tuple[int, str], Card] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # every piece gets its hatch: the one its entry gives, else one computed here
        object.__setattr__(self, "pieces", _with_hatches(self.pieces, self.cards))

    def piece(self, piece_id: str) -> Piece:
        return self.pieces[piece_id]

    def card_numbers(self) -> list[int]:
        return sorted({number for number, _ in self.cards})

    def card_options(self, number: int) -> set[str]:
        """Every piece on either variant of card ``number``."""
        return set(self._options.get(number, ()))

    def options_of(self, numbers: Iterable[int]) -> frozenset[str]:
        """Every piece on either variant of any of the cards ``numbers`` (a room's cards),
        worked out once per list of numbers: the rules ask for each room of each sheet."""
        key = tuple(numbers)
        found = self._options_of.get(key)
        if found is None:
            found = self._options_of[key] = frozenset().union(
                *(self._options.get(number, ()) for number in key))
        return found

    @cached_property
    def _options_of(self) -> dict[tuple[int, ...], frozenset[str]]:
        return {}

    @cached_property
    def _options(self) -> dict[int, frozenset[str]]:
        """The pieces of each card number, worked out once."""
        found: dict[int, set[str]] = {}
        for (number, _), card in self.cards.items():
            found.setdefault(number, set()).update(card.options)
        return {number: frozenset(options) for number, options in found.items()}

    def variants(self, number: int) -> tuple[Card, ...]:
        """The variants of card ``number``, in the order of their letters."""
        return self._variants.get(number, ())

    @cached_property
    def _variants(self) -> dict[int, tuple[Card, ...]]:
        """The variants of each card number, sorted once."""
        found: dict[int, list[Card]] = {}
        for (number, _), card in sorted(self.cards.items()):
            found.setdefault(number, []).append(card)
        return {number: tuple(cards) for number, cards in found.items()}

    def look_alikes(self, piece_ids: Iterable[str]) -> list[list[Piece]]:
        """The pieces among ``piece_ids`` that look the same on paper as another of them
        (rugs aside), in groups, each in id order: what their hatch tells apart."""
        groups: dict[object, list[Piece]] = {}
        for piece_id in sorted(set(piece_ids)):
            piece = self.pieces[piece_id]
            if not piece.is_rug:
                groups.setdefault(paper_look(piece), []).append(piece)
        return [group for group in groups.values() if len(group) > 1]

    def extended(self, pieces: Iterable[Piece], cards: Iterable[Card]) -> Catalog:
        """This catalog plus extra pieces; each card number given replaces that number."""
        new_cards = list(cards)
        replaced = {card.number for card in new_cards}
        merged = {key: card for key, card in self.cards.items() if key[0] not in replaced}
        merged.update({(card.number, card.variant): card for card in new_cards})
        return Catalog({**self.pieces, **{p.id: p for p in pieces}}, dict(sorted(merged.items())))


def paper_look(piece: Piece) -> frozenset[tuple[frozenset[Cell], frozenset[Cell]]]:
    """What a piece looks like on paper, whatever its turn: the furniture and circulation
    squares of each of its orientations (:attr:`Piece.look`). Pieces with the same look
    differ only by their hatch."""
    return piece.look


def _with_hatches(pieces: dict[str, Piece], cards: dict[tuple[int, str], Card]
                  ) -> dict[str, Piece]:
    """The pieces, each with a hatch: a piece without one gets the first style (in
    :data:`HATCHES` order) that no piece it could meet already has; pieces meet when they
    look the same on paper and share a tag (a room type) or a card number. Pieces are
    taken in catalog order, so adding pieces never changes the hatch of those before."""
    if all(piece.hatch or piece.is_rug for piece in pieces.values()):
        return pieces
    numbers: dict[str, set[int]] = {}
    for (number, _), card in cards.items():
        for option in card.options:
            numbers.setdefault(option, set()).add(number)
    by_look: dict[object, list[Piece]] = {}
    for piece in pieces.values():
        if not piece.is_rug:
            by_look.setdefault(paper_look(piece), []).append(piece)
    chosen = {p.id: p.hatch for p in pieces.values() if p.hatch}
    for group in by_look.values():
        for piece in group:
            if piece.id in chosen:
                continue
            near = Counter(chosen[other.id] for other in group
                           if other.id in chosen and other.id != piece.id
                           and (set(other.tags) & set(piece.tags)
                                or numbers.get(other.id, set()) & numbers.get(piece.id, set())))
            chosen[piece.id] = min(HATCHES, key=lambda style: (near[style], HATCHES.index(style)))
    return {key: replace(piece, hatch=chosen[key]) if chosen.get(key, piece.hatch) != piece.hatch
            else piece for key, piece in pieces.items()}
