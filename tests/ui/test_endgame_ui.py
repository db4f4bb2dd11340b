"""The end of a game on each game's end screen (tests/ui/drive_endgame.py): the
table kit's EndgamePanel is on Pergamon's, Turin Market's and Scoop's end screen
(their bundled recordings' real games resumed at the end), its two buttons at least
48 dp and seen without scrolling at 1280x800 and 800x1280 in en/es/zh; it takes no
room while the game goes on; printing with no printer chosen saves the pages as
pictures and says so with no path; BG Stats gets the finished game's link."""

from __future__ import annotations

import json

import pytest

from ui import i18n

pytestmark = pytest.mark.ui
GAMES = ("pergamon", "turin-market", "scoop")


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("endgame")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_driver_ran_without_errors(report):
    assert report["errors"] == [] and sorted(report["games"]) == sorted(GAMES)
    assert report["printer_kind"] == "preview"  # no printer chosen in a fresh app


@pytest.mark.parametrize("game", GAMES)
def test_the_end_screen_offers_print_and_bg_stats_in_every_language_and_size(report, game):
    row = report["games"][game]
    assert len(row["end"]) == 6
    for key, view in row["end"].items():
        lang = key.split("/")[0]
        assert view["found"] and not view["disabled"], key
        want = "end.print_pages"  # Scoop: its papers and money; Pergamon, Turin Market: the last evaluation/round too
        assert view["print_text"] == i18n.tr(want, lang), key
        assert view["bgstats_text"] == i18n.tr("end.bgstats", lang), key
        assert view["print_h_dp"] >= 48 and view["bgstats_h_dp"] >= 48, key
        assert view["print_seen"] and view["bgstats_seen"], key


@pytest.mark.parametrize("game", GAMES)
def test_nothing_of_it_shows_while_the_game_goes_on(report, game):
    mid = report["games"][game]["mid"]
    assert mid["found"] and mid["height"] == 0 and mid["disabled"] and mid["texts"] == []


@pytest.mark.parametrize("game", GAMES)
def test_printing_with_no_printer_saves_pictures_and_says_so_in_player_words(report, game):
    row = report["games"][game]
    assert row["question"] == i18n.tr("end.ask_pages", "en")
    # Scoop: 4 papers' front pages + the money receipt; Pergamon: the turn-12 evaluation + the ranking;
    # Turin Market: the last auction round + the final payouts
    n = 5 if game == "scoop" else 2
    assert len(row["pictures"]) == n
    if n == 1:
        assert row["print_status"] == i18n.tr("end.saved_receipt", "en")
    else:
        assert row["print_status"] == i18n.trn("end.saved_pages", "en", n)
    assert "/" not in row["print_status"] and ".png" not in row["print_status"]
    assert row["bgstats_link"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert row["bgstats_status"] == i18n.tr("end.bgstats_sent", "en")
    zh = row["zh_after"]
    assert zh["print_text"] == i18n.tr("end.print_pages", "zh")


@pytest.mark.parametrize("game", GAMES)
def test_the_printer_is_chosen_from_the_end_and_the_bar_leads_back_to_the_game(report, game):
    """Settings (where the printer is chosen) is reached from the end panel; its bar
    shows only where this game can go (no other game's screens) and "Table" returns
    to the game left open."""
    st = report["games"][game]["settings"]
    assert st["label"] == i18n.tr("end.printer_settings", "en")
    assert st["screen"] == "settings"
    assert st["nav_shown"] == ["live", "settings"]
    assert st["back_to"] == st["game_screen"] != "settings"
