"""Tag images: QR codes (segno) and ArUco markers (cv2.aruco), at printed size.

All images are ``numpy.uint8`` grey, shape ``(h, w)``, 0 = black ink, 255 = white.

- :func:`qr_image` - any payload as a QR code (version chosen by segno, EC level M).
- :func:`aruco_image` - one marker of the project's dictionary (DICT_4X4_100).
- :func:`tag_image` - a game's component's sticker at ``px_per_mm`` (its printed size).
- :func:`fiducial_image` - one board/mat corner fiducial with its white margin.
- :func:`surface_image` - a whole board or mat drawn flat: outline, zone outlines,
  corner fiducials (for tests, the scene renderer and the fiducial sheets).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from .game_tags import aruco_dictionary_name, tag_spec
from .layouts import ARUCO_CELLS, FiducialSpec, load_layout


def qr_image(payload: str, module_px: int, quiet_zone: int = 4) -> np.ndarray:
    """A QR code of ``payload`` drawn with square modules of ``module_px`` px.

    EC level M, no error-level boost (so every game's TC1 payload is version 1:
    21 modules). quiet_zone: white border in modules. Returns uint8 grey of side
    ``(modules + 2 * quiet_zone) * module_px``. Raises ``ValueError`` for an empty
    payload, ``module_px < 1`` or ``quiet_zone < 0``.
    """
    import segno

    if not payload:
        raise ValueError("empty QR payload")
    if int(module_px) != module_px or module_px < 1:
        raise ValueError(f"module_px must be a whole number >= 1, got {module_px!r}")
    if int(quiet_zone) != quiet_zone or quiet_zone < 0:
        raise ValueError(f"quiet_zone must be a whole number >= 0, got {quiet_zone!r}")
    qr = segno.make_qr(payload, error="m", boost_error=False)
    dark = np.array([list(row) for row in qr.matrix], dtype=bool)
    dark = np.pad(dark, int(quiet_zone), constant_values=False)
    img = np.where(dark, 0, 255).astype(np.uint8)
    return np.repeat(np.repeat(img, int(module_px), axis=0), int(module_px), axis=1)


@lru_cache(maxsize=1)
def aruco_dictionary(name: str | None = None):
    """The cv2.aruco Dictionary ``name`` (an OpenCV name such as ``"DICT_4X4_250"``);
    None: the one the games' components.json name (DICT_4X4_100; the default game's,
    see calibration.game_tags.aruco_dictionary_name)."""
    import cv2

    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name or aruco_dictionary_name()))


def aruco_dictionary_size(name: str | None = None) -> int:
    return int(aruco_dictionary(name).bytesList.shape[0])


def aruco_image(marker_id: int, px: int, dictionary: str | None = None) -> np.ndarray:
    """ArUco marker ``marker_id`` as a ``px`` x ``px`` image (black border included,
    no white margin). px should be a multiple of 6 (cells) for crisp edges.
    dictionary: an OpenCV name (a game's ``aruco_dictionary``); None: the default's.

    Raises ``ValueError`` for an id outside the dictionary or ``px < 6``.
    """
    import cv2

    name = dictionary or aruco_dictionary_name()
    n = aruco_dictionary_size(name)
    if isinstance(marker_id, bool) or int(marker_id) != marker_id or not 0 <= marker_id < n:
        raise ValueError(f"ArUco id {marker_id!r} is not in {name} (0..{n - 1})")
    if int(px) != px or px < ARUCO_CELLS:
        raise ValueError(f"px must be a whole number >= {ARUCO_CELLS}, got {px!r}")
    return cv2.aruco.generateImageMarker(aruco_dictionary(name), int(marker_id), int(px))


def _resize_to(img: np.ndarray, side: int) -> np.ndarray:
    import cv2

    if img.shape[0] == side:
        return img
    interp = cv2.INTER_AREA if img.shape[0] > side else cv2.INTER_NEAREST
    return cv2.resize(img, (side, side), interpolation=interp)


def _check_scale(px_per_mm: float) -> float:
    if isinstance(px_per_mm, bool) or not isinstance(px_per_mm, (int, float)) or not math.isfinite(px_per_mm) \
            or px_per_mm <= 0:
        raise ValueError(f"px_per_mm must be a positive number, got {px_per_mm!r}")
    return float(px_per_mm)


def _marker_with_margin(marker_id: int, marker_mm: float, margin_mm: float, px_per_mm: float,
                        dictionary: str | None = None) -> np.ndarray:
    side = max(1, round((marker_mm + 2 * margin_mm) * px_per_mm))
    cell_px = max(1, math.ceil(marker_mm / ARUCO_CELLS * px_per_mm)) * 4
    marker = aruco_image(marker_id, cell_px * ARUCO_CELLS, dictionary)
    margin_hi = round(margin_mm / marker_mm * marker.shape[0])
    big = np.pad(marker, margin_hi, constant_values=255)
    return _resize_to(big, side)


def tag_image(game: str, component_id: str, px_per_mm: float, size: str = "normal") -> np.ndarray:
    """The sticker of ``game``'s ``component_id`` at its printed size (see
    :func:`calibration.game_tags.tag_spec`), drawn at ``px_per_mm``.

    Returns a square uint8 image of side ``round(tag_spec(...).size_mm * px_per_mm)``
    px, quiet zone / white margin included. For the board and mats this is the
    top-left corner fiducial (see :func:`fiducial_image` for the others). Drawn
    crisp at a whole number of px per module, then area-resampled to the exact
    side. Raises ``ValueError`` for an unknown id, size or a bad scale.
    """
    px_per_mm = _check_scale(px_per_mm)
    spec = tag_spec(game, component_id, size)
    side = max(1, round(spec.size_mm * px_per_mm))
    if spec.symbol == "qr":
        module_px = max(1, math.ceil(spec.module_mm * px_per_mm)) * 4
        quiet = round(spec.quiet_mm / spec.module_mm)
        return _resize_to(qr_image(spec.payload, module_px, quiet), side)
    marker_mm = spec.module_mm * ARUCO_CELLS
    return _marker_with_margin(spec.marker_ids[0], marker_mm, spec.quiet_mm, px_per_mm,
                               aruco_dictionary_name(game))


def fiducial_image(fiducial: FiducialSpec, px_per_mm: float, margin_mm: float | None = None) -> np.ndarray:
    """One corner fiducial at printed size: the marker (``side_mm``) plus a white
    margin of one cell (or ``margin_mm``) each side. uint8 grey, square."""
    px_per_mm = _check_scale(px_per_mm)
    margin = fiducial.side_mm / ARUCO_CELLS if margin_mm is None else float(margin_mm)
    return _marker_with_margin(fiducial.id, fiducial.side_mm, margin, px_per_mm)


def surface_image(layout_name: str, surface: str, px_per_mm: float, draw_zones: bool = True,
                  background: int = 235) -> np.ndarray:
    """A board or mat drawn flat, as the camera would see it from straight above.

    Shape ``(round(h_mm * px_per_mm), round(w_mm * px_per_mm))`` uint8 grey: light
    background, zone outlines (grey), corner fiducials at their mm positions.
    Pixel (u, v) shows the point ((u + 0.5) / px_per_mm, (v + 0.5) / px_per_mm) mm.
    Zones outside the outline (the mat's ``published`` strip) are not drawn.
    Raises ``KeyError`` for a surface the layout does not have.
    """
    import cv2

    px_per_mm = _check_scale(px_per_mm)
    layout = load_layout(layout_name)
    fids = layout.fiducials(surface)
    w_mm, h_mm = layout.size_mm
    img = np.full((round(h_mm * px_per_mm), round(w_mm * px_per_mm)), background, np.uint8)
    if draw_zones:
        for z in layout.zones:
            for poly in [z.polygon, *z.slots.values()]:
                pts = np.round(np.array(poly) * px_per_mm * 16).astype(np.int32)
                cv2.polylines(img, [pts], True, 150, max(1, round(px_per_mm * 0.6)), cv2.LINE_AA, shift=4)
    for f in fids:
        tile = fiducial_image(f, px_per_mm)
        n = tile.shape[0]
        x0 = round(f.centre_mm[0] * px_per_mm - n / 2)
        y0 = round(f.centre_mm[1] * px_per_mm - n / 2)
        ys, xs = slice(max(y0, 0), min(y0 + n, img.shape[0])), slice(max(x0, 0), min(x0 + n, img.shape[1]))
        img[ys, xs] = tile[ys.start - y0: ys.stop - y0, xs.start - x0: xs.stop - x0]
    return img
