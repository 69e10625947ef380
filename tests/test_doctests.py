"""The examples in the docstrings of the square, cell-name, bit-mask and JSON helpers, of
the graph algorithms and of the deal run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from homestaging import bitmask, errors, game, grid, output


@pytest.mark.parametrize("module", [grid, bitmask, errors, output, game],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0
