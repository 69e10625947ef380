"""What a sheet's drawing implies: walls, openings, the hallway and each piece's room.

:func:`layout` derives it once per sheet; rules, access and scoring share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .grid import Cell, Edge, neighbours
from .sheet import RoomPlan, Sheet

__all__ = ["Layout", "layout", "room_walls"]


def room_walls(cells: frozenset[Cell]) -> frozenset[Edge]:
    """The boundary of a set of squares: every edge with exactly one side inside."""
    return frozenset(
        Edge(cell, side) for cell in cells for side, other in neighbours(cell) if other not in cells
    )


@dataclass(frozen=True)
class Layout:
    """Derived geometry of a sheet. ``pieces_room[i]`` is the room of ``sheet.pieces[i]``."""

    sheet: Sheet
    room_at: dict[Cell, str]
    hallway: frozenset[Cell]
    walls: frozenset[Edge]
    openings: frozenset[Edge]
    piece_rooms: tuple[str | None, ...]

    @cached_property
    def exterior(self) -> frozenset[Edge]:
        return self.sheet.project.exterior_walls()

    def blocked(self, a: Cell, b: Cell) -> bool:
        """True when a wall without an opening stands between neighbours ``a`` and ``b``."""
        edge = Edge.between(a, b)
        return edge in self.walls and edge not in self.openings

    def walls_before(self, room_name: str | None) -> frozenset[Edge]:
        """Walls standing while ``room_name`` was furnished: exterior, pre-drawn, and the
        walls of rooms finalized earlier in play order (all finalized rooms for ``None``)."""
        project = self.sheet.project
        edges = set(self.exterior) | set(project.walls)
        for room in self.sheet.rooms:
            if room.name == room_name:
                break
            if room.finalized:
                edges |= room_walls(room.cells)
        return frozenset(edges)

    @cached_property
    def furniture_at(self) -> dict[Cell, int]:
        """Non-rug furniture squares -> index of the piece (the first one drawn there)."""
        found: dict[Cell, int] = {}
        for index, drawn in enumerate(self.sheet.pieces):
            if not drawn.placement.piece.is_rug:
                for cell in drawn.placement.furniture:
                    found.setdefault(cell, index)
        return found

    @cached_property
    def rug_squares(self) -> frozenset[Cell]:
        return frozenset(
            cell
            for drawn in self.sheet.pieces
            if drawn.placement.piece.is_rug
            for cell in drawn.placement.furniture
        )

    @cached_property
    def circulation(self) -> frozenset[Cell]:
        return frozenset(c for drawn in self.sheet.pieces for c in drawn.placement.circulation)

    def room_plan(self, name: str | None) -> RoomPlan | None:
        return self.sheet.room(name) if name else None


def layout(sheet: Sheet) -> Layout:
    """Derive walls, openings, hallway and piece rooms from a sheet."""
    project = sheet.project
    room_at: dict[Cell, str] = {}
    walls = set(project.exterior_walls()) | set(project.walls)
    openings = set(sheet.front_doors)
    for room in sheet.rooms:
        if not room.finalized:
            continue
        for cell in room.cells:
            room_at.setdefault(cell, room.name)
        walls |= room_walls(room.cells)
        openings.update(room.doors)
    hallway = frozenset(project.house - set(room_at) - project.obstacles)
    current = sheet.room(sheet.current_room) if sheet.current_room else None
    fallback = sheet.current_room if current is None or not current.finalized else None
    piece_rooms: list[str | None] = []
    for drawn in sheet.pieces:
        squares = sorted(drawn.placement.furniture, key=lambda c: (c[1], c[0]))
        found = next((room_at[c] for c in squares if c in room_at), None)
        piece_rooms.append(found if found is not None else fallback)
    return Layout(
        sheet, room_at, hallway, frozenset(walls), frozenset(openings), tuple(piece_rooms)
    )
