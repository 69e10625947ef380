"""The table's web application (Starlette, served by uvicorn).

Every URL carries the table's code: ``/t/CODE/`` joins, ``/t/CODE/p/N/`` is player N's
sheet (the editor's page), ``/t/CODE/host/`` the host's page. Safety, for every request:

1. the ``Host`` header must name an address the server is bound to (:attr:`App.hosts`),
   and the ``Origin`` of a browser's request, when sent, one of them too;
2. the pages are package data served by name from fixed lists (no path from a request
   reaches the file system);
3. a player's calls carry that player's secret (the ``X-Homestaging-Token`` header, or
   ``?token=`` for the event stream), the host's calls the host's: anything else is 403
   and changes nothing;
4. a body is at most :data:`MAX_BODY` bytes, with a Content-Length;
5. names are only ever put into pages as text (``textContent``), never as markup, and
   every page is served with a Content-Security-Policy that runs no inline script.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..editor import adapter
from ..text.fit import error_lines, terminal_width
from .hall import Hall, Refused
from .store import StoreError

__all__ = ["MAX_BODY", "TOKEN_HEADER", "TableApp", "make_app"]

TOKEN_HEADER = "X-Homestaging-Token"
MAX_BODY = 1_000_000
"""The largest request body (bytes): a sheet of the largest project fits many times."""
MAX_FORM = 2_000
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
           " connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY",
            "Content-Security-Policy": _POLICY}
PING_SECONDS = 15.0


def _files(package: str) -> dict[str, tuple[bytes, str]]:
    folder = resources.files(package).joinpath("static")
    found = {}
    for item in folder.iterdir():
        suffix = "." + item.name.rsplit(".", 1)[-1] if "." in item.name else ""
        if item.is_file() and suffix in _TYPES:
            found[item.name] = (item.read_bytes(), _TYPES[suffix])
    return found


def _player_page(editor: dict[str, tuple[bytes, str]]) -> bytes:
    """The editor's page, with the table's additions (the card just flipped)."""
    page = editor["index.html"][0].decode("utf-8")
    extra = ('<link rel="stylesheet" href="table/table.css">\n'
             '<script type="module" src="table/player.js"></script>\n</head>')
    return page.replace("</head>", extra, 1).replace(
        "<title>Home Staging editor</title>", "<title>Home Staging table</title>").encode()


def _response(body: bytes, content_type: str, status: int = 200,
              headers: dict[str, str] | None = None) -> Response:
    return Response(body, status, {**_HEADERS, **(headers or {})}, content_type)


def _json(payload: Any, status: int = 200) -> Response:
    return _response(json.dumps(payload, ensure_ascii=False).encode(),
                     "application/json; charset=utf-8", status)


def _error(status: int, message: str) -> Response:
    return _json({"error": message}, status)


class Guard:
    """ASGI middleware: the Host and Origin of every request must be ours."""

    def __init__(self, app: ASGIApp, hosts: set[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope.get("headers", [])}
        host = headers.get("host", "").strip().lower()
        origin = headers.get("origin")
        refused = None
        if host not in self.hosts:
            refused = "this table answers only to its own address"
        elif origin is not None and origin.lower() not in {f"http://{h}" for h in self.hosts}:
            refused = "a page of another site may not call this table"
        if refused is not None:
            await _error(403, refused)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class TableApp:
    """The routes of every table of ``hall``; ``hosts`` are the bound addresses."""

    def __init__(self, hall: Hall, hosts: set[str]) -> None:
        self.hall = hall
        self.hosts = hosts
        self.editor = _files("homestaging.editor")
        # the join and host pages show the editor's icon (else the browser asks for
        # /favicon.ico, a 404 in the page's console)
        self.table = {**_files(__package__), "icon.svg": self.editor["icon.svg"]}
        self.player_page = _player_page(self.editor)
        # what the event streams wait on, by table: every change (the host's), or the
        # flips and the end only (the players')
        self.changed: dict[str, asyncio.Event] = {}
        self.flipped: dict[str, asyncio.Event] = {}
        self.join_url: Callable[[str], str] = lambda code: f"/t/{code}/"
        self.qr: Callable[[str], str] = lambda code: ""
        self.drawing = threading.Lock()  # matplotlib draws one figure at a time
        self.checking = threading.Lock()
        self._qr: dict[str, str] = {}

    def notify(self, code: str, flipped: bool = False) -> None:
        """Wake the host's event streams of table ``code`` (and, when a card was flipped
        or the game ended, the players')."""
        for waiting in (self.changed, self.flipped) if flipped else (self.changed,):
            event = waiting.pop(code, None)
            if event is not None:
                event.set()

    def routes(self) -> list[Route]:
        return [
            Route("/t/{code}/", self.join_page),
            Route("/t/{code}/join", self.join, methods=["POST"]),
            Route("/t/{code}/table/{name}", self.table_file),
            Route("/t/{code}/p/{n:int}/", self.player_page_route),
            Route("/t/{code}/p/{n:int}/static/{name}", self.editor_file),
            Route("/t/{code}/p/{n:int}/table/{name}", self.table_file),
            Route("/t/{code}/p/{n:int}/api/session", self.session),
            Route("/t/{code}/p/{n:int}/api/palette", self.palette),
            Route("/t/{code}/p/{n:int}/api/check", self.check, methods=["POST"]),
            Route("/t/{code}/p/{n:int}/api/save", self.check, methods=["POST"]),
            Route("/t/{code}/p/{n:int}/api/events", self.player_events),
            Route("/t/{code}/p/{n:int}/api/render", self.player_png, methods=["POST"]),
            Route("/t/{code}/host/", self.host_page),
            Route("/t/{code}/host/table/{name}", self.table_file),
            Route("/t/{code}/host/api/view", self.host_view),
            Route("/t/{code}/host/api/flip", self.flip, methods=["POST"]),
            Route("/t/{code}/host/api/end", self.end, methods=["POST"]),
            Route("/t/{code}/host/api/events", self.host_events),
            Route("/t/{code}/host/api/sheet/{n:int}.png", self.sheet_png),
        ]

    # -- plumbing

    async def _run(self, request: Request,
                   work: Callable[[], Awaitable[Response]]) -> Response:
        code = request.path_params["code"]
        try:
            self.hall.table(code)
            return await work()
        except Refused as refused:
            return _error(refused.status, refused.message)
        except StoreError as error:
            sys.stderr.write("\n".join(error_lines(str(error), terminal_width())) + "\n")
            return _error(507, str(error))
        except Exception as error:  # a bug: answer it, keep serving
            detail = next(iter(str(error).splitlines()), "")
            message = f"internal error ({type(error).__name__}: {detail})"
            sys.stderr.write("\n".join(error_lines(message, terminal_width())) + "\n")
            return _error(500, message)

    def _player(self, request: Request, secret: str | None = None) -> Any:
        given = secret if secret is not None else request.headers.get(TOKEN_HEADER, "")
        return self.hall.player_of(request.path_params["code"], request.path_params["n"],
                                   given)

    def _host(self, request: Request, secret: str | None = None) -> None:
        given = secret if secret is not None else request.headers.get(TOKEN_HEADER, "")
        if not self.hall.is_host(request.path_params["code"], given):
            raise Refused(403, "only the host's link may do this")

    async def _body(self, request: Request, limit: int = MAX_BODY) -> bytes:
        length = request.headers.get("content-length")
        if length is None or request.headers.get("transfer-encoding"):
            raise Refused(411, "a Content-Length is required")
        if not length.isdigit():
            raise Refused(400, "bad Content-Length")
        if int(length) > limit:
            raise Refused(413, f"the request is larger than {limit} bytes")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise Refused(413, f"the request is larger than {limit} bytes")
        return bytes(data)

    async def _json_body(self, request: Request) -> dict[str, Any]:
        raw = await self._body(request)
        try:
            data = adapter.parse_json(raw.decode("utf-8"), "request")
        except UnicodeDecodeError:
            raise Refused(400, "the request is not UTF-8 text") from None
        except adapter.InputError as error:
            raise Refused(400, f"the request is not JSON: {error}") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request must be a JSON object")
        return data

    # -- files and pages

    async def table_file(self, request: Request) -> Response:
        found = self.table.get(request.path_params["name"])
        if found is None or found[1].startswith("text/html"):
            return _error(404, "no such file")
        return _response(*found)

    async def editor_file(self, request: Request) -> Response:
        found = self.editor.get(request.path_params["name"])
        if found is None or found[1].startswith("text/html"):
            return _error(404, "no such file")
        return _response(*found)

    async def join_page(self, request: Request) -> Response:
        async def work() -> Response:
            return _response(*self.table["join.html"])
        return await self._run(request, work)

    async def player_page_route(self, request: Request) -> Response:
        async def work() -> Response:
            return _response(self.player_page, _TYPES[".html"])
        return await self._run(request, work)

    async def host_page(self, request: Request) -> Response:
        async def work() -> Response:
            return _response(*self.table["host.html"])
        return await self._run(request, work)

    # -- joining

    async def join(self, request: Request) -> Response:
        code = request.path_params["code"]

        async def work() -> Response:
            raw = await self._body(request, MAX_FORM)
            try:
                fields = parse_qs(raw.decode("utf-8"), max_num_fields=4)
            except (UnicodeDecodeError, ValueError):
                raise Refused(400, "the form could not be read") from None
            name = (fields.get("player") or [""])[0]
            try:
                number, secret = await run_in_threadpool(self.hall.join, code, name)
            except Refused as refused:
                target = f"/t/{code}/?problem={quote(refused.message)}"
                return Response(None, 303, {**_HEADERS, "Location": target})
            self.notify(code)
            target = f"/t/{code}/p/{number}/?token={secret}"
            return Response(None, 303, {**_HEADERS, "Location": target})
        return await self._run(request, work)

    # -- a player's calls

    async def session(self, request: Request) -> Response:
        async def work() -> Response:
            player = await run_in_threadpool(self._player, request)
            code = request.path_params["code"]
            return _json(await run_in_threadpool(self.hall.opening, code, player))
        return await self._run(request, work)

    async def palette(self, request: Request) -> Response:
        async def work() -> Response:
            await run_in_threadpool(self._player, request)
            return _json(await run_in_threadpool(self.hall.palette,
                                                 request.path_params["code"]))
        return await self._run(request, work)

    async def check(self, request: Request) -> Response:
        code = request.path_params["code"]

        async def work() -> Response:
            body = await self._json_body(request)
            answer = await run_in_threadpool(self._check, request, code, body)
            self.notify(code)
            if request.url.path.endswith("/save"):
                return _json({"saved": "the table's database", "bytes": 0})
            return _json(answer)
        return await self._run(request, work)

    def _check(self, request: Request, code: str, body: dict[str, Any]) -> dict[str, Any]:
        # one check at a time: first come, first answered (threads sharing the
        # interpreter would all answer late together)
        with self.checking:
            return self.hall.check(code, self._player(request), body)

    async def player_png(self, request: Request) -> Response:
        """The player's plan as stored (every change is), for the page's PNG button."""
        async def work() -> Response:
            player = await run_in_threadpool(self._player, request)
            await self._body(request)
            png = await run_in_threadpool(self._render, request.path_params["code"], player.id)
            return _response(png, "image/png")
        return await self._run(request, work)

    async def player_events(self, request: Request) -> Response:
        async def work() -> Response:
            secret = request.query_params.get("token", "")
            await run_in_threadpool(self._player, request, secret)
            code = request.path_params["code"]
            return self._stream(request, code, lambda: self.hall.player_view(code),
                                self.hall.rounds)
        return await self._run(request, work)

    # -- the host's calls

    async def host_view(self, request: Request) -> Response:
        async def work() -> Response:
            self._host(request)
            return _json(await run_in_threadpool(self._host_view,
                                                 request.path_params["code"]))
        return await self._run(request, work)

    def _host_view(self, code: str) -> dict[str, Any]:
        view = self.hall.host_view(code)
        view["join"] = self.join_url(code)
        if code not in self._qr:
            self._qr[code] = self.qr(code)
        view["qr"] = self._qr[code]
        return view

    async def flip(self, request: Request) -> Response:
        return await self._host_turn(request, self.hall.flip)

    async def end(self, request: Request) -> Response:
        return await self._host_turn(request, self.hall.end)

    async def _host_turn(self, request: Request, turn: Callable[[str], object]) -> Response:
        """The host's ``turn`` of the table (flip a card, end the game), then its view."""
        code = request.path_params["code"]

        async def work() -> Response:
            self._host(request)
            await self._body(request)
            await run_in_threadpool(turn, code)
            self.notify(code, flipped=True)
            return _json(await run_in_threadpool(self._host_view, code))
        return await self._run(request, work)

    async def host_events(self, request: Request) -> Response:
        async def work() -> Response:
            self._host(request, request.query_params.get("token", ""))
            code = request.path_params["code"]
            return self._stream(request, code, lambda: self._host_view(code),
                                self.hall.versions)
        return await self._run(request, work)

    async def sheet_png(self, request: Request) -> Response:
        async def work() -> Response:
            self._host(request, request.query_params.get("token", ""))
            png = await run_in_threadpool(self._render, request.path_params["code"],
                                          request.path_params["n"])
            return _response(png, "image/png")
        return await self._run(request, work)

    def _render(self, code: str, number: int) -> bytes:
        with self.drawing:
            return self.hall.render(code, number)

    # -- live updates

    def _stream(self, request: Request, code: str, view: Callable[[], dict[str, Any]],
                counter: dict[str, int]) -> Response:
        """Server-sent events: ``view()`` at once, then each time ``counter[code]``
        changes (a comment line every PING_SECONDS keeps the connection open)."""
        async def events() -> AsyncIterator[str]:
            seen = -1
            while True:
                version = counter.get(code, 0)
                if version != seen:
                    seen = version
                    payload = await run_in_threadpool(view)
                    yield f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"
                waiting = self.flipped if counter is self.hall.rounds else self.changed
                event = waiting.setdefault(code, asyncio.Event())
                if counter.get(code, 0) != seen:
                    continue
                try:
                    await asyncio.wait_for(event.wait(), PING_SECONDS)
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": still here\n\n"

        return StreamingResponse(events(), 200, {**_HEADERS, "X-Accel-Buffering": "no"},
                                 "text/event-stream")


def make_app(hall: Hall, hosts: set[str], join_url: Callable[[str], str] | None = None
             ) -> tuple[ASGIApp, TableApp]:
    """The ASGI application for ``hall`` answering to ``hosts`` (``host:port``)."""
    table = TableApp(hall, hosts)
    if join_url is not None:
        table.join_url = join_url

    async def missing(request: Request, error: Exception) -> Response:
        return _error(404, "nothing here: this server serves its tables only")

    async def refused_method(request: Request, error: Exception) -> Response:
        return _error(405, f"{request.method} is not used here")

    app = Starlette(routes=table.routes(),
                    exception_handlers={404: missing, 405: refused_method})
    return Guard(app, hosts), table
