"""Turin Market app screens (Kivy): the table screen and the secret-entry screen,
and the app shell's hosting contract (ui.hosting: ``new_setup``, ``app_screens``,
``CAMERA``, ``setup_options``, ``recording_options``).

Widgets only show the view-models (ui.games.turin_market.viewmodel) and call back
``on_action(action)`` with the engine action to journal (the reveal of a secret
step, a pick, a loan, a pass); no game logic here. Layout in turin_market.kv.

- :class:`TurinTableScreen` (name ``turin_table``), built of the table kit's widgets
  (ui.screens.common) as Penny Press's and Scoop's tables are: the banner (the one
  thing to do now and which auction, in the colour of the player to act), the player
  strip (colour, shields, on sale, loan, goods with majorities), the camera's picture
  with its tags outlined when a camera feeds the game, the round's bids and payments
  explained, who picks now and the cards to pick, the sale area; the named Undo and
  the loans apart and asked first (the kit's question: Yes first); at the end the
  payouts good by good, a series' totals and room for the game's pages (``end_box``).
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
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion.games import turin_market as tm
from companion.games.turin_market import app_words as W
from ui import scrollcue  # noqa: F401  (registers CuedScroll for turin_market.kv)
from ui.screens.common import Ask, CameraView, ConfirmButton, PlayerStrip, ask

from .texts import tr
from .viewmodel import SECRET_PHASES, PassTabletVM, TableVM, TypedRevealVM, card_text, name_of, undo_offer

KV = Path(__file__).with_name("turin_market.kv")
_loaded = False


def load_kv() -> None:
    """Load turin_market.kv once, and the table kit's rules (ui/screens/common.kv)
    when the app has not loaded them (the screens shown alone)."""
    global _loaded
    if not _loaded:
        common = str(Path(__file__).resolve().parents[2] / "screens" / "common.kv")
        if not any(str(Path(f).resolve()) == common for f in Builder.files):
            Builder.load_file(common)
        Builder.load_file(str(KV))
        _loaded = True


class TLine(Label):
    """A left-aligned wrapped text line."""


class TButton(Button):
    """A main action: filled, bold; its text wraps to its width and it grows to fit
    it (at least 56 dp, or ``min_height`` px when larger)."""

    min_height = NumericProperty(0)


class TChoice(Button):
    """A choice among several (a card, a player): its text wraps and it grows to
    fit it, at least 56 dp."""


class AskedButton(ConfirmButton):
    """A costly tap (the table kit's ConfirmButton: a loan, the series' next game),
    asked first in the players' language: ``words(lang)`` gives the question, and
    the question open follows a language switch (:func:`confirm`)."""

    words = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")

    def on_release(self) -> None:
        if self.words is None:
            self.dispatch("on_confirmed")
            return
        confirm(self.words, lambda: self.dispatch("on_confirmed"), self.lang)


class TurinStrip(PlayerStrip):
    """The table kit's PlayerStrip whose panels of one row share one height (their
    tops in line): a player with a loan or many goods makes the row taller, not a
    panel of its own that stands lower."""

    def do_layout(self, *args):
        kids = list(reversed(self.children))
        cols = max(1, int(self.cols or 1))
        for i in range(0, len(kids), cols):
            row = kids[i:i + cols]
            tall = max(max(dp(64), k.ids.lab.texture_size[1] + dp(12)) for k in row)
            for k in row:
                if k.height != tall:
                    k.height = tall
        super().do_layout(*args)


class OfferBox(BoxLayout):
    """One seller's typed offer in the sale area (their cards, the stepper, Offer);
    ``seat``: the seller."""

    seat = NumericProperty(-1)

    def __init__(self, **kw):
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(6), **kw)
        self.bind(minimum_height=self.setter("height"))


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


#: Ink on the table's dark colour: text, quieter text, the player to act now.
INK, QUIET, NOW = (0.94, 0.94, 0.92, 1), (0.72, 0.72, 0.7, 1), (0.55, 0.9, 0.6, 1)


def _line(text: str, size: float = 18, bold: bool = False, colour=(0.1, 0.1, 0.1, 1), align="left") -> TLine:
    return TLine(text=text, font_size=sp(size), bold=bold, color=colour, halign=align)


def confirm(question, on_yes, lang: str = "en") -> Ask:
    """Ask before a costly or irreversible tap with the table kit's question
    (ui.screens.common.ask: Yes first, then No, as in every game); ``question``: its
    text, or a function of the language giving it (then the open question follows
    a language switch: :func:`reword_open_question`). ``on_yes`` runs on Yes; the
    app keeps the open question as ``app.asking``."""
    words = question if callable(question) else (lambda _lang: question)
    box = ask(words(lang), on_yes)
    box.words = words
    return box


def reword_open_question(lang: str) -> None:
    """The question open now (asked by :func:`confirm`) in ``lang``."""
    app = App.get_running_app()
    box = getattr(app, "asking", None) if app is not None else None
    words = getattr(box, "words", None)
    if words is not None:
        box.question = words(lang)


class TurinTableScreen(Screen):
    """The Turin Market table, built of the table kit's widgets as Penny Press's and
    Scoop's are (ui.screens.common): ``show(state, lang)`` redraws everything.

    First and largest the kit's :class:`Banner`: the one thing to do now and in
    which auction, in the colour of the one player to act (``colours``: one per
    seat, from the start screen); at the end who won. Under it the camera's last
    word or a refusal (``note``), the kit's :class:`PlayerStrip` (every player's
    colour, name, shields, on sale, loan, goods with majorities starred: always in
    view), the kit's :class:`CameraView` with the tags outlined when a camera or
    recording feeds the game (``camera_on``: full width in portrait, beside the
    lists in landscape), the round's bids and payments explained (left) and who
    picks, the centre's cards and the sale area (right), the main taps, then apart
    from them the kit's :class:`UndoButton` (names the move, asks first, or says why
    nothing can be taken back) and a loan per player (:class:`AskedButton`, asked
    first). At the end the payouts good by good and the ranking; ``ids.end_box``
    is kept for what a finished game offers (its pages, BG Stats)."""

    headline = StringProperty("")
    note = StringProperty("")
    cue = StringProperty("")
    camera_on = BooleanProperty(False)
    #: the height (px) that shows the camera's picture over the whole width (CameraView.fit_height)
    camera_fit = NumericProperty(0)
    over = BooleanProperty(False)
    on_action = ObjectProperty(None, allownone=True)
    on_secret = ObjectProperty(None, allownone=True)
    #: callables set by app_screens: preview() -> UndoStep|None, refusal() -> str, undo() -> str|None,
    #: last() -> the last action journalled (or None)
    undo_hooks = ObjectProperty(None, allownone=True)
    #: (text, words(lang) of its question, callback) of the series' next game when due, else
    #: None (set by app_screens)
    series_next = ObjectProperty(None, allownone=True)
    series_lines = ListProperty([])
    colours = ListProperty([])

    def __init__(self, **kw):
        self.camera = CameraView()
        super().__init__(**kw)

    def on_kv_post(self, base_widget):
        self.camera.bind(fit_height=self.setter("camera_fit"))
        self.camera_fit = self.camera.fit_height
        self.bind(size=self._place_camera, camera_on=self._place_camera)
        self.ids.strip.bind(width=lambda *_a: self._show_panels())
        ids = self.ids
        for name in ("banner", "note", "strip", "camera_wide", "action_title", "actions", "end_box", "quiet_title",
                     "quiet_row"):
            ids[name].bind(height=self._fit_page)
        ids.page.view.bind(height=self._fit_page)
        self._place_camera()
        self._fit_page()

    #: the least height (dp) the round's lists keep before the whole page scrolls
    LISTS_MIN_DP = 240

    def _fit_page(self, *_a) -> None:
        """The page as tall as the screen, or taller (and then scrolled, with its "more
        below" line) when the banner, panels, buttons and the round's lists at their
        least (:attr:`LISTS_MIN_DP`) do not fit: a small window (ui.app.layout_scale)."""
        ids = self.ids
        body, view = ids.body, ids.page.view
        fixed = sum(ids[n].height for n in ("banner", "note", "strip", "camera_wide", "action_title", "actions",
                                            "end_box", "quiet_title", "quiet_row"))
        fixed += body.padding[1] + body.padding[3] + body.spacing * (len(body.children) - 1)
        need = fixed + dp(self.LISTS_MIN_DP)
        body.height = max(view.height, need)
        view.do_scroll_y = need > view.height + 1

    def _place_camera(self, *_a) -> None:
        """The camera's picture: over the whole width in portrait, in its own column
        beside the round's lists in landscape (the panels stay in view); nowhere
        without a camera."""
        where = None if not self.camera_on else (self.ids.camera_wide if self.height > self.width
                                                 else self.ids.camera_side).__self__
        if self.camera.parent is not where:
            if self.camera.parent is not None:
                self.camera.parent.remove_widget(self.camera)
            if where is not None:
                where.add_widget(self.camera)

    def _show_panels(self) -> None:
        vm = getattr(self, "vm", None)
        if vm is not None:
            self.ids.strip.show(vm.player_panels(self.colours))

    def show(self, state, lang: str = "en") -> None:
        vm = TableVM(state, lang)
        self.vm = vm
        self.headline = vm.headline()
        self.over = state.final is not None
        self.ids.banner.show(vm.banner(self.colours))
        self._show_panels()
        left, right = self.ids.left, self.ids.right
        self.cue = tr("more_below", lang)
        left.clear_widgets()
        right.clear_widgets()
        if state.final is not None:
            left.add_widget(_line(tr("payouts_title", lang), 22, True, INK))
            for row in vm.payouts():
                left.add_widget(_line(tr("payout_head", lang, good=row.good, bank=row.bank), 19, True, INK))
                for text in row.lines:
                    left.add_widget(_line("    " + text, 17, colour=QUIET))
            left.add_widget(_line(vm.guess_note(), 15, colour=QUIET))
            for line in self.series_lines:
                right.add_widget(_line(line, 20, True, INK))
            for i, line in enumerate(vm.final_lines()):
                right.add_widget(_line(line, 24 if i == 0 else 20, True, INK))
        else:
            for line in self.series_lines:
                left.add_widget(_line(line, 16, colour=QUIET))
            left.add_widget(_line(vm.round_title(), 22, True, INK))
            for r in vm.bid_rows():   # one wrapped line per player: never a fixed height to overlap
                text = tr("bid_row", lang, who=r.name, bid=r.bid)
                left.add_widget(_line(text + (f"  ·  {r.paid}" if r.paid else ""), 19, r.won, INK))
                left.add_widget(_line("    " + r.why, 16, colour=QUIET))
            picks = vm.pick_lines()
            if picks:
                right.add_widget(_line(tr("picks_title", lang), 20, True, INK))
                for text, now in picks:
                    right.add_widget(_line(("> " if now else "   ") + text, 20 if now else 18, now,
                                           NOW if now else INK))
            if vm.centre_text():
                right.add_widget(_line(vm.centre_text(), 17, colour=INK))
        self._sale_area(right, vm, lang)
        if vm.majority_note():   # what a panel's star means, under the round's lines
            left.add_widget(_line(vm.majority_note(), 15, colour=QUIET))
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
            text, words, cb = self.series_next
            b = AskedButton(text=text, words=words, lang=lang)
            b.bind(on_confirmed=lambda *_: cb())
            bar.add_widget(b)
        self._quiet_bar(vm, lang)
        reword_open_question(lang)

    def _quiet_bar(self, vm, lang) -> None:
        """The costly taps, apart from the main ones and unlike them: the kit's named
        Undo (what a tap takes back, or why nothing can be) and a loan per player who
        may take one; each asks first. Hidden once the game is over."""
        hooks = self.undo_hooks
        undo = self.ids.undo
        if hooks is not None:
            step = hooks["preview"]()
            last = hooks["last"]() if step is None and "last" in hooks else None
            undo.offer(undo_offer(step, "" if step is not None else hooks["refusal"](), lang, last), self._undo)
            undo.opacity = 1
        else:
            undo.text, undo.question, undo.disabled, undo.opacity = "", "", True, 0
        bar = self.ids.quiet
        bar.clear_widgets()
        loans = vm.loan_taps()
        cat = vm.state.catalog
        for seat, action in loans:
            b = AskedButton(text=W.loan_button(vm.name(seat), lang), lang=lang,
                            words=lambda lg, s=seat: W.loan_ask(TableVM(vm.state, lg).name(s), lg, cat.loan_amount,
                                                                cat.loan_repayment))
            b.bind(on_confirmed=lambda *_, a=action: self.on_action and self.on_action(a))
            bar.add_widget(b)
        self.loans_text = W.loans_title(lang, cat.loan_amount, cat.loan_repayment) if loans else ""
        self.ids.quiet_title.text = self.loans_text

    def _undo(self) -> None:
        """After the players said Yes to the named take-back: take it back; a refusal
        (the journal could not be written, the table moved on) shows in the note."""
        why = self.undo_hooks["undo"]()
        if why:
            self.note = why

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
            box.add_widget(_line(e.title, 20, True, INK))
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
            row.add_widget(Label(text=str(e.price), font_size=sp(30), bold=True, color=INK))
            row.add_widget(self._stepper("+", lambda *_, e=e: (e.step(1), self.redraw_sale())))
            ok = TButton(text=tr("offer", lang, n=e.price) if e.card is not None else W.choose_card(lang),
                         disabled=e.card is None)
            ok.bind(on_release=lambda *_, e=e: self.tap(e.action()))
            row.add_widget(ok)
            box.add_widget(row)
            box = outer
        if sales:
            box.add_widget(_line(tr("sale_title", lang), 20, True, INK))
        claim = getattr(self, "_claim", None)
        for r in sales:
            box.add_widget(_line(r.text, 18, True, INK))
            grid = GridLayout(cols=2, spacing=dp(6), size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            if claim is not None and claim[0] == r.card and claim[1] is vm.state:
                box.add_widget(_line(tr("claims_who", lang, card=card_text(vm.state, r.card, lang)), 17, colour=INK))
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
        lines.append(W.series_over(tr("names_sep", lang).join(name_of(state, p, lang) for p in res.winners), best, lang))
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
    def last_action():
        journal = host.table_journal
        acts = journal.actions() if journal is not None else []
        return acts[-1] if acts else None

    table.undo_hooks = {"preview": host.undo_preview, "refusal": host.undo_refusal, "undo": host.undo,
                        "last": last_action}
    from ui.screens.common import EndgamePanel  # the table kit's end of a game: print, BG Stats

    table.ids.end_box.add_widget(EndgamePanel(host))  # under the main taps
    from ui.screens.corrections_kit import offer  # the kit's "The camera is wrong" and its panel (cx25)

    panel = offer(host, table, table.ids.end_box)  # None without a camera

    def show_table() -> None:
        state = host.state
        table.colours = colours_of(state)
        table.series_lines = series_lines(state, host.journal, host.lang)
        games, earlier = series_of(host.journal)
        if state.final is not None and len(earlier) + 1 < games:
            k = len(earlier) + 2
            table.series_next = (W.series_next(k, games, host.lang), lambda lang: W.series_ask(k, games, lang),
                                 lambda: next_series_game(host, subscribe))
        else:
            table.series_next = None
        table.show(state, host.lang)   # a question open follows the language (reword_open_question)

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
    return [table, secret] + ([panel] if panel is not None else [])
