#!/usr/bin/env bash
# Command 2: set up, build and run every test through CTest (GPU tests are reported as skipped
# when no GPU is present). Extra arguments go to ctest, e.g. ./test.sh -R cost_model
set -euo pipefail
cd "$(dirname "$0")"
./setup-deps.sh
export PATH="$PATH:/usr/local/cuda/bin"
cmake --preset default >/dev/null
cmake --build --preset default --parallel "$(nproc)"
export QT_QPA_PLATFORM=offscreen
ctest --preset default --parallel "$(nproc)" "$@"
