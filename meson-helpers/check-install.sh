#!/usr/bin/env bash
# Checks that Flick installs as a desktop app: sets up a meson build in a
# temporary directory, runs its validation tests, installs into a temporary
# prefix, then checks the installed tree, validates the installed desktop
# file and metainfo, and runs the installed `flick --help`.
#
# usage: meson-helpers/check-install.sh
# environment:
#   SWIFT_SCRATCH       reuse this SwiftPM scratch directory for the release
#                       build (default: a fresh one in the temporary build
#                       directory, which means a full build)
#   FLICK_PROFILE       default (io.github.flick.Flick) or development
#                       (io.github.flick.Flick.Devel); default: default
#   CHECK_INSTALL_KEEP  1 keeps the temporary directory and prints where
#
# Prints one line per check and ends with `check-install: N passed, M failed`;
# exits non-zero if anything failed.
set -uo pipefail

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
profile=${FLICK_PROFILE:-default}
case "$profile" in
  default) app_id=io.github.flick.Flick ;;
  development) app_id=io.github.flick.Flick.Devel ;;
  *) echo "check-install: FLICK_PROFILE must be default or development, got '$profile'" >&2; exit 2 ;;
esac

for tool in meson ninja desktop-file-validate appstreamcli glib-compile-schemas; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "check-install: $tool not found; run meson-helpers/setup-debian.sh first" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/flick-check-install.XXXXXX") || {
  echo "check-install: cannot create a temporary directory" >&2
  exit 2
}
cleanup() {
  if [ "${CHECK_INSTALL_KEEP:-0}" = 1 ]; then
    echo "check-install: kept $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

build="$work/build"
prefix="$work/prefix"
logs="$work/logs"
mkdir -p "$logs"

passed=0
failed=0

summary_and_exit() {
  echo "check-install: $passed passed, $failed failed"
  if [ "$failed" -ne 0 ]; then
    exit 1
  fi
  exit 0
}

pass() {
  passed=$((passed + 1))
  echo "check-install: PASS $1"
}

fail() {
  failed=$((failed + 1))
  echo "check-install: FAIL $1" >&2
}

# Runs a step with its output in a log; on failure shows the end of the log.
# usage: step NAME COMMAND...
step() {
  local name=$1
  shift
  local log="$logs/$name.log"
  local status=0
  "$@" >"$log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    pass "$name"
    return 0
  fi
  fail "$name: '$*' exited with status $status; last lines of its output:"
  tail -n 40 "$log" | sed 's/^/    /' >&2
  return 1
}

# Steps that everything after them needs: stop at the first failure.
setup_args=(--prefix "$prefix" -Dprofile="$profile")
if [ -n "${SWIFT_SCRATCH:-}" ]; then
  case "$SWIFT_SCRATCH" in
    /*) scratch=$SWIFT_SCRATCH ;;
    *) scratch="$PWD/$SWIFT_SCRATCH" ;;
  esac
  setup_args+=(-Dswift-scratch-path="$scratch")
fi

step meson-setup meson setup "$build" "$source_dir" "${setup_args[@]}" || summary_and_exit
step meson-test meson test -C "$build" --print-errorlogs || summary_and_exit
if [ -z "${SWIFT_SCRATCH:-}" ]; then
  echo "check-install: installing; this runs a full 'swift build -c release' (set SWIFT_SCRATCH to reuse one)"
fi
step meson-install meson install -C "$build" || summary_and_exit

# The installed tree.
check_file() {
  local what=$1 path=$2
  if [ -f "$prefix/$path" ] && [ -s "$prefix/$path" ]; then
    pass "installed $what ($path)"
  else
    fail "installed $what: $path is missing or empty in the prefix"
  fi
}

if [ -f "$prefix/bin/flick" ] && [ -x "$prefix/bin/flick" ]; then
  pass "installed binary (bin/flick, executable)"
else
  fail "installed binary: bin/flick is missing or not executable"
fi
check_file "desktop file" "share/applications/$app_id.desktop"
check_file "metainfo" "share/metainfo/$app_id.metainfo.xml"
check_file "icon" "share/icons/hicolor/scalable/apps/$app_id.svg"
check_file "symbolic icon" "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
check_file "schema" "share/glib-2.0/schemas/io.github.flick.Flick.gschema.xml"
check_file "compiled schemas" "share/glib-2.0/schemas/gschemas.compiled"
check_file "stylesheet" "share/flick/style.css"
check_file "D-Bus service" "share/dbus-1/services/$app_id.service"
# The session bus starts the installed program, as a GApplication service.
service="$prefix/share/dbus-1/services/$app_id.service"
if grep -qx "Name=$app_id" "$service" 2>/dev/null \
   && grep -qx "Exec=$prefix/bin/flick --gapplication-service" "$service" 2>/dev/null \
   && grep -qx "DBusActivatable=true" "$prefix/share/applications/$app_id.desktop" 2>/dev/null; then
  pass "D-Bus activation: the service names $app_id and runs the installed flick; the desktop file says DBusActivatable=true"
else
  fail "D-Bus activation: $service or the desktop file does not match the installed program"
fi
check_file "German translation" "share/locale/de/LC_MESSAGES/flick.mo"
check_file "Spanish translation" "share/locale/es/LC_MESSAGES/flick.mo"

# The installed files validate with the tools Debian ships.
desktop="$prefix/share/applications/$app_id.desktop"
metainfo="$prefix/share/metainfo/$app_id.metainfo.xml"
if [ -f "$desktop" ]; then
  step validate-installed-desktop-file desktop-file-validate "$desktop"
fi
if [ -f "$metainfo" ]; then
  step validate-installed-metainfo appstreamcli validate --no-net --explain "$metainfo"
fi

# The translations were merged into the desktop file and metainfo.
for lang in de es; do
  if grep -q "^Comment\[$lang\]=" "$desktop" 2>/dev/null && grep -q "xml:lang=\"$lang\"" "$metainfo" 2>/dev/null; then
    pass "desktop file and metainfo carry the $lang translation"
  else
    fail "desktop file or metainfo: no $lang translation merged in"
  fi
done

# The installed schema is the one the app reads.
schemas="$prefix/share/glib-2.0/schemas"
if [ -f "$schemas/gschemas.compiled" ] && command -v gsettings >/dev/null 2>&1; then
  if value=$(GSETTINGS_SCHEMA_DIR="$schemas" GSETTINGS_BACKEND=memory \
               gsettings get io.github.flick.Flick video-cache-budget-mb 2>&1) \
     && [ "$value" = "uint32 500" ]; then
    pass "installed schema readable (video-cache-budget-mb = $value)"
  else
    fail "installed schema: gsettings get io.github.flick.Flick video-cache-budget-mb gave '$value', expected 'uint32 500'"
  fi
fi

# The installed app runs.
if [ -x "$prefix/bin/flick" ]; then
  step installed-flick-help env GSETTINGS_SCHEMA_DIR="$schemas" GSETTINGS_BACKEND=memory \
    timeout 60 "$prefix/bin/flick" --help
fi
# The installed app finds its translations beside it (share/locale).
if [ -x "$prefix/bin/flick" ]; then
  if out=$(env GSETTINGS_SCHEMA_DIR="$schemas" GSETTINGS_BACKEND=memory LANG=C.UTF-8 LANGUAGE=de \
             timeout 60 "$prefix/bin/flick" --help 2>&1) && grep -q "Befehle:" <<<"$out"; then
    pass "installed flick --help speaks German under LANGUAGE=de"
  else
    fail "installed flick --help under LANGUAGE=de is not German: $(head -3 <<<"$out")"
  fi
fi

summary_and_exit
