"""The access graph (``homestaging.scoring.accessgraph``): the routes and dominators networkx
finds on it, the ties broken one way, and the bit-mask search proven to give
networkx's verdict (as a move generator is proven by perft) on every example sheet,
every case file and sheets generated from them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from homestaging.core.bitmask import bits
from homestaging.core.errors import InputError
from homestaging.core.grid import Cell, in_reading_order
from homestaging.core.layout import layout
from homestaging.core.pieces import Placement
from homestaging.core.sheet import DrawnPiece, Sheet
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.access import access, connected_access
from homestaging.scoring.accessgraph import (
    cheapest_route,
    cut_squares,
    dominators,
    linked_groups,
    mask_graph,
    reached,
    square_graph,
)
from homestaging.scoring.card import check_sheet
from homestaging.scoring.distance import Distances, Landmark, landmark
from homestaging.search.moves import standing

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for p in [*ROOT.glob("examples/*.json"), *ROOT.glob("examples/*/*.json"),
                           *ROOT.glob("tests/cases/*/*.json"), *ROOT.glob("tests/sheets/*.json")]
               if not p.name.endswith(".expected.json")
               and '"homestaging-sheet/1"' in p.read_text()[:300])


def readable(path: Path) -> Sheet | None:
    try:
        return read_sheet(path)
    except InputError:
        return None  # a case of an unusable sheet


SHEETS = [(path, sheet) for path in FILES if (sheet := readable(path)) is not None]


def line(*cells: Cell) -> list[Cell]:
    return list(cells)


# --- the graph and its answers -------------------------------------------------------------


def test_the_graph_links_squares_no_wall_separates_in_reading_order() -> None:
    squares = {(1, 0), (0, 0), (0, 1), (1, 1)}
    graph = square_graph(squares, {(1, 0, "w")})
    assert list(graph) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert list(graph.edges) == [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 1), (1, 1))]
    assert reached(graph, [(0, 0)]) == squares
    assert reached(graph, [(5, 5)]) == frozenset()


def test_a_route_from_a_target_and_no_route() -> None:
    graph = square_graph({(0, 0), (1, 0), (5, 5)}, ())
    free = {(0, 0): 0, (1, 0): 0, (5, 5): 0}.__getitem__
    assert cheapest_route(graph, [(1, 0), (0, 0)], {(0, 0)}, free) == ([(0, 0)], 0)
    assert cheapest_route(graph, [(0, 0)], {(5, 5)}, free) is None
    assert cheapest_route(graph, [], {(0, 0)}, free) is None
    assert list(graph) == [(0, 0), (1, 0), (5, 5)]  # the targets' node taken away again


def test_of_equally_cheap_routes_the_first_met_in_reading_order_is_taken() -> None:
    """Two routes of cost 1 around a square: the one through its north neighbour, met
    first (north, east, south, west), then with the sources reversed, the other one."""
    squares = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    graph = square_graph(squares, ())
    one = {cell: 1 for cell in squares}.__getitem__
    assert cheapest_route(graph, [(0, 1)], {(2, 1)}, one) == (
        [(0, 1), (0, 0), (1, 0), (2, 0), (2, 1)], 4)
    assert cheapest_route(graph, [(2, 1), (0, 1)], {(0, 1), (2, 1)}, one) == ([(2, 1)], 0)


def test_dominators_and_cut_squares() -> None:
    diamond = {"r": ["a", "b"], "a": ["c"], "b": ["c"], "c": ["d"]}
    assert sorted(dominators(diamond, "r").items()) == [
        ("a", "r"), ("b", "r"), ("c", "r"), ("d", "c")]
    corridor = square_graph({(0, 0), (1, 0), (2, 0), (2, 1), (5, 5), (6, 5)}, ())
    assert cut_squares(corridor) == {(1, 0), (2, 0)}
    assert linked_groups(corridor) == [frozenset({(0, 0), (1, 0), (2, 0), (2, 1)}),
                                       frozenset({(5, 5), (6, 5)})]


# --- the bit-mask search gives networkx's verdict -------------------------------------------


def crowded(sheet: Sheet, seed: str, count: int) -> Iterator[Sheet]:
    """``sheet`` with one to three pieces more, anywhere in the house: pieces cut off,
    rooms blocked, squares that become the only way somewhere."""
    rng = random.Random(seed)
    pieces = sorted(sheet.project.catalog.pieces.values(), key=lambda piece: piece.id)
    house = in_reading_order(sheet.project.house)
    for _ in range(count):
        extra = []
        for _ in range(rng.randint(1, 3)):
            at = len(sheet.pieces) + len(extra)
            placement = Placement(rng.choice(pieces), rng.choice(house),
                                  rng.choice((0, 90, 180, 270)))
            extra.append(DrawnPiece(placement, f"pieces[{at}]", f"$.pieces[{at}]"))
        yield replace(sheet, pieces=sheet.pieces + tuple(extra))


def same_verdict(sheet: Sheet) -> None:
    """The search's access (and as if connected) is networkx's, lenient or not."""
    lay = layout(sheet)
    for lenient in (False, True):
        theirs = access(sheet, lay, lenient_access=lenient)
        ours = access(sheet, lay, lenient_access=lenient, search=True)
        assert theirs.graph is not None and ours.graph is None
        assert (ours.start, ours.connected, ours.rooms, ours.pieces) == (
            theirs.start, theirs.connected, theirs.rooms, theirs.pieces)
        if not lenient:
            graph_if = connected_access(sheet, lay, theirs)
            search_if = connected_access(sheet, lay, ours)
            assert (search_if.connected, search_if.rooms, search_if.pieces) == (
                graph_if.connected, graph_if.rooms, graph_if.pieces)
            for room in [None, *(plan.name for plan in sheet.rooms if not plan.finalized)]:
                ranked = standing(sheet, lay, room).access
                as_networkx = connected_access(sheet, lay, theirs, furnishing=room)
                assert (ranked.rooms, ranked.pieces) == (as_networkx.rooms, as_networkx.pieces)


@pytest.mark.parametrize(("path", "sheet"), SHEETS, ids=[str(p.relative_to(ROOT))
                                                         for p, _ in SHEETS])
def test_the_search_gives_networkx_s_verdict(path: Path, sheet: Sheet) -> None:
    same_verdict(sheet)
    for more in crowded(sheet, path.name, 3):
        same_verdict(more)


def generated(rng: random.Random, count: int) -> Iterator[Sheet]:
    """``count`` example sheets picked with ``rng``, each with doors taken away, each
    crowded twice (pieces added at random)."""
    examples = [sheet for path, sheet in SHEETS if "examples" in path.parts]
    for _ in range(count):
        base = rng.choice(examples)
        rooms = tuple(replace(plan, doors=plan.doors[:rng.randint(0, len(plan.doors))])
                      for plan in base.rooms)
        yield from crowded(replace(base, rooms=rooms), str(rng.random()), 2)


def test_the_search_gives_networkx_s_verdict_on_generated_sheets() -> None:
    """Example sheets with pieces added at random, and with walls and doors taken away."""
    cut = 0
    for sheet in generated(random.Random(30), 60):
        same_verdict(sheet)
        cut += any(access(sheet, layout(sheet)).pieces)
    assert cut > 40  # sheets where something is cut off


def test_check_explains_with_the_graph_on_crowded_sheets() -> None:
    """Mid-game and at the end, crowded example sheets are checked with explanations
    and squares to keep free, twice the same."""
    said = 0
    for path, sheet in SHEETS:
        if "examples" not in path.parts:
            continue
        for more in crowded(sheet, path.name, 2):
            for end_of_game in (True, False):
                first = check_sheet(replace(more), end_of_game=end_of_game).problems
                again = check_sheet(replace(more), end_of_game=end_of_game).problems
                assert first == again
                said += sum(p.blocked_by != () for p in first)
    assert said > 20


# --- distances: the part of the graph a route can reach --------------------------------------


def test_the_graph_of_a_mask_is_the_graph_of_its_squares() -> None:
    """``mask_graph`` gives ``square_graph``, in either order: the same nodes and each
    square's neighbours in the same order, on every sheet."""
    for _, sheet in SHEETS:
        lay = layout(sheet)
        project = sheet.project
        squares = {(x, y) for y in range(project.height) for x in range(project.width)}
        squares -= set(lay.furniture_at) | project.obstacles
        mask = bits(squares, project.width, project.height)
        for clockwise in (True, False):
            theirs = square_graph(squares, lay.blocked_keys, clockwise=clockwise)
            ours = mask_graph(mask, lay.passage_moves, clockwise=clockwise)
            assert list(ours.nodes) == list(theirs.nodes)
            assert all(list(ours.adj[cell]) == list(theirs.adj[cell]) for cell in theirs)
            assert list(ours.edges) == list(theirs.edges)


def test_the_access_graph_from_bit_masks_is_the_one_square_by_square() -> None:
    """With its layout's passages worked out (the automatic player's layout), the access
    graph is built from bit masks: the same nodes and neighbours, in the same order."""
    for _, sheet in SHEETS:
        plain, masked = replace(sheet), replace(sheet)
        plain_lay, masked_lay = layout(plain), layout(masked)
        masked_lay.passage_moves  # noqa: B018 (worked out, as the player's layout has them)
        theirs = access(plain, plain_lay).graph
        ours = access(masked, masked_lay).graph
        assert theirs is not None and ours is not None
        assert not plain_lay.worked_out("passage_moves")
        assert list(ours.nodes) == list(theirs.nodes)
        assert all(list(ours.adj[cell]) == list(theirs.adj[cell]) for cell in theirs)
        assert list(ours.edges) == list(theirs.edges)


class WholeSheet(Distances):
    """Distances searched over the graph of the whole sheet (every square in reach)."""

    def reach(self, first: Landmark, second: Landmark, limit: int | None = None
              ) -> tuple[int | None, int]:
        return None, self.moves.full


def landmarks(sheet: Sheet) -> list[Landmark]:
    """Every object of a sheet a distance may measure: pieces, rooms, doors, windows,
    features, the front door."""
    found = [landmark(drawn) for drawn in sheet.pieces]
    found += [landmark(plan) for plan in sheet.rooms]
    found += [landmark(door) for plan in sheet.rooms for door in plan.doors]
    found += [landmark(edge) for edge in (*sheet.front_doors, *sheet.windows)]
    found += [landmark(feature) for feature in sheet.project.features]
    return found


def same_routes(sheet: Sheet, rng: random.Random, count: int) -> int:
    """Routes between objects picked at random, unlimited and within a limit: the part
    of the graph the bit masks find gives the route of the whole sheet, and the bit
    masks' length is networkx's. The routes found."""
    lay = layout(sheet)
    ours, theirs = Distances(lay), WholeSheet(lay)
    objects = landmarks(sheet)
    found = 0
    for _ in range(count if len(objects) > 1 else 0):
        first, second = rng.sample(objects, 2)
        for limit in (None, rng.randint(0, 6)):
            expected = theirs.route(first, second, limit=limit)
            assert ours.route(first, second, limit=limit) == expected, (first, second, limit)
            if not (first.edges & second.edges or first.squares & second.squares):
                assert ours.reach(first, second, limit)[0] == expected.length
            found += expected.length is not None
    return found


@pytest.mark.parametrize(("path", "sheet"), SHEETS, ids=[str(p.relative_to(ROOT))
                                                         for p, _ in SHEETS])
def test_a_route_over_the_part_in_reach_is_the_route_over_the_whole_sheet(
        path: Path, sheet: Sheet) -> None:
    rng = random.Random(path.name)
    same_routes(sheet, rng, 8)
    for more in crowded(sheet, path.name, 2):
        same_routes(more, rng, 4)


def test_a_route_over_the_part_in_reach_on_generated_sheets() -> None:
    """Example sheets with pieces added at random, and doors taken away."""
    rng = random.Random(31)
    found = 0
    for sheet in generated(rng, 30):
        found += same_routes(sheet, rng, 6)
    assert found > 200
