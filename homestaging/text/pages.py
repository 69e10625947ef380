"""Text and JSON of the game data: the catalog, the cards and the projects' pages.

Plain functions of the model returning strings or JSON-ready dicts; the commands that
browse the game data (``furniture``, ``cards``, ``projects``) only echo them (what the
tool finds about sheets is written by :mod:`homestaging.text.report`). Drawings use ``#`` for
furniture, ``o`` for circulation and ``.`` for nothing; on a house map ``#`` is a house
square, ``.`` outside, ``X`` an obstacle and a capital letter a feature (``T`` tree,
``L`` lake, ``R`` road...).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from ..core.catalog import Card, Catalog
from ..core.grid import (
    SIDE_NAMES,
    SIDES,
    cell_names,
    column_name,
    in_reading_order,
    sides_text,
)
from ..core.pieces import HATCH_WORDS, ROTATIONS, Piece
from ..core.project import SPECIAL_RULES, Project
from ..formats.catalogreader import bundled_catalog
from ..formats.parfile import par_for, par_json
from .fit import hang, table_lines, terminal_width, wrap

__all__ = [
    "DIFFICULTY",
    "card_lines",
    "card_to_json",
    "feature_legend",
    "format_card",
    "format_piece",
    "format_piece_list",
    "format_project",
    "format_project_list",
    "house_map",
    "piece_to_json",
    "project_summary",
    "project_to_json",
    "table",
]

DIFFICULTY = {0: "tutorial", 1: "easy", 2: "medium", 3: "hard"}
_GAP = "   "


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], *,
          width: int | None = None, wrapped: Collection[int] = (-1,)) -> str:
    """A left-aligned text table with a header line and a rule under it, fitted to
    ``width`` columns (the terminal's when None) by wrapping the columns ``wrapped``
    under themselves (:func:`homestaging.text.fit.table_lines`)."""
    body = [[str(value) for value in row] for row in rows]
    lines = table_lines([list(headers), *body], width or terminal_width(), wrapped=wrapped,
                        ruled=True)
    return "\n".join(lines) + "\n"


def _side_names(sides: Iterable[str]) -> list[str]:
    """``["north", "west"]``: the sides' names in the order of :data:`SIDES`."""
    given = set(sides)
    return [SIDE_NAMES[side] for side in SIDES if side in given]


def _sides(sides: Iterable[str]) -> str:
    return ", ".join(_side_names(sides))


# -- furniture -----------------------------------------------------------------------


def piece_to_json(piece: Piece) -> dict[str, Any]:
    """A piece with its art in each of the four rotations."""
    return {
        "id": piece.id,
        "name": piece.name,
        "kind": piece.kind,
        "tags": list(piece.tags),
        "squares": piece.size,
        "circulation": len(piece.art.circulation),
        "wall": [s for s in SIDES if s in piece.wall],
        **({} if piece.is_rug else {"hatch": piece.hatch}),
        "rotations": [
            {
                "rotation": rotation,
                "wall": [s for s in SIDES if s in piece.shape(rotation).wall],
                "rows": piece.shape(rotation).rows(),
            }
            for rotation in ROTATIONS
        ],
    }


def format_piece_list(pieces: Iterable[Piece], *, width: int | None = None) -> str:
    """The catalog as a table: id, name, squares, tags, wall sides; names, tags and
    sides wrapped to fit ``width`` columns (the terminal's when None)."""
    return table(
        ["id", "name", "squares", "tags", "wall"],
        (
            (
                p.id,
                p.name + (" (rug)" if p.is_rug else ""),
                p.size,
                ", ".join(p.tags),
                _sides(p.wall) or "-",
            )
            for p in pieces
        ),
        width=width,
        wrapped=(1, 3, 4),
    )


def _side_by_side(blocks: Sequence[list[str]]) -> list[str]:
    """Text blocks next to each other, top-aligned, each padded to its widest line."""
    widths = [max(len(line) for line in block) for block in blocks]
    height = max(len(block) for block in blocks)
    return [
        _GAP.join(
            (block[i] if i < len(block) else "").ljust(w)
            for block, w in zip(blocks, widths, strict=True)
        ).rstrip()
        for i in range(height)
    ]


def format_piece(piece: Piece) -> str:
    """The piece's name and tags, then its four rotations side by side."""
    head = [f"{piece.id}: {piece.name}" + (" (rug)" if piece.is_rug else "")]
    squares = "square" if piece.size == 1 else "squares"
    head.append(f"  {piece.size} furniture {squares}, {len(piece.art.circulation)} circulation")
    if piece.tags:
        head.append(f"  tags: {', '.join(piece.tags)}")
    if piece.wall:
        sides = _side_names(piece.wall)
        head.append(f"  stands against a wall on its {' and '.join(sides)} "
                    f"{'side' if len(sides) == 1 else 'sides'} (at rotation 0)")
    if piece.hatch:
        head.append(f"  hatch on the drawing sheet: {HATCH_WORDS[piece.hatch]}")
    blocks = []
    for rotation in ROTATIONS:
        shape = piece.shape(rotation)
        title = f"rotation {rotation}"
        wall = f"wall: {sides_text(shape.wall)}" if shape.wall else ""
        blocks.append([title, *shape.rows(), *([wall] if wall else [])])
    legend = "# furniture, o circulation"
    return "\n".join([*head, "", *_side_by_side(blocks), "", legend]) + "\n"


def card_to_json(catalog: Catalog, number: int) -> dict[str, Any]:
    """Both variants of a card with their options."""
    return {
        "number": number,
        "variants": [
            {
                "variant": variant,
                "options": [piece_to_json(catalog.pieces[o]) for o in card.options],
            }
            for (n, variant), card in catalog.cards.items()
            if n == number
        ],
    }


def card_lines(catalog: Catalog, card: Card, head: str = "") -> list[str]:
    """One card: ``7a: kitchen-corner or counter-straight`` (after ``head``), then its
    two options drawn unturned side by side (with their wall sides and hatch), indented
    by two spaces."""
    lines = [f"{card.number}{card.variant}{head}: {' or '.join(card.options)}"]
    blocks = []
    for option in card.options:
        piece = catalog.pieces[option]
        wall = f"wall: {sides_text(piece.wall)}" if piece.wall else ""
        hatch = f"hatch: {piece.hatch}" if piece.hatch else ""
        blocks.append([piece.name, *piece.art.rows(), *(line for line in (wall, hatch) if line)])
    return lines + ["  " + line if line else "" for line in _side_by_side(blocks)]


def format_card(catalog: Catalog, number: int) -> str:
    """Both variants of card ``number``, each option drawn unturned."""
    lines = [f"Card {number}"]
    for (n, _), card in catalog.cards.items():
        if n == number:
            lines += ["", *card_lines(catalog, card)]
    return "\n".join(lines) + "\n"


# -- projects ------------------------------------------------------------------------


def project_summary(project: Project) -> dict[str, Any]:
    """Number, id, name, difficulty and room names."""
    return {
        "number": project.number,
        "id": project.id,
        "name": project.name,
        "difficulty": project.difficulty,
        "rooms": [room.name for room in project.rooms],
    }


def format_project_list(projects: Iterable[Project], *, width: int | None = None) -> str:
    """The projects as a table: number, id, name, difficulty, rooms (wrapped to fit
    ``width`` columns, the terminal's when None)."""
    return table(
        ["no", "id", "name", "difficulty", "rooms"],
        (
            (
                p.number,
                p.id,
                p.name,
                f"{p.difficulty} {DIFFICULTY.get(p.difficulty, '')}".strip(),
                ", ".join(room.name for room in p.rooms),
            )
            for p in projects
        ),
        width=width,
    )


def feature_legend(project: Project) -> dict[str, str]:
    """Feature kind -> map letter (:meth:`Project.feature_letters`)."""
    return project.feature_letters()


def house_map(project: Project) -> list[str]:
    """The sheet as text with column letters on top and row numbers on the left."""
    margin = len(str(project.height)) + 1
    names = [column_name(x) for x in range(project.width)]
    depth = max(len(name) for name in names)
    lines = [
        " " * margin + "".join(name.rjust(depth)[i] for name in names).rstrip()
        for i in range(depth)
    ]
    for y, row in enumerate(project.map_rows()):
        lines.append(str(y + 1).rjust(margin - 1) + " " + row)
    return lines


def _own_pieces(project: Project) -> list[Piece]:
    bundled = bundled_catalog().pieces
    return [p for pid, p in project.catalog.pieces.items() if bundled.get(pid) != p]


def _card_options(catalog: Catalog, number: int) -> str:
    return " | ".join(
        f"{variant} {', '.join(card.options)}"
        for (n, variant), card in catalog.cards.items()
        if n == number
    )


def project_to_json(project: Project) -> dict[str, Any]:
    """The project page as data; ``par``: the automatic player's figures for a bundled
    project (``docs/player.md``), else null."""
    legend = feature_legend(project)
    figures = par_for(project)
    return {
        **project_summary(project),
        "description": project.description,
        "sheet": {"width": project.width, "height": project.height},
        "house": list(project.house_ranges),
        "map": house_map(project),
        "legend": {"#": "house", ".": "outside", "X": "obstacle",
                   **{char: kind for kind, char in legend.items()}},
        "obstacles": cell_names(in_reading_order(project.obstacles)),
        "walls": project.wall_names(),
        "features": [
            {"kind": f.kind, "name": f.name,
             "cells": cell_names(in_reading_order(f.cells))}
            for f in project.features
        ],
        "rooms": [
            {
                "name": room.name,
                "type": room.type,
                "cards": [
                    {"number": slot.number, "tokens": slot.tokens,
                     "options": sorted(project.catalog.card_options(slot.number))}
                    for slot in room.cards
                ],
                "tokens": room.tokens,
            }
            for room in project.rooms
        ],
        "special_rules": [
            {"rule": rule, "meaning": SPECIAL_RULES.get(rule, "")} for rule in project.special_rules
        ],
        "bonuses": [{"text": b.text, "points": b.points} for b in project.bonuses],
        "own_furniture": [p.id for p in _own_pieces(project)],
        "tips": project.tips,
        "par": par_json(figures) if figures is not None else None,
    }


def format_project(project: Project, *, width: int | None = None) -> str:
    """The project page as text: story, house map, rooms, rules, bonuses, tips; its
    paragraphs and lists wrapped to ``width`` columns (the terminal's when None), the
    map as it is."""
    width = width or terminal_width()
    level = DIFFICULTY.get(project.difficulty, str(project.difficulty))
    lines = [f"Project {project.number}: {project.name} ({project.id}), difficulty "
             f"{project.difficulty} ({level})"]
    figures = par_for(project)
    if figures is not None:
        lines += hang(figures.line()[0].upper() + figures.line()[1:], width)
    lines.append("")
    if project.description:
        lines += [*wrap(project.description, width), ""]
    house = ", ".join(project.house_ranges)
    lines += hang(f"Sheet {project.width} x {project.height}, house {house}", width)
    lines += ["", *house_map(project), ""]
    lines += wrap("  ".join(project.map_key()), width)
    if project.obstacles:
        lines += hang(f"Obstacles: {', '.join(cell_names(in_reading_order(project.obstacles)))}",
                      width)
    if project.walls:
        lines += hang(f"Walls drawn before play: {', '.join(project.wall_names())}", width)
    lines += ["", "Rooms (in play order):"]
    for room in project.rooms:
        lines.append(f"  {room.name} ({room.type}), {room.tokens} token"
                     f"{'' if room.tokens == 1 else 's'}")
        for slot in room.cards:
            lines += hang(f"    card {slot.number} x{slot.tokens}: "
                          f"{_card_options(project.catalog, slot.number)}", width)
    if project.special_rules:
        lines += ["", "Special rules:"]
        for rule in project.special_rules:
            lines += hang(f"  {rule}: {SPECIAL_RULES.get(rule, '')}", width)
    if project.bonuses:
        lines += ["", "Bonuses:"]
        lines += [line for b in project.bonuses for line in hang(f"  {b.text}", width)]
    own = _own_pieces(project)
    if own:
        lines += ["", *hang(f"Own furniture: {', '.join(p.id for p in own)}", width)]
    if project.tips:
        lines += ["", "Tips:", *wrap(project.tips, width, "  ")]
    return "\n".join(lines) + "\n"
