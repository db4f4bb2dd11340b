"""Rendered frames against their ground truth: what zxing-cpp decodes must be where
the truth says, and the hand hides what the truth says it hides."""

import numpy as np
import pytest
import zxingcpp

from tools.render.camera import make_camera
from tools.render.effects import Effects, Hand
from tools.render.parts import Placed, TagSpec
from tools.render.scene import SceneRenderer


@pytest.fixture(scope="module")
def renderer():
    return SceneRenderer(make_camera("1080p", tilt_deg=25, k1=-0.05))


def _cards():
    items = []
    k = 0
    for x in np.linspace(-380, 380, 5):
        for y in np.linspace(-220, 190, 3):
            k += 1
            # a 21-module QR of 46 mm: 2.2 mm modules, >= 3 px per module at 1080p here
            items.append(Placed(f"war-A{k}", "story", "table", None, float(x), float(y),
                                (37 * k) % 360, (60.0, 90.0),
                                tag=TagSpec("qr", 46.0, text=f"TC1:PP:S:WAR-A{k}", offset_mm=(0, -15)),
                                colour=(180, 200, 230)))
    return items


def _corners(b):
    p = b.position
    return np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                     [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]], float)


def test_decoded_tags_lie_at_the_true_corners(renderer):
    frame = renderer.render(_cards())
    truth = {t.key: t for t in frame.tags}
    assert len(truth) == 15 and min(t.px_per_module for t in truth.values()) >= 3.0
    found = zxingcpp.read_barcodes(frame.image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert {b.text for b in found} == set(truth)          # all of them, nothing else
    for b in found:
        t = truth[b.text]
        err = np.abs(_corners(b) - np.array(t.corners_px)).max()
        assert err <= 1.0 * t.px_per_module, (b.text, err)


def test_rendering_is_deterministic_per_seed(renderer):
    fx = Effects(glare_spots=2, noise_sigma=2.0, jpeg_quality=85)
    a = renderer.render(_cards(), effects=fx, rng=np.random.default_rng(11))
    b = renderer.render(_cards(), effects=fx, rng=np.random.default_rng(11))
    c = renderer.render(_cards(), effects=fx, rng=np.random.default_rng(12))
    assert np.array_equal(a.image, b.image) and not np.array_equal(a.image, c.image)
    assert [t.glare for t in a.tags] == [t.glare for t in b.tags]


def test_the_hand_hides_what_the_truth_says(renderer):
    items = _cards()
    target = items[7]                                    # the middle card
    tip = target.tag_corners_mm().mean(axis=0) + [0.0, -70.0]   # palm over the tag
    hand = Hand(entry_mm=(float(tip[0]), 700.0), tip_mm=(float(tip[0]), float(tip[1])), width_mm=90)
    frame = renderer.render(items, hand=hand)
    truth = {t.component: t for t in frame.tags}
    hidden = {c for c, t in truth.items() if t.visible < 0.3}
    assert target.component in hidden
    # the truth's visible fraction is the share of the symbol outside the hand mask
    for t in frame.tags:
        c = np.array(t.corners_px).mean(0).astype(int)
        if frame.hand_mask[c[1], c[0]]:
            assert t.visible < 0.9
    decoded = {b.text for b in zxingcpp.read_barcodes(frame.image)}
    keys = {t.component: t.key for t in frame.tags}
    assert not any(keys[c] in decoded for c in hidden)   # nothing hidden is read
    seen = {c for c, t in truth.items() if t.visible >= 0.99}
    assert {keys[c] for c in seen} <= decoded            # everything seen whole is read


def test_a_piece_on_top_hides_the_tag_below(renderer):
    base = _cards()[0]
    cover = Placed("red1", "reporter", "table", None, *base.tag_corners_mm().mean(0), 0.0,
                   (30.0, 30.0), layer=5, colour=(50, 50, 200))
    frame = renderer.render([base, cover])
    t = next(t for t in frame.tags if t.component == base.component)
    # 30x30 mm of the 46x46 mm symbol is covered
    assert t.visible == pytest.approx(1 - (30 * 30) / (46 * 46), abs=0.06)
