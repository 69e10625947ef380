"""homestaging: validator, scorer and printing tool for the game Home Staging.

The library in five calls: ``read_sheet``, ``check``, ``score``, ``best_moves`` and
``render``, each imported when first used (``import homestaging`` loads nothing else);
``docs/api.md`` shows them at work.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "best_moves", "check", "read_sheet", "render", "score"]

_API = {
    "read_sheet": ("homestaging.formats.sheetreader", "read_sheet"),
    "check": ("homestaging.rules.checks", "check"),
    "score": ("homestaging.scoring.card", "score"),
    "best_moves": ("homestaging.search.moves", "best_moves"),
    "render": ("homestaging.draw.render", "save_plan"),
}
"""Public name -> (module, attribute): what :func:`__getattr__` imports on first use."""

if TYPE_CHECKING:
    from .draw.render import save_plan as render
    from .formats.sheetreader import read_sheet
    from .rules.checks import check
    from .scoring.card import score
    from .search.moves import best_moves


def __getattr__(name: str) -> Any:
    """Import a public function when it is first asked for (``check`` and ``score`` load
    no drawing library until ``render`` is used)."""
    if name not in _API:
        raise AttributeError(f"module 'homestaging' has no attribute {name!r}")
    module, attribute = _API[name]
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})
