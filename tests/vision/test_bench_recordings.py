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
