"""What the docs show and name is real: a command's output as printed today, and every
module or file they send a reader to."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
REPO_FILES = sorted(str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
                    if ".git" not in path.parts)


def _named(pattern: str) -> list[tuple[str, str]]:
    return sorted({(page.name, name) for page in PAGES
                   for name in re.findall(pattern, page.read_text())})


@pytest.mark.parametrize(("page", "name"), _named(r"`([\w/]+\.py)`"))
def test_a_python_file_a_page_names_exists(page: str, name: str) -> None:
    assert any(path == name or path.endswith(f"/{name}") for path in REPO_FILES), \
        f"{page} names {name}, which is no file of the repository"


@pytest.mark.parametrize(("page", "name"), _named(r"`(homestaging(?:\.\w+)+)"))
def test_a_dotted_name_a_page_gives_exists(page: str, name: str) -> None:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            assert hasattr(found, attribute), f"{page} names {name}: no {attribute}"
            found = getattr(found, attribute)
        return
    raise AssertionError(f"{page} names {name}, which is no module")


def test_the_hint_player_md_shows_is_what_hint_prints(
        runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        columns80: None) -> None:
    text = (ROOT / "docs" / "player.md").read_text()
    shown = re.search(r"## Hint\n.*?```\n(.*?)```", text, re.DOTALL)
    assert shown is not None
    monkeypatch.chdir(tmp_path)
    for args in (["deal", "tutorial", "--seed", "418013", "-o", "game.json"],
                 ["new", "tutorial", "--game", "game.json", "-o", "sheet.json"]):
        assert runner.invoke(main, args).exit_code == 0
    assert "`homestaging deal tutorial --seed 418013 -o game.json`" in text
    result = runner.invoke(main, ["hint", "sheet.json"])
    assert result.exit_code == 0
    assert result.stdout == shown.group(1)
