"""Snapshot every output of the command line, to prove a refactoring changes none of them.

Runs each command (in-process, through click's test runner, plus a few real processes)
on every example sheet, every sheet of ``tests/cases`` and ``tests/sheets``, every
bundled project and every project file of the tests, and stores for each run its
standard output, standard error, exit code and the files it wrote::

    python tests/tools/snapshot_outputs.py run /tmp/before
    ... change the code ...
    python tests/tools/snapshot_outputs.py run /tmp/after
    python tests/tools/snapshot_outputs.py compare /tmp/before /tmp/after

The commands run in a work folder of their own (``--work DIR``; by default one per
checkout, ``/tmp/homestaging-snapshot-<hash of the checkout's path>``), emptied first, so
snapshots of two checkouts taken at the same time do not collide. Messages name the
sheets by their path from the work folder: compare snapshots taken with the same one.

``compare`` checks the two folders byte for byte (PNG, SVG and PDF included: they are
deterministic) and exits 1 on any difference. The runs only use the command line, never
library names, so the same script serves before and after the code moves.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: commands run with this folder as the working directory, so messages name it the same way
#: (one per checkout by default; ``run --work DIR`` chooses another)
WORK = Path("/tmp") / f"homestaging-snapshot-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class Run:
    """One command: a unique name, its arguments, standard input, files it writes."""

    name: str
    args: tuple[str, ...]
    stdin: bytes | None = None
    writes: tuple[str, ...] = ()
    process: bool = False  # a real ``python -m homestaging`` process


def _runner() -> Any:
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


def _cli_json(args: Sequence[str]) -> Any:
    from homestaging.cli.root import main

    result = _runner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.stderr)
    return json.loads(result.stdout)


def _rel(path: Path) -> str:
    return os.path.relpath(path, WORK)


def _slug(path: Path) -> str:
    return str(path.relative_to(ROOT)).replace("/", "__").removesuffix(".json")


def _sheets() -> list[Path]:
    found = [p for p in sorted((ROOT / "examples").glob("*.json"))]
    for folder in ("tests/cases/rules", "tests/cases/scoring", "tests/sheets"):
        found += sorted((ROOT / folder).glob("*.json"))
    return [p for p in found if not p.name.endswith(".expected.json")]


def _project_files() -> list[Path]:
    return sorted((ROOT / "tests" / "cases" / "scoring" / "projects").glob("*.yaml"))


def _placing(sheet: Path, pages: dict[str, Any]) -> tuple[str, int, str] | None:
    """(room, card number, piece id) to try ``place`` with, from the sheet's project."""
    data = json.loads(sheet.read_text())
    ref = data.get("project")
    if not isinstance(ref, str):
        return None
    beside = sheet.parent / ref
    key = str(beside.resolve()) if beside.is_file() else ref
    if key not in pages:
        try:
            pages[key] = _cli_json(["projects", "show", key, "--format", "json"])
        except AssertionError:
            pages[key] = None
    page = pages[key]
    if not page or not page["rooms"]:
        return None
    rooms = {room["name"]: room for room in page["rooms"]}
    name = data.get("current_room") if data.get("current_room") in rooms else None
    room = rooms[name] if name else page["rooms"][0]
    card = room["cards"][0]
    return room["name"], card["number"], card["options"][0]


def _sheet_runs(sheet: Path, pages: dict[str, Any]) -> Iterator[Run]:
    path, slug = _rel(sheet), _slug(sheet)
    for judge in ((), ("--final",), ("--mid-game",)):
        for fmt in ("text", "json"):
            tag = "-".join(("check", *(j.strip("-") for j in judge), fmt))
            yield Run(f"{slug}/{tag}", ("check", path, *judge, "--format", fmt))
    for lenient in ((), ("--lenient-access",)):
        for fmt in ("text", "json"):
            tag = "-".join(("score", *(j.strip("-") for j in lenient), fmt))
            yield Run(f"{slug}/{tag}", ("score", path, *lenient, "--format", fmt))
    for form in ("grid", "pieces"):
        yield Run(f"{slug}/convert-{form}", ("convert", path, "--to", form))
    yield Run(f"{slug}/convert-grid-o", ("convert", path, "--to", "grid", "-o", "out.json"),
              writes=("out.json",))
    for ext in ("png", "svg", "pdf"):
        yield Run(f"{slug}/render-{ext}", ("render", path, "-o", f"plan.{ext}"),
                  writes=(f"plan.{ext}",))
    if sheet.parent.name == "examples":
        yield Run(f"{slug}/render-no-routes", ("render", path, "--no-routes", "-o", "plan.png"),
                  writes=("plan.png",))
        yield Run(f"{slug}/render-lenient", ("render", path, "--lenient-access", "-o",
                                             "plan.svg"), writes=("plan.svg",))
    chosen = _placing(sheet, pages)
    if chosen is None:
        yield Run(f"{slug}/place-sofa", ("place", path, "sofa"))
        return
    room, card, piece = chosen
    yield Run(f"{slug}/place-piece", ("place", path, piece))
    yield Run(f"{slug}/place-piece-json", ("place", path, piece, "--format", "json", "--top", "0"))
    yield Run(f"{slug}/place-room", ("place", path, piece, "--room", room, "--top", "3"))
    yield Run(f"{slug}/place-mirror", ("place", path, piece, "--mirror", "--top", "5"))
    yield Run(f"{slug}/place-card", ("place", path, "--card", str(card)))
    yield Run(f"{slug}/place-card-json", ("place", path, "--card", str(card), "--format", "json"))
    yield Run(f"{slug}/place-card-piece", ("place", path, piece, "--card", str(card)))
    yield Run(f"{slug}/place-o", ("place", path, piece, "--top", "3", "-o", "ghosts.png"),
              writes=("ghosts.png",))
    if sheet.parent.name == "examples":
        yield Run(f"{slug}/place-card-o", ("place", path, "--card", str(card), "-o", "card.svg"),
                  writes=("card.svg",))
        yield Run(f"{slug}/place-o-pdf", ("place", path, piece, "--top", "1", "-o", "one.pdf"),
                  writes=("one.pdf",))


def _bad_inputs() -> dict[str, str]:
    """Broken files written into the work folder, by name."""
    tutorial_rows = ["." * 16] * 12
    return {
        "empty.json": "",
        "not-json.json": '{"format": "homestaging-sheet/1",\n  "project": tutorial}\n',
        "schema.json": json.dumps({"format": "homestaging-sheet/1", "project": "tutorial",
                                   "rooms": [{"name": 3}], "windows": [["C5", "x"]],
                                   "extra": 1}),
        "unknown-project.json": json.dumps({"format": "homestaging-sheet/1",
                                            "project": "no-such-project"}),
        "bad-grid.json": json.dumps({"format": "homestaging-sheet/1", "project": "tutorial",
                                     "rooms": [{"name": "Kitchen"}],
                                     "furniture_grid": [*tutorial_rows[:11], "....QQ"],
                                     "furniture_legend": {"Q": "no-such-piece"}}),
        "bad-project.yaml": "id: broken\nname: Broken\nsheet: {width: 0, height: 4}\n"
                            "house: [B2:Z99]\nrooms: []\nbonuses: [{text: x}]\n",
        "not-yaml.yaml": "id: [unclosed\n",
        "dup-key.yaml": "id: a\nid: b\n",
    }


def runs() -> list[Run]:
    """Every run, in a fixed order."""
    found: list[Run] = [
        Run("help/root", ("--help",)),
        Run("help/version", ("--version",)),
        Run("help/no-args", ()),
        Run("help/unknown", ("frobnicate",)),
    ]
    groups = {"furniture": ("list", "show", "sheet"), "cards": ("show",),
              "projects": ("list", "show", "validate")}
    for command in ("check", "score", "convert", "edit", "place", "render", "print", "scan"):
        found.append(Run(f"help/{command}", (command, "--help")))
    for group, commands in groups.items():
        found.append(Run(f"help/{group}", (group, "--help")))
        found += [Run(f"help/{group}-{c}", (group, c, "--help")) for c in commands]
    found.append(Run("process/help", ("--help",), process=True))
    found.append(Run("process/check-help", ("check", "--help"), process=True))

    pages: dict[str, Any] = {}
    for sheet in _sheets():
        found += _sheet_runs(sheet, pages)

    examples = sorted((ROOT / "examples").glob("*-finished.json"))
    found.append(Run("ranking/finished-text", ("score", *map(_rel, examples))))
    found.append(Run("ranking/finished-json", ("score", *map(_rel, examples), "--format",
                                               "json")))
    tutorial = ROOT / "examples" / "tutorial-finished.json"
    mixed = [tutorial, ROOT / "examples" / "mistakes.json", ROOT / "examples" /
             "tutorial-first-game.json", ROOT / "examples" / "tutorial-midgame.json"]
    found.append(Run("ranking/mixed-text", ("score", *map(_rel, mixed))))
    found.append(Run("ranking/mixed-json", ("score", *map(_rel, mixed), "--format", "json")))
    found.append(Run("ranking/same-twice", ("score", _rel(tutorial), _rel(tutorial))))
    midgame = (ROOT / "examples" / "tutorial-midgame.json").read_bytes()
    found.append(Run("stdin/check", ("check", "-"), stdin=midgame))
    found.append(Run("stdin/check-json", ("check", "-", "--format", "json"), stdin=midgame))
    found.append(Run("stdin/score", ("score", "-"), stdin=tutorial.read_bytes()))
    found.append(Run("stdin/convert", ("convert", "-", "--to", "pieces"), stdin=midgame))
    found.append(Run("stdin/place", ("place", "-", "--card", "7"), stdin=midgame))
    found.append(Run("stdin/render", ("render", "-", "-o", "stdin.png"), stdin=midgame,
                     writes=("stdin.png",)))
    found.append(Run("process/score", ("score", _rel(tutorial)), process=True))
    found.append(Run("process/check-midgame", ("check", _rel(ROOT / "examples" /
                                                             "tutorial-midgame.json")),
                     process=True))
    found.append(Run("process/check-mistakes-json", ("check", _rel(ROOT / "examples" /
                                                                   "mistakes.json"),
                                                     "--format", "json"), process=True))

    for name in _bad_inputs():
        if name.endswith(".json"):
            for command in (("check",), ("score",), ("convert", "--to", "grid"),
                            ("place", "--card", "1")):
                found.append(Run(f"bad/{name}-{command[0]}",
                                 (command[0], name, *command[1:])))
            found.append(Run(f"bad/{name}-render", ("render", name, "-o", "bad.png"),
                             writes=("bad.png",)))
        else:
            found.append(Run(f"bad/{name}-validate", ("projects", "validate", name)))
            found.append(Run(f"bad/{name}-show", ("projects", "show", name)))
    midgame_path = _rel(ROOT / "examples" / "tutorial-midgame.json")
    found += [
        Run("bad/missing-file", ("check", "no-such-file.json")),
        Run("bad/folder", ("check", ".")),
        Run("bad/render-suffix", ("render", midgame_path, "-o", "plan.txt")),
        Run("bad/render-over-input", ("render", midgame_path, "-o", midgame_path)),
        Run("bad/convert-over-input", ("convert", midgame_path, "--to", "grid", "-o",
                                       midgame_path)),
        Run("bad/convert-form", ("convert", midgame_path, "--to", "list")),
        Run("bad/place-nothing", ("place", midgame_path)),
        Run("bad/place-unknown", ("place", midgame_path, "sofx")),
        Run("bad/place-card-99", ("place", midgame_path, "--card", "99")),
        Run("bad/place-not-on-card", ("place", midgame_path, "sofa", "--card", "7")),
        Run("bad/place-room", ("place", midgame_path, "sofa", "--room", "Garage")),
        Run("bad/place-walled", ("place", _rel(tutorial), "sofa")),
        Run("bad/place-o-suffix", ("place", midgame_path, "sofa", "-o", "x.gif")),
        Run("bad/score-format", ("score", midgame_path, "--format", "yaml")),
        Run("bad/print-nothing", ("print", "-o", "x.pdf")),
        Run("bad/print-both", ("print", "tutorial", "--all", "-o", "x.pdf")),
        Run("bad/print-suffix", ("print", "tutorial", "-o", "x.png")),
        Run("bad/print-unknown", ("print", "no-such-project", "-o", "x.pdf")),
        Run("bad/cards-99", ("cards", "show", "99")),
        Run("bad/furniture-unknown", ("furniture", "show", "sofx")),
        Run("bad/projects-show-unknown", ("projects", "show", "castle")),
        Run("bad/debug-unknown-project", ("--debug", "projects", "show", "castle")),
    ]

    found.append(Run("projects/list", ("projects", "list")))
    found.append(Run("projects/list-json", ("projects", "list", "--format", "json")))
    bundled = [p["id"] for p in _cli_json(["projects", "list", "--format", "json"])]
    for project in bundled:
        found.append(Run(f"projects/show-{project}", ("projects", "show", project)))
        found.append(Run(f"projects/show-{project}-json", ("projects", "show", project,
                                                          "--format", "json")))
    own = _project_files()
    for path in own:
        found.append(Run(f"projects/show-{path.stem}", ("projects", "show", _rel(path))))
        found.append(Run(f"projects/show-{path.stem}-json", ("projects", "show", _rel(path),
                                                            "--format", "json")))
    book = sorted((ROOT / "projects").glob("*.yaml"))
    every = [*map(_rel, book), *map(_rel, own), *_bad_inputs()]
    every = [f for f in every if not f.endswith(".json")]
    found.append(Run("projects/validate-all", ("projects", "validate", *every)))
    found.append(Run("projects/validate-all-json", ("projects", "validate", *every, "--format",
                                                    "json")))
    found.append(Run("projects/validate-stdin", ("projects", "validate", "-"),
                     stdin=book[0].read_bytes()))

    found += [
        Run("print/tutorial", ("print", "tutorial", "-o", "page.pdf"), writes=("page.pdf",)),
        Run("print/family-letter", ("print", "family-home", "--paper", "letter", "--sheets",
                                    "2", "-o", "page.pdf"), writes=("page.pdf",)),
        Run("print/own-file", ("print", _rel(own[-1]), "--sheets", "0", "-o", "page.pdf"),
            writes=("page.pdf",)),
        Run("print/all", ("print", "--all", "-o", "book.pdf"), writes=("book.pdf",)),
    ]
    for example in ("tutorial-finished", "family-home-midgame", "country-manor-finished"):
        found.append(Run(f"print/fill-{example}",
                         ("print", "--fill", _rel(ROOT / "examples" / f"{example}.json"),
                          "-o", "page.pdf"), writes=("page.pdf",)))
    for project in ("starter-flat", "country-manor", "tiny-house", "lakeside-cabin"):
        found.append(Run(f"print/{project}", ("print", project, "-o", "page.pdf"),
                         writes=("page.pdf",)))

    pieces = [p["id"] for p in _cli_json(["furniture", "list", "--format", "json"])]
    found.append(Run("furniture/list", ("furniture", "list")))
    found.append(Run("furniture/list-json", ("furniture", "list", "--format", "json")))
    found.append(Run("furniture/list-tag", ("furniture", "list", "--tag", "plant")))
    found.append(Run("furniture/list-project", ("furniture", "list", "--project",
                                                _rel(own[0]))))
    for piece in pieces:
        found.append(Run(f"furniture/show-{piece}", ("furniture", "show", piece)))
        found.append(Run(f"furniture/show-{piece}-json", ("furniture", "show", piece,
                                                         "--format", "json")))
    for piece, ext in (("sofa", "png"), ("kitchen-corner", "svg"), ("rug-2x3", "pdf"),
                       (pieces[0], "png"), (pieces[-1], "png")):
        found.append(Run(f"furniture/show-{piece}-o-{ext}",
                         ("furniture", "show", piece, "-o", f"piece.{ext}"),
                         writes=(f"piece.{ext}",)))
    found.append(Run("furniture/sheet", ("furniture", "sheet", "-o", "catalog.pdf"),
                     writes=("catalog.pdf",)))
    found.append(Run("furniture/sheet-letter", ("furniture", "sheet", "--paper", "letter",
                                                "--project", _rel(own[0]), "-o", "catalog.pdf"),
                     writes=("catalog.pdf",)))
    numbers = sorted({card["number"] for project in bundled
                      for room in _cli_json(["projects", "show", project, "--format",
                                             "json"])["rooms"]
                      for card in room["cards"]} | set(range(1, 34)))
    for number in numbers:
        found.append(Run(f"cards/show-{number}", ("cards", "show", str(number))))
        found.append(Run(f"cards/show-{number}-json", ("cards", "show", str(number), "--format",
                                                       "json")))
    found.append(Run("cards/show-project", ("cards", "show", "1", "--project", _rel(own[0]))))
    names = [run.name for run in found]
    assert len(names) == len(set(names)), "run names must be unique"
    return found


def _invoke(run: Run) -> tuple[bytes, bytes, int]:
    if run.process:
        done = subprocess.run([sys.executable, "-m", "homestaging", *run.args], cwd=WORK,
                              input=run.stdin or b"", capture_output=True, check=False,
                              timeout=300)
        return done.stdout, done.stderr, done.returncode
    from homestaging.cli.root import main

    result = _runner().invoke(main, list(run.args), input=run.stdin, prog_name="homestaging")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.stdout_bytes, result.stderr_bytes or b"", result.exit_code


def run_all(out: Path, only: str | None = None, work: Path | None = None) -> int:
    """Run everything into ``out`` (emptied first), in the work folder ``work`` (emptied
    first; :data:`WORK` by default); return the number of runs."""
    global WORK
    if work is not None:
        WORK = work
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    for name, text in _bad_inputs().items():
        (WORK / name).write_text(text)
    os.chdir(WORK)
    sys.path.insert(0, str(ROOT))
    start = time.monotonic()
    count = 0
    crashed = []
    for run in runs():
        if only and only not in run.name:
            continue
        for name in run.writes:
            (WORK / name).unlink(missing_ok=True)
        stdout, stderr, code = _invoke(run)
        folder = out / run.name
        folder.mkdir(parents=True)
        (folder / "stdout").write_bytes(stdout)
        (folder / "stderr").write_bytes(stderr)
        (folder / "exit").write_text(f"{code}\n")
        if b"internal error" in stderr:
            crashed.append(run.name)
        for name in run.writes:
            written = WORK / name
            if written.exists():
                shutil.copyfile(written, folder / f"file-{name}")
                written.unlink()
        count += 1
    print(f"{count} runs in {time.monotonic() - start:.0f} s -> {out}")
    for name in crashed:  # never an expected output: a defect to mend
        print(f"internal error: {name}")
    return count


def compare(first: Path, second: Path) -> int:
    """Compare two snapshot folders byte for byte; print what differs; return 0 or 1."""
    def files(root: Path) -> dict[str, Path]:
        return {str(p.relative_to(root)): p for p in sorted(root.rglob("*")) if p.is_file()}

    a, b = files(first), files(second)
    only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    differ = [name for name in sorted(set(a) & set(b)) if a[name].read_bytes() !=
              b[name].read_bytes()]
    for name in only_a:
        print(f"only in {first}: {name}")
    for name in only_b:
        print(f"only in {second}: {name}")
    for name in differ:
        print(f"differs: {name}")
    same = len(set(a) & set(b)) - len(differ)
    runs_count = len({name.rsplit("/", 1)[0] for name in a})
    print(f"{same} of {len(set(a) | set(b))} files identical ({runs_count} runs); "
          f"{len(differ)} differ, {len(only_a) + len(only_b)} missing on one side")
    return 1 if differ or only_a or only_b else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run every command and store the outputs")
    run.add_argument("out", type=Path)
    run.add_argument("--only", help="only the runs whose name contains this text")
    run.add_argument("--work", type=Path, default=None,
                     help=f"the folder the commands run in, emptied first (default {WORK})")
    both = commands.add_parser("compare", help="compare two snapshot folders byte for byte")
    both.add_argument("first", type=Path)
    both.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    if args.command == "run":
        run_all(args.out.resolve(), args.only, args.work.resolve() if args.work else None)
        return 0
    return compare(args.first, args.second)


if __name__ == "__main__":
    sys.exit(main())
