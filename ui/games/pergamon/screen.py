"""The Pergamon screen (Kivy), built of the app's table kit as Penny Press's and
Scoop's are (ui.screens.common, docs/ui.md "The table kit"): the kit's
:class:`~ui.screens.common.Banner` with the one thing to do now, first and largest,
on the active player's colour; the kit's :class:`~ui.screens.common.PlayerStrip`
with each player's colour, VP, coins, finds and collections, always in view; what
is left to do on the table (coins to hand over, markers to move, an evaluation's
steps); the entry panel; the kit's :class:`~ui.screens.common.CameraView` picture
with its tags outlined (when a camera or recording plays, the full width in
portrait); the museum plan drawn and the dig site; a fixed bar with the kit's
:class:`~ui.screens.common.UndoButton` (names the move it takes back or says why
not, asked first) and the buttons that journal; an entry that cannot be taken back
(finds turned up, funds cards drawn or turned over) is a
:class:`~ui.screens.common.ConfirmButton`, asked first and drawn unlike the main
action. Everything it shows comes from :class:`.viewmodel.PergamonVM`; no game
logic here. Touch targets are at least 48 dp. Needs the kit's rules (common.kv,
loaded by the app).
"""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.stacklayout import StackLayout

from ui.screens.common import Banner, CameraView, ConfirmButton, PlayerStrip, UndoButton, ask
from ui.scrollcue import CuedScroll

from companion.games.pergamon.screen_words import screen_text

from .texts import tr
from .viewmodel import RGBA, PergamonVM

INK = (0.12, 0.1, 0.08, 1)
PAPER = (0.96, 0.93, 0.86, 1)
#: the least height (dp) of the board parts (plan, dig site) in landscape and
#: portrait: the six rows of the plan and the five galleries with their text
#: unclipped. When the window leaves less under the to-do list and the entry panel,
#: the page scrolls (phones, density 2) rather than squeezing them.
MIDDLE_MIN_DP = {False: 320, True: 420}
#: below this window height (dp) the players' panels scroll with the page (first in
#: it) instead of staying fixed under the banner
SHORT_DP = 700


def _label(text: str, size: float, bold=False, colour=INK, halign="left", **kw) -> Label:
    lab = Label(text=text, font_size=sp(size), bold=bold, color=colour, halign=halign, valign="middle", **kw)
    lab.bind(size=lambda w, s: setattr(w, "text_size", (s[0], None)))
    return lab


def _one_line(text: str, size: float, bold=False, colour=INK) -> Label:
    """A label kept on one line, cut with "…" when its box is too narrow (gallery
    titles on a phone-sized window)."""
    lab = Label(text=text, font_size=sp(size), bold=bold, color=colour, halign="left", valign="middle",
                shorten=True, shorten_from="right")
    lab.bind(size=lambda w, s: setattr(w, "text_size", s))
    return lab


def _fill(widget, rgba) -> None:
    with widget.canvas.before:
        Color(*rgba)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda w, p: setattr(rect, "pos", p), size=lambda w, s: setattr(rect, "size", s))


class PgCameraView(CameraView):
    """The camera picture with its tags outlined (the kit's CameraView); a tap on it
    does nothing here (Pergamon's tags are not Penny Press's stories)."""

    #: camera pictures drawn so far
    frames = 0

    def show(self, frame, overlays) -> None:
        super().show(frame, overlays)
        self.frames += 1

    def on_touch_down(self, touch):
        return False


class PergamonScreen(Screen):
    """Shows a :class:`PergamonVM`; call :meth:`show` after each ``vm.update``.
    ``on_confirm``: called on "coins handed over" (the app notes it in the journal;
    optional; returns None, or why it could not be noted). ``on_action(action) -> None | refusal``: journals a tapped entry.
    ``camera``: show the camera picture (:meth:`show_frame` draws it). ``undo``: the
    named undo's three calls (see below), None for no undo button.

    :attr:`end_slot` is an empty box above the fixed bar, as tall as what is put in
    it: the place for what the end of a game offers besides the banner and the
    panels (its page printed, BG Stats), filled by that piece, not by this screen."""

    def __init__(self, vm: PergamonVM, on_confirm=None, on_action=None, camera: bool = False, undo=None, **kw):
        super().__init__(name=kw.pop("name", "pergamon"), **kw)
        self.vm = vm
        self.on_confirm = on_confirm
        #: undo: None (no undo button) or (preview() -> str | None, refusal() -> str,
        #: undo() -> None | refusal text): the GameHost's named undo, asked first
        self.undo = undo
        #: the camera picture with its tags outlined, when a camera or recording plays
        self.camera_view = PgCameraView() if camera else None
        if self.camera_view is not None:
            self.camera_view.bind(fit_height=self._camera_height)
        #: on_action(action) -> None | refusal text (in the VM's language): journals a
        #: tapped entry through the rules (app_screens wires it to the GameHost)
        self.on_action = on_action
        #: the open question of an entry that cannot be taken back (:meth:`_tap`)
        self.asking = None
        outer = BoxLayout(orientation="vertical")
        _fill(outer, PAPER)
        # fixed at the top, never scrolled away: the banner, the line under it and the
        # players' panels (the kit's)
        self.head = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4),
                              padding=(dp(10), dp(10), dp(10), dp(4)))
        self.banner = Banner()
        self.warning = _label("", 18, bold=True, colour=(0.6, 0.05, 0.05, 1), size_hint_y=None)
        _fill(self.warning, (1, 0.86, 0.84, 1))
        self.sub = BoxLayout(size_hint_y=None, spacing=dp(12))
        self.follow = _label("", 18, size_hint_y=None)        # what follows the thing to do now
        self.turn = Label(text="", font_size=sp(16), color=INK, size_hint_x=None, halign="right",
                          valign="middle")
        self.turn.bind(texture_size=lambda w, ts: setattr(w, "width", ts[0] + dp(4)))
        self.sub.add_widget(self.follow)
        self.sub.add_widget(self.turn)
        self.panels = PlayerStrip()
        self.panels.bind(width=lambda *_a: self.panels.show(self.vm.player_panels()))
        for w in (self.banner, self.warning, self.sub, self.panels):
            self.head.add_widget(w)
            w.bind(height=self._head_height)
        for w in (self.follow, self.warning):
            w.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6) if w.text else 0))
        self.follow.bind(height=lambda *_a: self._sub_height())
        self.turn.bind(texture_size=lambda *_a: self._sub_height())
        # a phone-sized window scrolls rather than squeezing the board parts; the main
        # action (Present, Reveal, Exhibit, End of turn) sits in a fixed bar under it,
        # never scrolled out of sight
        self.root_box = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(8), size_hint_y=None)
        #: "more below" while the page goes on, in the VM's language (followed by :meth:`show`)
        self.page = page = CuedScroll(do_scroll_x=False, lang=vm.lang)
        self.scroll = page.view
        page.add_widget(self.root_box)
        self.end_slot = BoxLayout(orientation="vertical", size_hint_y=None, height=0, padding=(dp(10), 0))
        self.end_slot.bind(minimum_height=self.end_slot.setter("height"))
        self.bar = BoxLayout(size_hint_y=None, height=0, padding=(dp(10), dp(6)), spacing=dp(10))
        for w in (self.head, page, self.end_slot, self.bar):
            outer.add_widget(w)
        self.add_widget(outer)
        #: how many times the screen was built (show); a resize rebuilds only when the
        #: window turns between landscape and portrait (the layout's size class)
        self.builds = 0
        self._tall = None
        self._short = None
        self.show()

    def _sub_height(self) -> None:
        self.sub.height = max(self.follow.height, self.turn.texture_size[1] + dp(6))

    def _head_height(self, *_a) -> None:
        head = self.head
        kids = [w for w in head.children if w.height > 0]
        head.height = sum(w.height for w in head.children) + head.spacing * max(len(kids) - 1, 0) + \
            head.padding[1] + head.padding[3]

    # ------------------------------------------------------------ drawing
    def _is_tall(self) -> bool:
        return self.height > self.width * 1.2     # portrait tablet: the board parts stack

    def _is_short(self) -> bool:
        """A window under SHORT_DP high (a phone, or density 2 on a small tablet): the
        players' panels go into the scrolled page, under the banner, so the fixed
        parts leave the page its room."""
        return self.height < dp(SHORT_DP)

    def _show_head(self, vm: PergamonVM) -> None:
        """The banner (the kit's: the one thing to do now, largest, on the active
        player's colour; at the end who won), a refusal under it in red, what follows
        it with the turn at the right, and the kit's player panels."""
        self.banner.show(vm.banner_view())
        self.warning.text = vm.refusal
        self.follow.text = "\n".join(vm.banner.lines[:3])
        self.turn.text = vm.title
        for w in (self.follow, self.warning):
            if not w.text:
                w.height = 0
        self.panels.show(vm.player_panels())
        for panel in self.panels.children:          # one height for all: a row of even panels
            if not getattr(panel, "_evened", False):
                panel.ids.lab.bind(texture_size=self._even_panels)
                panel._evened = True
        self._even_panels()
        self._head_height()

    def _even_panels(self, *_a) -> None:
        """Every player's panel as tall as the one with the most lines (the kit sizes
        each to its own text)."""
        kids = self.panels.children
        want = max((max(dp(64), k.ids.lab.texture_size[1] + dp(12)) for k in kids), default=0)
        for k in kids:
            if k.height != want:
                k.height = want

    def show(self) -> None:
        vm = self.vm
        self.page.lang = vm.lang   # the page is made once: its cue follows a language switch
        box = self.root_box
        box.clear_widgets()
        if getattr(self, "_unfit", None):
            self._unfit()                          # the old page's sizing goes with it
        self.builds += 1
        self._tall = tall = self._is_tall()
        self._short = short = self._is_short()
        strip = self.panels
        if strip.parent is not None:
            strip.parent.remove_widget(strip)
        (box if short else self.head).add_widget(strip)
        self._show_head(vm)
        todo = self._todo(vm)
        box.add_widget(todo)
        entry = self._entry(vm, tall) if vm.choices else None
        if entry is not None:
            box.add_widget(entry)
        cam = self.camera_view
        if cam is not None and cam.parent is not None:
            cam.parent.remove_widget(cam)
        middle = BoxLayout(spacing=dp(10), orientation="vertical" if tall else "horizontal")
        if tall:
            if cam is not None:                    # portrait: the picture first, the full width
                cam.size_hint = (1, None)
                self._camera_height()
                middle.add_widget(cam)
            top = BoxLayout(spacing=dp(10))
            top.add_widget(self._plan(vm))
            top.add_widget(self._galleries(vm))
            middle.add_widget(top)
        else:
            if cam is not None:
                cam.size_hint = (0.4, 1)
                middle.add_widget(cam)
            middle.add_widget(self._plan(vm))
            middle.add_widget(self._galleries(vm))
        box.add_widget(middle)
        self._fit(box, entry, todo, tall, strip if short else None)
        self._fill_bar(vm)

    def _fit(self, box, entry, evaluation, tall: bool, strip=None) -> None:
        """Size the scrolled page: the entry panel gets up to a share of the room the
        to-do list leaves in the page, never the board parts' least room
        (MIDDLE_MIN_DP, the portrait camera picture added), cut at a whole row of
        buttons (a row is shown in full or scrolled to, never a sliver; at least one
        row); the board parts get the rest, the page scrolling when the window is
        shorter than all that. ``strip``: the players' panels when they are in the
        page (a short window), above the to-do list."""
        from kivy.clock import Clock

        scroll = self.scroll
        stack = entry.view.children[0] if entry is not None else None
        share = 0.5 if tall else 0.42
        cam = self.camera_view

        def least() -> float:
            """The board parts' least room (dp), the portrait camera picture added."""
            extra = cam.height + dp(10) if (tall and cam is not None) else 0
            return dp(MIDDLE_MIN_DP[tall]) + extra

        def fit(*_):
            pads = box.padding[1] + box.padding[3] + box.spacing * (len(box.children) - 1)
            fixed = evaluation.height + (strip.height if strip is not None else 0) + pads
            if stack is not None:
                free = scroll.height - fixed
                cap = max(min(free * share, free - least()) - entry.cue.height, dp(56 + 8))
                rows: dict[int, float] = {}    # a row of buttons: its top, its lowest bottom
                for c in stack.children:
                    if c.height > dp(8):
                        key = round(stack.top - c.top)
                        rows[key] = max(rows.get(key, 0), stack.top - c.y)
                bottoms = sorted(rows.values())
                fits = [b for b in bottoms if b + stack.padding[3] <= cap] or bottoms[:1]
                whole = not bottoms or max(fits) >= bottoms[-1]   # every row fits: the view shows it all
                entry.view.height = stack.height if whole else min(stack.height, max(fits) + stack.padding[3])
            need = fixed + (entry.height if entry is not None else 0) + least()
            if need - scroll.height <= box.padding[3]:   # only the bottom margin would scroll: no "more below"
                need = scroll.height
            box.height = max(scroll.height, need)

        trigger = Clock.create_trigger(fit, -1)
        scroll.bind(height=trigger)
        evaluation.bind(height=trigger)
        if strip is not None:
            strip.bind(height=trigger)
        if cam is not None:
            cam.bind(height=trigger)
        if stack is not None:
            stack.bind(width=trigger, minimum_height=trigger, height=trigger)
            entry.bind(height=trigger)     # its "more below" line shown or gone
            for c in stack.children:       # the rows are known once the stack has laid them out
                c.bind(y=trigger)

        def unfit():
            scroll.unbind(height=trigger)
            if strip is not None:
                strip.unbind(height=trigger)
            if cam is not None:
                cam.unbind(height=trigger)
        self._unfit = unfit
        trigger()

    def _camera_height(self, *_a) -> None:
        """Portrait: the picture the full width, as tall as its frame's shape needs
        (the kit's fit_height), at most 40 % of the window's height."""
        cam = self.camera_view
        if cam is not None and self._tall:
            cam.height = min(cam.fit_height, self.height * 0.4)

    def on_size(self, *_):
        # widgets follow the size by their size hints; only a turn between landscape
        # and portrait changes the layout (no rebuild, no flicker while resizing)
        if self._is_tall() != self._tall or self._is_short() != self._short:
            self.show()
        else:
            self._camera_height()

    def _fill_bar(self, vm: PergamonVM) -> None:
        """The fixed bar: at its left the kit's named undo (what a tap takes back, or
        why nothing can be; asked first), then the buttons that journal what was
        chosen, each as wide as the bar allows, its text wrapped, the bar as tall as
        the tallest text (>= 56 dp). An entry that cannot be taken back is the kit's
        ConfirmButton (asked first, unlike the main action)."""
        bar = self.bar
        bar.clear_widgets()
        buttons = []
        if self.undo is not None:
            preview, refusal, _undo = self.undo
            move = preview()
            # disabled, its text says why: kept readable (the default greys it to a third)
            back = UndoButton(size_hint=(0.3, 1), font_size=sp(18), disabled_color=(1, 1, 1, 0.8))
            back.offer(vm.undo_offer(move, "" if move is not None else refusal()), self._take_back)
            buttons.append(back)
            bar.add_widget(back)
        share = 0.7 if self.undo is not None else 1.0     # the undo a third of the bar at most
        for t in vm.actions:
            buttons.append(self._action_button(t, size=22))
            buttons[-1].size_hint_x = share / len(vm.actions)
            bar.add_widget(buttons[-1])

        def fit(*_):
            tallest = max((b.texture_size[1] for b in buttons), default=0)
            bar.height = max(dp(56), tallest + dp(16)) + 2 * dp(6) if buttons else 0

        for b in buttons:
            b.size_hint_y = 1
            b.bind(width=lambda w, wd: setattr(w, "text_size", (max(wd - dp(16), 1), None)), texture_size=fit)
        if self.undo is not None and len(buttons) == 1:
            bar.add_widget(Label())              # the undo keeps its size at the left
        fit()

    def _action_button(self, t, size: float, bold: bool = True):
        """The button of entry ``t`` (a viewmodel Tap): the kit's ConfirmButton when
        what it enters cannot be taken back (asked first, then journalled), a main
        (blue) or plain button otherwise; disabled and grey when the rules refuse it
        now (its text says why)."""
        question = "" if t.disabled else self.vm.question(t.key)
        if question:
            btn = ConfirmButton(text=t.label, question=question, font_size=sp(size))
            btn.bind(on_confirmed=lambda _b, key=t.key: self._enter(key))
            return btn
        btn = Button(text=t.label, font_size=sp(size), bold=bold and t.primary, background_normal="", halign="center",
                     valign="middle", background_disabled_normal="", disabled_color=(0.25, 0.25, 0.25, 1),
                     disabled=t.disabled,
                     color=(1, 1, 1, 1) if (t.selected or t.primary) else INK,
                     background_color=((0.8, 0.78, 0.74, 1) if t.disabled else (0.18, 0.55, 0.3, 1) if t.selected
                                       else (0.22, 0.38, 0.72, 1) if t.primary else (0.86, 0.82, 0.72, 1)))
        btn.bind(on_release=lambda _b, key=t.key: self._tap(key))
        return btn

    def _todo(self, vm: PergamonVM):
        """What the last action leaves to do on the table (VM.todo), one line each,
        and the optional "coins handed over" button beside it; empty when nothing."""
        box = BoxLayout(size_hint_y=None, spacing=dp(10), padding=(dp(8), dp(4)))
        if not vm.todo:
            box.height = 0
            return box
        _fill(box, (0.98, 0.95, 0.88, 1))
        lines = GridLayout(cols=1, size_hint_y=None, spacing=dp(2))
        lines.bind(minimum_height=lines.setter("height"))
        head = _label(screen_text("todo", vm.lang), 16, bold=True, size_hint_y=None)
        head.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(24), ts[1])))
        lines.add_widget(head)
        for line in vm.todo:
            lab = _label(line, 18, size_hint_y=None)
            lab.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(26), ts[1] + dp(4))))
            lines.add_widget(lab)
        view = CuedScroll(do_scroll_x=False, lang=vm.lang)
        view.add_widget(lines)
        box.add_widget(view)
        if vm.todo_confirm and not vm.confirmed:
            btn = Button(text=vm.todo_confirm, font_size=sp(18), size_hint=(None, None), width=dp(190),
                         height=dp(56), pos_hint={"center_y": 0.5}, halign="center", valign="middle",
                         background_normal="", background_color=(0.86, 0.82, 0.72, 1), color=INK)
            btn.bind(width=lambda w, wd: setattr(w, "text_size", (wd - dp(12), None)))
            btn.bind(on_release=lambda *_: self._confirm())
            box.add_widget(btn)

        def fit(*_):   # every line shown up to five, then it scrolls (an evaluation)
            box.height = min(lines.height, dp(5 * 28 + 24)) + dp(8)
        lines.bind(height=fit)
        fit()
        return box

    def _entry(self, vm: PergamonVM, tall: bool):
        """The entry panel: every choice the game needs now (finds, backs, funds
        spaces, cards, dig, collection with polish and marker, discard), scrolled when
        long; the buttons that journal the choices are in the fixed bar (_fill_bar)."""
        # _fit sizes the view (whole rows of buttons); a "more below" line under it while
        # rows lie below the view (the scroll bar alone is not seen at arm's length)
        scroll = CuedScroll(size_hint_y=None, height=dp(64), do_scroll_x=False, lang=vm.lang)
        stack = StackLayout(size_hint_y=None, spacing=dp(6), padding=dp(4))
        stack.bind(minimum_height=stack.setter("height"))

        def width_of(text: str, per: float) -> float:
            return sum(per * 1.8 if ord(ch) > 0x2E80 else per for ch in text)

        def within(w, want: float) -> None:
            """``w`` as wide as its text wants, never wider than the stack's row (a
            phone-sized window): the text then wraps and the widget grows taller."""
            def fit(*_a):
                room = stack.width - stack.padding[0] - stack.padding[2]
                w.width = min(want, room) if room > dp(64) else want
                w.text_size = (w.width - dp(12), None)
            stack.bind(width=fit)
            w.bind(texture_size=lambda b, ts: setattr(b, "height", max(dp(56), ts[1] + dp(12))))
            fit()

        for i, group in enumerate(vm.choices):
            if i:
                stack.add_widget(Label(size_hint=(1, None), height=dp(2)))   # next group on a new row
            if group.title:                       # the group's title leads its row of buttons
                lab = Label(text=group.title, font_size=sp(18), bold=True, color=INK, size_hint=(None, None),
                            height=dp(56), halign="left", valign="middle")
                within(lab, dp(width_of(group.title, 9.5) + 12))
                stack.add_widget(lab)
            for t in group.taps:
                btn = self._action_button(t, size=18, bold=False)
                btn.size_hint, btn.height = (None, None), dp(56)
                within(btn, dp(max(64, width_of(t.label, 10) + 28)))
                stack.add_widget(btn)
        scroll.add_widget(stack)   # no spacer after the last row: nothing but rows lies below the view
        return scroll

    def _plan(self, vm: PergamonVM):
        col = BoxLayout(orientation="vertical", size_hint_x=0.34, spacing=dp(4))
        col.add_widget(_label(tr("plan", vm.lang), 18, bold=True, size_hint_y=None, height=dp(28)))
        # rows tall enough for the number and its VP (44 dp: labels, not targets), scrolled when short of room
        grid = GridLayout(cols=4, spacing=dp(3), size_hint_y=None, row_default_height=dp(44), row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        by_space = {c.space: c for c in vm.plan}
        rows = len(vm.plan) // 4
        for r in range(rows):                      # space 24 at the top right, 1 at the bottom left
            for c in range(4):
                cell = by_space[(rows - 1 - r) * 4 + c + 1]
                # the marker beside the number, the VP under it: the cell's widest line
                # stays short (a quarter of the plan's column on a phone-sized window)
                text = (f"{cell.space}" + (f"  [b]{cell.marker[1]}[/b]" if cell.marker else "") +
                        f"\n[size=12sp]{tr('vp', vm.lang, n=cell.vp)}[/size]")
                colour = RGBA.get(cell.marker[0], (0.5, 0.5, 0.5, 1)) if cell.marker else (0.88, 0.84, 0.74, 1)
                lab = Label(text=text, markup=True, color=INK, font_size=sp(16), halign="center")
                _fill(lab, colour)
                grid.add_widget(lab)
        scroll = CuedScroll(do_scroll_x=False, lang=vm.lang)
        scroll.add_widget(grid)
        col.add_widget(scroll)
        return col

    def _galleries(self, vm: PergamonVM):
        col = BoxLayout(orientation="vertical", size_hint_x=0.26, spacing=dp(4))
        col.add_widget(_label(tr("galleries", vm.lang), 18, bold=True, size_hint_y=None, height=dp(28)))
        for name, dates in vm.galleries:
            row = BoxLayout(orientation="vertical", padding=dp(4))
            _fill(row, (0.86, 0.78, 0.62, 1))
            row.add_widget(_one_line(name, 16, bold=True))
            row.add_widget(_label("  ".join(str(d) for d in dates) or "—", 18))
            col.add_widget(row)
        return col

    # ------------------------------------------------------------ taps
    def _confirm(self) -> None:
        """"Coins handed over": noted (``on_confirm``); when the journal cannot be
        written (the game watched from here, a file that may only be read) the
        refusal leads the banner and the button stays."""
        self.vm.confirm()
        refusal = self.on_confirm() if self.on_confirm is not None else None
        if refusal:
            self.vm.confirmed = False
            self.vm.refusal = refusal
        self.show()

    def _tap(self, key) -> None:
        """A tap on the entry ``key``: a choice is shown chosen; an entry that can be
        taken back is journalled; one that cannot (Pergamon's UNDO_BARRIERS) is
        checked by the rules first (a refusal is said, never asked), then asked
        through the kit's question (kept as :attr:`asking` and the app's
        ``asking``) and journalled on Yes. The ConfirmButtons have asked already:
        they call :meth:`_enter`."""
        action = self.vm.tap(key)
        if action is not None and self.on_action is not None:
            if self._hidden(action):          # it cannot be taken back: asked first
                why = self.vm.check(action)
                if why:                       # the rules refuse it: said now, never asked
                    self.vm.refused(why)
                    self.show()
                    return
                from companion.games.pergamon.texts import describe_action

                move = describe_action(action, self.vm._state, self.vm.lang)
                self.asking = ask(screen_text("ask_hidden", self.vm.lang, move=move), lambda: self._journal(action))
                self.show()
                return
            self._journal(action)
            return
        self.show()

    def _enter(self, key) -> None:
        """A ConfirmButton's entry after the players said Yes: checked by the rules
        (a refusal is said), then journalled."""
        action = self.vm.tap(key)
        if action is None or self.on_action is None:
            self.show()
            return
        why = self.vm.check(action)
        if why:
            self.vm.refused(why)
            self.show()
            return
        self._journal(action)

    @staticmethod
    def _hidden(action) -> bool:
        """True for an entry that shows what was hidden (Pergamon's UNDO_BARRIERS):
        once journalled it cannot be taken back."""
        from companion.games import pergamon as pg

        return pg.action_to_dict(action).get("action") in pg.UNDO_BARRIERS

    def _journal(self, action) -> None:
        refusal = self.on_action(action)
        if refusal:
            self.vm.refused(refusal)
        self.show()

    def _take_back(self) -> None:
        """The kit's UndoButton after the players said Yes: the host's undo; its
        refusal (the journal cannot be written now) leads the banner."""
        _preview, _refusal, undo = self.undo
        why = undo()
        self.vm.refusal = why or ""
        self.show()

    def ask_undo(self) -> None:
        """The undo button's tap (the kit's UndoButton asks its question first, or
        does nothing when disabled: its text says why)."""
        for w in self.bar.children:
            if isinstance(w, UndoButton) and not w.disabled:
                w.dispatch("on_release")

    def show_frame(self, frame, symbols) -> None:
        """Draw a camera frame (BGR numpy) with its tags outlined (ui.viewmodels.camera
        overlays: read tags green, unreadable red; no ids shown)."""
        if self.camera_view is None or frame is None:
            return
        from ui.viewmodels.camera import overlays

        h, w = frame.shape[:2]
        self.camera_view.show(frame, overlays(symbols, w, h, self.vm.lang))


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
#: The app runs a camera session on this game's journal when a camera or recording is
#: chosen (ui.app hosted_camera): the observer reads the table, taps enter the rest.
CAMERA = True

def new_setup(players, seed: int) -> dict:
    """The journal's setup for the players chosen in the app (names, colours, in
    seat order; the first row starts). The finds are read from the table."""
    return {"game": "pergamon", "players": [{"name": p.name, "colour": p.colour} for p in players],
            "first_player": 0}


def app_screens(host) -> list:
    """Pergamon's screen for the app shell, showing ``host``'s game (ui.hosting.GameHost).

    Every tapped entry goes through :func:`enter` (the rules, then the journal); coins
    handed over are a journal note (``{"pergamon": "confirmed", "after": n}``),
    optional. With a camera (``host.camera``) its picture is shown with the tags
    outlined and what it reads redraws the screen: no tap needed. Undo is the host's
    named undo, asked first."""
    vm = PergamonVM(lang=host.lang)

    def refresh() -> None:
        vm.lang = host.lang
        vm.follow(host.state, host.journal.actions())   # a take-back: what to put back on the table
        vm.confirmed = confirmed(host.journal)
        screen.show()

    def confirm() -> str | None:
        """The coins handed over, noted in the journal; None, or why it cannot be
        noted now in the players' words (never the file's path)."""
        from companion.errors import CompanionError
        from ui import i18n

        try:
            host.journal.note({"pergamon": "confirmed", "after": len(host.journal.actions())}, source="player")
        except CompanionError as exc:
            return i18n.error_text(exc, host.lang)
        return None

    def preview() -> str | None:
        step = host.undo_preview()
        return None if step is None else step.text

    vm.follow(host.state, host.journal.actions())
    vm.confirmed = confirmed(host.journal)
    camera = getattr(host, "camera", None)
    screen = PergamonScreen(vm, on_confirm=confirm, on_action=lambda a: enter(host, a), camera=camera is not None,
                            undo=(preview, host.undo_refusal, host.undo))

    screen.refresh = refresh
    host.listeners.append(refresh)
    from ui.screens.common import EndgamePanel  # the table kit's end of a game: print, BG Stats

    screen.end_slot.add_widget(EndgamePanel(host))  # between the page and the fixed bar
    from ui.screens.corrections_kit import offer  # the kit's "The camera is wrong" and its panel (cx25)

    panel = offer(host, screen, screen.end_slot)  # None without a camera
    if camera is not None:
        from kivy.clock import Clock

        latest = {"frame": None, "symbols": ()}

        def draw_frame(_dt) -> None:
            frame, symbols = latest["frame"], latest["symbols"]
            latest["frame"] = None
            if frame is not None:
                screen.show_frame(frame, symbols)
        frame_trigger = Clock.create_trigger(draw_frame, 0)

        def on_update(up) -> None:   # the camera's worker thread: draw on Kivy's
            if up.frame is not None:  # only the newest frame is drawn
                latest["frame"], latest["symbols"] = up.frame, tuple(up.symbols)
                frame_trigger()
            if up.messages or up.state_changed:
                reports = tuple(m for m in up.messages if getattr(m, "level", "info") != "info")

                def redraw(_dt) -> None:
                    refresh()
                    if reports:   # the camera's request or refusal leads the banner
                        vm.update(host.state, None, reports)   # keep the taps under way
                        screen.show()
                Clock.schedule_once(redraw, 0)

        camera.subscribe(on_update)
    return [screen] + ([panel] if panel is not None else [])


def confirmed(journal) -> bool:
    """True when the players confirmed (tapped Done) after the journal's last action
    and after the last take-back (a confirmation from before a take-back was of the
    move before it, not of the table put back)."""
    n = len(journal.actions())
    events = list(journal.events)
    last_undo = max((i for i, e in enumerate(events) if e.kind == "undo"), default=-1)
    return any(e.kind == "note" and e.payload.get("pergamon") == "confirmed" and e.payload.get("after") == n
               for e in events[last_undo + 1:])


def enter(host, action) -> str | None:
    """Journal a tapped ``action`` through the rules (``host.apply``, source
    ``player``). Returns None, or the refusal in ``host.lang`` with the rule named
    (texts.refusal_text); a refused entry changes nothing."""
    from companion.errors import RuleError
    from companion.games import pergamon as pg

    from .texts import refusal_text

    state = host.state
    try:
        pg.apply(state, action)                 # the rules first: the refusal in the players' words
    except RuleError as exc:
        return refusal_text(exc, state, host.lang)
    return host.apply(action, source="player")
