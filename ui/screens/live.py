"""Live table: camera image with tag outlines, state beside it, board adjustments,
observer messages. Frames arrive through LiveVM's FrameSlot (no decoding here)."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.viewmodels.live import overlays


class LiveScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    def show_frame(self, frame, symbols) -> None:
        vm = App.get_running_app().live_vm
        h, w = frame.shape[:2]
        self.ids.camera.show(frame, overlays(symbols, w, h, vm.lang))
        self.ids.tags.text = vm.tags_text()
        self._camera_lost(vm)

    def refresh(self) -> None:
        vm = App.get_running_app().live_vm
        if vm is None:
            return
        vm.lang = App.get_running_app().lang
        self.ids.status.text = vm.status_text()
        self._fill(self.ids.beats, [(t, None) for t in vm.beat_rows() + [""] + vm.player_rows()])
        self._fill(self.ids.adjust, [(t, (1, 0.85, 0.3, 1)) for t in vm.adjustment_rows()])
        self._fill(self.ids.messages, vm.message_rows())
        if vm.frames_shown == 0:
            self.ids.tags.text = i18n.tr("live.no_camera", vm.lang)
        self._camera_lost(vm)

    def _camera_lost(self, vm) -> None:
        """Camera gone: say so where the tag count was, and show "retry now"."""
        lost = vm.camera_lost()
        btn = self.ids.camera_retry
        btn.opacity, btn.disabled = (1, False) if lost else (0, True)
        btn.height = dp(48) if lost else 0  # a touch target, only while it means something
        if lost:
            self.ids.tags.text = vm.camera_lost_text()

    def retry_camera(self) -> None:
        vm = App.get_running_app().live_vm
        if vm is not None:
            vm.retry_camera()

    @staticmethod
    def _fill(box, rows) -> None:
        box.clear_widgets()
        for text, rgba in rows:
            lab = Factory.RowLabel(text=text)
            if rgba:
                lab.rgba = rgba
            box.add_widget(lab)
