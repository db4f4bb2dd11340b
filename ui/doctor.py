"""``companion doctor``: check a real table setup in one go.

One line per check, each a plain verdict (OK / CHECK / FIX) and what to change:

- cameras found (index 0..3, or the one given) and the modes each offers;
- the mode the game will be played with (``--size/--fourcc/--fps``, default the
  reference 3840x2160 MJPG 30 fps): what the camera granted, and the px per module
  the smallest QR tags get in the reference setup (docs/calibration.md: a 4K camera
  1.0-1.1 m up looking straight down with a 72-85 degree lens; worked out for the
  worst end, 1.1 m and 72 degrees, with calibration.synthetic), against the 3 px
  rule (docs/tags.md);
- the printer (``--printer``, else the app's saved printer): reachable, paper and
  cover where the printer reports them, permissions;
- fonts for Spanish and Chinese (printed pages, the app);
- free disk where journals and the print queue live.

Exit code 0 when nothing needs fixing, 1 otherwise. Lives in ui (it may import every
package); registered by ui.commands.
"""

from __future__ import annotations

import shutil
from pathlib import Path

OK, CHECK, FIX = "OK", "CHECK", "FIX"
#: px per module at the worst place of the reference view: below LIMIT the pipeline
#: misses tags (calibration.check's measured limit, the same one `calibrate table`
#: judges by); from LIMIT to RECOMMENDED it reads them with little margin for a
#: camera a little higher or a lens a little wider (docs/tags.md design rule).
RECOMMENDED_PX_PER_MODULE = 3.0
#: free space below which journals and the print queue are at risk (MB)
MIN_FREE_MB = 200
#: the reference setup (docs/calibration.md) at its worst end: camera height (mm),
#: looking straight down, horizontal field of view (degrees)
#: (calibration.synthetic's REFERENCE_HEIGHT_MM and REFERENCE_FOV_DEG: 1.1 m, 72 degrees)
REFERENCE_WORDS = "1.1 m up, straight down, 72 degree lens"


def register(subparsers) -> None:
    from vision.sources import add_camera_arguments

    p = subparsers.add_parser(
        "doctor", help="check cameras, printer, fonts and disk of a real table setup",
        description="Check a real setup in one go: cameras and their modes, the px per module the "
        "chosen mode gives the tags at the reference distance, the printer (reachable, paper, cover, "
        "permissions), fonts for Spanish and Chinese, free disk for journals. One line per check: "
        "a verdict and what to change. Exit 0: nothing to fix; 1: something to fix.")
    from companion.cliargs import camera_index

    p.add_argument("--camera", type=camera_index, help="the camera index to check (default: look at 0-3)")
    add_camera_arguments(p)
    p.add_argument("--tag-size", choices=("normal", "large"), default="normal",
                   help="tag stickers printed (companion tags --size; default normal)")
    p.add_argument("--printer", help="printer target to check (default: the app's saved printer)")
    p.add_argument("--config", help="printer config file (default: the user config dir)")
    p.add_argument("--no-probe", action="store_true", help="do not list each camera's modes (faster)")
    p.set_defaults(func=run)


def _line(verdict: str, what: str, text: str) -> tuple[str, str, str]:
    print(f"{verdict:<5} {what}: {text}", flush=True)
    return verdict, what, text


def smallest_qr_module_mm(size: str) -> float:
    """The smallest QR module (mm) of any tagged component of the default game at tag ``size``."""
    from calibration.game_tags import tag_spec, tags_module
    from companion import registry

    game = registry.default().id
    mods = []
    for cid in tags_module(game).catalog_ids():
        try:
            spec = tag_spec(game, cid, size)
        except (ValueError, KeyError):
            continue
        if spec.symbol == "qr":
            mods.append(spec.module_mm)
    return min(mods)


def px_per_module_at_reference(width: int, height: int, module_mm: float) -> float:
    """px per module at the far edge of the reference view (the worst place) for a
    camera delivering ``width`` x ``height`` px, ``module_mm`` mm modules: the
    camera REFERENCE_HEIGHT_MM above the table looking straight down with a
    REFERENCE_FOV_DEG lens (docs/calibration.md; calibration.synthetic)."""
    import math

    import numpy as np

    from calibration.synthetic import REFERENCE_FOV_DEG, REFERENCE_HEIGHT_MM, local_scale, reference_homography

    view_mm = 2 * REFERENCE_HEIGHT_MM * math.tan(math.radians(REFERENCE_FOV_DEG / 2))
    H = reference_homography((0.0, 0.0), tilt_deg=0.0, frame=(width, height),
                             height_mm=REFERENCE_HEIGHT_MM, view_width_mm=view_mm)
    far = np.linalg.inv(H) @ np.array([width / 2, 0.0, 1.0])  # image top centre on the table
    return local_scale(H, far[0] / far[2], far[1] / far[2]) * module_mm


def check_cameras(args) -> list[tuple[str, str, str]]:
    import cv2

    from vision.sources import SourceError, grab_frames, probe_modes, settings_from_args

    out = []
    settings = settings_from_args(args)
    indices = [args.camera] if args.camera is not None else [0, 1, 2, 3]
    found = []
    for i in indices:
        cap = cv2.VideoCapture(i)
        ok = cap is not None and cap.isOpened()
        if cap is not None:
            cap.release()
        if not ok:
            if args.camera is not None:
                out.append(_line(FIX, f"camera {i}", "does not open: plug it in, or give the right index "
                                 "(ls /dev/video*; a webcam often has two nodes, the first one gives pictures)"))
            continue
        found.append(i)
        if not args.no_probe:
            modes = probe_modes(i)
            text = ", ".join(str(m) for m in modes[:8]) + (" ..." if len(modes) > 8 else "")
            out.append(_line(OK, f"camera {i}", f"modes {text or 'none reported'}"))
    if not found:
        if args.camera is None:
            out.append(_line(FIX, "camera", "no camera found at index 0-3: plug the camera in "
                             "(a UVC webcam; ls /dev/video*)"))
        return out
    cam = found[0]
    try:
        frames, mode = grab_frames(cam, 1, settings, settle=3)
    except SourceError as exc:
        out.append(_line(FIX, f"camera {cam}", f"gives no picture in {settings}: {exc}"))
        return out
    h, w = frames[0].shape[:2]
    module_mm = smallest_qr_module_mm(args.tag_size)
    ppm = px_per_module_at_reference(w, h, module_mm)
    granted = f"{mode}" if mode is not None else f"{w}x{h}"
    asked = f" (asked {settings})" if mode is not None and (mode.width, mode.height) != settings.size else ""
    from calibration.check import MIN_PX_PER_MODULE as limit

    need = f"ready from {limit:g}, {RECOMMENDED_PX_PER_MODULE:g} recommended"
    if ppm >= RECOMMENDED_PX_PER_MODULE:
        out.append(_line(OK, f"camera {cam} mode", f"{granted}{asked}: {ppm:.1f} px per module for the "
                         f"smallest {args.tag_size} tags ({module_mm:g} mm modules) at {REFERENCE_WORDS} ({need})"))
    else:
        fix = ("use a higher resolution (--size 3840x2160; MJPG is chosen by itself from 1080p)"
               if w < 3840 else "lower the camera (1.0 m up), look straight down, or use a narrower (72-85 degree) lens")
        if args.tag_size == "normal":
            fix += ", or print large tags (companion tags penny-press --size large)"
        out.append(_line(FIX if ppm < limit else CHECK, f"camera {cam} mode",
                         f"{granted}{asked}: only {ppm:.1f} px per module for the smallest {args.tag_size} "
                         f"tags at {REFERENCE_WORDS} ({need}): {fix}; then check the real view "
                         f"with `companion calibrate table {cam}`"))
    if mode is not None and mode.fps and settings.fps and mode.fps < 0.8 * settings.fps:
        out.append(_line(CHECK, f"camera {cam} frame rate", f"{mode.fps:g} fps (asked {settings.fps:g}): "
                         "a slow camera blurs moving hands; try --fourcc MJPG or a smaller --size"))
    return out


def _saved_printer() -> str | None:
    try:
        from .viewmodels.settings import SettingsVM

        p = SettingsVM().settings.printer
    except Exception:  # no saved settings: nothing to check
        return None
    if p.kind == "preview" or not p.target:
        return None
    return {"network": f"tcp://{p.target}", "usb": f"usb:{p.target}", "file": f"file:{p.target}",
            "serial": f"serial:{p.target}"}.get(p.kind, p.target)


def check_printer(args) -> list[tuple[str, str, str]]:
    from companion.errors import CompanionError
    from printing.profiles import load_config
    from printing.transports import printer_status

    target = args.printer or _saved_printer()
    if not target:
        return [_line(CHECK, "printer", "none chosen: give --printer tcp://HOST:9100 | usb:VID:PID | "
                      "file:/dev/usb/lp0 | serial:/dev/ttyUSB0 (or choose one in the app's settings); "
                      "without one, pages are saved as PNG previews")]
    try:
        cfg = load_config(args.config)
    except CompanionError as exc:
        return [_line(FIX, "printer config", str(exc))]
    verdict, text = printer_status(target, cfg)
    return [_line({"ok": OK, "warn": CHECK, "fail": FIX}[verdict], "printer",
                  f"{text} (profile {cfg.profile_name}, {cfg.paper_mm} mm paper)")]


def check_fonts() -> list[tuple[str, str, str]]:
    from companion.errors import CompanionError

    out = []
    try:
        from printing.fonts import missing_glyphs, system_fonts

        fonts = system_fonts()
        gone_es = missing_glyphs("¿Qué año? ¡Señor! áéíóúüÁÉÍÓÚÑ", fonts)
        gone_zh = missing_glyphs("战争 犯罪 政治 人间百态 头版", fonts)
        if gone_es or gone_zh:
            out.append(_line(FIX, "fonts (printing)", f"cannot draw {gone_es + gone_zh!r}: "
                             "install fonts-dejavu-core and fonts-wqy-microhei"))
        else:
            out.append(_line(OK, "fonts (printing)", f"Spanish: {Path(fonts.regular).name}, "
                             f"Chinese: {Path(fonts.cjk).name}"))
    except CompanionError as exc:
        out.append(_line(FIX, "fonts (printing)", str(exc)))
    try:
        from .fonts import find_cjk_font

        out.append(_line(OK, "fonts (app)", f"Chinese: {find_cjk_font().name}"))
    except CompanionError as exc:
        out.append(_line(FIX, "fonts (app)", str(exc)))
    return out


def check_disk() -> list[tuple[str, str, str]]:
    from platformdirs import user_data_dir

    where = Path(user_data_dir("table-companion"))
    probe = where
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    free_mb = shutil.disk_usage(probe).free / 1e6
    if free_mb < MIN_FREE_MB:
        return [_line(FIX, "disk", f"only {free_mb:.0f} MB free at {where} (journals and the print queue): "
                      f"free at least {MIN_FREE_MB} MB")]
    return [_line(OK, "disk", f"{free_mb / 1000:.1f} GB free at {where} (a game's journal takes well under 1 MB)")]


def run(args) -> int:
    if args.config:  # a printer config named on the command line must be readable: say so first
        from printing.profiles import load_config

        load_config(args.config, required=True)  # raises CompanionError naming the file (also a missing one)
    lines = check_cameras(args) + check_printer(args) + check_fonts() + check_disk()
    bad = sum(1 for v, _, _ in lines if v == FIX)
    from companion.naming import count

    print(f"{'all good' if not bad else count(bad, {'one': 'thing', 'other': 'things'}) + ' to fix'}; "
          f"{sum(1 for v, _, _ in lines if v == CHECK)} to check")
    if bad:  # the checklist above is the result; what failed is also said on stderr, once
        import sys

        print("companion doctor: to fix: " + "; ".join(f"{what}: {text}" for v, what, text in lines if v == FIX),
              file=sys.stderr)
    return 1 if bad else 0
