"""``companion demo``: a recorded (or live) table through the whole line.

frame source -> vision pipeline -> the game's observer -> rules engine -> journal ->
printing (the game, its rules and observer come from companion.registry; a
recording's ``recording.json`` may name its ``game``, Penny Press otherwise). Prints each press's score breakdown and the final ranking with the
end-game bonuses, and writes each front page and the final receipt to the output
folder as preview PNGs (the very raster sent) and ESC/POS files (``.bin``); with
``--printer`` the same pages also go to a real printer through the print queue.

Recordings are folders with ``recording.json`` (see docs/renderer.md): the frames
(video or image pattern), the players and, for the bundled ones, the ground-truth
journal; the demo then checks its scores against it.
"""

from __future__ import annotations

import itertools
import json
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion import registry
from companion.errors import CompanionError, UsageError, data_fault
from companion.registry import game_arg as _game_arg
from companion.journal import total_scores

DEMO_DATA = Path(__file__).parent / "demo_data"
DEFAULT_RECORDING = "penny-press-3p"
EXIT_QUEUED = 3  # pages kept in the print queue (as `companion print`)
EXIT_MISMATCH = 4


def bundled_recordings() -> list[str]:
    """Names of the recordings shipped in ui/demo_data."""
    if not DEMO_DATA.is_dir():
        return []
    return sorted(p.name for p in DEMO_DATA.iterdir() if (p / "recording.json").is_file())


@dataclass
class Recording:
    """A recording to play: frame source spec, players, first player, optional
    ground truth (setup + actions + final scores)."""

    source: str | int
    players: list
    first_player: int | None = 0
    strike: bool = False
    name: str = "live"
    truth: dict | None = None
    initial_cards: list[str] | None = None
    fps: float | None = None
    game: str = "penny-press"
    #: the whole setup the players entered at the start (games other than Penny
    #: Press, whose setup the camera reads): the journal starts from it
    setup: dict | None = None
    #: the players' entries in the app, in journal order (see :func:`apply_entries`)
    entries: list = field(default_factory=list)
    #: frames in the recording (its meta.json), None when unknown (a camera, a video)
    frame_count: int | None = None


def load_recording(path: str | Path) -> Recording:
    """Read a recording folder (``recording.json``). Raises CompanionError."""
    path = Path(path)
    meta_path = path / "recording.json"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CompanionError(f"{meta_path}: cannot read the recording's description ({data_fault(exc)})") from None
    try:
        frames = meta["frames"]
        setup = meta.get("setup") or {}
        game = str(meta.get("game") or "penny-press")
        rules = registry.rules_module(game)
        if game == "penny-press":
            players = [rules.PlayerSpec(p["colour"], p.get("name", ""), p.get("paper", ""))
                       for p in setup["players"]]
        else:
            players = list(setup["players"])
        entries = list(meta.get("entries") or [])
    except (KeyError, TypeError, AttributeError) as exc:
        raise CompanionError(f"{meta_path}: not a recording's description ({data_fault(exc)})") from None
    truth = None
    if meta.get("truth"):
        truth = json.loads((path / meta["truth"]).read_text(encoding="utf-8"))
    count = None
    try:
        count = int(json.loads((path / "meta.json").read_text(encoding="utf-8"))["frames"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return Recording(str(path / frames), players, int(setup.get("first_player", 0)), bool(setup.get("strike")),
                     path.name, truth, list(setup.get("headline_cards") or []) or None, meta.get("fps"), game,
                     None if game == "penny-press" else setup, entries, count)


def apply_entries(runner, entries: list, pos: int) -> int:
    """Apply the players' entries that are due: each ``{"index": k, ...}`` is entered
    when the journal holds k actions: ``"action"`` (a dict of the game's actions,
    e.g. bids revealed in the app) is journalled with source ``player``; ``"tap"``
    (what the camera cannot read, e.g. the shields on a card for sale) goes to the
    observer's ``enter``. Returns the position of the next entry."""
    j = runner.journal
    while j is not None and pos < len(entries) and int(entries[pos]["index"]) <= (done := len(j.actions())):
        e = entries[pos]
        if int(e["index"]) == done:
            if "action" in e:
                j.append(runner.rules.action_from_dict(e["action"]), source="player")
            elif "tap" in e:
                runner.enter(e["tap"])
            runner._last_key = None  # the same table reads differently now
        pos += 1
    return pos


def player_range(game: str = "penny-press") -> tuple[int, int]:
    """(min, max) seats of ``game``, from the game registry."""
    spec = registry.get(game)
    return spec.min_players, spec.max_players


def check_player_count(n: int, game: str = "penny-press") -> None:
    """Raise CompanionError unless ``n`` players may play ``game`` (its registry range)."""
    spec = registry.get(game)
    if not spec.min_players <= n <= spec.max_players:
        raise CompanionError(f"--players {n}: {spec.name()} is for {spec.min_players}..{spec.max_players} players")


def own_source_refusal(game: str) -> str | None:
    """Why ``game`` cannot be played from your own video/folder or a live camera,
    or None when it can.

    A game starts from the camera alone when its observer reads the setup off the
    table (``initial_cards``) and its rules turn seats and cards into the journal's
    setup (``setup_to_dict``, ``PlayerSpec``, ``load_catalog``); other games need the
    setup the players enter in the app, which only a bundled recording carries.
    """
    spec = registry.get(game)
    rules = spec.rules_module()
    observer = registry.load_attr(spec.observer) if spec.observer else None
    if (observer is not None and hasattr(observer, "initial_cards")
            and all(hasattr(rules, n) for n in ("setup_to_dict", "PlayerSpec", "load_catalog"))):
        return None
    name = spec.name()
    if spec.recordings:
        return (f"{name} cannot start from your own recording or camera yet (its setup is entered in the "
                f"app); play its bundled recording: companion demo --game {spec.id}")
    return (f"{name} has no bundled recording yet, and own recordings/cameras of {name} are not "
            "supported yet (play it in the app: companion app)")


def default_players(n: int, game: str = "penny-press") -> list:
    spec = registry.get(game)
    refusal = own_source_refusal(game)
    if refusal:
        raise CompanionError(refusal)
    rules = spec.rules_module()
    check_player_count(n, game)
    colours = list(rules.load_catalog().colours)
    return [rules.PlayerSpec(c, f"Player {i + 1}", "") for i, c in enumerate(colours[:n])]


# ------------------------------------------------------------------ printing


def press_text(state, res) -> str:
    """The score breakdown of one press, as the players would read it aloud."""
    p = state.players[res.player]
    head = (f"Press {list(state.press_results).index(res) + 1}: {p.name or p.colour} ({p.colour}"
            f"{', ' + p.paper if p.paper else ''}), paper {res.edition}"
            f"{' (final edition)' if res.final_edition else ''}")
    lines = [head, f"  claimed: {', '.join(res.claimed)}"]
    scoops = [f"{state.players[q].name or state.players[q].colour} +{pts}"
              for q, pts in sorted(res.scoop_awards.items()) if pts]
    if scoops:
        lines.append(f"  scoop points: {', '.join(scoops)}")
    words = {"placed": "placed", "exclusive": "exclusive (doubled)", "left-out": "left out",
             "empty-top": "empty top-row cells", "empty-other": "other empty cells", "floor": "floor at 0"}
    for kind, story, pts in res.breakdown:
        label = f"{words.get(kind, kind)} {story or ''}".strip()
        lines.append(f"  {label:.<34} {pts:+d}")
    best = "" if res.solver_placement or res.best_total == res.total else f"   (best possible {res.best_total})"
    lines.append(f"  {'total':.<34} {res.total:d}{best}")
    return "\n".join(lines)


def final_text(state, game: str = "penny-press") -> str:
    from companion.naming import count

    f = state.final
    if not hasattr(f, "bonuses"):  # another game: its final scores
        spec = registry.get(game)
        rows = [f"  {getattr(p, 'name', '') or f'Player {i + 1}'}: {spec.count(f.scores[i], 'en')}"
                f"{'  <- winner' if i in getattr(f, 'winners', ()) else ''}" for i, p in enumerate(state.players)]
        return "\n".join(["Final scores:"] + rows)
    names = [p.name or p.colour for p in state.players]
    lines = ["End-game bonuses (most published stars per beat):"]
    for b in f.bonuses:
        if b.winners:
            who = ", ".join(names[w] for w in b.winners)
            lines.append(f"  {b.beat:<9} marker {b.marker:>2}: {who}")
        else:
            lines.append(f"  {b.beat:<9} marker {b.marker:>2}: nobody")
    lines.append("Final ranking:")
    for i in sorted(range(len(names)), key=lambda k: (f.rank[k], k)):
        bonus = f.scores[i] - f.circulation[i]
        star = "  <- winner" if i in f.winners else ""
        points = count(f.scores[i], {"one": "point", "other": "points"})
        lines.append(f"  {f.rank[i]}. {names[i]:<12} {points:>10} "
                     f"({f.circulation[i]} + {bonus} bonus, {count(f.stories[i], {'one': 'story', 'other': 'stories'})})"
                     f"{star}")
    return "\n".join(lines)


class PageWriter:
    """Writes each page as preview PNG + ESC/POS ``.bin``; optionally queues it."""

    def __init__(self, out_dir: Path, lang: str, paper_mm: int, printer: str | None, game_id: str):
        from printing.output import load_config

        self.out_dir = out_dir
        self.lang = lang
        self.cfg = load_config(None, **({"paper_mm": paper_mm} if paper_mm else {}))
        self.width = self.cfg.width_dots
        self.printer = printer
        self.game_id = game_id
        self.written: list[Path] = []
        self.queue = None
        if printer:
            from printing.output import check_target, parse_target
            from printing.queue import PrintQueue

            self.target = parse_target(printer)
            check_target(self.target)  # a file: path that cannot work is refused now, not after the game
            self.queue = PrintQueue(out_dir / "print-queue")

    def write(self, name: str, image) -> None:
        from printing.output import escpos_bytes, page_path, save_preview

        data = escpos_bytes(image, self.cfg)
        png = save_preview(image, page_path(self.out_dir, name))
        page_path(self.out_dir, name, ".bin").write_bytes(data)
        self.written += [png, page_path(self.out_dir, name, ".bin")]
        if self.queue is not None:
            self.queue.submit(self.target, data, self.cfg, title=name, preview=image)

    def press(self, state, res, n: int) -> None:
        from .session import render_press_page

        colour = state.players[res.player].colour
        self.write(f"press{n:02d}-{colour}-paper{res.edition}",
                   render_press_page(state, res, self.lang, self.width, self.game_id))

    def final(self, state, game: str = "penny-press") -> None:
        spec = registry.get(game)
        if game != "penny-press" and spec.documents:
            import argparse

            print_pages = registry.load_attr(f"{spec.documents}:print_pages")
            try:  # the game's own pages first (e.g. each Scoop paper's front page), as `print --press all`
                presses = print_pages(state, self.game_id, argparse.Namespace(
                    final=False, press="all", player=None, lang=self.lang, width_mm=self.cfg.paper_mm))
            except CompanionError:
                presses = []
            for name, image in presses:
                self.write(name, image)
            args = argparse.Namespace(final=True, press=None, player=None, lang=self.lang,
                                      width_mm=self.cfg.paper_mm)
            pages = print_pages(state, self.game_id, args)
            for i, (_, image) in enumerate(pages):
                self.write("final-receipt" if i == 0 else f"final-receipt-{i + 1}", image)
            return
        from .session import render_final_page

        self.write("final-receipt", render_final_page(state, self.lang, self.width, self.game_id))

    def flush(self, wait_s: float = 20.0) -> str:
        if self.queue is None:
            return ""
        self.queue.drain(wait_s)
        pending = self.queue.jobs("pending")
        if pending:
            from companion.naming import count

            pages = count(len(pending), {"one": "page", "other": "pages"})
            return (f"{pages} still queued for {self.target} (printer off?): run "
                    f"`companion print-queue --queue {self.queue.folder}` when it is back")
        return f"all pages sent to {self.target}"


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


def _close(source) -> None:
    close = getattr(source, "close", None)
    if close:
        close()


def _no_frame(rec: Recording, source) -> CompanionError:
    """The error for a source that gave no frame, with its last event (why)."""
    src_name = (f"camera {rec.source}" if isinstance(rec.source, int) else
                rec.source if isinstance(rec.source, str) else rec.name)
    last = next((e.message for e in reversed(getattr(source, "events", ())) if e.kind != "closed"), "")
    return CompanionError(f"{src_name}: no frame could be read{' (' + last.rstrip('.?!') + ')' if last else ''}")


def run_demo(rec: Recording, out_dir: Path, *, lang: str = "en", paper_mm: int | None = None,
             printer: str | None = None, progress: bool = True, echo=print, max_frames: int | None = None,
             reader=None, warn=None, lens=None, camera_settings=None) -> DemoResult:
    """Play ``rec`` through the pipeline; see the module docstring.

    ``echo`` gets the results (press scores, ranking: stdout by default), ``warn``
    the warnings and problems (stderr by default; ``echo`` when only ``echo`` is given).
    ``lens``: a lens file for a live camera or your own video
    (``vision.register.registrar_for``).
    Raises CompanionError for a source that cannot be opened or gives no frame, and
    for a game that never started (naming why: e.g. the initial headline cards seen
    do not match the number of players).
    """
    if warn is None:
        warn = (lambda text: print(text, file=sys.stderr)) if echo is print else echo
    from tqdm import tqdm

    from vision.sources import open_live

    from .session import GameRunner

    if reader is None:
        from vision.pipeline import pipeline_for

        # a recording's own lens file (never the user's: another camera filmed it);
        # a live camera or your own video: --lens, else your calibration, else estimated
        reader = pipeline_for(rec.source, lens, game=rec.game)
    bar = tqdm(unit="frame", desc=f"demo {rec.name}", disable=not progress, file=sys.stderr, leave=False)
    def on_event(ev) -> None:  # the camera dropping or coming back is news for the players
        if ev.kind == "damaged":  # an image file cut short: read, but the players are told
            bar.clear()
            warn(f"[image] {ev.message}")
        elif ev.kind in ("dropped", "reconnecting", "reconnected", "gave_up", "mode") or (
                ev.kind == "opened" and isinstance(rec.source, int)):
            bar.clear()
            warn(f"[camera] {ev.message}")

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
        for stale in [journal_path, *out_dir.glob(f"{rec.name}.sqlite-*"), *out_dir.glob("press*.png"),
                      *out_dir.glob("press*.bin"), *out_dir.glob("final-receipt.*"),
                      *out_dir.glob(f"{rec.name}-*-front.*")]:
            stale.unlink(missing_ok=True)
        journal = None
        if rec.setup is not None:  # the players entered the setup at the start
            from companion.journal import Journal

            journal = Journal.create(journal_path, rec.game, rec.setup)
        runner = GameRunner(journal, players=rec.players, first_player=rec.first_player, strike=rec.strike,
                            journal_path=journal_path, expected_cards=rec.initial_cards, game=rec.game)
        entry_pos = apply_entries(runner, rec.entries, 0)
        if runner.observer is None:
            raise CompanionError(f"{runner.spec.name()} cannot be read from a camera yet (no observer registered)")
        pages = PageWriter(out_dir, lang, paper_mm, printer, rec.name)
    except BaseException:
        bar.close()
        _close(source)
        raise
    total = getattr(source, "frame_count", None) or rec.frame_count or None
    bar.reset(total=total)
    t0 = time.perf_counter()
    frames = 0
    presses_printed = 0
    reports: list[str] = []
    setup_seen: list[int] = []  # initial headline cards counted while the setup waits
    try:
        for frame in itertools.chain((first,), frame_iter):
            frames += 1
            bar.update(1)
            snap, _report = reader.process(frame.image, frame.t)
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
                    text = f"[{step.report.level}] {step.report.text}"
                    reports.append(text)
                    if step.report.key == "setup_cards":
                        setup_seen.append(int(dict(step.report.params).get("seen", 0)))
                    if step.report.level != "info":
                        bar.clear()
                        warn(text)
                st = runner.state
                if step.action is not None and len(getattr(st, "press_results", ())) > presses_printed:
                    res = st.press_results[-1]
                    bar.clear()
                    echo(press_text(st, res))
                    presses_printed += 1
                    pages.press(st, res, presses_printed)
            if max_frames and frames >= max_frames:
                break
            if runner.state is not None and runner.state.is_over:
                break
    finally:
        bar.close()
        _close(source)
    st = runner.state
    result = DemoResult(journal_path, st, frames, time.perf_counter() - t0, reports=reports, total_frames=total)
    src_name = (f"camera {rec.source}" if isinstance(rec.source, int) else
                rec.source if isinstance(rec.source, str) else rec.name)
    if st is not None and st.is_over:
        echo(final_text(st, rec.game))
        pages.final(st, rec.game)
    elif frames == 0:
        raise _no_frame(rec, source)
    elif st is None:
        n = len(rec.players)
        # The first still table is the setup; later ones also show cards drawn in play.
        seen = setup_seen[0] if setup_seen else 0
        if seen and seen != n:
            lo, hi = player_range(rec.game)
            hint = f"; run it with --players {seen}" if lo <= seen <= hi else ""
            raise CompanionError(f"{src_name}: the setup shows {seen} initial headline cards but "
                                 f"the game was started for {n} players{hint}")
        what = ("the initial headline cards (one per player, face up where the camera sees them) were "
                "not seen" if rec.game == "penny-press" else "its setup was not seen")
        raise CompanionError(f"{src_name}: the game never started: {what}")
    else:
        from companion.naming import count

        done = (count(len(st.press_results), {"one": "press", "other": "presses"}) if hasattr(st, "press_results")
                else count(len(runner.journal.actions()), {"one": "action", "other": "actions"})) + " so far"
        warn(f"The recording ended before the game did ({done}).")
    note = pages.flush()
    if note:
        (warn if "still queued" in note else echo)(note)
    result.queued = bool(pages.queue is not None and pages.queue.jobs("pending"))
    result.pages = pages.written
    if rec.truth is not None and st is not None:
        want = list(rec.truth.get("final_scores") or rec.truth.get("scores") or [])
        result.matches_truth = st.is_over and total_scores(st) == want
        (echo if result.matches_truth else warn)(
            f"Scores {'match' if result.matches_truth else 'DO NOT match'} the recording's ground truth "
             f"({want}).")
    where = f"; journal {journal_path}; pages in {out_dir}/" if st is not None else ""
    read = f"{frames} frames"
    if total and frames < total and st is not None and st.is_over:   # reading stops at the game's end
        read = (f"{frames} of {total} frames (the game was over at frame {frames}; the rest only "
                f"show the table after it)")
    echo(f"{read} in {result.seconds:.1f} s{where}")
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
                   "penny-press; `companion games` lists them)")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--recording", default=None,
                     help=f"a bundled recording ({', '.join(bundled_recordings()) or 'none found'}) or a "
                     "recording folder")
    src.add_argument("--source", help="your own video file, image folder or pattern")
    src.add_argument("--camera", type=int, help="a live camera index (e.g. 0)")
    add_camera_arguments(p)
    p.add_argument("--players", type=int, help="number of players for --source/--camera (2..5)")
    p.add_argument("--first-player", type=int, help="seat (1-based) of the first player (default: "
                   "whoever moves first on the table)")
    p.add_argument("--lens", metavar="JSON", help="lens model from 'companion calibrate camera' for "
                   "--source/--camera (default: your calibration if there is one, else estimated)")
    p.add_argument("--out", default="demo-output", help="output folder (default: demo-output)")
    p.add_argument("--printer", help="also print: tcp://host:9100, usb:VID:PID, serial:/dev/ttyUSB0, file:PATH")
    p.add_argument("--width", type=int, choices=(58, 80), help="paper width in mm (default: the printer "
                   "settings, `companion printer-config`; 58 unless changed)")
    p.add_argument("--lang", choices=("en", "es", "zh"), default="en", help="language of the printed pages")
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
        game = registry.get(args.game or "penny-press").id
        refusal = own_source_refusal(game)
        if refusal:
            raise CompanionError(refusal)
        if args.players is None:
            lo, hi = player_range(game)
            raise UsageError(f"say how many players are at the table: --players N ({lo}..{hi})")
        check_player_count(args.players, game)
        first = None if args.first_player is None else args.first_player - 1
        if first is not None and not 0 <= first < args.players:
            raise UsageError("--first-player must be between 1 and --players")
        rec = Recording(args.source if args.source is not None else args.camera,
                        default_players(args.players, game), first_player=first,
                        name=_source_name(args.source, args.camera), game=game)
    else:
        if args.players is not None or args.first_player is not None:
            raise UsageError("--players and --first-player are for --source/--camera; a bundled "
                                 "recording knows its players")
        if args.recording:
            name = args.recording
        elif args.game:
            spec = registry.get(args.game)
            if not spec.recordings:
                raise CompanionError(own_source_refusal(spec.id) or
                                     f"{spec.name()} has no bundled recording yet; give --source or --camera")
            name = spec.recordings[0]
        else:
            name = DEFAULT_RECORDING
        path = Path(name)
        if not (path / "recording.json").is_file():
            path = DEMO_DATA / name
        if not (path / "recording.json").is_file():
            raise CompanionError(f"no recording {name!r}; bundled: {', '.join(bundled_recordings()) or 'none'}")
        rec = load_recording(path)
        if args.game and registry.get(args.game).id != rec.game:
            raise CompanionError(f"recording {rec.name!r} is a game of {registry.get(rec.game).name()}, "
                                 f"not {registry.get(args.game).name()}")
    out = Path(args.out) / rec.name
    from vision.sources import settings_from_args

    res = run_demo(rec, out, lang=args.lang, paper_mm=args.width, printer=args.printer,
                   progress=not args.quiet, lens=getattr(args, "lens", None),
                   camera_settings=settings_from_args(args))
    if res.matches_truth is False:
        return EXIT_MISMATCH
    if not res.frames:
        return 1
    return EXIT_QUEUED if res.queued else 0
