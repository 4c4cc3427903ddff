#!/usr/bin/env bash
# Makes tests/data/hodoku-paths.txt for tests/differential.rs: HoDoKu 2.2's solution paths (every
# step, `/vp`) for every fifth of the first 1,250 magictour puzzles and the first 60 of the forum's
# hardest. Needs Java and ../shared/anchors/hodoku; takes about a minute.
#
# `scripts/hodoku-paths.sh --all OUT` writes the paths of every puzzle of both lists (1,840) to OUT
# instead (about six minutes), for the same test over all of them:
# `NONET_HODOKU_PATHS=OUT cargo test --test differential` (about six minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared
out=tests/data/hodoku-paths.txt
all=false
if [ "${1:-}" = --all ]; then
  all=true
  out=${2:?"--all OUT: where to write the paths"}
fi
input=$(mktemp)
trap 'rm -f "$input"' EXIT
if $all; then
  {
    grep -v '^#' "$shared/datasets/magictour-top1465.txt"
    grep -v '^#' "$shared/datasets/forum-hardest-1106.txt" | grep -v '^$'
  } | cut -c1-81 > "$input"
else
  {
    grep -v '^#' "$shared/datasets/magictour-top1465.txt" | awk 'NR % 5 == 1' | head -250
    grep -v '^#' "$shared/datasets/forum-hardest-1106.txt" | grep -v '^$' | head -60
  } | cut -c1-81 > "$input"
fi
"$shared/anchors/hodoku/hodoku" "$input" "$out" /vp
echo "wrote $out ($(grep -c '^[0-9.]\{81\} ' "$out") puzzles)"
