"""`companion dial` in a terminal, `companion dial verify` on logs, journals and exports."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from companion.cli import main
from companion.commands import journal_from_record
from companion.games import scoop as sc
from companion.games.scoop.dial import Dial, commitment, load_wheel
from companion.games.scoop.texts import signal_text
from companion.journal import Journal, JournalError

SEED = "c0ffee" * 10 + "abcd"


def run_dial(monkeypatch, capsys, lines, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    rc = main(["dial", "--seed", SEED, *args])
    return rc, capsys.readouterr().out


def test_terminal_dial_shows_commitment_signals_and_reveals_the_seed(tmp_path, monkeypatch, capsys):
    log = tmp_path / "calls.json"
    rc, out = run_dial(monkeypatch, capsys, ["3", "12", "9", "0", "q"], "--log", str(log), "--lang", "zh")
    assert rc == 0
    assert commitment(SEED) in out.splitlines()[0]
    assert "请拨一位数字" in out  # "12" is refused: one digit
    rec = json.loads(log.read_text())
    assert rec["seed"] == SEED and [c["number"] for c in rec["calls"]] == [3, 9, 0]
    d = Dial(load_wheel(), SEED)
    for c in rec["calls"]:
        head, _ = signal_text(d.dial(c["number"]).signal, "zh")
        assert c["signal"] == d.calls[-1].signal
        assert head in out
    assert main(["dial", "verify", str(log)]) == 0
    rec["calls"][1]["signal"] = "press" if rec["calls"][1]["signal"] != "press" else "ok"
    log.write_text(json.dumps(rec))
    assert main(["dial", "verify", str(log)]) == 4
    assert "call 2 (number 9)" in capsys.readouterr().out


def test_house_rule_wheel_in_the_terminal(tmp_path, monkeypatch, capsys):
    rc, out = run_dial(monkeypatch, capsys, ["5"], "--wheel", "harsh", "--log", str(tmp_path / "l.json"))
    # a wheel shipped with the game is named, never by its path inside the program
    assert rc == 0 and out.splitlines()[1] == "Wheel: harsh" and "wheels/harsh.json" not in out


def test_verify_catches_a_journal_whose_outcome_was_edited(tmp_path, capsys):
    setup, actions = sc.random_game(9, 2)  # 79 actions, 3 calls
    j = journal_from_record({"game": "scoop", "setup": setup, "actions": [sc.action_to_dict(a) for a in actions]},
                            tmp_path / "g.sqlite")
    rec = j.export()
    j.close()
    assert main(["dial", "verify", str(tmp_path / "g.sqlite")]) == 0
    assert rec["summary"]["dial"]["seed"] == setup["dial_seed"]  # revealed: the game is over
    (tmp_path / "g.json").write_text(json.dumps(rec))
    assert main(["dial", "verify", str(tmp_path / "g.json"), "--commitment", setup["commitment"]]) == 0
    assert main(["dial", "verify", str(tmp_path / "g.json"), "--commitment", "00" * 32]) == 4
    con = sqlite3.connect(str(tmp_path / "g.sqlite"))
    seq, payload = con.execute("SELECT seq, payload FROM events WHERE payload LIKE '%\"dial\"%' "
                               "ORDER BY seq LIMIT 1").fetchone()
    d = json.loads(payload)
    d["signal"] = "ok" if d["signal"] != "ok" else "kill"
    con.execute("UPDATE events SET payload = ? WHERE seq = ?", (json.dumps(d), seq))
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["dial", "verify", str(tmp_path / "g.sqlite")]) == 4
    assert "call 1" in capsys.readouterr().out
    with pytest.raises(JournalError, match="dial showed"):
        Journal.open(tmp_path / "g.sqlite")


def test_verify_refuses_another_game(tmp_path, capsys):
    assert main(["sample", str(tmp_path / "pp.sqlite"), "--players", "2"]) == 0
    assert main(["dial", "verify", str(tmp_path / "pp.sqlite")]) == 1
    assert "not Scoop" in capsys.readouterr().err


def test_replay_shows_the_ledger_and_the_calls(tmp_path, capsys):
    assert main(["sample", str(tmp_path / "s.sqlite"), "--game", "scoop", "--players", "3", "--seed", "40"]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "s.sqlite"), "--engine-state"]) == 0
    out = capsys.readouterr().out
    setup, actions = sc.random_game(40, 3)
    s = sc.new_game_from_dict(setup)
    for a in actions:
        s = sc.apply(s, a)
    synd = [t for t in s.ledger if t.reason == "synd"]
    assert synd and all(f"ledger: $500 {s.players[t.payer].name} -> {s.players[t.payee].name} (synd)" in out
                        for t in synd)
    first = s.calls[0]
    assert f"(call 1, number {first.number}, wheel {first.before} -> {first.after}" in out
    assert "companion/games/scoop/data/values.json" in out


def test_the_journal_records_the_signal_of_a_dial_appended_without_it(tmp_path):
    setup, actions = sc.random_game(9, 2)
    j = Journal.create(tmp_path / "g.sqlite", "scoop", setup)
    for a in actions:
        j.append(sc.Dial(a.player, a.number) if isinstance(a, sc.Dial) else a)
    dials = [e.payload for e in j.events if e.payload.get("action") == "dial"]
    assert [d["signal"] for d in dials] == [a.signal for a in actions if isinstance(a, sc.Dial)]
    assert j.state.is_over


def test_verify_with_another_commitment_reports_only_that(tmp_path, monkeypatch, capsys):
    log = tmp_path / "calls.json"
    rc, _ = run_dial(monkeypatch, capsys, ["3"], "--log", str(log))
    assert rc == 0
    assert main(["dial", "verify", str(log)]) == 0
    assert "1 call re-run" in capsys.readouterr().out  # CLDR plural: "1 call", not "1 calls"
    assert main(["dial", "verify", str(log), "--commitment", "00ff"]) == 4
    out = capsys.readouterr().out
    assert "1 problem:" in out and "the file's commitment is not the one given" in out
    assert "does not match the commitment shown" not in out


@pytest.mark.parametrize("lang,sport", [("es", "Deportes 3"), ("zh", "体育 3")])
def test_terminal_dial_translates_story_types_and_refuses_a_number_on_no_card(tmp_path, monkeypatch, capsys,
                                                                               lang, sport):
    log = tmp_path / "calls.json"
    rc, out = run_dial(monkeypatch, capsys, ["8", "3", "q"], "--log", str(log), "--lang", lang)
    assert rc == 0
    cards = out.splitlines()[2]
    assert sport in cards and "sport" not in cards and "crime" not in cards, cards
    assert "8" in out.split(cards, 1)[1].strip().splitlines()[0]  # the refusal, right after the card line
    assert [c["number"] for c in json.loads(log.read_text())["calls"]] == [3]  # 8 was not dialled


def test_hang_up_and_receipt_say_1_call(tmp_path, monkeypatch, capsys):
    from printing.games.scoop.pages import label

    rc, out = run_dial(monkeypatch, capsys, ["3", "q"], "--log", str(tmp_path / "l.json"), "--lang", "es")
    assert rc == 0 and "1 llamada." in out
    assert label("calls", "en", n=1) == "1 call to the editor" and label("calls", "en", n=2).startswith("2 calls")


def test_terminal_dial_takes_only_the_telephones_digits(tmp_path, monkeypatch, capsys):
    """A telephone number is 0-9 as on the cards: Arabic-Indic, Devanagari and
    superscript digits are refused with the line saying what is accepted; full-width
    ３ (a Chinese input method) is the digit 3."""
    log = tmp_path / "calls.json"
    rc, out = run_dial(monkeypatch, capsys, ["\u0663", "\u0969", "\u00b3", "\uff13", "3", "q"], "--log", str(log))
    assert rc == 0
    assert out.count("0123456789") == 3
    assert [c["number"] for c in json.loads(log.read_text())["calls"]] == [3, 3]


def _log_with(tmp_path, wheel, name="old.json"):
    from companion.games.scoop.commands import _write_log

    d = Dial(wheel, SEED)
    for n in (3, 9, 0, 5, 3):
        d.dial(n)
    path = tmp_path / name
    _write_log(path, d, revealed=True)
    return path


def test_verify_a_log_made_before_the_wheel_changed(tmp_path, capsys):
    """A log made with the standard wheel's first edition (a full random turn, slip
    20, start 0) verifies and says which edition it was checked against; the same
    log with a sector forged is refused naming the sector."""
    from companion.games.scoop.dial import Wheel, earlier_editions

    label, first = earlier_editions("standard")[0]
    assert first != load_wheel() and first.slip_sectors == 20
    log = _log_with(tmp_path, Wheel(first.sectors, 2, 20, "standard", "companion/games/scoop/data/wheel.json"))
    capsys.readouterr()
    assert main(["dial", "verify", str(log)]) == 0
    out = capsys.readouterr().out
    assert "all match" in out and label in out and "has changed since" in out
    rec = json.loads(log.read_text())
    rec["wheel"]["sectors"][4] = "three_star" if rec["wheel"]["sectors"][4] != "three_star" else "ok"
    log.write_text(json.dumps(rec))
    assert main(["dial", "verify", str(log)]) == 4
    out = capsys.readouterr().out
    assert "sector 4:" in out and "--wheel FILE" in out


def test_verify_after_a_house_rule_wheel_file_changed(tmp_path, capsys):
    """The house-rule file changed after the game: the refusal says what differs
    (field, the record's value and the file's) and what to do; the file's copy as it
    was, given with --wheel, verifies and is named."""
    house = tmp_path / "house.json"
    then = {"name": "house", "sectors": ["ok", "kill", "extra", "editor"] * 5, "sectors_per_digit": 2,
            "slip_sectors": 4}
    house.write_text(json.dumps(then))
    log = _log_with(tmp_path, load_wheel(house))
    kept = tmp_path / "house-then.json"
    kept.write_text(json.dumps(then))
    house.write_text(json.dumps(dict(then, slip_sectors=2)))
    capsys.readouterr()
    assert main(["dial", "verify", str(log)]) == 4
    out = capsys.readouterr().out
    assert "slip_sectors: 4 in the record, 2 in the file" in out and "--wheel FILE" in out
    assert main(["dial", "verify", str(log), "--wheel", str(kept)]) == 0
    out = capsys.readouterr().out
    assert "all match" in out and "given with --wheel" in out
    assert main(["dial", "verify", str(log), "--wheel", str(house)]) == 4


@pytest.mark.parametrize("lang,wheel", [("es", "Rueda: la estándar"), ("zh", "信号轮：标准"),
                                        ("en", "Wheel: the standard one")])
def test_terminal_dial_names_the_shipped_wheel_without_a_path_inside_the_program(tmp_path, monkeypatch, capsys,
                                                                                 lang, wheel):
    rc, out = run_dial(monkeypatch, capsys, ["q"], "--log", str(tmp_path / "l.json"), "--lang", lang)
    assert rc == 0 and out.splitlines()[1] == wheel, out
    assert "companion/games" not in out and ".json (" not in out.splitlines()[1]
