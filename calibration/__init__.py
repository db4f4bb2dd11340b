"""Calibration: camera intrinsics, table registration, game layouts (mm), tag sheets.

Modules (heavy imports such as cv2 happen inside them, not here):

- ``layouts``: ``load_layout(name)``, ``component_size_mm(id)``, ``tag_spec(id, size)``,
  ``aruco_id(id)``, ``marker_owner(marker_id)`` - data in ``data/penny_press/``.
- ``tags``: ``qr_image``, ``aruco_image``, ``tag_image``, ``fiducial_image``, ``surface_image``.
- ``fiducials``: ``detect_fiducials(gray)``; ``register``: ``register_surface``, ``register_all``.
- ``camera``: ``CameraModel``, ``load_camera``, ``save_camera``; ``camcal``: ChArUco calibration.
- ``check``: ``check_table`` (``companion calibrate table``); ``sheets``: the tag PDF.
- ``synthetic``: reference-setup homographies and rendered views for tests/benchmarks.

See docs/calibration.md and docs/tags.md.
"""
