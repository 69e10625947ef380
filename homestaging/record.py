"""Equality, hash and repr shared by the model's dataclasses (:class:`Record`).

A dataclass gets a copy of ``__eq__``, ``__hash__`` and ``__repr__`` generated from
source text for each class as its module is imported: half of what a frozen dataclass
costs at start-up, paid by every command. A class declared
``@dataclass(frozen=True, eq=False, repr=False)`` on top of :class:`Record` inherits
instead the three methods written once here, which give the same results as the
generated ones (the fields compared, hashed and shown are the same, in the same order,
so equal values, equal hashes and set orders are unchanged); it stays a dataclass
(``fields``, ``replace``, its generated ``__init__`` and frozen guard). The generic
methods cost a little more per call: classes hashed or compared in the inner loops
(squares' edges, shapes) keep the generated ones.

The model's modules take :func:`dataclass` from here: the standard decorator, to type
checkers exactly, but a class made by it compiles nothing at import. The standard one
compiles from source text an ``__init__`` for every class, a ``__setattr__`` and a
``__delattr__`` for every frozen one, and ``__eq__``, ``__hash__`` and ``__repr__``
when asked: about 80 small compilations, a sixth of a command's start-up, most of them
for classes the command never builds (those read from the bundled data's cache are
unpickled, not built). Here the frozen guard and ``__repr__`` are closures over each
class's field names, and the other methods are compiled on their first call
(``__init__`` when the class is first built, ``__eq__`` and ``__hash__`` when first
compared or hashed) from the source text the standard decorator writes: the same
results at the same speed, but for a frozen class's ``__init__``, which puts the fields
straight into the instance's ``__dict__`` (where ``object.__setattr__`` past the guard
would put them, at twice the cost) unless a slot or a descriptor of the class holds one.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["Record", "dataclass", "replace"]

_C = TypeVar("_C", bound=type)
_HANDLED = frozenset({"init", "repr", "eq", "frozen", "match_args"})
"""The standard decorator's options :func:`dataclass` handles itself (a class given
others, such as ``order`` or ``slots``, goes to the standard one unchanged)."""

_Values = Callable[[Any], tuple[Any, ...]]
_FIELDS: dict[type, tuple[_Values, _Values, tuple[str, ...]]] = {}
"""Per class: the values compared, the values hashed (as tuples), the fields shown."""


def _values(names: tuple[str, ...]) -> _Values:
    """A function giving an object's values of ``names`` as a tuple (``attrgetter``, a
    C loop, for two or more)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _names(cls: type) -> tuple[_Values, _Values, tuple[str, ...]]:
    found = _FIELDS.get(cls)
    if found is None:
        every = fields(cls)
        found = _FIELDS[cls] = (
            _values(tuple(f.name for f in every if f.compare)),
            _values(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))),
            tuple(f.name for f in every if f.repr),
        )
    return found


class Record:
    """The base of a dataclass declared with ``eq=False, repr=False``: ``==``, ``hash``
    and ``repr`` as a dataclass generates them (see the module's doc)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = _names(self.__class__)[0]
        return compared(self) == compared(other)

    def __hash__(self) -> int:
        return hash(_names(self.__class__)[1](self))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}"
                          for name in _names(self.__class__)[2])
        return f"{self.__class__.__qualname__}({shown})"


def _dataclass(cls: _C | None = None, /, **options: Any) -> Any:
    """``dataclasses.dataclass`` compiling nothing at import (see the module's doc)."""
    if cls is None:
        return lambda cls: _dataclass(cls, **options)
    if not _HANDLED.issuperset(options) or _needs_standard(cls):
        return dataclasses.dataclass(cls, **options)
    init, shown, eq, frozen = (options.get(name, name != "frozen")
                               for name in ("init", "repr", "eq", "frozen"))
    own_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    made: Any = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False,
                                      match_args=options.get("match_args", True))
    every = fields(made)
    if frozen:
        made.__setattr__, made.__delattr__ = _guards(made, tuple(f.name for f in every))
    if init and "__init__" not in made.__dict__:
        _check_defaults(made)
        made.__init__ = _on_first_call(made, "__init__", lambda: _init_function(made, frozen))
    if shown and "__repr__" not in made.__dict__:
        made.__repr__ = _repr_function(tuple(f.name for f in every if f.repr))
    if eq:
        compared = tuple(f.name for f in every if f.compare)
        if "__eq__" not in made.__dict__:
            made.__eq__ = _on_first_call(made, "__eq__", lambda: _eq_function(made, compared))
        if not explicit_hash and not frozen:
            made.__hash__ = None  # equal by value but changing: not hashable
        elif not explicit_hash:
            hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
            made.__hash__ = _on_first_call(made, "__hash__", lambda: _hash_function(made, hashed))
    return made


def _needs_standard(cls: type) -> bool:
    """Whether a class asks for what only the standard decorator writes: keyword-only
    fields (``KW_ONLY``, ``field(kw_only=True)``) or init-only variables (``InitVar``)."""
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (no inspect import)
    return (any(isinstance(value, dataclasses.Field) and value.kw_only is True
                for value in cls.__dict__.values())
            or any(word in str(annotation) for annotation in annotations.values()
                   for word in ("InitVar", "KW_ONLY")))


def _guards(cls: Any, names: tuple[str, ...]) -> tuple[Any, Any]:
    """A frozen dataclass's ``__setattr__`` and ``__delattr__``, as the standard decorator
    writes them."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _repr_function(names: tuple[str, ...]) -> Callable[[Any], str]:
    """A dataclass's ``__repr__``: the class's name and the fields shown."""

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _on_first_call(cls: type, name: str, make: Callable[[], Any]) -> Any:
    """A method that makes the class's own method ``name`` (``make()``) on its first
    call, puts it in its place and runs it."""

    def first(self: Any, *args: Any, **kwargs: Any) -> Any:
        method = make()
        type.__setattr__(cls, name, method)
        return method(self, *args, **kwargs)

    first.__qualname__ = f"{cls.__qualname__}.{name}"
    return first


_FIRST_CALL = _on_first_call(object, "", lambda: None).__code__
"""The code of every method :func:`_on_first_call` makes."""


def _compiled(cls: type, name: str, params: str, lines: list[str],
              namespace: dict[str, Any]) -> Any:
    """The method ``name`` of ``cls`` compiled from its parameters and lines."""
    source = f"def {name}({params}):\n " + "\n ".join(lines or ["pass"]) + "\n"
    exec(compile(source, f"<{cls.__qualname__}.{name}>", "exec"), namespace)
    method = namespace[name]
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    method.__module__ = cls.__module__
    return method


def _tuple(owner: str, names: tuple[str, ...]) -> str:
    return "(" + "".join(f"{owner}.{name}," for name in names) + ")"


def _eq_function(cls: type, compared: tuple[str, ...]) -> Callable[[Any, object], bool]:
    """A dataclass's ``__eq__``, as the standard decorator writes it: the same class and
    equal values of the fields compared."""
    method: Callable[[Any, object], bool] = _compiled(cls, "__eq__", "self, other", [
        "if other.__class__ is self.__class__:",
        f" return {_tuple('self', compared)} == {_tuple('other', compared)}",
        "return NotImplemented"], {})
    return method


def _hash_function(cls: type, hashed: tuple[str, ...]) -> Callable[[Any], int]:
    """A frozen dataclass's ``__hash__``, as the standard decorator writes it: the hash
    of the tuple of its fields hashed."""
    method: Callable[[Any], int] = _compiled(
        cls, "__hash__", "self", [f"return hash({_tuple('self', hashed)})"], {})
    return method


def _check_defaults(cls: type) -> None:
    """The standard decorator's check, at import as it makes it: the arguments without
    a default come first."""
    seen_default = False
    for f in fields(cls):
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _init_function(cls: type, frozen: bool) -> Any:
    """The ``__init__`` the standard decorator writes: each field's argument (or
    default, or default factory's value) set (past the guard of a frozen class), then
    ``__post_init__`` if the class has one."""
    namespace: dict[str, Any] = {"_set": object.__setattr__,
                                 "_FACTORY": _HAS_DEFAULT_FACTORY}
    params, lines = ["self"], []
    # past the guard of a frozen class: into the instance's __dict__, as object.__setattr__
    # writes a field no descriptor of the class intercepts (half the cost of the call)
    direct = frozen and _plain_fields(cls)
    if direct:
        lines.append("_d = self.__dict__")
    for f in fields(cls):
        default = f"_default_{f.name}"
        if f.default_factory is not MISSING:
            namespace[default] = f.default_factory
            if f.init:
                params.append(f"{f.name}=_FACTORY")
                value = f"{default}() if {f.name} is _FACTORY else {f.name}"
            else:
                value = f"{default}()"
        elif not f.init:
            continue  # the class attribute holds the default
        elif f.default is not MISSING:
            namespace[default] = f.default
            params.append(f"{f.name}={default}")
            value = f.name
        else:
            params.append(f.name)
            value = f.name
        lines.append(f"_d[{f.name!r}] = {value}" if direct
                     else f"_set(self, {f.name!r}, {value})" if frozen
                     else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    return _compiled(cls, "__init__", ", ".join(params), lines, namespace)


def _plain_fields(cls: type) -> bool:
    """Whether ``cls``'s instances keep every field in their ``__dict__``: they have one,
    and no field is a data descriptor of the class (a slot, a property)."""
    if not getattr(cls, "__dictoffset__", 0):
        return False
    for f in fields(cls):
        for klass in cls.__mro__:
            if f.name in klass.__dict__:
                kind = type(klass.__dict__[f.name])
                if hasattr(kind, "__set__") or hasattr(kind, "__delete__"):
                    return False
                break
    return True


_T = TypeVar("_T")
_COPIED: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}
"""Per class: its fields, when :func:`replace` may copy them straight (else None)."""


def replace(obj: _T, /, **changes: Any) -> _T:
    """``dataclasses.replace(obj, **changes)``, the same object made faster: for a
    dataclass whose ``__init__`` only sets its fields (every field given to it, no
    ``__post_init__``, no init-only variable, no slots), the fields' values are copied
    into a new object and the changes set over them, in the order ``__init__`` sets
    them; any other class or change goes to ``dataclasses.replace``. Nothing cached on
    ``obj`` is copied."""
    cls = obj.__class__
    if cls not in _COPIED:
        _COPIED[cls] = _copied_fields(cls)
    known = _COPIED[cls]
    if known is None or not known[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    made = object.__new__(cls)
    values, old = made.__dict__, obj.__dict__
    for name in known[0]:
        values[name] = old[name]
    values.update(changes)
    return made


def _copied_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    if (not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__")
            or "__slots__" in cls.__dict__ or not _generated(cls.__init__)):
        return None
    every = fields(cls)
    if len(every) != len(cls.__dataclass_fields__) or not all(f.init for f in every):
        return None  # an init-only variable, or a field __init__ does not take
    names = tuple(f.name for f in every)
    return names, frozenset(names)


def _generated(init: Any) -> bool:
    """Whether an ``__init__`` is one a dataclass decorator wrote (compiled from source
    text, by the standard one or here, or still waiting for its first call), not one
    written by hand, which may do more than set the fields."""
    code = getattr(init, "__code__", None)
    return code is not None and (code.co_filename.startswith("<") or code is _FIRST_CALL)


class _DefaultFactory:
    """The marker of an argument left to its default factory."""

    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _DefaultFactory()

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    dataclass = _dataclass
