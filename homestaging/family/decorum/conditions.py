"""The condition language of Décorum records: reading a condition and judging it.

A condition names an area (``in``: ``house``, ``upstairs``, ``downstairs``,
``left side``, ``right side``, a room, ``your room``; default ``house``) and one test:

* ``contains: FEATURE`` (at least 1, or ``at_least`` / ``at_most`` / ``exactly`` N),
  ``lacks: FEATURE`` (none);
* ``most_common`` / ``least_common``: ``{color: C}``, ``{style: S}`` or ``{type: T}``:
  that trait appears more (fewer) times in the area than each other trait of its kind;
  colours count objects and wall colours, styles and types count objects;
* ``inseparable: [FEATURE, FEATURE]``: in each room of the area, both or neither;
* ``identical: true|false``: two or more identical objects (same type and style) in the
  area, or none;
* ``leftmost`` / ``rightmost``: ``{type, color, style}`` (every key optional): in each room
  of the area, the object closest to the left (right) wall, empty slots skipped, is such
  an object; a room with no object fails it. The rooms need their slot ``order``;
* ``each_room: CONDITION``: the condition holds in every room of the area;
* ``all`` / ``any``: lists of conditions, ``not``: a condition;
* ``met: true|false``: judged by the players (a card the language cannot say).

A FEATURE is ``{object: {type, color, style}}`` (every key optional; ``color`` may be
``warm`` or ``cool``), ``{wall: {color}}`` (rooms painted so), ``{color: C}`` (objects
and/or wall colours of C, or ``warm``/``cool``), ``{empty: true}`` or
``{empty: TYPE}`` (empty slots). docs/decorum.md has one example per construct.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.quoting import excerpt
from ..records import Messages
from .model import AREAS, BOARDS, House, Room, area_rooms
from .objects import COLORS, STYLES, TYPES, DecorObject, color_matches

__all__ = ["Condition", "Feature", "Verdict", "judge", "read_condition", "sided_rooms"]

Parts = tuple[str | int, ...]
TESTS = ("contains", "lacks", "most_common", "least_common", "inseparable", "identical",
         "leftmost", "rightmost", "each_room", "all", "any", "not", "met")
SIDES = ("leftmost", "rightmost")
BOUNDS = ("at_least", "at_most", "exactly")


@dataclass(frozen=True)
class Feature:
    """What to look for: objects, wall colours, a colour on either, or empty slots."""

    kind: str
    type: str | None = None
    color: str | None = None
    style: str | None = None

    def describe(self, count: int = 1) -> str:
        """``antique lamp``, ``lamps``, ``rooms painted green``, ``warm features``."""
        many = count != 1
        if self.kind == "object":
            words = [w for w in (self.style, self.color) if w]
            noun = self.type or "object"
            return " ".join([*words, noun + ("s" if many else "")])
        if self.kind == "wall":
            if self.color in ("warm", "cool"):
                return f"rooms painted {self.color} colours" if many \
                    else f"room painted a {self.color} colour"
            return f"room{'s' if many else ''} painted {self.color}" if self.color \
                else f"wall colour{'s' if many else ''}"
        if self.kind == "color":
            return f"{self.color} feature{'s' if many else ''}"
        slot = f"{self.type} slot" if self.type else "slot"
        return f"empty {slot}{'s' if many else ''}"

    def found(self, room: Room) -> list[str]:
        """Every match in the room, described (``modern blue lamp``, ``wall blue``)."""
        found: list[str] = []
        if self.kind in ("object", "color"):
            found += [item.name for item in room.objects() if self.matches(item)]
        if self.kind in ("wall", "color") and (
                self.color is None or color_matches(room.wall, self.color)):
            found.append(f"{room.wall} walls")
        if self.kind == "empty":
            found += [f"empty {slot} slot" for slot in room.empty_slots()
                      if self.type in (None, slot)]
        return found

    def matches(self, item: DecorObject) -> bool:
        """Whether an object is of this feature's type, style and colour."""
        return (self.type in (None, item.type) and self.style in (None, item.style)
                and (self.color is None or color_matches(item.color, self.color)))


@dataclass(frozen=True)
class Condition:
    """A parsed condition: ``test`` is one of TESTS, ``area`` where it looks."""

    test: str
    area: str = "house"
    feature: Feature | None = None
    low: int = 1
    high: int | None = None
    trait: tuple[str, str] | None = None
    pair: tuple[Feature, Feature] | None = None
    flag: bool = True
    parts: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Verdict:
    met: bool
    why: str


# ------------------------------------------------------------------------------ reading


def read_condition(value: Any, parts: Parts, m: Messages, board: str,
                   has_room: bool) -> Condition | None:
    """A condition from JSON (already of the schema's shape), or None with messages.

    ``has_room``: the player has a roommate token (``your room`` is allowed).
    """
    if m.broken(parts) or not isinstance(value, Mapping):
        return None
    tests = [key for key in TESTS if key in value]
    if not tests and m.skip(parts):  # a misspelt test: the schema's unknown key says it
        return None
    if len(tests) != 1:
        found = ", ".join(tests) or "none"
        m.add(parts, f"expected one test ({', '.join(TESTS)}), found {found}")
        return None
    test = tests[0]
    rooms = [name for name, _, _ in BOARDS[board]]
    area = value.get("in", "house")
    good = not m.skip(parts)  # a part of it is refused by the schema: check the rest only
    if m.skip((*parts, "in")):
        pass
    elif test in ("all", "any", "not", "met") and "in" in value:
        m.add((*parts, "in"), f"'{test}' takes no 'in'; give it to the conditions inside")
        good = False
    elif area not in (*AREAS, *rooms, "your room"):
        hint = " (this board has a left bedroom and a right bedroom)" \
            if area == "bedroom" and board == "roommates" else ""
        m.add((*parts, "in"), f"unknown area {excerpt(area)}{hint}; expected one of "
              f"{', '.join([*AREAS, *rooms, 'your room'])}")
        good = False
    elif area == "your room" and not has_room:
        m.add((*parts, "in"), "'your room' needs this player's roommate token in $.roommates "
              "(roommates board)")
        good = False
    bounds = [key for key in BOUNDS if key in value]
    if bounds and test != "contains":
        m.add((*parts, bounds[0]), f"'{bounds[0]}' goes with 'contains'")
        good = False
    if len(bounds) > 1:
        m.add((*parts, bounds[1]), f"give one of {', '.join(BOUNDS)}")
        good = False
    if not good:
        return None
    inner = (*parts, test)
    body = value[test]
    if test in ("contains", "lacks"):
        feature = _feature(body, inner, m)
        if feature is None:
            return None
        if test == "lacks":
            return Condition("contains", area, feature, 0, 0)
        low, high = 1, None
        if "at_least" in value:
            low = value["at_least"]
        elif "at_most" in value:
            low, high = 0, value["at_most"]
        elif "exactly" in value:
            low = high = value["exactly"]
        return Condition("contains", area, feature, low, high)
    if test in ("most_common", "least_common"):
        (kind, trait), = body.items()
        allowed = {"color": COLORS, "style": STYLES, "type": TYPES}[kind]
        if trait not in allowed:
            m.add((*inner, kind), f"expected one of {', '.join(allowed)}, found {excerpt(trait)}")
            return None
        return Condition(test, area, trait=(kind, trait))
    if test == "inseparable":
        pair = [_feature(item, (*inner, i), m) for i, item in enumerate(body)]
        if pair[0] is None or pair[1] is None:
            return None
        return Condition(test, area, pair=(pair[0], pair[1]))
    if test in SIDES:
        feature = _feature({"object": body}, inner, m)
        return None if feature is None else Condition(test, area, feature)
    if test in ("identical", "met"):
        return Condition(test, area, flag=bool(body))
    if test == "each_room" and isinstance(body, Mapping) and "in" in body:
        m.add((*inner, "in"), "the condition inside 'each_room' is asked of each room of "
              "the area; drop its 'in'")
        return None
    children: Sequence[Any] = body if test in ("all", "any") else [body]
    read = [read_condition(child, (*inner, i) if test in ("all", "any") else inner, m, board,
                           has_room) for i, child in enumerate(children)]
    if any(child is None for child in read):
        return None
    return Condition(test, area, parts=tuple(c for c in read if c is not None))


def _feature(value: Any, parts: Parts, m: Messages) -> Feature | None:
    if m.skip(parts):
        return None
    (kind, spec), = value.items()
    if kind == "object":
        return Feature("object", spec.get("type"), spec.get("color"), spec.get("style"))
    if kind == "wall":
        return Feature("wall", color=spec.get("color"))
    if kind == "color":
        return Feature("color", color=spec)
    if spec is False:
        m.add((*parts, "empty"), "expected true or a slot type (lamp, wall hanging, curio)")
        return None
    return Feature("empty", type=None if spec is True else spec)


# ------------------------------------------------------------------------------ judging


def _where(area: str, player: str, house: House) -> str:
    """``in the house``, ``upstairs``, ``on the left side``, ``in Ada's room (left bedroom)``."""
    if area == "your room":
        return f"in {player}'s room ({house.roommates[player]})"
    if area in ("upstairs", "downstairs"):
        return area
    if area in ("left side", "right side"):
        return f"on the {area}"
    return f"in the {area}"


def _need(low: int, high: int | None, negate: bool) -> str:
    """What a count must be, or (``negate``) must not be, in words."""
    if negate:
        if high is None:
            return "none" if low == 1 else f"fewer than {low}"
        if low == 0:
            return f"more than {high}"
        return f"other than {low}"
    if high is None:
        return f"at least {low}"
    if high == 0:
        return "none"
    return f"exactly {low}" if low == high else f"at most {high}"


def _count(condition: Condition, house: House, player: str, negate: bool = False) -> Verdict:
    assert condition.feature is not None
    rooms = area_rooms(house, condition.area, player)
    found = [f"{item} ({room.name})" if len(rooms) > 1 else item
             for room in rooms for item in condition.feature.found(room)]
    low, high = condition.low, condition.high
    met = len(found) >= low and (high is None or len(found) <= high)
    listed = ": " + ", ".join(found) if found else ""
    what = condition.feature.describe(len(found))
    return Verdict(met != negate, f"{len(found)} {what} {_where(condition.area, player, house)}"
                                  f"{listed}; wanted {_need(low, high, negate)}")


def _traits(rooms: Sequence[Room], kind: str) -> Counter[str]:
    counts: Counter[str] = Counter({value: 0 for value in
                                    {"color": COLORS, "style": STYLES, "type": TYPES}[kind]})
    for room in rooms:
        for item in room.objects():
            counts[getattr(item, kind)] += 1
        if kind == "color":
            counts[room.wall] += 1
    return counts


def _common(condition: Condition, house: House, player: str) -> Verdict:
    assert condition.trait is not None
    kind, trait = condition.trait
    counts = _traits(area_rooms(house, condition.area, player), kind)
    others = [n for value, n in counts.items() if value != trait]
    most = condition.test == "most_common"
    met = all(counts[trait] > n for n in others) if most else \
        all(counts[trait] < n for n in others)
    listed = ", ".join(f"{value} {n}" for value, n in counts.items())
    word = "most" if most else "least"
    verdict = "is" if met else "is not"
    noun = {"color": "colour", "style": "style", "type": "object type"}[kind]
    return Verdict(met, f"{_where(condition.area, player, house)}: {listed}; {trait} "
                        f"{verdict} the {word} common {noun}")


def _inseparable(condition: Condition, house: House, player: str) -> Verdict:
    assert condition.pair is not None
    a, b = condition.pair
    apart = []
    for room in area_rooms(house, condition.area, player):
        found_a, found_b = a.found(room), b.found(room)
        if bool(found_a) != bool(found_b):
            present, missing = (found_a, b) if found_a else (found_b, a)
            apart.append(f"the {room.name} has {_a(present[0])} but no {missing.describe()}")
    if apart:
        return Verdict(False, "; ".join(apart))
    return Verdict(True, f"{a.describe(2)} and {b.describe(2)}: both or neither in each room "
                         f"{_where(condition.area, player, house)}")


def _a(found: str) -> str:
    """``a modern blue lamp``, ``an empty curio slot``, ``blue walls``."""
    if found.endswith("walls"):
        return found
    return f"{'an' if found[0] in 'aeiou' else 'a'} {found}"


def _identical(condition: Condition, house: House, player: str) -> Verdict:
    groups = Counter(item.name for room in area_rooms(house, condition.area, player)
                     for item in room.objects())
    same = sorted(f"{n} {name}s" for name, n in groups.items() if n > 1)
    where = _where(condition.area, player, house)
    found = f"identical objects {where}: {', '.join(same)}" if same else \
        f"no identical objects {where}"
    return Verdict(bool(same) == condition.flag, found)


def _side(condition: Condition, house: House, player: str) -> Verdict:
    assert condition.feature is not None
    side = condition.test
    wanted = condition.feature.describe()
    seen, met = [], True
    for room in area_rooms(house, condition.area, player):
        ordered = room.objects_left_to_right()
        if not ordered:
            seen.append(f"the {room.name} has no object")
            met = False
            continue
        item = ordered[0] if side == "leftmost" else ordered[-1]
        met = met and condition.feature.matches(item)
        seen.append(f"the {side} object in the {room.name} is {_a(item.name)}")
    return Verdict(met, f"{'; '.join(seen)}; wanted {_a(wanted)}")


def sided_rooms(condition: Condition, house: House, player: str,
                within: Sequence[Room] | None = None) -> list[str]:
    """The rooms whose slot order a condition needs (for ``leftmost`` / ``rightmost``)."""
    if condition.test in SIDES:
        rooms = area_rooms(house, condition.area, player) if within is None else within
        return [room.name for room in rooms]
    if condition.test == "each_room":
        within = area_rooms(house, condition.area, player)
    names: list[str] = []
    for part in condition.parts:
        names += [n for n in sided_rooms(part, house, player, within) if n not in names]
    return names


def judge(condition: Condition, house: House, player: str) -> Verdict:
    """Whether ``player``'s condition holds in the house, and why."""
    if condition.test == "contains":
        return _count(condition, house, player)
    if condition.test in ("most_common", "least_common"):
        return _common(condition, house, player)
    if condition.test == "inseparable":
        return _inseparable(condition, house, player)
    if condition.test == "identical":
        return _identical(condition, house, player)
    if condition.test in SIDES:
        return _side(condition, house, player)
    if condition.test == "met":
        return Verdict(condition.flag, "judged by the players")
    if condition.test == "each_room":
        inner = condition.parts[0]
        failed = []
        for room in area_rooms(house, condition.area, player):
            verdict = judge(_moved(inner, room.name), house, player)
            if not verdict.met:
                failed.append(f"{room.name}: {verdict.why}")
        where = _where(condition.area, player, house)
        return Verdict(not failed, "; ".join(failed) or f"met by every room {where}")
    if condition.test == "not" and condition.parts[0].test == "contains":
        return _count(condition.parts[0], house, player, negate=True)
    verdicts = [judge(part, house, player) for part in condition.parts]
    if condition.test == "not":
        return Verdict(not verdicts[0].met, f"not wanted: {verdicts[0].why}")
    met = all(v.met for v in verdicts) if condition.test == "all" else \
        any(v.met for v in verdicts)
    marks = "; ".join(f"[{'x' if v.met else ' '}] {v.why}" for v in verdicts)
    return Verdict(met, marks)


def _moved(condition: Condition, room: str) -> Condition:
    """The condition asked of one room (for ``each_room``)."""
    from dataclasses import replace

    if condition.test in ("all", "any", "not"):
        return replace(condition, parts=tuple(_moved(p, room) for p in condition.parts))
    if condition.test == "met":
        return condition
    return replace(condition, area=room)
