#!/usr/bin/env bash
# Builds Flick and runs it (on the built-in demo feed unless arguments say
# otherwise), setting up a fresh Debian 12 machine first.
#
# usage: meson-helpers/run.sh [flick arguments...]
set -euo pipefail

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$source_dir"

bash meson-helpers/setup-debian.sh

if ! command -v swift >/dev/null 2>&1; then
  echo "flick: the Swift 6 toolchain is not on PATH; install it (swift.org) and try again" >&2
  exit 1
fi

echo "flick: building (the first build takes a few minutes)…" >&2
if ! swift build -c release --product flick 2>&1 | { grep -v 'prohibited flag' >&2 || true; }; then
  echo "flick: the build failed; see the messages above" >&2
  exit 1
fi
bin_dir=$(swift build -c release --show-bin-path)

# A system library that went missing after the build would otherwise stop
# the program with the dynamic loader's message; say what to do instead.
missing=$(ldd "$bin_dir/flick" | awk '/not found/ {print $1}' | tr '\n' ' ')
if [ -n "$missing" ]; then
  echo "flick: missing system libraries: $missing— run meson-helpers/setup-debian.sh" >&2
  exit 1
fi

# Preferences need the compiled settings schema; keep it beside the build.
schema_dir="$bin_dir/schemas"
mkdir -p "$schema_dir"
cp data/io.github.flick.Flick.gschema.xml "$schema_dir/"
glib-compile-schemas --strict "$schema_dir"

export GSETTINGS_SCHEMA_DIR="$schema_dir${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
export FLICK_DATA_DIR="$source_dir/data"
# The translations, compiled beside the build (the app reads $FLICK_LOCALE_DIR).
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$bin_dir/locale/$lang/LC_MESSAGES"
  msgfmt --output-file="$bin_dir/locale/$lang/LC_MESSAGES/flick.mo" "$po"
done
export FLICK_LOCALE_DIR="$bin_dir/locale"
exec "$bin_dir/flick" "$@"
