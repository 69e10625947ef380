"""The model's dataclasses built on ``record.Record`` compare, hash and show themselves
exactly as the methods a dataclass generates would (the same values, so the same set
orders and outputs), on the objects of the example sheets; ``record.dataclass`` makes
frozen classes that behave as the standard decorator's."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homestaging.access import access
from homestaging.layout import layout
from homestaging.moves import best_moves, rank_pairs, standing
from homestaging.placement import SheetMasks, card_variants
from homestaging.record import Record, dataclass, replace
from homestaging.scoring import score
from homestaging.sheetreader import read_sheet

ROOT = Path(__file__).resolve().parent.parent
SHEETS = sorted(p for p in (ROOT / "examples").glob("*.json")
                if not p.name.endswith(".expected.json"))
CLASSES = {
    "pieces": ["Piece", "Placement"],
    "project": ["RoomSpec", "Bonus", "Project"],
    "sheet": ["DrawnPiece", "WildCard", "Sheet"],
    "catalog": ["Catalog"],
    "layout": ["Passages", "Layout"],
    "access": ["Access"],
    "bonuses": ["BonusResult"],
    "errors": ["Problem"],
    "placement": ["Cut", "Candidate"],
    "moves": ["Move", "RankedMoves", "Pair", "Standing"],
}


def records() -> list[type]:
    return [getattr(importlib.import_module(f"homestaging.{module}"), name)
            for module, names in CLASSES.items() for name in names]


def test_every_record_is_a_frozen_dataclass_with_the_shared_methods() -> None:
    found = {cls for cls in _subclasses(Record)}
    assert found == set(records())
    for cls in found:
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert not params.eq and not params.repr, cls
        for name in ("__eq__", "__hash__", "__repr__"):
            assert name not in cls.__dict__, (cls, name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _reference(cls: type) -> type:
    """The dataclass the ``@dataclass(frozen=True)`` of old would make of ``cls``: its
    fields with their options, its name, the methods generated."""
    specs = [(f.name, f.type, dataclasses.field(compare=f.compare, repr=f.repr, hash=f.hash))
             for f in dataclasses.fields(cls)]
    made = dataclasses.make_dataclass(cls.__name__, specs, frozen=True)
    made.__qualname__ = cls.__qualname__
    return made


def _objects() -> Iterator[Any]:
    """Objects of every record class, from the example sheets."""
    for path in SHEETS:
        sheet = read_sheet(path)
        lay = layout(sheet)
        card = score(sheet, end_of_game=False)
        yield from (sheet, sheet.project, sheet.project.catalog, lay, lay.passages,
                    access(sheet, lay), standing(sheet, lay, sheet.current_room),
                    *sheet.project.rooms, *sheet.project.bonuses,
                    *sheet.rooms, *sheet.pieces, *card.bonuses, *card.problems,
                    *(drawn.placement for drawn in sheet.pieces),
                    *(drawn.placement.piece for drawn in sheet.pieces))
        if sheet.wild_card is not None:
            yield sheet.wild_card
        if sheet.current_room is None:
            continue
        masks = SheetMasks.build(sheet)
        pieces = [sheet.project.catalog.piece(o) for o in sorted(masks.options)]
        for ranked in best_moves(masks, pieces, top=5):
            yield ranked
            for move in ranked.moves:
                yield from (move, move.candidate, *move.candidate.cuts_off)
        spec = sheet.project.room(masks.room)
        assert spec is not None
        yield from rank_pairs(sheet, card_variants(sheet.project, spec.cards[0].number))


def _same(call: Any) -> Any:
    try:
        return call()
    except TypeError as error:  # a field that cannot be hashed (a bonus's condition)
        return type(error)


@pytest.fixture(scope="module")
def objects() -> dict[type, list[Any]]:
    found: dict[type, list[Any]] = {cls: [] for cls in records()}
    for item in _objects():
        if type(item) in found:
            found[type(item)].append(item)
    return found


def test_equality_hash_and_repr_are_those_a_dataclass_generates(
        objects: dict[type, list[Any]]) -> None:
    for cls, items in objects.items():
        assert items, f"no {cls.__name__} in the example sheets"
        reference = _reference(cls)
        names = [f.name for f in dataclasses.fields(cls)]

        def twin(item: Any, reference: type = reference, names: list[str] = names) -> Any:
            return reference(**{name: getattr(item, name) for name in names})

        for item in items[:40]:
            same = twin(item)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"field {names[0]!r}"):
                setattr(item, names[0], None)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"field {names[0]!r}"):
                delattr(item, names[0])
            assert repr(item) == repr(same)
            assert _same(lambda: hash(item)) == _same(lambda: hash(same))  # noqa: B023
            copy = dataclasses.replace(item)
            assert item == copy and (item != copy) is False
            assert item != object() and (item == 1) is False
        for first, second in itertools.pairwise(items[:21]):
            assert (first == second) == (twin(first) == twin(second))


def test_a_record_stays_frozen() -> None:
    problem = score(read_sheet(SHEETS[0]), end_of_game=False).problems
    target = problem[0] if problem else read_sheet(SHEETS[0]).rooms[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        target.path = "x"  # type: ignore[misc, union-attr]


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_records_of_any_number_of_fields(count: int) -> None:
    """No field, one, several, one left out of comparisons and repr: as generated."""
    specs: list[Any] = [(f"f{i}", int) for i in range(count)]
    specs.append(("hidden", int, dataclasses.field(default=0, compare=False, repr=False)))
    mine = dataclasses.make_dataclass("Thing", specs, bases=(Record,), frozen=True,
                                      eq=False, repr=False)
    plain = dataclasses.make_dataclass("Thing", specs, frozen=True)
    values = list(range(count))
    for hidden in (0, 7):
        a, b = mine(*values, hidden=hidden), plain(*values, hidden=hidden)
        assert (repr(a), hash(a)) == (repr(b), hash(b))
        assert a == mine(*values) and (a != mine(*values)) is False
        if count:
            assert a != mine(*[v + 1 for v in values])


def _pair(**options: Any) -> tuple[Any, Any]:
    """The same class made by ``record.dataclass`` and by the standard decorator: fields
    without a default, with one, with a default factory, left out of ``__init__``, and a
    ``__post_init__``."""
    made = []
    for decorator in (dataclass, dataclasses.dataclass):

        class Thing:
            """A thing."""

            first: int
            second: str = "b"
            items: tuple[int, ...] = dataclasses.field(default_factory=tuple)
            total: int = dataclasses.field(init=False, default=0)
            later: dict[str, int] = dataclasses.field(init=False, default_factory=dict,
                                                      compare=False)

            def __post_init__(self) -> None:
                object.__setattr__(self, "total", self.first + len(self.items))

        made.append(decorator(frozen=True, **options)(Thing))
    return made[0], made[1]


@pytest.mark.parametrize("options", [{}, {"eq": False, "repr": False}])
def test_a_frozen_dataclass_behaves_as_the_standard_ones(options: dict[str, bool]) -> None:
    mine, standard = _pair(**options)
    assert [(f.name, f.init) for f in dataclasses.fields(mine)] == [
        (f.name, f.init) for f in dataclasses.fields(standard)]
    compiled = ("__init__", "__eq__", "__hash__") if not options else ("__init__",)
    for name in compiled:  # compiled on the first call (eq=False inherits object's)
        assert not getattr(mine, name).__code__.co_filename.startswith("<"), name
    for args, kwargs in [((1,), {}), ((1, "x"), {"items": (4, 5)}), ((), {"first": 2})]:
        a, b = mine(*args, **kwargs), standard(*args, **kwargs)
        assert vars(a) == vars(b)
        assert a.later == {} and a.later is not mine(1).later  # a new value each time
        if not options:
            assert repr(a).replace("Thing", "") == repr(b).replace("Thing", "")
            assert hash(a) == hash(b) and a == dataclasses.replace(a)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
            a.first = 3
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field"):
            del a.second
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
            a.other = 3  # not a field either: as the standard guard
    for name in compiled:
        method = getattr(mine, name)
        assert method.__qualname__.endswith(f"Thing.{name}"), name
        assert method.__code__.co_filename == f"<{method.__qualname__}>", name
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'first'"):
        mine()
    with pytest.raises(TypeError, match="unexpected keyword argument 'total'"):
        mine(1, total=3)
    changed = dataclasses.replace(mine(1, items=(7,)), second="c")
    assert (changed.second, changed.items, changed.total) == ("c", (7,), 2)


@pytest.mark.parametrize("decorator", [dataclass, dataclasses.dataclass])
def test_replace_gives_what_dataclasses_replace_gives(decorator: Any) -> None:
    """The fields copied straight for a plain class (cached values left behind, the
    fields in ``__init__``'s order); a class with ``__post_init__`` or a field
    ``__init__`` does not take goes to ``dataclasses.replace``, as a wrong name does."""

    @decorator(frozen=True)
    class Plain:
        first: int
        second: tuple[int, ...] = ()
        hidden: int = dataclasses.field(default=0, compare=False)

        @functools.cached_property
        def total(self) -> int:
            return self.first + sum(self.second)

    thing = Plain(1, (2,), hidden=3)
    assert thing.total == 3
    for changes in ({}, {"first": 5}, {"second": (4, 4), "hidden": 9}):
        made, expected = replace(thing, **changes), dataclasses.replace(thing, **changes)
        assert vars(made) == vars(expected) and list(vars(made)) == list(vars(expected))
        assert made == expected and made.total == expected.total
    with pytest.raises(TypeError):
        replace(thing, other=1)
    mine, _ = _pair()
    changed = replace(mine(1, items=(7,)), second="c", items=(7, 8))
    assert (changed.second, changed.items, changed.total) == ("c", (7, 8), 3)
    with pytest.raises(ValueError, match="init=False"):
        replace(mine(1), total=5)

    @decorator(frozen=True)
    class Counted:  # an __init__ written by hand goes to dataclasses.replace
        value: int

        def __init__(self, value: int) -> None:
            object.__setattr__(self, "value", value * 2)

    assert replace(Counted(1), value=3).value == dataclasses.replace(Counted(1), value=3).value


def test_a_subclass_of_a_frozen_dataclass_keeps_its_own_attributes() -> None:
    mine, _ = _pair()

    class Sub(mine):  # type: ignore[valid-type, misc]
        pass

    sub = Sub(1)
    sub.note = "allowed"  # not a field, not the dataclass itself: as the standard guard
    assert sub.note == "allowed"
    with pytest.raises(dataclasses.FrozenInstanceError):
        sub.first = 2


def test_a_frozen_record_sets_its_fields_past_a_slot_or_a_property() -> None:
    """A frozen class's fields go straight into the instance's ``__dict__`` unless the
    class has no ``__dict__`` or a descriptor for the field: then through the guard."""

    @dataclass(frozen=True)
    class Plain:
        a: int
        b: tuple[int, ...] = ()

    @dataclass(frozen=True)
    class Slotted:
        __slots__ = ("a", "b")
        a: int
        b: int

    plain, slotted = Plain(1), Slotted(1, 2)
    assert plain.__dict__ == {"a": 1, "b": ()} and (slotted.a, slotted.b) == (1, 2)
    assert not hasattr(slotted, "__dict__")
    for item in (plain, slotted):
        with pytest.raises(dataclasses.FrozenInstanceError):
            item.a = 3  # type: ignore[misc]


def test_the_standard_checks_and_options_stay() -> None:
    with pytest.raises(TypeError, match="non-default argument 'second' follows default"):

        @dataclass(frozen=True)
        class Wrong:
            first: int = 0
            second: int

    @dataclass(frozen=True, slots=True)  # an option handled by the standard decorator
    class Slotted:
        value: int

    assert Slotted.__slots__ == ("value",) and Slotted(3).value == 3

    @dataclass(frozen=True)  # what only the standard decorator writes goes to it
    class Special:
        first: int
        scale: dataclasses.InitVar[int]
        _: dataclasses.KW_ONLY
        label: str = dataclasses.field(default="x", kw_only=True)

        def __post_init__(self, scale: int) -> None:
            object.__setattr__(self, "first", self.first * scale)

    special = Special(2, 3, label="y")
    assert (special.first, special.label) == (6, "y")
    with pytest.raises(TypeError):
        Special(2, 3, "y")  # label is keyword-only

    @dataclass
    class Plain:
        value: int

    plain = Plain(1)
    plain.value = 2
    assert plain == Plain(2) and plain != Plain(3) and repr(plain).endswith("Plain(value=2)")
    with pytest.raises(TypeError, match="unhashable"):
        hash(plain)  # equal by value but changing, as the standard decorator makes it
