"""Turin Market app screens (Kivy): the table screen and the secret-entry screen.

Widgets only show the view-models (ui.games.turin_market.viewmodel) and call back
``on_action(action)`` with the engine action to journal (the reveal of a secret
step, a loan, a pass); no game logic here. Layout in turin_market.kv.

- :class:`TurinTableScreen` (name ``turin_table``): the one thing to do now (banner),
  the round's bids and payments explained, who picks now, each player's panel
  (shields, on sale, loan, goods with majorities), at the end the payouts good by good.
- :class:`TurinSecretScreen` (name ``turin_secret``): pass the tablet (hidden
  screen between players, then reveal all at once) or one player types the
  revealed values; both give the same reveal action.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui import scrollcue  # noqa: F401  (registers CuedScroll for turin_market.kv)

from .texts import tr
from .viewmodel import PassTabletVM, TableVM, TypedRevealVM

KV = Path(__file__).with_name("turin_market.kv")
_loaded = False


def load_kv() -> None:
    """Load turin_market.kv once."""
    global _loaded
    if not _loaded:
        Builder.load_file(str(KV))
        _loaded = True


class TLine(Label):
    """A left-aligned wrapped text line."""


class TButton(Button):
    """A button whose text wraps to its width and which grows to fit it (at least
    56 dp, or ``min_height`` px when larger)."""

    min_height = NumericProperty(0)


class Panel(BoxLayout):
    """A bordered box (player panel, section)."""


class CueScroll(ScrollView):
    """A scrolled column with a bar always shown (dragged or touched) and ``more``
    True while part of its content lies below the view (the screen shows a "more
    below" line under it, turin.more_below)."""

    more = BooleanProperty(False)

    def on_kv_post(self, base_widget):
        self.bind(height=self._look, scroll_y=self._look)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._look)

    def _look(self, *_):
        child = self.children[0] if self.children else None
        self.more = bool(child is not None and child.height > self.height + 1 and self.scroll_y > 0.005)


def _line(text: str, size: float = 18, bold: bool = False, colour=(0.1, 0.1, 0.1, 1), align="left") -> TLine:
    return TLine(text=text, font_size=sp(size), bold=bold, color=colour, halign=align)


class TurinTableScreen(Screen):
    """The Turin Market table: ``show(state, lang)`` redraws everything."""

    headline = StringProperty("")
    cue = StringProperty("")
    on_action = ObjectProperty(None, allownone=True)
    on_secret = ObjectProperty(None, allownone=True)

    def show(self, state, lang: str = "en") -> None:
        vm = TableVM(state, lang)
        self.vm = vm
        self.headline = vm.headline()
        left, right = self.ids.left, self.ids.right
        self.cue = tr("more_below", lang)
        left.clear_widgets()
        right.clear_widgets()
        if state.final is not None:
            left.add_widget(_line(tr("payouts_title", lang), 22, True))
            for row in vm.payouts():
                box = BoxLayout(size_hint_y=None, height=dp(26))
                box.add_widget(_line(row.good, 18, True))
                box.add_widget(_line(row.bank, 16))
                left.add_widget(box)
                for text in row.lines:
                    left.add_widget(_line("    " + text, 16))
            left.add_widget(_line(vm.guess_note(), 13, colour=(0.35, 0.35, 0.35, 1)))
        else:
            left.add_widget(_line(vm.round_title(), 22, True))
            for r in vm.bid_rows():
                box = BoxLayout(size_hint_y=None, height=dp(28))
                box.add_widget(_line(f"{r.name}: {r.bid}", 18, r.won))
                box.add_widget(_line(r.paid, 18, r.won))
                left.add_widget(box)
                left.add_widget(_line("    " + r.why, 15, colour=(0.3, 0.3, 0.3, 1)))
            picks = vm.pick_lines()
            if picks:
                left.add_widget(_line(tr("picks_title", lang), 20, True))
                for text, now in picks:
                    left.add_widget(_line(("> " if now else "   ") + text, 20 if now else 17, now,
                                          (0.05, 0.35, 0.1, 1) if now else (0.1, 0.1, 0.1, 1)))
            if vm.centre_text():
                left.add_widget(_line(vm.centre_text(), 16))
        for i, line in enumerate(vm.final_lines()):
            right.add_widget(_line(line, 24 if i == 0 else 20, True))
        cols = 2 if state.n_players > 2 else 1
        grid = BoxLayout(orientation="vertical", spacing=dp(8), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        panels = [self._panel(pnl, lang) for pnl in vm.panels()]
        for i in range(0, len(panels), cols):   # a row's panels share its top and height
            grid.add_widget(self._row(panels[i:i + cols], cols))
        self._sale_area(right, vm, lang)
        right.add_widget(grid)
        bar = self.ids.actions
        bar.clear_widgets()
        if vm.needs_secret_entry:
            bar.add_widget(self._button(tr("now_bids" if state.phase == "bids" else "now_cards", lang)
                                        if state.phase in ("bids", "cards") else vm.headline(),
                                        lambda *_: self.on_secret and self.on_secret("pass")))
            bar.add_widget(self._button(tr("typed_mode", lang),
                                        lambda *_: self.on_secret and self.on_secret("typed")))
        for text, action in vm.taps():
            bar.add_widget(self._button(text, lambda *_, a=action: self.on_action and self.on_action(a)))

    # the sale area: typed offers (steppers), buy taps, the seller's choice of claims
    def _sale_area(self, box, vm, lang) -> None:
        self._vm_entries = getattr(self, "_vm_entries", {})
        entries = vm.offer_entries()
        sales = vm.sales()
        if not entries and not sales:
            return
        for e in entries:
            old = self._vm_entries.get(e.seat)
            if old is not None and old.state is vm.state:
                e.card, e.price = old.card, old.price
            self._vm_entries[e.seat] = e
            box.add_widget(_line(e.title, 20, True))
            cards = GridLayout(cols=4, spacing=dp(6), size_hint_y=None)
            cards.bind(minimum_height=cards.setter("height"))
            for c in e.cards:
                b = Button(text=c, font_size=sp(18), size_hint_y=None, height=dp(56),
                           background_color=(0.3, 0.6, 0.3, 1) if e.card == c else (1, 1, 1, 1))
                b.bind(on_release=lambda _b, e=e, c=c: (setattr(e, "card", c), self.redraw_sale()))
                cards.add_widget(b)
            box.add_widget(cards)
            row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(8))
            row.add_widget(self._stepper("-", lambda *_, e=e: (e.step(-1), self.redraw_sale())))
            row.add_widget(Label(text=str(e.price), font_size=sp(30), bold=True, color=(0.1, 0.1, 0.1, 1)))
            row.add_widget(self._stepper("+", lambda *_, e=e: (e.step(1), self.redraw_sale())))
            ok = Button(text=tr("offer", lang, n=e.price), font_size=sp(18), size_hint_y=None, height=dp(64),
                        disabled=e.card is None)
            ok.bind(on_release=lambda *_, e=e: self.tap(e.action()))
            row.add_widget(ok)
            box.add_widget(row)
        if sales:
            box.add_widget(_line(tr("sale_title", lang), 20, True))
        claim = getattr(self, "_claim", None)
        for r in sales:
            box.add_widget(_line(r.text, 18, True))
            grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            if claim is not None and claim[0] == r.card and claim[1] is vm.state:
                box.add_widget(_line(tr("claims_who", lang, card=r.card), 16))
                for p in range(vm.state.n_players):
                    if p == r.seller:
                        continue
                    on = p in claim[2]
                    b = Button(text=vm.name(p), font_size=sp(18), size_hint_y=None, height=dp(56),
                               background_color=(0.3, 0.6, 0.3, 1) if on else (1, 1, 1, 1))
                    b.bind(on_release=lambda *_, p=p: (claim[2].symmetric_difference_update({p}), self.redraw_sale()))
                    grid.add_widget(b)
                for text, action in vm.claims(r.card, claim[2]):
                    grid.add_widget(self._button(text, lambda *_, a=action: self.tap(a)))
                grid.add_widget(self._button(tr("cancel", lang), lambda *_: self._set_claim(None)))
            else:
                for text, action in r.buys:
                    grid.add_widget(self._button(text, lambda *_, a=action: self.tap(a)))
                grid.add_widget(self._button(tr("claims", lang, card=r.card),
                                             lambda *_, c=r.card: self._set_claim((c, vm.state, set()))))
            box.add_widget(grid)

    def _set_claim(self, claim) -> None:
        self._claim = claim
        self.redraw_sale()

    def redraw_sale(self) -> None:
        """Redraw after a stepper or selection tap (no action journalled)."""
        self.show(self.vm.state, self.vm.lang)

    def tap(self, action) -> None:
        """A sale-area tap: refused at once with the rule in the player's language
        (banner; nothing changes) or handed to ``on_action``."""
        if action is None:
            return
        why = self.vm.check(action)
        if why:
            self.headline = why
            return
        self._claim = None
        if self.on_action:
            self.on_action(action)

    @staticmethod
    def _stepper(text, cb) -> Button:
        b = Button(text=text, font_size=sp(36), size_hint=(None, None), width=dp(72), height=dp(64))
        b.bind(on_release=cb)
        return b

    @staticmethod
    def _row(panels, cols: int) -> BoxLayout:
        """One row of player panels, as tall as its tallest (tops aligned, no stagger)."""
        row = BoxLayout(spacing=dp(8), size_hint_y=None)

        def fit(*_):
            row.height = max(p.minimum_height for p in panels)

        for p in panels:
            p.size_hint_y = 1
            p.add_widget(Widget(size_hint_y=1))   # the spare height below the text: text on top
            p.bind(minimum_height=fit)
            row.add_widget(p)
        for _ in range(cols - len(panels)):
            row.add_widget(Widget())
        fit()
        return row

    def _panel(self, p, lang) -> Panel:
        box = Panel(orientation="vertical", padding=dp(8), spacing=dp(2))
        box.active = p.to_act
        box.add_widget(_line(p.name, 20, True))
        box.add_widget(_line("  ".join(x for x in (p.shields, p.on_sale, p.loan) if x), 17))
        goods = "  ".join(f"{g} {n}{' *' if major else ''}" for g, n, major in p.goods)
        box.add_widget(_line(goods or "-", 15))
        if any(m for _, _, m in p.goods):
            box.add_widget(_line(f"* {tr('majority', lang)}", 13, colour=(0.35, 0.35, 0.35, 1)))
        return box

    @staticmethod
    def _button(text, cb) -> Button:
        b = TButton(text=text, font_size=sp(18))
        b.bind(on_release=cb)
        return b


class TurinSecretScreen(Screen):
    """Secret entries: ``start(state, lang, typed=False)``; the reveal goes to
    ``on_action(action)``."""

    title = StringProperty("")
    note = StringProperty("")
    error = StringProperty("")
    mode = StringProperty("handover")
    on_action = ObjectProperty(None, allownone=True)

    def start(self, state, lang: str = "en", typed: bool = False) -> None:
        self.state, self.lang = state, lang
        self.vm = TypedRevealVM(state, lang) if typed else PassTabletVM(state, lang)
        self.redraw()

    def set_lang(self, state, lang: str) -> None:
        """A language switch: the same entries, redrawn in ``lang`` (a new secret
        step when the game has moved on)."""
        if getattr(self, "vm", None) is None or state is not self.state:
            self.start(state, lang, typed=self.mode == "typed")
            return
        self.lang = lang
        self.vm.set_lang(lang)
        self.redraw()

    def redraw(self) -> None:
        vm, lang = self.vm, self.lang
        body = self.ids.body
        body.clear_widgets()
        self.error = vm.error
        if isinstance(vm, TypedRevealVM):
            self.mode = "typed"
            self.title = vm.title
            self.note = ""
            for p in vm.players:
                row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(8))
                row.add_widget(_line(TableVM(self.state, lang).name(p), 22, True))
                if vm.kind == "card":
                    row.add_widget(_line(str(vm.values[p] or "-"), 22))
                else:
                    row.add_widget(self._step(lambda d, p=p: self._typed_step(p, d), "-", -1))
                    row.add_widget(_line(str(vm.values[p]), 30, True, align="center"))
                    row.add_widget(self._step(lambda d, p=p: self._typed_step(p, d), "+", 1))
                body.add_widget(row)
            body.add_widget(self._big(tr("reveal", lang), self._reveal))
            return
        self.mode = vm.mode
        self.title = vm.title
        if vm.mode == "handover":
            self.note = tr("hidden_note", lang)
            who = TableVM(self.state, lang).name(vm.current)
            body.add_widget(self._big(tr("i_am", lang, who=who), lambda *_: (vm.ready(), self.redraw())))
        elif vm.mode == "entry":
            self.note = ""
            if vm.kind == "card":
                grid = GridLayout(cols=3, spacing=dp(6))
                for card, goods in vm.card_choices:
                    b = Button(text=f"{card}\n{goods}", font_size=sp(15), halign="center",
                               size_hint_y=None, height=dp(64),
                               background_color=(0.3, 0.6, 0.3, 1) if vm.value == card else (1, 1, 1, 1))
                    b.bind(on_release=lambda _b, c=card: (vm.set_value(c), self.redraw()))
                    grid.add_widget(b)
                body.add_widget(grid)
            else:
                row = BoxLayout(size_hint_y=None, height=dp(96), spacing=dp(12))
                row.add_widget(self._step(lambda d: (vm.step(d), self.redraw()), "-", -1))
                row.add_widget(_line(str(vm.value), 48, True, align="center"))
                row.add_widget(self._step(lambda d: (vm.step(d), self.redraw()), "+", 1))
                body.add_widget(row)
            body.add_widget(self._big(tr("confirm_hide", lang), lambda *_: (vm.confirm(), self.redraw())))
        else:
            self.note = ""
            body.add_widget(self._big(tr("reveal", lang), self._reveal))

    def _typed_step(self, p, d):
        self.vm.values[p] = max(0, min(self.state.available(p), (self.vm.values[p] or 0) + d))
        self.redraw()

    def _reveal(self, *_):
        act = self.vm.action() if isinstance(self.vm, TypedRevealVM) else self._pass_reveal()
        if act is None:
            self.redraw()
            return
        if self.on_action:
            self.on_action(act)

    def _pass_reveal(self):
        from companion.errors import RuleError

        try:
            return self.vm.reveal()
        except RuleError as exc:
            from .texts import refusal

            self.vm.refused = exc
            self.vm.error = refusal(exc, self.vm.state, self.vm.lang)
            return None

    @staticmethod
    def _big(text, cb) -> Button:
        b = TButton(text=text, font_size=sp(26), bold=True, min_height=dp(80))
        b.bind(on_release=cb)
        return b

    @staticmethod
    def _step(cb, text, delta) -> Button:
        b = Button(text=text, font_size=sp(40), size_hint=(None, None), width=dp(96), height=dp(80))
        b.bind(on_release=lambda *_: cb(delta))
        return b


def screens() -> list[Screen]:
    """The Turin Market screens, for the app's screen manager."""
    load_kv()
    return [TurinTableScreen(name="turin_table"), TurinSecretScreen(name="turin_secret")]


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
def new_setup(players, seed: int) -> dict:
    """The journal's setup for the players chosen in the app (their names, in seat
    order): the classic payment card, the centre read at the table, coin flips from
    ``seed``."""
    return {"game": "turin-market", "players": [{"name": p.name} for p in players],
            "payment_card": "classic", "centre": [], "seed": seed % (2 ** 31)}


def app_screens(host) -> list[Screen]:
    """Turin Market's screens for the app shell, wired to ``host`` (ui.hosting.GameHost):
    the table screen first; the secret entry when bids or cards are due."""
    table, secret = screens()

    def show_table() -> None:
        table.show(host.state, host.lang)

    def act(action) -> None:
        refused = host.apply(action)
        if refused and table.manager and table.manager.current == secret.name:
            secret.vm.error = refused
            secret.vm.refused = getattr(host, "refused", None)
            secret.redraw()
            return
        if table.manager:
            table.manager.current = table.name
        show_table()
        if refused:
            table.headline = refused

    def open_secret(mode: str) -> None:
        secret.start(host.state, host.lang, typed=mode == "typed")
        if table.manager:
            table.manager.current = secret.name

    table.on_action = secret.on_action = act
    table.on_secret = open_secret
    table.refresh = show_table
    secret.refresh = lambda: secret.set_lang(host.state, host.lang)
    return [table, secret]
