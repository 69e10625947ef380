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

from ..core.errors import InputError
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
                browser: bool) -> None:
    """Open or start the table in ``db_path``, print its two URLs and serve until Ctrl+C."""
    _imports()
    import segno
    import uvicorn

    from .hall import Hall, project_reference
    from .web import make_app

    try:
        store = Store(db_path)
    except StoreError as error:
        raise ServeError(str(error)) from None
    try:
        hall = Hall(store)
        codes = hall.codes()
        if codes:
            code = codes[0]
            stored = hall.table(code)
            try:
                wanted = project_reference(reference)
            except InputError:
                wanted = reference
            if wanted != stored.row.project:
                raise ServeError(f"{db_path} holds a table of {stored.row.project}, not "
                                 f"{reference}: give another --db file")
            if seed is not None and seed != stored.row.seed:
                print(f"homestaging table: {db_path} holds a table dealt from seed "
                      f"{stored.row.seed}: --seed {seed} is ignored", file=sys.stderr)
        else:
            try:
                named = project_reference(reference)
            except InputError as error:
                raise ServeError(str(error.messages[0])) from None
            code = hall.new_table(named, secrets.randbelow(RANDOM_SEEDS)
                                  if seed is None else seed)
        sock = _bind("0.0.0.0" if lan else LOOPBACK, port)
        bound = int(sock.getsockname()[1])
        shown = addresses() if lan else []
        names = [LOOPBACK, "localhost", *shown]
        hosts = {f"{name}:{bound}" for name in names}
        public = shown[0] if shown else LOOPBACK

        def join_url(table: str) -> str:
            return f"http://{public}:{bound}/t/{table}/"

        app, web = make_app(hall, hosts, join_url)
        web.qr = lambda table: segno.make(join_url(table), error="m").svg_data_uri(scale=4)
        host_url = f"http://{LOOPBACK}:{bound}/t/{code}/host/?token={hall.table(code).row.host}"
        print(host_url)
        print(join_url(code), flush=True)
        row = hall.table(code).row
        state = "continued" if codes else "dealt"
        print(f"Table {code} ({hall.table(code).project.name}, seed {row.seed}) {state}; "
              f"{len(store.players(code))} players, {row.flipped} cards flipped. "
              + (f"Listening on {', '.join(shown) or 'every address'} and 127.0.0.1"
                 if lan else "Listening on 127.0.0.1 only")
              + ". Stop with Ctrl+C.", file=sys.stderr, flush=True)
        if browser:
            import webbrowser

            webbrowser.open(host_url)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1)
        uvicorn.Server(config).run(sockets=[sock])
    except StoreError as error:
        raise ServeError(str(error)) from None
    finally:
        store.close()


def export_table(db_path: str, folder: str) -> list[Path]:
    """Write every sheet and the game record of the table in ``db_path`` into ``folder``."""
    from .hall import Hall

    if not Path(db_path).is_file():
        raise ServeError(f"{db_path}: no such table database")
    try:
        store = Store(db_path)
    except StoreError as error:
        raise ServeError(str(error)) from None
    try:
        target = Path(folder)
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ServeError(f"cannot make the folder {folder}: {error.strerror}") from None
        return Hall(store).export(target)
    except (StoreError, InputError) as error:
        raise ServeError(str(error)) from None
    finally:
        store.close()
