"""Scoop's observer (companion/games/scoop/observer.py): every Claim and Reserve of
seeded random games, laid out on the table as the camera would see it (call area,
reserve spaces; hands never shown), is read back as the same play; while the engine
waits for the dial or an answer the observer says so; a set shown twice is claimed
once; an illegal set is rejected with the rule and nothing changes."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.scoop import engine
from companion.games.scoop.observer import ScoopObserver
from companion.games.scoop.tags import catalog_ids, card_of
from companion.table import Sighting, TableSnapshot


class Copies:
    """Hands out distinct physical copies (tag component ids) of engine cards."""

    def __init__(self):
        self.by_card: dict[str, list[str]] = {}
        for cid in catalog_ids():
            if cid[:cid.rfind(".")] and "." in cid:
                self.by_card.setdefault(card_of(cid), []).append(cid)
        self.used: Counter = Counter()

    def take(self, card: str) -> str:
        i = self.used[card]
        self.used[card] += 1
        return self.by_card[card][i]


def table(state, call_seat=None, call_cards=(), reserves=None, still=True) -> TableSnapshot:
    """A snapshot: each seat's reserve spaces (``reserves`` seat -> list of lists, else
    the engine's), ``call_cards`` in ``call_seat``'s call area."""
    cp = Copies()
    sights = []
    for seat, p in enumerate(state.players):
        res = (reserves or {}).get(seat, p.reserve)
        for i, sp in enumerate(res):
            for c in sp:
                sights.append(Sighting(cp.take(c), f"mat-{p.spec.colour}", f"reserve:{i}", 140 + 100 * i, 280))
    for c in call_cards:
        sights.append(Sighting(cp.take(c), f"mat-{state.players[call_seat].spec.colour}", "call", 400, 280))
    return TableSnapshot(0.0, tuple(sights), (), still)


def seen_for(state, action) -> TableSnapshot:
    """What the table shows once ``action`` (a Claim or Reserve) is laid out."""
    reserves = {s: [list(sp) for sp in p.reserve] for s, p in enumerate(state.players)}
    if isinstance(action, engine.Claim):
        call = list(action.hand)
        for i in action.reserve:
            call += reserves[action.player][i]
            reserves[action.player][i] = []
        if action.victim is not None:
            for c in action.captured:
                for sp in reserves[action.victim]:
                    if c in sp:
                        sp.remove(c)
                        break
            call += list(action.captured)
        return table(state, action.player, call, reserves)
    for c, i in zip(action.cards, action.spaces):
        reserves[action.player][i].append(c)
    return table(state, reserves=reserves)


def observe_play(state, a):
    """The observer's reading of Claim/Reserve ``a`` laid out; an advert is then laid
    on the page (it waits for its card until then)."""
    obs = ScoopObserver()
    out = obs.observe(state, seen_for(state, a))
    if out.status == "waiting" and out.reports and out.reports[0].key == "scoop.lay_story":
        from companion.games.scoop.tabletop import table_of

        after = engine.apply(state, a)
        out = obs.observe(state, TableSnapshot(1.0, _mat_sightings(after, table_of(after)), (), True))
    return out


def norm(action) -> dict:
    d = engine.action_to_dict(action)
    d.pop("value", None)
    return {k: sorted(v) if isinstance(v, list) else v for k, v in d.items()}


@pytest.mark.parametrize("seed", range(6))
def test_every_claim_and_reserve_of_a_game_is_read_back(seed):
    setup, actions = engine.random_game(seed, 3 + seed % 2)
    state = engine.new_game_from_dict(setup)
    kinds = Counter()
    for a in actions:
        if isinstance(a, (engine.Claim, engine.Reserve)):
            obs = ScoopObserver()
            assert obs.observe(state, table(state)).status == "same"
            out = obs.observe(state, seen_for(state, a))
            if isinstance(a, engine.Claim) and a.kind.startswith("ad-") and state.piles["adverts"]:
                # an advert waits for its card laid on the page, then takes its printed value
                assert out.status == "waiting" and out.reports[0].key == "scoop.lay_story", out.reports
                from companion.games.scoop.tabletop import table_of

                after = engine.apply(state, a)
                out = obs.observe(state, TableSnapshot(1.0, _mat_sightings(after, table_of(after)), (), True))
                assert out.status == "action", out
                # the card seen laid (or, the space full and the page unchanged, one that went under)
                assert engine.apply(state, out.action).players[a.player].page == after.players[a.player].page
                kinds["advert laid"] += 1
            assert out.status == "action", (a, out.reports)
            assert norm(out.action) == norm(a)
            kinds[type(a).__name__ + ("+reserve" if getattr(a, "reserve", ()) else "")
                  + ("+scoop" if getattr(a, "victim", None) is not None else "")] += 1
        elif state.pending is not None and state.pending["kind"] == "call":
            out = ScoopObserver().observe(state, table(state))
            assert out.status == "waiting" and out.reports[0].key == "scoop.dial"
            assert dict(out.reports[0].params)["number"] == state.pending["number"]
        state = engine.apply(state, engine.resolve_action(state, a))
    assert sum(n for k, n in kinds.items() if k.startswith("Claim")) > 0 and kinds["Reserve"] > 0


def test_reserve_claims_and_captures_occur_in_the_games_read():
    got = Counter()
    for seed in range(6, 30):
        setup, actions = engine.random_game(seed, 4)
        state = engine.new_game_from_dict(setup)
        for a in actions:
            if isinstance(a, engine.Claim) and (a.reserve or a.victim is not None) and not a.kind.startswith("ad-"):
                out = ScoopObserver().observe(state, seen_for(state, a))
                assert out.status == "action" and norm(out.action) == norm(a), (a, out)
                got["reserve" if a.reserve else "capture"] += 1
            state = engine.apply(state, engine.resolve_action(state, a))
        if got["reserve"] and got["capture"]:
            break
    assert got["reserve"] > 0 and got["capture"] > 0


def _first_claim(seed=1):
    setup, actions = engine.random_game(seed, 3)
    state = engine.new_game_from_dict(setup)
    for a in actions:
        if isinstance(a, engine.Claim) and not a.reserve and a.victim is None and not a.kind.startswith("ad-"):
            return state, a
        state = engine.apply(state, engine.resolve_action(state, a))
    raise AssertionError("no plain claim")


def test_a_set_seen_again_is_claimed_once_and_moving_tables_are_not_read():
    state, a = _first_claim()
    obs = ScoopObserver()
    snap = seen_for(state, a)
    assert obs.observe(state, TableSnapshot(0.0, snap.sightings, (), False)).status == "moving"
    assert obs.observe(state, snap).status == "action"
    # the same cards still lie there: not a second claim (here the state did not advance)
    assert obs.observe(state, snap).status != "action"
    assert obs.observe(state, table(state)).status == "same"  # call area cleared
    assert obs.observe(state, snap).status == "action"


def test_incomplete_foreign_or_wrong_sets_are_not_played():
    state, a = _first_claim()
    seat = a.player
    two = table(state, seat, a.hand[:2])
    out = ScoopObserver().observe(state, two)
    assert out.status == "waiting" and out.reports[0].key == "scoop.incomplete"
    other = (seat + 1) % len(state.players)
    out = ScoopObserver().observe(state, table(state, other, a.hand))
    assert out.status == "waiting" and out.reports[0].key == "scoop.not_your_turn"
    # three cards of the set the player does not hold: the engine refuses, nothing changes
    kind = next(k for k in state.catalog.story_types if k != a.kind
                and not engine._has(state.players[seat].hand, state.catalog.required(k)))
    before = engine.describe(state)
    out = ScoopObserver().observe(state, table(state, seat, state.catalog.required(kind)))
    assert out.status == "rejected" and out.reports[0].key == "scoop.refused" and out.reports[0].rule
    assert engine.describe(state) == before


@pytest.mark.parametrize("seed", [0, 1])
def test_at_a_real_table_with_hidden_hands_the_plays_are_read_the_same(seed):
    setup, actions = engine.random_game(seed, 4)
    state = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    read = 0
    for a in actions:
        if isinstance(a, (engine.Claim, engine.Reserve)):
            out = observe_play(state, a)
            assert out.status == "action" and norm(out.action) == norm(a), (a, out.reports)
            read += 1
        state = engine.apply(state, engine.resolve_action(state, a))
    assert read > 0 and state.is_over


def _page_sightings(state, drop=None, extra=()):
    """Story/advert tags of every page as the engine has them (distinct copies)."""
    from companion.games.scoop.tags import story_of
    free: dict[tuple[str, int], list[str]] = {}
    for cid in catalog_ids():
        if cid.rsplit("-v", 1)[0] in state.catalog.piles and "-v" in cid:
            free.setdefault(story_of(cid), []).append(cid)
    out = []
    for seat, p in enumerate(state.players):
        d = state.catalog.designs[p.design]
        for c, kind in enumerate(d.stories):
            for k, v in enumerate(p.page[kind]):
                out.append(((seat, f"story:{c},{k}"), free[(kind, v)].pop()))
        for i, a in enumerate(d.adverts):
            for v in p.page[f"ad-{a}"]:
                out.append(((seat, f"advert:{i}"), free[("adverts", v)].pop()))
        for i, v in enumerate(p.page["star"]):
            out.append(((seat, f"star:{i}"), free[("star", v)].pop()))
        for v in p.star_three:
            out.append(((seat, "star:1"), free[("three_star", v)].pop()))
        for v in p.page["three_star"]:
            out.append(((seat, "threestar"), free[("three_star", v)].pop()))
    out = [o for o in out if o[0] != drop] + list(extra)
    return tuple(Sighting(cid, f"mat-{state.players[seat].spec.colour}", zone, 0, 0) for (seat, zone), cid in out)


def test_a_page_that_differs_from_the_game_is_reported_unless_hidden():
    setup, actions = engine.random_game(5, 3)
    state = engine.new_game_from_dict(setup)
    for a in actions[: len(actions) // 2]:
        state = engine.apply(state, engine.resolve_action(state, a))
    while state.pending is not None:  # stop at a turn's start
        a = actions[state.n_actions]
        state = engine.apply(state, engine.resolve_action(state, a))
    seat, col = next((i, c) for i, p in enumerate(state.players)
                     for c, k in enumerate(state.catalog.designs[p.design].stories) if p.page[k])
    p = state.players[seat]
    base = table(state)
    ok = TableSnapshot(0.0, base.sightings + _page_sightings(state), (), True)
    out = ScoopObserver().observe(state, ok)
    assert out.status == "same" and out.reports == []
    missing = TableSnapshot(0.0, base.sightings + _page_sightings(state, drop=(seat, f"story:{col},0")), (), True)
    out = ScoopObserver().observe(state, missing)
    assert out.status == "same" and [r.key for r in out.reports] == ["scoop.page_differs"]
    kind = state.catalog.designs[p.design].stories[col]
    assert dict(out.reports[0].params)["space"] == kind
    covered = TableSnapshot(0.0, missing.sightings, frozenset({f"story:{col},0"}), True)
    assert ScoopObserver().observe(state, covered).reports == []


def _mat_sightings(state, pieces):
    return tuple(Sighting(p.component, p.surface, p.zone, 100.0, 100.0) for p in pieces)


def test_a_dial_entry_waits_for_the_story_laid_and_plays_its_printed_value():
    """The telephone's entry (``enter({"dial": n})``): a refusal is played at once; an
    accepted call is held (``scoop.lay_story``) until the camera sees the story laid
    on the caller's page, then played with the value printed on that card, even
    when the table's pile did not have the engine's top card on top."""
    from companion.games.scoop.tabletop import table_of

    setup, actions = engine.random_game(9, 4, policy="quick")
    state = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    seen = Counter()
    for a in actions:
        if isinstance(a, engine.Dial):
            sig = engine.resolve_action(state, a).signal
            obs = ScoopObserver()
            obs.enter({"dial": a.number})
            claim_table = TableSnapshot(0.0, _mat_sightings(state, table_of(state)), (), True)
            out = obs.observe(state, claim_table)
            if sig in ("kill", "libel", "editor", "three_star", "press"):
                assert out.status == "action" and out.action.signal == sig and out.action.value is None
                seen["at once"] += 1
            else:
                assert out.status == "waiting" and out.reports[0].key == "scoop.lay_story", out.reports
                story = state.pending["story"]
                pile = state.piles[story]
                other = next((v for v in pile if v != pile[-1]), pile[-1])  # a card not on the engine's top
                laid = engine.apply(state, engine.Dial(a.player, a.number, value=other))
                out = obs.observe(state, TableSnapshot(1.0, _mat_sightings(laid, table_of(laid)), (), True))
                assert out.status == "action" and out.action == engine.Dial(a.player, a.number, sig, other)
                assert obs.entered is None
                seen["held"] += 1
        state = engine.apply(state, engine.resolve_action(state, a))
    assert seen["at once"] and seen["held"]


def test_an_entry_that_does_not_fit_is_refused_and_nothing_changes():
    state, a = _first_claim()
    obs = ScoopObserver()
    obs.enter({"dial": 3})  # nobody is calling
    out = obs.observe(state, table(state))
    assert out.status == "same" and obs.entered is not None  # kept for when a call is due
    after = engine.apply(state, a)
    obs.enter({"choose": "press"})
    out = obs.observe(after, table(after))
    assert out.status == "rejected" and out.reports[0].key == "scoop.refused" and obs.entered is None
    wrong = (after.pending["number"] + 1) % 10
    obs.enter({"dial": wrong})
    out = obs.observe(after, table(after))
    assert out.status == "rejected" and "wrong number" in out.reports[0].text


def test_an_entry_played_by_a_tap_meanwhile_is_withdrawn_not_refused():
    """The app sends the call to the camera with ``at`` (the game's action count);
    when the players enter it by a tap instead (the camera did not see the card),
    the observer drops the entry instead of refusing it later."""
    state, a = _first_claim()
    after = engine.apply(state, a)
    obs = ScoopObserver()
    obs.enter({"dial": after.pending["number"], "at": after.n_actions})
    moved = engine.apply(after, engine.resolve_action(after, engine.Dial(after.pending["actor"],
                                                                         after.pending["number"])))
    out = obs.observe(moved, table(moved))
    assert obs.entered is None and out.status != "rejected"
    obs.enter({"dial": after.pending["number"], "at": after.n_actions})  # the game still waits for it
    assert obs.observe(after, table(after)).status in ("action", "waiting")
