"""The head of the ranking (``moves.best_moves``, what ``place`` lists): the first moves
of the full ranking, found without judging the placements after them, on the example
mid-game sheets and on the sheets of greedy games of several bundled projects."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from homestaging.core.pieces import Piece
from homestaging.core.sheet import Sheet
from homestaging.formats.projectreader import find_project
from homestaging.formats.sheetreader import read_sheet
from homestaging.player.policy import Greedy, apply
from homestaging.player.state import new_game
from homestaging.search.moves import (
    PAIRED,
    Ranking,
    best_moves,
    pool_size,
    rank_pairs,
    rank_pieces,
)
from homestaging.search.placement import SheetMasks, card_variants

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MIDGAME = sorted([*EXAMPLES.glob("*-midgame.json"), *EXAMPLES.glob("walkthrough/turn-*.json")])
PROJECTS = ["tutorial", "garden-cottage", "family-home", "lakeside-cabin", "city-apartment",
            "country-manor", "cat-lovers"]
"""Small and large houses, hallways or none, bonuses of every kind, a card with two
tokens (the tutorial's and the family home's)."""


def game_sheets(project_id: str, every: int = 3) -> Iterator[Sheet]:
    """Every ``every``-th sheet of a greedy game where a card is about to be played."""
    greedy = Greedy()
    state = new_game(find_project(project_id), 0)
    for turn in itertools.count():
        if state.finished:
            return
        if state.slots_left() and turn % every == 0:
            yield state.sheet
        state = apply(state, greedy.choose(state))


def options(sheet: Sheet) -> list[Piece]:
    """The pieces of the room's cards, in id order."""
    masks = SheetMasks.build(sheet)
    return [sheet.project.catalog.piece(option) for option in sorted(masks.options)]


def sheets(source: str) -> list[Sheet]:
    """The sheet of an example file, or sheets of a greedy game of a bundled project."""
    if source.endswith(".json"):
        return [read_sheet(EXAMPLES / source)]
    return list(game_sheets(source, every=5))


@pytest.mark.parametrize("source", [str(p.relative_to(EXAMPLES)) for p in MIDGAME] + PROJECTS)
def test_the_head_is_the_first_moves_of_the_full_ranking(source: str) -> None:
    tried = 0
    for sheet in sheets(source):
        masks = SheetMasks.build(sheet)
        pieces = options(sheet)
        # mirrored too (the wild card) on the example sheets
        for mirror in (False, None) if source.endswith(".json") else (False,):
            full = rank_pieces(masks, pieces, mirror=mirror)
            assert best_moves(masks, pieces, top=None, mirror=mirror) == full
            for top in (1, 10):
                heads = best_moves(masks, pieces, top=top, mirror=mirror)
                for whole, head in zip(full, heads, strict=True):
                    assert head.piece is whole.piece
                    assert (head.count, head.ranked, head.reason) == (
                        whole.count, whole.ranked, whole.reason)
                    assert min(top, len(whole.moves)) <= len(head.moves) <= len(whole.moves)
                    assert head.moves == whole.moves[:len(head.moves)]
                    tried += 1
            for whole, head in zip(full, best_moves(masks, pieces, top=1, unmirrored=PAIRED,
                                                    mirror=mirror), strict=True):
                plain = [m for m in whole.moves if not m.candidate.mirror][:PAIRED]
                assert [m for m in head.moves if not m.candidate.mirror][:PAIRED] == plain
    assert tried >= 12


@pytest.mark.parametrize("project_id", PROJECTS[:3])
def test_a_head_on_a_small_pool_is_the_first_moves_of_its_ranking(project_id: str) -> None:
    """Pairs rank the second piece on a small pool (none on a large house): the head
    is that ranking's first moves too."""
    tried = 0
    for sheet in game_sheets(project_id, every=2):
        masks = SheetMasks.build(sheet)
        for pool in (pool_size(masks) // 16, 0):
            for piece in options(sheet):
                whole = Ranking(masks).rank(piece, False, pool).moves
                for top in (1, 2):
                    head = Ranking(masks).head(piece, False, pool, top, 0).moves
                    assert head == whole[:len(head)] and len(head) >= min(top, len(whole))
                    tried += 1
    assert tried > 40


def test_pairs_from_the_heads_are_the_pairs_from_the_full_ranking() -> None:
    """``place --card`` passes the heads it lists to the pairs: a card with two tokens
    gives the same pairs as with every move ranked."""
    tried = 0
    for sheet in [*game_sheets("tutorial", every=1), *game_sheets("family-home", every=1)]:
        masks = SheetMasks.build(sheet)
        spec = sheet.project.room(masks.room)
        assert spec is not None
        for slot in spec.cards:
            if slot.tokens < 2:
                continue
            variants = card_variants(sheet.project, slot.number, sheet.game)
            pieces = sorted({p.id: p for v in variants for p in v}.values(), key=lambda p: p.id)
            full = rank_pairs(sheet, variants, ranked=rank_pieces(sheet, pieces, mirror=False))
            heads = best_moves(sheet, pieces, top=1, unmirrored=PAIRED, mirror=False)
            assert rank_pairs(sheet, variants, ranked=heads) == full
            tried += 1
    assert tried >= 2
