"""Each family game's docs page shows `homestaging GAME score FILE` output: it must be
exactly what the command prints today, piped (80 columns)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from homestaging.cli.root import main

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["roomies", "decorum", "housewarming", "dreamhome"]
SHOWN = re.compile(r"```\n\$ homestaging (\S+) score (\S+)\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize("page", PAGES)
def test_shown_output_is_real(page: str, runner: CliRunner, columns80: None) -> None:
    text = (ROOT / "docs" / f"{page}.md").read_text()
    shown = SHOWN.findall(text)
    assert shown, f"docs/{page}.md shows no score output"
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        for game, file, output in shown:
            result = runner.invoke(main, [game, "score", file])
            assert result.exit_code == 0, result.stderr
            assert result.stdout == output
    finally:
        os.chdir(here)


def test_readme_lists_every_family_command() -> None:
    readme = (ROOT / "README.md").read_text()
    for page in PAGES:
        assert f"homestaging {page} check" in readme
        assert f"docs/{page}.md" in readme
