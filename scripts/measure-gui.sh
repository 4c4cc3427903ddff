#!/usr/bin/env bash
# Measures the release app the way a player meets it (issue 4's and issue 14's targets) and prints
# a Markdown table: cold start to the first drawn frame, board redraw time at a large window size,
# and the longest main-loop stall of the Solve animation at its fastest speed. The numbers come
# from the app's own timing (`NONET_STATE_FILE`), over several launches on a virtual display.
# The same run times, from outside and alternating, launch to a visible window for Nonet and for
# GNOME Sudoku (the peer, a GTK 3 app; installed with apt when missing), and reads each one's
# resident memory 4 s after launch; also Nonet with GTK's GL renderer switched back on
# (`GSK_RENDERER=gl`), which Nonet leaves off by default (see `ui::leave_gl_off`).
# Usage: scripts/measure-gui.sh [RUNS]   (needs a built `target/release/nonet`; NONET_APP=path
# measures another build)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
app=${NONET_APP:-target/release/nonet}
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
# A hard puzzle (magictour's, rated Expert, so it opens without a Master rating running behind
# it) keeps the animated search busy.
echo "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5..........." > "$work/puzzle.txt"

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
  # Solve asks first; Return takes its default answer, Solve.
  for _ in $(seq 50); do dialog=$(xdotool search --onlyvisible --name '^Solve the Puzzle\?$' | head -1) && break; sleep 0.1; done
  xdotool windowfocus --sync "$dialog" key Return
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
launch() { # command, window title → "milliseconds until the window is visible, resident MB 4 s after launch"
  local start end pid rss
  start=$(date +%s%N)
  "$1" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 2000); do
    xdotool search --onlyvisible --name "^($2)\$" >/dev/null 2>&1 && break
    sleep 0.005
  done
  end=$(date +%s%N)
  sleep "$(python3 -c "print(max(0, 4 - ($(date +%s%N) - $start) / 1e9))")"
  # A process that ended early (it handed its window to an instance still running) says nan.
  rss=$(awk '/^VmRSS/ { print $2 / 1000 }' "/proc/$pid/status" 2>/dev/null || echo nan)
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  sleep 0.5
  echo "$(((end - start) / 1000000)) $rss"
}
for ((i = 1; i <= runs; i++)); do
  echo "$(launch "$app" Nonet) $(launch "$peer" "Sudoku|Select Difficulty") $(GSK_RENDERER=gl launch "$app" Nonet)" >> "$work/windows"
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
import math
windows = [list(map(float, line.split())) for line in open(sys.argv[2])]
def med(i): return statistics.median(w[i] for w in windows if not math.isnan(w[i]))
early = sum(math.isnan(w[i]) for w in windows for i in (1, 3, 5))
if early:
    print(f"{early} launches ended before their memory was read", file=sys.stderr)
ours, peer, gl = med(0), med(2), med(4)
ours_mb, peer_mb, gl_mb = med(1), med(3), med(5)
print(f"| launch to visible window, median of {len(windows)} alternating: Nonet / GNOME Sudoku 43.1 (GTK 3) | {ours:.0f} ms / {peer:.0f} ms | ratio {ours/peer:.2f} | ≤ 1.0 |")
print(f"| resident memory 4 s after launch: Nonet / GNOME Sudoku | {ours_mb:.0f} MB / {peer_mb:.0f} MB | ratio {ours_mb/peer_mb:.2f} | ≤ 1.0 |")
print(f"| the same with Nonet on GTK's GL renderer (`GSK_RENDERER=gl`) | {gl:.0f} ms, {gl_mb:.0f} MB | ratios {gl/peer:.2f}, {gl_mb/peer_mb:.2f} | |")
print(f"statuses: {sorted(set(r[5] for r in rows))}; ticks per run: {[int(float(r[4])) for r in rows]}", file=sys.stderr)
PY
