"""The dial's view-model (ui/games/scoop/dial_vm.py, no Kivy): hole geometry of a
rotary dial, the drag clamped between rest and the finger stop, refusal of a number
not on the telephone card, the run back at ten pulses a second with one click each."""

from __future__ import annotations

import math

import pytest

from companion.games.scoop import load_catalog
from companion.games.scoop.dial import Dial, load_wheel
from ui.games.scoop.dial_vm import (DialVM, click_times, hole_centre, player_numbers, return_seconds,
                                    travel)
from ui.games.scoop.sound import RATE, run_back_samples

SEED = "ab" * 32
R = 300.0


def turn(vm, number, degrees, step=4.0):
    """Press the hole of ``number`` and drag ``degrees`` clockwise round the centre."""
    x, y = hole_centre(number, R)
    assert vm.press(x, y, R)
    a0 = math.degrees(math.atan2(y, x))
    done = 0.0
    while done < degrees:
        done = min(degrees, done + step)
        a = math.radians(a0 - done)
        vm.drag(R * 0.7 * math.cos(a), R * 0.7 * math.sin(a))
    return vm.release()


def test_holes_thirty_degrees_apart_one_nearest_the_stop():
    assert travel(1) == 60 and travel(2) == 90 and travel(9) == 300 and travel(0) == 330
    for n in range(10):
        x, y = hole_centre(n, R)
        vm = DialVM(dial=Dial(load_wheel(), SEED))
        assert vm.hole_at(x, y, R) == n
    assert DialVM(dial=Dial(load_wheel(), SEED)).hole_at(0, 0, R) is None  # the hub is no hole


@pytest.mark.parametrize("number", [1, 5, 0])
def test_turn_to_the_stop_dials_the_number_with_the_seed_signal(number):
    vm = DialVM(dial=Dial(load_wheel(), SEED), lang="es")
    shown = turn(vm, number, travel(number) + 40)  # past the stop: held there
    assert vm.returning_from == travel(number)
    want = Dial(load_wheel(), SEED).dial(number)
    assert shown.signal == want.signal and shown.call == want
    assert vm.message == shown.meaning and vm.rotation == 0


def test_the_wheel_never_turns_back_past_rest():
    vm = DialVM(dial=Dial(load_wheel(), SEED))
    x, y = hole_centre(3, R)
    vm.press(x, y, R)
    a = math.radians(math.degrees(math.atan2(y, x)) + 30)  # counter-clockwise
    assert vm.drag(R * math.cos(a), R * math.sin(a)) == 0


def test_short_turn_dials_nothing():
    vm = DialVM(dial=Dial(load_wheel(), SEED))
    assert turn(vm, 7, travel(7) - 30) is None
    assert vm.calls == [] and vm.dial.calls == []
    assert "finger stop" in vm.message


def test_wrong_number_refused_before_the_call_in_each_language():
    for lang, word in (("en", "telephone card"), ("es", "tarjeta"), ("zh", "电话牌")):
        vm = DialVM(numbers=(2, 5), dial=Dial(load_wheel(), SEED), lang=lang)
        x, y = hole_centre(8, R)
        assert not vm.press(x, y, R)
        assert word in vm.message and "8" in vm.message and vm.holding is None
        assert vm.dial.calls == []
        assert turn(vm, 5, travel(5)) is not None  # a number on the card goes through


def test_player_numbers_are_the_page_designs_story_types():
    cat = load_catalog()
    for design_id, design in cat.designs.items():
        nums = player_numbers(cat, design_id)
        assert set(nums) == {cat.number_of(t) for t in design.stories}


def test_run_back_ten_pulses_a_second_one_click_each():
    assert return_seconds(travel(0)) == pytest.approx(1.1)
    assert len(click_times(0)) == 10 and len(click_times(3)) == 3
    gaps = [b - a for a, b in zip(click_times(9), click_times(9)[1:])]
    assert all(g == pytest.approx(0.1) for g in gaps)
    assert click_times(4)[-1] == pytest.approx(return_seconds(travel(4)) - 0.1)
    s = run_back_samples(3)
    loud = [i / RATE for i, v in enumerate(s) if abs(v) > 8000]
    assert loud and loud[0] == pytest.approx(click_times(3)[0], abs=0.005)
    assert len(s) / RATE == pytest.approx(return_seconds(travel(3)) + 0.05, abs=0.001)


def test_language_switch_rewords_the_signal():
    vm = DialVM(dial=Dial(load_wheel(), SEED), lang="en")
    shown = turn(vm, 4, travel(4))
    vm.set_lang("zh")
    assert vm.shown.window != shown.window or shown.signal in ("libel", "editor")
    assert vm.message == vm.shown.meaning
