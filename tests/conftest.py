"""Shared fixtures: a click runner that keeps stdout and stderr apart; hypothesis without
per-example deadlines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

# No per-example deadline: it is wall time, and a loaded machine passes it on a healthy
# example (200 ms); the fuzz modules guard against hangs with processor time.
settings.register_profile("homestaging", deadline=None)
settings.load_profile("homestaging")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner whose results have ``stdout`` and ``stderr`` separate."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


@pytest.fixture(autouse=True, scope="session")
def _own_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The tests keep the bundled data's cache (``homestaging.formats.datacache``) in a folder of
    their own, for in-process commands and the processes they start alike."""
    import os

    os.environ["HOMESTAGING_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(autouse=True)
def _whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text output is wrapped to the terminal's width (``$COLUMNS``): the tests read its
    lines whole, since a temporary folder's path is as long as the machine makes it;
    those of the layout ask for :func:`columns80`."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.fixture
def columns80(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal 80 columns wide, as output piped to another program is."""
    monkeypatch.setenv("COLUMNS", "80")
