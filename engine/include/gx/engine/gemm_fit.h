// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - GEMM side: dtype names, dense peak tables, the GEMM saturation fit,
// GEMM timing batch/rotation sizes and the best measured efficiency. GPU-free.
#pragma once

#include "gx/engine/types.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gx::engine {

DType dtypeFromName(const std::string& name, const std::string& field = "dtype");

/// GEMM efficiency vs size, eff(x) = e * x / (x + x0) (the shape curve of gx::CostOptions), fitted by
/// linear regression of 1/eff on 1/x (1/eff = 1/e + (x0/e) / x). x: smallest GEMM dimension.
struct SaturationFit {
    double efficiency = 0;      ///< e
    double half_saturation = 0; ///< x0
};
SaturationFit fitSaturation(const std::vector<double>& min_dims, const std::vector<double>& efficiencies);

/// GEMM timing (profileGemms, referenceGemmTflops): launches per timed sample so that one event pair
/// spans about `target_us` (event resolution ~0.5 us and launch gaps otherwise dominate small GEMMs):
/// ceil(target_us / probe_us), in [1, 1000]. probe_us: one launch, measured once.
int launchesPerSample(double probe_us, double target_us = 1000.0);
/// Copies of the GEMM inputs to rotate through so that every launch reads them from HBM, not from
/// the L2 cache a previous launch warmed: ceil(2 * l2_bytes / input_bytes), in [1, 1024].
int rotatingInputSets(std::int64_t input_bytes, std::int64_t l2_bytes);
/// Whether a GEMM result counts for the bench's "profiler within 5% of cuBLAS" goal: BF16/FP16 with
/// every dimension >= 1024. FP8 has no independent reference (cublasGemmEx has no FP8 path; the
/// profiler's best-of-candidates is >= its own first choice by construction), so it is informational.
bool countsForProfilerGoal(const GemmResult& g);

/// Dense tensor-core peak (TFLOP/s) of a device for a dtype. Known products by name (vendor data
/// sheets: H100 SXM 989.4 BF16 / 1978.9 FP8, H100 PCIe 756.5 / 1513, H100 NVL 835 / 1670,
/// H200 989.4 / 1978.9, A100 312 / -, L40S 362.05 / 733, A10 125 / -); otherwise
/// SMs * clock * dense FLOP/clk/SM of the architecture (sm_80 2048, sm_86 512, sm_89 1024,
/// sm_90 4096 BF16 - e.g. 132 * 1.83 GHz * 4096 = 989 TFLOP/s for H100 SXM); FP8 is 2x BF16 on
/// sm_89/sm_90 and 0 (unsupported) before. Returns 0 when nothing is known.
double peakTflops(const DeviceInfo& dev, DType dtype);
/// Whether cuBLASLt FP8 GEMMs run on this compute capability (sm_89 and newer).
bool supportsFp8(const DeviceInfo& dev);

/// Best GEMM efficiency of the given dtype among shapes whose smallest dimension is >= min_dim
/// (0 if none): measured TFLOP/s / peak.
double bestGemmEfficiency(const ProfileResults& results, DType dtype, double min_dim = 1024);

} // namespace gx::engine
