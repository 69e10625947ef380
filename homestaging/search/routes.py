"""The distances a search measures on many sheets of one game (:class:`KnownRoutes`):
networkx's routes (:mod:`homestaging.scoring.distance`), each searched once for the
part of the sheet it can reach.

A route is networkx's search over the squares within its length of the first object
(:meth:`Distances.reach`, over bit masks): the same two objects, the same squares in
reach and the same steps among them give the same route. The sheets a game tries one
after another mostly differ far from a route, so most routes are answered from the
bit masks alone; and where the masks find no route (within the limit), there is none
(the tests prove their lengths networkx's).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.bitmask import bits
from ..scoring.distance import Distances, Landmark, Route, Thing, landmark

__all__ = ["KnownRoutes"]

_Key = tuple[Landmark, Landmark, int | None, int, int, int, int, int]

_ROUTES: dict[_Key, Route] = {}
"""The routes searched, by what decides them (:meth:`KnownRoutes.route`)."""

_MOST = 4096
"""Routes kept at most (the memo is emptied when full)."""


class KnownRoutes(Distances):
    """:class:`Distances` on one layout that first asks the routes searched before on
    any sheet (see the module)."""

    def route(self, a: Thing | Iterable[Thing], b: Thing | Iterable[Thing], *,
              limit: int | None = None) -> Route:
        first, second = landmark(a), landmark(b)
        if (not first.exists or not second.exists or first.edges & second.edges
                or first.squares & second.squares):
            return super().route(first, second, limit=limit)
        length, reach = self.reach(first, second, limit)
        if length is None:
            return Route(None)
        width, height = self.width, self.height
        own = bits(first.squares, width, height) | bits(second.squares, width, height)
        squares = reach & self.free
        nodes = squares | own
        key = (first, second, limit, width, height, squares, self.moves.east & nodes,
               self.moves.south & nodes)
        found = _ROUTES.get(key)
        if found is None:
            if len(_ROUTES) >= _MOST:
                _ROUTES.clear()
            found = _ROUTES[key] = super().route(first, second, limit=limit)
        return found
