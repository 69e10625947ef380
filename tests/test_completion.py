"""The room's completion after a placement: each piece turned once per sheet size, with
the groups its circulation falls apart in."""

from __future__ import annotations

from pathlib import Path

from homestaging.formats.sheetreader import read_sheet
from homestaging.player.advice import board_of
from homestaging.player.completion import turned

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_a_piece_turned_keeps_each_group_of_its_circulation_when_it_falls_apart() -> None:
    board = board_of(read_sheet(EXAMPLES / "tutorial-midgame.json"))
    catalog = board.project.catalog
    assert board.width == 16
    bed = turned(board, catalog.piece("bed-double"), 0)
    assert bed.circulation_bits == (16, 19, 32, 35)  # A2, D2, A3, D3
    assert bed.parts == ((16, 32), (19, 35))  # one group each side: A2-A3, D2-D3
    assert turned(board, catalog.piece("bed-double"), 90).parts == ((0, 1), (48, 49))
    assert turned(board, catalog.piece("table-round"), 0).parts == ((1,), (16,), (18,), (33,))
    sofa = turned(board, catalog.piece("sofa"), 0)
    assert sofa.circulation and sofa.parts == ()  # one group: nothing kept
    assert turned(board, catalog.piece("bed-double"), 0) is bed  # worked out once
