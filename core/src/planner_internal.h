// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the planner's private declarations: tasks, DP labels, the search context and
// the per-task solver (task_solver.cpp, sequence_dp.cpp, partition_dp.cpp). Not installed.
//
// The exact planner: per-layer strategies + pipeline stage partition under a per-GPU memory budget.
//
// Under the cost model of gx/cost_model.h a plan's iteration time is
//     T = m * max_i C_i + (sum_i C_i - max_i C_i) / v + max_i E_i
// (Narayanan et al., SC'21, section 2.2) and stage i's memory is
//     M_i = reserved + sum s_l + emb states + f_i * (sum a_l + emb act) + max(max w_l, emb transient).
// The search is exact over the space the SearchSpace defines:
//  1. Outer configurations ("tasks"): global batch, pp, schedule (+ chunks v), micro-batch count.
//  2. For every stage class (inflight count f_i, first/last, rank offset inside a node) a sequence DP
//     over layer positions with the last strategy as state keeps Pareto labels (C, E, M, W) with
//     dominance pruning instead of Galvatron's 1 MB memory grid; switch costs sit on the transitions.
//     One run yields the optimal label sets of every prefix length n, i.e. of every stage size.
//  3. A stage-partition DP over (stage, layers so far) keeps Pareto labels (max C, sum C, max E),
//     which is exactly what T depends on, so uneven splits are optimised jointly with the strategies.
//     Interleaved schedules use equal chunks (Megatron requires it); their stages are combined the same way.
//  4. Candidates dominated in every cost term (including switch costs to and from every other
//     candidate) are dropped; tasks are solved in the order of their root lower bound (the stages' LP
//     relaxations under the budget, TaskSolver::lowerBound) and skipped when it exceeds the k-th best,
//     and so are tasks whose stages cannot hold the model (memory-lower-bound).
//  5. Branch and bound inside a task: a label is dropped when a lower bound on T through it exceeds the
//     bound, using the LP relaxation (lower convex hull) and an integral knapsack table of the layers
//     still to come under the memory left, plus the other stages' least compute (for stage prefixes
//     and partial partitions: the largest C of the stages taking the layers left, from each stage's
//     LP hull under its memory, TaskSolver::others_max_ / after_max_, and their least sum of C, the
//     smallest steps of those hulls, others_sum_ / after_sum_). The bound is the k-th
//     best per-sample time found so far, shared live between threads, and each task is solved by
//     iterative deepening from its root lower bound, which keeps few labels near the optimum (and
//     straight under the bound in force once a guess is within 0.5% of it).
//  6. The frontier: one pass per smaller budget (keep = 1). A smaller budget only removes plans, so
//     each pass starts from what the earlier ones proved (TaskMemo in planner.cpp): a task optimum
//     that still fits is kept without a DP, and optima and failed bounds are lower bounds that cut
//     tasks or start their deepening (TaskSolver::setLowerHint / provenAbove).
//  One stage (pp = 1) has T = m C + E, so its labels are (m c + e, memory, transient) only; with
//  several stages T rises with a stage's C at rate >= 1/v and with its E at rate <= 1, so dominance is
//  checked on (c, c/v + e) (and (max C, sum C, sum C/v + max E) for partition labels).
// Determinism: tasks run on a thread pool but each task's optimum does not depend on timing (pruning
// only removes labels whose lower bound exceeds a bound that is never below the final k-th best), and the
#pragma once

#include "gx/pareto.h"
#include "gx/planner.h"
#include "gx/search_space.h"
#include "gx/units.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gx::planner {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Times within this relative difference are one time: the DP and evaluate() sum a plan's terms in
/// different orders, and two configurations with the same plan cost (pp = 1 at 2 and at 4 micro-batches)
/// came out 1.3e-12 apart. The bounds a task is solved under keep plans within it, so that such ties are
/// found whichever task a thread solves first, and the ranking puts the smaller peak first among them
/// (sameTime). Before, which of two tied plans was the best depended on thread timing.
constexpr double kTieSlack = 1e-9;
inline bool sameTime(double a, double b) {
    return std::abs(a - b) <= kTieSlack * std::max(std::abs(a), std::abs(b));
}

struct Task {
    int batch = 1, pp = 1, m = 1, v = 1;
    Schedule schedule = Schedule::OneFOneB;
    double lower_bound = 0; ///< per sample
    int order = 0;          ///< enumeration order (deterministic tie-break)
    int space = 0;          ///< part of the search space (SearchOptions::subspaces), 0 without parts
};

/// Per-layer cost vector of one candidate in one rank class.
struct CandCost {
    double c = 0, e = 0, s = 0, a = 0, w = 0;
};

/// Whole layers under a memory limit (the integral counterpart of hullBound): items are a candidate's
/// memory in buckets (rounded down: a set of layers that fits the limit fits the buckets) and its value.
/// For n = 1..N, `row(n, least)` receives least[b] = the least sum of values of n items (repetition
/// allowed) whose buckets add up to at most b, for b = 0..B (infinity where none fits); rows stop after
/// the first where nothing fits. Items another beats in both buckets and value are left out first.
void wholeLayerTable(std::vector<std::pair<std::size_t, double>> items, std::size_t N, std::size_t B,
                     const std::function<void(std::size_t, const std::vector<double>&)>& row);

/// Readable plans: among labels with equal costs the DP keeps the one whose layers form the fewest
/// contiguous runs of one strategy (a tie-break of the Pareto filters, so it never changes a cost).
/// Costs are rounded to a fixed-point grid per task (TaskSolver::qT / qM, 2^-47 of the largest sum) so
/// that sums of the same layer costs in another order are exactly equal and such ties are real.
struct SeqLabel {
    double c, e, m, w;
    int prev; ///< index in the previous position's arena, -1 at the first position of the sequence
    int k;    ///< candidate index (in the position's stack list)
    int runs; ///< runs of one strategy in the prefix (chunk starts of interleaved stages included)
};

struct StagePoint {
    double C, E, M;
    int label; ///< index into the sequence arena at the prefix's last position
    int runs;
};

struct PartLabel {
    double maxC, sumC, maxE, maxM;
    int prev;  ///< index in the previous stage row's cell (for interleaved: previous row)
    int prevj; ///< previous cell (layers so far)
    int n;     ///< layers of this stage
    int point; ///< StagePoint index
    int runs;  ///< runs of all stages so far
};

/// The candidates of one layer grouped by their switch costs to the next layer's candidates (rows of the
/// switch matrix): equal rows share a class; d[a * R + b] = max(0, max_j sw[a][j] - sw[b][j]) between
/// the classes' representatives (see pruneAcrossCandidates in sequence_dp.cpp). The next layer's
/// candidates are grouped the same way by columns (switch costs from every candidate: shareColumns).
struct SwitchClasses {
    std::vector<int> cls;  ///< candidate -> class
    std::vector<int> reps; ///< class -> a candidate of it
    std::vector<double> d; ///< R x R
    std::vector<int> col;  ///< next layer's candidate -> class of its column
};

struct RuleCounter {
    std::mutex mu;
    std::map<std::string, std::int64_t> counts;
    void add(const std::string& rule, std::int64_t n = 1) {
        std::lock_guard lock(mu);
        counts[rule] += n;
    }
};

/// A map the threads of a search share: find() copies a value out; a value computed outside the lock is
/// then put(), and the first one stored for a key stays (the computations are deterministic). Entries
/// are erased only by clear(), while no thread uses the map, so the reference put() returns stays valid
/// until then.
template <class Map> class SharedMemo {
public:
    using Key = typename Map::key_type;
    using Value = typename Map::mapped_type;
    std::optional<Value> find(const Key& key) {
        std::lock_guard lock(mu_);
        if (auto it = map_.find(key); it != map_.end())
            return it->second;
        return std::nullopt;
    }
    const Value& put(Key key, Value value) {
        std::lock_guard lock(mu_);
        return map_.emplace(std::move(key), std::move(value)).first->second;
    }
    void clear() {
        std::lock_guard lock(mu_);
        map_.clear();
    }

private:
    std::mutex mu_;
    Map map_;
};

/// A search's layer costs, each computed once: the uniform seed, the two-run seed and the per-layer pass
/// solve the same tasks, and the tasks' compute-only bounds (boundTasks) take the same costs first (GPT-3
/// 175B on 64 GPUs: about 3,000 evaluations per pass). Thread-safe.
class LayerCostCache {
public:
    explicit LayerCostCache(const CostModel& cost) : cost_(cost) {}
    /// CostModel::layer of the stack's layer type under `s` and `shape`.
    LayerCost get(std::size_t stack, const LayerStrategy& s, const StageShape& shape);
    /// The same for every strategy of `list` (Context::candidates[{part, pp}][stack]) whose dp divides
    /// the micro-batch, in the list's order (the others left default): one lookup per task and rank class.
    using Row = std::shared_ptr<const std::vector<LayerCost>>;
    Row row(int part, int pp, std::size_t stack, const std::vector<LayerStrategy>& list,
            const StageShape& shape);

private:
    using Key = std::array<int, 14>;
    struct Hash {
        std::size_t operator()(const Key& k) const {
            std::uint64_t h = 1469598103934665603ULL;
            for (int x : k)
                h = (h ^ static_cast<std::uint32_t>(x)) * 1099511628211ULL;
            return static_cast<std::size_t>(h);
        }
    };
    const CostModel& cost_;
    // Striped by the key's hash: the search's threads bound the tasks at once (boundTasks), and one
    // lock made that slower than one thread (Llama 3.1 405B at 128K on 1024 GPUs: 89 -> 122 ms).
    static constexpr std::size_t kStripes = 16;
    std::array<SharedMemo<std::unordered_map<Key, LayerCost, Hash>>, kStripes> costs_;
    SharedMemo<std::map<std::array<int, 7>, Row>> rows_;
};

/// The candidates TaskSolver::dropDominated keeps (indices into Context::candidates per stack) and how
/// many it drops.
struct DominanceKept {
    std::vector<std::vector<std::size_t>> base;
    std::int64_t dropped = 0;
};

/// A group of a stage's candidates by transient (working memory): those with w <= hi, whose stage holds
/// at least lo of working memory (TaskSolver::transientLevels), and the lower hulls of their (memory,
/// m c + e) and (memory, c) points.
struct TransientLevel {
    double lo = 0, hi = 0; ///< the group's least and largest transient
    Hull time_hull, compute_hull;
};

/// Work the passes of one search (uniform seed, two-run seed, per-layer pass, frontier passes) share,
/// each computed once.
struct SearchCaches {
    explicit SearchCaches(const CostModel& cost) : layer_costs(cost) {}
    LayerCostCache layer_costs;
    /// The last column of wholeLayerTable (least[B] for n = 1..N: the integral stage tables; out[0] = 0,
    /// infinity from the first row where nothing fits) per (N, B, sorted items): the seeds' passes and
    /// the per-layer pass build the same stage tables for a task (GPT-3 175B on 64 GPUs: 9% of a what-if
    /// re-search's CPU).
    SharedMemo<std::map<std::tuple<std::size_t, std::size_t, std::vector<std::pair<std::size_t, double>>>,
                        std::shared_ptr<const std::vector<double>>>>
        last_columns;
    /// The root bounds of the tasks (TaskSolver::lowerBound() after prepare(), infinity when nothing
    /// fits) per (part, batch, pp, micro-batches, chunks, schedule, budget): the seeds and the per-layer
    /// pass bound the same tasks under the same budget, and a task a later pass cuts by that bound is
    /// then neither prepared nor bounded again (GPT-3 175B on 64 GPUs: 3 of 41 tasks solved per pass).
    SharedMemo<std::map<std::tuple<int, int, int, int, int, int, double>, double>> roots;
    static std::tuple<int, int, int, int, int, int, double> rootKey(const Task& t, double budget) {
        return {t.space, t.batch, t.pp, t.m, t.v, static_cast<int>(t.schedule), budget};
    }
    /// dropDominated's result per configuration shape (part, pp, stage GPUs, micro-batch,
    /// micro-batches, one strategy for all layers or not). It compares costs and switch costs only, not
    /// memory against the budget, so every pass of a search reuses it, the frontier's included
    /// (DeepSeek-V3 on 1024 GPUs: its K x K switch matrices were 10% of the CPU of top 5 + frontier).
    SharedMemo<std::map<std::array<int, 6>, DominanceKept>> dominance;
    /// TaskSolver::transientLevels per (part, batch, pp, micro-batches, chunks, schedule, rank class,
    /// in-flight count, candidate list: TaskSolver::list_): budget-independent, so every pass bounds a
    /// configuration with the same groups (GPT-3 175B on 512 GPUs, top 5 + frontier: each of its 13
    /// passes took every configuration's root again, 12,000 group sets).
    SharedMemo<std::map<std::tuple<int, int, int, int, int, int, int, double, int>,
                        std::shared_ptr<const std::vector<TransientLevel>>>>
        transient_levels;
};

/// Everything shared by all tasks of one search.
struct Context {
    Context(const CostModel& c, const SearchOptions& o, const SearchSpace& s, const SearchObserver& obs,
            std::stop_token st)
        : cost(c), opt(o), space(s), observer(obs), stop(std::move(st)) {}
    const CostModel& cost;
    const SearchOptions& opt;
    const SearchSpace& space;
    const SearchObserver& observer;
    std::stop_token stop;
    int gpus = 1;
    int layers = 0;
    std::vector<int> stack_of; ///< global layer -> stack index
    bool single_type = true;
    double budget = 0;   ///< bytes per GPU
    double reserved = 0; ///< bytes per GPU
    RuleCounter rules;
    std::atomic<std::int64_t> dp_states{0}, plans_evaluated{0}, tree_nodes{0}, leaves{0}, reused_solves{0};
    std::atomic<std::int64_t> sequences{0}; ///< sequence DPs begun (ids of the in-DP progress events)
    std::atomic<double> progress{0};        ///< last main-pass progress reported (0..1)
    /// Search threads with no task left in the running pass (runPass): a long sequence DP borrows
    /// them for its positions (LoopHelpers) and gives them back when it ends.
    std::atomic<int> spare{0};
    std::atomic<std::int64_t> helped_positions{0}; ///< SearchStats::helped_positions
    /// (part of the space, pp) -> per stack (part 0 when SearchOptions::subspaces is empty)
    std::map<std::pair<int, int>, std::vector<std::vector<LayerStrategy>>> candidates;
    /// pp -> the only pipeline splits (layers per stage, v = 1) the target runs; absent = any split.
    std::map<int, std::vector<std::vector<int>>> splits;
    /// The target's embedding/LM head follow the layers (uniform plans): vocab_tp = the layers' tp (or 1
    /// with vocab_tp_one) and the layers' data-parallel type.
    bool vocab_follows_layers = false, vocab_tp_one = false;
    /// Megatron's block recomputation (uniform plans): besides recomputing all layers or none, the first
    /// N layers of every model chunk (--recompute-method block --recompute-num-layers N).
    bool block_recompute = false;
    /// Shared by the passes' contexts (subspaceSeed); absent = everything computed on every call.
    std::shared_ptr<SearchCaches> caches;
    LayerCost layerCost(std::size_t stack, const LayerStrategy& s, const StageShape& shape) const {
        return caches ? caches->layer_costs.get(stack, s, shape)
                      : cost.layer(cost.model().stacks[stack].type, s, shape);
    }
    bool rule(const char* name) const { return space.ruleEnabled(name); }
    /// Worker threads of the search (SearchOptions::threads; 0 = the hardware's).
    int threads() const {
        return opt.threads > 0 ? opt.threads
                               : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    }
};

/// Runs fn(i) for every i < n, in any order and possibly on several threads at once (LoopHelpers).
using EachIndex = std::function<void(int n, const std::function<void(int)>& fn)>;

struct TaskResult {
    bool feasible = false;
    double T = kInf;    ///< DP iteration time
    double peak = kInf; ///< DP peak memory
    Plan plan;
};

/// Solves one task exactly under `budget`; `bound_T` prunes labels that cannot reach T <= bound_T.
class TaskSolver {
public:
    /// `live` (optional) holds the search-wide bound per sample, lowered while other tasks finish.
    TaskSolver(Context& ctx, const Task& t, double budget, double bound_T,
               const std::atomic<double>* live = nullptr)
        : ctx_(ctx), t_(t), budget_(budget), bound_(bound_T), live_(live) {}

    TaskResult solve();
    /// solve() under `bound_T` alone (the live bound and the upper hint left out), so that the stage
    /// classes' labels hold every plan of the task up to the bound of its last round (completeUnder()):
    /// a later pass under a smaller budget and a bound up to that is answered from them (resolve()).
    TaskResult solveWide(double bound_T);
    /// After solveWide(): the bound its labels are complete under (0 when none are kept).
    double completeUnder() const { return complete_; }
    /// Whether resolve() can answer under `budget`: at most the budget solved under, with the same
    /// fixed-point memory grid (the labels' memory sums are on it).
    bool canResolve(double budget) const {
        return complete_ > 0 && budget <= budget_ && grid(std::max(budget, ctx_.budget)) == qm_;
    }
    /// The task's optimum under a smaller budget and `bound_T` <= completeUnder(), from the labels kept
    /// by solveWide(): the stage capacities and tables are rebuilt for the budget and only the partition
    /// DP runs. A smaller budget only removes plans, and a label another one dominates uses no less
    /// memory than it, so the labels under the larger budget and bound hold those of a fresh solve; the
    /// readout checks every stage's memory against the new budget. `live` as for the constructor.
    TaskResult resolve(double budget, double bound_T, const std::atomic<double>* live);
    /// Labels the last solve's DPs kept.
    std::int64_t labelsKept() const { return labels_.load(std::memory_order_relaxed); }
    /// Candidate lists, costs, embedding/head options and stage capacities (once); false when nothing
    /// can fit. solve() calls it when the caller has not.
    bool prepare();
    /// After prepare(): a lower bound on the task's iteration time (s) under the budget (root bound of
    /// the stages' LP relaxations), infinity when nothing fits. Used to order and cut tasks.
    double lowerBound() const { return ready_ ? rootBound() : kInf; }
    /// lowerBound() with the stage tables a solve builds first (dominated candidates dropped), which is
    /// tighter; the work is the solve's own, done once. Infinity when nothing fits.
    double refinedLowerBound();
    /// Replaces the bound given to the constructor (before solve()).
    void setBound(double bound_T) { bound_ = bound_T; }
    /// A known lower bound on the task's iteration time (s), e.g. its optimum under a larger budget
    /// (before solve()): the iterative deepening starts there instead of at the root bound.
    void setLowerHint(double T) { hint_ = T; }
    /// An iteration time (s) the task is known to reach, e.g. its optimum in a smaller subspace (before
    /// solve()): the iterative deepening never goes above it, and starts there when it is within 5% of
    /// the root bound.
    void setUpperHint(double T) { upper_ = T; }
    /// After a solve() that found no plan, or a plan it did not prove optimal (certified() false): no
    /// plan of the task has T <= this (s); 0 when unknown (stopped, or nothing solved).
    double provenAbove() const { return proven_; }
    /// After a solve() that found a plan: whether it is the task's optimum. The DPs prune against the
    /// bound in force, which the live bound lowers while they run; a plan found above the lowest bound
    /// they used may not be the optimum (another, pruned, may lie between the two). Such a plan is a
    /// valid plan and upper bound, but a later frontier pass must not take it as the task's optimum.
    bool certified() const { return certified_; }

private:
    bool prepared_ = false, ready_ = false;
    bool tables_ = false; ///< dropDominated() and stageComputeTables() done (refinedLowerBound)
    void buildTables();
    TaskResult solveCore();
    /// The best partition found so far of the task (solveCore's two schedule families fill it).
    struct PartitionBest {
        Plan plan;
        std::vector<LayerStrategy> layers;
        double T = kInf, peak = kInf;
        int runs = 0;
        /// Takes (T, peak, runs) when it is better (least time, then peak memory, then fewest runs).
        bool improvedBy(double t, double m, int r) {
            if (!(std::tie(t, m, r) < std::tie(T, peak, runs)))
                return false;
            T = t;
            peak = m;
            runs = r;
            return true;
        }
    };
    /// A partition's iteration time from its labels: m max C + (sum C - max C) / v + max E.
    double partitionTime(double maxC, double sumC, double maxE) const {
        return t_.m * maxC + (sumC - maxC) / t_.v + maxE;
    }
    void solveUneven(PartitionBest& best);
    void solveInterleaved(PartitionBest& best);
    void computeCosts();
    struct VocabCfg {
        int vt = 1;
        DpType dt = DpType::DDP;
        LayerCost first, last; ///< extras of stage 0 and stage pp-1 (same object when pp == 1)
    };
    struct Class {
        double f = 1;
        bool first = false, last = false;
        int rc = 0; ///< rank class (first rank mod GPUs per node)
        int start = 0;
        /// The last stage of a pipeline of several layer types (v = 1): one sequence from the last
        /// layer down serves every start (a stage of n layers reads position n - 1).
        bool reversed = false;
        std::vector<std::vector<SeqLabel>> arena; ///< per relative position
        bool done = false;
    };

    int stackAt(int layer) const { return ctx_.stack_of[static_cast<std::size_t>(layer)]; }
    const CandCost& cc(int rc, int stack, int k) const {
        return costs_.at(rc)[static_cast<std::size_t>(stack)][static_cast<std::size_t>(k)];
    }
    /// Hulls of the candidates' (s + f a, m c + e) (compute_only: (s + f a, c)) for a rank class and
    /// in-flight count per layer type (several stacks: dense and mixture-of-experts layers), merged. (One
    /// layer type: the last of transientLevels holds every candidate.)
    MultiHull classMultiHull(int rc, double f, bool compute_only = false) const {
        std::vector<Hull> per_type;
        for (const auto& list : costs_.at(rc)) {
            std::vector<std::pair<double, double>> pts;
            for (const CandCost& x : list)
                pts.emplace_back(x.s + f * x.a, compute_only ? x.c : t_.m * x.c + x.e);
            per_type.push_back(lowerHull(std::move(pts)));
        }
        return MultiHull(std::move(per_type));
    }
    /// The stage's largest transient (working memory) bounds the memory left to its layers: a stage whose
    /// largest transient lies in [lo, hi] runs only candidates with w <= hi, and its layers fit in the
    /// room less lo (less only what exceeds the transient the room already leaves out). So a bound over
    /// all the candidates under the room is the least, over groups of the candidates' distinct
    /// transients, of the bound over the group's candidates under the group's room: exact in the
    /// transient where every group holds one value. Llama 3.1 405B at 128K on 1024 GPUs, its pp = 4 1F1B
    /// task: recomputation adds a transient of 1.0 GiB, ZeRO-3 1.5 GiB and more, which the bound left
    /// out; its root 0.42% -> 0.07% under the optimum, and the pp = 2 task (4 s for no plan) is cut at
    /// its root. The groups of a rank class's candidates (one layer type) and their hulls, once per
    /// in-flight count (cleared with costs_; shared by the passes of a search, SearchCaches). Several
    /// layer types: one group (lo = 0) of the first type's candidates; their ranges' MultiHull bounds take
    /// StageRelax::room.
    const std::vector<TransientLevel>& transientLevels(int rc, double f) const;
    mutable std::mutex levels_mu_;
    mutable std::map<std::pair<int, double>, std::shared_ptr<const std::vector<TransientLevel>>> levels_;
    /// Transients within this fraction of the GPU's memory from a group's least share the group, and the
    /// groups after the first kMaxTransientGroups - 1 are one (each costs a hull evaluation per bound).
    static constexpr double kTransientTol = 1.0 / 512;
    static constexpr std::size_t kMaxTransientGroups = 6;
    /// LP relaxation of pipeline stage i (one layer type) under its memory room, with the least
    /// embedding/head extras of a first or last stage: lower bounds on m C_i + E_i and on C_i, the least
    /// over the stage's transient groups.
    struct StageRelax {
        struct Level {
            const TransientLevel* group;
            double room; ///< the stage's room less the group's least transient
        };
        std::vector<Level> levels;
        double room = 0, t_extra = 0, c_extra = 0;
        double time(int n) const { return layers(n, false) + t_extra; }
        double compute(int n) const { return layers(n, true) + c_extra; }
        /// The bound on n layers alone (extras left out): of C (compute) or of m C + E.
        double layers(int n, bool compute) const {
            double lb = kInf;
            for (const Level& l : levels)
                lb = std::min(lb, hullBound(compute ? l.group->compute_hull : l.group->time_hull, n, l.room));
            return lb;
        }
    };
    StageRelax stageRelax(int i) const {
        const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
        const bool first = i == 0, last = i == t_.pp - 1;
        const double f = CostModel::inflightMicroBatches(t_.schedule, t_.pp, t_.v, t_.m, i);
        StageRelax r;
        // (a relative slack of 1e-9 covers the DP's rounded memory sums: the bound stays a lower one)
        r.room = budget_ * (1 + 1e-9) - ctx_.reserved;
        double w_floor = 0; // the transient the room leaves out (the embedding/head's least)
        if (first || last) {
            const auto [emb, w_emb] = vocabMemory(first, f);
            r.room -= emb + w_emb;
            w_floor = w_emb;
            r.t_extra = vocabTime(first);
            r.c_extra = kInf;
            for (const auto& vc : vocab_)
                r.c_extra = std::min(r.c_extra, (first ? vc.first : vc.last).perMicro());
        }
        for (const TransientLevel& l : transientLevels((i * G_) % gpn, f))
            r.levels.push_back({&l, r.room - std::max(0.0, l.lo - w_floor)});
        return r;
    }
    /// Memory of the lightest embedding/head option of a first or last stage, and its transient.
    std::pair<double, double> vocabMemory(bool first, double f) const {
        double best = kInf, bw = kInf;
        for (const auto& vc : vocab_) {
            const LayerCost& e = first ? vc.first : vc.last;
            best = std::min(best,
                            e.states() + CostModel::vocabInflight(t_.schedule, t_.pp, t_.v, t_.m, first, f) *
                                             e.activations);
            bw = std::min(bw, e.transient);
        }
        return {best, bw};
    }
    /// Lower bound on the task's iteration time: the compute-only bound, and for one stage of one layer
    /// type the LP relaxation over all layers under the budget.
    double rootBound() const;
    /// With the stage tables (one layer type, v = 1): the least over the partitions of the largest
    /// m C_i + E_i - C_i plus the sum of C, each from the stages' LP and integral tables.
    double partitionBound(const std::vector<StageRelax>& relax) const;
    /// rootBound for several layer types (v = 1): stage i holds a contiguous range of n layers, so
    /// m C_i + E_i is at least the least LP bound (MultiHull) over the ranges of n layers it can hold.
    double rootBoundMultiType(double lb) const;
    /// Several layer types, with the stage tables: the least over the partitions into contiguous ranges
    /// of max_i D_i + sum_j C_j, from lower bounds per range (range_bounds_).
    double partitionBoundRanges() const;
    /// Appends stage i's ranges to range_bounds_ (solveDeepening, once per task); `whole`: ranges of
    /// one layer type also take the integral tables of whole layers (integralStage).
    void rangeBoundsOf(int i, const StageRelax& r, bool whole);
    /// Per range a stage may hold (stage i, layers [a, a + n)): lower bounds on its m C + E and on its C
    /// (LP over the range's layer types under the stage's memory, embedding/head extras included); built
    /// by solveDeepening for several layer types (v = 1, pp > 1).
    struct RangeBound {
        int i, a, n;
        double d, c; ///< (m C + E bound) - (C bound), and the C bound
    };
    std::vector<RangeBound> range_bounds_;
    bool ranges_whole_ = false; ///< range_bounds_ take the whole-layer tables
    /// Several layer types: per n (0..L), the least LP bound (MultiHull, of m c + e, or of c alone) over
    /// the contiguous ranges of n layers stage i can hold in a partition, under its memory room;
    /// infinity where none fits. `r`: stage i's relaxation (its memory room). For m c + e (the root
    /// bound) each range adds the layers outside it at their type's fastest c (cmin_type_).
    std::vector<double> rangeBounds(int i, const StageRelax& r, bool compute_only) const;
    /// Layers of each type among the first q of `layers` (q = 0..size), as a (size + 1) x types table.
    std::vector<double> typePrefix(const std::vector<int>& layers) const;
    /// typePrefix over all the model's layers, in order.
    std::vector<double> modelTypePrefix() const;
    TaskResult solveDeepening();
    /// Most layers each stage can hold (lightest candidate per layer, lightest embedding/head option);
    /// false when the stages together cannot hold the model (rule memory-lower-bound).
    bool layerCapacity();
    std::vector<int> cap_; ///< per stage (v = 1) - L when the rule is off
    /// Memory-aware lower bounds on the largest compute C of a set of stages that hold N layers in all
    /// (v = 1, pp > 1; empty otherwise): others_max_[i][N] over every stage but i, after_max_[i][N]
    /// over stages i..pp-1. Stage j holding n layers has C_j >= g_j(n), the LP hull of its candidates'
    /// (memory, c) under its memory room (several layer types: the least over the ranges of n layers
    /// it can hold, rangeBounds), made non-decreasing in n; if the set holds N
    /// layers with max C = T, at least N of the values g_j(1..n_j) are <= T, so the N-th smallest value
    /// of all g_j(n) bounds T from below.
    std::vector<std::vector<double>> others_max_, after_max_;
    /// The same sets' least sum of C: others_sum_[i][N] (every stage but i), after_sum_[i][N] (stages
    /// i..pp-1), the N smallest per-layer increments of the stages' LP hull bounds (see
    /// stageComputeTables). Memory-bound stages must recompute, so this exceeds N * cmin.
    std::vector<std::vector<double>> others_sum_, after_sum_;
    /// One layer type: per stage, the least integral m C + E of n layers (n <= its capacity) under its
    /// memory room, embedding/head extras left out (integralStage); for rootBound once solving.
    std::vector<std::vector<double>> stage_time_;
    /// The same stages' least C of n layers (the larger of the LP and the integral bound; n = 0..cap).
    std::vector<std::vector<double>> stage_c_;
    void stageComputeTables();
    /// The least c and m c + e of n = 0..cap whole layers of type `stack` on stage j whose memory fits
    /// `room` (a knapsack over memory buckets, rounded down: lower bounds on the integral optima);
    /// infinity where none fits.
    std::pair<std::vector<double>, std::vector<double>> integralStage(int j, double room, int cap,
                                                                      std::size_t stack = 0) const;
    std::vector<int> cap_from_; ///< cap_from_[i] = sum of cap_[i..pp-1]
    const std::vector<double>& swMatrix(int rc, int from_stack, int to_stack);
    /// The switch classes from `from_stack` to `to_stack` in a rank class (cached with swMatrix).
    const SwitchClasses& switchClasses(int rc, int from_stack, int to_stack);
    void buildCandidates();
    /// The task's part's embedding context-parallel degree (SubSpace::vocab_cp), 1 without parts.
    int vocabCp() const;
    /// Drops candidates dominated in every cost term (rule dominated-strategy).
    void dropDominated();
    /// Rule dominated-run: per stack, the candidates of a class's sequence that another candidate
    /// replaces in every run at a lower time and no more memory (see sequence_dp.cpp).
    std::vector<std::vector<char>> dropDominatedRuns(const Class& cl, const std::vector<int>& positions);
    /// dropDominatedRuns, once per class and sequence for all rounds.
    std::vector<std::vector<char>> dominatedRuns(const Class& cl, const std::vector<int>& positions);
    SharedMemo<std::map<std::tuple<int, double, bool, std::vector<int>>, std::vector<std::vector<char>>>>
        run_drops_;
    bool buildVocab();
    Class& classFor(int stage, int start);
    /// The layer positions of a stage class's sequence (v = 1) and its sequence DP.
    std::vector<int> stagePositions(int start, bool reversed = false) const;
    /// Several layer types, v = 1, pp > 1: the last stage's class runs reversed (Class::reversed), one
    /// sequence for every start instead of one per start (T5's decoder stage: 47 starts, one DP).
    /// Only where the starts need more than two sequences: one reversed sequence keeps more labels
    /// than a forward one (no pruning across last strategies), so DeepSeek's last stage, whose starts
    /// inside the expert layers share one forward sequence (canonicalStart), stays forward.
    bool lastStageReversed(int stage) const {
        if (ctx_.single_type || t_.v != 1 || t_.pp < 2 || stage != t_.pp - 1 || block_n_ >= 0)
            return false;
        if (reverse_last_ < 0) {
            std::vector<int> starts;
            for (int s = t_.pp - 1; s < ctx_.layers; ++s)
                starts.push_back(canonicalStart(s));
            std::sort(starts.begin(), starts.end());
            reverse_last_ = std::unique(starts.begin(), starts.end()) - starts.begin() > 2 ? 1 : 0;
        }
        return reverse_last_ == 1;
    }
    mutable int reverse_last_ = -1; ///< lastStageReversed's answer for this task (-1: not computed)
    /// Several layer types: the first layer from which the layer types run as they do from `start`
    /// for the longest stage starting there (stagePositions). Stages starting at either position share
    /// one sequence DP: its labels depend only on the types along the sequence, and the longer run
    /// prunes no more (DeepSeek-V3's 58 expert layers after 3 dense ones: one sequence, not 58).
    int canonicalStart(int start) const;
    void runStageClass(Class& cl, int start);
    /// One layer type, pp > 1: every stage class's sequence DP at once on the search's threads.
    void runStageClassesAtOnce();
    /// `extra_t`: a lower bound on m C + E the stage adds outside its layers (p2p, embedding/head);
    /// `others`: for interleaved stages, a lower bound on the other stages' sum C / v (< 0: automatic).
    void runSequence(Class& cl, const std::vector<int>& positions, const std::vector<char>& reset,
                     int record_from, double extra_t = 0, double others_lb = -1);
    /// One call of runSequence (sequence_dp.cpp).
    class SequenceRun;
    /// The labels of a sequence position extended once for several candidates of the next (see
    /// shareColumns in sequence_dp.cpp).
    struct ColumnShare {
        std::vector<int> group;                    ///< per candidate: its group, -1 = extended alone
        std::vector<std::vector<SeqLabel>> labels; ///< per group: the previous labels, switched, filtered
        std::vector<std::vector<SeqLabel>> extra;  ///< per group: dropped by a smaller transient alone
        std::vector<std::vector<int>> same;        ///< per candidate: previous candidates of its strategy
        std::vector<std::vector<int>> by_last;     ///< per previous candidate: its labels' indices
    };
    /// Fills `sh` for position p > 0 (no chunk start) of a sequence, `prev` being position p - 1's labels:
    /// the candidates of stack `st` that `allowed` lets in, grouped by switch column. `mem_rest`:
    /// rest_m[p + 1] and the stage's memory offset (added in this order, as the DP's check does);
    /// `filter`: the DP's Pareto filter (its second argument receives what paretoFilter's but_last does);
    /// `each` runs the groups (each writes only its own entries).
    void shareColumns(const Class& cl, int pst, int st, const std::vector<SeqLabel>& prev,
                      const std::function<bool(int)>& allowed, std::array<double, 2> mem_rest,
                      const std::function<void(std::vector<SeqLabel>&, std::vector<SeqLabel>*)>& filter,
                      ColumnShare& sh, const EachIndex& each);
    /// Least m c + e of the embedding/head options on a first or last stage.
    double vocabTime(bool first) const {
        double best = kInf;
        for (const auto& vc : vocab_) {
            const LayerCost& e = first ? vc.first : vc.last;
            best = std::min(best, t_.m * e.perMicro() + e.perIteration());
        }
        return best;
    }
    std::vector<StagePoint> readout(const Class& cl, int pos_index, int stage, const VocabCfg& vc,
                                    double c_const, double e_const) const;
    double p2pHalf(int boundary_layer, int from_stage, int to_stage) const;
    /// Strategies of the sequence prefix ending at `pos_index` (relative positions).
    std::vector<LayerStrategy> reconstruct(const Class& cl, int pos_index, int label,
                                           const std::vector<int>& positions) const;

    Context& ctx_;
    Task t_;
    double budget_, bound_;
    double hint_ = 0, proven_ = 0, upper_ = 0;
    bool certified_ = true;
    double round_bound_ = kInf; ///< the bound of solveDeepening's last round (kInf outside it)
    /// The solve's result certified against the least bound its DPs pruned with (certified()).
    TaskResult certify(TaskResult r);
    TaskResult solveTask();
    /// Labels this solver's DPs kept (solveDeepening compares its rounds by them).
    std::atomic<std::int64_t> labels_{0};
    const std::atomic<double>* live_ = nullptr;
    /// Tightens bound_ from the live bound (valid: it never drops below the final k-th best).
    void refreshBound() {
        if (live_)
            bound_ = std::min(bound_, live_->load(std::memory_order_relaxed) * t_.batch * (1 + kTieSlack));
    }
    /// The task's root bound while solveDeepening runs (0 otherwise): no plan of the task is faster.
    double floor_ = 0;
    /// Set once the bound in force (lowered by the live bound while other tasks finish) drops below
    /// floor_: no plan of the task can be kept any more, and its DPs stop (solveDeepening then returns
    /// nothing found, proven above that bound).
    std::atomic<bool> cut_{false};
    /// True when `bound` (the bound in force) is under the task's root bound (sets cut_).
    bool cutBelow(double bound) {
        if (bound < floor_)
            cut_.store(true, std::memory_order_relaxed);
        return cut_.load(std::memory_order_relaxed);
    }
    int G_ = 1, mb_ = 1;
    /// Block recomputation (Context::block_recompute): >= 0 while candidates are {u full, u none} and the
    /// first block_n_ layers of every chunk take the first; -1 otherwise.
    int block_n_ = -1;
    double qt_ = 0, qm_ = 0; ///< fixed-point grids of times (s) and memory (bytes), see SeqLabel
    /// The fixed-point grid of sums up to x: 2^-47 of the next power of two (see computeCosts).
    static double grid(double x) { return x > 0 && x < kInf ? std::ldexp(1.0, std::ilogb(x) + 1 - 47) : 0.0; }
    double complete_ = 0; ///< see completeUnder()
    /// Rounds a time / a memory size to its grid (exact: the grids are powers of two).
    double qT(double x) const { return qt_ > 0 ? std::nearbyint(x / qt_) * qt_ : x; }
    double qM(double x) const { return qm_ > 0 ? std::nearbyint(x / qm_) * qm_ : x; }
    /// Candidates kt of `to_stack` and kf of `from_stack` are the same strategy.
    /// A layer's memory in a stage class as the sequence DP counts it (states + in-flight activations,
    /// on the fixed-point grid); rule dominated-run compares the same value.
    double layerMemory(const Class& cl, const CandCost& x) const { return qM(x.s + cl.f * x.a); }
    bool sameStrategy(int from_stack, int kf, int to_stack, int kt) const {
        if (from_stack == to_stack)
            return kf == kt;
        return cand_[static_cast<std::size_t>(from_stack)][static_cast<std::size_t>(kf)] ==
               cand_[static_cast<std::size_t>(to_stack)][static_cast<std::size_t>(kt)];
    }
    std::vector<std::vector<LayerStrategy>> cand_; ///< per stack, after filtering
    /// Which lists cand_ holds: buildCandidates' (0), after dropDominated (1; 2 with one strategy for
    /// all layers, whose dominance differs); with cand_base_ empty (restricted to one strategy), others.
    int list_ = 0;
    /// Per stack, the index of each of cand_'s strategies in Context::candidates (empty: not a subset
    /// of it in order, as when restricted to one strategy; computeCosts then looks each one up).
    std::vector<std::vector<std::size_t>> cand_base_;
    std::map<int, std::vector<std::vector<CandCost>>> costs_;     ///< rc -> stack -> k
    std::map<std::tuple<int, int, int>, std::vector<double>> sw_; ///< (rc, from, to) -> K*K
    std::map<std::tuple<int, int, int>, SwitchClasses> swc_;      ///< (rc, from, to)
    std::vector<VocabCfg> vocab_;
    std::vector<int> rcs_; ///< rank classes of the stages
    double cmin_ = 0;      ///< fastest per-micro-batch time of any candidate of any layer and rank class
    std::vector<double> cmin_type_; ///< per layer type (stack): its fastest candidate's c, any rank class
    std::map<std::tuple<double, bool, bool, int, int>, Class> classes_;
};

} // namespace gx::planner
