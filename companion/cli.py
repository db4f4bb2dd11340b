"""The ``companion`` command line.

Subcommands are plugins registered under the entry-point group
``table_companion.commands`` (see pyproject.toml). Each entry point is a function
``register(subparsers)`` that adds its subcommands with ``set_defaults(func=...)``;
``func(args)`` returns the process exit code. This keeps the core free of imports
from the outer packages: ``companion tags`` lives in calibration/, ``companion scan``
in vision/, ``companion print`` in printing/, ``companion demo`` in ui/.

A plugin that fails to load (a missing system library, say) is reported once on
stderr and its commands are left out; the other commands still work.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from importlib.metadata import entry_points

from . import __version__, clitext
from .clitext import tx
from .clitext import player_text
from .errors import CompanionError, UsageError

GROUP = "table_companion.commands"

#: argparse's own complaints (English, from its gettext) -> the cli catalog's words:
#: (pattern of argparse's message, function of the match giving the words)
_ARGPARSE = (
    (r"argument (?P<arg>.+?): (?P<rest>.*)",
     lambda m: tx("cli.argument", "argument {arg}: {problem}", arg=m["arg"], problem=argparse_words(m["rest"]))),
    (r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
     lambda m: tx("cli.invalid_choice", "invalid choice: {value} (choose from {choices})", value=m["value"],
                  choices=m["choices"])),
    (r"invalid \S+ value: (?P<value>.*)",
     lambda m: tx("cli.invalid_value", "invalid value: {value}", value=m["value"])),
    (r"the following arguments are required: (?P<args>.*)",
     lambda m: tx("cli.required", "the following arguments are required: {args}", args=m["args"])),
    (r"unrecognized arguments: (?P<args>.*)",
     lambda m: tx("cli.unrecognized", "unrecognized arguments: {args}", args=m["args"])),
    (r"expected one argument", lambda m: tx("cli.expected_one", "expected one value")),
    (r"expected at least one argument", lambda m: tx("cli.expected_some", "expected at least one value")),
    (r"not allowed with argument (?P<arg>.*)",
     lambda m: tx("cli.not_with", "not allowed with {arg}", arg=m["arg"])),
    (r"one of the arguments (?P<args>.*) is required",
     lambda m: tx("cli.one_of", "one of {args} is required", args=m["args"])),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)",
     lambda m: tx("cli.ambiguous", "ambiguous option: {option} could be {matches}", option=m["option"],
                  matches=m["matches"])),
)


def argparse_words(message: str) -> str:
    """An argparse complaint (English) in the command line's language: the common
    ones (an invalid choice, a missing or unknown argument...) by their pattern; a
    message of ours inside one (an option's own check) is already in that language."""
    import re

    for pattern, words in _ARGPARSE:
        m = re.fullmatch(pattern, message, re.DOTALL)
        if m:
            return words(m)
    return message


class _Parser(argparse.ArgumentParser):
    """argparse, with its error line in the command line's language (the usage line
    and --help stay English); its subcommands' parsers are of this class too."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, tx("cli.usage_error", "{prog}: error: {problem}", prog=self.prog,
                        problem=argparse_words(message)) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="Table Companion: reads the table through the camera, keeps the "
        "game's score and prints the papers.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--lang", dest="cli_lang", choices=clitext.LANGS,
                        help="language of the messages (default: the app's setting, else the "
                        "system's LANGUAGE/LC_ALL/LC_MESSAGES/LANG, else English); a command's "
                        "own --lang also sets it")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            register = ep.load()
        except Exception as exc:  # a broken plugin must not take the CLI down
            print(tx("cli.plugin_unavailable", "companion: commands from {where} unavailable: {error}",
                     where=ep.value, error=exc), file=sys.stderr)
            continue
        register(sub)
    return parser


def _usage_of(parser: argparse.ArgumentParser, args) -> argparse.ArgumentParser:
    """The (sub)parser of the command ``args`` came from, for its usage line."""
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        sub = action.choices.get(args.command)
        if sub is None:
            continue
        for inner in sub._subparsers._group_actions if sub._subparsers else ():
            for name, leaf in inner.choices.items():
                if vars(args).get(inner.dest) == name:
                    return leaf
        return sub
    return parser


def _lang_in(argv: list[str]) -> str | None:
    """The last ``--lang X`` / ``--lang=X`` of a command line not parsed yet."""
    found = None
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif a.startswith("--lang="):
            found = a.split("=", 1)[1]
    return found


def choose_lang(args) -> str:
    """The language of this command line (:func:`companion.clitext.choose`): the
    subcommand's own ``--lang``, else the global one, else the app's setting, else
    the environment, else English. A subcommand's ``--lang`` left unset takes it too
    (its pages follow its messages)."""
    lang = clitext.choose(getattr(args, "lang", None) or getattr(args, "cli_lang", None))
    if "lang" in vars(args) and args.lang is None:
        args.lang = lang
    return lang


def main(argv: list[str] | None = None) -> int:
    """Run one command line; returns its exit code. It speaks the language of
    :func:`choose_lang`; the language spoken before is restored afterwards (a
    process that runs several command lines, as the tests do, starts each afresh)."""
    before = clitext.current()
    try:
        return _main(argv)
    finally:
        clitext.set_lang(before)


def _main(argv: list[str] | None) -> int:
    if argv is None and hasattr(signal, "SIGPIPE"):  # `companion replay g | head` ends quietly
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    clitext.set_lang(clitext.choose(_lang_in(sys.argv[1:] if argv is None else list(argv))))
    parser = build_parser()
    args = parser.parse_args(argv)
    clitext.set_lang(choose_lang(args))
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:  # README: 2, a command line not understood, usage on stderr
        _usage_of(parser, args).print_usage(sys.stderr)
        print(tx("cli.error", "companion {command}: error: {error}", command=args.command,
                 error=player_text(exc)), file=sys.stderr)
        return 2
    except CompanionError as exc:
        print(tx("cli.error", "companion {command}: error: {error}", command=args.command,
                 error=player_text(exc)), file=sys.stderr)
        return 1
    except OSError as exc:  # a path that cannot be written or read: say which, no traceback
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        print(tx("cli.error", "companion {command}: error: {error}", command=args.command,
                 error=f"{clitext.os_error(exc)}{where}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(tx("cli.interrupted", "interrupted"), file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of ours: one line, the traceback only on request
        if os.environ.get("COMPANION_DEBUG"):
            raise
        print(tx("cli.internal_error", "companion {command}: internal error: {error} "
                 "(COMPANION_DEBUG=1 shows the traceback; please report it)",
                 command=args.command, error=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
