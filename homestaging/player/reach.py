"""What no game reached: the designer's check of a project (``projects validate --par``).

A run of games (:func:`homestaging.player.par.run_par`) says, per bonus, in how many
games it was awarded, and in how many every room was reached with furniture in it. A
bonus worth points that no game reached, a penalty paid in every game, and rooms that
no game could all connect are worth a designer's look: the player may be weak there,
or the project may ask for the impossible.
"""

from __future__ import annotations

from dataclasses import dataclass

from .par import ParRun

__all__ = ["Finding", "findings"]


@dataclass(frozen=True)
class Finding:
    """One warning about a project: ``kind`` is ``bonus-never-reached``,
    ``penalty-always-paid`` or ``rooms-never-connected``; ``subject`` the bonus's text
    (or ``rooms``)."""

    kind: str
    subject: str
    message: str


def findings(run: ParRun) -> list[Finding]:
    """The warnings a run of games gives about its project, in project order."""
    games = len(run.results)
    played = f"{games} game{'s' if games != 1 else ''} of the {run.policy} player"
    found: list[Finding] = []
    for index, bonus in enumerate(run.project.bonuses):
        awarded = sum(1 for r in run.results if r.bonuses[index])
        if bonus.points > 0 and not awarded:
            found.append(Finding("bonus-never-reached", bonus.text,
                                 f"no game reached \"{bonus.text}\" ({played})"))
        elif bonus.points < 0 and awarded == games:
            found.append(Finding("penalty-always-paid", bonus.text,
                                 f"every game paid \"{bonus.text}\" ({played})"))
    if not any(r.connected for r in run.results):
        found.append(Finding("rooms-never-connected", "rooms",
                             f"no game reached every room with furniture in it ({played})"))
    return found
