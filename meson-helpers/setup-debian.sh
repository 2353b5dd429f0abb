#!/usr/bin/env bash
# Installs every Debian 12 package Flick needs to build, run and test.
# Idempotent: packages already installed are left alone and apt is not
# touched at all when nothing is missing.
#
#   --bench-tools   also install the optional yardsticks `flick bench`
#                   measures Flick against (mpv); the bench skips them,
#                   with a note, when they are missing.
set -euo pipefail

BENCH_TOOLS=0
for arg in "$@"; do
  case "$arg" in
    --bench-tools) BENCH_TOOLS=1 ;;
    *) echo "flick setup: unknown option $arg (known: --bench-tools)" >&2; exit 2 ;;
  esac
done

PACKAGES=(
  # Build: Swift calls pkg-config for the system-library targets.
  pkg-config
  libgtk-4-dev
  libadwaita-1-dev
  libgstreamer1.0-dev
  libgstreamer-plugins-base1.0-dev
  libsoup-3.0-dev
  zlib1g-dev              # CRC-32 of the media cache's blocks
  libxml2-dev             # RSS and Atom feeds; the plain text of a post's HTML
  libepoxy-dev            # asking OpenGL whether it renders in software
  libsecret-1-dev         # account tokens in the Secret Service
  libglib2.0-dev-bin
  meson
  ninja-build
  # Translations: xgettext, msgfmt and msgcmp (po/).
  gettext
  # Validation of the desktop file and metainfo.
  desktop-file-utils
  appstream
  # Media: demuxers, decoders and encoders for the demo feed and playback.
  gstreamer1.0-plugins-base
  gstreamer1.0-plugins-good
  gstreamer1.0-plugins-bad
  gstreamer1.0-plugins-ugly
  gstreamer1.0-libav
  gstreamer1.0-tools
  gstreamer1.0-x          # textoverlay and timeoverlay (the demo clips' numbers)
  # Runtime look: fonts and icons GTK expects.
  fonts-cantarell
  adwaita-icon-theme
  librsvg2-common
  # GTK's own video widget (GtkVideo's GStreamer backend): the yardstick
  # flick bench plays the demo clip with before its runs.
  libgtk-4-media-gstreamer
  # Picture formats beyond JPEG/PNG/GIF: gdk-pixbuf loaders for WebP
  # (animated too), HEIF/HEIC and AVIF.
  webp-pixbuf-loader
  heif-gdk-pixbuf
  libavif-gdk-pixbuf
  libgl1-mesa-dri
  # UI tests: a virtual display, input events and screenshots.
  xvfb
  xauth
  xdotool
  imagemagick
  dbus-x11
  dbus                    # dbus-daemon and dbus-run-session: MPRIS tests run a private session bus
  playerctl               # the MPRIS test sets the volume as a desktop remote does
  xclip                   # reads the clipboard in the copy-link test
  openssl                 # makes the self-signed certificate of the TLS tests' loopback server
  glib-networking         # GIO's TLS backend: https for libsoup (and the TLS tests)
  openbox                 # a window manager for the fullscreen test (Xvfb has none)
  at-spi2-core            # the accessibility bus the screen-reader tests read
  python3-pyatspi         # walks the app's accessible tree in the screen-reader tests
  gnome-keyring           # a real Secret Service for the account tests
  libsecret-tools         # secret-tool: the account tests read the keyring with it
  # Touchpad and wheel tests on real Wayland compositors: sway (wlroots)
  # takes a virtual pointer's finger scrolls, mutter (GNOME's compositor)
  # takes remote-desktop pointer events; Xwayland runs the X11 cases.
  sway
  mutter
  pipewire                # mutter's screen casts, which its remote touch events need
  xwayland
  libwayland-dev          # the tests' virtual-pointer client speaks Wayland
  util-linux              # setpriv: sway refuses to run as root
)

# Optional: a player flick bench compares with (see BENCHMARKS.md).
OPTIONAL_BENCH_TOOLS=(
  mpv
)
if [ "$BENCH_TOOLS" -eq 1 ]; then
  PACKAGES+=("${OPTIONAL_BENCH_TOOLS[@]}")
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "flick setup: missing packages: ${missing[*]}" >&2
  echo "flick setup: not root and sudo is not available; install them as root with: apt-get install ${missing[*]}" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "flick setup: apt-get not found; this script supports Debian 12. Install the equivalents of: ${missing[*]}" >&2
  exit 1
fi

echo "flick setup: installing ${#missing[@]} packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update -q >&2; then
  echo "flick setup: apt-get update failed; check the network and the apt sources" >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2; then
  echo "flick setup: apt-get install failed for: ${missing[*]}" >&2
  exit 1
fi
