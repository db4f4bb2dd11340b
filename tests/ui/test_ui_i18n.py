"""Texts for players (ui/i18n.py): CLDR plural forms through Babel, refusals in the
players' language, messages re-worded after a language switch, story names."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from ui import i18n
from ui.games.penny_press.viewmodels.live import LiveVM
from ui.viewmodels.protocol import Message


@pytest.mark.parametrize("lang,one,two", [("es", "1 reportero en casa", "2 reporteros en casa"),
                                          ("en", "1 reporter home", "2 reporters home"),
                                          ("zh", "1 名记者在家", "2 名记者在家")])
def test_plural_forms_follow_cldr(lang, one, two):
    assert i18n.trn("panel.home", lang, 1) == one
    assert i18n.trn("panel.home", lang, 2) == two
    assert i18n.trn("panel.home", lang, 0) == two.replace("2", "0")  # 0 is "other" in es/en


def test_every_plural_has_its_other_form():
    ones = {k[:-4] for k in i18n.TEXTS if k.endswith(".one")}
    assert ones and all(f"{k}.other" in i18n.TEXTS for k in ones)


def test_session_refusals_are_shown_in_the_players_language():
    from ui.session import _refuse

    exc = _refuse("cannot_press", "red cannot go to press now: nothing claimed", colour="red", detail="x")
    assert isinstance(exc, CompanionError)
    assert i18n.error_text(exc, "es") == "rojo no puede ir a imprenta ahora"
    assert i18n.error_text(exc, "zh") == "红 现在不能付印"
    assert i18n.error_text(CompanionError("plain"), "es") == "plain"  # unknown: its own text


def test_a_message_is_reworded_after_a_language_switch():
    class S:
        players = ()

        def subscribe(self, cb):
            pass

        def table(self):
            return None

        def adjustments(self):
            return []

    vm = LiveVM(S(), "en")
    vm.messages = [Message("draw a headline card and lay it face up", "info", "", "draw_card", ())]
    assert "draw a headline card" in vm.message_rows()[0][0]
    vm.lang = "es"
    assert "roba una carta de titular" in vm.message_rows()[0][0]


def test_stories_are_named_never_by_id():
    for lang in i18n.LANGS:
        name = i18n.component_name("crime-C2", lang)  # by the game that has it (its texts)
        assert "crime-C2" not in name and "★★" in name and "2×2" in name
    assert i18n.component_name("no-such-story", "es") is None
    assert i18n.person("green", "es") == "Verde" and i18n.person("Ana", "es") == "Ana"


def test_the_game_picker_offers_only_games_the_app_hosts():
    from companion import registry
    from ui.viewmodels.start import StartVM, app_games

    from dataclasses import replace

    from ui import hosting

    ids = [g.id for g in app_games()]
    assert "penny-press" in ids
    assert all(hosting.hosts(registry.get(i)) for i in ids)
    # a screens module without the hosting contract (new_setup, app_screens) is not offered
    pp = registry.get("penny-press")
    assert not hosting.hosts(replace(pp, screens="ui.games")) and not hosting.hosts(replace(pp, screens="ui.nowhere"))
    assert StartVM("zh").games()[0] == ("penny-press", registry.get("penny-press").name("zh"))


def test_a_hosted_game_takes_its_own_player_count_and_no_camera(tmp_path):
    from ui.viewmodels.protocol import PlayerSetup
    from ui.viewmodels.start import StartVM

    vm = StartVM("es", camera=None, journal_dir=tmp_path)
    vm.variant_strike = True
    vm.choose_game("pergamon")  # 2 to 4 players, read by taps on its own screen
    assert vm.hosted() and not vm.variant_strike
    vm.players = [PlayerSetup(c, n) for c, n in zip(("red", "blue", "green", "yellow"), ("Ana", "Bo", "Chen", "Dai"))]
    assert vm.validate() == []
    vm.players.append(PlayerSetup("black", "Eva"))
    assert vm.validate() == [i18n.tr("err.players_range", "es", n=5, low=2, high=4)]
    vm.choose_game("penny-press")  # its own checks, unchanged
    assert not vm.hosted() and i18n.tr("err.no_source", "es") in vm.validate()
