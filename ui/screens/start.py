"""Start screen (docs/ui.md): language, game (registry games with app screens), a
bundled recording by name (its players prefilled), saved players with one tap,
players (name, paper, colour by a tap, who starts), camera stepper, newsboy strike
variant; Start; resume an unfinished game (named by game and players)."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.screens.common import PLAYER_INK, PLAYER_RGBA, keep_only


#: the unfinished games listed before "Show n older games" (the newest first)
RESUME_SHOWN = 5


class StartScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().start_vm

    error_text = ""  # the last refusal shown in the banner ("" when none)
    _error_again = None  # re-words the refusal after a language switch
    _resume_all = False  # the older unfinished games shown too (one tap on "Show n older games")

    def _say(self, text: str, again=None) -> None:
        self.error_text, self._error_again = text, again
        ids = self.ids
        ids.error.text = text or i18n.tr("start.heading", self.vm.lang)
        ids.error.paint(None)
        if text:
            ids.error.bg = [0.6, 0.15, 0.1, 1]

    def _choices(self, box, options, current, on_pick) -> None:
        box.clear_widgets()
        for value, label in options:
            b = Factory.ToggleButton(text=label, font_size="18sp", group=f"start-{box.uid}",
                                     allow_no_selection=False, state="down" if value == current else "normal")
            b.bind(on_release=lambda btn, v=value: on_pick(v))
            box.add_widget(b)

    def show_all_resumable(self) -> None:
        """List every unfinished game, not only the newest :data:`RESUME_SHOWN`."""
        self._resume_all = True
        self.refresh()

    def refresh(self) -> None:
        """Everything from the view-model (on entering the screen, language switch)."""
        vm = self.vm
        app = App.get_running_app()
        vm.set_lang(app.lang)
        ids = self.ids
        self._choices(ids.lang, [(c, i18n.tr(f"lang.{c}", vm.lang)) for c in i18n.LANGS], app.lang,
                      lambda c: app.set_lang(c))
        self._choices(ids.game, vm.games(), vm.game, self.choose_game)
        ids.recordings.clear_widgets()
        for name, label in vm.recordings():
            b = Factory.BigButton(text=label)
            b.recording = name
            if name == vm.recording_name:
                b.background_color = (0.3, 0.6, 1, 1)
            b.bind(on_release=lambda btn: self.choose_recording(btn.recording))
            ids.recordings.add_widget(b)
        fields = vm.fields()  # the chosen game's own fields (registry)
        keep_only(ids.form,
                  ([] if "recordings" in fields else [ids.recordings_head, ids.recordings])
                  + ([] if "strike" in fields else [ids.strike])
                  + ([] if "camera" in fields else [ids.camera_row, ids.details, ids.details_box]))
        if "camera" not in fields:
            ids.details.state = "normal"
        self.refresh_options()
        self.refresh_saved()
        self.refresh_players()
        ids.recording.text = vm.recording or ""
        ids.camera.text = "" if vm.source_camera() is None else str(vm.source_camera())
        self._camera_text()
        ids.strike.state = "down" if vm.variant_strike else "normal"
        rbox = ids.resume
        rbox.clear_widgets()
        files = vm.resumable()
        if not files:
            rbox.add_widget(Factory.BodyLabel(text=i18n.tr("start.resume_none", vm.lang)))
        shown = files if self._resume_all else files[:RESUME_SHOWN]
        for f in shown:
            b = Factory.ResumeButton(text=vm.resume_label(f))
            b.path = str(f)
            rbox.add_widget(b)
        if len(files) > len(shown):  # the older ones one tap away, never out of reach
            more = Factory.Button(text=i18n.trn("start.resume_more", vm.lang, len(files) - len(shown)),
                                  size_hint_y=None, height=dp(56), font_size="18sp", halign="center",
                                  background_color=(0.3, 0.32, 0.38, 1))
            more.bind(width=lambda w, v: setattr(w, "text_size", (max(1, v - dp(12)), None)),
                      texture_size=lambda w, ts: setattr(w, "height", max(dp(56), ts[1] + dp(12))),
                      on_release=lambda *_a: self.show_all_resumable())
            rbox.add_widget(more)
        if vm.unreadable_text():  # said, not offered: no button to a game that cannot be opened
            rbox.add_widget(Factory.BodyLabel(text=vm.unreadable_text()))
        if self._error_again is not None:  # a refusal on screen follows the language
            self._say(self._error_again() or "", self._error_again)
        elif not ids.error.text or ids.error.text in {i18n.tr("start.heading", c) for c in i18n.LANGS}:
            self._say("")

    def refresh_options(self) -> None:
        """The chosen game's own setup choices (a game may offer setup options:
        ui.hosting.setup_options), one row of choices each under its label."""
        box = self.ids.options
        box.clear_widgets()
        for key, label, values, current in self.vm.setup_options():
            box.add_widget(Factory.HeadLabel(text=label))
            row = Factory.ChoiceRow()
            self._choices(row, values, current, lambda v, k=key: self.vm.choose_option(k, v))
            box.add_widget(row)

    def _camera_text(self) -> None:
        vm = self.vm
        on = vm.recording is None and vm.source_camera() is not None
        self.ids.camera_button.text = (i18n.tr("set.camera_no", vm.lang, n=(vm.camera or 0) + 1) if on
                                       else i18n.tr("start.source_camera", vm.lang))

    def refresh_saved(self) -> None:
        box = self.ids.saved
        box.clear_widgets()
        saved = self.vm.saved_players()
        self.ids.saved_head.opacity = 1 if saved else 0
        for i, p in enumerate(saved):
            b = Factory.BigButton(text=p.name, background_color=PLAYER_RGBA.get(p.colour, (1, 1, 1, 1)))
            b.index = i
            b.bind(on_release=lambda btn: self.pick_saved(btn.index))
            box.add_widget(b)

    def refresh_players(self) -> None:
        """Rebuild the player rows only (typed camera/recording stay as they are),
        under a heading with the chosen game's player count; Add player only while
        the game takes one more."""
        vm = self.vm
        box = self.ids.players
        box.clear_widgets()
        self.ids.players_head.text = vm.players_heading()
        self.ids.add.disabled = not vm.can_add_player()
        fields = vm.fields()
        for i, p in enumerate(vm.players):
            row = Factory.PlayerRow()
            row.index = i
            row.screen = self
            row.ids.name.text = p.name
            row.ids.paper.text = p.paper
            self._paint_colour(row, p.colour)
            row.ids.first.state = "down" if i == vm.first_player else "normal"
            self._shape_row(row, fields)
            box.add_widget(row)

    @staticmethod
    def _shape_row(row, fields) -> None:
        """A player row with the chosen game's fields only (name always; colour,
        newspaper, who starts when the game has them); one line when the second
        would hold only the remove button."""
        ids = row.ids
        keep_only(ids.first_line, [] if "colour" in fields else [ids.colour])
        second = [w for w, f in ((ids.paper, "paper"), (ids.first, "first_player")) if f not in fields]
        keep_only(ids.second_line, second)
        if len(second) == 2:  # only the remove button left: it joins the first line
            remove = ids.second_line.children[0]
            ids.second_line.remove_widget(remove)
            ids.first_line.add_widget(remove)
            row.remove_widget(ids.second_line)
            row.height = dp(56)

    def _paint_colour(self, row, colour: str) -> None:
        row.ids.colour.text = i18n.colour(colour, self.vm.lang)
        row.ids.colour.background_normal = ""
        row.ids.colour.background_color = PLAYER_RGBA.get(colour, (1, 1, 1, 1))
        row.ids.colour.color = PLAYER_INK.get(colour, (1, 1, 1, 1))

    def player_changed(self, index: int, field: str, value: str) -> None:
        if index < len(self.vm.players):
            if field == "colour":
                value = i18n.code_for("colour.", value, self.vm.lang, list(PLAYER_RGBA))
            self.vm.set_player(index, **{field: value})
            if self._error_again is None and field in ("name", "paper") and self.vm.glyph_problem(index):
                self._error_again = self.vm.first_glyph_problem  # a character that cannot be drawn: said at once
            if self._error_again is not None:  # the refusal follows what is typed
                text = self._error_again() or ""
                self._say(text, self._error_again if text else None)

    def cycle_colour(self, index: int) -> None:
        self.vm.next_colour(index)
        self.refresh_players()

    def set_first(self, index: int) -> None:
        self.vm.first_player = index

    def choose_game(self, game: str) -> None:
        """Another game: its fields, and the player rows and count its own at once
        (StartVM.choose_game); a refusal about the players of the game before goes."""
        self.vm.choose_game(game)
        if self._error_again is None:
            self.error_text = ""
            self.ids.error.text = ""
        self.refresh()

    def open_settings(self) -> None:
        """Settings (language, printer, camera) from here; its Back returns here."""
        App.get_running_app().go("settings")

    def choose_recording(self, name: str) -> None:
        self.vm.choose_recording(name)
        self.refresh()

    def pick_saved(self, index: int) -> None:
        self.vm.pick_saved(index)
        self.refresh_players()

    def use_camera(self) -> None:
        vm = self.vm
        vm.recording, vm.recording_name = None, None
        vm.choose_camera(vm.camera or 0)
        self.ids.recording.text = ""
        self.refresh()

    def camera_step(self, delta: int) -> None:
        vm = self.vm
        vm.choose_camera(max(0, min(9, (vm.camera or 0) + delta)))
        vm.recording, vm.recording_name = None, None
        self.ids.recording.text = ""
        self.refresh()

    def add_player(self) -> None:
        try:
            self.vm.add_player()
        except ValueError as exc:
            self._say(str(exc), lambda: "")  # about these rows: gone once the rows change (another game)
        self.refresh_players()

    def remove_player(self, index: int) -> None:
        self.vm.remove_player(index)
        self.refresh_players()

    def read_source(self) -> None:
        vm = self.vm
        cam = self.ids.camera.text.strip()
        typed = self.ids.recording.text.strip() or None
        if typed != vm.recording:
            vm.recording, vm.recording_name = typed, None
        if cam.isdigit() and int(cam) != vm.source_camera():
            vm.choose_camera(int(cam))
        elif not cam and typed:
            vm.camera = None
        vm.variant_strike = self.ids.strike.state == "down"

    def begin(self, resume: str | None = None) -> None:
        self.read_source()
        app = App.get_running_app()
        try:
            cfg = self.vm.config(resume=resume)
        except ValueError as exc:
            self._say(str(exc), lambda: (self.vm.validate() or [""])[0])
            return
        err = app.open_session(cfg)
        if err:
            self._say(err)
            app.play("error")
        elif resume is None:
            self.vm.remember_players()
