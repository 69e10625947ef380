"""Reading and checking project files (YAML), and finding the bundled projects.

:func:`load_project` reads one file, :func:`parse_project` checks parsed YAML (the
schema, then every square, wall, feature, room, card and bonus reference); every
problem is reported at once as one :class:`~homestaging.core.errors.InputError`, each with
its JSON path. :func:`find_project` takes a bundled id or a path, as sheets and the
command line name projects.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence, Set
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.bitmask import Moves, SquareSet, bits, compact, on_sheet, parse_squares
from ..core.catalog import Catalog
from ..core.errors import InputError, Located, UnknownProject
from ..core.grid import (
    MAX_SIDE,
    Cell,
    Edge,
    cell_name,
    cells_text,
    components,
    parse_edge,
    reading_order,
)
from ..core.project import MAX_TOKENS, Bonus, CardSlot, Feature, Project, RoomSpec
from ..core.quoting import Suggestions, did_you_mean, excerpt, kind
from .catalogreader import (
    CATALOG_CLASSES,
    bundled_catalog,
    bundled_catalog_files,
    catalog_parts,
    data_folder,
    parse_cards,
    parse_pieces,
    yaml_files,
)
from .datacache import cached
from .files import read_once, read_text
from .readers import JsonParts, json_path, load_yaml
from .schema import iter_errors, load_schema

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "MAX_LISTED_SQUARES",
    "NameSuggestions",
    "ProjectFileCheck",
    "bundled_project_files",
    "check_project_files",
    "find_project",
    "load_project",
    "parse_project",
]

MAX_LISTED_SQUARES = 4 * MAX_SIDE * MAX_SIDE
"""How many squares the ranges of one file may name in all (each square of the largest
sheet four times over); past it the rest is not read."""


class NameSuggestions:
    """The "did you mean" suggestions of a reader of files that name the rooms and
    pieces of :attr:`project` (a sheet, a game record): each made when a name is
    wrong, once per reader."""

    project: Project

    @cached_property
    def close_rooms(self) -> Suggestions:
        """The project's room names."""
        return Suggestions(room.name for room in self.project.rooms)

    @cached_property
    def close_pieces(self) -> Suggestions:
        """The catalog's piece ids."""
        return Suggestions(self.project.catalog.pieces)


_BOUNDED = {
    "distance": ("max", "min"),
    "count": ("at_least", "at_most"),
    "room_size": ("at_least", "at_most"),
}

class _ProjectReader:
    """Semantic checks of a schema-checked project; collects every problem."""

    def __init__(self, data: dict[str, Any], file: str) -> None:
        self.data = data
        self.file = file
        self.problems: list[Located] = []
        self.width: int = data["sheet"]["width"]
        self.height: int = data["sheet"]["height"]
        self.squares_left = MAX_LISTED_SQUARES
        self.house: Set[Cell] = frozenset()

    def error(self, message: str, parts: JsonParts | str) -> None:
        path = parts if isinstance(parts, str) else json_path(parts)
        self.problems.append(Located(self.file, message, path))

    def off_sheet(self, squares: Iterable[Cell]) -> list[Cell]:
        """The squares off the sheet, in the order given (a set's in reading order)."""
        if isinstance(squares, SquareSet):
            squares = squares - SquareSet.rectangle(0, 0, self.width - 1, self.height - 1)
        elif isinstance(squares, frozenset):
            squares = sorted(squares, key=reading_order)
        return [c for c in squares if not (0 <= c[0] < self.width and 0 <= c[1] < self.height)]

    def cells(self, values: list[str], path: JsonParts) -> list[Set[Cell]]:
        """Each entry's squares; a bad entry adds a problem and gives no squares.

        Once the project's lists name more than MAX_LISTED_SQUARES squares in all, the
        rest give no squares and one problem says so (a file of repeated large ranges
        must not cost time and memory without bound).
        """
        found: list[Set[Cell]] = []
        for index, value in enumerate(values):
            found.append(frozenset())
            if self.squares_left < 0:
                continue
            try:
                squares = parse_squares(value)
            except ValueError as error:
                self.error(str(error), (*path, index))
                continue
            self.squares_left -= len(squares)
            if self.squares_left < 0:
                self.error(
                    f"the project's ranges name more than {MAX_LISTED_SQUARES} squares in all "
                    "(each square of the largest sheet a few times over); the rest is not read",
                    (*path, index),
                )
                continue
            found[-1] = squares
        return found

    def read_catalog(self, base: Catalog) -> Catalog:
        """The bundled catalog with the project's own pieces and cards; ``base`` itself
        when the project brings none (a bundled project's cache entry then refers to the
        catalog's entry instead of holding a copy of its lists)."""
        pieces, errors = parse_pieces(
            self.data.get("furniture", []), self.file, ("furniture",), base.pieces
        )
        self.problems += errors
        extended = base.extended(pieces, []) if pieces else base
        cards, errors = parse_cards(
            self.data.get("cards", []), self.file, extended.pieces, ("cards",)
        )
        self.problems += errors
        return extended.extended([], cards) if cards else extended

    def read_house(self) -> Set[Cell]:
        for index, squares in enumerate(self.cells(self.data["house"], ("house",))):
            outside = self.off_sheet(squares)
            if outside:
                self.error(
                    f"{cells_text(outside[:3])} lie(s) off the {self.width} x {self.height} sheet",
                    ("house", index),
                )
            overlap = self.house & squares
            if overlap:
                self.error(
                    f"overlaps an earlier house range at {cells_text(sorted(overlap)[:4])}",
                    ("house", index),
                )
            self.house |= squares
        parts = [] if self.connected() else components(self.house)
        if len(parts) > 1:
            starts = ", ".join(cell_name(min(p, key=reading_order)) for p in parts)
            self.error(
                f"the house is not one connected region: {len(parts)} separate parts, "
                f"starting at {starts}",
                "$.house",
            )
        return compact(self.house)

    def connected(self) -> bool:
        """Whether the house read so far is on the sheet and in one piece: flooded as
        bit masks, light on a large house (its parts are listed only when it is not)."""
        width, height = self.width, self.height
        if not on_sheet(self.house, width, height):
            return False
        house = bits(self.house, width, height)
        return Moves.build(width, height).flood(house & -house, house) == house

    def read_obstacles(self) -> frozenset[Cell]:
        obstacles: set[Cell] = set()
        for index, squares in enumerate(self.cells(self.data.get("obstacles", []), ("obstacles",))):
            stray = [c for c in squares if c not in self.house]
            if stray:
                self.error(f"obstacle at {cells_text(stray)} is outside the house",
                           ("obstacles", index))
            obstacles.update(squares)
        return frozenset(obstacles)

    def read_walls(self) -> frozenset[Edge]:
        walls: set[Edge] = set()
        for index, value in enumerate(self.data.get("walls", [])):
            try:
                edge = parse_edge(value)
            except ValueError as error:
                self.error(str(error), ("walls", index))
                continue
            if not all(c in self.house for c in edge.cells):
                self.error(f"wall {edge.name} is not between two house squares", ("walls", index))
            walls.add(edge)
        return frozenset(walls)

    def read_features(self) -> tuple[Feature, ...]:
        features: list[Feature] = []
        for index, entry in enumerate(self.data.get("features", [])):
            path = ("features", index, "cells")
            squares = [c for group in self.cells(entry["cells"], path)
                       for c in sorted(group, key=reading_order)]
            inside = [c for c in squares if c in self.house]
            if inside:
                self.error(f"feature squares {cells_text(inside[:4])} lie inside the house", path)
            off = self.off_sheet(squares)
            if off:
                self.error(f"feature squares {cells_text(off[:4])} lie off the sheet", path)
            features.append(Feature(entry["kind"], frozenset(squares), entry.get("name", "")))
        return tuple(features)

    def read_rooms(self, catalog: Catalog) -> tuple[RoomSpec, ...]:
        rooms: list[RoomSpec] = []
        names: set[str] = set()
        for index, entry in enumerate(self.data["rooms"]):
            if entry["name"] in names:
                self.error(f"two rooms are named {excerpt(entry['name'])}",
                           ("rooms", index, "name"))
            names.add(entry["name"])
            for card_index, slot in enumerate(entry["cards"]):
                if not catalog.card_options(slot["number"]):
                    self.error(f"there is no card number {slot['number']}",
                               ("rooms", index, "cards", card_index, "number"))
            slots = tuple(CardSlot(s["number"], s["tokens"]) for s in entry["cards"])
            rooms.append(RoomSpec(entry["name"], entry["type"], slots))
        tokens = sum(room.tokens for room in rooms)
        if tokens > MAX_TOKENS:
            self.error(f"the rooms use {tokens} selection tokens; a project may use at most "
                       f"{MAX_TOKENS} (the box has 25)",
                       "$.rooms")
        return tuple(rooms)

    def read_bonuses(
        self, catalog: Catalog, rooms: tuple[RoomSpec, ...], features: tuple[Feature, ...]
    ) -> tuple[Bonus, ...]:
        bonuses: list[Bonus] = []
        names = {room.name for room in rooms}
        kinds = {feature.kind for feature in features}
        for index, entry in enumerate(self.data.get("bonuses", [])):
            path: JsonParts = ("bonuses", index)
            if len([key for key in ("when", "per") if key in entry]) != 1:
                self.error("expected exactly one of 'when' or 'per'", path)
            if "max" in entry and "per" not in entry:
                self.error("'max' only goes with 'per'", (*path, "max"))
            _check_bonus_refs(
                self.file,
                {k: v for k, v in entry.items() if k in ("when", "per")},
                path,
                names,
                kinds,
                catalog,
                self.problems,
            )
            bonuses.append(Bonus(entry["text"], entry["points"], entry.get("when"),
                                 entry.get("per"), entry.get("max"), json_path(path)))
        return tuple(bonuses)


def _check_bonus_refs(
    file: str,
    value: Any,
    path: JsonParts,
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
                problems.append(
                    Located(file, f"unknown piece id {excerpt(item['id'])}", f"{where}.id"))
            if "tag" in item and item["tag"] not in tags:
                problems.append(
                    Located(file, f"no piece has the tag {excerpt(item['tag'])}", f"{where}.tag")
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
                        file, f"no feature of kind {excerpt(item)} in this project (has: {known})",
                        where
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
    known = ", ".join(sorted(rooms))
    return Located(file, f"no room named {excerpt(name)} (rooms: {known})", where)


def _not_a_project(data: Any, file: str) -> InputError | None:
    """A file that is not a project (not a mapping holding any key of a project) is told
    so, quoting nothing of it: it may be any file, a private one included."""
    schema = load_schema("project")
    required = schema["required"]
    expected = f"expected a YAML mapping with the keys {', '.join(required)}"
    if not isinstance(data, dict):
        return InputError.single(file, f"not a homestaging project: {expected}, found "
                                 f"{kind(data)}", "$")
    if not any(key in schema["properties"] for key in data):
        return InputError.single(file, f"not a homestaging project: {expected}", "$")
    return None


def parse_project(data: Any, file: str, catalog: Catalog | None = None) -> Project:
    """Build a project from parsed YAML; raise InputError with every problem found."""
    foreign = _not_a_project(data, file)
    if foreign is not None:
        raise foreign
    schema_problems = [
        Located(file, message, path) for path, message in iter_errors(data, load_schema("project"))
    ]
    if schema_problems:
        raise InputError(schema_problems)
    reader = _ProjectReader(data, file)
    full_catalog = reader.read_catalog(catalog or bundled_catalog())
    house = reader.read_house()
    obstacles = reader.read_obstacles()
    walls = reader.read_walls()
    features = reader.read_features()
    rooms = reader.read_rooms(full_catalog)
    bonuses = reader.read_bonuses(full_catalog, rooms, features)
    if reader.problems:
        raise InputError(reader.problems)
    return Project(
        id=data["id"],
        name=data["name"],
        width=reader.width,
        height=reader.height,
        house=house,
        rooms=rooms,
        catalog=full_catalog,
        number=data.get("number", 0),
        difficulty=data.get("difficulty", 0),
        description=data.get("description", "").strip(),
        obstacles=obstacles,
        walls=walls,
        features=features,
        special_rules=tuple(data.get("special_rules", [])),
        bonuses=bonuses,
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
    from pathlib import Path

    return {project_id: Path(path) for project_id, path in _bundled_files().items()}


@cache
def _bundled_files() -> dict[str, str]:
    """The bundled project files (plain paths), looked for once (they ship with the
    package)."""
    files: dict[str, str] = {}
    for path in yaml_files(data_folder("projects")):
        stem = os.path.splitext(os.path.basename(path))[0]
        project_id = stem.split("-", 1)[1] if stem[:2].isdigit() and "-" in stem else stem
        files[project_id] = path
    return files


PROJECT_CLASSES: tuple[type, ...] = (*CATALOG_CLASSES, Project, RoomSpec, CardSlot, Feature,
                                     Bonus, Edge, SquareSet)
"""The classes of a project's objects (what its cache entry may hold)."""


@cache
def _bundled(project_id: str) -> Project:
    """A bundled project, kept in the cache (its key covers the catalog's files, which
    it is checked against)."""
    path = _bundled_files()[project_id]
    catalog = bundled_catalog()
    return cached(f"project-{project_id}", [path, *bundled_catalog_files()],
                  lambda: _with_tables(load_project(path)), Project, allowed=PROJECT_CLASSES,
                  shared=catalog_parts(catalog))


def _with_tables(project: Project) -> Project:
    """``project`` with what every sheet of it asks for worked out (its exterior walls'
    keys, its masks): kept with it in the cache, not worked out again by every command
    that reads one of its sheets. The exterior walls as edges are not: few sheets need
    them, and they take longer to load than their keys."""
    project.fixed_wall_keys()  # the exterior walls' keys, and the pre-drawn walls'
    project.open_bits()
    return project


def find_project(reference: str, relative_to: str | Path | None = None) -> Project:
    """A bundled project by id, or a project file by path (relative to ``relative_to``)."""
    if reference in _bundled_files():
        return _bundled(reference)
    from pathlib import Path

    path = Path(reference)
    if relative_to is not None and not path.is_absolute():
        path = Path(relative_to) / path
    try:
        exists, regular = path.exists(), path.is_file()
    except OSError as error:  # e.g. a name too long for the file system
        raise UnknownProject(
            f"project {excerpt(reference)} cannot be a file: {error.strerror}") from None
    if exists and not regular:
        raise UnknownProject(f"project {excerpt(reference)} is not a regular file")
    if path.suffix in (".yaml", ".yml") or exists:
        return read_once(str(path), lambda: load_project(path))
    known = ", ".join(_bundled_files())
    close = Suggestions(_bundled_files(), cutoff=0.75)(reference)  # not castle: cat-lovers
    raise UnknownProject(
        f"unknown project {excerpt(reference)}{did_you_mean(close)}: expected a bundled id "
        f"({known}) or a path to a project YAML file"
    )


class ProjectFileCheck(NamedTuple):
    """A project file checked: its name and every problem found (none: it is valid)."""

    file: str
    problems: tuple[Located, ...]

    @property
    def valid(self) -> bool:
        return not self.problems


def check_project_files(files: Sequence[str]) -> list[ProjectFileCheck]:
    """Read and check each project file (``-``: standard input, named ``<stdin>``)."""
    checks = []
    for file in files:
        name = "<stdin>" if file == "-" else file
        try:
            load_project("-" if name == "<stdin>" else name)
        except InputError as error:
            checks.append(ProjectFileCheck(name, tuple(error.messages)))
        else:
            checks.append(ProjectFileCheck(name, ()))
    return checks
