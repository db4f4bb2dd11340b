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

from companion.clitext import number, tx, txn

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


def _reference_words() -> str:
    """:data:`REFERENCE_WORDS` in the command line's language."""
    return tx("doctor.reference", "1.1 m up, straight down, 72 degree lens")


def _verdict(verdict: str) -> str:
    """OK / CHECK / FIX in the command line's language."""
    return {OK: tx("doctor.ok", "OK"), CHECK: tx("doctor.check", "CHECK"), FIX: tx("doctor.fix", "FIX")}[verdict]


def _columns(text: str) -> int:
    """The terminal columns ``text`` takes (a Chinese character takes two)."""
    from unicodedata import east_asian_width

    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """``text`` filled with spaces to ``width`` terminal columns."""
    return text + " " * max(0, width - _columns(text))


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
    p.add_argument("--table-picture", metavar="PICTURE",
                   help="a still of the table as the camera sees it: is the camera high and steep enough for the "
                   "tags in view (calibration.stand_check)")
    p.set_defaults(func=run)


def _line(verdict: str, what: str, text: str) -> tuple[str, str, str]:
    """Print one checklist line (verdict, what was checked, what was found) and return it."""
    width = max(_columns(_verdict(v)) for v in (OK, CHECK, FIX))  # the verdicts in one column
    print(tx("doctor.line", "{verdict} {what}: {text}", verdict=_pad(_verdict(verdict), width), what=what,
             text=text), flush=True)
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
                out.append(_line(FIX, tx("doctor.camera_n", "camera {n}", n=i), tx(
                    "doctor.camera_closed", "does not open: plug it in, or give the right index (ls /dev/video*; a "
                    "webcam often has two nodes, the first one gives pictures)")))
            continue
        found.append(i)
        if not args.no_probe:
            modes = probe_modes(i)
            text = ", ".join(str(m) for m in modes[:8]) + (" ..." if len(modes) > 8 else "")
            out.append(_line(OK, tx("doctor.camera_n", "camera {n}", n=i),
                             tx("doctor.modes", "modes {modes}", modes=text) if text
                             else tx("doctor.no_modes", "modes none reported")))
    if not found:
        if args.camera is None:
            out.append(_line(FIX, tx("doctor.camera", "camera"), tx(
                "doctor.no_camera", "no camera found at index 0-3: plug the camera in (a UVC webcam; ls /dev/video*)")))
        return out
    cam = found[0]
    try:
        frames, mode = grab_frames(cam, 1, settings, settle=3)
    except SourceError:
        out.append(_line(FIX, tx("doctor.camera_n", "camera {n}", n=cam), tx(
            "doctor.no_picture", "gives no picture in {mode}: check its cable, or that no other program uses it",
            mode=settings)))
        return out
    h, w = frames[0].shape[:2]
    module_mm = smallest_qr_module_mm(args.tag_size)
    ppm = px_per_module_at_reference(w, h, module_mm)
    granted = f"{mode}" if mode is not None else f"{w}x{h}"
    asked = (tx("doctor.asked", " (asked {mode})", mode=settings)
             if mode is not None and (mode.width, mode.height) != settings.size else "")
    from calibration.check import MIN_PX_PER_MODULE as limit

    need = tx("doctor.need", "ready from {limit}, {recommended} recommended", limit=f"{limit:g}",
              recommended=f"{RECOMMENDED_PX_PER_MODULE:g}")
    size = {"normal": tx("check.size.normal", "normal"), "large": tx("check.size.large", "large")}[args.tag_size]
    what = tx("doctor.camera_mode", "camera {n} mode", n=cam)
    if ppm >= RECOMMENDED_PX_PER_MODULE:
        out.append(_line(OK, what, tx(
            "doctor.mode_ok", "{granted}{asked}: {ppm} px per module for the smallest {size} tags ({module} mm "
            "modules) at {reference} ({need})", granted=granted, asked=asked, ppm=f"{ppm:.1f}", size=size,
            module=f"{module_mm:g}", reference=_reference_words(), need=need)))
    else:
        fix = (tx("doctor.higher_resolution", "use a higher resolution (--size 3840x2160; MJPG is chosen by itself "
                  "from 1080p)") if w < 3840 else
               tx("doctor.lower_camera", "lower the camera (1.0 m up), look straight down, or use a narrower (72-85 "
                  "degree) lens"))
        if args.tag_size == "normal":
            from companion import registry

            fix += tx("doctor.large_tags", ", or print large tags ({command})",
                      command=f"companion tags {registry.default().id} --size large")
        out.append(_line(FIX if ppm < limit else CHECK, what, tx(
            "doctor.mode_low", "{granted}{asked}: only {ppm} px per module for the smallest {size} tags at "
            "{reference} ({need}): {fix}; then check the real view with `{command}`", granted=granted, asked=asked,
            ppm=f"{ppm:.1f}", size=size, reference=_reference_words(), need=need, fix=fix,
            command=f"companion calibrate table {cam}")))
    if mode is not None and mode.fps and settings.fps and mode.fps < 0.8 * settings.fps:
        out.append(_line(CHECK, tx("doctor.frame_rate", "camera {n} frame rate", n=cam), tx(
            "doctor.slow", "{fps} fps (asked {asked}): a slow camera blurs moving hands; try --fourcc MJPG or a smaller "
            "--size", fps=number(mode.fps), asked=number(settings.fps))))
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
    printer = tx("doctor.printer", "printer")
    if not target:
        return [_line(CHECK, printer, tx(
            "doctor.no_printer", "none chosen: give --printer tcp://HOST:9100 | usb:VID:PID | file:/dev/usb/lp0 | "
            "serial:/dev/ttyUSB0 (or choose one in the app's settings); without one, pages are saved as PNG "
            "previews"))]
    try:
        cfg = load_config(args.config)
    except CompanionError as exc:
        return [_line(FIX, tx("doctor.printer_config", "printer config"), str(exc))]
    verdict, text = printer_status(target, cfg)
    return [_line({"ok": OK, "warn": CHECK, "fail": FIX}[verdict], printer, tx(
        "doctor.printer_with", "{text} (profile {profile}, {mm} mm paper)", text=text, profile=cfg.profile_name,
        mm=cfg.paper_mm))]


def check_fonts() -> list[tuple[str, str, str]]:
    from companion.errors import CompanionError

    out = []
    try:
        from printing.fonts import missing_glyphs, system_fonts

        fonts = system_fonts()
        gone_es = missing_glyphs("¿Qué año? ¡Señor! áéíóúüÁÉÍÓÚÑ", fonts)
        gone_zh = missing_glyphs("战争 犯罪 政治 人间百态 头版", fonts)
        if gone_es or gone_zh:
            out.append(_line(FIX, tx("doctor.fonts_printing", "fonts (printing)"), tx(
                "doctor.fonts_cannot", "cannot draw {chars}: install fonts-dejavu-core and fonts-wqy-microhei",
                chars=" ".join(gone_es + gone_zh))))
        else:
            out.append(_line(OK, tx("doctor.fonts_printing", "fonts (printing)"), tx(
                "doctor.fonts_found", "Spanish: {latin}, Chinese: {cjk}", latin=Path(fonts.regular).name,
                cjk=Path(fonts.cjk).name)))
    except CompanionError as exc:
        out.append(_line(FIX, tx("doctor.fonts_printing", "fonts (printing)"), str(exc)))
    try:
        from .fonts import find_cjk_font

        out.append(_line(OK, tx("doctor.fonts_app", "fonts (app)"), tx("doctor.font_cjk", "Chinese: {cjk}",
                                                                        cjk=find_cjk_font().name)))
    except CompanionError as exc:
        out.append(_line(FIX, tx("doctor.fonts_app", "fonts (app)"), str(exc)))
    return out + check_scripts()


def check_scripts() -> list[tuple[str, str, str]]:
    """Players' names in other scripts: the fallback faces found (printing.fonts)
    and whether Pillow shapes with libraqm; what is missing names its package."""
    from companion.errors import CompanionError

    try:
        from printing.fonts import can_shape, missing_faces

        gone = missing_faces()
    except CompanionError:
        return []  # the fonts line above says what to install
    out = []
    what = tx("doctor.fonts_names", "fonts (names)")
    if not can_shape():
        out.append(_line(FIX, what, tx("doctor.fonts_no_raqm", "Pillow lays text out without libraqm: names in "
                                       "Arabic, Hebrew, Thai or Devanagari are refused; install libfribidi0 "
                                       "(Pillow's wheels bring libraqm)")))
    if gone:
        packages = sorted({pkg for _script, pkg in gone})
        out.append(_line(CHECK, what, tx("doctor.fonts_no_script", "no font for {scripts}: names with such "
                                         "characters are refused; install {packages}",
                                         scripts=", ".join(_script_word(s) for s, _p in gone),
                                         packages=" ".join(packages))))
    elif can_shape():
        out.append(_line(OK, what, tx("doctor.fonts_scripts_ok", "Arabic, Hebrew, Thai, Devanagari, emoji (black "
                                      "and white), shaped with libraqm")))
    return out


def _script_word(script: str) -> str:
    """A fallback face's script (printing.fonts.Fallback.script) in the command
    line's language."""
    return {"Arabic": tx("doctor.script_arabic", "Arabic"), "Hebrew": tx("doctor.script_hebrew", "Hebrew"),
            "Thai": tx("doctor.script_thai", "Thai"), "Devanagari": tx("doctor.script_devanagari", "Devanagari"),
            "emoji": tx("doctor.script_emoji", "emoji"),
            "other": tx("doctor.script_other", "other scripts")}.get(script, script)


def check_disk() -> list[tuple[str, str, str]]:
    from platformdirs import user_data_dir

    where = Path(user_data_dir("table-companion"))
    probe = where
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    free_mb = shutil.disk_usage(probe).free / 1e6
    disk = tx("doctor.disk", "disk")
    if free_mb < MIN_FREE_MB:
        return [_line(FIX, disk, tx("doctor.disk_low", "only {mb} MB free at {where} (journals and the print queue): "
                                    "free at least {need} MB", mb=f"{free_mb:.0f}", where=where, need=MIN_FREE_MB))]
    return [_line(OK, disk, tx("doctor.disk_ok", "{gb} GB free at {where} (a game's journal takes well under 1 MB)",
                               gb=f"{free_mb / 1000:.1f}", where=where))]


def run(args) -> int:
    if args.config:  # a printer config named on the command line must be readable: say so first
        from printing.profiles import load_config

        load_config(args.config, required=True)  # raises CompanionError naming the file (also a missing one)
    lines = check_cameras(args) + check_printer(args) + check_fonts() + check_disk()
    if getattr(args, "table_picture", None):
        from calibration.stand_check import doctor_line

        lines.append(_line(*doctor_line(args.table_picture)))
    bad = sum(1 for v, _, _ in lines if v == FIX)
    checks = sum(1 for v, _, _ in lines if v == CHECK)
    fixes = txn("doctor.to_fix", "{n} thing to fix", "{n} things to fix", bad) if bad else tx("doctor.all_good",
                                                                                              "all good")
    print(tx("doctor.summary", "{fixes}; {n} to check", fixes=fixes, n=checks))
    if bad:  # the checklist above is the result; what failed is also said on stderr, once
        import sys

        print(tx("doctor.stderr", "companion doctor: to fix: {list}", list="; ".join(
            f"{what}: {text}" for v, what, text in lines if v == FIX)), file=sys.stderr)
    return 1 if bad else 0
