"""Go to press (docs/ui.md): the table's banner (the one thing to do now, or who
won), whose paper is shown (one tap per player chooses another), the claimed
stories and scoop points, the suggested page and the page on the mat drawn with
their stories, each with its score line by line and its own "print this paper"
(asked first); "do not go to press" in the final presses (asked first)."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.screens.common import PLAYER_RGBA, ask
from ui.games.penny_press.viewmodels.press import blocks
from ui.games.penny_press.table import current, table_vm


class PressScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return table_vm("press_vm")

    def refresh(self, colour: str | None = None) -> None:
        vm = self.vm
        if vm is None:
            return
        vm.lang = App.get_running_app().lang
        vm.load(colour)
        ids = self.ids
        ids.chooser.clear_widgets()
        for c, name in vm.players():
            b = Factory.ToggleButton(text=name, group="press-player", font_size="18sp",
                                     background_color=PLAYER_RGBA.get(c, (1, 1, 1, 1)),
                                     state="down" if c == vm.colour else "normal", allow_no_selection=False)
            b.colour = c
            b.bind(on_release=lambda btn: self.choose(btn.colour))
            ids.chooser.add_widget(b)
        self._banner()
        ids.shown.text = vm.shown_text()
        ids.claimed.text = vm.claimed_text()
        ids.scoop.clear_widgets()
        for row in vm.scoop_rows():
            ids.scoop.add_widget(Factory.BodyLabel(text=row))
        pages = vm.pages()
        self._pages = pages
        for k, (grid, title, lines, button, box) in enumerate(
                ((ids.suggested, ids.title0, ids.lines0, ids["print"], ids.page0),
                 (ids.mat, ids.title1, ids.lines1, ids.print_mat, ids.page1))):
            which, head, page = pages[k] if k < len(pages) else ("", "", None)
            box.opacity = 1 if which else 0
            box.disabled = not which
            title.text = head
            grid.blocks = blocks(page, vm.lang) if page else []
            lines.clear_widgets()
            if which:
                for text in vm.page_texts(page):
                    lines.add_widget(Factory.BodyLabel(text=text))
            button.disabled = page is None
        if not pages:
            ids.title0.text = vm.error or i18n.tr("press.none_claimed", vm.lang)
        ids.job.text = vm.job_text()
        ids.decline.disabled = not vm.can_decline()
        ids.decline.confirm(vm.decline_confirm())

    def _banner(self) -> None:
        """The table's banner (LiveVM.banner): the one thing the active player does
        now in their colour, or at the end who won with the panels' totals; never
        the paper shown below (another player's, chosen by a tap)."""
        live = table_vm("live_vm")
        if live is not None:
            live.lang = self.vm.lang
            self.ids.heading.show(live.banner())

    def choose(self, colour: str) -> None:
        if self.vm and colour:
            self.vm.job = None
            self.refresh(colour)

    def ask_print(self, k: int) -> None:
        vm = self.vm
        if k >= len(getattr(self, "_pages", [])):
            return
        which = self._pages[k][0]
        ask(i18n.tr("ask.print", vm.lang, name=vm.name(vm.colour)), lambda: self.print_paper(which))

    def print_paper(self, which: str = "suggested") -> None:
        self.vm.print_page(which)
        self.ids.job.text = self.vm.job_text()
        App.get_running_app().play("press")

    def ask_decline(self) -> None:
        """What a tap on the decline button does: ask first, then :meth:`decline`."""
        self.ids.decline.dispatch("on_release")

    def decline(self) -> None:
        self.vm.decline()
        current().state_changed()
        self.refresh()
