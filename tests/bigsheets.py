"""Large projects and sheets built by hand, for the tests and the benches (``bench/``
imports this module): a house that fills the sheet but a one-square margin, a hallway
along its top row with the front door at B2, and the rooms strips of its columns below
the hallway, each with its door onto it. :func:`write_plants` is the drawing tests' and
drawing bench's house on the largest sheet (200 x 200 squares, ``grid.MAX_SIDE``)
holding thousands of pieces."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from homestaging.core.grid import cell_name

SIDE = 200
ROOMS = 5
TOP = 2
"""The rooms' first row, below the hallway."""


def bonus_text(number: int) -> str:
    """A bonus text of 120 characters (the most a project allows), numbered."""
    return (f"Bonus {number}: one point per armchair by a window. " * 3)[:120]


def project_yaml(key: str, name: str, width: int, height: int, rooms: Sequence[str], *,
                 room_type: str = "other", tokens: int | Sequence[int] = 5,
                 options: str = "armchair, rug-runner", bonuses: Sequence[str] = (),
                 features: Sequence[str] = ()) -> str:
    """A project ``key`` whose house fills a ``width`` x ``height`` sheet but a one-square
    margin, with ``rooms`` on card 1 (``tokens`` each, or one number per room), card 1a
    offering ``options`` and 1b a nightstand and a 2 x 2 rug. ``bonuses`` and ``features``
    are YAML lines of one entry each (a bonus's lines joined with ``"\\n    "``)."""
    share = [tokens] * len(rooms) if isinstance(tokens, int) else list(tokens)
    room_lines = "".join(
        f"  - {{name: {room}, type: {room_type}, cards: [{{number: 1, tokens: {count}}}]}}\n"
        for room, count in zip(rooms, share, strict=True))
    feature_lines = "features:\n" + "".join(f"  - {line}\n" for line in features)
    return f"""id: {key}
name: {name}
sheet: {{width: {width}, height: {height}}}
house: ["{cell_name((1, 1))}:{cell_name((width - 2, height - 2))}"]
rooms:
{room_lines}{feature_lines if features else ""}cards:
  - {{number: 1, variant: a, options: [{options}]}}
  - {{number: 1, variant: b, options: [nightstand, rug-2x2]}}
bonuses:
""" + "".join(f"  - {bonus}\n" for bonus in bonuses)


def strips(width: int, count: int = ROOMS) -> list[tuple[int, int]]:
    """First and last column of each room: the house's columns cut in ``count``."""
    first, last = 1, width - 2
    cuts = [first + (last - first + 1) * n // count for n in range(count + 1)]
    return [(cuts[n], cuts[n + 1] - 1) for n in range(count)]


def strip_rooms(width: int, height: int, names: Sequence[str]) -> list[dict[str, Any]]:
    """The sheet's rooms ``names``: strips of columns from the hallway to the house's last
    row, each door on its first square's north wall."""
    return [{"name": name,
             "cells": [f"{cell_name((x0, TOP))}:{cell_name((x1, height - 2))}"],
             "door": [cell_name((x0, TOP)), "n"]}
            for name, (x0, x1) in zip(names, strips(width, len(names)), strict=True)]


def piece(piece_id: str, x: int, y: int, rotation: int = 0) -> dict[str, Any]:
    """A sheet's piece entry on the square ``(x, y)``."""
    return {"piece": piece_id, "at": cell_name((x, y)), "rotation": rotation}


def sheet_json(rooms: list[dict[str, Any]], pieces: list[dict[str, Any]], *,
               project: str = "project.yaml", player: str = "bench") -> dict[str, Any]:
    """A finished sheet of the house: ``rooms`` drawn, ``pieces`` placed."""
    return {"format": "homestaging-sheet/1", "project": project, "player": player,
            "rooms": rooms, "pieces": pieces, "front_door": [cell_name((1, 1)), "n"],
            "current_room": None}


def room_names(count: int = ROOMS, word: str = "Room") -> list[str]:
    """``Room 1`` ... ``Room count``."""
    return [f"{word} {n}" for n in range(1, count + 1)]


def plants_project(side: int = SIDE) -> str:
    """A project on a ``side`` x ``side`` sheet, with five living rooms (plants and
    armchairs among the options) and a bonus per plant."""
    return project_yaml(
        f"big-{side}", f"Big {side} x {side}", side, side, room_names(), room_type="living",
        options="plant-small, armchair",
        bonuses=["text: 1 point per plant, at most 5\n    points: 1\n"
                 "    per: {piece: {id: plant-small}}\n    max: 5"])


def plants_sheet(count: int = 10_000, side: int = SIDE) -> dict[str, Any]:
    """Five rooms side by side below a hallway row, ``count`` one-square plants on
    every other square of every other row of them (2.5 x 2.5 squares each)."""
    spots = [(x, y) for x0, x1 in strips(side) for y in range(TOP + 1, side - 2, 2)
             for x in range(x0 + 1, x1, 2)]
    if count > len(spots):
        spots += [(x, y) for y in range(TOP + 2, side - 2, 2) for x0, x1 in strips(side)
                  for x in range(x0 + 1, x1, 2)]
    pieces = [piece("plant-small", *spot)
              for spot in sorted(spots[:count], key=lambda c: (c[1], c[0]))]
    return sheet_json(strip_rooms(side, side, room_names()), pieces)


def write_plants(folder: Path, count: int = 10_000, side: int = SIDE) -> Path:
    """Write :func:`plants_project` and :func:`plants_sheet` into ``folder``; the sheet's
    path."""
    (folder / "project.yaml").write_text(plants_project(side), encoding="utf-8")
    path = folder / "plants.json"
    path.write_text(json.dumps(plants_sheet(count, side)), encoding="utf-8")
    return path
