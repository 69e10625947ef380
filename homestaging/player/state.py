"""A game in progress: the sheet drawn so far and the game record played so far.

A :class:`State` is immutable: each step (a card flipped and its pieces drawn, a room
walled, the game finished) gives a new one, so a lookahead can try several. The
sheet carries the record (``Sheet.game``), so the placement engine offers the variants
dealt and the rules check the tokens; while the game is played the sheet also has a
window on every exterior wall (:data:`State.sketch_windows`), so that the pieces a
bonus wants beside a window are valued there; the windows that pay are chosen at the
end (:mod:`.openings`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..core.game import CardPlay, GameRecord, Round, deal
from ..core.grid import Cell, Edge
from ..core.layout import Layout, with_doors, with_pieces
from ..core.pieces import Placement
from ..core.project import CardSlot, Project
from ..core.sheet import RoomPlan, Sheet
from ..formats.readers import json_path
from ..rules.checks import PIECE_RULES, Code
from ..search.moves import Standing
from ..search.placement import card_variants, with_piece
from .board import Board, Hall, Network

__all__ = ["State", "new_game", "state_of"]


@dataclass(frozen=True)
class State:
    """The sheet (with its record and the sketch windows), the rooms in play order, the
    room being furnished (``index`` into ``order``; ``len(order)`` once every room is
    walled) and the cards of its round flipped so far."""

    sheet: Sheet
    order: tuple[str, ...]
    index: int = 0
    played: tuple[CardPlay, ...] = ()
    rounds: tuple[Round, ...] = ()
    sketch_windows: tuple[Edge, ...] = ()
    ended: bool = False
    """The game is over: the windows are drawn."""
    before: Board | None = field(default=None, compare=False, repr=False)
    """The board of the state this one added pieces to, when it was built: the board of
    this one reuses its layout and masks (:class:`Board`)."""
    clean: frozenset[Code] = field(default=frozenset(), compare=False, repr=False)
    """Rules known to report no error on the sheet mid-game (:attr:`Board.clean`)."""
    lay: Layout | None = field(default=None, compare=False, repr=False)
    """The sheet's layout, when worked out before the state was (the walls valued)."""
    standing: Standing | None = field(default=None, compare=False, repr=False)
    """The bonuses as the sheet stands (:func:`~homestaging.search.moves.standing` for the
    room being furnished, no piece left out), when worked out before (the walls
    valued): the board's ranking starts from them when no piece is to be left out."""
    judged: tuple[Network, Hall] | None = field(default=None, compare=False, repr=False)
    """The room's network and hallway after the last piece drawn, as its move was judged
    (:class:`Board`'s ``judged``)."""

    @property
    def project(self) -> Project:
        return self.sheet.project

    @property
    def room(self) -> str | None:
        """The room being furnished; None once every room is walled."""
        return self.order[self.index] if self.index < len(self.order) else None

    @property
    def record(self) -> GameRecord | None:
        """The game record; None for a sheet played without one (a hint)."""
        return self.sheet.game

    @property
    def walled_all(self) -> bool:
        return self.index >= len(self.order)

    @property
    def finished(self) -> bool:
        return self.ended

    @cached_property
    def board(self) -> Board:
        before = self.before
        if before is None:
            return Board(self.sheet, self.need, self.lay, clean=self.clean,
                         standing=self.standing)
        return Board(self.sheet, self.need, with_pieces(before.lay, self.sheet), before=before,
                     clean=self.clean, judged=self.judged)

    @cached_property
    def need(self) -> int:
        """Squares the rooms after the one being furnished need at least: per token,
        the largest option of its card as dealt (furniture and circulation; rugs lie
        on other squares)."""
        catalog = self.project.catalog
        total = 0
        for name in self.order[self.index + 1:]:
            spec = self.project.room(name)
            for slot in spec.cards if spec is not None else ():
                sizes = [len(p.art.furniture | p.art.circulation)
                         for p in (catalog.piece(o) for o in self.options(slot.number))
                         if not p.is_rug]
                total += slot.tokens * max(sizes, default=0)
        return total

    def slots_left(self) -> list[CardSlot]:
        """The current room's cards not flipped yet, in the project's order."""
        room = self.room
        spec = self.project.room(room) if room is not None else None
        if spec is None:
            return []
        flipped = {play.number for play in self.played}
        return [slot for slot in spec.cards if slot.number not in flipped]

    def options(self, number: int) -> list[str]:
        """The options of card ``number`` as dealt, in the card's order (without a record:
        those of every variant)."""
        known = self._options.get(number)
        if known is None:
            variants = card_variants(self.project, number, self.record)
            known = self._options[number] = tuple(
                dict.fromkeys(piece.id for options in variants for piece in options))
        return list(known)

    @cached_property
    def _options(self) -> dict[int, tuple[str, ...]]:
        """:meth:`options` per card number asked: the same for every state of one deal
        (the states after this one share it)."""
        return {}

    @cached_property
    def sizes_asked(self) -> dict[str, tuple[int, ...]]:
        """Per room, the sizes a ``room_size`` bonus asks of it (at least), smallest first:
        the same for every state of one deal (the states after this one share it)."""
        asked: dict[str, set[int]] = {}
        for bonus in self.project.bonuses:
            for node in bonus.clauses():
                size = node.get("room_size")
                if isinstance(size, dict) and isinstance(room := size.get("room"), str) \
                        and "at_least" in size:
                    asked.setdefault(room, set()).add(int(size["at_least"]))
        return {room: tuple(sorted(sizes)) for room, sizes in asked.items()}

    def with_card(self, number: int, choices: Sequence[str],
                  placements: Sequence[Placement], *, clean: Collection[Code] = (),
                  judged: tuple[Network, Hall] | None = None) -> State:
        """Card ``number`` flipped, its tokens choosing ``choices``, and ``placements``
        drawn in the room being furnished. ``clean``: rules the caller knows to report
        no error on the sheet after it (see :attr:`clean`); ``judged``: see
        :attr:`judged`."""
        played = (*self.played, CardPlay(number, tuple(choices)))
        sheet = self.sheet
        for placement in placements:
            sheet = with_piece(sheet, placement)
        if self.record is not None:
            record = replace(
                self.record, rounds=(*self.rounds, Round(self.order[self.index], played)))
            sheet = replace(sheet, game=record)
        after = replace(self, sheet=sheet, played=played,
                                    before=self.__dict__.get("board"), clean=frozenset(clean),
                                    lay=None, standing=None,
                                    judged=judged if placements else None)
        _share_deal(self, after)
        return after

    def with_walls(self, cells: frozenset[Cell], door: Edge | None,
                   front_door: Edge | None = None) -> State:
        """The room being furnished walled (``door`` may be None for the entry room of a
        project with no hallway), the next room being furnished; ``front_door`` drawn."""
        room = self.order[self.index]
        rooms = tuple(RoomPlan(plan.name, cells, () if door is None else (door,), plan.path)
                      if plan.name == room else plan for plan in self.sheet.rooms)
        index = self.index + 1
        current = self.order[index] if index < len(self.order) else None
        fronts = (front_door,) if front_door is not None else self.sheet.front_doors
        sheet = replace(self.sheet, rooms=rooms, current_room=current,
                                    front_doors=fronts)
        rounds = (*self.rounds, Round(room, self.played))
        after = replace(self, sheet=sheet, index=index, played=(), rounds=rounds,
                                    before=None, clean=frozenset(), lay=None, standing=None,
                                    judged=None)
        _share_deal(self, after, need=False)
        return after

    def with_openings(self, front_door: Edge | None, windows: Sequence[Edge]) -> State:
        """The game ended: the front door (when given) and the windows that pay, the
        sketch windows gone, no room being furnished. The layout of the state walled last,
        when known, is the finished sheet's (windows change none; a new front door, its
        openings only): the score card starts from it."""
        fronts = (front_door,) if front_door is not None else self.sheet.front_doors
        sheet = replace(self.sheet, front_doors=fronts, windows=tuple(windows),
                                    current_room=None)
        lay = with_doors(self.lay, sheet) if self.lay is not None else None
        return replace(self, sheet=sheet, ended=True, before=None,
                                   clean=frozenset(), lay=lay, standing=None, judged=None)


def _share_deal(state: State, after: State, need: bool = True) -> None:
    """Give ``after``, a state of the same deal as ``state``, what ``state`` worked out
    of the deal: the options of its cards, the room sizes the bonuses ask and (``need``:
    the same rooms to come) what they need."""
    for name in ("_options", "sizes_asked", "need") if need else ("_options", "sizes_asked"):
        if name in state.__dict__:
            after.__dict__[name] = state.__dict__[name]


def new_game(project: Project, seed: int, *, project_ref: str = "", player: str = "",
             order: Sequence[str] | None = None, sketch_windows: bool = False) -> State:
    """The state before the first card: the cards dealt by ``seed``, the rooms listed in
    play order (``order``, by default the project's), the first being furnished."""
    names = tuple(order) if order is not None else tuple(spec.name for spec in project.rooms)
    reference = project_ref or project.id
    record = GameRecord(reference, deal(project, seed), (), seed)
    rooms = tuple(RoomPlan(name, path=json_path(("rooms", index)))
                  for index, name in enumerate(names))
    windows = tuple(sorted(project.exterior_walls(), key=lambda e: (e.key[1], e.key[0],
                                                                    e.key[2]))) \
        if sketch_windows else ()
    sheet = Sheet(project=project, rooms=rooms, current_room=names[0] if names else None,
                  player=player, project_ref=reference, game=record, windows=windows)
    # no piece drawn: the rules that read the pieces report no error
    return State(sheet, names, sketch_windows=windows, clean=PIECE_RULES)


def state_of(sheet: Sheet) -> State:
    """The state of a game in progress from its sheet: the rooms in the sheet's play
    order, the room being furnished (``current_room``, else the first not walled), and
    with a game record the cards its round has flipped so far."""
    order = tuple(sheet.play_order)
    walled = sheet.walled
    current = sheet.current_room
    if current is None or current in walled:
        current = next((name for name in order if name not in walled), None)
    index = order.index(current) if current is not None else len(order)
    record = sheet.game
    rounds: tuple[Round, ...] = ()
    played: tuple[CardPlay, ...] = ()
    if record is not None:
        rounds = tuple(r for r in record.rounds if r.room != current)
        found = record.round(current) if current is not None else None
        played = found.cards if found is not None else ()
    if sheet.current_room != current:
        sheet = replace(sheet, current_room=current)
    return State(sheet, order, index, played, rounds)
