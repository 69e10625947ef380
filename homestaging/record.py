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
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

__all__ = ["Record"]

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
