"""Words that reached players in English while they play in es/zh: the `--fake`
camera picture, camera events (re-worded after a switch), engine refusals."""

from __future__ import annotations

import numpy as np
import pytest

from ui import i18n
from ui.games.penny_press.scripted import ScriptedSession
from ui.viewmodels import protocol as P
from ui.games.penny_press.viewmodels.live import LiveVM

PLAYERS = (P.PlayerSetup("red", "Ana", "T"), P.PlayerSetup("blue", "Bo", "H"), P.PlayerSetup("green", "Chen", "W"))


def _session(tmp_path, lang):
    return ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path), lang=lang), seed=7)


def test_the_fake_camera_picture_is_worded_in_the_players_language(tmp_path, monkeypatch):
    s = _session(tmp_path, "zh")
    drawn = []
    real = type(s._frame).image
    monkeypatch.setattr(type(s._frame), "image", lambda self, *texts: drawn.append(texts) or real(self, *texts))
    s.step()
    s.lang = "es"
    up = s.emit_frame()
    assert drawn[0] == (i18n.tr("fake.frame_title", "zh"), i18n.tr("fake.frame_turn", "zh", n=1, total=len(s._snaps)))
    assert drawn[1][0] == "Partida simulada (sin cámara)" and drawn[1][1].startswith("Turno 1 de ")
    assert isinstance(up.frame, np.ndarray) and up.frame.dtype == np.uint8 and up.frame.shape[2] == 3
    # something is written on the baize (not only the plain green)
    assert len(np.unique(up.frame.reshape(-1, 3), axis=0)) > 2


class _Ev:
    def __init__(self, kind, message="camera 0 is gone"):
        self.kind, self.message, self.t = kind, message, 0.0


@pytest.mark.parametrize("kind,word_es", [("dropped", "Cámara perdida"), ("reconnected", "Cámara de nuevo")])
def test_camera_events_are_in_the_players_language_and_reworded_after_a_switch(tmp_path, kind, word_es):
    s = _session(tmp_path, "es")
    got = []
    s.subscribe(got.append)
    s.camera._on_event(_Ev("opened"))  # a camera that worked (one that never opened is "missing")
    if kind == "reconnected":
        s.camera._on_event(_Ev("dropped"))
    s.camera._on_event(_Ev(kind))
    m = got[-1].messages[0]
    assert m.text.startswith(word_es) and m.key
    vm = LiveVM(s, "zh")
    assert vm.message_text(m) == i18n.report_text(m.key, m.params, "zh", "?") != m.text
    assert not any(c.isascii() and c.isalpha() for c in vm.message_text(m))  # no English left in zh


def test_a_camera_that_gives_up_is_reported_in_the_players_language_with_its_plural(tmp_path):
    s = _session(tmp_path, "es")
    s.camera.camera, s.camera.recording = 0, None  # a live camera 0
    got = []
    s.subscribe(got.append)

    class Src:
        max_retries = 1
    s.camera._camera = Src()
    s.camera._on_event(_Ev("gave_up", "camera 0 could not be opened (5 tries): is it connected?"))
    assert got[-1].messages[0].text.startswith("No se pudo abrir la cámara 0")
    s.camera._on_event(_Ev("opened"))
    s.camera._on_event(_Ev("gave_up", "camera 0 did not come back after 1 attempts"))
    m = got[-1].messages[0]
    assert "tras 1 intento:" in m.text
    assert "after 1 try:" in LiveVM(s, "en").message_text(m)


def test_a_language_switch_mid_entry_keeps_the_entries_and_rewords_the_refusal():
    from companion.games import turin_market as tm
    from ui.games.turin_market.viewmodel import TypedRevealVM

    s = tm.new_game_from_dict({"game": "turin-market", "players": [{"name": "Ana"}, {"name": "Bo"}, {"name": ""}],
                               "payment_card": "classic", "centre": [], "seed": 7})
    s = tm.apply(s, tm.RevealCards(("T01", "T02", "T03")))
    vm = TypedRevealVM(s, "es")
    vm.values.update({0: 99, 1: 3})
    assert vm.action() is None and vm.error.startswith("Ana puja 99")
    vm.set_lang("zh")
    assert vm.error.startswith("Ana 出价 99") and vm.values[0] == 99 and vm.values[1] == 3
