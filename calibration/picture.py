"""What a picture shows as a whole, before any tag is read: nothing (dark or uniform)
or the table mirrored. Shared by ``companion calibrate table`` (calibration.check)
and the camera loop (vision.sources, vision.pipeline), so that both call the same
picture the same thing.

- :func:`picture_dark`: a picture too dark to read (the light off, a lens cap, a
  camera's exposure still settling after it opened) or all one grey level.
- :func:`reads_mirrored`: the rule that calls a picture mirrored from the ArUco
  markers read in it as it is and flipped left-right. QR codes cannot tell: both
  readers (zxing-cpp, ZBar) read a mirrored QR code, zxing-cpp as its transpose, with
  nothing in its result to say so; ArUco markers are chiral, and a mirrored one is
  read only when its mirror image happens to be a marker of the dictionary too (2
  of the 16 fiducials and 1 of the 25 piece markers of the first bundled
  table).
"""

from __future__ import annotations

import numpy as np

#: a picture whose brightest 1 % is darker than this grey level (0-255) is dark:
#: measured on the bundled recordings' tables dimmed step by step (benchmarks/
#: reliability/camera.py, kind "dark"), every tag is read down to 45 (paper at a
#: fifth of its light) and the pieces' ArUco markers start to go at 39 (1 of 41),
#: 34 (3), 23 (38 of 41): below this the table would be read with its pieces gone
DARK_LEVEL = 48
#: a picture whose grey levels span less than this from its darkest 1 % to its
#: brightest 1 % is uniform (a lens cap, a sheet over the lens, an exposure still
#: settling to white); a table spans 130-150
UNIFORM_SPREAD = 16
#: the share of the picture a uniform picture's spread is read at besides 1 %: one
#: 120 px tag in a 4K frame is 0.17 % of it
UNIFORM_TAIL = 0.001
#: known markers (fiducials and piece markers) the picture flipped left-right must
#: read at least, and how many times as many as it reads as it is, to be mirrored
MIRROR_MIN_MARKERS = 4
MIRROR_RATIO = 3


#: the grid of samples is averaged over this many samples square before the levels
#: are read: sensor noise (a camera whose gain is turned up in the dark gives grey
#: levels +-20 and more around black) is not light; the table's paper, its dark
#: prints and a lens cap's black are larger than this (5 samples: 1.6 % of the
#: picture's width)
LEVEL_AVERAGE = 5


def picture_levels(image: np.ndarray, tail: float = 0.01) -> tuple[int, int]:
    """``(darkest, brightest)``: the grey levels (0-255) of the darkest and the
    brightest ``tail`` (1 %) of a grey, BGR or BGRA ``uint8`` picture, read on a grid of about
    50,000 of its pixels averaged over :data:`LEVEL_AVERAGE` samples square (sensor
    noise averaged out; under a millisecond at 4K)."""
    import cv2

    h, w = image.shape[:2]
    step = max(1, int(np.sqrt(h * w / 50_000.0)))
    sample = np.ascontiguousarray(image[::step, ::step])
    if sample.ndim == 3 and sample.shape[2] in (3, 4):
        sample = cv2.cvtColor(sample, cv2.COLOR_BGRA2GRAY if sample.shape[2] == 4 else cv2.COLOR_BGR2GRAY)
    elif sample.ndim == 3:
        sample = np.ascontiguousarray(sample[..., 0])
    sample = cv2.blur(sample, (LEVEL_AVERAGE, LEVEL_AVERAGE))
    hist = np.cumsum(cv2.calcHist([sample], [0], None, [256], [0, 256]).ravel())
    return int(np.searchsorted(hist, tail * hist[-1])), int(np.searchsorted(hist, (1 - tail) * hist[-1]))


def picture_dark(image: np.ndarray) -> str | None:
    """Why a picture shows nothing to read, in words, or None when it shows something.

    ``"dark (...)"``: its brightest 1 % is darker than :data:`DARK_LEVEL` (the
    light off, a lens cap, an exposure still settling after the camera opened);
    ``"uniform (...)"``: its grey levels from the darkest 1 % to the brightest 1 %
    span less than :data:`UNIFORM_SPREAD` (all one colour: black, white or grey).
    image: as :func:`picture_levels`. Either is the kind "dark" for the players:
    nothing on it is read, and a camera giving it is not frozen.
    """
    lo, hi = picture_levels(image)
    if hi < DARK_LEVEL:
        return f"dark (the brightest part at grey {hi} of 255)"
    if hi - lo < UNIFORM_SPREAD:
        # a few small tags on a plain cloth are less than 1 % of the picture: the
        # picture is uniform only when its darkest and brightest UNIFORM_TAIL agree too
        lo, hi = picture_levels(image, UNIFORM_TAIL)
    if hi - lo < UNIFORM_SPREAD:
        return f"uniform (all at grey {lo}-{hi} of 255)"
    return None


def reads_mirrored(as_is: int, flipped: int) -> bool:
    """Whether a picture is mirrored: ``flipped`` known ArUco markers (a game's
    fiducials and piece markers, distinct ids) read in it flipped left-right, at
    least :data:`MIRROR_MIN_MARKERS` and :data:`MIRROR_RATIO` times the ``as_is``
    read in it as it is. (A picture as it is reads its markers; flipped, only those
    whose mirror image is a marker too, about 1 in 14.)"""
    return flipped >= MIRROR_MIN_MARKERS and flipped >= MIRROR_RATIO * as_is
