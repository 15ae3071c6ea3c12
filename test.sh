#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Command 2: set up, build and run every test through CTest (GPU tests are reported as skipped
# when no GPU is present). Extra arguments go to ctest, e.g. ./test.sh -R cost_model
set -euo pipefail
cd "$(dirname "$0")"
./setup-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
# ccache keys relative to this checkout, so that any clone reuses earlier compiles.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
cmake --preset default >/dev/null
cmake --build --preset default --parallel "$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset default --parallel "$(nproc)" "$@"
