#!/usr/bin/env bash
# Runs the whole test suite headless (no display, no camera, no printer).
set -euo pipefail
cd "$(dirname "$0")/.."
unset DISPLAY WAYLAND_DISPLAY
export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 KIVY_NO_FILELOG=1
export KIVY_HOME="${KIVY_HOME:-$(mktemp -d)}"
exec .venv/bin/python -m pytest -q "$@"
