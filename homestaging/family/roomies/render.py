"""The Rooms & Roomies house drawn with matplotlib, its score pad beside it.

Rooms are filled by floor (parquet warm, tiled floor cool, with a fine grid), walls are
black (outside walls thicker), doors are gaps with their ledges shaded, the front door
has its path, windows are blue on the walls (red when covered by a shelf or closet).
Tiles are filled with their first colour, their colour icons as dots, wall edges as
thick lines, a TV's screen as a cyan line; floor markings are rings (filled when
touched). Tiles at fault are outlined in red. A key under the house shows a sample of
each mark the picture uses. Nothing here uses pyplot.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.grid import DELTAS, Edge, boundary, column_name, reading_order
from ...core.scorepad import ScorePad
from ...draw.drawing import (
    WALL_COLOR,
    cell_points,
    draw_walls,
    fit_text,
    label_spot,
    patch,
    segment,
    union,
)
from ...draw.legend import draw_key, key_rows
from ..panel import axes_below, figure_with_panel, save_figure
from .furniture import type_label
from .model import House, Room, Tile
from .score import covered_by

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.transforms import Transform

__all__ = ["draw_house", "house_figure", "key_entries", "save_house"]

SQUARE_IN = 0.5
"""A square of the house, in inches."""
KEY_ROW_IN = 0.2
KEY_COLUMN_IN = 2.3

FLOOR_COLORS = {"parquet": "#ecd3ad", "tiles": "#d3e4ec"}
ICON_COLORS = {"red": "#d9534f", "green": "#4cae4c", "blue": "#3a7bd5", "black": "#222222",
               "brown": "#8b5a2b", "white": "#ffffff"}
TILE_COLORS = {"red": "#f2b8b5", "green": "#c3e6c3", "blue": "#b7d0f0", "black": "#a3a3a3",
               "brown": "#d9bc97", "white": "#f8f8f8"}
WINDOW_COLOR = "#5fa8e8"
COVERED_COLOR = "#d62728"
FAULT_COLOR = "#d62728"


def _walls(house: House) -> tuple[list[Edge], list[Edge]]:
    """The outside walls and the walls between rooms, doors left out."""
    openings = {door.edge for door in house.doors}
    outside: set[Edge] = set()
    inside: set[Edge] = set()
    for room in house.rooms:
        for edge in boundary(room.cells) - openings:
            (inside if edge.outer in house.room_at else outside).add(edge)
    key = lambda e: e.key  # noqa: E731
    return sorted(outside, key=key), sorted(inside, key=key)


def _room(ax: Axes, house: House, room: Room, cell_pt: float) -> None:
    from matplotlib.collections import LineCollection

    ax.add_patch(patch(union(room.cells), facecolor=FLOOR_COLORS[room.floor],
                       edgecolor="none", zorder=1, gid=f"room-{room.key}"))
    lines = [segment(Edge(cell, side)) for cell in sorted(room.cells) for side in ("e", "s")
             if house.room_at.get(Edge(cell, side).outer) is room]
    ax.add_collection(LineCollection(lines, colors="#ffffff" if room.bathroom else "#d8b98c",
                                     linewidths=max(0.4, cell_pt * 0.025), zorder=1.2))


def _label_run(house: House, room: Room) -> list[tuple[int, int]]:
    """The longest row of empty squares in the room (the first in reading order)."""
    best: list[tuple[int, int]] = []
    for x, y in sorted(room.cells, key=reading_order):
        if not house.empty((x, y)) or (house.empty((x - 1, y)) and (x - 1, y) in room.cells):
            continue
        run = [(x, y)]
        while (run[-1][0] + 1, y) in room.cells and house.empty((run[-1][0] + 1, y)):
            run.append((run[-1][0] + 1, y))
        if len(run) > len(best):
            best = run
    return best


def _room_label(ax: Axes, house: House, room: Room, cell_pt: float) -> None:
    done = house.complete(room)
    text = f"{room.name}\nbonus {room.bonus}: {'complete' if done else 'not complete'}"
    run = _label_run(house, room)
    if run:
        x = run[0][0] + len(run) / 2
        y = run[0][1] + 0.5
        label, size, _ = fit_text(text, cell_pt * len(run) * 0.95, cell_pt * 0.8,
                                  largest=cell_pt * 0.24, smallest=3.0)
        ha, va = "center", "center"
    else:
        x, y = (c + 0.06 for c in min(room.cells, key=reading_order))
        label, size, _ = fit_text(text, cell_pt * 3, cell_pt * 0.6, largest=cell_pt * 0.2,
                                  smallest=3.0)
        ha, va = "left", "top"
    ax.text(x, y, label, ha=ha, va=va, fontsize=size, zorder=12, linespacing=1.1,
            color="#1d5e20" if done else "#8a4b00", fontweight="bold",
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.75,
                  "edgecolor": "none"}, gid="room-label")


def _doors(ax: Axes, house: House, cell_pt: float) -> None:
    from matplotlib.patches import Rectangle

    for cell, doors in sorted(house.ledges.items()):
        for door in doors:
            (x0, y0), (x1, y1) = segment(door.edge)
            x, y = cell
            # the ledge: a band along the door on the square in front of it
            if y0 == y1:  # horizontal door edge
                top = y if y0 == y else y + 0.78
                shape = Rectangle((x + 0.1, top), 0.8, 0.22)
            else:
                left = x if x0 == x else x + 0.78
                shape = Rectangle((left, y + 0.1), 0.22, 0.8)
            shape.set(facecolor="#b07d3e", alpha=0.45, edgecolor="none", zorder=2.5, gid="ledge")
            ax.add_patch(shape)
    for door in house.doors:
        (x0, y0), (x1, y1) = segment(door.edge)
        ax.plot([x0, x1], [y0, y1], color="#ffffff", linewidth=max(1.0, cell_pt * 0.1),
                solid_capstyle="butt", zorder=8.5, gid="door")
        if door.front:
            inside = next(c for c in door.edge.cells if c in house.room_at)
            outside = door.edge.outer if inside == door.edge.cell else door.edge.cell
            ox, oy = outside
            ax.add_patch(patch(union([outside]), facecolor="#cfcfcf", edgecolor="#999999",
                               linewidth=0.5, zorder=0.5, gid="front-path"))
            ax.text(ox + 0.5, oy + 0.5, "front\ndoor", ha="center", va="center",
                    fontsize=max(3.5, cell_pt * 0.16), color="#444444", zorder=6)


def _windows(ax: Axes, house: House, cell_pt: float) -> None:
    for window in house.windows:
        covered = bool(covered_by(house, window))
        for edge in window.edges:
            (x0, y0), (x1, y1) = segment(edge)
            inset = 0.12
            if y0 == y1:
                xs, ys = [x0 + inset, x1 - inset], [y0, y1]
            else:
                xs, ys = [x0, x1], [y0 + inset, y1 - inset]
            ax.plot(xs, ys, color=COVERED_COLOR if covered else WINDOW_COLOR,
                    linewidth=max(1.5, cell_pt * 0.12), solid_capstyle="butt", zorder=9,
                    gid="covered-window" if covered else "window")


def _tile(ax: Axes, tile: Tile, cell_pt: float, fault: bool) -> None:
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle

    shape = union(tile.cells).buffer(-0.06, join_style="mitre")
    ax.add_patch(patch(shape, facecolor=TILE_COLORS[tile.colors[0]],
                       edgecolor=FAULT_COLOR if fault else "#444444",
                       linewidth=max(0.8, cell_pt * (0.07 if fault else 0.035)),
                       linestyle="--" if fault else "-", zorder=4, gid="tile"))
    corner = min(tile.cells, key=reading_order)
    for index, color in enumerate(tile.colors):
        ax.add_patch(Circle((corner[0] + 0.2 + index * 0.2, corner[1] + 0.2), 0.08,
                            facecolor=ICON_COLORS[color], edgecolor="#333333", linewidth=0.4,
                            zorder=6, gid="color-icon"))
    walls = [segment(edge) for edge in tile.wall_edges()]
    if walls:
        ax.add_collection(LineCollection(sorted(walls), colors="#3b2a1a",
                                         linewidths=max(1.5, cell_pt * 0.14),
                                         capstyle="butt", zorder=8.2, gid="wall-edge"))
    if tile.screen is not None:
        dx, dy = DELTAS[tile.screen]
        screen = []
        for cell in tile.screen_cells():
            (x0, y0), (x1, y1) = segment(Edge(cell, tile.screen))
            shift = 0.16
            screen.append([(x0 - dx * shift, y0 - dy * shift), (x1 - dx * shift, y1 - dy * shift)])
        ax.add_collection(LineCollection(screen, colors="#00b5d8",
                                         linewidths=max(1.2, cell_pt * 0.08), zorder=7,
                                         gid="screen"))
    label = type_label(tile.kind) + (" (double)" if tile.double else "")
    if tile.points:
        label += f" +{tile.points}"
    lx, ly, w, h = label_spot(tile.cells)
    text, size, rotation = fit_text(label, cell_pt * w * 0.9, cell_pt * h * 0.8,
                                    largest=min(8.0, cell_pt * 0.26), smallest=3.0)
    ax.text(lx, ly + (0.08 if h == 1 else 0), text, ha="center", va="center", fontsize=size,
            rotation=rotation, zorder=9.5, gid="tile-label")


def _markings(ax: Axes, house: House) -> None:
    from matplotlib.patches import Circle

    for room in house.rooms:
        for x, y in room.markings:
            touched = house.touched((x, y))
            ax.add_patch(Circle((x + 0.8, y + 0.8), 0.1,
                                facecolor="#2e7d32" if touched else "white",
                                edgecolor="#2e7d32" if touched else FAULT_COLOR, linewidth=1.0,
                                zorder=10, gid="marking"))


def _coordinates(ax: Axes, house: House, cell_pt: float) -> None:
    size = min(8.0, max(4.0, cell_pt * 0.3))
    for x in range(house.width):
        ax.text(x + 0.5, -0.3, column_name(x), ha="center", va="center", fontsize=size,
                color="#666666")
    for y in range(house.height):
        ax.text(-0.3, y + 0.5, str(y + 1), ha="center", va="center", fontsize=size,
                color="#666666")


def draw_house(ax: Axes, house: House, pad: ScorePad | None = None) -> Axes:
    """Draw the house on ``ax``: rooms, walls, doors, windows, tiles, markings."""
    ax.set_xlim(-0.7, house.width + 0.7)
    ax.set_ylim(house.height + 0.7, -0.7)
    ax.set_aspect("equal")
    ax.set_axis_off()
    cell_pt = cell_points(ax, house.width + 1.4, house.height + 1.4)
    faults = {(p.path, cell) for p in (pad.errors if pad else []) for cell in p.cells}
    _coordinates(ax, house, cell_pt)
    for room in house.rooms:
        _room(ax, house, room, cell_pt)
    _doors(ax, house, cell_pt)
    for tile in house.tiles:
        _tile(ax, tile, cell_pt, any((tile.path, c) in faults for c in tile.cells))
    outside, inside = _walls(house)
    draw_walls(ax, inside, cell_pt, exterior=False)
    draw_walls(ax, outside, cell_pt, exterior=True)
    _windows(ax, house, cell_pt)
    _markings(ax, house)
    for room in house.rooms:
        _room_label(ax, house, room, cell_pt)
    if pad is not None:
        for problem in pad.errors:
            for x, y in problem.cells:
                ax.add_patch(patch(union([(x, y)]), facecolor="none", edgecolor=FAULT_COLOR,
                                   linewidth=1.2, zorder=11, gid="problem"))
    return ax


def key_entries(house: House, pad: ScorePad | None = None) -> list[tuple[str, str]]:
    """The key's (mark, meaning) rows: the marks this picture shows, in a fixed order."""
    floors = {room.floor for room in house.rooms}
    tiles = house.tiles
    entries = [
        ("parquet", "parquet floor", "parquet" in floors),
        ("tiles", "tiled floor", "tiles" in floors),
        ("wall", "wall", True),
        ("door", "door; shaded: keep free", bool(house.doors)),
        ("front-door", "front door", house.front_door is not None),
        ("window", "window", bool(house.windows)),
        ("covered", "window behind a shelf or closet",
         any(covered_by(house, window) for window in house.windows)),
        ("icons", "a tile's colour icons", bool(tiles)),
        ("wall-edge", "a tile's side against the wall", any(t.wall_edges() for t in tiles)),
        ("screen", "TV screen", any(t.screen is not None for t in tiles)),
        ("touched", "floor marking, touched",
         any(house.touched(c) for room in house.rooms for c in room.markings)),
        ("untouched", "floor marking, not touched",
         any(not house.touched(c) for room in house.rooms for c in room.markings)),
        ("fault", "tile or square at fault", bool(pad and pad.errors)),
    ]
    return [(mark, meaning) for mark, meaning, shown in entries if shown]


def _sample(ax: Axes, mark: str, square: Transform, cell_pt: float) -> None:
    """A mark of the house drawn as a sample for the key (a square is 1 x 1, y down)."""
    from matplotlib.patches import Circle, Rectangle

    gid = f"key-sample-{mark}"
    width = max(1.2, cell_pt * 0.12)

    def box(**style: Any) -> None:
        ax.add_patch(Rectangle((0, 0), 1, 1, transform=square, gid=gid, **style))

    def line(xs: list[float], ys: list[float], color: str, lw: float = width) -> None:
        ax.plot(xs, ys, transform=square, color=color, linewidth=lw, solid_capstyle="butt",
                gid=gid)

    if mark in ("parquet", "tiles"):
        box(facecolor=FLOOR_COLORS[mark], edgecolor="#b8b8b8", linewidth=0.5)
    elif mark == "wall":
        line([0, 1.2], [0.5, 0.5], WALL_COLOR)
    elif mark == "door":
        box(facecolor=FLOOR_COLORS["parquet"], edgecolor="none")
        ax.add_patch(Rectangle((0.1, 0.0), 0.8, 0.22, transform=square, facecolor="#b07d3e",
                               alpha=0.45, edgecolor="none", gid=gid))
        line([-0.2, 0.0], [0.0, 0.0], WALL_COLOR)
        line([1.0, 1.2], [0.0, 0.0], WALL_COLOR)
    elif mark == "front-door":
        box(facecolor="#cfcfcf", edgecolor="#999999", linewidth=0.5)
        line([-0.2, 0.0], [0.0, 0.0], WALL_COLOR)
        line([1.0, 1.2], [0.0, 0.0], WALL_COLOR)
    elif mark in ("window", "covered"):
        line([-0.1, 1.3], [0.5, 0.5], WALL_COLOR)
        line([0.15, 1.05], [0.5, 0.5], COVERED_COLOR if mark == "covered" else WINDOW_COLOR,
             max(1.0, cell_pt * 0.09))
    elif mark == "icons":
        box(facecolor=TILE_COLORS["red"], edgecolor="#444444", linewidth=0.6)
        for index, color in enumerate(("red", "green")):
            ax.add_patch(Circle((0.22 + index * 0.28, 0.25), 0.11, transform=square,
                                facecolor=ICON_COLORS[color], edgecolor="#333333",
                                linewidth=0.4, gid=gid))
    elif mark == "wall-edge":
        box(facecolor=TILE_COLORS["brown"], edgecolor="#444444", linewidth=0.6)
        line([0, 1], [0.04, 0.04], "#3b2a1a")
    elif mark == "screen":
        box(facecolor=TILE_COLORS["black"], edgecolor="#444444", linewidth=0.6)
        line([0.05, 0.95], [0.2, 0.2], "#00b5d8", max(1.0, cell_pt * 0.07))
    elif mark in ("touched", "untouched"):
        box(facecolor=FLOOR_COLORS["parquet"], edgecolor="#b8b8b8", linewidth=0.5)
        touched = mark == "touched"
        ax.add_patch(Circle((0.5, 0.5), 0.2, transform=square,
                            facecolor="#2e7d32" if touched else "white",
                            edgecolor="#2e7d32" if touched else FAULT_COLOR, linewidth=1.0,
                            gid=gid))
    elif mark == "fault":
        box(facecolor=TILE_COLORS["red"], edgecolor=FAULT_COLOR, linestyle="--",
            linewidth=1.2)
    else:
        raise ValueError(f"no sample for the mark {mark!r}")


def house_figure(house: House, pad: ScorePad) -> Figure:
    """The house, its key under it, and its score pad beside it."""
    entries = key_entries(house, pad)
    columns = max(1, min(len(entries), int((house.width + 1.4) * SQUARE_IN // KEY_COLUMN_IN)))
    rows = key_rows(entries, (), columns)
    fig, drawing = figure_with_panel(house.width + 1.4, house.height + 1.4, pad,
                                            square_in=SQUARE_IN, below_in=rows * KEY_ROW_IN)
    draw_house(drawing, house, pad)
    draw_key(axes_below(fig, drawing, rows * KEY_ROW_IN), entries, (), columns,
             sample=_sample)
    return fig


def save_house(house: House, pad: ScorePad, path: str | Path) -> None:
    """Write the picture (``.png``, ``.svg`` or ``.pdf``) atomically."""
    save_figure(house_figure(house, pad), path, f"Rooms & Roomies - {house.player}")
