"""Running the editor's server in a thread for tests, and talking to it raw."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from homestaging.editor.server import TOKEN_HEADER, EditorServer, make_server
from homestaging.editor.session import Session

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHEETS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


@contextmanager
def serving(sheet: str | Path, project: str | None = None,
            cwd: Path | None = None, game: str | None = None) -> Iterator[EditorServer]:
    """An editor server for ``sheet`` on a free port (``game``: ``edit --game``), stopped
    on exit."""
    session = Session.open(str(sheet), project, cwd, game)
    server = make_server(session)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def request(server: EditorServer, method: str, path: str, body: Any = None, *,
            token: str | None = None, host: str | None = None,
            headers: dict[str, str] | None = None, raw: bytes | None = None
            ) -> tuple[int, dict[str, str], bytes]:
    """One request with full control of the headers (the server's own token unless
    ``token`` is given); returns status, headers, body."""
    return http_request(server.port, method, path, body,
                        token=server.token if token is None else token, host=host,
                        headers=headers, raw=raw)


def http_request(port: int, method: str, path: str, body: Any = None, *,
                 token: str | None = None, host: str | None = None,
                 headers: dict[str, str] | None = None, raw: bytes | None = None
                 ) -> tuple[int, dict[str, str], bytes]:
    """One request to 127.0.0.1:``port`` with full control of the headers (no token
    header when ``token`` is None); returns status, headers, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    if token is not None:
        connection.putheader(TOKEN_HEADER, token)
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    extra = dict(headers or {})
    if data is not None and "Content-Length" not in extra:
        extra["Content-Length"] = str(len(data))
    for name, value in extra.items():
        connection.putheader(name, value)
    connection.endheaders()
    if data is not None:
        connection.send(data)
    response = connection.getresponse()
    payload = response.read()
    found = {name.lower(): value for name, value in response.getheaders()}
    connection.close()
    return response.status, found, payload


def api(server: EditorServer, path: str, body: Any = None) -> tuple[int, Any]:
    """A JSON API call with the right token and Host."""
    status, _, payload = request(server, "POST" if body is not None else "GET", path, body)
    return status, json.loads(payload)


LINES = """(e) => {  // the lines its text takes: one box per line
    const range = document.createRange();
    range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""
"""A page's function of an element: how many lines its text takes."""


def rounded_box(page: Any, selector: str) -> list[float]:
    """The first element of ``selector``'s x, y, width and height, to 0.1 px."""
    box = page.locator(selector).first.bounding_box()
    return [round(box[key], 1) for key in ("x", "y", "width", "height")]
