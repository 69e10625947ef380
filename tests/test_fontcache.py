"""The font subsets' cache and the text measures' cache: a PDF made with a cold cache, a
warm one and none is the same to the byte; an entry is trusted only under its own key;
trouble with the folder only costs time; the hook into matplotlib is there only while a
PDF is written."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from matplotlib.backends import _backend_pdf_ps as pdf_ps

from homestaging import fontcache
from homestaging.drawing import figure_bytes
from homestaging.printing import projects_pdf
from homestaging.projectreader import find_project
from homestaging.render import plan_figure
from homestaging.scoring import score
from homestaging.sheetreader import read_sheet

ROOT = Path(__file__).resolve().parent.parent
ORIGINAL = pdf_ps.get_glyphs_subset
HOOKED = pytest.mark.skipif(not fontcache.usable(), reason=(
    "this matplotlib is not one the cache knows: its PDFs are written without it"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(folder))
    fontcache._memory.clear()
    fontcache._stores.clear()
    yield folder
    fontcache._memory.clear()
    fontcache._stores.clear()


@pytest.fixture(scope="module")
def tutorial_pdf() -> bytes:
    """The tutorial's PDF as matplotlib makes it, without the cache."""
    os.environ["HOMESTAGING_CACHE_DIR"], saved = "", os.environ["HOMESTAGING_CACHE_DIR"]
    try:
        return projects_pdf([find_project("tutorial")])
    finally:
        os.environ["HOMESTAGING_CACHE_DIR"] = saved


class Counted:
    """Counts the subsets matplotlib makes (through the cache's own call)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        made = fontcache._made

        def counted(fontfile: object, glyphs: set[int]) -> tuple[bytes, dict[int, int]]:
            self.calls += 1
            return made(fontfile, glyphs)

        monkeypatch.setattr(fontcache, "_made", counted)


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "fonts").glob("*.subset"))


@HOOKED
def test_cold_warm_and_no_cache_make_the_same_bytes(
        cache: Path, tutorial_pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    made = Counted(monkeypatch)
    cold = projects_pdf([find_project("tutorial")])
    fonts = tutorial_pdf.count(b"/FontFile2")
    assert fonts == 4  # DejaVu Sans: regular, bold, oblique, bold oblique
    assert made.calls == fonts and len(entries(cache)) == fonts
    fontcache._memory.clear()
    warm = projects_pdf([find_project("tutorial")])
    assert made.calls == fonts  # every subset loaded from the folder
    assert cold == warm == tutorial_pdf
    again = projects_pdf([find_project("tutorial")])  # from memory, this time
    assert again == tutorial_pdf and made.calls == fonts
    assert pdf_ps.get_glyphs_subset is ORIGINAL


@HOOKED
def test_a_plan_as_pdf_uses_the_cache_too(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = read_sheet(ROOT / "examples" / "tutorial-finished.json")
    card = score(sheet)
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", "")
    plain = figure_bytes(plan_figure(sheet, card), "pdf")
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(cache))
    made = Counted(monkeypatch)
    cold = figure_bytes(plan_figure(sheet, card), "pdf")
    fontcache._memory.clear()
    warm = figure_bytes(plan_figure(sheet, card), "pdf")
    assert plain == cold == warm
    assert made.calls == len(entries(cache)) > 0


@HOOKED
def test_a_damaged_entry_is_made_again(cache: Path, tutorial_pdf: bytes,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    projects_pdf([find_project("tutorial")])
    first, second, third, fourth = entries(cache)
    first.write_bytes(first.read_bytes()[:-10])  # truncated font
    data = bytearray(second.read_bytes())
    data[-100] ^= 0xFF  # one byte of the font changed
    second.write_bytes(bytes(data))
    third.write_bytes(fourth.read_bytes())  # another subset's entry under this name
    fontcache._memory.clear()
    made = Counted(monkeypatch)
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert made.calls == 3
    fontcache._memory.clear()
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert made.calls == 3  # saved right, this time


@HOOKED
def test_an_entry_states_its_key_checksum_and_glyphs(cache: Path) -> None:
    projects_pdf([find_project("tutorial")])
    for path in entries(cache):
        head, key, digest, pairs, font = path.read_bytes().split(b"\n", 4)
        assert head + b"\n" == fontcache.FORMAT and path.stem == key.decode()
        assert len(digest) == 64 and font[:4] == b"\x00\x01\x00\x00"  # a TrueType font
        assert all(isinstance(old, int) and isinstance(new, int)
                   for old, new in json.loads(pairs))


@HOOKED
def test_the_key_covers_the_glyphs_and_the_font(cache: Path) -> None:
    from matplotlib.font_manager import FontPath, FontProperties, findfont

    font = findfont(FontProperties(family="DejaVu Sans"))
    path = FontPath(str(font), 0)
    assert fontcache._key(path, [3, 4, 5]) == fontcache._key(path, [5, 4, 3, 3])
    assert fontcache._key(path, [3, 4, 5]) != fontcache._key(path, [3, 4])
    bold = findfont(FontProperties(family="DejaVu Sans", weight="bold"))
    assert fontcache._key(path, [3]) != fontcache._key(FontPath(str(bold), 0), [3])
    assert fontcache._key(path, [3]) != fontcache._key(FontPath(str(font), 1), [3])


@HOOKED
def test_an_unwritable_folder_only_costs_time(tmp_path: Path, tutorial_pdf: bytes,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(blocker / "cache"))
    fontcache._memory.clear()
    made = Counted(monkeypatch)
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert made.calls == 4
    assert pdf_ps.get_glyphs_subset is ORIGINAL


def test_no_cache_and_an_unknown_matplotlib_leave_matplotlib_alone(
        cache: Path, tutorial_pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def watch(fontfile: object, glyphs: object) -> object:
        seen.append(pdf_ps.get_glyphs_subset)
        return ORIGINAL(fontfile, glyphs)  # type: ignore[arg-type]

    monkeypatch.setattr(pdf_ps, "get_glyphs_subset", watch)
    monkeypatch.setattr(fontcache, "KNOWN_MATPLOTLIB", ("2.",))
    assert not fontcache.usable()
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    monkeypatch.setattr(fontcache, "KNOWN_MATPLOTLIB", ("3.11.",))
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", "")
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert seen == [watch] * 8 and not (cache / "fonts").exists()


@HOOKED
def test_the_hook_is_taken_away_after_a_failure(cache: Path) -> None:
    with pytest.raises(RuntimeError), fontcache.cached_subsets() as hooked:
        assert hooked and pdf_ps.get_glyphs_subset is fontcache._subset
        with fontcache.cached_subsets():  # nested: still hooked after the inner one
            pass
        assert pdf_ps.get_glyphs_subset is fontcache._subset
        raise RuntimeError
    assert pdf_ps.get_glyphs_subset is ORIGINAL


@HOOKED
def test_a_warm_print_loads_neither_the_subsetter_nor_the_glyph_names(tmp_path: Path) -> None:
    env = {**os.environ, "HOMESTAGING_CACHE_DIR": str(tmp_path), "MPLBACKEND": "Agg"}
    code = """
import sys
from homestaging.cli import main
try:
    main(["print", "tutorial", "-o", sys.argv[1]], prog_name="homestaging")
except SystemExit as stop:
    assert stop.code == 0, stop.code
print(type(sys.modules["fontTools.agl"]).__name__, type(sys.modules["fontTools.subset"]).__name__)
"""
    found = []
    for name in ("cold.pdf", "warm.pdf"):
        done = subprocess.run([sys.executable, "-c", code, str(tmp_path / name)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120, check=True)
        found.append(done.stdout.split()[-2:])
    assert found == [["_Deferred", "module"], ["_Deferred", "_Deferred"]]
    assert (tmp_path / "cold.pdf").read_bytes() == (tmp_path / "warm.pdf").read_bytes()


@HOOKED
def test_the_pdf_backend_comes_without_the_artists_setter_docs_and_nothing_else() -> None:
    code = """
import inspect
from homestaging.fontcache import SETTER_DOC, pdf_backend
pdf_backend()
from matplotlib import artist
from matplotlib.patches import Rectangle
from matplotlib.text import Text
assert Rectangle.set.__doc__ == Text.set.__doc__ == SETTER_DOC
box = Rectangle((0, 0), 1, 1)
box.set(alpha=0.5, facecolor="red")
assert box.get_alpha() == 0.5 and box.get_facecolor() == (1.0, 0.0, 0.0, 0.5)
assert artist.kwdoc(Rectangle).startswith("Properties:")
class Later(artist.Artist):
    pass
assert "Supported properties" in Later.set.__doc__
assert "alpha" in inspect.signature(Later.set).parameters
print("checked")
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "checked"), done.stderr


@HOOKED
def test_text_measured_once_gives_the_same_bytes_and_leaves_matplotlib_as_it_was(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib import _text_helpers, font_manager, text
    from matplotlib.backends import backend_pdf

    projects = [find_project("tutorial"), find_project("country-manor")]
    with fontcache.text_once() as hooked:
        assert hooked
        once = projects_pdf(projects)
        assert fontcache._texts is not None and fontcache._texts.layouts
    assert vars(backend_pdf)["_text_helpers"] is _text_helpers
    assert "_find_fonts_by_props" not in vars(font_manager.fontManager)
    assert vars(text)["get_font"] is font_manager.get_font
    assert text.Text._get_layout.__module__ == text.__name__
    assert pdf_ps.CharacterTracker.track_glyph.__module__ == pdf_ps.__name__
    assert not {"get_text_width_height_descent", "_get_font_ttf"} & vars(
        backend_pdf.RendererPdf).keys()
    monkeypatch.setattr(fontcache, "KNOWN_MATPLOTLIB", ("2.",))
    with fontcache.text_once() as hooked:
        assert not hooked and vars(backend_pdf)["_text_helpers"] is _text_helpers
        assert projects_pdf(projects) == once


class Measured:
    """Counts the strings the PDF backend measures with FreeType (through the text
    cache's own call of matplotlib's method)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        measure = pdf_ps.RendererPDFPSBase.get_text_width_height_descent

        def counted(renderer: object, s: str, prop: object, ismath: object) -> object:
            self.calls += 1
            return measure(renderer, s, prop, ismath)  # type: ignore[arg-type]

        monkeypatch.setattr(pdf_ps.RendererPDFPSBase, "get_text_width_height_descent", counted)


def text_files(cache: Path) -> list[Path]:
    return sorted((cache / "text").glob("*.json"))


@HOOKED
def test_text_measures_kept_on_disk_give_the_same_bytes(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    projects = [find_project("tutorial"), find_project("country-manor")]
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", "")
    plain = projects_pdf(projects)
    assert fontcache._stores == {}  # no cache, no store
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(cache))
    measured = Measured(monkeypatch)
    cold = projects_pdf(projects)
    files = text_files(cache)
    assert measured.calls > 50 and len(files) == 3  # regular, bold and oblique DejaVu Sans
    stamps = [path.stat().st_mtime_ns for path in files]
    fontcache._stores.clear()  # read from the folder, as a new process would
    measured.calls = 0
    warm = projects_pdf(projects)
    assert measured.calls == 0 and cold == warm == plain
    assert [path.stat().st_mtime_ns for path in files] == stamps  # nothing new to write
    stores = list(fontcache._stores.values())
    assert all(store.layouts and store.metrics and store.texts and not store.dirty
               for store in stores)


@HOOKED
def test_a_text_file_keeps_its_key_and_the_layouts_matplotlib_makes(cache: Path) -> None:
    from matplotlib import font_manager
    from matplotlib.ft2font import LoadFlags

    projects_pdf([find_project("tutorial")])
    for path in text_files(cache):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["key"][0] == fontcache.TEXT_FORMAT
        assert path.stem == hashlib.sha256("\0".join(data["key"]).encode()).hexdigest()
        assert all(len(value) == 3 for value in data["metrics"].values())
    prop = font_manager.FontProperties(family="DejaVu Sans", size=9.0)
    font = font_manager.get_font(font_manager.fontManager._find_fonts_by_props(prop))
    font.set_size(9.0, 72)
    store = fontcache._TextStore(cache / "text" / "probe.json", ["probe"])
    text = "Living room: 2 \u00d7 sofa (\u20ac)"
    made = store.layout(font, 9.0, text, None, None, lambda: list(
        font._layout(text, LoadFlags.NO_HINTING)))
    kept = store.layout(font, 9.0, text, None, None, lambda: [])
    fields = ("ft_object", "glyph_index", "char", "x", "y", "prev_kern")
    assert [[getattr(item, name) for name in fields] for item in made] == \
        [[getattr(item, name) for name in fields] for item in kept]
    assert all(item.ft_object is font for item in kept) and len(kept) == len(text)


def laid_out_texts() -> tuple[object, list[object]]:
    """A figure of texts of every shape (lines, alignments, turns, spacing, sizes) and
    its PDF renderer."""
    from matplotlib.backends.backend_mixed import MixedModeRenderer
    from matplotlib.backends.backend_pdf import PdfFile, RendererPdf
    from matplotlib.figure import Figure

    fig = Figure(figsize=(4, 3), dpi=72)
    ax = fig.add_axes((0, 0, 1, 1))
    texts = []
    for n, string in enumerate(["Sofa", "Living room\n2 \u00d7 sofa", "a\n\nlonger line\nb",
                                "", "Kitchen (\u20ac 12)"]):
        for ha, va, turn in [("left", "baseline", 0.0), ("center", "center", 90.0),
                             ("right", "top", 33.5), ("center", "center_baseline", -15.0)]:
            for mode in ("default", "anchor"):
                texts.append(ax.text(
                    0.5, 0.5, string, fontsize=6 + n * 1.5, ha=ha, va=va, rotation=turn,
                    rotation_mode=mode, linespacing=1.2 + 0.3 * n, multialignment=[
                        "left", "center", "right"][n % 3], fontweight=["normal", "bold"][n % 2]))
    pdf = PdfFile(io.BytesIO())
    renderer = MixedModeRenderer(fig, 4, 3, 72, RendererPdf(pdf, 72, 4, 3))
    return renderer, texts


@HOOKED
def test_text_layouts_read_back_are_the_ones_matplotlib_makes(cache: Path) -> None:
    from matplotlib.text import Text

    plain = Text._get_layout

    def record(layout: tuple[Any, list[Any], Any]) -> tuple[object, ...]:
        box, lines, corner = layout
        values = (box.get_points().tolist(), lines, corner)
        return values, repr(values)  # the numbers' types too

    renderer, texts = laid_out_texts()
    expected = [record(plain(text, renderer)) for text in texts]
    with fontcache.text_once():  # laid out and kept
        assert [record(text._get_layout(renderer)) for text in texts] == expected
    assert all(store.texts for store in fontcache._stores.values())
    fontcache._stores.clear()  # read back from the folder
    with fontcache.text_once():
        assert vars(Text)["_get_layout"] is not plain
        assert [record(text._get_layout(renderer)) for text in texts] == expected
    stores = list(fontcache._stores.values())
    assert stores and not any(store.dirty for store in stores)  # nothing laid out again
    for store in stores:  # a damaged layout is made again
        store.texts = {key: [[0, 0], [], [1, 2, 3, 4]] for key in store.texts}
    with fontcache.text_once():
        assert [record(text._get_layout(renderer)) for text in texts] == expected
    assert fontcache._layout_record((None, [], ((0, 0), (1, 1)))) is None


@HOOKED
def test_a_text_file_of_another_key_or_damaged_is_started_anew(
        cache: Path, monkeypatch: pytest.MonkeyPatch, tutorial_pdf: bytes) -> None:
    from matplotlib import ft2font

    projects_pdf([find_project("tutorial")])
    files = text_files(cache)
    fontcache._stores.clear()
    monkeypatch.setattr(ft2font, "__libraqm_version__", ft2font.__libraqm_version__ + ".1")
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert len(text_files(cache)) == 2 * len(files)  # another version, other files
    monkeypatch.undo()
    monkeypatch.setenv("HOMESTAGING_CACHE_DIR", str(cache))
    first, second, third = files
    data = json.loads(first.read_text(encoding="utf-8"))
    data["metrics"] = {key: [1.0, 2.0, 3.0] for key in data["metrics"]}
    data["key"][1] = "0.0"  # the values of another matplotlib: not to be used
    first.write_text(json.dumps(data), encoding="utf-8")
    second.write_text("{", encoding="utf-8")
    third.write_bytes(third.read_bytes()[:-50])
    fontcache._stores.clear()
    measured = Measured(monkeypatch)
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert measured.calls > 0
    fontcache._stores.clear()
    measured.calls = 0
    assert projects_pdf([find_project("tutorial")]) == tutorial_pdf
    assert measured.calls == 0  # written right, this time


@HOOKED
def test_the_text_key_covers_the_fonts_and_their_fallback(cache: Path) -> None:
    import matplotlib
    from matplotlib.font_manager import FontPath, FontProperties, findfont

    regular = FontPath(findfont(FontProperties(family="DejaVu Sans")), 0)
    bold = FontPath(findfont(FontProperties(family="DejaVu Sans", weight="bold")), 0)
    key = fontcache._text_key((regular,))
    assert key[0] == fontcache.TEXT_FORMAT and str(regular.path) in key
    assert key != fontcache._text_key((bold,))
    assert key != fontcache._text_key((FontPath(regular.path, 1),))
    assert key != fontcache._text_key((regular, bold))
    with matplotlib.rc_context({"font.enable_last_resort": False}):
        assert key != fontcache._text_key((regular,))


@HOOKED
def test_a_font_is_chosen_once_per_font_properties_while_text_is_kept() -> None:
    from matplotlib.font_manager import FontProperties

    class Renderer:
        def __init__(self) -> None:
            self.asked: list[float] = []

        def _get_font_ttf(self, prop: FontProperties) -> tuple[str, float]:
            self.asked.append(prop.get_size_in_points())
            return ("font", prop.get_size_in_points())

    renderer, prop = Renderer(), FontProperties(size=9)
    assert fontcache.chosen_font(renderer, prop) == fontcache.chosen_font(renderer, prop)
    assert renderer.asked == [9.0, 9.0]  # outside: each time
    renderer.asked.clear()
    with fontcache.text_once():
        first = fontcache.chosen_font(renderer, prop)
        assert fontcache.chosen_font(renderer, FontProperties(size=9)) is first
        prop.set_size(11)  # the properties kept are a copy
        assert fontcache.chosen_font(renderer, prop) == ("font", 11.0)
        assert fontcache.chosen_font(renderer, FontProperties(size=9)) is first
    assert renderer.asked == [9.0, 11.0]
