"""Label placement as geometry: boxes, dots, windows of free squares, short names.

A fake measure keeps these tests free of fonts: every character is 0.6 points wide and
a line 1.2 points tall at font size 1.
"""

from __future__ import annotations

import pytest

from homestaging.core.grid import Cell
from homestaging.draw.labels import Labeller, Occupied, ShortNames, box_at, overlaps


def measure(text: str) -> tuple[float, float]:
    lines = text.split("\n")
    return 0.6 * max(len(line) for line in lines), 1.2 * len(lines)


def rectangle(x0: int, y0: int, x1: int, y1: int) -> frozenset[Cell]:
    """The squares from (x0, y0) to (x1, y1), both included."""
    return frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


def test_boxes_overlap_only_by_more_than_an_edge() -> None:
    assert overlaps((0, 0, 2, 2), (1, 1, 3, 3))
    assert not overlaps((0, 0, 1, 1), (1, 0, 2, 1))  # side by side
    assert not overlaps((0, 0, 1, 1), (0, 2, 1, 3))
    assert box_at(1.0, 2.0, 2.0, 1.0) == (0.0, 1.5, 2.0, 2.5)


def test_occupied_finds_boxes_and_dots_by_the_squares_they_touch() -> None:
    occupied = Occupied()
    occupied.add_box((0.2, 0.2, 1.8, 0.8))
    occupied.add_dot(5.5, 5.5, 0.1)
    assert occupied.hits((1.5, 0.5, 2.5, 1.5))
    assert not occupied.hits((1.9, 0.0, 3.0, 1.0))
    assert occupied.hits((5.0, 5.0, 5.38, 5.38)) is False  # near the dot, not on it
    assert occupied.hits((5.0, 5.0, 5.5, 5.5))
    assert occupied.squares() == {(0, 0), (1, 0), (5, 5)}


def test_short_names_are_unique_and_keyed() -> None:
    names = ShortNames()
    assert names.options("Nightstand") == ["Nightst.", "Nights.", "Night.", "Nigh.", "Nig.",
                                           "Ni.", "N.", "Nightsta.", "Nightstan."]
    assert names.options("Bed") == ["B.", "Be."]
    assert names.options("Double wardrobe") == ["Dou.", "Do.", "DW", "D.", "Doub.", "Doubl."]
    names.use("Do.", "Double bed")
    options = names.options("Double wardrobe")
    assert "Do." not in options and "DW" in options
    names.use("D.", "Desk")
    assert "D." not in names.options("Double wardrobe")
    assert names.key() == [("D.", "Desk"), ("Do.", "Double bed")]
    names.use("S.", "Stove")
    assert names.options("Sofa") == ["So.", "Sof."]  # longer cuts when the short ones are taken


def test_name_fits_a_piece_without_covering_a_placed_label() -> None:
    labeller = Labeller(cell_pt=20.0)
    sofa = rectangle(0, 0, 3, 0)  # four squares in a row
    first = labeller.in_shape(sofa, "Sofa", measure=measure, largest=8, smallest=4)
    assert (first.x, first.y, first.text, first.size) == (2.0, 0.5, "Sofa", 8)
    assert first.clear and not first.short
    # a badge in the middle: the name slides to an end of the row
    labeller = Labeller(cell_pt=20.0)
    labeller.fixed((1.6, 0.0, 2.4, 1.0))
    moved = labeller.in_shape(sofa, "Sofa", measure=measure, largest=8, smallest=4)
    assert not overlaps(moved.box, (1.6, 0.0, 2.4, 1.0))
    assert moved.x != 2.0


def test_a_name_too_long_for_its_piece_is_shortened_with_a_key() -> None:
    labeller = Labeller(cell_pt=10.0)
    chair = frozenset({(0, 0)})
    label = labeller.in_shape(chair, "Armchair", measure=measure, largest=8, smallest=4)
    assert label.short and label.text.endswith(".")
    assert label.box[2] - label.box[0] <= 1.0
    assert labeller.short_names.key() == [(label.text, "Armchair")]


def test_room_name_goes_on_free_squares_nearest_the_middle() -> None:
    labeller = Labeller(cell_pt=20.0)
    room = rectangle(0, 0, 9, 9)
    furniture = rectangle(3, 3, 6, 6)  # the middle is taken
    label = labeller.in_area(room, furniture, ["Kitchen\n9 pts"], measure=measure,
                             largest=10, smallest=5)
    assert label is not None
    squares = {(x, y) for x in range(int(label.box[0]), int(label.box[2]) + 1)
               for y in range(int(label.box[1]), int(label.box[3]) + 1)}
    assert not squares & furniture
    assert label.size == 10 and label.rotation == 0


def test_room_name_turns_in_a_tall_narrow_free_column() -> None:
    labeller = Labeller(cell_pt=20.0)
    column = rectangle(0, 0, 0, 7)
    label = labeller.in_area(column, (), ["Master bedroom"], measure=measure, largest=10,
                             smallest=5)
    assert label is not None and label.rotation == 90
    assert label.box[2] - label.box[0] <= 1.0


def test_no_free_window_gives_none() -> None:
    labeller = Labeller(cell_pt=20.0)
    room = rectangle(0, 0, 1, 1)
    assert labeller.in_area(room, room, ["Bathroom"], measure=measure, largest=10,
                            smallest=5) is None


def test_labels_placed_avoid_each_other() -> None:
    labeller = Labeller(cell_pt=20.0)
    room = rectangle(0, 0, 5, 1)
    first = labeller.in_area(room, (), ["Hall"], measure=measure, largest=8, smallest=5)
    second = labeller.in_area(room, (), ["Hall"], measure=measure, largest=8, smallest=5)
    assert first is not None and second is not None
    assert not overlaps(first.box, second.box)


@pytest.mark.parametrize("spots", [[(0.5, 0.5), (2.5, 0.5)]])
def test_badge_takes_the_first_free_spot(spots: list[tuple[float, float]]) -> None:
    labeller = Labeller(cell_pt=20.0)
    labeller.dot(0.5, 0.5, 0.1)
    badge = labeller.badge("1", 6, spots, measure)
    assert (badge.x, badge.y) == (2.5, 0.5) and badge.clear
    crowded = Labeller(cell_pt=20.0)
    crowded.fixed((0.0, 0.0, 3.0, 1.0))
    assert not crowded.badge("1", 6, spots, measure).clear


def test_window_search_visits_each_square_a_bounded_number_of_times() -> None:
    """A 200 x 200 area with its middle taken: one label costs a few passes over the
    area's squares, not one per rectangle in it."""
    labeller = Labeller(cell_pt=8.0)
    area = rectangle(0, 0, 199, 199)
    taken = rectangle(60, 60, 140, 140)
    label = labeller.in_area(area, taken, ["Room 1\n4 pts"], measure=measure, largest=10,
                             smallest=5)
    assert label is not None
    assert not (label.box[0] < 141 and label.box[2] > 60 and label.box[1] < 141
                and label.box[3] > 60)
