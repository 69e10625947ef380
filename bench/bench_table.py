"""Load benchmark of the table server (run as a script: ``python bench/bench_table.py``).

A real ``homestaging table`` process on 127.0.0.1 (loopback only), on a fresh database.
Every player joins through the join form, opens their event stream (as their page does),
and makes changes at a steady pace: each change posts a new sheet state to ``api/check``
on a kept-alive connection, as the page does, and waits for the answer (the sheet
checked, scored and stored: one SQLite transaction). The host's page of each table
listens to its event stream too (the totals, on every change).

Measured: the round trip of every change (p50, p95, max), the wall time, and that the
database holds every change (``changes`` rows = players x changes: none lost).

* default: one table, 8 players x 300 changes within a minute (a change every 0.19 s
  per player). Targets: no change lost, p95 <= 100 ms.
* ``--club``: one server, many tables (1, 2, 3, 4, 6, 8, 12... tables of ``--players``
  players each), a shorter run per size (``--club-changes``), to find the most tables x
  players held at p95 <= 100 ms; it stops at the first size over (or at
  ``--max-tables``). ``--pace 1`` is a calmer table (a change a second per player).

Bounded: at most ``--players`` x ``--changes`` requests per size, each with a 30 s
timeout; the server is stopped at the end whatever happens.

Usage: ``python bench/bench_table.py [--players 8] [--changes 300] [--club]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from table_util import TableProcess, join  # noqa: E402

CELLS = [f"{column}{row}" for row in range(2, 10) for column in "BCDEFGHIJK"]
TARGET_MS = 100.0
SIZES = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


def _listen(port: int, path: str, stop: threading.Event) -> None:
    """Read an event stream until ``stop`` (as a page's EventSource does)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = connection.getresponse()
        while not stop.is_set():
            if not response.read1(65536):
                return
    except (OSError, http.client.HTTPException):
        return
    finally:
        connection.close()


def _player(port: int, code: str, number: int, secret: str, changes: int, pace: float,
            start: float, times: list[float], failures: list[str]) -> None:
    """Make ``changes`` changes, the k-th at ``start + k * pace``; time each."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Host": f"127.0.0.1:{port}", "X-Homestaging-Token": secret,
               "Content-Type": "application/json"}
    try:
        connection.request("GET", f"/t/{code}/p/{number}/api/session", headers=headers)
        state = json.loads(connection.getresponse().read())["state"]
        for k in range(changes):
            wait = start + k * pace - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            cell = CELLS[(k + number) % len(CELLS)]
            body = json.dumps({"state": {**state, "pieces": [
                {"piece": "kitchen-u", "at": cell}, {"piece": "stove", "at": f"O{k % 9 + 2}"}]}})
            began = time.perf_counter()
            connection.request("POST", f"/t/{code}/p/{number}/api/check", body, headers)
            response = connection.getresponse()
            answer = response.read()
            times.append((time.perf_counter() - began) * 1000)
            if response.status != 200 or not json.loads(answer).get("stored"):
                failures.append(f"{response.status} {answer[:200]!r}")
    except OSError as error:
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def run(tables: int, players: int, changes: int, pace: float) -> dict[str, Any]:
    """One server with ``tables`` tables of ``players`` players; every change timed."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        server = TableProcess(db, seed=7)
        server.start("--tables", str(tables), lines=2 * tables)
        stop = threading.Event()
        threads: list[threading.Thread] = []
        times: list[float] = []
        failures: list[str] = []
        try:
            codes = server.codes()
            joined = []
            for table_index, code in enumerate(codes):
                view = server.table(table_index)
                threads.append(threading.Thread(target=_listen, args=(
                    server.port, f"/t/{code}/host/api/events?token={view.host_token}", stop),
                    daemon=True))
                for index in range(players):
                    number, secret = join(view, f"Player {index + 1}")
                    joined.append((code, number, secret))
                    threads.append(threading.Thread(target=_listen, args=(
                        server.port, f"/t/{code}/p/{number}/api/events?token={secret}", stop),
                        daemon=True))
            for thread in threads:
                thread.start()
            start = time.perf_counter() + 0.5
            workers = [threading.Thread(target=_player, args=(
                server.port, code, number, secret, changes, pace,
                start + (i % 20) * pace / 20, times, failures))
                for i, (code, number, secret) in enumerate(joined)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            wall = time.perf_counter() - start
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as database:
                stored = database.execute("SELECT COUNT(*) FROM changes").fetchone()[0]
        finally:
            stop.set()
            server.stop()
    ordered = sorted(times)
    return {"tables": tables, "players": players, "changes": changes,
            "sent": len(times), "stored": stored, "failures": failures[:3],
            "wall_s": round(wall, 1),
            "p50_ms": round(statistics.median(ordered), 1) if ordered else None,
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 1) if ordered else None,
            "max_ms": round(ordered[-1], 1) if ordered else None}


def _show(result: dict[str, Any]) -> None:
    expected = result["tables"] * result["players"] * result["changes"]
    lost = expected - result["stored"]
    print(f"{result['tables']:>3} tables x {result['players']} players x "
          f"{result['changes']} changes: {result['sent']} sent, {result['stored']} stored "
          f"({'none lost' if lost == 0 else f'{lost} LOST'}), wall {result['wall_s']} s, "
          f"round trip p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
          f"max {result['max_ms']} ms" + (f"; failures {result['failures']}"
                                            if result["failures"] else ""), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--pace", type=float, default=0.19,
                        help="seconds between two changes of one player")
    parser.add_argument("--club", action="store_true", help="many tables in one server")
    parser.add_argument("--club-changes", type=int, default=60)
    parser.add_argument("--max-tables", type=int, default=32)
    args = parser.parse_args()
    if not args.club:
        result = run(1, args.players, args.changes, args.pace)
        _show(result)
        good = result["stored"] == args.players * args.changes and not result["failures"]
        return 0 if good and (result["p95_ms"] or 0) <= TARGET_MS else 1
    held = None
    for tables in (n for n in SIZES if n <= args.max_tables):
        result = run(tables, args.players, args.club_changes, args.pace)
        _show(result)
        if result["failures"] or (result["p95_ms"] or 0) > TARGET_MS or \
                result["stored"] != tables * args.players * args.club_changes:
            break
        held = tables
    print(f"held at p95 <= {TARGET_MS:.0f} ms: "
          + (f"{held} tables x {args.players} players" if held else "not even one table"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
