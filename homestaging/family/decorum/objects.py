"""What the Décorum rule book says about features: colours, styles, the 12 objects.

"There are 12 combinations" (About the House and Objects): every object type comes in
every colour and every style, but each (type, style) has one colour.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COLORS", "COOL", "OBJECTS", "STYLES", "TYPES", "WARM", "DecorObject",
           "color_matches", "find_object"]

TYPES = ("lamp", "wall hanging", "curio")
COLORS = ("red", "yellow", "blue", "green")
STYLES = ("modern", "antique", "retro", "unusual")
WARM = ("red", "yellow")
COOL = ("blue", "green")

#: (type, style) -> colour: the rule book's table.
OBJECTS: dict[tuple[str, str], str] = {
    ("wall hanging", "modern"): "red",
    ("wall hanging", "antique"): "green",
    ("wall hanging", "retro"): "blue",
    ("wall hanging", "unusual"): "yellow",
    ("curio", "modern"): "green",
    ("curio", "antique"): "blue",
    ("curio", "retro"): "yellow",
    ("curio", "unusual"): "red",
    ("lamp", "modern"): "blue",
    ("lamp", "antique"): "yellow",
    ("lamp", "retro"): "red",
    ("lamp", "unusual"): "green",
}


@dataclass(frozen=True)
class DecorObject:
    """An object token: its type, style and colour (it may be one that does not exist)."""

    type: str
    style: str
    color: str

    @property
    def exists(self) -> bool:
        return OBJECTS.get((self.type, self.style)) == self.color

    @property
    def name(self) -> str:
        """``modern blue lamp``."""
        return f"{self.style} {self.color} {self.type}"


def find_object(kind: str, *, style: str | None = None,
                color: str | None = None) -> DecorObject | None:
    """The object of ``kind`` with that style and/or colour; None when none exists."""
    for (each, each_style), each_color in OBJECTS.items():
        if each == kind and style in (None, each_style) and color in (None, each_color):
            return DecorObject(kind, each_style, each_color)
    return None


def color_matches(color: str, wanted: str) -> bool:
    """``wanted`` is a colour, ``warm`` (red, yellow) or ``cool`` (blue, green)."""
    if wanted == "warm":
        return color in WARM
    if wanted == "cool":
        return color in COOL
    return color == wanted
