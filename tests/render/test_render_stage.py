"""The staged Penny Press table: pieces where the rules and the layouts put them."""

import pytest

from tools.render.camera import frame_bounds
from tools.render.games.penny_press import (FrontPlacement, ReporterIds, TableState, layout, stage,
                                            stage_bounds, true_positions)


def _by(items):
    return {p.component: p for p in items}


def test_stories_stack_from_the_bottom_a_b_one_space_c_d_two():
    st = TableState(players=["red", "blue"],
                    columns={"war": ["war-A1", "war-C2", "war-B3", "war-D1"]})
    items = _by(stage(st))
    x0, y0, x1, y1 = layout("penny-press-board")["zones"]["beat:war"]["bbox"]
    space = (y1 - y0) / 9
    # centres (board mm): A in space 1, C in spaces 2-3, B in space 4, D in 5-6
    expect = {"war-A1": 0.5, "war-C2": 2.0, "war-B3": 3.5, "war-D1": 5.0}
    for story, spaces_below_centre in expect.items():
        p = items[story]
        assert p.surface == "board" and p.zone == "beat:war"
        assert p.sy_mm == pytest.approx(y1 - spaces_below_centre * space)
        assert p.angle_deg == 90.0                       # lying sideways


def test_a_full_column_is_refused():
    st = TableState(players=["red", "blue"],
                    columns={"city": ["city-C1", "city-C2", "city-C3", "city-D1", "city-D2"]})
    with pytest.raises(ValueError, match="does not fit"):
        stage(st)


def test_reporters_stand_on_their_story_clear_of_its_tag_or_at_home():
    st = TableState(players=["red", "blue"], columns={"crime": ["crime-A2"]},
                    reporters_on={"crime-A2": ["red1", "blue1", "blue2"]})
    items = stage(st)
    by = _by(items)
    story = by["crime-A2"]
    tag = story.tag_corners_mm()
    for r in ("red1", "blue1", "blue2"):
        p = by[r]
        assert p.zone == "on:crime-A2"
        # inside the story, not over its tag
        assert abs(p.x_mm - story.x_mm) <= story.size_mm[1] / 2
        assert abs(p.y_mm - story.y_mm) <= story.size_mm[0] / 2
        assert not (tag[:, 0].min() < p.x_mm < tag[:, 0].max()
                    and tag[:, 1].min() < p.y_mm < tag[:, 1].max())
    home = [p for p in items if p.kind == "reporter" and p.zone == "home"]
    assert sorted(p.component for p in home) == ["blue3", "blue4", "blue5", "red2", "red3",
                                                  "red4", "red5"]


def test_front_page_ads_pennies_and_published():
    st = TableState(players=["red", "green", "blue"], pennies={"green": 2},
                    published={"red": ["war-A1", "city-C2"]},
                    front={"green": [FrontPlacement("politics-D3", 0, 0),
                                     FrontPlacement("crime-A2", 0, 2, turned=True),
                                     FrontPlacement("ad2", 2, 3)]})
    by = _by(stage(st))
    assert by["politics-D3"].surface == "mat-green" and by["politics-D3"].zone == "front:0,0"
    assert by["crime-A2"].angle_deg == 90.0 and by["ad2"].zone == "front:2,3"
    assert by["penny5"].zone == "penny:1" and by["penny6"].zone == "penny:2"   # seat 1, 4 each
    assert by["war-A1"].zone == "published" and by["war-A1"].surface == "mat-red"
    with pytest.raises(ValueError, match="runs off"):
        stage(TableState(players=["red", "blue"],
                         front={"red": [FrontPlacement("crime-B2", 0, 2, turned=True)]}))


def test_every_tag_is_readable_size_at_the_demo_camera():
    """>= 3 px per module everywhere with the large tags (issue 3 decoding limit)."""
    for players, res in ((["red", "blue", "green"], (3072, 1728)),
                         (["red", "blue", "green", "yellow"], (3328, 1872))):
        st = TableState(players=players, headline="H01",
                        columns={"war": ["war-A1"], "human": ["human-D2"]},
                        published={players[-1]: ["war-B1"]})
        cam = frame_bounds(stage_bounds(players), res, tilt_deg=20, height_mm=900)
        for p in stage(st):
            if p.tag is None:
                continue
            c = cam.project(p.tag_corners_mm())
            assert cam.sees(p.tag_corners_mm()).all(), p.component
            side = sum(((c[(i + 1) % 4] - c[i]) ** 2).sum() ** 0.5 for i in range(4)) / 4
            assert side / p.tag.modules >= 3.0, (p.component, side / p.tag.modules)


def test_reporter_identities_stay_put_through_moves():
    ids = ReporterIds(["red", "blue"])
    a = ids.update({"war-A1": (2, 0), "crime-A1": (0, 1)})
    assert a == {"war-A1": ["red1", "red2"], "crime-A1": ["blue1"]}
    b = ids.update({"war-A1": (1, 0), "city-A1": (1, 0), "crime-A1": (0, 1)})  # reassign
    assert b["war-A1"] == ["red1"] and b["city-A1"] == ["red2"] and b["crime-A1"] == ["blue1"]
    c = ids.update({"city-A1": (1, 0), "human-A1": (1, 0)})                     # recall + assign
    assert c["city-A1"] == ["red2"] and c["human-A1"] == ["red1"]


def test_true_positions_leave_out_fiducials_and_surfaces():
    pos = true_positions(stage(TableState(players=["red", "blue"])))
    assert pos and not any(p["component"].startswith(("fid:", "mat-", "board")) for p in pos)


def test_a_crowded_story_keeps_every_reporter_on_it():
    reps = ["red1", "red2", "blue1", "blue2", "green1", "green2"]     # 6 on a 1-space story
    st = TableState(players=["red", "blue", "green"], columns={"war": ["war-A1"]},
                    reporters_on={"war-A1": reps})
    by = _by(stage(st))
    story = by["war-A1"]
    for r in reps:
        p = by[r]
        assert p.zone == "on:war-A1"
        assert abs(p.x_mm - story.x_mm) <= story.size_mm[1] / 2
        assert abs(p.y_mm - story.y_mm) <= story.size_mm[0] / 2
