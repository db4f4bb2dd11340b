"""The reliability suite (benchmarks/reliability, issue 17) at small sizes: each part
must record no failure. The full sizes and figures: docs/reliability.md."""

from __future__ import annotations

import pytest

from benchmarks.reliability import report


def _run(name: str, **sizes) -> dict:
    part = report.PARTS[name]
    mod = __import__(f"benchmarks.reliability.{part.module}", fromlist=["run"])
    r = mod.run(**sizes)
    assert r["failures"] == [], r["failures"]
    return r


def test_crashes_kills_torn_journals_and_full_disk():
    r = _run("crashes", random_per_game=1, kills_per_game=2, n_cuts=6)
    assert r["kills"] >= 8 and r["checked"] > 0
    assert r["games"] == r["games_total"]
    assert r["pages_lost"] == 0
    assert r["torn"] > 0 and r["full_refused"] > 0
    assert r["full_refused"] + r["full_in_place"] == r["full_games"]


def test_hostile_tag_payloads_journals_and_records():
    r = _run("hostile", n_tags=4000, n_records=250)
    assert r["tags"]["payloads"] >= 3900 and r["tags"]["crashes"] == 0 and r["tags"]["wrong"] == 0
    assert r["tags"]["valid_read"] > 0 and r["tags"]["rejected"] > 0
    j = r["records"]
    assert j["crashes"] == 0 and j["accepted"] > 0 and j["refused"] > 0


def test_security_write_paths_code_and_tag_names():
    r = _run("security", n_names=2, n_codes=1)
    assert r["writes"]["writes_tried"] > 0 and r["writes"]["escapes"] == 0
    assert r["scan"]["files"] > 50 and r["scan"]["findings"] == []
    assert r["code"]["inputs"] > 0 and r["code"]["executed"] == 0
    assert r["tags"]["payloads"] > 0 and r["tags"]["accepted"] == 0


def test_printer_faults_lose_and_double_nothing():
    r = _run("printers", n_jobs=14, n_serial=7)
    assert r["jobs"] >= 14 and all(r["by_fault"].values())
    assert r["kept"] > 0 and r["lost"] == 0 and r["doubled"] == 0
    assert r["printed_once"] == r["jobs"] and r["faults_claimed"] == 0
    s = r["serial"]   # XOFF pauses under and over the limit, status garbage, flow=none
    assert s["jobs"] == 7 and all(s["by_fault"].values()) and s["kept"] > 0
    assert s["lost"] == 0 and s["doubled"] == 0 and s["bytes_dropped"] == 0 and s["faults_claimed"] == 0


def test_long_play_session_stays_flat():
    r = _run("longplay", hours=0.15, hold_s=5.0, sample_every_s=30.0)
    assert r["frames"] == int(0.15 * 3600 * 30) and r["actions"] > 0
    assert sum(x["t_min"] >= r["game_end_min"] + 2 for x in r["samples"]) >= 3  # a still part
    assert r["threads_peak"] <= r["threads_start"] and r["containers_slope_h"] == 0
    # the recorded game is played to its end (the stand-in once dropped tiles' turns)
    assert r["actions"] == r["actions_recorded"] and r["final_scores"] == r["final_expected"]


def test_malformed_data_files_are_named():
    r = _run("datafiles", per_file=1, max_files=2)
    assert r["runs"] >= 8 and r["crash"] == 0 and r["unnamed"] == 0
    assert r["file_and_line"] > 0


def test_camera_faults_are_reported_recovered_and_leave_the_table():
    r = _run("camera", n_sessions=4, fps=2.0)  # one of each: unplugged, frozen, resized, clock jump
    assert r["sessions"] == 4 and all(v == 1 for v in r["by_kind"].values())
    assert r["reported"] == r["recovered"] == r["unchanged"] == 4


def test_hostile_frames_and_files_are_refused_or_read_with_bounded_memory():
    r = _run("frames", n_mutants=2, only=("notes.png", "huge.png", "cut.avi", "nan.tiff"))
    assert r["files"] == 7 and r["by_outcome"].get("crash", 0) == 0
    assert r["by_outcome"]["refused"] >= 3 and r["peak_rss_kb"] < r["baseline_rss_kb"] + 256 * 1024
    assert r["arrays"]["crash"] == 0 and r["arrays"]["refused"] >= 10


def test_journals_races_lock_windows_and_listing():
    r = _run("journals", n_races=3, lock_s=(4.0,), windows_per_lock=1, taps_lock_s=(4.0,), n_listed=4,
             cost_events=10)
    assert r["races"] == 3 and r["races_exact"] == 3 and r["opened_watching"] > 0
    assert r["lost"] == 0 and r["doubled"] == 0
    window = r["windows"]["4"]
    assert window["recorded"] == window["moves"] and window["told"] == 1 and window["free_said"] == 1
    assert all(t["recorded"] == t["moves"] and t["refused_taps"] > 0 for t in r["taps"].values())
    assert r["listing_changed"] == 0 and r["order_right"] == 1 and r["labels_right"] == r["listed"] > 0
    assert r["resumed_to_end"] == r["killed_games"] > 0


def test_names_of_every_script_print_without_a_box():
    r = _run("glyphs", more=False, screen_check=False, every_page=False)  # the screen: tests/ui/test_ui_glyphs.py
    assert r["pages"]["pages"] > 0 and r["pages"]["boxes"] == []
    assert r["games"]["games"] >= 4 and r["games"]["boxes"] == [] and r["games"]["not_drawn"] == []
    assert r["games"]["drawn"] == r["games"]["names"] > 0
    assert r["glyphs"]["clusters"] > 100 and r["glyphs"]["boxes"] == []
    assert r["shaping"]["unjoined"] == [] and r["shaping"]["reversed"] == []
    assert r["entry"]["refused"] == r["entry"]["texts"] > 0 and r["entry"]["accepted"] >= len(r["samples"])
