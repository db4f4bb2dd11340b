"""What a ``companion`` command line names, checked before anything is done.

Option values (argparse ``type=`` functions): a value out of range or ill-formed is a
command line not understood, as an unknown option is: argparse prints the command's
usage and ``argument --copies: <what to give>`` on stderr and exits 2 (README's exit
codes), before any file is created, opened or written. The words are the CLI's
(:mod:`companion.clitext`, in the command line's language); argparse's own prefix
and the usage line stay English (docs/ui.md).

- :func:`positive_int` ``--copies``, ``--every``, ``--max-frames`` (1 or more)
- :func:`seconds` ``--wait`` (a finite number of seconds, 0 or more)
- :func:`camera_size` ``--size``/``--camera-size`` ``WxH`` (each 16..16384 px)
- :func:`fourcc` ``--fourcc`` (four printable ASCII characters)
- :func:`frame_rate` ``--fps`` (above 0, at most 240 frames a second)
- :func:`camera_index` ``--camera`` (0..255)
- :func:`press_arg` ``print --press`` (a number 1 or more, ``all`` or ``start``;
  which of them a game has is checked against the game file)

The ``parse_*`` functions are the same checks for code (ValueError with the message).

Output paths: :func:`folder_problem` says, without making anything, why a folder
cannot be there (a file in the way, a folder that cannot be written);
:func:`make_folder` makes one (saying so: :func:`made_folder_line`) or raises
CompanionError in those words. A command's missing output folders are made, never
refused (sample's journal, export's record, print's pictures and ``file:`` printer).
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from .clitext import tx
from .errors import CompanionError

#: camera sizes a command line may ask for, each side in px (vision.sources.CameraSettings)
SIZE_RANGE = (16, 16384)
#: frame rates a command line may ask for (frames a second): above 0, at most this
MAX_FPS = 240.0


def _shown(text) -> str:
    return repr(str(text))


def _whole(text) -> int | None:
    t = str(text).strip()
    return int(t) if t.isascii() and t.isdigit() else None  # no '٣', '1_0', '-1', '+1'


def parse_positive_int(text) -> int:
    """``text`` as a whole number 1 or more; ValueError saying what to give."""
    n = _whole(text)
    if n is None or n < 1:
        raise ValueError(tx("opt.positive_int", "give a whole number of 1 or more, not {value}",
                            value=_shown(text)))
    return n


def parse_seconds(text) -> float:
    """``text`` as a finite number of seconds, 0 or more; ValueError saying what to give."""
    try:
        s = float(str(text).strip())
    except ValueError:
        s = float("nan")
    if not (math.isfinite(s) and s >= 0):
        raise ValueError(tx("opt.seconds", "give a number of seconds, 0 or more, not {value}", value=_shown(text)))
    return s


def parse_size(text) -> tuple[int, int]:
    """``"1920x1080"`` -> ``(1920, 1080)``: width and height in px, each within
    :data:`SIZE_RANGE`; ValueError saying what to give."""
    w, sep, h = str(text).strip().lower().partition("x")
    lo, hi = SIZE_RANGE
    size = (_whole(w), _whole(h)) if sep else (None, None)
    if None in size or not all(lo <= v <= hi for v in size):
        raise ValueError(tx("opt.size", "give the size as WIDTHxHEIGHT in px, each {lo} to {hi}, e.g. 1920x1080, "
                            "not {value}", lo=lo, hi=hi, value=_shown(text)))
    return size[0], size[1]


def parse_fourcc(text) -> str:
    """A camera pixel format: four printable ASCII characters, upper-cased
    (``yuyv`` -> ``YUYV``); ValueError saying what to give."""
    t = str(text)
    if len(t) != 4 or not t.isascii() or not t.isprintable():
        raise ValueError(tx("opt.fourcc", "give four characters, e.g. MJPG or YUYV, not {value}", value=_shown(text)))
    return t.upper()


def parse_frame_rate(text) -> float:
    """Frames a second: above 0, at most :data:`MAX_FPS`; ValueError saying what to give."""
    try:
        fps = float(str(text).strip())
    except ValueError:
        fps = float("nan")
    if not (math.isfinite(fps) and 0 < fps <= MAX_FPS):
        raise ValueError(tx("opt.fps", "give a frame rate above 0 and at most {hi}, not {value}",
                            hi=f"{MAX_FPS:g}", value=_shown(text)))
    return fps


#: camera indices a command line may name (OpenCV's VideoCapture index; a negative
#: one crashed OpenCV itself with a segmentation fault, a huge one overflowed it)
MAX_CAMERA_INDEX = 255


def parse_camera_index(text) -> int:
    """``--camera N``: a camera index 0..MAX_CAMERA_INDEX; ValueError saying what to give."""
    n = _whole(text)
    if n is None or n > MAX_CAMERA_INDEX:
        raise ValueError(tx("opt.camera", "give a camera index from 0 to {hi} (0 is the first camera), not {value}",
                            hi=MAX_CAMERA_INDEX, value=_shown(text)))
    return n


def parse_press(text) -> str:
    """``print --press``: a press (or turn, or round) number 1 or more, ``all`` or
    ``start``, as text (``"3"``, ``"all"``); ValueError saying what to give. Which
    of them a game has is its printing module's business (the game file decides)."""
    t = str(text).strip().lower()
    if t in ("all", "start"):
        return t
    n = _whole(t)
    if n is None or n < 1:
        raise ValueError(tx("opt.press", "give a number of 1 or more, all or start, not {value}", value=_shown(text)))
    return str(n)


def _argparse_type(parse, name: str, keep_text: bool = False):
    """An argparse ``type`` from a ``parse_*`` function: its ValueError becomes
    ArgumentTypeError (usage, the message, exit 2). ``keep_text``: the value stays
    the text given (checked, stripped), for code that parses it again."""

    def convert(text: str):
        try:
            value = parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return str(text).strip() if keep_text else value

    convert.__name__ = name  # argparse names the type in its own messages
    return convert


positive_int = _argparse_type(parse_positive_int, "positive_int")
seconds = _argparse_type(parse_seconds, "seconds")
camera_size = _argparse_type(parse_size, "camera_size", keep_text=True)
fourcc = _argparse_type(parse_fourcc, "fourcc", keep_text=True)
frame_rate = _argparse_type(parse_frame_rate, "frame_rate")
press_arg = _argparse_type(parse_press, "press_arg")
camera_index = _argparse_type(parse_camera_index, "camera_index")


# ------------------------------------------------------------------ output paths


def folder_problem(path: str | os.PathLike) -> str | None:
    """Why no folder can be (or be made) at ``path``, in users' words naming the
    path in the way, or None when it is a folder or could be made. Makes nothing: a
    file with that name, a file where one of its parent folders should be, or (for
    anyone but root, whom permissions do not stop) a nearest existing folder that
    cannot be written."""
    p = Path(path)
    if p.is_dir():
        return None
    if p.exists():
        return tx("path.is_file", "{path} is a file, not a folder", path=p)
    for parent in p.parents:
        if parent.is_dir():
            if not os.access(parent, os.W_OK | os.X_OK):
                return tx("path.cannot_make", "{path}: no folder can be made in {parent} (permission denied)",
                          path=p, parent=parent)
            return None
        if parent.exists():
            return tx("path.parent_is_file", "{path}: {parent} is a file, not a folder", path=p, parent=parent)
    return None


def make_folder(path: str | os.PathLike, say=None) -> Path:
    """Make the folder ``path`` and its parents (nothing when it is there); returns
    it. ``say``: a function given the line :func:`made_folder_line` when a folder was
    made (a command's output folders: every command makes the missing ones and says
    so). Raises CompanionError naming what is in the way (:func:`folder_problem`) or
    what the system refused."""
    from .clitext import os_error

    p = Path(path)
    problem = folder_problem(p)
    if problem:
        raise CompanionError(problem)
    missing = not p.is_dir()
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CompanionError(folder_problem(p) or tx("path.folder_fault", "{path}: the folder cannot be made ({why})",
                                                     path=p, why=os_error(exc))) from None
    if missing and say is not None:
        say(made_folder_line(p))
    return p


def made_folder_line(path: str | os.PathLike) -> str:
    """The line a command prints when it made a missing output folder (and its
    parents), in the command line's language: ``made the folder out/pages``."""
    return tx("path.made_folder", "made the folder {path}", path=Path(path))
