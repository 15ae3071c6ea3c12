#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the engine on a GPU machine and runs everything that needs the device, in one go:
#   engine/tools/device_run.sh [OUT_DIR]
# 1. configures an engine-only build (no Qt needed: GX_BUILD_APP=OFF; the QtTest suites are added
#    when Qt 6 is installed there), for the local GPU's architecture (nvidia-smi) or 80;90;
# 2. builds galvatron-engine-bench (and test_engine / test_engine_logic with Qt);
# 3. runs the tests, then the benchmark, which prints the goals (GEMM profiler vs cuBLAS within 5%,
#    predicted vs measured LLaMA-7B layer time within 10%) and writes
#    OUT_DIR/<gpu>-measured.json (cluster profile) and OUT_DIR/<gpu>-results.json (raw results).
# Needs: CMake, a CUDA toolkit (nvcc on PATH, CUDACXX, or /usr/local/cuda), optionally ninja.
# nlohmann_json: taken from the system, or from NLOHMANN_DIR (a copy of /usr/include/nlohmann plus
# /usr/share/cmake/nlohmann_json carried along: NLOHMANN_DIR/include, NLOHMANN_DIR/cmake).
set -euo pipefail
out=${1:-${OUT:-out}}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$root/build-dev}
arch=${CUDA_ARCH:-}
if [ -z "$arch" ] && command -v nvidia-smi >/dev/null; then
  arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '.')
fi
arch=${arch:-"80;90"}
extra=()
if [ -n "${NLOHMANN_DIR:-}" ]; then
  extra+=(-Dnlohmann_json_DIR="$NLOHMANN_DIR/cmake" -DCMAKE_CXX_FLAGS="-I$NLOHMANN_DIR/include")
fi
# nvcc and ninja need not be on PATH: CMake finds the CUDA compiler through CUDACXX, and without
# ninja the Makefile generator is used.
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null; then
  for c in "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc; do
    if [ -x "$c" ]; then export CUDACXX="$c"; break; fi
  done
fi
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null; then
  echo "device_run.sh: no nvcc on PATH, in CUDACXX or under /usr/local/cuda; install the CUDA toolkit" >&2
  exit 2
fi
generator=Ninja
command -v ninja >/dev/null || generator="Unix Makefiles"
tests=OFF
if [ -e /usr/lib/x86_64-linux-gnu/cmake/Qt6/Qt6Config.cmake ] || [ -n "${Qt6_DIR:-}" ]; then tests=ON; fi
if [ -n "${DRY_RUN:-}" ]; then # print what would run (tests/engine checks this without a GPU)
  echo "CUDACXX=${CUDACXX:-<PATH nvcc>} generator=$generator arch=$arch build=$build"
  exit 0
fi
cmake -S "$root" -B "$build" -G "$generator" -DGX_ENGINE=ON -DGX_BUILD_APP=OFF -DGX_BUILD_TESTS=$tests \
      -DGX_BUILD_BENCHMARKS=OFF -DCMAKE_CUDA_ARCHITECTURES="$arch" "${extra[@]}" 2>&1 | tee "$out/configure.log"
targets=(galvatron-engine-bench)
[ "$tests" = ON ] && targets+=(test_engine test_engine_logic)
cmake --build "$build" --target "${targets[@]}" -j"$(nproc)" 2>&1 | tee "$out/build.log" | tail -5
nvidia-smi > "$out/nvidia-smi.txt" 2>&1 || true
set +e # a failing test must not stop the benchmark: every figure is wanted
if [ "$tests" = ON ]; then
  "$build/tests/engine/test_engine_logic" 2>&1 | tee "$out/test_engine_logic.log" | tail -3
  "$build/tests/engine/test_engine" 2>&1 | tee "$out/test_engine.log" | tail -25
fi
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr 'A-Z ' 'a-z-')
gpu=${gpu:-gpu}
"$build/engine/galvatron-engine-bench" --out "$out/$gpu-measured.json" --results "$out/$gpu-results.json" \
  2>&1 | tee "$out/bench.log"
exit "${PIPESTATUS[0]}"
