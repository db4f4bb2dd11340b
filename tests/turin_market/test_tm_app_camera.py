"""The camera feeds Turin Market in the app (Kivy-free): the app's camera session
(ui.session.GameSession) on the hosted game's journal reads the bundled
recording's frames (picks, sales, withdrawals from the card moves, as ``companion
demo`` reads them), the players' entries (secret bids and cards, the shields on a
card for sale) go in through the GameHost as the screens' taps do, and the game
ends with the recording's ground truth, 29/-4/20/1."""

from __future__ import annotations

from companion import registry
from companion.games import turin_market as tm
from play.demo import load_recording
from play.recordings import recording_dir
from ui import hosting
from ui.session import GameSession
from ui.viewmodels.start import StartVM


def test_the_app_camera_session_reads_the_recording_into_the_hosted_game(tmp_path):
    from vision.sources import open_live

    vm = StartVM("en", camera=None, journal_dir=tmp_path)
    vm.choose_game("turin-market")
    vm.choose_recording("turin-market-4p")
    cfg = vm.config()
    rec = load_recording(recording_dir("turin-market-4p"))
    host = hosting.open_game(registry.get("turin-market"), cfg.players, "en", tmp_path,
                             options=cfg.game_options)
    session = GameSession(cfg, journal=host.journal)
    host.camera = session
    seen = []
    session.subscribe(lambda up: seen.append(up.frame is not None))
    entries, pos = list(rec.entries), 0

    def taps_due():
        nonlocal pos
        while pos < len(entries) and entries[pos]["index"] == len(host.journal.actions()):
            e = entries[pos]
            if "action" in e:   # what the camera cannot see, tapped: the same action the screens give
                assert host.apply(tm.action_from_dict(e["action"]), source="player") is None
            else:
                assert host.enter(e["tap"])
            session.runner.read_again()
            pos += 1

    reader = session.camera.reader
    source = open_live(rec.source)
    try:
        for frame in source:
            taps_due()
            session.process_frame(frame.image, frame.t, reader)
            taps_due()
            if host.state.is_over:
                break
    finally:
        close = getattr(source, "close", None)
        if close:
            close()
    assert host.state.is_over and list(host.state.final.scores) == [29, -4, 20, 1]
    sources = {e.source for e in host.journal.events if e.kind == "action"}
    assert "vision" in sources, sources       # the picks, sales and withdrawals came from the camera
    assert any(seen)                     # the screens got the pictures to show
    host.journal.close()
