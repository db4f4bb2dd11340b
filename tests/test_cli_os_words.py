"""Errors of the file system and of SQLite in the players' language (issue 29, words29
item 4): a read-only file system is called read-only (never "permission denied") with
what to do; SQLite's English never reaches a Spanish or Chinese reader."""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

from companion import clitext
from companion.journal import JournalError


@pytest.fixture
def lang():
    yield clitext.set_lang
    clitext.set_lang("en")


@pytest.fixture
def read_only(monkeypatch, tmp_path):
    """tmp_path as if mounted read-only (statvfs reports ST_RDONLY)."""
    real = os.statvfs

    class RO:
        def __init__(self, st):
            self.f_flag = st.f_flag | os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda p: RO(real(p)) if str(p).startswith(str(tmp_path)) else real(p))
    return tmp_path


@pytest.mark.parametrize("code", [errno.EACCES, errno.EPERM, errno.EROFS])
@pytest.mark.parametrize("speak", ["en", "es", "zh"])
def test_a_read_only_file_system_is_called_read_only(code, speak, read_only, lang):
    lang(speak)
    text = clitext.os_error(OSError(code, os.strerror(code), str(read_only / "new" / "game.sqlite")))
    assert text == clitext.read_only_fs()
    assert "denied" not in text.lower() and "permitted" not in text.lower()
    if speak == "en":
        assert "read-only" in text and "home folder" in text
    else:
        assert not any(w in text for w in ("read-only", "folder", "Permission"))


def test_permission_denied_elsewhere_stays_permission_denied(tmp_path, lang):
    lang("es")
    assert clitext.os_error(OSError(errno.EACCES, "Permission denied", str(tmp_path))) == \
        clitext.tx("os.permission", "Permission denied")


@pytest.mark.parametrize("error", ["attempt to write a readonly database", "unable to open database file",
                                   "no such table: events", "database disk image is malformed"])
def test_sqlite_words_never_reach_a_chinese_reader(error, tmp_path, lang):
    from companion.journal import _file_errors

    lang("zh")
    with pytest.raises(JournalError) as err:
        with _file_errors(tmp_path / "g.sqlite", "write the game journal"):
            raise sqlite3.OperationalError(error) if "malformed" not in error else sqlite3.DatabaseError(error)
    text = str(err.value).replace(str(tmp_path / "g.sqlite"), "")
    assert not any(w in text for w in error.split() if len(w) > 3), text
