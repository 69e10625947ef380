"""The registry of checks (:func:`rule` registers a check where it is defined, with the
meaning of its code), the shared state of one check of a sheet (:class:`Checker`) and the
helpers of the messages of every rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from ..core.bitmask import Moves, open_moves
from ..core.errors import Problem, Severity
from ..core.grid import Cell, EdgeKey, cells_text, in_reading_order
from ..core.layout import Layout
from ..core.sheet import RoomPlan, Sheet
from .codes import Code

if TYPE_CHECKING:  # the card rules of a sheet with a game record, imported for one only
    from .cardplay import OutOfOrder, Settlement


__all__ = ["CHECKS", "MAX_LISTED", "MEANINGS", "Checker", "listed", "rule", "where_text"]


class Checker:
    """Shared state of one check: the sheet, its layout and the problems found."""

    def __init__(self, sheet: Sheet, lay: Layout, end_of_game: bool) -> None:
        self.sheet = sheet
        self.lay = lay
        self.end_of_game = end_of_game
        self.problems: list[Problem] = []
        self._walls_before: dict[str | None, frozenset[EdgeKey]] = {}

    @property
    def wall_keys(self) -> frozenset[tuple[int, int, str]]:
        """Keys of every wall of the layout, openings not excepted."""
        return self.lay.wall_keys

    def on_sheet(self, cells: Iterable[Cell]) -> list[Cell]:
        project = self.sheet.project
        return in_reading_order(c for c in cells if project.in_sheet(c))

    def add(self, code: Code, message: str, subject: str, cells: Iterable[Cell], path: str,
            severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(code, severity, message, subject,
                                     tuple(self.on_sheet(cells)), path))

    @cached_property
    def moves(self) -> Moves:
        """Steps over the sheet that cross no pre-drawn wall: the walls that may split a
        room or the hallway (the other walls have a room square on one side), for a
        cheap test that a room or the hallway is in one piece."""
        project = self.sheet.project
        if project.walls:
            return Moves.build(project.width, project.height, project.walls)
        return open_moves(project.width, project.height)

    @cached_property
    def furniture(self) -> frozenset[Cell]:
        """The furniture squares of every piece but the rugs, for the rules that look at
        every piece to be told at once, most often, that no piece is concerned."""
        return frozenset().union(*(drawn.placement.furniture for drawn in self.sheet.pieces
                                   if not drawn.placement.piece.is_rug))

    @property
    def circulation(self) -> frozenset[Cell]:
        """The circulation squares of every piece (:attr:`Layout.circulation`)."""
        return self.lay.circulation

    @cached_property
    def squares(self) -> frozenset[Cell]:
        """The squares of every piece: furniture (rugs included) and circulation."""
        return self.circulation.union(*(drawn.placement.furniture
                                        for drawn in self.sheet.pieces))

    @property
    def later(self) -> Severity:
        """The severity of an end-game requirement: ``todo`` until the end, then ``error``."""
        return Severity.ERROR if self.end_of_game else Severity.TODO

    @cached_property
    def settlement(self) -> Settlement | None:
        """The exact card rules' verdict, for a sheet that has a game record."""
        if self.sheet.game is None:
            return None
        from .cardplay import settle

        return settle(self.sheet, self.lay)

    @cached_property
    def out_of_order(self) -> tuple[OutOfOrder, ...]:
        """The rooms played out of the record's order (a sheet with a game record): the
        settlement's when worked out, else found without settling the cards."""
        settled: Settlement | None = self.__dict__.get("settlement")
        if settled is not None:
            return settled.out_of_order
        if self.sheet.game is None:  # told before the import: most sheets have no record
            return ()
        from .cardplay import out_of_order

        return out_of_order(self.sheet, self.sheet.game)

    def wall_keys_before(self, room: str | None) -> frozenset[EdgeKey]:
        """:meth:`Layout.wall_keys_before`, once per room."""
        if room not in self._walls_before:
            self._walls_before[room] = self.lay.wall_keys_before(room)
        return self._walls_before[room]

    def exempt(self, index: int) -> bool:
        """Pieces of the room being furnished (not walled yet) escape the hallway rules."""
        current = self.sheet.current_room
        if current is None or self.lay.piece_rooms[index] != current:
            return False
        room = self.sheet.room(current)
        return room is None or not room.finalized

    def walled(self) -> list[RoomPlan]:
        """The rooms walled already, in play order."""
        return [room for room in self.sheet.rooms if room.finalized]

    def room_path(self, name: str, suffix: str = "") -> str:
        room = self.sheet.room(name)
        if room is not None:
            return room.path + suffix
        if name == self.sheet.current_room:
            return "$.current_room"
        return "$.rooms"


def where_text(cells: Iterable[Cell]) -> str:
    return cells_text(cells)


#: how many entries a message lists at most, then says how many more there are
MAX_LISTED = 20


def listed(names: list[str]) -> str:
    """``names`` joined with commas, the first :data:`MAX_LISTED` of them.

    >>> listed([f"p{n}" for n in range(23)])[-26:]
    'p18, p19 and 3 more'
    """
    if len(names) <= MAX_LISTED:
        return ", ".join(names)
    return f"{', '.join(names[:MAX_LISTED])} and {len(names) - MAX_LISTED} more"


MEANINGS: dict[Code, str] = {}
"""The meaning of each code that has a check, as registered by :func:`rule`."""
CHECKS: dict[Code, Callable[[Checker], None]] = {}
"""The check of each code, as registered by :func:`rule`."""
_Check = TypeVar("_Check", bound=Callable[[Checker], None])


def rule(code: Code, meaning: str) -> Callable[[_Check], _Check]:
    """Register the decorated function as the check of ``code``, meaning ``meaning``.

    The checks run, and :data:`homestaging.rules.checks.RULES` lists them, in the order of
    :class:`Code`, whatever the order the modules of checks are imported in."""

    def register(check: _Check) -> _Check:
        if code in CHECKS:
            raise ValueError(f"rule {code} is registered twice")
        MEANINGS[code] = meaning
        CHECKS[code] = check
        return check

    return register
