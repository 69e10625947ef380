"""Large sheets written as files, for the drawing tests and the drawing bench: a house on
the largest sheet (200 x 200 squares, ``grid.MAX_SIDE``) holding thousands of pieces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from homestaging.core.grid import cell_name

SIDE = 200
ROOMS = 5


def project_yaml(side: int = SIDE) -> str:
    """A project whose house fills a ``side`` x ``side`` sheet but a one-square margin,
    with five rooms on card 1 (plants and armchairs among the options)."""
    house = f"{cell_name((1, 1))}:{cell_name((side - 2, side - 2))}"
    rooms = "\n".join(
        f"  - {{name: Room {n}, type: living, cards: [{{number: 1, tokens: 5}}]}}"
        for n in range(1, ROOMS + 1))
    return f"""id: big-{side}
name: Big {side} x {side}
sheet: {{width: {side}, height: {side}}}
house: ["{house}"]
rooms:
{rooms}
cards:
  - {{number: 1, variant: a, options: [plant-small, armchair]}}
  - {{number: 1, variant: b, options: [nightstand, rug-2x2]}}
bonuses:
  - text: 1 point per plant, at most 5
    points: 1
    per: {{piece: {{id: plant-small}}}}
    max: 5
"""


def _strips(side: int) -> list[tuple[int, int]]:
    first, last = 1, side - 2
    cuts = [first + (last - first + 1) * n // ROOMS for n in range(ROOMS + 1)]
    return [(cuts[n], cuts[n + 1] - 1) for n in range(ROOMS)]


def plants_sheet(count: int = 10_000, side: int = SIDE) -> dict[str, Any]:
    """Five rooms side by side below a hallway row, ``count`` one-square plants on
    every other square of every other row of them (2.5 x 2.5 squares each)."""
    rooms = []
    spots = []
    for n, (x0, x1) in enumerate(_strips(side)):
        rooms.append({"name": f"Room {n + 1}",
                      "cells": [f"{cell_name((x0, 2))}:{cell_name((x1, side - 2))}"],
                      "door": [cell_name((x0, 2)), "n"]})
        spots += [(x, y) for y in range(3, side - 2, 2) for x in range(x0 + 1, x1, 2)]
    if count > len(spots):
        spots += [(x, y) for y in range(4, side - 2, 2) for x0, x1 in _strips(side)
                  for x in range(x0 + 1, x1, 2)]
    pieces = [{"piece": "plant-small", "at": cell_name(spot), "rotation": 0}
              for spot in sorted(spots[:count], key=lambda c: (c[1], c[0]))]
    return {"format": "homestaging-sheet/1", "project": "project.yaml", "player": "bench",
            "rooms": rooms, "pieces": pieces, "front_door": [cell_name((1, 1)), "n"],
            "current_room": None}


def write_plants(folder: Path, count: int = 10_000, side: int = SIDE) -> Path:
    """Write :func:`project_yaml` and :func:`plants_sheet` into ``folder``; the sheet's path."""
    (folder / "project.yaml").write_text(project_yaml(side), encoding="utf-8")
    path = folder / "plants.json"
    path.write_text(json.dumps(plants_sheet(count, side)), encoding="utf-8")
    return path
