"""The rules of rooms, doors, hallway, front door and windows, and of the rooms left
to wall."""

from __future__ import annotations

from ..core.errors import Severity
from ..core.grid import Cell, Edge, cell_name, components, fills_box, reading_order
from ..core.sheet import RoomPlan
from .checker import Checker, rule, where_text
from .codes import Code


@rule(Code.ROOMS_OVERLAP, "Two rooms share squares.")
def _rooms_overlap(ck: Checker) -> None:
    rooms = ck.sheet.rooms
    if all(room.cells.isdisjoint(other.cells) for index, room in enumerate(rooms)
           for other in rooms[index + 1:]):
        return  # the usual case, told without a table of every room square
    owner: dict[Cell, int] = {}
    for index, room in enumerate(rooms):
        shared: dict[int, set[Cell]] = {}
        for cell in room.cells:
            if cell in owner:
                shared.setdefault(owner[cell], set()).add(cell)
            else:
                owner[cell] = index
        for other in sorted(shared):
            ck.add(Code.ROOMS_OVERLAP, f"room {room.name} overlaps room {rooms[other].name} at "
                   f"{where_text(shared[other])}", f"room {room.name}", shared[other],
                   room.path + ".cells")


@rule(Code.ROOM_SPLIT, "A room is not one connected region.")
def _room_split(ck: Checker) -> None:
    pre_drawn = frozenset(edge.key for edge in ck.sheet.project.walls)
    for room in ck.walled():
        cells = room.cells  # most rooms are rectangles: told in one piece without a mask
        if ((not pre_drawn and cells.__class__ is frozenset and fills_box(cells))
                or ck.moves.linked(cells)):
            continue
        parts = components(room.cells, pre_drawn)
        if len(parts) < 2:
            continue
        main = max(parts, key=len)  # the first largest part, in reading order
        stray = set(room.cells) - main
        starts = ", ".join(cell_name(min(part, key=reading_order)) for part in parts)
        walled_off = bool(pre_drawn) and len(components(room.cells)) == 1
        cause = "parts cut apart by a pre-drawn wall" if walled_off else "separate parts"
        ck.add(Code.ROOM_SPLIT, f"room {room.name} is in {len(parts)} {cause} "
               f"(starting at {starts}); cut off from the largest: {where_text(stray)}",
               f"room {room.name}", stray, room.path + ".cells")


@rule(Code.DOOR_COUNT, "A walled room does not have exactly one door.")
def _door_count(ck: Checker) -> None:
    into_entry = ck.sheet.project.entry.onto == "entry room"
    entry = ck.lay.entry_room
    for room in ck.walled():
        count = len(room.doors)
        if count == 1 or (count == 0 and room.name == entry):
            continue  # the entry room of a no-hallway project may use the front door only
        severity = Severity.ERROR
        if count == 0:
            text = f"room {room.name} is walled but has no door"
            if into_entry and entry is None:
                severity = ck.later  # it may be the entry room, once the front door is drawn
                text += " (it needs one unless the front door opens into it)"
        else:
            text = (f"room {room.name} has {count} doors "
                    f"({', '.join(d.name for d in room.doors)}); it needs exactly one")
        ck.add(Code.DOOR_COUNT, text, f"room {room.name}",
               {c for d in room.doors for c in d.cells}, room.path + ".door", severity)


@rule(Code.DOOR_NOT_ON_ROOM, "A door is not on its room's boundary.")
def _door_not_on_room(ck: Checker) -> None:
    for room in ck.walled():
        for door in room.doors:
            if not door.on_boundary(room.cells):
                ck.add(Code.DOOR_NOT_ON_ROOM, f"the door {door.name} of room {room.name} is not "
                       "on the room's boundary", f"door of {room.name}", door.cells,
                       room.path + ".door")


@rule(Code.HALLWAY_NOT_EMPTY, "Furniture or circulation lies on the hallway.")
def _hallway_not_empty(ck: Checker) -> None:
    hallway = ck.lay.hallway
    if not ck.squares & hallway:
        return
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
            parts.append(f"furniture at {where_text(on_furniture)}")
        if on_circulation:
            parts.append(f"circulation at {where_text(on_circulation)}")
        place = ck.sheet.project.entry.outside
        ck.add(Code.HALLWAY_NOT_EMPTY, f"{drawn.subject} has {' and '.join(parts)} on "
               f"{place}", drawn.subject, on_furniture | on_circulation, drawn.path)


def _front_door_inside(ck: Checker) -> Cell | None:
    """The house square inside the single front door, when it is on an exterior wall."""
    door = ck.sheet.front_door
    if door is None or not ck.sheet.project.on_exterior(door):
        return None
    house = ck.sheet.project.house
    return door.inside(house)


@rule(Code.HALLWAY_CUT_OFF,
      "Hallway squares are cut off from the part that reaches the front door.")
def _hallway_cut_off(ck: Checker) -> None:
    if not ck.sheet.project.entry.outside_walked:
        return
    lay = ck.lay
    hallway = lay.hallway
    if not hallway or ck.moves.linked(hallway):
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
            ck.add(Code.HALLWAY_CUT_OFF, f"hallway square{'s' if many else ''} {where_text(part)} "
                   f"{'are' if many else 'is'} {why}: unusable", "hallway", part, "$.rooms",
                   Severity.WARNING)


@rule(Code.DOOR_NOT_ON_HALLWAY, "A door does not open onto the hallway.")
def _door_not_on_hallway(ck: Checker) -> None:
    lay, project = ck.lay, ck.sheet.project
    if project.entry.onto != "hallway":
        return  # the project's own door rule: door-not-on-entry-room
    for room in ck.walled():
        for door, outer, other in _door_sides(ck, room):
            subject, path = f"door of {room.name}", room.path + ".door"
            if outer not in project.house:
                ck.add(Code.DOOR_NOT_ON_HALLWAY, f"the door {door.name} of room {room.name} opens "
                       "onto the outside of the house", subject, door.cells, path)
            elif outer not in lay.hallway:
                what = f"room {other}" if other else "an obstacle"
                ck.add(Code.DOOR_NOT_ON_HALLWAY, f"the door {door.name} of room {room.name} opens "
                       f"into {what}, not onto the hallway", subject, door.cells, path)
    inside = _front_door_inside(ck)
    front = ck.sheet.front_door
    if inside is None or front is None or inside in lay.hallway:
        return
    other = lay.room_at.get(inside)
    what = f"room {other}" if other else "an obstacle"
    ck.add(Code.DOOR_NOT_ON_HALLWAY, f"the front door {front.name} opens into {what}, not onto "
           "the hallway", "front door", front.cells, "$.front_door")


def _door_sides(ck: Checker, room: RoomPlan) -> list[tuple[Edge, Cell, str | None]]:
    """Each door on the room's boundary with the square across it and that square's room."""
    found = []
    for door in room.doors:
        inside = door.inside(room.cells)
        if inside is None or not door.on_boundary(room.cells):
            continue  # door-not-on-room
        outer = door.across(inside)
        found.append((door, outer, ck.lay.room_at.get(outer)))
    return found


@rule(Code.DOOR_NOT_ON_ENTRY_ROOM,
      "With no hallway: a door does not open into the entry room "
      "(the room the front door opens into), or the front door into a room.")
def _door_not_on_entry_room(ck: Checker) -> None:
    lay, project = ck.lay, ck.sheet.project
    if project.entry.onto != "entry room":
        return
    entry = lay.entry_room
    doors_of = {room.name: set(room.doors) for room in ck.walled()}
    for room in ck.walled():
        for door, outer, other in _door_sides(ck, room):
            subject, path = f"door of {room.name}", room.path + ".door"
            name = f"the door {door.name} of room {room.name}"
            if outer not in project.house:
                ck.add(Code.DOOR_NOT_ON_ENTRY_ROOM, f"{name} opens onto the outside of the house",
                       subject, door.cells, path)
            elif room.name == entry:
                if other is not None and door in doors_of.get(other, ()):
                    continue  # the door of the room beyond, written on both rooms
                ck.add(Code.DOOR_NOT_ON_ENTRY_ROOM, f"{name}, the entry room, is not the door "
                       "of a room opening into it: the entry room's door is the front door",
                       subject, door.cells, path)
            elif entry is not None and other == entry:
                continue
            elif entry is None and other is not None:
                continue  # that room may be the entry room, once the front door is drawn
            elif entry is None and outer not in project.obstacles:
                ck.add(Code.DOOR_NOT_ON_ENTRY_ROOM, f"{name} opens onto {cell_name(outer)}, "
                       f"which is in no room{'' if ck.end_of_game else ' yet'}: it must open "
                       "into the entry room", subject, door.cells, path, ck.later)
            else:
                what = (f"room {other}" if other else "an obstacle"
                        if outer in project.obstacles else f"{cell_name(outer)}, in no room")
                into = (f"the entry room {entry} (where the front door opens)" if entry
                        else "the entry room")
                ck.add(Code.DOOR_NOT_ON_ENTRY_ROOM, f"{name} opens into {what}, not into "
                       f"{into}", subject, door.cells, path)
    inside = _front_door_inside(ck)
    front = ck.sheet.front_door
    if inside is None or front is None or entry is not None:
        return
    obstacle = inside in project.obstacles
    ck.add(Code.DOOR_NOT_ON_ENTRY_ROOM, f"the front door {front.name} must open into a room, "
           f"the entry room (no hallway in this project); {cell_name(inside)} is "
           + ("an obstacle" if obstacle else "in no room" + ("" if ck.end_of_game else " yet")),
           "front door", front.cells, "$.front_door", Severity.ERROR if obstacle else ck.later)


@rule(Code.FRONT_DOOR_COUNT, "The house does not have exactly one front door.")
def _front_door_count(ck: Checker) -> None:
    doors = ck.sheet.front_doors
    if len(doors) == 1:
        return
    if not doors:
        ck.add(Code.FRONT_DOOR_COUNT, "the house has no front door yet" if not ck.end_of_game else
               "the house has no front door", "front door", (), "$.front_door",
               Severity.ERROR if ck.end_of_game else Severity.TODO)
        return
    ck.add(Code.FRONT_DOOR_COUNT, f"the house has {len(doors)} front doors "
           f"({', '.join(d.name for d in doors)}); it needs exactly one", "front door",
           {c for d in doors for c in d.cells}, "$.front_door")


@rule(Code.FRONT_DOOR_NOT_EXTERIOR, "The front door is not on an exterior wall.")
def _front_door_not_exterior(ck: Checker) -> None:
    for door in ck.sheet.front_doors:
        if not ck.sheet.project.on_exterior(door):
            ck.add(Code.FRONT_DOOR_NOT_EXTERIOR, f"the front door {door.name} is not on an "
                   "exterior wall of the house", "front door", door.cells, "$.front_door")


@rule(Code.WINDOW_NOT_EXTERIOR, "A window is not on an exterior wall.")
def _window_not_exterior(ck: Checker) -> None:
    for index, window in enumerate(ck.sheet.windows):
        if not ck.sheet.project.on_exterior(window):
            ck.add(Code.WINDOW_NOT_EXTERIOR, f"the window {window.name} is not on an exterior "
                   "wall of the house", f"window {window.name}", window.cells,
                   f"$.windows[{index}]")


@rule(Code.ROOM_NOT_FINALIZED, "A room of the project is not walled.")
def _room_not_finalized(ck: Checker) -> None:
    severity = Severity.ERROR if ck.end_of_game else Severity.TODO
    for spec in ck.sheet.project.rooms:
        room = ck.sheet.room(spec.name)
        if room is not None and room.finalized:
            continue
        path = room.path + ".cells" if room is not None else "$.rooms"
        text = f"room {spec.name} is not walled" + ("" if ck.end_of_game else " yet")
        ck.add(Code.ROOM_NOT_FINALIZED, text, f"room {spec.name}", (), path, severity)


@rule(Code.CURRENT_ROOM_WALLED, "current_room names a room that is already walled.")
def _current_room_walled(ck: Checker) -> None:
    current = ck.sheet.current_room
    room = ck.sheet.room(current) if current is not None else None
    if room is None or not room.finalized:
        return
    walled = ck.sheet.walled
    following = next((name for name in ck.sheet.play_order if name not in walled), None)
    advice = (f"set current_room to the next room, {following}" if following is not None
              else "every room is walled: remove current_room")
    ck.add(Code.CURRENT_ROOM_WALLED, f"current_room is {current}, which is already walled: "
           f"{advice}", f"room {current}", (), "$.current_room", Severity.WARNING)
