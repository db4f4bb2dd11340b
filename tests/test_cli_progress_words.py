"""Progress bars in the command line's language: the tag sheet's and the demo's
tqdm bars carry no English word (tqdm's own "it/s", "tag/s", "frame") in es or zh
(issue 29)."""

import io
import re

import pytest

from companion import clitext
from companion.cli import main

#: English a bar may not show in es/zh: tqdm's rate and the old units
ENGLISH = re.compile(r"\btags?\b|/s\b|\bframes?\b|\bit\b")


@pytest.mark.parametrize("lang,word", [("es", "etiquetas"), ("zh", "标签"), ("en", "tags")])
def test_the_tag_sheets_progress_bar_speaks_the_asked_language(lang, word, tmp_path, capsys):
    try:
        assert main(["--lang", lang, "tags", "penny-press", "--out", str(tmp_path / "s.pdf")]) == 0
    finally:
        clitext.set_lang("en")
    bar = capsys.readouterr().err.replace("\r", "\n").strip().splitlines()[-1]
    assert bar.startswith(f"{word}: 100%") and "186/186" in bar, bar
    if lang != "en":
        assert not ENGLISH.search(bar), bar


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("lang,word", [("es", "imágenes"), ("zh", "帧数"), ("en", "frames")])
def test_the_demos_progress_bar_speaks_the_asked_language(lang, word):
    from play.demo import progress_bar

    screen = Terminal()
    clitext.set_lang(lang)
    try:
        bar = progress_bar("penny-press-3p", True, file=screen)
        bar.update(7)
        bar.refresh()
        shown = screen.getvalue().replace("\r", "\n")
        bar.close()
    finally:
        clitext.set_lang("en")
    line = [ln for ln in shown.splitlines() if ln.strip()][-1]
    assert "penny-press-3p" in line and word in line and ": 7 [" in line, line
    if lang != "en":
        assert not ENGLISH.search(line.replace("penny-press-3p", "")), line
    assert progress_bar("x", False, file=screen).disable   # --no-progress: no bar
