"""The table's database: one SQLite file holds every table, player, sheet and change.

The file is opened in WAL mode and every change is one transaction, so a server killed at
any moment (even with SIGKILL) and started again on the same file finds every sheet, every
flip and the end of the game as they were. A file that is not ours (another program's
database, a text file, a corrupt one) is refused with a clear :class:`StoreError`, and
never written to.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "PlayerRow", "Store", "StoreError", "TableRow"]

FORMAT = "homestaging-table/1"
APPLICATION_ID = 0x484D5354  # "HMST": the file's mark in its SQLite header

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (
    code TEXT PRIMARY KEY, project TEXT NOT NULL, seed INTEGER NOT NULL,
    host TEXT NOT NULL, dealt TEXT NOT NULL, flipped INTEGER NOT NULL DEFAULT 0,
    ended INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE players (
    code TEXT NOT NULL REFERENCES tables(code), id INTEGER NOT NULL, name TEXT NOT NULL,
    secret TEXT NOT NULL, state TEXT NOT NULL, total INTEGER NOT NULL DEFAULT 0,
    problems INTEGER NOT NULL DEFAULT 0, changes INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, id), UNIQUE (code, name));
CREATE TABLE changes (
    n INTEGER PRIMARY KEY, code TEXT NOT NULL, player INTEGER NOT NULL,
    at REAL NOT NULL, state TEXT NOT NULL);
"""


class StoreError(Exception):
    """The database cannot be used (the message says why and names the file)."""


@dataclass(frozen=True)
class TableRow:
    """One table: its project, seed, deal, how many cards are flipped, and its end."""

    code: str
    project: str
    seed: int
    host: str
    dealt: dict[int, str]
    flipped: int
    ended: bool


@dataclass(frozen=True)
class PlayerRow:
    """One player of a table: name, secret, sheet state and its last check."""

    code: str
    id: int
    name: str
    secret: str
    state: dict[str, Any]
    total: int
    problems: int
    changes: int


class Store:
    """The database file ``path``; every method is one transaction, thread safe."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lock = threading.Lock()
        self.db = _open(self.path)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    @contextmanager
    def _change(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is stored, or nothing (StoreError says why)."""
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:  # SQLite may have rolled back already
                        with suppress(sqlite3.Error):
                            self.db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                raise StoreError(f"{self.path}: nothing was stored: {_reason(error)}") \
                    from None

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.lock:
            try:
                return list(self.db.execute(sql, args))
            except sqlite3.Error as error:
                raise StoreError(f"{self.path}: cannot read: {_reason(error)}") from None

    # -- tables

    def add_table(self, code: str, project: str, seed: int, host: str,
                  dealt: dict[int, str]) -> None:
        with self._change() as db:
            db.execute("INSERT INTO tables (code, project, seed, host, dealt, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (code, project, seed, host, json.dumps(dealt), time.time()))

    def tables(self) -> list[TableRow]:
        """Every table, the first one made first."""
        rows = self._read("SELECT code, project, seed, host, dealt, flipped, ended FROM tables "
                          "ORDER BY created, code")
        return [TableRow(code, project, seed, host,
                         {int(k): v for k, v in json.loads(dealt).items()}, flipped, bool(ended))
                for code, project, seed, host, dealt, flipped, ended in rows]

    def table(self, code: str) -> TableRow | None:
        return next((row for row in self.tables() if row.code == code), None)

    def set_flipped(self, code: str, flipped: int) -> None:
        with self._change() as db:
            db.execute("UPDATE tables SET flipped = ? WHERE code = ?", (flipped, code))

    def end(self, code: str) -> None:
        with self._change() as db:
            db.execute("UPDATE tables SET ended = 1 WHERE code = ?", (code,))

    # -- players

    def add_player(self, code: str, name: str, secret: str, state: dict[str, Any]) -> int:
        """A new player; return its id (1, 2...). Raise KeyError when the name is taken."""
        with self._change() as db:
            if db.execute("SELECT 1 FROM players WHERE code = ? AND name = ?",
                          (code, name)).fetchone():
                raise KeyError(name)
            number = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM players WHERE code = ?",
                                (code,)).fetchone()[0]
            db.execute("INSERT INTO players (code, id, name, secret, state) "
                       "VALUES (?, ?, ?, ?, ?)", (code, number, name, secret, json.dumps(state)))
        return int(number)

    def players(self, code: str, sheets: bool = True) -> list[PlayerRow]:
        """The players of a table, in the order they joined (without ``sheets``, each
        with an empty state: a quicker read for the totals)."""
        state = "state" if sheets else "'{}'"
        rows = self._read(f"SELECT code, id, name, secret, {state}, total, problems, changes "
                          "FROM players WHERE code = ? ORDER BY id", (code,))
        return [PlayerRow(c, i, n, s, json.loads(st), t, p, ch)
                for c, i, n, s, st, t, p, ch in rows]

    def player(self, code: str, number: int) -> PlayerRow | None:
        rows = self._read("SELECT code, id, name, secret, state, total, problems, changes "
                          "FROM players WHERE code = ? AND id = ?", (code, number))
        return next((PlayerRow(c, i, n, s, json.loads(st), t, p, ch)
                     for c, i, n, s, st, t, p, ch in rows), None)

    def store_sheet(self, code: str, number: int, state: dict[str, Any], total: int,
                    problems: int) -> None:
        """A player's change: the new sheet and its check, and one more row in the log."""
        text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        with self._change() as db:
            db.execute("UPDATE players SET state = ?, total = ?, problems = ?, "
                       "changes = changes + 1 WHERE code = ? AND id = ?",
                       (text, total, problems, code, number))
            db.execute("INSERT INTO changes (code, player, at, state) VALUES (?, ?, ?, ?)",
                       (code, number, time.time(), text))

    def change_count(self, code: str, number: int | None = None) -> int:
        """How many changes the log holds for a table (or one of its players)."""
        if number is None:
            rows = self._read("SELECT COUNT(*) FROM changes WHERE code = ?", (code,))
        else:
            rows = self._read("SELECT COUNT(*) FROM changes WHERE code = ? AND player = ?",
                              (code, number))
        return int(rows[0][0])


def _reason(error: sqlite3.Error) -> str:
    text = str(error)
    if "disk is full" in text or "disk I/O" in text:
        return f"{text} (free some space; what was stored before is kept)"
    return text


def _open(path: Path) -> sqlite3.Connection:
    """Open (or make) the table database; raise StoreError for a file that is not one."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, expected a table database file")
    if path.exists() and not path.is_file():
        raise StoreError(f"{path} is not a regular file")
    fresh = not path.exists() or path.stat().st_size == 0
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
    except sqlite3.Error as error:
        raise StoreError(f"{path}: cannot open: {_reason(error)}") from None
    try:
        if fresh:
            _create(db)
        else:
            _verify(db, path)
    except sqlite3.DatabaseError as error:
        db.close()
        raise StoreError(f"{path} is not a homestaging table database "
                         f"({_reason(error)}); give another --db file") from None
    except StoreError:
        db.close()
        raise
    return db


def _create(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("BEGIN IMMEDIATE")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('format', ?)", (FORMAT,))
    db.execute("COMMIT")


def _verify(db: sqlite3.Connection, path: Path) -> None:
    (mark,) = db.execute("PRAGMA application_id").fetchone()
    if mark != APPLICATION_ID:
        raise StoreError(f"{path} is not a homestaging table database (another program's "
                         "file?); it was not changed: give another --db file")
    (verdict,) = db.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise StoreError(f"{path} is damaged ({verdict}); it was not changed")
    found = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    if found is None or found[0] != FORMAT:
        raise StoreError(f"{path} holds a table of another format "
                         f"({found[0] if found else 'none'}), expected {FORMAT}")
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
