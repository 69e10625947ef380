"""Drawing primitives shared by plans and printed pages, drawn with matplotlib.

Geometry (squares to shapely shapes to matplotlib paths), text fitted to a box, the
sheet's grid and the house as the project pre-draws it, pieces, and figures written as
PNG, SVG or PDF bytes with fixed metadata, so the same input always gives the same
bytes. Nothing here uses pyplot.

Public names:

* ``draw_house(ax, project)`` the sheet grid and the house as the project pre-draws it.
* ``draw_piece(piece, ax, *, rotation=0, mirror=False)``, ``piece_figure(piece)`` and
  ``save_piece(piece, path)`` (the piece's distinct rotations side by side).
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

from ..core.grid import Cell, Edge, column_name, outermost, reading_order
from ..core.pieces import Piece, Shape
from ..core.project import Project
from ..formats.output import write_atomic

if TYPE_CHECKING:
    import random

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
    "add_shapes",
    "cell_points",
    "cells_path",
    "circle_path",
    "draw_door",
    "draw_house",
    "draw_piece",
    "draw_walls",
    "draw_window",
    "feature_style",
    "figure_bytes",
    "fit_text",
    "frame",
    "image_format",
    "label_spot",
    "merged_lines",
    "middle_square",
    "paper_size",
    "patch",
    "piece_figure",
    "room_color",
    "save_piece",
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


def cells_path(cells: frozenset[Cell]) -> Any:
    """The outline of a group of squares as a matplotlib Path: a rectangle straight away,
    any other shape through :func:`union` (most pieces are rectangles)."""
    from matplotlib.path import Path as MplPath

    box = rectangle_of(cells)
    if box is not None:
        x0, y0, x1, y1 = box
        return MplPath([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)],
                       [MplPath.MOVETO, MplPath.LINETO, MplPath.LINETO, MplPath.LINETO,
                        MplPath.CLOSEPOLY])
    return _path(union(cells))


def add_shapes(ax: Axes, paths: Sequence[Any], **style: Any) -> None:
    """Add many shapes (matplotlib Paths in the axes' data frame) as one collection, so
    that drawing them costs one artist whatever their number; ``style`` takes a
    collection's arguments (``facecolors`` may list a colour per shape). Like
    :func:`add_shape`, it leaves the axes' data limits alone; nothing is added for no
    shapes."""
    from matplotlib.collections import PathCollection

    if paths:
        ax.add_collection(PathCollection(list(paths), **style), autolim=False)


def circle_path(x: float, y: float, radius: float) -> Any:
    """A circle as a matplotlib Path (for :func:`add_shapes`)."""
    from matplotlib.path import Path as MplPath

    return MplPath.circle((x, y), radius)


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


def draw_house(
    ax: Axes,
    project: Project,
    *,
    cell_pt: float | None = None,
    coordinates: bool = True,
    feature_labels: bool = True,
    grid_everywhere: bool = True,
    walls: bool = True,
    light: bool = False,
) -> float:
    """Draw the sheet's grid, coordinates, features, obstacles and the house's walls.

    Sets the axes' limits (one square of margin for the coordinates) and returns the
    size of a square in points (``cell_pt`` if given). ``light`` draws everything in the
    light blues of :data:`LIGHT_COLORS` (the printed drawing sheets).
    """
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle, Rectangle

    frame(ax, project, 1.0 if coordinates else 0.15)
    if cell_pt is None:
        cell_pt = cell_points(ax, project.width + (1.15 if coordinates else 0.3),
                              project.height + (1.15 if coordinates else 0.3))
    width, height = project.width, project.height

    for feature in project.features:
        kind = feature.kind.lower()
        if kind == "tree":
            face, edge = ((LIGHT_COLORS["tree_face"], LIGHT_COLORS["tree_edge"]) if light
                      else ("#7cbf5a", "#38761d"))
            for x, y in sorted(feature.cells):
                add_shape(ax, Circle((x + 0.5, y + 0.38), 0.3, facecolor=face,
                                     edgecolor=edge, linewidth=max(0.4, cell_pt * 0.03),
                                     zorder=1, gid=f"feature-{kind}"))
        else:
            style = feature_style(kind, light)
            add_shape(ax, patch(union(feature.cells), facecolor=style["facecolor"],
                                edgecolor=style["edgecolor"], hatch=style["hatch"],
                                linewidth=max(0.4, cell_pt * 0.03), zorder=1,
                                gid=f"feature-{kind}"))
        if feature_labels:
            _feature_label(ax, feature.label, feature.cells, kind, cell_pt,
                           LIGHT_COLORS["feature_label"] if light else None)

    for cell in sorted(project.obstacles):
        x, y = cell
        add_shape(ax, Rectangle((x, y), 1, 1,
                                facecolor=LIGHT_COLORS["obstacle"] if light else OBSTACLE_COLOR,
                                edgecolor=LIGHT_COLORS["obstacle_edge"] if light else "#555555",
                                hatch="////", linewidth=0.6, zorder=2, gid="obstacle"))

    xs = range(0, width + 1) if grid_everywhere else range(0)
    ys = range(0, height + 1) if grid_everywhere else range(0)
    grid = [[(x, 0), (x, height)] for x in xs] + [[(0, y), (width, y)] for y in ys]
    ax.add_collection(LineCollection(grid, colors=LIGHT_COLORS["grid"] if light else GRID_COLOR,
                                     linewidths=max(0.5 if light else 0.3, cell_pt * 0.02),
                                     zorder=1.5), autolim=False)

    if coordinates:
        size = min(9.0, max(4.5, cell_pt * 0.42))
        color = LIGHT_COLORS["coordinate"] if light else "#444444"
        for x in range(width):
            ax.text(x + 0.5, -0.45, column_name(x), ha="center", va="center", fontsize=size,
                    color=color, gid="coordinate")
        for y in range(height):
            ax.text(-0.45, y + 0.5, str(y + 1), ha="center", va="center", fontsize=size,
                    color=color, gid="coordinate")

    if walls:
        wall_color = LIGHT_COLORS["wall"] if light else WALL_COLOR
        draw_walls(ax, project.exterior_walls(), cell_pt, exterior=True, color=wall_color)
        draw_walls(ax, project.walls, cell_pt, exterior=False, color=wall_color)
    return cell_pt


def _feature_label(ax: Axes, label: str, cells: frozenset[Cell], kind: str, cell_pt: float,
                   color: str | None = None) -> None:
    x, y, w, h = label_spot(cells)
    if kind == "tree":
        if len(cells) > 1:
            return
        text, size, rotation = fit_text(label, cell_pt * 0.98, cell_pt * 0.36,
                                        largest=cell_pt * 0.3, smallest=3.0)
        ax.text(x, y + 0.34, text, ha="center", va="center", fontsize=size,
                color=color or "#1d4d10", zorder=6, gid="feature-label")
        return
    text, size, rotation = fit_text(label, cell_pt * w, cell_pt * h,
                                    largest=min(10.0, cell_pt * 0.45), smallest=3.5)
    ax.text(x, y, text, ha="center", va="center", fontsize=size, rotation=rotation,
            color=color or "#333333", style="italic", zorder=6, gid="feature-label")


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


# ---------------------------------------------------------------------------- pieces


def _shape_patches(ax: Axes, shape: Shape, origin: tuple[float, float], color: str,
                   cell_pt: float, label: str | None) -> None:
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle

    ox, oy = origin
    furniture = frozenset((x + int(ox), y + int(oy)) for x, y in shape.furniture)
    ax.add_patch(patch(union(furniture), facecolor=color, edgecolor="#333333",
                       linewidth=max(0.6, cell_pt * 0.04), zorder=4, gid="piece"))
    for x, y in sorted(shape.circulation):
        ax.add_patch(Circle((x + ox + 0.5, y + oy + 0.5), 0.12, facecolor="#555555",
                            edgecolor="none", zorder=5, gid="circulation"))
    wall = []
    for side in sorted(shape.wall):
        # the outermost furniture squares on that side stand against the wall
        for x, y in outermost(sorted(shape.furniture), side):
            wall.append(segment(Edge((x + int(ox), y + int(oy)), side)))
    if wall:
        ax.add_collection(LineCollection(sorted(wall), colors=WALL_COLOR,
                                         linewidths=max(1.5, cell_pt * 0.16),
                                         capstyle="projecting", zorder=8, gid="wall-side"))
    if label:
        lx, ly, w, h = label_spot(furniture)
        text, size, rotation = fit_text(label, cell_pt * w, cell_pt * h,
                                        largest=min(9.0, cell_pt * 0.4))
        ax.text(lx, ly, text, ha="center", va="center", fontsize=size, rotation=rotation,
                zorder=9, gid="piece-label")


ORTHOGONAL_PLACES = (0.35, 0.5, 0.65)  # where upright or level hatch lines cross a square
#: The lines of each hatch style: their direction (x right, y down) on the page.
HATCH_LINES: dict[str, tuple[Point, ...]] = {
    "/": ((1.0, -1.0),), "\\": ((1.0, 1.0),), "|": ((0.0, 1.0),), "-": ((1.0, 0.0),),
    "x": ((1.0, -1.0), (1.0, 1.0)),
}


def hatch_strokes(cells: Iterable[Cell], inset: float, step: float,
                  rng: random.Random | None = None, style: str = "/") -> list[list[Point]]:
    """Parallel lines across the squares, inside the outline, in the directions of the
    hatch ``style`` (a crossed hatch is drawn a little wider apart; upright and level
    lines three a square, in its middle third: along a grid line between two squares of
    the piece they would look like a wall, or like the outlines of two pieces). ``rng``
    shifts the diagonals by a random part of their gap, as a hand does; without it they
    are centred on the gap."""
    import shapely
    from shapely.geometry import LineString

    box = rectangle_of(cells)
    if box is not None:  # most pieces: cut by hand, without a geometry library
        x0, y0, x1, y1 = (box[0] + inset + 0.03, box[1] + inset + 0.03,
                          box[2] - inset - 0.03, box[3] - inset - 0.03)
        if x1 <= x0 or y1 <= y0:
            return []
        shape = None
    else:
        shape = union(cells).buffer(-inset - 0.03, join_style="mitre")
        if shape.is_empty:
            return []
        x0, y0, x1, y1 = shape.bounds
    directions = HATCH_LINES[style]
    gap = step / math.sqrt(2) * (1.4 if len(directions) > 1 else 1.0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = math.hypot(x1 - x0, y1 - y0)
    lines = []
    for dx, dy in directions:
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length  # along the lines
        nx, ny = -uy, ux  # across them
        low = min(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        high = max(nx * x + ny * y for x in (x0, x1) for y in (y0, y1))
        if dx and dy:  # diagonals: evenly spaced from anywhere
            start = low + (rng.uniform(0, gap) if rng is not None else gap / 2)
            places = [start + k * gap for k in range(int((high - start) / gap) + 1)]
        else:  # upright or level: three a square, in its middle (far from the grid
            # lines, where they would pass for a wall or two pieces' outlines)
            places = [k + f for k in range(math.floor(low) - 1, math.ceil(high) + 1)
                      for f in ORTHOGONAL_PLACES if low <= k + f <= high]
        for c in places:
            shift = c - (nx * cx + ny * cy)  # the line n.p = c, near the middle
            mx, my = cx + nx * shift, cy + ny * shift
            if shape is None:
                lines += _clipped((mx, my), (ux, uy), (x0, y0, x1, y1))
                continue
            cut = shapely.intersection(shape, LineString([(mx - ux * reach, my - uy * reach),
                                                          (mx + ux * reach, my + uy * reach)]))
            for part in getattr(cut, "geoms", [cut]):
                if part.geom_type == "LineString" and part.length > 0.05:
                    lines.append([(float(x), float(y)) for x, y in part.coords])
    return lines


def _clipped(middle: Point, along: Point, box: tuple[float, float, float, float]
             ) -> list[list[Point]]:
    """The part inside ``box`` of the line through ``middle`` in the unit direction
    ``along`` (as :func:`hatch_strokes` keeps it: longer than 0.05), drawn in that
    direction."""
    (mx, my), (ux, uy) = middle, along
    low, high = -math.inf, math.inf
    for m, u, a, b in ((mx, ux, box[0], box[2]), (my, uy, box[1], box[3])):
        if abs(u) < 1e-12:
            if not a <= m <= b:
                return []
            continue
        t0, t1 = sorted(((a - m) / u, (b - m) / u))
        low, high = max(low, t0), min(high, t1)
    if high - low <= 0.05:
        return []
    return [[(mx + ux * low, my + uy * low), (mx + ux * high, my + uy * high)]]


def draw_piece(piece: Piece, ax: Axes, *, rotation: int = 0, mirror: bool = False,
               origin: tuple[int, int] = (0, 0), color: str | None = None,
               label: bool = True) -> Axes:
    """Draw one orientation of a piece with its top-left square at ``origin``:
    furniture filled and hatched as on the drawing sheet, circulation as dots, wall
    sides as thick lines."""
    shape = piece.shape(rotation, mirror)
    fill = color or room_color(piece.tags[0] if piece.tags else "")
    if piece.is_rug:
        fill = "#efe3c8"
    cell_pt = cell_points(ax, *_extent(ax))
    _shape_grid(ax, shape, origin, cell_pt)
    _shape_patches(ax, shape, (origin[0], origin[1]), fill, cell_pt,
                   piece.name if label else None)
    if piece.hatch and not piece.is_rug:  # as it is hatched on the drawing sheet
        ox, oy = origin
        squares = frozenset((x + ox, y + oy) for x, y in shape.furniture)
        if piece.hatch in "|-":  # three lines a square, in its middle, as on the sheet
            from matplotlib.collections import LineCollection

            ax.add_collection(LineCollection(
                hatch_strokes(squares, 0.09, 0.2, style=piece.hatch), colors="#555555",
                linewidths=HATCH_WIDTH, zorder=4.5, gid="piece-hatch"))
        else:
            ax.add_patch(patch(union(squares).buffer(-0.12, join_style="mitre"),
                               facecolor="none", edgecolor="#555555", linewidth=0.0,
                               hatch=piece.hatch * 3, zorder=4.5, gid="piece-hatch"))
    return ax


def _extent(ax: Axes) -> tuple[float, float]:
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return abs(x1 - x0), abs(y1 - y0)


def _shape_grid(ax: Axes, shape: Shape, origin: tuple[int, int], cell_pt: float) -> None:
    from matplotlib.collections import LineCollection

    ox, oy = origin
    lines = [[(ox + x, oy), (ox + x, oy + shape.height)] for x in range(shape.width + 1)]
    lines += [[(ox, oy + y), (ox + shape.width, oy + y)] for y in range(shape.height + 1)]
    ax.add_collection(LineCollection(lines, colors=GRID_COLOR, linewidths=0.5, zorder=1))


def piece_figure(piece: Piece, *, square_in: float = 0.45) -> Figure:
    """A figure of a piece's distinct unmirrored rotations side by side, captioned, with
    a line saying what its marks mean (circulation dots, wall sides, a rug)."""
    from matplotlib.figure import Figure

    shapes = [o for o in piece.orientations if not o.mirror]
    columns = sum(o.shape.width for o in shapes) + len(shapes) - 1
    rows = max(o.shape.height for o in shapes)
    fig = Figure(figsize=((columns + 1) * square_in, (rows + 2.8) * square_in))
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(-0.5, columns + 0.5)
    ax.set_ylim(rows + 1.6, -1.2)
    ax.set_aspect("equal")
    ax.set_axis_off()
    x = 0
    for orientation in shapes:
        draw_piece(piece, ax, rotation=orientation.rotation, origin=(x, 0), label=False)
        ax.text(x + orientation.shape.width / 2, rows + 0.45, f"{orientation.rotation}°",
                ha="center", va="center", fontsize=8, color="#555555")
        x += orientation.shape.width + 1
    tags = ", ".join(piece.tags)
    title = f"{piece.name} ({piece.id})" + (f" - {tags}" if tags else "")
    text, size, _ = fit_text(title, (columns + 1) * square_in * 72, square_in * 72 * 0.8,
                             largest=10.0, smallest=5.0)
    ax.text(columns / 2, -0.65, text, ha="center", va="center", fontsize=size,
            fontweight="bold")
    key = ["a rug: others may stand on it"] if piece.is_rug else []
    if piece.art.circulation:
        key.append("dots: its circulation, to keep free")
    if piece.wall:
        key.append("thick line: stands against a wall")
    if piece.hatch and not piece.is_rug:
        key.append(f"hatch it {piece.hatch} on the drawing sheet")
    if key:
        note, note_size, _ = fit_text("; ".join(key), (columns + 1) * square_in * 72,
                                      square_in * 72 * 0.5, largest=7.5, smallest=4.5)
        ax.text(columns / 2, rows + 1.1, note, ha="center", va="center", fontsize=note_size,
                color="#555555", gid="piece-key")
    return fig


def save_piece(piece: Piece, path: str | Path, *, dpi: int = 120) -> None:
    """Write a picture of a piece in its rotations (``.png``, ``.svg`` or ``.pdf``)."""
    write_atomic(path, figure_bytes(piece_figure(piece), image_format(path), dpi=dpi))


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


def figure_bytes(fig: Figure, fmt: str, *, dpi: int = 150, title: str = "",
                 subject: str = "") -> bytes:
    """The figure as PNG, SVG or PDF bytes, with fixed metadata (no dates); a PNG has at
    most :data:`MAX_PNG_SIDE` pixels on a side."""
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
            fig.savefig(buffer, format="png", dpi=dpi, metadata=metadata)
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

