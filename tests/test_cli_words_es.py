"""Spanish words and numbers (issue 29): one word for a bonus in every catalog
("bonus", as the app says it: never "bono"/"Bonos" beside it), and numbers in the
command line's report lines written as each language writes them ("6,8 s" and
"12.345 bytes" in Spanish, "6.8 s" and "12,345" in English and Chinese), also when
words kept as a key are worded again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion import clitext

ROOT = Path(__file__).resolve().parents[1]


def _es_catalogs():
    skip = {".venv", ".git", "node_modules"}
    return [p for p in ROOT.rglob("locale/es/LC_MESSAGES/*.po") if not skip & set(p.relative_to(ROOT).parts)]


def test_a_bonus_is_called_bonus_in_every_spanish_catalog():
    catalogs = _es_catalogs()
    assert len(catalogs) >= 4
    seen = 0
    for path in catalogs:
        with path.open("rb") as f:
            for m in read_po(f, locale="es"):
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                if not any(re.search(r"\bbonus(es)?\b", i or "", re.I) for i in ids):
                    continue
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                for s in strings:
                    seen += 1
                    assert re.search(r"\bbonus\b", s, re.I), (path.name, m.context, s)
                    assert not re.search(r"\bbonos?\b", s, re.I), (path.name, m.context, s)
    assert seen >= 5


@pytest.mark.parametrize("lang,want", [("en", ("6.8", "12,345", "0.5 s")), ("es", ("6,8", "12.345", "0,5 s")),
                                       ("zh", ("6.8", "12,345", "0.5 秒"))])
def test_numbers_in_report_lines_are_written_as_the_language_writes_them(lang, want):
    from printing.link import stalled
    from printing.profiles import PrinterConfig
    from printing.transports import parse_target

    clitext.set_lang(lang)
    try:
        assert clitext.number(6.8, 1) == want[0] and clitext.number(12345) == want[1]
        text = str(stalled(parse_target("tcp://127.0.0.1:9100"), 0, 12345, PrinterConfig(timeout_s=0.5)))
    finally:
        clitext.set_lang("en")
    assert want[1] in text and want[2] in text, text


def test_a_number_kept_with_its_words_is_written_again_in_the_readers_language():
    clitext.set_lang("es")
    try:
        said = clitext.tx("demo.match_line", "{read} in {seconds} s{where}", read="3", seconds=clitext.number(6.8, 1),
                          where="")
        assert "6,8 s" in said
        record = said.record()
    finally:
        clitext.set_lang("en")
    assert record["values"]["seconds"] == {"number": 6.8, "decimals": 1}
    assert "6.8 s" in clitext.say_again(record)
