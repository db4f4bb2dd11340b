"""Pergamon's view-model feeds the app's table kit (issue 25) as Penny Press's and
Scoop's do, with no window: the banner is the one thing to do now on the colour of
the player who acts, the panels carry each player's colour, VP, coins, finds and
collections, the undo names the move or says why not, and an entry that cannot be
taken back asks first with the entry named."""

from __future__ import annotations

from companion.games import pergamon as pg
from ui.games.pergamon.viewmodel import PergamonVM
from ui.viewmodels.table import BannerView, PanelView, UndoOffer


def _played(lang: str, until=None):
    setup, actions = pg.random_game(4, 3)
    for p, n in zip(setup["players"], ("Anna", "Ben", "Chen")):
        p["name"] = n
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM(lang)
    vm.update(s)
    for a in actions:
        if until is not None and until(s, a):
            break
        s = pg.apply(s, a)
        vm.update(s, a)
    return s, vm


def test_banner_and_panels_are_the_kits_views_in_the_players_colours():
    s, vm = _played("en", until=lambda st, a: st.phase == "act" and st.turn >= 3)
    banner = vm.banner_view()
    assert isinstance(banner, BannerView)
    assert banner.text == vm._phase_text(s) and banner.colour == s.players[s.current_player].colour
    panels = vm.player_panels()
    assert all(isinstance(p, PanelView) for p in panels)
    assert [p.colour for p in panels] == [p.colour for p in s.players]
    assert [p.active for p in panels] == [i == s.current_player for i in range(3)]
    for i, p in enumerate(panels):
        assert p.text.startswith(f"[b]{('Anna', 'Ben', 'Chen')[i]}[/b]")
        assert f"{s.scores[i]} VP" in p.text and f"{s.coins[i]} coin" in p.text
    for sh in s.shown:        # a collection shown: its marker and plan space, in words
        assert any(f"{'I' * sh.marker}: space {sh.space}" in p.text for p in panels)


def test_the_end_names_the_winner_with_the_panels_totals_and_zh_lists_with_its_own_comma():
    s, vm = _played("zh")
    assert s.is_over
    win = s.final.winners[0]
    banner = vm.banner_view()
    assert banner.colour == s.players[win].colour and str(s.scores[win]) in banner.text
    assert all(f"{v} 胜利点" in p.text for v, p in zip(s.final.scores, vm.player_panels()))
    assert "，" in vm.banner.lines[0] and ", " not in vm.banner.lines[0]


def test_undo_offer_names_the_move_or_says_why_not():
    vm = PergamonVM("es")
    vm.update(pg.new_game_from_dict(pg.random_game(4, 3)[0]))
    offer = vm.undo_offer("Ben toma el espacio de fondos 12")
    assert offer == UndoOffer("Deshacer: Ben toma el espacio de fondos 12",
                              "¿Deshacer: Ben toma el espacio de fondos 12?", True)
    why = vm.undo_offer(None, "Las cartas de fondos ya se robaron")
    assert not why.enabled and why.label == "Las cartas de fondos ya se robaron" and not why.question
    assert vm.undo_offer(None).label == "Nada que deshacer todavía"


def test_an_entry_that_cannot_be_taken_back_asks_first_naming_it_and_a_refused_one_never():
    s = pg.new_game_from_dict(pg.random_game(4, 3)[0])
    vm = PergamonVM("en")
    vm.update(s)
    assert vm.question(("present",)) == ""          # no finds tapped: refused, never asked
    for t in sorted(s.catalog.tiles)[:len(s.open_galleries())]:
        vm.tap(("find", t))
    q = vm.question(("present",))
    assert q and "cannot be taken back" in q and str(s.catalog.tiles[vm.picks[0]].date) in q
    assert vm.question(("find", vm.picks[0])) == ""  # a choice is no entry: nothing asked
    s = pg.apply(s, pg.PresentFinds(tuple(vm.picks)))
    vm.update(s, pg.PresentFinds(tuple(vm.picks)))
    assert vm.question(("backs", ("bag", "bag"))).endswith("cannot be taken back: enter it?")
