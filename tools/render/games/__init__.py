"""One renderer module per game (tools/render/games/<folder>.py)."""
