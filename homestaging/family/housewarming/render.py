"""A Housewarming house drawn with matplotlib, the score pad beside it.

The four rooms side by side, each with its two Furnishing places and its Decor place
(cards over the capacity in red), then the Pets and Misc cards and the noted changes.
Each card shows its name and its comfort (C), style (S) and cool (K).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.scorepad import ScorePad
from ...draw.drawing import fit_text
from ..panel import figure_with_panel, save_figure
from .model import DECOR_PER_ROOM, FURNISHINGS_PER_ROOM, Card, House

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["draw_house", "house_figure", "save_house"]

CARD_W, CARD_H = 2.0, 1.2
KIND_COLORS = {"Furnishing": "#f3d9b1", "Decor": "#d5e8d4", "Pet": "#dae8fc", "Misc": "#eeeeee"}
OVER = "#d62728"
KEY = ("Key: C comfort, S style, K cool; dashed: a free place; red: over capacity.\n"
       "Cards: tan Furnishing, green Decor, blue Pet, grey Misc.")
KEY_H = 0.9
"""The key's line under the changes, in the picture's units."""


def _numbers(card: Card) -> str:
    return "  ".join(f"{letter}{value:+d}" for letter, value in
                     (("C", card.comfort), ("S", card.style), ("K", card.cool)) if value)


def _card(ax: Axes, card: Card | None, x: float, y: float, kind: str, over: bool) -> None:
    from matplotlib.patches import FancyBboxPatch

    if card is None:
        ax.add_patch(FancyBboxPatch((x, y), CARD_W, CARD_H, boxstyle="round,pad=0.04",
                                    facecolor="white", edgecolor="#aaaaaa", linestyle="--",
                                    zorder=2, gid="free"))
        ax.text(x + CARD_W / 2, y + CARD_H / 2, f"no {kind}", ha="center", va="center",
                fontsize=6.5, color="#999999", zorder=3)
        return
    ax.add_patch(FancyBboxPatch((x, y), CARD_W, CARD_H, boxstyle="round,pad=0.04",
                                facecolor=KIND_COLORS[card.kind],
                                edgecolor=OVER if over else "#555555",
                                linewidth=2.2 if over else 0.8, zorder=2, gid="card"))
    name, size, _ = fit_text(card.name, CARD_W * 30, CARD_H * 14, largest=8.0, smallest=4.5)
    ax.text(x + CARD_W / 2, y + 0.42, name, ha="center", va="center", fontsize=size,
            fontweight="bold", zorder=3)
    ax.text(x + CARD_W / 2, y + 0.88, _numbers(card) or "-", ha="center", va="center",
            fontsize=6.5, color="#333333", zorder=3)


def _room_height(house: House) -> float:
    """The rooms' height: room for the fullest room's cards (at least 2 + 1 places)."""
    places = max([FURNISHINGS_PER_ROOM + DECOR_PER_ROOM] + [
        max(FURNISHINGS_PER_ROOM, len(r.furnishings)) + max(DECOR_PER_ROOM, len(r.decor))
        for r in house.rooms])
    return 0.75 + places * (CARD_H + 0.25) + 0.15


def _height(house: House) -> float:
    return _room_height(house) + 0.6 + 2.0 + (len(house.changes) + 1) * 0.45 + KEY_H


def draw_house(ax: Axes, house: House) -> Axes:
    """Draw the rooms, the other cards and the changes on ``ax``."""
    from matplotlib.patches import Rectangle

    columns = max(4, len(house.rooms))
    width = columns * (CARD_W + 0.6)
    ax.set_xlim(-0.3, width)
    height = _height(house)
    room_h = _room_height(house)
    ax.set_ylim(height, -0.8)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.text(0, -0.4, f"{house.player or 'House'}: rooms", fontsize=11, fontweight="bold")
    for index, room in enumerate(house.rooms):
        x = index * (CARD_W + 0.6)
        ax.add_patch(Rectangle((x - 0.15, 0), CARD_W + 0.3, room_h, facecolor="#fafafa",
                               edgecolor="#444444", linewidth=1.2, zorder=1, gid="room"))
        label, size, _ = fit_text(room.name, (CARD_W + 0.2) * 30, 14, largest=9.0)
        ax.text(x + CARD_W / 2, 0.35, label, ha="center", va="center", fontsize=size,
                fontweight="bold", color="#1d5e20" if room.ready else "#333333")
        furnishings = list(room.furnishings) + [None] * max(
            0, FURNISHINGS_PER_ROOM - len(room.furnishings))
        decor = list(room.decor) + [None] * max(0, DECOR_PER_ROOM - len(room.decor))
        y = 0.75
        for number, card in enumerate(furnishings):
            _card(ax, card, x, y, "Furnishing", number >= FURNISHINGS_PER_ROOM)
            y += CARD_H + 0.25
        for number, card in enumerate(decor):
            _card(ax, card, x, y, "Decor", number >= DECOR_PER_ROOM)
            y += CARD_H + 0.25
    y = room_h + 0.6
    others = [*house.pets, *house.misc]
    ax.text(0, y, "Pets and Misc" + ("" if others else ": none"), fontsize=10,
            fontweight="bold", va="center")
    for index, card in enumerate(others[:columns]):
        _card(ax, card, index * (CARD_W + 0.6), y + 0.35, card.kind, False)
    y += 2.0
    ax.text(0, y, "Changes noted" + ("" if house.changes else ": none"), fontsize=10,
            fontweight="bold", va="center")
    for change in house.changes:
        y += 0.45
        numbers = "  ".join(f"{name} {value:+d}" for name, value in
                            (("comfort", change.comfort), ("style", change.style),
                             ("cool", change.cool)) if value)
        ax.text(0.2, y, f"{change.note}: {numbers or 'no change'}", fontsize=8, va="center")
    ax.text(0, y + KEY_H, KEY, fontsize=7, va="center", color="#444444", gid="key")
    return ax


def house_figure(house: House, pad: ScorePad) -> Figure:
    columns = max(4, len(house.rooms)) * (CARD_W + 0.6) + 0.5
    rows = _height(house) + 1
    fig, drawing = figure_with_panel(columns, rows, pad, square_in=0.5, panel_in=4.6)
    draw_house(drawing, house)
    return fig


def save_house(house: House, pad: ScorePad, path: str | Path) -> None:
    """Write the picture (``.png``, ``.svg`` or ``.pdf``) atomically."""
    save_figure(house_figure(house, pad), path, f"Housewarming - {house.player}")
