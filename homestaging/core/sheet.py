"""A player's plan: the rooms walled so far, the pieces drawn, the doors and windows.

This is the model only; :mod:`homestaging.formats.sheetreader` and
:mod:`homestaging.formats.sheetwriter` read and write it as grid JSON, and
:mod:`homestaging.core.layout` derives walls, hallway and piece rooms from it. A sheet may carry the
game record of its table (:class:`~homestaging.core.game.GameRecord`).
"""

from __future__ import annotations

import string
from collections.abc import Hashable, Set
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .bitmask import compact
from .errors import Problem
from .grid import Cell, Edge, EdgeKey, boundary, boundary_keys, column_name
from .pieces import Placement
from .project import Project

if TYPE_CHECKING:
    from .game import GameRecord

__all__ = ["DrawnPiece", "RoomPlan", "Sheet", "WildCard"]


@dataclass(frozen=True)
class RoomPlan:
    """A room of the plan. ``cells`` is empty while the room is not finalized (walled); a
    frozenset, a :class:`~homestaging.core.bitmask.SquareSet` for a large room
    (:func:`~homestaging.core.bitmask.compact`; any collection given is made so)."""

    name: str
    cells: Set[Cell] = frozenset()
    doors: tuple[Edge, ...] = ()
    path: str = "$"

    def __post_init__(self) -> None:
        cells = compact(self.cells)
        if cells is not self.cells:
            object.__setattr__(self, "cells", cells)

    @property
    def finalized(self) -> bool:
        return bool(self.cells)

    @property
    def door(self) -> Edge | None:
        """The room's door when it has exactly one."""
        return self.doors[0] if len(self.doors) == 1 else None

    def walls(self) -> frozenset[Edge]:
        """The edges around the room's squares (none while it is not walled), worked out
        once: every layout of a sheet sharing this room (a placement search tries many)
        reuses them."""
        cached: frozenset[Edge] | None = self.__dict__.get("_walls")
        if cached is None:
            cached = boundary(self.cells) if self.cells else frozenset()
            object.__setattr__(self, "_walls", cached)
        return cached

    def wall_keys(self) -> frozenset[EdgeKey]:
        """The keys of :meth:`walls`, worked out from the squares (no edge made), once."""
        cached: frozenset[EdgeKey] | None = self.__dict__.get("_wall_keys")
        if cached is None:
            cached = boundary_keys(self.cells) if self.cells else frozenset()
            object.__setattr__(self, "_wall_keys", cached)
        return cached


@dataclass(frozen=True)
class DrawnPiece:
    """A placement as the sheet gives it: ``label`` and ``path`` say where it was written.

    ``label`` is the legend character of a grid piece (``K``) or ``pieces[2]``.
    """

    placement: Placement
    label: str
    path: str

    @property
    def id(self) -> str:
        return self.placement.piece.id

    @property
    def name(self) -> str:
        return self.placement.piece.name

    @property
    def subject(self) -> str:
        """``K (Corner kitchen)``: the label the sheet uses and the piece's name."""
        return f"{self.label} ({self.name})"


@dataclass(frozen=True)
class WildCard:
    """The wild card: the pieces it names (indexes into ``Sheet.pieces``) and its effect."""

    pieces: tuple[int, ...]
    effect: str  # "mirror" or "other-option"
    path: str = "$.wild_card"


@dataclass(frozen=True)
class Sheet:
    """A plan on one project. ``rooms`` are in play order.

    ``notes`` are what the reader noticed in how the file is written (a stray ``o``, a
    side written as a word...): warnings that :func:`homestaging.rules.checks.check` reports
    among the rules' problems.
    """

    project: Project
    rooms: tuple[RoomPlan, ...] = ()
    pieces: tuple[DrawnPiece, ...] = ()
    front_doors: tuple[Edge, ...] = ()
    windows: tuple[Edge, ...] = ()
    wild_card: WildCard | None = None
    current_room: str | None = None
    player: str = ""
    source: str = "<sheet>"
    project_ref: str = ""
    notes: tuple[Problem, ...] = ()
    game: GameRecord | None = None
    """The game record the sheet was played with (its ``"game"`` key), if any."""
    game_ref: str = ""
    """The record's file as the sheet names it; empty when the record is embedded."""

    def __str__(self) -> str:
        """The plan as its grid, so that a failing test shows the board: each piece's
        furniture squares by its letter (``a`` for ``pieces[0]``, ``b``..., after ``z``
        ``A``...), its circulation squares ``+``, the house's free squares ``.``, the
        squares outside the house blank; the column names above, the row numbers left,
        and the pieces by letter below."""
        letters = string.ascii_lowercase + string.ascii_uppercase
        marks: dict[Cell, str] = {}
        order = sorted(range(len(self.pieces)),
                       key=lambda i: not self.pieces[i].placement.piece.is_rug)
        for index in order:  # rugs first: a piece standing on a rug shows
            placement = self.pieces[index].placement
            for cell in placement.circulation:
                marks[cell] = "+"
            for cell in placement.furniture:
                marks[cell] = letters[index % len(letters)]
        project = self.project
        width = len(str(project.height))
        names = [column_name(x) for x in range(project.width)]
        lines = [f"{self.project_ref or project.id} ({project.width} x {project.height})"]
        if all(len(name) == 1 for name in names):  # past Z the columns go unnamed
            lines.append(" " * (width + 1) + "".join(names))
        for y in range(project.height):
            row = "".join(marks.get((x, y), "." if (x, y) in project.house else " ")
                          for x in range(project.width))
            lines.append(f"{y + 1:>{width}} {row}".rstrip())
        lines += [f"{letters[i % len(letters)]} {drawn.subject}"
                  for i, drawn in enumerate(self.pieces)]
        return "\n".join(lines)

    @property
    def front_door(self) -> Edge | None:
        return self.front_doors[0] if len(self.front_doors) == 1 else None

    def room(self, name: str) -> RoomPlan | None:
        """The room listed under ``name`` (the first one, should two share it)."""
        return self._rooms_by_name.get(name)

    @cached_property
    def kept(self) -> dict[Hashable, object]:
        """What is worked out from the sheet alone and kept while it lives, for the next
        to ask (the access graph that check and score of one sheet share): a sheet never
        changes, nor does what follows from it. A copy starts with nothing kept."""
        return {}

    @cached_property
    def _rooms_by_name(self) -> dict[str, RoomPlan]:
        """Name -> room: :meth:`room` is asked for many times per check and score."""
        return {room.name: room for room in reversed(self.rooms)}  # the first one wins

    @property
    def play_order(self) -> list[str]:
        """Room names in play order: the rooms listed, then the project's rooms the sheet
        does not list yet, in project order."""
        order = [room.name for room in self.rooms]
        return order + [spec.name for spec in self.project.rooms if spec.name not in order]

    @property
    def walled(self) -> frozenset[str]:
        """The names of the rooms walled (finalized) so far."""
        return frozenset(room.name for room in self.rooms if room.finalized)

    @property
    def finished(self) -> bool:
        """Every room of the project is finalized and no room is being furnished."""
        walled = self.walled
        return self.current_room is None and all(r.name in walled for r in self.project.rooms)
