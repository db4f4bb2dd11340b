"""Settings: printer (kind, target, profile, width, darkness, cut), camera, tag size
check on the current frame, language."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.viewmodels.settings import PRINTER_KINDS, WIDTHS, printer_profiles


class SettingsScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().settings_vm

    def refresh(self) -> None:
        app = App.get_running_app()
        vm = self.vm
        vm.lang = app.lang
        s, ids = vm.settings, self.ids
        ids.kind.values = [i18n.tr(f"printer.{k}", app.lang) for k in PRINTER_KINDS]
        ids.kind.text = i18n.tr(f"printer.{s.printer.kind}", app.lang)
        ids.target.text = s.printer.target
        ids.profile.values = printer_profiles()
        ids.profile.text = s.printer.profile
        ids.width.values = [str(w) for w in WIDTHS]
        ids.width.text = str(s.printer.width)
        ids.darkness.values = [i18n.tr(f"darkness.{i}", app.lang) for i in range(3)]
        ids.darkness.text = i18n.tr(f"darkness.{s.printer.darkness}", app.lang)
        ids.cut.active = s.printer.cut
        ids.camera.text = "" if s.camera is None else str(s.camera)
        ids.min_module.text = f"{s.min_module_px:g}"
        ids.lang.values = [i18n.tr(f"lang.{code}", app.lang) for code in i18n.LANGS]
        ids.lang.text = i18n.tr(f"lang.{app.lang}", app.lang)
        ids.status.text = vm.status

    def save(self) -> None:
        ids = self.ids
        app = App.get_running_app()
        darkness = ids.darkness.values.index(ids.darkness.text) if ids.darkness.text in ids.darkness.values else 1
        cam = ids.camera.text.strip()
        try:
            kind = i18n.code_for("printer.", ids.kind.text, app.lang, PRINTER_KINDS)
        except ValueError:
            kind = ids.kind.text  # the view-model names what is wrong
        ok = self.vm.update(kind=kind, target=ids.target.text, profile=ids.profile.text,
                            width=ids.width.text, darkness=darkness, cut=ids.cut.active,
                            camera=int(cam) if cam.isdigit() else None,
                            min_module_px=ids.min_module.text or "0", lang=self._lang_code(ids.lang.text))
        if ok:
            app.apply_settings(self.vm.settings)
        ids.status.text = self.vm.status

    @staticmethod
    def _lang_code(label: str) -> str:
        lang = App.get_running_app().lang
        for code in i18n.LANGS:
            if label in (code, i18n.tr(f"lang.{code}", lang)):
                return code
        return label  # unknown: the view-model reports it

    def check_tags(self) -> None:
        app = App.get_running_app()
        symbols = app.live_vm.symbols if app.live_vm else ()
        self.ids.tag_report.text = self.vm.tag_report(symbols)
