"""QR decoding as real photos need it (issue 11; ../shared/bugcases/large-modules-
noise-sharpen): large noisy codes, the reason a found tag was not read, pyzbar with
codes turned 45 degrees. Every case is built here (tools.render.synth + OpenCV effects)
except the bugcase's own photo crop."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import cv2
import numpy as np
import pytest
import zxingcpp

from shared_data import shared_dir
from tools.render import synth
from vision.decode import Decoder, preps_for, to_gray

TEXTS = synth.payloads(60)
CROP = "large-modules-noise-sharpen/city-d3-20.8px-crop.jpg"


def plain_zxing(gray) -> set[str]:
    """What a plain zxing-cpp call (its default options) reads."""
    return {r.text for r in zxingcpp.read_barcodes(gray, formats=[zxingcpp.QRCodeModel2]) if r.valid}


@functools.lru_cache(maxsize=16)
def noisy_tag(k: int, mpx: float, noise: float, angle: float, blur: float = 1.0):
    """One code at ``mpx`` px per module on a table, camera blur and sensor noise."""
    W = int(max(480, 33 * mpx * 1.15))
    img = synth.table_background(W, W, k)
    synth.place_tag(img, TEXTS[k], (W / 2, W / 2), mpx, angle)
    img = cv2.GaussianBlur(img, (0, 0), blur)
    img = np.clip(img + np.random.default_rng(k).normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), TEXTS[k]


def test_bugcase_large_modules_noise_sharpen_scan_reads_the_photo():
    """bugcases/large-modules-noise-sharpen: `companion scan` (default --prep
    sharpen) read nothing, with no candidate, where plain zxing-cpp reads the tag."""
    crop = str(shared_dir() / "bugcases" / CROP)
    out = subprocess.run([sys.executable, "-m", "companion.cli", "scan", crop], capture_output=True,
                         text=True, timeout=120)
    d = json.loads(out.stdout.splitlines()[0])
    assert [s["text"] for s in d["symbols"] if s["format"] == "QRCode"] == ["TC1:PP:S:CITY-D3"]
    assert plain_zxing(cv2.imread(crop, 0)) == {"TC1:PP:S:CITY-D3"}


@pytest.mark.parametrize("backend", ["zxing", "pyzbar"])
def test_large_noisy_codes_read_whatever_plain_zxing_reads(backend):
    """24 and 40 px per module, sensor noise 4-6 grey levels (the bugcase's sweep
    kind, rebuilt here): the product reads at least what plain zxing-cpp does."""
    missed = []
    for k, (mpx, noise) in enumerate([(24, 4), (40, 4), (24, 6), (40, 6), (16, 6)]):
        img, text = noisy_tag(k, mpx, noise, angle=(k * 13) % 40 - 20)
        got = {s.text for s in Decoder(backend, aruco=False).decode(img)}
        plain = plain_zxing(to_gray(img))
        assert text in plain  # the case is readable
        missed += sorted(plain - got)
    assert missed == []


def test_pyzbar_reads_codes_turned_45_degrees():
    """pyzbar with the default sharpening lost large codes turned 45 degrees (16+ px
    per module, noise 4): 0 of 4 before; the region is now read downscaled."""
    for k, mpx in enumerate((16, 24, 32, 12)):
        img, text = noisy_tag(k + 20, mpx, 4, angle=45 + k)
        assert text in {s.text for s in Decoder("pyzbar", aruco=False).decode(img)}, mpx


def test_preprocessing_is_chosen_by_module_size():
    assert preps_for(2.2)[0] == "deblur_up2" and "sharpen_up3" in preps_for(2.2)
    assert preps_for(5.0) == ("sharpen", "none")
    assert preps_for(20.0) == ("down", "plain")  # never sharpen a large noisy code


# ------------------------------------------------------------------ reasons

def _motion(img, length, angle):
    length = max(3, int(length))
    k = np.zeros((length, length), np.float32)
    k[length // 2, :] = 1
    M = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle, 1)
    k = cv2.warpAffine(k, M, (length, length))
    return cv2.filter2D(img, -1, k / k.sum())


def reason_case(kind: str, k: int):
    """A card with one code, spoiled in one way: a lamp's reflection next to a
    finder pattern (glare), a hand over one finder corner (covered), focus blur
    (0.6-0.7 modules) or motion blur (~2 modules) (blurred). ``"covered"``: the hand
    hides a finder and a third of the data, more than the error correction restores;
    ``"finder"``: it hides one finder corner and little else (the rescue draws that
    finder back and reads the code)."""
    rng = np.random.default_rng(1000 + k)
    mp = rng.uniform(4, 8)
    W = 640
    img = synth.table_background(W, W, k)
    t = synth.place_tag(img, TEXTS[k], (W / 2 + rng.uniform(-40, 40), W / 2 + rng.uniform(-40, 40)), mp,
                        rng.uniform(0, 360))
    c = t.corners_px
    if kind == "glare":
        centre = c.mean(0) * 0.5 + c[int(rng.integers(0, 4))] * 0.5
        g = np.zeros((W, W), np.float32)
        cv2.circle(g, (int(centre[0]), int(centre[1])), int(mp * rng.uniform(5, 7)), 1.0, -1)
        img = np.clip(img + cv2.GaussianBlur(g, (0, 0), mp)[..., None] * 400, 0, 255).astype(np.uint8)
    elif kind in ("covered", "finder"):
        corner = c[[0, 1, 3][k % 3]]
        cv2.ellipse(img, (int(corner[0]), int(corner[1])), (int(mp * 10), int(mp * 7)), rng.uniform(0, 180),
                    0, 360, (120, 150, 205), -1)
        if kind == "covered":   # and a finger over the middle of the symbol
            mid = c.mean(0)
            cv2.circle(img, (int(mid[0]), int(mid[1])), int(0.3 * np.linalg.norm(c[1] - c[0])),
                       (120, 150, 205), -1)
    if kind == "blurred":
        img = cv2.GaussianBlur(img, (0, 0), mp * rng.uniform(0.6, 0.7))
    elif kind == "motion":
        img = _motion(cv2.GaussianBlur(img, (0, 0), 0.6), mp * rng.uniform(1.8, 2.2), rng.uniform(0, 180))
    else:
        img = cv2.GaussianBlur(img, (0, 0), 0.6)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    return img, t


@pytest.mark.parametrize("kind,reason,n", [("glare", "glare", 8), ("covered", "covered", 8),
                                           ("blurred", "blurred", 8), ("motion", "blurred", 20)])
def test_a_found_but_unread_tag_says_why(kind, reason, n):
    """Before: glare and blur gave "unreadable" or nothing; a covered finder gave
    "unreadable". Every candidate of these cases now carries its own reason. (Motion:
    20 cases, since the rescue region that holds a turned code's fourth corner reads
    the one found-but-unread case of the first 12; case 19 is still found, not read.)"""
    reasons, read = [], 0
    for k in range(n):
        img, t = reason_case(kind, k)
        res = Decoder(aruco=False).decode_full(img)
        read += t.text in {s.text for s in res.symbols}
        reasons += [c.reason for c in res.candidates]
    assert reasons and set(reasons) == {reason}, reasons
    assert len(reasons) >= (1 if kind == "motion" else n - 2)  # found, not read


def test_a_code_with_one_finder_under_a_hand_is_read(monkeypatch):
    """A hand over one finder corner and little else (issue 10: on whole tables a
    story whose tag a hand half covers left the reporters on it without their
    story). The two finders seen put the third; it is drawn back and the code's
    error correction restores the few data modules under the hand."""
    import vision.decode as vd

    cases = [reason_case("finder", k) for k in range(8)]
    assert all(t.text in {s.text for s in Decoder(aruco=False).decode(img)} for img, t in cases)
    # only the finder drawn back reads them (the other steps of the rescue do not)
    monkeypatch.setattr(vd.Decoder, "_third_finder_read", lambda self, *a: [])
    assert not any(t.text in {s.text for s in Decoder(aruco=False).decode(img)} for img, t in cases)


def test_too_small_is_named_when_the_rescue_is_off():
    frame, _ = synth.compose(640, 360, TEXTS[:6], module_px=1.7, seed=1, blur_sigma=0.8, jpeg_quality=None)
    res = Decoder(prep="none", rescue=False, aruco=False).decode_full(frame)
    assert res.candidates and {c.reason for c in res.candidates} == {"too small"}


def test_sharp_clean_codes_are_not_called_blurred_or_glare():
    """The reasons' thresholds leave sharp codes alone: with one finder hidden a
    sharp code is "covered", never "blurred"/"glare"."""
    for k in range(6):
        img, t = reason_case("covered", k + 30)
        res = Decoder(aruco=False).decode_full(img)
        assert all(c.reason == "covered" for c in res.candidates)
