#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Command 1: set up, build and run Galvatron Explorer.
#   ./run.sh                  the explorer on the built-in default model and cluster
#   ./run.sh --cli [args]     headless search printing the best plan (see ./run.sh --cli --help)
#   ./run.sh --cli estimate|search|schedule|presets ...   any `galvatron` command
set -euo pipefail
cd "$(dirname "$0")"
./setup-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
# ccache keys relative to this checkout, so that any clone reuses earlier compiles.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
cmake --preset default >/dev/null
cmake --build --preset default --parallel "$(nproc)"
if [ "${1:-}" = "--cli" ]; then
  shift
  exec ./build/app/galvatron "${@:-search}"
fi
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "run.sh: no display found; starting the explorer under xvfb-run" >&2
  exec xvfb-run -a ./build/app/galvatron-explorer "$@"
fi
exec ./build/app/galvatron-explorer "$@"
