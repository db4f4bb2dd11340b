"""companion demo's score breakdown (play.demo.action_step_text) for the games with
no ``scoring_text`` of their own, checked against the bundled recordings' journals:
one step per journalled action, named by that action (the game's describe_action on
the state just before it), each row's change equal to the player's score after minus
before, each sheet line's change adding up to the row's, the final scoring's lines
adding up to the final score, and the steps together summing to the final scores."""

from __future__ import annotations

import json
import re

import pytest

from companion import registry
from companion.journal import Journal, total_scores
from play.demo import action_step_text, action_steps_text, load_recording, run_demo
from play.recordings import recording_dir

ROW = re.compile(r"^  (?P<name>[^:]+): (?P<change>[+-]\d+)(?: \((?P<lines>.*)\))? = (?P<total>.+)$")
FINAL_LINES = re.compile(r"^was (?P<before>.+); final scoring: (?P<terms>.+)$")


def _journal(name: str, tmp_path) -> Journal:
    """The recording's journal (its journal.json: setup and actions) written afresh."""
    data = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
    journal = Journal.create(tmp_path / f"{name}.sqlite", data["game"], data["setup"])
    for payload in data["actions"]:
        journal.append(journal.rules.action_from_dict(payload))
    assert total_scores(journal.state) == data["final_scores"]
    return journal


def _line_change(part: str) -> int:
    """A sheet line's change: ``label a → b`` is b - a, ``label +n`` is n."""
    if " → " in part:
        head, b = part.rsplit(" → ", 1)
        return int(b) - int(head.rsplit(" ", 1)[1])
    return int(part.rsplit(" ", 1)[1])


def _final_terms_total(terms: str) -> int:
    """The final scoring's lines (``label n + label n - label n``) summed."""
    pieces = re.split(r" ([+-]) ", terms)
    total = int(pieces[0].rsplit(" ", 1)[1])
    for sign, term in zip(pieces[1::2], pieces[2::2]):
        total += (1 if sign == "+" else -1) * int(term.rsplit(" ", 1)[1])
    return total


@pytest.mark.parametrize("name", ["scoop-4p", "turin-market-4p"])
def test_breakdown_per_action_adds_up_to_the_final_scores(name, tmp_path):
    journal = _journal(name, tmp_path)
    rules, spec = journal.rules, registry.get(journal.game)
    timeline, actions = journal.timeline(), journal.actions()
    names = [s.name for s in rules.score_sheet(timeline[0][1], "en").seats]
    summed = list(total_scores(timeline[0][1]))
    finals = 0
    for i, action in enumerate(actions):
        before, after = timeline[i][1], timeline[i + 1][1]
        text = action_step_text(rules, spec, before, after, action, "en")
        moved = [a - b for a, b in zip(total_scores(after), total_scores(before))]
        if not text:
            assert not any(moved) and not after.is_over, (i, action)
            continue
        head, *rows = text.splitlines()
        what = rules.describe_action(action, before, "en")
        assert head in (f"Scores after: {what}", f"Scores after: {what}, then the final scoring"), (i, head)
        told = [0] * len(names)
        for row in rows:
            m = ROW.match(row)
            assert m, row
            seat = names.index(m["name"])
            change = int(m["change"])
            told[seat] += change
            assert m["total"] == spec.count(total_scores(after)[seat], "en"), row
            if after.is_over:
                fm = FINAL_LINES.match(m["lines"])
                assert fm and fm["before"] == spec.count(total_scores(before)[seat], "en"), row
                assert _final_terms_total(fm["terms"]) == total_scores(after)[seat], row
            else:
                assert m["lines"], row
                assert sum(_line_change(p) for p in m["lines"].split("; ")) == change, row
        assert told == moved, (i, text)  # each change is this action's, and every one is told
        summed = [s + c for s, c in zip(summed, told)]
        finals += after.is_over
    assert finals == 1
    assert summed == total_scores(journal.state)
    assert action_steps_text(rules, spec, timeline, actions, "en") == [
        t for t in (action_step_text(rules, spec, timeline[i][1], timeline[i + 1][1], a, "en")
                    for i, a in enumerate(actions)) if t]
    journal.close()


@pytest.mark.parametrize("name", ["scoop-4p", "turin-market-4p"])
def test_demo_tells_each_journalled_action_once_in_order(name, tmp_path):
    """What the demo prints between the start and the final ranking is the breakdown
    of its own journal's actions, in order (not one per camera frame)."""
    lines: list[str] = []
    res = run_demo(load_recording(recording_dir(name)), tmp_path, progress=False, echo=lines.append,
                   warn=lambda _text: None)
    assert res.matches_truth
    journal = Journal.open(res.journal_path, readonly=True)
    want = action_steps_text(journal.rules, registry.get(journal.game), journal.timeline(), journal.actions(), "en")
    journal.close()
    told = [t for t in lines if t.startswith("Scores after:")]
    assert told == want
