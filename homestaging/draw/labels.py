"""Where the words of a picture go: labels that cover no circulation dot, no other label
and no feature name while there is a free place, shrunk or shortened (with a key to
the full name) when there is none.

Geometry only, in squares (x to the right, y down), with no matplotlib: a label is a box
around its centre, sized from its text's extent (a :data:`Measure` gives the width and
height of a text in points at font size 1, its padding included) and the size of a
square in points.

* :class:`Occupied` the boxes and dots placed so far, indexed by the squares they touch,
  so a test costs what the box covers, not what the picture holds.
* :class:`Labeller` places labels one after the other: :meth:`~Labeller.fixed` (a box
  placed by someone else, such as a feature's name), :meth:`~Labeller.dot`,
  :meth:`~Labeller.badge` (a small mark on the first free of a few spots),
  :meth:`~Labeller.in_shape` (a piece's name inside its few squares) and
  :meth:`~Labeller.in_area` (a room's name on its free squares: a window search over a
  summed-area table, linear in the squares searched).
* :class:`ShortNames` the abbreviations used on one picture, unique, with their full
  names for the key.

Placing ``n`` labels among ``s`` squares costs about ``O(s + n)``: nothing compares a
label with every other one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core.grid import Cell, reading_order

__all__ = ["Box", "Label", "Labeller", "Measure", "Occupied", "ShortNames", "box_at",
           "overlaps"]

#: (x0, y0, x1, y1) in squares, x0 <= x1 and y0 <= y1.
Box = tuple[float, float, float, float]
#: The width and height in points of a text at font size 1, its padding included.
Measure = Callable[[str], tuple[float, float]]

#: A rectangle of squares: its top-left square's x and y, its width and height.
Rectangle = tuple[int, int, int, int]
#: A placing tried for a name: its size, rectangle, text and rotation.
_Placing = tuple[float, Rectangle, str, int]

#: boxes touching by less than this (in squares) do not overlap
_TOUCH = 1e-6
#: sizes tried from the largest down, each this much smaller than the one before
_STEP = 0.92


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return (a[0] < b[2] - _TOUCH and b[0] < a[2] - _TOUCH
            and a[1] < b[3] - _TOUCH and b[1] < a[3] - _TOUCH)


def _hits_circle(box: Box, x: float, y: float, radius: float) -> bool:
    nearest_x = min(max(x, box[0]), box[2])
    nearest_y = min(max(y, box[1]), box[3])
    return (nearest_x - x) ** 2 + (nearest_y - y) ** 2 < (radius - _TOUCH) ** 2


def box_at(x: float, y: float, width: float, height: float) -> Box:
    """The box of that size (in squares) centred on ``(x, y)``."""
    return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)


def _squares(box: Box) -> Iterator[Cell]:
    """The squares a box touches (more than an edge)."""
    for y in range(math.floor(box[1] + _TOUCH), math.ceil(box[3] - _TOUCH)):
        for x in range(math.floor(box[0] + _TOUCH), math.ceil(box[2] - _TOUCH)):
            yield x, y


@dataclass(frozen=True)
class Label:
    """A placed label: its centre, text, font size, rotation (0 or 90) and box.

    ``short`` when the text is an abbreviation (its full name belongs in the key);
    ``clear`` is False when no free place was found and the label covers something.
    """

    x: float
    y: float
    text: str
    size: float
    rotation: int
    box: Box
    short: bool = False
    clear: bool = True


class Occupied:
    """Label boxes and dots placed so far, indexed by the squares they touch."""

    def __init__(self) -> None:
        self._boxes: dict[Cell, list[Box]] = {}
        self._dots: dict[Cell, list[tuple[float, float, float]]] = {}
        self._squares: frozenset[Cell] | None = None  # until the next box or dot

    def add_box(self, box: Box) -> None:
        self._squares = None
        for square in _squares(box):
            self._boxes.setdefault(square, []).append(box)

    def add_dot(self, x: float, y: float, radius: float) -> None:
        """A round mark (a circulation dot) of that centre and radius."""
        dot = (x, y, radius)
        self._squares = None
        for square in _squares((x - radius, y - radius, x + radius, y + radius)):
            self._dots.setdefault(square, []).append(dot)

    def hits(self, box: Box) -> bool:
        """Whether ``box`` overlaps a box or a dot placed so far."""
        for square in _squares(box):
            if any(overlaps(box, other) for other in self._boxes.get(square, ())):
                return True
            if any(_hits_circle(box, *dot) for dot in self._dots.get(square, ())):
                return True
        return False

    def squares(self) -> frozenset[Cell]:
        """Every square some box or dot touches."""
        if self._squares is None:
            self._squares = frozenset(self._boxes) | frozenset(self._dots)
        return self._squares


class ShortNames:
    """The abbreviations of one picture, each standing for one full name."""

    def __init__(self) -> None:
        self._full: dict[str, str] = {}
        # the options of each name asked for, until an abbreviation is taken
        self._options: dict[str, tuple[str, ...]] = {}

    def options(self, name: str) -> list[str]:
        """Shorter and shorter forms of ``name`` not already standing for another name:
        ``Nightstand`` -> ``Nightst.``, ..., ``Ni.``, ``N.``; several words also give
        their initials (``Double wardrobe`` -> ``DW``)."""
        if name not in self._options:
            self._options[name] = tuple(self._work_out(name))
        return list(self._options[name])

    def _work_out(self, name: str) -> list[str]:
        words = name.split()
        found: list[str] = []
        first = words[0] if words else name
        for length in range(max(1, min(len(first) - 3, 8)), 0, -1):
            if length == 1 and len(words) > 1:  # the initials say more than one letter
                initials = "".join(word[0].upper() for word in words if word[:1].isalnum())
                if initials:
                    found.append(initials)
            found.append(first[:length] + ".")
        # last resorts, when the shorter ones stand for other names: longer cuts
        found += [first[:length] + "." for length in range(len(first) - 2, len(first))
                  if length > 0]
        kept = []
        for short in dict.fromkeys(found):
            if short != name and self._full.get(short, name) == name:
                kept.append(short)
        if not kept:  # every form taken: number them
            number = 2
            while self._full.get(f"{first[:2]}{number}", name) != name:
                number += 1
            kept.append(f"{first[:2]}{number}")
        return kept

    def use(self, short: str, name: str) -> None:
        if self._full.get(short) != name:
            self._full[short] = name
            self._options.clear()  # an abbreviation taken: other names lose it

    def key(self) -> list[tuple[str, str]]:
        """(abbreviation, full name), in the order of the full names."""
        return sorted(self._full.items(), key=lambda item: (item[1], item[0]))


class _FreeWindows:
    """Which rectangles of squares inside a region hold no blocked square, from a
    summed-area table of the region's bounding box (built once, each question O(area))."""

    def __init__(self, region: Iterable[Cell], blocked: Iterable[Cell]) -> None:
        inside = set(region) - set(blocked)
        cells = set(region)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        self.x0, self.y0 = min(xs), min(ys)
        self.width = max(xs) - self.x0 + 1
        self.height = max(ys) - self.y0 + 1
        table = [[0] * (self.width + 1)]
        for j in range(self.height):
            above = table[-1]
            row = [0] * (self.width + 1)
            run = 0
            y = self.y0 + j
            for i in range(self.width):
                if (self.x0 + i, y) not in inside:
                    run += 1
                row[i + 1] = above[i + 1] + run
            table.append(row)
        self._table = table
        self._seen: dict[tuple[int, int, float, float], tuple[int, int] | None] = {}

    def nearest(self, w: int, h: int, target: tuple[float, float]) -> tuple[int, int] | None:
        """The top-left square of the free ``w`` x ``h`` window whose centre is nearest
        ``target`` (then the highest, then the leftmost), or None."""
        asked = (w, h, *target)
        if asked in self._seen:
            return self._seen[asked]
        best: tuple[float, int, int] | None = None
        table = self._table
        tx, ty = target
        for j in range(self.height - h + 1):
            top, bottom = table[j], table[j + h]
            dy = (self.y0 + j + h / 2 - ty) ** 2
            if best is not None and dy > best[0]:
                continue
            for i in range(self.width - w + 1):
                if bottom[i + w] - bottom[i] - top[i + w] + top[i]:
                    continue
                distance = dy + (self.x0 + i + w / 2 - tx) ** 2
                if best is None or distance < best[0] - 1e-9:
                    best = (distance, j, i)
        found = None if best is None else (self.x0 + best[2], self.y0 + best[1])
        self._seen[asked] = found
        return found


class Labeller:
    """Places the labels of one picture so that none covers another or a dot.

    ``cell_pt`` is the size of a square in points. Labels are placed in the order asked:
    place the most constrained first (marks on given spots, then pieces' names, then
    rooms' names). ``short_names`` may be shared by the labellers of several pictures.
    """

    def __init__(self, cell_pt: float, short_names: ShortNames | None = None) -> None:
        self.cell_pt = cell_pt
        self.occupied = Occupied()
        self.short_names = short_names if short_names is not None else ShortNames()
        self.placed: list[Label] = []
        self._tried: dict[tuple[object, ...], tuple[_Placing, ...]] = {}
        self._windows: tuple[tuple[frozenset[Cell], ...], _FreeWindows] | None = None

    # -- what is already there -----------------------------------------------------

    def fixed(self, box: Box) -> None:
        """A box placed by someone else (a feature's name): later labels avoid it."""
        self.occupied.add_box(box)

    def dot(self, x: float, y: float, radius: float) -> None:
        self.occupied.add_dot(x, y, radius)

    def _extent(self, text: str, size: float, rotation: int,
                measure: Measure) -> tuple[float, float]:
        """Width and height in squares of ``text`` at ``size``, turned by ``rotation``."""
        width, height = measure(text)
        w, h = width * size / self.cell_pt, height * size / self.cell_pt
        return (h, w) if rotation else (w, h)

    def _keep(self, label: Label) -> Label:
        self.occupied.add_box(label.box)
        self.placed.append(label)
        return label

    # -- small marks on given spots ---------------------------------------------------

    def badge(self, text: str, size: float, spots: Sequence[tuple[float, float]],
              measure: Measure) -> Label:
        """A small mark of fixed size on the first of ``spots`` (centres) where it covers
        nothing, else on the first."""
        w, h = self._extent(text, size, 0, measure)
        for x, y in spots:
            box = box_at(x, y, w, h)
            if not self.occupied.hits(box):
                return self._keep(Label(x, y, text, size, 0, box))
        x, y = spots[0]
        return self._keep(Label(x, y, text, size, 0, box_at(x, y, w, h), clear=False))

    # -- names inside a few squares (pieces) ------------------------------------------

    def in_shape(self, squares: frozenset[Cell], name: str, *, measure: Measure,
                 largest: float, smallest: float, turn: bool = True) -> Label:
        """A name inside a small group of squares (a piece): the largest size at which
        one of its forms (one line, two lines, turned) fits a rectangle of the squares
        without covering anything placed; if none does at ``smallest``, the longest free
        abbreviation (see :class:`ShortNames`); if nothing is free, the best form over
        what it covers (``clear`` False)."""
        ox = min(x for x, _ in squares)
        oy = min(y for _, y in squares)
        rectangles = _rectangles(frozenset((x - ox, y - oy) for x, y in squares))
        mx, my = _middle(squares)
        middle = (mx - ox, my - oy)  # exact: the same distances as from the squares

        def fit(forms: tuple[str, ...]) -> Label | None:
            return self._fit((ox, oy), self._placings(rectangles, middle, forms, measure,
                                                      largest, smallest, turn),
                             measure, smallest)

        found = fit(tuple(_forms(name)))
        if found is not None:
            return self._keep(found)
        for short in self.short_names.options(name):
            found = fit((short,))
            if found is not None:
                self.short_names.use(short, name)
                return self._keep(Label(found.x, found.y, found.text, found.size,
                                        found.rotation, found.box, short=True))
        short = min(self.short_names.options(name), key=len)  # the shortest, over what it must
        self.short_names.use(short, name)
        x, y, w, h = rectangles[0]
        rotation = 90 if turn and h > w * 1.3 else 0
        bw, bh = self._extent(short, smallest, rotation, measure)
        cx, cy = ox + x + w / 2, oy + y + h / 2
        return self._keep(Label(cx, cy, short, smallest, rotation, box_at(cx, cy, bw, bh),
                                short=True, clear=False))

    def _placings(self, rectangles: tuple[Rectangle, ...], middle: tuple[float, float],
                  forms: tuple[str, ...], measure: Measure, largest: float, smallest: float,
                  turn: bool) -> tuple[_Placing, ...]:
        """What :meth:`_fit` tries, best first: each form in each rectangle (squares from
        the shape's top-left corner) at the largest size it fits, at least ``smallest``.
        It does not depend on what is placed, so a shape and a name cost once a picture."""
        key = (rectangles, middle, forms, measure, largest, smallest, turn)
        found = self._tried.get(key)
        if found is None:
            options: list[tuple[float, int, int, Rectangle, str, int]] = []
            for r, (x, y, w, h) in enumerate(rectangles):
                for f, form in enumerate(forms):
                    for rotation in ((0, 90) if turn and h > w * 1.3 else (0,)):
                        bw, bh = self._extent(form, 1.0, rotation, measure)
                        size = min(largest, 0.9 * w / bw, 0.9 * h / bh)
                        if size >= smallest:
                            options.append((size, r, f, (x, y, w, h), form, rotation))
            options.sort(key=lambda o: (-round(o[0], 2), _distance(o[3], middle), o[1], o[2]))
            found = tuple((size, rectangle, form, rotation)
                          for size, _, _, rectangle, form, rotation in options)
            self._tried[key] = found
        return found

    def _fit(self, origin: Cell, placings: Sequence[_Placing], measure: Measure,
             smallest: float) -> Label | None:
        """The first free placing (a rectangle's squares counted from ``origin``): at
        its size or smaller, down to ``smallest``, centred, else slid along its
        rectangle."""
        ox, oy = origin
        for best_size, (x, y, w, h), form, rotation in placings:
            x, y = x + ox, y + oy
            size = best_size
            while size >= smallest - 1e-9:
                bw, bh = self._extent(form, size, rotation, measure)
                for cx, cy in _slides(x, y, w, h, bw, bh):
                    box = box_at(cx, cy, bw, bh)
                    if not self.occupied.hits(box):
                        return Label(cx, cy, form, size, rotation, box)
                size = size * _STEP if size > smallest + 1e-9 else smallest - 1.0
        return None

    # -- names on the free squares of an area (rooms) ---------------------------------

    def in_area(self, region: Iterable[Cell], blocked: Iterable[Cell], texts: Sequence[str], *,
                measure: Measure, largest: float, smallest: float,
                target: tuple[float, float] | None = None, turn: bool = True,
                snug: bool = False) -> Label | None:
        """The largest of ``texts`` that fits a rectangle of squares of ``region`` holding
        no ``blocked`` square and nothing placed, at most ``largest`` and at least
        ``smallest``, nearest ``target`` (default: the region's middle); turned a quarter
        (``turn``) only where that makes it clearly larger. None if nothing fits. The
        window search is linear in the region's bounding box per size tried.

        The label is centred in its rectangle; ``snug`` pushes it against the side of
        the rectangle that lies on the region's edge (a wall), leaving what is over on
        the other side in one piece (for the names of what it is written over)."""
        cells = frozenset(region)
        if not cells:
            return None
        windows = self._free_windows(cells, frozenset(blocked))
        if target is None:
            target = (sum(x for x, _ in cells) / len(cells) + 0.5,
                      sum(y for _, y in cells) / len(cells) + 0.5)
        best: tuple[float, str, int, int, int, int, int] | None = None
        for rotation in ((0, 90) if turn else (0,)):
            for text in texts:
                w1, h1 = self._extent(text, 1.0, rotation, measure)
                size = largest
                while size >= smallest - 1e-9:
                    w = math.ceil(w1 * size / 0.94 - 1e-9)
                    h = math.ceil(h1 * size / 0.92 - 1e-9)
                    spot = windows.nearest(w, h, target)
                    if spot is not None:
                        fitted = min(largest, 0.94 * w / w1, 0.92 * h / h1)
                        better = 1.15 if rotation else 1.0  # turned text is harder to read
                        if best is None or fitted > best[0] * better + 0.05:
                            best = (fitted, text, rotation, spot[0], spot[1], w, h)
                        break
                    size = size * _STEP if size > smallest + 1e-9 else smallest - 1.0
        if best is None:
            return None
        size, text, rotation, x, y, w, h = best
        bw, bh = self._extent(text, size, rotation, measure)
        cx, cy = x + w / 2, y + h / 2
        if snug:
            cx += _against(x, w, bw, windows.x0, windows.x0 + windows.width)
            cy += _against(y, h, bh, windows.y0, windows.y0 + windows.height)
        return self._keep(Label(cx, cy, text, size, rotation, box_at(cx, cy, bw, bh)))

    def _free_windows(self, cells: frozenset[Cell], blocked: frozenset[Cell]) -> _FreeWindows:
        """The free windows of ``cells``, less ``blocked`` and what is placed: kept until
        something more is placed (a name tried in full, then shortened, looks at the
        same squares)."""
        key = (cells, blocked, self.occupied.squares())
        if self._windows is None or self._windows[0] != key:
            self._windows = (key, _FreeWindows(cells, blocked | key[2]))
        return self._windows[1]

    def anywhere(self, region: Iterable[Cell], text: str, *, measure: Measure,
                 size: float, short: bool = False) -> Label:
        """A label placed when no free place is left: on the square of ``region`` nearest
        its middle where it covers the fewest placed boxes (``clear`` False if any)."""
        cells = list(region)
        w, h = self._extent(text, size, 0, measure)
        middle = _middle(frozenset(cells))
        ordered = sorted(cells, key=lambda c: ((c[0] + 0.5 - middle[0]) ** 2
                                               + (c[1] + 0.5 - middle[1]) ** 2,
                                               reading_order(c)))
        for x, y in ordered[:64]:
            box = box_at(x + 0.5, y + 0.5, w, h)
            if not self.occupied.hits(box):
                return self._keep(Label(x + 0.5, y + 0.5, text, size, 0, box, short=short))
        x, y = ordered[0]
        return self._keep(Label(x + 0.5, y + 0.5, text, size, 0,
                                box_at(x + 0.5, y + 0.5, w, h), short=short, clear=False))


# ---------------------------------------------------------------------------- helpers


def _against(start: int, length: int, size: float, low: int, high: int) -> float:
    """How far to move a label of ``size`` centred in ``start`` .. ``start + length`` so
    that it rests against ``low`` or ``high`` when the span reaches one of them."""
    slack = (length - size) / 2 - _EDGE
    if slack <= 0:
        return 0.0
    if start == low:
        return -slack
    if start + length == high:
        return slack
    return 0.0


def _forms(name: str) -> list[str]:
    """A name on one line, then on two lines cut where they are most even."""
    words = name.split()
    forms = [name]
    if len(words) > 1:
        cut = min(range(1, len(words)),
                  key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        forms.append(" ".join(words[:cut]) + "\n" + " ".join(words[cut:]))
    return forms


def _middle(squares: frozenset[Cell]) -> tuple[float, float]:
    return (sum(x for x, _ in squares) / len(squares) + 0.5,
            sum(y for _, y in squares) / len(squares) + 0.5)


def _distance(rectangle: tuple[int, int, int, int], point: tuple[float, float]) -> float:
    x, y, w, h = rectangle
    return round((x + w / 2 - point[0]) ** 2 + (y + h / 2 - point[1]) ** 2, 6)


def _slides(x: int, y: int, w: int, h: int, bw: float, bh: float) -> list[tuple[float, float]]:
    """Centres of a ``bw`` x ``bh`` box inside the rectangle: the middle, then the ends
    of the longer way it can slide."""
    cx, cy = x + w / 2, y + h / 2
    spots = [(cx, cy)]
    # slid to an end, it keeps a little off the edge (where a wall may be drawn)
    room_x, room_y = (w - bw) / 2 - _EDGE, (h - bh) / 2 - _EDGE
    if room_x >= room_y and room_x > 0.05:
        spots += [(cx - room_x, cy), (cx + room_x, cy)]
    elif room_y > 0.05:
        spots += [(cx, cy - room_y), (cx, cy + room_y)]
    return spots


#: how far a label slid to the end of its rectangle keeps from the edge (squares)
_EDGE = 0.08


#: a group of more squares than this is searched by its biggest rectangles only
_MAX_SHAPE = 48


@lru_cache(maxsize=4096)
def _rectangles(squares: frozenset[Cell]) -> tuple[Rectangle, ...]:
    """The maximal rectangles (x, y, w, h) inside a small group of squares, largest first
    (then in reading order)."""
    found: set[tuple[int, int, int, int]] = set()
    ordered = sorted(squares, key=reading_order)
    for x0, y0 in ordered[:_MAX_SHAPE]:
        width = 0
        while (x0 + width, y0) in squares:
            width += 1
        for w in range(1, width + 1):
            h = 1
            while all((x, y0 + h) in squares for x in range(x0, x0 + w)):
                h += 1
            found.add((x0, y0, w, h))
    maximal = [r for r in found if not any(
        o != r and o[0] <= r[0] and o[1] <= r[1] and o[0] + o[2] >= r[0] + r[2]
        and o[1] + o[3] >= r[1] + r[3] for o in found)]
    return tuple(sorted(maximal, key=lambda r: (-r[2] * r[3], r[1], r[0], r[2])))
