"""The words around a plan, drawn: the score panel and the key (a sample of each mark
with what it means, and the names shortened on the plan).

The samples are drawn with the plan's own primitives and colours
(:mod:`homestaging.draw.drawing`), so the key shows exactly what the plan shows.

* ``draw_panel(ax, lines, step, scale=1.0)`` the panel's lines (from
  :func:`homestaging.text.panel.panel_lines`) top to bottom on an axes, ``step`` being a
  line's height as a fraction of the axes.
* ``key_rows(entries, short_names, columns)`` how many rows the key takes;
  ``draw_key(ax, entries, short_names, columns)`` draws it on an axes whose units are
  rows (y down) and columns; another game's picture passes its own ``sample`` drawer
  (``plan_sample`` draws the Home Staging marks).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.grid import Edge
from ..text.panel import Line, short_name_lines
from .drawing import (
    CIRCULATION_COLOR,
    FRONT_DOOR_COLOR,
    GHOST_COLOR,
    HALLWAY_COLOR,
    OBSTACLE_COLOR,
    PROBLEM_COLOR,
    ROUTE_COLOR,
    RUG_COLORS,
    UNWALLED_COLOR,
    WALL_COLOR,
    draw_door,
    draw_window,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.transforms import Transform

SampleDrawer = Callable[["Axes", str, "Transform", float], None]
"""Draws a mark's sample: (axes, mark, frame where a square is 1 x 1, points per row)."""

__all__ = ["KEY_FONT", "PANEL_STYLES", "SampleDrawer", "draw_key", "draw_panel", "key_rows",
           "plan_sample"]

PANEL_STYLES: dict[str, dict[str, Any]] = {
    "title": {"fontsize": 11, "fontweight": "bold"},
    "head": {"fontsize": 9, "fontweight": "bold"},
    "plain": {"fontsize": 8},
    "dim": {"fontsize": 8, "color": "#888888"},
    "note": {"fontsize": 8, "style": "italic", "color": "#555555"},
    "warn": {"fontsize": 8, "color": PROBLEM_COLOR},
    "total": {"fontsize": 10, "fontweight": "bold"},
}
#: font size of the key's words
KEY_FONT = 7.0
#: a sample is this many key units wide (a row is one unit high)
_SAMPLE = 1.2


def draw_panel(ax: Axes, lines: Sequence[Line], step: float, scale: float = 1.0) -> None:
    """Write the panel's lines from the top of ``ax``; fonts times ``scale``."""
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    y = 1.0 - step * 1.2
    for left, right, style in lines:
        options = dict(PANEL_STYLES[style])
        options["fontsize"] = options["fontsize"] * scale
        if style in ("head", "total"):
            y -= step * 0.3
        ax.text(0.03, y, left, ha="left", va="baseline", gid="panel", **options)
        if right:
            ax.text(0.95, y, right, ha="right", va="baseline", gid="panel", **options)
        if style == "total":
            ax.plot([0.03, 0.95], [y + step * 0.85] * 2, color="#333333", linewidth=0.6)
        y -= step


def key_rows(entries: Sequence[tuple[str, str]], short_names: Sequence[tuple[str, str]],
             columns: int) -> int:
    """Rows the key takes: its title, the marks in ``columns`` columns, and the short
    names (two to a row of marks' width)."""
    marks = math.ceil(len(entries) / columns)
    names = math.ceil(len(short_names) / max(1, columns)) if short_names else 0
    return 1 + marks + (1 + names if short_names else 0)


def draw_key(ax: Axes, entries: Sequence[tuple[str, str]],
             short_names: Sequence[tuple[str, str]], columns: int, *,
             cell_pt: float = 10.0, font: float = KEY_FONT,
             sample: SampleDrawer | None = None) -> None:
    """Draw the key on ``ax``: a title, then each (mark, meaning) with its sample, in
    ``columns`` columns filled row by row, then the short names. The axes' units are
    rows (y down) and columns (each column one unit wide); ``cell_pt`` is the size in
    points of one row, for line widths. ``sample`` draws a mark's sample (default: the
    Home Staging plan's marks)."""
    rows = key_rows(entries, short_names, columns)
    ax.set_axis_off()
    ax.set_xlim(0, columns)
    ax.set_ylim(rows, 0)
    ax.text(0.0, 0.5, "Key", ha="left", va="center", fontsize=font + 1.5, fontweight="bold",
            gid="key-title")
    width = 1.0
    for index, (mark, meaning) in enumerate(entries):
        row, column = divmod(index, columns)
        x, y = column * width, 1 + row
        _sample(ax, mark, x + 0.02, y + 0.15, 0.7, cell_pt, sample or plan_sample)
        ax.text(x + 0.02 + _sample_width(ax), y + 0.5, meaning, ha="left", va="center",
                fontsize=font, gid=f"key-{mark}")
    if short_names:
        y = 1 + math.ceil(len(entries) / columns)
        ax.text(0.0, y + 0.5, "Short names on the plan", ha="left", va="center",
                fontsize=font + 0.5, fontweight="bold", gid="key-title")
        for index, text in enumerate(short_name_lines(short_names)):
            row, column = divmod(index, columns)
            ax.text(column * width + 0.02, y + 1 + row + 0.5, text, ha="left", va="center",
                    fontsize=font, gid="key-short-name")


def _sample_width(ax: Axes) -> float:
    """How wide a sample is in column units: a square of the row's height, plus a gap."""
    fig = ax.get_figure(root=True)
    assert fig is not None
    box = ax.get_position()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    unit_w = box.width * fig.get_figwidth() / abs(x1 - x0)
    unit_h = box.height * fig.get_figheight() / abs(y1 - y0)
    return _SAMPLE * unit_h / unit_w


def _sample(ax: Axes, mark: str, x: float, y: float, height: float, cell_pt: float,
            drawer: SampleDrawer) -> None:
    """The sample of ``mark`` in a box ``height`` rows high from (x, y), drawn by
    ``drawer`` in a local frame of one square = ``height`` rows tall (squashed to the
    axes' aspect)."""
    from matplotlib.transforms import Affine2D

    w = _sample_width(ax) * height / _SAMPLE  # one square in column units
    # a frame where one square is 1 x 1, anchored at (x, y)
    drawer(ax, mark, Affine2D().scale(w, height).translate(x, y) + ax.transData, cell_pt)


def plan_sample(ax: Axes, mark: str, square: Transform, cell_pt: float) -> None:
    """Draw the sample of a Home Staging plan's ``mark`` in the frame ``square`` (one
    square is 1 x 1, y down)."""
    from matplotlib.patches import Ellipse, Rectangle
    from matplotlib.transforms import Affine2D

    gid = f"key-sample-{mark}"

    def box(**style: Any) -> None:
        ax.add_patch(Rectangle((0, 0), 1, 1, transform=square, gid=gid, **style))

    if mark == "wall":
        ax.plot([0, 1], [0.5, 0.5], transform=square, color=WALL_COLOR,
                linewidth=max(1.0, cell_pt * 0.12), solid_capstyle="butt", gid=gid)
    elif mark == "hallway":
        box(facecolor=HALLWAY_COLOR, edgecolor="#b8b8b8", linewidth=0.5)
    elif mark == "unwalled":
        box(facecolor=UNWALLED_COLOR, edgecolor="#b8b8b8", linewidth=0.5)
    elif mark == "current":
        box(facecolor="#f0f0f0", edgecolor="#555555", linestyle="--", linewidth=1.0)
    elif mark == "circulation":
        box(facecolor="white", edgecolor="#b8b8b8", linewidth=0.5)
        ax.add_patch(Ellipse((0.5, 0.5), 0.2, 0.2, transform=square, facecolor=CIRCULATION_COLOR,
                             edgecolor="none", gid=gid))
    elif mark == "rug":
        box(facecolor=RUG_COLORS[0], edgecolor=RUG_COLORS[1], hatch="xx", linewidth=0.8)
    elif mark == "obstacle":
        box(facecolor=OBSTACLE_COLOR, edgecolor="#555555", hatch="////", linewidth=0.6)
    elif mark == "front-door":  # a gap in a wall, ringed
        for xs in ([-0.3, 0.15], [0.85, 1.3]):
            ax.plot(xs, [0.5, 0.5], transform=square, color=WALL_COLOR, linewidth=1.5,
                    solid_capstyle="butt", gid=gid)
        ax.add_patch(Ellipse((0.5, 0.5), 1.0, 1.0, transform=square, fill=False,
                             edgecolor=FRONT_DOOR_COLOR, linewidth=1.5, gid=gid))
    elif mark == "door":
        draw_door(ax, Edge((0, 0), "s"), (0, 0), cell_pt, gid=gid, zorder=2, transform=square)
    elif mark == "window":  # a wall across the middle, the window in it
        middle = Affine2D().translate(0, -0.5) + square
        ax.plot([-0.25, 0], [0.5, 0.5], transform=square, color=WALL_COLOR, linewidth=1.5,
                solid_capstyle="butt", gid=gid)
        ax.plot([1, 1.25], [0.5, 0.5], transform=square, color=WALL_COLOR, linewidth=1.5,
                solid_capstyle="butt", gid=gid)
        draw_window(ax, Edge((0, 0), "s"), cell_pt, gid=gid, transform=middle)
    elif mark == "route":
        ax.plot([0, 1.4], [0.5, 0.5], transform=square, color=ROUTE_COLOR, linewidth=1.5,
                alpha=0.75, solid_capstyle="round", gid=gid)
        ax.text(0.7, 0.5, "3", transform=square, ha="center", va="center", fontsize=5.5,
                color="white", fontweight="bold", gid=gid,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": ROUTE_COLOR,
                      "edgecolor": "none"})
    elif mark == "unreachable":
        box(facecolor="#dddddd", edgecolor=PROBLEM_COLOR, hatch="////", linewidth=1.0)
        ax.text(0.25, 0.3, "A", transform=square, ha="center", va="center", fontsize=5,
                color="white", fontweight="bold", gid=gid,
                bbox={"boxstyle": "square,pad=0.15", "facecolor": PROBLEM_COLOR,
                      "edgecolor": "none"})
    elif mark == "error":
        ax.add_patch(Ellipse((0.5, 0.5), 0.9, 0.9, transform=square, fill=False,
                             edgecolor=PROBLEM_COLOR, linewidth=1.3, gid=gid))
        ax.text(0.95, 0.15, "1", transform=square, ha="center", va="center", fontsize=5,
                color="white", fontweight="bold", gid=gid,
                bbox={"boxstyle": "circle,pad=0.15", "facecolor": PROBLEM_COLOR,
                      "edgecolor": "none"})
    elif mark == "ghost":
        box(facecolor=GHOST_COLOR, alpha=0.22, edgecolor="none")
        box(facecolor="none", edgecolor=GHOST_COLOR, linestyle=(0, (4, 2)), linewidth=1.0)
        ax.add_patch(Ellipse((0.5, 0.5), 0.3, 0.3, transform=square, facecolor="none",
                             edgecolor=GHOST_COLOR, linewidth=0.8, gid=gid))
    else:
        raise ValueError(f"no sample for the mark {mark!r}")
