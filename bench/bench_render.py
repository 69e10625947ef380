"""Benchmark of rendering (run as a script: ``python bench/bench_render.py``).

Cold runs, each in a fresh interpreter, timed in alternating pairs beside a baseline of
the same run (``bench/timing.py``); each ratio is the median of the pairs' ratios:

1. render: read ``examples/tutorial-finished.json``, score it and write the annotated
   plan to PNG at 150 dpi (``homestaging.draw.render.save_plan``), beside ``import
   matplotlib`` and saving one comparable figure (the same size, a grid of lines, 200
   patches and 100 texts) to PNG with the Agg canvas, no pyplot. Target: at most 1.5x.
2. ``print tutorial -o FILE.pdf`` (the project's page and a blank drawing sheet) and
   ``print --all -o FILE.pdf`` (the book), each beside ``python -c "import matplotlib,
   matplotlib.pyplot"``. Targets: at most 1.8x and 6x, matplotlib used through its
   public interface only.

Also prints the in-process time of one more render once everything is imported, and
of a project page + drawing sheet PDF.

Then plans at scale, in-process: the legal sheets of ``bench_scale.py`` (a house
filling the sheet, five rooms, 25 pieces) of 50 x 50, 100 x 100 and 200 x 200 squares,
each drawn as a PNG plan (``plan_figure`` + ``figure_bytes`` at 150 dpi), beside a
baseline measured in alternating pairs: the same sheet's bare house (``draw_house``,
the grid, coordinates and walls every plan of it draws) saved the same way. The time
spent placing labels (``labels.Labeller``) is measured apart; it grows with the squares
and the labels, not with their product.

Usage: ``python bench/bench_render.py [--scale-only | --no-scale] [--repeat N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402

ENV = {"PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"}
PYPLOT = (timing.PYTHON, "-c", "import matplotlib, matplotlib.pyplot")
"""The baseline of ``print``: importing matplotlib and pyplot."""

RENDER = """
import sys
from homestaging.formats.sheetreader import read_sheet
from homestaging.scoring.card import score
from homestaging.draw.render import save_plan
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


def _script(script: str, output: Path) -> list[str]:
    example = ROOT / "examples" / "tutorial-finished.json"
    return [timing.PYTHON, "-c", script, str(example), str(output)]


def cold(folder: Path, rounds: int) -> list[tuple[str, str, str, str]]:
    """The render beside its baseline, then ``print`` beside importing pyplot."""
    rows = []
    env = {**ENV, "HOMESTAGING_CACHE_DIR": str(folder / "cache")}
    found = timing.pairs(_script(BASELINE, folder / "baseline.png"),
                         _script(RENDER, folder / "plan.png"), rounds, env=env)
    rows.append(("cold render (read + score + annotated plan PNG)",
                 f"{found.median(1) * 1e3:.0f} ms",
                 f"{found.ratio():.2f}x import matplotlib + a comparable PNG "
                 f"({found.median(0) * 1e3:.0f} ms)", timing.verdict(found.ratio(), 1.5)))
    for args, target in ((("tutorial",), 1.8), (("--all",), 6.0)):
        output = ("print", *args, "-o", str(folder / "print.pdf"))
        found = timing.pairs(list(PYPLOT), timing.command(*output), rounds, env=env)
        rows.append((f"cold print {' '.join(args)} -o FILE.pdf",
                     f"{found.median(1) * 1e3:.0f} ms",
                     f"{found.ratio():.2f}x import matplotlib, matplotlib.pyplot "
                     f"({found.median(0) * 1e3:.0f} ms)", timing.verdict(found.ratio(), target)))
    return rows


def warm() -> tuple[float, float]:
    sys.path.insert(0, str(ROOT))
    from homestaging.draw.drawing import figure_bytes
    from homestaging.draw.printing import projects_pdf
    from homestaging.draw.render import plan_figure
    from homestaging.formats.projectreader import find_project
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import score

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


SCALE_SIZES = (50, 100, 200)


class _LabelClock:
    """Time spent in the label placer's methods (wrapped while measuring)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def wrap(self) -> list[tuple[type, str, object]]:
        from homestaging.draw.labels import Labeller

        saved = []
        for name in ("badge", "in_shape", "in_area", "anywhere"):
            method = getattr(Labeller, name)
            saved.append((Labeller, name, method))

            def timed(*args: object, _method: object = method, **kwargs: object) -> object:
                start = time.perf_counter()
                try:
                    return _method(*args, **kwargs)  # type: ignore[operator]
                finally:
                    self.seconds += time.perf_counter() - start

            setattr(Labeller, name, timed)
        return saved


def scale(repeat: int) -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_scale
    from matplotlib.figure import Figure

    from homestaging.draw.drawing import figure_bytes
    from homestaging.draw.house import draw_house
    from homestaging.draw.render import plan_figure, plan_square_inches
    from homestaging.formats.sheetreader import read_sheet
    from homestaging.scoring.card import score

    clock = _LabelClock()
    saved = clock.wrap()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for size in SCALE_SIZES:
            path = bench_scale.write_case(Path(folder), size, size, False)
            sheet = read_sheet(path)
            card = score(sheet)
            square = plan_square_inches(sheet)

            def house(sheet: object = sheet, square: float = square) -> int:
                project = sheet.project  # type: ignore[attr-defined]
                fig = Figure(figsize=((project.width + 1.3) * square + 3.3,
                                      (project.height + 1.3) * square))
                ax = fig.add_axes((0, 0, (project.width + 1.3) * square / fig.get_figwidth(), 1))
                draw_house(ax, project)
                return len(figure_bytes(fig, "png", dpi=150))

            def plan(sheet: object = sheet, card: object = card) -> int:
                return len(figure_bytes(plan_figure(sheet, card), "png", dpi=150))  # type: ignore

            labels: list[float] = []

            def labelled(plan: object = plan, labels: list[float] = labels) -> None:
                clock.seconds = 0.0
                plan()  # type: ignore[operator]
                labels.append(clock.seconds)

            found = timing.pairs(house, labelled, repeat, warmup=0)
            rows.append((size, len(sheet.pieces), found.median(0), found.median(1),
                         found.ratio(), statistics.median(labels)))
    for cls, name, method in saved:
        setattr(cls, name, method)
    print("\nplans at scale (PNG at 150 dpi, in-process, median of "
          f"{repeat} alternating pairs):")
    print("sheet | pieces | bare house s | plan s | ratio | of which labels s")
    for size, pieces, base, full, ratio, label in rows:
        print(f"{size} x {size} | {pieces} | {base:.2f} | {full:.2f} | {ratio:.2f}x | "
              f"{label:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale-only", action="store_true", help="only the plans at scale")
    parser.add_argument("--repeat", type=int, default=3, help="pairs per size at scale")
    parser.add_argument("--rounds", type=int, default=7, help="pairs per cold command")
    parser.add_argument("--no-scale", action="store_true", help="leave out the plans at scale")
    args = parser.parse_args()
    if not args.scale_only:
        timing.compiled()
        with tempfile.TemporaryDirectory() as folder:
            rows = cold(Path(folder), args.rounds)
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        for row in rows:
            print("  ".join(f"{value:<{widths[i]}}" if i != 1 else f"{value:>{widths[i]}}"
                            for i, value in enumerate(row)).rstrip())
        print(timing.load())
        plan, pdf = warm()
        print(f"warm: plan PNG {plan * 1000:.0f} ms; "
              f"project page + drawing sheet PDF {pdf * 1000:.0f} ms")
    if not args.no_scale:
        scale(args.repeat)


if __name__ == "__main__":
    main()
