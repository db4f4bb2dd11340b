"""Every hosted game's screens (Turin Market, Scoop, Pergamon) in es and zh show no
untranslated string (the walk's detector, tests/ui/untranslated.py), and a language
switch redraws what is already on screen: the texts after switching are those of
the screen entered in that language (tests/ui/drive_host.py)."""

from __future__ import annotations

import json

import pytest

from untranslated import untranslated

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    return json.loads((driver_result("host") / "report.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_no_untranslated_string_on_any_hosted_screen(report, lang):
    bad = []
    for game, row in report["games"][lang].items():
        for t in row["texts"] + row.get("second_texts", []):
            if untranslated(t, lang):
                bad.append(f"{game}: {untranslated(t, lang)}")
    for entered, games in report["games"].items():  # switched into lang from another language
        for game, row in games.items():
            if row["switched"]["lang"] == lang:
                for t in row["switched"]["texts"] + row["switched"].get("second_texts", []):
                    if untranslated(t, lang):
                        bad.append(f"{game} (switched from {entered}): {untranslated(t, lang)}")
    assert not bad, "\n".join(bad)


def test_a_language_switch_redraws_every_hosted_screen(report):
    for entered, games in report["games"].items():
        for game, row in games.items():
            sw = row["switched"]
            direct = report["games"][sw["lang"]][game]
            assert sorted(sw["texts"]) == sorted(direct["texts"]), (game, entered, "->", sw["lang"])
            if "second_texts" in sw:
                assert sorted(sw["second_texts"]) == sorted(direct["second_texts"]), (game, entered, sw["lang"])


def test_a_language_switch_redraws_each_screen_of_every_hosted_game(report):
    """Not only the first: every screen a hosted game offers (Scoop's table and dial,
    Turin Market's table and secret entry, Pergamon's), entered in one language and
    switched to another while shown, reads as when entered in that language."""
    seen = {}
    for entered, games in report["games"].items():
        for game, row in games.items():
            sw = row["switched"]
            direct = report["games"][sw["lang"]][game]["screens"]
            assert set(sw["screens"]) == set(direct) == set(row["screens"]), game
            for name, texts in sw["screens"].items():
                assert sorted(texts) == sorted(direct[name]), (game, name, entered, "->", sw["lang"])
                assert texts != row["screens"][name], (game, name, "the switch changed nothing")
            seen[game] = sorted(sw["screens"])
    assert seen["scoop"] == ["scoop_dial", "scoop_table"] and len(seen["turin-market"]) == 2
