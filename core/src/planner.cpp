// Exact planner: per-layer strategies + pipeline stage partition under a per-GPU memory budget.
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
//     candidate) are dropped; tasks whose compute-only lower bound exceeds the k-th best are skipped,
//     and so are tasks whose stages cannot hold the model (memory-lower-bound).
//  5. Branch and bound inside a task: a label is dropped when a lower bound on T through it exceeds the
//     bound, using the LP relaxation (lower convex hull) and an integral knapsack table of the layers
//     still to come under the memory left, plus the other stages' least compute. The bound is the k-th
//     best per-sample time found so far, shared live between threads, and each task is solved by
//     iterative deepening from its root lower bound, which keeps few labels near the optimum.
//  One stage (pp = 1) has T = m C + E, so its labels are (m c + e, memory, transient) only; with
//  several stages T rises with a stage's C at rate >= 1/v and with its E at rate <= 1, so dominance is
//  checked on (c, c/v + e) (and (max C, sum C, sum C/v + max E) for partition labels).
// Determinism: tasks run on a thread pool but each task's optimum does not depend on timing (pruning
// only removes labels whose lower bound exceeds a bound that is never below the final k-th best), and the
// final reduction sorts by (time per sample, peak memory, task order).
#include "gx/search.h"
#include "gx/search_space.h"

#include "gx/error.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>
#include <tuple>
#include <utility>

namespace gx {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

bool isPow2(int n) {
    return n > 0 && (n & (n - 1)) == 0;
}

struct Task {
    int batch = 1, pp = 1, m = 1, v = 1;
    Schedule schedule = Schedule::OneFOneB;
    double lower_bound = 0; ///< per sample
    int order = 0;          ///< enumeration order (deterministic tie-break)
};

/// Per-layer cost vector of one candidate in one rank class.
struct CandCost {
    double c = 0, e = 0, s = 0, a = 0, w = 0;
};

struct SeqLabel {
    double c, e, m, w;
    int prev; ///< index in the previous position's arena, -1 at the first position of the sequence
    int k;    ///< candidate index (in the position's stack list)
};

struct StagePoint {
    double C, E, M;
    int label; ///< index into the sequence arena at the prefix's last position
};

struct PartLabel {
    double maxC, sumC, maxE, maxM;
    int prev;  ///< index in the previous stage row's cell (for interleaved: previous row)
    int prevj; ///< previous cell (layers so far)
    int n;     ///< layers of this stage
    int point; ///< StagePoint index
};

struct RuleCounter {
    std::mutex mu;
    std::map<std::string, std::int64_t> counts;
    void add(const std::string& rule, std::int64_t n = 1) {
        std::lock_guard lock(mu);
        counts[rule] += n;
    }
};

/// 2-D staircase of (a, b) points: answers "is there a point with a' <= a and b' <= b" in O(log n).
class Staircase {
public:
    bool dominates(double a, double b) const {
        auto it = std::upper_bound(pts_.begin(), pts_.end(), a,
                                   [](double x, const std::pair<double, double>& p) { return x < p.first; });
        if (it == pts_.begin())
            return false;
        return std::prev(it)->second <= b;
    }
    /// Adds (a, b); the caller has checked that no point dominates it.
    void insert(double a, double b) {
        auto lo = std::lower_bound(pts_.begin(), pts_.end(), a,
                                   [](const std::pair<double, double>& p, double x) { return p.first < x; });
        auto hi = lo;
        while (hi != pts_.end() && hi->second >= b)
            ++hi;
        lo = pts_.erase(lo, hi);
        pts_.insert(lo, {a, b});
    }

private:
    std::vector<std::pair<double, double>> pts_; ///< a ascending, b strictly descending
};

/// Keeps the Pareto-minimal labels of `in` over N <= 4 keys (all <= dominates; equal keeps the first),
/// in lexicographic key order. After sorting by the first key, a label is dominated exactly when an
/// earlier kept label is <= in the remaining keys: a running minimum (N = 2), a staircase (N = 3), or
/// one staircase per distinct value of the remaining key with the fewest values (N = 4, e.g. the
/// transient-buffer maximum, which takes one value per strategy). Kung, Luccio & Preparata (JACM 1975)
/// give the general maxima-of-vectors bounds this follows.
template <class L, class K> void paretoFilter(std::vector<L>& in, K key) {
    if (in.size() <= 1)
        return;
    using Key = decltype(key(in[0]));
    constexpr std::size_t N = std::tuple_size_v<Key>;
    static_assert(N >= 2 && N <= 4);
    std::vector<std::pair<Key, int>> items(in.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        items[i] = {key(in[i]), static_cast<int>(i)};
    std::sort(items.begin(), items.end()); // index breaks ties: stable
    std::vector<L> out;
    out.reserve(items.size());
    if constexpr (N == 2) {
        double best = std::numeric_limits<double>::infinity();
        for (const auto& [k, i] : items)
            if (!(best <= k[1])) {
                best = k[1];
                out.push_back(in[static_cast<std::size_t>(i)]);
            }
    } else if constexpr (N == 3) {
        Staircase st;
        for (const auto& [k, i] : items)
            if (!st.dominates(k[1], k[2])) {
                st.insert(k[1], k[2]);
                out.push_back(in[static_cast<std::size_t>(i)]);
            }
    } else {
        // Level dimension: the last key when it takes few values (labels put the transient-buffer
        // maximum there), else the one of keys 1..3 with the fewest distinct values.
        std::size_t lvl = 3, fewest = std::numeric_limits<std::size_t>::max();
        std::vector<double> values, best_values;
        for (std::size_t d = 3; d >= 1; --d) {
            values.clear();
            for (const auto& it : items)
                values.push_back(it.first[d]);
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
            if (values.size() < fewest) {
                fewest = values.size();
                lvl = d;
                best_values = values;
            }
            if (fewest <= 16)
                break;
        }
        const std::size_t a = lvl == 1 ? 2 : 1, b = lvl == 3 ? 2 : 3;
        std::vector<Staircase> levels(best_values.size());
        for (const auto& [k, i] : items) {
            const auto pos = static_cast<std::size_t>(
                std::lower_bound(best_values.begin(), best_values.end(), k[lvl]) - best_values.begin());
            bool dominated = false;
            for (std::size_t q = 0; q <= pos && !dominated; ++q)
                dominated = levels[q].dominates(k[a], k[b]);
            if (!dominated) {
                levels[pos].insert(k[a], k[b]);
                out.push_back(in[static_cast<std::size_t>(i)]);
            }
        }
    }
    in.swap(out);
}

/// Lower convex hull of (memory, time) points, memory ascending and time descending: h(x) is the least
/// average time per layer of a fractional mix of candidates using x memory per layer on average - the
/// LP relaxation of the multiple-choice knapsack over the remaining layers (Sinha & Zoltners,
/// Operations Research 1979), so q * h(mem / q) bounds the time of q more layers from below.
using Hull = std::vector<std::pair<double, double>>;

Hull lowerHull(std::vector<std::pair<double, double>> pts) {
    std::sort(pts.begin(), pts.end());
    Hull hull;
    for (const auto& q : pts) {
        if (!hull.empty() && q.second >= hull.back().second)
            continue; // more memory and not faster
        while (hull.size() >= 2) {
            const auto& a = hull[hull.size() - 2];
            const auto& b = hull.back();
            // b above or on the segment a-q: not on the lower hull
            if ((b.second - a.second) * (q.first - a.first) >= (q.second - a.second) * (b.first - a.first))
                hull.pop_back();
            else
                break;
        }
        hull.push_back(q);
    }
    return hull;
}

/// q * h(mem_left / q); infinity when q layers cannot fit in mem_left.
double hullBound(const Hull& hull, double q, double mem_left) {
    if (q <= 0)
        return 0.0;
    const double x = mem_left / q;
    if (hull.empty() || x < hull.front().first)
        return std::numeric_limits<double>::infinity();
    if (x >= hull.back().first)
        return q * hull.back().second;
    std::size_t i = 1;
    while (hull[i].first < x)
        ++i;
    const auto& a = hull[i - 1];
    const auto& b = hull[i];
    return q * (a.second + (b.second - a.second) * (x - a.first) / (b.first - a.first));
}

/// Pareto filter of partition labels: T = (m - 1/v) max C + sum C / v + max E falls with max C, sum C
/// and sum C / v + max E (see the header), so those three decide; among equal ones the lower peak
/// memory (sorted first by the four-key pass) is kept.
void filterPartition(std::vector<PartLabel>& cell, double v) {
    paretoFilter(cell, [v](const PartLabel& p) {
        return std::array<double, 4>{p.maxC, p.sumC, p.sumC / v + p.maxE, p.maxM};
    });
    paretoFilter(cell, [v](const PartLabel& p) {
        return std::array<double, 3>{p.maxC, p.sumC, p.sumC / v + p.maxE};
    });
}

/// Everything shared by all tasks of one search.
struct Context {
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
    std::atomic<std::int64_t> dp_states{0}, plans_evaluated{0}, tree_nodes{0}, leaves{0};
    std::map<int, std::vector<std::vector<LayerStrategy>>> candidates; ///< pp -> per stack
    bool rule(const char* name) const { return space.ruleEnabled(name); }
};

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

private:
    TaskResult solveCore();
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
        std::vector<std::vector<SeqLabel>> arena; ///< per relative position
        bool done = false;
    };

    int stackAt(int layer) const { return ctx_.stack_of[static_cast<std::size_t>(layer)]; }
    const CandCost& cc(int rc, int stack, int k) const {
        return costs_.at(rc)[static_cast<std::size_t>(stack)][static_cast<std::size_t>(k)];
    }
    double sw(int rc, int from_stack, int to_stack, int kf, int kt);
    /// Hull of the candidates' (s + f a, m c + e) for a rank class and in-flight count (one layer type).
    /// (compute_only: of (s + f a, c)).
    Hull classHull(int rc, double f, bool compute_only = false) const {
        std::vector<std::pair<double, double>> pts;
        for (const CandCost& x : costs_.at(rc)[0])
            pts.emplace_back(x.s + f * x.a, compute_only ? x.c : t_.m * x.c + x.e);
        return lowerHull(std::move(pts));
    }
    /// LP relaxation of pipeline stage i (one layer type) under its memory room, with the least
    /// embedding/head extras of a first or last stage: lower bounds on m C_i + E_i and on C_i.
    struct StageRelax {
        Hull time_hull, compute_hull;
        double room = 0, t_extra = 0, c_extra = 0;
        double time(int n) const { return hullBound(time_hull, n, room) + t_extra; }
        double compute(int n) const { return hullBound(compute_hull, n, room) + c_extra; }
    };
    StageRelax stageRelax(int i) const {
        const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
        const bool first = i == 0, last = i == t_.pp - 1;
        const double f = CostModel::inflightMicroBatches(t_.schedule, t_.pp, t_.v, t_.m, i);
        StageRelax r;
        r.room = budget_ - ctx_.reserved;
        if (first || last) {
            const auto [emb, w_emb] = vocabMemory(first, f);
            r.room -= emb + w_emb;
            r.t_extra = vocabTime(first);
            r.c_extra = kInf;
            for (const auto& vc : vocab_)
                r.c_extra = std::min(r.c_extra, (first ? vc.first : vc.last).perMicro());
        }
        const int rc = (i * G_) % gpn;
        r.time_hull = classHull(rc, f);
        r.compute_hull = classHull(rc, f, true);
        return r;
    }
    /// Memory of the lightest embedding/head option of a first or last stage, and its transient.
    std::pair<double, double> vocabMemory(bool first, double f) const {
        double best = kInf, bw = kInf;
        for (const auto& vc : vocab_) {
            const LayerCost& e = first ? vc.first : vc.last;
            best = std::min(best, e.states() + f * e.activations);
            bw = std::min(bw, e.transient);
        }
        return {best, bw};
    }
    /// Lower bound on the task's iteration time: the compute-only bound, and for one stage of one layer
    /// type the LP relaxation over all layers under the budget.
    double rootBound() const;
    TaskResult solveDeepening();
    /// Most layers each stage can hold (lightest candidate per layer, lightest embedding/head option);
    /// false when the stages together cannot hold the model (rule memory-lower-bound).
    bool layerCapacity();
    std::vector<int> cap_;      ///< per stage (v = 1) - L when the rule is off
    std::vector<int> cap_from_; ///< cap_from_[i] = sum of cap_[i..pp-1]
    const std::vector<double>& swMatrix(int rc, int from_stack, int to_stack);
    void buildCandidates();
    bool buildVocab();
    Class& classFor(int stage, int start);
    /// `extra_t`: a lower bound on m C + E the stage adds outside its layers (p2p, embedding/head);
    /// `others`: for interleaved stages, a lower bound on the other stages' sum C / v (< 0: automatic).
    void runSequence(Class& cl, const std::vector<int>& positions, const std::vector<char>& reset,
                     int record_from, double extra_t = 0, double others_lb = -1);
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
    const std::atomic<double>* live_ = nullptr;
    /// Tightens bound_ from the live bound (valid: it never drops below the final k-th best).
    void refreshBound() {
        if (live_)
            bound_ = std::min(bound_, live_->load(std::memory_order_relaxed) * t_.batch * (1 + 1e-12));
    }
    int G_ = 1, mb_ = 1;
    std::vector<std::vector<LayerStrategy>> cand_;                ///< per stack, after filtering
    std::map<int, std::vector<std::vector<CandCost>>> costs_;     ///< rc -> stack -> k
    std::map<std::tuple<int, int, int>, std::vector<double>> sw_; ///< (rc, from, to) -> K*K
    std::vector<VocabCfg> vocab_;
    std::vector<int> rcs_; ///< rank classes of the stages
    double cmin_ = 0;      ///< fastest per-micro-batch time of any candidate of any layer and rank class
    std::map<std::tuple<double, bool, bool, int, int>, Class> classes_;
};

double TaskSolver::p2pHalf(int boundary_layer, int from_stage, int to_stage) const {
    const StageShape shape{G_, from_stage * G_, mb_, t_.m};
    return ctx_.cost.p2pTime(ctx_.cost.model().layer(boundary_layer), LayerStrategy{}, shape, from_stage * G_,
                             to_stage * G_) /
           2;
}

double TaskSolver::sw(int rc, int from_stack, int to_stack, int kf, int kt) {
    return swMatrix(
        rc, from_stack,
        to_stack)[static_cast<std::size_t>(kf) * cand_[static_cast<std::size_t>(to_stack)].size() +
                  static_cast<std::size_t>(kt)];
}

const std::vector<double>& TaskSolver::swMatrix(int rc, int from_stack, int to_stack) {
    auto key = std::make_tuple(rc, from_stack, to_stack);
    auto it = sw_.find(key);
    if (it == sw_.end()) {
        const auto& A = cand_[static_cast<std::size_t>(from_stack)];
        const auto& B = cand_[static_cast<std::size_t>(to_stack)];
        std::vector<double> mat(A.size() * B.size());
        const StageShape shape{G_, rc, mb_, t_.m};
        const auto& type = ctx_.cost.model().stacks[static_cast<std::size_t>(to_stack)].type;
        for (std::size_t i = 0; i < A.size(); ++i)
            for (std::size_t j = 0; j < B.size(); ++j)
                mat[i * B.size() + j] = ctx_.cost.switchTime(type, A[i], B[j], shape);
        it = sw_.emplace(key, std::move(mat)).first;
    }
    return it->second;
}

void TaskSolver::computeCosts() {
    const auto& stacks = ctx_.cost.model().stacks;
    const auto& rcs = rcs_;
    costs_.clear();
    cmin_ = kInf;
    for (int rc : rcs) {
        auto& per = costs_[rc];
        per.resize(stacks.size());
        const StageShape shape{G_, rc, mb_, t_.m};
        for (std::size_t s = 0; s < stacks.size(); ++s)
            for (const auto& c : cand_[s]) {
                const LayerCost lc = ctx_.cost.layer(stacks[s].type, c, shape);
                per[s].push_back(
                    {lc.perMicro(), lc.perIteration(), lc.states(), lc.activations, lc.transient});
                cmin_ = std::min(cmin_, lc.perMicro());
            }
    }
}

void TaskSolver::buildCandidates() {
    const auto& base = ctx_.candidates.at(t_.pp);
    const auto& stacks = ctx_.cost.model().stacks;
    cand_.assign(stacks.size(), {});
    for (std::size_t s = 0; s < stacks.size(); ++s)
        for (const auto& c : base[s]) {
            if (mb_ % c.dp != 0) {
                ctx_.rules.add(rules::kBatchDivisible);
                continue;
            }
            cand_[s].push_back(c);
        }
    // Rank classes of the stages: costs only depend on the first rank modulo the node size.
    const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
    std::vector<int> rcs;
    for (int i = 0; i < t_.pp; ++i)
        rcs.push_back((i * G_) % gpn);
    std::sort(rcs.begin(), rcs.end());
    rcs.erase(std::unique(rcs.begin(), rcs.end()), rcs.end());
    rcs_ = rcs;
    computeCosts();
    // Uniform layers over several stacks need the same strategy in every stack: per-stack dominance
    // could drop it from one list only.
    if (!ctx_.rule(rules::kDominatedStrategy) || (ctx_.opt.uniform_layers && stacks.size() > 1))
        return;
    // Dominance: replacing every use of k by k2 never makes anything worse (see header comment).
    bool changed = false;
    std::vector<std::vector<LayerStrategy>> kept(stacks.size());
    for (std::size_t s = 0; s < stacks.size(); ++s) {
        const int K = static_cast<int>(cand_[s].size());
        std::vector<char> drop(static_cast<std::size_t>(K), 0);
        for (int k = 0; k < K; ++k) {
            for (int k2 = 0; k2 < K && !drop[static_cast<std::size_t>(k)]; ++k2) {
                if (k2 == k)
                    continue;
                bool le = true, strict = false;
                for (int rc : rcs) {
                    const auto& a = cc(rc, static_cast<int>(s), k2);
                    const auto& b = cc(rc, static_cast<int>(s), k);
                    const double av[5] = {a.c, a.e, a.s, a.a, a.w}, bv[5] = {b.c, b.e, b.s, b.a, b.w};
                    for (int d = 0; d < 5; ++d) {
                        if (av[d] > bv[d])
                            le = false;
                        if (av[d] < bv[d])
                            strict = true;
                    }
                    if (!le)
                        break;
                    const int si = static_cast<int>(s);
                    auto chk = [&](double x, double y) {
                        if (x > y)
                            le = false;
                        if (x < y)
                            strict = true;
                    };
                    // Pairs among {k, k2} become (k2, k2); they only need <= (strictness from them
                    // would let two identical candidates drop each other).
                    le = le && sw(rc, si, si, k2, k2) <= sw(rc, si, si, k, k) &&
                         sw(rc, si, si, k2, k2) <= sw(rc, si, si, k2, k) &&
                         sw(rc, si, si, k2, k2) <= sw(rc, si, si, k, k2);
                    for (int x = 0; x < K && le; ++x) {
                        if (x == k || x == k2)
                            continue;
                        chk(sw(rc, si, si, x, k2), sw(rc, si, si, x, k));
                        chk(sw(rc, si, si, k2, x), sw(rc, si, si, k, x));
                    }
                    if (si > 0)
                        for (int x = 0; x < static_cast<int>(cand_[s - 1].size()) && le; ++x)
                            chk(sw(rc, si - 1, si, x, k2), sw(rc, si - 1, si, x, k));
                    if (s + 1 < stacks.size())
                        for (int x = 0; x < static_cast<int>(cand_[s + 1].size()) && le; ++x)
                            chk(sw(rc, si, si + 1, k2, x), sw(rc, si, si + 1, k, x));
                    if (!le)
                        break;
                }
                if (le && (strict || k2 < k))
                    drop[static_cast<std::size_t>(k)] = 1;
            }
        }
        for (int k = 0; k < K; ++k) {
            if (drop[static_cast<std::size_t>(k)]) {
                changed = true;
                ctx_.rules.add(rules::kDominatedStrategy);
            } else {
                kept[s].push_back(cand_[s][static_cast<std::size_t>(k)]);
            }
        }
    }
    if (changed) {
        cand_ = std::move(kept);
        sw_.clear();
        computeCosts();
    }
}

bool TaskSolver::buildVocab() {
    const auto& o = ctx_.opt;
    const bool p2 = ctx_.space.pow2();
    for (int vt : SearchSpace::degrees(G_, p2)) {
        if (ctx_.rule(rules::kUser) && o.max_tp > 0 && vt > o.max_tp)
            continue;
        const int dv = G_ / vt;
        if (mb_ % dv != 0) {
            ctx_.rules.add(rules::kBatchDivisible);
            continue;
        }
        std::vector<DpType> types;
        if (dv == 1)
            types = {DpType::DDP};
        else
            types = o.dp_types;
        for (DpType dt : types) {
            VocabCfg vc;
            vc.vt = vt;
            vc.dt = dt;
            const StageShape s0{G_, 0, mb_, t_.m};
            const StageShape sl{G_, ((t_.pp - 1) * G_), mb_, t_.m};
            vc.first = ctx_.cost.embeddingAndHead(true, t_.pp == 1, vt, dt, s0);
            vc.last = t_.pp == 1 ? vc.first : ctx_.cost.embeddingAndHead(false, true, vt, dt, sl);
            vocab_.push_back(vc);
        }
    }
    if (ctx_.rule(rules::kDominatedStrategy) && vocab_.size() > 1) {
        auto vec = [](const LayerCost& c) {
            return std::array<double, 5>{c.perMicro(), c.perIteration(), c.states(), c.activations,
                                         c.transient};
        };
        std::vector<VocabCfg> kept;
        for (std::size_t i = 0; i < vocab_.size(); ++i) {
            bool dom = false;
            for (std::size_t j = 0; j < vocab_.size() && !dom; ++j) {
                if (i == j)
                    continue;
                const auto a1 = vec(vocab_[j].first), b1 = vec(vocab_[i].first);
                const auto a2 = vec(vocab_[j].last), b2 = vec(vocab_[i].last);
                bool le = true, strict = false;
                for (int d = 0; d < 5; ++d) {
                    le = le && a1[d] <= b1[d] && a2[d] <= b2[d];
                    strict = strict || a1[d] < b1[d] || a2[d] < b2[d];
                }
                dom = le && (strict || j < i);
            }
            if (dom)
                ctx_.rules.add(rules::kDominatedStrategy);
            else
                kept.push_back(vocab_[i]);
        }
        vocab_ = std::move(kept);
    }
    return !vocab_.empty();
}

TaskSolver::Class& TaskSolver::classFor(int stage, int start) {
    const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
    const double f = CostModel::inflightMicroBatches(t_.schedule, t_.pp, t_.v, t_.m, stage);
    const bool first = stage == 0, last = stage == t_.pp - 1;
    const int rc = (stage * G_) % gpn;
    auto key = std::make_tuple(f, first, last, rc, ctx_.single_type ? 0 : start);
    auto& cl = classes_[key];
    cl.f = f;
    cl.first = first;
    cl.last = last;
    cl.rc = rc;
    return cl;
}

/// Sequence DP over `positions` (global layer ids); reset[p] marks a chunk start (no switch cost).
void TaskSolver::runSequence(Class& cl, const std::vector<int>& positions, const std::vector<char>& reset,
                             int record_from, double extra_t, double others_lb) {
    // Memory slack: the lightest vocabulary option's extras (exact check happens at readout).
    double mem_off = ctx_.reserved, w_emb = 0;
    if (cl.first || cl.last) {
        const auto [best, bw] = vocabMemory(cl.first, cl.f);
        mem_off += best;
        w_emb = bw;
    }
    const double m = t_.m;
    // When the whole sequence is always used (one stage, or an interleaved stage), the layers still to
    // come add at least their fastest candidate's c and e: a valid lower bound for pruning.
    const bool whole = record_from < 0;
    // One stage (pp = 1): T = m * C + E exactly, so labels only need (m c + e, memory, transient).
    const bool scalar = whole && t_.pp == 1;
    // Otherwise T grows with a stage's C at a rate of at least 1/v (the sum C / v term) and with its E
    // at a rate of at most 1 (max E): a label with c <= c' and c/v + e <= c'/v + e' is never worse
    // than (c', e'), so dominance is checked on (c, c/v + e) rather than (c, e).
    const double iv = 1.0 / t_.v;
    auto filterLabels = [&](std::vector<SeqLabel>& labels) {
        if (scalar)
            paretoFilter(labels, [m](const SeqLabel& l) {
                return std::array<double, 3>{m * l.c + l.e, l.m, l.w};
            });
        else
            paretoFilter(labels, [iv](const SeqLabel& l) {
                return std::array<double, 4>{l.c, l.c * iv + l.e, l.m, l.w};
            });
    };
    std::vector<double> rest_c(positions.size() + 1, 0.0), rest_e(positions.size() + 1, 0.0),
        rest_m(positions.size() + 1, 0.0);
    if (whole)
        for (std::size_t q = positions.size(); q-- > 0;) {
            const int st = stackAt(positions[q]);
            double cm = kInf, em = kInf, mm = kInf;
            for (int k = 0; k < static_cast<int>(cand_[static_cast<std::size_t>(st)].size()); ++k) {
                const CandCost& x = cc(cl.rc, st, k);
                cm = std::min(cm, x.c);
                em = std::min(em, x.e);
                mm = std::min(mm, x.s + cl.f * x.a);
            }
            rest_c[q] = rest_c[q + 1] + cm;
            rest_e[q] = rest_e[q + 1] + em;
            rest_m[q] = rest_m[q + 1] + mm;
        }
    // A stage prefix of n layers (pp > 1, one stage per pipeline rank): the other L - n layers run on
    // pp - 1 stages, each layer taking at least the fastest candidate's time R / (L - n), so
    // T = (m - 1) max C + sum C + max E >= (m - 1) max(c, R / (pp - 1)) + c + R + e.
    const int pp = t_.pp;
    const double L_all = ctx_.layers;
    // Whole sequences of one layer type: the q layers still to come must fit in the memory left, so
    // they take at least q * h(memory left / q), h being the lower convex hull of the candidates'
    // (memory, m c + e) points - the LP relaxation of the remaining multiple-choice knapsack.
    const bool use_hull = whole && ctx_.single_type;
    const Hull hull = use_hull ? classHull(cl.rc, cl.f) : Hull{};
    // The integral version of the same bound: a knapsack table over memory rounded down to buckets
    // (sum of floors <= floor of sum, so the table never overestimates). rest_tab[q][b] is the least
    // m c + e of q layers whose rounded memory fits in b buckets; switch costs (>= 0) are left out.
    constexpr int kBuckets = 1024;
    const double bucket = budget_ / kBuckets;
    const std::size_t len = positions.size();
    std::vector<double> rest_tab;
    if (use_hull && len > 4) {
        std::vector<std::pair<int, double>> items;
        for (const CandCost& x : costs_.at(cl.rc)[0])
            items.emplace_back(static_cast<int>(std::floor((x.s + cl.f * x.a) / bucket)), m * x.c + x.e);
        rest_tab.assign((len + 1) * (kBuckets + 1), kInf);
        std::fill(rest_tab.begin(), rest_tab.begin() + kBuckets + 1, 0.0);
        for (std::size_t q = 1; q <= len; ++q) {
            const double* prev = &rest_tab[(q - 1) * (kBuckets + 1)];
            double* row = &rest_tab[q * (kBuckets + 1)];
            for (const auto& [wk, tk] : items)
                for (int b = std::max(wk, 0); b <= kBuckets; ++b)
                    row[b] = std::min(row[b], prev[b - std::max(wk, 0)] + tk);
        }
    }
    auto hullRest = [&](std::size_t p, double mem_left) {
        const std::size_t q = len - p - 1;
        if (!use_hull)
            return m * rest_c[p + 1] + rest_e[p + 1];
        double lb = hullBound(hull, double(q), mem_left);
        if (!rest_tab.empty() && lb < kInf) {
            const double b = std::floor(mem_left / bucket);
            if (b < 0)
                return kInf;
            lb = std::max(
                lb, rest_tab[q * (kBuckets + 1) + static_cast<std::size_t>(std::min<double>(b, kBuckets))]);
        }
        return lb;
    };
    // Interleaved (T = (m - 1/v) max C + sum C / v + max E): T >= m C_i + E_i + (other stages' C) / v.
    const double others = !(whole && pp > 1) ? 0.0
                          : others_lb >= 0   ? others_lb
                                             : (L_all - double(positions.size())) * cmin_ / t_.v;
    auto prefixBound = [&](double c, double e, double mm, double w, std::size_t p) {
        if (whole || pp < 2)
            return m * c + e + others + extra_t +
                   hullRest(p, budget_ * (1 + 1e-12) - mm - mem_off - std::max(w, w_emb));
        const double R = (L_all - double(p + 1)) * cmin_;
        return (m - 1) * std::max(c, R / (pp - 1)) + c + R + e;
    };
    // Candidates that cannot appear even once: one layer of k plus the best relaxed completion of the
    // other len - 1 layers already exceeds the bound (whole sequences of one layer type).
    std::vector<char> usable;
    if (use_hull) {
        refreshBound();
        const auto& row = costs_.at(cl.rc)[0];
        usable.assign(row.size(), 1);
        for (std::size_t k = 0; k < row.size(); ++k) {
            const CandCost& x = row[k];
            const double mk = x.s + cl.f * x.a;
            if (prefixBound(x.c, x.e, mk, x.w, 0) > bound_) {
                usable[k] = 0;
                ctx_.rules.add(rules::kTimeLowerBound);
            }
        }
    }
    cl.arena.assign(positions.size(), {});
    std::vector<SeqLabel> cell;
    for (std::size_t p = 0; p < positions.size(); ++p) {
        if (ctx_.stop.stop_requested())
            return;
        refreshBound();
        const int layer = positions[p];
        const int st = stackAt(layer);
        const int K = static_cast<int>(cand_[static_cast<std::size_t>(st)].size());
        auto& out = cl.arena[p];
        // At a chunk start (no switch cost) the previous strategy no longer matters: extend only the
        // labels that are Pareto-minimal over all previous strategies (the same result, fewer pushes).
        std::vector<int> sources;
        if (p > 0 && reset[p]) {
            std::vector<SeqLabel> all = cl.arena[p - 1];
            for (std::size_t li = 0; li < all.size(); ++li)
                all[li].prev = static_cast<int>(li); // remember the label's index
            filterLabels(all);
            for (const auto& a : all)
                sources.push_back(a.prev);
            std::sort(sources.begin(), sources.end());
        }
        for (int k = 0; k < K; ++k) {
            if (!usable.empty() && !usable[static_cast<std::size_t>(k)])
                continue;
            const CandCost& x = cc(cl.rc, st, k);
            cell.clear();
            const double mk = x.s + cl.f * x.a;
            auto push = [&](double c, double e, double mm, double w, int prev) {
                if (mm + rest_m[p + 1] + mem_off + std::max(w, w_emb) > budget_ * (1 + 1e-12))
                    return;
                if (prefixBound(c, e, mm, w, p) > bound_)
                    return;
                cell.push_back({c, e, mm, w, prev, k});
            };
            if (p == 0) {
                push(x.c, x.e, mk, x.w, -1);
            } else {
                const auto& prevArena = cl.arena[p - 1];
                const int pst = stackAt(positions[p - 1]);
                const std::vector<double>& swm = swMatrix(cl.rc, pst, st);
                const std::size_t Kt = cand_[static_cast<std::size_t>(st)].size();
                if (reset[p]) {
                    for (int li : sources) {
                        const SeqLabel& L = prevArena[static_cast<std::size_t>(li)];
                        push(L.c + x.c, L.e + x.e, L.m + mk, std::max(L.w, x.w), li);
                    }
                } else {
                    for (std::size_t li = 0; li < prevArena.size(); ++li) {
                        const SeqLabel& L = prevArena[li];
                        // (uniform_layers: solve() restricts every list to one strategy)
                        const double s =
                            swm[static_cast<std::size_t>(L.k) * Kt + static_cast<std::size_t>(k)];
                        push(L.c + s + x.c, L.e + x.e, L.m + mk, std::max(L.w, x.w), static_cast<int>(li));
                    }
                }
            }
            filterLabels(cell);
            ctx_.dp_states.fetch_add(static_cast<std::int64_t>(cell.size()), std::memory_order_relaxed);
            out.insert(out.end(), cell.begin(), cell.end());
        }
        if (out.empty()) {
            cl.arena.resize(p + 1);
            break;
        }
    }
    cl.done = true;
}

std::vector<StagePoint> TaskSolver::readout(const Class& cl, int pos_index, int /*stage*/, const VocabCfg& vc,
                                            double c_const, double e_const) const {
    std::vector<StagePoint> pts;
    if (pos_index < 0 || pos_index >= static_cast<int>(cl.arena.size()))
        return pts;
    double mem_off = ctx_.reserved, w_emb = 0;
    double cext = c_const, eext = e_const;
    if (cl.first || cl.last) {
        const LayerCost& e = cl.first ? vc.first : vc.last;
        mem_off += e.states() + cl.f * e.activations;
        w_emb = e.transient;
        cext += e.perMicro();
        eext += e.perIteration();
    }
    const auto& ar = cl.arena[static_cast<std::size_t>(pos_index)];
    for (std::size_t i = 0; i < ar.size(); ++i) {
        const SeqLabel& L = ar[i];
        const double M = L.m + mem_off + std::max(L.w, w_emb);
        if (M > budget_ * (1 + 1e-12)) // rounding: the DP sums in another order than evaluate()
            continue;
        pts.push_back({L.c + cext, L.e + eext, M, static_cast<int>(i)});
    }
    // Pareto over (C, C/v + E, M), then over (C, C/v + E) alone (lower memory first among equals).
    const double iv = 1.0 / t_.v; // see runSequence: (C, C/v + E) orders stages by their effect on T
    paretoFilter(pts, [iv](const StagePoint& p) { return std::array<double, 3>{p.C, p.C * iv + p.E, p.M}; });
    paretoFilter(pts, [iv](const StagePoint& p) { return std::array<double, 2>{p.C, p.C * iv + p.E}; });
    return pts;
}

std::vector<LayerStrategy> TaskSolver::reconstruct(const Class& cl, int pos_index, int label,
                                                   const std::vector<int>& positions) const {
    std::vector<LayerStrategy> out(static_cast<std::size_t>(pos_index + 1));
    int li = label;
    for (int p = pos_index; p >= 0; --p) {
        const SeqLabel& L = cl.arena[static_cast<std::size_t>(p)][static_cast<std::size_t>(li)];
        const int layer = positions[static_cast<std::size_t>(p)];
        out[static_cast<std::size_t>(p)] =
            cand_[static_cast<std::size_t>(stackAt(layer))][static_cast<std::size_t>(L.k)];
        li = L.prev;
    }
    return out;
}

TaskResult TaskSolver::solve() {
    G_ = ctx_.gpus / t_.pp;
    mb_ = t_.batch / t_.m;
    buildCandidates();
    for (const auto& c : cand_)
        if (c.empty())
            return {};
    if (!buildVocab())
        return {};
    if (!layerCapacity())
        return {};
    if (!ctx_.opt.uniform_layers)
        return solveDeepening();
    // One strategy for every layer: solve once per candidate with the lists restricted to it.
    const auto full = cand_;
    TaskResult best;
    for (const auto& u : full[0]) {
        bool ok = true;
        for (std::size_t s = 0; s < full.size(); ++s) {
            ok = ok && std::find(full[s].begin(), full[s].end(), u) != full[s].end();
            cand_[s] = {u};
        }
        if (!ok)
            continue;
        computeCosts();
        sw_.clear();
        classes_.clear();
        TaskResult r = solveCore();
        if (r.feasible && (r.T < best.T || (r.T == best.T && r.peak < best.peak)))
            best = std::move(r);
    }
    return best;
}

bool TaskSolver::layerCapacity() {
    const int pp = t_.pp, L = ctx_.layers;
    cap_.assign(static_cast<std::size_t>(pp), L);
    cap_from_.assign(static_cast<std::size_t>(pp + 1), 0);
    if (ctx_.rule(rules::kMemoryLowerBound)) {
        const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
        for (int i = 0; i < pp; ++i) {
            const bool first = i == 0, last = i == pp - 1;
            const int rc = (i * G_) % gpn;
            // Interleaved stages hold v chunks; their in-flight count is the stage's.
            const double f = CostModel::inflightMicroBatches(t_.schedule, pp, t_.v, t_.m, i);
            double per = kInf, wmin = kInf;
            for (std::size_t st = 0; st < cand_.size(); ++st)
                for (std::size_t k = 0; k < cand_[st].size(); ++k) {
                    const CandCost& x = cc(rc, static_cast<int>(st), static_cast<int>(k));
                    per = std::min(per, x.s + f * x.a);
                    wmin = std::min(wmin, x.w);
                }
            double off = ctx_.reserved;
            double w = wmin;
            if (first || last) {
                const auto [emb, w_emb] = vocabMemory(first, f);
                off += emb;
                w = std::max(w, w_emb);
            }
            const double room = budget_ * (1 + 1e-12) - off - w;
            const double n = per > 0 ? std::floor(room / per) : double(L);
            cap_[static_cast<std::size_t>(i)] = static_cast<int>(std::clamp(n, 0.0, double(L)));
        }
    }
    for (int i = pp - 1; i >= 0; --i)
        cap_from_[static_cast<std::size_t>(i)] =
            std::min(L, cap_from_[static_cast<std::size_t>(i + 1)] + cap_[static_cast<std::size_t>(i)]);
    bool ok = cap_from_[0] >= L;
    if (t_.v > 1) // equal chunks: every stage holds L / pp layers
        for (int i = 0; i < pp; ++i)
            ok = ok && cap_[static_cast<std::size_t>(i)] >= L / pp;
    if (!ok)
        ctx_.rules.add(rules::kMemoryLowerBound);
    return ok;
}

double TaskSolver::rootBound() const {
    double lb = t_.lower_bound * t_.batch;
    if (!ctx_.single_type)
        return lb;
    // Stage i holding n layers: m C_i + E_i >= h_i(n) (LP hull under the stage's memory), and the other
    // L - n layers add at least (L - n) cmin to sum C (divided by v when interleaved), so
    // T >= g_i(n) = h_i(n) + (L - n) cmin / v; every partition has T >= max_i g_i(n_i).
    const int pp = t_.pp, L = ctx_.layers, v = t_.v;
    std::vector<StageRelax> relax;
    for (int i = 0; i < pp; ++i)
        relax.push_back(stageRelax(i));
    if (v > 1) { // equal chunks: T >= m C_i + E_i + (sum of the other stages' C) / v
        double sumc = 0;
        for (const auto& r : relax)
            sumc += r.compute(L / pp);
        for (const auto& r : relax)
            lb = std::max(lb, r.time(L / pp) + (sumc - r.compute(L / pp)) / v);
        return lb;
    }
    std::vector<std::vector<double>> g(static_cast<std::size_t>(pp));
    for (int i = 0; i < pp; ++i) {
        auto& gi = g[static_cast<std::size_t>(i)];
        gi.assign(static_cast<std::size_t>(L + 1), kInf);
        for (int n = 1; n <= L; ++n)
            gi[static_cast<std::size_t>(n)] =
                relax[static_cast<std::size_t>(i)].time(n) + double(L - n) * cmin_;
    }
    // Least tau such that the stages can take all L layers with g_i(n_i) <= tau (g_i increases with n).
    std::vector<double> values;
    for (const auto& gi : g)
        for (int n = 1; n <= L; ++n)
            if (gi[static_cast<std::size_t>(n)] < kInf)
                values.push_back(gi[static_cast<std::size_t>(n)]);
    std::sort(values.begin(), values.end());
    auto layersUnder = [&](double tau) {
        long total = 0;
        for (const auto& gi : g)
            total += std::upper_bound(gi.begin() + 1, gi.end(), tau) - (gi.begin() + 1);
        return total;
    };
    std::size_t lo = 0, hi = values.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (layersUnder(values[mid]) >= L)
            hi = mid;
        else
            lo = mid + 1;
    }
    return std::max(lb, lo < values.size() ? values[lo] : kInf);
}

/// Iterative deepening on the bound: solving with a bound just above the task's lower bound keeps few
/// labels; a plan found at or under the bound is the task's optimum (every label on a better path has
/// a lower bound under it), otherwise the bound grows. The last round uses the caller's bound, so the
/// answer is the same as one solve under that bound.
TaskResult TaskSolver::solveDeepening() {
    double guess = rootBound() * (1 + 1e-3);
    double step = 0.004;
    for (;;) {
        refreshBound();
        const bool capped = !(guess < bound_);
        const double cap = bound_; // the caller's bound, lowered only by the live bound
        if (!capped)
            bound_ = guess * (1 + 1e-12);
        classes_.clear();
        TaskResult r = solveCore();
        const double used = bound_;
        bound_ = cap;
        // Certified: a plan within the bound used, or the caller's (live) bound was the one in force.
        const bool cap_in_force = used < guess * (1 + 1e-12);
        if (capped || cap_in_force || ctx_.stop.stop_requested() || (r.feasible && r.T <= used))
            return r;
        // Small steps: the labels kept grow steeply with the bound near the optimum.
        guess = r.feasible ? r.T : guess * (1 + step);
        step *= 1.5;
    }
}

TaskResult TaskSolver::solveCore() {
    TaskResult res;
    const int L = ctx_.layers, pp = t_.pp, v = t_.v;
    const double m = t_.m;
    auto objective = [&](double maxC, double sumC, double maxE) {
        return m * maxC + (sumC - maxC) / v + maxE;
    };

    std::vector<LayerStrategy> layers(static_cast<std::size_t>(L));
    std::vector<int> stage_layers;
    Plan best_plan;
    double bestT = kInf, bestPeak = kInf;

    if (v == 1) {
        // Sequences per class: positions start..L-1 (the stage takes a prefix of them).
        std::map<Class*, std::vector<int>> seq_pos;
        auto ensure = [&](int stage, int start) -> Class& {
            Class& cl = classFor(stage, start);
            if (!cl.done) {
                // A class may serve several stages: cover the longest stage any of them can hold.
                const int from = ctx_.single_type ? 0 : start;
                const int maxn = std::min(L - from, L - pp + 1);
                cl.start = from;
                std::vector<int> pos;
                for (int l = from; l < from + maxn; ++l)
                    pos.push_back(l);
                std::vector<char> reset(pos.size(), 0);
                runSequence(cl, pos, reset, pp == 1 ? -1 : 0, pp == 1 ? vocabTime(true) : 0.0);
                seq_pos[&cl] = pos;
            }
            return cl;
        };
        for (const auto& vc : vocab_) {
            if (ctx_.stop.stop_requested())
                break;
            // cells[i][j]: labels after i stages covering j layers.
            std::vector<std::vector<std::vector<PartLabel>>> cells(
                static_cast<std::size_t>(pp + 1),
                std::vector<std::vector<PartLabel>>(static_cast<std::size_t>(L + 1)));
            // Stage point sets per (stage, start, n), with their class.
            std::map<std::tuple<int, int, int>, std::vector<StagePoint>> pointsCache;
            auto points = [&](int stage, int start, int n) -> const std::vector<StagePoint>& {
                auto key = std::make_tuple(stage, ctx_.single_type ? 0 : start, n);
                auto it = pointsCache.find(key);
                if (it != pointsCache.end())
                    return it->second;
                Class& cl = ensure(stage, start);
                double cconst = 0;
                if (stage + 1 < pp)
                    cconst += p2pHalf(start + n - 1, stage, stage + 1);
                if (stage > 0)
                    cconst += p2pHalf(start - 1, stage - 1, stage);
                return pointsCache.emplace(key, readout(cl, n - 1, stage, vc, cconst, 0.0)).first->second;
            };
            cells[0][0].push_back({0, 0, 0, 0, -1, -1, 0, -1});
            for (int i = 0; i < pp; ++i) {
                refreshBound();
                for (int j = i; j <= L - (pp - i); ++j) {
                    const auto& from = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
                    if (from.empty())
                        continue;
                    const int maxn = std::min(L - j - (pp - 1 - i), cap_[static_cast<std::size_t>(i)]);
                    for (int n = 1; n <= maxn; ++n) {
                        if (i == pp - 1 && j + n != L)
                            continue;
                        // The stages after this one must be able to hold the rest (memory-lower-bound).
                        if (L - j - n > cap_from_[static_cast<std::size_t>(i + 1)])
                            continue;
                        const auto& pts = points(i, j, n);
                        if (pts.empty())
                            continue;
                        auto& to = cells[static_cast<std::size_t>(i + 1)][static_cast<std::size_t>(j + n)];
                        for (std::size_t a = 0; a < from.size(); ++a) {
                            const PartLabel& P = from[a];
                            for (std::size_t b = 0; b < pts.size(); ++b) {
                                const StagePoint& S = pts[b];
                                PartLabel N{std::max(P.maxC, S.C),
                                            P.sumC + S.C,
                                            std::max(P.maxE, S.E),
                                            std::max(P.maxM, S.M),
                                            static_cast<int>(a),
                                            j,
                                            n,
                                            static_cast<int>(b)};
                                // Lower bound with the layers still to place (as in runSequence).
                                const int left = pp - 1 - i;
                                const double R = double(L - j - n) * cmin_;
                                const double lb =
                                    left > 0 ? (m - 1) * std::max(N.maxC, R / left) + N.sumC + R + N.maxE
                                             : objective(N.maxC, N.sumC, N.maxE);
                                if (lb > bound_)
                                    continue;
                                to.push_back(N);
                            }
                        }
                    }
                }
                for (int j = 0; j <= L; ++j) {
                    auto& cell = cells[static_cast<std::size_t>(i + 1)][static_cast<std::size_t>(j)];
                    filterPartition(cell, v);
                    ctx_.dp_states.fetch_add(static_cast<std::int64_t>(cell.size()),
                                             std::memory_order_relaxed);
                }
            }
            const auto& fin = cells[static_cast<std::size_t>(pp)][static_cast<std::size_t>(L)];
            int bi = -1;
            double bT = kInf, bM = kInf;
            for (std::size_t a = 0; a < fin.size(); ++a) {
                const double T = objective(fin[a].maxC, fin[a].sumC, fin[a].maxE);
                if (T < bT || (T == bT && fin[a].maxM < bM)) {
                    bT = T;
                    bM = fin[a].maxM;
                    bi = static_cast<int>(a);
                }
            }
            if (bi < 0 || !(bT < bestT || (bT == bestT && bM < bestPeak)))
                continue;
            bestT = bT;
            bestPeak = bM;
            // Reconstruct.
            std::vector<int> sizes(static_cast<std::size_t>(pp));
            int li = bi, j = L;
            for (int i = pp; i >= 1; --i) {
                const PartLabel& P = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]
                                          [static_cast<std::size_t>(li)];
                const int start = P.prevj;
                sizes[static_cast<std::size_t>(i - 1)] = P.n;
                const auto& pts = points(i - 1, start, P.n);
                Class& cl = ensure(i - 1, start);
                const auto strat =
                    reconstruct(cl, P.n - 1, pts[static_cast<std::size_t>(P.point)].label, seq_pos[&cl]);
                for (int q = 0; q < P.n; ++q)
                    layers[static_cast<std::size_t>(start + q)] = strat[static_cast<std::size_t>(q)];
                li = P.prev;
                j = start;
            }
            best_plan.layers = layers;
            best_plan.stage_layers = sizes;
            best_plan.vocab_tp = vc.vt;
            best_plan.vocab_dp_type = vc.dt;
        }
    } else {
        // Interleaved: equal chunks of L / (pp * v) layers; chunk c runs on stage c % pp.
        const int nc = L / (pp * v);
        const int chunks = pp * v;
        std::vector<std::vector<int>> pos(static_cast<std::size_t>(pp));
        std::vector<std::vector<char>> rst(static_cast<std::size_t>(pp));
        std::vector<double> cconst(static_cast<std::size_t>(pp), 0.0);
        for (int c = 0; c < chunks; ++c) {
            const int i = c % pp;
            for (int q = 0; q < nc; ++q) {
                pos[static_cast<std::size_t>(i)].push_back(c * nc + q);
                rst[static_cast<std::size_t>(i)].push_back(q == 0 ? 1 : 0);
            }
            if (c + 1 < chunks) {
                const int j = (c + 1) % pp;
                const double h = p2pHalf(c * nc + nc - 1, i, j);
                // p2pHalf uses the sender's rank as its shape; evaluate does the same.
                cconst[static_cast<std::size_t>(i)] += h;
                cconst[static_cast<std::size_t>(j)] += h;
            }
        }
        std::vector<Class*> cls(static_cast<std::size_t>(pp));
        // Lower bounds on each stage's C (p2p included), for the other stages' sum C / v in the labels'
        // bound.
        std::vector<double> stage_c(static_cast<std::size_t>(pp), 0.0);
        double sum_c = 0;
        if (ctx_.single_type)
            for (int j = 0; j < pp; ++j) {
                stage_c[static_cast<std::size_t>(j)] =
                    stageRelax(j).compute(nc * v) + cconst[static_cast<std::size_t>(j)];
                sum_c += stage_c[static_cast<std::size_t>(j)];
            }
        for (int i = 0; i < pp; ++i) {
            // Interleaved stages hold different layers: one class per stage.
            auto key = std::make_tuple(-1.0 - i, false, false, i, 0);
            Class& cl = classes_[key];
            cl.f = CostModel::inflightMicroBatches(t_.schedule, pp, v, t_.m, i);
            cl.first = i == 0;
            cl.last = i == pp - 1;
            cl.rc = (i * G_) % std::max(1, ctx_.cost.cluster().gpus_per_node);
            const double others = (sum_c - stage_c[static_cast<std::size_t>(i)]) / v;
            runSequence(cl, pos[static_cast<std::size_t>(i)], rst[static_cast<std::size_t>(i)], -1,
                        m * cconst[static_cast<std::size_t>(i)] +
                            (cl.first || cl.last ? vocabTime(cl.first) : 0.0),
                        ctx_.single_type ? others : -1.0);
            cls[static_cast<std::size_t>(i)] = &cl;
        }
        const int len = v * nc;
        for (const auto& vc : vocab_) {
            if (ctx_.stop.stop_requested())
                break;
            std::vector<std::vector<StagePoint>> pts(static_cast<std::size_t>(pp));
            std::vector<std::vector<PartLabel>> rows(static_cast<std::size_t>(pp + 1));
            rows[0].push_back({0, 0, 0, 0, -1, 0, 0, -1});
            for (int i = 0; i < pp; ++i) {
                pts[static_cast<std::size_t>(i)] = readout(*cls[static_cast<std::size_t>(i)], len - 1, i, vc,
                                                           cconst[static_cast<std::size_t>(i)], 0);
                auto& to = rows[static_cast<std::size_t>(i + 1)];
                const auto& from = rows[static_cast<std::size_t>(i)];
                for (std::size_t a = 0; a < from.size(); ++a)
                    for (std::size_t b = 0; b < pts[static_cast<std::size_t>(i)].size(); ++b) {
                        const auto& P = from[a];
                        const auto& S = pts[static_cast<std::size_t>(i)][b];
                        PartLabel N{std::max(P.maxC, S.C),
                                    P.sumC + S.C,
                                    std::max(P.maxE, S.E),
                                    std::max(P.maxM, S.M),
                                    static_cast<int>(a),
                                    0,
                                    len,
                                    static_cast<int>(b)};
                        if (objective(N.maxC, N.sumC, N.maxE) > bound_)
                            continue;
                        to.push_back(N);
                    }
                filterPartition(to, v);
            }
            const auto& fin = rows[static_cast<std::size_t>(pp)];
            int bi = -1;
            double bT = kInf, bM = kInf;
            for (std::size_t a = 0; a < fin.size(); ++a) {
                const double T = objective(fin[a].maxC, fin[a].sumC, fin[a].maxE);
                if (T < bT || (T == bT && fin[a].maxM < bM)) {
                    bT = T;
                    bM = fin[a].maxM;
                    bi = static_cast<int>(a);
                }
            }
            if (bi < 0 || !(bT < bestT || (bT == bestT && bM < bestPeak)))
                continue;
            bestT = bT;
            bestPeak = bM;
            int li = bi;
            for (int i = pp; i >= 1; --i) {
                const PartLabel& P = rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(li)];
                const auto& S = pts[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(P.point)];
                const auto& ps = pos[static_cast<std::size_t>(i - 1)];
                const auto strat = reconstruct(*cls[static_cast<std::size_t>(i - 1)], len - 1, S.label, ps);
                for (std::size_t q = 0; q < ps.size(); ++q)
                    layers[static_cast<std::size_t>(ps[q])] = strat[q];
                li = P.prev;
            }
            best_plan.layers = layers;
            best_plan.stage_layers.assign(static_cast<std::size_t>(chunks), nc);
            best_plan.vocab_tp = vc.vt;
            best_plan.vocab_dp_type = vc.dt;
        }
    }
    if (bestT == kInf)
        return res;
    best_plan.model = ctx_.cost.model().name;
    best_plan.cluster = ctx_.cost.cluster().name;
    best_plan.gpus = ctx_.gpus;
    best_plan.pp = pp;
    best_plan.schedule = t_.schedule;
    best_plan.virtual_stages = v;
    best_plan.global_batch = t_.batch;
    best_plan.num_micro = t_.m;
    res.feasible = true;
    res.T = bestT;
    res.peak = bestPeak;
    res.plan = std::move(best_plan);
    return res;
}

} // namespace

// ------------------------------------------------------------------------------------------------

std::vector<int> searchBatches(const SearchOptions& o, int gpus) {
    std::vector<int> out;
    if (!o.global_batches.empty()) {
        for (std::size_t i = 0; i < o.global_batches.size(); ++i)
            if (o.global_batches[i] < 1)
                throw InputError("global_batches[" + std::to_string(i) + "]", "must be at least 1");
        out = o.global_batches;
    } else if (o.min_batch > 0 || o.max_batch > 0) {
        if (o.min_batch < 1 || o.max_batch < o.min_batch)
            throw InputError("min_batch", "the batch range needs 1 <= min_batch <= max_batch");
        for (long b = o.min_batch; b <= o.max_batch; b *= 2)
            out.push_back(static_cast<int>(b));
    } else {
        out.push_back(4 * std::max(1, gpus)); // cluster-derived default: 4 samples per GPU
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<int> searchMicroCounts(const SearchOptions& o, int global_batch, int pp) {
    const int cap = o.max_micro > 0 ? o.max_micro : std::max(16, 8 * pp);
    std::vector<int> out;
    for (int m = 1; m <= std::min(cap, global_batch); ++m)
        if (global_batch % m == 0 && (!o.pow2_degrees || isPow2(m)))
            out.push_back(m);
    return out;
}

std::vector<int> searchVirtualStages(const SearchOptions& o, int pp, int layers) {
    std::vector<int> out;
    if (pp < 2)
        return out;
    const int cap = o.max_virtual_stages > 0 ? o.max_virtual_stages : 8;
    for (int v = 2; v <= cap && pp * v <= layers; ++v)
        if (layers % (pp * v) == 0)
            out.push_back(v);
    return out;
}

namespace {

/// One full pass over all tasks under a budget; returns per-task optima sorted best first.
std::vector<RankedPlan> runPass(Context& ctx, const std::vector<Task>& tasks, double budget, int keep,
                                bool report, std::atomic<std::int64_t>& done_tasks, std::int64_t total_tasks,
                                std::vector<double> seed = {}, std::vector<double>* per_task_out = nullptr) {
    std::vector<TaskResult> results(tasks.size());
    std::mutex mu;
    // Best per-sample times so far (ascending, at most keep). `seed` holds valid upper bounds (per-task
    // optima of the uniform-strategy subspace), so pruning against them never loses a top-k plan.
    // Upper bound per task (time per sample): the seed, then the task's own optimum. The bound used for
    // pruning is the keep-th smallest over tasks, never below the final keep-th best plan.
    std::vector<double> ub =
        seed.size() == tasks.size() ? std::move(seed) : std::vector<double>(tasks.size(), kInf);
    double best_seen = kInf;
    auto boundLocked = [&]() {
        if (static_cast<int>(ub.size()) < keep)
            return kInf;
        std::vector<double> tmp = ub;
        std::nth_element(tmp.begin(), tmp.begin() + (keep - 1), tmp.end());
        return tmp[static_cast<std::size_t>(keep - 1)];
    };
    auto boundPerSample = [&]() {
        std::lock_guard lock(mu);
        return boundLocked();
    };
    // The same bound, read by running tasks so that they prune against plans found meanwhile.
    std::atomic<double> live{boundPerSample()};
    std::atomic<std::size_t> next{0};
    auto worker = [&]() {
        for (;;) {
            if (ctx.stop.stop_requested())
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= tasks.size())
                return;
            const Task& t = tasks[i];
            const double bound = boundPerSample();
            if (ctx.rule(rules::kTimeLowerBound) && t.lower_bound > bound) {
                ctx.rules.add(rules::kTimeLowerBound);
                if (report && ctx.observer)
                    ctx.observer(taskEvent(SearchEvent::Kind::TaskCut, t.pp, t.schedule, t.v, t.batch, t.m,
                                           t.lower_bound, bound));
            } else {
                TaskSolver solver(ctx, t, budget, bound * t.batch * (1 + 1e-12), &live);
                if (report && ctx.observer)
                    ctx.observer(taskEvent(SearchEvent::Kind::TaskStarted, t.pp, t.schedule, t.v, t.batch,
                                           t.m, t.lower_bound, bound));
                results[i] = solver.solve();
                if (report && ctx.observer)
                    ctx.observer(taskEvent(SearchEvent::Kind::TaskSolved, t.pp, t.schedule, t.v, t.batch, t.m,
                                           t.lower_bound, bound, results[i].feasible, results[i].T,
                                           results[i].peak));
                if (results[i].feasible) {
                    const double ps = results[i].T / t.batch;
                    bool improved = false;
                    {
                        std::lock_guard lock(mu);
                        improved = ps < best_seen;
                        best_seen = std::min(best_seen, ps);
                        ub[i] = std::min(ub[i], ps);
                        live.store(boundLocked(), std::memory_order_relaxed);
                    }
                    if (improved && report && ctx.observer) {
                        SearchEvent ev;
                        ev.kind = SearchEvent::Kind::Incumbent;
                        ev.time = results[i].T;
                        ev.memory = results[i].peak;
                        ev.plan = results[i].plan;
                        ctx.observer(ev);
                    }
                }
            }
            const auto d = done_tasks.fetch_add(1) + 1;
            if (report && ctx.observer && (d % 16 == 0 || d == total_tasks)) {
                SearchEvent ev;
                ev.kind = SearchEvent::Kind::Progress;
                ev.progress = total_tasks > 0 ? double(d) / double(total_tasks) : 1.0;
                ctx.observer(ev);
            }
        }
    };
    int threads =
        ctx.opt.threads > 0 ? ctx.opt.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, std::max(1, static_cast<int>(tasks.size())));
    {
        std::vector<std::jthread> pool;
        for (int k = 1; k < threads; ++k)
            pool.emplace_back(worker);
        worker();
    }
    if (per_task_out) {
        per_task_out->assign(tasks.size(), kInf);
        for (std::size_t i = 0; i < results.size(); ++i)
            if (results[i].feasible)
                (*per_task_out)[i] = results[i].T / tasks[i].batch * (1 + 1e-9);
    }
    // Deterministic reduction: evaluate, sort by (time per sample, peak, task order).
    std::vector<std::pair<std::size_t, RankedPlan>> ranked;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i].feasible)
            continue;
        RankedPlan rp;
        rp.plan = results[i].plan;
        rp.plan.precision = ctx.cost.options().precision; // costed in the search's precision and runtime
        rp.plan.runtime = ctx.cost.options().runtime.name;
        rp.predicted_time = results[i].T;
        rp.predicted_peak = results[i].peak;
        rp.cost = ctx.cost.evaluate(rp.plan);
        rp.cost.memory_budget = budget;
        ctx.plans_evaluated.fetch_add(1);
        ranked.emplace_back(i, std::move(rp));
    }
    std::sort(ranked.begin(), ranked.end(), [&](const auto& a, const auto& b) {
        const double ta = timePerSample(a.second), tb = timePerSample(b.second);
        if (ta != tb)
            return ta < tb;
        if (a.second.cost.peak_memory != b.second.cost.peak_memory)
            return a.second.cost.peak_memory < b.second.cost.peak_memory;
        return tasks[a.first].order < tasks[b.first].order;
    });
    std::vector<RankedPlan> out;
    for (auto& r : ranked)
        out.push_back(std::move(r.second));
    return out;
}

} // namespace

SearchResult search(const CostModel& model, const SearchOptions& options, const SearchObserver& observer,
                    std::stop_token stop) {
    const auto t0 = std::chrono::steady_clock::now();
    if (options.top_k < 1)
        throw InputError("top_k", "must be at least 1");
    if (options.threads < 0)
        throw InputError("threads", "must not be negative (0 = all cores)");
    if (options.max_micro < 0)
        throw InputError("max_micro", "must not be negative (0 = automatic)");
    if (options.frontier_points < 0)
        throw InputError("frontier_points", "must not be negative");
    if (options.schedules.empty())
        throw InputError("schedules", "at least one pipeline schedule must be allowed");
    if (options.cost.memory_reserve_gib < 0)
        throw InputError("cost.memory_reserve_gib", "must not be negative");
    if (options.cost.memory_budget_gib < 0)
        throw InputError("cost.memory_budget_gib", "must not be negative");
    SearchSpace space(model, options);
    SearchResult result;
    Context ctx{model, options, space, observer, stop};
    ctx.gpus = space.gpus();
    ctx.layers = model.model().layerCount();
    for (std::size_t s = 0; s < model.model().stacks.size(); ++s)
        for (int k = 0; k < model.model().stacks[s].count; ++k)
            ctx.stack_of.push_back(static_cast<int>(s));
    ctx.single_type = model.model().stacks.size() == 1;
    // The budget: SearchOptions::cost overrides the cost model's when set.
    {
        const double cap = options.cost.memory_budget_gib > 0
                               ? options.cost.memory_budget_gib
                               : (model.options().memory_budget_gib > 0 ? model.options().memory_budget_gib
                                                                        : model.cluster().gpu.memory_gib);
        const double reserve = options.cost.memory_reserve_gib > 0 ? options.cost.memory_reserve_gib
                                                                   : model.options().memory_reserve_gib;
        ctx.budget = (cap - reserve) * kGiB;
    }
    ctx.reserved = model.reservedBytes();
    if (ctx.budget <= 0)
        throw InputError("cost.memory_budget_gib", "the budget minus the reserve leaves no memory");

    // Tree events (one tree per layer type).
    std::int64_t next_id = 0;
    for (const auto& stack : model.model().stacks) {
        auto nodes = space.tree(stack.type, next_id);
        next_id += static_cast<std::int64_t>(nodes.size());
        for (const auto& n : nodes) {
            ++result.stats.tree_nodes;
            if (n.pruned) {
                ++result.stats.pruned_nodes;
                ctx.rules.add(n.rule);
            }
            if (n.strategy)
                ++result.stats.leaves;
            if (observer && options.emit_tree_events) {
                SearchEvent ev;
                ev.kind = n.pruned ? SearchEvent::Kind::NodePruned : SearchEvent::Kind::NodeExpanded;
                ev.node = n;
                observer(ev);
            }
        }
    }

    // Tasks.
    const std::vector<int> pps = space.pipelineDegrees();
    for (int pp : pps) {
        auto& per = ctx.candidates[pp];
        for (const auto& stack : model.model().stacks)
            per.push_back(space.layerCandidates(pp, stack.type));
    }
    const bool has1f1b = std::find(options.schedules.begin(), options.schedules.end(), Schedule::OneFOneB) !=
                         options.schedules.end();
    std::vector<Task> tasks;
    int order = 0;
    for (int B : searchBatches(options, ctx.gpus)) {
        for (int pp : pps) {
            for (Schedule sc : options.schedules) {
                std::vector<int> vs = {1};
                if (sc == Schedule::Interleaved) {
                    vs = searchVirtualStages(options, pp, ctx.layers);
                    if (vs.empty()) {
                        ctx.rules.add(rules::kInterleavedSplit);
                        continue;
                    }
                }
                if (pp == 1 && sc != Schedule::OneFOneB && has1f1b)
                    continue; // one stage: the schedules coincide (GPipe holds more)
                for (int v : vs) {
                    for (int m : searchMicroCounts(options, B, pp)) {
                        if (sc == Schedule::Interleaved && m % pp != 0) {
                            ctx.rules.add(rules::kInterleavedSplit);
                            continue;
                        }
                        if (sc == Schedule::GPipe && has1f1b && space.ruleEnabled(rules::kGpipeDominated)) {
                            bool dominated = true;
                            for (int i = 0; i < pp; ++i)
                                dominated =
                                    dominated &&
                                    CostModel::inflightMicroBatches(Schedule::OneFOneB, pp, 1, m, i) <=
                                        CostModel::inflightMicroBatches(Schedule::GPipe, pp, 1, m, i);
                            if (dominated) {
                                ctx.rules.add(rules::kGpipeDominated);
                                continue;
                            }
                        }
                        Task t;
                        t.batch = B;
                        t.pp = pp;
                        t.m = m;
                        t.v = v;
                        t.schedule = sc;
                        t.order = order++;
                        tasks.push_back(t);
                    }
                }
            }
        }
    }

    // Compute-only lower bound per task: sum C >= sum over layers of the fastest candidate, and
    // T >= (m - 1/v) * sum C / pp + sum C / v (max >= mean).
    double states_lb = kInf; // bytes per GPU: model states with the most sharded strategy, averaged
    for (auto& t : tasks) {
        const int G = ctx.gpus / t.pp;
        const int mb = t.batch / t.m;
        const StageShape shape{G, 0, mb, t.m};
        double sumc = 0, sums = 0;
        bool any = true;
        for (std::size_t s = 0; s < model.model().stacks.size(); ++s) {
            double cmin = kInf, smin = kInf;
            for (const auto& c : ctx.candidates[t.pp][s]) {
                if (mb % c.dp != 0)
                    continue;
                const LayerCost lc = model.layer(model.model().stacks[s].type, c, shape);
                cmin = std::min(cmin, lc.perMicro());
                smin = std::min(smin, lc.states());
            }
            if (cmin == kInf)
                any = false;
            sumc += cmin * model.model().stacks[s].count;
            sums += smin * model.model().stacks[s].count;
        }
        t.lower_bound = any ? ((t.m - 1.0 / t.v) * sumc / t.pp + sumc / t.v) / t.batch : kInf;
        if (any)
            states_lb = std::min(states_lb, ctx.reserved + sums / t.pp);
    }
    std::stable_sort(tasks.begin(), tasks.end(),
                     [](const Task& a, const Task& b) { return a.lower_bound < b.lower_bound; });
    std::atomic<std::int64_t> done{0};
    const std::int64_t total = static_cast<std::int64_t>(tasks.size());
    const int keep = std::max(options.top_k, 1);
    // Seed the bound with a cheap pass over one-strategy-for-all-layers plans (a subspace): their
    // per-task optima are upper bounds of the full per-task optima, so pruning against them is safe.
    auto seedFor = [&](double budget, int k) {
        std::vector<double> seed;
        if (options.uniform_layers || !space.ruleEnabled(rules::kTimeLowerBound))
            return seed;
        SearchOptions uo = options;
        uo.uniform_layers = true;
        SearchObserver none;
        Context uctx{model, uo, space, none, stop};
        uctx.gpus = ctx.gpus;
        uctx.layers = ctx.layers;
        uctx.stack_of = ctx.stack_of;
        uctx.single_type = ctx.single_type;
        uctx.budget = budget;
        uctx.reserved = ctx.reserved;
        uctx.candidates = ctx.candidates;
        std::atomic<std::int64_t> d0{0};
        runPass(uctx, tasks, budget, k, false, d0, total, {}, &seed);
        return seed;
    };
    std::vector<double> seed = seedFor(ctx.budget, keep);
    auto ranked = runPass(ctx, tasks, ctx.budget, keep, true, done, total, seed);
    result.cancelled = stop.stop_requested();
    if (!ranked.empty()) {
        result.best = ranked.front();
        for (int i = 0; i < keep && i < static_cast<int>(ranked.size()); ++i)
            result.top.push_back(ranked[static_cast<std::size_t>(i)]);
        result.per_config = ranked;
    } else if (!result.cancelled) {
        auto gib = [](double b) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f GiB", b / kGiB);
            return std::string(buf);
        };
        if (tasks.empty()) {
            result.infeasible_reason = "no configuration survives the constraints on " +
                                       std::to_string(ctx.gpus) + " GPUs (see --explain)";
        } else if (states_lb > ctx.budget) {
            result.infeasible_reason = model.model().name + " needs at least " + gib(states_lb) +
                                       "/GPU for model states with the most sharded strategy on " +
                                       std::to_string(ctx.gpus) + " GPUs (incl. " + gib(ctx.reserved) +
                                       " reserved); budget is " + gib(ctx.budget);
        } else {
            result.infeasible_reason =
                model.model().name + " on " + std::to_string(ctx.gpus) +
                " GPUs: model states fit (at least " + gib(states_lb) +
                "/GPU) but no plan fits activations and transient buffers in the budget of " +
                gib(ctx.budget) +
                "; try a smaller batch, checkpointing, or more micro-batches (--max-micro raises the automatic "
                "cap of max(16, 8 * pp); powers of two only unless --any-divisor)";
        }
    }

    // Pareto frontier (iteration time, peak memory): the fastest plan under decreasing budgets.
    if (result.best && options.frontier_points > 0 && !stop.stop_requested()) {
        result.frontier.push_back(*result.best);
        double peak = result.best->cost.peak_memory;
        for (int k = 1; k < options.frontier_points && !stop.stop_requested(); ++k) {
            const double next_budget = peak * (1.0 - std::max(1e-9, options.frontier_step));
            if (next_budget <= ctx.reserved)
                break;
            std::atomic<std::int64_t> d2{0};
            auto r = runPass(ctx, tasks, next_budget, 1, false, d2, total, seedFor(next_budget, 1));
            if (r.empty())
                break;
            RankedPlan p = r.front();
            p.cost.memory_budget = ctx.budget;
            peak = p.cost.peak_memory;
            result.frontier.push_back(p);
            if (observer) {
                SearchEvent ev;
                ev.kind = SearchEvent::Kind::FrontierPoint;
                ev.time = p.cost.iteration_time;
                ev.memory = p.cost.peak_memory;
                ev.plan = p.plan;
                observer(ev);
            }
        }
        // Keep the frontier by time (memory falls as time rises).
        std::sort(
            result.frontier.begin(), result.frontier.end(),
            [](const RankedPlan& a, const RankedPlan& b) { return timePerSample(a) < timePerSample(b); });
    }
    if (result.best && observer) {
        SearchEvent ev;
        ev.kind = SearchEvent::Kind::FrontierPoint;
        ev.time = result.best->cost.iteration_time;
        ev.memory = result.best->cost.peak_memory;
        ev.plan = result.best->plan;
        observer(ev);
    }

    result.stats.dp_states = ctx.dp_states.load();
    result.stats.plans_evaluated = ctx.plans_evaluated.load();
    {
        std::lock_guard lock(ctx.rules.mu);
        for (const auto& rule : pruningRules()) {
            auto it = ctx.rules.counts.find(rule.name);
            if (it != ctx.rules.counts.end())
                result.stats.pruned_by_rule.emplace_back(rule.name, it->second);
        }
    }
    result.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

} // namespace gx
