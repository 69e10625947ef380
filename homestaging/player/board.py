"""A sheet as the player sees it, in bit masks: what is still open, where the hallway
must lead, and the circulation network of the room being furnished.

Bit ``y * width + x`` stands for square (x, y) (:mod:`homestaging.core.bitmask`). The two
questions the player asks after every piece it considers:

* **the network** (:meth:`Board.network`): at the end of the round the room's pieces
  are reached through its one door, over its walkable squares only (circulation and
  rugs; every free square with lenient access). The squares that one door can serve
  are one connected group; the pieces whose circulation lies wholly in the best group
  score, the others are lost;
* **the hallway** (:meth:`Board.hall`): once the room is walled around its pieces,
  the doors of the rooms walled before and the front door must still be joined by the
  squares left open, and the room's network must touch them for its own door (in a
  project with no hallway: the entry room's network); the open squares cut off from
  them are lost to the rooms still to come.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import cached_property
from typing import NamedTuple

from ..core.bitmask import Moves, bits, iter_bits, open_moves
from ..core.entry import Onto
from ..core.errors import Severity
from ..core.grid import Cell, Edge
from ..core.layout import Layout, layout
from ..core.pieces import Placement
from ..core.project import Project
from ..core.sheet import Sheet
from ..rules.checks import QUIET_MIDGAME, RULES, Code, check
from ..rules.faults import involved
from ..search.moves import Standing
from ..search.placement import SheetMasks

__all__ = ["Board", "Hall", "Network", "Shape", "lowest"]


_ART: dict[tuple[str, int, bool, int], tuple[int, int, int]] = {}
"""A piece's turned art as masks at anchor A1, per sheet width (shifted to an anchor)."""

ROOMY = 6
"""With no hallway: the fewest open squares a room to come needs behind its door. On
the city apartment, counting every port (a pocket of one square too) gave a mean of
26.0 over seeds 10-19; 6 gives 28.7 (and 10 the same)."""
PORT_COST = 6
"""With no hallway: what a room to come loses when it finds no square of the entry
room's network to open into (its pieces, and an empty room's penalty). The entry room
keeps two such squares per room to come. On the city apartment, 3 made the entry room
trade whole rooms for a sofa (a mean of 19 over seeds 0-9); from 4.5 to 20 the games
are the same (28.7)."""


_EXTERIOR: dict[int, tuple[Project, tuple[tuple[Edge, int], ...]]] = {}
"""Per project (by identity): :func:`exterior_insides`."""


def exterior_insides(project: Project) -> tuple[tuple[Edge, int], ...]:
    """The edges of the house's exterior wall, in the order of
    ``project.exterior_walls()`` (a layout's ``exterior``), each with the bit of the
    square inside it (the sheet's width): worked out once per project."""
    known = _EXTERIOR.get(id(project))
    if known is not None and known[0] is project:
        return known[1]
    house, width = project.house, project.width
    found = tuple((edge, inside[1] * width + inside[0]) for edge in project.exterior_walls()
                  if (inside := edge.inside(house)) is not None)
    if len(_EXTERIOR) >= 64:  # projects read one after another
        _EXTERIOR.clear()
    _EXTERIOR[id(project)] = (project, found)
    return found


def lowest(mask: int) -> int:
    """The lowest bit of ``mask`` alone (0 for 0)."""
    return mask & -mask


class Shape(NamedTuple):
    """A placement's squares as masks, and the points its furniture scores."""

    furniture: int
    circulation: int
    points: int
    rug: bool

    @property
    def squares(self) -> int:
        return self.furniture | self.circulation


class Hall(NamedTuple):
    """The hallway after walling a room around some squares: ``ok`` when the room can
    get a door and the doors and front door stay joined; ``cut`` the open squares left
    cut off from them (no room could open onto them); ``joined`` the open squares still
    joined to them (with no hallway: for the entry room, the squares beside its network
    where later rooms may open)."""

    ok: bool
    cut: int
    joined: int
    short: int = 0
    """What the rooms to come lack: squares (with a hallway: those they need less those
    left joined), or with no hallway three per room that finds no free square of the
    entry room's network to open into."""


class Network(NamedTuple):
    """The walkable squares of the room being furnished that one door can serve best:
    ``best`` (a connected group), the points it reaches (``points``) out of the room's
    (``total``): pieces without circulation count whenever the room is reached."""

    best: int
    points: int
    total: int

    @property
    def lost(self) -> int:
        return self.total - self.points


class Board:
    """The masks of one sheet for the room being furnished (``sheet.current_room``)."""

    house: int
    obstacles: int
    walled: int
    moves: Moves
    shapes: tuple[Shape, ...]
    """Each piece's squares (:meth:`shape`), in sheet order."""
    furniture: int
    """The furniture squares of every piece but rugs."""
    """Steps that cross no wall (doors and the front door are walls here too)."""

    def __init__(self, sheet: Sheet, need: int = 0, lay: Layout | None = None, *,
                 before: Board | None = None, clean: Collection[Code] = (),
                 standing: Standing | None = None,
                 judged: tuple[Network, Hall] | None = None) -> None:
        """``lay``: the sheet's layout when known. ``before``: a board of the sheet
        before some pieces were added (a layout's rooms and walls the same objects,
        as :func:`~homestaging.core.layout.with_pieces` keeps them): its masks of the house,
        the rooms and the walls are reused. ``clean``: rules known to report no error
        on the sheet mid-game (:attr:`excluded` checks only the others). ``standing``:
        the bonuses as the sheet stands, no piece left out, when known. ``judged``: the
        room's network and hallway (:attr:`standing_hall`) as the move that drew the last
        piece was judged with (on the board before it, that piece added)."""
        self.sheet = sheet
        self.standing = standing
        self._like = before.__dict__.get("masks") if before is not None else None
        self.clean = frozenset(clean)
        self.need = need
        """Squares the rooms after this one need (see :attr:`State.need`)."""
        self.lay = lay if lay is not None else layout(sheet)
        project = sheet.project
        self.project = project
        self.width, self.height = project.width, project.height
        self.full = (1 << (self.width * self.height)) - 1
        if (before is not None and before.project is project
                and before.lay.room_at is self.lay.room_at
                and before.lay.wall_keys is self.lay.wall_keys):
            self.house, self.obstacles = before.house, before.obstacles
            self.walled, self.moves = before.walled, before.moves
        else:
            self.house, self.obstacles = project.open_bits()
            self.walled = self.lay.room_mask
            self.moves = Moves.barred(self.width, self.height, self.lay.wall_masks)
        self.open = self.house & ~self.obstacles & ~self.walled
        self.plain = open_moves(self.width, self.height)
        """Steps on the sheet, walls ignored (a door may be cut into any wall)."""
        self.room = sheet.current_room
        self.entry = project.entry
        self.lenient = project.lenient_access
        pieces = self.lay.piece_rooms
        self.room_pieces = tuple(i for i, r in enumerate(pieces)
                                 if self.room is not None and r == self.room)
        drawn = sheet.pieces
        known: tuple[Shape, ...] = ()
        self.furniture = 0
        if before is not None and before.project is project:  # the same pieces first?
            old = before.sheet.pieces
            if len(old) <= len(drawn) and all(
                    a is b for a, b in zip(old, drawn[:len(old)], strict=True)):
                known, self.furniture = before.shapes, before.furniture
        self.shapes = (*known, *(self.shape(d.placement) for d in drawn[len(known):]))
        for shape in self.shapes[len(known):]:
            if not shape.rug:
                self.furniture |= shape.furniture
        taken = 0
        for i in self.room_pieces:
            taken |= self.shapes[i].squares
        self.taken = taken
        """Squares of the room's pieces (furniture, circulation, rugs)."""
        if judged is not None and self.room_pieces and self.room_pieces[-1] == len(drawn) - 1:
            self.__dict__["_network"], self.__dict__["standing_hall"] = judged

    @cached_property
    def masks(self) -> SheetMasks:
        """The placement engine's masks of the sheet (sharing what the walls allow with
        those of the board before, when they were built)."""
        like, self._like = self._like, None
        return SheetMasks.build(self.sheet, lay=self.lay, like=like)

    @property
    def breaks(self) -> bool:
        """Whether the sheet breaks a rule mid-game (an error of :func:`rules.check`)."""
        return self._checked[0]

    @property
    def known_clean(self) -> frozenset[Code]:
        """The rules known to report no error on the sheet: the clean ones, or every rule
        once checked and none did."""
        checked = self.__dict__.get("_checked")
        return frozenset(RULES) if checked is not None and not checked[0] else self.clean

    @property
    def excluded(self) -> frozenset[int]:
        """The pieces the rules' errors name (:func:`scoring.involved`): the bonuses leave
        them out."""
        return self._checked[1]

    @cached_property
    def _checked(self) -> tuple[bool, frozenset[int]]:
        """The rules not known to be clean, checked mid-game: whether one reports an
        error, and the pieces the errors name (those of every rule, the clean ones
        reporting none). The rules that report no error mid-game are not asked
        (:data:`~homestaging.rules.checks.QUIET_MIDGAME`)."""
        rules = [code for code in RULES if code not in self.clean and code not in QUIET_MIDGAME]
        if not rules:
            return False, frozenset()
        problems = check(self.sheet, self.lay, end_of_game=False, only=rules)
        if not any(problem.severity == Severity.ERROR for problem in problems):
            return False, frozenset()
        return True, involved(self.sheet, problems)

    def mask(self, squares: Iterable[Cell]) -> int:
        return bits(squares, self.width, self.height)

    def cells(self, mask: int) -> list[Cell]:
        width = self.width
        return [(bit % width, bit // width) for bit in iter_bits(mask)]

    def shape(self, placement: Placement) -> Shape:
        """A placement's squares as masks (the piece's turned art shifted to its anchor)."""
        piece = placement.piece
        key = (piece.id, placement.rotation, placement.mirror, self.width)
        found = _ART.get(key)
        if found is None:
            turned = piece.shape(placement.rotation, placement.mirror)
            found = _ART[key] = (bits(turned.furniture, self.width, self.height),
                                 bits(turned.circulation, self.width, self.height),
                                 len(turned.furniture))
        furniture, circulation, size = found
        x, y = placement.anchor
        offset = y * self.width + x
        rug = piece.is_rug
        return Shape(furniture << offset, circulation << offset, 0 if rug else size, rug)

    @cached_property
    def exterior_squares(self) -> int:
        """House squares with an edge on the exterior wall."""
        found = 0
        for _, bit in exterior_insides(self.project):
            found |= 1 << bit
        return found

    @cached_property
    def terminals(self) -> int:
        """The squares the hallway must keep joined (projects with a hallway): in front
        of each walled room's doors, and inside the front door."""
        found: list[Cell] = []
        for plan in self.sheet.rooms:
            if plan.finalized:
                found += [c for door in plan.doors for c in door.cells if c not in plan.cells]
        house = self.sheet.project.house
        for door in self.sheet.front_doors:
            inside = door.inside(house)
            if inside is not None:
                found.append(inside)
        return self.mask(found) & self.open

    @cached_property
    def entry_ports(self) -> int:
        """With no hallway: the entry room's walkable squares the front door reaches,
        where the other rooms' doors may open."""
        entry = self.lay.entry_room
        plan = self.sheet.room(entry) if entry is not None else None
        door = self.sheet.front_door
        if plan is None or door is None:
            return 0
        inside = door.inside(plan.cells)
        if inside is None:
            return 0
        cells = self.mask(plan.cells)
        walk = self.walkable_in(cells, [i for i, r in enumerate(self.lay.piece_rooms)
                                        if r == entry])
        return open_moves(self.width, self.height).flood(self.mask([inside]), walk)

    def walkable_in(self, cells: int, pieces: Sequence[int], extra: Shape | None = None) -> int:
        """The walkable squares among ``cells`` holding ``pieces``: their circulation and
        rugs (with lenient access, every square without furniture)."""
        if self.lenient:
            furniture = self.furniture | (extra.furniture if extra and not extra.rug else 0)
            return cells & ~furniture & ~self.obstacles
        walk = 0
        for i in pieces:
            shape = self.shapes[i]
            walk |= shape.furniture if shape.rug else shape.circulation
        furniture = self.furniture
        if extra is not None:
            walk |= extra.furniture if extra.rug else extra.circulation
            furniture |= 0 if extra.rug else extra.furniture
        return walk & cells & ~furniture

    # -- the room being furnished -------------------------------------------------------

    def network(self, extra: Sequence[Shape] = ()) -> Network:
        """The room's network with the pieces drawn and ``extra`` placements added."""
        if not extra:
            return self._network
        return self._network_with(extra)

    @cached_property
    def near(self) -> int:
        """The squares of the room's pieces and those beside them."""
        return self.plain.grow(self.taken)

    @cached_property
    def _network(self) -> Network:
        """The room's network with the pieces drawn (asked for once per reading of a
        piece's moves)."""
        return self._network_with(())

    @cached_property
    def _room_sums(self) -> tuple[int, int, int, tuple[Shape, ...]]:
        """What :meth:`_network_with` reads of the room's pieces, read once: their
        walkable squares (furniture not taken out), the points of all and of those
        without circulation, and those with circulation."""
        walk = total = free = 0
        needs = []
        for i in self.room_pieces:
            shape = self.shapes[i]
            walk |= shape.furniture if shape.rug else shape.circulation
            total += shape.points
            if shape.circulation:
                needs.append(shape)
            else:
                free += shape.points
        return walk, total, free, tuple(needs)

    def _network_with(self, extra: Sequence[Shape]) -> Network:
        walk, total, free, known = self._room_sums
        needs = list(known)
        furniture = self.furniture
        for shape in extra:
            total += shape.points
            if shape.circulation:
                needs.append(shape)
            else:
                free += shape.points
            walk |= shape.furniture if shape.rug else shape.circulation
            furniture |= 0 if shape.rug else shape.furniture
        if self.lenient:
            walk = self.open & ~furniture & ~self.terminals
        else:
            walk &= ~furniture
        best, points = 0, free
        remaining = walk
        while remaining:
            group = self.moves.flood(lowest(remaining), walk)
            remaining &= ~group
            reached = free + sum(s.points for s in needs if not s.circulation & ~group)
            if reached > points or not best:
                best, points = group, reached
            if remaining and free + sum(s.points for s in needs
                                        if not s.circulation & ~remaining) <= points:
                break  # no group left can reach more (a tie keeps the first)
        return Network(best, points, total)

    @cached_property
    def door_onto(self) -> Onto:
        """What the door of the room being furnished must open onto."""
        return self.entry.door_onto(self.room, self.entry_room)

    @cached_property
    def standing_hall(self) -> Hall:
        """The hallway once the room is walled around its pieces as they stand."""
        return self.hall(self.taken, self.network().best)

    def hall(self, taken: int, network: int) -> Hall:
        """The hallway once the room is walled around ``taken`` (its pieces' squares):
        whether the room can get a door from ``network`` leaving the hallway's ends
        joined, the open squares cut off from them, and what the rooms to come lack
        (see the module's doc and :class:`Hall`)."""
        rest = self.open & ~taken
        step = self.plain.step(network) & ~taken
        onto = self.door_onto
        if onto != "hallway":
            later = sum(1 for plan in self.sheet.rooms if not plan.finalized) - 1
            if onto == "outside":
                ports = step & rest
                ok = not network or (bool(network & self.exterior_squares)
                                     and (not later or bool(ports)))
                roomy = ports & self._roomy(rest)
                return Hall(ok, 0, ports, PORT_COST * max(0, 2 * later - roomy.bit_count()))
            free = self.entry_ports & self.plain.step(self._roomy(rest & ~step))
            return Hall(not network or bool(step & self.entry_ports), 0, free,
                        PORT_COST * max(0, later - free.bit_count()))
        terminals = self.terminals
        if terminals:
            joined = self._joined(taken)
            if joined is None:
                joined = self.moves.flood(lowest(terminals), rest)
            ok = not terminals & ~joined and (not network or bool(step & joined))
        elif (region := self._joined(taken)) is not None:  # one open region: it or none
            seeds = step & region if network else region
            joined = region if seeds and region & self.exterior_squares else 0
            ok = bool(joined) or not network
        else:
            seeds = step & rest if network else rest
            joined = 0
            while seeds:  # the largest open region beside the network that may get the
                group = self.moves.flood(lowest(seeds), rest)  # front door
                seeds &= ~group
                if group & self.exterior_squares and group.bit_count() > joined.bit_count():
                    joined = group
            ok = bool(joined) or not network
        return Hall(ok, (rest & ~joined).bit_count(), joined,
                    max(0, self.need - joined.bit_count()))

    def hall_ok(self, taken: int, network: int) -> bool:
        """``hall(taken, network).ok`` with no more flood fill than it takes: with a
        hallway whose ends are known, the fill from them stops as soon as it joins
        them all and meets the room's network (what a completion asks of each
        placement it tries)."""
        terminals = self.terminals
        if not terminals or self.door_onto != "hallway":
            return self.hall(taken, network).ok
        if taken & terminals:
            return False  # an end of the hallway walled in
        step = self.plain.step(network)
        joined = self._joined(taken)
        if joined is not None:
            return not terminals & ~joined and (not network or bool(step & joined))
        rest = self.open & ~taken
        reached = lowest(terminals) & rest
        while terminals & ~reached or (network and not step & reached):
            grown = self.moves.grow(reached) & rest
            if grown == reached:
                return False
            reached = grown
        return True

    @cached_property
    def _hallway(self) -> int | None:
        """The open squares joined to the first of the hallway's ends (:attr:`terminals`),
        the room's pieces' squares left out; with no end known yet, all of them when
        they make one region (None when they do not)."""
        rest = self.open & ~self.taken
        if self.terminals:
            return self.moves.flood(lowest(self.terminals), rest)
        region = self.moves.flood(lowest(rest), rest)
        return region if region == rest else None

    def _joined(self, taken: int) -> int | None:
        """:attr:`_hallway` once ``taken`` (the room's pieces' squares and more) is walled,
        without a fill from the ends when the squares added leave it in one piece: when
        the squares beside them are joined by a fill close around them (three steps at
        most: any way through them then goes around). None when that is not shown."""
        hallway = self._hallway
        if hallway is None or taken & self.taken != self.taken:
            return None
        gone = taken & hallway
        if not gone:
            return hallway
        if gone & lowest(self.terminals):
            return 0  # the fill's first square is taken
        moves = self.moves
        rest = hallway & ~gone
        around = moves.grow(moves.grow(moves.grow(gone))) & rest
        beside = moves.step(gone) & rest
        if beside & ~moves.flood_to(lowest(beside), around, beside):
            return None
        return rest

    def _roomy(self, rest: int) -> int:
        """The squares of ``rest`` in open regions large enough for a room to come
        (:data:`ROOMY`): a pocket smaller than that holds no room worth its door."""
        found, remaining = 0, rest
        while remaining:
            group = self.moves.flood(lowest(remaining), rest)
            remaining &= ~group
            if group.bit_count() >= ROOMY:
                found |= group
        return found

    @cached_property
    def entry_room(self) -> str | None:
        """With no hallway: the room the front door opens into, or will: the first room
        of the play order."""
        if self.entry.onto == "hallway":
            return None
        if self.lay.entry_room is not None:
            return self.lay.entry_room
        return self.sheet.rooms[0].name if self.sheet.rooms else None
