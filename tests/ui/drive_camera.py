"""Show one BGR frame in the live view's CameraView offscreen and report the colour
of screen pixels (channel order and orientation check).

    .venv/bin/python tests/ui/drive_camera.py OUT.json
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
import numpy as np  # noqa: E402
from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from ui.screens.common import CameraView  # noqa: E402


class Shot(App):
    def build(self):
        self.view = CameraView()
        return self.view

    def on_start(self):
        h, w = 90, 160
        frame = np.zeros((h, w, 3), np.uint8)
        frame[: h // 2] = (0, 0, 255)  # top half red (BGR)
        frame[h // 2:] = (255, 0, 0)  # bottom half blue
        self.view.show(frame, [])
        Clock.schedule_once(self.grab, 0.2)

    def grab(self, _dt):
        def on_flip(*_a):
            Window.unbind(on_flip=on_flip)
            x0, y0, w, h = self.view.image_rect()
            path = Window.screenshot(str(Path(sys.argv[1]).with_suffix(".png")))
            from PIL import Image
            img = Image.open(path).convert("RGB")
            W, H = img.size
            # screen y from the top in the PNG
            top = img.getpixel((int(x0 + w / 2), int(H - (y0 + h * 0.75))))
            bottom = img.getpixel((int(x0 + w / 2), int(H - (y0 + h * 0.25))))
            Path(sys.argv[1]).write_text(json.dumps({"top": top, "bottom": bottom}))
            self.stop()
        Window.bind(on_flip=on_flip)
        Window.canvas.ask_update()


if __name__ == "__main__":
    Shot().run()
    os._exit(0)
