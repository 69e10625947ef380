"""Pieces from the furniture squares of a room: exact covers by what the room may hold,
then which piece each shape is.

What a room may hold is an :class:`Offer`: one :class:`Slot` per selection token of its
cards (with a game record, the piece the token chose, or at a cost the other option of
its card, which spends the wild card; without a record, either option of the card, any
variant), then *fallbacks*, pieces no token pays for, at a higher cost: a sheet that
breaks the card rules is read as drawn, and the doubt listed.

1. **Covers.** Pieces that look the same on paper (the same furniture and circulation
   squares in every turn) are one :class:`Look`. The furniture squares are covered
   exactly by looks, cheapest first: a circulation square without a dot costs, an
   outline through a piece or none between two touching pieces costs, a mirrored turn
   spends the wild card, and a look used more often than the tokens offer it costs the
   fallback's price.
2. **Ids.** Each placement of a cover gets a piece of its look paid for by a slot (a
   min-cost assignment; a piece that needs a wall should stand against one), and every
   assignment as cheap as the best is kept: look-alikes that the paper cannot tell
   apart, for the sheet to choose among (and list as doubts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from ..core.grid import Cell, Edge, cells_text, components, reading_order
from ..core.pieces import Piece, Placement
from .doubt import Uncertain
from .marks import CIRCULATION, FURNITURE, RING, RING_DOT, Marks, hatch_of

__all__ = ["Evidence", "Look", "Offer", "RoomFit", "Slot", "fit_room", "look_of"]

MIRROR_COST = 0.6  # a mirrored turn: the wild card
WILD_COST = 0.6  # the other option of a card: the wild card
UNMARKED_COST = 0.7  # a circulation square without its dot
STRAY_DOT_COST = 0.5  # a dot no piece explains
SPLIT_COST = 0.8  # an outline through a piece, or none between two touching pieces
WALL_COST = 1.5  # a piece that needs a wall, standing against none
HATCH_COST = 0.5  # a piece whose hatch is not the one read (less than the wild card:
# the record's choice weighs more than one reading of the strokes)
SPLIT = 0.05  # outline evidence above which two furniture squares are of two pieces
MARGIN = 1.0  # covers this much dearer than the best are still weighed
CLOSE = 0.5  # a second cover this close to the best is a doubt
MAX_NODES = 4_000
MAX_COVERS = 6
MAX_LABELINGS = 24

Shape2 = tuple[frozenset[Cell], frozenset[Cell]]  # furniture, circulation


@dataclass(frozen=True)
class Slot:
    """What one selection token may pay for: ``ids`` at ``cost``; ``other`` (the other
    option of its card) only with the wild card. A fallback slot (``limited`` false)
    pays for any number of pieces."""

    ids: frozenset[str]
    cost: float = 0.0
    other: frozenset[str] = frozenset()
    limited: bool = True
    reason: str = ""  # why a fallback costs: said in the doubt


@dataclass(frozen=True)
class Offer:
    """What a room may hold: its token slots, then the fallbacks (cheapest first), and
    last any piece at all (``anything``, tried only for furniture nothing else covers)."""

    slots: tuple[Slot, ...]
    fallback: tuple[Slot, ...] = ()
    anything: Slot | None = None
    wild: bool = True  # whether the wild card may still be spent here
    record: bool = False  # whether the slots come from a game record

    @property
    def fallbacks(self) -> tuple[Slot, ...]:
        return (*self.fallback, self.anything) if self.anything else self.fallback


@dataclass(frozen=True)
class Look:
    """Pieces that look the same on paper: each turn's (furniture, circulation) squares,
    and whether that turn needs a mirror (for every piece of the look)."""

    key: frozenset[Shape2]
    mirrored: dict[Shape2, bool] = field(hash=False, compare=False)


@cache
def look_of(piece: Piece) -> Look:
    """The look of a piece."""
    mirrored: dict[Shape2, bool] = {}
    for orientation in piece.orientations:
        shape = (orientation.shape.furniture, orientation.shape.circulation)
        mirrored[shape] = mirrored.get(shape, True) and orientation.mirror
    return Look(frozenset(mirrored), mirrored)


def _orientation(piece: Piece, shape: Shape2) -> tuple[int, bool] | None:
    """The turn of ``piece`` that draws ``shape``, unmirrored if it can be."""
    found = None
    for orientation in piece.orientations:
        if (orientation.shape.furniture, orientation.shape.circulation) == shape:
            if not orientation.mirror:
                return orientation.rotation, False
            found = found or (orientation.rotation, True)
    return found


@dataclass(frozen=True)
class RoomFit:
    """The pieces read in one room: the cheapest reading, its cost, how often it spends
    the wild card, the doubts, and every equally cheap naming of the same shapes."""

    pieces: tuple[Placement, ...]
    cost: float
    wild: int
    doubts: tuple[Uncertain, ...]
    namings: tuple[tuple[Placement, ...], ...] = ()


@dataclass(frozen=True)
class _Cover:
    placements: tuple[Placement, ...]
    cost: float


class Evidence:
    """The evidence in one region: furniture, dots and rings, outlines and walls. Built
    once per region and fitted under every room name: the placements it allows are kept
    (``placements``), whatever the room may hold."""

    def __init__(self, marks: Marks, region: frozenset[Cell], obstacles: frozenset[Cell],
                 walls: frozenset[Edge]) -> None:
        squares = marks.squares
        self.marks = marks
        self.furniture = frozenset(c for c in region if squares.get(c) == FURNITURE)
        self.dots = frozenset(c for c in region if squares.get(c) in (CIRCULATION, RING_DOT))
        self.rings = frozenset(c for c in region if squares.get(c) in (RING, RING_DOT))
        self.usable = region - obstacles
        self.walls = walls
        self._split: dict[tuple[Cell, Cell], bool] = {}
        self._hatch: dict[frozenset[Cell], str | None] = {}
        self.placements: dict[tuple[Look, Cell, frozenset[Cell]],
                              list[tuple[Shape2, Cell, float]]] = {}

    def split(self, a: Cell, b: Cell) -> bool:
        """Whether an outline separates the neighbouring squares ``a`` and ``b``: two
        pieces' outlines a little inside, or a line on the grid line between them (no
        piece is drawn across one)."""
        key = (a, b) if a < b else (b, a)
        found = self._split.get(key)
        if found is None:
            edge = Edge.between(*key)
            found = self._split[key] = (self.marks.splits.get(edge, 0.0) > SPLIT
                                        or edge in self.marks.walls)
        return found

    def hatch(self, squares: frozenset[Cell]) -> str | None:
        """The hatch style read over a piece's furniture squares (None: unclear)."""
        found = self._hatch.get(squares, "?")
        if found == "?":
            found = self._hatch[squares] = hatch_of(self.marks, squares)[0]
        return found

    def hatch_cost(self, placement: Placement) -> float:
        """What naming ``placement`` its piece costs by the hatch read over it."""
        read = self.hatch(placement.furniture)
        return HATCH_COST if read is not None and read != placement.piece.hatch else 0.0

    def bare_walls(self, placement: Placement) -> int:
        """How many of the wall sides the placed piece needs stand against no wall."""
        bare = 0
        shape = placement.shape
        ax, ay = placement.anchor
        for side in shape.wall:
            axis, sign = {"n": (1, -1), "s": (1, 1), "w": (0, -1), "e": (0, 1)}[side]
            extreme = max(sign * c[axis] for c in shape.furniture)
            if any(sign * (x, y)[axis] == extreme
                   and Edge((ax + x, ay + y), side) not in self.walls
                   for x, y in shape.furniture):
                bare += 1
        return bare


def _pairs(cells: Iterable[Cell]) -> list[tuple[Cell, Cell]]:
    """Each square with its four neighbours."""
    return [(c, (c[0] + dx, c[1] + dy)) for c in cells
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]


class _Looks:
    """The looks a room may hold, with the pieces of each and what each use costs
    (``wide``: any piece at all, at the last fallback's price)."""

    def __init__(self, offer: Offer, pieces: dict[str, Piece], wide: bool = False) -> None:
        fallbacks = offer.fallbacks if wide else offer.fallback
        accepted: set[str] = set()
        for slot in (*offer.slots, *fallbacks):
            accepted |= slot.ids | slot.other
        self.members: dict[Look, list[Piece]] = {}
        for piece_id in sorted(accepted):
            piece = pieces.get(piece_id)
            if piece is not None and not piece.is_rug:
                self.members.setdefault(look_of(piece), []).append(piece)
        paid = {i for slot in offer.slots for i in slot.ids | slot.other}
        self.paid: dict[Look, list[Piece]] = {}
        self.prices: dict[Look, list[float]] = {}
        self.beyond: dict[Look, float | None] = {}
        for look, members in self.members.items():
            ids = {p.id for p in members}
            self.paid[look] = [p for p in members if p.id in paid] or members
            base = sum(1 for s in offer.slots if s.ids & ids)
            wild = 1 if offer.wild and any(s.other & ids for s in offer.slots) else 0
            self.prices[look] = [0.0] * base + [WILD_COST] * wild
            self.beyond[look] = min((s.cost for s in fallbacks if s.ids & ids), default=None)

    def price(self, look: Look, used: int) -> float | None:
        """What the next use of ``look`` costs, having used it ``used`` times (``None``:
        it cannot be used again)."""
        prices = self.prices[look]
        return prices[used] if used < len(prices) else self.beyond[look]


def _placements(room: Evidence, looks: _Looks, cell: Cell, free: frozenset[Cell]
                ) -> list[tuple[Look, Placement, float]]:
    """Every placement of every look whose furniture covers ``cell`` within ``free``, with
    the cost of its evidence (dots, walls, outlines, mirror)."""
    found = []
    for look, members in looks.members.items():
        representative = members[0]
        for shape, anchor, price in _look_placements(room, look, cell, free):
            turn = _orientation(representative, shape)
            assert turn is not None
            placement = Placement(representative, anchor, *turn)
            bare = min(room.bare_walls(Placement(p, anchor, *t))
                       for p in looks.paid[look]
                       if (t := _orientation(p, shape)) is not None)
            found.append((look, placement, price + WALL_COST * bare))
    found.sort(key=lambda item: item[2])
    return found


def _look_placements(room: Evidence, look: Look, cell: Cell, free: frozenset[Cell]
                     ) -> list[tuple[Shape2, Cell, float]]:
    """The turns and anchors of ``look`` whose furniture covers ``cell`` within ``free``,
    with the cost of their evidence but walls (kept in ``room``: any offer may ask)."""
    key = (look, cell, free)
    known = room.placements.get(key)
    if known is not None:
        return known
    found = []
    cx, cy = cell
    for shape in look.key:
        furniture, circulation = shape
        for fx, fy in furniture:
            ax, ay = cx - fx, cy - fy
            squares = frozenset((ax + x, ay + y) for x, y in furniture)
            if not squares <= free:
                continue
            around = {(ax + x, ay + y) for x, y in circulation}
            if around & room.furniture or not around <= room.usable:
                continue
            price = UNMARKED_COST * len(around - room.dots)
            price += SPLIT_COST * sum(1 for a, b in _pairs(squares)
                                      if b in squares and room.split(a, b))
            if look.mirrored[shape]:
                price += MIRROR_COST
            found.append((shape, (ax, ay), price))
    room.placements[key] = found
    return found


def _covers(room: Evidence, looks: _Looks, group: frozenset[Cell], owned: frozenset[Cell]
            ) -> list[_Cover]:
    """Exact covers of ``group`` by looks, cheapest first (those within MARGIN); a dot of
    ``owned`` (the dots only this group's pieces can explain) that the cover's
    circulation leaves unexplained costs."""
    by_cell: dict[Cell, list[tuple[Look, Placement, float]]] = {}
    seen: set[tuple[Look, frozenset[Cell], frozenset[Cell]]] = set()
    for cell in group:
        for look, placement, price in _placements(room, looks, cell, group):
            key = (look, placement.furniture, placement.circulation)
            if key not in seen:
                seen.add(key)
                for square in placement.furniture:
                    by_cell.setdefault(square, []).append((look, placement, price))
    for options in by_cell.values():
        options.sort(key=lambda item: item[2])
    results: list[_Cover] = []
    nodes = 0
    best = [float("inf")]
    used: Counter[Look] = Counter()

    def search(free: frozenset[Cell], chosen: tuple[Placement, ...], taken: frozenset[Cell],
               cost: float) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > MAX_NODES or cost > best[0] + MARGIN:
            return
        if not free:
            explained = {c for p in chosen for c in p.circulation}
            cost += STRAY_DOT_COST * len(owned - explained)
            best[0] = min(best[0], cost)
            results.append(_Cover(chosen, cost))
            return
        cell = min(free, key=reading_order)
        for look, placement, price in by_cell.get(cell, []):
            squares = placement.furniture
            if not squares <= free:
                continue
            extra = looks.price(look, used[look])
            if extra is None:
                continue
            joins = sum(1 for a, b in _pairs(squares) if b in taken and not room.split(a, b))
            used[look] += 1
            search(free - squares, (*chosen, placement), taken | squares,
                   cost + price + extra + SPLIT_COST * joins)
            used[look] -= 1

    search(group, (), frozenset(), 0.0)
    results.sort(key=lambda cover: (cover.cost, len(cover.placements)))
    return [c for c in results if c.cost <= best[0] + MARGIN][:MAX_COVERS]


def _rugs(room: Evidence, offer: Offer, pieces: dict[str, Piece]
          ) -> tuple[list[Placement], list[Uncertain]]:
    """Rugs covering each group of ring squares (a ring in every square of a rug that no
    furniture hides): the rugs the slots offer, else any; fewest rugs, then the fewest
    squares under furniture."""
    placed: list[Placement] = []
    doubts: list[Uncertain] = []
    offered = Counter(i for slot in offer.slots for i in slot.ids | slot.other)
    every = [p for _, p in sorted(pieces.items()) if p.is_rug]
    for group in components(room.rings):
        first = min(group, key=reading_order)
        for rugs in ([p for p in every if p.id in offered], every):
            covers = _rug_covers(room, group, rugs)
            if covers:
                break
        if not covers:
            doubts.append(Uncertain(first, "rug", f"rings at {cells_text(group)} fit no "
                                    "rug; left out"))
            continue
        best = covers[0]
        same = [c for c in covers[1:] if c.cost == best.cost
                and {p.furniture for p in c.placements} != {p.furniture for p in best.placements}]
        if same:
            doubts.append(Uncertain(first, "rug", f"the rug under the furniture at "
                                    f"{cells_text(group)} could lie {len(same) + 1} ways; "
                                    f"read as {', '.join(p.describe() for p in best.placements)}"))
        placed.extend(best.placements)
    return placed, doubts


def _rug_covers(room: Evidence, group: frozenset[Cell], rugs: Sequence[Piece]) -> list[_Cover]:
    """Covers of the ring squares ``group`` by rugs lying on rings and under furniture."""
    allowed = group | room.furniture
    options: dict[Cell, list[Placement]] = {}
    for piece in rugs:
        for orientation in piece.orientations:
            for cell in group:
                for fx, fy in orientation.shape.furniture:
                    placement = Placement(piece, (cell[0] - fx, cell[1] - fy),
                                          orientation.rotation, orientation.mirror)
                    if placement.furniture <= allowed:
                        options.setdefault(cell, []).append(placement)
    found: list[_Cover] = []
    nodes = 0

    def search(free: frozenset[Cell], taken: frozenset[Cell], chosen: tuple[Placement, ...]
               ) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > MAX_NODES or len(found) >= 64:
            return
        if not free:
            hidden = sum(len(p.furniture & room.furniture) for p in chosen)
            mirrored = sum(p.mirror for p in chosen)
            found.append(_Cover(chosen, len(chosen) + 0.1 * hidden + MIRROR_COST * mirrored))
            return
        cell = min(free, key=reading_order)
        for placement in options.get(cell, []):
            squares = placement.furniture
            if not squares & taken:
                search(free - squares, taken | squares, (*chosen, placement))

    search(group, frozenset(), ())
    unique = {frozenset((p.piece.id, p.furniture) for p in c.placements): c for c in found}
    return sorted(unique.values(), key=lambda c: (c.cost, [p.piece.id for p in c.placements]))


@dataclass(frozen=True)
class _Choice:
    slot: int  # index into the offer's slots, or -1 - index into its fallbacks
    placement: Placement
    cost: float
    wild: bool


def _choices(room: Evidence, offer: Offer, placement: Placement, members: Sequence[Piece]
             ) -> list[_Choice]:
    """Who may pay for ``placement`` as which piece of its look, and at what cost."""
    shape = (placement.shape.furniture, placement.shape.circulation)
    found: list[_Choice] = []
    for piece in members:
        turn = _orientation(piece, shape)
        if turn is None:
            continue
        named = Placement(piece, placement.anchor, *turn)
        walls = WALL_COST * room.bare_walls(named) + room.hatch_cost(named)
        mirror = turn[1]
        for index, slot in enumerate(offer.slots):
            if piece.id in slot.ids:
                found.append(_Choice(index, named, slot.cost + walls
                                     + MIRROR_COST * mirror, mirror))
            elif piece.id in slot.other and offer.wild and not mirror:
                found.append(_Choice(index, named, slot.cost + walls + WILD_COST, True))
        for index, slot in enumerate(offer.fallbacks):
            if piece.id in slot.ids:
                found.append(_Choice(-1 - index, named, slot.cost + walls
                                     + MIRROR_COST * mirror, mirror))
                break
    return found


def _namings(room: Evidence, offer: Offer, placements: Sequence[Placement],
             members: dict[str, list[Piece]]) -> tuple[float, int, list[tuple[Placement, ...]]]:
    """The cheapest ways to name the placements (each paid for by a slot, a token paying
    for one piece, the wild card spent at most once): their cost, wild card uses, and
    every naming as cheap (up to MAX_LABELINGS)."""
    options = [_choices(room, offer, p, members.get(p.piece.id, [p.piece])) for p in placements]
    order = sorted(range(len(placements)), key=lambda i: len(options[i]))
    best = [float("inf")]
    found: list[tuple[float, int, tuple[Placement, ...]]] = []
    named: list[Placement | None] = [None] * len(placements)
    nodes = 0

    def search(k: int, used: frozenset[int], wild: int, cost: float) -> None:
        nonlocal nodes
        nodes += 1
        if cost > best[0] + 1e-9 or nodes > MAX_NODES:
            return
        if k == len(order):
            if cost < best[0] - 1e-9:
                best[0] = cost
                found.clear()
            if len(found) < MAX_LABELINGS:
                found.append((cost, wild, tuple(p for p in named if p is not None)))
            return
        index = order[k]
        tried: set[tuple[str, int, bool]] = set()
        for choice in options[index]:
            if choice.slot >= 0 and choice.slot in used:
                continue
            if choice.wild and wild >= 1:
                continue
            slot = offer.slots[choice.slot] if choice.slot >= 0 else None
            key = (choice.placement.piece.id, hash(slot) if slot else choice.slot, choice.wild)
            if key in tried:  # an identical token: the same naming
                continue
            tried.add(key)
            named[index] = choice.placement
            search(k + 1, used | {choice.slot} if choice.slot >= 0 else used,
                   wild + choice.wild, cost + choice.cost)
        named[index] = None

    search(0, frozenset(), 0, 0.0)
    if not found:
        return float("inf"), 0, []
    unique = list(dict.fromkeys(item[2] for item in found))
    return found[0][0], found[0][1], unique


def fit_room(room: Evidence, offer: Offer, pieces: dict[str, Piece]) -> RoomFit:
    """The pieces of one region (its ``room`` evidence) given what its room may hold
    (``pieces``: the catalog)."""
    looks = _Looks(offer, pieces)
    wide: _Looks | None = None
    members = {p.id: ms for ms in looks.members.values() for p in ms}
    placements: list[Placement] = []
    doubts: list[Uncertain] = []
    cost = 0.0
    groups = components(room.furniture)
    ranked: dict[frozenset[Cell], list[tuple[float, _Cover]]] = {}
    for group in groups:
        owned = _owned_dots(room, group, groups)
        covers = _covers(room, looks, group, owned)
        if not covers and offer.anything is not None:
            wide = wide or _Looks(offer, pieces, wide=True)
            members.update({p.id: ms for ms in wide.members.values() for p in ms})
            covers = _covers(room, wide, group, owned)
        if not covers:
            cost += 10.0 * len(group)
            continue
        ranked[group] = sorted(((c.cost + _namings(room, offer, c.placements, members)[0], c)
                                for c in covers), key=lambda item: item[0])
    chosen = _shared_dots_explained(room, ranked)
    for group in groups:
        if group not in chosen:
            doubts.append(Uncertain(min(group, key=reading_order), "furniture",
                                    f"the furniture at {cells_text(group)} matches no "
                                    "piece's shape; left out"))
            continue
        best = chosen[group]
        placements.extend(best.placements)
        cost += best.cost
        second = next((c for _, c in ranked[group] if c is not best), None)
        if second is not None and second.cost - best.cost < CLOSE:
            differ = _differences(best.placements, second.placements)
            if differ:
                doubts.append(Uncertain(min(differ, key=reading_order), "pieces",
                                        f"the furniture at {cells_text(group)} is read as "
                                        f"{', '.join(_names(best.placements))}; its shapes "
                                        f"could also be {', '.join(_names(second.placements))}"))
    rugs, rug_doubts = _rugs(room, offer, pieces)
    doubts += rug_doubts
    every = [*placements, *rugs]
    naming_cost, wild, namings = _namings(room, offer, every, members)
    if not namings:  # nothing can pay: keep the shapes as drawn
        namings = [tuple(every)]
        naming_cost, wild = 10.0 * len(every), 0
    covered = {c for p in placements for c in p.circulation}
    stray = room.dots - covered - room.rings
    cost += naming_cost + STRAY_DOT_COST * len(stray)
    doubts += _unpaid_doubts(namings[0], offer)
    return RoomFit(tuple(namings[0]), cost, wild, tuple(doubts), tuple(namings))


def _shared_dots_explained(room: Evidence,
                           ranked: dict[frozenset[Cell], list[tuple[float, _Cover]]]
                           ) -> dict[frozenset[Cell], _Cover]:
    """The cover of each group of furniture: its cheapest, but a dot beside two groups
    (which either's pieces may explain) that the other groups' chosen covers leave
    unexplained costs too, so that every dot drawn belongs to a piece. Each group's
    choice is weighed again, given the others', until none changes."""
    chosen = {group: covers[0][1] for group, covers in ranked.items()}
    for _ in range(len(ranked)):
        changed = False
        for group, covers in ranked.items():
            if len(covers) < 2:
                continue
            others = {c for g, cover in chosen.items() if g is not group
                      for p in cover.placements for c in p.circulation}
            near_others = {b for g in ranked if g is not group for _, b in _pairs(g)}
            left = ((room.dots - room.rings) & {b for _, b in _pairs(group)} & near_others
                    - others)
            weighed = [(price + STRAY_DOT_COST * len(left - {c for p in cover.placements
                                                             for c in p.circulation}), cover)
                       for price, cover in covers]
            best = min(weighed, key=lambda item: item[0])[1]
            if best is not chosen[group]:
                chosen[group], changed = best, True
        if not changed:
            break
    return chosen


def _owned_dots(room: Evidence, group: frozenset[Cell], groups: Sequence[frozenset[Cell]]
                ) -> frozenset[Cell]:
    """The dots next to ``group`` and to no other group of furniture: only its pieces
    can explain them."""
    def near(cells: frozenset[Cell]) -> set[Cell]:
        return {b for _, b in _pairs(cells)}

    others = set().union(*(near(g) for g in groups if g is not group))
    return frozenset((near(group) & room.dots) - others)


def _names(placements: Iterable[Placement]) -> list[str]:
    return [p.piece.id for p in sorted(placements, key=lambda p: reading_order(
        min(p.furniture, key=reading_order)))]


def _unpaid_doubts(chosen: Sequence[Placement], offer: Offer) -> list[Uncertain]:
    """A doubt on each piece no token of the room pays for, saying why it is read."""
    doubts = []
    paid = {i for slot in offer.slots for i in slot.ids | slot.other}
    for placement in chosen:
        if placement.piece.id not in paid:
            reason = next((s.reason for s in offer.fallbacks if placement.piece.id in s.ids),
                          "")
            doubts.append(Uncertain(min(placement.furniture, key=reading_order), "piece",
                                    f"{placement.piece.id}: {reason}"))
    return doubts


def _differences(a: Iterable[Placement], b: Iterable[Placement]) -> set[Cell]:
    left = {(p.piece.id, p.furniture) for p in a}
    right = {(p.piece.id, p.furniture) for p in b}
    return {c for _, squares in left ^ right for c in squares}
