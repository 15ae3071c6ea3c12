// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - planner API: decision tree over the parallel space + exact DP planner.
//
// API contract shared by the CLI, the GUI and the scheduler. The implementation (search_space.cpp;
// planner.cpp with task_solver.cpp, sequence_dp.cpp, partition_dp.cpp and pareto.cpp) may add fields
// but must not remove or rename these.
#pragma once

#include "gx/cost_model.h"
#include "gx/target.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace gx {

/// What the user allows the search to use. 0 / empty = no restriction.
/// One part of a search space that is a union of parts (SearchOptions::subspaces): the options with
/// these data-parallel types and sequence-parallel switches.
struct SubSpace {
    std::vector<DpType> dp_types;
    bool allow_sp = true, require_sp = false;
    /// > 1: Hetu-Galvatron's embedding context-parallel degree vcp for the part: every layer runs ring
    /// context parallelism of at least this degree, the embedding's data-parallel ranks split by it, and
    /// its global-batch rule divides by it (TargetCapabilities::batch_per_tp_group).
    int vocab_cp = 1;
    bool operator==(const SubSpace&) const = default;
};

struct SearchOptions {
    int gpus = 0;                     ///< GPUs to plan for (0 = whole cluster)
    std::vector<int> global_batches;  ///< candidates; empty = {cluster-derived default}
    int min_batch = 0, max_batch = 0; ///< alternatively a range (powers of two between)
    CostOptions cost;                 ///< budget/reserve live here
    int max_tp = 0, fixed_tp = 0;
    int max_pp = 0, fixed_pp = 0;
    int max_dp = 0;
    bool allow_sp = true;
    bool require_sp = false; ///< sequence parallelism on wherever tp > 1 (targets that switch it globally)
    /// Non-empty: the space searched is the union of these parts (each the options with its DP types and
    /// SP switches), solved in one search with one bound (Hetu-Galvatron: one default DP type besides
    /// ZeRO-3, SP on or off for all layers). The decision tree shown is the options' own (the union).
    std::vector<SubSpace> subspaces;
    bool allow_ckpt = true; ///< full + selective checkpointing
    std::vector<DpType> dp_types = {DpType::DDP, DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3};
    std::vector<Schedule> schedules = {Schedule::OneFOneB, Schedule::GPipe, Schedule::Interleaved};
    bool pow2_degrees = true;    ///< false: any divisor of the GPU count
    bool uniform_layers = false; ///< one strategy for all layers (Megatron-style)
    int max_micro = 0;           ///< largest micro-batch count tried (0 = automatic)
    int top_k = 5;
    int threads = 0;                         ///< 0 = hardware concurrency
    std::vector<std::string> disabled_rules; ///< names of pruning rules switched off
    bool emit_tree_events = true;            ///< report node expanded/pruned events (GUI)
    int max_virtual_stages = 0;              ///< interleaved chunks per stage tried (0 = automatic: 8)
    int frontier_points = 12;                ///< Pareto points computed after the best plan (0 = none)
    /// Successive frontier points are at least this fraction of peak memory apart (0.02 = 2%).
    double frontier_step = 0.02;
    /// Framework the plan is for: the tree prunes what it cannot express (rules "target-*") and the DP
    /// keeps to its splits, embedding sharding and block recomputation. Use searchForTarget()
    /// (gx/target_search.h), which also narrows the other options and checks every plan again.
    Target target = Target::Any;
    /// Simplicity: at most this many runs of one strategy (contiguous layers) per pipeline stage
    /// (0 = no limit; 1 = one strategy per stage).
    int max_runs_per_stage = 0;
    /// Context parallelism (tp * cp * dp = stage GPUs): searched for sequences of at least
    /// cp_min_seq tokens (rule "cp-long-sequence"); max_cp / fixed_cp as for tp (0 = any).
    int max_cp = 0, fixed_cp = 0;
    int cp_min_seq = 8192;
    std::vector<CpComm> cp_comms = {CpComm::P2P, CpComm::A2A};
    /// Expert parallelism of mixture-of-experts layers (ep divides dp * cp and the routed experts).
    int max_ep = 0, fixed_ep = 0;
};

/// A node of the decision tree (as reported to observers).
struct TreeNode {
    std::int64_t id = 0;
    std::int64_t parent = -1; ///< -1 for the root
    int depth = 0;
    std::string dimension; ///< "root", "pp", "tp", "sp", "dp_type", "placement", "ckpt", ...
    std::string label;     ///< e.g. "pp=4", "tp=8 (inside node)"
    bool pruned = false;
    std::string rule;                      ///< name of the pruning rule when pruned
    std::string reason;                    ///< human explanation when pruned
    std::optional<LayerStrategy> strategy; ///< set on leaves: a per-layer candidate
};

/// One DP configuration of the main pass (TaskStarted / TaskSolved / TaskCut events): the pipeline
/// degree, schedule, chunks, global batch and micro-batch count the planner solves a DP for.
struct TaskInfo {
    int pp = 1, virtual_stages = 1, batch = 1, micro = 1;
    Schedule schedule = Schedule::OneFOneB;
    double lower_bound = 0; ///< lower bound (compute-only or the stages' LP relaxations), per sample (s)
    double bound = 0;       ///< incumbent bound it was pruned against / solved under, per sample (s)
    bool feasible = false;  ///< TaskSolved: a plan fits the budget
};

struct SearchEvent {
    /// TaskStarted: the DP of `task` begins; TaskSolved: it ended (time/memory of its best plan when
    /// task.feasible); TaskCut: skipped because its lower bound exceeds the incumbent bound.
    enum class Kind {
        NodeExpanded,
        NodePruned,
        FrontierPoint,
        Incumbent,
        Progress,
        Message,
        TaskStarted,
        TaskSolved,
        TaskCut
    };
    Kind kind = Kind::Progress;
    TreeNode node;            ///< NodeExpanded / NodePruned
    TaskInfo task;            ///< TaskStarted / TaskSolved / TaskCut
    double time = 0;          ///< FrontierPoint / Incumbent: iteration time (s)
    double memory = 0;        ///< FrontierPoint / Incumbent: peak memory (bytes)
    std::optional<Plan> plan; ///< FrontierPoint / Incumbent
    double progress = 0;      ///< 0..1 of the main (per-layer) pass; 0 before it, 1 after it
    std::string message;
    // Progress events of every phase (one per configuration solved or cut):
    std::string phase;                    ///< "two-run seed", "per-layer search", "frontier 3/11"
    int phase_index = 0, phase_count = 0; ///< 0-based phase, number of phases planned
    std::int64_t tasks_done = 0, tasks_total = 0, tasks_cut = 0; ///< configurations of this phase
    std::int64_t dp_states = 0;                                  ///< DP labels kept so far (whole search)
    double best_time = 0; ///< best iteration time found in this phase (0 = none yet)
    // Progress inside one configuration's DP (a Progress event with dp_layers > 0 and no phase, at
    // most every 2 s per worker while a sequence of at least 64 layers is solved; `progress` repeats
    // the last main-pass value): layers done of that sequence, its length, the seconds since it
    // began, and which sequence it is (ids grow; one configuration may solve several in turn).
    // Lets a caller project a long configuration's time before any configuration completes.
    int dp_layer = 0, dp_layers = 0;
    double dp_seconds = 0;
    std::int64_t dp_sequence = 0;
};

/// Builds a task event (keeps the planner's emit sites to one line each).
inline SearchEvent taskEvent(SearchEvent::Kind kind, int pp, Schedule schedule, int virtual_stages, int batch,
                             int micro, double lower_bound, double bound, bool feasible = false,
                             double time = 0, double memory = 0) {
    SearchEvent ev;
    ev.kind = kind;
    ev.task = TaskInfo{pp, virtual_stages, batch, micro, schedule, lower_bound, bound, feasible};
    ev.time = time;
    ev.memory = memory;
    return ev;
}

/// Called from worker threads; implementations must be thread-safe and cheap.
using SearchObserver = std::function<void(const SearchEvent&)>;

struct RankedPlan {
    Plan plan;
    PlanCost cost;
    double predicted_time = 0; ///< iteration time the planner's DP computed (equals cost.iteration_time)
    double predicted_peak = 0; ///< peak memory the planner's DP computed (equals cost.peak_memory)
};

struct SearchStats {
    std::int64_t tree_nodes = 0, pruned_nodes = 0, leaves = 0;
    std::int64_t dp_states = 0; ///< DP states visited
    std::int64_t plans_evaluated = 0;
    /// Frontier configurations answered from the labels an earlier frontier pass kept (partition DP
    /// only, TaskSolver::resolve).
    std::int64_t reused_solves = 0;
    /// Sequence-DP positions whose cells the search's idle threads helped fill (a configuration still
    /// solving while the others are done; 0 with one thread).
    std::int64_t helped_positions = 0;
    double seconds = 0;
    std::vector<std::pair<std::string, std::int64_t>> pruned_by_rule;
};

/// Why a search found no plan, as data (the GUI words it in the user's language; describe() gives the
/// English sentence of SearchResult::infeasible_reason, for the CLI and JSON).
struct Infeasibility {
    enum class Kind {
        None,            ///< a plan was found, or the search was cancelled
        NoConfiguration, ///< no (pp, schedule, batch, micro-batch) configuration survives the constraints
        ModelStates,     ///< model states alone exceed the budget with the most sharded strategy
        Activations,     ///< model states fit, activations and transient buffers do not
        Target           ///< no plan the target framework runs fits the budget
    };
    Kind kind = Kind::None;
    std::string model;     ///< model name
    int gpus = 0;          ///< GPUs searched
    double states = 0;     ///< ModelStates / Activations: least model-state bytes per GPU (incl. reserve)
    double reserved = 0;   ///< bytes per GPU kept free
    double budget = 0;     ///< memory budget, bytes per GPU
    std::string framework; ///< Target: "Megatron-LM (Megatron-Core 0.20.0)"
};
/// The English sentence for `why` (empty for Kind::None).
std::string describe(const Infeasibility& why);

struct SearchResult {
    std::optional<RankedPlan> best;
    std::vector<RankedPlan> top;      ///< best first, distinct plans, at most top_k
    std::vector<RankedPlan> frontier; ///< Pareto (iteration time, peak memory), by time
    SearchStats stats;
    bool cancelled = false;
    /// Why nothing fits, naming the binding constraint (when best is empty): as data and in English.
    Infeasibility infeasible;
    std::string infeasible_reason;
    /// Optimal plan for each searched configuration (pp, schedule, chunks, batch, micro-batches),
    /// best first; `top` is its prefix. Used to explain why the runner-up lost.
    std::vector<RankedPlan> per_config;
    /// searchAnytime: the per-layer search reached the time limit (the plans are the best found).
    bool time_limited = false;
    /// searchAnytime: the limit came already during the uniform search (no per-layer plan was searched).
    bool time_limited_uniform = false;
    /// The stop (or searchAnytime's time limit) came during the frontier passes: best and top are exact,
    /// the frontier holds only the points found before it.
    bool frontier_partial = false;
    std::string note; ///< searchAnytime: a sentence saying so
};

/// Runs the whole search. Deterministic for equal inputs regardless of thread count.
/// Throws InputError for invalid options (field names the option).
SearchResult search(const CostModel& model, const SearchOptions& options, const SearchObserver& observer = {},
                    std::stop_token stop = {});

/// The anytime policy of the CLI and GUI: a complete one-strategy-for-all-layers search first, then the
/// per-layer search refines it for at most `time_limit_s` seconds (0 = no limit); when the limit stops
/// it, the best plans of both are merged (time_limited and note say so). Same as search() when
/// options.uniform_layers is set or the limit is 0. `stop` cancels both (then cancelled is set).
SearchResult searchAnytime(const CostModel& model, const SearchOptions& options, double time_limit_s,
                           const SearchObserver& observer = {}, std::stop_token stop = {});

/// searchAnytime's note when its time limit stopped the search (SearchResult::time_limited; `uniform`:
/// during the uniform search, SearchResult::time_limited_uniform); `option` is named beside the limit.
std::string timeLimitNote(double time_limit_s, bool uniform, const std::string& option = {});

/// searchAnytime's note when its time limit stopped the frontier passes (SearchResult::frontier_partial);
/// `option` (e.g. the CLI's "--time-limit") is named beside the limit.
std::string frontierPartialNote(double time_limit_s, std::size_t points, int requested,
                                const std::string& option = {});

/// A simpler plan than the best one: the price of simplicity.
struct SimplerPlan {
    int max_runs = 0;               ///< 0: one strategy for all layers; N: at most N runs per stage
    std::optional<RankedPlan> plan; ///< its best plan (empty: nothing fits)
};
/// The best plans of the simpler spaces under the same options (top 1, no frontier): one strategy for
/// all layers, and at most 1 and 2 runs of one strategy per stage (only those simpler than
/// options.max_runs_per_stage; none when options.uniform_layers). Stops early when `stop` is requested.
std::vector<SimplerPlan> simplerPlans(const CostModel& model, const SearchOptions& options,
                                      std::stop_token stop = {}, const SearchObserver& observer = {});

/// The global batch used when none is given: 4 samples per GPU (search, sweeps, the starting plan).
int defaultGlobalBatch(int gpus);

/// A Megatron-style uniform plan that is valid for the model and cluster: TP inside a node (up to 8,
/// dividing the heads), PP over nodes (dividing the layer count), the rest data parallel; 1F1B,
/// micro-batches = 2 * pp, global batch defaultGlobalBatch rounded to a multiple of dp x micro-batches.
/// Shown before any search has run.
Plan defaultPlan(const ModelProfile& model, const ClusterProfile& cluster);

/// Global batch sizes the search tries for `gpus` GPUs (explicit list, range, or the default).
std::vector<int> searchBatches(const SearchOptions& options, int gpus);
/// Micro-batch counts tried for a batch and pipeline degree (divisors, capped by max_micro).
std::vector<int> searchMicroCounts(const SearchOptions& options, int global_batch, int pp);
/// Interleaved chunks per stage tried for pp stages over `layers` layers (empty when pp < 2).
std::vector<int> searchVirtualStages(const SearchOptions& options, int pp, int layers);
/// Iteration time per sample: ranks plans of different global batch sizes (inverse throughput).
inline double timePerSample(const RankedPlan& p) {
    return p.plan.global_batch > 0 ? p.cost.iteration_time / p.plan.global_batch : p.cost.iteration_time;
}

} // namespace gx
