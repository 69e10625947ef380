"""Corner markers of the printed drawing sheets: ArUco markers drawn from stored bits.

The drawing sheets carry four markers of OpenCV's ``DICT_4X4_250`` ArUco dictionary, one
outside each corner of the grid, so that a photo of a filled sheet can be found and
straightened (:mod:`homestaging.scan`). Printing must not need OpenCV, so the bit
patterns of the dictionary are stored here (generated once from ``cv2.aruco``; a test
checks them against it).

A marker's id says which corner it marks and which project the sheet is of:
``id = 4 * (project number % 62) + corner``, corners numbered ``CORNERS`` order
(top-left, top-right, bottom-right, bottom-left). Positions are in grid squares, the
sheet's coordinates (x right, y down, square ``A1`` spanning 0..1), so they do not
depend on the paper or the page layout.
"""

from __future__ import annotations

__all__ = [
    "CORNERS",
    "DICTIONARY",
    "MARKER_BITS",
    "MARKER_SIZE",
    "PROJECT_SLOTS",
    "decode_id",
    "marker_bits",
    "marker_box",
    "marker_id",
]

DICTIONARY = "DICT_4X4_250"
#: Corner names, in marker id order: top-left, top-right, bottom-right, bottom-left.
CORNERS = ("tl", "tr", "br", "bl")
#: Project numbers the ids tell apart (250 ids, four corners each).
PROJECT_SLOTS = 62
#: Side of a marker, black border included, in grid squares.
MARKER_SIZE = 0.8
#: Data bits per marker side (the black border adds one cell on each side).
BITS = 4

# Each id's 16 bits, row by row from the top-left, 1 = white, as 4 hex digits.
_TABLE = (
    "b5320f9a332d9946549e79cd9e2ec4f2fedacf56f99111a70eb72a0f24b1263e466566006c5e76af868bb02bccd5dd82"
    "fe479471ace4a5542123346f441557b29ecff0cb08ae0929187504ff0df61c5a17182a28328c38b224e82eeb2d3f4b64"
    "502e5013519455685d415f9768016867612461e96b126fe567df7e1b80a083448ba2937a846c852a859c9c899fa1bb7c"
    "bc04b65bbfc8b7abca1fc962d958d3d5cc98c7a0c537e95df925fbbbee2af74d35758aad76170acf064b2dc149d843f4"
    "4f364fd369e470c77a6eb4eaed4ffce7fea6002500430a880a86026f001c009708370a3109c60b0109fb0b581082182d"
    "10781073127412b11af913060c0e0cf104330c9f0ef20efd074c0fa4072f05b50f9107db1ee414391d8015c81f8b15ba"
    "1db1208028e922a228532af022f72940214629b92b9c2bb238ca382e300738e73a493a65325d3b88391d3bd326472780"
    "2faa2d1425de25532f7734483ca83c41340d34fb369a3de0356a3d093ded3fc43f6c37ce3d5c3d7637b03f173fff48e5"
    "42684a2d4160495141dd4bdf584f5a485816505d5afa5ab551235b8a591951354c6946c14e0b445f4e594d834d7d47d8"
    "47735c855e44562b5cbb55c35f6e5feb5d12555e6270621561c26b2063456b5c6b5b780c7acf787f798071e5717479b6"
    "71d37b33646a66a86ea76e9165226dcb678d6d31"
)


def marker_bits(marker: int) -> tuple[tuple[int, ...], ...]:
    """The 4 x 4 data bits of a marker id (1 white, 0 black), rows from the top."""
    if not 0 <= marker < 250:
        raise ValueError(f"no marker id {marker}: {DICTIONARY} has ids 0 to 249")
    value = int(_TABLE[4 * marker:4 * marker + 4], 16)
    flat = [(value >> (15 - i)) & 1 for i in range(16)]
    return tuple(tuple(flat[row * BITS:(row + 1) * BITS]) for row in range(BITS))


#: Every id's bits, for drawing and for the test against OpenCV.
MARKER_BITS = tuple(marker_bits(i) for i in range(250))


def marker_id(number: int, corner: str) -> int:
    """The id of the marker at ``corner`` of a sheet of project ``number``."""
    return 4 * (number % PROJECT_SLOTS) + CORNERS.index(corner)


def decode_id(marker: int) -> tuple[int, str]:
    """``(project number % PROJECT_SLOTS, corner)`` of a marker id."""
    return marker // 4, CORNERS[marker % 4]


def marker_box(corner: str, width: int, height: int) -> tuple[float, float, float]:
    """``(x, y, size)`` of the marker at ``corner`` of a ``width`` x ``height`` sheet, in
    grid squares: centred in the square just outside that corner of the grid."""
    offset = (1 - MARKER_SIZE) / 2
    x = -1 if corner in ("tl", "bl") else width
    y = -1 if corner in ("tl", "tr") else height
    return x + offset, y + offset, MARKER_SIZE
