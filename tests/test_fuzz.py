"""Hostile and broken input: random and mutated files must give a result or an InputError.

Every test here feeds generated input to a reader or parser and accepts exactly two
outcomes: a value, or an :class:`InputError` whose messages are located (a line or a
JSON path). Any other exception, or a run past the wall-clock guard, fails the test.
Runs are derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import copy
import json
import math
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plans import SPEC_SHEET, Document

from homestaging.core.errors import InputError, Located
from homestaging.formats import sheetreader
from homestaging.formats.catalogreader import bundled_catalog, data_dir, parse_cards, parse_pieces
from homestaging.formats.files import read_text
from homestaging.formats.projectreader import parse_project
from homestaging.formats.readers import load_json, load_yaml
from homestaging.rules import checks as rules
from homestaging.scoring import card as scoring
from homestaging.text.report import scorecard_json

ROOT = Path(__file__).resolve().parent.parent
# HOMESTAGING_FUZZ_EXAMPLES=N runs N random (not derandomized) examples per test: a
# deeper search than CI's, for a developer's machine.
DEEP = int(os.environ.get("HOMESTAGING_FUZZ_EXAMPLES", "0"))
# A test using more processor time than this is a hang (processor time, not wall time:
# the guard must not fire on a loaded machine); one waiting WAIT_FACTOR times as long in
# wall time is a hang too (blocked on a read).
GUARD_SECONDS = 3600 if DEEP else 30
WAIT_FACTOR = 20
FUZZ = settings(
    max_examples=DEEP or 80,
    deadline=None,
    derandomize=not DEEP,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(autouse=True)
def wall_clock() -> Iterator[None]:
    """Fail any test of this module that uses more than GUARD_SECONDS of processor time,
    or waits WAIT_FACTOR times as long (a hang)."""

    def expired(signum: int, frame: FrameType | None) -> None:
        clock = "processor" if signum == signal.SIGPROF else "wall"
        raise TimeoutError(f"took longer than {GUARD_SECONDS} s of {clock} time")

    previous = {number: signal.signal(number, expired)
                for number in (signal.SIGPROF, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_PROF, GUARD_SECONDS)
    signal.setitimer(signal.ITIMER_REAL, GUARD_SECONDS * WAIT_FACTOR)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for number, handler in previous.items():
            signal.signal(number, handler)


def assert_located(error: InputError, file: str) -> None:
    """Every message names a file and says something; those about ``file`` say where."""
    assert error.messages, "an InputError without messages"
    for message in error.messages:
        assert isinstance(message, Located)
        assert message.message.strip(), message
        if message.file == file:
            assert message.line is not None or message.path is not None, str(message)
            assert message.path is None or message.path.startswith("$"), str(message)


def outcome(call: Callable[[], Any], file: str) -> Any:
    """The value of ``call()``, or None after checking the InputError it raised."""
    try:
        return call()
    except InputError as error:
        assert_located(error, file)
        return None


# --------------------------------------------------------------------------- strategies

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["C5", "A0", "ZZZ9999", "A1:ZZZ9999", "B2:E4", "n", "tutorial", "bed"])
)
KEYS = st.text(max_size=8) | st.sampled_from(
    [
        "id",
        "name",
        "art",
        "kind",
        "wall",
        "tags",
        "number",
        "variant",
        "options",
        "sheet",
        "width",
        "height",
        "house",
        "rooms",
        "cards",
        "tokens",
        "type",
        "bonuses",
        "when",
        "per",
    ]
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=25,
)
YAML_TEXT = st.text(
    alphabet=st.sampled_from([*"ab1:-[]{},&*!|>'\"#%@`? \n\t.~\\", "\u00e9", "\u202e"]),
    max_size=80,
)

WRONG = [
    None,
    True,
    False,
    -1,
    0,
    10**30,
    -(10**30),
    1.5,
    math.nan,
    math.inf,
    "",
    "ZZZ9999",
    "A0",
    "A1:ZZZ9999",
    "A1:GR200",
    "\u0645\u0637\u0628\u062e \u202e\U0001f6cb",
    "x" * 300,
    [],
    {},
    ["C5", "q"],
    [["C5", "s"]],
    {"a": 1},
    [1, 2, 3],
]
MUTATION = st.tuples(
    st.sampled_from(["delete", "replace", "duplicate", "unicode"]),
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from(WRONG),
)


def node_paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every node of a JSON-like value, the root first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from node_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from node_paths(item, (*prefix, index))


def mutate(document: Any, mutation: tuple[str, int, Any]) -> Any:
    """A copy of ``document`` with one node deleted, replaced, duplicated or renamed."""
    kind, pick, wrong = mutation
    doc = copy.deepcopy(document)
    paths = list(node_paths(doc))
    path = paths[pick % len(paths)]
    if not path:
        return copy.deepcopy(wrong) if kind == "replace" else doc
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if kind == "delete":
        del parent[last]
    elif kind == "replace":
        parent[last] = copy.deepcopy(wrong)
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif kind == "unicode" and isinstance(parent[last], str):
        parent[last] = parent[last] + "\u0301\u540d\u202e"
    elif kind in ("duplicate", "unicode") and isinstance(parent, dict):
        parent[f"{last}\u00e9"] = parent.pop(last)
    return doc


def yaml_documents(folder: str) -> list[Document]:
    return [
        Document(path.name, yaml.safe_load(path.read_text(encoding="utf-8")))
        for path in sorted(data_dir(folder).glob("*.yaml"))
    ]


PROJECTS = yaml_documents("projects")
FURNITURE = [doc for doc in yaml_documents("furniture") if doc.name != "cards.yaml"]
CARDS = dict(yaml_documents("furniture"))["cards.yaml"]


# --------------------------------------------------------------------------- readers


@FUZZ
@given(st.binary(max_size=200))
def test_read_text_of_binary_junk(tmp_path_factory: pytest.TempPathFactory, junk: bytes) -> None:
    path = tmp_path_factory.mktemp("junk") / "junk.json"
    path.write_bytes(junk)
    found = outcome(lambda: read_text(path), str(path))
    if found is not None:
        name, text = found
        assert name == str(path)
        outcome(lambda: load_json(text, name), name)
        outcome(lambda: load_yaml(text, name), name)


@FUZZ
@given(st.text(max_size=200))
def test_load_json_of_random_text(text: str) -> None:
    outcome(lambda: load_json(text, "f.json"), "f.json")


def not_finite(value: Any) -> bool:
    """Whether a float NaN or infinity lies anywhere in ``value``."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(not_finite(item) for item in value.values())
    if isinstance(value, list):
        return any(not_finite(item) for item in value)
    return False


@FUZZ
@given(VALUES)
def test_load_json_round_trip_or_refusal(value: Any) -> None:
    text = json.dumps(value)
    found = outcome(lambda: load_json(text, "f.json"), "f.json")
    if not_finite(value):  # written as NaN/Infinity, which JSON does not have
        assert found is None or isinstance(found, str)
    elif found is not None:
        assert json.dumps(found) == text


@FUZZ
@given(YAML_TEXT)
def test_load_yaml_of_random_text(text: str) -> None:
    outcome(lambda: load_yaml(text, "f.yaml"), "f.yaml")


@FUZZ
@given(VALUES)
def test_load_yaml_round_trip(value: Any) -> None:
    text = yaml.safe_dump(value, allow_unicode=True)
    found = outcome(lambda: load_yaml(text, "f.yaml"), "f.yaml")
    if found is not None:  # the safe reader agrees with PyYAML's own safe loader
        assert repr(found) == repr(yaml.safe_load(text))


# --------------------------------------------------------------------------- parsers


@FUZZ
@given(VALUES)
def test_parse_pieces_and_cards_of_random_values(value: Any) -> None:
    pieces, problems = parse_pieces(value, "c.yaml")
    for problem in problems:
        assert problem.path is not None and problem.path.startswith("$"), problem
    cards, problems = parse_cards(value, "c.yaml", bundled_catalog().pieces)
    for problem in problems:
        assert problem.path is not None and problem.path.startswith("$"), problem
    assert not (pieces and cards) or isinstance(value, list)


@FUZZ
@given(st.sampled_from(FURNITURE), MUTATION)
def test_parse_pieces_of_mutated_catalog(entry: Document, mutation: Any) -> None:
    name, document = entry
    pieces, problems = parse_pieces(mutate(document, mutation), name)
    for problem in problems:
        assert problem.path is not None and problem.path.startswith("$"), problem
    for piece in pieces:
        assert piece.orientations and piece.size >= 1


@FUZZ
@given(MUTATION)
def test_parse_cards_of_mutated_cards(mutation: Any) -> None:
    cards, problems = parse_cards(mutate(CARDS, mutation), "cards.yaml", bundled_catalog().pieces)
    for problem in problems:
        assert problem.path is not None and problem.path.startswith("$"), problem
    assert len(cards) <= len(CARDS) + 1


@FUZZ
@given(
    VALUES
    | st.fixed_dictionaries(
        {"id": st.just("x"), "name": st.just("X")},
        optional={
            "sheet": VALUES,
            "house": VALUES,
            "rooms": VALUES,
            "bonuses": VALUES,
            "walls": VALUES,
        },
    )
)
def test_parse_project_of_random_values(value: Any) -> None:
    outcome(lambda: parse_project(value, "p.yaml"), "p.yaml")


@settings(FUZZ, max_examples=DEEP or 150)
@given(st.sampled_from(PROJECTS), MUTATION)
def test_parse_project_of_mutated_projects(entry: Document, mutation: Any) -> None:
    name, document = entry
    project = outcome(lambda: parse_project(mutate(document, mutation), name), name)
    if project is not None:
        assert project.house and 1 <= project.width <= 200 and 1 <= project.height <= 200
        project.exterior_walls()


# --------------------------------------------------------------------------- sheets


def sheet_documents() -> list[Document]:
    found = [Document("spec.json", SPEC_SHEET)]
    for path in sorted((ROOT / "examples").glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        found.append(Document(path.name, json.loads(path.read_text(encoding="utf-8"))))
    return found


SHEETS = sheet_documents()


def check_and_score(sheet: Any) -> None:
    """rules.check and scoring.score must not raise on a readable sheet."""
    for problem in rules.check(sheet):
        assert problem.code and problem.severity in ("error", "warning", "todo")
        assert problem.path.startswith("$"), problem
    card = scoring.score(sheet)
    json.dumps(scorecard_json(card))


@FUZZ
@given(
    VALUES
    | st.fixed_dictionaries(
        {"format": st.just("homestaging-sheet/1"), "project": st.just("tutorial")},
        optional={key: VALUES for key in SPEC_SHEET if key not in ("format", "project")},
    )
)
def test_parse_sheet_of_random_values(tmp_path_factory: pytest.TempPathFactory, value: Any) -> None:
    base = tmp_path_factory.getbasetemp()
    sheet = outcome(lambda: sheetreader.parse_sheet(value, "s.json", base), "s.json")
    if sheet is not None:
        check_and_score(sheet)


def read_mutated(tmp_path_factory: pytest.TempPathFactory, entry: Document,
                 mutation: Any) -> None:
    """Read the sheet ``entry`` changed by ``mutation``; check and score it when it reads."""
    name, document = entry
    base = tmp_path_factory.getbasetemp()
    sheet = outcome(lambda: sheetreader.parse_sheet(mutate(document, mutation), name, base), name)
    if sheet is not None:
        check_and_score(sheet)


@settings(FUZZ, max_examples=DEEP or 150)
@given(st.sampled_from(SHEETS), MUTATION)
def test_parse_sheet_of_mutated_sheets(
    tmp_path_factory: pytest.TempPathFactory, entry: Document, mutation: Any
) -> None:
    read_mutated(tmp_path_factory, entry, mutation)


@pytest.mark.parametrize(("name", "document"), SHEETS, ids=[name for name, _ in SHEETS])
def test_unmutated_sheets_read_and_check(name: str, document: Any) -> None:
    sheet = sheetreader.parse_sheet(copy.deepcopy(document), name, ROOT / "examples")
    check_and_score(sheet)


def test_wild_card_with_a_null_legend_is_an_input_error() -> None:
    data = {**SPEC_SHEET, "furniture_legend": None}
    with pytest.raises(InputError) as caught:
        sheetreader.parse_sheet(data, "s.json", ROOT)
    assert "$.furniture_legend" in {m.path for m in caught.value.messages}


def game_sheets() -> list[Document]:
    """The four players' sheets with their game record embedded (so that mutations reach
    the record too)."""
    table = ROOT / "examples" / "four-players"
    record = json.loads((table / "game.json").read_text(encoding="utf-8"))
    found = []
    for name in ("ada", "ben", "chloe", "dev"):
        document = json.loads((table / f"{name}.json").read_text(encoding="utf-8"))
        found.append(Document(f"{name}.json", {**document, "game": record}))
    return found


GAME_SHEETS = game_sheets()


@settings(FUZZ, max_examples=DEEP or 150)
@given(st.sampled_from(GAME_SHEETS), MUTATION)
def test_parse_sheet_with_a_mutated_game_record(
    tmp_path_factory: pytest.TempPathFactory, entry: Document, mutation: Any
) -> None:
    read_mutated(tmp_path_factory, entry, mutation)


@FUZZ
@given(VALUES)
def test_parse_record_of_random_values(value: Any) -> None:
    from homestaging.formats.gamereader import parse_record

    outcome(lambda: parse_record(value, "g.json", ROOT), "g.json")


@settings(FUZZ, max_examples=DEEP or 150)
@given(MUTATION, MUTATION)
def test_parse_record_of_mutated_records(first: Any, second: Any) -> None:
    from homestaging.formats.gamereader import parse_record

    record = GAME_SHEETS[0][1]["game"]
    mutated = mutate(mutate(record, first), second)
    outcome(lambda: parse_record(mutated, "game.json", ROOT / "examples" / "four-players"),
            "game.json")
