"""Benchmark of the family games' check + score (run as a script:
``python bench/bench_family.py``).

1. In-process, each game's example: read + check + score, median milliseconds.
2. In-process, a Rooms & Roomies house at the largest size (200 x 200 squares, 62 rooms,
   10,000 tiles, 1,000 windows, every wish card with a count): read + check + score.
3. Cold commands: ``python -m homestaging GAME score EXAMPLE`` against
   ``python -c "import click, yaml"``, run in alternating pairs (``bench/timing.py``),
   median of each and the median of the pairs' ratios.

Targets: an example in-process under 5 ms; the cold command within 3x the baseline (as
Home Staging's ``score``); the largest house within a few seconds, never a hang.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402

from homestaging.core.grid import column_name  # noqa: E402
from homestaging.family.decorum.reader import read_game  # noqa: E402
from homestaging.family.decorum.score import score as decorum_score  # noqa: E402
from homestaging.family.dreamhome.reader import read_home  # noqa: E402
from homestaging.family.dreamhome.score import score as dreamhome_score  # noqa: E402
from homestaging.family.housewarming.reader import read_house as read_hw  # noqa: E402
from homestaging.family.housewarming.score import score as hw_score  # noqa: E402
from homestaging.family.roomies.reader import read_house  # noqa: E402
from homestaging.family.roomies.score import score as roomies_score  # noqa: E402

EXAMPLES = {
    "roomies": (ROOT / "examples/roomies/first-house.json", read_house, roomies_score),
    "decorum": (ROOT / "examples/decorum/four-players.json", read_game, decorum_score),
    "housewarming": (ROOT / "examples/housewarming/kat.json", read_hw, hw_score),
    "dreamhome": (ROOT / "examples/dreamhome/william.json", read_home, dreamhome_score),
}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def largest_house() -> dict[str, Any]:
    """200 x 200: 62 rooms in bands of 3 rows (the last one larger), a plant on every
    other square of every other row, doors between the bands, 1,000 windows."""
    size = 200
    rows: list[str] = []
    for y in range(size):
        band = min(y // 3, len(LETTERS) - 1)
        rows.append(LETTERS[band] * size)
    furniture = ["".join("p" if x % 2 == 0 and y % 2 == 0 else "." for x in range(size))
                 for y in range(size)]  # 10,000 separate plants
    rooms = {char: {"name": f"Room {char}", "floor": "parquet", "bonus": 1,
                    "markings": [f"B{3 * i + 1}"]} for i, char in enumerate(LETTERS)}
    doors = [[f"{column_name(x)}{3 * band + 3}", "s"]
             for band in range(len(LETTERS) - 1) for x in (1, 100, 198)]
    windows = [[f"A{y + 1}", "w"] for y in range(0, size, 1)]
    windows += [[f"{column_name(size - 1)}{y + 1}", "e"] for y in range(size)]
    return {
        "format": "roomies-house/1", "this_is_you": 1, "house": rows, "rooms": rooms,
        "front_door": ["A1", "n"], "doors": doors[:1000], "windows": windows[:1000],
        "furniture": furniture, "tiles": {"p": {"type": "plant", "colors": ["green", "red"]}},
        "roomies": [{"card": "daydreamer", "types": ["plant"], "points": 1},
                    {"card": "minimalist", "small": 1, "large": 2},
                    {"card": "whirlwind", "points": 1}, {"card": "people-pleaser"}],
    }


def in_process(path: Path, read: Any, score: Any, runs: int) -> tuple[float, int]:
    for _ in range(min(runs, 20)):  # warm up: imports and caches out of the timings
        score(read(path))
    times = []
    total = 0
    for _ in range(runs):
        start = time.perf_counter()
        pad = score(read(path))
        times.append(time.perf_counter() - start)
        total = pad.total
    return statistics.median(times) * 1000, total


def cold_pair(baseline: list[str], command: list[str], runs: int = 7
              ) -> tuple[float, float, float]:
    """Median ms of the baseline and the command, run in alternating pairs, and the
    median of the pairs' ratios."""
    found = timing.pairs(baseline, command, runs)
    return found.median(0) * 1000, found.median(1) * 1000, found.ratio()


def main() -> None:
    rows: list[tuple[str, str, str]] = []
    for game, (path, read, score) in EXAMPLES.items():
        ms, total = in_process(path, read, score, 200)
        rows.append((f"{game}: read + check + score {path.name} (total {total})",
                     f"{ms:.2f} ms", "ok" if ms < 5 else "SLOW"))
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "largest.json"
        big.write_text(json.dumps(largest_house()))
        house = read_house(big)
        ms, total = in_process(big, read_house, roomies_score, 3)
        rows.append((f"roomies: largest house, {len(house.tiles)} tiles, {len(house.rooms)} "
                     f"rooms (total {total})", f"{ms:.0f} ms", "ok" if ms < 5000 else "SLOW"))
    baseline = [sys.executable, "-c", "import click, yaml"]
    timing.compiled()
    for game, (path, _, _) in EXAMPLES.items():
        base, cmd, ratio = cold_pair(baseline, timing.command(game, "score", str(path)))
        rows.append((f"python -m homestaging {game} score {path.relative_to(ROOT)} / "
                     f"import click, yaml ({base:.0f} ms)", f"{cmd:.0f} ms = {ratio:.2f}x",
                     "ok" if ratio <= 3 else "SLOW"))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(f"{v:<{widths[i]}}" if i == 0 else f"{v:>{widths[i]}}"
                        for i, v in enumerate(row)))


if __name__ == "__main__":
    main()
