"""Whether a placement is legal, two ways that must agree (a property test holds them
to it): :func:`reference_keys` builds every candidate sheet and runs
:func:`rules.check` on it (slow, obviously right); :func:`legal_keys` ANDs, for each
orientation, the allowed-square layers of :class:`~homestaging.search.masks.SheetMasks`
shifted by each square of the piece."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..core.bitmask import iter_bits
from ..core.errors import Problem, Severity
from ..core.grid import Cell
from ..core.layout import layout
from ..core.pieces import Orientation, Piece, Placement
from ..core.sheet import DrawnPiece, Sheet, WildCard
from ..rules.checks import check
from .masks import Compiled, Legal, PlacementKey, SheetMasks, compile_shape, furnishing, target_room

__all__ = [
    "anchor_masks",
    "covering",
    "fits_left",
    "legal_keys",
    "reference_keys",
    "why_none",
    "with_piece",
]


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
    base = furnishing(sheet, name)
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


def _anchors(masks: SheetMasks, compiled: Compiled, allowed: tuple[int, int]) -> int:
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


def _wall_anchors(masks: SheetMasks, compiled: Compiled) -> int:
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


def legal(masks: SheetMasks, piece: Piece, mirror: bool | None) -> list[Legal]:
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
                tuple[Piece, list[tuple[Orientation, Compiled]]]] = {}
"""Per piece (by identity), mirror choice, wild card free, a piece drawn mirrored and
sheet width: the orientations to try, compiled (:func:`_oriented`)."""


def _oriented(masks: SheetMasks, piece: Piece,
              mirror: bool | None) -> list[tuple[Orientation, Compiled]]:
    """The orientations of ``piece`` to try on ``masks``, compiled for its width."""
    key = (id(piece), mirror, masks.sheet.wild_card is None, masks.mirrored, masks.width)
    known = _ORIENTED.get(key)
    if known is not None and known[0] is piece:
        return known[1]
    found = [(orientation, compile_shape(orientation.shape, masks.width))
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
    return [(orientation, anchors) for orientation, _, anchors in legal(masks, piece, mirror)]


def fits_left(masks: SheetMasks, piece: Piece) -> Callable[[int, int], int]:
    """How many legal unmirrored placements ``piece`` keeps once some squares close: a
    function of the squares closed to its furniture and those closed to its
    circulation (the legal anchors of each orientation found once, those whose
    squares meet the closed ones taken away)."""
    oriented = [(compiled.furniture, compiled.circulation, anchors)
                for _, compiled, anchors in legal(masks, piece, False)]

    def left(furniture: int, circulation: int) -> int:
        total = 0
        for furniture_offsets, circulation_offsets, anchors in oriented:
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
    compiled = compile_shape(orientation.shape, masks.width)
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
        for orientation, _, anchors in legal(masks, piece, mirror)
        for bit in iter_bits(anchors)
    }
