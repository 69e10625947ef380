"""The rules of furniture, rooms, doors, hallway and front door (``docs/rules.md``).

:func:`check` returns every broken rule as a :class:`~homestaging.errors.Problem`, in a
fixed order: grouped by rule, in the order of :data:`RULES`; within one rule, in the
order of the entries at fault (pieces in sheet order, rooms in play order, windows in
sheet order). ``docs/rules.md`` gives the exact meaning of each code with an example.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from .bitmask import Moves, open_moves
from .errors import Problem, Severity, StrEnum
from .grid import (
    SIDES,
    Cell,
    Edge,
    EdgeKey,
    cell_name,
    cells_text,
    components,
    fills_box,
    in_reading_order,
    outermost,
    reading_order,
    side_key,
)
from .layout import Layout, layout
from .quoting import excerpt
from .sheet import RoomPlan, Sheet

if TYPE_CHECKING:  # the card rules of a sheet with a game record, imported for one only
    from .cardplay import OutOfOrder, Settlement, Token
    from .catalog import Card

__all__ = ["PIECE_RULES", "QUIET_MIDGAME", "READER_NOTES", "RECORD_RULES", "RULES", "Code", "check"]

class Code(StrEnum):
    """The rule codes of Home Staging (``docs/rules.md``): the checks of :func:`check`, in
    their order (the last four are the reader's notes on how the sheet is written), then
    the access warnings of :func:`homestaging.access.access_problems` and the mid-game
    information of :func:`homestaging.scoring.check_sheet`."""

    OVERLAP = "overlap"
    COVERS_CIRCULATION = "covers-circulation"
    COVERS_OBSTACLE = "covers-obstacle"
    OUTSIDE_HOUSE = "outside-house"
    CROSSES_WALL = "crosses-wall"
    NEEDS_WALL = "needs-wall"
    MIRROR_WITHOUT_WILD_CARD = "mirror-without-wild-card"
    WILD_CARD_TWICE = "wild-card-twice"
    NOT_ON_ROOM_CARDS = "not-on-room-cards"
    TOO_MANY_PIECES = "too-many-pieces"
    VARIANT_NOT_DEALT = "variant-not-dealt"
    NOT_SELECTED = "not-selected"
    ROOM_ORDER = "room-order"
    ROOMS_OVERLAP = "rooms-overlap"
    ROOM_SPLIT = "room-split"
    DOOR_COUNT = "door-count"
    DOOR_NOT_ON_ROOM = "door-not-on-room"
    HALLWAY_NOT_EMPTY = "hallway-not-empty"
    HALLWAY_CUT_OFF = "hallway-cut-off"
    DOOR_NOT_ON_HALLWAY = "door-not-on-hallway"
    DOOR_NOT_ON_ENTRY_ROOM = "door-not-on-entry-room"
    FRONT_DOOR_COUNT = "front-door-count"
    FRONT_DOOR_NOT_EXTERIOR = "front-door-not-exterior"
    WINDOW_NOT_EXTERIOR = "window-not-exterior"
    ROOM_NOT_FINALIZED = "room-not-finalized"
    CURRENT_ROOM_WALLED = "current-room-walled"
    CAPITAL_O = "capital-o"
    SIDE_AS_WORD = "side-as-word"
    STRAY_MARK = "stray-mark"
    MARKS_CONTRADICT_ROTATION = "marks-contradict-rotation"
    UNREACHABLE_PIECE = "unreachable-piece"
    UNREACHABLE_ROOM = "unreachable-room"
    ONLY_WAY = "only-way"


RULES: dict[Code, str] = {}
"""The meaning of each rule code checked by :func:`check`, in the order of the checks
(filled by :func:`rule` where each check is defined)."""
_CHECKS: dict[Code, Callable[[_Checker], None]] = {}
_Check = TypeVar("_Check", bound=Callable[["_Checker"], None])


def rule(code: Code, meaning: str) -> Callable[[_Check], _Check]:
    """Register the decorated function as the check of ``code``, meaning ``meaning``: the
    checks run in the order they are registered."""

    def register(check: _Check) -> _Check:
        if code in RULES:
            raise ValueError(f"rule {code} is registered twice")
        RULES[code] = meaning
        _CHECKS[code] = check
        return check

    return register


class _Checker:
    """Shared state of one check: the sheet, its layout and the problems found."""

    def __init__(self, sheet: Sheet, lay: Layout, end_of_game: bool) -> None:
        self.sheet = sheet
        self.lay = lay
        self.end_of_game = end_of_game
        self.problems: list[Problem] = []
        self._walls_before: dict[str | None, frozenset[EdgeKey]] = {}

    @property
    def wall_keys(self) -> frozenset[tuple[int, int, str]]:
        """Keys of every wall of the layout, openings not excepted."""
        return self.lay.wall_keys

    def on_sheet(self, cells: Iterable[Cell]) -> list[Cell]:
        project = self.sheet.project
        return in_reading_order(c for c in cells if project.in_sheet(c))

    def add(self, code: Code, message: str, subject: str, cells: Iterable[Cell], path: str,
            severity: Severity = Severity.ERROR) -> None:
        self.problems.append(Problem(code, severity, message, subject,
                                     tuple(self.on_sheet(cells)), path))

    @cached_property
    def moves(self) -> Moves:
        """Steps over the sheet that cross no pre-drawn wall: the walls that may split a
        room or the hallway (the other walls have a room square on one side), for a
        cheap test that a room or the hallway is in one piece."""
        project = self.sheet.project
        if project.walls:
            return Moves.build(project.width, project.height, project.walls)
        return open_moves(project.width, project.height)

    @cached_property
    def furniture(self) -> frozenset[Cell]:
        """The furniture squares of every piece but the rugs, for the rules that look at
        every piece to be told at once, most often, that no piece is concerned."""
        return frozenset().union(*(drawn.placement.furniture for drawn in self.sheet.pieces
                                   if not drawn.placement.piece.is_rug))

    @cached_property
    def circulation(self) -> frozenset[Cell]:
        """The circulation squares of every piece."""
        return frozenset().union(*(drawn.placement.circulation for drawn in self.sheet.pieces))

    @cached_property
    def squares(self) -> frozenset[Cell]:
        """The squares of every piece: furniture (rugs included) and circulation."""
        return self.circulation.union(*(drawn.placement.furniture
                                        for drawn in self.sheet.pieces))

    @property
    def later(self) -> Severity:
        """The severity of an end-game requirement: ``todo`` until the end, then ``error``."""
        return Severity.ERROR if self.end_of_game else Severity.TODO

    @cached_property
    def settlement(self) -> Settlement | None:
        """The exact card rules' verdict, for a sheet that has a game record."""
        if self.sheet.game is None:
            return None
        from .cardplay import settle

        return settle(self.sheet, self.lay)

    @cached_property
    def out_of_order(self) -> tuple[OutOfOrder, ...]:
        """The rooms played out of the record's order (a sheet with a game record): the
        settlement's when worked out, else found without settling the cards."""
        settled: Settlement | None = self.__dict__.get("settlement")
        if settled is not None:
            return settled.out_of_order
        if self.sheet.game is None:  # told before the import: most sheets have no record
            return ()
        from .cardplay import out_of_order

        return out_of_order(self.sheet, self.sheet.game)

    def wall_keys_before(self, room: str | None) -> frozenset[EdgeKey]:
        """:meth:`Layout.wall_keys_before`, once per room."""
        if room not in self._walls_before:
            self._walls_before[room] = self.lay.wall_keys_before(room)
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


#: how many entries a message lists at most, then says how many more there are
MAX_LISTED = 20


def _listed(names: list[str]) -> str:
    """``names`` joined with commas, the first :data:`MAX_LISTED` of them.

    >>> _listed([f"p{n}" for n in range(23)])[-26:]
    'p18, p19 and 3 more'
    """
    if len(names) <= MAX_LISTED:
        return ", ".join(names)
    return f"{', '.join(names[:MAX_LISTED])} and {len(names) - MAX_LISTED} more"


# --- furniture ----------------------------------------------------------------------------


#: how many pieces one piece is said to stand on, or to cover the circulation of, one by
#: one; past them, one more problem says there are others (so that thousands of pieces
#: piled on one square give a few problems each, not one per pair)
MAX_NAMED = 4


class _Occupants:
    """Which pieces lie on each square, the first :data:`MAX_NAMED` of each kept."""

    def __init__(self) -> None:
        self.first: dict[Cell, list[int]] = {}
        self.count: dict[Cell, int] = {}

    def on(self, cells: Collection[Cell]) -> tuple[list[int], bool]:
        """The first :data:`MAX_NAMED` pieces (by index) on any of ``cells``, and whether
        there are more."""
        if self.count.keys().isdisjoint(cells):
            return [], False  # the common case, answered without a loop
        found: set[int] = set()
        more = False
        for cell in cells:
            kept = self.first.get(cell)
            if kept:
                found.update(kept)
                more = more or self.count[cell] > len(kept)
        ordered = sorted(found)
        return ordered[:MAX_NAMED], more or len(ordered) > MAX_NAMED

    def add(self, cells: Collection[Cell], index: int) -> None:
        first, count = self.first, self.count
        if count.keys().isdisjoint(cells):  # the common case: squares no piece is on yet
            first.update({cell: [index] for cell in cells})
            count.update(dict.fromkeys(cells, 1))
            return
        for cell in cells:
            kept = first.get(cell)
            if kept is None:
                first[cell] = [index]
                count[cell] = 1
                continue
            if len(kept) < MAX_NAMED:
                kept.append(index)
            count[cell] += 1

    def taken(self, cells: Iterable[Cell]) -> set[Cell]:
        """The squares of ``cells`` some piece lies on."""
        return {cell for cell in cells if cell in self.count}


def _apart(squares: list[frozenset[Cell]]) -> bool:
    """Whether no square is in two of the sets."""
    return len(frozenset().union(*squares)) == sum(map(len, squares))


@rule(Code.OVERLAP,
      "Furniture stands on furniture (a rug may lie under furniture, not under a rug).")
def _overlap(ck: _Checker) -> None:
    pieces = ck.sheet.pieces
    furniture_only = [d.placement.furniture for d in pieces if not d.placement.piece.is_rug]
    if len(ck.furniture) == sum(map(len, furniture_only)) and _apart(
            [d.placement.furniture for d in pieces if d.placement.piece.is_rug]):
        return  # the usual case: no furniture on furniture, no rug on a rug
    furniture, rugs = _Occupants(), _Occupants()
    for index, drawn in enumerate(pieces):
        layer = rugs if drawn.placement.piece.is_rug else furniture
        squares = drawn.placement.furniture
        others, more = layer.on(squares)
        for other in others:
            cells = squares & pieces[other].placement.furniture
            ck.add(Code.OVERLAP, f"{drawn.subject} stands on {pieces[other].subject} "
                   f"at {_where(cells)}", drawn.subject, cells, drawn.path)
        if more:
            taken = layer.taken(squares)
            ck.add(Code.OVERLAP, f"{drawn.subject} also stands on other pieces at "
                   f"{_where(taken)} (the first {MAX_NAMED} are named)", drawn.subject, taken,
                   drawn.path)
        layer.add(squares, index)


@rule(Code.COVERS_CIRCULATION, "Furniture covers a circulation square of another piece.")
def _covers_circulation(ck: _Checker) -> None:
    if ck.furniture.isdisjoint(ck.circulation):
        return  # the usual case: no furniture (rugs aside) on any circulation
    furniture, circulation = _Occupants(), _Occupants()
    pieces = ck.sheet.pieces
    for index, drawn in enumerate(pieces):
        placement = drawn.placement
        rug = placement.piece.is_rug
        covers, more_covered = ([], False) if rug else circulation.on(placement.furniture)
        covered, more_covering = furniture.on(placement.circulation)
        for other in sorted({*covers, *covered})[:MAX_NAMED]:
            theirs = pieces[other].placement
            on_theirs = set() if rug else placement.furniture & theirs.circulation
            under = (set() if theirs.piece.is_rug
                     else placement.circulation & theirs.furniture)
            parts = []
            if on_theirs:
                parts.append(f"its furniture covers the circulation of "
                             f"{pieces[other].subject} at {_where(on_theirs)}")
            if under:
                parts.append(f"its circulation lies on the furniture of "
                             f"{pieces[other].subject} at {_where(under)}")
            ck.add(Code.COVERS_CIRCULATION, f"{drawn.subject}: {'; '.join(parts)}",
                   drawn.subject, on_theirs | under, drawn.path)
        if more_covered or more_covering or len({*covers, *covered}) > MAX_NAMED:
            cells = furniture.taken(placement.circulation)
            if not rug:
                cells |= circulation.taken(placement.furniture)
            ck.add(Code.COVERS_CIRCULATION, f"{drawn.subject}: its furniture or its "
                   f"circulation also meets other pieces at {_where(cells)} (the first "
                   f"{MAX_NAMED} are named)", drawn.subject, cells, drawn.path)
        if not rug:
            furniture.add(placement.furniture, index)
        circulation.add(placement.circulation, index)


@rule(Code.COVERS_OBSTACLE, "Furniture or circulation covers an obstacle of the house.")
def _covers_obstacle(ck: _Checker) -> None:
    obstacles = ck.sheet.project.obstacles
    if not ck.squares & obstacles:
        return
    for drawn in ck.sheet.pieces:
        cells = drawn.placement.squares & obstacles
        if cells:
            ck.add(Code.COVERS_OBSTACLE, f"{drawn.subject} covers the obstacle at "
                   f"{_where(cells)}", drawn.subject, cells, drawn.path)


@rule(Code.OUTSIDE_HOUSE, "Furniture, circulation or a room lies outside the house.")
def _outside_house(ck: _Checker) -> None:
    project = ck.sheet.project
    astray = not ck.squares <= project.house  # most often every piece is inside
    for drawn in ck.sheet.pieces if astray else ():
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
        ck.add(Code.OUTSIDE_HOUSE, text, drawn.subject, cells, drawn.path)
    for room in _walled(ck):
        outside = room.cells - project.house
        if outside:
            ck.add(Code.OUTSIDE_HOUSE, f"room {room.name} lies outside the house at "
                   f"{_where(outside)}", f"room {room.name}", outside, room.path + ".cells")


@rule(Code.CROSSES_WALL,
      "A piece straddles a wall: its squares are not in one room, or a wall "
      "runs between its squares.")
def _crosses_wall(ck: _Checker) -> None:
    lay, house, walls = ck.lay, ck.sheet.project.house, ck.wall_keys
    walled, room_of = lay.walled_rooms, lay.room_at.get
    for index, drawn in enumerate(ck.sheet.pieces):
        placement = drawn.placement
        room = lay.piece_rooms[index]
        home = room if room in walled else None
        squares = placement.squares
        if not squares <= house:
            squares = squares & house
        # the usual case, every square in the piece's room, told by one C loop
        astray = ({c for c in squares if room_of(c) != home}
                  if set(map(room_of, squares)) != {home} else set())
        parts: list[str] = []
        cells: set[Cell] = set(astray)
        if astray:
            where = f"room {home}" if home else "the unwalled part of the house"
            parts.append(f"its squares at {_where(astray)} are not in {where} with the rest")
        crossings: list[Edge] = []
        all_in = len(squares) == len(placement.furniture) + len(placement.circulation)
        ax, ay = placement.anchor
        inside: Collection[Cell]
        if all_in and walls.isdisjoint([(ax + dx, ay + dy, side) for dx, dy, side
                                        in placement.shape.inner_edges]):
            inside = ()  # the usual case: no wall between any two of its squares
        else:
            inside = placement.furniture
        for cell in inside:
            if cell not in squares:
                continue
            x, y = cell  # the steps of grid.steps, written out: a loop over every piece
            for other, key in (((x, y - 1), (x, y, "n")), ((x + 1, y), (x + 1, y, "w")),
                               ((x, y + 1), (x, y + 1, "n")), ((x - 1, y), (x, y, "w"))):
                if other not in squares:
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
            ck.add(Code.CROSSES_WALL, f"{drawn.subject} straddles a wall: "
                   f"{'; '.join(parts)}", drawn.subject, cells, drawn.path)


@rule(Code.NEEDS_WALL,
      "A wall piece's wall side does not stand against a wall that already existed.")
def _needs_wall(ck: _Checker) -> None:
    for index, drawn in enumerate(ck.sheet.pieces):
        sides = drawn.placement.wall_sides
        if not sides:
            continue
        room = ck.lay.piece_rooms[index]
        ax, ay = drawn.placement.anchor
        if ck.lay.stood_before(room, [(ax + dx, ay + dy, side) for dx, dy, side
                                      in drawn.placement.shape.wall_edges]):
            continue  # the usual case: every wall side against a wall
        walls = ck.wall_keys_before(room)
        furniture = drawn.placement.furniture
        missing: dict[str, list[Cell]] = {}
        for side in (side for side in SIDES if side in sides):
            bare = [c for c in outermost(furniture, side) if side_key(c, side) not in walls]
            if bare:
                missing[side] = bare
        if missing:
            what = "; ".join(f"{side} side at {_where(cells)}" for side, cells in missing.items())
            ck.add(Code.NEEDS_WALL, f"{drawn.subject} must stand against a wall that "
                   f"already existed when it was drawn: no wall on the {what}",
                   drawn.subject, {c for cells in missing.values() for c in cells},
                   drawn.path)


@rule(Code.MIRROR_WITHOUT_WILD_CARD, "A piece is mirrored but the wild card was not played on it.")
def _mirror_without_wild_card(ck: _Checker) -> None:
    if ck.sheet.wild_card is not None:
        return  # with a wild card declared, an extra mirror is a second use
    for drawn in ck.sheet.pieces:
        if drawn.placement.mirror:
            ck.add(Code.MIRROR_WITHOUT_WILD_CARD, f"{drawn.subject} is mirrored, but the "
                   "wild card was not played on it", drawn.subject,
                   drawn.placement.furniture, drawn.path)


@rule(Code.WILD_CARD_TWICE, "The wild card is used more than once.")
def _wild_card_twice(ck: _Checker) -> None:
    wild = ck.sheet.wild_card
    if wild is None:
        return
    pieces = ck.sheet.pieces
    named = [i for i in wild.pieces if 0 <= i < len(pieces)]
    if len(named) > 1:
        ck.add(Code.WILD_CARD_TWICE, "the wild card names "
               f"{len(named)} pieces: {', '.join(pieces[i].subject for i in named)}; "
               "it may be used on one only", "wild card",
               {c for i in named for c in pieces[i].placement.furniture}, wild.path)
    allowed = set(named) if wild.effect == "mirror" else set()
    used = ", ".join(pieces[i].subject for i in named) or "another piece"
    effect = "mirror" if wild.effect == "mirror" else "other option"
    for index, drawn in enumerate(pieces):
        if drawn.placement.mirror and index not in allowed:
            ck.add(Code.WILD_CARD_TWICE, f"{drawn.subject} is mirrored, but the wild card "
                   f"is already used on {used} ({effect})", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _room_options(ck: _Checker, name: str) -> frozenset[str] | None:
    spec = ck.sheet.project.room(name)
    if spec is None:
        return None
    return ck.sheet.project.catalog.options_of(slot.number for slot in spec.cards)


@rule(Code.NOT_ON_ROOM_CARDS,
      "A piece is not an option on its room's furniture cards "
      "(a sheet without a game record).")
def _not_on_room_cards(ck: _Checker) -> None:
    if ck.sheet.game is not None:
        return  # the exact card rules apply instead
    options: dict[str, frozenset[str] | None] = {}
    for index, drawn in enumerate(ck.sheet.pieces):
        room = ck.lay.piece_rooms[index]
        if room is None:
            continue
        if room not in options:
            options[room] = _room_options(ck, room)
        allowed = options[room]
        if allowed is None:
            ck.add(Code.NOT_ON_ROOM_CARDS, f"{drawn.subject} is in {excerpt(room)}, which is not "
                   "a room of this project", drawn.subject, drawn.placement.furniture,
                   drawn.path)
        elif drawn.id not in allowed:
            ck.add(Code.NOT_ON_ROOM_CARDS, f"{drawn.subject} is not an option on the "
                   f"furniture cards of room {room}", drawn.subject,
                   drawn.placement.furniture, drawn.path)


def _rooms_in_play(ck: _Checker) -> list[str]:
    """Room names in play order, then the room being furnished if it is not listed."""
    names = [room.name for room in ck.sheet.rooms]
    current = ck.sheet.current_room
    if current is not None and current not in names:
        names.append(current)
    return list(dict.fromkeys(names))


@rule(Code.TOO_MANY_PIECES,
      "A room holds more pieces than the selection tokens on its cards "
      "(a sheet without a game record).")
def _too_many_pieces(ck: _Checker) -> None:
    if ck.sheet.game is not None:
        return  # the exact card rules apply instead
    by_room: dict[str, list[int]] = {}
    for index, room in enumerate(ck.lay.piece_rooms):
        if room is not None:
            by_room.setdefault(room, []).append(index)
    pieces = ck.sheet.pieces
    for name in _rooms_in_play(ck):
        spec = ck.sheet.project.room(name)
        held = by_room.get(name, [])
        if spec is None or len(held) <= spec.tokens:
            continue
        extra = held[spec.tokens:]
        ck.add(Code.TOO_MANY_PIECES, f"room {name} holds {len(held)} pieces but its cards have "
               f"{spec.tokens} selection token{'' if spec.tokens == 1 else 's'}; extra: "
               f"{_listed([pieces[i].subject for i in extra])}", f"room {name}",
               {c for i in extra for c in pieces[i].placement.furniture}, ck.room_path(name))


# --- the exact card rules of a sheet with a game record ----------------------------------


def _card_name(card: Card) -> str:
    """``7a (kitchen-corner or counter-straight)``."""
    return f"{card.number}{card.variant} ({' or '.join(card.options)})"


def _record_path(path: str) -> str:
    """A path inside the game record, as a path of the sheet: ``$.game.rounds[0]``."""
    return "$.game" + path[1:]


def _undealt(ck: _Checker, index: int) -> list[Card]:
    """The cards of a variant that was not dealt that offer piece ``index``, when no card
    of its room as dealt offers it (``variant-not-dealt``); else nothing."""
    record, catalog = ck.sheet.game, ck.sheet.project.catalog
    spec = ck.sheet.project.room(ck.lay.piece_rooms[index] or "")
    if record is None or spec is None:
        return []
    piece_id = ck.sheet.pieces[index].id
    numbers = [slot.number for slot in spec.cards]
    dealt = [card for n in numbers if (card := record.card(catalog, n)) is not None]
    if any(piece_id in card.options for card in dealt):
        return []
    return [card for (number, variant), card in catalog.cards.items()
            if number in numbers and variant != record.dealt.get(number)
            and piece_id in card.options]


@rule(Code.VARIANT_NOT_DEALT, "A piece is an option only of a card variant that was not dealt.")
def _variant_not_dealt(ck: _Checker) -> None:
    settled = ck.settlement
    if settled is None:
        return
    record = settled.record
    for index in settled.unpaid:
        cards = _undealt(ck, index)
        if not cards:
            continue
        drawn = ck.sheet.pieces[index]
        catalog = ck.sheet.project.catalog
        dealt = [card for n in dict.fromkeys(c.number for c in cards)
                 if (card := record.card(catalog, n)) is not None]
        ck.add(Code.VARIANT_NOT_DEALT, f"{drawn.subject} is an option of card "
               f"{', '.join(f'{c.number}{c.variant}' for c in cards)} only, which was not "
               f"dealt: this game has {', '.join(_card_name(c) for c in dealt)}",
               drawn.subject, drawn.placement.furniture, drawn.path)


def _token_text(ck: _Checker, settled: Settlement, token: Token) -> str:
    """``counter-straight for A (One-wall countertop)``: a token's choice and its piece."""
    text = token.choice if token.choice is not None else "? (not recorded yet)"
    payer = settled.paid_by(token)
    if payer is None:
        return text + " (nothing drawn for it)"
    drawn = ck.sheet.pieces[payer]
    first = min(drawn.placement.furniture, key=reading_order)
    return f"{text} for {drawn.subject} at {cell_name(first)}"


def _why_unpaid(ck: _Checker, settled: Settlement, index: int, room: str) -> str:
    """Which cards of the room could have paid for piece ``index``, and where their
    tokens went."""
    from .cardplay import wild_would_pay

    piece_id = ck.sheet.pieces[index].id
    tokens = settled.tokens.get(room, ())
    offering = [t for t in tokens if piece_id in t.card.options]
    if not offering:
        cards = dict.fromkeys(f"{t.card.number}{t.card.variant}" for t in tokens)
        return f"no card of room {room} offers {piece_id} (cards {', '.join(cards)})"
    parts = []
    for number in dict.fromkeys(t.card.number for t in offering):
        own = [t for t in offering if t.card.number == number]
        count = "its token chose" if len(own) == 1 else f"its {len(own)} tokens chose"
        parts.append(f"card {_card_name(own[0].card)}: {count} "
                     + ", ".join(_token_text(ck, settled, t) for t in own))
    text = "; ".join(parts)
    if ck.sheet.wild_card is None and wild_would_pay(ck.sheet, ck.lay, settled, index):
        text += "; the wild card's other option, played on it, would pay for it"
    return text


@rule(Code.NOT_SELECTED,
      "No selection token pays for a piece, or a card's choices are not recorded yet.")
def _not_selected(ck: _Checker) -> None:
    settled = ck.settlement
    if settled is None:
        return
    pieces, rooms = ck.sheet.pieces, ck.lay.piece_rooms
    unpaid = [i for i in settled.unpaid if not _undealt(ck, i)]
    for index in sorted([*unpaid, *settled.waiting()]):
        drawn = pieces[index]
        room = rooms[index] or ""
        if index in settled.payments:
            number = settled.payments[index].token.card.number
            text = (f"{drawn.subject} is paid for by no recorded token: card {number} of "
                    f"room {room} was never recorded" if ck.end_of_game else
                    f"{drawn.subject} waits for card {number} of room {room} to be recorded: "
                    "no recorded token pays for it yet")
            severity = ck.later
        else:
            text = (f"{drawn.subject} is paid for by no token of room {room}: "
                    f"{_why_unpaid(ck, settled, index, room)}")
            severity = Severity.ERROR
        ck.add(Code.NOT_SELECTED, text, drawn.subject, drawn.placement.furniture, drawn.path,
               severity)
    record = settled.record
    for spec in ck.sheet.project.rooms:
        pending = settled.pending(spec.name)
        if not pending:
            continue
        counts: dict[int, int] = {}
        for token in pending:
            counts[token.card.number] = counts.get(token.card.number, 0) + 1
        slots = {slot.number: slot.tokens for slot in spec.cards}
        cards = ", ".join(str(number) if count == slots.get(number) else
                          f"{number} ({count} of its {slots.get(number)} tokens)"
                          for number, count in counts.items())
        several = len(counts) > 1
        played = record.round(spec.name)
        text = (f"room {spec.name}: card{'s' if several else ''} {cards} "
                + (f"{'were' if several else 'was'} never recorded: the game record is "
                   "incomplete" if ck.end_of_game
                   else f"{'are' if several else 'is'} not recorded yet"))
        ck.add(Code.NOT_SELECTED, text, f"room {spec.name}", (),
               _record_path(played.path if played is not None else "$.rounds"), ck.later)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


@rule(Code.ROOM_ORDER, "A room is finalized out of the order the game record plays the rooms.")
def _room_order(ck: _Checker) -> None:
    for wrong in ck.out_of_order:
        plan = ck.sheet.room(wrong.room)
        walled = plan is not None and plan.finalized
        place = _ordinal(wrong.position + 1)
        what = f"the {place} room walled" if walled else f"furnished as the {place} room"
        ck.add(Code.ROOM_ORDER, f"room {wrong.room} is {what} on this sheet, but the game "
               f"record plays {wrong.expected} {place}", f"room {wrong.room}", (),
               plan.path if walled and plan is not None else "$.current_room")


# --- rooms, doors, hallway, front door -------------------------------------------------


def _walled(ck: _Checker) -> list[RoomPlan]:
    return [room for room in ck.sheet.rooms if room.finalized]


@rule(Code.ROOMS_OVERLAP, "Two rooms share squares.")
def _rooms_overlap(ck: _Checker) -> None:
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
                   f"{_where(shared[other])}", f"room {room.name}", shared[other],
                   room.path + ".cells")


@rule(Code.ROOM_SPLIT, "A room is not one connected region.")
def _room_split(ck: _Checker) -> None:
    pre_drawn = frozenset(edge.key for edge in ck.sheet.project.walls)
    for room in _walled(ck):
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
               f"(starting at {starts}); cut off from the largest: {_where(stray)}",
               f"room {room.name}", stray, room.path + ".cells")


@rule(Code.DOOR_COUNT, "A walled room does not have exactly one door.")
def _door_count(ck: _Checker) -> None:
    no_hallway = ck.sheet.project.no_hallway
    entry = ck.lay.entry_room
    for room in _walled(ck):
        count = len(room.doors)
        if count == 1 or (count == 0 and room.name == entry):
            continue  # the entry room of a no-hallway project may use the front door only
        severity = Severity.ERROR
        if count == 0:
            text = f"room {room.name} is walled but has no door"
            if no_hallway and entry is None:
                severity = ck.later  # it may be the entry room, once the front door is drawn
                text += " (it needs one unless the front door opens into it)"
        else:
            text = (f"room {room.name} has {count} doors "
                    f"({', '.join(d.name for d in room.doors)}); it needs exactly one")
        ck.add(Code.DOOR_COUNT, text, f"room {room.name}",
               {c for d in room.doors for c in d.cells}, room.path + ".door", severity)


@rule(Code.DOOR_NOT_ON_ROOM, "A door is not on its room's boundary.")
def _door_not_on_room(ck: _Checker) -> None:
    for room in _walled(ck):
        for door in room.doors:
            if not door.on_boundary(room.cells):
                ck.add(Code.DOOR_NOT_ON_ROOM, f"the door {door.name} of room {room.name} is not "
                       "on the room's boundary", f"door of {room.name}", door.cells,
                       room.path + ".door")


@rule(Code.HALLWAY_NOT_EMPTY, "Furniture or circulation lies on the hallway.")
def _hallway_not_empty(ck: _Checker) -> None:
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
            parts.append(f"furniture at {_where(on_furniture)}")
        if on_circulation:
            parts.append(f"circulation at {_where(on_circulation)}")
        place = "the squares outside the rooms" if ck.sheet.project.no_hallway else "the hallway"
        ck.add(Code.HALLWAY_NOT_EMPTY, f"{drawn.subject} has {' and '.join(parts)} on "
               f"{place}", drawn.subject, on_furniture | on_circulation, drawn.path)


def _front_door_inside(ck: _Checker) -> Cell | None:
    """The house square inside the single front door, when it is on an exterior wall."""
    door = ck.sheet.front_door
    if door is None or door not in ck.lay.exterior:
        return None
    house = ck.sheet.project.house
    return door.inside(house)


@rule(Code.HALLWAY_CUT_OFF,
      "Hallway squares are cut off from the part that reaches the front door.")
def _hallway_cut_off(ck: _Checker) -> None:
    if ck.sheet.project.no_hallway:
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
            ck.add(Code.HALLWAY_CUT_OFF, f"hallway square{'s' if many else ''} {_where(part)} "
                   f"{'are' if many else 'is'} {why}: unusable", "hallway", part, "$.rooms",
                   Severity.WARNING)


@rule(Code.DOOR_NOT_ON_HALLWAY, "A door does not open onto the hallway.")
def _door_not_on_hallway(ck: _Checker) -> None:
    lay, project = ck.lay, ck.sheet.project
    if project.no_hallway:
        return  # the project's own door rule: door-not-on-entry-room
    for room in _walled(ck):
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


def _door_sides(ck: _Checker, room: RoomPlan) -> list[tuple[Edge, Cell, str | None]]:
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
def _door_not_on_entry_room(ck: _Checker) -> None:
    lay, project = ck.lay, ck.sheet.project
    if not project.no_hallway:
        return
    entry = lay.entry_room
    doors_of = {room.name: set(room.doors) for room in _walled(ck)}
    for room in _walled(ck):
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
def _front_door_count(ck: _Checker) -> None:
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
def _front_door_not_exterior(ck: _Checker) -> None:
    for door in ck.sheet.front_doors:
        if door not in ck.lay.exterior:
            ck.add(Code.FRONT_DOOR_NOT_EXTERIOR, f"the front door {door.name} is not on an "
                   "exterior wall of the house", "front door", door.cells, "$.front_door")


@rule(Code.WINDOW_NOT_EXTERIOR, "A window is not on an exterior wall.")
def _window_not_exterior(ck: _Checker) -> None:
    for index, window in enumerate(ck.sheet.windows):
        if window not in ck.lay.exterior:
            ck.add(Code.WINDOW_NOT_EXTERIOR, f"the window {window.name} is not on an exterior "
                   "wall of the house", f"window {window.name}", window.cells,
                   f"$.windows[{index}]")


@rule(Code.ROOM_NOT_FINALIZED, "A room of the project is not walled.")
def _room_not_finalized(ck: _Checker) -> None:
    severity = Severity.ERROR if ck.end_of_game else Severity.TODO
    for spec in ck.sheet.project.rooms:
        room = ck.sheet.room(spec.name)
        if room is not None and room.finalized:
            continue
        path = room.path + ".cells" if room is not None else "$.rooms"
        text = f"room {spec.name} is not walled" + ("" if ck.end_of_game else " yet")
        ck.add(Code.ROOM_NOT_FINALIZED, text, f"room {spec.name}", (), path, severity)


@rule(Code.CURRENT_ROOM_WALLED, "current_room names a room that is already walled.")
def _current_room_walled(ck: _Checker) -> None:
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


READER_NOTES = frozenset({Code.CAPITAL_O, Code.SIDE_AS_WORD, Code.STRAY_MARK,
                          Code.MARKS_CONTRADICT_ROTATION})
"""The codes of the reader's notes on how a file is written (``Sheet.notes``): a sheet
written back (``convert``, the editor's save) no longer has them."""


def _reader_note(code: Code, meaning: str) -> None:
    """Register the check that reports the reader's notes with ``code``, in the order the
    reader made them."""

    def report(ck: _Checker) -> None:
        ck.problems.extend(note for note in ck.sheet.notes if note.code == code)

    rule(code, meaning)(report)


_reader_note(Code.CAPITAL_O, "A capital O in furniture_grid, read as the circulation mark o.")
_reader_note(Code.SIDE_AS_WORD, "A side written as a word (south), read as its letter (s).")
_reader_note(Code.STRAY_MARK, "Circulation marks o that belong to no piece.")
_reader_note(Code.MARKS_CONTRADICT_ROTATION,
             "Circulation marks o suggest another rotation than the legend gives.")


PIECE_RULES = frozenset([Code.OVERLAP, Code.COVERS_CIRCULATION, Code.COVERS_OBSTACLE,
                         Code.MIRROR_WITHOUT_WILD_CARD, Code.WILD_CARD_TWICE,
                         Code.NOT_ON_ROOM_CARDS, Code.VARIANT_NOT_DEALT, Code.NOT_SELECTED])
"""The rules that read the pieces, the wild card, the game record and the room of each
piece (``Layout.piece_rooms``), not the rooms' squares, doors or walls, nor the room
being furnished: they answer the same for two sheets that differ in those only, every
piece in the same room on both; and mid-game they report no error on a sheet with no
pieces."""


QUIET_MIDGAME = frozenset([Code.HALLWAY_CUT_OFF, Code.ROOM_NOT_FINALIZED,
                           Code.CURRENT_ROOM_WALLED])
"""The rules that report no error on a sheet judged mid-game (``end_of_game=False``): a
hallway cut off and a current room already walled are warnings, a room not walled is
to do until the end of the game."""


RECORD_RULES = frozenset([Code.NOT_ON_ROOM_CARDS, Code.TOO_MANY_PIECES,
                          Code.VARIANT_NOT_DEALT, Code.NOT_SELECTED, Code.ROOM_ORDER])
"""The rules that read the sheet's game record (``Sheet.game``): every other rule
answers the same for two sheets that differ in their records only."""


def check(sheet: Sheet, lay: Layout | None = None, *, end_of_game: bool | None = None,
          only: Collection[Code] | None = None) -> list[Problem]:
    """Every rule the sheet breaks, in the fixed order of :data:`RULES`.

    ``end_of_game`` (default: ``sheet.finished``, the sheet's own state) judges the sheet
    as at the end of the game: end-game requirements not met yet (no front door, rooms
    not walled) are errors; otherwise they are ``todo``. ``only``: the rules to check
    (default: all).
    """
    checker = _Checker(sheet, lay if lay is not None else layout(sheet),
                       sheet.finished if end_of_game is None else end_of_game)
    for code, run in _CHECKS.items():
        if only is None or code in only:
            run(checker)
    return checker.problems
