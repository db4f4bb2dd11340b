"""Vision: camera frames -> decoded tags -> table snapshot in table coordinates (mm)."""
