"""The table kit's view data (ui.viewmodels.table; docs/ui.md "The table kit") and a
game filling it: Penny Press's view-models give the banner, the player panels, the
named Undo and the costly decline tap in the kit's forms. The widgets are driven
offscreen by tests/ui/drive_app.py and drive_walk.py (the corrections screen's
UndoButton asks before undoing)."""

from __future__ import annotations

from fake_session import FakeSession

from ui.games.penny_press.viewmodels.corrections import CorrectionsVM
from ui.games.penny_press.viewmodels.live import LiveVM
from ui.games.penny_press.viewmodels.press import PressVM
from ui.viewmodels.table import BannerView, Confirm, PanelView, UndoOffer


def test_banner_and_panels_are_pairs_and_triples_a_screen_may_unpack():
    b = BannerView("Ana: draw a headline card", "red")
    text, colour = b
    assert (text, colour) == ("Ana: draw a headline card", "red") and BannerView("Game over").colour is None
    p = PanelView("blue", "[b]Bo[/b]", True)
    assert tuple(p) == ("blue", "[b]Bo[/b]", True) and not PanelView("red", "Ana").active


def test_undo_offer_says_why_when_nothing_can_be_undone():
    none = UndoOffer.nothing("Nothing to undo")
    assert none == UndoOffer("Nothing to undo", "", False) and not none.enabled and not none.question


def test_a_game_fills_the_kit_banner_panels_in_its_players_colours():
    s = FakeSession(period=0)
    s.step()
    vm = LiveVM(s, "en")
    vm.refresh()
    banner = vm.banner()
    assert isinstance(banner, BannerView) and banner.text
    panels = vm.player_panels()
    assert all(isinstance(p, PanelView) for p in panels)
    assert [p.colour for p in panels] == [p.colour for p in s.players]
    assert sum(p.active for p in panels) == 1
    turn = next(p for p in panels if p.active).colour
    assert banner.colour in (turn, None)


def test_a_game_names_its_undo_and_asks_then_says_why_nothing_is_left():
    s = FakeSession(period=0)
    s.step()
    vm = CorrectionsVM(s, "en")
    vm.select("story", "crime-D3")
    assert vm.set_reporters("red", 1)
    offer = vm.undo_offer()
    assert offer.enabled and offer.label.startswith("Undo: ") and offer.question.startswith("Undo ")
    while vm.undo_offer().enabled:
        assert vm.undo()
    done = vm.undo_offer()
    assert done == UndoOffer.nothing("Nothing to undo")
    vm.lang = "es"
    assert vm.undo_offer().label == "No hay nada que deshacer"


def test_a_costly_tap_carries_its_question():
    s = FakeSession(period=0)
    s.step()
    vm = PressVM(s, "en")
    vm.colour = s.players[0].colour
    c = vm.decline_confirm()
    assert isinstance(c, Confirm) and c.label == vm.decline_label() and c.question == vm.decline_question()
    assert "?" in c.question and "Ana" in c.question  # the player named, asked
