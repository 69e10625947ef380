"""A Dream Home home board drawn with matplotlib, the score pad beside it.

Each room is a box over its cards' spaces with its type; a decor token is a round badge;
an empty room is hatched (facedown); the Scaffolding is red; basement spaces are shaded;
the Supplier's card is marked S, the Handyman's two cards H. Problems ring the room.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.grid import column_name
from ...core.scorepad import ScorePad
from ...draw.drawing import fit_text
from ..panel import figure_with_panel, save_figure
from .model import Home, Room

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["draw_home", "home_figure", "save_home"]

CARD_W, CARD_H = 2.4, 1.6
FAULT = "#d62728"


def _room(ax: Axes, room: Room, fault: bool) -> None:
    from matplotlib.patches import Circle, FancyBboxPatch

    xs = sorted(x for x, _ in room.spaces)
    y = next(iter(room.spaces))[1]
    left, top = xs[0] * CARD_W + 0.08, y * CARD_H + 0.08
    width = len(xs) * CARD_W - 0.16
    if room.scaffolding:
        face, hatch, label = "#f4cccc", "xx", "Scaffolding"
    elif room.empty:
        face, hatch, label = "#e6e6e6", "//", "empty room (facedown)"
    else:
        face, hatch, label = "#fff2cc" if room.basement else "#ffffff", None, room.type or ""
    ax.add_patch(FancyBboxPatch((left, top), width, CARD_H - 0.16, boxstyle="round,pad=0.02",
                                facecolor=face, hatch=hatch,
                                edgecolor=FAULT if fault else "#444444",
                                linewidth=2.4 if fault else 1.2, zorder=2, gid="room"))
    text, size, _ = fit_text(label, width * 28, 16, largest=10.0, smallest=5.0)
    ax.text(left + width / 2, top + 0.45, text, ha="center", va="center", fontsize=size,
            fontweight="bold", zorder=4)
    extras = []
    if room.max_size is not None:
        extras.append(f"max {room.max_size}")
    if room.basement:
        extras.append("basement card")
    if extras:
        ax.text(left + width / 2, top + 0.85, ", ".join(extras), ha="center", va="center",
                fontsize=6.5, color="#555555", zorder=4)
    for index, token in enumerate(room.decor):
        cx, cy = left + width - 0.45 - index * 0.8, top + CARD_H - 0.55
        ax.add_patch(Circle((cx, cy), 0.33, facecolor="#b4a7d6", edgecolor="#674ea7",
                            zorder=5, gid="decor"))
        word, size, _ = fit_text(token, 24.0, 16.0, largest=6.0, smallest=3.0)
        ax.text(cx, cy, word, ha="center", va="center", fontsize=size, zorder=6)


def draw_home(ax: Axes, home: Home, pad: ScorePad | None = None) -> Axes:
    from matplotlib.patches import Rectangle

    ax.set_xlim(-0.7, home.width * CARD_W + 0.2)
    ax.set_ylim(home.height * CARD_H + 2.1, -0.6)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for x in range(home.width):
        ax.text((x + 0.5) * CARD_W, -0.25, column_name(x), ha="center", fontsize=8,
                color="#666666")
    for y in range(home.height):
        ax.text(-0.35, (y + 0.5) * CARD_H, str(y + 1), va="center", fontsize=8,
                color="#666666")
        for x in range(home.width):
            basement = (x, y) in home.basement
            ax.add_patch(Rectangle((x * CARD_W, y * CARD_H), CARD_W, CARD_H,
                                   facecolor="#f9e5c0" if basement else "#fbfbfb",
                                   edgecolor="#cccccc", linewidth=0.6, zorder=1,
                                   gid="basement-space" if basement else "space"))
    faults = {p.path for p in (pad.errors if pad else [])}
    for room in home.rooms:
        _room(ax, room, room.path in faults)
    marks = [(home.supplier_space, "S")] if home.supplier_space else []
    marks += [(cell, "H") for cell in home.handyman_spaces]
    for (x, y), letter in marks:
        ax.text(x * CARD_W + 0.3, y * CARD_H + 0.35, letter, ha="center", va="center",
                fontsize=8, fontweight="bold", color="white", zorder=7,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": "#3d85c6", "edgecolor": "none"})
    bottom = home.height * CARD_H + 0.6
    helpers = ", ".join(h.title() for h in home.helpers) or "none"
    special = ", ".join(home.special) or "none"
    ax.text(0, bottom, f"Helpers: {helpers}", fontsize=8, va="center")
    ax.text(0, bottom + 1.0, "Key: round badge: a decor token; S the Supplier's card, "
            "H the Handyman's", fontsize=7, va="center", color="#444444", gid="key")
    ax.text(0, bottom + 0.5, f"Treehouse / birdhouse: {special}",
            fontsize=8, va="center")
    return ax


def home_figure(home: Home, pad: ScorePad) -> Figure:
    fig, drawing = figure_with_panel(home.width * CARD_W + 1.0, home.height * CARD_H + 2.8,
                                     pad, square_in=0.55, panel_in=4.6)
    draw_home(drawing, home, pad)
    return fig


def save_home(home: Home, pad: ScorePad, path: str | Path) -> None:
    """Write the picture (``.png``, ``.svg`` or ``.pdf``) atomically."""
    save_figure(home_figure(home, pad), path, f"Dream Home - {home.player}")
