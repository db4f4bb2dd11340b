"""``companion demo``: a recorded (or live) table through the whole line.

frame source -> vision pipeline -> the table loop (play.runner: the game's observer
-> rules engine -> journal) -> printing. The game, its rules, observer and pages
come from companion.registry; a recording's ``recording.json`` names its ``game``
(one naming none is of the first format, companion.journal.LEGACY_GAME). As the
game is played the demo prints what each step scored, in the game's own words (its
rules' ``scoring_text``; else, per journalled action in order, what it moved on the
score sheet, the final scoring's lines and the final scores at the end), and
writes the pages each step makes due (play.pages: e.g. a press's front page, the
final receipt) to the output folder as preview PNGs (the very raster sent) and
ESC/POS files (``.bin``); with ``--printer`` the same pages also go to a real
printer through the print queue.

Recordings are folders with ``recording.json`` (see docs/renderer.md): the frames
(video or image pattern), the players and their setup and, for the bundled ones
(play.recordings), the ground-truth journal; the demo then checks its scores
against it.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion import clitext, registry
from companion.clitext import tx, txn
from companion.datafile import data_fault, read_json
from companion.errors import CompanionError, UsageError
from companion.registry import game_arg as _game_arg
from companion.journal import total_scores

from . import recordings
from .pages import PageWriter, draw_due, pages_due
from .runner import reads_setup

EXIT_QUEUED = 3  # pages kept in the print queue (as `companion print`)
EXIT_MISMATCH = 4


@dataclass
class Recording:
    """A recording to play: frame source spec, players, first player, optional
    ground truth (setup + actions + final scores).

    players: the seats in turn order as the journal's setup writes them (dicts with
    ``colour``, ``name``, ``paper``; a colour "" takes the game's next free one).
    setup: the recorded setup (the journal's setup form) when known: a game whose
    observer reads its setup off the table (play.runner.reads_setup) checks the
    table against it; any other game's journal starts from it."""

    source: str | int
    players: list
    first_player: int | None = 0
    name: str = "live"
    truth: dict | None = None
    fps: float | None = None
    game: str = field(default_factory=lambda: registry.default().id)
    setup: dict | None = None
    #: the players' entries in the app, in journal order (see :func:`apply_entries`)
    entries: list = field(default_factory=list)
    #: frames in the recording (its meta.json), None when unknown (a camera, a video)
    frame_count: int | None = None


def load_recording(path: str | Path) -> Recording:
    """Read a recording folder (``recording.json``; one naming no game is of the
    first format, companion.journal.LEGACY_GAME). Raises CompanionError."""
    from companion.journal import LEGACY_GAME

    path = Path(path)
    meta_path = path / "recording.json"
    meta = read_json(meta_path)  # DataFileError naming the file and line
    try:
        frames = meta["frames"]
        setup = dict(meta.get("setup") or {})
        game = registry.get(str(meta.get("game") or LEGACY_GAME)).id
        players = [dict(p) for p in setup["players"]]
        entries = list(meta.get("entries") or [])
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise CompanionError(tx("demo.recording_bad", "{path}: not a recording's description ({why})",
                                path=meta_path, why=data_fault(exc))) from None
    truth = None
    if meta.get("truth"):
        truth_path = path / str(meta["truth"])
        truth = read_json(truth_path, kind=None)  # DataFileError naming the file and line
    count = None
    try:
        count = int(json.loads((path / "meta.json").read_text(encoding="utf-8"))["frames"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return Recording(str(path / frames), players, int(setup.get("first_player", 0)), path.name, truth,
                     meta.get("fps"), game, setup, entries, count)


def apply_entries(runner, entries: list, pos: int) -> int:
    """Apply the players' entries that are due: each ``{"index": k, ...}`` is entered
    when the journal holds k actions: ``"action"`` (a dict of the game's actions,
    e.g. bids revealed in the app) is journalled with source ``player``; ``"tap"``
    (what the camera cannot read, e.g. the shields on a card for sale) goes to the
    observer's ``enter``. Returns the position of the next entry (an entry the
    journal's file refused for now, JournalBusy, is due again)."""
    from companion.journal import JournalBusy

    j = runner.journal
    while j is not None and pos < len(entries) and int(entries[pos]["index"]) <= (done := len(j.actions())):
        e = entries[pos]
        if int(e["index"]) == done:
            if "action" in e:
                try:
                    j.append(runner.rules.action_from_dict(e["action"]), source="player")
                except JournalBusy:  # another program holds the file: this entry again next frame
                    return pos
            elif "tap" in e:
                runner.enter(e["tap"])
            runner.read_again()  # the same table reads differently now
        pos += 1
    return pos


def player_range(game: str) -> tuple[int, int]:
    """(min, max) seats of ``game``, from the game registry."""
    spec = registry.get(game)
    return spec.min_players, spec.max_players


def check_player_count(n: int, game: str) -> None:
    """Raise UsageError (a CompanionError: exit 2, a command line not understood)
    unless ``n`` players may play ``game`` (its registry range)."""
    spec = registry.get(game)
    if not spec.min_players <= n <= spec.max_players:
        raise UsageError(tx("demo.players_range", "--players {n}: {game} is for {lo}..{hi} players", n=n,
                                game=spec.name(_lang()), lo=spec.min_players, hi=spec.max_players))


def own_source_refusal(game: str) -> str | None:
    """Why ``game`` cannot be played from your own video/folder or a live camera,
    or None when it can: a game starts from the camera alone when its observer reads
    the setup off the table (play.runner.reads_setup); other games need the setup the
    players enter in the app, which only a bundled recording carries."""
    spec = registry.get(game)
    if reads_setup(spec):
        return None
    name = spec.name(_lang())
    if spec.recordings:
        return tx("demo.own_source_refused", "{game} cannot start from your own recording or camera yet (its "
                  "setup is entered in the app); play its bundled recording: {command}", game=name,
                  command=f"companion demo --game {spec.id}")
    return tx("demo.no_recording_no_source", "{game} has no bundled recording yet, and own recordings/cameras "
              "of {game} are not supported yet (play it in the app: {command})", game=name, command="companion app")


def default_players(n: int, game: str) -> list[dict]:
    """``n`` seats for your own video or camera: no names, the game's colours in its
    order (the observer gives each seat its colour). Raises CompanionError when
    ``game`` cannot start from the camera, UsageError for a player count it does not
    allow."""
    refusal = own_source_refusal(game)
    if refusal:
        raise CompanionError(refusal)
    check_player_count(n, game)
    return [{"colour": "", "name": "", "paper": ""} for _ in range(n)]


# ------------------------------------------------------------------ printing


def final_scores_text(state, game: str, lang: str) -> str:
    """The end of a game whose rules tell no scoring of their own (no
    ``scoring_text``, companion.registry.RulesExtras): each player's final score in
    the game's unit, named as the game names them (its ``score_sheet``: given name,
    else colour, else seat), the winners marked; in ``lang``."""
    spec = registry.get(game)
    sheet = spec.rules_module().score_sheet(state, lang)
    winners = set(getattr(state.final, "winners", ()) or ())
    winner = "  " + tx("demo.winner", "<- winner")
    rows = [f"  {seat.name}: {spec.count(seat.total, lang)}{winner if seat.seat in winners else ''}"
            for seat in sheet.seats]
    return "\n".join([tx("demo.final_scores", "Final scores:")] + rows)


def _sheet_lines(seat) -> dict[str, int]:
    """A seat's score-sheet lines by label, in the sheet's order (a label that comes
    twice is one line of their sum)."""
    out: dict[str, int] = {}
    for ln in seat.lines:
        out[ln.label] = out.get(ln.label, 0) + ln.amount
    return out


def _line_changes(old, new) -> list[str]:
    """The lines of a seat's sheet that changed from ``old`` to ``new``, each as
    ``label before → after`` (``label +n`` for a new line, ``label before → 0`` for
    one gone): their changes add up to the seat's."""
    was, now = _sheet_lines(old), _sheet_lines(new)
    out = []
    for label in list(now) + [lb for lb in was if lb not in now]:
        a, b = was.get(label), now.get(label)
        if (a or 0) == (b or 0):
            continue
        out.append(f"{label} {b:+d}" if a is None else f"{label} {a} → {b or 0}")
    return out


def step_scores_text(rules, spec, before, after, lang: str, what: str = "", every_line: bool = False) -> str:
    """What one journalled action of a game with no ``scoring_text`` of its own
    scored, in ``lang`` and the game's own words (its ``score_sheet``'s lines: an
    evaluation, a payment): a head naming the action (``what``: the game's
    ``describe_action``), then each player whose score changed, named as everywhere
    (companion.naming.player_name), with the change, every sheet line that changed
    (``label before → after``: the changes add up to the player's) and the total in
    the game's unit. ``before``/``after``: the states just before and after that one
    action. ``every_line``: also a player whose lines changed but not the total (a
    purse paid into a card for sale), so that no line's value jumps between steps.
    "" when nothing shown changed or the action ended the game (then
    :func:`final_step_text`)."""
    if before is None or after is None or after.is_over:
        return ""
    if not every_line and total_scores(before) == total_scores(after):
        return ""
    old_sheet, new_sheet = rules.score_sheet(before, lang), rules.score_sheet(after, lang)
    sep = tx("demo.step_sep", "; ")
    rows = []
    for old, new in zip(old_sheet.seats, new_sheet.seats):
        fresh = _line_changes(old, new)
        if old.total == new.total and not (every_line and fresh):
            continue
        why = f" ({sep.join(fresh)})" if fresh else ""
        rows.append(f"  {new.name}: {new.total - old.total:+d}{why} = {spec.count(new.total, lang)}")
    if not rows:
        return ""
    head = (tx("demo.step_after", "Scores after: {what}", what=what) if what
            else tx("demo.step_scores", "Scores changed:"))
    return "\n".join([head] + rows)


def final_step_text(rules, spec, before, after, lang: str, what: str = "") -> str:
    """The action that ended a game with no ``scoring_text`` of its own and the
    final scoring it brought, in ``lang``: a head naming the action (``what``), then
    every player, with the change from ``before`` (the state just before that
    action), the score before, and the final sheet's lines that make the final total
    (they add up to it). "" unless ``after`` is over."""
    if before is None or after is None or not after.is_over:
        return ""
    old_sheet, new_sheet = rules.score_sheet(before, lang), rules.score_sheet(after, lang)
    rows = []
    for old, new in zip(old_sheet.seats, new_sheet.seats):
        terms = ""
        for i, ln in enumerate(new.lines):
            amount = ln.amount if i == 0 else abs(ln.amount)
            terms += (f"{ln.label} {amount}" if i == 0 else
                      f" {'-' if ln.amount < 0 else '+'} {ln.label} {amount}")
        lines = tx("demo.final_step_lines", "was {before}; final scoring: {terms}",
                   before=spec.count(old.total, lang), terms=terms)
        rows.append(f"  {new.name}: {new.total - old.total:+d} ({lines}) = {spec.count(new.total, lang)}")
    head = (tx("demo.final_step_after", "Scores after: {what}, then the final scoring", what=what) if what
            else tx("demo.final_step", "The final scoring:"))
    return "\n".join([head] + rows)


def action_step_text(rules, spec, before, after, action, lang: str) -> str:
    """The score breakdown of one journalled ``action`` (``before``/``after``: the
    states just before and after it, from the journal), named by the game's
    ``describe_action``: :func:`final_step_text` when it ended the game, else
    :func:`step_scores_text` with every sheet line that moved. "" when nothing did."""
    what = rules.describe_action(action, before, lang)
    if after.is_over:
        return final_step_text(rules, spec, before, after, lang, what)
    return step_scores_text(rules, spec, before, after, lang, what, every_line=True)


def action_steps_text(rules, spec, timeline, actions, lang: str, start: int = 0) -> list[str]:
    """The score breakdown of each journalled action from ``start`` on (0-based, in
    the journal's order; :func:`action_step_text`), one text per action that moved
    a sheet line or ended the game: ``timeline`` is the journal's ``[(seq,
    state_after)]`` (the setup first) and ``actions`` its effective actions, so
    action ``i`` goes from ``timeline[i]`` to ``timeline[i + 1]``."""
    out = []
    for i in range(start, min(len(actions), len(timeline) - 1)):
        text = action_step_text(rules, spec, timeline[i][1], timeline[i + 1][1], actions[i], lang)
        if text:
            out.append(text)
    return out


def adopt_old_queue(writer, out_dir: Path, queue_dir) -> tuple[list[str], Path | None]:
    """Move the pages an older demo kept in its own ``out_dir/print-queue`` into the
    print queue every command uses (printing.queue.PrintQueue.adopt: nothing lost or
    printed twice). Returns (the jobs moved, the queue's folder)."""
    old = out_dir / "print-queue"
    if not old.is_dir():
        return [], None
    from printing.queue import PrintQueue

    queue = writer.queue if writer.queue is not None else PrintQueue(queue_dir)
    return queue.adopt(old), queue.folder


def flush_pages(writer, queue_dir, wait_s: float = 20.0) -> str:
    """Give the printer ``wait_s`` to take the queued pages; what the players are told
    ("" without a printer): how many of this demo's pages are still queued (jobs other
    commands left in the queue are not counted), else that all were sent."""
    if writer.queue is None:
        return ""
    writer.queue.drain(wait_s, targets={str(writer.target)})  # this printer's (other printers: print-queue's)
    pending = writer.pending()  # this demo's pages only, never what other commands left queued
    if pending:
        return txn("demo.pages_queued", "{n} page still queued for {target} (printer off?): run {command} "
                   "when it is back", "{n} pages still queued for {target} (printer off?): run {command} "
                   "when it is back", len(pending), target=writer.target,
                   command="`companion print-queue" + (f" --queue {writer.queue.folder}`" if queue_dir else "`"))
    return tx("demo.pages_sent", "all pages sent to {target}", target=writer.target)


def _write_due(writer, game: str, state, requests, lang: str, game_id: str) -> None:
    """Write the pages of due ``requests`` (play.pages.pages_due) under the game's own
    names; the final page(s) as ``final-receipt`` (``-2``, ``-3`` ...)."""
    for request in requests:
        pages = draw_due(game, state, request, lang=lang, width=writer.cfg.width_dots, game_id=game_id)
        for i, (name, image) in enumerate(pages):
            if request.what == "final":
                name = "final-receipt" if i == 0 else f"final-receipt-{i + 1}"
            writer.write(name, image)


# ---------------------------------------------------------------------- run


@dataclass
class DemoResult:
    """What a demo run produced (for tests and the exit code)."""

    journal_path: Path
    state: object | None
    frames: int = 0            # frames read
    seconds: float = 0.0
    pages: list[Path] = field(default_factory=list)
    matches_truth: bool | None = None
    reports: list[str] = field(default_factory=list)
    queued: bool = False
    total_frames: int | None = None  # frames in the recording (None: a camera, unknown)


#: a file in a demo's output folder naming what made it (a bundled recording's path,
#: else the source): only a bundled recording's own output is rebuilt in place
ORIGIN_FILE = "demo-source.txt"


def _keep_aside(out_dir: Path, files: list[Path], journal_path: Path) -> Path:
    """Move ``files`` (an earlier game's journal and pages in ``out_dir``) to a new
    folder ``out_dir/earlier/<time of the journal, else now>``; returns it."""
    src = journal_path if journal_path.exists() else files[0]
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(src.stat().st_mtime))
    dest = out_dir / "earlier" / stamp
    k = 2
    while dest.exists():
        dest = out_dir / "earlier" / f"{stamp}-{k}"
        k += 1
    dest.mkdir(parents=True)
    for f in files:
        os.replace(f, dest / f.name)
    return dest


def _close(source) -> None:
    close = getattr(source, "close", None)
    if close:
        close()


def _no_frame(rec: Recording, source) -> CompanionError:
    """The error for a source that gave no frame, with its last event (why)."""
    src_name = _src_name(rec)
    last = next((e.message for e in reversed(getattr(source, "events", ())) if e.kind != "closed"), "")
    if last:
        return CompanionError(tx("demo.no_frame_why", "{source}: no frame could be read ({why})",
                                 source=src_name, why=last.rstrip(".?!")))
    return CompanionError(tx("demo.no_frame", "{source}: no frame could be read", source=src_name))


def _src_name(rec: Recording) -> str:
    """The frame source as the CLI names it: ``camera 0``, a path, or the recording's name."""
    if isinstance(rec.source, int):
        return tx("demo.camera_n", "camera {n}", n=rec.source)
    return rec.source if isinstance(rec.source, str) else rec.name


def progress_bar(name: str, progress: bool, file=None):
    """The demo's tqdm bar on stderr (or ``file``): the frames read so far and the time,
    described in the command line's language (no English unit or rate); shown only
    on a terminal and when ``progress``."""
    from tqdm import tqdm

    return tqdm(desc=tx("demo.progress", "demo {name}, frames", name=name), bar_format=clitext.BAR_COUNT,
                disable=None if progress else True, file=file or sys.stderr, leave=False)


def _lang() -> str:
    from companion import clitext

    return clitext.current()


def _report_text(report) -> str:
    """An observer report as the CLI prints it: ``[warn] ...`` in the CLI's language
    (companion.clitext.report_text: the words registered for reports; English: the
    report's own)."""
    from companion import clitext

    levels = {"info": tx("demo.level.info", "info"), "warn": tx("demo.level.warn", "warn"),
              "warning": tx("demo.level.warn", "warn"), "error": tx("demo.level.error", "error")}
    return f"[{levels.get(report.level, report.level)}] {clitext.report_text(report)}"


def run_demo(rec: Recording, out_dir: Path, *, lang: str = "en", paper_mm: int | None = None,
             printer: str | None = None, progress: bool = True, echo=print, max_frames: int | None = None,
             reader=None, warn=None, lens=None, camera_settings=None, rebuilds: str | None = None,
             queue: Path | str | None = None) -> DemoResult:
    """Play ``rec`` through the pipeline; see the module docstring.

    ``echo`` gets the results (press scores, ranking: stdout by default), ``warn``
    the warnings and problems (stderr by default; ``echo`` when only ``echo`` is given).
    ``lens``: a lens file for a live camera or your own video
    (``vision.register.registrar_for``). An earlier game's journal and pages in
    ``out_dir`` (the same camera or video run again, or another source of the same
    name) are moved to ``out_dir/earlier/<its time>/``, never deleted, unless they
    are the output of ``rebuilds`` (a bundled recording's path: it rebuilds the very
    same game), which is replaced. The output's origin is kept in
    ``out_dir/demo-source.txt``. Pages for ``printer`` go to the print queue
    ``queue`` (default: the user's, the one `companion print-queue` sends); jobs an
    older demo kept in ``out_dir/print-queue`` are moved into it.
    Raises CompanionError for a source that cannot be opened or gives no frame, and
    for a game that never started (naming why: e.g. the initial headline cards seen
    do not match the number of players).
    """
    if warn is None:
        warn = (lambda text: print(text, file=sys.stderr)) if echo is print else echo

    from vision.sources import open_live

    from companion.observing import SetupRequest

    from .runner import GameRunner

    if reader is None:
        from vision.pipeline import pipeline_for

        # a recording's own lens file (never the user's: another camera filmed it);
        # a live camera or your own video: --lens, else your calibration, else estimated
        reader = pipeline_for(rec.source, lens, game=rec.game)
    # no bar in a file or a pipe (tqdm's None: only on a terminal)
    bar = progress_bar(rec.name, progress)
    from .camera import PictureWatch, as_report, picture_event_news

    def on_event(ev) -> None:  # the camera dropping or coming back is news for the players
        news = picture_event_news(ev, getattr(source, "source", source))
        if news is not None:  # the picture went dark (never frozen) or shows the table again
            bar.clear()
            warn(_report_text(as_report(news)))
        elif ev.kind == "damaged":  # an image file cut short: read, but the players are told
            bar.clear()
            warn("[" + tx("demo.tag_image", "image") + "] " + ev.message)
        elif ev.kind in ("dropped", "reconnecting", "reconnected", "gave_up", "mode") or (
                ev.kind == "opened" and isinstance(rec.source, int)):
            bar.clear()
            warn("[" + tx("demo.tag_camera", "camera") + "] " + ev.message)

    # a live camera goes through the latest-frame reader (never a stale frame from the
    # driver's queue), asked for camera_settings (default: the reference 4K mode)
    kw = {"settings": camera_settings} if camera_settings is not None else {}
    source = None
    try:
        source = (open_live(rec.source, on_event=on_event, **kw) if isinstance(rec.source, (str, int))
                  else rec.source)
        frame_iter = iter(source)
        first = next(frame_iter, None)  # the source opened: only now is anything written
        if first is None:
            raise _no_frame(rec, source)
    except BaseException:
        bar.close()  # end the bar's line before the error is printed
        _close(source)
        raise
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        journal_path = out_dir / f"{rec.name}.sqlite"  # the file name is the game id printed on the pages
        # the printer is checked before anything of an earlier game is touched
        from printing.profiles import load_config

        # one print queue for every command: `companion print`'s and `print-queue`'s (--queue, else the user's)
        pages = PageWriter(out_dir, load_config(None, **({"paper_mm": paper_mm} if paper_mm else {})),
                           printer=printer, queue_dir=queue)
        moved, into = adopt_old_queue(pages, out_dir, queue)
        if moved:
            warn(txn("demo.queue_moved", "{n} page an earlier demo kept in {old} moved to the print queue {new}",
                     "{n} pages an earlier demo kept in {old} moved to the print queue {new}",
                     len(moved), old=out_dir / "print-queue", new=into))
        # its journal and pages (older versions named the press pages press*)
        earlier = [p for p in [journal_path, *out_dir.glob(f"{rec.name}.sqlite-*"), *out_dir.glob("press*.png"),
                               *out_dir.glob("press*.bin"), *out_dir.glob("final-receipt*.png"),
                               *out_dir.glob("final-receipt*.bin"), *out_dir.glob(f"{rec.name}-*.png"),
                               *out_dir.glob(f"{rec.name}-*.bin")] if p.exists()]
        origin = out_dir / ORIGIN_FILE
        was = origin.read_text(encoding="utf-8").strip() if origin.is_file() else None
        if earlier and not (rebuilds is not None and was == rebuilds):
            kept = _keep_aside(out_dir, earlier + ([origin] if was is not None else []), journal_path)
            warn(tx("demo.earlier_kept", "the earlier game's journal and pages are kept in {dir}", dir=kept))
        else:
            for stale in earlier:
                stale.unlink(missing_ok=True)
        origin.write_text(f"{rebuilds if rebuilds is not None else rec.source}\n", encoding="utf-8")
        journal = None
        spec = registry.get(rec.game)
        if not reads_setup(spec) and rec.setup is not None:  # the players entered the setup at the start
            from companion.journal import Journal

            journal = Journal.create(journal_path, rec.game, rec.setup)
        runner = GameRunner(journal, game=rec.game, journal_path=journal_path,
                            setup=SetupRequest(tuple(rec.players), rec.first_player, rec.setup or {}))
        entry_pos = apply_entries(runner, rec.entries, 0)
        if runner.observer is None:
            raise CompanionError(tx("demo.no_observer", "{game} cannot be read from a camera yet",
                                    game=runner.spec.name(_lang())))
    except BaseException:
        bar.close()
        _close(source)
        raise
    total = getattr(source, "frame_count", None) or rec.frame_count or None
    bar.reset(total=total)
    t0 = time.perf_counter()
    frames = 0
    reports: list[str] = []
    picture = PictureWatch(watch_dark=not isinstance(rec.source, int))  # a live camera reports its darkness
    setup_why = ""  # what the first still table lacked to start the game (the game's words)
    scoring_text = registry.optional(runner.rules, "scoring_text")
    told_seq = None  # the journal event (seq) whose action's breakdown was told last
    try:
        for frame in itertools.chain((first,), frame_iter):
            frames += 1
            bar.update(1)
            before = runner.state
            snap, _report = reader.process(frame.image, frame.t)
            for news in picture.news(_report, frame.t):  # mirrored, smeared (a recording's darkness)
                bar.clear()
                warn(_report_text(as_report(news)))
            steps = runner.feed(snap)
            while True:  # the players' entries due after these steps, then the same table again
                pos = apply_entries(runner, rec.entries, entry_pos)
                if pos == entry_pos:
                    break
                entry_pos = pos
                steps += runner.feed(snap)
            if hasattr(reader, "expect"):  # what the game state says the table still shows
                reader.expect(runner.expected)
            for step in steps:
                if step.report is not None:
                    text = _report_text(step.report)
                    reports.append(text)
                    if runner.journal is None and step.report.level != "info" and not setup_why:
                        setup_why = clitext.report_text(step.report)
                    if step.report.level != "info":
                        bar.clear()
                        warn(text)
            if scoring_text is None and runner.journal is not None:  # each new action's breakdown
                timeline = runner.journal.timeline()
                fresh = [i for i in range(1, len(timeline)) if told_seq is None or timeline[i][0] > told_seq]
                if fresh:
                    for text in action_steps_text(runner.rules, spec, timeline, runner.journal.actions(), lang,
                                                  start=fresh[0] - 1):
                        bar.clear()
                        echo(text)
                    told_seq = timeline[-1][0]
            after = runner.state
            if before is not None and after is not before:  # what the step scored, its pages
                told = scoring_text(before, after, lang) if scoring_text is not None else ""
                if told:
                    bar.clear()
                    echo(told)
                _write_due(pages, rec.game, after, pages_due(rec.game, before, after), lang, rec.name)
            if max_frames and frames >= max_frames:
                break
            if after is not None and after.is_over:
                break
    finally:
        bar.close()
        _close(source)
    st = runner.state
    result = DemoResult(journal_path, st, frames, time.perf_counter() - t0, reports=reports, total_frames=total)
    src_name = _src_name(rec)
    if st is not None and st.is_over:
        if scoring_text is None:  # the game told no scoring of its own: its final scores
            echo(final_scores_text(st, rec.game, lang))
    elif frames == 0:
        raise _no_frame(rec, source)
    elif st is None:
        n = len(rec.players)
        # The first still table is the setup; later ones also show cards drawn in play.
        seen = runner.players_seen
        lo, hi = player_range(rec.game)
        hint = (tx("demo.players_seen", "; the setup on the table is for {n} players: run it with --players {n}",
                   n=seen) if seen and seen != n and lo <= seen <= hi else "")
        raise CompanionError(tx("demo.never_started", "{source}: the game never started: {why}", source=src_name,
                                why=setup_why or tx("demo.setup_unseen", "its setup was not seen")) + hint)
    else:
        done = txn("demo.actions_so_far", "{n} action so far", "{n} actions so far", len(runner.journal.actions()))
        warn(tx("demo.ended_early", "The recording ended before the game did ({done}).", done=done))
    note = flush_pages(pages, queue)
    if note:
        (warn if pages.pending() else echo)(note)
    result.queued = bool(pages.pending())
    result.pages = pages.written
    if rec.truth is not None and st is not None:
        want = list(rec.truth.get("final_scores") or rec.truth.get("scores") or [])
        result.matches_truth = st.is_over and total_scores(st) == want
        (echo if result.matches_truth else warn)(
            tx("demo.truth_match", "Scores match the recording's ground truth ({scores}).", scores=want)
            if result.matches_truth else
            tx("demo.truth_mismatch", "Scores DO NOT match the recording's ground truth ({scores}).", scores=want))
    where = (tx("demo.where", "; journal {journal}; pages in {folder}", journal=journal_path, folder=f"{out_dir}/")
             if st is not None else "")
    read = txn("demo.frames", "{n} frame", "{n} frames", frames)
    if total and frames < total and st is not None and st.is_over:   # reading stops at the game's end
        read = tx("demo.frames_of", "{n} of {total} frames (the game was over at frame {n}; the rest only "
                  "show the table after it)", n=frames, total=total)
    echo(tx("demo.match_line", "{read} in {seconds} s{where}", read=read, seconds=clitext.number(result.seconds, 1),
            where=where))
    return result


def register(subparsers) -> None:
    from vision.sources import add_camera_arguments

    p = subparsers.add_parser(
        "demo", help="play a recorded table through vision, rules and printing",
        description="Run a recording (the bundled one by default), a video/image folder of your own, "
        "or a live camera through the whole pipeline: prints each press's score and the final ranking, "
        "and writes every front page and the final receipt (PNG preview + ESC/POS .bin).",
    )
    p.add_argument("--game", default=None, type=_game_arg, metavar="GAME", help="the game's id (default: the recording's, else "
                   f"{registry.default().id}; `companion games` lists them)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--recording", default=None,
                     help=f"a bundled recording ({', '.join(recordings.names()) or 'none found'}) or a "
                     "recording folder")
    src.add_argument("--source", help="your own video file, image folder or pattern")
    from companion.cliargs import camera_index

    src.add_argument("--camera", type=camera_index, help="a live camera index (e.g. 0)")
    add_camera_arguments(p)
    p.add_argument("--players", type=int, help="number of players for --source/--camera (2..5)")
    p.add_argument("--first-player", type=int, help="seat (1-based) of the first player (default: "
                   "whoever moves first on the table)")
    p.add_argument("--lens", metavar="JSON", help="lens model from 'companion calibrate camera' for "
                   "--source/--camera (default: your calibration if there is one, else estimated)")
    p.add_argument("--out", default="demo-output", help="output folder (default: demo-output)")
    p.add_argument("--printer", help="also print: tcp://host:9100, usb:VID:PID, serial:/dev/ttyUSB0, file:PATH")
    p.add_argument("--queue", metavar="DIR", help="print queue folder (default: the user data folder's, the one "
                   "`companion print-queue` sends)")
    p.add_argument("--width", type=int, choices=(58, 80), help="paper width in mm (default: the printer "
                   "settings, `companion printer-config`; 58 unless changed)")
    p.add_argument("--lang", choices=("en", "es", "zh"), default=None, help="language of the printed pages and "
                   "the messages (default: the command line's, see `companion --help`)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_demo)


def _source_name(source: str | None, camera: int | None) -> str:
    """A folder name for a source's output: the video's or folder's name."""
    if source is None:
        return f"camera{camera}"
    p = Path(source)
    while p.name and any(ch in p.name for ch in "*?["):  # a glob pattern: name its folder
        p = p.parent
    return (p.stem if p.suffix else p.name) or "recording"


def cmd_demo(args) -> int:
    if args.source is not None or args.camera is not None:
        game = registry.get(args.game).id if args.game else registry.default().id
        refusal = own_source_refusal(game)
        if refusal:
            raise CompanionError(refusal)
        if args.players is None:
            lo, hi = player_range(game)
            raise UsageError(tx("demo.say_players", "say how many players are at the table: --players N ({lo}..{hi})",
                                lo=lo, hi=hi))
        check_player_count(args.players, game)
        first = None if args.first_player is None else args.first_player - 1
        if first is not None and not 0 <= first < args.players:
            raise UsageError(tx("demo.first_player_range", "--first-player must be between 1 and --players"))
        rec = Recording(args.source if args.source is not None else args.camera,
                        default_players(args.players, game), first_player=first,
                        name=_source_name(args.source, args.camera), game=game)
    else:
        if args.players is not None or args.first_player is not None:
            raise UsageError(tx("demo.players_for_sources", "--players and --first-player are for "
                                "--source/--camera; a bundled recording knows its players"))
        if args.recording:
            name = args.recording
        elif args.game:
            spec = registry.get(args.game)
            if not spec.recordings:
                raise CompanionError(own_source_refusal(spec.id) or tx(
                    "demo.no_bundled", "{game} has no bundled recording yet; give --source or --camera",
                    game=spec.name(_lang())))
            name = spec.recordings[0]
        else:
            name = registry.default().recordings[0]
        path = Path(name)
        if not (path / "recording.json").is_file():
            try:
                path = recordings.recording_dir(name)
            except KeyError:
                # README: a path that is not there is an error about that file (1); a
                # name that is no bundled recording is a command line not understood (2)
                error = CompanionError if (os.sep in name or Path(name).suffix) else UsageError
                raise error(tx("demo.no_such_recording", "no recording {name}; bundled: {names}",
                               name=repr(name), names=", ".join(recordings.names())
                               or tx("demo.none", "none"))) from None
        rec = load_recording(path)
        if args.game and registry.get(args.game).id != rec.game:
            raise CompanionError(tx("demo.other_game", "recording {name} is a game of {game}, not {asked}",
                                    name=repr(rec.name), game=registry.get(rec.game).name(_lang()),
                                    asked=registry.get(args.game).name(_lang())))
    out = Path(args.out) / rec.name
    from companion.cliargs import folder_problem
    from vision.sources import settings_from_args

    problem = folder_problem(out)   # a file in the way: said before the camera or video opens
    if problem:
        raise CompanionError(problem)

    # a bundled recording rebuilds the very same game: its earlier output is replaced;
    # a camera or a video of your own keeps its earlier game aside
    src = Path(str(rec.source)).resolve()
    bundled = rec.truth is not None and src.is_relative_to(recordings.FOLDER)
    res = run_demo(rec, out, lang=args.lang or _lang(), paper_mm=args.width, printer=args.printer,
                   progress=not args.quiet, lens=getattr(args, "lens", None),
                   camera_settings=settings_from_args(args), rebuilds=str(src) if bundled else None,
                   queue=getattr(args, "queue", None))
    if res.matches_truth is False:
        return EXIT_MISMATCH
    if not res.frames:
        return 1
    return EXIT_QUEUED if res.queued else 0
