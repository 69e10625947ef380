"""Starting a table: the database, the deal, the addresses, the URLs, the server.

Everything that can stop the start (the web server not installed, a database that is not
ours, a port in use, a project that does not load) is a :class:`ServeError` with one
line that says why; nothing is written before the database is known to be ours.
"""

from __future__ import annotations

import secrets
import socket
import sys
from pathlib import Path
from typing import Any

from ..core.errors import InputError, UnknownProject
from ..core.game import MAX_SEED
from ..core.interruption import Interruption
from ..text.fit import fit, terminal_width
from .store import Store, StoreError

__all__ = ["ServeError", "addresses", "export_table", "serve_table"]

RANDOM_SEEDS = 1_000_000
LOOPBACK = "127.0.0.1"
MISSING = ("the table's web server is not installed: pip install 'homestaging[table]' "
           "(uvicorn, starlette and segno)")


class ServeError(Exception):
    """The table cannot start (or be exported): the message says why."""


def addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), best first."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks a route
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if address not in found:
                found.append(address)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


def _imports() -> None:
    try:
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise ServeError(MISSING) from None


def _open_store(db_path: str) -> Store:
    """The table database at ``db_path``; ServeError with its message when it is unusable."""
    try:
        return Store(db_path)
    except StoreError as error:
        raise ServeError(str(error)) from None


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart reuses it at once
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        reason = error.strerror or str(error)
        raise ServeError(f"cannot listen on {host}:{port}: {reason}"
                         + (" (another program uses it: give another --port)"
                            if port else "")) from None
    return sock


def serve_table(reference: str, seed: int | None, db_path: str, port: int, lan: bool,
                browser: bool, tables: int = 1) -> None:
    """Open or deal the tables in ``db_path`` (``tables`` of them when it is new, dealt
    from ``seed``, ``seed + 1``...), print the host's URL and the join URL of each, and
    serve until Ctrl+C."""
    _imports()
    import segno
    import uvicorn

    from .hall import Hall
    from .web import make_app

    fresh = not Path(db_path).is_file() or Path(db_path).stat().st_size == 0
    named = _named(reference) if fresh else None  # an unknown project makes no database
    store = _open_store(db_path)
    try:
        hall = Hall(store)
        continued = bool(hall.codes())
        codes = _continue(hall, reference, seed, db_path) if continued else \
            _deal(hall, named or _named(reference), seed, tables)
        sock = _bind("0.0.0.0" if lan else LOOPBACK, port)
        bound = int(sock.getsockname()[1])
        shown = addresses() if lan else []
        hosts = {f"{name}:{bound}" for name in (LOOPBACK, "localhost", *shown)}
        public = shown[0] if shown else LOOPBACK

        def join_url(table: str) -> str:
            return f"http://{public}:{bound}/t/{table}/"

        app, web = make_app(hall, hosts, join_url)
        web.qr = lambda table: segno.make(join_url(table), error="m").svg_data_uri(scale=4)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1)
        server = uvicorn.Server(config)

        def stop() -> None:
            server.should_exit = True

        # from before the URLs: a Ctrl+C right after them stops the table even before the
        # server runs (which installs its own handler, then restores this one)
        with Interruption(then=stop):
            host_urls = [f"http://{LOOPBACK}:{bound}/t/{code}/host/?token={hall.table(code).row.host}"
                         for code in codes]
            for code, host_url in zip(codes, host_urls, strict=True):
                print(host_url)
                print(join_url(code), flush=True)
            for code in codes:
                row = hall.table(code).row
                print(fit(f"Table {code} ({hall.table(code).project.name}, seed {row.seed}) "
                          f"{'continued' if continued else 'dealt'}: "
                          f"{len(store.players(code, sheets=False))} players, {row.flipped} "
                          "cards flipped.", terminal_width()), file=sys.stderr)
            where = (f"{', '.join(shown)} and 127.0.0.1" if shown else "every address") if lan \
                else "127.0.0.1 only"
            print(fit(f"Listening on {where}, port {bound}. Stop with Ctrl+C.", terminal_width()),
                  file=sys.stderr, flush=True)
            if browser:
                import webbrowser

                webbrowser.open(host_urls[0])
            server.run(sockets=[sock])
    except StoreError as error:
        raise ServeError(str(error)) from None
    finally:
        store.close()


def _continue(hall: Any, reference: str, seed: int | None, db_path: str) -> list[str]:
    """The tables of a database started before: the same project, the seed kept."""
    from .hall import project_reference

    codes: list[str] = hall.codes()
    stored = hall.table(codes[0]).row
    try:
        wanted = project_reference(reference)
    except (InputError, UnknownProject):
        wanted = reference
    if wanted != stored.project:
        raise ServeError(f"{db_path} holds a table of {stored.project}, not {reference}: "
                         "give another --db file")
    if seed is not None and seed != stored.seed:
        print(f"warning: {db_path} holds a table dealt from seed {stored.seed}: "
              f"--seed {seed} is ignored", file=sys.stderr)
    return codes


def _named(reference: str) -> str:
    """How the database names the project ``reference``; ServeError when it is none."""
    from .hall import project_reference

    try:
        return project_reference(reference)
    except InputError as error:
        raise ServeError(str(error.messages[0])) from None
    except UnknownProject as error:
        raise ServeError(str(error)) from None


def _deal(hall: Any, named: str, seed: int | None, tables: int) -> list[str]:
    """Deal ``tables`` tables of the project the database calls ``named``."""
    first = secrets.randbelow(RANDOM_SEEDS) if seed is None else seed
    return [hall.new_table(named, (first + index) % (MAX_SEED + 1)) for index in range(tables)]


def export_table(db_path: str, folder: str) -> list[Path]:
    """Write every sheet and the game record of the table in ``db_path`` into ``folder``."""
    from .hall import Hall

    if Path(db_path).is_dir():
        raise ServeError(f"{db_path} is a folder, expected a table database file")
    if not Path(db_path).is_file():
        raise ServeError(f"{db_path}: no such table database")
    if Path(folder).exists() and not Path(folder).is_dir():
        raise ServeError(f"{folder} is a file, expected a folder to write the sheets into")
    if Path(db_path).stat().st_size == 0:  # opening it would make it a database
        raise ServeError(f"{db_path} holds no table")
    store = _open_store(db_path)
    try:
        hall = Hall(store)
        codes = hall.codes()
        if not codes:
            raise ServeError(f"{db_path} holds no table")
        target = Path(folder)
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ServeError(f"cannot make the folder {folder}: {error.strerror}") from None
        if len(codes) <= 1:
            return hall.export(target)
        written = []
        for code in codes:
            (target / code).mkdir(exist_ok=True)
            written += hall.export(target / code, code)
        return written
    except (StoreError, InputError) as error:
        raise ServeError(str(error)) from None
    finally:
        store.close()
