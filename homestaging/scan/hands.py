"""Other hands than our pencil: plans drawn as other careful players draw them.

Each :class:`Hand` follows every printed convention, with its own tool, colour and habits
(the numbers come from how people draw, not from the scanner): a ballpoint in blue, a
black felt-tip, a soft pencil. Lines are 2 to 4 pixels wide at 200 dpi, outlines run 10
to 20% inside the squares, 3 to 5 hatch lines a square a little irregular, circulation
dots of 2 to 8 pixels slightly off centre, walls in two or three strokes, windows as one
or two lines. :func:`hand_page` draws a sheet's plan with one of them on its printed
drawing sheet, as :func:`~.synthetic.filled_page` does with our pencil; photograph it
with :func:`~.synthetic.photograph`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.grid import Cell, Edge
from ..core.sheet import Sheet

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["HANDS", "VARIED", "Hand", "draw_with", "hand_page"]

Point = tuple[float, float]
Image = Any
PX_200 = 72.0 / 200.0  # one pixel at 200 dpi, in points
FAINT = 0.35  # a light touch: this share of the tool's usual cover


@dataclass(frozen=True)
class Hand:
    """How one player draws: ranges each mark's measure is drawn from, per stroke."""

    name: str
    colors: tuple[str, ...]  # the ink, one per sheet
    width: tuple[float, float]  # line width, pixels at 200 dpi
    alpha: tuple[float, float]  # how much the tool covers (a soft pencil leaves grain)
    inset: tuple[float, float]  # the outline's distance inside the squares, in squares
    hatches: tuple[int, int]  # hatch lines a square
    dot: tuple[float, float]  # a circulation dot's diameter, pixels at 200 dpi
    off_centre: float  # how far a dot may sit from the middle, in squares
    wall_strokes: tuple[int, int]  # strokes a straight wall is drawn in
    window_lines: tuple[int, int]  # one line or two
    wobble: float = 0.008  # the hand's unsteadiness, in squares
    tilt: float = 4.0  # how far a hatch line turns from its direction, degrees


HANDS: dict[str, Hand] = {
    "ballpoint": Hand("ballpoint", ("#1b3f9c", "#22308a", "#15152a"), (2.0, 3.0), (0.85, 1.0),
                      (0.10, 0.20), (3, 5), (3.0, 6.0), 0.06, (2, 3), (1, 2)),
    "felt-tip": Hand("felt-tip", ("#141414", "#1d2a5a"), (3.0, 4.0), (0.9, 1.0),
                     (0.12, 0.20), (3, 4), (5.0, 8.0), 0.06, (2, 3), (2, 2)),
    "soft-pencil": Hand("soft-pencil", ("#4a4a50", "#5a5a60"), (2.5, 4.0), (0.45, 0.75),
                        (0.10, 0.18), (4, 5), (3.0, 7.0), 0.07, (2, 3), (1, 2),
                        wobble=0.012, tilt=6.0),
}

#: Every mark over the whole range the conventions allow (a stroke's measures drawn anew
#: each time): lines 2-4 px, dots 2-8 px, outlines from the square's edge to a quarter
#: inside, 2-8 hatch lines, walls of one to three strokes, windows of one or two lines,
#: in any of the hands' inks. The bench's ``--hand varied``: readers must hold over it.
VARIED = Hand("varied", tuple(c for hand in HANDS.values() for c in hand.colors), (2.0, 4.0),
              (0.45, 1.0), (0.0, 0.25), (2, 8), (2.0, 8.0), 0.07, (1, 3), (1, 2),
              wobble=0.012, tilt=6.0)


class _Ink:
    """Strokes of one tool on ``ax``, in sheet coordinates (a square is 1)."""

    def __init__(self, ax: Axes, hand: Hand, rng: random.Random, square_pt: float) -> None:
        self.ax, self.hand, self.rng = ax, hand, rng
        self.color = rng.choice(hand.colors)
        self.square_pt = square_pt

    def _width(self, scale: float = 1.0) -> float:
        return self.rng.uniform(*self.hand.width) * PX_200 * scale

    def line(self, points: Sequence[Point], scale: float = 1.0, light: float = 1.0) -> None:
        """One stroke through ``points``, shaking a little across its way; ``light``
        scales how much the tool covers (a light touch)."""
        from matplotlib.lines import Line2D

        shaken: list[Point] = []
        wobble, phase = self.hand.wobble, self.rng.uniform(0, math.tau)
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = -(y1 - y0) / length, (x1 - x0) / length
            steps = max(1, int(length / 0.1))
            for k in range(steps):
                t = k / steps
                off = wobble * (math.sin(phase + 9 * (x0 + y0 + t * length))
                                + 0.3 * self.rng.uniform(-1, 1))
                shaken.append((x0 + (x1 - x0) * t + nx * off, y0 + (y1 - y0) * t + ny * off))
        shaken.append(points[-1])
        xs, ys = zip(*shaken, strict=True)
        self.ax.add_line(Line2D(xs, ys, color=self.color, linewidth=self._width(scale),
                                alpha=self.rng.uniform(*self.hand.alpha) * light,
                                solid_capstyle="round", solid_joinstyle="round", zorder=10,
                                gid="ink"))

    def fill(self, polygon: Sequence[Point]) -> None:
        from matplotlib.patches import Polygon

        self.ax.add_patch(Polygon(polygon, closed=True, facecolor=self.color,
                                  edgecolor=self.color, linewidth=self._width(0.5),
                                  alpha=self.rng.uniform(*self.hand.alpha), zorder=10,
                                  gid="ink"))

    def dot(self, x: float, y: float) -> None:
        """A circulation dot: its diameter in the hand's range, a little off centre."""
        diameter = self.rng.uniform(*self.hand.dot) * PX_200 / self.square_pt
        reach = self.hand.off_centre
        x += self.rng.uniform(-reach, reach)
        y += self.rng.uniform(-reach, reach)
        r = diameter / 2
        self.fill([(x + r * math.cos(a / 10 * math.tau), y + r * math.sin(a / 10 * math.tau))
                   for a in range(10)])


def _outline(cells: Set[Cell], inset: float) -> list[list[Point]]:
    from shapely.geometry import box
    from shapely.ops import unary_union

    shape = unary_union([box(x, y, x + 1, y + 1) for x, y in cells])
    shape = shape.buffer(-inset, join_style="mitre")
    return [[(float(x), float(y)) for x, y in polygon.exterior.coords]
            for polygon in getattr(shape, "geoms", [shape]) if not polygon.is_empty]


def _hatch(ink: _Ink, cells: Set[Cell], inset: float, style: str) -> None:
    """Hatch lines inside the outline, in the piece's style: diagonals across the whole
    piece about ``n`` a square apart, upright or level lines in each square's middle
    (the convention keeps them off the grid lines), each a little turned and shifted."""
    from shapely.geometry import LineString, box
    from shapely.ops import unary_union

    rng, hand = ink.rng, ink.hand
    shape = unary_union([box(x, y, x + 1, y + 1) for x, y in cells]).buffer(
        -inset - 0.04, join_style="mitre")
    if shape.is_empty:
        return
    n = rng.randint(*hand.hatches)
    x0, y0, x1, y1 = shape.bounds
    reach = math.hypot(x1 - x0, y1 - y0) + 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    directions = {"/": [45.0], "\\": [-45.0], "|": [90.0], "-": [0.0], "x": [45.0, -45.0]}
    for angle in directions[style]:
        count = n if style != "x" else max(2, n - 1)
        if angle in (0.0, 90.0):
            # across each square's middle 40%, ``count`` lines at most three
            count = min(count, 3)
            places = sorted({(k if angle == 90.0 else k2) for k, k2 in cells})
            offsets = [p + 0.3 + 0.4 * (i + 0.5) / count + rng.uniform(-0.03, 0.03)
                       for p in places for i in range(count)]
        else:
            # ``count`` lines across the part of a square inside the outline
            gap = (1 - 2 * inset) * math.sqrt(2) / count
            span = reach
            start = -span + rng.uniform(0, gap)
            offsets = [start + k * gap for k in range(int(2 * span / gap) + 1)]
        for offset in offsets:
            turn = math.radians(angle + rng.uniform(-hand.tilt, hand.tilt))
            ux, uy = math.cos(turn), -math.sin(turn)  # y down: 45 degrees rises
            if angle == 90.0:
                mx, my = offset, cy
            elif angle == 0.0:
                mx, my = cx, offset
            else:
                nx, ny = -uy, ux
                mx, my = cx + nx * offset, cy + ny * offset
            cut = shape.intersection(LineString([(mx - ux * reach, my - uy * reach),
                                                 (mx + ux * reach, my + uy * reach)]))
            for part in getattr(cut, "geoms", [cut]):
                if part.geom_type != "LineString" or part.length < 0.08:
                    continue
                (ax_, ay), (bx, by) = part.coords[0], part.coords[-1]
                short = rng.uniform(0.0, 0.05)  # a hand stops short of the outline
                ax_, ay = ax_ + ux * short, ay + uy * short
                bx, by = bx - ux * short, by - uy * short
                ink.line([(ax_, ay), (bx, by)], scale=0.85)


def _wall(ink: _Ink, a: Point, b: Point, light: float = 1.0) -> None:
    """A straight wall from ``a`` to ``b`` in two or three strokes that meet, overlap or
    leave a hair's gap, each a little off the line (``light``: see :meth:`_Ink.line`)."""
    rng = ink.rng
    strokes = rng.randint(*ink.hand.wall_strokes)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1.5:
        strokes = min(strokes, 2)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    cuts = sorted(rng.uniform(0.2, 0.8) * length for _ in range(strokes - 1))
    ends = [0.0, *cuts, length]
    for s, e in itertools.pairwise(ends):
        s0 = s - rng.uniform(-0.03, 0.08) if s > 0 else s - rng.uniform(0.0, 0.06)
        e0 = e + rng.uniform(-0.03, 0.08) if e < length else e + rng.uniform(0.0, 0.06)
        off0, off1 = rng.uniform(-0.02, 0.02), rng.uniform(-0.02, 0.02)
        ink.line([(a[0] + ux * s0 - uy * off0, a[1] + uy * s0 + ux * off0),
                  (a[0] + ux * e0 - uy * off1, a[1] + uy * e0 + ux * off1)], scale=1.3,
                 light=light)


def _straight_runs(edges: Set[Edge]) -> list[tuple[Point, Point]]:
    """Walls as the straight runs a hand draws in one go."""
    from ..draw.drawing import segment

    runs: list[tuple[Point, Point]] = []
    pieces = sorted(tuple(sorted(segment(edge))) for edge in edges)
    left = set(pieces)
    for start in pieces:
        if start not in left:
            continue
        left.discard(start)
        (ax_, ay), (bx, by) = start
        horizontal = ay == by
        while True:  # extend forward
            nxt = ((bx, by), (bx + 1, by)) if horizontal else ((bx, by), (bx, by + 1))
            if nxt not in left:
                break
            left.discard(nxt)
            bx, by = nxt[1]
        while True:  # and backward
            prv = ((ax_ - 1, ay), (ax_, ay)) if horizontal else ((ax_, ay - 1), (ax_, ay))
            if prv not in left:
                break
            left.discard(prv)
            ax_, ay = prv[0]
        runs.append(((float(ax_), float(ay)), (float(bx), float(by))))
    return runs


def draw_with(ax: Axes, sheet: Sheet, hand: Hand, *, seed: int = 0,
              square_pt: float = 30.0, faint: Set[Edge] = frozenset()) -> None:
    """Draw ``sheet``'s plan on ``ax`` (sheet coordinates) the way ``hand`` does; the
    walls on the sides ``faint`` with a light touch (a third of the ink)."""
    from ..draw.pencil import plan_marks, wall_edges

    rng = random.Random(seed)
    ink = _Ink(ax, hand, rng, square_pt)
    house = sheet.project.house
    plan = plan_marks(sheet)
    for placement in plan.outlined:
        inset = rng.uniform(*hand.inset)
        for ring in _outline(placement.furniture, inset):
            ink.line(ring)
        _hatch(ink, placement.furniture, inset, placement.piece.hatch or "/")
    for x, y in sorted(plan.rugs - plan.furniture):
        radius = rng.uniform(0.18, 0.26)
        start = rng.uniform(0, math.tau)
        ink.line([(x + 0.5 + radius * math.cos(start + math.tau * 1.05 * i / 24),
                   y + 0.5 + radius * math.sin(start + math.tau * 1.05 * i / 24))
                  for i in range(25)])
    for x, y in sorted(plan.circulation - plan.furniture):
        ink.dot(x + 0.5, y + 0.5)
    walls, _ = wall_edges(sheet)
    for a, b in _straight_runs(walls - faint):
        _wall(ink, a, b)
    for a, b in _straight_runs(walls & faint):
        _wall(ink, a, b, light=FAINT)
    for edge in sheet.front_doors:
        ink.fill(_triangle(edge, house, rng))
    for edge in sheet.windows:
        lines = rng.randint(*hand.window_lines)
        offsets = [rng.uniform(0.10, 0.16)] if lines == 1 else [rng.uniform(0.07, 0.10),
                                                                rng.uniform(0.17, 0.22)]
        a, b, (nx, ny) = _outside(edge, house)
        for off in offsets:
            ink.line([(a[0] + nx * off, a[1] + ny * off), (b[0] + nx * off, b[1] + ny * off)])


def _outside(edge: Edge, house: Set[Cell]) -> tuple[Point, Point, Point]:
    """The edge's ends (shortened a little) and the unit normal out of the house."""
    from ..draw.drawing import segment

    (ax_, ay), (bx, by) = segment(edge)
    inside = edge.cell if edge.cell in house else edge.outer
    outside = edge.outer if inside == edge.cell else edge.cell
    normal = (float(outside[0] - inside[0]), float(outside[1] - inside[1]))
    return ((ax_ + (bx - ax_) * 0.1, ay + (by - ay) * 0.1),
            (ax_ + (bx - ax_) * 0.9, ay + (by - ay) * 0.9), normal)


def _triangle(edge: Edge, house: Set[Cell], rng: random.Random) -> list[Point]:
    """A filled triangle outside the front door, its tip on the wall."""
    from ..draw.drawing import segment

    (ax_, ay), (bx, by) = segment(edge)
    _, _, (nx, ny) = _outside(edge, house)
    mx, my = (ax_ + bx) / 2, (ay + by) / 2
    tx, ty = bx - ax_, by - ay
    base, half = rng.uniform(0.5, 0.6), rng.uniform(0.22, 0.3)
    tip = rng.uniform(0.04, 0.1)
    return [(mx + nx * tip, my + ny * tip),
            (mx + nx * base + tx * half, my + ny * base + ty * half),
            (mx + nx * base - tx * half, my + ny * base - ty * half)]


def hand_page(sheet: Sheet, hand: Hand, *, seed: int = 0, dpi: int = 150,
              paper: str = "a4", faint: Set[Edge] = frozenset()) -> Image:
    """The printed drawing sheet with ``sheet``'s plan drawn by ``hand``, as an RGB uint8
    image (the page :func:`~.synthetic.filled_page` gives for our pencil); ``faint``: see
    :func:`draw_with`."""
    import matplotlib
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ..draw.drawing import RC_PARAMS
    from ..draw.printing import blank_sheet_layout, project_figures, project_pages

    with matplotlib.rc_context(RC_PARAMS):  # the sheet: after the project's pages
        fig = project_figures(sheet.project, paper=paper, sheets=1)[
            project_pages(sheet.project, paper)]
        grid = fig.axes[1]
        square_pt = blank_sheet_layout(sheet.project, paper).square / 25.4 * 72
        draw_with(grid, sheet, hand, seed=seed, square_pt=square_pt, faint=faint)
        fig.set_dpi(dpi)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return rgba[:, :, :3].copy()
