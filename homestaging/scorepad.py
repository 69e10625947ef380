"""A score pad as data and as text, and a ranking by total then tie-breaks.

Game-neutral: any game whose final score is a sum of lines on a pad uses these.

* :func:`pad_lines` is the text form of a pad: a title, notes, a rule, one row per line
  with its points in a right-aligned column (an explanation row has no points), a rule,
  then the total and tie-break rows in the same columns.
* :class:`ScorePad` is a pad as data: categories of items, each item with its points,
  whether it was awarded and a one-line explanation; the tie-breaks in the order they
  are compared; the rule problems found. :func:`format_pad` writes it as text,
  :meth:`ScorePad.to_json` as JSON.
* :func:`order` sorts by total then tie-breaks (higher first, stable), :func:`shared_places`
  gives the places with ties sharing one, :func:`ranking_lines` lays out a ranking table;
  :func:`rank` and :func:`format_ranking` do both for score pads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import ERROR, Problem

__all__ = [
    "EXPLAIN",
    "Category",
    "Item",
    "ScorePad",
    "format_pad",
    "format_ranking",
    "order",
    "pad_lines",
    "rank",
    "ranking_lines",
    "shared_places",
    "signed",
]

T = TypeVar("T")

Row = tuple[str, "str | None"]
"""A row of the pad: its text and its points as written (None: an explanation row)."""

EXPLAIN = "      "
"""Indent of an explanation row under a row of the pad."""

MIN_TEXT_WIDTH = 28


def signed(points: int) -> str:
    """``+3``, ``-1``, ``0``."""
    return f"{points:+d}" if points else "0"


def pad_lines(
    head: Sequence[str], rows: Sequence[Row], totals: Sequence[tuple[str, str]]
) -> list[str]:
    """The pad as lines: ``head`` (title and notes), a rule, the rows, a rule, ``totals``.

    The text column is as wide as the widest row with points or total label (at least 28
    characters); the points column fits every row's points and the first total (at least 3).
    """
    width = max([len(text) for text, points in rows if points is not None]
                + [len(label) for label, _ in totals] + [MIN_TEXT_WIDTH])
    number = max([len(points) for _, points in rows if points is not None]
                 + [len(totals[0][1]) if totals else 0, 3])
    rule = "-" * (width + number + 2)
    lines = [*head, rule]
    lines += [text if points is None else f"{text:<{width}}  {points:>{number}}"
              for text, points in rows]
    lines.append(rule)
    lines += [f"{label:<{width}}  {value:>{number}}" for label, value in totals]
    return lines


# ------------------------------------------------------------------------ pads as data


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

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "points": self.points, "awarded": self.awarded,
                "explanation": self.explanation}


@dataclass(frozen=True)
class Category:
    """A category of the score pad and the items that make its points."""

    name: str
    items: tuple[Item, ...] = ()

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "points": self.points,
                "items": [item.to_json() for item in self.items]}


@dataclass(frozen=True)
class ScorePad:
    """A whole score pad. ``final`` is false while the record has errors.

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
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def final(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.player,
            "categories": [category.to_json() for category in self.categories],
            "total": self.total,
            "tiebreaks": [{"name": name, "value": value} for name, value in self.tiebreaks],
            **self.details,
            "notes": list(self.notes),
            "problems": [problem.to_json() for problem in self.problems],
            "final": self.final,
        }


def _item_line(item: Item) -> str:
    box = "" if item.awarded is None else "[x] " if item.awarded else "[ ] "
    return f"  {box}{item.text}: {signed(item.points)}"


def format_pad(pad: ScorePad, file: str = "") -> str:
    """The score pad as text: a row per category with its points, its items under it
    (each with its points and explanation), the total, the tie-breaks, then the errors."""
    label = file or pad.source or pad.game
    head = [f"{label} - {pad.game}" + (f" - {pad.player}" if pad.player else "")]
    errors = pad.errors
    if errors:
        head.append(f"PROVISIONAL: the record has {len(errors)} "
                    f"error{'' if len(errors) == 1 else 's'}")
    rows: list[Row] = []
    for category in pad.categories:
        rows.append((category.name, str(category.points)))
        for item in category.items:
            rows.append((_item_line(item), None))
            if item.explanation:
                rows.append((f"{EXPLAIN}{item.explanation}", None))
    totals = [("TOTAL" if pad.final else "TOTAL (provisional)", str(pad.total))]
    totals += [(f"{name} (tie-break)", str(value)) for name, value in pad.tiebreaks]
    lines = pad_lines(head, rows, totals) + list(pad.notes)
    if errors:
        lines += ["", "Errors:", *(f"  {problem.line(label)}" for problem in errors)]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ ranking


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


def ranking_lines(
    header: Sequence[str], rows: Sequence[Sequence[str]], left: Iterable[int]
) -> list[str]:
    """A table: columns two spaces apart, those in ``left`` left-aligned, the others
    right-aligned, trailing spaces cut."""
    aligned_left = set(left)
    table = [header, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    return ["  ".join(
        f"{value:<{widths[i]}}" if i in aligned_left else f"{value:>{widths[i]}}"
        for i, value in enumerate(row)).rstrip() for row in table]


def _key(pad: ScorePad) -> list[int]:
    return [pad.total, *(value for _, value in pad.tiebreaks)]


def rank(pads: Iterable[ScorePad]) -> list[ScorePad]:
    """Score pads best first: total, then each tie-break in turn."""
    return order(pads, _key)


def format_ranking(pads: Iterable[ScorePad]) -> str:
    """A ranking table: place, player, file, total, the tie-breaks, ``*`` if provisional."""
    ranked = rank(pads)
    names = [name for name, _ in ranked[0].tiebreaks] if ranked else []
    header = ["place", "player", "file", "total", *names, ""]
    rows = [[str(place), pad.player or "-", pad.source or "-", str(pad.total),
             *(str(value) for _, value in pad.tiebreaks), "" if pad.final else "*"]
            for place, pad in zip(shared_places([_key(p) for p in ranked]), ranked,
                                  strict=True)]
    lines = ranking_lines(header, rows, {1, 2, len(header) - 1})
    if any(not pad.final for pad in ranked):
        lines.append("* provisional: the record has errors")
    return "\n".join(lines) + "\n"
