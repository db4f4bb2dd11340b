"""Penny Press in the app around the end (issue 25), view-model by view-model on the
real session playing a seeded game (ui.games.penny_press.scripted; seed 7 is the
game of the bundled penny-press-3p recording: Blue wins with 24 points, the last
press leaves an ad to take off Blue's front page and a story off the board)."""

from __future__ import annotations

import pytest

from ui import i18n
from ui.games.penny_press.scripted import ScriptedSession
from ui.games.penny_press.viewmodels.live import LiveVM
from ui.games.penny_press.viewmodels.press import PressVM
from ui.viewmodels import protocol as P

LANGS = ("es", "en", "zh")


@pytest.fixture
def session(tmp_path):
    s = ScriptedSession(P.SessionConfig(journal_dir=str(tmp_path)), seed=7)
    yield s
    s.stop()


def test_after_the_end_the_checklist_lists_nothing_to_do(session):
    live = LiveVM(session, "en")
    live.attach()
    while session.step():
        pass
    live.poll()
    assert live.table.finished
    kinds = {a.kind for a in session.adjustments()}
    assert {"remove_ad", "remove"} <= kinds          # the last press's chores, moot once the game is over
    for lang in LANGS:
        live.lang = lang
        assert live.checklist() == [], lang
        assert live.adjustment_rows() == [i18n.tr("live.adjust_none", lang)]
        view = live.banner()                         # the banner says who won, not a chore left
        assert view == (i18n.tr("banner.over", lang, names=i18n.person("blue", lang), points=24), "blue")


def test_the_checklist_is_kept_while_the_game_goes_on(session):
    live = LiveVM(session, "en")
    live.attach()
    seen = False
    while session.step():
        live.poll()
        if session.adjustments():
            assert len(live.checklist()) == len(session.adjustments())
            seen = True
    assert seen


def test_go_to_press_shows_the_active_players_paper_again_once_the_turn_passes(session):
    """A paper chosen by a tap is shown for the rest of that turn; the next turn shows
    the paper of the player whose turn it is (the paper that goes to press next), and
    the line naming it is information: "Shown below: Red's paper"."""
    press = PressVM(session, "en")
    session.step()
    t = session.table()
    colours = [p.colour for p in t.players]
    other = colours[colours.index(t.turn) - 1]       # the player before: not the next one to play
    press.load(other)
    assert press.colour == other
    press.load()                                     # the screen redrawn in the same turn
    assert press.colour == other
    while session.table().turn == t.turn:            # the turn passes to the next player
        session.step()
    press.load()
    now = session.table().turn
    assert now not in (t.turn, other) and press.colour == now
    for lang in LANGS:
        press.lang = lang
        assert press.shown_text() == i18n.tr("press.shown", lang, name=press.name(now))
    assert press.shown_text() != i18n.tr("press.shown", "en", name=press.name(now))  # zh is not English


def test_after_the_end_the_messages_say_the_end_not_an_old_chore(session):
    """A fresh user's report: the live table still said "Info: draw a headline card
    and lay it face up" after the last press. Now the messages' first row says who
    won and no to-do said before the end is left; the camera's news stays."""
    live = LiveVM(session, "en")
    live.attach()
    while session.step():
        pass
    live.poll()
    chore = P.Message("draw a headline card and lay it face up", "info", "Penny Press: Drawing headline cards",
                      "draw_card")
    camera = P.Message("Camera back", "info", "camera", "camera_back")
    live.messages = [chore, camera]  # said before the end (the observer's last to-do) and the camera's
    assert live.table.finished
    for lang in LANGS:
        live.lang = lang
        rows = [text for text, _rgba in live.message_rows()]
        won = i18n.tr("banner.over", lang, names=i18n.person("blue", lang), points=24)
        assert rows[0] == f"{i18n.tr('level.info', lang)}: {won}", lang
        assert not any(i18n.report_text("draw_card", (), lang, chore.text) in r for r in rows), lang
        assert any(i18n.report_text("camera_back", (), lang, camera.text) in r for r in rows[1:]), lang


def test_before_the_end_the_chores_are_listed(session):
    live = LiveVM(session, "en")
    live.attach()
    session.step()
    live.poll()
    chore = P.Message("draw a headline card and lay it face up", "info", "Penny Press: Drawing headline cards",
                      "draw_card")
    live.messages = [chore]
    assert not live.table.finished
    assert [t for t, _ in live.message_rows()] == [f"{i18n.tr('level.info', 'en')}: {chore.text}"]
