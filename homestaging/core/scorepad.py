"""A score pad as data, and a ranking by total then tie-breaks.

Game-neutral: any game whose final score is a sum of lines on a pad uses these. The
pad's text and JSON are written by :mod:`homestaging.text.report`.

* :class:`ScorePad`: categories of items, each item with its points, whether it was
  awarded and a one-line explanation; the tie-breaks in the order they are compared; the
  rule problems found; notes written under the total; the game's own details.
* :func:`order` sorts by total then tie-breaks (higher first, stable) and
  :func:`shared_places` gives the places, ties sharing one
  (:mod:`homestaging.core.ordering`); :func:`rank` and :func:`pad_places` do both for
  score pads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import Problem, Severity
from .ordering import order, shared_places

__all__ = ["Category", "Item", "ScorePad", "order", "pad_places", "rank", "shared_places"]


@dataclass(frozen=True)
class Item:
    """One line of a category: what it is, its points, and why.

    ``awarded`` is None for a line that is simply counted, True or False for a goal
    that was met or not (written ``[x]`` / ``[ ]``).
    """

    text: str
    points: int
    explanation: str = ""
    awarded: bool | None = None


@dataclass(frozen=True)
class Category:
    """A category of the score pad and the items that make its points."""

    name: str
    items: tuple[Item, ...] = ()

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True)
class ScorePad:
    """A whole score pad. It is provisional while the record breaks a rule (an error).

    ``tiebreaks`` are ``(label, value)`` pairs compared in order when totals are
    equal, higher first. ``details`` holds the game's own JSON data; ``notes`` are
    lines written under the total.
    """

    game: str
    player: str
    categories: tuple[Category, ...]
    tiebreaks: tuple[tuple[str, int], ...] = ()
    problems: tuple[Problem, ...] = ()
    source: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(category.points for category in self.categories)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == Severity.ERROR]

    @property
    def provisional(self) -> bool:
        return bool(self.errors)


def _key(pad: ScorePad) -> list[int]:
    return [pad.total, *(value for _, value in pad.tiebreaks)]


def rank(pads: Iterable[ScorePad]) -> list[ScorePad]:
    """Score pads best first: total, then each tie-break in turn."""
    return order(pads, _key)


def pad_places(pads: Sequence[ScorePad]) -> list[int]:
    """The places of ranked score pads, equal totals and tie-breaks sharing one."""
    return shared_places([_key(pad) for pad in pads])
