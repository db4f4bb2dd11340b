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
    d = D.Dial(w, SEED, start=0)
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


def test_the_number_dialled_matters_and_the_hand_slips_a_little():
    """The data's wheel turns the disc by the number (2 sectors a digit) and slips
    0..2 sectors (docs/rulings.md): from one position, 3 and 9 land apart."""
    w = D.load_wheel()
    assert (w.sectors_per_digit, w.slip_sectors, w.start) == (2, 3, "seeded")
    a = D.call(w, SEED, 0, 0, 3)
    b = D.call(w, SEED, 0, 0, 9)
    assert (a.after - a.slip) % 20 == 6 and (b.after - b.slip) % 20 == 18
    assert 0 <= a.slip <= 2 and 0 <= b.slip <= 2


@pytest.mark.parametrize("name", ["standard", "kind", "harsh"])
def test_a_call_keeps_the_uniform_spread_of_positions_and_reaches_every_sector(name):
    """Exact: for every number, one call maps the uniform spread of disc positions to
    itself (each column of the transition matrix sums to 1), and the slip's
    consecutive values let the walk reach every sector at every step count from some
    point on (irreducible, aperiodic): the long-run share of each signal is its
    share of the sectors, whatever numbers are dialled."""
    from fractions import Fraction

    w = D.load_wheel(name)
    n = w.size
    for number in D.NUMBERS:
        m = [[Fraction(0)] * n for _ in range(n)]
        for pos in range(n):
            for slip in range(w.slip_sectors):
                m[pos][(pos + D.digits(number) * w.sectors_per_digit + slip) % n] += Fraction(1, w.slip_sectors)
        assert all(sum(m[p][q] for p in range(n)) == 1 for q in range(n))
    reach = {0}
    for _ in range(n):
        reach = {(p + D.digits(3) * w.sectors_per_digit + s) % n for p in reach for s in range(w.slip_sectors)}
    assert reach == set(range(n))


def test_signal_shares_equal_the_wheel_sectors_chi_square():
    """100,000 calls, one from each of 100,000 games (fresh seeds, the disc where the
    seed puts it, a number from the telephone cards): chi-square over the 8 signals
    against the sector shares, bound 24.32 (7 degrees of freedom, p = 0.001). One
    call per game keeps the calls independent, so the bound holds exactly."""
    import random

    w = D.load_wheel()
    rng = random.Random(14)
    counts = dict.fromkeys(D.SIGNALS, 0)
    numbers = (3, 9, 7, 0, 5, 1)
    n = 100_000
    for _ in range(n):
        seed = rng.getrandbits(256).to_bytes(32, "big").hex()
        counts[D.call(w, seed, D.start_position(w, seed), 0, rng.choice(numbers)).signal] += 1
    shares = w.shares()
    chi2 = sum((counts[s] - n * shares[s]) ** 2 / (n * shares[s]) for s in D.SIGNALS if shares[s])
    assert chi2 < 24.32, (chi2, counts)


def test_a_wheel_without_start_starts_at_zero_as_old_journals_did():
    old = D.Wheel.from_dict({"sectors": ["ok"] * 19 + ["press"], "slip_sectors": 20})
    assert old.start == "zero" and D.Dial(old, SEED).position == 0
    assert "start" not in old.to_dict()
    new = D.load_wheel()
    assert D.Dial(new, SEED).position == D.start_position(new, SEED)
    assert D.Wheel.from_dict(new.to_dict()) == new
    with pytest.raises(CompanionError, match="start"):
        D.Wheel(("ok",), start="anywhere")


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
    assert d.calls == [] and d.position == D.start_position(d.wheel, SEED)


def test_every_signal_is_worded_in_es_en_zh():
    from companion.games.scoop.texts import SIGNALS, UI

    assert set(SIGNALS) == set(D.SIGNALS)
    for rows in (SIGNALS, UI):
        for key, row in rows.items():
            assert set(row) == {"es", "en", "zh"}, key
            assert all(row.values())
