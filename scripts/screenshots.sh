#!/usr/bin/env bash
# Regenerates docs/screenshots: every screen at 1280x800 (en, es) and 800x1280
# (en, zh) over the real session on a seeded game (tests/ui/drive_walk.py; also the
# start screen with each hosted game chosen and Turin Market's table and secret
# entry under the shell's bar: *_hosted_*.png), and the
# live table on the bundled recording through the real vision pipeline
# (tests/ui/drive_recording.py -> recording_live.png, recording_scores.png); the
# Pergamon screen in both sizes (tests/pergamon/drive_pg_screen.py); Scoop's dial and
# table (tests/ui/drive_scoop_*.py); Turin Market's own screens
# (tests/ui/drive_turin_market.py -> turin_*.png).
set -euo pipefail
cd "$(dirname "$0")/.."
unset DISPLAY WAYLAND_DISPLAY
export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 KIVY_NO_FILELOG=1
export KIVY_HOME="${KIVY_HOME:-$(mktemp -d)}"
out=docs/screenshots
rm -f "$out"/{start,live,corrections,press,scores,settings}_*.png "$out"/*_hosted_*.png "$out"/recording_*.png  # only ours
.venv/bin/python tests/ui/drive_walk.py "$out" --shots
.venv/bin/python tests/ui/drive_recording.py "$out" play/recordings/penny-press-3p
# Pergamon's screen: payout, markers, evaluation, zh, the entry panel (es) and a refusal
# (zh), at 1280x800 and 800x1280 (pergamon_*_portrait.png)
rm -f "$out"/pergamon_*.png
.venv/bin/python tests/pergamon/drive_pg_screen.py "$out"
.venv/bin/python tests/pergamon/drive_pg_screen.py "$out" --portrait
# Scoop: the dial alone (en landscape, zh portrait) and the game's screens: the table
# (en, es with a call due, the card's value asked, zh portrait) and the game's dial
rm -f "$out"/scoop_*.png
.venv/bin/python tests/ui/drive_scoop_dial.py "$out"
.venv/bin/python tests/ui/drive_scoop_table.py "$out"
rm -f "$out"/scoop-table.sqlite* "$out"/sounds -r
# Turin Market's own screens on the bundled game (tests/ui/drive_turin_market.py): the
# table mid-round (en, zh), the pass-the-tablet entry (handover, entry, reveal), the
# typed reveal, the payouts (en, es), a sale and its claims
rm -f "$out"/turin_{table,table_zh,pass_handover,pass_entry,pass_reveal,typed,payouts,payouts_es,sale,sale_claims}.png
.venv/bin/python tests/ui/drive_turin_market.py "$out"
rm -f "$out"/report.json "$out"/pergamon_report.json
ls "$out"
