"""Test double (not shipped): FakeSession: a scripted 3-player Penny Press game implementing the session
protocol (docs/ui.md), for tests, screenshots and the start-up benchmark.

It is not the rules engine: it keeps a small mutable table, computes arrow
positions and values with the rulebook's tables (Penny Press: news-beat adjustment;
FACTS.md: position = spaces taken + 1 per story with reporters, cap 9; news-beat
value 0,1,2,3,3,4,4,5,5,6; scoop value 0,0,1,1,1,2,2,2,3,3; A, B take 1 space,
C, D take 2), claims with ties, and plays a fixed script. Frames are synthetic BGR
images (numpy) with drawn tags, some unreadable with a reason.
"""

from __future__ import annotations

from companion.errors import CompanionError

import copy
import json
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Callable

import numpy as np

from ui import i18n
from ui.viewmodels.bgstats import play_link
from ui.games.penny_press.protocol import (
    BEATS, Adjustment, BeatView, Correction, FinalRow, FrontPageView, JobStatus,
    Message, Placement, PlayerSetup, PlayerView, PressPreview, ScorePoint,
    SessionConfig, StoryView, Symbol, TableView, Update,
)

NEWS_VALUE = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6)
SCOOP_VALUE = (0, 0, 1, 1, 1, 2, 2, 2, 3, 3)
SPACES = {"A": 1, "B": 1, "C": 2, "D": 2}
CELLS = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}

DEFAULT_PLAYERS = (
    PlayerSetup("red", "Ana", "El Heraldo"),
    PlayerSetup("blue", "Bo", "Daily Bugle"),
    PlayerSetup("green", "Chen", "晨报"),
)

START_COLUMNS = {
    "war": ["war-A1", "war-C2"],
    "crime": ["crime-B1", "crime-D3"],
    "city": ["city-A2"],
    "politics": ["politics-C1", "politics-B3"],
    "human": ["human-A3", "human-D1"],
}

# (kind, seat, story or stories, n): the scripted turns.
SCRIPT: tuple[tuple, ...] = (
    ("assign", 0, "crime-D3", 2),
    ("assign", 1, "war-C2", 1),
    ("assign", 2, "crime-D3", 2),
    ("assign", 0, "politics-B3", 1),
    ("assign", 1, "city-A2", 2),
    ("press", 2, None, 0),
    ("assign", 0, "human-D1", 1),
    ("press", 1, None, 0),
    ("press", 0, None, 0),
)


def beat_of(story: str) -> str:
    return story.split("-", 1)[0]


def shape_of(story: str) -> str:
    return story.split("-", 1)[1][0]


def is_story(story: str) -> bool:
    """True for a catalog story id ``<beat>-<shape><stars>`` (docs/contracts.md)."""
    try:
        b, rest = story.split("-", 1)
    except ValueError:
        return False
    return b in BEATS and len(rest) == 2 and rest[0] in SPACES and rest[1] in "123"


def arrow_position(column: list[tuple[str, dict[str, int]]]) -> int:
    """Spaces taken + 1 per story with at least one reporter, capped at 9."""
    pos = sum(SPACES[shape_of(s)] for s, _ in column)
    pos += sum(1 for _, reps in column if any(reps.values()))
    return min(9, pos)


class FakeSession:
    """A scripted game behind the session protocol. ``step()`` plays the next turn;
    ``emit_frame()`` sends a synthetic frame to subscribers (from the calling
    thread; ``start()`` runs a background thread that does it every ``period`` s)."""

    def __init__(self, config: SessionConfig | None = None, frame_size: tuple[int, int] = (360, 480),
                 out_dir: str | Path | None = None, period: float = 1 / 15):
        config = config or SessionConfig(players=DEFAULT_PLAYERS)
        self.config = config
        self.players = tuple(config.players) or DEFAULT_PLAYERS
        self.lang = config.lang
        self.state = None
        self.frame_size = frame_size
        self.period = period
        self.out_dir = Path(out_dir) if out_dir else None
        self._subs: list[Callable[[Update], None]] = []
        self._columns = {b: [(s, {}) for s in ss] for b, ss in START_COLUMNS.items()}
        self._bonus = {b: 2 for b in BEATS}
        self._home = {p.colour: 5 for p in self.players}
        self._points = {p.colour: 0 for p in self.players}
        self._published: dict[str, list[str]] = {p.colour: [] for p in self.players}
        self._presses = 0
        self._papers = {p.colour: 0 for p in self.players}
        self._step = 0
        self._turn = 0
        self._last: tuple = ()
        self._adjust: list[Adjustment] = []
        self._history: list[ScorePoint] = [ScorePoint("0", self._score_tuple())]
        self._undo: list[dict] = []
        self.events: list[dict] = []
        self.jobs: list[JobStatus] = []
        self.started = False
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # -- protocol ---------------------------------------------------------
    def start(self) -> None:
        if self.started:
            return
        self.started = True
        self._stop.clear()
        if self.period:
            self._thread = threading.Thread(target=self._run, name="fake-frames", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self.started = False
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=2)
            self._thread = None

    def subscribe(self, callback: Callable[[Update], None]) -> None:
        self._subs.append(callback)

    def table(self) -> TableView:
        beats = []
        for b in BEATS:
            col = self._columns[b]
            pos = arrow_position(col)
            beats.append(BeatView(b, pos, NEWS_VALUE[pos], SCOOP_VALUE[pos], self._bonus[b],
                                  tuple(StoryView(s, tuple(sorted((c, n) for c, n in r.items() if n)))
                                        for s, r in col)))
        players = tuple(PlayerView(p.colour, p.name, p.paper, self._home[p.colour],
                                   self._points[p.colour], tuple(self._published[p.colour]),
                                   self._papers[p.colour])
                        for p in self.players)
        finished = self._step >= len(SCRIPT)
        return TableView(tuple(beats), players, None if finished else self.players[self._turn].colour,
                         self._presses, self._presses >= 2, self._last_text(), finished)

    def adjustments(self) -> list[Adjustment]:
        return list(self._adjust)

    def correct(self, correction: Correction) -> None:
        """Apply a correction (raises ValueError for a story not on the board or an
        unknown id, leaving the table unchanged) and record it as an event."""
        before = self._snapshot()
        c = correction
        if c.story is not None and not is_story(c.story):
            raise ValueError(i18n.tr("corr.bad_story", self.lang, story=c.story))
        if c.kind == "reporters":
            entry = self._find(c.story)
            if entry is None:
                raise ValueError(f"{c.story} is not on the board")
            entry[1][c.colour] = c.count
        elif c.kind == "story_add":
            if self._find(c.story) is None:
                if beat_of(c.story) != c.beat:
                    raise ValueError(f"{c.story} belongs to the {beat_of(c.story)} beat, not {c.beat}")
                self._columns[c.beat].append((c.story, {}))
        elif c.kind == "story_remove":
            entry = self._find(c.story)
            if entry is None:
                raise ValueError(f"{c.story} is not on the board")
            self._columns[beat_of(c.story)].remove(entry)
        elif c.kind == "arrow":
            pass  # arrows follow the stories in this fake; recorded only
        self._undo.append(before)
        self.events.append({"type": "correction", **asdict(c)})
        self._publish(Update(state_changed=True))

    def can_decline(self, colour: str) -> bool:
        return False

    def decline_press(self, colour: str) -> None:
        raise CompanionError("declining is only for the final presses")

    def corrections(self) -> list:
        return []

    def undo_preview(self):
        from ui.games.penny_press.protocol import UndoStep

        return UndoStep("action", text=i18n.tr("corr.undone", self.lang)) if self._undo else None

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._restore(self._undo.pop())
        self.events.append({"type": "undo"})
        self._publish(Update(state_changed=True))
        return True

    def press_preview(self, colour: str) -> PressPreview:
        claimed, scoop = self._claims(colour)
        tv = self.table()
        values = {b.beat: b.news_value for b in tv.beats}
        page = self._layout(claimed, values)
        mat = self._layout(list(reversed(claimed)), values) if claimed else None
        return PressPreview(colour, tuple(claimed), tuple(sorted(scoop.items())), page, mat)

    def print_press(self, n: int, colour: str) -> JobStatus:
        return self._job(f"press-{n}-{colour}", f"{colour} #{n}")

    def print_final(self) -> JobStatus:
        return self._job("final", "final")

    def score_history(self) -> list[ScorePoint]:
        return list(self._history)

    def final_ranking(self) -> list[FinalRow] | None:
        if self._step < len(SCRIPT):
            return None
        stars = {c: {b: 0 for b in BEATS} for c in self._points}
        for c, stories in self._published.items():
            for s in stories:
                stars[c][beat_of(s)] += int(s[-1])
        bonus = {c: [] for c in self._points}
        for b in BEATS:
            best = max(stars[c][b] for c in stars)
            if best > 0:
                for c in stars:
                    if stars[c][b] == best:
                        bonus[c].append((b, self._bonus[b]))
        rows = []
        for p in self.players:
            total = self._points[p.colour] + sum(v for _, v in bonus[p.colour])
            rows.append([p, total])
        rows.sort(key=lambda r: (-r[1], -len(self._published[r[0].colour])))
        out, place = [], 0
        for i, (p, total) in enumerate(rows):
            key = (total, len(self._published[p.colour]))
            if i == 0 or key != prev:
                place = i + 1
            prev = key
            out.append(FinalRow(place, p.colour, p.name, self._points[p.colour], tuple(bonus[p.colour]),
                                total, len(self._published[p.colour]), place == 1))
        return out

    def export_json(self, path: str | Path) -> Path:
        path = Path(path)
        rec = {"game": "penny-press", "players": [asdict(p) for p in self.players],
               "events": self.events, "history": [asdict(h) for h in self._history],
               "final": [asdict(r) for r in self.final_ranking() or []]}
        path.write_text(json.dumps(rec, ensure_ascii=False, indent=1), encoding="utf-8")
        return path

    def bgstats_link(self) -> str:
        return play_link(self.final_ranking() or [], game_name="Penny Press", duration_min=45,
                         source_play_id="fake-game", source_game_id="penny-press")

    # -- scripted play ----------------------------------------------------
    def step(self) -> bool:
        """Play the next scripted turn; False when the script is over."""
        if self._step >= len(SCRIPT):
            return False
        before = self.table()
        kind, seat, story, n = SCRIPT[self._step]
        colour = self.players[seat % len(self.players)].colour
        if kind == "assign":
            entry = self._find(story)
            entry[1][colour] = entry[1].get(colour, 0) + n
            self._home[colour] -= n
            self._last = ("fake.assign", seat, story, n)
            self.events.append({"type": "assign", "colour": colour, "story": story, "n": n})
        else:
            claimed, scoop = self._claims(colour)
            for c, pts in scoop.items():
                self._points[c] += pts
            values = {b.beat: b.news_value for b in before.beats}
            page = self._layout(claimed, values)
            self._points[colour] += page.score
            for s in claimed:
                entry = self._find(s)
                for c, k in entry[1].items():
                    self._home[c] += k
                self._columns[beat_of(s)].remove(entry)
                self._published[colour].append(s)
            for entry_col in self._columns.values():
                for s, reps in entry_col:
                    if reps.get(colour):
                        self._home[colour] += reps.pop(colour)
            self._presses += 1
            self._papers[colour] += 1
            top = max(BEATS, key=lambda b: values[b])
            self._bonus[top] = min(20, self._bonus[top] + 3)
            new = {"war": "war-B2", "crime": "crime-A2", "city": "city-C3", "politics": "politics-A1"}
            b = BEATS[(self._presses - 1) % 4]
            if self._find(new[b]) is None:
                self._columns[b].append((new[b], {}))
            self._last = ("fake.press", seat, tuple(claimed), 0)
            self.events.append({"type": "press", "colour": colour, "claimed": claimed})
            self._history.append(ScorePoint(f"P{self._presses}", self._score_tuple()))
        self._step += 1
        self._turn = (self._turn + 1) % len(self.players)
        self._undo.clear()  # no undo across a turn in this fake
        self._adjust = diff_adjustments(before, self.table())
        self._publish(Update(state_changed=True, messages=self._messages()))
        return True

    def emit_frame(self) -> Update:
        """Send one synthetic frame with its symbols to subscribers; returns it."""
        h, w = self.frame_size
        img = np.full((h, w, 3), (40, 90, 40), np.uint8)
        symbols = []
        tv = self.table()
        k = 0
        for bi, b in enumerate(tv.beats):
            for si, s in enumerate(b.stories[:3]):
                x, y = 20 + bi * (w - 40) // 5, 30 + si * 70
                side = 36
                img[y:y + side, x:x + side] = 235
                img[y + 6:y + side - 6, x + 6:x + side - 6] = 20
                corners = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
                if k == 3:
                    symbols.append(Symbol(None, corners, "unreadable", "glare"))
                else:
                    symbols.append(Symbol(s.story, corners))
                k += 1
        x, y = w - 40, h - 40
        img[y:y + 14, x:x + 14] = 200
        symbols.append(Symbol(None, ((x, y), (x + 14, y), (x + 14, y + 14), (x, y + 14)), "unreadable", "too_small"))
        up = Update(frame=img, symbols=tuple(symbols))
        self._publish(up)
        return up

    # -- internals ----------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.wait(self.period):
            self.emit_frame()

    def _publish(self, up: Update) -> None:
        for cb in list(self._subs):
            cb(up)

    def _messages(self) -> tuple[Message, ...]:
        if self._last and self._last[0] == "fake.press":
            return (Message(self._last_text(), "info", "Penny Press: Go to Press"),)
        return ()

    def _last_text(self) -> str:
        if not self._last:
            return ""
        key, seat, story, n = self._last
        name = self.players[seat % len(self.players)].name
        if key == "fake.press":
            return i18n.tr(key, self.lang, name=name, stories=", ".join(story) or "-")
        return i18n.trn(key, self.lang, n, name=name, story=story)

    def _score_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple((p.colour, self._points[p.colour]) for p in self.players)

    def _find(self, story: str):
        col = self._columns.get(beat_of(story), [])
        for entry in col:
            if entry[0] == story:
                return entry
        return None

    def _claims(self, colour: str) -> tuple[list[str], dict[str, int]]:
        """Stories where nobody has more reporters than ``colour`` (ties count), and
        the scoop points the other players score (beat's scoop value per story)."""
        claimed, scoop = [], {}
        tv = {b.beat: b for b in self.table().beats}
        for b in BEATS:
            for s, reps in self._columns[b]:
                mine = reps.get(colour, 0)
                if mine and all(k <= mine for c, k in reps.items() if c != colour):
                    claimed.append(s)
                    for c, k in reps.items():
                        if c != colour and k:
                            scoop[c] = scoop.get(c, 0) + tv[b].scoop_value
        return claimed, scoop

    def _layout(self, stories: list[str], values: dict[str, int]) -> FrontPageView:
        """A simple first-fit layout (not the engine's solver): stories in the given
        order, upright, top-left first; score = values of placed stories - values of
        the left-out ones - 2 per empty top cell - 1 per other empty cell, floor 0."""
        grid = [[None] * 4 for _ in range(3)]
        placed, left = [], []
        for s in stories:
            w, h = CELLS[shape_of(s)]
            spot = next(((r, c) for r in range(3 - h + 1) for c in range(4 - w + 1)
                         if all(grid[r + i][c + j] is None for i in range(h) for j in range(w))), None)
            if spot is None:
                left.append(s)
                continue
            r, c = spot
            for i in range(h):
                for j in range(w):
                    grid[r + i][c + j] = s
            placed.append(Placement(s, r, c, w, h))
        empty_top = sum(1 for c in range(4) if grid[0][c] is None)
        empty_other = sum(1 for r in (1, 2) for c in range(4) if grid[r][c] is None)
        score = sum(values[beat_of(p.item)] for p in placed) - sum(values[beat_of(s)] for s in left)
        score -= 2 * empty_top + empty_other
        return FrontPageView(tuple(placed), max(0, score), tuple(left))

    def _job(self, name: str, title: str) -> JobStatus:
        from PIL import Image, ImageDraw

        out = self.out_dir or Path(tempfile.gettempdir()) / "table-companion-prints"
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{name}.png"
        img = Image.new("1", (self.config.printer.width, 120), 1)
        ImageDraw.Draw(img).text((8, 8), f"Penny Press {title}", fill=0)
        img.save(path)
        job = JobStatus(f"job{len(self.jobs) + 1}", "printed", str(path), "preview")
        self.jobs.append(job)
        return job

    def _snapshot(self) -> dict:
        return copy.deepcopy({"columns": self._columns, "home": self._home})

    def _restore(self, snap: dict) -> None:
        self._columns = snap["columns"]
        self._home = snap["home"]


def diff_adjustments(before: TableView, after: TableView) -> list[Adjustment]:
    """What to change on the board to go from ``before`` to ``after``: arrows and
    bonus markers that moved (to their new position), stories placed or removed."""
    out: list[Adjustment] = []
    old = {b.beat: b for b in before.beats}
    for b in after.beats:
        o = old.get(b.beat)
        if o is None:
            continue
        if b.arrow != o.arrow:
            out.append(Adjustment("arrow", b.beat, b.arrow))
        if b.bonus != o.bonus:
            out.append(Adjustment("bonus", b.beat, b.bonus))
        was = {s.story for s in o.stories}
        now = {s.story for s in b.stories}
        if was - now:
            out.append(Adjustment("remove", b.beat, stories=tuple(sorted(was - now))))
        if now - was:
            out.append(Adjustment("place", b.beat, stories=tuple(sorted(now - was))))
    return out
