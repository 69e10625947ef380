"""How messages show values that came from a file or the command line.

Every message that quotes a value uses :func:`excerpt`: a short, escaped excerpt, so
that a message is one printable line whatever the file holds (an ANSI escape sequence,
a lone surrogate, a right-to-left override, a 2 MB string, a 5000-digit number).
:func:`printable` escapes a whole line the same way without cutting it; every located
message goes through it (:class:`homestaging.core.errors.Located`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = ["EXCERPT_LENGTH", "Suggestions", "did_you_mean", "excerpt", "kind", "printable"]

EXCERPT_LENGTH = 40
"""How many characters of a string a message quotes at most."""

_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (control characters,
    escape sequences, lone surrogates, invisible format characters), as Python writes
    them in a string literal.

    >>> printable("ok \\x1b[31mred\\x1b[0m \\ud800")
    'ok \\\\x1b[31mred\\\\x1b[0m \\\\ud800'
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def excerpt(value: object, limit: int = EXCERPT_LENGTH, quote: str = "'") -> str:
    """A value as a message quotes it: a string quoted, escaped and cut after ``limit``
    characters (its length then given), a number unless it is huge, else what it is.

    >>> excerpt("sofa"), excerpt('it\\'s'), excerpt("sofa", quote='"')
    ("'sofa'", "'it\\\\'s'", '"sofa"')
    >>> excerpt("\\x1b[2J" + "x" * 100, limit=8)
    "'\\\\x1b[2Jxxxx'... (104 characters)"
    >>> excerpt(10**5000), excerpt(90.0), excerpt(False), excerpt(None), excerpt([1])
    ('a huge number', '90.0', 'false', 'null', 'a list')
    """
    if isinstance(value, str):
        shown = value[:limit]
        body = "".join(
            "\\" + char if char in (quote, "\\") else char if char.isprintable()
            else _escape(char)
            for char in shown
        )
        cut = f"... ({len(value)} characters)" if len(value) > limit else ""
        return f"{quote}{body}{quote}{cut}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else "a huge number"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__} value"


def kind(value: object) -> str:
    """What a value is, quoting nothing of it: for a file that is not ours.

    >>> kind("root:x:0:0"), kind([1]), kind(3), kind(None)
    ('text', 'a list', 'a number', 'null')
    """
    if isinstance(value, str):
        return "text"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__} value"


def did_you_mean(close: Sequence[str]) -> str:
    """What a message adds for the names close to a misspelt one (nothing for none).

    >>> did_you_mean(["toilet"]), did_you_mean(["toilet", "stove"]), did_you_mean([])
    (" (did you mean 'toilet'?)", " (did you mean 'toilet' or 'stove'?)", '')
    """
    return f" (did you mean {' or '.join(excerpt(name) for name in close)}?)" if close else ""


class Suggestions:
    """"Did you mean ...?" for misspelt names, at a bounded cost: each distinct word is
    looked up once, words longer than ``longest`` characters get no suggestion, and after
    ``budget`` distinct words none do (a file of thousands of misspelt ids costs no more
    than a file of ``budget``).

    >>> close = Suggestions(["sofa", "sofa-bed", "armchair"], count=2, cutoff=0.5)
    >>> close("sofs"), close("zzz")
    (['sofa', 'sofa-bed'], [])
    """

    def __init__(self, known: Iterable[str], *, count: int = 1, cutoff: float = 0.6,
                 budget: int = 20, longest: int = 60) -> None:
        self.known = sorted(known)
        self.count = count
        self.cutoff = cutoff
        self.budget = budget
        self.longest = longest
        self.found: dict[str, list[str]] = {}

    def __call__(self, word: str) -> list[str]:
        if word in self.found:
            return self.found[word]
        if len(self.found) >= self.budget or len(word) > self.longest:
            return []
        import difflib

        close = difflib.get_close_matches(word, self.known, n=self.count, cutoff=self.cutoff)
        self.found[word] = close
        return close
