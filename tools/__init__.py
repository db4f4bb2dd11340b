"""Developer tools that are not part of the product (not in the wheel).

- :mod:`tools.render`: the scene renderer (camera-like frames with exact ground
  truth) and the small frame compositor (:mod:`tools.render.synth`), for tests,
  benchmarks and the bundled recordings;
- :mod:`tools.make_demo_recordings`: remakes the bundled demo recordings.

Imported from the repository root (``python -m pytest``, ``python -m benchmarks...``
and ``python -m tools.make_demo_recordings`` put it on ``sys.path``).
"""
