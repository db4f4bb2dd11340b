"""Turin Market app screens (Kivy): the table screen and the secret-entry screen,
and the app shell's hosting contract (ui.hosting: ``new_setup``, ``app_screens``,
``CAMERA``, ``setup_options``, ``recording_options``).

Widgets only show the view-models (ui.games.turin_market.viewmodel) and call back
``on_action(action)`` with the engine action to journal (the reveal of a secret
step, a pick, a loan, a pass); no game logic here. Layout in turin_market.kv.

- :class:`TurinTableScreen` (name ``turin_table``): the one thing to do now (banner,
  in the colour of the player to act), the camera's picture when a camera feeds the
  game, the round's bids and payments explained, who picks now and the cards to pick,
  each player's panel (shields, on sale, loan, goods with majorities), loans and
  take-back apart and asked first, at the end the payouts good by good and a
  series' totals.
- :class:`TurinSecretScreen` (name ``turin_secret``): pass the tablet (hidden
  screen between players, then reveal all at once) or one player types the
  revealed values; both give the same reveal action.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.games import turin_market as tm
from companion.games.turin_market import app_words as W
from ui import scrollcue  # noqa: F401  (registers CuedScroll for turin_market.kv)
from ui.screens.common import PLAYER_INK, PLAYER_RGBA

from .texts import tr
from .viewmodel import SECRET_PHASES, PassTabletVM, TableVM, TypedRevealVM, card_text, name_of

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
    """A main action: filled, bold; its text wraps to its width and it grows to fit
    it (at least 56 dp, or ``min_height`` px when larger)."""

    min_height = NumericProperty(0)


class TQuiet(Button):
    """A costly or secondary tap (a loan, take back): outlined on the screen's
    colour, dark red ink, unlike the main actions; at least 48 dp."""


class TChoice(Button):
    """A choice among several (a card, a player): its text wraps and it grows to
    fit it, at least 56 dp."""


class OfferBox(BoxLayout):
    """One seller's typed offer in the sale area (their cards, the stepper, Offer);
    ``seat``: the seller."""

    seat = NumericProperty(-1)

    def __init__(self, **kw):
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(6), **kw)
        self.bind(minimum_height=self.setter("height"))


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


class TConfirm(ModalView):
    """A yes/no question asked before a costly or irreversible tap (a loan, a
    take-back, the next game of a series); ``on_yes`` runs on Yes. The running app
    keeps the open one as ``app.asking`` (drivers answer it with ``answer``)."""

    question = StringProperty("")
    yes_text = StringProperty("")
    no_text = StringProperty("")
    #: the one open now (re-worded on a language switch: :meth:`set_lang`)
    current = None

    def __init__(self, question, on_yes, lang: str = "en", **kw):
        super().__init__(**kw)
        self._words, self._on_yes = question if callable(question) else (lambda _lang: question), on_yes
        self.set_lang(lang)
        self.bind(on_dismiss=lambda *_: TConfirm.current is self and setattr(TConfirm, "current", None))

    def set_lang(self, lang: str) -> None:
        """The question and Yes/No in ``lang``."""
        self.question = self._words(lang)
        self.yes_text, self.no_text = W.yes(lang), W.no(lang)

    def answer(self, yes: bool) -> None:
        app = App.get_running_app()
        if getattr(app, "asking", None) is self:
            app.asking = None
        self.dismiss()
        if yes:
            self._on_yes()


def confirm(question, on_yes, lang: str = "en") -> TConfirm:
    """Open a :class:`TConfirm` (the app's ``asking`` is set to it); ``question``:
    its text, or a function of the language giving it."""
    load_kv()
    box = TConfirm(question, on_yes, lang)
    TConfirm.current = box
    app = App.get_running_app()
    if app is not None:
        app.asking = box
    box.open()
    return box


class TurinTableScreen(Screen):
    """The Turin Market table: ``show(state, lang)`` redraws everything.

    Banner: the one thing to do now, in the colour of the one player to act
    (``colours``: one per seat, from the start screen). Under it the camera's
    picture with its tags outlined when a camera or recording feeds the game
    (``camera_on``), the camera's last word (``note``), the round explained, the
    player panels, the main taps and apart from them the costly ones (loans, take
    back), each asked first."""

    headline = StringProperty("")
    note = StringProperty("")
    cue = StringProperty("")
    banner_bg = ListProperty([0.55, 0.25, 0.12, 1])
    banner_ink = ListProperty([1, 1, 1, 1])
    camera_on = BooleanProperty(False)
    on_action = ObjectProperty(None, allownone=True)
    on_secret = ObjectProperty(None, allownone=True)
    #: callables set by app_screens: undo_preview() -> UndoStep|None, undo_refusal() -> str, undo() -> str|None
    undo_hooks = ObjectProperty(None, allownone=True)
    #: (text, callback) of the series' next game when due, else None (set by app_screens)
    series_next = ObjectProperty(None, allownone=True)
    series_lines = ListProperty([])
    colours = ListProperty([])

    def on_kv_post(self, base_widget):
        from ui.screens.common import CameraView

        self.camera = CameraView()
        self.bind(size=self._place_camera, camera_on=self._place_camera)
        self._place_camera()

    def _place_camera(self, *_a) -> None:
        """The camera's picture: over the whole width in portrait, at the top of the
        round's column in landscape (the panels stay in view); nowhere without a camera."""
        where = None if not self.camera_on else (self.ids.camera_wide if self.height > self.width
                                                 else self.ids.camera_side)
        if self.camera.parent is not where:
            if self.camera.parent is not None:
                self.camera.parent.remove_widget(self.camera)
            if where is not None:
                where.add_widget(self.camera)

    def show(self, state, lang: str = "en") -> None:
        vm = TableVM(state, lang)
        self.vm = vm
        self.headline = vm.headline()
        colour = vm.colour_now(self.colours)
        self.banner_bg = list(PLAYER_RGBA.get(colour or "", (0.55, 0.25, 0.12, 1)))
        self.banner_ink = list(PLAYER_INK.get(colour or "", (1, 1, 1, 1)))
        left, right = self.ids.left, self.ids.right
        self.cue = tr("more_below", lang)
        left.clear_widgets()
        right.clear_widgets()
        if state.final is not None:
            for line in self.series_lines:
                left.add_widget(_line(line, 20, True))
            left.add_widget(_line(tr("payouts_title", lang), 22, True))
            for row in vm.payouts():
                left.add_widget(_line(f"{row.good}  ({row.bank})", 18, True))
                for text in row.lines:
                    left.add_widget(_line("    " + text, 16))
            left.add_widget(_line(vm.guess_note(), 13, colour=(0.35, 0.35, 0.35, 1)))
        else:
            for line in self.series_lines:
                left.add_widget(_line(line, 16, colour=(0.35, 0.35, 0.35, 1)))
            left.add_widget(_line(vm.round_title(), 22, True))
            for r in vm.bid_rows():   # one wrapped line per player: never a fixed height to overlap
                left.add_widget(_line(f"{r.name}: {r.bid}" + (f"  ·  {r.paid}" if r.paid else ""), 18, r.won))
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
        right.add_widget(grid)   # the panels first: always in view
        self._sale_area(right, vm, lang)
        bar = self.ids.actions
        bar.clear_widgets()
        if vm.needs_secret_entry:
            bar.add_widget(self._button(tr("now_bids" if state.phase == "bids" else "now_cards", lang)
                                        if state.phase in ("bids", "cards") else vm.headline(),
                                        lambda *_: self.on_secret and self.on_secret("pass")))
            bar.add_widget(self._button(tr("typed_mode", lang),
                                        lambda *_: self.on_secret and self.on_secret("typed")))
        self.ids.action_title.text = (W.pick_title(vm.name(state.auction.pick_queue[0]), lang)
                                      if state.phase == "picks" else "")
        for text, action in vm.taps():
            bar.add_widget(self._button(text, lambda *_, a=action: self.on_action and self.on_action(a)))
        if state.final is not None and self.series_next is not None:
            text, cb = self.series_next
            bar.add_widget(self._button(text, lambda *_: cb()))
        self._quiet_bar(vm, lang)

    def _quiet_bar(self, vm, lang) -> None:
        """The costly taps, apart from the main ones and unlike them: a loan per
        player who may take one, and the named take-back; each asks first."""
        bar = self.ids.quiet
        bar.clear_widgets()
        loans = vm.loan_taps()
        if self.undo_hooks is not None:
            b = TQuiet(text=W.undo_button(lang))
            b.bind(on_release=lambda *_: self.ask_undo())
            bar.add_widget(b)
        cat = vm.state.catalog
        for seat, action in loans:
            b = TQuiet(text=W.loan_button(vm.name(seat), lang))
            b.bind(on_release=lambda *_, s=seat, a=action: self.ask_loan(s, a))
            bar.add_widget(b)
        self.loans_text = W.loans_title(lang, cat.loan_amount, cat.loan_repayment) if loans else ""
        self.ids.quiet_title.text = self.loans_text

    def ask_loan(self, seat: int, action) -> TConfirm:
        """Ask before a loan (it cannot be taken back); Yes hands it to ``on_action``."""
        vm = self.vm
        cat = vm.state.catalog
        return confirm(lambda lang: W.loan_ask(TableVM(vm.state, lang).name(seat), lang, cat.loan_amount,
                                               cat.loan_repayment),
                       lambda: self.on_action and self.on_action(action), vm.lang)

    def ask_undo(self):
        """Name the move a take-back undoes and ask; when nothing can be taken back,
        say why in the banner's note (no question)."""
        hooks = self.undo_hooks
        step = hooks["preview"]()
        lang = self.vm.lang
        if step is None:
            self.note = hooks["refusal"]() or ""
            return None

        def go() -> None:
            why = hooks["undo"]()
            if why:
                self.note = why
        return confirm(lambda lg: W.undo_ask(step.text, lg), go, lang)

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
            outer, box = box, OfferBox(seat=e.seat)   # one seller's offer, together
            outer.add_widget(box)
            box.add_widget(_line(e.title, 20, True))
            cards = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
            cards.bind(minimum_height=cards.setter("height"))
            for c in e.cards:
                b = TChoice(text=card_text(vm.state, c, lang),
                            background_color=(0.55, 0.8, 0.55, 1) if e.card == c else (1, 1, 1, 1))
                b.bind(on_release=lambda _b, e=e, c=c: (setattr(e, "card", c), self.redraw_sale()))
                cards.add_widget(b)
            box.add_widget(cards)
            row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(8))
            row.add_widget(self._stepper("-", lambda *_, e=e: (e.step(-1), self.redraw_sale())))
            row.add_widget(Label(text=str(e.price), font_size=sp(30), bold=True, color=(0.1, 0.1, 0.1, 1)))
            row.add_widget(self._stepper("+", lambda *_, e=e: (e.step(1), self.redraw_sale())))
            ok = TButton(text=tr("offer", lang, n=e.price) if e.card is not None else W.choose_card(lang),
                         disabled=e.card is None)
            ok.bind(on_release=lambda *_, e=e: self.tap(e.action()))
            row.add_widget(ok)
            box.add_widget(row)
            box = outer
        if sales:
            box.add_widget(_line(tr("sale_title", lang), 20, True))
        claim = getattr(self, "_claim", None)
        for r in sales:
            box.add_widget(_line(r.text, 18, True))
            grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            if claim is not None and claim[0] == r.card and claim[1] is vm.state:
                box.add_widget(_line(tr("claims_who", lang, card=card_text(vm.state, r.card, lang)), 16))
                for p in range(vm.state.n_players):
                    if p == r.seller:
                        continue
                    on = p in claim[2]
                    b = TChoice(text=vm.name(p), background_color=(0.55, 0.8, 0.55, 1) if on else (1, 1, 1, 1))
                    b.bind(on_release=lambda *_, p=p: (claim[2].symmetric_difference_update({p}), self.redraw_sale()))
                    grid.add_widget(b)
                for text, action in vm.claims(r.card, claim[2]):
                    grid.add_widget(self._button(text, lambda *_, a=action: self.tap(a)))
                grid.add_widget(self._button(tr("cancel", lang), lambda *_: self._set_claim(None)))
            else:
                for text, action in r.buys:
                    grid.add_widget(self._button(text, lambda *_, a=action: self.tap(a)))
                grid.add_widget(self._button(tr("claims", lang, card=card_text(vm.state, r.card, lang)),
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
            self.note = why
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
        colour = self.colours[p.seat] if p.seat < len(self.colours) else ""
        box.tint = list(PLAYER_RGBA.get(colour, (0, 0, 0, 0)))
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
        step when the game has moved on to another step; a loan or a sale on the
        way keeps the entries)."""
        old = getattr(self, "state", None)
        if getattr(self, "vm", None) is None or old is None or (state.phase, state.round) != (old.phase, old.round):
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
            if vm.kind == "card" and getattr(self, "_typed_seat", None) not in vm.players:
                self._typed_seat = vm.players[0]
            for p in vm.players:
                row = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(8))
                row.add_widget(_line(TableVM(self.state, lang).name(p), 22, True))
                if vm.kind == "card":   # tap a player, then their card in the grid below
                    b = TChoice(text=card_text(self.state, vm.values[p], lang) if vm.values[p] else "?",
                                background_color=(0.55, 0.8, 0.55, 1) if p == self._typed_seat else (1, 1, 1, 1))
                    b.bind(on_release=lambda _b, p=p: (setattr(self, "_typed_seat", p), self.redraw()))
                    row.add_widget(b)
                else:
                    row.add_widget(self._step(lambda d, p=p: self._typed_step(p, d), "-", -1))
                    row.add_widget(_line(str(vm.values[p]), 30, True, align="center"))
                    row.add_widget(self._step(lambda d, p=p: self._typed_step(p, d), "+", 1))
                body.add_widget(row)
            if vm.kind == "card":
                taken = {v for q, v in vm.values.items() if v and q != self._typed_seat}
                grid = GridLayout(cols=3 if self.width >= dp(900) else 2, spacing=dp(6), size_hint_y=None)
                grid.bind(minimum_height=grid.setter("height"))
                for card, goods in PassTabletVM(self.state, lang).card_choices:
                    if card in taken:
                        continue
                    b = TChoice(text=goods, background_color=(0.3, 0.6, 0.3, 1)
                                if vm.values[self._typed_seat] == card else (1, 1, 1, 1))
                    b.bind(on_release=lambda _b, c=card: self._typed_card(c))
                    grid.add_widget(b)
                body.add_widget(grid)
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
            if vm.kind == "card":   # a grid as tall as its rows: nothing drawn over it
                grid = GridLayout(cols=3 if self.width >= dp(900) else 2, spacing=dp(6), size_hint_y=None)
                grid.bind(minimum_height=grid.setter("height"))
                for card, goods in vm.card_choices:
                    b = TChoice(text=goods,
                                background_color=(0.55, 0.8, 0.55, 1) if vm.value == card else (1, 1, 1, 1))
                    b.bind(on_release=lambda _b, c=card: (vm.set_value(c), self.redraw()))
                    grid.add_widget(b)
                body.add_widget(grid)
            else:
                row = BoxLayout(size_hint_y=None, height=dp(96), spacing=dp(12))
                row.add_widget(self._step(lambda d: (vm.step(d), self.redraw()), "-", -1))
                row.add_widget(_line(str(vm.value), 48, True, align="center"))
                row.add_widget(self._step(lambda d: (vm.step(d), self.redraw()), "+", 1))
                body.add_widget(row)
            done = self._big(tr("confirm_hide", lang) if vm.value is not None else W.choose_card(lang),
                             lambda *_: (vm.confirm(), self.redraw()))
            done.disabled = vm.value is None   # a card entry waits for a card: never 'None'
            body.add_widget(done)
        else:
            self.note = ""
            body.add_widget(self._big(tr("reveal", lang), self._reveal))

    def _typed_card(self, card) -> None:
        """The selected player's revealed card; then the next player without one."""
        vm = self.vm
        vm.values[self._typed_seat] = card
        self._typed_seat = next((q for q in vm.players if not vm.values[q]), self._typed_seat)
        self.redraw()

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
#: The app runs a camera session on this game's journal when a camera or recording is
#: chosen (ui.app hosted_camera): the observer reads picks, sales and withdrawals from
#: the card moves; secret choices, coin flips and prices are tapped.
CAMERA = True

#: How many games a series has (Turin Market: the longer game; data/rules.json).
SERIES = 3


def setup_options(lang: str = "en") -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The choices this game offers on the start screen, before the game: (key,
    label, [(value, label), ...]), the first value the default: the payment card
    (classic or red, Turin Market: setup) and one game or a series of 3."""
    cat = tm.load_catalog()
    cards = [(name, W.payment_card_name(name, lang, cat)) for name in cat.payment_cards]
    games = [("1", W.series_choice(1, lang)), (str(cat.series_games), W.series_choice(cat.series_games, lang))]
    return [("payment_card", W.payment_card_label(lang), cards), ("series", W.series_label(lang), games)]


def recording_options(setup: dict) -> dict:
    """The options that replay a bundled recording's own setup (its payment card,
    the centre cards dealt on its table, its coin-flip seed)."""
    return {k: setup[k] for k in ("payment_card", "centre", "seed") if k in setup}


def new_setup(players, seed: int, options: dict | None = None) -> dict:
    """The journal's setup for the players chosen in the app (names and colours, in
    seat order): the payment card chosen (``options["payment_card"]``, classic by
    default), with 4-5 players the centre cards dealt face up from ``seed`` (the
    table lays out the cards the screen names; a recording's own: ``options["centre"]``),
    coin flips from ``seed``; ``options["series"]``: the number of games of a series
    (``"3"``), ``options["series_scores"]``: the final shields of its earlier games.
    Raises ValueError for an unknown payment card or series length."""
    import random

    options = dict(options or {})
    cat = tm.load_catalog()
    card = str(options.get("payment_card") or "classic")
    if card not in cat.payment_cards:
        raise ValueError(f"unknown payment card {card!r}: {', '.join(cat.payment_cards)}")
    n = len(players)
    want = cat.deal[n][1] if n in cat.deal else 0
    centre = list(options.get("centre") or ())
    if not centre and want:
        centre = random.Random(seed).sample(sorted(cat.cards), want)
    out = {"game": "turin-market",
           "players": [{"name": p.name, **({"colour": p.colour} if getattr(p, "colour", "") else {})}
                       for p in players],
           "payment_card": card, "centre": centre,
           "seed": int(options["seed"]) if "seed" in options else seed % (2 ** 31)}
    games = int(options.get("series") or 1)
    if games not in (1, cat.series_games):
        raise ValueError(f"a series has {cat.series_games} games, not {games}")
    if games > 1:
        out["series"] = {"games": games, "scores": [list(g) for g in options.get("series_scores", ())]}
    return out


def colours_of(state) -> list[str]:
    """The players' colours chosen on the start screen ("" for a seat without one)."""
    return [getattr(p, "colour", "") for p in state.players]


def series_of(journal) -> tuple[int, list[list[int]]]:
    """(games in the series, final shields of its earlier games) from the journal's
    setup; (1, []) for a single game."""
    try:
        ser = journal.setup.get("series") or {}
        return int(ser.get("games", 1)), [[int(x) for x in g] for g in ser.get("scores", [])]
    except (AttributeError, TypeError, ValueError):
        return 1, []


def series_lines(state, journal, lang: str) -> list[str]:
    """The series in words: which game this is, and once it is over each seat's
    total so far (Turin Market: a series of 3 games, totals added up); [] for a single game."""
    games, earlier = series_of(journal)
    if games <= 1:
        return []
    k = len(earlier) + 1
    lines = [W.series_game(k, games, lang)]
    if state.final is None:
        return lines
    res = tm.series_result(earlier + [list(state.final.scores)])
    if k >= games:
        best = res.totals[res.winners[0]]
        lines.append(W.series_over(", ".join(name_of(state, p, lang) for p in res.winners), best, lang))
    for p in sorted(range(state.n_players), key=lambda q: (-res.totals[q], q)):
        lines.append(W.series_line(name_of(state, p, lang), res.totals[p], lang))
    return lines


def next_series_game(host, on_camera=None) -> None:
    """Start the series' next game on ``host``: a new journal beside this one, with
    the same players and choices and this game's final shields added to the
    series; the host's journal becomes the new one (the finished game stays on
    disk). With a camera its session moves to the new journal (a new session on the
    same source, handed to ``on_camera(session)`` to subscribe). Only when the game
    is over and the series has games left."""
    import time
    from pathlib import Path

    from companion.journal import Journal
    from ui.hosting import new_game_seed

    old = host.journal
    state = old.state
    games, earlier = series_of(old)
    if state.final is None or len(earlier) + 1 >= games:
        return
    setup = old.setup
    players = [_Row(p.get("name", ""), p.get("colour", "")) for p in setup.get("players", [])]
    setup = new_setup(players, new_game_seed(), {"payment_card": setup.get("payment_card"), "series": games,
                                                 "series_scores": earlier + [list(state.final.scores)]})
    base = Path(old.path).parent
    path = base / time.strftime("turin-market-%Y%m%d-%H%M%S.sqlite")
    k = 1
    while path.exists():
        path = base / f"{path.stem.split('~')[0]}~{k}.sqlite"
        k += 1
    host.journal = Journal.create(path, "turin-market", setup)
    cam = getattr(host, "camera", None)
    if cam is not None:
        from ui.session import create_session

        cam.stop()
        host.camera = create_session(cam.config, journal=host.journal)
        if on_camera is not None:
            on_camera(host.camera)
        host.camera.start()
    old.close()
    for cb in list(host.listeners):
        cb()


class _Row:
    """A player row (name, colour) as new_setup reads it."""

    def __init__(self, name: str, colour: str = ""):
        self.name, self.colour = name, colour


def app_screens(host) -> list[Screen]:
    """Turin Market's screens for the app shell, wired to ``host`` (ui.hosting.GameHost):
    the table screen first; the secret entry when bids or cards are due. With a
    camera (``host.camera``) its picture is shown with the tags outlined and what it
    reads is journalled by its session; every move can also be tapped."""
    table, secret = screens()
    table.camera_on = getattr(host, "camera", None) is not None
    table.undo_hooks = {"preview": host.undo_preview, "refusal": host.undo_refusal, "undo": host.undo}

    def show_table() -> None:
        state = host.state
        table.colours = colours_of(state)
        table.series_lines = series_lines(state, host.journal, host.lang)
        games, earlier = series_of(host.journal)
        if state.final is not None and len(earlier) + 1 < games:
            k = len(earlier) + 2
            table.series_next = (W.series_next(k, games, host.lang),
                                 lambda: confirm(lambda lang: W.series_ask(k, games, lang),
                                                 lambda: next_series_game(host, subscribe), host.lang))
        else:
            table.series_next = None
        table.show(state, host.lang)
        if TConfirm.current is not None:   # a question open follows the language
            TConfirm.current.set_lang(host.lang)

    def act(action) -> None:
        refused = host.apply(action)
        if not refused and getattr(host, "camera", None) is not None:
            host.camera.runner.read_again()   # the same table reads differently after a tap
        if refused and table.manager and table.manager.current == secret.name:
            secret.vm.error = refused
            secret.vm.refused = getattr(host, "refused", None)
            secret.redraw()
            return
        if table.manager:
            table.manager.current = table.name
        table.note = refused or ""
        show_table()

    def open_secret(mode: str) -> None:
        secret.start(host.state, host.lang, typed=mode == "typed")
        if table.manager:
            table.manager.current = secret.name

    def after_change() -> None:   # a take-back, the camera's move, the next game
        if table.manager and table.manager.current == secret.name and host.state.phase not in SECRET_PHASES:
            table.manager.current = table.name
        show_table()

    table.on_action = secret.on_action = act
    table.on_secret = open_secret
    table.refresh = show_table
    secret.refresh = lambda: secret.set_lang(host.state, host.lang)
    host.listeners.append(lambda: Clock.schedule_once(lambda _dt: after_change(), 0))
    subscribe = None
    if table.camera_on:
        from ui.viewmodels.camera import overlays

        def on_update(up) -> None:   # the camera's worker thread: draw on Kivy's
            frame, symbols = up.frame, tuple(up.symbols or ())
            text = up.messages[-1].text if up.messages else None

            def draw(_dt) -> None:
                if frame is not None:
                    h, w = frame.shape[:2]
                    table.camera.show(frame, overlays(symbols, w, h, host.lang))
                if text is not None:
                    table.note = text
                if up.state_changed:
                    after_change()
            Clock.schedule_once(draw, 0)

        subscribe = lambda session: session.subscribe(on_update)  # noqa: E731  (the next game's session too)
        subscribe(host.camera)
    return [table, secret]
