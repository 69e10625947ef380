"""Scanning: the marker table against OpenCV, the printed sheet's markers, and photos of
filled sheets (generated, a few: the bench does the many) read back, good and bad."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

cv2 = pytest.importorskip("cv2", reason="the [scan] extra (opencv-python-headless) is needed")

import numpy as np  # noqa: E402  (installed with OpenCV)

from homestaging.cli.root import main  # noqa: E402
from homestaging.core.errors import InputError  # noqa: E402
from homestaging.core.grid import Edge, cell_name, parse_cell  # noqa: E402
from homestaging.draw.markers import (  # noqa: E402
    CORNERS,
    DICTIONARY,
    MARKER_BITS,
    decode_id,
    marker_id,
)
from homestaging.draw.printing import filled_figure, project_figures  # noqa: E402
from homestaging.formats.gamewriter import record_text  # noqa: E402
from homestaging.formats.projectreader import find_project  # noqa: E402
from homestaging.formats.sheetreader import parse_sheet, read_sheet  # noqa: E402
from homestaging.rules.cardplay import record_of  # noqa: E402
from homestaging.scan import MissingOpenCV, require_cv2  # noqa: E402
from homestaging.scan.marks import CIRCULATION, FURNITURE, Marks, hatch_of  # noqa: E402
from homestaging.scan.plan import read_plan  # noqa: E402
from homestaging.scan.read import scan_image, scan_photo, scan_to_json  # noqa: E402
from homestaging.scan.synthetic import (  # noqa: E402
    Camera,
    filled_page,
    perfect_marks,
    photograph,
)
from homestaging.scoring.card import score  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "examples" / "tutorial-finished.json"
FAMILY = ROOT / "examples" / "family-home-finished.json"
CAMERA = Camera(turn=-7.0, tilt=0.08, tilt_angle=30.0, lens=0.02, curl=0.005, light=0.25,
                shadow=0.2, warm=0.08, blur=0.8, noise=2.5, jpeg=80, seed=5)


def test_marker_table_matches_opencv() -> None:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    assert len(MARKER_BITS) == len(dictionary.bytesList) == 250
    for marker, bits in enumerate(MARKER_BITS):
        image = cv2.aruco.generateImageMarker(dictionary, marker, 6)
        assert (image[1:5, 1:5] // 255).tolist() == [list(row) for row in bits], marker


def test_marker_ids_carry_project_and_corner() -> None:
    assert [marker_id(12, c) for c in CORNERS] == [48, 49, 50, 51]
    assert decode_id(marker_id(7, "br")) == (7, "br")
    assert decode_id(marker_id(62 + 3, "tl")) == (3, "tl")


def test_drawing_sheet_carries_four_markers_outside_the_grid() -> None:
    _, sheet = project_figures(find_project("tutorial"), sheets=1)
    grid = sheet.axes[1]
    markers = {p.get_gid(): (p.get_x(), p.get_y()) for p in grid.patches
               if (p.get_gid() or "").startswith("marker-")}
    assert markers == {"marker-tl": (-0.9, -0.9), "marker-tr": (16.1, -0.9),
                       "marker-br": (16.1, 12.1), "marker-bl": (-0.9, 12.1)}
    texts = [t.get_text() for t in sheet.axes[0].texts if t.get_gid() == "convention"]
    assert "Door: a gap in the wall" in texts and "Circulation: a dot" in texts


def render(fig: Any, dpi: int = 110) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    fig.set_dpi(dpi)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, 2::-1].copy()  # RGBA to BGR


def test_printed_blank_sheet_is_found_straight_away() -> None:
    """The blank page itself (no camera): its markers name the project, nothing drawn."""
    _, sheet = project_figures(find_project("starter-flat"), sheets=1)
    scan = scan_image(render(sheet), "blank.png")
    assert scan.sheet.project.id == "starter-flat"
    assert scan.sheet.pieces == () and scan.sheet.rooms == ()
    assert set(scan.marks.squares.values()) == {"empty"}


@pytest.fixture(scope="module")
def tutorial_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sheet = read_sheet(TUTORIAL)
    path = tmp_path_factory.mktemp("photos") / "tutorial.jpg"
    path.write_bytes(photograph(filled_page(sheet, seed=3, smudges=2), CAMERA))
    return path


def test_photo_of_the_tutorial_reads_back(tutorial_photo: Path) -> None:
    truth = read_sheet(TUTORIAL)
    scan = scan_photo(tutorial_photo)
    got = scan.sheet
    assert got.project.id == "tutorial" and scan.page.refined
    assert [(r.name, r.cells, r.doors) for r in got.rooms] == [
        (r.name, r.cells, r.doors) for r in truth.rooms]
    assert got.front_doors == (Edge(parse_cell("H11"), "s"),)
    assert set(got.windows) == set(truth.windows)
    # Every piece's furniture is found; the armchair at D4 has circulation dots on two
    # sides (C4 and D3), so its turn is a doubt, not a silent guess.
    assert {p.placement.furniture for p in got.pieces} == {
        p.placement.furniture for p in truth.pieces}
    assert scan.marks.squares[parse_cell("C3")] == CIRCULATION
    assert scan.marks.squares[parse_cell("B2")] == FURNITURE
    data = scan_to_json(scan)
    # An ordinary sheet: the reader takes it, "scan" key included.
    again = parse_sheet(data, "scanned.json", ROOT)
    assert len(again.pieces) == len(got.pieces)
    doubts = data["scan"]["uncertain"]
    assert all(set(d) >= {"square", "what", "reason"} for d in doubts)
    # Look-alike pieces (the toilet and the bathroom cabinet, the armchair and the floor
    # lamp: the same squares and dots) are told apart by their hatch, even without a
    # record: every piece is named right, and no name is in doubt.
    assert {(p.id, p.placement.furniture) for p in got.pieces} == {
        (p.id, p.placement.furniture) for p in truth.pieces}
    assert [d for d in doubts if "could also be" in d["reason"]] == [
        {"square": "N2", "what": "pieces", "reason": "the furniture at N2-O2, N3-O3 is read as "
         "shower; its shapes could also be bathtub-corner"}]


def test_an_unread_hatch_leaves_look_alikes_in_doubt() -> None:
    # A reading with no strokes measured: the hatch cannot say which look-alike is
    # drawn, so the square is listed with the candidates, never guessed in silence.
    truth = read_sheet(TUTORIAL)
    sheet, doubts = read_plan(perfect_marks(truth), truth.project, "t.jpg")
    reasons = {cell_name(d.cell): d.reason for d in doubts if d.what == "pieces"}
    assert reasons["L2"] == ("read as bathroom-cabinet; could also be toilet, washbasin "
                             "(they look the same on paper and the hatch is unclear: no "
                             "strokes measured)")
    assert {p.id for p in sheet.pieces if parse_cell("L2") in p.placement.furniture} == {
        "bathroom-cabinet"}


def test_without_a_record_the_rooms_take_the_first_order_that_clears_needs_wall() -> None:
    # The city apartment walled its kitchen after the bedroom and bathroom, and its
    # sink leans on their wall: in the project's order (kitchen second) it would stand
    # against a wall not drawn yet. The page does not show the order, so the rooms take
    # the first order that clears it, and the sheet says so.
    truth = read_sheet(ROOT / "examples" / "city-apartment-finished.json")
    sheet, doubts = read_plan(perfect_marks(truth), truth.project, "c.jpg")
    assert [room.name for room in sheet.rooms] == [
        "Living room", "Bedroom", "Bathroom", "Kitchen"]
    assert [room.path for room in sheet.rooms] == [f"$.rooms[{i}]" for i in range(4)]
    assert [p.code for p in score(sheet).problems] == []
    assert [d.to_json() for d in doubts if d.what == "room order"] == [
        {"square": "E4", "what": "room order", "reason": "the rooms are written in the "
         "order Living room, Bedroom, Bathroom, Kitchen, not the project's (Living room, "
         "Kitchen, Bedroom, Bathroom): in the project's order kitchen-sink at E4 would "
         "stand against a wall not drawn yet (needs-wall); without a game record the "
         "rooms take the first order that clears it"}]


def test_the_project_order_stays_when_it_clears_needs_wall() -> None:
    truth = read_sheet(TUTORIAL)
    sheet, doubts = read_plan(perfect_marks(truth), truth.project, "t.jpg")
    assert [room.name for room in sheet.rooms] == [room.name for room in truth.project.rooms]
    assert [d for d in doubts if d.what == "room order"] == []


def test_with_a_record_the_rooms_take_its_order() -> None:
    truth = read_sheet(ROOT / "examples" / "city-apartment-finished.json")
    record = record_of(truth)
    assert record.played_order() == ["Bedroom", "Bathroom", "Kitchen", "Living room"]
    sheet, doubts = read_plan(perfect_marks(truth), truth.project, "c.jpg", record)
    assert [room.name for room in sheet.rooms] == record.played_order()
    assert [d for d in doubts if d.what == "room order"] == []
    assert [p.code for p in score(sheet).problems] == []


def test_hatch_styles_from_stroke_directions() -> None:
    marks = Marks()
    a, b = parse_cell("A1"), parse_cell("B1")
    marks.strokes = {a: (0.1, 2.0, 0.1, 0.0), b: (0.0, 1.6, 0.0, 0.2)}
    assert hatch_of(marks, [a, b]) == ("/", "strokes |2% /90% -2% \\5%")
    marks.strokes = {a: (0.0, 1.0, 0.0, 1.1)}
    assert hatch_of(marks, [a])[0] == "x"
    marks.strokes = {a: (1.0, 0.0, 0.0, 0.0)}
    assert hatch_of(marks, [a])[0] == "|"
    marks.strokes = {a: (1.0, 1.0, 1.0, 1.0)}  # strokes every way: no style
    assert hatch_of(marks, [a]) == (None, "strokes |25% /25% -25% \\25%")
    assert hatch_of(marks, [b]) == (None, "no strokes measured")


def test_photo_with_a_rug_reads_its_rings() -> None:
    truth = read_sheet(FAMILY)
    photo = photograph(filled_page(truth, seed=11, smudges=0),
                       Camera(turn=4.0, tilt=0.05, blur=0.6, noise=2.0, seed=9))
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    scan = scan_image(image, "family.jpg", truth.project)
    rugs = [p for p in scan.sheet.pieces if p.placement.piece.is_rug]
    assert [(p.id, p.placement.furniture) for p in rugs] == [
        (p.id, p.placement.furniture) for p in truth.pieces if p.placement.piece.is_rug]
    assert {r.name: r.cells for r in scan.sheet.rooms} == {
        r.name: r.cells for r in truth.rooms}


def test_a_rug_under_circulation_reads_as_rings_with_dots() -> None:
    import dataclasses

    from homestaging.core.pieces import Placement
    from homestaging.core.sheet import DrawnPiece
    from homestaging.scan.marks import RING, RING_DOT

    tutorial = read_sheet(TUTORIAL)
    rug = Placement(tutorial.project.catalog.pieces["rug-2x3"], parse_cell("C3"), 0, False)
    truth = dataclasses.replace(tutorial, pieces=(*tutorial.pieces, DrawnPiece(rug, "x", "$")))
    image = cv2.imdecode(np.frombuffer(photograph(filled_page(truth, seed=4, smudges=0),
                                                  CAMERA), np.uint8), cv2.IMREAD_COLOR)
    marks = scan_image(image, "rug.jpg", truth.project).marks
    circulation = {c for p in tutorial.pieces for c in p.placement.circulation}
    assert {name: marks.squares[parse_cell(name)] for name in
            ("C3", "D3", "C4", "C5", "D5")} == {
        name: RING_DOT if parse_cell(name) in circulation else RING
        for name in ("C3", "D3", "C4", "C5", "D5")}
    assert {marks.squares[parse_cell(name)] for name in ("C3", "D3")} == {RING_DOT}


def test_scan_command_writes_the_sheet_and_lists_doubts(tutorial_photo: Path,
                                                        tmp_path: Path) -> None:
    out = tmp_path / "sheet.json"
    result = CliRunner().invoke(main, ["scan", str(tutorial_photo), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "project tutorial, 3 rooms, 9 pieces, written to" in result.stdout
    assert "\n1 thing to check on the page:\n  N2: pieces:" in result.stdout
    check = CliRunner().invoke(main, ["score", str(out)])
    assert check.exit_code == 0 and "total" in check.stdout.lower()


def test_a_project_file_is_named_from_the_sheet_folder(tutorial_photo: Path,
                                                       tmp_path: Path) -> None:
    project = tmp_path / "mine" / "tutorial.yaml"
    project.parent.mkdir()
    project.write_text((ROOT / "projects" / "00-tutorial.yaml").read_text())
    (tmp_path / "sheets").mkdir()
    out = tmp_path / "sheets" / "sheet.json"
    result = CliRunner().invoke(main, ["scan", str(tutorial_photo), "--project", str(project),
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["project"] == "../mine/tutorial.yaml"
    assert Path(read_sheet(out).project.source).resolve() == project.resolve()
    bundled = CliRunner().invoke(main, ["scan", str(tutorial_photo), "-o", str(out)])
    assert bundled.exit_code == 0, bundled.output
    assert json.loads(out.read_text())["project"] == "tutorial"


def test_scan_with_the_game_record_names_look_alikes_by_it(tutorial_photo: Path,
                                                          tmp_path: Path) -> None:
    truth = read_sheet(TUTORIAL)
    game = tmp_path / "records" / "game.json"
    game.parent.mkdir()
    game.write_text(record_text(record_of(truth)))
    out = tmp_path / "sheet.json"
    result = CliRunner().invoke(main, ["scan", str(tutorial_photo), "--game", str(game),
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["game"] == "records/game.json"  # named from the sheet's folder
    scanned = read_sheet(out)
    assert scanned.game is not None and scanned.game.chosen() == record_of(truth).chosen()
    # The record chose the toilet, not the bathroom cabinet that looks the same: no doubt.
    assert {(p.id, p.placement.furniture) for p in scanned.pieces if p.id != "armchair"
            and p.id != "floor-lamp"} == {(p.id, p.placement.furniture) for p in truth.pieces
                                          if p.id not in ("armchair", "floor-lamp")}
    doubts = {d["square"]: d["reason"] for d in data["scan"]["uncertain"]}
    assert "L2" not in doubts
    # The armchair and the floor lamp are both chosen for the living room and look the
    # same but for their hatch: each is named by it.
    assert {(p.id, p.placement.furniture) for p in scanned.pieces} == {
        (p.id, p.placement.furniture) for p in truth.pieces}
    assert "D4" not in doubts and "F2" not in doubts
    assert score(scanned).total == score(truth).total
    other = CliRunner().invoke(main, ["scan", str(tutorial_photo), "--game",
                                      str(ROOT / "examples" / "four-players" / "game.json"),
                                      "--project", "starter-flat"])
    assert other.exit_code == 2, other.output


def test_print_fill_draws_the_plan(tmp_path: Path) -> None:
    out = tmp_path / "filled.pdf"
    result = CliRunner().invoke(main, ["print", "--fill", str(TUTORIAL), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF") and b"/Type /Page" in out.read_bytes()
    fig = filled_figure(read_sheet(TUTORIAL))
    strokes = [c for c in fig.axes[1].collections if c.get_gid() == "pencil"]
    assert 1 <= len(strokes) <= 4  # each pencil's lines and filled shapes, one collection each
    runs = sum(int((path.codes == path.MOVETO).sum()) for c in strokes for path in c.get_paths()
               if path.codes is not None)
    assert runs > 50  # the pieces' outlines and hatching, walls, dots: many strokes
    wrong = CliRunner().invoke(main, ["print", "starter-flat", "--fill", str(TUTORIAL),
                                      "-o", str(out)])
    assert wrong.exit_code == 2 and "is a sheet of project tutorial" in wrong.stderr


# -- bad input: a clear error, exit 2, no sheet written


def _bad(tmp_path: Path, data: bytes, *extra: str) -> Any:
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(data)
    out = tmp_path / "sheet.json"
    result = CliRunner().invoke(main, ["scan", str(photo), "-o", str(out), *extra])
    assert result.exit_code == 2, result.output
    assert not out.exists()
    return result


def _jpeg(image: Any) -> bytes:
    ok, data = cv2.imencode(".jpg", image)
    assert ok
    return bytes(data.tobytes())


def test_not_an_image(tmp_path: Path) -> None:
    result = _bad(tmp_path, b"{\"format\": \"homestaging-sheet/1\"}")
    assert "photo.jpg: is not an image OpenCV can read" in result.stderr


def test_no_markers(tmp_path: Path) -> None:
    blank = np.full((900, 1200, 3), 235, np.uint8)
    result = _bad(tmp_path, _jpeg(blank))
    assert "photo.jpg: no corner marker found" in result.stderr


def test_another_projects_sheet(tutorial_photo: Path, tmp_path: Path) -> None:
    result = _bad(tmp_path, tutorial_photo.read_bytes(), "--project", "starter-flat")
    assert "another project (its markers say project 0), not of project 1" in result.stderr


def test_cut_off_page(tutorial_photo: Path, tmp_path: Path) -> None:
    image = cv2.imread(str(tutorial_photo))
    height, width = image.shape[:2]
    result = _bad(tmp_path, _jpeg(image[: height * 2 // 5, :]))
    assert "photo.jpg: only" in result.stderr and "at least 3 are needed" in result.stderr
    result = _bad(tmp_path, _jpeg(image[:, : width * 3 // 4]))
    assert "corner markers found" in result.stderr or "cut off" in result.stderr


def test_blurred_page(tutorial_photo: Path, tmp_path: Path) -> None:
    image = cv2.imread(str(tutorial_photo))
    result = _bad(tmp_path, _jpeg(cv2.GaussianBlur(image, (0, 0), 9)))
    assert "photo.jpg:" in result.stderr and ("blurred" in result.stderr
                                               or "marker" in result.stderr)


def test_missing_opencv_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "cv2", None)
    with pytest.raises(MissingOpenCV, match=r"pip install 'homestaging\[scan\]'"):
        require_cv2()
    result = CliRunner().invoke(main, ["scan", "photo.jpg"])
    assert result.exit_code == 2 and "scanning needs OpenCV" in result.stderr
    assert "pip install 'homestaging[scan]'" in result.stderr


def test_random_cameras_are_deterministic() -> None:
    from homestaging.scan.synthetic import random_camera

    assert random_camera(random.Random(4)) == random_camera(random.Random(4))


def test_input_error_type() -> None:
    with pytest.raises(InputError, match="empty"):
        scan_photo(ROOT / "homestaging" / "py.typed")


def test_a_side_doubted_twice_is_one_line_with_the_last_verdict() -> None:
    from homestaging.scan.doubt import Uncertain, one_per_side

    doubts = [Uncertain((10, 5), "no wall", "a faint or broken wall line (0.17; on this page "
                        "a wall 0.29, a side without one 0.07)", "s"),
              Uncertain((10, 5), "ring", "read as ring, but faintly"),
              Uncertain((11, 5), "no wall", "a faint or broken wall line (0.17)", "s"),
              Uncertain((10, 5), "wall", "a faint line joining a wall to the walls: read as "
                        "wall", "s")]
    assert [d.line() for d in one_per_side(doubts)] == [
        "K6/s: wall: a faint or broken wall line (0.17; on this page a wall 0.29, a side "
        "without one 0.07); a faint line joining a wall to the walls: read as wall",
        "K6: ring: read as ring, but faintly",
        "L6/s: no wall: a faint or broken wall line (0.17)"]


def test_labels_of_small_pieces_side_by_side_are_kept_apart() -> None:
    from homestaging.scan.overlay import label_places

    # "plant-small" is wider than its square: "bed-double" goes to its next square, a
    # piece of one square beside it one line lower
    assert label_places([("plant-small", [(1, 7)]),
                         ("bed-double", [(2, 7), (3, 7), (2, 8), (3, 8)]),
                         ("nightstand", [(2, 8)])]) == [(67, 285), (131, 285), (99, 317)]
    assert label_places([("plant-small", [(1, 7)]), ("armchair", [(2, 7)])]) == [
        (67, 285), (99, 307)]
