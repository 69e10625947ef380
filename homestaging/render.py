"""The annotated plan, drawn with matplotlib: rooms, pieces, openings, labels, routes,
placement ghosts and the score panel beside it.

This module, :mod:`homestaging.drawing` (the primitives it draws with) and
:mod:`homestaging.printing` are the only ones that import matplotlib, and only the
commands that draw import them. Nothing here uses pyplot: figures are plain
:class:`matplotlib.figure.Figure` objects saved through their own canvas, so the same
input always gives the same bytes.

Public functions:

* ``draw_plan(sheet, card=None, *, ax=None, show_routes=True, problems=None,
  end_of_game=None, ghosts=()) -> Axes`` draws the annotated plan on ``ax`` (or on a new
  figure with a score panel beside it).
* ``plan_figure(sheet, card=None, ...) -> Figure`` the plan and its panel.
* ``save_plan(sheet, path, card=None, *, dpi=150, ...)`` writes ``.png``, ``.svg`` or
  ``.pdf`` (anything else raises ValueError naming the allowed extensions).
* ``placements_figure(sheet, found, *, top=3, per_piece=False)`` and ``save_placements``:
  the plan with candidate placements ghosted and numbered (``place -o``);
  ``draw_ghosts(ax, ghosts, cell_pt)`` draws them on a plan.
* ``label_place(cells, taken, texts, cell_pt, ...)`` where a room's label goes.

The house, pieces and file formats (``draw_house``, ``draw_piece``, ``piece_figure``,
``save_piece``, ``figure_bytes``, ``fit_text``, ``cell_points``, ``FORMATS``) live in
:mod:`homestaging.drawing`.

Finished and unfinished sheets. ``end_of_game`` (default ``sheet.finished``) says how the
picture reads the sheet; score it the same way (``scoring.score(sheet,
end_of_game=...)``). At the end of the game: the card's problems are listed as errors and
ringed, every unreachable piece is hatched, the panel gives the (possibly provisional)
score. In a game in progress, the picture follows ``check``: errors are ringed and
listed, end-game requirements (severity ``todo``) are listed under "Still to do"; rooms
not walled yet are "not walled yet" (or "being furnished") with no points; pieces are
hatched unreachable only when the house has a front door and their room is walled; the
panel says "Score so far (mid-game)".

Labels of rooms and of the room being furnished sit inside the room's squares, on the
free rectangle where they are largest (:func:`label_place`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .drawing import (
    WALL_COLOR,
    cell_points,
    draw_house,
    draw_walls,
    figure_bytes,
    fit_text,
    frame,
    image_format,
    label_spot,
    middle_square,
    patch,
    room_color,
    segment,
    union,
)
from .errors import Problem, Severity
from .grid import Cell, Edge, reading_order
from .output import write_atomic
from .panel import Line, legend_lines, panel_lines, shown_problems, unreachable_pieces
from .pieces import Piece

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .layout import Layout
    from .pieces import Placement
    from .scoring import ScoreCard
    from .sheet import Sheet

__all__ = [
    "GHOST_COLOR",
    "Ghost",
    "draw_ghosts",
    "draw_plan",
    "label_place",
    "placements_figure",
    "plan_figure",
    "save_placements",
    "save_plan",
]

HALLWAY_COLOR = "#dcf2d6"
FRONT_DOOR_COLOR = "#f28c28"
ROUTE_COLOR = "#7b3fa0"
PROBLEM_COLOR = "#d62728"
GHOST_COLOR = "#1f77b4"
#: at most this many candidate placements are drawn on one plan
MAX_GHOSTS = 5

#: A candidate placement to draw see-through: its number and where it would go.
Ghost = tuple[str, "Placement"]
#: problems shown by their own marks (red hatching), not by rings
_DRAWN_OTHERWISE = frozenset({"unreachable-piece", "unreachable-room"})


# ---------------------------------------------------------------------------- plans


def plan_figure(sheet: Sheet, card: ScoreCard | None = None, *, show_routes: bool = True,
                square_in: float = 0.34, problems: Sequence[Problem] | None = None,
                end_of_game: bool | None = None, ghosts: Sequence[Ghost] = (),
                legend: Sequence[str] = ()) -> Figure:
    """The annotated plan with a score panel beside it (see :func:`draw_plan`);
    ``legend`` lines close the panel."""
    from matplotlib.figure import Figure

    project = sheet.project
    end_of_game = sheet.finished if end_of_game is None else end_of_game
    problems = shown_problems(card, problems)
    lines = panel_lines(sheet, card, problems, end_of_game) + legend_lines(legend)
    plan_w = (project.width + 1.3) * square_in
    plan_h = (project.height + 1.3) * square_in
    panel_w = 3.3
    line_in = 0.19
    panel_h = 0.5 + line_in * len(lines)
    height = max(plan_h, panel_h)
    width = plan_w + panel_w
    fig = Figure(figsize=(width, height))
    ax = fig.add_axes((0.0, (height - plan_h) / height, plan_w / width, plan_h / height))
    draw_plan(sheet, card, ax=ax, show_routes=show_routes, problems=problems,
              end_of_game=end_of_game, ghosts=ghosts)
    panel = fig.add_axes((plan_w / width, 0.0, panel_w / width, 1.0))
    _draw_panel(panel, lines, line_in / height)
    return fig


def save_plan(sheet: Sheet, path: str | Path, card: ScoreCard | None = None, *,
              show_routes: bool = True, dpi: int = 150, problems: Sequence[Problem] | None = None,
              end_of_game: bool | None = None, ghosts: Sequence[Ghost] = (),
              legend: Sequence[str] = ()) -> None:
    """Write the annotated plan; the format follows the extension (.png, .svg, .pdf)."""
    fmt = image_format(path)
    fig = plan_figure(sheet, card, show_routes=show_routes, problems=problems,
                      end_of_game=end_of_game, ghosts=ghosts, legend=legend)
    title = f"{sheet.project.name}" + (f" - {sheet.player}" if sheet.player else "")
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))


def draw_plan(sheet: Sheet, card: ScoreCard | None = None, *, ax: Axes | None = None,
              show_routes: bool = True, problems: Sequence[Problem] | None = None,
              end_of_game: bool | None = None, ghosts: Sequence[Ghost] = ()) -> Axes:
    """Draw the annotated plan of ``sheet`` on ``ax`` (a new figure if None) and return it.

    With a score card: unreachable pieces hatched red, problem squares ringed red, room
    points and the routes of distance bonuses. Without one, the plan alone. ``end_of_game``
    (default: ``sheet.finished``) chooses how the card is read; see the module docstring.
    ``ghosts`` are candidate placements drawn see-through and numbered.
    """
    from .layout import layout

    if ax is None:
        return plan_figure(sheet, card, show_routes=show_routes, problems=problems,
                           end_of_game=end_of_game, ghosts=ghosts).axes[0]
    end_of_game = sheet.finished if end_of_game is None else end_of_game
    problems = shown_problems(card, problems)
    project = sheet.project
    lay = layout(sheet)
    frame(ax, project)
    cell_pt = cell_points(ax, project.width + 1.15, project.height + 1.15)
    current_area = _current_area(sheet, lay)

    _draw_floor(ax, sheet, lay, current_area)
    draw_house(ax, project, cell_pt=cell_pt, walls=False)
    hatched = unreachable_pieces(sheet, card, end_of_game)
    marked = {piece.index: number for number, piece in enumerate(hatched, 1)}
    _draw_pieces(ax, sheet, lay, marked, cell_pt)
    _draw_openings(ax, sheet, lay, cell_pt)
    _draw_room_labels(ax, sheet, card, lay, current_area, cell_pt)
    if card is not None and show_routes:
        _draw_routes(ax, card, lay, cell_pt)
    if ghosts:
        draw_ghosts(ax, ghosts, cell_pt)
    if card is not None:
        _ring_problems(ax, problems, end_of_game, cell_pt)
    return ax


def _room_types(sheet: Sheet) -> dict[str, str]:
    return {room.name: room.type for room in sheet.project.rooms}


def _current_area(sheet: Sheet, lay: Layout) -> set[Cell]:
    """The squares of the room being furnished, while it is not walled: its pieces'."""
    area: set[Cell] = set()
    for index, drawn in enumerate(sheet.pieces):
        if sheet.current_room and lay.piece_rooms[index] == sheet.current_room and not (
                drawn.placement.furniture & set(lay.room_at)):
            area |= drawn.placement.squares
    return area


def _draw_floor(ax: Axes, sheet: Sheet, lay: Layout, current_area: set[Cell]) -> None:
    """The hallway (not the room being furnished) and a light tint in each walled room."""
    from matplotlib.patches import Rectangle

    for x, y in sorted(lay.hallway - current_area):
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=HALLWAY_COLOR, edgecolor="none",
                               zorder=0.5, gid="hallway"))
    room_types = _room_types(sheet)
    for room in sheet.rooms:
        if room.finalized:
            color = room_color(room_types.get(room.name, "other"))
            ax.add_patch(patch(union(room.cells), facecolor=color, alpha=0.18,
                               edgecolor="none", zorder=0.5, gid=f"room-{room.name}"))


def _draw_pieces(ax: Axes, sheet: Sheet, lay: Layout, marked: dict[int, int],
                 cell_pt: float) -> None:
    """Rugs, then circulation dots, then furniture with its label; the ``marked``
    pieces (index -> number) hatched red and numbered as unreachable."""
    from matplotlib.patches import Circle

    for index, drawn in enumerate(sheet.pieces):
        if drawn.placement.piece.is_rug:
            ax.add_patch(patch(union(drawn.placement.furniture), facecolor="#f3e7cc",
                               edgecolor="#b08d57", hatch="xx", linewidth=0.8, zorder=2.5,
                               gid=f"rug-{index}", label=drawn.label))
    for cell in sorted(lay.circulation):
        ax.add_patch(Circle((cell[0] + 0.5, cell[1] + 0.5), 0.1, facecolor="#666666",
                            edgecolor="none", zorder=3, gid="circulation"))
    room_types = _room_types(sheet)
    for index, drawn in enumerate(sheet.pieces):
        placement = drawn.placement
        outline = union(placement.furniture)
        if not placement.piece.is_rug:
            color = room_color(room_types.get(lay.piece_rooms[index] or "", ""))
            ax.add_patch(patch(outline, facecolor=color, edgecolor="#333333",
                               linewidth=max(0.6, cell_pt * 0.04), zorder=4,
                               gid=f"piece-{index}", label=drawn.label))
        number = marked.get(index)
        if number is not None:
            _mark_unreachable(ax, index, placement, outline, number, cell_pt)
        lx, ly, w, h = label_spot(placement.furniture)
        text, size, rotation = fit_text(placement.piece.name, cell_pt * w, cell_pt * h,
                                        largest=min(8.0, cell_pt * 0.36), smallest=4.5)
        ax.text(lx, ly, text, ha="center", va="center", fontsize=size, rotation=rotation,
                zorder=9, gid=f"piece-label-{index}", color="#5a4020" if placement.piece.is_rug
                else "black")


def _mark_unreachable(ax: Axes, index: int, placement: Placement, outline: Any, number: int,
                      cell_pt: float) -> None:
    """Red hatching over a piece and its number (as in the panel) on its first square."""
    ax.add_patch(patch(outline, facecolor="none", edgecolor=PROBLEM_COLOR,
                       hatch="////", linewidth=1.2, zorder=4.5,
                       gid=f"unreachable-{index}"))
    first = min(placement.furniture, key=reading_order)
    ax.text(first[0] + 0.18, first[1] + 0.22, str(number), ha="center", va="center",
            fontsize=max(5.0, cell_pt * 0.3), color="white", fontweight="bold",
            zorder=10, bbox={"boxstyle": "circle,pad=0.15", "facecolor": PROBLEM_COLOR,
                             "edgecolor": "none"}, gid="unreachable-mark")


def _draw_openings(ax: Axes, sheet: Sheet, lay: Layout, cell_pt: float) -> None:
    """Walls with gaps for the openings, room doors, front doors (ringed) and windows."""
    from matplotlib.patches import Circle

    project = sheet.project
    exterior = project.exterior_walls()
    openings = set(lay.openings)
    windows = set(sheet.windows)
    draw_walls(ax, exterior - openings - windows, cell_pt, exterior=True)
    draw_walls(ax, lay.walls - exterior - openings - windows, cell_pt, exterior=False)
    for room in sheet.rooms:
        if room.finalized:
            for door in room.doors:
                inside = door.inside(room.cells) or door.outer
                _draw_door(ax, door, inside, cell_pt, gid=f"door-{room.name}")
    for door in sheet.front_doors:
        inside = door.inside(project.house) or door.outer
        _draw_door(ax, door, inside, cell_pt, gid="front-door-swing")
        (a, b) = segment(door)
        ax.add_patch(Circle(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 0.72, fill=False,
                            edgecolor=FRONT_DOOR_COLOR, linewidth=max(1.5, cell_pt * 0.12),
                            zorder=11, gid="front-door"))
    for window in sorted(windows, key=lambda e: e.key):
        _draw_window(ax, window, cell_pt, exterior=window in exterior)


def _draw_room_labels(ax: Axes, sheet: Sheet, card: ScoreCard | None, lay: Layout,
                      current_area: set[Cell], cell_pt: float) -> None:
    """The room being furnished (dashed outline, italic label), then each walled room's
    name and points, on the free squares where they are largest."""
    taken = set(lay.furniture_at) | set(lay.rug_squares)
    if sheet.current_room and current_area:
        ax.add_patch(patch(union(current_area), facecolor="none", edgecolor="#555555",
                           linestyle="--", linewidth=max(1.0, cell_pt * 0.06), zorder=7,
                           gid="current-room"))
        name = sheet.current_room
        lx, ly, text, size = label_place(
            frozenset(current_area), taken, (f"{name}: being furnished",
                                             f"{name}\nbeing furnished"),
            cell_pt, largest=max(5.0, cell_pt * 0.32), bold=False, avoid=lay.circulation)
        ax.text(lx, ly, text, ha="center", va="center", fontsize=size, style="italic",
                zorder=12, gid="current-room-label",
                bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "alpha": 0.85,
                      "edgecolor": "none"})

    points = {room.name: room for room in card.rooms} if card else {}
    for room in sheet.rooms:
        if not room.finalized:
            continue
        result = points.get(room.name)
        tails = [""]
        if result is not None:
            tail = f"\n{result.points} pt" + ("" if abs(result.points) == 1 else "s")
            if result.empty:
                tail += " (empty)"
            tails = [tail]
            later = result.points_if_connected
            if later is not None and later != result.points:
                worth = f"{later} pt{'' if abs(later) == 1 else 's'} if connected"
                tails = [f"{tail}\n{worth}", f"{tail}, {worth}"]
        words = room.name.split()
        options = [room.name + tail for tail in tails]
        if len(words) > 1:
            cut = (len(words) + 1) // 2
            options += [" ".join(words[:cut]) + "\n" + " ".join(words[cut:]) + tail
                        for tail in tails]
        lx, ly, label, size = label_place(room.cells, taken, options, cell_pt,
                                          largest=max(5.5, min(10.0, cell_pt * 0.4)),
                                          avoid=lay.circulation)
        ax.text(lx, ly, label, ha="center", va="center", fontsize=size,
                fontweight="bold", zorder=12, gid="room-label", color="#222222",
                bbox={"boxstyle": "round,pad=0.25", "facecolor": "white", "alpha": 0.8,
                      "edgecolor": "#888888", "linewidth": 0.5})


def _ring_problems(ax: Axes, problems: Sequence[Problem], end_of_game: bool,
                   cell_pt: float) -> None:
    """A red ring on each square a shown error names (once per square). In play only
    errors are ringed; unreachable pieces and rooms have their own hatching."""
    from matplotlib.patches import Circle

    ringed: set[Cell] = set()
    for problem in problems:
        if problem.code in _DRAWN_OTHERWISE or problem.severity == Severity.TODO or (
                not end_of_game and problem.severity != Severity.ERROR):
            continue
        for cell in problem.cells:
            if cell not in ringed:
                ringed.add(cell)
                ax.add_patch(Circle((cell[0] + 0.5, cell[1] + 0.5), 0.46, fill=False,
                                    edgecolor=PROBLEM_COLOR,
                                    linewidth=max(1.2, cell_pt * 0.09), zorder=13,
                                    gid="problem"))


def _rectangles(free: frozenset[Cell]) -> list[tuple[int, int, int, int]]:
    """Every rectangle of ``free`` squares that cannot grow downwards: (x, y, w, h)."""
    found = []
    for x0, y0 in sorted(free, key=reading_order):
        width = 0
        while (x0 + width, y0) in free:
            width += 1
            height = 1
            while all((x, y0 + height) in free for x in range(x0, x0 + width)):
                height += 1
            found.append((x0, y0, width, height))
    return found


def _text_extent(text: str, *, bold: bool) -> tuple[float, float]:
    """Width and height of ``text`` at font size 1 (in points), box padding included."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    font = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal",
                          style="normal" if bold else "italic", size=10)
    lines = text.split("\n")
    widest = max(TextToPath().get_text_width_height_descent(line, font, False)[0]
                 for line in lines) / 10
    # three lines and more come out a little taller than their line spacing says
    return widest + 0.6, 1.2 * len(lines) + 0.5 + (0.3 if len(lines) > 2 else 0.0)


def _label_size(extent: tuple[float, float], width_pt: float, height_pt: float) -> float:
    """The largest font size at which a text of that extent fits that box."""
    return min(width_pt * 0.94 / extent[0], height_pt * 0.92 / extent[1])


def label_place(
    cells: frozenset[Cell], taken: Iterable[Cell], texts: Sequence[str], cell_pt: float, *,
    largest: float, bold: bool = True, avoid: Iterable[Cell] = (),
) -> tuple[float, float, str, float]:
    """Where and how to write a label inside a group of squares: centre x, y, the text
    (one of ``texts``) and its font size.

    Picks the rectangle of squares not ``taken`` (furniture) where the label is largest
    (then the biggest, with fewest ``avoid`` squares, nearest the middle); with no free
    square, the square nearest the middle of the group. The font shrinks to fit.
    """
    free = frozenset(cells) - frozenset(taken)
    avoided = frozenset(avoid)
    cx = sum(x for x, _ in cells) / len(cells) + 0.5
    cy = sum(y for _, y in cells) / len(cells) + 0.5
    spots = _rectangles(free)
    if not spots:
        x, y = middle_square(cells)
        spots = [(x, y, 1, 1)]
    extents = [(text, _text_extent(text, bold=bold)) for text in texts]
    best: tuple[Any, ...] | None = None
    for x, y, w, h in spots:
        middle = (x + w / 2, y + h / 2)
        crowd = sum(1 for i in range(w) for j in range(h) if (x + i, y + j) in avoided)
        for text, extent in extents:
            size = min(largest, _label_size(extent, w * cell_pt, h * cell_pt))
            rank = (-round(size, 1), -w * h, crowd,
                    round((middle[0] - cx) ** 2 + (middle[1] - cy) ** 2, 6), y, x)
            if best is None or rank < best[0]:
                best = (rank, middle[0], middle[1], text, size)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def _draw_door(ax: Axes, door: Edge, inside: Cell, cell_pt: float, *, gid: str) -> None:
    """A door leaf and its quarter-circle swing into ``inside``."""
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
    ax.add_line(Line2D([hinge[0], tip[0]], [hinge[1], tip[1]], color=WALL_COLOR,
                       linewidth=width * 1.6, zorder=8.5, gid=gid))
    ax.add_line(Line2D([p[0] for p in arc], [p[1] for p in arc], color=WALL_COLOR,
                       linewidth=width, linestyle=(0, (2, 1.5)), zorder=8.5, gid=gid))


def _draw_window(ax: Axes, window: Edge, cell_pt: float, *, exterior: bool) -> None:
    """A window: a gap in the wall bridged by two thin parallel lines."""
    from matplotlib.lines import Line2D

    (x0, y0), (x1, y1) = segment(window)
    horizontal = y0 == y1
    offset = 0.06
    for shift in (-offset, offset):
        xs = [x0, x1] if horizontal else [x0 + shift, x1 + shift]
        ys = [y0 + shift, y1 + shift] if horizontal else [y0, y1]
        ax.add_line(Line2D(xs, ys, color="#1f5fa0", linewidth=max(0.6, cell_pt * 0.035),
                           zorder=9, gid="window"))
    ax.add_line(Line2D([x0, x1], [y0, y1], color="#cfe6f7", linewidth=max(1.0, cell_pt * 0.09),
                       zorder=8.8, solid_capstyle="butt", gid="window"))
    if not exterior:
        ax.add_line(Line2D([x0, x1], [y0, y1], color=PROBLEM_COLOR, linewidth=1.0,
                           linestyle=":", zorder=9.2, gid="window"))


def _draw_routes(ax: Axes, card: ScoreCard, lay: Layout, cell_pt: float) -> None:
    from matplotlib.lines import Line2D

    furniture = set(lay.furniture_at)
    for number, bonus in enumerate(card.bonuses):
        for route in bonus.routes:
            if not route:
                continue
            cells = [(int(c[0]), int(c[1])) for c in route]
            xs = [x + 0.5 for x, _ in cells]
            ys = [y + 0.5 for _, y in cells]
            ax.add_line(Line2D(xs, ys, color=ROUTE_COLOR, linewidth=max(1.2, cell_pt * 0.08),
                               alpha=0.75, solid_capstyle="round", solid_joinstyle="round",
                               marker="o", markersize=max(2.0, cell_pt * 0.12), zorder=10,
                               gid=f"route-{number}"))
            count = sum(1 for c in cells if c not in furniture)
            middle = cells[len(cells) // 2]
            ax.text(middle[0] + 0.5, middle[1] + 0.5, str(count), ha="center", va="center",
                    fontsize=max(5.0, cell_pt * 0.3), color="white", fontweight="bold",
                    zorder=10.5, gid=f"route-count-{number}",
                    bbox={"boxstyle": "round,pad=0.2", "facecolor": ROUTE_COLOR,
                          "edgecolor": "none"})


#: where a ghost's number goes in a square already holding 0, 1, 2... numbers
_BADGE_SPOTS = ((0.5, 0.5), (0.22, 0.78), (0.78, 0.78), (0.78, 0.22), (0.22, 0.22))


def draw_ghosts(ax: Axes, ghosts: Sequence[Ghost], cell_pt: float) -> None:
    """Candidate placements, see-through: a pale fill with a dashed outline, hollow
    circulation dots and the candidate's number in a badge (on a square no earlier
    badge uses)."""
    from matplotlib.patches import Circle

    used: dict[Cell, int] = {}
    for rank, (number, placement) in enumerate(ghosts[:MAX_GHOSTS]):
        gid = f"ghost-{number}"
        shape = union(placement.furniture)
        ax.add_patch(patch(shape, facecolor=GHOST_COLOR, alpha=0.22,
                           edgecolor="none", zorder=13.5, gid=gid))
        # successive outlines inset a little, so overlapping candidates stay apart
        outline = shape.buffer(-0.05 * (rank % 4), join_style="mitre")
        ax.add_patch(patch(outline, facecolor="none",
                           edgecolor=GHOST_COLOR, linestyle=(0, (4, 2)),
                           linewidth=max(1.0, cell_pt * 0.07), zorder=13.6,
                           gid=f"ghost-outline-{number}"))
        for x, y in sorted(placement.circulation):
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.16, facecolor="none",
                                edgecolor=GHOST_COLOR, linewidth=max(0.8, cell_pt * 0.05),
                                zorder=13.6, gid=f"ghost-circulation-{number}"))
        spot = min(placement.furniture, key=lambda c: (used.get(c, 0), *reading_order(c)))
        dx, dy = _BADGE_SPOTS[used.get(spot, 0) % len(_BADGE_SPOTS)]
        crowded = spot in used
        used[spot] = used.get(spot, 0) + 1
        ax.text(spot[0] + dx, spot[1] + dy, number, ha="center", va="center",
                fontsize=max(4.5, cell_pt * (0.26 if crowded else 0.36)), color="white",
                fontweight="bold",
                zorder=14, gid=f"ghost-number-{number}",
                bbox={"boxstyle": "circle,pad=0.2", "facecolor": GHOST_COLOR,
                      "edgecolor": "white", "linewidth": 0.8})


def placements_figure(sheet: Sheet, found: Sequence[tuple[Piece, Sequence[Any]]], *,
                      top: int = 3, per_piece: bool = False) -> Figure:
    """The plan with candidate placements ghosted (see :func:`draw_ghosts`).

    ``found`` pairs each piece with its candidates, best first (anything with a
    ``.placement``, such as :class:`homestaging.placement.Candidate`). One piece: its
    first ``top`` candidates (all if 0; at most five), numbered by rank as in the text
    list. ``per_piece`` (a card): the best candidate of each piece, numbered by piece.
    Raises ValueError when there is nothing to draw.
    """
    ghosts: list[Ghost] = []
    legend: list[str] = []
    if per_piece:
        for number, (piece, candidates) in enumerate(found[:MAX_GHOSTS], 1):
            if candidates:
                ghosts.append((str(number), candidates[0].placement))
                legend.append(f"{number}: best placement of {piece.name}")
            else:
                legend.append(f"{number}: {piece.name} has no legal placement")
    elif found:
        piece, candidates = found[0]
        count = min(top if top > 0 else MAX_GHOSTS, MAX_GHOSTS, len(candidates))
        ghosts = [(str(rank), c.placement) for rank, c in enumerate(candidates[:count], 1)]
        if count == 1:
            legend.append(f"1: best placement of {piece.name}")
        elif count:
            legend.append(f"1-{count}: best placements of {piece.name}")
    if not ghosts:
        raise ValueError("no legal placement to preview")
    return plan_figure(sheet, None, show_routes=False, ghosts=ghosts, legend=legend)


def save_placements(sheet: Sheet, path: str | Path, found: Sequence[tuple[Piece, Sequence[Any]]],
                    *, top: int = 3, per_piece: bool = False, dpi: int = 150) -> None:
    """Write :func:`placements_figure` (``.png``, ``.svg`` or ``.pdf``)."""
    fmt = image_format(path)
    fig = placements_figure(sheet, found, top=top, per_piece=per_piece)
    title = f"{sheet.project.name} - placements"
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))




# ---------------------------------------------------------------------------- panel


_STYLES: dict[str, dict[str, Any]] = {
    "title": {"fontsize": 11, "fontweight": "bold"},
    "head": {"fontsize": 9, "fontweight": "bold"},
    "plain": {"fontsize": 8},
    "dim": {"fontsize": 8, "color": "#888888"},
    "note": {"fontsize": 8, "style": "italic", "color": "#555555"},
    "warn": {"fontsize": 8, "color": PROBLEM_COLOR},
    "total": {"fontsize": 10, "fontweight": "bold"},
    "ghost": {"fontsize": 8, "color": GHOST_COLOR},
}


def _draw_panel(ax: Axes, lines: Sequence[Line], step: float) -> None:
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    y = 1.0 - step * 1.2
    for left, right, style in lines:
        options = _STYLES[style]
        if style in ("head", "total"):
            y -= step * 0.3
        ax.text(0.03, y, left, ha="left", va="baseline", gid="panel", **options)
        if right:
            ax.text(0.95, y, right, ha="right", va="baseline", gid="panel", **options)
        if style == "total":
            ax.plot([0.03, 0.95], [y + step * 0.85] * 2, color="#333333", linewidth=0.6)
        y -= step
