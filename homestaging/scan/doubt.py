"""A square (or one of its sides) the scanner is not sure of, and why."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.grid import Cell, cell_name

__all__ = ["Uncertain"]


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
