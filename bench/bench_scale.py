"""How check and score scale with the size of the sheet.

Builds synthetic finished sheets of 24 x 32, 50 x 50, 100 x 100 and 200 x 200 squares
(a house filling the sheet but a one-square margin, a hallway along its top row with
the front door, five rooms side by side below it, each with its door onto the hallway)
and times reading the sheet, ``rules.check`` and ``scoring.score``.

Two furnishings per size:

* ``legal``: the pieces the selection tokens allow (5 per room): a rug runner inside
  the door and four armchairs whose circulation lies beside it. The sheet has no error.
* ``dense``: every room filled with armchairs in rows facing shared circulation rows,
  joined by a spine of rug runners along the door's column: thousands of pieces, all
  reachable. Its only errors are ``too-many-pieces`` (one per room).

Usage: ``python bench/bench_scale.py [--repeat N] [--profile SIZE]``. Prints a table of
milliseconds per sheet and per 1000 squares (the best of N runs); with ``--profile
200`` it prints the top functions of cProfile for the dense 200 x 200 sheet.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import bigsheets  # noqa: E402
from bigsheets import TOP, piece, room_names, strip_rooms, strips  # noqa: E402

from homestaging.formats.sheetreader import read_sheet  # noqa: E402
from homestaging.rules.checks import check  # noqa: E402
from homestaging.scoring.card import score  # noqa: E402

SIZES = ((24, 32), (50, 50), (100, 100), (200, 200))


def project_yaml(width: int, height: int) -> str:
    """A project whose house fills the sheet but a margin; five rooms on card 1."""
    return bigsheets.project_yaml(
        f"bench-{width}x{height}", f"Bench {width} x {height}", width, height, room_names(),
        bonuses=["text: Room 5 is at most 10 squares from the front door\n    points: 2\n"
                 "    when: {distance: {from: front_door, to: {room: Room 5}, max: 10}}",
                 "text: 1 point per armchair, at most 5\n    points: 1\n"
                 "    per: {piece: {id: armchair}}\n    max: 5"])


def room_pieces(x0: int, x1: int, top: int, bottom: int, dense: bool) -> list[dict[str, Any]]:
    """Rug runners down column x0 (the door's), armchairs in the other columns."""
    runners = (bottom - top + 1) // 4 if dense else 1
    found = [piece("rug-runner", x0, top + 4 * n, 90) for n in range(runners)]
    last_row = top + 4 * runners - 1
    if not dense:
        return found + [piece("armchair", x, top, 0) for x in range(x0 + 1, min(x1, x0 + 4) + 1)]
    for row in range(top, last_row - 1, 3):  # armchairs on row, circulation row+1, row+2
        for x in range(x0 + 1, x1 + 1):
            found.append(piece("armchair", x, row, 0))
            found.append(piece("armchair", x, row + 1, 180))
    return found


def sheet_json(width: int, height: int, dense: bool) -> dict[str, Any]:
    """The finished sheet, ``legal`` or ``dense``."""
    pieces = [entry for x0, x1 in strips(width)
              for entry in room_pieces(x0, x1, TOP, height - 2, dense)]
    return bigsheets.sheet_json(strip_rooms(width, height, room_names()), pieces)


def best(repeat: int, call: Callable[[], Any]) -> tuple[float, Any]:
    """The fastest of ``repeat`` runs, in milliseconds, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), result


def write_case(folder: Path, width: int, height: int, dense: bool) -> Path:
    case = folder / f"{width}x{height}-{'dense' if dense else 'legal'}"
    case.mkdir()
    (case / "project.yaml").write_text(project_yaml(width, height))
    path = case / "sheet.json"
    path.write_text(json.dumps(sheet_json(width, height, dense)))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", type=int, metavar="SIZE", help="profile the dense SIZE sheet")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for width, height in SIZES:
            for dense in (False, True):
                path = write_case(Path(tmp), width, height, dense)
                read_ms, sheet = best(args.repeat, lambda p=path: read_sheet(p))
                check_ms, problems = best(args.repeat, lambda s=sheet: check(s))
                score_ms, card = best(args.repeat, lambda s=sheet: score(s))
                squares = width * height
                errors = sorted({p.code for p in problems if p.severity == "error"})
                rows.append(
                    (
                        f"{width} x {height}",
                        "dense" if dense else "legal",
                        len(sheet.pieces),
                        read_ms,
                        check_ms,
                        score_ms,
                        (check_ms + score_ms) * 1000 / squares,
                        card.total,
                        ",".join(errors) or "-",
                    )
                )
                if args.profile == width and dense:
                    profiler = cProfile.Profile()
                    profiler.runcall(lambda s=sheet: (check(s), score(s)))
                    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    head = (
        "sheet",
        "kind",
        "pieces",
        "read ms",
        "check ms",
        "score ms",
        "check+score ms/1000 sq",
        "total",
        "errors",
    )
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for row in rows:
        print(
            " | ".join(
                [
                    row[0],
                    row[1],
                    str(row[2]),
                    f"{row[3]:.1f}",
                    f"{row[4]:.1f}",
                    f"{row[5]:.1f}",
                    f"{row[6]:.2f}",
                    str(row[7]),
                    row[8],
                ]
            )
        )


if __name__ == "__main__":
    main()
