"""The layers of a sheet as bit masks, for a piece added to the room being furnished:
one Python int per layer, bit ``y * width + x`` for square (x, y) (:class:`SheetMasks`),
and each orientation of a piece compiled to bit offsets."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from ..core.bitmask import bits
from ..core.errors import NotPlayable
from ..core.grid import SIDES, Cell, outermost
from ..core.layout import Layout, layout
from ..core.pieces import Orientation, Piece, Placement, Shape
from ..core.project import Project
from ..core.quoting import Suggestions, did_you_mean, excerpt
from ..core.sheet import Sheet

if TYPE_CHECKING:
    from ..core.game import GameRecord
    from .marks import Marks


__all__ = ["PlacementKey", "SheetMasks", "card_pieces", "card_variants", "target_room"]


PlacementKey = tuple[Cell, int, bool]
"""A placement of a known piece: (anchor, rotation, mirror)."""


# --- the room being furnished ------------------------------------------------------------


def target_room(sheet: Sheet, room: str | None = None) -> str:
    """The room a new piece goes into: ``room``, else the sheet's current room, else the
    first room of the project not walled yet. Raise NotPlayable when there is none."""
    name = room or sheet.current_room
    if name is None:
        walled = sheet.walled
        name = next((spec.name for spec in sheet.project.rooms if spec.name not in walled), None)
        if name is None:
            raise NotPlayable("every room of the project is walled: no room is being furnished")
    if sheet.project.room(name) is None:
        names = [spec.name for spec in sheet.project.rooms]
        close = did_you_mean(Suggestions(names)(name))
        raise NotPlayable(f"no room named {excerpt(name)} in project {sheet.project.id}{close}; "
                          f"its rooms are: {', '.join(names)}")
    plan = sheet.room(name)
    if plan is not None and plan.finalized:
        raise NotPlayable(f"room {name} is already walled: pieces go into the room being furnished")
    return name


def furnishing(sheet: Sheet, room: str) -> Sheet:
    """The sheet with ``room`` as the room being furnished."""
    return sheet if sheet.current_room == room else dataclasses.replace(sheet, current_room=room)


# --- (b) fast: bit masks -----------------------------------------------------------------


class Compiled:
    """An orientation as bit offsets (for a sheet width); one object per orientation and
    width (:func:`compile_shape`), so compared and hashed by identity. A plain class: nothing
    of a dataclass is used, and making one costs start-up time."""

    __slots__ = ("circulation", "circulation_mask", "furniture", "furniture_mask", "height",
                 "pairs_e", "pairs_s", "walls", "width")

    def __init__(self, width: int, height: int, furniture: tuple[int, ...],
                 circulation: tuple[int, ...], pairs_e: tuple[int, ...],
                 pairs_s: tuple[int, ...], walls: tuple[tuple[str, tuple[int, ...]], ...],
                 furniture_mask: int, circulation_mask: int) -> None:
        self.width = width
        self.height = height
        self.furniture = furniture
        self.circulation = circulation
        self.pairs_e = pairs_e  # squares whose east neighbour is in the piece (a pair)
        self.pairs_s = pairs_s
        self.walls = walls  # side -> extreme furniture squares
        self.furniture_mask = furniture_mask
        self.circulation_mask = circulation_mask


@lru_cache(maxsize=4096)
def compile_shape(shape: Shape, width: int) -> Compiled:
    furniture, circulation = shape.furniture, shape.circulation
    squares = furniture | circulation
    pairs_e = [(x, y) for x, y in squares
               if (x + 1, y) in squares and ((x, y) in furniture or (x + 1, y) in furniture)]
    pairs_s = [(x, y) for x, y in squares
               if (x, y + 1) in squares and ((x, y) in furniture or (x, y + 1) in furniture)]
    walls = [(side, tuple(_offsets(outermost(furniture, side), width)))
             for side in SIDES if side in shape.wall]
    furniture_offsets = tuple(_offsets(furniture, width))
    circulation_offsets = tuple(_offsets(circulation, width))
    return Compiled(shape.width, shape.height, furniture_offsets, circulation_offsets,
                     tuple(_offsets(pairs_e, width)), tuple(_offsets(pairs_s, width)),
                     tuple(walls), _mask(furniture_offsets), _mask(circulation_offsets))


def _mask(offsets: Iterable[int]) -> int:
    return sum(1 << off for off in offsets)


def _offsets(cells: Iterable[Cell], width: int) -> list[int]:
    return sorted(y * width + x for x, y in cells)


Legal = tuple[Orientation, Compiled, int]
"""An orientation, compiled, and the mask of its legal anchors."""


@dataclass(eq=False)
class SheetMasks:
    """The layers of one sheet, as seen by a piece added to ``room``; build once per sheet.

    Bit ``y * width + x`` stands for square (x, y). Two are never compared (``eq=False``:
    one method less to generate at start-up).
    """

    sheet: Sheet
    room: str
    width: int
    height: int
    full: int
    house: int
    obstacles: int
    furniture: int  # non-rug furniture of the pieces drawn
    rugs: int
    circulation: int
    walled: int  # squares of walled (finalized) rooms
    no_wall_e: int  # no wall (of the layout) on the east side of the square
    no_wall_s: int
    wall_before: dict[str, int]  # per side: walls standing when ``room`` is furnished
    room_pieces: tuple[int, ...]  # indexes of the pieces already in ``room``
    tokens: int | None  # selection tokens of ``room`` (None: not a project room)
    options: frozenset[str]
    extra_cells: int  # furniture squares of the pieces beyond the tokens, when over
    mirrored: bool  # some piece drawn is mirrored
    lay: Layout = field(repr=False)
    box_cache: dict[tuple[int, int], int] = field(default_factory=dict, repr=False)
    """Per box size, the anchors of :meth:`anchor_box`."""
    wall_anchor_cache: dict[Compiled, int] = field(default_factory=dict, repr=False)
    """Per orientation, the anchors the walls allow (box, crosses-wall, needs-wall): shared
    by a copy that changes only the pieces' layers (``dataclasses.replace``)."""
    legal_cache: dict[tuple[int, bool | None], tuple[Piece, list[Legal]]] = field(
        default_factory=dict, init=False, repr=False)
    """Per piece (by identity) and mirror choice, the legal anchors of each orientation
    (:func:`legal`); not shared by a copy."""

    @classmethod
    def build(cls, sheet: Sheet, room: str | None = None, *,
              lay: Layout | None = None, like: SheetMasks | None = None) -> SheetMasks:
        """The masks of ``sheet`` for ``room`` (default: the room being furnished).
        ``lay``: the sheet's layout when known (used when ``room`` is the sheet's own).
        ``like``: masks of a sheet with the same rooms and walls (its layout's, as
        :func:`~homestaging.core.layout.with_pieces` keeps them) for the same room: the
        anchors the walls allow are shared with them."""
        name = target_room(sheet, room)
        base = furnishing(sheet, name)
        project = sheet.project
        width, height = project.width, project.height
        lay = lay if lay is not None and base is sheet else layout(base)

        def mask(cells: Iterable[Cell]) -> int:
            return bits(cells, width, height)

        full = (1 << (width * height)) - 1
        walls = lay.wall_masks
        spec = project.room(name)
        held = tuple(i for i, r in enumerate(lay.piece_rooms) if r == name)
        tokens = spec.tokens if spec is not None else None
        options = frozenset(  # with a game record, the options of the cards as dealt
            piece.id for slot in (spec.cards if spec else ())
            for piece in card_pieces(project, slot.number, base.game)
        )
        extra = 0
        if tokens is not None and len(held) > tokens:
            extra = mask(c for i in held[tokens:] for c in base.pieces[i].placement.furniture)
        furniture = rugs = circulation = 0  # the pieces' squares, a mask per placement
        for drawn in base.pieces:
            placed, walks = placement_bits(drawn.placement, width, height)
            if drawn.placement.piece.is_rug:
                rugs |= placed
            else:
                furniture |= placed
            circulation |= walks
        house, obstacles = project.open_bits()
        boxes: dict[tuple[int, int], int] = {}
        wall_anchors: dict[Compiled, int] = {}
        if (like is not None and like.room == name and like.sheet.project is project
                and like.lay.wall_keys is lay.wall_keys and like.lay.room_at is lay.room_at):
            boxes, wall_anchors = like.box_cache, like.wall_anchor_cache
        return cls(
            sheet=base, room=name, width=width, height=height, full=full,
            house=house, obstacles=obstacles,
            furniture=furniture, rugs=rugs, circulation=circulation, walled=lay.room_mask,
            no_wall_e=full & ~walls["e"], no_wall_s=full & ~walls["s"],
            wall_before=lay.walls_before_masks(name),
            room_pieces=held, tokens=tokens, options=options, extra_cells=extra,
            mirrored=any(d.placement.mirror for d in base.pieces), lay=lay,
            box_cache=boxes, wall_anchor_cache=wall_anchors,
        )

    def anchor_box(self, width: int, height: int) -> int:
        """Anchors that keep a ``width`` x ``height`` box on the sheet."""
        box = self.box_cache.get((width, height))
        if box is None:
            box = 0
            if width <= self.width and height <= self.height:
                row = (1 << (self.width - width + 1)) - 1
                for y in range(self.height - height + 1):
                    box |= row << (y * self.width)
            self.box_cache[(width, height)] = box
        return box

    def cell(self, bit: int) -> Cell:
        return (bit % self.width, bit // self.width)

    @cached_property
    def marks(self) -> Marks:
        from .marks import Marks  # marks reads these masks: imported once they exist

        return Marks.build(self)


_PLACED: dict[int, tuple[Placement, int, int, int, int]] = {}
"""Per placement (by identity): the sheet's width and height, its furniture and its
circulation as masks (:func:`placement_bits`)."""


def placement_bits(placement: Placement, width: int, height: int) -> tuple[int, int]:
    """The furniture and the circulation of ``placement`` as masks of a ``width`` x
    ``height`` sheet (:func:`~homestaging.core.bitmask.bits`), worked out once per placement:
    the pieces drawn stay on sheet after sheet."""
    known = _PLACED.get(id(placement))
    if (known is not None and known[0] is placement and known[1] == width
            and known[2] == height):
        return known[3], known[4]
    found = (bits(placement.furniture, width, height), bits(placement.circulation, width, height))
    if len(_PLACED) >= 65536:  # the placements of many games
        _PLACED.clear()
    _PLACED[id(placement)] = (placement, width, height, *found)
    return found


def card_variants(project: Project, number: int,
                  game: GameRecord | None = None) -> list[list[Piece]]:
    """The options of each variant of card ``number``, variants in order (a token of
    the card takes one option of the variant dealt); with a game record that dealt it,
    the variant dealt only."""
    catalog = project.catalog
    dealt = game.card(catalog, number) if game is not None else None
    return [[catalog.piece(option) for option in card.options]
            for card in catalog.variants(number) if dealt is None or card == dealt]


def card_pieces(project: Project, number: int, game: GameRecord | None = None) -> list[Piece]:
    """The pieces on either variant of card ``number`` (with a game record that dealt it,
    on the variant dealt), in id order."""
    ids = project.catalog.card_options(number)
    if not ids:
        raise NotPlayable(f"there is no card number {number}")
    dealt = game.card(project.catalog, number) if game is not None else None
    if dealt is not None:
        ids = set(dealt.options)
    return [project.catalog.piece(piece_id) for piece_id in sorted(ids)]
