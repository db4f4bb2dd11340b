"""From a 1-bit page to ESC/POS bytes (python-escpos's Dummy printer).

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
"""

from __future__ import annotations

from PIL import Image

from .profiles import PrinterConfig, PrinterConfigError


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
