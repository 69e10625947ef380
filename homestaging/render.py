"""Pictures of plans and pieces, drawn with matplotlib.

This module and :mod:`homestaging.printing` are the only ones that import matplotlib,
and only the commands that draw import them. Nothing here uses pyplot: figures are
plain :class:`matplotlib.figure.Figure` objects saved through their own canvas, so the
same input always gives the same bytes.

Public functions:

* ``draw_plan(sheet, card=None, *, ax=None, show_routes=True, problems=None, final=None,
  ghosts=()) -> Axes`` draws the annotated plan on ``ax`` (or on a new figure with a
  score panel beside it).
* ``plan_figure(sheet, card=None, ...) -> Figure`` the plan and its panel.
* ``save_plan(sheet, path, card=None, *, dpi=150, ...)`` writes ``.png``, ``.svg`` or
  ``.pdf`` (anything else raises ValueError naming the allowed extensions).
* ``placements_figure(sheet, found, *, top=3, per_piece=False)`` and ``save_placements``:
  the plan with candidate placements ghosted and numbered (``place -o``);
  ``draw_ghosts(ax, ghosts, cell_pt)`` draws them on a plan.
* ``draw_house(ax, project)`` the sheet grid and the house as the project pre-draws it.
* ``draw_piece(piece, ax, *, rotation=0, mirror=False)`` and ``save_piece(piece, path)``
  (the piece's distinct rotations side by side).

Finished and unfinished sheets. ``final`` (default ``sheet.finished``) says how the
picture reads the sheet; score it the same way (``scoring.score(sheet, final=...)``).
Final: the card's problems are listed as errors and ringed, every unreachable piece is
hatched, the panel gives the (possibly provisional) score. Not final (mid-game), the
picture follows ``check``: errors are ringed and listed, end-game requirements (severity
``todo``) are listed under "Still to do"; rooms not walled yet are "not walled yet" (or
"being furnished") with no points; pieces are hatched unreachable only when the house
has a front door and their room is walled; the panel says "Score so far (mid-game)".

Labels of rooms and of the room being furnished sit inside the room's squares, on the
free rectangle where they are largest (:func:`label_place`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import ERROR, TODO, Problem
from .grid import Cell, Edge, column_name, parse_cell
from .output import write_atomic
from .pieces import Piece, Shape
from .project import Project

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .pieces import Placement
    from .scoring import PieceScore, ScoreCard
    from .sheet import Sheet

__all__ = [
    "FORMATS",
    "GHOST_COLOR",
    "ROOM_COLORS",
    "Ghost",
    "cell_points",
    "draw_ghosts",
    "draw_house",
    "draw_piece",
    "draw_plan",
    "figure_bytes",
    "label_place",
    "placements_figure",
    "plan_figure",
    "save_piece",
    "save_placements",
    "save_plan",
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
HALLWAY_COLOR = "#dcf2d6"
FRONT_DOOR_COLOR = "#f28c28"
ROUTE_COLOR = "#7b3fa0"
PROBLEM_COLOR = "#d62728"
OBSTACLE_COLOR = "#d9d9d9"
GHOST_COLOR = "#1f77b4"
#: at most this many candidate placements are drawn on one plan
MAX_GHOSTS = 5

#: A candidate placement to draw see-through: its number and where it would go.
Ghost = tuple[str, "Placement"]

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

#: rcParams for deterministic files with embedded TrueType fonts.
RC_PARAMS: Any = {
    "pdf.fonttype": 42,
    "ps.fonttype": 42,
    "svg.hashsalt": "homestaging",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "hatch.linewidth": 0.6,
    "path.simplify": False,
}


# ---------------------------------------------------------------------------- geometry


def _segment(edge: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of an edge in sheet coordinates (x right, y down)."""
    x, y, side = edge.key
    if side == "n":
        return (x, y), (x + 1, y)
    return (x, y), (x, y + 1)


def _union(cells: Iterable[Cell]) -> Any:
    """The squares as one shapely geometry."""
    import shapely
    from shapely.ops import unary_union

    return unary_union([shapely.box(x, y, x + 1, y + 1) for x, y in sorted(cells)])


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


def _patch(geometry: Any, **style: Any) -> Any:
    from matplotlib.patches import PathPatch

    return PathPatch(_path(geometry), **style)


def _lines(edges: Iterable[Edge]) -> list[list[tuple[float, float]]]:
    """Edges merged into the fewest polylines (sorted, so the drawing order is fixed)."""
    from shapely.geometry import MultiLineString
    from shapely.ops import linemerge

    segments = sorted({_segment(edge) for edge in edges})
    if not segments:
        return []
    merged = linemerge(MultiLineString(segments))
    lines = list(getattr(merged, "geoms", [merged]))
    return sorted([(float(x), float(y)) for x, y in line.coords] for line in lines)


def _label_spot(cells: frozenset[Cell]) -> tuple[float, float, float, float]:
    """Where to write in a group of squares: centre x, y and the room there (w, h)."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if len(cells) == width * height:
        return min(xs) + width / 2, min(ys) + height / 2, width, height
    cx, cy = sum(xs) / len(xs) + 0.5, sum(ys) / len(ys) + 0.5
    best = min(cells, key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2, c[1], c[0]))
    run_x = [x for x in range(min(xs), max(xs) + 1) if (x, best[1]) in cells]
    run_y = [y for y in range(min(ys), max(ys) + 1) if (best[0], y) in cells]
    row = _run(run_x, best[0])
    column = _run(run_y, best[1])
    if len(row) >= len(column):
        return row[0] + len(row) / 2, best[1] + 0.5, len(row), 1
    return best[0] + 0.5, column[0] + len(column) / 2, 1, len(column)


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


def _frame(ax: Axes, project: Project, margin: float = 1.0) -> None:
    ax.set_xlim(-margin, project.width + 0.15)
    ax.set_ylim(project.height + 0.15, -margin)
    ax.set_aspect("equal")
    ax.set_axis_off()


def _feature_style(kind: str) -> dict[str, Any]:
    return _FEATURE_STYLES[_FEATURE_KINDS.get(kind.lower(), "other")]


def draw_house(
    ax: Axes,
    project: Project,
    *,
    cell_pt: float | None = None,
    coordinates: bool = True,
    feature_labels: bool = True,
    grid_everywhere: bool = True,
    walls: bool = True,
) -> float:
    """Draw the sheet's grid, coordinates, features, obstacles and the house's walls.

    Sets the axes' limits (one square of margin for the coordinates) and returns the
    size of a square in points (``cell_pt`` if given).
    """
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle, Rectangle

    _frame(ax, project, 1.0 if coordinates else 0.15)
    if cell_pt is None:
        cell_pt = cell_points(ax, project.width + (1.15 if coordinates else 0.3),
                              project.height + (1.15 if coordinates else 0.3))
    width, height = project.width, project.height

    for feature in project.features:
        kind = feature.kind.lower()
        if kind == "tree":
            for x, y in sorted(feature.cells):
                ax.add_patch(Circle((x + 0.5, y + 0.38), 0.3, facecolor="#7cbf5a",
                                    edgecolor="#38761d", linewidth=max(0.4, cell_pt * 0.03),
                                    zorder=1, gid=f"feature-{kind}"))
        else:
            style = _feature_style(kind)
            ax.add_patch(_patch(_union(feature.cells), facecolor=style["facecolor"],
                                edgecolor=style["edgecolor"], hatch=style["hatch"],
                                linewidth=max(0.4, cell_pt * 0.03), zorder=1,
                                gid=f"feature-{kind}"))
        if feature_labels:
            _feature_label(ax, feature.label, feature.cells, kind, cell_pt)

    for cell in sorted(project.obstacles):
        x, y = cell
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=OBSTACLE_COLOR, edgecolor="#555555",
                               hatch="////", linewidth=0.6, zorder=2, gid="obstacle"))

    xs = range(0, width + 1) if grid_everywhere else range(0)
    ys = range(0, height + 1) if grid_everywhere else range(0)
    grid = [[(x, 0), (x, height)] for x in xs] + [[(0, y), (width, y)] for y in ys]
    ax.add_collection(LineCollection(grid, colors=GRID_COLOR, linewidths=max(0.3, cell_pt * 0.02),
                                     zorder=1.5))

    if coordinates:
        size = min(9.0, max(4.5, cell_pt * 0.42))
        for x in range(width):
            ax.text(x + 0.5, -0.45, column_name(x), ha="center", va="center", fontsize=size,
                    color="#444444", gid="coordinate")
        for y in range(height):
            ax.text(-0.45, y + 0.5, str(y + 1), ha="center", va="center", fontsize=size,
                    color="#444444", gid="coordinate")

    if walls:
        _draw_walls(ax, project.exterior_walls(), cell_pt, exterior=True)
        _draw_walls(ax, project.walls, cell_pt, exterior=False)
    return cell_pt


def _feature_label(ax: Axes, label: str, cells: frozenset[Cell], kind: str, cell_pt: float) -> None:
    x, y, w, h = _label_spot(cells)
    if kind == "tree":
        if len(cells) > 1:
            return
        text, size, rotation = fit_text(label, cell_pt * 0.98, cell_pt * 0.36,
                                        largest=cell_pt * 0.3, smallest=3.0)
        ax.text(x, y + 0.34, text, ha="center", va="center", fontsize=size, color="#1d4d10",
                zorder=6, gid="feature-label")
        return
    text, size, rotation = fit_text(label, cell_pt * w, cell_pt * h,
                                    largest=min(10.0, cell_pt * 0.45), smallest=3.5)
    ax.text(x, y, text, ha="center", va="center", fontsize=size, rotation=rotation,
            color="#333333", style="italic", zorder=6, gid="feature-label")


def _draw_walls(
    ax: Axes, edges: Iterable[Edge], cell_pt: float, *, exterior: bool, dashed: bool = False
) -> None:
    from matplotlib.collections import LineCollection

    lines = _lines(edges)
    if not lines:
        return
    width = cell_pt * (0.16 if exterior else 0.09)
    ax.add_collection(LineCollection(
        lines, colors=WALL_COLOR, linewidths=max(1.0, width), capstyle="projecting",
        joinstyle="miter", linestyles="--" if dashed else "-", zorder=8,
        gid="exterior-walls" if exterior else "walls"))


# ---------------------------------------------------------------------------- pieces


def _shape_patches(ax: Axes, shape: Shape, origin: tuple[float, float], color: str,
                   cell_pt: float, label: str | None) -> None:
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle

    ox, oy = origin
    furniture = frozenset((x + int(ox), y + int(oy)) for x, y in shape.furniture)
    ax.add_patch(_patch(_union(furniture), facecolor=color, edgecolor="#333333",
                        linewidth=max(0.6, cell_pt * 0.04), zorder=4, gid="piece"))
    for x, y in sorted(shape.circulation):
        ax.add_patch(Circle((x + ox + 0.5, y + oy + 0.5), 0.12, facecolor="#555555",
                            edgecolor="none", zorder=5, gid="circulation"))
    wall = []
    for side in sorted(shape.wall):
        # the extreme row or column of furniture on that side stands against the wall
        axis, sign = {"n": (1, -1), "s": (1, 1), "w": (0, -1), "e": (0, 1)}[side]
        extreme = max(sign * c[axis] for c in shape.furniture)
        for x, y in sorted(shape.furniture):
            if sign * (x, y)[axis] == extreme:
                wall.append(_segment(Edge((x + int(ox), y + int(oy)), side)))
    if wall:
        ax.add_collection(LineCollection(sorted(wall), colors=WALL_COLOR,
                                         linewidths=max(1.5, cell_pt * 0.16),
                                         capstyle="projecting", zorder=8, gid="wall-side"))
    if label:
        lx, ly, w, h = _label_spot(furniture)
        text, size, rotation = fit_text(label, cell_pt * w, cell_pt * h,
                                        largest=min(9.0, cell_pt * 0.4))
        ax.text(lx, ly, text, ha="center", va="center", fontsize=size, rotation=rotation,
                zorder=9, gid="piece-label")


def draw_piece(piece: Piece, ax: Axes, *, rotation: int = 0, mirror: bool = False,
               origin: tuple[int, int] = (0, 0), color: str | None = None,
               label: bool = True) -> Axes:
    """Draw one orientation of a piece with its top-left square at ``origin``:
    furniture filled, circulation as dots, wall sides as thick lines."""
    shape = piece.shape(rotation, mirror)
    fill = color or (ROOM_COLORS.get(piece.tags[0], NO_ROOM_COLOR) if piece.tags else NO_ROOM_COLOR)
    if piece.is_rug:
        fill = "#efe3c8"
    cell_pt = cell_points(ax, *_extent(ax))
    _shape_grid(ax, shape, origin, cell_pt)
    _shape_patches(ax, shape, (origin[0], origin[1]), fill, cell_pt,
                   piece.name if label else None)
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
    """A figure of a piece's distinct unmirrored rotations side by side, captioned."""
    from matplotlib.figure import Figure

    shapes = [o for o in piece.orientations if not o.mirror]
    columns = sum(o.shape.width for o in shapes) + len(shapes) - 1
    rows = max(o.shape.height for o in shapes)
    fig = Figure(figsize=((columns + 1) * square_in, (rows + 2.2) * square_in))
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(-0.5, columns + 0.5)
    ax.set_ylim(rows + 1.0, -1.2)
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
    return fig


def save_piece(piece: Piece, path: str | Path, *, dpi: int = 120) -> None:
    """Write a picture of a piece in its rotations (``.png``, ``.svg`` or ``.pdf``)."""
    write_atomic(path, figure_bytes(piece_figure(piece), _format(path), dpi=dpi))


# ---------------------------------------------------------------------------- files


def _format(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"cannot write {str(path)!r}: expected a file name ending in "
                         f"{', '.join(FORMATS)}")
    return suffix[1:]


def figure_bytes(fig: Figure, fmt: str, *, dpi: int = 150, title: str = "",
                 subject: str = "") -> bytes:
    """The figure as PNG, SVG or PDF bytes, with fixed metadata (no dates)."""
    import matplotlib

    buffer = io.BytesIO()
    metadata: dict[str, Any]
    with matplotlib.rc_context(RC_PARAMS):
        if fmt == "png":
            from matplotlib.backends.backend_agg import FigureCanvasAgg

            metadata = {"Title": title, "Software": "homestaging"} if title else {
                "Software": "homestaging"}
            FigureCanvasAgg(fig)
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


# ---------------------------------------------------------------------------- plans


def plan_figure(sheet: Sheet, card: ScoreCard | None = None, *, show_routes: bool = True,
                square_in: float = 0.34, problems: Sequence[Problem] | None = None,
                final: bool | None = None, ghosts: Sequence[Ghost] = (),
                legend: Sequence[str] = ()) -> Figure:
    """The annotated plan with a score panel beside it (see :func:`draw_plan`);
    ``legend`` lines close the panel."""
    from matplotlib.figure import Figure

    project = sheet.project
    final = sheet.finished if final is None else final
    problems = _problems(sheet, card, problems, final)
    lines = _panel_lines(sheet, card, problems, final)
    if legend:
        lines.append(("Placements", "", "head"))
        lines.extend((f"  {line}", "", "ghost") for line in legend)
    plan_w = (project.width + 1.3) * square_in
    plan_h = (project.height + 1.3) * square_in
    panel_w = 3.3
    line_in = 0.19
    panel_h = 0.5 + line_in * len(lines)
    height = max(plan_h, panel_h)
    width = plan_w + panel_w
    fig = Figure(figsize=(width, height))
    ax = fig.add_axes((0.0, (height - plan_h) / height, plan_w / width, plan_h / height))
    draw_plan(sheet, card, ax=ax, show_routes=show_routes, problems=problems, final=final,
              ghosts=ghosts)
    panel = fig.add_axes((plan_w / width, 0.0, panel_w / width, 1.0))
    _draw_panel(panel, lines, line_in / height)
    return fig


def save_plan(sheet: Sheet, path: str | Path, card: ScoreCard | None = None, *,
              show_routes: bool = True, dpi: int = 150, problems: Sequence[Problem] | None = None,
              final: bool | None = None, ghosts: Sequence[Ghost] = (),
              legend: Sequence[str] = ()) -> None:
    """Write the annotated plan; the format follows the extension (.png, .svg, .pdf)."""
    fmt = _format(path)
    fig = plan_figure(sheet, card, show_routes=show_routes, problems=problems, final=final,
                      ghosts=ghosts, legend=legend)
    title = f"{sheet.project.name}" + (f" - {sheet.player}" if sheet.player else "")
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))


def draw_plan(sheet: Sheet, card: ScoreCard | None = None, *, ax: Axes | None = None,
              show_routes: bool = True, problems: Sequence[Problem] | None = None,
              final: bool | None = None, ghosts: Sequence[Ghost] = ()) -> Axes:
    """Draw the annotated plan of ``sheet`` on ``ax`` (a new figure if None) and return it.

    With a score card: unreachable pieces hatched red, problem squares ringed red, room
    points and the routes of distance bonuses. Without one, the plan alone. ``final``
    (default: ``sheet.finished``) chooses how the card is read; see the module docstring.
    ``ghosts`` are candidate placements drawn see-through and numbered.
    """
    from matplotlib.patches import Circle, Rectangle

    from .layout import layout

    final = sheet.finished if final is None else final
    problems = _problems(sheet, card, problems, final)
    if ax is None:
        return plan_figure(sheet, card, show_routes=show_routes, problems=problems,
                           final=final, ghosts=ghosts).axes[0]
    project = sheet.project
    lay = layout(sheet)
    _frame(ax, project)
    cell_pt = cell_points(ax, project.width + 1.15, project.height + 1.15)

    room_types = {room.name: room.type for room in project.rooms}
    current_area: set[Cell] = set()
    for index, drawn in enumerate(sheet.pieces):
        if sheet.current_room and lay.piece_rooms[index] == sheet.current_room and not (
                drawn.placement.furniture & set(lay.room_at)):
            current_area |= drawn.placement.squares

    # Floor: hallway and rooms.
    hallway = sorted(lay.hallway - current_area)
    for x, y in hallway:
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=HALLWAY_COLOR, edgecolor="none",
                               zorder=0.5, gid="hallway"))
    for room in sheet.rooms:
        if room.finalized:
            color = ROOM_COLORS.get(room_types.get(room.name, "other"), NO_ROOM_COLOR)
            ax.add_patch(_patch(_union(room.cells), facecolor=color, alpha=0.18,
                                edgecolor="none", zorder=0.5, gid=f"room-{room.name}"))

    draw_house(ax, project, cell_pt=cell_pt, walls=False)

    marked = {p.index: number for number, p in enumerate(_unreachable(sheet, card, final), 1)}
    # Rugs under the furniture.
    for index, drawn in enumerate(sheet.pieces):
        if drawn.placement.piece.is_rug:
            ax.add_patch(_patch(_union(drawn.placement.furniture), facecolor="#f3e7cc",
                                edgecolor="#b08d57", hatch="xx", linewidth=0.8, zorder=2.5,
                                gid=f"rug-{index}", label=drawn.label))
    # Circulation squares.
    for cell in sorted(lay.circulation):
        ax.add_patch(Circle((cell[0] + 0.5, cell[1] + 0.5), 0.1, facecolor="#666666",
                            edgecolor="none", zorder=3, gid="circulation"))
    # Furniture.
    for index, drawn in enumerate(sheet.pieces):
        placement = drawn.placement
        room_name = lay.piece_rooms[index]
        color = ROOM_COLORS.get(room_types.get(room_name or "", ""), NO_ROOM_COLOR)
        outline = _union(placement.furniture)
        if not placement.piece.is_rug:
            ax.add_patch(_patch(outline, facecolor=color, edgecolor="#333333",
                                linewidth=max(0.6, cell_pt * 0.04), zorder=4,
                                gid=f"piece-{index}", label=drawn.label))
        number = marked.get(index)
        if number is not None:
            ax.add_patch(_patch(outline, facecolor="none", edgecolor=PROBLEM_COLOR,
                                hatch="////", linewidth=1.2, zorder=4.5,
                                gid=f"unreachable-{index}"))
            first = min(placement.furniture, key=lambda c: (c[1], c[0]))
            ax.text(first[0] + 0.18, first[1] + 0.22, str(number), ha="center", va="center",
                    fontsize=max(5.0, cell_pt * 0.3), color="white", fontweight="bold",
                    zorder=10, bbox={"boxstyle": "circle,pad=0.15", "facecolor": PROBLEM_COLOR,
                                     "edgecolor": "none"}, gid="unreachable-mark")
        lx, ly, w, h = _label_spot(placement.furniture)
        text, size, rotation = fit_text(placement.piece.name, cell_pt * w, cell_pt * h,
                                        largest=min(8.0, cell_pt * 0.36), smallest=4.5)
        ax.text(lx, ly, text, ha="center", va="center", fontsize=size, rotation=rotation,
                zorder=9, gid=f"piece-label-{index}", color="#5a4020" if placement.piece.is_rug
                else "black")

    # Walls, doors and windows.
    exterior = project.exterior_walls()
    openings = set(lay.openings)
    windows = set(sheet.windows)
    _draw_walls(ax, exterior - openings - windows, cell_pt, exterior=True)
    _draw_walls(ax, lay.walls - exterior - openings - windows, cell_pt, exterior=False)
    for room in sheet.rooms:
        if room.finalized:
            for door in room.doors:
                inside = door.cell if door.cell in room.cells else door.outer
                _draw_door(ax, door, inside, cell_pt, gid=f"door-{room.name}")
    for door in sheet.front_doors:
        inside = door.cell if door.cell in project.house else door.outer
        _draw_door(ax, door, inside, cell_pt, gid="front-door-swing")
        (a, b) = _segment(door)
        ax.add_patch(Circle(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 0.72, fill=False,
                            edgecolor=FRONT_DOOR_COLOR, linewidth=max(1.5, cell_pt * 0.12),
                            zorder=11, gid="front-door"))
    for window in sorted(windows, key=lambda e: e.key):
        _draw_window(ax, window, cell_pt, exterior=window in exterior)

    taken = set(lay.furniture_at) | set(lay.rug_squares)
    # The room being furnished.
    if sheet.current_room and current_area:
        ax.add_patch(_patch(_union(current_area), facecolor="none", edgecolor="#555555",
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

    # Room names and points.
    points = {room.name: room for room in card.rooms} if card else {}
    for room in sheet.rooms:
        if not room.finalized:
            continue
        result = points.get(room.name)
        tail = ""
        if result is not None:
            tail = f"\n{result.points} pt" + ("" if abs(result.points) == 1 else "s")
            if result.empty:
                tail += " (empty)"
        options = [room.name + tail]
        words = room.name.split()
        if len(words) > 1:
            cut = (len(words) + 1) // 2
            options.append(" ".join(words[:cut]) + "\n" + " ".join(words[cut:]) + tail)
        lx, ly, label, size = label_place(room.cells, taken, options, cell_pt,
                                          largest=max(5.5, min(10.0, cell_pt * 0.4)),
                                          avoid=lay.circulation)
        ax.text(lx, ly, label, ha="center", va="center", fontsize=size,
                fontweight="bold", zorder=12, gid="room-label", color="#222222",
                bbox={"boxstyle": "round,pad=0.25", "facecolor": "white", "alpha": 0.8,
                      "edgecolor": "#888888", "linewidth": 0.5})

    if card is not None and show_routes:
        _draw_routes(ax, card, lay, cell_pt)
    if ghosts:
        draw_ghosts(ax, ghosts, cell_pt)
    if card is not None:
        ringed: set[Cell] = set()
        for problem in problems:
            if problem.code in _DRAWN_OTHERWISE or problem.severity == TODO or (
                    not final and problem.severity != ERROR):
                continue
            for name in problem.cells:
                try:
                    cell = parse_cell(name)
                except ValueError:
                    continue
                if cell not in ringed:
                    ringed.add(cell)
                    ax.add_patch(Circle((cell[0] + 0.5, cell[1] + 0.5), 0.46, fill=False,
                                        edgecolor=PROBLEM_COLOR,
                                        linewidth=max(1.2, cell_pt * 0.09), zorder=13,
                                        gid="problem"))
    return ax


def _rectangles(free: frozenset[Cell]) -> list[tuple[int, int, int, int]]:
    """Every rectangle of ``free`` squares that cannot grow downwards: (x, y, w, h)."""
    found = []
    for x0, y0 in sorted(free, key=lambda c: (c[1], c[0])):
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
    return widest + 0.6, 1.2 * len(lines) + 0.5


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
        x, y = min(cells, key=lambda c: ((c[0] + 0.5 - cx) ** 2 + (c[1] + 0.5 - cy) ** 2,
                                         c[1], c[0]))
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

    (ax0, ay0), (bx, by) = _segment(door)
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

    (x0, y0), (x1, y1) = _segment(window)
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


def _draw_routes(ax: Axes, card: ScoreCard, lay: Any, cell_pt: float) -> None:
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
        ax.add_patch(_patch(_union(placement.furniture), facecolor=GHOST_COLOR, alpha=0.22,
                            edgecolor="none", zorder=13.5, gid=gid))
        # successive outlines inset a little, so overlapping candidates stay apart
        outline = _union(placement.furniture).buffer(-0.05 * (rank % 4), join_style="mitre")
        ax.add_patch(_patch(outline, facecolor="none",
                            edgecolor=GHOST_COLOR, linestyle=(0, (4, 2)),
                            linewidth=max(1.0, cell_pt * 0.07), zorder=13.6,
                            gid=f"ghost-outline-{number}"))
        for x, y in sorted(placement.circulation):
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.16, facecolor="none",
                                edgecolor=GHOST_COLOR, linewidth=max(0.8, cell_pt * 0.05),
                                zorder=13.6, gid=f"ghost-circulation-{number}"))
        spot = min(placement.furniture, key=lambda c: (used.get(c, 0), c[1], c[0]))
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
    fmt = _format(path)
    fig = placements_figure(sheet, found, top=top, per_piece=per_piece)
    title = f"{sheet.project.name} - placements"
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))


# ---------------------------------------------------------------------------- panel

_Line = tuple[str, str, str]  # (left text, right text, style)
#: problems shown by their own marks (red hatching), not by rings
_DRAWN_OTHERWISE = frozenset({"unreachable-piece", "unreachable-room"})


def _problems(sheet: Sheet, card: ScoreCard | None, problems: Sequence[Problem] | None,
              final: bool) -> tuple[Problem, ...]:
    """The problems to show: those given, else the card's (none without a card)."""
    if problems is not None:
        return tuple(problems)
    if card is None:
        return ()
    return card.problems


def _unreachable(sheet: Sheet, card: ScoreCard | None, final: bool) -> list[PieceScore]:
    """The pieces drawn hatched, in the panel's order. In play, only where the verdict
    means something: the house has a front door and the piece's room is walled."""
    if card is None:
        return []
    walled = {room.name for room in sheet.rooms if room.finalized}
    found = []
    for room in card.rooms:
        for piece in room.pieces:
            if piece.reachable or (piece.room == sheet.current_room and piece.room not in walled):
                continue
            if final or (sheet.front_doors and piece.room in walled):
                found.append(piece)
    return found


def _panel_lines(sheet: Sheet, card: ScoreCard | None, problems: Sequence[Problem] = (),
                 final: bool = True) -> list[_Line]:
    """The score panel, line by line: (label, points, style)."""
    import textwrap

    project = sheet.project
    lines: list[_Line] = [(f"{project.name}", "", "title")]
    if sheet.player:
        lines.append((f"Player: {sheet.player}", "", "plain"))
    if card is None:
        lines.append(("Not scored", "", "note"))
        if sheet.current_room:
            lines.append((f"Being furnished: {sheet.current_room}", "", "note"))
        return lines
    walled = {room.name for room in sheet.rooms if room.finalized}
    later = set() if final else {room.name for room in card.rooms if room.name not in walled}
    if not final:
        lines.append(("Score so far (mid-game)", "", "note"))
    elif not card.final:
        lines.append(("Provisional score", "", "warn"))
    lines.append(("Rooms", "", "head"))
    for room in card.rooms:
        if room.name in later:
            note = " (being furnished)" if room.name == sheet.current_room else " (not walled yet)"
            lines.append((f"  {room.name}{note}", "", "dim"))
            continue
        note = (" (empty)" if room.empty else "" if room.reachable
                else " (being furnished)" if room.name == sheet.current_room
                else " (unreachable)" if final or sheet.front_doors else "")
        lines.append((f"  {room.name}{note}", _points(room.points), "plain"))
    if card.bonuses:
        lines.append(("Bonuses", "", "head"))
        for bonus in card.bonuses:
            mark = "\u2713" if bonus.awarded else "\u2717"
            wrapped = textwrap.wrap(bonus.text, 40) or [""]
            lines.append((f"{mark} {wrapped[0]}", _points(bonus.points), "plain" if bonus.awarded
                          else "dim"))
            lines.extend((f"   {more}", "", "plain" if bonus.awarded else "dim")
                         for more in wrapped[1:])
    penalties = card.penalties
    if penalties:
        lines.append(("Penalties", "", "head"))
        for penalty in penalties:
            for i, part in enumerate(textwrap.wrap(penalty.text, 40) or [""]):
                lines.append((f"  {part}", _points(penalty.points) if i == 0 else "", "plain"))
    lines.append(("Total" if final else "Total so far", _points(card.total), "total"))
    lines.append((f"Tie-break: {card.furniture_count} pieces", "", "plain"))
    unreachable = _unreachable(sheet, card, final)
    if unreachable:
        lines.append(("Unreachable", "", "head"))
        for number, piece in enumerate(unreachable, 1):
            wrapped = textwrap.wrap(f"{number}. {piece.name}: {piece.reason}", 46)
            lines.extend((f"  {part}", "", "warn") for part in wrapped)
    errors = [p for p in problems if p.severity == ERROR]
    if errors:
        plural = "error" if len(errors) == 1 else "errors"
        lines.append((f"Problems ({len(errors)} {plural}, ringed red)", "", "head"))
        lines.extend(_problem_lines(errors, "warn"))
    todo = [p for p in problems if p.severity == TODO]
    if todo:
        lines.append(("Still to do", "", "head"))
        lines.extend(_problem_lines(todo, "note"))
    return lines


def _problem_lines(problems: Sequence[Problem], style: str) -> list[_Line]:
    """At most eight problems, each in at most three wrapped lines."""
    import textwrap

    lines: list[_Line] = []
    for problem in problems[:8]:
        where = f"{problem.cells[0]}: " if problem.cells else ""
        parts = textwrap.wrap(f"{where}{problem.code}: {problem.message}", 46)
        if len(parts) > 3:
            parts = [*parts[:2], parts[2][:43] + "..."]
        lines.extend((f"  {part}", "", style) for part in parts)
    if len(problems) > 8:
        lines.append((f"  ... and {len(problems) - 8} more", "", style))
    return lines


def _points(value: int) -> str:
    return f"{value:+d}" if value else "0"


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


def _draw_panel(ax: Axes, lines: Sequence[_Line], step: float) -> None:
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
