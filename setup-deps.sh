#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages Galvatron Explorer needs to build, test and package.
# Safe to re-run: packages already present are skipped. Uses sudo when not root.
set -euo pipefail
PKGS=(build-essential cmake ninja-build pkg-config
      qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
      libqt6opengl6-dev libgl1-mesa-dev nlohmann-json3-dev libbenchmark-dev coinor-libcbc-dev
      xvfb xauth desktop-file-utils appstream dpkg-dev file clang-format ccache)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup-deps: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# CUDA (nvcc, cuBLAS, NCCL) is optional: the engine is built when CMake finds nvcc.
if [ -z "$(command -v nvcc || true)" ] && [ -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup-deps: CUDA found in /usr/local/cuda (add /usr/local/cuda/bin to PATH to use it directly)"
fi
