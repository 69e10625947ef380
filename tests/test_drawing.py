"""Texts made as copies of one of the same style (``drawing.add_text`` inside
``stamped_texts``): the same attributes as ``Axes.text`` gives, nothing shared that two
texts of ``Axes.text`` do not share, and the same PDF bytes."""

from __future__ import annotations

from typing import Any

import pytest

from homestaging.drawing import add_text, fixed_axes, stamped_texts

STYLES: list[dict[str, Any]] = [
    {},
    {"fontsize": 9.0, "va": "top"},
    {"fontsize": 11, "va": "top", "fontweight": "bold", "color": "#777777", "gid": "par"},
    {"ha": "center", "va": "center", "fontsize": 4.5, "color": "#5d8fbd", "gid": "coordinate"},
    {"ha": "center", "va": "center", "fontsize": 6.25, "rotation": 90, "color": "#333333",
     "style": "italic", "zorder": 6, "gid": "feature-label"},
]


def _axes() -> Any:
    from matplotlib.figure import Figure

    ax = Figure(figsize=(4, 3)).add_axes((0.1, 0.2, 0.5, 0.6), axes_class=fixed_axes())
    ax.set_xlim(0, 10)
    ax.set_ylim(8, 0)
    return ax


def _state(text: Any) -> dict[str, Any]:
    """A text's attributes, those without an equality of their own by what they hold."""
    from matplotlib.cbook import CallbackRegistry
    from matplotlib.transforms import BboxBase

    state = {}
    for name, value in vars(text).items():
        if isinstance(value, CallbackRegistry):
            value = ("callbacks", value.callbacks, sorted(value._signals or ()))
        elif isinstance(value, BboxBase):
            value = ("box", tuple(value.bounds))
        state[name] = value
    return state


@pytest.mark.parametrize("style", STYLES)
def test_a_stamped_text_is_the_text_that_axes_text_makes(style: dict[str, Any]) -> None:
    ax = _axes()
    plain = ax.text(2.5, 1, "Kitchen", **style)
    with stamped_texts() as stamped:
        assert stamped
        add_text(ax, 7, 3.5, "first of its style", **style)  # the template made
        copied = add_text(ax, 2.5, 1, "Kitchen", **style)
    assert _state(copied) == _state(plain)
    assert copied.get_fontproperties() is not plain.get_fontproperties()
    assert copied.get_clip_box() is not plain.get_clip_box()  # each its own, as drawn
    assert ax.texts[-1] is copied and copied.axes is ax
    copied.remove()
    assert copied not in ax.texts


def test_stamped_texts_share_only_what_texts_of_axes_text_share() -> None:
    ax = _axes()
    style = STYLES[4]
    first, second = (ax.text(i, i, f"text {i}", **style) for i in (1, 2))
    with stamped_texts():
        one, other = (add_text(ax, i, i, f"text {i}", **style) for i in (1, 2))
    immutable = (str, int, float, bool, tuple, type(None))
    for name, value in vars(one).items():
        if not isinstance(value, immutable) and value is vars(other)[name]:
            assert vars(first)[name] is vars(second)[name], name
    one.set_fontsize(20)  # one text changed: not the others of its style
    assert other.get_fontsize() == 6.25


def test_outside_stamped_texts_and_with_a_box_axes_text_makes_them() -> None:
    ax = _axes()
    text = add_text(ax, 1, 1, "plain", fontsize=8)
    assert text.get_fontsize() == 8 and ax.texts[-1] is text
    with stamped_texts():
        boxed = add_text(ax, 1, 1, "boxed", bbox={"facecolor": "red"})
        listed = add_text(ax, 1, 1, "a list", color=[0.5, 0.5, 0.5])  # no key: made anew
    assert boxed.get_bbox_patch() is not None
    assert listed.get_color() == [0.5, 0.5, 0.5]


def test_stamped_texts_under_an_unknown_matplotlib_are_plain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    monkeypatch.setattr(matplotlib, "__version__", "9.0.0")
    with stamped_texts() as stamped:
        assert not stamped
        ax = _axes()
        assert add_text(ax, 1, 1, "plain").get_text() == "plain"


def test_a_book_with_stamped_texts_is_the_bytes_of_plain_texts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib

    import homestaging.printing as printing
    from homestaging.projectreader import find_project

    chosen = [find_project("tutorial"), find_project("lakeside-cabin")]
    stamped = printing.projects_pdf(chosen, sheets=1, book=True)
    monkeypatch.setattr(printing, "stamped_texts", contextlib.nullcontext)
    assert printing.projects_pdf(chosen, sheets=1, book=True) == stamped
