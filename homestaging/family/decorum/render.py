"""The Décorum house board drawn with matplotlib, the score pad beside it.

Four rooms in their places (upstairs above, left and right as on the board), each
tinted with its wall colour and showing its lamp, wall hanging and curio slots: an object
as a box in its colour with its style, an empty slot dashed, an object at fault outlined
in red. Roommate tokens show in the bedrooms, the hearts under the house. The slots are
drawn in the room's ``order`` when the record gives it, else lamp, wall hanging, curio.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.scorepad import ScorePad
from ..panel import figure_with_panel, save_figure
from .game import Game
from .model import Room

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["draw_board", "game_figure", "save_game"]

WALL_COLORS = {"red": "#e06666", "yellow": "#f1c232", "blue": "#6fa8dc", "green": "#93c47d"}
TINTS = {"red": "#f8dada", "yellow": "#fdf1c8", "blue": "#d9e8f6", "green": "#e1f0da"}
ROOM_W, ROOM_H = 5.0, 3.4
FAULT = "#d62728"


def _room(ax: Axes, room: Room, x: float, y: float, faults: set[str],
          tokens: list[str]) -> None:
    from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

    ax.add_patch(Rectangle((x, y), ROOM_W, ROOM_H, facecolor=TINTS[room.wall],
                           edgecolor=WALL_COLORS[room.wall], linewidth=6, zorder=1,
                           gid="room"))
    ax.text(x + 0.2, y + 0.35, room.name.capitalize(), fontsize=11, fontweight="bold",
            va="center", ha="left", zorder=3)
    ax.text(x + ROOM_W - 0.2, y + 0.35, f"walls {room.wall}", fontsize=8, va="center",
            ha="right", color="#444444", zorder=3)
    slots = sorted(room.slots, key=lambda p: room.order.index(p.slot)) if room.order \
        else room.slots
    for index, placed in enumerate(slots):
        left = x + 0.25 + index * 1.6
        top = y + 0.9
        item = placed.item
        fault = placed.path in faults
        if item is None:
            ax.add_patch(FancyBboxPatch((left, top), 1.3, 1.6, boxstyle="round,pad=0.05",
                                        facecolor="white", edgecolor="#999999",
                                        linestyle="--", linewidth=1, zorder=2, gid="empty"))
            ax.text(left + 0.65, top + 0.8, f"empty\n{placed.slot}", ha="center", va="center",
                    fontsize=7, color="#888888", zorder=3)
            continue
        color = "#ffffff" if fault else WALL_COLORS.get(item.color, "#cccccc")
        ax.add_patch(FancyBboxPatch((left, top), 1.3, 1.6, boxstyle="round,pad=0.05",
                                    facecolor=color, edgecolor=FAULT if fault else "#333333",
                                    linewidth=2.5 if fault else 1, zorder=2, gid="object"))
        ax.text(left + 0.65, top + 0.8, f"{item.style}\n{item.color}\n{item.type}",
                ha="center", va="center", fontsize=7, zorder=3,
                color=FAULT if fault else "#111111", fontweight="bold" if fault else "normal")
    for index, player in enumerate(tokens):
        cx, cy = x + ROOM_W - 0.45 - index * 0.7, y + ROOM_H - 0.45
        ax.add_patch(Circle((cx, cy), 0.3, facecolor="white", edgecolor="#555555", zorder=4,
                            gid="roommate"))
        ax.text(cx, cy, player[:3], ha="center", va="center", fontsize=6.5, zorder=5)


def draw_board(ax: Axes, game: Game, pad: ScorePad | None = None) -> Axes:
    """Draw the house board and the hearts on ``ax``."""
    ax.set_xlim(-0.5, 2 * ROOM_W + 0.9)
    ax.set_ylim(2 * ROOM_H + 2.4, -0.9)
    ax.set_aspect("equal")
    ax.set_axis_off()
    faults = {p.path for p in (pad.errors if pad else [])}
    places = {("upstairs", "left"): (0.0, 0.0), ("upstairs", "right"): (ROOM_W + 0.4, 0.0),
              ("downstairs", "left"): (0.0, ROOM_H + 0.4),
              ("downstairs", "right"): (ROOM_W + 0.4, ROOM_H + 0.4)}
    title = "roommates board" if game.house.board == "roommates" else "house board"
    ax.text(0, -0.5, f"{game.scenario or 'Décorum'} ({title})", fontsize=11, va="center",
            fontweight="bold")
    for room in game.house.rooms:
        x, y = places[(room.floor, room.side)]
        tokens = sorted(p for p, r in game.house.roommates.items() if r == room.name)
        _room(ax, room, x, y, faults, tokens)
    bottom = 2 * ROOM_H + 1.3
    hearts = game.hearts
    shown = "".join("\u2665" if i < game.hearts_left else "\u2661" for i in range(hearts))
    over = game.hearts_left - hearts
    color = FAULT if over > 0 else "#c2185b"
    ax.text(0, bottom, f"hearts left: {game.hearts_left} of {hearts}  ", fontsize=10,
            va="center", ha="left")
    ax.text(3.3, bottom, shown + ("+" * max(0, over)), fontsize=16, va="center", ha="left",
            color=color, gid="hearts")
    return ax


def game_figure(game: Game, pad: ScorePad) -> Figure:
    fig, drawing = figure_with_panel(2 * ROOM_W + 1.4, 2 * ROOM_H + 3.3, pad,
                                     square_in=0.55, panel_in=5.2)
    draw_board(drawing, game, pad)
    return fig


def save_game(game: Game, pad: ScorePad, path: str | Path) -> None:
    """Write the picture (``.png``, ``.svg`` or ``.pdf``) atomically."""
    save_figure(game_figure(game, pad), path, f"Décorum - {game.scenario}")
