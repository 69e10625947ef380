"""The final scoring of Rooms & Roomies: the score pad's five categories.

1. Home wishes: the This Is You card and each Roomie card (:mod:`.wishes`).
2. Basic needs: -3 for no toilet, no shower or bathtub, no stove; -3 per Roomie tile
   without a bed or half a double bed (the This Is You card and every Roomie card bring
   one tile). With The Camper, tiles on the loading bed count too.
3. Completed rooms: the printed bonus of each room whose floor markings all touch a
   furniture tile or a door.
4. Printed points: on the tiles in the house (not on the loading bed), and 2 per
   upgrade on the loading bed ("the 2 points printed on each upgrade").
5. Covered windows: -1 per window directly behind the wall edge of a shelf or closet.

Tie-break: the higher number on the This Is You card's Roomie space. A tile that breaks
a rule counts as not placed, and the pad is provisional.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.grid import cells_text
from ...core.scorepad import Category, Item, ScorePad
from .furniture import type_label
from .model import House, Roomie, Window
from .rules import check, faulty
from .wishes import WISHES, WishResult, evaluate, this_is_you

__all__ = ["GAME", "MISSING_NEED", "UPGRADE_POINTS", "score", "solo_rating"]

GAME = "Rooms & Roomies"
MISSING_NEED = -3
UPGRADE_POINTS = 2
COVERED_WINDOW = -1
TALL = ("shelf", "closet")
NEEDS = (("a toilet", ("toilet",)), ("a shower or bathtub", ("shower", "bathtub")),
         ("a stove", ("stove",)))
SOLO_RATINGS = (
    (60, "60 points or more: You are a furnishing luminary. You have nothing left to learn."),
    (50, "50 to 59 points: Excellent. Strong result."),
    (40, "40 to 49 points: Very respectable."),
    (30, "30 to 39 points: The main thing is that you feel comfortable in your house. "
         "But there is still room for improvement."),
    (None, "Fewer than 30 points: Even good living must be learned. Just try again."),
)


def solo_rating(total: int) -> str:
    """The rule book's table for the solo game."""
    return next(text for least, text in SOLO_RATINGS if least is None or total >= least)


def _wishes(house: House) -> Category:
    results: list[tuple[str, WishResult, Roomie | None]] = [
        ("This Is You", this_is_you(house), None)]
    for roomie in house.roomies:
        if roomie.card != "people-pleaser":
            results.append((roomie.name, evaluate(house, roomie), roomie))
    for roomie in house.roomies:
        if roomie.card == "people-pleaser":
            lowest = min(results, key=lambda r: r[1].points)
            results.append((roomie.name, WishResult(
                lowest[1].points, f"copies the lowest card, {lowest[0]}"), roomie))
    order = ["This Is You", *(r.name for r in house.roomies)]
    results.sort(key=lambda r: order.index(r[0]))
    return Category("1. Home wishes", tuple(
        Item(name, result.points, result.explanation) for name, result, _ in results))


def _needs(house: House) -> Category:
    camper = any(r.card == "camper" for r in house.roomies)
    kinds = [t.kind for t in house.tiles] + ([t.kind for t in house.truck.tiles]
                                             if camper else [])
    items: list[Item] = []
    for text, wanted in NEEDS:
        met = any(kind in wanted for kind in kinds)
        items.append(Item(f"at least {text}", 0 if met else MISSING_NEED, awarded=met))
    beds = sum(t.sleeps for t in house.tiles) + (
        sum(t.sleeps for t in house.truck.tiles) if camper else 0)
    sleepers = 1 + len(house.roomies)
    homeless = max(0, sleepers - beds)
    where = " (with the loading bed: The Camper)" if camper else ""
    items.append(Item("a bed for each Roomie tile", MISSING_NEED * homeless,
                      f"{sleepers} Roomie tile{'' if sleepers == 1 else 's'}, {beds} "
                      f"place{'' if beds == 1 else 's'} to sleep{where}", not homeless))
    return Category("2. Basic needs", tuple(items))


def _rooms(house: House) -> Category:
    items: list[Item] = []
    for room in house.rooms:
        untouched = [c for c in room.markings if not house.touched(c)]
        done = not untouched
        why = "" if done else f"marking{'' if len(untouched) == 1 else 's'} " \
                              f"{cells_text(untouched)} not touched"
        items.append(Item(f"{room.name} (bonus {room.bonus})", room.bonus if done else 0, why,
                          done))
    return Category("3. Completed rooms", tuple(items))


def _printed(house: House) -> Category:
    items = [Item(f"{type_label(t.kind)} {t.label}", t.points) for t in house.tiles if t.points]
    upgrades = house.truck.upgrades
    if upgrades:
        items.append(Item(f"{upgrades} upgrade{'' if upgrades == 1 else 's'} on the truck",
                          UPGRADE_POINTS * upgrades))
    return Category("4. Printed points", tuple(items))


def covered_by(house: House, window: Window) -> list[str]:
    """The shelves and closets whose wall edge lies on the window."""
    found: list[str] = []
    for edge in window.edges:
        for cell in edge.cells:
            tile = house.tile_at.get(cell)
            if tile is not None and tile.kind in TALL and edge in tile.wall_edges():
                label = f"{type_label(tile.kind)} {tile.label}"
                if label not in found:
                    found.append(label)
    return found


def _windows(house: House) -> Category:
    items: list[Item] = []
    for window in house.windows:
        tall = covered_by(house, window)
        if tall:
            name = ", ".join(edge.name for edge in window.edges)
            items.append(Item(f"window {name}", COVERED_WINDOW, f"behind {', '.join(tall)}"))
    return Category("5. Covered windows", tuple(items))


def _details(house: House) -> dict[str, Any]:
    return {
        "this_is_you": house.this_is_you,
        "rooms": [{"name": room.name, "floor": room.floor, "squares": len(room.cells),
                   "size": "small" if room.small else "large", "bonus": room.bonus,
                   "complete": house.complete(room)} for room in house.rooms],
        "roomies": [{"card": r.card, "name": r.name, "computed": WISHES[r.card].count
                     is not None or r.card == "people-pleaser"} for r in house.roomies],
    }


def score(house: House) -> ScorePad:
    """The score pad of a finished house; tiles at fault count as not placed."""
    problems = tuple(check(house))
    bad = faulty(house, problems)
    counted = replace(house, tiles=tuple(t for i, t in enumerate(house.tiles) if i not in bad))
    categories = (_wishes(counted), _needs(counted), _rooms(counted), _printed(counted),
                  _windows(counted))
    pad = ScorePad(GAME, house.player, categories, (("This Is You number", house.this_is_you),),
                   problems, house.source, _details(counted))
    if house.solo:
        pad = replace(pad, notes=(f"Solo: {solo_rating(pad.total)}",))
    return pad
