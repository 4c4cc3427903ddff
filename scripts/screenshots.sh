#!/usr/bin/env bash
# Refreshes the pictures of the README and the AppStream metainfo (docs/screenshots/) from the GUI
# tests that take them under a virtual display: the chain hint in light and dark style, the
# History window's games and statistics, the Scripting Lab running its example, and a practice
# (the chooser, and the position of an X-Wing to find). (The Solution
# Path's picture, narrowed to a Master puzzle's forcing nets, is taken by hand.)
set -euo pipefail
cd "$(dirname "$0")/.."
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    cargo test --test gui -- --exact a_chain_hint_draws_its_links_in_light_and_dark history_statistics_and_replay \
    the_scripting_lab_runs_and_stops a_technique_is_practised_from_a_position_where_it_is_next
for shot in game.png game-dark.png history.png statistics.png lab-running.png:lab.png practice-chooser.png \
    practice.png; do
    from="${shot%%:*}" to="${shot##*:}"
    cp "target/gui-shots/$from" "docs/screenshots/$to"
    echo "docs/screenshots/$to"
done
