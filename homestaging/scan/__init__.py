"""Reading a photo of a filled printed drawing sheet back into a sheet file.

The pipeline, one module per step:

* :mod:`.photo` loads the image, finds the corner markers and straightens the page
  (a homography from the markers, then a correction fitted on the printed grid for lens
  distortion and paper curl);
* :mod:`.marks` measures the pencil in every square and on every edge and classifies
  them (empty, furniture, circulation dot, rug ring; wall, front door, window);
* :mod:`.plan` turns those into rooms, doors and pieces (fitting the shapes of the
  room's card options) and builds an ordinary :class:`~homestaging.core.sheet.Sheet`, with
  the squares it is not sure of and why;
* :mod:`.synthetic` makes realistic photos of filled sheets for the tests and the bench.

OpenCV (``opencv-python-headless``, the ``[scan]`` extra) is needed here and only here:
:func:`require_cv2` says how to install it when it is missing.
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["MAX_PIXELS", "MissingOpenCV", "require_cv2"]

#: Photos larger than this many pixels are refused (a 50-megapixel phone photo is fine).
MAX_PIXELS = 120_000_000


class MissingOpenCV(RuntimeError):
    """OpenCV is not installed; the message says how to install it."""


def require_cv2() -> ModuleType:
    """The ``cv2`` module, or MissingOpenCV with the install command.

    OpenCV reads its bound on the pixels of an image it decodes when it is imported: it is
    set to :data:`MAX_PIXELS` first, so that a small file declaring a huge image is
    refused before its pixels are allocated."""
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
    try:
        import cv2
    except ImportError:
        raise MissingOpenCV(
            "scanning needs OpenCV, which is not installed: "
            "pip install 'homestaging[scan]' (or pip install opencv-python-headless)"
        ) from None
    return cv2
