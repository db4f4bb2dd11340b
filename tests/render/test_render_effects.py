"""Image effects: seeded, bounded, each doing what its name says."""

import numpy as np
import pytest

from tools.render.effects import (CLEAN, Effects, Hand, apply_effects, defocus, draw_hand,
                                   glare_field, jpeg, motion_blur, sensor_noise)


def _checker(h=120, w=160):
    yy, xx = np.mgrid[0:h, 0:w]
    img = (((yy // 8) + (xx // 8)) % 2 * 200 + 30).astype(np.uint8)
    return np.dstack([img] * 3)


def test_same_seed_same_frame_other_seed_other_frame():
    fx = Effects(glare_spots=2, glare_radius_px=15, motion_px=3, noise_sigma=3, jpeg_quality=80)
    a = apply_effects(_checker(), fx, np.random.default_rng(3))
    b = apply_effects(_checker(), fx, np.random.default_rng(3))
    c = apply_effects(_checker(), fx, np.random.default_rng(4))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_clean_changes_nothing():
    img = _checker()
    assert np.array_equal(apply_effects(img, CLEAN, np.random.default_rng(0)), img)


def test_glare_saturates_its_core():
    g = glare_field((100, 100), np.random.default_rng(1), 1, 12.0)
    img = np.full((100, 100, 3), 90, np.uint8)
    out = apply_effects(img, Effects(light_gradient=0, vignette=0, defocus_sigma=0,
                                     noise_sigma=0, jpeg_quality=None), np.random.default_rng(0),
                        glare=g)
    assert (out[g >= 255] == 255).all() and (g >= 255).sum() > 20
    assert (out[g < 1] == 90).all()


def test_blur_and_noise_and_jpeg_change_the_image_within_bounds():
    img = _checker()
    assert defocus(img, 1.5).std() < img.std()
    assert motion_blur(img, 7, 30).std() < img.std()
    noisy = sensor_noise(img, np.random.default_rng(0), 4.0)
    assert 2.0 < np.abs(noisy.astype(int) - img).mean() < 8.0
    assert jpeg(img, None) is img
    assert np.abs(jpeg(noisy, 50).astype(int) - noisy).mean() > 1.0   # noise is what JPEG drops


def test_bad_effect_parameters_are_refused():
    with pytest.raises(ValueError, match="jpeg_quality"):
        Effects(jpeg_quality=0)
    with pytest.raises(ValueError, match="noise_sigma"):
        Effects(noise_sigma=-1)


def test_hand_paints_only_inside_its_mask():
    img = np.full((200, 300, 3), 50, np.uint8)
    hand = Hand(entry_mm=(150.0, 260.0), tip_mm=(150.0, 60.0), width_mm=40.0)
    poly = hand.polygon_mm()   # identity "camera": mm = px here
    before = img.copy()
    mask = draw_hand(img, poly, hand.tone, np.random.default_rng(0))
    changed = np.any(img != before, axis=2)
    assert mask.sum() > 0 and not changed[mask == 0].any()
    assert changed[mask > 0].mean() > 0.95
    assert mask[60:80, 140:160].any() and not mask[10:40, :].any()   # reaches the tip only
