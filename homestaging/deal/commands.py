"""The ``homestaging deal`` command: deal a game's cards from a seed and write its record."""

from __future__ import annotations

import click

from ..clitools import display_name, format_option, load_project_argument
from ..game import MAX_SEED

__all__ = ["deal_command"]

RANDOM_SEEDS = 1_000_000
"""Seeds chosen for the table are below this: six digits at most, easy to type."""


@click.command("deal", short_help="Deal a game's cards from a seed; write its game record.")
@click.argument("reference", metavar="PROJECT")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), metavar="N",
              help="Deal from this seed (the one another player printed). "
              "Default: a new random seed, printed.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write the game record (JSON) to this file; sheets name it with "
              "\"game\".")
@format_option
def deal_command(reference: str, seed: int | None, output: str | None, fmt: str) -> None:
    """Deal one variant of every card number PROJECT uses, as the box's setup does at
    random, and show the cards in play room by room with their options drawn.

    The same seed deals the same cards on every machine: one player deals, the others
    type the printed seed. --format json prints the game record (what -o writes); the
    players add the rounds to it as they play. PROJECT is a bundled id or a path to a
    project YAML file.
    """
    import secrets
    from pathlib import Path

    from ..game import GameRecord, deal
    from ..gamewriter import record_text
    from ..output import write_atomic
    from ..projectreader import bundled_project_files
    from ..sheetwriter import path_from
    from .page import format_deal, written

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
    if output is not None:
        write_atomic(output, record_text(record), protect=[reference])
    shown = reference if reference != "-" else project.id
    command = f"homestaging deal {_quoted(shown)} --seed {seed}"
    if fmt == "json":
        click.echo(record_text(record), nl=False)
        return
    text = format_deal(project, record, command)
    if output is not None:
        text += "\n" + written(project, display_name(output), Path(output).name)
    click.echo(text, nl=False)


def _quoted(word: str) -> str:
    import shlex

    return shlex.quote(word)
