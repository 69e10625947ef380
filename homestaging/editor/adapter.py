"""The editor's one door into the core: read, check, score, place, render, write.

Everything the editor needs from the rules engine goes through these functions, so a
change of the core's modules touches this file only. The page holds a sheet in the
``pieces`` form of the sheet format, with each room's squares listed one by one
(:func:`page_state`); the server turns it back into a :class:`~homestaging.core.sheet.Sheet`
with the sheet reader (:func:`read_state`), so the page is checked exactly as a file is.

A sheet read from a photo carries the scanner's doubts under ``"scan"`` (the rules
ignore it): the page keeps that key in its state (:func:`scan_notes`) and the file is
written with what is left of it (:func:`sheet_text`).

A sheet of a game at the table names its game record under ``"game"``
(:func:`with_game` sets it): the page keeps the key, the rules check the cards as dealt
and chosen, and the palette offers them (:func:`project_json`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import InputError, Located, NotPlayable, UnknownProject
from ..core.game import GameRecord
from ..core.grid import Edge, cell_name, cell_names, column_name, in_reading_order
from ..core.interruption import Interruption
from ..core.pieces import ROTATIONS
from ..core.project import Project
from ..core.quoting import excerpt
from ..core.sheet import Sheet
from ..draw.drawing import OBSTACLE_COLOR, ROOM_COLORS, feature_style
from ..formats.files import MAX_FILE_BYTES, file_kind, read_bytes, read_text
from ..formats.gamewriter import record_json
from ..formats.output import check_target, dumps_json, write_atomic
from ..formats.projectreader import bundled_project_files, find_project
from ..formats.readers import load_json
from ..formats.sheetreader import parse_sheet
from ..formats.sheetwriter import (
    GRID_KEYS,
    UnwritableSheet,
    blank_sheet,
    cover_ranges,
    path_from,
    project_reference,
    sheet_to_json,
)
from ..player.advice import advise, verdicts
from ..scoring.card import check_sheet
from ..search.placement import placements, why_none
from ..text.fit import error_lines, hang, terminal_width
from ..text.report import problem_json, scorecard_json
from ..text.words import anchors, in_words

__all__ = [
    "MAX_BYTES",
    "Hand",
    "InputError",
    "Interruption",
    "UnknownProject",
    "blank",
    "check_writable",
    "disk_bytes",
    "error_lines",
    "evaluate",
    "file_kind",
    "hang",
    "located",
    "page_state",
    "parse_json",
    "project_json",
    "read_file",
    "read_state",
    "read_text_file",
    "record_key",
    "render_png",
    "scan_notes",
    "sheet_text",
    "terminal_width",
    "with_game",
    "write_file",
]

#: the largest sheet file, and so the largest request body
MAX_BYTES = MAX_FILE_BYTES
#: the form the editor writes sheets in
FORM = "pieces"


def with_game(sheet: Sheet, record: str, cwd: Path) -> Sheet:
    """The sheet naming the game record file ``record`` (a path from ``cwd``) in its
    ``"game"`` key, by its path from the sheet's folder; raise InputError, with every
    located problem, when the record cannot be used with the sheet (another project, bad
    cards...)."""
    sheet_file = cwd / sheet.source
    data = _to_json(sheet)
    data["game"] = path_from(sheet_file.parent, cwd / record)
    return parse_sheet(data, sheet.source, sheet_file.parent, project=sheet.project)


# ------------------------------------------------------------------------ reading


def read_file(path: Path, name: str) -> tuple[Sheet, Any]:
    """Read the sheet file at ``path``, called ``name`` in messages, and its scan notes
    (:func:`scan_notes`); raise InputError with every located problem."""
    data = load_json(read_text(path, pipes=False)[1], name)
    return parse_sheet(data, name, path.parent), scan_notes(data)


def scan_notes(data: Any) -> Any:
    """The ``"scan"`` key of sheet JSON (the photo it was read from and the squares the
    scanner was not sure of, checked by the sheet schema), or None."""
    return data.get("scan") if isinstance(data, dict) else None


def read_text_file(path: Path) -> str:
    """The text of a file (for showing an unreadable sheet); raise InputError."""
    return read_text(path, pipes=False)[1]


def disk_bytes(path: Path) -> bytes | None:
    """The bytes of the sheet file as the readers read it (a regular file of at most
    MAX_BYTES, never waited for); None when there is no file; raise InputError when it
    cannot be read so (a FIFO, a device, a link to one, too large)."""
    if not os.path.lexists(path):
        return None
    return read_bytes(path, pipes=False)


def check_writable(path: Path) -> None:
    """Raise InputError when the sheet file cannot be replaced (it became a FIFO, a
    device, a folder, a read-only file...)."""
    check_target(path, replaces=path)


def parse_json(text: str, file: str) -> Any:
    """Parse JSON text as the sheet reader does (no NaN, no duplicate keys)."""
    return load_json(text, file)


def read_state(state: Any, file: str, base_dir: Path) -> Sheet:
    """The page's sheet (a sheet object in the pieces form) read like a file.

    Two shortcuts keep a change under a few milliseconds, without changing what is
    read: a project file loaded before and unchanged since (same size and time) is not
    loaded again, and rooms whose squares are all valid names are read as ranges."""
    project = _project_of(state, base_dir)
    if project is not None:
        state = _compact(state, project.width, project.height)
    return parse_sheet(state, file, base_dir, project=project)


_PROJECT_FILES: dict[tuple[str, int, int], Project] = {}


def _project_of(state: Any, base_dir: Path) -> Project | None:
    """The project a state names, when it loads; None lets the reader report why not."""
    reference = state.get("project") if isinstance(state, dict) else None
    if not isinstance(reference, str) or not reference or len(reference) > 1000:
        return None
    try:
        if reference in bundled_project_files():
            return find_project(reference)  # bundled projects are cached by the core
        path = (base_dir / reference).resolve()
        status = path.stat()
        key = (str(path), status.st_mtime_ns, status.st_size)
        if key not in _PROJECT_FILES:
            project = find_project(reference, base_dir)
            if len(_PROJECT_FILES) >= 8:
                _PROJECT_FILES.clear()
            _PROJECT_FILES[key] = project
        return _PROJECT_FILES[key]
    except (OSError, ValueError):  # InputError is a ValueError
        return None


@lru_cache(maxsize=8)
def _names(width: int, height: int) -> dict[str, tuple[int, int]]:
    return {cell_name((x, y)): (x, y) for y in range(height) for x in range(width)}


def _compact(state: dict[str, Any], width: int, height: int) -> dict[str, Any]:
    """The state with each room's squares as ranges when every one is a square name of
    the sheet (anything else is left for the reader to report where it is)."""
    rooms = state.get("rooms")
    if not isinstance(rooms, list):
        return state
    names = _names(width, height)
    compact = []
    for room in rooms:
        cells = room.get("cells") if isinstance(room, dict) else None
        if isinstance(cells, list) and len(cells) > 1 and all(
            isinstance(cell, str) and cell in names for cell in cells
        ):
            room = {**room, "cells": cover_ranges(names[cell] for cell in cells)}
        compact.append(room)
    return {**state, "rooms": compact}


def blank(reference: str, sheet_path: Path, cwd: Path, name: str) -> Sheet:
    """A new sheet for the project ``reference`` (a bundled id, or a path relative to
    ``cwd``), naming the project as the file at ``sheet_path`` will need it: the sheet
    ``homestaging new`` writes (:func:`homestaging.formats.sheetwriter.blank_sheet`)."""
    project = find_project(reference, cwd)
    return blank_sheet(project, project_reference(reference, sheet_path.parent, cwd),
                       source=name)


def located(error: InputError) -> list[dict[str, Any]]:
    """The messages of an InputError for the page: text, and where."""
    return [_located(message) for message in error.messages]


def _located(message: Located) -> dict[str, Any]:
    return {"text": str(message), "message": message.message, "path": message.path,
            "line": message.line, "column": message.column}


# ------------------------------------------------------------------------ writing


def sheet_text(sheet: Sheet, scan: Any = None) -> str:
    """The sheet file's text (the pieces form), ending with the ``scan`` notes when
    there are any; raise InputError when it cannot be written (a wild card naming
    several pieces)."""
    data = _to_json(sheet)
    if scan is not None:
        data["scan"] = scan
    return dumps_json(data, width=100, rows=GRID_KEYS)


def write_file(path: str | Path, text: str) -> None:
    """Write the sheet file atomically (a temporary file renamed over it)."""
    write_atomic(path, text, replaces=path)  # the sheet it read: saving replaces it


def page_state(sheet: Sheet, scan: Any = None) -> dict[str, Any]:
    """The sheet as the page holds it: the pieces form, each room's squares listed one
    by one, edges named from a square on the sheet, and the ``scan`` notes if any."""
    data = _to_json(sheet)
    project = sheet.project
    for entry, room in zip(data.get("rooms", []), sheet.rooms, strict=True):
        if room.cells:
            entry["cells"] = cell_names(in_reading_order(room.cells))
        if room.doors:
            entry["door"] = _edges(project, room.doors)
    if sheet.front_doors:
        data["front_door"] = _edges(project, sheet.front_doors)
    if sheet.windows:
        data["windows"] = [_edge(project, edge) for edge in sheet.windows]
    if scan is not None:
        data["scan"] = scan
    return data


def _to_json(sheet: Sheet) -> dict[str, Any]:
    try:
        return sheet_to_json(sheet, FORM)
    except UnwritableSheet as error:
        raise _unwritable(sheet, error) from None


def _unwritable(sheet: Sheet, error: ValueError) -> InputError:
    return InputError.single(
        sheet.source, f"the editor keeps a sheet as a list of pieces: {error}")


def _edge(project: Project, edge: Edge) -> list[str]:
    if not project.in_sheet(edge.cell):
        edge = edge.seen_from(edge.outer)
    return edge.to_json()


def _edges(project: Project, edges: tuple[Edge, ...]) -> Any:
    named = [_edge(project, edge) for edge in edges]
    return named[0] if len(named) == 1 else named


# ------------------------------------------------------------------------ the project


def project_json(project: Project, game: GameRecord | None = None) -> dict[str, Any]:
    """What the page draws and offers: the sheet, the house, the rooms and their cards,
    and every piece of the catalog in its eight orientations. With a game record the
    palette follows the game (:func:`_card_variants`)."""
    catalog = project.catalog

    def names(cells: Any) -> list[str]:
        return cell_names(in_reading_order(cells))

    rooms = []
    for spec in project.rooms:
        cards = []
        played = game.round(spec.name) if game is not None else None
        for slot in spec.cards:
            if game is None:
                variants = {variant: list(card.options)
                            for (number, variant), card in catalog.cards.items()
                            if number == slot.number}
            else:
                play = played.card(slot.number) if played is not None else None
                variants = _card_variants(game, project, slot.number,
                                          play.tokens if play is not None else ())
            cards.append({"number": slot.number, "tokens": slot.tokens, "variants": variants})
        rooms.append({"name": spec.name, "type": spec.type, "tokens": spec.tokens,
                      "color": ROOM_COLORS.get(spec.type, ROOM_COLORS["other"]),
                      "cards": cards})
    features = []
    for feature in project.features:
        style = feature_style(feature.kind)
        features.append({"kind": feature.kind, "label": feature.label,
                         "cells": names(feature.cells), "tree": feature.kind.lower() == "tree",
                         "fill": style["facecolor"], "stroke": style["edgecolor"]})
    return {
        "id": project.id,
        "name": project.name,
        "width": project.width,
        "height": project.height,
        "columns": [column_name(x) for x in range(project.width)],
        "house": names(project.house),
        "obstacles": names(project.obstacles),
        "obstacle_color": OBSTACLE_COLOR,
        "walls": [edge.to_json() for edge in sorted(project.walls, key=lambda e: e.key)],
        "features": features,
        "rooms": rooms,
        "special_rules": list(project.special_rules),
        "bonuses": [bonus.text for bonus in project.bonuses],
        "pieces": {piece_id: _piece_json(piece) for piece_id, piece in
                   sorted(catalog.pieces.items())},
    }


def _card_variants(game: GameRecord, project: Project, number: int,
                   chosen: tuple[str, ...]) -> dict[str, list[str]]:
    """A card of a game as the palette shows it: only the variant dealt; once its tokens
    are recorded, the options they chose (``7a chosen``), then the option none chose
    (``7a other``: the wild card's other option)."""
    card = game.card(project.catalog, number)
    if card is None:
        return {}
    name = f"{number}{card.variant}"
    if not chosen:
        return {name: list(card.options)}
    variants = {f"{name} chosen": list(dict.fromkeys(chosen))}
    other = [option for option in card.options if option not in chosen]
    if other:
        variants[f"{name} other"] = other
    return variants


def record_key(game: GameRecord | None) -> str:
    """A text that tells two records apart (the palette depends on the record)."""
    return "" if game is None else dumps_json(record_json(game))


def _piece_json(piece: Any) -> dict[str, Any]:
    shapes = {}
    for mirror in (False, True):
        for rotation in ROTATIONS:
            shape = piece.shape(rotation, mirror)
            shapes[_key(rotation, mirror)] = {
                "width": shape.width, "height": shape.height,
                "furniture": sorted([x, y] for x, y in shape.furniture),
                "circulation": sorted([x, y] for x, y in shape.circulation),
            }
    plain = {piece.shape(r, False) for r in ROTATIONS}
    return {"name": piece.name, "rug": piece.is_rug, "size": piece.size,
            "tags": list(piece.tags), "wall": sorted(piece.wall),
            "mirror_differs": any(piece.shape(r, True) not in plain for r in ROTATIONS),
            "shapes": shapes}


def _key(rotation: int, mirror: bool) -> str:
    return f"{rotation}{'m' if mirror else ''}"


# ------------------------------------------------------------------------ checking


@dataclass(frozen=True)
class Hand:
    """The piece the player holds, and the room it is meant for."""

    piece: str
    room: str | None = None

    @classmethod
    def read(cls, value: Any) -> Hand | None:
        """The ``hand`` of a page's check (``{piece, room}``); None when it holds none."""
        if not isinstance(value, dict) or not isinstance(value.get("piece"), str):
            return None
        room = value.get("room")
        return cls(value["piece"][:200], room[:200] if isinstance(room, str) else None)


def evaluate(sheet: Sheet, hand: Hand | None = None, *,
             end_of_game: bool = False) -> dict[str, Any]:
    """What the page shows after a change: the problems of ``check`` (same codes, same
    order), the score so far with its label, the score once every walled room is
    connected to the front door (the score card's figure), the score pad's rooms,
    bonuses and penalties, and the legal placements of the piece in hand. Each problem
    also says its ``text`` in the player's words
    (:func:`homestaging.text.words.in_words`, the page's buttons named).
    ``end_of_game``: judged as the game's end (a table's ended game), finished or not."""
    checked = check_sheet(sheet, end_of_game=True if end_of_game else None)
    problems, card = checked.problems, checked.card
    card_json = scorecard_json(card)
    if not card.provisional:
        label = "Score"
    elif not (sheet.finished or end_of_game):
        label = "Score so far (mid-game)"
    else:
        label = "Provisional score"
    where = anchors(sheet)
    shown = []
    for problem in problems:
        data = problem_json(problem)
        data["text"] = in_words(problem.message, where, page=True)
        shown.append(data)
    result: dict[str, Any] = {
        "problems": shown,
        "total": card.total,
        "label": label,
        "final": not card.provisional,
        "finished": sheet.finished,
        "if_connected": card.total if card.total_if_connected is None
        else card.total_if_connected,
        "rooms": card_json["rooms"],
        "bonuses": card_json["bonuses"],
        "penalties": card_json["penalties"],
    }
    if hand is not None:
        result["hints"] = hints(sheet, hand)
    return result


def hints(sheet: Sheet, hand: Hand) -> dict[str, Any]:
    """Legal anchors of the piece in hand, by orientation (``"90"``, ``"0m"``...), judged
    as ``place`` judges them (:mod:`homestaging.player.advice`): ``good`` ones cut nothing
    off, keep a door possible, leave room for the room's remaining tokens and lead into
    no dead end, ``fair`` ones are legal and lead into no dead end but do not, ``dead``
    ones lead the room into a dead end, ``reasons`` saying why for each of them (by
    anchor). Each orientation also has ``reach``: what a door reaches after each anchor
    (``a door here reaches 9 of 9 points``; then, when the room's remaining tokens do
    not fit, why). ``reason`` says why there are none; ``best`` is the first
    ``place`` lists."""
    piece = sheet.project.catalog.pieces.get(hand.piece)
    answer: dict[str, Any] = {"piece": hand.piece, "room": hand.room, "orientations": {},
                              "count": 0, "best": None, "reason": None}
    if piece is None:
        answer["reason"] = f"unknown piece {excerpt(hand.piece)}"
        return answer
    try:
        found = placements(sheet, piece, room=hand.room)
        judged = verdicts(sheet, [c.placement for c in found], room=hand.room)
        advised = advise(sheet, [piece], top=1, room=hand.room,
                         mirror=None if sheet.wild_card is None else False)[0]
    except NotPlayable as error:
        answer["reason"] = in_words(str(error), {}, page=True)
        return answer
    by_shape: dict[Any, dict[str, Any]] = {}
    for candidate, verdict in zip(found, judged, strict=True):
        shape = piece.shape(candidate.rotation, candidate.mirror)
        lists = by_shape.setdefault(shape, {"good": [], "fair": [], "dead": [], "reasons": {},
                                            "reach": {}})
        at = cell_name(candidate.anchor)
        if not verdict.alive:
            lists["dead"].append(at)
            lists["reasons"][at] = verdict.reason
        else:
            lists["good" if candidate.good and verdict.fits else "fair"].append(at)
        lists["reach"][at] = verdict.marks if verdict.alive else verdict.reach_text
    mirror_used = sheet.wild_card is not None
    for mirror in (False, True):
        for rotation in ROTATIONS:
            if mirror and mirror_used:
                continue
            same = by_shape.get(piece.shape(rotation, mirror))
            if same is not None:
                answer["orientations"][_key(rotation, mirror)] = same
    answer["count"] = len(found)
    if advised.judged:
        best = advised.judged[0].move.candidate
        answer["best"] = {"at": cell_name(best.anchor), "rotation": best.rotation,
                          "mirror": best.mirror}
        answer["alive"] = advised.alive
    else:
        answer["reason"] = in_words(why_none(sheet, piece, room=hand.room) or
                                    "no square of the room being furnished takes it", {}, page=True)
    if mirror_used:
        answer["mirror_reason"] = "the wild card is already used: a mirrored piece breaks a rule"
    return answer


# ------------------------------------------------------------------------ drawing


def render_png(sheet: Sheet, *, end_of_game: bool = False) -> bytes:
    """The annotated plan as ``render`` draws it, as PNG bytes (imports matplotlib);
    ``end_of_game`` as for :func:`evaluate`."""
    from ..draw.drawing import figure_bytes
    from ..draw.render import plan_figure

    # its problems numbered as check numbers them
    checked = check_sheet(sheet, end_of_game=True if end_of_game else None)
    figure = plan_figure(sheet, checked.card, problems=checked.problems,
                         end_of_game=sheet.finished or end_of_game)
    title = sheet.project.name + (f" - {sheet.player}" if sheet.player else "")
    return figure_bytes(figure, "png", dpi=110, title=title, subject="Home Staging plan")
