"""The kit's corrections panel view-model (ui/viewmodels/corrections_kit.py, Kivy-free)
over a real camera session (ui.session.GameSession) of Turin Market, Pergamon and
Scoop: the pieces the camera reads are listed by the players' names (never an id),
a piece said not there or put where it really lies changes what the table loop
reads, the correction is listed and removed with one tap."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import pergamon as pg
from companion.games import turin_market as tm
from companion.games.pergamon.tabletop import snapshot_of
from companion.games.turin_market.observer import expected_snapshot
from companion.journal import Journal
from companion.table import Sighting
from ui.hosting import GameHost
from ui.session import GameSession
from ui.viewmodels.corrections_kit import CorrectionsKitVM
from ui.viewmodels.protocol import SessionConfig


def _host(tmp_path, game, setup, moves):
    j = Journal.create(tmp_path / f"{game}.sqlite", game, setup)
    for a in moves:
        j.append(a, source="manual")
    session = GameSession(SessionConfig(game=game, camera=None, journal_dir=str(tmp_path)), journal=j)
    return GameHost(j, "en", camera=session)


def _turin(tmp_path):
    setup, actions = tm.random_game(4, 4)
    k = next(i for i, a in enumerate(actions) if isinstance(a, tm.Pick))
    host = _host(tmp_path, "turin-market", setup, actions[:k])
    pick = actions[k]
    snap = expected_snapshot(tm.apply(host.state, pick), t=1.0)
    return host, pick, snap


def _feed(host, snap):
    with host.camera.lock:
        return host.camera.runner.feed(snap)


def _ids(state):
    return set(state.catalog.cards) if hasattr(state.catalog, "cards") else set(state.catalog.tiles)


def test_no_camera_no_panel(tmp_path):
    setup, _ = tm.random_game(4, 4)
    host = GameHost(Journal.create(tmp_path / "g.sqlite", "turin-market", setup), "en")
    vm = CorrectionsKitVM(host, "en")
    assert not vm.available and vm.seen() == [] and not vm.not_there()
    assert vm.error


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_turin_a_stray_card_is_listed_by_its_goods_and_said_absent(tmp_path, lang):
    host, pick, snap = _turin(tmp_path)
    stray = next(c for c in sorted(host.state.catalog.cards) if c not in host.state.seen)
    before = len(host.journal.actions())
    _feed(host, replace(snap, sightings=snap.sightings + (Sighting(stray, "mat-red", "cards", 300, 30),)))
    assert len(host.journal.actions()) == before  # the stray card stops the reading
    vm = CorrectionsKitVM(host, lang)
    rows = vm.seen()
    assert rows and all(r.piece not in r.text and "mat-" not in r.text for r in rows)
    assert stray in {r.piece for r in rows}
    vm.select(stray)
    assert vm.places() == []  # a card not revealed yet may only be said absent
    assert vm.not_there(), vm.status
    assert len(host.journal.actions()) == before + 1 and host.journal.actions()[-1] == pick
    listed = vm.corrections()
    assert len(listed) == 1 and vm.piece_name(stray) in listed[0].text and stray not in listed[0].text
    assert [r.corrected for r in vm.seen() if r.piece == stray] == [True]
    assert vm.remove(listed[0].id) and vm.corrections() == []
    assert not vm.error


def test_turin_a_missed_card_is_put_in_the_pickers_area_and_removal_takes_the_pick_back(tmp_path):
    host, pick, snap = _turin(tmp_path)
    before = len(host.journal.actions())
    _feed(host, replace(snap, sightings=tuple(s for s in snap.sightings if s.component != pick.card)))
    vm = CorrectionsKitVM(host, "en")
    missed = vm.missed()
    assert pick.card in {r.piece for r in missed} and all(r.piece not in r.name for r in missed)
    vm.select(pick.card)
    who = tm.texts.player_name(host.state, pick.player, "en")
    place = next(p for p in vm.places() if who in p.label)
    assert vm.put_at(place.surface, place.zone), vm.status
    assert host.journal.actions()[-1] == pick
    assert "Saved" in vm.status and pick.card not in vm.status
    (row,) = vm.corrections()
    assert vm.remove(row.id)
    assert len(host.journal.actions()) == before  # the pick it explained is taken back
    assert "removed" in vm.status


def test_a_refused_correction_says_why_in_the_players_words(tmp_path):
    host, pick, snap = _turin(tmp_path)
    _feed(host, snap)
    vm = CorrectionsKitVM(host, "es")
    vm.select("goose")
    assert not vm.put_at("board", "centre")
    assert vm.error and vm.status == "Esa pieza no puede estar ahí"
    assert not CorrectionsKitVM(host, "en").not_there()  # nothing selected
    with pytest.raises(ValueError):
        vm.select("F01")


def test_pergamon_a_find_put_in_the_diggers_area_lets_the_dig_be_read(tmp_path):
    setup, actions = pg.random_game(2, 3)
    k = next(i for i, a in enumerate(actions) if isinstance(a, pg.Dig))
    host = _host(tmp_path, "pergamon", setup, actions[:k])
    dig = actions[k]
    find = host.state.galleries[dig.gallery - 1][0]
    snap = snapshot_of(pg.apply(host.state, dig), t=1.0)
    _feed(host, replace(snap, sightings=tuple(Sighting(find, "board", f"gallery:{dig.gallery}", 0, 0)
                                              if s.component == find else s for s in snap.sightings)))
    assert len(host.journal.actions()) == k
    vm = CorrectionsKitVM(host, "zh")
    row = next(r for r in vm.seen() if r.piece == find)
    assert find not in row.text and "gallery" not in row.text
    vm.select(find)
    who = pg.texts.player_name(host.state, dig.player, "zh")
    place = next(p for p in vm.places() if who in p.label)
    assert vm.put_at(place.surface, place.zone), vm.status
    assert host.journal.actions()[-1] == dig


def test_scoop_pieces_are_named_by_story_and_part(tmp_path):
    from companion.games.scoop import engine
    from companion.games.scoop.tags import card_of, catalog_ids

    setup, actions = engine.random_game(3, 3)
    host = _host(tmp_path, "scoop", setup, [])
    colour = host.state.players[0].spec.colour
    tag = next(c for c in catalog_ids() if "." in c and card_of(c) != "scoop")
    _feed(host, replace(snapshot_of_nothing(), sightings=(Sighting(tag, f"mat-{colour}", "call", 400, 280),)))
    vm = CorrectionsKitVM(host, "en")
    (row,) = vm.seen()
    assert row.piece == tag and tag not in row.text and "call area" in row.text
    vm.select(tag)
    labels = [p.label for p in vm.places()]
    assert any("reserve space 1" in t for t in labels) and all(":" not in t for t in labels)
    assert vm.not_there(), vm.status
    assert len(vm.corrections()) == 1


def snapshot_of_nothing():
    from companion.table import TableSnapshot

    return TableSnapshot(1.0, (), frozenset(), True)
