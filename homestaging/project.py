"""Projects (the game's scenarios): the house, its rooms and cards, and the bonuses.

A project file is YAML (see ``docs/game-data.md`` and ``docs/bonus-language.md``).
:func:`load_project` reads and checks one; every problem is reported at once, each
with its JSON path.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .catalog import Catalog, bundled_catalog, data_dir, parse_cards, parse_pieces
from .errors import InputError, Located
from .grid import (
    MAX_SIDE,
    Cell,
    Edge,
    cell_name,
    cells_text,
    components,
    parse_cells,
    parse_edge,
)
from .readers import json_path, load_yaml, read_text
from .schema import iter_errors, load_schema

__all__ = [
    "MAX_LISTED_SQUARES",
    "MAX_ROOMS",
    "MAX_TOKENS",
    "SPECIAL_RULES",
    "Bonus",
    "CardSlot",
    "Feature",
    "Project",
    "RoomSpec",
    "bundled_project_files",
    "find_project",
    "load_project",
    "parse_project",
]

MAX_ROOMS = 5
MAX_TOKENS = 25
MAX_LISTED_SQUARES = 4 * MAX_SIDE * MAX_SIDE
SPECIAL_RULES = {
    "no-hallway": "There is no hallway: the front door opens into the first room, and "
    "the other rooms' doors open into rooms.",
    "lenient-access": "Empty squares inside rooms are walkable, not only circulation and rugs.",
}
_BOUNDED = {
    "distance": ("max", "min"),
    "count": ("at_least", "at_most"),
    "room_size": ("at_least", "at_most"),
}


@dataclass(frozen=True)
class CardSlot:
    """A card number in a room's row, with its selection tokens."""

    number: int
    tokens: int


@dataclass(frozen=True)
class RoomSpec:
    """A room card of the project: the room's name, type and furniture cards."""

    name: str
    type: str
    cards: tuple[CardSlot, ...]

    @property
    def tokens(self) -> int:
        return sum(slot.tokens for slot in self.cards)


@dataclass(frozen=True)
class Feature:
    """Something outside the house: a tree, a lake, a road..."""

    kind: str
    cells: frozenset[Cell]
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.kind


@dataclass(frozen=True)
class Bonus:
    """One bonus line: ``when`` a condition holds, or ``per`` matching piece (capped by ``max``)."""

    text: str
    points: int
    when: dict[str, Any] | None = None
    per: dict[str, Any] | None = None
    max: int | None = None
    path: str = "$"


@dataclass(frozen=True)
class Project:
    """A scenario of the projects book."""

    id: str
    name: str
    width: int
    height: int
    house: frozenset[Cell]
    rooms: tuple[RoomSpec, ...]
    catalog: Catalog
    number: int = 0
    difficulty: int = 0
    description: str = ""
    obstacles: frozenset[Cell] = frozenset()
    walls: frozenset[Edge] = frozenset()
    features: tuple[Feature, ...] = ()
    special_rules: tuple[str, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    tips: str = ""
    source: str = ""
    house_ranges: tuple[str, ...] = field(default=(), compare=False)

    @property
    def no_hallway(self) -> bool:
        return "no-hallway" in self.special_rules

    @property
    def lenient_access(self) -> bool:
        return "lenient-access" in self.special_rules

    def room(self, name: str) -> RoomSpec | None:
        return next((room for room in self.rooms if room.name == name), None)

    def in_sheet(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def exterior_walls(self) -> frozenset[Edge]:
        """Every edge between a house square and a square outside the house (computed once)."""
        cached: frozenset[Edge] | None = self.__dict__.get("_exterior_walls")
        if cached is None:
            cached = frozenset(
                Edge(cell, side)
                for cell in self.house
                for side, other in _sides(cell)
                if other not in self.house
            )
            object.__setattr__(self, "_exterior_walls", cached)
        return cached


def _sides(cell: Cell) -> Iterator[tuple[str, Cell]]:
    x, y = cell
    yield from (("n", (x, y - 1)), ("e", (x + 1, y)), ("s", (x, y + 1)), ("w", (x - 1, y)))


class _Budget:
    """How many more squares the project's lists of squares may name (see MAX_LISTED_SQUARES)."""

    def __init__(self) -> None:
        self.left = MAX_LISTED_SQUARES
        self.spent = False


def _cells(
    file: str,
    values: list[str],
    path: tuple[str | int, ...],
    problems: list[Located],
    budget: _Budget,
) -> list[list[Cell]]:
    """Each entry's squares; a bad entry adds a problem and gives no squares.

    Once the project's lists name more than MAX_LISTED_SQUARES squares in all, the
    rest give no squares and one problem says so (a file of repeated large ranges
    must not cost time and memory without bound).
    """
    found: list[list[Cell]] = []
    for index, value in enumerate(values):
        where = json_path((*path, index))
        if budget.spent:
            found.append([])
            continue
        try:
            squares = parse_cells(value)
        except ValueError as error:
            problems.append(Located(file, str(error), where))
            found.append([])
            continue
        budget.left -= len(squares)
        if budget.left < 0:
            budget.spent = True
            problems.append(
                Located(
                    file,
                    f"the project's ranges name more than {MAX_LISTED_SQUARES} squares in all "
                    "(each square of the largest sheet a few times over); the rest is not read",
                    where,
                )
            )
            found.append([])
            continue
        found.append(squares)
    return found


def _check_bonus_refs(
    file: str,
    value: Any,
    path: tuple[str | int, ...],
    rooms: set[str],
    features: set[str],
    catalog: Catalog,
    problems: list[Located],
    tags: frozenset[str] | None = None,
) -> None:
    """Every room, feature, piece id and tag a bonus names must exist."""
    if tags is None:
        tags = frozenset(tag for piece in catalog.pieces.values() for tag in piece.tags)
    if isinstance(value, list):
        for index, item in enumerate(value):
            _check_bonus_refs(file, item, (*path, index), rooms, features, catalog, problems, tags)
        return
    if not isinstance(value, dict):
        return
    for key, item in value.items():
        where = json_path((*path, key))
        if key == "piece" and isinstance(item, dict):
            if "id" in item and item["id"] not in catalog.pieces:
                problems.append(Located(file, f"unknown piece id {item['id']!r}", f"{where}.id"))
            if "tag" in item and item["tag"] not in tags:
                problems.append(
                    Located(file, f"no piece has the tag {item['tag']!r}", f"{where}.tag")
                )
            if "room" in item and item["room"] not in rooms:
                problems.append(_unknown_room(file, item["room"], f"{where}.room", rooms))
        elif key in ("room", "door", "window") and isinstance(item, str):
            if item not in rooms:
                problems.append(_unknown_room(file, item, where, rooms))
        elif key == "feature" and isinstance(item, str):
            if item not in features:
                known = ", ".join(sorted(features)) or "none"
                problems.append(
                    Located(
                        file, f"no feature of kind {item!r} in this project (has: {known})", where
                    )
                )
        elif key in _BOUNDED and isinstance(item, dict):
            bounds = [b for b in _BOUNDED[key] if b in item]
            if len(bounds) != 1:
                options = " or ".join(_BOUNDED[key])
                problems.append(Located(file, f"expected exactly one of {options}", where))
            _check_bonus_refs(file, item, (*path, key), rooms, features, catalog, problems, tags)
        else:
            _check_bonus_refs(file, item, (*path, key), rooms, features, catalog, problems, tags)


def _unknown_room(file: str, name: str, where: str, rooms: set[str]) -> Located:
    return Located(file, f"no room named {name!r} (rooms: {', '.join(sorted(rooms))})", where)


def parse_project(data: Any, file: str, catalog: Catalog | None = None) -> Project:
    """Build a project from parsed YAML; raise InputError with every problem found."""
    schema_problems = [
        Located(file, message, path) for path, message in iter_errors(data, load_schema("project"))
    ]
    if schema_problems:
        raise InputError(schema_problems)
    problems: list[Located] = []
    base = catalog or bundled_catalog()
    pieces, errors = parse_pieces(data.get("furniture", []), file, ("furniture",), base.pieces)
    problems += errors
    extended = base.extended(pieces, [])
    cards, errors = parse_cards(data.get("cards", []), file, extended.pieces, ("cards",))
    problems += errors
    catalog = extended.extended([], cards)

    width, height = data["sheet"]["width"], data["sheet"]["height"]
    budget = _Budget()
    house: set[Cell] = set()
    for index, squares in enumerate(_cells(file, data["house"], ("house",), problems, budget)):
        where = json_path(("house", index))
        outside = [c for c in squares if not (0 <= c[0] < width and 0 <= c[1] < height)]
        if outside:
            problems.append(
                Located(
                    file,
                    f"{cells_text(outside[:3])} lie(s) off the {width} x {height} sheet",
                    where,
                )
            )
        overlap = house.intersection(squares)
        if overlap:
            problems.append(
                Located(
                    file,
                    f"overlaps an earlier house range at {cells_text(sorted(overlap)[:4])}",
                    where,
                )
            )
        house.update(squares)
    parts = components(house)
    if len(parts) > 1:
        problems.append(
            Located(
                file,
                "the house is not one connected region: "
                f"{len(parts)} separate parts, starting at "
                f"{', '.join(cell_name(min(p, key=lambda c: (c[1], c[0]))) for p in parts)}",
                "$.house",
            )
        )

    obstacles: set[Cell] = set()
    for index, squares in enumerate(
        _cells(file, data.get("obstacles", []), ("obstacles",), problems, budget)
    ):
        stray = [c for c in squares if c not in house]
        if stray:
            problems.append(
                Located(
                    file,
                    f"obstacle at {cells_text(stray)} is outside the house",
                    json_path(("obstacles", index)),
                )
            )
        obstacles.update(squares)

    walls: set[Edge] = set()
    for index, value in enumerate(data.get("walls", [])):
        where = json_path(("walls", index))
        try:
            edge = parse_edge(value)
        except ValueError as error:
            problems.append(Located(file, str(error), where))
            continue
        if not all(c in house for c in edge.cells):
            problems.append(
                Located(file, f"wall {edge.name} is not between two house squares", where)
            )
        walls.add(edge)

    features: list[Feature] = []
    for index, entry in enumerate(data.get("features", [])):
        squares = [
            c
            for group in _cells(
                file, entry["cells"], ("features", index, "cells"), problems, budget
            )
            for c in group
        ]
        inside = [c for c in squares if c in house]
        off = [c for c in squares if not (0 <= c[0] < width and 0 <= c[1] < height)]
        if inside:
            problems.append(
                Located(
                    file,
                    f"feature squares {cells_text(inside[:4])} lie inside the house",
                    json_path(("features", index, "cells")),
                )
            )
        if off:
            problems.append(
                Located(
                    file,
                    f"feature squares {cells_text(off[:4])} lie off the sheet",
                    json_path(("features", index, "cells")),
                )
            )
        features.append(Feature(entry["kind"], frozenset(squares), entry.get("name", "")))

    rooms: list[RoomSpec] = []
    names: set[str] = set()
    for index, entry in enumerate(data["rooms"]):
        room_path: tuple[str | int, ...] = ("rooms", index)
        if entry["name"] in names:
            problems.append(
                Located(
                    file, f"two rooms are named {entry['name']!r}", json_path((*room_path, "name"))
                )
            )
        names.add(entry["name"])
        for card_index, slot in enumerate(entry["cards"]):
            if not catalog.card_options(slot["number"]):
                problems.append(
                    Located(
                        file,
                        f"there is no card number {slot['number']}",
                        json_path((*room_path, "cards", card_index, "number")),
                    )
                )
        rooms.append(
            RoomSpec(
                entry["name"],
                entry["type"],
                tuple(CardSlot(s["number"], s["tokens"]) for s in entry["cards"]),
            )
        )
    tokens = sum(room.tokens for room in rooms)
    if tokens > MAX_TOKENS:
        problems.append(
            Located(
                file,
                f"the rooms use {tokens} selection tokens; the box has {MAX_TOKENS}",
                "$.rooms",
            )
        )

    bonuses: list[Bonus] = []
    feature_kinds = {feature.kind for feature in features}
    for index, entry in enumerate(data.get("bonuses", [])):
        bonus_path: tuple[str | int, ...] = ("bonuses", index)
        kinds = [key for key in ("when", "per") if key in entry]
        if len(kinds) != 1:
            problems.append(
                Located(file, "expected exactly one of 'when' or 'per'", json_path(bonus_path))
            )
        if "max" in entry and "per" not in entry:
            problems.append(
                Located(file, "'max' only goes with 'per'", json_path((*bonus_path, "max")))
            )
        _check_bonus_refs(
            file,
            {k: v for k, v in entry.items() if k in ("when", "per")},
            bonus_path,
            names,
            feature_kinds,
            catalog,
            problems,
        )
        bonuses.append(
            Bonus(
                entry["text"],
                entry["points"],
                entry.get("when"),
                entry.get("per"),
                entry.get("max"),
                json_path(bonus_path),
            )
        )
    if problems:
        raise InputError(problems)
    return Project(
        id=data["id"],
        name=data["name"],
        width=width,
        height=height,
        house=frozenset(house),
        rooms=tuple(rooms),
        catalog=catalog,
        number=data.get("number", 0),
        difficulty=data.get("difficulty", 0),
        description=data.get("description", "").strip(),
        obstacles=frozenset(obstacles),
        walls=frozenset(walls),
        features=tuple(features),
        special_rules=tuple(data.get("special_rules", [])),
        bonuses=tuple(bonuses),
        tips=data.get("tips", "").strip(),
        source=file,
        house_ranges=tuple(data["house"]),
    )


def load_project(path: str | Path) -> Project:
    """Read and check a project YAML file (``-`` for stdin)."""
    name, text = read_text(path)
    data = load_yaml(text, name)
    return parse_project(data, name)


def bundled_project_files() -> dict[str, Path]:
    """Bundled project files by id (``projects/NN-id.yaml``), in book order."""
    files: dict[str, Path] = {}
    for path in sorted(data_dir("projects").glob("*.yaml")):
        stem = path.stem
        project_id = stem.split("-", 1)[1] if stem[:2].isdigit() and "-" in stem else stem
        files[project_id] = path
    return files


@cache
def _bundled(project_id: str) -> Project:
    return load_project(bundled_project_files()[project_id])


def find_project(reference: str, relative_to: Path | None = None) -> Project:
    """A bundled project by id, or a project file by path (relative to ``relative_to``)."""
    if reference in bundled_project_files():
        return _bundled(reference)
    path = Path(reference)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    if path.exists() and not path.is_file():
        raise ValueError(f"project {reference!r} is not a regular file")
    if path.suffix in (".yaml", ".yml") or path.exists():
        return load_project(path)
    known = ", ".join(bundled_project_files())
    raise ValueError(
        f"unknown project {reference!r}: expected a bundled id ({known}) or a path "
        "to a project YAML file"
    )
