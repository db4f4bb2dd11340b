"""The Pergamon screen (Kivy): the banner with the one thing to do now, the museum
plan drawn, the dig site, a panel per player (VP, coins, finds, collections) and the
evaluation step by step. Everything it shows comes from :class:`.viewmodel.PergamonVM`;
no game logic here. Touch targets are at least 48 dp.
"""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from .texts import coins, finds, tr
from .viewmodel import RGBA, PergamonVM

INK = (0.12, 0.1, 0.08, 1)
PAPER = (0.96, 0.93, 0.86, 1)


def _label(text: str, size: float, bold=False, colour=INK, halign="left", **kw) -> Label:
    lab = Label(text=text, font_size=sp(size), bold=bold, color=colour, halign=halign, valign="middle", **kw)
    lab.bind(size=lambda w, s: setattr(w, "text_size", (s[0], None)))
    return lab


def _fill(widget, rgba) -> None:
    with widget.canvas.before:
        Color(*rgba)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda w, p: setattr(rect, "pos", p), size=lambda w, s: setattr(rect, "size", s))


class PergamonScreen(Screen):
    """Shows a :class:`PergamonVM`; call :meth:`show` after each ``vm.update``.
    ``on_confirm`` / ``on_next_step``: callbacks of the two buttons (the session
    records a confirmed payment; the VM advances the evaluation)."""

    def __init__(self, vm: PergamonVM, on_confirm=None, **kw):
        super().__init__(name=kw.pop("name", "pergamon"), **kw)
        self.vm = vm
        self.on_confirm = on_confirm
        self.root_box = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(8))
        _fill(self.root_box, PAPER)
        self.add_widget(self.root_box)
        self.show()

    # ------------------------------------------------------------ drawing
    def show(self) -> None:
        vm = self.vm
        box = self.root_box
        box.clear_widgets()
        box.add_widget(self._banner(vm))
        middle = BoxLayout(spacing=dp(10))
        middle.add_widget(self._plan(vm))
        middle.add_widget(self._galleries(vm))
        middle.add_widget(self._players(vm))
        box.add_widget(middle)
        box.add_widget(self._evaluation(vm))

    def _banner(self, vm: PergamonVM):
        b = vm.banner
        top = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4), padding=dp(8))
        _fill(top, (1, 0.98, 0.9, 1))
        head = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(10))
        head.add_widget(_label(b.text, 28, bold=True))
        if b.confirm and not vm.confirmed:
            btn = Button(text=b.confirm, font_size=sp(22), size_hint=(None, None), width=dp(160), height=dp(56))
            btn.bind(on_release=lambda *_: self._confirm())
            head.add_widget(btn)
        top.add_widget(_label(vm.title, 15, size_hint_y=None, height=dp(24)))
        top.add_widget(head)
        for line in b.lines[:4]:
            top.add_widget(_label(line, 18, size_hint_y=None, height=dp(28)))
        top.height = dp(24 + 64 + 28 * min(len(b.lines), 4) + 24)
        return top

    def _plan(self, vm: PergamonVM):
        col = BoxLayout(orientation="vertical", size_hint_x=0.34, spacing=dp(4))
        col.add_widget(_label(tr("plan", vm.lang), 18, bold=True, size_hint_y=None, height=dp(28)))
        grid = GridLayout(cols=4, spacing=dp(3))
        by_space = {c.space: c for c in vm.plan}
        rows = len(vm.plan) // 4
        for r in range(rows):                      # space 24 at the top right, 1 at the bottom left
            for c in range(4):
                cell = by_space[(rows - 1 - r) * 4 + c + 1]
                text = f"{cell.space}\n[size=12sp]{tr('vp', vm.lang, n=cell.vp)}[/size]"
                colour = RGBA.get(cell.marker[0], (0.5, 0.5, 0.5, 1)) if cell.marker else (0.88, 0.84, 0.74, 1)
                lab = Label(text=text + (f"  [b]{cell.marker[1]}[/b]" if cell.marker else ""), markup=True,
                            color=INK, font_size=sp(16), halign="center")
                _fill(lab, colour)
                grid.add_widget(lab)
        col.add_widget(grid)
        return col

    def _galleries(self, vm: PergamonVM):
        col = BoxLayout(orientation="vertical", size_hint_x=0.26, spacing=dp(4))
        col.add_widget(_label(tr("galleries", vm.lang), 18, bold=True, size_hint_y=None, height=dp(28)))
        for name, dates in vm.galleries:
            row = BoxLayout(orientation="vertical", padding=dp(4))
            _fill(row, (0.86, 0.78, 0.62, 1))
            row.add_widget(_label(name, 15, bold=True))
            row.add_widget(_label("  ".join(str(d) for d in dates) or "—", 16))
            col.add_widget(row)
        return col

    def _players(self, vm: PergamonVM):
        col = BoxLayout(orientation="vertical", size_hint_x=0.4, spacing=dp(6))
        for p in vm.players:
            panel = BoxLayout(orientation="vertical", padding=dp(6))
            _fill(panel, (1, 1, 1, 1) if p.active else (0.93, 0.9, 0.84, 1))
            stripe = BoxLayout(size_hint_y=None, height=dp(34), spacing=dp(8))
            swatch = Label(size_hint_x=None, width=dp(18))
            _fill(swatch, RGBA.get(p.colour, (0.5, 0.5, 0.5, 1)))
            stripe.add_widget(swatch)
            stripe.add_widget(_label(("▶ " if p.active else "") + p.name, 20, bold=True))
            stripe.add_widget(_label(tr("vp", vm.lang, n=p.vp), 22, bold=True, halign="right"))
            panel.add_widget(stripe)
            panel.add_widget(_label(f"{coins(p.coins, vm.lang)} · {finds(p.finds, vm.lang)}", 16))
            if p.collections:
                panel.add_widget(_label("   ".join(f"{m}: {space}" for m, space, _v in p.collections), 16))
            col.add_widget(panel)
        return col

    def _evaluation(self, vm: PergamonVM):
        box = BoxLayout(size_hint_y=None, height=dp(150) if vm.eval_steps else dp(8), spacing=dp(10))
        if not vm.eval_steps:
            return box
        _fill(box, (0.98, 0.95, 0.88, 1))
        lines = BoxLayout(orientation="vertical")
        shown = vm.eval_shown
        lines.add_widget(_label(tr("step_of", vm.lang, i=len(shown), n=len(vm.eval_steps)), 14))
        for s in shown[-4:]:
            lines.add_widget(_label(s, 18, bold=s is shown[-1]))
        box.add_widget(lines)
        if len(shown) < len(vm.eval_steps):
            btn = Button(text=tr("next_step", vm.lang), font_size=sp(20), size_hint=(None, None), width=dp(180),
                         height=dp(56))
            btn.bind(on_release=lambda *_: self._next())
            box.add_widget(btn)
        return box

    # ------------------------------------------------------------ taps
    def _confirm(self) -> None:
        self.vm.confirm()
        if self.on_confirm is not None:
            self.on_confirm()
        self.show()

    def _next(self) -> None:
        self.vm.next_step()
        self.show()


# the app shell's hosting contract (ui/hosting.py, docs/contracts.md "App screens")
def new_setup(players, seed: int) -> dict:
    """The journal's setup for the players chosen in the app (names, colours, in
    seat order; the first row starts). The finds are read from the table."""
    return {"game": "pergamon", "players": [{"name": p.name, "colour": p.colour} for p in players],
            "first_player": 0}


def app_screens(host) -> list:
    """Pergamon's screen for the app shell, showing ``host``'s game (ui.hosting.GameHost)."""
    vm = PergamonVM(lang=host.lang)
    vm.update(host.state)
    screen = PergamonScreen(vm)

    def refresh() -> None:
        vm.lang = host.lang
        vm.update(host.state)
        screen.show()

    screen.refresh = refresh
    host.listeners.append(refresh)
    return [screen]
