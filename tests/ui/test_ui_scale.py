"""The app's layout scale (ui.app.layout_scale): a larger window at the same density
draws everything larger by the geometric mean of its sides over 1280x800 (portrait:
800x1280), so a text or a target keeps its share of the screen; never smaller than
the device's own dp (a target stays >= 48 dp of the real density)."""

from __future__ import annotations

import pytest

from ui.app import REFERENCE_DP, SCALE_STEP, layout_scale


def test_the_reference_window_and_its_portrait_turn_draw_at_the_device_dp():
    assert layout_scale((1280, 800), 1.0) == 1.0
    assert layout_scale((800, 1280), 1.0) == 1.0
    assert layout_scale((2560, 1600), 2.0) == 1.0  # the same tablet at density 2


def test_a_2048x1536_window_at_density_1_keeps_the_share_of_a_1280x800_one():
    s = layout_scale((2048, 1536), 1.0)
    share_ref = 1 / (1280 * 800)  # a 1 dp^2 target's share of the window's area
    share_big = s * s / (2048 * 1536)
    assert share_big == pytest.approx(share_ref, rel=SCALE_STEP)  # rounded to the step
    assert s == layout_scale((1536, 2048), 1.0)  # turning the tablet changes nothing


def test_a_larger_density_counts_the_window_in_its_own_dp():
    # 2048x1536 px at density 2 is 1024x768 dp: smaller than the reference, not scaled
    assert layout_scale((2048, 1536), 2.0) == 1.0
    assert layout_scale((4096, 3072), 2.0) == layout_scale((2048, 1536), 1.0)


@pytest.mark.parametrize("size", [(640, 400), (800, 1280), (1000, 700), (1366, 768), (3840, 2160), (1, 1)])
def test_never_under_the_device_dp_and_on_the_step(size):
    s = layout_scale(size, 1.0)
    assert s >= 1.0
    assert abs(s / SCALE_STEP - round(s / SCALE_STEP)) < 1e-9
    w, h = size
    rw, rh = REFERENCE_DP if w >= h else REFERENCE_DP[::-1]
    if w / rw * h / rh > 1.2:
        assert s > 1.0  # clearly larger than the reference: drawn larger
