"""From a 1-bit page to ESC/POS bytes, and out to a printer (python-escpos).

Bytes (:func:`escpos_bytes`), collected in python-escpos's Dummy printer with the
configured profile (escpos.capabilities); the raster bands are byte for byte those
of python-escpos's ``image(impl="bitImageRaster")`` (a test checks it) but built
straight from the 1-bit page, about 30 times faster:

    ESC @                      initialise
    GS ( K 02 00 31 m          print density, only when ``darkness`` is set
    GS v 0 0 xL xH yL yH data  the raster, in bands of ``band_height`` rows
    ESC d n                    feed ``feed_lines`` lines (the cutter sits above the head)
    GS V 0 | GS V 1            full or partial cut, only if the profile has a cutter

python-escpos's own ``cut()`` always feeds 6 lines and, on profiles without a cutter
(POS-5890, ZJ-5870, ...), sends no cut at all; we feed the configured lines ourselves
and send the cut command only when the profile says the printer has one.

Targets (:func:`parse_target`): ``preview`` (a PNG of the very raster sent),
``file:PATH``, ``tcp://host[:9100]`` (escpos.printer.Network), ``usb:VID:PID`` (hex;
needs pyusb), ``serial:/dev/ttyUSB0[:baud]`` (needs pyserial).
"""

from __future__ import annotations

import json
import os
import re
import socket
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from PIL import Image

from companion.errors import CompanionError

APP = "table-companion"
CONFIG_NAME = "printer.json"
DEFAULT_PROFILES = {58: "POS-5890", 80: "TM-T20II"}
WIDTHS = {58: 384, 80: 576}
#: The narrowest page the layouts draw (dots; the 58 mm page).
MIN_PAGE_DOTS = 384
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
        raise PrinterConfigError(f"profile={name!r}: a python-escpos profile name")
    key = name.strip()
    if not key or key in CAPABILITIES["profiles"]:
        return key
    for known in CAPABILITIES["profiles"]:
        if known.casefold() == key.casefold():
            return known
    raise PrinterConfigError(
        f"profile {name!r} is not a python-escpos profile; known: "
        + ", ".join(sorted(CAPABILITIES["profiles"])))


def profile_media(profile: str) -> tuple[int | None, float | None, float | None]:
    """``(pixels, dpi, mm)`` of a python-escpos profile's ``media`` (printable width
    in dots, head resolution in dots per inch, width in mm); each None where the
    profile does not give a number. Raises PrinterConfigError for an unknown profile."""
    from escpos.capabilities import CAPABILITIES

    if profile not in CAPABILITIES["profiles"]:
        raise PrinterConfigError(
            f"profile {profile!r} is not a python-escpos profile; known: "
            + ", ".join(sorted(CAPABILITIES["profiles"])))
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
        raise PrinterConfigError(
            f"profile {profile} prints {px} dots wide; a page needs at least {MIN_PAGE_DOTS}: "
            f"choose the profile of your printer model")
    if paper_mm == 80 and print_mm < MIN_80_PRINT_MM:
        raise PrinterConfigError(
            f"profile {profile} prints {px} dots wide ({print_mm:.0f} mm), too narrow for an "
            f"80 mm page: choose 58 mm paper or an 80 mm profile")
    return dots, print_mm


class PrinterConfigError(CompanionError):
    """A printer config or target that cannot work (bad value, unknown profile,
    missing driver library). Not retried: fix the config and print again."""


class PrinterPermissionError(PrinterConfigError):
    """The printer is there but this user may not open it (device permissions). Not
    retried as if it were off: the message names the fix (udev rule / group)."""


class PrinterUnavailable(CompanionError):
    """The printer is off, refused the connection, is busy (timed out) or dropped the
    connection before the whole job was sent. The job stays queued and is retried."""


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
    raise PrinterConfigError(f"darkness={value!r}: use {words}, a step from {DARKNESS_MIN} "
                             f"(lightest) to +{DARKNESS_MAX} (darkest), or null (the printer's own)")


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
      512 dots on the 180 dpi TM-T88II..V).
    - ``profile``: a python-escpos profile name (escpos.capabilities), "" = the
      default for the paper (POS-5890 for 58 mm, TM-T20II for 80 mm).
    - ``darkness``: a step of the one darkness scale (:data:`DARKNESS_MIN` ..
      :data:`DARKNESS_MAX`, -6..+6; the words light -3, normal 0, dark +3 are
      accepted), sent as ``GS ( K`` print density, or None to leave the printer's own
      setting (many cheap printers ignore it).
    - ``cut``: "auto" (cut if the profile has a cutter), "full", "partial", "none".
    - ``feed_lines``: lines fed after the page so it clears the cutter/tear bar (0..20).
    - ``band_height``: raster rows per ``GS v 0`` command (8..2400, multiple of 8).
    - ``timeout_s``: network/serial timeout in seconds; ``close_wait_s``: how long to
      wait for the printer to close its side after the job (network).
    - ``paper_check``: ESC/POS real-time status (``DLE EOT 4`` paper sensor, then
      ``DLE EOT 2`` cover open / stopped at paper end) before the job and again once
      it was sent (network, USB, serial). Out of paper or cover open ->
      PrinterUnavailable, the job stays queued. ``None`` (default) = ask only when the
      profile's printer implements the queries (:func:`answers_status`: Epson and
      Citizen profiles); ``True`` / ``False`` = always / never. A printer that does
      not answer within ``status_timeout_s`` is printed to anyway (and then counts
      as printed once every byte was taken).
    """

    paper_mm: int = 58
    profile: str = ""
    darkness: int | None = None
    cut: str = "auto"
    feed_lines: int = 4
    band_height: int = 256
    timeout_s: float = 10.0
    close_wait_s: float = 2.0
    paper_check: bool | None = None
    status_timeout_s: float = 0.5

    def __post_init__(self):
        if isinstance(self.darkness, str):  # a word of the scale: "dark" is +3
            self.darkness = darkness_value(self.darkness)
        self.profile = canonical_profile(self.profile)  # "tm-t88v" is saved as "TM-T88V"
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
            raise PrinterConfigError(f"paper_mm={self.paper_mm!r}: use 58 or 80")
        profile_page(self.paper_mm, self.profile_name)  # raises for a page that cannot fit
        darkness_value(self.darkness)  # raises, saying the scale
        if self.darkness is not None and is_impact(self.profile_name):
            raise PrinterConfigError(
                f"darkness={self.darkness!r}: the {self.profile_name} is an impact (dot-matrix) "
                "printer: it has no print-density command (GS ( K sets a thermal head), its "
                "darkness is the ribbon's; set darkness=null")
        if self.cut not in ("auto", "full", "partial", "none"):
            raise PrinterConfigError(f"cut={self.cut!r}: use auto, full, partial or none")
        if not (isinstance(self.feed_lines, int) and 0 <= self.feed_lines <= 20):
            raise PrinterConfigError(f"feed_lines={self.feed_lines!r}: use 0..20")
        if not (isinstance(self.band_height, int) and 8 <= self.band_height <= 2400
                and self.band_height % 8 == 0):
            raise PrinterConfigError(f"band_height={self.band_height!r}: 8..2400, multiple of 8")
        for name in ("timeout_s", "close_wait_s", "status_timeout_s"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise PrinterConfigError(f"{name}={v!r}: a number of seconds")
        if not (self.timeout_s > 0 and self.close_wait_s >= 0 and self.status_timeout_s > 0):
            raise PrinterConfigError("timeout_s and status_timeout_s must be > 0, "
                                     "close_wait_s >= 0")
        if self.paper_check is not None and not isinstance(self.paper_check, bool):
            raise PrinterConfigError(f"paper_check={self.paper_check!r}: use true, false or null")
        return self


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
        from companion.clitext import tx

        raise PrinterConfigError(tx("printer.config_missing", "{path}: no such printer config file (without "
                                    "--config the saved settings are used; `companion printer-config --config "
                                    "FILE KEY=VALUE` writes one)", path=p))
    data: dict = {}
    text = ""
    if p.exists():
        try:
            text = p.read_text("utf-8")
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PrinterConfigError(f"{p}:{exc.lineno}: not a readable JSON printer config ({exc.msg}, "
                                     f"column {exc.colno}); fix it, or run `companion printer-config "
                                     "--reset` for the defaults") from None
        except (OSError, ValueError) as exc:
            raise PrinterConfigError(f"{p}: not a readable JSON printer config ({exc}); fix it, or run "
                                     "`companion printer-config --reset` for the defaults") from None
        if not isinstance(data, dict):
            raise PrinterConfigError(f"{p}:1: expected a JSON object")
        known = {f.name for f in fields(PrinterConfig)}
        bad = sorted(set(data) - known)
        if bad:
            raise PrinterConfigError(f"{_where(p, text, bad[0])}: unknown keys {bad}; known: {sorted(known)}")
    data.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return PrinterConfig(**data)
    except (PrinterConfigError, TypeError, ValueError) as exc:
        import re

        why = str(exc) if isinstance(exc, PrinterConfigError) else f"a value of the wrong type ({exc})"
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
        raise PrinterConfigError(f"{p}: cannot save the printer settings: {exc.strerror or exc}") from None
    return p


# --- bytes ---------------------------------------------------------------------

def raster_size(img: Image.Image) -> int:
    """Bytes of the bare 1-bit raster: ceil(width / 8) * height."""
    return (img.width + 7) // 8 * img.height


_INVERT = bytes(255 - i for i in range(256))


def image_mode(profile: str) -> str:
    """How a page is sent to a printer of ``profile`` (python-escpos capabilities):
    ``"bitImageRaster"`` (``GS v 0``) when the profile has it, else
    ``"bitImageColumn"`` (``ESC *``, e.g. the dot-matrix TM-U220). Raises
    PrinterConfigError for a profile that prints no images at all."""
    from escpos.capabilities import get_profile

    prof = get_profile(profile)
    if prof.supports("bitImageRaster"):
        return "bitImageRaster"
    if prof.supports("bitImageColumn"):
        return "bitImageColumn"
    raise PrinterConfigError(f"profile {profile} prints no images (neither raster nor column "
                             "mode); pages are images: choose the profile of your printer model")


def is_impact(profile: str) -> bool:
    """Whether python-escpos describes ``profile`` as an impact (dot-matrix) printer
    (its profile notes: TM-U220, TM-U220B, SP2000): no thermal print density."""
    from escpos.capabilities import CAPABILITIES

    return "impact" in str(CAPABILITIES["profiles"].get(profile, {}).get("notes", "")).lower()


#: python-escpos profile vendors whose printers answer ESC/POS real-time status
#: (DLE EOT n; Epson's ESC/POS reference, Citizen's command manual). Others (Star's
#: own command set, cheap clones that may print the query as text) are asked only
#: when ``paper_check`` is true.
STATUS_VENDORS = ("Epson", "Citizen")


def answers_status(cfg: PrinterConfig) -> bool:
    """Whether to ask the printer for its real-time status (see ``paper_check``)."""
    if cfg.paper_check is not None:
        return cfg.paper_check
    from escpos.capabilities import CAPABILITIES

    prof = CAPABILITIES["profiles"].get(cfg.profile_name, {})
    return prof.get("vendor") in STATUS_VENDORS and not prof.get("features", {}).get("starCommands")


def escpos_bytes(img: Image.Image, cfg: PrinterConfig) -> bytes:
    """The ESC/POS job for the 1-bit page ``img`` (mode "1", cfg.width_dots wide).

    Raster (``GS v 0``) bands, or python-escpos's column image mode (``ESC *``) for a
    profile without raster support (:func:`image_mode`).
    Raises PrinterConfigError if the image is not the paper's width. The size is the
    raster plus 8 bytes per band and a few bytes of set-up and cut (under 1% for a
    page; see benchmarks/bench_printing.py).
    """
    from escpos.constants import GS, PAPER_FULL_CUT, PAPER_PART_CUT
    from escpos.printer import Dummy

    if img.mode != "1":
        raise PrinterConfigError(f"page image must be mode '1' (1-bit), got {img.mode!r}")
    if img.width != cfg.width_dots:
        raise PrinterConfigError(f"page is {img.width} dots wide; the {cfg.paper_mm} mm "
                                 f"printer takes {cfg.width_dots}")
    p = Dummy(profile=cfg.profile_name)
    p._raw(b"\x1b@")
    if cfg.darkness is not None:
        p._raw(b"\x1d(K\x02\x00\x31" + bytes((cfg.darkness & 0xFF,)))
    mode_img = image_mode(cfg.profile_name)
    if mode_img == "bitImageColumn":
        # ESC * column image: python-escpos's own implementation (it splits pages
        # taller than 960 dots itself, on a stripe boundary). Stripes of 24 dots
        # (ESC * 33) only where the profile has highDensity; a 9-pin head (TM-U220)
        # gets 8-dot stripes (ESC * 1). Horizontal double density is kept: the
        # profile's media width (400 dots on a TM-U220) counts those columns.
        p.image(img, impl="bitImageColumn", high_density_horizontal=True,
                high_density_vertical=bool(p.profile.supports("highDensity")))
    else:
        # GS v 0 in bands, as python-escpos's image(impl="bitImageRaster") sends them,
        # built straight from the 1-bit raster: Pillow packs 8 dots per byte with 1 =
        # white, ESC/POS wants 1 = burn, so each byte is inverted (widths are
        # multiples of 8, so there are no padding bits).
        raster = img.tobytes().translate(_INVERT)
        wb, h = img.width // 8, img.height
        for top in range(0, h, cfg.band_height):
            rows = min(cfg.band_height, h - top)
            p._raw(GS + b"v0\x00" + p._int_low_high(wb, 2) + p._int_low_high(rows, 2)
                   + raster[top * wb:(top + rows) * wb])
    if cfg.feed_lines:
        p._raw(b"\x1bd" + bytes((cfg.feed_lines,)))
    mode = cfg.cut
    if mode == "auto":
        mode = "full" if p.profile.supports("paperFullCut") else (
            "partial" if p.profile.supports("paperPartCut") else "none")
    if mode == "full":
        p._raw(PAPER_FULL_CUT)
    elif mode == "partial":
        p._raw(PAPER_PART_CUT)
    return p.output


def page_path(folder: str | os.PathLike, name: str, suffix: str = ".png") -> Path:
    """``folder/<name><suffix>`` with ``name`` made a plain file name: a page's name
    comes from the game's name in a journal or record (someone else's file), so path
    separators, ``..``, NUL and control characters become ``_`` and it is cut to 120
    characters; the result is always directly inside ``folder``."""
    safe = "".join("_" if (c in '/\\:' or ord(c) < 32 or c == "\x7f") else c for c in str(name))
    safe = safe.strip().lstrip(".")[:120] or "page"
    return Path(folder) / f"{safe}{suffix}"


def _tmp_path(path: Path) -> Path:
    """``.<name>.<pid>.tmp`` beside ``path``: same folder (``os.replace`` stays one
    rename on one file system), hidden, and naming its writer for
    :func:`remove_stale_tmp`."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def atomic_write(path: str | os.PathLike, data: bytes, fsync: bool = True) -> Path:
    """Write ``data`` to ``path`` so that a reader (or a crash) sees the old file or
    the new one, never a part: a temporary file in the same folder, fsync, then
    ``os.replace`` (and a folder fsync). A failed write (disk full) removes its
    temporary file and raises the OSError."""
    p = Path(path)
    tmp = _tmp_path(p)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            if fsync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if fsync:
        fd = os.open(p.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return p


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def remove_stale_tmp(folder: str | os.PathLike) -> list[str]:
    """Delete the ``.<name>.<pid>.tmp`` files (of :func:`atomic_write`) in ``folder``
    whose process is gone: a write killed before its ``os.replace``, whose target is
    intact. Returns the names removed; never raises."""
    gone: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    for name in names:
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        pid = name[:-4].rsplit(".", 1)[-1]
        if pid.isdigit() and _pid_alive(int(pid)):
            continue
        try:
            os.unlink(os.path.join(folder, name))
            gone.append(name)
        except OSError:
            pass
    return sorted(gone)


def png_bytes(img: Image.Image) -> bytes:
    import io

    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def save_preview(img: Image.Image, path: str | os.PathLike) -> Path:
    """Write the page raster as a 1-bit PNG atomically (:func:`atomic_write`): the
    very pixels sent. Stale temporary files of killed writers in that folder are
    removed first."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_tmp(p.parent)
    return atomic_write(p, png_bytes(img), fsync=False)


# --- targets -------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """A parsed printer target: ``kind`` in preview, file, tcp, usb, serial."""

    kind: str
    path: str = ""
    host: str = ""
    port: int = 9100
    vid: int = 0
    pid: int = 0
    baud: int = 9600

    def __str__(self) -> str:
        return {"preview": "preview", "file": f"file:{self.path}",
                "tcp": f"tcp://{self.host}:{self.port}",
                "usb": f"usb:{self.vid:04x}:{self.pid:04x}",
                "serial": f"serial:{self.path}:{self.baud}"}[self.kind]


def parse_target(text: str) -> Target:
    """Parse ``preview | file:PATH | tcp://host[:port] | usb:VID:PID | serial:DEV[:baud]``.

    Raises PrinterConfigError with the accepted forms.
    """
    forms = ("preview, file:PATH, tcp://host:9100 (port 1-65535), usb:VID:PID (hex), "
             "serial:/dev/ttyUSB0[:baud]")
    t = (text or "").strip()
    try:
        if t == "preview":
            return Target("preview")
        if t.startswith("file:") and len(t) > 5:
            return Target("file", path=t[5:])
        if t.startswith("tcp://"):
            host, _, port = t[6:].rstrip("/").partition(":")
            number = int(port or 9100)
            if not host or not 1 <= number <= 65535:
                raise ValueError
            return Target("tcp", host=host, port=number)
        if t.startswith("usb:"):
            vid, pid = t[4:].split(":")
            return Target("usb", vid=int(vid, 16), pid=int(pid, 16))
        if t.startswith("serial:"):
            dev, _, baud = t[7:].partition(":")
            rate = int(baud or 9600)
            if not dev or rate <= 0:
                raise ValueError
            return Target("serial", path=dev, baud=rate)
    except ValueError:
        pass
    raise PrinterConfigError(f"printer target {text!r} not understood; use {forms}")


def check_target(target: Target) -> None:
    """Refuse, before any page is made, a target that can never work: a ``file:``
    path whose folder does not exist, is not a folder, or cannot be written (an
    existing file or device must be writable). A device under /dev that is not there
    (an unplugged USB printer), and network, USB and serial printers, may simply be
    off: they are not refused (their jobs wait in the queue).

    Raises PrinterConfigError naming the path.
    """
    if target.kind != "file":
        return
    path = Path(target.path)
    if path.is_dir():
        raise PrinterConfigError(f"printer file:{path}: is a folder; name a file (or a device)")
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise PrinterConfigError(f"printer file:{path}: {folder} is not a folder")
    if not folder.is_dir():
        if folder.resolve().parts[:2] == ("/", "dev"):
            return  # a device folder (/dev/usb) appears when the printer is plugged in
        raise PrinterConfigError(f"printer file:{path}: the folder {folder} does not exist")
    if not path.exists() and path.resolve().parts[:2] == ("/", "dev"):
        return  # an unplugged device: its job waits in the queue
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass  # opened for appending, as the printer will be: nothing is written
    except PermissionError:  # the same advice as when sending (udev rule / group)
        raise PrinterConfigError(permission_advice(target, kept=False)) from None
    except OSError as exc:
        raise PrinterConfigError(f"printer file:{path}: cannot be written ({exc.strerror or exc})") from None
    if not existed:  # made only to try: a command that fails later leaves no empty file behind
        path.unlink(missing_ok=True)


def _is_device(path: str) -> bool:
    import stat

    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def send(target: Target | str, payload: bytes, cfg: PrinterConfig) -> None:
    """Send the whole ``payload`` to ``target`` and close the connection.

    Returns only when every byte was handed over and the connection closed without
    error. Raises PrinterUnavailable (off, refused, busy/time-out, dropped midway:
    retry) or PrinterConfigError (bad target, missing pyusb/pyserial: do not retry).
    """
    t = parse_target(target) if isinstance(target, str) else target
    if t.kind == "preview":
        raise PrinterConfigError("preview is not a printer: write the PNG with save_preview")
    if t.kind == "tcp":
        _send_tcp(t, payload, cfg)
        return
    from escpos.exceptions import DeviceNotFoundError

    if t.kind == "file" and not _is_device(t.path):
        # a plain file collects every page sent to it (python-escpos' File would
        # start it afresh for each page); a device file such as /dev/usb/lp0 below
        try:
            with open(t.path, "ab") as f:
                f.write(payload)
        except PermissionError:
            raise PrinterPermissionError(permission_advice(t)) from None
        except OSError as exc:  # not there yet (a folder, a device to plug in): kept, retried
            raise PrinterUnavailable(f"{t}: {exc.strerror or exc}") from None
        return
    if t.kind == "file":
        from escpos.printer import File

        if not os.access(t.path, os.W_OK):
            raise PrinterPermissionError(permission_advice(t))
        printer = File(t.path, profile=cfg.profile_name)
    elif t.kind == "usb":
        from escpos.printer import Usb

        if not Usb.is_usable():
            raise PrinterConfigError("USB printing needs pyusb: pip install pyusb "
                                     "(and a udev rule giving you the device)")
        printer = Usb(t.vid, t.pid, timeout=int(cfg.timeout_s * 1000), profile=cfg.profile_name)
    else:
        from escpos.printer import Serial

        if not Serial.is_usable():
            raise PrinterConfigError("serial printing needs pyserial: pip install pyserial")
        if os.path.exists(t.path) and not os.access(t.path, os.R_OK | os.W_OK):
            raise PrinterPermissionError(permission_advice(t))
        printer = Serial(t.path, baudrate=t.baud, timeout=cfg.timeout_s,
                         profile=cfg.profile_name)
    try:
        printer.open()
        readable = t.kind in ("usb", "serial") and answers_status(cfg)
        answered = _check_status(printer, t, cfg, "before") if readable else False
        printer._raw(payload)
        if t.kind == "serial":
            printer.device.flush()  # returns once every byte left the port
        if answered:
            _check_status(printer, t, cfg, "after")
        printer.close()
    except PrinterUnavailable:
        _quiet_close(printer)
        raise
    except Exception as exc:  # escpos, OSError, pyusb/pyserial errors have their own classes
        _quiet_close(printer)
        if _is_permission(exc):
            raise PrinterPermissionError(permission_advice(t)) from None
        if isinstance(exc, DeviceNotFoundError):
            raise PrinterUnavailable(f"{t}: {exc}".replace("\n", " ")) from None
        if isinstance(exc, OSError):
            raise PrinterUnavailable(f"{t}: {exc}") from None
        raise PrinterUnavailable(f"{t}: {type(exc).__name__}: {exc}") from None


def _quiet_close(printer) -> None:
    try:
        printer.close()
    except Exception:
        pass


# --- permissions -----------------------------------------------------------------

def _is_permission(exc: BaseException) -> bool:
    """A permission problem, however the driver words it (errno 13, pyusb's "Access
    denied (insufficient permissions)", python-escpos wrapping either)."""
    if isinstance(exc, PermissionError) or getattr(exc, "errno", None) == 13:
        return True
    text = str(exc).lower()
    return any(w in text for w in ("permission denied", "access denied",
                                   "insufficient permissions", "errno 13"))


def _device_facts(path: str) -> tuple[str, str, int] | None:
    """``(owner, group, mode)`` of a device node, or None when it cannot be read."""
    import grp
    import pwd

    try:
        st = os.stat(path)
    except OSError:
        return None
    try:
        user = pwd.getpwuid(st.st_uid).pw_name
    except KeyError:
        user = str(st.st_uid)
    try:
        group = grp.getgrgid(st.st_gid).gr_name
    except KeyError:
        group = str(st.st_gid)
    return user, group, st.st_mode


def permission_advice(t: Target, kept: bool = True) -> str:
    """What a permission problem on ``t`` is and how to fix it (one line); ``kept``:
    say that the job waits in the queue (False when it was refused before queuing).

    USB (``usb:VID:PID``): a udev rule for that vendor/product id giving the ``lp``
    group access, and membership of ``lp``. Device files (``/dev/usb/lp0``) and
    serial ports (``/dev/ttyUSB0``): the device's owner, group and mode; when the
    group may write, join it, else the owner (root: a udev rule) must open it up.
    """
    import stat

    again = "; the job is kept: `companion print-queue --retry JOB` sends it then" if kept else ""
    if t.kind == "usb":
        return (f"{t}: permission denied: this user may not open the USB printer. Fix: a "
                f"udev rule, e.g. /etc/udev/rules.d/99-thermal-printer.rules with "
                f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{t.vid:04x}", '
                f'ATTRS{{idProduct}}=="{t.pid:04x}", MODE="0660", GROUP="lp"; then '
                "`sudo udevadm control --reload-rules`, replug the printer, "
                f"`sudo usermod -aG lp $USER` and log in again{again}")
    usual = "dialout" if t.kind == "serial" else "lp"
    facts = _device_facts(t.path)
    if facts is None:
        return (f"{t}: permission denied: this user may not open {t.path}. Fix: "
                f"`sudo usermod -aG {usual} $USER` and log in again{again}")
    user, group, mode = facts
    seen = f"{t.path} is {user}:{group} {stat.filemode(mode)}"
    if mode & stat.S_IWGRP and group != "root":
        fix = f"`sudo usermod -aG {group} $USER` and log in again"
    else:
        fix = (f"its owner ({user}) must let the {usual} group write to it: a udev rule "
               f'with GROUP="{usual}", MODE="0660" (or `sudo chgrp {usual} {t.path} && '
               f"sudo chmod g+rw {t.path}` until the next boot), then "
               f"`sudo usermod -aG {usual} $USER` and log in again")
    return f"{t}: permission denied: this user may not write to the printer ({seen}). Fix: {fix}{again}"


# --- real-time status (DLE EOT) ---------------------------------------------------

DLE_EOT_OFFLINE = b"\x10\x04\x02"  #: DLE EOT 2: offline cause (cover, paper end)
DLE_EOT_PAPER = b"\x10\x04\x04"    #: DLE EOT 4: paper roll sensor


def status_problem(paper: bytes | None, offline: bytes | None) -> str:
    """The printer's own reason not to print, from real-time status answers, or ""
    (ESC/POS DLE EOT: paper sensor bits 5-6 = paper end; offline cause bit 2 = cover
    open, bit 5 = stopped at paper end). ``None`` = not answered."""
    if offline and offline[0] & 0x04:
        return "cover open: close the printer's cover"
    if paper and paper[0] & 0x60 == 0x60:
        return "out of paper: load a paper roll"
    if offline and offline[0] & 0x20:
        return "out of paper: load a paper roll"
    return ""


def _ask(printer, query: bytes) -> bytes | None:
    """One real-time status query; ``None`` when the printer does not answer."""
    try:
        got = printer.query_status(query)
    except (TimeoutError, socket.timeout):
        return None
    except Exception as exc:  # pyusb/pyserial time-outs have their own classes
        if "timeout" in type(exc).__name__.lower() or "timed out" in str(exc).lower():
            return None
        raise
    return bytes(got[:1]) if got else None


def _check_status(printer, t: Target, cfg: PrinterConfig, when: str) -> bool:
    """Ask the paper sensor and the offline cause; raise PrinterUnavailable for paper
    out or cover open. Returns whether the printer answered at all."""
    paper = _ask(printer, DLE_EOT_PAPER)
    if paper is None:
        return False
    offline = _ask(printer, DLE_EOT_OFFLINE)
    why = status_problem(paper, offline)
    if why:
        if when == "after":
            why += " (during the job: it is kept and printed again whole)"
        raise PrinterUnavailable(f"{t}: {why}")
    return True


def _unsent_bytes(sock: socket.socket) -> int | None:
    """Bytes the peer has not acknowledged yet (Linux ``SIOCOUTQ``), or None where
    the kernel does not tell."""
    import fcntl
    import struct
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        raw = fcntl.ioctl(sock.fileno(), 0x5411, struct.pack("i", 0))  # SIOCOUTQ = TIOCOUTQ
    except OSError:
        return None
    return struct.unpack("i", raw)[0]


def _wait_taken(sock: socket.socket, t: Target, size: int, cfg: PrinterConfig,
                sleep=None) -> None:
    """Wait until the printer acknowledged every byte of the job (TCP ACKs, not just
    the kernel's send buffer). No progress for ``timeout_s`` -> PrinterUnavailable."""
    import time

    sleep = sleep or time.sleep
    last, since = _unsent_bytes(sock), time.monotonic()
    while last:
        sleep(0.02)
        err = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if err:  # a reset: the kernel's byte counters stay put, the error tells
            raise OSError(err, os.strerror(err))
        now = _unsent_bytes(sock)
        if now is None:
            return
        if now < last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > cfg.timeout_s:
            raise PrinterUnavailable(
                f"{t}: the printer stopped taking the job ({now:,} of {size:,} bytes never "
                f"reached it in {cfg.timeout_s:g} s): switched off, jammed or busy")
        last = now


def _send_tcp(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    from escpos.exceptions import DeviceNotFoundError
    from escpos.printer import Network

    printer = Network(t.host, t.port, timeout=cfg.timeout_s, profile=cfg.profile_name)
    try:
        printer.open()
    except DeviceNotFoundError as exc:
        detail = str(exc).splitlines()[-1].strip(" ()")
        raise PrinterUnavailable(f"{t}: printer off or refusing connections: {detail}") from None
    sock: socket.socket = printer.device
    try:
        answered = False
        if answers_status(cfg):
            sock.settimeout(cfg.status_timeout_s)
            answered = _check_status(printer, t, cfg, "before")
            sock.settimeout(cfg.timeout_s)
        printer._raw(payload)  # sendall: the bytes are in the kernel, not yet printed
        _wait_taken(sock, t, len(payload), cfg)  # every byte acknowledged by the printer
        if answered:
            sock.settimeout(cfg.status_timeout_s)
            _check_status(printer, t, cfg, "after")
        sock.shutdown(socket.SHUT_WR)  # tell the printer the job is complete
        _wait_taken(sock, t, len(payload), cfg)
        # A dropped connection shows up as a reset here; EOF or silence after every
        # byte was acknowledged means the printer has it.
        sock.settimeout(cfg.close_wait_s)
        try:
            while sock.recv(4096):
                pass
        except TimeoutError:
            pass
    except TimeoutError:
        raise PrinterUnavailable(f"{t}: printer busy (no progress for {cfg.timeout_s} s)") from None
    except OSError as exc:
        raise PrinterUnavailable(f"{t}: connection lost during the job ({exc})") from None
    finally:
        try:
            sock.close()
        finally:
            printer._device = False


# --- checking a printer (companion doctor) ----------------------------------------

def printer_status(target: Target | str, cfg: PrinterConfig) -> tuple[str, str]:
    """Check a printer without printing: ``(verdict, text)`` with verdict ``"ok"``,
    ``"warn"`` or ``"fail"`` and a plain sentence saying what was found and what to
    change. Network: connects (and asks the real-time status where the profile
    answers it); USB: the device is on the bus and may be opened; file/serial: the
    device exists and this user may write it. Sends no print data; never raises."""
    try:
        t = parse_target(target) if isinstance(target, str) else target
    except PrinterConfigError as exc:
        return "fail", str(exc)
    if t.kind == "preview":
        return "ok", "preview: pages are written as PNG files (no printer)"
    if t.kind == "tcp":
        try:
            sock = socket.create_connection((t.host, t.port), timeout=min(cfg.timeout_s, 3.0))
        except OSError as exc:
            return "fail", (f"{t}: no answer ({exc.strerror or exc}): switch the printer on, check its "
                            "network cable/Wi-Fi and its address (most print their IP on a self-test page)")
        try:
            if not answers_status(cfg):
                return "ok", f"{t}: reachable (profile {cfg.profile_name} is not asked for paper/cover status)"
            from escpos.printer import Network

            printer = Network(t.host, t.port, timeout=cfg.status_timeout_s, profile=cfg.profile_name)
            printer.device = sock
            sock.settimeout(cfg.status_timeout_s)
            try:
                answered = _check_status(printer, t, cfg, "before")
            except PrinterUnavailable as exc:
                return "fail", str(exc)
            if not answered:
                return "ok", f"{t}: reachable; it does not answer status queries (paper_check=false avoids them)"
            return "ok", f"{t}: reachable, paper loaded, cover closed"
        finally:
            sock.close()
    if t.kind == "usb":
        try:
            import usb.core
        except ImportError:
            return "fail", "USB printing needs pyusb: pip install pyusb"
        try:
            dev = usb.core.find(idVendor=t.vid, idProduct=t.pid)
        except Exception as exc:  # no libusb backend
            return "fail", f"{t}: cannot look at the USB bus ({exc}): install libusb-1.0"
        if dev is None:
            return "fail", f"{t}: not on the USB bus: plug the printer in and switch it on (lsusb lists it)"
        node = f"/dev/bus/usb/{dev.bus:03d}/{dev.address:03d}"
        if os.path.exists(node) and not os.access(node, os.R_OK | os.W_OK):
            return "fail", permission_advice(t)
        return "ok", f"{t}: on the USB bus ({node}), this user may open it"
    # file (device node) and serial
    if not os.path.exists(t.path):
        return "fail", f"{t}: {t.path} does not exist: plug the printer in (ls /dev/usb/ /dev/tty*)"
    if not os.access(t.path, os.W_OK):
        return "fail", permission_advice(t)
    what = "device" if _is_device(t.path) else "file (pages are collected in it)"
    return "ok", f"{t}: {what} present, this user may write it"
