#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Renders the application icon (resources/icons/galvatron-explorer.svg) into the freedesktop hicolor
# PNG sizes under packaging/icons/. The PNGs are committed, so building and packaging never need this;
# re-run it (needs rsvg-convert from Debian's librsvg2-bin) after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")/.."
svg=resources/icons/galvatron-explorer.svg
for size in 16 22 24 32 48 64 128 256 512; do
  dir=packaging/icons/hicolor/${size}x${size}/apps
  mkdir -p "$dir"
  rsvg-convert -w "$size" -h "$size" "$svg" -o "$dir/galvatron-explorer.png"
done
echo "rendered $(find packaging/icons -name '*.png' | wc -l) PNG sizes from $svg"
