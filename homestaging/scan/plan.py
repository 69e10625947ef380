"""From classified squares and edges to a plan: rooms, doors, pieces, an ordinary sheet.

* Rooms: :func:`~.rooms.find_rooms` cuts the house into walled regions with their doors.
* Pieces: each region is fitted (:func:`~.fit.fit_room`) under every room name, with
  what that room may hold (:func:`room_offers`): with a game record, the pieces its
  tokens chose (the wild card's other option at a cost); without, its cards' options.
* Order: with a record, the rooms are written in the order it played them; without,
  in the project's order, or the first order that gives each piece needing a wall the
  walls it leans on (:func:`~.order.clearing_order`).
* Names: the regions get the room names whose fits cost least together, the wild card
  spent at most once. When readings tie (pieces, or whole rooms, that look the same on
  paper), the one with the fewest broken rules, then the highest score, is taken, and
  the others are listed as doubts.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.game import GameRecord
from ..core.grid import Cell, Edge, cells_text, reading_order
from ..core.pieces import Placement
from ..core.project import Project
from ..core.sheet import DrawnPiece, RoomPlan, Sheet, WildCard
from .doubt import Uncertain, one_per_side
from .fit import Evidence, Offer, RoomFit, Slot, fit_room
from .marks import EMPTY, Marks
from .order import clearing_order
from .outside import front_door_ink
from .rooms import Region, find_rooms

__all__ = ["Uncertain", "read_plan", "room_offers"]

OFF_RECORD_COST = 2.5  # a piece of the room's cards that the record's tokens did not choose
TOO_MANY_COST = 2.0  # a piece beyond what the room's tokens pay for (no record)
OFF_CARDS_COST = 4.0  # a piece on none of the room's cards
TIE = 1e-6
MAX_READINGS = 48


def room_offers(project: Project, record: GameRecord | None) -> dict[str, Offer]:
    """What each room may hold: per token, with a record the piece it chose (or, with
    the wild card, the other option of its card; both options of a card not recorded
    yet), without one either option of its card in any variant; then the pieces no
    token pays for, dearer."""
    catalog = project.catalog
    everything = frozenset(catalog.pieces)
    offers: dict[str, Offer] = {}
    tokens = _record_tokens(project, record) if record is not None else {}
    for spec in project.rooms:
        options = frozenset(i for slot in spec.cards for i in catalog.card_options(slot.number))
        anything = Slot(everything, OFF_CARDS_COST, limited=False,
                        reason=f"on none of the {spec.name}'s cards")
        if record is not None:
            slots = tuple(tokens.get(spec.name, ()))
            fallback = Slot(options, OFF_RECORD_COST, limited=False,
                            reason=f"not chosen for the {spec.name} in the game record")
        else:
            slots = tuple(Slot(frozenset(catalog.card_options(slot.number)))
                          for slot in spec.cards for _ in range(slot.tokens))
            fallback = Slot(options, TOO_MANY_COST, limited=False,
                            reason=f"more pieces than the {spec.name}'s tokens pay for")
        offers[spec.name] = Offer(slots, (fallback,), anything, record=record is not None)
    return offers


def _record_tokens(project: Project, record: GameRecord) -> dict[str, list[Slot]]:
    """Each room's token slots from the record (cards as dealt)."""
    from ..rules.cardplay import room_tokens

    found: dict[str, list[Slot]] = {}
    for room, tokens in room_tokens(Sheet(project=project, game=record), record).items():
        for token in tokens:
            options = frozenset(token.card.options)
            if token.choice is None:
                found.setdefault(room, []).append(Slot(options))
            else:
                found.setdefault(room, []).append(
                    Slot(frozenset({token.choice}), other=options - {token.choice}))
    return found


@dataclass(frozen=True)
class _Reading:
    """One way to name the regions, and each room's pieces."""

    cost: float
    names: tuple[str, ...]  # per region
    fits: tuple[RoomFit, ...]  # per region


def _front_door(marks: Marks) -> tuple[Edge | None, list[Uncertain]]:
    """The front door: the darkest triangle outside the wall, if dark enough to be one;
    fainter marks there and a second triangle are doubts."""
    least = front_door_ink(marks.line_ink)
    found = sorted(marks.front_doors, key=lambda item: -item[1])
    best = found[0][0] if found and found[0][1] >= least else None
    doubts = []
    for edge, ink in found:
        if edge == best:
            continue
        if ink >= least and best is not None:
            reason = (f"a second triangle outside the wall (ink {ink:.2f}); the front door "
                      f"is read at {best.name}")
        else:
            reason = f"a faint mark outside the wall (ink {ink:.2f}): read as no front door"
        doubts.append(Uncertain(edge.cell, "front door?", reason, edge.side))
    return best, doubts


def _region_walls(marks: Marks, project: Project, regions: Sequence[Region]
                  ) -> list[frozenset[Edge]]:
    """Per region, the walls its pieces may stand against: printed, exterior, and the
    pencil walls between two regions (a stray line inside a room holds nothing up)."""
    printed = project.exterior_walls() | project.walls
    owner = {c: i for i, region in enumerate(regions) for c in region.cells}
    shared = frozenset(e for e in marks.walls if owner.get(e.cell, -1) != owner.get(e.outer, -1))
    return [frozenset(printed | shared) for _ in regions]


def _readings(fits: dict[tuple[int, str], RoomFit], fits_tame: dict[tuple[int, str], RoomFit],
              count: int, names: Sequence[str], order: Sequence[str] | None
              ) -> list[_Reading]:
    """Every naming of ``count`` regions by distinct room names, cheapest first, the wild
    card spent at most once (a region that spends it elsewhere uses its tame fit). With a
    record, ``order`` lists the rooms played: the regions take those first."""
    found: list[_Reading] = []
    pool = list(order) if order is not None and len(order) >= count else list(names)
    for chosen in itertools.permutations(pool, count):
        base = [fits[i, name] for i, name in enumerate(chosen)]
        wild = [i for i, fit in enumerate(base) if fit.wild]
        if len(wild) <= 1:
            found.append(_Reading(sum(f.cost for f in base), tuple(chosen), tuple(base)))
            continue
        for keep in wild:  # the wild card on one room, the others tame
            picked = [fit if i == keep or i not in wild else fits_tame[i, chosen[i]]
                      for i, fit in enumerate(base)]
            found.append(_Reading(sum(f.cost for f in picked), tuple(chosen), tuple(picked)))
    found.sort(key=lambda r: r.cost)
    return found


def read_plan(marks: Marks, project: Project, file: str, record: GameRecord | None = None,
              ) -> tuple[Sheet, list[Uncertain]]:
    """The sheet the marks show, and the squares and sides it is not sure of. With the
    game record, each room's pieces are looked for among what its tokens chose."""
    doubts = [Uncertain(cell, what, reason, side) for cell, side, what, reason
              in marks.uncertain]
    front, front_doubts = _front_door(marks)
    doubts += front_doubts
    root = None
    if front is not None:
        root = front.cell if front.cell in project.house else front.outer
    regions, hallway, room_doubts = find_rooms(marks, project, root)
    doubts = one_per_side(doubts + room_doubts)
    names = [room.name for room in project.rooms]
    played = record.played_order() if record is not None else None
    offers = room_offers(project, record)
    walls = _region_walls(marks, project, regions)
    fits: dict[tuple[int, str], RoomFit] = {}
    tame: dict[tuple[int, str], RoomFit] = {}
    pieces = project.catalog.pieces
    for index, region in enumerate(regions):
        evidence = Evidence(marks, region.cells, project.obstacles, walls[index])
        for name in names:
            fit = fit_room(evidence, offers[name], pieces)
            fits[index, name] = fit
            if fit.wild:
                tame[index, name] = fit_room(
                    evidence, dataclasses.replace(offers[name], wild=False), pieces)
    count = min(len(regions), len(names))
    for region in regions[count:]:
        first = min(region.cells, key=reading_order)
        doubts.append(Uncertain(first, "room", f"more walled rooms than the project has "
                                f"({len(names)}); {cells_text(region.cells)} left as hallway"))
    regions = regions[:count]
    readings = _readings(fits, tame, count, names, played) or [_Reading(0.0, (), ())]
    tied = [r for r in readings if r.cost <= readings[0].cost + TIE]
    sequence = [n for n in (played or []) if n in names] + [n for n in names
                                                            if n not in (played or [])]
    loose = {c for c in hallway if marks.squares.get(c, EMPTY) != EMPTY}
    context = _Context(marks, project, file, record, regions, hallway, loose, offers, front,
                       sequence)
    judged = [judgement for reading in tied[:MAX_READINGS]
              for judgement in _judge_namings(context, reading)]
    winner = min(judged, key=lambda item: item[0])
    sheet, extra = winner[2]
    reading = winner[1]
    equal = [candidate for judgement, _, candidate in judged if judgement == winner[0]]
    doubts += extra
    for fit in reading.fits:
        doubts += fit.doubts
    doubts += _name_doubts(sheet, [s for s, _ in equal], offers,
                           record is not None, marks)
    unique: dict[tuple[Cell, str | None, str], Uncertain] = {}
    for doubt in doubts:
        unique.setdefault((doubt.cell, doubt.side, doubt.what), doubt)
    ordered = sorted(unique.values(), key=lambda d: (d.cell[1], d.cell[0], d.side or ""))
    return sheet, ordered


def _judge_namings(context: _Context, reading: _Reading
                   ) -> list[tuple[tuple[int, int], _Reading, tuple[Sheet, list[Uncertain]]]]:
    """The sheets of one reading under its rooms' equally cheap namings, judged: each
    room's best naming first, then each room's others in turn, one room at a time, a
    better one kept (the rooms' choices hardly touch each other: trying them one by one
    instead of every combination keeps a page with many look-alikes fast)."""
    options = [fit.namings or (fit.pieces,) for fit in reading.fits]
    chosen = [names[0] for names in options]
    sheet = context.sheet(reading, chosen)
    best = _judge(sheet) if any(len(names) > 1 for names in options) else (0, 0)
    found = [(best, reading, sheet)]
    for index, names in enumerate(options):
        for naming in names[1:MAX_READINGS]:
            trial = [*chosen]
            trial[index] = naming
            other = context.sheet(reading, trial)
            judgement = _judge(other)
            found.append((judgement, reading, other))
            if judgement < best:
                best, chosen = judgement, trial
    return found


def _judge(candidate: tuple[Sheet, list[Uncertain]]) -> tuple[int, int]:
    """How a reading fares: the rules it breaks (fewer is likelier), then its score
    (higher: a player draws a piece where it pays)."""
    from ..core.errors import Severity
    from ..scoring.card import score

    card = score(candidate[0])
    return (sum(1 for p in card.problems if p.severity == Severity.ERROR), -card.total)


@dataclass(frozen=True)
class _Context:
    """What every candidate sheet of one page shares."""

    marks: Marks
    project: Project
    file: str
    record: GameRecord | None
    regions: Sequence[Region]
    hallway: frozenset[Cell]
    loose: set[Cell]
    offers: dict[str, Offer]
    front: Edge | None
    sequence: Sequence[str]

    def sheet(self, reading: _Reading, naming: Sequence[Sequence[Placement]]
              ) -> tuple[Sheet, list[Uncertain]]:
        """The sheet of one reading, with the doubts of its hallway."""
        project = self.project
        assigned = dict(zip(reading.names, range(len(reading.names)), strict=True))
        rooms: list[RoomPlan] = []
        pieces: list[Placement] = []
        doubts: list[Uncertain] = []
        for name in self.sequence:
            index = assigned.get(name)
            if index is None:
                continue
            region = self.regions[index]
            doors = (region.door,) if region.door is not None else ()
            rooms.append(RoomPlan(name, region.cells, doors, f"$.rooms[{len(rooms)}]"))
            pieces += naming[index]
        current = None
        missing = [name for name in self.sequence if name not in assigned]
        if self.loose:
            current = missing[0] if missing else None
            offer = self.offers[current] if current is not None else Offer(
                (), anything=next(iter(self.offers.values())).anything)
            walls = frozenset(project.exterior_walls() | project.walls | self.marks.walls)
            fit = fit_room(Evidence(self.marks, self.hallway, project.obstacles, walls),
                           offer, project.catalog.pieces)
            doubts += fit.doubts
            pieces += fit.pieces
            if current is None:
                first = min(self.loose, key=reading_order)
                doubts.append(Uncertain(first, "furniture", "pencil in the hallway while "
                                        "every room is walled"))
        if current is not None:
            rooms.append(RoomPlan(current, path=f"$.rooms[{len(rooms)}]"))
        drawn = tuple(DrawnPiece(p, f"scan[{k}]", "$") for k, p in enumerate(pieces))
        owner = {c: reading.names[i] for i, region in enumerate(self.regions)
                 for c in region.cells}
        sheet = Sheet(project=project, rooms=tuple(rooms), pieces=drawn,
                      front_doors=(self.front,) if self.front else (),
                      windows=tuple(sorted(self.marks.windows, key=lambda e: e.key)),
                      wild_card=_wild_card(drawn, self.offers, self.record, owner),
                      current_room=current, source=self.file, project_ref=project.id,
                      game=self.record)
        if self.record is None:  # the record's order is the order; else the first that fits
            sheet, notes = clearing_order(sheet)
            doubts += notes
        return sheet, doubts


def _name_doubts(sheet: Sheet, equal: Sequence[Sheet], offers: dict[str, Offer],
                 record: bool, marks: Marks) -> list[Uncertain]:
    """Doubts on names the drawing does not settle: a room whose region another equally
    good reading names otherwise; a piece another reading names otherwise or, without a
    record, that looks like other pieces its room's cards offer (hatched alike, or its
    hatch not read)."""
    from .fit import look_of
    from .marks import hatch_of

    doubts: list[Uncertain] = []
    for room in sheet.rooms:
        if not room.finalized:
            continue
        others = sorted({r.name for s in equal for r in s.rooms if r.cells == room.cells}
                        - {room.name})
        if others:
            first = min(room.cells, key=reading_order)
            doubts.append(Uncertain(first, "room", f"read as the {room.name}; could also be "
                                    f"the {', the '.join(others)} (the pieces fit both)"))
    catalog = sheet.project.catalog
    at_room = {c: r.name for r in sheet.rooms for c in r.cells}
    for drawn in sheet.pieces:
        placement = drawn.placement
        if placement.piece.is_rug:
            continue
        names = {p.id for s in equal for p in s.pieces
                 if p.placement.furniture == placement.furniture} - {drawn.id}
        first = min(placement.furniture, key=reading_order)
        owner = at_room.get(first) or sheet.current_room
        hatch, strokes = hatch_of(marks, placement.furniture)
        if not record and owner is not None:
            paid = {i for slot in offers[owner].slots for i in slot.ids}
            look = look_of(placement.piece)
            names |= {i for i in paid if i != drawn.id and i in catalog.pieces
                      and look_of(catalog.pieces[i]) == look
                      and hatch in (None, catalog.pieces[i].hatch)}
        if names:
            why = ("they look the same on paper" if hatch is not None else
                   f"they look the same on paper and the hatch is unclear: {strokes}")
            doubts.append(Uncertain(first, "pieces", f"read as {drawn.id}; could also be "
                                    f"{', '.join(sorted(names))} ({why})"))
    return doubts


def _wild_card(drawn: Sequence[DrawnPiece], offers: dict[str, Offer],
               record: GameRecord | None, owner: dict[Cell, str]) -> WildCard | None:
    """The wild card as the pieces show it: a mirrored piece, or (with a record) a piece
    paid for by the other option of its card."""
    mirrored = tuple(i for i, p in enumerate(drawn) if p.placement.mirror)
    if len(mirrored) == 1:
        return WildCard(mirrored, "mirror")
    if record is None or mirrored:
        return None
    chosen = record.chosen()
    for index, piece in enumerate(drawn):
        room = next((owner[c] for c in piece.placement.furniture if c in owner), None)
        if room is None or piece.placement.piece.is_rug:
            continue
        offer = offers[room]
        if piece.id not in chosen.get(room, {}) and any(piece.id in s.other
                                                        for s in offer.slots):
            return WildCard((index,), "other-option")
    return None
