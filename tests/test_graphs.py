"""The graph algorithms of ``homestaging.graphs`` against networkx's, and what ``check``
says with them: the same route of several equally cheap ones (the squares a "blocked by"
warning names), the same dominators (the squares to keep free)."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from homestaging import blocking
from homestaging.access import access
from homestaging.errors import Problem
from homestaging.graphs import cheapest_route, immediate_dominators
from homestaging.grid import Cell, EdgeKey, in_reading_order, steps
from homestaging.layout import layout
from homestaging.pieces import Placement
from homestaging.rules import Code
from homestaging.scoring import check_sheet
from homestaging.sheet import DrawnPiece, Sheet
from homestaging.sheetreader import read_sheet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SHEETS = sorted(p for p in [*EXAMPLES.glob("*.json"), *EXAMPLES.glob("*/*.json")]
                if not p.name.endswith(".expected.json")
                and '"homestaging-sheet/1"' in p.read_text()[:200])


# --- networkx, as the explanations were found with it --------------------------------------


def networkx_route(cost: dict[Cell, int], blocked: Collection[EdgeKey], sources: Sequence[Cell],
                   targets: Collection[Cell], cleared: Collection[Cell]
                   ) -> tuple[list[Cell], int] | None:
    """The cheapest route as networkx finds it on the house's graph (squares in reading
    order, each linked to its open neighbours north, east, south, west), the targets
    joined to one node off the sheet."""
    squares = list(cost)
    graph = nx.Graph()
    graph.add_nodes_from(squares)
    graph.add_edges_from((cell, other) for cell in squares for other, key in steps(cell)
                         if other in cost and key not in blocked)
    sink = (-1, -1)
    graph.add_node(sink)
    graph.add_edges_from((cell, sink) for cell in in_reading_order(targets) if cell in cost)
    try:
        length, path = nx.multi_source_dijkstra(
            graph, list(dict.fromkeys(s for s in sources if s in cost)), target=sink,
            weight=lambda _u, v, _d: 0 if v in cleared else cost.get(v, 0))
    except nx.NetworkXNoPath:
        return None
    return [cell for cell in path if cell != sink], int(length)


class NetworkxPaths(blocking._Paths):
    """:class:`blocking._Paths` finding its routes with networkx."""

    def __init__(self, cost: dict[Cell, int], blocked: Collection[EdgeKey]) -> None:
        super().__init__(cost, blocked)
        self.blocked = blocked

    def route(self, sources: Sequence[Cell], targets: frozenset[Cell],
              cleared: set[Cell]) -> tuple[list[Cell], int] | None:
        return networkx_route(self.cost, self.blocked, sources, targets, cleared)


def networkx_dominators(successors: Any, root: Any) -> dict[Any, Any]:
    graph = nx.DiGraph()
    graph.add_node(root)
    graph.add_edges_from((node, other) for node, ahead in successors.items() for other in ahead)
    found = nx.immediate_dominators(graph, root)
    found.pop(root, None)  # networkx < 3.6 gives the root itself
    return dict(found)


# --- boards -------------------------------------------------------------------------------


def random_board(rng: random.Random) -> tuple[dict[Cell, int], frozenset[EdgeKey]]:
    """A rectangle with holes, walls here and there, squares in the way at random: the
    step costs by square (in reading order) and the walls."""
    width, height = rng.randint(1, 12), rng.randint(1, 12)
    holes = rng.random() * 0.3
    weights = rng.choice([(8, 1, 1), (2, 1, 1), (1, 0, 0), (1, 3, 0)])
    cost = {(x, y): rng.choices((0, blocking._FURNITURE, blocking._UNUSED), weights)[0]
            for y in range(height) for x in range(width) if rng.random() >= holes or x == y == 0}
    walls = rng.random() * 0.4
    blocked = frozenset(key for cell in cost for _, key in steps(cell) if rng.random() < walls)
    return cost, blocked


def random_question(rng: random.Random, squares: Sequence[Cell]
                    ) -> tuple[list[Cell], frozenset[Cell], set[Cell]]:
    """Sources, targets and squares already cleared, picked among ``squares``."""
    sources = rng.sample(squares, rng.randint(1, min(len(squares), 3)))
    sources += rng.sample(squares, rng.randint(0, min(len(squares), 2)))  # repeated ones
    targets = frozenset(rng.sample(squares, rng.randint(0, min(len(squares), 3))))
    cleared = set(rng.sample(squares, rng.randint(0, len(squares) // 3)))
    return sources, targets, cleared


def example_board(path: Path) -> tuple[NetworkxPaths, list[Cell]]:
    """An example sheet's house for the cheapest routes and its squares reached."""
    sheet = read_sheet(path)
    lay = layout(sheet)
    acc = access(sheet, lay)
    return NetworkxPaths.of_house(sheet, lay, acc), in_reading_order(acc.connected)


# --- the cheapest route -------------------------------------------------------------------


def test_the_route_is_networkx_s_on_random_boards() -> None:
    rng = random.Random(20261201)
    ties = 0
    for _ in range(1000):
        cost, blocked = random_board(rng)
        paths = blocking._Paths(cost, blocked)
        for _ in range(4):
            sources, targets, cleared = random_question(rng, list(cost))
            found = paths.route(sources, targets, cleared)
            assert found == networkx_route(cost, blocked, sources, targets, cleared)
            ties += found is not None and len(found[0]) > 2
    assert ties > 800  # routes of several steps, where equally cheap ones abound


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_the_route_is_networkx_s_on_the_example_sheets(path: Path) -> None:
    """From the squares reached (or a few others) to a few squares, some already
    cleared: the house as check sees it, furniture and walls included."""
    theirs, reached = example_board(path)
    ours = blocking._Paths(theirs.cost, theirs.blocked)
    squares = list(theirs.cost)
    rng = random.Random(path.name)
    for _ in range(30):
        _, targets, cleared = random_question(rng, squares)
        sources = reached or rng.sample(squares, 3)
        assert ours.route(sources, targets, cleared) == theirs.route(sources, targets, cleared)


def test_a_route_from_a_target_and_no_route() -> None:
    links = {(0, 0): [(1, 0)], (1, 0): [(0, 0)], (5, 5): []}
    free = {(0, 0): 0, (1, 0): 0, (5, 5): 0}.__getitem__
    assert cheapest_route(links, [(1, 0), (0, 0)], {(0, 0)}, free) == ([(0, 0)], 0)
    assert cheapest_route(links, [(0, 0)], {(5, 5)}, free) is None
    assert cheapest_route(links, [], {(0, 0)}, free) is None


def test_of_equally_cheap_routes_the_first_met_is_taken() -> None:
    """Two routes of cost 1 around a square: the one through the neighbour listed first."""
    square = {"s": ["a", "b"], "a": ["s", "t"], "b": ["s", "t"], "t": ["a", "b"]}
    one = {"s": 0, "a": 1, "b": 1, "t": 0}.__getitem__
    assert cheapest_route(square, ["s"], {"t"}, one) == (["s", "a", "t"], 1)
    square["s"] = ["b", "a"]
    assert cheapest_route(square, ["s"], {"t"}, one) == (["s", "b", "t"], 1)


# --- the dominators -----------------------------------------------------------------------


def random_digraph(rng: random.Random) -> dict[int, list[int]]:
    size = rng.randint(1, 30)
    density = rng.random() * 0.25
    return {node: [other for other in range(size) if other != node and rng.random() < density]
            for node in range(size) if rng.random() < 0.95}


def test_the_dominators_are_networkx_s_on_random_graphs() -> None:
    rng = random.Random(7)
    deep = 0
    for _ in range(2000):
        graph = random_digraph(rng)
        root = rng.choice(list(graph) or [0])
        found = immediate_dominators(graph, root)
        assert found == networkx_dominators(graph, root)
        deep += any(dominator != root for dominator in found.values())
    assert deep > 200  # graphs where some node is dominated by another than the root


def square_graph(squares: Collection[Cell], blocked: Collection[EdgeKey]
                 ) -> dict[Cell, list[Cell]]:
    return {cell: [other for other, key in steps(cell) if other in squares and key not in blocked]
            for cell in in_reading_order(squares)}


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_the_dominators_are_networkx_s_on_the_example_sheets(path: Path) -> None:
    """The walkable squares of each example from its front door (or its first walkable
    square), then with a few of them taken away (a house of corridors, where many
    squares are the only way somewhere)."""
    sheet = read_sheet(path)
    acc = access(sheet, layout(sheet))
    start = acc.start or in_reading_order(acc.walkable)[0]
    rng = random.Random(path.name)
    squares = set(acc.walkable)
    for _ in range(4):
        graph = square_graph(squares, acc.blocked)
        assert immediate_dominators(graph, start) == networkx_dominators(graph, start)
        squares -= set(rng.sample(sorted(squares - {start}), len(squares) // 5))


# --- what check says ----------------------------------------------------------------------


def crowded(path: Path, seed: int) -> Iterator[Sheet]:
    """An example sheet with one to three pieces more, anywhere in the house: pieces cut
    off, rooms blocked, squares that become the only way somewhere."""
    base = read_sheet(path)
    rng = random.Random(f"{path.name}-{seed}")
    pieces = sorted(base.project.catalog.pieces.values(), key=lambda piece: piece.id)
    house = in_reading_order(base.project.house)
    for _ in range(8):
        extra = []
        for _ in range(rng.randint(1, 3)):
            at = len(base.pieces) + len(extra)
            placement = Placement(rng.choice(pieces), rng.choice(house),
                                  rng.choice((0, 90, 180, 270)))
            extra.append(DrawnPiece(placement, f"pieces[{at}]", f"$.pieces[{at}]"))
        yield replace(base, pieces=base.pieces + tuple(extra))


def said(sheet: Sheet, end_of_game: bool) -> list[tuple[Any, ...]]:
    """What check says of a fresh copy of ``sheet`` (nothing worked out kept)."""
    found: list[Problem] = list(check_sheet(replace(sheet), end_of_game=end_of_game).problems)
    return [(p.code, p.message, p.cells, p.blocked_by, p.path) for p in found]


def test_check_says_what_it_said_with_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every example sheet crowded with pieces, at the end of the game and mid-game: the
    same warnings, "blocked by" texts and squares to keep free as with networkx."""
    explained = only = 0
    for path in SHEETS:
        for sheet in crowded(path, 0):
            for end_of_game in (True, False):
                ours = said(sheet, end_of_game)
                with monkeypatch.context() as patch:
                    patch.setattr(blocking, "_Paths", NetworkxPaths)
                    patch.setattr(blocking, "immediate_dominators", networkx_dominators)
                    theirs = said(sheet, end_of_game)
                assert ours == theirs, path.name
                explained += sum("; blocked by " in message for _, message, *_ in ours)
                only += sum(code == Code.ONLY_WAY for code, *_ in ours)
    assert explained > 300 and only > 20, (explained, only)
