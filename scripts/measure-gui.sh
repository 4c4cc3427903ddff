#!/usr/bin/env bash
# Measures the release app the way a player meets it (issue 4's speed targets) and prints a
# Markdown table: cold start to the first drawn frame, board redraw time at a large window size,
# and the longest main-loop stall of the Solve animation at its fastest speed. The numbers come
# from the app's own timing (`NONET_STATE_FILE`), over several launches on a virtual display.
# The same run times, from outside, launch to a visible window for Nonet and for GNOME Sudoku
# (the peer, a GTK 3 app; installed with apt when missing) and reports the ratio, also with Nonet
# on GTK 4's cairo renderer, since under Xvfb GTK 4's default GL renderer runs on llvmpipe.
# Usage: scripts/measure-gui.sh [RUNS]   (needs a built `target/release/nonet`)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
app=target/release/nonet
[[ -x $app ]] || { echo "build first: cargo build --release --bin nonet" >&2; exit 1; }

work=$(mktemp -d)
eval "$(dbus-launch --sh-syntax)" # a private session bus for the app and gapplication
trap 'kill $(jobs -p) "$DBUS_SESSION_BUS_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
if [[ -z ${DISPLAY:-} ]]; then
  Xvfb :77 -screen 0 1600x1400x24 >/dev/null 2>&1 &
  export DISPLAY=:77
  sleep 1
fi
# Settings through a keyfile so the fastest animation speed can be chosen.
mkdir -p "$work/schemas"
cp data/io.github.nonet.Nonet.gschema.xml "$work/schemas/"
glib-compile-schemas "$work/schemas"
export GSETTINGS_SCHEMA_DIR=$work/schemas GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$work/config
gsettings set io.github.nonet.Nonet animation-speed 6000
# A hard puzzle (from the forum's hardest list) keeps the animated search busy.
echo "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.." > "$work/puzzle.txt"

field() { python3 -c "import json,sys; d=json.load(open('$work/state.json')); print(eval('d' + sys.argv[1]))" "$1" 2>/dev/null || echo None; }

for ((i = 1; i <= runs; i++)); do
  rm -f "$work/state.json"
  NONET_STATE_FILE=$work/state.json "$app" "$work/puzzle.txt" 2>/dev/null &
  pid=$!
  for _ in $(seq 100); do [[ $(field "['timing']['first_frame_ms']") != None ]] && break; sleep 0.1; done
  first=$(field "['timing']['first_frame_ms']")
  window=$(xdotool search --onlyvisible --name '^Nonet$' | head -1)
  xdotool windowsize "$window" 1000 1100; sleep 0.5
  xdotool windowfocus --sync "$window"
  for key in Right Right Down 1 Left p 2 3 p Down Down Up; do xdotool key "$key"; sleep 0.05; done
  gapplication action io.github.nonet.Nonet solve
  for _ in $(seq 300); do [[ $(field "['status']") == SolvedByComputer ]] && break; sleep 0.1; done
  sleep 1.2 # the clock's next refresh writes the final timing
  echo "$first $(field "['timing']['draw_median_us']") $(field "['timing']['draw_max_us']") $(field "['timing']['tick_max_us']") $(field "['timing']['tick_count']") $(field "['status']")" >> "$work/results"
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
done

# Launch to a visible window, from outside, for Nonet and its peer.
peer=/usr/games/gnome-sudoku
mkdir -p "$work/data/gnome-sudoku"
export XDG_DATA_HOME=$work/data
if [[ ! -x $peer ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gnome-sudoku >/dev/null
fi
window_time() { # command, window title → milliseconds until the window is visible
  local start end pid
  start=$(date +%s%N)
  "$1" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 2000); do
    xdotool search --onlyvisible --name "^($2)\$" >/dev/null 2>&1 && break
    sleep 0.005
  done
  end=$(date +%s%N)
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  sleep 0.5
  echo $(((end - start) / 1000000))
}
for ((i = 1; i <= runs; i++)); do
  echo "$(window_time "$app" Nonet) $(window_time "$peer" "Sudoku|Select Difficulty") $(GSK_RENDERER=cairo window_time "$app" Nonet)" >> "$work/windows"
done

python3 - "$work/results" "$work/windows" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def col(i): return [float(r[i]) for r in rows if r[i] != "None"]
print(f"| measure ({len(rows)} launches, release) | median | worst | target |")
print("|---|---|---|---|")
print(f"| start to first drawn frame | {statistics.median(col(0)):.0f} ms | {max(col(0)):.0f} ms | ≤ 300 ms |")
print(f"| board redraw at 1000×1100 | {statistics.median(col(1))/1000:.2f} ms | {max(col(2))/1000:.2f} ms | ≤ 2 ms |")
print(f"| longest Solve tick at 6,000 steps/s | {statistics.median(col(3))/1000:.2f} ms | {max(col(3))/1000:.2f} ms | ≤ 50 ms |")
windows = [line.split() for line in open(sys.argv[2])]
ours, peer = statistics.median(float(w[0]) for w in windows), statistics.median(float(w[1]) for w in windows)
cairo = statistics.median(float(w[2]) for w in windows)
print(f"| launch to visible window: Nonet (GTK 4, GL renderer) / GNOME Sudoku 43.1 (GTK 3) | {ours:.0f} ms / {peer:.0f} ms | ratio {ours/peer:.2f} | |")
print(f"| the same with Nonet on GTK's cairo renderer (as GTK 3 draws) | {cairo:.0f} ms / {peer:.0f} ms | ratio {cairo/peer:.2f} | |")
print(f"statuses: {sorted(set(r[5] for r in rows))}; ticks per run: {[int(float(r[4])) for r in rows]}", file=sys.stderr)
PY
