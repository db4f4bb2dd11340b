"""The end of a game, the same for every game (ui.viewmodels.endgame, Kivy-free):
which pages each game offers at its end, printing them with no printer (pictures)
and with a printer that is off (queued), and the BG Stats play of each bundled
recording's real finished game, its scores and winners as the recording's truth."""

from __future__ import annotations

import json
import socket
from urllib.parse import unquote

import pytest

from companion.journal import Journal, total_scores
from play.recordings import recording_dir
from ui.viewmodels.bgstats import BASE, results
from ui.viewmodels.endgame import EndgameVM
from ui.viewmodels.protocol import PrinterSettings

#: one bundled recording per game, with what the game's end prints
#: (Pergamon: the last evaluation's receipt and the ranking; Turin Market: the last
#: auction round's receipt and the payouts; Scoop: the front pages and the money)
RECORDINGS = {"pergamon-3p": ["press", "final"], "turin-market-4p": ["press", "final"],
              "scoop-4p": ["all", "final"], "penny-press-3p": ["final"]}


def finished(tmp_path, name: str, n: int | None = None) -> tuple[Journal, dict]:
    """The journal of bundled recording ``name`` after its first ``n`` actions (all:
    the real finished game), and the recording's journal.json (its truth)."""
    rec = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
    j = Journal.create(tmp_path / f"{name}.sqlite", rec["game"], rec["setup"])
    for a in rec["actions"][:n]:
        j.append(a, source="replay")
    return j, rec


@pytest.mark.parametrize("name", sorted(RECORDINGS))
def test_each_game_offers_its_own_end_pages_found_through_its_pages_module(tmp_path, name):
    j, rec = finished(tmp_path, name)
    vm = EndgameVM(lambda: j, "en")
    assert vm.over and vm.can_print()
    assert [r.what for r in vm.requests()] == RECORDINGS[name]
    assert vm.print_label() == ("Print the score receipt" if RECORDINGS[name] == ["final"] else "Print the pages")
    (tmp_path / "mid").mkdir()
    mid, _rec = finished(tmp_path / "mid", name, 3)
    before = EndgameVM(lambda: mid, "en")
    assert not before.over and before.requests() == [] and not before.can_print()
    assert before.print_end(PrinterSettings()) == [] and before.status == "The game is not over yet"


@pytest.mark.parametrize("name", sorted(RECORDINGS))
def test_bg_stats_play_of_each_real_finished_game(tmp_path, name):
    """Players, scores in the game's own unit and winners as the recording's truth."""
    j, rec = finished(tmp_path, name)
    vm = EndgameVM(lambda: j, "es")
    link = vm.bgstats_link()
    assert link.startswith(BASE) and vm.link == link and "BG Stats" in vm.status and "http" not in vm.status
    data = json.loads(unquote(link[len(BASE):]))
    assert data["sourcePlayId"] == j.game_id and data["game"]["sourceGameId"] == rec["game"]
    scores = sorted((p["score"] for p in data["players"]), reverse=True)
    assert scores == sorted(rec["final_scores"], reverse=True) == sorted(total_scores(j.state), reverse=True)
    winners = [p for p in data["players"] if p["winner"]]
    assert [p["score"] for p in winners] == [rec["final_scores"][w] for w in rec["winners"]]
    assert all(p["rank"] == 1 for p in winners) and all(p["rank"] > 1 for p in data["players"] if not p["winner"])
    assert all(v != "" for p in data["players"] for v in p.values())  # BG Stats takes no empty strings
    rows = results(j.game, j.state, "en", j.setup)
    assert [r.seat for r in rows if r.winner] == rec["winners"]
    assert len({p["sourcePlayerId"] for p in data["players"]}) == len(rows)  # one id per player
    first = rec["setup"].get("first_player")
    assert sum(p["startPlayer"] for p in data["players"]) == (1 if isinstance(first, int) else 0)


def test_no_link_before_the_end(tmp_path):
    j, _rec = finished(tmp_path, "scoop-4p", 10)
    vm = EndgameVM(lambda: j, "zh")
    assert vm.bgstats_link() == "" and vm.status == "本局尚未结束"
    assert EndgameVM(lambda: None).bgstats_link() == ""


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_no_printer_saves_the_pages_as_pictures_and_says_so_in_player_words(tmp_path, lang):
    j, _rec = finished(tmp_path, "scoop-4p")
    out = tmp_path / "app"
    vm = EndgameVM(lambda: j, lang, folder=out)
    jobs = vm.print_end(PrinterSettings(kind="preview"))
    assert [job.state for job in jobs] == ["saved"] * 5  # 4 papers' front pages + the money receipt
    assert len(list((out / "prints").glob("*.png"))) == 5
    words = {"en": "5 pages saved as pictures", "es": "5 páginas guardadas como imágenes",
             "zh": "5 页已作为图片"}
    assert vm.status.startswith(words[lang]), vm.status
    assert "/" not in vm.status and ".png" not in vm.status and j.game_id not in vm.status
    (tmp_path / "pp").mkdir()
    pg, _rec = finished(tmp_path / "pp", "penny-press-3p")
    receipt = EndgameVM(lambda: pg, lang, folder=out)
    assert [job.state for job in receipt.print_end(PrinterSettings())] == ["saved"]
    assert receipt.status == {"en": "No printer is chosen: the score receipt is saved as a picture on this device "
                                    "(choose a printer in Settings)"}.get(lang, receipt.status)


def test_a_printer_that_is_off_keeps_the_pages_queued(tmp_path, monkeypatch):
    """A network printer that does not answer (a local port nobody listens on): the
    jobs stay in the user's print queue (the one every command uses) and the players
    read that they wait."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    j, _rec = finished(tmp_path, "turin-market-4p")
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "app")
    jobs = vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{port}"))
    assert [job.state for job in jobs] == ["queued"] * len(vm.requests())
    from ui import i18n

    assert vm.status == (i18n.tr("end.queued_receipt", "en") if vm.receipt_only()
                         else i18n.trn("end.queued_pages", "en", len(jobs)))
    assert "does not answer" in vm.status
    from printing.queue import PrintQueue, default_dir

    assert len(PrintQueue(default_dir()).jobs("pending")) == len(jobs)
    assert not (tmp_path / "app" / "queue").exists()


def test_a_listening_printer_prints_the_receipt(tmp_path, monkeypatch):
    """A printer that answers (a local socket server) gets the receipt's ESC/POS bytes."""
    import threading

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the user's print queue: this test's own

    got = bytearray()
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)

    def serve():
        conn, _ = srv.accept()
        with conn:
            while chunk := conn.recv(65536):
                got.extend(chunk)

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    j, _rec = finished(tmp_path, "penny-press-3p")  # its end: the final receipt alone
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "app")
    jobs = vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{srv.getsockname()[1]}"))
    t.join(10)
    srv.close()
    assert [job.state for job in jobs] == ["printed"] and vm.status == "The score receipt is printed"
    assert len(got) > 1000


def test_penny_press_chart_counts_the_presses_not_the_bonus_step(tmp_path):
    """The scores chart of the real penny-press-3p game: a point at the start, one per
    press and the end's bonus step; "across: N presses" counts the presses only."""
    from play.runner import GameRunner
    from ui import i18n
    from ui.games.penny_press.viewmodels.scores import ScoresVM
    from ui.games.penny_press.views import TableViews

    j, _rec = finished(tmp_path, "penny-press-3p")
    labels = [p.label for p in TableViews(GameRunner(j)).score_history()]
    presses = len(j.state.press_results)
    assert labels[0] == "0" and labels[-1] == "end" and len(labels) == presses + 2
    assert ScoresVM.presses(labels) == presses
    assert i18n.tr("scores.axis", "en", top=24, presses=ScoresVM.presses(labels)).endswith(f"{presses} presses")


def test_penny_press_picture_saved_is_said_without_a_path(tmp_path):
    from ui.games.penny_press.viewmodels.scores import ScoresVM

    class Session:
        def share_image(self, path):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"png")
            return path

    for lang, words in (("en", "saved as a picture"), ("es", "imagen"), ("zh", "图片")):
        vm = ScoresVM(Session(), lang)
        path = vm.share_image(tmp_path / "export")
        assert path.is_file() and words in vm.status
        assert str(tmp_path) not in vm.status and "/" not in vm.status and ".png" not in vm.status
