"""Benchmark of check with and without an explanation (``python bench/bench_check.py``).

Mid-game, ``check`` explains what blocks a piece or a room and which squares are the
only way to a room (``homestaging.scoring.blocking``, with the graph algorithms of
``homestaging.graphs``). Measured on the walk-through's sheets (``examples/walkthrough``):

- ``turn-2.json``: mid-game, no front door yet, nothing to explain;
- ``turn-3.json``: the toilet is cut off (what blocks it) and two squares are the only
  way to a room.

1. In-process: ``scoring.check_sheet`` on each, median milliseconds over many runs taken
   in alternating pairs (what the explanations cost).
2. A 200 x 200 house mid-game with a walled room reached by one square: the score so
   far alone beside ``check_sheet``, which also finds that square.
3. Cold command: ``python -m homestaging check SHEET`` for each, beside ``python -c
   "import click, yaml, json"``, in alternating rounds (``bench/timing.py``); median wall
   time and the ratios (each the median of the rounds' own ratios).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402

from homestaging.formats.sheetreader import read_sheet  # noqa: E402
from homestaging.scoring.card import check_sheet  # noqa: E402

WALK = ROOT / "examples" / "walkthrough"
PLAIN = WALK / "turn-2.json"
EXPLAINED = WALK / "turn-3.json"


def in_process(runs: int) -> None:
    plain, explained = read_sheet(PLAIN), read_sheet(EXPLAINED)
    found = timing.pairs(lambda: check_sheet(plain), lambda: check_sheet(explained), runs)
    print(f"in-process check_sheet, median of {runs} alternating pairs:")
    print(f"  {PLAIN.name} (nothing to explain):   {found.median(0) * 1e3:7.2f} ms")
    print(f"  {EXPLAINED.name} (blocked by, only way): {found.median(1) * 1e3:7.2f} ms  "
          f"({found.ratio():.1f}x)")


def large(runs: int) -> None:
    """A 200 x 200 house mid-game, a walled kitchen reached by one square: the score so
    far alone beside check, which also finds that square (the dominators on a graph of
    the squares that may be one, the others merged into regions)."""
    from homestaging.core.grid import Edge, parse_cell, parse_cells
    from homestaging.core.project import CardSlot, Project, RoomSpec
    from homestaging.core.sheet import RoomPlan, Sheet
    from homestaging.formats.catalogreader import bundled_catalog
    from homestaging.scoring.card import score

    project = Project(
        id="bench-200", name="Bench 200 x 200", width=200, height=200,
        house=frozenset(parse_cells("B2:GR199")), catalog=bundled_catalog(),
        rooms=(RoomSpec("Kitchen", "kitchen", (CardSlot(7, 1),)),
               RoomSpec("Living room", "living", (CardSlot(18, 1),))),
        special_rules=("lenient-access",))
    kitchen = RoomPlan("Kitchen", frozenset(parse_cells("B2:K11")),
                       (Edge(parse_cell("F11"), "s"),), "$.rooms[0]")
    sheet = Sheet(project, rooms=(kitchen, RoomPlan("Living room", path="$.rooms[1]")),
                  front_doors=(Edge(parse_cell("CX199"), "s"),), current_room="Living room")
    found = timing.pairs(lambda: score(sheet, end_of_game=False), lambda: check_sheet(sheet),
                         runs)
    print(f"200 x 200 house mid-game, median of {runs} alternating pairs:")
    print(f"  score so far alone:                   {found.median(0) * 1e3:7.0f} ms")
    print(f"  check (finds the square to keep free): {found.median(1) * 1e3:6.0f} ms  "
          f"({found.ratio():.1f}x)")


def cold(rounds: int) -> None:
    timing.compiled()
    found = timing.rounds({
        "python -c 'import click, yaml, json'": list(timing.BASELINE),
        f"check {PLAIN.name}": timing.command("check", str(PLAIN)),
        f"check {EXPLAINED.name}": timing.command("check", str(EXPLAINED)),
    }, rounds)
    print(f"cold commands, median of {rounds} alternating rounds:")
    for index, name in enumerate(found.names):
        print(f"  {name:<38} {found.median(index) * 1e3:7.0f} ms  "
              f"({found.ratio(index) if index else 1.0:.2f}x the baseline)")
    print(f"  {timing.load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="in-process pairs")
    parser.add_argument("--rounds", type=int, default=15, help="cold command rounds")
    args = parser.parse_args()
    in_process(args.runs)
    large(max(3, args.runs // 40))
    cold(args.rounds)


if __name__ == "__main__":
    main()
