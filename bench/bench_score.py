"""Benchmark of check + score (run as a script: ``python bench/bench_score.py``).

1. In-process: ``rules.check`` + ``scoring.score`` of a finished 24 x 32 sheet built
   here (a synthetic project: five rooms on a central hallway, 25 pieces, bonuses of
   every kind), median milliseconds per sheet over many runs.
2. Cold command: ``python -m homestaging score EXAMPLE`` beside
   ``python -c "import click, yaml"``, median wall time of several runs, and the ratio.

Targets: under 5 ms per sheet in-process; the cold command within 3x the baseline.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from homestaging.catalog import Card  # noqa: E402
from homestaging.catalogreader import bundled_catalog  # noqa: E402
from homestaging.grid import Cell, Edge, parse_cells  # noqa: E402
from homestaging.pieces import Placement  # noqa: E402
from homestaging.project import Bonus, CardSlot, Feature, Project, RoomSpec  # noqa: E402
from homestaging.rules import check  # noqa: E402
from homestaging.scoring import score  # noqa: E402
from homestaging.sheet import DrawnPiece, RoomPlan, Sheet  # noqa: E402

EXAMPLE = ROOT / "examples" / "tutorial-finished.json"


def _cells(*ranges: str) -> frozenset[Cell]:
    return frozenset(c for r in ranges for c in parse_cells(r))


def synthetic_sheet() -> Sheet:
    """A finished 24 x 32 plan: hallway in column L, three rooms west, two rooms east."""
    base = bundled_catalog()
    catalog = base.extended([], [Card(90, "a", ("sofa", "table-2")),
                                 Card(90, "b", ("sofa", "table-2"))])
    # (name, squares, door, anchor x of the band, band rows)
    layout = [
        ("West 1", "B2:K11", Edge((10, 2), "e"), 1, (1,)),
        ("West 2", "B12:K21", Edge((10, 12), "e"), 1, (11,)),
        ("West 3", "B22:K31", Edge((10, 22), "e"), 1, (21,)),
        ("East 1", "M2:W16", Edge((12, 2), "w"), 12, (1,)),
        ("East 2", "M17:W31", Edge((12, 17), "w"), 12, (16,)),
    ]
    bonuses = (
        Bonus("+3 if West 1 looks onto the tree", 3, when={"view": {"room": "West 1",
                                                                    "feature": "tree"}}),
        Bonus("+2 if East 2's door is at most 20 from the front door", 2,
              when={"distance": {"from": "front_door", "to": {"door": "East 2"}, "max": 20}}),
        Bonus("+1 per sofa next to a window, at most 3", 1,
              per={"piece": {"tag": "sofa"}, "next_to": "window"}, max=3),
        Bonus("+2 if two tables touch a sofa", 2,
              when={"count": {"piece": {"tag": "table"}, "next_to": {"piece": {"tag": "sofa"}},
                              "at_least": 2}}),
        Bonus("+2 if East 1 has at least 100 squares and a sofa touches a table", 2,
              when={"all": [{"room_size": {"room": "East 1", "at_least": 100}},
                            {"adjacent": {"a": {"piece": {"tag": "sofa"}},
                                          "b": {"piece": {"tag": "table"}}}}]}),
        Bonus("+1 if the lake is at least 5 from East 1", 1,
              when={"distance": {"from": {"room": "East 1"}, "to": {"feature": "lake"},
                                 "min": 5}}),
    )
    project = Project(
        id="bench", name="Bench", width=24, height=32, house=_cells("B2:W31"),
        rooms=tuple(RoomSpec(name, "living", (CardSlot(90, 5),)) for name, *_ in layout),
        catalog=catalog,
        features=(Feature("tree", _cells("A5")), Feature("lake", _cells("X10:X14")),
                  Feature("road", _cells("A32:X32"))),
        bonuses=bonuses,
    )
    sofa, table = catalog.piece("sofa"), catalog.piece("table-2")
    pieces: list[DrawnPiece] = []
    for _, _, _, x0, bands in layout:
        for y in bands:
            row = [(sofa, x0), (sofa, x0 + 3), (table, x0 + 6), (table, x0 + 8)]
            for piece, x in row:
                pieces.append(DrawnPiece(Placement(piece, (x, y)), f"pieces[{len(pieces)}]",
                                         f"$.pieces[{len(pieces)}]"))
            pieces.append(DrawnPiece(Placement(sofa, (x0, y + 2), 180), f"pieces[{len(pieces)}]",
                                     f"$.pieces[{len(pieces)}]"))
    rooms = tuple(RoomPlan(name, _cells(squares), (door,), f"$.rooms[{i}]")
                  for i, (name, squares, door, _, _) in enumerate(layout))
    return Sheet(project=project, rooms=rooms, pieces=tuple(pieces),
                 front_doors=(Edge((11, 30), "s"),),
                 windows=(Edge((1, 4), "w"), Edge((1, 1), "n"), Edge((22, 11), "e")),
                 player="bench", source="bench.json")


def in_process(runs: int = 300) -> tuple[float, float, int, int, bool]:
    sheet = synthetic_sheet()
    card = score(sheet)
    check_times, score_times = [], []
    for _ in range(runs):
        start = time.perf_counter()
        check(sheet)
        middle = time.perf_counter()
        score(sheet)  # runs the check too: the whole work of `score`
        score_times.append(time.perf_counter() - middle)
        check_times.append(middle - start)
    errors = sum(1 for p in card.problems if p.severity == "error")
    return (statistics.median(check_times) * 1000, statistics.median(score_times) * 1000,
            card.total, errors, not card.provisional)


def cold(command: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    check_ms, ms, total, errors, final = in_process()
    rows = [("check alone, 24 x 32 sheet, in-process", f"{check_ms:.2f} ms", "", ""),
            ("score (check included), 24 x 32 sheet, in-process", f"{ms:.2f} ms", "< 5 ms",
             "ok" if ms < 5 else "SLOW")]
    print(f"synthetic sheet: total {total}, {errors} error(s), final={final}")
    probe = subprocess.run([sys.executable, "-m", "homestaging", "score", "--help"], cwd=ROOT,
                           capture_output=True, check=False)
    if probe.returncode != 0:
        print("the CLI has no 'score' command yet: cold command skipped")
    else:
        baseline = cold([sys.executable, "-c", "import click, yaml"])
        command = cold([sys.executable, "-m", "homestaging", "score", str(EXAMPLE)])
        ratio = command / baseline
        rows.append(('python -c "import click, yaml"', f"{baseline:.0f} ms", "baseline", ""))
        rows.append((f"python -m homestaging score {EXAMPLE.relative_to(ROOT)}",
                     f"{command:.0f} ms", "", ""))
        rows.append(("ratio cold score / baseline", f"{ratio:.2f}x", "<= 3x",
                     "ok" if ratio <= 3 else "SLOW"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(f"{value:<{widths[i]}}" if i == 0 else f"{value:>{widths[i]}}"
                        for i, value in enumerate(row)).rstrip())


if __name__ == "__main__":
    main()
