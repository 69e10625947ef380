"""Where can this piece go? Every legal placement of a piece in the room being furnished.

A placement is legal when adding the piece to the sheet makes :func:`rules.check` report
no error it did not report before, and the piece lands in the room being furnished (none
of its squares in a walled room). Two implementations answer that question and must
agree (a property test holds them to it):

- :func:`reference_keys` builds every candidate sheet and runs :func:`rules.check` on it:
  slow, obviously right;
- :func:`legal_keys` uses integer bit masks (:class:`SheetMasks`, one Python int per
  layer, bit ``y * width + x``): for each orientation, the set of legal anchors is the AND
  of the allowed-square layers shifted by each square of the piece.

:func:`placements` returns the legal placements as :class:`Candidate` objects, marked
(``cuts_off``, ``door_possible``) and ranked best first. See ``docs/placement.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ..core.bitmask import iter_bits
from ..core.grid import Cell, reading_order
from ..core.pieces import Orientation, Piece, Placement
from ..core.sheet import Sheet
from .legal import (
    anchor_masks,
    covering,
    fits_left,
    legal,
    legal_keys,
    reference_keys,
    why_none,
    with_piece,
)
from .marks import Cut
from .masks import (
    Compiled,
    PlacementKey,
    SheetMasks,
    card_pieces,
    card_variants,
    compile_shape,
    target_room,
)

__all__ = [
    "Candidate",
    "Cut",
    "PlacementKey",
    "SheetMasks",
    "Sketch",
    "SketchOrder",
    "all_sketches",
    "anchor_masks",
    "card_pieces",
    "card_variants",
    "covering",
    "fits_left",
    "judge_sketch",
    "judged",
    "judged_all",
    "legal_keys",
    "placements",
    "reference_keys",
    "sketches",
    "target_room",
    "why_none",
    "with_piece",
]

@dataclass
class Candidate:
    """One legal placement of a piece, with its marks.

    ``points``: furniture squares added (0 for a rug). ``cuts_off``: what already drawn
    would lose its walkable link to the front door (pieces' circulation, room doors).
    ``door_possible``: the room being furnished could still get a door linking all its
    pieces' circulation to the hallway (a heuristic, see ``docs/placement.md``).
    ``contact``: furniture squares of the piece touching a wall, an obstacle or another
    piece (more is tidier). ``joins_room``: the piece touches (or shares circulation
    with) the pieces already in the room, so the room stays in one piece; true while
    the room is empty.
    """

    anchor: Cell
    rotation: int
    mirror: bool
    points: int
    cuts_off: tuple[Cut, ...]
    door_possible: bool
    contact: int
    joins_room: bool
    piece: Piece = field(repr=False, compare=False)
    furniture_bits: int = field(default=0, repr=False, compare=False)
    """The furniture squares as a mask of the sheet the placement was judged on."""
    circulation_bits: int = field(default=0, repr=False, compare=False)

    @property
    def key(self) -> PlacementKey:
        return (self.anchor, self.rotation, self.mirror)

    @property
    def good(self) -> bool:
        """Cuts nothing off and keeps a door possible."""
        return not self.cuts_off and self.door_possible

    @cached_property
    def placement(self) -> Placement:
        return Placement(self.piece, self.anchor, self.rotation, self.mirror)

    @property
    def loses_room(self) -> bool:
        """No door could serve the room after it, or a door it cuts off strands the room
        (:attr:`Cut.strands`): the ranking counts the room's points lost. Most
        placements cut nothing off: no generator is made for them."""
        return not self.door_possible or (
            bool(self.cuts_off) and any(cut.strands for cut in self.cuts_off))

    @property
    def furniture(self) -> frozenset[Cell]:
        return self.placement.furniture

    @property
    def circulation(self) -> frozenset[Cell]:
        return self.placement.circulation


# --- the answer ----------------------------------------------------------------------------


def placements(
    sheet: Sheet | SheetMasks, piece: Piece, *, room: str | None = None,
    mirror: bool | None = None,
) -> list[Candidate]:
    """Every legal placement of ``piece`` in the room being furnished, best first.

    Best: cuts nothing off and keeps a door possible, then joins the pieces already in
    the room, then more points, then more contact (tidier, leaves room), then anchor in
    reading order, rotation, mirror.
    """
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    found = judged_all(masks, piece, [(orientation, bit)
                                      for orientation, _, anchors in legal(masks, piece, mirror)
                                      for bit in iter_bits(anchors)])
    found.sort(key=_rank)
    return found


def judged(masks: SheetMasks, piece: Piece, orientation: Orientation, bit: int) -> Candidate:
    """The placement of ``piece`` in ``orientation`` with its anchor on square ``bit``
    (a legal one, from :func:`anchor_masks`), with its marks."""
    return judged_all(masks, piece, [(orientation, bit)])[0]


def judged_all(masks: SheetMasks, piece: Piece,
               chosen: Iterable[tuple[Orientation, int]]) -> list[Candidate]:
    """:func:`judged` for each (orientation, anchor bit), in order."""
    return [judge_sketch(masks, sketch) for sketch in sketches(masks, piece, chosen)]


class Sketch(NamedTuple):
    """A placement before its flood fills: its squares as masks and the marks that cost
    a few bit operations (``contact``, ``joins_room``; see :class:`Candidate`)."""

    piece: Piece
    orientation: Orientation
    bit: int
    furniture: int
    circulation: int
    contact: int
    joins_room: bool


def sketches(masks: SheetMasks, piece: Piece,
             chosen: Iterable[tuple[Orientation, int]]) -> list[Sketch]:
    """The :class:`Sketch` of each (orientation, anchor bit), in order."""
    return all_sketches(masks, piece, ((orientation, 1 << bit) for orientation, bit in chosen))


def all_sketches(masks: SheetMasks, piece: Piece,
                 legal: Iterable[tuple[Orientation, int]]) -> list[Sketch]:
    """The :class:`Sketch` of every anchor of ``legal`` (per orientation, a mask of
    anchors, as :func:`anchor_masks` gives), in order."""
    marks = masks.marks
    touching, room_near = marks.touching, marks.room_near
    found: list[Sketch] = []
    append = found.append
    make = tuple.__new__  # a named tuple without the keyword handling of its __new__
    for orientation, anchors in legal:
        compiled = compile_shape(orientation.shape, masks.width)
        furniture_mask, circulation_mask = compiled.furniture_mask, compiled.circulation_mask
        while anchors:
            low = anchors & -anchors
            anchors ^= low
            bit = low.bit_length() - 1
            furniture = furniture_mask << bit
            circulation = circulation_mask << bit
            contact = (furniture & touching).bit_count()
            joins = not room_near or (furniture | circulation) & room_near != 0
            append(make(Sketch, (piece, orientation, bit, furniture, circulation, contact,
                                 joins)))
    return found


_BIT = 10
"""Where an order key (:class:`SketchOrder`) holds the anchor's bit (40 bits)."""
_CONTACT = 50
"""Where it holds 4095 less the contact (12 bits); above them, apart from the room."""


class SketchOrder:
    """The placements of a piece (per orientation, a mask of legal anchors), in the order
    of the ranking among placements of equal value: joining the room's pieces first,
    then more contact, the anchor in reading order, the rotation, unmirrored first.
    Each placement is named by its order key, an int (a smaller key comes first), and
    sketched only when asked (:meth:`sketch`): the classes of equal joining and contact
    are found for all anchors of an orientation at once, with bit masks (the contact
    counted bit-sliced), and a reader that stops early sketches few placements."""

    __slots__ = ("_classes", "_masks", "_piece", "_sketches", "_turns")

    def __init__(self, masks: SheetMasks, piece: Piece,
                 legal: Iterable[tuple[Orientation, int]]) -> None:
        marks = masks.marks
        touching, room_near = marks.touching, marks.room_near
        self._masks = masks
        self._piece = piece
        self._sketches: dict[int, Sketch] = {}
        self._turns: dict[int, tuple[Orientation, Compiled]] = {}
        classes: dict[int, list[tuple[int, int]]] = {}
        for orientation, anchors in legal:
            compiled = compile_shape(orientation.shape, masks.width)
            turn = orientation.rotation << 1 | orientation.mirror
            self._turns[turn] = (orientation, compiled)
            joins = anchors
            if room_near:
                near = 0
                for off in (*compiled.furniture, *compiled.circulation):
                    near |= room_near >> off
                joins &= near
            planes: list[int] = []  # bit k of each anchor's contact, per k
            for off in compiled.furniture:
                carry = (touching >> off) & anchors
                for k, plane in enumerate(planes):
                    if not carry:
                        break
                    planes[k], carry = plane ^ carry, plane & carry
                if carry:
                    planes.append(carry)
            groups = [(0, anchors)]  # (contact, its anchors), more contact first
            for k in range(len(planes) - 1, -1, -1):  # split on each bit, the highest first
                plane = planes[k]
                split = []
                for contact, group in groups:
                    high = group & plane
                    if high:
                        split.append((contact | 1 << k, high))
                        group ^= high
                    if group:
                        split.append((contact, group))
                groups = split
            for contact, exact in groups:
                prefix = (4095 - contact) << _CONTACT
                joining = exact & joins
                if joining:
                    classes.setdefault(prefix, []).append((turn, joining))
                if exact ^ joining:  # apart from the room's pieces
                    classes.setdefault(1 << 62 | prefix, []).append((turn, exact ^ joining))
        self._classes = sorted(classes.items())

    def keys(self, layer: int | None = None) -> Iterator[int]:
        """The keys of the placements, in order; with ``layer``, only of those whose
        furniture covers a square of it."""
        turns = self._turns
        for prefix, parts in self._classes:
            found = []
            for turn, anchors in parts:
                if layer is not None:
                    covered = 0
                    for off in turns[turn][1].furniture:
                        covered |= layer >> off
                    anchors &= covered
                while anchors:
                    low = anchors & -anchors
                    anchors ^= low
                    found.append(prefix | (low.bit_length() - 1) << _BIT | turn)
            found.sort()
            yield from found

    @staticmethod
    def apart(key: int) -> bool:
        """Whether the placement ``key`` stands apart from the room's pieces (does not
        join them): those come after every placement that does."""
        return key >> 62 == 1

    def furniture(self, key: int) -> int:
        """The furniture squares of the placement ``key``, as a mask."""
        return self._turns[key & 1023][1].furniture_mask << (key >> _BIT & (1 << 40) - 1)

    def sketch(self, key: int) -> Sketch:
        """The :class:`Sketch` of the placement ``key`` (made once)."""
        found = self._sketches.get(key)
        if found is None:
            orientation, compiled = self._turns[key & 1023]
            bit = key >> _BIT & (1 << 40) - 1
            found = self._sketches[key] = tuple.__new__(Sketch, (
                self._piece, orientation, bit, compiled.furniture_mask << bit,
                compiled.circulation_mask << bit, 4095 - (key >> _CONTACT & 4095),
                not key >> 62))
        return found


def judge_sketch(masks: SheetMasks, sketch: Sketch) -> Candidate:
    """The candidate of a sketched placement, with what it cuts off and whether the room
    can still get a door (the flood fills)."""
    piece, orientation, bit = sketch.piece, sketch.orientation, sketch.bit
    rug = piece.is_rug
    cut, door = masks.marks.judge(sketch.furniture, sketch.circulation, rug)
    width = masks.width
    return Candidate((bit % width, bit // width), orientation.rotation, orientation.mirror,
                     0 if rug else piece.size, cut, door, sketch.contact, sketch.joins_room,
                     piece, sketch.furniture, sketch.circulation)


def _rank(c: Candidate) -> tuple[bool, bool, int, int, int, int, int, bool]:
    return (not c.good, not c.joins_room, -c.points, -c.contact, *reading_order(c.anchor),
            c.rotation, c.mirror)
