// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - multi-model planning: schedule K training jobs on one cluster.
//
// Problem (Saturn, Nagrecha & Kumar 2023 "SPASE"; Hydra, Nagrecha & Kumar 2021): each job j has, for
// every allowed GPU count g, a duration d_j(g) = steps_j * t_j(g), where t_j(g) is the iteration time of
// the planner's best plan on g GPUs (or of a Hydra spilled plan, see estimateSpilled below). Choose per
// job a GPU count, a GPU slot (see below) and a start time so that no GPU runs two jobs at once, and the
// makespan (end of the last job) is minimal.
//
// GPU slots respect node boundaries and NVLink islands (ClusterProfile::nvlink_island_size), so that
// TP/NVLink groups stay on the fastest links: a job of at most one island's GPUs gets a power of two of
// them (or the whole island) inside one island, at a multiple of its size from either end of the island
// (a buddy allocator from both ends); a job of less than a node gets one node, on as few islands as its
// count allows (power-of-two counts at buddy offsets of the node, or whole islands); a larger job gets
// k consecutive whole nodes. slotsFor() is the one placement rule: the heuristic, the baselines, the
// MILP, the exhaustive search, re-planning and verifySchedule all take their slots from it. Because
// every slot is compact in this sense, the planner's price for g GPUs (which assumes g <= gpus_per_node
// GPUs share a node and larger jobs have whole nodes) is the price of the placement the job gets; the
// cost model prices all GPUs of a node with the `intra` link, islands or not.
//
// Algorithms: a lower bound, two baselines, a fast list-scheduling heuristic with local search, an exact
// MILP solved by COIN-OR CBC (when built with it) warm-started from the heuristic, and an exhaustive
// search for tiny instances (reference for tests).
#pragma once

#include "gx/cluster.h"
#include "gx/cost_model.h"
#include "gx/model.h"
#include "gx/planner.h"
#include "gx/strategy.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stop_token>
#include <string>
#include <tuple>
#include <vector>

namespace gx {

/// One training job.
struct Job {
    std::string name;       ///< unique, used in outputs and file names
    std::string model;      ///< preset name or path of a model profile / HF config.json
    int global_batch = 0;   ///< samples per iteration
    std::int64_t steps = 0; ///< iterations; or 0 and epochs * dataset_samples / global_batch
    double epochs = 0;
    std::int64_t dataset_samples = 0;
    int priority = 0;         ///< higher = started earlier among otherwise equal choices
    bool allow_spill = false; ///< Hydra model spilling allowed as an alternative strategy
    /// Optional measured/synthetic iteration times (seconds) per GPU count; when non-empty they are
    /// used instead of the planner (tests, what-if studies). GPU counts missing here are infeasible.
    std::map<int, double> iteration_times;

    /// Iterations to run (steps, or ceil(epochs * dataset_samples / global_batch)).
    std::int64_t totalSteps() const;
};

/// What the oracle knows about a job on g GPUs.
struct JobEstimate {
    bool feasible = false;
    double iteration_time = 0; ///< seconds
    double memory = 0;         ///< peak bytes per GPU
    bool spilled = false;      ///< Hydra spilling used
    std::optional<Plan> plan;  ///< the planner's plan (absent for synthetic tables and spilled plans)
    std::string label;         ///< short description of the plan ("pp2 tp4 dp1 ...", "spilled dp2")
    std::string reason;        ///< why infeasible (English, the whole sentence)
    Infeasibility why;         ///< the planner's reason when it gave one (kind None otherwise)
    std::string spill_reason;  ///< why spilling failed (English), when it was allowed
};

/// Why a job has no feasible GPU count: core's English sentence, and its parts for a GUI to translate.
struct JobInfeasible {
    std::string reason;   ///< the whole sentence (CLI, JSON)
    int gpus = 0;         ///< the GPU count the parts below are about (the last tried that gave a reason)
    Infeasibility search; ///< the planner's reason on that count (kind None when it gave none)
    std::string other;    ///< else the reason on that count (an option error, a missing table entry)
    std::string spill;    ///< why spilling failed on that count ("" when not allowed)
};

/// Throughput oracle: best iteration time and memory of job j on g GPUs. Must be thread-safe.
using ThroughputOracle = std::function<JobEstimate(const Job& job, int gpus)>;

/// Oracle that only reads Job::iteration_times (memory 0; missing counts infeasible).
JobEstimate tableEstimate(const Job& job, int gpus);

/// A contiguous block of GPU ids [first, first + count).
struct GpuSlot {
    int first = 0;
    int count = 1;
    bool operator==(const GpuSlot&) const = default;
};

/// GPU counts a job may get on this cluster: 1, 2, 4, ... below gpus_per_node, the island size and
/// 2, 4, ... whole islands below gpus_per_node, then k * gpus_per_node (k a power of two when
/// pow2_nodes). With one island per node (the default) or power-of-two islands of power-of-two nodes:
/// 1, 2, 4, ... below gpus_per_node, then whole nodes.
std::vector<int> allowedGpuCounts(const ClusterProfile& cluster, bool pow2_nodes = false);
/// All slots of `gpus` GPUs that respect nodes and NVLink islands (empty if the count is not allowed).
/// The one placement rule of the scheduler (see the top of this file).
std::vector<GpuSlot> slotsFor(const ClusterProfile& cluster, int gpus);
/// Nodes a slot touches (node = GPU id / gpus_per_node).
std::vector<int> nodesOf(const GpuSlot& slot, const ClusterProfile& cluster);
/// NVLink islands a slot touches, as global island ids (GPU id / island size).
std::vector<int> islandsOf(const GpuSlot& slot, const ClusterProfile& cluster);
/// "node 1", "node 0 island 1" (island inside the node, when nodes have several), "nodes 0-3".
std::string placementLabel(const GpuSlot& slot, const ClusterProfile& cluster);

struct SchedulerOptions {
    /// The MILP's CBC time limit (seconds).
    double milp_time_limit = 30;
    /// Local-search iterations of the heuristic (0 = none).
    int local_search_iterations = 400;
    /// Only power-of-two node counts for multi-node jobs (fewer planner searches).
    bool pow2_nodes = false;
    /// On clusters with more nodes than this, multi-node jobs get power-of-two node counts only
    /// (a coarser grid: 9 counts instead of 36 on 32 nodes, 4x fewer planner searches).
    int pow2_nodes_above = 8;
    /// Largest instance (jobs) the exhaustive reference accepts.
    int exhaustive_max_jobs = 5;
    /// Upper bound on the MILP's constraint-matrix nonzeros (bounds memory and build time). Larger
    /// instances keep only the GPU counts next to the warm start's; the proven bound is then the
    /// combinatorial one (the restricted model's bound is not valid for the full problem).
    std::size_t milp_max_nonzeros = 600'000;
    /// Oracle calls run on this many threads in buildJobTable (0 = hardware concurrency).
    int oracle_threads = 0;
};

/// One allowed (GPU count, duration) choice of a job.
struct JobOption {
    int gpus = 1;
    double duration = 0; ///< seconds for the whole job
    JobEstimate estimate;
};

/// Per-job options after asking the oracle for every allowed GPU count.
struct JobTable {
    std::vector<Job> jobs;
    std::vector<std::vector<JobOption>> options; ///< feasible options per job, by GPU count
    std::vector<JobInfeasible> infeasible;       ///< reason non-empty when a job has no feasible option
    /// Re-planning: no job starts before `now`, and GPU k is busy (running jobs) until
    /// gpu_free_at[k] (empty = all free). Times are absolute (seconds since the schedule began).
    double now = 0;
    std::vector<double> gpu_free_at;
    bool feasible(int j) const { return !options[static_cast<std::size_t>(j)].empty(); }
    /// Earliest time the GPUs of `slot` are all free (max(now, gpu_free_at over the slot)).
    double releaseOf(const GpuSlot& slot) const;
};

/// Asks the oracle for every job and allowed GPU count. Jobs are validated (InputError naming
/// "jobs[i].field"). Oracle exceptions of type InputError propagate. Jobs that differ only in name,
/// steps and priority share one oracle call per GPU count (the oracle must depend only on model,
/// global_batch, allow_spill and iteration_times); distinct calls run in parallel
/// (options.oracle_threads).
JobTable buildJobTable(const std::vector<Job>& jobs, const ClusterProfile& cluster,
                       const ThroughputOracle& oracle, const SchedulerOptions& options = {});

/// Where a job stands when re-planning.
enum class JobStatus { Planned, Running, Done, Failed };
const char* toString(JobStatus s);

struct ScheduledJob {
    int job = 0; ///< index into the job list (-1 for history entries of a re-plan)
    JobStatus status = JobStatus::Planned;
    std::string name;
    int gpus = 0;
    GpuSlot slot; ///< GPU ids slot.first .. slot.first + gpus - 1 (one of slotsFor(cluster, gpus))
    double start = 0, end = 0;
    JobEstimate estimate;
    /// Global GPU ids (node = id / gpus_per_node, island = id / island size).
    std::vector<int> gpuIds() const;
};

struct ScheduleResult {
    std::string algorithm;          ///< "heuristic", "milp", "exhaustive", "baseline-..."
    std::vector<ScheduledJob> jobs; ///< feasible jobs only, by start time
    std::vector<std::pair<std::string, JobInfeasible>> infeasible; ///< (job name, why)
    double makespan = 0;
    double lower_bound = 0; ///< best proven lower bound on the optimal makespan
    bool optimal = false;   ///< proven optimal (MILP/exhaustive)
    std::string status;     ///< solver status, e.g. "optimal", "time limit", "not available"
    double seconds = 0;     ///< solver wall time
    double gap() const { return makespan > 0 ? (makespan - lower_bound) / makespan : 0; }
};

/// Combinatorial lower bound: max(max_j min_g d_j(g), sum_j min_g (g * d_j(g)) / G).
double makespanLowerBound(const JobTable& table, const ClusterProfile& cluster);

/// Serial schedule generation: place jobs in `order` with the given GPU counts, each at the earliest
/// time some slot is free (ties: lowest slot). `gpus[j]` must be one of job j's option counts.
/// `slots` (optional, per job) pins the slot instead of choosing it.
ScheduleResult listSchedule(const JobTable& table, const ClusterProfile& cluster,
                            const std::vector<int>& order, const std::vector<int>& gpus,
                            const std::vector<GpuSlot>* slots = nullptr);

/// Baseline "whole node per job": each job gets the fewest whole nodes it fits on, FIFO.
ScheduleResult baselineWholeNode(const JobTable& table, const ClusterProfile& cluster);
/// Baseline "one job at a time": each job runs alone on its fastest allocation, in sequence.
ScheduleResult baselineSequential(const JobTable& table, const ClusterProfile& cluster);
/// Baseline "equal split": every job gets the largest allowed count <= G / K (at least its smallest
/// feasible count), list-scheduled in input order.
ScheduleResult baselineEqualSplit(const JobTable& table, const ClusterProfile& cluster);

/// Fast heuristic: greedy allocation balancing marginal speed-up against the work bound, moldable
/// list scheduling (longest first, priority, and earliest-finish variants) with backfilling, then a
/// local search over orders and GPU counts. Deterministic.
ScheduleResult scheduleHeuristic(const JobTable& table, const ClusterProfile& cluster,
                                 const SchedulerOptions& options = {});

/// Exhaustive reference for tiny instances: every GPU count, slot and order (serial schedule
/// generation over all permutations reaches an optimal schedule). Throws InputError when the instance
/// has more than options.exhaustive_max_jobs jobs.
ScheduleResult scheduleExhaustive(const JobTable& table, const ClusterProfile& cluster,
                                  const SchedulerOptions& options = {});

/// True when the core was built with COIN-OR CBC.
bool milpAvailable();

/// Exact MILP (job x slot assignment, pairwise GPU disjunctions, continuous starts), solved by CBC with
/// a time limit, warm-started from `warm_start` (usually the heuristic). Never returns a schedule worse
/// than the warm start; lower_bound is CBC's best bound (or the combinatorial bound if larger).
/// Without CBC: returns the warm start with status "not available".
ScheduleResult scheduleMilp(const JobTable& table, const ClusterProfile& cluster,
                            const ScheduleResult& warm_start, const SchedulerOptions& options = {},
                            std::stop_token stop = {});

// ----- Re-planning (Saturn's introspection) ---------------------------------------------------------

/// A job that is running (or has ended) at re-planning time; its GPUs and times are kept.
struct JobProgress {
    std::string name;
    JobStatus status = JobStatus::Running; ///< Running, Done or Failed
    int gpus = 0;
    GpuSlot slot;
    double start = 0;
    double end = 0; ///< planned end (Running) or when it ended (Done/Failed)
    JobEstimate estimate;
};

/// The state to re-plan from: at time `now`, `progress` lists jobs that started (running or ended);
/// every other job of the list is still to be scheduled.
struct ReplanState {
    double now = 0;
    std::vector<Job> jobs;
    std::vector<JobProgress> progress;
};

/// Parses {"cluster"?, "now_s", "jobs": [job fields + "status": "pending"|"running"|"done"|"failed",
/// running/ended jobs also "gpus", "first_gpu", "start_s", "end_s"]}. InputError names the field.
ReplanState replanStateFromJson(const nlohmann::json& j, const ClusterProfile& cluster);
/// The state after `schedule` ran until `now`: jobs started before now are running (or done when
/// they ended), the others pending; `finished` (name -> Done/Failed) ends those jobs at `now`.
ReplanState stateAt(const std::vector<Job>& jobs, const ScheduleResult& schedule, double now,
                    const std::map<std::string, JobStatus>& finished = {});
nlohmann::json toJson(const ReplanState& s);

/// Job table of the pending jobs of `state`, with the running jobs' GPUs reserved until their end.
JobTable buildReplanTable(const ReplanState& state, const ClusterProfile& cluster,
                          const ThroughputOracle& oracle, const SchedulerOptions& options = {});
/// Adds the state's running and ended jobs (status set, job = -1) to a schedule of the pending jobs,
/// so that it shows the whole history; the makespan covers running jobs too.
void addHistory(ScheduleResult& s, const ReplanState& state);

/// Checks that a schedule is consistent (slots valid, no GPU overlap in time, durations match the
/// table). Returns an empty string when it is, else the first problem found.
std::string verifySchedule(const ScheduleResult& s, const JobTable& table, const ClusterProfile& cluster);

// ----- Hydra model spilling --------------------------------------------------------------------------

struct SpillEstimate {
    bool feasible = false;
    double iteration_time = 0; ///< seconds
    double gpu_memory = 0;     ///< peak bytes per GPU
    double host_memory = 0;    ///< bytes per node
    int micro_batch = 0;       ///< per-GPU micro-batch
    int num_micro = 0;
    double compute_time = 0;          ///< sum of compute if transfers were free
    double transfer_time = 0;         ///< sum of PCIe transfers if compute were free
    bool checkpoints_spilled = false; ///< activation checkpoints kept in host memory too
    std::string reason;               ///< when infeasible: the binding constraint
};

/// Hydra-style spilled training on `gpus` data-parallel GPUs (Nagrecha & Kumar 2021, "Hydra: A System
/// for Large Multi-Model Deep Learning"): all model states live in host memory; layers are streamed
/// to the GPU over PCIe with double buffering, so only ~3 layers' weights/grads plus the activation
/// checkpoints are resident. Per layer, forward step = max(compute, weights in), backward step =
/// max(compute, weights in, grads out) (PCIe is full duplex); the first layer's load is exposed.
SpillEstimate estimateSpilled(const CostModel& cm, int global_batch, int gpus);

// ----- Default oracle: the planner ------------------------------------------------------------------

/// Calls gx::search() for (model, global batch, g) and caches results, so jobs that differ only in
/// hyperparameters (steps, priority, name) share one search. Thread-safe. Jobs with iteration_times
/// use those instead.
class PlannerOracle {
public:
    /// `base` supplies the planner's search restrictions (gpus, global_batches, cost, top_k and
    /// emit_tree_events are set per call).
    explicit PlannerOracle(ClusterProfile cluster, CostOptions cost = {}, SearchOptions base = {});
    JobEstimate operator()(const Job& job, int gpus);
    ThroughputOracle function();
    /// Number of planner searches run so far (cache misses).
    int searches() const;
    const ClusterProfile& cluster() const { return cluster_; }

private:
    ClusterProfile cluster_;
    CostOptions cost_;
    SearchOptions base_;
    mutable std::mutex mutex_;
    std::map<std::tuple<std::string, int, int, bool>, JobEstimate> cache_;
    std::map<std::string, ModelProfile> models_;
    int searches_ = 0;
};

// ----- I/O -------------------------------------------------------------------------------------------

/// Parses {"cluster": optional, "jobs": [...]} or a bare array of jobs. InputError names
/// "jobs[i].field".
std::vector<Job> jobsFromJson(const nlohmann::json& j, const std::string& path = "jobs");
/// Model paths in a jobs file are relative to that file: rewrites each job's model that names no file
/// from the working directory but one next to `jobs_file`.
void resolveJobPaths(std::vector<Job>& jobs, const std::string& jobs_file);
nlohmann::json toJson(const Job& job);
nlohmann::json jobsToJson(const std::vector<Job>& jobs);
nlohmann::json toJson(const ScheduleResult& s, const ClusterProfile& cluster);
/// A bash launch script for one scheduled job (torchrun on its nodes with CUDA_VISIBLE_DEVICES).
std::string launchScript(const ScheduledJob& job, const ClusterProfile& cluster);
/// Writes <dir>/<job>.sh (executable launch script) and <dir>/<job>.plan.json for every scheduled job,
/// plus <dir>/schedule.json. Creates dir. Returns the files written; InputError("dir", ...) on failure.
std::vector<std::string> writeLaunchScripts(const ScheduleResult& s, const ClusterProfile& cluster,
                                            const std::string& dir);

} // namespace gx
