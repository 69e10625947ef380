"""Every kind of loader error, with its exact location, and all of a file's problems at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz import FUZZ

from homestaging.core.errors import InputError
from homestaging.formats import readers
from homestaging.formats.catalogreader import load_catalog
from homestaging.formats.projectreader import load_project
from homestaging.formats.readers import MAX_YAML_NODES, load_json

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = (ROOT / "projects" / "00-tutorial.yaml").read_text()


def _messages(error: pytest.ExceptionInfo[InputError]) -> list[str]:
    return [str(m) for m in error.value.messages]


def _project(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "p.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_project(path)
    return [m.replace(str(path), "p.yaml") for m in _messages(caught)]


def _tutorial(*swaps: tuple[str, str]) -> str:
    text = TUTORIAL
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new)
    return text


# -- catalog -------------------------------------------------------------------------

PIECES = """\
- id: chair
  name: Chair
  art: |
    C?
- id: table
  name: Table
  art: |
    TT
- id: table
  name: Table again
  art: |
    TT
- id: stool
  name: Stool
  colour: red
  art: |
    S
- id: bench
  name: 7
  art: |
    B
- id: shelf
  name: Shelf
  art: |
    SS
  wall: [up]
- id: lamp
  name: Lamp
  hatch: '#'
  art: |
    L
"""

CARDS = """\
- {number: 1, variant: a, options: [table, sofa-x]}
- {number: 1, variant: a, options: [table, table]}
- {number: 2, variant: a, options: [table]}
"""


def test_catalog_reports_every_problem_of_every_file(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(PIECES)
    (tmp_path / "cards.yaml").write_text(CARDS)
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    a, cards = tmp_path / "a.yaml", tmp_path / "cards.yaml"
    assert _messages(caught) == [
        f"{a}: $[3].colour: unknown key 'colour' (expected one of: id, name, tags, art, wall, "
        "kind, hatch, notes)",
        f"{a}: $[4].name: expected a string, found 7",
        f"{a}: $[5].wall[0]: expected one of n, e, s, w; found \"up\"",
        f"{a}: $[6].hatch: expected one of /, \\, |, -, x; found \"#\"",
        f"{a}: $[0].art: bad art: row 1, column 2: expected a letter, 'o' or '.', found '?'",
        f"{a}: $[2].id: duplicate piece id 'table'",
        f"{cards}: $[2].options: expected at least 2 entries, found 1",
        f"{cards}: $[0].options[1]: unknown piece id 'sofa-x'",
        f"{cards}: $[1]: card 1a is listed twice",
    ]


@pytest.mark.parametrize(
    ("art", "message"),
    [
        ("oo", "bad art: the art has no furniture square (a letter other than 'o')"),
        ("AB", "bad art: expected one letter for the furniture squares, found ['A', 'B']"),
    ],
    ids=["no-furniture", "two-letters"],
)
def test_catalog_bad_art(tmp_path: Path, art: str, message: str) -> None:
    (tmp_path / "a.yaml").write_text(f"- {{id: x, name: X, art: {art}}}\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert _messages(caught) == [f"{tmp_path / 'a.yaml'}: $[0].art: {message}"]


def test_catalog_wall_side_behind_circulation(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("- {id: x, name: X, art: \"XX\\noo\", wall: [s]}\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert _messages(caught) == [
        f"{tmp_path / 'a.yaml'}: $[0].wall: wall side(s) s: a circulation square stands between "
        "the furniture and the wall"
    ]


def test_catalog_hatches_look_alikes_apart(tmp_path: Path) -> None:
    # Pieces that look the same on paper and may meet (a tag or a card number in common)
    # get different hatches, in catalog order; a hatch given is kept; a piece of another
    # look, or sharing nothing, starts again from the first style.
    (tmp_path / "a.yaml").write_text(
        "- {id: lamp, name: Lamp, tags: [living], art: \"L\\no\"}\n"
        "- {id: chair, name: Chair, tags: [living], art: \"C\\no\"}\n"
        "- {id: stool, name: Stool, tags: [other], art: \"S\\no\"}\n"
        "- {id: vase, name: Vase, tags: [living], art: \"V\\no\", hatch: '|'}\n"
        "- {id: pouf, name: Pouf, tags: [living], art: \"P\\no\"}\n"
        "- {id: bench, name: Bench, tags: [living], art: \"BB\\noo\"}\n"
        "- {id: crate, name: Crate, tags: [other], art: \"K\\no\"}\n")
    (tmp_path / "cards.yaml").write_text("- {number: 1, variant: a, options: [stool, crate]}\n")
    catalog = load_catalog(tmp_path)
    assert {p.id: p.hatch for p in catalog.pieces.values()} == {
        "lamp": "/", "chair": "\\", "stool": "/", "vase": "|", "pouf": "-", "bench": "/",
        "crate": "\\"}


def test_bundled_look_alikes_that_meet_are_hatched_apart() -> None:
    # In every room of every bundled project, pieces of its cards that look the same on
    # paper differ by their hatch; only the cat lovers' bathroom offers six look-alikes,
    # one more than there are styles (the litter box and the scratching post share one;
    # the litter box needs a wall).
    from homestaging.core.catalog import paper_look
    from homestaging.formats.projectreader import bundled_project_files, find_project

    shared = []
    for reference in bundled_project_files():
        project = find_project(reference)
        for room in project.rooms:
            ids = {i for slot in room.cards for i in project.catalog.card_options(slot.number)}
            seen: dict[tuple[object, str], str] = {}
            for piece_id in sorted(ids):
                piece = project.catalog.pieces[piece_id]
                key = (paper_look(piece), piece.hatch)
                if not piece.is_rug and key in seen:
                    shared.append((project.id, room.name, seen[key], piece_id))
                seen.setdefault(key, piece_id)
    assert shared == [("cat-lovers", "Bathroom", "litter-box", "scratching-post")]


def test_catalog_duplicate_id_across_files(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("- {id: x, name: X, art: X}\n")
    (tmp_path / "b.yaml").write_text("- {id: y, name: Y, art: Y}\n- {id: x, name: X, art: X}\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert _messages(caught) == [f"{tmp_path / 'b.yaml'}: $[1].id: duplicate piece id 'x'"]


def test_catalog_not_a_list(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("id: x\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert _messages(caught) == [f"{tmp_path / 'a.yaml'}: $: expected a list, found an object"]


def test_cards_wrong_option_count_too_many(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("- {id: x, name: X, art: X}\n")
    (tmp_path / "cards.yaml").write_text("- {number: 3, variant: b, options: [x, x, x]}\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert _messages(caught) == [
        f"{tmp_path / 'cards.yaml'}: $[0].options: expected at most 2 entries, found 3"
    ]


# -- projects ------------------------------------------------------------------------


def test_project_room_card_that_does_not_exist(tmp_path: Path) -> None:
    text = _tutorial(("{number: 13, tokens: 1}", "{number: 77, tokens: 1}"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.rooms[1].cards[0].number: there is no card number 77"
    ]


def test_project_reports_all_problems_at_once(tmp_path: Path) -> None:
    text = _tutorial(
        ('house: ["B2:O11"]', 'house: ["B2:O11", "C3:D4", "A12"]'),
        ("obstacles: [H6]", "obstacles: [H6, P1]"),
        ("{kind: tree, cells: [P3]}", "{kind: tree, cells: [C3]}"),
        ("{number: 20, tokens: 2}", "{number: 20, tokens: 25}, {number: 20, tokens: 25}, "
         "{number: 20, tokens: 25}, {number: 20, tokens: 25}"),
        ("{view: {room: Living room, feature: tree}}", "{view: {room: Lounge, feature: tree}}"),
    )
    assert _project(tmp_path, text) == [
        "p.yaml: $.house[1]: overlaps an earlier house range at C3-D3, C4-D4",
        "p.yaml: $.house: the house is not one connected region: 2 separate parts, starting at "
        "B2, A12",
        "p.yaml: $.obstacles[1]: obstacle at P1 is outside the house",
        "p.yaml: $.features[1].cells: feature squares C3 lie inside the house",
        "p.yaml: $.features[2].cells: feature squares A12 lie inside the house",
        "p.yaml: $.rooms: the rooms use 107 selection tokens; a project may use at most 100 "
        "(the box has 25)",
        "p.yaml: $.bonuses[0].when.view.room: no room named 'Lounge' (rooms: Bathroom, Kitchen, "
        "Living room)",
    ]


def test_project_disconnected_house(tmp_path: Path) -> None:
    text = _tutorial(('house: ["B2:O11"]', 'house: ["B2:E5", "H8:K11"]'), ("[H6]", "[]"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.house: the house is not one connected region: 2 separate parts, starting at "
        "B2, H8"
    ]


def test_project_obstacle_outside_house(tmp_path: Path) -> None:
    assert _project(tmp_path, _tutorial(("obstacles: [H6]", "obstacles: [A1]"))) == [
        "p.yaml: $.obstacles[0]: obstacle at A1 is outside the house"
    ]


def test_project_feature_inside_house(tmp_path: Path) -> None:
    text = _tutorial(("{kind: tree, cells: [A6]}", "{kind: tree, cells: [B6]}"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.features[0].cells: feature squares B6 lie inside the house"
    ]


def test_project_unknown_bonus_construct(tmp_path: Path) -> None:
    text = _tutorial(("when: {view: {room: Living room, feature: tree}}",
                      "when: {near: {room: Kitchen}}"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.bonuses[0].when.near: unknown key 'near' (expected one of: view, distance, "
        "adjacent, count, room_size, all, any, not)"
    ]


def test_project_unknown_room_in_bonus(tmp_path: Path) -> None:
    text = _tutorial(("to: {door: Kitchen}", "to: {door: Cellar}"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.bonuses[2].when.distance.to.door: no room named 'Cellar' (rooms: Bathroom, "
        "Kitchen, Living room)"
    ]


def test_project_too_many_tokens(tmp_path: Path) -> None:
    text = _tutorial(("{number: 20, tokens: 2}", "{number: 20, tokens: 25}, "
                      "{number: 20, tokens: 25}, {number: 20, tokens: 25}, "
                      "{number: 20, tokens: 19}"))
    assert _project(tmp_path, text) == [
        "p.yaml: $.rooms: the rooms use 101 selection tokens; a project may use at most 100 "
        "(the box has 25)"
    ]


def test_yaml_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    text = _tutorial(("  - name: Bathroom\n", "  - name: [Bathroom\n"))
    line = text.splitlines().index("  - name: [Bathroom") + 1
    assert _project(tmp_path, text) == [
        f"p.yaml:{line + 1}:9: expected ',' or ']' here: a comma is missing, or the '[' "
        f"(opened at line {line}, column 11) is never closed"
    ]


def test_yaml_duplicate_key(tmp_path: Path) -> None:
    text = _tutorial(("difficulty: 0\n", "difficulty: 0\nname: Again\n"))
    line = text.splitlines().index("name: Again") + 1
    assert _project(tmp_path, text) == [f"p.yaml:{line}:1: duplicate key 'name'"]


def test_yaml_alias_bomb(tmp_path: Path) -> None:
    row = ", ".join(["*a"] * 10)
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for name, previous in zip("bcdef", "abcde", strict=True):
        lines.append(f"{name}: &{name} [{row.replace('*a', '*' + previous)}]")
    assert _project(tmp_path, "\n".join(lines) + "\n") == [
        f"p.yaml:6:4: expands to more than {MAX_YAML_NODES} values (alias bomb?)"
    ]


def test_project_schema_errors_all_at_once(tmp_path: Path) -> None:
    text = _tutorial(("difficulty: 0", "difficulty: 9"), ("type: bathroom", "type: cellar"))
    messages = _project(tmp_path, text)
    assert messages == [
        "p.yaml: $.difficulty: expected at most 3, found 9",
        "p.yaml: $.rooms[1].type: expected one of kitchen, bathroom, bedroom, living, dining, "
        "office, other; found \"cellar\"",
    ]


def test_project_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_bytes(b"id: x\nname: \xff\n")
    with pytest.raises(InputError) as caught:
        load_project(path)
    assert _messages(caught) == [f"{path}:2:7: is not UTF-8 text (binary data?)"]


def test_file_too_large(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_bytes(b"#" * (10 * 1024 * 1024 + 1))
    with pytest.raises(InputError) as caught:
        load_project(path)
    assert _messages(caught) == [f"{path}: file is larger than 10 MB"]



def test_project_with_no_house() -> None:
    import yaml

    from homestaging.formats.projectreader import parse_project

    document = yaml.safe_load((ROOT / "projects" / "00-tutorial.yaml").read_text())
    document["house"] = []
    with pytest.raises(InputError) as caught:
        parse_project(document, "p.yaml")
    assert [str(m) for m in caught.value.messages] == [
        "p.yaml: $.house: expected at least 1 entry, found 0"
    ]


# -- JSON text: the quick looks agree with plain ones -----------------------------------

_TEXT = st.text(st.sampled_from(["a", " ", "\n", "\t", "\\", "u", "0", "1", "b", "\x00",
                                 "\x07", "\x0b", "\x1f", "\x7f", "\x85", "\x9f", "é", "\u2028"]),
                max_size=12)


@settings(FUZZ, max_examples=300)
@given(_TEXT)
def test_a_text_with_a_control_character_is_always_looked_at(text: str) -> None:
    """The quick look of an ASCII text (its control bytes deleted, lengths compared) and
    the search of any other never miss a control character written as it is."""
    if re.search(readers._CONTROL, text):
        assert readers._maybe_control(text), repr(text)
    elif not readers._CONTROL_ESCAPE.search(text):
        assert not readers._maybe_control(text), repr(text)


@settings(FUZZ, max_examples=200)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.integers(0, 3)), max_size=6),
       st.booleans())
def test_every_key_given_twice_is_named(pairs: list[tuple[str, int]], nested: bool) -> None:
    """Each key seen again in an object is reported once per repeat, in file order, at its
    path; an object without one reads as the plain dict of its pairs."""
    body = "{" + ", ".join(f'"{key}": {value}' for key, value in pairs) + "}"
    text = '{"x": ' + body + "}" if nested else body
    seen: set[str] = set()
    again = []
    for key, _ in pairs:
        if key in seen:
            again.append(key)
        seen.add(key)
    where = "$.x." if nested else "$."
    if not again:
        value = load_json(text, "f.json")
        assert (value["x"] if nested else value) == dict(pairs)
        return
    with pytest.raises(InputError) as caught:
        load_json(text, "f.json")
    assert _messages(caught) == [f"f.json: {where}{key}: duplicate key '{key}'" for key in again]
