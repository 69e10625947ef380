"""The commands on sheets: ``new``, ``check``, ``score``, ``convert``, ``place`` and
``render``.

Each reads its arguments, calls the library and echoes what :mod:`homestaging.text.report`
writes. The library is imported inside each command, so that ``check`` and ``score``
never load what only the others need.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import InputError
from ..text.fit import shell_command
from .common import (
    FILE,
    ExitCode,
    detail,
    display_name,
    echo_result,
    format_option,
    image_path,
    paint,
    paper_option,
    read_sheet_argument,
    say,
    standard_input_once,
    verbosity,
    wrote,
)

if TYPE_CHECKING:

    from ..core.sheet import Sheet

__all__ = ["check_command", "convert_command", "new_command",
           "read_sheet_file", "render_command", "score_command"]


@click.command("new", short_help="A sheet to start a game from.")
@click.argument("project_ref", metavar="PROJECT")
@click.option("--player", default="", metavar="NAME",
              help="The player's name, written in the sheet.")
@click.option("-o", "--output", type=FILE,
              help="Write the sheet here (a new file), not to standard output.")
@click.option("--game", "game_path", metavar="GAME", type=FILE,
              help="The game record (homestaging deal) the sheet is played with: the sheet "
                   "names it, and the cards are checked as dealt and chosen.")
@click.option("--force", is_flag=True, help="With -o, overwrite a file that exists.")
def new_command(project_ref: str, player: str, game_path: str | None, output: str | None,
                force: bool) -> None:
    """A sheet to start a game of PROJECT from: its rooms in play order, the first one
    being furnished, an empty room_grid and furniture_grid of the project's size, and
    the house map as a reminder (the "house" entry, which the reader ignores).

    PROJECT is a bundled project id ('projects list') or a project YAML file (then the
    sheet names it by a path relative to the sheet's folder). With -o the sheet is
    written to a new file (--force to replace one) and the next step is shown. With
    --game the sheet names the game record by its path from the sheet's folder.
    """
    import dataclasses
    import os
    from pathlib import Path

    from ..formats.output import check_target, write_atomic
    from ..formats.sheetwriter import blank_sheet, new_sheet_text, path_from, project_reference
    from .common import load_project_argument

    if project_ref == "-":
        raise click.BadParameter("a new sheet names its project: give a bundled id or a file "
                                 "path, not '-'", param_hint="PROJECT")
    if output is not None:
        check_target(output)
        if os.path.lexists(output) and not force:
            raise InputError.single(output, "exists already: give another file name, or "
                                    "--force to replace it")
    project = load_project_argument(project_ref)
    folder = Path(output).parent if output else Path.cwd()
    reference = project_reference(project_ref, folder, Path.cwd())
    sheet = blank_sheet(project, reference, player=player)
    if game_path is not None:
        from ..formats.gamereader import read_record

        record = read_record(game_path, project=project)
        sheet = dataclasses.replace(sheet, game=record,
                                    game_ref=path_from(folder, Path.cwd() / game_path))
    text = new_sheet_text(sheet)
    if output is None:
        click.echo(text, nl=False)
        return
    write_atomic(output, text)
    first = project.rooms[0].name if project.rooms else "the first room"
    say(f"{output}: a new sheet of {project.name} ({project.id}); the {first} is "
        "furnished first. Draw its pieces in furniture_grid, then run:",
        command=shell_command("homestaging", "check", output))


@click.command("check", short_help="Rules broken so far, what is still to do, score so far.")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--final/--mid-game",
    "end_of_game",
    default=None,
    help="Judge the sheet as finished (end-game requirements become errors) or as a game "
    "in progress. Default: finished when every room is walled and none is being furnished.",
)
@format_option
def check_command(sheet_path: str, end_of_game: bool | None, fmt: str) -> None:
    """Every rule the plan breaks so far, what still has to be done, and the score so far.

    Warnings include pieces and rooms that cannot be reached (they score 0), as in
    'score', and what blocks them. Mid-game, what is still to do is said in plain words
    for the rooms played so far, with the squares to keep free, and the score so far
    shows what each walled room is worth once connected. SHEET may be '-' for standard
    input. Exits 0 when no rule is broken (warnings alone exit 0), 1 when one is, 2 when
    the sheet cannot be read (with --format json, the errors also as JSON).
    """
    from ..core.errors import Severity
    from ..scoring.card import check_sheet
    from ..text.report import check_json, format_check

    sheet = read_sheet_file(sheet_path)
    file = display_name(sheet_path)
    checked = check_sheet(sheet, end_of_game=end_of_game)
    echo_result(fmt, lambda: format_check(checked, file, paint()),
                lambda: check_json(checked, file))
    if any(p.severity == Severity.ERROR for p in checked.problems):
        raise click.exceptions.Exit(ExitCode.FINDINGS)


@click.command("convert", short_help="Rewrite a sheet in the grid or the pieces form.")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--to",
    "form",
    type=click.Choice(["grid", "pieces"]),
    required=True,
    help="grid: furniture drawn in furniture_grid; pieces: every piece listed in pieces.",
)
@click.option("-o", "--output", type=FILE, help="Write here, not stdout.")
def convert_command(sheet_path: str, form: str, output: str | None) -> None:
    """Rewrite a sheet in the grid or pieces form (the same plan either way).

    The sheet JSON goes to standard output unless -o is given. SHEET may be '-'.
    """
    from ..formats.output import write_atomic
    from ..formats.sheetreader import read_sheet_notes
    from ..formats.sheetwriter import UnwritableSheet, sheet_text

    sheet, scan = read_sheet_notes(sheet_path)
    _told(sheet, sheet_path)
    try:
        text = sheet_text(sheet, form, scan)
    except UnwritableSheet as error:
        raise InputError.single(display_name(sheet_path), str(error)) from None
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, text, protect=[sheet_path])
        wrote(output)


@click.command("score", short_help="The score pad of finished sheets, or a ranking.")
@click.argument("sheet_paths", metavar="SHEET...", nargs=-1, required=True)
@click.option(
    "--lenient-access",
    is_flag=True,
    help="Empty squares inside rooms are walkable too, not only circulation and rugs.",
)
@format_option
def score_command(sheet_paths: tuple[str, ...], lenient_access: bool, fmt: str) -> None:
    """The score pad of a finished sheet; with several sheets, a ranking table.

    A sheet with errors is scored provisionally (pieces involved in an error score 0)
    and the command exits 1. JSON: one object for one sheet, a list in ranking order
    for several. Ranking sheets of different projects prints a warning on standard
    error. Any SHEET may be '-' for standard input; exit 2 when one cannot be read.
    """
    from dataclasses import replace

    from ..core.errors import Severity
    from ..scoring.card import score
    from ..text.report import format_ranking, format_scorecard, ranking_json, scorecard_json

    cards = []
    for path, read in _sheets_only(sheet_paths):
        sheet = read()
        card = score(sheet, lenient_access=lenient_access, end_of_game=True)
        sheet.kept.clear()  # its layout refers back to it: freed now, not by the collector
        shown = display_name(path)
        cards.append(card if card.source == shown else replace(card, source=shown))
    broken = any(p.severity == Severity.ERROR for card in cards for p in card.problems)
    if len(cards) == 1:
        card = cards[0]
        echo_result(fmt, lambda: format_scorecard(card, card.source, paint()),
                    lambda: scorecard_json(card))
    else:
        played = sorted({c.project for c in cards})
        if len(played) > 1:
            say(f"warning: these sheets are of different projects ({', '.join(played)});"
                " their totals do not compare", "warning")
        echo_result(fmt, lambda: format_ranking(cards, paint()), lambda: ranking_json(cards))
    if broken:
        raise click.exceptions.Exit(ExitCode.FINDINGS)


@click.command("render", short_help="Draw the annotated plan (PNG, SVG or PDF).")
@click.argument("sheet_path", metavar="SHEET")
@click.option("-o", "--output", type=FILE,
              help="The picture to write: .png, .svg or .pdf (a PDF is one page). "
              "Default: SHEET with .png for its extension, beside it.")
@click.option("--routes/--no-routes", default=True, show_default=True,
              help="Draw the routes of distance bonuses.")
@click.option("--lenient-access", is_flag=True,
              help="Empty squares inside rooms are walkable too (as for score).")
@paper_option
def render_command(sheet_path: str, output: str | None, routes: bool, lenient_access: bool,
                   paper: str) -> None:
    """Draw the annotated plan: furniture, circulation, hallway, doors, unreachable
    pieces, points per room and the routes of distance bonuses, with a key to every
    mark and the score panel. Problems are ringed and numbered as 'check' lists them.

    An unfinished sheet is drawn as 'check' sees it (score so far, what is still to do).
    A PDF is one page of --paper, turned to give the plan the biggest squares. SHEET may
    be '-' for standard input (then -o is needed); the output folder must exist.
    """
    from pathlib import Path

    from ..draw.drawing import FORMATS as IMAGE_FORMATS
    from ..draw.render import save_plan
    from ..scoring.card import check_sheet

    sheet = None
    if output is None:
        if sheet_path == "-":
            raise click.UsageError("give -o/--output: the sheet comes from standard input")
        sheet = read_sheet_file(sheet_path)  # first: '' or '/' names no file to go beside
        output = str(Path(sheet_path).with_suffix(".png"))
    path = image_path(output, IMAGE_FORMATS, [sheet_path])
    if sheet is None:
        sheet = read_sheet_file(sheet_path)
    started = time.perf_counter()
    checked = check_sheet(sheet, lenient_access=lenient_access)
    save_plan(sheet, path, checked.card, show_routes=routes, problems=checked.problems,
              end_of_game=checked.end_of_game, paper=paper)
    wrote(path, started)


def _sheets_only(paths: tuple[str, ...]) -> list[tuple[str, Callable[[], Sheet]]]:
    """The paths less the game records among them (``table export`` writes the record
    beside the sheets that name it, so ``score DIR/*.json`` ranks the sheets), each
    with what reads its sheet: every file is read once, and what it holds parsed once,
    here; the sheet is made of it when asked for, and a file that cannot be read says
    so then, in its turn."""
    import os

    from ..formats.files import read_text
    from ..formats.gamewriter import FORMAT as GAME_FORMAT
    from ..formats.readers import load_json

    standard_input_once(paths)
    kept: list[tuple[str, Callable[[], Sheet]]] = []
    for path in paths:
        if path == "-":
            kept.append((path, partial(read_sheet_file, path)))
            continue
        try:
            name, text = read_text(path)
            data = load_json(text, name)
        except InputError as error:
            if _game_record(path):  # one the reader refuses, that JSON reads all the same
                detail(f"{display_name(path)} is a game record, not a sheet: left out")
                continue
            kept.append((path, partial(_raise, error)))
            continue
        if isinstance(data, dict) and data.get("format") == GAME_FORMAT \
                and _game_record(path):
            detail(f"{display_name(path)} is a game record, not a sheet: left out")
            continue
        kept.append((path, partial(_parsed_sheet, path, name, data, os.path.dirname(path))))
    return kept or [(path, partial(read_sheet_file, path)) for path in paths]


def _game_record(path: str) -> bool:
    """Whether the file ``path`` is a game record: a regular file under a megabyte
    whose JSON has the game record's format."""
    import json
    from pathlib import Path

    from ..formats.gamewriter import FORMAT as GAME_FORMAT

    try:
        file = Path(path)
        if file.is_file() and file.stat().st_size < 1_000_000:
            with file.open("rb") as data:
                head = json.loads(data.read())
            return isinstance(head, dict) and head.get("format") == GAME_FORMAT
    except (OSError, ValueError):
        pass  # the reader says what is wrong with it
    return False


def _raise(error: InputError) -> Sheet:
    raise error


def _parsed_sheet(path: str, name: str, data: Any, base_dir: str) -> Sheet:
    """The sheet of the JSON ``data`` read from ``path`` (as :func:`read_sheet_file`)."""
    from ..formats.sheetreader import parse_sheet

    sheet = parse_sheet(data, name, base_dir)
    _told(sheet, path)
    return sheet


def read_sheet_file(path: str) -> Sheet:
    """The sheet of a SHEET argument; with -v, what it holds."""
    sheet = read_sheet_argument(path)
    _told(sheet, path)
    return sheet


def _told(sheet: Sheet, path: str) -> None:
    """With -v, what the sheet read from ``path`` holds."""
    if verbosity() <= 0:
        return
    walled = len(sheet.walled)
    detail(f"read {display_name(path)}: project {sheet.project.id}, {len(sheet.pieces)} "
           f"piece{'' if len(sheet.pieces) == 1 else 's'}, {walled} of "
           f"{len(sheet.project.rooms)} rooms walled"
           + (f", {sheet.current_room} being furnished" if sheet.current_room else ""))
