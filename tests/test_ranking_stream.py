"""The ranking read lazily (``moves.stream_pieces``) and the shortcuts of the player
that read it: each must give the answers of the full ranking, on the sheets of real
games (every card of a greedy game of a few bundled projects)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

import pytest

from homestaging.core.grid import cell_name
from homestaging.core.layout import layout, with_pieces
from homestaging.core.pieces import Piece
from homestaging.formats.projectreader import find_project
from homestaging.player.board import Board
from homestaging.player.play import play_game
from homestaging.player.policy import (
    HOTSPOT_POOL,
    POOL,
    Greedy,
    apply,
    best_judged,
    judge,
    outlook,
)
from homestaging.player.state import State, new_game
from homestaging.scoring.access import access, connected_access
from homestaging.scoring.bonuses import evaluate
from homestaging.search.moves import Ranking, rank_pieces, standing, stream_pieces
from homestaging.search.placement import (
    Candidate,
    SheetMasks,
    anchor_masks,
    placements,
    with_piece,
)

PROJECTS = ["tutorial", "city-apartment", "cat-lovers", "retirement-bungalow"]
"""A hallway, no hallway, a project's own cards, a penalty next to a door."""


def card_states(project_id: str, seed: int = 0) -> Iterator[tuple[State, list[Piece]]]:
    """Each state of a greedy game where a card is about to be played, with the
    options of that card."""
    greedy = Greedy()
    state = new_game(find_project(project_id), seed)
    while not state.finished:
        slots = state.slots_left()
        if slots:
            from homestaging.player.policy import card_order

            slot = card_order(state, slots)[0]
            catalog = state.project.catalog
            yield state, [catalog.piece(o) for o in dict.fromkeys(state.options(slot.number))]
        state = apply(state, greedy.choose(state))


@pytest.mark.parametrize("project_id", PROJECTS)
def test_the_stream_reads_as_the_full_ranking(project_id: str) -> None:
    tried = 0
    for state, pieces in card_states(project_id):
        for pool, each in ((POOL, HOTSPOT_POOL), (POOL, 3), (None, 3)):
            ranked = rank_pieces(state.sheet, pieces, pool=pool, per_hotspot=each)
            streams = stream_pieces(state.sheet, pieces, pool=pool, per_hotspot=each)
            for full, lazy in zip(ranked, streams, strict=True):
                assert lazy.piece is full.piece and lazy.count == full.count
                assert lazy.bonus_bound == full.bonus_bound
                assert list(lazy.moves) == list(full.moves)
                tried += len(full.moves)
    assert tried > 500


def evaluated_change(ranking: Ranking, candidate: Candidate) -> tuple[int, tuple[tuple[str,
                                                                                  int], ...]]:
    """What :meth:`Ranking.bonus_change` answers, found by evaluating every bonus of the
    sheet with ``candidate`` drawn."""
    before = ranking.base_bonuses()
    acc = ranking._access
    assert acc is not None
    sheet = with_piece(ranking.sheet, candidate.placement)
    after = evaluate(sheet, with_pieces(ranking.masks.lay, sheet),
                     dataclasses.replace(acc, pieces=(*acc.pieces, "")),
                     ranking.excluded(), verdicts_only=True)
    lines = tuple((now.text, now.points - old.points)
                  for old, now in zip(before, after, strict=True) if now.points != old.points)
    return sum(points for _, points in lines), lines


@pytest.mark.parametrize("project_id", PROJECTS)
def test_a_bonus_change_is_what_evaluating_every_bonus_gives(project_id: str) -> None:
    """Only the bonuses a placement may change are evaluated again: the sum and the
    lines changed are those of all of them evaluated afresh."""
    tried = changed = 0
    for state, pieces in card_states(project_id):
        masks = SheetMasks.build(state.sheet)
        ranking = Ranking(masks)
        for ranked in rank_pieces(masks, pieces, pool=8):
            for move in ranked.moves[::3]:
                lines = evaluated_change(ranking, move.candidate)
                assert ranking.bonus_change(move.candidate) == lines
                tried += 1
                changed += bool(lines[1])
    assert tried > 300 and changed > 0


def nth_card(project_id: str, index: int) -> tuple[State, dict[str, Piece]]:
    """The state of a greedy game (seed 0) before its ``index``-th card, and the card's
    options by id."""
    state, pieces = next(itertools.islice(card_states(project_id), index, None))
    return state, {piece.id: piece for piece in pieces}


def test_a_piece_counted_beside_a_door_changes_the_bonus_only_there() -> None:
    """The retirement bungalow's storage beside a door: a bathroom cabinet changes it
    only where its furniture meets the squares beside a door, and there by -1 (the
    12 placements of 374 that do, G2 the first of them); a room's first furniture makes
    no piece count for a bonus that selects pieces while no rug lies in it."""
    state, pieces = nth_card("retirement-bungalow", 3)
    assert state.sheet.current_room == "Bathroom"
    masks = SheetMasks.build(state.sheet)
    ranking = Ranking(masks)
    cabinet = pieces["bathroom-cabinet"]
    line = "-1 per piece of storage beside a door, at most -3"
    assert ranking.piece_may_change(cabinet) == (False, True, False)
    beside = ranking.changing_squares(cabinet)[1]
    found = placements(masks, cabinet)
    changing = [c for c in found if c.furniture_bits & beside]
    assert (len(found), len(changing)) == (374, 12)
    assert (cell_name(changing[0].anchor), changing[0].rotation) == ("G2", 0)
    for candidate in found:
        change = ranking.bonus_change(candidate)
        assert change == evaluated_change(ranking, candidate)
        assert change == ((-1, ((line, -1),)) if candidate in changing else (0, ()))


@pytest.mark.parametrize(("project_id", "index", "piece_id", "change"), [
    ("studio-loft", 6, "shower", (2, (("+2 if the bathroom has at most 8 squares", 2),))),
    ("tiny-house", 5, "bathtub-corner",
     (2, (("+2 if the bathroom has at most 6 squares", 2),))),
    ("starter-flat", 7, "sofa", (0, ())),
])
def test_a_rooms_own_bonus_changes_alike_wherever_its_first_piece_goes(
        project_id: str, index: int, piece_id: str, change: tuple[int, tuple[tuple[str, int],
                                                                          ...]]) -> None:
    """A bonus on the size or view of the room being furnished changes with its first
    furniture, by the same points wherever it goes (evaluated once per ranking)."""
    state, pieces = nth_card(project_id, index)
    masks = SheetMasks.build(state.sheet)
    ranking = Ranking(masks)
    piece = pieces[piece_id]
    assert ranking.changing_squares(piece)[0] == -1
    found = placements(masks, piece)
    assert [ranking.bonus_change(c) for c in found] == [change] * len(found)
    assert [evaluated_change(ranking, c) for c in found] == [change] * len(found)


@pytest.mark.parametrize("project_id", PROJECTS)
def test_the_space_left_is_what_searching_the_sheet_again_gives(project_id: str) -> None:
    """The room's options' placements left after a move, counted from the anchors found
    once less those the move's squares close, are those found by searching the sheet
    with the move drawn (every option, rugs and pieces alike)."""
    tried = 0
    for state, pieces in card_states(project_id):
        masks = SheetMasks.build(state.sheet)
        ranking = Ranking(masks)
        if ranking.left <= 0:
            continue
        for ranked in rank_pieces(masks, pieces, pool=0):
            for move in ranked.moves[::4]:
                after = SheetMasks.build(with_piece(masks.sheet, move.placement), masks.room)
                fits = {option: sum(anchors.bit_count()
                                    for _, anchors in anchor_masks(after, piece, mirror=False))
                        for option, piece in ranking.option_pieces}
                before = {option: sum(anchors.bit_count()
                                      for _, anchors in anchor_masks(masks, piece, mirror=False))
                          for option, piece in ranking.option_pieces}
                gone = tuple(o for o in ranking.options if before[o] and not fits[o])
                assert ranking.space_after(move.candidate) == (gone, sum(fits.values()))
                tried += 1
    assert tried > 100


@pytest.mark.parametrize("project_id", PROJECTS)
def test_the_player_reading_the_stream_chooses_as_with_the_full_list(project_id: str) -> None:
    """Greedy reads the stream with a floor (a move worth nothing is not drawn) and lets
    it skip placements standing apart: its best move worth something is the same."""
    for state, pieces in card_states(project_id):
        board = state.board
        before = outlook(board)
        for full, lazy in zip(rank_pieces(board.sheet, pieces, pool=POOL),
                              stream_pieces(board.sheet, pieces, pool=POOL), strict=True):
            every = best_judged(board, full, before)
            quick = best_judged(board, lazy, before, 1, 0.0)
            if every and every[0].value > 0:
                assert [j.move for j in quick] == [every[0].move]
                assert quick[0].value == every[0].value
            else:
                assert not [j for j in quick if j.value > 0]
            assert [j.move for j in best_judged(board, full, before, 3)] == [
                j.move for j in best_judged(board, stream_pieces(
                    board.sheet, [full.piece], pool=POOL)[0], before, 3)]


@pytest.mark.parametrize("project_id", ["tutorial", "city-apartment"])
def test_the_best_judged_moves_are_those_of_every_move_judged(project_id: str) -> None:
    """``best_judged`` passes over moves that cannot be kept (judging none of them for
    dead ends): its answer is the best of every move of the list judged, ranked by
    worth, mirrored after unmirrored, then in the list's order."""
    compared = 0
    for state, pieces in card_states(project_id):
        board = state.board
        before = outlook(board)
        for full in rank_pieces(board.sheet, pieces, pool=POOL):
            every = sorted(((-judged.rank, judged.move.candidate.mirror, order), judged.move)
                           for order, judged in enumerate(
                               judge(board, move, before) for move in full.moves))
            for most in (1, 3):
                assert [j.move for j in best_judged(board, full, before, most)] == [
                    move for _, move in every[:most]]
                compared += 1
    assert compared > 10


@pytest.mark.parametrize("project_id", PROJECTS)
def test_a_board_built_from_the_one_before_is_the_board_built_afresh(project_id: str) -> None:
    """A state's board after a card reuses the board before it: its masks and layout are
    those of a board built from the sheet alone."""
    reused = 0
    for state, _ in card_states(project_id):
        if state.before is None:
            continue
        board, fresh = state.board, Board(state.sheet, state.need)
        for name in ("house", "obstacles", "walled", "open", "moves", "furniture", "taken",
                     "room_pieces", "shapes", "room"):
            assert getattr(board, name) == getattr(fresh, name), name
        assert board.lay.piece_rooms == fresh.lay.piece_rooms
        assert board.lay.room_at == fresh.lay.room_at and board.lay.walls == fresh.lay.walls
        reused += board.moves is state.before.moves
    assert reused > 3


@pytest.mark.parametrize("project_id", PROJECTS)
def test_a_streams_bonus_most_bounds_every_move_it_gives(project_id: str) -> None:
    """The bound a stream gives before it starts is at least the bonus of every move it
    then gives (and so its ``bonus_bound``)."""
    tried = 0
    for state, pieces in card_states(project_id):
        for stream in stream_pieces(state.sheet, pieces, pool=POOL):
            most = stream.bonus_most
            assert stream.bonus_bound <= most
            for move in stream.moves:
                assert move.bonus <= most
                tried += move.valued
    assert tried > 50


@pytest.mark.parametrize("project_id", PROJECTS)
def test_greedy_passing_over_pieces_chooses_as_reading_every_piece(project_id: str) -> None:
    """Greedy reads the pieces that may be worth most first and passes over a piece
    whose moves cannot reach the best found: its choice is that of reading every piece
    with the floor of a move worth nothing, ranked as the player ranks (a tight move or a
    dead end below the others, whatever its worth)."""
    from homestaging.player.policy import _token_moves

    compared = 0
    for state, pieces in card_states(project_id):
        board = state.board
        before = outlook(board)
        found = [j for stream in stream_pieces(board.sheet, pieces, pool=POOL,
                                               per_hotspot=HOTSPOT_POOL)
                 for j in best_judged(board, stream, before, 1, 0.0)]
        found.sort(key=lambda j: (-j.rank, j.move.candidate.mirror, -j.move.piece.size))
        every = [j for j in found if j.value > 0][:1]
        quick = _token_moves(board, pieces, 1)
        if every:
            assert quick[0] is not None and quick[0].move == every[0].move
            assert quick[0].value == every[0].value
        else:
            assert quick == [None]
        compared += 1
    assert compared > 5


@pytest.mark.parametrize("project_id", PROJECTS)
def test_the_rules_a_board_skips_report_no_error(project_id: str) -> None:
    """A board checks only the rules not known to be clean: after a legal placement on a
    sheet that broke none, none, nor after a card played so (its record's rules
    included). The full check agrees with what it found: whether the sheet breaks a
    rule, the pieces excluded."""
    from homestaging.core.errors import Severity
    from homestaging.rules.checks import RULES, check
    from homestaging.rules.faults import involved

    greedy = Greedy()
    state = new_game(find_project(project_id), 0)
    skipped = 0
    while not state.finished:
        boards = [state.board]
        choice = greedy.choose(state)
        if state.slots_left():  # the boards of the other tokens of the card
            board = state.board
            for judged in getattr(choice, "moves", ())[:-1]:
                sheet = with_piece(board.sheet, judged.move.placement)
                board = Board(sheet, state.need, with_pieces(board.lay, sheet), before=board,
                              clean=() if board.breaks else RULES)
                boards.append(board)
        for board in boards:
            problems = check(board.sheet, board.lay, end_of_game=False)
            errors = [p for p in problems if p.severity == Severity.ERROR]
            assert not [p for p in errors if p.code in board.clean]
            assert board.breaks == bool(errors)
            assert board.excluded == involved(board.sheet, problems)
            skipped += bool(board.clean)
        state = apply(state, choice)
    assert skipped > 3


def test_a_sheet_stands_as_its_drawing_whatever_its_record() -> None:
    """A sheet's standing is worked out once per drawing: the same sheet with another
    game record (the player records each card before drawing its piece) gets the very
    answer found before; a sheet with a piece less is worked out anew."""
    sheet = play_game(find_project("tutorial"), 0).sheet
    assert sheet.game is not None
    found = standing(sheet, layout(sheet), None)
    assert [result.points for result in found.results] == [0, 0, 2]
    unrecorded = dataclasses.replace(sheet, game=None)
    assert standing(unrecorded, layout(unrecorded), None) is found
    assert sheet.pieces[1].id == "stove"
    fewer = dataclasses.replace(sheet, pieces=sheet.pieces[:1] + sheet.pieces[2:])
    lay = layout(fewer)
    again = standing(fewer, lay, None)
    acc = connected_access(fewer, lay, access(fewer, lay, search=True))
    assert again.results == evaluate(fewer, lay, acc, verdicts_only=True)
    assert [result.points for result in again.results] == [0, 0, 0]


def test_the_standings_kept_are_bounded_by_their_squares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo of standings is emptied once the walkable squares it keeps pass the
    bound."""
    from homestaging.search import ranking

    sheet = play_game(find_project("tutorial"), 0).sheet
    fewer = dataclasses.replace(sheet, pieces=sheet.pieces[:1])
    monkeypatch.setattr(ranking, "_STANDINGS", {})
    first = standing(sheet, layout(sheet), None)
    squares = len(first.access.walkable)
    monkeypatch.setattr(ranking, "_MOST_SQUARES", squares)
    second = standing(fewer, layout(fewer), None)
    assert len(ranking._STANDINGS) == 2  # the bound reached, not passed
    assert sum(len(kept.access.walkable) for _, kept in ranking._STANDINGS.values()) == 215
    assert (squares, len(second.access.walkable)) == (113, 102)
    two = dataclasses.replace(sheet, pieces=sheet.pieces[:2])
    standing(two, layout(two), None)
    assert len(ranking._STANDINGS) == 1  # passed: emptied before the third is kept
    assert standing(sheet, layout(sheet), None) is not first


def test_a_distance_to_a_door_not_drawn_stays_false_until_the_room_has_one() -> None:
    """The tutorial's kitchen door bonus is false whatever piece is drawn while the
    kitchen is furnished (it has no door yet), and the kitchen's pieces are ranked
    without it; once the kitchen is walled with its door, it may change again."""
    from homestaging.search.relevance import stays_false

    state, pieces = next(card_states("tutorial"))
    bonuses = state.project.bonuses
    assert state.sheet.current_room == "Kitchen"
    assert [stays_false(bonus, state.sheet) for bonus in bonuses] == [False, False, True]
    ranking = Ranking(SheetMasks.build(state.sheet))
    assert [ranking.piece_may_change(piece)[2] for piece in pieces] == [False] * len(pieces)
    assert [ranking.bonus_most(piece) for piece in pieces] == [0] * len(pieces)
    finished = play_game(find_project("tutorial"), 0).sheet
    assert finished.room("Kitchen").door is not None
    assert [stays_false(bonus, finished) for bonus in bonuses] == [False, False, False]


def test_a_rooms_first_furniture_changes_a_selection_only_through_its_rugs() -> None:
    """Once the room being furnished holds furniture, a rug lying in it starts to count
    for a bonus that selects pieces; without a rug there, only a bonus naming the room
    may change (and one on its view or size alone changes alike wherever pieces go)."""
    from homestaging.search.relevance import room_alone, room_may_change

    bonuses = find_project("tutorial").bonuses  # view, plants by a window, a distance
    living = frozenset(["Living room"])
    assert [room_may_change(bonus, living, True) for bonus in bonuses] == [True, True, False]
    assert [room_may_change(bonus, living, False) for bonus in bonuses] == [True, False, False]
    assert [room_alone(bonus) for bonus in bonuses] == [True, False, False]
