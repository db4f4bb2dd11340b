"""Settings (docs/ui.md): language, printer (kind, address, paper, darkness, cut),
sound, camera; the printer profile and the tag size check behind "camera
details". Choices are buttons, counts are steppers; what follows from a pick (the
printer's page width, cutter, darkness choices) shows at once
(ui.viewmodels.settings.printer_draft / printer_facts); Save applies the picks,
Cancel or leaving the screen drops them."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.viewmodels.settings import (DARKNESS_CHOICES, PRINTER_KINDS, WIDTHS, cut_options, cuts, darkness_choices,
                                   darkness_label, paper_mm, printer_draft, printer_facts, printer_profiles)


class SettingsScreen(Screen):
    pending: dict = {}
    _refreshing = False

    #: the screen Settings was opened from when it was the start screen ("start"), else ""
    came_from = ""

    def on_pre_enter(self, *_a):
        self.pending = {}
        out = getattr(getattr(self.manager, "transition", None), "screen_out", None)
        self.came_from = "start" if getattr(out, "name", "") == "start" else ""
        self._show_nav()
        self.refresh()

    def _show_nav(self) -> None:
        """The bar's buttons to screens the open game has; the table's always (back to
        the game: App.go shows its first screen), the others hidden when it has none.
        Opened from the start screen: only Back (to the start screen), as wide as the
        bar, whether or not a game is open."""
        app = App.get_running_app()
        has = getattr(app, "has_screen", None)
        from_start = self.came_from == "start"
        back = self.ids.back
        back.opacity, back.disabled = (1, False) if from_start else (0, True)
        back.size_hint_x, back.width = (1, back.width) if from_start else (None, 0)
        nav = self.ids.nav
        nav.opacity, nav.disabled = (0, True) if from_start else (1, False)
        nav.size_hint_x, nav.width = (None, 0) if from_start else (1, nav.width)
        for b in nav.walk(restrict=True):
            target = getattr(b, "target", "")
            if not target or has is None or target in ("live", "settings"):
                continue
            there = bool(has(target))
            b.opacity, b.disabled = (1, b.disabled) if there else (0, True)
            b.size_hint_x, b.width = (1, b.width) if there else (None, 0)

    def back(self) -> None:
        """Back to the screen Settings was opened from (the start screen)."""
        App.get_running_app().go(self.came_from or "live")

    def on_leave(self, *_a):
        self.cancel(refresh=False)  # a pick not saved is not kept

    def draft(self):
        """The printer as picked, before Save (printer_draft)."""
        return printer_draft(self.vm.settings.printer, self.pending)

    @property
    def vm(self):
        return App.get_running_app().settings_vm

    def value(self, name: str):
        """A setting as the screen shows it: the printer's fields from the draft (the
        picks and what follows from them), the others as picked, else as saved."""
        if name == "cut":  # what the printer does: no cutter, no cut (ui.viewmodels.settings.cuts)
            return cuts(self.draft())
        if name in ("kind", "width", "darkness", "profile"):
            return getattr(self.draft(), name)
        s = self.vm.settings
        current = {"lang": App.get_running_app().lang, "mute": s.mute, "camera": s.camera,
                   "min_module_px": s.min_module_px, "camera_mode": s.camera_mode}
        return self.pending.get(name, current[name])

    def _choices(self, box, name: str, options, allowed=None) -> None:
        box.clear_widgets()
        for value, label in options:
            b = Factory.ToggleButton(text=label, font_size="18sp", group=f"set-{name}", allow_no_selection=False,
                                     state="down" if value == self.value(name) else "normal",
                                     disabled=allowed is not None and value not in allowed)
            b.text_size = (None, None)
            b.bind(on_release=lambda btn, v=value: self.pick(name, v))
            box.add_widget(b)

    def pick(self, name: str, value) -> None:
        self.pending.pop(name, None)  # picks apply in the order made (printer_draft)
        self.pending[name] = value
        self.refresh()

    def pick_profile(self, text: str) -> None:
        """The profile spinner's pick: what depends on it shows at once."""
        if self._refreshing or text == self.value("profile"):
            return
        self.pick("profile", text)

    def cancel(self, refresh: bool = True) -> None:
        """Drop every pick not saved."""
        self.pending = {}
        if refresh:
            self.refresh()

    def refresh(self) -> None:
        self._refreshing = True
        try:
            self._refresh()
        finally:
            self._refreshing = False

    def _refresh(self) -> None:
        app = App.get_running_app()
        vm = self.vm
        vm.lang = app.lang
        lang, ids = app.lang, self.ids
        draft = self.draft()
        self._choices(ids.lang, "lang", [(c, i18n.tr(f"lang.{c}", lang)) for c in i18n.LANGS])
        self._choices(ids.kind, "kind", [(k, i18n.tr(f"printer.{k}", lang)) for k in PRINTER_KINDS])
        self._choices(ids.width, "width", [(w, i18n.tr(f"paper.{w}", lang)) for w in WIDTHS])
        dark = list(DARKNESS_CHOICES)
        if self.value("darkness") not in dark:     # a step set elsewhere (the CLI's scale): shown as "+2"
            dark.append(self.value("darkness"))
        self._choices(ids.darkness, "darkness", [(d, darkness_label(d, lang)) for d in dark],
                      allowed=darkness_choices(draft.profile) if draft.profile else None)
        options, allowed = cut_options(draft, lang)
        self._choices(ids.cut, "cut", options, allowed=allowed)
        self._choices(ids.sound, "mute", [(False, i18n.tr("sound.on", lang)), (True, i18n.tr("sound.off", lang))])
        if "target" not in self.pending:
            ids.target.text = vm.settings.printer.target
        ids.profile.values = printer_profiles()
        ids.profile.text = draft.profile
        facts = printer_facts(draft, lang)
        if draft.profile != self.pending.get("profile", vm.settings.printer.profile):  # the paper's usual one
            facts += "\n" + i18n.tr("set.profile_for_paper", lang, profile=draft.profile, mm=paper_mm(draft.width))
        ids.printer_facts.text = facts
        ids.cancel.disabled = not self.pending
        cam = self.value("camera")
        ids.camera.text = i18n.tr("set.camera_no", lang, n=(cam if cam is not None else 0) + 1)
        self._mode_rows(lang)
        ids.min_module.text = i18n.tr("set.min_tag", lang, px=f"{self.value('min_module_px'):g}")
        ids.status.text = (i18n.tr("set.unsaved", lang) if self.pending
                           else vm.status or i18n.tr("set.heading", lang))

    def _mode_rows(self, lang: str) -> None:
        """The camera's modes as big rows (found on "find"), the chosen one down, and
        what the open camera gives (session.camera_mode)."""
        vm, box = self.vm, self.ids.modes
        box.clear_widgets()
        chosen = self.value("camera_mode")
        rows = [("", i18n.tr("set.mode_default", lang))] + list(getattr(vm, "modes", []))
        for value, label in rows:
            b = Factory.ToggleButton(text=label, font_size="18sp", group="set-camera_mode", size_hint_y=None,
                                     height="56dp", allow_no_selection=False,
                                     state="down" if value == chosen else "normal")
            b.bind(on_release=lambda btn, v=value: self.pick("camera_mode", v))
            box.add_widget(b)
        session = App.get_running_app().session
        granted = getattr(session, "camera_mode", None) if session is not None else None
        saved, vm.settings.camera_mode = vm.settings.camera_mode, chosen
        try:
            self.ids.mode_report.text = vm.mode_report(granted)
        finally:
            vm.settings.camera_mode = saved
        self.ids.mode_detail.text = "\n".join(v for v, _ in rows if v)  # pixel formats: camera details only

    def find_modes(self) -> None:
        """Ask the chosen camera for its modes (takes a moment; not while a game reads it)."""
        saved, self.vm.settings.camera = self.vm.settings.camera, self.value("camera")
        try:
            found = self.vm.camera_mode_rows()
        finally:
            self.vm.settings.camera = saved
        if not found:
            self.vm.status = i18n.tr("set.modes_none", App.get_running_app().lang)
        self.refresh()

    def camera_step(self, delta: int) -> None:
        cam = self.value("camera") or 0
        self.pending["camera"] = max(0, min(9, cam + delta))
        self.refresh()

    def module_step(self, delta: float) -> None:
        self.pending["min_module_px"] = max(1.0, min(20.0, self.value("min_module_px") + delta))
        self.refresh()

    def save(self) -> None:
        ids = self.ids
        app = App.get_running_app()
        draft = self.draft()
        switched = draft.profile != self.pending.get("profile", self.vm.settings.printer.profile)
        ok = self.vm.update(kind=draft.kind, target=ids.target.text, profile=draft.profile,
                            width=draft.width, darkness=draft.darkness, cut=draft.cut,
                            camera=self.value("camera"), min_module_px=self.value("min_module_px"),
                            lang=self.value("lang"), mute=self.value("mute"),
                            camera_mode=self.value("camera_mode"))
        if ok:
            if switched:  # the paper's usual profile came with the paper picked: said again
                self.vm.status += "\n" + i18n.tr("set.profile_for_paper", self.vm.lang, profile=draft.profile,
                                                   mm=paper_mm(draft.width))
            self.vm.apply_camera_mode()
            self.pending = {}
            app.apply_settings(self.vm.settings)
        self.refresh()

    def check_tags(self) -> None:
        app = App.get_running_app()
        symbols = getattr(app.game, "symbols", None) or ()  # the tags in the game's latest camera picture
        self.ids.tag_report.text = self.vm.tag_report(symbols)
