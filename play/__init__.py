"""The table loop with no window: frames -> vision -> the game's observer -> journal -> pages.

Kivy-free; imports companion, vision, calibration and printing, never ui. The app's
session (ui.session) and ``companion demo`` (play.demo) drive the same loop:
play.camera (the frames), play.runner (snapshots into the journal), play.corrections
(the players' corrections of the camera's reading), play.undo (named undo),
play.pages (the pages a step makes due, and where they go), play.recordings (the
bundled recordings). No game is named here (docs/contracts.md, "The table loop").
"""
