"""The game record: the cards as they were dealt and chosen, for the whole table.

This is the model only; :mod:`homestaging.formats.gamereader` reads it (``homestaging-game/1``,
``docs/game-record.md``) and :mod:`homestaging.formats.gamewriter` writes it. A sheet that has a
record (:attr:`homestaging.core.sheet.Sheet.game`) is held to the exact card rules
(:mod:`homestaging.rules.cardplay`).

:func:`deal` is how a seed deals the cards: the same seed gives the same deal on every
machine and every Python version, because each card's variant comes from SHA-256 of a
fixed text (:func:`dealt_variant`), not from a random number generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .catalog import Card, Catalog
from .project import Project

__all__ = [
    "DEAL_TEXT",
    "MAX_SEED",
    "CardPlay",
    "GameRecord",
    "Round",
    "deal",
    "dealt_variant",
    "project_card_numbers",
]

DEAL_TEXT = "homestaging-deal/1 seed={seed} card={number}"
"""The text whose SHA-256 digest deals card ``number`` for ``seed`` (both in decimal)."""
MAX_SEED = 2**53 - 1
"""The largest seed: every JSON reader keeps integers up to here exact."""


def dealt_variant(seed: int, number: int, variants: Sequence[str]) -> str:
    """The variant of card ``number`` that ``seed`` deals, out of ``variants``.

    The digest of :data:`DEAL_TEXT`, its first 8 bytes read as a big-endian unsigned
    integer, modulo the number of variants, indexes the variants in alphabetical order.

    >>> dealt_variant(7, 3, ["a", "b"])
    'b'
    >>> import hashlib
    >>> hashlib.sha256(b"homestaging-deal/1 seed=7 card=3").hexdigest()[:16]
    '725ea758171df5ed'
    """
    import hashlib  # only to deal: a plain check does not load OpenSSL

    ordered = sorted(variants)
    if not ordered:
        raise ValueError(f"card {number} has no variant")
    digest = hashlib.sha256(DEAL_TEXT.format(seed=seed, number=number).encode("ascii")).digest()
    return ordered[int.from_bytes(digest[:8], "big") % len(ordered)]


def project_card_numbers(project: Project) -> list[int]:
    """Every card number the project's rooms use, in increasing order."""
    return sorted({slot.number for room in project.rooms for slot in room.cards})


def _variants(catalog: Catalog, number: int) -> list[str]:
    """The variants of card ``number``, in alphabetical order (sorted once per catalog)."""
    return [card.variant for card in catalog.variants(number)]


def deal(project: Project, seed: int) -> dict[int, str]:
    """The variant dealt for every card number of the project (:func:`dealt_variant`).

    Each card is dealt on its own, so a project that adds or drops a card number deals
    every other card as before.
    """
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    return {number: dealt_variant(seed, number, _variants(project.catalog, number))
            for number in project_card_numbers(project)}


@dataclass(frozen=True)
class CardPlay:
    """One card flipped in a round: its number and the option each token chose.

    ``path`` is the card's entry in the record (``$.rounds[0].cards[1]``); a token's
    entry is ``path + ".tokens[i]"``.
    """

    number: int
    tokens: tuple[str, ...]
    path: str = "$"


@dataclass(frozen=True)
class Round:
    """A room furnished by the table: the cards in the order they were flipped."""

    room: str
    cards: tuple[CardPlay, ...] = ()
    path: str = "$"

    def card(self, number: int) -> CardPlay | None:
        return next((card for card in self.cards if card.number == number), None)


@dataclass(frozen=True)
class GameRecord:
    """The cards of one game, as dealt (``dealt``: card number -> variant) and chosen
    (``rounds``, in play order). The record may stop anywhere mid-game.

    ``project`` is the project reference as the record writes it; ``source`` the file it
    was read from. Paths of rounds and cards are inside the record (``$`` is its root).
    """

    project: str
    dealt: dict[int, str]
    rounds: tuple[Round, ...] = ()
    seed: int | None = None
    source: str = ""

    def round(self, room: str) -> Round | None:
        """The round that furnished ``room``, if it was played."""
        return next((played for played in self.rounds if played.room == room), None)

    def card(self, catalog: Catalog, number: int) -> Card | None:
        """Card ``number`` as it was dealt (``None`` if it was not dealt)."""
        variant = self.dealt.get(number)
        return catalog.cards.get((number, variant)) if variant is not None else None

    def chosen(self) -> dict[str, Counter[str]]:
        """Per room played, the piece ids its tokens chose, as a multiset.

        This is what a sheet of this game may hold in each room (plus one piece that the
        wild card's other option turns into the option not chosen on its card).
        """
        return {played.room: Counter(option for card in played.cards for option in card.tokens)
                for played in self.rounds}

    def played_order(self) -> list[str]:
        """The rooms in the order the table furnished them."""
        return [played.room for played in self.rounds]
