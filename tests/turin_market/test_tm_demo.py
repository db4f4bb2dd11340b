"""Issue 16 item 6: the bundled Turin Market recording, rendered by
tools.render.games.turin_market, through the real pipeline (`companion demo --game
turin-market`): the camera reads picks, offers, withdrawals and purchases; the
recorded entries (reveals, bids, flips, passes, loans, prices) are fed as the
players' entries; the final shields equal the recording's ground truth."""

from __future__ import annotations

import json

from companion.games import turin_market as tm
from companion.journal import Journal
from play import recordings
from play.demo import load_recording, run_demo
from play.recordings import recording_dir

NAME = "turin-market-4p"


def test_the_recording_is_bundled_small_and_a_legal_whole_game():
    assert NAME in recordings.names()
    folder = recording_dir(NAME)
    assert sum(f.stat().st_size for f in folder.iterdir()) < 4_000_000
    rec = load_recording(folder)
    assert rec.game == "turin-market" and len(rec.players) == 4
    state = tm.new_game_from_dict(rec.truth["setup"])
    for a in rec.truth["actions"]:
        state = tm.apply(state, tm.action_from_dict(a))
    assert state.is_over and list(state.final.scores) == rec.truth["final_scores"]
    # the entries are exactly the actions the camera cannot read, plus the prices tapped
    kinds = {e["action"]["action"] for e in rec.entries if "action" in e}
    assert kinds <= {"reveal_cards", "reveal_bids", "reveal_tie_bids", "flip_coin", "pass_sale", "take_loan",
                     "reveal_leftovers"}
    offers = [a for a in rec.truth["actions"] if a["action"] == "offer_for_sale"]
    assert [e["tap"]["card"] for e in rec.entries if "tap" in e] == [a["card"] for a in offers]


def test_demo_rebuilds_the_game_and_its_final_shields_equal_the_ground_truth(tmp_path):
    rec = load_recording(recording_dir(NAME))
    lines = []
    res = run_demo(rec, tmp_path, progress=False, echo=lines.append)
    assert res.matches_truth, "\n".join(lines[-30:])
    j = Journal.open(res.journal_path)
    assert list(j.state.final.scores) == rec.truth["final_scores"]
    # the same journal, action for action: the camera's and the players' parts
    assert [tm.action_to_dict(a) for a in j.actions()] == rec.truth["actions"]
    sources = {}
    for e in j.events:
        if e.kind == "action":
            sources.setdefault(e.payload["action"], set()).add(e.source)
    for kind in ("pick", "offer_for_sale", "withdraw", "buy"):
        assert sources[kind] == {"vision"}, kind
    for kind in ("reveal_bids", "reveal_cards", "flip_coin"):
        assert sources[kind] == {"player"}, kind
    assert (tmp_path / "final-receipt.png").is_file()
    assert (tmp_path / "final-receipt.bin").stat().st_size > 1000
    assert json.loads((recording_dir(NAME) / "recording.json").read_text())["game"] == "turin-market"
