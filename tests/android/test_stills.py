"""The stream + still interface: registration of a still onto the stream, the desktop
fake camera whose stills are larger than its stream, and the pipeline reading the
stills (a synthetic table and a bundled recording played to its scores)."""

import tempfile
from pathlib import Path

import numpy as np
import pytest

from vision.android.stills import (FakeStillCamera, Still, StillDecoder, StillReader, StillRegistration)
from play.stills import play_with_stills
from vision.decode import Candidate, DecodeResult, Decoder, Symbol
from vision.pipeline import Pipeline
from vision.sources import SourceError


def test_a_4_3_still_maps_onto_a_16_9_stream_by_its_middle_rows():
    reg = StillRegistration.centred((4000, 3000), (1920, 1080))
    assert reg.crop == (0.0, 375.0, 4000.0, 2625.0)
    assert reg.scale == pytest.approx((0.48, 0.48))
    pts = np.array([[0, 375], [4000, 2625], [2000, 1500]], np.float32)
    assert reg.to_stream(pts) == pytest.approx(np.array([[0, 0], [1920, 1080], [960, 540]]))
    assert reg.to_still(reg.to_stream(pts)) == pytest.approx(pts, abs=1e-3)
    # a wider still than the stream: its middle columns
    assert StillRegistration.centred((4000, 1800), (1280, 720)).crop == (400.0, 0.0, 3600.0, 1800.0)
    with pytest.raises(SourceError):
        StillRegistration((100, 100), (50, 50), (0, 0, 120, 100))


def test_a_still_result_in_stream_px_leaves_out_what_the_stream_never_shows():
    reg = StillRegistration.centred((4000, 3000), (1920, 1080))
    quad = lambda x, y: np.array([[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]], np.float32)  # noqa: E731
    res = DecodeResult([Symbol("QRCode", "in", quad(1000, 1000), "zxing"),
                        Symbol("QRCode", "above", quad(1000, 100), "zxing")],
                       [Candidate(quad(2000, 2000), 5.0, "blurred")], 0, [Candidate(quad(3000, 2900), 4.0, "unreadable")])
    out = reg.map_result(res)
    assert [s.text for s in out.symbols] == ["in"]
    assert out.symbols[0].corners_px[0] == pytest.approx([480, (1000 - 375) * 0.48])
    assert out.candidates[0].px_per_module == pytest.approx(2.4)
    assert out.retry == []


def _frames(n, w=640, h=480):
    rng = np.random.default_rng(1)
    return [rng.integers(0, 255, (h, w, 3), np.uint8) for _ in range(n)]


def test_the_fake_camera_streams_small_and_answers_a_request_with_the_full_frame():
    frames = _frames(4)
    cam = FakeStillCamera(frames, stream_width=320)
    f0 = cam.read()
    assert f0.image.shape == (240, 320, 3) and cam.stream_size == (320, 240)
    assert cam.take_still() is None
    req = cam.request_still()
    assert req == 1 and cam.take_still() is None  # not before the next frame
    cam.read()
    s = cam.take_still()
    assert isinstance(s, Still) and s.request == 1 and s.image.shape == (480, 640, 3)
    assert np.array_equal(s.image, frames[1])
    assert cam.take_still() is None
    assert cam.registration().scale == pytest.approx((0.5, 0.5))


def test_the_fake_camera_cuts_another_aspect_ratio_and_waits_longer_when_asked():
    cam = FakeStillCamera(_frames(5), stream_width=320, stream_aspect=(16, 9), still_delay=2)
    assert cam.read().image.shape == (180, 320, 3)
    cam.request_still()
    cam.read()
    assert cam.take_still() is None
    cam.read()
    assert cam.take_still().image.shape == (480, 640, 3)
    assert cam.registration().crop == (0.0, 60.0, 640.0, 420.0)


def test_paused_the_fake_camera_refuses_stills_and_forgets_those_asked():
    cam = FakeStillCamera(_frames(4), stream_width=320)
    cam.read()
    cam.request_still()
    cam.pause()
    assert cam.request_still() == 0 and cam.status == "paused"
    cam.resume()
    cam.read()
    assert cam.take_still() is None and cam.status == "resumed"


def test_a_stream_not_smaller_than_the_frames_is_refused():
    cam = FakeStillCamera(_frames(1), stream_width=1280)
    with pytest.raises(SourceError):
        cam.read()


def _qr_table(n=6, module_px=2, size=(3200, 1800)):
    """A grey table with ``n`` QR codes of ``module_px`` px per module (readable at
    full size, not at a 1280 px stream's 0.8)."""
    import cv2
    import segno

    img = np.full((size[1], size[0], 3), 150, np.uint8)
    texts = [f"TC-STILL-{i}" for i in range(n)]
    for i, t in enumerate(texts):
        q = np.array(segno.make(t, error="m", micro=False).matrix, np.uint8)
        q = np.pad(q, 4)
        tile = cv2.resize(((1 - q) * 255).astype(np.uint8), None, fx=module_px, fy=module_px,
                          interpolation=cv2.INTER_NEAREST)
        x, y = 200 + (i % 3) * 900, 300 + (i // 3) * 800
        img[y:y + tile.shape[0], x:x + tile.shape[1]] = tile[..., None]
    return img, texts


def test_the_reader_reads_tags_from_the_still_that_the_stream_cannot():
    table, texts = _qr_table()
    # the stream alone: nothing read
    plain = FakeStillCamera([table] * 4, stream_width=1280)
    pipe = Pipeline()
    seen_plain = set()
    for f in plain:
        seen_plain |= {s.symbol.text for s in pipe.process(f)[1].symbols}
    assert not seen_plain & set(texts)
    # with stills: read, and placed in stream px where the tags are
    cam = FakeStillCamera([table] * 4, stream_width=1280)
    reader = StillReader(Pipeline(), cam)
    seen = {}
    for f in cam:
        for s in reader.process(f.image, f.t)[1].symbols:
            seen[s.symbol.text] = s.symbol
    assert set(texts) <= set(seen)
    assert reader.requested == 1 and reader.read == 1 and reader.dropped == 0
    first = seen["TC-STILL-0"].corners_px.min(axis=0)
    assert first == pytest.approx([(200 + 4 * 2) * 0.4, (300 + 4 * 2) * 0.4], abs=3)
    assert isinstance(reader.decoder, StillDecoder) and reader.decoder.stills_read == 1


def test_a_still_asked_for_before_motion_is_dropped_and_asked_again_when_it_stops():
    table, texts = _qr_table(n=3)
    hand = table.copy()
    hand[200:1600, 100:1500] = (60, 90, 160)
    frames = [table, hand, hand, hand, hand, hand]
    cam = FakeStillCamera(frames, stream_width=1280, still_delay=2)
    reader = StillReader(Pipeline(), cam)
    for f in cam:
        reader.process(f.image, f.t)
    assert reader.dropped == 1          # the still of the moment the hand came in
    assert reader.requested == 2 and reader.read == 1


def test_the_still_decoder_only_reads_the_still_for_a_whole_stream_frame():
    table, texts = _qr_table(n=1)
    reg = StillRegistration.centred((3200, 1800), (1280, 720))
    dec = StillDecoder.like(Decoder())
    small = np.full((720, 1280), 150, np.uint8)
    dec.arm(table, reg)
    assert dec.decode_full(small, (0, 0, 100, 100)).symbols == []  # a region: the stream
    assert [s.text for s in dec.decode_full(small).symbols] == texts
    assert dec.decode_full(small).symbols == []  # once only
    with pytest.raises(SourceError):
        dec.arm(small, reg)


def test_a_bundled_recording_played_with_stills_keeps_its_scores():
    """scoop-4p as a tablet sees it: a 1920 px stream, the recording's frames as stills."""
    from play import recordings
    from play.demo import load_recording

    rec = load_recording(recordings.recording_dir("scoop-4p"))
    with tempfile.TemporaryDirectory() as d:
        res, reader = play_with_stills(rec, Path(d), stream_width=1920, progress=False, echo=lambda *_a: None,
                                       warn=lambda *_a: None, queue=Path(d) / "q")
    assert res.matches_truth
    assert reader.read >= 10 and reader.source.stream_size == (1920, 1080)
    assert reader.source.still_size == (2560, 1440)
