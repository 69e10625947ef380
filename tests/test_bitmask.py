"""Squares as bit masks: the mask flood fill reaches what the set flood fill reaches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homestaging.core.bitmask import (
    Moves,
    SquareSet,
    bits,
    cells,
    key_masks,
    open_moves,
    side_masks,
)
from homestaging.core.grid import (
    Edge,
    boundary,
    boundary_keys,
    components,
    flood,
    parse_cell,
    parse_cells,
)
from homestaging.core.layout import layout
from homestaging.formats.sheetreader import read_sheet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_bits_and_cells_round_trip_in_reading_order() -> None:
    squares = [parse_cell(name) for name in ("C2", "A1", "E3")]
    mask = bits([*squares, (9, 9), (-1, 0)], 5, 3)  # off the 5 x 3 sheet: left out
    assert cells(mask, 5) == sorted(squares, key=lambda c: (c[1], c[0]))


def test_side_masks_name_both_squares_of_a_wall() -> None:
    sides = side_masks([Edge(parse_cell("B2"), "s")], 4, 4)
    assert cells(sides["s"], 4) == [parse_cell("B2")]
    assert cells(sides["n"], 4) == [parse_cell("B3")]
    assert sides["e"] == sides["w"] == 0


def test_side_masks_agree_with_the_squares_beside_each_wall() -> None:
    """Every side of every square, walls on and off the sheet's edges included."""
    rng = random.Random(7)
    for _ in range(300):
        width, height = rng.randint(1, 7), rng.randint(1, 7)
        edges = [Edge((rng.randint(-1, width), rng.randint(-1, height)), rng.choice("nesw"))
                 for _ in range(rng.randint(0, 12))]
        sides = side_masks(edges, width, height)
        keys = {edge.key for edge in edges}
        for side in "nesw":
            expected = [cell for cell in parse_cells(f"A1:{chr(64 + width)}{height}")
                        if Edge(cell, side).key in keys]
            assert cells(sides[side], width) == sorted(expected, key=lambda c: (c[1], c[0]))


def test_passage_masks_read_from_the_tables_are_the_walls_masks() -> None:
    for path in SHEETS:
        lay = layout(read_sheet(path))
        project = lay.sheet.project
        assert lay.passage_moves == Moves.build(project.width, project.height,
                                                lay.walls - lay.openings), path


def test_the_mask_flood_fill_agrees_with_the_set_one() -> None:
    width, height = 6, 5
    open_squares = set(parse_cells("A1:F5")) - {parse_cell(n) for n in ("C1", "C2", "C4", "E3")}
    edges = [Edge(parse_cell(name), side) for name, side in
             (("B3", "e"), ("D2", "s"), ("A4", "n"), ("F1", "w"), ("E5", "n"))]
    for count in range(len(edges) + 1):
        walls = edges[:count]
        moves = Moves.build(width, height, walls)
        for start in sorted(open_squares)[::3]:
            expected = flood(start, open_squares, {edge.key for edge in walls})
            reached = moves.flood(bits([start], width, height), bits(open_squares, width, height))
            assert set(cells(reached, width)) == expected, (start, walls)


def test_linked_agrees_with_components() -> None:
    width, height = 7, 6
    chance = random.Random(15)
    edges = [Edge((chance.randrange(width), chance.randrange(height)), chance.choice("nesw"))
             for _ in range(12)]
    for trial in range(300):
        squares = {(x, y) for x in range(width) for y in range(height) if chance.random() < 0.6}
        walls = edges[:trial % 13]
        moves = Moves.build(width, height, walls) if walls else open_moves(width, height)
        one_piece = len(components(squares, {edge.key for edge in walls})) <= 1
        assert moves.linked(squares) == one_piece, (sorted(squares), walls)


def test_linked_is_false_for_squares_off_the_sheet() -> None:
    assert not open_moves(3, 3).linked({(0, 0), (0, -1)})
    assert not open_moves(3, 3).linked({(2, 0), (3, 0)})


SHEETS = sorted(p for p in EXAMPLES.glob("*.json") if '"homestaging-sheet/1"' in p.read_text())


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.name)
def test_the_walls_by_key_are_the_keys_of_the_walls(path: Path) -> None:
    sheet = read_sheet(path)
    lay = layout(sheet)
    for room in sheet.rooms:
        assert room.walls() == (boundary(room.cells) if room.cells else frozenset())
        assert room.wall_keys() == {edge.key for edge in room.walls()}
    assert lay.wall_keys == {edge.key for edge in lay.walls}
    project = sheet.project
    assert lay.wall_masks == side_masks(lay.walls, project.width, project.height)
    for name in [None, *(room.name for room in sheet.rooms)]:
        assert lay.wall_keys_before(name) == {edge.key for edge in lay.walls_before(name)}
        assert lay.walls_before_masks(name) == side_masks(lay.walls_before(name),
                                                          project.width, project.height)
        before = lay.wall_keys_before(name)
        rng = random.Random(str(name))
        for keys in (before, lay.wall_keys, lay.opening_keys,
                     *(rng.sample(sorted(lay.wall_keys), 3) for _ in range(20))):
            assert lay.stood_before(name, keys) == before.issuperset(keys)


def test_boundary_keys_are_the_keys_of_the_boundary() -> None:
    rng = random.Random(7)
    for _ in range(300):
        side = rng.randint(1, 9)
        squares = {(rng.randrange(-2, side), rng.randrange(-2, side))
                   for _ in range(rng.randint(1, side * side))}
        keys = {edge.key for edge in boundary(squares)}
        assert boundary_keys(squares) == keys
        if min(min(square) for square in squares) >= 0:  # a mask holds squares on the grid
            assert boundary_keys(SquareSet(squares)) == keys
        assert key_masks(keys, side, side) == side_masks(boundary(squares), side, side)
