#!/usr/bin/env bash
# Sets up Table Companion on a fresh Debian 12 machine: system libraries (zbar for
# pyzbar, GL/EGL for Kivy's offscreen window), the fonts players' names need on
# screen and on paper (DejaVu for Latin, Greek and Cyrillic; WenQuanYi Micro Hei for
# Chinese; fonts-noto-core for Arabic, Hebrew, Thai, Devanagari and the other scripts
# Noto covers; Symbola for black-and-white emoji) and FriBiDi, which the libraqm in
# Pillow's wheels loads to order right-to-left text (fonts-noto-core, fonts-symbola
# and libfribidi0: 13.5 MB to download, 47 MB on disk on Debian 12; docs/printing.md);
# then a virtual environment in .venv with the project and its test tools.
# .ci/run calls this script on a fresh machine.
# Safe to run again: every step is idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(python3 python3-venv python3-pip libzbar0 libgl1 libegl1 libmtdev1 libusb-1.0-0 libfribidi0
              fonts-dejavu-core fonts-wqy-microhei fonts-noto-core fonts-symbola)

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
