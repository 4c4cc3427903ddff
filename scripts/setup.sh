#!/usr/bin/env bash
# Installs what Nonet needs to build and test on Debian 12: the Debian packages below (only when
# some are missing; through sudo when not root) and a check for the Rust toolchain.
set -euo pipefail

packages=(
  build-essential pkg-config
  libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev
  meson
  xvfb xauth dbus dbus-x11 xdotool xclip imagemagick
  desktop-file-utils appstream shared-mime-info libglib2.0-bin gsettings-desktop-schemas python3 poppler-utils
  yelp-tools itstool
  python3-pyatspi python3-gi gir1.2-gtk-4.0 at-spi2-core gettext openbox
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (rustup) first" >&2
  exit 1
fi
