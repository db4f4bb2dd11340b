"""The start screen's check of names (ui.viewmodels.start): a name or newspaper
name with a character that cannot be shown or printed is refused, saying where and
whether it is an emoji, in es/en/zh; names of every script pass."""

from __future__ import annotations

import pytest

from benchmarks.reliability import glyphs
from ui import i18n
from ui.viewmodels.start import StartVM, undrawable


def vm_with(name="Ana", paper="", lang="en") -> StartVM:
    vm = StartVM(lang, camera=0)
    vm.set_player(0, name=name, paper=paper)
    vm.set_player(1, name="Bo")
    return vm


@pytest.mark.parametrize("script,name,paper", glyphs.SAMPLES + glyphs.MORE_SAMPLES,
                         ids=[s[0] for s in glyphs.SAMPLES + glyphs.MORE_SAMPLES])
def test_names_of_every_script_pass(script, name, paper):
    vm = vm_with(name, paper)
    assert vm.validate() == [] and vm.glyph_problem(0) == ""


def test_position_counts_characters_as_players_see_them():
    assert undrawable("Ana") is None
    assert undrawable("Ana 🫠") == (5, True)
    assert undrawable("ข่าว\ue000") == (4, False)  # ข่ is one character
    assert undrawable("👍🏽🥰") == (2, True)
    assert undrawable("Dana\x07") == (5, False)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_refusals_name_the_field_and_the_kind_in_each_language(lang):
    vm = vm_with("Ana 🫠", "Diario \ue000", lang)
    errs = vm.validate()
    assert errs[0] == i18n.tr("err.name_emoji", lang, n=1, pos=5)
    assert vm.glyph_problem(0) == errs[0]
    vm.set_player(0, name="Ana")
    assert vm.validate() == [i18n.tr("err.paper_glyph", lang, n=1, pos=8)]
    vm.set_player(0, paper="Diario 🥰")
    assert vm.validate() == [i18n.tr("err.paper_emoji", lang, n=1, pos=8)]
    vm.set_player(0, paper="Diario 🗞")
    assert vm.validate() == [] and vm.first_glyph_problem() == ""
    with pytest.raises(ValueError):
        vm_with("Bo\ue000", lang=lang).config()


def test_the_refusal_texts_differ_by_language():
    texts = {lang: i18n.tr("err.name_glyph", lang, n=2, pos=3) for lang in i18n.LANGS}
    assert len(set(texts.values())) == 3 and all("3" in t and "2" in t for t in texts.values())
