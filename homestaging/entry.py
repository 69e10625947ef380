"""The ``homestaging`` command's entry point (the console script and ``python -m``).

A command runs for a moment and frees its objects as it goes, by reference counting,
not by the cycle collector; Python's default collects young objects every 700
allocations, which costs a command about 3% of its start-up (importing click and the
command's modules). The command line collects them every :data:`GC_THRESHOLD` instead,
from before its first import; importing :mod:`homestaging` as a library changes nothing.

When the command is done, the objects still alive are not walked by the cycle collector
once more as the interpreter shuts down (``gc.freeze()`` at exit): the process ends and
its memory goes with it. Every output file is written and closed before (the atomic
writer of :mod:`homestaging.formats.output`); the standard streams are flushed as ever. A book
of projects (``print --all``) leaves a hundred thousand objects behind, a tenth of a
second to walk.
"""

from __future__ import annotations

import atexit
import gc

__all__ = ["GC_THRESHOLD", "run"]

GC_THRESHOLD = 100_000
"""Allocations between two collections of young objects while a command runs."""


def run() -> None:
    """Run the command line."""
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    atexit.register(gc.freeze)
    from .cli.root import main

    main(prog_name="homestaging")
