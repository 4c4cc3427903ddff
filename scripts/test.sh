#!/usr/bin/env bash
# Runs Nonet's whole test suite: the build without the GUI, the desktop data checks (meson test),
# then every cargo test, with a virtual X display and a session bus for the GUI tests. Cargo's test
# summaries come last.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build without the GUI"
cargo build --no-default-features --quiet

echo "== desktop data (meson test)"
if [[ ! -d build-test ]]; then
  meson setup build-test --prefix "$PWD/build-test/install" -Dprofile=dev >/dev/null
fi
meson test -C build-test --print-errorlogs

echo "== cargo test"
# xvfb-run gives the GUI tests a display (-noreset: without it the server resets whenever its
# last client leaves, between two GUI tests, and refuses the next app); dbus-run-session a bus.
exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" cargo test "$@"
