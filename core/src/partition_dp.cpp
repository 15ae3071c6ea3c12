// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - the partition DP of the planner: stage point sets combined over (stage, layers
// so far) into Pareto labels (max C, sum C, max E), for 1F1B/GPipe (uneven splits) and interleaved
// schedules (equal chunks), and the reconstruction of the best plan.
#include "loop_helpers.h"
#include "planner_internal.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <map>
#include <thread>
#include <tuple>

namespace gx::planner {

namespace {

/// Pareto filter of partition labels: T = (m - 1/v) max C + sum C / v + max E falls with max C, sum C
/// and sum C / v + max E (see the header), so those three decide; among equal ones the lower peak
/// memory is kept, and then the one with fewer strategy runs (readable plans). (A four-key pass with
/// the memory, which this one's tie-break made redundant, ran first until stop 43: it kept the same
/// labels and cost DeepSeek-V3's top 5 on 1024 GPUs about 8% of its time, sorting every key's values.)
void filterPartition(std::vector<PartLabel>& cell, double v) {
    paretoFilter(
        cell,
        [v](const PartLabel& p) {
            return std::array<double, 3>{p.maxC, p.sumC, p.sumC / v + p.maxE};
        },
        [](const PartLabel& p) { return std::make_pair(p.maxM, p.runs); });
}

/// The best final label: least time, then least peak memory, then fewest runs; -1 when none.
int bestFinal(const std::vector<PartLabel>& fin, double m, double v, double& T, double& M, int& runs) {
    int bi = -1;
    T = M = kInf;
    runs = 0;
    for (std::size_t a = 0; a < fin.size(); ++a) {
        const PartLabel& P = fin[a];
        const double t = m * P.maxC + (P.sumC - P.maxC) / v + P.maxE;
        if (bi < 0 || std::tie(t, P.maxM, P.runs) < std::tie(T, M, runs)) {
            T = t;
            M = P.maxM;
            runs = P.runs;
            bi = static_cast<int>(a);
        }
    }
    return bi;
}

} // namespace

std::vector<int> TaskSolver::stagePositions(int start, bool reversed) const {
    // A class may serve several stages: cover the longest stage any of them can hold.
    const int L = ctx_.layers, from = ctx_.single_type ? 0 : start;
    std::vector<int> pos;
    if (reversed) { // the last stage, from the last layer down (it holds L - pp + 1 layers at most)
        for (int l = L - 1; l >= t_.pp - 1; --l)
            pos.push_back(l);
        return pos;
    }
    for (int l = from; l < from + std::min(L - from, L - t_.pp + 1); ++l)
        pos.push_back(l);
    return pos;
}

int TaskSolver::canonicalStart(int start) const {
    if (ctx_.single_type)
        return 0;
    const int L = ctx_.layers, len = std::min(L - start, L - t_.pp + 1);
    for (int s = 0; s < start; ++s) {
        bool same = true;
        for (int r = 0; r < len && same; ++r)
            same = stackAt(s + r) == stackAt(start + r);
        if (same)
            return s;
    }
    return start;
}

void TaskSolver::runStageClass(Class& cl, int start) {
    cl.start = ctx_.single_type || cl.reversed ? 0 : start;
    const std::vector<int> pos = stagePositions(start, cl.reversed);
    runSequence(cl, pos, std::vector<char>(pos.size(), 0), t_.pp == 1 ? -1 : 0,
                t_.pp == 1 ? vocabTime(true) : 0.0);
}

void TaskSolver::runStageClassesAtOnce() {
    // One layer type: every stage's class is known before the partition (they start at layer 0), so
    // their sequence DPs run at once on the search's threads (a 1F1B task with pp = 4 has 4 classes;
    // alone it would leave the other cores idle while the tasks after it are cut).
    if (!ctx_.single_type || t_.pp < 2 || ctx_.threads() < 2)
        return;
    std::vector<Class*> todo;
    for (int i = 0; i < t_.pp; ++i) {
        Class& cl = classFor(i, 0);
        if (!cl.done && std::find(todo.begin(), todo.end(), &cl) == todo.end())
            todo.push_back(&cl);
    }
    for (int rc : rcs_)
        switchClasses(rc, 0, 0); // (built here with its matrix: the threads only read the caches)
    // The threads run beside the search's (Context::spare): a thread with no class left is spare until
    // they all end, so a long class borrows it.
    const int threads = std::clamp<int>(static_cast<int>(todo.size()), 1, ctx_.threads());
    std::atomic<std::size_t> next{0};
    runCountingSpare(ctx_.spare, threads, 1 - threads, [&]() {
        for (std::size_t k; (k = next.fetch_add(1)) < todo.size();)
            runStageClass(*todo[k], 0);
    });
}

/// 1F1B and GPipe: stages of any size (a prefix of each class's sequence), the partition DP over
/// (stage, layers so far).
void TaskSolver::solveUneven(PartitionBest& best) {
    const int L = ctx_.layers, pp = t_.pp, v = t_.v;
    const double m = t_.m;
    std::vector<LayerStrategy>& layers = best.layers;
    Plan& best_plan = best.plan;
    // Sequences per class: positions start..L-1 (the stage takes a prefix of them).
    std::map<Class*, std::vector<int>> seq_pos;
    // Each start's shared sequence (several layer types), once per configuration: looked up per cell.
    std::vector<int> canonical(static_cast<std::size_t>(L));
    for (int start = 0; start < L; ++start)
        canonical[static_cast<std::size_t>(start)] = canonicalStart(start);
    auto ensure = [&](int stage, int start) -> Class& {
        const int from = canonical[static_cast<std::size_t>(start)];
        Class& cl = classFor(stage, from);
        if (!cl.done)
            runStageClass(cl, from);
        if (!seq_pos.count(&cl))
            seq_pos[&cl] = stagePositions(from, cl.reversed);
        return cl;
    };
    runStageClassesAtOnce();
    // The target's pipeline splits (Context::splits): one partition pass per split, each a single
    // path through the cells; an empty split = any split.
    static const std::vector<std::vector<int>> kAnySplit{{}};
    const auto split_it = ctx_.splits.find(pp);
    const auto& splits = split_it != ctx_.splits.end() ? split_it->second : kAnySplit;
    if (splits.empty())
        ctx_.rules.add(rules::kTargetSplit);
    // Stage point sets per (stage, start, n). A middle stage's do not depend on the embedding/head
    // option nor on the split: read out once for all of them (GPT-3 175B on 64 GPUs, pp = 8: 6 of 8).
    using PointsKey = std::tuple<int, int, int>;
    std::map<PointsKey, std::vector<StagePoint>> middleCache;
    for (const auto& vc : vocab_)
        for (const auto& split : splits) {
            if (ctx_.stop.stop_requested())
                break;
            // cells[i][j]: labels after i stages covering j layers.
            std::vector<std::vector<std::vector<PartLabel>>> cells(
                static_cast<std::size_t>(pp + 1),
                std::vector<std::vector<PartLabel>>(static_cast<std::size_t>(L + 1)));
            std::map<PointsKey, std::vector<StagePoint>> endsCache; // first and last stage: this option's
            auto points = [&](int stage, int start, int n) -> const std::vector<StagePoint>& {
                auto& pointsCache = stage == 0 || stage == pp - 1 ? endsCache : middleCache;
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
            cells[0][0].push_back({0, 0, 0, 0, -1, -1, 0, -1, 0});
            for (int i = 0; i < pp; ++i) {
                refreshBound();
                if (cutBelow(bound_))
                    break;
                for (int j = i; j <= L - (pp - i); ++j) {
                    const auto& from = cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
                    if (from.empty())
                        continue;
                    const int maxn = std::min(L - j - (pp - 1 - i), cap_[static_cast<std::size_t>(i)]);
                    for (int n = 1; n <= maxn; ++n) {
                        if (i == pp - 1 && j + n != L)
                            continue;
                        if (!split.empty() && n != split[static_cast<std::size_t>(i)])
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
                                            static_cast<int>(b),
                                            P.runs + S.runs};
                                // Lower bound with the layers still to place (as in runSequence).
                                const int left = pp - 1 - i;
                                double R = double(L - j - n) * cmin_;
                                if (left > 0 && !after_sum_.empty()) // (memory-aware: after_sum_)
                                    R = std::max(R, after_sum_[static_cast<std::size_t>(i + 1)]
                                                              [static_cast<std::size_t>(L - j - n)]);
                                // The stages after this one hold the L - j - n layers left: their
                                // largest C is at least after_max_ (memory-aware) and their mean.
                                double rest_max = R / std::max(left, 1);
                                if (left > 0 && !after_max_.empty())
                                    rest_max =
                                        std::max(rest_max, after_max_[static_cast<std::size_t>(i + 1)]
                                                                     [static_cast<std::size_t>(L - j - n)]);
                                const double lb =
                                    left > 0 ? (m - 1) * std::max(N.maxC, rest_max) + N.sumC + R + N.maxE
                                             : partitionTime(N.maxC, N.sumC, N.maxE);
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
                    labels_.fetch_add(static_cast<std::int64_t>(cell.size()), std::memory_order_relaxed);
                    ctx_.dp_states.fetch_add(static_cast<std::int64_t>(cell.size()),
                                             std::memory_order_relaxed);
                }
            }
            const auto& fin = cells[static_cast<std::size_t>(pp)][static_cast<std::size_t>(L)];
            double bT = kInf, bM = kInf;
            int bR = 0;
            const int bi = bestFinal(fin, m, v, bT, bM, bR);
            if (bi < 0 || !best.improvedBy(bT, bM, bR))
                continue;
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
}

/// Interleaved: equal chunks of L / (pp * v) layers, chunk c on stage c % pp; one class per stage.
void TaskSolver::solveInterleaved(PartitionBest& best) {
    const int L = ctx_.layers, pp = t_.pp, v = t_.v;
    const double m = t_.m;
    std::vector<LayerStrategy>& layers = best.layers;
    Plan& best_plan = best.plan;
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
        if (cut_.load(std::memory_order_relaxed))
            return;
    }
    const int len = v * nc;
    // A middle stage's points do not depend on the embedding/head option: read out once.
    std::vector<std::vector<StagePoint>> pts(static_cast<std::size_t>(pp));
    for (const auto& vc : vocab_) {
        if (ctx_.stop.stop_requested())
            break;
        std::vector<std::vector<PartLabel>> rows(static_cast<std::size_t>(pp + 1));
        rows[0].push_back({0, 0, 0, 0, -1, 0, 0, -1, 0});
        for (int i = 0; i < pp; ++i) {
            if (i == 0 || i == pp - 1 || &vc == &vocab_.front())
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
                                static_cast<int>(b),
                                P.runs + S.runs};
                    if (partitionTime(N.maxC, N.sumC, N.maxE) > bound_)
                        continue;
                    to.push_back(N);
                }
            filterPartition(to, v);
        }
        const auto& fin = rows[static_cast<std::size_t>(pp)];
        double bT = kInf, bM = kInf;
        int bR = 0;
        const int bi = bestFinal(fin, m, v, bT, bM, bR);
        if (bi < 0 || !best.improvedBy(bT, bM, bR))
            continue;
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

TaskResult TaskSolver::solveCore() {
    TaskResult res;
    PartitionBest best;
    best.layers.resize(static_cast<std::size_t>(ctx_.layers));
    if (t_.v == 1)
        solveUneven(best);
    else
        solveInterleaved(best);
    const int pp = t_.pp, v = t_.v;
    Plan& best_plan = best.plan;
    const double bestT = best.T, bestPeak = best.peak;
    if (bestT == kInf || cut_.load(std::memory_order_relaxed))
        return res;
    best_plan.model = ctx_.cost.model().name;
    best_plan.seq_len = ctx_.cost.model().seq_len;
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

} // namespace gx::planner
