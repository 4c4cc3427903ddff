#!/usr/bin/env bash
# Brings the user help's translations (help/LANG/LANG.po, for each language of help/LINGUAS) up
# to date with its pages: itstool extracts the messages of help/C/*.page, as meson's gnome.yelp
# does, and msgmerge adds what is new (to translate) and marks what changed fuzzy.
# tests/i18n.rs fails while a translation lacks a message of the pages or leaves one untranslated.
set -euo pipefail
cd "$(dirname "$0")/../help"
pot=$(mktemp --suffix=.pot)
trap 'rm -f "$pot"' EXIT
itstool -o "$pot" C/*.page
for language in $(grep -v '^#' LINGUAS); do
  msgmerge --quiet --update --backup=none "$language/$language.po" "$pot"
  msgattrib --no-obsolete -o "$language/$language.po" "$language/$language.po"
done
