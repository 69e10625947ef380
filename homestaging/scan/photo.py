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

from ..core.errors import InputError
from ..draw.markers import CORNERS, DICTIONARY, decode_id, marker_box
from ..formats.files import read_bytes
from . import MAX_PIXELS, require_cv2

__all__ = ["MAX_PHOTO_BYTES", "MAX_PIXELS", "PX", "Markers", "Page", "edge_width",
           "find_markers", "load_photo", "paper_relative", "rectify"]

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


def edge_width(page: Page) -> float:
    """How soft the printed markers' edges are on the straightened page, in squares: the
    black-to-white step of each marker found divided by its steepest slope (the 99th
    percentile of the gradient), the median over the markers. A sharp photo gives
    0.07 to 0.09 (under three pixels of the page), a blurred one more; the drawing plays
    no part in it."""
    import numpy as np

    from ..draw.markers import CORNERS, marker_box

    cv2 = require_cv2()
    gray = cv2.cvtColor(page.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    widths = []
    for corner in CORNERS:
        x, y, size = marker_box(corner, page.width, page.height)
        x0, y0 = int((x + 1 - 0.08) * PX), int((y + 1 - 0.08) * PX)
        x1, y1 = int((x + 1 + size + 0.08) * PX), int((y + 1 + size + 0.08) * PX)
        box = gray[max(0, y0):y1, max(0, x0):x1]
        if box.size < 16:
            continue
        step = float(np.percentile(box, 98) - np.percentile(box, 2))
        gx = cv2.Sobel(box, cv2.CV_32F, 1, 0, ksize=3) / 8
        gy = cv2.Sobel(box, cv2.CV_32F, 0, 1, ksize=3) / 8
        slope = float(np.percentile(np.hypot(gx, gy), 99))
        if step > 20 and slope > 0:
            widths.append(step / slope / PX)
    return float(np.median(widths)) if widths else 1.0


def paper_relative(image: Image, size: int = PX) -> Image:
    """Each colour channel divided by the paper's brightness nearby in that channel (the
    brightest it gets within ``size`` pixels, smoothed): paper is 1 whatever the light
    and its colour, marks are below. Float32, the image's shape."""
    import numpy as np

    cv2 = require_cv2()
    channels = image.astype(np.float32)
    paper = cv2.dilate(channels, np.ones((size, size), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), size / 3)
    return np.asarray(channels / np.maximum(paper, 1.0), np.float32)


def _print_lines(image: Image) -> Image:
    """How much darker than the paper each pixel is in the red channel, where the light
    blue print shows best: the printed grid, 0 to 0.25; pencil (dark in every channel)
    is NaN, unknown."""
    import numpy as np

    relative = paper_relative(image, PX // 2)
    dark = np.clip(1.0 - relative[:, :, 2], 0.0, 0.25)
    dark[relative.max(axis=2) < 0.8] = np.nan
    return dark


def _line_peak(strip: Image) -> float | None:
    """Where a thin line runs along a strip (rows along the line, columns across it): the
    sub-pixel position of its peak across, if the peak stands out sharply (the line, not
    a tint or a printed letter) and no pencil hides it."""
    import warnings

    import numpy as np

    hidden_share = np.isnan(strip).mean(axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a column all hidden
        profile = np.nan_to_num(np.nanmean(strip, axis=0))
    smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
    hidden = np.convolve(hidden_share, np.ones(3) / 3, mode="same") > 0.4
    inner = smooth[3:-3]
    if inner.size < 5:
        return None
    best = int(np.argmax(inner)) + 3
    peak = float(smooth[best])
    floor = float(np.median(smooth))
    shoulder = max(float(smooth[max(0, best - 4)]), float(smooth[min(len(smooth) - 1,
                                                                     best + 4)]))
    if peak < 0.015 or peak < floor + 0.01 or shoulder > floor + 0.6 * (peak - floor):
        return None
    if hidden[max(0, best - 5):best + 6].any():  # pencil next to it: not to be trusted
        return None
    a, b, c = smooth[best - 1], smooth[best], smooth[best + 1]
    denom = a - 2 * b + c
    delta = float(np.clip(0.5 * (a - c) / denom, -0.5, 0.5)) if denom < 0 else 0.0
    return best + delta


def _crossings(lines: Image, width: int, height: int, reach: int
               ) -> dict[tuple[int, int], tuple[float, float]]:
    """Where each crossing of the printed grid lies, as a shift (in pixels) from where
    the page puts it, for the crossings found within ``reach`` pixels: each of its two
    lines found on both sides of the crossing, at the same place."""
    half = PX // 2
    span = reach + 3
    found: dict[tuple[int, int], tuple[float, float]] = {}
    for gy in range(height + 1):
        for gx in range(width + 1):
            cx, cy = (gx + 1) * PX, (gy + 1) * PX
            shift = []
            for axis in (0, 1):
                if axis == 0:  # a vertical line: columns near cx, above and below cy
                    parts = (lines[cy - half:cy - 3, cx - span:cx + span + 1],
                             lines[cy + 4:cy + half, cx - span:cx + span + 1])
                else:
                    parts = (lines[cy - span:cy + span + 1, cx - half:cx - 3].T,
                             lines[cy - span:cy + span + 1, cx + 4:cx + half].T)
                peaks = [_line_peak(part) if part.shape[1:] == (2 * span + 1,) else None
                         for part in parts]
                if peaks[0] is None or peaks[1] is None or abs(peaks[0] - peaks[1]) > 1.5:
                    break
                shift.append((peaks[0] + peaks[1]) / 2 - span)
            if len(shift) == 2:
                found[gx, gy] = (shift[0], shift[1])
    return found


def _refine(image: Image, width: int, height: int) -> tuple[Image, bool]:
    """Correct the remaining bend of the grid: find each grid line crossing near where the
    homography put it, fit a smooth (cubic) displacement to those found, remap; then
    find the crossings again, closer, and correct what is left locally (a field on the
    crossings, holes filled from their neighbours, smoothed)."""
    import numpy as np

    cv2 = require_cv2()
    found = _crossings(_print_lines(image), width, height, int(PX * 0.4))
    if len(found) < max(12, (width + 1) * (height + 1) // 4):
        return image, False
    pts = np.asarray(list(found), np.float64)
    dxy = np.asarray(list(found.values()), np.float64)
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
    uu = np.clip((xs / PX - 1) / max(width, 1) * 2 - 1, -1.2, 1.2)
    vv = np.clip((ys / PX - 1) / max(height, 1) * 2 - 1, -1.2, 1.2)
    field = basis(uu, vv) @ coef.astype(np.float32)
    map_x = xs + field[:, :, 0]
    map_y = ys + field[:, :, 1]
    bent = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    local = _local_field(_crossings(_print_lines(bent), width, height, int(PX * 0.2)),
                         width, height)
    if local is None:
        return bent, True
    # the local field lives on the crossings; spread it over the page's pixels
    size = ((width + 1) * PX, (height + 1) * PX)
    spread = cv2.resize(local, size, interpolation=cv2.INTER_LINEAR)
    full = np.zeros((rows, cols, 2), np.float32)
    top, left = PX // 2, PX // 2
    bottom, right = min(rows, top + size[1]), min(cols, left + size[0])
    full[top:bottom, left:right] = spread[:bottom - top, :right - left]
    # the two corrections compose: sample the first one where the second one points
    map_x2 = cv2.remap(map_x, xs + full[:, :, 0], ys + full[:, :, 1], cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    map_y2 = cv2.remap(map_y, xs + full[:, :, 0], ys + full[:, :, 1], cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    return cv2.remap(image, map_x2, map_y2, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE), True


def _local_field(found: dict[tuple[int, int], tuple[float, float]], width: int,
                 height: int) -> Image | None:
    """The shifts of the crossings as a (height + 1) x (width + 1) x 2 field: outliers
    (far from the median of their neighbours) dropped, holes filled from their
    neighbours, then smoothed. ``None`` when too few crossings were found."""
    import numpy as np

    cv2 = require_cv2()
    if len(found) < max(12, (width + 1) * (height + 1) // 4):
        return None
    field = np.zeros((height + 1, width + 1, 2), np.float32)
    known = np.zeros((height + 1, width + 1), bool)
    for (gx, gy), shift in found.items():
        field[gy, gx] = shift
        known[gy, gx] = True
    # an outlier differs from the median of the known crossings around it
    for gy, gx in zip(*np.nonzero(known), strict=True):
        around = [field[y, x] for y in range(max(0, gy - 2), min(height + 1, gy + 3))
                  for x in range(max(0, gx - 2), min(width + 1, gx + 3))
                  if known[y, x] and (y, x) != (gy, gx)]
        if len(around) >= 3 and np.linalg.norm(field[gy, gx] - np.median(around, axis=0)) > 1.5:
            known[gy, gx] = False
    weights = known.astype(np.float32)
    values = field * weights[:, :, None]
    for _ in range(max(width, height)):  # fill holes from their known neighbours
        if weights.min() > 0:
            break
        total = cv2.blur(values, (3, 3), borderType=cv2.BORDER_REPLICATE)
        count = cv2.blur(weights, (3, 3), borderType=cv2.BORDER_REPLICATE)
        hole = weights == 0
        reach = hole & (count > 0)
        values[reach] = total[reach] / count[reach][:, None]
        weights[reach] = 1.0
    filled = values / np.maximum(weights, 1e-6)[:, :, None]
    return cv2.GaussianBlur(filled, (3, 3), 0.8, borderType=cv2.BORDER_REPLICATE)
