"""The commands on the game data: ``furniture``, ``cards``, ``projects`` and ``print``.

Each reads its arguments, calls the library and echoes what :mod:`homestaging.text.pages`
(the game data) or :mod:`homestaging.text.report` (project files checked) writes; pictures
and PDFs come from :mod:`homestaging.draw.drawing` and :mod:`homestaging.draw.printing`.
"""

from __future__ import annotations

import time

import click

from ..core.quoting import excerpt
from ..draw.printing import MAX_SHEETS
from .common import (
    FILE,
    ExitCode,
    complete_card,
    complete_piece,
    complete_project,
    detail,
    display_name,
    echo_result,
    format_option,
    image_option,
    image_path,
    load_catalog_option,
    load_project_argument,
    no_card,
    paint,
    paper_option,
    progress,
    project_option,
    read_sheet_argument,
    suggest,
    wrote,
)

__all__ = ["CARDS_WORD", "cards", "furniture", "print_command", "projects"]

CARDS_WORD = "cards"
"""``print cards``: the furniture cards instead of a project (a project file called
``cards`` is printed as ``./cards``)."""


@click.group()
def furniture() -> None:
    """Browse the furniture catalog."""


@furniture.command("list")
@click.option("--tag", metavar="TAG", help="Only pieces with this tag.")
@project_option
@format_option
def furniture_list(tag: str | None, project_ref: str | None, fmt: str) -> None:
    """Every piece: id, name, furniture squares, tags and wall sides."""
    from ..text.pages import format_piece_list, piece_to_json

    catalog = load_catalog_option(project_ref)
    tags = sorted({each for p in catalog.pieces.values() for each in p.tags})
    if tag is not None and tag not in tags:
        raise click.BadParameter(f"no piece has the tag {excerpt(tag)}; the tags are: "
                                 f"{', '.join(tags)}", param_hint="'--tag'")
    pieces = [p for p in catalog.pieces.values() if tag is None or tag in p.tags]
    pieces.sort(key=lambda p: p.id)
    echo_result(
        fmt,
        lambda: format_piece_list(pieces),
        lambda: [{k: v for k, v in piece_to_json(p).items() if k != "rotations"} for p in pieces],
    )


@furniture.command("show", short_help="A piece drawn in its four rotations.")
@click.argument("piece_id", metavar="ID", shell_complete=complete_piece)
@project_option
@image_option("a picture of the piece in its rotations")
@format_option
def furniture_show(piece_id: str, project_ref: str | None, output: str | None, fmt: str) -> None:
    """A piece drawn in its four rotations ('#' furniture, 'o' circulation)."""
    from ..text.pages import format_piece, piece_to_json

    catalog = load_catalog_option(project_ref)
    if piece_id not in catalog.pieces:
        raise click.BadParameter(
            f"unknown piece id {excerpt(piece_id)}{suggest(piece_id, sorted(catalog.pieces))}",
            param_hint="ID",
        )
    piece = catalog.pieces[piece_id]
    if output is not None:
        from ..draw.drawing import FORMATS as IMAGE_FORMATS
        from ..draw.piecepics import save_piece

        path = image_path(output, IMAGE_FORMATS)
        save_piece(piece, path)
        wrote(path)
        return
    echo_result(fmt, lambda: format_piece(piece), lambda: piece_to_json(piece))


@furniture.command("sheet")
@click.option("-o", "--output", type=FILE, required=True,
              help="The PDF file to write.")
@paper_option
@project_option
def furniture_sheet(output: str, paper: str, project_ref: str | None) -> None:
    """Print every piece of the catalog (id, name, tags, cards) to a PDF."""
    from ..draw.printing import catalog_sheet

    catalog = load_catalog_option(project_ref)
    path = image_path(output, [".pdf"])
    started = time.perf_counter()
    catalog_sheet(catalog, path, paper=paper)
    wrote(path, started)


@click.group()
def cards() -> None:
    """Browse the furniture cards."""


@cards.command("show")
@click.argument("number", type=int, shell_complete=complete_card)
@project_option
@format_option
def cards_show(number: int, project_ref: str | None, fmt: str) -> None:
    """Both variants of card NUMBER, each option drawn."""
    from ..text.pages import card_to_json, format_card

    catalog = load_catalog_option(project_ref)
    numbers = catalog.card_numbers()
    if number not in numbers:
        raise click.BadParameter(no_card(number, numbers), param_hint="NUMBER")
    echo_result(fmt, lambda: format_card(catalog, number), lambda: card_to_json(catalog, number))


@click.group(short_help="Browse and check projects (the book's scenarios).")
def projects() -> None:
    """Browse and check projects (the scenarios of the projects book)."""


@projects.command("list")
@format_option
def projects_list(fmt: str) -> None:
    """Every bundled project: number, id, name, difficulty, rooms."""
    from ..formats.projectreader import bundled_project_files, find_project
    from ..text.pages import format_project_list, project_summary

    found = [find_project(pid) for pid in bundled_project_files()]
    echo_result(fmt, lambda: format_project_list(found),
                lambda: [project_summary(p) for p in found])


@projects.command("show", short_help="A project page: story, map, rooms, rules, tips.")
@click.argument("reference", metavar="PROJECT", shell_complete=complete_project)
@format_option
def projects_show(reference: str, fmt: str) -> None:
    """The project page: story, house map, rooms and cards, rules, bonuses, tips.

    PROJECT is a bundled project id (see 'projects list') or a path to a project YAML.
    """
    from ..text.pages import format_project, project_to_json

    project = load_project_argument(reference)
    echo_result(fmt, lambda: format_project(project), lambda: project_to_json(project))


@projects.command("validate")
@click.argument("files", metavar="FILE...", nargs=-1, required=True)
@click.option("--par", "par", is_flag=True,
              help="Also play games of each valid project with the automatic player and "
              "warn about bonuses no game reached, penalties every game paid and rooms no "
              "game could all connect ('homestaging par --reach').")
@click.option("--games", type=click.IntRange(1, 100_000), default=10, show_default=True,
              metavar="N", help="With --par: games to play per project.")
@format_option
@click.pass_context
def projects_validate(ctx: click.Context, files: tuple[str, ...], par: bool, games: int,
                      fmt: str) -> None:
    """Check project files; print OK or every located problem of each.

    Exits 1 when any file is invalid (or cannot be read).
    """
    if par:  # the player's command, found in the command table (imported only now)
        root = ctx.find_root().command
        assert isinstance(root, click.Group)
        player = root.get_command(ctx, "par")
        assert player is not None
        ctx.invoke(player, references=files, reach=True, games=games, policy="greedy",
                   fmt=fmt)
        return
    from ..formats.projectreader import check_project_files
    from ..text.report import format_project_checks, project_checks_json

    checks = check_project_files(files)
    echo_result(fmt, lambda: format_project_checks(checks, paint()),
                lambda: project_checks_json(checks))
    if not all(check.valid for check in checks):
        raise click.exceptions.Exit(ExitCode.FINDINGS)


@click.command("print", short_help="Print project pages and blank drawing sheets (PDF).")
@click.argument("reference", metavar="[PROJECT]", required=False, shell_complete=complete_project)
@click.option("-o", "--output", type=FILE, required=True,
              help="The PDF file to write.")
@paper_option
@click.option("--sheets", type=click.IntRange(min=0, max=MAX_SHEETS), default=1,
              show_default=True,
              help=f"Blank drawing sheets per project (at most {MAX_SHEETS}).")
@click.option("--all", "every", is_flag=True, help="Every bundled project, in book order.")
@click.option("--fill", "fill", metavar="SHEET",
              help="Only the drawing sheet, with SHEET's plan drawn on it by hand in pencil, "
              "its score pad filled in.")
@click.option("--project", "project_ref", metavar="PROJECT", shell_complete=complete_project,
              help="With 'print cards': only the cards this project's rooms use (its own "
              "cards included), each with its room and tokens.")
def print_command(
    reference: str | None, output: str, paper: str, sheets: int, every: bool,
    fill: str | None, project_ref: str | None,
) -> None:
    """Print a project's page and blank drawing sheets (house pre-drawn) to a PDF.

    PROJECT is a bundled project id or a path to a project YAML; --all prints the book:
    a cover, the contents, then every project in book order, a round at the table in
    pictures and the furniture cards. A progress bar shows on standard error when it is
    a terminal. With --fill SHEET, the drawing sheet with the plan drawn on it as a
    player would (after the drawing conventions printed on the sheet); PROJECT may then
    be left out. 'print cards' prints every furniture card, both variants, to cut out
    (--project P: only P's cards).
    """
    from ..draw.printing import book_pages, print_filled, print_projects
    from ..formats.projectreader import bundled_project_files, find_project

    if reference == CARDS_WORD:
        if every or fill is not None:
            raise click.UsageError("'print cards' prints the furniture cards: give no --all "
                                   "and no --fill")
        _print_cards(output, paper, project_ref)
        return
    if project_ref is not None:
        raise click.UsageError("--project goes with 'print cards' only")
    if fill is not None:
        if every:
            raise click.UsageError("--fill draws one sheet: give no --all")
        sheet = read_sheet_argument(fill)
        if reference is not None and load_project_argument(reference).id != sheet.project.id:
            raise click.BadParameter(f"{display_name(fill)} is a sheet of project "
                                     f"{sheet.project.id}, not {reference}",
                                     param_hint="'--fill'")
        path = image_path(output, [".pdf"], [fill])
        print_filled(sheet, path, paper=paper)
        wrote(path)
        return
    if every and reference is not None:
        raise click.UsageError("give a PROJECT or --all, not both")
    if not every and reference is None:
        raise click.UsageError("give a PROJECT to print, --all for the book, or 'cards'")
    protect = [] if reference is None else [reference]
    path = image_path(output, [".pdf"], protect)
    if every:
        chosen = [find_project(pid) for pid in bundled_project_files()]
    else:
        assert reference is not None
        chosen = [load_project_argument(reference)]
    started = time.perf_counter()
    pages = book_pages(chosen, sheets=sheets, book=every, paper=paper)
    detail(f"printing {len(chosen)} project{'' if len(chosen) == 1 else 's'}: {pages} pages")
    with progress(pages, "Printing") as bar:
        print_projects(chosen, path, paper=paper, sheets=sheets, book=every,
                       progress=bar.update)
    wrote(path, started)


def _print_cards(output: str, paper: str, project_ref: str | None) -> None:
    """``print cards``: the furniture cards (a project's only) to a PDF."""
    from ..draw.cardpages import cards_pdf
    from ..formats.catalogreader import bundled_catalog
    from ..formats.output import write_atomic

    project = (load_project_argument(project_ref, "'--project'") if project_ref is not None
               else None)
    path = image_path(output, [".pdf"], [project_ref] if project_ref is not None else [])
    started = time.perf_counter()
    catalog = project.catalog if project is not None else bundled_catalog()
    write_atomic(path, cards_pdf(catalog, paper=paper, project=project),
                 protect=[project_ref] if project_ref is not None else [])
    wrote(path, started)
