"""Imports: check/score load no heavy library, and the layers only import downwards."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from homestaging.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "homestaging"
EXAMPLE = ROOT / "examples" / "tutorial-finished.json"

# Every module of the package, lowest first: a module may only import the ones before it.
CORE = [  # the game: squares, pieces, the models, rules, access, scoring, placements (no I/O)
    "quoting", "grid", "accessgraph", "bitmask", "errors", "scorepad", "pieces",
    "catalog", "project", "game", "sheet", "layout", "cardplay", "rulecodes", "rulechecker",
    "piecerules", "cardrules", "roomrules", "rules", "faults", "access",
    "blocking", "distance", "bonuses",
    "scoring", "placement", "moves",
]
CLI = ["clitools", "sheetcommands", "datacommands", "cli"]  # the only ones that use click
LAYERS = [
    *CORE,
    # files: safe reading, atomic writing, schemas, the bundled data's cache, the readers and
    # the writer of each format
    "readers", "output", "schema", "datacache", "catalogreader", "projectreader", "gamereader",
    "gamewriter", "parfile", "fitting", "sheetreader", "sheetwriter",
    # presentation and drawing
    "problemtext", "report", "pages", "scorefill", "panel", "labels", "markers", "drawing",
    "pencil", "legend", "planwords",
    "render", "previews", "paperkit", "cardpages", "roundpage", "printing",
    # the command line
    *CLI,
]
ENTRY_POINTS = {"__init__", "__main__", "entry"}


def _run(code: str) -> dict[str, bool]:
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, bool] = json.loads(result.stdout.splitlines()[-1])
    return found


LOADED = """
import json, sys
loaded = {name: name in sys.modules
          for name in ("matplotlib", "click", "networkx", "shapely")}
print(json.dumps(loaded))
"""


@pytest.mark.parametrize("command", ["check", "score"])
def test_check_and_score_load_networkx_and_no_drawing_library(command: str) -> None:
    """networkx decides what the front door reaches; nothing draws."""
    code = f"""
import sys
from homestaging.cli import main
try:
    main([{command!r}, {str(EXAMPLE)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
""" + LOADED
    assert _run(code) == {
        "matplotlib": False, "click": True, "networkx": True, "shapely": False
    }


WALK = ROOT / "examples" / "walkthrough"


@pytest.mark.parametrize(
    ("sheet", "explained"),
    [("turn-1.json", False), ("turn-2.json", False), ("turn-3.json", True)],
    ids=["new-sheet-furnished", "no-front-door-yet", "a-piece-cut-off"],
)
def test_check_explains_with_networkx_and_no_drawing_library(sheet: str, explained: bool
                                                             ) -> None:
    """Mid-game, check loads networkx (to decide access, say what blocks a piece and
    which squares are the only way to a room: turn 3 says both), never matplotlib or
    shapely."""
    code = f"""
import contextlib, io
from homestaging.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        main(["check", {str(WALK / sheet)!r}], prog_name="homestaging")
    except SystemExit as stop:
        assert stop.code == 0, stop.code
said = out.getvalue()
assert ("; blocked by " in said and "the only way to" in said) is {explained!r}, said
""" + LOADED
    assert _run(code) == {
        "matplotlib": False, "click": True, "networkx": True, "shapely": False
    }


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_sheet_with_a_game_record_loads_no_drawing_library(command: str) -> None:
    """The exact card rules of a sheet with a record match pieces to tokens with
    networkx's bipartite matching; nothing draws."""
    sheet = ROOT / "examples" / "four-players" / "ada.json"
    code = f"""
import sys
from homestaging.cli import main
try:
    main([{command!r}, {str(sheet)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
""" + LOADED
    assert _run(code) == {
        "matplotlib": False, "click": True, "networkx": True, "shapely": False
    }


def test_commands_are_imported_only_when_invoked() -> None:
    modules = ("sheetcommands", "datacommands", "pages", "placement", "render", "previews",
               "printing")
    code = f"""
import json, sys
from homestaging.cli import main
try:
    main(["check", {str(EXAMPLE)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print(json.dumps({{name: "homestaging." + name in sys.modules for name in {modules!r}}}))
"""
    assert _run(code) == {name: name == "sheetcommands" for name in modules}


def test_place_imports_neither_scoring_nor_drawing() -> None:
    """``place`` ranks moves and lists them: the score card and the drawing are not
    loaded (nor the score's explanations of what blocks a piece)."""
    midgame = ROOT / "examples" / "tutorial-midgame.json"
    modules = ("scoring", "blocking", "render", "previews", "drawing")
    code = f"""
import json, sys
from homestaging.cli import main
try:
    main(["place", {str(midgame)!r}, "sofa"], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print(json.dumps({{name: "homestaging." + name in sys.modules for name in {modules!r}}}))
"""
    assert _run(code) == dict.fromkeys(modules, False)


@pytest.mark.parametrize("command", [
    ["check", str(EXAMPLE)], ["score", str(EXAMPLE)],
    ["place", str(ROOT / "examples" / "tutorial-midgame.json"), "sofa"],
], ids=["check", "score", "place"])
def test_reading_and_answering_need_no_pathlib(command: list[str]) -> None:
    """The commands that read sheets find the bundled data with ``os.path``: once the
    bundled data's cache is filled, pathlib and the URL and address modules it loads are
    loaded only if the libraries the commands need load them (networkx does)."""
    code = f"""
import json, sys
from homestaging.cli import main
try:
    main({command!r}, prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print(json.dumps({{name: name in sys.modules for name in ("pathlib", "urllib.parse")}}))
"""
    _run(code)  # fills the cache (saving an entry may use pathlib)
    floor = _run("import json, sys, click, yaml, networkx\n"
                 'print(json.dumps({name: name in sys.modules for name in ("pathlib", '
                 '"urllib.parse")}))')
    assert _run(code) == floor


def test_library_does_not_import_click_or_matplotlib() -> None:
    code = "import homestaging.rules, homestaging.scoring, homestaging.sheetreader\n" + LOADED
    loaded = _run(code)
    assert (loaded["matplotlib"], loaded["click"]) == (False, False)


def test_core_loads_no_file_format() -> None:
    """The models, rules and scoring work on objects: no YAML, no schema, no file reader
    (networkx, the access graph, is theirs)."""
    modules = ", ".join(f"homestaging.{name}" for name in CORE)
    code = f"""
import json, sys
import {modules}
heavy = ("yaml", "homestaging.schema", "homestaging.readers", "click", "matplotlib",
         "shapely")
print(json.dumps({{name: name in sys.modules for name in heavy}}))
"""
    loaded = _run(code)
    assert not any(loaded.values()), loaded


def test_cli_module_imports_no_heavy_library() -> None:
    assert _run("import homestaging.cli\n" + LOADED) == {
        "matplotlib": False, "click": True, "networkx": False, "shapely": False
    }


def test_printing_and_the_cli_do_not_import_opencv() -> None:
    code = """
import json, sys
import homestaging.cli, homestaging.printing, homestaging.pencil, homestaging.markers
from homestaging.cli import main
print(json.dumps({"cv2": "cv2" in sys.modules, "numpy": "numpy" in sys.modules}))
"""
    assert _run(code) == {"cv2": False, "numpy": False}


def _imports(path: Path) -> set[str]:
    """Top-level names this module imports: the package's own modules and subpackages
    (``homestaging.`` left out), and outside packages."""
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if not node.level and module.startswith("homestaging."):
                module, level = module.removeprefix("homestaging."), 1
            else:
                level = node.level or (module == "homestaging")
            if level and module and module != "homestaging":
                found.add(module.split(".")[0])
            elif level:
                found.update(alias.name for alias in node.names)
            else:
                found.add(module.split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.add(parts[1] if parts[0] == "homestaging" and len(parts) > 1 else parts[0])
    found.discard("homestaging")
    return found


MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))
SUBPACKAGES = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}


def test_every_module_has_a_layer() -> None:
    assert set(MODULES) - ENTRY_POINTS <= set(LAYERS)


@pytest.mark.parametrize("module", [m for m in MODULES if m not in ENTRY_POINTS])
def test_imports_point_down(module: str) -> None:
    rank = LAYERS.index(module)
    imports = _imports(PACKAGE / f"{module}.py")
    upward = sorted(m for m in imports if m in LAYERS and LAYERS.index(m) >= rank)
    assert upward == [], f"{module} imports {upward}, which are not below it"
    assert not imports & SUBPACKAGES, f"{module} imports a subpackage (its commands are lazy)"
    if module not in ("drawing", "pencil", "legend", "planwords",
                      "render", "previews", "paperkit", "cardpages", "roundpage", "printing"):
        assert "matplotlib" not in imports
    if module not in CLI:
        assert "click" not in imports
    if module in CORE:
        assert not imports & {"yaml", "readers", "schema", "output"}, module


# synthetic, hands: scan's test photos; sheetpdf: the printed deal
DRAWING_MODULES = {"render", "panel", "synthetic", "hands", "sheetpdf"}


def _relative_imports(path: Path) -> set[str]:
    """Modules of the package this file imports, as dotted names under homestaging."""
    package = path.parent.relative_to(ROOT).parts  # ("homestaging", "roomies")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                parts = base + (node.module.split(".") if node.module else [])
                if node.module:
                    found.add(".".join(parts))
                else:
                    found.update(".".join([*parts, a.name]) for a in node.names)
            elif node.module and node.module.startswith("homestaging"):
                found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*/*.py")),
                         ids=lambda p: f"{p.parent.name}.{p.stem}")
def test_subpackage_imports(path: Path) -> None:
    """A subpackage uses the core and the shared family package, never another game;
    click only in its commands, matplotlib only where it draws."""
    imports = _imports(path)
    own = path.parent.name
    for name in _relative_imports(path):
        parts = name.split(".")
        if len(parts) > 1 and parts[1] in SUBPACKAGES:
            # the editor's highlighted squares read the player's judgement of placements
            allowed = (own, "family", "player") if own == "editor" else (own, "family")
            assert parts[1] in allowed, f"{own}.{path.stem} imports {name}"
    if path.stem != "commands":
        assert "click" not in imports
    if path.stem not in DRAWING_MODULES:
        assert "matplotlib" not in imports


@pytest.mark.parametrize("game", ["roomies", "decorum", "housewarming", "dreamhome"])
@pytest.mark.parametrize("command", ["check", "score"])
def test_family_check_and_score_import_no_heavy_library(game: str, command: str) -> None:
    example = sorted((ROOT / "examples" / game).glob("*[!d].json"))[0]  # not .expected.json
    code = f"""
from homestaging.cli import main
try:
    main([{game!r}, {command!r}, {str(example)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code in (0, 1), stop.code
""" + LOADED
    loaded = _run(code)
    assert (loaded["matplotlib"], loaded["networkx"]) == (False, False)


def test_the_editor_reaches_the_core_only_through_its_adapter() -> None:
    """Only ``editor/adapter.py`` imports core modules; no module outside the editor
    imports it (the CLI's command table names its command)."""
    reaching: dict[str, list[str]] = {}
    for path in sorted((PACKAGE / "editor").glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                node.level >= 2 or (node.level == 0 and (node.module or "").startswith(
                    "homestaging") and not (node.module or "").startswith("homestaging.editor"))
            ):
                reaching.setdefault(path.stem, []).append(node.module or "")
    assert list(reaching) == ["adapter"]
    users = sorted(m for m in MODULES if "editor" in _imports(PACKAGE / f"{m}.py"))
    assert users == []
    assert COMMANDS["edit"] == "homestaging.editor.commands:edit"


def test_the_command_line_collects_young_objects_seldom() -> None:
    # the entry point sets the collector's threshold before importing the CLI; a library
    # import of the package leaves Python's default
    # and at exit, what is left is frozen: not walked once more (atexit runs the handler
    # registered last first: the entry point's, then this one)
    code = ("import atexit, gc, sys; import homestaging; before = gc.get_threshold()[0]; "
            "sys.argv = ['homestaging', '--version']\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 1000))\n"
            "from homestaging.entry import GC_THRESHOLD, run\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "print(before, gc.get_threshold()[0] == GC_THRESHOLD, gc.get_freeze_count())\n")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert found.stdout.splitlines()[-2:] == ["700 True 0", "frozen True"]
