"""Turning or mirroring a whole sheet (house, walls, rooms, doors, windows, pieces,
features) never changes its score."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from homestaging.core.grid import Cell, Edge
from homestaging.core.pieces import Placement
from homestaging.core.project import Feature, Project
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import score

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_score import synthetic_sheet  # noqa: E402
from plans import bonus, sheet  # noqa: E402
from test_bonuses import PIECES, PROJECT, ROOMS, WINDOWS  # noqa: E402

TURN_SIDE = {"n": "e", "e": "s", "s": "w", "w": "n"}
MIRROR_SIDE = {"n": "n", "e": "w", "s": "s", "w": "e"}


def _bonus_plan() -> Sheet:
    proj = dataclasses.replace(PROJECT, bonuses=(
        bonus(3, when={"view": {"room": "Living", "feature": "tree"}}),
        bonus(2, when={"distance": {"from": "front_door", "to": {"door": "Living"}, "max": 4}}),
        bonus(1, per={"piece": {"tag": "living"}, "next_to": "wall"}, most=3),
        bonus(-1, per={"piece": {"tag": "storage"}, "next_to": "door"}),
        bonus(2, when={"adjacent": {"a": {"piece": {"tag": "lamp"}},
                                    "b": {"piece": {"tag": "armchair"}}}}),
        bonus(1, when={"distance": {"from": {"room": "Bed"}, "to": {"feature": "road"},
                                    "min": 4}}),
    ))
    return sheet(proj, PIECES, ROOMS, windows=WINDOWS)


SHEETS = [read_sheet(ROOT / "examples" / "tutorial-finished.json"), synthetic_sheet(),
          _bonus_plan()]


def transformed(plan: Sheet, turns: int, mirror: bool) -> Sheet:
    """The sheet mirrored left-right (if asked), then turned clockwise ``turns`` times."""
    for _ in range(1 if mirror else 0):
        width = plan.project.width
        plan = _apply(plan, lambda c, w=width: (w - 1 - c[0], c[1]), MIRROR_SIDE, True)
    for _ in range(turns):
        height = plan.project.height
        plan = _apply(plan, lambda c, h=height: (h - 1 - c[1], c[0]), TURN_SIDE, False)
    return plan


def _apply(plan: Sheet, move: Callable[[Cell], Cell], sides: dict[str, str],
           mirror: bool) -> Sheet:
    def cells(found: frozenset[Cell]) -> frozenset[Cell]:
        return frozenset(move(c) for c in found)

    def edge(found: Edge) -> Edge:
        return Edge(move(found.cell), sides[found.side])

    proj: Project = plan.project
    width, height = (proj.width, proj.height) if mirror else (proj.height, proj.width)
    proj = dataclasses.replace(
        proj, width=width, height=height, house=cells(proj.house),
        obstacles=cells(proj.obstacles), walls=frozenset(edge(e) for e in proj.walls),
        features=tuple(Feature(f.kind, cells(f.cells), f.name) for f in proj.features))
    pieces = []
    for drawn in plan.pieces:
        old = drawn.placement
        rotation = (360 - old.rotation) % 360 if mirror else (old.rotation + 90) % 360
        flipped = old.mirror != mirror
        furniture, circulation = cells(old.furniture), cells(old.circulation)
        squares = furniture | circulation
        anchor = (min(x for x, _ in squares), min(y for _, y in squares))
        new = Placement(old.piece, anchor, rotation, flipped)
        assert (new.furniture, new.circulation) == (furniture, circulation)
        pieces.append(dataclasses.replace(drawn, placement=new))
    return dataclasses.replace(
        plan, project=proj, pieces=tuple(pieces),
        rooms=tuple(RoomPlan(r.name, cells(r.cells), tuple(edge(d) for d in r.doors), r.path)
                    for r in plan.rooms),
        front_doors=tuple(edge(d) for d in plan.front_doors),
        windows=tuple(edge(w) for w in plan.windows))


def _without(plan: Sheet, drop: set[int]) -> Sheet:
    kept: tuple[DrawnPiece, ...] = tuple(
        p for i, p in enumerate(plan.pieces) if i not in drop)
    return dataclasses.replace(plan, pieces=kept, wild_card=None)


@settings(max_examples=30, deadline=None)
@given(which=st.integers(0, len(SHEETS) - 1), turns=st.integers(0, 3), mirror=st.booleans(),
       drop=st.sets(st.integers(0, 30), max_size=3))
def test_turning_or_mirroring_a_sheet_keeps_its_score(which: int, turns: int, mirror: bool,
                                                       drop: set[int]) -> None:
    plan = _without(SHEETS[which], drop)
    before = score(plan, problems=[])
    after = score(transformed(plan, turns, mirror), problems=[])
    assert (after.total, after.furniture_count) == (before.total, before.furniture_count)
    assert [b.points for b in after.bonuses] == [b.points for b in before.bonuses]
    if not mirror:  # a mirrored piece breaks the wild-card rule; turning breaks none
        assert score(transformed(plan, turns, False)).total == score(plan).total
