"""A round at the table, on paper: one page of the book with the setup, the turn in
pictures (flip a card, choose with its tokens, draw with circulation, keep circulation
joined to the room's future door, wall the room at the end of the round, the hallway to
the front door) and the rules in short with the end of the game, so that a table plays
from printed pages only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .drawing import HALLWAY_COLOR, PROBLEM_COLOR, grid_lines, patch, union
from .pagetools import READABLE, wrap
from .paperkit import EDGE, MARGIN, TOKEN_COLOR, axes_at, footer, new_page, text

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.grid import Cell

__all__ = ["IN_SHORT", "ROUND_LINE", "SETUP", "STEPS", "round_figure"]

ROUND_LINE = ("A round: flip a card; one option per token (the dots after its number); draw "
              "it with circulation joined to the door; wall the room.")
"""The round in one line, for the project pages' footer."""

#: Each step of a turn: its title and what the players do.
STEPS = (
    ("1. Flip a card", "The active player flips one of the room's cards, in any order. "
     "The dots after its number are its selection tokens."),
    ("2. Choose with the tokens", "For each token, the active player chooses one of the "
     "card's two options. Everyone then draws the chosen pieces (drawing is optional)."),
    ("3. Draw with circulation", "Draw the piece turned as you like (never mirrored) and a "
     "dot in each circulation square. Pieces may share dots; none may cover another's."),
    ("4. Join circulation to the door", "Inside a room only circulation (and rugs) is "
     "walkable: keep the dots joined to each other and to where the room's one door will be."),
    ("5. Wall the room", "After the room's last card: draw its walls with exactly one door, "
     "a gap in the wall. Then the next player picks a new room."),
    ("6. The hallway", "Leave free squares (no furniture, no dots) for the hallway: it joins "
     "every room's door to the front door, drawn on the outside wall."),
)

SETUP = ("Setup: the project page's Rooms box gives each room's card numbers, a dot per "
         "selection token. For each number take card a or b at random, unseen (or the cards of "
         "a printed deal), and lay them face down by their room.")
"""How the cards are dealt, under the page's title."""

#: The rules a turn's pictures do not show, and the end of the game, under them.
IN_SHORT = (
    "Wall pieces (a thick side on the card) stand with that side against a wall already "
    "drawn: the outside wall, or a room walled in an earlier round; not their own room's.",
    "Rugs: other pieces may stand on them; they count as circulation and score only bonuses; "
    "a room with only rugs has no furniture. The small plants need no dots.",
    "The bonuses' words: a piece is beside (or next to) a window when one of its furniture "
    "squares is the square just inside the window; beside a door when one is a square the "
    "door joins, or the square next to one of those along the wall, either side of the wall, "
    "with no wall between. Two pieces touch when a furniture square of one shares a side with "
    "a furniture square of the other, no wall between: a corner is not touching, nor are dots. "
    "Against a wall: a furniture square has a wall along one of its sides.",
    "Distance: the empty squares (rugs and dots are empty) on the shortest route, no "
    "diagonals, through doors only; from a door or window the route starts on a square beside "
    "it; touching objects are 0 apart. Windows: any number, anywhere on the outside wall; "
    "a window looks onto what lies straight out from it.",
    "Wild card, once per game: take the other option of a card, or draw a piece mirrored.",
    "The game ends when every room is walled. 1 point per furniture square of each piece "
    "reachable from the front door (rugs: none); -3 per room without furniture; add the "
    "project's bonuses. A tie goes to the most reachable pieces (rugs not counted). The "
    "par on a project's page is the automatic player's median score: a score to beat.",
)

PANEL_GRID = (7, 5)  # the pictures' grid, in squares
LINE = 4.1  # a line of the page's 8.5 pt text, in millimetres
GRAPHITE = "#3d3d42"


def round_figure(paper: str = "a4", page_number: int | None = None) -> Figure:
    """The page: a title, the six steps in pictures, two by three, and the end of the
    game in two lines."""
    fig, page, size = new_page(paper)
    width, height = size
    left, right = MARGIN + 3, width - MARGIN - 3
    text(page, left, MARGIN, "A round at the table", 22, fontweight="bold", gid="round-title")
    text(page, left, MARGIN + 10, "One round per room. Every player draws on their own sheet; "
         "the active player changes each turn.", 9, color="#555555")
    top = _wrapped(page, left, MARGIN + 16, SETUP, right - left) + 3
    column_w = (right - left - 8) / 2
    rules = [wrap(rule, right - left, 8.5) for rule in IN_SHORT]
    rules_h = sum(len(lines) for lines in rules) * LINE + len(rules) - 1
    row_h = (height - top - EDGE - 14 - rules_h) / 3
    pictures = (_flip, _choose, _draw, _joined, _walls, _hallway)
    for index, ((title, words), picture) in enumerate(zip(STEPS, pictures, strict=True)):
        row, column = divmod(index, 2)
        x, y = left + column * (column_w + 8), top + row * row_h
        text(page, x, y, title, 11, fontweight="bold", gid="round-step")
        box_h = row_h - 24
        box_w = box_h * PANEL_GRID[0] / PANEL_GRID[1]
        ax = axes_at(fig, size, (x + (column_w - box_w) / 2, y + 7, box_w, box_h),
                     (-0.2, PANEL_GRID[0] + 0.2, -0.2, PANEL_GRID[1] + 0.2))
        picture(ax)
        _wrapped(page, x, y + 8 + box_h, words, column_w)
    y = top + 3 * row_h
    for rule in IN_SHORT:
        y = _wrapped(page, left, y, rule, right - left) + 1
    words = "Home Staging - a round at the table"
    footer(page, size, words + (f" - page {page_number}" if page_number is not None else ""))
    return fig


def _wrapped(page: Axes, x: float, y: float, words: str, width: float) -> float:
    """Write ``words`` wrapped to ``width``, one text of its lines (``LINE`` apart);
    return the y under them."""
    lines = wrap(words, width, 8.5)
    text(page, x, y, "\n".join(lines), 8.5, linespacing=LINE / (8.5 * 0.3528),
         gid="round-text")
    return y + len(lines) * LINE


# ---------------------------------------------------------------------------- pictures


def _grid(ax: Axes) -> None:
    columns, rows = PANEL_GRID
    lines = [[(x, 0), (x, rows)] for x in range(columns + 1)]
    lines += [[(0, y), (columns, y)] for y in range(rows + 1)]
    ax.add_collection(grid_lines(lines, colors="#a9c8e8", linewidths=0.5, zorder=1),
                      autolim=False)


def _piece(ax: Axes, cells: set[Cell], dots: set[Cell], *, hatch: str = "///") -> None:
    from matplotlib.patches import Circle

    ax.add_patch(patch(union(frozenset(cells)).buffer(-0.12, join_style="mitre"),
                       facecolor="white", edgecolor=GRAPHITE, linewidth=1.2, hatch=hatch,
                       zorder=4))
    for x, y in sorted(dots):
        ax.add_patch(Circle((x + 0.5, y + 0.5), 0.1, facecolor=GRAPHITE, edgecolor="none",
                            zorder=5))


def _walls(ax: Axes) -> None:
    _kitchen(ax, door=True)


def _kitchen(ax: Axes, *, door: bool) -> None:
    """The grid, the room's two pieces and its walls, the door drawn or yet to come."""
    from matplotlib.lines import Line2D

    _grid(ax)
    _room(ax)
    # the room B1:F4 (x 1..6, y 0..4), its door on the bottom edge at D4 (x 3..4)
    style: dict[str, Any] = {"color": GRAPHITE, "linewidth": 2.4, "solid_capstyle": "round",
                             "zorder": 6}
    if door:
        ax.add_artist(Line2D([3, 1, 1, 6, 6, 4], [4, 4, 0, 0, 4, 4], **style))
        text(ax, 3.5, 4.25, "door", READABLE, ha="center", color=GRAPHITE, zorder=7)
    else:
        ax.add_artist(Line2D([3, 4], [4, 4], color="#888888", linewidth=1.2,
                             linestyle=(0, (2, 2)), zorder=6))
        text(ax, 3.0, 4.25, "door, later", READABLE, color="#555555", zorder=7)


def _room(ax: Axes) -> None:
    _piece(ax, {(1, 0), (2, 0), (3, 0)}, {(1, 1), (2, 1), (3, 1)})  # a countertop
    _piece(ax, {(5, 1), (5, 2)}, {(4, 1), (4, 2)}, hatch="\\\\\\")  # a cupboard
    from matplotlib.patches import Circle

    for x, y in ((3, 2), (3, 3)):  # the way to the door
        ax.add_patch(Circle((x + 0.5, y + 0.5), 0.1, facecolor=GRAPHITE, edgecolor="none",
                            zorder=5))


def _joined(ax: Axes) -> None:
    from matplotlib.lines import Line2D

    _kitchen(ax, door=False)
    ax.add_artist(Line2D([1.5, 3.5, 3.5], [1.5, 1.5, 3.6], color=TOKEN_COLOR, linewidth=1.4,
                         alpha=0.7, zorder=5.5))
    from matplotlib.patches import Circle

    _piece(ax, {(2, 3)}, {(1, 3)}, hatch="|||")  # cut off: its dot joins no other
    ax.add_patch(Circle((1.5, 3.5), 0.32, facecolor="none", edgecolor=PROBLEM_COLOR,
                        linewidth=1.2, zorder=6))
    text(ax, 0.1, 4.25, "cut off!", READABLE, color=PROBLEM_COLOR, fontweight="bold", zorder=7)


def _draw(ax: Axes) -> None:
    _grid(ax)
    _piece(ax, {(1, 1), (2, 1), (3, 1)}, {(1, 2), (2, 2), (3, 2)})
    _piece(ax, {(4, 3)}, {(3, 3)}, hatch="\\\\\\")
    text(ax, 5.2, 1.5, "furniture:\noutline\nand hatch", READABLE, va="center", color="#555555")
    text(ax, 5.2, 3.5, "dots: circulation", READABLE, va="center", color="#555555")


def _card(ax: Axes, x: float, y: float, number: str, tokens: int, options: tuple[str, str],
          *, chosen: int | None = None) -> None:
    from matplotlib.patches import Circle, FancyBboxPatch

    ax.add_patch(FancyBboxPatch((x, y), CARD_W, 4.4, boxstyle="round,pad=0,rounding_size=0.3",
                                facecolor="white", edgecolor="#777777", linewidth=0.8, zorder=2))
    text(ax, x + 0.25, y + 0.25, number, 10, fontweight="bold", zorder=3)
    for index in range(tokens):
        ax.add_patch(Circle((x + 1.8 + index * 0.45, y + 0.6), 0.17, facecolor=TOKEN_COLOR,
                            edgecolor="none", zorder=3))
    for index, option in enumerate(options):
        oy = y + 1.7 + index * 1.3
        text(ax, x + 0.3, oy, option, READABLE, zorder=3,
             fontweight="bold" if chosen == index else "normal")
        if chosen == index:
            ax.add_patch(Circle((x + CARD_W - 0.45, oy + 0.3), 0.22, facecolor=TOKEN_COLOR,
                                edgecolor="none", zorder=3))
            text(ax, x + CARD_W - 0.45, oy + 0.3, "!", READABLE, ha="center", va="center",
                 color="white", fontweight="bold", zorder=4)


CARD_8A = ("Stove", "Kitchen sink")  # the options of card 8a, by their catalog names
CARD_W = 4.4  # a card in the pictures, in squares: its options' names inside it


def _flip(ax: Axes) -> None:
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

    ax.add_patch(FancyBboxPatch((0.0, 0.3), 1.8, 4.4, boxstyle="round,pad=0,rounding_size=0.3",
                                facecolor="#d8d2c4", edgecolor="#777777", linewidth=0.8))
    text(ax, 0.9, 2.5, "?", 20, ha="center", va="center", color="#777777")
    ax.add_patch(FancyArrowPatch((1.95, 2.5), (2.5, 2.5), arrowstyle="-|>", mutation_scale=10,
                                 color="#555555"))
    _card(ax, 2.6, 0.3, "8a", 1, CARD_8A)


def _choose(ax: Axes) -> None:
    _card(ax, 0.1, 0.3, "8a", 1, CARD_8A, chosen=0)
    text(ax, 4.65, 1.2, "the token\ngoes by\nthe option\nchosen", READABLE, color="#555555")


def _hallway(ax: Axes) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Polygon, Rectangle

    _grid(ax)
    for x in range(7):
        ax.add_patch(Rectangle((x, 2), 1, 1, facecolor=HALLWAY_COLOR, edgecolor="none",
                               zorder=1.5))
    style: dict[str, Any] = {"color": GRAPHITE, "linewidth": 2.4, "solid_capstyle": "round",
                             "zorder": 6}
    ax.add_artist(Line2D([0, 0, 7, 7], [5, 0, 0, 5], **style))  # the outside wall
    ax.add_artist(Line2D([0, 7], [5, 5], **style))
    for x0, x1 in ((0, 1), (2, 5), (6, 7)):  # the rooms' walls on the hallway: doors, gaps
        ax.add_artist(Line2D([x0, x1], [2, 2], **style))
    for x0, x1 in ((0, 3), (4, 7)):
        ax.add_artist(Line2D([x0, x1], [3, 3], **style))
    ax.add_artist(Line2D([4, 4], [0, 2], **style))
    ax.add_artist(Line2D([3, 3], [3, 5], **style))
    ax.add_artist(Polygon([(7.05, 2.5), (7.45, 2.2), (7.45, 2.8)], closed=True,
                          facecolor=GRAPHITE, edgecolor="none", zorder=7, clip_on=False))
    ax.add_artist(Line2D([7, 7], [2, 3], color="white", linewidth=2.8, zorder=6.5))
    text(ax, 3.5, 2.5, "hallway", 8, ha="center", va="center", color="#2f6f2f", zorder=7)
    text(ax, 6.8, 3.3, "front\ndoor", READABLE, ha="right", color="#555555", zorder=7)
