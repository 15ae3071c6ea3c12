// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - analytical cost model: time and memory of a hybrid-parallel plan.
//
// Structure (so that the planner can be exact under it):
//  * Every Transformer layer l on stage i contributes additive terms:
//      per micro-batch time  c_l  (forward + backward + recompute + exposed TP / ZeRO-3 comm)
//      per iteration time    e_l  (exposed gradient sync + optimizer step)
//      model-state memory    s_l  (weights + grads + optimizer states, bytes per GPU)
//      activation memory     a_l  (bytes stored per in-flight micro-batch)
//      transient memory      w_l  (working memory while the layer runs; the stage takes the max)
//  * Consecutive layers of one stage with different layouts add switchTime() to c.
//  * Stage i: C_i = sum c_l + switches + p2p + embedding/head extras;  E_i = sum e_l + extras;
//      M_i = reserved + sum s_l + inflight(i) * sum a_l + max w_l + embedding/head memory.
//  * Iteration: T = m * max_i C_i + (sum_i C_i - max_i C_i) / v + max_i E_i
//      (m micro-batches, v model chunks per stage; v = 1 gives the GPipe/1F1B bubble (p-1)/m,
//       interleaving divides it by v; Narayanan et al. 2021, SC'21, section 2.2).
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/runtime.h"
#include "gx/strategy.h"

#include <string>
#include <vector>

namespace gx {

/// Assumptions that are not searched over.
struct CostOptions {
    /// How the training framework implements the plan (activations, overlap, overheads). The default
    /// is the neutral "generic" runtime; the CLI and GUI load a preset (megatron-core by default).
    RuntimeProfile runtime;
    Precision precision = Precision::BF16; ///< numeric format of the linear layers
    double memory_budget_gib = 0;          ///< 0 = the GPU's memory; what a plan may use per GPU
    double memory_reserve_gib =
        0; ///< extra headroom kept free on top of reserved memory and the runtime's margin
};

/// Where a stage's GPUs sit: needed to know which groups cross node boundaries.
struct StageShape {
    int stage_gpus = 1;  ///< GPUs in the stage (tp * cp * dp of each layer)
    int first_rank = 0;  ///< global rank of the stage's first GPU (stages are consecutive blocks)
    int micro_batch = 1; ///< global micro-batch (samples) entering the stage
    int num_micro = 1;   ///< micro-batches per iteration
};

struct LayerCost {
    // Time, seconds. Per micro-batch unless noted.
    double fwd_compute = 0;
    double bwd_compute = 0;    ///< includes recomputation
    double recompute = 0;      ///< part of bwd_compute spent recomputing
    double tp_comm = 0;        ///< forward + backward TP/SP collectives (on the critical path)
    double cp_comm = 0;        ///< context-parallel exchange (ring P2P / Ulysses all-to-alls), exposed part
    double ep_comm = 0;        ///< expert-parallel token all-to-alls (dispatch and combine), exposed
    double zero3_comm = 0;     ///< parameter all-gathers + gradient reduce-scatter per micro-batch
    double zero3_exposed = 0;  ///< part of zero3_comm not hidden behind compute
    double dp_comm = 0;        ///< per iteration gradient synchronisation (DDP/ZeRO-1/2)
    double dp_exposed = 0;     ///< per iteration, not hidden behind the last backward
    double optimizer_step = 0; ///< per iteration
    // Parts of fwd_compute (the rest is the runtime's per-layer overhead): all GEMMs, the attention
    // core, memory-bound element-wise work. Backward: 2x the GEMMs and element-wise work, bwd_attention,
    // 2/3 of the overhead, plus recompute. For op-level comparisons with measurements (the engine).
    double fwd_gemm = 0;
    double fwd_attention = 0;
    double bwd_attention = 0;
    double fwd_elementwise = 0;
    double dp_reduce = 0;         ///< part of dp_comm reducing gradients (the rest gathers parameters)
    double dp_reduce_exposed = 0; ///< its part of dp_exposed
    // Memory, bytes per GPU.
    double weights = 0;
    double grads = 0;
    double optimizer = 0;
    double activations = 0; ///< stored per in-flight micro-batch
    double transient = 0;   ///< working memory while the layer runs
    /// Parameters this GPU holds: its tensor/expert-parallel shard, before any ZeRO / FSDP sharding
    /// (what Megatron-LM logs as the "number of parameters on (tensor, pipeline) model parallel rank").
    double params = 0;
    // Work.
    double model_flops = 0; ///< per micro-batch per GPU, fwd+bwd without recompute (for MFU)

    double perMicro() const {
        return fwd_compute + bwd_compute + tp_comm + cp_comm + ep_comm + zero3_exposed;
    }
    double perIteration() const { return dp_exposed + optimizer_step; }
    double states() const { return weights + grads + optimizer; }
};

struct MemoryBreakdown {
    double weights = 0, grads = 0, optimizer = 0; ///< Transformer layers
    double activations = 0;                       ///< stored for backward, all in-flight micro-batches
    double transient = 0;                         ///< largest working buffer
    double embedding = 0;                         ///< embedding/LM-head states + logits
    double reserved = 0;                          ///< CUDA context, NCCL buffers, allocator slack
    double total() const {
        return weights + grads + optimizer + activations + transient + embedding + reserved;
    }
};

struct TimeBreakdown {
    double compute = 0; ///< forward + backward + recompute on the critical stage
    double recompute = 0;
    double tp_comm = 0;     ///< exposed tensor-parallel (TP/SP) collectives
    double cp_comm = 0;     ///< exposed context-parallel exchange (ring P2P, all-gather, Ulysses all-to-alls)
    double ep_comm = 0;     ///< exposed expert-parallel token all-to-alls (dispatch and combine)
    double dp_comm = 0;     ///< exposed gradient sync
    double zero_comm = 0;   ///< exposed ZeRO-3 gathers
    double pp_comm = 0;     ///< point-to-point sends
    double switch_comm = 0; ///< layout changes between layers
    double bubble = 0;      ///< pipeline fill/drain
    double optimizer = 0;
    double overhead = 0; ///< per-iteration fixed cost of the runtime (data loading, logging, clipping)
};

struct StageCost {
    int first_layer = 0, layer_count = 0; ///< all chunks of the stage (first layer of its first chunk)
    double per_micro = 0;                 ///< C_i
    double per_iteration = 0;             ///< E_i
    double inflight = 1;                  ///< micro-batches whose activations are held at the peak
    double params = 0; ///< parameters per GPU of the stage's layers, embedding and head (LayerCost::params)
    MemoryBreakdown memory;
    TimeBreakdown time; ///< this stage's parts, per iteration (m * per-micro parts)
};

struct PlanCost {
    std::vector<StageCost> stages;
    double iteration_time = 0; ///< seconds
    TimeBreakdown time;        ///< of the bottleneck stage, adding up to iteration_time
    double peak_memory = 0;    ///< bytes, max over stages
    double memory_budget = 0;  ///< bytes per GPU the plan may use
    int peak_stage = 0;
    double samples_per_s = 0;
    double tokens_per_s = 0;
    double tflops_per_gpu = 0; ///< model FLOPs (no recompute) per GPU per second / 1e12
    double mfu = 0;            ///< tflops_per_gpu / peak
    bool fits() const { return peak_memory <= memory_budget; }
};

class CostModel {
public:
    CostModel(ModelProfile model, ClusterProfile cluster, CostOptions options = {});

    const ModelProfile& model() const { return model_; }
    const ClusterProfile& cluster() const { return cluster_; }
    const CostOptions& options() const { return options_; }
    /// Bytes per GPU a plan may use (budget minus reserve and the runtime's headroom).
    double memoryBudget() const { return budgetBytes(cluster_, options_); }
    /// The one budget rule: (memory_budget_gib or the GPU's memory) - memory_reserve_gib - the runtime's
    /// memory_headroom x GPU memory, in bytes.
    static double budgetBytes(const ClusterProfile& cluster, const CostOptions& options);
    /// Bytes per GPU taken before the model: the cluster's reserved_gib plus the runtime's buffers.
    double reservedBytes() const;

    /// Throws InputError naming the field when the plan is inconsistent with model/cluster.
    void validate(const Plan& plan) const;

    LayerCost layer(const LayerType& type, const LayerStrategy& s, const StageShape& shape) const;
    /// Per micro-batch cost (fwd+bwd) of re-laying out activations between consecutive layers.
    double switchTime(const LayerType& type, const LayerStrategy& from, const LayerStrategy& to,
                      const StageShape& shape) const;
    /// Activations held at the peak by stage `stage` (in full-stage micro-batch equivalents).
    static double inflightMicroBatches(Schedule schedule, int pp, int virtual_stages, int num_micro,
                                       int stage);
    /// Micro-batches whose embedding (first stage, `first`) or LM-head (last stage) activations are held
    /// at the peak: the stage's `stage_inflight` except under the interleaved schedule, where they sit in
    /// the stage's first / last chunk and count that chunk's micro-batches (planner and evaluate agree).
    static double vocabInflight(Schedule schedule, int pp, int virtual_stages, int num_micro, bool first,
                                double stage_inflight);
    /// Extra cost of the embedding (first stage) and the LM head (last stage). `first`/`last` select
    /// which parts the stage carries; both for pp == 1.
    /// The vocabulary as the runtime allocates it: padded to a multiple of the runtime's
    /// vocab_divisible_by x vocab_tp (Megatron-LM: 128 x TP; 50,257 -> 51,200 at TP 8).
    double paddedVocab(int vocab_tp) const;
    LayerCost embeddingAndHead(bool first, bool last, int vocab_tp, DpType dp_type,
                               const StageShape& shape) const;
    /// Per micro-batch point-to-point time (one send forward + one backward) at the boundary after
    /// the stage holding the given layer, between stages starting at `from_rank` and `to_rank`.
    double p2pTime(const LayerType& type, const LayerStrategy& boundary, const StageShape& shape,
                   int from_rank, int to_rank) const;

    /// Full evaluation. Throws InputError if the plan is invalid.
    PlanCost evaluate(const Plan& plan) const;
    /// The per-layer costs evaluate() adds up, layer by layer (for tables and reports: one source).
    std::vector<LayerCost> layerCosts(const Plan& plan) const;
    /// The shape evaluate() costs a layer of pipeline stage `stage` with.
    static StageShape stageShape(const Plan& plan, int stage);

    // --- communication primitives (alpha-beta; or measured curves when the cluster has them) ---
    /// Time of a collective of `bytes` per GPU over `group` GPUs with the given rank stride,
    /// starting at global rank `first_rank`.
    /// `flat`: a single-level ring limited by each GPU's own network share when the group crosses nodes.
    double collectiveTime(Collective op, double bytes, int group, int stride, int first_rank,
                          bool flat = false) const;
    /// Whether a group of `group` ranks with `stride` starting at `first_rank` spans several nodes.
    bool crossesNodes(int group, int stride, int first_rank) const;
    /// Achieved TFLOP/s of a GEMM whose smallest dimension is `min_dim`, in the plan's precision
    /// (`fp8` = an FP8 linear layer).
    double effectiveTflops(double min_dim, bool fp8 = false) const;
    /// Seconds for one GEMM of m x n x k (forward), at the shape's efficiency.
    double gemmTime(double m, double n, double k, bool fp8 = false) const;

private:
    /// The time the cluster's measured curves give for `op` of `bytes` over `group` GPUs (nearest measured
    /// group size, same node locality), or a negative value when it has none.
    double measuredTime(Collective op, double bytes, int group, bool inter) const;
    /// Context-parallel divisibility rules of layer i (split of the sequence, Ulysses head split).
    void validateContextParallel(int i, const LayerType& type, const LayerStrategy& s) const;

    ModelProfile model_;
    ClusterProfile cluster_;
    CostOptions options_;
    bool intra_nvlink_ = false; ///< the node's GPUs are NVLink peers (intra link kind), set once
};

} // namespace gx
