"""The ``homestaging`` command line: thin commands that call the library and echo.

Exit codes: 0 fine, 1 findings (rules broken, invalid project files), 2 unusable
input or bad usage. Bad input never shows a traceback unless ``--debug`` is given.
Heavy libraries (matplotlib, networkx, shapely) are imported inside the commands that
need them, so ``check`` and ``score`` never load matplotlib.
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from . import __version__
from .errors import InputError
from .output import FORMATS, dumps_json

__all__ = ["main"]

F = TypeVar("F", bound=Callable[..., Any])

EXIT_FINDINGS = 1
EXIT_UNUSABLE = 2


class _Group(click.Group):
    """A group that turns exceptions into messages and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except InputError as error:
            if _debug(ctx):
                raise
            for message in error.messages:
                click.echo(str(message), err=True)
            ctx.exit(EXIT_UNUSABLE)
        except Exception as error:
            if isinstance(error, OSError) and error.errno == errno.EPIPE:
                raise
            if _debug(ctx):
                raise
            detail = next(iter(str(error).splitlines()), "")
            click.echo(
                f"homestaging: internal error ({type(error).__name__}: {detail}); "
                "run with --debug for the details",
                err=True,
            )
            ctx.exit(EXIT_UNUSABLE)


def _debug(ctx: click.Context) -> bool:
    root = ctx.find_root()
    return bool(root.params.get("debug"))


def format_option(function: F) -> F:
    """The ``--format text|json`` option shared by every command that prints results."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default="text",
        show_default=True,
        help="Output format.",
    )(function)


def _echo(fmt: str, text: Callable[[], str], data: Callable[[], Any]) -> None:
    if fmt == "json":
        click.echo(dumps_json(data()), nl=False)
    else:
        click.echo(text(), nl=False)


def _suggest(word: str, known: Sequence[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, known, n=3, cutoff=0.5)
    return f"; did you mean {' or '.join(close)}?" if close else ""


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="homestaging")
@click.option("--debug", is_flag=True, help="Show the full traceback of an error.")
def main(debug: bool) -> None:
    """Validate, score and print plans of the flip-and-write game Home Staging.

    Exit codes: 0 fine, 1 findings (rules broken, invalid files), 2 unusable input
    or bad usage. Every FILE argument may be '-' for standard input.
    """


# -- game data -----------------------------------------------------------------------


def _catalog(project: str | None) -> Any:
    from .catalogreader import bundled_catalog

    if project is None:
        return bundled_catalog()
    return _project(project).catalog


def _project(reference: str) -> Any:
    from .projectreader import find_project, load_project

    if reference == "-":
        return load_project("-")
    try:
        return find_project(reference, Path.cwd())
    except InputError:
        raise
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="PROJECT") from None


project_option = click.option(
    "--project",
    "project_ref",
    metavar="PROJECT",
    help="Use this project's catalog (its own pieces and cards) instead of the bundled one.",
)


@main.group()
def furniture() -> None:
    """Browse the furniture catalog."""


@furniture.command("list")
@click.option("--tag", metavar="TAG", help="Only pieces with this tag.")
@project_option
@format_option
def furniture_list(tag: str | None, project_ref: str | None, fmt: str) -> None:
    """Every piece: id, name, furniture squares, tags and wall sides."""
    from .report import format_piece_list, piece_to_json

    catalog = _catalog(project_ref)
    pieces = [p for p in catalog.pieces.values() if tag is None or tag in p.tags]
    pieces.sort(key=lambda p: p.id)
    _echo(
        fmt,
        lambda: format_piece_list(pieces),
        lambda: [{k: v for k, v in piece_to_json(p).items() if k != "rotations"} for p in pieces],
    )


def _image_option(what: str, formats: str = ".png, .svg or .pdf") -> Callable[[F], F]:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False),
        help=f"Write {what} to this file ({formats}).",
    )


def _image_path(output: str, suffixes: Sequence[str], protect: Sequence[str] = ()) -> str:
    """Check an output file name's extension, and that it is not one of the inputs."""
    from .output import same_file

    if Path(output).suffix.lower() not in suffixes:
        raise click.BadParameter(
            f"{output!r}: expected a file name ending in {', '.join(suffixes)}",
            param_hint="'-o' / '--output'",
        )
    for source in protect:
        if same_file(output, source):
            raise InputError.single(output, "refusing to overwrite an input file")
    return output


@furniture.command("show")
@click.argument("piece_id", metavar="ID")
@project_option
@_image_option("a picture of the piece in its rotations")
@format_option
def furniture_show(piece_id: str, project_ref: str | None, output: str | None, fmt: str) -> None:
    """A piece drawn in its four rotations ('#' furniture, 'o' circulation)."""
    from .report import draw_piece, piece_to_json

    catalog = _catalog(project_ref)
    if piece_id not in catalog.pieces:
        raise click.BadParameter(
            f"unknown piece id {piece_id!r}{_suggest(piece_id, sorted(catalog.pieces))}",
            param_hint="ID",
        )
    piece = catalog.pieces[piece_id]
    if output is not None:
        from .drawing import FORMATS as IMAGE_FORMATS
        from .drawing import save_piece

        save_piece(piece, _image_path(output, IMAGE_FORMATS))
        return
    _echo(fmt, lambda: draw_piece(piece), lambda: piece_to_json(piece))


paper_option = click.option(
    "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
    help="Paper size.",
)


@furniture.command("sheet")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The PDF file to write.")
@paper_option
@project_option
def furniture_sheet(output: str, paper: str, project_ref: str | None) -> None:
    """Print every piece of the catalog (id, name, tags, cards) to a PDF."""
    from .printing import catalog_sheet

    catalog = _catalog(project_ref)
    catalog_sheet(catalog, _image_path(output, [".pdf"]), paper=paper)


@main.group()
def cards() -> None:
    """Browse the furniture cards."""


@cards.command("show")
@click.argument("number", type=int)
@project_option
@format_option
def cards_show(number: int, project_ref: str | None, fmt: str) -> None:
    """Both variants of card NUMBER, each option drawn."""
    from .report import card_to_json, format_card

    catalog = _catalog(project_ref)
    numbers = catalog.card_numbers()
    if number not in numbers:
        raise click.BadParameter(_no_card(number, numbers), param_hint="NUMBER")
    _echo(fmt, lambda: format_card(catalog, number), lambda: card_to_json(catalog, number))


def _no_card(number: int, numbers: Sequence[int]) -> str:
    if not numbers:
        return "the catalog has no cards"
    return f"there is no card {number} (cards are {numbers[0]} to {numbers[-1]})"


@main.group()
def projects() -> None:
    """Browse and check projects (the scenarios of the projects book)."""


@projects.command("list")
@format_option
def projects_list(fmt: str) -> None:
    """Every bundled project: number, id, name, difficulty, rooms."""
    from .projectreader import bundled_project_files, find_project
    from .report import format_project_list, project_summary

    found = [find_project(pid) for pid in bundled_project_files()]
    _echo(fmt, lambda: format_project_list(found), lambda: [project_summary(p) for p in found])


@projects.command("show")
@click.argument("reference", metavar="PROJECT")
@format_option
def projects_show(reference: str, fmt: str) -> None:
    """The project page: story, house map, rooms and cards, rules, bonuses, tips.

    PROJECT is a bundled project id (see 'projects list') or a path to a project YAML.
    """
    from .report import format_project, project_to_json

    project = _project(reference)
    _echo(fmt, lambda: format_project(project), lambda: project_to_json(project))


@projects.command("validate")
@click.argument("files", metavar="FILE...", nargs=-1, required=True)
@format_option
def projects_validate(files: tuple[str, ...], fmt: str) -> None:
    """Check project files; print OK or every located problem of each.

    Exits 1 when any file is invalid (or cannot be read).
    """
    from .projectreader import load_project

    results: list[dict[str, Any]] = []
    for file in files:
        file = "<stdin>" if file == "-" else file
        try:
            load_project("-" if file == "<stdin>" else file)
        except InputError as error:
            results.append({"file": file, "valid": False,
                            "errors": [str(m) for m in error.messages]})
        else:
            results.append({"file": file, "valid": True, "errors": []})
    if fmt == "json":
        click.echo(dumps_json(results), nl=False)
    else:
        for result in results:
            if result["valid"]:
                click.echo(f"{result['file']}: OK")
            else:
                for message in result["errors"]:
                    click.echo(message)
    if not all(result["valid"] for result in results):
        raise click.exceptions.Exit(EXIT_FINDINGS)


# -- sheets --------------------------------------------------------------------------


def _sheet(path: str) -> Any:
    from .sheetreader import read_sheet

    return read_sheet(path)


def _display(path: str) -> str:
    return "<stdin>" if path == "-" else path


@main.command("check", short_help="Rules broken so far, what is still to do, score so far.")
@click.argument("sheet_path", metavar="SHEET")
@click.option(
    "--final/--mid-game",
    default=None,
    help="Judge the sheet as finished (end-game requirements become errors) or as a game "
    "in progress. Default: finished when every room is walled and none is being furnished.",
)
@format_option
def check_command(sheet_path: str, final: bool | None, fmt: str) -> None:
    """Every rule the plan breaks so far, what still has to be done, and the score so far.

    Warnings include pieces and rooms that cannot be reached (they score 0), as in
    'score'. SHEET may be '-' for standard input. Exits 0 when no rule is broken
    (warnings alone exit 0), 1 when one is, 2 when the sheet cannot be read.
    """
    from .errors import ERROR
    from .report import check_to_json, format_check
    from .rules import check
    from .scoring import score

    sheet = _sheet(sheet_path)
    file = _display(sheet_path)
    final = sheet.finished if final is None else final
    card = score(sheet, final=final, problems=check(sheet, final=final))
    problems = _check_problems(sheet, card.problems)
    total = card.total
    _echo(
        fmt,
        lambda: format_check(file, problems, total, final=card.final, mid_game=not final),
        lambda: check_to_json(file, problems, total),
    )
    if any(p.severity == ERROR for p in problems):
        raise click.exceptions.Exit(EXIT_FINDINGS)



def _check_problems(sheet: Any, problems: Sequence[Any]) -> list[Any]:
    """The rules' problems and the access warnings, as ``score`` lists them; without a
    front door every room is unreachable, which the front-door item already says."""
    if sheet.front_doors:
        return list(problems)
    return [p for p in problems if p.code != "unreachable-room"]


@main.command("convert", short_help="Rewrite a sheet in the grid or the pieces form.")
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
    from .sheetwriter import sheet_text

    sheet = _sheet(sheet_path)
    try:
        text = sheet_text(sheet, form)
    except ValueError as error:
        raise InputError.single(_display(sheet_path), str(error)) from None
    if output is None:
        click.echo(text, nl=False)
    else:
        write_atomic(output, text, protect=[sheet_path])


@main.command("score", short_help="The score pad of finished sheets, or a ranking.")
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

    from .errors import ERROR
    from .scoring import format_ranking, format_scorecard, rank, score

    cards = []
    for path in sheet_paths:
        card = score(_sheet(path), lenient_access=lenient_access)
        cards.append(replace(card, source=_display(path)))
    broken = any(p.severity == ERROR for card in cards for p in card.problems)
    if len(cards) == 1:
        card = cards[0]
        _echo(
            fmt,
            lambda: format_scorecard(card, card.source),
            card.to_json,
        )
    else:
        ranked = rank(cards)
        played = sorted({c.project for c in cards})
        if len(played) > 1:
            click.echo(f"warning: these sheets are of different projects ({', '.join(played)});"
                       " their totals do not compare", err=True)
        _echo(
            fmt,
            lambda: format_ranking(ranked) + _problems_text(ranked),
            lambda: [{"file": c.source, **c.to_json()} for c in ranked],
        )
    if broken:
        raise click.exceptions.Exit(EXIT_FINDINGS)


def _problems_text(cards: Sequence[Any]) -> str:
    """The errors and warnings of scored sheets, under a heading, or nothing."""
    from .report import format_problems

    text = "".join(format_problems(card.source, card.problems) for card in cards)
    return f"\nProblems:\n{text}" if text else ""


@main.command("place", short_help="Where can this piece go? Legal placements, best first.")
@click.argument("sheet_path", metavar="SHEET")
@click.argument("piece_id", metavar="[PIECE]", required=False)
@click.option("--card", type=int, metavar="NUMBER",
              help="Every piece on card NUMBER (either variant).")
@click.option("--room", metavar="ROOM",
              help="The room to furnish (default: the room being furnished).")
@click.option("--mirror", is_flag=True, help="Also try mirrored (spends the wild card).")
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True,
              help="How many placements to list per piece (0 = all).")
@_image_option("the plan with the best --top placements (at most 5; with --card, the best of "
               "each piece) ghosted in and numbered as in the list")
@format_option
def place_command(
    sheet_path: str, piece_id: str | None, card: int | None, room: str | None, mirror: bool,
    top: int, output: str | None, fmt: str,
) -> None:
    """Every legal placement of PIECE (or of each piece of --card) in the room being
    furnished, best first, marking those that would cut off furniture already drawn.

    PIECE is a catalog id ('furniture list'). Each line gives the anchor (the top-left
    square of the turned piece, circulation included) and the rotation, as a 'pieces'
    entry of the sheet takes them, then the squares the furniture covers. SHEET may be
    '-' for standard input.
    """
    from .placement import candidates_json, card_pieces, format_candidates, placements, why_none

    sheet = _sheet(sheet_path)
    catalog = sheet.project.catalog
    if piece_id is None and card is None:
        raise click.UsageError("give a PIECE id or --card NUMBER")
    if card is not None:
        numbers = catalog.card_numbers()
        if card not in numbers:
            raise click.BadParameter(_no_card(card, numbers), param_hint="'--card'")
        try:
            pieces = card_pieces(sheet.project, card)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'--card'") from None
        if piece_id is not None:
            if piece_id not in {p.id for p in pieces}:
                raise click.BadParameter(
                    f"{piece_id!r} is not on card {card} "
                    f"({', '.join(p.id for p in pieces)})", param_hint="PIECE")
            pieces = [p for p in pieces if p.id == piece_id]
    else:
        assert piece_id is not None
        if piece_id not in catalog.pieces:
            raise click.BadParameter(
                f"unknown piece id {piece_id!r}{_suggest(piece_id, sorted(catalog.pieces))}",
                param_hint="PIECE")
        pieces = [catalog.pieces[piece_id]]
    try:
        found = [(p, placements(sheet, p, room=room, mirror=None if mirror else False))
                 for p in pieces]
    except ValueError as error:
        if room is None:
            raise InputError.single(_display(sheet_path), f"{error}; nothing to place") from None
        raise click.BadParameter(str(error), param_hint="'--room'") from None
    limit = top or None
    if output is not None:
        _place_preview(sheet, room, found, _image_path(output, (".png", ".svg", ".pdf"),
                                                  [sheet_path]), top, card is not None)
    flip = None if mirror else False
    reasons = [None if c else why_none(sheet, p, room=room, mirror=flip) for p, c in found]
    if fmt == "json":
        data = [{"piece": p.id, **candidates_json(c, top=limit, reason=why)}
                for (p, c), why in zip(found, reasons, strict=True)]
        click.echo(dumps_json(data if card is not None else data[0]), nl=False)
    else:
        for index, ((piece, candidates), why) in enumerate(zip(found, reasons, strict=True)):
            if len(found) > 1:
                click.echo(("\n" if index else "") + f"{piece.id}: {piece.name}")
            click.echo(format_candidates(candidates, top=limit, reason=why), nl=False)


def _place_preview(
    sheet: Any, room: str | None, found: Sequence[tuple[Any, Sequence[Any]]], output: str,
    top: int, per_piece: bool,
) -> None:
    """The plan with the best placements ghosted in: the first ``top`` of one piece, or
    the best of each piece of a card."""
    from dataclasses import replace

    from .placement import target_room
    from .render import save_placements

    preview = replace(sheet, current_room=target_room(sheet, room))
    try:
        save_placements(preview, output, found, top=top, per_piece=per_piece)
    except ValueError:
        raise InputError.single(output, "no legal placement to preview; nothing written"
                                ) from None


@main.command("render", short_help="Draw the annotated plan (PNG, SVG or PDF).")
@click.argument("sheet_path", metavar="SHEET")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The picture to write: .png, .svg or .pdf.")
@click.option("--routes/--no-routes", default=True, show_default=True,
              help="Draw the routes of distance bonuses.")
@click.option("--lenient-access", is_flag=True,
              help="Empty squares inside rooms are walkable too (as for score).")
def render_command(sheet_path: str, output: str, routes: bool, lenient_access: bool) -> None:
    """Draw the annotated plan: furniture, circulation, hallway, doors, unreachable
    pieces, points per room and the routes of distance bonuses.

    An unfinished sheet is drawn as 'check' sees it (score so far, what is still to do).
    SHEET may be '-' for standard input; the output folder must exist.
    """
    from .drawing import FORMATS as IMAGE_FORMATS
    from .render import save_plan
    from .scoring import score

    path = _image_path(output, IMAGE_FORMATS, [sheet_path])
    sheet = _sheet(sheet_path)
    card = score(sheet, lenient_access=lenient_access, final=sheet.finished)
    save_plan(sheet, path, card, show_routes=routes)


@main.command("print", short_help="Print project pages and blank drawing sheets (PDF).")
@click.argument("reference", metavar="[PROJECT]", required=False)
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="The PDF file to write.")
@paper_option
@click.option("--sheets", type=click.IntRange(min=0), default=1, show_default=True,
              help="Blank drawing sheets per project.")
@click.option("--all", "every", is_flag=True, help="Every bundled project, in book order.")
def print_command(
    reference: str | None, output: str, paper: str, sheets: int, every: bool
) -> None:
    """Print a project's page and blank drawing sheets (house pre-drawn) to a PDF.

    PROJECT is a bundled project id or a path to a project YAML; --all prints the book.
    """
    from .printing import print_projects
    from .projectreader import bundled_project_files, find_project

    if every == (reference is not None):
        raise click.UsageError("give a PROJECT or --all (not both)")
    protect = [] if reference is None else [reference]
    path = _image_path(output, [".pdf"], protect)
    if every:
        chosen = [find_project(pid) for pid in bundled_project_files()]
    else:
        assert reference is not None
        chosen = [_project(reference)]
    print_projects(chosen, path, paper=paper, sheets=sheets)
