"""Every command on hostile input at the documented limits (``docs/limits.md``).

Builds a corpus in a temporary folder, then runs each case as its own
``python -m homestaging ...`` process and reports its wall time, its peak memory
(resident set size), its exit code and the first line it wrote to standard error:

* YAML scalar forms in a project file of up to 10 MB (the file size limit): YAML 1.1
  base-60 integers ``1:0:0:...`` and floats ``1:0:0.5``, timestamps with a long
  fraction, thousands of ``.inf``, chains of merge keys; reached directly (``projects
  validate``, ``projects show``) and through a sheet's ``project`` path (``check``);
* sheets of 200 x 200 squares (the largest): the dense furnishing of
  ``bench_scale.py`` in both forms (``check``, ``score``, ``convert``), with thousands
  of misspelt piece ids, with up to 40 000 pieces piled on one square, with a 2 MB
  name;
* a project with thousands of bonuses, and one bringing thousands of pieces
  (``render``, ``projects show``, ``print``, ``furniture sheet``);
* ``place`` on an empty 200 x 200 house, with a preview; ``render`` of a 200 x 200
  plan with 25 pieces; ``print --sheets`` at its bound; ``new`` and ``deal`` of the
  project at its limits;
* each family game (``roomies``, ``decorum``, ``dreamhome``, ``housewarming``): its
  example checked, scored and drawn, and checked with its longest list grown to 9 MB.

Usage: ``python bench/bench_limits.py [--root CHECKOUT] [--timeout S] [--only WORD]``.
``--root`` runs the commands of another checkout on the same corpus (a baseline:
``--root /path/to/main``); a case past ``--timeout`` seconds (default 120) is stopped
and shown as ``> S``. Every process runs with its address space capped at
``--memory`` MB (default 4096), so a case that would exhaust the machine fails with a
memory error instead.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(HERE))

import bigsheets  # noqa: E402
from bench_scale import project_yaml, sheet_json  # noqa: E402
from bigsheets import TOP, bonus_text, piece, room_names, strip_rooms, strips  # noqa: E402
from bigsheets import project_yaml as project_yaml_of  # noqa: E402

from homestaging.core.grid import cell_name, parse_cell  # noqa: E402

MB = 1024 * 1024
FILE_LIMIT = 10 * MB
TUTORIAL = (ROOT / "projects" / "00-tutorial.yaml").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- corpus


def with_scalar(value: str) -> str:
    """The tutorial project with ``number`` set to a YAML scalar written as given."""
    return TUTORIAL.replace("number: 0\n", f"number: {value}\n", 1)


def padded(unit: str, size: int, head: str = "", tail: str = "") -> str:
    """``head`` + ``unit`` repeated to about ``size`` characters in all + ``tail``."""
    count = max(1, (size - len(head) - len(tail)) // len(unit))
    return head + unit * count + tail


def merge_chain(levels: int) -> str:
    """Mappings each merging the one before (``<<: *m{n-1}``), under an unknown key."""
    lines = ["chain:", "  m0: &m0 {k0: 0}"]
    for level in range(1, levels):
        lines.append(f"  m{level}: &m{level} {{<<: *m{level - 1}, k{level}: {level}}}")
    return TUTORIAL + "\n".join(lines) + "\n"


def big_project(width: int, height: int, *, bonuses: int = 0, pieces: int = 0,
                long_texts: bool = False) -> str:
    """``bench_scale``'s project (two bonuses), with ``bonuses`` more bonuses (each text
    120 characters, the most), ``pieces`` own pieces, and with ``long_texts`` a
    description and tips of 600 characters (the most)."""
    text = project_yaml(width, height)
    extra = "".join(
        f"  - text: {json.dumps(bonus_text(n))}\n"
        f"    points: 1\n    per: {{piece: {{id: armchair}}, next_to: window}}\n"
        for n in range(bonuses)
    )
    text = text.replace("bonuses:\n", "bonuses:\n" + extra, 1)
    if long_texts:
        text += f"description: {'A house to stage, room by room. ' * 20:.600}\n"
        text += f"tips: {'Keep the hallway short. ' * 30:.600}\n"
    if pieces:
        text += "furniture:\n" + "".join(
            f"  - {{id: own-{n}, name: Own piece {n}, art: \"AA\\noo\", tags: [seat]}}\n"
            for n in range(pieces)
        )
    return text


def sheet_of(project: str, **extra: Any) -> str:
    return json.dumps({"format": "homestaging-sheet/1", "project": project, **extra})


def crowded_sheet(width: int, height: int, count: int, piece_id: str | None = None) -> str:
    """``count`` pieces listed on the sheet, all on the same squares (or misspelt)."""
    pieces = [
        {"piece": piece_id or f"armchiar-{n}", "at": cell_name((1, 2)), "rotation": 0}
        for n in range(count)
    ]
    data = sheet_json(width, height, dense=False)
    data["pieces"] = pieces
    return json.dumps(data)


def grid_sheet(width: int, height: int) -> str:
    """``bench_scale``'s dense sheet with its armchairs drawn in ``furniture_grid`` (four
    letters, so that touching armchairs differ; circulation marked ``o``), the rug
    runners listed: thousands of groups for the reader to match."""
    data = sheet_json(width, height, dense=True)
    rows = [["."] * width for _ in range(height)]
    listed = []
    for entry in data["pieces"]:
        if entry["piece"] != "armchair":
            listed.append(entry)
            continue
        x, y = parse_cell(entry["at"])
        if entry["rotation"] == 0:
            rows[y][x], rows[y + 1][x] = "AB"[x % 2], "o"
        else:
            rows[y][x], rows[y + 1][x] = "o", "CD"[x % 2]
    data["pieces"] = listed
    data["furniture_grid"] = ["".join(row) for row in rows]
    data["furniture_legend"] = dict.fromkeys("ABCD", "armchair")
    return json.dumps(data)


def chained_sheet(width: int, height: int) -> str:
    """Every room filled with armchairs turned 90 degrees, one per square: each one's
    circulation lies on its neighbour's furniture, so that every piece has an error."""
    data = sheet_json(width, height, dense=False)
    data["pieces"] = [
        {"piece": "armchair", "at": cell_name((x, y)), "rotation": 90}
        for room in data["rooms"]
        for x0, y0, x1, y1 in [_box(room["cells"][0])]
        for y in range(y0, y1 + 1)
        for x in range(x0, x1)
    ]
    return json.dumps(data)


def _box(cells: str) -> tuple[int, int, int, int]:
    first, last = cells.split(":")
    (x0, y0), (x1, y1) = parse_cell(first), parse_cell(last)
    return x0, y0, x1, y1


def empty_sheet(width: int, height: int) -> str:
    """The first room being furnished, nothing drawn: the whole house is free."""
    return sheet_of("project.yaml", rooms=[{"name": f"Room {n}"} for n in range(1, 6)],
                    current_room="Room 1")


def designer_project(width: int, height: int, rooms: int, bonuses: int, features: int,
                     tokens: int) -> str:
    """A project at the limits a designer may reach: ``rooms`` rooms side by side (the
    house's columns cut in strips), ``tokens`` selection tokens in all, ``features``
    one-square features around the house, and ``bonuses`` bonuses of every kind: the
    distance from the front door to each room, from each room to a feature kind, pieces
    counted per room."""
    share = [tokens // rooms + (1 if n < tokens % rooms else 0) for n in range(rooms)]
    margin = ([(x, 0) for x in range(width)] + [(x, height - 1) for x in range(width)]
              + [(0, y) for y in range(1, height - 1)]
              + [(width - 1, y) for y in range(1, height - 1)])
    kinds = ("garden", "street", "tree", "pond", "garage")
    feature_lines = [f"{{kind: {kinds[n % len(kinds)]}, cells: [{cell_name(margin[n])}]}}"
                     for n in range(min(features, len(margin)))]
    bonus_lines = []
    for n in range(bonuses):
        room = f"Room {n % rooms + 1}"
        if n % 3 == 0:
            rule = f"when: {{distance: {{from: front_door, to: {{room: {room}}}, max: {n + 5}}}}}"
        elif n % 3 == 1:
            rule = (f"when: {{distance: {{from: {{room: {room}}}, to: {{feature: "
                    f"{kinds[n % 5]}}}, min: 1}}}}")
        else:
            rule = f"per: {{piece: {{id: armchair, room: {room}}}}}\n    max: {n}"
        bonus_lines.append(f"text: {json.dumps(bonus_text(n))}\n    points: 1\n    {rule}")
    return project_yaml_of(f"designer-{width}x{height}", f"Designer {width} x {height}",
                           width, height, room_names(rooms), tokens=share,
                           bonuses=bonus_lines, features=feature_lines)


def designer_sheet(width: int, height: int, rooms: int, dense: bool) -> str:
    """A finished sheet of :func:`designer_project`: each room a strip of columns with
    its door on the north wall, armchairs along its top row (``dense``: every other row
    of the strip too)."""
    rows = range(TOP, height - 2, 2) if dense else (TOP,)
    pieces = [piece("armchair", x, y) for x0, x1 in strips(width, rooms)
              for y in rows for x in range(x0 + 1, x1 + 1)]
    return json.dumps(bigsheets.sheet_json(strip_rooms(width, height, room_names(rooms)),
                                           pieces))


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    """The command's arguments; ``{dir}`` is the corpus folder."""


def longest_list(value: Any) -> list[Any] | None:
    """The longest list anywhere inside a JSON value."""
    found: list[Any] | None = value if isinstance(value, list) else None
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) \
        else ()
    for child in children:
        inner = longest_list(child)
        if inner is not None and (found is None or len(inner) > len(found)):
            found = inner
    return found


def inflated(text: str, size: int) -> str:
    """A JSON document with its longest list's entries repeated to about ``size``
    characters."""
    data = json.loads(text)
    entries = longest_list(data)
    assert entries, "a document with a list"
    sample = list(entries)
    each = max(1, len(json.dumps(sample)) // len(sample))
    entries.extend(sample[n % len(sample)] for n in range(size // each))
    return json.dumps(data)


def build(folder: Path) -> list[Case]:
    """Write the corpus into ``folder``; return the cases to run on it."""

    def write(name: str, text: str) -> str:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return str(path)

    cases: list[Case] = []

    def add(name: str, *args: str) -> None:
        cases.append(Case(name, args))

    # YAML scalar forms
    for size, label in ((MB, "1 MB"), (FILE_LIMIT - 64 * 1024, "10 MB")):
        stem = f"base60-{size // MB}"
        base60 = write(f"yaml/{stem}.yaml",
                       with_scalar(padded(":0", size - len(TUTORIAL), head="1")))
        add(f"projects validate: base-60 integer, {label}", "projects", "validate", base60)
        sheet = write(f"yaml/{stem}-sheet.json", sheet_of(f"{stem}.yaml"))
        add(f"check: sheet whose project is the base-60 file, {label}", "check", sheet)
    size = FILE_LIMIT - 64 * 1024
    add("projects show: base-60 float, 10 MB", "projects", "show",
        write("yaml/base60-float.yaml",
              with_scalar(padded(":0", size - len(TUTORIAL), head="1", tail=".5"))))
    add("projects validate: timestamp with a 10 MB fraction", "projects", "validate",
        write("yaml/timestamp.yaml",
              with_scalar(padded("1", size - len(TUTORIAL), head="2001-12-14t21:59:43."))))
    add("projects validate: !!int base-60, 10 MB", "projects", "validate",
        write("yaml/tagged.yaml",
              with_scalar(padded(":0", size - len(TUTORIAL), head="!!int '1", tail="'"))))
    add("projects validate: 190 000 .inf values", "projects", "validate",
        write("yaml/inf.yaml", TUTORIAL + "extra: [" + ", ".join([".inf"] * 190_000) + "]\n"))
    add("projects validate: 360 chained merge keys", "projects", "validate",
        write("yaml/merge.yaml", merge_chain(360)))
    add("projects validate: hex integer, 10 MB", "projects", "validate",
        write("yaml/hex.yaml", with_scalar(padded("f", size - len(TUTORIAL), head="0x"))))

    # sheets at 200 x 200
    big = folder / "big"
    write("big/project.yaml", project_yaml(200, 200))
    dense = write("big/dense.json", json.dumps(sheet_json(200, 200, dense=True)))
    add("check: 200 x 200, dense pieces list", "check", dense)
    add("score: 200 x 200, dense pieces list", "score", dense)
    add("convert --to grid: 200 x 200, dense", "convert", dense, "--to", "grid",
        "-o", str(big / "dense-grid.json"))
    drawn = write("big/drawn.json", grid_sheet(200, 200))
    add("check: 200 x 200, dense, armchairs drawn in the grid", "check", drawn)
    add("convert --to pieces: 200 x 200, drawn in the grid", "convert", drawn,
        "--to", "pieces", "-o", str(big / "drawn-pieces.json"))
    add("render: 200 x 200, dense (PNG)", "render", dense, "-o", str(big / "dense.png"))
    legal = write("big/legal.json", json.dumps(sheet_json(200, 200, dense=False)))
    add("render: 200 x 200, 25 pieces (PNG)", "render", legal, "-o", str(big / "legal.png"))
    add("check: 200 x 200, 40 000 misspelt piece ids", "check",
        write("big/misspelt.json", crowded_sheet(200, 200, 40_000)))
    add("score: 200 x 200, 38 000 pieces, each with an error", "score",
        write("big/chained.json", chained_sheet(200, 200)))
    add("score: 200 x 200, 300 pieces on the same square", "score",
        write("big/crowded.json", crowded_sheet(200, 200, 300, "armchair")))
    add("score: 200 x 200, 40 000 pieces on the same square", "score",
        write("big/piled.json", crowded_sheet(200, 200, 40_000, "armchair")))
    rotations = json.loads(crowded_sheet(200, 200, 40_000, "armchair"))
    for entry in rotations["pieces"]:
        entry["rotation"] = 90.0
    add("check: 200 x 200, 40 000 rotations written 90.0", "check",
        write("big/rotations.json", json.dumps(rotations)))
    add("check: 2 MB current_room", "check",
        write("big/long-name.json", sheet_of("project.yaml", current_room="x" * (2 * MB))))
    empty = write("big/empty.json", empty_sheet(200, 200))
    add("place: empty 200 x 200 house, --top 0", "place", empty, "armchair", "--top", "0")
    add("place: empty 200 x 200 house, preview PNG", "place", empty, "armchair",
        "-o", str(big / "place.png"))
    add("place --card 1: empty 200 x 200 house", "place", empty, "--card", "1")

    # a project at its limits: 200 x 200, 8 bonuses of 120 characters, long texts
    at = folder / "at-limits"
    write("at-limits/project.yaml", big_project(200, 200, bonuses=6, long_texts=True))
    legal_at = write("at-limits/sheet.json", json.dumps(sheet_json(200, 200, dense=False)))
    add("score: project at its limits (200 x 200, 8 bonuses)", "score", legal_at)
    add("projects show: project at its limits", "projects", "show", str(at / "project.yaml"))
    add("print --sheets 20: project at its limits", "print", str(at / "project.yaml"),
        "--sheets", "20", "-o", str(at / "print.pdf"))
    own = write("at-limits/own.yaml", big_project(16, 12, pieces=200))
    add("furniture list --project: 200 own pieces", "furniture", "list", "--project", own)
    add("furniture sheet --project: 200 own pieces", "furniture", "sheet", "--project", own,
        "-o", str(at / "catalog.pdf"))
    add("furniture show --project: an own piece (PNG)", "furniture", "show", "own-199",
        "--project", own, "-o", str(at / "piece.png"))
    add("cards show 1 --project: 200 own pieces", "cards", "show", "1", "--project", own)
    add("print --sheets 20: tutorial", "print", "tutorial", "--sheets", "20",
        "-o", str(at / "sheets.pdf"))
    add("new: project at its limits", "new", str(at / "project.yaml"),
        "-o", str(at / "new.json"))
    add("deal: project at its limits", "deal", str(at / "project.yaml"),
        "-o", str(at / "game.json"))

    # a designer's project at the new limits: 26 rooms, 100 tokens, 100 bonuses, 500
    # features, on the largest sheet
    dz = folder / "designer"
    write("designer/project.yaml", designer_project(200, 200, 26, 100, 500, 100))
    d_legal = write("designer/sheet.json", designer_sheet(200, 200, 26, dense=False))
    d_dense = write("designer/dense.json", designer_sheet(200, 200, 26, dense=True))
    add("projects validate: designer's project at the limits", "projects", "validate",
        str(dz / "project.yaml"))
    add("projects show: designer's project at the limits", "projects", "show",
        str(dz / "project.yaml"))
    add("check: designer's project, 26 rooms furnished", "check", d_legal)
    add("score: designer's project, 26 rooms furnished", "score", d_legal)
    add("score: designer's project, 26 rooms packed", "score", d_dense)
    add("render: designer's project, 26 rooms furnished (PNG)", "render", d_legal,
        "-o", str(dz / "sheet.png"))
    add("print --sheets 1: designer's project", "print", str(dz / "project.yaml"),
        "--sheets", "1", "-o", str(dz / "print.pdf"))
    add("new: designer's project", "new", str(dz / "project.yaml"), "-o", str(dz / "new.json"))
    add("deal: designer's project", "deal", str(dz / "project.yaml"),
        "-o", str(dz / "game.json"))

    # the family games: each example, and with its longest list grown to the file limit
    for game, example in (("roomies", "first-house"), ("decorum", "four-players"),
                          ("dreamhome", "william"), ("housewarming", "kat")):
        source = (ROOT / "examples" / game / f"{example}.json").read_text(encoding="utf-8")
        plain = write(f"family/{game}.json", source)
        for command in ("check", "score"):
            add(f"{game} {command}: its example", game, command, plain)
        add(f"{game} render: its example (PNG)", game, "render", plain,
            "-o", str(folder / "family" / f"{game}.png"))
        add(f"{game} check: its longest list grown to 9 MB", game, "check",
            write(f"family/{game}-big.json", inflated(source, 9 * MB)))

    # past the limits: refused at once (they were read, drawn and printed before)
    write("past/project.yaml", big_project(50, 50, bonuses=10_000))
    many = write("past/sheet.json", json.dumps(sheet_json(50, 50, dense=False)))
    add("render: 10 000 bonuses (PNG)", "render", many, "-o", str(folder / "past" / "p.png"))
    add("print: 10 000 bonuses", "print", str(folder / "past" / "project.yaml"),
        "-o", str(folder / "past" / "p.pdf"))
    add("projects validate: 10 000 rooms, bonuses and features", "projects", "validate",
        write("past/designer.yaml", designer_project(200, 200, 10_000, 10_000, 10_000, 10_000)))
    add("projects validate: 10 000 own pieces", "projects", "validate",
        write("past/own.yaml", big_project(16, 12, pieces=10_000)))
    add("print --sheets 1000: tutorial", "print", "tutorial", "--sheets", "1000",
        "-o", str(folder / "past" / "sheets.pdf"))
    return cases


# ----------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Result:
    seconds: float
    peak_mb: float
    code: int | None
    first_error: str


def limit_memory(megabytes: int) -> Callable[[], None]:
    def apply() -> None:
        cap = megabytes * MB
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    return apply


def environment(root: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "MPLBACKEND": "Agg"}


def run(root: Path, folder: Path, args: tuple[str, ...], timeout: float,
        memory: int) -> Result:
    """Run one command in ``folder`` (so that ``-m`` finds the package of ``root``)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([sys.executable, "-m", "homestaging", *args], stdout=out,
                                   stderr=err, stdin=subprocess.DEVNULL, cwd=folder,
                                   env=environment(root), preexec_fn=limit_memory(memory))
        code: int | None = None
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() > deadline:
                process.kill()
                _, _, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.01)
        process.returncode = code if code is not None else -9
        seconds = time.perf_counter() - start
        first = ""
        for stream in (err, out):  # what went wrong, else what it said
            stream.seek(0)
            first = first or next(iter(stream.read(4000).decode("utf-8", "replace")
                                       .splitlines()), "")
    return Result(seconds, usage.ru_maxrss / 1024, code, first[:100])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory", type=int, default=4096, help="address space cap, MB")
    parser.add_argument("--only", action="append", default=[], metavar="WORD",
                        help="run the cases whose name holds WORD (repeatable)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cases = build(Path(tmp))
        chosen = [c for c in cases if not args.only or any(w in c.name for w in args.only)]
        package = subprocess.run(
            [sys.executable, "-c", "import homestaging; print(homestaging.__file__)"],
            cwd=tmp, env=environment(args.root), capture_output=True, text=True, check=True,
        ).stdout.strip()
        print(f"package: {package}; timeout {args.timeout:.0f} s; memory cap {args.memory} MB")
        print("| case | seconds | peak MB | exit | first line (stderr, else stdout) |")
        print("|---|---:|---:|---:|---|")
        for case in chosen:
            result = run(args.root, Path(tmp), case.args, args.timeout, args.memory)
            took = (f"> {args.timeout:.0f}" if result.code is None
                    else f"{result.seconds:.2f}")
            code = "killed" if result.code is None else str(result.code)
            error = result.first_error.replace("|", "\\|")
            print(f"| {case.name} | {took} | {result.peak_mb:.0f} | {code} | {error} |",
                  flush=True)


if __name__ == "__main__":
    main()
