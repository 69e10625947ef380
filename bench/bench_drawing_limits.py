"""Drawing at the largest legal sheet: how long and how much memory a picture takes.

Each case runs ``python -m homestaging ...`` in a fresh process and reports its wall
time, its processor time (user + system: what a loaded machine changes least) and its
peak memory (resident set size):

* a 200 x 200 sheet with 10 000 one-square plants (``tests/bigsheets.py``) and
  ``bench_scale.py``'s dense 200 x 200 sheet (25 335 pieces), each drawn by every
  command that draws a plan: ``render`` to PNG, PDF and SVG, ``print --fill`` (its
  plan pencilled on the drawing sheet) and the editor's picture (``render_png``, as
  the editor's ``/api/render`` draws it, in a process of its own).

Target (issue 36): each within 10 s of processor time and 1 GB; the cost grows with
the pieces (one collection per kind of shape, many words as one collection of letter
outlines). ``--only WORD`` runs the cases whose name holds WORD.

Usage: ``python bench/bench_drawing_limits.py [--plants N] [--only WORD]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(HERE))

from bench_scale import project_yaml, sheet_json  # noqa: E402
from bigsheets import write_plants  # noqa: E402

EDITOR = ("import sys; from homestaging.formats.sheetreader import read_sheet; "
          "from homestaging.editor.adapter import render_png; "
          "open(sys.argv[2], 'wb').write(render_png(read_sheet(sys.argv[1])))")


def run(args: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, processor seconds, peak megabytes and exit code of one command
    (``python -m homestaging ARGS``, or ``python ARGS`` when ARGS starts with ``-c``)."""
    start = time.perf_counter()
    command = args if args[0] == "-c" else ["-m", "homestaging", *args]
    process = subprocess.Popen([sys.executable, *command], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
            os.waitstatus_to_exitcode(status))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plants", type=int, default=10_000)
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "plants").mkdir()
        plants = write_plants(root / "plants", args.plants)
        (root / "dense").mkdir()
        (root / "dense" / "project.yaml").write_text(project_yaml(200, 200), encoding="utf-8")
        dense = root / "dense" / "dense.json"
        dense.write_text(json.dumps(sheet_json(200, 200, dense=True)), encoding="utf-8")
        cases = []
        for name, sheet in ((f"{args.plants} one-square plants", plants),
                            ("dense 200 x 200", dense)):
            out = root / sheet.stem
            cases += [(f"render (PNG): {name}", ["render", str(sheet), "-o", f"{out}.png"]),
                      (f"render (PDF): {name}", ["render", str(sheet), "-o", f"{out}.pdf"]),
                      (f"render (SVG): {name}", ["render", str(sheet), "-o", f"{out}.svg"]),
                      (f"print --fill: {name}",
                       ["print", "--fill", str(sheet), "-o", f"{out}-fill.pdf"]),
                      (f"editor's render: {name}", ["-c", EDITOR, str(sheet), f"{out}-e.png"])]
        cases = [case for case in cases if args.only in case[0]]
        print("case | wall s | cpu s | peak MB | exit")
        for name, command in cases:
            wall, cpu, peak, code = run(command)
            print(f"{name} | {wall:.1f} | {cpu:.1f} | {peak:.0f} | {code}", flush=True)


if __name__ == "__main__":
    main()
