"""The annotated plan, drawn with matplotlib: rooms, pieces, openings, labels, routes,
problem rings, the key under the plan and the score panel beside it.

Nothing here uses pyplot: figures are plain :class:`matplotlib.figure.Figure` objects
saved through their own canvas, so the same input always gives the same bytes.

Public functions:

* ``draw_plan(sheet, card=None, *, ax=None, show_routes=True, problems=None,
  end_of_game=None, ghosts=(), if_connected=None) -> Axes`` draws the annotated plan on
  ``ax`` (or on a new figure with its key and score panel).
* ``plan_figure(sheet, card=None, ..., paper=None) -> Figure`` the plan, its key and its
  panel: sized to the plan, or laid out on a page of ``paper`` (``a4``, ``letter``).
* ``save_plan(sheet, path, card=None, *, dpi=150, paper="a4", ...)`` writes ``.png``,
  ``.svg`` or ``.pdf`` (a PDF is one page of ``paper``; anything else raises ValueError
  naming the allowed extensions).
* ``draw_ghosts(ax, ghosts, cell_pt)`` candidate placements drawn see-through and
  numbered (the previews of ``place -o`` are in :mod:`homestaging.draw.previews`).
* ``annotate(ax, sheet, ...) -> PlanDrawn`` draws as ``draw_plan`` and tells what it
  drew (the marks, the short names); ``plan_marks(...)`` the marks a plan shows, which
  its key explains.

Finished and unfinished sheets. ``end_of_game`` (default ``sheet.finished``) says how the
picture reads the sheet; score it the same way (``scoring.score(sheet,
end_of_game=...)``). At the end of the game: the card's problems are ringed and
numbered as ``check`` numbers them, every unreachable piece is hatched and lettered, the
panel gives the (possibly provisional) score. In a game in progress, the picture follows
``check``: errors are ringed, end-game requirements (severity ``todo``) are listed under
"Still to do"; the house squares not walled yet are neutral (the hallway is only known
once every room is walled); the room being furnished is tinted and outlined dashed
around its pieces; a walled room not connected to the front door says so, or shows what
it would score once connected when ``if_connected`` (room name -> points) is given.

Labels (:mod:`homestaging.draw.labels`) never cover a circulation dot, another label or a
feature's name while a free place exists: marks first (problem numbers, unreachable
letters, route counts), then pieces' names inside their furniture (shrunk, then
shortened, with the short names listed under the panel), then rooms' names on their
free squares, then the name of the room being furnished beside its pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import Problem
from ..core.grid import Cell, reading_order
from ..formats.output import write_atomic
from ..text.panel import (
    Line,
    key_entries,
    panel_lines,
    piece_letter,
    ringed_problems,
    short_name_lines,
    shown_problems,
    unreachable_pieces,
)
from .drawing import (
    CIRCULATION_COLOR,
    FRONT_DOOR_COLOR,
    GHOST_COLOR,
    HALLWAY_COLOR,
    PROBLEM_COLOR,
    ROUTE_COLOR,
    RUG_COLORS,
    UNWALLED_COLOR,
    add_circles,
    add_hatched,
    add_placed,
    cell_points,
    cells_paths,
    draw_door,
    draw_walls,
    draw_window,
    figure_bytes,
    frame,
    image_format,
    paper_size,
    patch,
    room_color,
    segment,
    union,
)
from .house import draw_house
from .labels import Label, Labeller, ShortNames, box_at
from .legend import draw_key, draw_panel, key_rows
from .planwords import (
    current_label,
    label_crowded,
    label_pieces,
    label_rooms,
    measure_for,
    measure_letters,
    names_fit,
    text_box,
)
from .wordpaths import MAX_TEXTS, write_all

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.layout import Layout
    from ..core.pieces import Placement
    from ..core.sheet import Sheet
    from ..scoring.card import ScoreCard

__all__ = [
    "FRONT_DOOR_COLOR",
    "GHOST_COLOR",
    "PROBLEM_COLOR",
    "Ghost",
    "PlanDrawn",
    "annotate",
    "draw_ghosts",
    "draw_plan",
    "plan_figure",
    "plan_marks",
    "plan_square_inches",
    "save_plan",
]

#: at most this many candidate placements are drawn on one plan
MAX_GHOSTS = 6
#: the longer side of a plan sized to its content, at most (inches)
MAX_PLAN_INCHES = 24.0
#: a square of a plan sized to its content, at most (inches)
SQUARE_INCHES = 0.34
#: the key's row height (inches)
KEY_ROW = 0.18
#: a key column's width (inches)
KEY_COLUMN = 2.15
PANEL_WIDTH = 3.3
PANEL_LINE = 0.19
#: page margin and the gap between the parts of a page (millimetres)
PAGE_MARGIN, PAGE_GAP = 10.0, 5.0
MM = 1 / 25.4

#: A candidate placement to draw see-through: its number and where it would go.
Ghost = tuple[str, "Placement"]


@dataclass(frozen=True)
class PlanDrawn:
    """What :func:`draw_plan` drew that the words around the plan explain: the marks
    (names of :data:`homestaging.text.panel.KEY`) and the short names used, (short, full)."""

    marks: tuple[str, ...]
    short_names: tuple[tuple[str, str], ...]
    names: bool = True  # the pieces' names are written (see planwords.names_fit)


# ---------------------------------------------------------------------------- figures


def plan_square_inches(sheet: Sheet) -> float:
    """The size of a square of a plan sized to its content: 0.34 in, less for sheets
    whose longer side would pass 24 in."""
    longest = max(sheet.project.width, sheet.project.height) + 1.3
    return min(SQUARE_INCHES, MAX_PLAN_INCHES / longest)


def plan_figure(sheet: Sheet, card: ScoreCard | None = None, *, show_routes: bool = True,
                square_in: float | None = None, problems: Sequence[Problem] | None = None,
                end_of_game: bool | None = None, ghosts: Sequence[Ghost] = (),
                if_connected: Mapping[str, int] | None = None,
                paper: str | None = None) -> Figure:
    """The annotated plan (see :func:`draw_plan`) with its key under it and the score
    panel beside it (or under it, on a portrait page).

    Sized to the plan (``square_in`` inches a square, default
    :func:`plan_square_inches`), or with ``paper`` one page of that size, turned to give
    the plan the biggest squares.
    """
    from matplotlib.figure import Figure

    end_of_game = sheet.finished if end_of_game is None else end_of_game
    shown = shown_problems(card, problems)
    marks = plan_marks(sheet, card, problems=shown, end_of_game=end_of_game,
                       show_routes=show_routes, ghosts=ghosts)
    entries = key_entries(marks)
    if paper is None:
        square = square_in or plan_square_inches(sheet)
        arranged = _fitted(sheet, square, entries)
    else:
        arranged = _paged(sheet, paper, entries)
    fig = Figure(figsize=arranged.size)
    ax = _axes(fig, arranged.size, arranged.plan, "plan")
    drawn = annotate(ax, sheet, card, show_routes=show_routes, problems=shown,
                     end_of_game=end_of_game, ghosts=ghosts, if_connected=if_connected)
    lines = panel_lines(sheet, card, shown, end_of_game, if_connected)
    lines += _short_name_lines(drawn.short_names)
    if not drawn.names:
        lines.append(("Pieces' names and letters not written: the squares are too small",
                      "", "note"))
    if paper is None:
        arranged = _fitted(sheet, square, entries, _panel_rows(lines))
        fig.set_size_inches(*arranged.size)
        ax.set_position(_fraction(arranged.size, arranged.plan))
    key = _axes(fig, arranged.size, arranged.key, "key")
    draw_key(key, entries, (), arranged.key_columns)
    _panel(fig, arranged, lines)
    return fig


def save_plan(sheet: Sheet, path: str | Path, card: ScoreCard | None = None, *,
              show_routes: bool = True, dpi: int = 150, problems: Sequence[Problem] | None = None,
              end_of_game: bool | None = None, ghosts: Sequence[Ghost] = (),
              if_connected: Mapping[str, int] | None = None, paper: str = "a4") -> None:
    """Write the annotated plan; the format follows the extension (.png, .svg, .pdf).
    A PDF is one page of ``paper``; pictures are sized to the plan."""
    fmt = image_format(path)
    fig = plan_figure(sheet, card, show_routes=show_routes, problems=problems,
                      end_of_game=end_of_game, ghosts=ghosts, if_connected=if_connected,
                      paper=paper if fmt == "pdf" else None)
    title = f"{sheet.project.name}" + (f" - {sheet.player}" if sheet.player else "")
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))


@dataclass(frozen=True)
class _Arranged:
    """Where the parts of a plan figure go, in inches from the top-left."""

    size: tuple[float, float]
    plan: tuple[float, float, float, float]
    key: tuple[float, float, float, float]
    key_columns: int
    panel: tuple[float, float, float, float]
    panel_columns: int
    line: float  # a panel line's height


def _fitted(sheet: Sheet, square: float, entries: Sequence[tuple[str, str]],
            lines: float = 0) -> _Arranged:
    """A figure sized to the plan: the plan, its key under it, the panel on the right
    (``lines`` line heights tall)."""
    project = sheet.project
    plan_w = (project.width + 1.3) * square
    plan_h = (project.height + 1.3) * square
    columns = max(1, min(len(entries), int(plan_w // KEY_COLUMN)))
    key_h = key_rows(entries, (), columns) * KEY_ROW + 0.15
    panel_h = 0.3 + PANEL_LINE * lines
    height = max(plan_h + key_h, panel_h)
    width = plan_w + PANEL_WIDTH
    key_w = max(plan_w - 0.15, columns * KEY_COLUMN)
    return _Arranged((width, height), (0.0, 0.0, plan_w, plan_h), (0.15, plan_h, key_w, key_h),
                     columns, (plan_w, 0.0, PANEL_WIDTH, height), 1, PANEL_LINE)


def _paged(sheet: Sheet, paper: str, entries: Sequence[tuple[str, str]]) -> _Arranged:
    """A page of ``paper``: landscape with the panel on the right, or portrait with the
    panel under the plan in two columns, whichever gives bigger squares."""
    project = sheet.project
    columns, rows = project.width + 1.3, project.height + 1.3
    short, long = (v * MM for v in paper_size(paper))
    margin, gap = PAGE_MARGIN * MM, PAGE_GAP * MM
    options = []
    for landscape in (True, False):
        page_w, page_h = (long, short) if landscape else (short, long)
        panel_w = PANEL_WIDTH if landscape else page_w - 2 * margin
        area_w = page_w - 2 * margin - (panel_w + gap if landscape else 0)
        key_columns = max(1, min(len(entries), int(area_w // KEY_COLUMN)))
        key_h = key_rows(entries, (), key_columns) * KEY_ROW + 0.15
        area_h = page_h - 2 * margin - key_h - (0 if landscape else gap + 0.45 * page_h)
        square = min(area_w / columns, area_h / rows)
        plan = (margin, margin, columns * square, rows * square)
        key = (margin + 0.15, margin + plan[3], max(plan[2], key_columns * KEY_COLUMN), key_h)
        if landscape:
            panel = (page_w - margin - panel_w, margin, panel_w, page_h - 2 * margin)
        else:
            top = key[1] + key_h + gap
            panel = (margin, top, panel_w, page_h - margin - top)
        options.append((square, _Arranged((page_w, page_h), plan, key, key_columns, panel,
                                          1 if landscape else 2, PANEL_LINE)))
    landscape_option, portrait_option = options
    return (portrait_option[1] if portrait_option[0] > landscape_option[0] * 1.05
            else landscape_option[1])


def _fraction(size: tuple[float, float],
              box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A box in inches from the top-left as a figure's (left, bottom, width, height)."""
    width, height = size
    x, y, w, h = box
    return x / width, 1 - (y + h) / height, w / width, h / height


def _axes(fig: Figure, size: tuple[float, float], box: tuple[float, float, float, float],
          label: str) -> Axes:
    """An axes at ``box`` (inches from the top-left) named ``label`` ("plan", "key",
    "panel")."""
    return fig.add_axes(_fraction(size, box), label=label)


def _panel(fig: Figure, arranged: _Arranged, lines: list[Line]) -> None:
    """The panel's lines in its box: in one or two columns (split where a section
    starts), shrunk to fit, and cut with a last line saying how many were left out."""
    x, y, w, h = arranged.panel
    parts = _columns(lines, arranged.panel_columns)
    tallest = max(_panel_rows(part) for part in parts)
    scale = min(1.0, (h - 0.3) / (tallest * arranged.line))
    if scale < 0.6:
        scale = 0.6
        room = max(1, int((h - 0.3) / (arranged.line * scale)) - 3)
        parts = [part if len(part) <= room else
                 [*part[:room - 1], (f"... {len(part) - room + 1} more lines: "
                                     "see 'homestaging check'", "", "note")] for part in parts]
    width = w / len(parts)
    for index, part in enumerate(parts):
        ax = _axes(fig, arranged.size, (x + index * width, y, width, h), "panel")
        draw_panel(ax, part, arranged.line * scale / h, scale)


def _panel_rows(lines: Sequence[Line]) -> float:
    """How many line heights the panel's lines take (:func:`legend.draw_panel` starts
    1.2 lines down and adds 0.3 before each heading and the total)."""
    return len(lines) + 1.5 + 0.3 * sum(style in ("head", "total") for _, _, style in lines)


def _columns(lines: list[Line], count: int) -> list[list[Line]]:
    """The lines in ``count`` columns of about equal length, cut before a heading."""
    if count <= 1 or len(lines) < 12:
        return [lines]
    heads = [i for i, (_, _, style) in enumerate(lines) if style in ("head", "total") and i]
    half = len(lines) / 2
    cut = min(heads, key=lambda i: abs(i - half), default=len(lines) // 2)
    if lines[cut][2] == "total":  # keep the total with the lines above it
        cut = next((i for i in heads if i > cut), cut)
    return [lines[:cut], lines[cut:]]


def _short_name_lines(pairs: Sequence[tuple[str, str]]) -> list[Line]:
    if not pairs:
        return []
    return [("Short names on the plan", "", "head"),
            *((f"  {line}", "", "plain") for line in short_name_lines(pairs))]


# ---------------------------------------------------------------------------- the plan


def draw_plan(sheet: Sheet, card: ScoreCard | None = None, *, ax: Axes | None = None,
              show_routes: bool = True, problems: Sequence[Problem] | None = None,
              end_of_game: bool | None = None, ghosts: Sequence[Ghost] = (),
              if_connected: Mapping[str, int] | None = None) -> Axes:
    """Draw the annotated plan of ``sheet`` on ``ax`` (a new figure if None) and return it.

    With a score card: unreachable pieces hatched red and lettered, problem squares
    ringed red and numbered, room points and the routes of distance bonuses. Without
    one, the plan alone. ``end_of_game`` (default: ``sheet.finished``) chooses how the
    card is read; see the module docstring. ``ghosts`` are candidate placements drawn
    see-through and numbered. ``if_connected`` (room name -> points) is what a walled
    room not yet connected would score once connected, shown mid-game.
    """
    if ax is None:
        return plan_figure(sheet, card, show_routes=show_routes, problems=problems,
                           end_of_game=end_of_game, ghosts=ghosts,
                           if_connected=if_connected).axes[0]
    annotate(ax, sheet, card, show_routes=show_routes, problems=problems,
             end_of_game=end_of_game, ghosts=ghosts, if_connected=if_connected)
    return ax


def plan_marks(sheet: Sheet, card: ScoreCard | None = None, *,
               problems: Sequence[Problem] | None = None, end_of_game: bool | None = None,
               show_routes: bool = True, ghosts: Sequence[Ghost] = ()) -> tuple[str, ...]:
    """The marks the plan of ``sheet`` shows (names of :data:`homestaging.text.panel.KEY`):
    what its key explains."""
    from ..core.layout import layout

    lay = layout(sheet)
    end_of_game = sheet.finished if end_of_game is None else end_of_game
    shown = shown_problems(card, problems)
    current = _current_area(sheet, lay)
    found = ["wall"]
    if _hallway_known(sheet):
        found += ["hallway"] if lay.hallway else []
    elif lay.hallway - current:
        found.append("unwalled")
    found += ["current"] if current else []
    found += ["circulation"] if lay.circulation else []
    found += ["rug"] if lay.rug_squares else []
    found += ["obstacle"] if sheet.project.obstacles else []
    found += ["front-door"] if sheet.front_doors else []
    found += ["door"] if any(room.finalized and room.doors for room in sheet.rooms) else []
    found += ["window"] if sheet.windows else []
    if card is not None and show_routes and any(
            route for bonus in card.bonuses for route in bonus.routes):
        found.append("route")
    found += ["unreachable"] if unreachable_pieces(sheet, card, end_of_game) else []
    found += ["error"] if card is not None and ringed_problems(shown, end_of_game) else []
    found += ["ghost"] if ghosts else []
    return tuple(found)


def _hallway_known(sheet: Sheet) -> bool:
    """The hallway is what no room takes: known once every room is walled."""
    return all(room.finalized for room in sheet.rooms)


def annotate(ax: Axes, sheet: Sheet, card: ScoreCard | None = None, *, show_routes: bool = True,
             problems: Sequence[Problem] | None = None, end_of_game: bool | None = None,
             ghosts: Sequence[Ghost] = (), if_connected: Mapping[str, int] | None = None,
             short_names: ShortNames | None = None) -> PlanDrawn:
    """Draw the annotated plan on ``ax`` (as :func:`draw_plan`) and tell what was drawn:
    the marks its key explains and the names shortened. ``short_names`` shares one set
    of abbreviations between several plans."""
    from ..core.layout import layout

    end_of_game = sheet.finished if end_of_game is None else end_of_game
    shown = shown_problems(card, problems)
    project = sheet.project
    lay = layout(sheet)
    frame(ax, project)
    cell_pt = cell_points(ax, project.width + 1.15, project.height + 1.15)
    labeller = Labeller(cell_pt, short_names)
    current_area = _current_area(sheet, lay)

    _draw_floor(ax, sheet, lay, current_area)
    draw_house(ax, project, cell_pt=cell_pt, walls=False)
    for text in ax.texts:
        if text.get_gid() == "feature-label":
            labeller.fixed(text_box(text, cell_pt))
    _draw_pieces(ax, sheet, lay, labeller, cell_pt)
    _draw_openings(ax, sheet, lay, cell_pt)
    for door in sheet.front_doors:  # the ring: no word goes over it
        (a, b) = segment(door)
        labeller.fixed(box_at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 2 * FRONT_DOOR_RING,
                              2 * FRONT_DOOR_RING))
    ringed = ringed_problems(shown, end_of_game) if card is not None else []
    if ringed:
        _ring_problems(ax, ringed, labeller, cell_pt)
    _mark_unreachable(ax, sheet, [piece.index for piece in
                                  unreachable_pieces(sheet, card, end_of_game)],
                      labeller, cell_pt)
    if card is not None and show_routes:
        _draw_routes(ax, card, lay, labeller, cell_pt)
    if ghosts:
        draw_ghosts(ax, ghosts, cell_pt, labeller)
    # squares rooms' names keep off: the candidates' and the ringed ones
    marked = {c for _, placement in ghosts[:MAX_GHOSTS] for c in placement.squares}
    marked |= {cell for _, problem in ringed for cell in problem.cells}
    crowded = label_rooms(ax, sheet, card, lay, labeller, marked, end_of_game,
                          if_connected, cell_pt)
    if sheet.current_room and current_area:
        ax.add_patch(patch(union(current_area), facecolor="none", edgecolor="#555555",
                           linestyle="--", linewidth=max(1.0, cell_pt * 0.06), zorder=7,
                           gid="current-room"))
    current = current_label(ax, sheet, lay, current_area, labeller, marked, cell_pt)
    crowded += [current] if current is not None else []
    label_crowded(ax, crowded, set(lay.circulation) | marked, labeller)
    named = label_pieces(ax, sheet, labeller, cell_pt)
    marks = plan_marks(sheet, card, problems=shown, end_of_game=end_of_game,
                       show_routes=show_routes, ghosts=ghosts)
    return PlanDrawn(marks, tuple(labeller.short_names.key()), named or not sheet.pieces)


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
    """The hallway once every room is walled (before that, the squares not walled yet
    in a neutral grey), the room being furnished tinted, each walled room tinted."""
    known = _hallway_known(sheet)
    color, gid = (HALLWAY_COLOR, "hallway") if known else (UNWALLED_COLOR, "unwalled")
    hallway = lay.hallway - current_area
    if hallway:  # one shape, not one patch per square: a large house has tens of thousands
        ax.add_patch(patch(union(hallway), facecolor=color, edgecolor="none", zorder=0.5,
                           gid=gid))
    room_types = _room_types(sheet)
    if current_area and sheet.current_room:
        tint = room_color(room_types.get(sheet.current_room, "other"))
        ax.add_patch(patch(union(current_area), facecolor=tint, alpha=0.12, edgecolor="none",
                           zorder=0.5, gid="current-room-floor"))
    for room in sheet.rooms:
        if room.finalized:
            tint = room_color(room_types.get(room.name, "other"))
            ax.add_patch(patch(union(room.cells), facecolor=tint, alpha=0.18,
                               edgecolor="none", zorder=0.5, gid=f"room-{room.name}"))


#: a circulation dot's radius (squares)
DOT_RADIUS = 0.1
#: the radius of the ring around the front door (squares)
FRONT_DOOR_RING = 0.72


def _draw_pieces(ax: Axes, sheet: Sheet, lay: Layout, labeller: Labeller,
                 cell_pt: float) -> None:
    """Rugs, then circulation dots, then furniture (labels come later): one collection
    each, however many pieces."""
    rugs = [drawn.placement.furniture for drawn in sheet.pieces if drawn.placement.piece.is_rug]
    add_hatched(ax, cells_paths(rugs), facecolors=RUG_COLORS[0],
                edgecolors=RUG_COLORS[1], hatch="xx", linewidths=0.8, zorder=2.5, gid="rugs")
    dots = sorted(lay.circulation, key=reading_order)
    add_circles(ax, [(x + 0.5, y + 0.5) for x, y in dots], DOT_RADIUS,
                facecolors=CIRCULATION_COLOR, edgecolors="none", zorder=3, gid="circulation")
    for x, y in dots:
        labeller.dot(x + 0.5, y + 0.5, DOT_RADIUS)
    room_types = _room_types(sheet)
    furniture = [(index, drawn.placement) for index, drawn in enumerate(sheet.pieces)
                 if not drawn.placement.piece.is_rug]
    add_placed(ax, [placement.furniture for _, placement in furniture],
               [room_color(room_types.get(lay.piece_rooms[index] or "", ""))
                for index, _ in furniture],
               edgecolors="#333333", linewidths=max(0.6, cell_pt * 0.04), zorder=4,
               gid="pieces")


def _badge(ax: Axes, label: Label, face: str, style: str, *, gid: str, zorder: float) -> None:
    ax.text(label.x, label.y, label.text, ha="center", va="center", fontsize=label.size,
            color="white", fontweight="bold", zorder=zorder, gid=gid,
            bbox={"boxstyle": style, "facecolor": face, "edgecolor": "none"})


def _mark_unreachable(ax: Axes, sheet: Sheet, indices: Sequence[int], labeller: Labeller,
                      cell_pt: float) -> None:
    """Red hatching over each piece (one collection) and its letter (as in the panel)
    in a corner of one of its squares."""
    placements = [sheet.pieces[index].placement for index in indices]
    add_hatched(ax, cells_paths([placement.furniture for placement in placements]),
                facecolors="none", edgecolors=PROBLEM_COLOR, hatch="////", linewidths=1.2,
                zorder=4.5, gid="unreachable")
    if not names_fit(cell_pt):  # no room for a letter: the hatching marks them
        return
    size = min(8.0, max(4.5, cell_pt * 0.26))
    many = len(placements) > MAX_TEXTS
    measure = (measure_letters if many else measure_for)(bold=True, pad=0.15)
    labels = []
    for number, placement in enumerate(placements, 1):
        spots = [(x + dx, y + dy) for x, y in sorted(placement.furniture, key=reading_order)
                 for dx, dy in ((0.22, 0.25), (0.78, 0.25), (0.22, 0.75), (0.78, 0.75))]
        labels.append(labeller.badge(piece_letter(number), size, spots, measure))
    write_all(ax, labels, color="white", bold=True, zorder=10, gid="unreachable-mark",
              box=(PROBLEM_COLOR, 0.15))


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
                draw_door(ax, door, inside, cell_pt, gid=f"door-{room.name}")
    for door in sheet.front_doors:
        inside = door.inside(project.house) or door.outer
        draw_door(ax, door, inside, cell_pt, gid="front-door-swing")
        (a, b) = segment(door)
        ax.add_patch(Circle(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), FRONT_DOOR_RING, fill=False,
                            edgecolor=FRONT_DOOR_COLOR, linewidth=max(1.5, cell_pt * 0.12),
                            zorder=11, gid="front-door"))
    for window in sorted(windows, key=lambda e: e.key):
        draw_window(ax, window, cell_pt, exterior=window in exterior)


def _ring_problems(ax: Axes, ringed: Sequence[tuple[int, Problem]], labeller: Labeller,
                   cell_pt: float) -> None:
    """A red ring on each square a ringed problem names (once per square), and on the
    problem's first square its number in ``check``'s list (several numbers when
    problems share that square)."""
    seen: dict[Cell, None] = {}  # in order
    numbers: dict[Cell, list[int]] = {}
    for number, problem in ringed:
        seen.update(dict.fromkeys(problem.cells))
        if problem.cells:
            numbers.setdefault(problem.cells[0], []).append(number)
    add_circles(ax, [(x + 0.5, y + 0.5) for x, y in seen], 0.46, facecolors="none",
                edgecolors=PROBLEM_COLOR, linewidths=max(1.2, cell_pt * 0.09), zorder=13,
                gid="problem")
    size = min(8.0, max(4.5, cell_pt * 0.26))
    measure = measure_for(bold=True, pad=0.2)
    for (x, y), found in sorted(numbers.items(), key=lambda item: reading_order(item[0])):
        spots = [(x + 0.9, y + 0.12), (x + 0.1, y + 0.12), (x + 0.9, y + 0.88),
                 (x + 0.1, y + 0.88), (x + 1.2, y + 0.5), (x - 0.2, y + 0.5)]
        text = ",".join(str(n) for n in found)
        label = labeller.badge(text, size, spots, measure)
        _badge(ax, label, PROBLEM_COLOR, "round,pad=0.2", gid="problem-number", zorder=13.5)


def _draw_routes(ax: Axes, card: ScoreCard, lay: Layout, labeller: Labeller,
                 cell_pt: float) -> None:
    """Each route of a distance bonus: a line with a pin at each end and the number of
    squares counted, on a square of the route where it covers nothing (nearest the
    middle)."""
    from matplotlib.lines import Line2D

    furniture = set(lay.furniture_at)
    size = min(8.0, max(4.5, cell_pt * 0.28))
    measure = measure_for(bold=True, pad=0.2)
    for number, bonus in enumerate(card.bonuses):
        for route in bonus.routes:
            if not route:
                continue
            cells = [(int(c[0]), int(c[1])) for c in route]
            xs = [x + 0.5 for x, _ in cells]
            ys = [y + 0.5 for _, y in cells]
            ax.add_line(Line2D(xs, ys, color=ROUTE_COLOR, linewidth=max(1.2, cell_pt * 0.08),
                               alpha=0.75, solid_capstyle="round", solid_joinstyle="round",
                               zorder=10, gid=f"route-{number}"))
            ends = [0, len(cells) - 1] if len(cells) > 1 else [0]
            ax.add_line(Line2D([xs[i] for i in ends], [ys[i] for i in ends], linestyle="none",
                               marker="o", markersize=max(2.5, cell_pt * 0.16),
                               color=ROUTE_COLOR, zorder=10, gid=f"route-pin-{number}"))
            count = sum(1 for c in cells if c not in furniture)
            middle = (len(cells) - 1) / 2
            order = sorted(range(len(cells)), key=lambda i: (abs(i - middle), i))
            spots = [(cells[i][0] + 0.5, cells[i][1] + 0.5) for i in order]
            spots += [(x + 0.5, y) for x, y in (cells[i] for i in order)]
            label = labeller.badge(str(count), size, spots, measure)
            _badge(ax, label, ROUTE_COLOR, "round,pad=0.2", gid=f"route-count-{number}",
                   zorder=10.5)


# ---------------------------------------------------------------------------- ghosts


def draw_ghosts(ax: Axes, ghosts: Sequence[Ghost], cell_pt: float,
                labeller: Labeller | None = None) -> None:
    """Candidate placements, see-through: a pale fill with a dashed outline, hollow
    circulation dots and the candidate's number in a badge on one of its squares (where
    it covers no other label)."""
    from matplotlib.patches import Circle

    labeller = labeller or Labeller(cell_pt)
    measure = measure_for(bold=True, pad=0.2, circle=True)
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
        for x, y in sorted(placement.circulation, key=reading_order):
            ax.add_patch(Circle((x + 0.5, y + 0.5), 0.16, facecolor="none",
                                edgecolor=GHOST_COLOR, linewidth=max(0.8, cell_pt * 0.05),
                                zorder=13.6, gid=f"ghost-circulation-{number}"))
        squares = sorted(placement.furniture, key=reading_order)
        spots = [(x + 0.5, y + 0.5) for x, y in squares]
        spots += [(x + dx, y + dy) for x, y in squares
                  for dx, dy in ((0.25, 0.25), (0.75, 0.75), (0.75, 0.25), (0.25, 0.75))]
        size = min(9.0, max(4.5, cell_pt * 0.34))
        label = labeller.badge(number, size, spots, measure)
        ax.text(label.x, label.y, number, ha="center", va="center", fontsize=label.size,
                color="white", fontweight="bold", zorder=14, gid=f"ghost-number-{number}",
                bbox={"boxstyle": "circle,pad=0.2", "facecolor": GHOST_COLOR,
                      "edgecolor": "white", "linewidth": 0.8})
