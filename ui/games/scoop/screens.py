"""Scoop's app screens (Kivy). :class:`DialScreen`: the dial telephone for the
player whose turn it is (ui.games.scoop.dial). ``SCREENS`` maps screen names to
classes for the app shell (docs/ui.md). ``python -m ui.games.scoop.screens
[--lang es|en|zh] [--numbers 2,5,7] [--wheel standard|kind|harsh]`` opens the
telephone alone in a window (players who only need the dial)."""

from __future__ import annotations

import argparse

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
