"""Furniture pieces: their art, their orientations and their placements on a sheet.

A piece's *art* is its furniture squares and circulation squares in one frame. A
placement turns the art (``mirror`` first flips it left-right, then ``rotation``
turns it clockwise) and puts the top-left square of the turned art's bounding box
(circulation included) on the ``anchor`` square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from .grid import SIDES, Cell, EdgeKey, cell_name, cells_text, components, outermost, side_key
from .quoting import excerpt

__all__ = ["HATCHES", "HATCH_WORDS", "ROTATIONS", "Orientation", "Piece", "Placement", "Shape",
           "parse_art"]

ROTATIONS = (0, 90, 180, 270)
#: The hatch styles of furniture on a drawing sheet, as seen on the page: rising and
#: falling diagonals, upright, level, crossed. Pieces that look the same on paper are
#: told apart by them.
HATCHES = ("/", "\\", "|", "-", "x")
#: The hatch styles in words.
HATCH_WORDS = {"/": "/ (rising diagonals)", "\\": "\\ (falling diagonals)",
               "|": "| (upright lines)", "-": "- (level lines)", "x": "x (crossed diagonals)"}
_CLOCKWISE = {"n": "e", "e": "s", "s": "w", "w": "n"}
_MIRRORED = {"n": "n", "e": "w", "s": "s", "w": "e"}


@dataclass(frozen=True)
class Shape:
    """Furniture and circulation squares, relative to the top-left of their bounding box."""

    furniture: frozenset[Cell]
    circulation: frozenset[Cell]
    wall: frozenset[str] = frozenset()

    @cached_property
    def width(self) -> int:
        return 1 + max(x for x, _ in self.furniture | self.circulation)

    @cached_property
    def height(self) -> int:
        return 1 + max(y for _, y in self.furniture | self.circulation)

    @cached_property
    def inner_edges(self) -> tuple[EdgeKey, ...]:
        """The keys of the edges between two of its squares, one of them furniture (the
        shape at 0, 0): where a wall must not run through the piece."""
        squares = self.furniture | self.circulation
        found: set[EdgeKey] = set()
        add = found.add
        for x, y in self.furniture:
            if (x, y - 1) in squares:
                add((x, y, "n"))
            if (x + 1, y) in squares:
                add((x + 1, y, "w"))
            if (x, y + 1) in squares:
                add((x, y + 1, "n"))
            if (x - 1, y) in squares:
                add((x, y, "w"))
        return tuple(found)

    @cached_property
    def wall_edges(self) -> tuple[EdgeKey, ...]:
        """The keys of the edges its wall sides must stand against (the shape at 0, 0):
        each wall side of its outermost furniture squares on that side."""
        return tuple(side_key(cell, side) for side in SIDES if side in self.wall
                     for cell in outermost(self.furniture, side))

    @cached_property
    def in_one_part(self) -> bool:
        """Whether its furniture squares are one group of neighbours."""
        return len(components(self.furniture)) == 1

    @cached_property
    def circulation_box(self) -> tuple[int, int, int, int] | None:
        """Least and greatest x and y of the circulation squares; None when there are none."""
        if not self.circulation:
            return None
        xs = [x for x, _ in self.circulation]
        ys = [y for _, y in self.circulation]
        return min(xs), min(ys), max(xs), max(ys)

    def turned(self, rotation: int, mirror: bool) -> Shape:
        """The shape mirrored (left-right) if asked, then turned clockwise, re-anchored at 0,0."""
        return self.turns(mirror)[max(rotation // 90, 0) % 4]

    def turns(self, mirror: bool) -> tuple[Shape, Shape, Shape, Shape]:
        """The shape mirrored (left-right) if asked, then turned clockwise by each of
        :data:`ROTATIONS`, each re-anchored at 0,0 and knowing its width and height: each
        turn from the one before (a turn swaps the width and height)."""
        furniture, circulation, wall = set(self.furniture), set(self.circulation), set(self.wall)
        width, height = self.width, self.height
        if mirror:
            furniture = {(width - 1 - x, y) for x, y in furniture}
            circulation = {(width - 1 - x, y) for x, y in circulation}
            wall = {_MIRRORED[side] for side in wall}
        found: list[Shape] = []
        for _ in ROTATIONS:
            if found:
                furniture = {(height - 1 - y, x) for x, y in furniture}
                circulation = {(height - 1 - y, x) for x, y in circulation}
                wall = {_CLOCKWISE[side] for side in wall}
                width, height = height, width
            shape = Shape(frozenset(furniture), frozenset(circulation), frozenset(wall))
            shape.__dict__.update(width=width, height=height)  # its cached properties
            found.append(shape)
        return found[0], found[1], found[2], found[3]

    def rows(self) -> list[str]:
        """The shape as art rows: ``#`` furniture, ``o`` circulation, ``.`` nothing."""
        return [
            "".join(
                "#" if (x, y) in self.furniture else "o" if (x, y) in self.circulation else "."
                for x in range(self.width)
            )
            for y in range(self.height)
        ]


def parse_art(art: str) -> Shape:
    """Read catalog art; raise ValueError saying what is wrong with it."""
    rows = [row.rstrip() for row in art.strip("\n").split("\n")]
    if not rows or not any(rows):
        raise ValueError("the art is empty")
    furniture: set[Cell] = set()
    circulation: set[Cell] = set()
    letters: set[str] = set()
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char == "o":
                circulation.add((x, y))
            elif char.isalpha():
                furniture.add((x, y))
                letters.add(char)
            elif char not in ". ":
                raise ValueError(
                    f"row {y + 1}, column {x + 1}: expected a letter, 'o' or '.', "
                    f"found {excerpt(char)}"
                )
    if not furniture:
        raise ValueError("the art has no furniture square (a letter other than 'o')")
    if len(letters) > 1:
        raise ValueError(f"expected one letter for the furniture squares, found {sorted(letters)}")
    min_x = min(x for x, _ in furniture | circulation)
    min_y = min(y for _, y in furniture | circulation)
    return Shape(
        frozenset((x - min_x, y - min_y) for x, y in furniture),
        frozenset((x - min_x, y - min_y) for x, y in circulation),
    )


class Orientation(NamedTuple):
    """One way of drawing a piece: its rotation, whether mirrored, and the turned shape."""

    rotation: int
    mirror: bool
    shape: Shape


@dataclass(frozen=True)
class Piece:
    """A catalog entry. ``kind`` is ``furniture`` or ``rug``. ``hatch`` is how its
    squares are hatched on a drawing sheet (one of :data:`HATCHES`; empty until the
    catalog gives it one, see :class:`homestaging.core.catalog.Catalog`)."""

    id: str
    name: str
    art: Shape
    tags: tuple[str, ...] = ()
    kind: str = "furniture"
    hatch: str = ""

    @property
    def is_rug(self) -> bool:
        return self.kind == "rug"

    @property
    def wall(self) -> frozenset[str]:
        return self.art.wall

    @property
    def size(self) -> int:
        """Number of furniture squares."""
        return len(self.art.furniture)

    @property
    def points(self) -> int:
        """What the piece scores once the front door reaches it: 1 point per furniture
        square, 0 for a rug."""
        return 0 if self.is_rug else len(self.art.furniture)

    @cached_property
    def orientations(self) -> tuple[Orientation, ...]:
        """Every distinct orientation: unmirrored ones first, then mirrored ones."""
        seen: set[Shape] = set()
        found: list[Orientation] = []
        for mirror in (False, True):
            for rotation in ROTATIONS:
                shape = self.shape(rotation, mirror)
                if shape not in seen:
                    seen.add(shape)
                    found.append(Orientation(rotation, mirror, shape))
        return tuple(found)

    @cached_property
    def _turned(self) -> dict[tuple[int, bool], Shape]:
        return {}

    @cached_property
    def look(self) -> frozenset[tuple[frozenset[Cell], frozenset[Cell]]]:
        """What the piece looks like on paper, whatever its turn: the furniture and
        circulation squares of each of its orientations (worked out once: a catalog
        compares the looks of all its pieces, and a project's catalog is the bundled
        one and a few more)."""
        return frozenset((o.shape.furniture, o.shape.circulation) for o in self.orientations)

    def shape(self, rotation: int = 0, mirror: bool = False) -> Shape:
        """The art mirrored and turned; computed once per piece and orientation (the four
        turns of a mirror at once, each from the one before)."""
        key = (rotation, mirror)
        turned = self._turned
        found = turned.get(key)
        if found is None:
            turned.update(zip([(turn, mirror) for turn in ROTATIONS], self.art.turns(mirror),
                               strict=True))
            found = turned.get(key)
            if found is None:  # a rotation not in ROTATIONS
                found = turned[key] = self.art.turned(rotation, mirror)
        return found


@dataclass(frozen=True)
class Placement:
    """A piece drawn on the sheet at ``anchor`` with a rotation and an optional mirror."""

    piece: Piece
    anchor: Cell
    rotation: int = 0
    mirror: bool = False

    @classmethod
    def known(cls, piece: Piece, anchor: Cell, rotation: int, mirror: bool, shape: Shape,
              circulation: frozenset[Cell]) -> Placement:
        """The placement whose turned shape and circulation squares the caller has worked
        out already (the sheet reader, choosing between orientations): kept as
        :attr:`shape` and :attr:`circulation` keep theirs, not worked out again. They
        must be what those work out: ``piece.shape(rotation, mirror)``, and its
        circulation moved to ``anchor``, made in the same order (a set made in another
        order may list its squares in another order)."""
        placement = cls(piece, anchor, rotation, mirror)
        placement.__dict__.update(shape=shape, circulation=circulation)
        return placement

    @cached_property
    def shape(self) -> Shape:
        return self.piece.shape(self.rotation, self.mirror)

    @cached_property
    def furniture(self) -> frozenset[Cell]:
        ax, ay = self.anchor
        return frozenset((ax + x, ay + y) for x, y in self.shape.furniture)

    @cached_property
    def circulation(self) -> frozenset[Cell]:
        ax, ay = self.anchor
        return frozenset((ax + x, ay + y) for x, y in self.shape.circulation)

    @property
    def squares(self) -> frozenset[Cell]:
        return self.furniture | self.circulation

    @property
    def wall_sides(self) -> frozenset[str]:
        return self.shape.wall

    def describe(self) -> str:
        """``Corner kitchen at B2, rotation 90, mirrored``; a piece whose anchor lies off
        the sheet (west or north of A1) is told by its furniture squares."""
        x, y = self.anchor
        where = (f"at {cell_name(self.anchor)}" if x >= 0 and y >= 0
                 else f"with its furniture at {cells_text(self.furniture)}")
        text = f"{self.piece.name} {where}"
        if self.rotation:
            text += f", rotation {self.rotation}"
        if self.mirror:
            text += ", mirrored"
        return text
