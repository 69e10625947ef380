"""The Dream Home score, as far as the fragment of its rule book goes.

* The categories the fragment does not explain are typed in (``points``), and so are the
  functionality bonuses scored (``functionality``).
* The Architect: +1 per functionality bonus scored ("4 points instead of 3") and +1 per
  empty room on the home board.
* The Interior Designer: +1 per decor token (the treehouse and birdhouse tokens are
  decor tokens too); a token that breaks a rule does not count.
The fragment gives no tie-break.
"""

from __future__ import annotations

from ...core.grid import cell_names, in_reading_order
from ...core.scorepad import Category, Item, ScorePad
from .model import Home
from .rules import check, counted_decor

__all__ = ["FRAGMENT_NOTE", "GAME", "score"]

GAME = "Dream Home"
FRAGMENT_NOTE = ("Dream Home from a fragment of its rule book: only the decor, helper and "
                 "tool rules are counted; the other categories are typed in.")


def _helpers(home: Home) -> Category:
    items: list[Item] = []
    if "architect" in home.helpers:
        bonuses = len(home.functionality)
        items.append(Item("Architect: +1 per functionality bonus", bonuses,
                          f"{bonuses} bonus{'' if bonuses == 1 else 'es'} scored"))
        empty = home.empty_rooms
        items.append(Item("Architect: +1 per empty room", len(empty),
                          ", ".join(sorted(f"{r.name} at {','.join(_names(r.spaces))}"
                                           for r in empty)) or "no empty room"))
    if "interior designer" in home.helpers:
        tokens = counted_decor(home)
        named = [token if room is None else f"{token} ({room.key})" for token, room in tokens]
        items.append(Item("Interior Designer: +1 per decor token", len(tokens),
                          ", ".join(named) or "no decor token"))
    return Category("Helpers", tuple(items))


def _names(cells: frozenset[tuple[int, int]]) -> list[str]:
    return cell_names(in_reading_order(cells))


def score(home: Home) -> ScorePad:
    categories = (
        Category("Typed in", tuple(Item(t.text, t.points) for t in home.typed)),
        Category("Functionality", tuple(Item(t.text, t.points) for t in home.functionality)),
        _helpers(home),
    )
    details = {
        "fragment": True,
        "helpers": list(home.helpers),
        "decor_tokens": len(counted_decor(home)),
        "empty_rooms": len(home.empty_rooms),
    }
    return ScorePad(GAME, home.player, categories, (), tuple(check(home)), home.source,
                    details, (FRAGMENT_NOTE,))
