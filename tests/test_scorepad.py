"""The shared score pad: its text form and JSON (report), and the ranking by total then
tie-breaks (scorepad)."""

from __future__ import annotations

from homestaging.core.errors import Problem, Severity
from homestaging.core.scorepad import Category, Item, ScorePad, order, rank, shared_places
from homestaging.text.report import (
    format_pad,
    format_pad_ranking,
    pad_json,
    pad_lines,
    ranking_lines,
)


def _pad(player: str, points: int, tiebreak: int, *, source: str = "",
         problems: tuple[Problem, ...] = ()) -> ScorePad:
    return ScorePad("Game", player, (Category("Points", (Item("all", points),)),),
                    (("cards", tiebreak),), problems, source)


def test_pad_lines_align_points_and_totals() -> None:
    lines = pad_lines(["title"], [("a", "3"), ("   why", None), ("b", "-12")],
                      [("TOTAL", "-9"), ("a long tie-break label for this pad", "4")])
    assert lines == [
        "title",
        "-" * 40,
        f"{'a':<35}    3",
        "   why",
        f"{'b':<35}  -12",
        "-" * 40,
        f"{'TOTAL':<35}   -9",
        "a long tie-break label for this pad    4",
    ]


def test_pad_lines_wrap_a_long_row_under_itself_and_an_explanation_under_its_text() -> None:
    bonus = "[x] +3 if the living room looks onto the street and has at least 25 squares"
    why = "      the Living room at B2-F6 looks onto the street at A3 and has 30 squares"
    lines = pad_lines(["title"], [(bonus, "+3"), (why, None)], [("TOTAL", "3")], width=60)
    assert lines == [
        "title",
        "-" * 60,
        "[x] +3 if the living room looks onto the street and has   +3",
        "    at least 25 squares",
        "      the Living room at B2-F6 looks onto the street at A3",
        "          and has 30 squares",
        "-" * 60,
        f"{'TOTAL':<55}    3",
    ]
    # wide enough, nothing wraps
    assert pad_lines(["title"], [(bonus, "+3")], [], width=100)[2] == f"{bonus}   +3"


def test_format_pad_shows_categories_items_and_errors() -> None:
    broken = Problem("rule", Severity.ERROR, "broken here", "x", ((2, 4),), "$.x")
    warned = Problem("hint", Severity.WARNING, "only a warning", "y", (), "$.y")
    pad = ScorePad("Game", "Ada", (
        Category("1. Goals", (Item("met", 3, "because", True), Item("missed", 0, "", False))),
        Category("2. Extra", (Item("count", 2),)),
    ), (("cards", 7),), (broken, warned), "ada.json", notes=("a note",))
    assert format_pad(pad) == (
        "ada.json - Game - Ada\n"
        "PROVISIONAL: the record has 1 error\n"
        "---------------------------------\n"
        "1. Goals                        3\n"
        "  [x] met: +3\n"
        "      because\n"
        "  [ ] missed: 0\n"
        "2. Extra                        2\n"
        "  count: +2\n"
        "---------------------------------\n"
        "TOTAL (provisional)             5\n"
        "cards (tie-break)               7\n"
        "a note\n"
        "\n"
        "Errors:\n"
        "  ada.json: C5: rule: broken here\n")
    data = pad_json(pad)
    assert (data["total"], data["final"], data["notes"]) == (5, False, ["a note"])
    assert data["tiebreaks"] == [{"name": "cards", "value": 7}]
    assert data["problems"][0]["cells"] == ["C5"]
    assert data["categories"][0]["items"][0] == {
        "text": "met", "points": 3, "awarded": True, "explanation": "because"}


def test_ranking_by_total_then_tie_breaks_with_shared_places() -> None:
    pads = [_pad("a", 10, 1, source="a.json"), _pad("b", 12, 0, source="b.json"),
            _pad("c", 10, 3, source="c.json"), _pad("d", 10, 1, source="d.json")]
    assert [p.player for p in rank(pads)] == ["b", "c", "a", "d"]
    assert shared_places([[12, 0], [10, 3], [10, 1], [10, 1]]) == [1, 2, 3, 3]
    assert format_pad_ranking(pads) == (
        "place  player  file    total  cards\n"
        "    1  b       b.json     12      0\n"
        "    2  c       c.json     10      3\n"
        "    3  a       a.json     10      1\n"
        "    3  d       d.json     10      1\n")


def test_ranking_without_tie_break_marks_provisional_and_lists_problems() -> None:
    broken = Problem("rule", Severity.ERROR, "broken", "x")
    pads = [ScorePad("Game", "a", (), source="a.json"),
            ScorePad("Game", "", (Category("c", (Item("i", 2),)),), problems=(broken,))]
    assert format_pad_ranking(pads) == (
        "place  player  file    total\n"
        "    1  -       -           2  *\n"
        "    2  a       a.json      0\n"
        "* provisional: the record has errors\n"
        "\n"
        "Problems:\n"
        ": rule: broken\n")


def test_order_is_stable_and_ranking_lines_align() -> None:
    assert order(["b1", "a2", "c1"], lambda s: [int(s[1])]) == ["a2", "b1", "c1"]
    assert ranking_lines(["x", "name"], [["1", "ab"], ["10", "c"]], {1}) == [
        " x  name", " 1  ab", "10  c"]
