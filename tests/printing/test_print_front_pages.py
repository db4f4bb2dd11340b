"""Issue 13 item 6: the printed front pages of both bundled recordings, in es, en and
zh, at 58 and 80 mm, read back from the layout's text boxes: no word broken
mid-word without a hyphen, no text outside its box (clipped), no headline twice in
one paper; and every story has its own headline in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import companion.games.penny_press as pp
from printing.games.penny_press import texts
from printing.games.penny_press.documents import front_page_doc, receipt_doc
from printing.games.penny_press.layout import render_front_page, render_receipt
from printing.layout import _is_cjk, word_breaks
from play.recordings import recording_dir

LANGS = ("es", "en", "zh")


def recording_game(name):
    d = json.loads((recording_dir(name) / "journal.json").read_text())
    state = pp.new_game_from_dict(d["setup"])
    for a in d["actions"]:
        state = pp.apply(state, pp.action_from_dict(a))
    return state


def breaks_ok(source: str, lines: list[str]) -> str | None:
    """None when ``lines`` are ``source`` broken only at spaces, after a hyphen of the
    text, between Chinese characters, or at a hyphen added inside a word; else what is
    wrong. Every character must be there (nothing dropped)."""
    pos = 0
    for k, line in enumerate(lines):
        last = k == len(lines) - 1
        while pos < len(source) and source[pos] == " ":
            pos += 1
        if source.startswith(line, pos):
            pos += len(line)
            if last or pos >= len(source) or source[pos] == " ":
                continue
            a, b = source[pos - 1], source[pos]
            if a == "-" or _is_cjk(a) or _is_cjk(b):
                continue
            return f"{line!r} breaks {source!r} mid-word without a hyphen"
        if line.endswith("-") and source.startswith(line[:-1], pos) and not last:
            pos += len(line) - 1
            if source[pos - 1].isalpha() and source[pos].isalpha():
                continue
        return f"{line!r} is not the next part of {source!r}"
    if source[pos:].strip():
        return f"{source[pos:]!r} of {source!r} was not drawn"
    return None


#: What a player must never read on paper: record links, tag payloads, component ids.
INTERNAL = re.compile(r"tcrec:|TC1:|\b(?:war|crime|city|politics|human)-[ABCD][123]\b|\bmat-[a-z]+\b")


def check_page(img, label: str):
    heads = []
    for b in img.info["text_blocks"]:
        assert not INTERNAL.search(b["text"]), f"{label} {b['role']}: an internal id is printed: {b['text']!r}"
        lines = [ln[0] for ln in b["lines"]]
        err = breaks_ok(b["text"], lines)
        assert err is None, f"{label} {b['role']}: {err}"
        bx0, by0, bx1, by1 = b["box"]
        for ln, x0, y0, x1, y1 in b["lines"]:
            assert bx0 - 0.5 <= x0 and x1 <= bx1 + 0.5 and by0 <= y0 and y1 <= by1 + 0.5, \
                f"{label} {b['role']} {ln!r} at {(x0, y0, x1, y1)} is clipped by its box {b['box']}"
            assert 0 <= x0 and x1 <= img.width, f"{label}: {ln!r} runs off the paper"
        if b["role"] == "headline":
            heads.append(b["text"])
    assert len(heads) == len(set(heads)), f"{label}: a headline repeats: {heads}"
    return heads


@pytest.mark.parametrize("name", ["penny-press-3p", "penny-press-4p"])
def test_front_pages_of_the_bundled_recordings_break_words_properly_and_clip_nothing(name):
    state = recording_game(name)
    assert state.press_results
    seen = set()
    for lang in LANGS:
        for k, res in enumerate(state.press_results):
            doc = front_page_doc(state, res, lang, "demo")
            for width in ((384, 576) if k % 2 == 0 else (384,)):
                img = render_front_page(doc, width)
                heads = check_page(img, f"{name} press {k + 1} {lang} {width} dots")
                assert len(heads) == len(res.front_page.placements)
                seen.update((lang, h) for h in heads)
    assert len(seen) > 20
    for lang in LANGS:  # the final receipt too: nothing clipped, no internal id
        for width in (384, 576):
            check_page(render_receipt(receipt_doc(state, lang, "demo"), width), f"{name} receipt {lang} {width}")


def test_every_story_has_its_own_headline_in_every_language():
    cat = pp.load_catalog()
    for lang in LANGS:
        heads = texts.headlines_for(sorted(cat.stories), lang)
        assert len(heads) == 60 and len(set(heads.values())) == 60, lang
        table = json.loads((Path(texts.__file__).parent / "headlines.json").read_text("utf-8"))[lang]
        assert set(table) == set(cat.stories), lang          # none falls back to beat + stars
        for story, h in heads.items():
            assert h == table[story] and 2 <= len(h) <= 60
        # bigger news for more stars: every 3-star headline is an exclamation
        assert all(h.endswith(("!", "！")) for s, h in heads.items() if cat.stories[s].stars == 3)


def test_hard_cases_hyphenate_shrink_or_wrap_instead_of_clipping():
    """Narrow stories with long words and a long beat name, in es/en/zh."""
    from printing.games.penny_press.documents import FrontPageDoc, PlacedStory
    import datetime as dt

    long_words = {"en": "Extraordinarily uncharacteristic counterrevolutionaries",
                  "es": "Extraordinariamente incomprensibles contrarrevolucionarios",
                  "zh": "史无前例的特大暴风雪袭击整个纽约市"}
    for lang in LANGS:
        doc = FrontPageDoc(game_id="g", player="red", paper_name="The Extraordinarily Long Evening Chronicle",
                           edition=1, press_no=1,
                           placements=(PlacedStory("human-A1", 0, 0, False), PlacedStory("human-B1", 0, 1, False),
                                       PlacedStory("human-A2", 0, 2, True)),
                           ad=None, breakdown=(), total=0, lang=lang)
        orig = texts.headlines_for
        try:
            texts.headlines_for = lambda stories, lg: {s: long_words[lg] + f" {i}" for i, s in enumerate(stories)}
            for width in (384, 576):
                check_page(render_front_page(doc, width), f"hard {lang} {width}")
        finally:
            texts.headlines_for = orig


def test_word_breaks_follow_syllables_and_chinese_characters():
    assert (2, True) in word_breaks("Armisticio", "es")           # Ar-mis-ti-cio
    assert all(h for _, h in word_breaks("Counterfeit", "en"))
    assert word_breaks("long-lost", "en")[0] == (5, False) or (5, False) in word_breaks("long-lost", "en")
    assert [i for i, _ in word_breaks("大火席卷！", "zh")] == [1, 2, 3]   # never before the ！
