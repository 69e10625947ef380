"""The tables one server holds, and everything the pages may ask of them.

A :class:`Hall` owns the database (:mod:`.store`) and the projects of its tables. Each
table has a code (in every URL), the host's secret and one secret per player; the web
layer (:mod:`.web`) checks the secrets, then calls these methods. Each method that
changes something is one transaction of the database, and bumps the table's version so
that the pages listening for changes are told: :attr:`Hall.versions` counts every change
of a table (the host's page shows them all), :attr:`Hall.rounds` the flips and the end
(all a player's page shows besides the sheet).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.game import GameRecord, deal
from ..core.project import Project
from ..editor import adapter
from ..formats.gamewriter import record_json, record_text
from ..formats.output import write_atomic
from ..formats.projectreader import bundled_project_files, find_project
from ..formats.sheetwriter import path_from
from . import play
from .store import PlayerRow, Store, StoreError, TableRow

__all__ = ["Hall", "Refused", "Table", "project_reference"]


class Refused(Exception):
    """A request turned down: its HTTP status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def project_reference(reference: str, cwd: Path | None = None) -> str:
    """How the database names a project: a bundled id as it is, a file by its absolute
    path (raise InputError when it does not load, UnknownProject when it is neither)."""
    base = cwd or Path.cwd()
    find_project(reference, base)
    return reference if reference in bundled_project_files() else str((base / reference).resolve())


@dataclass(frozen=True)
class Table:
    """A table as its pages see it: the stored row and its project."""

    row: TableRow
    project: Project

    @property
    def record(self) -> GameRecord:
        row = self.row
        return play.table_record(row.project, self.project, row.seed, row.dealt, row.flipped)


class Hall:
    """Every table of the database ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.versions: dict[str, int] = {}
        self.rounds: dict[str, int] = {}
        self._projects: dict[str, Project] = {}
        self._rankings: dict[str, list[dict[str, Any]]] = {}
        self._tables: dict[str, TableRow] = {row.code: row for row in store.tables()}

    # -- tables

    def new_table(self, reference: str, seed: int) -> str:
        """Deal a new table of the project ``reference`` (see :func:`project_reference`)
        from ``seed``; return its code."""
        project = self._project(reference)
        code = secrets.token_hex(3).upper()
        while code in self._tables:
            code = secrets.token_hex(3).upper()
        self.store.add_table(code, reference, seed, secrets.token_urlsafe(18),
                             deal(project, seed))
        self._reload(code)
        return code

    def codes(self) -> list[str]:
        return list(self._tables)

    def table(self, code: str) -> Table:
        row = self._tables.get(code)
        if row is None:
            raise Refused(404, "no such table")
        return Table(row, self._project(row.project))

    def _project(self, reference: str) -> Project:
        if reference not in self._projects:
            self._projects[reference] = find_project(reference)
        return self._projects[reference]

    def _reload(self, code: str) -> None:
        row = self.store.table(code)
        if row is not None:
            self._tables[code] = row
        self.versions[code] = self.versions.get(code, 0) + 1
        self.rounds[code] = self.rounds.get(code, 0) + 1

    # -- secrets

    def is_host(self, code: str, secret: str) -> bool:
        return _same(secret, self.table(code).row.host)

    def player_of(self, code: str, number: int, secret: str) -> PlayerRow:
        """The player ``number`` when ``secret`` is theirs; else Refused(403)."""
        found = self.store.player(code, number) if code in self._tables else None
        if found is None or not _same(secret, found.secret):
            raise Refused(403, "this page's link is not this player's: open the link you "
                          "got when you joined")
        return found

    # -- the host

    def flip(self, code: str) -> dict[str, Any]:
        """Flip the next card; Refused(409) when every card is flipped or the game ended."""
        table = self.table(code)
        order = play.flips(table.project, table.row.dealt)
        if table.row.ended:
            raise Refused(409, "the game has ended")
        if table.row.flipped >= len(order):
            raise Refused(409, "every card is flipped: end the game")
        self.store.set_flipped(code, table.row.flipped + 1)
        self._reload(code)
        return self.host_view(code)

    def end(self, code: str) -> dict[str, Any]:
        self.store.end(code)
        self._reload(code)
        return self.host_view(code)

    def host_view(self, code: str) -> dict[str, Any]:
        """What the host page shows: the players' totals, the cards, the ranking."""
        table = self.table(code)
        players = self.store.players(code, sheets=False)
        order = play.flips(table.project, table.row.dealt)
        view: dict[str, Any] = {
            "code": code,
            "project": table.project.name,
            "seed": table.row.seed,
            "flipped": table.row.flipped,
            "cards": len(order),
            "current": _flip_json(order[table.row.flipped - 1]) if table.row.flipped else None,
            "next": _flip_json(order[table.row.flipped])
            if table.row.flipped < len(order) else None,
            "ended": table.row.ended,
            "players": [{"id": p.id, "name": p.name, "total": p.total,
                         "problems": p.problems, "changes": p.changes} for p in players],
            "ranking": self.ranking(code),
        }
        if table.row.ended:
            final = {standing["name"]: standing for standing in view["ranking"]}
            for player in view["players"]:  # as ranked, not as last drawn
                standing = final.get(player["name"], player)
                player["total"], player["problems"] = standing["total"], standing["problems"]
            ranked_at = {standing["name"]: index for index, standing in enumerate(view["ranking"])}
            view["players"].sort(key=lambda player: ranked_at.get(player["name"], len(ranked_at)))
        return view

    def ranking(self, code: str) -> list[dict[str, Any]]:
        """The ranking of an ended game (tie-break included); empty while it is played."""
        table = self.table(code)
        if not table.row.ended:
            return []
        if code not in self._rankings:  # once: the sheets of an ended game never change
            self._rankings[code] = [
                {"place": s.place, "name": s.name, "total": s.total, "pieces": s.pieces,
                 "provisional": s.provisional, "problems": s.errors}
                for s in play.ranking(self._final_sheets(table, self.store.players(code)))]
        return self._rankings[code]

    def _final_sheets(self, table: Table, players: list[PlayerRow]) -> list[Any]:
        record = table.record
        sheets = []
        for player in players:
            try:
                sheets.append(play.final_sheet(player.state, player.name, record))
            except adapter.InputError:
                continue  # never stored: only sheets that read are kept
        return sheets

    def render(self, code: str, number: int) -> bytes:
        """A player's plan as PNG (the host's page shows them at the end)."""
        table = self.table(code)
        player = self.store.player(code, number)
        if player is None:
            raise Refused(404, "no such player")
        return adapter.render_png(play.final_sheet(player.state, player.name, table.record),
                                  end_of_game=table.row.ended)

    # -- players

    def join(self, code: str, name: Any) -> tuple[int, str]:
        """A new player named ``name``; return their number and secret."""
        table = self.table(code)
        if table.row.ended:
            raise Refused(409, "the game has ended: nobody joins it any more")
        try:
            name = play.check_name(name)
        except ValueError as error:
            raise Refused(400, str(error)) from None
        secret = secrets.token_urlsafe(18)
        state = play.new_state(table.project, table.row.project, name, table.record)
        try:
            number = self.store.add_player(code, name, secret, state)
        except KeyError:
            raise Refused(409, f"the name {name} is taken at this table: choose another") \
                from None
        self.versions[code] = self.versions.get(code, 0) + 1
        return number, secret

    def opening(self, code: str, player: PlayerRow) -> dict[str, Any]:
        """The player's sheet as the editor page opens it."""
        table = self.table(code)
        record = table.record
        return {"file": f"{player.name} at table {code}", "name": player.name, "new": False,
                "readable": True, "state": {**player.state, "player": player.name},
                "project": play.palette(table.project, record), "errors": [], "text": None,
                "table": self.player_view(code)}

    def player_view(self, code: str) -> dict[str, Any]:
        """What every player's page shows besides the sheet: the card just flipped, and
        once the game has ended its ranking."""
        table = self.table(code)
        order = play.flips(table.project, table.row.dealt)
        flipped = table.row.flipped
        return {"code": code, "flipped": flipped, "cards": len(order),
                "card": _flip_json(order[flipped - 1], table.project) if flipped else None,
                "ended": table.row.ended, "ranking": self.ranking(code)}

    def palette(self, code: str) -> dict[str, Any]:
        table = self.table(code)
        return play.palette(table.project, table.record)

    def check(self, code: str, player: PlayerRow, body: dict[str, Any]) -> dict[str, Any]:
        """Check the page's sheet and store it (a change): the editor's answer."""
        table = self.table(code)
        if "state" not in body:
            raise Refused(400, "expected an object with a \"state\" key")
        state = body["state"]
        if not isinstance(state, dict):
            raise Refused(400, "the \"state\" must be a sheet (a JSON object)")
        most = table.project.width * table.project.height
        for key in ("pieces", "windows", "rooms"):
            found = state.get(key)
            if isinstance(found, list) and len(found) > most:
                raise Refused(413, f"a sheet of {table.project.name} holds at most {most} "
                              f"{key}, not {len(found)}: nothing was stored")
        try:
            sheet = play.final_sheet(state, player.name, table.record)
        except adapter.InputError as error:
            return {"errors": adapter.located(error)}  # not stored: it does not read
        assert sheet.game is not None
        kept = {**state, "player": player.name, "game": record_json(sheet.game)}
        if kept != player.state and table.row.ended:
            raise Refused(409, "the game has ended: the sheets are final")
        answer = adapter.evaluate(sheet, adapter.Hand.read(body.get("hand")),
                                  end_of_game=table.row.ended)  # then as ranked
        answer["errors"] = []
        if kept != player.state:
            problems = sum(1 for p in answer["problems"] if p.get("severity") == "error")
            self.store.store_sheet(code, player.id, kept, int(answer["total"]), problems)
            self.versions[code] = self.versions.get(code, 0) + 1
        answer["stored"] = True
        return answer

    # -- export

    def export(self, folder: Path, code: str | None = None) -> list[Path]:
        """Write every player's sheet and the game record into ``folder``."""
        code = code or next(iter(self._tables), None)
        if code is None:
            raise StoreError(f"{self.store.path} holds no table")
        table = self.table(code)
        players = self.store.players(code)
        names = play.file_names([p.name for p in players])
        written = []
        for player, name in zip(players, names, strict=True):
            sheet = play.final_sheet(player.state, player.name, table.record)
            sheet = _with_project_from(sheet, folder)
            target = folder / f"{name}.json"
            write_atomic(target, adapter.sheet_text(sheet))
            written.append(target)
        record = table.record
        if record.project in bundled_project_files():
            game = record
        else:
            game = GameRecord(path_from(folder, Path(record.project)), record.dealt,
                              record.rounds, record.seed)
        target = folder / "game.json"
        write_atomic(target, record_text(game))
        written.append(target)
        return written


def _with_project_from(sheet: Any, folder: Path) -> Any:
    """The sheet naming a project file by its path from ``folder`` (a bundled id stays)."""
    reference = sheet.project_ref
    if reference in bundled_project_files():
        return sheet
    from dataclasses import replace

    return replace(sheet, project_ref=path_from(folder, Path(reference)))


def _flip_json(flip: play.Flip, project: Project | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"room": flip.room, "number": flip.number, "variant": flip.variant}
    if project is not None:
        card = project.catalog.cards.get((flip.number, flip.variant))
        out["options"] = [] if card is None else [
            {"id": option, "name": project.catalog.pieces[option].name}
            for option in card.options if option in project.catalog.pieces]
    return out


def _same(given: str, secret: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode("ascii"))
