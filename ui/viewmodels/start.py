"""Start screen view-model (Kivy-free): game, players, language, camera, printer,
resume an unfinished game."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ui import i18n
from ui.viewmodels.protocol import COLOURS, PlayerSetup, PrinterSettings, SessionConfig

JOURNAL_SUFFIXES = (".sqlite",)


@dataclass(frozen=True)
class SavedGame:
    """A game in the journal folder as the resume list shows it, read without
    writing anything (companion.journal.Journal.open read-only): its file, game id,
    players' names (as given; colour codes when unnamed, "" without either), the Unix time (s) of its
    last event (when it was last played, from the journal itself), whether it is
    over, and ``elsewhere``: it is open for writing on another screen now
    (companion.journal.writer_of)."""

    path: Path
    game: str
    names: tuple[str, ...]
    last_played: float
    over: bool
    elsewhere: bool


def colour_word(name: str, colour: str | None = None) -> str | None:
    """The colour code when ``name`` is no person's name but a colour: a colour code
    or a colour's name in any of the app's languages (what the start screen fills in
    for a recording's players: ``Rojo``, ``红``); only ``colour``'s own when given.
    None for a person's name."""
    text = name.strip().casefold()
    for c in ((colour,) if colour else COLOURS):
        if text == c or (c in COLOURS and any(text == i18n.colour(c, lang).casefold() for lang in i18n.LANGS)):
            return c
    return None


def _named(p: PlayerSetup) -> PlayerSetup:
    """A player as the session gets it: a name that is only the player's colour
    (:func:`colour_word`) becomes the colour code, the app's "no name", so every
    language names them by their colour and it is never saved as a person; the paper
    defaults to the name only when a name was typed."""
    name, paper = p.name.strip(), p.paper.strip()
    if colour_word(name, p.colour):
        return replace(p, name=p.colour, paper=paper)
    return replace(p, name=name, paper=paper or name)


def read_saved_game(path: Path) -> SavedGame | None:
    """The :class:`SavedGame` of the journal ``path``; None when it is no journal
    this version can read. Only reads: no byte of the journal, its ``-wal`` or its
    ``-shm`` changes."""
    from companion.errors import CompanionError
    from companion.journal import Journal, writer_of

    try:
        with Journal.open(path, readonly=True) as j:  # only looks: never writes
            if j.state is None:
                return None
            names = tuple(getattr(p, "name", "") or getattr(p, "colour", "") for p in getattr(j.state, "players", ()))
            return SavedGame(Path(path), j.game, names, j.last_event_at, bool(getattr(j.state, "is_over", False)),
                             writer_of(path) is not None)
    except (CompanionError, OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # not a journal we can read: not offered


def undrawable(text: str) -> tuple[int, bool] | None:
    """Where ``text`` (a name as typed) has a character that the app cannot show or
    the pages cannot print (ui.fonts.missing_glyphs: no face of the fallback chain
    has it; a control, unassigned or private-use character): ``(position, emoji)``
    of the first such, the position counted in characters as a player sees them
    (a letter with its accents, an emoji with its modifiers: 1-based), ``emoji``
    True when it is an emoji (no monochrome drawing of it here); None when every
    character can be drawn."""
    from printing.fonts import clusters, is_emoji
    from ui.fonts import missing_glyphs

    gone = set(missing_glyphs(text))
    if not gone:
        return None
    for pos, cluster in enumerate(clusters(text), 1):
        if gone & set(cluster):
            return pos, is_emoji(cluster)
    return None


def default_players_path() -> Path:
    """The saved players file (platformdirs' user config dir)."""
    from platformdirs import user_config_dir
    return Path(user_config_dir("table-companion")) / "players.json"


def app_games() -> list:
    """The registry's games whose screens module (``GameSpec.screens``) offers
    ui.hosting's contract, in the registry's order (the default game first)."""
    from companion import registry
    from ui import hosting
    return [g for g in registry.games().values() if hosting.hosts(g)]


def default_journal_dir() -> Path:
    """Where ui.session writes new game journals when none is chosen
    (platformdirs' user data dir + ``games``)."""
    from platformdirs import user_data_dir
    return Path(user_data_dir("table-companion")) / "games"


class StartVM:
    """Holds the choices of the start screen and turns them into a SessionConfig.

    Texts (errors) come in ``lang``. ``validate()`` lists every problem;
    ``config()`` raises ValueError with the first one.
    """

    def __init__(self, lang: str = "en", camera: int | None = 0, recording: str | None = None,
                 printer: PrinterSettings | None = None, journal_dir: str | Path | None = None):
        self.lang = i18n.check_lang(lang)
        from companion import registry

        self.game = registry.default().id
        self.players: list[PlayerSetup] = [PlayerSetup("red", ""), PlayerSetup("blue", "")]
        self.camera = camera
        self.camera_chosen = False  # a camera chosen on this screen (or the command line)
        self.recording = recording
        self.printer = printer or PrinterSettings()
        self.journal_dir = Path(journal_dir) if journal_dir else default_journal_dir()
        self.variant_strike = False
        self.min_module_px = 3.5
        self.first_player = 0
        self.players_path = default_players_path()
        self.recording_name: str | None = None  # a bundled recording chosen by name
        self.game_options: dict = {}  # a hosted game's setup options (ui.hosting.setup_options)

    # games, saved players, bundled recordings ------------------------------------
    def games(self) -> list[tuple[str, str]]:
        """(id, name in ``lang``) of the games with app screens."""
        return [(g.id, g.name(self.lang)) for g in app_games()]

    def choose_game(self, game: str) -> None:
        """Play ``game`` (a registry id with app screens; ValueError otherwise). The
        player rows follow its player count at once: rows past its most players go
        (the last ones; names typed in the rows kept stay), empty rows are added up
        to its fewest; who starts falls back to the first row when that row went."""
        if game not in dict(self.games()):
            raise ValueError(f"no app screens for {game!r}")
        if game != self.game:
            self.game_options = {}
        self.game = game
        if self.recording_name is not None and self.recording_name not in self.spec().recordings:
            self.recording = self.recording_name = None  # another game's recording
        if "strike" not in self.fields():
            self.variant_strike = False  # a variant of another game
        self.fit_players()

    def fit_players(self) -> None:
        """The player rows within the chosen game's count (:meth:`player_range`):
        the rows past its most go, empty rows in free colours up to its fewest."""
        low, high = self.player_range()
        del self.players[high:]
        while len(self.players) < low and len(self.players) < len(COLOURS):
            self.add_player()
        if self.first_player >= len(self.players):
            self.first_player = 0

    def players_heading(self) -> str:
        """The players' heading with the chosen game's count, in ``lang``
        ("Players · 2 to 4")."""
        low, high = self.player_range()
        return i18n.tr("start.players_range", self.lang, low=low, high=high)

    def can_add_player(self) -> bool:
        """True while the chosen game takes one more player (and a colour is free)."""
        return len(self.players) < min(self.player_range()[1], len(COLOURS))

    def spec(self):
        """The chosen game's registry entry (companion.registry.GameSpec)."""
        from companion import registry
        return registry.get(self.game)

    def player_range(self) -> tuple[int, int]:
        """(fewest, most) players of the chosen game."""
        spec = self.spec()
        return spec.min_players, spec.max_players

    def hosted(self) -> bool:
        """True when the players set the chosen game up here and it can be played
        by taps: no camera or recording needed to start. False for a game the camera
        sets up (ui.hosting.camera_sets_up: a camera or recording is needed)."""
        from ui import hosting
        spec = self.spec()
        return hosting.hosts(spec) and not hosting.camera_sets_up(spec)

    def fields(self) -> frozenset[str]:
        """The start screen's fields the chosen game uses, from its registry entry:
        ``paper`` / ``colour`` (its players have a newspaper / a colour: fields of
        the rules' PlayerSpec), ``recordings`` (it has bundled recordings),
        ``camera`` (the app reads it through the camera: a game with an observer
        that the camera sets up, or whose screens module asks for a camera session,
        ``CAMERA = True``; else it is read by taps), ``first_player`` (who starts is
        chosen here: a game the camera sets up; a game whose ``new_setup`` takes only
        the players chooses its own), ``strike`` (a ``strike`` variant in its rules'
        ``setup_to_dict``)."""
        import dataclasses
        import inspect

        spec = self.spec()
        rules = spec.rules_module()
        out = set()
        player_spec = getattr(rules, "PlayerSpec", None)
        if player_spec is not None and dataclasses.is_dataclass(player_spec):
            out |= {f.name for f in dataclasses.fields(player_spec)} & {"paper", "colour"}
        if self.recordings():
            out.add("recordings")
        if spec.observer and (not self.hosted() or self._hosted_camera()):
            out.add("camera")
        if not self.hosted():
            out.add("first_player")
            setup = getattr(rules, "setup_to_dict", None)
            if setup is not None and "strike" in inspect.signature(setup).parameters:
                out.add("strike")
        return frozenset(out)

    def _hosted_camera(self) -> bool:
        from ui import hosting
        return bool(getattr(hosting.screens_module(self.spec()), "CAMERA", False))

    def source_camera(self) -> int | None:
        """The camera index the chosen game reads: on the built-in screens the camera
        set (saved settings or chosen); a hosted game is played by taps, so it gets a
        camera only when one was chosen for it (:meth:`choose_camera`, the command
        line's ``--camera``), else None (no camera session)."""
        if self.hosted() and not self.camera_chosen:
            return None
        return self.camera

    def choose_camera(self, index: int | None) -> None:
        """The players choose camera ``index`` (0-based; None: no camera)."""
        self.camera = index
        self.camera_chosen = index is not None

    def saved_players(self) -> list[PlayerSetup]:
        """Players saved from earlier games, newest first (a broken file: none)."""
        import json
        try:
            rows = json.loads(self.players_path.read_text(encoding="utf-8"))
            return [PlayerSetup(r["colour"] if r.get("colour") in COLOURS else "red", str(r["name"]),
                                str(r.get("paper", ""))) for r in rows
                    if str(r.get("name", "")).strip() and not colour_word(str(r["name"]))]
        except (OSError, ValueError, TypeError, KeyError):
            return []

    def remember_players(self) -> None:
        """Save this game's named players first in the saved list (12 at most)."""
        import json
        named = [p for p in self.players if p.name.strip() and not colour_word(p.name, p.colour)]
        keep = named + [p for p in self.saved_players() if p.name not in {q.name for q in named}]
        try:
            self.players_path.parent.mkdir(parents=True, exist_ok=True)
            self.players_path.write_text(json.dumps([{"name": p.name, "colour": p.colour, "paper": p.paper}
                                                     for p in keep[:12]], ensure_ascii=False, indent=1),
                                         encoding="utf-8")
        except OSError:
            pass  # not saving the list never stops a game

    def pick_saved(self, index: int) -> PlayerSetup | None:
        """One tap on a saved player: fills the first row without a name (or adds a
        row), keeping the saved colour when it is free. None when already in or full."""
        saved = self.saved_players()[index]
        if any(p.name == saved.name for p in self.players):
            return None
        used = {p.colour for p in self.players if p.name.strip()}
        colour = saved.colour if saved.colour not in used else next(c for c in COLOURS if c not in used)
        row = PlayerSetup(colour, saved.name, saved.paper)
        empty = next((i for i, p in enumerate(self.players) if not p.name.strip()), None)
        if empty is None:
            if len(self.players) >= self.player_range()[1]:
                return None
            self.players.append(row)
        else:
            self.players[empty] = row
        # another empty row holding that colour takes a free one
        for i, p in enumerate(self.players):
            if p is not row and p.colour == colour:
                free = [c for c in COLOURS if c not in {q.colour for q in self.players}]
                if free:
                    self.players[i] = replace(p, colour=free[0])
        return row

    def recordings(self) -> list[tuple[str, str]]:
        """(name, label) of the bundled recordings of the chosen game."""
        from companion import registry
        from play import recordings
        spec = registry.get(self.game)
        bundled = recordings.names()
        return [(name, i18n.trn("start.recording_label", self.lang, recordings.player_count(name),
                                game=spec.name(self.lang)))
                for name in spec.recordings if name in bundled]

    def choose_recording(self, name: str) -> None:
        """Play a bundled recording: its video, its players prefilled (a name only
        when the recording gives one; else the colour), who starts."""
        from companion.naming import given_name
        from play.demo import load_recording
        from play.recordings import recording_dir
        rec = load_recording(recording_dir(name))
        self.recording, self.recording_name = str(rec.source), name
        self.game = rec.game
        def field(p, name: str, default: str = "") -> str:  # a PlayerSpec, or a setup's dict
            value = p.get(name) if isinstance(p, dict) else getattr(p, name, None)
            return str(value or default)

        self.players = []
        for i, p in enumerate(rec.players):
            colour = field(p, "colour", COLOURS[i % len(COLOURS)])
            self.players.append(PlayerSetup(colour, given_name(field(p, "name")) or i18n.person(colour, self.lang),
                                            field(p, "paper")))
        self.first_player = rec.first_player or 0
        self.variant_strike = bool((rec.setup or {}).get("strike"))
        from ui import hosting
        self.game_options = hosting.recording_options(self.spec(), rec.setup or {})

    def setup_options(self) -> list[tuple[str, str, list[tuple[str, str]], str]]:
        """The chosen game's own setup choices (ui.hosting.setup_options): (key,
        label, [(value, label)...], the value chosen now), in ``lang``."""
        from ui import hosting
        return [(k, label, values, str(self.game_options.get(k, values[0][0])))
                for k, label, values in hosting.setup_options(self.spec(), self.lang)]

    def choose_option(self, key: str, value: str) -> None:
        """One of the game's setup choices (:meth:`setup_options`)."""
        self.game_options[key] = value

    def next_colour(self, index: int) -> str:
        """A tap on a player's colour: the next colour no other player has."""
        used = {p.colour for i, p in enumerate(self.players) if i != index}
        cur = self.players[index].colour
        order = list(COLOURS)
        for k in range(1, len(order) + 1):
            c = order[(order.index(cur) + k) % len(order)]
            if c not in used:
                self.players[index] = replace(self.players[index], colour=c)
                return c
        return cur

    def resume_label(self, path: Path) -> str:
        """A resumable game as players know it: game, players, when it was last played
        (its last event's time, from the journal), and whether it is open on another
        screen; never a file name. Reads the journal read-only (once per listing)."""
        import datetime as dt
        from companion import registry
        path = Path(path)
        saved = self._saved.get(path) if hasattr(self, "_saved") else None
        if saved is None:
            saved = read_saved_game(path)
        if saved is None:
            return i18n.tr("start.resume_item", self.lang, file=path.stem, when="?")
        try:
            game = registry.get(saved.game).name(self.lang)
        except Exception:  # noqa: BLE001 a game this version does not know: its id
            game = saved.game
        names = [i18n.person(colour_word(n) or n, self.lang) if n else f"{i18n.tr('press.player', self.lang)} {seat}"
                 for seat, n in enumerate(saved.names, 1)]
        when = dt.datetime.fromtimestamp(saved.last_played).strftime("%Y-%m-%d %H:%M")
        text = i18n.tr("start.resume_item", self.lang, file=f"{game} · {', '.join(names)}", when=when)
        return i18n.tr("start.resume_elsewhere", self.lang, item=text) if saved.elsewhere else text

    def unreadable_text(self) -> str:
        """What the resume list says of the saved games it could not read (listed by
        :meth:`resumable`), in ``lang`` and in the players' words: how many, never a
        file name or a folder; "" when every saved game was read."""
        n = len(getattr(self, "unreadable", ()))
        return i18n.trn("start.resume_unreadable", self.lang, n) if n else ""

    # players -----------------------------------------------------------------
    def add_player(self) -> PlayerSetup:
        """Add a player with the first free colour; ValueError past the game's most
        players (its registry entry)."""
        low, high = self.player_range()
        if len(self.players) >= high:
            raise ValueError(i18n.tr("err.players_range", self.lang, n=len(self.players) + 1, low=low, high=high))
        used = {p.colour for p in self.players}
        free = [c for c in COLOURS if c not in used]
        if not free:  # a colour per player: the app has as many colours as COLOURS
            raise ValueError(i18n.tr("err.players_range", self.lang, n=len(self.players) + 1, low=low,
                                     high=len(COLOURS)))
        p = PlayerSetup(free[0], "")
        self.players.append(p)
        return p

    def remove_player(self, index: int) -> None:
        del self.players[index]
        if self.first_player >= len(self.players):
            self.first_player = 0

    def set_player(self, index: int, **fields: str) -> None:
        """Change name, paper or colour of player ``index`` (0-based)."""
        if "colour" in fields and fields["colour"] not in COLOURS:
            raise ValueError(f"unknown colour {fields['colour']!r}; one of {', '.join(COLOURS)}")
        self.players[index] = replace(self.players[index], **fields)

    def set_lang(self, lang: str) -> None:
        self.lang = i18n.check_lang(lang)

    # checks ------------------------------------------------------------------
    def glyph_problem(self, index: int) -> str:
        """The refusal of player ``index``'s name or newspaper name (0-based) when it
        has a character that cannot be shown or printed (:func:`undrawable`), in
        ``lang``; "" when both can be drawn."""
        p = self.players[index]
        for field, text in (("name", p.name), ("paper", p.paper)):
            where = undrawable(text)
            if where is not None:
                pos, emoji = where
                key = f"err.{field}_{'emoji' if emoji else 'glyph'}"
                return i18n.tr(key, self.lang, n=index + 1, pos=pos)
        return ""

    def first_glyph_problem(self) -> str:
        """:meth:`glyph_problem` of the first player that has one, "" when none."""
        return next((t for t in map(self.glyph_problem, range(len(self.players))) if t), "")

    def validate(self) -> list[str]:
        """Every problem with the current choices, as texts in ``lang`` (empty: ok)."""
        errs = []
        n = len(self.players)
        low, high = self.player_range()
        if not low <= n <= high:
            errs.append(i18n.tr("err.players_range", self.lang, n=n, low=low, high=high))
        seen = set()
        for i, p in enumerate(self.players, 1):
            if not p.name.strip():
                errs.append(i18n.tr("err.name_empty", self.lang, n=i))
            glyphs = self.glyph_problem(i - 1)
            if glyphs:
                errs.append(glyphs)
            if p.colour in seen:
                errs.append(i18n.tr("err.colour_twice", self.lang, colour=i18n.colour(p.colour, self.lang)))
            seen.add(p.colour)
        if not 0 <= self.first_player < max(1, n):
            errs.append(i18n.tr("err.first_player", self.lang))
        if self.variant_strike and n < 4 and not self.hosted():
            errs.append(i18n.tr("err.strike_players", self.lang))
        if self.hosted():
            pass  # read by taps on its own screens: no picture needed
        elif self.recording:
            if not Path(self.recording).exists():
                errs.append(i18n.tr("err.recording_missing", self.lang, path=self.recording))
        elif self.camera is None:
            errs.append(i18n.tr("err.no_source", self.lang))
        return errs

    def config(self, resume: str | Path | None = None) -> SessionConfig:
        """The SessionConfig for a new game (or to resume ``resume``, a journal file;
        then players come from the journal and are not checked here)."""
        if resume is None:
            errs = self.validate()
            if errs:
                raise ValueError(errs[0])
        players = tuple(_named(p) for p in self.players)
        if resume is not None:  # the saved game, not the one set up here: never this screen's recording
            camera, recording = self._resume_camera(resume), None
        else:
            camera, recording = (None if self.recording else self.source_camera()), self.recording or None
        return SessionConfig(self.game, players, self.lang, camera, recording,
                             self.printer, str(resume) if resume else None,
                             str(self.journal_dir) if self.journal_dir else None,
                             self.min_module_px, self.variant_strike, self.first_player,
                             game_options=tuple(self.game_options.items()))

    def _resume_camera(self, resume: str | Path) -> int | None:
        """The camera a resumed journal's game reads: a game played by taps gets one
        only when the players chose a camera here; a game the camera sets up, the
        camera set. A recording chosen for a new game (another game's frames, or this
        game's from its first move) is never fed to a game resumed mid-way."""
        from companion import registry
        from ui import hosting

        saved = read_saved_game(Path(resume))
        try:
            spec = registry.get(saved.game) if saved is not None else self.spec()
        except Exception:  # noqa: BLE001  a game this version does not know: opening it says so
            spec = self.spec()
        if hosting.hosts(spec) and not hosting.camera_sets_up(spec) and not self.camera_chosen:
            return None
        return self.camera

    def resumable(self) -> list[Path]:
        """Journal files (``*.sqlite``) in ``journal_dir`` of unfinished games, the
        last played first (each game's last event time, stored in its journal: not
        the file's time, which copies and backups change), leaving out finished games
        (engine ``state.is_over``) and files that cannot be read as a journal (a
        damaged one, one of a newer version): those are counted in
        :attr:`unreadable` (:meth:`unreadable_text` says so to the players). Only
        reads (:func:`read_saved_game`); the labels (:meth:`resume_label`) use this
        reading."""
        self._saved: dict[Path, SavedGame] = {}
        self.unreadable: list[Path] = []
        if not self.journal_dir or not self.journal_dir.is_dir():
            return []
        try:
            files = [p for p in self.journal_dir.iterdir() if p.suffix in JOURNAL_SUFFIXES and p.is_file()]
        except OSError:
            return []
        for p in sorted(files):
            saved = read_saved_game(p)
            if saved is None:
                self.unreadable.append(p)
            elif not saved.over:
                self._saved[p] = saved
        return sorted(self._saved, key=lambda p: (-self._saved[p].last_played, p.name))
