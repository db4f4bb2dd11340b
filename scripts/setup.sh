#!/usr/bin/env bash
# Sets up Table Companion on a fresh Debian 12 machine: system libraries (zbar for
# pyzbar, GL/EGL for Kivy's offscreen window, a CJK font for Chinese pages), then a
# virtual environment in .venv with the project and its test tools.
# Safe to run again: every step is idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(python3 python3-venv python3-pip libzbar0 libgl1 libegl1 libmtdev1 libusb-1.0-0 fonts-wqy-microhei)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup: installing system packages: ${missing[*]}"
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
echo "setup: installing table-companion and its dependencies into .venv"
.venv/bin/python -m pip install -q -e '.[dev]'
echo "setup: done (.venv/bin/companion is ready)"
