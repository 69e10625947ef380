"""The furniture catalog and the furniture cards: the model.

:mod:`homestaging.catalogreader` reads them from YAML (the bundled ones in
``furniture/``). A project may add pieces and replace cards (see
:mod:`homestaging.project`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from .cached import cached_property
from .pieces import Piece

__all__ = ["Card", "Catalog"]


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

    def piece(self, piece_id: str) -> Piece:
        return self.pieces[piece_id]

    def card_numbers(self) -> list[int]:
        return sorted({number for number, _ in self.cards})

    def card_options(self, number: int) -> set[str]:
        """Every piece on either variant of card ``number``."""
        return set(self._options.get(number, ()))

    @cached_property
    def _options(self) -> dict[int, frozenset[str]]:
        """The pieces of each card number, worked out once."""
        found: dict[int, set[str]] = {}
        for (number, _), card in self.cards.items():
            found.setdefault(number, set()).update(card.options)
        return {number: frozenset(options) for number, options in found.items()}

    def extended(self, pieces: Iterable[Piece], cards: Iterable[Card]) -> Catalog:
        """This catalog plus extra pieces; each card number given replaces that number."""
        new_cards = list(cards)
        replaced = {card.number for card in new_cards}
        merged = {key: card for key, card in self.cards.items() if key[0] not in replaced}
        merged.update({(card.number, card.variant): card for card in new_cards})
        return Catalog({**self.pieces, **{p.id: p for p in pieces}}, dict(sorted(merged.items())))
