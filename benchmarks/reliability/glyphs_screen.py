"""The screen half of the glyph coverage part (benchmarks.reliability.glyphs): the
app's font set-up (ui.fonts.register_default_font) drawing the samples offscreen.

    python -m benchmarks.reliability.glyphs_screen OUT [--no-fallback]

Reads OUT/samples.json (``[script, name, paper]`` rows), writes OUT/report.json:
``characters`` drawn by labels (plain, bold, markup), buttons and text inputs, with
``boxes`` (each drawn character its font file has no glyph for: SDL2's draw calls
and Pillow's, recorded with their font files), ``clusters`` / ``cluster_boxes``
(each character alone in a label: no ink, or the shape of a face's .notdef glyph),
``joined`` / ``unjoined`` and ``ordered`` / ``reversed`` (Arabic joining,
Devanagari conjuncts, right-to-left order), ``failures``; and OUT/labels.png (the
samples as labels, light on dark). ``--no-fallback`` registers the default font
only, as the app did before the fallback chain (the checks then find the boxes).
One Kivy app per process.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(out: Path, fallback: bool = True) -> int:
    sys.path.insert(0, str(ROOT))
    from ui.app import prepare_env

    prepare_env(headless=True)
    from kivy.config import Config

    Config.set("graphics", "width", "1000")
    Config.set("graphics", "height", "700")
    import numpy as np
    from kivy.base import EventLoop
    from kivy.core.text import DEFAULT_FONT, LabelBase
    from kivy.core.window import Window
    from PIL import Image, ImageDraw

    from benchmarks.reliability import glyphs as g
    from printing.fonts import clusters, truetype
    from ui.fonts import find_cjk_font, label_chain, register_default_font

    if fallback:
        register_default_font()
    else:
        LabelBase.register(DEFAULT_FONT, str(find_cjk_font()))
    import kivy.core.text as core_text
    import kivy.core.text.markup as core_markup
    from kivy.core.text.text_sdl2 import LabelSDL2
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    samples = json.loads((out / "samples.json").read_text("utf-8"))
    calls: list[tuple[str, str]] = []

    sdl_render = LabelSDL2._render_text

    def sdl_text(self, text, x, y):  # what SDL2 draws, with its font file
        calls.append((self.options["font_name_r"], text))
        return sdl_render(self, text, x, y)

    LabelSDL2._render_text = sdl_text
    pil_text = ImageDraw.ImageDraw.text

    def pillow_text(self, xy, text, fill=None, font=None, *args, **kw):  # what Pillow draws
        calls.append((getattr(font, "path", "") or "", str(text)))
        return pil_text(self, xy, text, fill, font, *args, **kw)

    ImageDraw.ImageDraw.text = pillow_text
    for cls in {core_text.Label, core_markup.MarkupLabel}:
        def keep(render_end):
            def _render_end(self):
                data = render_end(self)
                self._glyphs_data = data
                return data
            return _render_end
        cls._render_end = keep(cls._render_end)

    def mask_of(label) -> np.ndarray:
        label.texture_update()
        label._label._glyphs_data = None
        label._label.render(real=True)  # what the texture's delayed fill draws
        data = getattr(label._label, "_glyphs_data", None)
        if data is None or data.width < 1:
            return np.zeros((0, 0), bool)
        a = np.frombuffer(bytes(data.data), np.uint8).reshape(data.height, data.width, 4)
        return g.ink(a)

    size = 40
    font = str(find_cjk_font())
    notdefs = []
    for path in label_chain(font, False).faces if fallback else (font,):
        img = Image.new("L", (size * 4, size * 3), 255)
        ImageDraw.Draw(img).text((size, 2 * size), g.NOTDEF, font=truetype(path, size), fill=0, anchor="ls")
        notdefs.append(g.cropped(g.ink(np.asarray(img))))
    notdefs.append(g.cropped(mask_of(Label(text=g.NOTDEF, font_size=size))))

    report = {"characters": 0, "boxes": [], "clusters": 0, "cluster_boxes": [], "joined": 0, "unjoined": [],
              "ordered": 0, "reversed": [], "widgets": 0, "fallback": fallback, "failures": []}
    shown = []
    for script, name, paper in samples:
        calls.clear()
        both = f"{name} · {paper}"
        widgets = [Label(text=both, font_size="20sp"), Label(text=both, bold=True, font_size="20sp"),
                   Label(text=f"[b]{name}[/b] · {paper}", markup=True, font_size="20sp"),
                   Button(text=name, font_size="20sp"), TextInput(text=both, multiline=False, font_size="20sp")]
        for w in widgets:
            Window.add_widget(w)
        for _ in range(2):
            EventLoop.idle()
        for w in widgets:
            if not isinstance(w, TextInput):
                w.texture_update()
            Window.remove_widget(w)
        report["widgets"] += len(widgets)
        report["characters"] += sum(len(t) for _p, t in calls)
        report["boxes"] += [f"{script}: {c!r} in {f}" for c, f in g.boxes_in(calls)]
        shown.append(both)
        for cl in dict.fromkeys(c for c in clusters(name + paper) if not c.isspace()):
            m = g.cropped(mask_of(Label(text=cl, font_size=size)))
            report["clusters"] += 1
            if m.size == 0 or any(g.same_shape(m, n) for n in notdefs):
                report["cluster_boxes"].append(f"{script} {cl!r}")
    for script, word in g.JOINING:
        a, b = mask_of(Label(text=word, font_size=size)), mask_of(Label(text=g.apart(word), font_size=size))
        if a.shape == b.shape and np.array_equal(a, b):
            report["unjoined"].append(f"{script} {word!r}")
        else:
            report["joined"] += 1
    for script, word in g.ORDER:
        rest = "".join(clusters(word)[1:])
        if g.left_part_kept(mask_of(Label(text=word, font_size=size)), mask_of(Label(text=rest, font_size=size))):
            report["ordered"] += 1
        else:
            report["reversed"].append(f"{script} {word!r}")
    # a picture of the samples, light on dark (for people)
    rows = []
    for text in shown:
        m = mask_of(Label(text=text, font_size=28))
        if m.size:
            rows.append(m)
    if rows:
        w = max(r.shape[1] for r in rows) + 20
        sheet = np.zeros((sum(r.shape[0] + 6 for r in rows) + 10, w), np.uint8)
        y = 5
        for r in rows:
            sheet[y:y + r.shape[0], 10:10 + r.shape[1]] = np.where(r, 255, 0)
            y += r.shape[0] + 6
        Image.fromarray(sheet).save(out / "labels.png")
    report["failures"] = ([f"box: {b}" for b in report["boxes"]] + [f"box: {b}" for b in report["cluster_boxes"]]
                          + [f"not joined: {b}" for b in report["unjoined"]]
                          + [f"not right to left: {b}" for b in report["reversed"]])
    (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), fallback="--no-fallback" not in sys.argv[2:]))
