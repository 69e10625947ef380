"""The words of a plan: pieces' names, rooms' names and points, the name of the room
being furnished, placed with :class:`homestaging.draw.labels.Labeller` so that none covers a
circulation dot, another word or a feature's name while a free place exists.

* ``measure_for(bold=, italic=, pad=, circle=)`` how the labeller sizes a text drawn in
  that style (as matplotlib lays it out, with room for glyphs snapped to pixels);
  ``measure_letters(bold=, pad=)`` the same for thousands of distinct one-line words
  (each letter laid out once);
  ``text_box(text, cell_pt)`` the box of a text already drawn.
* ``label_rooms(...)`` each walled room's name on its free squares; it returns the rooms
  with no free place, for ``label_crowded`` (over their furniture, small, before the
  pieces' names). ``current_label(...)`` the room being furnished.
* ``label_pieces(...)`` each piece's name inside its furniture, shortened when it does
  not fit (the short names go in the key); none where a square prints smaller than the
  smallest name (``names_fit(cell_pt)``: 4.5 pt).
* ``write(ax, label, **style)`` a placed label drawn.

The order is :func:`homestaging.draw.render.annotate`'s: marks, rooms, the room being
furnished, crowded rooms, pieces.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..core.grid import Cell
from ..text.panel import room_note
from .drawing import text_extent
from .labels import Label, Labeller, Measure, box_at
from .wordpaths import write_all

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..core.layout import Layout
    from ..core.sheet import Sheet
    from ..scoring.card import ScoreCard

__all__ = [
    "CROWDED_LARGEST",
    "SMALLEST_NAME",
    "Pending",
    "current_label",
    "free_label",
    "label_crowded",
    "label_pieces",
    "label_rooms",
    "measure_for",
    "names_fit",
    "text_box",
    "write",
]


#: the smallest size a piece's name is written at (points): a plan whose squares print
#: smaller than this (a plan of more than about 115 squares across on an A4 page) has
#: no room for a letter in a square, and its pieces' names are not written
SMALLEST_NAME = 4.5


def names_fit(cell_pt: float) -> bool:
    """Whether pieces' names are written on a plan whose squares print ``cell_pt``
    points wide: at least :data:`SMALLEST_NAME` (1.6 mm). Smaller, each name would run
    over its neighbours' squares and names, and none could be read."""
    return cell_pt >= SMALLEST_NAME


def label_pieces(ax: Axes, sheet: Sheet, labeller: Labeller, cell_pt: float) -> bool:
    """Each piece's name inside its furniture, the smallest pieces first (they have the
    fewest places); a name that does not fit is shortened (listed in the key). Returns
    False, writing none, when the squares are too small to hold names (:func:`names_fit`)."""
    if not names_fit(cell_pt):
        return False
    measure = measure_for()
    order = sorted(range(len(sheet.pieces)),
                   key=lambda i: (len(sheet.pieces[i].placement.furniture), i))
    labels = []
    for index in order:
        placement = sheet.pieces[index].placement
        labels.append(labeller.in_shape(placement.furniture, placement.piece.name,
                                        measure=measure, largest=min(8.0, cell_pt * 0.36),
                                        smallest=SMALLEST_NAME))
    write_all(ax, labels, zorder=9, gid=[f"piece-label-{index}" for index in order],
              color=["#5a4020" if sheet.pieces[index].placement.piece.is_rug else "black"
                     for index in order])
    return True


def write(ax: Axes, label: Label, **style: Any) -> None:
    ax.text(label.x, label.y, label.text, ha="center", va="center", fontsize=label.size,
            rotation=label.rotation, **style)


def measure_for(*, bold: bool = False, italic: bool = False, pad: float = 0.0,
             circle: bool = False) -> Measure:
    """How :mod:`homestaging.draw.labels` sizes a text drawn in that style: its extent at font
    size 1, a text box's padding included (a circle's box is square)."""
    if not circle:
        return partial(_extent, bold=bold, italic=italic, pad=pad)
    return partial(_circle_extent, bold=bold, pad=pad)


def measure_letters(*, bold: bool = False, pad: float = 0.0) -> Measure:
    """:func:`measure_for` for thousands of distinct one-line words (the letters of
    unreachable pieces): each letter is laid out by matplotlib once and a word is as wide
    as its letters side by side (at most 2 % narrower than its own layout, which kerns,
    and the room left for snapped glyphs is 10 %) and as tall as its tallest letter."""
    return partial(_letters_extent, bold=bold, pad=pad)


#: a text drawn in a picture is at most this much wider and taller than it measures at
#: a large size (glyphs snap to pixels at small sizes; measured at 150 dpi)
_SNAP = (1.1, 1.15)


def _extent(text: str, *, bold: bool, italic: bool, pad: float) -> tuple[float, float]:
    width, height = text_extent(text, bold=bold, italic=italic)
    return width * _SNAP[0] + 2 * pad, height * _SNAP[1] + 2 * pad


def _letters_extent(text: str, *, bold: bool, pad: float) -> tuple[float, float]:
    if "\n" in text or not text:
        return _extent(text, bold=bold, italic=False, pad=pad)
    extents = [text_extent(letter, bold=bold) for letter in text]
    width = sum(extent[0] for extent in extents)
    height = max(extent[1] for extent in extents)
    return width * _SNAP[0] + 2 * pad, height * _SNAP[1] + 2 * pad


def _circle_extent(text: str, *, bold: bool, pad: float) -> tuple[float, float]:
    width, height = text_extent(text, bold=bold)
    side = math.hypot(width * _SNAP[0] + 2 * pad, height * _SNAP[1] + 2 * pad)
    return side, side


def text_box(text: Any, cell_pt: float) -> tuple[float, float, float, float]:
    """The box in squares of a text drawn centred (a feature's name)."""
    width, height = _extent(text.get_text(), italic=text.get_style() == "italic",
                            bold=text.get_weight() == "bold", pad=0.0)
    size = text.get_fontsize()
    w, h = width * size / cell_pt, height * size / cell_pt
    if int(text.get_rotation()) % 180:
        w, h = h, w
    x, y = text.get_position()
    return box_at(x, y, w, h)


def label_rooms(ax: Axes, sheet: Sheet, card: ScoreCard | None, lay: Layout,
                 labeller: Labeller, marked: set[Cell], end_of_game: bool,
                 if_connected: Mapping[str, int] | None, cell_pt: float) -> list[Pending]:
    """Each walled room's name and points (or what it still needs, mid-game) on its
    free squares (no furniture, rug, circulation, nor ``marked`` square: a candidate's,
    a ringed one), as large as fits (at most 10 pt), nearest the room's middle. Returns
    the rooms with no free place left (see :func:`label_crowded`)."""
    taken = set(lay.furniture_at) | lay.rug_squares | lay.circulation | marked
    results = {room.name: room for room in card.rooms} if card else {}
    largest = max(5.5, min(10.0, cell_pt * 0.4))
    crowded = []
    for room in sheet.rooms:
        if not room.finalized:
            continue
        result = results.get(room.name)
        tail = ""
        if result is not None:
            note = room_note(sheet, result, end_of_game, if_connected)
            points = f"{result.points} pt" + ("" if abs(result.points) == 1 else "s")
            if end_of_game or note in ("", "empty"):
                tail = f"\n{points}" + (f" ({note})" if note else "")
            else:  # mid-game, not connected: what it needs, not a misleading 0 pts
                tail = f"\n{note}"
        texts = [room.name + tail]
        words = room.name.split()
        if len(words) > 1:
            cut = (len(words) + 1) // 2
            texts.append(" ".join(words[:cut]) + "\n" + " ".join(words[cut:]) + tail)
        pending = Pending(room.cells, room.name, tuple(texts), tail, ROOM_LABEL, largest)
        label = free_label(labeller, pending, taken, shorten=False)
        if label is None:
            crowded.append(pending)
        else:
            write(ax, label, **pending.style)
    return crowded


#: the largest size of a name written over furniture (points)
CROWDED_LARGEST = 6.5
#: how a room's label is written
ROOM_LABEL: dict[str, Any] = {
    "fontweight": "bold", "zorder": 12, "gid": "room-label", "color": "#222222",
    "bbox": {"boxstyle": "round,pad=0.25", "facecolor": "white", "alpha": 0.8,
             "edgecolor": "#888888", "linewidth": 0.5}}
CURRENT_LABEL: dict[str, Any] = {
    "style": "italic", "zorder": 12, "gid": "current-room-label",
    "bbox": {"boxstyle": "round,pad=0.2", "facecolor": "white", "alpha": 0.85,
             "edgecolor": "none"}}


@dataclass(frozen=True)
class Pending:
    """A name to write on an area: its squares, the name, its forms (one line, two
    lines), what follows the name, how it is written and its largest size."""

    region: Set[Cell]
    name: str
    texts: tuple[str, ...]
    tail: str
    style: dict[str, Any]
    largest: float

    @property
    def measure(self) -> Measure:
        if self.style["gid"] == "room-label":
            return measure_for(bold=True, pad=0.25)
        return measure_for(italic=True, pad=0.2)


def free_label(labeller: Labeller, pending: Pending, taken: set[Cell],
               target: tuple[float, float] | None = None, *,
               shorten: bool = True, snug: bool = False) -> Label | None:
    """The name on the squares of its area that are not ``taken``, else (``shorten``)
    its short name (in the key); None if neither fits. ``snug``: against a wall."""
    label = labeller.in_area(pending.region, taken, pending.texts, measure=pending.measure,
                             largest=pending.largest, smallest=5.0, target=target, snug=snug)
    if label is not None or not shorten:
        return label
    for short in labeller.short_names.options(pending.name):
        label = labeller.in_area(pending.region, taken, [short + pending.tail],
                                 measure=pending.measure, largest=pending.largest,
                                 smallest=5.0, target=target, snug=snug)
        if label is not None:
            labeller.short_names.use(short, pending.name)
            return Label(label.x, label.y, label.text, label.size, label.rotation, label.box,
                         short=True)
    return None


def label_crowded(ax: Axes, crowded: Sequence[Pending], keep_free: set[Cell],
                   labeller: Labeller) -> None:
    """Names of areas with no free place left, written over their furniture (before
    the pieces' names, which then make way), small, never over a circulation dot if a
    place remains: in full, else shortened (in the key); else wherever they cover the
    least."""
    for pending in crowded:
        # small, so that the pieces under it keep room for their names
        pending = Pending(pending.region, pending.name, pending.texts, pending.tail,
                           pending.style, min(pending.largest, CROWDED_LARGEST))
        label = free_label(labeller, pending, keep_free, snug=True)
        if label is None:
            text = pending.texts[-1]
            label = labeller.anywhere(pending.region, text, measure=pending.measure, size=4.5)
        write(ax, label, **pending.style)


def current_label(ax: Axes, sheet: Sheet, lay: Layout, current_area: set[Cell],
                   labeller: Labeller, marked: set[Cell],
                   cell_pt: float) -> Pending | None:
    """The name of the room being furnished with "being furnished", on free squares not
    walled yet, inside its pieces' outline or beside it. Returns it when there is no
    free place near (see :func:`label_crowded`)."""
    if not (sheet.current_room and current_area):
        return None
    name = sheet.current_room
    xs = [x for x, _ in current_area]
    ys = [y for _, y in current_area]
    reach = 4
    near = {(x, y) for x in range(min(xs) - reach, max(xs) + reach + 1)
            for y in range(min(ys) - reach, max(ys) + reach + 1)}
    taken = set(lay.furniture_at) | lay.rug_squares | lay.circulation | marked
    middle = (sum(xs) / len(xs) + 0.5, sum(ys) / len(ys) + 0.5)
    largest = max(5.0, min(9.0, cell_pt * 0.32))
    nearby = Pending(frozenset((lay.hallway | current_area) & near), name,
                      (f"{name}: being furnished", f"{name}\nbeing furnished"),
                      "\nbeing furnished", CURRENT_LABEL, largest)
    label = free_label(labeller, nearby, taken, target=middle)
    if label is not None:
        write(ax, label, **nearby.style)
        return None
    return Pending(frozenset(current_area), name, nearby.texts, nearby.tail, CURRENT_LABEL,
                    largest)
