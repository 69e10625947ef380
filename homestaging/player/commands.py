"""The ``par`` and ``hint`` commands."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import click

from ..cli.common import (
    FILE,
    ExitCode,
    complete_card,
    complete_piece,
    display_name,
    echo_result,
    format_option,
    image_option,
    image_path,
    load_project_argument,
    no_card,
    read_sheet_argument,
    suggest,
    wrote,
)
from ..core.errors import InputError, NotPlayable
from ..core.game import MAX_SEED
from ..core.quoting import excerpt

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..core.pieces import Piece
    from ..core.sheet import Sheet
    from ..formats.parfile import ParFigures
    from ..search.moves import RankedMoves
    from .par import ParRun
    from .reach import Finding

__all__ = ["hint_command", "par_command", "place_command"]

POLICIES = ("greedy", "lookahead")


@click.command("par", short_help="Play many games of a project; its par and best game.")
@click.argument("references", metavar="[PROJECT...]", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every bundled project, in book order.")
@click.option("--games", type=click.IntRange(1, 100_000), default=40, show_default=True,
              metavar="N", help="Games to play per project.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              metavar="S", help="Game i is dealt with seed S + i.")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
              metavar="K", help="Processes to play on (the figures do not depend on it).")
@click.option("--policy", type=click.Choice(POLICIES), default="greedy",
              show_default=True, help="The player: greedy (the stored par figures'), or "
              "lookahead (stronger, about 20 times slower).")
@click.option("-o", "--output", type=click.Path(), metavar="FILE",
              help="Write the best game: the sheet to FILE (.json) and its game record "
              "beside it (FILE's name with .game.json); with several projects, FILE is a "
              "folder that gets ID.json and ID.game.json for each.")
@click.option("--save-par", "save", type=FILE, metavar="FILE",
              help="Write the projects' figures to this par file, keeping the entries of "
              "other projects it holds, bundled projects in book order "
              "(projects/par.json holds the bundled ones).")
@click.option("--reach", is_flag=True,
              help="Check the project files and warn about bonuses no game reached, "
              "penalties every game paid and rooms no game could all connect (what "
              "'projects validate --par' does).")
@format_option
def par_command(references: tuple[str, ...], every: bool, games: int, seed: int, jobs: int,
                policy: str, output: str | None, save: str | None, reach: bool,
                fmt: str) -> None:
    """Play N games of each PROJECT, dealt from seeds S, S+1, ..., and report what
    the automatic player scored: mean, median, 90th percentile, best, and the par (the
    median rounded). PROJECT is a bundled id or a path to a project YAML; --all plays
    every bundled project and tells whether their order of difficulty agrees with their
    pencils.
    """
    from ..formats.output import check_target
    from ..formats.projectreader import bundled_project_files
    from .par import run_par
    from .text import format_par, format_par_table, par_run_json, par_table_json

    if every and references:
        raise click.UsageError("give PROJECT... or --all (not both)")
    if not every and not references:
        raise click.UsageError("give a PROJECT (or several), or --all")
    if seed + games - 1 > MAX_SEED:
        raise click.BadParameter(
            f"{seed} is too large for {games} games: game i is dealt with seed S + i, and "
            f"seeds run to {MAX_SEED} (give at most {MAX_SEED - games + 1})",
            param_hint="'--seed'")
    if reach:
        _reach(references or tuple(bundled_project_files()), games, seed, jobs, policy, fmt)
        return
    chosen = list(bundled_project_files()) if every else list(references)
    if output is not None and "-" in chosen:
        raise click.UsageError("-o writes a sheet that names its project file, and a project "
                               "read from standard input has none: give the project as a "
                               "file")
    projects = [load_project_argument(reference) for reference in chosen]
    kept = _kept(save) if save is not None else {}  # a broken file is refused before play
    if save is not None:
        check_target(save, replaces=save)
    runs = [run_par(project, games=games, seed=seed, jobs=jobs, policy=policy)
            for project in projects]
    written = _write_best(runs, chosen, output) if output is not None else []
    if save is not None:
        _save(runs, kept, save)
    if len(runs) == 1:
        echo_result(fmt, lambda: format_par(runs[0], written[0] if written else ""),
                    lambda: {**par_run_json(runs[0]),
                             **({"written": written[0]} if written else {})})
        return
    echo_result(fmt, lambda: format_par_table(runs)
                + ("".join(f"best game written to {w}\n" for w in written)),
                lambda: {**par_table_json(runs), **({"written": written} if written else {})})


def _write_best(runs: list[ParRun], references: list[str], output: str) -> list[str]:
    """Write each run's best game; return what was written (sheet and record)."""
    from pathlib import Path

    from ..formats.output import write_atomic
    from ..formats.sheetwriter import project_reference
    from .par import replay
    from .play import written_files

    target = Path(output)
    several = len(runs) > 1
    if several:
        target.mkdir(parents=True, exist_ok=True)
    elif target.suffix.lower() != ".json":
        raise click.BadParameter(f"{output!r}: expected a file name ending in .json",
                                 param_hint="'-o' / '--output'")
    done = []
    for run, reference in zip(runs, references, strict=True):
        sheet_path = target / f"{run.project.id}.json" if several else target
        folder = sheet_path.parent
        game = replay(run, project_ref=project_reference(reference, folder, Path.cwd()))
        files = written_files(game, sheet_path)
        for path, text in files.items():
            write_atomic(path, text, protect=[r for r in references if r != "-"])
        done.append(" and ".join(display_name(str(path)) for path in files))
    return done


def _kept(save: str) -> dict[str, ParFigures]:
    """The figures a par file already holds (none when it does not exist yet)."""
    import os.path

    from ..formats.parfile import read_par

    return read_par(save) if os.path.isfile(save) else {}


def _save(runs: list[ParRun], kept: dict[str, ParFigures], save: str) -> None:
    """Write ``kept`` with the runs' figures replacing or added, bundled projects in book
    order, others after them."""
    from ..formats.output import write_atomic
    from ..formats.parfile import par_text
    from ..formats.projectreader import bundled_project_files
    from .text import figures

    for run in runs:
        kept[run.project.id] = figures(run)
    book = {project_id: n for n, project_id in enumerate(bundled_project_files())}
    ordered = sorted(kept, key=lambda pid: book.get(pid, len(book)))  # book order first
    write_atomic(save, par_text({pid: kept[pid] for pid in ordered}), replaces=save)


def _reach(files: tuple[str, ...], games: int, seed: int, jobs: int, policy: str,
           fmt: str) -> None:
    from ..formats.projectreader import bundled_project_files, check_project_files, find_project
    from ..text.fit import fit, terminal_width
    from ..text.report import format_project_checks, project_checks_json
    from .par import run_par
    from .reach import findings

    bundled = bundled_project_files()
    paths = [str(bundled[f]) if f in bundled else f for f in files]
    checks = check_project_files(paths)
    found: dict[str, list[Finding]] = {}
    for check, path in zip(checks, paths, strict=True):
        if check.valid:
            project = find_project(path) if path != "-" else load_project_argument("-")
            run = run_par(project, games=games, seed=seed, jobs=jobs, policy=policy)
            found[check.file] = findings(run)

    def text() -> str:
        out = ""
        for file, warnings in found.items():
            for warning in warnings:
                out += f"{file}: warning: {warning.kind}: {warning.message}\n"
            if not warnings:
                out += (f"{file}: the player reached every bonus and connected every room "
                        f"({games} game{'s' if games != 1 else ''} of the {policy} player)\n")
        return format_project_checks(checks) + fit(out, terminal_width())

    def data() -> Any:
        listed = project_checks_json(checks)
        for entry in listed if isinstance(listed, list) else []:
            warnings = found.get(entry.get("file", ""))
            if warnings is not None:
                entry["par"] = [{"kind": w.kind, "subject": w.subject, "message": w.message}
                                for w in warnings]
        return listed

    echo_result(fmt, text, data)
    if not all(check.valid for check in checks):
        raise click.exceptions.Exit(ExitCode.FINDINGS)


@click.command("hint", short_help="The player's choice for the current turn, and why.")
@click.argument("sheet_path", metavar="SHEET")
@click.option("--card", type=click.IntRange(1, 999), metavar="N",
              help="The card flipped this turn (default: the record's next card, or the "
              "player's choice of the room's cards still to flip).")
@click.option("--policy", type=click.Choice(POLICIES), default="greedy", show_default=True,
              help="The player: greedy, or lookahead (plays each choice to the end).")
@format_option
def hint_command(sheet_path: str, card: int | None, policy: str, fmt: str) -> None:
    """What the automatic player would do now on SHEET: which card to flip and the
    options its tokens choose, where each piece goes, or at the end of a round the
    room's walls and door, with the reasons (points, bonuses, the space kept for the
    room's other cards, the hallway kept open). SHEET may be '-' for standard input.
    """
    from .hint import hint
    from .text import format_hint, hint_json

    sheet = read_sheet_argument(sheet_path)
    try:
        found = hint(sheet, card=card, policy=policy)
    except NotPlayable as error:
        raise click.BadParameter(str(error), param_hint="'--card'" if card else "SHEET") \
            from None
    echo_result(fmt, lambda: format_hint(found, display_name(sheet_path)),
                lambda: hint_json(found))


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
    from ..formats.output import dumps_json
    from ..search.moves import rank_pairs
    from ..search.placement import card_variants, target_room
    from ..text.fit import fit, terminal_width
    from ..text.report import format_pairs, pairs_json
    from .advice import advise
    from .advicetext import advice_json, format_advice

    sheet = _read_sheet(sheet_path)
    if piece_id is None and card is None:
        raise click.UsageError("give a PIECE id or --card NUMBER")
    pieces = _chosen_pieces(sheet, piece_id, card)
    limit = top or None
    try:
        name = target_room(sheet, room)
        spec = sheet.project.room(name)
        tokens = sum(slot.tokens for slot in spec.cards if slot.number == card) if spec else 0
        paired = card is not None and tokens >= 2 and piece_id is None
        # the moves are judged with the room they go into, best first (dead ends last)
        found = advise(sheet, pieces, top=limit, room=name, mirror=None if mirror else False)
    except NotPlayable as error:
        if room is None:
            raise InputError.single(display_name(sheet_path),
                                    f"{error}; nothing to place") from None
        raise click.BadParameter(str(error), param_hint="'--room'") from None
    ranked = [each.ranked for each in found]
    pairs = None
    if paired and card is not None:
        pairs = rank_pairs(sheet, card_variants(sheet.project, card, sheet.game), room=name,
                           ranked=ranked)
    unpictured = None  # no placement to draw: said after the list, which tells why
    if output is not None:
        started = time.perf_counter()
        path = image_path(output, (".png", ".svg", ".pdf"), [sheet_path])
        try:
            _place_preview(sheet, room, ranked, path, top, card)
        except InputError as error:
            unpictured = error
        else:
            wrote(path, started)
    if fmt == "json":
        if card is None:
            click.echo(dumps_json(advice_json(found[0], top=limit)), nl=False)
        else:
            data = {"card": card, "room": name, "tokens": tokens,
                    "pieces": [advice_json(each, top=limit) for each in found]}
            if pairs is not None:
                data["pairs"] = pairs_json(pairs, top=limit)
            click.echo(dumps_json(data), nl=False)
    else:
        parts = []
        for each in found:
            head = f"{each.piece.id}: {each.piece.name}\n" if len(found) > 1 else ""
            parts.append(head + format_advice(each, top=limit, room=name))
        if pairs is not None:
            parts.append(f"Both tokens of card {card} in {name}: two pieces together\n"
                         + format_pairs(pairs, top=limit))
        click.echo(fit("\n".join(parts), terminal_width()), nl=False)
    if unpictured is not None:
        raise unpictured


def _chosen_pieces(sheet: Sheet, piece_id: str | None, card: int | None) -> list[Piece]:
    """The pieces ``place`` looks at: those of ``--card`` (only PIECE, when given too), or
    PIECE; a usage error names what is wrong."""
    from ..search.placement import card_pieces

    project = sheet.project
    catalog = project.catalog
    if card is not None:
        numbers = catalog.card_numbers()
        if card not in numbers:
            raise click.BadParameter(no_card(card, numbers), param_hint="'--card'")
        try:
            pieces = card_pieces(project, card, sheet.game)
        except NotPlayable as error:
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

    from ..draw.previews import save_placements
    from ..search.placement import target_room

    preview = replace(sheet, current_room=target_room(sheet, room))
    try:
        save_placements(preview, output, [(each.piece, each.moves) for each in found],
                        top=top, per_piece=card is not None,
                        reasons=[each.reason or "" for each in found], card=card,
                        ranked=[each.ranked for each in found])
    except NotPlayable:
        raise InputError.single(output, "no legal placement to preview; nothing written"
                                ) from None


def _read_sheet(path: str) -> Sheet:
    """The sheet at ``path`` ('-': standard input), or a usage error."""
    from ..cli.sheets import read_sheet_file

    return read_sheet_file(path)
