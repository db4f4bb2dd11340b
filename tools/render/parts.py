"""Placed components and their tags: the renderer's input, independent of any game.

A :class:`Placed` is one flat physical object lying on the table (a board, a mat, a
card, a wooden piece seen from above) with its tag. Positions are table millimetres
(see tools.render.camera for the axes); ``angle_deg`` turns the object's own x axis
counter-clockwise as seen from the camera (table x towards table -y).

Tag symbols are made here from a :class:`TagSpec`: the calibration package owns the
printed tag sizes (a game's renderer module builds the spec from calibration's
``tag_spec``, tools/render/games/), and this module only draws the symbol the spec
names, so the geometry of the ground truth is exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np
import segno


@dataclass(frozen=True)
class TagSpec:
    """One printed tag.

    symbol: ``"qr"`` (payload text) or ``"aruco"`` (marker id in ``dictionary``).
    text: QR payload (``TC1:<game code>:...``); marker_id: ArUco id; dictionary: OpenCV name,
    e.g. ``"DICT_4X4_50"``.
    size_mm: side of the symbol itself (mm, quiet zone excluded).
    quiet_mm: white margin around the symbol (mm) printed with it; None = 2 modules.
    offset_mm: symbol centre relative to the component's centre, in the component's
    own axes (mm).
    """

    symbol: str
    size_mm: float
    text: str | None = None
    marker_id: int | None = None
    dictionary: str = "DICT_4X4_50"
    quiet_mm: float | None = None
    offset_mm: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self):
        if self.symbol not in ("qr", "aruco"):
            raise ValueError(f"unknown tag symbol {self.symbol!r} (use 'qr' or 'aruco')")
        if self.symbol == "qr" and not self.text:
            raise ValueError("a QR tag needs its payload text")
        if self.symbol == "aruco" and self.marker_id is None:
            raise ValueError("an ArUco tag needs its marker id")
        if self.size_mm <= 0:
            raise ValueError(f"tag size must be positive, got {self.size_mm} mm")

    @property
    def modules(self) -> int:
        """Symbol side in modules (QR: 21 for version 1; ArUco: bits + 2 border)."""
        return symbol_matrix(self).shape[0]

    @property
    def key(self) -> str:
        """What a decoder reads: the QR payload, or ``aruco:<dictionary>:<id>``."""
        if self.symbol == "qr":
            return str(self.text)
        return f"aruco:{self.dictionary}:{self.marker_id}"


def symbol_matrix(spec: TagSpec) -> np.ndarray:
    """The symbol's modules (n, n) bool, True = dark, quiet zone excluded."""
    if spec.symbol == "qr":
        return _qr_matrix(spec.text)
    return _aruco_matrix(spec.dictionary, spec.marker_id)


@lru_cache(maxsize=512)
def _qr_matrix(text: str) -> np.ndarray:
    q = segno.make_qr(text, error="m", boost_error=False)
    m = np.array([[bool(v) for v in row] for row in q.matrix], bool)
    m.setflags(write=False)
    return m


@lru_cache(maxsize=256)
def _aruco_matrix(dictionary: str, marker_id: int) -> np.ndarray:
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    bits = int(round(math.sqrt(d.bytesList.shape[1] * 8)))
    img = cv2.aruco.generateImageMarker(d, int(marker_id), bits + 2)
    m = img < 128
    m.setflags(write=False)
    return m


@dataclass(frozen=True)
class Placed:
    """One component where it lies.

    component: a game's catalog id, ``"board"``, ``"mat-<colour>"`` or a fiducial's
    id (``"fid:board:0"``). kind: ``board``, ``mat``, ``fiducial`` or the game's kind
    name of the piece (its tag module's ``KIND_NAMES``). surface: ``board``, ``mat-<colour>`` or ``table``; zone: layout
    zone name or None. x_mm, y_mm: centre (table mm); sx_mm, sy_mm: centre in the
    surface's own mm. angle_deg: on the table (degrees, counter-clockwise).
    size_mm: (width, height) mm. tag: its tag or None. layer: drawing order (higher
    on top). colour: main BGR colour. label: short text drawn on it (our words).
    height_mm: the piece's height: its face (with the tag) is drawn that far above
    the table, with its sides and a shadow (0: flat, as the older recordings).
    """

    component: str
    kind: str
    surface: str
    zone: str | None
    x_mm: float
    y_mm: float
    angle_deg: float
    size_mm: tuple[float, float]
    tag: TagSpec | None = None
    sx_mm: float = 0.0
    sy_mm: float = 0.0
    layer: int = 0
    colour: tuple[int, int, int] = (235, 235, 235)
    label: str = ""
    round: bool = False
    extra: dict = field(default_factory=dict, compare=False, hash=False)
    height_mm: float = 0.0

    def local_to_table(self, pts_local) -> np.ndarray:
        """Points (N, 2) in the component's own mm (origin at its centre, x along its
        width, y along its height) -> table mm (N, 2)."""
        p = np.asarray(pts_local, float).reshape(-1, 2)
        a = math.radians(self.angle_deg)
        ex = np.array([math.cos(a), -math.sin(a)])
        ey = np.array([math.sin(a), math.cos(a)])
        return np.array([self.x_mm, self.y_mm]) + p[:, :1] * ex + p[:, 1:] * ey

    def corners_mm(self) -> np.ndarray:
        """Outline corners (4, 2) table mm: TL, TR, BR, BL of the component."""
        w, h = self.size_mm
        return self.local_to_table([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2],
                                    [-w / 2, h / 2]])

    def tag_corners_mm(self) -> np.ndarray | None:
        """The tag symbol's corners table mm (TL, TR, BR, BL in the symbol's reading
        orientation, quiet zone excluded): (4, 2) for a flat piece, (4, 3) with z =
        -height_mm (z into the table) for a raised one; None without a tag."""
        if self.tag is None:
            return None
        s = self.tag.size_mm / 2
        ox, oy = self.tag.offset_mm
        pts = self.local_to_table([[ox - s, oy - s], [ox + s, oy - s], [ox + s, oy + s],
                                   [ox - s, oy + s]])
        if self.height_mm > 0:
            pts = np.column_stack([pts, np.full(4, -self.height_mm)])
        return pts


def tag_texture(spec: TagSpec, px_per_mm: float) -> np.ndarray:
    """The printed tag (symbol plus its white quiet zone) as a grey image, uint8,
    ``px_per_mm`` px per mm; each module is an exact square (nearest neighbour)."""
    m = symbol_matrix(spec)
    n = m.shape[0]
    module_mm = spec.size_mm / n
    quiet_mm = 2 * module_mm if spec.quiet_mm is None else spec.quiet_mm
    sym_px = max(n, int(round(spec.size_mm * px_per_mm)))
    q_px = max(0, int(round(quiet_mm * px_per_mm)))
    sym = np.where(m, 20, 250).astype(np.uint8)
    sym = cv2.resize(sym, (sym_px, sym_px), interpolation=cv2.INTER_NEAREST)
    return cv2.copyMakeBorder(sym, q_px, q_px, q_px, q_px, cv2.BORDER_CONSTANT, value=250)
