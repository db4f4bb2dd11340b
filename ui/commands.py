"""`companion app` and `companion doctor` (registered in pyproject.toml)."""

from __future__ import annotations


def register(subparsers) -> None:
    """Add this package's subcommands. Heavy imports (kivy, cv2) stay in the handlers."""
    from companion.clitext import register_player_text, register_report_text

    from . import doctor

    register_player_text(_refusal_text)
    register_report_text(_report_text)
    doctor.register(subparsers)

    p = subparsers.add_parser(
        "app", help="the tablet app (Kivy): live table, corrections, scores, printing",
        description="Start the Kivy tablet app. With no screen (no DISPLAY or WAYLAND_DISPLAY on Linux) it says so and "
                    "exits 1: play headless with `companion demo`, or set SDL_VIDEODRIVER=offscreen.",
    )
    src = p.add_mutually_exclusive_group()
    src.add_argument("--recording", help="a bundled recording by name (the folders of play/recordings), a recording folder, or a video "
                     "file or image folder instead of the camera")
    from companion.cliargs import camera_index

    src.add_argument("--camera", type=camera_index, help="camera index (default 0)")
    from vision.sources import add_camera_arguments

    add_camera_arguments(p)
    p.add_argument("--lang", choices=("es", "en", "zh"), help="language (default: the system's)")
    p.add_argument("--fake", action="store_true", help="a scripted demo game instead of the camera")
    p.add_argument("--play-through", action="store_true",
                   help="with --recording NAME: play the bundled recording through the app offscreen by its own "
                   "buttons, print the final scores; exit 0 when they equal the recording's, 4 when not "
                   "(--size WxH is then the window's size, default 1280x800)")
    p.add_argument("--lens", metavar="JSON", help="lens model from 'companion calibrate camera' "
                   "(default: your calibration if there is one, else estimated from the corner fiducials)")
    p.set_defaults(func=_run_app)


def _refusal_text(exc, lang: str) -> str | None:
    """An engine refusal (RuleError) in ``lang`` with the app's words for it (its
    kind, ui.i18n.error_text): how the command line words a refused move."""
    from companion.errors import RuleError

    if not isinstance(exc, RuleError):
        return None
    from .i18n import error_text

    return error_text(exc, lang)


def _report_text(report, lang: str) -> str | None:
    """An observer report in ``lang`` with the app's words for it (ui.i18n.report_text):
    how the command line (``companion demo``) words what the camera saw."""
    from .i18n import report_text

    return report_text(getattr(report, "key", ""), getattr(report, "params", ()), lang, report.text)


def _run_app(args) -> int:
    if getattr(args, "lens", None):
        import os

        from calibration.camera import load_camera
        from calibration.lens import LENS_ENV

        load_camera(args.lens)  # a clear error now, not a silent fallback later
        os.environ[LENS_ENV] = os.path.abspath(args.lens)
    if getattr(args, "play_through", False):
        from companion.clitext import tx
        from companion.errors import UsageError  # README: a missing option is a usage error (2)

        if not getattr(args, "recording", None):
            raise UsageError(tx("app.playthrough_needs_recording", "--play-through needs --recording NAME "
                                    "(a bundled recording)"))
        from .playthrough import run_play_through

        return run_play_through(args.recording, getattr(args, "lang", None), getattr(args, "size", None))
    from .app import run_app

    return run_app(args)
