// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the sequence DP of the planner: Pareto labels over the layers of one stage
// class with the last strategy as state, its read-out per stage size and the reconstruction of a
// stage's strategies (see planner_internal.h for the whole algorithm).
#include "loop_helpers.h"
#include "planner_internal.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <memory>

namespace gx::planner {

namespace {

/// Labels a position extends (the previous position's labels times its candidates) from which its cells
/// are filled with the search's spare threads: below it, handing them out costs more than it saves.
constexpr std::size_t kParallelCells = 16384;
/// The same for the filters of a position's labels, one per switch class (across last candidates) or per
/// group of candidates with one switch column (shareColumns): the labels filtered.
constexpr std::size_t kParallelLabels = 4096;

/// Keeps the Pareto-minimal labels of `labels` over `keys` (ties: fewest runs), and also every label
/// whose keys and runs equal a kept one's but whose last candidate differs: a run may go on from
/// either, so both stay for the readable-plans tie-break (see SeqLabel).
template <class Keys> void filterKeepingTwins(std::vector<SeqLabel>& labels, Keys keys) {
    if (labels.size() < 2)
        return;
    // The dropped labels whose keys equal a kept one's (one kept label per key: another with equal keys
    // is <= it), in input order; a twin has the kept one's runs and another last candidate.
    thread_local std::vector<std::pair<SeqLabel, std::size_t>> equal;
    paretoFilter<true>(
        labels, keys, [](const SeqLabel& l) { return l.runs; }, &equal);
    for (const auto& [l, at] : equal) {
        const SeqLabel& K = labels[at]; // (a kept label: before the twins appended)
        if (l.runs == K.runs && l.k != K.k)
            labels.push_back(l);
    }
}

/// Switch cost from the previous position's candidate j to candidate k of this one, read from the
/// matrix runSequence uses: a reversed class runs from the last layer down, so the model switches from
/// k to j (swm is then the matrix from this position's stack, Kt x Kp, otherwise Kp x Kt).
double switchCost(const std::vector<double>& swm, bool reversed, std::size_t Kp, std::size_t Kt,
                  std::size_t j, std::size_t k) {
    return reversed ? swm[k * Kp + j] : swm[j * Kt + k];
}

} // namespace

/// Labels of one position, across last candidates (the DP state). `sc`: the classes of this position's
/// candidates by their switch costs to the next position's (TaskSolver::switchClasses); nullptr when no
/// switch follows (the last position or a chunk start), where every candidate is alike.
///  1. Candidates whose switch-cost rows are equal are interchangeable for every continuation: their
///     labels form one Pareto set (filterKeepingTwins).
///  2. Across those classes, label A of class a stands for label B of class b when A, its compute
///     raised by d(a, b) = max(0, max_j sw[a][j] - sw[b][j]), is <= B in every key: for every next
///     candidate j, A's compute + sw[a][j] <= B's compute + sw[b][j], and with no switch A <= B too.
///     On equal keys B stays, and so do B's twins (equal keys in class b). Only the two classes with the
///     least d(a, b) stand in for class b's labels.
/// Both are exact; on GPT-3 175B over 64 GPUs they keep a quarter of the labels (stage prefixes of
/// 20 layers: 40,000 -> 10,000 labels). `each(n, fn)` calls fn(i) for every i < n, in any order and on
/// any thread: every class is filtered on its own.
template <class Keys, class Each>
void pruneAcrossCandidates(std::vector<SeqLabel>& out, const SwitchClasses* sc, Keys keys, const Each& each) {
    static const SwitchClasses kOne{{}, {0}, {0.0}, {}};
    const SwitchClasses& c = sc ? *sc : kOne;
    const std::vector<int>& reps = c.reps;
    std::vector<std::vector<SeqLabel>> groups(reps.size());
    for (const SeqLabel& l : out)
        groups[sc ? static_cast<std::size_t>(c.cls[static_cast<std::size_t>(l.k)]) : 0].push_back(l);
    each(static_cast<int>(groups.size()),
         [&](int g) { filterKeepingTwins(groups[static_cast<std::size_t>(g)], keys); });
    if (sc && groups.size() > 1) {
        // Keys only (with the class tag and the label's index): the filters below copy these, not labels.
        using Key = decltype(keys(out.front()));
        struct Tagged {
            Key k;
            int tag; ///< 0: a label of the class pruned, 1: another class's label, shifted
            int idx; ///< index in its group
        };
        std::vector<std::vector<SeqLabel>> pruned(groups.size());
        const std::size_t R = reps.size();
        // Per class: the least and the largest first key and memory of its labels. Shifting a class's
        // compute by d raises every label's first key by the same amount (the keys are linear in the
        // compute), so a class whose least shifted first key or least memory exceeds the largest of class
        // b cannot stand for any label of b.
        std::vector<std::array<double, 4>> span(groups.size(), {kInf, -kInf, kInf, -kInf});
        for (std::size_t a = 0; a < groups.size(); ++a)
            for (const SeqLabel& l : groups[a]) {
                const double k0 = keys(l)[0];
                span[a] = {std::min(span[a][0], k0), std::max(span[a][1], k0), std::min(span[a][2], l.m),
                           std::max(span[a][3], l.m)};
            }
        each(static_cast<int>(groups.size()), [&](int bi) {
            const auto b = static_cast<std::size_t>(bi);
            thread_local std::vector<Tagged> tmp;
            thread_local std::vector<std::pair<double, std::size_t>> near; // (d(a, b), a)
            tmp.clear();
            for (std::size_t i = 0; i < groups[b].size(); ++i)
                tmp.push_back({keys(groups[b][i]), 0, static_cast<int>(i)});
            // Only the kNearest classes cheapest to stand in (least d(a, b)) take part: any subset of
            // stand-ins is exact, and beyond two the filter costs more than the labels it removes
            // (GPT-3 175B frontier on 1024 GPUs: all classes 1.48 s, two 1.21 s).
            constexpr std::size_t kNearest = 2;
            near.clear();
            for (std::size_t a = 0; a < groups.size(); ++a)
                if (a != b && !groups[a].empty())
                    near.emplace_back(c.d[a * R + b], a);
            if (near.size() > kNearest) {
                std::nth_element(near.begin(), near.begin() + kNearest, near.end());
                near.resize(kNearest);
            }
            for (const auto& [d, a] : near) {
                SeqLabel probe = groups[a].front();
                const double k0 = keys(probe)[0];
                probe.c += d;
                if (span[a][0] + (keys(probe)[0] - k0) > span[b][1] || span[a][2] > span[b][3])
                    continue;
                for (SeqLabel l : groups[a]) {
                    l.c += d;
                    tmp.push_back({keys(l), 1, 0});
                }
            }
            if (tmp.size() == groups[b].size()) { // no other class can stand for one of b's labels
                pruned[b] = groups[b];
                return;
            }
            // Labels of class b with equal keys are the twins filterKeepingTwins kept: all of them stay.
            thread_local std::vector<std::pair<Tagged, std::size_t>> equal;
            paretoFilter<true>(
                tmp, [](const Tagged& t) { return t.k; }, [](const Tagged& t) { return t.tag; }, &equal);
            for (const Tagged& t : tmp)
                if (t.tag == 0)
                    pruned[b].push_back(groups[b][static_cast<std::size_t>(t.idx)]);
            for (const auto& [t, at] : equal)
                if (t.tag == 0 && tmp[at].tag == 0)
                    pruned[b].push_back(groups[b][static_cast<std::size_t>(t.idx)]);
        });
        groups.swap(pruned);
    }
    out.clear();
    for (const auto& g : groups)
        out.insert(out.end(), g.begin(), g.end());
}

/// (no hull: the bounds that use one are off)
static const Hull kNoHull;

/// One call of TaskSolver::runSequence, as an object: the call's inputs, its bounds and its scratch are
/// members, its steps are methods. The members named like TaskSolver's refer to the solver's.
class TaskSolver::SequenceRun {
public:
    SequenceRun(TaskSolver& ts, Class& cl, const std::vector<int>& positions, const std::vector<char>& reset,
                int record_from, double extra_t, double others_lb);
    void run();

private:
    // Scratch of one thread filling a position's cells (slot 0: this thread; the others: LoopHelpers).
    struct Slot {
        std::vector<SeqLabel> group, kept;
        std::vector<double> counts;
        int last_cross = -1; // where prefixBound's last full evaluation found the crossing (a guess)
    };
    /// A label's stage prefix (pp > 1): what prefixBound's searches over its growth x need.
    struct Prefix {
        Slot* sl;
        std::size_t p;
        double c, e;
        double R;    ///< the layers outside the prefix at their fastest c
        double room; ///< the stage's memory left
        int X;       ///< positions left
        int x_min;   ///< least growth (the other stages' capacity)
    };
    /// One position of the sequence, as its cells need it.
    struct Position {
        std::size_t p;
        int st, pst, rel;                ///< its stack, the previous position's, place in the chunk
        const std::vector<double>* swm;  ///< switch matrix from the previous position (p > 0)
        bool shared;                     ///< candidates share the previous labels by switch column
        const std::vector<int>* sources; ///< chunk start: the previous labels extended
    };
    enum class Step { Next, Stop, End };

    void refresh() {
        if (live_)
            bound = std::min(bound, live_->load(std::memory_order_relaxed) * t_.batch * (1 + kTieSlack));
    }
    /// A label's dominance keys: one stage (scalar) (m c + e, memory, memory + transient), otherwise
    /// (c, c / v + e, memory, transient).
    auto scalarKeys() const {
        return [m = m](const SeqLabel& l) { return std::array<double, 3>{m * l.c + l.e, l.m, l.m + l.w}; };
    }
    auto stageKeys() const {
        return [iv = iv](const SeqLabel& l) { return std::array<double, 4>{l.c, l.c * iv + l.e, l.m, l.w}; };
    }
    void filterOnce(std::vector<SeqLabel>& labels, std::vector<SeqLabel>* but_last = nullptr) const;
    void filterLabels(Slot& sl, std::vector<SeqLabel>& labels) const;
    double memOf(const CandCost& x) const { return ts.layerMemory(cl, x); }
    void setUpRest();
    void setUpHulls();
    void setUpOthers();
    const double* countTypes(Slot& sl, std::size_t from, std::size_t to) const;
    double hullRest(Slot& sl, std::size_t p, double mem_left, double w_have) const;
    double restC(std::size_t q) const;
    double grow(const Prefix& q, int x) const;
    double othersAt(const Prefix& q, int x) const;
    double prefixBound(Slot& sl, double c, double e, double mm, double w, std::size_t p) const;
    double crossingBound(const Prefix& q) const;
    double sumBound(const Prefix& q, int cross, double maxc, double simple) const;
    void setUpCandidates();
    bool forEach(int n, bool many, const std::function<void(int, int)>& fn);
    void reportProgress(std::size_t p);
    std::vector<int> chunkSources(std::size_t p);
    bool allowed(int k, int st, int rel) const;
    void fillCell(const Position& at, int k, Slot& sl, std::vector<SeqLabel>& cell) const;
    void pruneAcross(std::size_t p, int st, std::vector<SeqLabel>& out);
    Step position(std::size_t p, int& rel);

    TaskSolver& ts;
    Context& ctx_;
    const Task& t_;
    const double budget_;
    const std::atomic<double>* const live_;
    const std::vector<std::vector<LayerStrategy>>& cand_;
    Class& cl;
    const std::vector<int>& positions;
    const std::vector<char>& reset;
    const double extra_t, others_lb;
    // Memory slack: the lightest vocabulary option's extras (exact check happens at readout).
    double mem_off = 0, w_emb = 0;
    const double m;
    // The bound, read from the live bound into a local: several classes may run at once (solveCore).
    double bound;
    // When the whole sequence is always used (one stage, or an interleaved stage), the layers still to
    // come add at least their fastest candidate's c and e: a valid lower bound for pruning.
    const bool whole;
    // One stage (pp = 1): T = m * C + E exactly, so labels only need (m c + e, memory, transient).
    const bool scalar;
    // Otherwise T grows with a stage's C at a rate of at least 1/v (the sum C / v term) and with its E
    // at a rate of at most 1 (max E): a label with c <= c' and c/v + e <= c'/v + e' is never worse
    // than (c', e'), so dominance is checked on (c, c/v + e) rather than (c, e).
    const double iv;
    // With a limit on the runs per stage, a label with more runs cannot stand in for one with fewer:
    // labels compete only with labels of the same run count.
    const int max_runs;
    std::vector<Slot> slots = std::vector<Slot>(1);
    std::vector<double> rest_c, rest_e, rest_m;
    const int pp;
    const double L_all;
    bool use_hull = false;
    const std::vector<TransientLevel>* levels = nullptr;
    const Hull* hull = nullptr;
    std::size_t types = 0;
    std::vector<double> type_pre;
    MultiHull mhull;
    static constexpr int kBuckets = 1024;
    double bucket = 0;
    std::size_t len = 0;
    std::vector<double> rest_tab;
    double others = 0;
    double mmin = kInf; // lightest layer of any candidate in this class
    int others_cap = 0;
    const Hull* chull = nullptr;
    std::vector<double> others_max, others_sum;
    int others_n = 0; // most layers the others' sum table holds
    std::vector<double> model_pre;
    std::vector<char> usable;
    std::vector<std::vector<char>> run_drop;
    ColumnShare share;
    // With a limit on runs (and no shared columns): the previous position's labels that may still open
    // a run, and those at the limit by their last candidate (they go on only with the same strategy).
    std::vector<int> open_runs;
    std::vector<std::vector<int>> full_by_last;
    void splitByRuns(std::size_t p, std::size_t Kp);
    // The cells of a position, one per candidate, filled by this thread alone or, where a position
    // extends many labels, with the search's spare threads (Context::spare): the same cells either way.
    std::vector<std::vector<SeqLabel>> cells;
    std::unique_ptr<LoopHelpers> helpers;
    // In-DP progress of long sequences (see SearchEvent::dp_layer): every 2 s.
    bool report = false;
    std::chrono::steady_clock::time_point seq_t0, last_report;
    std::int64_t seq_id = 0;
};

TaskSolver::SequenceRun::SequenceRun(TaskSolver& ts, Class& cl, const std::vector<int>& positions,
                                     const std::vector<char>& reset, int record_from, double extra_t,
                                     double others_lb)
    : ts(ts), ctx_(ts.ctx_), t_(ts.t_), budget_(ts.budget_), live_(ts.live_), cand_(ts.cand_), cl(cl),
      positions(positions), reset(reset), extra_t(extra_t), others_lb(others_lb), m(ts.t_.m),
      bound(ts.bound_), whole(record_from < 0), scalar(whole && ts.t_.pp == 1), iv(1.0 / ts.t_.v),
      max_runs(ts.ctx_.opt.max_runs_per_stage), pp(ts.t_.pp), L_all(ts.ctx_.layers) {
    mem_off = ctx_.reserved;
    if (cl.first || cl.last) {
        const auto [best, bw] = ts.vocabMemory(cl.first, cl.f);
        mem_off += best;
        w_emb = ts.qM(bw);
    }
    setUpRest();
    setUpHulls();
    setUpOthers();
    setUpCandidates();
}

void TaskSolver::SequenceRun::filterOnce(std::vector<SeqLabel>& labels,
                                         std::vector<SeqLabel>* but_last) const {
    // Among equal labels the one with the fewest runs stays (readable plans, see SeqLabel).
    // (Then the earliest previous label: the cells below may be assembled in any order.)
    auto byRuns = [](const SeqLabel& l) { return std::pair<int, int>{l.runs, l.prev}; };
    std::vector<std::pair<SeqLabel, std::size_t>>* const noEqual = nullptr;
    if (scalar)
        paretoFilter(labels, scalarKeys(), byRuns, noEqual, but_last);
    else
        paretoFilter<true>(labels, stageKeys(), byRuns, noEqual, but_last);
}

void TaskSolver::SequenceRun::filterLabels(Slot& sl, std::vector<SeqLabel>& labels) const {
    if (max_runs <= 0)
        return filterOnce(labels);
    std::stable_sort(labels.begin(), labels.end(),
                     [](const SeqLabel& a, const SeqLabel& b) { return a.runs < b.runs; });
    auto& group = sl.group;
    auto& kept = sl.kept;
    kept.clear();
    for (std::size_t i = 0; i < labels.size();) {
        std::size_t j = i;
        while (j < labels.size() && labels[j].runs == labels[i].runs)
            ++j;
        group.assign(labels.begin() + static_cast<std::ptrdiff_t>(i),
                     labels.begin() + static_cast<std::ptrdiff_t>(j));
        filterOnce(group);
        kept.insert(kept.end(), group.begin(), group.end());
        i = j;
    }
    labels.swap(kept);
}

/// The fastest c, e and least memory of the positions from each on (whole sequences).
void TaskSolver::SequenceRun::setUpRest() {
    rest_c.assign(positions.size() + 1, 0.0);
    rest_e.assign(positions.size() + 1, 0.0);
    rest_m.assign(positions.size() + 1, 0.0);
    if (!whole)
        return;
    for (std::size_t q = positions.size(); q-- > 0;) {
        const int st = ts.stackAt(positions[q]);
        double cm = kInf, em = kInf, mm = kInf;
        for (int k = 0; k < static_cast<int>(cand_[static_cast<std::size_t>(st)].size()); ++k) {
            const CandCost& x = ts.cc(cl.rc, st, k);
            cm = std::min(cm, x.c);
            em = std::min(em, x.e);
            mm = std::min(mm, memOf(x));
        }
        rest_c[q] = rest_c[q + 1] + cm;
        rest_e[q] = rest_e[q + 1] + em;
        rest_m[q] = rest_m[q + 1] + mm;
    }
}

/// The LP bounds of the layers still to come: hulls, per-type counts and the whole-layer table.
void TaskSolver::SequenceRun::setUpHulls() {
    // Whole sequences of one layer type: the q layers still to come must fit in the memory left, so
    // they take at least q * h(memory left / q), h being the lower convex hull of the candidates'
    // (memory, m c + e) points - the LP relaxation of the remaining multiple-choice knapsack.
    use_hull = whole && ctx_.single_type;
    // (the class's transient groups, TaskSolver::transientLevels: the last holds every candidate, so its
    // hulls are the class's)
    levels = ctx_.single_type ? &ts.transientLevels(cl.rc, cl.f) : nullptr;
    hull = use_hull && !levels->empty() ? &levels->back().time_hull : &kNoHull;
    // Several layer types (dense and mixture-of-experts layers): the same LP bound over each type's own
    // hull, the layers to come counted per type (MultiHull); for whole sequences on the layers still to
    // come, for a stage prefix on the layers it may still take.
    types = cand_.size();
    if (!ctx_.single_type) {
        type_pre = ts.typePrefix(positions);
        if (whole)
            mhull = ts.classMultiHull(cl.rc, cl.f);
        else if (t_.pp > 1)
            mhull = ts.classMultiHull(cl.rc, cl.f, true);
    }
    // The integral version of the same bound: a knapsack table over memory rounded down to buckets
    // (sum of floors <= floor of sum, so the table never overestimates). rest_tab[q][b] is the least
    // m c + e of q layers whose rounded memory fits in b buckets; switch costs (>= 0) are left out.
    bucket = budget_ / kBuckets;
    len = positions.size();
    if (use_hull && len > 4) {
        std::vector<std::pair<std::size_t, double>> items;
        for (const CandCost& x : ts.costs_.at(cl.rc)[0])
            items.emplace_back(
                static_cast<std::size_t>(std::max(0.0, std::floor((x.s + cl.f * x.a) / bucket))),
                m * x.c + x.e);
        rest_tab.assign((len + 1) * (kBuckets + 1), kInf);
        std::fill(rest_tab.begin(), rest_tab.begin() + kBuckets + 1, 0.0);
        wholeLayerTable(std::move(items), len, kBuckets,
                        [&](std::size_t q, const std::vector<double>& least) {
                            std::copy(least.begin(), least.end(),
                                      rest_tab.begin() + static_cast<std::ptrdiff_t>(q * (kBuckets + 1)));
                        });
    }
}

/// Layers of each type at positions [from, to) of the sequence, into the slot's `counts`.
const double* TaskSolver::SequenceRun::countTypes(Slot& sl, std::size_t from, std::size_t to) const {
    auto& counts = sl.counts;
    counts.resize(types);
    for (std::size_t k = 0; k < types; ++k)
        counts[k] = type_pre[to * types + k] - type_pre[from * types + k];
    return counts.data();
}

/// A lower bound on m c + e of the layers after position p (whole sequences) in `mem_left`. The hull per
/// transient group (TransientLevel): layers still to come whose largest transient exceeds the label's
/// `w_have` leave that much less memory. The groups whose least transient is at most w_have keep the
/// memory left, and the last of them has the most candidates.
double TaskSolver::SequenceRun::hullRest(Slot& sl, std::size_t p, double mem_left, double w_have) const {
    const std::size_t q = len - p - 1;
    if (!use_hull) {
        const double plain = m * rest_c[p + 1] + rest_e[p + 1];
        if (mhull.empty() || q == 0)
            return plain;
        return std::max(plain, mhull.bound(countTypes(sl, p + 1, len), mem_left));
    }
    double lb = hullBound(*hull, double(q), mem_left);
    if (levels->size() > 1 && lb < kInf && q > 0) {
        std::size_t g0 = 0;
        while (g0 + 1 < levels->size() && (*levels)[g0 + 1].lo <= w_have)
            ++g0;
        double least = kInf;
        for (std::size_t g = g0; g < levels->size() && least > lb; ++g) {
            const TransientLevel& l = (*levels)[g];
            least =
                std::min(least, hullBound(l.time_hull, double(q), mem_left - std::max(0.0, l.lo - w_have)));
        }
        lb = std::max(lb, least);
    }
    if (!rest_tab.empty() && lb < kInf) {
        const double b = std::floor(mem_left / bucket);
        if (b < 0)
            return kInf;
        lb = std::max(lb,
                      rest_tab[q * (kBuckets + 1) + static_cast<std::size_t>(std::min<double>(b, kBuckets))]);
    }
    return lb;
}

/// What the other stages add: their least C (interleaved), capacities and tables (stage prefixes).
void TaskSolver::SequenceRun::setUpOthers() {
    // Interleaved (T = (m - 1/v) max C + sum C / v + max E): T >= m C_i + E_i + (other stages' C) / v.
    others = !(whole && pp > 1) ? 0.0
             : others_lb >= 0   ? others_lb
                                : (L_all - double(positions.size())) * ts.cmin_ / t_.v;
    for (std::size_t st = 0; st < cand_.size(); ++st)
        for (std::size_t k = 0; k < cand_[st].size(); ++k)
            mmin = std::min(mmin, memOf(ts.cc(cl.rc, static_cast<int>(st), static_cast<int>(k))));
    // Most layers the other stages of this class's stages can hold together (sum of the stage
    // capacities but the smallest: a valid upper bound for every stage the class serves).
    if (!whole && pp > 1) {
        long sum = 0;
        int least = ctx_.layers;
        for (int cap : ts.cap_) {
            sum += cap;
            least = std::min(least, cap);
        }
        others_cap = static_cast<int>(std::min<long>(sum - least, ctx_.layers));
    }
    chull =
        ctx_.single_type && !whole && pp > 1 && !levels->empty() ? &levels->back().compute_hull : &kNoHull;
    // The other stages' largest C when they hold N layers: the least bound over the stages this class
    // serves (see TaskSolver::others_max_).
    // (others_sum: their least sum of C, others_sum_.)
    if (!whole && !ts.others_max_.empty()) {
        const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
        others_max.assign(static_cast<std::size_t>(ctx_.layers + 1), kInf);
        others_sum.assign(static_cast<std::size_t>(ctx_.layers + 1), kInf);
        for (int i = 0; i < pp; ++i) {
            if (CostModel::inflightMicroBatches(t_.schedule, pp, t_.v, t_.m, i) != cl.f ||
                (i == 0) != cl.first || (i == pp - 1) != cl.last || (i * ts.G_) % gpn != cl.rc)
                continue;
            const auto& om = ts.others_max_[static_cast<std::size_t>(i)];
            const auto& os = ts.others_sum_[static_cast<std::size_t>(i)];
            for (std::size_t n = 0; n < others_max.size(); ++n) {
                others_max[n] = std::min(others_max[n], om[n]);
                others_sum[n] = std::min(others_sum[n], os[n]);
            }
        }
        while (others_n + 1 < static_cast<int>(others_sum.size()) &&
               others_sum[static_cast<std::size_t>(others_n + 1)] < kInf)
            ++others_n;
    }
    if (!ctx_.single_type)
        model_pre = ts.modelTypePrefix();
}

/// The layers outside positions 0..q-1 of the sequence, each at its type's fastest c (one type: the
/// fastest c of any candidate).
double TaskSolver::SequenceRun::restC(std::size_t q) const {
    if (ctx_.single_type)
        return (L_all - double(q)) * ts.cmin_;
    double r = 0.0;
    for (std::size_t k = 0; k < types; ++k)
        r += (model_pre[static_cast<std::size_t>(ctx_.layers) * types + k] - type_pre[q * types + k]) *
             ts.cmin_type_[k];
    return r;
}

/// The least c of the stage prefix grown by x more layers in its memory left (kInf: they do not fit).
double TaskSolver::SequenceRun::grow(const Prefix& q, int x) const {
    if (x <= 0)
        return q.c;
    if (!chull->empty())
        return q.c + hullBound(*chull, x, q.room);
    if (!mhull.empty())
        return q.c + mhull.bound(countTypes(*q.sl, q.p + 1, q.p + 1 + static_cast<std::size_t>(x)), q.room);
    return x * mmin <= q.room ? q.c + x * ts.cmin_ : kInf;
}

/// The other stages' largest C, at least, when the prefix grows by x layers (falls with x).
double TaskSolver::SequenceRun::othersAt(const Prefix& q, int x) const {
    const double mean = restC(q.p + 1 + static_cast<std::size_t>(x)) / (pp - 1);
    if (others_max.empty())
        return mean;
    return std::max(mean, others_max[static_cast<std::size_t>(ctx_.layers - static_cast<int>(q.p + 1) - x)]);
}

/// A lower bound on the task's T for every plan extending the label (c, e, memory mm, transient w) at
/// position p. A stage prefix of n layers (pp > 1, one stage per pipeline rank): the other L - n layers
/// take at least the fastest candidate's time each, R in all, on this stage (if it grows) or the others,
/// so T = (m - 1) max C + sum C + max E >= (m - 1) max(c, (c + R) / pp) + c + R + e. (R / (pp - 1) in
/// place of the mean was wrong: it assumed the stage ends here and lost GPT-3 175B's plans on pp = 8.)
double TaskSolver::SequenceRun::prefixBound(Slot& sl, double c, double e, double mm, double w,
                                            std::size_t p) const {
    if (whole || pp < 2)
        return m * c + e + others + extra_t +
               hullRest(sl, p, budget_ * (1 + 1e-12) - mm - mem_off - std::max(w, w_emb), std::max(w, w_emb));
    // The stage may still grow (it takes a prefix of the sequence), so the layers still to come are
    // split between it and the other stages: the largest stage holds at least the mean (c + R) / pp.
    // It grows by x layers (x <= the positions left) that must fit in its memory left: they add at
    // least Hc(x) to c, Hc being the LP relaxation over the candidates' (memory, c) points (with
    // several layer types, over each type's points for the types of those x layers), and leave at
    // least R - x cmin to the other pp - 1 stages. So
    // max C >= min over x of max(c + Hc(x), (R - x cmin) / (pp - 1)); the first term rises with x,
    // the second falls, and a binary search finds the crossing.
    Prefix q{&sl, p, c, e, restC(p + 1), budget_ * (1 + 1e-12) - mm - mem_off - std::max(w, w_emb), 0, 0};
    const double R = q.R;
    q.X = static_cast<int>(positions.size()) - static_cast<int>(p + 1);
    // The other stages hold at most their capacity (rule memory-lower-bound), so the stage must
    // take at least x_min more layers.
    q.x_min = std::max(0, ctx_.layers - static_cast<int>(p + 1) - others_cap);
    const int X = q.X, x_min = q.x_min;
    if (x_min > X)
        return kInf;
    // Most labels pass. Any growth x0 gives max(grow(x0), others(x0)) >= the least over x below, and
    // grow(x0) plus the others' least sum >= the least sum: when those already keep the label under
    // the bound, it passes without the searches (the same labels pass: the full bound is lower).
    if (sl.last_cross >= 0) {
        const int x0 = std::clamp(sl.last_cross, x_min, X);
        const double g = grow(q, x0);
        double up = kInf;
        if (g < kInf) {
            up = c + R;
            if (!others_sum.empty() && (!chull->empty() || !mhull.empty())) {
                const int rest = ctx_.layers - static_cast<int>(p + 1);
                const double o =
                    x0 >= rest - others_n ? others_sum[static_cast<std::size_t>(rest - x0)] : kInf;
                up = o == kInf ? kInf : std::max(up, g + o);
            }
        }
        if (up < kInf) {
            const double v = (m - 1) * std::max({g, othersAt(q, x0), (c + R) / pp}) + up + e;
            if (v <= bound)
                return v;
        }
    }
    // Whether the largest C alone keeps the label over the bound needs one growth: with tau the
    // largest C the bound allows and x1 the least growth whose others' largest C is <= tau (others()
    // falls with x, from tables), every growth has max(grow, others) > tau iff grow(x1) > tau, and
    // then min(grow(x1), others(x1 - 1)) is a lower bound on that largest C.
    if (m > 1) {
        const double tau = (bound - c - R - e) / (m - 1);
        double lbc = -1.0;
        if ((c + R) / pp > tau)
            lbc = (c + R) / pp;
        else if (othersAt(q, X) > tau)
            lbc = othersAt(q, X);
        else {
            int lo = x_min, hi = X; // least x with others(x) <= tau
            while (lo < hi) {
                const int mid = (lo + hi) / 2;
                if (othersAt(q, mid) <= tau)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            const double g1 = grow(q, lo);
            if (g1 > tau)
                lbc = lo > x_min ? std::min(g1, othersAt(q, lo - 1)) : g1;
        }
        if (lbc >= 0)
            return (m - 1) * std::max(lbc, (c + R) / pp) + c + R + e;
    }
    return crossingBound(q);
}

/// prefixBound's full evaluation: the largest C where the stage's growth meets the others' largest C,
/// then the sum (sumBound) if the label is still under the bound.
double TaskSolver::SequenceRun::crossingBound(const Prefix& q) const {
    const int X = q.X, x_min = q.x_min;
    double maxc;
    int cross = x_min; // where the stage's growth meets the others' largest C
    if (grow(q, x_min) >= othersAt(q, x_min)) {
        maxc = grow(q, x_min);
    } else if (grow(q, X) < othersAt(q, X)) {
        maxc = std::max(q.c, othersAt(q, X));
        cross = X;
    } else {
        int lo = x_min, hi = X; // grow(hi) >= others(hi), grow(x_min) < others(x_min)
        while (lo < hi) {
            const int mid = (lo + hi) / 2;
            if (grow(q, mid) >= othersAt(q, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        maxc = std::min(grow(q, lo), othersAt(q, lo - 1));
        cross = lo;
    }
    q.sl->last_cross = cross;
    maxc = std::max(maxc, (q.c + q.R) / pp); // the mean (a check: implied by the above)
    const double simple = (m - 1) * maxc + q.c + q.R + q.e;
    if (simple > bound)
        return simple;
    return sumBound(q, cross, maxc, simple);
}

/// The sum: this stage's growth plus the other stages' least sum, F(x) = grow(x) - c +
/// others_sum(L - n - x), is convex in x (a perspective of a convex hull plus a sum of sorted
/// increments), so its least value is where its steps turn non-negative.
double TaskSolver::SequenceRun::sumBound(const Prefix& q, int cross, double maxc, double simple) const {
    const double c = q.c, R = q.R, e = q.e;
    const int X = q.X;
    double sumc = c + R;
    if (!others_sum.empty() && (!chull->empty() || !mhull.empty())) {
        const int rest = ctx_.layers - static_cast<int>(q.p + 1);
        auto F = [&](int x) {
            const double o = others_sum[static_cast<std::size_t>(rest - x)];
            return o == kInf ? kInf : grow(q, x) + o;
        };
        // F is finite where the others can hold the rest (x >= rest - others_n) and this stage
        // the x more layers (x <= xb): an interval, else no plan completes this label.
        const int xa = std::max(q.x_min, rest - others_n);
        if (xa > X || F(xa) == kInf)
            return kInf;
        // The callers only ask whether the bound exceeds `bound`: when F at one point (an upper
        // estimate of its least value) keeps the label under it, the search below cannot change
        // the answer. (GPT-3 175B on 64 GPUs: 18% of the search's time without this test.)
        const int probe = std::clamp(cross, xa, X);
        const double fp = F(probe);
        if (fp < kInf && simple - (c + R) + fp <= bound)
            return simple;
        if (chull->empty()) {
            // Several layer types: grow() is not convex across a change of type, so every x is
            // tried (from xa until this stage cannot hold more), stopping at the first that keeps
            // the label under the bound.
            double least = fp;
            for (int x = xa; x <= X; ++x) {
                const double fx = F(x);
                if (fx == kInf)
                    break; // (grow only rises: no more layers fit)
                if (simple - (c + R) + fx <= bound)
                    return simple;
                least = std::min(least, fx);
            }
            return (m - 1) * maxc + std::max(sumc, least * (1 - 1e-9)) + e;
        }
        int xb = X;
        if (chull->front().first > 0)
            xb = std::min<double>(X, std::floor(q.room / chull->front().first) + 1);
        while (xb > xa && F(xb) == kInf)
            --xb;
        int a = xa, b = xb; // least x in [a, b] with F(x + 1) >= F(x)
        while (a < b) {
            const int mid = (a + b) / 2;
            if (F(mid + 1) >= F(mid))
                b = mid;
            else
                a = mid + 1;
        }
        sumc = std::max(sumc, F(a) * (1 - 1e-9));
    }
    return (m - 1) * maxc + sumc + e;
}

/// Candidates ruled out for the whole sequence, and the positions' label sets (empty).
void TaskSolver::SequenceRun::setUpCandidates() {
    // Candidates that cannot appear even once: one layer of k plus the best relaxed completion of the
    // other len - 1 layers already exceeds the bound (whole sequences of one layer type).
    if (use_hull) {
        refresh();
        const auto& row = ts.costs_.at(cl.rc)[0];
        usable.assign(row.size(), 1);
        for (std::size_t k = 0; k < row.size(); ++k) {
            const CandCost& x = row[k];
            const double mk = memOf(x);
            if (prefixBound(slots[0], x.c, x.e, mk, x.w, 0) > bound) {
                usable[k] = 0;
                ctx_.rules.add(rules::kTimeLowerBound);
            }
        }
    }
    // Rule dominated-run: per stack, the candidates another replaces in every run (dropDominatedRuns).
    if (ts.block_n_ < 0 && ctx_.rule(rules::kDominatedRun))
        run_drop = ts.dominatedRuns(cl, positions);
    cl.arena.assign(positions.size(), {});
}

/// fn(i, slot) for i < n, with the spare threads when `many` (the work is worth handing out). Returns
/// whether they helped.
bool TaskSolver::SequenceRun::forEach(int n, bool many, const std::function<void(int, int)>& fn) {
    many = many && n > 1;
    if (many && ctx_.spare.load(std::memory_order_relaxed) > 0) {
        if (!helpers)
            helpers = std::make_unique<LoopHelpers>(ctx_.spare, ctx_.threads() - 1);
        helpers->start();
    }
    if (many && helpers && helpers->helpers() > 0) {
        slots.resize(static_cast<std::size_t>(1 + helpers->helpers()));
        helpers->run(n, fn);
        return true;
    }
    for (int i = 0; i < n; ++i)
        fn(i, 0);
    return false;
}

/// In-DP progress of a long sequence (SearchEvent::dp_layer), every 2 s.
void TaskSolver::SequenceRun::reportProgress(std::size_t p) {
    if (!report || p == 0)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report < std::chrono::seconds(2))
        return;
    last_report = now;
    SearchEvent ev;
    ev.kind = SearchEvent::Kind::Progress;
    ev.progress = ctx_.progress.load(std::memory_order_relaxed);
    ev.dp_layer = static_cast<int>(p);
    ev.dp_layers = static_cast<int>(positions.size());
    ev.dp_seconds = std::chrono::duration<double>(now - seq_t0).count();
    ev.dp_sequence = seq_id;
    ev.dp_states = ctx_.dp_states.load(std::memory_order_relaxed);
    ctx_.observer(ev);
}

/// At a chunk start (no switch cost) the previous strategy no longer matters: the labels extended are
/// those Pareto-minimal over all previous strategies (the same result, fewer pushes). Their indices.
std::vector<int> TaskSolver::SequenceRun::chunkSources(std::size_t p) {
    std::vector<int> sources;
    std::vector<SeqLabel> all = cl.arena[p - 1];
    for (std::size_t li = 0; li < all.size(); ++li)
        all[li].prev = static_cast<int>(li); // remember the label's index
    // With a limit on runs the previous strategy still matters (a run continues or not).
    if (max_runs <= 0)
        filterLabels(slots[0], all);
    for (const auto& a : all)
        sources.push_back(a.prev);
    std::sort(sources.begin(), sources.end());
    return sources;
}

/// Whether candidate k of stack st may take a position at place `rel` of its model chunk.
bool TaskSolver::SequenceRun::allowed(int k, int st, int rel) const {
    if (!usable.empty() && !usable[static_cast<std::size_t>(k)])
        return false;
    if (!run_drop.empty() && !run_drop[static_cast<std::size_t>(st)].empty() &&
        run_drop[static_cast<std::size_t>(st)][static_cast<std::size_t>(k)])
        return false;
    return !(ts.block_n_ >= 0 && k != (rel < ts.block_n_ ? 0 : 1));
}

/// The cell of candidate k: the previous position's labels extended by k, filtered, and cut by the
/// bound. The cells depend on nothing but the position's inputs, so they may be filled at once.
void TaskSolver::SequenceRun::fillCell(const Position& at, int k, Slot& sl,
                                       std::vector<SeqLabel>& cell) const {
    const std::size_t p = at.p;
    const int st = at.st, pst = at.pst;
    cell.clear();
    if (!allowed(k, st, at.rel))
        return;
    const CandCost& x = ts.cc(cl.rc, st, k);
    const double mk = memOf(x);
    auto push = [&](double c, double e, double mm, double w, int prev, int runs) {
        if (max_runs > 0 && runs > max_runs)
            return;
        if (mm + rest_m[p + 1] + mem_off + std::max(w, w_emb) > budget_ * (1 + 1e-12))
            return;
        // The transient is kept no lower than the lightest embedding/head option's: every use
        // takes the larger of the two (the check above, prefixBound, readout), so labels whose
        // transients differ only below it are equal and the fewest runs decide between them.
        cell.push_back({c, e, mm, std::max(w, w_emb), prev, k, runs});
    };
    if (p == 0) {
        push(x.c, x.e, mk, x.w, -1, 1);
    } else {
        const auto& prevArena = cl.arena[p - 1];
        // (a reversed class runs from the last layer down: the model switches from this
        // position's strategy to the previous position's)
        const std::size_t Kt = cand_[static_cast<std::size_t>(st)].size(),
                          Kp = cand_[static_cast<std::size_t>(pst)].size();
        if (reset[p]) {
            for (int li : *at.sources) {
                const SeqLabel& L = prevArena[static_cast<std::size_t>(li)];
                push(L.c + x.c, L.e + x.e, L.m + mk, std::max(L.w, x.w), li,
                     L.runs + (ts.sameStrategy(pst, L.k, st, k) ? 0 : 1));
            }
        } else if (const int g = at.shared ? share.group[static_cast<std::size_t>(k)] : -1; g >= 0) {
            // Candidates with the same switch column: the labels of the previous position
            // already extended and filtered once for all of them (shareColumns), plus those
            // whose strategy k continues (one run fewer).
            for (const auto* set :
                 {&share.labels[static_cast<std::size_t>(g)], &share.extra[static_cast<std::size_t>(g)]})
                for (const SeqLabel& G : *set)
                    push(G.c + x.c, G.e + x.e, G.m + mk, std::max(G.w, x.w), G.prev, G.runs);
            for (const int j : share.same[static_cast<std::size_t>(k)])
                for (const int li : share.by_last[static_cast<std::size_t>(j)]) {
                    const SeqLabel& L = prevArena[static_cast<std::size_t>(li)];
                    const double s = switchCost(*at.swm, cl.reversed, Kp, Kt, static_cast<std::size_t>(L.k),
                                                static_cast<std::size_t>(k));
                    push(L.c + s + x.c, L.e + x.e, L.m + mk, std::max(L.w, x.w), li, L.runs);
                }
        } else {
            // Previous label li extended by candidate k, with the switch between them.
            // (uniform_layers: solve() restricts every list to one strategy)
            auto extend = [&](std::size_t li) {
                const SeqLabel& L = prevArena[li];
                const double s = switchCost(*at.swm, cl.reversed, Kp, Kt, static_cast<std::size_t>(L.k),
                                            static_cast<std::size_t>(k));
                push(L.c + s + x.c, L.e + x.e, L.m + mk, std::max(L.w, x.w), static_cast<int>(li),
                     L.runs + (ts.sameStrategy(pst, L.k, st, k) ? 0 : 1));
            };
            if (max_runs > 0) {
                // (splitByRuns: a label at the limit goes on only where candidate k continues its run)
                for (const int li : open_runs)
                    extend(static_cast<std::size_t>(li));
                for (std::size_t j = 0; j < full_by_last.size(); ++j)
                    if (!full_by_last[j].empty() && ts.sameStrategy(pst, static_cast<int>(j), st, k))
                        for (const int li : full_by_last[j])
                            extend(static_cast<std::size_t>(li));
            } else {
                for (std::size_t li = 0; li < prevArena.size(); ++li)
                    extend(li);
            }
        }
    }
    // The bound after the Pareto filter: a label that dominates another has no larger bound
    // (prefixBound rises with c, c / v + e, memory and the transient), so the same labels stay,
    // and the bound is evaluated for the few kept (Llama 3.1 405B at 128K on 1024 GPUs: 19.0
    // million evaluations before, 1.8 million after).
    filterLabels(sl, cell);
    cell.erase(
        std::remove_if(cell.begin(), cell.end(),
                       [&](const SeqLabel& l) { return prefixBound(sl, l.c, l.e, l.m, l.w, p) > bound; }),
        cell.end());
    ts.labels_.fetch_add(static_cast<std::int64_t>(cell.size()), std::memory_order_relaxed);
    ctx_.dp_states.fetch_add(static_cast<std::int64_t>(cell.size()), std::memory_order_relaxed);
}

/// The previous position's labels split for fillCell under a limit on runs: a label below the limit
/// may go on with any candidate; one at it only with its own strategy, so each cell visits those of
/// its strategy alone (the two-run seed of DeepSeek-V3 on 1024 GPUs extended every label with every
/// candidate and dropped most). The same labels are pushed; their order in a cell does not matter
/// (filterLabels breaks ties by runs and the previous label, which differ).
void TaskSolver::SequenceRun::splitByRuns(std::size_t p, std::size_t Kp) {
    const auto& prev = cl.arena[p - 1];
    open_runs.clear();
    full_by_last.resize(Kp);
    for (auto& v : full_by_last)
        v.clear();
    for (std::size_t li = 0; li < prev.size(); ++li) {
        if (prev[li].runs < max_runs)
            open_runs.push_back(static_cast<int>(li));
        else
            full_by_last[static_cast<std::size_t>(prev[li].k)].push_back(static_cast<int>(li));
    }
}

/// Across last candidates (not with a limit on runs, where a label with more runs cannot stand in for
/// one with fewer, nor for block recomputation, whose candidate is fixed per position). (A reversed
/// class keeps one Pareto set per last candidate: the switch classes are by rows.)
void TaskSolver::SequenceRun::pruneAcross(std::size_t p, int st, std::vector<SeqLabel>& out) {
    if (max_runs > 0 || ts.block_n_ >= 0 || cl.reversed || out.size() <= 1)
        return;
    const SwitchClasses* sc = nullptr;
    if (p + 1 < positions.size() && !reset[p + 1])
        sc = &ts.switchClasses(cl.rc, st, ts.stackAt(positions[p + 1]));
    const bool many = out.size() >= kParallelLabels;
    auto each = [&](int n, const std::function<void(int)>& fn) {
        forEach(n, many, [&](int i, int) { fn(i); });
    };
    if (scalar)
        pruneAcrossCandidates(out, sc, scalarKeys(), each);
    else
        pruneAcrossCandidates(out, sc, stageKeys(), each);
}

/// Position p's labels (cl.arena[p]) from position p - 1's. Stop: stopped or cut (the sequence is not
/// done); End: no label is left.
TaskSolver::SequenceRun::Step TaskSolver::SequenceRun::position(std::size_t p, int& rel) {
    if (ctx_.stop.stop_requested())
        return Step::Stop;
    rel = p == 0 || reset[p] ? 0 : rel + 1;
    reportProgress(p);
    refresh();
    if (ts.cutBelow(bound))
        return Step::Stop;
    const int st = ts.stackAt(positions[p]);
    const int K = static_cast<int>(cand_[static_cast<std::size_t>(st)].size());
    auto& out = cl.arena[p];
    const std::vector<int> sources = p > 0 && reset[p] ? chunkSources(p) : std::vector<int>{};
    // (Exact when the keys move by constants: on the fixed-point grid c / v stays exact for v a
    // power of two up to 16.)
    const bool shared = p > 0 && !reset[p] && max_runs <= 0 && t_.v <= 16 && (t_.v & (t_.v - 1)) == 0;
    if (shared)
        ts.shareColumns(
            cl, ts.stackAt(positions[p - 1]), st, cl.arena[p - 1], [&](int k) { return allowed(k, st, rel); },
            {rest_m[p + 1], mem_off},
            [&](std::vector<SeqLabel>& l, std::vector<SeqLabel>* b) { filterOnce(l, b); }, share,
            [&](int n, const std::function<void(int)>& fn) {
                forEach(n, cl.arena[p - 1].size() >= kParallelLabels, [&](int i, int) { fn(i); });
            });
    // (the previous position's: its stack and the switch matrix from it, built here, not by the
    // threads filling the cells)
    const int pst = p > 0 ? ts.stackAt(positions[p - 1]) : st;
    const std::vector<double>* swm = p == 0        ? nullptr
                                     : cl.reversed ? &ts.swMatrix(cl.rc, st, pst)
                                                   : &ts.swMatrix(cl.rc, pst, st);
    const Position at{p, st, pst, rel, swm, shared, &sources};
    if (p > 0 && !reset[p] && !shared && max_runs > 0)
        splitByRuns(p, cand_[static_cast<std::size_t>(pst)].size());
    cells.resize(std::max(cells.size(), static_cast<std::size_t>(K)));
    if (forEach(K, (p == 0 ? 0 : cl.arena[p - 1].size()) * static_cast<std::size_t>(K) >= kParallelCells,
                [&](int k, int slot) {
                    fillCell(at, k, slots[static_cast<std::size_t>(slot)],
                             cells[static_cast<std::size_t>(k)]);
                }))
        ctx_.helped_positions.fetch_add(1, std::memory_order_relaxed);
    for (int k = 0; k < K; ++k)
        out.insert(out.end(), cells[static_cast<std::size_t>(k)].begin(),
                   cells[static_cast<std::size_t>(k)].end());
    pruneAcross(p, st, out);
    if (out.empty()) {
        cl.arena.resize(p + 1);
        return Step::End;
    }
    return Step::Next;
}

void TaskSolver::SequenceRun::run() {
    report = ctx_.observer && positions.size() >= 64;
    seq_t0 = last_report = std::chrono::steady_clock::now();
    seq_id = report ? ctx_.sequences.fetch_add(1) + 1 : 0;
    int rel = -1; // position inside the model chunk (block recomputation)
    for (std::size_t p = 0; p < positions.size(); ++p) {
        const Step s = position(p, rel);
        if (s == Step::Stop)
            return;
        if (s == Step::End)
            break;
    }
    cl.done = true;
}

/// Sequence DP over `positions` (global layer ids); reset[p] marks a chunk start (no switch cost).
void TaskSolver::runSequence(Class& cl, const std::vector<int>& positions, const std::vector<char>& reset,
                             int record_from, double extra_t, double others_lb) {
    SequenceRun(*this, cl, positions, reset, record_from, extra_t, others_lb).run();
}

/// Candidates whose switch costs from every previous candidate are equal (one column of the switch
/// matrix: the same layout with another ZeRO stage or recomputation) extend the previous position's
/// labels alike but for constants: their own c, e and memory, and the transient raised to their own.
/// So the labels are switched and filtered once per group (`sh.labels`, one run more each), and every
/// candidate of the group extends only those, plus the labels whose last strategy it continues (no new
/// run, `sh.by_last`) and those a smaller transient alone dropped (`sh.extra`: raised to a candidate's
/// own, the transients may become equal and the fewest runs decide). The cells are the same: a label
/// dropped here is dominated by another whose extension dominates its extension, the costs moved by
/// the same constants (exact on the fixed-point grids; c / v for v a power of two), with no more runs.
void TaskSolver::shareColumns(
    const Class& cl, int pst, int st, const std::vector<SeqLabel>& prev,
    const std::function<bool(int)>& allowed, std::array<double, 2> mem_rest,
    const std::function<void(std::vector<SeqLabel>&, std::vector<SeqLabel>*)>& filter, ColumnShare& sh,
    const EachIndex& each) {
    const std::vector<double>& swm = cl.reversed ? swMatrix(cl.rc, st, pst) : swMatrix(cl.rc, pst, st);
    const std::size_t Kt = cand_[static_cast<std::size_t>(st)].size(),
                      Kp = cand_[static_cast<std::size_t>(pst)].size();
    // Equal columns (a reversed class reads the matrix from this stack: its rows).
    const std::vector<int>& column =
        cl.reversed ? switchClasses(cl.rc, st, pst).cls : switchClasses(cl.rc, pst, st).col;
    std::vector<std::vector<int>> by_column;
    for (int k = 0; k < static_cast<int>(Kt); ++k)
        if (allowed(k)) {
            const auto c = static_cast<std::size_t>(column[static_cast<std::size_t>(k)]);
            if (by_column.size() <= c)
                by_column.resize(c + 1);
            by_column[c].push_back(k);
        }
    std::vector<std::vector<int>> groups;
    for (auto& members : by_column)
        if (members.size() >= 2)
            groups.push_back(std::move(members));
    sh.group.assign(Kt, -1);
    sh.labels.resize(groups.size());
    sh.extra.resize(groups.size());
    if (groups.empty())
        return;
    sh.by_last.assign(Kp, {});
    for (std::size_t li = 0; li < prev.size(); ++li)
        sh.by_last[static_cast<std::size_t>(prev[li].k)].push_back(static_cast<int>(li));
    sh.same.assign(Kt, {});
    // (the groups' candidates are disjoint: each group writes only its own entries)
    each(static_cast<int>(groups.size()), [&](int gi) {
        const auto g = static_cast<std::size_t>(gi);
        double mk_min = kInf, xw_max = -kInf;
        for (const int k : groups[g]) {
            sh.group[static_cast<std::size_t>(k)] = static_cast<int>(g);
            mk_min = std::min(mk_min, layerMemory(cl, cc(cl.rc, st, k)));
            xw_max = std::max(xw_max, cc(cl.rc, st, k).w);
            for (int j = 0; j < static_cast<int>(Kp); ++j)
                if (sameStrategy(pst, j, st, k))
                    sh.same[static_cast<std::size_t>(k)].push_back(j);
        }
        const int col = groups[g].front();
        auto& G = sh.labels[g];
        G.clear();
        for (std::size_t li = 0; li < prev.size(); ++li) {
            const SeqLabel& L = prev[li];
            // (No candidate of the group fits after this label: the DP's check with the lightest. The
            // labels' transients are at least the embedding/head's already.)
            if (L.m + mk_min + mem_rest[0] + mem_rest[1] + L.w > budget_ * (1 + 1e-12))
                continue;
            G.push_back({L.c + switchCost(swm, cl.reversed, Kp, Kt, static_cast<std::size_t>(L.k),
                                          static_cast<std::size_t>(col)),
                         L.e, L.m, L.w, static_cast<int>(li), -1, L.runs + 1});
        }
        filter(G, &sh.extra[g]);
        // (Those whose transients stay above every candidate's of the group stay dropped.)
        auto& X = sh.extra[g];
        X.erase(std::remove_if(X.begin(), X.end(), [&](const SeqLabel& l) { return l.w > xw_max; }), X.end());
    });
}

/// Rule dominated-run. In a stage's sequence a maximal run of n layers of candidate k between
/// candidates x and y (none at the stage's ends or a chunk start) adds n c_k + (n - 1) sw(k, k) +
/// sw(x, k) + sw(k, y) to the stage's C. Candidate k2 in its place adds n c_k2 + (n - 1) sw(k2, k2) +
/// sw(x, k2) + sw(k2, y), which is less for every n >= 1 and every x, y when
///     c_k2 + max(0, max_x sw(x, k2) - sw(x, k)) + max(0, max_y sw(k2, y) - sw(k, y)) < c_k
///     and c_k2 + sw(k2, k2) - sw(k, k) <= c_k,
/// and its e, memory (s + f a in this class) and transient are no larger. Then every plan using k in a
/// stage of this class has a plan with k2 in its place that fits and is strictly faster (the stage's C
/// falls, and T rises with every stage's C), so no optimum of a configuration uses k there. The
/// dominance the whole search uses (rule dominated-strategy) must hold for every switch and rank class
/// and for s and a apart; this one is per class and weighs the switches against the time gained
/// (Llama 3.1 405B at 128K on 1024 GPUs: 56-61 of 104 candidates per stage of its pp = 8 configuration).
/// With several layer types, per stack: x and y also range over the candidates of the stacks next to it.
/// Returns per stack the candidates dropped (empty where none is).
std::vector<std::vector<char>> TaskSolver::dominatedRuns(const Class& cl, const std::vector<int>& positions) {
    // The same for a class in every deepening round (it compares costs and switches, not the bound).
    auto key = std::make_tuple(cl.rc, cl.f, cl.reversed, positions);
    if (auto known = run_drops_.find(key)) {
        std::int64_t dropped = 0;
        for (const auto& d : *known)
            dropped += std::count(d.begin(), d.end(), 1);
        if (dropped > 0)
            ctx_.rules.add(rules::kDominatedRun, dropped);
        return *known;
    }
    return run_drops_.put(std::move(key), dropDominatedRuns(cl, positions));
}

std::vector<std::vector<char>> TaskSolver::dropDominatedRuns(const Class& cl,
                                                             const std::vector<int>& positions) {
    const std::size_t types = cand_.size();
    // The stacks next to each stack in this sequence, in the model's order (a reversed class runs from
    // the last layer down): the candidates a run of one stack's candidate can switch from and to.
    std::vector<std::vector<char>> before(types, std::vector<char>(types, 0)), after = before;
    std::vector<char> present(types, 0);
    for (std::size_t p = 0; p < positions.size(); ++p) {
        const auto st = static_cast<std::size_t>(stackAt(positions[p]));
        present[st] = 1;
        if (p > 0) {
            auto prev = static_cast<std::size_t>(stackAt(positions[p - 1]));
            auto cur = st;
            if (cl.reversed)
                std::swap(prev, cur);
            before[cur][prev] = 1;
            after[prev][cur] = 1;
        }
    }
    std::vector<std::vector<char>> drop(types);
    std::int64_t dropped = 0;
    // Under a limit on runs, a run of one strategy goes on across a change of type (sameStrategy), so
    // k2 in place of k could add a run there: a candidate whose strategy a neighbouring type also has
    // stays.
    const bool limited = ctx_.opt.max_runs_per_stage > 0;
    auto sharedAcross = [&](std::size_t st, std::size_t k) {
        for (std::size_t o = 0; o < types; ++o)
            if (o != st && (before[st][o] || after[st][o]))
                for (const LayerStrategy& x : cand_[o])
                    if (x == cand_[st][k])
                        return true;
        return false;
    };
    for (std::size_t st = 0; st < types; ++st) {
        const auto& row = costs_.at(cl.rc)[st];
        const std::size_t K = row.size();
        if (!present[st] || K < 2)
            continue;
        const int si = static_cast<int>(st);
        const std::vector<double>& self = swMatrix(cl.rc, si, si);
        std::vector<double> mem(K);
        for (std::size_t k = 0; k < K; ++k)
            mem[k] = layerMemory(cl, row[k]);
        drop[st].assign(K, 0);
        for (std::size_t k = 0; k < K; ++k) {
            const CandCost& b = row[k];
            if (limited && sharedAcross(st, k))
                continue;
            for (std::size_t k2 = 0; k2 < K; ++k2) {
                const CandCost& a = row[k2];
                if (k2 == k || !(a.c < b.c && a.e <= b.e && a.w <= b.w && mem[k2] <= mem[k]) ||
                    a.c + self[k2 * K + k2] - self[k * K + k] > b.c)
                    continue;
                // The largest extra switch time into and out of a run of k2 in place of k: from and to
                // the other candidates of this stack, and every candidate of a stack next to it.
                double in = 0.0, out = 0.0;
                for (std::size_t x = 0; x < K; ++x)
                    if (x != k) {
                        in = std::max(in, self[x * K + k2] - self[x * K + k]);
                        out = std::max(out, self[k2 * K + x] - self[k * K + x]);
                    }
                for (std::size_t o = 0; o < types; ++o) {
                    if (o == st)
                        continue;
                    const std::size_t Ko = cand_[o].size();
                    const int oi = static_cast<int>(o);
                    if (before[st][o]) {
                        const std::vector<double>& m = swMatrix(cl.rc, oi, si); // Ko x K
                        for (std::size_t x = 0; x < Ko; ++x)
                            in = std::max(in, m[x * K + k2] - m[x * K + k]);
                    }
                    if (after[st][o]) {
                        const std::vector<double>& m = swMatrix(cl.rc, si, oi); // K x Ko
                        for (std::size_t y = 0; y < Ko; ++y)
                            out = std::max(out, m[k2 * Ko + y] - m[k * Ko + y]);
                    }
                }
                if (a.c + in + out < b.c) {
                    drop[st][k] = 1;
                    ++dropped;
                    break;
                }
            }
        }
    }
    if (dropped > 0)
        ctx_.rules.add(rules::kDominatedRun, dropped);
    return drop;
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
        mem_off += e.states() +
                   CostModel::vocabInflight(t_.schedule, t_.pp, t_.v, t_.m, cl.first, cl.f) * e.activations;
        w_emb = e.transient;
        cext += qT(e.perMicro());
        eext += qT(e.perIteration());
    }
    const auto& ar = cl.arena[static_cast<std::size_t>(pos_index)];
    for (std::size_t i = 0; i < ar.size(); ++i) {
        const SeqLabel& L = ar[i];
        const double M = L.m + mem_off + std::max(L.w, w_emb);
        if (M > budget_ * (1 + 1e-12)) // rounding: the DP sums in another order than evaluate()
            continue;
        pts.push_back({L.c + cext, L.e + eext, M, static_cast<int>(i), L.runs});
    }
    // Pareto over (C, C/v + E) (lower memory, then fewer runs, first among equals). (A pass over
    // (C, C/v + E, M) ran before it until stop 43: with this tie-break it kept the same points.)
    const double iv = 1.0 / t_.v; // see runSequence: (C, C/v + E) orders stages by their effect on T
    paretoFilter(
        pts,
        [iv](const StagePoint& p) {
            return std::array<double, 2>{p.C, p.C * iv + p.E};
        },
        [](const StagePoint& p) { return std::make_pair(p.M, p.runs); });
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
    if (cl.reversed) // (in the model's layer order)
        std::reverse(out.begin(), out.end());
    return out;
}

} // namespace gx::planner
