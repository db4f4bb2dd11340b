"""The live table's banner and panels (issue 25, Penny Press left-overs): at the end
the banner names the winner with the same total the panels show, the beat bonuses
added (Penny Press: End of the game), in the winner's colour."""

from __future__ import annotations

import re

from ui.games.penny_press.scripted import ScriptedSession
from ui.games.penny_press.viewmodels.live import LiveVM, adjustment_seen
from ui.viewmodels import protocol as P

PLAYERS = (P.PlayerSetup("red", "Ana", "The Times"), P.PlayerSetup("blue", "Bo", "The Herald"),
           P.PlayerSetup("green", "Chen", "The World"))


def _vm(session, lang: str) -> LiveVM:
    vm = LiveVM(session, lang)
    vm.refresh()
    return vm


def _points(panel_text: str) -> int:
    return int(re.search(r"(-?\d+) points", panel_text).group(1))


def test_at_the_end_the_banner_and_panels_give_the_totals_with_the_bonuses(tmp_path):
    s = ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path)), seed=7)
    while s.step():
        pass
    vm = _vm(s, "en")
    final = s.state.final
    assert final is not None and final.scores != final.circulation        # the bonuses count here
    panels = vm.player_panels()
    assert [_points(p.text) for p in panels] == list(final.scores)
    best = max(final.scores)
    winners = [p for p, total in zip(PLAYERS, final.scores) if total == best]
    banner = vm.banner()
    assert banner.text == f"Game over: {' & '.join(p.name for p in winners)} wins with {best} points"
    assert banner.colour == (winners[0].colour if len(winners) == 1 else None)
    assert f"以 {best} 分" in _vm(s, "zh").banner().text and f"con {best} puntos" in _vm(s, "es").banner().text


def test_before_the_end_the_panels_give_the_circulation(tmp_path):
    s = ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path)), seed=7)
    for _ in range(12):
        s.step()
    vm = _vm(s, "en")
    assert [_points(p.text) for p in vm.player_panels()] == list(s.state.scores)


def test_what_only_a_tap_ticks_never_holds_the_banner_and_it_is_in_the_players_colour(tmp_path):
    s = ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path)), seed=7)
    vm = LiveVM(s, "en")
    vm.attach()
    tap_only = 0
    while s.step():
        vm.poll()
        t = vm.table
        if t is None or t.finished:
            continue
        seen = [adjustment_seen(a, vm.snapshot, t) for a in vm.adjust]
        banner = vm.banner()
        assert banner.colour == t.turn                    # never the grey banner of no one
        if None in seen and all(x is not False for x in seen):
            # the perfect camera saw every move it can check: only taps are left
            tap_only += 1
            assert not banner.text.startswith("Adjust the board"), banner.text
            assert any(not done for _text, done, _cam in vm.checklist())     # still on the list
    assert tap_only > 5


def test_filled_in_paper_names_are_shown_in_the_players_language_typed_ones_as_typed(tmp_path):
    players = (P.PlayerSetup("red", "Ana", "The Daily Beacon"), P.PlayerSetup("blue", "Bo", "Diario de Bo"),
               P.PlayerSetup("green", "Chen", ""))
    s = ScriptedSession(P.SessionConfig(players=players, journal_dir=str(tmp_path)), seed=7)
    for _ in range(3):
        s.step()
    zh = "\n".join(p.text for p in _vm(s, "zh").player_panels())
    es = "\n".join(p.text for p in _vm(s, "es").player_panels())
    assert "每日灯塔报" in zh and "El Faro Diario" in es and "Daily Beacon" not in zh + es
    assert "Diario de Bo" in zh and "Diario de Bo" in es
