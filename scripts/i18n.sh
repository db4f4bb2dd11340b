#!/usr/bin/env bash
# Extract every declared text (pybabel extract, babel.cfg) and bring the es and zh
# catalogs in step, per domain: ui (ui/locale/<lang>/LC_MESSAGES/ui.po, the app and
# the hosted games' screens) and printing (printing/locale/<lang>/LC_MESSAGES/
# printing.po, what goes on paper), and cli (companion/locale/<lang>/LC_MESSAGES/cli.po,
# what the `companion` command line says: every tx(key, text) / txn(key, singular,
# plural, n) under companion/, ui/, printing/, calibration/, vision/, play/), and each game's own words
# (companion/games/<folder>/locale/<lang>/LC_MESSAGES/<folder>.po: every
# WORDS.say(lang, key, text) / WORDS.sayn(lang, key, singular, plural, n) in that folder). New texts appear with an
# empty msgstr to translate, changed English is marked fuzzy, removed texts are
# dropped. Then translate what is empty or fuzzy; tests/ui/test_i18n_catalogs.py
# and tests/test_cli_i18n.py fail until every text has its es and zh translation.
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=".venv/bin/pybabel"
[ -x "$PYBABEL" ] || PYBABEL="pybabel"
pot="$(mktemp --suffix=.pot)"
trap 'rm -f "$pot"' EXIT
for domain in ui printing; do
    "$PYBABEL" extract -F babel.cfg --no-default-keywords -k N_:1c,2 -k NP_:1c,2,3 \
        --no-location --width=100 \
        --project="Table Companion" --copyright-holder="Table Companion" -o "$pot" "$domain" 2>/dev/null
    for lang in es zh; do
        "$PYBABEL" update -i "$pot" -d "$domain/locale" -D "$domain" -l "$lang" --width=100 --ignore-obsolete \
            --ignore-pot-creation-date
    done
done
"$PYBABEL" extract -F babel.cfg --no-default-keywords -k tx:1c,2 -k txn:1c,2,3 \
    --no-location --width=100 \
    --project="Table Companion" --copyright-holder="Table Companion" -o "$pot" \
    companion ui printing calibration vision play 2>/dev/null
for lang in es zh; do
    "$PYBABEL" update -i "$pot" -d companion/locale -D cli -l "$lang" --width=100 --ignore-obsolete \
        --ignore-pot-creation-date
done
# each game's own words (companion.gettext_po.Words: say/sayn), domain = its folder:
# companion/games/<folder>/locale/<lang>/LC_MESSAGES/<folder>.po
for game in companion/games/*/; do
    folder="$(basename "$game")"
    grep -rqs --include='*.py' 'Words(' "$game" || continue
    "$PYBABEL" extract -F babel.cfg --no-default-keywords -k say:2c,3 -k sayn:2c,3,4 \
        --no-location --width=100 \
        --project="Table Companion" --copyright-holder="Table Companion" -o "$pot" "$game" 2>/dev/null
    for lang in es zh; do
        if [ -f "$game/locale/$lang/LC_MESSAGES/$folder.po" ]; then
            "$PYBABEL" update -i "$pot" -d "$game/locale" -D "$folder" -l "$lang" --width=100 --ignore-obsolete \
                --ignore-pot-creation-date
        else
            "$PYBABEL" init -i "$pot" -d "$game/locale" -D "$folder" -l "$lang" --width=100
        fi
    done
done
echo "catalogs updated: {ui,printing}/locale/{es,zh}/LC_MESSAGES/*.po, companion/locale/{es,zh}/LC_MESSAGES/*.po and companion/games/*/locale/{es,zh}/LC_MESSAGES/*.po (translate empty and fuzzy entries)"
