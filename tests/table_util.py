"""Running ``homestaging table`` as a real process for tests, and talking to it raw."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from editor_util import http_request

START_SECONDS = 60.0


@dataclass
class TableProcess:
    """One ``homestaging table`` process: its two URLs and what it said on stderr."""

    db: Path
    project: str = "tutorial"
    seed: int | None = 7
    port: int = 0
    process: subprocess.Popen[str] | None = None
    lines: list[str] = field(default_factory=list)

    def start(self, *extra: str, lines: int = 2) -> None:
        command = [sys.executable, "-m", "homestaging", "table", self.project,
                   "--db", str(self.db), "--port", str(self.port), "--no-browser", *extra]
        if self.seed is not None:
            command += ["--seed", str(self.seed)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=env)
        self.lines = _read_lines(self.process, lines)
        if len(self.lines) < lines:
            self.process.kill()
            error = self.process.communicate()[1]
            raise AssertionError(f"the table did not start: {self.lines} {error}")
        self.port = int(urlsplit(self.host_url).port or 0)

    @property
    def host_url(self) -> str:
        return self.lines[0]

    @property
    def join_url(self) -> str:
        return self.lines[1]

    @property
    def code(self) -> str:
        return urlsplit(self.join_url).path.split("/")[2]

    @property
    def host_token(self) -> str:
        return parse_qs(urlsplit(self.host_url).query)["token"][0]

    def codes(self) -> list[str]:
        """The code of every table the process printed (host and join URL in pairs)."""
        return [urlsplit(url).path.split("/")[2] for url in self.lines[1::2]]

    def table(self, index: int) -> TableProcess:
        """The same process, seen as its ``index``-th table (its two URLs first)."""
        return TableProcess(self.db, self.project, self.seed, self.port, self.process,
                            self.lines[2 * index: 2 * index + 2])

    def kill(self) -> None:
        """SIGKILL: no chance to tidy anything up."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        assert self.process.stdout is not None and self.process.stderr is not None
        self.process.stdout.close()
        self.process.stderr.close()

    def stop(self) -> str:
        """Ctrl+C; return what it said on standard error."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.communicate(timeout=15)[1]
            except subprocess.TimeoutExpired:
                self.process.kill()
                return self.process.communicate()[1]
        return ""


def _read_lines(process: subprocess.Popen[str], count: int) -> list[str]:
    """The first ``count`` lines of standard output (or fewer if the process ends)."""
    stream = process.stdout
    assert stream is not None
    found: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for _ in range(count):
            found.put(stream.readline())

    threading.Thread(target=read, daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + START_SECONDS
    while len(lines) < count:
        try:
            line = found.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return lines


@contextmanager
def running(db: Path, **options: Any) -> Iterator[TableProcess]:
    table = TableProcess(db, **options)
    table.start()
    try:
        yield table
    finally:
        table.stop()


def request(table: TableProcess, method: str, path: str, body: Any = None, *,
            token: str | None = None, host: str | None = None,
            headers: dict[str, str] | None = None, raw: bytes | None = None
            ) -> tuple[int, dict[str, str], bytes]:
    """One request with full control of the headers; returns status, headers, body."""
    return http_request(table.port, method, path, body, token=token, host=host,
                        headers=headers, raw=raw)


def join(table: TableProcess, name: str) -> tuple[int, str]:
    """Join as ``name`` by the form; return the player's number and secret."""
    status, headers, _ = request(
        table, "POST", f"/t/{table.code}/join", raw=urlencode({"player": name}).encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303, status
    target = urlsplit(headers["location"])
    return int(target.path.split("/")[4]), parse_qs(target.query)["token"][0]
