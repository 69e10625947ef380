"""Benchmark of check and score (run as a script: ``python bench/bench_score.py``).

Everything is timed in alternating pairs beside a baseline of the same run
(``bench/timing.py``); the ratios are medians of the pairs' own ratios.

1. Cold commands, each a fresh interpreter beside ``python -c "import click, yaml,
   json, networkx"`` (the libraries they need: networkx decides access; the bundled
   data's cache in a folder of the run's own, filled by the warm-up round): ``score``
   and ``check`` of ``examples/tutorial-finished.json``, ``check`` of the tutorial
   mid-game and ``place`` of a piece on it. Target: at most 1.3x.
2. In-process, per sheet: ``scoring.score`` (the rule check included) of every example
   sheet, of the finished 24 x 32 sheet of ``bench_scale.py`` and of the synthetic
   24 x 32 sheet built here (five rooms on a central hallway, 25 pieces, bonuses of every
   kind); and ``scoring.check_sheet`` (what ``check`` reports) of the same, and the two
   one after the other; each on a fresh copy of the sheet (nothing worked out kept: a
   sheet keeps its layout, access and score card for the next to ask). The median over
   the sheets of each sheet's median. Target: check + score at most 1.5 ms.
3. Each extra sheet of one ``score A.json B.json ...`` command, all told (read, check,
   score, the ranking printed), in the command's own text and again with ``--format
   json`` (the standard library's indenting JSON encoder, written in Python, costs
   about 0.2 ms a sheet more): the command with every example sheet repeated to
   ``--sheets`` sheets beside the same command with one sheet, in alternating pairs; the
   difference divided by the extra sheets (each sheet's cost and the first-time costs of
   the 13 projects, the game records...). Then the example sheets twice beside once (the
   same sheets with every first-time cost paid: the steady state), and the finished
   tutorial ``--sheets`` times beside once (one small sheet again and again), and each
   example sheet ``--sheets // 2`` times beside once, the median over the sheets (as
   part 2 takes the median over the sheets). Target: at most 2 ms. With ``--against
   CHECKOUT``, also each sheet of the same command in-process (start-up aside), that
   checkout's code and this code alternating in one process: the fairest comparison on
   a busy machine. Then the sheets of a user's own project file (``tests/cases/scoring``,
   which name ``projects/den-*.yaml``), ``--sheets`` of them beside the first alone: each
   project file is read once per command. Target: at most 2 ms.
4. Peak memory (max RSS) of ``score`` on the 200 x 200 sheets of ``bench_scale.py``
   (the legal one, 25 pieces; the packed one, 25,335 pieces) beside the bare
   interpreter (``python -c pass``). Target: at most 3x for the legal sheet.
5. With ``--only instructions`` (not in the default run; needs valgrind): the cold
   commands' instructions under callgrind beside the baseline's, each run once. Slow,
   but the ratio is the same on a busy machine as on a quiet one, where the times of
   part 1 are not. Then each extra sheet of part 3's commands in instructions (the
   median row's with each sheet ``--sheets // 4`` times), to compare two checkouts by.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import timing  # noqa: E402
from bench_scale import write_case  # noqa: E402

from homestaging.core.catalog import Card  # noqa: E402
from homestaging.core.grid import Cell, Edge, parse_cells  # noqa: E402
from homestaging.core.pieces import Placement  # noqa: E402
from homestaging.core.project import Bonus, CardSlot, Feature, Project, RoomSpec  # noqa: E402
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet  # noqa: E402
from homestaging.formats.catalogreader import bundled_catalog  # noqa: E402
from homestaging.formats.sheetreader import read_sheet  # noqa: E402
from homestaging.scoring.card import check_sheet, score  # noqa: E402

EXAMPLES = ROOT / "examples"
FINISHED = EXAMPLES / "tutorial-finished.json"
MIDGAME = EXAMPLES / "tutorial-midgame.json"
FORMS = ("text", "json")
"""The outputs of part 3's commands: the command's own, then ``--format json``."""


def _cells(*ranges: str) -> frozenset[Cell]:
    return frozenset(c for r in ranges for c in parse_cells(r))


def synthetic_sheet() -> Sheet:
    """A finished 24 x 32 plan: hallway in column L, three rooms west, two rooms east."""
    base = bundled_catalog()
    catalog = base.extended([], [Card(90, "a", ("sofa", "table-2")),
                                 Card(90, "b", ("sofa", "table-2"))])
    # (name, squares, door, anchor x of the band, band rows)
    layout = [
        ("West 1", "B2:K11", Edge((10, 2), "e"), 1, (1,)),
        ("West 2", "B12:K21", Edge((10, 12), "e"), 1, (11,)),
        ("West 3", "B22:K31", Edge((10, 22), "e"), 1, (21,)),
        ("East 1", "M2:W16", Edge((12, 2), "w"), 12, (1,)),
        ("East 2", "M17:W31", Edge((12, 17), "w"), 12, (16,)),
    ]
    bonuses = (
        Bonus("+3 if West 1 looks onto the tree", 3, when={"view": {"room": "West 1",
                                                                    "feature": "tree"}}),
        Bonus("+2 if East 2's door is at most 20 from the front door", 2,
              when={"distance": {"from": "front_door", "to": {"door": "East 2"}, "max": 20}}),
        Bonus("+1 per sofa next to a window, at most 3", 1,
              per={"piece": {"tag": "sofa"}, "next_to": "window"}, max=3),
        Bonus("+2 if two tables touch a sofa", 2,
              when={"count": {"piece": {"tag": "table"}, "next_to": {"piece": {"tag": "sofa"}},
                              "at_least": 2}}),
        Bonus("+2 if East 1 has at least 100 squares and a sofa touches a table", 2,
              when={"all": [{"room_size": {"room": "East 1", "at_least": 100}},
                            {"adjacent": {"a": {"piece": {"tag": "sofa"}},
                                          "b": {"piece": {"tag": "table"}}}}]}),
        Bonus("+1 if the lake is at least 5 from East 1", 1,
              when={"distance": {"from": {"room": "East 1"}, "to": {"feature": "lake"},
                                 "min": 5}}),
    )
    project = Project(
        id="bench", name="Bench", width=24, height=32, house=_cells("B2:W31"),
        rooms=tuple(RoomSpec(name, "living", (CardSlot(90, 5),)) for name, *_ in layout),
        catalog=catalog,
        features=(Feature("tree", _cells("A5")), Feature("lake", _cells("X10:X14")),
                  Feature("road", _cells("A32:X32"))),
        bonuses=bonuses,
    )
    sofa, table = catalog.piece("sofa"), catalog.piece("table-2")
    pieces: list[DrawnPiece] = []
    for _, _, _, x0, bands in layout:
        for y in bands:
            row = [(sofa, x0), (sofa, x0 + 3), (table, x0 + 6), (table, x0 + 8)]
            for piece, x in row:
                pieces.append(DrawnPiece(Placement(piece, (x, y)), f"pieces[{len(pieces)}]",
                                         f"$.pieces[{len(pieces)}]"))
            pieces.append(DrawnPiece(Placement(sofa, (x0, y + 2), 180), f"pieces[{len(pieces)}]",
                                     f"$.pieces[{len(pieces)}]"))
    rooms = tuple(RoomPlan(name, _cells(squares), (door,), f"$.rooms[{i}]")
                  for i, (name, squares, door, _, _) in enumerate(layout))
    return Sheet(project=project, rooms=rooms, pieces=tuple(pieces),
                 front_doors=(Edge((11, 30), "s"),),
                 windows=(Edge((1, 4), "w"), Edge((1, 1), "n"), Edge((22, 11), "e")),
                 player="bench", source="bench.json")


def example_sheets() -> list[Path]:
    """Every example sheet (the four players' game included), records aside."""
    found = [*EXAMPLES.glob("*.json"), *EXAMPLES.glob("*/*.json")]
    return sorted(p for p in found if not p.name.endswith(".expected.json")
                  and _is_sheet(p))


def _is_sheet(path: Path) -> bool:
    return '"homestaging-sheet/1"' in path.read_text()[:200]


COLD = {
    f"score {FINISHED.relative_to(ROOT)}": timing.command("score", str(FINISHED)),
    f"check {FINISHED.relative_to(ROOT)}": timing.command("check", str(FINISHED)),
    f"check {MIDGAME.relative_to(ROOT)}": timing.command("check", str(MIDGAME)),
    f"place {MIDGAME.relative_to(ROOT)} sofa": timing.command("place", str(MIDGAME), "sofa"),
}
"""The cold commands, by name."""

FLOOR = (timing.PYTHON, "-c", "import click, yaml, json, networkx")
"""The cold commands' floor: the interpreter and the libraries they need."""


def cold(rounds: int) -> list[tuple[str, str, str, str]]:
    """The commands beside the baseline, in alternating pairs."""
    rows = []
    commands = COLD
    # the bundled data's cache in a folder of this run's own (filled by the warm-up
    # round): the shared one keeps a few versions of each entry, and other checkouts
    # running meanwhile could push this one's out and make a round build it again
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "HOMESTAGING_CACHE_DIR": folder}
        timed = {name: timing.pairs(list(FLOOR), command, rounds, env=env)
                 for name, command in commands.items()}
    for name, found in timed.items():
        ratio = found.ratio()
        rows.append((f"cold {name}", f"{found.median(1) * 1e3:.0f} ms",
                     f"{ratio:.2f}x {FLOOR[2]} ({found.median(0) * 1e3:.0f} ms)",
                     timing.verdict(ratio, 1.3)))
    return rows


def cold_instructions(count: int) -> list[tuple[str, str, str, str]]:
    """The cold commands' instructions (callgrind) beside the baseline's: a ratio that
    the machine's load does not disturb (each command run once, after a run that fills
    the data's cache). Then each extra sheet of part 3's ``score`` commands, in
    instructions (no target: a count to compare checkouts by, which no load sways)."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "HOMESTAGING_CACHE_DIR": folder}
        base = timing.instructions(FLOOR, env=env)
        for name, command in COLD.items():
            subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
            found = timing.instructions(command, env=env)
            ratio = found / base
            rows.append((f"cold {name}, instructions", f"{found / 1e6:.0f} M",
                         f"{ratio:.2f}x {FLOOR[2]} ({base / 1e6:.0f} M)",
                         timing.verdict(ratio, 1.3)))
        for what, fewer, more in _extra_commands(count):
            subprocess.run(timing.command("score", *more), cwd=ROOT, env=env,
                           capture_output=True, check=False)  # every project's cache filled
            for form in FORMS:
                one = timing.instructions(timing.command("score", *fewer, "--format", form),
                                          env=env)
                many = timing.instructions(timing.command("score", *more, "--format", form),
                                           env=env)
                rows.append((f"each extra sheet of one score command ({what}, {form}), "
                             "instructions",
                             f"{(many - one) / (len(more) - len(fewer)) / 1e6:.2f} M",
                             f"{_sheets(fewer)} {one / 1e6:.0f} M, {_sheets(more)} "
                             f"{many / 1e6:.0f} M", ""))
        rows.append(_extra_median_instructions(count // 4, env))
    return rows


def _extra_median_instructions(count: int, env: dict[str, str]) -> tuple[str, str, str, str]:
    """Part 3's median row in instructions: each example sheet ``count`` times beside
    once, the median over the sheets of each one's extra instructions."""
    per: dict[str, float] = {}
    for path in example_sheets():
        one = timing.instructions(timing.command("score", str(path)), env=env)
        many = timing.instructions(timing.command("score", *[str(path)] * count), env=env)
        per[path.name] = (many - one) / (count - 1)
    median = statistics.median(per.values())
    worst = max(per, key=lambda n: per[n])
    return (f"each extra sheet of one score command, median over the {len(per)} example "
            f"sheets (each {count} times beside once, text), instructions",
            f"{median / 1e6:.2f} M", f"slowest {worst} {per[worst] / 1e6:.2f} M", "")


def in_process(sheets: dict[str, Sheet], runs: int) -> list[tuple[str, str, str, str]]:
    """Median over the sheets of each one's median time (score, then check_sheet, then
    both, each on a fresh copy of the sheet: a sheet keeps what was worked out from it,
    so that check and score of one sheet share it)."""
    scores: dict[str, float] = {}
    checks: dict[str, float] = {}
    both: dict[str, float] = {}

    def check_and_score(sheet: Sheet) -> None:
        fresh = replace(sheet)
        check_sheet(fresh)
        score(fresh, end_of_game=True)

    for name, sheet in sheets.items():
        found = timing.pairs(lambda s=sheet: score(replace(s), end_of_game=True),
                             lambda s=sheet: check_sheet(replace(s)), runs, warmup=3)
        scores[name], checks[name] = found.median(0), found.median(1)
        again = timing.pairs(lambda s=sheet: check_and_score(s),
                             lambda s=sheet: check_and_score(s), runs // 2, warmup=3)
        both[name] = statistics.median([*again.seconds[0], *again.seconds[1]])
    rows = []
    for what, times, target in (("score (check included)", scores, None),
                                ("check_sheet", checks, None),
                                ("check + score of a fresh copy", both, 1.5)):
        median = statistics.median(times.values()) * 1e3
        worst = max(times, key=lambda n: times[n])
        rows.append((f"in-process {what}, median over {len(times)} sheets", f"{median:.2f} ms",
                     f"slowest {worst} {times[worst] * 1e3:.2f} ms",
                     timing.verdict(median, target) if target else ""))
    return rows


def extra_sheets(count: int, rounds: int) -> list[tuple[str, str, str, str]]:
    """Per extra sheet of one ``score`` command, all told, in three ways:

    * the example sheets in turn, ``count`` of them beside the first alone: every extra
      sheet's own cost and the first-time costs of what it is the first to need (13
      projects, game records, the explanations of what blocks a room);
    * the example sheets twice beside once: each sheet's cost once every first-time cost
      is paid (the steady state of a long command over varied sheets);
    * the finished tutorial ``count`` times beside once: one small sheet again and again;
    * each example sheet ``count // 2`` times beside once: the median over the sheets.
    """
    rows = []
    # the bundled data's cache in a folder of this run's own, as for the cold commands
    # (filled by each pair's warm-up round): other checkouts running meanwhile could
    # push this one's entries out of the shared one, and a round would build them again
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "HOMESTAGING_CACHE_DIR": folder}
        for form in FORMS:
            for what, fewer, more in _extra_commands(count):
                pair = timing.pairs(timing.command("score", *fewer, "--format", form),
                                    timing.command("score", *more, "--format", form),
                                    rounds, env=env)
                extra = len(more) - len(fewer)
                per = statistics.median(
                    b - a for a, b in zip(*pair.seconds, strict=True)) / extra
                rows.append((f"each extra sheet of one score command ({what}, {form})",
                             f"{per * 1e3:.2f} ms", f"{_sheets(fewer)} "
                             f"{pair.median(0) * 1e3:.0f} ms, {_sheets(more)} "
                             f"{pair.median(1) * 1e3:.0f} ms", timing.verdict(per * 1e3, 2.0)))
            rows.append(_extra_own_project(count, rounds, env, form))
        rows.append(_extra_median(count // 2, max(5, rounds // 3), env))
    return rows


def _extra_own_project(count: int, rounds: int, env: dict[str, str], form: str
                       ) -> tuple[str, str, str, str]:
    """The case sheets of a user's own project file (``projects/den-*.yaml``), ``count``
    of them beside the first alone: each project file read once per command."""
    cases = ROOT / "tests" / "cases" / "scoring"
    own = [str(p) for p in sorted(cases.glob("*.json")) if not p.name.endswith(".expected.json")
           and '"projects/' in p.read_text()]
    more = [own[i % len(own)] for i in range(count)]
    pair = timing.pairs(timing.command("score", *more[:1], "--format", form),
                        timing.command("score", *more, "--format", form), rounds, env=env)
    per = statistics.median(b - a for a, b in zip(*pair.seconds, strict=True)) / (count - 1)
    return (f"each extra sheet of one score command ({count} sheets of {len(own)} case "
            f"files naming their own project file, {form})", f"{per * 1e3:.2f} ms",
            f"1 sheet {pair.median(0) * 1e3:.0f} ms, {_sheets(more)} "
            f"{pair.median(1) * 1e3:.0f} ms", timing.verdict(per * 1e3, 2.0))


def _extra_median(count: int, rounds: int, env: dict[str, str]) -> tuple[str, str, str, str]:
    """Each example sheet ``count`` times beside once (every first-time cost paid by the
    first): the median over the sheets of each one's extra cost, the slowest named."""
    per: dict[str, float] = {}
    for path in example_sheets():
        pair = timing.pairs(timing.command("score", str(path)),
                            timing.command("score", *[str(path)] * count), rounds, env=env)
        per[path.name] = statistics.median(
            b - a for a, b in zip(*pair.seconds, strict=True)) / (count - 1)
    median = statistics.median(per.values()) * 1e3
    worst = max(per, key=lambda n: per[n])
    return (f"each extra sheet of one score command, median over the {len(per)} example "
            f"sheets (each {count} times beside once, text)", f"{median:.2f} ms",
            f"slowest {worst} {per[worst] * 1e3:.2f} ms", timing.verdict(median, 2.0))


def _extra_commands(count: int) -> list[tuple[str, list[str], list[str]]]:
    """The sheets of part 3's commands, each pair's fewer and more: the example sheets in
    turn, ``count`` of them beside the first; the example sheets twice beside once; the
    finished tutorial ``count`` times beside once."""
    found = [str(path) for path in example_sheets()]
    mixed = [found[i % len(found)] for i in range(count)]
    return [(f"{count} example sheets", mixed[:1], mixed),
            (f"the {len(found)} example sheets twice beside once, steady state", found,
             found * 2),
            (f"{count} {FINISHED.name}", [str(FINISHED)], [str(FINISHED)] * count)]


def _sheets(paths: list[str]) -> str:
    return f"{len(paths)} sheet{'s' * (len(paths) > 1)}"


def against(checkout: Path, folder: Path, count: int, rounds: int
            ) -> list[tuple[str, str, str, str]]:
    """Each sheet of one ``score`` command, all told but start-up, by another checkout's
    code (its package copied here under another name, beside its data) and by this
    code, in one process: the two alternate ``rounds`` times over ``count`` sheets, and
    the ratio is the median of the rounds' own ratios. In-process, a busy machine weighs
    on both alike; the results are checked equal first."""
    import importlib
    import shutil
    from dataclasses import replace as replaced

    copy = folder / "against"
    shutil.copytree(checkout / "homestaging", copy / "hsagainst")
    for data in ("furniture", "projects"):
        (copy / data).symlink_to(checkout / data)
    sys.path.insert(0, str(copy))

    def runner(package: str) -> Callable[[list[str]], str]:
        tools = importlib.import_module(f"{package}.cli.common")
        scoring = importlib.import_module(f"{package}.scoring.card")
        report = importlib.import_module(f"{package}.text.report")
        output = importlib.import_module(f"{package}.formats.output")

        def run(paths: list[str]) -> str:
            cards = [replaced(scoring.score(tools.read_sheet_argument(p), end_of_game=True),
                              source=p) for p in paths]
            return str(output.dumps_json(report.ranking_json(cards)))

        return run

    other, this = runner("hsagainst"), runner("homestaging")
    found = example_sheets()
    rows = []
    for what, many in ((FINISHED.name, [str(FINISHED)] * count),
                       ("example sheets", [str(found[i % len(found)]) for i in range(count)])):
        if other(many) != this(many):
            raise SystemExit(f"the two checkouts answer differently for the {what}")
        pair = timing.pairs(lambda m=many: other(m), lambda m=many: this(m), rounds)
        rows.append((f"each sheet of one score command, in-process ({count} {what})",
                     f"{pair.median(1) / count * 1e3:.2f} ms",
                     f"{pair.ratio():.2f}x {checkout} ({pair.median(0) / count * 1e3:.2f} ms)",
                     ""))
    return rows


def memory(folder: Path) -> list[tuple[str, str, str, str]]:
    bare = timing.peak_rss([timing.PYTHON, "-c", "pass"])
    rows = []
    for dense in (False, True):
        path = write_case(folder, 200, 200, dense)
        peak = timing.peak_rss(timing.command("score", str(path)))
        ratio = peak / bare
        rows.append((f"peak memory, score of the {'packed' if dense else 'legal'} 200 x 200 "
                     "sheet", f"{peak / 2**20:.1f} MB",
                     f"{ratio:.2f}x python -c pass ({bare / 2**20:.1f} MB)",
                     timing.verdict(ratio, 3.0) if not dense else ""))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21, help="pairs per cold command")
    parser.add_argument("--runs", type=int, default=200, help="pairs per sheet in-process")
    parser.add_argument("--sheets", type=int, default=40, help="sheets of the long command")
    parser.add_argument("--only", choices=("cold", "inprocess", "extra", "memory",
                                           "instructions"),
                        help="one part; 'instructions' (not in the default run) counts the "
                        "cold commands' instructions under valgrind, and an extra sheet's")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="with --only extra: also each sheet in-process, another "
                        "checkout's code beside this one in alternating rounds")
    args = parser.parse_args()
    timing.compiled()
    rows: list[tuple[str, str, str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.only in (None, "cold"):
            rows += cold(args.rounds)
        if args.only == "instructions":
            rows += cold_instructions(args.sheets)
        if args.only in (None, "inprocess"):
            sheets = {p.relative_to(EXAMPLES).as_posix(): read_sheet(p)
                      for p in example_sheets()}
            sheets["bench_scale 24 x 32"] = read_sheet(write_case(folder, 24, 32, False))
            sheets["synthetic 24 x 32"] = synthetic_sheet()
            rows += in_process(sheets, args.runs)
        if args.only in (None, "extra"):
            rows += extra_sheets(args.sheets, max(5, args.rounds // 2))
            if args.against is not None:
                rows += against(args.against.resolve(), folder, args.sheets, args.rounds * 2)
        if args.only in (None, "memory"):
            rows += memory(folder)
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(f"{value:<{widths[i]}}" if i != 1 else f"{value:>{widths[i]}}"
                        for i, value in enumerate(row)).rstrip())
    print(timing.load())


if __name__ == "__main__":
    main()
