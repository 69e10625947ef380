"""One editing session: the sheet file being edited, and what the page may ask of it.

The session opens the file once (a blank sheet when the file is new or empty and a
project is given), answers the page's checks, and writes only that file, atomically,
and only a sheet that reads back. A file that cannot be read opens with its located
errors and is never written until the page sends a readable sheet. A file changed on
disk since it was opened or last saved is not overwritten unless the page insists.
"""

from __future__ import annotations

import contextlib
import hashlib
import stat
from pathlib import Path
from typing import Any

from . import adapter
from .adapter import Hand, InputError

__all__ = ["Refused", "Session", "UsageProblem"]


class UsageProblem(ValueError):
    """The command line cannot start a session (the message says why)."""


class Refused(Exception):
    """A request the session turns down: an HTTP status and a JSON answer."""

    def __init__(self, status: int, payload: dict[str, Any]) -> None:
        super().__init__(payload.get("error", ""))
        self.status = status
        self.payload = payload


def _digest(path: Path) -> str | None:
    """The checksum of the file as the readers read it; None when missing or unreadable
    (a file that is not regular is never opened, a large one read to its bound only)."""
    try:
        data = adapter.disk_bytes(path)
    except InputError:
        return None
    return None if data is None else hashlib.sha256(data).hexdigest()


def _is_blank(path: Path) -> bool:
    """Missing, or a regular file holding nothing but white space."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return not path.is_symlink()
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode) or info.st_size > 4096:
        return False
    try:
        return not (adapter.disk_bytes(path) or b"").strip()
    except InputError:
        return False


class Session:
    """The sheet file ``path`` (shown as ``display``) and its state on disk."""

    def __init__(self, path: Path, display: str) -> None:
        self.path = path
        self.display = display
        self.base_dir = path.parent if str(path.parent) else Path(".")
        self.new = False
        self.state: dict[str, Any] | None = None
        self.project: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.text: str | None = None
        self.disk = _digest(path)
        self._projects: dict[tuple[int, str], dict[str, Any]] = {}

    @classmethod
    def open(cls, sheet: str, project: str | None = None, cwd: Path | None = None,
             game: str | None = None) -> Session:
        """Open ``sheet``; a new or empty file needs ``project``; ``game`` names a game
        record file for the sheet's ``"game"`` key; relative paths are from ``cwd``
        (default: the current folder, and messages name the files as given). Raise
        UsageProblem (bad command line), UnknownProject, or InputError (a record that
        cannot be used)."""
        cwd = cwd or Path()
        path = cwd / sheet
        if sheet == "-":
            raise UsageProblem("SHEET must be a file name: the editor saves to it")
        if path.is_dir():
            raise UsageProblem(f"{sheet} is a folder, expected a sheet file name")
        if not path.parent.is_dir():
            raise UsageProblem(f"{sheet}: the folder {Path(sheet).parent} does not exist")
        with contextlib.suppress(OSError):
            mode = path.stat().st_mode
            if not stat.S_ISREG(mode):
                raise UsageProblem(f"{sheet} is {adapter.file_kind(mode)}, expected a sheet file: "
                                   "the editor reads it and saves to it")
        session = cls(path, sheet)
        if _is_blank(path):
            if project is None:
                state = "does not exist" if not path.exists() else "is empty"
                raise UsageProblem(f"{sheet} {state}: give --project PROJECT to start a new "
                                   "sheet for that project")
            session.new = True
            session._load(adapter.blank(project, path, cwd, sheet))
        else:
            if project is not None:
                raise UsageProblem(f"{sheet} already holds a sheet: --project is only for "
                                   "a new sheet (the sheet names its project)")
            try:
                session._load(*adapter.read_file(path, sheet))
            except InputError as error:
                if game is not None:
                    raise UsageProblem(f"{sheet} cannot be read: open it without --game, "
                                       "mend it, then give --game") from None
                session._unreadable(error)
        if game is not None:
            session._with_game(game, cwd)
        return session

    def _with_game(self, game: str, cwd: Path) -> None:
        """Name the game record ``game`` in the sheet being edited (saved with it)."""
        assert self.state is not None
        scan = self.state.get("scan")
        named = adapter.read_state(self.state, self.display, self.base_dir)
        self._load(adapter.with_game(named, game, cwd), scan)

    def _load(self, sheet: Any, scan: Any = None) -> None:
        self.state = adapter.page_state(sheet, scan)
        self.project = self._project(sheet)

    def _project(self, sheet: Any) -> dict[str, Any]:
        key = (id(sheet.project), adapter.record_key(sheet.game))
        if key not in self._projects:
            self._projects[key] = adapter.project_json(sheet.project, sheet.game)
        return self._projects[key]

    def _unreadable(self, error: InputError) -> None:
        self.errors = adapter.located(error)
        try:
            self.text = adapter.read_text_file(self.path)
        except InputError:
            self.text = None

    # -- what the page asks

    def opening(self) -> dict[str, Any]:
        """The sheet as opened: its state and project, or the errors that stop it."""
        return {
            "file": self.display,
            "name": self.path.name,
            "new": self.new,
            "readable": self.state is not None,
            "state": self.state,
            "project": self.project,
            "errors": self.errors,
            "text": self.text,
        }

    def _sheet(self, body: dict[str, Any]) -> Any:
        """The sheet the page sent; raise Refused(422) with located errors."""
        if "state" not in body:
            raise Refused(400, {"error": "expected an object with a \"state\" key"})
        try:
            return adapter.read_state(body["state"], self.display, self.base_dir)
        except InputError as error:
            raise Refused(422, {"error": "the sheet cannot be read",
                                "errors": adapter.located(error)}) from None

    def check(self, body: dict[str, Any]) -> dict[str, Any]:
        """Problems, score and hints for the page's sheet; unreadable: its errors."""
        hand = Hand.read(body.get("hand"))
        try:
            sheet = self._sheet(body)
        except Refused as refused:
            if refused.status != 422:
                raise
            return {"errors": refused.payload["errors"]}
        answer = adapter.evaluate(sheet, hand)
        answer["errors"] = []
        return answer

    def save(self, body: dict[str, Any]) -> dict[str, Any]:
        """Write the page's sheet to the file; refuse an unreadable sheet (422) and a
        file changed on disk since it was opened (409, unless ``force``)."""
        sheet = self._sheet(body)
        scan = adapter.scan_notes(body["state"])
        try:
            text = adapter.sheet_text(sheet, scan)
            adapter.read_state(adapter.parse_json(text, self.display), self.display,
                               self.base_dir)
        except InputError as error:
            raise Refused(422, {"error": "the sheet would not read back",
                                "errors": adapter.located(error)}) from None
        try:
            adapter.check_writable(self.path)
        except InputError as error:
            raise Refused(500, {"error": str(error), "errors": adapter.located(error)}) \
                from None
        if body.get("force") is not True and _digest(self.path) != self.disk:
            raise Refused(409, {"error": f"{self.display} changed on disk since it was "
                                "opened or last saved; save again to overwrite it"})
        try:
            adapter.write_file(self.path, text)
        except InputError as error:
            raise Refused(500, {"error": str(error), "errors": adapter.located(error)}) \
                from None
        self.disk = _digest(self.path)
        self.new = False
        self._load(sheet, scan)  # a page opened from now on starts from what was saved
        self.errors, self.text = [], None
        return {"saved": self.display, "bytes": len(text.encode("utf-8"))}

    def render(self, body: dict[str, Any]) -> bytes:
        """The annotated plan of the page's sheet as PNG bytes."""
        return adapter.render_png(self._sheet(body))

    def parse_text(self, body: dict[str, Any]) -> dict[str, Any]:
        """Read sheet text typed into the page (to mend an unreadable file)."""
        text = body.get("text")
        if not isinstance(text, str):
            raise Refused(400, {"error": "expected an object with a \"text\" string"})
        try:
            data = adapter.parse_json(text, self.display)
            sheet = adapter.read_state(data, self.display, self.base_dir)
            state = adapter.page_state(sheet, adapter.scan_notes(data))
        except InputError as error:
            return {"errors": adapter.located(error)}
        return {"errors": [], "state": state, "project": self._project(sheet)}

