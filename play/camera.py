"""The camera's side of the table loop (Kivy-free).

The mode every live camera is asked for: ``companion app --size/--fourcc/--fps`` or
the settings screen chooses it once (:func:`use_camera_settings`) and every camera
opened afterwards (and reopened after a drop) asks for it, unless a session's own
config names one.
"""

from __future__ import annotations

#: camera mode for sessions whose config names none (``companion app --size/--fourcc``
#: sets it); None = vision.sources.REFERENCE
DEFAULT_CAMERA_SETTINGS = None


def use_camera_settings(settings) -> None:
    """Make ``settings`` (vision.sources.CameraSettings, or None for the reference
    mode) the mode every new camera is asked for, unless its session's config names
    one."""
    global DEFAULT_CAMERA_SETTINGS
    DEFAULT_CAMERA_SETTINGS = settings


def default_camera_settings():
    """The mode a camera is asked for when its session names none: the one chosen by
    :func:`use_camera_settings`, else vision.sources.REFERENCE (4K MJPG 30 fps)."""
    from vision.sources import REFERENCE

    return DEFAULT_CAMERA_SETTINGS or REFERENCE
