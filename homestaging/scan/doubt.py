"""A square (or one of its sides) the scanner is not sure of, and why."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.grid import Cell, cell_name

__all__ = ["Uncertain", "one_per_side"]


@dataclass(frozen=True)
class Uncertain:
    """A square (or one of its sides) the scanner is not sure of, and why."""

    cell: Cell
    what: str
    reason: str
    side: str | None = None

    def to_json(self) -> dict[str, str]:
        out = {"square": cell_name(self.cell)}
        if self.side:
            out["side"] = self.side
        out.update({"what": self.what, "reason": self.reason})
        return out

    def line(self) -> str:
        where = cell_name(self.cell) + (f"/{self.side}" if self.side else "")
        return f"{where}: {self.what}: {self.reason}"


#: What a side is read as: a side doubted as one and then read as the other is listed once
WALL_VERDICTS = ("wall", "no wall")


def one_per_side(doubts: list[Uncertain]) -> list[Uncertain]:
    """``doubts`` with each side's wall doubts made one: a side first doubted as no wall
    and then read as a wall (or the other way) is listed where it first was, with the
    last verdict and every reason, in order."""
    out: list[Uncertain] = []
    at: dict[tuple[Cell, str], int] = {}
    for doubt in doubts:
        key = (doubt.cell, doubt.side or "")
        if doubt.side is None or doubt.what not in WALL_VERDICTS:
            out.append(doubt)
        elif key in at:
            first = out[at[key]]
            out[at[key]] = replace(first, what=doubt.what,
                                   reason=f"{first.reason}; {doubt.reason}")
        else:
            at[key] = len(out)
            out.append(doubt)
    return out
