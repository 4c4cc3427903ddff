#!/usr/bin/env bash
# Called by meson: builds the binaries with cargo and copies them into meson's build directory.
# Arguments: CARGO SOURCE_ROOT TARGET_DIR PROFILE(release|dev) OUTDIR LOCALEDIR
# LOCALEDIR (where meson installs the translations) is compiled in as NONET_LOCALEDIR.
set -euo pipefail
cargo=$1 source_root=$2 target_dir=$3 profile=$4 outdir=$5 localedir=${6:-}
NONET_LOCALEDIR=$localedir "$cargo" build --manifest-path "$source_root/Cargo.toml" --target-dir "$target_dir" --profile "$profile" --bins
subdir=$([[ $profile == dev ]] && echo debug || echo "$profile")
cp "$target_dir/$subdir/nonet" "$target_dir/$subdir/nonet-cli" "$outdir/"
