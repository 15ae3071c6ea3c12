// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - device profilers and the job queue that runs them.
//
// One engine thread owns the devices: every CUDA/NCCL call of a job runs on it, jobs run one at a
// time in submission order, each with a progress callback and a cancel flag (RenderDoc-style
// "one thread owns the GPU, queued commands"). Callbacks run on the engine thread: a GUI must hop
// back to its own thread (QMetaObject::invokeMethod with Qt::QueuedConnection).
#pragma once

#include "gx/engine/types.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace gx::engine {

// ---- Device functions (call them on one thread; the Engine queue does). --------------------------

/// Why no CUDA device can be used ("" when one can): no driver, no device, CUDA error text.
std::string noDeviceReason();
/// CUDA runtime + NVML (when libnvidia-ml.so.1 loads) inventory. Never throws: available=false and
/// error set when there is no usable device.
Inventory queryInventory();
/// Whether the engine was built with NCCL.
bool haveNccl();

/// cuBLASLt GEMM throughput: for each shape and dtype, times up to max_algos heuristic algorithms and
/// keeps the fastest (FP8 only on sm_89+; skipped with a note otherwise).
std::vector<GemmResult> profileGemms(const GemmProfileOptions& opt, const JobContext& ctx = {});
/// The same shape through plain cublasGemmEx (default algorithm) - the "best cuBLAS figure" the
/// profiler is compared against. Returns TFLOP/s.
double referenceGemmTflops(const GemmShape& shape, DType dtype, int device, int warmup, int iters);
/// Transformer layer forward + backward (GEMMs + attention + softmax + norm + activation kernels)
/// for every (micro_batch, seq_len) pair.
std::vector<LayerResult> profileLayers(const LayerProfileOptions& opt, const JobContext& ctx = {});
/// Relative Frobenius errors of the GPU layer (bf16) against a double-precision CPU reference of the
/// same math, for a small config (the CPU side is O(T * s * h)): forward output, input gradient, and
/// the worst of the four weight gradients. bf16 storage gives errors around 1e-2.
/// Sub-blocks too: the QKV projection, the attention output (ctx, before the output projection) and
/// the attention backward (dQKV), each against the reference on its own. The attention runs in at least
/// four query chunks (a small score budget) so that the chunk loop is what is checked.
struct LayerCheck {
    double out_err = 0, dx_err = 0, dw_err = 0;
    double qkv_err = 0, ctx_err = 0, dqkv_err = 0;
    double worst() const { return std::max({out_err, dx_err, dw_err, qkv_err, ctx_err, dqkv_err}); }
};
LayerCheck checkLayerAgainstCpu(const LayerBenchConfig& small, int device = 0);
/// HBM bandwidth: 16-byte copy kernel and cudaMemcpyAsync D2D, counting bytes read + written.
std::vector<HbmResult> profileHbm(const HbmProfileOptions& opt, const JobContext& ctx = {});
/// NCCL collectives over local GPUs (one thread per GPU), nccl-tests style algbw/busbw.
std::vector<CollectivePoint> profileCollectives(const CollectiveProfileOptions& opt,
                                                const JobContext& ctx = {});

/// Default GEMM shapes: squares 256..8192 plus the four GEMMs of the given layer config.
std::vector<GemmShape> defaultGemmShapes(const LayerBenchConfig& layer);

/// Runs the whole profile (inventory, GEMMs, layers, HBM, collectives when >1 GPU) into results.
struct FullProfileOptions {
    GemmProfileOptions gemm;
    LayerProfileOptions layer;
    HbmProfileOptions hbm;
    CollectiveProfileOptions collectives;
    bool run_gemm = true, run_layer = true, run_hbm = true, run_collectives = true;
    std::string command;
};
ProfileResults profileAll(const FullProfileOptions& opt, const JobContext& ctx = {});

// ---- Job queue ---------------------------------------------------------------------------------

enum class JobState { Queued, Running, Done, Failed, Cancelled };
const char* toString(JobState);

class Engine {
public:
    using Work = std::function<void(const JobContext&)>;
    struct Callbacks {
        ProgressFn progress;                                                    ///< engine thread
        std::function<void(JobState state, const std::string& error)> finished; ///< engine thread
    };

    Engine();
    ~Engine(); ///< cancels what is queued or running, then joins the thread
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    /// Queues a job; returns its id (> 0).
    int submit(std::string name, Work work, Callbacks callbacks = {});
    /// Queued: removed and reported Cancelled. Running: its cancel flag is set (the job stops at its
    /// next check). Returns false for unknown or finished ids.
    bool cancel(int id);
    void cancelAll();
    /// Blocks until the queue is empty and no job runs.
    void waitIdle();
    std::size_t queued() const;
    /// Id of the running job, 0 if none.
    int running() const;

private:
    struct Job {
        int id = 0;
        std::string name;
        Work work;
        Callbacks cb;
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    void loop();

    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::condition_variable idle_cv_;
    std::deque<Job> queue_;
    int next_id_ = 1;
    int running_id_ = 0;
    std::shared_ptr<std::atomic<bool>> running_cancel_;
    bool stop_ = false;
    std::thread thread_;
};

} // namespace gx::engine
