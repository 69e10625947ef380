"""Drawing primitives shared by plans and printed pages, drawn with matplotlib.

Geometry (squares to shapely shapes to matplotlib paths), text fitted to a box, the
sheet's grid and the house as the project pre-draws it, pieces, and figures written as
PNG, SVG or PDF bytes with fixed metadata, so the same input always gives the same
bytes. Nothing here uses pyplot.

Public names:

* The sheet as the project pre-draws it is :mod:`homestaging.draw.house`'s; pieces
  (``draw_piece``, ``piece_figure``, ``save_piece``, ``hatch_strokes``) are
  :mod:`homestaging.draw.piecepics`'.
* ``figure_bytes(fig, fmt)`` and ``image_format(path)`` (``.png``, ``.svg`` or ``.pdf``;
  anything else raises ValueError naming the allowed extensions).
* ``fit_text``, ``label_spot``, ``middle_square``, ``cell_points``, ``frame``,
  ``draw_walls``, ``draw_door``, ``draw_window``, ``segment``, ``union``, ``patch``,
  ``text_extent``: the pieces the pictures are made of.
* The colours every picture and its key share (``HALLWAY_COLOR``, ``PROBLEM_COLOR``...)
  and the paper sizes (``PAPERS``, ``paper_size``).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.grid import Cell, Edge, reading_order
from ..core.project import Project

if TYPE_CHECKING:

    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "CIRCULATION_COLOR",
    "FORMATS",
    "FRONT_DOOR_COLOR",
    "GHOST_COLOR",
    "HALLWAY_COLOR",
    "LIGHT_COLORS",
    "PAPERS",
    "PROBLEM_COLOR",
    "RC_PARAMS",
    "ROOM_COLORS",
    "ROUTE_COLOR",
    "RUG_COLORS",
    "UNWALLED_COLOR",
    "add_circles",
    "add_placed",
    "add_shapes",
    "cell_points",
    "cells_path",
    "cells_paths",
    "circle_paths",
    "draw_door",
    "draw_walls",
    "draw_window",
    "feature_style",
    "figure_bytes",
    "fit_text",
    "frame",
    "grid_lines",
    "image_format",
    "label_spot",
    "merged_lines",
    "middle_square",
    "paper_size",
    "patch",
    "room_color",
    "segment",
    "text_extent",
    "union",
]

FORMATS = (".png", ".svg", ".pdf")

#: Fill colour of pieces, by the type of the room they stand in (light tint for the room).
ROOM_COLORS = {
    "kitchen": "#f2b56b",
    "bathroom": "#7fbbe0",
    "bedroom": "#c3a6d8",
    "living": "#ef9a9a",
    "dining": "#f6d36b",
    "office": "#a8c98a",
    "other": "#c8c8c8",
}
NO_ROOM_COLOR = "#d0d0d0"
GRID_COLOR = "#b8b8b8"
WALL_COLOR = "#222222"
OBSTACLE_COLOR = "#d9d9d9"
HALLWAY_COLOR = "#dcf2d6"
#: house squares not walled yet, mid-game: hallway or a room to come
UNWALLED_COLOR = "#f4f4f1"
CIRCULATION_COLOR = "#666666"
FRONT_DOOR_COLOR = "#f28c28"
ROUTE_COLOR = "#7b3fa0"
PROBLEM_COLOR = "#d62728"
GHOST_COLOR = "#1f77b4"
WINDOW_COLOR = "#1f5fa0"
#: rug fill and edge
RUG_COLORS = ("#f3e7cc", "#b08d57")

#: Paper sizes in millimetres, portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Colours of the house on printed drawing sheets: light and blue, so that a camera tells
#: them from pencil (grey, darker) and the scanner sees only what the player drew.
LIGHT_COLORS = {
    "grid": "#b7d3ec",
    "wall": "#7fb0dc",
    "coordinate": "#5d8fbd",
    "obstacle": "#e3eef8",
    "obstacle_edge": "#8fbbe2",
    "tree_face": "#d7ecc8",
    "tree_edge": "#9ccc82",
    "feature_label": "#7fa7c9",
}


def paper_size(paper: str) -> tuple[float, float]:
    """Width and height of ``paper`` (``a4`` or ``letter``) in millimetres, portrait."""
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: expected {' or '.join(PAPERS)}") from None


def room_color(kind: str) -> str:
    """The fill colour for a room type (grey for none or an unknown type)."""
    return ROOM_COLORS.get(kind, NO_ROOM_COLOR)


_FEATURE_STYLES: dict[str, dict[str, Any]] = {
    "water": {"facecolor": "#a9d0f0", "edgecolor": "#3d85c6", "hatch": None},
    "road": {"facecolor": "#c4c4c4", "edgecolor": "#8a8a8a", "hatch": None},
    "green": {"facecolor": "#d5ecc9", "edgecolor": "#6aa84f", "hatch": ".."},
    "other": {"facecolor": "#eeeeee", "edgecolor": "#999999", "hatch": None},
}
_FEATURE_KINDS = {
    "lake": "water", "pool": "water", "pond": "water", "river": "water", "sea": "water",
    "water": "water", "road": "road", "street": "road", "parking": "road", "path": "road",
    "garden": "green", "lawn": "green", "park": "green", "field": "green", "forest": "green",
}

Point = tuple[float, float]
#: The width of hatch lines, in points.
HATCH_WIDTH = 0.6
#: rcParams for deterministic files with embedded TrueType fonts.
RC_PARAMS: Any = {
    "pdf.fonttype": 42,
    "ps.fonttype": 42,
    "svg.hashsalt": "homestaging",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "hatch.linewidth": HATCH_WIDTH,
    "path.simplify": False,
}


# ---------------------------------------------------------------------------- geometry


def segment(edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of an edge in sheet coordinates (x right, y down)."""
    x, y, side = edge.key
    if side == "n":
        return (x, y), (x + 1, y)
    return (x, y), (x, y + 1)


def union(cells: Iterable[Cell]) -> Any:
    """The squares as one shapely geometry (joined first into the rectangles of equal
    runs in consecutive rows, so a big room is a few boxes, not thousands)."""
    import shapely
    from shapely.ops import unary_union

    rows: dict[int, list[tuple[int, int]]] = {}
    for x, y in sorted(set(cells), key=lambda c: (c[1], c[0])):
        runs = rows.setdefault(y, [])
        if runs and runs[-1][1] == x:
            runs[-1] = (runs[-1][0], x + 1)
        else:
            runs.append((x, x + 1))
    boxes = []
    started: dict[tuple[int, int], int] = {}  # a run still growing -> its first row
    previous: int | None = None
    for y in sorted(rows):
        follows = previous is not None and y == previous + 1
        for run, top in sorted(started.items()):
            if not follows or run not in rows[y]:
                boxes.append(shapely.box(run[0], top, run[1], (previous or 0) + 1))
                del started[run]
        for run in rows[y]:
            started.setdefault(run, y)
        previous = y
    for run, top in sorted(started.items()):
        boxes.append(shapely.box(run[0], top, run[1], (previous or 0) + 1))
    return unary_union(boxes)


def _polygons(geometry: Any) -> list[Any]:
    if geometry.is_empty:
        return []
    if geometry.geom_type == "Polygon":
        return [geometry]
    return [g for g in getattr(geometry, "geoms", []) if g.geom_type == "Polygon"]


def _path(geometry: Any) -> Any:
    """A matplotlib Path of a polygon or multipolygon (holes included)."""
    from matplotlib.path import Path as MplPath

    parts = []
    for polygon in _polygons(geometry):
        for ring in (polygon.exterior, *polygon.interiors):
            coords = list(ring.coords)
            codes = [MplPath.MOVETO] + [MplPath.LINETO] * (len(coords) - 2) + [MplPath.CLOSEPOLY]
            parts.append(MplPath(coords, codes))
    return MplPath.make_compound_path(*parts)


def patch(geometry: Any, **style: Any) -> Any:
    from matplotlib.patches import PathPatch

    return PathPatch(_path(geometry), **style)


def rectangle_of(cells: Iterable[Cell]) -> tuple[int, int, int, int] | None:
    """The bounds (x0, y0, x1, y1) of squares that fill a rectangle, else None."""
    group = set(cells)
    if not group:
        return None
    xs = [x for x, _ in group]
    ys = [y for _, y in group]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs) + 1, max(ys) + 1
    return (x0, y0, x1, y1) if len(group) == (x1 - x0) * (y1 - y0) else None


def cells_paths(groups: Sequence[frozenset[Cell]]) -> list[Any]:
    """The outline of each group of squares as a matplotlib Path: the rectangles (most
    pieces) made together, any other shape through :func:`union`."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    boxes = [rectangle_of(cells) for cells in groups]
    corners = np.array([box for box in boxes if box is not None], dtype=float).reshape(-1, 4)
    # the corners in order, closed: (x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)
    outlines = iter(corners[:, [[0, 1], [2, 1], [2, 3], [0, 3], [0, 1]]])
    codes = np.array([MplPath.MOVETO, MplPath.LINETO, MplPath.LINETO, MplPath.LINETO,
                      MplPath.CLOSEPOLY], dtype=MplPath.code_type)
    return [MplPath(next(outlines), codes) if box is not None else _path(union(cells))
            for cells, box in zip(groups, boxes, strict=True)]


def add_shapes(ax: Axes, paths: Sequence[Any], **style: Any) -> None:
    """Add many shapes (matplotlib Paths in the axes' data frame) as one collection, so
    that drawing them costs one artist whatever their number; ``style`` takes a
    collection's arguments (``facecolors`` may list a colour per shape). Like
    :func:`add_shape`, it leaves the axes' data limits alone; nothing is added for no
    shapes."""
    from matplotlib.collections import PathCollection

    if paths:
        ax.add_collection(PathCollection(list(paths), **style), autolim=False)


#: past this many hatched shapes of one style, they are drawn as one compound path
MANY_HATCHED = 300


def add_hatched(ax: Axes, paths: Sequence[Any], **style: Any) -> None:
    """:func:`add_shapes` for hatched shapes of one style; past :data:`MANY_HATCHED`, as
    one compound path, so that the hatch pattern (fixed to the page, the same under every
    shape) is drawn once, not once a shape (what cost most of the time of a plan of
    thousands of hatched pieces; only where two shapes touch do their edges' soft pixels
    differ)."""
    from matplotlib.path import Path as MplPath

    if len(paths) > MANY_HATCHED:
        paths = [MplPath.make_compound_path(*paths)]
    add_shapes(ax, paths, **style)


def cells_path(cells: frozenset[Cell]) -> Any:
    """The outline of one group of squares (see :func:`cells_paths`)."""
    return cells_paths([cells])[0]


#: past this many circles (or pieces) of one style, they are drawn as compound paths
MANY_CIRCLES = 300


def placed_path(path: Any, origins: Sequence[Point]) -> Any:
    """One compound path: ``path`` moved by each of ``origins`` (a PDF or an SVG writes
    it as one element, where a shape placed at each origin is an element each)."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    vertices = np.asarray(path.vertices, dtype=float)
    codes = path.codes
    if codes is None:
        codes = np.full(len(vertices), MplPath.LINETO, dtype=MplPath.code_type)
        codes[0] = MplPath.MOVETO
    where = np.asarray(origins, dtype=float).reshape(-1, 1, 2)
    return MplPath((vertices + where).reshape(-1, 2), np.tile(codes, len(where)))


def add_placed(ax: Axes, groups: Sequence[frozenset[Cell]], facecolors: Sequence[str],
               **style: Any) -> None:
    """Groups of squares (pieces) filled each in its colour, as :func:`add_shapes` does;
    past :data:`MANY_CIRCLES` of them, one compound path a colour (in the order the
    colours first come), then their outlines over them as one compound path."""
    from matplotlib.path import Path as MplPath

    if len(groups) <= MANY_CIRCLES:
        add_shapes(ax, cells_paths(groups), facecolors=list(facecolors), **style)
        return
    placed: dict[frozenset[Cell], dict[str, list[Point]]] = {}
    colors: dict[str, list[Any]] = {}
    for cells, color in zip(groups, facecolors, strict=True):
        x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
        shape = frozenset((x - x0, y - y0) for x, y in cells)
        placed.setdefault(shape, {}).setdefault(color, []).append((x0, y0))
        colors.setdefault(color, [])
    for outline, by_color in zip(cells_paths(list(placed)), placed.values(), strict=True):
        for color, origins in by_color.items():
            colors[color].append(placed_path(outline, origins))
    filled = [MplPath.make_compound_path(*paths) for paths in colors.values()]
    add_shapes(ax, filled, **{**style, "facecolors": list(colors), "edgecolors": "none"})
    gid = style.get("gid")
    add_shapes(ax, [MplPath.make_compound_path(*filled)],
               **{**style, "facecolors": "none", "gid": gid and f"{gid}-outlines"})


def add_circles(ax: Axes, centres: Sequence[tuple[float, float]], radius: float,
                **style: Any) -> None:
    """Circles of one radius (in squares) as one collection (see :func:`add_shapes`).
    Up to :data:`MANY_CIRCLES` of them each is a path of its own; past it, they are one
    compound path, each circle of four curves (a picture's circles are small)."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    if len(centres) <= MANY_CIRCLES:
        add_shapes(ax, circle_paths(centres, radius), **style)
        return
    arc: Any = MplPath.arc(0, 360, 4)  # four curves rather than eight: half the bytes
    vertices: Any = np.asarray(arc.vertices)
    circle = MplPath(np.append(vertices, vertices[:1], axis=0) * radius,
                     np.append(np.asarray(arc.codes), MplPath.CLOSEPOLY))
    add_shapes(ax, [placed_path(circle, centres)], **style)


def grid_lines(lines: Sequence[Sequence[tuple[float, float]]], **style: Any) -> Any:
    """Straight lines of one style as one collection of one path (a subpath a line),
    stroked as ``LineCollection(lines, **style)`` strokes them: drawn as one path, not
    one a line (a house's grid is tens of lines, hundreds on a large sheet)."""
    import numpy as np
    from matplotlib.collections import PathCollection
    from matplotlib.path import Path as MplPath

    points = [np.asarray(line, dtype=float) for line in lines]
    codes = [np.full(len(line), MplPath.LINETO, dtype=MplPath.code_type) for line in points]
    for line_codes in codes:
        line_codes[0] = MplPath.MOVETO
    path = MplPath(np.concatenate(points), np.concatenate(codes), readonly=True)
    return PathCollection([path], facecolors="none", edgecolors=style.pop("colors"), **style)


def circle_paths(centres: Sequence[tuple[float, float]], radius: float) -> list[Any]:
    """A circle's path of ``radius`` around each centre (as a ``Circle`` draws it)."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    unit = MplPath.circle()
    where = np.array(centres, dtype=float).reshape(-1, 1, 2)
    return [MplPath(circle, unit.codes) for circle in np.asarray(unit.vertices) * radius + where]


def merged_lines(edges: Iterable[Edge]) -> list[list[tuple[float, float]]]:
    """Edges merged into the fewest polylines (sorted, so the drawing order is fixed)."""
    return [list(line) for line in _merged(frozenset(edges))]


@lru_cache(maxsize=64)
def _merged(edges: frozenset[Edge]) -> tuple[tuple[tuple[float, float], ...], ...]:
    """:func:`merged_lines`, kept for the last edge sets asked for: a book draws each
    house three times (its cover map, its page, its drawing sheet)."""
    from shapely.geometry import MultiLineString
    from shapely.ops import linemerge

    segments = sorted({segment(edge) for edge in edges})
    if not segments:
        return ()
    merged = linemerge(MultiLineString(segments))
    lines = list(getattr(merged, "geoms", [merged]))
    return tuple(sorted(tuple((float(x), float(y)) for x, y in line.coords) for line in lines))


def label_spot(cells: frozenset[Cell]) -> tuple[float, float, float, float]:
    """Where to write in a group of squares: centre x, y and the room there (w, h)."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if len(cells) == width * height:
        return min(xs) + width / 2, min(ys) + height / 2, width, height
    best = middle_square(cells)
    run_x = [x for x in range(min(xs), max(xs) + 1) if (x, best[1]) in cells]
    run_y = [y for y in range(min(ys), max(ys) + 1) if (best[0], y) in cells]
    row = _run(run_x, best[0])
    column = _run(run_y, best[1])
    if len(row) >= len(column):
        return row[0] + len(row) / 2, best[1] + 0.5, len(row), 1
    return best[0] + 0.5, column[0] + len(column) / 2, 1, len(column)


def middle_square(cells: Iterable[Cell]) -> Cell:
    """The square nearest the middle of a group of squares (then the top-most, left-most)."""
    group = list(cells)
    cx = sum(x for x, _ in group) / len(group) + 0.5
    cy = sum(y for _, y in group) / len(group) + 0.5
    return min(group, key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2,
                                     reading_order(c)))


def _run(values: list[int], around: int) -> list[int]:
    """The consecutive stretch of ``values`` containing ``around``."""
    present = set(values)
    low = high = around
    while low - 1 in present:
        low -= 1
    while high + 1 in present:
        high += 1
    return list(range(low, high + 1))


def fit_text(
    text: str, width_pt: float, height_pt: float, *, largest: float, smallest: float = 4.0
) -> tuple[str, float, int]:
    """The text, font size and rotation (0 or 90) that best fit a box of that size.

    Tries one line, two lines, and (in a tall box) one turned line; if nothing fits at
    ``smallest`` it shortens the words.
    """
    words = text.split()
    options: list[tuple[str, int]] = [(text, 0)]
    if len(words) > 1:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) -
                                                         len(" ".join(words[i:]))))
        options.append((" ".join(words[:cut]) + "\n" + " ".join(words[cut:]), 0))
    if height_pt > width_pt * 1.3:
        options.append((text, 90))
    best: tuple[str, float, int] | None = None
    for candidate, rotation in options:
        size = _fit_size(candidate, rotation, width_pt, height_pt, largest)
        if best is None or size > best[1] + 0.01:
            best = (candidate, size, rotation)
    assert best is not None
    if best[1] >= smallest:
        return best
    rotation = 90 if height_pt > width_pt * 1.3 else 0
    across = height_pt if rotation else width_pt
    room = max(2, int(across * 0.9 / (0.6 * smallest)))
    short = words[0] if len(words[0]) <= room else words[0][:room - 1] + "."
    return short, smallest, rotation


@cache
def _measured(text: str, bold: bool, italic: bool) -> tuple[float, float]:
    """Width and height in points of ``text`` at font size 1, laid out by matplotlib
    itself (its line spacing changes between versions)."""
    label, renderer = _measurer()
    label.set_text(text)
    label.set_fontweight("bold" if bold else "normal")
    label.set_fontstyle("italic" if italic else "normal")
    extent = label.get_window_extent(renderer)
    return extent.width / 100, extent.height / 100


@cache
def _measurer() -> tuple[Any, Any]:
    """One text at font size 100 on a figure of its own, and a renderer: what
    :func:`_measured` lays each text out with (a figure made for every text measured cost
    most of the time of a plan of thousands of pieces)."""
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    label = Text(0, 0, "", fontsize=100, fontfamily="DejaVu Sans")
    label.set_figure(Figure(dpi=72))
    return label, RendererAgg(10, 10, 72)  # type: ignore[no-untyped-call]


def text_extent(text: str, *, bold: bool = False, italic: bool = False,
                pad: float = 0.0) -> tuple[float, float]:
    """Width and height in points of ``text`` (lines split at newlines) at font size 1,
    as matplotlib lays it out, with ``pad`` (in font sizes, as a text box's ``pad``) on
    every side."""
    width, height = _measured(text, bold, italic)
    return width + 2 * pad, height + 2 * pad


def _fit_size(text: str, rotation: int, width_pt: float, height_pt: float, largest: float) -> float:
    lines = text.split("\n")
    across, along = (width_pt, height_pt) if rotation == 0 else (height_pt, width_pt)
    by_width = across * 0.9 / (0.6 * max(len(line) for line in lines))
    by_height = along * 0.85 / (1.25 * len(lines))
    return min(largest, by_width, by_height)


# ---------------------------------------------------------------------------- house


def cell_points(ax: Axes, columns: float, rows: float) -> float:
    """The size of one square in points on ``ax`` showing ``columns`` x ``rows`` squares
    (equal aspect), from the axes' position; no drawing needed."""
    fig = ax.get_figure(root=True)
    assert fig is not None
    box = ax.get_position()
    width_in = box.width * fig.get_figwidth()
    height_in = box.height * fig.get_figheight()
    return 72.0 * min(width_in / columns, height_in / rows)


def frame(ax: Axes, project: Project, margin: float = 1.0) -> None:
    ax.set_xlim(-margin, project.width + 0.15)
    ax.set_ylim(project.height + 0.15, -margin)
    ax.set_aspect("equal")
    ax.set_axis_off()


def add_shape(ax: Axes, shape: Any) -> None:
    """Add a patch to ``ax``, whose limits are fixed (:func:`frame`). Unlike
    ``add_patch``, it leaves the axes' data limits alone: working them out costs a
    curve analysis per patch, most of the time of a plan of 25 000 pieces (what is
    drawn is the same)."""
    ax.add_artist(shape)


def feature_style(kind: str, light: bool = False) -> dict[str, Any]:
    """Fill, edge colour and hatch of a feature kind (trees are drawn as circles);
    ``light``: the paler colours of the printed drawing sheets."""
    style = _FEATURE_STYLES[_FEATURE_KINDS.get(kind.lower(), "other")]
    if light:
        style = {**style, "facecolor": _lighter(style["facecolor"], 0.6),
                 "edgecolor": _lighter(style["edgecolor"], 0.5)}
    return style


def _lighter(color: str, amount: float) -> str:
    """``color`` (``#rrggbb``) mixed with white: ``amount`` 0 keeps it, 1 gives white."""
    channels = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in channels)


def draw_walls(
    ax: Axes, edges: Iterable[Edge], cell_pt: float, *, exterior: bool, dashed: bool = False,
    color: str = WALL_COLOR,
) -> None:
    from matplotlib.collections import LineCollection

    lines = merged_lines(edges)
    if not lines:
        return
    width = cell_pt * (0.16 if exterior else 0.09)
    ax.add_collection(LineCollection(
        lines, colors=color, linewidths=max(1.0, width), capstyle="projecting",
        joinstyle="miter", linestyles="--" if dashed else "-", zorder=8,
        gid="exterior-walls" if exterior else "walls"), autolim=False)


def draw_door(ax: Axes, door: Edge, inside: Cell, cell_pt: float, *, gid: str,
              zorder: float = 8.5, transform: Any = None) -> None:
    """A door leaf and its quarter-circle swing into the square ``inside`` (in the
    sheet's frame, or in ``transform``'s)."""
    from matplotlib.lines import Line2D

    (ax0, ay0), (bx, by) = segment(door)
    x, y, side = door.key
    if side == "n":  # horizontal edge: swing up or down
        direction = (0.0, 1.0) if inside == (x, y) else (0.0, -1.0)
    else:
        direction = (1.0, 0.0) if inside == (x, y) else (-1.0, 0.0)
    hinge = (float(ax0), float(ay0))
    other = (float(bx), float(by))
    tip = (hinge[0] + direction[0], hinge[1] + direction[1])
    start = math.atan2(tip[1] - hinge[1], tip[0] - hinge[0])
    end = math.atan2(other[1] - hinge[1], other[0] - hinge[0])
    delta = (end - start + math.pi) % (2 * math.pi) - math.pi
    steps = 16
    angles = [start + delta * i / steps for i in range(steps + 1)]
    arc = [(hinge[0] + math.cos(a), hinge[1] + math.sin(a)) for a in angles]
    width = max(0.5, cell_pt * 0.035)
    where = {} if transform is None else {"transform": transform}
    ax.add_line(Line2D([hinge[0], tip[0]], [hinge[1], tip[1]], color=WALL_COLOR,
                       linewidth=width * 1.6, zorder=zorder, gid=gid, **where))
    ax.add_line(Line2D([p[0] for p in arc], [p[1] for p in arc], color=WALL_COLOR,
                       linewidth=width, linestyle=(0, (2, 1.5)), zorder=zorder, gid=gid,
                       **where))


def draw_window(ax: Axes, window: Edge, cell_pt: float, *, exterior: bool = True,
                gid: str = "window", transform: Any = None) -> None:
    """A window: a gap in the wall bridged by two thin parallel lines (dotted red when it
    is not on an exterior wall), in the sheet's frame or in ``transform``'s."""
    from matplotlib.lines import Line2D

    (x0, y0), (x1, y1) = segment(window)
    horizontal = y0 == y1
    offset = 0.06
    where = {} if transform is None else {"transform": transform}
    for shift in (-offset, offset):
        xs = [x0, x1] if horizontal else [x0 + shift, x1 + shift]
        ys = [y0 + shift, y1 + shift] if horizontal else [y0, y1]
        ax.add_line(Line2D(xs, ys, color=WINDOW_COLOR, linewidth=max(0.6, cell_pt * 0.035),
                           zorder=9, gid=gid, **where))
    ax.add_line(Line2D([x0, x1], [y0, y1], color="#cfe6f7", linewidth=max(1.0, cell_pt * 0.09),
                       zorder=8.8, solid_capstyle="butt", gid=gid, **where))
    if not exterior:
        ax.add_line(Line2D([x0, x1], [y0, y1], color=PROBLEM_COLOR, linewidth=1.0,
                           linestyle=":", zorder=9.2, gid=gid, **where))


# ---------------------------------------------------------------------------- files


def image_format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot write {str(path)!r}: expected a file name ending in "
                         f"{', '.join(FORMATS)}")
    return suffix[1:]


MAX_PNG_SIDE = 4000
"""The longest side of a PNG in pixels: a plan of the largest sheet is drawn at a lower
resolution rather than in an image of hundreds of megabytes."""
#: Past this many pixels (twice the largest example plan's), a PNG is compressed at
#: zlib level :data:`FAST_PNG_LEVEL` rather than Pillow's 6: on a busy plan of the
#: largest sheet it takes 0.4 of the time and as many bytes, within 5 %
FAST_PNG_PIXELS = 4_000_000
FAST_PNG_LEVEL = 2


def figure_bytes(fig: Figure, fmt: str, *, dpi: int = 150, title: str = "",
                 subject: str = "") -> bytes:
    """The figure as PNG, SVG or PDF bytes, with fixed metadata (no dates); a PNG has at
    most :data:`MAX_PNG_SIDE` pixels on a side (a huge one is compressed faster, see
    :data:`FAST_PNG_PIXELS`)."""
    import matplotlib

    buffer = io.BytesIO()
    metadata: dict[str, Any]
    with matplotlib.rc_context(RC_PARAMS):
        if fmt == "png":
            from matplotlib.backends.backend_agg import FigureCanvasAgg

            metadata = {"Title": title, "Software": "homestaging"} if title else {
                "Software": "homestaging"}
            FigureCanvasAgg(fig)
            dpi = min(dpi, int(MAX_PNG_SIDE / max(fig.get_size_inches())))
            width, height = fig.get_size_inches() * dpi
            fast = ({"compress_level": FAST_PNG_LEVEL} if width * height > FAST_PNG_PIXELS
                    else None)
            fig.savefig(buffer, format="png", dpi=dpi, metadata=metadata, pil_kwargs=fast)
        elif fmt == "svg":
            from matplotlib.backends.backend_svg import FigureCanvasSVG

            metadata = {"Date": None, "Creator": "homestaging"}
            if title:
                metadata["Title"] = title
            FigureCanvasSVG(fig)
            fig.savefig(buffer, format="svg", dpi=72, metadata=metadata)
        elif fmt == "pdf":
            from matplotlib.backends.backend_pdf import FigureCanvasPdf

            metadata = {"Title": title, "Author": "homestaging", "Subject": subject,
                        "Creator": "homestaging", "CreationDate": None}
            FigureCanvasPdf(fig)
            fig.savefig(buffer, format="pdf", dpi=dpi, metadata=metadata)
        else:
            raise ValueError(f"unknown image format {fmt!r}: expected png, svg or pdf")
    return buffer.getvalue()
