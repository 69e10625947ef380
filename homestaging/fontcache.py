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
once per document.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import sys
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from .datacache import cache_dir
from .output import write_atomic
from .readers import read_bytes

__all__ = ["FORMAT", "KEEP", "KNOWN_MATPLOTLIB", "LAZY", "SETTER_DOC", "cached_subsets",
           "entry_folder", "pdf_backend", "text_once", "usable"]

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

_lock = threading.Lock()
_load_lock = threading.RLock()
_loading: set[str] = set()
_active = 0
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
    if hasattr(os, "getuid") and path.stat().st_uid != os.getuid():
        raise PermissionError(f"{path} is not the user's own")
    data = read_bytes(path)
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
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_atomic(path, b"".join((FORMAT, key.encode(), b"\n", digest, b"\n", pairs, b"\n",
                                 font)), replaces=path)
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
    global _active, _original

    pdf_backend()
    if entry_folder() is None or not usable():
        yield False
        return
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    with _lock:
        if _active == 0:
            _original = pdf_ps.get_glyphs_subset
            pdf_ps.get_glyphs_subset = _subset
        _active += 1
    try:
        yield True
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                pdf_ps.get_glyphs_subset = _original  # type: ignore[assignment]
                _original = None


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
        self.fonts: dict[tuple[Any, ...], _FontTables] = {}
        self.metrics: dict[tuple[str, Any], tuple[float, float, float]] = {}
        self.layouts: dict[tuple[Any, ...], list[Any]] = {}
        self.sized = threading.local()  # the font the PDF backend last sized, and its size
        self.tracked: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], Any]] = (
            weakref.WeakKeyDictionary())  # a PDF's glyph tracker -> its answers


_texts: _Texts | None = None
_text_users = 0
_text_saved: list[tuple[Any, str, Any]] = []


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
        from matplotlib.ft2font import LoadFlags

        texts = _texts
        sized = None if texts is None else getattr(texts.sized, "font", None)
        if texts is None or sized is None or sized[0] is not font:
            return self.module.layout(string, font, features=features, language=language)
        key = (string, font, sized[1], features, language)  # font: hashed as itself
        found = texts.layouts.get(key)
        if found is None:
            found = texts.layouts[key] = list(font._layout(
                string, LoadFlags.NO_HINTING, features=features, language=language))
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
            found = texts.files[prop.copy()] = list(original(prop))
        return list(found)
    return find


def _metrics(original: Callable[..., Any]) -> Callable[..., Any]:
    def measure(self: Any, s: str, prop: Any, ismath: Any) -> Any:
        texts = _texts
        if texts is None or ismath:
            return original(self, s, prop, ismath)
        found = texts.metrics.get((s, prop))
        if found is None:
            found = texts.metrics[s, prop.copy()] = original(self, s, prop, ismath)
        return found
    return measure


def _sized_font(original: Callable[..., Any]) -> Callable[..., Any]:
    def font_ttf(self: Any, prop: Any) -> Any:
        font = original(self, prop)
        texts = _texts
        if texts is not None:
            texts.sized.font = (font, prop.get_size_in_points())
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
    global _texts, _text_users

    backend = pdf_backend()
    if not usable():
        yield False
        return
    from matplotlib import font_manager, text
    from matplotlib.backends import _backend_pdf_ps as pdf_ps

    with _lock:
        if _text_users == 0:
            manager = font_manager.fontManager
            renderer = backend.RendererPdf
            base = pdf_ps.RendererPDFPSBase
            swaps = [
                (backend, "_text_helpers", _TextHelpers(backend._text_helpers)),
                (manager, "_find_fonts_by_props", _fonts_by_props(manager._find_fonts_by_props)),
                (renderer, "get_text_width_height_descent",
                 _metrics(base.get_text_width_height_descent)),
                (renderer, "_get_font_ttf", _sized_font(base._get_font_ttf)),
                (text, "get_font", _font_tables(vars(text)["get_font"])),
                (pdf_ps.CharacterTracker, "track_glyph",
                 _tracked_once(pdf_ps.CharacterTracker.track_glyph)),
            ]
            _text_saved[:] = [(owner, name, vars(owner).get(name, None))
                              for owner, name, _ in swaps]
            for owner, name, value in swaps:
                setattr(owner, name, value)
            _texts = _Texts()
        _text_users += 1
    try:
        yield True
    finally:
        with _lock:
            _text_users -= 1
            if _text_users == 0:
                _texts = None
                for owner, name, value in _text_saved:
                    if value is None:
                        delattr(owner, name)
                    else:
                        setattr(owner, name, value)
                _text_saved.clear()
