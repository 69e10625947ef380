"""Reading the furniture catalog and the furniture cards from YAML.

The bundled data lives in ``furniture/`` (every ``*.yaml`` but ``cards.yaml`` is a
list of pieces; ``cards.yaml`` holds the 66 cards); :func:`bundled_catalog` reads it
once, through the cache of :mod:`homestaging.formats.datacache` (built from the files and
checked the first time, loaded while they stay the same). :func:`parse_pieces` and
:func:`parse_cards` also read the pieces and cards a project brings (see
:mod:`homestaging.formats.projectreader`). Every problem of a file is reported at once, each with
its JSON path (``docs/game-data.md``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.catalog import Card, Catalog
from ..core.errors import InputError, Located
from ..core.grid import DELTAS, Cell, outermost
from ..core.pieces import Orientation, Piece, Shape, parse_art
from ..core.quoting import excerpt
from .datacache import cached
from .files import read_text
from .readers import JsonParts, json_path, load_yaml
from .schema import iter_errors, load_schema

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["CATALOG_CLASSES", "bundled_catalog", "bundled_catalog_files", "catalog_files",
           "catalog_parts", "data_dir", "data_folder", "load_catalog", "parse_cards",
           "parse_pieces", "yaml_files"]

CATALOG_CLASSES: tuple[type, ...] = (Catalog, Card, Piece, Shape, Orientation)
"""The classes of a catalog's objects (what its cache entry may hold)."""


def data_folder(name: str) -> str:
    """The bundled ``furniture`` or ``projects`` folder, installed (``homestaging/data``)
    or in a checkout (beside the package). A plain path, as the bundled data's cache
    takes them (:func:`data_dir` gives it as a Path)."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    installed = os.path.join(package, "data", name)
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(package), name)


def data_dir(name: str) -> Path:
    """:func:`data_folder` as a Path."""
    from pathlib import Path

    return Path(data_folder(name))


def _schema_problems(
    data: Any, schema: str, file: str, base: JsonParts
) -> tuple[list[Located], set[int]]:
    """Schema problems of a list, and the indexes of the entries they touch.

    The other entries are still checked further, so a file's problems come all at once.
    """
    problems = [
        Located(file, message, path)
        for path, message in iter_errors(data, load_schema(schema), None, base)
    ]
    bad: set[int] = set()
    if isinstance(data, list):
        entry = re.compile(re.escape(json_path(base)) + r"\[(\d+)\](?![^.\[])")
        for problem in problems:
            found = entry.match(problem.path or "")
            if found:
                bad.add(int(found.group(1)))
    return problems, bad


def parse_pieces(
    data: Any, file: str, base: JsonParts = (), known: Iterable[str] = ()
) -> tuple[list[Piece], list[Located]]:
    """Pieces from a catalog list; also returns every located problem found."""
    problems, bad = _schema_problems(data, "catalog", file, base)
    if not isinstance(data, list):
        return [], problems
    pieces: list[Piece] = []
    seen = set(known)
    for index, entry in enumerate(data):
        if index in bad:
            continue
        where = json_path((*base, index))
        if entry["id"] in seen:
            problems.append(
                Located(file, f"duplicate piece id {excerpt(entry['id'])}", f"{where}.id"))
            continue
        seen.add(entry["id"])
        try:
            shape = parse_art(entry["art"])
        except ValueError as error:
            problems.append(Located(file, f"bad art: {error}", f"{where}.art"))
            continue
        kind = entry.get("kind", "furniture")
        wall = frozenset(entry.get("wall", []))
        if kind == "rug" and shape.circulation:
            problems.append(Located(file, "a rug has no circulation squares ('o')", f"{where}.art"))
            continue
        blocked = _sides_with_circulation(shape.furniture, shape.circulation, wall)
        if blocked:
            problems.append(
                Located(
                    file,
                    f"wall side(s) {', '.join(blocked)}: a circulation square stands between "
                    "the furniture and the wall",
                    f"{where}.wall",
                )
            )
            continue
        pieces.append(
            Piece(
                id=entry["id"],
                name=entry["name"],
                art=Shape(shape.furniture, shape.circulation, wall),
                tags=tuple(entry.get("tags", [])),
                kind=kind,
                hatch=entry.get("hatch", ""),
            )
        )
    return pieces, problems


def _sides_with_circulation(
    furniture: frozenset[Cell],
    circulation: frozenset[Cell],
    wall: frozenset[str],
) -> list[str]:
    """Wall sides where a circulation square stands between the furniture and the wall."""
    blocked = []
    for side in sorted(wall):
        dx, dy = DELTAS[side]
        if any((x + dx, y + dy) in circulation for x, y in outermost(furniture, side)):
            blocked.append(side)
    return blocked


def parse_cards(
    data: Any, file: str, pieces: dict[str, Piece], base: JsonParts = ()
) -> tuple[list[Card], list[Located]]:
    """Cards from a cards list, checked against ``pieces``; also returns every problem."""
    problems, bad = _schema_problems(data, "cards", file, base)
    if not isinstance(data, list):
        return [], problems
    cards: list[Card] = []
    seen: set[tuple[int, str]] = set()
    for index, entry in enumerate(data):
        if index in bad:
            continue
        where = json_path((*base, index))
        key = (entry["number"], entry["variant"])
        if key in seen:
            problems.append(Located(file, f"card {key[0]}{key[1]} is listed twice", where))
        seen.add(key)
        for option_index, option in enumerate(entry["options"]):
            if option not in pieces:
                problems.append(
                    Located(
                        file, f"unknown piece id {excerpt(option)}",
                        f"{where}.options[{option_index}]"
                    )
                )
        options = (entry["options"][0], entry["options"][1])
        cards.append(Card(entry["number"], entry["variant"], options))
    return cards, problems


def yaml_files(folder: str | Path) -> list[str]:
    """The paths of a folder's ``*.yaml`` files (those ``Path.glob`` finds, hidden ones
    included), in name order."""
    return [os.path.join(folder, name)
            for name in sorted(os.listdir(folder)) if name.endswith(".yaml")]


def catalog_files(folder: str | Path) -> list[str]:
    """The catalog's files in a folder: every ``*.yaml``, in name order."""
    return yaml_files(folder)


def load_catalog(folder: str | Path) -> Catalog:
    """Read every piece file and ``cards.yaml`` of a folder; InputError lists all problems."""
    problems: list[Located] = []
    pieces: dict[str, Piece] = {}
    for path in catalog_files(folder):
        if os.path.basename(path) == "cards.yaml":
            continue
        name, text = read_text(path)
        found, errors = parse_pieces(load_yaml(text, name), name, known=pieces)
        problems += errors
        pieces.update((piece.id, piece) for piece in found)
    cards_file = os.path.join(folder, "cards.yaml")
    cards: list[Card] = []
    if os.path.exists(cards_file):
        name, text = read_text(cards_file)
        cards, errors = parse_cards(load_yaml(text, name), name, pieces)
        problems += errors
    if problems:
        raise InputError(problems)
    return Catalog(
        pieces,
        {
            (card.number, card.variant): card
            for card in sorted(cards, key=lambda c: (c.number, c.variant))
        },
    )


@cache
def bundled_catalog_files() -> tuple[str, ...]:
    """The bundled catalog's files (:func:`catalog_files`), looked for once: they ship
    with the package, and every bundled project's cache entry is keyed by them too."""
    return tuple(catalog_files(data_folder("furniture")))


@cache
def bundled_catalog() -> Catalog:
    """The catalog and cards shipped with homestaging (kept in the cache)."""
    return cached("catalog", bundled_catalog_files(),
                  lambda: load_catalog(data_folder("furniture")), Catalog,
                  allowed=CATALOG_CLASSES)


_PARTS: list[tuple[Catalog, dict[str, object]]] = []
""":func:`catalog_parts` of the last catalog asked about, kept with it: every bundled
project's cache entry is loaded with the bundled catalog's."""


def catalog_parts(catalog: Catalog) -> dict[str, object]:
    """The catalog and its pieces and cards by name: what a cache entry built on it
    refers to (:func:`homestaging.formats.datacache.cached`'s ``shared``); the caller
    must not change it."""
    if _PARTS and _PARTS[0][0] is catalog:
        return _PARTS[0][1]
    parts: dict[str, object] = {
        "catalog": catalog,
        **{f"piece {piece_id}": piece for piece_id, piece in catalog.pieces.items()},
        **{f"card {number}{variant}": card for (number, variant), card in catalog.cards.items()}}
    _PARTS[:] = [(catalog, parts)]
    return parts
