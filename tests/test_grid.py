"""Square names, ranges and edges."""

import random

import pytest

from homestaging.core.grid import (
    Edge,
    boundary,
    cell_name,
    cells_text,
    column_name,
    components,
    edge_key,
    fills_box,
    flood,
    outermost,
    parse_cell,
    parse_cells,
    parse_edge,
    side_key,
    steps,
)


@pytest.mark.parametrize(
    ("x", "name"),
    [(0, "A"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"), (701, "ZZ")],
)
def test_column_names(x: int, name: str) -> None:
    assert column_name(x) == name
    assert parse_cell(f"{name}1") == (x, 0)


def test_cell_names_follow_the_spec() -> None:
    assert cell_name((0, 0)) == "A1"
    assert cell_name((2, 4)) == "C5"
    assert parse_cell("c5") == (2, 4)


@pytest.mark.parametrize("bad", ["", "5C", "A0", "A", 12, None, "A1:B2", "Ä1"])
def test_bad_square_names_say_what_was_expected(bad: object) -> None:
    with pytest.raises(ValueError, match="expected a square name such as 'C5'"):
        parse_cell(bad)


def test_ranges_cover_the_rectangle_in_reading_order() -> None:
    assert parse_cells("B2:C3") == [(1, 1), (2, 1), (1, 2), (2, 2)]
    assert parse_cells("C3:B2") == parse_cells("B2:C3")
    assert parse_cells("D4") == [(3, 3)]
    with pytest.raises(ValueError, match="such as 'B2:E4', found 'B2:'"):
        parse_cells("B2:")


def test_ranges_share_their_squares() -> None:
    """A square named by two ranges is one tuple: a large house and its rooms hold each
    square once, not once per mention (and a wider range after a narrower one still
    lists every square of its rows)."""
    narrow, wide = parse_cells("B2:C3"), parse_cells("A2:E3")
    assert wide == [(x, y) for y in (1, 2) for x in range(5)]
    assert wide[1] is narrow[0] and wide[7] is narrow[3]
    assert parse_cells("C3:B2")[0] is narrow[0]


def test_an_edge_has_two_names() -> None:
    south = Edge((2, 4), "s")
    north = parse_edge(["C6", "n"])
    assert south == north and hash(south) == hash(north)
    assert south.name == "C5/s" and north.name == "C6/n"
    assert south.outer == (2, 5)
    assert south.seen_from((2, 5)).name == "C6/n"
    assert Edge((2, 4), "e") == Edge((3, 4), "w") != Edge((2, 4), "w")
    assert Edge.between((1, 1), (1, 0)) == Edge((1, 1), "n")


@pytest.mark.parametrize("bad", [["C5"], ["C5", "x"], "C5 s", ["C5", "s", "n"], [5, "s"]])
def test_bad_edges_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="expected"):
        parse_edge(bad)


def test_cells_text_joins_runs_in_a_row() -> None:
    assert cells_text([(4, 4), (2, 4), (3, 4), (1, 5)]) == "C5-E5, B6"


def test_components_are_orthogonal() -> None:
    groups = components([(0, 0), (1, 1), (1, 0), (5, 5)])
    assert groups == [frozenset({(0, 0), (1, 0), (1, 1)}), frozenset({(5, 5)})]
    assert components([(0, 0), (1, 1)]) == [frozenset({(0, 0)}), frozenset({(1, 1)})]


def test_an_edge_knows_its_side_of_a_group_of_squares() -> None:
    room = frozenset(parse_cells("B2:C3"))
    door = parse_edge(["C3", "s"])
    assert door.inside(room) == parse_cell("C3")
    assert door.across(parse_cell("C3")) == parse_cell("C4")
    assert door.across(parse_cell("C4")) == parse_cell("C3")
    assert door.on_boundary(room)
    assert parse_edge(["B2", "e"]).inside({(5, 5)}) is None
    assert not parse_edge(["B2", "e"]).on_boundary(room)  # between two squares of the room


def _walk(start: tuple[int, int], cells: set[tuple[int, int]],
          walls: set[tuple[int, int, str]]) -> set[tuple[int, int]]:
    """A flood fill written with steps(), to hold the spelled-out one to it."""
    seen, todo = {start}, [start]
    while todo:
        for other, key in steps(todo.pop()):
            if other in cells and other not in seen and key not in walls:
                seen.add(other)
                todo.append(other)
    return seen


def test_the_flood_fill_takes_the_same_steps_as_steps() -> None:
    cells = set(parse_cells("A1:D3")) - {parse_cell("B2")}
    keys = [(x, y, side) for x, y in parse_cells("A1:E4") for side in "nw"]
    for index, key in enumerate(keys):
        walls = {key, keys[(index * 7) % len(keys)]}
        assert flood((0, 0), cells, walls) == _walk((0, 0), cells, walls), walls
        assert set().union(*components(cells, walls)) == cells
    assert edge_key((1, 1), (1, 2)) == Edge((1, 1), "s").key
    assert outermost(parse_cells("B2:D3"), "s") == parse_cells("B3:D3")
    assert boundary({(0, 0)}) == {Edge((0, 0), side) for side in "nesw"}


def test_fills_box_tells_the_squares_that_fill_their_rectangle() -> None:
    rng = random.Random(3)
    for _ in range(500):
        left, top = rng.randrange(-3, 4), rng.randrange(-3, 4)
        width, height = rng.randint(1, 4), rng.randint(1, 4)
        box = [(left + x, top + y) for y in range(height) for x in range(width)]
        squares = frozenset(rng.sample(box, rng.randint(1, len(box))))
        xs, ys = [x for x, _ in squares], [y for _, y in squares]
        filled = len(squares) == (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
        assert fills_box(squares) == filled
        if filled:  # a rectangle is in one piece
            assert len(components(squares)) == 1
    assert not fills_box(frozenset())


def test_boundary_edges_are_edges_as_named() -> None:
    """The walls around a region, each named from its inside square, the same edges (key,
    name, hash) as ``Edge`` builds from that square and side."""
    region = {(1, 1), (2, 1), (1, 2)}  # an L of three squares
    walls = boundary(region)
    assert sorted(e.name for e in walls) == [
        "B2/n", "B2/w", "B3/e", "B3/s", "B3/w", "C2/e", "C2/n", "C2/s"]
    for edge in walls:
        made = Edge(edge.cell, edge.side)
        assert (edge.cell, edge.side, edge.key, hash(edge), repr(edge)) == (
            made.cell, made.side, made.key, hash(made), repr(made))
        assert edge == made and edge.inside(region) == edge.cell
    assert Edge((2, 1), "s") in walls and Edge((2, 2), "n") in walls  # C2/s is C3/n


def test_side_key_is_the_key_of_the_edge() -> None:
    for side in "nesw":
        assert side_key((3, 7), side) == Edge((3, 7), side).key
