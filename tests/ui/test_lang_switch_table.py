"""A language switch made in Settings (opened from the table, as the end panel's
"Printer settings" does) redraws the hosted game's table when the players go back
to it: Turin Market's, Pergamon's and Scoop's tables, resumed mid-game and at the
end (Settings opened by the end panel) from their bundled recordings, switched
from English to Spanish, show no English text (banner, player panels, lists,
payouts, "more below" lines); a switch to Chinese made on the table turns its
"more below" lines too (tests/ui/drive_lang_switch.py)."""

from __future__ import annotations

import json

import pytest

from ui import i18n
from untranslated import untranslated

pytestmark = pytest.mark.ui
GAMES = ("turin-market", "pergamon", "scoop", "turin-market@end", "pergamon@end", "scoop@end")


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    return json.loads((driver_result("lang_switch") / "report.json").read_text(encoding="utf-8"))


def test_driver_switched_through_settings_and_went_back_to_the_table(report):
    assert report["errors"] == [] and sorted(report["games"]) == sorted(GAMES)
    for game, row in report["games"].items():
        assert row["settings"] == "settings" and row["es_button"] == 1, game
        assert row["lang_after_save"] == "es", game
        assert row["back_to"] == row["table"] == row["zh"]["screen"], game
        assert row["via"] == ("end_panel" if game.endswith("@end") else "go"), game


def test_the_table_read_in_english_before_the_switch(report):
    """The check below can fail: before the switch the same table shows English
    words the detector finds, and a "more below" line."""
    for game, row in report["games"].items():
        assert any(untranslated(t, "es") for t in row["en"]["texts"]), game
        assert row["en"]["cues"] and set(row["en"]["cues"]) == {i18n.tr("scroll.more_below", "en")}, game


@pytest.mark.parametrize("game", GAMES)
def test_no_english_left_on_the_table_after_switching_in_settings(report, game):
    row = report["games"][game]
    bad = [untranslated(t, "es") for t in row["es"]["texts"] if untranslated(t, "es")]
    assert not bad, "\n".join(bad)
    assert row["es"]["cues"] and set(row["es"]["cues"]) == {i18n.tr("scroll.more_below", "es")}


@pytest.mark.parametrize("game", GAMES)
def test_a_direct_switch_on_the_table_turns_its_more_below_lines(report, game):
    row = report["games"][game]["zh"]
    assert not [t for t in row["texts"] if untranslated(t, "zh")]
    assert row["cues"] and set(row["cues"]) == {i18n.tr("scroll.more_below", "zh")}
