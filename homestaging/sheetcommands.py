"""The commands on sheets: ``new``, ``check``, ``score``, ``convert``, ``place`` and
``render``.

Each reads its arguments, calls the library and echoes what :mod:`homestaging.report`
writes. The library is imported inside each command, so that ``check`` and ``score``
never load what only the others need.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from .clitools import (
    EXIT_FINDINGS,
    complete_card,
    complete_piece,
    detail,
    display_name,
    echo_result,
    format_option,
    image_option,
    image_path,
    no_card,
    paint,
    paper_option,
    read_sheet_argument,
    say,
    suggest,
    verbosity,
    wrote,
)
from .errors import InputError
from .quoting import excerpt

if TYPE_CHECKING:

    from .moves import RankedMoves
    from .pieces import Piece
    from .sheet import Sheet

__all__ = ["check_command", "convert_command", "new_command", "place_command",
           "render_command", "score_command"]


@click.command("new", short_help="A sheet to start a game from.")
@click.argument("project_ref", metavar="PROJECT")
@click.option("--player", default="", metavar="NAME",
              help="The player's name, written in the sheet.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write the sheet here (a new file), not to standard output.")
@click.option("--game", "game_path", metavar="GAME", type=click.Path(dir_okay=False),
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
    from pathlib import Path

    from .clitools import load_project_argument
    from .output import write_atomic
    from .sheetwriter import blank_sheet, new_sheet_text, path_from, project_reference

    if project_ref == "-":
        raise click.BadParameter("a new sheet names its project: give a bundled id or a file "
                                 "path, not '-'", param_hint="PROJECT")
    project = load_project_argument(project_ref)
    folder = Path(output).parent if output else Path.cwd()
    reference = project_reference(project_ref, folder, Path.cwd())
    sheet = blank_sheet(project, reference, player=player)
    if game_path is not None:
        from .gamereader import read_record

        record = read_record(game_path, project=project)
        sheet = dataclasses.replace(sheet, game=record,
                                    game_ref=path_from(folder, Path.cwd() / game_path))
    text = new_sheet_text(sheet)
    if output is None:
        click.echo(text, nl=False)
        return
    if Path(output).exists() and not force:
        raise InputError.single(output, "exists already: give another file name, or --force "
                                "to replace it")
    write_atomic(output, text)
    first = project.rooms[0].name if project.rooms else "the first room"
    say(f"{output}: a new sheet of {project.name} ({project.id}); the {first} is "
        f"furnished first. Draw its pieces in furniture_grid, then run: homestaging "
        f"check {output}")


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
    from .errors import Severity
    from .report import check_json, format_check
    from .scoring import check_sheet

    sheet = _read(sheet_path)
    file = display_name(sheet_path)
    checked = check_sheet(sheet, end_of_game=end_of_game)
    echo_result(fmt, lambda: format_check(checked, file, paint()),
                lambda: check_json(checked, file))
    if any(p.severity == Severity.ERROR for p in checked.problems):
        raise click.exceptions.Exit(EXIT_FINDINGS)


@click.command("convert", short_help="Rewrite a sheet in the grid or the pieces form.")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--to",
    "form",
    type=click.Choice(["grid", "pieces"]),
    required=True,
    help="grid: furniture drawn in furniture_grid; pieces: every piece listed in pieces.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here, not stdout.")
def convert_command(sheet_path: str, form: str, output: str | None) -> None:
    """Rewrite a sheet in the grid or pieces form (the same plan either way).

    The sheet JSON goes to standard output unless -o is given. SHEET may be '-'.
    """
    from .output import write_atomic
    from .sheetreader import read_sheet_notes
    from .sheetwriter import sheet_text

    sheet, scan = read_sheet_notes(sheet_path)
    _told(sheet, sheet_path)
    try:
        text = sheet_text(sheet, form, scan)
    except ValueError as error:
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

    from .errors import Severity
    from .report import format_ranking, format_scorecard, ranking_json, scorecard_json
    from .scoring import score

    cards = []
    for path in sheet_paths:
        card = score(_read(path), lenient_access=lenient_access, end_of_game=True)
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
        raise click.exceptions.Exit(EXIT_FINDINGS)


@click.command("place", short_help="Where can this piece go? Legal placements, best first.")
@click.argument("sheet_path", metavar="SHEET")
@click.argument("piece_id", metavar="[PIECE]", required=False, shell_complete=complete_piece)
@click.option("--card", type=int, metavar="NUMBER", shell_complete=complete_card,
              help="Every piece on card NUMBER (either variant; the variant dealt, when the "
              "sheet has a game record).")
@click.option("--room", metavar="ROOM",
              help="The room to furnish (default: the room being furnished).")
@click.option("--mirror", is_flag=True, help="Also try mirrored (spends the wild card).")
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True,
              help="How many placements to list per piece (0 = all).")
@image_option("small plans of the best --top placements (at most 6; with --card, the best "
              "of each piece), one candidate each, numbered as in the list")
@format_option
def place_command(
    sheet_path: str, piece_id: str | None, card: int | None, room: str | None, mirror: bool,
    top: int, output: str | None, fmt: str,
) -> None:
    """Every legal placement of PIECE (or of each piece of --card) in the room being
    furnished, best first by what it is worth: its points, the bonuses it gains or
    loses, what it cuts off, the space it leaves for the room's other cards. The best
    five share no square. A card with two selection tokens in the room is also placed
    as two pieces that fit together.

    PIECE is a catalog id ('furniture list'). Each line gives the anchor (the top-left
    square of the turned piece, circulation included) and the rotation, as a 'pieces'
    entry of the sheet takes them, then the squares the furniture covers. SHEET may be
    '-' for standard input.
    """
    from .moves import PAIRED, best_moves, rank_pairs
    from .output import dumps_json
    from .placement import card_variants, target_room
    from .report import format_moves, format_pairs, moves_json, pairs_json

    sheet = _read(sheet_path)
    if piece_id is None and card is None:
        raise click.UsageError("give a PIECE id or --card NUMBER")
    pieces = _chosen_pieces(sheet, piece_id, card)
    limit = top or None
    try:
        name = target_room(sheet, room)
        spec = sheet.project.room(name)
        tokens = sum(slot.tokens for slot in spec.cards if slot.number == card) if spec else 0
        paired = card is not None and tokens >= 2 and piece_id is None
        # only the moves shown are judged (and those the pairs start from)
        found = best_moves(sheet, pieces, top=limit, unmirrored=PAIRED if paired else 0,
                           room=name, mirror=None if mirror else False)
    except ValueError as error:
        if room is None:
            raise InputError.single(display_name(sheet_path),
                                    f"{error}; nothing to place") from None
        raise click.BadParameter(str(error), param_hint="'--room'") from None
    pairs = None
    if paired and card is not None:
        pairs = rank_pairs(sheet, card_variants(sheet.project, card, sheet.game), room=name,
                           ranked=found)
    if output is not None:
        started = time.perf_counter()
        path = image_path(output, (".png", ".svg", ".pdf"), [sheet_path])
        _place_preview(sheet, room, found, path, top, card)
        wrote(path, started)
    if fmt == "json":
        if card is None:
            click.echo(dumps_json(moves_json(found[0], top=limit)), nl=False)
            return
        data = {"card": card, "room": name, "tokens": tokens,
                "pieces": [moves_json(each, top=limit) for each in found]}
        if pairs is not None:
            data["pairs"] = pairs_json(pairs, top=limit)
        click.echo(dumps_json(data), nl=False)
        return
    parts = []
    for each in found:
        head = f"{each.piece.id}: {each.piece.name}\n" if len(found) > 1 else ""
        parts.append(head + format_moves(each, top=limit))
    if pairs is not None:
        parts.append(f"Both tokens of card {card} in {name}: two pieces together\n"
                     + format_pairs(pairs, top=limit))
    click.echo("\n".join(parts), nl=False)


def _chosen_pieces(sheet: Sheet, piece_id: str | None, card: int | None) -> list[Piece]:
    """The pieces ``place`` looks at: those of ``--card`` (only PIECE, when given too), or
    PIECE; a usage error names what is wrong."""
    from .placement import card_pieces

    project = sheet.project
    catalog = project.catalog
    if card is not None:
        numbers = catalog.card_numbers()
        if card not in numbers:
            raise click.BadParameter(no_card(card, numbers), param_hint="'--card'")
        try:
            pieces = card_pieces(project, card, sheet.game)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'--card'") from None
        if piece_id is not None:
            if piece_id not in {p.id for p in pieces}:
                raise click.BadParameter(
                    f"{excerpt(piece_id)} is not on card {card} "
                    f"({', '.join(p.id for p in pieces)})", param_hint="PIECE")
            pieces = [p for p in pieces if p.id == piece_id]
        return pieces
    assert piece_id is not None
    if piece_id not in catalog.pieces:
        raise click.BadParameter(
            f"unknown piece id {excerpt(piece_id)}{suggest(piece_id, sorted(catalog.pieces))}",
            param_hint="PIECE")
    return [catalog.pieces[piece_id]]


def _place_preview(sheet: Sheet, room: str | None, found: Sequence[RankedMoves],
                   output: str, top: int, card: int | None) -> None:
    """Small plans of the best placements, one candidate each: the first ``top`` of one
    piece, or the best of each piece of a card."""
    from dataclasses import replace

    from .placement import target_room
    from .previews import save_placements

    preview = replace(sheet, current_room=target_room(sheet, room))
    try:
        save_placements(preview, output, [(each.piece, each.moves) for each in found],
                        top=top, per_piece=card is not None,
                        reasons=[each.reason or "" for each in found], card=card,
                        ranked=[each.ranked for each in found])
    except ValueError:
        raise InputError.single(output, "no legal placement to preview; nothing written"
                                ) from None


@click.command("render", short_help="Draw the annotated plan (PNG, SVG or PDF).")
@click.argument("sheet_path", metavar="SHEET")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
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

    from .drawing import FORMATS as IMAGE_FORMATS
    from .render import save_plan
    from .scoring import check_sheet

    if output is None:
        if sheet_path == "-":
            raise click.UsageError("give -o/--output: the sheet comes from standard input")
        output = str(Path(sheet_path).with_suffix(".png"))
    path = image_path(output, IMAGE_FORMATS, [sheet_path])
    sheet = _read(sheet_path)
    started = time.perf_counter()
    checked = check_sheet(sheet, lenient_access=lenient_access)
    save_plan(sheet, path, checked.card, show_routes=routes, problems=checked.problems,
              end_of_game=checked.end_of_game, paper=paper)
    wrote(path, started)


def _read(path: str) -> Sheet:
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
