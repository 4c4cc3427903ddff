#!/usr/bin/env bash
# Measures `nonet-cli solve FILE` as a whole process (read, check, solve, write) beside the
# `sudoku` crate doing the same job (examples/sudoku_crate_solve.rs), alternating launches in one
# run, and prints a Markdown table of median wall times. It also prints the share of Nonet's
# single-threaded time spent outside the solver: the in-process solving time comes from
# `nonet-cli bench` on the same file.
# Usage: scripts/measure-cli.sh [RUNS] [FILE]   (builds the release binaries first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
file=${2:-../shared/datasets/17-clue.txt}
cargo build --release --quiet --no-default-features --bin nonet-cli --example sudoku_crate_solve
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
nonet=$target/release/nonet-cli
peer=$target/release/examples/sudoku_crate_solve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The answers must agree before their times mean anything.
"$nonet" solve "$file" > "$work/nonet.out"
"$peer" "$file" > "$work/peer.out"
cmp -s "$work/nonet.out" "$work/peer.out" || { echo "the solutions differ" >&2; exit 1; }

micros() { # command… → microseconds of wall time
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000))
}
for ((i = 1; i <= runs; i++)); do
  echo "$(micros "$nonet" solve "$file") $(micros "$nonet" solve --jobs 1 "$file") $(micros "$peer" "$file")" >> "$work/times"
  "$nonet" bench --json "$file" >> "$work/bench"
done

python3 - "$work/times" "$work/bench" "$file" <<'PY'
import json, statistics, sys
times = [list(map(float, line.split())) for line in open(sys.argv[1])]
bench = [json.loads(line) for line in open(sys.argv[2])]
puzzles = bench[0]["puzzles"]
ours, single, peer = (statistics.median(t[i] for t in times) / 1000 for i in range(3))
solving = statistics.median(b["seconds"] for b in bench) * 1000
name = sys.argv[3].rsplit("/", 1)[-1]
print(f"| `solve {name}` ({puzzles:,} puzzles), median of {len(times)} | ms | µs a puzzle | ratio to `sudoku` |")
print("|---|---:|---:|---:|")
print(f"| `nonet-cli solve` (every core) | {ours:.0f} | {ours * 1000 / puzzles:.2f} | {ours / peer:.2f} |")
print(f"| `nonet-cli solve --jobs 1` | {single:.0f} | {single * 1000 / puzzles:.2f} | {single / peer:.2f} |")
print(f"| `sudoku` crate, same job | {peer:.0f} | {peer * 1000 / puzzles:.2f} | 1.00 |")
print(f"| of which Nonet's solver (`nonet-cli bench`) | {solving:.0f} | {solving * 1000 / puzzles:.2f} | outside the solver: {100 * (single - solving) / single:.0f} % of `--jobs 1` |")
PY
