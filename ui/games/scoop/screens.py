"""Scoop's app screens (Kivy). :class:`TableScreen` (first): the player to act and
what he can do now, as large buttons (ui.games.scoop.table_vm: a whole game by taps);
:class:`DialScreen`: the dial telephone for the player whose call is due
(ui.games.scoop.dial), opened from the table when the call is due. With a camera
(``CAMERA``: the app runs a camera session on the same journal, ``host.camera``) the
claims and reserves come from the table and the call waits for its story to be seen
laid. ``SCREENS`` maps screen names to classes for the app shell (docs/ui.md). ``python -m ui.games.scoop.screens
[--lang es|en|zh] [--numbers 2,5,7] [--wheel standard|kind|harsh]`` opens the
telephone alone in a window (players who only need the dial)."""

from __future__ import annotations

import argparse

from dataclasses import dataclass

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from ui.scrollcue import CuedScroll

from ui.games.scoop.dial import DialPanel
from ui.games.scoop.dial_vm import DialVM


class DialScreen(Screen):
    """One screen with a :class:`DialPanel` for ``vm``."""

    def __init__(self, vm: DialVM, **kw):
        kw.setdefault("name", "scoop_dial")
        super().__init__(**kw)
        self.panel = DialPanel(vm)
        self.add_widget(self.panel)


class TableScreen(Screen):
    """The table: the one thing to do now (large), the players' cash and cards, the
    last message (a refusal, the camera's report), and the buttons of ``vm``
    (:class:`ui.games.scoop.table_vm.TableVM`), every one at least 56 dp high. The
    telephone button opens the screen named ``dial_screen``."""

    def __init__(self, vm, dial_screen: str = "scoop_dial", **kw):
        kw.setdefault("name", "scoop_table")
        super().__init__(**kw)
        self.vm = vm
        self.dial_screen = dial_screen
        self.camera_text = ""
        from kivy.graphics import Color, Rectangle

        with self.canvas.before:  # opaque: nothing of another screen shows through
            Color(0.08, 0.09, 0.1, 1)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_a: setattr(self._bg, "pos", self.pos),
                  size=lambda *_a: setattr(self._bg, "size", self.size))
        box = BoxLayout(orientation="vertical", padding=(dp(16), dp(72), dp(16), dp(16)), spacing=dp(10))
        self.prompt = Label(font_size=sp(28), bold=True, size_hint_y=None, halign="left", valign="middle")
        self.message = Label(font_size=sp(20), size_hint_y=None, color=(1, 0.8, 0.4, 1), halign="left")
        self.players = Label(font_size=sp(18), size_hint_y=None, color=(0.85, 0.85, 0.85, 1), halign="left")
        for lab, h in ((self.prompt, 110), (self.message, 56), (self.players, 56)):
            lab.height = dp(h)
            lab.bind(width=lambda lab, w: setattr(lab, "text_size", (w, None)))
            box.add_widget(lab)
        self.grid = GridLayout(cols=2, spacing=dp(10), size_hint_y=None, row_default_height=dp(72),
                               row_force_default=False)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        self.scroll = scroll = CuedScroll(do_scroll_x=False)   # "more below" under it while the list goes on
        scroll.add_widget(self.grid)
        box.add_widget(scroll)
        self.add_widget(box)
        self.bind(size=lambda *_a: self.refresh())

    def refresh(self) -> None:
        vm = self.vm
        self.scroll.lang = getattr(vm, "lang", "") or ""
        self.prompt.text = vm.prompt()
        self.message.text = vm.message or self.camera_text
        self.players.text = "   ".join(vm.players_lines())
        self.grid.clear_widgets()
        self.grid.cols = 1 if self.width < self.height else 2
        for ch in vm.choices():
            b = Button(text=ch.label, font_size=sp(24 if ch.primary else 20), size_hint_y=None,
                       height=dp(88 if ch.primary else 64), halign="center", valign="middle",
                       background_normal="", background_color=(0.18, 0.52, 0.3, 1) if ch.primary
                       else (0.27, 0.29, 0.34, 1))
            b.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(16), None)))
            b.bind(on_release=lambda _b, key=ch.key: self.on_choice(key))
            self.grid.add_widget(b)

    def on_choice(self, key: str) -> None:
        if key == "dial" and self.manager is not None and self.manager.has_screen(self.dial_screen):
            self.manager.current = self.dial_screen
            return
        self.vm.tap(key)
        self.refresh()


SCREENS = {"scoop_dial": DialScreen, "scoop_table": TableScreen}

#: The app runs a camera session on this game's journal when a camera or recording is
#: chosen (ui.app hosted_camera): the observer reads claims and reserves.
CAMERA = True


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
def new_setup(players, seed: int) -> dict:
    """The journal's setup for the players chosen in the app (colour, name, paper):
    a real table (hands never known), the dial's secret seed and the shuffle from
    ``seed`` (256 random bits from ``secrets``: ui.hosting.new_game_seed); page
    designs in seat order."""
    import random

    from companion.games.scoop.engine import PlayerSpec, setup_to_dict

    # both drawn through their own generator, each seeded with the whole seed as text
    # (Python seeds from the whole text and its SHA-512: every one of its 256 bits counts):
    # the shuffle seed (in the journal for all to see) tells nothing of the dial's
    dial_seed = random.Random(f"dial-{seed}").getrandbits(256).to_bytes(32, "big").hex()
    shuffle = random.Random(f"shuffle-{seed}").randrange(2 ** 31)
    return setup_to_dict([PlayerSpec(p.colour, p.name, p.paper) for p in players], 0, dial_seed=dial_seed,
                         shuffle_seed=shuffle, hidden_hands=True)


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


def _dial_vm(host, table=None) -> DialVM:
    """The telephone on the game's own dial (its seed, the wheel where the journal
    left it) for the player whose call is due. Each call is journalled as a Dial
    action, or with ``table`` (a TableVM) handed to it (it asks the card's value, or
    sends the call to the camera)."""
    from companion.games.scoop.dial import Dial as Telephone
    from companion.games.scoop.engine import Dial

    state = host.state
    seat, numbers = _due(state)
    if table is not None and table.dial_due() is None:
        numbers = frozenset()
    tel = Telephone(state.catalog.wheel, state.setup["dial_seed"], state.wheel_pos)
    tel.calls = list(state.calls)  # the next call's index is the game's
    vm = GameDialVM(numbers=numbers, dial=tel, lang=host.lang, due=bool(numbers))
    if not numbers:
        vm.message = NOT_DUE.get(host.lang) or NOT_DUE["en"]

    def journal(call) -> None:
        if table is not None:
            table.called(call)
            if table.message:
                vm.message = vm.message + "\n" + table.message
            vm.numbers, vm.due = frozenset(), False  # one call; the table asks what comes next
            return
        refused = host.apply(Dial(seat, call.number, call.signal))
        if refused:
            vm.message = refused
        nxt_seat, nxt = _due(host.state)  # the next call, if one is due at once
        vm.numbers, vm.due = nxt, bool(nxt)

    vm.on_call = journal
    return vm


def app_screens(host) -> list:
    """Scoop's screens for the app shell: the table (first), then the dial of the
    player whose call is due, with a button back to the table."""
    from ui.games.scoop import texts as T
    from ui.games.scoop.table_vm import TableVM

    table_vm = TableVM(host, host.lang)
    table = TableScreen(table_vm)
    dial = DialScreen(_dial_vm(host, table_vm))
    back = Button(text=T.tr("b.table", host.lang), font_size=sp(20), size_hint=(None, None),
                  size=(dp(132), dp(56)), pos_hint={"x": 0.005, "top": 0.995})

    def to_table(*_a) -> None:
        if dial.manager is not None:
            dial.manager.current = table.name
        table.refresh()

    back.bind(on_release=to_table)
    dial.add_widget(back)

    def refresh_dial() -> None:
        back.text = T.tr("b.table", host.lang)
        if dial.panel.vm.holding is None and dial.panel.dial._anim is None:
            vm = _dial_vm(host, table_vm)
            dial.panel.vm = vm
            dial.panel.dial.vm = vm

    table.refresh = _chain(table.refresh, table_vm, host)
    dial.refresh = refresh_dial
    dial.bind(on_pre_enter=lambda *_a: refresh_dial())
    table.bind(on_pre_enter=lambda *_a: table.refresh())
    host.listeners.append(lambda: Clock.schedule_once(lambda _dt: table.refresh(), 0))
    if getattr(host, "camera", None) is not None:
        def on_update(up) -> None:  # the camera's worker thread: redraw on Kivy's
            if up.messages or up.state_changed:
                text = up.messages[-1].text if up.messages else ""

                def redraw(_dt):
                    table.camera_text = text or table.camera_text
                    table.refresh()
                Clock.schedule_once(redraw, 0)

        host.camera.subscribe(on_update)
    return [table, dial]


def _chain(draw, vm, host):
    """The table's refresh, following the shell's language first."""
    def refresh() -> None:
        vm.set_lang(host.lang)
        draw()
    return refresh


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
