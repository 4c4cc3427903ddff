#!/usr/bin/env bash
# Refreshes the pictures of the README and the AppStream metainfo (docs/screenshots/) from the GUI
# tests that take them under a virtual display: the chain hint in light and dark style, and the
# History window's games and statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    cargo test --test gui -- --exact a_chain_hint_draws_its_links_in_light_and_dark history_statistics_and_replay
for shot in game.png game-dark.png history.png statistics.png; do
    cp "target/gui-shots/$shot" "docs/screenshots/$shot"
    echo "docs/screenshots/$shot"
done
