"""What is drawn just outside the house's walls: windows and the front door.

A window is a line close outside an exterior wall, along the square's side; the front
door a filled triangle further out. A piece inside, outlined on the house's wall, puts
its outline's line there too, a pixel or two outside: beside furniture, a window is a
line that stands apart past the piece's outline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.grid import Cell, Edge
from ..core.project import Project
from .photo import PX

if TYPE_CHECKING:
    from .marks import Marks

__all__ = ["FRONT_DOOR", "front_door_ink", "read_outside"]

Image = Any

#: A drawn triangle is filled: as dark as the page's walls, at least this share of them
#: (0.35 at most: our pencil's triangles measure 0.6 and more, stray marks 0.3 and less).
FRONT_SHARE, FRONT_DOOR = 0.75, 0.35


def front_door_ink(line_ink: float) -> float:
    """The ink outside an exterior side above which a triangle is drawn there, on a page
    whose walls measure ``line_ink`` (a soft pencil's triangle is as pale as its walls)."""
    return min(FRONT_DOOR, FRONT_SHARE * line_ink)


#: A window's line: at least this share of the side long (less: a doubt, from SHORT on)
WINDOW, SHORT = 0.55, 0.35
#: A line across an exterior side beside furniture: its darkness along the side (the
#: mean) a local peak of at least this share of the page's walls' (the piece's outline),
#: a window's at least WINDOW_LINE of it or of the outline's, the lighter.
OUTLINE_LINE, WINDOW_LINE = 0.3, 0.5


def read_outside(marks: Marks, strong: Image, fine: Image, darkness: Image,
                 project: Project) -> None:
    """Windows and front doors outside every exterior side, into ``marks``: ``strong``
    the pixels surely drawn, ``fine`` the thin strokes, ``darkness`` all the ink."""
    house = project.house
    for edge in sorted(project.exterior_walls(), key=lambda e: e.key):
        inside = edge.cell if edge.cell in house else edge.outer
        side = edge.seen_from(inside).side
        window, door = _outside_scores(strong, darkness, edge, inside)
        if door >= front_door_ink(marks.line_ink):  # a filled triangle: no window
            window = 0.0
        if (window >= SHORT and marks.squares.get(inside) == "furniture"
                and not _past_outline(_across(fine, inside, side), marks.line_ink)):
            window = 0.0  # the piece's outline on the house's wall, no window
        if window >= WINDOW:
            marks.windows.add(Edge(inside, side))
        elif window >= SHORT:
            marks.doubt(inside, side, "window?",
                        f"a line outside the wall, but short ({window:.0%} of the side)")
        if door >= 0.18:
            marks.front_doors.append((edge.seen_from(inside), door))


#: The profile across an exterior side: from this many pixels inside the house (an
#: outline a quarter inside lies 8 in) to that many outside (a window's band).
IN, OUT = 9, 11


def _across(fine: Image, inside: Cell, side: str) -> Image:
    """The thin strokes' darkness across ``inside``'s exterior ``side``, averaged along
    its middle 70%: from :data:`IN` pixels inside to :data:`OUT` outside, the grid line
    at index ``IN``."""
    x, y = inside
    left, top = (x + 1) * PX, (y + 1) * PX
    a, b = int(0.15 * PX), int(0.85 * PX)
    if side == "n":
        band = fine[top - OUT:top + IN + 1, left + a:left + b][::-1].T
    elif side == "s":
        band = fine[top + PX - IN:top + PX + OUT + 1, left + a:left + b].T
    elif side == "w":
        band = fine[top + a:top + b, left - OUT:left + IN + 1][:, ::-1]
    else:
        band = fine[top + a:top + b, left + PX - IN:left + PX + OUT + 1]
    return band.mean(axis=0)


def _past_outline(profile: Image, line_ink: float) -> bool:
    """Whether ``profile`` (see :func:`_across`) holds a window's line past the piece's
    outline. The outline is the first line from the inside up to three pixels out (a
    piece outlined on the house's wall may put it there); the window a line further
    out, a pixel out at least, at least half as dark as the outline and the page's
    walls (the lighter of the two), with a dip between them. Where no outline is seen,
    a line at least half as dark as the page's walls, a pixel out or more."""
    values = [float(v) for v in profile]
    peaks = [i for i in range(1, len(values) - 1)
             if values[i] >= OUTLINE_LINE * line_ink
             and values[i] >= values[i - 1] and values[i] >= values[i + 1]]
    first = next((i for i in peaks if i <= IN + 3), None)
    if first is None:
        return any(i > IN and values[i] >= WINDOW_LINE * line_ink for i in peaks)
    outline = values[first]
    return any(i > max(first, IN) and values[i] >= WINDOW_LINE * min(outline, line_ink)
               and min(values[first:i]) < 0.5 * min(outline, values[i]) for i in peaks)


def _outside_scores(strong: Image, darkness: Image, edge: Edge, inside: Cell
                    ) -> tuple[float, float]:
    """(window, front door) evidence just outside an exterior edge: the share of its length
    with a line 0.06-0.34 squares out, and the ink of the triangle zone further out
    (0.37-0.52 squares, past a window drawn a little far)."""
    side = edge.seen_from(inside).side
    x, y = inside
    a, b = int(0.15 * PX), int(0.85 * PX)
    near0, near1 = int(0.06 * PX), int(0.34 * PX)
    far0, far1 = int(0.37 * PX), int(0.52 * PX)
    mid0, mid1 = int(0.4 * PX), int(0.6 * PX)
    left, top = (x + 1) * PX, (y + 1) * PX
    if side == "n":
        band = strong[top - near1:top - near0, left + a:left + b]
        far = darkness[top - far1:top - far0, left + mid0:left + mid1]
        along = band.max(axis=0)
    elif side == "s":
        bottom = top + PX
        band = strong[bottom + near0:bottom + near1, left + a:left + b]
        far = darkness[bottom + far0:bottom + far1, left + mid0:left + mid1]
        along = band.max(axis=0)
    elif side == "w":
        band = strong[top + a:top + b, left - near1:left - near0]
        far = darkness[top + mid0:top + mid1, left - far1:left - far0]
        along = band.max(axis=1)
    else:
        right = left + PX
        band = strong[top + a:top + b, right + near0:right + near1]
        far = darkness[top + mid0:top + mid1, right + far0:right + far1]
        along = band.max(axis=1)
    window = float(along.mean()) if along.size else 0.0
    door = float(far.mean()) if far.size else 0.0
    return window, door
