"""Every text the hosted games' view-models give their screens, walked over whole
seeded games in es, en and zh (Kivy-free, so every state is seen, not only the first
screen): no English word of the app's texts, story id or colour code (es, zh), no
component id, path or tag payload in any language (tests/ui/untranslated.py, the
walk test's detectors)."""

from __future__ import annotations

import dataclasses

import pytest

from untranslated import shown_id, untranslated


def _bad(texts, lang) -> set:
    """Untranslated texts (es, zh) and ids or paths (any language) among ``texts``."""
    return ({untranslated(t, lang) for t in texts} | {shown_id(t) for t in texts}) - {""}


#: Dataclass fields that hold codes for drawing or tapping, never shown as text.
CODES = {"colour", "key", "marker", "card", "cards"}


def _strings(x, out: list, depth: int = 0) -> list:
    """Every str in ``x`` (dataclasses, lists, tuples, dicts), for the detector."""
    if depth > 4:
        return out
    if isinstance(x, str):
        out.append(x)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        if type(x).__module__.startswith("companion."):
            return out  # an engine action a button journals: never shown
        for f in dataclasses.fields(x):
            if f.name not in CODES:
                _strings(getattr(x, f.name), out, depth + 1)
    elif isinstance(x, (list, tuple)):
        for y in x:
            _strings(y, out, depth + 1)
    elif isinstance(x, dict):
        for y in x.values():
            _strings(y, out, depth + 1)
    return out


def _turin_texts(state, lang) -> list[str]:
    from ui.games.turin_market.viewmodel import TableVM

    vm = TableVM(state, lang)
    out: list = []
    for part in ("headline", "round_title", "centre_text", "guess_note", "bid_rows", "pick_lines", "panels",
                 "payouts", "final_lines", "sales", "taps", "offer_entries"):
        x = getattr(vm, part)
        _strings(x() if callable(x) else x, out)
    return out


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_turin_market_screens_over_a_whole_game(lang):
    from companion.games import turin_market as tm

    bad, seen = set(), set()
    for seed, n in ((3, 3), (8, 5)):
        setup, actions = tm.random_game(seed, n)
        s = tm.new_game_from_dict(dict(setup, players=[{"name": nm} for nm in ("Ana", "Bo", "Chen", "", "")[:n]]))
        for a in actions:
            s = tm.apply(s, a)
            texts = _turin_texts(s, lang)
            seen |= set(texts)
            bad |= _bad(texts, lang)
    assert len(seen) > 100  # the walk saw the screens' texts, not an empty surface
    assert not bad, "\n".join(sorted(bad))


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_pergamon_screen_over_a_whole_game(lang):
    from companion.games import pergamon as pg
    from ui.games.pergamon.viewmodel import PergamonVM

    setup, actions = pg.random_game(4, 3)
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM(lang=lang)
    bad, seen = set(), set()
    for a in actions:
        s = pg.apply(s, a)
        vm.update(s, a)
        texts = _strings([getattr(vm, k, None) for k in ("title", "banner", "players", "plan", "galleries", "entry",
                                                           "eval_steps", "eval_shown", "refusal")], [])
        seen |= set(texts)
        bad |= _bad(texts, lang)
    assert len(seen) > 100
    assert not bad, "\n".join(sorted(bad))


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_scoop_table_over_a_whole_game(lang):
    from companion.games import scoop as sc
    from ui.games.scoop.table_vm import TableVM

    class Host:  # what the table's view-model reads of ui.hosting.GameHost
        state = None
        journal = None

    setup, actions = sc.random_game(3, 4)
    s, host = sc.new_game_from_dict(setup), Host()
    bad, seen = set(), set()
    for a in actions:
        s = sc.apply(s, a)
        host.state = s
        vm = TableVM(host, lang)
        texts = vm.players_lines() + [vm.prompt()] + [c.label for c in vm.choices()]
        seen |= set(texts)
        bad |= _bad(texts, lang)
    assert len(seen) > 50  # prompts, players and choices of every turn
    assert not bad, "\n".join(sorted(bad))
