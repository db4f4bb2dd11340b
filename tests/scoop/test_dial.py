"""The virtual dial: position kept, seeded imprecision, commitment, verify, shares."""

from __future__ import annotations

import json

import pytest

from companion.errors import CompanionError, DataFileError
from companion.games.scoop import dial as D

SEED = "5eed" * 16


def test_the_same_seed_replays_the_same_calls():
    a, b = D.Dial(seed=SEED), D.Dial(seed=SEED)
    numbers = [3, 9, 7, 0, 5, 3, 3, 1]
    assert [a.dial(n) for n in numbers] == [b.dial(n) for n in numbers]
    other = D.Dial(seed="0" * 63 + "1")
    assert [other.dial(n).slip for n in numbers] != [x.slip for x in a.calls]


def test_the_wheel_position_is_kept_and_the_number_turns_it():
    w = D.Wheel(tuple(["ok"] * 19 + ["press"]), sectors_per_digit=2, slip_sectors=1, name="t")
    d = D.Dial(w, SEED)
    c1 = d.dial(3)
    assert (c1.before, c1.after, c1.slip) == (0, 6, 0)
    c2 = d.dial(0)  # 0 turns ten digits
    assert (c2.before, c2.after) == (6, 6)  # 20 sectors: a full turn
    c3 = d.dial(7)
    assert (c3.before, c3.after) == (6, 0)
    assert d.position == 0


def test_the_hand_adds_a_seeded_slip_within_its_range():
    w = D.Wheel(tuple(["ok"] * 20), sectors_per_digit=2, slip_sectors=3)
    d = D.Dial(w, SEED)
    slips = {d.dial(5).slip for _ in range(200)}
    assert slips == {0, 1, 2}


def test_commitment_is_the_sha256_of_the_seed():
    import hashlib

    assert D.commitment(SEED) == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    with pytest.raises(CompanionError):
        D.commitment("not hex")
    assert len(D.new_seed()) == 64 and D.new_seed() != D.new_seed()


def test_verify_catches_an_edited_outcome_and_a_wrong_seed():
    d = D.Dial(seed=SEED)
    for n in (3, 9, 7, 0, 5, 1, 3, 9):
        d.dial(n)
    calls = [c.to_dict() for c in d.calls]
    ok = D.verify_calls(d.wheel, SEED, calls, d.commitment)
    assert ok.ok and ok.calls == 8
    edited = json.loads(json.dumps(calls))
    edited[4]["signal"] = "ok" if edited[4]["signal"] != "ok" else "kill"
    bad = D.verify_calls(d.wheel, SEED, edited, d.commitment)
    assert not bad.ok and "call 5" in bad.problems[0]
    other = D.verify_calls(d.wheel, "00" * 32, calls, d.commitment)
    assert not other.ok and "commitment" in other.problems[0]


def test_long_run_shares_equal_the_wheel_sectors_chi_square():
    """100,000 calls of mixed numbers; chi-square over the 8 signals against the
    wheel's sector shares, bound 24.32 (7 degrees of freedom, p = 0.001)."""
    w = D.load_wheel()
    d = D.Dial(w, SEED)
    counts = dict.fromkeys(D.SIGNALS, 0)
    numbers = (3, 9, 7, 0, 5, 1)
    for i in range(100_000):
        counts[d.dial(numbers[i % 6]).signal] += 1
    shares = w.shares()
    chi2 = sum((counts[s] - 100_000 * shares[s]) ** 2 / (100_000 * shares[s]) for s in D.SIGNALS if shares[s])
    assert chi2 < 24.32, (chi2, counts)


@pytest.mark.parametrize("name", ["standard", "kind", "harsh"])
def test_house_rule_wheels_load_and_differ(name):
    w = D.load_wheel(name)
    assert w.size == 20 and w.name == name and w.file.endswith(".json")
    refused = sum(w.shares()[s] for s in ("kill", "libel", "editor"))
    assert {"standard": 0.4, "kind": 0.15, "harsh": 0.6}[name] == pytest.approx(refused)


def test_a_broken_wheel_file_names_itself(tmp_path):
    p = tmp_path / "w.json"
    p.write_text('{"sectors": ["ok", "maybe"]}')
    with pytest.raises(DataFileError, match="maybe"):
        D.load_wheel(p)
    p.write_text('{"sectors": [')
    with pytest.raises(DataFileError, match="w.json"):
        D.load_wheel(p)


def test_a_number_not_on_the_dial_is_refused():
    d = D.Dial(seed=SEED)
    for n in (10, -1, "3", None, True):
        with pytest.raises(CompanionError):
            d.dial(n)
    assert d.calls == [] and d.position == 0


def test_every_signal_is_worded_in_es_en_zh():
    from companion.games.scoop.texts import SIGNALS, UI

    assert set(SIGNALS) == set(D.SIGNALS)
    for rows in (SIGNALS, UI):
        for key, row in rows.items():
            assert set(row) == {"es", "en", "zh"}, key
            assert all(row.values())
