"""Writing results: atomic file writes and deterministic text/JSON output.

* :func:`write_atomic` writes to a temporary file in the target's folder, flushes it
  to disk and renames it over the target, so a reader never sees half a file. It
  refuses to overwrite any of the input files it is told about.
* :func:`dumps_json` is the one JSON text form used for output: keys in the order
  given, two-space indent, UTF-8 characters kept, a trailing newline.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import InputError

__all__ = ["FORMATS", "dumps_json", "same_file", "write_atomic"]

FORMATS = ("text", "json")


def dumps_json(value: Any) -> str:
    """Deterministic JSON text: insertion order, indent 2, no ASCII escaping, newline."""
    return json.dumps(value, sort_keys=False, indent=2, ensure_ascii=False) + "\n"


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
