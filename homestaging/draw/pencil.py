"""A plan drawn by hand in pencil on a printed drawing sheet, following the conventions.

``draw_by_hand(ax, sheet, seed=...)`` draws, on axes in sheet coordinates (one unit a
square, y downwards), what a player draws on the printed sheet:

* furniture: an outline a little inside the squares, then hatching in the piece's own
  style (:data:`homestaging.core.pieces.HATCHES`: look-alike pieces are hatched apart);
* circulation: a dot in the middle of each circulation square;
* rugs: a ring in each square of the rug that no furniture covers;
* walls: a firm line on the grid lines around each walled room, with a one-square gap
  for its door;
* the front door: a filled triangle outside the house, pointing at the wall;
* windows: a line just outside the exterior wall.

The strokes are uneven on purpose (pressure, wobble, overshoot at the ends, and with
``smudges`` some erasure marks; on tiny squares steadier, see :data:`STEADY_PT`),
seeded so that the same sheet and seed give the same drawing. ``homestaging print
--fill`` and the scanner's synthetic photos use it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence, Set
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.grid import Cell, Edge, boundary
from ..core.pieces import Placement
from ..core.sheet import Sheet
from .drawing import Point, merged_lines, segment
from .piecepics import HATCH_LINES, hatch_strokes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["CONVENTIONS", "GRAPHITE", "HATCH_LINES", "Pencil", "draw_by_hand", "hatch_strokes",
           "plan_marks", "wall_edges"]

GRAPHITE = "#3d3d42"
#: How far inside its squares a piece's outline runs, in squares.
OUTLINE_INSET = 0.14
HATCH_STEP = 0.2
#: ... and hatch lines at least this far apart on paper (points, 0.5 mm): closer, on
#: squares smaller than 7.5 pt (2.6 mm), they would run together into grey
HATCH_STEP_PT = 1.5
DOT_RADIUS = 0.09
RING_RADIUS = 0.2
WINDOW_OFFSET = 0.14
#: A stroke is shaken at points 0.08 squares apart, and at least this far apart on
#: paper (points, 0.4 mm): on squares smaller than 15 pt (5 mm: a sheet of more than
#: about 50 squares across on a page; every bundled project's are larger) the hand's
#: wobble is too small to see and closer points would only cost time and bytes
STROKE_STEP_PT = 1.2
#: On squares smaller than this (points), the pencil is steady: each stroke is drawn
#: through its points, pressed one way, unshaken. The hand's wobble, 0.012 squares,
#: would be under 0.12 pt, a 600 dpi printer's dot (a sheet of more than about 70
#: squares across on A4; every bundled project's squares are larger)
STEADY_PT = 10.0
#: Past this many filled shapes (dots), they are drawn as a compound path for each
#: pencil shade (its opacity to 0.01), not as one path each
MANY_SHAPES = 300

#: The drawing conventions, as printed on the sheets and written in the README.
CONVENTIONS = (
    ("furniture", "Furniture: outline, then hatch"),
    ("hatch", "Hatch: as the project page says"),
    ("circulation", "Circulation: a dot"),
    ("rug", "Rug: a ring in free squares"),
    ("wall", "Wall: firm line on the grid"),
    ("door", "Door: a gap in the wall"),
    ("front-door", "Front door: a triangle outside"),
    ("window", "Window: a line outside the wall"),
)


#: How many ways of pressing the pencil are told apart (each drawn as one path).
PRESSURES = 12


class Pencil:
    """Strokes of a pencil on ``ax``: each line a little uneven, seeded by ``rng``.

    The strokes are gathered and put on ``ax`` by :meth:`finish`, as one collection of
    lines and one of filled shapes, however many there are."""

    def __init__(self, ax: Axes, rng: random.Random, *, width_pt: float, scale: float = 1.0,
                 wobble: float = 0.012, overshoot: float = 0.06, color: str = GRAPHITE,
                 zorder: float = 10.0, step: float = 0.08, steady: bool = False) -> None:
        self.ax = ax
        self.rng = rng
        self.width_pt = width_pt
        self.scale = scale
        self.wobble = wobble
        self.overshoot = overshoot
        self.color = color
        self.zorder = zorder
        self.step = step  # between the points a stroke is shaken at (times scale)
        self.steady = steady  # strokes unshaken, each pressed one way (see STEADY_PT)
        self.strokes: dict[tuple[float, int], list[list[Point]]] = {}  # (firm, level) ->
        self.shapes: list[list[Point]] = []
        self.shape_colors: list[tuple[float, float, float, float]] = []

    def line(self, points: Sequence[Point], *, firm: float = 1.0, extend: bool = True) -> None:
        """A stroke through ``points``: wobbling, pressing unevenly, overshooting its ends
        when ``extend``; ``firm`` scales its width (walls are drawn firmly)."""
        path: list[Point] = [(float(p[0]), float(p[1])) for p in points]
        if extend and len(path) >= 2:
            path[0] = _beyond(path[1], path[0], self.rng.uniform(-0.3, 1.0) * self.overshoot)
            path[-1] = _beyond(path[-2], path[-1], self.rng.uniform(-0.3, 1.0) * self.overshoot)
        if self.steady:
            level = round(self.rng.uniform(0.7, 1.0) * PRESSURES)
            self.strokes.setdefault((firm, level), []).append(path)
            return
        dense = _densify(path, self.step * self.scale)
        phase, freq = self.rng.uniform(0, 6.3), self.rng.uniform(2.0, 5.0)
        # rng.uniform(a, b) is a + (b - a) * rng.random(): the same numbers, called
        # directly (this loop runs for every point of every stroke)
        random = self.rng.random
        amount = self.wobble * self.scale
        step = self.step
        last = len(dense) - 1
        shaken: list[Point] = []
        for i, (x, y) in enumerate(dense):
            ax, ay = dense[i - 1 if i else 0]
            bx, by = dense[i + 1 if i < last else last]
            dx, dy = bx - ax, by - ay
            length = math.hypot(dx, dy) or 1.0
            offset = amount * (math.sin(phase + freq * i * step) + 0.4 * (-1 + 2 * random()))
            shaken.append((x + -dy / length * offset, y + dx / length * offset))
        pressure = self.rng.uniform(0.7, 1.0)
        run: list[Point] = []
        level = -1
        for i in range(last):
            pressure = min(1.0, max(0.45, pressure + (-0.08 + 0.16 * random())))
            now = round(pressure * PRESSURES)
            if now != level:  # a new stretch of the stroke, pressed another way
                run = [shaken[i]]
                self.strokes.setdefault((firm, now), []).append(run)
                level = now
            run.append(shaken[i + 1])

    def fill(self, polygon: Sequence[Point]) -> None:
        """A small shape filled in by pencil (a dot, a triangle)."""
        shaken = [(x + self.rng.uniform(-1, 1) * self.wobble * 0.6 * self.scale,
                   y + self.rng.uniform(-1, 1) * self.wobble * 0.6 * self.scale)
                  for x, y in polygon]
        self.shapes.append(shaken)
        self.shape_colors.append((*_rgb(self.color), self.rng.uniform(0.75, 0.95)))

    def finish(self) -> None:
        """Put the strokes drawn so far on the axes: the lines (one path for each way the
        pencil was pressed: a few paths in all, however many strokes), then the filled
        shapes."""
        from matplotlib.collections import PathCollection, PolyCollection
        from matplotlib.path import Path as MplPath

        if self.strokes:
            keys = sorted(self.strokes)
            paths = []
            for key in keys:
                vertices: list[Point] = []
                codes: list[Any] = []
                for run in self.strokes[key]:
                    vertices += run
                    codes += [MplPath.MOVETO] + [MplPath.LINETO] * (len(run) - 1)
                paths.append(MplPath(vertices, codes))
            rgb = _rgb(self.color)
            self.ax.add_collection(PathCollection(
                paths, facecolors="none",
                edgecolors=[(*rgb, 0.55 + 0.42 * level / PRESSURES) for _, level in keys],
                linewidths=[self.width_pt * firm * (0.75 + 0.35 * level / PRESSURES)
                            for firm, level in keys],
                capstyle="round", joinstyle="round", zorder=self.zorder, gid="pencil"),
                autolim=False)
        if len(self.shapes) > MANY_SHAPES:
            shades: dict[tuple[float, ...], list[Any]] = {}
            for shape, color in zip(self.shapes, self.shape_colors, strict=True):
                shaded = (*color[:3], round(color[3], 2))
                shades.setdefault(shaded, []).append(MplPath([*shape, shape[0]], closed=True))
            self.ax.add_collection(PathCollection(
                [MplPath.make_compound_path(*paths) for paths in shades.values()],
                facecolors=list(shades), edgecolors=list(shades),
                linewidths=self.width_pt * 0.6, zorder=self.zorder, gid="pencil"),
                autolim=False)
        elif self.shapes:
            self.ax.add_collection(PolyCollection(
                self.shapes, closed=True, facecolors=self.shape_colors,
                edgecolors=self.shape_colors, linewidths=self.width_pt * 0.6,
                zorder=self.zorder, gid="pencil"), autolim=False)
        self.strokes = {}
        self.shapes, self.shape_colors = [], []

    def dot(self, x: float, y: float, radius: float) -> None:
        x += self.rng.uniform(-0.03, 0.03) * self.scale
        y += self.rng.uniform(-0.03, 0.03) * self.scale
        r = radius * self.rng.uniform(0.85, 1.15)
        self.fill([(x + r * math.cos(a / 8 * math.tau), y + r * math.sin(a / 8 * math.tau))
                   for a in range(8)])

    def ring(self, x: float, y: float, radius: float) -> None:
        start = self.rng.uniform(0, math.tau)
        turn = math.tau * self.rng.uniform(1.02, 1.12)
        points = [(x + radius * math.cos(start + turn * i / 24),
                   y + radius * math.sin(start + turn * i / 24)) for i in range(25)]
        self.line(points, extend=False)

    def smudge(self, x: float, y: float, w: float, h: float) -> None:
        """A light grey erasure mark: a rubbed-out stroke that left its shadow."""
        from matplotlib.patches import Ellipse

        self.ax.add_artist(Ellipse((x, y), w, h, angle=self.rng.uniform(0, 180),
                                   facecolor="#8a8a8a", edgecolor="none",
                                   alpha=self.rng.uniform(0.07, 0.14), zorder=self.zorder - 1,
                                   gid="smudge"))


def _rgb(color: str) -> tuple[float, float, float]:
    return (int(color[1:3], 16) / 255, int(color[3:5], 16) / 255, int(color[5:7], 16) / 255)


def _beyond(a: Point, b: Point, distance: float) -> Point:
    """``b`` moved ``distance`` further along the direction from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (b[0] + dx / length * distance, b[1] + dy / length * distance)


def _densify(points: Sequence[Point], step: float) -> list[Point]:
    out = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        count = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        out += [(x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count)
                for k in range(1, count + 1)]
    return out


# ---------------------------------------------------------------------------- the plan


def wall_edges(sheet: Sheet) -> tuple[set[Edge], set[Edge]]:
    """The walls a player draws (room boundaries that the house does not already print)
    and the doors left open in them."""
    printed = sheet.project.exterior_walls() | sheet.project.walls
    walls: set[Edge] = set()
    doors: set[Edge] = set()
    for room in sheet.rooms:
        if not room.finalized:
            continue
        walls.update(edge for edge in boundary(room.cells) if edge not in printed)
        doors.update(room.doors)
    return walls - doors, doors


class PlanMarks(NamedTuple):
    """What a hand draws of a sheet's pieces: the pieces outlined and hatched (all but
    the rugs), and the squares of furniture, of circulation and of rugs."""

    outlined: list[Placement]
    furniture: set[Cell]
    circulation: set[Cell]
    rugs: set[Cell]


def plan_marks(sheet: Sheet) -> PlanMarks:
    """The pieces and squares a hand draws for ``sheet`` (see :class:`PlanMarks`): a rug
    is rings in its free squares, any other piece an outline, hatching and dots."""
    plan = PlanMarks([], set(), set(), set())
    for drawn in sheet.pieces:
        placement = drawn.placement
        if placement.piece.is_rug:
            plan.rugs.update(placement.furniture)
            continue
        plan.outlined.append(placement)
        plan.furniture.update(placement.furniture)
        plan.circulation.update(placement.circulation)
    return plan


def _outline(cells: Iterable[Cell], inset: float) -> list[list[Point]]:
    """The rings of the squares' outline, pulled ``inset`` inside."""
    from .drawing import rectangle_of, union

    box = rectangle_of(cells)
    if box is not None:  # most pieces: no geometry library needed
        x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
        if x1 <= x0 or y1 <= y0:
            return []
        return [[(x1, y0), (x0, y0), (x0, y1), (x1, y1), (x1, y0)]]  # as shapely's ring
    shape = union(cells).buffer(-inset, join_style="mitre")
    rings = []
    for polygon in getattr(shape, "geoms", [shape]):
        if polygon.is_empty:
            continue
        rings.append([(float(x), float(y)) for x, y in polygon.exterior.coords])
    return rings


def draw_by_hand(ax: Axes, sheet: Sheet, *, seed: int = 0, cell_pt: float = 20.0,
                 smudges: int = 0, wobble: float = 1.0) -> None:
    """Draw ``sheet``'s plan by hand on ``ax`` (sheet coordinates), after the conventions.

    ``cell_pt`` is the size of a square in points (it sets the pencil's width);
    ``smudges`` the number of erasure marks; ``wobble`` scales how unsteady the hand is.
    """
    rng = random.Random(seed)
    width = max(0.6, cell_pt * 0.045)
    step = max(0.08, STROKE_STEP_PT / cell_pt)
    hatch_step = max(HATCH_STEP, HATCH_STEP_PT / cell_pt)
    steady = cell_pt < STEADY_PT
    pencil = Pencil(ax, rng, width_pt=width, wobble=0.012 * wobble, overshoot=0.07 * wobble,
                    step=step, steady=steady)
    light = Pencil(ax, rng, width_pt=width * 0.55, wobble=0.01 * wobble,
                   overshoot=0.04 * wobble, step=step, steady=steady)
    plan = plan_marks(sheet)
    for placement in plan.outlined:
        for ring in _outline(placement.furniture, OUTLINE_INSET):
            pencil.line(ring, extend=False)
        hatch = placement.piece.hatch or "/"
        for stroke in hatch_strokes(placement.furniture, OUTLINE_INSET, hatch_step, rng, hatch):
            light.line(stroke, extend=False)
    for x, y in sorted(plan.rugs - plan.furniture):
        pencil.ring(x + 0.5, y + 0.5, RING_RADIUS)
    for x, y in sorted(plan.circulation - plan.furniture):
        pencil.dot(x + 0.5, y + 0.5, DOT_RADIUS)
    walls, _ = wall_edges(sheet)
    for line in merged_lines(walls):
        pencil.line(line, firm=1.9)
    house = sheet.project.house
    for edge in sheet.front_doors:
        pencil.fill(_front_door_triangle(edge, house))
    for edge in sheet.windows:
        a, b, normal = _outside(edge, house)
        off = WINDOW_OFFSET
        pencil.line([(a[0] + normal[0] * off, a[1] + normal[1] * off),
                     (b[0] + normal[0] * off, b[1] + normal[1] * off)], firm=1.2)
    pencil.finish()
    light.finish()
    for _ in range(smudges):
        pencil.smudge(rng.uniform(0, sheet.project.width), rng.uniform(0, sheet.project.height),
                      rng.uniform(0.6, 1.6), rng.uniform(0.3, 0.8))


def _outside(edge: Edge, house: Set[Cell]) -> tuple[Point, Point, Point]:
    """The edge's ends (shortened a little) and the unit normal pointing out of the house."""
    (ax_, ay), (bx, by) = segment(edge)
    inside = edge.cell if edge.cell in house else edge.outer
    outside = edge.outer if inside == edge.cell else edge.cell
    normal = (float(outside[0] - inside[0]), float(outside[1] - inside[1]))
    along = (bx - ax_, by - ay)
    a = (ax_ + along[0] * 0.1, ay + along[1] * 0.1)
    b = (ax_ + along[0] * 0.9, ay + along[1] * 0.9)
    return a, b, normal


def _front_door_triangle(edge: Edge, house: Set[Cell]) -> list[Point]:
    """A triangle in the square outside the front door, its tip at the wall."""
    (ax_, ay), (bx, by) = segment(edge)
    _, _, (nx, ny) = _outside(edge, house)
    mx, my = (ax_ + bx) / 2, (ay + by) / 2
    tx, ty = (bx - ax_), (by - ay)  # along the edge, length 1
    tip = (mx + nx * 0.08, my + ny * 0.08)
    base = 0.55
    return [tip, (mx + nx * base + tx * 0.28, my + ny * base + ty * 0.28),
            (mx + nx * base - tx * 0.28, my + ny * base - ty * 0.28)]


def draw_convention(ax: Any, kind: str, x: float, y: float, size: float, seed: int = 0) -> None:
    """A small example of one convention in a box of ``size`` at (x, y) (top-left), on
    axes in millimetres, y downwards (the printed legend)."""
    rng = random.Random(seed)
    pencil = Pencil(ax, rng, width_pt=0.7, scale=size, wobble=0.004, overshoot=0.0)
    light = Pencil(ax, rng, width_pt=0.4, scale=size, wobble=0.003, overshoot=0.0)
    s = size

    def at(u: float, v: float) -> Point:
        return (x + u * s, y + v * s)

    if kind == "furniture":
        i = 0.14
        pencil.line([at(i, i), at(1 - i, i), at(1 - i, 1 - i), at(i, 1 - i), at(i, i)],
                    extend=False)
        for c in (0.45, 0.75, 1.05, 1.35, 1.65):
            a = max(i + 0.03, c - (1 - i - 0.03))
            b = min(1 - i - 0.03, c - (i + 0.03))
            if b > a:
                light.line([at(a, c - a), at(b, c - b)], extend=False)
    elif kind == "hatch":  # two look-alikes side by side, hatched / and |
        for left, style in ((0.0, "/"), (0.55, "|")):
            pencil.line([at(left + 0.05, 0.2), at(left + 0.45, 0.2), at(left + 0.45, 0.8),
                         at(left + 0.05, 0.8), at(left + 0.05, 0.2)], extend=False)
            for k in (1, 2, 3):
                c = left + 0.05 + 0.1 * k
                if style == "|":
                    light.line([at(c, 0.27), at(c, 0.73)], extend=False)
                else:
                    light.line([at(c - 0.07, 0.73), at(c + 0.07, 0.27)], extend=False)
    elif kind == "circulation":
        pencil.dot(*at(0.5, 0.5), DOT_RADIUS * s * 1.3)
    elif kind == "rug":
        pencil.ring(*at(0.5, 0.5), RING_RADIUS * s)
    elif kind == "wall":
        pencil.line([at(0.0, 0.5), at(1.0, 0.5)], firm=1.9, extend=False)
    elif kind == "door":
        pencil.line([at(-0.1, 0.5), at(0.25, 0.5)], firm=1.9, extend=False)
        pencil.line([at(0.75, 0.5), at(1.1, 0.5)], firm=1.9, extend=False)
    elif kind == "front-door":
        pencil.fill([at(0.5, 0.2), at(0.22, 0.75), at(0.78, 0.75)])
    elif kind == "window":
        pencil.line([at(0.1, 0.38), at(0.9, 0.38)], firm=1.2, extend=False)
    else:
        raise ValueError(f"unknown convention {kind!r}")
    pencil.finish()
    light.finish()
