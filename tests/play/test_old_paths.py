"""Scripts written before the table loop moved below the app (the bug-case harnesses,
a group's own tools) import the earlier paths: those keep meaning the same things."""

from __future__ import annotations

import importlib

import pytest

from companion import registry
from play import recordings


def test_ui_demo_data_names_the_bundled_recordings():
    demo_data = importlib.import_module("ui.demo_data")
    assert demo_data.RECORDINGS == {n: recordings.player_count(n) for n in recordings.names()}
    for name in recordings.names():
        old = demo_data.recording_dir(name)
        assert old.resolve() == recordings.recording_dir(name).resolve()
        # the folder under its earlier path reads the same files
        from pathlib import Path

        legacy = Path(demo_data.__file__).parent / name
        assert legacy.is_dir(), legacy
        assert sorted(p.name for p in legacy.iterdir()) == sorted(
            p.name for p in recordings.recording_dir(name).iterdir())
    with pytest.raises(KeyError):
        demo_data.recording_dir("no-such-recording")


def test_companion_tags_module_level_functions_use_the_default_game():
    from companion import tags

    default = importlib.import_module(registry.default().tags)
    ids = tags.catalog_ids()
    assert ids == tuple(default.catalog_ids()) and ids
    payload = tags.encode_payload(ids[0])
    assert payload == default.encode_payload(ids[0])
    assert tags.parse_payload(payload) == default.parse_payload(payload)
    # another game by its id
    other = next(s for s in registry.games().values() if s.id != registry.default().id)
    other_ids = tags.catalog_ids(other.id)
    assert other_ids and set(other_ids) != set(ids)
    # a foreign text is reported, never raised
    assert tags.parse_payload("https://example.com/x") == default.parse_payload("https://example.com/x")
    with pytest.raises(ValueError):
        tags.encode_payload("NO-SUCH-ID")
