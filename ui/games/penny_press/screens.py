"""Penny Press in the app shell (ui.hosting's contract; docs/ui.md): the live table,
the corrections, going to press and the scores, on the camera session the shell
opens for it (the camera reads its setup: the initial headline cards).

``app_screens(host)`` makes the four screens (live first) and keeps their
view-models on ``host.game`` (:class:`ui.games.penny_press.table.TableScreens`).
Its screens draw their own navigation bar (``SHELL_BAR = False``).
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

from . import texts  # noqa: F401  its words (declared for the catalogs)
from . import widgets  # noqa: F401  its own widgets (the rules in widgets.kv use them)
from .table import TableScreens

HERE = Path(__file__).resolve().parent
KV = ("widgets", "live", "corrections", "press", "scores")
#: The app runs a camera session for this game: its observer reads the setup and the play.
CAMERA = True
#: Its screens carry their own navigation bar (live, corrections, press, scores, settings).
SHELL_BAR = False


def load_kv() -> None:
    """Its .kv rules, once per process."""
    for name in KV:
        path = str(HERE / f"{name}.kv")
        if path not in Builder.files:
            Builder.load_file(path)


def app_screens(host) -> list:
    """The live, corrections, press and scores screens on ``host`` (its camera
    session: ``host.camera``); called again on the same host (a density change),
    the view-models are kept and only the screens made anew."""
    from .corrections import CorrectionsScreen
    from .live import LiveScreen
    from .press import PressScreen
    from .scores import ScoresScreen

    load_kv()
    if not isinstance(host.game, TableScreens):
        host.game = TableScreens(host)
        host.game.start()
    return [LiveScreen(), CorrectionsScreen(), PressScreen(), ScoresScreen(host)]
