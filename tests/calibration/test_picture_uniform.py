"""calibration.picture.picture_dark on plain tables: a few small tags on a plain cloth
(under 1 % of the picture) are something to read, while a picture all of one grey,
noisy or not, is 'uniform' and a dark one 'dark'."""

import numpy as np
import pytest

from calibration.picture import picture_dark


def _cloth(grey=150, noise=0.0, seed=1, size=(2160, 3840)):
    rng = np.random.default_rng(seed)
    img = np.full(size, grey, np.float32) + rng.normal(0, noise, size) if noise else np.full(size, grey, np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("tags,side", [(1, 120), (3, 90), (6, 60)])
def test_a_few_small_tags_on_a_plain_cloth_are_read(tags, side):
    img = _cloth()
    for i in range(tags):
        x, y = 300 + i * 500, 400 + (i % 2) * 900
        img[y:y + side, x:x + side] = 0
        img[y + side // 4:y + 3 * side // 4, x + side // 4:x + 3 * side // 4] = 255
    assert (img != 150).mean() < 0.01
    assert picture_dark(img) is None


@pytest.mark.parametrize("grey,noise", [(150, 0), (150, 3), (230, 2), (90, 4)])
def test_one_grey_all_over_is_uniform(grey, noise):
    assert picture_dark(_cloth(grey, noise)).startswith("uniform")


def test_a_black_noisy_picture_is_dark():
    assert picture_dark(_cloth(10, 8)).startswith("dark")
