"""The order the rooms were walled in, when no game record gives it.

A piece that must stand against a wall leans on walls that existed when it was drawn:
the printed ones and those of the rooms walled before its own. The page does not show
the order, so without a record the rooms are written in the project's order when that
clears every such piece, else in the first order (rooms taken in the project's order,
each as soon as the walls its pieces lean on are drawn) that clears them; the sheet's
``scan`` notes say so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..core.grid import Cell, EdgeKey, cell_name, reading_order
from ..core.layout import layout
from ..core.pieces import Placement
from ..core.sheet import RoomPlan, Sheet
from .doubt import Uncertain

__all__ = ["clearing_order"]


def clearing_order(sheet: Sheet) -> tuple[Sheet, list[Uncertain]]:
    """``sheet`` with its walled rooms in the first order that gives every piece which
    needs a wall the walls it leans on (the project's order first), and a note when that
    is not the order given; the sheet as it is when no order clears them all or the
    given one does."""
    walled = [room for room in sheet.rooms if room.finalized]
    needs = _needs(sheet)
    order = _first_clearing(walled, needs)
    if order is None or [r.name for r in order] == [r.name for r in walled]:
        return sheet, []
    rooms = [dataclasses.replace(room, path=f"$.rooms[{index}]")
             for index, room in enumerate(order)]
    rest = [dataclasses.replace(room, path=f"$.rooms[{len(rooms) + index}]")
            for index, room in enumerate(r for r in sheet.rooms if not r.finalized)]
    leaning = [found for room in walled for found in _leaning(sheet, room.name)]
    if not leaning:
        return sheet, []
    texts = [f"{piece} at {cell_name(cell)}" for cell, piece in leaning]
    note = Uncertain(leaning[0][0], "room order",
                     f"the rooms are written in the order {_names(order)}, not the "
                     f"project's ({_names(walled)}): in the project's order "
                     f"{', '.join(texts)} would stand against a wall not drawn yet "
                     "(needs-wall); without a game record the rooms take the first order "
                     "that clears it")
    return dataclasses.replace(sheet, rooms=(*rooms, *rest)), [note]


def _names(rooms: Sequence[RoomPlan]) -> str:
    return ", ".join(room.name for room in rooms)


def _leaning(sheet: Sheet, room: str) -> list[tuple[Cell, str]]:
    """The pieces of ``room`` missing a wall they need in the sheet's order: the first
    square and id of each."""
    lay = layout(sheet)
    return [(min(drawn.placement.furniture, key=reading_order), drawn.id)
            for drawn, owner in zip(sheet.pieces, lay.piece_rooms, strict=True)
            if owner == room and drawn.placement.wall_sides
            and not lay.stood_before(room, _keys(drawn.placement))]


def _keys(placement: Placement) -> list[EdgeKey]:
    """The wall sides ``placement`` must stand against."""
    ax, ay = placement.anchor
    return [(ax + dx, ay + dy, side) for dx, dy, side in placement.shape.wall_edges]


def _needs(sheet: Sheet) -> dict[str, list[frozenset[str]]]:
    """Per walled room: for each wall side its pieces lean on that is not printed, the
    other rooms whose walls hold it (any one of them walled first will do). Sides no
    other room holds are left out: no order clears them."""
    lay = layout(sheet)
    walled = [room for room in sheet.rooms if room.finalized]
    if not walled:
        return {}
    printed = lay.wall_keys_before(walled[0].name)
    holders = [(room.name, keys) for room, keys in zip(sheet.rooms, lay.room_wall_keys,
                                                       strict=True) if room.finalized]
    names = {room.name for room in walled}
    needs: dict[str, list[frozenset[str]]] = {}
    for drawn, room in zip(sheet.pieces, lay.piece_rooms, strict=True):
        if room is None or not drawn.placement.wall_sides:
            continue
        if room not in names:
            continue
        for key in _keys(drawn.placement):
            if key in printed or key in lay.opening_keys:
                continue
            rooms = frozenset(name for name, held in holders if key in held and name != room)
            if rooms:
                needs.setdefault(room, []).append(rooms)
    return needs


def _first_clearing(walled: Sequence[RoomPlan], needs: dict[str, list[frozenset[str]]]
                    ) -> list[RoomPlan] | None:
    """The rooms taken in their given order, each as soon as every wall its pieces lean
    on is drawn (the first such order, the given one when it clears them); None when
    no order does."""
    left = list(walled)
    done: set[str] = set()
    order: list[RoomPlan] = []
    while left:
        ready = next((room for room in left
                      if all(rooms & done for rooms in needs.get(room.name, ()))), None)
        if ready is None:
            return None
        order.append(ready)
        done.add(ready.name)
        left.remove(ready)
    return order
