"""The ``homestaging edit`` command: serve the editor for one sheet file."""

from __future__ import annotations

import click

__all__ = ["edit"]


@click.command("edit", short_help="Draw a sheet in the browser: live check, score and hints.")
# file names completed as such, and judged by Session.open and the readers in their words
@click.argument("sheet_path", metavar="SHEET", type=click.Path(readable=False))
@click.option("--project", "project_ref", metavar="PROJECT",
              help="For a new (or empty) SHEET: the project to start a blank sheet for.")
@click.option("--game", "game_path", metavar="GAME", type=click.Path(readable=False),
              help="The game record (homestaging deal) to name in the sheet's \"game\" key: "
              "the cards are checked as dealt and chosen, and the palette offers them.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The port on 127.0.0.1 (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser; just print the URL.")
def edit(sheet_path: str, project_ref: str | None, game_path: str | None, port: int,
         no_browser: bool) -> None:
    """Open SHEET in a local editor page: draw furniture, rooms, doors and windows as on
    paper, and see the problems of 'check', the score so far and where the piece in hand
    may go after every change. Save writes SHEET (and nothing else).

    The first line printed is the page's URL, with a secret token; the server listens on
    127.0.0.1 only and stops with Ctrl+C. A new SHEET (missing or empty) needs --project.
    """
    from .adapter import Interruption, UnknownProject, hang, terminal_width
    from .server import make_server
    from .session import Session, UsageProblem

    try:
        session = Session.open(sheet_path, project_ref, game=game_path)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    except UnknownProject as unknown:
        raise click.BadParameter(str(unknown), param_hint="'--project'") from None
    try:
        server = make_server(session, port)
        server.verbose = bool(click.get_current_context().find_root().params.get("verbose"))
    except OSError as refused:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {refused.strerror}") \
            from None
    with Interruption() as interruption:  # before the URL: a Ctrl+C right after it counts
        try:
            click.echo(server.url)
            state = "new sheet" if session.new else "unreadable: mend it on the page" \
                if session.state is None else "opened"
            for located in session.errors:
                for line in hang(located["text"], terminal_width()):
                    click.echo(line, err=True)
            click.echo(f"Editing {sheet_path} ({state}). Stop with Ctrl+C.")
            if not no_browser:
                import webbrowser

                webbrowser.open(server.url)
            server.serve_until(interruption)
        finally:
            server.stop()
    click.echo("Stopped.")
