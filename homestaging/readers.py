"""Reading JSON and YAML files safely, with located syntax errors and size limits.

* Files are at most :data:`MAX_FILE_BYTES`; ``-`` reads standard input.
* JSON objects with a duplicate key are refused (the meaning would be ambiguous).
* YAML is read with a safe loader only; duplicate keys are refused, and so is a
  document whose aliases would expand past :data:`MAX_YAML_NODES` nodes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError, Located

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_YAML_NODES",
    "JsonParts",
    "json_path",
    "load_json",
    "load_yaml",
    "read_bytes",
    "read_text",
]

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_YAML_NODES = 200_000
MAX_DEPTH = 64
MAX_DIGITS = 4300  # Python's own limit on reading an integer

JsonParts = tuple[str | int, ...]
"""A JSON path as its keys and indexes: ``('rooms', 2, 'door')``."""

if TYPE_CHECKING:  # yaml is imported where YAML is read: JSON alone does not load it
    import yaml


def json_path(parts: JsonParts | list[str | int]) -> str:
    """``('rooms', 2, 'door')`` -> ``$.rooms[2].door``."""
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{json.dumps(part)}]"
    return text


def _read_file(path: str | Path, name: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError.single(name, "no such file") from None
    except IsADirectoryError:
        raise InputError.single(name, "is a folder, expected a file") from None
    except OSError as error:
        raise InputError.single(name, f"cannot be read: {error.strerror}") from None


def _within_limit(data: bytes, name: str) -> bytes:
    if len(data) > MAX_FILE_BYTES:
        raise InputError.single(name, f"file is larger than {MAX_FILE_BYTES // 2**20} MB")
    return data


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a file (at most :data:`MAX_FILE_BYTES`), read as :func:`read_text`
    reads one."""
    return _within_limit(_read_file(path, str(path)), str(path))


def read_text(path: str | Path, *, stdin_name: str = "<stdin>") -> tuple[str, str]:
    """Read a UTF-8 text file (or ``-`` for stdin); return ``(display name, text)``."""
    if str(path) == "-":
        name = stdin_name
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    else:
        name = str(path)
        data = _read_file(path, name)
    _within_limit(data, name)
    try:
        return name, data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError(
            [Located(name, "is not UTF-8 text (binary data?)", line=line, column=column)]
        ) from None


class _Pairs(dict[str, Any]):
    """A JSON object that remembers the keys it saw twice."""

    duplicates: list[str]


def _pairs_hook(pairs: list[tuple[str, Any]]) -> _Pairs:
    result = _Pairs()
    result.duplicates = []
    for key, value in pairs:
        if key in result:
            result.duplicates.append(key)
        result[key] = value
    return result


def _duplicate_messages(
    file: str, value: Any, parts: JsonParts, depth: int
) -> list[Located]:
    if depth > MAX_DEPTH:
        return [Located(file, f"nested more than {MAX_DEPTH} levels deep", json_path(parts))]
    found: list[Located] = []
    if isinstance(value, dict):
        for key in getattr(value, "duplicates", []):
            found.append(Located(file, f"duplicate key {key!r}", json_path((*parts, key))))
        for key, item in value.items():
            found += _duplicate_messages(file, item, (*parts, key), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _duplicate_messages(file, item, (*parts, index), depth + 1)
    return found


class _Constant(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python reads them, JSON does not have them."""


def _refuse_constant(name: str) -> Any:
    raise _Constant(name)


def _located_at(file: str, text: str, index: int, message: str) -> Located:
    """A message at character ``index`` of ``text`` (line and column from 1)."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return Located(file, message, line=line, column=column)


def _find(text: str, pattern: str) -> int:
    found = re.search(pattern, text)
    return found.start() if found else 0


def load_json(text: str, file: str) -> Any:
    """Parse JSON text; every problem becomes an :class:`InputError` naming ``file``.

    ``NaN`` and ``Infinity`` are refused (they are not JSON), and so are integers
    too long for Python to read.
    """
    if not text.strip():
        raise InputError([Located(file, "the file is empty: expected a JSON object", line=1)])
    try:
        value = json.loads(text, object_pairs_hook=_pairs_hook, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise InputError(
            [Located(file, error.msg, line=error.lineno, column=error.colno)]
        ) from None
    except RecursionError:
        raise InputError.single(file, f"nested more than {MAX_DEPTH} levels deep") from None
    except _Constant as error:
        index = _find(text, rf'(?<![\w"]){re.escape(str(error))}(?![\w"])')
        raise InputError(
            [_located_at(file, text, index, f"{error} is not a JSON number")]
        ) from None
    except ValueError:  # integers with too many digits
        index = _find(text, f"[0-9]{{{MAX_DIGITS}}}")
        raise InputError(
            [_located_at(file, text, index, f"a number with more than {MAX_DIGITS} digits")]
        ) from None
    problems = _duplicate_messages(file, value, (), 0)
    if problems:
        raise InputError(problems)
    return value


def _check_nodes(file: str, root: yaml.Node) -> None:
    """Refuse alias bombs, deep nesting and duplicate keys before constructing anything."""
    import yaml

    sizes: dict[int, int] = {}

    def size(node: yaml.Node, depth: int) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if depth > MAX_DEPTH:
            raise InputError([_at(file, node, f"nested more than {MAX_DEPTH} levels deep")])
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(item, depth + 1) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, item in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen and key.value != "<<":
                        raise InputError([_at(file, key, f"duplicate key {key.value!r}")])
                    seen.add(key.value)
                total += size(key, depth + 1) + size(item, depth + 1)
        if total > MAX_YAML_NODES:
            raise InputError(
                [_at(file, node, f"expands to more than {MAX_YAML_NODES} values (alias bomb?)")]
            )
        sizes[id(node)] = total
        return total

    size(root, 0)


def _at(file: str, node: yaml.Node, message: str) -> Located:
    mark = node.start_mark
    return Located(file, message, line=mark.line + 1, column=mark.column + 1)


def _failing_scalar(loader: yaml.SafeLoader, root: yaml.Node) -> yaml.ScalarNode | None:
    """The first scalar (in file order) the loader cannot turn into a value."""
    import yaml

    stack = [root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            loader.recursive_objects.clear()  # left over from the failed attempt
            try:
                loader.construct_object(node)
            except (ValueError, OverflowError):
                return node
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            stack.extend(item for pair in reversed(node.value) for item in reversed(pair))
    return None


def load_yaml(text: str, file: str) -> Any:
    """Parse YAML text with a safe loader; every problem becomes an :class:`InputError`."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise InputError([Located(file, "the file is empty: expected a YAML document", line=1)])
        _check_nodes(file, root)
        try:
            return loader.construct_document(root)
        except (ValueError, OverflowError) as error:  # a bad date, a too long number
            bad = _failing_scalar(loader, root)
            if bad is None:
                raise InputError.single(file, f"cannot read a value: {error}") from None
            raise InputError([_at(file, bad, f"cannot read {bad.value[:40]!r}: {error}")]) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = " ".join(part for part in (error.context, error.problem) if part)
        if mark is None:
            raise InputError.single(file, message or "not valid YAML") from None
        raise InputError(
            [Located(file, message or "not valid YAML", line=mark.line + 1, column=mark.column + 1)]
        ) from None
    except yaml.reader.ReaderError as error:
        code = error.character if isinstance(error.character, int) else ord(error.character)
        message = f"not valid YAML: {error.reason} (character U+{code:04X})"
        raise InputError([_located_at(file, text, error.position, message)]) from None
    except yaml.YAMLError as error:
        raise InputError.single(file, f"not valid YAML: {error}") from None
    except RecursionError:
        raise InputError.single(file, f"nested more than {MAX_DEPTH} levels deep") from None
    finally:
        loader.dispose()
