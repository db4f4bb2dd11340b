"""Finding a font with CJK glyphs so Chinese renders (Kivy's default Roboto has none).

We ship no font: Debian's fonts-wqy-microhei (installed by scripts/setup.sh) covers
Latin, accented Spanish and Chinese in one file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from companion.errors import CompanionError

APT_PACKAGE = "fonts-wqy-microhei"
KNOWN_PATHS = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
)


class FontMissing(CompanionError):
    """No font with Chinese glyphs was found; the message names the apt package."""


def find_cjk_font() -> Path:
    """Path of a font with CJK glyphs: $TABLE_COMPANION_FONT, known paths, then
    ``fc-match :lang=zh``. Raises FontMissing naming fonts-wqy-microhei."""
    env = os.environ.get("TABLE_COMPANION_FONT")
    if env:
        if Path(env).is_file():
            return Path(env)
        from companion.clitext import tx

        raise FontMissing(tx("fonts.env", "TABLE_COMPANION_FONT={path} is not a file", path=env))
    for p in KNOWN_PATHS:
        if Path(p).is_file():
            return Path(p)
    if shutil.which("fc-match"):
        try:
            out = subprocess.run(["fc-match", "-f", "%{file}", ":lang=zh"], capture_output=True,
                                 text=True, timeout=5).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and Path(out).is_file() and Path(out).suffix.lower() in (".ttf", ".ttc", ".otf"):
            return Path(out)
    from companion.clitext import tx

    raise FontMissing(tx("fonts.no_cjk", "no font with Chinese glyphs found; install it: sudo apt-get install {package}",
                         package=APT_PACKAGE))


def register_default_font() -> Path:
    """Make the CJK font Kivy's default for every Label (call after importing
    kivy, before building widgets). Returns the font path; raises FontMissing."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    path = find_cjk_font()
    LabelBase.register(DEFAULT_FONT, str(path))
    return path
