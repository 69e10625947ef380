"""The ``homestaging`` command's entry point (the console script and ``python -m``).

A command runs for a moment and frees its objects as it goes, by reference counting,
not by the cycle collector; Python's default collects young objects every 700
allocations, which costs a command about 3% of its start-up (importing click and the
command's modules). The command line collects them every :data:`GC_THRESHOLD` instead,
from before its first import; importing :mod:`homestaging` as a library changes nothing.
"""

from __future__ import annotations

import gc

__all__ = ["GC_THRESHOLD", "run"]

GC_THRESHOLD = 100_000
"""Allocations between two collections of young objects while a command runs."""


def run() -> None:
    """Run the command line."""
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    from .cli import main

    main(prog_name="homestaging")
