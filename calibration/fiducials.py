"""Corner fiducial detection (cv2.aruco, the project's DICT_4X4_100)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class Fiducial:
    """One detected ArUco marker.

    id: marker id. corners_px: 4x2 float64, image px (x right, y down), in ArUco
    order: the printed marker's top-left, top-right, bottom-right, bottom-left.
    """

    id: int
    corners_px: np.ndarray

    @property
    def centre_px(self) -> np.ndarray:
        return self.corners_px.mean(axis=0)

    @property
    def side_px(self) -> float:
        """Mean edge length (px)."""
        c = self.corners_px
        return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)]))


@lru_cache(maxsize=1)
def _detector():
    import cv2

    from .tags import aruco_dictionary

    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    return cv2.aruco.ArucoDetector(aruco_dictionary(), params)


def detect_fiducials(gray: np.ndarray) -> list[Fiducial]:
    """Every marker of the project's dictionary in a frame, sorted by id.

    gray: uint8 image, (h, w) grey or (h, w, 3) BGR. Corners are refined to
    sub-pixel (CORNER_REFINE_SUBPIX). A marker seen twice (a spare sticker on the
    table) is kept once: the larger one. Returns [] when none is found. Raises
    ``ValueError`` for an empty or non-image array.
    """
    import cv2

    img = np.asarray(gray)
    if img.size == 0 or img.ndim not in (2, 3):
        raise ValueError(f"expected a grey or BGR image, got shape {img.shape}")
    if img.ndim == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    corners, ids, _ = _detector().detectMarkers(img)
    if ids is None:
        return []
    best: dict[int, Fiducial] = {}
    for c, i in zip(corners, ids.ravel()):
        f = Fiducial(int(i), np.asarray(c, np.float64).reshape(4, 2))
        if int(i) not in best or f.side_px > best[int(i)].side_px:
            best[int(i)] = f
    return [best[k] for k in sorted(best)]
