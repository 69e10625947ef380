"""Hash the automatic player's games move for move, to prove a change to the player (or
to what it calls) plays every game the same.

Plays the greedy player on every bundled project with seeds 0 to ``--seeds`` - 1 (and,
with ``--lookahead N``, the lookahead player on the first N seeds of each), and prints
one line per game: project, seed, policy, total and the SHA-256 of the written sheet and
game record (every piece, wall, door, window and choice), then one hash of all lines::

    python tests/tools/hash_games.py > /tmp/before.txt
    ... change the code ...
    python tests/tools/hash_games.py > /tmp/after.txt
    diff /tmp/before.txt /tmp/after.txt

It imports the checkout it lies in (or the one ``PYTHONPATH`` names first), so the same
script serves two checkouts: ``PYTHONPATH=/tmp/base python tests/tools/hash_games.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT))

from homestaging.formats.projectreader import bundled_project_files, find_project  # noqa: E402
from homestaging.player.play import play_game, written_files  # noqa: E402


def game_hash(project_id: str, seed: int, policy: str) -> tuple[int, str]:
    """The total of one game and the hash of its sheet and record as written."""
    game = play_game(find_project(project_id), seed, policy)
    digest = hashlib.sha256()
    for path, text in sorted(written_files(game, Path("game.json")).items()):
        digest.update(path.name.encode() + b"\0" + text.encode() + b"\0")
    return game.total, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="greedy seeds per project")
    parser.add_argument("--lookahead", type=int, default=0,
                        help="lookahead games per project (the first seeds)")
    parser.add_argument("--projects", default="", help="comma-separated ids (default all)")
    args = parser.parse_args()
    projects = args.projects.split(",") if args.projects else list(bundled_project_files())
    lines = []
    for project_id in projects:
        runs = [(seed, "greedy") for seed in range(args.seeds)]
        runs += [(seed, "lookahead") for seed in range(args.lookahead)]
        for seed, policy in runs:
            total, digest = game_hash(project_id, seed, policy)
            line = f"{project_id} {seed} {policy} {total} {digest}"
            lines.append(line)
            print(line, flush=True)
    print("all", hashlib.sha256("\n".join(lines).encode()).hexdigest())


if __name__ == "__main__":
    main()
