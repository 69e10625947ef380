"""Reading JSON and YAML text safely, with located syntax errors and limits (the files
themselves are read by :mod:`homestaging.formats.files`).

* JSON objects with a duplicate key are refused (the meaning would be ambiguous).
* YAML is read with a safe loader only, and with our own table of implicit types: no
  YAML 1.1 base-60 numbers (``1:30`` is the text ``"1:30"``; their conversion takes
  time quadratic in their length), and no number longer than :data:`MAX_DIGITS`
  characters. Duplicate keys are refused, and so is a document whose aliases would
  expand past :data:`MAX_YAML_NODES` nodes.
* Text may not hold control characters (tabs and line breaks aside): they would reach
  a terminal as escape sequences. A lone surrogate in JSON (``"\\ud800"``, half of a
  character) is read as U+FFFD, the replacement character.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError, Located
from ..core.quoting import EXCERPT_LENGTH, excerpt, kind

__all__ = [
    "MAX_YAML_NODES",
    "JsonParts",
    "foreign_json",
    "json_path",
    "load_json",
    "load_yaml",
]

MAX_YAML_NODES = 200_000
MAX_DEPTH = 64
MAX_DIGITS = 4300  # Python's own limit on reading an integer

JsonParts = tuple[str | int, ...]
"""A JSON path as its keys and indexes: ``('rooms', 2, 'door')``."""

if TYPE_CHECKING:  # yaml is imported where YAML is read: JSON alone does not load it
    import yaml

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"


@cache
def _numbers() -> dict[str, re.Pattern[str]]:
    """YAML 1.1's implicit integers and floats without the base-60 forms (``1:30``),
    compiled when YAML is first read (the bundled data's cache and JSON need none)."""
    return {
        _INT: re.compile(r"""^(?:[-+]?0b[0-1_]+
                          |[-+]?0[0-7_]+
                          |[-+]?(?:0|[1-9][0-9_]*)
                          |[-+]?0x[0-9a-fA-F_]+)$""", re.X),
        _FLOAT: re.compile(r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
                            |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
                            |[-+]?\.(?:inf|Inf|INF)
                            |\.(?:nan|NaN|NAN))$""", re.X),
    }


@cache
def _loader() -> type[yaml.SafeLoader]:
    """The safe loader (libyaml's parser when it is installed) with our table of implicit
    types: numbers are never base 60, and no longer than MAX_DIGITS characters (see
    :func:`_number`). Made when YAML is first read."""
    import yaml

    base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[valid-type,misc]
        yaml_implicit_resolvers = {  # noqa: RUF012 (PyYAML's class-level table)
            first: [(tag, _numbers().get(tag, pattern)) for tag, pattern in resolvers]
            for first, resolvers in base.yaml_implicit_resolvers.items()
        }

    safe = yaml.SafeLoader
    Loader.add_constructor(_INT, _number(safe.construct_yaml_int, (_INT,), "a whole number"))
    Loader.add_constructor(_FLOAT, _number(safe.construct_yaml_float, (_FLOAT, _INT),
                                           "a number"))
    Loader.add_constructor("tag:yaml.org,2002:timestamp", _checked(
        safe.construct_yaml_timestamp, safe.timestamp_regexp, "a date such as 2001-12-14"))
    Loader.add_constructor("tag:yaml.org,2002:bool", _checked(
        safe.construct_yaml_bool,
        re.compile(r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON"
                   r"|off|Off|OFF)$"),
        "true or false"))
    return Loader


def _number(base: Any, tags: tuple[str, ...], expected: str) -> Any:
    """A constructor of numbers that refuses what ``base`` would take long to build, or
    fail on (an explicit ``!!int`` of anything but an integer)."""

    def construct(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
        text = str(node.value)
        if len(text) > MAX_DIGITS:
            raise ValueError(f"a number with more than {MAX_DIGITS} digits")
        if ":" in text:
            raise ValueError("base-60 numbers (1:30) are not read; write the number in decimal")
        if not any(_numbers()[tag].match(text) for tag in tags):
            raise ValueError(f"expected {expected}")
        return base(loader, node)

    return construct


def _checked(base: Any, pattern: re.Pattern[str], expected: str) -> Any:
    """A constructor that refuses a value ``pattern`` does not match (an explicit tag
    such as ``!!timestamp '1:0'``, which PyYAML's own constructor fails on)."""

    def construct(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
        if not pattern.match(str(node.value)):
            raise ValueError(f"expected {expected}")
        return base(loader, node)

    return construct


def json_path(parts: JsonParts | list[str | int]) -> str:
    """``('rooms', 2, 'door')`` -> ``$.rooms[2].door``; a key longer than a message
    quotes is shown as an excerpt.

    >>> json_path(("furniture_legend", "K", "piece")), json_path(("rooms", 2, "door"))
    ('$.furniture_legend.K.piece', '$.rooms[2].door')
    >>> json_path(("a b", "x" * 50))
    '$["a b"]["xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (50 characters)]'
    """
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif len(part) > EXCERPT_LENGTH:
            text += "[" + excerpt(part, quote='"') + "]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{json.dumps(part)}]"
    return text


_CONTROL = "[\x00-\x08\x0b-\x1f\x7f-\x9f]"
"""Control characters (C0 but tab and line feed, DEL, C1): refused in text. This pattern
and :data:`_SURROGATE` are compiled when first needed (by ``re``, which keeps them): a
text of ASCII characters without surrogate escapes, the usual one, needs neither."""
_CONTROL_ESCAPE = re.compile(r"\\[bfr]|\\u00[0-9a-fA-F]{2}")
"""An escape that may stand for a control character (``\\b``, ``\\u001b``...)."""


_ASCII_CONTROLS = bytes(range(0x09)) + bytes(range(0x0B, 0x20)) + b"\x7f"
"""The control characters an ASCII text may hold (tab and line feed aside)."""


def _maybe_control(text: str) -> bool:
    """Whether a JSON text may put a control character in its values: one written as it
    is (C1 and DEL may be), or an escape that may stand for one. An ASCII text (the
    usual one) is looked at as bytes: deleting its control bytes (one pass in C, many
    times faster than a search or :meth:`str.isprintable`) leaves it as long as it was
    when it has none."""
    if "\\" in text and _CONTROL_ESCAPE.search(text):
        return True
    if text.isascii():
        data = text.encode("ascii")
        return len(data.translate(None, _ASCII_CONTROLS)) != len(data)
    return re.search(_CONTROL, text) is not None


_SURROGATE = "[\ud800-\udfff]"
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _control_message(text: str) -> str | None:
    """Why ``text`` cannot be read as text: it holds a control character."""
    found = re.search(_CONTROL, text)
    if found is None:
        return None
    return (f"text may not hold control characters (U+{ord(found.group()):04X} in "
            f"{excerpt(text)})")


def _whole(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD."""
    return re.sub(_SURROGATE, "\ufffd", text)


_Twice = dict[int, tuple[dict[str, Any], list[str]]]
"""The JSON objects that held a key twice, by identity: each beside the keys it saw again."""


def _pairs_hook(twice: _Twice, whole: bool) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """The hook that builds each JSON object, noting in ``twice`` the keys it saw again;
    with ``whole``, lone surrogates in keys become U+FFFD. One plain dict per object
    (the object is the usual dict, and the usual case costs one call and a length)."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        if whole:
            pairs = [(_whole(key), value) for key, value in pairs]
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            again: list[str] = []
            for key, _ in pairs:
                if key in seen:
                    again.append(key)
                seen.add(key)
            twice[id(result)] = (result, again)
        return result

    return hook


def _text_messages(
    file: str, value: Any, parts: JsonParts, depth: int, whole: bool, twice: _Twice
) -> list[Located]:
    """Duplicate keys, control characters and nesting past MAX_DEPTH anywhere in a JSON
    value; with ``whole``, lone surrogates in its strings become U+FFFD (in place)."""
    if depth > MAX_DEPTH:
        return [Located(file, f"nested more than {MAX_DEPTH} levels deep", json_path(parts))]
    found: list[Located] = []
    entries: Iterable[tuple[Any, Any]]  # replacing a value in place keeps the dict's size
    if isinstance(value, dict):
        again = twice[id(value)][1] if id(value) in twice else []
        found += [Located(file, f"duplicate key {excerpt(key)}", json_path((*parts, key)))
                  for key in again]
        entries = value.items()
    elif isinstance(value, list):
        entries = enumerate(value)
    else:
        return found
    for key, item in entries:  # a key of a dict, or an index of a list
        problem = _control_message(key) if isinstance(key, str) else None
        if problem:
            found.append(Located(file, f"a key: {problem}", json_path((*parts, key))))
        if isinstance(item, str):
            if whole:
                item = value[key] = _whole(item)
            problem = _control_message(item)
            if problem:
                found.append(Located(file, problem, json_path((*parts, key))))
        elif isinstance(item, dict | list):
            found += _text_messages(file, item, (*parts, key), depth + 1, whole, twice)
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


def _as_on_every_python(text: str, error: json.JSONDecodeError) -> json.JSONDecodeError:
    """The error as Python before 3.13 reports it, so that a file gets the same message on
    every version: 3.13 names a trailing comma itself, at the comma; earlier versions say
    what they expected at the bracket or brace after it."""
    if not error.msg.startswith("Illegal trailing comma"):
        return error
    at = error.pos + 1
    while text[at:at + 1] in (" ", "\t", "\r", "\n"):
        at += 1
    expected = ("Expecting value" if text[at:at + 1] == "]"
                else "Expecting property name enclosed in double quotes")
    return json.JSONDecodeError(expected, text, at)


def _json_hint(text: str, error: json.JSONDecodeError) -> str:
    """What a JSON syntax error most likely is, in words: a trailing comma, a missing or
    single quote, a missing comma, a file cut short. Empty when there is no good guess.

    >>> def hint(text):
    ...     try:
    ...         json.loads(text)
    ...     except json.JSONDecodeError as error:
    ...         return _json_hint(text, _as_on_every_python(text, error))
    >>> hint('[1, 2,]')
    "a comma before ']': JSON allows no comma after the last entry; remove it"
    >>> hint('{"name": "Kitchen}')
    'a string that is never closed: a closing double quote is missing'
    """
    at = error.pos
    found = text[at:at + 1]
    before = text[:at].rstrip()[-1:]
    message = error.msg
    if message.startswith("Unterminated string"):
        return "a string that is never closed: a closing double quote is missing"
    if message.startswith("Invalid control character") and found in "\r\n":
        return "a string runs to the end of its line: a closing double quote is missing"
    if before == "," and found in ("]", "}"):
        return (f"a comma before '{found}': JSON allows no comma after the last entry; "
                "remove it")
    if found == "'":
        return "JSON writes text in double quotes (\"), not single quotes (')"
    if message.startswith("Expecting property name") and (found.isalpha() or found == "_"):
        return "a key is written in double quotes: \"key\": value"
    if not found and message.startswith("Expecting"):
        return "the file ends before its value does: a closing bracket or brace is missing"
    if message == "Expecting value" and (found.isalpha() or found == "_"):
        return ("text is written in double quotes (\"text\"); true, false and null in "
                "lower case")
    if message.startswith("Expecting ',' delimiter"):
        return ("a comma is missing before this, or a double quote is missing earlier on "
                "the line")
    if message.startswith("Expecting ':' delimiter"):
        return "a colon is missing between a key and its value"
    if message.startswith("Extra data"):
        return "text after the end of the JSON value (a bracket or brace closed too early?)"
    return ""


def load_json(text: str, file: str) -> Any:
    """Parse JSON text; every problem becomes an :class:`InputError` naming ``file``.

    ``NaN`` and ``Infinity`` are refused (they are not JSON), and so are integers
    too long for Python to read, duplicate keys and control characters in text. A lone
    surrogate (``"\\ud800"``) is read as U+FFFD.
    """
    if not text.strip():
        raise InputError([Located(file, "the file is empty: expected a JSON object", line=1)])
    whole = "\\" in text and _SURROGATE_ESCAPE.search(text) is not None
    twice: _Twice = {}
    try:
        value = json.loads(text, object_pairs_hook=_pairs_hook(twice, whole),
                           parse_constant=_refuse_constant)
    except json.JSONDecodeError as raised:
        error = _as_on_every_python(text, raised)
        hint = _json_hint(text, error)
        # Python's "Unterminated string starting at" expects the position after it
        detail = re.sub(r"( starting)? at$", "", error.msg)
        message = f"{hint} ({detail})" if hint else detail
        raise InputError(
            [Located(file, message, line=error.lineno, column=error.colno)]
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
    if isinstance(value, str):
        value = _whole(value) if whole else value
        problem = _control_message(value)
        problems = [Located(file, problem, "$")] if problem else []
    elif whole or twice or _maybe_control(text) or \
            text.count("[") + text.count("{") > MAX_DEPTH:
        problems = _text_messages(file, value, (), 0, whole, twice)
    else:  # nothing the walk could find: no key twice, no control character, shallow
        problems = []
    if problems:
        raise InputError(problems)
    return value


def foreign_json(data: Any, file: str, fmt: str, what: str) -> InputError | None:
    """None when ``data`` is a JSON object with ``"format": fmt``; else the error that
    says the file is not ``what`` (``a homestaging sheet``), quoting nothing of it: it
    may be any file, a private one included. A format of ours with another version is
    named, and so is another format of ours, with what it holds.

    >>> print(foreign_json(["root:x:0:0"], "f", "game/1", "a game"))
    f: $: not a game: expected a JSON object with "format": "game/1", found a list
    >>> print(foreign_json({"format": "decorum-game/1"}, "f", "game/1", "a game"))
    f: $.format: not a game: expected "game/1", found "decorum-game/1" (a finished Décorum game)
    """
    expected = f'expected a JSON object with "format": "{fmt}"'
    if not isinstance(data, dict):
        return InputError.single(file, f"not {what}: {expected}, found {kind(data)}", "$")
    found = data.get("format")
    if found == fmt:
        return None
    if found is None:
        return InputError.single(file, f"not {what}: {expected}", "$")
    family = fmt.rsplit("/", 1)[0] + "/"
    other = _format_of_ours(found)
    if other is not None:
        named = f', found "{found}" ({other})'
    elif isinstance(found, str) and found.startswith(family):
        named = ", found " + excerpt(found, quote='"')
    else:
        named = ""
    return InputError.single(file, f'not {what}: expected "{fmt}"{named}', "$.format")


def _format_of_ours(found: object) -> str | None:
    """What a file of another format of ours holds (``a finished Rooms & Roomies house``),
    from the title of its published schema; None for anything else."""
    if not isinstance(found, str) or not re.fullmatch(r"[a-z]+(-[a-z]+)*/[0-9]+", found):
        return None
    from .schema import load_schema

    try:
        schema = load_schema(found.split("/")[0].removeprefix("homestaging-"))
    except FileNotFoundError:
        return None
    if schema.get("properties", {}).get("format", {}).get("const") != found:
        return None
    title = str(schema["title"]).split(":")[0].split(" (")[0]
    return "a" + title[1:] if title.startswith("A ") else title


def _check_nodes(file: str, root: yaml.Node, controls: bool = True) -> None:
    """Refuse alias bombs, deep nesting, duplicate keys and control characters in text
    before constructing anything. ``controls``: whether a value may hold a control
    character (False when the text holds none, nor any escape: then none is looked for)."""
    import yaml

    sizes: dict[int, int] = {}
    problems: list[Located] = []

    def size(node: yaml.Node, depth: int) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if depth > MAX_DEPTH:
            raise InputError([_at(file, node, f"nested more than {MAX_DEPTH} levels deep")])
        total = 1
        if isinstance(node, yaml.ScalarNode):
            problem = _control_message(str(node.value)) if controls else None
            if problem:
                problems.append(_at(file, node, problem))
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(item, depth + 1) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, item in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen and key.value != "<<":
                        raise InputError([_at(file, key, f"duplicate key {excerpt(key.value)}")])
                    seen.add(key.value)
                total += size(key, depth + 1) + size(item, depth + 1)
        if total > MAX_YAML_NODES:
            raise InputError(
                [_at(file, node, f"expands to more than {MAX_YAML_NODES} values (alias bomb?)")]
            )
        sizes[id(node)] = total
        return total

    size(root, 0)
    if problems:
        raise InputError(problems)


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


def _short(message: str, limit: int = 160) -> str:
    """A message of the YAML library, cut (it may quote a tag or an alias of any length)."""
    first = message.splitlines()[0] if message else ""
    return first if len(first) <= limit else first[:limit] + "..."


def load_yaml(text: str, file: str) -> Any:
    """Parse YAML text with a safe loader; every problem becomes an :class:`InputError`."""
    import yaml

    loader = _loader()(text)
    try:
        root = loader.get_single_node()
        if root is None:
            raise InputError([Located(file, "the file is empty: expected a YAML document", line=1)])
        # a value holds only the text's characters, line breaks and what its escapes
        # stand for: with neither control characters nor escapes, it holds none
        _check_nodes(file, root, "\\" in text or _maybe_control(text))
        try:
            return loader.construct_document(root)
        except (ValueError, OverflowError) as error:  # a bad date, a too long number
            bad = _failing_scalar(loader, root)
            if bad is None:
                raise InputError.single(file, f"cannot read a value: {error}") from None
            message = f"cannot read {excerpt(bad.value)}: {error}"
            raise InputError([_at(file, bad, message)]) from None
    except yaml.MarkedYAMLError as error:
        from .yamlsyntax import syntax_error  # here: a file that reads well needs none of it

        raise InputError([syntax_error(file, text, error)]) from None
    except yaml.reader.ReaderError as error:
        code = error.character if isinstance(error.character, int) else ord(error.character)
        message = f"not valid YAML: {error.reason} (character U+{code:04X})"
        raise InputError([_located_at(file, text, error.position, message)]) from None
    except yaml.YAMLError as error:
        raise InputError.single(file, f"not valid YAML: {_short(str(error))}") from None
    except RecursionError:
        raise InputError.single(file, f"nested more than {MAX_DEPTH} levels deep") from None
    finally:
        loader.dispose()
