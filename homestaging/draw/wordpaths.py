"""Many words of one style drawn as one collection of their letters' outlines.

A matplotlib text costs about a millisecond to lay out and draw; a plan of 10 000 pieces
has a name and a letter on each. Up to :data:`MAX_TEXTS` words of a style are drawn as
texts; more are drawn as the outlines of their letters (``matplotlib.textpath``), the
words of one colour one compound path in the plan's frame, with their boxes (badges)
another (a PDF or an SVG writes each as one element): the cost grows with the words,
not with matplotlib's layout of each. Each letter is outlined once and each pair of
letters laid out once (a line is placed from its pairs, the whole line laid out where a
pair ligates), so that thousands of distinct words (the letters of unreachable pieces)
cost little more than the same word repeated. What shows is the same words, in the same
font, at the same places, as ``matplotlib.textpath.TextPath`` outlines them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .labels import Label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["MAX_TEXTS", "outline_all", "write_all"]

#: The most words of one style drawn as texts (beyond: as outlines).
MAX_TEXTS = 300
#: Line spacing of a word of two lines, in font sizes (matplotlib's default).
LINE_SPACING = 1.2


def write_all(ax: Axes, labels: Sequence[Label], *, color: str | Sequence[str] = "black",
              bold: bool = False, zorder: float = 9.0, gid: str | Sequence[str],
              box: tuple[str, float] | None = None) -> None:
    """Write ``labels`` centred on ``ax`` (texts, or outlines past :data:`MAX_TEXTS`);
    ``color`` and ``gid`` are one for all or one a label (the outlines have the first
    gid); ``box`` = (face colour, pad in font sizes) draws each on a square badge."""
    colors = [color] * len(labels) if isinstance(color, str) else list(color)
    gids = [gid] * len(labels) if isinstance(gid, str) else list(gid)
    if len(labels) <= MAX_TEXTS:
        for label, one_color, one_gid in zip(labels, colors, gids, strict=True):
            style: dict[str, Any] = {}
            if box is not None:
                style["bbox"] = {"boxstyle": f"square,pad={box[1]}", "facecolor": box[0],
                                 "edgecolor": "none"}
            ax.text(label.x, label.y, label.text, ha="center", va="center",
                    fontsize=label.size, rotation=label.rotation, color=one_color,
                    fontweight="bold" if bold else "normal", zorder=zorder, gid=one_gid,
                    **style)
        return
    from .drawing import add_shapes

    per_point = _data_per_point(ax)
    if box is not None:
        badges = [_badge(label.text, label.size, label.rotation, bold, box[1])
                  for label in labels]
        add_shapes(ax, [_placed(badges, labels, per_point)], facecolors=box[0],
                   edgecolors="none", zorder=zorder, gid=f"{gids[0]}-boxes")
    by_color: dict[str, list[int]] = {}
    for index, one_color in enumerate(colors):
        by_color.setdefault(one_color, []).append(index)
    words = [_word(label.text, label.size, label.rotation, bold) for label in labels]
    add_shapes(ax, [_placed([words[i] for i in chosen], [labels[i] for i in chosen], per_point)
                    for chosen in by_color.values()],
               facecolors=list(by_color), edgecolors="none", zorder=zorder, gid=gids[0])


def outline_all(ax: Axes, words: Sequence[tuple[float, float, str]], *, size: float,
                color: str, zorder: float, gid: str) -> None:
    """Each (x, y, text) of one line on ``ax`` in ``size`` points, as the outlines of its
    letters where a text centred on (x, y) puts them (``ax.text(x, y, text, ha="center",
    va="center")``), all in one collection: for the short words a page repeats (a
    printed house's coordinates), which are many texts a page in all."""
    from matplotlib.collections import PathCollection

    ax.add_collection(PathCollection(
        [_as_text(text, size) for _, _, text in words],
        offsets=[(x, y) for x, y, _ in words], offset_transform=ax.transData,
        transform=_points(ax), facecolors=color, edgecolors="none", zorder=zorder, gid=gid),
        autolim=False)


@cache
def _as_text(line: str, size: float) -> Any:
    """The outline of ``line`` at ``size`` points where a matplotlib text centred on
    (0, 0) draws it (``Text``'s layout): its box as wide as the letters' extent from
    the pen's start and, from matplotlib 3.11, at least from the font's typographic
    descender to its ascender (the OS/2 table, else hhea); matplotlib 3.10 makes a line
    at least as tall as "lp". Centred."""
    import matplotlib
    from matplotlib.font_manager import FontProperties
    from matplotlib.path import Path as MplPath

    to_path, font, _ = _font(False)
    prop = FontProperties(family="DejaVu Sans", size=size)
    width, height, descent = to_path.get_text_width_height_descent(line, prop, ismath=False)
    ascent = height - descent
    scale = size / font.get_sfnt_table("head")["unitsPerEm"]
    if matplotlib.__version_info__ >= (3, 11):  # the font's own line height at the least
        for name, up, down in (("OS/2", "sTypoAscender", "sTypoDescender"),
                               ("hhea", "ascent", "descent")):
            table = font.get_sfnt_table(name)
            if table is not None:
                ascent = max(ascent, table[up] * scale)
                descent = max(descent, -table[down] * scale)
                break
    else:  # "lp"'s height at the least
        _, least, least_descent = to_path.get_text_width_height_descent("lp", prop,
                                                                        ismath=False)
        ascent, descent = max(ascent, least - least_descent), max(descent, least_descent)
    vertices, codes = _line(line, size, False)
    drawn = codes != MplPath.STOP
    return MplPath(vertices[drawn] + (-width / 2, (descent - ascent) / 2), codes[drawn],
                   readonly=True)


def _data_per_point(ax: Axes) -> tuple[float, float]:
    """The data units a point makes on ``ax``, across and up, where ``ax`` will be drawn
    (its aspect applied: the axes' size and limits are final, as the labeller, sizing
    the words to the squares, takes them to be)."""
    fig = ax.get_figure(root=True)
    assert fig is not None
    ax.apply_aspect()
    (x0, y0), (x1, y1) = ax.transData.transform([(0.0, 0.0), (1.0, 1.0)])
    return fig.dpi / 72 / (x1 - x0), fig.dpi / 72 / (y1 - y0)


def _placed(words: Sequence[Any], labels: Sequence[Label], per_point: tuple[float, float]
            ) -> Any:
    """One compound path in the data frame: each outline (in points, centred on (0, 0))
    centred on its label's spot."""
    import numpy as np
    from matplotlib.path import Path as MplPath

    counts = [len(word.vertices) for word in words]
    if not sum(counts):
        return MplPath(np.empty((0, 2)))
    spots = np.repeat([(label.x, label.y) for label in labels], counts, axis=0)
    vertices = np.concatenate([word.vertices for word in words]) * per_point + spots
    return MplPath(vertices, np.concatenate([word.codes for word in words]))


def _points(ax: Axes) -> Any:
    """Points to pixels on ``ax``'s figure, at any dpi."""
    from matplotlib.transforms import Affine2D

    fig = ax.get_figure(root=True)
    assert fig is not None
    return Affine2D().scale(1 / 72) + fig.dpi_scale_trans


@cache
def _word(text: str, size: float, rotation: int, bold: bool) -> Any:
    """The outline of ``text`` at ``size`` points, centred on (0, 0), turned by
    ``rotation`` degrees; lines centred one under the other."""
    import numpy as np
    from matplotlib.path import Path as MplPath
    from matplotlib.transforms import Affine2D

    lines = text.split("\n")
    all_vertices, all_codes = [], []
    for number, line in enumerate(lines):
        vertices, codes = _line(line, size, bold)
        xs = vertices[:, 0]  # the control points: enough for the middle
        middle = float(xs.max() + xs.min()) / 2 if len(xs) else 0.0
        # each line centred; the block centred on its middle line
        rise = (len(lines) - 1) / 2 - number
        shift = np.array([-middle, -0.36 * size + rise * LINE_SPACING * size])
        all_vertices.append(vertices + shift)
        all_codes.append(codes)
    vertices = np.concatenate(all_vertices)
    codes = np.concatenate(all_codes)
    if rotation:
        vertices = Affine2D().rotate_deg(rotation).transform(vertices)
    drawn = codes != MplPath.STOP  # as matplotlib's compound paths
    return MplPath(vertices[drawn], codes[drawn], readonly=True)


def _line(line: str, size: float, bold: bool) -> tuple[Any, Any]:
    """Vertices and codes of one line's outline at ``size`` points, from (0, 0): what
    ``matplotlib.textpath.TextPath`` gives, with each letter's outline taken from the
    font once (a TextPath looks the font up and outlines every letter anew)."""
    import numpy as np

    to_path, _, outlines = _font(bold)
    placed = _placed_by_pairs(line, bold)
    if placed is None:
        placed = _laid_out(line, bold)
    if not placed:
        return np.empty((0, 2)), np.empty(0, dtype=np.uint8)
    vertices = np.concatenate([outlines[glyph][0] * scale + (x, y)
                               for glyph, x, y, scale in placed])
    codes = np.concatenate([outlines[glyph][1] for glyph, _, _, _ in placed])
    return vertices * (size / to_path.FONT_SCALE), codes


Placed = list[tuple[str, float, float, float]]


def _laid_out(text: str, bold: bool) -> Placed:
    """Each letter's outline (a key of :func:`_font`'s outlines) and place at the
    converter's scale, as matplotlib lays ``text`` out."""
    to_path, font, outlines = _font(bold)
    font.set_size(to_path.FONT_SCALE, to_path.DPI)  # the font object is shared
    placed, new, _ = to_path.get_glyphs_with_font(font, text, glyph_map=outlines,
                                                  return_new_glyphs_only=True)
    outlines.update(new)
    return list(placed)


def _placed_by_pairs(line: str, bold: bool) -> Placed | None:
    """:func:`_laid_out` from the layouts of the line's letters two by two (each laid out
    once): the same places wherever the font only kerns pairs of letters; None where a
    pair is not two letters side by side (a ligature, a mark), for a layout of the whole
    line."""
    if len(line) < 2:
        return None
    first = _pair(line[0], line[1], bold)
    if first is None:
        return None
    placed = [first[0]]
    x = first[0][1]
    for left, right in pairwise(line):
        pair = _pair(left, right, bold)
        if pair is None:
            return None
        x += pair[1][1] - pair[0][1]
        placed.append((pair[1][0], x, pair[1][2], pair[1][3]))
    return placed


@cache
def _pair(left: str, right: str, bold: bool) -> Placed | None:
    """Two letters laid out together, if they are each letter's own glyph on one line."""
    placed = _laid_out(left + right, bold)
    alone = _laid_out(left, bold) + _laid_out(right, bold)
    if len(placed) != 2 or len(alone) != 2:
        return None
    if [p[0] for p in placed] != [a[0] for a in alone] or placed[0][2] != placed[1][2]:
        return None
    return placed


@cache
def _font(bold: bool) -> tuple[Any, Any, dict[str, Any]]:
    """A text-to-outline converter, the font (DejaVu Sans, bold or not) and the outlines
    of its letters met so far."""
    from matplotlib.font_manager import FontProperties, findfont, get_font
    from matplotlib.textpath import TextToPath

    prop = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal")
    return TextToPath(), get_font(findfont(prop)), {}


@cache
def _badge(text: str, size: float, rotation: int, bold: bool, pad: float) -> Any:
    """The square box around :func:`_word`, ``pad`` font sizes wider on each side."""
    from matplotlib.path import Path as MplPath

    vertices = _word(text, size, rotation, bold).vertices
    reach = abs(vertices).max(axis=0) if len(vertices) else (0.0, 0.0)
    half_w = float(reach[0]) + pad * size
    half_h = max(float(reach[1]), 0.36 * size) + pad * size
    return MplPath([(-half_w, -half_h), (half_w, -half_h), (half_w, half_h),
                    (-half_w, half_h), (-half_w, -half_h)], closed=True)
