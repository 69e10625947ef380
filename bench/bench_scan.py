"""Scanning accuracy and speed on generated photos of every example sheet.

For each example sheet and seed: draw the plan by hand on its drawing sheet (a new hand
per seed), photograph it with a random phone camera (tilt, turn, perspective, lens,
curl, light, shadow, blur, noise, JPEG), scan it, and compare with the truth, once with
the sheet's game record and once without:

* squares: each house square's class (empty, furniture, circulation dot, rug ring);
* edges: each interior side (wall or not) and exterior side (window, front door, none);
* pieces: each piece of the truth found with the same id on the same squares; shapes:
  found on the same squares (furniture and circulation), whatever the id;
* sheets: rooms (names, squares, doors), pieces, front door and windows all exactly
  right;
* alike: pieces right but for look-alikes swapped inside a room (the same pieces in the
  room, one where the other is drawn: the paper cannot tell them apart), and sheets
  right but for those swaps;
* score: sheets whose score total is the truth's;
* time: reading the photo file to the sheet, per photo (median).

Every photo has a game record, as at a table that dealt with ``homestaging deal``: the
sheet's own (``examples/four-players``), else the one its pieces imply
(:func:`homestaging.rules.cardplay.record_of`, what a table that played with real cards
writes afterwards). Misses are listed by cause.

Each photo is drawn by every hand asked for (``--hand``): our pencil
(:mod:`homestaging.draw.pencil`) and the other players' hands of :mod:`homestaging.scan.hands`
(a blue ballpoint, a felt-tip, a soft pencil), the same camera for every hand.

Run: ``python bench/bench_scan.py [--seeds N] [--hard] [--record with|without|both]
[--hand all|pencil|ballpoint|felt-tip|soft-pencil]``.
Targets on every hand (with a record): squares >= 99.5%, edges >= 99%, pieces >= 95%,
sheets exactly right >= 80%, sheets scoring as drawn >= 80%, no photo refused (none is
blurred past reading), median <= 1 s.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from homestaging.core.errors import InputError
from homestaging.core.grid import reading_order
from homestaging.core.layout import layout
from homestaging.core.sheet import Sheet
from homestaging.draw.pencil import plan_marks, wall_edges
from homestaging.formats.sheetreader import read_sheet
from homestaging.rules.cardplay import record_of
from homestaging.scan.hands import HANDS, VARIED, hand_page
from homestaging.scan.marks import CIRCULATION, EMPTY, FURNITURE, RING, RING_DOT
from homestaging.scan.read import scan_photo
from homestaging.scan.synthetic import filled_page, photograph, random_camera
from homestaging.scoring.card import score

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TARGETS = {"squares": 99.5, "edges": 99.0, "pieces": 95.0, "shapes": 95.0, "sheets": 80.0,
           "score": 80.0}
#: Figures without a target: pieces and sheets right but for look-alikes swapped inside a
#: room (which the paper cannot tell apart), and sheets scoring what the truth scores.
MORE = ("alike", "alike sheets")
#: Doubts per photo: true ones point at a square or side read wrong, false ones at what
#: was read right; and the share of the squares read wrong that a doubt points at.
DOUBTS = ("true doubts", "false doubts")


def example_files(only: str = "") -> list[Path]:
    """Every example sheet of Home Staging, the four players' game included (not the
    sheet of mistakes: its plan breaks the drawing rules on purpose)."""
    files = [p for p in [*EXAMPLES.glob("*.json"), *EXAMPLES.glob("four-players/*.json")]
             if not p.name.endswith(".expected.json") and p.name not in ("mistakes.json",
                                                                         "game.json")]
    return sorted(p for p in files if only in str(p.relative_to(EXAMPLES)))


def truth_squares(sheet: Sheet) -> dict[tuple[int, int], str]:
    _, furniture, circulation, rugs = plan_marks(sheet)
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


def rooms_of(sheet: Sheet) -> dict[str, tuple[frozenset[tuple[int, int]], frozenset[Any]]]:
    return {room.name: (room.cells, frozenset(room.doors)) for room in sheet.rooms
            if room.finalized}


def compare(truth: Sheet, scan: Any, misses: Counter[str]) -> dict[str, tuple[int, int]]:
    """Right and total of each measure for one scan; each miss counted by its cause."""
    got = scan.sheet
    marks = scan.marks
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
    want_rooms, have_rooms = rooms_of(truth), rooms_of(got)
    for name in have_rooms.keys() - want_rooms.keys():
        misses["room: read as walled, but the sheet is still furnishing it"
               if name == truth.current_room else "room: read where the sheet has none"] += 1
    for name, (cells, doors) in want_rooms.items():
        found = have_rooms.get(name)
        if found == (cells, doors):
            continue
        if any(other == (cells, doors) for other in have_rooms.values()):
            misses["room: right squares, named as another room"] += 1
        elif any(other[0] == cells for other in have_rooms.values()):
            misses["room: right squares, door wrong"] += 1
        else:
            misses["room: squares wrong (walls or doors misread)"] += 1
    want_pieces, have_pieces = piece_keys(truth), piece_keys(got)
    named = len(want_pieces & have_pieces)
    shapes = {cells: pid for pid, cells in have_pieces}
    shaped = sum(1 for _, cells in want_pieces if cells in shapes)
    room_of = {c: name for name, (cells, _) in want_rooms.items() for c in cells}
    swapped = _swapped(truth, got, want_pieces - have_pieces)
    for pid, cells in want_pieces - have_pieces:
        cause = _piece_cause(truth, pid, cells, shapes.get(cells), squares, marks, room_of,
                             want_rooms, have_rooms)
        misses[cause.replace("(they look the same)", "(look-alikes swapped in the room)")
               if (pid, cells) in swapped else cause] += 1
    others = (want_rooms == have_rooms and front == set(got.front_doors)
              and windows == set(got.windows))
    exact = others and want_pieces == have_pieces
    alike = others and not want_pieces - have_pieces - swapped and \
        len(want_pieces) == len(have_pieces)
    same_score = score(got).total == score(truth).total
    local, wrong = _misread_squares(truth, got, squares, marks, walls)
    true_doubts = sum(1 for doubt in scan.uncertain if doubt.cell in wrong)
    false_doubts = len(scan.uncertain) - true_doubts
    flagged = sum(1 for cell in local if cell in {d.cell for d in scan.uncertain})
    return {"true doubts": (true_doubts, 1), "false doubts": (false_doubts, 1),
            "misread flagged": (flagged, len(local)),
            "squares": (right, len(squares)), "edges": (edges_right, edges),
            "pieces": (named, len(want_pieces)), "shapes": (shaped, len(want_pieces)),
            "sheets": (int(exact), 1), "alike": (named + len(swapped), len(want_pieces)),
            "alike sheets": (int(alike), 1), "score": (int(same_score), 1)}


def _misread_squares(truth: Sheet, got: Sheet, squares: dict[tuple[int, int], str],
                     marks: Any, walls: set[Any]
                     ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The squares where the scan misread a mark (a square's class, a side of it: wall,
    window, front door), and those where it differs from the truth in any way (those,
    a piece on it, its room). A doubt at the second is a true one (it points at a
    miss); a doubt anywhere else is a false one."""
    wrong = {cell for cell, kind in squares.items() if marks.squares.get(cell, EMPTY) != kind}
    for edge in marks.edge_scores:
        if (edge in walls) != (edge in marks.walls):
            wrong |= {edge.cell, edge.outer}
    house = truth.project.house
    for want, have in ((set(truth.front_doors), set(got.front_doors)),
                       (set(truth.windows), set(got.windows))):
        for edge in want ^ have:
            wrong |= {c for c in (edge.cell, edge.outer) if c in house}
    local = set(wrong)
    for _, cells in piece_keys(truth) ^ piece_keys(got):
        wrong |= cells
    want_rooms, have_rooms = rooms_of(truth), rooms_of(got)
    for name in want_rooms.keys() | have_rooms.keys():
        if want_rooms.get(name) != have_rooms.get(name):
            for found in (want_rooms.get(name), have_rooms.get(name)):
                if found is not None:
                    wrong |= set(found[0]) | {c for e in found[1] for c in (e.cell, e.outer)}
    return local, wrong


def _swapped(truth: Sheet, got: Sheet, missed: set[tuple[str, frozenset[tuple[int, int]]]]
             ) -> set[tuple[str, frozenset[tuple[int, int]]]]:
    """The pieces missed only by a swap of look-alikes inside one room: the scan has a
    piece that looks the same on their squares, and the room holds the same pieces."""
    def per_room(sheet: Sheet) -> dict[str | None, Counter[str]]:
        rooms: dict[str | None, Counter[str]] = {}
        for drawn, room in zip(sheet.pieces, layout(sheet).piece_rooms, strict=True):
            rooms.setdefault(room, Counter())[drawn.id] += 1
        return rooms

    at = {cells: pid for pid, cells in piece_keys(got)}
    want, have = per_room(truth), per_room(got)
    room_of = dict(zip((p.placement.furniture | p.placement.circulation for p in truth.pieces),
                       layout(truth).piece_rooms, strict=True))
    return {(pid, cells) for pid, cells in missed
            if cells in at and _look(truth, at[cells]) == _look(truth, pid)
            and want.get(room_of.get(cells)) == have.get(room_of.get(cells))}


def _piece_cause(truth: Sheet, pid: str, cells: frozenset[tuple[int, int]], other: str | None,
                 squares: dict[tuple[int, int], str], marks: Any,
                 room_of: dict[tuple[int, int], str], want_rooms: dict[str, Any],
                 have_rooms: dict[str, Any]) -> str:
    """Why a piece of the truth is not in the scan."""
    if other is not None:
        same = _look(truth, pid) == _look(truth, other)
        return f"piece: {pid} read as {other}" + (" (they look the same)" if same else "")
    if any(marks.squares.get(c, EMPTY) != squares.get(c, EMPTY) for c in cells):
        return "piece lost: a square of it misread"
    room = next((room_of[c] for c in sorted(cells, key=reading_order) if c in room_of), None)
    if room is not None and want_rooms.get(room) != have_rooms.get(room):
        return "piece lost: its room misread"
    return "piece lost: another cover of its squares chosen"


def _look(sheet: Sheet, piece_id: str) -> frozenset[Any]:
    piece = sheet.project.catalog.pieces[piece_id]
    return frozenset((o.shape.furniture, o.shape.circulation) for o in piece.orientations)


def _debug(folder: Path, name: str, photo: Path, scan: Any, truth: Sheet) -> None:
    import cv2

    from homestaging.scan.overlay import overlay

    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.jpg").write_bytes(photo.read_bytes())
    cv2.imwrite(str(folder / f"{name}-read.png"), overlay(scan, truth))


@dataclasses.dataclass
class Tally:
    """The figures of one way of scanning (with or without the record)."""

    label: str
    totals: Counter[str] = dataclasses.field(default_factory=Counter)
    counts: Counter[str] = dataclasses.field(default_factory=Counter)
    misses: Counter[str] = dataclasses.field(default_factory=Counter)
    times: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)
    refused: int = 0
    exact_false: list[int] = dataclasses.field(default_factory=list)

    def report(self) -> list[str]:
        lines = [f"{self.label}:"]
        for key, target in TARGETS.items():
            share = 100.0 * self.totals[key] / max(1, self.counts[key])
            mark = "ok" if share >= target else "BELOW"
            lines.append(f"  {key:8s} {share:6.2f}%  ({self.totals[key]}/{self.counts[key]}; "
                         f"target {target}%) {mark}")
        for key in MORE:
            share = 100.0 * self.totals[key] / max(1, self.counts[key])
            lines.append(f"  {key:8s} {share:6.2f}%  ({self.totals[key]}/{self.counts[key]})")
        for key in DOUBTS:
            photos = max(1, self.counts[key])
            lines.append(f"  {key:8s} {self.totals[key] / photos:6.2f} a photo  "
                         f"({self.totals[key]} in {photos} photos)")
        share = 100.0 * self.totals["misread flagged"] / max(1, self.counts["misread flagged"])
        lines.append(f"  flagged  {share:6.2f}% of the marks misread have a doubt at their square "
                     f"({self.totals['misread flagged']}/{self.counts['misread flagged']})")
        exact = self.exact_false
        if exact:
            lines.append(f"  false doubts on sheets read exactly: median "
                         f"{statistics.median(exact):.1f}, mean "
                         f"{statistics.mean(exact):.2f} a photo, max {max(exact)} "
                         f"({len(exact)} photos)")
        lines.append(f"  refused  {self.refused} photos (target 0: every photo is sharp) "
                     f"{'ok' if not self.refused else 'BELOW'}")
        if self.times:
            median = statistics.median(self.times)
            lines.append(f"  time     {median:6.2f} s median per photo (max "
                         f"{max(self.times):.2f} s; target 1 s) "
                         f"{'ok' if median <= 1 else 'BELOW'}")
            lines.append(f"  cpu      {statistics.median(self.cpu):6.2f} s median per photo "
                         f"(max {max(self.cpu):.2f} s: the process's own time, which other "
                         "work on the machine does not stretch)")
        lines.append("  misses by cause:")
        lines += [f"    {number:5d}  {cause}" for cause, number in self.misses.most_common()]
        return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="photos per example sheet")
    parser.add_argument("--hard", action="store_true", help="every camera defect stronger")
    parser.add_argument("--record", choices=("with", "without", "both"), default="both",
                        help="scan with the game record, without, or both (default)")
    parser.add_argument("--only", default="", help="only example files whose name contains this")
    parser.add_argument("--hand", default="all", choices=("all", "pencil", *HANDS, "varied"),
                        help="who draws the plans: our pencil, another hand, or all (default;"
                             " 'varied': every mark over the conventions' whole range)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list each photo's misses as it goes")
    parser.add_argument("--debug", metavar="DIR",
                        help="write each photo read wrong, and its page with the reading "
                             "and the misses drawn over it, to DIR")
    args = parser.parse_args()
    files = example_files(args.only)
    modes = {"with": [True], "without": [False], "both": [True, False]}[args.record]
    hands = ["pencil", *HANDS] if args.hand == "all" else [args.hand]
    tallies = {(hand, use): Tally(f"{hand}, " + ("with the game record" if use
                                                  else "without a record"))
               for hand in hands for use in modes}
    photos = 0
    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "photo.jpg"
        for file in files:
            truth = read_sheet(file)
            if truth.game is None:
                truth = dataclasses.replace(truth, game=record_of(truth))
            for seed in range(args.seeds):
                for hand in hands:
                    # each photo its own hand and camera, the same whatever else is run
                    # (and the same camera for every hand)
                    rng = random.Random(f"{file.stem}-{seed}")
                    page_seed, smudges = rng.randrange(1 << 20), rng.randint(0, 4)
                    page = (filled_page(truth, seed=page_seed, smudges=smudges)
                            if hand == "pencil" else
                            hand_page(truth, HANDS.get(hand, VARIED), seed=page_seed))
                    photo.write_bytes(photograph(page, random_camera(rng, hard=args.hard)))
                    photos += 1
                    for use in modes:
                        _scan_one(tallies[hand, use], photo, truth, use,
                                  f"{hand}-{file.stem}-{seed}", args)
    print(f"load average while running: {os.getloadavg()[0]:.1f} (2 cores: above 2, "
          "the wall-clock times are stretched)")
    print(f"photos: {photos} ({args.seeds} per sheet and hand, {len(files)} sheets, "
          f"{'hard' if args.hard else 'ordinary'} cameras; photo k of sheet S drawn and "
          "taken with random.Random('S-k'))")
    for tally in tallies.values():
        print("\n".join(tally.report()))
    return 0


def _scan_one(tally: Tally, photo: Path, truth: Sheet, use: bool, name: str,
              args: argparse.Namespace) -> None:
    start, own_start = time.perf_counter(), time.process_time()
    try:
        scan = scan_photo(photo, truth.project, truth.game if use else None)
    except InputError as error:
        tally.times.append(time.perf_counter() - start)
        tally.cpu.append(time.process_time() - own_start)
        tally.misses[f"photo refused: {error.messages[0].message[:60]}"] += 1
        tally.refused += 1
        for key in ("sheets", "alike sheets", "score"):
            tally.counts[key] += 1
        return
    tally.times.append(time.perf_counter() - start)
    tally.cpu.append(time.process_time() - own_start)
    own: Counter[str] = Counter()
    found = compare(truth, scan, own)
    tally.misses.update(own)
    for key, (right, total) in found.items():
        tally.totals[key] += right
        tally.counts[key] += total
    if found["sheets"][0]:
        tally.exact_false.append(found["false doubts"][0])
    if args.verbose:
        for doubt in scan.uncertain:
            print(f"{name} ({'record' if use else 'no record'}): doubt {doubt.line()}",
                  file=sys.stderr)
    label = "record" if use else "no record"
    if args.verbose and own:
        print(f"{name} ({label}): " + "; ".join(
            f"{n} {cause}" if n > 1 else cause for cause, n in own.items()), file=sys.stderr)
    if args.debug and own:
        _debug(Path(args.debug), f"{name}-{label.replace(' ', '-')}", photo, scan, truth)


if __name__ == "__main__":
    raise SystemExit(main())
