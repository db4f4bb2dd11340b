"""Draw the app's launcher icon and pre-splash (our own drawing, no artwork from elsewhere).

    .venv/bin/python android/make_icon.py        # writes android/icon.png, android/presplash.png

The icon: a green table top seen from above with a printed page (white, with ruled
lines) and a square tag (finder-like corners) on it. 512 x 512 px, RGBA. The
pre-splash: the same drawing centred on the table's green, 1024 x 1024 px. Both are
made from shapes only (Pillow's ImageDraw), so rerunning gives the same pixels.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
GREEN = (38, 110, 72, 255)
FELT = (52, 138, 92, 255)
PAPER = (250, 248, 240, 255)
INK = (30, 30, 30, 255)


def _finder(d: ImageDraw.ImageDraw, x: int, y: int, m: int) -> None:
    """A 7 x 7 module square with a 3 x 3 core (``m`` px per module) at ``(x, y)``."""
    d.rectangle([x, y, x + 7 * m - 1, y + 7 * m - 1], fill=INK)
    d.rectangle([x + m, y + m, x + 6 * m - 1, y + 6 * m - 1], fill=PAPER)
    d.rectangle([x + 2 * m, y + 2 * m, x + 5 * m - 1, y + 5 * m - 1], fill=INK)


def draw_icon(size: int = 512) -> Image.Image:
    """The launcher icon, ``size`` x ``size`` px RGBA."""
    s = size / 512
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle([0, 0, size - 1, size - 1], radius=int(96 * s), fill=GREEN)
    d.rounded_rectangle([int(28 * s), int(28 * s), int(484 * s), int(484 * s)], radius=int(72 * s), fill=FELT)
    # the printed page, ruled
    d.rectangle([int(70 * s), int(96 * s), int(260 * s), int(420 * s)], fill=PAPER)
    for i in range(7):
        y = int((140 + 40 * i) * s)
        d.rectangle([int(92 * s), y, int(238 * s), y + max(1, int(10 * s))], fill=INK)
    # the tag: three finder squares on a white card
    d.rectangle([int(282 * s), int(150 * s), int(450 * s), int(318 * s)], fill=PAPER)
    m = max(1, int(8 * s))
    _finder(d, int(296 * s), int(164 * s), m)
    _finder(d, int(380 * s), int(164 * s), m)
    _finder(d, int(296 * s), int(248 * s), m)
    d.rectangle([int(388 * s), int(256 * s), int(436 * s), int(304 * s)], fill=INK)
    return im


def draw_presplash(size: int = 1024) -> Image.Image:
    """The pre-splash shown while Python starts: the icon centred on green."""
    im = Image.new("RGBA", (size, size), GREEN)
    icon = draw_icon(size // 2)
    im.alpha_composite(icon, ((size - icon.width) // 2, (size - icon.height) // 2))
    return im


def main() -> int:
    draw_icon().save(HERE / "icon.png", optimize=True)
    draw_presplash().save(HERE / "presplash.png", optimize=True)
    print(f"wrote {HERE / 'icon.png'} and {HERE / 'presplash.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
