#!/usr/bin/env bash
# Makes tests/data/hodoku-paths.txt for tests/differential.rs: HoDoKu 2.2's solution paths (every
# step, `/vp`) for every fifth of the first 1,250 magictour puzzles and the first 60 of the forum's
# hardest. Needs Java and ../shared/anchors/hodoku; takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared
input=$(mktemp)
trap 'rm -f "$input"' EXIT
{
  grep -v '^#' "$shared/datasets/magictour-top1465.txt" | awk 'NR % 5 == 1' | head -250
  grep -v '^#' "$shared/datasets/forum-hardest-1106.txt" | grep -v '^$' | head -60
} | cut -c1-81 > "$input"
"$shared/anchors/hodoku/hodoku" "$input" tests/data/hodoku-paths.txt /vp
echo "wrote tests/data/hodoku-paths.txt ($(grep -c '^[0-9.]\{81\} ' tests/data/hodoku-paths.txt) puzzles)"
