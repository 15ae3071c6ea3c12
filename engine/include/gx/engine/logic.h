// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - the GPU-free half: bandwidth formulas, curve fitting, peak-rate tables,
// layer GEMM shapes, conversion of measured results into a gx::ClusterProfile, JSON of raw results.
// Everything here is tested without a GPU (tests/engine/test_engine_logic.cpp).
#pragma once

#include "gx/cluster.h"
#include "gx/engine/types.h"
#include "gx/model.h"

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace gx::engine {

const char* collectiveName(gx::Collective op); ///< "all_reduce", "all_gather", ...
/// Accepts the names above and nccl-tests spellings ("allreduce", "all-reduce", "sendrecv", ...).
gx::Collective collectiveFromName(const std::string& name, const std::string& field = "op");
DType dtypeFromName(const std::string& name, const std::string& field = "dtype");

/// Bus-bandwidth factor of nccl-tests (doc/PERFORMANCE.md, github.com/NVIDIA/nccl-tests):
/// all-reduce 2(n-1)/n; all-gather, reduce-scatter and all-to-all (n-1)/n; send/recv 1.
/// busbw = algbw * factor makes the figure comparable with the hardware's link bandwidth.
double busBwFactor(gx::Collective op, int ranks);
/// algbw in GB/s (1e9 bytes/s) of `bytes` moved in `time_us` microseconds (nccl-tests: size / time).
double algBwGbs(double bytes, double time_us);
/// Fills algbw and busbw of a point from its bytes, time and group size.
CollectivePoint makeCollectivePoint(gx::Collective op, int ranks, std::int64_t bytes, double time_us);

/// Message sizes min, min*factor, ... <= max (nccl-tests -b/-e/-f). InputError on bad arguments.
std::vector<std::int64_t> messageSizes(std::int64_t min_bytes, std::int64_t max_bytes, int factor);

struct LinearFit {
    double intercept = 0;
    double slope = 0;
    double r2 = 0;
};
/// Ordinary least squares y = intercept + slope * x. InputError with fewer than two distinct x.
LinearFit fitLinear(const std::vector<double>& x, const std::vector<double>& y);

/// Alpha-beta (Hockney) fit of one collective's curve: time = alpha + factor * bytes / busbw.
struct AlphaBetaFit {
    double latency_us = 0; ///< alpha, from the points at or below `small_bytes`
    double busbw_gbs = 0;  ///< asymptotic bus bandwidth, from the points at or above `large_bytes`
};
AlphaBetaFit fitAlphaBeta(const std::vector<CollectivePoint>& curve, std::int64_t small_bytes = 64 * 1024,
                          std::int64_t large_bytes = 64 * 1024 * 1024);

/// GEMM efficiency vs size, eff(x) = e * x / (x + x0) (the shape curve of gx::CostOptions), fitted by
/// linear regression of 1/eff on 1/x (1/eff = 1/e + (x0/e) / x). x: smallest GEMM dimension.
struct SaturationFit {
    double efficiency = 0;      ///< e
    double half_saturation = 0; ///< x0
};
SaturationFit fitSaturation(const std::vector<double>& min_dims, const std::vector<double>& efficiencies);

/// PCI bus id in one form ("0000:07:00.0", lower case, 4-digit domain) from CUDA's "0000:07:00.0" or
/// NVML's "00000000:07:00.0"; "" when it does not parse.
std::string normalizePciBusId(const std::string& id);
/// NVLinks between GPUs a and b from the remote endpoints (PCI bus ids, any form) of each GPU's active
/// links (NVML nvmlDeviceGetNvLinkRemotePciInfo_v2): the links of a that end at b; when there are
/// none and both GPUs have links to endpoints that are not GPUs of this machine (NVSwitch), the
/// smaller count of those. 0: no NVLink path (e.g. PCIe GPUs where only other pairs are bridged).
int nvlinksBetween(const std::vector<std::string>& remotes_a, const std::vector<std::string>& remotes_b,
                   const std::string& bus_b, const std::vector<std::string>& gpu_bus_ids);
/// Whether a CUDA runtime error code (cudaError_t) is sticky: the context is corrupted and every
/// later call fails (CUDA runtime API: "the process must be terminated and relaunched") - a profiler
/// must stop rather than skip to the next candidate.
bool isStickyCudaError(int code);

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

/// Forward GEMMs of one Transformer layer shard for `micro_batch` samples at tensor-parallel degree
/// `tp` (Megatron split: QKV and FFN-up column-parallel, attention-out and FFN-down row-parallel).
/// m = tokens (b*s), n = output features, k = input features.
std::vector<GemmShape> layerGemmShapes(const LayerBenchConfig& cfg);
std::vector<GemmShape> layerGemmShapes(const gx::LayerType& type, int micro_batch, int tp);
/// Forward FLOPs of a layer shard: the GEMMs above + attention scores and context
/// (2 * 2 * b * s^2 * heads/tp * head_dim, full square as in Narayanan et al. 2021).
double layerForwardFlops(const LayerBenchConfig& cfg);
/// Per-GPU dimensions of a layer shard (the engine's TransformerLayer): T tokens = micro_batch * seq_len,
/// nh query heads and nkv KV heads per shard, q = nh * head_dim, nqkv = q + 2 * nkv * head_dim,
/// f = ffn_hidden / tp, gf = f (GeLU) or 2f (SwiGLU). InputError as layerGemmShapes.
struct LayerShardDims {
    int h = 0, hd = 0, nh = 0, nkv = 0, q = 0, kvw = 0, nqkv = 0, f = 0, gf = 0, seq = 0, batch = 0;
    std::int64_t T = 0;
    std::int64_t params = 0; ///< weights of the shard (4 matrices + 2 norm vectors)
};
LayerShardDims layerShardDims(const LayerBenchConfig& cfg);

/// Query rows per attention chunk: the engine's attention never stores the s x s scores; forward and
/// backward run over blocks of `rows` queries against all keys (scores of one block: nh * rows * s
/// bf16, twice in backward), recomputing the block's softmax in backward like flash attention
/// (Dao et al. 2022). rows = largest value with nh * rows * seq * 2 bytes <= budget, a multiple of 64
/// when >= 64, at least 1, at most seq. InputError on non-positive arguments.
int attentionChunkRows(int heads_per_shard, int seq_len, std::int64_t budget_bytes = 64ll << 20);

/// Buffer elements of a layer shard, in the order TransformerLayer carves them (bf16 each).
/// Stored per micro-batch for backward: x, y1, qkv, ctx, x2, y2, up, act (+ 4 fp32 row statistics).
std::vector<std::int64_t> layerStoredElems(const LayerShardDims& d);
/// Scratch shared by all layers of a rank (one arena, used within one forward or backward):
/// d_act, d_up, d_y, d_x2, d_ctx, d_qkv, tmp, scores, d_scores.
std::vector<std::int64_t> layerScratchElems(const LayerShardDims& d, int chunk_rows);
/// Bytes of the above, each buffer 256-byte aligned (cudaMalloc alignment).
std::int64_t layerStoredBytes(const LayerShardDims& d);
std::int64_t layerScratchBytes(const LayerShardDims& d, int chunk_rows);
/// Device memory the layer profiler holds while one config runs (nothing is allocated inside forward or
/// backward): bf16 weights + gradients, one micro-batch's stored activations, the scratch arena (default
/// score budget), x / y / dy / dx buffers and the 32 MiB cuBLAS workspace. LayerResult::peak_bytes.
std::int64_t layerProfileBytes(const LayerBenchConfig& cfg);
inline std::int64_t align256(std::int64_t bytes) {
    return (bytes + 255) / 256 * 256;
}

/// The LayerType a bench config describes (decoder, no bias, no dropout).
gx::LayerType layerTypeOf(const LayerBenchConfig& cfg);

/// Single-GPU forward + backward time (ms) of the layer `cfg` describes, as gx::CostModel predicts it
/// with `cluster` (CostModel::layer with tp = dp = 1, the config's micro-batch).
/// `flash_attention` = false matches the engine's layer, which stores the attention scores.
double predictedLayerMs(const LayerBenchConfig& cfg, const gx::ClusterProfile& cluster,
                        bool flash_attention = false, double gemm_half_saturation = 128.0);

/// Measured profile -> cluster profile. Starts from `base` (a spec preset of the same GPU, or a
/// default), then overwrites what was measured: GPU name/memory/SMs, peaks (peakTflops), the
/// efficiency of the best large BF16 GEMM, HBM bandwidth, NVLink/PCIe intra-node link (kind from
/// the topology, bandwidth = best all-reduce bus bandwidth, latency = fitted alpha), the measured
/// collective curves, gpus_per_node = local devices, and provenance (device, driver, cuda, nccl,
/// date, command, host). InputError if the results carry no device.
gx::ClusterProfile toClusterProfile(const ProfileResults& results, const gx::ClusterProfile& base = {});

/// Best GEMM efficiency of the given dtype among shapes whose smallest dimension is >= min_dim
/// (0 if none): measured TFLOP/s / peak.
double bestGemmEfficiency(const ProfileResults& results, DType dtype, double min_dim = 1024);

// Raw results as JSON (saved by the CLI/GUI next to the cluster profile; read back by the GUI).
nlohmann::json toJson(const ProfileResults& r);
ProfileResults profileResultsFromJson(const nlohmann::json& j, const std::string& path = "results");
nlohmann::json toJson(const Inventory& inv);

/// ISO-8601 UTC timestamp of now ("2026-11-23T09:41:00Z").
std::string utcNow();

} // namespace gx::engine
