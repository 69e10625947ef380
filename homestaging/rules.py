"""The rules of SPEC 2.2 (furniture) and 2.3 (rooms, doors, hallway, front door).

:func:`check` returns every broken rule as a :class:`~homestaging.errors.Problem`, in a
fixed order: grouped by rule, in the order of :data:`RULES`; within one rule, in the
order of the entries at fault (pieces in sheet order, rooms in play order, windows in
sheet order). ``docs/rules.md`` gives the exact meaning of each code with an example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .errors import ERROR, TODO, WARNING, Problem
from .grid import (
    SIDES,
    Cell,
    Edge,
    cell_name,
    cells_text,
    components,
    in_reading_order,
    outermost,
    reading_order,
    steps,
)
from .layout import Layout, layout
from .sheet import RoomPlan, Sheet

__all__ = ["RULES", "check"]

RULES: dict[str, str] = {
    "overlap": "Furniture stands on furniture (a rug may lie under furniture, not under a rug).",
    "covers-circulation": "Furniture covers a circulation square of another piece.",
    "covers-obstacle": "Furniture or circulation covers an obstacle of the house.",
    "outside-house": "Furniture, circulation or a room lies outside the house.",
    "crosses-wall": "A piece straddles a wall: its squares are not in one room, or a wall "
    "runs between its squares.",
    "needs-wall": "A wall piece's wall side does not stand against a wall that already existed.",
    "mirror-without-wild-card": "A piece is mirrored but the wild card was not played on it.",
    "wild-card-twice": "The wild card is used more than once.",
    "not-on-room-cards": "A piece is not an option on its room's furniture cards.",
    "too-many-pieces": "A room holds more pieces than the selection tokens on its cards.",
    "rooms-overlap": "Two rooms share squares.",
    "room-split": "A room is not one connected region.",
    "door-count": "A walled room does not have exactly one door.",
    "door-not-on-room": "A door is not on its room's boundary.",
    "hallway-not-empty": "Furniture or circulation lies on the hallway.",
    "hallway-cut-off": "Hallway squares are cut off from the part that reaches the front door.",
    "door-not-on-hallway": "A door does not open onto the hallway (with no hallway: into a room).",
    "front-door-count": "The house does not have exactly one front door.",
    "front-door-not-exterior": "The front door is not on an exterior wall.",
    "window-not-exterior": "A window is not on an exterior wall.",
    "room-not-finalized": "A room of the project is not walled.",
}


@dataclass
class _Checker:
    """Shared state of one check: the sheet, its layout and the problems found."""

    sheet: Sheet
    lay: Layout
    final: bool
    problems: list[Problem] = field(default_factory=list)
    _walls_before: dict[str | None, frozenset[Edge]] = field(default_factory=dict)

    @property
    def wall_keys(self) -> frozenset[tuple[int, int, str]]:
        """Keys of every wall of the layout, openings not excepted."""
        return self.lay.wall_keys

    def on_sheet(self, cells: Iterable[Cell]) -> list[Cell]:
        project = self.sheet.project
        return in_reading_order(c for c in cells if project.in_sheet(c))

    def add(self, code: str, message: str, subject: str, cells: Iterable[Cell], path: str,
            severity: str = ERROR) -> None:
        names = tuple(cell_name(c) for c in self.on_sheet(cells))
        self.problems.append(Problem(code, severity, message, subject, names, path))

    def walls_before(self, room: str | None) -> frozenset[Edge]:
        if room not in self._walls_before:
            self._walls_before[room] = self.lay.walls_before(room)
        return self._walls_before[room]

    def exempt(self, index: int) -> bool:
        """Pieces of the room being furnished (not walled yet) escape the hallway rules."""
        current = self.sheet.current_room
        if current is None or self.lay.piece_rooms[index] != current:
            return False
        room = self.sheet.room(current)
        return room is None or not room.finalized

    def room_path(self, name: str, suffix: str = "") -> str:
        room = self.sheet.room(name)
        if room is not None:
            return room.path + suffix
        if name == self.sheet.current_room:
            return "$.current_room"
        return "$.rooms"


def _where(cells: Iterable[Cell]) -> str:
    return cells_text(cells)


# --- furniture (SPEC 2.2) ---------------------------------------------------------------


def _overlap(ck: _Checker) -> None:
    furniture: dict[Cell, list[int]] = {}
    rugs: dict[Cell, list[int]] = {}
    pieces = ck.sheet.pieces
    for index, drawn in enumerate(pieces):
        layer = rugs if drawn.placement.piece.is_rug else furniture
        shared: dict[int, set[Cell]] = {}
        for cell in drawn.placement.furniture:
            for other in layer.get(cell, ()):
                shared.setdefault(other, set()).add(cell)
            layer.setdefault(cell, []).append(index)
        for other in sorted(shared):
            cells = shared[other]
            ck.add("overlap", f"{drawn.subject} stands on {pieces[other].subject} "
                   f"at {_where(cells)}", drawn.subject, cells, drawn.path)


def _covers_circulation(ck: _Checker) -> None:
    furniture: dict[Cell, list[int]] = {}
    circulation: dict[Cell, list[int]] = {}
    pieces = ck.sheet.pieces
    for index, drawn in enumerate(pieces):
        placement = drawn.placement
        covers: dict[int, set[Cell]] = {}
        covered: dict[int, set[Cell]] = {}
        if not placement.piece.is_rug:
            for cell in placement.furniture:
                for other in circulation.get(cell, ()):
                    covers.setdefault(other, set()).add(cell)
        for cell in placement.circulation:
            for other in furniture.get(cell, ()):
                covered.setdefault(other, set()).add(cell)
        for other in sorted(set(covers) | set(covered)):
            parts = []
            if other in covers:
                parts.append(f"its furniture covers the circulation of "
                             f"{pieces[other].subject} at {_where(covers[other])}")
            if other in covered:
                parts.append(f"its circulation lies on the furniture of "
                             f"{pieces[other].subject} at {_where(covered[other])}")
            cells = covers.get(other, set()) | covered.get(other, set())
            ck.add("covers-circulation", f"{drawn.subject}: {'; '.join(parts)}",
                   drawn.subject, cells, drawn.path)
        if not placement.piece.is_rug:
            for cell in placement.furniture:
                furniture.setdefault(cell, []).append(index)
        for cell in placement.circulation:
            circulation.setdefault(cell, []).append(index)


def _covers_obstacle(ck: _Checker) -> None:
    obstacles = ck.sheet.project.obstacles
    for drawn in ck.sheet.pieces:
        cells = drawn.placement.squares & obstacles
        if cells:
            ck.add("covers-obstacle", f"{drawn.subject} covers the obstacle at "
                   f"{_where(cells)}", drawn.subject, cells, drawn.path)


def _outside_house(ck: _Checker) -> None:
    project = ck.sheet.project
    for drawn in ck.sheet.pieces:
        cells = drawn.placement.squares - project.house
        if not cells:
            continue
        shown = ck.on_sheet(cells)
        off = len(cells) - len(shown)
        text = f"{drawn.subject} lies outside the house"
        if shown:
            text += f" at {_where(shown)}"
        if off:
            text += f"{' and' if shown else ','} {off} square(s) off the sheet"
        ck.add("outside-house", text, drawn.subject, cells, drawn.path)
    for room in _walled(ck):
        cells = room.cells - project.house
        if cells:
            ck.add("outside-house", f"room {room.name} lies outside the house at "
                   f"{_where(cells)}", f"room {room.name}", cells, room.path + ".cells")


def _crosses_wall(ck: _Checker) -> None:
    lay, house, walls = ck.lay, ck.sheet.project.house, ck.wall_keys
    walled = set(lay.room_at.values())
    for index, drawn in enumerate(ck.sheet.pieces):
        placement = drawn.placement
        room = lay.piece_rooms[index]
        home = room if room in walled else None
        squares = placement.squares & house
        astray = {c for c in squares if lay.room_at.get(c) != home}
        parts: list[str] = []
        cells: set[Cell] = set(astray)
        if astray:
            where = f"room {home}" if home else "the unwalled part of the house"
            parts.append(f"its squares at {_where(astray)} are not in {where} with the rest")
        crossings: list[Edge] = []
        for cell in placement.furniture:
            for other, key in steps(cell):
                if other not in squares or cell not in squares:
                    continue
                if other in placement.furniture and other < cell:
                    continue  # each furniture pair once
                if key in walls:
                    crossings.append(Edge.between(cell, other))
                    cells.update((cell, other))
        if crossings:
            names = ", ".join(e.name for e in crossings)
            parts.append(f"a wall runs through it at {names}")
        if parts:
            ck.add("crosses-wall", f"{drawn.subject} straddles a wall: "
                   f"{'; '.join(parts)}", drawn.subject, cells, drawn.path)


def _needs_wall(ck: _Checker) -> None:
    for index, drawn in enumerate(ck.sheet.pieces):
        sides = drawn.placement.wall_sides
        if not sides:
            continue
        room = ck.lay.piece_rooms[index]
        walls = ck.walls_before(room)
        furniture = drawn.placement.furniture
        missing: dict[str, list[Cell]] = {}
        for side in (side for side in SIDES if side in sides):
            bare = [c for c in outermost(furniture, side) if Edge(c, side) not in walls]
            if bare:
                missing[side] = bare
        if missing:
            what = "; ".join(f"{side} side at {_where(cells)}" for side, cells in missing.items())
            ck.add("needs-wall", f"{drawn.subject} must stand against a wall that "
                   f"already existed when it was drawn: no wall on the {what}",
                   drawn.subject, {c for cells in missing.values() for c in cells},
                   drawn.path)


def _mirror_without_wild_card(ck: _Checker) -> None:
    if ck.sheet.wild_card is not None:
        return  # with a wild card declared, an extra mirror is a second use
    for drawn in ck.sheet.pieces:
        if drawn.placement.mirror:
            ck.add("mirror-without-wild-card", f"{drawn.subject} is mirrored, but the "
                   "wild card was not played on it", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _wild_card_twice(ck: _Checker) -> None:
    wild = ck.sheet.wild_card
    if wild is None:
        return
    pieces = ck.sheet.pieces
    named = [i for i in wild.pieces if 0 <= i < len(pieces)]
    if len(named) > 1:
        ck.add("wild-card-twice", "the wild card names "
               f"{len(named)} pieces: {', '.join(pieces[i].subject for i in named)}; "
               "it may be used on one only", "wild card",
               {c for i in named for c in pieces[i].placement.furniture}, wild.path)
    allowed = set(named) if wild.effect == "mirror" else set()
    used = ", ".join(pieces[i].subject for i in named) or "another piece"
    effect = "mirror" if wild.effect == "mirror" else "other option"
    for index, drawn in enumerate(pieces):
        if drawn.placement.mirror and index not in allowed:
            ck.add("wild-card-twice", f"{drawn.subject} is mirrored, but the wild card "
                   f"is already used on {used} ({effect})", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _room_options(ck: _Checker, name: str) -> set[str] | None:
    spec = ck.sheet.project.room(name)
    if spec is None:
        return None
    catalog = ck.sheet.project.catalog
    return {option for slot in spec.cards for option in catalog.card_options(slot.number)}


def _not_on_room_cards(ck: _Checker) -> None:
    options: dict[str, set[str] | None] = {}
    for index, drawn in enumerate(ck.sheet.pieces):
        room = ck.lay.piece_rooms[index]
        if room is None:
            continue
        if room not in options:
            options[room] = _room_options(ck, room)
        allowed = options[room]
        if allowed is None:
            ck.add("not-on-room-cards", f"{drawn.subject} is in {room!r}, which is not "
                   "a room of this project", drawn.subject, drawn.placement.furniture,
                   drawn.path)
        elif drawn.id not in allowed:
            ck.add("not-on-room-cards", f"{drawn.subject} is not an option on the "
                   f"furniture cards of room {room}", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _room_order(ck: _Checker) -> list[str]:
    """Room names in play order, then the room being furnished if it is not listed."""
    names = [room.name for room in ck.sheet.rooms]
    current = ck.sheet.current_room
    if current is not None and current not in names:
        names.append(current)
    return list(dict.fromkeys(names))


def _too_many_pieces(ck: _Checker) -> None:
    by_room: dict[str, list[int]] = {}
    for index, room in enumerate(ck.lay.piece_rooms):
        if room is not None:
            by_room.setdefault(room, []).append(index)
    pieces = ck.sheet.pieces
    for name in _room_order(ck):
        spec = ck.sheet.project.room(name)
        held = by_room.get(name, [])
        if spec is None or len(held) <= spec.tokens:
            continue
        extra = held[spec.tokens:]
        ck.add("too-many-pieces", f"room {name} holds {len(held)} pieces but its cards have "
               f"{spec.tokens} selection token{'' if spec.tokens == 1 else 's'}; extra: "
               f"{', '.join(pieces[i].subject for i in extra)}", f"room {name}",
               {c for i in extra for c in pieces[i].placement.furniture}, ck.room_path(name))


# --- rooms, doors, hallway, front door (SPEC 2.3) ---------------------------------------


def _walled(ck: _Checker) -> list[RoomPlan]:
    return [room for room in ck.sheet.rooms if room.finalized]


def _rooms_overlap(ck: _Checker) -> None:
    owner: dict[Cell, int] = {}
    rooms = ck.sheet.rooms
    for index, room in enumerate(rooms):
        shared: dict[int, set[Cell]] = {}
        for cell in room.cells:
            if cell in owner:
                shared.setdefault(owner[cell], set()).add(cell)
            else:
                owner[cell] = index
        for other in sorted(shared):
            ck.add("rooms-overlap", f"room {room.name} overlaps room {rooms[other].name} at "
                   f"{_where(shared[other])}", f"room {room.name}", shared[other],
                   room.path + ".cells")


def _room_split(ck: _Checker) -> None:
    pre_drawn = frozenset(edge.key for edge in ck.sheet.project.walls)
    for room in _walled(ck):
        parts = components(room.cells, pre_drawn)
        if len(parts) < 2:
            continue
        main = max(parts, key=len)  # the first largest part, in reading order
        stray = set(room.cells) - main
        starts = ", ".join(cell_name(min(part, key=reading_order)) for part in parts)
        walled_off = bool(pre_drawn) and len(components(room.cells)) == 1
        cause = "parts cut apart by a pre-drawn wall" if walled_off else "separate parts"
        ck.add("room-split", f"room {room.name} is in {len(parts)} {cause} "
               f"(starting at {starts}); cut off from the largest: {_where(stray)}",
               f"room {room.name}", stray, room.path + ".cells")


def _door_count(ck: _Checker) -> None:
    entry = ck.sheet.project.entry_room
    for room in _walled(ck):
        count = len(room.doors)
        if count == 1 or (count == 0 and room.name == entry):
            continue  # the entry room of a no-hallway project may use the front door only
        if count == 0:
            text = f"room {room.name} is walled but has no door"
        else:
            text = (f"room {room.name} has {count} doors "
                    f"({', '.join(d.name for d in room.doors)}); it needs exactly one")
        ck.add("door-count", text, f"room {room.name}",
               {c for d in room.doors for c in d.cells}, room.path + ".door")


def _on_boundary(edge: Edge, cells: frozenset[Cell]) -> bool:
    inner, outer = edge.cells
    return (inner in cells) != (outer in cells)


def _door_not_on_room(ck: _Checker) -> None:
    for room in _walled(ck):
        for door in room.doors:
            if not _on_boundary(door, room.cells):
                ck.add("door-not-on-room", f"the door {door.name} of room {room.name} is not "
                       "on the room's boundary", f"door of {room.name}", door.cells,
                       room.path + ".door")


def _hallway_not_empty(ck: _Checker) -> None:
    hallway = ck.lay.hallway
    for index, drawn in enumerate(ck.sheet.pieces):
        if ck.exempt(index):
            continue
        placement = drawn.placement
        on_furniture = placement.furniture & hallway
        on_circulation = placement.circulation & hallway
        if not (on_furniture or on_circulation):
            continue
        parts = []
        if on_furniture:
            parts.append(f"furniture at {_where(on_furniture)}")
        if on_circulation:
            parts.append(f"circulation at {_where(on_circulation)}")
        place = "the squares outside the rooms" if ck.sheet.project.no_hallway else "the hallway"
        ck.add("hallway-not-empty", f"{drawn.subject} has {' and '.join(parts)} on "
               f"{place}", drawn.subject, on_furniture | on_circulation, drawn.path)


def _front_door_inside(ck: _Checker) -> Cell | None:
    """The house square inside the single front door, when it is on an exterior wall."""
    door = ck.sheet.front_door
    if door is None or door not in ck.lay.exterior:
        return None
    house = ck.sheet.project.house
    return next((c for c in door.cells if c in house), None)


def _hallway_cut_off(ck: _Checker) -> None:
    if ck.sheet.project.no_hallway:
        return
    lay = ck.lay
    hallway = lay.hallway
    if not hallway:
        return
    parts = components(hallway, ck.wall_keys)
    start = _front_door_inside(ck)
    if start is not None and start in hallway:
        reached = next(part for part in parts if start in part)
        why = "cut off from the hallway at the front door"
    else:
        reached = max(parts, key=len)
        why = "cut off from the largest part of the hallway (no front door onto the hallway yet)"
    for part in parts:
        if part is not reached:
            many = len(part) > 1
            ck.add("hallway-cut-off", f"hallway square{'s' if many else ''} {_where(part)} "
                   f"{'are' if many else 'is'} {why}: unusable", "hallway", part, "$.rooms",
                   WARNING)


def _door_not_on_hallway(ck: _Checker) -> None:
    lay, project = ck.lay, ck.sheet.project
    no_hallway = project.no_hallway
    later = ERROR if ck.final else TODO
    for room in _walled(ck):
        for door in room.doors:
            if not _on_boundary(door, room.cells):
                continue
            outer = door.cells[1] if door.cells[0] in room.cells else door.cells[0]
            other = lay.room_at.get(outer)
            subject = f"door of {room.name}"
            path = room.path + ".door"
            if outer not in project.house:
                ck.add("door-not-on-hallway", f"the door {door.name} of room {room.name} opens "
                       "onto the outside of the house", subject, door.cells, path)
            elif no_hallway:
                if other is not None and other != room.name:
                    continue
                severity = later if outer in lay.hallway else ERROR
                ck.add("door-not-on-hallway", f"the door {door.name} of room {room.name} must "
                       f"open into another room (no hallway in this project); {cell_name(outer)} "
                       "is not in a room", subject, door.cells, path, severity)
            elif outer not in lay.hallway:
                what = f"room {other}" if other else "an obstacle"
                ck.add("door-not-on-hallway", f"the door {door.name} of room {room.name} opens "
                       f"into {what}, not onto the hallway", subject, door.cells, path)
    inside = _front_door_inside(ck)
    front = ck.sheet.front_door
    if inside is None or front is None:
        return
    if no_hallway:
        entry = ck.sheet.project.entry_room
        other = lay.room_at.get(inside)
        if other == entry:
            return
        severity = later if other is None and inside in lay.hallway else ERROR
        into = f"room {other}" if other else f"{cell_name(inside)}, which is not in a room yet"
        ck.add("door-not-on-hallway", f"the front door {front.name} must open into the entry "
               f"room {entry} (no hallway in this project), not into {into}", "front door",
               front.cells, "$.front_door", severity)
    elif inside not in lay.hallway:
        other = lay.room_at.get(inside)
        what = f"room {other}" if other else "an obstacle"
        ck.add("door-not-on-hallway", f"the front door {front.name} opens into {what}, not onto "
               "the hallway", "front door", front.cells, "$.front_door")


def _front_door_count(ck: _Checker) -> None:
    doors = ck.sheet.front_doors
    if len(doors) == 1:
        return
    if not doors:
        ck.add("front-door-count", "the house has no front door yet" if not ck.final else
               "the house has no front door", "front door", (), "$.front_door",
               ERROR if ck.final else TODO)
        return
    ck.add("front-door-count", f"the house has {len(doors)} front doors "
           f"({', '.join(d.name for d in doors)}); it needs exactly one", "front door",
           {c for d in doors for c in d.cells}, "$.front_door")


def _front_door_not_exterior(ck: _Checker) -> None:
    for door in ck.sheet.front_doors:
        if door not in ck.lay.exterior:
            ck.add("front-door-not-exterior", f"the front door {door.name} is not on an "
                   "exterior wall of the house", "front door", door.cells, "$.front_door")


def _window_not_exterior(ck: _Checker) -> None:
    for index, window in enumerate(ck.sheet.windows):
        if window not in ck.lay.exterior:
            ck.add("window-not-exterior", f"the window {window.name} is not on an exterior "
                   "wall of the house", f"window {window.name}", window.cells,
                   f"$.windows[{index}]")


def _room_not_finalized(ck: _Checker) -> None:
    severity = ERROR if ck.final else TODO
    for spec in ck.sheet.project.rooms:
        room = ck.sheet.room(spec.name)
        if room is not None and room.finalized:
            continue
        path = room.path + ".cells" if room is not None else "$.rooms"
        text = f"room {spec.name} is not walled" + ("" if ck.final else " yet")
        ck.add("room-not-finalized", text, f"room {spec.name}", (), path, severity)


_CHECKS: dict[str, Callable[[_Checker], None]] = {
    "overlap": _overlap,
    "covers-circulation": _covers_circulation,
    "covers-obstacle": _covers_obstacle,
    "outside-house": _outside_house,
    "crosses-wall": _crosses_wall,
    "needs-wall": _needs_wall,
    "mirror-without-wild-card": _mirror_without_wild_card,
    "wild-card-twice": _wild_card_twice,
    "not-on-room-cards": _not_on_room_cards,
    "too-many-pieces": _too_many_pieces,
    "rooms-overlap": _rooms_overlap,
    "room-split": _room_split,
    "door-count": _door_count,
    "door-not-on-room": _door_not_on_room,
    "hallway-not-empty": _hallway_not_empty,
    "hallway-cut-off": _hallway_cut_off,
    "door-not-on-hallway": _door_not_on_hallway,
    "front-door-count": _front_door_count,
    "front-door-not-exterior": _front_door_not_exterior,
    "window-not-exterior": _window_not_exterior,
    "room-not-finalized": _room_not_finalized,
}
assert list(_CHECKS) == list(RULES)


def check(sheet: Sheet, lay: Layout | None = None, *, final: bool | None = None) -> list[Problem]:
    """Every rule the sheet breaks, in the fixed order of :data:`RULES`.

    ``final`` (default: ``sheet.finished``) decides whether end-game requirements not
    met yet (no front door, rooms not walled) are errors or ``todo``.
    """
    checker = _Checker(sheet, lay if lay is not None else layout(sheet),
                       sheet.finished if final is None else final)
    for rule in _CHECKS.values():
        rule(checker)
    return checker.problems
