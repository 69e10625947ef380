"""A ranking by total then tie-breaks, for any game's scores (score cards, score pads).

* :func:`order` sorts by total then tie-breaks (higher first, stable).
* :func:`shared_places` gives the places of items in that order, ties sharing one.

Apart from :mod:`homestaging.core.scorepad` (which uses them) so that ranking score
cards does not build the score pad's classes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

__all__ = ["order", "shared_places"]

T = TypeVar("T")


def order(items: Iterable[T], key: Callable[[T], Sequence[int]]) -> list[T]:
    """Items best first by ``key`` (total, then tie-breaks; higher wins); stable."""
    return sorted(items, key=lambda item: [-value for value in key(item)])


def shared_places(keys: Sequence[Sequence[int]]) -> list[int]:
    """Places of items already in order (1 = first); equal keys share a place."""
    found: list[int] = []
    for index, key in enumerate(keys):
        if index and tuple(key) == tuple(keys[index - 1]):
            found.append(found[-1])
        else:
            found.append(index + 1)
    return found
