"""Tracker rules without images: occluded tags stay, removed tags go, still flag, jitter."""

from __future__ import annotations

import numpy as np
import pytest

from companion.table import Sighting
from vision.track import Observation, Tracker

SQ = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)


def ob(comp, x=100.0, y=50.0, zone="beat:war", angle=0.0):
    return Observation(Sighting(comp, "board", zone, x, y, angle), SQ, "TC1")


def run(tr, frames, fps=10.0, t0=0.0):
    """frames: list of (observations, occluded_components, motion)."""
    snap = None
    for i, (obs, occ, motion) in enumerate(frames):
        snap = tr.update(t0 + i / fps, obs, lambda track: track.sighting.component in occ, motion)
    return snap


def test_tag_under_a_passing_hand_stays_without_flicker():
    tr = Tracker(missing_s=0.5, settle_s=0.8)
    run(tr, [([ob("war-A1"), ob("crime-B2", x=300)], set(), False)] * 3)
    # a hand covers war-A1 for 2 s (20 frames at 10 fps): never missing from snapshots
    t = 0.3
    for i in range(20):
        snap = tr.update(t + i / 10, [ob("crime-B2", x=300)], lambda k: k.sighting.component == "war-A1",
                         True)
        assert {s.component for s in snap.sightings} == {"war-A1", "crime-B2"}
        assert snap.still is False
    assert [e.kind for e in tr.events].count("removed") == 0


def test_tag_removed_from_unoccluded_zone_goes_after_missing_time():
    tr = Tracker(missing_s=0.5, settle_s=0.8)
    run(tr, [([ob("war-A1"), ob("city-C1", x=400)], set(), False)] * 2)  # t = 0, 0.1
    seen = []
    for i in range(2, 12):  # war-A1 gone, nothing covers it
        snap = tr.update(i / 10, [ob("city-C1", x=400)])
        seen.append("war-A1" in snap.by_component())
    # last seen at t=0.1: held at 0.2 .. 0.5, gone at 0.6 (0.5 s of unoccluded absence)
    assert seen == [True] * 4 + [False] * 6
    assert tr.events[-1].kind == "removed" and tr.events[-1].component == "war-A1"


def test_occluded_time_does_not_count_towards_removal():
    tr = Tracker(missing_s=0.5)
    run(tr, [([ob("war-A1")], set(), False)])
    frames = [([], {"war-A1"}, True)] * 30 + [([], set(), False)] * 4
    snap = run(tr, frames, t0=0.1)
    assert "war-A1" in snap.by_component()  # only 0.3 s of unoccluded absence so far
    snap = tr.update(3.5, [])
    assert "war-A1" not in snap.by_component()


def test_still_only_after_settle_time_without_motion_or_change():
    tr = Tracker(missing_s=0.5, settle_s=0.8)
    stills = []
    for i in range(20):
        motion = i < 5
        snap = tr.update(i / 10, [ob("war-A1")], motion=motion)
        stills.append(snap.still)
    # motion seen last at t=0.4 happened after the frame at t=0.3: quiet from 0.3,
    # still from t=1.1 (frame 11)
    assert stills[:11] == [False] * 11 and all(stills[11:])
    # a move seen at t=2.0 (previous frame 1.9) breaks stillness until 2.7
    snap = tr.update(2.0, [ob("war-A1", x=160)])
    assert not snap.still and snap.by_component()["war-A1"].x_mm == 160
    assert tr.update(2.65, [ob("war-A1", x=160)]).still is False
    assert tr.update(2.70, [ob("war-A1", x=160)]).still is True


def test_two_frames_per_second_recording_is_still_on_the_second_calm_frame():
    # a recording at 2 frames/s: the hand frame, then two calm frames per change
    tr = Tracker(missing_s=0.5, settle_s=0.8)
    tr.update(0.0, [ob("war-A1"), ob("H07", x=300)])
    tr.update(0.5, [ob("war-A1"), ob("H07", x=300)])
    assert tr.update(1.0, [ob("war-A1"), ob("H07", x=300)]).still
    # the hand takes H07 (t=1.5, motion over it), calm frames at 2.0 and 2.5
    s1 = tr.update(1.5, [ob("war-A1")], lambda k: True, motion=True)
    s2 = tr.update(2.0, [ob("war-A1")], lambda k: True, motion=True)  # the hand leaving
    s3 = tr.update(2.5, [ob("war-A1")], lambda k: False)
    assert "H07" in s1.by_component() and "H07" in s2.by_component()
    assert "H07" not in s3.by_component()
    # removed at 2.5 but missing since 1.5: the change dates from then; motion at 2.0
    assert s3.still


def test_jitter_is_not_a_move():
    tr = Tracker(move_tol_mm=3.0)
    tr.update(0.0, [ob("red1", x=100.0)])
    snap = tr.update(0.1, [ob("red1", x=101.5, y=51.0, angle=4.0)])
    assert snap.by_component()["red1"].x_mm == 100.0
    assert [e.kind for e in tr.events] == ["added"]
    snap = tr.update(0.2, [ob("red1", zone="on:war-A1", x=101.0)])
    assert snap.by_component()["red1"].zone == "on:war-A1"  # a new zone is always a move


def test_time_going_backwards_is_an_error():
    tr = Tracker()
    tr.update(1.0, [])
    with pytest.raises(ValueError, match="backwards"):
        tr.update(0.5, [])
