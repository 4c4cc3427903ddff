#!/usr/bin/env bash
# Checks the Sudoku file type as a desktop sees it once installed (meson test, suite data): given
# the merged shared-mime-info package and desktop file, a private data directory with both is set
# up as `meson install` and its post-install steps would, then GIO is asked what .sdk and .sdm
# files are and which application opens them. The package's name must be translated (German).
set -euo pipefail
mime_xml=$1
desktop=$2
app=io.github.nonet.Nonet.desktop
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT

export XDG_DATA_HOME="$data/home" XDG_DATA_DIRS="$data:/usr/share" XDG_CONFIG_HOME="$data/home" XDG_CONFIG_DIRS="$data"
mkdir -p "$data/mime/packages" "$data/applications" "$data/home"
cp "$mime_xml" "$data/mime/packages/io.github.nonet.Nonet.xml"
cp "$desktop" "$data/applications/$app"
if ! warnings=$(update-mime-database "$data/mime" 2>&1) || [[ -n $warnings ]]; then
  echo "update-mime-database complains: $warnings" >&2
  exit 1
fi
update-desktop-database "$data/applications"

# The first puzzle of magictour's top 1465, as SadMan's two formats write it.
printf '%s\n' '#A Nonet' 4...3.... ...6..8.. ........1 ....5..9. .8....6.. .7.2..... ...1.27.. 5.3....4. 9........ \
  >"$data/puzzle.sdk"
printf '%s\n' 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ >"$data/puzzles.sdm"
status=0
for file in puzzle.sdk puzzles.sdm; do
  type=$(gio info -a standard::content-type "$data/$file" | sed -n 's/^ *standard::content-type: //p')
  if [[ $type != application/x-sudoku ]]; then
    echo "$file is $type, not application/x-sudoku" >&2
    status=1
  fi
done

# With no choice of the user's, the one application that claims the type is its default. GIO
# lists only desktop files whose program is on PATH: the binaries are built after these checks,
# so a stand-in named nonet takes its place (it is never run).
mkdir -p "$data/bin"
printf '#!/bin/sh\nexit 1\n' >"$data/bin/nonet"
chmod +x "$data/bin/nonet"
apps=$(PATH="$data/bin:$PATH" gio mime application/x-sudoku)
if ! grep -q "^Default application for .*: $app\$" <<<"$apps"; then
  echo "Nonet does not open Sudoku files:" >&2
  echo "$apps" >&2
  status=1
fi

if ! grep -q '<comment xml:lang="de">' "$mime_xml"; then
  echo "the file type's name has no German translation in $mime_xml" >&2
  status=1
fi
exit $status
