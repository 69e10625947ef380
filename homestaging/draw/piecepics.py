"""Pieces drawn: one orientation on a plan's axes, a piece's rotations side by side (the
catalog's and ``furniture show``'s picture), and the hatch strokes a piece is filled
with on the drawing sheet (moved out of :mod:`homestaging.draw.drawing`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.grid import Cell, Edge, outermost
from ..core.pieces import Piece, Shape
from ..formats.output import write_atomic
from .drawing import (
    GRID_COLOR,
    HATCH_WIDTH,
    WALL_COLOR,
    Point,
    cell_points,
    circle_paths,
    figure_bytes,
    fit_text,
    grid_lines,
    image_format,
    label_spot,
    patch,
    rectangle_of,
    room_color,
    segment,
    union,
)

if TYPE_CHECKING:
    import random

    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.transforms import Transform

__all__ = ["HATCH_LINES", "draw_piece", "hatch_strokes", "piece_figure", "save_piece"]


def _add(ax: Axes, artist: Artist, transform: Transform | None) -> None:
    """Add ``artist`` to ``ax``: in the axes' data (``add_patch`` or ``add_collection``),
    or placed by ``transform`` (added as it is: the page's limits are fixed)."""
    from matplotlib.collections import Collection
    from matplotlib.patches import Patch

    if transform is not None:
        artist.set_transform(transform)
        ax.add_artist(artist)
    elif isinstance(artist, Collection):
        ax.add_collection(artist)
    else:
        assert isinstance(artist, Patch)
        ax.add_patch(artist)


def _shape_patches(ax: Axes, shape: Shape, origin: tuple[float, float], color: str,
                   cell_pt: float, label: str | None, transform: Transform | None = None
                   ) -> None:
    from matplotlib.collections import LineCollection, PathCollection

    ox, oy = origin
    furniture = frozenset((x + int(ox), y + int(oy)) for x, y in shape.furniture)
    _add(ax, patch(union(furniture), facecolor=color, edgecolor="#333333",
                   linewidth=max(0.6, cell_pt * 0.04), zorder=4, gid="piece"), transform)
    if shape.circulation:  # the dots, one collection
        dots = circle_paths([(x + ox + 0.5, y + oy + 0.5) for x, y in sorted(shape.circulation)],
                            0.12)
        _add(ax, PathCollection(dots, facecolors="#555555", edgecolors="none", zorder=5,
                                gid="circulation"), transform)
    wall = []
    for side in sorted(shape.wall):
        # the outermost furniture squares on that side stand against the wall
        for x, y in outermost(sorted(shape.furniture), side):
            wall.append(segment(Edge((x + int(ox), y + int(oy)), side)))
    if wall:
        _add(ax, LineCollection(sorted(wall), colors=WALL_COLOR,
                                linewidths=max(1.5, cell_pt * 0.16), capstyle="projecting",
                                zorder=8, gid="wall-side"), transform)
    if label:
        lx, ly, w, h = label_spot(furniture)
        text, size, rotation = fit_text(label, cell_pt * w, cell_pt * h,
                                        largest=min(9.0, cell_pt * 0.4))
        placed = ax.text(lx, ly, text, ha="center", va="center", fontsize=size,
                         rotation=rotation, zorder=9, gid="piece-label")
        if transform is not None:
            placed.set_transform(transform)


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
               label: bool = True, at: tuple[Transform, float] | None = None,
               one_path: bool = False) -> Axes:
    """Draw one orientation of a piece with its top-left square at ``origin``:
    furniture filled and hatched as on the drawing sheet, circulation as dots, wall
    sides as thick lines. In ``ax``'s data, or ``at`` = (a transform from squares to
    the display, a square's size in points): a piece among others on a page, without
    an axes of its own. ``one_path``: its grid as one path (see
    :func:`~.house.draw_house`)."""
    shape = piece.shape(rotation, mirror)
    fill = color or room_color(piece.tags[0] if piece.tags else "")
    if piece.is_rug:
        fill = "#efe3c8"
    transform, cell_pt = at if at is not None else (None, cell_points(ax, *_extent(ax)))
    _shape_grid(ax, shape, origin, transform, one_path)
    _shape_patches(ax, shape, (origin[0], origin[1]), fill, cell_pt,
                   piece.name if label else None, transform)
    if piece.hatch and not piece.is_rug:  # as it is hatched on the drawing sheet
        ox, oy = origin
        squares = frozenset((x + ox, y + oy) for x, y in shape.furniture)
        if piece.hatch in "|-":  # three lines a square, in its middle, as on the sheet
            from matplotlib.collections import LineCollection

            _add(ax, LineCollection(
                hatch_strokes(squares, 0.09, 0.2, style=piece.hatch), colors="#555555",
                linewidths=HATCH_WIDTH, zorder=4.5, gid="piece-hatch"), transform)
        else:
            _add(ax, patch(union(squares).buffer(-0.12, join_style="mitre"),
                           facecolor="none", edgecolor="#555555", linewidth=0.0,
                           hatch=piece.hatch * 3, zorder=4.5, gid="piece-hatch"), transform)
    return ax


def _extent(ax: Axes) -> tuple[float, float]:
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return abs(x1 - x0), abs(y1 - y0)


def _shape_grid(ax: Axes, shape: Shape, origin: tuple[int, int],
                transform: Transform | None, one_path: bool) -> None:
    """The grid under the piece's own squares (furniture and circulation) only: a square
    of its frame that is neither is left blank, so that it never passes for a
    circulation square without its dot."""
    from matplotlib.collections import LineCollection

    ox, oy = origin
    lines = [[(ox + x0, oy + y), (ox + x1, oy + y)] for y, x0, x1 in _square_sides(
        shape.furniture | shape.circulation)]
    lines += [[(ox + x, oy + y0), (ox + x, oy + y1)] for x, y0, y1 in _square_sides(
        {(y, x) for x, y in shape.furniture | shape.circulation})]
    style: dict[str, Any] = {"colors": GRID_COLOR, "linewidths": 0.5, "zorder": 1,
                             "gid": "piece-grid"}
    _add(ax, grid_lines(lines, **style) if one_path else LineCollection(lines, **style),
         transform)


def _square_sides(squares: Iterable[Cell]) -> list[tuple[int, int, int]]:
    """The level sides of ``squares`` (x, y) as runs (y, x from, x to): the line at each
    y under a square or over one, joined where squares follow each other in a row. For
    the upright sides, pass the squares as (y, x)."""
    found = {(y + step, x) for x, y in squares for step in (0, 1)}
    runs: list[tuple[int, int, int]] = []
    for y, x in sorted(found):
        if runs and runs[-1][0] == y and runs[-1][2] == x:
            runs[-1] = (y, runs[-1][1], x + 1)
        else:
            runs.append((y, x, x + 1))
    return runs


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
