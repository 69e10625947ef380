"""Font subsets kept ready: the TrueType subsets a PDF embeds, made once and then loaded.

Every PDF homestaging writes embeds its fonts as TrueType (Type 42), cut down to the
glyphs it uses. matplotlib makes each subset with fontTools, which costs more than
drawing the pages, and the same pages need the same glyphs run after run. So the
subset's bytes (and the glyph numbering it comes with) are saved in the cache folder
the first time and loaded afterwards; the PDF is the same to the byte either way.

An entry is used only while its key holds: a SHA-256 of the font file's path, face and
contents, the exact set of glyphs, the versions of matplotlib and fontTools and the
source of the matplotlib module that makes the subsets (its options); an entry repeats the
key and a checksum of the font bytes, checked on loading. The cache folder is the one
of :mod:`homestaging.datacache` (``fonts/`` inside; ``HOMESTAGING_CACHE_DIR=`` empty
turns it off); an entry that cannot be read or written is simply made anew.

The hook is narrow: :func:`cached_subsets` replaces matplotlib's private
``_backend_pdf_ps.get_glyphs_subset`` while a PDF is written, and only for the
matplotlib versions whose use of it is known (:data:`KNOWN_MATPLOTLIB`, with the same
parameters); any other version writes its PDFs without the cache.

:func:`pdf_backend` imports the PDF backend with the two fontTools modules it imports
but a PDF of ours seldom uses loaded on first use (:data:`LAZY`): the subsetter (only
needed when a subset is not in the cache) and the glyph-name list (TeX fonts only).
Importing them costs about a tenth of what importing matplotlib and pyplot does. While
it imports, the artist classes matplotlib defines skip making their ``set`` method's
docstring and signature (every setter of every class inspected and its docstring
parsed: a fifth of the import's time), which nothing but ``help()`` reads; their ``set``
says so in its docstring (:data:`SETTER_DOC`) and works as ever.

:func:`text_once`, while a PDF is written, keeps what the PDF backend works out about
its text again and again (per page, per draw, per glyph): the same values, worked out
once per document. A string's width, height and descent and its glyphs laid out (about
0.4 ms of FreeType and libraqm per distinct string) are also kept in the cache folder
(``text/``), one file per font (its files and their fallbacks) and version of matplotlib,
FreeType and libraqm (:class:`_TextStore`): loaded once per process, written atomically
when a PDF brought new strings.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import math
import os
import sys
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from .datacache import cache_dir, read_entry, write_entry
from .swaps import Swap, Swaps

__all__ = ["FORMAT", "KEEP", "KNOWN_MATPLOTLIB", "LAZY", "SETTER_DOC", "TEXT_FORMAT",
           "cached_subsets", "chosen_font", "entry_folder", "pdf_backend", "text_folder",
           "text_once", "usable"]

FORMAT = b"homestaging-font-subset/1\n"
"""The first line of an entry."""
KNOWN_MATPLOTLIB = ("3.11.",)
"""matplotlib versions (prefixes) whose PDF backend uses the subset as this module
expects: ``get_glyphs_subset(fontfile, glyphs)`` yielding ``SubsetResults(font,
glyph_index_map)``, and the font saved with ``font_as_file``."""
KEEP = 200
"""Entries kept (the newest): every distinct set of glyphs of a font makes one."""
LAZY = ("fontTools.subset", "fontTools.agl")
"""Modules the PDF backend imports that :func:`pdf_backend` loads on first use."""
MEMORY = 32
"""Subsets kept in memory by one process (a server or the tests write many PDFs)."""
TEXT_FORMAT = "homestaging-text/2"
"""The format of a file of text measures and layouts (the first of its key's parts)."""
ANY_SIZE = 12.0
"""The size in points of the font properties standing for every size of a font, where
the fonts matplotlib chooses from are all scalable (its ``score_size`` is then 0)."""
TEXT_KEEP = 20_000
"""Strings a file of text measures keeps at most: past it, the file starts again from
the strings of the PDF being written."""

_load_lock = threading.RLock()
_loading: set[str] = set()
_subset_swaps = Swaps()
_original: Callable[..., Any] | None = None
_digests: dict[tuple[str, int, int], str] = {}
_memory: dict[str, tuple[bytes, dict[int, int]]] = {}


class _Deferred(ModuleType):
    """A module whose code runs when one of its own names is first asked for.

    Unlike ``importlib.util.LazyLoader`` (whose modules load on any attribute, even the
    ``__spec__`` that ``import a.b`` reads when ``a.b`` is imported already, as
    matplotlib's ``dviread`` does with the glyph-name list), the names the import system
    reads (``__spec__``, ``__name__``, ...) are set from the start and load nothing."""

    def __getattr__(self, name: str) -> Any:
        with _load_lock:
            if type(self) is _Deferred and self.__name__ not in _loading:
                _loading.add(self.__name__)
                try:
                    loader = self.__spec__.loader if self.__spec__ else None
                    assert loader is not None
                    loader.exec_module(self)
                    self.__class__ = ModuleType  # type: ignore[assignment]  # loaded: a plain module
                finally:
                    _loading.discard(self.__name__)
        return ModuleType.__getattribute__(self, name)


def _lazy(name: str) -> None:
    """Import ``name`` to be loaded when first used (see :class:`_Deferred`); nothing
    changes if it is imported already."""
    if name in sys.modules:
        return
    parent_name, _, child = name.rpartition(".")
    try:
        parent = importlib.import_module(parent_name)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return
    except (ImportError, TypeError, ValueError):  # imported as usual, when it is needed
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _Deferred
    sys.modules[name] = module
    setattr(parent, child, module)


SETTER_DOC = ("Set multiple properties at once (the list of properties is not made in "
              "this process: ``matplotlib.artist.kwdoc(type(self))`` gives it).")
"""The docstring of ``set`` on the artist classes imported by :func:`pdf_backend`."""


def _plain_setters(cls: Any) -> None:
    """What ``Artist._update_set_signature_and_docstring`` becomes while
    :func:`pdf_backend` imports: ``cls.set`` marked as matplotlib marks it, with a short
    docstring and the signature of its code (``self, **kwargs``)."""
    cls.set._autogenerated_signature = True
    cls.set.__doc__ = SETTER_DOC


def _no_kwdoc(_artist: object) -> str:
    return SETTER_DOC


@contextlib.contextmanager
def _setters_undocumented() -> Iterator[None]:
    """While inside, the artist classes matplotlib defines skip writing their ``set``
    method's docstring and signature (every property's setter inspected, its docstring
    parsed), which only ``help()`` reads; a known matplotlib only. A fifth of the time
    of importing matplotlib's figure and PDF backend."""
    import matplotlib

    if not matplotlib.__version__.startswith(KNOWN_MATPLOTLIB):
        yield
        return
    from matplotlib import artist

    swaps: list[tuple[Any, str, Any]] = [
        (artist.Artist, "_update_set_signature_and_docstring", classmethod(_plain_setters)),
        (artist, "kwdoc", _no_kwdoc)]
    saved = [(owner, name, vars(owner).get(name)) for owner, name, _ in swaps]
    if any(value is None for _, _, value in saved):
        yield
        return
    for owner, name, value in swaps:
        setattr(owner, name, value)
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


def pdf_backend() -> ModuleType:
    """matplotlib's PDF backend, imported with the modules of :data:`LAZY` loaded on
    first use and the artist classes' ``set`` left without a generated docstring."""
    if "matplotlib.backends.backend_pdf" not in sys.modules:
        for name in LAZY:
            _lazy(name)
        with _setters_undocumented():
            from matplotlib.backends import backend_pdf
    from matplotlib.backends import backend_pdf

    return backend_pdf


def entry_folder() -> Path | None:
    """The folder of the font subsets, or None when the cache is turned off."""
    folder = cache_dir()
    return None if folder is None else folder / "fonts"


def text_folder() -> Path | None:
    """The folder of the text measures and layouts, or None when the cache is off."""
    folder = cache_dir()
    return None if folder is None else folder / "text"


def usable() -> bool:
    """Whether the installed matplotlib is one this module knows how to hook."""
    import inspect

    import matplotlib
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    if not matplotlib.__version__.startswith(KNOWN_MATPLOTLIB):
        return False
    function = getattr(pdf_ps, "get_glyphs_subset", None)
    results = getattr(pdf_ps, "SubsetResults", None)
    if function is None or not hasattr(pdf_ps, "font_as_file") \
            or getattr(results, "_fields", None) != ("font", "glyph_index_map"):
        return False
    return list(inspect.signature(function).parameters) == ["fontfile", "glyphs"]


class _SavedFont:
    """Stands for the subset font: saving it writes the bytes fontTools wrote."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def save(self, file: IO[bytes], reorderTables: bool = False) -> None:
        if reorderTables:  # not how matplotlib saves it: the bytes would differ
            raise ValueError("a cached font subset is saved as it was made")
        file.write(self.data)


def _file_digest(path: str) -> str:
    """SHA-256 of a file's contents (once per file, size and time of change)."""
    info = os.stat(path)
    stamp = (path, info.st_size, info.st_mtime_ns)
    found = _digests.get(stamp)
    if found is None:
        found = _digests[stamp] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return found


def _key(fontfile: Any, glyphs: Iterable[int]) -> str:
    import fontTools  # type: ignore[import-untyped]
    import matplotlib
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    parts = [FORMAT.decode().strip(), matplotlib.__version__, fontTools.version,
             _file_digest(pdf_ps.__file__), str(fontfile), str(fontfile.face_index),
             _file_digest(str(fontfile)), ",".join(map(str, sorted(set(glyphs))))]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _load(path: Path, key: str, glyphs: set[int]) -> tuple[bytes, dict[int, int]]:
    """The subset saved at ``path``; any trouble raises (the caller makes it anew)."""
    data = read_entry(path)
    head, stored_key, digest, mapping_text, font = data.split(b"\n", 4)
    if head + b"\n" != FORMAT or stored_key.decode() != key:
        raise ValueError(f"{path} is not the entry of this key")
    if hashlib.sha256(font).hexdigest() != digest.decode():
        raise ValueError(f"{path}: the font bytes do not match their checksum")
    mapping = {int(old): int(new) for old, new in json.loads(mapping_text)}
    if not glyphs <= mapping.keys():
        raise ValueError(f"{path} lacks glyphs")
    return font, mapping


def _save(path: Path, key: str, font: bytes, mapping: dict[int, int]) -> None:
    """Save an entry (atomically), then forget the oldest past :data:`KEEP`."""
    pairs = json.dumps(sorted(mapping.items()), separators=(",", ":")).encode()
    digest = hashlib.sha256(font).hexdigest().encode()
    write_entry(path, b"".join((FORMAT, key.encode(), b"\n", digest, b"\n", pairs, b"\n",
                                font)))
    entries = sorted(path.parent.glob("*.subset"), key=lambda p: p.stat().st_mtime,
                     reverse=True)
    for stale in entries[KEEP:]:
        stale.unlink(missing_ok=True)


def _made(fontfile: Any, glyphs: set[int]) -> tuple[bytes, dict[int, int]]:
    """The subset as matplotlib makes it: the font's bytes and the glyph numbering."""
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    assert _original is not None
    with _original(fontfile, glyphs) as made:
        saved = pdf_ps.font_as_file(made.font)  # type: ignore[no-untyped-call]
        return saved.getvalue(), dict(made.glyph_index_map)


def _subset(fontfile: Any, glyphs: Iterable[int]) -> contextlib.AbstractContextManager[Any]:
    """``get_glyphs_subset`` through the cache."""
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    wanted = set(glyphs)
    found: tuple[bytes, dict[int, int]] | None = None
    try:
        key = _key(fontfile, wanted)
    except (OSError, AttributeError):  # no file to read: matplotlib says why
        key = None
    if key is not None:
        found = _memory.get(key)
        folder = entry_folder()
        path = None if folder is None else folder / f"{key}.subset"
        if found is None and path is not None:
            with contextlib.suppress(Exception):  # missing, foreign or damaged
                found = _load(path, key, wanted)
        if found is None:
            found = _made(fontfile, wanted)
            if path is not None:
                with contextlib.suppress(Exception):  # an unwritable cache: made each run
                    _save(path, key, *found)
        if len(_memory) >= MEMORY:
            _memory.pop(next(iter(_memory)))
        _memory[key] = found
    if found is None:
        assert _original is not None
        return _original(fontfile, glyphs)  # type: ignore[no-any-return]
    font, mapping = found
    return contextlib.nullcontext(pdf_ps.SubsetResults(_SavedFont(font), mapping))


@contextlib.contextmanager
def cached_subsets() -> Iterator[bool]:
    """While inside, matplotlib's PDF backend takes its font subsets through the cache;
    yields whether it does (the cache is on and this matplotlib is known)."""
    pdf_backend()
    if entry_folder() is None or not usable():
        yield False
        return
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    def swaps() -> list[Swap]:
        global _original

        _original = pdf_ps.get_glyphs_subset
        return [(pdf_ps, "get_glyphs_subset", _subset)]

    _subset_swaps.enter(swaps)
    try:
        yield True
    finally:
        _subset_swaps.leave()


# ---------------------------------------------------------------------------- text


class _Texts:
    """What one PDF's text costs matplotlib again and again, worked out once per PDF:
    the font files of a font's properties, their tables of line heights, a string's
    width, height and descent, its glyphs laid out, and where each glyph goes in the
    font's subset (the PDF backend measures every text on every page anew, with a new
    renderer each page, lays each out once more to write it and looks up each glyph
    of it). Each value is the one matplotlib's own call gives: the bytes stay the
    same."""

    def __init__(self) -> None:
        self.files: dict[Any, list[Any]] = {}
        self.scalable: bool | None = None  # every font known scalable: sizes alike
        self.fonts: dict[tuple[Any, ...], _FontTables] = {}
        self.metrics: dict[tuple[str, Any], tuple[float, float, float]] = {}
        self.layouts: dict[tuple[Any, ...], list[Any]] = {}
        self.text_layouts: dict[tuple[Any, ...], tuple[Any, list[Any], Any]] = {}
        self.sized = threading.local()  # the font the PDF backend last sized, and its size
        self.tracked: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], Any]] = (
            weakref.WeakKeyDictionary())  # a PDF's glyph tracker -> its answers
        self.folder = text_folder()
        self.stores: dict[tuple[Any, ...], _TextStore | None] = {}  # font files -> store
        self.font_stores: dict[Any, _TextStore | None] = {}  # a sized font -> its store
        self.chosen: dict[Any, Any] = {}  # font properties -> the PDF backend's font

    def store(self, paths: Iterable[Any]) -> _TextStore | None:
        """The store of the font made of ``paths`` (None with the cache off or when
        the font's files cannot be read)."""
        key = tuple(paths)
        if key not in self.stores:
            self.stores[key] = None if self.folder is None else _TextStore.of(
                self.folder, key)
        return self.stores[key]

    def save(self) -> None:
        """Write the stores that learned new strings (trouble only costs time)."""
        for store in self.stores.values():
            if store is not None and store.dirty:
                with contextlib.suppress(Exception):
                    store.save()


class _Glyph:
    """A glyph laid out, read back from a :class:`_TextStore`: the attributes of
    matplotlib's ``LayoutItem`` that the PDF backend reads."""

    __slots__ = ("char", "ft_object", "glyph_index", "prev_kern", "x", "y")

    def __init__(self, ft_object: Any, glyph_index: int, char: str, x: float, y: float,
                 prev_kern: float) -> None:
        self.ft_object = ft_object
        self.glyph_index = glyph_index
        self.char = char
        self.x = x
        self.y = y
        self.prev_kern = prev_kern


_stores: dict[str, _TextStore] = {}
"""The text stores this process has loaded, by path."""


class _TextStore:
    """One font's text measures and layouts kept on disk: for a size in points and a
    string, its width, height and descent as the PDF backend measures them, and its
    glyphs as libraqm lays them out (glyph, characters, x, y, kerning before it; only
    layouts whose every glyph comes from the font itself, not from a fallback); for a
    text in the font, its lines placed as ``Text._get_layout`` places them
    (:meth:`text_layout`).

    The file's name is a SHA-256 of its key: this format, the versions of matplotlib,
    FreeType and libraqm, the size and time of change of matplotlib's ``ft2font``
    module, the kerning factor, and for each font file (the last-resort fallback
    included) its path, face and a SHA-256 of its contents. The file repeats its key,
    which is checked on loading; a file that cannot be read is started anew."""

    def __init__(self, path: Path, key: list[str]) -> None:
        self.path = path
        self.key = key
        self.metrics: dict[str, list[float]] = {}
        self.layouts: dict[str, list[list[Any]]] = {}
        self.texts: dict[str, list[Any]] = {}
        self.learned: set[str] = set()  # the strings' keys not written yet

    @classmethod
    def of(cls, folder: Path, paths: tuple[Any, ...]) -> _TextStore | None:
        try:
            key = _text_key(paths)
        except (OSError, AttributeError, TypeError):  # no file to read: no store
            return None
        path = folder / f"{hashlib.sha256(chr(0).join(key).encode()).hexdigest()}.json"
        found = _stores.get(str(path))
        if found is None:
            found = _stores[str(path)] = cls(path, key)
            with contextlib.suppress(Exception):  # missing, foreign or damaged
                found.load()
        return found

    def load(self) -> None:
        data = json.loads(read_entry(self.path))
        if data["key"] != self.key:
            raise ValueError(f"{self.path} is not the file of this key")
        metrics, layouts, texts = data["metrics"], data["layouts"], data["texts"]
        if not all(isinstance(part, dict) for part in (metrics, layouts, texts)):
            raise ValueError(f"{self.path} is damaged")
        self.metrics, self.layouts, self.texts = metrics, layouts, texts

    @property
    def dirty(self) -> bool:
        """Whether strings were learned since the file was read or written."""
        return bool(self.learned)

    def save(self) -> None:
        """Write the file (atomically); past :data:`TEXT_KEEP` strings, with only those
        learned since it was last read or written."""
        if len(self.metrics) + len(self.layouts) + len(self.texts) > TEXT_KEEP:
            self.metrics = {k: v for k, v in self.metrics.items() if k in self.learned}
            self.layouts = {k: v for k, v in self.layouts.items() if k in self.learned}
            self.texts = {k: v for k, v in self.texts.items() if k in self.learned}
        data = json.dumps({"key": self.key, "metrics": self.metrics, "layouts": self.layouts,
                           "texts": self.texts},
                          ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        write_entry(self.path, data.encode())
        self.learned.clear()

    def measure(self, size: float, string: str,
                measured: Callable[[], tuple[float, float, float]]
                ) -> tuple[float, float, float]:
        """The width, height and descent of ``string`` at ``size``: kept, or
        ``measured()`` and kept."""
        key = f"{size!r} {string}"
        found = self.metrics.get(key)
        if found is not None and len(found) == 3:
            return (float(found[0]), float(found[1]), float(found[2]))
        value = measured()
        if all(type(number) is float and math.isfinite(number) for number in value):
            self.metrics[key] = list(value)
            self.learned.add(key)
        return value

    def layout(self, font: Any, size: float, string: str, features: Any, language: Any,
               laid_out: Callable[[], list[Any]]) -> list[Any]:
        """The glyphs of ``string`` laid out: kept (as :class:`_Glyph`), or
        ``laid_out()`` and kept when every glyph comes from ``font`` itself."""
        try:
            key = json.dumps([size, features, language, string], ensure_ascii=False)
        except (TypeError, ValueError):  # features or a language JSON cannot say
            return laid_out()
        found = self.layouts.get(key)
        if found is not None:
            with contextlib.suppress(ValueError, TypeError):
                return [_Glyph(font, int(glyph), str(char), float(x), float(y), float(kern))
                        for glyph, char, x, y, kern in found]
        items = laid_out()
        if all(item.ft_object is font and math.isfinite(item.x + item.y + item.prev_kern)
               for item in items):
            self.layouts[key] = [[item.glyph_index, item.char, item.x, item.y,
                                  item.prev_kern] for item in items]
            self.learned.add(key)
        return items

    def text_layout(self, key: str, laid_out: Callable[[], tuple[Any, list[Any], Any]]
                    ) -> tuple[Any, list[Any], Any]:
        """A text's layout (``Text._get_layout``: its box, its lines placed, its corner
        and size) under ``key`` (what it depends on besides the font, see
        :func:`_layout_once`): kept, or ``laid_out()`` and kept. JSON gives back each
        number as it was written, an int as an int and a float to the bit."""
        found = self.texts.get(key)
        if found is not None:
            with contextlib.suppress(ValueError, TypeError):
                return _layout_read(found)
        value = laid_out()
        record = _layout_record(value)
        if record is not None:
            self.texts[key] = record
            self.learned.add(key)
        return value


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _layout_record(layout: tuple[Any, list[Any], Any]) -> list[Any] | None:
    """A text's layout as JSON can keep it (None when it holds anything but ints,
    floats and strings in matplotlib's shapes)."""
    try:
        box, lines, ((x, y), (width, height)) = layout
        points = box.get_points().tolist()
        record = [points, [[line, *wad, *xy] for line, wad, xy in lines],
                  [x, y, width, height]]
    except (AttributeError, TypeError, ValueError):
        return None
    numbers = [*points[0], *points[1], *record[2]]
    for line in record[1]:
        if len(line) != 6 or type(line[0]) is not str:
            return None
        numbers += line[1:]
    return record if len(points) == 2 and all(map(_number, numbers)) else None


def _layout_read(record: list[Any]) -> tuple[Any, list[Any], Any]:
    """The layout :func:`_layout_record` kept (raises on anything else)."""
    from matplotlib.transforms import Bbox

    points, lines, (x, y, width, height) = record
    if not all(_number(n) for n in (*points[0], *points[1], x, y, width, height)):
        raise ValueError("a text layout of other numbers")
    placed = []
    for line, *numbers in lines:
        w, a, d, line_x, line_y = numbers
        if type(line) is not str or not all(map(_number, numbers)):
            raise ValueError("a text layout of other lines")
        placed.append((line, (w, a, d), (line_x, line_y)))
    return Bbox(points), placed, ((x, y), (width, height))


def _text_key(paths: tuple[Any, ...]) -> list[str]:
    """The key of the text store of the font made of ``paths`` (see
    :class:`_TextStore`)."""
    import matplotlib
    from matplotlib import cbook, ft2font

    files = [(str(getattr(path, "path", path)), str(getattr(path, "face_index", 0)))
             for path in paths]
    if matplotlib.rcParams["font.enable_last_resort"]:
        files.append((str(cbook._get_data_path("fonts", "ttf", "LastResortHE-Regular.ttf")),
                      "last resort"))
    module = os.stat(str(ft2font.__file__))
    parts = [TEXT_FORMAT, matplotlib.__version__, ft2font.__freetype_version__,
             ft2font.__libraqm_version__, f"{module.st_size} {module.st_mtime_ns}",
             repr(matplotlib.rcParams["text.kerning_factor"])]
    for path, face in files:
        parts += [path, face, _file_digest(path)]
    return parts


_texts: _Texts | None = None
_text_swaps = Swaps()


def chosen_font(renderer: Any, prop: Any) -> Any:
    """The font ``renderer._get_font_ttf(prop)`` gives (the PDF and PostScript
    backends'), once per equal font properties while :func:`text_once` is in place
    (the fonts do not change inside), else each time. Asked again, it is given as the
    last user left it, neither emptied nor sized again (a fifth of drawing a text
    written before): for a caller that reads only which font it is, since each user
    of a font that reads its glyphs empties and sizes it first."""
    texts = _texts
    if texts is None:
        return renderer._get_font_ttf(prop)
    found = texts.chosen.get(prop)
    if found is None:
        found = texts.chosen[prop.copy()] = renderer._get_font_ttf(prop)
    return found


class _TextHelpers:
    """Stands for ``matplotlib._text_helpers`` in the PDF backend: ``layout`` kept."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def layout(self, string: str, font: Any, *, features: Any = None,
               language: Any = None) -> Any:
        """The glyphs of ``string`` laid out as ``_text_helpers.layout`` lays them out,
        without loading each glyph's outline (the PDF backend reads only the layout)."""
        texts = _texts
        sized = None if texts is None else getattr(texts.sized, "font", None)
        if texts is None or sized is None or sized[0] is not font:
            return self.module.layout(string, font, features=features, language=language)
        key = (string, font, sized[1], features, language)  # font: hashed as itself
        found = texts.layouts.get(key)
        if found is None:
            def laid_out() -> list[Any]:
                from matplotlib.ft2font import LoadFlags

                return list(font._layout(string, LoadFlags.NO_HINTING, features=features,
                                         language=language))

            store = texts.font_stores.get(font)
            found = texts.layouts[key] = laid_out() if store is None else store.layout(
                font, sized[1], string, features, language, laid_out)
        return iter(found)


class _FontTables:
    """Stands for a font where ``Text`` reads its line heights: its tables kept."""

    def __init__(self, font: Any) -> None:
        self.font = font
        self.tables: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)

    def get_sfnt_table(self, name: str) -> Any:
        if name not in self.tables:
            self.tables[name] = self.font.get_sfnt_table(name)
        return self.tables[name]


def _font_tables(original: Callable[..., Any]) -> Callable[..., Any]:
    def get_font(paths: Any, *args: Any) -> Any:
        texts = _texts
        if texts is None or args or not isinstance(paths, list):
            return original(paths, *args)
        key = tuple(paths)
        found = texts.fonts.get(key)
        if found is None:
            found = texts.fonts[key] = _FontTables(original(paths))
        return found
    return get_font


def _fonts_by_props(original: Callable[..., Any]) -> Callable[..., Any]:
    def find(prop: Any, *args: Any, **kwargs: Any) -> Any:
        texts = _texts
        if texts is None or args or kwargs:
            return original(prop, *args, **kwargs)
        found = texts.files.get(prop)
        if found is None:
            if texts.scalable is None:
                from matplotlib import font_manager

                texts.scalable = all(font.size == "scalable"
                                     for font in font_manager.fontManager.ttflist)
            if texts.scalable:  # the files found do not depend on the size
                unsized = prop.copy()
                unsized.set_size(ANY_SIZE)
                found = texts.files.get(unsized)
                if found is None:
                    found = texts.files[unsized] = list(original(prop))
                texts.files[prop.copy()] = found
            else:
                found = texts.files[prop.copy()] = list(original(prop))
        return list(found)
    return find


def _layout_store(texts: _Texts, renderer: Any, prop: Any) -> _TextStore | None:
    """The store of the texts laid out for the PDF backend's ``renderer`` (itself or
    inside a ``MixedModeRenderer``) in the font of ``prop``: the store of its measures,
    where those come from it (not from the 14 core fonts); else None."""
    import matplotlib
    from matplotlib import font_manager
    from matplotlib.backends import backend_pdf

    inner = getattr(renderer, "_renderer", renderer)
    settings: Any = matplotlib.rcParams
    if type(inner) is not backend_pdf.RendererPdf or settings[inner._use_afm_rc_name]:
        return None
    return texts.store(font_manager.fontManager._find_fonts_by_props(prop))


def _layout_once(original: Callable[..., Any]) -> Callable[..., Any]:
    def get_layout(self: Any, renderer: Any) -> Any:
        """``Text._get_layout``: a text laid out as one laid out before in this PDF (the
        same string, font, alignment, rotation and line spacing) has the same layout;
        for the PDF backend, it is also kept in the text store of its font (the
        layout depends on nothing else: the font's tables of line heights, its
        measures of each line at the size in points, and the arithmetic of placing the
        lines, the same each run)."""
        texts = _texts
        string = self.get_text()
        if texts is None or self.get_usetex() or self.get_wrap() or "$" in string:
            return original(self, renderer)
        key = (string, self._fontproperties, self.get_figure(root=True).dpi,
               self._linespacing, self._get_multialignment(), self.get_rotation(),
               self.get_rotation_mode(), self._horizontalalignment,
               self._verticalalignment, type(renderer),
               type(getattr(renderer, "_renderer", None)))
        found = texts.text_layouts.get(key)
        if found is None:
            store = _layout_store(texts, renderer, self._fontproperties)
            try:
                stored = None if store is None else json.dumps(
                    [self._fontproperties.get_size_in_points(), *key[2:9],
                     key[9].__qualname__, key[10].__qualname__, string], ensure_ascii=False)
            except (TypeError, ValueError):  # a setting JSON cannot say
                stored = None
            if store is None or stored is None:
                found = original(self, renderer)
            else:
                found = store.text_layout(stored, lambda: original(self, renderer))
            texts.text_layouts[(string, self._fontproperties.copy(), *key[2:])] = found
        box, lines, corner = found
        return box.frozen(), list(lines), corner
    return get_layout


def _metrics(original: Callable[..., Any]) -> Callable[..., Any]:
    def measure(self: Any, s: str, prop: Any, ismath: Any) -> Any:
        texts = _texts
        if texts is None or ismath:
            return original(self, s, prop, ismath)
        found = texts.metrics.get((s, prop))
        if found is None:
            import matplotlib
            from matplotlib import font_manager

            store = None
            if not matplotlib.rcParams[self._use_afm_rc_name]:
                store = texts.store(font_manager.fontManager._find_fonts_by_props(prop))
            if store is None:
                found = original(self, s, prop, ismath)
            else:
                found = store.measure(prop.get_size_in_points(), s,
                                      lambda: original(self, s, prop, ismath))
            texts.metrics[s, prop.copy()] = found
        return found
    return measure


def _sized_font(original: Callable[..., Any]) -> Callable[..., Any]:
    def font_ttf(self: Any, prop: Any) -> Any:
        font = original(self, prop)
        texts = _texts
        if texts is not None:
            texts.sized.font = (font, prop.get_size_in_points())
            if font not in texts.font_stores:
                from matplotlib import font_manager

                texts.font_stores[font] = texts.store(
                    font_manager.fontManager._find_fonts_by_props(prop))
        return font
    return font_ttf


def _tracked_once(original: Callable[..., Any]) -> Callable[..., Any]:
    def track_glyph(self: Any, font: Any, chars: Any, glyph: Any) -> Any:
        texts = _texts
        if texts is None:
            return original(self, font, chars, glyph)
        answers = texts.tracked.get(self)
        if answers is None:
            answers = texts.tracked[self] = {}
        key = (font, chars, glyph)
        found = answers.get(key)
        if found is None:  # the first time: recorded; after, the same answer
            found = answers[key] = original(self, font, chars, glyph)
        return found
    return track_glyph


@contextlib.contextmanager
def text_once() -> Iterator[bool]:
    """While inside, the PDFs written measure and lay out each text once (see
    :class:`_Texts`); yields whether they do (a known matplotlib only). Inside, nothing
    may change the fonts (``rcParams``, the font manager) that the text is set in."""
    backend = pdf_backend()
    if not usable():
        yield False
        return
    from matplotlib import font_manager, text
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    def swaps() -> list[Swap]:
        manager = font_manager.fontManager
        renderer = backend.RendererPdf
        base = pdf_ps.RendererPDFPSBase
        return [
            (backend, "_text_helpers", _TextHelpers(backend._text_helpers)),
            (manager, "_find_fonts_by_props", _fonts_by_props(manager._find_fonts_by_props)),
            (renderer, "get_text_width_height_descent",
             _metrics(base.get_text_width_height_descent)),
            (renderer, "_get_font_ttf", _sized_font(base._get_font_ttf)),
            (text, "get_font", _font_tables(vars(text)["get_font"])),
            (text.Text, "_get_layout", _layout_once(vars(text.Text)["_get_layout"])),
            (pdf_ps.CharacterTracker, "track_glyph",
             _tracked_once(pdf_ps.CharacterTracker.track_glyph)),
        ]

    def first() -> None:
        global _texts
        _texts = _Texts()

    def last() -> None:
        global _texts
        if _texts is not None:
            _texts.save()
        _texts = None

    _text_swaps.enter(swaps, first)
    try:
        yield True
    finally:
        _text_swaps.leave(last)
