"""Game records: the deal (fixed expected deals), reading with located errors, writing,
a sheet naming or embedding its record, and the exact card rules' matching."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from plans import record, sheet

from homestaging.core.errors import InputError
from homestaging.core.game import DEAL_TEXT, GameRecord, deal, dealt_variant, project_card_numbers
from homestaging.core.grid import cell_names
from homestaging.core.layout import layout
from homestaging.core.sheet import WildCard
from homestaging.formats.files import recording_reads
from homestaging.formats.gamereader import parse_record, read_record
from homestaging.formats.gamewriter import record_json, record_text
from homestaging.formats.projectreader import bundled_project_files, find_project
from homestaging.formats.sheetreader import parse_sheet, read_sheet
from homestaging.formats.sheetwriter import sheet_to_json
from homestaging.rules.cardplay import chosen_pieces, record_of, settle, wild_would_pay
from homestaging.rules.checks import check

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "examples" / "four-players"
TUTORIAL = find_project("tutorial")
GAME: dict[str, Any] = json.loads((TABLE / "game.json").read_text())


# --- the deal ------------------------------------------------------------------------------


@pytest.mark.parametrize(("project", "seed", "expected"), [
    ("tutorial", 7, {7: "b", 8: "a", 10: "a", 13: "a", 14: "b", 18: "a", 19: "b", 20: "a"}),
    ("tutorial", 418013,
     {7: "a", 8: "b", 10: "b", 13: "a", 14: "a", 18: "a", 19: "a", 20: "a"}),
    ("tutorial", 0, {7: "b", 8: "b", 10: "b", 13: "b", 14: "b", 18: "b", 19: "b", 20: "b"}),
    ("city-apartment", 2024, {1: "a", 2: "b", 3: "a", 7: "a", 8: "a", 9: "b", 13: "b", 14: "a",
                              15: "a", 18: "a", 19: "b", 20: "a", 21: "a"}),
])
def test_a_seed_deals_the_same_cards_everywhere(project: str, seed: int,
                                                expected: dict[int, str]) -> None:
    assert deal(find_project(project), seed) == expected


def test_a_card_is_dealt_from_the_sha256_of_its_documented_text() -> None:
    # the algorithm of docs/game-record.md, spelled out independently
    text = DEAL_TEXT.format(seed=418013, number=14)
    assert text == "homestaging-deal/1 seed=418013 card=14"
    digest = hashlib.sha256(text.encode("ascii")).digest()
    assert dealt_variant(418013, 14, ["b", "a"]) == "ab"[int.from_bytes(digest[:8], "big") % 2]
    assert dealt_variant(5, 32, ["a"]) == "a"  # a card with one variant deals it
    for seed in range(50):
        for number in range(1, 34):
            spelled = f"homestaging-deal/1 seed={seed} card={number}".encode()
            index = int.from_bytes(hashlib.sha256(spelled).digest()[:8], "big") % 2
            assert dealt_variant(seed, number, ["a", "b"]) == "ab"[index]


def test_each_card_is_dealt_on_its_own() -> None:
    """A project that drops a card number deals every other card as before."""
    fewer = dataclasses.replace(TUTORIAL, rooms=TUTORIAL.rooms[:2])
    assert project_card_numbers(fewer) == [7, 8, 10, 13, 14]
    full = deal(TUTORIAL, 99)
    assert deal(fewer, 99) == {n: full[n] for n in (7, 8, 10, 13, 14)}


def test_seeds_deal_both_variants_about_evenly() -> None:
    counts = [sum(deal(TUTORIAL, seed)[7] == "a" for seed in range(1000))]
    assert 430 < counts[0] < 570


def test_every_bundled_project_can_be_dealt() -> None:
    for project_id in bundled_project_files():
        project = find_project(project_id)
        dealt = deal(project, 1)
        assert sorted(dealt) == project_card_numbers(project)
        assert all((n, v) in project.catalog.cards for n, v in dealt.items())


def test_a_seed_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="a seed is a whole number"):
        deal(TUTORIAL, -1)


# --- reading -----------------------------------------------------------------------------


def test_the_example_record_reads() -> None:
    game = read_record(TABLE / "game.json")
    assert game.seed == 418013
    assert game.dealt == deal(TUTORIAL, 418013)
    assert game.played_order() == ["Kitchen", "Living room", "Bathroom"]
    kitchen = game.rounds[0]
    assert [(c.number, c.tokens, c.path) for c in kitchen.cards] == [
        (10, ("table-2",), "$.rounds[0].cards[0]"),
        (7, ("kitchen-corner",), "$.rounds[0].cards[1]"),
        (8, ("stove",), "$.rounds[0].cards[2]")]
    assert game.chosen()["Living room"] == {"sofa-corner": 1, "armchair": 1, "floor-lamp": 1,
                                             "plant-small-2": 1}


def _bad_record() -> dict[str, Any]:
    """Every kind of bad input the reader names, in one record."""
    bad = copy.deepcopy(GAME)
    bad.pop("seed")
    bad["dealt"]["40"] = "a"  # an unknown card number
    bad["dealt"]["8"] = "c"  # a variant other than a/b
    kitchen = bad["rounds"][0]["cards"]
    kitchen[1]["tokens"] = ["fridge"]  # not an option of card 7a
    kitchen[0]["tokens"] = ["table-2", "table-2"]  # more tokens than the project gives
    bad["rounds"].insert(1, {"room": "Garage", "cards": []})  # a round for an unknown room
    return bad


BAD_MESSAGES = [
    ("$.dealt[\"8\"]", "expected one of a, b; found \"c\""),
    ("$.dealt[\"40\"]", "card 40 is not a card of project tutorial (its cards: 7, 8, 10, 13, "
     "14, 18, 19, 20)"),
    ("$.rounds[0].cards[0].tokens", "card 10 has 1 selection token in room Kitchen, 2 chosen"),
    ("$.rounds[0].cards[1].tokens[0]",
     "'fridge' is not an option of card 7a (kitchen-corner or counter-straight)"),
    ("$.rounds[1].room", "no room named 'Garage' in project tutorial; its rooms are: Kitchen, "
     "Bathroom, Living room"),
]


def test_every_bad_entry_is_reported_at_once_with_its_path() -> None:
    with pytest.raises(InputError) as caught:
        parse_record(_bad_record(), "game.json", ROOT)
    assert [(m.file, m.path, m.message) for m in caught.value.messages] == [
        ("game.json", path, message) for path, message in BAD_MESSAGES]


def test_a_record_embedded_in_a_sheet_is_located_in_the_sheet() -> None:
    data = {"format": "homestaging-sheet/1", "project": "tutorial", "current_room": "Kitchen",
            "game": _bad_record()}
    with pytest.raises(InputError) as caught:
        parse_sheet(data, "plan.json", ROOT)
    assert [(m.file, m.path) for m in caught.value.messages] == [
        ("plan.json", "$.game" + path[1:]) for path, _ in BAD_MESSAGES]


def test_a_record_named_by_a_sheet_is_read_beside_it(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "ours.json").write_text(json.dumps(_bad_record()))
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"format": "homestaging-sheet/1", "project": "tutorial",
                                "current_room": "Kitchen", "game": "games/ours.json"}))
    with pytest.raises(InputError) as caught:
        read_sheet(plan)
    lines = [str(m) for m in caught.value.messages]
    assert lines[0] == f"{plan}: $.game: the game record 'games/ours.json' cannot be used:"
    record_file = str(tmp_path / "games" / "ours.json")
    assert lines[1:] == [f"{record_file}: {path}: {message}" for path, message in BAD_MESSAGES]


def test_the_sheets_of_one_table_read_their_record_once_per_command(tmp_path: Path) -> None:
    with recording_reads():  # as a command reads them: one record for the table
        games = [read_sheet(TABLE / f"{name}.json").game for name in ("ada", "ben", "ada")]
        assert games[0] is not None and games[0] is games[1] is games[2]
    again = read_sheet(TABLE / "ada.json").game  # outside a command: read each time
    assert again is not games[0] and again == games[0]
    (tmp_path / "game.json").write_text(json.dumps(GAME))
    ours = tmp_path / "ours.json"
    ours.write_text(json.dumps({"format": "homestaging-sheet/1", "project": "tutorial",
                                "current_room": "Kitchen", "game": "game.json"}))
    theirs = tmp_path / "theirs.json"
    theirs.write_text(json.dumps({"format": "homestaging-sheet/1", "project": "starter-flat",
                                  "game": "game.json"}))
    with recording_reads():  # the record is checked against each sheet's own project
        assert read_sheet(ours).game is not None
        with pytest.raises(InputError) as caught:
            read_sheet(theirs)
    assert [m.path for m in caught.value.messages] == ["$.game", "$.project"]
    assert caught.value.messages[1].message.startswith("this record is of project 'tutorial'")


def test_a_missing_record_file_is_named(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"format": "homestaging-sheet/1", "project": "tutorial",
                                "game": "nowhere.json"}))
    with pytest.raises(InputError) as caught:
        read_sheet(plan)
    assert [str(m) for m in caught.value.messages] == [
        f"{plan}: $.game: the game record 'nowhere.json' cannot be used:",
        f"{tmp_path / 'nowhere.json'}: no such file"]


def test_a_record_of_another_project_is_refused() -> None:
    data = {"format": "homestaging-sheet/1", "project": "starter-flat", "game": GAME}
    with pytest.raises(InputError) as caught:
        parse_sheet(data, "plan.json", ROOT)
    assert [(m.path, m.message) for m in caught.value.messages] == [
        ("$.game.project", "this record is of project 'tutorial', but the sheet is of project "
         "'starter-flat': a sheet is checked with the record of its own game")]


def test_a_record_may_name_its_project_by_path() -> None:
    data = copy.deepcopy(GAME)
    data["project"] = "projects/00-tutorial.yaml"
    sheet_data = {"format": "homestaging-sheet/1", "project": "tutorial", "game": data}
    assert parse_sheet(sheet_data, "plan.json", ROOT).game is not None
    data["project"] = "projects/01-starter-flat.yaml"
    with pytest.raises(InputError, match="this record is of project"):
        parse_sheet(sheet_data, "plan.json", ROOT)


def test_every_card_number_must_be_dealt() -> None:
    data = copy.deepcopy(GAME)
    del data["dealt"]["13"], data["dealt"]["19"], data["seed"]
    with pytest.raises(InputError) as caught:
        parse_record(data, "game.json", ROOT)
    assert [(m.path, m.message) for m in caught.value.messages] == [
        ("$.dealt", "no variant dealt for cards 13, 19: a record deals every card number of "
         "project tutorial (7, 8, 10, 13, 14, 18, 19, 20)")]


def test_a_deal_changed_by_hand_does_not_match_its_seed() -> None:
    data = copy.deepcopy(GAME)
    data["dealt"]["14"] = "b"
    data["rounds"][2]["cards"][0]["tokens"] = ["shower-walk-in"]
    with pytest.raises(InputError) as caught:
        parse_record(data, "game.json", ROOT)
    assert [(m.path, m.message) for m in caught.value.messages] == [
        ("$.dealt[\"14\"]", "card 14 is dealt b, but seed 418013 deals a: the deal was changed "
         "by hand (drop the seed from a record dealt by hand)")]
    del data["seed"]
    assert parse_record(data, "game.json", ROOT).dealt[14] == "b"


def test_rounds_follow_each_other() -> None:
    data = copy.deepcopy(GAME)
    data["rounds"][0]["cards"].pop()  # the kitchen lacks card 8, yet the living room follows
    data["rounds"].append(copy.deepcopy(data["rounds"][1]))  # the living room again
    with pytest.raises(InputError) as caught:
        parse_record(data, "game.json", ROOT)
    assert [(m.path, m.message) for m in caught.value.messages] == [
        ("$.rounds[1]", "a round is played after an unfinished one: the round of $.rounds[0] "
         "still lacks card 8"),
        ("$.rounds[2]", "a round is played after an unfinished one: the round of $.rounds[0] "
         "still lacks card 8"),
        ("$.rounds[3].room", "room Living room is played twice (first in $.rounds[1])")]


def test_a_card_played_twice_in_a_round_is_refused() -> None:
    data = copy.deepcopy(GAME)
    data["rounds"][2]["cards"].append({"card": 14, "tokens": ["bathtub"]})
    with pytest.raises(InputError) as caught:
        parse_record(data, "game.json", ROOT)
    assert [(m.path, m.message) for m in caught.value.messages] == [
        ("$.rounds[2].cards[2].card", "card 14 is played twice in this round (first in "
         "$.rounds[2].cards[0])")]


def test_a_token_on_the_variant_not_dealt_says_so() -> None:
    data = copy.deepcopy(GAME)
    data["rounds"][2]["cards"][0]["tokens"] = ["shower-walk-in"]
    with pytest.raises(InputError) as caught:
        parse_record(data, "game.json", ROOT)
    assert [m.message for m in caught.value.messages] == [
        "'shower-walk-in' is not an option of card 14a (bathtub or shower); it is on card 14b, "
        "which was not dealt"]


def test_a_record_may_stop_anywhere() -> None:
    data = copy.deepcopy(GAME)
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["cards"][1]["tokens"] = ["armchair"]  # one of the two tokens so far
    game = parse_record(data, "game.json", ROOT)
    assert game.played_order() == ["Kitchen", "Living room"]


# --- writing -----------------------------------------------------------------------------


def test_writing_and_reading_back_gives_the_same_record() -> None:
    game = read_record(TABLE / "game.json")
    assert record_text(game) == (TABLE / "game.json").read_text()
    again = parse_record(record_json(game), "again.json", TABLE)
    assert again == dataclasses.replace(game, source="again.json")


def test_a_sheet_keeps_its_record_when_written() -> None:
    named = read_sheet(TABLE / "ada.json")
    assert sheet_to_json(named)["game"] == "game.json"
    embedded = dataclasses.replace(named, game_ref="")
    assert sheet_to_json(embedded, "pieces")["game"] == GAME


# --- the exact card rules ----------------------------------------------------------------

# The tutorial game of tests/test_rules.py: every card dealt as variant a.
DEALT = {7: "a", 8: "a", 10: "a", 13: "a", 14: "a", 18: "a", 19: "a", 20: "a"}
KITCHEN = ("Kitchen", [(7, ["counter-straight"]), (8, ["stove"]), (10, ["kitchen-island"])])
ROOMS = [("Kitchen", ["B2:E6"], [("E4", "e")])]


def _problems(plan: Any) -> list[tuple[str, str, tuple[str, ...], str]]:
    return [(p.code, p.severity, tuple(cell_names(p.cells)), p.path) for p in check(plan)]


def test_two_counters_for_one_token_leave_the_second_unpaid() -> None:
    plan = sheet(TUTORIAL, [("counter-straight", "B2"), ("counter-straight", "B5", 270)],
                 ROOMS, current="Bathroom", game=record(DEALT, [KITCHEN]))
    [unpaid] = [p for p in check(plan) if p.code == "not-selected" and p.cells]
    assert (unpaid.severity, cell_names(unpaid.cells), unpaid.path) == (
        "error", ["B5", "B6", "B7"], "$.pieces[1]")
    assert unpaid.message == (
        "pieces[1] (One-wall countertop) is paid for by no token of room Kitchen: card 7a "
        "(kitchen-corner or counter-straight): its token chose counter-straight for "
        "pieces[0] (One-wall countertop) at B2")


def test_the_pieces_left_over_are_the_last_in_sheet_order() -> None:
    # three stoves for one stove token: the first one is paid for, whatever the matching
    plan = sheet(TUTORIAL, [("stove", "C2"), ("stove", "B4", 270), ("stove", "D6", 180)],
                 ROOMS, current="Bathroom", game=record(DEALT, [KITCHEN]))
    settled = settle(plan, layout(plan))
    assert settled.unpaid == (1, 2)
    assert list(settled.payments) == [0]


def test_the_matching_pays_for_as_many_pieces_as_it_can() -> None:
    # card 20a's tokens chose the armchair and the floor lamp; two armchairs, the first one
    # with the wild card's other option: it takes the floor lamp's token, and the second
    # armchair the armchair's token. Without the wild card the second one is left over.
    living = ("Living room", [(18, ["sofa"]), (19, ["plant-small"]),
                              (20, ["armchair", "floor-lamp"])])
    game = record(DEALT, [KITCHEN, ("Bathroom", [(13, ["toilet"]), (14, ["shower"])]), living])
    pieces = [("armchair", "J3"), ("armchair", "L3")]
    plan = sheet(TUTORIAL, pieces, current="Living room", wild=((0,), "other-option"),
                 game=game)
    settled = settle(plan, layout(plan))
    assert settled.unpaid == ()
    assert (settled.payments[0].wild, settled.payments[0].token.choice) == (True, "floor-lamp")
    assert (settled.payments[1].wild, settled.payments[1].token.choice) == (False, "armchair")
    plain = dataclasses.replace(plan, wild_card=None)
    assert settle(plain, layout(plain)).unpaid == (1,)


def test_the_wild_card_would_pay_hint_is_exact() -> None:
    plan = sheet(TUTORIAL, [("kitchen-sink", "C2")], ROOMS, current="Bathroom",
                 game=record(DEALT, [KITCHEN]))
    lay = layout(plan)
    settled = settle(plan, lay)
    assert settled.unpaid == (0,)
    assert wild_would_pay(plan, lay, settled, 0)
    [unpaid] = [p for p in check(plan) if p.code == "not-selected" and p.cells]
    assert unpaid.message.endswith("; the wild card's other option, played on it, would pay "
                                   "for it")
    # with a stove already paid by the only token of card 8, the wild card does not help
    crowded = sheet(TUTORIAL, [("stove", "D2"), ("kitchen-sink", "B5", 270)], ROOMS,
                    current="Bathroom", game=record(DEALT, [KITCHEN]))
    lay = layout(crowded)
    assert not wild_would_pay(crowded, lay, settle(crowded, lay), 1)


def test_pieces_use_recorded_tokens_before_tokens_not_recorded_yet() -> None:
    # the living room: card 18 recorded (sofa), card 20 not yet (armchair or floor lamp):
    # the sofa is paid for by card 18, the armchair waits for card 20
    living = [("Living room", [(18, ["sofa"])])]
    plan = sheet(TUTORIAL, [("armchair", "J3"), ("sofa", "K6")], (), current="Living room",
                 game=record(DEALT, [KITCHEN, ("Bathroom", [(13, ["toilet"]), (14, ["shower"])]),
                                     *living]))
    settled = settle(plan, layout(plan))
    assert settled.payments[1].token.recorded
    assert settled.waiting() == [0]
    assert [p for p in _problems(plan) if p[0] == "not-selected"] == [
        ("not-selected", "todo", ("J3",), "$.pieces[0]"),
        ("not-selected", "todo", (), "$.game.rounds[2]")]
    assert [(p.severity, p.path) for p in check(plan, end_of_game=True)
            if p.code == "not-selected"] == [("error", "$.pieces[0]"),
                                             ("error", "$.game.rounds[2]")]


def test_a_piece_on_no_card_of_its_room_is_not_selected() -> None:
    plan = sheet(TUTORIAL, [("bed-single", "C3")], ROOMS, current="Bathroom",
                 game=record(DEALT, [KITCHEN]))
    [unpaid] = [p for p in check(plan) if p.code == "not-selected" and p.cells]
    assert unpaid.message == ("pieces[0] (Single bed) is paid for by no token of room Kitchen: "
                              "no card of room Kitchen offers bed-single (cards 7a, 8a, 10a)")
    assert not [p for p in check(plan) if p.code in ("not-on-room-cards", "too-many-pieces")]


def test_chosen_pieces_per_room_for_a_scanner() -> None:
    plan = read_sheet(TABLE / "dev.json")
    assert chosen_pieces(plan) == {
        "Kitchen": {"table-2": 1, "kitchen-corner": 1, "stove": 1},
        "Living room": {"sofa-corner": 1, "armchair": 1, "floor-lamp": 1, "plant-small-2": 1},
        "Bathroom": {"shower": 1, "toilet": 1},
    }
    with pytest.raises(ValueError, match="no game record"):
        chosen_pieces(dataclasses.replace(plan, game=None))


def test_room_order_compares_places_one_by_one() -> None:
    game = record(DEALT, [KITCHEN, ("Bathroom", []), ("Living room", [])])
    rooms = [("Kitchen", ["B2:E6"], [("E4", "e")]), ("Living room", ["I2:O11"], [("I9", "w")])]
    plan = sheet(TUTORIAL, (), rooms, current="Bathroom", game=game)
    assert [(p.path, p.message) for p in check(plan) if p.code == "room-order"] == [
        ("$.rooms[1]", "room Living room is the 2nd room walled on this sheet, but the game "
         "record plays Bathroom 2nd"),
        ("$.current_room", "room Bathroom is furnished as the 3rd room on this sheet, but the "
         "game record plays Living room 3rd")]


def test_a_record_for_the_sheet_is_its_own_game() -> None:
    assert isinstance(read_sheet(TABLE / "ben.json").game, GameRecord)


def test_the_pieces_paid_for_are_the_greedy_choice_on_random_rooms() -> None:
    """The earliest-paid matching pays for exactly the pieces the greedy choice keeps: a
    piece is paid for when it and every earlier paid piece can be paid for together (found
    here by brute force over subsets of tokens)."""
    import itertools
    import random

    from homestaging.rules.cardplay import token_matching

    def payable(chosen: list[int], links: dict[int, list[int]], tokens: int) -> bool:
        return any(all(t in links[p] for p, t in zip(chosen, order, strict=False))
                   for order in itertools.permutations(range(tokens), len(chosen)))

    rng = random.Random(7)
    for _ in range(300):
        pieces, tokens = rng.randint(1, 6), rng.randint(0, 5)
        links = {p: [t for t in range(tokens) if rng.random() < 0.4] for p in range(pieces)}
        order = list(range(pieces))
        matched = token_matching(order, list(range(tokens)), links.__getitem__)
        greedy: list[int] = []
        for piece in order:
            if len(greedy) < tokens and payable([*greedy, piece], links, tokens):
                greedy.append(piece)
        assert sorted(matched) == greedy
        assert all(matched[p] in links[p] for p in matched)
        assert len(set(matched.values())) == len(matched)


def test_the_matching_is_maximum_as_networkx_finds_it_on_random_rooms() -> None:
    """The matching pays for as many pieces as networkx's Hopcroft-Karp matching, each
    with a token it may use, no token twice, in piece order, on random rooms of up to 30
    pieces."""
    import random

    from networkx import Graph
    from networkx.algorithms.bipartite import hopcroft_karp_matching

    from homestaging.rules.cardplay import token_matching

    rng = random.Random(11)
    for _ in range(400):
        pieces, tokens = rng.randint(0, 30), rng.randint(0, 25)
        density = rng.choice((0.05, 0.15, 0.4))
        links = {p: [t for t in rng.sample(range(tokens), tokens) if rng.random() < density]
                 for p in range(pieces)}
        order = rng.sample(range(pieces), pieces)
        offered = rng.sample(range(tokens), rng.randint(0, tokens))
        matched = token_matching(order, offered, links.__getitem__)
        graph = Graph()
        left = [("piece", p) for p in order]
        graph.add_nodes_from(left)
        graph.add_nodes_from(("token", t) for t in offered)
        graph.add_edges_from((("piece", p), ("token", t)) for p in order for t in links[p]
                             if t in offered)
        expected = hopcroft_karp_matching(graph, top_nodes=left)
        assert len(matched) == sum(1 for node in left if node in expected)
        assert all(matched[p] in links[p] and matched[p] in offered for p in matched)
        assert len(set(matched.values())) == len(matched)
        assert list(matched) == [p for p in order if p in matched]


def test_drawable_pieces_follow_the_current_round() -> None:
    from homestaging.rules.cardplay import drawable

    # the living room of the four players' game, card 19 not recorded yet
    living = ("Living room", [(18, ["sofa-corner"]), (20, ["armchair", "floor-lamp"])])
    dealt = {7: "a", 8: "b", 10: "b", 13: "a", 14: "a", 18: "a", 19: "a", 20: "a"}
    game = record(dealt, [("Kitchen", [(10, ["table-2"]), (7, ["kitchen-corner"]),
                                       (8, ["stove"])]), living])
    plan = sheet(TUTORIAL, (), [("Kitchen", ["B2:E6"], [("E4", "e")])],
                 current="Living room", game=game)
    assert drawable(plan) == ("sofa-corner", "armchair", "floor-lamp", "sofa", "plant-small",
                              "plant-small-2")
    played = dataclasses.replace(plan, wild_card=WildCard((0,), "mirror"))
    assert drawable(played) == ("sofa-corner", "armchair", "floor-lamp", "plant-small",
                                "plant-small-2")
    assert drawable(plan, "Bathroom") == ("toilet", "washbasin", "bathtub", "shower")
    with pytest.raises(ValueError, match="no game record"):
        drawable(dataclasses.replace(plan, game=None))


# --- a record written from a finished sheet -------------------------------------------------


def test_a_sheet_played_without_a_record_gets_the_one_its_pieces_imply() -> None:
    plan = read_sheet(ROOT / "examples" / "tutorial-finished.json")
    game = record_of(plan)
    assert record_json(game) == {
        "format": "homestaging-game/1", "project": "tutorial",
        "dealt": {"7": "a", "8": "a", "10": "b", "13": "a", "14": "a", "18": "a", "19": "a",
                  "20": "a"},
        "rounds": [
            {"room": "Kitchen", "cards": [{"card": 7, "tokens": ["kitchen-corner"]},
                                          {"card": 8, "tokens": ["stove"]},
                                          {"card": 10, "tokens": ["table-2"]}]},
            {"room": "Bathroom", "cards": [{"card": 13, "tokens": ["toilet"]},
                                           {"card": 14, "tokens": ["shower"]}]},
            {"room": "Living room", "cards": [{"card": 18, "tokens": ["sofa-corner"]},
                                              {"card": 19, "tokens": ["plant-small-2"]},
                                              {"card": 20, "tokens": ["armchair",
                                                                      "floor-lamp"]}]}]}
    # The exact card rules then find nothing to say, and it reads back as written.
    assert check(dataclasses.replace(plan, game=game)) == check(plan)
    assert dataclasses.replace(parse_record(record_json(game), "game.json", ROOT),
                               source="") == game


def test_the_wild_cards_other_option_is_recorded_as_the_option_chosen() -> None:
    plan = read_sheet(TABLE / "ben.json")  # the bathtub, the other option of card 14a
    game = record_of(dataclasses.replace(plan, game=None))
    assert game.chosen() == plan.game.chosen() if plan.game else False
    assert [p for p in check(dataclasses.replace(plan, game=game))
            if p.severity.value == "error"] == []


def test_a_piece_no_deal_pays_for_stays_unpaid_and_check_names_it() -> None:
    plan = read_sheet(TABLE / "dev.json")  # the bathroom cabinet needs 13b, the toilet 13a
    game = record_of(dataclasses.replace(plan, game=None))
    assert game.chosen()["Bathroom"] == {"toilet": 1, "bathtub": 1}
    problems = [(p.code.value, p.path) for p in check(dataclasses.replace(plan, game=game))
                if p.severity.value == "error"]
    assert ("variant-not-dealt", "$.furniture_grid[1]") in problems
