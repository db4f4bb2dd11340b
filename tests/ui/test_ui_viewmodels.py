"""View-model tests (no Kivy): the fake session's table follows the rulebook's value
tables, texts exist in es/en/zh, corrections go through the session and undo."""

from __future__ import annotations

import json
import threading
from urllib.parse import unquote

import pytest

from ui import i18n
from ui.viewmodels.bgstats import BASE, play_link
from ui.games.penny_press.viewmodels.corrections import CorrectionsVM, parse_story
from fake_session import FakeSession, arrow_position
from ui.games.penny_press.viewmodels.live import FrameSlot, LiveVM, adjustment_text, overlays
from ui.games.penny_press.viewmodels.press import PressVM, grid
from ui.games.penny_press.protocol import (
    Adjustment, Correction, FinalRow, FrontPageView, Placement, ScorePoint, Symbol, Update,
)
from ui.games.penny_press.viewmodels.scores import ScoresVM, chart_lines
from ui.viewmodels.settings import SettingsVM, module_px, tag_size_check
from ui.viewmodels.start import StartVM


def test_every_text_has_three_languages_with_same_placeholders():
    for key, texts in i18n.TEXTS.items():
        assert len(texts) == 3, key
        es, en, zh = texts
        assert i18n.placeholders(es) == i18n.placeholders(en) == i18n.placeholders(zh), key
        if key not in ("cell.empty",):
            assert es and en and zh, key


def test_unknown_language_and_key_are_clear_errors():
    with pytest.raises(ValueError, match="es, en, zh"):
        i18n.tr("nav.live", "fr")
    with pytest.raises(KeyError):
        i18n.tr("no.such.key", "en")


def test_arrow_position_rulebook_example():
    # FACTS.md: spaces taken (A,B 1; C,D 2) + 1 per story with a reporter, cap 9.
    assert arrow_position([("crime-B1", {}), ("crime-D3", {"red": 2})]) == 1 + 2 + 1
    full = [(f"war-D{i}", {"red": 1}) for i in (1, 2, 3)] + [("war-C1", {"blue": 1})]
    assert arrow_position(full) == 9  # 8 spaces + 4 -> capped


def test_live_vm_state_rows_and_adjustment_after_a_turn():
    s = FakeSession(period=0)
    vm = LiveVM(s, "en")
    vm.attach()
    s.step()  # red puts 2 reporters on crime-D3: crime arrow 1+2+1 = 4
    vm.poll()
    crime = next(b for b in vm.table.beats if b.beat == "crime")
    assert (crime.arrow, crime.news_value, crime.scoop_value) == (4, 3, 1)
    assert "Crime: arrow 4 · value 3 · scoop 1 · bonus 2" in vm.beat_rows()
    assert vm.adjustment_rows() == ["Move the Crime arrow to 4"]
    assert "Bo's turn" in vm.status_text()
    assert "crime-D3" in vm.status_text()


def test_adjustment_texts_in_three_languages():
    a = Adjustment("bonus", "war", 5)
    assert adjustment_text(a, "en") == "Move the War bonus marker to 5"
    assert "5" in adjustment_text(a, "es") and "Guerra" in adjustment_text(a, "es")
    assert "战争" in adjustment_text(a, "zh")
    assert adjustment_text(Adjustment("ad", player=1, cell=(2, 1)), "en", ["Ana", "Bo"]) == \
        "Bo: put an ad on your front page, row 3, column 2"
    # the first draft's fields still work (story=, colour= with value = row*4+col)
    assert adjustment_text(Adjustment("ad", value=9, colour="red"), "en") == \
        "red: put an ad on your front page, row 3, column 2"
    from ui.games.penny_press.texts import story_name
    assert adjustment_text(Adjustment("remove", "war", story="war-A1"), "en") == \
        f"Take {story_name('war-A1', 'en')} off the board"
    assert adjustment_text(Adjustment("place", "city", stories=("city-A1", "city-B2")), "en") == \
        f"Place {story_name('city-A1', 'en')}, {story_name('city-B2', 'en')} in the New York City column"
    with pytest.raises(ValueError):
        adjustment_text(Adjustment("teleport", "war", 1), "en")


def test_overlays_label_unreadable_with_reason_and_normalise():
    syms = [Symbol("war-A1", ((10, 20), (30, 20), (30, 40), (10, 40))),
            {"component": None, "corners": [(0, 0), (5, 0), (5, 5), (0, 5)], "status": "unreadable",
             "reason": "glare"}]
    ov = overlays(syms, 100, 200, "es")
    assert ov[0].label == "war-A1" and ov[0].ok and ov[0].points[0] == (0.1, 0.1)
    assert ov[1].label == "reflejo" and not ov[1].ok
    with pytest.raises(ValueError):
        overlays(syms, 0, 10, "en")


def test_frame_slot_keeps_latest_frame_and_all_messages_across_threads():
    slot = FrameSlot()
    from ui.viewmodels.protocol import Message

    def worker(i):
        slot.put(Update(frame=i, messages=(Message(f"m{i}"),)))

    ts = [threading.Thread(target=worker, args=(i,)) for i in range(20)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    p = slot.take()
    assert p.frame in range(20) and len(p.messages) == 20 and p.frames_dropped == 19
    assert slot.take() is None


def test_start_vm_validation_and_config(tmp_path):
    vm = StartVM(lang="en")
    errs = vm.validate()
    assert "Player 1 has no name" in errs and "Player 2 has no name" in errs
    vm.set_player(0, name="Ana", paper="El Sol")
    vm.set_player(1, name="Bo", colour="red")
    assert "Colour red is chosen twice" in vm.validate()
    vm.set_player(1, colour="blue")
    vm.variant_strike = True
    assert vm.validate() == ["The newsboy strike needs 4 or 5 players"]
    vm.variant_strike = False
    for _ in range(3):
        vm.add_player()
    with pytest.raises(ValueError, match="2 to 5"):
        vm.add_player()
    del vm.players[2:]
    vm.recording = str(tmp_path / "missing.mp4")
    with pytest.raises(ValueError, match="does not exist"):
        vm.config()
    vm.recording = None
    vm.first_player = 5
    assert vm.validate() == ["Choose who starts"]
    vm.first_player = 1
    cfg = vm.config()
    assert cfg.first_player == 1
    assert [p.name for p in cfg.players] == ["Ana", "Bo"] and cfg.players[1].paper == "Bo"
    assert cfg.camera == 0 and cfg.lang == "en"


def test_corrections_go_through_session_and_undo():
    s = FakeSession(period=0)
    s.step()
    vm = CorrectionsVM(s, "en")
    assert not vm.set_reporters("blue", 1)  # nothing selected
    assert vm.status == "Tap a story or beat first"
    vm.select("story", "crime-D3")
    assert vm.reporters_on("crime-D3", "red") == 2
    assert vm.set_reporters("red", 1)  # vision saw 2, really 1
    assert vm.reporters_on("crime-D3", "red") == 1
    assert s.events[-1] == {"type": "correction", "kind": "reporters", "story": "crime-D3", "beat": None,
                            "colour": "red", "count": 1}
    assert not vm.set_reporters("red", 7) and "0 to 5" in vm.status
    vm.select("story", "crime-D3")
    vm.choose_colour("red")
    assert vm.count == 1 and vm.step(+1) == 2 and vm.step(+9) == 5 and vm.step(-9) == 0
    assert vm.story_not_there()
    assert not any(st.story == "crime-D3" for b in s.table().beats for st in b.stories)
    assert vm.undo_label().startswith("Undo: ")
    assert vm.undo() and vm.undo()
    assert vm.reporters_on("crime-D3", "red") == 2
    assert not vm.undo() and vm.status == "Nothing to undo"
    vm.lang = "es"
    assert vm.status == "No hay nada que deshacer"  # a language switch redraws the status
    assert parse_story(" politics-c2 ") == "politics-C2"
    with pytest.raises(ValueError):
        Correction("reporters", story="war-A1")


def test_press_vm_claims_ties_and_scoop(tmp_path):
    s = FakeSession(period=0, out_dir=tmp_path)
    for _ in range(5):
        s.step()
    # red 2 and green 2 on crime-D3: a tie counts, green claims it; red scores the
    # crime scoop value (arrow 4 -> scoop 1) once.
    vm = PressVM(s, "en")
    pv = vm.load("green")
    assert pv.claimed == ("crime-D3",)
    assert dict(pv.scoop) == {"red": 1}
    assert vm.scoop_rows() == ["Ana: +1"]
    g = grid(pv.suggested, "en")
    assert g[0][0] == "crime-D3" and g[2][1] == "crime-D3" and g[0][2] == ""
    job = vm.print_paper()
    assert job.state == "printed" and vm.job_text() == "Your latest paper · 1 page printed"  # the end panel's words
    assert (tmp_path / "press-1-green.png").is_file()


def test_front_page_grid_rejects_overlap_and_overflow():
    with pytest.raises(ValueError, match="leaves"):
        grid(FrontPageView((Placement("war-D1", 2, 0, 2, 3),), 0), "en")
    with pytest.raises(ValueError, match="overlaps"):
        grid(FrontPageView((Placement("war-A1", 0, 0, 1, 2), Placement("ad", 1, 0, 1, 1)), 0), "en")
    assert grid(FrontPageView((Placement("ad", 2, 3, 1, 1),), 0), "zh")[2][3] == "广告"


def test_scores_chart_ranking_export_and_bgstats(tmp_path):
    lines, top = chart_lines([ScorePoint("0", (("red", 0), ("blue", 0))),
                              ScorePoint("P1", (("red", 8), ("blue", 4)))])
    assert top == 8 and lines["blue"] == [(0.0, 0.0), (1.0, 0.5)]
    s = FakeSession(period=0, out_dir=tmp_path)
    vm = ScoresVM(s, "en")
    assert vm.ranking_rows() == ["The game is not over"]
    s.bgstats_link = lambda: ""  # a session with no finished game gives no link
    assert vm.bgstats_link() is None and vm.status == "The game is not over"
    del s.bgstats_link
    while s.step():
        pass
    rows = vm.ranking_rows()
    assert rows[0].startswith("1. ") and "winner" in rows[0]
    path = vm.export_json(tmp_path)
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "penny-press"
    link = vm.bgstats_link()
    assert link.startswith(BASE)
    data = json.loads(unquote(link[len(BASE):]))
    assert data["game"]["highestWins"] is True
    assert [p["rank"] for p in data["players"]] == [r.place for r in s.final_ranking()]


#: the game of the BG Stats rows below (the shared builder names no game by default)
PP = {"game_name": "Penny Press", "source_game_id": "penny-press"}


def test_bgstats_needs_a_finished_game():
    row0 = FinalRow(1, "red", "Ana", 1, (), 1, 1, True)
    assert json.loads(unquote(play_link([row0], source_play_id="g", **PP)[len(BASE):]))["playDate"][:2] == "20"
    with pytest.raises(ValueError, match="finished"):
        play_link([], source_play_id="g", play_date="2026-01-01 10:00:00", **PP)
    with pytest.raises(ValueError, match="sourcePlayId"):
        play_link([row0], source_play_id="", **PP)
    row = FinalRow(1, "red", "Ana", 20, (("war", 5),), 25, 4, True)
    data = json.loads(unquote(play_link([row], source_play_id="g", play_date="x", bgg_id=1, **PP)[len(BASE):]))
    assert data["players"][0]["score"] == 25 and data["game"]["bggId"] == 1


def test_bgstats_link_has_the_exact_shape_bg_stats_imports():
    """The push-play JSON as BG Stats reads it (ui/viewmodels/bgstats.py): its
    required keys (sourceName, sourcePlayId, playDate in UTC, game), a stable
    sourceGameId, winner on every player, shared ranks on a tie, no empty strings."""
    from ui.viewmodels.bgstats import play_data, utc_play_date

    rows = [FinalRow(1, "blue", "Bo", 30, (("war", 5),), 35, 5, True),
            FinalRow(1, "red", "Ana", 35, (), 35, 4, True),
            FinalRow(3, "green", "Chen", 20, (), 20, 2, False)]
    data = play_data(rows, source_play_id="penny-press-20260101-100000", play_date="2026-01-01 09:00:00",
                     duration_min=47, start_colour="red", **PP, roles={"red": "Rojo", "blue": "Azul", "green": "Verde"})
    assert data == {
        "sourceName": "Table Companion",
        "sourcePlayId": "penny-press-20260101-100000",
        "playDate": "2026-01-01 09:00:00",
        "game": {"name": "Penny Press", "sourceGameId": "penny-press", "highestWins": True, "noPoints": False},
        "durationMin": 47,
        "players": [
            {"name": "Bo", "sourcePlayerId": "bo", "score": 35, "winner": True, "startPlayer": False, "rank": 1,
             "role": "Azul"},
            {"name": "Ana", "sourcePlayerId": "ana", "score": 35, "winner": True, "startPlayer": True, "rank": 1,
             "role": "Rojo"},
            {"name": "Chen", "sourcePlayerId": "chen", "score": 20, "winner": False, "startPlayer": False,
             "rank": 3, "role": "Verde"},
        ]}
    assert utc_play_date(0) == "1970-01-01 00:00:00"  # UTC, whatever the tablet's time zone
    link = play_link(rows, source_play_id="x", **PP)
    assert link.startswith(BASE) and " " not in link and json.loads(unquote(link[len(BASE):]))["sourceName"]


def test_settings_darkness_is_the_one_scale_of_the_cli_and_reaches_the_printer(tmp_path, monkeypatch):
    """Darkness on the settings screen is the printer config's scale (docs/printing.md:
    steps -6..+6, light -3, normal 0, dark +3, None = the printer's own), worded in
    the players' language; a file saved by an older app (0, 1, 2 = light, normal,
    dark) reads as the same words; the step reaches the ESC/POS bytes (GS ( K)."""
    from printing.escpos_raster import escpos_bytes
    from printing.profiles import DARKNESS_WORDS
    from ui.viewmodels.protocol import PrinterSettings
    from ui.viewmodels.settings import printer_config
    from ui.viewmodels.settings import DARKNESS_CHOICES, darkness_label

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))    # no saved CLI printer config
    vm = SettingsVM(tmp_path / "s.json", "es")
    assert vm.settings.printer.darkness is None                     # by default nothing is sent
    assert DARKNESS_CHOICES == (None, -3, 0, 3) and DARKNESS_WORDS == {"light": -3, "normal": 0, "dark": 3}
    assert [darkness_label(d, "es") for d in DARKNESS_CHOICES] == ["la de la impresora", "clara", "normal", "oscura"]
    assert darkness_label(2, "zh") == "+2" and darkness_label(3, "zh") == "深"
    assert vm.update(darkness="dark") and vm.settings.printer.darkness == 3
    assert vm.update(darkness=-6) and SettingsVM(tmp_path / "s.json").settings.printer.darkness == -6
    vm.lang = "es"
    assert not vm.update(darkness=7) and "de -6 a +6" in vm.status
    assert not vm.update(darkness="black") and SettingsVM(tmp_path / "s.json").settings.printer.darkness == -6
    from printing.profiles import config_path
    config_path().unlink()                                            # no printer config saved yet,
    old = tmp_path / "old.json"                                       # an older app's file: 0..2
    for saved, now in ((0, -3), (1, 0), (2, 3)):
        old.write_text(json.dumps({"printer": {"kind": "preview", "darkness": saved}}), encoding="utf-8")
        assert SettingsVM(old).settings.printer.darkness == now
    from PIL import Image

    page = Image.new("1", (384, 8), 1)
    dark = escpos_bytes(page, printer_config(PrinterSettings(darkness=3)))
    assert b"\x1d(K\x02\x001\x03" in dark
    assert b"\x1d(K" not in escpos_bytes(page, printer_config(PrinterSettings(darkness=None)))


def test_settings_validate_save_and_tag_size(tmp_path):
    vm = SettingsVM(tmp_path / "s.json", "en")
    assert not vm.update(width=500) and "384 (58 mm) or 576 (80 mm)" in vm.status
    assert not vm.update(kind="network", target=" ")
    assert vm.update(kind="network", target="127.0.0.1:9100", width="576", darkness=2, cut=False)
    again = SettingsVM(tmp_path / "s.json", "en")
    assert again.settings.printer.width == 576 and again.settings.printer.target == "127.0.0.1:9100"
    # a 63 px tag is 3 px per module (21 modules): too small for 3.5
    sq = lambda side: ((0, 0), (side, 0), (side, side), (0, side))  # noqa: E731
    assert module_px(sq(63)) == pytest.approx(3.0)
    syms = [Symbol("war-A1", sq(84)), Symbol(None, sq(63), "unreadable", "too_small"),
            Symbol(None, sq(90), "unreadable", "glare")]
    assert tag_size_check(syms, 3.5) == (1, 1, pytest.approx(3.0))
    assert "Move the camera closer" in vm.tag_report(syms)
    (tmp_path / "bad.json").write_text("{not json")
    broken = SettingsVM(tmp_path / "bad.json").settings    # the app's defaults; the paper stays the
    assert broken.printer.kind == "preview" and broken.printer.width == 576   # printer config's (80 mm)


def test_symbols_from_vision_reports_and_candidates():
    import numpy as np
    from vision.decode import Candidate
    from vision.decode import Symbol as VSymbol
    from vision.pipeline import FrameReport, SymbolReport

    from ui.viewmodels.protocol import symbol_from, symbols_of

    quad = np.array([[0, 0], [84, 0], [84, 84], [0, 84]], np.float32)  # 4 px per module
    ok = SymbolReport(VSymbol("QRCode", "TC1:PP:S:WAR-A1", quad, "zxing"), "war-A1", "ok")
    foreign = SymbolReport(VSymbol("QRCode", "hello", quad, "zxing"), None, "foreign")
    corner = SymbolReport(VSymbol("ArUco", "3", quad, "aruco"), "board", "fiducial")
    small = Candidate(quad, 1.8, "too small")
    rep = FrameReport(0, 0.0, symbols=[ok, foreign, corner], candidates=[small])
    syms = [symbol_from(x) for x in symbols_of(rep)]
    assert [(s.status, s.component, s.reason) for s in syms] == [
        ("ok", "war-A1", None), ("unreadable", None, "foreign"), ("ok", "board", None),
        ("unreadable", None, "too_small")]
    ov = overlays(symbols_of(rep), 200, 200, "en")
    assert [o.label for o in ov] == ["war-A1", "not from this game", "board", "too small"]
    # vision's own px-per-module estimate is used for the size check
    assert tag_size_check(symbols_of(rep), 3.5) == (2, 1, pytest.approx(1.8))


def test_resume_lists_unfinished_journals_only(tmp_path):
    import companion.games.penny_press as pp
    from companion.journal import Journal

    setup, actions = pp.random_game(4, 2)
    with Journal.create(tmp_path / "done.sqlite", "penny-press", setup) as j:
        for a in actions:
            j.append(a)
    with Journal.create(tmp_path / "open.sqlite", "penny-press", setup) as j:
        j.append(actions[0])
    (tmp_path / "junk.sqlite").write_text("not a journal")
    (tmp_path / "empty.sqlite").write_bytes(b"")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    vm = StartVM(journal_dir=tmp_path)
    assert [p.name for p in vm.resumable()] == ["open.sqlite"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # looking writes nothing
    cfg = vm.config(resume=vm.resumable()[0])  # players come from the journal
    assert cfg.resume.endswith("open.sqlite")


def test_a_resumed_game_never_reads_the_recording_chosen_for_a_new_one(tmp_path):
    """A bundled recording chosen on the start screen (its frames start at its first
    move) is not fed to a game resumed from the list; a game played by taps comes
    back by taps unless a camera was chosen here."""
    from companion import registry
    from companion.journal import Journal
    from ui import hosting

    import companion.games.penny_press as pp

    setup, actions = pp.random_game(3, 5)
    with Journal.create(tmp_path / "pp.sqlite", "penny-press", setup) as j:
        j.append(actions[0])
    tapped = next(g for g in registry.games().values() if hosting.hosts(g) and not hosting.camera_sets_up(g))
    vm = StartVM(journal_dir=tmp_path)
    vm.choose_game(tapped.id)
    from ui.viewmodels.protocol import PlayerSetup

    players = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo"), PlayerSetup("green", "Chen")]
    host = hosting.open_game(tapped, players, "en", tmp_path / "t")  # a new game of it, by taps
    host.journal.close()
    tapped_journal = next((tmp_path / "t").glob("*.sqlite"))
    vm.choose_game("penny-press")
    vm.choose_recording("penny-press-3p")
    assert vm.config().recording  # a new game: the recording's frames
    for path in (tmp_path / "pp.sqlite", tapped_journal):
        assert vm.config(resume=path).recording is None, path
    assert vm.config(resume=tapped_journal).camera is None  # played by taps, no camera chosen
    assert vm.config(resume=tmp_path / "pp.sqlite").camera == 0  # the camera sets Penny Press up
    vm.choose_camera(0)
    assert vm.config(resume=tapped_journal).camera == 0  # the camera the players chose


def test_front_page_blocks_are_fractions_from_the_bottom():
    from ui.games.penny_press.viewmodels.press import blocks
    page = FrontPageView((Placement("war-D1", 0, 0, 2, 3), Placement("ad", 2, 3, 1, 1)), 0)
    from ui.games.penny_press.viewmodels.press import short_name
    assert blocks(page, "en") == [(short_name("war-D1", "en"), 0.0, 0.0, 0.5, 1.0),
                                  ("ad", 0.75, 0.0, 0.25, pytest.approx(1 / 3))]
    top = blocks(FrontPageView((Placement("city-A1", 0, 1, 2, 1),), 0), "en")[0]
    assert top[1:] == (0.25, pytest.approx(2 / 3), 0.5, pytest.approx(1 / 3))


def test_code_for_maps_spinner_texts_back():
    assert i18n.code_for("colour.", "绿", "zh", ("red", "green")) == "green"
    assert i18n.code_for("colour.", "green", "zh", ("red", "green")) == "green"
    with pytest.raises(ValueError, match="none of red, green"):
        i18n.code_for("colour.", "violeta", "es", ("red", "green"))


def test_overlay_hit_test_picks_the_tag_under_the_finger():
    from ui.games.penny_press.viewmodels.live import overlay_at
    syms = [Symbol("war-A1", ((10, 10), (50, 10), (50, 50), (10, 50))),
            Symbol("red1", ((20, 20), (30, 20), (30, 30), (20, 30))),
            Symbol(None, ((60, 60), (90, 60), (90, 90), (60, 90)), "unreadable", "glare")]
    ov = overlays(syms, 100, 100, "en")
    assert overlay_at(ov, 0.25, 0.25).label == "red1"  # the smaller of two nested outlines
    assert overlay_at(ov, 0.45, 0.15).label == "war-A1"
    assert overlay_at(ov, 0.75, 0.75) is None  # unreadable tags are not tappable
    assert overlay_at(ov, 0.05, 0.95) is None


def test_live_messages_said_again_are_shown_once_at_their_newest_place():
    from ui.games.penny_press.viewmodels.live import LiveVM
    from ui.viewmodels.protocol import Message, Update

    class Quiet:
        def subscribe(self, cb):
            self.cb = cb

        def table(self):
            return None

        def adjustments(self):
            return []

    s = Quiet()
    vm = LiveVM(s, "en")
    vm.attach()
    a, b = Message("draw a headline card"), Message("it is Bo's turn")
    for m in (a, b, a):
        s.cb(Update(messages=(m,)))
        vm.poll()
    assert vm.messages == [b, a]


def test_start_screen_shows_each_games_own_fields():
    """Each game's own start fields, from the registry: newspapers only where the
    players have one, the camera and who starts only for the game read through the
    camera on the built-in screens, recordings of that game only (a game's
    recording prefills its players, also when they have no colour or paper)."""
    vm = StartVM(lang="es")
    got = {}
    for game, _name in vm.games():
        vm.choose_game(game)
        got[game] = vm.fields()
        assert all(name in vm.spec().recordings for name, _label in vm.recordings())
    assert got["penny-press"] == {"paper", "colour", "first_player", "camera", "recordings", "strike"}
    from ui import hosting
    from companion import registry
    scoop_camera = bool(getattr(hosting.screens_module(registry.get("scoop")), "CAMERA", False))
    assert "paper" in got["scoop"] and ("camera" in got["scoop"]) == scoop_camera  # a camera session if it asks
    assert "first_player" not in got["scoop"] and "strike" not in got["scoop"]
    assert got["pergamon"] == {"colour", "recordings", "camera"}  # its recording; a camera session (CAMERA)
    assert got["turin-market"] == {"colour", "recordings", "camera"}  # a colour, a camera session (CAMERA)
    vm.choose_game("turin-market")
    vm.choose_recording("turin-market-4p")
    assert vm.game == "turin-market" and len(vm.players) == 4 and vm.validate() == []
    assert all(p.paper == "" and p.name for p in vm.players)


def test_app_printer_profile_and_cut_reach_the_printer_config(tmp_path, monkeypatch):
    """The app's profile and cut reach printing's config (not only paper and darkness):
    80 mm with an 80 mm profile gives 576-dot pages, that profile and its cutter; cut
    off sends no cut; switching the default 58 mm POS-5890 to 80 mm paper moves to the
    80 mm default profile with a line saying so; a 58 mm profile chosen by hand for
    80 mm paper is refused in the players' language, and a session never prints with it."""
    from PIL import Image

    from escpos.constants import PAPER_FULL_CUT

    from printing.escpos_raster import escpos_bytes
    from ui.viewmodels.settings import printer_config
    from ui.viewmodels.protocol import PrinterSettings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))    # no saved CLI printer config
    cfg = printer_config(PrinterSettings(profile="TSP600", width=576, cut=True))
    assert (cfg.paper_mm, cfg.width_dots, cfg.profile_name, cfg.cut) == (80, 576, "TSP600", "auto")
    page = Image.new("1", (576, 8), 1)
    assert escpos_bytes(page, cfg).endswith(PAPER_FULL_CUT)
    off = printer_config(PrinterSettings(profile="TSP600", width=576, cut=False))
    assert off.cut == "none" and PAPER_FULL_CUT not in escpos_bytes(page, off)
    assert printer_config(PrinterSettings()).profile_name == "POS-5890"          # the app's default, 58 mm

    vm = SettingsVM(tmp_path / "s.json", "es")
    assert vm.settings.printer.profile == "POS-5890"
    assert vm.update(width=576, profile="POS-5890")                  # only the paper changed: reconciled
    assert vm.settings.printer.profile == "TM-T20II" and "TM-T20II" in vm.status and "80 mm" in vm.status
    assert printer_config(vm.settings.printer).profile_name == "TM-T20II"
    vm.lang = "es"                                                    # (a save applies the saved language)
    assert not vm.update(profile="POS-5890")                         # chosen by hand for 80 mm: refused
    assert "demasiado estrecho" in vm.status and "POS-5890" in vm.status
    assert SettingsVM(tmp_path / "s.json").settings.printer.profile == "TM-T20II"   # nothing saved
    assert not vm.update(profile="NoSuchPrinter") and "desconocido" in vm.status
    with pytest.raises(Exception) as exc:                             # an old mismatched file: refused
        printer_config(PrinterSettings(profile="POS-5890", width=576))
    from ui import i18n
    assert "毫米" in i18n.error_text(exc.value, "zh")
