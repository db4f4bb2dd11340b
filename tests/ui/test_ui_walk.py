"""The walk test (issue 12): every screen (Penny Press's and every hosted game's) at
1280x800, 800x1280 and 2048x1536 px, density 1 and 2, in es, en and zh finds no
clipped text, no target under 48 dp, nothing laid over a text, no list longer than
its place without a "more below" line players see (not only a thin bar) and no
untranslated string; on the way, the corrections scenario played by taps over
the real session (tests/ui/drive_walk.py, one app in its own process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result  # started with the others at collection (conftest)

    return json.loads((driver_result("walk") / "report.json").read_text(encoding="utf-8"))


def test_every_screen_size_density_and_language_is_clean(report):
    # Penny Press: 2 setup screens + 4 mid-game + 2 at the end; the hosted games: the
    # start screen with each chosen, every screen of each mid-game and its table at
    # its end (resumed from its bundled recording's journal); each x 3 sizes x 2
    # densities x 3 languages
    hosted = report["checks"]["hosted_screens"]  # every screen each hosted game offers
    assert report["walked"] == (8 + 2 * len(hosted) + sum(len(v) for v in hosted.values())) * 3 * 2 * 3
    assert report["problems"] == {}
    resumed = report["checks"]["resumed"]
    assert resumed == {"/turin-market-21": [21, False], "/turin-market-end": [37, True],
                       "/pergamon-60": [60, False], "/pergamon-end": [143, True],
                       "/scoop-40": [40, False], "/scoop-end": [86, True]}
    # the screens made again at each scale (2048x1536 at density 1): the game's
    # listeners are those of the screens shown, not one more per remake
    hooks = report["checks"]["hooks"]
    assert len(hooks) == 12 and all(opened == after for _ctx, opened, after in hooks), hooks
    assert any(opened for _ctx, opened, _after in hooks)


def test_every_hosted_game_is_walked_with_its_own_start_fields(report):
    c = report["checks"]
    assert sorted(report["hosted"]) == ["pergamon", "scoop", "turin-market"]
    assert "scoop_dial" in c["hosted_screens"]["scoop"] and c["hosted_screens"]["pergamon"] == ["pergamon"]
    assert c["hosted_screens"]["turin-market"] == ["turin_table", "turin_secret"]
    assert "paper" in c["start_fields"]["scoop"] and "strike" not in c["start_fields"]["scoop"]
    assert c["start_fields"]["turin-market"] == ["camera", "colour", "recordings"]  # a colour; a camera (CAMERA)


def test_wrong_correction_is_removed_and_the_game_ends_with_the_true_scores(report):
    c = report["checks"]
    assert c["overrides_after_save"] == 1
    assert c["moves_while_corrected"] == 3  # the game never stalled behind it
    assert len(c["live_correction_rows"]) == 1  # listed on the live table, with its remove button
    assert c["overrides_after_remove"] == 0
    assert c["final"] == c["truth_final"]


def test_undo_names_a_correction_then_a_move_and_asks(report):
    u = report["checks"]["undo"]
    first, second = u["steps"]
    assert first["question"].startswith("撤销 你们的更正")  # the walk left the app in Chinese
    assert first["label"] in (f"撤销：{first['question'][3:-1]}",) and first["corrections"] == 0
    assert first["actions"] == u["before_actions"]  # removing the correction took back no move
    assert second["question"].startswith("撤销 ") and second["actions"] == u["before_actions"] - 1
    assert u["actions_after_reread"] == u["before_actions"]  # the table still shows it: read again


def test_results_share_a_picture_and_start_a_new_game_with_the_same_players(report):
    c = report["checks"]
    # the picture is saved, and said in the players' words: no file name, no folder
    assert len(c["share_files"]) == 1 and c["share_status"] and c["share_files"][0] not in c["share_status"]
    assert "/" not in c["share_status"] and ".png" not in c["share_status"]
    assert c["new_game_question"]  # asked first
    assert c["new_game"] == {"sessions": 2, "screen": "live", "same_players": True}


def test_a_larger_window_shows_texts_and_targets_at_the_same_share_of_the_screen(report):
    # a 2048x1536 tablet at density 1 held at arm's length, as a 1280x800 one: the
    # start screen's Begin button and the table's banner (text and target) take the
    # same share of the window (its area; the height within the two windows' shapes)
    s = report["checks"]["shares"]
    for name in ("start", "live"):
        small, big = s[f"{name}/1280x800@1"], s[f"{name}/2048x1536@1"]
        assert big["text_h"] == pytest.approx(small["text_h"], rel=0.1)  # was half of it
        assert big["h"] == pytest.approx(small["h"], rel=0.1)
        assert big["area"] == pytest.approx(small["area"], rel=0.1)
        assert big["dp48"] > 48  # drawn larger, never smaller than 48 px at density 1
        # at density 2 the same windows are 640x400 and 1024x768 dp: the device's dp
        assert s[f"{name}/2048x1536@2"]["dp48"] == s[f"{name}/1280x800@2"]["dp48"] == 96
        assert s[f"{name}/800x1280@1"]["dp48"] == 48
