"""A table's game: the cards flipped so far, each player's record and sheet, the ranking.

The cards are flipped room by room in the project's play order, each room's cards in the
project's order, the variants as dealt. Each player's sheet names the table's record with
the cards flipped so far; the tokens a player chose are the options their pieces took
(:func:`own_record`), so the record of each exported sheet holds that player's own choices.
Sheets are read, checked and scored exactly as the editor does (:mod:`..editor.adapter`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core.errors import Severity
from ..core.game import CardPlay, GameRecord, Round
from ..core.layout import layout
from ..core.project import Project
from ..core.sheet import Sheet
from ..editor import adapter
from ..formats.gamewriter import record_json
from ..formats.sheetwriter import blank_sheet
from ..rules.cardplay import settle
from ..scoring.card import check_sheet, places, rank

__all__ = ["Flip", "Standing", "file_names", "flips", "new_state", "own_record",
           "palette", "ranking", "read_sheet", "table_record"]

MAX_NAME = 40
"""The longest player name (characters)."""
_SAFE = re.compile(r"[^\w .-]+")


@dataclass(frozen=True)
class Flip:
    """A card flipped: its room, number and the variant dealt."""

    room: str
    number: int
    variant: str


def flips(project: Project, dealt: dict[int, str]) -> list[Flip]:
    """Every card of the game in the order the host flips them."""
    return [Flip(spec.name, slot.number, dealt[slot.number])
            for spec in project.rooms for slot in spec.cards]


def table_record(reference: str, project: Project, seed: int, dealt: dict[int, str],
                 flipped: int) -> GameRecord:
    """The table's record: the deal, and the first ``flipped`` cards, no token chosen."""
    rounds: list[Round] = []
    for flip in flips(project, dealt)[:flipped]:
        if not rounds or rounds[-1].room != flip.room:
            rounds.append(Round(flip.room))
        rounds[-1] = replace(rounds[-1], cards=(*rounds[-1].cards, CardPlay(flip.number, ())))
    return GameRecord(reference, dict(dealt), tuple(rounds), seed)


def palette(project: Project, record: GameRecord) -> dict[str, Any]:
    """The project as the player's page draws it: only the cards flipped so far."""
    shown = adapter.project_json(project, record)
    flipped = {(played.room, card.number) for played in record.rounds for card in played.cards}
    for room in shown["rooms"]:
        room["cards"] = [card for card in room["cards"]
                         if (room["name"], card["number"]) in flipped]
    return shown


def check_name(name: Any) -> str:
    """A player's name as typed, trimmed; raise ValueError saying what is wrong."""
    if not isinstance(name, str):
        raise ValueError("type a name")
    text = " ".join(name.split())
    if not text:
        raise ValueError("type a name")
    if len(text) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    if any(not char.isprintable() for char in text):
        raise ValueError("a name is letters, digits, spaces and signs")
    return text


def new_state(project: Project, reference: str, name: str,
              record: GameRecord) -> dict[str, Any]:
    """A new player's blank sheet as the page holds it, naming the table's record."""
    sheet = blank_sheet(project, reference, player=name, source=f"{name}.json")
    state = adapter.page_state(sheet)
    state["game"] = record_json(record)
    return state


def read_sheet(state: Any, name: str, record: GameRecord) -> Sheet:
    """The page's sheet of player ``name`` holding the table's record (the page can
    change neither); raise InputError with every located problem. The record is given
    as it is, not read: its tokens are not chosen yet (:func:`own_record` chooses them)."""
    if not isinstance(state, dict):
        raise adapter.InputError.single(f"{name}.json", "a sheet is a JSON object")
    plain = {key: value for key, value in state.items() if key != "game"}
    sheet = adapter.read_state({**plain, "player": name}, f"{name}.json", Path("."))
    return replace(sheet, game=record)


def own_record(sheet: Sheet) -> GameRecord:
    """The sheet's record with the tokens this player chose: each token took the option
    of the piece it pays for (the other option, for the wild card's), a token paying for
    nothing its card's first option."""
    record = sheet.game
    assert record is not None
    settled = settle(sheet, layout(sheet))
    catalog = sheet.project.catalog
    ids = [drawn.id for drawn in sheet.pieces]
    chosen: dict[tuple[str, int], list[str]] = {}
    for index, paid in settled.payments.items():
        token = paid.token
        option = ids[index]
        if paid.wild:
            option = next((o for o in token.card.options if o != ids[index]), option)
        chosen.setdefault((token.room, token.card.number), []).append(option)
    rounds = []
    for at, played in enumerate(record.rounds):
        spec = sheet.project.room(played.room)
        slots = {slot.number: slot.tokens for slot in spec.cards} if spec else {}
        cards = []
        for place, card in enumerate(played.cards):
            dealt = record.card(catalog, card.number)
            options = chosen.get((played.room, card.number), [])[:slots.get(card.number, 0)]
            first = dealt.options[0] if dealt is not None else ""
            options += [first] * (slots.get(card.number, 0) - len(options))
            cards.append(CardPlay(card.number, tuple(options), f"$.rounds[{at}].cards[{place}]"))
        rounds.append(Round(played.room, tuple(cards), f"$.rounds[{at}]"))
    return replace(record, rounds=tuple(rounds))


def final_sheet(state: dict[str, Any], name: str, record: GameRecord) -> Sheet:
    """The player's sheet holding their own record (as checked, exported and ranked)."""
    sheet = read_sheet(state, name, record)
    return replace(sheet, game=own_record(sheet))


@dataclass(frozen=True)
class Standing:
    """A player's place in the ranking."""

    place: int
    name: str
    total: int
    pieces: int
    provisional: bool
    errors: int


def ranking(sheets: Sequence[Sheet]) -> list[Standing]:
    """The players best first, with the score command's tie-break (more pieces); each
    sheet checked as at the game's end (its errors counted as ``check`` lists them)."""
    checks = [check_sheet(sheet, end_of_game=True) for sheet in sheets]
    errors = {id(checked.card): sum(p.severity is Severity.ERROR for p in checked.problems)
              for checked in checks}
    ranked = rank([checked.card for checked in checks])
    return [Standing(place, card.player or "", card.total, card.furniture_count,
                     card.provisional, errors[id(card)])
            for place, card in zip(places(ranked), ranked, strict=True)]


def file_names(names: Sequence[str]) -> list[str]:
    """A file name for each player's sheet: the name, with every character that a file
    name cannot safely hold as ``_``; a name taken twice gets ``-2``, ``-3``..."""
    taken: set[str] = {"game"}
    found = []
    for name in names:
        base = _SAFE.sub("_", name).strip(" .") or "player"
        candidate, count = base, 1
        while candidate.lower() in taken:
            count += 1
            candidate = f"{base}-{count}"
        taken.add(candidate.lower())
        found.append(candidate)
    return found
