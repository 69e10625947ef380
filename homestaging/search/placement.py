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

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..core.bitmask import Moves, bits, cells, iter_bits, open_moves
from ..core.errors import NotPlayable, Problem, Severity
from ..core.grid import (
    SIDES,
    Cell,
    outermost,
    reading_order,
)
from ..core.layout import Layout, layout
from ..core.pieces import Orientation, Piece, Placement, Shape
from ..core.project import Project
from ..core.quoting import excerpt
from ..core.sheet import DrawnPiece, Sheet, WildCard
from ..rules.checks import check

if TYPE_CHECKING:
    from ..core.game import GameRecord

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

PlacementKey = tuple[Cell, int, bool]
"""A placement of a known piece: (anchor, rotation, mirror)."""


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


@dataclass(frozen=True)
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

    @cached_property
    def loses_room(self) -> bool:
        """No door could serve the room after it, or a door it cuts off strands the room
        (:attr:`Cut.strands`): the ranking counts the room's points lost."""
        return not self.door_possible or any(cut.strands for cut in self.cuts_off)

    @property
    def furniture(self) -> frozenset[Cell]:
        return self.placement.furniture

    @property
    def circulation(self) -> frozenset[Cell]:
        return self.placement.circulation


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
        known = ", ".join(spec.name for spec in sheet.project.rooms)
        raise NotPlayable(
            f"no room named {excerpt(name)} in project {sheet.project.id} (rooms: {known})")
    plan = sheet.room(name)
    if plan is not None and plan.finalized:
        raise NotPlayable(f"room {name} is already walled: pieces go into the room being furnished")
    return name


def _furnishing(sheet: Sheet, room: str) -> Sheet:
    """The sheet with ``room`` as the room being furnished."""
    return sheet if sheet.current_room == room else dataclasses.replace(sheet, current_room=room)


def _orientations(sheet: Sheet, piece: Piece, mirror: bool | None) -> list[Orientation]:
    """Orientations to try: mirrored ones only while the wild card is unused."""
    return [
        o for o in piece.orientations
        if (mirror is None or o.mirror == mirror) and (not o.mirror or sheet.wild_card is None)
    ]


# --- (a) reference: build each sheet, run the rules --------------------------------------


def _error_keys(problems: Iterable[Problem]) -> set[tuple[str, tuple[Cell, ...], str]]:
    return {(p.code, p.cells, p.subject) for p in problems if p.severity == Severity.ERROR}


def with_piece(sheet: Sheet, placement: Placement) -> Sheet:
    """``sheet`` plus ``placement`` (listed last in ``pieces``); a mirrored piece is
    named by the wild card."""
    index = len(sheet.pieces)
    drawn = DrawnPiece(placement, f"pieces[{index}]", f"$.pieces[{index}]")
    wild = WildCard((index,), "mirror") if placement.mirror else sheet.wild_card
    return replace(sheet, pieces=(*sheet.pieces, drawn), wild_card=wild)


def reference_keys(
    sheet: Sheet, piece: Piece, *, room: str | None = None, mirror: bool | None = None
) -> set[PlacementKey]:
    """Every legal (anchor, rotation, mirror), found by running the rules on each sheet."""
    name = target_room(sheet, room)
    base = _furnishing(sheet, name)
    before = _error_keys(check(base, end_of_game=False))
    project = sheet.project
    found: set[PlacementKey] = set()
    for orientation in _orientations(sheet, piece, mirror):
        shape = orientation.shape
        for ay in range(project.height - shape.height + 1):
            for ax in range(project.width - shape.width + 1):
                placement = Placement(piece, (ax, ay), orientation.rotation, orientation.mirror)
                new = with_piece(base, placement)
                lay = layout(new)
                if lay.piece_rooms[-1] != name or placement.squares & set(lay.room_at):
                    continue
                if _error_keys(check(new, lay, end_of_game=False)) - before:
                    continue
                found.add(((ax, ay), orientation.rotation, orientation.mirror))
    return found


# --- (b) fast: bit masks -----------------------------------------------------------------


class _Compiled:
    """An orientation as bit offsets (for a sheet width); one object per orientation and
    width (:func:`_compile`), so compared and hashed by identity. A plain class: nothing
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
def _compile(shape: Shape, width: int) -> _Compiled:
    furniture, circulation = shape.furniture, shape.circulation
    squares = furniture | circulation
    pairs_e = [(x, y) for x, y in squares
               if (x + 1, y) in squares and ((x, y) in furniture or (x + 1, y) in furniture)]
    pairs_s = [(x, y) for x, y in squares
               if (x, y + 1) in squares and ((x, y) in furniture or (x, y + 1) in furniture)]
    walls = [(side, tuple(_offsets(outermost(furniture, side), width)))
             for side in SIDES if side in shape.wall]

    def mask(cells: Iterable[Cell]) -> int:
        return sum(1 << off for off in _offsets(cells, width))

    return _Compiled(shape.width, shape.height, tuple(_offsets(furniture, width)),
                     tuple(_offsets(circulation, width)), tuple(_offsets(pairs_e, width)),
                     tuple(_offsets(pairs_s, width)), tuple(walls), mask(furniture),
                     mask(circulation))


def _offsets(cells: Iterable[Cell], width: int) -> list[int]:
    return sorted(y * width + x for x, y in cells)


_Legal = tuple[Orientation, _Compiled, int]
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
    wall_anchor_cache: dict[_Compiled, int] = field(default_factory=dict, repr=False)
    """Per orientation, the anchors the walls allow (box, crosses-wall, needs-wall): shared
    by a copy that changes only the pieces' layers (``dataclasses.replace``)."""
    legal_cache: dict[tuple[int, bool | None], tuple[Piece, list[_Legal]]] = field(
        default_factory=dict, init=False, repr=False)
    """Per piece (by identity) and mirror choice, the legal anchors of each orientation
    (:func:`_legal`); not shared by a copy."""

    @classmethod
    def build(cls, sheet: Sheet, room: str | None = None, *,
              lay: Layout | None = None, like: SheetMasks | None = None) -> SheetMasks:
        """The masks of ``sheet`` for ``room`` (default: the room being furnished).
        ``lay``: the sheet's layout when known (used when ``room`` is the sheet's own).
        ``like``: masks of a sheet with the same rooms and walls (its layout's, as
        :func:`~homestaging.core.layout.with_pieces` keeps them) for the same room: the
        anchors the walls allow are shared with them."""
        name = target_room(sheet, room)
        base = _furnishing(sheet, name)
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
            placed, walks = _placement_bits(drawn.placement, width, height)
            if drawn.placement.piece.is_rug:
                rugs |= placed
            else:
                furniture |= placed
            circulation |= walks
        house, obstacles = project.open_bits()
        boxes: dict[tuple[int, int], int] = {}
        wall_anchors: dict[_Compiled, int] = {}
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
    def marks(self) -> _Marks:
        return _Marks.build(self)


def _piece_allowed(masks: SheetMasks, piece: Piece) -> bool:
    """The anchor-free rules: the room's cards, and its selection tokens."""
    if masks.tokens is None or piece.id not in masks.options:
        return False  # not-on-room-cards
    # too-many-pieces: a new extra piece is a new problem, unless the room was already
    # over and the piece's furniture adds no square to the problem (checked per anchor)
    return len(masks.room_pieces) + 1 <= masks.tokens or bool(masks.extra_cells)


def why_none(
    sheet: Sheet | SheetMasks, piece: Piece, *, room: str | None = None,
    mirror: bool | None = None,
) -> str | None:
    """Why ``piece`` can go nowhere in the room, whatever the anchor: off the room's cards,
    the room's tokens all used, or mirroring asked for with the wild card spent. None when
    the answer depends on the squares (then :func:`placements` says where)."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    spec = masks.sheet.project.room(masks.room)
    if spec is None or masks.tokens is None:
        return f"{masks.room} is not a room of project {masks.sheet.project.id}"
    if piece.id not in masks.options:
        numbers = sorted({slot.number for slot in spec.cards})
        game = masks.sheet.game
        if game is not None:
            dealt = [f"{n}{game.dealt[n]}" for n in numbers if n in game.dealt]
            return (f"{piece.id} is not an option of the furniture cards of {masks.room} as "
                    f"dealt (card{'s' if len(dealt) != 1 else ''} {', '.join(dealt)})")
        return (f"{piece.id} is not an option on the furniture cards of {masks.room} "
                f"(card{'s' if len(numbers) != 1 else ''} {', '.join(map(str, numbers))})")
    if not _piece_allowed(masks, piece):
        held = len(masks.room_pieces)
        return (f"{masks.room} already holds {held} piece{'s' if held != 1 else ''}, as many "
                f"as its {masks.tokens} selection token{'s' if masks.tokens != 1 else ''}")
    if mirror and (masks.sheet.wild_card is not None or masks.mirrored):
        return "mirroring spends the wild card, which is already used"
    return None


def _allowed(masks: SheetMasks, piece: Piece) -> tuple[int, int]:
    """The squares ``piece``'s furniture may cover, and those its circulation may."""
    open_house = masks.house & ~masks.obstacles & ~masks.walled
    if piece.is_rug:
        allowed_furniture = open_house & ~masks.rugs  # overlap (rug on rug)
    else:  # overlap, covers-circulation
        allowed_furniture = open_house & ~masks.furniture & ~masks.circulation
    if masks.tokens is not None and len(masks.room_pieces) >= masks.tokens:
        allowed_furniture &= masks.extra_cells  # too-many-pieces, already over
    return allowed_furniture, open_house & ~masks.furniture  # covers-circulation


def _anchors(masks: SheetMasks, compiled: _Compiled, allowed: tuple[int, int]) -> int:
    """The legal anchors of one orientation, as a mask; ``allowed`` from :func:`_allowed`."""
    anchors = masks.wall_anchor_cache.get(compiled)
    if anchors is None:
        anchors = masks.wall_anchor_cache[compiled] = _wall_anchors(masks, compiled)
    if not anchors:
        return 0
    allowed_furniture, allowed_circulation = allowed
    for off in compiled.furniture:
        anchors &= allowed_furniture >> off
    for off in compiled.circulation:
        anchors &= allowed_circulation >> off
    return anchors


def _wall_anchors(masks: SheetMasks, compiled: _Compiled) -> int:
    """The anchors of one orientation that keep it on the sheet, crossing no wall and
    against the walls it needs."""
    anchors = masks.anchor_box(compiled.width, compiled.height)
    if not anchors:
        return 0
    for off in compiled.pairs_e:  # crosses-wall
        anchors &= masks.no_wall_e >> off
    for off in compiled.pairs_s:
        anchors &= masks.no_wall_s >> off
    for side, offsets in compiled.walls:  # needs-wall
        wall = masks.wall_before[side]
        for off in offsets:
            anchors &= wall >> off
    return anchors


def _legal(masks: SheetMasks, piece: Piece, mirror: bool | None) -> list[_Legal]:
    """Each orientation of ``piece`` with a legal anchor, compiled, and the mask of its
    legal anchors; found once per sheet's masks (the unmirrored ones taken from all of
    them when those were found)."""
    key = (id(piece), mirror)
    known = masks.legal_cache.get(key)
    if known is not None and known[0] is piece:
        return known[1]
    every = masks.legal_cache.get((id(piece), None)) if mirror is False else None
    if every is not None and every[0] is piece:
        found = [item for item in every[1] if not item[0].mirror]
    elif not _piece_allowed(masks, piece):
        found = []
    else:
        allowed = _allowed(masks, piece)
        found = [(orientation, compiled, anchors)
                 for orientation, compiled in _oriented(masks, piece, mirror)
                 if (anchors := _anchors(masks, compiled, allowed))]
    masks.legal_cache[key] = (piece, found)
    return found


_ORIENTED: dict[tuple[int, bool | None, bool, bool, int],
                tuple[Piece, list[tuple[Orientation, _Compiled]]]] = {}
"""Per piece (by identity), mirror choice, wild card free, a piece drawn mirrored and
sheet width: the orientations to try, compiled (:func:`_oriented`)."""


def _oriented(masks: SheetMasks, piece: Piece,
              mirror: bool | None) -> list[tuple[Orientation, _Compiled]]:
    """The orientations of ``piece`` to try on ``masks``, compiled for its width."""
    key = (id(piece), mirror, masks.sheet.wild_card is None, masks.mirrored, masks.width)
    known = _ORIENTED.get(key)
    if known is not None and known[0] is piece:
        return known[1]
    found = [(orientation, _compile(orientation.shape, masks.width))
             for orientation in _orientations(masks.sheet, piece, mirror)
             # the wild card would make every other mirrored piece a second use
             if not (orientation.mirror and masks.mirrored)]
    if len(_ORIENTED) >= 4096:  # pieces of many catalogs read one after another
        _ORIENTED.clear()
    _ORIENTED[key] = (piece, found)
    return found


def anchor_masks(
    masks: SheetMasks, piece: Piece, *, mirror: bool | None = None
) -> list[tuple[Orientation, int]]:
    """Per orientation with a legal anchor, the mask of its legal anchors (the raw search)."""
    return [(orientation, anchors) for orientation, _, anchors in _legal(masks, piece, mirror)]


def fits_left(masks: SheetMasks, piece: Piece) -> Callable[[int, int], int]:
    """How many legal unmirrored placements ``piece`` keeps once some squares close: a
    function of the squares closed to its furniture and those closed to its
    circulation (the legal anchors of each orientation found once, those whose
    squares meet the closed ones taken away)."""
    legal = [(compiled.furniture, compiled.circulation, anchors)
             for _, compiled, anchors in _legal(masks, piece, False)]

    def left(furniture: int, circulation: int) -> int:
        total = 0
        for furniture_offsets, circulation_offsets, anchors in legal:
            closed = 0  # the anchors whose squares meet the closed ones
            if furniture:
                for off in furniture_offsets:
                    closed |= furniture >> off
            if circulation:
                for off in circulation_offsets:
                    closed |= circulation >> off
            total += (anchors & ~closed).bit_count()
        return total

    return left


def covering(masks: SheetMasks, orientation: Orientation, layer: int) -> int:
    """The anchors at which ``orientation``'s furniture covers a square of ``layer`` (AND
    them with legal anchors)."""
    compiled = _compile(orientation.shape, masks.width)
    found = 0
    for off in compiled.furniture:
        found |= layer >> off
    return found & masks.full


def legal_keys(
    sheet: Sheet | SheetMasks, piece: Piece, *, room: str | None = None,
    mirror: bool | None = None,
) -> set[PlacementKey]:
    """Every legal (anchor, rotation, mirror), found with bit masks (same set as
    :func:`reference_keys`). Pass a :class:`SheetMasks` to reuse it across pieces."""
    masks = sheet if isinstance(sheet, SheetMasks) else SheetMasks.build(sheet, room)
    return {
        (masks.cell(bit), orientation.rotation, orientation.mirror)
        for orientation, _, anchors in _legal(masks, piece, mirror)
        for bit in iter_bits(anchors)
    }


# --- marks: what a placement cuts off, whether the room can still get a door --------------


class _Marks:
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
    def build(cls, masks: SheetMasks) -> _Marks:
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
            circ = _placement_bits(drawn.placement, width, height)[1]
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
        if sheet.project.entry.hallway:
            for door in sheet.front_doors:
                inside = door.inside(house)
                if inside is not None:
                    landings.append((f"front door ({door.name})", mask([inside]),
                                     sum(worth.values()), True))
        else:
            landings.clear()
        room_circ = room_squares = 0
        for i in masks.room_pieces:
            placed, walks = _placement_bits(sheet.pieces[i].placement, width, height)
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
                linked = self.moves.flood(beside & -beside, around)
                if not beside & ~linked:
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
                                      for orientation, _, anchors in _legal(masks, piece, mirror)
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
        compiled = _compile(orientation.shape, masks.width)
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


_PLACED: dict[int, tuple[Placement, int, int, int, int]] = {}
"""Per placement (by identity): the sheet's width and height, its furniture and its
circulation as masks (:func:`_placement_bits`)."""


def _placement_bits(placement: Placement, width: int, height: int) -> tuple[int, int]:
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
        self._turns: dict[int, tuple[Orientation, _Compiled]] = {}
        classes: dict[int, list[tuple[int, int]]] = {}
        for orientation, anchors in legal:
            compiled = _compile(orientation.shape, masks.width)
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
            for contact in range(len(compiled.furniture), -1, -1):
                exact = anchors
                for k, plane in enumerate(planes):
                    exact &= plane if contact >> k & 1 else ~plane
                if contact >> len(planes):
                    exact = 0
                if not exact:
                    continue
                prefix = (4095 - contact) << _CONTACT
                for apart, part in ((0, exact & joins), (1, exact & ~joins)):
                    if part:
                        classes.setdefault(apart << 62 | prefix, []).append((turn, part))
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
            found = self._sketches[key] = Sketch(
                self._piece, orientation, bit, compiled.furniture_mask << bit,
                compiled.circulation_mask << bit, 4095 - (key >> _CONTACT & 4095),
                not key >> 62)
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
