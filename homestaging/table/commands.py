"""The ``homestaging table`` command: deal a game and serve it to a table of phones;
``homestaging table export`` writes its sheets and game record."""

from __future__ import annotations

import click

from ..cli.common import FILE, Unusable
from ..core.game import MAX_SEED

__all__ = ["table"]

class _Table(click.Group):
    """``table PROJECT [options]`` serves; ``table export ...`` exports."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["serve", *args]
        return super().parse_args(ctx, args)


@click.group("table", cls=_Table, short_help="Host a game night: every player draws on a phone.")
def table() -> None:
    """Deal a game and serve it to the table:

    \b
      homestaging table PROJECT

    prints the host's link (line 1, with the host's secret) and the join link (line 2).
    Players open the join link (or its QR code on the host's page), type a name and draw
    their sheet in the editor; the host flips the cards and ends the game. Every sheet
    and the game record are then written with:

    \b
      homestaging table export --db FILE -o DIR
    """


@table.command("serve", short_help="Deal and serve a table (the default).")
@click.argument("reference", metavar="PROJECT")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), metavar="N",
              help="Deal from this seed (as 'deal --seed'). Default: a random seed. "
              "Ignored when --db already holds the table.")
@click.option("--db", "db_path", metavar="FILE", type=FILE,
              default="homestaging-table.db", show_default=True,
              help="The SQLite file holding the whole table. Started again on the same "
              "file, the table continues where it was.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--lan", is_flag=True,
              help="Listen on this machine's network addresses (for phones on the same "
              "network), not only on 127.0.0.1.")
@click.option("--no-browser", is_flag=True, help="Do not open the host's page in a browser.")
@click.option("--tables", type=click.IntRange(1, 200), default=1, show_default=True,
              help="For a club night: deal this many tables (seeds N, N+1...), each with "
              "its own code, host link and join link, printed in pairs.")
def serve(reference: str, seed: int | None, db_path: str, port: int, lan: bool,
          no_browser: bool, tables: int) -> None:
    """Deal PROJECT (a bundled id or a project file) and serve the table."""
    from .serving import ServeError, serve_table

    try:
        serve_table(reference, seed, db_path, port, lan, not no_browser, tables)
    except ServeError as error:
        raise Unusable(str(error)) from None


@table.command("export", short_help="Write every sheet and the game record of a table.")
@click.option("--db", "db_path", metavar="FILE", required=True,
              type=FILE, help="The table's SQLite file.")
@click.option("-o", "--output", "folder", metavar="DIR", required=True,
              help="The folder to write into (made if new).")
def export(db_path: str, folder: str) -> None:
    """Write DIR/<player>.json for every player (ordinary sheets holding the game record
    with that player's choices) and DIR/game.json. This ranks them:

    \b
      homestaging score DIR/*.json
    """
    from .serving import ServeError, export_table

    try:
        written = export_table(db_path, folder)
    except ServeError as error:
        raise Unusable(str(error)) from None
    for path in written:
        click.echo(f"wrote {path}")
