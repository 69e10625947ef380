"""Benchmark of check + score with a game record (``python bench/bench_game.py``).

The exact card rules match pieces to tokens (a bipartite matching of our own,
``homestaging/rules/cardplay.py``); a plain check does not.
Measured in alternating pairs (``bench/timing.py``), each beside its baseline without a
record:

1. In-process: ``scoring.score`` (the rule check included) of the finished 24 x 32
   sheet of ``bench_score.py`` (25 pieces in five rooms), without and with a game record
   that pays for every piece (median milliseconds per sheet). Then the same sheet with
   one piece too many in every room, without a record (``too-many-pieces``) and with one
   (the matching must find which piece is left over).
2. Cold command: ``python -m homestaging score`` of the same tutorial plan without a
   record (``examples/tutorial-finished.json``) and with one
   (``examples/four-players/ada.json``): the record costs reading it and the
   matching.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402
from bench_score import synthetic_sheet  # noqa: E402

from homestaging.core.game import CardPlay, GameRecord, Round  # noqa: E402
from homestaging.core.pieces import Placement  # noqa: E402
from homestaging.core.sheet import DrawnPiece, Sheet  # noqa: E402
from homestaging.scoring.card import score  # noqa: E402

PLAIN = ROOT / "examples" / "tutorial-finished.json"
WITH_RECORD = ROOT / "examples" / "four-players" / "ada.json"


def with_record(sheet: Sheet) -> Sheet:
    """The sheet with a record whose tokens chose exactly the pieces of each room."""
    rounds = []
    for index, plan in enumerate(sheet.rooms):
        chosen = tuple(d.id for d in sheet.pieces if next(iter(d.placement.furniture)) in
                       plan.cells)
        rounds.append(Round(plan.name, (CardPlay(90, chosen, f"$.rounds[{index}].cards[0]"),),
                            f"$.rounds[{index}]"))
    return dataclasses.replace(sheet, game=GameRecord("bench", {90: "a"}, tuple(rounds)))


def one_too_many(sheet: Sheet) -> Sheet:
    """Every room holds one more sofa than its tokens chose (its 5 tokens are all used)."""
    extra = []
    for y in (8, 18, 28):
        for x in (2, 14):
            placement = Placement(sheet.project.catalog.piece("sofa"), (x, y))
            extra.append(DrawnPiece(placement, f"pieces[{len(sheet.pieces) + len(extra)}]",
                                    f"$.pieces[{len(sheet.pieces) + len(extra)}]"))
    return dataclasses.replace(sheet, pieces=sheet.pieces + tuple(extra[:5]))


def paired(first: Sheet, second: Sheet, runs: int = 300) -> tuple[float, float]:
    """Median ms of ``score`` of each sheet, measured in alternating pairs."""
    found = timing.pairs(lambda: score(first), lambda: score(second), runs)
    return found.median(0) * 1000, found.median(1) * 1000


def cold_pair(runs: int = 9) -> tuple[float, float, float]:
    """Median ms of the cold commands without and with a record, and their ratio."""
    timing.compiled()
    found = timing.pairs(timing.command("score", str(PLAIN)),
                         timing.command("score", str(WITH_RECORD)), runs)
    return found.median(0) * 1000, found.median(1) * 1000, found.ratio()


def main() -> None:
    plain = synthetic_sheet()
    recorded = with_record(plain)
    card = score(recorded)
    assert not card.provisional and card.total == score(plain).total, card.problems
    crowded = with_record(plain)
    crowded = dataclasses.replace(one_too_many(plain), game=crowded.game)
    left = [p for p in score(crowded).problems if p.code == "not-selected"]
    rows = []
    base, game = paired(plain, recorded)
    rows.append(("score, 24 x 32, 25 pieces, no record", f"{base:.2f} ms", "baseline"))
    rows.append(("score, the same with a record (every piece paid)", f"{game:.2f} ms",
                 f"{game / base:.2f}x"))
    unrecorded = dataclasses.replace(crowded, game=None)
    base, game = paired(unrecorded, crowded)
    rows.append(("score, 5 pieces too many, no record (too-many-pieces)", f"{base:.2f} ms",
                 "baseline"))
    rows.append((f"score, the same with a record ({len(left)} not-selected)", f"{game:.2f} ms",
                 f"{game / base:.2f}x"))
    cold_plain, cold_game, ratio = cold_pair()
    rows.append((f"cold score {PLAIN.relative_to(ROOT)}", f"{cold_plain:.0f} ms", "baseline"))
    rows.append((f"cold score {WITH_RECORD.relative_to(ROOT)}", f"{cold_game:.0f} ms",
                 f"{ratio:.2f}x"))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(f"{value:<{widths[i]}}" if i == 0 else f"{value:>{widths[i]}}"
                        for i, value in enumerate(row)))


if __name__ == "__main__":
    main()
