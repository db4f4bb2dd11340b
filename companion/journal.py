"""The game journal: one SQLite file per game, one row per event.

Every action is written (in its own committed transaction) *before* it takes effect
in memory, after the rules engine has accepted it; an action the engine rejects is
never written. Reopening the file after a crash replays the events and continues
where the game was. Nothing is ever deleted: an undo is itself an event.

Event kinds (column ``kind``; ``payload`` is JSON):

- ``setup``: the game's setup (the engine's ``setup_to_dict`` form); always seq 1.
- ``action``: one engine action (the engine's ``action_to_dict`` form). ``source``
  says who entered it: ``"vision"`` (the observer), ``"manual"`` (a tap in the app
  or the CLI), ``"correction"`` (a fix replacing a misread), ``"replay"``.
- ``undo``: ``{"target": seq}``: the action with that seq no longer counts (a
  player's take-back, or ``Journal.revise``: a game replayed without a removed
  correction, the payload then says why).
- ``note``: free data for the app or observer (e.g. an observation correction); it
  never changes the game state.

A game's secret (e.g. Scoop's dial seed: the rules module lists such setup keys in
``SECRET_SETUP_KEYS``) never enters the journal while the game runs: :meth:`Journal.create`
writes it first, atomically, to a side file beside the journal (:func:`secret_path`,
``<journal>-secret.json``), and the setup event holds the rest (the seed's commitment
included). Reopening after a crash reads the side file back. When the game is over
the secret is revealed into the journal as a ``note`` ``{"reveal": {...}}`` and the
side file removed, so a finished journal stands alone (export, ``companion dial verify``).

Undo follows the usual rule of online board games: a player may take back only
their own last actions (consecutive, at the end of the game so far), never across
a headline card draw (the draw reveals hidden information).

The file records its game's id (meta ``game``); the rules come from the game
registry (companion.registry.Rules): ``new_game_from_dict``, ``apply``,
``action_to_dict``, ``action_from_dict``, a state with ``scores``, and
``UNDO_BARRIERS``. A journal without a recorded game (the first format wrote none)
is read as :data:`LEGACY_GAME`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from .clitext import tx
from .datafile import data_fault
from .errors import CompanionError, RuleError
from .registry import optional

SCHEMA_VERSION = 1
EXPORT_FORMAT = "table-companion/game-record"

#: The game of a journal or game record that names none: a fact of the file format
#: (the first journals and records were all Penny Press's, and named no game), not a
#: default of ours; a new file always names its game (companion.registry.default()
#: is the game chosen when none is asked for).
LEGACY_GAME = "penny-press"


class JournalError(CompanionError):
    """A journal file that cannot be used (not a journal, wrong version, corrupt)."""


#: Event kinds this version reads (see the module docstring).
EVENT_KINDS = ("setup", "action", "undo", "note")


@contextmanager
def _file_errors(path: Path, doing: str):
    """Map SQLite's (and the OS's) errors on ``path`` to one JournalError naming the
    file and what went wrong: the one place where sqlite3 errors become ours."""
    try:
        yield
    except sqlite3.Error as exc:
        text = str(exc)
        code = getattr(exc, "sqlite_errorname", "") or ""
        if code == "SQLITE_FULL" or code.startswith(("SQLITE_IOERR_WRITE", "SQLITE_IOERR_FSYNC",
                                                        "SQLITE_IOERR_TRUNCATE")):
            # a full disk (or a file size limit) is not damage: nothing was written
            why = tx("journal.disk_full", "the disk is full or refuses writes ({error}); nothing was recorded: "
                     "free some space and try again", error=text)
        elif "decode to UTF-8" in text:  # bytes overwritten inside a text value
            why = tx("journal.not_utf8", "damaged game journal (text that is not UTF-8)")
        elif isinstance(exc, sqlite3.DatabaseError) and (
                "malformed" in text or "not a database" in text or "disk I/O" in text):
            why = tx("journal.damaged_or_not", "damaged or not a game journal ({error})", error=text)
        elif "unable to open" in text or "readonly" in text or "read-only" in text:
            why = tx("journal.cannot_open", "{error}; check that the file and its folder exist and may be written",
                     error=text)
        else:
            why = text
        raise JournalError(f"{path}: {_cannot(doing)}: {why}") from None
    except OSError as exc:
        raise JournalError(f"{path}: {_cannot(doing)}: {_os_error(exc)}") from None
    except UnicodeDecodeError as exc:  # sqlite3 decodes TEXT as UTF-8: overwritten bytes
        raise JournalError(f"{path}: {_cannot(doing)}: "
                           + tx("journal.not_utf8", "damaged game journal (text that is not UTF-8)")) from None


def _cannot(doing: str) -> str:
    """``cannot write the game journal`` (what failed) in the command line's language."""
    texts = {"write the game's secret": tx("journal.cannot.secret", "cannot write the game's secret"),
             "create the folder of the game journal": tx("journal.cannot.folder",
                                                         "cannot create the folder of the game journal"),
             "create the game journal": tx("journal.cannot.create", "cannot create the game journal"),
             "read the game journal": tx("journal.cannot.read", "cannot read the game journal"),
             "write the game journal": tx("journal.cannot.write", "cannot write the game journal")}
    return texts.get(doing, f"cannot {doing}")


def rules_module(game: str):
    """Import and return the rules module of ``game`` (a registered game id,
    companion.registry). Raises JournalError for an unknown game."""
    from . import registry

    try:
        return registry.rules_module(game)
    except registry.UnknownGame as exc:
        raise JournalError(str(exc)) from None


def _os_error(exc: OSError) -> str:
    from .clitext import os_error

    return os_error(exc)


def _not_a_journal() -> str:
    return tx("journal.not_a_journal", "not a Table Companion game journal")


def secret_path(path: str | Path) -> Path:
    """The side file that keeps a game's secret while it runs (module docstring)."""
    path = Path(path)
    return path.with_name(path.name + "-secret.json")


def _write_secret(path: Path, secret: dict) -> None:
    """Write the side file atomically (temporary file, fsync, rename)."""
    target = secret_path(path)
    tmp = target.with_name(target.name + ".tmp")
    with _file_errors(target, "write the game's secret"):
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"format": "table-companion/game-secret", "journal": path.name, "secret": secret}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)


@dataclass(frozen=True)
class Event:
    """One journal row. ``payload`` is the decoded JSON; ``at`` is Unix time (s)."""

    seq: int
    kind: str
    payload: dict
    source: str
    at: float

    def to_dict(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, "payload": self.payload,
                "source": self.source, "at": self.at}


def total_scores(state) -> list[int]:
    """Points per player: the final scores (end-game bonuses included) once the game
    is over, else the running scores (``state.scores``)."""
    final = getattr(state, "final", None)
    if final is not None and getattr(final, "scores", None) is not None:
        return list(final.scores)
    return list(getattr(state, "scores", ()))


def _action_type(payload: dict) -> str:
    return str(payload.get("action", payload.get("type", "")))


def _action_player(payload: dict) -> int | None:
    p = payload.get("player")
    return p if isinstance(p, int) else None


def readonly_connection(path: str | Path) -> sqlite3.Connection:
    """A read-only SQLite connection to the journal file ``path`` that never writes
    it nor creates anything beside it: the path is quoted into SQLite's URI form (a
    ``#`` or ``?`` in a file name stays part of the name). With no ``-wal`` beside it
    every event is in the file itself and nobody has it open, so it is read as
    immutable (no ``-shm``/``-wal`` side files); with one (a game running, or one that
    crashed) it is read through it. Raises sqlite3.Error (see :func:`_file_errors`)."""
    from urllib.parse import quote

    path = Path(path).resolve()
    wal = path.with_name(path.name + "-wal")
    mode = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    uri = f"file:{quote(str(path))}?{mode}"
    return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)


class Journal:
    """An open game journal.

    Use :meth:`create` for a new game and :meth:`open` for an existing file. The
    current engine state is :attr:`state`; :meth:`append` validates an action with
    the engine, writes it, then applies it.

    Raises JournalError for a file that is not a journal; RuleError (from the
    engine) for an illegal action, leaving file and state unchanged.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, game: str):
        self.path = Path(path)
        self._conn = conn
        self.game = game
        self.rules = rules_module(game)
        #: action types that undo never crosses (the game's ``UNDO_BARRIERS``)
        self.undo_barriers = frozenset(self.rules.UNDO_BARRIERS)
        self._events: list[Event] = []
        self._state = None
        # list of (seq, state_after) for effective actions, in order; index 0 = setup
        self._timeline: list[tuple[int, Any]] = []

    # -- opening -------------------------------------------------------------
    @staticmethod
    def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
        """A connection to ``path``; ``readonly`` opens it with SQLite's read-only URI
        mode, so a command that only reads never changes (nor grows) the file."""
        if readonly:
            return readonly_connection(path)
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
        except BaseException:
            conn.close()
            raise
        return conn

    @classmethod
    def create(cls, path: str | Path, game: str, setup: dict) -> "Journal":
        """Create a new journal at ``path`` for ``game`` with the engine setup dict.

        The setup is checked by the engine first (RuleError if it is wrong); an
        existing file is never overwritten (JournalError).
        """
        path = Path(path)
        if path.exists():
            raise JournalError(f"{path}: " + tx("journal.exists", "already exists; choose another file name "
                                                "(replay or export it to see that game)"))
        rules = rules_module(game)
        rules.new_game_from_dict(setup)  # validates before anything is written
        keys = [k for k in getattr(rules, "SECRET_SETUP_KEYS", ()) if k in setup]
        with _file_errors(path.parent, "create the folder of the game journal"):
            path.parent.mkdir(parents=True, exist_ok=True)
        if keys:  # the secret first, beside the journal; the journal holds the rest
            _write_secret(path, {k: setup[k] for k in keys})
            setup = {k: v for k, v in setup.items() if k not in keys}
        with _file_errors(path, "create the game journal"):
            conn = cls._connect(path)
        try:
            with _file_errors(path, "create the game journal"), conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                conn.execute(
                    "CREATE TABLE events (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, "
                    "payload TEXT NOT NULL, source TEXT NOT NULL, at REAL NOT NULL)"
                )
                conn.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [("format", "table-companion-journal"), ("schema", str(SCHEMA_VERSION)),
                     ("game", game), ("created", repr(time.time())), ("game_id", path.stem)],
                )
                conn.execute(
                    "INSERT INTO events (seq, kind, payload, source, at) VALUES (1, 'setup', ?, 'manual', ?)",
                    (json.dumps(setup, sort_keys=True), time.time()),
                )
        except BaseException:
            conn.close()
            path.unlink(missing_ok=True)
            raise
        j = cls(path, conn, game)
        j._load()  # the file is the source of truth: replay it
        return j

    @classmethod
    def open(cls, path: str | Path, readonly: bool = False) -> "Journal":
        """Open an existing journal and replay it to the current state.

        ``readonly``: for commands that only read (replay, export, print): the file is
        opened in SQLite's read-only mode and never written; :meth:`append`,
        :meth:`note` and :meth:`undo` then raise JournalError.

        Raises JournalError if the file is missing, empty, damaged, not a Table
        Companion journal, or holds an event this version cannot read; the message
        names the file (and the event).
        """
        path = Path(path)
        if path.is_dir():
            raise JournalError(f"{path}: " + tx("journal.folder", "is a folder, not a game journal"))
        if not path.is_file():
            raise JournalError(f"{path}: " + tx("journal.missing", "no such game journal"))
        try:
            empty = path.stat().st_size == 0
        except OSError as exc:
            raise JournalError(f"{path}: " + tx("journal.cannot_read", "cannot read: {error}",
                                                error=_os_error(exc))) from None
        if empty:
            raise JournalError(f"{path}: " + tx("journal.empty", "empty file, not a game journal"))
        conn = None
        try:
            with _file_errors(path, "read the game journal"):
                conn = cls._connect(path, readonly)
                try:
                    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
                except sqlite3.OperationalError as exc:
                    if "no such table" in str(exc):
                        raise JournalError(f"{path}: " + _not_a_journal()) from None
                    raise
                # Bytes overwritten in a page that a plain read does not touch still
                # make the file unsafe to add to: check every page (fast: a journal
                # is a few dozen pages).
                check = conn.execute("PRAGMA quick_check").fetchall()
                if check != [("ok",)]:
                    first = str(check[0][0]).splitlines()[-1] if check else "?"
                    raise JournalError(f"{path}: " + tx("journal.damaged", "damaged game journal ({error})",
                                                        error=first))
            if meta.get("format") != "table-companion-journal":
                raise JournalError(f"{path}: " + _not_a_journal())
            try:
                schema = int(meta.get("schema", "0"))
            except ValueError:
                raise JournalError(f"{path}: " + tx("journal.bad_schema", "damaged (schema {schema})",
                                                    schema=repr(meta.get("schema")))) from None
            if schema > SCHEMA_VERSION:
                raise JournalError(f"{path}: " + tx("journal.newer", "written by a newer version (schema {schema})",
                                                    schema=schema))
            try:
                j = cls(path, conn, meta.get("game") or LEGACY_GAME)
            except JournalError as exc:
                raise JournalError(f"{path}: {exc}") from None
            j._readonly = readonly
            j._game_id = meta.get("game_id") or path.stem
            j._load()
        except BaseException:
            if conn is not None:
                conn.close()
            raise
        return j

    @property
    def game_id(self) -> str:
        """The game's name, fixed when it was created (the file name then): printed
        on its pages, so a renamed or copied file prints the same papers."""
        return getattr(self, "_game_id", None) or self.path.stem

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- replay --------------------------------------------------------------
    def _load(self) -> None:
        with _file_errors(self.path, "read the game journal"):
            rows = self._conn.execute(
                "SELECT seq, kind, payload, source, at FROM events ORDER BY seq"
            ).fetchall()
        events = []
        for seq, kind, payload, source, at in rows:
            if kind not in EVENT_KINDS:
                raise JournalError(f"{self.path}: " + tx(
                    "journal.unknown_kind", "event {seq} is of unknown kind {kind} (this version reads {kinds}); "
                    "it may come from a newer version", seq=seq, kind=repr(kind), kinds=", ".join(EVENT_KINDS)))
            try:
                data = json.loads(payload)
            except (TypeError, json.JSONDecodeError) as exc:
                raise JournalError(f"{self.path}: " + tx("journal.event_not_json", "event {seq} is not valid JSON ({why})",
                                                         seq=seq, why=data_fault(exc))) from None
            if not isinstance(data, dict):
                raise JournalError(f"{self.path}: " + tx("journal.event_not_object", "event {seq} is not a JSON object",
                                                         seq=seq))
            events.append(Event(seq, kind, data, source, at))
        if not events or events[0].kind != "setup":
            raise JournalError(f"{self.path}: " + tx("journal.setup_first", "the first event must be the setup"))
        self._events = events
        self._rebuild()

    def _effective_action_events(self) -> list[Event]:
        undone = {e.payload.get("target") for e in self._events if e.kind == "undo"}
        return [e for e in self._events if e.kind == "action" and e.seq not in undone]

    def _secret(self) -> dict:
        """The setup keys kept secret (module docstring): revealed in a note once the
        game is over, else read from the side file. JournalError when a key the rules
        need is in neither."""
        keys = [k for k in optional(self.rules, "SECRET_SETUP_KEYS") or () if k not in self._events[0].payload]
        if not keys:
            return {}
        for e in self._events:
            if e.kind == "note" and isinstance(e.payload.get("reveal"), dict):
                return dict(e.payload["reveal"])
        side = secret_path(self.path)
        try:
            data = json.loads(side.read_text(encoding="utf-8"))
            secret = dict(data["secret"])
            if not all(k in secret for k in keys):
                raise KeyError(keys[0])
        except FileNotFoundError:
            raise JournalError(f"{self.path}: " + tx(
                "journal.secret_missing", "its secret ({keys}) is kept beside it in {file} until the game ends, "
                "and that file is missing: copy it with the journal", keys=", ".join(keys), file=side.name)) from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise JournalError(f"{side}: " + tx("journal.secret_unreadable", "cannot read the game's secret ({why})",
                                                why=data_fault(exc))) from None
        return secret

    def _reveal_if_over(self) -> None:
        """Once the game is over, write the secret into the journal (once)."""
        if not getattr(self._state, "is_over", False) or not optional(self.rules, "SECRET_SETUP_KEYS"):
            return
        if any(e.kind == "note" and "reveal" in e.payload for e in self._events):
            return
        secret = {k: self._full_setup[k] for k in self.rules.SECRET_SETUP_KEYS
                  if k in self._full_setup and k not in self._events[0].payload}
        if secret:
            self._write("note", {"reveal": secret}, "companion")
            try:  # revealed and committed: the side file is no longer needed
                secret_path(self.path).unlink(missing_ok=True)
            except OSError:
                pass

    def _rebuild(self) -> None:
        self._full_setup = dict(self._events[0].payload, **self._secret())
        try:
            state = self.rules.new_game_from_dict(self._full_setup)
        except (CompanionError, KeyError, TypeError, ValueError) as exc:
            raise JournalError(f"{self.path}: " + tx("journal.setup_unreadable", "event {seq} (setup) cannot be "
                                                     "read ({why})", seq=self._events[0].seq,
                                                     why=data_fault(exc))) from None
        timeline = [(self._events[0].seq, state)]
        for e in self._effective_action_events():
            try:
                state = self.rules.apply(state, self.rules.action_from_dict(e.payload))
            except (RuleError, KeyError, TypeError, ValueError) as exc:
                raise JournalError(f"{self.path}: " + tx(
                    "journal.no_longer_applies", "event {seq} no longer applies ({why}); the rules data may have "
                    "changed since the game was recorded", seq=e.seq, why=data_fault(exc))) from None
            timeline.append((e.seq, state))
        self._state = state
        self._timeline = timeline

    # -- reading -------------------------------------------------------------
    @property
    def state(self):
        """The engine state after every effective event."""
        return self._state

    @property
    def setup(self) -> dict:
        return self._events[0].payload

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def actions(self) -> list:
        """The effective engine actions, in order (undone ones left out)."""
        return [self.rules.action_from_dict(e.payload) for e in self._effective_action_events()]

    def timeline(self) -> list[tuple[int, Any]]:
        """``[(seq, state_after)]`` for the setup and each effective action."""
        return list(self._timeline)

    def states(self) -> Iterator[Any]:
        for _, s in self._timeline:
            yield s

    # -- writing -------------------------------------------------------------
    def _write(self, kind: str, payload: dict, source: str) -> Event:
        if getattr(self, "_readonly", False):
            raise JournalError(f"{self.path}: " + tx("journal.read_only", "opened read-only; nothing can be added"))
        at = time.time()
        text = json.dumps(payload, sort_keys=True)
        with _file_errors(self.path, "write the game journal"), self._conn:
            self._conn.execute("BEGIN IMMEDIATE")
            cur = self._conn.execute(
                "INSERT INTO events (kind, payload, source, at) VALUES (?, ?, ?, ?)",
                (kind, text, source, at),
            )
            seq = cur.lastrowid
        ev = Event(seq, kind, json.loads(text), source, at)
        self._events.append(ev)
        return ev

    def append(self, action, source: str = "manual") -> Event:
        """Validate ``action`` with the engine, write it, then make it take effect.

        ``action`` is an engine action object or its dict form. Raises RuleError
        (nothing written, state unchanged) if the rules do not allow it.
        """
        if isinstance(action, dict):
            action = self.rules.action_from_dict(action)
        resolve = optional(self.rules, "resolve_action")
        if resolve is not None:  # the action as it turned out (e.g. the signal a dial showed)
            action = resolve(self._state, action)
        new_state = self.rules.apply(self._state, action)  # raises RuleError
        ev = self._write("action", self.rules.action_to_dict(action), source)
        self._state = new_state
        self._timeline.append((ev.seq, new_state))
        if not getattr(self, "_readonly", False):
            self._reveal_if_over()
        return ev

    def revise(self, take_back: Sequence[int], then: Sequence[tuple[Any, str]], why: dict) -> list[Event]:
        """Rewrite the end of the game without losing anything: the effective actions
        ``take_back`` (journal seqs, anywhere in the game) stop counting, each through
        an ``undo`` event ``{"target": seq, **why}``, and ``then`` ((engine action or
        its dict, source) pairs) are appended after them, in order.

        Unlike :meth:`undo` this is not a player's take-back: the app uses it when a
        correction of the camera's reading is removed (ui/overrides.py) and the game
        is replayed without it. Every action left and appended is checked with the
        engine first; the events are written in one transaction. Raises RuleError
        (nothing written, state unchanged) when the result does not replay, KeyError
        for a seq that is not an effective action. Returns the appended action events.
        """
        effective = self._effective_action_events()
        seqs = {e.seq for e in effective}
        for seq in take_back:
            if seq not in seqs:
                raise KeyError(seq)
        gone = set(take_back)
        state = self.rules.new_game_from_dict(self._full_setup)
        for e in effective:
            if e.seq not in gone:
                state = self.rules.apply(state, self.rules.action_from_dict(e.payload))  # raises RuleError
        payloads = []
        for action, _source in then:
            if isinstance(action, dict):
                action = self.rules.action_from_dict(action)
            state = self.rules.apply(state, action)  # raises RuleError
            payloads.append(self.rules.action_to_dict(action))
        rows = [("undo", dict(why, target=seq), "correction") for seq in take_back]
        rows += [("action", p, source) for p, (_a, source) in zip(payloads, then)]
        written = self._write_all(rows)
        self._rebuild()
        self._reveal_if_over()
        return [e for e in written if e.kind == "action"]

    def _write_all(self, rows: Sequence[tuple[str, dict, str]]) -> list[Event]:
        """Write (kind, payload, source) rows in one transaction (all or none)."""
        if getattr(self, "_readonly", False):
            raise JournalError(f"{self.path}: " + tx("journal.read_only", "opened read-only; nothing can be added"))
        at = time.time()
        out = []
        with _file_errors(self.path, "write the game journal"), self._conn:
            self._conn.execute("BEGIN IMMEDIATE")
            for kind, payload, source in rows:
                text = json.dumps(payload, sort_keys=True)
                cur = self._conn.execute("INSERT INTO events (kind, payload, source, at) VALUES (?, ?, ?, ?)",
                                         (kind, text, source, at))
                out.append(Event(cur.lastrowid, kind, json.loads(text), source, at))
        self._events.extend(out)
        return out

    def note(self, payload: dict, source: str = "manual") -> Event:
        """Record a note (no effect on the game state), e.g. an observation fix."""
        return self._write("note", dict(payload), source)

    def undoable(self, player: int) -> Event | None:
        """The last effective action if ``player`` may take it back, else None."""
        effective = self._effective_action_events()
        if not effective:
            return None
        last = effective[-1]
        if _action_type(last.payload) in self.undo_barriers:
            return None
        if _action_player(last.payload) != player:
            return None
        return last

    def undo(self, player: int) -> Event:
        """Take back ``player``'s last action.

        Rule (online board games' custom): only your own last action, never across
        an action that revealed hidden information (the game's ``UNDO_BARRIERS``,
        e.g. a Penny Press headline card draw). Raises RuleError when not allowed (nothing written).
        """
        target = self.undoable(player)
        if target is None:
            effective = self._effective_action_events()
            if not effective:
                why = "there is no action to take back"
            elif _action_type(effective[-1].payload) in self.undo_barriers:
                what = _action_type(effective[-1].payload).replace("_", " ")
                why = (f"a {what} has revealed hidden cards since; it cannot be taken back"
                       if what != "draw headline" else
                       "a headline card has been drawn since; a draw cannot be taken back")
            else:
                why = "the last action is another player's; only your own last action can be taken back"
            raise RuleError(why, rule="Journal: undo")
        ev = self._write("undo", {"target": target.seq, "player": player}, "manual")
        self._rebuild()
        return ev

    # -- export --------------------------------------------------------------
    def export(self) -> dict:
        """The documented JSON record of the game (docs/journal.md)."""
        undone = {e.payload.get("target") for e in self._events if e.kind == "undo"}
        timeline = []
        for seq, st in self._timeline:
            timeline.append({"seq": seq, "scores": total_scores(st)})
        record: dict[str, Any] = {
            "format": EXPORT_FORMAT,
            "version": 1,
            "game": self.game,
            "game_id": self.game_id,
            # a secret (SECRET_SETUP_KEYS) once revealed at the end, so the record rebuilds
            "setup": dict(self.setup, **next((e.payload["reveal"] for e in self._events if e.kind == "note"
                                              and isinstance(e.payload.get("reveal"), dict)), {})),
            "events": [dict(e.to_dict(), undone=e.seq in undone) for e in self._events],
            "actions": [e.payload for e in self._effective_action_events()],
            "timeline": timeline,
            "scores": total_scores(self._state),
            "over": bool(getattr(self._state, "is_over", False)),
        }
        summary = optional(self.rules, "record_summary")
        if summary is not None:
            record["summary"] = summary(self._state)
        return record
