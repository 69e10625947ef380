"""From a photo to a straightened page: load, find the markers, rectify, refine.

:func:`load_photo` reads an image file (a clear error for anything else);
:func:`find_markers` finds the corner markers and tells which project the sheet is of;
:func:`rectify` maps the photo onto the sheet's grid at ``PX`` pixels per square, then
corrects what a homography cannot (lens distortion, paper curl) with a smooth
displacement fitted to the printed grid lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..markers import CORNERS, DICTIONARY, decode_id, marker_box
from ..readers import read_bytes
from . import MAX_PIXELS, require_cv2

__all__ = ["MAX_PHOTO_BYTES", "MAX_PIXELS", "PX", "Markers", "Page", "find_markers",
           "load_photo", "rectify"]

#: Pixels per grid square of the straightened page.
PX = 32
#: Photo files larger than this are refused before they are decoded.
MAX_PHOTO_BYTES = 100 * 1024 * 1024
#: The longest side a photo is worked on at (larger photos are scaled down first).
WORK_SIDE = 2400
CORNER_NAMES = {"tl": "top-left", "tr": "top-right", "br": "bottom-right", "bl": "bottom-left"}

Image = Any  # a numpy array


def load_photo(path: str | Path) -> Image:
    """The photo as a BGR image, scaled so its longest side is at most WORK_SIDE."""
    import numpy as np

    cv2 = require_cv2()
    name = "<stdin>" if str(path) == "-" else str(path)
    raw = read_bytes(path, limit=MAX_PHOTO_BYTES)  # a regular file, never waited for
    data = np.frombuffer(raw, dtype=np.uint8)
    if data.size == 0:
        raise InputError.single(name, "is empty, expected a photo (JPEG, PNG...)")
    try:  # OpenCV refuses more than MAX_PIXELS before allocating them (require_cv2)
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    except cv2.error as error:
        if "CV_IO_MAX_IMAGE_PIXELS" not in str(error):
            raise
        raise InputError.single(name, f"is an image of more than {MAX_PIXELS // 1_000_000} "
                                      "megapixels") from None
    if image is None:
        raise InputError.single(name, "is not an image OpenCV can read: expected a photo "
                                      "(JPEG, PNG, TIFF, WebP...)")
    height, width = image.shape[:2]
    if height * width > MAX_PIXELS:
        raise InputError.single(name, f"is {width} x {height} pixels, more than "
                                      f"{MAX_PIXELS // 1_000_000} megapixels")
    scale = WORK_SIDE / max(height, width)
    if scale < 1:
        image = cv2.resize(image, (round(width * scale), round(height * scale)),
                           interpolation=cv2.INTER_AREA)
    return image


@dataclass(frozen=True)
class Markers:
    """The corner markers found: the project number they carry (modulo the id space)
    and each marker's four corners in the photo, by corner name."""

    number: int
    corners: dict[str, Any]  # corner name -> 4 x 2 array, the marker's own corner order

    @property
    def missing(self) -> list[str]:
        return [corner for corner in CORNERS if corner not in self.corners]


def find_markers(image: Image, file: str) -> Markers:
    """The corner markers of a drawing sheet; InputError when fewer than three agree."""
    import numpy as np

    cv2 = require_cv2()
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(dictionary, parameters)
    corners, ids, _ = detector.detectMarkers(gray)
    found: dict[int, dict[str, Any]] = {}
    for quad, marker in zip(corners, [] if ids is None else ids.flatten(), strict=False):
        number, corner = decode_id(int(marker))
        found.setdefault(number, {}).setdefault(corner, np.asarray(quad, dtype=np.float64)
                                                .reshape(4, 2))
    if not found:
        raise InputError.single(file, "no corner marker found: expected a photo of a whole "
                                      "drawing sheet printed by 'homestaging print', its four "
                                      "black corner squares in view")
    number, by_corner = max(found.items(), key=lambda item: (len(item[1]), -item[0]))
    if len(by_corner) < 3:
        seen = ", ".join(CORNER_NAMES[c] for c in CORNERS if c in by_corner)
        raise InputError.single(file, f"only {len(by_corner)} of the 4 corner markers found "
                                      f"({seen}); at least 3 are needed: photograph the whole "
                                      "page, flat, in focus and well lit")
    return Markers(number, by_corner)


@dataclass(frozen=True)
class Page:
    """The straightened page: ``image`` (BGR) covers the sheet from -1 to width + 1
    squares across and -1 to height + 1 down, PX pixels a square; ``residual`` is how
    far (in squares) the markers sit from where the homography puts them."""

    image: Image
    width: int
    height: int
    residual: float
    refined: bool

    def px(self, x: float, y: float) -> tuple[float, float]:
        """Pixel coordinates of the sheet point (x, y)."""
        return ((x + 1) * PX, (y + 1) * PX)


def _sheet_points(markers: Markers, width: int, height: int) -> tuple[Any, Any]:
    """Matching (photo, sheet) points: the four corners of every marker found."""
    import numpy as np

    photo, sheet = [], []
    for corner, quad in markers.corners.items():
        x, y, size = marker_box(corner, width, height)
        photo.extend(quad.tolist())
        sheet.extend([(x, y), (x + size, y), (x + size, y + size), (x, y + size)])
    return np.asarray(photo, np.float64), np.asarray(sheet, np.float64)


def rectify(image: Image, markers: Markers, width: int, height: int, file: str,
            *, refine: bool = True) -> Page:
    """Straighten the page onto the grid; InputError when the page is cut off or the
    markers do not fit together (a folded page, markers of two sheets)."""
    import numpy as np

    cv2 = require_cv2()
    photo, sheet = _sheet_points(markers, width, height)
    target = (sheet + 1.0) * PX
    matrix, _ = cv2.findHomography(photo, target, 0)
    if matrix is None:
        raise InputError.single(file, "the corner markers do not fit a flat page")
    back = cv2.perspectiveTransform(photo.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    residual = float(np.max(np.linalg.norm(back - target, axis=1))) / PX
    if residual > 0.6:
        raise InputError.single(file, f"the corner markers do not fit one flat page (off by "
                                      f"{residual:.1f} squares): flatten the page, or "
                                      "photograph one sheet at a time")
    inverse = np.linalg.inv(matrix)
    size = (int((width + 2) * PX), int((height + 2) * PX))
    grid_corners = np.asarray([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    in_photo = cv2.perspectiveTransform(((grid_corners + 1) * PX).reshape(-1, 1, 2),
                                        inverse).reshape(-1, 2)
    h, w = image.shape[:2]
    margin = 0.02 * max(h, w)
    outside = [CORNER_NAMES[c] for c, (px, py) in zip(CORNERS, in_photo, strict=True)
               if not (-margin <= px <= w + margin and -margin <= py <= h + margin)]
    if outside:
        raise InputError.single(file, "the page is cut off: the grid's "
                                      f"{' and '.join(outside)} corner is outside the photo")
    span = np.linalg.norm(in_photo[1] - in_photo[0]) / width
    if span < 9:
        raise InputError.single(file, f"the sheet is too small in the photo ({span:.0f} pixels "
                                      "a square, at least 9 needed): come closer")
    straight = cv2.warpPerspective(image, matrix, size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    refined = False
    if refine:
        straight, refined = _refine(straight, width, height)
    return Page(straight, width, height, residual, refined)


def _blueness(image: Image) -> Image:
    """How much bluer than the paper each pixel is (the printed grid), 0 to 1."""
    import numpy as np

    cv2 = require_cv2()
    flt = image.astype(np.float32)
    paper = cv2.GaussianBlur(cv2.dilate(flt, np.ones((PX, PX), np.uint8)), (0, 0), PX / 2)
    norm = flt / np.maximum(paper, 1.0)
    blue = norm[:, :, 0] - norm[:, :, 2]
    return np.clip(blue, 0.0, 1.0)


def _refine(image: Image, width: int, height: int) -> tuple[Image, bool]:
    """Correct the remaining bend of the grid: find each grid line crossing near where the
    homography put it, fit a smooth (cubic) displacement to those found, and remap."""
    import numpy as np

    cv2 = require_cv2()
    blue = _blueness(image)
    reach = int(PX * 0.4)
    half = PX // 2
    points, shifts = [], []
    for gy in range(height + 1):
        for gx in range(width + 1):
            cx, cy = (gx + 1) * PX, (gy + 1) * PX
            found = []
            for axis in (0, 1):
                if axis == 0:  # a vertical line: columns near cx, rows around cy
                    strip = blue[cy - half:cy + half, cx - reach - 2:cx + reach + 3]
                    profile = strip.sum(axis=0)
                else:
                    strip = blue[cy - reach - 2:cy + reach + 3, cx - half:cx + half]
                    profile = strip.sum(axis=1)
                if profile.size < 2 * reach + 5:
                    break
                smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
                best = int(np.argmax(smooth[2:-2])) + 2
                peak = smooth[best]
                floor = float(np.median(smooth))
                if peak < 0.25 or peak < 1.6 * floor + 0.15:
                    break
                # sub-pixel: the parabola through the peak and its neighbours
                a, b, c = smooth[best - 1], smooth[best], smooth[best + 1]
                denom = a - 2 * b + c
                delta = 0.5 * (a - c) / denom if denom != 0 else 0.0
                found.append(best + delta - (reach + 2))
            if len(found) == 2:
                points.append((gx, gy))
                shifts.append(found)
    if len(points) < max(12, (width + 1) * (height + 1) // 4):
        return image, False
    pts = np.asarray(points, np.float64)
    dxy = np.asarray(shifts, np.float64)
    u = pts[:, 0] / max(width, 1) * 2 - 1
    v = pts[:, 1] / max(height, 1) * 2 - 1

    def basis(uu: Any, vv: Any) -> Any:
        return np.stack([uu ** i * vv ** j for i in range(4) for j in range(4 - i)], axis=-1)

    design = basis(u, v)
    keep = np.ones(len(pts), bool)
    coef = np.zeros((design.shape[1], 2))
    for _ in range(3):  # drop crossings hidden or faked by pencil, refit
        coef, *_ = np.linalg.lstsq(design[keep], dxy[keep], rcond=None)
        error = np.linalg.norm(design @ coef - dxy, axis=1)
        limit = max(1.0, 3 * float(np.median(error[keep])))
        new_keep = error <= limit
        if new_keep.sum() < 12 or (new_keep == keep).all():
            break
        keep = new_keep
    rows, cols = image.shape[:2]
    ys, xs = np.mgrid[0:rows, 0:cols].astype(np.float32)
    uu = (xs / PX - 1) / max(width, 1) * 2 - 1
    vv = (ys / PX - 1) / max(height, 1) * 2 - 1
    uu = np.clip(uu, -1.2, 1.2)
    vv = np.clip(vv, -1.2, 1.2)
    field = basis(uu, vv) @ coef.astype(np.float32)
    map_x = (xs + field[:, :, 0]).astype(np.float32)
    map_y = (ys + field[:, :, 1]).astype(np.float32)
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE), True
