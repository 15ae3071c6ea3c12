// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - plain result structs shared by the profilers, the job queue, the CLI,
// the GUI and the tests. No CUDA and no Qt types here: this header compiles anywhere.
#pragma once

#include "gx/cluster.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace gx::engine {

// ------------------------------------------------------------------------------------------------
// Device inventory

struct DeviceInfo {
    int index = 0;
    std::string name;       ///< "NVIDIA H100 80GB HBM3"
    std::string pci_bus_id; ///< "0000:1b:00.0"
    std::int64_t total_memory_bytes = 0;
    int sm_count = 0;
    int cc_major = 0, cc_minor = 0;
    int sm_clock_mhz = 0;  ///< peak (boost) SM clock
    int mem_clock_mhz = 0; ///< peak memory clock
    int mem_bus_width_bits = 0;
    std::int64_t l2_bytes = 0;
    int computeCapability() const { return cc_major * 10 + cc_minor; }
};

/// How two local GPUs reach each other.
struct PeerLink {
    int a = 0, b = 0;
    bool p2p_access = false; ///< cudaDevP2PAttrAccessSupported
    bool native_atomics = false;
    int perf_rank = 0; ///< cudaDevP2PAttrPerformanceRank (0 = best)
    int nvlinks = 0;   ///< active NVLinks from a to b (NVML; 0 if unknown or none)
    std::string
        path; ///< NVML common ancestor: "NVLink", "board", "switch", "bridge", "node", "system", "unknown"
};

struct Inventory {
    bool available = false;       ///< a CUDA device could be used
    std::string error;            ///< why not, when !available
    std::string driver_version;   ///< NVML "580.159.04", or the CUDA driver API number when NVML is absent
    int cuda_driver_version = 0;  ///< cudaDriverGetVersion, e.g. 13000
    int cuda_runtime_version = 0; ///< cudaRuntimeGetVersion
    int nccl_version = 0;         ///< ncclGetVersion, 0 if built without NCCL
    std::string hostname;
    std::vector<DeviceInfo> devices;
    std::vector<PeerLink> links; ///< one per ordered pair a < b
};

// ------------------------------------------------------------------------------------------------
// Profiler parameters and results

enum class DType { BF16, FP16, FP8 };
const char* toString(DType);

struct GemmShape {
    std::string name; ///< "qkv", "attn_out", "ffn_up", ... or "square"
    std::int64_t m = 0, n = 0, k = 0;
    double flops() const { return 2.0 * double(m) * double(n) * double(k); }
};

struct GemmResult {
    GemmShape shape;
    DType dtype = DType::BF16;
    double time_us = 0; ///< median of the timed runs, best algorithm
    double tflops = 0;
    int algos_tried = 0;          ///< cuBLASLt heuristic candidates timed
    int best_algo_rank = 0;       ///< index of the fastest among the heuristic list (0 = first)
    double first_algo_tflops = 0; ///< what cuBLASLt's top heuristic choice gave
};

struct LayerBenchConfig {
    int hidden = 4096;
    int ffn_hidden = 11008;
    int heads = 32;
    int kv_heads = 32;
    int seq_len = 2048;
    int micro_batch = 1;
    bool gated_ffn = true; ///< SwiGLU (3 FFN matrices) vs GeLU MLP (2)
    bool rms_norm = true;  ///< RMSNorm vs LayerNorm
    bool causal = true;
    int tp = 1; ///< shapes of one tensor-parallel shard
    DType dtype = DType::BF16;
};

struct LayerResult {
    LayerBenchConfig config;
    double fwd_ms = 0;
    double bwd_ms = 0;
    double flops = 0;            ///< fwd + bwd FLOPs counted (matmuls + attention core)
    double tflops = 0;           ///< flops / (fwd + bwd)
    std::int64_t peak_bytes = 0; ///< device memory held while the layer runs (layerProfileBytes)
    double totalMs() const { return fwd_ms + bwd_ms; }
};

struct HbmResult {
    std::int64_t bytes = 0;     ///< buffer size copied
    double copy_kernel_gbs = 0; ///< (read + write) bytes / time, 16-byte vector copy kernel
    double memcpy_gbs = 0;      ///< (read + write) bytes / time, cudaMemcpyAsync D2D
    double best() const { return copy_kernel_gbs > memcpy_gbs ? copy_kernel_gbs : memcpy_gbs; }
};

struct CollectivePoint {
    gx::Collective op = gx::Collective::AllReduce;
    int group_size = 1;
    std::int64_t bytes = 0; ///< message size as nccl-tests prints it ("size" column)
    double time_us = 0;
    double algbw_gbs = 0;
    double busbw_gbs = 0;
};

/// Everything one profiling session measured; converts into a ClusterProfile (logic.h).
struct ProfileResults {
    Inventory inventory;
    std::vector<GemmResult> gemms;
    std::vector<LayerResult> layers;
    std::vector<HbmResult> hbm;
    std::vector<CollectivePoint> collectives;
    std::string command; ///< command line that produced the results (provenance)
    std::string date;    ///< ISO-8601 UTC
};

// ------------------------------------------------------------------------------------------------
// Jobs

/// Progress in [0, 1] and a short message. Called from the engine thread.
using ProgressFn = std::function<void(double fraction, const std::string& message)>;

/// Passed to every profiler: report progress, poll for cancellation.
struct JobContext {
    ProgressFn progress;
    const std::atomic<bool>* cancel = nullptr;
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void report(double f, const std::string& m) const {
        if (progress)
            progress(f, m);
    }
};

/// Thrown inside a job when its cancel flag is seen; the queue reports the job as cancelled.
struct Cancelled {};

/// Device memory the plan runner itself allocates (its buffers), counted where it allocates and frees
/// them: the plan's memory without the CUDA context, NCCL's and cuBLAS' internals or other processes.
class AllocationTally {
public:
    void allocated(std::int64_t bytes) {
        current_ += bytes;
        peak_ = current_ > peak_ ? current_ : peak_;
    }
    void freed(std::int64_t bytes) { current_ -= bytes; }
    std::int64_t current() const { return current_; }
    std::int64_t peak() const { return peak_; }

private:
    std::int64_t current_ = 0, peak_ = 0;
};

/// Error from CUDA/cuBLAS/NCCL (message holds the call and the library's error string).
class EngineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct GemmProfileOptions {
    std::vector<GemmShape> shapes; ///< empty: a default square sweep
    std::vector<DType> dtypes = {DType::BF16};
    int device = 0;
    int warmup = 5;
    int iters = 20;
    int max_algos = 8; ///< cuBLASLt heuristic candidates to time
};

struct LayerProfileOptions {
    LayerBenchConfig base;
    std::vector<int> micro_batches = {1, 2};
    std::vector<int> seq_lens = {2048, 4096};
    int device = 0;
    int warmup = 3;
    int iters = 10;
};

struct HbmProfileOptions {
    std::vector<std::int64_t> sizes = {std::int64_t(1) << 28, std::int64_t(1) << 30};
    int device = 0;
    int iters = 20;
};

struct CollectiveProfileOptions {
    std::vector<gx::Collective> ops = {gx::Collective::AllReduce, gx::Collective::AllGather,
                                       gx::Collective::ReduceScatter, gx::Collective::AllToAll,
                                       gx::Collective::SendRecv};
    std::vector<int> group_sizes; ///< empty: 2, 4, 8 ... up to the local device count
    std::int64_t min_bytes = 16;  ///< 16 * 4^13 = 1 GiB: the default sweep reaches max_bytes
    std::int64_t max_bytes = std::int64_t(1) << 30;
    int step_factor = 4;
    int warmup = 5;
    int iters = 20;
};

} // namespace gx::engine
