"""Benchmark of rendering (run as a script: ``python bench/bench_render.py``).

Cold runs, each in a fresh interpreter, median wall time of several runs:

1. render: read ``examples/tutorial-finished.json``, score it and write the annotated
   plan to PNG at 150 dpi (``homestaging.render.save_plan``);
2. baseline: ``import matplotlib`` and save one comparable figure (the same size, a
   grid of lines, 200 patches and 100 texts) to PNG with the Agg canvas, no pyplot.

Target: the render within 1.5x the baseline. Also prints the in-process time of one
more render once everything is imported, and of a project page + drawing sheet PDF.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7

RENDER = """
import sys
from homestaging.sheetreader import read_sheet
from homestaging.scoring import score
from homestaging.render import save_plan
sheet = read_sheet(sys.argv[1])
save_plan(sheet, sys.argv[2], score(sheet), dpi=150)
"""

BASELINE = """
import sys
import matplotlib
from matplotlib.figure import Figure
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.patches import Rectangle
fig = Figure(figsize=(9.2, 4.6))
ax = fig.add_axes((0, 0, 0.63, 1))
for x in range(17):
    ax.plot([x, x], [0, 12], color="grey", linewidth=0.5)
for y in range(13):
    ax.plot([0, 16], [y, y], color="grey", linewidth=0.5)
for i in range(200):
    ax.add_patch(Rectangle((i % 16, (i // 16) % 12), 1, 1, facecolor="#f2b56b", alpha=0.3))
for i in range(100):
    ax.text(i % 16 + 0.5, (i // 16) % 12 + 0.5, "Sofa", fontsize=7, ha="center")
ax.set_xlim(-1, 17)
ax.set_ylim(13, -1)
FigureCanvasAgg(fig)
fig.savefig(sys.argv[2], format="png", dpi=150)
"""


def cold(script: str, output: Path) -> float:
    example = ROOT / "examples" / "tutorial-finished.json"
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", script, str(example), str(output)], check=True,
                       cwd=ROOT, env={"PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg",
                                      "PATH": "/usr/bin:/bin"})
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def warm() -> tuple[float, float]:
    sys.path.insert(0, str(ROOT))
    from homestaging.drawing import figure_bytes
    from homestaging.printing import projects_pdf
    from homestaging.projectreader import find_project
    from homestaging.render import plan_figure
    from homestaging.scoring import score
    from homestaging.sheetreader import read_sheet

    sheet = read_sheet(ROOT / "examples" / "tutorial-finished.json")
    figure_bytes(plan_figure(sheet, score(sheet)), "png")
    start = time.perf_counter()
    figure_bytes(plan_figure(sheet, score(sheet)), "png")
    plan = time.perf_counter() - start
    project = find_project("tutorial")
    projects_pdf([project])
    start = time.perf_counter()
    projects_pdf([project])
    return plan, time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = cold(BASELINE, Path(folder) / "baseline.png")
        render = cold(RENDER, Path(folder) / "plan.png")
    print(f"cold baseline (import matplotlib + save a comparable PNG): {base * 1000:.0f} ms")
    print(f"cold render (read + score + annotated plan PNG):           {render * 1000:.0f} ms")
    print(f"ratio: {render / base:.2f}x (target at most 1.5x)")
    plan, pdf = warm()
    print(f"warm: plan PNG {plan * 1000:.0f} ms; "
          f"project page + drawing sheet PDF {pdf * 1000:.0f} ms")


if __name__ == "__main__":
    main()
