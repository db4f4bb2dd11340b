"""Scoop's app screens (Kivy). :class:`DialScreen`: the dial telephone for the
player whose turn it is (ui.games.scoop.dial). ``SCREENS`` maps screen names to
classes for the app shell (docs/ui.md). ``python -m ui.games.scoop.screens
[--lang es|en|zh] [--numbers 2,5,7] [--wheel standard|kind|harsh]`` opens the
telephone alone in a window (players who only need the dial)."""

from __future__ import annotations

import argparse

from dataclasses import dataclass

from kivy.uix.screenmanager import Screen

from ui.games.scoop.dial import DialPanel
from ui.games.scoop.dial_vm import DialVM


class DialScreen(Screen):
    """One screen with a :class:`DialPanel` for ``vm``."""

    def __init__(self, vm: DialVM, **kw):
        kw.setdefault("name", "scoop_dial")
        super().__init__(**kw)
        self.panel = DialPanel(vm)
        self.add_widget(self.panel)


SCREENS = {"scoop_dial": DialScreen}


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
def new_setup(players, seed: int) -> dict:
    """The journal's setup for the players chosen in the app (colour, name, paper):
    a real table (hands never known), the dial's secret seed and the shuffle from
    ``seed``; page designs in seat order."""
    import random

    from companion.games.scoop.engine import PlayerSpec, setup_to_dict

    dial_seed = random.Random(f"dial-{seed}").getrandbits(256).to_bytes(32, "big").hex()
    return setup_to_dict([PlayerSpec(p.colour, p.name, p.paper) for p in players], 0, dial_seed=dial_seed,
                         shuffle_seed=seed % (2 ** 31), hidden_hands=True)


#: Shown when a finger goes in a hole while no call is due (es/en/zh).
NOT_DUE = {"en": "No call is due now: a player lays a story's three cards first.",
           "es": "Ahora no toca llamar: antes alguien baja las tres cartas de una noticia.",
           "zh": "现在不用打电话：先由玩家打出一条新闻的三张牌。"}


@dataclass
class GameDialVM(DialVM):
    """The telephone of a journalled game: only the call the game waits for
    (``numbers``: the numbers of the Dial actions legal now) can be dialled, so no
    signal is ever shown that the journal does not record; ``due`` False: no call now."""

    due: bool = True

    def press(self, x: float, y: float, radius: float) -> bool:
        if not self.due:
            if self.hole_at(x, y, radius) is not None:
                self.message = NOT_DUE.get(self.lang) or NOT_DUE["en"]
            return False
        return super().press(x, y, radius)


def _due(state) -> tuple[int | None, frozenset]:
    """(seat, numbers) of the calls the game waits for now ((None, {}) when none)."""
    from companion.games.scoop.engine import Dial, legal_actions

    calls = [a for a in legal_actions(state) if isinstance(a, Dial)]
    return (calls[0].player if calls else None), frozenset(a.number for a in calls)


def _dial_vm(host) -> DialVM:
    """The telephone on the game's own dial (its seed, the wheel where the journal
    left it) for the player whose call is due, journalling each call as a Dial action."""
    from companion.games.scoop.dial import Dial as Telephone
    from companion.games.scoop.engine import Dial

    state = host.state
    seat, numbers = _due(state)
    tel = Telephone(state.catalog.wheel, state.setup["dial_seed"], state.wheel_pos)
    tel.calls = list(state.calls)  # the next call's index is the game's
    vm = GameDialVM(numbers=numbers, dial=tel, lang=host.lang, due=bool(numbers))
    if not numbers:
        vm.message = NOT_DUE.get(host.lang) or NOT_DUE["en"]

    def journal(call) -> None:
        refused = host.apply(Dial(seat, call.number, call.signal))
        if refused:
            vm.message = refused
        nxt_seat, nxt = _due(host.state)  # the next call, if one is due at once
        vm.numbers, vm.due = nxt, bool(nxt)

    vm.on_call = journal
    return vm


def app_screens(host) -> list:
    """Scoop's screens for the app shell: the dial of the player to act."""
    screen = DialScreen(_dial_vm(host))

    def refresh() -> None:
        if screen.panel.vm.holding is None and screen.panel.dial._anim is None:
            vm = _dial_vm(host)
            screen.panel.vm = vm
            screen.panel.dial.vm = vm

    screen.refresh = refresh
    return [screen]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ui.games.scoop.screens")
    ap.add_argument("--lang", choices=("es", "en", "zh"), default="en")
    ap.add_argument("--numbers", default="", help="numbers on the telephone card, e.g. 2,5,7 (default: any)")
    ap.add_argument("--wheel", default=None, help="standard, kind, harsh or a wheel file")
    ns = ap.parse_args(argv)
    from companion.games.scoop.dial import Dial, load_wheel
    from kivy.app import App

    from ui.fonts import register_default_font

    register_default_font()
    numbers = [int(x) for x in ns.numbers.split(",") if x.strip()] or None
    vm = DialVM(numbers=numbers, dial=Dial(load_wheel(ns.wheel)), lang=ns.lang)

    class Telephone(App):
        title = "Scoop"

        def build(self):
            return DialPanel(vm)

    Telephone().run()
    print(vm.dial.commitment, vm.dial.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
