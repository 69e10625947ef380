"""Reading game records (``homestaging-game/1``, ``docs/game-record.md``).

:func:`read_record` and :func:`parse_record` check a record against its schema and then
against its project (the cards it deals, the rooms it plays, the options its tokens
choose) and report every problem at once as one :class:`~homestaging.core.errors.InputError`,
each located by its JSON path: ``game.json: $.rounds[0].cards[1].tokens[0]: ...``. A
record embedded in a sheet is read with ``at=("game",)``, so its problems are located in
the sheet: ``sheet.json: $.game.rounds[0]...``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.errors import InputError, Located, UnknownProject
from ..core.game import CardPlay, GameRecord, Round, deal, project_card_numbers
from ..core.project import Project
from ..core.quoting import did_you_mean, excerpt
from .files import read_text
from .projectreader import NameSuggestions, find_project
from .readers import JsonParts, foreign_json, json_path, load_json
from .schema import ErrorPaths, iter_errors, load_schema

__all__ = ["parse_record", "read_record", "same_project"]


def read_record(path: str | Path, *, project: Project | None = None) -> GameRecord:
    """Read a game record file (``-`` for stdin); raise InputError listing every problem.

    ``project``: the project the record must be of (a sheet's); by default the record's
    own ``project`` is loaded (a bundled id, or a path relative to the record's folder).
    """
    name, text = read_text(path)
    data = load_json(text, name)
    base_dir = Path.cwd() if str(path) == "-" else Path(path).parent
    return parse_record(data, name, base_dir, project=project)


def same_project(reference: str, base_dir: str | Path, project: Project) -> bool:
    """Whether ``reference`` (a bundled id, or a path relative to ``base_dir``) names
    ``project``: by its id, or by the path of its file."""
    if reference == project.id:
        return True
    if not project.source:
        return False
    try:
        return (Path(base_dir) / reference).resolve() == Path(project.source).resolve()
    except (OSError, ValueError):
        return False


def _numbers(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def parse_record(data: Any, file: str, base_dir: str | Path, *, project: Project | None = None,
                 at: JsonParts = ()) -> GameRecord:
    """Build a game record from parsed JSON; raise InputError listing every problem.

    ``at`` is where the record lies in ``file`` (``("game",)`` inside a sheet): every
    message's path starts there. With ``project`` the record must be of that project.
    """
    if not at:  # a file of its own: told so, quoting nothing, when it is not a record
        fmt = load_schema("game")["properties"]["format"]["const"]
        foreign = foreign_json(data, file, fmt, "a homestaging game record")
        if foreign is not None:
            raise foreign
    schema_errors = list(iter_errors(data, load_schema("game"), path=at))
    problems = [Located(file, message, path) for path, message in schema_errors]
    top = {json_path(at), json_path((*at, "format")), json_path((*at, "project"))} \
        if schema_errors else set()
    if not isinstance(data, dict) or "project" not in data or any(
        path in top for path, _ in schema_errors
    ):
        raise InputError(problems)
    reference = data["project"]
    if project is None:
        project = _load_project(reference, file, base_dir, at, problems)
        if project is None:
            raise InputError(problems)
    elif not same_project(reference, base_dir, project):
        problems.append(Located(
            file, f"this record is of project {excerpt(reference)}, but the sheet is of project "
            f"{excerpt(project.id)}: a sheet is checked with the record of its own game",
            json_path((*at, "project"))))
        raise InputError(problems)
    reader = _Reader(data, file, project, at, {path for path, _ in schema_errors})
    record = reader.read(reference, file)
    problems += reader.problems
    if problems:
        raise InputError(problems)
    return record


def _load_project(reference: str, file: str, base_dir: str | Path, at: JsonParts,
                  problems: list[Located]) -> Project | None:
    where = json_path((*at, "project"))
    try:
        return find_project(reference, relative_to=base_dir)
    except InputError as error:
        problems.append(Located(file, f"the project {excerpt(reference)} cannot be used:", where))
        problems.extend(error.messages)
    except UnknownProject as error:
        problems.append(Located(file, str(error), where))
    return None


class _Reader(NameSuggestions):
    """Checks of a schema-checked record against its project; collects problems."""

    def __init__(self, data: dict[str, Any], file: str, project: Project, at: JsonParts,
                 bad: set[str]) -> None:
        self.data = data
        self.file = file
        self.project = project
        self.at = at
        self.bad = ErrorPaths(bad)
        self.problems: list[Located] = []

    def error(self, message: str, *parts: str | int) -> None:
        self.problems.append(Located(self.file, message, json_path((*self.at, *parts))))

    def whole(self, *parts: str | int) -> bool:
        """No schema error at ``parts`` itself, nor above it: its entries may be checked
        one by one. (A record the schema passed is asked nothing: no path written.)"""
        return not self.bad.paths or not self.bad.at_or_above(json_path((*self.at, *parts)))

    def ok(self, *parts: str | int) -> bool:
        """No schema error at, under or above ``parts``: safe to check."""
        return not self.bad.paths or not self.bad.touches(json_path((*self.at, *parts)))

    def read(self, reference: str, source: str) -> GameRecord:
        dealt = self.read_dealt()
        seed = self.data.get("seed") if self.ok("seed") else None
        if seed is not None and len(dealt) == len(project_card_numbers(self.project)):
            self.check_seed(seed, dealt)
        rounds = self.read_rounds(dealt)
        return GameRecord(reference, dealt, tuple(rounds), seed, source)

    def read_dealt(self) -> dict[int, str]:
        """The variants dealt, for the project's card numbers only."""
        numbers = project_card_numbers(self.project)
        catalog = self.project.catalog
        value = self.data.get("dealt")
        if not isinstance(value, dict) or not self.whole("dealt"):
            return {}
        dealt: dict[int, str] = {}
        for key, variant in value.items():
            if not self.ok("dealt", key):
                continue
            number = int(key)
            if number not in numbers:
                self.error(f"card {number} is not a card of project {self.project.id} (its "
                           f"cards: {_numbers(numbers)})", "dealt", key)
            elif (number, variant) not in catalog.cards:
                has = ", ".join(v for n, v in catalog.cards if n == number)
                self.error(f"card {number} has no variant {variant} in the cards of project "
                           f"{self.project.id} (it has: {has})", "dealt", key)
            else:
                dealt[number] = variant
        missing = [n for n in numbers if str(n) not in value]
        if missing:
            self.error(f"no variant dealt for card{'s' if len(missing) > 1 else ''} "
                       f"{_numbers(missing)}: a record deals every card number of project "
                       f"{self.project.id} ({_numbers(numbers)})", "dealt")
        return dealt

    def check_seed(self, seed: int, dealt: dict[int, str]) -> None:
        for number, variant in deal(self.project, seed).items():
            if dealt.get(number) != variant:
                self.error(f"card {number} is dealt {dealt.get(number)}, but seed {seed} deals "
                           f"{variant}: the deal was changed by hand (drop the seed from a "
                           "record dealt by hand)", "dealt", str(number))

    def read_rounds(self, dealt: dict[int, str]) -> list[Round]:
        rounds: list[Round] = []
        value = self.data.get("rounds")
        if not isinstance(value, list) or not self.whole("rounds"):
            return rounds
        first: dict[str, int] = {}
        unfinished: tuple[int, str] | None = None
        for index, entry in enumerate(value):
            if not self.ok("rounds", index):
                continue
            name = entry["room"]
            spec = self.project.room(name)
            if spec is None:
                names = [room.name for room in self.project.rooms]
                close = did_you_mean(self.close_rooms(name))
                self.error(f"no room named {excerpt(name)} in project {self.project.id}{close}; "
                           f"its rooms are: {', '.join(names)}", "rounds", index, "room")
                continue
            if name in first:
                self.error(f"room {name} is played twice (first in "
                           f"{json_path(('rounds', first[name]))})", "rounds", index, "room")
                continue
            first[name] = index
            if unfinished is not None:
                where, missing = unfinished
                self.error(f"a round is played after an unfinished one: the round of "
                           f"{json_path(('rounds', where))} still lacks {missing}",
                           "rounds", index)
            cards = self.read_cards(index, entry["cards"], spec.name, dealt)
            played = {card.number: len(card.tokens) for card in cards}
            lacking = [f"card {slot.number}" for slot in spec.cards
                       if played.get(slot.number, 0) < slot.tokens]
            if lacking and unfinished is None:
                unfinished = (index, ", ".join(lacking))
            rounds.append(Round(name, tuple(cards), f"$.rounds[{index}]"))
        return rounds

    def read_cards(self, index: int, entries: list[dict[str, Any]], room: str,
                   dealt: dict[int, str]) -> list[CardPlay]:
        spec = self.project.room(room)
        assert spec is not None
        slots = {slot.number: slot.tokens for slot in spec.cards}
        catalog = self.project.catalog
        cards: list[CardPlay] = []
        seen: dict[int, int] = {}
        for position, entry in enumerate(entries):
            parts = ("rounds", index, "cards", position)
            if not self.ok(*parts):
                continue
            number, tokens = entry["card"], entry["tokens"]
            if number not in slots:
                self.error(f"card {number} is not a card of room {room} (its cards: "
                           f"{_numbers(slots)})", *parts, "card")
                continue
            if number in seen:
                self.error(f"card {number} is played twice in this round (first in "
                           f"{json_path(('rounds', index, 'cards', seen[number]))})",
                           *parts, "card")
                continue
            seen[number] = position
            if len(tokens) > slots[number]:
                self.error(f"card {number} has {slots[number]} selection "
                           f"token{'' if slots[number] == 1 else 's'} in room {room}, "
                           f"{len(tokens)} chosen", *parts, "tokens")
            card = catalog.cards.get((number, dealt[number])) if number in dealt else None
            for place, option in enumerate(tokens):
                if card is None or option in card.options:
                    continue
                where = (*parts, "tokens", place)
                if option not in catalog.pieces:
                    close = did_you_mean(self.close_pieces(option))
                    self.error(f"unknown piece id {excerpt(option)}{close}", *where)
                    continue
                others = [f"{n}{v}" for (n, v), other in catalog.cards.items()
                          if n == number and v != card.variant and option in other.options]
                hint = f"; it is on card {others[0]}, which was not dealt" if others else ""
                self.error(f"{excerpt(option)} is not an option of card {number}{card.variant} "
                           f"({' or '.join(card.options)}){hint}", *where)
            cards.append(CardPlay(number, tuple(tokens), f"$.rounds[{index}].cards[{position}]"))
        return cards
