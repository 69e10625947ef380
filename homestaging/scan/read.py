"""``scan_photo``: a photo of a filled drawing sheet in, a sheet and its doubts out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..core.game import GameRecord
from ..core.project import Project
from ..core.sheet import Sheet
from ..draw.markers import PROJECT_SLOTS
from ..formats.projectreader import bundled_project_files, find_project
from .marks import Marks, read_marks
from .photo import Page, edge_width, find_markers, load_photo, rectify
from .plan import Uncertain, read_plan

__all__ = ["Scan", "scan_image", "scan_photo", "scan_to_json"]

#: More than this share of the house's edges read as walls: not a plan, a blurred photo.
MAX_WALL_SHARE = 0.45
#: Printed edges softer than this (in squares, see :func:`~.photo.edge_width`): blurred.
BLURRED = 0.1


@dataclass(frozen=True)
class Scan:
    """What a photo showed: the sheet, the doubts, and the straightened page."""

    sheet: Sheet
    uncertain: tuple[Uncertain, ...]
    page: Page
    marks: Marks
    photo: str


def _project_of(number: int, project: Project | None, file: str) -> Project:
    """The project the markers name, checked against the one asked for."""
    if project is not None:
        if project.number % PROJECT_SLOTS != number:
            raise InputError.single(file, f"this is a drawing sheet of another project (its "
                                          f"markers say project {number}), not of project "
                                          f"{project.number} ({project.id})")
        return project
    for reference in bundled_project_files():
        candidate = find_project(reference)
        if candidate.number % PROJECT_SLOTS == number:
            return candidate
    raise InputError.single(file, f"the markers say project {number}, which is not a bundled "
                                  "project: give the project file with --project")


def scan_image(image: Any, file: str, project: Project | None = None,
               record: GameRecord | None = None) -> Scan:
    """Scan a loaded BGR image (see :func:`scan_photo`)."""
    markers = find_markers(image, file)
    project = _project_of(markers.number, project, file)
    page = rectify(image, markers, project.width, project.height, file)
    marks = read_marks(page, project)
    _check_sharp(page, marks, file)
    sheet, uncertain = read_plan(marks, project, file, record)
    return Scan(sheet, tuple(uncertain), page, marks, file)


def scan_photo(path: str | Path, project: Project | None = None,
               record: GameRecord | None = None) -> Scan:
    """Read a photo of a filled drawing sheet; InputError (naming the photo and what is
    wrong) for a file that is no photo, no markers, another project's sheet, a cut-off,
    blurred or crumpled page. With the game record of the table (of ``project``), each
    room's pieces are looked for among what its tokens chose."""
    file = "<stdin>" if str(path) == "-" else str(path)
    return scan_image(load_photo(path), file, project, record)


def _check_sharp(page: Page, marks: Marks, file: str) -> None:
    """Refuse pages too blurred to read, judged by what is printed: the markers' edges
    (see :func:`~.photo.edge_width`), and the grid lines, all looking drawn over when
    blur or darkness smears the page. How faint the drawing is plays no part: a light
    hand on a sharp photo is read, never refused."""
    width = edge_width(page)
    if width > BLURRED:
        raise InputError.single(file, f"the page is too blurred to read: the corner "
                                      f"markers' edges are {width:.2f} squares wide (at "
                                      f"most {BLURRED} in focus); take the photo again, "
                                      "in focus")
    edges = max(1, len(marks.edge_scores))
    share = len(marks.walls) / edges
    if share > MAX_WALL_SHARE:
        raise InputError.single(file, f"the page is too blurred or dark to read: {share:.0%} "
                                      "of the grid lines look drawn over; take the photo "
                                      "again, in focus and in even light")


def scan_to_json(scan: Scan, form: str = "grid") -> dict[str, Any]:
    """The scanned sheet as sheet JSON, with a ``scan`` key listing the doubts."""
    from ..formats.sheetwriter import sheet_to_json

    data = sheet_to_json(scan.sheet, form)
    data["scan"] = {"photo": Path(scan.photo).name,
                    "uncertain": [u.to_json() for u in scan.uncertain]}
    return data
