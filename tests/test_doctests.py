"""The examples in the docstrings of the square, cell-name, bit-mask and JSON helpers, of
the graph algorithms, of the player's words and of the deal run."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from homestaging.core import bitmask, entry, errors, game, grid, quoting
from homestaging.formats import output, readers
from homestaging.text import words


@pytest.mark.parametrize("module", [grid, bitmask, errors, output, readers, game, entry, words,
                                    quoting],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0


def test_the_api_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/api.md's example, run from the checkout as the page says."""
    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    result = doctest.testfile(str(root / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5
    assert result.failed == 0


def test_the_package_loads_its_api_lazily() -> None:
    code = ("import sys, homestaging; assert 'homestaging.rules.checks' not in sys.modules; "
            "homestaging.check; assert 'homestaging.rules.checks' in sys.modules; "
            "assert 'homestaging.draw.render' not in sys.modules; "
            "assert homestaging.__getattr__('render').__name__ == 'save_plan'; "
            "print(sorted(homestaging.__all__))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert found.stdout.split() == [
        "['__version__',", "'best_moves',", "'check',", "'read_sheet',", "'render',",
        "'score']"]
