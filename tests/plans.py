"""Small projects and sheets built in code, shared by the tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from homestaging.core.game import CardPlay, GameRecord, Round
from homestaging.core.grid import parse_cell, parse_cells, parse_edge
from homestaging.core.pieces import Placement
from homestaging.core.project import Bonus, CardSlot, Feature, Project, RoomSpec
from homestaging.core.sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from homestaging.formats.catalogreader import bundled_catalog

# (piece id, anchor[, rotation[, mirror]])
PieceSpec = tuple[str, str] | tuple[str, str, int] | tuple[str, str, int, bool]
# (name, ranges or None, doors)
RoomDraw = tuple[str, Sequence[str] | None, Sequence[tuple[str, str]]]
# (room, [(card number, [the option each token chose])])
RoundSpec = tuple[str, Sequence[tuple[int, Sequence[str]]]]


def changed(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``data`` (a sheet's or project's JSON) with some entries set, in place; ``None``
    removes the entry."""
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


class Document(NamedTuple):
    """A file's name and its parsed content, shown by name only: a generated example's
    repr stays short (a whole document in it makes the test runner warn, an error here)."""

    name: str
    content: Any

    def __repr__(self) -> str:
        return f"Document({self.name!r})"


def cells(*ranges: str) -> frozenset[tuple[int, int]]:
    return frozenset(c for r in ranges for c in parse_cells(r))


def project(
    *,
    width: int = 10,
    height: int = 8,
    house: Sequence[str] = ("B2:I7",),
    rooms: Sequence[tuple[str, str]] = (("Living", "living"), ("Bed", "bedroom")),
    features: Sequence[tuple[str, Sequence[str]]] = (),
    obstacles: Sequence[str] = (),
    walls: Sequence[tuple[str, str]] = (),
    bonuses: Sequence[Bonus] = (),
    special: Sequence[str] = (),
) -> Project:
    """A project on a ``width`` x ``height`` sheet (default: house B2:I7 on 10 x 8)."""
    return Project(
        id="test", name="Test", width=width, height=height, house=cells(*house),
        rooms=tuple(RoomSpec(name, kind, (CardSlot(18, 2),)) for name, kind in rooms),
        catalog=bundled_catalog(), obstacles=cells(*obstacles) if obstacles else frozenset(),
        walls=frozenset(parse_edge(list(w)) for w in walls),
        features=tuple(Feature(kind, cells(*where)) for kind, where in features),
        special_rules=tuple(special), bonuses=tuple(bonuses),
    )


def bonus(points: int, *, when: dict[str, Any] | None = None, per: dict[str, Any] | None = None,
          most: int | None = None, text: str = "bonus") -> Bonus:
    return Bonus(text, points, when, per, most)


def record(dealt: dict[int, str], rounds: Sequence[RoundSpec] = (),
           project_ref: str = "tutorial") -> GameRecord:
    """A game record from short specs, with the paths the reader gives."""
    return GameRecord(project_ref, dict(dealt), tuple(
        Round(room, tuple(CardPlay(number, tuple(tokens), f"$.rounds[{i}].cards[{j}]")
                          for j, (number, tokens) in enumerate(cards)), f"$.rounds[{i}]")
        for i, (room, cards) in enumerate(rounds)))


def sheet(
    proj: Project,
    pieces: Sequence[PieceSpec] = (),
    rooms: Sequence[RoomDraw] = (),
    *,
    front: Sequence[tuple[str, str]] = (("E7", "s"),),
    windows: Sequence[tuple[str, str]] = (),
    wild: tuple[tuple[int, ...], str] | None = None,
    current: str | None = None,
    game: GameRecord | None = None,
) -> Sheet:
    """A sheet from short specs; pieces get paths ``$.pieces[i]``, rooms ``$.rooms[i]``."""
    drawn = []
    for index, spec in enumerate(pieces):
        piece_id, at, *rest = spec
        rotation = int(rest[0]) if rest else 0
        mirror = bool(rest[1]) if len(rest) > 1 else False
        placement = Placement(proj.catalog.piece(piece_id), parse_cell(at), rotation, mirror)
        drawn.append(DrawnPiece(placement, f"pieces[{index}]", f"$.pieces[{index}]"))
    plans = []
    for index, (name, ranges, doors) in enumerate(rooms):
        plans.append(RoomPlan(name, cells(*(ranges or ())),
                              tuple(parse_edge(list(d)) for d in doors), f"$.rooms[{index}]"))
    return Sheet(
        project=proj, rooms=tuple(plans), pieces=tuple(drawn),
        front_doors=tuple(parse_edge(list(d)) for d in front),
        windows=tuple(parse_edge(list(w)) for w in windows),
        wild_card=WildCard(wild[0], wild[1]) if wild else None, current_room=current,
        game=game,
    )


# The first example of the sheet format (docs/sheet-format.md), on the tutorial project.
SPEC_SHEET: dict[str, Any] = {
    "format": "homestaging-sheet/1",
    "project": "tutorial",
    "player": "Ada",
    "rooms": [
        {"name": "Kitchen", "cells": ["B2:E4"], "door": ["D4", "s"]},
        {"name": "Bathroom", "door": ["G4", "s"]},
        {"name": "Living room"},
    ],
    "room_grid": ["." * 16, "." * 16, "......bbb.......", "......bbb......."] + ["." * 16] * 8,
    "room_legend": {"b": "Bathroom"},
    "furniture_grid": ["." * 16, ".KKK..tt........", ".Koo..oo........", ".Ko............."]
    + ["." * 16] * 8,
    "furniture_legend": {"K": "kitchen-corner", "t": {"piece": "table-2", "rotation": 0}},
    "pieces": [{"piece": "rug-2x3", "at": "J6", "rotation": 0}],
    "front_door": ["F11", "s"],
    "windows": [["B2", "n"]],
    "wild_card": {"piece": "t", "effect": "mirror"},
    "current_room": "Living room",
}
