#!/usr/bin/env bash
# Refreshes the pictures of the README and the AppStream metainfo from the GUI tests that take
# them under a virtual display: the chain hint in light and dark style, the History window's games
# and statistics, the Scripting Lab running its example, and a practice (the chooser, and the
# position of an X-Wing to find). Those the user help shows too live in help/C/figures (installed
# with the help), the others in docs/screenshots; the help's translations have theirs, taken
# speaking their language, in help/LANG/figures. (The Solution Path's picture, narrowed to a
# Master puzzle's forcing nets, is taken by hand, in each language: the puzzle
# 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........, its
# window 1040×680, Show set to Forcing Net Contradiction and step 36 chosen.)
set -euo pipefail
cd "$(dirname "$0")/.."
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    cargo test --test gui -- --exact hints::a_chain_hint_draws_its_links_in_light_and_dark \
    history::history_statistics_and_replay lab::the_scripting_lab_runs_and_stops \
    hints::a_technique_is_practised_from_a_position_where_it_is_next \
    access::the_help_figures_are_taken_in_each_translation
for shot in game.png:help/C/figures/game.png game-dark.png:docs/screenshots/game-dark.png \
    history.png:docs/screenshots/history.png statistics.png:help/C/figures/statistics.png \
    lab-running.png:help/C/figures/lab.png practice-chooser.png:docs/screenshots/practice-chooser.png \
    practice.png:docs/screenshots/practice.png \
    game-de.png:help/de/figures/game.png statistics-de.png:help/de/figures/statistics.png \
    lab-de.png:help/de/figures/lab.png game-fr.png:help/fr/figures/game.png \
    statistics-fr.png:help/fr/figures/statistics.png lab-fr.png:help/fr/figures/lab.png; do
    from="${shot%%:*}" to="${shot##*:}"
    cp "target/gui-shots/$from" "$to"
    echo "$to"
done
