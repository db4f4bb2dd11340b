"""A camera that was never there is not "lost" (a fresh user's report: starting a
game with "Camera 1" on a machine with none said "Camera lost: plug it back in",
with no button out). The session says no camera was found and names the way on,
the "Games" button (another camera, a recorded game or play by taps), es/en/zh;
a camera that opened and went away is still "lost"."""

from __future__ import annotations

import time

import pytest

from play.camera import CameraFeed
from ui import i18n

LANGS = ("es", "en", "zh")
NO_SUCH_CAMERA = 97  # no machine that runs the tests has /dev/video97


def _until(cond, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


@pytest.fixture
def session(tmp_path):
    from ui.session import create_session
    from ui.viewmodels.protocol import PlayerSetup, SessionConfig

    cfg = SessionConfig(players=(PlayerSetup("red", "A", ""), PlayerSetup("blue", "B", "")),
                        camera=NO_SUCH_CAMERA, journal_dir=str(tmp_path))
    s = create_session(cfg)
    yield s
    s.stop()


def test_a_camera_index_that_does_not_exist_is_missing_not_lost_and_the_way_on_is_named(session):
    from ui.games.penny_press.viewmodels.live import LiveVM

    messages = []
    session.subscribe(lambda up: messages.extend(up.messages))
    vm = LiveVM(session, "en")
    session.start()
    assert _until(lambda: session.camera_status == "missing"), session.camera_status
    assert _until(lambda: any(m.key == "camera_missing" for m in messages))
    assert not any(m.key == "camera_lost" for m in messages)
    assert vm.camera_missing() and not vm.camera_lost()
    news = next(m for m in messages if m.key == "camera_missing")
    for lang in LANGS:
        vm.lang = lang
        games = i18n.tr("host.back", lang)  # the button that leads on, as labelled
        banner = vm.banner().text
        assert banner == vm.camera_missing_text() and games in banner, lang
        assert banner != i18n.tr("live.camera_lost", lang), lang
        said = i18n.report_text(news.key, news.params, lang, news.text)
        assert games in said and said != i18n.tr("obs.camera_lost", lang), lang
    vm.lang = "en"
    assert "No camera was found" in vm.banner().text and "play by taps" in i18n.tr("obs.camera_missing", "en")


def test_a_camera_that_opened_then_dropped_is_still_lost():
    from vision.sources import SourceEvent

    news = []
    feed = CameraFeed(camera=0, on_news=news.append)
    feed._on_event(SourceEvent("opened", "camera 0", 0.0))
    feed._on_event(SourceEvent("dropped", "camera 0: no frame", 0.0))
    assert feed.status == "lost" and [n.key for n in news] == ["camera_lost"]
    never = CameraFeed(camera=NO_SUCH_CAMERA, on_news=news.append)
    never._on_event(SourceEvent("dropped", "cannot open", 0.0))
    never._on_event(SourceEvent("dropped", "cannot open", 0.0))  # said once
    assert never.status == "missing" and [n.key for n in news] == ["camera_lost", "camera_missing"]
    never._on_event(SourceEvent("opened", "camera 97", 0.0))  # plugged in after all
    assert never.status == "ok"
