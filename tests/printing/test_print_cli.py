"""Engine adapters and `companion print` end to end (preview, file, local TCP)."""

import json
from types import SimpleNamespace

import pytest
from PIL import Image

from companion.cli import main
from companion.games.penny_press import (FrontPage, Placement, PlayerSpec, PressResult,
                                         action_to_dict, apply, new_game_from_dict,
                                         random_game, score_front_page)
from print_helpers import FakePrinter, decode, free_port, same_pixels, wait_for
from printing.games.penny_press.documents import front_page_doc, receipt_doc


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A complete 3-player game (engine's seeded random game) as a JSON export."""
    setup, actions = random_game(3, 3)
    state = new_game_from_dict(setup)
    for a in actions:
        state = apply(state, a)
    path = tmp_path_factory.mktemp("game") / "g3.json"
    path.write_text(json.dumps({"setup": setup, "actions": [action_to_dict(a) for a in actions]}))
    return path, state, setup, actions


def test_front_page_doc_carries_the_rulebook_score():
    """Values 4/3/2/1/0 (war top beat). War C (2x2) top-left, crime A (1x2) top row
    (not a top beat: the exclusive, counted twice), city A left out, ad at (2, 3):
    +4 +3 +3 (exclusive) -2 (left out) -2 (1 empty top cell) -4 (4 other empty) = 2."""
    values = {"war": 4, "crime": 3, "city": 2, "politics": 1, "human": 0}
    claimed = ("war-C2", "crime-A1", "city-A3")
    page = FrontPage((Placement("war-C2", 0, 0), Placement("crime-A1", 0, 2)), (2, 3))
    lines, total = score_front_page(claimed, page, (2, 3), values)
    assert total == 2
    pr = PressResult(player=1, edition=2, claimed=claimed, scoop_awards={}, front_page=page,
                     beat_values=values, breakdown=lines, total=total, best_total=total,
                     solver_placement=False)
    state = SimpleNamespace(players=(PlayerSpec("red"), PlayerSpec("blue", "Ana", "")),
                            press_results=(pr,))
    doc = front_page_doc(state, pr, "es", "demo")
    assert (doc.player, doc.edition, doc.press_no, doc.total, doc.ad) == ("blue", 2, 1, 2, (2, 3))
    assert doc.paper_name == "El Heraldo Azul"
    assert [(b.kind, b.story, b.points) for b in doc.breakdown] == [
        ("placed", "war-C2", 4), ("placed", "crime-A1", 3), ("exclusive", "crime-A1", 3),
        ("left-out", "city-A3", -2), ("empty-top", "", -2), ("empty-other", "", -4)]
    assert [p.cells() for p in doc.placements] == [
        [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 2), (1, 2)]]


def test_receipt_doc_follows_the_final_result(game):
    _, state, _, _ = game
    doc = receipt_doc(state, "en", "g3")
    final = state.final
    assert len(doc.presses) == len(state.press_results)
    assert [b.value for b in doc.bonuses] == [b.marker for b in final.bonuses]
    assert [r.score for r in doc.ranking] == sorted(final.scores, reverse=True)
    assert doc.ranking[0].player == state.players[final.winners[0]].colour
    mine = receipt_doc(state, "es", "g3", player=0)
    assert mine.player == state.players[0].colour
    assert {p.player for p in mine.presses if not p.scoops} == {mine.player}


def test_preview_writes_every_front_page_and_the_receipt(game, tmp_path, capsys):
    path, state, _, _ = game
    out = tmp_path / "out"
    assert main(["print", str(path), "--press", "all", "--lang", "zh", "--width", "80",
                 "--out", str(out)]) == 0
    pngs = sorted(out.glob("g3-press*.png"))
    assert len(pngs) == len(state.press_results)
    assert {Image.open(p).size[0] for p in pngs} == {576}
    assert main(["print", str(path), "--final", "--player", "1", "--lang", "es",
                 "--out", str(out)]) == 0
    img = Image.open(out / f"g3-final-{state.players[0].colour}.png")
    assert img.mode == "1" and img.width == 384


@pytest.mark.parametrize("argv,msg", [
    (["--press", "99"], "does not exist"),
    (["--press", "1", "--player", "purple"], "not in this game"),
    (["--final", "--printer", "lpt1"], "not understood"),
])
def test_bad_requests_get_clear_errors(game, tmp_path, capsys, argv, msg):
    # (an ill-formed --press, as --press x, is a usage error: tests/test_cli_option_values.py)
    path = game[0]
    assert main(["print", str(path), "--out", str(tmp_path), *argv]) == 1
    assert msg in capsys.readouterr().err


def test_unfinished_game_and_bad_file(game, tmp_path, capsys):
    _, _, setup, actions = game
    half = tmp_path / "half.json"
    half.write_text(json.dumps({"setup": setup,
                                "actions": [action_to_dict(a) for a in actions[:40]]}))
    assert main(["print", str(half), "--final", "--out", str(tmp_path)]) == 1
    assert "not over yet" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert main(["print", str(bad), "--final"]) == 1
    assert "setup and actions" in capsys.readouterr().err


def test_journal_file_prints_to_a_local_network_printer(game, tmp_path):
    from companion.journal import Journal

    _, state, setup, actions = game
    jpath = tmp_path / "evening.sqlite"
    with Journal.create(jpath, "penny-press", setup) as j:
        for a in actions:
            j.append(a)
    srv = FakePrinter()
    try:
        rc = main(["print", str(jpath), "--press", "all", "--player", "red", "--printer",
                   srv.target, "--queue", str(tmp_path / "q"), "--out", str(tmp_path / "png"),
                   "--wait", "5"])
        assert rc == 0
        n = sum(1 for r in state.press_results if state.players[r.player].colour == "red")
        assert wait_for(lambda: len(srv.complete) == n)
        pngs = sorted((tmp_path / "png").glob("evening-press*-red-*.png"),
                      key=lambda p: int(p.name.split("press")[1].split("-")[0]))
        for data, png in zip(srv.complete, pngs):
            assert same_pixels(decode(data).image, Image.open(png))
    finally:
        srv.close()


def test_printer_off_keeps_the_job_then_print_queue_sends_it_once(game, tmp_path, capsys):
    path = game[0]
    port = free_port()
    q = str(tmp_path / "q")
    rc = main(["print", str(path), "--final", "--printer", f"tcp://127.0.0.1:{port}",
               "--queue", q, "--wait", "0.2"])
    assert rc == 3
    assert "print-queue" in capsys.readouterr().err  # a warning: stderr
    srv = FakePrinter(port=port)
    try:
        assert main(["print-queue", "--queue", q, "--wait", "5"]) == 0
        assert main(["print-queue", "--queue", q, "--wait", "1"]) == 0  # nothing left
        assert wait_for(lambda: len(srv.received) == 1)
        assert len(srv.complete) == 1 and decode(srv.complete[0]).image.width == 384
    finally:
        srv.close()


def test_file_printer_gets_the_same_bytes_as_the_preview(game, tmp_path):
    path = game[0]
    dev = tmp_path / "lp0"
    assert main(["print", str(path), "--press", "2", "--printer", f"file:{dev}",
                 "--queue", str(tmp_path / "q"), "--out", str(tmp_path / "png")]) == 0
    png, = (tmp_path / "png").glob("g3-press2-*.png")
    assert same_pixels(decode(dev.read_bytes()).image, Image.open(png))


def test_receipt_adds_up_to_each_final_score(game):
    """Penny Press scoring: final score = press totals + scoops received + the beat
    bonuses won. The receipt shows every term, so players can check it."""
    _, state, _, _ = game
    doc = receipt_doc(state, "en", "g3")
    assert any(p.scoops for p in doc.presses)  # this game has scoops to show
    for rank in doc.ranking:
        me = rank.player
        presses = sum(p.points for p in doc.presses if p.player == me)
        scoops = sum(pts for p in doc.presses for who, pts in p.scoops if who == me)
        bonuses = sum(b.value for b in doc.bonuses if me in b.players)
        assert presses + scoops + bonuses == rank.score, me
    for i, spec in enumerate(state.players):
        mine = receipt_doc(state, "en", "g3", player=i)
        assert all(p.player == spec.colour or p.scoops for p in mine.presses)
        assert all(who == spec.colour for p in mine.presses for who, _ in p.scoops)


def test_printer_config_command_shows_and_saves(tmp_path, capsys):
    path = tmp_path / "printer.json"
    assert main(["printer-config", "--config", str(path), "paper_mm=80", "cut=partial",
                 "darkness=-2"]) == 0
    saved = json.loads(path.read_text())
    assert (saved["paper_mm"], saved["cut"], saved["darkness"]) == (80, "partial", -2)
    assert "TM-T20II" in capsys.readouterr().out
    assert main(["printer-config", "--config", str(path), "paper=80"]) == 1
    assert "unknown settings" in capsys.readouterr().err
    assert main(["printer-config", "--config", str(path), "darkness=12"]) == 1
    assert "darkness" in capsys.readouterr().err
    assert json.loads(path.read_text())["darkness"] == -2  # a bad value changes nothing


def test_print_queue_list_and_retry(game, tmp_path, capsys):
    from printing.queue import PrintQueue

    q = tmp_path / "q"
    assert main(["print-queue", "--queue", str(q), "--list"]) == 0
    assert "empty" in capsys.readouterr().out  # an empty queue says so
    port = free_port()
    rc = main(["print", str(game[0]), "--press", "1", "--printer",
               f"tcp://127.0.0.1:{port}", "--queue", str(q), "--wait", "0.2"])
    assert rc == 3  # the printer is off: kept, to retry
    err = capsys.readouterr().err
    # the queue named on the command line is the one to send (the default is another folder)
    assert f"next `companion print-queue --queue {q}` sends it" in err and " in 1 s" not in err
    assert "try 2" not in err and f"run `companion print-queue --queue {q}` to send it" in err  # one page: it
    assert main(["print-queue", "--queue", str(q), "--list"]) == 0
    line = capsys.readouterr().out.strip()
    assert "pending" in line and "g3-press1" in line
    srv = FakePrinter(port=port)
    try:
        assert main(["print-queue", "--queue", str(q), "--wait", "2"]) == 0
        assert wait_for(lambda: len(srv.complete) == 1) and len(srv.complete[0]) > 1000
    finally:
        srv.close()
    assert [j.state for j in PrintQueue(q).jobs()] == ["done"]


def test_a_file_printer_that_can_never_work_is_refused_before_anything(game, tmp_path, capsys):
    """A file: printer that can never work (a file where its folder should be) is
    refused up front (exit 1, nothing queued), like a malformed tcp address, not found
    after the pages are made; a folder not there yet is made (said), as sample makes
    its journal's."""
    q = tmp_path / "q"
    (tmp_path / "no").write_text("a file")
    rc = main(["print", str(game[0]), "--press", "1", "--printer",
               f"file:{tmp_path}/no/such/dir/lp0", "--queue", str(q), "--wait", "0"])
    assert rc == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert not q.exists() or not any(q.glob("*.json"))
    rc = main(["print", str(game[0]), "--press", "1", "--printer",
               f"file:{tmp_path}/new/dir/lp0", "--queue", str(q), "--wait", "5"])
    assert rc == 0 and f"made the folder {tmp_path}/new/dir" in capsys.readouterr().out
    assert (tmp_path / "new" / "dir" / "lp0").stat().st_size > 0


def test_print_queue_names_damaged_job_records(tmp_path, capsys):
    """A job record that cannot be read is named on stderr (kept on disk), not hidden
    behind 'the queue is empty'."""
    q = tmp_path / "q"
    q.mkdir()
    (q / "0001-broken.json").write_text("{not json")
    assert main(["print-queue", "--queue", str(q), "--list"]) == 0
    out, err = capsys.readouterr()
    assert "0001-broken.json" in err and "damaged" in err
    assert (q / "0001-broken.json").exists()


def test_darkness_is_one_scale_with_the_same_words(tmp_path, capsys):
    """docs/printing.md: -6..+6, light -3, normal 0, dark +3, null the printer's own;
    the words go in on the CLI and in the file, and reach the printer as GS ( K."""
    from printing.escpos_raster import escpos_bytes
    from printing.profiles import DARKNESS_WORDS, darkness_word, load_config
    from PIL import Image

    path = tmp_path / "printer.json"
    for word, step in DARKNESS_WORDS.items():
        assert main(["printer-config", "--config", str(path), f"darkness={word}"]) == 0
        assert json.loads(path.read_text())["darkness"] == step
        assert darkness_word(step) == word
    assert main(["printer-config", "--config", str(path), "darkness=+2"]) == 0
    assert json.loads(path.read_text())["darkness"] == 2 and darkness_word(2) == "+2"
    capsys.readouterr()
    assert main(["printer-config", "--config", str(path), "darkness=darker"]) == 1
    err = capsys.readouterr().err
    assert all(w in err for w in DARKNESS_WORDS) and "-6" in err and "+6" in err
    path.write_text(json.dumps({"darkness": "dark"}))
    cfg = load_config(path)
    assert cfg.darkness == 3
    assert b"\x1d(K\x02\x00\x31\x03" in escpos_bytes(Image.new("1", (384, 8), 1), cfg)


def test_exit_code_is_about_this_commands_page_not_another_printers_queued_job(game, tmp_path, capsys):
    """An old job for printer B (off) waiting in the queue neither makes `print` to
    printer A exit 3, nor is it retried and reported as if it were this page."""
    from printing.queue import PrintQueue

    q = tmp_path / "q"
    off = free_port()
    assert main(["print", str(game[0]), "--press", "1", "--printer", f"tcp://127.0.0.1:{off}",
                 "--queue", str(q), "--wait", "0.1"]) == 3
    capsys.readouterr()
    srv = FakePrinter()
    try:
        rc = main(["print", str(game[0]), "--press", "2", "--printer", srv.target, "--queue", str(q),
                   "--wait", "5"])
        out, err = capsys.readouterr()
        assert rc == 0, (out, err)
        assert wait_for(lambda: len(srv.complete) == 1)
        assert f"printed on {srv.target}" in out and str(off) not in out
        assert "earlier page" in err and "print-queue" in err  # the other job: named as such
        assert [j.attempts for j in PrintQueue(q).jobs("pending")] == [1]  # B's job not retried
    finally:
        srv.close()


def test_the_same_page_is_not_queued_twice_for_a_printer_that_is_off(game, tmp_path, capsys):
    """Printing the same page again while the printer is off leaves one job waiting
    (one copy printed later); --copies asks for another copy explicitly."""
    from printing.queue import PrintQueue

    q = tmp_path / "q"
    port = free_port()
    argv = ["print", str(game[0]), "--press", "1", "--printer", f"tcp://127.0.0.1:{port}",
            "--queue", str(q), "--wait", "0.1"]
    assert main(argv) == 3 and main(argv) == 3
    assert "already waiting in the print queue" in capsys.readouterr().out
    assert len(PrintQueue(q).jobs("pending")) == 1
    assert main(argv + ["--copies", "2"]) == 3
    assert len(PrintQueue(q).jobs("pending")) == 3
    srv = FakePrinter(port=port)
    try:
        assert main(["print-queue", "--queue", str(q), "--wait", "5"]) == 0
        assert wait_for(lambda: len(srv.complete) == 3)
    finally:
        srv.close()


def test_a_cut_short_job_record_is_listed_as_damaged_and_sent_from_its_kept_page(game, tmp_path, capsys):
    """A queued job whose .json is cut short (its .bin intact) is listed as damaged,
    never 'the print queue is empty', and `print-queue --retry JOB` sends its page."""
    from printing.queue import PrintQueue

    q = tmp_path / "q"
    port = free_port()
    assert main(["print", str(game[0]), "--press", "1", "--printer", f"tcp://127.0.0.1:{port}",
                 "--queue", str(q), "--wait", "0.1"]) == 3
    (job,) = PrintQueue(q).jobs()
    rec = q / f"{job.id}.json"
    rec.write_text(rec.read_text()[:60])  # cut short: the target is still readable? maybe not
    capsys.readouterr()
    assert main(["print-queue", "--queue", str(q), "--list"]) == 0
    out = capsys.readouterr().out
    assert "empty" not in out and job.id in out and "damaged" in out
    assert main(["print-queue", "--queue", str(q), "--wait", "0.1"]) == 1  # not silently lost
    assert "damaged" in capsys.readouterr().err
    srv = FakePrinter(port=port)
    try:
        assert main(["print-queue", "--queue", str(q), "--retry", job.id, "--printer", srv.target,
                     "--wait", "5"]) == 0
        assert wait_for(lambda: len(srv.complete) == 1)
        assert srv.complete[0] == (q / f"{job.id}.bin").read_bytes()
    finally:
        srv.close()
    assert [j.state for j in PrintQueue(q).jobs()] == ["done"]


def test_printer_profile_names_match_without_case_and_are_saved_canonical(tmp_path, capsys):
    path = tmp_path / "printer.json"
    assert main(["printer-config", "--config", str(path), "profile=tm-t88v"]) == 0
    assert json.loads(path.read_text())["profile"] == "TM-T88V"
    assert main(["printer-config", "--config", str(path), "profile=tm-t99"]) == 1
    assert "TM-T88V" in capsys.readouterr().err  # the known names are listed
    assert json.loads(path.read_text())["profile"] == "TM-T88V"


def test_listing_a_queue_that_was_never_made_makes_no_folder(tmp_path, capsys):
    q = tmp_path / "no" / "such" / "queue"
    assert main(["print-queue", "--queue", str(q), "--list"]) == 0
    assert "empty" in capsys.readouterr().out and not (tmp_path / "no").exists()
