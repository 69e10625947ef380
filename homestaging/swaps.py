"""Attributes of another library replaced while a block of code runs, for any number of
users at once (the PDF backend's hooks of :mod:`homestaging.fontcache` and
:mod:`homestaging.pdfsyntax`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Swap", "Swaps"]

Swap = tuple[Any, str, Any]
"""An owner (a module or a class), the name of one of its attributes, and what stands in
its place."""


class Swaps:
    """Attributes replaced while at least one user is inside: the first user in puts
    them in place, the last one out puts back what each owner held (an attribute the
    owner did not hold itself is deleted again)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0
        self.saved: list[Swap] = []

    def enter(self, swaps: Callable[[], list[Swap]],
              first: Callable[[], None] | None = None) -> None:
        """One user more; the first makes ``swaps()`` and then calls ``first()``, both
        under the lock."""
        with self.lock:
            if self.users == 0:
                made = swaps()
                self.saved = [(owner, name, vars(owner).get(name)) for owner, name, _ in made]
                for owner, name, value in made:
                    setattr(owner, name, value)
                if first is not None:
                    first()
            self.users += 1

    def leave(self, last: Callable[[], None] | None = None) -> None:
        """One user fewer; the last calls ``last()`` and then puts the attributes back,
        both under the lock."""
        with self.lock:
            self.users -= 1
            if self.users == 0:
                try:
                    if last is not None:
                        last()
                finally:
                    for owner, name, value in self.saved:
                        if value is None:
                            delattr(owner, name)
                        else:
                            setattr(owner, name, value)
                    self.saved = []
