"""The published JSON Schemas of the file formats, and a validator that reports all errors.

The schemas live in ``homestaging/schemas/*.schema.json``. The validator covers the
subset of JSON Schema they use (type, enum, const, pattern, length and number bounds,
items, properties, required, additionalProperties, propertyNames' pattern,
minProperties/maxProperties, anyOf, $ref to $defs) and yields every error with its
JSON path, so a file's problems are all reported at once.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from ..core.quoting import excerpt
from .readers import JsonParts, json_path

__all__ = ["ErrorPaths", "is_valid", "iter_errors", "load_schema", "path_prefixes"]

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema of a format: ``sheet``, ``catalog``, ``cards``, ``project``, or a family
    game's record (``roomies-house``, ``decorum-game``, ``housewarming-house``,
    ``dreamhome-home``)."""
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "schemas",
                        f"{name}.schema.json")
    with open(path, encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def _type_ok(value: Any, names: str | list[str]) -> bool:
    for name in [names] if isinstance(names, str) else names:
        if isinstance(value, bool) and name in ("integer", "number"):
            continue
        if isinstance(value, _TYPES[name]):
            return True
    return False


def _describe(value: Any) -> str:
    """A value found, as a message quotes it (a short, escaped excerpt)."""
    return excerpt(value, quote='"')


def same_value(a: Any, b: Any) -> bool:
    """Equality as JSON means it: ``true`` is not ``1``, ``90.0`` is not the integer
    ``90`` (integers are written without a decimal point or an exponent).

    >>> same_value(90, 90), same_value(90.0, 90), same_value(False, 0), same_value("a", "a")
    (True, False, False, True)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return bool(a == b)


def _whole_hint(value: Any, expected: Any) -> str:
    """Why a number that looks right is refused: it is written as a decimal or exponent."""
    if isinstance(value, float) and value.is_integer() and any(
        isinstance(e, int) and not isinstance(e, bool) for e in expected
    ):
        return " (write a whole number without a decimal point or an exponent)"
    return ""


def _type_words(names: str | list[str]) -> str:
    words = {
        "object": "an object",
        "array": "a list",
        "string": "a string",
        "integer": "a whole number",
        "number": "a number",
        "boolean": "true or false",
        "null": "null",
    }
    items = [names] if isinstance(names, str) else names
    return " or ".join(words[n] for n in items)


def iter_errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, path: JsonParts = ()
) -> Iterator[tuple[str, str]]:
    """Yield ``(json path, message)`` for every way ``value`` breaks ``schema``.

    A valid value (nearly every file read) is passed by :func:`is_valid`, a plain walk
    that builds no paths and no messages; the errors are looked for only when it fails.
    """
    root = root if root is not None else schema
    if is_valid(value, schema, root):
        return
    yield from _errors(value, schema, root, path)


def is_valid(value: Any, schema: dict[str, Any], root: dict[str, Any] | None = None) -> bool:
    """Whether ``value`` keeps ``schema``: :func:`iter_errors` yields nothing for it."""
    return _validator(schema, root if root is not None else schema)(value)


Check = Callable[[Any], bool]

_VALIDATORS: dict[tuple[int, int], Check] = {}
"""The validator of each (schema node, root) pair, by identity: the schemas are loaded
once (:func:`load_schema`) and kept, so a node is turned into a validator once."""


def _validator(schema: dict[str, Any], root: dict[str, Any]) -> Check:
    key = (id(schema), id(root))
    found = _VALIDATORS.get(key)
    if found is None:
        if len(_KEPT) >= _MAX_VALIDATORS:  # schemas made on the fly, not loaded ones
            _VALIDATORS.clear()
            _KEPT.clear()
        found = _VALIDATORS[key] = _compile(schema, root)
        _KEPT.append((schema, root))  # the ids stay theirs while the validator is kept
    return found


_KEPT: list[tuple[dict[str, Any], dict[str, Any]]] = []
_MAX_VALIDATORS = 5000


def _type_check(names: str | list[str]) -> Check:
    """:func:`_type_ok` for ``names``, worked out once."""
    listed = [names] if isinstance(names, str) else names
    plain = tuple(t for n in listed if n not in ("integer", "number") for t in _TYPES[n])
    numeric = tuple(t for n in listed if n in ("integer", "number") for t in _TYPES[n])
    if not numeric:
        return lambda value: isinstance(value, plain)
    return lambda value: isinstance(value, plain) or (
        isinstance(value, numeric) and not isinstance(value, bool))


def _resolved(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """The node a ``$ref`` names (the node itself if it is none)."""
    while "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _later(schema: dict[str, Any], root: dict[str, Any], slot: Any, key: Any) -> Check:
    """The validator of a node below another, made at its first use (a ``$ref`` may lead
    back up: making them all at once would not end), which then takes its place in
    ``slot[key]``, where the node above keeps it: later values go straight to it."""
    target = _resolved(schema, root)

    def check(value: Any) -> bool:
        made = slot[key] = _validator(target, root)
        return made(value)

    return check


_STRING_KEYS = frozenset({"type", "minLength", "maxLength", "pattern", "description",
                          "$comment", "title"})


def _string_node(schema: dict[str, Any]) -> bool:
    """Whether ``schema`` is a plain string node: a type, bounds, maybe a pattern."""
    return schema.get("type") == "string" and _STRING_KEYS.issuperset(schema)


def _plain_string(schema: dict[str, Any]) -> tuple[int, int | None] | None:
    """The length bounds of a plain string node without a pattern; None for any other."""
    if not _string_node(schema) or "pattern" in schema:
        return None
    return schema.get("minLength", 0), schema.get("maxLength")


def _string_check(schema: dict[str, Any]) -> Check:
    """The validator of a plain string node (a type and bounds, nothing else)."""
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
    if pattern is None:
        return lambda value: isinstance(value, str) and low <= len(value) and (
            high is None or len(value) <= high)
    match = pattern.fullmatch
    return lambda value: isinstance(value, str) and low <= len(value) and (
        high is None or len(value) <= high) and match(value) is not None


_NUMBER_KEYS = frozenset({"type", "minimum", "maximum", "description", "$comment", "title"})


def _number_check(schema: dict[str, Any]) -> Check | None:
    """The validator of a plain number node (``integer`` or ``number``, maybe bounds,
    nothing else); None for any other node. ``true`` and ``false`` are not numbers."""
    if schema.get("type") not in ("integer", "number") or not _NUMBER_KEYS.issuperset(schema):
        return None
    kinds = _TYPES[schema["type"]]
    low, high = schema.get("minimum"), schema.get("maximum")
    return lambda value: isinstance(value, kinds) and not isinstance(value, bool) and (
        low is None or value >= low) and (high is None or value <= high)


_SCALARS = (str, int, float, bool, type(None))
_CHOICE_KEYS = frozenset({"type", "enum", "const", "description", "$comment", "title"})


def _choices(schema: dict[str, Any]) -> dict[type, frozenset[Any]] | None:
    """The values a node of ``const`` or ``enum`` (and maybe a type) allows, by their
    exact type, when they are all scalars and the node holds nothing else; None for any
    other node. A value is allowed when its type's set holds it: :func:`same_value`
    without a call per option (``true`` is not ``1``: their types differ)."""
    if not _CHOICE_KEYS.issuperset(schema) or ("enum" in schema) == ("const" in schema):
        return None
    options = schema["enum"] if "enum" in schema else [schema["const"]]
    if not all(type(option) in _SCALARS for option in options):
        return None
    allowed: dict[type, set[Any]] = {}
    for option in options:
        if "type" not in schema or _type_ok(option, schema["type"]):
            allowed.setdefault(type(option), set()).add(option)
    return {kind: frozenset(values) for kind, values in allowed.items()}


def _choice_check(allowed: dict[type, frozenset[Any]]) -> Check:
    """The validator of a node :func:`_choices` reads."""

    def valid(value: Any) -> bool:
        values = allowed.get(type(value))
        return values is not None and value in values

    return valid


_ANY_OF_KEYS = frozenset({"anyOf", "description", "$comment", "title"})


def _any_of_check(fitting: list[Check | None], options: list[Check]) -> Check:
    """The validator of a node holding only ``anyOf``: each option whose type fits (when
    it has one) tried in turn. ``options`` are slots :func:`_later` fills."""

    def valid(value: Any) -> bool:
        for fits, option in zip(fitting, options, strict=True):
            if (fits is None or fits(value)) and option(value):
                return True
        return False

    return valid


def _compile(schema: dict[str, Any], root: dict[str, Any]) -> Check:
    """A function answering :func:`is_valid` for ``schema``: the keywords it holds are
    looked up once, here, not for every value. The usual nodes (a plain string or
    number, a choice of scalars, a bare ``anyOf``, a list, an object) get a function of
    their own that looks at nothing else."""
    if "$ref" in schema:
        return _validator(_resolved(schema, root), root)
    if _string_node(schema):
        return _string_check(schema)
    allowed = _choices(schema)
    if allowed is not None:
        return _choice_check(allowed)
    number = _number_check(schema)
    if number is not None:
        return number
    type_ok = _type_check(schema["type"]) if "type" in schema else None
    const = schema.get("const", _NOTHING)
    enum = schema.get("enum")
    if "anyOf" in schema:
        options = [root["$defs"][o["$ref"].rsplit("/", 1)[-1]] if "$ref" in o else o
                   for o in schema["anyOf"]]
        fitting = [_type_check(o["type"]) if "type" in o else None for o in options]
        checks: list[Check] = [_unfilled] * len(options)
        for index, option in enumerate(options):
            checks[index] = _later(option, root, checks, index)
        any_of: list[Check] | None = checks
        if _ANY_OF_KEYS.issuperset(schema):
            return _any_of_check(fitting, checks)
    else:
        any_of = None
    min_length, max_length = schema.get("minLength"), schema.get("maxLength")
    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
    minimum, maximum = schema.get("minimum"), schema.get("maximum")
    min_items, max_items = schema.get("minItems"), schema.get("maxItems")
    items: list[Check] | None = None
    if "items" in schema:
        items = [_unfilled]
        items[0] = _later(schema["items"], root, items, 0)
    is_object = _object_check(schema, root)
    kind = schema.get("type")
    if const is _NOTHING and enum is None and any_of is None and kind in ("object", "array"):
        # the common containers, without the keywords of other kinds: their own checks
        if kind == "object":
            return is_object

        bounds = _plain_string(_resolved(schema["items"], root)) if "items" in schema else None
        if bounds is not None:  # a list of plain strings (a grid's rows): no call per item
            low, high = bounds

            def valid_strings(value: Any) -> bool:
                if not isinstance(value, list) or (
                        min_items is not None and len(value) < min_items) or (
                        max_items is not None and len(value) > max_items):
                    return False
                for item in value:  # a loop, not all(): no generator made for each list
                    if not isinstance(item, str) or len(item) < low or (
                            high is not None and len(item) > high):
                        return False
                return True

            return valid_strings

        def valid_list(value: Any) -> bool:
            if not isinstance(value, list) or (min_items is not None and len(value) < min_items) \
                    or (max_items is not None and len(value) > max_items):
                return False
            if items is None:
                return True
            return all(map(items[0], value))

        return valid_list

    def valid(value: Any) -> bool:
        if type_ok is not None and not type_ok(value):
            return False
        if const is not _NOTHING and not same_value(value, const):
            return False
        if enum is not None and not any(same_value(value, option) for option in enum):
            return False
        if any_of is not None:
            return any(option(value) for fits, option in zip(fitting, any_of, strict=True)
                       if fits is None or fits(value))
        if isinstance(value, str):
            return ((min_length is None or len(value) >= min_length)
                    and (max_length is None or len(value) <= max_length)
                    and (pattern is None or pattern.fullmatch(value) is not None))
        if isinstance(value, int | float) and not isinstance(value, bool):
            return ((minimum is None or value >= minimum)
                    and (maximum is None or value <= maximum))
        if isinstance(value, list):
            if (min_items is not None and len(value) < min_items) or (
                    max_items is not None and len(value) > max_items):
                return False
            if items is None:
                return True
            return all(map(items[0], value))
        if isinstance(value, dict):
            return is_object(value)
        return True

    return valid


_NOTHING = object()


def _unfilled(value: Any) -> bool:
    """The placeholder of a validator slot, filled at once with :func:`_later`."""
    raise AssertionError("a validator slot was not filled")


def _object_check(schema: dict[str, Any], root: dict[str, Any]) -> Check:
    min_properties, max_properties = schema.get("minProperties"), schema.get("maxProperties")
    required = tuple(schema.get("required", ()))
    properties: dict[str, Check] = {}
    for key, node in schema.get("properties", {}).items():
        properties[key] = _later(node, root, properties, key)
    extra = schema.get("additionalProperties", True)
    rest: list[Check] | None = None
    if isinstance(extra, dict):
        rest = [_unfilled]
        rest[0] = _later(extra, root, rest, 0)
    names = schema.get("propertyNames", {}).get("pattern") if isinstance(extra, dict) else None
    name_pattern = re.compile(names) if names is not None else None

    def valid(value: Any) -> bool:
        if not isinstance(value, dict) or (
                min_properties is not None and len(value) < min_properties) or (
                max_properties is not None and len(value) > max_properties):
            return False
        for key in required:  # a loop, not any(): no generator made for each object
            if key not in value:
                return False
        for key, item in value.items():
            if not isinstance(key, str):
                return False
            check = properties.get(key)
            if check is not None:
                if not check(item):
                    return False
            elif extra is False:
                return False
            elif rest is not None:
                if name_pattern is not None and not name_pattern.fullmatch(key):
                    return False
                if not rest[0](item):
                    return False
        return True

    return valid


def _errors(
    value: Any, schema: dict[str, Any], root: dict[str, Any], path: JsonParts
) -> Iterator[tuple[str, str]]:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        yield from _errors(value, root["$defs"][name], root, path)
        return
    if "type" in schema and not _type_ok(value, schema["type"]):
        found = _describe(value) + _whole_hint(value, [0] if "integer" in schema["type"] else [])
        yield json_path(path), f"expected {_type_words(schema['type'])}, found {found}"
        return
    if "const" in schema and not same_value(value, schema["const"]):
        yield json_path(path), f"expected {json.dumps(schema['const'])}, found {_describe(value)}"
        return
    if "enum" in schema and not any(same_value(value, option) for option in schema["enum"]):
        options = ", ".join(str(o) for o in schema["enum"])
        found = _describe(value) + _whole_hint(value, schema["enum"])
        yield json_path(path), f"expected one of {options}; found {found}"
        return
    if "anyOf" in schema:
        yield from _any_of(value, schema["anyOf"], root, path, schema.get("description"))
        return
    if isinstance(value, str):
        yield from _string(value, schema, path)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            found = _describe(value)
            yield json_path(path), f"expected at least {schema['minimum']}, found {found}"
        if "maximum" in schema and value > schema["maximum"]:
            found = _describe(value)
            yield json_path(path), f"expected at most {schema['maximum']}, found {found}"
    elif isinstance(value, list):
        yield from _array(value, schema, root, path)
    elif isinstance(value, dict):
        yield from _object(value, schema, root, path)


def _string(value: str, schema: dict[str, Any], path: JsonParts) -> Iterator[tuple[str, str]]:
    if "minLength" in schema and len(value) < schema["minLength"]:
        bound = schema["minLength"]
        yield json_path(path), f"expected at least {_characters(bound)}, found {len(value)}"
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        bound = schema["maxLength"]
        yield json_path(path), f"expected at most {_characters(bound)}, found {len(value)}"
    if "pattern" in schema and not re.fullmatch(schema["pattern"], value):
        hint = schema.get("description", f"text matching {schema['pattern']}")
        yield json_path(path), f"expected {hint}, found {_describe(value)}"


def _characters(count: int) -> str:
    return "1 character" if count == 1 else f"{count} characters"


def _entries(count: int) -> str:
    return "1 entry" if count == 1 else f"{count} entries"


def _array(
    value: list[Any], schema: dict[str, Any], root: dict[str, Any], path: JsonParts
) -> Iterator[tuple[str, str]]:
    where = json_path(path)
    if "minItems" in schema and len(value) < schema["minItems"]:
        yield where, f"expected at least {_entries(schema['minItems'])}, found {len(value)}"
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        yield where, f"expected at most {_entries(schema['maxItems'])}, found {len(value)}"
        return  # the list is unusable: its entries are not looked at (thousands past the
        # bound would cost time and give a message each)
    if "items" in schema:
        for index, item in enumerate(value):
            yield from _errors(item, schema["items"], root, (*path, index))


def _object(
    value: dict[Any, Any], schema: dict[str, Any], root: dict[str, Any], path: JsonParts
) -> Iterator[tuple[str, str]]:
    properties: dict[str, Any] = schema.get("properties", {})
    for key in value:
        if not isinstance(key, str):
            yield json_path(path), f"expected text keys, found {_describe(key)}"
    if "minProperties" in schema and len(value) < schema["minProperties"]:
        expected = ", ".join(properties) or "a key"
        yield json_path(path), f"expected one of the keys {expected}, found none"
    if "maxProperties" in schema and len(value) > schema["maxProperties"]:
        found = ", ".join(excerpt(k) for k in list(value)[:5])
        found += ", ..." if len(value) > 5 else ""
        yield json_path(path), f"expected {schema['maxProperties']} key(s), found {found}"
    for key in schema.get("required", []):
        if key not in value:
            yield json_path(path), f"missing required key {excerpt(key)}"
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if not isinstance(key, str):
            continue
        if key in properties:
            yield from _errors(item, properties[key], root, (*path, key))
        elif extra is False:
            known = ", ".join(properties)
            yield json_path((*path, key)), f"unknown key {excerpt(key)} (expected one of: {known})"
        elif isinstance(extra, dict):
            names = schema.get("propertyNames", {})
            if "pattern" in names and not re.fullmatch(names["pattern"], key):
                hint = names.get("description", names["pattern"])
                found = excerpt(key)
                yield json_path((*path, key)), f"expected a key that is {hint}, found {found}"
            yield from _errors(item, extra, root, (*path, key))


def _any_of(
    value: Any, options: list[dict[str, Any]], root: dict[str, Any], path: JsonParts,
    description: str | None = None,
) -> Iterator[tuple[str, str]]:
    """Pass when one option fits; otherwise report the errors of the closest option (a
    value of no option's type: what the node's ``description`` says, else the types)."""
    resolved = [root["$defs"][o["$ref"].rsplit("/", 1)[-1]] if "$ref" in o else o for o in options]
    fitting_type = [o for o in resolved if "type" not in o or _type_ok(value, o["type"])]
    if not fitting_type:
        kinds = [o["type"] for o in resolved if "type" in o]
        words = description or " or ".join(dict.fromkeys(_type_words(k) for k in kinds))
        yield json_path(path), f"expected {words}, found {_describe(value)}"
        return
    best: list[tuple[str, str]] | None = None
    for option in fitting_type:
        errors = list(_errors(value, option, root, path))
        if not errors:
            return
        if best is None or len(errors) < len(best):
            best = errors
    yield from best or []


def path_prefixes(path: str) -> list[str]:
    """The JSON paths above ``path``.

    >>> path_prefixes("$.rooms[2].door")
    ['$', '$.rooms', '$.rooms[2]']
    """
    return [path[:i] for i, char in enumerate(path) if char in ".[" and i]


class ErrorPaths:
    """The paths where the schema found errors, for a reader that checks further only
    what the schema passed. Looked up in sets: with thousands of errors, each question
    costs the length of a path, not the number of errors."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.paths = set(paths)
        self.below = {prefix for path in self.paths for prefix in path_prefixes(path)}

    def at_or_above(self, path: str) -> bool:
        """An error at ``path`` or at a value holding it."""
        if not self.paths:
            return False  # a file the schema passed: every question answered at once
        return path in self.paths or not self.paths.isdisjoint(path_prefixes(path))

    def touches(self, path: str) -> bool:
        """An error at ``path``, above it or inside it."""
        return self.at_or_above(path) or path in self.below
