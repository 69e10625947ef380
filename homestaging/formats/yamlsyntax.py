"""A YAML syntax error in a player's words, at the place to mend.

PyYAML says what its parser was doing and what it expected ("while parsing a block
mapping ... expected <block end>, but found '-'"), in words that differ between its own
parser and libyaml's. :func:`syntax_error` reads only the error's public attributes
(``problem``, ``problem_mark``, ``context``, ``context_mark``) and the text at those
places, names the common mistakes (indentation, tabs, a quote or bracket never closed, a
missing colon, a value that needs quotes) and falls back to a general sentence.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core.errors import Located

if TYPE_CHECKING:
    import yaml

__all__ = ["syntax_error"]

_INDENTATION = "check the indentation"
_GENERAL = ("not valid YAML here: check the indentation, and the colons, quotes and "
            "brackets on this line and the one above")


def _character(text: str, mark: yaml.Mark | None) -> str:
    """The character at ``mark`` ("" at the end of the text or without a mark)."""
    return text[mark.index:mark.index + 1] if mark is not None else ""


def _at_end(text: str, mark: yaml.Mark | None) -> bool:
    """Whether nothing but blanks follows ``mark``."""
    return mark is not None and not text[mark.index:].strip()


def _line_from(text: str, mark: yaml.Mark) -> str:
    """The rest of the line at ``mark``."""
    return text[mark.index:].split("\n", 1)[0]


def _before(text: str, mark: yaml.Mark) -> str:
    """The last character before ``mark`` on its line that is not a blank."""
    start = text.rfind("\n", 0, mark.index) + 1
    return text[start:mark.index].rstrip()[-1:]


def _place(mark: yaml.Mark) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}"


def _described(error: yaml.MarkedYAMLError, text: str) -> tuple[str, yaml.Mark | None]:
    """What the mistake most likely is, and the mark of the place to mend."""
    problem, context = error.problem or "", error.context or ""
    found, opened = error.problem_mark, error.context_mark or error.problem_mark
    there = _character(text, found)
    if there == "\t" or "tab character" in problem:
        return "a tab character: YAML indents with spaces only; replace it with spaces", found
    if "cannot start any token" in problem:
        return (f"a value cannot start with {there!r} in YAML: put the value in quotes",
                found)
    if "escape" in problem or "hexdecimal" in problem:
        return ("a backslash in double quotes starts an escape such as \\n: write \\\\ for "
                "a backslash, or put the text in single quotes", opened)
    if "quoted scalar" in context:
        quote = _character(text, opened) or '"'
        return f"a quote ({quote}) that is never closed: the closing {quote} is missing", opened
    if "flow sequence" in context or "flow mapping" in context:
        bracket, closing = ("[", "]") if "sequence" in context else ("{", "}")
        if _at_end(text, found):
            return (f"a '{bracket}' that is never closed: the closing '{closing}' is missing",
                    opened)
        where = f" (opened at {_place(opened)})" if opened is not None else ""
        return (f"expected ',' or '{closing}' here: a comma is missing, or the "
                f"'{bracket}'{where} is never closed", found)
    if "block mapping" in context:
        if there == "-":
            return f"a list item ('- ...') where a key was expected; {_INDENTATION}", found
        if found is not None and _before(text, found) in ("'", '"'):
            return ("text after the closing quote of a value: put all of the value inside "
                    "the quotes (or is a quote missing on a line above?)", found)
        if there in ("]", "}"):
            return f"a '{there}' that closes nothing: no '[' or '{{' was opened before it", found
        return f"a key ('name: value') was expected here; {_INDENTATION}", found
    if "block collection" in context:
        if there == "-":
            return "a '-' is followed by a space in a list item: write '- name: value'", found
        return f"a key where a list item ('- ...') was expected; {_INDENTATION}", found
    if "mapping values are not allowed" in problem:
        return ("a colon (':') where none was expected: check the indentation of this key, "
                "or put the value in quotes if the colon is part of it", found)
    if "sequence entries are not allowed" in problem:
        return ("a list item ('- ...') cannot follow a key on its line: start it on the "
                "next line, indented", found)
    if "simple key" in context and opened is not None:
        if re.search(r":[^\s]", _line_from(text, opened)):
            return "a colon (':') is followed by a space in YAML: write 'key: value'", opened
        return ("no colon (':') on this line: expected 'key: value', or '- ' before a list "
                "item", opened)
    if "block scalar" in context:
        return ("text after '|' or '>' on its line: start the block's text on the next "
                "line, indented", opened)
    if "anchor" in context or "alias" in context or "undefined alias" in problem:
        return ("'&' and '*' start an anchor or an alias in YAML: put a value starting "
                "with them in quotes", opened if context else found)
    if "constructor for the tag" in problem:
        return "tags ('!...') are not read: write the value without its tag", found
    if "nesting depth" in problem:
        return "lists and mappings nested too deep", found
    if "unhashable key" in problem:
        return "a list or a mapping cannot be a key", opened
    if "single document" in context:
        return "a second document ('---'): a file holds one document", found
    return _GENERAL, found or opened


def syntax_error(file: str, text: str, error: yaml.MarkedYAMLError) -> Located:
    """The located message for a YAML syntax error in ``text``, the contents of
    ``file``.

    >>> import yaml
    >>> text = "id: x\\nrooms:\\n  - name: K\\n - type: k\\n"
    >>> try:
    ...     yaml.load(text, Loader=yaml.SafeLoader)
    ... except yaml.MarkedYAMLError as error:
    ...     print(syntax_error("p.yaml", text, error))
    p.yaml:4:2: a list item ('- ...') where a key was expected; check the indentation
    """
    message, mark = _described(error, text)
    if mark is None:
        return Located(file, message)
    return Located(file, message, line=mark.line + 1, column=mark.column + 1)
