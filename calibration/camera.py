"""Camera intrinsics (lens model) and where they are kept.

A :class:`CameraModel` holds the pinhole matrix ``K`` (3x3, px), the OpenCV
distortion coefficients ``dist`` (k1, k2, p1, p2[, k3 ...]) and the image size
(width, height) px they were measured at. ``companion calibrate camera`` writes it
as JSON; :func:`load_camera` reads it back (default: the user config dir).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.datafile import data_fault
from companion.errors import DataFileError

APP_NAME = "table-companion"


def default_camera_path() -> Path:
    """``<user config dir>/table-companion/camera.json`` (platformdirs)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME)) / "camera.json"


@dataclass(frozen=True)
class CameraModel:
    """Intrinsics of one camera at one resolution.

    K: 3x3 float (fx, fy, cx, cy in px). dist: 1-D float (OpenCV order).
    size: (width, height) px. rms_px: calibration reprojection RMS (px), if known.
    """

    K: np.ndarray
    dist: np.ndarray
    size: tuple[int, int]
    rms_px: float | None = None

    def scaled_to(self, size: tuple[int, int]) -> "CameraModel":
        """The same lens at another resolution of the same aspect ratio."""
        sx, sy = size[0] / self.size[0], size[1] / self.size[1]
        K = self.K.copy()
        K[0] *= sx
        K[1] *= sy
        return CameraModel(K, self.dist.copy(), (int(size[0]), int(size[1])), self.rms_px)

    def undistort_points(self, pts_px: np.ndarray) -> np.ndarray:
        """Nx2 distorted px -> Nx2 px of an ideal pinhole camera with the same K."""
        import cv2

        pts = np.asarray(pts_px, np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(pts, self.K, self.dist, P=self.K).reshape(-1, 2)

    def distort_points(self, pts_px: np.ndarray) -> np.ndarray:
        """Inverse of :meth:`undistort_points` (Nx2 ideal px -> Nx2 image px)."""
        import cv2

        pts = np.asarray(pts_px, np.float64).reshape(-1, 2)
        norm = np.linalg.solve(self.K, np.vstack([pts.T, np.ones(len(pts))])).T
        out, _ = cv2.projectPoints(norm.reshape(-1, 1, 3), np.zeros(3), np.zeros(3), self.K, self.dist)
        return out.reshape(-1, 2)

    def to_json(self) -> dict:
        return {"image_size": list(self.size), "K": self.K.tolist(), "dist": self.dist.ravel().tolist(),
                "rms_px": self.rms_px}


def save_camera(model: CameraModel, path: Path | str | None = None) -> Path:
    """Write ``model`` as JSON (default :func:`default_camera_path`); returns the path."""
    p = Path(path) if path else default_camera_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    return p


def load_camera(path: Path | str | None = None) -> CameraModel:
    """Read intrinsics JSON. Raises :class:`companion.errors.DataFileError` naming
    the file and key when it is missing or malformed."""
    p = Path(path) if path else default_camera_path()
    from companion.clitext import os_error, tx
    from companion.datafile import json_problem

    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(str(p), None, tx("lens.unreadable", "cannot read camera intrinsics: {why}",
                                             why=os_error(exc))) from None
    except json.JSONDecodeError as exc:
        raise DataFileError(str(p), exc.lineno, tx("datafile.not_json", "not valid JSON: {error} (column {column})",
                                                   error=json_problem(exc), column=exc.colno)) from None
    except UnicodeDecodeError:
        raise DataFileError(str(p), None, tx("lens.not_text", "not a camera intrinsics JSON file (not text)")) from None
    try:
        K = np.array(data["K"], np.float64)
        dist = np.array(data["dist"], np.float64).ravel()
        w, h = (int(v) for v in data["image_size"])
    except (KeyError, TypeError, ValueError) as exc:
        raise DataFileError(str(p), None, tx("lens.keys", "expected keys K (3x3), dist, image_size: {why}",
                                             why=data_fault(exc))) from None
    if K.shape != (3, 3) or not np.all(np.isfinite(K)) or K[0, 0] <= 0 or K[1, 1] <= 0:
        raise DataFileError(str(p), None, tx("lens.bad_k", "K: expected a 3x3 camera matrix with positive focal "
                                             "lengths"))
    if dist.size not in (4, 5, 8, 12, 14) or not np.all(np.isfinite(dist)):
        raise DataFileError(str(p), None, tx("lens.bad_dist", "dist: expected 4, 5, 8, 12 or 14 coefficients, got "
                                             "{n}", n=dist.size))
    rms = data.get("rms_px")
    return CameraModel(K, dist, (w, h), float(rms) if isinstance(rms, (int, float)) and math.isfinite(rms) else None)
