"""Benchmark of the placement search: bit masks against the rules engine.

Run from the checkout:  python bench/bench_place.py [--reference N] [--repeat R]

For each mid-game sheet (``examples/*mid*.json``; a synthetic mid-game tutorial sheet
when there is none) and a synthetic mid-game sheet on a 24 x 32 house, it reports:

- building the sheet's masks (once per sheet);
- the bit-mask enumeration of every orientation and anchor of every catalog piece (the
  room's card and token rules lifted, so each piece does the geometric work), median
  and maximum microseconds per piece;
- the ranked placements with marks (``placements``) for the pieces of the room's cards;
- the reference (build each sheet, run ``rules.check``) on the first N pieces of the
  room's cards, against the bit masks on the same pieces: medians and their ratio. The
  two answers are compared too.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from homestaging.catalogreader import bundled_catalog  # noqa: E402
from homestaging.grid import Edge, parse_cell, parse_cells  # noqa: E402
from homestaging.placement import (  # noqa: E402
    SheetMasks,
    anchor_masks,
    legal_keys,
    placements,
    reference_keys,
    target_room,
)
from homestaging.project import CardSlot, Project, RoomSpec  # noqa: E402
from homestaging.projectreader import find_project  # noqa: E402
from homestaging.sheet import DrawnPiece, RoomPlan, Sheet  # noqa: E402


def best_of(repeat: int, func: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in microseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times) * 1e6


def furnish(sheet: Sheet, piece_ids: list[str]) -> Sheet:
    """Draw each piece at its best-ranked placement, in order (deterministic)."""
    catalog = sheet.project.catalog
    for piece_id in piece_ids:
        found = placements(sheet, catalog.piece(piece_id), mirror=False)
        if not found:
            continue
        best = found[0]
        index = len(sheet.pieces)
        drawn = DrawnPiece(best.placement, f"pieces[{index}]", f"$.pieces[{index}]")
        sheet = dataclasses.replace(sheet, pieces=(*sheet.pieces, drawn))
    return sheet


def room(name: str, ranges: list[str], door: tuple[str, str], index: int) -> RoomPlan:
    cells = frozenset(c for r in ranges for c in parse_cells(r))
    return RoomPlan(name, cells, (Edge(parse_cell(door[0]), door[1]),), f"$.rooms[{index}]")


def tutorial_midgame() -> Sheet:
    project = find_project("tutorial")
    kitchen = room("Kitchen", ["B2:F5"], ("D5", "s"), 0)
    sheet = Sheet(project, rooms=(kitchen, RoomPlan("Bathroom", path="$.rooms[1]"),
                                  RoomPlan("Living room", path="$.rooms[2]")),
                  front_doors=(Edge(parse_cell("H11"), "s"),), current_room="Bathroom")
    kitchen_pieces = furnish(dataclasses.replace(sheet, current_room="Kitchen",
                                                 rooms=(RoomPlan("Kitchen", path="$.rooms[0]"),
                                                        *sheet.rooms[1:])),
                             ["kitchen-corner", "stove"])
    sheet = dataclasses.replace(sheet, pieces=tuple(
        d for d in kitchen_pieces.pieces if d.placement.squares <= kitchen.cells))
    return furnish(sheet, ["toilet"])


def big_midgame() -> Sheet:
    """A 24 x 32 house (B2:W31) with four obstacles, two walled rooms, a third furnished."""
    project = Project(
        id="bench-24x32", name="Bench 24 x 32", width=24, height=32,
        house=frozenset(parse_cells("B2:W31")),
        rooms=(RoomSpec("Kitchen", "kitchen", (CardSlot(7, 1), CardSlot(8, 1), CardSlot(10, 1))),
               RoomSpec("Bedroom", "bedroom", (CardSlot(1, 1), CardSlot(2, 1), CardSlot(3, 1))),
               RoomSpec("Living room", "living",
                        (CardSlot(18, 2), CardSlot(19, 1), CardSlot(20, 1), CardSlot(32, 1)))),
        catalog=bundled_catalog(),
        obstacles=frozenset(parse_cell(c) for c in ("H8", "P8", "H20", "P20")),
    )
    kitchen = room("Kitchen", ["B2:H7"], ("E7", "s"), 0)
    bedroom = room("Bedroom", ["Q2:W9"], ("Q6", "w"), 1)
    sheet = Sheet(project, rooms=(kitchen, bedroom, RoomPlan("Living room", path="$.rooms[2]")),
                  front_doors=(Edge(parse_cell("L31"), "s"),), current_room="Living room")
    return furnish(sheet, ["sofa", "armchair", "coffee-table"])


def bench(label: str, sheet: Sheet, reference: int, repeat: int) -> None:
    name = target_room(sheet)
    catalog = sheet.project.catalog
    spec = sheet.project.room(name)
    assert spec is not None
    own = sorted({o for slot in spec.cards for o in catalog.card_options(slot.number)})
    build = best_of(repeat, lambda: SheetMasks.build(sheet, name))
    masks = SheetMasks.build(sheet, name)
    # every catalog piece, the room's card and token rules lifted
    lifted = dataclasses.replace(masks, options=frozenset(catalog.pieces), tokens=10**6)
    raw = [best_of(repeat, lambda p=p: anchor_masks(lifted, p)) for p in catalog.pieces.values()]
    fast = [best_of(repeat, lambda p=p: legal_keys(lifted, p)) for p in catalog.pieces.values()]
    marked = [best_of(repeat, lambda p=p: placements(masks, p))
              for p in (catalog.piece(i) for i in own)]
    sample = [catalog.piece(i) for i in own[:reference]]
    same_fast = [best_of(repeat, lambda p=p: legal_keys(masks, p)) for p in sample]
    slow = []
    for p in sample:
        start = time.perf_counter()
        expected = reference_keys(sheet, p, room=name)
        slow.append((time.perf_counter() - start) * 1e6)
        assert legal_keys(masks, p) == expected, p.id
    placed = sum(len(legal_keys(lifted, p)) for p in catalog.pieces.values())
    print(f"{label}: {sheet.project.width} x {sheet.project.height}, room {name}, "
          f"{len(sheet.pieces)} pieces drawn")
    print(f"  masks built once per sheet:          {build:9.0f} us")
    print(f"  anchor masks, {len(raw)} catalog pieces:    median {statistics.median(raw):7.0f} us"
          f"  max {max(raw):7.0f} us")
    print(f"  as (anchor, rotation, mirror) sets:  median {statistics.median(fast):7.0f} us"
          f"  max {max(fast):7.0f} us  ({placed} legal placements in all)")
    print(f"  ranked with marks, {len(marked)} room pieces:   median "
          f"{statistics.median(marked):7.0f} us  max {max(marked):7.0f} us")
    fast_median, slow_median = statistics.median(same_fast), statistics.median(slow)
    print(f"  reference (rules.check), {len(sample)} pieces: median {slow_median:9.0f} us; bit "
          f"masks on the same pieces {fast_median:.0f} us; ratio {slow_median / fast_median:,.0f}x"
          " (answers equal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=int, default=2,
                        help="pieces run through the reference (slow) per sheet")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (best kept)")
    args = parser.parse_args()
    sheets: list[tuple[str, Sheet]] = []
    from homestaging.sheetreader import read_sheet

    for path in sorted((ROOT / "examples").glob("*mid*.json")):
        if path.name.endswith(".expected.json"):
            continue
        sheet = read_sheet(path)
        if sheet.current_room is not None:
            sheets.append((path.name, sheet))
    if not sheets:
        sheets.append(("synthetic tutorial mid-game", tutorial_midgame()))
    sheets.append(("synthetic 24 x 32 mid-game", big_midgame()))
    for label, sheet in sheets:
        bench(label, sheet, args.reference, args.repeat)


if __name__ == "__main__":
    main()
