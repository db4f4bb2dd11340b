"""benchmarks/vision/run.py bench_recordings on fake recordings (no video decoded):
the newer recordings' shape (no 'stage'; other games) must not end the run."""

from __future__ import annotations

import json

from benchmarks.vision.run import bench_recordings, read_states


def test_states_without_a_stage_are_read(tmp_path):
    p = tmp_path / "states.jsonl"
    p.write_text('{"journal_index":-1,"pieces":[]}\n'
                 '{"journal_index":1,"pieces":[{"component":"T07","surface":"mat-blue","zone":"cards"}]}\n'
                 '{"journal_index":2,"stage":"setup","pieces":[{"component":"war-A1","surface":"board",'
                 '"zone":"beat:war"}]}\n')
    st = read_states(p)
    assert st[(1, None)] == {"T07": ("mat-blue", "cards")}
    assert st[(2, "setup")] == {"war-A1": ("board", "beat:war")}


def test_a_recording_of_another_game_is_skipped(tmp_path, capsys, monkeypatch):
    import vision.sources

    monkeypatch.setattr(vision.sources, "open_source", lambda *a, **k: [])  # the video opens
    d = tmp_path / "scoop-4p"
    d.mkdir()
    (d / "meta.json").write_text(json.dumps({"game": "scoop", "video": "video.mkv", "fps": 2.0}))
    (d / "truth.jsonl").write_text('{"frame":0,"journal_index":-1,"still":true,"hand":false,"visible":[]}\n')
    (d / "states.jsonl").write_text('{"journal_index":-1,"pieces":[]}\n')
    assert bench_recordings(tmp_path) == []
    assert "scoop-4p: skipped" in capsys.readouterr().out


def test_a_recording_is_read_with_its_own_lens_as_the_demo_reads_it(tmp_path, monkeypatch):
    """companion demo reads a recording with its camera.json (vision.register.
    registrar_for); the benchmark must read the same, not an uncalibrated view."""
    import vision.register
    import vision.sources
    from benchmarks.vision.run import ROOT

    monkeypatch.setattr(vision.sources, "open_source", lambda *a, **k: [])
    d = tmp_path / "penny-press-3p-x"
    d.mkdir()
    (d / "meta.json").write_text(json.dumps({"video": "video.mkv", "fps": 2.0}))
    (d / "recording.json").write_text("{}")
    (d / "truth.jsonl").write_text('{"frame":0,"journal_index":-1,"still":true,"hand":false,"visible":[]}\n')
    seen = []
    real = vision.register.registrar_for

    def spy(*a, **k):
        r = real(*a, **k)
        seen.append(r)
        return r

    monkeypatch.setattr(vision.register, "registrar_for", spy)
    bench_recordings(tmp_path)
    assert len(seen) == 1 and seen[0].camera is None  # no camera.json: none
    (d / "camera.json").write_text((ROOT / "play" / "recordings" / "penny-press-3p-hard" / "camera.json").read_text())
    seen.clear()
    bench_recordings(tmp_path)
    assert len(seen) == 1 and seen[0].camera is not None
