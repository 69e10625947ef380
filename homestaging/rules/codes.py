"""The rule codes (:class:`Code`): one per check of a sheet, then the access warnings and
the mid-game information (``docs/rules.md``)."""

from __future__ import annotations

from ..core.errors import StrEnum

__all__ = ["Code"]


class Code(StrEnum):
    """The rule codes of Home Staging (``docs/rules.md``): the checks of :func:`check`, in
    their order (the last four are the reader's notes on how the sheet is written), then
    the access warnings of :func:`homestaging.scoring.access.access_problems` and the mid-game
    information of :func:`homestaging.scoring.card.check_sheet`."""

    OVERLAP = "overlap"
    COVERS_CIRCULATION = "covers-circulation"
    COVERS_OBSTACLE = "covers-obstacle"
    OUTSIDE_HOUSE = "outside-house"
    CROSSES_WALL = "crosses-wall"
    NEEDS_WALL = "needs-wall"
    MIRROR_WITHOUT_WILD_CARD = "mirror-without-wild-card"
    WILD_CARD_TWICE = "wild-card-twice"
    NOT_ON_ROOM_CARDS = "not-on-room-cards"
    TOO_MANY_PIECES = "too-many-pieces"
    VARIANT_NOT_DEALT = "variant-not-dealt"
    NOT_SELECTED = "not-selected"
    ROOM_ORDER = "room-order"
    ROOMS_OVERLAP = "rooms-overlap"
    ROOM_SPLIT = "room-split"
    DOOR_COUNT = "door-count"
    DOOR_NOT_ON_ROOM = "door-not-on-room"
    HALLWAY_NOT_EMPTY = "hallway-not-empty"
    HALLWAY_CUT_OFF = "hallway-cut-off"
    DOOR_NOT_ON_HALLWAY = "door-not-on-hallway"
    DOOR_NOT_ON_ENTRY_ROOM = "door-not-on-entry-room"
    FRONT_DOOR_COUNT = "front-door-count"
    FRONT_DOOR_NOT_EXTERIOR = "front-door-not-exterior"
    WINDOW_NOT_EXTERIOR = "window-not-exterior"
    ROOM_NOT_FINALIZED = "room-not-finalized"
    CURRENT_ROOM_WALLED = "current-room-walled"
    CAPITAL_O = "capital-o"
    SIDE_AS_WORD = "side-as-word"
    STRAY_MARK = "stray-mark"
    MARKS_CONTRADICT_ROTATION = "marks-contradict-rotation"
    UNREACHABLE_PIECE = "unreachable-piece"
    UNREACHABLE_ROOM = "unreachable-room"
    ONLY_WAY = "only-way"
