#!/usr/bin/env bash
# Extracts the translatable strings of the files in po/POTFILES.in into po/nonet.pot (or the file
# given), with xgettext: Rust read as C (gettext, ngettext, pgettext, the n_ marker, i18n::count's
# two forms, the engine's explanation templates marked with phrase), .ui files, the desktop file,
# metainfo and schema by their ITS rules. po/meson.build passes meson's nonet-pot target the same
# keywords. tests/i18n.rs fails when the committed .pot
# differs from a fresh extraction.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-po/nonet.pot}
grep -v '^#' po/POTFILES.in | grep . > "${out}.files"
xgettext --from-code=UTF-8 --add-comments=Translators --add-location=file --sort-by-file \
  --keyword=gettext --keyword=ngettext:1,2 --keyword=pgettext:1c,2 --keyword=n_ --keyword=count:2,3 --keyword=phrase \
  --package-name=nonet --msgid-bugs-address=https://github.com/nonet/nonet/issues \
  -o "$out" -f "${out}.files" 2> >(grep -v -e "extension 'rs' is unknown; will try C" -e 'unterminated character constant' >&2)
rm -f "${out}.files"
# The creation date changes on every run; keep a fixed one so a fresh extraction compares equal.
sed -i 's/^"POT-Creation-Date: .*\\n"$/"POT-Creation-Date: 2026-01-01 00:00+0000\\n"/' "$out"
