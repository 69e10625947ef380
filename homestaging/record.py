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
(squares' edges, shapes, pieces, placements) keep the generated ones.
"""

from __future__ import annotations

import reprlib
from dataclasses import fields

__all__ = ["Record"]

_FIELDS: dict[type, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}
"""Per class: the names of the fields compared, hashed and shown."""


def _names(cls: type) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    found = _FIELDS.get(cls)
    if found is None:
        every = fields(cls)
        found = _FIELDS[cls] = (
            tuple(f.name for f in every if f.compare),
            tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)),
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
        names = _names(self.__class__)[0]
        return tuple([getattr(self, name) for name in names]) == tuple(
            [getattr(other, name) for name in names])

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in _names(self.__class__)[1]]))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}"
                          for name in _names(self.__class__)[2])
        return f"{self.__class__.__qualname__}({shown})"
