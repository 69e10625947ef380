"""What the Rooms & Roomies rule book says about furniture tiles, as data.

"Overview of the Icons on Furniture Tiles": 6 colour icons; 5 combination pairs
(one dark and one light icon each); 18 identifying numbers, of which 5 to 18 are unique
tiles with 1 printed point; 6 shapes (Components).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.grid import Cell

__all__ = [
    "COLORS",
    "COMBINATION_TYPES",
    "NUMBERED",
    "PAIRS",
    "SHAPES",
    "TYPES",
    "UNIQUE_NUMBERS",
    "UNIQUE_POINTS",
    "normal",
    "number_of",
    "shape_name",
    "type_label",
]

COLORS = ("red", "green", "blue", "black", "brown", "white")

#: The combination pairs; the two tiles of a pair in one room form a pair.
PAIRS: tuple[tuple[str, str], ...] = (
    ("shelf", "desk"),
    ("closet", "bed"),
    ("sofa", "tv"),
    ("dining-table", "stove"),
    ("sink", "toilet"),
)
COMBINATION_TYPES = tuple(kind for pair in PAIRS for kind in pair)

#: The tiles known by their identifying number, in number order (1 = plant).
NUMBERED = (
    "plant", "armchair", "shower", "bathtub", "easel", "dressing-table", "piano",
    "record-player", "fireplace", "step-machine", "treadmill", "sewing-table", "hot-tub",
    "grand-piano", "model-railway", "drum-kit", "boardgame-table", "pool-table",
)
TYPES = COMBINATION_TYPES + NUMBERED

#: "The furniture tiles with identifying numbers 5 to 18 are each unique and
#: additionally have 1 printed point."
UNIQUE_NUMBERS = range(5, 19)
UNIQUE_POINTS = 1

_LABELS = {"tv": "TV"}


def number_of(kind: str) -> int | None:
    """The identifying number of a tile type (``bathtub`` -> 4); None for combination types."""
    return NUMBERED.index(kind) + 1 if kind in NUMBERED else None


def type_label(kind: str) -> str:
    """``dining-table`` -> ``Dining table``, ``bathtub`` -> ``Bathtub (4)``, ``tv`` -> ``TV``."""
    text = _LABELS.get(kind, kind.replace("-", " ").capitalize())
    number = number_of(kind)
    return f"{text} ({number})" if number else text


# ------------------------------------------------------------------------------ shapes

#: The six shapes of the Components list. The rule book does not say how many squares
#: an L tile has; an L of three squares and an L of four are both accepted.
SHAPES = ("1x1", "2x1", "3x1", "L", "2x2", "3x2")


def normal(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The squares moved so that their top-left corner is (0, 0)."""
    group = list(cells)
    x0 = min(x for x, _ in group)
    y0 = min(y for _, y in group)
    return frozenset((x - x0, y - y0) for x, y in group)


def _turns(cells: frozenset[Cell]) -> set[frozenset[Cell]]:
    found: set[frozenset[Cell]] = set()
    current = cells
    for _ in range(4):
        current = normal((-y, x) for x, y in current)
        found.add(current)
        found.add(normal((-x, y) for x, y in current))
    return found


def _rectangle(width: int, height: int) -> frozenset[Cell]:
    return frozenset((x, y) for x in range(width) for y in range(height))


_L3 = frozenset({(0, 0), (0, 1), (1, 1)})
_L4 = frozenset({(0, 0), (0, 1), (0, 2), (1, 2)})
_KNOWN: dict[frozenset[Cell], str] = {}
for _name, _cells in (("1x1", _rectangle(1, 1)), ("2x1", _rectangle(2, 1)),
                      ("3x1", _rectangle(3, 1)), ("L", _L3), ("L", _L4),
                      ("2x2", _rectangle(2, 2)), ("3x2", _rectangle(3, 2))):
    for _turned in _turns(_cells):
        _KNOWN[_turned] = _name


def shape_name(cells: Iterable[Cell]) -> str | None:
    """Which of the six shapes these squares form, turned any way; None for none."""
    return _KNOWN.get(normal(cells))
