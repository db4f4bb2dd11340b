"""A recording played as a tablet would see it (the table loop over a camera that
gives a stream and full-resolution stills: vision.android.stills)."""

from __future__ import annotations

from typing import Callable


def play_with_stills(rec, out_dir, *, stream_width: int = 1280, stream_aspect=None, still_delay: int = 1,
                     backend: str | None = None, reader_hook: Callable | None = None, **demo_kw):
    """Play a recording (``play.demo.Recording``) as a tablet would see it: a
    :class:`FakeStillCamera` over its frames (stream ``stream_width`` px wide, the
    recording's frames as stills) read by a :class:`StillReader`, through
    ``play.demo.run_demo`` (``demo_kw`` its options). Returns ``(DemoResult,
    StillReader)``. ``reader_hook(reader)`` is called before the play starts."""
    from dataclasses import replace as dc_replace

    from vision.android.stills import FakeStillCamera, StillReader
    from vision.pipeline import pipeline_for
    from vision.sources import open_source

    from .demo import run_demo

    cam = FakeStillCamera(open_source(rec.source), stream_width=stream_width, stream_aspect=stream_aspect,
                          still_delay=still_delay)
    cam.frame_count = rec.frame_count
    reader = StillReader(pipeline_for(rec.source, game=rec.game), cam, backend=backend)
    if reader_hook is not None:
        reader_hook(reader)
    res = run_demo(dc_replace(rec, source=cam), out_dir, reader=reader, **demo_kw)
    return res, reader
