// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer engine - plan runner: executes a gx::Plan's synthetic training step on GPUs and
// reports measured iteration time and peak memory next to gx::CostModel's prediction.
//
// What one rank (GPU) runs per iteration, following the plan - the ops planOps() (plan_ops.h) lists with
// the cost model's prediction of each:
//  * on the first stage the embedding (a gather of this rank's vocabulary rows; vocab-parallel
//    all-reduce with vocab_tp > 1), on the last stage the LM head GEMM and a softmax cross-entropy loss
//    (input gradient all-reduced over vocab_tp), forward and backward, with their gradient sync and
//    optimizer step;
//  * its stage's layers (Plan::stage_layers), each a real Transformer layer shard at the plan's
//    per-GPU shape (tp split of heads/FFN, local micro-batch = micro-batch / dp);
//  * Megatron TP all-reduces (2 forward + 2 backward per layer) on the layer's TP group;
//  * pipeline send/recv of boundary activations/gradients in the plan's schedule (GPipe or 1F1B),
//    each send fused with the next receive in one NCCL group (Megatron's send_forward_recv_backward),
//    which keeps 1F1B free of send/send deadlocks;
//  * ZeRO-3 parameter all-gathers (forward and backward) and gradient reduce-scatter per micro-batch;
//    DDP/ZeRO-1/2 gradient all-reduce / reduce-scatter once per iteration on a second
//    (communication) stream, each layer's issued as soon as its last backward is done so that it
//    overlaps the backward of the layers below, as the cost model assumes; the layer's
//    mixed-precision Adam step waits for it, the ZeRO-1/2 parameter all-gather follows on the
//    communication stream;
//  * full activation checkpointing recomputes the layer forward before its backward.
// Left out (reported in `notes`): layout switches between layers with different tp/dp, the tied
// embedding's gradient exchange between first and last stage, interleaved schedules (rejected),
// selective recompute (run as none), context parallelism (rejected).
//
// Robustness (issue 17): every communicator is non-blocking and registered with the run's AbortGroup
// (rank_group.h); host waits poll, so one failing rank, a cancel or a timeout aborts every
// communicator of every rank and the run ends within seconds. Each rank's buffers are planned
// (rankMemoryPlan) and refused before anything is allocated when they do not fit; everything is
// allocated before the timed iterations. One extra, instrumented iteration measures every op
// (PlanRunResult::op_report) and the per-category times (PlanRunResult::ops); the runner's own device
// allocations are counted where they are made (PlanRunResult::measured_plan_bytes).
//
// Processes: one thread per local GPU by default (plan.gpus <= local devices). Multi-node: start one
// process per GPU with mpirun/srun/torchrun; ranks come from the launcher's environment
// (launchEnvFromEnvironment) and rank 0 publishes the ncclUniqueId in a file on a shared path
// (PlanRunOptions::id_file or GX_NCCL_ID_FILE, suffixed with the job's run key: runIdFile) that the
// others poll; rank 0 removes it once every rank has joined. Under Slurm, start the ranks with srun
// (slurmBatchScript); a batch script without srun is refused.
#pragma once

#include "gx/cluster.h"
#include "gx/engine/plan_ops.h"
#include "gx/engine/types.h"
#include "gx/model.h"
#include "gx/strategy.h"

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace gx::engine {

/// This rank's groups for one layer strategy inside a stage of `stage_gpus` GPUs starting at global
/// rank `stage_first_rank`. tp_consecutive: TP ranks adjacent (Galvatron's tp_consecutive_flags).
struct LayerGroups {
    int tp_rank = 0, dp_rank = 0;
    std::vector<int> tp_ranks; ///< global ranks, ascending
    std::vector<int> dp_ranks;
};
LayerGroups layerGroups(const gx::LayerStrategy& s, int stage_first_rank, int stage_gpus, int rank);

enum class StepKind { Forward, Backward };
struct PipelineStep {
    StepKind kind = StepKind::Forward;
    int micro = 0;
    bool operator==(const PipelineStep&) const = default;
};
/// Order of forward/backward micro-batch steps on `stage` (Huang et al. 2019 GPipe: all forwards then
/// all backwards; Narayanan et al. 2021 1F1B: min(pp - stage - 1, m) warm-up forwards, then
/// alternating one forward / one backward, then the remaining backwards). InputError for
/// Interleaved and bad arguments.
std::vector<PipelineStep> pipelineSchedule(gx::Schedule schedule, int pp, int stage, int num_micro);

/// Where this process sits, from launcher environment variables: torchrun (RANK, WORLD_SIZE,
/// LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT), Slurm (SLURM_PROCID, SLURM_NTASKS,
/// SLURM_LOCALID), Open MPI (OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK, _LOCAL_SIZE), MPICH/PMI
/// (PMI_RANK, PMI_SIZE). Without any: a single process (world 1). InputError on inconsistent values.
struct LaunchEnv {
    int rank = 0, world = 1, local_rank = 0, local_world = 1;
    std::string launcher = "none"; ///< "torchrun", "slurm", "openmpi", "pmi", "none"
    std::string master_addr;
    int master_port = 0;
    bool multiProcess() const { return world > 1; }
};
LaunchEnv launchEnvFromEnvironment(const std::function<const char*(const char*)>& get_env = {});

/// The layer shard a rank runs for `layer` of the plan (its tp, local micro-batch = micro / dp).
LayerBenchConfig runnerLayerConfig(const gx::ModelProfile& model, const gx::Plan& plan, int layer);

/// Micro-batches whose forward has run and whose backward has not, at most, on `stage` in the
/// schedule (GPipe: m; 1F1B: min(pp - stage, m)): the activation sets a rank keeps.
int maxInFlight(gx::Schedule schedule, int pp, int stage, int num_micro);

/// Device memory one rank of the plan runner allocates, computed before anything is allocated from
/// the same layout functions the runner carves its buffers with (logic.h layerStoredElems etc.).
struct RankMemoryPlan {
    int rank = 0, stage = 0, in_flight = 0;
    std::int64_t weights = 0, grads = 0, optimizer = 0; ///< bf16 weights + grads, fp32 master/m/v shard
    std::int64_t activations = 0;    ///< stored activations of the in-flight micro-batches (all layers)
    std::int64_t recompute = 0;      ///< full recompute: kept layer inputs + one shared activation set
    std::int64_t scratch = 0;        ///< the rank's one scratch arena (max over its layers)
    std::int64_t boundary = 0;       ///< input / pipeline / ping-pong buffers
    std::int64_t gather = 0;         ///< ZeRO-3 all-gather buffer
    std::int64_t workspace = 0;      ///< cuBLAS workspace
    std::int64_t vocab = 0;          ///< embedding / LM head: bf16 weights + grads, fp32 optimizer shard
    std::int64_t logits = 0;         ///< token ids, labels, logits (reused for their gradient), row stats
    std::int64_t reserve = 0;        ///< NCCL buffers, allocator slack (not allocated by the runner)
    std::int64_t allocated() const { ///< what the runner allocates itself
        return weights + grads + optimizer + activations + recompute + scratch + boundary + gather +
               workspace + vocab + logits;
    }
    std::int64_t total() const { return allocated() + reserve; }
    std::string describe() const; ///< "weights 12.6 GiB, grads ..., total 40.1 GiB"
};
RankMemoryPlan rankMemoryPlan(const gx::ModelProfile& model, const gx::Plan& plan, int rank);

/// The embedding / LM head shard a rank of `stage` runs (CostModel::embeddingAndHead's split: the
/// vocabulary over the first vocab_tp ranks of each group of the stage, vocab_dp = stage GPUs / vocab_tp).
struct VocabShard {
    bool embedding = false, head = false; ///< first / last stage
    int vocab_tp = 1, vocab_dp = 1;
    std::int64_t vocab = 0;     ///< vocabulary (or classes of a classification head)
    std::int64_t rows = 0;      ///< embedding rows of this rank: ceil(vocab / vocab_tp)
    std::int64_t head_rows = 0; ///< LM-head output rows of this rank: ceil(outputs / vocab_tp)
    int hidden = 0, seq = 0;
    std::int64_t tokens = 0;            ///< micro_batch / vocab_dp * seq
    bool head_shares_embedding = false; ///< tied embeddings on a single stage: one matrix
    std::int64_t params() const {       ///< weights of this rank
        return (embedding ? rows * hidden : 0) + (head && !head_shares_embedding ? head_rows * hidden : 0);
    }
};
VocabShard vocabShard(const gx::ModelProfile& model, const gx::Plan& plan, int stage);
/// Refuses (InputError "plan.gpus" naming the rank, GPU, need and free memory) a rank whose buffers do
/// not fit in `free_bytes` of its device. The runner calls it for every local rank before it allocates
/// anything or creates a communicator.
void checkRankFits(const RankMemoryPlan& need, std::int64_t free_bytes, int device);

/// Slurm: the `srun` line (and an sbatch script around it) that starts one run-plan process per GPU.
/// Inside an sbatch allocation the batch script itself is one process with SLURM_PROCID=0 and
/// SLURM_NTASKS=N: started without srun, run-plan would be "rank 0 of N" and wait for peers that
/// never come. Every argument is shell-quoted.
struct SlurmLaunch {
    int nodes = 1;
    int gpus_per_node = 8;
    std::string job_name = "galvatron-run-plan";
    std::string time_limit = "00:30:00";
    std::string partition, account;
    std::string id_file;                 ///< shared path; the job id is appended by the runner
    std::vector<std::string> run_args;   ///< galvatron run-plan arguments (without --id-file)
    std::string galvatron = "galvatron"; ///< the executable
};
std::string slurmSrunLine(const SlurmLaunch& launch);
std::string slurmBatchScript(const SlurmLaunch& launch);
/// POSIX shell single-quoting ('it'\''s').
std::string shellQuote(const std::string& arg);

/// A key that differs between runs and is the same on every rank of one run: GX_RUN_ID if set, else
/// the launcher's job identity (Slurm SLURM_JOB_ID.SLURM_STEP_ID, Open MPI / PMIx PMIX_NAMESPACE or
/// OMPI_MCA_orte_ess_jobid, torchrun TORCHELASTIC_RUN_ID unless it is the default "none", MPICH
/// PMI_KVSNAME). Empty when none is known.
std::string runKeyFromEnvironment(const std::function<const char*(const char*)>& get_env = {});
/// The id file of one run: `<id_file>.<key>` (key sanitised to [A-Za-z0-9._-]). InputError naming
/// "id_file" when the path or the key is empty (a fixed path would let a later run read a stale id).
std::string runIdFile(const std::string& id_file, const std::string& run_key);

struct PlanRunOptions {
    int warmup_iterations = 1;
    int iterations = 3;
    std::string id_file; ///< shared path for the ncclUniqueId in multi-process runs
    std::string run_key; ///< distinguishes runs sharing id_file (default: runKeyFromEnvironment)
    bool skip_prediction = false;
    double timeout_s =
        600; ///< any single wait (communicator setup, one iteration) longer than this aborts the run
};

/// Time per iteration of one category of work: the ops of planOps() summed per category and stage, max
/// over stages (categoryTotals) - measured in one extra, instrumented iteration after the timed ones
/// (CUDA events around every op on its stream, max over ranks), predicted by gx::CostModel for the same
/// plan. Categories: "forward", "backward" (incl. recompute, embedding, LM head and loss) - compute
/// only -, "tp_comm", "zero3_comm", "dp_comm" (full duration, also the part hidden behind backward),
/// "optimizer", "pipeline_p2p". Communication includes waiting for peers, as on the critical path.
struct OpTiming {
    std::string op;
    double measured_ms = -1; ///< < 0: not measured
    double predicted_ms = -1;
};
const std::vector<std::string>& opCategories();
/// The predicted column (no GPU needed). Empty when the cost model cannot evaluate the plan.
std::vector<OpTiming> predictedOpTimes(const gx::ModelProfile& model, const gx::Plan& plan,
                                       const gx::ClusterProfile& cluster);

/// The plan's per-category columns (opCategories() order) from an op list and per-op values (the
/// predicted totals when `values` is empty): compute of forward / backward (incl. recompute,
/// embedding, head and loss), TP, ZeRO-3, DP, optimizer, pipeline transfers; max over stages.
std::vector<double> categoryTotals(const std::vector<PlanOp>& ops, const std::vector<double>& values = {});

struct PlanRunResult {
    int gpus = 0;                              ///< ranks of the plan
    std::string mode;                          ///< "threads" or "processes"
    double measured_iteration_ms = 0;          ///< median over iterations of the slowest rank
    std::vector<double> iteration_ms;          ///< each timed iteration (slowest rank)
    std::int64_t measured_peak_bytes = 0;      ///< max over ranks of device memory in use (context included)
    std::vector<std::int64_t> rank_peak_bytes; ///< this process's ranks
    std::int64_t planned_rank_bytes = 0;       ///< max over ranks of RankMemoryPlan::allocated()
    std::int64_t measured_run_bytes = 0;       ///< max over ranks of peak in use minus in use before the rank
                                               ///< started (excludes the CUDA context and other processes)
    std::vector<OpTiming> ops;                 ///< per category, measured vs predicted (calibration input)
    std::vector<OpReport> op_report;           ///< per op of planOps(), measured vs predicted
    std::int64_t measured_plan_bytes = 0;      ///< max over ranks of the peak of the runner's own allocations
    std::vector<std::int64_t> rank_plan_bytes; ///< the same, this process's ranks
    bool have_prediction = false;
    double predicted_iteration_ms = 0;
    double predicted_peak_bytes = 0;
    std::string prediction_error;   ///< why there is no prediction
    std::vector<std::string> notes; ///< simplifications that applied to this plan
};

/// The run-plan report as JSON: iteration and memory (measured, planned, predicted), the categories
/// ("ops") and every op ("per_op": name, stage, predicted, measured, ratio), notes. `error`: why the
/// run failed (then only the prediction is shown).
nlohmann::json toJson(const PlanRunResult& r, const std::string& error = {});

/// CostModel::evaluate() of the plan, into result.predicted_* (no GPU needed).
void fillPrediction(PlanRunResult& result, const gx::ModelProfile& model, const gx::Plan& plan,
                    const gx::ClusterProfile& cluster);
/// Notes on what the runner will simplify for this plan (no GPU needed).
std::vector<std::string> planRunNotes(const gx::ModelProfile& model, const gx::Plan& plan);
/// Checks the plan can be run (layers, stage split, divisibility); InputError naming the field.
void validateRunnablePlan(const gx::ModelProfile& model, const gx::Plan& plan);

/// Runs the plan. Needs plan.gpus local GPUs (threads) or a launcher environment with
/// world == plan.gpus (processes).
PlanRunResult runPlan(const gx::ModelProfile& model, const gx::Plan& plan, const gx::ClusterProfile& cluster,
                      const PlanRunOptions& options = {}, const JobContext& ctx = {});

} // namespace gx::engine
