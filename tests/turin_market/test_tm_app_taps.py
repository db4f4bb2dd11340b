"""Turin Market in the app by taps alone (Kivy-free): the start screen's setup
(ui.games.turin_market.screens.new_setup: centre cards dealt for 4-5 players, the
payment card chosen, a series of 3), then whole games for 2, 3, 4 and 5 players
played through the GameHost with the view-models' own buttons (pass the tablet,
picks, sales, passes, loans), to the engine's final scores."""

from __future__ import annotations

import random

import pytest

from companion import registry
from companion.games import turin_market as tm
from ui import hosting
from ui.games.turin_market import screens as S
from ui.games.turin_market.viewmodel import PassTabletVM, TableVM, sale_rows
from ui.viewmodels.protocol import PlayerSetup

NAMES = ("Ana", "Bo", "Chen", "Dee", "Eve")
COLOURS = ("red", "blue", "green", "yellow", "purple")


def _players(n):
    return [PlayerSetup(COLOURS[i], NAMES[i]) for i in range(n)]


def _host(tmp_path, n, options=None, seed=11):
    spec = registry.get("turin-market")
    setup = S.new_setup(_players(n), seed, options)
    from companion.journal import Journal

    return hosting.GameHost(Journal.create(tmp_path / f"tm{n}.sqlite", spec.id, setup), "en", tuple(_players(n)))


@pytest.mark.parametrize("n,centre", [(2, 0), (3, 0), (4, 2), (5, 3)])
def test_the_start_setup_deals_the_centre_cards_the_rules_ask_for(n, centre):
    setup = S.new_setup(_players(n), 12345)
    assert len(setup["centre"]) == centre and len(set(setup["centre"])) == centre
    state = tm.new_game_from_dict(setup)        # refused before: 4-5 players got no centre card
    assert state.n_players == n
    assert S.new_setup(_players(n), 12345) == setup     # the seed decides the deal


def test_the_payment_card_and_series_are_start_screen_choices():
    opts = dict((k, [v for v, _ in vals]) for k, _, vals in S.setup_options("es"))
    assert opts["payment_card"] == ["classic", "red"] and opts["series"] == ["1", "3"]
    labels = {k: [lab for _, lab in vals] for k, _, vals in S.setup_options("zh")}
    assert all(lab and "red" not in lab for lab in labels["payment_card"])
    setup = S.new_setup(_players(3), 5, {"payment_card": "red", "series": "3"})
    assert tm.new_game_from_dict(setup).payment_card == "red" and setup["series"] == {"games": 3, "scores": []}
    with pytest.raises(ValueError):
        S.new_setup(_players(3), 5, {"payment_card": "blue"})


def _tap_secret(host, rng):
    vm = PassTabletVM(host.state, "en")
    used = set()
    while vm.mode != "reveal":
        assert vm.mode == "handover"
        vm.ready()
        if vm.kind == "card":
            choices = [c for c, words in vm.card_choices if c not in used]
            assert all(not w.startswith("T") for _, w in vm.card_choices)   # named by goods, not ids
            vm.set_value(rng.choice(choices))
            used.add(vm.value)
        else:
            vm.set_value(rng.randint(0, vm.limit))
        assert vm.confirm(), vm.error
    assert host.apply(vm.reveal()) is None


def play_by_taps(host, rng, max_steps=2000):
    """Play ``host``'s game to its end choosing among the buttons the view-models
    show now; returns the final state."""
    for _ in range(max_steps):
        state = host.state
        if state.final is not None:
            return state
        vm = TableVM(state, "en")
        if vm.needs_secret_entry:
            _tap_secret(host, rng)
            continue
        taps = vm.taps()
        if state.phase == "picks":
            assert taps and all(not t.startswith("T") for t, _ in taps)
        if state.phase == "sell" and rng.random() < 0.5:
            entry = vm.offer_entries()[0]
            if entry.cards and state.available(entry.seat) >= 1:
                entry.card = rng.choice(entry.cards)
                entry.step(rng.randint(0, 3))
                if not vm.check(entry.action()):
                    assert host.apply(entry.action()) is None
                    continue
        buys = [a for r in sale_rows(state, "en") for _, a in r.buys]
        if buys and rng.random() < 0.2:
            a = rng.choice(buys)
            if not vm.check(a):
                assert host.apply(a) is None
                continue
        loans = vm.loan_taps()
        if loans and rng.random() < 0.05:
            assert host.apply(loans[0][1]) is None
            continue
        assert taps, f"no button on screen in phase {state.phase}"
        text, action = rng.choice(taps)
        assert host.apply(action) is None, text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_whole_game_by_taps_for_every_player_count(tmp_path, n):
    host = _host(tmp_path, n, seed=100 + n)
    final = play_by_taps(host, random.Random(n))
    replay = tm.new_game_from_dict(host.journal.setup)
    for a in host.journal.actions():
        replay = tm.apply(replay, a)
    assert final.final.scores == replay.final.scores
    assert TableVM(final, "en").headline().startswith("Game over")
    host.journal.close()


def test_a_series_of_three_adds_up_each_game(tmp_path):
    host = _host(tmp_path, 3, {"series": "3", "payment_card": "red"})
    rng = random.Random(3)
    scores = []
    for k in range(3):
        final = play_by_taps(host, rng)
        scores.append(list(final.final.scores))
        assert S.series_lines(final, host.journal, "en")[0] == f"Game {k + 1} of 3"
        if k < 2:
            S.next_series_game(host)
            assert host.state.final is None and host.state.payment_card == "red"
    lines = S.series_lines(host.state, host.journal, "en")
    totals = [sum(g[p] for g in scores) for p in range(3)]
    assert lines[1].startswith("Series over:") and str(max(totals)) in lines[1]
    S.next_series_game(host)        # the series is over: no fourth game
    assert host.state.final is not None
    host.journal.close()


def test_the_next_game_of_a_series_moves_the_camera_session_to_its_journal(tmp_path):
    from play.demo import load_recording
    from play.recordings import recording_dir
    from ui.viewmodels.protocol import SessionConfig

    host = _host(tmp_path, 3, {"series": "3"})
    play_by_taps(host, random.Random(8))
    rec = load_recording(recording_dir("turin-market-4p"))

    class OldCamera:   # the finished game's camera session: only stopped
        stopped = False
        config = SessionConfig(game="turin-market", players=tuple(_players(3)), camera=None,
                               recording=str(rec.source), journal_dir=str(tmp_path))

        def stop(self):
            self.stopped = True

    old = host.camera = OldCamera()
    got = []
    S.next_series_game(host, got.append)
    try:
        assert old.stopped and got == [host.camera] and host.camera.runner.journal is host.journal
        assert host.state.final is None and S.series_of(host.journal)[1] != []
    finally:
        host.camera.stop()
        host.journal.close()
