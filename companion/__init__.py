"""Table Companion core: rule engines, table state, the game journal and the CLI.

This package is pure Python and deterministic. It imports none of cv2, kivy or
escpos; the outer packages (vision, calibration, printing, ui) depend on it, never
the reverse.
"""

__version__ = "0.1.0"

import os as _os

# OpenCV and the ffmpeg inside it print their own diagnostics straight to the
# terminal ("moov atom not found", "can't open camera by index"); our messages say
# what went wrong, on stderr, once. Both variables are read when OpenCV first logs or
# opens a video, so setting them here (every package imports companion before cv2
# does any work) keeps that noise off the terminal. The user's own values win.
# This is the one place they are set.
_os.environ.setdefault("OPENCV_LOG_LEVEL", "FATAL")
_os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # AV_LOG_QUIET
