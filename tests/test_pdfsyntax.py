"""The faster PDF syntax writes what matplotlib's ``pdfRepr``, ``_fill`` and
``PdfFile.output`` write, value for value, and a PDF to the byte; it is in place only
while a PDF is written."""

from __future__ import annotations

import random
import zlib

import numpy as np
import pytest
from matplotlib.backends import backend_pdf
from matplotlib.transforms import Affine2D, Bbox, TransformedBbox

from homestaging import pdfsyntax
from homestaging.fontcache import usable
from homestaging.printing import projects_pdf
from homestaging.projectreader import find_project

HOOKED = pytest.mark.skipif(not usable(), reason="a matplotlib this module does not know")
Op, Name = backend_pdf.Op, backend_pdf.Name

FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-11, -1e-11, 5e-11, 4.9999999999e-11, 1e-10, 123456.7890123,
          0.1 + 0.2, 2.0 ** 60, 1e20, -3.5e15, 72.00000000001, 1 / 3, -2 / 3, 595.2755905511812,
          np.float64(12.25), np.float64(-0.0), np.float64(1e-12)]


def values() -> list[object]:
    made: list[object] = [*FLOATS, 0, 1, -7, 2 ** 40, True, False, None, np.int64(3),
                          np.float32(0.1), b"", b"plain", b"(paren) back\\slash\r\n\x00\xff",
                          "text", "ünïcode", Name("F1"), Name("DejaVuSans-Bold"),
                          backend_pdf.Reference(12), backend_pdf.Verbatim(b"1 0 0 1 0 0 cm"),
                          Bbox.from_bounds(1.5, -2.25, 100.0, 0.0001),
                          TransformedBbox(Bbox.from_bounds(0, 0, 1, 1), Affine2D().scale(2.5)),
                          [], (), [1.0, -3.5, b"ab", 2.0], [[0.5, [Name("X")]], Op.fill],
                          {"Type": Name("Font"), "Size": 9.0}, *Op]
    draw = random.Random(7)
    made += [draw.uniform(-1000, 1000) for _ in range(300)]
    made += [round(draw.uniform(-100, 100), draw.randint(0, 12)) for _ in range(300)]
    made += [draw.choice([1, -1]) * 10 ** draw.uniform(-14, 14) for _ in range(300)]
    return made


@HOOKED
def test_each_value_is_written_as_matplotlib_writes_it() -> None:
    pdfsyntax._reprs.update(pdfsyntax._reprs_made())
    for value in values():
        assert pdfsyntax.pdf_repr(value) == backend_pdf.pdfRepr(value), repr(value)
        assert pdfsyntax.pdf_repr(value) == backend_pdf.pdfRepr(value), repr(value)  # kept


@HOOKED
@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"),
                                   np.float64("nan"), [1.0, float("nan")]])
def test_what_pdf_cannot_say_is_refused_as_matplotlib_refuses_it(value: object) -> None:
    pdfsyntax._reprs.update(pdfsyntax._reprs_made())
    with pytest.raises(ValueError, match="finite"):
        backend_pdf.pdfRepr(value)
    with pytest.raises(ValueError, match="finite"):
        pdfsyntax.pdf_repr(value)


def clip_boxes() -> list[TransformedBbox]:
    """The clip boxes of texts clipped to their axes' patch (each its own, made anew),
    on axes of several places, turned and on a log scale."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    fig = Figure(figsize=(5.5, 3.25), dpi=72)
    made = []
    for n, box in enumerate([(0.0, 0.0, 1.0, 1.0), (0.1, 0.2, 0.3, 0.4), (0.5, 0.5, 0.5, 0.5)]):
        ax = fig.add_axes(box)
        ax.set_xlim(-3.5, 40.0 * n + 1)
        patch = Rectangle((0.1, 0.1), 0.5, 0.2, angle=15.0 * n, transform=ax.transAxes)
        for clip in (ax.patch, ax.patch, patch):
            text = ax.text(0.5, 0.5, "x")
            text.set_clip_path(clip)
            made.append(text.clipbox)
        made.append(TransformedBbox(Bbox.from_bounds(1, 2, 3, 4), ax.transData))
    ax.set_xscale("log")  # not affine: worked out as ever
    made.append(TransformedBbox(Bbox.from_bounds(1, 2, 3, 4), ax.transData))
    return made


@HOOKED
def test_clip_boxes_made_anew_are_written_as_matplotlib_writes_them() -> None:
    pdfsyntax._reprs.update(pdfsyntax._reprs_made())
    pdfsyntax._bounds.clear()
    ours, theirs = clip_boxes(), clip_boxes()
    assert [pdfsyntax.pdf_repr(box) for box in ours] == [
        backend_pdf.pdfRepr(box) for box in theirs]
    # the axes' patch twice the same; the data's (a scale inside) not kept
    assert len(pdfsyntax._bounds) == 6
    assert [pdfsyntax.pdf_repr(box) for box in ours] == [  # worked out: as ever
        backend_pdf.pdfRepr(box) for box in ours]
    pdfsyntax._bounds.clear()


def test_lines_are_filled_as_matplotlib_fills_them() -> None:
    draw = random.Random(3)
    for _ in range(2000):
        strings = [b"x" * draw.randint(0, 30) for _ in range(draw.randint(0, 12))]
        assert pdfsyntax._fill(strings) == backend_pdf._fill(strings), strings


class Sink:
    def __init__(self) -> None:
        self.data: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.data.append(data)


@HOOKED
def test_an_operator_line_is_the_one_matplotlib_writes() -> None:
    pdfsyntax._reprs.update(pdfsyntax._reprs_made())
    lines = [(Op.gsave,), (1.0, 0.0, -0.0, 1.0, 123.456, 1e-11, Op.concat_matrix),
             (Name("F1"), 9.0, Op.selectfont), ([b"Sofa", -12.5, b"(x)"], Op.showkern),
             tuple(values()[:60])]
    for line in lines:
        ours, theirs = Sink(), Sink()
        pdfsyntax._output(ours, *line)
        backend_pdf.PdfFile.output(theirs, *line)
        assert b"".join(ours.data) == b"".join(theirs.data)


def test_compressed_bytes_do_not_depend_on_how_the_input_is_cut() -> None:
    data = b"".join(b"%d %d m %d %d l S\n" % (i, i * 7, i * 3, i) for i in range(20000))
    whole = zlib.compressobj(6)
    expected = whole.compress(data) + whole.flush()
    draw = random.Random(5)
    pieces = zlib.compressobj(6)
    out, start = [], 0
    while start < len(data):
        end = start + draw.choice([1, 3, 40, 700, 9000])
        out.append(pieces.compress(data[start:end]))
        start = end
    assert b"".join(out) + pieces.flush() == expected


@HOOKED
def test_a_pdf_is_the_same_to_the_byte_and_matplotlib_is_left_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    output = vars(backend_pdf.PdfFile)["output"]
    write, flush = vars(backend_pdf.Stream)["write"], vars(backend_pdf.Stream)["_flush"]
    monkeypatch.setattr(pdfsyntax, "PENDING", 7)  # a stream compressed in many pieces
    projects = [find_project("tutorial")]
    fast = projects_pdf(projects)
    assert vars(backend_pdf.PdfFile)["output"] is output
    assert (vars(backend_pdf.Stream)["write"], vars(backend_pdf.Stream)["_flush"]) == (
        write, flush)
    assert pdfsyntax._pending == {}
    assert "_iter_collection" not in vars(backend_pdf.RendererPdf)
    monkeypatch.setattr(pdfsyntax, "fast_output", _off)
    assert projects_pdf(projects) == fast


def _off() -> object:
    import contextlib

    return contextlib.nullcontext(False)


def test_an_unknown_matplotlib_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from homestaging import fontcache

    monkeypatch.setattr(fontcache, "KNOWN_MATPLOTLIB", ("2.",))
    output = vars(backend_pdf.PdfFile)["output"]
    with pdfsyntax.fast_output() as hooked:
        assert not hooked and vars(backend_pdf.PdfFile)["output"] is output


@HOOKED
def test_a_text_written_again_is_the_same_text_object(monkeypatch: pytest.MonkeyPatch) -> None:
    import weakref

    from matplotlib.figure import Figure

    from homestaging.drawing import figure_bytes

    def figure() -> Figure:
        fig = Figure(figsize=(3, 2))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        for n in range(3):  # the same string thrice, turned, and in bold
            ax.text(0.1 * n, 0.2, "Sofa (2)", fontsize=9, rotation=30 * n)
        ax.text(0.5, 0.5, "Sofa (2)", fontsize=9, fontweight="bold")
        ax.text(0.5, 0.8, "Sofa (2)", fontsize=9, url="https://example.org/sofa")
        ax.text(0.1, 0.9, r"$x^2$ Sofa", fontsize=9)
        return fig

    kept: weakref.WeakKeyDictionary[object, dict[tuple[object, ...], bytes]] = (
        weakref.WeakKeyDictionary())
    monkeypatch.setattr(pdfsyntax, "_bodies", kept)
    with pdfsyntax.fast_output():  # kept after the PDF is written
        fast = figure_bytes(figure(), "pdf")
        assert [sorted((key[0], key[2]) for key in texts) for texts in kept.values()] == [
            [("Sofa (2)", 9.0), ("Sofa (2)", 9.0)]]  # regular and bold; not the link's
    monkeypatch.setattr(pdfsyntax, "fast_output", _off)
    assert figure_bytes(figure(), "pdf") == fast
    assert fast.count(b"/Link") == 1


@HOOKED
def test_the_text_objects_are_kept_per_pdf_file() -> None:
    with pdfsyntax.fast_output():
        projects_pdf([find_project("tutorial")])
        assert len(pdfsyntax._bodies) <= 1
    assert not pdfsyntax._bodies


@HOOKED
def test_collections_colours_given_as_tuples_draw_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    from homestaging.drawing import figure_bytes

    def figure() -> Figure:
        fig = Figure(figsize=(3, 2))
        ax = fig.add_axes((0, 0, 1, 1))
        draw = random.Random(11)
        segments = [[(draw.random(), draw.random()), (draw.random(), draw.random())]
                    for _ in range(40)]
        colours = [(draw.random(), draw.random(), draw.random(), draw.choice([0.0, 0.5, 1.0]))
                   for _ in range(40)]
        ax.add_collection(LineCollection(segments, colors=colours, linewidths=[0.5, 1.5]))
        ax.add_collection(LineCollection(segments[:3], colors="#336699"))
        ax.add_collection(PatchCollection(
            [Rectangle((0.1 * n, 0.2), 0.05, 0.05) for n in range(8)], hatch="//",
            facecolor="none", edgecolor=["red", "blue"], hatchcolor=["green", "0.5"]))
        return fig

    with pdfsyntax.fast_output():
        fast = figure_bytes(figure(), "pdf")
    monkeypatch.setattr(pdfsyntax, "fast_output", _off)
    assert figure_bytes(figure(), "pdf") == fast


def test_colour_rows_become_tuples_of_the_same_floats() -> None:
    rows = np.array([[0.1, 0.2, 0.3, 1.0], [1.0, 0.0, 0.5, 0.25]])
    assert pdfsyntax._rgba_rows(rows) == [(0.1, 0.2, 0.3, 1.0), (1.0, 0.0, 0.5, 0.25)]
    assert pdfsyntax._rgba_rows(rows[:0]) == []
    for kept in (np.array([[0.1, -0.0, 0.3, 1.0]]), rows[:, :3], rows.astype(np.float32),
                 [], [(0.1, 0.2, 0.3, 1.0)]):
        assert pdfsyntax._rgba_rows(kept) is kept
