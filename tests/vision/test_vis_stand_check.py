"""The stand check (calibration.stand_check, ``companion doctor --table-picture``):
from a still of the table, whether the camera is high and steep enough for the tags."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import cv2
import numpy as np
import pytest

from calibration.stand_check import CHECK, FIX, OK, STEEP_RATIO, judge, judge_picture
from calibration.synthetic import TILTED_HEIGHT_MM, reference_homography, render_view
from calibration.tags import tag_image

PP = "penny-press"


def _board(frame=(3840, 2160), tilt=27.5, height=TILTED_HEIGHT_MM, view_width_mm=1150):
    """A Penny Press board with a story, a headline card, a reporter and a story, as a
    camera ``height`` mm up at ``tilt`` degrees sees it (grey)."""
    items = [(tag_image(PP, "war-A1", 3.0), (131, 520)), (tag_image(PP, "H07", 3.0), (110, 75)),
             (tag_image(PP, "red2", 3.0), (300, 330)), (tag_image(PP, "crime-C2", 3.0), (281, 220))]
    H = reference_homography((420, 300), tilt_deg=tilt, height_mm=height, frame=frame, view_width_mm=view_width_mm)
    return render_view("penny-press-board", "board", H, frame, items=items, src_px_per_mm=3.0, noise_sigma=2.0)


def test_a_4k_stand_view_is_high_and_steep_enough():
    v = judge([_board()])
    assert v.verdict == OK, v.text
    assert v.px >= 1.15 * v.limit
    assert "high and steep enough" in v.text and f"{v.px:.1f}" in v.text


def test_a_small_picture_is_told_to_come_closer_or_use_4k():
    v = judge([_board(frame=(1280, 720))])
    assert v.verdict == FIX and v.px < v.limit
    assert v.slant < STEEP_RATIO
    assert "Move the camera closer, or use 4K" in v.text


def test_a_low_slanted_camera_is_told_to_go_higher_and_look_down():
    # 0.5 m up, 55 degrees from straight down: the far edge gets half the near edge's px per mm
    v = judge([_board(tilt=55, height=500)])
    assert v.verdict == FIX, v.text
    assert v.slant >= STEEP_RATIO
    assert "Raise the stand" in v.text and "more straight down" in v.text
    # the same view from straight above reads
    assert judge([_board(tilt=0, height=1100)]).verdict == OK


def test_no_table_and_a_dark_picture_are_checks_with_what_to_do():
    blank = np.random.default_rng(3).integers(40, 220, (720, 1280)).astype(np.uint8)  # no table in it
    v = judge([blank])
    assert v.verdict == CHECK and "no game table found" in v.text
    dark = np.full((720, 1280), 4, np.uint8)
    v = judge([dark])
    assert v.verdict == CHECK and "shows nothing to judge" in v.text


def test_a_bundled_view_the_demo_reads_is_not_a_fix():
    from play.recordings import recording_dir

    v = judge_picture(recording_dir("scoop-4p") / "video.mkv", game="scoop")
    assert v.verdict in (OK, CHECK), v.text
    assert v.px >= v.limit


def _doctor(argv, lang="en"):
    from companion.cli import main

    buf = io.StringIO()
    with redirect_stdout(buf):
        try:
            rc = main(["--lang", lang, "doctor", "--camera", "7", "--no-probe", "--printer", "preview", *argv])
        except SystemExit as exc:
            rc = exc.code
    return rc or 0, buf.getvalue().splitlines()


@pytest.mark.parametrize("lang, what, words", [
    ("en", "camera stand", "Move the camera closer, or use 4K"),
    ("es", "soporte de la cámara", "Acerca la cámara o usa 4K"),   # numbers as Spanish writes them: 2,5
    ("zh", "摄像头支架", "把摄像头移近")])
def test_doctor_says_the_stand_check_in_the_players_language(tmp_path, lang, what, words):
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), _board(frame=(1280, 720)))
    rc, lines = _doctor(["--table-picture", str(path)], lang)
    stand = [x for x in lines if what in x]
    assert len(stand) == 1 and words in stand[0], lines
    assert ("2,5" in stand[0]) == (lang == "es") and ("2.5" in stand[0]) == (lang != "es")
    assert rc == 1


def test_doctor_says_a_missing_picture_without_raising(tmp_path):
    rc, lines = _doctor(["--table-picture", str(tmp_path / "nope.png")])
    stand = [x for x in lines if "camera stand" in x]
    assert len(stand) == 1 and stand[0].startswith("FIX") and "nope.png" in stand[0]
    assert rc == 1
