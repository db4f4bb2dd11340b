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
from ui.screens.common import Banner, CameraView, ConfirmButton, PlayerStrip, UndoButton

from ui.games.scoop.dial import DialPanel
from ui.games.scoop.dial_vm import DialVM


class DialScreen(Screen):
    """The telephone: whose call it is and the number to dial, on his colour, over a
    :class:`DialPanel` for ``vm``."""

    def __init__(self, vm: DialVM, **kw):
        kw.setdefault("name", "scoop_dial")
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical")
        self.head = BoxLayout(size_hint_y=None, height=dp(64))
        self.who = Banner(font_size=sp(24))  # the table kit's banner, on the caller's colour
        self.who.bind(height=lambda _w, h: setattr(self.head, "height", h))
        self.head.add_widget(self.who)
        self.panel = DialPanel(vm)
        box.add_widget(self.head)
        box.add_widget(self.panel)
        self.add_widget(box)

    def name_caller(self, text: str, colour: str | None) -> None:
        self.who.show((text, colour))


class CameraPicture(CameraView):
    """The camera's picture with its tags outlined (ui.screens.common.CameraView);
    a tap on it does nothing here (what the camera reads wrongly is corrected on the
    kit's panel: ui.screens.corrections_kit)."""

    def on_touch_down(self, touch):
        return False


class TableScreen(Screen):
    """The table, built of the table kit's widgets as Penny Press's is
    (ui.screens.common): the :class:`Banner` (the one thing to do now, on the colour
    of the player who must do it), the :class:`PlayerStrip` (every player's panel,
    always in view), the last message (the call's signal, a refusal, the camera's
    report), the :class:`CameraView` picture with its tags outlined when a camera
    session runs (``show_camera``), the buttons of ``vm``
    (:class:`ui.games.scoop.table_vm.TableVM`, every one at least 64 dp high; a costly
    one a :class:`ConfirmButton`, asked first) and the :class:`UndoButton` (names the
    move, asks first, or says why nothing can be taken back). The telephone button
    opens the screen named ``dial_screen``. Needs the kit's rules (common.kv, loaded
    by the app)."""

    def __init__(self, vm, dial_screen: str = "scoop_dial", show_camera: bool = False, **kw):
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
        self.body = body = BoxLayout(orientation="vertical", padding=(dp(12), dp(8), dp(12), dp(12)),
                                     spacing=dp(8))
        self.prompt = Banner()  # the table kit's: the one thing to do now, on the actor's colour
        self.message = Label(font_size=sp(19), size_hint_y=None, height=dp(56), color=(1, 0.8, 0.4, 1),
                             halign="left", valign="middle")
        self.message.bind(width=lambda w, v: setattr(w, "text_size", (v, None)))
        # the message grows with its text (never clipped) and takes no room when empty
        self.message.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(12) if w.text else 0))
        self.panels = PlayerStrip()  # the table kit's panels, always in view
        self.panels.bind(width=lambda *_a: self.panels.show(self.vm.player_panels()))
        self.camera = CameraPicture() if show_camera else None
        self.grid = GridLayout(cols=2, spacing=dp(10), size_hint_y=None, row_default_height=dp(72),
                               row_force_default=False)
        self.grid.bind(minimum_height=self.grid.setter("height"))
        self.scroll = scroll = CuedScroll(do_scroll_x=False)   # "more below" under it while the list goes on
        scroll.add_widget(self.grid)
        self.undo_button = UndoButton()  # the table kit's named undo: what it takes back, or why not
        self.lower = BoxLayout(orientation="vertical", spacing=dp(8))
        self.lower.add_widget(scroll)
        self.lower.add_widget(self.undo_button)
        self.middle = BoxLayout(spacing=dp(10))
        for w in (self.prompt, self.panels, self.message, self.middle):
            body.add_widget(w)
        self.add_widget(body)
        self._layout_mode = None
        self.bind(size=lambda *_a: self.refresh())

    def _arrange(self) -> None:
        """Camera and buttons side by side in landscape; in portrait the picture
        takes the full width above the buttons."""
        landscape = self.width >= self.height
        mode = (landscape, self.camera is not None)
        mid = self.middle
        if mode != self._layout_mode:
            self._layout_mode = mode
            mid.clear_widgets()
            mid.orientation = "horizontal" if landscape else "vertical"
            if self.camera is not None:
                mid.add_widget(self.camera)
            mid.add_widget(self.lower)
        self.lower.size_hint = (1, 1)
        if self.camera is not None:
            if landscape:  # the picture beside the buttons, the larger share
                self.camera.size_hint, self.lower.size_hint = (0.56, 1), (0.44, 1)
            else:  # full width, as tall as a 16:9 picture needs (a third of the screen at most)
                self.camera.size_hint = (1, None)
                self.camera.height = min(self.width * 9 / 16, max(dp(120), self.height * 0.36))

    def refresh(self) -> None:
        vm = self.vm
        self._arrange()
        self.scroll.lang = getattr(vm, "lang", "") or ""
        self.prompt.show(vm.banner())
        # the camera's last word is an instruction (whose call, which card): none once the game is over
        self.message.text = vm.message or ("" if vm.state.is_over else self.camera_text)
        if self.message.text and self.message.width > 1:  # sized to its text now, not a frame later
            self.message.text_size = (self.message.width, None)
            self.message.texture_update()
            self.message.height = self.message.texture_size[1] + dp(16)
        elif not self.message.text:
            self.message.height = 0  # no empty row between the panels and the buttons
        self.panels.show(vm.player_panels())
        over = vm.state.is_over
        self.undo_button.offer(vm.undo_offer(), lambda: (self.vm.undo(), self.refresh()))
        self.undo_button.opacity = 0 if over else 1
        self.undo_button.disabled = self.undo_button.disabled or over
        self.grid.clear_widgets()
        self.grid.cols = 1 if self.width < self.height or self.camera is not None else 2
        for ch in vm.choices():
            if ch.ask:  # costly (leave, go to press): the kit's button, unlike the main action, asked first
                b = ConfirmButton(text=ch.label, question=ch.ask)
                b.bind(on_confirmed=lambda _b, c=ch: self.on_choice(c.key))
                self.grid.add_widget(b)
                continue
            b = Button(text=ch.label, font_size=sp(24 if ch.primary else 20), size_hint_y=None,
                       height=dp(88 if ch.primary else 64), halign="center", valign="middle",
                       background_normal="", background_color=(0.18, 0.52, 0.3, 1) if ch.primary
                       else (0.27, 0.29, 0.34, 1))
            b.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(16), None)))
            b.bind(on_release=lambda _b, c=ch: self.on_choice(c.key))
            self.grid.add_widget(b)

    def on_choice(self, key: str) -> None:
        """A choice's button (asked first already when it is costly: ConfirmButton)."""
        if key == "dial" and self.manager is not None and self.manager.has_screen(self.dial_screen):
            self.manager.current = self.dial_screen
            return
        self.vm.tap(key)
        self.refresh()

    def show_frame(self, frame, symbols) -> None:
        """The camera's latest frame (BGR) with its tags outlined (UI thread)."""
        if self.camera is None or frame is None:
            return
        from ui.viewmodels.camera import overlays

        h, w = frame.shape[:2]
        self.camera.show(frame, overlays(symbols, w, h, self.vm.lang))


def core_text(key: str, lang: str, **kw) -> str:
    from companion.games.scoop.texts import table_text

    return table_text(key, lang, **kw)


SCREENS = {"scoop_dial": DialScreen, "scoop_table": TableScreen}

#: The app runs a camera session on this game's journal when a camera or recording is
#: chosen (ui.app hosted_camera): the observer reads claims and reserves.
CAMERA = True


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
def new_setup(players, seed: int, options: dict | None = None) -> dict:
    """The journal's setup for the players chosen in the app (colour, name, paper):
    a real table (hands never known), the dial's secret seed and the shuffle from
    ``seed`` (256 random bits from ``secrets``: ui.hosting.new_game_seed); page
    designs in seat order. ``options`` (:func:`recording_options`: a bundled
    recording's own setup played again) gives ``dial_seed``, ``shuffle_seed``,
    ``designs`` (one page design id per seat) and ``data`` (the game's data files
    as the recording has them) instead. Raises RuleError for a bad setup."""
    import random

    from companion.games.scoop.engine import PlayerSpec, setup_to_dict

    options = dict(options or {})
    # both drawn through their own generator, each seeded with the whole seed as text
    # (Python seeds from the whole text and its SHA-512: every one of its 256 bits counts):
    # the shuffle seed (in the journal for all to see) tells nothing of the dial's
    dial_seed = options.get("dial_seed") or random.Random(f"dial-{seed}").getrandbits(256).to_bytes(32, "big").hex()
    shuffle = int(options["shuffle_seed"]) if "shuffle_seed" in options \
        else random.Random(f"shuffle-{seed}").randrange(2 ** 31)
    designs = list(options.get("designs") or ())
    specs = [PlayerSpec(p.colour, p.name, p.paper, designs[i] if i < len(designs) else "")
             for i, p in enumerate(players)]
    return setup_to_dict(specs, 0, dial_seed=str(dial_seed), shuffle_seed=shuffle, data=options.get("data"),
                         hidden_hands=True)


def recording_options(setup: dict) -> dict:
    """The options that play a bundled recording's own setup again (ui.hosting): its
    dial seed (the same signals for the same calls), shuffle seed, page designs in
    seat order and data files."""
    out = {k: setup[k] for k in ("dial_seed", "shuffle_seed", "data") if k in setup}
    designs = tuple(str(r.get("design", "")) for r in setup.get("players") or () if isinstance(r, dict))
    if any(designs):
        out["designs"] = designs
    return out


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
            if table.message and getattr(host, "refused", None) is not None:  # a refusal, not the signal
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


#: Seconds the dial's window stays in view after a call before the table comes back.
BACK_AFTER_CALL_S = 3.0


def app_screens(host) -> list:
    """Scoop's screens for the app shell: the table (first), then the dial of the
    player whose call is due (named on his colour), with a button back to the table;
    the table comes back by itself once the call is made. With a camera session
    (``host.camera``) the table shows its picture with the tags outlined."""
    import threading

    from ui.games.scoop import texts as T
    from ui.games.scoop.table_vm import TableVM

    table_vm = TableVM(host, host.lang)
    camera = getattr(host, "camera", None)
    table = TableScreen(table_vm, show_camera=camera is not None)
    from ui.screens.common import EndgamePanel  # the table kit's end of a game: print, BG Stats

    table.lower.add_widget(EndgamePanel(host), index=len(table.lower.children))  # above the buttons
    from ui.screens.corrections_kit import offer  # the kit's "The camera is wrong" and its panel

    panel = offer(host, table, table.lower)  # None without a camera
    dial = DialScreen(_dial_vm(host, table_vm))
    back = Button(text=T.tr("b.table", host.lang), font_size=sp(20), size_hint=(None, 1), width=dp(140),
                  background_normal="", background_color=(0.27, 0.29, 0.34, 1))

    back_soon = {"event": None}  # the table's return after a call, until it happens or is overtaken

    def cancel_back() -> None:
        ev, back_soon["event"] = back_soon["event"], None
        if ev is not None:
            ev.cancel()

    def to_table(*_a) -> None:
        cancel_back()  # gone back by hand: a later visit to the dial is not cut short by this call's return
        if dial.manager is not None and dial.manager.current == dial.name:
            dial.manager.current = table.name
        table.refresh()

    back.bind(on_release=to_table)
    dial.head.add_widget(back)  # in the caller's strip: never over the dial or its words

    def name_caller() -> None:
        seat, _numbers = _due(host.state)
        if seat is None:
            dial.name_caller("", None)
            return
        dial.name_caller(T.tr("call_due", host.lang, p=table_vm._name(seat), n=host.state.pending["number"]),
                         host.state.players[seat].spec.colour)

    def refresh_dial() -> None:
        back.text = T.tr("b.table", host.lang)
        if dial.panel.vm.holding is None and dial.panel.dial._anim is None:
            vm = _dial_vm(host, table_vm)
            on_call = vm.on_call

            def called(call, _f=on_call) -> None:
                _f(call)
                cancel_back()
                back_soon["event"] = Clock.schedule_once(lambda _dt: to_table(), BACK_AFTER_CALL_S)  # read, then back
            vm.on_call = called
            dial.panel.vm = vm
            dial.panel.dial.vm = vm
            name_caller()

    table.refresh = _chain(table.refresh, table_vm, host)
    dial.refresh = refresh_dial
    dial.bind(on_pre_enter=lambda *_a: (cancel_back(), refresh_dial()))
    table.bind(on_pre_enter=lambda *_a: table.refresh())
    host.listeners.append(lambda: Clock.schedule_once(lambda _dt: table.refresh(), 0))
    if camera is not None:
        latest = {"frame": None, "symbols": (), "due": False}
        lock = threading.Lock()

        def draw(_dt) -> None:
            with lock:
                frame, symbols, latest["due"] = latest["frame"], latest["symbols"], False
            table.show_frame(frame, symbols)

        def on_update(up) -> None:  # the camera's worker thread: redraw on Kivy's
            if up.frame is not None:
                with lock:
                    latest["frame"], latest["symbols"] = up.frame, tuple(up.symbols)
                    due, latest["due"] = latest["due"], True
                if not due:  # one redraw waiting at a time, the newest frame
                    Clock.schedule_once(draw, 0)
            if up.messages or up.state_changed:
                text = up.messages[-1].text if up.messages else ""

                def redraw(_dt):
                    table.camera_text = text or table.camera_text
                    table.refresh()
                Clock.schedule_once(redraw, 0)

        camera.subscribe(on_update)
    return [table, dial] + ([panel] if panel is not None else [])


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
