"""The tag sheets' first page reads as English a player can follow: plural headings
and no doubled words ("Storys", "on the on the back" were printed before)."""

import re

import pytest

from calibration.game_tags import _plural, guide_lines


@pytest.mark.parametrize("game", ["scoop", "pergamon", "turin-market"])
def test_guide_lines_have_plural_headings_and_no_doubled_words(game):
    rows = guide_lines(game, "normal")
    assert rows
    for heading, words in rows:
        assert not re.search(r"\b(\w+) \1\b", words, re.I), words
        assert not re.search(r"\bthe (a|an|the)\b", words), words
        assert not heading.split(" (")[0].endswith(("ys", "ooses")), heading


def test_plural():
    assert [_plural(w) for w in ("Story", "Day", "Goose", "Box", "Card")] == \
        ["Stories", "Days", "Geese", "Boxes", "Cards"]
