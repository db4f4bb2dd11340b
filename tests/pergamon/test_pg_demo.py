"""Issue 15: the bundled Pergamon recording (tools.render.games.pergamon, 3 players, seed
2) through the real pipeline (`companion demo --game pergamon`): frames -> vision ->
the Pergamon observer -> engine -> journal -> receipts (PNG + ESC/POS). Every action
is read from the table (coins and admission tickets are computed by the engine, so
the recording carries no players' entries); the final VP equal the recording's
ground truth."""

from __future__ import annotations

import json

from companion import registry
from companion.games import pergamon as pg
from companion.journal import Journal
from play import recordings
from play.demo import load_recording, run_demo
from play.recordings import recording_dir

NAME = "pergamon-3p"


def _norm(a: dict) -> dict:
    """An action as the camera can tell it: a presentation's finds and the two funds
    cards as sets (seen sorted into the galleries, side by side), a collection's marker left out (the camera reads
    the marker placed, the recorded action may leave it to the engine: lowest free)."""
    if a["action"] == "present_finds":
        return {**a, "finds": sorted(a["finds"])}
    if a["action"] in ("draw_funds", "reveal_funds"):      # two cards side by side: no order
        key = "backs" if a["action"] == "draw_funds" else "cards"
        return {**a, key: sorted(a[key])}
    if a["action"] == "exhibit":
        return {k: v for k, v in a.items() if k != "marker"}
    return a


def test_the_recording_is_bundled_small_and_a_legal_whole_game():
    assert NAME in recordings.names()
    assert registry.get("pergamon").recordings[0] == NAME
    folder = recording_dir(NAME)
    assert sum(f.stat().st_size for f in folder.iterdir()) < 12_000_000
    rec = load_recording(folder)
    assert rec.game == "pergamon" and len(rec.players) == 3 and rec.entries == []
    state = pg.new_game_from_dict(rec.truth["setup"])
    for a in rec.truth["actions"]:
        state = pg.apply(state, pg.action_from_dict(a))
    assert state.is_over and list(state.final.scores) == rec.truth["final_scores"]
    assert json.loads((folder / "recording.json").read_text())["game"] == "pergamon"


def test_demo_rebuilds_the_game_and_its_final_vp_equal_the_ground_truth(tmp_path):
    rec = load_recording(recording_dir(NAME))
    lines = []
    res = run_demo(rec, tmp_path, progress=False, echo=lines.append)
    assert res.matches_truth, "\n".join(lines[-30:])
    j = Journal.open(res.journal_path)
    assert list(j.state.final.scores) == rec.truth["final_scores"]
    # the same journal, action for action, every one read by the camera (the finds of
    # a presentation in the order the camera sees them: sorted into the galleries)
    assert [_norm(pg.action_to_dict(a)) for a in j.actions()] == [_norm(a) for a in rec.truth["actions"]]
    assert {e.source for e in j.events if e.kind == "action"} == {"vision"}
    truth = pg.new_game_from_dict(rec.truth["setup"])
    for a in rec.truth["actions"]:
        truth = pg.apply(truth, pg.action_from_dict(a))
    mine = j.state
    assert (mine.shown, mine.scores, mine.coins, mine.hands, mine.box, mine.final) == \
        (truth.shown, truth.scores, truth.coins, truth.hands, truth.box, truth.final)
    assert (tmp_path / "final-receipt.png").is_file()
    assert (tmp_path / "final-receipt.bin").stat().st_size > 1000
