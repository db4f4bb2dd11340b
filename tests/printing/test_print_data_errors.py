"""A damaged printing data file (a game's headlines.json, a printing catalog) is an error
naming the file and line, not an internal error (found by benchmarks/reliability's
data-file part: a cut labels file made `companion print` report "internal error")."""

from __future__ import annotations

import pytest

from companion import gettext_po
from companion.errors import DataFileError
from printing import i18n
from printing.games.penny_press import texts


@pytest.mark.parametrize("text, line", [('{\n "en": {\n  "x": "y",\n', 4),
                                        ('{\n "en": {}\n<<<garbage>>>\n}\n', 3),
                                        ("[1, 2]\n", 1)])
def test_damaged_headlines_name_the_file_and_line(tmp_path, monkeypatch, text, line):
    (tmp_path / "headlines.json").write_text(text, "utf-8")
    monkeypatch.setattr(i18n.resources, "files", lambda package: tmp_path)
    i18n.json_table.cache_clear()
    try:
        with pytest.raises(DataFileError, match=rf"headlines\.json:{line}: "):
            i18n.json_table("printing.games.penny_press", "headlines.json")
    finally:
        i18n.json_table.cache_clear()


def test_a_damaged_catalog_names_the_file(tmp_path, monkeypatch):
    po = tmp_path / "locale" / "es" / "LC_MESSAGES" / "printing.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgctxt "label.total"\nmsgid "TOTAL"\nmsgstr "TOTAL"\n\nmsgid "cut', "utf-8")
    monkeypatch.setattr(gettext_po.resources, "files", lambda package: tmp_path)
    gettext_po.catalog.cache_clear()
    try:
        with pytest.raises(DataFileError, match=r"printing\.po"):
            gettext_po.catalog("printing", "printing", "es")
    finally:
        gettext_po.catalog.cache_clear()
        gettext_po.translations.cache_clear()


def test_the_shipped_labels_load():
    i18n.json_table.cache_clear()
    for game in ("penny_press", "scoop"):  # every game's headlines, read by the one loader
        assert "en" in i18n.json_table(f"printing.games.{game}", "headlines.json")
    assert i18n.label("total", "es") == "TOTAL" and texts.beat_name("war", "es") == "Guerra"
