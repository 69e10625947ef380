"""The rules of furniture, rooms, doors, hallway and front door (``docs/rules.md``).

:func:`check` returns every broken rule as a :class:`~homestaging.core.errors.Problem`, in a
fixed order: grouped by rule, in the order of :data:`RULES`; within one rule, in the
order of the entries at fault (pieces in sheet order, rooms in play order, windows in
sheet order). ``docs/rules.md`` gives the exact meaning of each code with an example.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from ..core.errors import Problem
from ..core.layout import Layout, layout
from ..core.sheet import Sheet
from . import cards as cardrules
from . import pieces as piecerules
from . import rooms as roomrules
from .checker import CHECKS, MEANINGS, Checker, rule
from .codes import Code

__all__ = ["PIECE_RULES", "QUIET_MIDGAME", "READER_NOTES", "RECORD_RULES", "RULES", "Code", "check"]

#: the modules that define the checks with :func:`~homestaging.rules.checker.rule`
CHECK_MODULES = (piecerules, cardrules, roomrules)


READER_NOTES = frozenset({Code.CAPITAL_O, Code.SIDE_AS_WORD, Code.STRAY_MARK,
                          Code.MARKS_CONTRADICT_ROTATION})
"""The codes of the reader's notes on how a file is written (``Sheet.notes``): a sheet
written back (``convert``, the editor's save) no longer has them."""


def _reader_note(code: Code, meaning: str) -> None:
    """Register the check that reports the reader's notes with ``code``, in the order the
    reader made them."""

    def report(ck: Checker) -> None:
        ck.problems.extend(note for note in ck.sheet.notes if note.code == code)

    rule(code, meaning)(report)


_reader_note(Code.CAPITAL_O, "A capital O in furniture_grid, read as the circulation mark o.")
_reader_note(Code.SIDE_AS_WORD, "A side written as a word (south), read as its letter (s).")
_reader_note(Code.STRAY_MARK, "Circulation marks o that belong to no piece.")
_reader_note(Code.MARKS_CONTRADICT_ROTATION,
             "Circulation marks o suggest another rotation than the legend gives.")


RULES: dict[Code, str] = {code: MEANINGS[code] for code in Code if code in MEANINGS}
"""The meaning of each rule code that :func:`check` checks, in the order of the checks."""
_CHECKS: list[tuple[Code, Callable[[Checker], None]]] = [(code, CHECKS[code]) for code in RULES]


PIECE_RULES = frozenset([Code.OVERLAP, Code.COVERS_CIRCULATION, Code.COVERS_OBSTACLE,
                         Code.MIRROR_WITHOUT_WILD_CARD, Code.WILD_CARD_TWICE,
                         Code.NOT_ON_ROOM_CARDS, Code.VARIANT_NOT_DEALT, Code.NOT_SELECTED])
"""The rules that read the pieces, the wild card, the game record and the room of each
piece (``Layout.piece_rooms``), not the rooms' squares, doors or walls, nor the room
being furnished: they answer the same for two sheets that differ in those only, every
piece in the same room on both; and mid-game they report no error on a sheet with no
pieces."""


QUIET_MIDGAME = frozenset([Code.HALLWAY_CUT_OFF, Code.ROOM_NOT_FINALIZED,
                           Code.CURRENT_ROOM_WALLED])
"""The rules that report no error on a sheet judged mid-game (``end_of_game=False``): a
hallway cut off and a current room already walled are warnings, a room not walled is
to do until the end of the game."""


RECORD_RULES = frozenset([Code.NOT_ON_ROOM_CARDS, Code.TOO_MANY_PIECES,
                          Code.VARIANT_NOT_DEALT, Code.NOT_SELECTED, Code.ROOM_ORDER])
"""The rules that read the sheet's game record (``Sheet.game``): every other rule
answers the same for two sheets that differ in their records only."""


def check(sheet: Sheet, lay: Layout | None = None, *, end_of_game: bool | None = None,
          only: Collection[Code] | None = None) -> list[Problem]:
    """Every rule the sheet breaks, in the fixed order of :data:`RULES`.

    ``end_of_game`` (default: ``sheet.finished``, the sheet's own state) judges the sheet
    as at the end of the game: end-game requirements not met yet (no front door, rooms
    not walled) are errors; otherwise they are ``todo``. ``only``: the rules to check
    (default: all).
    """
    checker = Checker(sheet, lay if lay is not None else layout(sheet),
                       sheet.finished if end_of_game is None else end_of_game)
    for code, run in _CHECKS:
        if only is None or code in only:
            run(checker)
    return checker.problems
