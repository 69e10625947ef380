"""The bundled game data kept ready: objects built once from their files, then loaded.

Reading the bundled catalog and projects from YAML and checking them costs more than
checking and scoring a sheet, and they are the same files on every run. So the objects
built from them are saved the first time (pickled, into the cache folder) and loaded
afterwards. An entry is used only while its key holds: a checksum of the contents and
paths of its source files and of the code that reads them and defines what is built
(:data:`CODE`, the schemas), and the Python version. Any edit makes a new key, and the
entry is built again from the files, through the same readers and checks; the files of
a user's own projects never go through the cache.

The cache folder is ``$HOMESTAGING_CACHE_DIR``, else ``$XDG_CACHE_HOME/homestaging``,
else ``~/.cache/homestaging``; ``HOMESTAGING_CACHE_DIR=`` (empty) turns the cache off.
An entry that cannot be read, loaded or written is simply built from its files: the
cache never changes an answer, only how fast it comes.

Loading creates only objects of the classes the caller allows (the model's own), as
pickle's documentation recommends ("restricting globals"), and only from a regular file
of the current user, never through a symbolic link; objects shared with other entries
(the bundled catalog's pieces, in a project) are saved as references and found again on
loading. An entry is written to a new temporary file in the folder, then renamed over
its name: a symbolic link planted there is replaced, never written through. A folder
that is not the user's own, or that other users may write to, is not used at all (the
command line says so once under ``-v``: :func:`warnings`).
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import stat
import sys
import zlib
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .. import __version__
from ..core.errors import InputError
from .files import MAX_FILE_BYTES, read_bytes

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["CODE", "cache_dir", "cached", "entry_path", "fingerprint", "read_entry",
           "warnings", "write_entry"]

T = TypeVar("T")

CODE = ("core.bitmask", "core.catalog", "formats.catalogreader", "formats.datacache",
        "core.entry", "core.errors", "core.grid", "core.pieces",
        "core.project", "formats.projectreader", "core.quoting", "formats.readers",
        "formats.files", "formats.schema", "formats.yamlsyntax")
"""The package's modules that read the bundled files or define what is built from them:
every entry's key covers their source (``tests/test_datacache.py`` checks the list)."""
SCHEMAS = ("cards", "catalog", "project")
"""The schemas the bundled files are checked against; the key covers them too."""
KEEP = 8
"""Entries of one name kept (the newest): other checkouts or versions may use theirs."""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
_sums: dict[str, tuple[int, int, int]] = {}
_refused: dict[str, str] = {}
"""The cache folders refused in this process, with the reason (:func:`warnings`)."""

# Paths are plain strings here (os.path): a command that finds its data in the cache
# does not load pathlib; the functions that give a Path import it when called.


def _chosen_folder() -> str | None:
    chosen = os.environ.get("HOMESTAGING_CACHE_DIR")
    if chosen is not None:
        return chosen or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if base.startswith("~"):  # no home folder to expand
        return None
    return os.path.join(base, "homestaging")


def _folder_problem(folder: str) -> str | None:
    """Why an existing cache folder must not be used: another user's, or one that other
    users may write to (they could plant an entry or a link in it). None: it is fine,
    or it does not exist yet (it is made for the user alone)."""
    try:
        info = os.stat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode):
        return None  # nothing can be saved there: every run builds
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return "it belongs to another user"
    if info.st_mode & 0o022:
        return "other users may write to it"
    return None


def _cache_folder() -> str | None:
    """The cache folder, or None when the cache is off or the folder is refused."""
    folder = _chosen_folder()
    if folder is None:
        return None
    problem = _folder_problem(folder)
    if problem is not None:
        _refused.setdefault(folder, problem)
        return None
    return folder


def warnings() -> list[str]:
    """One line for each cache folder refused so far (the command line shows them under
    ``-v``); each is told once."""
    lines = [f"homestaging: the cache folder {folder} is not used: {problem}"
             for folder, problem in _refused.items() if problem]
    for folder in _refused:
        _refused[folder] = ""
    return lines


def cache_dir() -> Path | None:
    """The cache folder (it may not exist yet), or None when the cache is turned off or
    the folder is refused (another user's, or writable by others)."""
    from pathlib import Path

    folder = _cache_folder()
    return None if folder is None else Path(folder)


def _sum(path: str) -> tuple[int, int, int]:
    """Size, CRC-32 and Adler-32 of a file (once per file and process)."""
    found = _sums.get(path)
    if found is None:
        data = read_bytes(path)
        found = _sums[path] = (len(data), zlib.crc32(data), zlib.adler32(data))
    return found


_CODE_SUM = "\0code"
"""Where :data:`_sums` keeps the sums of the versions, :data:`CODE` and :data:`SCHEMAS`."""


def _summed(crc: int, adler: int, path: str, sums: tuple[int, int, int]) -> tuple[int, int]:
    """The running sums with one more file's path, size and sums."""
    size, file_crc, file_adler = sums
    label = f"\0{path}\0{size}\0{file_crc}\0{file_adler}".encode()
    return zlib.crc32(label, crc), zlib.adler32(label, adler)


def _code_sums() -> tuple[int, int]:
    """The sums of the Python and package versions, :data:`CODE` and :data:`SCHEMAS`:
    the same for every entry, worked out once per process."""
    found = _sums.get(_CODE_SUM)
    if found is None:
        crc = zlib.crc32(f"{sys.version}\0{__version__}".encode())
        adler = zlib.adler32(b"")
        for path in (*(os.path.join(_PACKAGE, *module.split(".")) + ".py" for module in CODE),
                     *(os.path.join(_PACKAGE, "schemas", f"{schema}.schema.json")
                       for schema in SCHEMAS)):
            crc, adler = _summed(crc, adler, path, _sum(path))
        found = _sums[_CODE_SUM] = (0, crc, adler)
    return found[1], found[2]


def fingerprint(name: str, sources: Sequence[str | Path]) -> str:
    """The key of an entry: 16 hex digits summing up the Python and package versions,
    :data:`CODE` and :data:`SCHEMAS`, the entry's name and the paths and contents of its
    sources."""
    crc, adler = _code_sums()
    label = f"\0{name}".encode()
    crc, adler = zlib.crc32(label, crc), zlib.adler32(label, adler)
    for source in sources:
        path = os.fspath(source)
        crc, adler = _summed(crc, adler, path, _sum(path))
    return f"{crc:08x}{adler:08x}"


def _entry_file(name: str, sources: Sequence[str | Path]) -> str | None:
    folder = _cache_folder()
    if folder is None:
        return None
    return os.path.join(folder, f"{name}-{fingerprint(name, sources)}.pickle")


def entry_path(name: str, sources: Sequence[str | Path]) -> Path | None:
    """Where the entry of these sources is (or would be) saved; None without a cache."""
    from pathlib import Path

    found = _entry_file(name, sources)
    return None if found is None else Path(found)


class _Unpickler(pickle.Unpickler):
    """Loads only instances of the allowed classes, and the shared objects."""

    def __init__(self, data: bytes, allowed: Collection[type],
                 shared: Mapping[str, object]) -> None:
        super().__init__(io.BytesIO(data))
        self.allowed = {(cls.__module__, cls.__qualname__): cls for cls in allowed}
        self.shared = shared

    def find_class(self, module: str, name: str) -> Any:
        found = self.allowed.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")
        return found

    def persistent_load(self, pid: Any) -> object:
        return self.shared[pid]


def read_entry(path: str | Path) -> bytes:
    """The bytes of a cache entry, which must be a regular file of the user's own (another
    user's could hold anything), not reached through a symbolic link: any trouble
    raises, and the caller makes the entry anew."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as stream:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PermissionError(f"{path} is not a regular file")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise PermissionError(f"{path} is not the user's own")
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{path} is larger than a cache entry may be")
    return data


def write_entry(path: str | Path, data: bytes) -> None:
    """Write a cache entry: its folder made for the user alone if need be (and refused
    when it is another user's or writable by others), the bytes written to a new
    temporary file in it, renamed over ``path``. A symbolic link at ``path`` is
    replaced, never written through."""
    import tempfile

    folder = os.path.dirname(path) or "."
    os.makedirs(folder, mode=0o700, exist_ok=True)
    problem = _folder_problem(folder)
    if problem is not None:
        raise PermissionError(f"the cache folder {folder} is not used: {problem}")
    handle, temp = tempfile.mkstemp(prefix=".entry-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _load(path: str, kind: type[T], allowed: Collection[type],
          shared: Mapping[str, object]) -> T:
    """The object saved at ``path``; any trouble raises (the caller builds instead)."""
    value = _Unpickler(read_entry(path), allowed, shared).load()
    if not isinstance(value, kind):
        raise TypeError(f"{path} holds a {type(value).__name__}, not a {kind.__name__}")
    return value


def _save(file: str, value: object, shared: Mapping[str, object]) -> None:
    """Save an entry (through a temporary file and a rename), then forget the oldest
    entries of the same name past :data:`KEEP`."""
    from pathlib import Path

    path = Path(file)

    names = {id(obj): key for key, obj in shared.items()}

    class Saver(pickle.Pickler):
        def persistent_id(self, obj: Any) -> str | None:
            return names.get(id(obj))

    buffer = io.BytesIO()
    Saver(buffer, protocol=5).dump(value)
    write_entry(path, buffer.getvalue())
    prefix = path.name.rsplit("-", 1)[0] + "-"
    others = sorted((p for p in path.parent.glob(f"{prefix}*.pickle") if p != path),
                    key=lambda p: p.lstat().st_mtime, reverse=True)
    for stale in others[KEEP - 1:]:
        stale.unlink(missing_ok=True)


def cached(name: str, sources: Sequence[str | Path], build: Callable[[], T], kind: type[T], *,
           allowed: Collection[type], shared: Mapping[str, object] | None = None) -> T:
    """What ``build()`` returns (a ``kind``), loaded from the cache while ``sources``
    (and the code) are unchanged, else built and saved. ``allowed``: every class of the
    objects built; ``shared``: objects saved by name (by identity) rather than copied."""
    shared = shared or {}
    try:
        path = _entry_file(name, sources)
    except InputError:  # a source cannot be read: the build will say why
        return build()
    if path is None:
        return build()
    try:
        return _load(path, kind, allowed, shared)
    except Exception:  # missing, foreign, truncated or of another layout: build it anew
        pass
    value = build()
    with contextlib.suppress(Exception):  # a cache that cannot be written: every run builds
        _save(path, value, shared)
    return value
