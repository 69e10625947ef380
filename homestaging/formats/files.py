"""Reading files safely: size limits, no blocking, and the files a command has read.

* Files are at most :data:`MAX_FILE_BYTES`; ``-`` reads standard input. A file is
  opened without blocking and read only if it is a regular file (not a device or a
  folder) or a pipe that has a writer (a FIFO, a shell's ``<(command)``), read for at
  most :data:`PIPE_SECONDS`.
* Inside :func:`recording_reads` every file read is remembered (by device and inode), so
  that :mod:`homestaging.formats.output` refuses to write over any of them, and what is
  made of a file is made once (:func:`read_once`).

What the text holds (JSON, YAML) is read by :mod:`homestaging.formats.readers`.
"""

from __future__ import annotations

import contextlib
import os
import select
import stat
import sys
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeVar, cast

from ..core.errors import InputError, Located

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "MAX_FILE_BYTES",
    "PIPE_SECONDS",
    "FileId",
    "file_id",
    "file_kind",
    "files_read",
    "read_bytes",
    "read_once",
    "read_text",
    "recording_reads",
]

MAX_FILE_BYTES = 10 * 1024 * 1024
PIPE_SECONDS = 10.0
"""How long a pipe (a FIFO, ``<(command)``) may take to give all its bytes."""

FileId = tuple[int, int]
"""A file's identity: its device and inode numbers (``st_dev``, ``st_ino``)."""

T = TypeVar("T")

_READS: ContextVar[set[FileId] | None] = ContextVar("homestaging_reads", default=None)
_KEPT: ContextVar[dict[Hashable, object] | None] = ContextVar("homestaging_kept", default=None)


@contextmanager
def recording_reads() -> Iterator[None]:
    """Remember every file read inside the block (:func:`files_read`), and what was made
    of a file (:func:`read_once`); the command line runs each command inside one, so that
    no output replaces one of its inputs and no file is read twice."""
    token = _READS.set(set())
    kept = _KEPT.set({})
    try:
        yield
    finally:
        _KEPT.reset(kept)
        _READS.reset(token)


def read_once(path: str, make: Callable[[], T], *, checked_with: object = None) -> T:
    """``make()``, what is made of the file ``path``, made once inside one
    :func:`recording_reads` block (a command) while the file stays the same (device,
    inode, size, modification time) and is named the same way; made every time outside
    one. An error is raised again each time, never kept.

    ``checked_with``: an object that what is made depends on too (the project a game
    record is checked against); made again for another one, told by identity (it is
    kept with what was made, so that its identity stays its own)."""
    kept = _KEPT.get()
    if kept is None:
        return make()
    try:
        info = os.stat(path)
    except OSError:
        return make()
    key = (path, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, id(checked_with))
    if key not in kept:
        kept[key] = (checked_with, make())
    return cast(T, cast(tuple[object, object], kept[key])[1])


def files_read() -> frozenset[FileId]:
    """The identities of the files read so far inside :func:`recording_reads`."""
    return frozenset(_READS.get() or ())


def file_id(info: os.stat_result) -> FileId:
    return (info.st_dev, info.st_ino)


def _remember(info: os.stat_result) -> None:
    found = _READS.get()
    if found is not None:
        found.add(file_id(info))


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is: ``a folder``, ``a FIFO``, ..."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _read_descriptor(fd: int, name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes; a read that would wait is refused."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        try:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        except BlockingIOError:
            raise InputError.single(
                name, "cannot be read without waiting (a special file?); nothing read"
            ) from None
        except OSError as error:
            raise InputError.single(name, f"cannot be read: {error.strerror}") from None
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _read_pipe(fd: int, name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a pipe opened without blocking, waited for at most
    :data:`PIPE_SECONDS` in all; a pipe without a writer gives nothing and is refused."""
    chunks: list[bytes] = []
    size = 0
    deadline = time.monotonic() + PIPE_SECONDS
    while size <= limit:
        try:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        except BlockingIOError:  # a writer that has not written yet
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise InputError.single(
                    name, f"the pipe gave no end of file in {PIPE_SECONDS:g} seconds; "
                    "nothing read") from None
            continue
        except OSError as error:
            raise InputError.single(name, f"cannot be read: {error.strerror}") from None
        if not chunk:
            if not chunks:
                raise InputError.single(
                    name, f"is {file_kind(stat.S_IFIFO)} without a writer; nothing read")
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _read_file(path: str | Path, name: str, limit: int, pipes: bool) -> bytes:
    """The bytes of a regular file, opened without blocking and never waited for, or
    (with ``pipes``) of a pipe that has a writer, waited for a few seconds at most."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError.single(name, "no such file") from None
    except OSError as error:
        raise InputError.single(name, f"cannot be read: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError.single(name, "is a folder, expected a file")
    pipe = pipes and stat.S_ISFIFO(info.st_mode)
    if not stat.S_ISREG(info.st_mode) and not pipe:
        raise InputError.single(name, f"is {file_kind(info.st_mode)}, expected a regular file")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise InputError.single(name, f"cannot be read: {error.strerror}") from None
    try:
        info = os.fstat(fd)  # the file opened, not the one looked at before
        if stat.S_ISFIFO(info.st_mode) and pipe:
            return _read_pipe(fd, name, limit)
        if not stat.S_ISREG(info.st_mode):
            raise InputError.single(
                name, f"is {file_kind(info.st_mode)}, expected a regular file")
        _remember(info)
        return _read_descriptor(fd, name, limit)
    finally:
        os.close(fd)


def _read_stdin(name: str, limit: int) -> bytes:
    """Standard input (a pipe, a terminal or a file): closed or unreadable is an error."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise InputError.single(name, "standard input is closed; nothing to read")
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a file at all
        _remember(os.fstat(stream.fileno()))
    try:
        data: bytes = stream.buffer.read(limit + 1)
    except (OSError, ValueError, AttributeError) as error:
        reason = getattr(error, "strerror", None) or "it is closed"
        raise InputError.single(name, f"standard input cannot be read: {reason}") from None
    return data


def read_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES,
               stdin_name: str = "<stdin>", pipes: bool = True) -> bytes:
    """The bytes of a regular file (or ``-``: standard input, named ``stdin_name`` in
    messages), at most ``limit`` of them, opened without blocking; with ``pipes``, a
    pipe that has a writer is read too (for :data:`PIPE_SECONDS` at most)."""
    if str(path) == "-":
        data = _read_stdin(stdin_name, limit)
        name = stdin_name
    else:
        name = str(path)
        data = _read_file(path, name, limit, pipes)
    if len(data) > limit:
        raise InputError.single(name, f"file is larger than {limit // 2**20} MB")
    return data


def read_text(path: str | Path, *, stdin_name: str = "<stdin>",
              pipes: bool = True) -> tuple[str, str]:
    """Read a UTF-8 text file (or ``-`` for stdin); return ``(display name, text)``.
    ``pipes``: as :func:`read_bytes`."""
    name = stdin_name if str(path) == "-" else str(path)
    data = read_bytes(path, stdin_name=stdin_name, pipes=pipes)
    # "utf-8-sig" without its codec module: the byte order mark dropped, then UTF-8
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    try:
        return name, body.decode("utf-8")
    except UnicodeDecodeError as error:
        # where the bad byte is: its line, and its column counted in characters
        line = body[: error.start].count(b"\n") + 1
        start = body.rfind(b"\n", 0, error.start) + 1
        column = len(body[start:error.start].decode("utf-8", "replace")) + 1
        raise InputError(
            [Located(name, "is not UTF-8 text (binary data?)", line=line, column=column)]
        ) from None
