"""Settings view-model (Kivy-free): printer (kind, target, profile, width, darkness,
cut), camera, tag size check, language; saved as JSON in the user config dir."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

from printing.profiles import (DARKNESS_MAX, DARKNESS_MIN, DARKNESS_WORDS, DEFAULT_PROFILES, PrinterConfig,
                               PrinterConfigError, darkness_value)
from ui import i18n
from ui.viewmodels.protocol import PrinterSettings, symbol_from

PRINTER_KINDS = ("preview", "usb", "network", "file")
WIDTHS = (384, 576)  # dots: 58 mm and 80 mm paper at 203 dpi
#: the darkness choices offered: the printer's own (None), then the named steps of the
#: one scale (printing.output.DARKNESS_WORDS: light -3, normal 0, dark +3)
DARKNESS_CHOICES = (None, *DARKNESS_WORDS.values())
#: the scale the darkness is saved in; a file without it was saved by an older app
#: whose darkness was 0, 1, 2 for light, normal, dark
DARKNESS_SCALE = "steps -6..+6"
_OLD_DARKNESS = {0: DARKNESS_WORDS["light"], 1: DARKNESS_WORDS["normal"], 2: DARKNESS_WORDS["dark"]}


def darkness_label(value: int | None, lang: str) -> str:
    """A darkness step as players read it: its word ("dark", "oscuro"), the printer's
    own for None, or the step with its sign ("+2")."""
    if value is None:
        return i18n.tr("darkness.printer", lang)
    named = {n: w for w, n in DARKNESS_WORDS.items()}
    return i18n.tr(f"darkness.{named[value]}", lang) if value in named else f"{value:+d}"
QR_V1_MODULES = 21  # a version-1 QR code is 21 x 21 modules (tag payloads, docs/contracts.md)


def printer_profiles() -> list[str]:
    """python-escpos profile names (its capabilities data), or a short fallback."""
    try:
        from escpos.capabilities import CAPABILITIES
        return sorted(CAPABILITIES["profiles"])
    except Exception:  # noqa: BLE001 - escpos missing or changed: offer the usual ones
        return ["POS-5890", "ZJ-5870", "TM-T20II", "default"]


def paper_mm(width: int) -> int:
    """The paper (mm) of a page ``width`` in dots: 384 -> 58, 576 -> 80."""
    return 58 if width <= 384 else 80


def profile_fits(profile: str, mm: int) -> bool:
    """Whether the python-escpos ``profile`` is known and prints an ``mm`` (58 or 80)
    page full width (printing.output.PrinterConfig.validate decides)."""
    try:
        PrinterConfig(paper_mm=mm, profile=profile)
    except PrinterConfigError:
        return False
    return True


def printer_config(ps: PrinterSettings) -> PrinterConfig:
    """The printer config (printing.output.PrinterConfig) for the app's printer
    settings: the saved printer config (``companion printer-config``; the settings
    screen writes its printer choices there, ui.viewmodels.settings) with the app's
    paper (384 dots: 58 mm, else 80 mm), python-escpos ``profile`` ("" keeps the
    config's), cut (True keeps the config's cut, "auto" if it was "none"; False:
    "none") and darkness (a step of the one scale, docs/printing.md; None: the
    printer's own). Settings read from the config give it back unchanged.
    Raises PrinterConfigError for a broken config file, and a refusal for the players
    (``err.profile_width``) when the profile prints narrower than the paper."""
    from companion.errors import Refusal
    from printing.profiles import load_config

    mm = paper_mm(ps.width)
    cfg = load_config(None)
    profile = ps.profile or cfg.profile
    if profile and not profile_fits(profile, mm):
        raise Refusal("profile_width", f"profile {profile} prints narrower than {mm} mm paper",
                      profile=profile, mm=mm)
    cut = ("auto" if cfg.cut == "none" else cfg.cut) if ps.cut else "none"
    return replace(cfg, paper_mm=mm, profile=profile, darkness=ps.darkness, cut=cut)


def reconcile_profile(old: "PrinterSettings", new: "PrinterSettings") -> "PrinterSettings":
    """``new`` with the paper's default profile (printing.output.DEFAULT_PROFILES)
    when the players changed the paper width but kept a profile that fitted the old
    paper and does not fit the new one (the 58 mm POS-5890 after choosing 80 mm);
    else ``new`` unchanged (a profile chosen by hand is never replaced)."""
    if (new.width != old.width and new.profile == old.profile and new.profile
            and not profile_fits(new.profile, paper_mm(new.width))):
        return replace(new, profile=DEFAULT_PROFILES[paper_mm(new.width)])
    return new


def profile_cuts(profile: str) -> bool:
    """Whether a printer of python-escpos ``profile`` has a cutter (full or partial
    cut); without one a page asked to be cut is fed out to tear off."""
    try:
        from escpos.capabilities import get_profile

        prof = get_profile(profile)
        return bool(prof.supports("paperFullCut") or prof.supports("paperPartCut"))
    except Exception:  # noqa: BLE001 - unknown profile: validate() says so
        return False


def cuts(p: PrinterSettings) -> bool:
    """Whether the printer ``p`` cuts a page: cut asked (``p.cut``) and its profile
    (else the paper's usual one) has a cutter. The one truth the settings screen
    shows for "Cut paper" and :func:`printer_facts` words; a profile without a cutter
    keeps ``p.cut`` as saved (a profile with one picked later cuts again)."""
    return bool(p.cut) and profile_cuts(p.profile or DEFAULT_PROFILES[paper_mm(p.width)])


def cut_options(p: PrinterSettings, lang: str) -> tuple[list[tuple[bool, str]], tuple[bool, ...]]:
    """The "Cut paper" choices for printer ``p``: ([(value, label)], the values that
    can be picked). With a cutter: Cut / Do not cut, both; without one: Cut (not
    pickable) / Tear off (no cutter), the only one."""
    if profile_cuts(p.profile or DEFAULT_PROFILES[paper_mm(p.width)]):
        return [(True, i18n.tr("cut.yes", lang)), (False, i18n.tr("cut.no", lang))], (True, False)
    return [(True, i18n.tr("cut.yes", lang)), (False, i18n.tr("cut.tear_off", lang))], (False,)


def darkness_choices(profile: str) -> tuple[int | None, ...]:
    """The darkness choices a printer of ``profile`` takes: only the printer's own
    (None) on an impact printer (no print-density command,
    printing.output.is_impact), else :data:`DARKNESS_CHOICES`."""
    from printing.profiles import is_impact

    return (None,) if is_impact(profile) else DARKNESS_CHOICES


def printer_draft(saved: PrinterSettings, picks: dict[str, Any]) -> PrinterSettings:
    """The printer as the settings screen shows it before Save: ``saved`` with the
    ``picks`` (printer fields by name, in the order they were picked) and what follows
    from each at once: a paper picked that the profile cannot print brings the
    paper's usual profile (:func:`reconcile_profile`); a profile picked that cannot
    print the paper brings the paper it prints (the 58 mm POS-5890 picked on 80 mm
    paper: 58 mm); an impact printer's darkness is its own (None). Nothing is saved:
    Save applies the draft (:meth:`SettingsVM.update`), Cancel or leaving drops it."""
    p = saved
    for name, value in picks.items():
        if name not in PrinterSettings.__dataclass_fields__:
            continue
        old, p = p, replace(p, **{name: value})
        if name == "width":
            p = reconcile_profile(old, p)
        elif name == "profile" and value and value in printer_profiles() \
                and not profile_fits(value, paper_mm(p.width)):
            fits = [w for w in WIDTHS if profile_fits(value, paper_mm(w))]
            if fits:
                p = replace(p, width=fits[0])
        if p.profile and p.darkness not in darkness_choices(p.profile):
            p = replace(p, darkness=None)
    return p


def printer_facts(p: PrinterSettings, lang: str) -> str:
    """What the chosen printer does with a page, in players' words, one line each:
    the page's width in dots and mm on the paper (the width the preview draws,
    printing.output.profile_page: 512 dots on an 80 mm TM-T88), whether it cuts, and
    that an impact printer's darkness is its ribbon's. A profile that cannot print
    the paper says so (``err.profile_width``)."""
    from printing.profiles import is_impact, profile_page

    profile = p.profile or DEFAULT_PROFILES[paper_mm(p.width)]
    if profile not in printer_profiles():
        return i18n.tr("err.profile", lang, profile=profile)
    try:
        dots, mm = profile_page(paper_mm(p.width), profile)
    except PrinterConfigError:
        return i18n.tr("err.profile_width", lang, profile=profile, mm=paper_mm(p.width))
    lines = [i18n.tr("set.printer_page", lang, profile=profile, dots=dots, mm=f"{mm:.0f}",
                     paper=paper_mm(p.width))]
    if not profile_cuts(profile):  # the profile decides: never "cuts" beside "no cutter"
        lines.append(i18n.tr("set.printer_no_cutter", lang))
    else:
        lines.append(i18n.tr("set.printer_cuts" if p.cut else "set.printer_feeds", lang))
    if is_impact(profile):
        lines.append(i18n.tr("set.printer_ribbon", lang))
    return "\n".join(lines)


def default_path() -> Path:
    from platformdirs import user_config_dir
    return Path(user_config_dir("table-companion")) / "ui-settings.json"


@dataclass
class Settings:
    """What the settings screen edits. camera: index or None; recording: path or "";
    min_module_px: px per QR module below which a tag counts as too small."""

    printer: PrinterSettings = field(default_factory=PrinterSettings)
    camera: int | None = 0
    recording: str = ""
    min_module_px: float = 3.5
    lang: str = "en"
    mute: bool = False
    camera_mode: str = ""  # "WIDTHxHEIGHT FOURCC FPS fps" chosen on the settings screen; "" = the reference mode


def module_px(corners: Sequence[tuple[float, float]]) -> float:
    """Mean side of a tag outline (px) over the 21 modules of a v1 QR: px/module."""
    n = len(corners)
    sides = [((corners[i][0] - corners[(i + 1) % n][0]) ** 2 +
              (corners[i][1] - corners[(i + 1) % n][1]) ** 2) ** 0.5 for i in range(n)]
    return sum(sides) / n / QR_V1_MODULES


def tag_size_check(symbols: Sequence[Any], min_module_px: float) -> tuple[int, int, float | None]:
    """(tags large enough, tags too small, smallest px per module or None) over the
    symbols of a frame (read ones and those vision called too small). px per module
    is vision's estimate when given, else the outline's mean side / 21."""
    sizes = []
    for raw in symbols:
        s = symbol_from(raw)
        if s.status == "ok" or s.reason == "too_small":
            sizes.append(s.module_px if s.module_px else module_px(s.corners_px))
    ok = sum(1 for v in sizes if v >= min_module_px)
    return ok, len(sizes) - ok, (min(sizes) if sizes else None)


#: everyday names of the common camera sizes (players read these, not fourcc codes)
SIZE_NAMES = {(3840, 2160): "4K", (2560, 1440): "QHD", (1920, 1080): "Full HD", (1280, 720): "HD"}
_MODE_RE = re.compile(r"^\s*(\d+)x(\d+)(?:\s+([A-Za-z0-9]{4}))?(?:\s+([\d.]+)\s*fps)?\s*$")


def parse_mode(text: str) -> tuple[int, int, str, float] | None:
    """(width px, height px, fourcc or "", fps or 0.0) of a mode's text as
    vision.sources.CameraMode prints it ("3840x2160 MJPG 30 fps"); None if garbled."""
    m = _MODE_RE.match(text or "")
    if not m:
        return None
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= 16384 and 16 <= h <= 16384):
        return None
    return w, h, (m.group(3) or "").strip().upper(), float(m.group(4) or 0.0)


def mode_label(text: str, lang: str) -> str:
    """A camera mode in players' words: "4K (3840x2160), 30 frames per second" (no
    pixel format); the text itself when it cannot be read."""
    parsed = parse_mode(text)
    if parsed is None:
        return text
    w, h, _fourcc, fps = parsed
    size = f"{SIZE_NAMES[(w, h)]} ({w}x{h})" if (w, h) in SIZE_NAMES else f"{w}x{h}"
    return i18n.tr("set.mode_fps", lang, size=size, fps=f"{fps:g}") if fps else size


def from_printer_config(ps: PrinterSettings, cfg: PrinterConfig) -> PrinterSettings:
    """``ps`` with the saved printer config's paper (width 384 / 576), profile (its
    name in use), darkness and cut (False only for cut "none"): the config
    ``companion printer-config`` writes is the one truth for these; kind and target
    stay the app's."""
    return replace(ps, width=384 if cfg.paper_mm == 58 else 576, profile=cfg.profile_name,
                   darkness=cfg.darkness, cut=cfg.cut != "none")


#: PrinterSettings fields kept in the printer config (printing.output.PrinterConfig).
CONFIG_FIELDS = ("width", "profile", "darkness", "cut")


class SettingsVM:
    def __init__(self, path: str | Path | None = None, lang: str = "en",
                 printer_path: str | Path | None = None):
        """``path``: the app's settings file (default :func:`default_path`);
        ``printer_path``: the printer config (default printing.output.config_path(),
        the file ``companion printer-config`` edits)."""
        self.path = Path(path) if path else default_path()
        self.printer_path = Path(printer_path) if printer_path else None
        self.settings = self.load()
        self.lang = i18n.check_lang(lang)
        self.status = ""
        self.modes: list[tuple[str, str]] = []

    def _config_file(self) -> Path:
        from printing.profiles import config_path
        return self.printer_path or config_path()

    def load(self) -> Settings:
        """Read the file; a missing or broken file gives the defaults (never raises).
        Paper, profile, darkness and cut come from the saved printer config when there
        is one (:func:`from_printer_config`); with none yet (or a broken one, left
        alone: printing says what is wrong with it) the app's own copy is used."""
        s = self._load_app()
        from printing.profiles import load_config

        if self._config_file().exists():
            try:
                s = replace(s, printer=from_printer_config(s.printer, load_config(self._config_file())))
            except PrinterConfigError:
                pass
        if not s.printer.profile:  # no config yet: the paper's default profile, by name
            s = replace(s, printer=replace(s.printer, profile=DEFAULT_PROFILES[paper_mm(s.printer.width)]))
        return s

    def _load_app(self) -> Settings:
        try:
            d = json.loads(self.path.read_text(encoding="utf-8"))
            printer = dict(d.get("printer", {}))
            if printer.pop("darkness_scale", None) != DARKNESS_SCALE and "darkness" in printer:
                printer["darkness"] = _OLD_DARKNESS.get(printer["darkness"])  # an older app's 0..2
            pr = PrinterSettings(**printer)
            return Settings(pr, d.get("camera", 0), d.get("recording", ""),
                            float(d.get("min_module_px", 3.5)), d.get("lang", "en"), bool(d.get("mute", False)),
                            str(d.get("camera_mode", "") or ""))
        except (OSError, ValueError, TypeError):
            return Settings()

    def validate(self, s: Settings) -> list[str]:
        errs = []
        p = s.printer
        if p.kind not in PRINTER_KINDS:
            errs.append(f"printer kind {p.kind!r}? ({', '.join(PRINTER_KINDS)})")
        if p.width not in WIDTHS:
            errs.append(i18n.tr("err.width", self.lang, width=p.width))
        elif p.profile and p.profile not in printer_profiles():
            errs.append(i18n.tr("err.profile", self.lang, profile=p.profile))
        elif p.profile and not profile_fits(p.profile, paper_mm(p.width)):
            errs.append(i18n.tr("err.profile_width", self.lang, profile=p.profile, mm=paper_mm(p.width)))
        if p.darkness is not None and not (isinstance(p.darkness, int)
                                           and DARKNESS_MIN <= p.darkness <= DARKNESS_MAX):
            errs.append(i18n.tr("err.darkness", self.lang))
        if p.kind in ("network", "file") and not p.target.strip():
            errs.append(i18n.tr("err.printer_target", self.lang))
        if not 1 <= s.min_module_px <= 20:
            errs.append(i18n.tr("err.min_module", self.lang))
        if s.camera_mode and parse_mode(s.camera_mode) is None:
            errs.append(i18n.tr("err.camera_mode", self.lang))
        if s.lang not in i18n.LANGS:
            errs.append(i18n.tr("err.language", self.lang, lang=s.lang))
        return errs

    def update(self, **changes: Any) -> bool:
        """Apply changes (printer fields by name: kind, target, profile, width,
        darkness, cut; or camera, recording, min_module_px, lang) and save.
        Returns False (status = the problems, nothing saved) when invalid."""
        pf = {k: changes.pop(k) for k in list(changes) if k in PrinterSettings.__dataclass_fields__}
        try:
            if "width" in pf:
                pf["width"] = int(pf["width"])
            if "darkness" in pf:          # a step, a word (light, normal, dark) or None
                pf["darkness"] = darkness_value(pf["darkness"])
            if "min_module_px" in changes:
                changes["min_module_px"] = float(changes["min_module_px"])
            new = replace(self.settings, printer=replace(self.settings.printer, **pf), **changes)
            new = replace(new, printer=reconcile_profile(self.settings.printer, new.printer))
        except PrinterConfigError:
            self.status = i18n.tr("err.darkness", self.lang)
            return False
        except (TypeError, ValueError) as exc:
            self.status = str(exc)
            return False
        errs = self.validate(new)
        if errs:
            self.status = "\n".join(errs)
            return False
        changed = [f for f in CONFIG_FIELDS if getattr(new.printer, f) != getattr(self.settings.printer, f)]
        if changed:
            try:
                self._save_printer_config(new.printer, changed)
            except PrinterConfigError:
                self.status = i18n.tr("err.printer_config", self.lang, path=str(self._config_file()))
                return False
        self.settings = new
        if new.lang != self.lang:
            self.lang = new.lang
        self.save()
        self.status = i18n.tr("set.saved", self.lang)
        if new.printer.profile != pf.get("profile", new.printer.profile):
            self.status += "\n" + i18n.tr("set.profile_for_paper", self.lang, profile=new.printer.profile,
                                           mm=paper_mm(new.printer.width))
        return True

    def _save_printer_config(self, p: PrinterSettings, changed: Sequence[str]) -> None:
        """Write the ``changed`` printer fields into the saved printer config, the rest
        of it as it was (one printer config for the app and ``companion print``).
        Raises PrinterConfigError for a broken config file (left as it is)."""
        from printing.profiles import load_config, save_config

        cfg = load_config(self._config_file())
        if "width" in changed:
            cfg.paper_mm = paper_mm(p.width)
        if "profile" in changed:
            cfg.profile = p.profile
        if "darkness" in changed:
            cfg.darkness = p.darkness
        if "cut" in changed:
            cfg.cut = ("auto" if cfg.cut == "none" else cfg.cut) if p.cut else "none"
        save_config(cfg, self._config_file())

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        d = asdict(self.settings)
        d["printer"]["darkness_scale"] = DARKNESS_SCALE
        self.path.write_text(json.dumps(d, indent=1), encoding="utf-8")

    def tag_report(self, symbols: Sequence[Any]) -> str:
        ok, small, px = tag_size_check(symbols, self.settings.min_module_px)
        if px is None:
            return i18n.tr("set.tag_none", self.lang)
        text = i18n.tr("set.tag_report", self.lang, ok=ok, small=small, px=f"{px:.1f}")
        if small:
            text += "\n" + i18n.tr("set.tag_advice", self.lang)
        return text

    def camera_modes(self, probe=None) -> list[str]:
        """The modes the chosen camera offers, largest first (e.g. "3840x2160 MJPG 30
        fps"), for the settings screen; [] when there is no camera or it does not open.
        Asks the camera (vision.sources.probe_modes; ``probe`` for tests): call it on a
        button press, not while a game reads the camera."""
        if self.settings.camera is None:
            return []
        if probe is None:
            from vision.sources import probe_modes as probe
        return [str(m) for m in probe(int(self.settings.camera))]

    def camera_mode_rows(self, probe=None) -> list[tuple[str, str]]:
        """The chosen camera's modes as settings-screen rows: (mode text to keep in
        the settings, label in the players' words), largest first; two modes that
        read the same to a player (the same size and fps in another pixel format)
        show once, the faster first. Kept in ``self.modes``; asks the camera (see
        :meth:`camera_modes`)."""
        rows: dict[str, str] = {}
        for text in self.camera_modes(probe):
            rows.setdefault(mode_label(text, self.lang), text)
        self.modes = [(text, label) for label, text in rows.items()]
        return self.modes

    def camera_settings(self):
        """vision.sources.CameraSettings of the chosen mode (size, pixel format, fps),
        or None when none is chosen (the reference 4K mode, or ``--size`` flags)."""
        parsed = parse_mode(self.settings.camera_mode)
        if parsed is None:
            return None
        from vision.sources import CameraSettings

        w, h, fourcc, fps = parsed
        return CameraSettings((w, h), fourcc or None, fps or None)

    def apply_camera_mode(self, keep_flags: bool = False) -> None:
        """Make the chosen mode the one every camera is opened (and reopened) in,
        through play.camera.use_camera_settings; no choice leaves it as it is.
        keep_flags (app start): a mode given by ``companion app --size/--fourcc/--fps``
        wins over the saved one."""
        chosen = self.camera_settings()
        if chosen is not None:
            from play import camera
            from vision.sources import REFERENCE

            now = camera.DEFAULT_CAMERA_SETTINGS
            if keep_flags and now is not None and (now.size, now.fourcc, now.fps) != (
                    REFERENCE.size, REFERENCE.fourcc, REFERENCE.fps):
                return

            camera.use_camera_settings(chosen)

    def mode_report(self, granted=None) -> str:
        """"Asked: ... / The camera gives: ..." in players' words; ``granted``: the
        open camera's vision.sources.CameraMode (session.camera_mode) or None."""
        asked = self.settings.camera_mode
        text = i18n.tr("set.mode_asked", self.lang,
                       mode=mode_label(asked, self.lang) if asked else i18n.tr("set.mode_default", self.lang))
        if granted is not None and getattr(granted, "width", 0):
            text += "\n" + i18n.tr("set.mode_granted", self.lang, mode=mode_label(str(granted), self.lang))
        return text
