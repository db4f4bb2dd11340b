"""Shared pytest setup. Being in tests/, this file also puts tests/ on sys.path, so
test files in sub-folders can import the helpers here (shared_data, pp_table)."""

import os
import tempfile

# The suite never reads nor writes the user's own settings, print queue or games: a
# printer chosen at this desk (~/.config/table-companion/printer.json) or a job left in
# its queue would change what the tests see. Subprocesses inherit these.
_HOME = tempfile.mkdtemp(prefix="tc-tests-home-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_CACHE_HOME"] = os.path.join(_HOME, "cache")

import companion  # noqa: F401,E402  first: it quiets OpenCV's and ffmpeg's own logging before any test imports cv2
