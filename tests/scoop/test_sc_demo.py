"""Issue 14: the bundled Scoop recording (play/recordings/scoop-4p, made by
tools/make_demo_recordings.py, filmed by tools.render.games.scoop) through the real
pipeline (`companion demo --game scoop`): the camera reads every claim (call area,
reserve sets, SCOOP captures) and reserve; the players' entries (the dial, the
choices after Three Star / Press, exchanges naming no card) come from the recording;
a call that takes a story is journalled once the camera sees that story laid, with
its printed value; the final tally equals the recording's ground truth, and the
pages are written as PNG + ESC/POS."""

from __future__ import annotations

import json

from companion.games.scoop import engine
from companion.journal import Journal
from play import recordings
from play.demo import load_recording, run_demo
from play.recordings import recording_dir

NAME = "scoop-4p"


def _norm(d: dict) -> dict:
    d = dict(d)
    if d["action"] == "exchange":
        d["card"] = engine.HIDDEN  # hands stay hidden at the table
    return {k: sorted(v) if isinstance(v, list) else v for k, v in d.items()}


def test_the_recording_is_bundled_small_and_a_representative_whole_game():
    assert NAME in recordings.names()
    folder = recording_dir(NAME)
    assert sum(f.stat().st_size for f in folder.iterdir()) < 4_000_000
    rec = load_recording(folder)
    assert rec.game == "scoop" and len(rec.players) == 4 and rec.setup["hidden_hands"] is True
    state = engine.new_game_from_dict(rec.truth["setup"])
    signals = []
    for a in rec.truth["actions"]:
        state = engine.apply(state, engine.action_from_dict(a))
        if a["action"] == "dial":
            signals.append(a["signal"])
    assert state.is_over and list(state.final.scores) == rec.truth["final_scores"]
    assert state.final.how == "press"
    reasons = {t.reason for t in state.ledger}
    assert {"cards", "synd", "press"} <= reasons  # refused calls bought cards; a Synd; Press
    assert {"kill", "libel", "editor", "three_star", "ok"} <= set(signals)
    acts = rec.truth["actions"]
    assert any(a["action"] == "reserve" for a in acts)
    assert any(a["action"] == "claim" and a.get("reserve") for a in acts)
    assert any(a["action"] == "claim" and a.get("captured") for a in acts)
    assert any(a["action"] == "choose" and a["option"] == "three_star" for a in acts)
    synd = [t for t in state.ledger if t.reason == "synd"]
    assert sum(t.amount for t in synd) == 1500  # Synd with 4 players: $500 from each of 3
    # the players' entries: the telephone, the choices, and what hands do (no card named)
    kinds = {(e.get("action") or {}).get("action") or next(iter(e["tap"])) for e in rec.entries}
    assert kinds <= {"dial", "choose", "exchange", "lines_down", "buy", "decline", "offer", "give_up", "pass"}
    assert all(e["action"]["card"] == engine.HIDDEN for e in rec.entries
               if (e.get("action") or {}).get("action") == "exchange")


def test_demo_plays_the_game_and_its_tally_equals_the_ground_truth(tmp_path):
    rec = load_recording(recording_dir(NAME))
    lines = []
    res = run_demo(rec, tmp_path, progress=False, echo=lines.append)
    assert res.matches_truth, "\n".join(lines[-30:])
    j = Journal.open(res.journal_path)
    assert list(j.state.final.scores) == rec.truth["final_scores"]
    assert [_norm(engine.action_to_dict(a)) for a in j.actions()] == [_norm(a) for a in rec.truth["actions"]]
    sources = {}
    for e in j.events:
        if e.kind == "action":
            sources.setdefault(e.payload["action"], set()).add(e.source)
    assert sources["claim"] == {"vision"} and sources["reserve"] == {"vision"}
    assert sources["exchange"] == {"player"}
    # the dial's entries are played by the observer once the story is seen laid
    assert sources["dial"] == {"vision"}
    valued = [a for a in j.actions() if isinstance(a, engine.Dial) and a.value is not None]
    assert valued and all(a.signal in ("ok", "extra", "synd") for a in valued)
    assert any(e.kind == "note" and e.payload.get("reveal") for e in j.events)  # the seed, at the end
    for p in rec.players:  # each paper's front page, as `companion print --press all`
        assert (tmp_path / f"{NAME}-{p['colour']}-front.png").is_file()
        assert (tmp_path / f"{NAME}-{p['colour']}-front.bin").stat().st_size > 1000
    assert (tmp_path / "final-receipt.png").is_file()
    assert (tmp_path / "final-receipt.bin").stat().st_size > 1000
    assert json.loads((recording_dir(NAME) / "recording.json").read_text())["game"] == "scoop"
