"""Which of a project's bonuses a piece (or a room) may change: what the ranking
asks before it values a move with the bonuses, each answer worked out once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core.pieces import Piece
from ..core.project import Bonus
from ..core.sheet import Sheet

_Answer = TypeVar("_Answer")

_BONUS_MEMO: dict[tuple[int, Any, str], tuple[tuple[Bonus, ...], Any, Any]] = {}
"""Per project's bonuses (by identity), piece (by identity) or set of rooms, and
question: what the bonus trees answer about it (:func:`bonus_memo`)."""


def bonus_memo(bonuses: tuple[Bonus, ...], about: Any, question: str,
                answer: Callable[[], _Answer]) -> _Answer:
    """``answer()``, worked out once per project's bonuses and ``about`` (a piece, by
    identity, or a set of rooms): walking the bonus trees for every piece of every
    sheet ranked cost a few percent of a game."""
    key = (id(bonuses), about if isinstance(about, frozenset) else id(about), question)
    known = _BONUS_MEMO.get(key)
    if known is not None and known[0] is bonuses and (
            isinstance(about, frozenset) or known[1] is about):
        found: _Answer = known[2]
        return found
    if len(_BONUS_MEMO) >= 4096:  # the pieces of many projects read one after another
        _BONUS_MEMO.clear()
    value = answer()
    _BONUS_MEMO[key] = (bonuses, about, value)
    return value


def matching(bonus: Bonus, pieces: list[Piece]) -> int:
    """How many of ``pieces`` a ``per`` bonus's selector may take at most (its piece
    filter's id and tag; 0 for a ``when`` bonus)."""
    if bonus.per is None:
        return 0
    found = bonus.per.get("piece", {})
    return sum(1 for piece in pieces if found.get("id", piece.id) == piece.id
               and ("tag" not in found or found["tag"] in piece.tags))


def may_change(bonus: Bonus, piece: Piece) -> bool:
    """Whether a bonus may give other points once ``piece`` is drawn in the room being
    furnished, wherever it goes (that room already holding furniture: its rooms'
    verdicts stand): a selector of the bonus may take the piece. (A distance may also
    change where the piece's furniture crosses a route it measured.)"""
    if bonus.per is not None:
        return _selector_may(bonus.per, piece)
    return bonus.when is not None and _condition_may(bonus.when, piece)


def next_to_fixed(bonus: Bonus) -> str | None:
    """What the pieces of a ``per`` bonus must lie next to, when that is a window or a
    door (their squares stay as they are while pieces are drawn); else None."""
    near = bonus.per.get("next_to") if bonus.per is not None else None
    return near if near in ("window", "door") else None


def room_alone(bonus: Bonus) -> bool:
    """Whether a bonus's verdict is the same wherever pieces lie: a condition on rooms'
    views and sizes only (no selector, no distance), which a room's first furniture
    may change, but not where it stands."""
    return bonus.when is not None and _rooms_only(bonus.when)


def _rooms_only(condition: dict[str, Any]) -> bool:
    (kind, data), = condition.items()
    if kind in ("all", "any"):
        return all(_rooms_only(part) for part in data)
    if kind == "not":
        return _rooms_only(data)
    return kind in ("view", "room_size")


def room_may_change(bonus: Bonus, rooms: frozenset[str], rugs: bool = True) -> bool:
    """Whether a bonus may give other points once ``rooms`` hold furniture (a room
    without does not exist for scoring): it names one of them, or, when they hold a rug
    (``rugs``), selects pieces (a rug in such a room starts to count; no other piece
    lies in a room without furniture)."""
    return (rugs and bonus.per is not None) or _names(bonus.when, rooms, rugs)


def _names(node: Any, rooms: frozenset[str], selectors: bool) -> bool:
    """Whether a bonus tree names one of ``rooms`` or, with ``selectors``, holds a
    selector."""
    if isinstance(node, str):
        return node in rooms
    if isinstance(node, list):
        return any(_names(item, rooms, selectors) for item in node)
    if isinstance(node, dict):
        return (selectors and bool({"count", "adjacent", "piece"} & node.keys())) or any(
            _names(value, rooms, selectors) for value in node.values())
    return False


def stays_false(bonus: Bonus, sheet: Sheet) -> bool:
    """Whether a bonus is false on ``sheet`` and on it with any pieces added: its whole
    condition a distance from or to the door of a room without one (the room being
    furnished) or the window of a room not walled (pieces add no door, wall or window)."""
    when = bonus.when
    if bonus.per is not None or when is None or when.keys() != {"distance"}:
        return False
    data = when["distance"]
    for end in (data["from"], data["to"]):
        if not isinstance(end, dict) or end.keys() not in ({"door"}, {"window"}):
            continue
        (kind, name), = end.items()
        plan = sheet.room(name)
        if plan is not None and (plan.door is None if kind == "door" else not plan.cells):
            return True
    return False


def _condition_may(condition: dict[str, Any], piece: Piece) -> bool:
    (kind, data), = condition.items()
    if kind in ("all", "any"):
        return any(_condition_may(part, piece) for part in data)
    if kind == "not":
        return _condition_may(data, piece)
    if kind == "count":
        return _selector_may(data, piece)
    if kind == "adjacent":
        return _selector_may(data["a"], piece) or _selector_may(data["b"], piece)
    if kind == "distance":
        return any(isinstance(end, dict) and "piece" in end and _selector_may(end, piece)
                   for end in (data["from"], data["to"]))
    return kind != "view" and kind != "room_size"  # windows and walls: no piece changes them


def _selector_may(selector: dict[str, Any], piece: Piece) -> bool:
    """Whether a selector may take ``piece``, itself or as what a piece is next to."""
    found = selector.get("piece", {})
    if ("id" not in found or found["id"] == piece.id) and (
            "tag" not in found or found["tag"] in piece.tags):
        return True
    near = selector.get("next_to")
    return isinstance(near, dict) and _selector_may(near, piece)


def touches(node: Any, piece: Piece) -> bool:
    """Whether a bonus tree has a piece filter ``piece`` may match, or a distance."""
    if isinstance(node, list):
        return any(touches(item, piece) for item in node)
    if not isinstance(node, dict):
        return False
    if "distance" in node:
        return True
    flt = node.get("piece")
    if isinstance(flt, dict) and (flt.get("id", piece.id) == piece.id
                                  and flt.get("tag", piece.tags[0] if piece.tags else None)
                                  in (*piece.tags, None)):
        return True
    return any(touches(value, piece) for value in node.values())
