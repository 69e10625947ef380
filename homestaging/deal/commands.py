"""The ``homestaging deal`` command: deal a game's cards from a seed and write its record."""

from __future__ import annotations

import click

from ..cli.common import FILE, display_name, format_option, load_project_argument, paper_option
from ..core.game import MAX_SEED
from ..text.fit import shell_command

__all__ = ["deal_command"]

RANDOM_SEEDS = 1_000_000
"""Seeds chosen for the table are below this: six digits at most, easy to type."""


@click.command("deal", short_help="Deal a game's cards from a seed; write its game record.")
@click.argument("reference", metavar="[PROJECT]", required=False)
@click.option("--seed", type=click.IntRange(0, MAX_SEED), metavar="N",
              help="Deal from this seed (the one another player printed). "
              "Default: a new random seed, printed.")
@click.option("--from", "sheet_path", metavar="SHEET",
              help="Instead of dealing, write the record a played sheet implies (a table "
              "that played with the box's cards): the variants and the tokens' choices "
              "that pay for its pieces.")
@click.option("-o", "--output", type=FILE,
              help="Write the game record (JSON) to this file; sheets name it with "
              "\"game\". A file ending in .pdf gets the printed deal instead: a page "
              "per room, its dealt cards drawn with a box to tick, and the seed.")
@paper_option
@format_option
def deal_command(reference: str | None, seed: int | None, sheet_path: str | None,
                 output: str | None, paper: str, fmt: str) -> None:
    """Deal one variant of every card number PROJECT uses, as the box's setup does at
    random, and show the cards in play room by room with their options drawn.

    The same seed deals the same cards on every machine: one player deals, the others
    type the printed seed. --format json prints the game record (what -o writes); the
    players add the rounds to it as they play. PROJECT is a bundled id or a path to a
    project YAML file.

    With -o DEAL.pdf, the deal is printed instead: a page per room with its cards
    drawn in play order, a box by each to tick when it is flipped, and the seed.

    With --from SHEET (and no PROJECT), the record is worked out from a sheet played
    with the box's cards, so that check and score can hold it to the exact card rules.
    """
    import secrets
    from pathlib import Path

    from ..core.game import GameRecord, deal
    from ..formats.gamewriter import record_text
    from ..formats.output import check_target, write_atomic
    from ..formats.projectreader import bundled_project_files
    from ..formats.sheetwriter import path_from
    from .page import format_deal, written

    if sheet_path is not None:
        if reference is not None or seed is not None:
            raise click.UsageError("--from SHEET takes no PROJECT and no --seed: the sheet "
                                   "names its project, and a record worked out from a sheet "
                                   "has no seed")
        _record_from(sheet_path, output, fmt)
        return
    if reference is None:
        raise click.UsageError("give a PROJECT to deal (or --from SHEET)")
    project = load_project_argument(reference)
    if seed is None:
        seed = secrets.randbelow(RANDOM_SEEDS)
    if reference in bundled_project_files() or reference == "-":
        named = project.id
    elif output is not None:
        named = path_from(Path(output).parent, Path(reference))
    else:
        named = reference
    record = GameRecord(named, deal(project, seed), (), seed)
    shown = reference if reference != "-" else project.id
    command = shell_command("homestaging", "deal", shown, "--seed", str(seed))
    printed = output is not None and Path(output).suffix.lower() == ".pdf"
    if output is not None and printed:
        from ..cli.common import wrote
        from .sheetpdf import deal_pdf

        check_target(output, protect=[reference])
        write_atomic(output, deal_pdf(project, record, command, paper=paper),
                     protect=[reference])
        wrote(output)
    elif output is not None:
        write_atomic(output, record_text(record), protect=[reference])
    if fmt == "json":
        click.echo(record_text(record), nl=False)
        return
    text = format_deal(project, record, command)
    if output is not None and not printed:
        text += "\n" + written(project, display_name(output), Path(output).name)
    click.echo(text, nl=False)


def _record_from(sheet_path: str, output: str | None, fmt: str) -> None:
    """``deal --from SHEET``: the record the sheet's pieces imply, printed or written."""
    import dataclasses
    from pathlib import Path

    from ..core.grid import cells_text
    from ..core.layout import layout
    from ..formats.gamewriter import record_text
    from ..formats.output import write_atomic
    from ..formats.projectreader import bundled_project_files
    from ..formats.sheetreader import read_sheet
    from ..formats.sheetwriter import path_from
    from ..rules.cardplay import record_of, settle
    from ..text.fit import fit, terminal_width

    sheet = dataclasses.replace(read_sheet(sheet_path), game=None)
    project = sheet.project
    lay = layout(sheet)
    record = record_of(sheet, lay)
    width = terminal_width()
    for index in settle(dataclasses.replace(sheet, game=record), lay).unpaid:
        drawn = sheet.pieces[index]
        click.echo(fit(f"{display_name(sheet_path)}: {cells_text(drawn.placement.furniture)}: "
                       f"{drawn.subject} is paid for by no token of the record: no deal of "
                       f"the box gives room {lay.piece_rooms[index]} all its pieces ('check' "
                       "with the record names the rule)", width), err=True)
    named = project.id
    if project.source and sheet.project_ref not in bundled_project_files():
        folder = Path(output).parent if output is not None else Path.cwd()
        named = path_from(folder, Path(project.source))
    record = dataclasses.replace(record, project=named)
    text = record_text(record)
    if output is not None:
        write_atomic(output, text, protect=[sheet_path, project.source])
    if fmt == "json":
        click.echo(text, nl=False)
        return
    lines = [f"The game record of {display_name(sheet_path)} ({project.name}), worked out "
             "from its pieces:"]
    for played in record.rounds:
        cards = "; ".join(f"{card.number}{record.dealt[card.number]} {', '.join(card.tokens)}"
                          for card in played.cards)
        lines.append(f"  {played.room}: {cards}")
    if not record.rounds:
        lines.append("  no room played yet")
    if output is not None:
        named = path_from(Path(sheet_path).parent, Path(output))
        lines.append(f"Name it in the sheet with \"game\": \"{named}\"; check and score "
                     "then hold the sheet to the exact card rules.")
    click.echo(fit("\n".join(lines), width) + "\n", nl=False)

