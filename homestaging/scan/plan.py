"""From classified squares and edges to a plan: rooms, doors, pieces, an ordinary sheet.

* Rooms: the walls (pencil, printed, exterior) cut the house into regions. A door is a
  gap in a wall: an edge with no wall whose two ends touch walls, and whose removal cuts
  a region off from the front door (a bridge). Gaps are taken as doors from the deepest
  up when what lies behind them holds pencil; a door must open onto the hallway (or, in
  a ``no-hallway`` project, onto the entry room), so a gap inside a room is not one.
* Pieces: the furniture squares of a region are covered exactly by pieces of the
  room's card options (any rotation; mirrored at a cost, it spends the wild card),
  preferring covers whose circulation squares carry dots and whose piece boundaries
  carry outlines. Rug rings are fitted by the room's rugs.
* Names: each region is given the project room whose card options explain its pieces
  best. Anything decided on thin evidence is listed as uncertain, with the reason.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..drawing import segment
from ..grid import (
    Cell,
    Edge,
    EdgeKey,
    cell_name,
    cells_text,
    components,
    flood,
    neighbours,
    reading_order,
)
from ..pieces import Piece, Placement, Shape
from ..project import Project
from ..sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from .marks import CIRCULATION, EMPTY, FURNITURE, RING, RING_DOT, Marks

__all__ = ["Uncertain", "read_plan"]

MIRROR_COST = 0.6
UNMARKED_COST = 0.7
STRAY_DOT_COST = 0.5
SPLIT_COST = 0.8
OFF_CARDS_COST = 3.0
SPLIT = 0.05  # outline evidence above which two furniture squares are of two pieces
WALL_COST = 1.5  # a wall piece whose wall side stands against no wall
MAX_NODES = 3_000


@dataclass(frozen=True)
class Uncertain:
    """A square (or one of its sides) the scanner is not sure of, and why."""

    cell: Cell
    what: str
    reason: str
    side: str | None = None

    def to_json(self) -> dict[str, str]:
        out = {"square": cell_name(self.cell)}
        if self.side:
            out["side"] = self.side
        out.update({"what": self.what, "reason": self.reason})
        return out

    def line(self) -> str:
        where = cell_name(self.cell) + (f"/{self.side}" if self.side else "")
        return f"{where}: {self.what}: {self.reason}"


@dataclass(frozen=True)
class _Cover:
    placements: tuple[Placement, ...]
    cost: float


def _room_options(project: Project, name: str | None) -> list[Piece]:
    """The pieces on the room's cards (either variant), or every piece for no room."""
    catalog = project.catalog
    if name is None:
        return sorted(catalog.pieces.values(), key=lambda p: p.id)
    spec = project.room(name)
    assert spec is not None
    ids = set().union(*(catalog.card_options(slot.number) for slot in spec.cards))
    return [catalog.pieces[i] for i in sorted(ids) if i in catalog.pieces]


class _Fitter:
    """Exact covers of a region's furniture squares by pieces, cheapest first."""

    def __init__(self, marks: Marks, project: Project, region: frozenset[Cell],
                 walls: frozenset[Edge]) -> None:
        self.marks = marks
        self.project = project
        self.region = region
        squares = marks.squares
        self.furniture = frozenset(c for c in region if squares.get(c) == FURNITURE)
        self.dots = frozenset(c for c in region if squares.get(c) in (CIRCULATION, RING_DOT))
        self.rings = frozenset(c for c in region if squares.get(c) in (RING, RING_DOT))
        self.usable = region - project.obstacles
        self.walls = walls
        self.split_at: dict[tuple[Cell, Cell], bool] = {}

    def placements(self, pieces: Sequence[Piece], cell: Cell, free: frozenset[Cell],
                   cost: float) -> list[tuple[Placement, float]]:
        """Every placement of ``pieces`` whose furniture covers ``cell`` within ``free``."""
        found = []
        cx, cy = cell
        for piece in pieces:
            if piece.is_rug:
                continue
            for orientation in piece.orientations:
                shape = orientation.shape
                for fx, fy in shape.furniture:
                    ax, ay = cx - fx, cy - fy
                    if any((ax + x, ay + y) not in free for x, y in shape.furniture):
                        continue
                    circulation = {(ax + x, ay + y) for x, y in shape.circulation}
                    if circulation & self.furniture or not circulation <= self.usable:
                        continue
                    price = cost + (MIRROR_COST if orientation.mirror else 0.0)
                    price += UNMARKED_COST * len(circulation - self.dots)
                    price += WALL_COST * self.bare_wall_sides(shape, ax, ay)
                    placement = Placement(piece, (ax, ay), orientation.rotation,
                                          orientation.mirror)
                    found.append((placement, price))
        found.sort(key=lambda item: item[1])
        return found

    def bare_wall_sides(self, shape: Shape, ax: int, ay: int) -> int:
        """How many of the wall sides the piece needs stand against no wall."""
        bare = 0
        for side in shape.wall:
            axis, sign = {"n": (1, -1), "s": (1, 1), "w": (0, -1), "e": (0, 1)}[side]
            extreme = max(sign * c[axis] for c in shape.furniture)
            for x, y in shape.furniture:
                if sign * (x, y)[axis] == extreme and Edge((ax + x, ay + y), side) \
                        not in self.walls:
                    bare += 1
                    break
        return bare

    def covers(self, group: frozenset[Cell], pieces: Sequence[Piece],
               others: Sequence[Piece]) -> list[_Cover]:
        """Covers of one connected group of furniture squares, cheapest first (those
        within reach of the cheapest); pieces off the room's cards only when the room's
        own cannot cover the group."""
        found = self._covers(group, pieces, 0.0)
        return found or self._covers(group, others, OFF_CARDS_COST)

    def _covers(self, group: frozenset[Cell], pieces: Sequence[Piece], base: float
                ) -> list[_Cover]:
        by_cell: dict[Cell, list[tuple[Placement, float]]] = {}
        seen: set[tuple[str, frozenset[Cell], frozenset[Cell]]] = set()
        for cell in group:
            for placement, price in self.placements(pieces, cell, group, base):
                key = (placement.piece.id, placement.furniture, placement.circulation)
                if key in seen:
                    continue
                seen.add(key)
                inside = placement.furniture
                price += SPLIT_COST * sum(1 for a, b in self.pairs(inside)
                                          if b in inside and self.split(a, b))
                for square in inside:
                    by_cell.setdefault(square, []).append((placement, price))
        for options in by_cell.values():
            options.sort(key=lambda item: item[1])
        results: list[_Cover] = []
        nodes = 0
        best = [float("inf")]

        def search(free: frozenset[Cell], chosen: tuple[Placement, ...], taken: frozenset[Cell],
                   cost: float) -> None:
            nonlocal nodes
            nodes += 1
            if nodes > MAX_NODES or cost > best[0] + 1.0:
                return
            if not free:
                best[0] = min(best[0], cost)
                results.append(_Cover(chosen, cost))
                return
            cell = min(free, key=reading_order)
            for placement, price in by_cell.get(cell, []):
                squares = placement.furniture
                if squares <= free:
                    # touching squares of two pieces should show an outline between them
                    joins = sum(1 for a, b in self.pairs(squares)
                                if b in taken and not self.split(a, b))
                    search(free - squares, (*chosen, placement), taken | squares,
                           cost + price + SPLIT_COST * joins)

        search(group, (), frozenset(), 0.0)
        results.sort(key=lambda cover: (cover.cost, len(cover.placements)))
        return [c for c in results if c.cost <= best[0] + 1.0]

    @staticmethod
    def pairs(cells: Iterable[Cell]) -> list[tuple[Cell, Cell]]:
        """Each square with its four neighbours."""
        return [(c, (c[0] + dx, c[1] + dy)) for c in cells
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]

    def split(self, a: Cell, b: Cell) -> bool:
        """Whether an outline separates the neighbouring squares ``a`` and ``b``."""
        key = (a, b) if a < b else (b, a)
        found = self.split_at.get(key)
        if found is None:
            found = self.split_at[key] = self.marks.splits.get(Edge.between(*key), 0.0) > SPLIT
        return found

    def rugs(self, pieces: Sequence[Piece]) -> tuple[list[Placement], list[Uncertain]]:
        """Rugs fitted to the groups of ring squares."""
        placed: list[Placement] = []
        doubts: list[Uncertain] = []
        rug_pieces = [p for p in pieces if p.is_rug] or [
            p for p in self.project.catalog.pieces.values() if p.is_rug]
        for group in components(self.rings):
            fits = []
            allowed = self.rings | self.furniture
            for piece in sorted(rug_pieces, key=lambda p: p.id):
                for orientation in piece.orientations:
                    shape = orientation.shape
                    for fx, fy in shape.furniture:
                        cell = min(group, key=reading_order)
                        anchor = (cell[0] - fx, cell[1] - fy)
                        placement = Placement(piece, anchor, orientation.rotation,
                                              orientation.mirror)
                        squares = placement.furniture
                        if group <= squares and squares <= allowed and not (
                            squares & self.rings - group
                        ):
                            fits.append((len(squares & self.furniture) + MIRROR_COST *
                                         orientation.mirror, placement))
            first = min(group, key=reading_order)
            if not fits:
                doubts.append(Uncertain(first, "rug", f"rings at {cells_text(group)} fit no "
                                        "rug of the room's cards; left out"))
                continue
            fits.sort(key=lambda item: (item[0], item[1].piece.id, item[1].anchor,
                                        item[1].rotation))
            best = fits[0]
            same = [f for f in fits if f[0] == best[0]
                    and f[1].furniture != best[1].furniture]
            if same:
                doubts.append(Uncertain(first, "rug", f"the rug under the furniture at "
                                        f"{cells_text(group)} could lie {len(same) + 1} ways; "
                                        f"read as {best[1].describe()}"))
            placed.append(best[1])
        return placed, doubts


def _fit_region(marks: Marks, project: Project, region: frozenset[Cell], room: str | None,
                walls: frozenset[Edge] = frozenset(),
                ) -> tuple[list[Placement], float, list[Uncertain]]:
    """The pieces of one region for one room name, their cost, and what is uncertain.
    ``walls`` are the walls a wall piece of the region may stand against."""
    fitter = _Fitter(marks, project, region, walls)
    options = _room_options(project, room)
    others = _room_options(project, None)
    placements: list[Placement] = []
    doubts: list[Uncertain] = []
    total = 0.0
    for group in components(fitter.furniture):
        covers = fitter.covers(group, options, others)
        first = min(group, key=reading_order)
        if not covers:
            doubts.append(Uncertain(first, "furniture", f"the furniture at {cells_text(group)} "
                                    "matches no piece's shape; left out"))
            total += 10.0 * len(group)
            continue
        best = covers[0]
        placements.extend(best.placements)
        total += best.cost
        if len(covers) > 1 and covers[1].cost - best.cost < 0.5:
            differ = _differences(best.placements, covers[1].placements)
            names = ", ".join(p.piece.id for p in best.placements)
            alt = ", ".join(p.piece.id for p in covers[1].placements)
            doubts.append(Uncertain(min(differ or group, key=reading_order),
                                    "pieces", f"read as {names}; could also be {alt}"))
    if room is not None:
        placements = _assign_ids(placements, project, room, fitter)
    covered = {c for p in placements for c in p.circulation}
    stray = fitter.dots - covered - fitter.rings
    total += STRAY_DOT_COST * len(stray)
    rugs, rug_doubts = fitter.rugs(options)
    placements.extend(rugs)
    doubts.extend(rug_doubts)
    return placements, total, doubts


def _twins(placement: Placement, options: Sequence[Piece]) -> list[Placement]:
    """The placement and every option drawn the same way on the same squares."""
    found = [placement]
    shape = placement.shape
    for piece in options:
        if piece.id == placement.piece.id or piece.is_rug:
            continue
        for orientation in piece.orientations:
            same = orientation.shape
            if same.furniture == shape.furniture and same.circulation == shape.circulation:
                found.append(Placement(piece, placement.anchor, orientation.rotation,
                                       orientation.mirror))
                break
    return found


def _assign_ids(placements: list[Placement], project: Project, room: str, fitter: _Fitter,
                ) -> list[Placement]:
    """Among pieces that look alike on paper, the ids that the room's cards can pay for:
    each token of a card pays for one piece of its options (most pieces paid, then the
    fewest wall pieces off a wall, then the fewest changes)."""
    spec = project.room(room)
    if spec is None or len(placements) > 12:
        return placements
    catalog = project.catalog
    slots = [catalog.card_options(slot.number) for slot in spec.cards for _ in range(slot.tokens)]
    options = _room_options(project, room)
    choices = [_twins(p, options) for p in placements]
    best: tuple[tuple[int, int, int], list[Placement]] = ((-1, 0, 0), placements)

    def search(index: int, used: frozenset[int], chosen: list[Placement], paid: int,
               bare: int, changed: int) -> None:
        nonlocal best
        if index == len(choices):
            key = (paid, -bare, -changed)
            if key > best[0]:
                best = (key, list(chosen))
            return
        for k, option in enumerate(choices[index]):
            walls = fitter.bare_wall_sides(option.shape, *option.anchor)
            slot = next((i for i, ids in enumerate(slots)
                         if i not in used and option.piece.id in ids), None)
            search(index + 1, used | {slot} if slot is not None else used,
                   [*chosen, option], paid + (slot is not None), bare + walls,
                   changed + (k > 0))

    if sum(len(c) for c in choices) <= 40:
        search(0, frozenset(), [], 0, 0, 0)
    return best[1]


def _differences(a: Iterable[Placement], b: Iterable[Placement]) -> set[Cell]:
    left = {(p.piece.id, p.furniture) for p in a}
    right = {(p.piece.id, p.furniture) for p in b}
    return {c for _, squares in left ^ right for c in squares}


# ---------------------------------------------------------------------------- rooms


def _ends(edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    (a, b) = segment(edge)
    return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))


def _graph(project: Project, walls: set[Edge]) -> dict[Cell, list[Cell]]:
    adjacency: dict[Cell, list[Cell]] = {c: [] for c in project.house}
    for cell in project.house:
        for side, other in neighbours(cell):
            if other in project.house and Edge(cell, side) not in walls:
                adjacency[cell].append(other)
    return adjacency


def _reach(house: frozenset[Cell], walls: set[EdgeKey], start: Cell,
           cut: Iterable[Edge] = ()) -> set[Cell]:
    """The squares of the house reached from ``start`` through neither the walls nor the
    ``cut`` edges."""
    return flood(start, house, walls | {edge.key for edge in cut})


def _bridges(adjacency: dict[Cell, list[Cell]], root: Cell) -> list[Edge]:
    """The edges whose removal disconnects the root's component (iterative Tarjan)."""
    order: dict[Cell, int] = {root: 0}
    low: dict[Cell, int] = {root: 0}
    found: list[Edge] = []
    stack: list[tuple[Cell, Cell | None, int]] = [(root, None, 0)]
    counter = 1
    while stack:
        cell, parent, index = stack.pop()
        neighbours_ = sorted(adjacency[cell])
        if index < len(neighbours_):
            stack.append((cell, parent, index + 1))
            other = neighbours_[index]
            if other == parent:
                continue
            if other in order:
                low[cell] = min(low[cell], order[other])
            else:
                order[other] = low[other] = counter
                counter += 1
                stack.append((other, cell, 0))
        elif parent is not None:
            low[parent] = min(low[parent], low[cell])
            if low[cell] > order[parent]:
                found.append(Edge.between(parent, cell))
    return found


@dataclass(frozen=True)
class _Region:
    cells: frozenset[Cell]
    door: Edge | None


def _rooms(marks: Marks, project: Project, root: Cell | None
           ) -> tuple[list[_Region], frozenset[Cell], list[Uncertain]]:
    """The walled regions (rooms) with their doors, the hallway, and doubts."""
    walls = set(marks.walls) | set(project.walls) | set(project.exterior_walls())
    adjacency = _graph(project, walls)  # for the bridges
    wall_keys = {edge.key for edge in walls}
    house = project.house
    points: set[tuple[float, float]] = set()
    for edge in walls:
        points.update(_ends(edge))
    content = {c for c, kind in marks.squares.items() if kind != EMPTY}
    doubts: list[Uncertain] = []
    regions: list[_Region] = []
    placed: set[Cell] = set()
    parts = components(house, wall_keys)
    if root is None:
        empty_parts = [p for p in parts if not p & content]
        root_part = max(empty_parts or parts, key=len)
        root = min(root_part, key=reading_order)
    main = next(p for p in parts if root in p)
    for part in parts:
        if part is not main and part & content:
            regions.append(_Region(frozenset(part), None))
            placed |= part
            first = min(part, key=reading_order)
            doubts.append(Uncertain(first, "room", "a walled room with no door gap found"))
    candidates = []
    for edge in _bridges(adjacency, root):
        a, b = _ends(edge)
        if a in points and b in points:
            candidates.append(edge)
    far: dict[Edge, frozenset[Cell]] = {}
    for edge in candidates:
        near = _reach(house, wall_keys, root, [edge])
        far[edge] = frozenset(main - near)
    doors: list[Edge] = []
    for edge in sorted(candidates, key=lambda e: (len(far[e]), e.key)):
        inner = set(far[edge])
        for door in doors:
            if far[door] < far[edge]:
                inner -= far[door]
        if inner & content:
            doors.append(edge)
    no_hallway = project.no_hallway
    changed = True
    while changed:
        changed = False
        cut = set(doors)
        root_region = _reach(house, wall_keys, root, cut)
        for edge in list(doors):
            a, b = edge.cells
            outside = a if b in far[edge] else b
            behind = _reach(house, wall_keys, outside, cut)
            bad = (behind != root_region) if no_hallway else bool(behind & content)
            if bad:
                doors.remove(edge)
                changed = True
                break
    cut = set(doors)
    for edge in doors:
        a, b = edge.cells
        inside = b if b in far[edge] else a
        cells = frozenset(_reach(house, wall_keys, inside, cut))
        regions.append(_Region(cells, Edge(inside, edge.seen_from(inside).side)))
    hallway = frozenset(_reach(house, wall_keys, root, cut))
    if no_hallway and hallway & content:
        regions.insert(0, _Region(hallway, None))
        hallway = frozenset()
    return regions, hallway, doubts


# ---------------------------------------------------------------------------- the sheet


def _front_door(marks: Marks) -> tuple[Edge | None, list[Uncertain]]:
    found = sorted(marks.front_doors, key=lambda item: -item[1])
    if not found:
        return None, []
    best, score = found[0]
    doubts = []
    for edge, other in found[1:]:
        if other > 0.3:
            doubts.append(Uncertain(edge.cell, "front door?", f"a second triangle outside the "
                                    f"wall (ink {other:.2f}); the front door is read at "
                                    f"{best.name}", edge.side))
    if score < 0.3:
        doubts.append(Uncertain(best.cell, "front door", f"a faint triangle (ink {score:.2f})",
                                best.side))
    return best, doubts


def read_plan(marks: Marks, project: Project, file: str) -> tuple[Sheet, list[Uncertain]]:
    """The sheet the marks show, and the squares and sides it is not sure of."""
    doubts = [Uncertain(cell, what, reason, side) for cell, side, what, reason
              in marks.uncertain]
    front, front_doubts = _front_door(marks)
    doubts += front_doubts
    root = None
    if front is not None:
        root = front.cell if front.cell in project.house else front.outer
    regions, hallway, room_doubts = _rooms(marks, project, root)
    doubts += room_doubts
    names = [room.name for room in project.rooms]
    # The cost of every region under every name, then the cheapest assignment.
    fits: dict[tuple[int, str], tuple[list[Placement], float, list[Uncertain]]] = {}
    printed = project.exterior_walls() | project.walls
    owner = {c: i for i, region in enumerate(regions) for c in region.cells}
    for index, region in enumerate(regions):
        shared = {e for e in marks.walls if owner.get(e.cell, -1) != owner.get(e.outer, -1)
                  and -1 not in (owner.get(e.cell, -1), owner.get(e.outer, -1))}
        walls = frozenset(printed | shared)
        for name in names:
            fits[index, name] = _fit_region(marks, project, region.cells, name, walls)
    best: tuple[float, tuple[str, ...]] | None = None
    count = min(len(regions), len(names))
    extra = regions[count:]
    regions = regions[:count]
    for chosen in itertools.permutations(names, count):
        cost = sum(fits[i, name][1] for i, name in enumerate(chosen))
        if best is None or cost < best[0]:
            best = (cost, chosen)
    for region in extra:
        first = min(region.cells, key=reading_order)
        doubts.append(Uncertain(first, "room", f"more walled rooms than the project has "
                                f"({len(names)}); {cells_text(region.cells)} left as hallway"))
    assigned = dict(zip(best[1], regions, strict=True)) if best else {}
    rooms: list[RoomPlan] = []
    pieces: list[DrawnPiece] = []
    for name in names:
        found = assigned.get(name)
        if found is None:
            continue
        region = found
        index = regions.index(region)
        placed, _, fit_doubts = fits[index, name]
        doubts += fit_doubts
        doors = (region.door,) if region.door is not None else ()
        rooms.append(RoomPlan(name, region.cells, doors, f"$.rooms[{len(rooms)}]"))
        pieces += [DrawnPiece(p, f"scan[{len(pieces) + k}]", "$") for k, p in enumerate(placed)]
    current = None
    loose = {c for c in hallway if marks.squares.get(c, EMPTY) != EMPTY}
    missing = [name for name in names if name not in assigned]
    if loose:
        current = missing[0] if missing else None
        placed, _, fit_doubts = _fit_region(marks, project, hallway, current,
                                            frozenset(printed | marks.walls))
        doubts += fit_doubts
        pieces += [DrawnPiece(p, f"scan[{len(pieces) + k}]", "$") for k, p in enumerate(placed)]
        if current is None:
            first = min(loose, key=reading_order)
            doubts.append(Uncertain(first, "furniture", "pencil in the hallway while every "
                                    "room is walled"))
    elif missing and len(missing) < len(names):
        current = None
    ordered_rooms = rooms + [RoomPlan(name, path=f"$.rooms[{len(rooms) + i}]")
                             for i, name in enumerate(n for n in missing if n == current)]
    mirrored = tuple(i for i, p in enumerate(pieces) if p.placement.mirror)
    wild = WildCard(mirrored, "mirror") if len(mirrored) == 1 else None
    if len(mirrored) > 1:
        doubts += [Uncertain(min(pieces[i].placement.furniture), "mirrored",
                             "more than one piece reads as mirrored") for i in mirrored]
    sheet = Sheet(project=project, rooms=tuple(ordered_rooms), pieces=tuple(pieces),
                  front_doors=(front,) if front else (), windows=tuple(sorted(
                      marks.windows, key=lambda e: e.key)), wild_card=wild,
                  current_room=current, source=file, project_ref=project.id)
    unique: dict[tuple[Cell, str | None, str], Uncertain] = {}
    for doubt in doubts:
        unique.setdefault((doubt.cell, doubt.side, doubt.what), doubt)
    ordered = sorted(unique.values(), key=lambda d: (d.cell[1], d.cell[0], d.side or ""))
    return sheet, ordered
