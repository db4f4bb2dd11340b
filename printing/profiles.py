"""Printer profiles and the printer config (python-escpos capabilities).

- :func:`canonical_profile`, :func:`profile_media`, :func:`profile_page`: a
  python-escpos profile's printable width, and the page width in dots a paper
  width (58 or 80 mm) gets on it (384 / 576, or narrower: 512 on the TM-T88).
- The one darkness scale (:data:`DARKNESS_MIN` .. :data:`DARKNESS_MAX`,
  :data:`DARKNESS_WORDS`).
- :class:`PrinterConfig` and its JSON file: :func:`config_path`,
  :func:`load_config`, :func:`save_config`.
- :func:`is_impact`: dot-matrix profiles (no print density).

Raises :class:`PrinterConfigError` for a config or profile that cannot work.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from companion.clitext import number, os_error, tx
from companion.errors import CompanionError

from .files import atomic_write

APP = "table-companion"
CONFIG_NAME = "printer.json"
DEFAULT_PROFILES = {58: "POS-5890", 80: "TM-T20II"}
WIDTHS = {58: 384, 80: 576}
#: The narrowest page the layouts draw (dots; the 58 mm page).
MIN_PAGE_DOTS = 384
#: Serial flow control (``flow`` in the config, or the end of a ``serial:`` target):
#: the printer's XON/XOFF bytes, its RTS/CTS lines, or none (pyserial's xonxoff/rtscts).
FLOW_CONTROLS = ("xonxoff", "rtscts", "none")
#: The narrowest print (mm) that takes an 80 mm page: an 80 mm roll prints about 72 mm,
#: a 58 mm roll at most 48..57.5 mm, the 42-column and impact 80 mm profiles 63..68 mm.
MIN_80_PRINT_MM = 60.0


def canonical_profile(name: str) -> str:
    """The python-escpos profile name ``name`` stands for, matched without regard to
    case or surrounding spaces (``"tm-t88v"`` -> ``"TM-T88V"``); ``""`` stays ``""``
    (the default profile). Raises PrinterConfigError, listing the known names, for
    a name that is no profile."""
    from escpos.capabilities import CAPABILITIES

    if not isinstance(name, str):
        raise PrinterConfigError(tx("printer.profile_name", "profile={value}: a python-escpos profile name",
                                    value=repr(name)))
    key = name.strip()
    if not key or key in CAPABILITIES["profiles"]:
        return key
    for known in CAPABILITIES["profiles"]:
        if known.casefold() == key.casefold():
            return known
    raise PrinterConfigError(tx("printer.profile_unknown", "profile {name} is not a python-escpos profile; "
                                "known: {known}", name=repr(name), known=", ".join(sorted(CAPABILITIES["profiles"]))))


def profile_media(profile: str) -> tuple[int | None, float | None, float | None]:
    """``(pixels, dpi, mm)`` of a python-escpos profile's ``media`` (printable width
    in dots, head resolution in dots per inch, width in mm); each None where the
    profile does not give a number. Raises PrinterConfigError for an unknown profile."""
    from escpos.capabilities import CAPABILITIES

    if profile not in CAPABILITIES["profiles"]:
        raise PrinterConfigError(tx("printer.profile_unknown", "profile {name} is not a python-escpos profile; "
                                    "known: {known}", name=repr(profile),
                                    known=", ".join(sorted(CAPABILITIES["profiles"]))))
    media = CAPABILITIES["profiles"][profile].get("media", {}) or {}
    width = media.get("width", {}) or {}

    def num(v):
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 else None

    px = width.get("pixels")
    return (px if isinstance(px, int) and px > 0 else None), num(media.get("dpi")), num(width.get("mm"))


def profile_page(paper_mm: int, profile: str) -> tuple[int, float]:
    """``(dots, print_mm)``: the page width in dots for ``paper_mm`` (58 or 80) paper on
    a printer of python-escpos ``profile``, and how wide that prints in mm.

    The page is the paper's (384 dots for 58 mm, 576 for 80 mm) unless the profile's
    printable width (media pixels) is narrower: then the profile's width, down to a
    whole byte (the TM-T88II..V: 512 dots at 180 dpi, 72 mm). mm from the profile's
    dpi, else from its pixels and mm, else 203 dpi. Raises PrinterConfigError when the
    page cannot fit: fewer than :data:`MIN_PAGE_DOTS` dots, or an 80 mm page on a
    printer printing under :data:`MIN_80_PRINT_MM` mm (a 58 mm printer)."""
    page = WIDTHS[paper_mm]
    px, dpi, mm = profile_media(profile)
    dots = page if px is None or px >= page else px // 8 * 8
    if dpi is None:
        dpi = px / mm * 25.4 if px and mm else 203.0
    print_mm = dots / dpi * 25.4
    if dots < MIN_PAGE_DOTS:
        raise PrinterConfigError(tx("printer.profile_narrow", "profile {profile} prints {px} dots wide; a page "
                                    "needs at least {min}: choose the profile of your printer model",
                                    profile=profile, px=px, min=MIN_PAGE_DOTS))
    if paper_mm == 80 and print_mm < MIN_80_PRINT_MM:
        raise PrinterConfigError(tx("printer.profile_58", "profile {profile} prints {px} dots wide ({mm} mm), too "
                                    "narrow for an 80 mm page: choose 58 mm paper or an 80 mm profile",
                                    profile=profile, px=px, mm=number(print_mm, 0)))
    return dots, print_mm


class PrinterConfigError(CompanionError):
    """A printer config or target that cannot work (bad value, unknown profile,
    missing driver library). Not retried: fix the config and print again."""



#: The one darkness scale (app, CLI, config file, docs): the printer's print-density
#: steps of ESC/POS ``GS ( K`` function 49, -6 (lightest) .. +6 (darkest), 0 = normal
#: density; ``None`` = send nothing, the printer keeps its own setting.
DARKNESS_MIN, DARKNESS_MAX = -6, 6
#: The named steps, the same words everywhere (the app's three choices; the CLI and
#: the config file take the words or any step of the scale).
DARKNESS_WORDS = {"light": -3, "normal": 0, "dark": 3}


def darkness_value(value) -> int | None:
    """A darkness setting as its step on the scale: ``None`` (the printer's own), an
    int or numeric text ``-6..6`` (``"+2"``), or a word of :data:`DARKNESS_WORDS`.
    Raises PrinterConfigError saying what is accepted."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)
                         and DARKNESS_MIN <= value <= DARKNESS_MAX):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in DARKNESS_WORDS:
            return DARKNESS_WORDS[text]
        if text in ("null", "none", "printer"):
            return None
        if re.fullmatch(r"[+-]?[0-9]+", text) and DARKNESS_MIN <= int(text) <= DARKNESS_MAX:
            return int(text)
    words = ", ".join(f"{w} ({n:+d})" if n else f"{w} (0)" for w, n in DARKNESS_WORDS.items())
    raise PrinterConfigError(tx("printer.darkness", "darkness={value}: use {words}, a step from {lo} (lightest) "
                                "to +{hi} (darkest), or null (the printer's own)", value=repr(value), words=words,
                                lo=DARKNESS_MIN, hi=DARKNESS_MAX))


def darkness_word(value: int | None) -> str:
    """How a darkness step is said: ``"dark"`` for a named step, ``"+2"`` for another,
    ``"printer's own"`` for None (English; the app words them in its language)."""
    if value is None:
        return "printer's own"
    named = {n: w for w, n in DARKNESS_WORDS.items()}
    return named.get(value, f"{value:+d}")


@dataclass
class PrinterConfig:
    """Per-printer settings, stored as JSON (see :func:`config_path`).

    - ``paper_mm``: 58 or 80 -> raster width 384 or 576 dots, or the profile's
      printable width where narrower (:attr:`width_dots`, :func:`profile_page`:
      512 dots on the 180 dpi TM-T88II..V). ``width`` is the same setting
      (:data:`ALIASES`; `companion demo` / `print` ``--width``).
    - ``profile``: a python-escpos profile name (escpos.capabilities), "" = the
      default for the paper (POS-5890 for 58 mm, TM-T20II for 80 mm).
    - ``darkness``: a step of the one darkness scale (:data:`DARKNESS_MIN` ..
      :data:`DARKNESS_MAX`, -6..+6; the words light -3, normal 0, dark +3 are
      accepted), sent as ``GS ( K`` print density, or None to leave the printer's own
      setting (many cheap printers ignore it).
    - ``cut``: "auto" (cut if the profile has a cutter), "full", "partial", "none".
    - ``feed_lines``: lines fed after the page so it clears the cutter/tear bar (0..20).
    - ``band_height``: raster rows per ``GS v 0`` command (8..2400, multiple of 8).
    - ``timeout_s``: how long a printer may take no byte of the job (network, USB,
      serial: a serial printer holding XOFF or CTS longer than this keeps the job
      queued) and how long it has to answer a status query after the job.
    - ``close_wait_s``: how long a network printer has, once the whole job reached it,
      to confirm it read it: it closes its side of the connection (or answers a
      status query after the job). Neither -> PrinterUnavailable, the job stays
      queued. ``0``: no confirmation asked, every byte acknowledged counts as
      printed (a printer that keeps its connections open and answers no status).
    - ``flow``: serial flow control, ``xonxoff`` (default), ``rtscts`` or ``none``
      (:data:`FLOW_CONTROLS`); a ``serial:DEV:BAUD:FLOW`` target overrides it.
    - ``paper_check``: ESC/POS real-time status (``DLE EOT 4`` paper sensor, then
      ``DLE EOT 2`` cover open / stopped at paper end) before the job and again once
      it was sent (network, USB, serial). Out of paper or cover open ->
      PrinterUnavailable, the job stays queued. ``None`` (default) = ask only when the
      profile's printer implements the queries (:func:`answers_status`: Epson and
      Citizen profiles); ``True`` / ``False`` = always / never. A printer that does
      not answer within ``status_timeout_s`` is printed to anyway; an answer that is
      not an ESC/POS status byte is "status not understood", read as no answer
      (never a paper or cover fault: printing.status). A printer that answered
      before the job must answer again after it (within ``timeout_s``; a network
      printer may close its side instead), else the job stays queued.
    """

    paper_mm: int = 58
    profile: str = ""
    darkness: int | None = None
    cut: str = "auto"
    feed_lines: int = 4
    band_height: int = 256
    timeout_s: float = 10.0
    close_wait_s: float = 10.0
    paper_check: bool | None = None
    status_timeout_s: float = 0.5
    flow: str = "xonxoff"

    def __post_init__(self):
        if isinstance(self.darkness, str):  # a word of the scale: "dark" is +3
            self.darkness = darkness_value(self.darkness)
        self.profile = canonical_profile(self.profile)  # "tm-t88v" is saved as "TM-T88V"
        if isinstance(self.flow, str):  # "XonXoff" is saved as "xonxoff"
            self.flow = self.flow.strip().lower()
        self.validate()

    @property
    def width_dots(self) -> int:
        """The page (and ESC/POS raster) width in dots: the paper's, or the profile's
        printable width where narrower (:func:`profile_page`)."""
        return profile_page(self.paper_mm, self.profile_name)[0]

    @property
    def profile_name(self) -> str:
        return self.profile or DEFAULT_PROFILES[self.paper_mm]

    def validate(self) -> "PrinterConfig":
        """Raise :class:`PrinterConfigError` naming the bad field."""
        if self.paper_mm not in WIDTHS:
            raise PrinterConfigError(tx("printer.paper_mm", "paper_mm={value}: use 58 or 80",
                                        value=repr(self.paper_mm)))
        profile_page(self.paper_mm, self.profile_name)  # raises for a page that cannot fit
        darkness_value(self.darkness)  # raises, saying the scale
        if self.darkness is not None and is_impact(self.profile_name):
            raise PrinterConfigError(tx(
                "printer.darkness_impact", "darkness={value}: the {profile} is an impact (dot-matrix) printer: it "
                "has no print-density command (GS ( K sets a thermal head), its darkness is the ribbon's; set "
                "darkness=null", value=repr(self.darkness), profile=self.profile_name))
        if self.cut not in ("auto", "full", "partial", "none"):
            raise PrinterConfigError(tx("printer.cut", "cut={value}: use auto, full, partial or none",
                                        value=repr(self.cut)))
        if not (isinstance(self.feed_lines, int) and 0 <= self.feed_lines <= 20):
            raise PrinterConfigError(tx("printer.feed_lines", "feed_lines={value}: use 0..20",
                                        value=repr(self.feed_lines)))
        if not (isinstance(self.band_height, int) and 8 <= self.band_height <= 2400
                and self.band_height % 8 == 0):
            raise PrinterConfigError(tx("printer.band_height", "band_height={value}: 8..2400, multiple of 8",
                                        value=repr(self.band_height)))
        for name in ("timeout_s", "close_wait_s", "status_timeout_s"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise PrinterConfigError(tx("printer.seconds", "{name}={value}: a number of seconds", name=name,
                                            value=repr(v)))
        if not (self.timeout_s > 0 and self.close_wait_s >= 0 and self.status_timeout_s > 0):
            raise PrinterConfigError(tx("printer.timeouts", "timeout_s and status_timeout_s must be > 0, "
                                        "close_wait_s >= 0"))
        if self.flow not in FLOW_CONTROLS:
            raise PrinterConfigError(tx("printer.flow", "flow={value}: use {flows} (serial flow control: the "
                                        "printer's XON/XOFF bytes, its RTS/CTS lines, or none)",
                                        value=repr(self.flow), flows=", ".join(FLOW_CONTROLS)))
        if self.paper_check is not None and not isinstance(self.paper_check, bool):
            raise PrinterConfigError(tx("printer.paper_check", "paper_check={value}: use true, false or null",
                                        value=repr(self.paper_check)))
        return self


#: Other spellings of a setting, accepted wherever a setting is named (the config
#: file, `companion printer-config KEY=VALUE`): ``width`` is ``paper_mm``, the paper
#: width in mm that `companion demo` and `companion print` take as ``--width``. The
#: file is saved with the setting's name alone.
ALIASES = {"width": "paper_mm"}


def setting_names(data: dict, where: str = "") -> dict:
    """``data`` (setting -> value) with every alias of :data:`ALIASES` under its
    setting's name. Raises PrinterConfigError when a setting is given twice, under
    its name and an alias, with two values (``where``: the file or command named)."""
    out = dict(data)
    for alias, name in ALIASES.items():
        if alias in out:
            value = out.pop(alias)
            if name in out and out[name] != value:
                said = tx("printer.alias_twice", "{alias}={value} and {name}={other}: {alias} and {name} are "
                          "one setting (the paper width in mm); give it once", alias=alias, value=repr(value),
                          name=name, other=repr(out[name]))
                raise PrinterConfigError(f"{where}: {said}" if where else said)
            out[name] = value
    return out


def config_path() -> Path:
    """``<user config dir>/table-companion/printer.json`` (platformdirs)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP)) / CONFIG_NAME


def load_config(path: str | os.PathLike | None = None, *, required: bool = False,
                **overrides) -> PrinterConfig:
    """Read the printer config (defaults when the file is absent), then apply
    ``overrides`` whose value is not None. Raises PrinterConfigError naming the file
    for bad JSON or unknown keys, and with ``required`` (a ``--config`` given on a
    command line that only reads it) for a ``path`` that is not there: a file named
    by hand and missing is a typo, never the defaults in silence."""
    p = Path(path) if path else config_path()
    if required and path and not p.exists():
        raise PrinterConfigError(tx("printer.config_missing", "{path}: no such printer config file (without "
                                    "--config the saved settings are used; `companion printer-config --config "
                                    "FILE KEY=VALUE` writes one)", path=p))
    data: dict = {}
    text = ""
    if p.exists():
        try:
            text = p.read_text("utf-8")
            data = json.loads(text)
        except (OSError, ValueError) as exc:
            from companion.datafile import data_fault, json_problem

            where = f"{p}:{exc.lineno}" if isinstance(exc, json.JSONDecodeError) else str(p)
            why = (tx("printer.json_problem", "{problem}, column {column}", problem=json_problem(exc),
                      column=exc.colno) if isinstance(exc, json.JSONDecodeError) else data_fault(exc))
            raise PrinterConfigError(tx("printer.config_unreadable", "{where}: not a readable JSON printer config "
                                        "({why}); fix it, or run `companion printer-config --reset` for the "
                                        "defaults", where=where, why=why)) from None
        if not isinstance(data, dict):
            raise PrinterConfigError(tx("printer.config_object", "{where}: expected a JSON object", where=f"{p}:1"))
        known = {f.name for f in fields(PrinterConfig)}
        bad = sorted(set(data) - known - set(ALIASES))
        if bad:
            raise PrinterConfigError(tx("printer.config_unknown", "{where}: unknown keys: {bad}; known: {known}",
                                        where=_where(p, text, bad[0]), bad=", ".join(bad),
                                        known=", ".join(sorted(known))))
        data = setting_names(data, str(p))  # "width" (by hand) is paper_mm
    data.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return PrinterConfig(**data)
    except (PrinterConfigError, TypeError, ValueError) as exc:
        import re

        why = str(exc) if isinstance(exc, PrinterConfigError) else tx("printer.wrong_type", "a value of the "
                                                                          "wrong type")
        key = (re.match(r"[a-z_]+", str(exc)) or re.match("", "")).group(0)
        from_file = key in data and key not in {k for k, v in overrides.items() if v is not None}
        raise PrinterConfigError(f"{_where(p, text, key) if from_file else p}: {why}") from None


def _where(p: Path, text: str, key: str) -> str:
    """``path:line`` of ``"key"`` in the config's text (``path`` alone if not found)."""
    needle = json.dumps(key)
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return f"{p}:{i}"
    return str(p)


def save_config(cfg: PrinterConfig, path: str | os.PathLike | None = None) -> Path:
    """Write ``cfg`` as indented JSON (atomically) and return the path.

    Raises PrinterConfigError naming the file when it cannot be written."""
    p = Path(path) if path else config_path()
    text = json.dumps(asdict(cfg.validate()), indent=2) + "\n"
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(p, text.encode("utf-8"), fsync=False)
    except OSError as exc:
        raise PrinterConfigError(tx("printer.cannot_save", "{path}: cannot save the printer settings: {why}",
                                    path=p, why=os_error(exc))) from None
    return p


def is_impact(profile: str) -> bool:
    """Whether python-escpos describes ``profile`` as an impact (dot-matrix) printer
    (its profile notes: TM-U220, TM-U220B, SP2000): no thermal print density."""
    from escpos.capabilities import CAPABILITIES

    return "impact" in str(CAPABILITIES["profiles"].get(profile, {}).get("notes", "")).lower()
