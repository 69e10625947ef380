"""Pieces' outlines drawn on the grid line, told from walls by the shape they make.

A piece may be outlined anywhere from a quarter inside its squares to the square's edge:
there the outline is a line on the grid line, as a wall is, and reads as one. What tells
them apart is the figure they draw. An outline is a closed ring around hatched squares
only: with the walls, it shuts in a part of the house that holds nothing but furniture,
and no room does (a room has a door, and circulation squares). A wall is a line along
the grid that goes on past the piece: its side of that ring continues, in a straight
line, into a wall beyond it, or joins two walls (but for the one side that lets a piece
stretching from wall to wall into its room).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Set

from ..core.grid import Cell, Edge, components

__all__ = ["joining", "outline_rings", "straight_runs"]


def _along(edge: Edge, step: int) -> Edge:
    """The side ``step`` squares further along the same grid line."""
    x, y, side = edge.key
    return Edge((x + step, y), side) if side == "n" else Edge((x, y + step), side)


def straight_runs(edges: Collection[Edge]) -> list[list[Edge]]:
    """The straight runs of ``edges``: sides that follow one another on one grid line."""
    left = set(edges)
    runs: list[list[Edge]] = []
    for start in sorted(edges, key=lambda e: e.key):
        if start not in left:
            continue
        run = [start]
        left.discard(start)
        while _along(run[-1], 1) in left:
            run.append(_along(run[-1], 1))
            left.discard(run[-1])
        while _along(run[0], -1) in left:
            run.insert(0, _along(run[0], -1))
            left.discard(run[0])
        runs.append(run)
    return runs


def outline_rings(walls: Set[Edge], furniture: Set[Cell], printed: Set[Edge],
                  house: Collection[Cell], faint: Set[Edge] = frozenset()) -> set[Edge]:
    """The lines read as walls (``walls``, drawn ones) that are pieces' outlines.

    They are among the sides of the parts of the house shut in by the walls (``printed``
    ones too) that hold only ``furniture`` squares; an outline read only in part shuts
    its piece in too: a side of it may be ``faint``, or missing where its line goes
    straight on between two walls. Of those sides, a straight run that continues past an
    end into another wall (or a ``faint`` line that closes no such part: a wall read a
    little light), or past a door's gap of one side into a wall, is a wall going on past
    the piece; a run that joins two walls at its ends (or a firm wall at one end and, at
    the other, a door's gap with a firm wall past it) is one too, unless its part would
    then stay shut in (a piece stretching from wall to wall, outlined on the grid line:
    no room holds furniture alone; a run up to a door stays a wall); the rest are
    outlines, and so are the loose lines along a piece (:func:`_loose_ends`). A door's
    gap lies between two squares free of furniture."""
    every = set(walls) | set(printed)
    light = {edge for edge in faint if set(edge.cells) & furniture}
    closed = {edge.key for edge in every | _gaps(every, house) | light}
    parts = [part for part in components(house, closed) if part <= furniture]
    sides = [{edge for edge in walls if len(set(edge.cells) & part) == 1} for part in parts]
    rings: set[Edge] = set().union(*sides)
    runs = straight_runs(rings)
    cells = set(house)

    def door(gap: Edge) -> bool:
        """Whether ``gap`` may be a door: between two squares free of furniture."""
        return set(gap.cells) <= cells and not set(gap.cells) & furniture

    # the faint sides that close a part in are its outline's, not a wall going on
    closing = {edge for edge in light for part in parts if len(set(edge.cells) & part) == 1}
    going_on = _grow(runs, every - rings, lambda run, lines, _: any(
        _along(end, step) in lines | (faint - closing)
        or (_along(end, 2 * step) in lines and door(_along(end, step)))
        for end, step in ((run[0], -1), (run[-1], 1))))

    firm = (every - rings) | going_on
    firm_points = _points(firm)

    def meets(run: list[Edge], points: set[tuple[int, int]]) -> bool:
        """Whether ``run`` meets walls at both ends, or a firm wall at one end and, at
        the other, a door's gap of one side between squares free of furniture with a
        firm wall past it (a door's jamb)."""
        ends = [(run[0], -1), (run[-1], 1)]
        at = [_ends(end)[step > 0] in points for end, step in ends]
        if all(at):
            return True
        for (end, step), (other, o_step), here in zip(ends, ends[::-1], at, strict=True):
            gap = _along(end, step)
            if (not here and door(gap) and _ends(gap)[step > 0] in firm_points
                    and _ends(other)[o_step > 0] in firm_points):
                return True
        return False

    joined = _grow(runs, firm, lambda run, _, points: meets(run, points))
    dropped = rings - joined
    jambs = {edge for run in runs if run[0] in joined and not _meets(run, joined - set(run))
             for edge in run}  # a run that joins a wall past a door's gap
    for part_sides in sides:
        if not part_sides & dropped:  # the part stays shut in: not a room
            dropped |= part_sides - going_on - jambs
    return dropped | _loose_ends(set(walls) - dropped, furniture, printed, faint)


def _loose_ends(walls: Set[Edge], furniture: Set[Cell], printed: Set[Edge],
                faint: Set[Edge]) -> set[Edge]:
    """The straight runs of ``walls`` that run along furniture on one side only, the same
    side all along, and stop at one end at least where nothing goes on: no wall, no
    ``faint`` line but round the piece's corner (its outline's next side), no gap of one
    side with a wall past it, straight on or round the corner (a door's, beside one
    free square at least, not the piece's own). A faint line straight on along
    furniture on the same side is the outline going on: the run is followed to its end.
    A wall closes a room off; such a run closes nothing: it is a piece's outline read in
    part."""
    every = set(walls) | set(printed)
    points = _points(every)
    loose: set[Edge] = set()
    for run in straight_runs(set(walls) - set(printed)):
        inside = {tuple(cell in furniture for cell in _beside(edge)) for edge in run}
        if inside not in ({(True, False)}, {(False, True)}):
            continue
        near = _points(every - set(run))
        for end, step in ((run[0], -1), (run[-1], 1)):
            line = set(run)
            while (_along(end, step) in faint and _along(end, step) not in every
                   and {tuple(c in furniture for c in _beside(_along(end, step)))} == inside):
                end = _along(end, step)  # the outline goes on, faint, along its piece
                line.add(end)
            point = _ends(end)[step > 0]
            corner = set(end.cells) & furniture  # the piece's square at this end
            if point in near or any(
                    (side in faint and not set(side.cells) & corner)
                    or (far in points and not set(side.cells) & corner
                        and not set(side.cells) <= furniture)
                    for side, far in _from(point) if side not in line):
                continue
            loose |= set(run)
    return loose


def _beside(edge: Edge) -> tuple[Cell, Cell]:
    """The squares either side of ``edge``: above then below, or left then right."""
    x, y, side = edge.key
    return ((x, y - 1), (x, y)) if side == "n" else ((x - 1, y), (x, y))


def _from(point: tuple[int, int]) -> list[tuple[Edge, tuple[int, int]]]:
    """The four sides from grid point ``point``, each with its other end."""
    x, y = point
    return [(Edge((x, y), "n"), (x + 1, y)), (Edge((x - 1, y), "n"), (x - 1, y)),
            (Edge((x, y), "w"), (x, y + 1)), (Edge((x, y - 1), "w"), (x, y - 1))]


def _meets(run: list[Edge], lines: Set[Edge]) -> bool:
    """Whether both ends of ``run`` touch ``lines``."""
    points = _points(lines)
    return _ends(run[0])[0] in points and _ends(run[-1])[1] in points


def _gaps(walls: Set[Edge], house: Collection[Cell]) -> set[Edge]:
    """The sides without a wall whose two ends touch walls, in a straight line with a
    wall: where a line on the grid (a wall, or an outline) is missing one side."""
    points = _points(walls)
    cells = set(house)
    return {edge for x, y in cells for edge in (Edge((x, y), "e"), Edge((x, y), "s"))
            if edge.outer in cells and edge not in walls
            and all(end in points for end in _ends(edge))
            and (_along(edge, -1) in walls or _along(edge, 1) in walls)}


def _grow(runs: list[list[Edge]], lines: set[Edge],
          holds: Callable[[list[Edge], set[Edge], set[tuple[int, int]]], bool]) -> set[Edge]:
    """``lines`` and the runs that ``holds`` keeps as walls given them, repeated while
    one more is kept (a run kept may hold up the next)."""
    lines = set(lines)
    changed = True
    while changed:
        changed = False
        points = _points(lines)
        for run in runs:
            if run[0] not in lines and holds(run, lines, points):
                lines |= set(run)
                changed = True
    return lines


def _ends(edge: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """The grid points at the two ends of ``edge``, in the order of :func:`_along`."""
    x, y, side = edge.key
    return ((x, y), (x + 1, y)) if side == "n" else ((x, y), (x, y + 1))


def _points(lines: Iterable[Edge]) -> set[tuple[int, int]]:
    """The grid points at the ends of ``lines``."""
    return {end for edge in lines for end in _ends(edge)}


def joining(line: Collection[Edge], faint: Collection[Edge],
            points: Collection[tuple[float, float]], reach: int = 2) -> set[Edge]:
    """The ``faint`` sides that continue ``line`` to ``points`` (the walls' ends): every
    path of at most ``reach`` of them from one of its ends, straight on or round a
    corner (a wall drawn light at one end or at a corner)."""
    ends = _points(line)
    found: set[Edge] = set()
    by_point: dict[tuple[int, int], list[Edge]] = {}
    for edge in faint:
        if edge not in line:
            for end in _ends(edge):
                by_point.setdefault(end, []).append(edge)
    paths: list[tuple[tuple[int, int], tuple[Edge, ...]]] = [(end, ()) for end in ends]
    for _ in range(reach):
        longer = []
        for point, path in paths:
            for edge in by_point.get(point, ()):
                if edge in path:
                    continue
                far = next(end for end in _ends(edge) if end != point)
                if far in points:
                    found |= {*path, edge}
                elif far not in ends:
                    longer.append((far, (*path, edge)))
        paths = longer
    return found
