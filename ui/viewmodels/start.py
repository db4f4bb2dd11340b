"""Start screen view-model (Kivy-free): game, players, language, camera, printer,
resume an unfinished game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ui import i18n
from ui.viewmodels.protocol import COLOURS, PlayerSetup, PrinterSettings, SessionConfig

GAMES: tuple[str, ...] = ("penny-press",)
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # Penny Press: setup, 2-5 players
JOURNAL_SUFFIXES = (".sqlite",)


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
        self.game = GAMES[0]
        self.players: list[PlayerSetup] = [PlayerSetup("red", ""), PlayerSetup("blue", "")]
        self.camera = camera
        self.recording = recording
        self.printer = printer or PrinterSettings()
        self.journal_dir = Path(journal_dir) if journal_dir else default_journal_dir()
        self.variant_strike = False
        self.min_module_px = 3.5
        self.first_player = 0

    # players -----------------------------------------------------------------
    def add_player(self) -> PlayerSetup:
        """Add a player with the first free colour; ValueError past 5 players."""
        if len(self.players) >= MAX_PLAYERS:
            raise ValueError(i18n.tr("err.players_count", self.lang, n=len(self.players) + 1))
        used = {p.colour for p in self.players}
        p = PlayerSetup(next(c for c in COLOURS if c not in used), "")
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
    def validate(self) -> list[str]:
        """Every problem with the current choices, as texts in ``lang`` (empty: ok)."""
        errs = []
        n = len(self.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            errs.append(i18n.tr("err.players_count", self.lang, n=n))
        seen = set()
        for i, p in enumerate(self.players, 1):
            if not p.name.strip():
                errs.append(i18n.tr("err.name_empty", self.lang, n=i))
            if p.colour in seen:
                errs.append(i18n.tr("err.colour_twice", self.lang, colour=i18n.colour(p.colour, self.lang)))
            seen.add(p.colour)
        if not 0 <= self.first_player < max(1, n):
            errs.append(i18n.tr("err.first_player", self.lang))
        if self.variant_strike and n < 4:
            errs.append(i18n.tr("err.strike_players", self.lang))
        if self.recording:
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
        players = tuple(replace(p, name=p.name.strip(), paper=p.paper.strip() or p.name.strip())
                        for p in self.players)
        return SessionConfig(self.game, players, self.lang,
                             None if self.recording else self.camera, self.recording or None,
                             self.printer, str(resume) if resume else None,
                             str(self.journal_dir) if self.journal_dir else None,
                             self.min_module_px, self.variant_strike, self.first_player)

    def resumable(self) -> list[Path]:
        """Journal files (``*.sqlite``) in ``journal_dir``, newest first, leaving out
        finished games (engine ``state.is_over``) and files that are not journals."""
        if not self.journal_dir or not self.journal_dir.is_dir():
            return []
        files = [p for p in self.journal_dir.iterdir() if p.suffix in JOURNAL_SUFFIXES]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        out = []
        for p in files:
            try:
                from companion.journal import Journal
                with Journal.open(p, readonly=True) as j:  # only looks: never writes
                    if j.state is None or getattr(j.state, "is_over", False):
                        continue
            except Exception:  # not a journal we can read: not offered  # noqa: BLE001
                continue
            out.append(p)
        return out
