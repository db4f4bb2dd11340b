"""A scripted game for ``companion app --fake``: the real session on a seeded game.

No camera: a seeded Penny Press game (the engine's ``random_game``) is shown to the
real :class:`ui.session.GameSession` as the still snapshots a perfect camera would
report (``companion.games.penny_press.observer.game_snapshots``), one turn per step. Everything the
app shows (values, claims, front pages, scores, printing) comes from the same engine,
observer, journal and printing as a real table; only the camera is scripted.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np

from companion.games import penny_press as pp
from companion.games.penny_press.observer import game_snapshots

from .session import GameSession
from .viewmodels import protocol as P


class _Frame:
    """A plain picture standing in for the camera (the table is scripted)."""

    def __init__(self, size: tuple[int, int]):
        self.size = size

    def image(self, label: str) -> np.ndarray:
        import cv2

        h, w = self.size
        img = np.zeros((h, w, 3), np.uint8)
        img[:] = (40, 90, 60)  # green baize
        cv2.putText(img, "scripted game (no camera)", (16, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                    (230, 230, 230), 2, cv2.LINE_AA)
        cv2.putText(img, label, (16, 80), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (200, 220, 200), 1, cv2.LINE_AA)
        return img


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
        self.runner.expected_cards = list(setup["headline_cards"])
        self._snaps = game_snapshots(setup, actions)
        self._i = 0
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
        messages = tuple(P.Message(self.report_text(s.report), s.report.level, s.report.rule,
                                   s.report.key, tuple(s.report.params))
                         for s in steps if s.report)
        label = f"turn {self._i} of {len(self._snaps)}"
        self._publish(P.Update(frame=self._frame.image(label), snapshot=snap, messages=messages,
                               state_changed=True))
        return self._i < len(self._snaps)

    def emit_frame(self) -> P.Update:
        up = P.Update(frame=self._frame.image(f"turn {self._i} of {len(self._snaps)}"))
        self._publish(up)
        return up

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()

        def run():
            while not self._stop.wait(self.period):
                if not self.step():
                    break

        self._thread = threading.Thread(target=run, name="scripted-session", daemon=True)
        self._thread.start()


def scripted_session_factory(config: P.SessionConfig, out_dir: str | Path | None = None) -> ScriptedSession:
    """The app's ``--fake`` session factory."""
    if out_dir is not None:
        config = P.SessionConfig(**{**config.__dict__, "journal_dir": str(out_dir)})
    return ScriptedSession(config)
