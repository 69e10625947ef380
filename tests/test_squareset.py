"""SquareSet and RoomIndex answer as the frozenset and the dict they stand for, and a
large sheet is read, checked and scored with them as a small one is with sets."""

from __future__ import annotations

import json
import pickle
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homestaging.core.bitmask import (
    LARGE,
    STRIDE,
    SquareSet,
    bits,
    compact,
    on_sheet,
    parse_squares,
)
from homestaging.core.grid import Cell, boundary, parse_cells, reading_order
from homestaging.core.layout import RoomIndex, layout
from homestaging.formats.sheetreader import read_sheet

ROOT = Path(__file__).resolve().parent.parent

# squares on the grid and a few off it on every side (kept aside by a SquareSet)
squares_st = st.frozensets(st.tuples(st.integers(-2, STRIDE + 1), st.integers(-2, 40)),
                           max_size=60)


@given(squares_st, squares_st)
def test_squareset_answers_as_a_frozenset(a: frozenset[Cell], b: frozenset[Cell]) -> None:
    left, right = SquareSet(a), SquareSet(b)
    assert list(left) == sorted(a, key=reading_order)
    assert len(left) == len(a) and bool(left) == bool(a)
    assert left == a and a == left and (left == right) == (a == b)
    for x, y in ((left, right), (left, b), (a, right)):
        assert x | y == a | b
        assert x & y == a & b
        assert x - y == a - b
    assert left ^ right == a ^ b
    assert left.isdisjoint(right) == left.isdisjoint(b) == a.isdisjoint(b)
    assert (left <= right) == (left <= b) == (a <= right) == (a <= b)
    assert (left >= right) == (left >= b) == (a >= right) == (a >= b)
    for cell in a | b | {(0, 0), (STRIDE - 1, 0), (0, STRIDE - 1), (5, -1), (-1, 5)}:
        assert (cell in left) == (cell in a)


def test_what_a_frozenset_keeps_of_a_squareset_is_a_frozenset() -> None:
    house = SquareSet.rectangle(0, 0, 99, 99)
    piece = frozenset({(5, 5), (5, 6), (120, 5)})
    assert type(piece & house) is frozenset and piece & house == {(5, 5), (5, 6)}
    assert type(piece - house) is frozenset and piece - house == {(120, 5)}
    assert type(house - piece) is SquareSet and len(house - piece) == 100 * 100 - 2


def test_a_rectangle_is_the_squares_of_its_range() -> None:
    for text in ("B2:E4", "A1", "GR1:GR200", "A200:GR200", "C3:A1", "A1:GR200"):
        assert sorted(parse_squares(text), key=reading_order) == \
            sorted(parse_cells(text), key=reading_order)
    assert list(parse_squares("A1:GR200")) == sorted(parse_cells("A1:GR200"), key=reading_order)
    assert list(SquareSet.rectangle(3, 0, 1, 0)) == []
    with pytest.raises(ValueError, match="spans 1 x 201 squares"):
        parse_squares("A1:A201")
    with pytest.raises(ValueError, match="expected a square or a range"):
        parse_squares("A1:")


def test_a_large_range_or_set_is_a_squareset_and_a_small_one_a_frozenset() -> None:
    assert type(parse_squares("A1:BL64")) is frozenset  # 4,096 squares
    assert type(parse_squares("A1:BL65")) is SquareSet
    small = frozenset(parse_cells("A1:J10"))
    assert compact(small) is small
    assert type(compact(SquareSet(small))) is frozenset and compact(SquareSet(small)) == small
    large = compact(parse_cells("A1:BZ100"))
    assert type(large) is SquareSet and len(large) == 78 * 100 > LARGE
    assert compact(large) is large


def test_the_mask_on_a_sheet_and_on_sheet() -> None:
    squares = SquareSet([(0, 0), (2, 1), (3, 1)])
    assert squares.bits(3, 2) == bits([(0, 0), (2, 1)], 3, 2) == 0b100001
    assert bits(squares, 3, 2) == squares.bits(3, 2)
    assert squares.bits(STRIDE, 2) == squares.mask
    assert on_sheet(squares, 4, 2) and not on_sheet(squares, 3, 2)
    assert not on_sheet(SquareSet([(-1, 0)]), 4, 2)
    assert on_sheet([(0, 0), (3, 1)], 4, 2) and not on_sheet([(4, 1)], 4, 2)


def test_boundary_on_the_mask_is_the_boundary_of_the_set() -> None:
    rng = random.Random(7)
    for _ in range(30):
        found = {(rng.randrange(STRIDE), rng.randrange(STRIDE)) for _ in range(200)}
        found |= set(SquareSet.rectangle(rng.randrange(90), rng.randrange(90),
                                         rng.randrange(100, STRIDE), rng.randrange(100, STRIDE)))
        by_mask, by_set = boundary(SquareSet(found)), boundary(frozenset(found))
        assert {(e.cell, e.side, e.key) for e in by_mask} == \
            {(e.cell, e.side, e.key) for e in by_set}
    assert SquareSet([(-1, 0)]).on_sides() is None  # a square off the grid: walked as a set


def test_a_squareset_pickles_as_its_mask() -> None:
    squares = SquareSet([(1, 2), (-1, 3)])
    again = pickle.loads(pickle.dumps(squares))
    assert again == squares and list(again) == [(1, 2), (-1, 3)]
    assert hash(again) == hash(squares)


def test_room_index_answers_as_the_dict_it_stands_for() -> None:
    rng = random.Random(3)
    for _ in range(60):
        rooms = [(f"Room {n}", {(rng.randrange(-2, STRIDE + 2), rng.randrange(-2, 60))
                                for _ in range(rng.randrange(80))})
                 for n in range(rng.randrange(6))]
        expected: dict[Cell, str] = {}
        for name, cells in rooms:
            for cell in cells:
                expected.setdefault(cell, name)  # the first room listed keeps a shared square
        index = RoomIndex((name, SquareSet(cells)) for name, cells in rooms)
        assert dict(index) == expected and len(index) == len(expected)
        assert list(index) == sorted(expected, key=reading_order)
        for cell in [*expected, (0, 0), (STRIDE - 1, 59), (3, STRIDE + 5), (-3, 1)]:
            assert index.get(cell) == expected.get(cell)
            assert index.get(cell, "none") == expected.get(cell, "none")
            assert (cell in index) == (cell in expected)
        assert index.rooms() == frozenset(expected.values())
        with pytest.raises(KeyError):
            index[(-5, -5)]


def test_more_rooms_than_a_byte_numbers_are_indexed_too() -> None:
    index = RoomIndex((f"Room {n}", SquareSet([(n % STRIDE, n // STRIDE)])) for n in range(300))
    assert index.get((299 % STRIDE, 1)) == "Room 299" and index.get((0, 0)) == "Room 0"
    assert len(index) == 300 and len(index.rooms()) == 300


def _write_large_case(folder: Path, change: str = "", side: int = 100) -> Path:
    """bench_scale's legal ``side`` x ``side`` sheet; ``change``: ``overlap`` (room 2 reaches into
    room 1), ``outside`` (room 1 over the margin), ``midgame`` (room 5 not walled yet, the
    hallway as large as it), ``dense`` (thousands of pieces)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from bench_scale import write_case
    finally:
        sys.path.remove(str(ROOT / "bench"))
    path = write_case(folder, side, side, change == "dense")
    data = json.loads(path.read_text())
    if change == "overlap":
        data["rooms"][1]["cells"] = ["O3:AN99"]
    elif change == "outside":
        data["rooms"][0]["cells"] = ["A1:T99"]
    elif change == "midgame":
        del data["rooms"][4]["cells"], data["rooms"][4]["door"]
        data["current_room"] = "Room 5"
    path.write_text(json.dumps(data))
    return path


def test_a_large_sheet_keeps_its_squares_as_masks(tmp_path: Path) -> None:
    sheet = read_sheet(_write_large_case(tmp_path, side=200))
    assert type(sheet.project.house) is SquareSet and len(sheet.project.house) == 198 * 198
    assert all(type(room.cells) is SquareSet for room in sheet.rooms)
    lay = layout(sheet)
    assert type(lay.room_at) is RoomIndex
    assert lay.walled_rooms == {room.name for room in sheet.rooms}
    assert lay.hallway == set(sheet.project.house) - set(lay.room_at)
    assert type(lay.hallway) is frozenset  # the one row of hallway is small again


@pytest.mark.parametrize(("change", "side"), [("", 100), ("", 200), ("overlap", 100),
                                             ("outside", 100), ("midgame", 100),
                                             ("dense", 100)])
def test_a_large_sheet_checks_as_when_read_into_sets(tmp_path: Path, change: str, side: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The same plan checked and scored with its large sets of squares as masks and, the
    threshold lifted, as frozensets and a dict: one report, problems and points alike."""
    from homestaging.core import bitmask
    from homestaging.core import layout as layout_module
    from homestaging.scoring.card import check_sheet
    from homestaging.text.report import check_json

    path = _write_large_case(tmp_path, change, side)
    masks = check_sheet(read_sheet(path))
    monkeypatch.setattr(bitmask, "LARGE", 10**9)
    monkeypatch.setattr(layout_module, "LARGE", 10**9)
    plain_sheet = read_sheet(path)
    assert type(plain_sheet.project.house) is frozenset
    assert type(layout(plain_sheet).room_at) is dict
    sets = check_sheet(plain_sheet)
    assert json.dumps(check_json(masks, "s")) == json.dumps(check_json(sets, "s"))
    assert masks.problems == sets.problems
    if change in ("overlap", "outside", "midgame"):
        assert masks.problems  # the change is noticed
