"""Previews of candidate placements (``place -o``): small multiples, one small plan per
candidate with its number, points and marks, so that no two candidates overlap.

* ``placements_figure(sheet, found, *, top=3, per_piece=False)`` the previews: one
  piece's best ``top`` candidates (at most six), numbered by rank as in the text list,
  or with ``per_piece`` (a card) the best candidate of each piece, numbered by piece.
  A key under them explains the marks and the names shortened.
* ``save_placements(sheet, path, found, ...)`` writes them (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import NotPlayable
from ..core.grid import cell_name, cells_text
from ..formats.output import write_atomic
from ..search.placement import Candidate
from ..text.panel import key_entries
from .drawing import GHOST_COLOR, PROBLEM_COLOR, figure_bytes, image_format, text_extent
from .labels import ShortNames
from .legend import draw_key, key_rows
from .render import KEY_COLUMN, KEY_ROW, annotate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..core.pieces import Piece
    from ..core.sheet import Sheet
    from ..search.moves import Move

__all__ = ["MAX_PREVIEWS", "placements_figure", "save_placements", "tile_caption"]

#: at most this many small plans
MAX_PREVIEWS = 6
#: a small plan's longer side, at most (inches)
TILE_INCHES = 3.6
#: the caption over each small plan (inches)
CAPTION = 0.5
HEADER = 0.45
#: (x, y, width, height) in inches from the figure's top-left
Box = tuple[float, float, float, float]


def tile_caption(number: int, piece: Piece, choice: Move | Candidate | None,
                 reason: str = "") -> tuple[str, str, bool]:
    """The two lines over a small plan and whether the second one warns: ``1. Sofa at
    C5, rotation 90`` and ``+3 points; cuts nothing off`` (or what it cuts off, that it
    leaves the room no door, that it spends the wild card), then for a move the bonuses
    it changes, the card options it leaves no room for, and what it is worth."""
    if choice is None:
        why = f": {reason}" if reason else ""
        return f"{number}. {piece.name}", f"no legal placement{why}", True
    candidate = _candidate(choice)
    head = f"{number}. {piece.name} at {cell_name(candidate.anchor)}, rotation {candidate.rotation}"
    marks = [f"+{candidate.points} point" + ("" if candidate.points == 1 else "s")]
    warn = False
    for cut in candidate.cuts_off:
        marks.append(f"cuts off {cut.what} at {cells_text(cut.cells)}")
        warn = True
    if not candidate.door_possible:
        marks.append("leaves the room no door")
        warn = True
    if candidate.mirror:
        marks.append("mirrored (wild card)")
    if not warn:
        marks.append("cuts nothing off")
    if not isinstance(choice, Candidate):
        if choice.bonus:
            marks.append(f"bonus {choice.bonus:+d}")
        if choice.crowded_out:
            marks.append(f"leaves no room for {', '.join(choice.crowded_out)}")
            warn = True
        if choice.value != candidate.points:
            marks.append(f"worth {choice.value}")
    return head, "; ".join(marks), warn


def _candidate(choice: Move | Candidate) -> Candidate:
    return choice if isinstance(choice, Candidate) else choice.candidate


def placements_figure(sheet: Sheet,
                      found: Sequence[tuple[Piece, Sequence[Move] | Sequence[Candidate]]], *,
                      top: int = 3, per_piece: bool = False, reasons: Sequence[str] = (),
                      card: int | None = None, ranked: Sequence[int] = ()) -> Figure:
    """Small plans of the candidates (see the module docstring); ``found`` pairs each
    piece with its moves (:class:`homestaging.search.moves.Move`) or candidates, best first;
    ``reasons`` (per piece) say why a piece has none; ``card`` names the card in the
    title; ``ranked`` (per piece) how many placements a list that holds only the best
    stands for (default: its length). Raises ValueError when there is nothing to draw."""
    from matplotlib.figure import Figure

    tiles: list[tuple[int, Piece, Move | Candidate | None, str]] = []
    where = f" in {sheet.current_room}" if sheet.current_room else ""
    header = ""
    if per_piece:
        for number, (piece, candidates) in enumerate(found[:MAX_PREVIEWS], 1):
            reason = reasons[number - 1] if number - 1 < len(reasons) else ""
            tiles.append((number, piece, candidates[0] if candidates else None, reason))
        header = (f"Card {card}" if card is not None else "Card") + (
            f": the best placement of each piece{where}")
    elif found:
        piece, candidates = found[0]
        count = min(top if top > 0 else MAX_PREVIEWS, MAX_PREVIEWS, len(candidates))
        chosen: Sequence[Move | Candidate] = candidates[:count]
        tiles = [(rank, piece, c, "") for rank, c in enumerate(chosen, 1)]
        total = ranked[0] if ranked else len(candidates)
        header = (f"{piece.name}{where}: the best {count} of {total} legal "
                  f"placements, best first" if count > 1 else
                  f"{piece.name}{where}: the best of {total} legal placements")
    if not any(candidate is not None for _, _, candidate, _ in tiles):
        raise NotPlayable("no legal placement to preview")

    project = sheet.project
    square = min(0.22, TILE_INCHES / (max(project.width, project.height) + 1.3))
    plan_w, plan_h = (project.width + 1.3) * square, (project.height + 1.3) * square
    columns = len(tiles) if len(tiles) <= 3 else 2 if len(tiles) == 4 else 3
    rows = math.ceil(len(tiles) / columns)
    tile_w, tile_h = max(plan_w, 2.6) + 0.2, plan_h + CAPTION + 0.15
    width = max(columns * tile_w, 2 * KEY_COLUMN)
    size = (width, HEADER + rows * tile_h)
    fig = Figure(figsize=size)
    short_names = ShortNames()
    marks: set[str] = {"ghost"}
    plans: list[tuple[Axes, Box]] = []
    captions: list[tuple[float, float, tuple[str, str, bool]]] = []
    for index, (number, piece, choice, reason) in enumerate(tiles):
        row, column = divmod(index, columns)
        box = (column * tile_w + (tile_w - plan_w) / 2, HEADER + row * tile_h + CAPTION,
               plan_w, plan_h)
        ax = fig.add_axes(_fraction(size, box), label=f"plan-{number}")
        ghosts = [(str(number), _candidate(choice).placement)] if choice is not None else []
        drawn = annotate(ax, sheet, None, show_routes=False, ghosts=ghosts,
                         short_names=short_names)
        marks.update(drawn.marks)
        plans.append((ax, box))
        captions.append((column * tile_w + 0.1, box[1] - CAPTION + 0.05,
                         tile_caption(number, piece, choice, reason)))

    # the key under the plans: its height is known once every plan is drawn
    entries = key_entries(marks)
    key_columns = max(1, min(len(entries), int(width // KEY_COLUMN)))
    pairs = short_names.key()
    key_h = key_rows(entries, pairs, key_columns) * KEY_ROW + 0.2
    size = (width, HEADER + rows * tile_h + key_h)
    fig.set_size_inches(*size)
    for ax, box in plans:
        ax.set_position(_fraction(size, box))
    words = fig.add_axes((0, 0, 1, 1), label="captions")
    words.set_axis_off()
    words.set_xlim(0, size[0])
    words.set_ylim(size[1], 0)
    words.text(0.1, HEADER / 2, header, ha="left", va="center", fontsize=10,
               fontweight="bold", gid="previews-header")
    for x, y, (head, line, warn) in captions:
        _caption(words, x, y, head, 8.5, width=tile_w - 0.2, fontweight="bold",
                 color=GHOST_COLOR, gid="preview-caption")
        _caption(words, x, y + 0.22, line, 7.5, width=tile_w - 0.2,
                 color=PROBLEM_COLOR if warn else "#333333", gid="preview-marks")
    key = fig.add_axes(_fraction(size, (0.1, size[1] - key_h, width - 0.2, key_h)), label="key")
    draw_key(key, entries, pairs, key_columns)
    return fig


def _caption(ax: Axes, x: float, y: float, text: str, size: float, *, width: float,
             **style: Any) -> None:
    """One caption line from its top-left, shortened with '...' to ``width`` inches."""
    bold = style.get("fontweight") == "bold"
    limit = width * 72 / size
    while len(text) > 4 and text_extent(text, bold=bold)[0] > limit:
        text = text[:-4] + "..."
    ax.text(x, y, text, ha="left", va="top", fontsize=size, **style)


def _fraction(size: tuple[float, float], box: Box) -> tuple[float, float, float, float]:
    """A box in inches from the top-left as a figure's (left, bottom, width, height)."""
    width, height = size
    x, y, w, h = box
    return x / width, 1 - (y + h) / height, w / width, h / height


def save_placements(sheet: Sheet, path: str | Path,
                    found: Sequence[tuple[Piece, Sequence[Move] | Sequence[Candidate]]], *,
                    top: int = 3, per_piece: bool = False, reasons: Sequence[str] = (),
                    card: int | None = None, ranked: Sequence[int] = (),
                    dpi: int = 150) -> None:
    """Write :func:`placements_figure` (``.png``, ``.svg`` or ``.pdf``)."""
    fmt = image_format(path)
    fig = placements_figure(sheet, found, top=top, per_piece=per_piece, reasons=reasons,
                            card=card, ranked=ranked)
    title = f"{sheet.project.name} - placements"
    write_atomic(path, figure_bytes(fig, fmt, dpi=dpi, title=title, subject="Home Staging plan"))
