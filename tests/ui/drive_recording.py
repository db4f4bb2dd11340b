"""Drive the tablet app offscreen on a bundled recording through the whole real
pipeline: video -> vision (ui.session's worker thread) -> observer -> engine ->
journal -> printing. Started with taps only, as a new player would: the bundled
recording's button on the start screen (players prefilled), then Start.

    .venv/bin/python tests/ui/drive_recording.py OUT_DIR [RECORDING_DIR]

Writes OUT_DIR/recording_live.png, recording_scores.png and report.json.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
if os.environ.get("UI_DRIVE_DEBUG"):
    os.environ.pop("KIVY_NO_CONSOLELOG", None)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (creates the window before the App)

import companion.games.penny_press as pp  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.session import create_session  # noqa: E402
from ui.games.penny_press.viewmodels import adapt  # noqa: E402
from ui_driver import screenshot  # noqa: E402


def load(rec: Path):
    """The recording: play.demo's ``recording.json`` when present, else the renderer's
    ``journal.json`` + ``meta.json`` (docs/renderer.md)."""
    from types import SimpleNamespace

    if (rec / "recording.json").is_file():
        from play.demo import load_recording
        return load_recording(rec)
    journal = json.loads((rec / "journal.json").read_text(encoding="utf-8"))
    meta = json.loads((rec / "meta.json").read_text(encoding="utf-8"))
    setup = journal["setup"]
    players = [dict(p) for p in setup["players"]]
    return SimpleNamespace(source=str(rec / meta.get("video", "video.mp4")), players=players,
                           first_player=int(setup.get("first_player", 0)), truth=journal)


def main(out: Path, rec: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-rec-"))
    recording = load(rec)
    record = recording.truth or {}
    players = [dict(p) for p in recording.players]
    truth = [pp.new_game_from_dict(record["setup"])] if record.get("setup") else []
    for d in record.get("actions", ()):
        truth.append(pp.apply(truth[-1], pp.action_from_dict(d)))
    sessions = []

    def factory(cfg):
        s = create_session(cfg)
        sessions.append(s)
        return s

    App = build_app_class()
    app = App(session_factory=factory, lang="en", settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"texts": {}, "checks": {"truth_actions": len(record.get("actions", ())),
                                          "truth_scores": list(truth[-1].scores) if truth else None}}
    t_start = [0.0]
    seen_labels: set[str] = set()
    frames = [0]
    shots: set[str] = set()

    def shot(name, nxt):
        screenshot(app, out / f"{name}.png", report["texts"], name, nxt)

    def start(*_a):
        """Taps only: the recording's button (its players come prefilled), Start."""
        st = app.root.get_screen("start")
        name = rec.name
        button = next(w for w in st.ids.recordings.children if getattr(w, "recording", None) == name)
        button.dispatch("on_release")
        report["checks"]["prefilled"] = [(p.colour, p.name) for p in app.start_vm.players]
        st.ids.begin.dispatch("on_release")
        app.root.get_screen("live").ids.details.state = "down"  # "camera details": tag labels
        report["checks"]["start_error"] = st.error_text
        report["checks"]["after_begin"] = app.root.current
        report["checks"]["config"] = [sessions[0].config.recording, sessions[0].config.camera] if sessions else None
        t_start[0] = time.perf_counter()
        Clock.schedule_interval(watch, 0.1)

    def n_actions():
        s = sessions[0] if sessions else None
        j = getattr(getattr(s, "runner", None), "journal", None)
        return len(j.actions()) if j is not None else 0

    def watch(_dt):
        cam = app.root.get_screen("live").ids.camera
        seen_labels.update(lab.text for lab in cam._labels if lab.text)
        frames[0] = app.game.live_vm.frames_shown if app.game else 0
        s = sessions[0]
        alive = s.camera.alive
        if frames[0] >= 30 and "recording_live" not in shots:
            shots.add("recording_live")
            shot("recording_live", lambda: None)
            return
        t = app.game.live_vm.table if app.game else None
        if t is not None and t.edition >= 1 and "first_press_at" not in report["checks"]:
            report["checks"]["first_press_at"] = n_actions()
        if n_actions() >= 6 and "live_at" not in report["checks"]:
            report["checks"]["live_at"] = n_actions()
            k = n_actions()
            report["checks"]["live_rows"] = [r for r in app.game.live_vm.beat_rows() if not r.startswith(" ")]
            app.game.live_vm.refresh()
            report["checks"]["live_rows"] = [r for r in app.game.live_vm.beat_rows() if not r.startswith(" ")]
            if k < len(truth):
                t = adapt.table_from_state(truth[k])
                report["checks"]["truth_rows"] = [
                    f"{b.beat}:{b.arrow}:{b.news_value}:{b.scoop_value}:{b.bonus}" for b in t.beats]
            report["checks"]["app_rows"] = [
                f"{b.beat}:{b.arrow}:{b.news_value}:{b.scoop_value}:{b.bonus}" for b in app.game.live_vm.table.beats]
            return
        # the recording played out (the cap only against a stuck worker: a busy machine is slow)
        if (not alive and time.perf_counter() - t_start[0] > 1) or time.perf_counter() - t_start[0] > 240:
            finish()
            return False

    def finish():
        report["checks"]["actions_seen"] = n_actions()
        report["checks"]["frames_shown"] = frames[0]
        report["checks"]["overlay_labels"] = sorted(seen_labels)
        report["checks"]["messages"] = [m.text for m in app.game.live_vm.messages]
        report["checks"]["seconds"] = round(time.perf_counter() - t_start[0], 1)
        st = sessions[0].state
        report["checks"]["app_scores"] = list(st.scores) if st is not None else None
        report["checks"]["over"] = bool(st is not None and st.is_over)
        app.go("scores")
        scores = app.root.get_screen("scores")
        report["checks"]["ranking_rows"] = scores.vm.ranking_rows()

        def done():
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
        Clock.schedule_once(lambda dt: shot("recording_scores", done), 0.1)

    app.bind(on_start=lambda *_a: Clock.schedule_once(start, 0.2))
    app.run()


if __name__ == "__main__":
    from play.recordings import recording_dir
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    rec = Path(sys.argv[2]) if len(sys.argv) > 2 else recording_dir("penny-press-3p")
    main(out, rec)
    os._exit(0)
