#!/usr/bin/env bash
# Runs Nonet's whole test suite: the build without the GUI, the translations (msgfmt --check, the
# .pot up to date), the desktop data checks (meson test, on the files with translations merged),
# then every cargo test, with a virtual X display and a session bus for the GUI tests. Cargo's test
# summaries come last.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build without the GUI"
cargo build --no-default-features --quiet

echo "== translations"
for po in po/*.po; do
  msgfmt --check --statistics -o /dev/null "$po"
done
scripts/update-pot.sh target/nonet.pot
if ! cmp -s target/nonet.pot po/nonet.pot; then
  diff -u po/nonet.pot target/nonet.pot | head -40
  echo "po/nonet.pot is out of date: run scripts/update-pot.sh and update the catalogues" >&2
  exit 1
fi

echo "== desktop data (meson test)"
if [[ ! -d build-test ]]; then
  meson setup build-test --prefix "$PWD/build-test/install" -Dprofile=dev >/dev/null
fi
# Only the data files (translations merged in) are built here; cargo builds the binaries below.
ninja -C build-test io.github.nonet.Nonet.desktop io.github.nonet.Nonet.metainfo.xml io.github.nonet.Nonet.xml >/dev/null
meson test -C build-test --no-rebuild --print-errorlogs

echo "== cargo test"
# xvfb-run gives the GUI tests a display (-noreset: without it the server resets whenever its
# last client leaves, between two GUI tests, and refuses the next app); dbus-run-session a bus.
exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" cargo test "$@"
