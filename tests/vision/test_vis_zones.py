"""Reporters on stories whose own tag is hidden (issue 10): the story is known from
earlier frames or from the game state, and a story under the reporters standing on it
is held by the tracker, not dropped. No images: sightings in board mm."""

from __future__ import annotations

import numpy as np

from calibration import game_tags
from companion.table import Sighting
from vision.pipeline import Pipeline
from vision.track import Observation
from vision.zones import footprint_mm, riders_on_carriers

SQ = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)


def is_rep(c):
    return c[0].isalpha() and c.rstrip("0123456789") != c and "-" not in c


def is_story(c):
    return "-" in c


def footprint(s):
    """A story's footprint from Penny Press's data (size and where its tag lies)."""
    return footprint_mm(s, game_tags.component_size_mm("penny-press", s.component),
                        game_tags.piece("penny-press", s.component)["tag_centre_mm"])


def reporters_on_stories(sightings, known=()):
    return riders_on_carriers(sightings, is_rep, is_story, footprint, known)


# politics-B1 is 1 x 3 cells (40 x 120 mm); its tag at the centre of its first cell:
# upright (angle 0) at (100, 100) the tile covers x 80..120, y 80..200
STORY = Sighting("politics-B1", "board", "beat:politics", 100.0, 100.0, 0.0)
REP = Sighting("green1", "board", "beat:politics", 100.0, 160.0, 0.0)


def test_reporter_on_a_story_read_now():
    out = reporters_on_stories([STORY, REP])
    assert out[1].zone == "on:politics-B1"


def test_reporter_on_a_hidden_story_known_from_before():
    # the story's tag is not read in this frame: without what is known, the beat column
    assert reporters_on_stories([REP])[0].zone == "beat:politics"
    out = reporters_on_stories([REP], known=[STORY])
    assert out == [Sighting("green1", "board", "on:politics-B1", 100.0, 160.0, 0.0)]


def test_known_story_elsewhere_or_on_another_surface_does_not_claim():
    far = Sighting("politics-B1", "board", "beat:politics", 100.0, 400.0, 0.0)
    other = Sighting("politics-B1", "mat-red", "published", 100.0, 100.0, 0.0)
    assert reporters_on_stories([REP], known=[far])[0].zone == "beat:politics"
    assert reporters_on_stories([REP], known=[other])[0].zone == "beat:politics"


def test_a_story_read_now_wins_over_a_known_one():
    # crime-B2 read now also covers the reporter; the known (older) story does not win
    read = Sighting("crime-B2", "board", "beat:crime", 100.0, 110.0, 0.0)
    out = reporters_on_stories([read, REP], known=[STORY])
    assert out[1].zone == "on:crime-B2"
    # a known story that is read now is taken where it is read (moved away here)
    moved = Sighting("politics-B1", "board", "beat:politics", 300.0, 100.0, 0.0)
    out = reporters_on_stories([moved, REP], known=[STORY])
    assert out[1].zone == "beat:politics"


def _ob(sg):
    return Observation(sg, SQ, "t")


def test_story_under_a_reporter_standing_on_its_tag_is_held():
    p = Pipeline()
    on_tag = Sighting("green1", "board", "on:politics-B1", 104.0, 96.0, 0.0)
    beside = Sighting("green2", "board", "on:politics-B1", 100.0, 160.0, 0.0)
    elsewhere = Sighting("green3", "mat-green", "home", 104.0, 96.0, 0.0)
    assert p._under_piece(STORY, [_ob(on_tag)])
    assert not p._under_piece(STORY, [_ob(beside)])
    assert not p._under_piece(STORY, [_ob(elsewhere)])
    # a flat piece (an ad) does not hide a story; a reporter is never "under" one
    ad = Sighting("ad1", "board", None, 100.0, 100.0, 0.0)
    assert not p._under_piece(STORY, [_ob(ad)])
    assert not p._under_piece(on_tag, [_ob(STORY)])


def test_interpret_passes_held_and_expected_stories(monkeypatch):
    import vision.pipeline as vp

    p = Pipeline()
    p.tracker.update(0.0, [_ob(STORY), _ob(REP)])
    expected = Sighting("war-A1", "board", "beat:war", 300.0, 100.0, 0.0)
    p.expect([expected, STORY])
    seen = {}

    def spy(sightings, is_r, is_s, footprint, known=()):
        seen["known"] = sorted(s.component for s in known)
        return list(sightings)

    monkeypatch.setattr(vp, "riders_on_carriers", spy)
    p._cache = []
    p._interpret({})
    # held by the tracker, then expected; never a reporter
    assert seen["known"] == ["politics-B1", "war-A1"]
