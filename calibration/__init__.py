"""Calibration: camera intrinsics, table registration, game layouts (mm), tag sheets.

Modules (heavy imports such as cv2 happen inside them, not here):

- ``layouts``: ``load_layout(name)``, ``data_dir(game)``: every game's table layouts, data
  in ``data/<folder>/`` (``GameSpec.layouts``).
- ``game_tags``: a game's pieces from its ``components.json``: ``tag_spec(game, id, size)``,
  ``component_size_mm``, ``component_height_mm``, ``aruco_id``, ``marker_owner``, stickers.
- ``tags``: ``qr_image``, ``aruco_image``, ``tag_image``, ``fiducial_image``, ``surface_image``.
- ``fiducials``: ``detect_fiducials(gray)``; ``register``: ``register_surface``, ``register_all``.
- ``camera``: ``CameraModel``, ``load_camera``, ``save_camera``; ``camcal``: ChArUco calibration.
- ``check``: ``check_table`` (``companion calibrate table``); ``sheets``: the tag PDF.
- ``picture``: ``picture_dark`` and ``reads_mirrored``: a picture that shows nothing, or the
  table mirrored (shared with vision's camera source and pipeline).
- ``synthetic``: reference-setup homographies and rendered views for tests/benchmarks.

See docs/calibration.md and docs/tags.md.
"""
