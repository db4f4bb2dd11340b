"""Penny Press's bundled recordings played through the app offscreen
(tests/ui/drive_pp_playthrough.py, run in the background by driver_pool;
ui.games.penny_press.playthrough): the frames feed the app's camera part, the
players' taps (the game, the recording, Start, the checklist lines the camera
cannot check, Results) are presses of the app's own buttons by their label, and
the game ends 19/24/23: penny-press-3p at 1280x800 in English, penny-press-3p-hard
(its file typed on the start screen) at 800x1280 in Chinese. Around the end (issue
25): Go to press mid-game, and at the end every screen with a banner, the table's
checklist and the results screen's end panel in es, en and zh on both windows."""

from __future__ import annotations

import json

import pytest

from ui import i18n
from ui.playthrough import playthrough_module

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def runs():
    from driver_pool import driver_result

    out = driver_result("pp_play")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))["runs"]


def test_penny_press_offers_a_play_through():
    assert playthrough_module("penny-press").__name__ == "ui.games.penny_press.playthrough"


def test_each_recording_ends_with_its_ground_truth_by_the_apps_buttons(runs):
    assert [(r["recording"], r["lang"], r["size"]) for r in runs] == [
        ("penny-press-3p", "en", [1280, 800]), ("penny-press-3p-hard", "zh", [800, 1280])]
    for r in runs:
        assert r["error"] == "" and r["truth"] == [19, 24, 23] and r["scores"] == r["truth"], r
        assert r["frames"] > 0                                   # the camera's pictures were drawn
    en, zh = runs
    assert en["pressed"][:3] == ["Penny Press", "Penny Press · recording, 3 players", "Start"]
    assert zh["pressed"][:2] == ["便士报", "便士报 · 录像，3 名玩家"] and zh["pressed"][2].startswith("typed: ")
    assert zh["pressed"][3] == "开始"
    assert en["pressed"][-1] == "See the results" and zh["pressed"][-1] == "查看结果"
    assert en["result"] == en["banner"] == en["banner_shown"] == "Game over: Blue wins with 24 points"
    for r in runs:                                          # the panels show the totals the banner names
        assert [int(p.split()[0]) for p in r["panels"]] == r["truth"], r["panels"]


def test_the_checklist_lines_the_camera_cannot_check_are_ticked_by_a_press(runs):
    for r in runs:
        ticks = [p for p in r["pressed"] if p.startswith("□ ")]
        assert r["ticked"] == len(ticks) > 0
    assert any("arrow" in p for p in runs[0]["pressed"])


def test_the_camera_picture_uses_the_full_width_in_portrait(runs):
    en, zh = runs
    assert zh["picture_w"] >= 0.95 * zh["window_w"]          # it was drawn 353 px wide in a 788 px box
    assert en["picture_h"] > 150 and en["picture_w"] < 0.5 * en["window_w"]   # landscape: the side column


def test_mid_game_go_to_press_banner_is_the_active_players_thing_to_do_not_the_paper_shown(runs):
    """Another player's paper chosen by a tap: the banner still says what the player
    whose turn it is does (the table's banner, in their colour); the paper shown is a
    line of information under the players."""
    for r in runs:
        mid = r["mid"]
        assert mid["chosen"] != mid["turn"]
        assert mid["banner"] == mid["table_banner"] and mid["banner"]["colour"] == mid["turn"], mid
        assert mid["chosen_name"] not in mid["banner"]["text"]       # the paper shown is not the instruction
        assert mid["shown"] == i18n.tr("press.shown", r["lang"], name=mid["chosen_name"])


def test_after_the_end_every_banner_says_who_won_with_the_panels_totals(runs):
    for r in runs:
        for lang, view in r["end"]["langs"].items():
            winner = i18n.tr("banner.over", lang, names=i18n.person("blue", lang), points=24)  # no name given: the colour
            for screen in ("live", "press", "scores"):
                assert view[screen]["banner"] == {"text": winner, "colour": "blue"}, (r["size"], lang, screen)


def test_after_the_end_the_checklist_has_nothing_to_do(runs):
    """The last press left an ad to take off Blue's front page: once the game is over
    the table lists no chore (and no heading for an empty list)."""
    for r in runs:
        for lang, view in r["end"]["langs"].items():
            assert view["live"]["checklist"] == [], (lang, view["live"]["checklist"])
            assert i18n.tr("adjust.remove_ad", lang, colour=i18n.colour("blue", lang)) not in \
                " ".join(view["live"]["texts"])


def test_the_results_end_with_the_shared_end_panel_and_keep_penny_press_extras(runs):
    """The results screen ends the game as every game does (the table kit's
    EndgamePanel: print, BG Stats, printer settings; 48 dp at least, seen without
    scrolling) and keeps the ranking, the chart, the shared picture, the game record
    and a new game; no print or BG Stats button of its own."""
    for r in runs:
        for lang, view in r["end"]["langs"].items():
            panel = view["scores"]["panel"]
            assert panel["texts"] == [i18n.tr(k, lang) for k in ("end.print_receipt", "end.bgstats",
                                                                  "end.printer_settings")], (lang, panel)
            assert not any(panel["disabled"]) and all(h >= 48 for h in panel["h_dp"]) and all(panel["seen"])
            texts = view["scores"]["texts"]
            for key in ("scores.chart", "scores.share", "scores.export_json", "scores.new_game", "scores.ranking"):
                assert i18n.tr(key, lang) in texts, (lang, key)
            assert texts.count(i18n.tr("end.bgstats", lang)) == 1   # the panel's, not a second one


def test_printing_the_end_says_the_outcome_in_the_end_panels_words(runs):
    """No printer is chosen in a fresh app: the receipt is saved as a picture, said as
    the end panel says it in every game (ui.viewmodels.endgame's keys), no path."""
    for r in runs:
        end, lang = r["end"], r["lang"]
        assert end["question"] == i18n.tr("end.ask_receipt", lang)
        assert end["printed"] == i18n.tr("end.saved_receipt", lang)
        assert end["bgstats"]["link"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        assert end["bgstats"]["status"] == i18n.tr("end.bgstats_sent", lang)
        printed = [t for t in end["texts"] if "/tmp" in t or "prints/" in t or ".png" in t]  # no file named
        assert printed == [], printed
