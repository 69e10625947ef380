"""Scanning accuracy and speed on generated photos of every example sheet.

For each example sheet and seed: draw the plan by hand on its drawing sheet (a new hand
per seed), photograph it with a random phone camera (tilt, turn, perspective, lens,
curl, light, shadow, blur, noise, JPEG), scan it, and compare with the truth:

* squares: each house square's class (empty, furniture, circulation dot, rug ring);
* edges: each interior side (wall or not) and exterior side (window, front door, none);
* pieces: each piece of the truth found with the same id on the same squares; shapes:
  found on the same squares (furniture and circulation), whatever the id;
* sheets: rooms (squares, doors), pieces, front door and windows all exactly right;
* time: reading the photo file to the sheet, per photo (median).

Misses are listed by cause. Run: ``python bench/bench_scan.py [--seeds N] [--hard]``.
Targets: squares >= 99.5%, edges >= 99%, pieces >= 95%, sheets >= 80%, median <= 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from homestaging.errors import InputError
from homestaging.pencil import wall_edges
from homestaging.scan.marks import CIRCULATION, EMPTY, FURNITURE, RING, RING_DOT
from homestaging.scan.read import scan_photo
from homestaging.scan.synthetic import filled_page, photograph, random_camera
from homestaging.sheet import Sheet
from homestaging.sheetreader import read_sheet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def truth_squares(sheet: Sheet) -> dict[tuple[int, int], str]:
    furniture, circulation, rugs = set(), set(), set()
    for drawn in sheet.pieces:
        placement = drawn.placement
        if placement.piece.is_rug:
            rugs |= placement.furniture
        else:
            furniture |= placement.furniture
            circulation |= placement.circulation
    out = {}
    for cell in sheet.project.house - sheet.project.obstacles:
        if cell in furniture:
            out[cell] = FURNITURE
        elif cell in rugs:
            out[cell] = RING_DOT if cell in circulation else RING
        elif cell in circulation:
            out[cell] = CIRCULATION
        else:
            out[cell] = EMPTY
    return out


def piece_keys(sheet: Sheet) -> set[tuple[str, frozenset[tuple[int, int]]]]:
    return {(p.id, p.placement.furniture | p.placement.circulation) for p in sheet.pieces}


def rooms_of(sheet: Sheet) -> dict[str, tuple[frozenset[tuple[int, int]], frozenset]]:
    return {room.name: (room.cells, frozenset(room.doors)) for room in sheet.rooms
            if room.finalized}


def compare(truth: Sheet, scan: object, misses: Counter[str]) -> dict[str, tuple[int, int]]:
    got = scan.sheet  # type: ignore[attr-defined]
    marks = scan.marks  # type: ignore[attr-defined]
    squares = truth_squares(truth)
    right = 0
    for cell, kind in squares.items():
        read = marks.squares.get(cell, EMPTY)
        right += read == kind
        if read != kind:
            misses[f"square: {kind} read as {read}"] += 1
    walls, _ = wall_edges(truth)
    edges_right = edges = 0
    for edge in marks.edge_scores:
        edges += 1
        ok = (edge in walls) == (edge in marks.walls)
        edges_right += ok
        if not ok:
            misses["edge: wall missed" if edge in walls else "edge: wall seen where none"] += 1
    front = set(truth.front_doors)
    windows = set(truth.windows)
    for edge in truth.project.exterior_walls():
        edges += 1
        want = "front door" if edge in front else "window" if edge in windows else "none"
        have = ("front door" if edge in set(got.front_doors) else
                "window" if edge in set(got.windows) else "none")
        edges_right += want == have
        if want != have:
            misses[f"edge: {want} read as {have}"] += 1
    want_pieces, have_pieces = piece_keys(truth), piece_keys(got)
    named = len(want_pieces & have_pieces)
    shapes = {cells: pid for pid, cells in have_pieces}
    shaped = sum(1 for _, cells in want_pieces if cells in shapes)
    for pid, cells in want_pieces - have_pieces:
        other = shapes.get(cells)
        twin = other is not None and _twins(truth, pid, other)
        misses[f"piece: {pid} read as {other}" + (" (same shape and circulation)" if twin
                                                 else "") if other else
               "piece: shape not found"] += 1
    exact = (rooms_of(truth) == rooms_of(got) and want_pieces == have_pieces
             and front == set(got.front_doors) and windows == set(got.windows))
    if rooms_of(truth) != rooms_of(got):
        misses["sheet: rooms or doors differ"] += 1
    return {"squares": (right, len(squares)), "edges": (edges_right, edges),
            "pieces": (named, len(want_pieces)), "shapes": (shaped, len(want_pieces)),
            "sheets": (int(exact), 1)}


def _twins(sheet: Sheet, a: str, b: str) -> bool:
    """Whether two pieces look the same on paper (furniture and circulation, any turn)."""
    pieces = sheet.project.catalog.pieces
    return {o.shape for o in pieces[a].orientations} == {o.shape for o in pieces[b].orientations}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="photos per example sheet")
    parser.add_argument("--hard", action="store_true", help="every camera defect stronger")
    parser.add_argument("--only", help="only example files whose name contains this")
    args = parser.parse_args()
    files = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json")
                   and p.name != "mistakes.json" and (args.only or "") in p.name)
    totals: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    misses: Counter[str] = Counter()
    times: list[float] = []
    rng = random.Random(2024)
    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "photo.jpg"
        for file in files:
            truth = read_sheet(file)
            for _ in range(args.seeds):
                page = filled_page(truth, seed=rng.randrange(1 << 20), smudges=rng.randint(0, 4))
                photo.write_bytes(photograph(page, random_camera(rng, hard=args.hard)))
                start = time.perf_counter()
                try:
                    scan = scan_photo(photo, truth.project)
                except InputError as error:
                    times.append(time.perf_counter() - start)
                    misses[f"photo refused: {error.messages[0].message[:60]}"] += 1
                    counts["sheets"] += 1
                    continue
                times.append(time.perf_counter() - start)
                for key, (right, total) in compare(truth, scan, misses).items():
                    totals[key] += right
                    counts[key] += total
                print(f"{file.name}: {len(scan.uncertain)} uncertain", file=sys.stderr)
    print(f"photos: {len(times)} ({args.seeds} per sheet, {len(files)} sheets"
          f"{', hard cameras' if args.hard else ''})")
    targets = {"squares": 99.5, "edges": 99.0, "pieces": 95.0, "shapes": 95.0, "sheets": 80.0}
    for key, target in targets.items():
        share = 100.0 * totals[key] / max(1, counts[key])
        mark = "ok" if share >= target else "BELOW"
        print(f"{key:8s} {share:6.2f}%  ({totals[key]}/{counts[key]}; target {target}%) {mark}")
    median = statistics.median(times)
    print(f"time     {median:6.2f} s median per photo (max {max(times):.2f} s; target 1 s) "
          f"{'ok' if median <= 1 else 'BELOW'}")
    print("misses by cause:")
    for cause, number in misses.most_common():
        print(f"  {number:5d}  {cause}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
