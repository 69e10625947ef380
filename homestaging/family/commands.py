"""The ``check``, ``score`` and ``render`` commands of a family game, built from its
:class:`~homestaging.family.game.Game`.

Exit codes as everywhere in homestaging: 0 fine, 1 a rule is broken (``check``,
``score``), 2 an unusable record or bad usage (the root command group turns InputError
into located messages and exit 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import click

from ..cli.common import (
    FILE,
    ExitCode,
    display_name,
    echo_result,
    format_option,
    image_path,
    standard_input_once,
    wrote,
)
from ..core.scorepad import ScorePad
from .game import Game

__all__ = ["game_group"]

IMAGE_SUFFIXES = (".png", ".svg", ".pdf")


def _scored(game: Game, path: str) -> tuple[Any, ScorePad]:
    record = game.read(path)
    return record, replace(game.score(record), source=display_name(path))


def _broken(pads: Sequence[ScorePad]) -> bool:
    return any(pad.provisional for pad in pads)


def game_group(game: Game) -> click.Group:
    """A click group ``NAME`` with ``check``, ``score`` and ``render``."""
    word = game.record

    @click.group(name=game.name, help=game.help, short_help=f"{game.title}: check, score "
                 f"and draw a {word.lower()}.")
    def group() -> None:
        pass

    @group.command("check", short_help=f"Every rule the {word.lower()} breaks, located.")
    @click.argument("path", metavar=word)
    @format_option
    def check(path: str, fmt: str) -> None:
        from ..text.report import format_pad_check, pad_check_json

        _, pad = _scored(game, path)
        file = display_name(path)
        echo_result(fmt, lambda: format_pad_check(pad, file),
                    lambda: pad_check_json(pad, file))
        if _broken([pad]):
            raise click.exceptions.Exit(ExitCode.FINDINGS)

    check.help = (f"Every rule of {game.title} the {word.lower()} breaks, each located, and "
                  f"its score. {word} may be '-' for standard input. Exits 0 when no rule "
                  "is broken (warnings alone exit 0), 1 when one is, 2 when the file cannot "
                  "be read.")

    @group.command("score", short_help=f"The score pad of a {word.lower()}, or a ranking.")
    @click.argument("paths", metavar=f"{word}...", nargs=-1, required=True)
    @format_option
    def score(paths: tuple[str, ...], fmt: str) -> None:
        from ..text.report import format_pad, format_pad_ranking, pad_json, pad_ranking_json

        standard_input_once(paths)
        pads = [_scored(game, path)[1] for path in paths]
        if len(pads) == 1:
            pad = pads[0]
            echo_result(fmt, lambda: format_pad(pad), lambda: pad_json(pad))
        else:
            echo_result(fmt, lambda: format_pad_ranking(pads), lambda: pad_ranking_json(pads))
        if _broken(pads):
            raise click.exceptions.Exit(ExitCode.FINDINGS)

    order = (f"best total first, then {game.tiebreak_help}" if game.tiebreak_help else
             "best total first; the rule book has no tie-break: equal totals share a place")
    score.help = (f"The score pad of a {word.lower()}; with several, a ranking table "
                  f"({order}). A {word.lower()} that breaks a rule is scored provisionally "
                  "and the command exits 1. JSON: one object, or a list in ranking order. "
                  f"Any {word} may be '-' for standard input.")

    @group.command("render", short_help=f"Draw the {word.lower()} and its score pad.")
    @click.argument("path", metavar=word)
    @click.option("-o", "--output", type=FILE, required=True,
                  help="The picture to write: .png, .svg or .pdf.")
    def render(path: str, output: str) -> None:
        target = image_path(output, IMAGE_SUFFIXES, [path])
        record, pad = _scored(game, path)
        game.draw(record, pad, target)
        wrote(target)

    render.help = (f"Draw the {word.lower()} with its score pad beside it (PNG, SVG or "
                   f"PDF). {word} may be '-' for standard input; the output folder must "
                   "exist.")
    return group
