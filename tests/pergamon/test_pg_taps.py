"""Pergamon by taps: every entry a player makes on the Pergamon screen (finds turned
up, card backs, a figure on a funds space, the cards' coins, digging, a collection
with polish and marker, storage or discard) becomes the engine's action through the
view-model's entry panel; a whole game is played by taps alone, and an illegal entry
is refused in the player's language with the rule named, nothing changed."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.errors import RuleError
from companion.games import pergamon as pg
from ui.games.pergamon.texts import refusal_text
from ui.games.pergamon.viewmodel import PergamonVM


def _keys(vm) -> set:
    return {t.key for g in vm.entry for t in g.taps}


def _tap(vm, key):
    assert key in _keys(vm), (key, vm._state.phase)
    assert not any(t.disabled for g in vm.entry for t in g.taps if t.key == key), key   # offered, tappable
    return vm.tap(key)


def taps_for(vm, action):
    """Tap the buttons that enter ``action``; returns the action the VM completes."""
    if isinstance(action, pg.PresentFinds):
        for t in action.finds:
            _tap(vm, ("find", t))
        return _tap(vm, ("present",))
    if isinstance(action, pg.DrawFunds):
        return _tap(vm, ("backs", tuple(sorted(action.backs))))
    if isinstance(action, pg.PlaceFigure):
        return _tap(vm, ("space", action.space))
    if isinstance(action, pg.RevealFunds):
        b = vm._state.backs
        cat = vm._state.catalog
        a, c = action.cards
        if not (a in cat.backs[b[0]] and c in cat.backs[b[1]]):
            a, c = c, a
        _tap(vm, ("card", 0, a))
        _tap(vm, ("card", 1, c))
        return _tap(vm, ("reveal",))
    if isinstance(action, pg.Dig):
        return _tap(vm, ("dig", action.gallery))
    if isinstance(action, pg.Exhibit):
        for t in action.finds:
            _tap(vm, ("row", t))
        _tap(vm, ("polish", action.polish))
        if action.marker is not None:
            _tap(vm, ("marker", action.marker))
        return _tap(vm, ("exhibit",))
    if isinstance(action, pg.Store):
        for t in action.discard:
            _tap(vm, ("discard", t))
        return _tap(vm, ("store",))
    raise AssertionError(action)


def _same(a, b) -> bool:
    if isinstance(a, pg.DrawFunds):
        return isinstance(b, pg.DrawFunds) and sorted(a.backs) == sorted(b.backs)
    if isinstance(a, pg.RevealFunds):
        return isinstance(b, pg.RevealFunds) and sorted(a.cards) == sorted(b.cards)
    if isinstance(a, pg.PresentFinds):
        return isinstance(b, pg.PresentFinds) and sorted(a.finds) == sorted(b.finds)
    if isinstance(a, pg.Exhibit) and isinstance(b, pg.Exhibit):
        return (a.player, a.finds, a.polish) == (b.player, b.finds, b.polish) and (
            a.marker == b.marker or a.marker is None)
    return a == b


@pytest.mark.parametrize("seed, n", [(3, 3), (8, 2), (21, 4)])
def test_a_whole_game_played_by_taps_reaches_the_engines_vp(seed, n):
    setup, actions = pg.random_game(seed, n)
    want = pg.new_game_from_dict(setup)
    for a in actions:
        want = pg.apply(want, a)
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM("en")
    vm.update(s)
    for a in actions:
        got = taps_for(vm, a)
        assert got is not None and _same(a, got), (a, got)
        s = pg.apply(s, got)
        vm.update(s, got)
        assert [p.vp for p in vm.players] == list(s.scores)
        assert [p.coins for p in vm.players] == list(s.coins)
    assert s.is_over and s.final.scores == want.final.scores
    assert vm.entry == []


def _refuse(state, action, lang):
    with pytest.raises(RuleError) as exc:
        pg.apply(state, action)
    return refusal_text(exc.value, state, lang)


def test_illegal_taps_are_refused_in_the_players_language_naming_the_rule():
    setup, actions = pg.random_game(3, 3)
    s = pg.new_game_from_dict(setup)
    s = replace(s, players=tuple(replace(p, name=nm) for p, nm in zip(s.players, ("Anna", "Ben", "Cleo"))))
    vm = PergamonVM("es")
    vm.update(s)
    # presentation with too few finds
    vm.tap(("find", sorted(s.catalog.tiles)[0]))
    assert vm.tap(("present",)) is None       # refused before it is asked (see below)
    act = pg.PresentFinds(tuple(vm.picks))
    text = _refuse(s, act, "es")
    assert vm.check(act) == text
    # in words a player understands: no rule-section code (issue 25)
    assert text == "Toma exactamente 5 hallazgos: hay sitio en 5 galerías"
    vm.refused(text)
    assert vm.refusal == text and vm.picks  # nothing lost: the choice stays for a correction
    zh = _refuse(s, act, "zh")
    assert "Presentation" not in zh and "1." not in zh and "帕加马" not in zh and "5" in zh
    # play on to the first player's turn to act, then dig too deep / an empty gallery
    i = 0
    while not (s.phase == "act" and s.current_player is not None):
        s = pg.apply(s, actions[i])
        i += 1
    p = s.current_player
    deepest = s.catalog.space(s.figures[p]).deepest
    if deepest < 5:
        t = _refuse(s, pg.Dig(p, 5), "es")
        assert t.startswith("El espacio de fondos") and "I-" in t and "3A" not in t
    s2 = replace(s, galleries=((),) + s.galleries[1:])
    assert _refuse(s2, pg.Dig(p, 1), "en") == "Gallery I is empty"
    assert _refuse(s2, pg.Dig(p, 1), "zh") == "第 I 层是空的"
    poor = replace(s, coins=tuple(0 for _ in s.coins))
    assert _refuse(poor, pg.Dig(p, 1), "es") == f"La galería I cuesta 1 moneda; {['Anna', 'Ben', 'Cleo'][p]} tiene 0 monedas"
    # a bid out of turn names whose turn it is
    s3 = pg.new_game_from_dict(setup)
    for a in actions[:2]:
        s3 = pg.apply(s3, a)
    other = (s3.current_player + 1) % 3
    t = _refuse(s3, pg.PlaceFigure(other, 13), "es")
    assert t == f"Es el turno de Jugador {s3.current_player + 1}"


def test_tapped_entries_go_through_the_rules_into_the_journal(tmp_path):
    """The screen's taps journal through ui.hosting.GameHost (source 'player'); a
    refused one leaves the journal as it was; a confirmed payment is a note."""
    from companion.journal import Journal
    from ui.games.pergamon.screen import confirmed, enter
    from ui.hosting import GameHost

    setup, actions = pg.random_game(5, 3)
    host = GameHost(Journal.create(tmp_path / "pg.sqlite", "pergamon", setup), "es")
    vm = PergamonVM("es")
    vm.update(host.state)
    for a in actions[:12]:
        assert enter(host, taps_for(vm, a)) is None
        vm.update(host.state, host.journal.actions()[-1])
    n = len(host.journal.actions())
    st = host.state
    bad = pg.PlaceFigure(0, 1) if st.phase != "bid" else pg.Dig(0, 1)
    text = enter(host, bad)
    assert text and "Pergamon" not in text and len(host.journal.actions()) == n and host.state == st
    assert not confirmed(host.journal)
    host.journal.note({"pergamon": "confirmed", "after": n}, source="player")
    assert confirmed(host.journal)
    again = Journal.open(tmp_path / "pg.sqlite")
    assert {e.source for e in again.events if e.kind == "action"} == {"player"}
    assert again.state.scores == st.scores and confirmed(again)


def test_the_polish_stepper_offers_exactly_what_the_rules_accept():
    """Every polish value the entry panel offers is accepted with a collection the
    player holds, and the next value up is refused (coins, or the polish cap before
    the last turn): the stepper never offers what the rules would refuse (LEFTOVERS
    uipolish 2)."""
    from companion.games.pergamon.engine import collections_in_hand

    checked = 0
    for seed in (4, 11):
        setup, actions = pg.random_game(seed, 3)
        s = pg.new_game_from_dict(setup)
        for a in actions:
            if s.phase == "act" and s.current_player is not None and s.hands[s.current_player]:
                p = s.current_player
                rows = collections_in_hand(s, p)
                used = s.markers_in_museum(p)
                marker = None if len(used) < s.catalog.markers else sorted(used)[0]
                vm = PergamonVM("en")
                vm.update(s)
                offered = sorted(t.key[1] for g in vm.entry for t in g.taps if t.key[0] == "polish")
                assert offered == list(range(len(offered)))
                if rows:
                    for c in offered:
                        pg.apply(s, pg.Exhibit(p, rows[0], c, marker))          # accepted
                    if offered[-1] + 1 <= 24:
                        with pytest.raises(RuleError):
                            pg.apply(s, pg.Exhibit(p, rows[0], offered[-1] + 1, marker))
                    checked += 1
            s = pg.apply(s, a)
    assert checked >= 10


def test_exhibit_is_disabled_saying_why_when_the_rules_refuse_the_row():
    """Exhibit shows a value only for what the engine accepts (the engine's legal
    collections, the exact row, polish and marker through preview_exhibit); with no
    finds chosen, or a row the rules refuse, it is disabled, says why in the players'
    language (the rule named) and a tap journals nothing (LEFTOVERS uipolish)."""
    from itertools import permutations

    setup, actions = pg.random_game(3, 3)
    s = pg.new_game_from_dict(setup)
    for a in actions:
        if isinstance(a, pg.Exhibit) and len(s.hands[a.player]) >= 3:
            break
        s = pg.apply(s, a)
    else:
        raise AssertionError("no exhibit in the game")
    p = a.player

    def exhibit(vm):
        return next(t for t in vm.actions if t.key == ("exhibit",))

    vm = PergamonVM("es")
    vm.update(s)
    assert exhibit(vm).disabled and vm.tap(("exhibit",)) is None          # no finds chosen
    vm.tap(("row", a.finds[0]))                                            # one find: too few
    one = exhibit(vm)
    assert one.disabled and one.label == _refuse(s, pg.Exhibit(p, a.finds[:1]), "es")
    assert "puntos" not in one.label and vm.tap(("exhibit",)) is None
    bad = next(pair for pair in permutations(sorted(s.hands[p]), 2)
               if not any(isinstance(x, pg.Exhibit) and x.finds == pair for x in pg.legal_actions(s)))
    with pytest.raises(RuleError):
        pg.apply(s, pg.Exhibit(p, bad))
    vm = PergamonVM("zh")
    vm.update(s)
    for t in bad:
        vm.tap(("row", t))
    refused = exhibit(vm)
    assert refused.disabled and refused.label == _refuse(s, pg.Exhibit(p, bad), "zh")
    assert vm.tap(("exhibit",)) is None
    # every collection the engine offers is enabled with the engine's points
    for legal in [x for x in pg.legal_actions(s) if isinstance(x, pg.Exhibit)][:6]:
        vm = PergamonVM("en")
        vm.update(s)
        got = taps_for(vm, legal)
        v = pg.preview_exhibit(s, legal).shown.value
        assert _same(legal, got)
        vm = PergamonVM("en")
        vm.update(s)
        for t in legal.finds:
            vm.tap(("row", t))
        vm.tap(("polish", legal.polish))
        if legal.marker is not None:
            vm.tap(("marker", legal.marker))
        assert not exhibit(vm).disabled and exhibit(vm).label.startswith(f"Show it: {v} points")


def _act_state(seed=3, n=3):
    setup, actions = pg.random_game(seed, n)
    s = pg.new_game_from_dict(setup)
    s = replace(s, players=tuple(replace(p, name=nm) for p, nm in zip(s.players, ("Anna", "Ben", "Cleo", "Dana"))))
    i = 0
    while not (s.phase == "act" and s.current_player is not None and not s.acted):
        s = pg.apply(s, actions[i])
        i += 1
    return s


def test_a_dig_the_player_cannot_pay_is_shown_disabled_saying_why_in_words():
    """Issue 25: "Dig I · 1 coin" was offered to a player with 0 coins, then refused
    as "Pergamon: 3A. Digging: ...". A gallery the player cannot pay for is shown
    disabled, its label the cost and what they have, in words, no rule code; a tap on
    it journals nothing; one they can pay is offered, and the engine accepts it."""
    s = _act_state()
    p = s.current_player
    deepest = s.catalog.space(s.figures[p]).deepest
    open_ = [g for g in range(1, deepest + 1) if s.galleries[g - 1]]
    assert open_
    poor = replace(s, coins=tuple(0 if i == p else c for i, c in enumerate(s.coins)))
    for lang, want in (("en", "Gallery I costs 1 coin: {who} has only 0 coins"),
                       ("es", "La galería I cuesta 1 moneda: {who} solo tiene 0 monedas")):
        vm = PergamonVM(lang)
        vm.update(poor)
        digs = [t for g in vm.entry for t in g.taps if t.key[0] == "dig"]
        assert digs and all(t.disabled and not t.primary for t in digs)
        first = next(t for t in digs if t.key == ("dig", open_[0]))
        if open_[0] == 1:
            assert first.label == want.format(who=vm.name(p))
        assert not any(ch in first.label for ch in ("3A", "Pergamon", "·"))
        assert vm.tap(first.key) is None
    one = replace(s, coins=tuple(1 if i == p else c for i, c in enumerate(s.coins)))
    vm = PergamonVM("en")
    vm.update(one)
    for t in (t for g in vm.entry for t in g.taps if t.key[0] == "dig"):
        assert t.disabled == (t.key[1] > 1)
        if not t.disabled:
            pg.apply(one, vm.tap(t.key))              # offered: the rules accept it
            assert t.label.startswith(f"Dig gallery I: ") and t.label.endswith(" for 1 coin")


def test_funds_spaces_are_said_in_words():
    """Issue 25: funds read "12: 5 · I-V". Each free space says what it gives in
    words (coins, the galleries its figure may dig); a taken one says by whom and
    cannot be tapped."""
    setup, actions = pg.random_game(3, 3)
    s = pg.new_game_from_dict(setup)
    i = 0
    while s.phase != "bid":
        s = pg.apply(s, actions[i])
        i += 1
    s = pg.apply(s, actions[i])                        # the first figure placed
    taken = next(iter(s.occupied_spaces()))
    for lang in ("en", "es", "zh"):
        vm = PergamonVM(lang)
        vm.update(s)
        taps = {t.key[1]: t for g in vm.entry for t in g.taps if t.key[0] == "space"}
        assert len(taps) == s.catalog.n_funds_spaces
        assert taps[taken].disabled and vm.tap(("space", taken)) is None
        assert vm.name(s.occupied_spaces()[taken]) in taps[taken].label
        for sp, t in taps.items():
            assert "·" not in t.label and not re.search(r"^\d+:", t.label), t.label
    vm = PergamonVM("en")
    vm.update(s)
    fs = s.catalog.space(12)
    label = next(t.label for g in vm.entry for t in g.taps if t.key == ("space", 12))
    if 12 != taken:
        assert label == f"Space 12: up to {fs.coins} coins, dig galleries I to {'I' * 0 or ['', 'I', 'II', 'III', 'IV', 'V'][fs.deepest]}"


def test_an_entry_that_cannot_be_taken_back_is_refused_before_it_is_asked():
    """The finds turned up, the card backs drawn and the cards turned over cannot be
    taken back (the app asks first): while the rules would refuse them, their button
    is disabled saying why in words, so the question is never asked about an entry
    that is then refused."""
    setup, actions = pg.random_game(3, 3)
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM("es")
    vm.update(s)
    present = actions[0]
    assert isinstance(present, pg.PresentFinds) and len(present.finds) == 5
    for k, t in enumerate(present.finds[:4], 1):
        vm.tap(("find", t))
        (done,) = vm.actions
        assert done.disabled and done.label == f"Toca primero 5 hallazgos ({k} de 5 tocados)"
        assert vm.tap(("present",)) is None and vm.check(pg.PresentFinds(tuple(vm.picks)))
    vm.tap(("find", present.finds[4]))
    (done,) = vm.actions
    assert not done.disabled and done.label == "Colócalos en las galerías (5 de 5)"
    assert _same(vm.tap(("present",)), present) and vm.check(present) == ""
    # a find turned up already cannot be tapped again; the backs: each draw the deck gives
    i = 0
    while not isinstance(actions[i], pg.RevealFunds):
        s = pg.apply(s, actions[i])
        i += 1
    vm.update(s, actions[i - 1])
    (reveal,) = vm.actions
    assert reveal.disabled and reveal.label == "Toca primero las monedas de las dos cartas"
    b = s.backs
    a, c = actions[i].cards
    if not (a in s.catalog.backs[b[0]] and c in s.catalog.backs[b[1]]):
        a, c = c, a
    vm.tap(("card", 0, a))
    assert vm.actions[0].disabled and vm.tap(("reveal",)) is None
    vm.tap(("card", 1, c))
    assert not vm.actions[0].disabled and _same(vm.tap(("reveal",)), actions[i])
    for lang, want in (("en", "Tap the coins of both cards first"), ("zh", "先点选两张卡各自的硬币数")):
        other = PergamonVM(lang)
        other.update(s, actions[i - 1])
        assert other.actions[0].disabled and other.actions[0].label == want



@pytest.mark.parametrize("lang, word", [("en", " and "), ("es", " y "), ("zh", "和")])
def test_a_find_is_named_in_words_never_with_a_pipe(lang, word):
    """Every player-facing text naming a find (the confirmations, replay and demo via
    describe_action, the entry panel's finds) says its two objects as players do:
    ``103 bracelet and mask``, never ``103 bracelet|mask``."""
    from companion.games.pergamon.texts import describe_action, find_name

    setup, actions = pg.random_game(3, 3)
    s = pg.new_game_from_dict(setup)
    cat = s.catalog
    names = [find_name(t, lang, cat) for t in cat.tiles]
    assert all("|" not in n and word in n for n in names), names[:3]
    t = next(iter(cat.tiles.values()))
    assert find_name(t.id, lang, cat).startswith(f"{t.date} ")
    vm = PergamonVM(lang)
    vm.update(s)
    seen = 0
    for a in actions:
        text = describe_action(a, s, lang)
        assert "|" not in text, text
        s = pg.apply(s, a)
        vm.update(s, a)
        labels = [tap.label for g in vm.entry for tap in g.taps] + [vm.banner.text, *vm.banner.lines, *vm.todo]
        assert not any("|" in x for x in labels), [x for x in labels if "|" in x]
        seen += any(word in x for x in labels)
    assert seen                                   # the finds in hand were named on the panel


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_more_finds_tapped_than_turned_up_says_how_many_to_untap(lang):
    """Presentation (Pergamon, 1): a sixth find tapped when five turned up is not
    "tap 5 first (6 of 5)": the button says to untap the extra one, in words."""
    s = pg.new_game_from_dict(pg.random_game(3, 3)[0])
    vm = PergamonVM(lang)
    vm.update(s)
    n = len(s.open_galleries())
    for t in sorted(s.catalog.tiles)[: n + 1]:
        vm.tap(("find", t))
    assert len(vm.picks) == n + 1
    done = next(t for g in vm.entry for t in g.taps if t.key == ("present",))
    assert done.disabled
    from ui.games.pergamon.texts import tr

    assert done.label == tr("e_present_many", lang, n=n, m=1, k=n + 1)
    assert str(n + 1) in done.label and (lang != "en" or "untap" in done.label)
