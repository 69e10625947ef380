"""The pages a table plays from without a screen: the cards, the printed deal, the round
at the table; their text read back with pdftotext, their margins with pdftoppm."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import matplotlib
import pytest
from click.testing import CliRunner

from homestaging.cli.root import main
from homestaging.core.game import deal
from homestaging.formats.projectreader import find_project

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None or
                                   shutil.which("pdftoppm") is None, reason="needs poppler")


def _version(text: str) -> tuple[int, ...]:
    """``(3, 10)`` of ``3.10.9``."""
    return tuple(int(part) for part in text.split(".")[:2])


def pdf_text(path: Path) -> list[str]:
    """The words of each page of ``path``."""
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return [page.split() for page in out.split("\f")[:-1]]  # type: ignore[misc]


@needs_poppler
def test_print_cards_has_every_card_both_variants(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["print", "cards", "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = pdf_text(out)
    assert len(pages) == 9
    words = [word for page in pages for word in page]
    assert [w for w in words if w[:-1].isdigit() and w[-1] in "ab"] == [
        f"{n}{v}" for n in range(1, 34) for v in "ab"]
    assert "Double bed" in " ".join(pages[0]) and "Cut" in pages[0]
    # a piece's wall sides as `projects show` and the catalog sheet write them
    assert words.count("n,w;") == 8 and "nw," not in words


@needs_poppler
def test_the_catalog_sheet_writes_wall_sides_as_the_cards_do(tmp_path: Path) -> None:
    out = tmp_path / "catalog.pdf"
    result = CliRunner().invoke(main, ["furniture", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(word for page in pdf_text(out) for word in page)
    assert "bathroom, bath; wall: n,w; hatch: /" in text and "wall: n w" not in text


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_cards_of_one_project_with_rooms(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["print", "cards", "--project", "tutorial", "--paper",
                                       paper, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(word for page in pdf_text(out) for word in page)
    project = find_project("tutorial")
    numbers = sorted({slot.number for room in project.rooms for slot in room.cards})
    assert [w for w in text.split() if w[:-1].isdigit() and w[-1] in "ab"] == [
        f"{n}{v}" for n in numbers for v in "ab"]
    for room in project.rooms:
        assert room.name in text


@needs_poppler
def test_print_cards_of_a_project_with_its_own_cards(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    own = Path(__file__).parent / "cases/scoring/projects/den-door.yaml"
    result = CliRunner().invoke(main, ["print", "cards", "--project", str(own), "-o", str(out)])
    assert result.exit_code == 0, result.output
    words = pdf_text(out)[0]
    assert [w for w in words if w[:-1].isdigit() and w[-1] in "ab"] == [
        "101a", "101b", "102a", "102b"]
    assert {"Box", "Lamp", "Cart", "Den"} <= set(words)


def test_print_cards_unknown_project_says_so_as_elsewhere(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["print", "cards", "--project", "tutoriall", "-o",
                                  str(tmp_path / "c.pdf")])
    other = runner.invoke(main, ["cards", "show", "1", "--project", "tutoriall"])
    assert (result.exit_code, other.exit_code) == (2, 2)
    assert "Error: Invalid value for '--project': unknown project 'tutoriall'" in result.output
    assert result.output.splitlines()[-1] == other.output.splitlines()[-1]
    assert not (tmp_path / "c.pdf").exists()


def test_project_option_goes_with_cards_only(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["print", "tutorial", "--project", "tutorial", "-o",
                                       str(tmp_path / "c.pdf")])
    assert result.exit_code == 2
    assert "--project goes with 'print cards' only" in result.output


@needs_poppler
def test_deal_pdf_a_page_per_room_with_the_dealt_cards_and_the_seed(tmp_path: Path) -> None:
    out = tmp_path / "deal.pdf"
    result = CliRunner().invoke(main, ["deal", "tutorial", "--seed", "7", "-o", str(out)])
    assert result.exit_code == 0, result.output
    project = find_project("tutorial")
    dealt = deal(project, 7)
    pages = pdf_text(out)
    assert len(pages) == len(project.rooms)
    for room, words in zip(project.rooms, pages, strict=True):
        text = " ".join(words)
        assert text.startswith(f"Project 0: Tutorial {room.name} Played in round Seed 7.")
        assert "homestaging deal tutorial --seed 7" in text
        assert ("for each token, the active player chooses one of the card's two options; "
                "tick a box under that option (with many tokens, write how many chose it)."
                ) in text
        assert [w for w in words if w[:-1].isdigit() and w[-1] in "ab"] == [
            f"{slot.number}{dealt[slot.number]}" for slot in room.cards]


def test_deal_pages_have_a_box_per_token_under_each_option() -> None:
    from homestaging.core.game import GameRecord
    from homestaging.deal.sheetpdf import CHOICE_BOX, CHOICE_ROW, deal_figures

    project = find_project("family-home")
    record = GameRecord(project.id, deal(project, 4242), (), 4242)
    figures = deal_figures(project, record, "deal")
    kids = figures[3].axes[0]  # cards 4a (two tokens), 5b and 6b (one each)
    boxes = [artist for artist in kids.patches if artist.get_gid() == "choice-box"]
    assert [(round(box.get_x(), 1), round(box.get_y(), 1)) for box in boxes] == [
        (83.7, 109.7), (88.7, 109.7), (123.7, 109.7), (128.7, 109.7),
        (86.2, 178.2), (126.2, 178.2), (86.2, 246.7), (126.2, 246.7)]
    assert {box.get_width() for box in boxes} == {CHOICE_BOX}
    cards = [artist for artist in kids.patches if artist.get_gid() == "card"]
    for card, top in zip(cards, (109.7, 178.2, 246.7), strict=True):  # 1 mm under its card
        assert round(card.get_y() + card.get_height() + 1.0, 1) == top
        assert top + CHOICE_BOX < card.get_y() + card.get_height() + 1.5 + CHOICE_ROW
    rounds = [artist for page in figures for artist in page.axes[0].patches
              if artist.get_gid() == "round-box"]
    assert len(rounds) == len(project.rooms)


def test_deal_pdf_to_a_folder_or_a_read_only_file(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["deal", "tutorial", "--seed", "7", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output == f"{tmp_path}: is a folder, expected a file name\n"
    slash = runner.invoke(main, ["deal", "tutorial", "--seed", "7", "-o", f"{tmp_path}/new/"])
    assert slash.exit_code == 2
    assert "names a folder (it ends with a slash); expected a file name" in slash.output
    locked = tmp_path / "deal.pdf"
    locked.write_bytes(b"old")
    locked.chmod(0o444)
    result = runner.invoke(main, ["deal", "tutorial", "--seed", "7", "-o", str(locked)])
    assert result.exit_code == 2
    assert result.output == f"{locked}: is read-only; not replaced (nothing written)\n"
    assert locked.read_bytes() == b"old"


@needs_poppler
def test_book_names_the_round_and_the_cards(tmp_path: Path) -> None:
    from homestaging.draw.printing import book_pages, projects_pdf

    chosen = [find_project("tutorial")]
    out = tmp_path / "book.pdf"
    out.write_bytes(projects_pdf(chosen, sheets=0, book=True))
    pages = pdf_text(out)
    assert len(pages) == book_pages(chosen, sheets=0, book=True) == 2 + 1 + 1 + 9
    contents = " ".join(pages[1])
    assert "A round at the table, in pictures 4" in contents
    assert "Appendix: the furniture cards, to cut out 5" in contents
    assert "A round: flip a card;" in " ".join(pages[2])
    round_page = " ".join(pages[3])
    for step in ("1. Flip a card", "2. Choose with the tokens", "3. Draw with circulation",
                 "4. Join circulation to the door", "5. Wall the room", "6. The hallway",
                 "only circulation (and rugs) is", "Kitchen sink", "page 4",
                 "For each number take card a or b at random, unseen",
                 "not their own room's.", "touching objects are 0 apart.",
                 "The bonuses' words: a piece is beside (or next to) a window when one of its "
                 "furniture squares is the square just inside the window; beside a door when "
                 "one is a square the door joins, or the square next to one of those along the "
                 "wall, either side of the wall, with no wall between. Two pieces touch when a "
                 "furniture square of one shares a side with a furniture square of the other, no "
                 "wall between: a corner is not touching, nor are dots. Against a wall: a "
                 "furniture square has a wall along one of its sides.",
                 "Windows: any number, anywhere on the outside wall; a window looks onto",
                 "Wild card, once per game: take the other option of a card, or draw a piece "
                 "mirrored.", "-3 per room without furniture; add the project's bonuses. A tie "
                 "goes to the most reachable pieces (rugs not counted).",
                 "The par on a project's page is the automatic player's median score: a "
                 "score to beat."):
        assert step in round_page
    assert pages[4][:3] == ["Furniture", "cards", "1a"]


@needs_poppler
def test_filled_sheet_fills_the_score_pad(tmp_path: Path) -> None:
    from homestaging.draw.printing import print_filled
    from homestaging.formats.sheetreader import read_sheet

    sheet = read_sheet(Path(__file__).parents[1] / "examples/country-manor-finished.json")
    out = tmp_path / "fill.pdf"
    print_filled(sheet, out)
    text = " ".join(pdf_text(out)[0])
    assert "Total 80 " in text and "Tie-break: reachable pieces 21" in text
    assert "Print landscape on A3 paper: squares of 11.9 mm" in text


def _edge_ink(pdf: Path, tmp_path: Path) -> list[int]:
    """Per page, the pixels not white within 5 mm of the paper's edge (at 50 dpi)."""
    from matplotlib.image import imread

    subprocess.run(["pdftoppm", "-r", "50", "-png", str(pdf), str(tmp_path / "p")], check=True)
    inked = []
    band = round(5 / 25.4 * 50)
    for png in sorted(tmp_path.glob("p-*.png")):
        image = imread(png)[:, :, :3]
        dark = image.min(axis=2) < 0.97
        dark[band:-band, band:-band] = False
        inked.append(int(dark.sum()))
    return inked


@needs_poppler
@pytest.mark.parametrize("command", [
    ["print", "cards", "--paper", "letter"],
    ["deal", "country-manor", "--seed", "3", "--paper", "letter"],
    ["print", "country-manor", "--paper", "letter"],
])
def test_nothing_within_5_mm_of_the_edge(tmp_path: Path, command: list[str]) -> None:
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*command, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert set(_edge_ink(out, tmp_path)) == {0}


# Greek and Cyrillic words, written with escapes (they read "Grandmother's house",
# "Grandmother's house by the lake.", "Kitchen", "Living room", "Table with a samovar")
GREEK_NAME = ("\u03a4\u03bf \u03c3\u03c0\u03af\u03c4\u03b9 "
              "\u03c4\u03b7\u03c2 \u03b3\u03b9\u03b1\u03b3\u03b9\u03ac\u03c2")
CYRILLIC_TEXT = ("\u0411\u0430\u0431\u0443\u0448\u043a\u0438\u043d \u0434\u043e\u043c "
                 "\u0443 \u043e\u0437\u0435\u0440\u0430.")
GREEK_ROOM = "\u039a\u03bf\u03c5\u03b6\u03af\u03bd\u03b1"
CYRILLIC_ROOM = "\u0413\u043e\u0441\u0442\u0438\u043d\u0430\u044f"
CYRILLIC_PIECE = ("\u0421\u0442\u043e\u043b "
                  "\u0441 \u0441\u0430\u043c\u043e\u0432\u0430\u0440\u043e\u043c")

GREEK_PROJECT = f"""\
id: greek-house
number: 40
name: {GREEK_NAME}
difficulty: 1
description: {CYRILLIC_TEXT}
sheet: {{width: 16, height: 12}}
house: ["B2:O11"]
rooms:
  - name: {GREEK_ROOM}
    type: kitchen
    cards: [{{number: 7, tokens: 1}}]
  - name: {CYRILLIC_ROOM}
    type: living
    cards: [{{number: 23, tokens: 1}}]
bonuses: []
furniture:
  - id: samovar-table
    name: {CYRILLIC_PIECE}
    tags: [living, table]
    art: |
      .o.
      oTo
cards:
  - {{number: 23, variant: a, options: [samovar-table, sofa]}}
  - {{number: 23, variant: b, options: [sofa, samovar-table]}}
"""


@needs_poppler
@pytest.mark.parametrize("command", [["print"], ["print", "cards", "--project"], ["deal"]],
                         ids=["page", "cards", "deal"])
def test_greek_and_cyrillic_names_print(tmp_path: Path, command: list[str]) -> None:
    project = tmp_path / "40-greek-house.yaml"
    project.write_text(GREEK_PROJECT, encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*command, str(project), "-o", str(out)])
    assert result.exit_code == 0, result.output
    if _version(matplotlib.__version__) < (3, 11):  # the letters are drawn, but before
        # 3.11 (Python 3.10) matplotlib's PDF maps no glyph back to its letter
        pytest.skip("matplotlib before 3.11 writes no Unicode map: the words cannot be read back")
    text = " ".join(word for page in pdf_text(out) for word in page)
    assert CYRILLIC_ROOM in text
    if command != ["print"]:  # the cards drawn: the project's own piece among them
        assert CYRILLIC_PIECE in text
    if command[-1] != "--project":
        assert GREEK_ROOM in text


def test_a_played_wild_card_is_crossed_out_on_the_filled_sheet() -> None:
    """The rule book: cross the wild card out once used. ``print --fill`` pencils two
    strokes across the W card of a sheet that plays it, within the card."""
    from homestaging.draw.drawsheet import filled_figure
    from homestaging.formats.sheetreader import read_sheet

    examples = Path(__file__).parents[1] / "examples"
    crossed = []
    for name in ("tutorial-finished.json", "country-manor-finished.json"):
        sheet = read_sheet(examples / name)
        page = filled_figure(sheet).axes[0]
        (card,) = [patch for patch in page.patches if patch.get_gid() == "wild-card"]
        x0, y0 = card.get_x(), card.get_y()
        x1, y1 = x0 + card.get_width(), y0 + card.get_height()
        on_card = [group for group in page.collections if group.get_gid() == "pencil" and all(
            x0 < x < x1 and y0 < y < y1 for path in group.get_paths() for x, y in path.vertices)]
        crossed.append((sheet.wild_card is not None, len(on_card)))
    assert crossed == [(False, 0), (True, 1)]


@needs_poppler
def test_a_project_page_names_the_pieces_of_each_kind_its_bonuses_count(tmp_path: Path
                                                                         ) -> None:
    """Under a bonus, the pieces of each kind it counts that the project's cards offer:
    a bed of the family home is the crib too; a table of the tiny house its island."""
    lines = {}
    for project_id in ("family-home", "tiny-house", "tutorial"):
        out = tmp_path / f"{project_id}.pdf"
        result = CliRunner().invoke(main, ["print", project_id, "--sheets", "0", "-o", str(out)])
        assert result.exit_code == 0, result.output
        lines[project_id] = " ".join(word for page in pdf_text(out) for word in page)
    assert ("+2 per floor lamp touching a sofa +2 each lamp: Floor lamp; sofa: Sofa, Loveseat, "
            "Corner sofa, Sectional sofa") in lines["family-home"]
    assert ("+2 if no bed in the kids room stands beside a window +2 bed: Double bed, Double "
            "bed with footboard bench, Single bed, Bunk bed, Baby crib") in lines["family-home"]
    assert ("+2 if the main room holds at most one table +2 table: Table for two, Kitchen "
            "island, Breakfast bar, Coffee table, Game table") in lines["tiny-house"]
    assert ("+1 per plant next to a window +1 each plant: Small plant, Pair of small plants "
            "+2 if the kitchen door") in lines["tutorial"]
    # a bonus that counts no kind gets no line
    assert "+3 if the living room looks onto a tree +3 +1 per plant" in lines["tutorial"]


def test_the_kinds_come_from_the_project_s_own_catalog_and_cards(tmp_path: Path) -> None:
    from homestaging.draw.projectpage import kinds_line
    from homestaging.formats.projectreader import load_project

    path = tmp_path / "beds.yaml"
    path.write_text(GREEK_PROJECT.replace("tags: [living, table]", "tags: [living, bed]")
                    .replace("bonuses: []", "bonuses:\n  - text: +1 per bed\n    points: 1\n"
                             "    per: {piece: {tag: bed}}\n  - text: +1 per desk\n"
                             "    points: 1\n    per: {piece: {tag: desk}}"), encoding="utf-8")
    project = load_project(path)
    assert [bonus.kinds() for bonus in project.bonuses] == [["bed"], ["desk"]]
    assert [kinds_line(project, bonus) for bonus in project.bonuses] == [
        f"bed: {CYRILLIC_PIECE}", "desk: none on this project's cards"]


@needs_poppler
def test_the_wild_card_box_has_a_line_for_the_piece_and_a_box_per_effect(tmp_path: Path
                                                                         ) -> None:
    """Blank: the note, a box to tick for each effect and a line to write the piece on;
    filled from a sheet that played it: the effect ticked, the piece written (its name
    and first furniture square, as ``wild_pieces`` writes it)."""
    from homestaging.draw.drawsheet import wild_pieces
    from homestaging.formats.sheetreader import read_sheet

    examples = Path(__file__).parents[1] / "examples"
    runner = CliRunner()
    blank, mirrored, other = (tmp_path / f"{name}.pdf" for name in ("blank", "sl", "cm"))
    for args, out in ((["print", "tutorial"], blank),
                      (["print", "--fill", str(examples / "studio-loft-finished.json")], mirrored),
                      (["print", "--fill", str(examples / "country-manor-finished.json")], other)):
        result = runner.invoke(main, [*args, "-o", str(out)])
        assert result.exit_code == 0, result.output
    sheet = " ".join(pdf_text(blank)[1])
    assert "Wild card" in sheet and "Once per game. Cross out" in sheet
    for words in ("when used, and tick:", "one piece mirrored", "a card's other option",
                  "Piece:"):
        assert words in sheet
    assert "Piece: Sectional sofa at E7" in " ".join(pdf_text(mirrored)[0])
    assert "Piece: Armchair at P6" in " ".join(pdf_text(other)[0])
    assert [wild_pieces(read_sheet(examples / name)) for name in (
        "studio-loft-finished.json", "country-manor-finished.json", "tutorial-finished.json")
            ] == ["Sectional sofa at E7", "Armchair at P6", ""]


def test_the_played_effect_is_ticked_in_its_box() -> None:
    from homestaging.draw.drawsheet import filled_figure
    from homestaging.formats.sheetreader import read_sheet

    examples = Path(__file__).parents[1] / "examples"
    ticked = []
    for name in ("tutorial-finished.json", "studio-loft-finished.json",
                 "country-manor-finished.json"):
        page = filled_figure(read_sheet(examples / name)).axes[0]
        boxes = [patch for patch in page.patches if patch.get_gid() == "wild-effect-box"]
        pencil = [group for group in page.collections if group.get_gid() == "pencil"]
        ticked.append([sum(1 for group in pencil if all(
            box.get_x() - 1 < x < box.get_x() + box.get_width() + 1
            and box.get_y() - 1 < y < box.get_y() + box.get_height() + 1
            for path in group.get_paths() for x, y in path.vertices)) for box in boxes])
    assert ticked == [[0, 0], [1, 0], [0, 1]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_word_of_the_printed_pages_is_at_least_readable(paper: str) -> None:
    """No word under 8 pt (``pagetools.READABLE``) on a project page, a drawing sheet
    (blank or filled), the round, the cards, the deal or the furniture sheet; the house's
    own drawing aside (its coordinates and features' names are sized to its squares)."""
    from homestaging.core.game import GameRecord
    from homestaging.deal.sheetpdf import deal_figures
    from homestaging.draw.cardpages import card_figures
    from homestaging.draw.drawsheet import filled_figure
    from homestaging.draw.pagetools import READABLE
    from homestaging.draw.printing import catalog_figures, project_figures
    from homestaging.draw.roundpage import round_figure
    from homestaging.formats.catalogreader import bundled_catalog
    from homestaging.formats.sheetreader import read_sheet

    project = find_project("family-home")
    sheet = read_sheet(Path(__file__).parents[1] / "examples/studio-loft-finished.json")
    pages = [*project_figures(project, paper=paper), filled_figure(sheet, paper=paper),
             *catalog_figures(bundled_catalog(), paper=paper)]
    axes = [fig.axes[0] for fig in pages]  # the page, not the house drawn on it
    others = [round_figure(paper, 29), *card_figures(project.catalog, paper=paper,
                                                     project=project),
              *deal_figures(project, GameRecord(project.id, deal(project, 1), (), 1), "deal",
                            paper=paper)]
    axes += [ax for fig in others for ax in fig.axes]
    sizes = {(text.get_gid(), text.get_fontsize()) for ax in axes for text in ax.texts
             if text.get_text()}
    assert [found for found in sorted(sizes, key=str) if found[1] < READABLE] == []
    assert {"round-text", "option-name", "option-extra", "card-note", "deal-instruction",
            "score-row", "wild-effect", "bonus-kinds", "page-footer", "catalog-name",
            "catalog-id", "catalog-cards", "catalog-tags"} <= {
        gid for gid, _ in sizes}
