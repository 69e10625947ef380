"""The bonus language (``docs/bonus-language.md``): selectors and conditions, evaluated.

:func:`evaluate` turns a project's bonuses into :class:`BonusResult` lines, each with a
one-line explanation and the routes its distance conditions measured. Selectors skip
unreachable pieces (and pieces set aside by errors); a condition that names an
unreachable or empty room fails; a distance to an object that is not on the sheet fails.
An empty room (no furniture; rugs are not furniture) does not exist for scoring: no
rug lying in it, no window and no door of it counts for any bonus.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.grid import (
    DELTAS,
    Cell,
    Edge,
    EdgeKey,
    cell_name,
    edge_key,
    in_reading_order,
    steps,
)
from ..core.layout import Layout
from ..core.project import Bonus, Feature
from ..core.sheet import Sheet
from .access import Access

if TYPE_CHECKING:  # the distance conditions' own module, imported for one only
    from .distance import Distances, Landmark

__all__ = ["BonusResult", "Evaluator", "Outcome", "evaluate", "most_points", "per_points"]


@dataclass
class BonusResult:
    """One bonus line of the score pad (a plain dataclass, as
    :class:`~homestaging.scoring.card.PieceScore`). ``points`` is what it gave (0 when not
    awarded); ``points_if_connected`` what it gives once every walled room is connected
    to the front door (set by :func:`homestaging.scoring.card.score`)."""

    text: str
    points: int
    awarded: bool
    explanation: str
    routes: tuple[tuple[Cell, ...], ...] = ()
    cells: tuple[Cell, ...] = ()
    points_if_connected: int | None = None


class Outcome(NamedTuple):
    """A condition's verdict, why, and what it looked at."""

    holds: bool
    explanation: str
    routes: tuple[tuple[Cell, ...], ...] = ()
    cells: tuple[Cell, ...] = ()


def _squares(count: int) -> str:
    return f"{count} square" if count == 1 else f"{count} squares"


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def _bound(data: dict[str, Any], low: str, high: str, value: int) -> tuple[bool, str]:
    if low in data:
        return value >= data[low], f"at least {data[low]} needed"
    return value <= data[high], f"at most {data[high]} needed"


def _beside(door: Edge, walls: frozenset[EdgeKey]) -> set[Cell]:
    """Squares beside a door: the two squares it joins and, on either side of the door
    along its wall, the squares next to those two with no wall between."""
    first, second = door.cells
    along = (1, 0) if first[0] == second[0] else (0, 1)
    found = set(door.cells)
    for x, y in door.cells:
        for sign in (-1, 1):
            other = (x + sign * along[0], y + sign * along[1])
            if edge_key((x, y), other) not in walls:
                found.add(other)
    return found


class Evaluator:
    """Evaluates selectors and conditions on one sheet (its layout and access computed)."""

    def __init__(self, sheet: Sheet, lay: Layout, acc: Access,
                 excluded: Iterable[int] = (), *, verdicts_only: bool = False,
                 distances: Distances | None = None) -> None:
        """``distances``: what measures the distance conditions (by default the sheet's
        own, :func:`~homestaging.scoring.distance.distances`)."""
        self.sheet = sheet
        self.lay = lay
        self.verdicts_only = verdicts_only
        self._given = distances
        self.acc = acc
        self.excluded = frozenset(excluded)
        self.walls = lay.blocked_keys
        self._boxes: dict[int, tuple[int, int, int, int]] = {}
        self._ordered: dict[int, list[Cell]] = {}

    @cached_property
    def _empty(self) -> set[str]:
        """The walled rooms without furniture: their windows and doors do not count."""
        return {room.name for room in self.sheet.rooms if room.finalized} - self.lay.furnished

    @cached_property
    def exterior_windows(self) -> list[Edge]:
        """The windows on the exterior wall, those of empty rooms left out."""
        house, lay, empty = self.sheet.project.house, self.lay, self._empty
        return [w for w in self.sheet.windows if self.sheet.project.on_exterior(w)
                and lay.room_at.get(w.inside(house) or (-1, -1)) not in empty]

    @cached_property
    def window_squares(self) -> set[Cell]:
        """The squares just inside those windows."""
        house = self.sheet.project.house
        return {c for w in self.exterior_windows if (c := w.inside(house))}

    @cached_property
    def door_squares(self) -> set[Cell]:
        """The squares beside a door of a furnished room or the front door."""
        doors = [d for room in self.sheet.rooms if room.finalized and room.name not in self._empty
                 for d in room.doors]
        return {c for d in (*doors, *self.sheet.front_doors) for c in _beside(d, self.walls)}

    @cached_property
    def distances(self) -> Distances:
        if self._given is not None:
            return self._given
        from .distance import distances

        return distances(self.lay)

    # -- rooms -------------------------------------------------------------------------

    def room_trouble(self, name: str) -> str:
        """'' when the room is reachable and furnished, else why a condition fails."""
        if not self.acc.room_reachable(name):
            reason = self.acc.rooms.get(name, "it is not a room of the project")
            return f"{name} cannot be reached: {reason}"
        return "" if name in self.lay.furnished else f"{name} is empty"

    def windows(self, name: str) -> list[tuple[Edge, Cell]]:
        """Windows of a room (on the exterior wall of one of its squares), in sheet order,
        with the square just inside each."""
        plan = self.sheet.room(name)
        if plan is None:
            return []
        found = []
        for window in self.exterior_windows:
            inside = window.inside(plan.cells)
            if inside is not None:
                found.append((window, inside))
        return found

    # -- selectors ---------------------------------------------------------------------

    def describe(self, selector: dict[str, Any]) -> str:
        """``plant``, ``double bed in the bedroom``, ``lamp next to a sofa``."""
        flt = selector.get("piece", {})
        if "id" in flt:
            piece = self.sheet.project.catalog.pieces.get(flt["id"])
            text = piece.name.lower() if piece else flt["id"]
        else:
            text = str(flt.get("tag", "piece"))
        if "room" in flt:
            text += f" in the {flt['room'].lower()}"
        near = selector.get("next_to")
        if near == "wall":
            text += " against a wall"
        elif isinstance(near, str):
            text += f" next to a {near}"
        elif isinstance(near, dict):
            text += f" next to a {self.describe(near)}"
        return text

    def select(self, selector: dict[str, Any]) -> list[int]:
        """Indexes of the reachable pieces matching a selector, in sheet order."""
        flt = selector.get("piece", {})
        found = []
        for index, drawn in enumerate(self.sheet.pieces):
            piece = drawn.placement.piece
            if index in self.excluded or not self.acc.piece_reachable(index):
                continue
            if self.lay.piece_rooms[index] not in self.lay.furnished:
                continue  # a rug in an empty room: the room does not exist for scoring
            if "id" in flt and piece.id != flt["id"]:
                continue
            if "tag" in flt and flt["tag"] not in piece.tags:
                continue
            if "room" in flt and self.lay.piece_rooms[index] != flt["room"]:
                continue
            found.append(index)
        near = selector.get("next_to")
        if near is None:
            return found
        if near == "window":
            return [i for i in found if self._furniture(i) & self.window_squares]
        if near == "door":
            return [i for i in found if self._furniture(i) & self.door_squares]
        if near == "wall":
            return [i for i in found if self._on_wall(i)]
        others = self.select(near)
        return [i for i in found if any(self.touch(i, j) for j in others)]

    def _furniture(self, index: int) -> frozenset[Cell]:
        return self.sheet.pieces[index].placement.furniture

    def _on_wall(self, index: int) -> bool:
        walls = self.walls
        return any(key in walls for cell in self._furniture(index) for _, key in steps(cell))

    def _box(self, index: int) -> tuple[int, int, int, int]:
        """Least and greatest x and y of a piece's furniture."""
        box = self._boxes.get(index)
        if box is None:
            cells = self._furniture(index)
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            box = self._boxes[index] = (min(xs), min(ys), max(xs), max(ys))
        return box

    def touch(self, i: int, j: int) -> tuple[Cell, Cell] | None:
        """A pair of edge-adjacent furniture squares of two different pieces, no wall between."""
        if i == j or not self._furniture(i) or not self._furniture(j):
            return None
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = self._box(i), self._box(j)
        if ax0 > bx1 + 1 or bx0 > ax1 + 1 or ay0 > by1 + 1 or by0 > ay1 + 1:
            return None  # too far apart to touch
        theirs = self._furniture(j)
        ordered = self._ordered.get(i)
        if ordered is None:
            ordered = self._ordered[i] = in_reading_order(self._furniture(i))
        for cell in ordered:
            for other, key in steps(cell):
                if other in theirs and key not in self.walls:
                    return cell, other
        return None

    # -- conditions --------------------------------------------------------------------

    def condition(self, cond: dict[str, Any]) -> Outcome:
        """Evaluate one CONDITION."""
        (kind, data), = cond.items()
        method = getattr(self, f"_{kind}")
        result: Outcome = method(data)
        return result

    def _view(self, data: dict[str, Any]) -> Outcome:
        name, kind = data["room"], data["feature"]
        trouble = self.room_trouble(name)
        if trouble:
            return Outcome(False, trouble)
        project = self.sheet.project
        features: dict[Cell, Feature] = {
            c: f for f in project.features if f.kind == kind for c in f.cells
        }
        windows = self.windows(name)
        for window, inside in windows:
            dx, dy = DELTAS[window.seen_from(inside).side]
            line = [inside]
            cell = (inside[0] + dx, inside[1] + dy)
            while project.in_sheet(cell) and cell not in project.house:
                line.append(cell)
                if cell in features:
                    seen = features[cell].label
                    return Outcome(True, f"{name} window at {cell_name(inside)} looks onto the "
                                   f"{seen} at {cell_name(cell)}", cells=tuple(line))
                cell = (cell[0] + dx, cell[1] + dy)
        if not windows:
            return Outcome(False, f"{name} has no window")
        return Outcome(False, f"no {name} window looks onto a {kind}")

    @cached_property
    def _landmark(self) -> type[Landmark]:
        """:class:`~homestaging.scoring.distance.Landmark`, imported once per sheet: an import
        in :meth:`obj` itself cost a microsecond at each of its calls."""
        from .distance import Landmark

        return Landmark

    def obj(self, value: Any) -> tuple[Landmark | None, str]:
        """A distance end: its landmark (``None`` when it fails) and its description
        (or why it fails)."""
        Landmark = self._landmark
        if value == "front_door":
            door = self.sheet.front_door
            if door is None:
                return None, "there is no front door"
            return Landmark(edges=frozenset([door])), "front door"
        if "piece" in value:
            text = self.describe(value)
            chosen = self.select(value)
            if not chosen:
                return None, f"there is no {text}"
            return Landmark(squares=frozenset(c for i in chosen for c in self._furniture(i))), text
        (kind, name), = value.items()
        if kind == "feature":
            cells = frozenset(c for f in self.sheet.project.features if f.kind == name
                              for c in f.cells)
            return (Landmark(squares=cells), name) if cells else (None, f"there is no {name}")
        trouble = self.room_trouble(name)
        if trouble:
            return None, trouble
        plan = self.sheet.room(name)  # None: the room being furnished, no squares given yet
        if kind == "room":
            return Landmark(squares=plan.cells if plan is not None else frozenset()), name.lower()
        if kind == "door":
            if plan is None or plan.door is None:
                return None, f"{name} has no door"
            return Landmark(edges=frozenset([plan.door])), f"{name.lower()} door"
        windows = self.windows(name)
        if not windows:
            return None, f"{name} has no window"
        return Landmark(edges=frozenset(w for w, _ in windows)), f"{name.lower()} window"

    def _distance(self, data: dict[str, Any]) -> Outcome:
        start, start_text = self.obj(data["from"])
        end, end_text = self.obj(data["to"])
        if start is None:
            return Outcome(False, start_text)
        if end is None:
            return Outcome(False, end_text)
        limit = None
        if self.verdicts_only:  # only the verdict counts: search no further than it needs
            limit = data["max"] if "max" in data else data["min"] - 1
        found = self.distances.route(start, end, limit=limit)
        if found.length is None:
            holds = "min" in data
            need = f"at least {data['min']} needed" if holds else f"at most {data['max']} needed"
            return Outcome(holds, f"no route from the {start_text} to the {end_text}, {need}")
        holds, need = _bound(data, "min", "max", found.length)
        return Outcome(holds, f"{end_text} is {_squares(found.length)} from the {start_text}, "
                       f"{need}", routes=(found.cells,) if found.cells else (),
                       cells=found.cells)

    def _adjacent(self, data: dict[str, Any]) -> Outcome:
        firsts, seconds = self.select(data["a"]), self.select(data["b"])
        for i in firsts:
            for j in seconds:
                pair = self.touch(i, j)
                if pair:
                    a, b = self.sheet.pieces[i], self.sheet.pieces[j]
                    return Outcome(True, f"{a.name} at {cell_name(pair[0])} touches "
                                   f"{b.name} at {cell_name(pair[1])}", cells=pair)
        return Outcome(False, f"no {self.describe(data['a'])} touches a "
                       f"{self.describe(data['b'])}")

    def _count(self, data: dict[str, Any]) -> Outcome:
        room = data.get("piece", {}).get("room")
        trouble = self.room_trouble(room) if room else ""
        if trouble:
            return Outcome(False, trouble)
        chosen = self.select(data)
        holds, need = _bound(data, "at_least", "at_most", len(chosen))
        cells = tuple(c for i in chosen for c in in_reading_order(self._furniture(i)))
        return Outcome(holds, f"{self.describe(data)}: {len(chosen)} found, {need}", cells=cells)

    def _room_size(self, data: dict[str, Any]) -> Outcome:
        name = data["room"]
        trouble = self.room_trouble(name)
        if trouble:
            return Outcome(False, trouble)
        plan = self.sheet.room(name)  # None: the room being furnished, no squares given yet
        size = len(plan.cells) if plan is not None else 0
        holds, need = _bound(data, "at_least", "at_most", size)
        return Outcome(holds, f"{name} has {_squares(size)}, {need}")

    def _all(self, data: list[dict[str, Any]]) -> Outcome:
        parts = [self.condition(c) for c in data]
        return _joined(all(p.holds for p in parts), parts)

    def _any(self, data: list[dict[str, Any]]) -> Outcome:
        parts = [self.condition(c) for c in data]
        winner = next((p for p in parts if p.holds), None)
        return winner if winner else _joined(False, parts)

    def _not(self, data: dict[str, Any]) -> Outcome:
        inner = self.condition(data)
        return Outcome(not inner.holds, inner.explanation, inner.routes, inner.cells)

    # -- bonuses -----------------------------------------------------------------------

    def bonus(self, bonus: Bonus) -> BonusResult:
        """Evaluate one bonus line of the project."""
        if bonus.when is not None:
            outcome = self.condition(bonus.when)
            return BonusResult(bonus.text, bonus.points if outcome.holds else 0, outcome.holds,
                               outcome.explanation, outcome.routes, outcome.cells)
        selector = bonus.per or {}
        chosen = self.select(selector)
        total = per_points(bonus, len(chosen))
        text = self.describe(selector)
        if not chosen:
            return BonusResult(bonus.text, 0, False, f"no {text}")
        names = ", ".join(
            f"{self.sheet.pieces[i].name} at {cell_name(in_reading_order(self._furniture(i))[0])}"
            for i in chosen
        )
        explanation = f"{text}: {len(chosen)} found ({names})"
        if total != bonus.points * len(chosen):
            explanation += f", capped at {_points(bonus.max or 0)}"
        cells = tuple(c for i in chosen for c in in_reading_order(self._furniture(i)))
        return BonusResult(bonus.text, total, True, explanation, (), cells)


def per_points(bonus: Bonus, count: int) -> int:
    """The points of a ``per`` bonus for ``count`` matching pieces, capped by its ``max``."""
    total = bonus.points * count
    if count and bonus.max is not None and abs(total) > bonus.max:
        return bonus.max if total > 0 else -bonus.max
    return total


def most_points(bonus: Bonus, pieces: int) -> int:
    """The most a bonus can give on a sheet of ``pieces`` pieces: its points when its
    condition holds (or nothing), or a ``per`` bonus's for none or all of them (the
    points of a ``per`` bonus are monotone in the count, capping aside, and a cap
    gives one value to every count but none)."""
    if bonus.when is not None:
        return max(0, bonus.points)
    return max(0, per_points(bonus, pieces))


def _joined(holds: bool, parts: list[Outcome]) -> Outcome:
    return Outcome(holds, "; ".join(p.explanation for p in parts),
                   tuple(r for p in parts for r in p.routes),
                   tuple(c for p in parts for c in p.cells))


def evaluate(sheet: Sheet, lay: Layout, acc: Access, excluded: Iterable[int] = (), *,
             verdicts_only: bool = False, distances: Distances | None = None
             ) -> tuple[BonusResult, ...]:
    """Every bonus of the sheet's project, in project order. ``verdicts_only``: the
    points are exact, but a distance is searched only as far as its bound needs (a
    route longer than a ``max`` is explained as no route): for ranking many placements
    on a large house. ``distances``: as for :class:`Evaluator`."""
    evaluator = Evaluator(sheet, lay, acc, excluded, verdicts_only=verdicts_only,
                          distances=distances)
    return tuple(evaluator.bonus(bonus) for bonus in sheet.project.bonuses)
