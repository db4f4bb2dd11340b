"""The APK's entry (python-for-android runs ``main.py`` of the app folder): the tablet
app as ``companion app`` starts it, with no recording and no camera index (the start
screen picks the source). See buildozer.spec and docs/android.md."""

import argparse

from ui.app import run_app

if __name__ == "__main__":
    raise SystemExit(run_app(argparse.Namespace(recording=None, camera=None, lang=None, fake=False,
                                                size=None, fourcc=None, fps=None, focus=None, exposure=None)))
