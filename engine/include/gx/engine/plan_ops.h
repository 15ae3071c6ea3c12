// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - the ops a plan's ranks execute, each with gx::CostModel's prediction
// (GPU-free; issue 17 item 6, "measured vs predicted like for like").
//
// planOps() lists, per pipeline stage, the work the cost model costs, one op per term:
//  * each Transformer layer: its GEMMs (qkv, attn_out, ffn_up, ffn_down: CostModel::gemmTime of the
//    layer's shard shapes), the attention core, the element-wise rest (norms, activation, residuals,
//    the runtime's per-layer overhead), forward and backward; full recompute; TP collectives forward
//    and backward; context-parallel exchange; ZeRO-3 gathers/reduce-scatters; DP gradient reduction,
//    ZeRO-1/2 parameter all-gather and the optimizer step once per iteration; layout switches;
//  * the embedding on the first stage, the LM head GEMM and the loss on the last stage
//    (CostModel::embeddingAndHead), their vocab-parallel all-reduces, gradient sync and optimizer step;
//  * the pipeline point-to-point transfers of the stage.
// The DP gradient reduction of a layer runs on the rank's communication stream: it is issued when
// the layer's backward of the stage's last backward micro-batch is done (an event on the compute
// stream) and overlaps the backward of the layers below it, as the cost model assumes; the layer's
// optimizer step waits for it (an event on the communication stream).
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/strategy.h"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace gx::engine {

enum class OpKind {
    Gemm,
    Attention,
    Elementwise,
    Recompute,
    Embedding,
    Loss,
    TpComm,
    CpComm,
    Zero3Comm,
    DpComm,
    Optimizer,
    PipelineP2p,
    LayoutSwitch
};
enum class OpPhase {
    Forward,   ///< once per micro-batch, in the forward step
    Backward,  ///< once per micro-batch, in the backward step
    Iteration, ///< once per iteration, after the pipeline schedule
};
enum class OpStream { Compute, Comm };
const char* toString(OpKind k);
const char* toString(OpPhase p);
const char* toString(OpStream s);

/// Which layer of a rank this op belongs to; kEmbedding / kHead for the vocabulary parts, kStage for
/// stage-wide ops (pipeline transfers).
inline constexpr int kEmbedding = -1;
inline constexpr int kHead = -2;
inline constexpr int kStage = -3;

struct PlanOp {
    std::string name; ///< unique: "layer3.fwd.qkv", "layer3.dp_grad_reduce", "embedding.fwd", ...
    int stage = 0;
    int layer = kStage;
    std::string part; ///< "qkv", "attention", "elementwise", "tp_comm", "dp_grad_reduce", "lm_head", ...
    OpKind kind = OpKind::Gemm;
    OpPhase phase = OpPhase::Forward;
    OpStream stream = OpStream::Compute;
    int count = 1;              ///< executions per iteration (num_micro for forward/backward ops)
    double predicted_ms = 0;    ///< one execution, as the cost model prices it
    double exposed_ms = 0;      ///< of one execution, the part on the stage's critical path
    int waits_for = -1;         ///< index of the op (other stream) whose completion event this op waits on
    int issue_after_micro = -1; ///< Comm ops: issued after this micro-batch's backward of `layer`
    bool run = true;            ///< false: costed but not executed by the plan runner (see notes)
    double predictedTotalMs() const { return predicted_ms * count; }
    double exposedTotalMs() const { return exposed_ms * count; }
};

/// The ops of every stage (stage 0 first; within a stage embedding, layers in order, head, stage-wide),
/// predicted with CostModel(model, cluster, options) for the plan's precision. Validates like
/// validateRunnablePlan for the parts it needs (InputError naming the field).
/// Sum over a stage of exposedTotalMs() = (num_micro * StageCost::per_micro + per_iteration) * 1e3.
std::vector<PlanOp> planOps(const gx::ModelProfile& model, const gx::Plan& plan,
                            const gx::ClusterProfile& cluster, const gx::CostOptions& options = {});
/// Index of the op with this name, -1 if none.
int findOp(const std::vector<PlanOp>& ops, const std::string& name);
/// Name of a once-per-iteration vocabulary op of `stage` ("dp_grad_reduce", "optimizer"): "vocab.<part>"
/// with one stage, else "embedding.<part>" on the first stage and "lm_head.<part>" on the last.
std::string vocabOpName(int pp, int stage, const std::string& part);
/// The micro-batch whose backward comes last on `stage` (the DP reductions follow it).
int lastBackwardMicro(gx::Schedule schedule, int pp, int stage, int num_micro);

/// One issue of an op in a rank's iteration, in program order.
struct ScheduledOp {
    int op = 0;     ///< index into planOps()
    int micro = -1; ///< -1 for per-iteration ops
    OpStream stream = OpStream::Compute;
    int waits_for = -1; ///< index into the schedule of the issue whose completion event it waits on
};
/// The order in which a rank of `stage` issues its ops in one iteration: the pipeline schedule's
/// forward/backward steps (embedding, layers, head / loss, layers in reverse, embedding), the
/// pipeline transfers, the DP reductions on the comm stream right after their layer's last backward,
/// then the optimizer steps and ZeRO-1/2 gathers. Only ops with run = true.
std::vector<ScheduledOp> iterationSchedule(const std::vector<PlanOp>& ops, const gx::Plan& plan, int stage);

/// Measured next to predicted for one op, per iteration (all executions summed).
struct OpReport {
    std::string name, part;
    int stage = 0, layer = kStage;
    OpKind kind = OpKind::Gemm;
    OpPhase phase = OpPhase::Forward;
    OpStream stream = OpStream::Compute;
    int count = 1;
    double predicted_ms = 0; ///< PlanOp::predictedTotalMs
    double exposed_ms = 0;   ///< PlanOp::exposedTotalMs
    double measured_ms = -1; ///< < 0: not measured (not run, or no run)
    double ratio() const { return measured_ms >= 0 && predicted_ms > 0 ? measured_ms / predicted_ms : -1; }
};
/// Reports of `ops` with measured totals (same order; -1 where not measured).
std::vector<OpReport> opReports(const std::vector<PlanOp>& ops, const std::vector<double>& measured_ms = {});
nlohmann::json toJson(const OpReport& r);

} // namespace gx::engine
