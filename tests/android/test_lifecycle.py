"""The app's life cycle on a tablet (ui.lifecycle) with a fake app and fakes of the
Android classes: pause/resume, kill/restart, screen on, the back button, permissions
granted and refused."""

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from ui.lifecycle import BACK_KEY, TEXTS, AndroidPlatform, Lifecycle, Platform, text

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


class FakeCamera:
    def __init__(self):
        self.running = True
        self.calls = []

    def stop(self):
        self.running = False
        self.calls.append("stop")

    def start(self):
        self.running = True
        self.calls.append("start")


class FakeAsk:
    def __init__(self, app, question, on_yes):
        self.app, self.question, self.on_yes = app, question, on_yes
        app.asking = self

    def answer(self, yes):
        self.app.asking = None
        if yes:
            self.on_yes()


class FakeApp:
    def __init__(self, journal_dir: Path, lang="en"):
        self.lang = lang
        self.session = None
        self.host = None
        self.hosted_screens = []
        self.asking = None
        self.root = SimpleNamespace(current="start")
        self.start_vm = SimpleNamespace(journal_dir=journal_dir, config=lambda resume=None: SimpleNamespace(
            resume=str(resume), camera=0, recording=None, printer=None))
        self.opened = []
        self.stopped = False
        self.closed_hosted = False
        self.lifecycle = None

    def go(self, name):
        self.root.current = name
        if self.lifecycle:
            self.lifecycle.on_screen(name)

    def open_session(self, config):
        if self.lifecycle is not None and not self.lifecycle.allowed(config, lambda: self.open_session(config)):
            return None
        self.opened.append(config)
        return None

    def stop(self):
        self.stopped = True

    def close_hosted(self):
        self.closed_hosted = True


class FakePlatform(Platform):
    def __init__(self, granted=True):
        self.screen = []
        self.granted = granted
        self.asked = []
        self.settings_opened = 0
        self.allowed_now = set()

    def keep_screen_on(self, on):
        self.screen.append(on)

    def has(self, need):
        return need in self.allowed_now

    def request(self, need, done):
        self.asked.append(need)
        if self.granted:
            self.allowed_now.add(need)
        done(self.granted)

    def open_settings(self):
        self.settings_opened += 1


def _lc(tmp_path, granted=True, lang="en"):
    app = FakeApp(tmp_path, lang)
    plat = FakePlatform(granted)
    lc = Lifecycle(app, plat, ask=lambda q, y: FakeAsk(app, q, y), schedule=lambda fn: fn())
    app.lifecycle = lc
    lc.on_screen("start")
    return app, plat, lc


def _game(app, tmp_path, over=False):
    """An open game with a camera and a real, unfinished journal."""
    from companion.journal import Journal

    setup = json.loads((ROOT / "play/recordings/penny-press-3p/recording.json").read_text())["setup"]
    path = tmp_path / "game.sqlite"
    j = Journal.create(path, "penny-press", setup)
    cam = FakeCamera()
    app.session = SimpleNamespace(runner=SimpleNamespace(journal=j), stop=cam.stop, start=cam.start)
    app.go("live")
    return j, cam


def test_pause_releases_the_camera_keeps_the_app_and_notes_the_game(tmp_path):
    app, plat, lc = _lc(tmp_path)
    j, cam = _game(app, tmp_path)
    lc.update_screen()
    assert plat.screen == [True]  # on during a game
    assert lc.on_pause() is True
    assert cam.calls == ["stop"] and plat.screen == [True, False]
    assert json.loads(lc.note_path.read_text())["journal"] == str(j.path)
    lc.on_resume()
    assert cam.calls == ["stop", "start"] and plat.screen == [True, False, True]
    assert not lc.note_path.exists()
    lc.on_stop()
    assert plat.screen[-1] is False and not lc.note_path.exists()


def test_no_game_no_screen_kept_on_and_no_note(tmp_path):
    app, plat, lc = _lc(tmp_path)
    lc.update_screen()
    assert lc.on_pause() is True
    assert plat.screen == [] and not lc.note_path.exists()


def test_killed_in_the_background_the_game_is_resumed_from_its_journal(tmp_path):
    app, plat, lc = _lc(tmp_path)
    j, cam = _game(app, tmp_path)
    lc.on_pause()
    j.close()
    # the process is killed: a new app starts
    app2, plat2, lc2 = _lc(tmp_path)
    assert lc2.resume_killed() == str(j.path)
    assert [c.resume for c in app2.opened] == [str(j.path)]
    assert not lc2.note_path.exists()
    # and only once
    assert lc2.resume_killed() is None


def test_a_note_of_a_game_gone_or_garbled_resumes_nothing(tmp_path):
    app, plat, lc = _lc(tmp_path)
    lc.note_path.write_text(json.dumps({"journal": str(tmp_path / "gone.sqlite")}))
    assert lc.resume_killed() is None and app.opened == []
    lc.note_path.write_text("{not json")
    assert lc.resume_killed() is None and not lc.note_path.exists()


def test_back_goes_back_one_screen(tmp_path):
    app, plat, lc = _lc(tmp_path)
    app.go("settings")
    assert lc.on_key(None, BACK_KEY) is True and app.root.current == "start"
    _game(app, tmp_path)
    app.go("press")
    app.go("scores")
    assert lc.back() and app.root.current == "press"
    assert lc.back() and app.root.current == "live"
    assert lc.on_key(None, 13) is False  # another key: not ours


def test_back_never_leaves_a_game_silently(tmp_path):
    app, plat, lc = _lc(tmp_path)
    _game(app, tmp_path)
    assert lc.back() is True
    assert app.root.current == "live" and app.asking.question == text("back.leave_game", "en")
    assert lc.back() is True and app.asking is None and app.root.current == "live"  # back again: the question closes
    lc.back()
    app.asking.answer(True)
    assert app.root.current == "start"
    assert lc.back() is True and app.asking.question == text("back.quit_app", "en") and not app.stopped
    app.asking.answer(True)
    assert app.stopped


def test_back_on_the_start_screen_without_a_game_leaves_the_app(tmp_path):
    app, plat, lc = _lc(tmp_path)
    assert lc.back() is False


def test_back_on_a_hosted_games_first_screen_asks_then_closes_it(tmp_path):
    app, plat, lc = _lc(tmp_path)
    app.host = SimpleNamespace(journal=SimpleNamespace(path=tmp_path / "h.sqlite"), camera=None)
    app.hosted_screens = [SimpleNamespace(name="scoop-dial"), SimpleNamespace(name="scoop-table")]
    app.go("scoop-dial")
    app.go("scoop-table")
    assert lc.back() and app.root.current == "scoop-dial"
    assert lc.back() and app.asking is not None
    app.asking.answer(True)
    assert app.closed_hosted


def test_the_camera_permission_is_asked_at_first_need_then_the_game_opens(tmp_path):
    app, plat, lc = _lc(tmp_path, granted=True)
    cfg = SimpleNamespace(camera=0, recording=None, printer=SimpleNamespace(target="bt:00:11:22:33:44:55"))
    assert app.open_session(cfg) is None
    assert plat.asked == ["camera", "bluetooth"] and app.opened == [cfg]
    app.open_session(cfg)  # allowed now: not asked again
    assert plat.asked == ["camera", "bluetooth"] and len(app.opened) == 2
    rec = SimpleNamespace(camera=None, recording="x.mkv", printer=SimpleNamespace(target="tcp://127.0.0.1"))
    assert lc.needs_of(rec) == []


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_a_refusal_says_what_will_not_work_and_how_to_allow_it(tmp_path, lang):
    app, plat, lc = _lc(tmp_path, granted=False, lang=lang)
    cfg = SimpleNamespace(camera=0, recording=None, printer=None)
    app.open_session(cfg)
    assert app.asking.question == text("perm.camera.refused", lang)
    assert app.opened == [cfg]  # the game opens all the same (moves by hand)
    app.asking.answer(True)
    assert plat.settings_opened == 1
    app.open_session(cfg)  # refused once: not asked again in this run
    assert plat.asked == ["camera"]


def test_every_text_in_every_language_and_no_english_left_in_es_zh():
    for key, words in TEXTS.items():
        assert set(words) == {"en", "es", "zh"}, key
        for lang in ("es", "zh"):
            assert words[lang] != words["en"]
    assert "Cámara" in text("perm.camera.refused", "es") and "相机" in text("perm.camera.refused", "zh")
    assert text("back.leave_game", "fr") == text("back.leave_game", "en")


# -- Android's platform with fakes of the jnius classes ---------------------------------
class WakeLock:
    def __init__(self, flags, tag):
        self.flags, self.tag, self.held = flags, tag, False

    def acquire(self):
        self.held = True

    def release(self):
        self.held = False

    def isHeld(self):
        return self.held


class PowerManager:
    SCREEN_BRIGHT_WAKE_LOCK = 0x0A
    ON_AFTER_RELEASE = 0x20000000

    def __init__(self):
        self.locks = []

    def newWakeLock(self, flags, tag):
        self.locks.append(WakeLock(flags, tag))
        return self.locks[-1]


class FakePermissions:
    def __init__(self, answer):
        self.answer, self.granted, self.requests = answer, set(), []

    def check_permission(self, name):
        return name in self.granted

    def request_permissions(self, names, callback):
        self.requests.append(list(names))
        if self.answer:
            self.granted |= set(names)
        callback(names, [self.answer] * len(names))


def _android(api=33, answer=True):
    pm = PowerManager()
    started = []
    activity = SimpleNamespace(getSystemService=lambda name: pm, getPackageName=lambda: "org.tablecompanion.tablecompanion",
                               startActivity=started.append)
    classes = {
        "android.os.PowerManager": PowerManager,
        "android.content.Context": SimpleNamespace(POWER_SERVICE="power"),
        "android.os.Build$VERSION": SimpleNamespace(SDK_INT=api),
        "android.content.Intent": lambda action, uri: ("intent", action, uri),
        "android.provider.Settings": SimpleNamespace(ACTION_APPLICATION_DETAILS_SETTINGS="details"),
        "android.net.Uri": SimpleNamespace(fromParts=lambda scheme, part, frag: f"{scheme}:{part}"),
    }
    jn = SimpleNamespace(autoclass=classes.__getitem__, cast=lambda name, obj: obj)
    perms = FakePermissions(answer)
    return AndroidPlatform(jnius=jn, permissions=perms, activity=activity), pm, perms, started


def test_the_wake_lock_is_held_during_a_game_and_let_go():
    plat, pm, _perms, _s = _android()
    plat.keep_screen_on(True)
    plat.keep_screen_on(True)
    assert len(pm.locks) == 1 and pm.locks[0].held
    assert pm.locks[0].flags == PowerManager.SCREEN_BRIGHT_WAKE_LOCK | PowerManager.ON_AFTER_RELEASE
    plat.keep_screen_on(False)
    assert not pm.locks[0].held


@pytest.mark.parametrize("answer", [True, False])
def test_android_permissions_granted_or_refused(answer):
    plat, _pm, perms, started = _android(answer=answer)
    got = []
    assert not plat.has("camera")
    plat.request("camera", got.append)
    assert got == [answer] and perms.requests == [["android.permission.CAMERA"]]
    assert plat.has("camera") is answer
    plat.open_settings()
    assert started == [("intent", "details", "package:org.tablecompanion.tablecompanion")]


def test_bluetooth_is_asked_from_android_12_only():
    old, _pm, perms, _s = _android(api=30)
    assert old.has("bluetooth")
    got = []
    old.request("bluetooth", got.append)
    assert got == [True] and perms.requests == []
    new, _pm, perms, _s = _android(api=31, answer=False)
    assert not new.has("bluetooth")
    new.request("bluetooth", got.append)
    assert perms.requests == [["android.permission.BLUETOOTH_CONNECT"]] and got[-1] is False


def test_the_app_wires_its_life_cycle_offscreen(tmp_path):
    """The Kivy app itself (offscreen, its own process): on_pause keeps the app, the
    back key goes back a screen and, on the start screen with no game, lets the app
    close."""
    out = subprocess.run([sys.executable, str(HERE / "drive_lifecycle.py"), str(tmp_path)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads((tmp_path / "report.json").read_text())
    assert report == {"lifecycle": True, "pause": True, "back_from_settings": "start",
                      "back_on_start_handled": False, "stopped": True}


# -- the tablet's camera in the app's session (Android's wiring, with fakes) ---------------
def test_on_the_desktop_the_session_opens_its_own_camera():
    assert __import__("ui.lifecycle", fromlist=["x"]).tablet_camera_kw(SimpleNamespace(camera=0, recording=None),
                                                                         Platform()) == {}


def test_on_android_a_camera_game_gets_camera2_and_a_recording_does_not():
    from ui.lifecycle import tablet_camera_kw

    android = SimpleNamespace(android=True)
    made = []
    kw = tablet_camera_kw(SimpleNamespace(camera=0, recording=None, game="scoop"), android,
                          make=lambda game: made.append(game) or ("src", "reader"))
    assert kw == {"source": "src", "reader": "reader"} and made == ["scoop"]
    assert tablet_camera_kw(SimpleNamespace(camera=None, recording="x.mkv"), android, make=None) == {}


def test_a_session_on_the_tablet_camera_reads_frames_pauses_and_resumes(tmp_path):
    """GameSession with Camera2 (fakes of the jnius classes) and the still reader, as
    ui.app's session factory builds it on Android; the life cycle releases the
    camera on pause (the session's worker waits) and opens it again on resume."""
    sys.path.insert(0, str(HERE))
    import threading
    import time

    from fake_jnius import CameraWorld

    from ui.lifecycle import wire_source_events
    from ui.session import create_session
    from ui.viewmodels.protocol import PlayerSetup, SessionConfig
    from vision.android.camera2 import tablet_camera
    from vision.android.stills import StillReader

    world = CameraWorld()
    source, reader = tablet_camera("penny-press", jnius=world.jnius, frame_timeout_s=5)
    assert isinstance(reader, StillReader) and reader.source is source
    cfg = SessionConfig(game="penny-press", players=tuple(PlayerSetup(c, c) for c in ("red", "blue", "green")),
                        camera=0, journal_dir=str(tmp_path))
    kw = {"source": source, "reader": reader}
    session = create_session(cfg, **kw)
    wire_source_events(session, kw)
    got = []
    seen = threading.Event()
    session.subscribe(lambda up: (got.append(up), seen.set()) if up.frame is not None else None)
    session.start()
    try:
        import numpy as np

        picture = np.full((1080, 1920, 3), 120, np.uint8)
        deadline = time.monotonic() + 10
        while world.repeating is None and time.monotonic() < deadline:
            time.sleep(0.02)
        world.frame(picture)
        assert seen.wait(10) and got[0].frame.shape == (1080, 1920, 3)
        app = FakeApp(tmp_path)
        app.session = session
        lc = Lifecycle(app, FakePlatform(), ask=lambda q, y: None, schedule=lambda fn: fn())
        assert lc.on_pause() is True
        assert world.device.closed and source.paused and session.camera.alive  # released; the worker waits
        lc.on_resume()
        assert not world.device.closed and not source.paused
        seen.clear()
        world.frame(picture)
        assert seen.wait(10)
        assert reader.requested >= 1 and world.captures  # the still table asked for a still
    finally:
        source.close()
        session.stop()
