"""Ctrl+C for the two servers (``edit`` and ``table``): a flag, not an exception.

A KeyboardInterrupt is raised at whatever point the main thread has reached, and may
leave a lock of the threading module held (a server loop then hangs); a flag is read
where stopping is safe.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

__all__ = ["Interruption"]


class Interruption:
    """Ctrl+C as a flag: while installed (``with``), SIGINT sets ``asked`` and calls
    ``then``, whatever the handler before (a program started in the background by a
    shell inherits SIGINT ignored, yet says "Stop with Ctrl+C")."""

    def __init__(self, then: Callable[[], None] | None = None) -> None:
        self.asked = False
        self.then = then
        self.previous: Any = signal.SIG_DFL

    def __enter__(self) -> Interruption:
        self.previous = signal.signal(signal.SIGINT, self.ask)
        return self

    def __exit__(self, *exception: object) -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL if self.previous is None else self.previous)

    def ask(self, number: int, frame: FrameType | None) -> None:
        self.asked = True
        if self.then is not None:
            self.then()
