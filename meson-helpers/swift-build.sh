#!/usr/bin/env bash
# Builds the flick executable with SwiftPM for meson, the way GNOME's Rust
# apps build with cargo: meson's own Swift support does not pass pkg-config
# flags to swiftc, SwiftPM does.
#
# usage: swift-build.sh SWIFT SOURCE_DIR SCRATCH_DIR OUTPUT PROFILE
#   SWIFT        the swift driver meson found
#   SOURCE_DIR   the package root (where Package.swift is)
#   SCRATCH_DIR  SwiftPM's --scratch-path; reused between builds, so only
#                what changed is rebuilt
#   OUTPUT       where meson expects the executable
#   PROFILE      default or development (development builds with the
#                FLICK_DEVEL compilation condition)
set -euo pipefail

if [ $# -ne 5 ]; then
  echo "swift-build.sh: usage: swift-build.sh SWIFT SOURCE_DIR SCRATCH_DIR OUTPUT PROFILE" >&2
  exit 2
fi
swift=$1
source_dir=$2
scratch=$3
profile=$5
# meson passes OUTPUT relative to its build directory; make it absolute
# before leaving for the package root.
case "$4" in
  /*) output=$4 ;;
  *) output="$PWD/$4" ;;
esac

flags=(-c release --product flick --scratch-path "$scratch")
case "$profile" in
  default) ;;
  development) flags+=(-Xswiftc -DFLICK_DEVEL) ;;
  *) echo "swift-build.sh: unknown profile '$profile' (default or development)" >&2; exit 2 ;;
esac

cd "$source_dir"
if ! "$swift" build "${flags[@]}"; then
  echo "swift-build.sh: 'swift build ${flags[*]}' failed in $source_dir" >&2
  exit 1
fi
bin_dir=$("$swift" build "${flags[@]}" --show-bin-path 2>/dev/null | tail -n 1)
if [ ! -x "$bin_dir/flick" ]; then
  echo "swift-build.sh: SwiftPM reported success but $bin_dir/flick is missing" >&2
  exit 1
fi
# Copy then rename, so an interrupted build never leaves a half-written
# binary that looks up to date.
cp "$bin_dir/flick" "$output.tmp"
chmod 755 "$output.tmp"
mv -f "$output.tmp" "$output"
