"""Benchmark of the placement search: bit masks against the rules engine.

Run from the checkout:  python bench/bench_place.py [--reference N] [--repeat R]

For each mid-game sheet (``examples/*mid*.json`` and the walk-through's last turn; a
synthetic mid-game tutorial sheet when there is none) and a synthetic mid-game sheet on
a 24 x 32 house, it reports:

- building the sheet's masks (once per sheet);
- the bit-mask enumeration of every orientation and anchor of every catalog piece (the
  room's card and token rules lifted, so each piece does the geometric work), median
  and maximum microseconds per piece;
- the ranked placements with marks (``placements``) for the pieces of the room's cards;
- the reference (build each sheet, run ``rules.check``) on the first N pieces of the
  room's cards, against the bit masks on the same pieces: medians and their ratio. The
  two answers are compared too;
- what ``place --card N`` does for each card of the room: the moves ranked by value
  (``moves.rank_pieces``) and, for a card with two tokens, the pairs
  (``moves.rank_pairs``), milliseconds per card.

Then, on an empty 200 x 200 house (the largest sheet; one room being furnished with
cards 18, 19 and 20 x2, a window, a front door and two bonuses), the ranked moves of
each piece of card 20 and of the sofa, and the pairs of card 20: seconds, legal
placements, moves listed, and the peak memory (tracemalloc).
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
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402

from homestaging.core.grid import Edge, cell_name, parse_cell, parse_cells  # noqa: E402
from homestaging.core.project import Bonus, CardSlot, Project, RoomSpec  # noqa: E402
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet  # noqa: E402
from homestaging.formats.catalogreader import bundled_catalog  # noqa: E402
from homestaging.formats.projectreader import find_project  # noqa: E402
from homestaging.search.moves import rank_pairs, rank_pieces  # noqa: E402
from homestaging.search.placement import (  # noqa: E402
    SheetMasks,
    anchor_masks,
    card_pieces,
    card_variants,
    legal_keys,
    placements,
    reference_keys,
    target_room,
)


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
    for p in sample:
        assert legal_keys(masks, p) == reference_keys(sheet, p, room=name), p.id
    # one pair per piece (the reference is slow), bit masks and reference in turn
    compared = [timing.pairs(lambda p=p: legal_keys(masks, p),
                             lambda p=p: reference_keys(sheet, p, room=name), 1, warmup=0)
                for p in sample]
    same_fast = [pair.median(0) * 1e6 for pair in compared]
    slow = [pair.median(1) * 1e6 for pair in compared]
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
    ratio = statistics.median(pair.ratio() for pair in compared)
    print(f"  reference (rules.check), {len(sample)} pieces: median {slow_median:9.0f} us; bit "
          f"masks on the same pieces {fast_median:.0f} us; ratio {ratio:,.0f}x"
          " (answers equal)")


def bench_cards(sheet: Sheet) -> None:
    """``place --card N`` for each card of the room: moves ranked, pairs of a card with
    two tokens."""
    name = target_room(sheet)
    spec = sheet.project.room(name)
    assert spec is not None
    for slot in spec.cards:
        pieces = card_pieces(sheet.project, slot.number)
        start = time.perf_counter()
        found = rank_pieces(sheet, pieces, room=name, mirror=False)
        ranked = time.perf_counter() - start
        text = (f"  place --card {slot.number:<2} ({len(pieces)} pieces): ranked "
                f"{ranked * 1e3:6.0f} ms")
        if slot.tokens >= 2:
            start = time.perf_counter()
            pairs = rank_pairs(sheet, card_variants(sheet.project, slot.number), room=name,
                               ranked=found)
            text += (f", {len(pairs)} pairs of its {slot.tokens} tokens "
                     f"{(time.perf_counter() - start) * 1e3:6.0f} ms")
        print(text)


def huge_empty() -> Sheet:
    """An empty 200 x 200 house (B2:GR199), one room being furnished."""
    project = Project(
        id="bench-200", name="Bench 200 x 200", width=200, height=200,
        house=frozenset(parse_cells("B2:GR199")),
        rooms=(RoomSpec("Living room", "living",
                        (CardSlot(18, 1), CardSlot(19, 1), CardSlot(20, 2))),),
        catalog=bundled_catalog(),
        bonuses=(Bonus("+1 per plant next to a window", 1,
                       per={"piece": {"tag": "plant"}, "next_to": "window"}),
                 Bonus("+2 if a sofa is at most 3 squares from the front door", 2,
                       when={"distance": {"from": "front_door",
                                          "to": {"piece": {"tag": "sofa"}}, "max": 3}})),
    )
    return Sheet(project, rooms=(RoomPlan("Living room", path="$.rooms[0]"),),
                 windows=(Edge(parse_cell("B50"), "w"),),
                 front_doors=(Edge(parse_cell("CX199"), "s"),), current_room="Living room")


def bench_huge() -> None:
    import tracemalloc

    sheet = huge_empty()
    catalog = sheet.project.catalog
    pieces = [*card_pieces(sheet.project, 20), catalog.piece("sofa")]
    tracemalloc.start()
    start = time.perf_counter()
    found = rank_pieces(sheet, pieces, mirror=False)
    ranked = time.perf_counter() - start
    start = time.perf_counter()
    pairs = rank_pairs(sheet, card_variants(sheet.project, 20), ranked=found)
    paired = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print("empty 200 x 200 house (B2:GR199), Living room being furnished:")
    for each in found:
        best = each.moves[0]
        print(f"  {each.piece.id:<13} {each.count:7d} legal placements, {len(each.moves)} "
              f"judged and listed; best worth {best.value} at {cell_name(best.candidate.anchor)}")
    print(f"  ranked {len(pieces)} pieces in {ranked:.2f} s ({ranked / len(pieces):.2f} s "
          f"per piece); {len(pairs)} pairs of card 20 in {paired:.2f} s; peak memory "
          f"{peak / 1e6:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=int, default=2,
                        help="pieces run through the reference (slow) per sheet")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (best kept)")
    parser.add_argument("--no-huge", action="store_true", help="skip the 200 x 200 house")
    args = parser.parse_args()
    sheets: list[tuple[str, Sheet]] = []
    from homestaging.formats.sheetreader import read_sheet

    for path in [*sorted((ROOT / "examples").glob("*mid*.json")),
                 ROOT / "examples" / "walkthrough" / "turn-3.json"]:
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
        bench_cards(sheet)
    if not args.no_huge:
        bench_huge()


if __name__ == "__main__":
    main()
