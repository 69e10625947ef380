"""The rules of the furniture: pieces that overlap, cover circulation or an obstacle,
lie outside the house, straddle a wall or miss the wall they need."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..core.grid import SIDES, Cell, Edge, outermost, side_key
from .checker import Checker, rule, where_text
from .codes import Code

#: how many pieces one piece is said to stand on, or to cover the circulation of, one by
#: one; past them, one more problem says there are others (so that thousands of pieces
#: piled on one square give a few problems each, not one per pair)
MAX_NAMED = 4


class _Occupants:
    """Which pieces lie on each square, the first :data:`MAX_NAMED` of each kept."""

    def __init__(self) -> None:
        self.first: dict[Cell, list[int]] = {}
        self.count: dict[Cell, int] = {}

    def on(self, cells: Collection[Cell]) -> tuple[list[int], bool]:
        """The first :data:`MAX_NAMED` pieces (by index) on any of ``cells``, and whether
        there are more."""
        if self.count.keys().isdisjoint(cells):
            return [], False  # the common case, answered without a loop
        found: set[int] = set()
        more = False
        for cell in cells:
            kept = self.first.get(cell)
            if kept:
                found.update(kept)
                more = more or self.count[cell] > len(kept)
        ordered = sorted(found)
        return ordered[:MAX_NAMED], more or len(ordered) > MAX_NAMED

    def add(self, cells: Collection[Cell], index: int) -> None:
        first, count = self.first, self.count
        if count.keys().isdisjoint(cells):  # the common case: squares no piece is on yet
            first.update({cell: [index] for cell in cells})
            count.update(dict.fromkeys(cells, 1))
            return
        for cell in cells:
            kept = first.get(cell)
            if kept is None:
                first[cell] = [index]
                count[cell] = 1
                continue
            if len(kept) < MAX_NAMED:
                kept.append(index)
            count[cell] += 1

    def taken(self, cells: Iterable[Cell]) -> set[Cell]:
        """The squares of ``cells`` some piece lies on."""
        return {cell for cell in cells if cell in self.count}


def _apart(squares: list[frozenset[Cell]]) -> bool:
    """Whether no square is in two of the sets."""
    return len(frozenset().union(*squares)) == sum(map(len, squares))


@rule(Code.OVERLAP,
      "Furniture stands on furniture (a rug may lie under furniture, not under a rug).")
def _overlap(ck: Checker) -> None:
    pieces = ck.sheet.pieces
    furniture_only = [d.placement.furniture for d in pieces if not d.placement.piece.is_rug]
    if len(ck.furniture) == sum(map(len, furniture_only)) and _apart(
            [d.placement.furniture for d in pieces if d.placement.piece.is_rug]):
        return  # the usual case: no furniture on furniture, no rug on a rug
    furniture, rugs = _Occupants(), _Occupants()
    for index, drawn in enumerate(pieces):
        layer = rugs if drawn.placement.piece.is_rug else furniture
        squares = drawn.placement.furniture
        others, more = layer.on(squares)
        for other in others:
            cells = squares & pieces[other].placement.furniture
            ck.add(Code.OVERLAP, f"{drawn.subject} stands on {pieces[other].subject} "
                   f"at {where_text(cells)}", drawn.subject, cells, drawn.path)
        if more:
            taken = layer.taken(squares)
            ck.add(Code.OVERLAP, f"{drawn.subject} also stands on other pieces at "
                   f"{where_text(taken)} (the first {MAX_NAMED} are named)", drawn.subject,
                   taken, drawn.path)
        layer.add(squares, index)


@rule(Code.COVERS_CIRCULATION, "Furniture covers a circulation square of another piece.")
def _covers_circulation(ck: Checker) -> None:
    if ck.furniture.isdisjoint(ck.circulation):
        return  # the usual case: no furniture (rugs aside) on any circulation
    furniture, circulation = _Occupants(), _Occupants()
    pieces = ck.sheet.pieces
    for index, drawn in enumerate(pieces):
        placement = drawn.placement
        rug = placement.piece.is_rug
        covers, more_covered = ([], False) if rug else circulation.on(placement.furniture)
        covered, more_covering = furniture.on(placement.circulation)
        for other in sorted({*covers, *covered})[:MAX_NAMED]:
            theirs = pieces[other].placement
            on_theirs = set() if rug else placement.furniture & theirs.circulation
            under = (set() if theirs.piece.is_rug
                     else placement.circulation & theirs.furniture)
            parts = []
            if on_theirs:
                parts.append(f"its furniture covers the circulation of "
                             f"{pieces[other].subject} at {where_text(on_theirs)}")
            if under:
                parts.append(f"its circulation lies on the furniture of "
                             f"{pieces[other].subject} at {where_text(under)}")
            ck.add(Code.COVERS_CIRCULATION, f"{drawn.subject}: {'; '.join(parts)}",
                   drawn.subject, on_theirs | under, drawn.path)
        if more_covered or more_covering or len({*covers, *covered}) > MAX_NAMED:
            cells = furniture.taken(placement.circulation)
            if not rug:
                cells |= circulation.taken(placement.furniture)
            ck.add(Code.COVERS_CIRCULATION, f"{drawn.subject}: its furniture or its "
                   f"circulation also meets other pieces at {where_text(cells)} (the first "
                   f"{MAX_NAMED} are named)", drawn.subject, cells, drawn.path)
        if not rug:
            furniture.add(placement.furniture, index)
        circulation.add(placement.circulation, index)


@rule(Code.COVERS_OBSTACLE, "Furniture or circulation covers an obstacle of the house.")
def _covers_obstacle(ck: Checker) -> None:
    obstacles = ck.sheet.project.obstacles
    if not ck.squares & obstacles:
        return
    for drawn in ck.sheet.pieces:
        cells = drawn.placement.squares & obstacles
        if cells:
            ck.add(Code.COVERS_OBSTACLE, f"{drawn.subject} covers the obstacle at "
                   f"{where_text(cells)}", drawn.subject, cells, drawn.path)


@rule(Code.OUTSIDE_HOUSE, "Furniture, circulation or a room lies outside the house.")
def _outside_house(ck: Checker) -> None:
    project = ck.sheet.project
    astray = not ck.squares <= project.house  # most often every piece is inside
    for drawn in ck.sheet.pieces if astray else ():
        cells = drawn.placement.squares - project.house
        if not cells:
            continue
        shown = ck.on_sheet(cells)
        off = len(cells) - len(shown)
        text = f"{drawn.subject} lies outside the house"
        if shown:
            text += f" at {where_text(shown)}"
        if off:
            text += f"{' and' if shown else ','} {off} square(s) off the sheet"
        ck.add(Code.OUTSIDE_HOUSE, text, drawn.subject, cells, drawn.path)
    for room in ck.walled():
        outside = room.cells - project.house
        if outside:
            ck.add(Code.OUTSIDE_HOUSE, f"room {room.name} lies outside the house at "
                   f"{where_text(outside)}", f"room {room.name}", outside, room.path + ".cells")


@rule(Code.CROSSES_WALL,
      "A piece straddles a wall: its squares are not in one room, or a wall "
      "runs between its squares.")
def _crosses_wall(ck: Checker) -> None:
    lay, house, walls = ck.lay, ck.sheet.project.house, ck.wall_keys
    walled, room_of = lay.walled_rooms, lay.room_at.get
    for index, drawn in enumerate(ck.sheet.pieces):
        placement = drawn.placement
        room = lay.piece_rooms[index]
        home = room if room in walled else None
        squares = placement.squares
        if not squares <= house:
            squares = squares & house
        # the usual case, every square in the piece's room, told by one C loop
        astray = ({c for c in squares if room_of(c) != home}
                  if set(map(room_of, squares)) != {home} else set())
        parts: list[str] = []
        cells: set[Cell] = set(astray)
        if astray:
            where = f"room {home}" if home else "the unwalled part of the house"
            parts.append(f"its squares at {where_text(astray)} are not in {where} with the rest")
        crossings: list[Edge] = []
        all_in = len(squares) == len(placement.furniture) + len(placement.circulation)
        ax, ay = placement.anchor
        inside: Collection[Cell]
        if all_in and walls.isdisjoint([(ax + dx, ay + dy, side) for dx, dy, side
                                        in placement.shape.inner_edges]):
            inside = ()  # the usual case: no wall between any two of its squares
        else:
            inside = placement.furniture
        for cell in inside:
            if cell not in squares:
                continue
            x, y = cell  # the steps of grid.steps, written out: a loop over every piece
            for other, key in (((x, y - 1), (x, y, "n")), ((x + 1, y), (x + 1, y, "w")),
                               ((x, y + 1), (x, y + 1, "n")), ((x - 1, y), (x, y, "w"))):
                if other not in squares:
                    continue
                if other in placement.furniture and other < cell:
                    continue  # each furniture pair once
                if key in walls:
                    crossings.append(Edge.between(cell, other))
                    cells.update((cell, other))
        if crossings:
            names = ", ".join(e.name for e in crossings)
            parts.append(f"a wall runs through it at {names}")
        if parts:
            ck.add(Code.CROSSES_WALL, f"{drawn.subject} straddles a wall: "
                   f"{'; '.join(parts)}", drawn.subject, cells, drawn.path)


@rule(Code.NEEDS_WALL,
      "A wall piece's wall side does not stand against a wall that already existed.")
def _needs_wall(ck: Checker) -> None:
    for index, drawn in enumerate(ck.sheet.pieces):
        sides = drawn.placement.wall_sides
        if not sides:
            continue
        room = ck.lay.piece_rooms[index]
        ax, ay = drawn.placement.anchor
        if ck.lay.stood_before(room, [(ax + dx, ay + dy, side) for dx, dy, side
                                      in drawn.placement.shape.wall_edges]):
            continue  # the usual case: every wall side against a wall
        walls = ck.wall_keys_before(room)
        furniture = drawn.placement.furniture
        missing: dict[str, list[Cell]] = {}
        for side in (side for side in SIDES if side in sides):
            bare = [c for c in outermost(furniture, side) if side_key(c, side) not in walls]
            if bare:
                missing[side] = bare
        if missing:
            what = "; ".join(f"{side} side at {where_text(cells)}"
                             for side, cells in missing.items())
            ck.add(Code.NEEDS_WALL, f"{drawn.subject} must stand against a wall that "
                   f"already existed when it was drawn: no wall on the {what}",
                   drawn.subject, {c for cells in missing.values() for c in cells},
                   drawn.path)
