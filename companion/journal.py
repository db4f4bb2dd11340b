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

A game's secret (e.g. a dial's seed: the rules module lists such setup keys in
``SECRET_SETUP_KEYS``) never enters the journal while the game runs: :meth:`Journal.create`
writes it first, atomically, to a side file beside the journal (:func:`secret_path`,
``<journal>-secret.json``), and the setup event holds the rest (the seed's commitment
included). Reopening after a crash reads the side file back. When the game is over
the secret is revealed into the journal as a ``note`` ``{"reveal": {...}}`` and the
side file removed, so a finished journal stands alone (export, ``companion dial verify``).

Undo follows the usual rule of online board games: a player may take back only
their own last actions (consecutive, at the end of the game so far), never across
a headline card draw (the draw reveals hidden information).

One writer per journal: :meth:`Journal.create` and :meth:`Journal.open` (not
read-only) take the game's writer lock first, an exclusive ``flock`` on a small lock
file beside the journal (:func:`lock_path`, ``<journal>-lock``, holding who took it:
:class:`Writer`). A second opening for writing, in another process or this one,
watches the game instead (:attr:`Journal.watching`, :meth:`Journal.refresh`): its
writes raise :class:`JournalInUse` ("this game is open on another screen") until the
first writer closes the game, then its next write takes the lock. The
system releases a ``flock`` when its process ends however it ends (a crash, a kill,
a flat battery), so a crashed writer never blocks its game: its lock file stays
behind, unlocked, and the next writer takes it. Every write still checks, inside its
``BEGIN IMMEDIATE`` transaction, that the journal's real last event is the one it
knows: when another program wrote in between, nothing is written, the events are
read again and :class:`JournalChanged` asks the caller to read its move again
against the real game (a move legal again would otherwise be played twice).

A write the file refuses for now (another program holds SQLite's write lock for
longer than :data:`BUSY_WAIT_S`: a database browser with an unsaved edit, a backup)
raises :class:`JournalBusy` and writes nothing: the move is pending and the caller
tries again (ui.session's runner keeps the still table and reads it again); the
error names the program that holds the file when the system tells (Linux's
/proc/locks).

The file alone is the game: the journal is written in SQLite's WAL mode and each
commit is followed by a passive checkpoint, which copies the event into the main
file, so a copy of the one ``.sqlite`` file (a backup, an SD card, a mail) holds
every committed event (docs/journal.md: the cost per event, and the one exception,
a reader holding an older snapshot at that instant). Read-only opens never write,
create or rewrite anything, the ``-shm`` index included (:func:`readonly_connection`).

The file records its game's id (meta ``game``); the rules come from the game
registry (companion.registry.Rules): ``new_game_from_dict``, ``apply``,
``action_to_dict``, ``action_from_dict``, a state with ``scores``, and
``UNDO_BARRIERS``. A journal without a recorded game (the first format wrote none)
is read as :data:`LEGACY_GAME`.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from .clitext import current, tx
from .datafile import data_fault
from .errors import CompanionError, RuleError
from .registry import optional

SCHEMA_VERSION = 1
EXPORT_FORMAT = "table-companion/game-record"

#: The game of a journal or game record that names none (companion.registry.LEGACY_GAME).
from .registry import LEGACY_GAME  # noqa: E402,F401


#: How long a write waits for another program's write lock on the journal (SQLite's
#: busy timeout, s) before it raises JournalBusy; the caller tries again later.
BUSY_WAIT_S = 2.0


class JournalError(CompanionError):
    """A journal file that cannot be used (not a journal, wrong version, corrupt)."""


@dataclass(frozen=True)
class Writer:
    """Who has a game open for writing (read from its lock file, :func:`writer_of`):
    process id, host name, program (the command's name, e.g. ``companion``) and the
    Unix time (s) it opened the game. Fields are empty/0 when the lock file holds
    nothing readable (a writer that is taking the lock at that instant)."""

    pid: int = 0
    host: str = ""
    program: str = ""
    since: float = 0.0

    def here(self) -> bool:
        """True when the writer is this very process."""
        return self.pid == os.getpid() and self.host == socket.gethostname()

    def since_text(self) -> str:
        """When it was opened, as a clock time (``10:02``; ``?`` when unknown)."""
        return time.strftime("%H:%M", time.localtime(self.since)) if self.since else "?"

    def where(self) -> str:
        """Where the game is open, for the command line and logs: program, process,
        machine and since when (``companion (process 812) on this computer, since
        10:02``)."""
        since = self.since_text()
        host = self.host or "?"
        if self.here():
            return tx("journal.writer_here", "another journal of this same program ({program}), since {since}",
                      program=self.program or "?", since=since)
        if self.host and self.host != socket.gethostname():
            return tx("journal.writer_other_host", "{program} on {host}, since {since}",
                      program=self.program or "?", host=host, since=since)
        return tx("journal.writer_this_host", "{program} (process {pid}) on this computer, since {since}",
                  program=self.program or "?", pid=self.pid, since=since)


class JournalInUse(JournalError):
    """The game is open for writing elsewhere: another process (the app on another
    screen, a command) or another :class:`Journal` of this process holds its writer
    lock. Raised by a watching Journal's writes (nothing written) and by
    ``Journal.open(path, watch=False)``; the game can still be watched
    (:attr:`Journal.watching`, :meth:`Journal.refresh`). ``holder`` is the
    :class:`Writer`; ``key``/``values`` word it for the players (the app's
    ``err.game_open_elsewhere``: the program and the time, never a process id)."""

    def __init__(self, path: Path, holder: Writer):
        super().__init__(f"{path}: " + tx(
            "journal.open_elsewhere", "this game is open on another screen ({where}); this one can only watch it "
            "until it is closed there", where=holder.where()))
        self.path = Path(path)
        self.holder = holder
        # for the players: the program and the time, never a process id
        self.key, self.values = "game_open_elsewhere", {"program": holder.program or "?",
                                                        "since": holder.since_text()}


class JournalBusy(JournalError):
    """A write (or read) the journal's file refused for now: another program holds
    SQLite's lock on it for longer than :data:`BUSY_WAIT_S`. Nothing was written and
    the state is unchanged: the move is pending, to be tried again. ``holders``: the
    (name, process id) of each program holding the file when the system tells
    (Linux), ``holder`` their names ("" when unknown); ``key``/``values`` word it for
    the players (the app's ``err.journal_busy``, ``err.journal_busy_someone``)."""

    def __init__(self, path: Path, doing: str, holders: Sequence[tuple[str, int]] = ()):
        named = "; ".join(dict.fromkeys(f"{name}, " + tx("journal.process", "process {pid}", pid=pid) if name
                                        else tx("journal.process", "process {pid}", pid=pid)
                                        for name, pid in holders))
        who = (tx("journal.busy_who", "another program ({program})", program=named) if named
               else tx("journal.busy_someone", "another program (a database browser or a backup?)"))
        super().__init__(f"{path}: {_cannot(doing)}: " + tx(
            "journal.busy", "{who} is holding the game's file; nothing was written: the move waits until the file "
            "is free (close the game's file in that program)", who=who))
        self.path = Path(path)
        #: the programs holding the file's write lock as the system lists them: (name, process id)
        self.holders = tuple(holders)
        self.holder = ", ".join(dict.fromkeys(name for name, _pid in holders if name))
        self.key = "journal_busy" if self.holder else "journal_busy_someone"
        self.values = {"program": self.holder} if self.holder else {}


class JournalChanged(JournalError):
    """A move read against a game that has changed since: another program (or the
    screen this one watched, before it closed) wrote events in between. Nothing was
    written; the journal has read its events again, so the caller reads its move
    again against the real game (the camera loop at once; a tap is tapped again).
    ``key`` ``game_changed`` words it for the players."""

    def __init__(self, path: Path):
        super().__init__(f"{path}: " + tx(
            "journal.changed", "the game changed elsewhere since this move was read (another program wrote to it); "
            "its events are read again: read the move again"))
        self.path = Path(path)
        self.key, self.values = "game_changed", {}


class _SecretGone(JournalError):
    """The side file of a running game's secret is missing (its message says so);
    internal so that a read racing the writer's reveal reads the events again."""


class _Behind(Exception):
    """Internal: the journal's real last event is not the one this Journal knows
    (another program wrote in between); raised inside the write transaction."""


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
        key = ""
        code = getattr(exc, "sqlite_errorname", "") or ""
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_READONLY_RECOVERY")) or \
                text.startswith("database is locked"):
            raise JournalBusy(path, doing, _lock_holders(path)) from None
        if code == "SQLITE_FULL" or code.startswith(("SQLITE_IOERR_WRITE", "SQLITE_IOERR_FSYNC",
                                                        "SQLITE_IOERR_TRUNCATE")):
            # a full disk (or a file size limit) is not damage: nothing was written
            why = tx("journal.disk_full", "the disk is full or refuses writes ({error}); nothing was recorded: "
                     "free some space and try again", error=text if current() == "en" else code)
        elif "decode to UTF-8" in text:  # bytes overwritten inside a text value
            why = tx("journal.not_utf8", "damaged game journal (text that is not UTF-8)")
        elif isinstance(exc, sqlite3.DatabaseError) and (
                "malformed" in text or "not a database" in text or "disk I/O" in text):
            why = tx("journal.damaged_or_not_plain", "damaged, or not a game journal")
        elif "readonly" in text or "read-only" in text:
            from .clitext import on_read_only_fs, read_only_fs

            key = "journal_read_only"  # for the players: the game can only be watched here

            why = read_only_fs() if on_read_only_fs(path) else tx(
                "journal.read_only_file", "the file may only be read (read-only); copy it to a folder you can "
                "write to, or make it writable")
        elif "unable to open" in text:
            why = tx("journal.cannot_open_file", "the file cannot be opened; check that the file and its folder "
                     "exist and may be written")
        else:  # SQLite's own words are English: its error code names it for whoever helps
            why = text if current() == "en" else tx("journal.sqlite_other", "database error {code}",
                                                     code=code or type(exc).__name__)
        err = JournalError(f"{path}: {_cannot(doing)}: {why}")
        if key:
            err.key, err.values = key, {}
        raise err from None
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


# -- one writer per journal ----------------------------------------------------------
try:
    import fcntl as _fcntl
except ImportError:  # not a POSIX system: msvcrt's byte-range lock (also released at exit)
    _fcntl = None


def lock_path(path: str | Path) -> Path:
    """The writer lock file beside a journal (module docstring): ``<journal>-lock``."""
    path = Path(path)
    return path.with_name(path.name + "-lock")


def _lock_fd(fd: int, shared: bool = False) -> None:
    """Lock ``fd`` without waiting; BlockingIOError when another open file holds it."""
    if _fcntl is not None:
        _fcntl.flock(fd, (_fcntl.LOCK_SH if shared else _fcntl.LOCK_EX) | _fcntl.LOCK_NB)
        return
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        raise BlockingIOError(str(exc)) from None


def _unlock_fd(fd: int) -> None:
    if _fcntl is not None:
        _fcntl.flock(fd, _fcntl.LOCK_UN)
        return
    import msvcrt

    os.lseek(fd, 0, os.SEEK_SET)
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _read_writer(fd: int) -> Writer:
    """The Writer recorded in a lock file (after its first byte, which is the one
    locked on systems whose locks also stop reads)."""
    try:
        os.lseek(fd, 1, os.SEEK_SET)
        data = json.loads(os.read(fd, 4096))
        return Writer(int(data.get("pid", 0)), str(data.get("host", "")), str(data.get("program", "")),
                      float(data.get("since", 0.0)))
    except (OSError, ValueError, TypeError, AttributeError):
        return Writer()


def _program_name() -> str:
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return name if name and name not in ("-c", "-m", "__main__.py") else Path(sys.executable).name


class _WriterLock:
    """The writer lock of one journal (module docstring), held while it is open."""

    #: tries before a held lock counts as held (a lister's brief shared look, writer_of)
    TRIES = 5

    def __init__(self, journal: Path):
        self.journal = Path(journal)
        self.path = lock_path(journal)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise JournalInUse naming the writer that has it."""
        held = 0
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                _lock_fd(fd)
            except BlockingIOError:
                holder = _read_writer(fd)
                os.close(fd)
                held += 1
                if held >= self.TRIES:
                    raise JournalInUse(self.journal, holder) from None
                time.sleep(0.01 * held)
                continue
            except BaseException:
                os.close(fd)
                raise
            try:  # the file we locked is still the lock file (not one its last holder removed)
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except OSError:
                same = False
            if not same:
                os.close(fd)
                continue
            info = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "program": _program_name(),
                               "since": time.time()}).encode()
            try:
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, b"\n" + info)
            except OSError:
                pass  # who holds it is a courtesy to the refused; the lock itself is taken
            self._fd = fd
            return

    def release(self) -> None:
        """Give the lock back and remove its file (while still holding it, so that a
        writer waiting on the old file sees it gone and opens the new one)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        try:
            _unlock_fd(fd)
        except OSError:
            pass
        os.close(fd)

    def __del__(self):  # a Journal dropped without close() (e.g. at the end of a command)
        try:
            self.release()
        except Exception:  # noqa: BLE001 at interpreter exit: the system drops the lock anyway
            pass


def writer_of(path: str | Path) -> Writer | None:
    """Who has the game ``path`` open for writing now (a :class:`Writer`, possibly
    this process), or None when nobody has. Only looks: creates and writes nothing."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            _lock_fd(fd, shared=True)
        except BlockingIOError:
            return _read_writer(fd)
        except OSError:
            return None
        _unlock_fd(fd)
        return None
    finally:
        os.close(fd)


def _lock_holders(path: Path) -> list[tuple[str, int]]:
    """The other programs holding a write lock on the journal ``path`` (or its
    ``-wal``/``-shm``) as the system lists them (Linux: /proc/locks): (name, process
    id) each; [] when the system does not tell."""
    try:
        keys = set()
        for f in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            try:
                st = os.stat(f)
            except OSError:
                continue
            keys.add((os.major(st.st_dev), os.minor(st.st_dev), st.st_ino))
        with open("/proc/locks", encoding="ascii", errors="replace") as f:
            lines = f.read().splitlines()
    except (OSError, AttributeError):
        return []
    out = []
    for line in lines:
        parts = line.replace("->", "").split()
        try:
            i = parts.index("WRITE")
            pid = int(parts[i + 1])
            major, minor, ino = parts[i + 2].split(":")
            key = (int(major, 16), int(minor, 16), int(ino))
        except (ValueError, IndexError):
            continue
        if key not in keys or pid == os.getpid():
            continue
        try:
            name = Path(f"/proc/{pid}/comm").read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            name = ""
        if (name, pid) not in out:
            out.append((name, pid))
    return out


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
    """A read-only SQLite connection to the journal file ``path`` that never writes,
    creates or rewrites anything: not the file, not its ``-wal``, not SQLite's
    ``-shm`` index. The path is quoted into SQLite's URI form (a ``#`` or ``?`` in a
    file name stays part of the name).

    - no ``-wal`` beside it: nobody has it open (a writer keeps its ``-wal`` while it
      is open), every event is in the file itself: read as immutable;
    - a ``-wal`` (a game open, or one whose program was killed) with its ``-shm``:
      read through both, the index opened read-only (``readonly_shm``), so watching a
      game or listing it changes no byte of any of its files;
    - a ``-wal`` without its ``-shm`` (a copied folder): the two files are copied to
      a temporary folder, read there into memory, the copy removed.

    Raises sqlite3.Error (see :func:`_file_errors`); SQLITE_READONLY_RECOVERY or
    SQLITE_BUSY from a statement means a writer was busy at that instant: read again.
    """
    from urllib.parse import quote

    path = Path(path).resolve()
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    for attempt in range(4):
        had = (wal.exists(), shm.exists())
        try:
            if not had[0]:
                uri = f"file:{quote(str(path))}?mode=ro&immutable=1"
                return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            if not had[1]:
                return _copied_connection(path, wal)
            uri = f"file:{quote(str(path))}?mode=ro&readonly_shm=1"
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False,
                                   timeout=BUSY_WAIT_S)
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except BaseException:
                conn.close()
                raise
            return conn
        except (sqlite3.Error, OSError) as exc:
            code = getattr(exc, "sqlite_errorname", "") or ""
            if code.startswith(("SQLITE_BUSY", "SQLITE_READONLY_RECOVERY")):
                raise
            if (wal.exists(), shm.exists()) != had and attempt < 3:
                continue  # a writer opened or closed the game meanwhile: look again
            if all(had) and isinstance(exc, sqlite3.Error):
                return _copied_connection(path, wal)  # an index SQLite cannot read as it is: read a copy
            raise
    raise AssertionError("unreachable")


def _copied_connection(path: Path, wal: Path) -> sqlite3.Connection:
    """The journal ``path`` with its ``wal`` read from copies, into memory."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="journal-") as tmp:
        copy = Path(tmp) / "g.sqlite"
        shutil.copyfile(path, copy)
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
        src = sqlite3.connect(str(copy), isolation_level=None)
        try:
            mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            src.backup(mem)
        finally:
            src.close()
    return mem


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
        self._lock: _WriterLock | None = None
        self._readonly = False
        self._watching: Writer | None = None
        #: False while the last commit's passive checkpoint could not copy every
        #: event into the file (a reader held an older snapshot): the next commit
        #: or close() copies it
        self.whole_in_file = True
        self.game = game
        self.rules = rules_module(game)
        #: action types that undo never crosses (the game's ``UNDO_BARRIERS``)
        self.undo_barriers = frozenset(self.rules.UNDO_BARRIERS)
        self._barrier = getattr(self.rules, "undo_barrier", None)  # optional: a barrier by the action's content
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
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=BUSY_WAIT_S)
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
        lock = _WriterLock(path)
        with _file_errors(path, "create the game journal"):
            lock.acquire()  # JournalInUse: another screen is creating this very file
        try:
            if path.exists():  # made by that other screen before we had the lock
                raise JournalError(f"{path}: " + tx("journal.exists", "already exists; choose another file name "
                                                    "(replay or export it to see that game)"))
            j = cls._create_locked(path, game, setup, keys)
        except BaseException:
            lock.release()
            raise
        j._lock = lock
        return j

    @classmethod
    def _create_locked(cls, path: Path, game: str, setup: dict, keys: list) -> "Journal":
        """:meth:`create` once the writer lock is held."""
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
        j._checkpoint()
        return j

    @classmethod
    def open(cls, path: str | Path, readonly: bool = False, watch: bool = True) -> "Journal":
        """Open an existing journal and replay it to the current state.

        ``readonly``: for commands that only read (replay, export, print) and to watch
        a game open elsewhere: the file is opened in SQLite's read-only mode and
        nothing is written, created or rewritten (:func:`readonly_connection`);
        :meth:`append`, :meth:`note` and :meth:`undo` then raise JournalError and
        :meth:`refresh` reads what the writer added since.

        Otherwise the game's writer lock is taken first (module docstring). When the
        game is open for writing elsewhere (another process, or another Journal of
        this one) it is opened to watch it: :attr:`watching` is the :class:`Writer`
        that has it, :meth:`refresh` follows its events, and every write raises
        JournalInUse ("this game is open on another screen") until that writer closes
        it; the first write after that takes the lock, reads the events again and
        checks its move against them. ``watch=False``: JournalInUse at once instead.

        Raises JournalError if the file is missing, empty, damaged, not a Table
        Companion journal, or holds an event this version cannot read; the message
        names the file (and the event). JournalBusy when another program holds the
        file's lock for longer than :data:`BUSY_WAIT_S` (read-only: a writer busy at
        that instant several times over).
        """
        path = Path(path)
        if readonly:
            for attempt in range(6):
                try:
                    return cls._open(path, True)
                except JournalBusy:
                    if attempt == 5:
                        raise
                    time.sleep(0.02 * (attempt + 1))
        cls._check_file(path)
        lock = _WriterLock(path)
        try:
            with _file_errors(path, "write the game journal"):
                lock.acquire()
        except JournalInUse as exc:  # open on another screen: watch it
            if not watch:
                raise
            j = cls.open(path, readonly=True)
            j._readonly, j._watching = False, exc.holder
            return j
        try:
            j = cls._open(path, False)
        except BaseException:
            lock.release()
            raise
        j._lock = lock
        j._reveal_if_over()  # a game ended while its file was busy: its secret now
        return j

    @staticmethod
    def _check_file(path: Path) -> None:
        """JournalError for a path that is no file, or an empty one."""
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

    @classmethod
    def _open(cls, path: Path, readonly: bool) -> "Journal":
        """:meth:`open`'s reading, once the writer lock is held (not read-only)."""
        cls._check_file(path)
        conn = None
        unwritten_at_start = not path.with_name(path.name + "-wal").exists()
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
        if readonly:  # read: no connection stays open (:meth:`_load` looks again when asked)
            conn.close()
            j._conn = None
            if unwritten_at_start and path.with_name(path.name + "-wal").exists():
                j._load()  # a writer opened the game while it was read as immutable: read again
        return j

    @property
    def game_id(self) -> str:
        """The game's name, fixed when it was created (the file name then): printed
        on its pages, so a renamed or copied file prints the same papers."""
        return getattr(self, "_game_id", None) or self.path.stem

    @property
    def readonly(self) -> bool:
        """True when opened read-only (nothing can be added)."""
        return self._readonly

    @property
    def watching(self) -> Writer | None:
        """The writer that has this game open elsewhere while this Journal watches it
        (:meth:`open`), else None."""
        return self._watching

    def _take_over(self) -> None:
        """A watched game's first write: take the writer lock (JournalInUse while the
        other writer still has it), open the file for writing and read its events
        again (:class:`_Behind` when there are new ones: the move is read again)."""
        known = self._events[-1].seq if self._events else 0
        lock = _WriterLock(self.path)
        lock.TRIES = 1
        try:
            with _file_errors(self.path, "write the game journal"):
                lock.acquire()
        except JournalInUse as exc:
            self._watching = exc.holder
            raise
        try:
            with _file_errors(self.path, "write the game journal"):
                conn = self._connect(self.path)
        except BaseException:
            lock.release()
            raise
        self._conn, self._lock, self._watching = conn, lock, None
        self._load()
        if (self._events[-1].seq if self._events else 0) != known:
            raise _Behind(known)

    @property
    def last_event_at(self) -> float:
        """Unix time (s) of the journal's last event: when the game was last played."""
        return self._events[-1].at if self._events else 0.0

    def close(self) -> None:
        """Close the file (its ``-wal`` folded into it by SQLite) and give the writer
        lock back. Closing twice does nothing."""
        if getattr(self, "_closed", False):
            return
        self._closed = True
        try:
            if self._lock is not None:
                self._reveal_if_over()
            if self._conn is not None:
                self._conn.close()
        except sqlite3.Error:
            pass  # an already closed connection
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- replay --------------------------------------------------------------
    def _load(self) -> None:
        """Read every event and replay them. A read-only or watching Journal keeps no
        connection open between reads: SQLite shares a file's ``-shm`` index within
        a process, and one opened read-only (:func:`readonly_connection`) would make
        a writer of this process that opens the file meanwhile unable to write."""
        for attempt in range(3):
            try:
                self._read_events()
                return
            except _SecretGone:
                if attempt == 2:
                    raise
                # the writer revealed the secret and removed its side file after our
                # read of the events: read them again, the reveal among them

    def _read_events(self) -> None:
        wal = self.path.with_name(self.path.name + "-wal")
        for attempt in range(3):
            unwritten = self._conn is None and not wal.exists()  # read as immutable
            with _file_errors(self.path, "read the game journal"):
                conn = self._conn if self._conn is not None else readonly_connection(self.path)
                try:
                    rows = conn.execute("SELECT seq, kind, payload, source, at FROM events ORDER BY seq").fetchall()
                finally:
                    if conn is not self._conn:
                        conn.close()
            if not (unwritten and wal.exists()) or attempt == 2:
                break  # else a writer opened the game while it was read as immutable: read again
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
        kept = self._events, getattr(self, "_full_setup", None)
        self._events = events
        try:
            self._rebuild()
        except BaseException:  # the journal stays as it was read before
            self._events, self._full_setup = kept
            raise

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
            raise _SecretGone(f"{self.path}: " + tx(
                "journal.secret_missing", "its secret ({keys}) is kept beside it in {file} until the game ends, "
                "and that file is missing: copy it with the journal", keys=", ".join(keys), file=side.name)) from None
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise JournalError(f"{side}: " + tx("journal.secret_unreadable", "cannot read the game's secret ({why})",
                                                why=data_fault(exc))) from None
        return secret

    def _reveal_if_over(self) -> None:
        """Once the game is over, write the secret into the journal (once). A file
        busy at that moment keeps the secret in its side file until the next write,
        close or opening for writing (the move before it is committed either way)."""
        def reveal() -> None:
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

        if self._readonly or self._watching is not None:
            return
        try:
            self._retrying(reveal)
        except JournalBusy:
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

    # -- reading what others wrote -------------------------------------------------
    def refresh(self) -> int:
        """Read the events added to the file since it was opened or last refreshed
        (by the writer of a game watched read-only). Returns how many there are (0:
        nothing new; the state is then unchanged). Raises JournalError as
        :meth:`open` does (JournalBusy: a writer busy at that instant, try again)."""
        before = len(self._events)
        self._load()  # read-only: a new look each time (the file may have gone from immutable to written)
        return len(self._events) - before

    # -- writing -------------------------------------------------------------
    def _write(self, kind: str, payload: dict, source: str) -> Event:
        return self._write_all([(kind, payload, source)])[0]

    def _write_all(self, rows: Sequence[tuple[str, dict, str]]) -> list[Event]:
        """Write (kind, payload, source) rows in one transaction (all or none), right
        after the journal's real last event: :class:`_Behind` (nothing written, the
        events read again) when the file's last event is not the one known here.
        Then a passive checkpoint copies them into the file (module docstring).
        JournalBusy when another program holds the file's write lock."""
        if self._readonly:
            err = JournalError(f"{self.path}: " + tx("journal.read_only", "opened read-only; nothing can be added"))
            err.key, err.values = "journal_read_only", {}
            raise err
        if self._watching is not None:
            self._take_over()
        at = time.time()
        out = []
        known = self._events[-1].seq if self._events else 0
        try:
            with _file_errors(self.path, "write the game journal"), self._conn:
                self._conn.execute("BEGIN IMMEDIATE")
                last = self._conn.execute("SELECT max(seq) FROM events").fetchone()[0]
                if last != known:
                    raise _Behind(last)
                for kind, payload, source in rows:
                    text = json.dumps(payload, sort_keys=True)
                    cur = self._conn.execute("INSERT INTO events (kind, payload, source, at) VALUES (?, ?, ?, ?)",
                                             (kind, text, source, at))
                    out.append(Event(cur.lastrowid, kind, json.loads(text), source, at))
        except _Behind:
            self._load()  # the real game, against which the caller checks its move again
            raise
        finally:
            if self._conn.in_transaction:  # a commit refused (busy): nothing stays half-begun
                try:
                    self._conn.rollback()
                except sqlite3.Error:
                    pass
        self._events.extend(out)
        self._checkpoint()
        return out

    def _checkpoint(self) -> None:
        """Copy the committed events from the ``-wal`` into the file (SQLite's passive
        checkpoint: it never waits for a reader). :attr:`whole_in_file` says whether
        every event made it (a reader holding an older snapshot keeps the newest ones
        in the ``-wal`` until the next commit or close)."""
        try:
            busy, log, done = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:  # committed already: only the copy into the file waits
            self.whole_in_file = False
            return
        self.whole_in_file = not busy and log == done

    def _retrying(self, write):
        """Run ``write`` (a note: it depends on no state) and, when another program
        wrote in between (:class:`_Behind`), again after the events read again."""
        for _ in range(3):
            try:
                return write()
            except _Behind:
                continue
        raise JournalChanged(self.path)

    def _checked(self, write):
        """Run ``write`` (which checks its move against the state, then writes);
        JournalChanged when another program wrote in between: the move was read
        against a game that is no more, so it is never written as it is (a move
        legal again would be a move twice)."""
        try:
            return write()
        except _Behind:
            raise JournalChanged(self.path) from None

    def append(self, action, source: str = "manual") -> Event:
        """Validate ``action`` with the engine, write it, then make it take effect.

        ``action`` is an engine action object or its dict form. Raises RuleError
        (nothing written, state unchanged) if the rules do not allow it.
        JournalChanged (nothing written; the events read again, the state now the
        real game's) when the file's last event is not the one this move was read
        against: another program wrote in between. JournalBusy (nothing written,
        state unchanged: the move is pending) when another program holds the file.
        """
        if isinstance(action, dict):
            action = self.rules.action_from_dict(action)
        resolve = optional(self.rules, "resolve_action")

        def write() -> Event:
            # the action as it turned out (e.g. the signal a dial showed)
            done = resolve(self._state, action) if resolve is not None else action
            new_state = self.rules.apply(self._state, done)  # raises RuleError
            ev = self._write("action", self.rules.action_to_dict(done), source)
            self._state = new_state
            self._timeline.append((ev.seq, new_state))
            return ev

        ev = self._checked(write)
        self._reveal_if_over()
        return ev

    def revise(self, take_back: Sequence[int], then: Sequence[tuple[Any, str]], why: dict) -> list[Event]:
        """Rewrite the end of the game without losing anything: the effective actions
        ``take_back`` (journal seqs, anywhere in the game) stop counting, each through
        an ``undo`` event ``{"target": seq, **why}``, and ``then`` ((engine action or
        its dict, source) pairs) are appended after them, in order.

        Unlike :meth:`undo` this is not a player's take-back: the app uses it when a
        correction of the camera's reading is removed (play/corrections.py) and the game
        is replayed without it. Every action left and appended is checked with the
        engine first; the events are written in one transaction. Raises RuleError
        (nothing written, state unchanged) when the result does not replay, KeyError
        for a seq that is not an effective action, JournalChanged and JournalBusy as
        :meth:`append`.
        Returns the appended action events.
        """
        def write() -> list[Event]:
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
            return self._write_all(rows)

        written = self._checked(write)
        self._rebuild()
        self._reveal_if_over()
        return [e for e in written if e.kind == "action"]

    def note(self, payload: dict, source: str = "manual") -> Event:
        """Record a note (no effect on the game state), e.g. an observation fix.
        JournalBusy as :meth:`append`."""
        return self._retrying(lambda: self._write("note", dict(payload), source))

    def is_undo_barrier(self, payload: dict) -> bool:
        """True when the action ``payload`` revealed hidden information, so undo never
        crosses it: the rules' optional ``undo_barrier(payload)`` (a barrier that
        depends on what the action holds), else its type in ``UNDO_BARRIERS``."""
        if callable(self._barrier):
            return bool(self._barrier(payload))
        return _action_type(payload) in self.undo_barriers

    def undoable(self, player: int) -> Event | None:
        """The last effective action if ``player`` may take it back, else None."""
        effective = self._effective_action_events()
        if not effective:
            return None
        last = effective[-1]
        if self.is_undo_barrier(last.payload):
            return None
        if _action_player(last.payload) != player:
            return None
        return last

    def undo(self, player: int) -> Event:
        """Take back ``player``'s last action.

        Rule (online board games' custom): only your own last action, never across
        an action that revealed hidden information (the game's ``UNDO_BARRIERS``,
        e.g. a headline card draw). Raises RuleError when not allowed
        (nothing written), JournalChanged and JournalBusy as :meth:`append`.
        """
        return self._checked(lambda: self._undo(player))

    def _undo(self, player: int) -> Event:
        target = self.undoable(player)
        if target is None:
            effective = self._effective_action_events()
            if not effective:
                why = "there is no action to take back"
            elif self.is_undo_barrier(effective[-1].payload):
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
