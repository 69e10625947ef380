"""Reading a family game's JSON record: syntax, schema and the game's own reading,
every problem located (``FILE: $.path: message``) and reported at once.

The schema is published beside the others (``homestaging/schemas/roomies-house.schema.json``).
A reader gets the parsed data and the schema's messages; it reads on from the parts the
schema passed (:meth:`Messages.skip` tells which), adds its own messages, and
:meth:`Messages.raise_if_any` raises them all as one InputError.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..core.errors import InputError, Located
from ..formats.files import read_text
from ..formats.readers import foreign_json, json_path, load_json
from ..formats.schema import ErrorPaths, iter_errors, load_schema

__all__ = ["Messages", "read_record"]

#: Schema messages that leave a list or object readable entry by entry: too few entries,
#: too few or too many keys. A list longer than its bound is not read (the schema leaves
#: its entries unchecked); a missing key makes its object unreadable, except at the top
#: level, where each reader looks for the keys it needs.
_SIZE = re.compile(r"expected at least \d+ entr|expected one of the keys |expected \d+ key")

Parts = tuple[str | int, ...]


class Messages:
    """The located messages about one file, in the order found."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.found: list[Located] = []
        self.bad: set[str] = set()
        self.sized: set[str] = set()
        self._found: tuple[ErrorPaths, ErrorPaths] | None = None  # bad, bad and sized

    def add(self, parts: Parts | str, message: str) -> None:
        path = parts if isinstance(parts, str) else json_path(parts)
        self.found.append(Located(self.file, message, path))

    def skip(self, parts: Parts) -> bool:
        """Whether the schema found a problem at or inside ``$.parts``, or found a value
        above it unusable: the reader leaves that part to the schema's message."""
        path = json_path(parts)
        bad, both = self._paths()
        return bad.at_or_above(path) or path in both.paths or path in both.below

    def broken(self, parts: Parts) -> bool:
        """Whether the schema found ``$.parts`` itself (or a value above it) unusable; a
        container with a bad entry is not broken, its entries are read one by one."""
        return self._paths()[0].at_or_above(json_path(parts))

    def _paths(self) -> tuple[ErrorPaths, ErrorPaths]:
        """``bad``, and ``bad`` with ``sized``, looked up in sets (thousands of schema
        errors stay linear); made once the schema's messages are in."""
        if self._found is None:
            self._found = (ErrorPaths(self.bad), ErrorPaths(self.bad | self.sized))
        return self._found

    def raise_if_any(self) -> None:
        if self.found:
            raise InputError(self.found)


def read_record(path: str | Path, schema: str) -> tuple[Any, Messages]:
    """Parse a JSON record and check it against its schema.

    Syntax errors raise InputError at once; schema messages are collected in the
    returned :class:`Messages` (their paths in ``bad``) for the reader to add to.
    """
    name, text = read_text(path)
    data = load_json(text, name)
    published = load_schema(schema)
    foreign = foreign_json(data, name, published["properties"]["format"]["const"],
                           f"a {published['properties']['format']['const']} record")
    if foreign is not None:
        raise foreign
    messages = Messages(name)
    for where, message in iter_errors(data, load_schema(schema)):
        messages.add(where, message)
        readable = _SIZE.match(message) or (where == "$" and message.startswith("missing"))
        (messages.sized if readable else messages.bad).add(where)
    return data, messages
