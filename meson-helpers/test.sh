#!/usr/bin/env bash
# Runs Flick's whole test suite on a fresh Debian 12 machine: installs what
# is missing, starts a virtual display when there is none, runs the Swift
# tests (decision tables, media, the real app under X) and checks that
# `meson install` produces a valid desktop app.
#
# usage: meson-helpers/test.sh
set -euo pipefail

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$source_dir"

bash meson-helpers/setup-debian.sh

if ! command -v swift >/dev/null 2>&1; then
  echo "flick tests: the Swift 6 toolchain is not on PATH; install it (swift.org) and try again" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/flick-tests.XXXXXX")
xvfb_pid=""
cleanup() {
  if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
  # What the tests' apps started in the suite's runtime folder and left
  # running (the AT-SPI buses of the accessibility tests outlive the
  # private session buses that activated them): found by that folder.
  # They keep SIGTERM blocked, as the launcher that spawned them had it.
  leftover=$(pgrep -f -- "$work/runtime/" || true)
  if [ -n "$leftover" ]; then kill -KILL $leftover 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A runtime folder of the suite's own (the compositor tests set their own).
mkdir -m 700 "$work/runtime"
export XDG_RUNTIME_DIR="$work/runtime"

# A display of our own for the UI tests when none is there (CI has none).
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  exec 3> "$work/display"
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset >"$work/xvfb.log" 2>&1 &
  xvfb_pid=$!
  exec 3>&-
  for _ in $(seq 100); do
    [ -s "$work/display" ] && break
    sleep 0.1
  done
  if [ ! -s "$work/display" ]; then
    echo "flick tests: Xvfb did not start:" >&2
    cat "$work/xvfb.log" >&2
    exit 1
  fi
  export DISPLAY=":$(head -n1 "$work/display")"
  echo "flick tests: started Xvfb on $DISPLAY" >&2
fi

# The settings schema, compiled where the app under test finds it; settings
# live in memory so tests never touch the user's own.
mkdir -p "$work/schemas"
cp data/io.github.flick.Flick.gschema.xml "$work/schemas/"
glib-compile-schemas --strict "$work/schemas"
export GSETTINGS_SCHEMA_DIR="$work/schemas"
export GSETTINGS_BACKEND=memory
export FLICK_DATA_DIR="$source_dir/data"
# The translations, compiled where the app under test finds them.
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$work/locale/$lang/LC_MESSAGES"
  msgfmt --check --output-file="$work/locale/$lang/LC_MESSAGES/flick.mo" "$po"
done
export FLICK_LOCALE_DIR="$work/locale"
export NO_AT_BRIDGE=1
# Test machines have no sound card: let autoaudiosink fall back to a fake
# sink instead of every player probing ALSA and logging its failure.
export GST_PLUGIN_FEATURE_RANK="alsasink:NONE,openalsink:NONE,pulsesink:NONE,pipewiresink:NONE,jackaudiosink:NONE,oss4sink:NONE,osssink:NONE"
# The demo media the UI tests open is made fresh, as on a first run.
export FLICK_TEST_CACHE="$work/cache"

echo "flick tests: checking that meson installs a valid desktop app" >&2
bash meson-helpers/check-install.sh

echo "flick tests: building" >&2
if ! swift build --build-tests 2>&1 | { grep -v 'prohibited flag' || true; }; then
  echo "flick tests: the build failed; see the messages above" >&2
  exit 1
fi

echo "flick tests: running the Swift tests" >&2
# One test at a time: the media and window tests run real pipelines, a
# loopback server and the real app against timeouts, and share the GLib
# main context of the test process; run side by side on two cores they
# measure each other, not the code.
swift test --skip-build --no-parallel 2>&1 | { grep -v 'prohibited flag' || true; }
