"""The sheet as the project pre-draws it: the grid, coordinates, features (named),
obstacles and the house's walls, in the plan's colours or the light blues of the printed
drawing sheets (moved out of :mod:`homestaging.draw.drawing`, whose primitives it uses).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..core.grid import Cell, column_name
from ..core.project import Project
from .drawing import (
    GRID_COLOR,
    LIGHT_COLORS,
    OBSTACLE_COLOR,
    WALL_COLOR,
    add_shape,
    cell_points,
    draw_walls,
    feature_style,
    fit_text,
    frame,
    grid_lines,
    label_spot,
    patch,
    text_extent,
    union,
)
from .wordpaths import outline_all

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["COLUMN_GAP", "NAMES_OUT", "column_step", "coordinate_size", "draw_house"]

#: How far outside the grid the coordinates' centres stand, in squares.
NAMES_OUT = 0.45


def coordinate_size(cell_pt: float) -> float:
    """The coordinates' font size in points on squares of ``cell_pt`` points."""
    return min(9.0, max(4.5, cell_pt * 0.42))


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
    outlines: bool = False,
    names_out: tuple[float, float] = (NAMES_OUT, NAMES_OUT),
    one_path: bool = False,
) -> float:
    """Draw the sheet's grid, coordinates, features, obstacles and the house's walls.

    Sets the axes' limits (one square of margin for the coordinates) and returns the
    size of a square in points (``cell_pt`` if given). ``light`` draws everything in the
    light blues of :data:`LIGHT_COLORS` (the printed drawing sheets). ``outlines`` draws
    the coordinates as their letters' outlines, one collection (the printed pages: the
    same letters, without a text each), and names only every :func:`column_step`-th
    column where the names would run together. ``names_out``: how far outside the grid
    the column names' and the row names' centres stand, in squares. ``one_path``: the
    grid as one path, one stroke for all its lines (the printed pages; a plan keeps a
    line apiece, its pixels as they were).
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
    style = {"colors": LIGHT_COLORS["grid"] if light else GRID_COLOR,
             "linewidths": max(0.5 if light else 0.3, cell_pt * 0.02), "zorder": 1.5}
    ax.add_collection(grid_lines(grid, **style) if one_path else LineCollection(grid, **style),
                      autolim=False)

    if coordinates:
        size = coordinate_size(cell_pt)
        color = LIGHT_COLORS["coordinate"] if light else "#444444"
        step = column_step(width, size, cell_pt) if outlines else 1
        above, left = names_out
        places = [(x + 0.5, -above, column_name(x)) for x in range(0, width, step)]
        places += [(-left, y + 0.5, str(y + 1)) for y in range(height)]
        if outlines:
            outline_all(ax, places, size=size, color=color, zorder=3, gid="coordinate")
        else:
            for cx, cy, text in places:
                ax.text(cx, cy, text, ha="center", va="center", fontsize=size, color=color,
                        gid="coordinate")

    if walls:
        wall_color = LIGHT_COLORS["wall"] if light else WALL_COLOR
        draw_walls(ax, project.exterior_walls(), cell_pt, exterior=True, color=wall_color)
        draw_walls(ax, project.walls, cell_pt, exterior=False, color=wall_color)
    return cell_pt


COLUMN_GAP = 0.4
"""The least space between two column names, in font sizes."""


def column_step(width: int, size: float, cell_pt: float) -> int:
    """Every how many columns a printed page names one (from A): 1, or more where the
    widest of the ``width`` columns' names at ``size`` points with :data:`COLUMN_GAP`
    would not fit in a square of ``cell_pt`` points (two letters past Z on the smallest
    squares, more than about 100 columns)."""
    longest = len(column_name(width - 1)) if width else 0
    if (longest + COLUMN_GAP) * size <= cell_pt:  # no capital is wider than its size
        return 1
    widest = max(text_extent(column_name(x))[0] for x in range(width))
    return max(1, math.ceil((widest + COLUMN_GAP) * size / cell_pt - 1e-9))


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
