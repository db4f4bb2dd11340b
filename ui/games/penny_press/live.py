"""Live table (docs/ui.md): the status banner (the one thing to do now, in the
active player's colour), the player panels, the board adjustments as a checklist
that ticks itself, the active corrections, the board drawn as beats and story
shapes, the camera image (tag labels and counts behind "camera details")."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.games.penny_press.viewmodels.live import overlays
from ui.games.penny_press.table import current, table_vm
from ui.games.penny_press.widgets import BEAT_RGBA, CheckRow, StoryTile

CORRECTED_RGBA = (1.0, 0.7, 0.1, 1.0)


class LiveScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    def show_frame(self, frame, symbols) -> None:
        vm = table_vm("live_vm")
        h, w = frame.shape[:2]
        self.ids.camera.show_labels = vm.details  # ids and reasons are camera details
        ovs = overlays(symbols, w, h, vm.lang)
        cvm = table_vm("corrections_vm")
        corrected = {v.correction.story for v in cvm.corrections()} if cvm is not None else set()
        if corrected:  # a corrected story's tag is outlined in amber on the image
            ovs = [o.__class__(o.points, o.label, CORRECTED_RGBA, o.ok) if o.label in corrected else o for o in ovs]
        self.ids.camera.show(frame, ovs)
        self.ids.tags.text = vm.tags_text()
        self._camera_lost(vm)
        if vm.snapshot is not None and vm.adjust:
            self._checklist(vm)
            self._banner(vm)

    def toggle_details(self, on: bool) -> None:
        vm = table_vm("live_vm")
        if vm is not None:
            vm.details = on

    def _banner(self, vm) -> None:
        self.ids.status.show(vm.banner())

    def _checklist(self, vm) -> None:
        box = self.ids.adjust
        rows = vm.checklist()
        self.ids.adjust_head.opacity = 1 if rows else 0
        self.ids.adjust_head.height = self.ids.adjust_head.texture_size[1] + dp(8) if rows else 0
        while len(box.children) > len(rows):
            box.remove_widget(box.children[0])
        while len(box.children) < len(rows):
            row = CheckRow()
            row.bind(on_release=self._tick)
            box.add_widget(row)
        for i, (w, (text, done, camera)) in enumerate(zip(reversed(box.children), rows)):
            w.index, w.done = i, done
            w.text = ("✔ " if done else "□ ") + text

    def _tick(self, row) -> None:
        vm = table_vm("live_vm")
        vm.tick(row.index)
        self._checklist(vm)
        self._banner(vm)

    def refresh(self) -> None:
        app = App.get_running_app()
        vm = table_vm("live_vm")
        if vm is None:
            return
        vm.lang = app.lang
        self._banner(vm)
        self.ids.players.show(vm.player_panels())
        self._checklist(vm)
        t = vm.table
        self.ids.results.disabled = not (t is not None and t.finished)
        self._corrections(app)
        board = self.ids.board
        board.clear_widgets()
        for beat, head, stories in vm.board():
            col = Factory.BeatColumn()
            col.add_widget(Factory.HeadLabel(text=head))
            for _sid, text, w, h in stories:
                tile = StoryTile(text=text, bg=list(BEAT_RGBA.get(beat, (0.2, 0.2, 0.2, 1))))
                tile.glyph_w, tile.glyph_h = dp(12) * w, dp(12) * h
                col.add_widget(tile)
            board.add_widget(col)
        box = self.ids.messages
        box.clear_widgets()
        for text, rgba in vm.message_rows():
            box.add_widget(Factory.BodyLabel(text=text, color=rgba))
        if vm.frames_shown == 0:
            self.ids.tags.text = i18n.tr("live.no_camera", vm.lang)
        elif vm.frame is not None and self.ids.camera.texture is None:
            self.show_frame(vm.frame, vm.symbols)
        self._camera_lost(vm)

    def _camera_lost(self, vm) -> None:
        """Camera gone (waited for, the game kept) or never found: the banner says so
        (LiveVM.banner) and a "retry now" button shows under the picture; with no
        camera found, a "Games" button too (the way on: another camera, a recording)."""
        missing = vm.camera_missing()
        lost = vm.camera_lost() or missing
        btn = self.ids.camera_retry
        btn.opacity, btn.disabled = (1, False) if lost else (0, True)
        btn.height = dp(56) if lost else 0
        # no camera found: the way on, as the bar's "Games" (another camera, a recording)
        leave = self.ids.camera_leave
        leave.opacity, leave.disabled = (1, False) if missing else (0, True)
        leave.height = dp(56) if missing else 0

    def leave_game(self) -> None:
        from .widgets import leave_game

        leave_game()

    def retry_camera(self) -> None:
        vm = table_vm("live_vm")
        if vm is not None:
            vm.retry_camera()

    def _corrections(self, app) -> None:
        box = self.ids.corrections
        box.clear_widgets()
        cvm = table_vm("corrections_vm")
        views = cvm.corrections() if cvm is not None else []
        if not views:
            return
        cvm.lang = app.lang
        box.add_widget(Factory.HeadLabel(text=i18n.tr("live.corrections", app.lang)))
        for v in views:
            r = Factory.OverrideRow()
            r.ident, r.text = v.id, cvm.correction_text(v)
            box.add_widget(r)
