"""Registration: board/mat corner fiducials in a frame -> homography px <-> surface mm.

Each surface (``board``, ``mat-<colour>``) carries four ArUco corner fiducials whose
ids and positions (mm) are in calibration's layouts. The fit itself is calibration's
:func:`calibration.register.register_surface` (4 corners per fiducial, RANSAC from 3
fiducials, lens distortion removed when a camera model is given). We ask for at least
``min_fiducials`` (default 2: one 30 mm marker alone extrapolates badly over an
840 mm board) and reject fits worse than ``max_rms_mm``. The last good pose of a
surface is kept while its fiducials are hidden (a hand over a corner), so tags keep
their zones; a new good pose replaces it.

Lens: a calibrated model (``camera``; see :func:`registrar_for`) is used as given.
Without one, the first frame that shows a surface with >= 3 corner fiducials has its
dominant radial term estimated from them (``calibration.lens.estimate_radial``);
the estimate is kept until :meth:`Registrar.reset_lens` (a moved camera), and
``lens_status`` says which model is in use, or that the view is too distorted to
trust without ``companion calibrate camera``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .decode import Symbol


@dataclass(frozen=True, eq=False)
class SurfacePose:
    """Where one surface lies in the frame: calibration's fit plus when it was made.

    registration: the ``calibration.register.Registration`` (homographies between
    px and mm, lens model, fiducials used, reprojection error). t: frame time of the
    fit (s). The mapping itself is calibration's; this only keeps it over time.
    """

    registration: object
    t: float
    frame_size: tuple[int, int] | None = None
    calibrated: bool = False

    def camera_centre(self) -> np.ndarray | None:
        """The camera's centre ``(x_mm, y_mm, height_mm)`` in this surface's frame
        (``calibration.lens.camera_centre_mm``), from the fit and the intrinsics: the
        calibrated K, else a focal length estimated from the fit itself (principal
        point at the frame centre), else the frame width. None without a frame size.
        Cached."""
        got = getattr(self, "_centre", False)
        if got is not False:
            return got
        from calibration.lens import camera_centre_mm, focal_from_homography

        reg = self.registration
        out = None
        if self.calibrated and reg.camera is not None:
            out = camera_centre_mm(reg.H_inv, reg.camera.K)
        elif self.frame_size is not None:
            w, h = self.frame_size
            f = focal_from_homography(reg.H_inv, (w / 2, h / 2))
            if f is None or not 0.25 * w <= f <= 6.0 * w:
                f = float(w)
            K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
            out = camera_centre_mm(reg.H_inv, K)
        object.__setattr__(self, "_centre", out)
        return out

    @property
    def surface(self) -> str:
        return self.registration.surface

    @property
    def layout(self):
        return self.registration.layout

    @property
    def markers(self) -> int:
        """Fiducials used in the fit."""
        return len(self.registration.used)

    @property
    def rms_mm(self) -> float:
        """Reprojection error of the fiducial corners (mm)."""
        return self.registration.rms_mm

    def to_mm(self, pts_px) -> np.ndarray:
        """``(N, 2)`` frame px -> ``(N, 2)`` surface mm."""
        return self.registration.px_to_mm(pts_px)

    def to_px(self, pts_mm) -> np.ndarray:
        """``(N, 2)`` surface mm -> ``(N, 2)`` frame px."""
        return self.registration.mm_to_px(pts_mm)

    def contains_mm(self, x: float, y: float, margin: float = 0.0) -> bool:
        """The point (mm) lies on the surface's outline (+ ``margin`` mm)."""
        w, h = self.layout.size_mm
        return -margin <= x <= w + margin and -margin <= y <= h + margin


def fiducial_table(layout_names) -> dict[int, tuple[str, object, object]]:
    """ArUco id -> (surface, layout, FiducialSpec) for every corner fiducial.
    layout_names: a game's calibration Layout objects (calibration.game_tags.layouts)
    or layout names."""
    from calibration.layouts import load_layout

    out = {}
    for name in layout_names:
        lay = load_layout(name) if isinstance(name, str) else name
        for f in lay.fiducials():
            out[f.id] = (f.surface, lay, f)
    return out


class Registrar:
    """Keeps one pose per surface from the ArUco symbols of each frame.

    layout_names: calibration layouts (or their names) to read the fiducials from;
    default: the default game's (registry.default(); calibration.game_tags.layouts). camera: optional
    ``calibration.camera.CameraModel`` (lens distortion). min_fiducials: fiducials a
    surface needs in view for a new fit (>= 1). max_rms_mm: reject worse fits.
    ``update(symbols, t)`` returns the current poses (kept from earlier frames when a
    surface's fiducials are hidden); ``forget(surface)`` drops one (a mat taken away).
    Raises ``ValueError`` for ``min_fiducials < 1``.
    """

    def __init__(self, layout_names=None, max_rms_mm: float = 3.0, camera=None,
                 min_fiducials: int = 2, estimate_lens: bool = True, lens_source: str = "file"):
        if min_fiducials < 1:
            raise ValueError("min_fiducials must be >= 1")
        if layout_names is None:
            from calibration.game_tags import layouts
            from companion import registry

            layout_names = layouts(registry.default().id)
        self.table = fiducial_table(layout_names)
        self.max_rms_mm = max_rms_mm
        self.camera = camera
        self._given = camera
        self.min_fiducials = min_fiducials
        self.poses: dict[str, SurfacePose] = {}
        self.estimate_lens = estimate_lens and camera is None
        self.frame_size: tuple[int, int] | None = None   # (w, h) px, set by the pipeline
        self.lens_estimate = None
        #: "file" / "user" (calibrated), "estimated", "too distorted", "none"
        self.lens_status = lens_source if camera is not None else "none"

    def set_frame_size(self, size: tuple[int, int]) -> None:
        """The frame size (w, h) px: scales a calibrated model measured at another
        resolution (``CameraModel.scaled_to``); a new size re-estimates the lens."""
        size = (int(size[0]), int(size[1]))
        if size == self.frame_size:
            return
        self.frame_size = size
        if self._given is not None:
            self.camera = self._given if tuple(self._given.size) == size else self._given.scaled_to(size)
        else:
            self.reset_lens()

    def reset_lens(self) -> None:
        """Forget an estimated lens (the camera moved or changed)."""
        if self._given is None:
            self.camera = None
            self.lens_estimate = None
            self.lens_status = "none"

    def _estimate(self, groups, layouts) -> None:
        from calibration.lens import estimate_radial

        est = estimate_radial([(fids, layouts[sf], sf) for sf, fids in groups.items()],
                              self.frame_size, max_rms_mm=0.5 * self.max_rms_mm)
        if est is None:
            return  # too few fiducials yet: try again on a later frame
        self.lens_estimate = est
        self.camera = est.camera
        self.lens_status = ("too distorted" if not est.trusted
                            else "estimated" if est.camera is not None else "none")

    def is_fiducial(self, sym: Symbol) -> bool:
        return sym.format == "ArUco" and sym.text.isdigit() and int(sym.text) in self.table

    def update(self, symbols: list[Symbol], t: float = 0.0) -> dict[str, SurfacePose]:
        from calibration.fiducials import Fiducial
        from calibration.register import register_surface

        groups: dict[str, list] = {}
        layouts = {}
        for s in symbols:
            if not self.is_fiducial(s):
                continue
            surface, lay, _spec = self.table[int(s.text)]
            groups.setdefault(surface, []).append(
                Fiducial(int(s.text), np.asarray(s.corners_px, np.float64).reshape(4, 2)))
            layouts[surface] = lay
        if (self.estimate_lens and self.lens_estimate is None and self.frame_size
                and self._given is None and groups):
            self._estimate(groups, layouts)
        for surface, fids in groups.items():
            if len({f.id for f in fids}) < self.min_fiducials:
                continue
            reg = register_surface(fids, layouts[surface], self.camera, surface,
                                   min_points=4 * self.min_fiducials)
            if reg is None or reg.rms_mm > self.max_rms_mm:
                continue
            self.poses[surface] = SurfacePose(reg, t, self.frame_size,
                                              self.lens_status in ("file", "user"))
        return dict(self.poses)

    def forget(self, surface: str) -> None:
        self.poses.pop(surface, None)


def registrar_for(lens=None, source=None, **kw) -> Registrar:
    """A :class:`Registrar` with the lens model the app, demo and scan use.

    lens: an explicit JSON from ``companion calibrate camera`` (``--lens FILE``;
    raises ``companion.errors.DataFileError`` when unreadable). source: the frame
    source spec; when it is a recording (a folder with ``recording.json``, or a file
    in one) its own ``camera.json`` is used when present and never the user's
    calibration (another camera filmed it). Otherwise ``$TABLE_COMPANION_LENS``
    (set by ``companion app --lens``), then the user's calibration
    (``calibration.camera.default_camera_path``) when present, else none (estimated
    from the fiducials, see the module doc). kw: passed to :class:`Registrar`.
    """
    from pathlib import Path

    from calibration.lens import find_lens

    if lens is None and isinstance(source, (str, Path)):
        p = Path(source)
        folder = p if p.is_dir() else p.parent
        if (folder / "recording.json").is_file():
            own = folder / "camera.json"
            if not own.is_file():
                return Registrar(**kw)
            lens = own
    camera, where = find_lens(lens)
    return Registrar(camera=camera, lens_source=where, **kw)
