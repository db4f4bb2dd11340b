"""A damaged printing data file (labels.json, headlines.json) is an error naming the
file and line, not an internal error (found by benchmarks/reliability's data-file
part: a cut labels.json made `companion print` report "internal error")."""

from __future__ import annotations

import pytest

from companion.errors import DataFileError
from printing import i18n


@pytest.mark.parametrize("text, line", [('{\n "en": {\n  "x": "y",\n', 4),
                                        ('{\n "en": {}\n<<<garbage>>>\n}\n', 3),
                                        ("[1, 2]\n", 1)])
def test_damaged_labels_name_the_file_and_line(tmp_path, monkeypatch, text, line):
    (tmp_path / "labels.json").write_text(text, "utf-8")
    monkeypatch.setattr(i18n.resources, "files", lambda package: tmp_path)
    i18n._table.cache_clear()
    try:
        with pytest.raises(DataFileError, match=rf"labels\.json:{line}: "):
            i18n._table("labels.json")
    finally:
        i18n._table.cache_clear()


def test_the_shipped_labels_load():
    i18n._table.cache_clear()
    assert "en" in i18n._table("labels.json")
