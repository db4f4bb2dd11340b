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

from . import __version__
from .errors import CompanionError, UsageError

GROUP = "table_companion.commands"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: reads the table through the camera, keeps the "
        "game's score and prints the papers.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            register = ep.load()
        except Exception as exc:  # a broken plugin must not take the CLI down
            print(f"companion: commands from {ep.value} unavailable: {exc}", file=sys.stderr)
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


def main(argv: list[str] | None = None) -> int:
    if argv is None and hasattr(signal, "SIGPIPE"):  # `companion replay g | head` ends quietly
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:  # README: 2, a command line not understood, usage on stderr
        _usage_of(parser, args).print_usage(sys.stderr)
        print(f"companion {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except CompanionError as exc:
        print(f"companion {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a path that cannot be written or read: say which, no traceback
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        print(f"companion {args.command}: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of ours: one line, the traceback only on request
        if os.environ.get("COMPANION_DEBUG"):
            raise
        print(f"companion {args.command}: internal error: {type(exc).__name__}: {exc} "
              "(COMPANION_DEBUG=1 shows the traceback; please report it)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
