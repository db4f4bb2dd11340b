"""ESC/POS bytes, printer config, targets and sending (printing.escpos_raster,
printing.profiles, printing.files, printing.transports)."""

import json
import math

import pytest
from PIL import Image, ImageDraw

from print_helpers import FakePrinter, decode, free_port, same_pixels, wait_for
from printing.escpos_raster import escpos_bytes, raster_size
from printing.files import save_preview
from printing.profiles import PrinterConfig, PrinterConfigError, load_config, save_config
from printing.transports import PrinterUnavailable, parse_target, send


def page(width, height=300):
    """A test raster with structure at the edges (catches off-by-one in bands)."""
    img = Image.new("1", (width, height), 255)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width - 1, height - 1], outline=0)
    d.line([0, 0, width - 1, height - 1], fill=0)
    d.text((10, 10), "ñ 1890", fill=0)
    return img


@pytest.mark.parametrize("mm,width", [(58, 384), (80, 576)])
def test_bytes_decode_back_to_the_preview(mm, width, tmp_path):
    img = page(width, 333)  # not a multiple of the band height
    cfg = PrinterConfig(paper_mm=mm, band_height=64)
    data = escpos_bytes(img, cfg)
    dec = decode(data)
    assert same_pixels(dec.image, img)
    assert dec.bands == math.ceil(333 / 64)
    assert dec.inits == 1 and dec.feeds == [cfg.feed_lines]
    # the preview file is the very raster
    png = save_preview(img, tmp_path / "p.png")
    assert same_pixels(Image.open(png), dec.image)
    assert len(data) <= raster_size(img) * 1.05


def test_cut_follows_the_profile():
    img = page(384)
    assert decode(escpos_bytes(img, PrinterConfig(paper_mm=58))).cuts == []  # POS-5890: no cutter
    assert decode(escpos_bytes(img, PrinterConfig(paper_mm=58, profile="RP-F10-58mm"))).cuts \
        == [("full",)]
    assert decode(escpos_bytes(page(576), PrinterConfig(paper_mm=80, cut="partial"))).cuts \
        == [("partial",)]
    assert decode(escpos_bytes(page(576), PrinterConfig(paper_mm=80, cut="none"))).cuts == []


def test_darkness_is_sent_only_when_set():
    img = page(384)
    assert decode(escpos_bytes(img, PrinterConfig())).density is None
    assert decode(escpos_bytes(img, PrinterConfig(darkness=-3))).density == -3
    assert decode(escpos_bytes(img, PrinterConfig(darkness=4))).density == 4


def test_wrong_width_or_mode_is_refused():
    with pytest.raises(PrinterConfigError, match="576"):
        escpos_bytes(page(384), PrinterConfig(paper_mm=80))
    with pytest.raises(PrinterConfigError, match="1-bit"):
        escpos_bytes(page(384).convert("L"), PrinterConfig())


@pytest.mark.parametrize("bad,match", [
    (dict(paper_mm=57), "58 or 80"),
    (dict(paper_mm=80, profile="POS-5890"), "384 dots"),
    (dict(profile="NoSuchPrinter"), "not a python-escpos profile"),
    (dict(darkness=9), "darkness"),
    (dict(cut="scissors"), "cut"),
    (dict(band_height=100), "band_height"),
])
def test_bad_config_values_are_named(bad, match):
    with pytest.raises(PrinterConfigError, match=match):
        PrinterConfig(**bad)


def test_config_file_roundtrip_and_errors(tmp_path):
    path = tmp_path / "printer.json"
    assert load_config(path) == PrinterConfig()  # absent: defaults
    save_config(PrinterConfig(paper_mm=80, darkness=2, cut="partial"), path)
    cfg = load_config(path, paper_mm=None, feed_lines=6)
    assert (cfg.paper_mm, cfg.darkness, cfg.cut, cfg.feed_lines) == (80, 2, "partial", 6)
    path.write_text(json.dumps({"paper": 58}))
    with pytest.raises(PrinterConfigError, match="unknown keys"):
        load_config(path)
    path.write_text("{not json")
    with pytest.raises(PrinterConfigError, match=str(path)):
        load_config(path)


def test_targets():
    assert parse_target("tcp://10.0.0.5").port == 9100
    t = parse_target("tcp://printer.local:9101")
    assert (t.kind, t.host, t.port) == ("tcp", "printer.local", 9101)
    assert (parse_target("usb:0416:5011").vid, parse_target("usb:0416:5011").pid) == (0x0416, 0x5011)
    s = parse_target("serial:/dev/ttyUSB0:19200")
    assert (s.path, s.baud) == ("/dev/ttyUSB0", 19200)
    assert parse_target("file:/tmp/x.bin").path == "/tmp/x.bin"
    for bad in ("", "lpt1", "tcp://", "usb:zz:1", "serial:", "file:"):
        with pytest.raises(PrinterConfigError, match="tcp://host:9100"):
            parse_target(bad)


def test_file_target_gets_every_byte(tmp_path):
    data = escpos_bytes(page(384), PrinterConfig())
    send(f"file:{tmp_path / 'out.bin'}", data, PrinterConfig())
    assert (tmp_path / "out.bin").read_bytes() == data
    send(f"file:{tmp_path / 'no' / 'dir' / 'out.bin'}", data, PrinterConfig())   # its folder made at the first page
    assert (tmp_path / "no" / "dir" / "out.bin").read_bytes() == data
    (tmp_path / "wall").write_text("a file where the folder should be")
    with pytest.raises(PrinterUnavailable):
        send(f"file:{tmp_path / 'wall' / 'out.bin'}", data, PrinterConfig())


def test_network_printer_receives_the_whole_job():
    img = page(576, 500)
    cfg = PrinterConfig(paper_mm=80)
    data = escpos_bytes(img, cfg)
    srv = FakePrinter()
    try:
        send(srv.target, data, cfg)
        assert wait_for(lambda: len(srv.complete) == 1)
        # the 80 mm default (TM-T20II, Epson) is asked for its paper sensor first;
        # this printer does not answer, so only that one query precedes the job
        assert srv.complete[0] == b"\x10\x04\x04" + data
        assert same_pixels(decode(srv.complete[0]).image, img)
    finally:
        srv.close()


def test_network_printer_off_dropping_or_busy_raises_unavailable():
    cfg = PrinterConfig(timeout_s=0.5, close_wait_s=0.5)
    data = escpos_bytes(page(384, 2000), cfg)  # ~96 kB, more than one socket buffer
    with pytest.raises(PrinterUnavailable, match="off or refusing"):
        send(f"tcp://127.0.0.1:{free_port()}", data, cfg)
    srv = FakePrinter(drop_first=1, drop_after=3000)
    try:
        with pytest.raises(PrinterUnavailable, match="connection lost"):
            send(srv.target, data, cfg)
    finally:
        srv.close()
    busy = FakePrinter(busy=True)
    try:
        big = data * 80  # a few MB: fills the socket buffers of a printer that never reads
        with pytest.raises(PrinterUnavailable, match="busy"):
            send(busy.target, big, cfg)
    finally:
        busy.close()


def test_usb_and_serial_without_driver_say_what_to_install():
    data = b"\x1b@"
    for target, lib in (("usb:0416:5011", "pyusb"), ("serial:/dev/ttyUSB9", "pyserial")):
        try:
            send(target, data, PrinterConfig(timeout_s=0.2))
        except PrinterConfigError as exc:
            assert lib in str(exc)
        except PrinterUnavailable:
            pass  # the library is installed and there is no such device: also fine
        else:
            pytest.fail("a missing device cannot succeed")


@pytest.mark.parametrize("mm", [58, 80])
def test_raster_bands_equal_python_escpos_own_image_command(mm):
    """Our fast GS v 0 bands are byte for byte what python-escpos's image() sends."""
    import contextlib
    import io

    from escpos.printer import Dummy

    cfg = PrinterConfig(paper_mm=mm, band_height=128, cut="none", feed_lines=0)
    img = page(cfg.width_dots, 300)
    ref = Dummy(profile=cfg.profile_name)
    ref._raw(b"\x1b@")
    with contextlib.redirect_stdout(io.StringIO()):
        ref.image(img, impl="bitImageRaster", fragment_height=128)
    assert escpos_bytes(img, cfg) == ref.output


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(mm=st.sampled_from([58, 80]), height=st.integers(1, 700),
       band=st.sampled_from([8, 24, 64, 256, 960]), seed=st.integers(0, 2**32 - 1))
def test_any_raster_survives_the_round_trip(mm, height, band, seed):
    import numpy as np

    cfg = PrinterConfig(paper_mm=mm, band_height=band)
    noise = np.random.default_rng(seed).integers(0, 2, (height, cfg.width_dots)) * 255
    img = Image.fromarray(noise.astype(np.uint8)).convert("1")
    data = escpos_bytes(img, cfg)
    dec = decode(data)
    assert same_pixels(dec.image, img)
    assert dec.bands == math.ceil(height / band)
    # init, band headers, feed, and GS V 0 when the profile has a cutter (80 mm default)
    assert len(data) - raster_size(img) == 2 + 8 * dec.bands + 3 + 3 * len(dec.cuts)


def test_a_file_printer_collects_every_page(tmp_path):
    """file:PATH appends: two pages sent give both payloads, in order."""
    from printing.profiles import PrinterConfig
    from printing.transports import send

    out = tmp_path / "out.bin"
    send(f"file:{out}", b"page-one", PrinterConfig())
    send(f"file:{out}", b"page-two", PrinterConfig())
    assert out.read_bytes() == b"page-onepage-two"
