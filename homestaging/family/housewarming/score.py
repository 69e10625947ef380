"""The Housewarming score: the house's hominess.

Comfort and style are the totals of the cards and the noted changes; the clash is the
larger minus the smaller; hominess = (comfort + style) / 2, rounded up ('Always round
fractions up'), minus the clash, plus cool. On the pad: the half (rounded up), the clash
(negative) and the cool, which add up to the hominess. The rule book has no tie-break.
"""

from __future__ import annotations

from ...core.scorepad import Category, Item, ScorePad
from .model import House, ceil_half
from .rules import check

__all__ = ["GAME", "hominess", "score"]

GAME = "Housewarming"


def hominess(comfort: int, style: int, cool: int) -> int:
    """``(comfort + style) / 2`` rounded up, minus the clash, plus cool."""
    return ceil_half(comfort + style) - abs(comfort - style) + cool


def _sources(house: House, trait: str) -> str:
    parts = [f"{card.name} {getattr(card, trait):+d}" for card in house.cards
             if getattr(card, trait)]
    parts += [f"{change.note} {getattr(change, trait):+d}" for change in house.changes
              if getattr(change, trait)]
    return ", ".join(parts) or "nothing"


def score(house: House) -> ScorePad:
    comfort, style, cool = (house.total(t) for t in ("comfort", "style", "cool"))
    half = ceil_half(comfort + style)
    clash = abs(comfort - style)
    exact = "" if (comfort + style) % 2 == 0 else f" = {(comfort + style) / 2:g}, rounded up"
    categories = (
        Category("Comfort and style", (
            Item(f"({comfort} + {style}) / 2{exact}", half,
                 f"comfort {comfort}: {_sources(house, 'comfort')}; "
                 f"style {style}: {_sources(house, 'style')}"),)),
        Category("Clash", (Item(f"{max(comfort, style)} - {min(comfort, style)}", -clash),)),
        Category("Cool", (Item(f"cool {cool}", cool, _sources(house, "cool")),)),
    )
    ready = [room.name for room in house.rooms if room.ready]
    return ScorePad(GAME, house.player, categories, (), tuple(check(house)), house.source, {
        "comfort": comfort, "style": style, "cool": cool, "clash": clash,
        "hominess": hominess(comfort, style, cool),
        "can_declare": house.can_declare, "declared": house.declared,
        "rooms_ready": ready,
    }, ("The TOTAL is the hominess. " + ("Every room has a Furnishing and a Decor: a housewarming "
                                "can be declared." if house.can_declare else
                                "Not every room has a Furnishing and a Decor yet."),))
