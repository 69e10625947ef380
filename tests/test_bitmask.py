"""Squares as bit masks: the mask flood fill reaches what the set flood fill reaches."""

from __future__ import annotations

from homestaging.bitmask import Moves, bits, cells, side_masks
from homestaging.grid import Edge, flood, parse_cell, parse_cells


def test_bits_and_cells_round_trip_in_reading_order() -> None:
    squares = [parse_cell(name) for name in ("C2", "A1", "E3")]
    mask = bits([*squares, (9, 9), (-1, 0)], 5, 3)  # off the 5 x 3 sheet: left out
    assert cells(mask, 5) == sorted(squares, key=lambda c: (c[1], c[0]))


def test_side_masks_name_both_squares_of_a_wall() -> None:
    sides = side_masks([Edge(parse_cell("B2"), "s")], 4, 4)
    assert cells(sides["s"], 4) == [parse_cell("B2")]
    assert cells(sides["n"], 4) == [parse_cell("B3")]
    assert sides["e"] == sides["w"] == 0


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
