"""Writing results: atomic file writes and deterministic text/JSON output.

* :func:`write_atomic` writes to a temporary file in the target's folder, flushes it
  to disk and renames it over the target, so a reader never sees half a file. It
  refuses to overwrite any of the input files it is told about.
* :func:`dumps_json` is the one JSON pretty-printer: keys in the order given, two-space
  indent, UTF-8 characters kept, a trailing newline; with a ``width``, short lists and
  objects stay on one line (the sheet files' style).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from .errors import InputError

__all__ = ["FORMATS", "dumps_json", "same_file", "write_atomic"]

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
        return json.dumps(value, sort_keys=False, indent=2, ensure_ascii=False) + "\n"
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


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name the same file (by inode when both exist, else by path)."""
    if str(a) == "-" or str(b) == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def _mode_for(target: Path) -> int:
    """The existing file's permissions, else the usual ones for a new file."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(
    path: str | Path, data: bytes | str, *, protect: Iterable[str | Path] = ()
) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    The temporary file is removed on any failure, including KeyboardInterrupt.
    Raises InputError if ``path`` is one of the ``protect`` files (the inputs) or
    cannot be written.
    """
    import tempfile  # here: a command that writes no file does not load it

    target = Path(path)
    for source in protect:
        if same_file(target, source):
            raise InputError.single(str(target), "refusing to overwrite an input file")
    if target.is_dir():
        raise InputError.single(str(target), "is a folder, expected a file name")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temp_name = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=folder
        )
    except OSError as error:
        raise InputError.single(str(target), f"cannot be written: {error.strerror}") from None
    try:
        os.chmod(temp_name, _mode_for(target))
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
                str(target), f"cannot be written: {error.strerror or error}"
            ) from None
        raise
