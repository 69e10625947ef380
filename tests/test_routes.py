"""The search's distances (``homestaging.search.routes``): a route answered from the
routes measured on other sheets is networkx's route on this one, on every example
sheet, every case file and sheets generated from them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_accessgraph import ROOT, SHEETS, crowded, generated, landmarks

from homestaging.core.layout import layout
from homestaging.core.sheet import Sheet
from homestaging.scoring.distance import Distances, Landmark, Route
from homestaging.search.routes import KnownRoutes

Asked = tuple[Landmark, Landmark, int | None]


def asked(sheet: Sheet, rng: random.Random, count: int) -> list[Asked]:
    """Pairs of objects of ``sheet`` picked at random, each unlimited and within a limit."""
    objects = landmarks(sheet)
    found: list[Asked] = []
    for _ in range(count if len(objects) > 1 else 0):
        first, second = rng.sample(objects, 2)
        found += [(first, second, None), (first, second, rng.randint(0, 6))]
    return found


def same_routes(sheet: Sheet, pairs: list[Asked]) -> list[Route]:
    """The routes of ``pairs`` on ``sheet`` are networkx's (:class:`Distances`); those
    answered (both ways, any order of asking)."""
    lay = layout(sheet)
    ours, theirs = KnownRoutes(lay), Distances(lay)
    found = []
    for first, second, limit in pairs:
        expected = theirs.route(first, second, limit=limit)
        assert ours.route(first, second, limit=limit) == expected, (first, second, limit)
        found.append(ours.route(first, second, limit=limit))
    return found


@pytest.mark.parametrize(("path", "sheet"), SHEETS, ids=[str(p.relative_to(ROOT))
                                                         for p, _ in SHEETS])
def test_a_known_route_is_networkx_s_route(path: Path, sheet: Sheet) -> None:
    """The same pairs asked of the sheet, then of it with pieces added (most routes
    answered again, some searched anew)."""
    pairs = asked(sheet, random.Random(path.name), 8)
    same_routes(sheet, pairs)
    for more in crowded(sheet, path.name, 3):
        same_routes(more, pairs)


def test_a_known_route_on_generated_sheets() -> None:
    """Example sheets with pieces added at random and doors taken away, each asked the
    pairs of the sheets before it: many routes are answered from another sheet's search
    (the very route found there; a search on this sheet would give a new one)."""
    rng = random.Random(32)
    last: dict[Asked, Route] = {}
    again = 0
    for sheet in generated(rng, 30):
        objects = landmarks(sheet)
        pairs = [p for p in last if p[0] in objects and p[1] in objects][-12:]
        pairs += asked(sheet, rng, 4)
        for pair, route in zip(pairs, same_routes(sheet, pairs), strict=True):
            again += route.length is not None and last.get(pair) is route
            last[pair] = route
    assert again > 50
