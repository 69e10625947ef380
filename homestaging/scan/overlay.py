"""The straightened page with what the scanner read drawn over it, to look at.

``scan --debug-image page.png`` writes it; the bench writes one per photo it reads
wrong, with the truth's differences marked. Colours (BGR): a square's class as a small
mark in its corner (blue furniture, green circulation, orange rug ring), walls read in
red, doors in green, each piece's furniture outlined in dark blue with its id, the
doubts in violet. With a truth sheet, what the scan got wrong is circled in magenta.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.grid import Cell, Edge, boundary, reading_order
from . import require_cv2
from .marks import CIRCULATION, EMPTY, FURNITURE, RING, RING_DOT
from .photo import PX

if TYPE_CHECKING:
    from ..core.sheet import Sheet
    from .read import Scan

__all__ = ["overlay"]

CLASS_COLORS = {FURNITURE: (200, 90, 20), CIRCULATION: (40, 170, 40), RING: (0, 140, 255),
                RING_DOT: (0, 200, 255)}
WALL, DOOR, PIECE, DOUBT, MISS = (30, 30, 220), (40, 200, 40), (120, 40, 20), (200, 40, 170), \
    (255, 0, 255)


def _point(x: float, y: float) -> tuple[int, int]:
    return (round((x + 1) * PX), round((y + 1) * PX))


def _edge_line(image: Any, edge: Edge, color: tuple[int, int, int], width: int) -> None:
    cv2 = require_cv2()
    x, y = edge.cell
    ends = {"n": ((x, y), (x + 1, y)), "s": ((x, y + 1), (x + 1, y + 1)),
            "w": ((x, y), (x, y + 1)), "e": ((x + 1, y), (x + 1, y + 1))}[edge.side]
    cv2.line(image, _point(*ends[0]), _point(*ends[1]), color, width, cv2.LINE_AA)


def _outline(image: Any, cells: Iterable[Cell], color: tuple[int, int, int],
             width: int) -> None:
    for edge in boundary(frozenset(cells)):
        _edge_line(image, edge, color, width)


FONT_SCALE = 0.3
Box = tuple[int, int, int, int]  # left, top, right, bottom, in pixels


def _text(image: Any, text: str, at: tuple[int, int], color: tuple[int, int, int]) -> None:
    cv2 = require_cv2()
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, FONT_SCALE, (255, 255, 255), 2,
                cv2.LINE_AA)
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, FONT_SCALE, color, 1, cv2.LINE_AA)


def label_places(labels: Iterable[tuple[str, Iterable[Cell]]],
                 taken: list[Box] | None = None) -> list[tuple[int, int]]:
    """Where to write each label (its text and the squares it names), kept apart: at
    the foot of the first of its squares, in reading order, where its box meets no
    label placed before (``taken``, which it joins); else lower down from its first
    square, a line at a time, until it meets none."""
    cv2 = require_cv2()
    taken = [] if taken is None else taken
    places = []
    for text, cells in labels:
        (width, height), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, FONT_SCALE, 2)
        spots = [_point(x + 0.08, y + 0.92) for x, y in sorted(cells, key=reading_order)]
        lower = spots[0]
        while _meets(_box(lower, width, height, base), taken):
            lower = (lower[0], lower[1] + height + base + 2)
        at = next((spot for spot in spots
                   if not _meets(_box(spot, width, height, base), taken)), lower)
        taken.append(_box(at, width, height, base))
        places.append(at)
    return places


def _box(at: tuple[int, int], width: int, height: int, base: int) -> Box:
    """The box of a text written at ``at`` (its baseline's left end), a pixel around."""
    return (at[0] - 1, at[1] - height - 1, at[0] + width + 1, at[1] + base + 1)


def _meets(box: Box, others: Iterable[Box]) -> bool:
    """Whether ``box`` overlaps any of ``others``."""
    return any(not (box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1])
               for b in others)


def overlay(scan: Scan, truth: Sheet | None = None) -> Any:
    """A BGR image: the straightened page with the reading (and its misses) drawn on."""
    import numpy as np

    cv2 = require_cv2()
    image = scan.page.image.copy()
    image = (0.55 * image + 0.45 * 255).astype(np.uint8)  # fade the photo under the marks
    marks = scan.marks
    for (x, y), kind in marks.squares.items():
        if kind != EMPTY:
            a, b = _point(x + 0.04, y + 0.04), _point(x + 0.2, y + 0.2)
            cv2.rectangle(image, a, b, CLASS_COLORS[kind], -1)
    for edge in marks.walls:
        _edge_line(image, edge, WALL, 2)
    sheet = scan.sheet
    for room in sheet.rooms:
        for door in room.doors:
            _edge_line(image, door, DOOR, 3)
    for drawn in sheet.pieces:
        _outline(image, drawn.placement.furniture, PIECE, 1)
    labels: list[Box] = []
    names = [(drawn.id[:12], drawn.placement.furniture) for drawn in sheet.pieces]
    for (name, _), at in zip(names, label_places(names, labels), strict=True):
        _text(image, name, at, PIECE)
    for doubt in scan.uncertain:
        centre = _point(doubt.cell[0] + 0.5, doubt.cell[1] + 0.5)
        cv2.circle(image, centre, PX // 3, DOUBT, 1, cv2.LINE_AA)
    if truth is not None:
        _misses(image, scan, truth, labels)
    return image


def _misses(image: Any, scan: Scan, truth: Sheet, labels: list[Box]) -> None:
    """Circle what the scan got wrong against ``truth``: pieces, rooms and doors (the
    pieces' labels kept apart from ``labels``)."""
    cv2 = require_cv2()
    want = {(p.id, p.placement.furniture) for p in truth.pieces}
    have = {(p.id, p.placement.furniture) for p in scan.sheet.pieces}
    missed = sorted(want - have, key=lambda item: (item[0], sorted(item[1])))
    for _, cells in missed:
        _outline(image, cells, MISS, 2)
    names = [("want " + piece_id[:12], cells) for piece_id, cells in missed]
    for (name, _), at in zip(names, label_places(names, labels), strict=True):
        _text(image, name, at, MISS)
    got_rooms = {room.name: room for room in scan.sheet.rooms}
    for room in truth.rooms:
        other = got_rooms.get(room.name)
        if other is None or other.cells != room.cells or other.doors != room.doors:
            for door in room.doors:
                _edge_line(image, door, MISS, 4)
            for cell in room.cells ^ (other.cells if other else frozenset()):
                cv2.drawMarker(image, _point(cell[0] + 0.5, cell[1] + 0.5), MISS,
                               cv2.MARKER_TILTED_CROSS, PX // 2, 1)
