"""Benchmark of the automatic player (``python bench/bench_player.py [--games N]
[--projects a,b] [--width W]``).

For every bundled project (or those given), games dealt from seeds 0, 1, ... are played
by the greedy player and the lookahead player on the SAME deals, in alternating pairs
(greedy then lookahead for each seed), so that both meet the same load on a shared
machine. Measured per policy:

* the mean total, and how many deals the lookahead won, tied and lost against greedy;
* whole games per CPU-second (``time.process_time`` around each game: the deal, every
  choice, the final score card), per project and over the tutorial on its own, where the
  target for greedy is 50 games per CPU-second.

The last line says, for every project, whether the lookahead beat greedy on average.

``--against DIR --pairs N``: the speed line only, in N alternating pairs of processes,
this checkout's and that of another checkout of the project (say the code before a
change, ``git worktree add DIR COMMIT``), each playing ``--speed-games`` greedy games of
the tutorial; prints both rates per pair and their ratio.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from homestaging.core.errors import Severity  # noqa: E402
from homestaging.formats.projectreader import bundled_project_files, find_project  # noqa: E402
from homestaging.player.play import play_game  # noqa: E402
from homestaging.player.policy import Greedy, Lookahead, Policy  # noqa: E402

TARGET = 50.0
"""Greedy games per CPU-second wanted on the tutorial."""


ERRORS: list[str] = []
"""Games whose score card has a rule error (there should be none)."""


def timed(project_id: str, seed: int, policy: Policy) -> tuple[int, float]:
    """The total of one game and the CPU seconds it took."""
    project = find_project(project_id)
    start = time.process_time()
    game = play_game(project, seed, policy)
    seconds = time.process_time() - start
    if any(p.severity == Severity.ERROR for p in game.card.problems):
        ERRORS.append(f"{project_id} seed {seed} ({policy.name})")
    return game.total, seconds


def speed_line(checkout: Path, games: int) -> float:
    """Greedy games per CPU-second on the tutorial, played by ``checkout``'s code in a
    process of its own."""
    script = checkout / "bench" / "bench_player.py"
    if not script.is_file():
        raise SystemExit(f"{checkout}: not a checkout of the project (no {script})")
    run = subprocess.run(
        [sys.executable, str(script), "--games", "0", "--speed-games", str(games)],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)})
    found = re.search(r"([0-9.]+) games per CPU-second", run.stdout)
    if run.returncode or found is None:
        raise SystemExit(f"{checkout}: no speed line (exit {run.returncode}): "
                         f"{(run.stderr or run.stdout).strip()[-500:]}")
    return float(found.group(1))


def pairs(other: Path, count: int, games: int) -> None:
    """The speed line of this checkout against ``other``'s, in alternating pairs."""
    ratios = []
    for index in range(count):
        theirs, ours = speed_line(other, games), speed_line(ROOT, games)
        ratios.append(ours / theirs)
        print(f"pair {index + 1}: {ours:.1f} here, {theirs:.1f} in {other} "
              f"({ratios[-1]:.2f}x)", flush=True)
    print(f"greedy on the tutorial: {statistics.median(ratios):.2f}x median over {count} "
          f"pairs ({min(ratios):.2f}x to {max(ratios):.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="deals per project")
    parser.add_argument("--projects", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--width", type=int, default=Lookahead.width,
                        help="choices the lookahead plays out at each step")
    parser.add_argument("--speed-games", type=int, default=40,
                        help="greedy games on the tutorial for the speed line")
    parser.add_argument("--against", type=Path, help="another checkout to alternate with")
    parser.add_argument("--pairs", type=int, default=4, help="alternating pairs (--against)")
    args = parser.parse_args()
    if args.against is not None:
        pairs(args.against, args.pairs, args.speed_games)
        return
    ids = [p for p in args.projects.split(",") if p] or list(bundled_project_files())
    greedy, lookahead = Greedy(), Lookahead(width=args.width)
    for project_id in ids:
        find_project(project_id)  # read once, outside the timing

    # The speed line: greedy on the tutorial alone, many games.
    seconds = []
    for seed in range(args.speed_games):
        seconds.append(timed("tutorial", seed, greedy)[1])
    rate = len(seconds) / sum(seconds)
    print(f"greedy on the tutorial: {rate:.1f} games per CPU-second over {len(seconds)} "
          f"games (median {statistics.median(seconds) * 1000:.0f} ms a game; target "
          f"{TARGET:.0f}: {'met' if rate >= TARGET else 'NOT met'})")
    if args.games == 0:  # the speed line only
        return
    print()
    print(f"{'project':<20} {'games':>5} {'greedy':>7} {'lookahead':>9} {'won':>4} "
          f"{'tied':>4} {'lost':>4} {'greedy g/cpu-s':>15} {'lookahead g/cpu-s':>18}")
    beaten: list[str] = []
    not_beaten: list[str] = []
    all_g, all_l = [], []
    for project_id in ids:
        totals_g, totals_l, cpu_g, cpu_l = [], [], [], []
        for seed in range(args.games):
            total, cpu = timed(project_id, seed, greedy)
            totals_g.append(total)
            cpu_g.append(cpu)
            total, cpu = timed(project_id, seed, lookahead)
            totals_l.append(total)
            cpu_l.append(cpu)
        won = sum(1 for g, lk in zip(totals_g, totals_l, strict=True) if lk > g)
        tied = sum(1 for g, lk in zip(totals_g, totals_l, strict=True) if lk == g)
        lost = len(totals_g) - won - tied
        mean_g, mean_l = statistics.fmean(totals_g), statistics.fmean(totals_l)
        all_g += totals_g
        all_l += totals_l
        (beaten if mean_l > mean_g else not_beaten).append(project_id)
        print(f"{project_id:<20} {args.games:>5} {mean_g:>7.2f} {mean_l:>9.2f} {won:>4} "
              f"{tied:>4} {lost:>4} {len(cpu_g) / sum(cpu_g):>15.2f} "
              f"{len(cpu_l) / sum(cpu_l):>18.3f}", flush=True)
    print()
    print(f"all projects: greedy mean {statistics.fmean(all_g):.2f}, lookahead mean "
          f"{statistics.fmean(all_l):.2f} (width {args.width})")
    verdict = "on EVERY project" if not not_beaten else \
        f"on {len(beaten)} of {len(ids)} projects; not on: {', '.join(not_beaten)}"
    print(f"lookahead beats greedy on average {verdict}")
    print(f"games with a rule error: {', '.join(ERRORS) if ERRORS else 'none'}")


if __name__ == "__main__":
    main()
