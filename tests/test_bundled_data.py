"""The bundled projects, between them, use everything the game data can express."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from homestaging.core.grid import components
from homestaging.core.project import MAX_ROOMS, MAX_TOKENS, Project
from homestaging.formats.projectreader import bundled_project_files, find_project

PROJECTS = [find_project(project_id) for project_id in bundled_project_files()]


def constructs(value: Any, parent: str = "") -> Iterator[str]:
    """Every construct a bonus uses: condition names, bounds, ``per``/``next_to`` kinds."""
    if isinstance(value, list):
        for item in value:
            yield from constructs(item, parent)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("view", "adjacent", "all", "any", "not"):
                yield key
            elif key in ("distance", "count", "room_size"):
                bound = next(b for b in ("max", "min", "at_least", "at_most") if b in item)
                yield f"{key} {bound}"
                if key == "distance":
                    for end in (item["from"], item["to"]):
                        yield "object " + (end if isinstance(end, str) else next(iter(end)))
            elif key == "next_to":
                yield "next_to " + (item if isinstance(item, str) else "piece")
            yield from constructs(item, key)


def used(project: Project) -> set[str]:
    found: set[str] = set()
    for bonus in project.bonuses:
        found.update(constructs(bonus.when or {}))
        if bonus.per is not None:
            found.add("per max" if bonus.max is not None else "per")
            found.update(constructs({"per": bonus.per}))
        if bonus.points < 0:
            found.add("penalty")
    return found


def test_every_bonus_construct_is_used_by_a_bundled_project() -> None:
    everything = set().union(*(used(project) for project in PROJECTS))
    assert everything >= {
        "view", "adjacent", "all", "any", "not", "distance max", "distance min",
        "count at_least", "count at_most", "room_size at_least", "room_size at_most",
        "per", "per max", "next_to window", "next_to door", "next_to wall", "next_to piece",
        "object front_door", "object door", "object room", "object feature", "object window",
        "object piece", "penalty",
    }


def test_every_project_fits_the_box_and_has_texts() -> None:
    for project in PROJECTS:
        assert 1 <= len(project.rooms) <= MAX_ROOMS, project.id
        assert sum(room.tokens for room in project.rooms) <= MAX_TOKENS, project.id
        assert project.description and project.tips, project.id
        assert all(bonus.text for bonus in project.bonuses), project.id


def test_every_project_lists_a_card_number_for_one_room_only() -> None:
    """The box has one card of each number in play."""
    for project in PROJECTS:
        numbers = [slot.number for room in project.rooms for slot in room.cards]
        assert len(numbers) == len(set(numbers)), project.id


def test_the_projects_cover_every_kind_of_house_and_rule() -> None:
    def rectangle(project: Project) -> bool:
        xs = {x for x, _ in project.house}
        ys = {y for _, y in project.house}
        return len(project.house) == len(xs) * len(ys)

    assert sorted({p.difficulty for p in PROJECTS}) == [0, 1, 2, 3]
    assert any(not rectangle(p) for p in PROJECTS)
    assert all(len(components(p.house)) == 1 for p in PROJECTS)
    assert any(p.obstacles for p in PROJECTS)
    assert any(p.walls for p in PROJECTS)
    assert any(p.no_hallway for p in PROJECTS)
    kinds = {feature.kind for p in PROJECTS for feature in p.features}
    assert {"tree", "lake", "road"} <= kinds
    bundled = find_project("tutorial").catalog
    assert any(set(p.catalog.pieces) - set(bundled.pieces) for p in PROJECTS)
    assert any(p.catalog.cards != bundled.cards for p in PROJECTS)
