"""Core ``companion`` subcommands: ``replay``, ``export`` and ``sample`` (the journal)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from .clitext import tx, txn
from .registry import game_arg as _game_arg


def register(subparsers) -> None:
    """Add the core subcommands. Heavy imports stay inside the handlers."""
    p = subparsers.add_parser(
        "replay", help="print each event of a game journal in the game's words, with the scores after "
        "it",
        description="Replay a game journal (SQLite file) or JSON record: each event in the game's words "
        "and the scores after it, then each player's score sheet (--brief: without it).",
    )
    p.add_argument("game", help="game journal (.sqlite) or exported record (.json)")
    p.add_argument("--brief", action="store_true", help="one line per event (scores only)")
    p.add_argument("--engine-state", action="store_true",
                   help="also print the rules engine's own state after each event (developer words, English)")
    p.set_defaults(func=cmd_replay)

    p = subparsers.add_parser(
        "export", help="write a game journal as a documented JSON record",
        description="Write the game's JSON record (format: docs/journal.md).",
    )
    p.add_argument("game", help="game journal (.sqlite)")
    p.add_argument("-o", "--out", help="output file (default, or '-': standard output; missing folders are "
                   "made); an existing file is kept unless --force")
    p.add_argument("--force", action="store_true", help="replace an existing --out file (never a journal)")
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser(
        "sample", help="write a complete sample game journal (the first game `companion games` lists, "
        "unless --game)",
        description="Play a complete seeded sample game with simple computer players and "
        "write its journal, to try replay, export and print.",
    )
    p.add_argument("out", help="journal file to create (.sqlite)")
    p.add_argument("--game", type=_game_arg, metavar="GAME", help="the game's id (default: the first one "
                   "`companion games` lists)")
    p.add_argument("--players", type=int, default=3, help="number of players (default 3)")
    p.add_argument("--seed", type=int, default=1, help="deck shuffle and play seed")
    p.set_defaults(func=cmd_sample)

    p = subparsers.add_parser("games", help="list the games Table Companion plays",
                              description="List the registered games: id, name, players.")
    p.add_argument("--lang", choices=("es", "en", "zh"), default=None,
                   help="language of the list (default: the command line's, see `companion --help`)")
    p.set_defaults(func=cmd_games)

    import importlib

    from .registry import command_modules

    for name in command_modules():  # a game's own commands (light: no engine)
        importlib.import_module(name).register(subparsers)


def cmd_games(args) -> int:
    from . import registry

    from .clitext import current

    for row in registry.picker(args.lang or current()):
        lo, hi = row["players"]
        print(f"{row['id']:<14} {row['name']}  " + tx("games.players", "({lo}-{hi} players)", lo=lo, hi=hi))
    return 0


def load_game(path: str | Path):
    """Open a journal file read-only (never written), or a JSON record (replayed into
    a temporary journal).

    Returns a :class:`companion.journal.Journal`. Raises JournalError naming the file.
    """
    from .datafile import data_fault, read_json
    from .errors import CompanionError, DataFileError
    from .journal import Journal, JournalError

    path = Path(path)
    if path.is_dir():
        raise JournalError(f"{path}: " + tx("journal.folder", "is a folder, not a game journal"))
    if path.suffix.lower() == ".json" and not _is_sqlite(path):
        try:
            record = read_json(path, kind=None)
        except DataFileError as exc:  # the file and line, worded as every data file's
            raise JournalError(str(exc)) from None
        try:
            return journal_from_record(record)
        except JournalError as exc:
            raise JournalError(f"{path}: {exc}") from None
        except CompanionError as exc:
            raise JournalError(f"{path}: " + tx("record.invalid", "not a valid game record ({why})",
                                                why=data_fault(exc))) from None
    return Journal.open(path, readonly=True)


def _is_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def journal_from_record(record: dict, path: str | Path | None = None):
    """Build a journal from a record with setup + actions: at ``path``, or in a scratch
    folder removed when the process ends. Raises JournalError naming what is wrong."""
    import tempfile

    from .datafile import data_fault
    from .errors import CompanionError
    from .journal import LEGACY_GAME, Journal, JournalError

    if not isinstance(record, dict) or "setup" not in record or "actions" not in record:
        raise JournalError(tx("record.needs_setup_actions", "a game record needs 'setup' and 'actions'"))
    game = record.get("game") or LEGACY_GAME  # a record naming no game is of the first format
    if path is None:  # a scratch journal, removed when the process ends
        import atexit
        import shutil

        scratch = tempfile.mkdtemp(prefix="companion-")
        atexit.register(shutil.rmtree, scratch, True)
        path = Path(scratch) / "game.sqlite"
    try:
        j = Journal.create(path, game, record["setup"])
        for i, a in enumerate(record["actions"], 1):
            try:
                j.append(a, source="replay")
            except (CompanionError, KeyError, TypeError, ValueError, AttributeError) as exc:
                raise JournalError(tx("record.action_fault", "action {i}: {why}", i=i, why=data_fault(exc))) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise JournalError(tx("record.setup_fault", "the setup cannot be read ({why})", why=data_fault(exc))) from None
    return j


def _scores_line(state, rules=None) -> str:
    """``blue (player 1) 5  Ana (player 2) 14``: each player as every place names them
    (the rules' score sheet: a typed name, else the colour, in the command line's
    language; :func:`companion.naming.player_name`) with their seat numbered from 1;
    without ``rules``, :func:`companion.naming.who`."""
    from .clitext import current
    from .journal import total_scores
    from .naming import seat_label, who

    players = tuple(getattr(state, "players", ()))
    scores = total_scores(state)
    if rules is not None:
        names = {seat.seat: seat.name for seat in rules.score_sheet(state, current()).seats}
        return "  ".join(f"{names.get(i) or seat_label(i)} ({seat_label(i)}) {s}" if names.get(i)
                         else f"{seat_label(i)} {s}" for i, s in enumerate(scores))
    specs = [getattr(p, "spec", p) for p in players]
    return "  ".join(f"{who(specs[i] if i < len(specs) else None, i)} {s}" for i, s in enumerate(scores))


def _action_text(rules, payload: dict, state, players=()) -> str:
    """One journal action for a person, in the command line's language: the game's
    ``describe_action`` (``state``: the game just before it), e.g. ``Ana puts 2
    reporters on War 1×2 ★★``. A payload the rules cannot read or word is shown as
    its fields, with the player named and numbered from 1 (a description never stops
    a replay)."""
    from .clitext import current
    from .naming import who

    try:
        return rules.describe_action(rules.action_from_dict(payload), state, current())
    except Exception:  # noqa: BLE001 - a damaged or foreign payload is still listed
        pass
    fields = ", ".join(f"{k}={v}" for k, v in payload.items() if k not in ("type", "action", "player"))
    text = f"{payload.get('action', payload.get('type', '?'))}({fields})"
    p = payload.get("player")
    if isinstance(p, int) and not isinstance(p, bool):
        spec = players[p] if 0 <= p < len(players) else None
        return f"{who(spec, p)}: {text}"
    return text


def _score_sheet_lines(rules, state) -> list[str]:
    """The game's score sheet (``score_sheet``) as indented lines: each player's total
    and where it comes from, in the command line's language."""
    from .clitext import current

    sheet = rules.score_sheet(state, current())
    out = []
    for seat in sheet.seats:
        out.append(f"  {seat.name}: {seat.total} {sheet.unit}")
        out += [f"      {line.amount:+5d}  {line.label}" for line in seat.lines]
    return out


def cmd_replay(args) -> int:
    from .registry import optional

    j = load_game(args.game)
    rules = j.rules
    describe = optional(rules, "describe")
    states = dict(j.timeline())
    undone = {e.payload.get("target") for e in j.events if e.kind == "undo"}
    players = tuple(getattr(j.state, "players", ()))
    out = sys.stdout
    before = None  # the game as it stands before the event being listed
    for e in j.events:
        if e.kind == "setup":
            head = f"#{e.seq} " + tx("replay.setup", "setup")
        elif e.kind == "action":
            mark = " " + tx("replay.undone", "(undone)") if e.seq in undone else ""
            head = f"#{e.seq} {_action_text(rules, e.payload, before if before is not None else j.state, players)}{mark}"
        elif e.kind == "undo":
            head = f"#{e.seq} " + tx("replay.undo_of", "undo of #{seq}", seq=e.payload.get("target"))
        else:
            head = f"#{e.seq} {e.kind}"
        print(head, file=out)
        st = states.get(e.seq)
        if st is None:
            continue
        before = st
        print("    " + tx("replay.scores", "scores: {scores}", scores=_scores_line(st, rules)), file=out)
        if describe is not None and getattr(args, "engine_state", False):  # developer words, asked for
            for line in describe(st).splitlines():
                print("      " + line, file=out)
    final = j.state
    print("", file=out)
    print(tx("replay.final", "final scores: {scores}", scores=_scores_line(final, rules))
          if getattr(final, "is_over", False)
          else tx("replay.in_progress", "game in progress: {scores}", scores=_scores_line(final, rules)), file=out)
    if not args.brief:
        for line in _score_sheet_lines(rules, final):
            print(line, file=out)
    return 0


def cmd_export(args) -> int:
    from .errors import CompanionError

    if args.out == "-":  # the usual Unix spelling of standard output, never a file named "-"
        args.out = None
    if args.out and Path(args.out).exists() and Path(args.out).resolve() == Path(args.game).resolve():
        raise CompanionError(tx("export.same_file", "{file} is the game being exported; write the record to "
                                "another file", file=args.out))
    if args.out and _is_sqlite(Path(args.out)):
        raise CompanionError(tx("export.journal", "{file} is a game journal; it is never overwritten", file=args.out))
    if args.out and Path(args.out).is_dir():
        raise CompanionError(tx("export.folder", "{file} is a folder; give -o a file name for the record",
                                file=args.out))
    if args.out and Path(args.out).exists() and not getattr(args, "force", False):
        raise CompanionError(tx("export.exists", "{file} already exists; choose another file or add --force to "
                                "replace it", file=args.out))
    from .cliargs import folder_problem, make_folder

    problem = folder_problem(Path(args.out).parent) if args.out else None
    if problem:  # a file where a folder should be: said before the game is read
        raise CompanionError(problem)
    j = load_game(args.game)
    text = json.dumps(j.export(), indent=2, ensure_ascii=False, sort_keys=False)
    if args.out:
        make_folder(Path(args.out).parent, say=print)  # missing folders are made and said, as sample's are
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(tx("export.wrote", "wrote {file}", file=args.out))
    else:
        print(text)
    return 0


def cmd_sample(args) -> int:
    from . import registry
    from .errors import CompanionError, UsageError

    spec = registry.get(args.game) if args.game else registry.default()
    if not spec.min_players <= args.players <= spec.max_players:
        from .clitext import current

        raise UsageError(tx("demo.players_range", "--players {n}: {game} is for {lo}..{hi} players",
                                n=args.players, game=spec.name(current()), lo=spec.min_players,
                                hi=spec.max_players))
    from .cliargs import folder_problem, made_folder_line

    folder = Path(args.out).parent
    problem = folder_problem(folder)
    if problem:  # a file where a folder should be: said in users' words, nothing made
        raise CompanionError(problem)
    missing = not folder.is_dir()
    rules = spec.rules_module()
    setup, actions = rules.random_game(args.seed, args.players)
    j = journal_from_record({"game": spec.id, "setup": setup,
                             "actions": [rules.action_to_dict(a) for a in actions]}, path=args.out)
    j.close()  # a finished file: no -wal/-shm left beside it
    if missing:  # the journal made its folder: said, as print and export say theirs
        print(made_folder_line(folder))
    print(tx("sample.wrote", "wrote {file}: {actions}; scores {scores}", file=args.out,
             actions=txn("sample.actions", "{n} action", "{n} actions", len(actions)), scores=_scores_line(j.state)))
    return 0
