"""PDF syntax written faster: the operators of a page's drawing, byte for byte as
matplotlib's PDF backend writes them.

Drawing a page, the backend writes each operator and its operands with
``PdfFile.output``, which turns every operand into PDF syntax with ``pdfRepr`` (a chain
of ``hasattr`` and ``isinstance`` tests, a NumPy test of each float) and joins them into
lines of at most 75 characters (``_fill``): a fifth of a book's time. :func:`fast_output`
puts in its place, while a PDF is written, an ``output`` that looks each operand's type
up once, keeps the text of the floats it has written (coordinates repeat) and joins a
short line at once; anything but the types the backend passes is left to ``pdfRepr``.
It also keeps the text objects of strings written before, the clip rectangles of
artists clipped alike, and hands the colours of a collection to matplotlib in the form
it converts fastest.
The bytes are the same (``tests/test_pdfsyntax.py`` compares the two on many values),
and only under a matplotlib known to write them this way
(:data:`homestaging.fontcache.KNOWN_MATPLOTLIB`).
"""

from __future__ import annotations

import contextlib
import math
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from .fontcache import chosen_font
from .swaps import Swap, Swaps

__all__ = ["fast_output", "pdf_repr"]

LINE = 75
"""matplotlib's longest line of operands, in characters (``_fill``'s ``linelen``)."""
FLOATS = 50_000
"""Texts of floats kept (they are forgotten all at once past this)."""

_swaps = Swaps()
_floats: dict[float, bytes] = {}
_reprs: dict[type, Callable[[Any], bytes]] = {}


def _float(value: float) -> bytes:
    found = _floats.get(value)
    if found is None:
        if not math.isfinite(value):
            raise ValueError("Can only output finite numbers in PDF")
        found = (b"%.10f" % value).rstrip(b"0").rstrip(b".")
        if value:  # 0.0 and -0.0 are equal keys but different texts: never kept
            if len(_floats) >= FLOATS:
                _floats.clear()
            _floats[value] = found
    return found


def _int(value: int) -> bytes:
    return b"%d" % value


def _list(values: list[Any] | tuple[Any, ...]) -> bytes:
    return _fill([b"[", *map(pdf_repr, values), b"]"])


def _bool(value: bool) -> bytes:
    return b"true" if value else b"false"


def _bbox(box: Any) -> bytes:
    return _fill([pdf_repr(number) for number in box.bounds])


_bounds: dict[tuple[bytes, Any], bytes] = {}
"""The syntax of clip rectangles by their box's corners and their transform's matrix."""
BOUNDS = 10_000
"""Clip rectangles kept (they are forgotten all at once past this)."""


def _transformed_bbox(composite: Any, affine: Any) -> Callable[[Any], bytes]:
    def leaves(transform: Any) -> Any:
        """The matrices a ``composite`` of ``affine`` transforms (a tree of them) is the
        product of, as bytes, in the tree's shape; None for any other transform."""
        if type(transform) is composite:
            a, b = leaves(transform._a), leaves(transform._b)
            return None if a is None or b is None else (a, b)
        return transform.get_matrix().tobytes() if isinstance(transform, affine) else None

    def write(box: Any) -> bytes:
        """A ``TransformedBbox``: one not worked out yet (each artist clipped to a patch
        has its own, made afresh, so the backend writes one per artist drawn, but the
        book's 1,800 are 31 rectangles) is written as one of the same corners and the
        same matrices was. Its bounds depend on nothing else:
        ``TransformedBbox.get_points`` transforms the corners with
        ``affine_transform`` and the product of those matrices when its transform is
        made of affine ones alone (the product is not worked out: half the cost)."""
        matrices = leaves(box._transform) if box._invalid else None
        if matrices is None:
            return _bbox(box)
        key = (box._bbox.get_points().tobytes(), matrices)
        found = _bounds.get(key)
        if found is None:
            if len(_bounds) >= BOUNDS:
                _bounds.clear()
            found = _bounds[key] = _bbox(box)
        return found
    return write


def _reprs_made() -> dict[type, Callable[[Any], bytes]]:
    """The types the backend passes, each with its syntax."""
    import numpy as np
    from matplotlib import transforms
    from matplotlib.backends import backend_pdf

    escapes = backend_pdf._str_escapes

    def string(value: bytes) -> bytes:
        return b"(" + value.decode("latin-1").translate(escapes).encode("latin-1") + b")"

    def operator(op: Any) -> bytes:
        return op._value_  # type: ignore[no-any-return]

    def verbatim(value: Any) -> bytes:
        return value._x  # type: ignore[no-any-return]

    return {
        float: _float, np.float64: _float, int: _int, bool: _bool, bytes: string,
        list: _list, tuple: _list, backend_pdf.Op: operator,
        backend_pdf.Name: backend_pdf.Name.pdfRepr,
        backend_pdf.Reference: backend_pdf.Reference.pdfRepr,
        backend_pdf.Verbatim: verbatim,
        transforms.Bbox: _bbox,
        transforms.TransformedBbox: _transformed_bbox(transforms.CompositeGenericTransform,
                                                      transforms.Affine2DBase),
    }


def pdf_repr(value: Any) -> bytes:
    """``value`` in PDF syntax, as matplotlib's ``pdfRepr`` writes it."""
    found = _reprs.get(type(value))
    if found is None:
        return _backend().pdfRepr(value)  # type: ignore[no-any-return]
    return found(value)


def _backend() -> Any:
    from matplotlib.backends import backend_pdf

    return backend_pdf


def _fill(strings: list[bytes]) -> bytes:
    """matplotlib's ``_fill``: the strings joined by spaces in lines of at most
    :data:`LINE` characters; a line that fits is joined at once."""
    if sum(map(len, strings)) + len(strings) <= LINE:
        return b" ".join(strings)
    return _backend()._fill(strings)  # type: ignore[no-any-return]


def _output(self: Any, *data: Any) -> None:
    """``PdfFile.output``: the operands and operator in one line (or a few)."""
    reprs = _reprs
    strings = []
    for value in data:
        found = reprs.get(type(value))
        strings.append(pdf_repr(value) if found is None else found(value))
    self.write(_fill(strings) + b"\n")


_pending: dict[int, tuple[Any, list[bytes]]] = {}
"""The bytes written to each compressed stream and not compressed yet."""
PENDING = 4096
"""Writes a stream gathers before it compresses them."""


def _stream_write(self: Any, data: bytes) -> None:
    """``Stream.write``: a compressed stream's bytes gathered and compressed many at a
    time (zlib's output does not depend on how its input is cut)."""
    if self.compressobj is None:
        self.file.write(data)
        return
    entry = _pending.get(id(self))
    if entry is None or entry[0] is not self:
        entry = _pending[id(self)] = (self, [])
    gathered = entry[1]
    gathered.append(data)
    if len(gathered) >= PENDING:
        self.file.write(self.compressobj.compress(b"".join(gathered)))
        gathered.clear()


def _stream_flush(original: Callable[[Any], None]) -> Callable[[Any], None]:
    def flush(self: Any) -> None:
        """``Stream._flush``: the gathered bytes compressed, then the stream's end."""
        entry = _pending.pop(id(self), None)
        if entry is not None and entry[0] is self and entry[1] \
                and self.compressobj is not None:
            self.file.write(self.compressobj.compress(b"".join(entry[1])))
        original(self)
    return flush


_bodies: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], bytes]] = (
    weakref.WeakKeyDictionary())
"""Per PDF file: the text objects (``BT`` to ``ET``) it has written, by string, font,
size, features and language."""


def _text_once(original: Callable[..., Any]) -> Callable[..., Any]:
    def draw_text(self: Any, gc: Any, x: float, y: float, s: str, prop: Any, angle: float,
                  ismath: Any = False, mtext: Any = None) -> Any:
        """``RendererPdf.draw_text``: a string already written in this PDF in the same
        font, size, features and language has the same text object, written again
        (its font found as :func:`homestaging.fontcache.chosen_font` finds it)."""
        import matplotlib

        if ismath or gc.get_url() is not None or matplotlib.rcParams["pdf.use14corefonts"]:
            return original(self, gc, x, y, s, prop, angle, ismath, mtext)
        features, language = ((mtext.get_fontfeatures(), mtext.get_language())
                              if mtext is not None else (None, None))
        font = chosen_font(self, prop)
        key = (s, font, prop.get_size_in_points(), features, language,
               matplotlib.rcParams["pdf.fonttype"])
        pdf = self.file
        bodies = _bodies.get(pdf)
        if bodies is None:
            bodies = _bodies[pdf] = {}
        body = bodies.get(key)
        if body is None:
            written: list[bytes] = []

            def write(data: bytes) -> None:
                written.append(data)
                type(pdf).write(pdf, data)

            pdf.write = write
            try:
                original(self, gc, x, y, s, prop, angle, ismath, mtext)
            finally:
                del pdf.write
            if written.count(b"BT\n") == 1 and written.count(b"ET\n") == 1:
                start, end = written.index(b"BT\n"), written.index(b"ET\n")
                if start < end:
                    bodies[key] = b"".join(written[start:end + 1])
            return None
        from matplotlib.backends.backend_pdf import Op

        self.check_gc(gc, gc._rgb)
        pdf.output(Op.gsave)
        turn = math.radians(angle)
        pdf.output(math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn), x, y,
                   Op.concat_matrix)
        pdf.write(body)
        pdf.output(Op.grestore)
        return None
    return draw_text


def _rgba_rows(colors: Any) -> Any:
    """An array of RGBA rows as a list of tuples of the same floats; anything else (or
    a negative zero, which ``to_rgba``'s cache would take for a zero) as it is."""
    import numpy as np

    if type(colors) is not np.ndarray or colors.ndim != 2 or colors.shape[1] != 4 \
            or colors.dtype != np.float64 or np.signbit(colors).any():
        return colors
    return list(map(tuple, colors.tolist()))


def _colors_once(original: Callable[..., Any]) -> Callable[..., Any]:
    def iter_collection(self: Any, gc: Any, path_ids: Any, offsets: Any, offset_trans: Any,
                        facecolors: Any, edgecolors: Any, *args: Any, hatchcolors: Any
                        ) -> Any:
        """``RendererBase._iter_collection``, given the edge and hatch colours as
        tuples: it passes each path's colours through ``colors.to_rgba``, which keeps
        what it made of a tuple but works out a row of an array anew each time (two
        fifths of the time of drawing a collection path by path, the book's pencil
        strokes). The RGBA it gives for a tuple is made of the same floats."""
        return original(self, gc, path_ids, offsets, offset_trans, facecolors,
                        _rgba_rows(edgecolors), *args, hatchcolors=_rgba_rows(hatchcolors))
    return iter_collection


@contextlib.contextmanager
def fast_output() -> Iterator[bool]:
    """While inside, matplotlib's PDF backend writes its operators through
    :func:`pdf_repr`; yields whether it does (a known matplotlib only)."""
    import matplotlib
    from matplotlib.backend_bases import RendererBase
    from matplotlib.backends import backend_pdf

    from .fontcache import KNOWN_MATPLOTLIB

    iterate: Any = vars(RendererBase).get("_iter_collection")  # RendererPdf inherits it
    swaps: list[Swap] = [
        (backend_pdf.PdfFile, "output", _output),
        (backend_pdf.Stream, "write", _stream_write),
        (backend_pdf.Stream, "_flush", _stream_flush(backend_pdf.Stream._flush)),
        (backend_pdf.RendererPdf, "draw_text", _text_once(backend_pdf.RendererPdf.draw_text)),
        (backend_pdf.RendererPdf, "_iter_collection", _colors_once(iterate))]
    if not matplotlib.__version__.startswith(KNOWN_MATPLOTLIB) or iterate is None \
            or "_iter_collection" in vars(backend_pdf.RendererPdf) \
            or any(name not in vars(owner) for owner, name, _ in swaps[:-1]):
        yield False
        return

    def first() -> None:
        if not _reprs:
            _reprs.update(_reprs_made())

    def last() -> None:
        _pending.clear()
        _bodies.clear()
        _bounds.clear()

    _swaps.enter(lambda: swaps, first)
    try:
        yield True
    finally:
        _swaps.leave(last)
