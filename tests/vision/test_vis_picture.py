"""What a picture shows as a whole (issue 26 item 3; ../shared/bugcases
camera-dark-frozen, mirrored-camera-misadvice): a dark or uniform picture is not
read (the table is held, nothing acts on it), a mirrored picture is found and read
flipped, a frame smeared by motion is named; `calibrate table` says which and how to
fix it. On the bundled recording's table (play/recordings/penny-press-3p, 3200x1800)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from benchmarks.reliability import camera as C
from calibration.picture import DARK_LEVEL, picture_dark, picture_levels, reads_mirrored
from tools.render.effects import motion_blur
from vision.pipeline import pipeline_for


@pytest.fixture(scope="module")
def table():
    return C._frames()[C.F_MOVE1]


def _dimmed(img: np.ndarray, k: float, seed: int = 0) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0.0, 2.0, img.shape)
    return np.clip(img.astype(np.float32) * k + noise, 0, 255).astype(np.uint8)


def _read(pipe, frames, t0=0.0, dt=0.5):
    out = []
    for i, f in enumerate(frames):
        out.append(pipe.process(f, t0 + i * dt))
    return out


def _placed(snap) -> set:
    return {(s.component, s.surface, s.zone) for s in snap.sightings}


def test_dark_and_uniform_pictures_are_named_and_a_dim_table_is_not(table):
    assert picture_dark(np.zeros((1800, 3200, 3), np.uint8)).startswith("dark")
    assert picture_dark(np.full((720, 1280), 251, np.uint8)).startswith("uniform")
    assert picture_dark(_dimmed(table, 0.1)).startswith("dark")       # the light off
    assert picture_dark(_dimmed(table, 0.25)) is None                 # dim, read whole
    assert picture_dark(table) is None
    lo, hi = picture_levels(_dimmed(table, 0.2))
    assert hi >= DARK_LEVEL - 5 and lo < hi  # the dimmest level measured whole (docs)


def test_a_noisy_dark_picture_is_dark_and_one_that_shows_nothing_of_the_table_is_held(table):
    """The light off with the camera's gain turned up: the table at 12 % of its light
    and sensor noise of sigma 18 is dark (noise is not light); a picture with more
    light in it but none of the table (noise around grey 60, the camera turned away)
    is not read: reason "unseen", the table held, not still, never pieces gone."""
    noisy = np.clip(table.astype(np.float32) * 0.12 + np.random.default_rng(3).normal(0.0, 18.0, table.shape),
                    0, 255).astype(np.uint8)
    assert picture_dark(noisy) is not None
    pipe = pipeline_for(None)
    *_, (snap, rep) = _read(pipe, [table] * 4)
    before = _placed(snap)
    for i in range(4):
        other = np.clip(np.random.default_rng(i).normal(60.0, 40.0, table.shape), 0, 255).astype(np.uint8)
        assert picture_dark(other) is None
        snap, rep = pipe.process(other, 2.0 + 0.5 * i)
        if i:  # (the first such frame is motion: the change, not yet read)
            assert rep.unreadable == "unseen" and rep.reasons == ("unseen",)
        assert not snap.still and _placed(snap) == before
    *_, (snap, rep) = _read(pipe, [table] * 3, t0=4.0)
    assert snap.still and _placed(snap) == before and rep.reasons == ()


def test_a_dark_spell_holds_the_table_and_nothing_is_read_again_after_it(table):
    """The bug case's mid-game black: the tracker dropped every tag and the still
    empty table gave 'reporters of Player 2 moved'. Now a dark frame is not read: the
    table is held, the snapshot is not still; the same table lit again is the same
    still table at once, nothing of it decoded again."""
    pipe = pipeline_for(None)
    *_, (snap, rep) = _read(pipe, [table] * 4)
    assert snap.still and rep.reasons == ()
    before = _placed(snap)
    assert len(before) > 30
    for i, dark in enumerate([np.zeros_like(table)] * 6 + [_dimmed(table, 0.08)] * 2):
        snap, rep = pipe.process(dark, 2.0 + 0.5 * i)
        assert rep.unreadable == "dark" and rep.reasons == ("dark",) and rep.symbols == []
        assert not snap.still and _placed(snap) == before
        assert any(z.startswith("board/") for z in snap.occluded_zones)
    snap, rep = pipe.process(table, 6.5)
    assert snap.still and _placed(snap) == before and rep.reasons == ()
    assert rep.decoded_fraction == 0.0


def test_a_mirrored_picture_is_read_flipped_and_named_once(table):
    """bugcases/mirrored-camera-misadvice: every QR tag read, 2 of 16 fiducials and 1
    of 25 piece markers, no surface, no zone. Now the picture is found mirrored on the
    first frame and read flipped: the same table as the unmirrored picture, its px in
    the frame as given; named once; the mirror turned off again is found too."""
    plain = pipeline_for(None)
    snap0, rep0 = _read(plain, [table] * 3)[-1]
    mirrored = cv2.flip(table, 1)
    pipe = pipeline_for(None)
    reads = _read(pipe, [mirrored] * 6)
    assert [r.reasons for _, r in reads] == [("mirrored",)] + [()] * 5
    snap, rep = reads[-1]
    assert rep.mirrored and pipe.mirrored and snap.still
    assert _placed(snap) == _placed(snap0)
    assert sorted(rep.poses) == sorted(rep0.poses) == ["board", "mat-blue", "mat-green", "mat-red"]
    w = table.shape[1]
    at = {r.symbol.text: r.symbol.centre for r in rep0.symbols}
    for _snap, each in reads:  # where the given (mirrored) frame shows each tag, every frame
        assert len(each.symbols) == len(rep0.symbols)
        for r in each.symbols:
            x, y = at[r.symbol.text]
            assert abs(r.symbol.centre[0] - (w - 1 - x)) < 2.0 and abs(r.symbol.centre[1] - y) < 2.0
    again = _read(pipe, [table] * 4, t0=3.0)  # the first frame after the switch moves all over
    assert [r.reasons for _, r in again] in ([(), ("unmirrored",), (), ()], [("unmirrored",), (), (), ()])
    assert not pipe.mirrored and _placed(again[-1][0]) == _placed(snap0)


def test_a_picture_mirrored_top_to_bottom_is_found_and_read_too(table):
    """A mirror the other way (a camera's vertical flip setting: mirrored left-right
    and turned half round) is found by the same test, read as the same table, and
    `calibrate table` names the mirror with both settings, not a board to move."""
    from calibration.check import check_table

    plain = pipeline_for(None)
    snap0, _ = _read(plain, [table] * 3)[-1]
    upside = cv2.flip(table, 0)
    pipe = pipeline_for(None)
    reads = _read(pipe, [upside] * 4)
    assert reads[0][1].reasons == ("mirrored",) and pipe.mirrored
    assert reads[-1][0].still and _placed(reads[-1][0]) == _placed(snap0)
    r = check_table([cv2.cvtColor(upside, cv2.COLOR_BGR2GRAY)], game="penny-press")
    assert r.mirrored and len(r.advice) == 1 and "vertical_flip=0" in r.advice[0]


def test_a_table_without_its_board_in_view_is_not_called_mirrored(table):
    """Few fiducials (the board covered) and every QR tag read: the flipped frame
    reads only the few markers whose mirror image is a marker too."""
    h, w = table.shape[:2]
    covered = table.copy()
    covered[:, : w // 2] = 128  # the board's half of the table under a cloth
    pipe = pipeline_for(None)
    _read(pipe, [covered] * 2)
    assert not pipe.mirrored
    assert not reads_mirrored(10, 3) and reads_mirrored(3, 41) and not reads_mirrored(0, 3)


@pytest.mark.parametrize("px,angle", [(8.0, 0.0), (8.0, 37.0), (8.0, 120.0), (12.0, 90.0)])
def test_a_frame_smeared_by_motion_is_named_and_holds_the_table(table, px, angle):
    """A frame smeared 8 px gave no reason at all. Now it is 'blurred', alone (a
    photo) and in a sequence, where the table is held and not still."""
    smeared = motion_blur(table, px, angle)
    _snap, rep = pipeline_for(None).process(smeared, 0.0)
    assert "blurred" in rep.reasons and rep.isotropy < 0.8
    pipe = pipeline_for(None)
    snap, rep = _read(pipe, [table] * 3)[-1]
    held = _placed(snap)
    snap, rep = pipe.process(smeared, 1.5)
    assert rep.reasons == ("blurred",) and not snap.still and _placed(snap) == held


def test_sharp_recording_frames_are_not_called_blurred():
    """The bundled recording's first 40 frames (hands, moves, still tables)."""
    path = "play/recordings/penny-press-3p/video.mkv"
    cap = cv2.VideoCapture(path)
    pipe = pipeline_for(path)
    named = []
    for i in range(40):
        ok, f = cap.read()
        assert ok
        _snap, rep = pipe.process(f, i * 0.5)
        named += [(i, r) for r in rep.reasons]
    assert named == []


def test_calibrate_table_on_a_mirrored_view_says_mirrored_not_move_or_restick(table):
    from calibration.check import check_table

    grey = cv2.cvtColor(table, cv2.COLOR_BGR2GRAY)
    plain = check_table([grey])
    assert plain.ok and not plain.mirrored
    result = check_table([cv2.flip(grey, 1)])
    assert result.mirrored and not result.ok
    assert len(result.advice) == 1 and "mirrored" in result.advice[0] and "mirror (flip)" in result.advice[0]
    text = result.report()
    for wrong in ("re-stick", "bring the", "lens distortion", "not found"):
        assert wrong not in text
    assert [sc.surface for sc in result.surfaces if sc.registration] == \
        [sc.surface for sc in plain.surfaces if sc.registration]


@pytest.mark.parametrize("picture", ["black", "white"])
def test_calibrate_table_on_a_dark_view_says_dark_and_nothing_else(picture):
    from calibration.check import check_table

    img = np.zeros((900, 1600), np.uint8) if picture == "black" else np.full((900, 1600), 250, np.uint8)
    result = check_table([img, img])
    assert not result.ok and len(result.advice) == 1 and "lens cap" in result.advice[0]
    assert ("is dark" if picture == "black" else "one grey level") in result.report()
    assert "bring the" not in result.report()


def test_scan_says_mirrored_and_blurred(tmp_path, capsys, table):
    from companion.cli import main

    small = cv2.resize(table, (1600, 900), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(tmp_path / "mirrored.png"), cv2.flip(table, 1))
    cv2.imwrite(str(tmp_path / "smeared.png"), motion_blur(small, 8.0, 20.0))
    assert main(["scan", str(tmp_path / "mirrored.png"), str(tmp_path / "smeared.png")]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    mirrored, smeared = lines
    assert mirrored["mirrored"] and mirrored["reasons"] == ["mirrored"] and len(mirrored["poses"]) == 4
    assert "blurred" in smeared["reasons"] and not smeared["mirrored"]
