"""Piece art, orientations and placements."""

import pytest

from homestaging.core.pieces import Piece, Placement, parse_art
from homestaging.formats.catalogreader import bundled_catalog

CORNER = parse_art("KKK\nKoo\nKo.")


def test_art_is_read_into_furniture_and_circulation() -> None:
    assert CORNER.furniture == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)}
    assert CORNER.circulation == {(1, 1), (2, 1), (1, 2)}
    assert CORNER.rows() == ["###", "#oo", "#o."]


@pytest.mark.parametrize(
    ("art", "message"),
    [
        ("", "empty"),
        ("ooo", "no furniture square"),
        ("AB", "one letter"),
        ("A#", "row 1, column 2"),
    ],
)
def test_bad_art_is_explained(art: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_art(art)


def test_rotation_turns_clockwise_and_mirror_flips_left_right_first() -> None:
    shape = parse_art("AAo\nA..")
    assert shape.turned(90, False).rows() == ["##", ".#", ".o"]
    assert shape.turned(180, False).rows() == ["..#", "o##"]
    assert shape.turned(0, True).rows() == ["o##", "..#"]
    assert shape.turned(90, True).rows() == [".o", ".#", "##"]


def test_the_four_turns_of_a_mirror_know_their_width_and_height() -> None:
    shape = parse_art("AAo\nA..")
    turns = shape.turns(True)
    assert [turn.rows() for turn in turns] == [
        ["o##", "..#"], [".o", ".#", "##"], ["#..", "##o"], ["##", "#.", "o."]]
    assert [(turn.width, turn.height) for turn in turns] == [(3, 2), (2, 3), (3, 2), (2, 3)]
    assert [turn.__dict__["width"] for turn in turns] == [3, 2, 3, 2]  # known, not worked out
    piece = Piece("ell", "Ell", shape)
    assert piece.shape(270, True) is piece.shape(270, True) == turns[3]
    assert piece.shape(360, False) == shape  # a rotation past 270 turns on from 0


def test_a_shape_tells_whether_its_furniture_is_one_part() -> None:
    assert parse_art("AA\nA.").in_one_part
    assert not parse_art("A.\n.A").in_one_part  # touching corners only


def test_wall_sides_turn_with_the_piece() -> None:
    shape = parse_art("AA\noo")
    walled = type(shape)(shape.furniture, shape.circulation, frozenset({"n", "w"}))
    assert walled.turned(90, False).wall == {"n", "e"}
    assert walled.turned(0, True).wall == {"n", "e"}


def test_orientations_are_distinct_unmirrored_first() -> None:
    square = Piece("box", "Box", parse_art("AA\nAA"))
    assert [(o.rotation, o.mirror) for o in square.orientations] == [(0, False)]
    ell = Piece("ell", "Ell", parse_art("A.\nA.\nAA"))
    assert len(ell.orientations) == 8
    assert [o.mirror for o in ell.orientations] == [False] * 4 + [True] * 4


def test_placement_puts_the_turned_art_at_the_anchor() -> None:
    piece = Piece("ell", "Ell", parse_art("AAo\nA.."))
    placed = Placement(piece, (3, 2), rotation=90)
    assert placed.furniture == {(3, 2), (4, 2), (4, 3)}
    assert placed.circulation == {(4, 4)}
    assert placed.describe() == "Ell at D3, rotation 90"


def test_the_bundled_catalog_has_what_the_game_needs() -> None:
    catalog = bundled_catalog()
    pieces = catalog.pieces.values()
    assert len(catalog.pieces) >= 45
    assert len(catalog.cards) == 66
    assert {(n, v) for n, v in catalog.cards} == {(n, v) for n in range(1, 34) for v in "ab"}
    assert any(p.is_rug for p in pieces)
    assert {p.size for p in pieces if not p.is_rug} >= set(range(1, 9))
    plants = catalog.card_options(19)
    assert plants and all(not catalog.pieces[p].art.circulation for p in plants)
    assert any(len(p.wall) == 1 for p in pieces) and any(len(p.wall) == 2 for p in pieces)


@pytest.mark.parametrize("anchor", [(0, 0), (3, 7), (-1, 2)])
def test_a_fit_draws_the_placement_it_names(anchor: tuple[int, int]) -> None:
    """Each fit of each piece drawn in each orientation gives the placement of that
    orientation, whose shape and circulation (kept from the fit, not worked out again)
    are those a placement made afresh works out; a whole piece's fits are its
    :func:`~homestaging.formats.fitting.find_fits`."""
    from homestaging.core.grid import in_reading_order
    from homestaging.formats.fitting import find_fits, whole_fits

    for piece in bundled_catalog().pieces.values():
        for rotation, mirror, _ in piece.orientations:
            drawn = Placement(piece, anchor, rotation, mirror)
            squares = in_reading_order(drawn.furniture)
            fits = find_fits(piece, drawn.furniture, None, (False, True))
            assert whole_fits(piece, squares, None, (False, True)) == fits
            chosen = [fit for fit in fits if (fit.rotation, fit.mirror) == (rotation, mirror)]
            assert len(chosen) == 1, (piece.id, rotation, mirror)
            made = chosen[0].placement(piece)
            assert made == drawn
            fresh = Placement(piece, anchor, rotation, mirror)
            assert (made.shape, made.circulation, made.furniture) == \
                (fresh.shape, fresh.circulation, fresh.furniture), (piece.id, rotation, mirror)
            # in the same order too: what iterates over them meets the squares alike
            assert list(made.circulation) == list(fresh.circulation)
