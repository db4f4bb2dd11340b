"""``companion dial``: Scoop's telephone in a terminal, and ``companion dial verify``.

- ``companion dial [--wheel standard|kind|harsh|FILE] [--lang es|en|zh] [--log FILE]``:
  shows the commitment, then for each number typed the signal and its meaning; on
  hang-up (q, or end of input) reveals the seed. The log (JSON: wheel, commitment,
  calls, and the seed once revealed) is written after every call.
- ``companion dial verify FILE [--commitment HEX]``: FILE is a Scoop game journal
  (.sqlite), its export (.json) or a terminal dial log; re-runs every call from the
  seed and says whether all match (exit 0) or which do not (exit 4).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from pathlib import Path

from companion.clitext import tx, txn
from companion.errors import CompanionError, DataFileError

LOG_FORMAT = "table-companion/scoop-dial"
EXIT_MISMATCH = 4


def _wheel_line(wheel, lang: str) -> str:
    """The wheel in use as players read it: a wheel shipped with the game by its
    name (the standard one in ``lang``), a house-rule wheel with its file, so the
    group can find it again; never a path inside the program."""
    from .dial import DATA_DIR
    from .dialwords import ui

    shipped = wheel.name in ("standard", "") or (DATA_DIR / "wheels" / f"{wheel.name}.json").is_file()
    if not shipped:
        return ui("wheel", lang, w=wheel.name, f=wheel.file)
    return ui("wheel_shipped", lang, w=ui("wheel_standard", lang) if wheel.name in ("standard", "") else wheel.name)


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "dial", help="Scoop's dial telephone in the terminal; `dial verify` checks a game's calls",
        description="Scoop's dial telephone: type the number on your telephone card, see the editor's "
        "signal. The seed's commitment is shown first and the seed at the end, so anyone can check "
        "every call with `companion dial verify`.")
    p.add_argument("--wheel", default=None, help="signal wheel: standard (default), kind, harsh, or a "
                   "JSON file (house rule)")
    p.add_argument("--lang", choices=("es", "en", "zh"), default=None,
                   help="language of the dial (default: the command line's, see `companion --help`)")
    p.add_argument("--log", help="call log to write (default: a new file in the user data folder)")
    p.add_argument("--force", action="store_true", help="replace an existing dial log given with --log")
    p.add_argument("--seed", help=argparse.SUPPRESS, default=None)  # for tests and replays, not players
    p.set_defaults(func=cmd_dial)
    sub = p.add_subparsers(dest="dial_command", metavar="verify")
    v = sub.add_parser("verify", help="re-run every call of a Scoop game or dial log from its seed",
                       description="Re-run every call of a Scoop game journal, its export or a terminal "
                       "dial log from the revealed seed; exit 0 when all match, 4 when not.")
    v.add_argument("file", help="game journal (.sqlite), export (.json) or dial log (.json)")
    v.add_argument("--commitment", help="the commitment shown or printed at the start, to check the seed")
    v.add_argument("--wheel", metavar="FILE", help="check the calls' wheel against this wheel file (a house "
                   "rule's file as it was for that game) instead of the one the file names")
    v.set_defaults(func=cmd_verify)


# ------------------------------------------------------------------ terminal


def _default_log() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("table-companion")) / "dial" / time.strftime("scoop-dial-%Y%m%d-%H%M%S.json")


def _write_log(path: Path, d, revealed: bool) -> None:
    rec = {"format": LOG_FORMAT, "version": 1, "wheel": d.wheel.to_dict(), "commitment": d.commitment,
           "calls": [c.to_dict() for c in d.calls]}
    if revealed:
        rec["seed"] = d.seed
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def _banner(text: str) -> str:
    from unicodedata import east_asian_width

    width = sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text) + 6
    return "\n".join(["+" + "-" * width + "+", "|   " + text + "   |", "+" + "-" * width + "+"])


def cmd_dial(args) -> int:
    from .catalog import load_catalog
    from .dial import Dial, load_wheel
    from .texts import signal_text, story_name, ui

    wheel = load_wheel(args.wheel)
    d = Dial(wheel, args.seed)
    log = Path(args.log) if args.log else _default_log()
    log.parent.mkdir(parents=True, exist_ok=True)
    if log.exists() and log.stat().st_size and not _is_dial_log(log):
        raise CompanionError(tx("dial.log_foreign", "{path} exists and is not a dial log; it is never overwritten: "
                                "choose another --log", path=log))
    if log.exists() and log.stat().st_size and not getattr(args, "force", False):
        raise CompanionError(tx("dial.log_exists", "{path} already exists (a dial log); choose another --log or add "
                                "--force to replace it", path=log))
    out = sys.stdout
    from companion.clitext import current

    lang = getattr(args, "lang", None) or current()  # unset: the command line's language (companion.cli)
    print(ui("commitment", lang, c=d.commitment), file=out)
    print(_wheel_line(wheel, lang), file=out)
    cat = load_catalog()
    on_cards = sorted(set(cat.story_types.values()))
    by_number = sorted(cat.story_types.items(), key=lambda tn: (tn[1], tn[0]))
    print(ui("numbers", lang, n=", ".join(f"{story_name(t, lang)} {n}" for t, n in by_number)), file=out)
    _write_log(log, d, revealed=False)
    interactive = sys.stdin.isatty()
    while True:
        if interactive:
            print(ui("prompt", lang), end="", file=out, flush=True)
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:  # Ctrl-C hangs up: the seed is still revealed, so the log can be checked
            print(file=out)
            break
        if not line:
            break
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            break
        if not text:
            continue
        number = dial_digit(text)
        if number is None:
            print(ui("bad", lang), file=out)
            continue
        text = str(number)
        if int(text) not in on_cards:  # the terminal has no player: it checks every telephone card
            print(ui("not_on_card", lang, d=text, n=", ".join(map(str, on_cards))), file=out)
            continue
        c = d.dial(int(text))
        _write_log(log, d, revealed=False)
        head, meaning = signal_text(c.signal, lang)
        print(_banner(head), file=out)
        print(meaning, file=out, flush=True)
    _write_log(log, d, revealed=True)
    print(ui("seed", lang, k=len(d.calls), s=d.seed, log=log), file=out)
    return 0


def dial_digit(text: str) -> int | None:
    """The number typed at the terminal dial, or None: exactly one of the telephone's
    digits 0-9 as on the cards (ASCII), or its full-width form (０-９, what a Chinese
    input method types). Any other digit (Arabic-Indic ٣, Devanagari, superscript ³
    ...) or more than one character is refused: str.isdigit() alone accepts them all."""
    text = text.strip()
    if len(text) == 1 and "０" <= text <= "９":
        text = chr(ord(text) - ord("０") + ord("0"))
    if len(text) == 1 and text in "0123456789":
        return int(text)
    return None


def _is_dial_log(path: Path) -> bool:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("format") == LOG_FORMAT
    except (OSError, ValueError, AttributeError):  # (UnicodeDecodeError is a ValueError)
        return False


# -------------------------------------------------------------------- verify


def calls_of(path: str | Path) -> tuple[dict, str, str | None, list[dict]]:
    """(wheel dict, seed, commitment recorded, [{"number", "signal"}]) from a Scoop
    journal, export or dial log. Reads a journal's raw events, so a journal whose
    outcome was edited (and no longer opens) can still be checked. Raises
    CompanionError for another game, an unreadable file, or a seed not revealed."""
    path = Path(path)
    if not path.is_file():
        raise CompanionError(tx("dial.no_file_given", "{path}: no such file", path=path))
    with open(path, "rb") as f:
        head = f.read(16)
    not_ours = tx("dial.not_a_record", "{path}: not a dial log nor a Scoop game (its journal or export)", path=path)
    if head == b"SQLite format 3\x00":
        setup, actions = _journal_setup_actions(path)
    else:
        from companion.datafile import read_json

        try:
            rec = read_json(path, kind=None)  # DataFileError naming the file and line
        except DataFileError as exc:
            if not _is_text(path):  # a picture, a zip...: no dial log or game at all
                raise CompanionError(not_ours) from None
            raise CompanionError(tx("dial.damaged", "{what} (a dial log or a game's export is JSON)",
                                    what=exc)) from None
        if not isinstance(rec, dict):
            raise CompanionError(not_ours)
        if rec.get("format") == LOG_FORMAT:
            if not rec.get("seed"):
                raise CompanionError(tx("dial.not_revealed", "{path}: the seed is not revealed yet (hang up the dial "
                                        "first)", path=path))
            if not isinstance(rec.get("wheel"), dict):
                raise CompanionError(tx("dial.no_wheel", "{path}: the dial log has no wheel", path=path))
            return rec["wheel"], rec["seed"], rec.get("commitment"), rec.get("calls") or []
        if rec.get("game") != "scoop" or "setup" not in rec:
            raise CompanionError(not_ours if rec.get("game") is None else _other_game(path, rec.get("game")))
        setup, actions = rec["setup"], rec.get("actions") or []
        if isinstance(setup, dict) and "dial_seed" not in setup:
            revealed = [e.get("payload", {}).get("reveal") for e in rec.get("events") or []
                        if isinstance(e, dict) and e.get("kind") == "note" and isinstance(e.get("payload"), dict)]
            seed = next((r["dial_seed"] for r in revealed if isinstance(r, dict) and r.get("dial_seed")), None)
            if seed:
                setup = dict(setup, dial_seed=seed)
    if isinstance(setup, dict) and "data" in setup and "dial_seed" not in setup:
        raise CompanionError(tx("dial.not_over", "{path}: the game is not over yet: the dial's seed stays secret until "
                                "its end (kept beside the journal), so its calls cannot be checked now; verify the "
                                "game once it has ended", path=path))
    try:
        wheel = setup["data"]["wheel"]
        seed = setup["dial_seed"]
    except (KeyError, TypeError):
        raise CompanionError(tx("dial.setup_no_dial", "{path}: the game's setup has no dial", path=path)) from None
    calls = [{"number": a.get("number"), "signal": a.get("signal")} for a in actions
             if isinstance(a, dict) and a.get("action") == "dial"]
    return wheel, seed, setup.get("commitment"), calls


def _is_text(path: Path) -> bool:
    """Whether the file's start reads as UTF-8 text (a JSON file does; a PNG or a zip does not)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(head) - 3  # only a character cut at the end of the sample
    return True


def _other_game(path: Path, game) -> str:
    """``path``: a game of another game than Scoop, named as people name it."""
    from companion import registry
    from companion.clitext import current

    try:
        name = registry.get(str(game)).name(current())
    except CompanionError:
        name = str(game)
    return tx("dial.other_game", "{path}: a game of {game}, not Scoop", path=path, game=name)


def _journal_setup_actions(path: Path) -> tuple[dict, list[dict]]:
    try:
        from companion.journal import readonly_connection

        con = readonly_connection(path)  # quoted URI: a '#' in the name stays in the name
        try:
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            rows = con.execute("SELECT seq, kind, payload FROM events ORDER BY seq").fetchall()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        raise CompanionError(tx("dial.not_journal", "{path}: not a game journal (the file is damaged or of another "
                                "kind)", path=path)) from None
    if meta.get("game") != "scoop":
        raise CompanionError(_other_game(path, meta.get("game") or "penny-press"))
    events = [(seq, kind, json.loads(payload)) for seq, kind, payload in rows]
    undone = {p.get("target") for _, kind, p in events if kind == "undo"}
    setup = next(p for _, kind, p in events if kind == "setup")
    actions = [p for seq, kind, p in events if kind == "action" and seq not in undone]
    for _, kind, p in events:  # the seed revealed at the game's end (companion.journal)
        if kind == "note" and isinstance(p.get("reveal"), dict) and "dial_seed" not in setup:
            setup = dict(setup, **p["reveal"])
    return setup, actions


def cmd_verify(args) -> int:
    from .dial import NUMBERS, Wheel, named_wheel_check, verify_calls

    path = args.file
    if getattr(args, "wheel", None):  # README: a file that cannot be read is an error (1), not a mismatch (4)
        from .dial import load_wheel

        try:
            load_wheel(args.wheel)
        except DataFileError as exc:
            raise CompanionError(tx("dial.given_unreadable", "the wheel given with --wheel cannot be read: {why}",
                                    why=exc)) from None
    wheel_d, seed, recorded, calls = calls_of(path)
    try:
        wheel = Wheel.from_dict(wheel_d)
    except CompanionError as exc:
        raise CompanionError(tx("dial.bad_wheel", "{path}: bad wheel: {why}", path=path, why=exc)) from None
    if not isinstance(calls, list):
        raise CompanionError(tx("dial.calls_not_list", "{path}: the calls are not a list", path=path))
    for i, c in enumerate(calls):
        if not isinstance(c, dict) or c.get("number") not in NUMBERS or isinstance(c.get("number"), bool):
            raise CompanionError(tx("dial.not_a_call", "{path}: call {n} is not a call (needs a number 0-9 and its "
                                    "signal)", path=path, n=i + 1))
    given = (args.commitment or "").strip().lower() or None
    if not recorded and not given:
        raise CompanionError(tx("dial.no_commitment", "{path}: no commitment recorded, so the seed cannot be checked; "
                                "give the one shown at the start with --commitment", path=path))
    # The seed is checked against the file's own commitment; a different one given on
    # the command line is one problem (the file is not the game announced), not two.
    committed = str(recorded).strip().lower() if recorded else given
    verdict = verify_calls(wheel, seed, calls, committed)
    wheel_problem, wheel_note = named_wheel_check(wheel, getattr(args, "wheel", None))
    if wheel_problem:
        verdict = type(verdict)(False, verdict.calls, (wheel_problem,) + verdict.problems)
    if given and recorded and given != committed:
        verdict = type(verdict)(False, verdict.calls, verdict.problems +
                                (tx("dial.commitment_differs", "the file's commitment is not the one given"),))
    if verdict.ok:
        print(txn("dial.all_match", "{n} call re-run from the seed: all match (commitment {commitment}).",
                  "{n} calls re-run from the seed: all match (commitment {commitment}).", verdict.calls,
                  commitment=committed))
        if wheel_note:
            print(tx("dial.wheel_note", "  wheel: {note}", note=wheel_note))
        return 0
    n = len(verdict.problems)
    problems = txn("dial.problems", "{n} problem", "{n} problems", n)
    print(txn("dial.some_differ", "{n} call re-run from the seed: {problems}:",
              "{n} calls re-run from the seed: {problems}:", verdict.calls, problems=problems))
    for p in verdict.problems:
        print(f"  {p}")
    return EXIT_MISMATCH
