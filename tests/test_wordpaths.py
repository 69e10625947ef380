"""Many words drawn as letter outlines, measured letter by letter (issue 36): the same
outlines as matplotlib's ``TextPath``, extents within the labeller's margin."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path as MplPath
from matplotlib.textpath import TextPath

from homestaging.draw.drawing import MANY_HATCHED, add_hatched, cells_path
from homestaging.draw.planwords import measure_for, measure_letters
from homestaging.draw.wordpaths import _laid_out, _line, _placed_by_pairs, _word, outline_all
from homestaging.text.panel import piece_letter


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("text", ["A", "AVB", "Chair 2", "NTPQ", "Wo rd", "Tv éç"])
def test_a_line_is_outlined_as_textpath_outlines_it(text: str, bold: bool) -> None:
    prop = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal")
    for size in (4.5, 7.3, 12.0):
        expected = TextPath((0, 0), text, size=size, prop=prop)
        vertices, codes = _line(text, size, bold)
        assert np.array_equal(vertices, expected.vertices)
        assert np.array_equal(codes, expected.codes)


def test_a_word_of_two_lines_is_centred_and_turned() -> None:
    word = _word("AB\nC", 6.0, 90, True)
    flat = _word("AB\nC", 6.0, 0, True)
    assert np.allclose(word.vertices, flat.vertices @ np.array([[0, 1], [-1, 0]]))
    first = _line("AB", 6.0, True)[0]
    assert len(flat.vertices) == len(first) + len(_line("C", 6.0, True)[0])
    xs = flat.vertices[:len(first), 0]
    assert xs.max() + xs.min() == pytest.approx(0.0)  # the first line centred


def test_letters_measured_one_at_a_time_stay_within_the_margin() -> None:
    """A word's width is its letters' side by side: at most 2 % narrower than its own
    layout (the labeller leaves 10 % for glyphs snapped to pixels), wider where letters
    kern; the same height."""
    exact, letters = measure_for(bold=True, pad=0.15), measure_letters(bold=True, pad=0.15)
    for number in range(1, 20_000, 97):
        text = piece_letter(number)
        (w0, h0), (w1, h1) = exact(text), letters(text)
        assert w1 >= 0.98 * w0
        assert h1 == h0
    assert letters("AB\nC") == exact("AB\nC")  # two lines: laid out whole


def test_many_hatched_shapes_are_one_path() -> None:
    from matplotlib.figure import Figure

    for count in (MANY_HATCHED, MANY_HATCHED + 1):
        ax = Figure().add_subplot()
        add_hatched(ax, [cells_path(frozenset({(x, 0)})) for x in range(0, 2 * count, 2)],
                    facecolors="none", edgecolors="red", hatch="////", gid="hatched")
        (group,) = ax.collections
        paths = group.get_paths()
        starts = [int((path.codes == MplPath.MOVETO).sum()) for path in paths]
        assert starts == ([1] * count if count == MANY_HATCHED else [count])
        assert group.get_hatch() == "////"


def test_letters_placed_two_by_two_are_placed_as_the_whole_line() -> None:
    """Lines are laid out from their letters' pairs; where the whole line is not its
    letters side by side (a ligature: fi, ff; a combining mark), the pairs give way to the
    layout of the whole line. Whether matplotlib makes ligatures depends on its version
    (3.11 shapes text, 3.10, the last for Python 3.10, does not): the pairs must give the
    whole line's layout or nothing, and nothing where the line has fewer glyphs."""
    words = [piece_letter(n) for n in range(27, 20_000, 7)] + ["AVATAR", "Wo Ty", "LT 1,2,3"]
    for bold in (False, True):
        for word in words:
            assert _placed_by_pairs(word, bold) == _laid_out(word, bold)
        for word in ("office", "flow", "e\u0301te\u0301"):
            pairs = _placed_by_pairs(word, bold)
            assert pairs is None or pairs == _laid_out(word, bold)
            if len(_laid_out(word, bold)) < len(word):
                assert pairs is None
            assert np.array_equal(_line(word, 6.0, bold)[0], TextPath(
                (0, 0), word, size=6.0, prop=FontProperties(
                    family="DejaVu Sans", weight="bold" if bold else "normal")).vertices)


def _ink(draw: Callable[[Axes], None]) -> tuple[float, float, float, float]:
    """The box of the ink ``draw`` puts on an empty axes, in pixels at 600 dpi."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(1.0, 0.5), dpi=600)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(-1, 1)
    ax.set_ylim(1, -1)
    ax.set_axis_off()
    draw(ax)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    ink = np.asarray(canvas.buffer_rgba())[:, :, 0] < 128
    ys, xs = np.nonzero(ink)
    return xs.min(), ys.min(), xs.max(), ys.max()


@pytest.mark.parametrize("size", [4.5, 9.0])
@pytest.mark.parametrize("text", ["A", "1", "16", "J", "Wy", "Q"])
def test_an_outlined_word_is_where_a_centred_text_draws_it(text: str, size: float) -> None:
    """A printed house's coordinates as outlines: where ``ax.text(..., ha="center",
    va="center")`` puts the letters, to a pixel at 600 dpi."""
    as_text = _ink(lambda ax: ax.text(0.2, 0.3, text, ha="center", va="center", fontsize=size))
    outlined = _ink(lambda ax: outline_all(ax, [(0.2, 0.3, text)], size=size, color="black",
                                           zorder=3, gid="word"))
    assert np.abs(np.subtract(as_text, outlined)).max() <= 1, (as_text, outlined)


def test_many_words_stand_where_and_as_large_as_a_text_would() -> None:
    """Past MAX_TEXTS, the words of one colour are one compound path in the axes' data
    frame: each word's outline, in points, centred on its spot once the axes' equal
    aspect is applied, whatever the dpi the figure is drawn at."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from homestaging.draw.labels import Label
    from homestaging.draw.wordpaths import MAX_TEXTS, write_all

    fig = Figure(figsize=(8, 5))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 40)
    ax.set_ylim(20, 0)
    ax.set_aspect("equal")  # drawn, the box shrinks to 4 inches high: 14.4 points a square
    labels = [Label(0.5 + n % 40, 0.5 + n // 40, "Ab", 7.0, 90 * (n % 2), (0, 0, 0, 0))
              for n in range(MAX_TEXTS + 1)]
    write_all(ax, labels, color=["black"] * MAX_TEXTS + ["white"], gid="word")
    black, white = ax.collections[0].get_paths()
    assert labels[-1].rotation == 0
    assert np.array_equal(white.codes, _word("Ab", 7.0, 0, False).codes)
    fig.set_dpi(150)
    FigureCanvasAgg(fig).draw()
    spot = ax.transData.transform((labels[-1].x, labels[-1].y))
    expected = _word("Ab", 7.0, 0, False).vertices * 150 / 72 + spot
    assert np.allclose(ax.transData.transform(white.vertices), expected, atol=1e-6)
    assert len(black.vertices) == MAX_TEXTS // 2 * (len(_word("Ab", 7.0, 0, False).vertices)
                                                    + len(_word("Ab", 7.0, 90, False).vertices))
