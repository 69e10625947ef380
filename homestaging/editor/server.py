"""The editor's local web server (standard library only).

Safety, in order, for every request:

1. the server listens on 127.0.0.1 only;
2. the ``Host`` header must be ``127.0.0.1:PORT`` or ``localhost:PORT`` (a page of
   another site that rebinds its name to 127.0.0.1 is refused), and so must the host of
   a request line in absolute form (``GET http://HOST:PORT/ HTTP/1.1``, whose host
   wins over the header: RFC 9112, section 3.2.2);
3. the page and its files are package data served by name from a fixed list (no path
   from a request ever reaches the file system);
4. every API call carries the session's secret token in the ``X-Homestaging-Token``
   header, compared in constant time; a browser never sends that header across sites
   without a CORS preflight, which this server never grants;
5. a request body is JSON, at most :data:`adapter.MAX_BYTES`, with a Content-Length.

The only file written is the session's sheet (see :mod:`.session`). A client that
closes its connection early costs one line on standard error with ``-v``, nothing
without.

Ctrl+C raises a flag (:class:`~homestaging.core.interruption.Interruption`), read
between requests. Stopping waits for a save in progress, never for a browser's idle
connection.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from . import adapter
from .adapter import InputError, Interruption
from .session import Refused, Session

__all__ = ["TOKEN_HEADER", "EditorServer", "make_server"]

TOKEN_HEADER = "X-Homestaging-Token"
HOST = "127.0.0.1"
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
           " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def _static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files by URL path, read once from the package."""
    folder = resources.files(__package__).joinpath("static")
    files: dict[str, tuple[bytes, str]] = {}
    for item in folder.iterdir():
        suffix = "." + item.name.rsplit(".", 1)[-1] if "." in item.name else ""
        if item.is_file() and suffix in _TYPES:
            files[f"/static/{item.name}"] = (item.read_bytes(), _TYPES[suffix])
    files["/"] = files["/static/index.html"]
    return files


class EditorServer(ThreadingHTTPServer):
    """The HTTP server of one session; ``url`` carries the secret token."""

    daemon_threads = True
    allow_reuse_address = False

    def __init__(self, session: Session, port: int = 0) -> None:
        super().__init__((HOST, port), _Handler)
        self.session = session
        self.token = secrets.token_urlsafe(24)
        self.port = int(self.server_address[1])
        self.hosts = {f"{HOST}:{self.port}", f"localhost:{self.port}"}
        self.files = _static_files()
        self.lock = threading.Lock()  # the sheet file: opening and saving
        self.drawing = threading.Lock()  # matplotlib draws one figure at a time
        self.verbose = False  # say when a client closes its connection early

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone before its answer is written: one line with ``-v`` (never a
        traceback); any other failure as the standard library reports it."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            super().handle_error(request, client_address)
        elif self.verbose:
            with contextlib.suppress(OSError, ValueError):
                sys.stderr.write("homestaging edit: a client closed its connection early "
                                 f"({type(error).__name__})\n")

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/?token={self.token}"

    def serve_until(self, interruption: Interruption, poll_interval: float = 0.25) -> None:
        """Answer requests until ``interruption`` is asked (at most ``poll_interval``
        seconds later)."""
        self.timeout = poll_interval
        while not interruption.asked:
            self.handle_request()

    def stop(self) -> None:
        """Stop listening once a save in progress is written; the sheet's lock stays held,
        so no save starts after (the connections left end with the process)."""
        self.lock.acquire()
        self.server_close()


def make_server(session: Session, port: int = 0) -> EditorServer:
    """A server for ``session`` on 127.0.0.1 (``port`` 0: a free port)."""
    return EditorServer(session, port)


class _Handler(BaseHTTPRequestHandler):
    server: EditorServer
    protocol_version = "HTTP/1.1"
    server_version = "homestaging-editor"
    sys_version = ""
    timeout = 30
    disable_nagle_algorithm = True  # headers and body go out at once, no 40 ms wait

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the URL, not a request log."""

    # -- answers

    def _send(self, status: int, body: bytes, content_type: str,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Content-Security-Policy", _POLICY)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, payload: Any) -> None:
        self._send(status, json.dumps(payload, ensure_ascii=False).encode("utf-8"),
                   "application/json; charset=utf-8")

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": message})

    # -- checks

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        target = urlsplit(self.path)
        named = target.scheme or target.netloc  # the absolute form: its host wins
        if host in self.server.hosts and (not named or (
                target.scheme.lower() == "http" and target.netloc.lower() in self.server.hosts)):
            return True
        self.close_connection = True
        self._error(HTTPStatus.FORBIDDEN, "this editor answers only to "
                    f"http://{HOST}:{self.server.port}/")
        return False

    def _token_ok(self) -> bool:
        given = self.headers.get(TOKEN_HEADER, "")
        if hmac.compare_digest(given.encode("utf-8", "replace"),
                               self.server.token.encode("ascii")):
            return True
        self._error(HTTPStatus.FORBIDDEN, "missing or stale token: open the URL that "
                    "'homestaging edit' printed")
        return False

    def _body(self) -> dict[str, Any] | None:
        length_text = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding") or length_text is None:
            self.close_connection = True
            self._error(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is required")
            return None
        try:
            length = int(length_text)
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            self._error(HTTPStatus.BAD_REQUEST, "bad Content-Length")
            return None
        if length > adapter.MAX_BYTES:
            self.close_connection = True
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                        f"the request is larger than {adapter.MAX_BYTES} bytes")
            return None
        raw = self.rfile.read(length)
        try:
            text = raw.decode("utf-8")
            data = adapter.parse_json(text, "request")
        except UnicodeDecodeError:
            self._error(HTTPStatus.BAD_REQUEST, "the request is not UTF-8 text")
            return None
        except InputError as error:
            self._error(HTTPStatus.BAD_REQUEST, f"the request is not JSON: {error}")
            return None
        if not isinstance(data, dict):
            self._error(HTTPStatus.BAD_REQUEST, "the request must be a JSON object")
            return None
        return data

    # -- methods

    def do_GET(self) -> None:
        if not self._host_ok():
            return
        path = urlsplit(self.path).path
        if path == "/api/session":
            if self._token_ok():
                with self.server.lock:
                    self._json(HTTPStatus.OK, self.server.session.opening())
            return
        found = self.server.files.get(path)
        if found is None:
            self._error(HTTPStatus.NOT_FOUND, f"no such page: {path[:100]}")
            return
        self._send(HTTPStatus.OK, *found)

    do_HEAD = do_GET

    def do_POST(self) -> None:
        if not self._host_ok():
            return
        path = urlsplit(self.path).path
        # checks read nothing that changes: they run side by side, even during a render
        routes = {"/api/check": ("check", None), "/api/parse": ("parse_text", None),
                  "/api/save": ("save", self.server.lock),
                  "/api/render": ("render", self.server.drawing)}
        if path not in routes:
            self.close_connection = True
            self._error(HTTPStatus.NOT_FOUND, f"no such call: {path[:100]}")
            return
        if not self._token_ok():
            self.close_connection = True
            return
        body = self._body()
        if body is None:
            return
        session = self.server.session
        method, lock = routes[path]
        try:
            with lock or contextlib.nullcontext():
                answer = getattr(session, method)(body)
        except Refused as refused:
            self._json(refused.status, refused.payload)
            return
        except Exception as error:  # a bug: answer it, keep serving
            detail = next(iter(str(error).splitlines()), "")
            message = f"internal error ({type(error).__name__}: {detail})"
            sys.stderr.write("\n".join(adapter.error_lines(message, adapter.terminal_width()))
                             + "\n")
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, message)
            return
        if isinstance(answer, bytes):
            self._send(HTTPStatus.OK, answer, "image/png")
        else:
            self._json(HTTPStatus.OK, answer)

    def _refuse_method(self) -> None:
        if self._host_ok():
            self.close_connection = True
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not used here")

    do_PUT = do_DELETE = do_OPTIONS = do_PATCH = _refuse_method
