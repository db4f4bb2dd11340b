"""A scripted game for ``companion app --fake``: the real session on a seeded game.

No camera: a seeded Penny Press game (the engine's ``random_game``) is shown to the
real :class:`ui.session.GameSession` (its table loop; no camera feed) as the still snapshots a perfect camera would
report (``companion.games.penny_press.observer.game_snapshots``), one turn per step. Everything the
app shows (values, claims, front pages, scores, printing) comes from the same engine,
observer, journal and printing as a real table; only the camera is scripted.
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path

import numpy as np

from companion.games import penny_press as pp
from companion.games.penny_press.observer import game_snapshots

from ui.session import GameSession
from ui.viewmodels import protocol as P


class _Frame:
    """A plain picture standing in for the camera (the table is scripted): green
    baize with two lines in the players' language ("scripted game (no camera)",
    "turn 3 of 40"), drawn with Pillow in the app's CJK-capable font (OpenCV's
    Hershey fonts have no accents or CJK glyphs)."""

    def __init__(self, size: tuple[int, int]):
        self.size = size

    @staticmethod
    def _font(px: int):
        from PIL import ImageFont

        try:
            from ui.fonts import find_cjk_font

            return ImageFont.truetype(str(find_cjk_font()), px)
        except Exception:  # no CJK font: Pillow's own (Latin only) rather than no frame
            return ImageFont.load_default()

    def image(self, title: str, label: str) -> np.ndarray:
        """An HxWx3 BGR uint8 frame showing ``title`` and ``label``."""
        from PIL import Image, ImageDraw

        h, w = self.size
        img = Image.new("RGB", (w, h), (60, 90, 40))  # green baize (RGB)
        draw = ImageDraw.Draw(img)
        draw.text((16, 16), title, fill=(230, 230, 230), font=self._font(24))
        draw.text((16, 56), label, fill=(200, 220, 200), font=self._font(20))
        return np.ascontiguousarray(np.asarray(img)[:, :, ::-1])


class ScriptedSession(GameSession):
    """GameSession over a seeded game (see module docstring).

    ``step()`` shows the table after the next action (False when the game is done);
    ``start()`` steps every ``period`` seconds on a thread.
    """

    def __init__(self, config: P.SessionConfig, *, seed: int = 7, period: float = 1.5,
                 frame_size: tuple[int, int] = (360, 640)):
        players = list(config.players) or [P.PlayerSetup(c, f"Player {i + 1}", "")
                                           for i, c in enumerate(("red", "blue", "green"))]
        setup, actions = pp.random_game(seed, len(players))  # the seeded game decides who starts
        setup = dict(setup, players=[{"colour": p.colour, "name": p.name, "paper": p.paper} for p in players])
        config = P.SessionConfig(**{**config.__dict__, "players": tuple(players),
                                    "first_player": setup["first_player"]})
        super().__init__(config)
        self.runner.setup = dataclasses.replace(self.runner.setup, known=setup)  # the cards the script lays out
        self._snaps = game_snapshots(setup, actions)
        self._i = 0
        self._script_thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._frame = _Frame(frame_size)
        self.period = period

    def step(self) -> bool:
        """Show the table after the next action; False once the game is over."""
        if self._i >= len(self._snaps):
            return False
        snap = self._snaps[self._i]
        self._i += 1
        with self._lock:
            steps = self.runner.feed(snap)
        messages = tuple(self._message(s.report) for s in steps if s.report)
        self._publish(P.Update(frame=self._frame_image(), snapshot=snap, messages=messages,
                               state_changed=True))
        return self._i < len(self._snaps)

    def _frame_image(self) -> np.ndarray:
        """The stand-in camera picture, worded in the session's language now."""
        return self._frame.image(self._text("fake.frame_title"),
                                 self._text("fake.frame_turn", n=self._i, total=len(self._snaps)))

    def emit_frame(self) -> P.Update:
        up = P.Update(frame=self._frame_image())
        self._publish(up)
        return up

    def start(self) -> None:
        """Show the next table every ``period`` seconds on a thread (no camera)."""
        if self._script_thread is not None and self._script_thread.is_alive():
            return
        self._stop.clear()

        def run():
            while not self._stop.wait(self.period):
                if not self.step():
                    break

        self._script_thread = threading.Thread(target=run, name="scripted-session", daemon=True)
        self._script_thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._script_thread is not None:
            self._script_thread.join(timeout=5)
        self._script_thread = None


def scripted_session_factory(config: P.SessionConfig, out_dir: str | Path | None = None) -> ScriptedSession:
    """The app's ``--fake`` session factory."""
    if out_dir is not None:
        config = P.SessionConfig(**{**config.__dict__, "journal_dir": str(out_dir)})
    return ScriptedSession(config)
