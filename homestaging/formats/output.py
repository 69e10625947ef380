"""Writing results: atomic file writes and deterministic text/JSON output.

* :func:`write_atomic` writes to a temporary file in the target's folder, flushes it
  to disk and renames it over the target, so a reader never sees half a file. Every
  command writes through it, and :func:`check_target` refuses what it must not
  replace: an input (by device and inode: any file read by the command, standard
  input included), anything but a regular file (a device, a FIFO, a folder), a
  symbolic link (never written through), a read-only file.
* :func:`dumps_json` is the one JSON pretty-printer: keys in the order given, two-space
  indent, UTF-8 characters kept, a trailing newline; with a ``width``, short lists and
  objects stay on one line (the sheet files' style).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from .files import FileId, file_id, file_kind, files_read

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["FORMATS", "check_target", "dumps_json", "same_file", "write_atomic"]

FORMATS = ("text", "json")


def dumps_json(value: Any, *, width: int | None = None, rows: Collection[str] = ()) -> str:
    """Deterministic JSON text: insertion order, indent 2, no ASCII escaping, newline.

    Without ``width`` every list and object spreads one item per line. With ``width``,
    a list or object whose one-line form fits in ``width`` characters (its indent
    included) stays on one line, except the top value, the values of the keys in
    ``rows`` and the objects holding such a key, which always spread.

    >>> print(dumps_json({"a": [1, 2], "grid": ["..", ".."]}, width=40, rows=["grid"]), end="")
    {
      "a": [1, 2],
      "grid": [
        "..",
        ".."
      ]
    }
    """
    if width is None:
        return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    return _spread(value, 0, True, width, frozenset(rows)) + "\n"


def _spread(value: Any, indent: int, force: bool, width: int, rows: frozenset[str]) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value:
        return flat
    if isinstance(value, dict) and not rows.isdisjoint(value):
        force = True
    if not force and indent + len(flat) <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + _spread(item, indent + 2, False, width, rows) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [
        pad + json.dumps(key, ensure_ascii=False) + ": "
        + _spread(item, indent + 2, key in rows, width, rows)
        for key, item in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def _identity(path: str | Path) -> FileId | None:
    """The device and inode of the file ``path`` names (links followed); None if none."""
    if str(path) == "-":
        return None
    try:
        return file_id(os.stat(path))
    except (OSError, ValueError):
        return None


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same file (by device and inode when both exist, else by
    the path they resolve to)."""
    if str(a) == "-" or str(b) == "-":
        return False
    first, second = _identity(a), _identity(b)
    if first is not None and second is not None:
        return first == second
    from pathlib import Path

    return Path(a).resolve() == Path(b).resolve()


def _mode_for(info: os.stat_result | None) -> int:
    """The existing file's permissions, else the usual ones for a new file."""
    if info is not None:
        return info.st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def check_target(
    path: str | Path, *, protect: Iterable[str | Path] = (), replaces: str | Path | None = None
) -> Path:
    """The file to write for the output ``path``, or InputError saying why it cannot be one.

    Refused: ``-`` (standard output is no file to replace); a name ending with a slash;
    a new file in a folder that does not exist; a symbolic link to nothing; anything but
    a regular file (a folder, a FIFO, a device: replacing it would break what it is); any
    input, by device and inode: the ``protect`` paths and every file read so far inside
    :func:`homestaging.formats.files.recording_reads` (standard input included), but
    ``replaces``, a file the caller means to replace; a symbolic link, never written
    through (but ``replaces`` itself: the sheet an editor opened by that name); a
    read-only file.
    """
    name = str(path)
    if name == "-":
        raise InputError.single(name, "names standard output, not a file: give a file "
                                "name (without -o the result goes to standard output)")
    if name.endswith(("/", os.sep)) or (os.altsep and name.endswith(os.altsep)):
        raise InputError.single(name, "names a folder (it ends with a slash); expected a "
                                "file name")
    from pathlib import Path  # here: a command that writes no file does not load it

    target = Path(path)
    real = Path(os.path.realpath(target))
    try:
        info: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        info = None
        if target.is_symlink():
            raise InputError.single(name, "is a symbolic link to a missing file; nothing "
                                    "written") from None
    except OSError as error:
        raise InputError.single(name, f"cannot be written: {error.strerror}") from None
    if info is None:
        if not real.parent.is_dir():
            raise InputError.single(name, "cannot be written: its folder does not exist")
        return real
    if stat.S_ISDIR(info.st_mode):
        raise InputError.single(name, "is a folder, expected a file name")
    if not stat.S_ISREG(info.st_mode):
        raise InputError.single(name, f"is {file_kind(info.st_mode)}, not a regular file; "
                                "nothing written")
    allowed = _identity(replaces) if replaces is not None else None
    inputs = set(files_read()) | {found for found in map(_identity, protect) if found}
    if file_id(info) in inputs - {allowed}:
        raise InputError.single(name, "refusing to overwrite an input file")
    if target.is_symlink() and (replaces is None or Path(replaces) != target):
        raise InputError.single(name, "is a symbolic link; not written through (nothing "
                                "written): give the file's own name")
    if not info.st_mode & 0o222 or not os.access(real, os.W_OK):
        raise InputError.single(name, "is read-only; not replaced (nothing written)")
    return real


def write_atomic(
    path: str | Path, data: bytes | str, *, protect: Iterable[str | Path] = (),
    replaces: str | Path | None = None,
) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    :func:`check_target` says what may be written (never an input, only a regular file,
    never through a symbolic link, never a read-only one); ``protect`` and ``replaces``
    are passed on to it. The temporary file has a short name of its own in the target's
    folder, so that any file name the system allows can be written; it is removed on any
    failure, KeyboardInterrupt included.
    """
    import tempfile  # here: a command that writes no file does not load it

    target = check_target(path, protect=protect, replaces=replaces)
    name = str(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        info: os.stat_result | None = os.stat(target)
    except OSError:
        info = None
    try:
        handle, temp_name = tempfile.mkstemp(prefix=".homestaging-", suffix=".tmp",
                                             dir=target.parent)
    except OSError as error:
        raise InputError.single(name, f"cannot be written: {error.strerror}") from None
    try:
        os.chmod(temp_name, _mode_for(info))
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp_name, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        if isinstance(error, OSError):
            raise InputError.single(
                name, f"cannot be written: {error.strerror or error}"
            ) from None
        raise
