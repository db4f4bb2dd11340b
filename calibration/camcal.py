"""Camera (lens) calibration from a printed ChArUco board.

The board uses DICT_5X5_100, a different dictionary from the game's fiducials
(DICT_4X4_100), so a calibration board left on the table is never mistaken for a
board corner. Default board: 7 x 5 squares of 30 mm, markers 22 mm (fits A4 and
Letter landscape, 210 x 150 mm).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.errors import CompanionError

from .camera import CameraModel

CHARUCO_DICT = "DICT_5X5_100"


@dataclass(frozen=True)
class CharucoSpec:
    """squares: (columns, rows). square_mm / marker_mm: printed sizes (mm)."""

    squares: tuple[int, int] = (7, 5)
    square_mm: float = 30.0
    marker_mm: float = 22.0

    def board(self):
        import cv2

        d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CHARUCO_DICT))
        return cv2.aruco.CharucoBoard(self.squares, self.square_mm, self.marker_mm, d)

    def image(self, px_per_mm: float = 300 / 25.4, margin_mm: float = 10.0) -> np.ndarray:
        """The board drawn at ``px_per_mm`` (default 300 dpi) with a white margin;
        uint8 grey. Print it at 100 % scale and check one square measures square_mm."""
        w = round((self.squares[0] * self.square_mm + 2 * margin_mm) * px_per_mm)
        h = round((self.squares[1] * self.square_mm + 2 * margin_mm) * px_per_mm)
        return self.board().generateImage((w, h), marginSize=round(margin_mm * px_per_mm))


@dataclass
class CameraCalibration:
    """model: the intrinsics. views_used / views_total: frames with enough corners."""

    model: CameraModel
    views_used: int
    views_total: int


MIN_CORNERS = 8
MIN_VIEWS = 4


def calibrate_from_frames(frames: list[np.ndarray], spec: CharucoSpec = CharucoSpec()) -> CameraCalibration:
    """Intrinsics from grey frames of the printed ChArUco board.

    Each frame with >= 8 board corners is a view; at least 4 views (better 10-20:
    the board tilted and in every part of the frame) are needed. Returns the
    calibration with its reprojection RMS (px). Raises
    :class:`companion.errors.CompanionError` saying how many views were usable.
    """
    import cv2

    from companion.clitext import tx, txn

    if not frames:
        raise CompanionError(tx("cal.no_frames", "no frames to calibrate from"))
    board = spec.board()
    detector = cv2.aruco.CharucoDetector(board)
    size = (frames[0].shape[1], frames[0].shape[0])
    obj_pts, img_pts = [], []
    for f in frames:
        if (f.shape[1], f.shape[0]) != size:
            raise CompanionError(tx("cal.sizes_differ", "frames differ in size: {a} and {b}",
                                    a=f"{size[0]}x{size[1]}", b=f"{f.shape[1]}x{f.shape[0]}"))
        corners, ids, _, _ = detector.detectBoard(f)
        if ids is None or len(ids) < MIN_CORNERS:
            continue
        o, i = board.matchImagePoints(corners, ids)
        obj_pts.append(o.astype(np.float32))
        img_pts.append(i.astype(np.float32))
    if len(obj_pts) < MIN_VIEWS:
        raise CompanionError(txn(
            "cal.too_few_views", "only {used} of {n} frame shows the ChArUco board well enough (need {need}, each with "
            "{corners}+ corners): print it with --board-out, hold it flat, tilted in different directions, filling "
            "different parts of the view", "only {used} of {n} frames show the ChArUco board well enough (need "
            "{need}, each with {corners}+ corners): print it with --board-out, hold it flat, tilted in different "
            "directions, filling different parts of the view", len(frames), used=len(obj_pts), need=MIN_VIEWS,
            corners=MIN_CORNERS))
    rms, K, dist, _, _ = cv2.calibrateCamera(obj_pts, img_pts, size, None, None)
    return CameraCalibration(CameraModel(K, dist.ravel(), size, float(rms)), len(obj_pts), len(frames))
