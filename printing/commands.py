"""`companion print`: front pages and score receipts to a preview PNG or a printer.

Registered through the entry point ``printing = printing.commands:register``.
Heavy imports (Pillow, escpos, the engine) stay inside the handler.
"""

from __future__ import annotations

import argparse

from companion.cliargs import positive_int, press_arg, seconds

EXIT_QUEUED = 3  # exit code: jobs are kept in the queue (printer unavailable)
#: ``companion demo``'s default output folder: an older demo kept its pages in
#: ``<it>/<recording>/print-queue``; ``print-queue`` moves them into the one queue
OLD_DEMO_OUT = "demo-output"


def register(subparsers) -> None:
    """Add ``companion print``."""
    p = subparsers.add_parser(
        "print", help="print front pages and score receipts (thermal printer or preview PNG)",
        description="Print a player's front page for a press, or the score receipt, "
        "from a game journal (.sqlite) or a JSON export {setup, actions}. Network, "
        "file, USB and serial printers go through an on-disk queue: a printer that is "
        "off keeps the job (exit code 3) and it prints when the queue runs again.")
    p.add_argument("game", metavar="GAME", help="game journal file, or JSON export")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--press", metavar="N", type=press_arg,
                      help="the N-th press of the game as the game counts them (a press, the "
                      "evaluation after turn N, auction round N; with --player: that player's "
                      "edition N), 'all' for every such page so far, or 'start' for the page a game "
                      "prints at its start (the dial's commitment)")
    what.add_argument("--final", action="store_true",
                      help="the score receipt: presses, end-game bonuses, ranking")
    p.add_argument("--player", metavar="P", help="player colour (red) or seat number (1..5)")
    p.add_argument("--printer", default="preview", metavar="TARGET",
                   help="preview | file:PATH | tcp://host:9100 | usb:VID:PID | "
                   "serial:/dev/ttyUSB0[:baud][:xonxoff|rtscts|none] (default: preview)")
    p.add_argument("--width", type=int, choices=(58, 80), help="paper width in mm: the printer setting "
                   "paper_mm for this command (default: the saved one, `companion printer-config`; 58 unless "
                   "changed)")
    p.add_argument("--lang", choices=("es", "en", "zh"), default=None,
                   help="language of the pages and the messages (default: the command line's, see "
                   "`companion --help`)")
    p.add_argument("--out", metavar="DIR", help="folder for preview PNGs (default: .); "
                   "with a printer, also keep a PNG of every page sent")
    p.add_argument("--config", metavar="PATH", help="printer config JSON (default: "
                   "printer.json in the user config folder)")
    p.add_argument("--queue", metavar="DIR", help="print queue folder (default: the user "
                   "data folder)")
    p.add_argument("--wait", type=seconds, default=30.0, metavar="S",
                   help="seconds to keep retrying before leaving jobs queued (default 30)")
    p.add_argument("--copies", type=positive_int, metavar="N",
                   help="queue N copies of each page, even when the same page already waits "
                   "in the print queue (default: one, and a page already waiting for this "
                   "printer is not queued again)")
    p.set_defaults(func=run)

    q = subparsers.add_parser(
        "print-queue", help="show the print queue and send the jobs it keeps",
        description="Send the jobs kept in the print queue (printer was off), list "
        "them, or put a failed job back. Never queues anything new, so nothing "
        "prints twice.")
    q.add_argument("--queue", metavar="DIR", help="print queue folder (default: the user "
                   "data folder)")
    q.add_argument("--list", action="store_true", help="only list the jobs")
    q.add_argument("--retry", metavar="JOB", help="put a failed job back, then send; a job "
                   "whose record is damaged is rebuilt from its kept page (.bin)")
    q.add_argument("--printer", metavar="TARGET", help="with --retry of a damaged job: the "
                   "printer to send it to (default: the one still readable in its record)")
    q.add_argument("--drop", metavar="JOB", help="give up a job (it is kept, marked failed)")
    q.add_argument("--wait", type=seconds, default=30.0, metavar="S",
                   help="seconds to keep retrying (default 30)")
    q.set_defaults(func=run_queue)

    c = subparsers.add_parser(
        "printer-config", help="show or change the thermal printer settings",
        description="Show the printer config (JSON in the user config folder), or "
        "set values: companion printer-config paper_mm=80 profile=TM-T20II cut=partial")
    c.add_argument("settings", nargs="*", metavar="KEY=VALUE",
                   help="values to set (JSON values: darkness=-2, paper_check=true; darkness also "
                   "takes the words light (-3), normal (0), dark (+3); width=58|80 is paper_mm, "
                   "the paper width that demo's and print's --width set)")
    c.add_argument("--config", metavar="PATH", help="config file (default: printer.json "
                   "in the user config folder)")
    c.add_argument("--reset", action="store_true", help="write the default settings (also repairs a "
                   "damaged file)")
    c.set_defaults(func=run_config)


def load_game_state(path: str):
    """(state, game id, registry game id) from a journal file or a JSON export
    {game, setup, actions} (an export without ``game`` is of the registry's default
    game, companion.registry.default()).

    The game id printed on the pages is the journal's (its file name when it was
    created), or the export's ``game_id``, else the file name without its suffix.
    Raises CompanionError for a missing, foreign or damaged file.
    """
    import json
    from pathlib import Path

    from companion.clitext import tx
    from companion.datafile import data_fault
    from companion.errors import CompanionError

    p = Path(path)
    if not p.exists():
        raise CompanionError(tx("print.no_game_file", "{path}: no such game file", path=path))
    if p.suffix.lower() == ".json":
        from companion import registry

        try:
            data = json.loads(p.read_text("utf-8"))
            setup, actions = data["setup"], data["actions"]
            game = str(data.get("game") or registry.default().id)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise CompanionError(tx("print.not_export", "{path}: not a game export with setup and actions "
                                    "({why})", path=path, why=data_fault(exc))) from None
        try:
            rules = registry.rules_module(game)
            action_from_dict, apply = rules.action_from_dict, rules.apply
            state = rules.new_game_from_dict(setup)
        except (CompanionError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CompanionError(tx("print.bad_setup", "{path}: the setup cannot be read ({why})", path=path,
                                    why=data_fault(exc))) from None
        for i, a in enumerate(actions):
            try:
                state = apply(state, action_from_dict(a))
            except (CompanionError, KeyError, TypeError, ValueError, AttributeError) as exc:
                raise CompanionError(tx("print.bad_action", "{path}: action {n}: {why}", path=path, n=i + 1,
                                        why=data_fault(exc))) from None
        return state, str(data.get("game_id") or p.stem), game
    from companion.journal import Journal

    j = Journal.open(p, readonly=True)
    try:
        state = j.state  # a property of the journal (the replayed GameState)
        return (state() if callable(state) else state), j.game_id, j.game
    finally:
        j.close()


def player_seat(text: str | None, colours) -> int | None:
    """The seat (0-based) ``--player`` names: a colour of ``colours`` (each seat's,
    any case; the game's pages module gives them) or a seat number 1..N; None for
    None. Raises CompanionError naming the colours and seats there are."""
    from companion.clitext import colour, tx
    from companion.errors import CompanionError

    if text is None:
        return None
    colours = [str(c).lower() for c in colours]
    word = str(text).strip().lower()
    if word and word in colours:
        return colours.index(word)
    translated = [colour(c).lower() for c in colours]  # the colour in the command line's words (rojo)
    if word and word in translated:
        return translated.index(word)
    if word.isdigit() and 1 <= int(word) <= len(colours):
        return int(word) - 1
    named = [c for c in colours if c]
    if named:
        raise CompanionError(tx("print.player_colour", "--player {given}: not in this game: use a colour "
                                "({colours}) or a seat number 1..{n}", given=text,
                                colours=", ".join(colour(c) for c in named), n=len(colours)))
    raise CompanionError(tx("print.player_seat", "--player {given}: not in this game: use a seat number 1..{n}",
                            given=text, n=len(colours)))


def page_request(args: argparse.Namespace, state, colours, game_id: str, width: int):
    """The printing.pages.PageRequest of a ``companion print`` command line:
    ``--final`` / ``--press N|all|start``, ``--player`` read against the seats'
    ``colours``, ``--lang``, the page ``width`` in dots (the printer config's)."""
    from .pages import PageRequest

    if args.final:
        what, press = "final", None
    elif args.press in ("all", "start"):
        what, press = args.press, None
    else:
        what, press = "press", int(args.press)
    return PageRequest(what, press=press, player=player_seat(args.player, colours), lang=args.lang,
                       width=width, game_id=game_id)


def _asked(args: argparse.Namespace) -> str:
    """The options that asked for the pages, as typed: ``--press 9 --player red``."""
    what = "--final" if args.final else f"--press {args.press}"
    return what + (f" --player {args.player}" if args.player is not None else "")


def _queue_command(args: argparse.Namespace) -> str:
    """The command that sends this queue: with ``--queue DIR`` when one was given
    (the default queue is another folder)."""
    import shlex

    q = getattr(args, "queue", None)
    return "companion print-queue" + (f" --queue {shlex.quote(str(q))}" if q else "")


def _reporter(wait_s: float, mine: set[str] | None = None, command: str = "companion print-queue"):
    """on_report for a queue drain of ``wait_s`` seconds: what was printed goes to
    stdout; what was kept or failed to stderr, and a retry that falls after this
    command has ended says that the next `companion print-queue` sends it (not a time
    at which nothing will happen). With ``mine`` (this command's job ids), a report
    on any other job says it is an earlier page from the queue."""
    import sys
    import time

    from companion.clitext import tx

    deadline = time.time() + wait_s

    def say(r) -> None:
        if mine is not None and r.job_id not in mine:
            from dataclasses import replace

            r = replace(r, title=tx("print.earlier_page", "earlier page waiting in the queue, {title}",
                                    title=r.title))
        if r.outcome == "printed":
            print(str(r))
        elif r.outcome == "retry" and (r.next_try or 0) >= deadline:
            print(tx("print.kept_next", "{title}: kept in the queue ({error}); the next `{command}` sends it",
                     title=r.title, error=r.error, command=command), file=sys.stderr)
        else:
            print(str(r), file=sys.stderr)

    return say


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.cliargs import folder_problem, make_folder
    from companion.clitext import current, tx, txn
    from companion.errors import CompanionError

    from .escpos_raster import escpos_bytes
    from .files import page_path, save_preview
    from .pages import NoSuchPage, pages_module
    from .profiles import load_config
    from .queue import PrintQueue, default_dir
    from .transports import check_target, parse_target

    if getattr(args, "lang", None) is None:  # unset: the command line's language (companion.cli)
        args.lang = current()
    target = parse_target(args.printer)
    # the folders written into, before anything is made (a file in the way: said in users' words)
    problem = folder_problem(args.out) if args.out else None
    if problem:
        raise CompanionError(tx("print.out_folder", "{problem} (--out names the folder for the page pictures)",
                                problem=problem))
    problem = folder_problem(args.queue or default_dir()) if target.kind != "preview" else None
    if problem:
        raise CompanionError(tx("print.queue_folder", "{problem} (--queue names the print queue's folder)",
                                problem=problem))
    cfg = load_config(args.config, paper_mm=args.width, required=True)
    check_target(target)

    state, game_id, game = load_game_state(args.game)
    game_pages = pages_module(game)
    # the page width is the printer's: the profile's printable width (512 on a TM-T88)
    request = page_request(args, state, game_pages.colours(state), game_id, cfg.width_dots)
    try:
        todo = game_pages.pages(state, request)
    except NoSuchPage as exc:
        raise CompanionError(tx("print.no_such_page", "{asked}: {why}", asked=_asked(args), why=exc)) from None
    out_dir = Path(args.out) if args.out else (Path(".") if target.kind == "preview" else None)
    # the folders written into: made (and said) once the pages are there, never refused
    if out_dir is not None:
        make_folder(out_dir, say=print)
    if target.kind == "file" and Path(target.path).parent.resolve().parts[:2] != ("/", "dev"):
        make_folder(Path(target.path).parent, say=print)
    if target.kind == "preview":
        for name, img in todo:
            path = save_preview(img, page_path(out_dir, name))
            print(tx("print.preview", "{path}  ({width}x{height} dots)", path=path, width=img.width,
                     height=img.height))
        return 0
    import sys

    queue = PrintQueue(args.queue)
    mine: list[str] = []  # this command's jobs: they alone decide the exit code
    for name, img in todo:
        if out_dir is not None:
            save_preview(img, page_path(out_dir, name))
        payload = escpos_bytes(img, cfg)
        waiting = None if args.copies else queue.waiting_copy(target, payload)
        if waiting is not None:
            print(tx("print.already_waiting", "{name}: already waiting in the print queue (job {job}) for "
                     "{target}; not queued twice (--copies N prints more)", name=name, job=waiting.id,
                     target=target))
            mine.append(waiting.id)
            continue
        for _ in range(args.copies or 1):
            job = queue.submit(target, payload, cfg, title=name, preview=img)
            mine.append(job.id)
            print(tx("print.queued", "{name}: queued as job {job} for {target}", name=name, job=job.id,
                     target=target))
    # only this printer's jobs are sent (earlier ones first: pages keep their order);
    # other printers' jobs are left to `companion print-queue`
    command = _queue_command(args)
    queue.drain(args.wait, on_report=_reporter(args.wait, set(mine), command), targets={str(target)})
    state = {j.id: j.state for j in queue.jobs()}
    others = [j for j in queue.jobs("pending") if j.id not in mine]
    if others:
        print(txn("print.others_waiting", "note: {n} earlier page from other print commands is still waiting in "
                  "the print queue (not this command's); `{command}` sends it",
                  "note: {n} earlier pages from other print commands are still waiting in the print queue "
                  "(not this command's); `{command}` sends them", len(others), command=command),
              file=sys.stderr)
    kept = [i for i in mine if state.get(i) == "pending"]
    if kept:
        print(txn("print.kept", "{n} page of this command kept in {folder}; switch the printer on and run "
                  "`{command}` to send it", "{n} pages of this command kept in {folder}; switch the printer "
                  "on and run `{command}` to send them", len(kept), folder=queue.folder, command=command),
              file=sys.stderr)
        return EXIT_QUEUED
    return 1 if any(state.get(i) == "failed" for i in mine) else 0


def _pad(text: str, width: int) -> str:
    """``text`` filled with spaces to ``width`` terminal columns (a Chinese character takes two)."""
    from unicodedata import east_asian_width

    return text + " " * max(0, width - sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text))


def _warn_damaged(queue) -> None:
    """Say on stderr which job records cannot be read (they are skipped, and kept on
    disk for a look, never deleted), instead of a queue that looks empty."""
    import sys

    from companion.clitext import tx, txn

    bad = [f"{job_id}.json" for job_id, _ in queue.damaged()]
    if bad:
        more = tx("queue.and_more", " and {n} more", n=len(bad) - 5) if len(bad) > 5 else ""
        print(txn("queue.damaged_warning", "warning: {n} damaged job record in {folder} (kept there): {names}; "
                  "`companion print-queue --retry JOB [--printer TARGET]` sends such a job from its kept page",
                  "warning: {n} damaged job records in {folder} (kept there): {names}; "
                  "`companion print-queue --retry JOB [--printer TARGET]` sends such a job from its kept page",
                  len(bad), folder=queue.folder, names=", ".join(bad[:5]) + more), file=sys.stderr)


def run_queue(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from companion.cliargs import folder_problem
    from companion.clitext import tx, txn
    from companion.errors import CompanionError

    from .queue import PrintQueue, default_dir, state_word

    folder = Path(args.queue) if args.queue else default_dir()
    # pages an older `companion demo` kept in its own folder (<out>/print-queue, under the
    # default out, ./demo-output) belong to the one queue: moved into it
    olds = [] if args.queue else sorted(Path(OLD_DEMO_OUT).glob("*/print-queue"))
    if (args.list and not folder.exists() and not olds and not (args.drop or args.retry)
            and folder_problem(folder) is None):
        # nothing was ever queued there: a listing says so and makes no folder
        print(tx("queue.empty", "the print queue is empty (no job in {folder})", folder=folder))
        return 0
    queue = PrintQueue(args.queue)
    for old in olds:
        moved = queue.adopt(old)
        if moved:
            print(txn("queue.adopted", "{n} page an earlier `companion demo` kept in {old} moved into the print "
                      "queue {folder}", "{n} pages an earlier `companion demo` kept in {old} moved into the "
                      "print queue {folder}", len(moved), old=old, folder=queue.folder), file=sys.stderr)
    if args.printer and not args.retry:
        raise CompanionError(tx("queue.printer_alone", "--printer goes with --retry JOB (a damaged job's printer)"))
    if args.drop:
        job = queue.drop(args.drop)
        print(tx("queue.dropped", "{job}: dropped ({title})", job=job.id, title=job.title))
        return 0
    if args.retry:
        if any(job_id == args.retry for job_id, _ in queue.damaged()):
            job = queue.repair(args.retry, args.printer)
            print(tx("queue.rebuilt", "{job}: record rebuilt from its kept page ({size} bytes) for {target}",
                     job=job.id, size=job.size, target=job.target))
        else:
            queue.retry(args.retry)
    damaged = queue.damaged()
    _warn_damaged(queue)
    if args.list:
        if not queue.jobs() and not damaged:
            print(tx("queue.empty", "the print queue is empty (no job in {folder})", folder=queue.folder))
        from .queue import reason_text

        jobs = queue.jobs()
        for j in (j for j in jobs if not j.dropped):
            why = reason_text(j)
            err = f"  ({why})" if why and j.state != "done" else ""
            print(tx("queue.line", "{job}  {state}  {target}  {title}  tries={tries}", job=j.id,
                     state=_pad(state_word(j.state), 7), target=j.target, title=j.title, tries=j.attempts) + err)
        dropped = [j for j in jobs if j.dropped]
        if dropped:  # listed apart: never sent again unless retried
            print(tx("queue.dropped_head", "dropped by the user (sent only after --retry JOB):"))
            for j in dropped:
                print(tx("queue.dropped_line", "  {job}  {target}  {title}", job=j.id, target=j.target,
                         title=j.title))
        for job_id, _why in damaged:
            kept = queue.payload_path(job_id)
            if kept.exists():
                print(tx("queue.damaged_kept", "{job}  damaged  record unreadable, page kept ({size} bytes); "
                         "send it: companion print-queue --retry {job} [--printer TARGET]", job=job_id,
                         size=kept.stat().st_size))
            else:
                print(tx("queue.damaged_lost", "{job}  damaged  record unreadable, page lost; "
                         "send it: companion print-queue --retry {job} [--printer TARGET]", job=job_id))
        return 0
    todo = queue.jobs("pending")
    if not todo:
        print(tx("queue.nothing", "nothing to send: no job waiting in {folder}", folder=queue.folder))
        if damaged:
            print(txn("queue.damaged_not_sent", "{n} damaged job not sent (see above)",
                      "{n} damaged jobs not sent (see above)", len(damaged)), file=sys.stderr)
        return 1 if damaged else 0
    queue.due_now({j.target for j in todo})  # due now: the user asked for it (one printed meanwhile stays so)
    reports = queue.drain(args.wait, on_report=_reporter(args.wait, command=_queue_command(args)))
    pending = queue.jobs("pending")
    if pending:
        print(txn("queue.still_kept", "{n} job still kept in {folder}; run `{command}` again when the printer "
                  "is on", "{n} jobs still kept in {folder}; run `{command}` again when the printer is on",
                  len(pending), folder=queue.folder, command=_queue_command(args)), file=sys.stderr)
        return EXIT_QUEUED
    return 1 if damaged or any(r.outcome == "failed" for r in reports) else 0


def run_config(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from companion.clitext import tx
    from companion.errors import CompanionError

    from .profiles import ALIASES, PrinterConfig, config_path, load_config, save_config, setting_names

    if args.reset:
        print(tx("config.saved_defaults", "saved {path} (defaults)", path=save_config(PrinterConfig(), args.config)))
    cfg = load_config(args.config)
    if args.settings:
        changes = {}
        for item in args.settings:
            key, sep, value = item.partition("=")
            if not sep:
                raise CompanionError(tx("config.key_value", "{item}: use KEY=VALUE", item=item))
            try:
                changes[key] = json.loads(value)
            except ValueError:
                changes[key] = value  # bare words: profile=TM-T20II, cut=full
        data = asdict(cfg)
        unknown = sorted(set(changes) - set(data) - set(ALIASES))
        if unknown:
            raise CompanionError(tx("config.unknown", "unknown settings: {unknown}; known: {known} (width is "
                                    "paper_mm)", unknown=", ".join(unknown), known=", ".join(sorted(data))))
        typed = {ALIASES.get(k, k): k for k in changes}  # the name as typed, for its error
        changes = setting_names(changes)
        if "paper_mm" in changes and changes["paper_mm"] not in (58, 80):
            raise CompanionError(tx("config.paper_width", "{name}={value}: the paper width in mm, 58 or 80",
                                    name=typed["paper_mm"], value=json.dumps(changes["paper_mm"])))
        data.update(changes)
        path = save_config(PrinterConfig(**data), args.config)
        cfg = load_config(path)
        print(tx("config.saved", "saved {path}", path=path))
    print(json.dumps(asdict(cfg), indent=2))
    print(tx("config.file", "# file: {path}  (profile in use: {profile}, {dots} dots)",
             path=args.config or config_path(), profile=cfg.profile_name, dots=cfg.width_dots))
    return 0
