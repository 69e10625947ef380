"""What the pencil left in each square and on each edge of a straightened page.

:func:`ink` turns the page into pencil darkness (0 paper, 1 black), dividing by the
paper's own brightness nearby so that shadows and light falloff cancel, and taking the
brightest colour channel so that the light blue print counts as paper.
:func:`read_marks` measures every square of the house (ink in the middle, in a ring, in
the corners) and every edge (a line on the grid line, outlines either side, a mark just
outside the house), and classifies them with a margin: values too near a threshold are
*uncertain* and reported, not guessed silently.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.grid import Cell, Edge, reading_order
from ..core.project import Project
from . import require_cv2
from .outlines import joining, outline_rings
from .outside import read_outside
from .photo import PX, Page, paper_relative

__all__ = [
    "CIRCULATION",
    "EMPTY",
    "FURNITURE",
    "RING",
    "RING_DOT",
    "Marks",
    "along",
    "hatch_of",
    "ink",
    "read_marks",
    "wall_threshold",
]

EMPTY, FURNITURE, CIRCULATION, RING, RING_DOT = "empty", "furniture", "dot", "ring", "ring+dot"
INK = 0.22  # darkness above which a pixel is pencil

Image = Any


#: The print's darkest colour (the house's walls, #7fb0dc) absorbs at most this much of
#: the paper's light in any channel: a pixel darker than that is drawn, whatever its hue.
PRINT_DARKEST = 0.5
#: The least share of the ink's strongest channel that its weakest one is taken to carry
#: (a pure blue ink leaves its blue channel nearly untouched: that channel says little).
INK_FLOOR = 0.35


#: The print's colours (BGR, the share of light each channel loses, the strongest 1):
#: the light blues of the grid and the house, the green of the trees.
PRINT_COLOURS = ((0.27, 0.62, 1.0), (1.0, 0.41, 0.8))


def ink_colour(absorbed: Image) -> Image:
    """The colour of what was drawn on this page, as the share of light it takes in each
    channel (BGR, the strongest 1): the median over the grid's pixels that are surely
    drawn, darker than any print or of another hue than the print's and darker than its
    grid; grey when there are too few of them (a blank page)."""
    import numpy as np

    inner = absorbed[PX:-PX, PX:-PX].reshape(-1, 3)
    strongest = inner.max(axis=1)
    hue = inner / np.maximum(strongest, 0.02)[:, None]
    to_print = np.min([np.linalg.norm(hue - np.asarray(p), axis=1) for p in PRINT_COLOURS],
                      axis=0)
    drawn = inner[(strongest > PRINT_DARKEST + 0.15) | ((strongest > 0.25) & (to_print > 0.3))]
    if len(drawn) < 50:
        return np.ones(3, np.float32)
    shares = drawn / drawn.max(axis=1, keepdims=True)
    colour = np.median(shares, axis=0)
    return np.asarray(np.clip(colour / colour.max(), INK_FLOOR, 1.0), np.float32)


def ink(page: Page) -> Image:
    """Ink darkness of every pixel of the page, 0 to 1 (float32), whatever the ink's
    colour. Each channel's share of light lost (against the paper nearby, so shadows and
    the light's colour cancel) is divided by the ink's own share in that channel (see
    :func:`ink_colour`): the least of the three is how much ink the pixel holds, as dark
    as the ink is in its strongest channel (for graphite, grey, the pixel's darkness in
    its brightest channel). That is kept where the pixel's colour is the ink's rather
    than the print's, or where it is darker than any print: a pixel of the colour of the
    print and as light counts as paper, however near the ink's hue is the print's."""
    import numpy as np

    absorbed = np.clip(1.0 - paper_relative(page.image), 0.0, 1.0)
    colour = ink_colour(absorbed)
    amount = (absorbed / colour).min(axis=2)
    strongest = absorbed.max(axis=2)
    hue = absorbed / np.maximum(strongest, 0.02)[:, :, None]
    prints = [np.asarray(p, np.float32) for p in PRINT_COLOURS]
    to_print = np.min([np.linalg.norm(hue - p, axis=2) for p in prints], axis=0)
    apart = min(float(np.linalg.norm(colour - p)) for p in prints)
    inked = np.clip(to_print / max(apart, 0.2), 0.0, 1.0)
    if apart < 0.6:  # an ink near the print's hue: its darkness tells it apart too
        inked = np.maximum(inked * (apart / 0.6),
                           np.clip((strongest - PRINT_DARKEST) / 0.2, 0.0, 1.0))
    return np.asarray(np.clip(amount * inked, 0.0, 1.0), np.float32)


def _thin(darkness: Image) -> Image:
    """Only the thin strokes: darkness less its opening by a disk of 0.3 squares, so that
    broad soft marks (erasure smudges, shadows) drop out."""
    cv2 = require_cv2()
    size = int(PX * 0.3) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return cv2.morphologyEx(darkness, cv2.MORPH_TOPHAT, kernel)


def _dots(fine: Image) -> Image:
    """How much a dot stands out at each pixel, whatever its size (2 to 8 pixels at 200
    dpi): the strokes' darkness at the pixel, smoothed over the dot's own size (the
    strongest of three sizes), less the darkest of the ring around it (0.15 to 0.27
    squares out). A line through the pixel darkens that ring too, a dot does not. A
    small dot counts as dark as it is; a broad one, averaged over its disk, as before."""
    import numpy as np

    cv2 = require_cv2()
    centre = np.max([cv2.filter2D(fine, -1, _disk(r)) for r in (0.035, 0.06, 0.1)], axis=0)
    ring = (_disk(0.27, 0.15) > 0).astype(np.uint8)
    around = cv2.dilate(cv2.GaussianBlur(fine, (0, 0), 1.0), ring)
    return np.asarray(centre - around, np.float32)


SECTORS = 8  # a rug's ring is looked for all around its middle, in this many sectors


def _closed_ring(darkness: Image) -> Image:
    """The darkness of a ring 0.15 to 0.27 squares around each pixel, closed all round:
    the mean of its two faintest sectors of eight (a closed ring fills every sector; the
    outline of a piece or a hatch line crossing the band fills only some)."""
    import numpy as np

    cv2 = require_cv2()
    band = _disk(0.27, 0.15)
    half = band.shape[0] // 2
    c = np.arange(-half, half + 1, dtype=np.float32)
    x, y = np.meshgrid(c, c)
    angle = (np.arctan2(y, x) + np.pi) / (2 * np.pi) * SECTORS
    sector = np.minimum(angle.astype(int), SECTORS - 1)
    maps = []
    for k in range(SECTORS):
        kernel = np.where((band > 0) & (sector == k), 1.0, 0.0).astype(np.float32)
        maps.append(cv2.filter2D(darkness, -1, kernel / max(kernel.sum(), 1.0)))
    faint = np.sort(np.asarray(maps), axis=0)[:2].mean(axis=0)
    return np.asarray(faint, np.float32)


DOT_REACH = 0.13  # a dot's ink lies within this of its middle (8 px at 200 dpi), squares


def _without_disk(shape: tuple[int, ...], cy: int, cx: int) -> Image:
    """1 everywhere in an array of ``shape`` but 0 within :data:`DOT_REACH` of (cy, cx)."""
    import numpy as np

    y, x = np.ogrid[:shape[0], :shape[1]]
    return (np.hypot(y - cy, x - cx) > DOT_REACH * PX).astype(np.float32)


def _disk(radius: float, inner: float = 0.0) -> Image:
    """A normalised disk (or ring from ``inner``) kernel, radii in squares."""
    import numpy as np

    half = int(np.ceil(radius * PX))
    c = np.arange(-half, half + 1, dtype=np.float32)
    x, y = np.meshgrid(c, c)
    r = np.hypot(x, y) / PX
    kernel = ((r <= radius) & (r >= inner)).astype(np.float32)
    return kernel / kernel.sum()


@dataclass
class Marks:
    """Classes of squares and edges, with the squares and edges left uncertain."""

    squares: dict[Cell, str] = field(default_factory=dict)
    features: dict[Cell, tuple[float, float, float]] = field(default_factory=dict)
    walls: set[Edge] = field(default_factory=set)  # pencil walls on interior edges
    splits: dict[Edge, float] = field(default_factory=dict)  # outline evidence, 0..1
    windows: set[Edge] = field(default_factory=set)
    front_doors: list[tuple[Edge, float]] = field(default_factory=list)
    #: how dark this page's walls are, averaged along their lines: the hand's ink
    line_ink: float = 0.6
    #: the line darkness above which a side may be a wall drawn light (the doubt band's
    #: foot): no door has a line on it
    faint_wall: float = 0.5
    uncertain: list[tuple[Cell, str | None, str, str]] = field(default_factory=list)
    edge_scores: dict[Edge, float] = field(default_factory=dict)
    #: the pencil strokes' directions inside each square (see :data:`HATCH_BINS`)
    strokes: dict[Cell, tuple[float, ...]] = field(default_factory=dict)

    def doubt(self, cell: Cell, side: str | None, what: str, reason: str) -> None:
        self.uncertain.append((cell, side, what, reason))


#: Thresholds on the square features (cover, dot, ring), measured on generated photos.
COVER, DOT = 0.045, 0.18
#: A rug's ring: the share of the ink in a closed ring that does not go on beyond it
#: (0.84 and more measured on rings of every hand; 0.6 and less on pieces' outlines and
#: hatching), counted against at least RING_INK of ink (a faint closed ring is no ring).
RING_T, RING_INK = 0.65, 0.05
FAINT_DOT = 0.025  # a dot this clear is one where no hatching covers the square
#: Hatching is lines: the strokes' energy in the square's middle that is not the same in
#: every direction (the four directions' sum less four times the weakest), against the
#: page's walls' darkness squared (a light hand's hatching is as light as its walls), and
#: that energy's share of all of it (one direction or two: 0.56 and more measured on every
#: hand's hatching, two hatch lines in a small piece included; a dot or a ring, the same
#: in every direction: 0.33 and less).
LINES, LINE_SHAPE = 0.25, 0.45
CORE = 0.3  # ink in the very middle of a ring: a dot (0.5 and more) or none (0.1 and less)
WALL = 0.3
OUTLINED = 0.3  # the outline evidence of a side between two pieces outlined on it
FIRM_WALL = 0.6  # a typical wall's darkness on a sharp photo (0.62-0.7 measured)


def _square_class(cover: float, dot: float, ring: float, core: float = 0.0,
                  cover_at: float = COVER, lines: float = 0.0, shape: float = 0.0,
                  lines_at: float = 1.0) -> tuple[str, float]:
    """The class of a square from its features, and the relative margin to the nearest
    threshold whose crossing would change that class (small: too close to call; a
    threshold that decides nothing here, such as a dot's in a square no hatching covers,
    where a faint dot is a dot too, makes no doubt). In a ring, the dot is looked for in
    the very middle (``core``): the ring itself lifts the ``dot`` measure. ``lines`` is
    the energy of the strokes that run one way (see :data:`LINES`), ``shape`` its share
    of all the strokes' energy; ``lines_at`` the page's threshold on it."""
    features = {"cover": cover, "dot": dot, "ring": ring, "core": core, "lines": lines,
                "shape": shape}
    levels = {"cover_at": cover_at, "lines_at": lines_at}
    kind = _decide(features, levels)
    thresholds = (("cover", cover_at), ("dot", DOT), ("dot", FAINT_DOT), ("ring", RING_T),
                  ("core", CORE), ("lines", lines_at), ("shape", LINE_SHAPE))
    margins = [1.0]
    for name, at in thresholds:
        crossed = dict(features)
        crossed[name] = at * (0.999 if features[name] > at else 1.001)
        if _decide(crossed, levels) != kind:
            margins.append(abs(features[name] - at) / at)
    return kind, min(margins)


def _decide(features: dict[str, float], levels: dict[str, float]) -> str:
    """The class of a square from its features (see :func:`_square_class`): lines
    (hatching, however sparse or light: a small piece outlined a quarter inside makes a
    closed ring too, a rug's ring is no lines), then a closed ring, then a dot, then ink
    that covers the square, then a small or light dot in a square no hatching covers."""
    if features["lines"] > levels["lines_at"] and features["shape"] > LINE_SHAPE:
        return FURNITURE
    if features["ring"] > RING_T:
        return RING_DOT if features["core"] > CORE else RING
    if features["dot"] > DOT:
        return CIRCULATION
    if features["cover"] > levels["cover_at"]:
        return FURNITURE
    return CIRCULATION if features["dot"] > FAINT_DOT else EMPTY


#: The directions of the strokes measured in a square, as hatch styles (the strokes of a
#: ``|`` hatch run down the page, so their darkness changes across it, and so on), with
#: the angle of that change (the gradient), in degrees from the page's x axis, y down.
HATCH_BINS = (("|", 0.0), ("/", 45.0), ("-", 90.0), ("\\", 135.0))
#: What each hatch style looks like in those bins (a share of the strokes' energy).
HATCH_PROFILES = {"|": (1.0, 0.0, 0.0, 0.0), "/": (0.0, 1.0, 0.0, 0.0),
                  "-": (0.0, 0.0, 1.0, 0.0), "\\": (0.0, 0.0, 0.0, 1.0),
                  "x": (0.0, 0.5, 0.0, 0.5)}
HATCH_FIT = 0.9  # the largest distance (L1) from a profile that still reads as it
HATCH_LEAD = 0.3  # how much nearer the best profile must be than the next


def _stroke_maps(fine: Image) -> list[Image]:
    """The strokes' strength in each direction of :data:`HATCH_BINS`, per pixel: the
    thin pencil averaged along a short line of that direction, less its average all
    around (a stroke of that direction stands out along its whole length; crossing
    strokes, dots and smudges do not)."""
    import numpy as np

    cv2 = require_cv2()
    size = int(0.45 * PX) | 1
    half = size // 2
    around = cv2.blur(fine, (size, size))
    maps = []
    for _, degrees in HATCH_BINS:
        kernel = np.zeros((size, size), np.float32)
        stroke = np.deg2rad(degrees + 90.0)  # the stroke runs across its gradient
        dx, dy = np.cos(stroke) * half, np.sin(stroke) * half
        cv2.line(kernel, (round(half - dx), round(half - dy)),
                 (round(half + dx), round(half + dy)), 1.0, 1)
        kernel /= kernel.sum()
        response = cv2.filter2D(fine, -1, kernel) - around
        maps.append(np.square(np.maximum(response, 0.0)))
    return maps


def hatch_of(marks: Marks, cells: Iterable[Cell]) -> tuple[str | None, str]:
    """The hatch style drawn over ``cells`` (a piece's furniture squares), or None when
    the strokes fit no style clearly; and what was measured, for a doubt."""
    import numpy as np

    found = [marks.strokes[c] for c in cells if c in marks.strokes]
    if not found:
        return None, "no strokes measured"
    total = np.sum(np.asarray(found, np.float64), axis=0)
    if total.sum() <= 0:
        return None, "no strokes"
    share = total / total.sum()
    distances = sorted((float(np.abs(share - np.asarray(profile)).sum()), style)
                       for style, profile in HATCH_PROFILES.items())
    (best, style), (second, _) = distances[0], distances[1]
    measured = " ".join(f"{name}{value:.0%}"
                        for (name, _), value in zip(HATCH_BINS, share, strict=True))
    if best > HATCH_FIT or second - best < HATCH_LEAD:
        return None, f"strokes {measured}"
    return style, f"strokes {measured}"


def read_marks(page: Page, project: Project) -> Marks:
    """Classify every square of the house and every edge that can carry pencil."""
    import numpy as np

    cv2 = require_cv2()
    darkness = ink(page)
    fine = _thin(darkness)
    dot_map = _dots(fine)
    # a ring closed all round with nothing beyond it, measured on all the ink (a dot in
    # its middle makes a ring too broad for the thin strokes): a piece's outline and
    # hatching run on past the ring's band, a rug's ring stops there
    closed = _closed_ring(darkness)
    beyond = cv2.filter2D(darkness, -1, _disk(0.45, 0.32))
    ring_map = closed - beyond
    core_map = cv2.filter2D(darkness, -1, _disk(0.06))
    marks = Marks()
    usable = project.house - project.obstacles
    lo, hi = int(0.2 * PX), int(0.8 * PX)
    s0, s1 = int(0.27 * PX), int(0.73 * PX)  # inside a piece's outline
    directions = _stroke_maps(fine)
    w0, w1 = int(0.35 * PX), int(0.65 * PX)
    printed = project.walls | project.exterior_walls()
    house = project.house
    sides = [Edge(cell, side) for cell in sorted(house, key=reading_order) for side in "es"
             if Edge(cell, side).outer in house and Edge(cell, side) not in printed]
    # a page whose walls all came out pale (blur) shows its hatching pale too
    means = [_line_mean(fine, e.cell, e.side) for e in sides]
    pale = min(1.0, _typical_wall(means) / FIRM_WALL)
    cover_at = COVER * pale * pale
    # the page's walls' own darkness (the group of its darkest sides) sets what counts
    # as lines: a light hand draws light walls and light hatching alike
    lines_at = LINES * wall_levels(means)[2] ** 2
    for cell in sorted(usable, key=reading_order):
        x0, y0 = (cell[0] + 1) * PX, (cell[1] + 1) * PX
        dots = dot_map[y0 + w0:y0 + w1, x0 + w0:x0 + w1]
        dot = float(dots.max())
        inside = fine[y0 + lo:y0 + hi, x0 + lo:x0 + hi]
        if dot > FAINT_DOT:  # a dot's own ink is no hatching: it does not cover
            dy, dx = np.unravel_index(int(np.argmax(dots)), dots.shape)
            inside = inside * _without_disk(inside.shape, int(dy) + w0 - lo,
                                            int(dx) + w0 - lo)
        cover = float(inside.mean())
        # the ring's own middle (a page a little off still finds it there), and the
        # share of its ink that does not go on beyond it: the same for a hard or a
        # light hand
        rings = ring_map[y0 + w0:y0 + w1, x0 + w0:x0 + w1]
        iy, ix = np.unravel_index(int(np.argmax(rings)), rings.shape)
        cy, cx = y0 + w0 + int(iy), x0 + w0 + int(ix)
        ring = float(ring_map[cy, cx]) / max(float(closed[cy, cx]), RING_INK)
        core = float(core_map[cy - 1:cy + 2, cx - 1:cx + 2].max())
        strokes = tuple(float(d[y0 + s0:y0 + s1, x0 + s0:x0 + s1].sum())
                        for d in directions)
        one_way = sum(strokes) - len(strokes) * min(strokes)
        shape = one_way / sum(strokes) if sum(strokes) > 0 else 0.0
        kind, margin = _square_class(cover, dot, ring, core, cover_at, one_way, shape,
                                     lines_at)
        marks.squares[cell] = kind
        marks.features[cell] = (cover, dot, ring)
        if kind == FURNITURE:
            marks.strokes[cell] = strokes
        if margin < 0.25:
            marks.doubt(cell, None, kind, f"read as {kind}, but faintly (cover {cover:.3f}, "
                                          f"dot {dot:.2f}, ring {ring:.2f})")
    wide: dict[Edge, float] = {}  # the line looked for as far off on a furnished side
    for cell in sorted(house, key=reading_order):
        for side in ("e", "s"):
            other = (cell[0] + (side == "e"), cell[1] + (side == "s"))
            edge = Edge(cell, side)
            if other not in house or edge in printed:
                continue
            furnished = marks.squares.get(cell) == FURNITURE
            beyond = marks.squares.get(other) == FURNITURE
            wall, split = _edge_scores(fine, cell, side, furnished, beyond)
            marks.edge_scores[edge] = wall
            marks.splits[edge] = split
            if furnished or beyond:
                wide[edge] = _edge_scores(fine, cell, side)[0]
    threshold, bare, drawn = wall_levels(marks.edge_scores.values())
    low = threshold - DOUBT_BELOW * (drawn - bare)
    high = threshold + DOUBT_ABOVE * (drawn - bare)
    marks.faint_wall = low
    for edge, wall in marks.edge_scores.items():
        if wall >= threshold:
            marks.walls.add(edge)
        if low < wall < high:
            marks.doubt(edge.cell, edge.side, "wall" if wall >= threshold else "no wall",
                        f"a faint or broken wall line ({wall:.2f}; on this page a wall "
                        f"{drawn:.2f}, a side without one {bare:.2f})")
    faint = {edge for edge, wall in marks.edge_scores.items() if wall > low}
    _drop_stray_walls(marks, printed, faint)
    furniture = {cell for cell, kind in marks.squares.items() if kind == FURNITURE}
    for edge in outline_rings(marks.walls, furniture, printed, house, faint):
        marks.walls.discard(edge)
        if set(edge.cells) <= furniture:  # two pieces' outlines between them
            marks.splits[edge] = max(marks.splits.get(edge, 0.0), OUTLINED)
    _walls_along_pieces(marks, wide, threshold, printed)
    # a line is ink at a share of what a wall of this page is (a thin pen is lighter),
    # measured as its darkness on the line (averaged along it)
    lines = [_line_mean(fine, edge.cell, edge.side) for edge in marks.walls]
    typical = float(np.median(lines)) if lines else FIRM_WALL
    marks.line_ink = typical
    strong = (fine > min(INK, 0.4 * typical)).astype(np.float32)
    read_outside(marks, strong, fine, darkness, project)
    return marks


def wall_threshold(scores: Iterable[float]) -> float:
    """The line darkness above which a side is a wall on this page (see
    :func:`wall_levels`)."""
    return wall_levels(scores)[0]


#: A side is in doubt when its line's darkness lies this share of the page's gap between
#: its sides without a wall and its walls (their medians) below the threshold, or this
#: share above it: a wall drawn faint or broken falls short of the page's walls by much
#: more than a firm one drawn a little lighter passes the threshold.
DOUBT_BELOW, DOUBT_ABOVE = 0.25, 0.1
#: Walls stand out of the page's other sides by this factor at least (their medians), and
#: are at least this dark: else the page has no wall drawn (a blank or early sheet).
WALL_CONTRAST, WALL_LEAST = 2.5, 0.08


def wall_levels(scores: Iterable[float]) -> tuple[float, float, float]:
    """(threshold, bare, drawn): the page's own levels of its sides' line darkness, taken
    from the page alone, whatever the hand or the light. The sides split into those
    without a wall (most: grain, hatching crossing, an outline's end) and the walls by
    iterated means (each level the median of its group, the threshold half-way between
    them); ``bare`` and ``drawn`` are the groups' medians. A page whose darkest group
    does not stand out (:data:`WALL_CONTRAST`) has no wall: the threshold is above all."""
    import numpy as np

    found = np.sort(np.asarray(list(scores), np.float64))
    if not found.size:
        return WALL, 0.0, FIRM_WALL
    threshold = (float(np.median(found)) + float(found[-1])) / 2
    for _ in range(30):
        below, above = found[found < threshold], found[found >= threshold]
        if not below.size or not above.size:
            break
        moved = (float(np.median(below)) + float(np.median(above))) / 2
        if abs(moved - threshold) < 1e-6:
            break
        threshold = moved
    below, above = found[found < threshold], found[found >= threshold]
    bare = float(np.median(below)) if below.size else 0.0
    drawn = float(np.median(above)) if above.size else FIRM_WALL
    if drawn < max(WALL_LEAST, WALL_CONTRAST * bare):
        return float(found[-1]) + 1.0, bare, max(drawn, FIRM_WALL)
    return threshold, bare, drawn


def _typical_wall(scores: Iterable[float]) -> float:
    """The median darkness of the lines that are walls (FIRM_WALL when there are none)."""
    import numpy as np

    found = np.asarray([s for s in scores if s >= WALL], np.float64)
    return float(np.median(found)) if found.size else FIRM_WALL


STRAY = 3  # pencil lines this short (in sides) touching no other wall are no walls


def _drop_stray_walls(marks: Marks, printed: Collection[Edge],
                      faint: Collection[Edge] = ()) -> None:
    """Drop the short pencil lines that touch no printed wall and no other pencil wall:
    they close off nothing (a piece's outline drawn close to the grid line, most
    likely), and are listed as doubts; unless a ``faint`` line continues one to a wall
    (a wall drawn light at its end), which is then read as wall, a doubt too."""
    from ..draw.drawing import segment

    at: dict[tuple[float, float], list[Edge]] = {}
    for edge in marks.walls:
        for end in segment(edge):
            at.setdefault(end, []).append(edge)
    fixed = {end for edge in printed for end in segment(edge)}
    seen: set[Edge] = set()
    for start in sorted(marks.walls, key=lambda e: e.key):
        if start in seen:
            continue
        line, todo = {start}, [start]
        while todo:
            for end in segment(todo.pop()):
                for other in at[end]:
                    if other not in line:
                        line.add(other)
                        todo.append(other)
        seen |= line
        ends = {end for e in line for end in segment(e)}
        if len(line) > STRAY or ends & fixed or _bridged(line, marks.walls, printed):
            continue
        joins = joining(line, faint, fixed | {end for e in marks.walls - line
                                                for end in segment(e)})
        if joins:  # the line goes on, faint, to a wall: a wall drawn light at one end
            marks.walls |= joins
            for edge in sorted(joins, key=lambda e: e.key):
                marks.doubt(edge.cell, edge.side, "wall", "a faint line joining a wall to "
                            "the walls: read as wall")
        else:
            marks.walls -= line
            marks.uncertain = [u for u in marks.uncertain
                               if u[1] is None or Edge(u[0], u[1]) not in line]
            for edge in sorted(line, key=lambda e: e.key):
                marks.doubt(edge.cell, edge.side, "no wall", "a short line that touches no "
                            "wall: read as a piece's outline")


def _walls_along_pieces(marks: Marks, wide: dict[Edge, float], threshold: float,
                        printed: Collection[Edge]) -> None:
    """Add the sides beside furniture whose line, looked for as far off the grid line as
    on a bare side, is a wall's, when it goes on a wall: continuing a wall in a straight
    line at one end at least, and meeting walls at both (a wall drawn against a piece's
    outline, the two lines run together; an outline alone stops where its piece does)."""
    from ..draw.drawing import segment

    changed = True
    while changed:
        changed = False
        every = marks.walls | set(printed)
        points = {end for edge in every for end in segment(edge)}
        for edge, wall in sorted(wide.items(), key=lambda item: item[0].key):
            if edge in marks.walls or wall < threshold:
                continue
            if (along(edge, -1) in every or along(edge, 1) in every) and all(
                    end in points for end in segment(edge)):
                marks.walls.add(edge)
                changed = True


def along(edge: Edge, step: int) -> Edge:
    """The side ``step`` squares further along the same grid line."""
    x, y, side = edge.key
    return Edge((x + step, y), side) if side == "n" else Edge((x, y + step), side)


def _bridged(line: set[Edge], walls: Collection[Edge], printed: Collection[Edge]) -> bool:
    """Whether a straight line continues, past a gap of one side at each end, a wall on
    both sides: a wall with a door and a missed side, not an outline."""
    keys = {edge.key[2] for edge in line}
    if len(keys) != 1:
        return False
    first = min(line, key=lambda e: e.key)
    last = max(line, key=lambda e: e.key)
    return all((along(edge, 2 * step) in walls or along(edge, 2 * step) in printed)
               and along(edge, step) not in line
               for edge, step in ((first, -1), (last, 1)))


def _side_band(fine: Image, cell: Cell, side: str, half: int) -> Image:
    """The pixels of ``cell``'s side ``side`` (``e`` or ``s``), ``half`` pixels each side
    of its grid line, the side's ends left out: rows along the side, columns across it."""
    x, y = cell
    lo, hi = int(0.12 * PX), int(0.88 * PX)
    if side == "e":
        line = (x + 2) * PX
        return fine[(y + 1) * PX + lo:(y + 1) * PX + hi, line - half:line + half]
    line = (y + 2) * PX
    return fine[line - half:line + half, (x + 1) * PX + lo:(x + 1) * PX + hi].T


def _line_mean(fine: Image, cell: Cell, side: str) -> float:
    """The pencil on the grid line of ``cell``'s side, averaged along it: how dark this
    page's lines come out (see :func:`read_marks`)."""
    band = _side_band(fine, cell, side, 3)
    return float(band.mean(axis=0).max()) if band.size else 0.0


def _edge_scores(fine: Image, cell: Cell, side: str, furnished: bool = False,
                 beyond: bool = False) -> tuple[float, float]:
    """(wall, split) for the edge on ``side`` (``e`` or ``s``) of ``cell``: the pencil
    that runs the whole side on the grid line, and how much the edge looks like the
    boundary of two pieces (clean on the line, an outline a little inside each square).

    A wall is a line along the whole side: each line across the edge (a column of the
    band) counts as dark as it stays over all but its faintest quarter, so that hatching
    crossing the edge here and there, or dots, count little, and a wall drawn in several
    strokes with a hair's gap counts whole. The line is looked for up to 5 pixels (0.15
    squares) off the grid line, as a hand or the photo may put it; on a side that holds
    furniture (``furnished``: ``cell``; ``beyond``: the square beyond the edge) only a
    pixel off, so that the outline a little inside does not pass for a wall, unless a
    second line runs further in, the outline, with a gap between them."""
    import numpy as np

    band = _side_band(fine, cell, side, 12)
    if not band.size:
        return 0.0, 0.0
    # band: rows along the edge, columns across it (12 pixels each side, 12 on the line)
    profile = band.mean(axis=0)
    steady = np.percentile(band, STEADY, axis=0)
    near = 11 if furnished else 7
    far = 14 if beyond else 17
    wall = float(steady[near:far].max())
    if furnished:
        wall = max(wall, _inside_outline(steady))
    if beyond:
        wall = max(wall, _inside_outline(steady[::-1]))
    centre = float(profile[9:15].mean())
    left, right = float(profile[2:9].max()), float(profile[15:22].max())
    split = min(left, right) - centre
    return wall, float(np.clip(split, 0.0, 1.0))


#: The share of a side's length a wall's line may leave faint (gaps between strokes,
#: grain), in percent.
STEADY = 25


def _inside_outline(steady: Image) -> float:
    """A line 2 to 4 pixels off the grid line towards a furnished square (the low
    indices of ``steady``), when an outline runs further in (3 pixels from the band's
    end at least: hatching lies further still), at least half as dark, with a clear gap
    between the two: that line is a wall drawn a little off, else 0."""
    best = 0.0
    for i in (8, 9, 10):
        if steady[i] < max(steady[i - 1], steady[i + 1]):
            continue
        for j in range(3, i - 1):
            if steady[j] < max(steady[j - 1], steady[j + 1], 0.5 * steady[i]):
                continue  # no line there, or one too faint to be the outline
            dip = float(steady[j + 1:i].min())
            if dip < 0.5 * min(float(steady[i]), float(steady[j])):
                best = max(best, float(steady[i]))
    return best
