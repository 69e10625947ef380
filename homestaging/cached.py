"""Values worked out on first use and kept: :class:`cached_property` (per instance) and
:class:`Memo` (per argument, for the life of a command).

:class:`cached_property` is :func:`functools.cached_property` without its lock.

On Python 3.10 and 3.11 the standard one takes a lock on every first use (3.12 dropped
it), which doubled the cost of the many small properties a sheet's pieces and layouts
work out once each (a ranking of placements asks for thousands). This one stores the
value in the instance's ``__dict__`` exactly as the standard one does, so that later
reads find it there without calling anything; frozen dataclasses included (the value is
written to ``__dict__``, not through ``__setattr__``). Two threads asking at once may
both work it out; every property here is a pure function of its instance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["Memo", "cached_property"]

_T = TypeVar("_T")
_R = TypeVar("_R")
_K = TypeVar("_K")


class cached_property(Generic[_T, _R]):
    """``@cached_property`` on a method: its value, worked out once per instance."""

    def __init__(self, func: Callable[[_T], _R]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type[Any] | None = None) -> cached_property[_T, _R]:
        ...

    @overload
    def __get__(self, instance: _T, owner: type[Any] | None = None) -> _R:
        ...

    def __get__(self, instance: _T | None, owner: type[Any] | None = None
                ) -> cached_property[_T, _R] | _R:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value
        return value


class Memo(dict[_K, _R]):
    """``memo[key]`` is ``func(key)``, worked out on first use and kept, at most ``limit``
    values (past it, worked out each time): tables a command fills as it reads sheet after
    sheet, where the same keys, names and rows come again and again."""

    def __init__(self, func: Callable[[_K], _R], limit: int) -> None:
        super().__init__()
        self.func = func
        self.limit = limit

    def __missing__(self, key: _K) -> _R:
        value = self.func(key)
        if len(self) < self.limit:
            self[key] = value
        return value
