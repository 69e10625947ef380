"""Reading a photo of a filled printed drawing sheet back into a sheet file.

The pipeline, one module per step:

* :mod:`.photo` loads the image, finds the corner markers and straightens the page
  (a homography from the markers, then a correction fitted on the printed grid for lens
  distortion and paper curl);
* :mod:`.marks` measures the pencil in every square and on every edge and classifies
  them (empty, furniture, circulation dot, rug ring; wall, front door, window);
* :mod:`.plan` turns those into rooms, doors and pieces (fitting the shapes of the
  room's card options) and builds an ordinary :class:`~homestaging.sheet.Sheet`, with
  the squares it is not sure of and why;
* :mod:`.synthetic` makes realistic photos of filled sheets for the tests and the bench.

OpenCV (``opencv-python-headless``, the ``[scan]`` extra) is needed here and only here:
:func:`require_cv2` says how to install it when it is missing.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["MissingOpenCV", "require_cv2"]


class MissingOpenCV(RuntimeError):
    """OpenCV is not installed; the message says how to install it."""


def require_cv2() -> ModuleType:
    """The ``cv2`` module, or MissingOpenCV with the install command."""
    try:
        import cv2
    except ImportError:
        raise MissingOpenCV(
            "scanning needs OpenCV, which is not installed: "
            "pip install 'homestaging[scan]' (or pip install opencv-python-headless)"
        ) from None
    return cv2
