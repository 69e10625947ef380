"""What a placement cuts off, and whether the room can still get a door: flood fills
over the bit masks of a sheet (:class:`Cut`, one per piece or square cut off)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.bitmask import Moves, bits, cells, open_moves
from ..core.grid import Cell
from .masks import SheetMasks, placement_bits

__all__ = ["Cut"]


@dataclass(frozen=True)
class Cut:
    """Something already drawn that a placement would cut off from the front door: what
    it is (``K (Corner kitchen)``, ``door of Bath (F3/w)``), the squares it loses (a
    mask of a sheet ``width`` squares wide: :attr:`cells` names them), and the points
    at stake (the piece's furniture squares; for a door, its room's pieces'; for the
    front door, every piece's)."""

    what: str
    squares: int
    width: int
    points: int = 0
    strands: bool = False
    """The front door would open into the room being furnished: its pieces are lost too."""

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The squares lost, in reading order (worked out when asked: a ranking judges
        many placements that cut something off and names few)."""
        return tuple(cells(self.squares, self.width))


# --- marks: what a placement cuts off, whether the room can still get a door --------------


class Marks:
    """Walkable squares and where a step may go, for flood fills over bit masks (a
    plain class, one per sheet: nothing of a dataclass is used)."""

    __slots__ = ("landing_squares", "landings", "masks", "moves", "open_moves", "reached",
                 "room_circulation", "room_near", "sources", "target_squares", "targets",
                 "touching", "walkable")

    def __init__(self, masks: SheetMasks, walkable: int, moves: Moves, open_moves: Moves,
                 sources: int, touching: int, targets: tuple[tuple[str, int, int], ...],
                 room_circulation: int) -> None:
        self.masks = masks
        self.walkable = walkable
        self.moves = moves  # steps that cross no wall without an opening
        self.open_moves = open_moves  # steps on the sheet, walls ignored
        self.sources = sources
        self.touching = touching  # squares beside a wall, an obstacle or a piece's square
        self.targets = targets  # what must stay reachable: name, squares, points
        self.room_circulation = room_circulation  # circulation of the room's pieces
        self.room_near = 0  # squares of the pieces already in the room and their neighbours
        self.reached = 0
        # squares a door opens onto: name, squares, points, strands (the room being
        # furnished is walled around its pieces)
        self.landings: tuple[tuple[str, int, int, bool], ...] = ()
        self.landing_squares = 0  # the squares of all the landings
        self.target_squares = 0  # the squares of all the targets

    @classmethod
    def build(cls, masks: SheetMasks) -> Marks:
        sheet, lay = masks.sheet, masks.lay
        width, height, full = masks.width, masks.height, masks.full

        def mask(cells: Iterable[Cell]) -> int:
            return bits(cells, width, height)

        open_area = masks.house & ~masks.obstacles & ~masks.walled
        # mid-game every square not walled yet may still be crossed: the hallway, or in a
        # project with no hallway the rooms still to be walled
        # (walkable_squares(lay, hallway=True) as a mask: the hallway, and in the walled
        # rooms their circulation and rugs, or every square with lenient access)
        walled = masks.walled
        in_rooms = walled if sheet.project.lenient_access else (
            (masks.circulation | masks.rugs) & walled)
        walkable = ((masks.house & ~walled) | in_rooms) & ~masks.obstacles & ~masks.furniture
        moves = lay.passage_moves
        plain = open_moves(width, height)
        house = sheet.project.house
        doors = [c for door in sheet.front_doors for c in door.cells if c in house]
        if doors:
            sources = mask(doors)
        else:  # no front door yet: it may go on any exterior wall of the open area
            sides = lay.exterior_masks
            sources = (sides["n"] | sides["e"] | sides["s"] | sides["w"]) & open_area
        wall_any = 0
        for side_mask in lay.wall_masks.values():
            wall_any |= side_mask
        occupied = masks.furniture | masks.rugs | masks.circulation | masks.obstacles
        touching = ((wall_any & full) | plain.step(occupied)) & full
        targets: list[tuple[str, int, int]] = []
        worth: dict[str | None, int] = {}
        for index, drawn in enumerate(sheet.pieces):
            size = drawn.placement.piece.points
            room = lay.piece_rooms[index]
            worth[room] = worth.get(room, 0) + size
            circ = placement_bits(drawn.placement, width, height)[1]
            if circ:
                targets.append((drawn.subject, circ, size))
        landings: list[tuple[str, int, int, bool]] = []
        for plan in sheet.rooms:
            if not plan.finalized:
                continue
            for door in plan.doors:
                outer = [c for c in door.cells if c not in plan.cells]
                if outer:
                    target = (f"door of {plan.name} ({door.name})", mask(outer),
                              worth.get(plan.name, 0))
                    targets.append(target)
                    landings.append((*target, False))
        if sheet.project.entry.onto == "hallway":
            for door in sheet.front_doors:
                inside = door.inside(house)
                if inside is not None:
                    landings.append((f"front door ({door.name})", mask([inside]),
                                     sum(worth.values()), True))
        else:
            landings.clear()
        room_circ = room_squares = 0
        for i in masks.room_pieces:
            placed, walks = placement_bits(sheet.pieces[i].placement, width, height)
            room_circ |= walks
            room_squares |= placed | walks
        marks = cls(masks, walkable, moves, plain, sources, touching, tuple(targets),
                    room_circ)
        marks.room_near = plain.grow(room_squares)
        marks.reached = moves.flood(sources, walkable)
        marks.landings = tuple(landings)
        for landing in landings:
            marks.landing_squares |= landing[1]
        for target in targets:
            marks.target_squares |= target[1]
        return marks

    def after(self, furniture: int) -> int:
        """The squares still linked to the sources once ``furniture`` stands."""
        before = self.reached
        if not furniture & before:
            return before
        if not furniture & self.sources:
            # when every walkable neighbour of the piece is still linked to the others
            # around it, a route through the piece can go round it: nothing changes
            rest = self.walkable & ~furniture
            beside = self.moves.step(furniture) & rest & before
            if beside:
                around = self.open_moves.grow(self.open_moves.grow(furniture)) & rest
                if _linked_around(self.moves, beside, around):
                    return before & ~furniture
        return self.moves.flood(self.sources, self.walkable & ~furniture)

    def judge(self, furniture: int, circulation: int, rug: bool) -> tuple[tuple[Cut, ...], bool]:
        """(cut off, door possible) for a piece with these squares. Besides the walkable
        links it breaks, a piece on the square a walled room's door opens onto (or the
        square inside the front door) cuts that door off: once the room being furnished
        is walled around its pieces, the door would open into it (with a hallway)."""
        before = self.reached
        after = before if rug else self.after(furniture)
        lost = before & ~after
        taken = furniture | circulation
        room_circ = self.room_circulation | circulation
        free = after & ~(room_circ | furniture) & ~self.masks.walled
        door = (room_circ & ~after) == 0 and bool(free)
        if not lost & self.target_squares and not taken & self.landing_squares:
            return (), door  # the usual case: nothing cut off
        width = self.masks.width
        cut = [
            Cut(name, squares & lost, width, points)
            for name, squares, points in self.targets
            if squares & lost
        ] if lost else []
        named = {c.what for c in cut}
        cut += [Cut(name, squares & taken, width, points, strands)
                for name, squares, points, strands in self.landings
                if squares & taken & ~lost and name not in named]
        return tuple(cut), door


_LINKED: dict[tuple[int, int, int], tuple[Moves, bool]] = {}
"""Per steps (by identity), squares beside a piece and squares around it: whether the
former are linked within the latter (:func:`_linked_around`)."""

_MOST_LINKED = 8192
"""Answers kept at most (the memo is emptied when full)."""


def _linked_around(moves: Moves, beside: int, around: int) -> bool:
    """Whether the squares ``beside`` are linked by ``moves`` within ``around``: worked
    out once per such squares, which stay the same where a placement meets nothing new
    (the next token of a card, the next card in the room, another piece's placement)."""
    key = (id(moves), beside, around)
    known = _LINKED.get(key)
    if known is not None and known[0] is moves:
        return known[1]
    linked = not beside & ~moves.flood(beside & -beside, around)
    if len(_LINKED) >= _MOST_LINKED:
        _LINKED.clear()
    _LINKED[key] = (moves, linked)
    return linked
