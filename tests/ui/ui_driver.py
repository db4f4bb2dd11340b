"""Shared pieces of the offscreen app drivers (drive_app, drive_real, drive_recording).

Import after ``ui.app.prepare_env`` (kivy is imported inside the functions).
"""

from __future__ import annotations

import os
from pathlib import Path


def texts_of(widget, cues: bool = True) -> list[str]:
    """Every non-empty ``text`` in the widget tree (depth first); without ``cues``
    not the "more below" lines under scrolled lists (``scroll_cue``: shown or not
    by the layout of the frame, not by the words)."""
    return [w.text for w in widget.walk(restrict=True)
            if isinstance(getattr(w, "text", None), str) and w.text.strip()
            and (cues or not getattr(w, "scroll_cue", False))]


def screenshot(app, path: Path, texts: dict, name: str, then) -> None:
    """Save the next drawn frame to ``path`` (Window.screenshot can return the
    previous frame, so it is taken on on_flip), note the screen's texts under
    ``texts[name]``, then call ``then()`` on the next clock tick."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    def on_flip(*_a):
        Window.unbind(on_flip=on_flip)
        made = Window.screenshot(str(path))
        if made and Path(made) != path:
            os.replace(made, path)
        texts[name] = texts_of(app.root.current_screen)
        Clock.schedule_once(lambda dt: then(), 0)

    Window.bind(on_flip=on_flip)
    Window.canvas.ask_update()


def seen_without_scrolling(widget) -> bool:
    """True when the whole ``widget`` is inside the window and inside every scroll
    view holding it (a player sees it without scrolling)."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    def rect(w):
        x0, y0 = w.to_window(w.x, w.y)
        return x0, y0, x0 + w.width, y0 + w.height

    def inside(a, b):
        return a[0] >= b[0] - 1 and a[1] >= b[1] - 1 and a[2] <= b[2] + 1 and a[3] <= b[3] + 1

    r = rect(widget)
    seen = inside(r, (0, 0, *Window.size))
    x = widget.parent
    while x is not None and x is not x.parent:
        if isinstance(x, ScrollView) and not inside(r, rect(x)):
            seen = False
        x = x.parent
    return seen
