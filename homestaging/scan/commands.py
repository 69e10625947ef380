"""The ``homestaging scan`` command: a photo of a filled drawing sheet to a sheet file."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from ..cli.common import FILE, Unusable
from ..core.errors import InputError, UnknownProject
from ..formats.output import FORMATS, dumps_json

__all__ = ["scan"]


@click.command("scan", short_help="Read a photo of a filled drawing sheet into a sheet file.")
@click.argument("photo", metavar="PHOTO")
@click.option("--project", "project_ref", metavar="PROJECT",
              help="The sheet's project (default: the bundled project its markers name).")
@click.option("-o", "--output", type=FILE,
              help="Write the sheet JSON here (default: standard output).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="What to print: text (the uncertain squares; the sheet goes to -o) or "
                   "json (the sheet, or with -o a summary).")
@click.option("--game", "game_path", metavar="GAME", type=FILE,
              help="The table's game record (homestaging deal): each room's pieces are "
                   "read among those its tokens chose, and the sheet names the record.")
@click.option("--debug-image", type=FILE,
              help="Also write the straightened page (PNG) with what was read drawn over "
                   "it, to look at.")
def scan(photo: str, project_ref: str | None, output: str | None, fmt: str,
         game_path: str | None, debug_image: str | None) -> None:
    """Read PHOTO, a photo of a drawing sheet printed by 'homestaging print' and filled
    in by hand after the drawing conventions, into an ordinary sheet file.

    With --game (the record 'homestaging deal' wrote), each room's pieces are looked
    for among the pieces its tokens chose: pieces that look the same on paper are then
    told apart by the record. The sheet carries a "scan" key listing the squares the
    scanner is not sure of, each with the reason: check them on the page. Exit 2 for a
    file that is not a photo, a photo with no corner markers, another project's sheet, a
    page too blurred or cut off to read, or OpenCV missing.
    """
    from . import MissingOpenCV, require_cv2

    try:
        require_cv2()
    except MissingOpenCV as error:
        raise Unusable(str(error)) from None
    from ..formats.output import check_target
    from ..formats.sheetwriter import GRID_KEYS
    from .read import scan_photo, scan_to_json

    for target in (output, debug_image):  # before the photo is read
        if target is not None:
            check_target(target, protect=[photo])
    project = _project(project_ref) if project_ref else None
    record = None
    if game_path is not None:
        project, record = _record(game_path, project, output)
    result = scan_photo(photo, project, record)
    result = dataclasses.replace(result, sheet=dataclasses.replace(
        result.sheet, project_ref=_project_ref(result.sheet.project, output),
        game_ref=_game_ref(game_path, output) if record is not None else ""))
    data = scan_to_json(result)
    text = dumps_json(data, width=100, rows=GRID_KEYS)
    if debug_image:
        from .overlay import overlay

        _write_png(debug_image, overlay(result))
    if output is not None:
        from ..formats.output import write_atomic

        write_atomic(output, text, protect=[photo])
    if fmt == "json":
        click.echo(text if output is None else dumps_json(_summary(result, output)), nl=False)
        return
    if output is None:
        click.echo(text, nl=False)
    click.echo(_report(result, output), err=output is None, nl=False)


def _project(reference: str) -> Any:
    from ..formats.projectreader import find_project

    try:
        return find_project(reference)
    except InputError:
        raise
    except UnknownProject as error:
        raise click.BadParameter(str(error), param_hint="'--project'") from None


def _record(path: str, project: Any, output: str | None) -> tuple[Any, Any]:
    """The project and the game record of ``--game``: the record must be of the
    project given, else its own project is the sheet's."""
    from pathlib import Path

    from ..formats.gamereader import read_record
    from ..formats.projectreader import find_project

    record = read_record(path, project=project)
    if project is None:
        project = find_project(record.project, relative_to=Path(path).parent)
    return project, record


def _project_ref(project: Any, output: str | None) -> str:
    """How the scanned sheet names its project: a bundled one by its id, a project file
    (``--project path.yaml``, or the one a game record names) by its path from the
    sheet's folder."""
    from pathlib import Path

    from ..formats.projectreader import bundled_project_files
    from ..formats.sheetwriter import path_from

    source = Path(project.source) if project.source not in ("", "-") else None
    bundled = bundled_project_files().get(project.id)
    if source is None or (bundled is not None and bundled.resolve() == source.resolve()):
        return str(project.id)
    folder = Path(output).parent if output else Path.cwd()
    return path_from(folder, source)


def _game_ref(path: str | None, output: str | None) -> str:
    """How the scanned sheet names its game record: by its path from the sheet's folder."""
    from pathlib import Path

    from ..formats.sheetwriter import path_from

    if path in (None, "-"):
        return ""  # written into the sheet
    folder = Path(output).parent if output else Path.cwd()
    return path_from(folder, Path.cwd() / str(path))


def _summary(result: Any, output: str) -> dict[str, Any]:
    return {"photo": result.photo, "sheet": output, "project": result.sheet.project.id,
            "pieces": len(result.sheet.pieces), "rooms": len(result.sheet.rooms),
            "uncertain": [u.to_json() for u in result.uncertain]}


def _report(result: Any, output: str | None) -> str:
    """What was read and what to check on the page, wrapped to the terminal's width."""
    sheet = result.sheet
    from ..text.fit import fit, terminal_width
    from ..text.problems import plural

    rooms, pieces, doubts = len(sheet.rooms), len(sheet.pieces), len(result.uncertain)
    lines = [f"{result.photo}: project {sheet.project.id}, {rooms} {plural(rooms, 'room')}, "
             f"{pieces} {plural(pieces, 'piece')}"
             + (f", written to {output}" if output else "")]
    if result.uncertain:
        lines.append(f"{doubts} {plural(doubts, 'thing')} to check on the page:")
        lines += [f"  {u.line()}" for u in result.uncertain]
    else:
        lines.append("nothing uncertain")
    return fit("\n".join(lines), terminal_width()) + "\n"


def _write_png(path: str, image: Any) -> None:
    import cv2

    from ..formats.output import write_atomic

    ok, data = cv2.imencode(".png", image)
    if not ok:
        raise InputError.single(path, "cannot encode the straightened page as PNG")
    write_atomic(path, data.tobytes())
