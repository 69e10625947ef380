"""The bundled data's cache: used while its sources stand, built again otherwise, never
a way to load anything but the model, and never a different answer."""

from __future__ import annotations

import ast
import os
import pickle
from pathlib import Path

import pytest

from homestaging.core.catalog import Card, Catalog
from homestaging.formats import datacache
from homestaging.formats.catalogreader import (
    bundled_catalog,
    catalog_files,
    data_dir,
    load_catalog,
)
from homestaging.formats.datacache import cached, entry_path
from homestaging.formats.projectreader import (
    _bundled,
    bundled_project_files,
    find_project,
    load_project,
)

PACKAGE = Path(datacache.__file__).resolve().parents[1]
ALLOWED = (Catalog, Card)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(folder))
    datacache._sums.clear()
    return folder


class Builds:
    """A build that counts its calls and returns a small catalog."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> Catalog:
        self.calls += 1
        return Catalog({}, {(7, "a"): Card(7, "a", ("sofa", "stove"))})


def test_an_entry_is_built_once_then_loaded(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    build = Builds()
    first = cached("test", [source], build, Catalog, allowed=ALLOWED)
    again = cached("test", [source], build, Catalog, allowed=ALLOWED)
    assert build.calls == 1
    assert again == first and again is not first
    saved = entry_path("test", [source])
    assert saved is not None and saved.parent == cache and saved.is_file()


def test_an_edited_source_makes_a_new_entry(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    build = Builds()
    cached("test", [source], build, Catalog, allowed=ALLOWED)
    old = entry_path("test", [source])
    source.write_text("two\n")  # the same size, other contents
    datacache._sums.clear()  # a new process
    cached("test", [source], build, Catalog, allowed=ALLOWED)
    assert build.calls == 2
    assert entry_path("test", [source]) != old


def test_a_broken_entry_is_built_again(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    build = Builds()
    expected = cached("test", [source], build, Catalog, allowed=ALLOWED)
    saved = entry_path("test", [source])
    assert saved is not None
    for broken in (b"", saved.read_bytes()[:20], b"not a pickle at all"):
        saved.write_bytes(broken)
        assert cached("test", [source], build, Catalog, allowed=ALLOWED) == expected
    assert build.calls == 4


class _Boom:
    """Unpickling this calls os.system: a cache file must never do that."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch exploded",))


def test_an_entry_holding_another_class_is_not_loaded(cache: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    saved = entry_path("test", [source])
    assert saved is not None
    cache.mkdir()
    saved.write_bytes(pickle.dumps(_Boom()))
    monkeypatch.chdir(tmp_path)
    build = Builds()
    assert cached("test", [source], build, Catalog, allowed=ALLOWED) == Builds()()
    assert build.calls == 1
    assert not (tmp_path / "exploded").exists()
    # an allowed class, but not what the entry is
    saved.write_bytes(pickle.dumps(Card(1, "a", ("sofa", "stove"))))
    assert cached("test", [source], build, Catalog, allowed=ALLOWED) == Builds()()
    assert build.calls == 2


def test_the_cache_turned_off_or_unwritable_only_builds(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "cards.yaml"
    source.write_text("one\n")
    build = Builds()
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", "")
    cached("test", [source], build, Catalog, allowed=ALLOWED)
    cached("test", [source], build, Catalog, allowed=ALLOWED)
    assert build.calls == 2
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(blocker / "cache"))  # under a file
    assert cached("test", [source], build, Catalog, allowed=ALLOWED) == Builds()()
    assert build.calls == 3


def test_old_entries_are_forgotten(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "cards.yaml"
    build = Builds()
    for number in range(datacache.KEEP + 3):
        source.write_text(f"version {number}\n")
        datacache._sums.clear()
        cached("test", [source], build, Catalog, allowed=ALLOWED)
        os.utime(entry_path("test", [source]), (number, number))  # type: ignore[arg-type]
    assert len(list(cache.glob("test-*.pickle"))) == datacache.KEEP
    assert entry_path("test", [source]).is_file()  # type: ignore[union-attr]


def test_the_bundled_data_from_the_cache_is_the_data_of_the_files(cache: Path) -> None:
    """Loaded from the cache, built from the files: equal catalog and projects, the
    projects sharing the catalog's pieces."""
    fresh = load_catalog(data_dir("furniture"))
    bundled_catalog.cache_clear()
    built = bundled_catalog()  # built and saved
    bundled_catalog.cache_clear()
    loaded = bundled_catalog()  # loaded
    assert loaded is not built
    assert loaded == built == fresh
    assert [p.name for p in sorted(cache.glob("*.pickle"))] == [
        entry_path("catalog", catalog_files(data_dir("furniture"))).name]  # type: ignore[union-attr]
    for project_id, path in bundled_project_files().items():
        _bundled.cache_clear()
        find_project(project_id)  # built and saved
        _bundled.cache_clear()
        project = find_project(project_id)  # loaded
        assert project == load_project(path), project_id
        for piece_id, piece in project.catalog.pieces.items():
            if piece_id in loaded.pieces:
                assert piece is loaded.pieces[piece_id]
    assert len(list(cache.glob("project-*.pickle"))) == len(bundled_project_files())
    bundled_catalog.cache_clear()
    _bundled.cache_clear()


def test_a_project_without_pieces_of_its_own_refers_to_the_catalog_s_entry(
        cache: Path) -> None:
    """A bundled project that brings no pieces or cards keeps the bundled catalog itself,
    built or loaded; one that brings some (cat-lovers) a catalog of its own."""
    bundled_catalog.cache_clear()
    _bundled.cache_clear()
    built = find_project("tutorial")  # built and saved, on the catalog built and saved
    assert built.catalog is bundled_catalog()
    bundled_catalog.cache_clear()
    _bundled.cache_clear()
    catalog = bundled_catalog()
    assert find_project("tutorial").catalog is catalog  # loaded
    own = find_project("cat-lovers").catalog
    assert sorted(set(own.pieces) - set(catalog.pieces)) == [
        "cat-bed", "cat-tree", "litter-box", "scratching-post"]
    assert own.pieces["sofa"] is catalog.pieces["sofa"]
    bundled_catalog.cache_clear()
    _bundled.cache_clear()


def test_a_project_file_of_the_user_never_goes_through_the_cache(cache: Path,
                                                                 tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(bundled_project_files()["tutorial"].read_text())
    assert find_project(str(mine)).source == str(mine)
    assert [p.name.split("-")[0] for p in cache.glob("*")] in ([], ["catalog"])


def _package_imports(module: str) -> set[str]:
    """The package's modules ``module`` imports, directly or not (any import statement)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        package = name.split(".")[:-1]
        tree = ast.parse(PACKAGE.joinpath(*name.split(".")).with_suffix(".py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - node.level + 1]
                targets = ([".".join([*base, node.module])] if node.module
                           else [".".join([*base, a.name]) for a in node.names])
                todo += [t for t in targets
                         if PACKAGE.joinpath(*t.split(".")).with_suffix(".py").is_file()]
    return seen


def test_the_key_covers_the_code_that_builds_the_entries() -> None:
    """Every module the readers of the bundled data import is in CODE (the key), so no
    edit of the code that builds an entry can leave an old entry in use."""
    needed = _package_imports("formats.catalogreader") | _package_imports("formats.projectreader")
    assert needed - {"__init__"} <= set(datacache.CODE) | {"formats.output"}, sorted(
        needed - set(datacache.CODE))
