"""Benchmark: a Penny Press front page from document to ESC/POS bytes.

Prints, for 58 and 80 mm paper: layout (Pillow, 1-bit) and byte-building times
(median of N warm runs; the first cold run loads fonts and is shown apart), their
sum against the 50 ms target, and the bytes sent against the bare raster size
(target <= +5 %), with python-escpos's column-mode image (ESC *) of the same page
as the baseline measured in the same run.

    .venv/bin/python benchmarks/bench_printing.py [--runs 20]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import statistics
import time

from printing.games.penny_press.documents import BreakdownLine, FrontPageDoc, PlacedStory
from printing.games.penny_press.layout import render_front_page
from printing.escpos_raster import escpos_bytes, raster_size
from printing.profiles import PrinterConfig


def sample(lang: str) -> FrontPageDoc:
    return FrontPageDoc(
        game_id="bench", player="red", paper_name="El Heraldo Rojo", edition=3, press_no=7,
        placements=(PlacedStory("war-D3", 0, 0, True), PlacedStory("crime-A2", 0, 3),
                    PlacedStory("human-A1", 2, 0, True)),
        ad=(2, 3),
        breakdown=(BreakdownLine("placed", "war-D3", 5), BreakdownLine("placed", "crime-A2", 3),
                   BreakdownLine("exclusive", "crime-A2", 3),
                   BreakdownLine("empty-other", "", -1)),
        total=10, lang=lang)


def column_mode_bytes(img, cfg) -> bytes:
    from escpos.printer import Dummy

    p = Dummy(profile=cfg.profile_name)
    with contextlib.redirect_stdout(io.StringIO()):
        p.image(img, impl="bitImageColumn")
    return p.output


def escpos_image_raster_bytes(img, cfg) -> bytes:
    from escpos.printer import Dummy

    p = Dummy(profile=cfg.profile_name)
    with contextlib.redirect_stdout(io.StringIO()):
        p.image(img, impl="bitImageRaster", fragment_height=cfg.band_height)
    return p.output


def ms(f, runs):
    t = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = f()
        t.append((time.perf_counter() - t0) * 1000)
    return statistics.median(t), out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    render_front_page(sample("zh"), 384)
    print(f"cold first page (fonts + cmaps loaded): {(time.perf_counter() - t0) * 1000:.1f} ms")
    for mm in (58, 80):
        cfg = PrinterConfig(paper_mm=mm)
        for lang in ("es", "zh"):
            doc = sample(lang)
            t_lay, img = ms(lambda: render_front_page(doc, cfg.width_dots), args.runs)
            names = iter(range(10**6))
            t_new, _ = ms(lambda: render_front_page(
                dataclasses.replace(doc, paper_name=f"Heraldo {next(names)}",
                                    game_id=f"g{next(names)}"), cfg.width_dots), args.runs)
            t_bytes, data = ms(lambda: escpos_bytes(img, cfg), args.runs)
            t_col, col = ms(lambda: column_mode_bytes(img, cfg), max(3, args.runs // 4))
            t_ref, _ = ms(lambda: escpos_image_raster_bytes(img, cfg), max(3, args.runs // 4))
            raw = raster_size(img)
            total = t_lay + t_bytes
            print(f"{mm} mm {lang}: {img.width}x{img.height} dots | layout {t_lay:.1f} ms + "
                  f"bytes {t_bytes:.1f} ms = {total:.1f} ms ({total / 50:.2f}x the 50 ms target)"
                  f" [new masthead each run: {t_new:.1f} ms]"
                  f" | bytes {len(data)} / raster {raw} = {len(data) / raw:.4f}"
                  f" (target <= 1.05) | baseline ESC * column mode {len(col)} = "
                  f"{len(col) / raw:.4f}, {t_col:.1f} ms; ours/baseline bytes "
                  f"{len(data) / len(col):.3f}, time {t_bytes / t_col:.2f} | python-escpos "
                  f"image() GS v 0 {t_ref:.1f} ms, ours/that {t_bytes / t_ref:.2f}")


if __name__ == "__main__":
    main()
