"""Page files stay in the folder named, whatever the game's name in a journal or
record says (found by benchmarks/reliability's security part: a journal whose
meta game_id was "../../escaped" made `companion print --out DIR` write beside DIR)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion import registry
from companion.cli import main
from companion.journal import Journal
from printing.files import page_path


@pytest.mark.parametrize("name", ["../../escaped", "/tmp/tc-abs", "..", "a\\..\\b", "C:\\x",
                                  "x\x00y", "line\nbreak", "." * 3 + "/x", "A" * 300])
def test_page_path_is_a_plain_file_in_the_folder(tmp_path, name):
    p = page_path(tmp_path, name)
    assert p.parent == tmp_path and p.suffix == ".png"
    assert "/" not in p.name and "\\" not in p.name and "\x00" not in p.name
    assert not p.name.startswith(".") and len(p.name) <= 124


def test_page_path_keeps_ordinary_names(tmp_path):
    assert page_path(tmp_path, "game-press1-red-e1").name == "game-press1-red-e1.png"
    assert page_path(tmp_path, "报纸-final", ".bin").name == "报纸-final.bin"


def test_print_of_a_hostile_journal_writes_only_in_out(tmp_path, capsys):
    rules = registry.rules_module("penny-press")
    setup, actions = rules.random_game(3, 3)
    src = tmp_path / "in" / "g.sqlite"
    j = Journal.create(src, "penny-press", setup)
    for a in actions:
        j.append(a)
    record = j.export()
    j.close()
    conn = sqlite3.connect(src)
    with conn:
        conn.execute("UPDATE meta SET value='../../escaped' WHERE key='game_id'")
    conn.close()
    rec = tmp_path / "in" / "g.json"
    record["game_id"] = "../escaped"
    rec.write_text(json.dumps(record), "utf-8")
    out = tmp_path / "a" / "b" / "out"
    for game in (src, rec):
        assert main(["print", str(game), "--final", "--out", str(out)]) == 0
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file() and p.parent != src.parent)
    assert written and all(p.parent == out for p in written), written


def test_a_path_breaks_only_after_a_slash_and_a_file_name_not_at_all():
    from printing.layout import word_breaks

    path = "companion/games/scoop/data/values.json,"
    assert word_breaks(path, "en") == [(i + 1, False) for i, ch in enumerate(path) if ch == "/"]
    assert word_breaks("values.json,", "es") == [] and word_breaks("cards.csv", "en") == []
    assert any(h for _, h in word_breaks("information", "en"))  # ordinary words still hyphenate


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_pages_resting_on_editable_data_say_so_and_show_no_file(lang):
    """Every page whose numbers rest on editable data says which values are our
    estimates, in the page's language, and names no file and no internal path (the
    files are for whoever edits them: `companion print` names them on stderr)."""
    import re

    from companion.games import scoop as sc
    from companion.games import turin_market as tm
    from printing.games.scoop.pages import render_front_page, render_money_receipt
    from printing.games.turin_market.pages import render_payout_receipt

    setup, actions = sc.random_game(36, 3)
    s = sc.new_game_from_dict(setup)
    for a in actions:
        s = sc.apply(s, a)
    setup, actions = tm.random_game(7, 3)
    t = tm.new_game_from_dict(setup)
    for a in actions:
        t = tm.apply(t, a)
    pages = [render_front_page(s, 0, lang, 384, "g"), render_money_receipt(s, lang, 384, "g"),
             render_payout_receipt(t, lang, 384, "g")]
    estimates = {"en": "our estimates", "es": "estimaciones nuestras", "zh": "我们的估计"}[lang]
    for img in pages:
        text = "\n".join(ln[0] for b in img.info["text_blocks"] for ln in b["lines"])
        assert "companion/" not in text and "/data/" not in text, text
        assert not re.findall(r"\w+\.(?:json|csv)", text), text
        assert estimates in text.replace("\n", " " if lang != "zh" else ""), text
