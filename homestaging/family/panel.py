"""A score pad drawn beside a family game's picture, and the figure that holds both.

Drawn with matplotlib (imported inside the functions) through the core's primitives
(:mod:`homestaging.draw.drawing`): files are written atomically with fixed metadata, so the
same record always gives the same bytes.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.grid import cell_name
from ..core.scorepad import ScorePad
from ..draw.drawing import figure_bytes, image_format
from ..formats.output import write_atomic

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PANEL_CHARS", "axes_below", "draw_pad", "figure_with_panel", "pad_panel_lines",
           "panel_height", "save_figure"]

PANEL_CHARS = 46
"""Characters per line of the panel."""

Line = tuple[str, str, str]
"""(left text, right text, style): style one of title, head, item, dim, warn, total."""


def pad_panel_lines(pad: ScorePad) -> list[Line]:
    """The pad as panel lines: title, a line per category and its items, the total."""
    lines: list[Line] = [(pad.game + (f" - {pad.player}" if pad.player else ""), "", "title")]
    if pad.errors:
        count = len(pad.errors)
        lines.append((f"PROVISIONAL: {count} error{'' if count == 1 else 's'}", "", "warn"))
    for category in pad.categories:
        lines.append((category.name, str(category.points), "head"))
        for item in category.items:
            box = "" if item.awarded is None else "[x] " if item.awarded else "[ ] "
            wrapped = textwrap.wrap(f"{box}{item.text}", PANEL_CHARS - 8) or [""]
            lines += [(f"  {text}", "", "item") for text in wrapped[:-1]]
            lines.append((f"  {wrapped[-1]}", f"{item.points:+d}" if item.points else "0",
                          "item"))
            if item.explanation:
                lines += [(f"      {text}", "", "dim")
                          for text in textwrap.wrap(item.explanation, PANEL_CHARS - 8)]
    lines.append(("TOTAL (provisional)" if pad.provisional else "TOTAL", str(pad.total),
                  "total"))
    lines += [(f"{name} (tie-break)", str(value), "dim") for name, value in pad.tiebreaks]
    lines += [(text, "", "dim") for note in pad.notes for text in
              textwrap.wrap(note, PANEL_CHARS)]
    for problem in pad.errors:
        where = f"{cell_name(problem.cells[0])}: " if problem.cells else ""
        lines += [(text, "", "warn") for text in
                   textwrap.wrap(f"{where}{problem.code}: {problem.message}", PANEL_CHARS)]
    return lines


_STYLES: dict[str, dict[str, Any]] = {
    "title": {"fontsize": 9.5, "fontweight": "bold", "color": "#111111"},
    "head": {"fontsize": 8.5, "fontweight": "bold", "color": "#111111"},
    "item": {"fontsize": 7.5, "color": "#222222"},
    "dim": {"fontsize": 6.5, "color": "#666666"},
    "warn": {"fontsize": 7.0, "color": "#b00020"},
    "total": {"fontsize": 9.5, "fontweight": "bold", "color": "#111111"},
}


LINE_IN = 0.17
"""Height of a panel line in inches."""


def _advance(style: str) -> float:
    return 1.35 if style in ("head", "total") else 1.0


def draw_pad(ax: Axes, pad: ScorePad) -> None:
    """Write the pad on ``ax`` (its own axes), top down, a line every ``LINE_IN`` inches."""
    from matplotlib.transforms import offset_copy

    ax.set_axis_off()
    fig = ax.get_figure(root=True)
    assert fig is not None
    top = offset_copy(ax.transAxes, fig=fig, x=0, y=-8, units="points")
    y = 0.0
    for left, right, style in pad_panel_lines(pad):
        y += (_advance(style) - 1.0) * LINE_IN * 72
        at = offset_copy(top, fig=fig, x=0, y=-y, units="points")
        if style in ("head", "total"):
            ax.plot([0.03, 0.97], [1, 1], transform=offset_copy(at, fig=fig, y=2,
                    units="points"), color="#cccccc", linewidth=0.5)
        ax.text(0.03, 1, left, va="top", ha="left", transform=at, **_STYLES[style])
        if right:
            ax.text(0.97, 1, right, va="top", ha="right", transform=at, **_STYLES[style])
        y += LINE_IN * 72


def panel_height(pad: ScorePad) -> float:
    """The height in inches the panel of ``pad`` needs."""
    return 0.3 + LINE_IN * sum(_advance(style) for _, _, style in pad_panel_lines(pad))


def figure_with_panel(columns: float, rows: float, pad: ScorePad, *, square_in: float = 0.5,
                      panel_in: float = 3.6, below_in: float = 0.0) -> tuple[Figure, Axes]:
    """A figure with a drawing of ``columns`` x ``rows`` squares on the left and the pad
    drawn in a panel on the right, tall enough for both; returns (figure, drawing axes).
    ``below_in``: inches kept under the drawing (for its key: :func:`axes_below`)."""
    from matplotlib.figure import Figure

    width = columns * square_in
    height = max(rows * square_in + below_in, panel_height(pad))
    fig = Figure(figsize=(width + panel_in, height))
    left = width / (width + panel_in)
    if below_in:
        tall = rows * square_in / height
        drawing = fig.add_axes((0.0, 1.0 - tall, left, tall))
    else:
        drawing = fig.add_axes((0.0, 0.0, left, 1.0))
    draw_pad(fig.add_axes((left, 0.0, 1.0 - left, 1.0)), pad)
    return fig, drawing


def axes_below(fig: Figure, drawing: Axes, inches: float, margin_in: float = 0.15) -> Axes:
    """Axes ``inches`` tall right under the drawing, as wide as it less a margin."""
    box = drawing.get_position()
    width, height = fig.get_size_inches()
    margin = margin_in / width
    return fig.add_axes((box.x0 + margin, box.y0 - inches / height,
                         box.width - 2 * margin, inches / height))


def save_figure(fig: Figure, path: str | Path, title: str) -> None:
    """Write the figure as PNG, SVG or PDF (by the file name), atomically."""
    write_atomic(path, figure_bytes(fig, image_format(path), title=title))
