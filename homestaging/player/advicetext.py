"""The advice of :mod:`homestaging.player.advice` as text and JSON: the lines ``place`` prints
and the candidates its JSON holds."""

from __future__ import annotations

from typing import Any

from ..text.report import move_json, move_text
from .advice import Advice
from .policy import Judged

__all__ = ["advice_json", "format_advice", "judged_json", "judged_marks", "judged_text",
           "worth_text"]


def worth_text(value: float) -> str:
    """A judged worth as text: ``3``, ``2.9``."""
    rounded = round(value, 1)
    return f"{rounded:.0f}" if rounded == int(rounded) else f"{rounded:.1f}"


def judged_marks(judged: Judged) -> str:
    """What the room makes of a move: ``a door here reaches 9 of 9 points`` (and why
    the room's remaining tokens do not fit, when they do not) or ``dead end: ...``."""
    return judged.verdict.marks


def judged_text(number: int, judged: Judged) -> str:
    """A move's line (:func:`~homestaging.text.report.move_text` without the engine's worth),
    what its door reaches or why it is a dead end, and its worth as judged."""
    move = judged.move
    text = move_text(number, move)
    if move.value != move.candidate.points:
        text = text[:text.rindex("; worth ")]
    text += f"; {judged_marks(judged)}"
    worth = worth_text(judged.value)
    if worth != str(move.candidate.points):
        text += f"; worth {worth}"
    return text


def format_advice(advice: Advice, *, top: int | None = 10, room: str = "") -> str:
    """The placements of one piece, best first, numbered; with none, why; when every
    placement listed is a dead end, says so first."""
    if not advice.judged:
        return (f"no legal placement: {advice.reason}\n" if advice.reason
                else "no legal placement\n")
    lines = []
    if not advice.alive:
        where = f" the {room}" if room else " the room"
        lines.append(f"no placement is alive: each of the {advice.count} legal placements "
                     f"leads{where} into a dead end")
    shown = advice.judged if top is None else advice.judged[:top]
    lines += [judged_text(number, judged) for number, judged in enumerate(shown, 1)]
    if len(shown) < advice.count:
        lines.append(f"     ... {advice.count - len(shown)} more "
                     f"({advice.count} legal placements)")
    return "\n".join(lines) + "\n"


def judged_json(judged: Judged) -> dict[str, Any]:
    """:func:`~homestaging.text.report.move_json` with the worth as judged (``value``; the
    engine's as ``engine_value``) and the room's verdict: ``alive``, ``dead_end`` (why,
    or null), ``fits`` and ``tight`` (why the room's remaining tokens do not fit, or
    null), ``reached`` of ``room_points`` and ``reach`` in words."""
    verdict = judged.verdict
    data = move_json(judged.move)
    data["engine_value"] = data["value"]
    data.update({"value": round(judged.value, 2), "alive": verdict.alive,
                 "dead_end": verdict.reason, "fits": verdict.fits,
                 "tight": verdict.tight, "reached": verdict.reached,
                 "room_points": verdict.total, "reach": verdict.reach_text})
    return data


def advice_json(advice: Advice, *, top: int | None = None) -> dict[str, Any]:
    """``{"piece", "count", "alive", "candidates": [...], "reason"?}``."""
    shown = advice.judged if top is None else advice.judged[:top]
    data: dict[str, Any] = {"piece": advice.piece.id, "count": advice.count,
                            "alive": advice.alive,
                            "candidates": [judged_json(judged) for judged in shown]}
    if advice.reason and not advice.judged:
        data["reason"] = advice.reason
    return data
