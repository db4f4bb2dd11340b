"""Shared pytest setup. Being in tests/, this file also puts tests/ on sys.path, so
test files in sub-folders can import the helpers here (shared_data, pp_table)."""

import companion  # noqa: F401  first: it quiets OpenCV's and ffmpeg's own logging before any test imports cv2
