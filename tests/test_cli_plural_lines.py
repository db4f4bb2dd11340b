"""English CLI lines count in CLDR plural forms: `companion sample` ("1 action"),
Penny Press replay lines ("puts 1 reporter on ...", never "assign(count=1, ...)")."""

from __future__ import annotations

from companion.cli import main
from companion.games import penny_press as pp
from companion.games.penny_press.engine import PlayerSpec


def test_penny_press_replay_lines_say_what_happened_with_plural_forms(tmp_path, capsys):
    path = tmp_path / "g.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert " actions; scores " in out
    assert main(["replay", str(path), "--brief"]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("#")]
    assert not any("assign(" in ln or "count=" in ln for ln in lines)
    assert any(" puts 1 reporter on " in ln for ln in lines) and any(" reporters on " in ln for ln in lines)
    assert not any(" 1 reporters " in ln for ln in lines)


def test_describe_action_names_the_player_and_counts():
    players = (PlayerSpec(colour="red", name="Ana"), PlayerSpec(colour="blue", name=""))
    assert pp.describe_action(pp.Assign(0, "war-A1", 1), players) == "Ana (red, player 1) puts 1 reporter on war-A1"
    assert pp.describe_action(pp.Recall(1, ("war-A1", "war-A1")), players) == \
        "blue (player 2) recalls 2 reporters from war-A1"
