"""Imports: check/score load no heavy library, and the layers only import downwards."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from homestaging.cli.root import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "homestaging"
EXAMPLE = ROOT / "examples" / "tutorial-finished.json"

# The folders are the layers: a module may import only from the folders listed for its
# own (and from the package's ``__init__``). The core folders read no file and import
# neither click nor matplotlib.
CORE_FOLDERS = ("core", "rules", "scoring", "search")
_BELOW_CLI = {"core", "rules", "scoring", "search", "formats", "text", "draw", "cli"}
MAY_IMPORT: dict[str, set[str]] = {
    "core": {"core"},
    "rules": {"core", "rules"},
    "scoring": {"core", "rules", "scoring"},
    "search": {"core", "rules", "scoring", "search"},
    "formats": {"core", "rules", "formats"},
    "text": {"core", "rules", "scoring", "search", "formats", "text"},
    "draw": {"core", "rules", "scoring", "search", "formats", "text", "draw"},
    "cli": _BELOW_CLI,
    # the applications: everything below, and themselves; never one another
    "editor": _BELOW_CLI | {"editor", "player"},  # its highlights read the player's judgement
    "scan": _BELOW_CLI | {"scan"},
    "deal": _BELOW_CLI | {"deal"},
    "player": _BELOW_CLI | {"player"},
    "table": _BELOW_CLI | {"table", "editor"},  # each player's sheet is the editor's page
    # the family games: the shared base, then each game (never another game)
    "family": _BELOW_CLI | {"family"},
    **{f"family.{game}": _BELOW_CLI | {"family", f"family.{game}"}
       for game in ("roomies", "decorum", "housewarming", "dreamhome")},
}
TOP_LEVEL = {"__init__", "__main__", "entry"}  # the package's doors: at most 12 modules
# matplotlib outside draw/ (synthetic, hands: scan's test photos; sheetpdf: the printed deal)
DRAWING_MODULES = {"render", "panel", "synthetic", "hands", "sheetpdf"}


def _dotted(path: Path) -> str:
    """A file's module name below the package (a folder's ``__init__`` is the folder)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _folder(dotted: str) -> str:
    """The folder (the unit of the rule table) of a module: a family game is its own."""
    parts = dotted.split(".")
    if parts[0] == "family" and len(parts) > 1 and parts[1] in SUBPACKAGE_NAMES["family"]:
        return ".".join(parts[:2])
    return parts[0] if parts[0] in FOLDERS else ""


def _imports(path: Path) -> tuple[set[str], set[str]]:
    """What a file imports: the package's modules as dotted names below it (``""`` is the
    package itself), and the outside packages by their top-level name."""
    package = list(path.relative_to(PACKAGE).parts[:-1])
    ours: set[str] = set()
    outside: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package[: len(package) - node.level + 1]
            elif module == "homestaging" or module.startswith("homestaging."):
                base, module = [], module.removeprefix("homestaging").lstrip(".")
            else:
                outside.add(module.split(".")[0])
                continue
            prefix = [*base, *module.split(".")] if module else base
            ours.update(".".join([*prefix, alias.name]) for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("homestaging."):
                    ours.add(alias.name.removeprefix("homestaging."))
                elif alias.name != "homestaging":
                    outside.add(alias.name.split(".")[0])
    return ours, outside


FILES = sorted(PACKAGE.rglob("*.py"))
FOLDERS = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
SUBPACKAGE_NAMES = {name: sorted(p.name for p in (PACKAGE / name).iterdir()
                                 if (p / "__init__.py").is_file()) for name in FOLDERS}
CORE = sorted(_dotted(p) for p in FILES if _folder(_dotted(p)) in CORE_FOLDERS)


def test_the_package_is_folders() -> None:
    """At most 12 modules directly in the package; every folder has its rule."""
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top <= TOP_LEVEL, f"modules outside a folder: {sorted(top - TOP_LEVEL)}"
    assert len(top) <= 12
    units = {_folder(_dotted(p)) for p in FILES} - {""}
    assert units <= set(MAY_IMPORT), sorted(units - set(MAY_IMPORT))


MAX_MODULE_LINES = 700


def test_no_module_is_longer_than_a_reader_holds() -> None:
    """A module does one job: none is over 700 lines."""
    long = {_dotted(p): n for p in FILES
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


@pytest.mark.parametrize("path", [p for p in FILES if _folder(_dotted(p))],
                         ids=lambda p: _dotted(p) or "__init__")
def test_folders_import_only_the_folders_below(path: Path) -> None:
    """A module imports only from its folder's rule; click only in cli/ and commands,
    matplotlib only in draw/ (and an application's or game's own drawing modules), no
    YAML in the core."""
    folder = _folder(_dotted(path))
    ours, outside = _imports(path)
    used = {_folder(name) for name in ours} - {""}
    wrong = sorted(used - MAY_IMPORT[folder])
    assert wrong == [], f"{_dotted(path)} imports {wrong}"
    if folder != "cli" and path.stem != "commands":
        assert "click" not in outside
    if folder != "draw" and (folder in MAY_IMPORT["draw"] or path.stem not in DRAWING_MODULES):
        assert "matplotlib" not in outside
    if folder in CORE_FOLDERS:
        assert "yaml" not in outside


def _outside_modules(path: Path) -> set[str]:
    """The outside modules a file imports, by their whole dotted names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] != "homestaging"}


def test_no_module_imports_a_private_module() -> None:
    """No module imports a private module of the standard library or of a library
    (``_pickle``, ``matplotlib._api``): ruff's SLF001 sees private attributes, not
    imports."""
    private = {_dotted(path): sorted(name for name in _outside_modules(path)
                                     if any(part.startswith("_") for part in name.split(".")
                                            if part != "__future__"))
               for path in FILES}
    assert {module: names for module, names in private.items() if names} == {}


def test_core_loads_no_file_format() -> None:
    """The models, rules and scoring work on objects: no YAML, no schema, no file reader."""
    modules = ", ".join(f"homestaging.{name}" for name in CORE)
    code = f"""
import json, sys
import {modules}
heavy = ("yaml", "homestaging.formats.schema", "homestaging.formats.readers",
         "homestaging.formats.files", "click", "matplotlib", "shapely")
print(json.dumps({{name: name in sys.modules for name in heavy}}))
"""
    loaded = _run(code)
    assert not any(loaded.values()), loaded


def test_the_editor_reaches_the_core_only_through_its_adapter() -> None:
    """Only ``editor/adapter.py`` imports the package outside the editor; outside the
    editor only the table server imports it, and only its adapter (each player's sheet
    is the editor's page); the CLI's command table names its command."""
    reaching = sorted(p.stem for p in (PACKAGE / "editor").glob("*.py")
                      if {_folder(n) for n in _imports(p)[0]} - {"", "editor"})
    assert reaching == ["adapter"]
    users = {_dotted(p): {n for n in _imports(p)[0] if _folder(n) == "editor"}
             for p in FILES if _folder(_dotted(p)) != "editor"}
    users = {name: used for name, used in users.items() if used}
    assert {_folder(name) for name in users} <= {"table"}
    assert set().union(*users.values()) <= {"editor.adapter"}
    assert COMMANDS["edit"] == "homestaging.editor.commands:edit"


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
from homestaging.cli.root import main
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
from homestaging.cli.root import main
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
from homestaging.cli.root import main
try:
    main([{command!r}, {str(sheet)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
""" + LOADED
    assert _run(code) == {
        "matplotlib": False, "click": True, "networkx": True, "shapely": False
    }


def test_commands_are_imported_only_when_invoked() -> None:
    modules = ("cli.sheets", "cli.data", "text.pages", "search.placement", "draw.render",
               "draw.previews",
               "draw.printing")
    code = f"""
import json, sys
from homestaging.cli.root import main
try:
    main(["check", {str(EXAMPLE)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print(json.dumps({{name: "homestaging." + name in sys.modules for name in {modules!r}}}))
"""
    assert _run(code) == {name: name == "cli.sheets" for name in modules}


def test_place_imports_neither_scoring_nor_drawing() -> None:
    """``place`` ranks moves and lists them: the score card and the drawing are not
    loaded (nor the score's explanations of what blocks a piece)."""
    midgame = ROOT / "examples" / "tutorial-midgame.json"
    modules = ("scoring.card", "scoring.blocking", "draw.render", "draw.previews", "draw.drawing")
    code = f"""
import json, sys
from homestaging.cli.root import main
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
from homestaging.cli.root import main
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
    code = ("import homestaging.rules.checks, homestaging.scoring.card, "
            "homestaging.formats.sheetreader\n" + LOADED)
    loaded = _run(code)
    assert (loaded["matplotlib"], loaded["click"]) == (False, False)


def test_cli_module_imports_no_heavy_library() -> None:
    assert _run("import homestaging.cli.root\n" + LOADED) == {
        "matplotlib": False, "click": True, "networkx": False, "shapely": False
    }


def test_print_loads_no_networkx(tmp_path: Path) -> None:
    """A printed drawing sheet's score table needs the scoring's points, not its
    verdicts: printing loads matplotlib, not networkx."""
    code = f"""
from homestaging.cli.root import main
try:
    main(["print", "tutorial", "-o", {str(tmp_path / "p.pdf")!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
""" + LOADED
    assert _run(code) == {
        "matplotlib": True, "click": True, "networkx": False, "shapely": True
    }


def test_printing_and_the_cli_do_not_import_opencv() -> None:
    code = """
import json, sys
import homestaging.cli.root, homestaging.draw.printing
import homestaging.draw.pencil, homestaging.draw.markers
from homestaging.cli.root import main
print(json.dumps({"cv2": "cv2" in sys.modules, "numpy": "numpy" in sys.modules}))
"""
    assert _run(code) == {"cv2": False, "numpy": False}


@pytest.mark.parametrize("game", ["roomies", "decorum", "housewarming", "dreamhome"])
@pytest.mark.parametrize("command", ["check", "score"])
def test_family_check_and_score_import_no_heavy_library(game: str, command: str) -> None:
    example = sorted((ROOT / "examples" / game).glob("*[!d].json"))[0]  # not .expected.json
    code = f"""
from homestaging.cli.root import main
try:
    main([{game!r}, {command!r}, {str(example)!r}], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code in (0, 1), stop.code
""" + LOADED
    loaded = _run(code)
    assert (loaded["matplotlib"], loaded["networkx"]) == (False, False)


def test_the_command_line_collects_young_objects_seldom() -> None:
    # the entry point sets the collector's threshold before importing the CLI; a library
    # import of the package leaves Python's default (700, or 2000 from Python 3.13)
    # and at exit, what is left is frozen: not walked once more (atexit runs the handler
    # registered last first: the entry point's, then this one); Python 3.12 starts with a
    # few hundred objects frozen already, so the counts are taken from where it starts
    code = ("import atexit, gc, sys; default = gc.get_threshold()[0]; "
            "start = gc.get_freeze_count(); import homestaging; "
            "before = gc.get_threshold()[0] == default; "
            "sys.argv = ['homestaging', '--version']\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() - start > 1000))\n"
            "from homestaging.entry import GC_THRESHOLD, run\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "print(before, gc.get_threshold()[0] == GC_THRESHOLD, gc.get_freeze_count() - start)\n")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert found.stdout.splitlines()[-2:] == ["True True 0", "frozen True"]


def test_the_no_hallway_rule_is_read_in_one_place() -> None:
    """Only ``core/entry.py`` reads the ``no-hallway`` special rule (``core/project.py``
    names it among the rules a project may have); everything else asks ``Project.entry``."""
    readers = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                     if "no_hallway" in path.read_text(encoding="utf-8")
                     or '"no-hallway" in' in path.read_text(encoding="utf-8"))
    assert readers == ["core/entry.py", "core/project.py"]
