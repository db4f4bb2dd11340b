"""The press screen's pages (issue 25, Penny Press left-overs): the suggested page
and the page on the mat print before the press, as the press they would be (they
once said "this press is not part of the game state given", in English); the
game is not changed by printing them."""

from __future__ import annotations

import companion.games.penny_press as pp
from ui import i18n
from ui.games.penny_press.scripted import ScriptedSession
from ui.games.penny_press.viewmodels.press import PressVM
from ui.viewmodels import protocol as P

PLAYERS = (P.PlayerSetup("red", "Ana", "The Times"), P.PlayerSetup("blue", "Bo", "The Herald"),
           P.PlayerSetup("green", "Chen", "The World"))


def _at_a_press(tmp_path):
    """A scripted game stepped to a turn whose player could go to press."""
    s = ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path)), seed=7)
    while s.step():
        t = s.table()
        if t is not None and not t.finished and s.press_preview(t.turn).claimed:
            return s, t.turn
    raise AssertionError("the seeded game has no press")


def test_the_suggested_page_prints_before_the_press_and_the_game_stays(tmp_path):
    from PIL import Image

    s, colour = _at_a_press(tmp_path)
    before = len(s.runner.journal.actions())
    vm = PressVM(s, "es")
    vm.load(colour)
    assert [w for w, _t, _p in vm.pages()][0] == "suggested"
    job = vm.print_page("suggested")
    assert vm.error == "" and job is not None and job.state == "saved", vm.error
    assert Image.open(job.preview).size[0] == 384
    assert len(s.runner.journal.actions()) == before and s.press_preview(colour).claimed


def test_the_preview_state_holds_the_previewed_press_as_its_last():
    setup, actions = pp.random_game(7, 3)
    st = pp.new_game_from_dict(setup)
    for a in actions:
        if isinstance(a, pp.GoToPress):
            p = st.current_player
            after = pp.press_preview_state(st, p)
            res = pp.press_preview(st, p)
            assert after.press_results[-1] == res and len(after.press_results) == len(st.press_results) + 1
            assert after.scores[p] == st.scores[p] + res.total and after.turn == st.turn
            return
        st = pp.apply(st, a)
    raise AssertionError("no press in the seeded game")


def test_the_print_line_names_the_page_never_a_file_and_goes_with_the_next_move(tmp_path):
    s, colour = _at_a_press(tmp_path)
    vm = PressVM(s, "en")
    vm.load(colour)
    vm.print_page("suggested")
    saved = "Suggested front page · 1 page saved as a picture on this device: no printer is chosen (choose one in Settings)"
    assert vm.job_text() == saved                     # the end panel's words for the same outcome
    vm.load(colour)                                   # the same table, the same paper: still said
    assert vm.job_text() == saved
    for lang in ("es", "zh"):                         # said again in the language switched to
        vm.lang = lang
        assert vm.job_text() == i18n.tr("press.job_page", lang, page=i18n.tr("press.suggested", lang),
                                        outcome=i18n.trn("end.saved_pages", lang, 1)) != saved
    vm.lang = "en"
    vm.load(next(c for c, _n in vm.players() if c != colour))
    assert vm.job_text() == ""                        # another player's paper: not under it
    vm.load(colour)
    vm.print_page("suggested")
    s.step()                                          # the table moved on: no earlier print named
    vm.load()
    assert vm.job_text() == ""
