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
checkers exactly, but a frozen class made by it compiles no method at import. The
standard one compiles from source text an ``__init__``, a ``__setattr__`` and a
``__delattr__`` for every frozen class (with ``__eq__``, ``__hash__`` and ``__repr__``
when asked): about 80 small compilations, a sixth of a command's start-up, most of
them for classes the command never builds (those read from the bundled data's cache
are unpickled, not built). Here the guard against assignment is one function shared by
every frozen class, and ``__init__`` is compiled when the class is first built.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["Record", "dataclass"]

_C = TypeVar("_C", bound=type)
_HANDLED = frozenset({"repr", "eq", "order", "match_args"})
"""The standard decorator's options :func:`dataclass` handles itself with ``frozen``
(others, such as ``slots``, go to the standard one unchanged)."""

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
    """``dataclasses.dataclass``; a frozen class gets the shared assignment guard and an
    ``__init__`` compiled on first use (see the module's doc)."""
    if cls is None:
        return lambda cls: _dataclass(cls, **options)
    if not options.get("frozen") or not _HANDLED.issuperset(options.keys() - {"frozen", "init"}):
        return dataclasses.dataclass(cls, **options)
    init = options.pop("init", True)
    del options["frozen"]
    own_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    # a frozen class with __eq__ is hashed on its fields, as unsafe_hash gives a mutable one
    made: Any = dataclasses.dataclass(
        cls, init=False, frozen=False,
        unsafe_hash=options.get("eq", True) and not explicit_hash, **options)
    made.__setattr__, made.__delattr__ = _guards(made, tuple(f.name for f in fields(made)))
    if init and "__init__" not in made.__dict__:
        made.__init__ = _first_init(made)
    return made


def _guards(cls: Any, names: tuple[str, ...]) -> tuple[Any, Any]:
    """A frozen dataclass's ``__setattr__`` and ``__delattr__``, as the standard decorator
    writes them, made without compiling anything."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _first_init(cls: type) -> Callable[..., None]:
    """An ``__init__`` that compiles the class's own (:func:`_init_function`) on its
    first call, puts it in its place and runs it."""
    _check_defaults(cls)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made = _init_function(cls)
        type.__setattr__(cls, "__init__", made)
        made(self, *args, **kwargs)

    return __init__


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


def _init_function(cls: type) -> Callable[..., None]:
    """The ``__init__`` the standard decorator writes for a frozen dataclass: each
    field's argument (or default, or default factory's value) set past the guard, then
    ``__post_init__`` if the class has one."""
    namespace: dict[str, Any] = {"_set": object.__setattr__,
                                 "_FACTORY": _HAS_DEFAULT_FACTORY}
    params, lines = ["self"], []
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
        lines.append(f"_set(self, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    source = (f"def __init__({', '.join(params)}):\n "
              + "\n ".join(lines or ["pass"]) + "\n")
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), namespace)
    made: Callable[..., None] = namespace["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__module__ = cls.__module__
    return made


class _DefaultFactory:
    """The marker of an argument left to its default factory."""

    def __repr__(self) -> str:
        return "<factory>"


_HAS_DEFAULT_FACTORY = _DefaultFactory()

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    dataclass = _dataclass
