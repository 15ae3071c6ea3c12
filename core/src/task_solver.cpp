// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - per-task solver: candidate lists and costs of one task, switch-cost matrices,
// embedding/head options, stage capacities, the root lower bound and iterative deepening. The DPs
// themselves are in sequence_dp.cpp (layers of a stage) and partition_dp.cpp (stages of a pipeline).
#include "planner_internal.h"

#include "gx/error.h"
#include "gx/target.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>

namespace gx::planner {

LayerCost LayerCostCache::get(std::size_t stack, const LayerStrategy& s, const StageShape& shape) {
    Key key{static_cast<int>(stack),
            shape.stage_gpus,
            shape.first_rank,
            shape.micro_batch,
            shape.num_micro,
            s.tp,
            s.dp,
            s.sp ? 1 : 0,
            static_cast<int>(s.dp_type),
            static_cast<int>(s.ckpt),
            s.tp_consecutive ? 1 : 0,
            s.cp,
            static_cast<int>(s.cp_comm),
            s.ep};
    auto& stripe = costs_[Hash{}(key) % kStripes];
    if (auto known = stripe.find(key))
        return *known;
    return stripe.put(key, cost_.layer(cost_.model().stacks[stack].type, s, shape));
}

LayerCostCache::Row LayerCostCache::row(int part, int pp, std::size_t stack,
                                        const std::vector<LayerStrategy>& list, const StageShape& shape) {
    const std::array<int, 7> key{
        part,           pp, static_cast<int>(stack), shape.stage_gpus, shape.first_rank, shape.micro_batch,
        shape.num_micro};
    if (auto known = rows_.find(key))
        return *known;
    auto out = std::make_shared<std::vector<LayerCost>>(list.size());
    for (std::size_t k = 0; k < list.size(); ++k)
        if (shape.micro_batch % list[k].dp == 0)
            (*out)[k] = get(stack, list[k], shape);
    return rows_.put(key, std::move(out));
}

double TaskSolver::p2pHalf(int boundary_layer, int from_stage, int to_stage) const {
    const StageShape shape{G_, from_stage * G_, mb_, t_.m};
    return qT(ctx_.cost.p2pTime(ctx_.cost.model().layer(boundary_layer), LayerStrategy{}, shape,
                                from_stage * G_, to_stage * G_) /
              2);
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
                mat[i * B.size() + j] = qT(ctx_.cost.switchTime(type, A[i], B[j], shape));
        it = sw_.emplace(key, std::move(mat)).first;
    }
    return it->second;
}

const SwitchClasses& TaskSolver::switchClasses(int rc, int from_stack, int to_stack) {
    auto key = std::make_tuple(rc, from_stack, to_stack);
    auto it = swc_.find(key);
    if (it != swc_.end())
        return it->second;
    const std::vector<double>& sw = swMatrix(rc, from_stack, to_stack);
    const std::size_t K = cand_[static_cast<std::size_t>(from_stack)].size();
    const std::size_t Kn = cand_[static_cast<std::size_t>(to_stack)].size();
    SwitchClasses sc;
    sc.cls.assign(K, 0);
    for (std::size_t k = 0; k < K; ++k) {
        const double* row = sw.data() + k * Kn;
        int c = -1;
        for (std::size_t r = 0; r < sc.reps.size() && c < 0; ++r)
            if (std::equal(row, row + Kn, sw.data() + static_cast<std::size_t>(sc.reps[r]) * Kn))
                c = static_cast<int>(r);
        if (c < 0) {
            c = static_cast<int>(sc.reps.size());
            sc.reps.push_back(static_cast<int>(k));
        }
        sc.cls[k] = c;
    }
    const std::size_t R = sc.reps.size();
    sc.d.assign(R * R, 0.0);
    for (std::size_t a = 0; a < R; ++a)
        for (std::size_t b = 0; b < R; ++b) {
            const double* ra = sw.data() + static_cast<std::size_t>(sc.reps[a]) * Kn;
            const double* rb = sw.data() + static_cast<std::size_t>(sc.reps[b]) * Kn;
            double d = 0;
            for (std::size_t j = 0; j < Kn; ++j)
                d = std::max(d, ra[j] - rb[j]);
            sc.d[a * R + b] = d;
        }
    sc.col.assign(Kn, 0);
    std::vector<std::size_t> col_reps;
    for (std::size_t j = 0; j < Kn; ++j) {
        auto same = [&](std::size_t r) {
            for (std::size_t k = 0; k < K; ++k)
                if (sw[k * Kn + j] != sw[k * Kn + r])
                    return false;
            return true;
        };
        const auto c = std::find_if(col_reps.begin(), col_reps.end(), same);
        sc.col[j] = static_cast<int>(c - col_reps.begin());
        if (c == col_reps.end())
            col_reps.push_back(j);
    }
    return swc_.emplace(key, std::move(sc)).first->second;
}

void TaskSolver::computeCosts() {
    run_drops_.clear(); // (for the lists before)
    const auto& stacks = ctx_.cost.model().stacks;
    const auto& rcs = rcs_;
    costs_.clear();
    {
        std::lock_guard lock(levels_mu_);
        levels_.clear();
    }
    cmin_ = kInf;
    double tmax = 0; // largest m c + e of one layer
    for (int rc : rcs) {
        auto& per = costs_[rc];
        per.resize(stacks.size());
        const StageShape shape{G_, rc, mb_, t_.m};
        for (std::size_t s = 0; s < stacks.size(); ++s) {
            LayerCostCache::Row row;
            if (ctx_.caches && cand_base_.size() == stacks.size())
                row = ctx_.caches->layer_costs.row(t_.space, t_.pp, s,
                                                   ctx_.candidates.at({t_.space, t_.pp})[s], shape);
            for (std::size_t k = 0; k < cand_[s].size(); ++k) {
                const LayerCost lc = row ? (*row)[cand_base_[s][k]] : ctx_.layerCost(s, cand_[s][k], shape);
                per[s].push_back(
                    {lc.perMicro(), lc.perIteration(), lc.states(), lc.activations, lc.transient});
                tmax = std::max(tmax, t_.m * lc.perMicro() + lc.perIteration());
            }
        }
    }
    // Fixed-point grids (see SeqLabel): 2^-47 of the largest sum leaves 6 bits of the 53-bit mantissa
    // for switches, p2p and the embedding/head, and rounds a plan's time by < 1e-11 of itself.
    qt_ = grid(tmax * ctx_.layers);
    // (of the search's budget too: its frontier passes share the grid, so resolve() can answer them)
    qm_ = grid(std::max(budget_, ctx_.budget));
    cmin_type_.assign(stacks.size(), kInf);
    for (auto& [rc, per] : costs_)
        for (std::size_t st = 0; st < per.size(); ++st)
            for (CandCost& x : per[st]) {
                x.c = qT(x.c);
                x.e = qT(x.e);
                x.w = qM(x.w); // (memory plus transient is compared exactly: see paretoFilter's Transient)
                cmin_ = std::min(cmin_, x.c);
                cmin_type_[st] = std::min(cmin_type_[st], x.c);
            }
}

int TaskSolver::vocabCp() const {
    const auto& parts = ctx_.opt.subspaces;
    return t_.space < static_cast<int>(parts.size())
               ? std::max(1, parts[static_cast<std::size_t>(t_.space)].vocab_cp)
               : 1;
}

void TaskSolver::buildCandidates() {
    const auto& base = ctx_.candidates.at({t_.space, t_.pp});
    const bool batch_per_tp_group = capabilities(ctx_.opt.target).batch_per_tp_group;
    const int vcp = vocabCp();
    const auto& stacks = ctx_.cost.model().stacks;
    cand_.assign(stacks.size(), {});
    cand_base_.assign(stacks.size(), {});
    for (std::size_t s = 0; s < stacks.size(); ++s)
        for (std::size_t k = 0; k < base[s].size(); ++k) {
            const LayerStrategy& c = base[s][k];
            if (mb_ % c.dp != 0) {
                ctx_.rules.add(rules::kBatchDivisible);
                continue;
            }
            // Hetu-Galvatron: global_bsz a multiple of world / pp / min tp / min cp, min cp being the
            // part's embedding degree (SubSpace::vocab_cp; its layers' ring degrees are at least that),
            // kept exactly for power-of-two degrees by every layer's own share.
            const int tsp = c.tp * (c.cp > 1 && c.cp_comm == CpComm::A2A ? c.cp : 1);
            if (batch_per_tp_group && (G_ / tsp / vcp < 1 || (mb_ * t_.m) % (G_ / tsp / vcp) != 0)) {
                ctx_.rules.add(rules::kBatchDivisible);
                continue;
            }
            cand_[s].push_back(c);
            cand_base_[s].push_back(k);
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
}

void TaskSolver::dropDominated() {
    const auto& stacks = ctx_.cost.model().stacks;
    const auto& rcs = rcs_;
    // Uniform layers over several stacks need the same strategy in every stack: per-stack dominance
    // could drop it from one list only.
    // Block recomputation pairs each fully recomputed strategy with its twin without recomputation: a
    // dominance between uniform strategies must not drop either of them.
    if (!ctx_.rule(rules::kDominatedStrategy) || (ctx_.opt.uniform_layers && stacks.size() > 1) ||
        ctx_.block_recompute)
        return;
    // The lists kept (their indices into Context::candidates as well, where cand_ is still a subset of
    // them): the switch matrices and costs follow.
    auto keep = [&](std::vector<std::vector<LayerStrategy>> kept,
                    std::vector<std::vector<std::size_t>> base) {
        cand_ = std::move(kept);
        if (cand_base_.size() == stacks.size())
            cand_base_ = std::move(base);
        list_ = ctx_.opt.uniform_layers ? 2 : 1;
        sw_.clear();
        swc_.clear();
        computeCosts();
    };
    // (the lists are buildCandidates' own: an earlier pass's result for the same shape applies)
    const bool cacheable = ctx_.caches && cand_base_.size() == stacks.size();
    const std::array<int, 6> key{t_.space, t_.pp, G_, mb_, t_.m, ctx_.opt.uniform_layers ? 1 : 0};
    if (cacheable)
        if (const auto known = ctx_.caches->dominance.find(key)) {
            if (known->dropped == 0)
                return;
            ctx_.rules.add(rules::kDominatedStrategy, known->dropped);
            const auto& base = ctx_.candidates.at({t_.space, t_.pp});
            std::vector<std::vector<LayerStrategy>> kept(stacks.size());
            for (std::size_t s = 0; s < stacks.size(); ++s)
                for (std::size_t idx : known->base[s])
                    kept[s].push_back(base[s][idx]);
            keep(std::move(kept), known->base);
            return;
        }
    // Dominance: replacing every use of k by k2 never makes anything worse (see header comment).
    // With one strategy for every layer (one stack, see above) a plan switches only from a strategy to
    // itself, so only those switches are compared: no K x K switch matrix is built (Llama 3.1 405B at
    // 128K on 1024 GPUs: 0.55 s of CPU in the uniform seed, 304 strategies on one stage).
    const bool uniform = ctx_.opt.uniform_layers;
    std::map<int, std::vector<double>> self_switch; // per rank class: strategy k to itself
    if (uniform)
        for (int rc : rcs_) {
            auto& d = self_switch[rc];
            const StageShape shape{G_, rc, mb_, t_.m};
            for (const LayerStrategy& u : cand_[0])
                d.push_back(qT(ctx_.cost.switchTime(stacks[0].type, u, u, shape)));
        }
    bool changed = false;
    std::vector<std::vector<LayerStrategy>> kept(stacks.size());
    std::vector<std::vector<std::size_t>> kept_base(stacks.size());
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
                    if (uniform) {
                        const auto& d = self_switch[rc];
                        le = d[static_cast<std::size_t>(k2)] <= d[static_cast<std::size_t>(k)];
                        strict = strict || d[static_cast<std::size_t>(k2)] < d[static_cast<std::size_t>(k)];
                        if (!le)
                            break;
                        continue;
                    }
                    const int si = static_cast<int>(s);
                    auto chk = [&](double x, double y) {
                        if (x > y)
                            le = false;
                        if (x < y)
                            strict = true;
                    };
                    // Switch matrices looked up once (row-major, from x to y).
                    const std::vector<double>& self = swMatrix(rc, si, si);
                    auto at = [](const std::vector<double>& mat, std::size_t cols, int x, int y) {
                        return mat[static_cast<std::size_t>(x) * cols + static_cast<std::size_t>(y)];
                    };
                    const std::size_t Ks = static_cast<std::size_t>(K);
                    // Pairs among {k, k2} become (k2, k2); they only need <= (strictness from them
                    // would let two identical candidates drop each other).
                    le = le && at(self, Ks, k2, k2) <= at(self, Ks, k, k) &&
                         at(self, Ks, k2, k2) <= at(self, Ks, k2, k) &&
                         at(self, Ks, k2, k2) <= at(self, Ks, k, k2);
                    for (int x = 0; x < K && le; ++x) {
                        if (x == k || x == k2)
                            continue;
                        chk(at(self, Ks, x, k2), at(self, Ks, x, k));
                        chk(at(self, Ks, k2, x), at(self, Ks, k, x));
                    }
                    if (si > 0) {
                        const std::vector<double>& in = swMatrix(rc, si - 1, si);
                        for (int x = 0; x < static_cast<int>(cand_[s - 1].size()) && le; ++x)
                            chk(at(in, Ks, x, k2), at(in, Ks, x, k));
                    }
                    if (s + 1 < stacks.size()) {
                        const std::vector<double>& out = swMatrix(rc, si, si + 1);
                        const std::size_t Kn = cand_[s + 1].size();
                        for (int x = 0; x < static_cast<int>(Kn) && le; ++x)
                            chk(at(out, Kn, k2, x), at(out, Kn, k, x));
                    }
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
                if (s < cand_base_.size())
                    kept_base[s].push_back(cand_base_[s][static_cast<std::size_t>(k)]);
            }
        }
    }
    if (cacheable) {
        DominanceKept entry;
        entry.base = kept_base;
        for (std::size_t s = 0; s < stacks.size(); ++s)
            entry.dropped += static_cast<std::int64_t>(cand_[s].size() - kept[s].size());
        ctx_.caches->dominance.put(key, std::move(entry));
    }
    if (changed)
        keep(std::move(kept), std::move(kept_base));
}

bool TaskSolver::buildVocab() {
    const auto& o = ctx_.opt;
    const bool p2 = ctx_.space.pow2();
    for (int vt : SearchSpace::degrees(G_, p2)) {
        if (ctx_.rule(rules::kUser) && o.max_tp > 0 && vt > o.max_tp)
            continue;
        const int dv = G_ / vt;
        if (mb_ % dv != 0 || dv % vocabCp() != 0) { // (Hetu's vcp splits the embedding's ranks)
            ctx_.rules.add(rules::kBatchDivisible);
            continue;
        }
        std::vector<DpType> types;
        if (dv == 1)
            types = {DpType::DDP};
        else if (t_.space < static_cast<int>(o.subspaces.size()))             // (the part's: Hetu's embedding
            types = o.subspaces[static_cast<std::size_t>(t_.space)].dp_types; // takes the default type)
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
    // Embedding/head options that follow the layers are chosen per uniform strategy in solve(): keep all.
    if (ctx_.rule(rules::kDominatedStrategy) && vocab_.size() > 1 && !ctx_.vocab_follows_layers) {
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
    const bool reversed = lastStageReversed(stage);
    auto key = std::make_tuple(f, first, last, rc, ctx_.single_type ? 0 : reversed ? -1 : start);
    auto& cl = classes_[key];
    cl.reversed = reversed;
    cl.f = f;
    cl.first = first;
    cl.last = last;
    cl.rc = rc;
    return cl;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void wholeLayerTable(std::vector<std::pair<std::size_t, double>> items, std::size_t N, std::size_t B,
                     const std::function<void(std::size_t, const std::vector<double>&)>& row) {
    std::sort(items.begin(), items.end());
    std::vector<std::pair<std::size_t, double>> kept;
    for (const auto& it : items)
        if (it.first <= B && (kept.empty() || it.second < kept.back().second))
            kept.push_back(it);
    std::vector<double> prev(B + 1, 0.0), next(B + 1);
    // prev[b] is infinite below `first` (n - 1 items weigh at least (n - 1) x the lightest): the items
    // are added from there on only.
    std::size_t first = 0;
    for (std::size_t n = 1; n <= N; ++n) {
        std::fill(next.begin(), next.end(), kInf);
        for (const auto& [w, v] : kept)
            for (std::size_t b = first + w; b <= B; ++b)
                next[b] = std::min(next[b], prev[b - w] + v);
        first += kept.empty() ? 0 : kept.front().first;
        prev.swap(next);
        row(n, prev);
        if (prev[B] == kInf)
            break;
    }
}

const std::vector<TransientLevel>& TaskSolver::transientLevels(int rc, double f) const {
    std::lock_guard lock(levels_mu_);
    auto& mine = levels_[{rc, f}];
    if (mine)
        return *mine;
    // (lists restricted to one strategy, cand_base_ empty, are not shared)
    const bool shared = ctx_.caches && !cand_base_.empty();
    const auto key =
        std::make_tuple(t_.space, t_.batch, t_.pp, t_.m, t_.v, static_cast<int>(t_.schedule), rc, f, list_);
    if (shared)
        if (auto known = ctx_.caches->transient_levels.find(key)) {
            mine = *known;
            return *mine;
        }
    const auto& list = costs_.at(rc)[0];
    std::vector<double> ws;
    for (const CandCost& x : list)
        ws.push_back(x.w);
    std::sort(ws.begin(), ws.end());
    // Groups: values within kTransientTol of the GPU's memory from a group's first share it, and the
    // groups after the first kMaxTransientGroups - 1 are one. Several layer types: one group.
    std::vector<std::pair<double, double>> groups;
    const double tol = kTransientTol * ctx_.cost.cluster().gpu.memory_gib * kGiB;
    for (std::size_t i = 0; i < ws.size();) {
        std::size_t j = i;
        while (j + 1 < ws.size() &&
               (ws[j + 1] - ws[i] <= tol || groups.size() + 1 == kMaxTransientGroups || !ctx_.single_type))
            ++j;
        groups.emplace_back(ctx_.single_type ? ws[i] : 0.0, ws[j]);
        i = j + 1;
    }
    // The candidates' points (memory, value, transient) in hull order, sorted once for all groups.
    std::vector<std::array<double, 3>> tp, cp;
    tp.reserve(list.size());
    cp.reserve(list.size());
    for (const CandCost& x : list) {
        tp.push_back({x.s + f * x.a, t_.m * x.c + x.e, x.w});
        cp.push_back({x.s + f * x.a, x.c, x.w});
    }
    std::sort(tp.begin(), tp.end());
    std::sort(cp.begin(), cp.end());
    std::vector<std::pair<double, double>> pts;
    auto hullOf = [&](const std::vector<std::array<double, 3>>& sorted, double hi) {
        pts.clear();
        for (const auto& q : sorted)
            if (q[2] <= hi)
                pts.emplace_back(q[0], q[1]);
        return lowerHullSorted(pts);
    };
    auto levels = std::make_shared<std::vector<TransientLevel>>();
    for (const auto& [lo, hi] : groups)
        levels->push_back({lo, hi, hullOf(tp, hi), hullOf(cp, hi)});
    mine = levels;
    if (shared)
        mine = ctx_.caches->transient_levels.put(key, std::move(levels));
    return *mine;
}

std::pair<std::vector<double>, std::vector<double>> TaskSolver::integralStage(int j, double room, int cap,
                                                                              std::size_t stack) const {
    // Multiple-choice knapsack over whole layers with each layer's memory rounded down to a bucket of
    // the room: a sum of rounded-down sizes never exceeds the rounded-down sum, so a set of layers that
    // fits the room fits the buckets and the tables never exceed the least integral value. n layers
    // lose at most n buckets: 256 buckets per layer the stage can hold keep that under 0.4% of the room.
    const std::size_t N = static_cast<std::size_t>(std::max(cap, 0));
    const std::size_t B = std::clamp<std::size_t>(256 * N, 1024, 8192);
    const double kBuckets = static_cast<double>(B);
    std::vector<double> c_out(N + 1, kInf), t_out(N + 1, kInf);
    c_out[0] = t_out[0] = 0.0;
    const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
    // The stage's largest working memory is at least its lightest candidate's (a layer runs on it). The
    // room of a first or last stage (stageRelax) already leaves out the lightest embedding/head working
    // memory, and the stage's largest is max(layers', head's): only the excess of the layers' is left out.
    double wmin = kInf;
    for (const CandCost& x : costs_.at((j * G_) % gpn)[stack])
        wmin = std::min(wmin, x.w);
    if (j == 0 || j == t_.pp - 1)
        wmin = std::max(0.0, wmin - vocabMemory(j == 0, CostModel::inflightMicroBatches(t_.schedule, t_.pp,
                                                                                        t_.v, t_.m, j))
                                        .second);
    room -= wmin;
    if (room <= 0 || N == 0)
        return {c_out, t_out};
    const double bucket = room / kBuckets;
    const double f = CostModel::inflightMicroBatches(t_.schedule, t_.pp, t_.v, t_.m, j);
    auto fill = [&](bool time, std::vector<double>& out) {
        std::vector<std::pair<std::size_t, double>> items;
        for (const CandCost& x : costs_.at((j * G_) % gpn)[stack]) {
            const double wb = std::floor((x.s + f * x.a) / bucket);
            if (wb <= static_cast<double>(B))
                items.emplace_back(static_cast<std::size_t>(std::max(wb, 0.0)),
                                   time ? t_.m * x.c + x.e : x.c);
        }
        if (ctx_.caches) {
            std::sort(items.begin(), items.end());
            auto key = std::make_tuple(N, B, items);
            std::shared_ptr<const std::vector<double>> column;
            if (auto known = ctx_.caches->last_columns.find(key)) {
                column = *known;
            } else {
                auto fresh = std::make_shared<std::vector<double>>(N + 1, kInf);
                (*fresh)[0] = 0.0;
                wholeLayerTable(std::move(items), N, B, [&](std::size_t n, const std::vector<double>& least) {
                    (*fresh)[n] = least[B];
                });
                column = ctx_.caches->last_columns.put(std::move(key), std::move(fresh));
            }
            for (std::size_t n = 1; n <= N; ++n)
                out[n] = (*column)[n] * (1 - 1e-9); // (floating-point slack)
            return;
        }
        wholeLayerTable(std::move(items), N, B, [&](std::size_t n, const std::vector<double>& least) {
            out[n] = least[B] * (1 - 1e-9); // (floating-point slack)
        });
    };
    fill(false, c_out);
    fill(true, t_out);
    return {c_out, t_out};
}

bool TaskSolver::prepare() {
    if (prepared_)
        return ready_;
    prepared_ = true;
    G_ = ctx_.gpus / t_.pp;
    mb_ = t_.batch / t_.m;
    buildCandidates();
    for (const auto& c : cand_)
        if (c.empty())
            return false;
    if (!buildVocab() || !layerCapacity())
        return false;
    return ready_ = true;
}

void TaskSolver::buildTables() {
    // Only for the tasks solved (prepare() serves the root bound of every task): dominated candidates
    // go (the hull bounds stay valid: they only get tighter), then the stage tables are built.
    if (tables_)
        return;
    tables_ = true;
    dropDominated();
    stageComputeTables();
}

double TaskSolver::refinedLowerBound() {
    if (!prepare())
        return kInf;
    buildTables();
    return rootBound();
}

TaskResult TaskSolver::solve() {
    certified_ = true;
    round_bound_ = kInf;
    return certify(solveTask());
}

TaskResult TaskSolver::solveWide(double bound_T) {
    live_ = nullptr;
    upper_ = 0;
    bound_ = bound_T;
    complete_ = 0;
    TaskResult r = solve();
    // (stopped, or no round ran: nothing kept; one strategy for all layers: the classes hold the last
    // strategy's labels alone)
    if (!ctx_.stop.stop_requested() && !classes_.empty() && !ctx_.opt.uniform_layers)
        complete_ = std::min(bound_, round_bound_);
    return r;
}

TaskResult TaskSolver::resolve(double budget, double bound_T, const std::atomic<double>* live) {
    budget_ = budget;
    bound_ = bound_T;
    live_ = live;
    certified_ = true;
    round_bound_ = kInf;
    proven_ = 0;
    floor_ = 0;
    cut_.store(false, std::memory_order_relaxed);
    labels_.store(0, std::memory_order_relaxed);
    range_bounds_.clear();
    ranges_whole_ = false;
    if (!layerCapacity())
        return {};
    stageComputeTables();
    TaskResult r = certify(solveCore());
    if (!r.feasible && !ctx_.stop.stop_requested()) {
        refreshBound();
        proven_ = bound_; // every plan with T <= the bound in force was kept and found
    }
    return r;
}

TaskResult TaskSolver::certify(TaskResult r) {
    if (ctx_.stop.stop_requested())
        return r;
    // The least bound the DPs pruned with: the live bound only falls, so its value now is at most any
    // it had, and solveDeepening's last round may have used a lower one of its own.
    refreshBound();
    const double inforce = std::min(bound_, round_bound_);
    if (r.feasible && r.T > inforce) {
        certified_ = false;
        proven_ = inforce; // the optimum, had it been <= this, would have been kept and found
    }
    return r;
}

TaskResult TaskSolver::solveTask() {
    if (!prepare())
        return {};
    buildTables();
    if (!ctx_.rule(rules::kTimeLowerBound)) {
        // The rule switched off: no bound prunes a label either (every plan the DP's Pareto filters
        // keep is completed), so a comparison with it off checks the bounds inside the DP as well.
        bound_ = kInf;
        live_ = nullptr;
    }
    if (!ctx_.opt.uniform_layers)
        return ctx_.rule(rules::kTimeLowerBound) ? solveDeepening() : solveCore();
    // One strategy for every layer: solve once per candidate with the lists restricted to it, in the
    // order of the candidates' own root bounds; a candidate whose bound exceeds the best plan found
    // for another cannot beat it and is not solved. Among equal plans the one earlier in the list
    // (plain before its block-recomputation variants) stays, as when every candidate was solved in
    // list order.
    const auto full = cand_;
    const auto all_vocab = vocab_;
    const int L = ctx_.layers;
    TaskResult best;
    std::size_t best_key = 0;
    auto keepBest = [&](TaskResult r, std::size_t key) {
        if (r.feasible && (std::tie(r.T, r.peak) < std::tie(best.T, best.peak) ||
                           (r.T == best.T && r.peak == best.peak && key < best_key))) {
            best = std::move(r);
            best_key = key;
        }
    };
    // One strategy, as each stack runs it: a dense stack has no experts, so an expert-parallel
    // strategy runs its dense layers with ep = 1 (Megatron-LM's --expert-model-parallel-size applies to
    // the MoE layers only). Before, a model with dense and MoE layers (DeepSeek-V2/V3) had no uniform
    // plan with ep > 1: a Megatron-LM target search for DeepSeek-V3 kept ep = 1 (+19% time per sample
    // against the best plan for any runtime) and `--ep 8` found no plan at all.
    const auto& stacks = ctx_.cost.model().stacks;
    auto onStack = [&](LayerStrategy u, std::size_t st) {
        if (!stacks[st].type.moe.enabled())
            u.ep = 1;
        return u;
    };
    auto inAll = [&](const LayerStrategy& u) {
        for (std::size_t st = 0; st < full.size(); ++st)
            if (std::find(full[st].begin(), full[st].end(), onStack(u, st)) == full[st].end())
                return false;
        return true;
    };
    // The candidates come from a mixture-of-experts stack when there is one (it has every ep).
    std::size_t lead = 0;
    for (std::size_t st = 0; st < stacks.size(); ++st)
        if (stacks[st].type.moe.enabled()) {
            lead = st;
            break;
        }
    // The embedding and LM head options of candidate u (false when the target has none for it).
    auto vocabFor = [&](const LayerStrategy& u) {
        if (!ctx_.vocab_follows_layers)
            return true;
        // The target shards embedding and LM head as the layers: vocab_tp = tp (or 1), their DP type.
        vocab_.clear();
        const int want_tp = ctx_.vocab_tp_one ? 1 : u.tp;
        for (const auto& vc : all_vocab) {
            const DpType want_dt = G_ / vc.vt > 1 ? u.dp_type : DpType::DDP;
            if (vc.vt == want_tp && (u.dp <= 1 || vc.dt == want_dt))
                vocab_.push_back(vc);
        }
        if (vocab_.empty())
            ctx_.rules.add(rules::kTargetVocab);
        return !vocab_.empty();
    };
    // Megatron's block recomputation: the first N layers of every chunk recomputed, the rest not.
    auto blockVariant = [&](const LayerStrategy& u) {
        LayerStrategy u0 = u;
        u0.ckpt = Checkpoint::None;
        return ctx_.block_recompute && u.ckpt == Checkpoint::Full && inAll(u0) ? std::optional(u0)
                                                                               : std::nullopt;
    };
    auto restrictTo = [&](const std::vector<LayerStrategy>& list) {
        for (std::size_t st = 0; st < cand_.size(); ++st) {
            cand_[st].clear();
            for (const LayerStrategy& u : list)
                cand_[st].push_back(onStack(u, st));
        }
        cand_base_.clear(); // (looked up one by one)
        computeCosts();
    };
    const bool bounded = ctx_.rule(rules::kTimeLowerBound);
    std::vector<std::pair<double, std::size_t>> order; // (root bound of the candidate's plans, index)
    for (std::size_t idx = 0; idx < full[lead].size(); ++idx) {
        const LayerStrategy& u = full[lead][idx];
        if (!inAll(u) || !vocabFor(u))
            continue;
        double lb = 0.0;
        if (bounded) {
            restrictTo({u});
            lb = rootBound();
            if (const auto u0 = blockVariant(u)) {
                restrictTo({u, *u0});
                lb = std::min(lb, rootBound());
            }
        }
        order.emplace_back(lb, idx);
    }
    std::stable_sort(order.begin(), order.end());
    const std::size_t variants = static_cast<std::size_t>(L) + 1;
    for (const auto& [lb, idx] : order) {
        // (the bounds only rise from here; a plan above the caller's bound would not be kept: DeepSeek-V3
        // on 1024 H100s, whose uniform plans mostly do not fit, solved all 144-156 strategies of most
        // tasks in the uniform seed, 0.44 s, now 0.08 s)
        refreshBound();
        if (ctx_.stop.stop_requested() || (best.feasible && lb > best.T) || (bounded && lb > bound_))
            break;
        const LayerStrategy& u = full[lead][idx];
        vocabFor(u);
        restrictTo({u});
        sw_.clear();
        swc_.clear();
        classes_.clear();
        keepBest(solveCore(), idx * variants);
        const auto u0 = blockVariant(u);
        if (!u0)
            continue;
        restrictTo({u, *u0});
        const int longest = t_.v > 1 ? L / (t_.pp * t_.v) : L - t_.pp + 1;
        for (int n = 1; n < longest && !ctx_.stop.stop_requested(); ++n) {
            block_n_ = n;
            sw_.clear();
            swc_.clear();
            classes_.clear();
            keepBest(solveCore(), idx * variants + static_cast<std::size_t>(n));
        }
        block_n_ = -1;
    }
    vocab_ = all_vocab;
    return best;
}

bool TaskSolver::layerCapacity() {
    const int pp = t_.pp, L = ctx_.layers;
    cap_.assign(static_cast<std::size_t>(pp), L);
    cap_from_.assign(static_cast<std::size_t>(pp + 1), 0);
    bool ok_total = true;
    if (ctx_.rule(rules::kMemoryLowerBound)) {
        const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
        // Several layer types (dense and mixture-of-experts layers): the per-stage capacity below takes
        // the cheapest type, so also require that the layers' own minima fit the stages' room in total
        // (a layer on stage i needs at least s + f_i a of its cheapest candidate, f_i >= the smallest
        // in-flight count).
        double need = 0.0, have = 0.0, f_min = kInf;
        for (int i = 0; i < pp; ++i)
            f_min = std::min(f_min, CostModel::inflightMicroBatches(t_.schedule, pp, t_.v, t_.m, i));
        std::vector<double> type_min(cand_.size(), kInf);
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
            have += std::max(0.0, room);
            for (std::size_t st = 0; st < cand_.size(); ++st)
                for (std::size_t k = 0; k < cand_[st].size(); ++k) {
                    const CandCost& x = cc(rc, static_cast<int>(st), static_cast<int>(k));
                    type_min[st] = std::min(type_min[st], x.s + f_min * x.a);
                }
        }
        if (cand_.size() > 1) {
            for (int l = 0; l < L; ++l)
                need += type_min[static_cast<std::size_t>(stackAt(l))];
            ok_total = need <= have;
        }
    }
    for (int i = pp - 1; i >= 0; --i)
        cap_from_[static_cast<std::size_t>(i)] =
            std::min(L, cap_from_[static_cast<std::size_t>(i + 1)] + cap_[static_cast<std::size_t>(i)]);
    bool ok = cap_from_[0] >= L && ok_total;
    if (t_.v > 1) // equal chunks: every stage holds L / pp layers
        for (int i = 0; i < pp; ++i)
            ok = ok && cap_[static_cast<std::size_t>(i)] >= L / pp;
    if (!ok)
        ctx_.rules.add(rules::kMemoryLowerBound);
    return ok;
}

void TaskSolver::stageComputeTables() {
    others_max_.clear();
    after_max_.clear();
    stage_time_.clear();
    stage_c_.clear();
    others_sum_.clear();
    after_sum_.clear();
    const int pp = t_.pp, L = ctx_.layers;
    if (pp < 2 || t_.v != 1)
        return;
    // Per stage j, from its LP hull bound H_j(n) of n layers under its memory (one evaluation per n):
    //  - the largest-C values g_j(n) = H_j(n) + the embedding/head extras, made non-decreasing in n (a
    //    smaller value stays a lower bound);
    //  - the sums' steps: stage j's n-th layer adds at least d_j(n) = H_j(n) - H_j(n - 1) to its C
    //    (H_j(0) = 0, extras left out). Any split of N layers over a set of stages adds N of these
    //    steps, so at least the N smallest.
    // Each list is sorted once with its stages; each table is that list without some stages.
    std::vector<std::pair<double, int>> all, inc;
    stage_time_.assign(static_cast<std::size_t>(pp), {});
    stage_c_.assign(static_cast<std::size_t>(pp), {});
    for (int j = 0; j < pp; ++j) {
        const StageRelax r = stageRelax(j);
        const int cap = cap_[static_cast<std::size_t>(j)];
        std::vector<double> h(static_cast<std::size_t>(cap + 1), 0.0);
        if (ctx_.single_type) {
            // The LP bound, raised to the integral one where that is higher (whole layers: the LP may
            // recompute a fraction of a layer, which the largest C pays m - 1 times).
            const auto [c_int, t_int] = integralStage(j, r.room, cap);
            stage_time_[static_cast<std::size_t>(j)] = t_int;
            for (int n = 1; n <= cap; ++n)
                h[static_cast<std::size_t>(n)] =
                    std::max(r.layers(n, true), c_int[static_cast<std::size_t>(n)]);
            stage_c_[static_cast<std::size_t>(j)] = h;
        } else { // several layer types: the least bound over the ranges of n layers stage j can hold
            const std::vector<double> least = rangeBounds(j, r, true);
            for (int n = 1; n <= cap; ++n)
                h[static_cast<std::size_t>(n)] = least[static_cast<std::size_t>(n)];
        }
        std::vector<double> gj(static_cast<std::size_t>(cap + 1), kInf);
        for (int n = cap; n >= 1; --n) {
            gj[static_cast<std::size_t>(n)] = (h[static_cast<std::size_t>(n)] + r.c_extra) * (1 - 1e-9);
            if (n < cap)
                gj[static_cast<std::size_t>(n)] =
                    std::min(gj[static_cast<std::size_t>(n)], gj[static_cast<std::size_t>(n + 1)]);
        }
        for (int n = 1; n <= cap; ++n)
            if (gj[static_cast<std::size_t>(n)] < kInf)
                all.emplace_back(gj[static_cast<std::size_t>(n)], j);
        for (int n = 1; n <= cap && h[static_cast<std::size_t>(n)] < kInf; ++n)
            inc.emplace_back(h[static_cast<std::size_t>(n)] - h[static_cast<std::size_t>(n - 1)], j);
    }
    std::sort(all.begin(), all.end());
    std::sort(inc.begin(), inc.end());
    // t[N]: the N-th smallest value of `list` over the stages in the set, or (sum) the sum of the N smallest.
    auto table = [&](const std::vector<std::pair<double, int>>& list, auto inSet, bool sum) {
        std::vector<double> t(static_cast<std::size_t>(L + 1), kInf);
        t[0] = 0;
        std::size_t n = 0;
        for (const auto& [x, j] : list) {
            if (!inSet(j))
                continue;
            if (++n > static_cast<std::size_t>(L))
                break;
            t[n] = sum ? t[n - 1] + x : x;
        }
        if (sum)
            for (double& x : t)
                x *= 1 - 1e-9; // (floating-point slack)
        return t;
    };
    for (int i = 0; i < pp; ++i) {
        auto others = [i](int j) { return j != i; };
        others_max_.push_back(table(all, others, false));
        others_sum_.push_back(table(inc, others, true));
    }
    for (int i = 0; i <= pp; ++i) {
        auto after = [i](int j) { return j >= i; };
        after_max_.push_back(table(all, after, false));
        after_sum_.push_back(table(inc, after, true));
    }
}

namespace {
/// Least tau such that the stages can take all L layers with g_i(n_i) <= tau, from the values g_i(n)
/// (finite ones, every g_i non-decreasing in n): the stages take #{(i, n): g_i(n) <= tau} layers, so tau
/// is the L-th smallest value; infinity when there are fewer than L.
double leastToHoldAll(std::vector<double> values, int L) {
    if (values.size() < static_cast<std::size_t>(L))
        return kInf;
    std::nth_element(values.begin(), values.begin() + (L - 1), values.end());
    return values[static_cast<std::size_t>(L - 1)];
}
} // namespace

double TaskSolver::rootBound() const {
    double lb = t_.lower_bound * t_.batch;
    if (!ctx_.single_type)
        return t_.v == 1 ? rootBoundMultiType(lb) : lb;
    // Stage i holding n layers: m C_i + E_i >= h_i(n) (LP hull under the stage's memory), and the other
    // L - n layers add at least (L - n) cmin to sum C (divided by v when interleaved), so
    // T >= g_i(n) = h_i(n) + (L - n) cmin / v; every partition has T >= max_i g_i(n_i).
    const int pp = t_.pp, L = ctx_.layers, v = t_.v;
    std::vector<StageRelax> relax;
    for (int i = 0; i < pp; ++i)
        relax.push_back(stageRelax(i));
    if (v > 1) { // equal chunks: T >= m C_i + E_i + (sum of the other stages' C) / v
        // C_i includes the point-to-point sends at the stage's chunk boundaries (as solveInterleaved
        // adds them; they do not depend on the layers' strategies): pp * v - 1 boundaries, each half
        // on the sending and half on the receiving stage.
        const int nc = L / (pp * v), chunks = pp * v;
        std::vector<double> p2p(static_cast<std::size_t>(pp), 0.0);
        for (int c = 0; c + 1 < chunks; ++c) {
            const double h = p2pHalf(c * nc + nc - 1, c % pp, (c + 1) % pp);
            p2p[static_cast<std::size_t>(c % pp)] += h;
            p2p[static_cast<std::size_t>((c + 1) % pp)] += h;
        }
        double sumc = 0;
        for (int i = 0; i < pp; ++i)
            sumc += relax[static_cast<std::size_t>(i)].compute(L / pp) + p2p[static_cast<std::size_t>(i)];
        for (int i = 0; i < pp; ++i) {
            const auto& r = relax[static_cast<std::size_t>(i)];
            const double ci = r.compute(L / pp) + p2p[static_cast<std::size_t>(i)];
            lb = std::max(lb, (r.time(L / pp) + t_.m * p2p[static_cast<std::size_t>(i)] + (sumc - ci) / v) *
                                  (1 - 1e-9));
        }
        return lb;
    }
    // With the stage tables (stageComputeTables, built when the task is solved), stage i's m C_i + E_i
    // is at least its integral bound and the other stages' L - n layers add at least others_sum_[i] to
    // sum C (memory-bound stages recompute), plus their embedding/head extras.
    const bool tables = stage_c_.size() == static_cast<std::size_t>(pp) &&
                        stage_time_.size() == static_cast<std::size_t>(pp) &&
                        others_sum_.size() == static_cast<std::size_t>(pp);
    double extras = 0.0;
    if (tables)
        for (int j : {0, pp - 1})
            extras += relax[static_cast<std::size_t>(j)].c_extra;
    std::vector<double> values;
    for (int i = 0; i < pp; ++i) {
        const auto& r = relax[static_cast<std::size_t>(i)];
        std::vector<double> gi(static_cast<std::size_t>(L + 2), kInf);
        for (int n = L; n >= 1; --n) {
            double own = r.time(n), rest = double(L - n) * cmin_;
            if (tables) {
                const auto& ti = stage_time_[static_cast<std::size_t>(i)];
                own = static_cast<std::size_t>(n) < ti.size()
                          ? std::max(own, ti[static_cast<std::size_t>(n)] + r.t_extra)
                          : kInf;
                rest = others_sum_[static_cast<std::size_t>(i)][static_cast<std::size_t>(L - n)] + extras -
                       r.c_extra;
            }
            // (made non-decreasing in n: a smaller value stays a lower bound, as the count below needs)
            gi[static_cast<std::size_t>(n)] = std::min(own + rest, gi[static_cast<std::size_t>(n + 1)]);
        }
        for (int n = 1; n <= L; ++n)
            if (gi[static_cast<std::size_t>(n)] < kInf)
                values.push_back(gi[static_cast<std::size_t>(n)]);
    }
    lb = std::max(lb, leastToHoldAll(std::move(values), L));
    return tables ? std::max(lb, partitionBound(relax)) : lb;
}

double TaskSolver::partitionBound(const std::vector<StageRelax>& relax) const {
    // Every partition (n_i) has T >= m C_i + E_i + sum_{j != i} C_j for each stage i (the largest C
    // takes m, the others 1, max E >= E_i), so T >= max_i D_i(n_i) + sum_j C_j(n_j) with the stage
    // tables' lower bounds T_i(n) on m C_i + E_i, C_i(n) on C_i and D_i = T_i - C_i. The least over the
    // partitions: for each value tau of the largest D, the least sum of C over the splits with every
    // D_j(n_j) <= tau (a min-plus convolution over the stages), plus tau.
    const int pp = t_.pp, L = ctx_.layers;
    std::vector<std::vector<double>> C(static_cast<std::size_t>(pp)), D(static_cast<std::size_t>(pp));
    std::vector<double> taus;
    for (int i = 0; i < pp; ++i) {
        const auto& r = relax[static_cast<std::size_t>(i)];
        const auto& tc = stage_c_[static_cast<std::size_t>(i)];
        const auto& tt = stage_time_[static_cast<std::size_t>(i)];
        const std::size_t n_max = std::min(tc.size(), tt.size());
        auto& ci = C[static_cast<std::size_t>(i)];
        auto& di = D[static_cast<std::size_t>(i)];
        ci.assign(n_max, kInf);
        di.assign(n_max, kInf);
        for (std::size_t n = 1; n < n_max; ++n) {
            const double t = std::max(r.time(static_cast<int>(n)), tt[n] + r.t_extra), c = tc[n] + r.c_extra;
            if (t == kInf || c == kInf)
                continue;
            ci[n] = c;
            di[n] = t - c;
            taus.push_back(di[n]);
        }
    }
    std::sort(taus.begin(), taus.end());
    taus.erase(std::unique(taus.begin(), taus.end()), taus.end());
    // The least sum of C over the splits with every D_j(n_j) <= tau (infinity when none).
    std::vector<double> acc, next;
    double work = 0; // inner steps so far
    auto leastSum = [&](double tau) {
        acc.assign(static_cast<std::size_t>(L + 1), kInf);
        acc[0] = 0.0;
        for (int j = 0; j < pp; ++j) {
            const auto& cj = C[static_cast<std::size_t>(j)];
            const auto& dj = D[static_cast<std::size_t>(j)];
            work += double(acc.size()) * double(cj.size());
            next.assign(acc.size(), kInf);
            for (std::size_t a = 0; a < acc.size(); ++a) {
                if (acc[a] == kInf)
                    continue;
                for (std::size_t n = 1; n < cj.size() && a + n < acc.size(); ++n)
                    if (dj[n] <= tau)
                        next[a + n] = std::min(next[a + n], acc[a] + cj[n]);
            }
            acc.swap(next);
        }
        return acc[static_cast<std::size_t>(L)];
    };
    if (taus.empty())
        return kInf;
    // S(tau) falls as tau grows: once tau plus the least sum with no limit reaches the best, stop.
    const double floor_sum = leastSum(taus.back());
    double best = kInf;
    // The work is one min-plus convolution per tau. On models of thousands of layers that grows past
    // anything the bound is worth (4,096 layers: minutes, found by fuzzing), so after kMaxWork steps
    // (0.2 s; the deepest preset, Llama 3.1 405B, takes 7.4e6) the taus not tried are bounded by
    // tau + the least sum with no limit, which S(tau) never falls below: still a lower bound.
    constexpr double kMaxWork = 2e8;
    for (std::size_t i = 0; i < taus.size(); ++i) {
        const double tau = taus[i];
        if (tau + floor_sum >= best || ctx_.stop.stop_requested())
            break;
        if (work > kMaxWork) {
            best = std::min(best, tau + floor_sum);
            break;
        }
        const double sum = leastSum(tau);
        if (sum < kInf)
            best = std::min(best, tau + sum);
    }
    return best == kInf ? kInf : best * (1 - 1e-9);
}

std::vector<double> TaskSolver::typePrefix(const std::vector<int>& layers) const {
    const std::size_t S = cand_.size();
    std::vector<double> pre((layers.size() + 1) * S, 0.0);
    for (std::size_t q = 0; q < layers.size(); ++q)
        for (std::size_t k = 0; k < S; ++k)
            pre[(q + 1) * S + k] = pre[q * S + k] + (stackAt(layers[q]) == static_cast<int>(k) ? 1.0 : 0.0);
    return pre;
}

std::vector<double> TaskSolver::modelTypePrefix() const {
    std::vector<int> all(static_cast<std::size_t>(ctx_.layers));
    std::iota(all.begin(), all.end(), 0);
    return typePrefix(all);
}

std::vector<double> TaskSolver::rangeBounds(int i, const StageRelax& r, bool compute_only) const {
    const int pp = t_.pp, L = ctx_.layers;
    const std::size_t S = cand_.size();
    const std::vector<double> pre = modelTypePrefix();
    const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
    const double f = CostModel::inflightMicroBatches(t_.schedule, pp, t_.v, t_.m, i);
    const MultiHull hull = classMultiHull((i * G_) % gpn, f, compute_only);
    std::vector<double> out(static_cast<std::size_t>(L + 1), kInf), counts(S), last(S);
    out[0] = 0.0;
    for (int n = 1; n <= L; ++n) {
        // Stage i starts after stages 0..i-1 (one layer each at least) and leaves one layer to each
        // later stage; stage 0 starts at layer 0 and the last stage ends at layer L.
        const int a_lo = std::max(i, i == pp - 1 ? L - n : 0);
        const int a_hi = std::min(i == 0 ? 0 : L, L - (pp - 1 - i) - n);
        std::fill(last.begin(), last.end(), -1.0);
        for (int a = a_lo; a <= a_hi; ++a) {
            for (std::size_t k = 0; k < S; ++k)
                counts[k] =
                    pre[static_cast<std::size_t>(a + n) * S + k] - pre[static_cast<std::size_t>(a) * S + k];
            if (counts == last)
                continue; // (layers come in blocks of one type: most ranges repeat a composition)
            last = counts;
            // (for the root bound: the other stages' layers, each at least its type's fastest c)
            double others = 0.0;
            if (!compute_only)
                for (std::size_t k = 0; k < S; ++k)
                    others += (pre[static_cast<std::size_t>(L) * S + k] - counts[k]) * cmin_type_[k];
            out[static_cast<std::size_t>(n)] =
                std::min(out[static_cast<std::size_t>(n)], hull.bound(counts.data(), r.room) + others);
        }
    }
    return out;
}

void TaskSolver::rangeBoundsOf(int i, const StageRelax& r, bool whole) {
    const int pp = t_.pp, L = ctx_.layers;
    const std::size_t S = cand_.size();
    const std::vector<double> pre = modelTypePrefix();
    const int gpn = std::max(1, ctx_.cost.cluster().gpus_per_node);
    const double f = CostModel::inflightMicroBatches(t_.schedule, pp, t_.v, t_.m, i);
    const MultiHull time = classMultiHull((i * G_) % gpn, f), comp = classMultiHull((i * G_) % gpn, f, true);
    const int cap = cap_[static_cast<std::size_t>(i)];
    std::vector<double> counts(S);
    // Whole layers of one type (a range of one type: the LP may recompute a fraction of a layer).
    std::vector<std::pair<std::vector<double>, std::vector<double>>> ints(whole ? S : 0);
    for (std::size_t k = 0; k < ints.size(); ++k)
        ints[k] = integralStage(i, r.room, cap, k);
    // Stage i starts after stages 0..i-1 (one layer each at least) and leaves one layer to each later
    // stage; stage 0 starts at layer 0 and the last stage ends at layer L.
    const int a_lo = i, a_hi = i == 0 ? 0 : L - (pp - i);
    for (int a = a_lo; a <= a_hi; ++a) {
        const int n_hi = i == pp - 1 ? L - a : std::min(cap, L - a - (pp - 1 - i));
        for (int n = i == pp - 1 ? L - a : 1; n <= n_hi; ++n) {
            if (n > cap)
                break;
            for (std::size_t k = 0; k < S; ++k)
                counts[k] =
                    pre[static_cast<std::size_t>(a + n) * S + k] - pre[static_cast<std::size_t>(a) * S + k];
            double tv = time.bound(counts.data(), r.room), cv = comp.bound(counts.data(), r.room);
            for (std::size_t k = 0; k < ints.size(); ++k)
                if (counts[k] == n) {
                    const auto& [c_int, t_int] = ints[k];
                    cv = std::max(cv, c_int[static_cast<std::size_t>(n)]);
                    tv = std::max(tv, t_int[static_cast<std::size_t>(n)]);
                }
            if (tv == kInf || cv == kInf)
                continue;
            const double t_lb = (tv + r.t_extra) * (1 - 1e-9), c_lb = (cv + r.c_extra) * (1 - 1e-9);
            range_bounds_.push_back({i, a, n, t_lb - c_lb, c_lb});
        }
    }
}

double TaskSolver::partitionBoundRanges() const {
    // Every partition into ranges has T >= m C_i + E_i + sum_{j != i} C_j for each stage i (the largest C
    // takes m - 1 more, max E >= E_i), so T >= max_i D_i + sum_j C_j with the ranges' lower bounds. With
    // S(tau) the least sum of C over the partitions whose ranges all have D <= tau (a DP over stages and
    // layers; it falls as tau grows), the bound is the least over tau of tau + S(tau). On a grid
    // g_0 < ... < g_K, every tau in (g_k, g_k+1] has tau + S(tau) >= g_k + S(g_k+1): the least of these
    // (and of g_0 + S(g_0)) is still a lower bound, within one grid step of the exact one.
    const int pp = t_.pp, L = ctx_.layers;
    if (range_bounds_.empty())
        return 0.0;
    std::vector<double> cur(static_cast<std::size_t>(L + 1)), nxt(static_cast<std::size_t>(L + 1));
    auto least = [&](double tau) { // S(tau)
        std::fill(cur.begin(), cur.end(), kInf);
        std::fill(nxt.begin(), nxt.end(), kInf);
        cur[0] = 0.0;
        int stage = 0;
        for (const auto& rb : range_bounds_) { // (built stage by stage)
            for (; stage < rb.i; ++stage) {
                cur.swap(nxt);
                std::fill(nxt.begin(), nxt.end(), kInf);
            }
            if (rb.d <= tau && cur[static_cast<std::size_t>(rb.a)] < kInf) {
                double& to = nxt[static_cast<std::size_t>(rb.a + rb.n)];
                to = std::min(to, cur[static_cast<std::size_t>(rb.a)] + rb.c);
            }
        }
        return stage == pp - 1 ? nxt[static_cast<std::size_t>(L)] : kInf;
    };
    std::vector<double> taus;
    for (const auto& rb : range_bounds_)
        taus.push_back(rb.d);
    std::sort(taus.begin(), taus.end());
    taus.erase(std::unique(taus.begin(), taus.end()), taus.end());
    // The least tau with a partition (S is finite from there on).
    std::size_t lo = 0, hi = taus.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (least(taus[mid]) < kInf)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo == taus.size())
        return kInf;
    const double g0 = taus[lo], s0 = least(g0);
    double best = g0 + s0; // (tau >= this adds nothing: S >= 0)
    constexpr int kGrid = 48;
    const double step = (best - g0) / kGrid;
    for (int k = 0; k < kGrid && step > 0; ++k) {
        const double gk = g0 + k * step;
        if (gk >= best)
            break;
        const double s = least(gk + step);
        if (s < kInf)
            best = std::min(best, gk + s);
    }
    return best * (1 - 1e-9);
}

double TaskSolver::rootBoundMultiType(double lb) const {
    const int pp = t_.pp, L = ctx_.layers;
    std::vector<double> values;
    for (int i = 0; i < pp; ++i) {
        const StageRelax r = stageRelax(i);
        std::vector<double> g = rangeBounds(i, r, false);
        for (int n = 1; n <= L; ++n)
            if (g[static_cast<std::size_t>(n)] < kInf)
                g[static_cast<std::size_t>(n)] = (g[static_cast<std::size_t>(n)] + r.t_extra) * (1 - 1e-9);
        // Made non-decreasing in n (a smaller value stays a lower bound), for the count below.
        for (int n = L - 1; n >= 1; --n)
            g[static_cast<std::size_t>(n)] =
                std::min(g[static_cast<std::size_t>(n)], g[static_cast<std::size_t>(n + 1)]);
        for (int n = 1; n <= L; ++n)
            if (g[static_cast<std::size_t>(n)] < kInf)
                values.push_back(g[static_cast<std::size_t>(n)]);
    }
    lb = std::max(lb, leastToHoldAll(std::move(values), L));
    return range_bounds_.empty() ? lb : std::max(lb, partitionBoundRanges());
}

/// Iterative deepening on the bound: solving with a bound just above the task's lower bound keeps few
/// labels; a plan found at or under the bound is the task's optimum (every label on a better path has
/// a lower bound under it), otherwise the bound grows. The last round uses the caller's bound, so the
/// answer is the same as one solve under that bound.
TaskResult TaskSolver::solveDeepening() {
    // Several layer types: the ranges' bounds for the root (partitionBoundRanges), once per task; whole
    // layers of one type once that root is within 1% under the bound in force (the tables cost about as
    // much as the LP: worth it where they may cut the task). Checked again before every round, as the
    // live bound falls (DeepSeek-V3's two-run seed: its pp = 8 m = 64 task began under a bound 6% above
    // its root, and ran a capped round of 0.21 s after the live bound fell to 0.2% above it).
    const bool ranges = !ctx_.single_type && t_.v == 1 && t_.pp > 1;
    if (ranges && range_bounds_.empty())
        for (int i = 0; i < t_.pp; ++i)
            rangeBoundsOf(i, stageRelax(i), false);
    auto wholeRanges = [&](double lp) {
        if (!ranges || ranges_whole_ || !(lp <= bound_ && lp * 1.01 > bound_))
            return lp;
        ranges_whole_ = true;
        range_bounds_.clear();
        for (int i = 0; i < t_.pp; ++i)
            rangeBoundsOf(i, stageRelax(i), true);
        return rootBound();
    };
    refreshBound();
    double root = wholeRanges(rootBound()); // (with the stage tables built by solve())
    double guess = std::max(root, hint_) * (1 + 1e-3);
    double step = 0.004;
    // A guess within 0.5% of the caller's bound solves under that bound at once: a round so close to it
    // costs nearly as much as the capped one, and the rounds in between are then wasted. (bench_search
    // on 64 GPUs: LLaMA-2 70B at 40 GiB 4.5 -> 2.5 s, GPT-3 175B top 5 5.0 -> 2.6 s; at 1% the 512- and
    // 1024-GPU frontiers of LLaMA-2 70B took 3x longer, their labels growing steeply near the bound.)
    constexpr double kCapped = 0.005;
    // With several layer types (dense and MoE layers, encoder and decoder) the root bound is weaker and
    // the labels grow little above it: 5% (DeepSeek-V3 on 1024 H100s, batch 4096: its pp = 8 m = 64
    // task, root 4.1% under the best plan, ran rounds of 0.93 and 0.90 s at 0.1% and 0.5% (369,000 and
    // 382,000 labels) before the capped one of 1.5 s (744,000); best plan 4.3 -> 2.5 s; 22
    // DeepSeek-V2-Lite / T5-large searches, 1 thread, 135 -> 104 s, none slower).
    const double capped_within = ctx_.single_type ? kCapped : 0.05;
    // A known reachable time (setUpperHint) caps the rounds: a plan at or under it exists, so a round
    // under it finds the optimum. Within 5% of the root bound the rounds below it are skipped: the
    // hint (a two-run optimum) is mostly the optimum itself, and rounds that near cost about as much as
    // the last (GPT-3 175B on 64 GPUs, top 5, its 1F1B pp = 4 task at 1 thread: rounds of 0.8, 2.4,
    // 6.0 and 8.6 s before, one of 7.1 s under the hint; LLaMA-2 70B at 60 GiB, the frontier's pp = 4
    // tasks: rounds of 4.6, 3.0 and 4.4 s, then one).
    constexpr double kDirect = 0.05;
    const double reachable = upper_ > 0 ? upper_ * (1 + 1e-9) : kInf;
    const bool direct = reachable < root * (1 + kDirect);
    // Nothing found, proven above the bound in force, once the root bound exceeds it: before a round
    // (the root with the stage tables, or with whole-layer ranges added as the live bound fell), or
    // while one runs, its DPs stopping as the live bound falls under the root (GPT-3 175B on 64 GPUs,
    // best plan: the pp = 4 task, root 0.06% above the optimum another thread found, solved on for
    // 87 ms).
    floor_ = root;
    cut_.store(false, std::memory_order_relaxed);
    std::int64_t last_labels = -1; // labels kept by the previous round
    bool jump = false;             // the next round is under the caller's bound
    constexpr double kJump = 0.08;
    for (;;) {
        refreshBound();
        root = floor_ = wholeRanges(root);
        if (root > bound_ && !ctx_.stop.stop_requested()) {
            proven_ = bound_;
            return {};
        }
        const double cap = bound_; // the caller's bound, lowered only by the live bound
        const double limit = std::min(cap, reachable);
        const bool capped = direct || jump || !(guess * (1 + capped_within) < limit);
        bound_ = capped ? limit : guess * (1 + 1e-12);
        classes_.clear();
        labels_.store(0, std::memory_order_relaxed);
        TaskResult r = solveCore();
        const std::int64_t kept = labels_.load(std::memory_order_relaxed);
        const double used = bound_;
        if (cut_.load(std::memory_order_relaxed) && !ctx_.stop.stop_requested()) {
            refreshBound();
            proven_ = std::min(bound_, root);
            return {};
        }
        bound_ = cap;
        // Done: a plan within the bound used, or the caller's (live) bound was the one in force (solve()
        // then checks the plan against the live bound's fall during the round: certify).
        const bool cap_in_force = used < guess * (1 + 1e-12);
        round_bound_ = used;
        if (capped || cap_in_force || ctx_.stop.stop_requested() || (r.feasible && r.T <= used)) {
            // Nothing found: every plan with T <= the bound in force would have been kept (the live
            // bound, falling while the round ran, may have been below the round's own).
            if (!r.feasible && !ctx_.stop.stop_requested()) {
                refreshBound();
                proven_ = std::min(used, bound_);
            }
            return r;
        }
        // Small steps: the labels kept grow steeply with the bound near the optimum. Where they grew
        // less than twofold over the last round, no plan is near: the rounds cost about the same, and
        // the next one is under the caller's bound when that is within kJump (8%) of the next guess
        // (DeepSeek-V3 on 1024 H100s, batch 4096: its pp = 8 1F1B m = 64 task, above the best plan,
        // ran 7 rounds of 0.5-1.0 s, now 3; a bound further away may hold many more labels: the
        // two-run seed's pp = 16 task under a bound 14% above its guess took 9.5 s, not 0.2 s).
        const bool slow = !r.feasible && last_labels > 0 && kept < 2 * last_labels;
        last_labels = kept;
        guess = r.feasible ? r.T : guess * (1 + step);
        jump = slow && limit < guess * (1 + kJump);
        step *= 1.5;
    }
}

} // namespace gx::planner
