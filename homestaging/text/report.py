"""Text and JSON of what the tool finds: problems, checks, score pads, rankings,
placements and project files checked.

Plain functions of the results returning strings or JSON-ready data; the commands only
echo them. This is where squares get their names (``C5``): inside, results hold
``(x, y)`` squares. The game data's own pages are in :mod:`homestaging.text.pages`.

Problems are numbered as ``check`` lists them (:func:`numbered`): broken rules first,
then what is still to do; the pictures ring each problem with the same number.

The text functions take ``paint``, a function of a piece of text and its role
(``error``, ``warning``, ``todo``, ``ok``, ``total``, ``head``) that may colour it; the
command line passes one that colours for a terminal. The default leaves text plain.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import Problem, Severity
from ..core.grid import cell_name, cells_text, in_reading_order
from ..core.layout import layout
from ..rules.checks import Code
from .fit import hang, table_lines, terminal_width
from .padlayout import Row, pad_lines, ranking_lines
from .problems import (
    EXPLAIN,
    Paint,
    broken_lines,
    cell_names,
    check_text,
    format_problems,
    hung,
    number_width,
    numbered,
    plain,
    plural,
    problem_json,
    problem_line,
    problems_json,
)
from .words import anchors, in_words

if TYPE_CHECKING:  # the results written here; none is needed to write them
    from ..core.scorepad import Item, ScorePad
    from ..formats.projectreader import ProjectFileCheck
    from ..scoring.bonuses import BonusResult
    from ..scoring.card import Penalty, PieceScore, RoomScore, ScoreCard, SheetCheck
    from ..search.moves import Move, Pair, RankedMoves
    from ..search.placement import Candidate, Cut


__all__ = [
    "EXPLAIN",
    "Paint",
    "candidate_json",
    "candidates_json",
    "check_json",
    "cut_text",
    "format_candidates",
    "format_check",
    "format_moves",
    "format_pad",
    "format_pad_check",
    "format_pad_ranking",
    "format_pairs",
    "format_problems",
    "format_project_checks",
    "format_ranking",
    "format_scorecard",
    "move_json",
    "move_text",
    "moves_json",
    "numbered",
    "pad_check_json",
    "pad_json",
    "pad_lines",
    "pad_ranking_json",
    "pairs_json",
    "plain",
    "problem_json",
    "problem_line",
    "project_checks_json",
    "ranking_json",
    "ranking_lines",
    "scorecard_json",
    "todo_text",
]


def check_json(check: SheetCheck, file: str) -> dict[str, Any]:
    """``{file, problems, todo, provisional_total, info, total_if_connected, rooms,
    bonuses, penalties}``: ``problems`` holds the errors and warnings, ``todo`` severity
    'todo', ``info`` severity 'info'; the rest is the score so far (as in
    :func:`scorecard_json`)."""
    card = check.card
    return {
        **problems_json(file, check.problems, card.total),
        "info": [problem_json(p) for p in check.problems if p.severity == Severity.INFO],
        "total_if_connected": card.total_if_connected,
        "rooms": [_room_json(room) for room in card.rooms],
        "bonuses": [_bonus_json(bonus) for bonus in card.bonuses],
        "penalties": [_penalty_json(penalty) for penalty in card.penalties],
    }

def format_check(check: SheetCheck, file: str, paint: Paint = plain, *,
                 width: int | None = None) -> str:
    """What ``check`` prints: the broken rules and warnings one per line (with their
    codes), what is still to do and what to keep in mind in plain words, then the score
    so far room by room and bonus by bonus, with what each is worth once connected.
    Pieces are named by where they stand (``Fridge at O8 stands on the Stove at O9``,
    :mod:`homestaging.text.words`), not by their label in the file.

    Every problem is numbered (:func:`numbered`), as the rendered plan rings it. The
    score's heading is ``Score`` when the card is not provisional (a finished sheet
    with no error), ``Score so far (mid-game)`` when the sheet is judged as a game in
    progress (the words of the rendered plan), else ``Provisional score``.

    Lines fit ``width`` columns (the terminal's when None): a message wraps under its
    text, the score's rows under their column.
    """
    width = width or terminal_width()
    listed = numbered(check.problems)
    digits = number_width(len(listed))
    where = anchors(check.sheet)
    lines = broken_lines(file, listed, digits, paint, where, width=width)
    todo = [(n, p) for n, p in listed if p.severity == Severity.TODO]
    info = [(n, p) for n, p in listed if p.severity == Severity.INFO]
    if todo:
        lines += ["", paint("Still to do:", "head")]
        lines += [line for n, p in todo
                  for line in hung(f"  {n:>{digits}}. {in_words(todo_text(p, check), where)}",
                                   "todo", width, paint)]
    if info:
        lines += ["", paint("Keep in mind:", "head")]
        lines += [line for n, p in info
                  for line in hung(f"  {n:>{digits}}. "
                                   f"{_sentence(in_words(p.message, where), p.subject)}",
                                   "", width)]
    score = _score_lines(check, width)
    lines += ["", *(paint(line, "total") for line in hang(score[0], width)), *score[1:]]
    return "\n".join(lines) + "\n"


# -- check, in plain words -------------------------------------------------------------


def _sentence(text: str, subject: str = "") -> str:
    """``text`` as a sentence: a capital first letter, unless it begins with a piece's
    label, kept as the sheet writes it (``a (Armchair) ...``, ``pieces[2] (Sofa) ...``).

    >>> _sentence("room Kitchen: cards 8, 10 are not recorded yet", "room Kitchen")
    'Room Kitchen: cards 8, 10 are not recorded yet.'
    >>> _sentence("a (Armchair) waits for card 20", "a (Armchair)")
    'a (Armchair) waits for card 20.'
    """
    label = subject.split(" (", 1)[0] if subject.endswith(")") else ""
    piece = len(label) == 1 or label.startswith("pieces[")
    start = text if piece and text.startswith(subject) else text[:1].upper() + text[1:]
    return start + ("" if text.endswith(".") else ".")


def _names(names: Sequence[str]) -> str:
    """``the Kitchen``, ``the Kitchen and the Bathroom``."""
    named = [f"the {name}" for name in names]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def todo_text(problem: Problem, check: SheetCheck) -> str:
    """An end-game requirement still to meet, in plain words (no rule code)."""
    sheet, card = check.sheet, check.card
    project = sheet.project
    if problem.code == Code.FRONT_DOOR_COUNT:
        onto = project.entry.front_door_onto
        text = f"Draw the front door (front_door) on an exterior wall, opening {onto}: until " \
               "then no room is reached, so no room scores"
        waiting = [room for room in card.rooms if room.points_if_connected]
        if waiting:
            worth = sum(room.points_if_connected or 0 for room in waiting)
            text += (f" ({_names([room.name for room in waiting])} "
                     f"{'is' if len(waiting) == 1 else 'are'} worth {worth} "
                     f"{plural(worth, 'point')} once connected)")
        return text + "."
    if problem.code == Code.ROOM_NOT_FINALIZED:
        name = problem.subject.removeprefix("room ")
        current = sheet.current_room
        if current is not None and name != current and name not in sheet.walled \
                and current in sheet.play_order \
                and sheet.play_order.index(name) < sheet.play_order.index(current):
            return (f"Wall the {name}: it was played before the {current}, but its squares "
                    "are not given yet.")
        entry = layout(sheet).entry_room
        door = project.entry.one_door(entry)
        walled = sheet.walled | {name}
        following = next((room for room in sheet.play_order if room not in walled), None)
        then = (f"then set current_room to the next room, the {following}" if following
                else "then remove current_room: it is the last room")
        return (f"When the {name} is furnished, wall it: give its squares (cells, or "
                f"room_grid) and {door}; {then}.")
    return _sentence(problem.message, problem.subject)


def _score_lines(check: SheetCheck, width: int) -> list[str]:
    """The score so far: a heading with the total, a line per room, bonus and penalty,
    their texts and notes wrapped under themselves to fit ``width`` columns."""
    # scoring is imported where it is used: place, which scores nothing, needs this module
    from ..scoring.card import rooms_in_play

    card, sheet = check.card, check.sheet
    label = ("Score" if not card.provisional
             else "Score so far (mid-game)" if not check.end_of_game else "Provisional score")
    head = f"{label}: {card.total}"
    later = card.total_if_connected
    if later is not None and later != card.total:
        head += f" ({later} if every walled room is connected)"
    rows: list[tuple[str, str, str]] = []
    walled = sheet.walled
    in_play = set(rooms_in_play(sheet))
    for room in card.rooms:
        if room.name not in walled and not check.end_of_game:
            state = ("being furnished" if room.name == sheet.current_room
                     else "not walled yet" if room.name in in_play else "not played yet")
            drawn = sum(len(p.furniture) for p in room.pieces
                        if not sheet.pieces[p.index].placement.piece.is_rug)
            if drawn:
                state += f", {drawn} {plural(drawn, 'point')} drawn"
            rows.append((room.name, "", state))
            continue
        note = ""
        if room.points_if_connected is not None and room.points_if_connected != room.points:
            note = f"{room.points_if_connected} if connected"
        elif room.empty:
            note = "empty"
        rows.append((room.name, str(room.points), note))
    for bonus in card.bonuses:
        mark = "x" if bonus.awarded else " "
        note = ""
        if bonus.points_if_connected is not None and bonus.points_if_connected != bonus.points:
            note = f"{_signed(bonus.points_if_connected)} if connected"
        rows.append((f"[{mark}] {bonus.text}", _signed(bonus.points), note))
    rows += [(penalty.text, str(penalty.points), "") for penalty in card.penalties]
    number = max([len(points) for _, points, _ in rows] + [3])
    table = [(text, points.rjust(number), note) for text, points, note in rows]
    return [head] + ["  " + line for line in table_lines(table, width - 2, wrapped=(0, 2))]


# -- score ---------------------------------------------------------------------------


def _piece_json(piece: PieceScore) -> dict[str, Any]:
    return {"index": piece.index, "piece": piece.piece, "name": piece.name,
            "label": piece.label, "room": piece.room, "squares": cell_names(piece.furniture),
            "points": piece.points, "reachable": piece.reachable, "reason": piece.reason}


def _room_json(room: RoomScore) -> dict[str, Any]:
    return {"name": room.name, "reachable": room.reachable, "points": room.points,
            "points_if_connected": room.points_if_connected,
            "empty": room.empty, "reason": room.reason,
            "pieces": [_piece_json(piece) for piece in room.pieces]}


def _bonus_json(bonus: BonusResult) -> dict[str, Any]:
    return {"text": bonus.text, "points": bonus.points,
            "points_if_connected": bonus.points_if_connected, "awarded": bonus.awarded,
            "explanation": bonus.explanation,
            "routes": [cell_names(route) for route in bonus.routes],
            "cells": cell_names(bonus.cells)}


def _penalty_json(penalty: Penalty) -> dict[str, Any]:
    return {"text": penalty.text, "points": penalty.points, "subject": penalty.subject}


def scorecard_json(card: ScoreCard) -> dict[str, Any]:
    """The score as JSON: ``project``, ``player``, ``rooms`` (with their pieces),
    ``bonuses``, ``penalties``, ``total``, ``furniture_count``, ``problems``, ``final``."""
    return {
        "project": card.project,
        "player": card.player,
        "rooms": [_room_json(room) for room in card.rooms],
        "bonuses": [_bonus_json(bonus) for bonus in card.bonuses],
        "penalties": [_penalty_json(penalty) for penalty in card.penalties],
        "total": card.total,
        "total_if_connected": card.total_if_connected,
        "furniture_count": card.furniture_count,
        "problems": [problem_json(problem) for problem in card.problems],
        "final": not card.provisional,
    }


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _piece_text(piece: PieceScore) -> str:
    where = cells_text(piece.furniture)
    return f"{piece.name} ({piece.label}) at {where}" if where else f"{piece.name} ({piece.label})"


def format_scorecard(card: ScoreCard, file: str = "", paint: Paint = plain, *,
                     width: int | None = None) -> str:
    """The whole score pad of the sheet ``file``, explained.

    A line per room with its points, and under it why it or any of its pieces scored
    nothing (not reachable, set aside by an error) and what it would score once
    connected when that differs; a line per bonus, ``[x]`` when awarded, with its
    one-line explanation under it (and its points once connected when they differ);
    the penalties; then TOTAL and the
    tie-break count in aligned columns. A provisional card is marked PROVISIONAL and its
    errors are listed at the end, numbered as ``check --final`` numbers them. Lines fit
    ``width`` columns (the terminal's when None), as :func:`pad_lines` fits them.
    """
    width = width or terminal_width()
    label = file or card.source or card.project
    rows: list[tuple[str, str | None]] = []  # (text, points); points None: explanation
    for room in card.rooms:
        note = "" if room.reachable else "  (not reachable)"
        if room.empty:
            note = "  (empty)"
        rows.append((f"{room.name}{note}", str(room.points)))
        if not room.reachable and room.reason:
            rows.append((f"{EXPLAIN}not reachable: {room.reason}", None))
        if room.points_if_connected is not None and room.points_if_connected != room.points:
            rows.append((f"{EXPLAIN}{room.points_if_connected} "
                         f"{plural(room.points_if_connected, 'point')} if connected", None))
        for piece in room.pieces:
            if piece.reason and (room.reachable or piece.reason != room.reason):
                rows.append((f"{EXPLAIN}{_piece_text(piece)} scores 0: {piece.reason}", None))
    for bonus in card.bonuses:
        mark = "x" if bonus.awarded else " "
        rows.append((f"[{mark}] {bonus.text}", _signed(bonus.points)))
        if bonus.explanation:
            rows.append((f"{EXPLAIN}{bonus.explanation}", None))
        if bonus.points_if_connected is not None and bonus.points_if_connected != bonus.points:
            rows.append((f"{EXPLAIN}{_signed(bonus.points_if_connected)} if connected", None))
    for penalty in card.penalties:
        rows.append((f"    {penalty.text}", str(penalty.points)))
    head = hung(f"{label} - {card.project}" + (f" - {card.player}" if card.player else ""),
                "head", width, paint)
    listed = numbered(card.problems)
    errors = [(n, p) for n, p in listed if p.severity == Severity.ERROR]
    if card.provisional:
        head += hung("PROVISIONAL: " + (
            f"the sheet has {len(errors)} {plural(len(errors), 'error')}; "
            "the pieces at fault score 0" if errors else "the sheet is not finished"),
            "warning", width, paint)
    total = "TOTAL (provisional)" if card.provisional else "TOTAL"
    lines = pad_lines(head, rows, [(total, str(card.total)),
                                   ("pieces (tie-break)", str(card.furniture_count))],
                      width=width, paint=paint)
    if errors:
        digits = number_width(len(listed))
        lines.append("")
        lines.append(paint("Errors:", "head"))
        lines += [line for n, problem in errors
                  for line in hung(f"  {n:>{digits}}. {problem_line(problem, label)}", "error",
                                   width, paint)]
    return "\n".join(lines) + "\n"


# -- ranking -------------------------------------------------------------------------


def format_ranking(cards: Iterable[ScoreCard], paint: Paint = plain, *,
                   width: int | None = None) -> str:
    """A ranking table of several sheets: place, player, sheet, total, pieces; then the
    errors and warnings of every sheet under ``Problems:``, if any; fitted to ``width``
    columns (the terminal's when None), the players' names wrapped."""
    from ..scoring.card import places, rank

    width = width or terminal_width()
    ranked = rank(cards)
    rows = [(str(place), card.player or "-", card.source or card.project, str(card.total),
             str(card.furniture_count), "*" if card.provisional else "")
            for place, card in zip(places(ranked), ranked, strict=True)]
    header = ("place", "player", "sheet", "total", "pieces", "")
    lines = ranking_lines(header, rows, {1, 2, 5}, width=width)
    lines[0] = paint(lines[0], "head")
    if any(card.provisional for card in ranked):
        lines.append(paint("* provisional: the sheet has errors or is not finished", "warning"))
    problems = "".join(format_problems(card.source, card.problems, paint, width=width)
                       for card in ranked)
    return "\n".join(lines) + "\n" + (
        f"\n{paint('Problems:', 'head')}\n{problems}" if problems else "")


def ranking_json(cards: Iterable[ScoreCard]) -> list[dict[str, Any]]:
    """The score cards in ranking order, each with its ``file``."""
    from ..scoring.card import rank

    return [{"file": card.source, **scorecard_json(card)} for card in rank(cards)]


# -- score pads of other games ---------------------------------------------------------


def _item_json(item: Item) -> dict[str, Any]:
    return {"text": item.text, "points": item.points, "awarded": item.awarded,
            "explanation": item.explanation}


def pad_json(pad: ScorePad) -> dict[str, Any]:
    """``{game, player, categories: [{name, points, items}], total, tiebreaks, <the
    game's details>, notes, problems, final}``."""
    return {
        "game": pad.game,
        "player": pad.player,
        "categories": [{"name": c.name, "points": c.points,
                        "items": [_item_json(item) for item in c.items]}
                       for c in pad.categories],
        "total": pad.total,
        "tiebreaks": [{"name": name, "value": value} for name, value in pad.tiebreaks],
        **pad.details,
        "notes": list(pad.notes),
        "problems": [problem_json(problem) for problem in pad.problems],
        "final": not pad.provisional,
    }


def _item_line(item: Item) -> str:
    box = "" if item.awarded is None else "[x] " if item.awarded else "[ ] "
    return f"  {box}{item.text}: {_signed(item.points)}"


def format_pad(pad: ScorePad, file: str = "", *, width: int | None = None) -> str:
    """The score pad as text: a row per category with its points, its items under it
    (each with its points and explanation), the total, the tie-breaks, the notes, then
    the errors; fitted to ``width`` columns (the terminal's when None) as
    :func:`pad_lines` fits them."""
    width = width or terminal_width()
    label = file or pad.source or pad.game
    head = [f"{label} - {pad.game}" + (f" - {pad.player}" if pad.player else "")]
    errors = pad.errors
    if errors:
        head.append(f"PROVISIONAL: the record has {len(errors)} {plural(len(errors), 'error')}")
    rows: list[Row] = []
    for category in pad.categories:
        rows.append((category.name, str(category.points)))
        for item in category.items:
            rows.append((_item_line(item), None))
            if item.explanation:
                rows.append((f"{EXPLAIN}{item.explanation}", None))
    totals = [("TOTAL (provisional)" if pad.provisional else "TOTAL", str(pad.total))]
    totals += [(f"{name} (tie-break)", str(value)) for name, value in pad.tiebreaks]
    lines = pad_lines(head, rows, totals, width=width)
    lines += [line for note in pad.notes for line in hang(note, width)]
    if errors:
        lines += ["", "Errors:", *(line for problem in errors
                                   for line in hang(f"  {problem_line(problem, label)}", width))]
    return "\n".join(lines) + "\n"


def format_pad_ranking(pads: Iterable[ScorePad], *, width: int | None = None) -> str:
    """A ranking table: place, player, file, total, the tie-breaks, ``*`` if provisional;
    then the errors and warnings of every record under ``Problems:``, if any; fitted to
    ``width`` columns (the terminal's when None), the players' names wrapped."""
    from ..core.scorepad import pad_places
    from ..core.scorepad import rank as rank_pads

    width = width or terminal_width()
    ranked = rank_pads(pads)
    names = [name for name, _ in ranked[0].tiebreaks] if ranked else []
    header = ["place", "player", "file", "total", *names, ""]
    rows = [[str(place), pad.player or "-", pad.source or "-", str(pad.total),
             *(str(value) for _, value in pad.tiebreaks), "*" if pad.provisional else ""]
            for place, pad in zip(pad_places(ranked), ranked, strict=True)]
    lines = ranking_lines(header, rows, {1, 2, len(header) - 1}, width=width)
    if any(pad.provisional for pad in ranked):
        lines.append("* provisional: the record has errors")
    problems = "".join(format_problems(pad.source, pad.problems, width=width) for pad in ranked)
    return "\n".join(lines) + "\n" + (f"\nProblems:\n{problems}" if problems else "")


def pad_ranking_json(pads: Iterable[ScorePad]) -> list[dict[str, Any]]:
    """The score pads in ranking order, each with its ``file``."""
    from ..core.scorepad import rank as rank_pads

    return [{"file": pad.source, **pad_json(pad)} for pad in rank_pads(pads)]


def format_pad_check(pad: ScorePad, file: str, *, width: int | None = None) -> str:
    """The problems of a record, their count, and ``Score`` (``Provisional score`` when
    one is an error), as :func:`check_text` writes them."""
    label = "Provisional score" if pad.provisional else "Score"
    return check_text(file, pad.problems, label, pad.total, width=width)


def pad_check_json(pad: ScorePad, file: str) -> dict[str, Any]:
    """``{file, problems, todo, provisional_total}`` as ``check`` gives for sheets."""
    return problems_json(file, pad.problems, pad.total)


# -- placements ----------------------------------------------------------------------


def cut_text(cut: Cut) -> str:
    """``K (Corner kitchen) at C5-E5``."""
    return f"{cut.what} at {cells_text(cut.cells)}"


def candidate_json(candidate: Candidate) -> dict[str, Any]:
    """A placement as a ``pieces`` entry takes it, with its marks and squares."""
    return {
        "piece": candidate.piece.id,
        "at": cell_name(candidate.anchor),
        "rotation": candidate.rotation,
        "mirror": candidate.mirror,
        "points": candidate.points,
        "cuts_off": [cut_text(cut) for cut in candidate.cuts_off],
        "door_possible": candidate.door_possible,
        "contact": candidate.contact,
        "joins_room": candidate.joins_room,
        "furniture": cell_names(in_reading_order(candidate.furniture)),
        "circulation": cell_names(in_reading_order(candidate.circulation)),
    }


def _candidate_text(number: int, c: Candidate) -> str:
    """``  1. sofa at B9, rotation 180 (on B10-D10): 3 points; cuts off ...``."""
    text = f"{number:>3}. {c.piece.id} at {cell_name(c.anchor)}, rotation {c.rotation}"
    if c.mirror:
        text += ", mirrored (wild card)"
    text += f" (on {cells_text(c.furniture)}): {c.points} {plural(c.points, 'point')}"
    if c.cuts_off:
        text += f"; cuts off {'; '.join(cut_text(cut) for cut in c.cuts_off)}"
    if not c.door_possible:
        text += "; leaves the room no door"
    return text


def format_candidates(
    candidates: Sequence[Candidate], *, top: int | None = 10, reason: str | None = None
) -> str:
    """A numbered list, best first: anchor, rotation, mirror, the squares the furniture
    covers, points and marks; with no candidate, ``reason`` (from
    :func:`homestaging.search.placement.why_none`) says why when given."""
    if not candidates:
        return f"no legal placement: {reason}\n" if reason else "no legal placement\n"
    shown = candidates if top is None else candidates[:top]
    lines = [_candidate_text(number, c) for number, c in enumerate(shown, 1)]
    if len(shown) < len(candidates):
        lines.append(f"     ... {len(candidates) - len(shown)} more "
                     f"({len(candidates)} legal placements)")
    return "\n".join(lines) + "\n"


def move_text(number: int, move: Move) -> str:
    """A move's line: the placement (:func:`format_candidates`'s line), the bonuses it
    gains or loses, the card options it leaves no room for, and its value."""
    text = _candidate_text(number, move.candidate)
    if move.bonuses:
        changes = ", ".join(f"{bonus} ({_signed(points)})" for bonus, points in move.bonuses)
        text += f"; bonus {_signed(move.bonus)}: {changes}"
    if move.crowded_out:
        text += f"; leaves no room for {', '.join(move.crowded_out)}"
    if move.value != move.candidate.points:
        text += f"; worth {move.value}"
    return text


def format_moves(ranked: RankedMoves, *, top: int | None = 10) -> str:
    """The moves of one piece, best first, numbered (:func:`move_text`); with none, why."""
    if not ranked.moves:
        return (f"no legal placement: {ranked.reason}\n" if ranked.reason
                else "no legal placement\n")
    shown = ranked.moves if top is None else ranked.moves[:top]
    lines = [move_text(number, move) for number, move in enumerate(shown, 1)]
    if len(shown) < ranked.count:
        looked = (f"; the best of the {ranked.ranked} looked at are listed"
                  if ranked.ranked < ranked.count else "")
        lines.append(f"     ... {ranked.count - len(shown)} more "
                     f"({ranked.count} legal placements{looked})")
    return "\n".join(lines) + "\n"


def move_json(move: Move) -> dict[str, Any]:
    """:func:`candidate_json` and what the move is worth: ``value``, ``bonus`` and the
    ``bonuses`` it changes, ``lost``, ``crowded_out``, ``space``, ``valued``."""
    return {**candidate_json(move.candidate), "value": move.value, "bonus": move.bonus,
            "bonuses": [{"text": text, "points": points} for text, points in move.bonuses],
            "lost": move.lost, "crowded_out": list(move.crowded_out), "space": move.space,
            "valued": move.valued}


def moves_json(ranked: RankedMoves, *, top: int | None = None) -> dict[str, Any]:
    """``{"piece", "count", "candidates": [...], "reason"?}``: the first ``top`` moves
    (all when None) as :func:`move_json`; ``reason`` when there is none."""
    shown = ranked.moves if top is None else ranked.moves[:top]
    data: dict[str, Any] = {"piece": ranked.piece.id, "count": ranked.count,
                            "candidates": [move_json(move) for move in shown]}
    if ranked.reason and not ranked.moves:
        data["reason"] = ranked.reason
    return data


def format_pairs(pairs: Sequence[Pair], *, top: int | None = 10) -> str:
    """Two pieces placed together, best first: both placements and their total worth."""
    if not pairs:
        return "no two pieces fit together\n"
    shown = pairs if top is None else pairs[:top]
    lines = []
    for number, pair in enumerate(shown, 1):
        first, second = pair.first.candidate, pair.second.candidate
        lines.append(f"{number:>3}. {_placed(first)} + {_placed(second)}: worth {pair.value}")
    if len(shown) < len(pairs):
        lines.append(f"     ... {len(pairs) - len(shown)} more pairs")
    return "\n".join(lines) + "\n"


def _placed(c: Candidate) -> str:
    mirrored = ", mirrored" if c.mirror else ""
    return (f"{c.piece.id} at {cell_name(c.anchor)}, rotation {c.rotation}{mirrored} "
            f"(on {cells_text(c.furniture)})")


def pairs_json(pairs: Sequence[Pair], *, top: int | None = None) -> list[dict[str, Any]]:
    """``[{"value", "first", "second"}]``, each placement as :func:`move_json`."""
    shown = pairs if top is None else pairs[:top]
    return [{"value": pair.value, "first": move_json(pair.first),
             "second": move_json(pair.second)} for pair in shown]


def candidates_json(
    candidates: Sequence[Candidate], *, top: int | None = None, reason: str | None = None
) -> dict[str, Any]:
    """``{"count": N, "candidates": [...]}``, best first (the first ``top`` when given),
    plus ``"reason"`` when given and there is no candidate."""
    shown = candidates if top is None else candidates[:top]
    data: dict[str, Any] = {"count": len(candidates),
                            "candidates": [candidate_json(c) for c in shown]}
    if reason and not candidates:
        data["reason"] = reason
    return data


# -- project files -------------------------------------------------------------------


def project_checks_json(checks: Sequence[ProjectFileCheck]) -> list[dict[str, Any]]:
    """``[{file, valid, errors}]``, the errors as located messages."""
    return [{"file": c.file, "valid": c.valid, "errors": [str(m) for m in c.problems]}
            for c in checks]


def format_project_checks(checks: Sequence[ProjectFileCheck], paint: Paint = plain, *,
                          width: int | None = None) -> str:
    """``FILE: OK`` for a valid file, else each of its located problems on a line,
    wrapped under its text to ``width`` columns (the terminal's when None)."""
    width = width or terminal_width()
    return "".join(line + "\n"
                   for c in checks
                   for message in ([(f"{c.file}: OK", "ok")] if c.valid
                                   else [(str(m), "error") for m in c.problems])
                   for line in hung(*message, width, paint))
