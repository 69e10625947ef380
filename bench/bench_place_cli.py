"""``place --card N`` on the tutorial's mid-game sheet, this checkout against another.

Run from the checkout:  python bench/bench_place_cli.py --against DIR [--pairs 5]

Each pair times the command (in a process of its own, the modules imported first) for
every card of the room being furnished, once with this checkout's code and once with
DIR's (``PYTHONPATH``), alternating which goes first; it prints each pair's CPU
milliseconds and the median ratio (this checkout over DIR).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "examples" / "tutorial-midgame.json"
TIMED = """
import time
from click.testing import CliRunner
try:
    from homestaging.cli.root import main
    from homestaging.formats.sheetreader import read_sheet
except ImportError:  # a checkout from before the modules were put in folders
    from homestaging.cli import main
    from homestaging.sheetreader import read_sheet
sheet = read_sheet({sheet!r})
cards = [slot.number for slot in sheet.project.room(sheet.current_room).cards]
runner = CliRunner()
best = None
for _ in range({repeat}):
    start = time.process_time()
    for card in cards:
        result = runner.invoke(main, ["place", {sheet!r}, "--card", str(card)])
        assert result.exit_code == 0, result.output
    spent = time.process_time() - start
    best = spent if best is None else min(best, spent)
print(best * 1000)
"""


def timed(checkout: Path, repeat: int) -> float:
    """CPU milliseconds of ``place --card N`` for every card of the room (best of
    ``repeat``), with ``checkout``'s code."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = TIMED.format(sheet=str(SHEET), repeat=repeat)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True, cwd=checkout).stdout
    return float(out.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (best kept)")
    args = parser.parse_args()
    ratios = []
    for pair in range(args.pairs):
        if pair % 2:
            other = timed(args.against, args.repeat)
            mine = timed(ROOT, args.repeat)
        else:
            mine = timed(ROOT, args.repeat)
            other = timed(args.against, args.repeat)
        ratios.append(mine / other)
        print(f"pair {pair + 1}: this checkout {mine:.0f} ms, other {other:.0f} ms, "
              f"ratio {mine / other:.2f}")
    print(f"median ratio {statistics.median(ratios):.2f} over {args.pairs} pairs")


if __name__ == "__main__":
    main()
