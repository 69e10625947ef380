"""Realistic photos of filled drawing sheets whose truth is known, for tests and the bench.

:func:`filled_page` draws a sheet's plan by hand on its printed drawing sheet (the same
page as ``homestaging print --fill``, with a seed for the hand: pressure, wobble,
overshoot, erasure smudges) and returns it as an RGB image. :func:`photograph` then does
to it what a phone does: the page lies on a table, tilted and turned, seen in
perspective through a lens that bends straight lines, the paper a little curled, the
light uneven with a shadow across, the focus soft, the sensor noisy, and the result
saved as JPEG.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..core.grid import Edge
from ..core.sheet import Sheet
from . import require_cv2
from .marks import CIRCULATION, EMPTY, FURNITURE, RING, RING_DOT, Marks

__all__ = ["Camera", "filled_page", "perfect_marks", "photograph", "random_camera"]

Image = Any


def filled_page(sheet: Sheet, *, seed: int = 0, dpi: int = 150, paper: str = "a4",
                smudges: int = 3, wobble: float = 1.0) -> Image:
    """The drawing sheet with ``sheet``'s plan drawn by hand, as an RGB uint8 image."""
    import matplotlib
    import numpy as np
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ..draw.drawing import RC_PARAMS
    from ..draw.printing import filled_figure

    with matplotlib.rc_context(RC_PARAMS):
        fig = filled_figure(sheet, paper=paper, seed=seed, smudges=smudges, wobble=wobble)
        fig.set_dpi(dpi)
        canvas = FigureCanvasAgg(fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return rgba[:, :, :3].copy()


def perfect_marks(sheet: Sheet) -> Marks:
    """What a flawless reading of ``sheet``'s drawing would find on the page: each
    square's class, the pencil walls, an outline between touching pieces, the windows
    and the front door. The plan step can be tried on it without a photo."""
    from ..draw.pencil import wall_edges

    project = sheet.project
    furniture: dict[tuple[int, int], int] = {}
    circulation: set[tuple[int, int]] = set()
    rugs: set[tuple[int, int]] = set()
    for index, drawn in enumerate(sheet.pieces):
        placement = drawn.placement
        if placement.piece.is_rug:
            rugs |= placement.furniture
            continue
        furniture.update(dict.fromkeys(placement.furniture, index))
        circulation |= placement.circulation
    marks = Marks()
    for cell in project.house - project.obstacles:
        if cell in furniture:
            kind = FURNITURE
        elif cell in rugs:
            kind = RING_DOT if cell in circulation else RING
        else:
            kind = CIRCULATION if cell in circulation else EMPTY
        marks.squares[cell] = kind
    walls, _ = wall_edges(sheet)
    printed = project.walls | project.exterior_walls()
    for cell in project.house:
        for side in ("e", "s"):
            edge = Edge(cell, side)
            if edge.outer not in project.house or edge in printed:
                continue
            marks.edge_scores[edge] = 1.0 if edge in walls else 0.0
            if edge in walls:
                marks.walls.add(edge)
            a, b = furniture.get(edge.cell), furniture.get(edge.outer)
            marks.splits[edge] = 0.3 if a is not None and b is not None and a != b else 0.0
    house = project.house
    marks.windows |= {edge.seen_from(edge.cell if edge.cell in house else edge.outer)
                      for edge in sheet.windows}
    marks.front_doors += [(edge.seen_from(edge.cell if edge.cell in house else edge.outer), 0.6)
                          for edge in sheet.front_doors]
    return marks


@dataclass(frozen=True)
class Camera:
    """How a photo is taken: every number is one of the things that go wrong."""

    size: tuple[int, int] = (2000, 1500)  # photo's long and short side (turned to suit)
    fill: float = 0.85  # how much of the photo's short side the page's long side takes
    turn: float = 0.0  # degrees the page is turned on the table
    tilt: float = 0.0  # perspective strength (0 straight above, 0.25 strongly tilted)
    tilt_angle: float = 0.0  # direction of the tilt, degrees
    lens: float = 0.0  # barrel distortion k1 (0.05 a phone's wide lens)
    curl: float = 0.0  # paper curl, in fractions of the page's width
    light: float = 0.0  # strength of the light falling off across the page (0 to 0.5)
    shadow: float = 0.0  # darkness of a soft shadow across the page (0 to 0.5)
    warm: float = 0.0  # yellow cast of indoor light (0 to 0.25)
    blur: float = 0.0  # gaussian blur sigma in photo pixels
    noise: float = 0.0  # sensor noise sigma in grey levels
    jpeg: int = 85  # JPEG quality
    seed: int = 0


def random_camera(rng: random.Random, *, hard: bool = False) -> Camera:
    """A plausible phone photo; ``hard`` makes every defect stronger."""
    k = 1.6 if hard else 1.0
    return Camera(
        size=(2000, 1500),
        fill=rng.uniform(0.88, 0.98),
        turn=rng.uniform(-12, 12) * k + (rng.choice([0, 90, 180, 270]) if hard else 0),
        tilt=rng.uniform(0.0, 0.12) * k,
        tilt_angle=rng.uniform(0, 360),
        lens=rng.uniform(-0.015, 0.03) * k,
        curl=rng.uniform(0.0, 0.012) * k,
        light=rng.uniform(0.05, 0.3) * k,
        shadow=rng.uniform(0.0, 0.25) * k,
        warm=rng.uniform(0.0, 0.15),
        blur=rng.uniform(0.3, 1.1) * k,
        noise=rng.uniform(1.0, 4.0) * k,
        jpeg=rng.randint(60, 92),
        seed=rng.randrange(1 << 30),
    )


def photograph(page: Image, camera: Camera) -> bytes:
    """A JPEG photo of ``page`` (RGB) taken with ``camera``."""
    import numpy as np

    cv2 = require_cv2()
    rng = np.random.default_rng(camera.seed)
    ph, pw = page.shape[:2]
    # The page's corners on the photo: scaled to fit, turned, tilted in perspective.
    corners = np.asarray([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64)
    angle = math.radians(camera.turn)
    rot = np.asarray([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    turned = (corners - np.asarray([pw / 2, ph / 2])) @ rot.T
    span = turned.max(axis=0) - turned.min(axis=0)
    long, short = max(camera.size), min(camera.size)
    width, height = (long, short) if span[0] > span[1] else (short, long)
    scale = camera.fill / (1 + camera.tilt) * min(width / span[0], height / span[1])
    placed = turned * scale
    direction = math.radians(camera.tilt_angle)
    dx, dy = math.cos(direction), math.sin(direction)
    extent = max(np.abs(placed).max(), 1.0)
    squeezed = []
    for x, y in placed:
        along = (x * dx + y * dy) / extent  # -1 .. 1 along the tilt
        factor = 1.0 / (1.0 + camera.tilt * along)
        squeezed.append((x * factor, y * factor))
    target = np.asarray(squeezed) + np.asarray([width / 2, height / 2])
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target.astype(np.float32))
    # The table under the page.
    table = np.empty((height, width, 3), np.float32)
    base = np.asarray([rng.uniform(90, 150), rng.uniform(70, 110), rng.uniform(45, 80)])
    table[:] = base
    table += rng.normal(0, 6, (height, width, 1)).astype(np.float32)
    photo = cv2.warpPerspective(page.astype(np.float32), matrix, (width, height),
                                dst=table, borderMode=cv2.BORDER_TRANSPARENT,
                                flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    photo = _lens_and_curl(photo, camera)
    # Light: a falloff across the page, a soft shadow, a warm cast.
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    light_dir = rng.uniform(0, math.tau)
    ramp = ((xs - width / 2) * math.cos(light_dir) + (ys - height / 2) * math.sin(light_dir))
    ramp /= max(width, height) / 2
    gain = 1.0 - camera.light * (ramp + 1) / 2
    if camera.shadow > 0:
        sx, sy = rng.uniform(0, width), rng.uniform(0, height)
        spread = rng.uniform(0.15, 0.35) * max(width, height)
        blob = np.exp(-(((xs - sx) ** 2 + (ys - sy) ** 2) / (2 * spread ** 2)))
        gain *= 1.0 - camera.shadow * blob
    photo *= gain[:, :, None]
    photo *= np.asarray([1.0 - camera.warm, 1.0 - camera.warm * 0.4, 1.0], np.float32)  # RGB
    if camera.blur > 0:
        photo = cv2.GaussianBlur(photo, (0, 0), camera.blur)
    if camera.noise > 0:
        photo += rng.normal(0, camera.noise, photo.shape).astype(np.float32)
    out = np.clip(photo, 0, 255).astype(np.uint8)
    ok, encoded = cv2.imencode(".jpg", cv2.cvtColor(out, cv2.COLOR_RGB2BGR),
                               [cv2.IMWRITE_JPEG_QUALITY, camera.jpeg])
    assert ok
    return bytes(encoded.tobytes())


def _lens_and_curl(photo: Image, camera: Camera) -> Image:
    """Barrel distortion around the photo's centre, and a gentle wave of curled paper."""
    import numpy as np

    cv2 = require_cv2()
    if camera.lens == 0 and camera.curl == 0:
        return photo
    height, width = photo.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    half = max(width, height) / 2
    u, v = (xs - width / 2) / half, (ys - height / 2) / half
    r2 = u * u + v * v
    factor = 1 + camera.lens * r2
    map_x = width / 2 + u * factor * half
    map_y = height / 2 + v * factor * half
    if camera.curl:
        map_y += camera.curl * half * np.sin(u * math.pi * 0.9) * 2
    return cv2.remap(photo, map_x.astype(np.float32), map_y.astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
