// SPDX-License-Identifier: Apache-2.0
// Tests of the decision tree (SearchSpace) and the exact planner (gx::search).
//
// The planner is checked against a brute-force reference that enumerates every configuration, stage
// split and per-layer strategy assignment of small models and evaluates each plan with
// CostModel::evaluate: under the same budget no enumerated plan may be faster (time per sample), and
// the planner's own DP figures must equal evaluate()'s on the plan it returns (1e-9 relative).
#include "gx/planner.h"
#include "gx/search_space.h"
#include "gx/target.h"
#include "gx/target_search.h"
#include "gx/units.h"

#include "gx/error.h"
#include "gx/hetu.h"
#include "gx/presets.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <mutex>
#include <random>

using namespace gx;

namespace {

ModelProfile tinyModel(int layers, int hidden, int heads, int seq, int vocab, bool two_stacks = false) {
    ModelProfile m;
    m.name = "tiny";
    m.family = "gpt";
    LayerType t;
    t.name = "decoder";
    t.hidden = hidden;
    t.ffn_hidden = 4 * hidden;
    t.heads = heads;
    t.kv_heads = heads;
    t.head_dim = hidden / heads;
    t.seq_len = seq;
    if (two_stacks) {
        LayerType e = t;
        e.name = "encoder";
        e.kind = BlockKind::Encoder;
        LayerType d = t;
        d.kind = BlockKind::CrossDecoder;
        d.cross_seq_len = seq;
        m.stacks = {{e, layers / 2}, {d, layers - layers / 2}};
    } else {
        m.stacks = {{t, layers}};
    }
    m.vocab_size = vocab;
    m.embed_hidden = hidden;
    m.seq_len = seq;
    return m;
}

ClusterProfile tinyCluster(int nodes, int gpn) {
    ClusterProfile c;
    c.name = "test";
    c.nodes = nodes;
    c.gpus_per_node = gpn;
    c.inter.kind = "InfiniBand";
    c.inter.bandwidth_gbs = 25.0;
    c.inter.latency_us = 10.0;
    c.reserved_gib = 0.25;
    c.overlap_efficiency = 0.5;
    return c;
}

struct BrutePlan {
    double per_sample;
    double peak;
    Plan plan;
};

std::string describe(const Plan& p) {
    std::string s = "pp=" + std::to_string(p.pp) + " " + toString(p.schedule) +
                    " v=" + std::to_string(p.virtual_stages) + " B=" + std::to_string(p.global_batch) +
                    " m=" + std::to_string(p.num_micro) + " vt=" + std::to_string(p.vocab_tp) + " " +
                    toString(p.vocab_dp_type) + " split=";
    for (int n : p.stage_layers)
        s += std::to_string(n) + ",";
    for (const auto& l : p.layers)
        s += " [" + l.label() + "]";
    return s;
}

/// Stage splits of L layers over pp stages: every composition (v = 1) or equal chunks (interleaved).
std::vector<std::vector<int>> allSplits(int L, int pp, int v) {
    std::vector<std::vector<int>> splits;
    if (v > 1) {
        splits.emplace_back(static_cast<std::size_t>(pp * v), L / (pp * v));
        return splits;
    }
    std::function<void(std::vector<int>&, int)> rec = [&](std::vector<int>& cur, int left) {
        if (static_cast<int>(cur.size()) == pp) {
            if (left == 0)
                splits.push_back(cur);
            return;
        }
        for (int n = 1; n <= left - (pp - 1 - static_cast<int>(cur.size())); ++n) {
            cur.push_back(n);
            rec(cur, left - n);
            cur.pop_back();
        }
    };
    std::vector<int> cur;
    rec(cur, L);
    return splits;
}

/// Every plan of the search space (same tasks, candidates and vocab options as the planner).
std::vector<BrutePlan> bruteForce(const CostModel& cm, const SearchOptions& o) {
    SearchSpace space(cm, o);
    const int N = space.gpus(), L = cm.model().layerCount();
    std::vector<BrutePlan> out;
    const bool pow2 = space.pow2();
    for (int B : searchBatches(o, N)) {
        for (int pp : space.pipelineDegrees()) {
            const int G = N / pp;
            std::vector<std::vector<LayerStrategy>> cands;
            for (int l = 0; l < L; ++l)
                cands.push_back(space.layerCandidates(pp, cm.model().layer(l)));
            for (Schedule sc : o.schedules) {
                std::vector<int> vs = {1};
                if (sc == Schedule::Interleaved)
                    vs = searchVirtualStages(o, pp, L);
                for (int v : vs) {
                    for (int m : searchMicroCounts(o, B, pp)) {
                        const int mb = B / m;
                        if (sc == Schedule::Interleaved && m % pp != 0)
                            continue;
                        const auto splits = allSplits(L, pp, v);
                        std::vector<std::vector<LayerStrategy>> lc(static_cast<std::size_t>(L));
                        for (int l = 0; l < L; ++l)
                            for (const auto& s : cands[static_cast<std::size_t>(l)])
                                if (mb % s.dp == 0)
                                    lc[static_cast<std::size_t>(l)].push_back(s);
                        for (int vt : SearchSpace::degrees(G, pow2)) {
                            if (o.max_tp > 0 && vt > o.max_tp)
                                continue;
                            if (mb % (G / vt) != 0)
                                continue;
                            std::vector<DpType> dts =
                                G / vt == 1 ? std::vector<DpType>{DpType::DDP} : o.dp_types;
                            for (DpType dt : dts) {
                                for (const auto& split : splits) {
                                    Plan p;
                                    p.gpus = N;
                                    p.pp = pp;
                                    p.schedule = sc;
                                    p.virtual_stages = v;
                                    p.stage_layers = split;
                                    p.global_batch = B;
                                    p.num_micro = m;
                                    p.vocab_tp = vt;
                                    p.vocab_dp_type = dt;
                                    p.layers.resize(static_cast<std::size_t>(L));
                                    std::function<void(int)> assign = [&](int l) {
                                        if (l == L) {
                                            if (o.uniform_layers)
                                                for (int q = 1; q < L; ++q)
                                                    if (!(p.layers[static_cast<std::size_t>(q)] ==
                                                          p.layers[0]))
                                                        return;
                                            const PlanCost c = cm.evaluate(p);
                                            out.push_back({c.iteration_time / B, c.peak_memory, p});
                                            return;
                                        }
                                        for (const auto& s : lc[static_cast<std::size_t>(l)]) {
                                            p.layers[static_cast<std::size_t>(l)] = s;
                                            assign(l + 1);
                                        }
                                    };
                                    assign(0);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    return out;
}

double bestUnder(const std::vector<BrutePlan>& all, double budget) {
    double best = std::numeric_limits<double>::infinity();
    for (const auto& p : all)
        if (p.peak <= budget)
            best = std::min(best, p.per_sample);
    return best;
}

bool closeRel(double a, double b, double tol = 1e-9) {
    return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b));
}

/// Every uniform plan a target can be told to run (one strategy for all layers, any split, every
/// embedding/head sharding, and, for fully recomputed strategies, the first N layers of every chunk
/// recomputed), kept when inexpressible() finds nothing: the reference for a target's search.
std::vector<BrutePlan> bruteForceUniformTarget(const CostModel& cm, const SearchOptions& o, Target t) {
    std::vector<BrutePlan> out;
    SearchSpace space(cm, o);
    const int N = space.gpus(), L = cm.model().layerCount();
    for (int B : searchBatches(o, N))
        for (int pp : space.pipelineDegrees()) {
            const int G = N / pp;
            // (one strategy for all layers as each runs it: from a mixture-of-experts layer when there
            // is one, dense layers with ep = 1)
            int lead = 0;
            for (int i = 0; i < L; ++i)
                if (cm.model().layer(i).moe.enabled()) {
                    lead = i;
                    break;
                }
            const auto cands = space.layerCandidates(pp, cm.model().layer(lead));
            for (Schedule sc : o.schedules) {
                std::vector<int> vs = {1};
                if (sc == Schedule::Interleaved)
                    vs = searchVirtualStages(o, pp, L);
                for (int v : vs)
                    for (int m : searchMicroCounts(o, B, pp)) {
                        const int mb = B / m;
                        if (sc == Schedule::Interleaved && m % pp != 0)
                            continue;
                        const auto splits = allSplits(L, pp, v);
                        for (const auto& u : cands) {
                            if (mb % u.dp != 0)
                                continue;
                            for (int vt : SearchSpace::degrees(G, space.pow2())) {
                                if (mb % (G / vt) != 0)
                                    continue;
                                const std::vector<DpType> dts =
                                    G / vt == 1 ? std::vector<DpType>{DpType::DDP} : o.dp_types;
                                for (DpType dt : dts)
                                    for (const auto& split : splits) {
                                        const int longest = *std::max_element(split.begin(), split.end());
                                        const int nmax = u.ckpt == Checkpoint::Full ? longest : 0;
                                        for (int n = 0; n <= nmax; ++n) {
                                            Plan p;
                                            p.gpus = N;
                                            p.pp = pp;
                                            p.schedule = sc;
                                            p.virtual_stages = v;
                                            p.stage_layers = split;
                                            p.global_batch = B;
                                            p.num_micro = m;
                                            p.vocab_tp = vt;
                                            p.vocab_dp_type = dt;
                                            p.layers.assign(static_cast<std::size_t>(L), u);
                                            for (int i = 0; i < L; ++i)
                                                if (!cm.model().layer(i).moe.enabled())
                                                    p.layers[static_cast<std::size_t>(i)].ep = 1;
                                            if (n > 0) { // block: first n of every chunk, the rest none
                                                int start = 0;
                                                for (int len : split) {
                                                    for (int q = 0; q < len; ++q)
                                                        p.layers[static_cast<std::size_t>(start + q)].ckpt =
                                                            q < n ? Checkpoint::Full : Checkpoint::None;
                                                    start += len;
                                                }
                                            }
                                            if (!inexpressible(p, t).empty())
                                                continue;
                                            const PlanCost c = cm.evaluate(p);
                                            out.push_back({c.iteration_time / B, c.peak_memory, p});
                                        }
                                    }
                            }
                        }
                    }
            }
        }
    return out;
}

/// The distinct peak memories of `all`, ascending.
std::vector<double> distinctPeaks(const std::vector<BrutePlan>& all) {
    std::vector<double> peaks;
    for (const auto& p : all)
        peaks.push_back(p.peak);
    std::sort(peaks.begin(), peaks.end());
    peaks.erase(std::unique(peaks.begin(), peaks.end()), peaks.end());
    return peaks;
}

/// Budgets between distinct peaks of `all` (rounding cannot decide feasibility): loose to tight.
std::vector<double> budgetsBetweenPeaks(const std::vector<BrutePlan>& all) {
    const std::vector<double> peaks = distinctPeaks(all);
    auto between = [&](std::size_t i) {
        return i + 1 < peaks.size() ? 0.5 * (peaks[i] + peaks[i + 1]) : peaks.back() * 1.01;
    };
    return {peaks.back() * 1.01,       between(peaks.size() / 2),  between(peaks.size() / 4),
            between(peaks.size() / 8), between(peaks.size() / 20), between(0)};
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT
private slots:
    void galvatronCounts();
    void treeRulesAndReasons();
    void disablingRules();
    void invalidOptions();
    void bruteForceAgreement();
    void bruteForceTwoStacks();
    void transientTradesAgainstBruteForce();
    void bruteForceLastStageAcrossStacks();
    void bruteForcePipelines();
    void bruteForceDeepPipelines();
    void memoryBoundPipelinesAgainstUnprunedDp();
    void integralStagesAgainstUnprunedDp();
    void runDominanceAgainstAllCandidates();
    void mixedTypesAgainstUnprunedDp();
    void interleavedAcrossNodesAgainstUnprunedDp();
    void bruteForceContextAndExpertParallel();
    void bruteForceTargets();
    void bruteForceDeepSpeedExperts();
    void bruteForceHetuContextAndExperts();
    void torchtitanExpertParallel();
    void contextAndExpertRules();
    void mixedLayerTypesCapacity();
    void frontierIsPareto();
    void frontierStoppedIsPartial();
    void anytimeLimitCoversUniformSearch();
    void frontierAgainstBruteForce();
    void frontierFromKeptLabels();
    void simplicityAgainstBruteForce();
    void fewestRunsAgainstBruteForce();
    void deterministicAcrossThreads();
    void equalTimesRankedBySmallerPeak();
    void spareThreadsFillCellsAlike();
    void infeasibleNamesConstraint();
    void observerAndStop();
    void presetPlansAgreeWithEvaluate();
};

void TestSearch::galvatronCounts() {
    // Galvatron (Miao et al., VLDB 2023, sec. 3.2): 22 candidate strategies for 8 GPUs without
    // checkpointing, 44 with (on/off). Its dimensions: pp, tp, dp with DDP or sharded DP (ZeRO-3), TP/DP
    // rank order, no SP. Hand count: pp=1: tp1 {ddp,sdp}=2, tp2 and tp4: 2 types x 2 orders = 4 each,
    // tp8: 1 -> 11; pp=2 (4 GPUs): 2+4+1 = 7; pp=4: 2+1 = 3; pp=8: 1. Total 22.
    CostModel cm(tinyModel(16, 1024, 16, 512, 1000), tinyCluster(1, 8));
    SearchOptions o;
    o.dp_types = {DpType::DDP, DpType::ZeRO3};
    o.allow_sp = false;
    o.allow_ckpt = false;
    SearchSpace s(cm, o);
    const auto& type = cm.model().layer(0);
    QCOMPARE(s.candidateCount(type), 22);
    QCOMPARE(s.layerCandidates(1, type).size(), std::size_t(11));
    QCOMPARE(s.layerCandidates(2, type).size(), std::size_t(7));
    QCOMPARE(s.layerCandidates(4, type).size(), std::size_t(3));
    QCOMPARE(s.layerCandidates(8, type).size(), std::size_t(1));
    // With checkpointing we offer three levels (none, selective, full): 66 = 3 x 22; Galvatron's
    // on/off gives 2 x 22 = 44.
    o.allow_ckpt = true;
    SearchSpace s2(cm, o);
    QCOMPARE(s2.candidateCount(type), 66);
    // Full default space: adds ZeRO-1/2 and SP. pp=1, 8 GPUs: tp1 4 types, tp2/tp4: 2 sp x 4 types x
    // 2 orders = 16 each, tp8 (dp=1): 2 sp x 1 = 2 -> 38 per ckpt level.
    SearchOptions all;
    SearchSpace s3(cm, all);
    QCOMPARE(s3.layerCandidates(1, type).size(), std::size_t(38 * 3));
}

void TestSearch::treeRulesAndReasons() {
    // 2 nodes x 4 GPUs; 12 heads: tp=8 crosses nodes and does not divide the heads.
    ModelProfile m = tinyModel(4, 768, 12, 256, 1000);
    CostModel cm(m, tinyCluster(2, 4));
    SearchOptions o;
    o.max_pp = 4;
    SearchSpace s(cm, o);
    const auto nodes = s.tree(m.layer(0));
    QVERIFY(!nodes.empty());
    QCOMPARE(nodes.front().dimension, std::string("root"));
    auto find = [&](const std::string& dim, const std::string& label) -> const TreeNode* {
        for (const auto& n : nodes)
            if (n.dimension == dim && n.label.rfind(label, 0) == 0)
                return &n;
        return nullptr;
    };
    const TreeNode* pp8 = find("pp", "pp=8");
    QVERIFY(pp8 && pp8->pruned);
    QCOMPARE(pp8->rule, std::string(rules::kPpLeLayers)); // 8 stages > 4 layers
    int tp8_heads = 0, sp_pruned = 0, zero_pruned = 0;
    for (const auto& n : nodes) {
        if (n.pruned)
            QVERIFY2(!n.rule.empty() && !n.reason.empty(), n.label.c_str());
        if (n.dimension == "tp" && n.label.rfind("tp=8", 0) == 0 && n.rule == rules::kTpDividesHeads)
            ++tp8_heads;
        if (n.rule == rules::kSpNeedsTp)
            ++sp_pruned;
        if (n.rule == rules::kZeroNeedsDp)
            ++zero_pruned;
        QVERIFY(n.parent < n.id);
    }
    QCOMPARE(tp8_heads, 1); // only pp=1 has 8 GPUs per stage
    QVERIFY(sp_pruned > 0 && zero_pruned > 0);
    // Leaves carry strategies consistent with their path: tp*dp = stage GPUs, sp only with tp > 1.
    for (int pp : s.pipelineDegrees())
        for (const auto& c : s.layerCandidates(pp, m.layer(0))) {
            QCOMPARE(c.tp * c.dp, 8 / pp);
            QVERIFY(!c.sp || c.tp > 1);
            QVERIFY(c.dp > 1 || c.dp_type == DpType::DDP);
            QVERIFY(c.tp <= 4); // tp-within-node
        }
}

void TestSearch::disablingRules() {
    CostModel cm(tinyModel(8, 1024, 16, 256, 1000), tinyCluster(2, 4));
    SearchOptions o;
    SearchSpace on(cm, o);
    o.disabled_rules = {rules::kTpWithinNode};
    SearchSpace off(cm, o);
    bool tp8 = false;
    for (const auto& c : off.layerCandidates(1, cm.model().layer(0)))
        tp8 = tp8 || c.tp == 8;
    QVERIFY(tp8);
    QVERIFY(off.candidateCount(cm.model().layer(0)) > on.candidateCount(cm.model().layer(0)));
    // Any-divisor degrees: 6 GPUs admit pp=3 / tp=3 only without pow2-degrees.
    CostModel cm6(tinyModel(6, 768, 12, 256, 1000), tinyCluster(1, 6));
    SearchOptions p2;
    QCOMPARE(SearchSpace(cm6, p2).pipelineDegrees(), (std::vector<int>{1, 2}));
    p2.pow2_degrees = false;
    QCOMPARE(SearchSpace(cm6, p2).pipelineDegrees(), (std::vector<int>{1, 2, 3, 6}));
}

void TestSearch::invalidOptions() {
    CostModel cm(tinyModel(4, 512, 8, 128, 1000), tinyCluster(1, 4));
    auto expectField = [&](SearchOptions o, const std::string& field) {
        try {
            search(cm, o);
            QFAIL(("no InputError for " + field).c_str());
        } catch (const InputError& e) {
            QCOMPARE(e.field(), field);
        }
    };
    SearchOptions o;
    o.gpus = 16;
    expectField(o, "gpus");
    o = {};
    o.disabled_rules = {"no-such-rule"};
    expectField(o, "disabled_rules");
    o = {};
    o.disabled_rules = {rules::kTpDividesHeads};
    expectField(o, "disabled_rules"); // required
    o = {};
    o.top_k = 0;
    expectField(o, "top_k");
    o = {};
    o.dp_types.clear();
    expectField(o, "dp_types");
    o = {};
    o.global_batches = {8, 0};
    expectField(o, "global_batches[1]");
    o = {};
    o.fixed_pp = 3;
    expectField(o, "fixed_pp");
    o = {};
    o.cost.memory_budget_gib = 1;
    o.cost.memory_reserve_gib = 2;
    expectField(o, "cost.memory_budget_gib");
    // Beyond any GPU's memory (65536 GiB): a budget of 1e15 GiB made the frontier loop for ever.
    o = {};
    o.cost.memory_budget_gib = 1e15;
    expectField(o, "cost.memory_budget_gib");
    o = {};
    o.cost.memory_budget_gib = std::numeric_limits<double>::quiet_NaN();
    expectField(o, "cost.memory_budget_gib");
    o = {};
    o.cost.memory_reserve_gib = 1e6;
    expectField(o, "cost.memory_reserve_gib");
    CostOptions huge;
    huge.memory_budget_gib = 1e15;
    const CostModel big(tinyModel(4, 512, 8, 128, 1000), tinyCluster(1, 4), huge);
    try {
        search(big, {});
        QFAIL("no InputError for a cost model's budget of 1e15 GiB");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("cost_options.memory_budget_gib"));
    }
    // At the limit the search runs and its frontier ends.
    o = {};
    o.cost.memory_budget_gib = 65536;
    o.frontier_points = 12;
    const SearchResult r = search(cm, o);
    QVERIFY(r.best);
    QVERIFY(r.frontier.size() <= 12);
}

namespace {
struct Case {
    CostModel cm;
    SearchOptions o;
};

Case randomCase(std::mt19937& rng, bool two_stacks) {
    auto pick = [&](std::initializer_list<int> v) {
        std::uniform_int_distribution<std::size_t> d(0, v.size() - 1);
        return *(v.begin() + static_cast<long>(d(rng)));
    };
    const int layers = two_stacks ? pick({2, 3, 4}) : pick({2, 2, 3, 3, 4});
    const int heads = pick({4, 8, 16});
    const int hidden = heads * pick({64, 128});
    const int seq = pick({256, 1024, 2048});
    const int gpn = pick({2, 4, 8});
    const int nodes = pick({1, 1, 2});
    const int gpus = std::min(gpn * nodes, pick({2, 4, 8}));
    Case c{CostModel(tinyModel(layers, hidden, heads, seq, pick({1000, 32000}), two_stacks),
                     tinyCluster(nodes, gpn)),
           {}};
    SearchOptions& o = c.o;
    o.gpus = gpus;
    o.global_batches = {pick({4, 8, 16})};
    o.max_micro = pick({2, 4});
    o.top_k = 3;
    o.frontier_points = 0;
    o.threads = 2;
    o.emit_tree_events = false;
    // Keep brute force small: a random subset of the dimensions.
    const int dpset = pick({0, 1, 2, 3});
    if (dpset == 0)
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
    else if (dpset == 1)
        o.dp_types = {DpType::ZeRO1};
    else if (dpset == 2)
        o.dp_types = {DpType::ZeRO2, DpType::ZeRO3};
    else
        o.dp_types = {DpType::DDP};
    o.allow_sp = pick({0, 1}) == 1;
    o.allow_ckpt = pick({0, 1, 1}) == 1;
    if (layers >= 4 && o.allow_sp && o.allow_ckpt)
        o.allow_sp = false;
    if (pick({0, 1, 2}) == 0)
        o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
    o.uniform_layers = pick({0, 0, 0, 1}) == 1;
    return c;
}

void checkCase(Case& c, int id) {
    const auto all = bruteForce(c.cm, c.o);
    QVERIFY(!all.empty());
    // Budgets: unconstrained, tight (a few percentiles) and infeasible.
    const std::vector<double> peaks = distinctPeaks(all);
    // Budgets between two distinct peaks (so that rounding cannot decide feasibility).
    auto between = [&](std::size_t i) {
        return i + 1 < peaks.size() ? 0.5 * (peaks[i] + peaks[i + 1]) : peaks.back() * 1.01;
    };
    std::vector<double> budgets = {
        peaks.back() * 1.01, between(peaks.size() / 2), between(peaks.size() / 8), between(peaks.size() / 40),
        between(0),          peaks.front() * 0.99};
    for (double b : budgets) {
        SearchOptions o = c.o;
        o.cost.memory_budget_gib = b / kGiB;
        const double budget = o.cost.memory_budget_gib * kGiB; // same rounding as the planner
        const double ref = bestUnder(all, budget);
        const SearchResult r = search(c.cm, o);
        const QString ctx =
            QStringLiteral("case %1 budget %2 GiB gpus %3 uniform %4 sp %5 ckpt %6 dp_types %7")
                .arg(id)
                .arg(b / kGiB)
                .arg(o.gpus)
                .arg(o.uniform_layers)
                .arg(o.allow_sp)
                .arg(o.allow_ckpt)
                .arg(o.dp_types.size());
        if (std::isinf(ref)) {
            QVERIFY2(!r.best, qPrintable(ctx + " planner found a plan brute force did not"));
            QVERIFY2(!r.infeasible_reason.empty(), qPrintable(ctx));
            continue;
        }
        if (!r.best)
            for (const auto& p : all)
                if (p.peak <= budget && p.per_sample == ref)
                    qWarning("brute: %s peak %.6g", describe(p.plan).c_str(), p.peak);
        QVERIFY2(r.best.has_value(), qPrintable(ctx + " planner found nothing"));
        const double got = timePerSample(*r.best);
        if (!closeRel(got, ref)) {
            for (const auto& p : all)
                if (p.peak <= budget && p.per_sample == ref)
                    qWarning("brute: %s peak %.6g", describe(p.plan).c_str(), p.peak);
            qWarning("planner: %s peak %.6g", describe(r.best->plan).c_str(), r.best->cost.peak_memory);
            for (const char* rule : {rules::kTimeLowerBound, rules::kDominatedStrategy, rules::kDominatedRun,
                                     rules::kGpipeDominated}) {
                SearchOptions o2 = o;
                o2.disabled_rules = {rule};
                const auto r2 = search(c.cm, o2);
                qWarning("without %s: %g", rule, r2.best ? timePerSample(*r2.best) : -1.0);
            }
        }
        QVERIFY2(closeRel(got, ref),
                 qPrintable(ctx + QStringLiteral(" planner %1 brute %2").arg(got).arg(ref)));
        QVERIFY2(r.best->cost.peak_memory <= budget, qPrintable(ctx));
        QVERIFY2(closeRel(r.best->predicted_time, r.best->cost.iteration_time), qPrintable(ctx));
        QVERIFY2(closeRel(r.best->predicted_peak, r.best->cost.peak_memory), qPrintable(ctx));
        for (std::size_t i = 1; i < r.top.size(); ++i)
            QVERIFY(timePerSample(r.top[i - 1]) <= timePerSample(r.top[i]));
        // Every top plan is the exact optimum of its configuration (pp, schedule, chunks, micro-batches,
        // batch): the per-configuration bounds and iterative deepening must not stop early.
        for (const auto& t : r.top) {
            double cfg_best = std::numeric_limits<double>::infinity();
            for (const auto& p : all)
                if (p.peak <= budget && p.plan.pp == t.plan.pp && p.plan.schedule == t.plan.schedule &&
                    p.plan.virtual_stages == t.plan.virtual_stages && p.plan.num_micro == t.plan.num_micro &&
                    p.plan.global_batch == t.plan.global_batch)
                    cfg_best = std::min(cfg_best, p.per_sample);
            QVERIFY2(closeRel(timePerSample(t), cfg_best),
                     qPrintable(ctx + QStringLiteral(" top plan %1 vs its configuration's optimum %2")
                                          .arg(timePerSample(t))
                                          .arg(cfg_best)));
        }
    }
}
} // namespace

void TestSearch::bruteForceAgreement() {
    std::mt19937 rng(20231);
    for (int i = 0; i < 40; ++i) {
        Case c = randomCase(rng, false);
        checkCase(c, i);
    }
}

/// A search for o.target under every budget between the peaks of `all` (the plans that target runs)
/// against the best of them; each best plan, which the target must run, into `best`.
static void checkTargetAgainst(const CostModel& cm, const SearchOptions& o, const std::vector<BrutePlan>& all,
                               std::vector<Plan>& best) {
    const Target t = o.target;
    QVERIFY(!all.empty());
    for (double b : budgetsBetweenPeaks(all)) {
        SearchOptions ob = o;
        ob.cost.memory_budget_gib = b / kGiB;
        const double ref = bestUnder(all, ob.cost.memory_budget_gib * kGiB);
        const SearchResult r = searchForTarget(cm, ob);
        const QString ctx = QStringLiteral("%1 (%2) budget %3 GiB")
                                .arg(toString(t), QString::fromStdString(cm.model().name))
                                .arg(b / kGiB);
        if (std::isinf(ref)) {
            QVERIFY2(!r.best, qPrintable(ctx + ": a plan brute force did not find"));
            continue;
        }
        QVERIFY2(r.best, qPrintable(ctx + ": nothing found"));
        const double got = timePerSample(*r.best);
        if (!closeRel(got, ref))
            for (const auto& p : all)
                if (p.peak <= ob.cost.memory_budget_gib * kGiB && p.per_sample == ref)
                    qWarning("brute: %s", describe(p.plan).c_str());
        QVERIFY2(closeRel(got, ref),
                 qPrintable(ctx + QStringLiteral(": search %1, brute force %2").arg(got).arg(ref)));
        for (const auto& [rule, n] : r.stats.pruned_by_rule)
            if (rule == std::string(rules::kTargetPostCheck))
                QVERIFY2(n == 0, qPrintable(ctx + ": the planner returned a plan the target cannot run"));
        QVERIFY2(inexpressible(r.best->plan, t).empty(), qPrintable(ctx));
        if (qEnvironmentVariableIsSet("GX_TEST_VERBOSE"))
            qInfo("%s: %s", qPrintable(ctx), describe(r.best->plan).c_str());
        best.push_back(r.best->plan);
    }
}

/// The same for a target with one strategy for all layers, against the brute force over its uniform
/// plans.
static void checkUniformTarget(const CostModel& cm, const SearchOptions& o, std::vector<Plan>& best) {
    const SearchOptions eo = optionsForTarget(o);
    QVERIFY(eo.uniform_layers);
    checkTargetAgainst(cm, o, bruteForceUniformTarget(cm, eo, o.target), best);
}

void TestSearch::bruteForceTargets() {
    // A search for a target is exact over what that target runs: its splits (DeepSpeed's
    // partition_uniform, torchtitan's first/last_stage_less_layers), embedding/head sharded as the
    // layers, Megatron's block recomputation, Hetu-Galvatron's one default DP type besides ZeRO-3 and
    // global sequence parallelism - checked against every expressible plan under tight budgets.
    const CostModel cm(tinyModel(7, 1024, 8, 1024, 8000), tinyCluster(2, 2));
    SearchOptions o;
    o.gpus = 4;
    o.global_batches = {8};
    o.max_micro = 8;
    o.top_k = 1;
    o.frontier_points = 0;
    o.allow_sp = false;
    int block_best = 0, uneven_best = 0;
    for (Target t : {Target::Megatron, Target::DeepSpeed, Target::Torchtitan}) {
        o.target = t;
        std::vector<Plan> best;
        checkUniformTarget(cm, o, best);
        if (QTest::currentTestFailed())
            return;
        for (const Plan& p : best) {
            if (blockRecomputeLayers(p) > 0 &&
                !std::all_of(p.layers.begin(), p.layers.end(),
                             [](const LayerStrategy& l) { return l.ckpt == Checkpoint::Full; }))
                ++block_best;
            if (p.pp > 1 && !std::all_of(p.stage_layers.begin(), p.stage_layers.end(),
                                         [&](int n) { return n == p.stage_layers.front(); }))
                ++uneven_best;
        }
    }
    QVERIFY2(block_best > 0, "some budget makes Megatron's block recomputation the best plan");
    QVERIFY2(uneven_best > 0, "some budget makes an uneven split the best plan");

    // Dense and mixture-of-experts layers (DeepSeek's first layers are dense) under Megatron-LM: the
    // one strategy runs the dense layers with ep = 1, so plans with expert parallelism exist.
    {
        ModelProfile m = tinyModel(4, 1024, 8, 1024, 8000);
        LayerType moe = m.stacks[0].type;
        moe.name = "moe";
        moe.moe.experts = 4;
        moe.moe.top_k = 2;
        m.stacks = {{m.stacks[0].type, 1}, {moe, 3}};
        SearchOptions om = o;
        om.max_micro = 4;
        om.target = Target::Megatron;
        std::vector<Plan> best;
        checkUniformTarget(CostModel(m, tinyCluster(2, 2)), om, best);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(std::any_of(best.begin(), best.end(), [](const Plan& p) { return p.layers.back().ep > 1; }),
                 "some budget makes expert parallelism the best Megatron-LM plan");
    }

    // Hetu-Galvatron: per-layer plans, one default DP type besides ZeRO-3, SP on or off for all layers.
    const CostModel small(tinyModel(3, 512, 8, 1024, 8000), tinyCluster(1, 4));
    o = SearchOptions{};
    o.gpus = 4;
    o.global_batches = {8};
    o.max_micro = 4;
    o.top_k = 1;
    o.frontier_points = 0;
    o.schedules = {Schedule::OneFOneB};
    o.target = Target::Hetu;
    const SearchOptions eo = optionsForTarget(o);
    QVERIFY(!eo.uniform_layers);
    std::vector<BrutePlan> all;
    for (auto& bp : bruteForce(small, eo))
        if (inexpressible(bp.plan, Target::Hetu).empty())
            all.push_back(std::move(bp));
    std::vector<Plan> best;
    checkTargetAgainst(small, o, all, best);
}

void TestSearch::bruteForceDeepSpeedExperts() {
    // DeepSpeed with mixture-of-experts layers (AutoEP: whole experts, no pipeline, no ZeRO-3 with
    // Ulysses; one autoep_size): the target search is exact over the plans inexpressible() accepts with
    // the model, checked against every uniform plan of the unrestricted space (no target rule involved in
    // the reference), with dense layers in front as in DeepSeek's models.
    ModelProfile m = tinyModel(4, 1024, 8, 2048, 8000);
    m.family = "deepseek_v2"; // an AutoEP preset (no multi-latent attention needed)
    LayerType& dense = m.stacks[0].type;
    dense.gated_ffn = true; // AutoEP's experts are SwiGLU without biases
    dense.bias = false;
    LayerType moe = dense;
    moe.name = "moe";
    moe.moe.experts = 4;
    moe.moe.top_k = 2;
    moe.moe.normalize_top_k = false;
    moe.ffn_hidden = dense.hidden;
    m.stacks = {{dense, 1}, {moe, 3}};
    const CostModel cm(m, tinyCluster(2, 2));
    QVERIFY(modelInexpressible(m, Target::DeepSpeed).empty());
    SearchOptions o;
    o.gpus = 4;
    o.global_batches = {8};
    o.max_micro = 4;
    o.top_k = 1;
    o.frontier_points = 0;
    o.cp_min_seq = 2048; // Ulysses cp 2 (1024 tokens per rank) in the space
    o.target = Target::DeepSpeed;
    SearchOptions eo = optionsForTarget(o);
    QVERIFY(eo.uniform_layers);
    eo.target = Target::Any;
    std::vector<BrutePlan> all;
    int rejected = 0;
    for (auto& bp : bruteForceUniformTarget(cm, eo, Target::DeepSpeed)) {
        if (inexpressible(m, bp.plan, Target::DeepSpeed).empty())
            all.push_back(std::move(bp));
        else
            ++rejected;
    }
    QVERIFY(rejected > 0);
    // The reference holds expert parallelism and Ulysses, none of what AutoEP does not run.
    bool ep = false, ulysses = false;
    for (const auto& bp : all) {
        const LayerStrategy& l = bp.plan.layers.back();
        QVERIFY(bp.plan.pp == 1 && l.tp == 1 && !(l.cp > 1 && l.dp_type == DpType::ZeRO3));
        ep = ep || l.ep > 1;
        ulysses = ulysses || l.cp > 1;
    }
    QVERIFY(ep && ulysses);
    std::vector<Plan> best;
    checkTargetAgainst(cm, o, all, best);
    if (QTest::currentTestFailed())
        return;
    for (const Plan& p : best)
        QVERIFY(inexpressible(m, p, Target::DeepSpeed).empty());
    QVERIFY2(std::any_of(best.begin(), best.end(), [](const Plan& p) { return p.layers.back().ep > 1; }),
             "some budget makes expert parallelism the best DeepSpeed plan");
}

void TestSearch::bruteForceHetuContextAndExperts() {
    // Hetu-Galvatron (tests/data/consumers/hetu.json) runs ring and all-to-all context parallelism per
    // layer, expert parallelism when ep is 1 or dp x cp (its expert ranks ordered 'pp-ep-edp-etp'),
    // sequence parallelism on every tensor-parallel layer, TP ranks adjacent, and a global batch that is
    // a multiple of world / pp / min tp / min cp, min cp counting the embedding's vcp (which, with only
    // ring layers, lets plans run that vcp = 1 does not: the search's parts SubSpace::vocab_cp). Its
    // target search is exact over the plans it runs (brute force, inexpressible() empty) and never needs
    // the post-check, for batches where the rule bites (2) and where it does not (8).
    ModelProfile m = tinyModel(2, 512, 8, 8192, 8000);
    LayerType& t = m.stacks[0].type;
    t.seq_len = m.seq_len = 8192;
    t.kv_heads = 4;
    t.moe.experts = 4;
    t.moe.top_k = 2;
    t.ffn_hidden = t.hidden;
    const CostModel cm(m, tinyCluster(1, 4));
    SearchOptions o;
    o.gpus = 4;
    o.cp_min_seq = 0;
    o.top_k = 1;
    o.frontier_points = 0;
    o.max_micro = 2;
    o.schedules = {Schedule::OneFOneB};
    o.target = Target::Hetu;
    const SearchOptions eo0 = optionsForTarget(o);
    QVERIFY(eo0.require_sp && !eo0.uniform_layers);
    const SearchSpace space(cm, eo0);
    bool ep_pruned = false;
    for (const auto& node : space.tree(t))
        ep_pruned = ep_pruned || (node.pruned && node.rule == rules::kTargetEp);
    QVERIFY2(ep_pruned, "ep = 2 of dp x cp = 4 is pruned by name");
    for (int pp : space.pipelineDegrees())
        for (const auto& s : space.layerCandidates(pp, t)) {
            QVERIFY(s.ep == 1 || s.ep == s.dp * s.cp);
            QVERIFY(s.tp == 1 || (s.sp && s.tp_consecutive));
        }
    int with_cp = 0, with_ep = 0;
    for (int B : {2, 8}) {
        o.global_batches = {B};
        const SearchOptions eo = optionsForTarget(o);
        std::vector<BrutePlan> all;
        int batch_rule = 0, vocab_cp = 0;
        for (auto& bp : bruteForce(cm, eo)) {
            if (!inexpressible(bp.plan, Target::Hetu).empty()) {
                batch_rule += hetuVocabCp(bp.plan) == 0;
                continue;
            }
            vocab_cp += hetuVocabCp(bp.plan) > 1;
            with_cp += std::any_of(bp.plan.layers.begin(), bp.plan.layers.end(),
                                   [](const LayerStrategy& l) { return l.cp > 1; });
            with_ep += std::any_of(bp.plan.layers.begin(), bp.plan.layers.end(),
                                   [](const LayerStrategy& l) { return l.ep > 1; });
            all.push_back(std::move(bp));
        }
        QVERIFY2((B == 2) == (batch_rule > 0),
                 qPrintable(QStringLiteral("B=%1: %2 plans against the batch rule").arg(B).arg(batch_rule)));
        QVERIFY2((B == 2) == (vocab_cp > 0), "vcp > 1 runs some plans at B = 2 only");
        int vcp_best = 0;
        std::vector<Plan> best;
        checkTargetAgainst(cm, o, all, best);
        if (QTest::currentTestFailed())
            return;
        for (const Plan& p : best)
            vcp_best += hetuVocabCp(p) > 1;
        // (at B = 2 some budgets' best plans run only so: without the parts the search missed them)
        QVERIFY2((B == 2) == (vcp_best > 0),
                 qPrintable(QStringLiteral("B=%1: %2 of %3 best plans with vcp > 1")
                                .arg(B)
                                .arg(vcp_best)
                                .arg(best.size())));
    }
    QVERIFY(with_cp > 0 && with_ep > 0);
}

void TestSearch::torchtitanExpertParallel() {
    // torchtitan runs expert parallelism as the cost model does only with tp = 1 (it keeps every expert
    // whole on its EP rank, the EP ranks taken from the TP group first; the cost model splits experts
    // over tp) and FSDP (ZeRO-2/3: its EP ranks divide dp_shard x cp x tp, never replicas). The planner
    // under torchtitan's options against every uniform plan of the unrestricted space that
    // inexpressible() lets torchtitan run: the reference does not use the target's pruning rules.
    // (searchForTarget refuses this tiny model, which torchtitan 0.2.2 does not define; the rules hold
    // for any MoE model a config function of the user's builds.)
    ModelProfile m = tinyModel(4, 1024, 8, 1024, 8000);
    LayerType moe = m.stacks[0].type;
    moe.name = "moe";
    moe.moe.experts = 4;
    moe.moe.top_k = 2;
    m.stacks = {{m.stacks[0].type, 1}, {moe, 3}};
    const CostModel cm(m, tinyCluster(2, 2));
    SearchOptions o;
    o.gpus = 4;
    o.global_batches = {8};
    o.max_micro = 4;
    o.top_k = 1;
    o.frontier_points = 0;
    o.target = Target::Torchtitan;
    const SearchOptions eo = optionsForTarget(o);
    SearchOptions unrestricted = eo;
    unrestricted.target = Target::Any;
    const auto every = bruteForceUniformTarget(cm, unrestricted, Target::Any);
    const auto all = bruteForceUniformTarget(cm, unrestricted, Target::Torchtitan);
    const auto epWith = [](const Plan& p, bool tp, bool ddp) {
        const LayerStrategy& l = p.layers.back();
        return l.ep > 1 && (!tp || l.tp > 1) && (!ddp || l.dp_type == DpType::DDP);
    };
    // The space has both shapes, and torchtitan runs neither.
    QVERIFY(std::any_of(every.begin(), every.end(),
                        [&](const BrutePlan& b) { return epWith(b.plan, true, false); }));
    QVERIFY(std::any_of(every.begin(), every.end(),
                        [&](const BrutePlan& b) { return epWith(b.plan, false, true); }));
    for (const auto& b : all)
        QVERIFY(!epWith(b.plan, true, false) && !epWith(b.plan, false, true));
    QVERIFY(std::any_of(all.begin(), all.end(),
                        [&](const BrutePlan& b) { return epWith(b.plan, false, false); }));
    // The pruned candidates are named by the rule.
    const SearchSpace space(cm, eo);
    int by_rule = 0;
    for (const auto& n : space.tree(moe))
        by_rule += n.pruned && n.rule == std::string(rules::kTargetEp);
    QVERIFY(by_rule > 0);
    for (const auto& s : space.layerCandidates(1, moe))
        QVERIFY(s.ep == 1 || (s.tp == 1 && (s.dp_type == DpType::ZeRO2 || s.dp_type == DpType::ZeRO3)));
    int ep_best = 0;
    for (double b : budgetsBetweenPeaks(all)) {
        SearchOptions ob = eo;
        ob.cost.memory_budget_gib = b / kGiB;
        const double ref = bestUnder(all, b);
        const SearchResult r = search(cm, ob);
        const QString ctx = QStringLiteral("torchtitan dense+moe budget %1 GiB").arg(b / kGiB);
        if (std::isinf(ref)) {
            QVERIFY2(!r.best, qPrintable(ctx));
            continue;
        }
        QVERIFY2(r.best, qPrintable(ctx + ": nothing found"));
        QVERIFY2(
            closeRel(timePerSample(*r.best), ref),
            qPrintable(ctx +
                       QStringLiteral(": search %1, brute force %2").arg(timePerSample(*r.best)).arg(ref)));
        QVERIFY2(inexpressible(r.best->plan, Target::Torchtitan).empty(), qPrintable(ctx));
        ep_best += r.best->plan.layers.back().ep > 1 ? 1 : 0;
    }
    QVERIFY2(ep_best > 0, "some budget makes expert parallelism the best torchtitan plan");
}

void TestSearch::bruteForceContextAndExpertParallel() {
    // Long sequences with context parallelism searched (ring and all-to-all), and mixture-of-experts
    // layers with expert parallelism: the planner equals brute force over the same candidates, and the
    // optimum of a memory-bound long-sequence case does split the sequence.
    std::mt19937 rng(1616);
    int with_cp = 0, with_ep = 0, moe_cases = 0;
    for (int i = 0; i < 10; ++i) {
        Case c = randomCase(rng, false);
        ModelProfile m = c.cm.model();
        LayerType& t = m.stacks[0].type;
        t.seq_len = m.seq_len = (i % 2 == 0) ? 4096 : 8192;
        t.kv_heads = std::max(1, t.heads / 2);
        if (i % 3 != 0) {
            t.moe.experts = 4;
            t.moe.top_k = 2;
            t.ffn_hidden = t.hidden;
            ++moe_cases;
        }
        c.cm = CostModel(m, tinyCluster(1, 4));
        c.o.gpus = 4;
        c.o.global_batches = {4};
        c.o.cp_min_seq = 0;
        c.o.allow_sp = false;
        c.o.allow_ckpt = (i % 2 == 0);
        c.o.schedules = {Schedule::OneFOneB};
        c.o.uniform_layers = false;
        const SearchSpace space(c.cm, c.o);
        bool cp_leaf = false, ep_leaf = false;
        for (int pp : space.pipelineDegrees())
            for (const auto& s : space.layerCandidates(pp, t)) {
                cp_leaf = cp_leaf || s.cp > 1;
                ep_leaf = ep_leaf || s.ep > 1;
            }
        QVERIFY2(cp_leaf, "the space offers context parallelism");
        QCOMPARE(ep_leaf, t.moe.enabled());
        checkCase(c, 300 + i);
        const SearchResult r = search(c.cm, c.o);
        if (r.best)
            for (const auto& l : r.best->plan.layers) {
                with_cp += l.cp > 1;
                with_ep += l.ep > 1;
            }
    }
    QVERIFY(moe_cases > 0);
    qInfo("layers of the optima with cp > 1: %d, with ep > 1: %d", with_cp, with_ep);
    // A case where splitting the sequence is the only way to fit: one sample of 32K tokens whose
    // activations exceed the budget on one GPU (one attention head: no tensor parallelism either).
    CostModel cm(tinyModel(2, 1024, 1, 32768, 32000), tinyCluster(1, 4));
    SearchOptions o;
    o.gpus = 4;
    o.global_batches = {1};
    o.allow_ckpt = false;
    o.allow_sp = false;
    o.frontier_points = 0;
    o.cost.memory_budget_gib = 24;
    o.emit_tree_events = false;
    const SearchResult r = search(cm, o);
    QVERIFY2(r.best.has_value(), r.infeasible_reason.c_str());
    QVERIFY(r.best->plan.layers.front().cp > 1);
    o.max_cp = 1;
    const SearchResult none = search(cm, o);
    QVERIFY(!none.best || timePerSample(*none.best) > timePerSample(*r.best));
}

void TestSearch::contextAndExpertRules() {
    // Each new rule prunes by name: short sequences, invalid splits, targets without the dimension,
    // experts that ep does not divide, and the user's limits.
    auto prunedBy = [](const SearchResult& r, const char* rule) {
        for (const auto& [name, n] : r.stats.pruned_by_rule)
            if (name == rule)
                return n;
        return std::int64_t(0);
    };
    auto quick = [](SearchOptions o) {
        o.frontier_points = 0;
        o.top_k = 1;
        o.global_batches = {8};
        return o;
    };
    {
        // 4K tokens: below the default cp_min_seq (8192), nothing splits the sequence.
        CostModel cm(tinyModel(2, 1024, 16, 4096, 32000), tinyCluster(1, 8));
        const SearchResult r = search(cm, quick({}));
        QVERIFY(prunedBy(r, rules::kCpLongSequence) > 0);
        QVERIFY(r.best && r.best->plan.layers.front().cp == 1);
    }
    {
        // 9000 tokens: no 2 x cp = 16 chunks for the ring at cp = 8, nor 8 equal shards for all-to-all.
        CostModel cm(tinyModel(2, 1024, 16, 9000, 32000), tinyCluster(1, 8));
        SearchOptions o = quick({});
        o.cp_min_seq = 0;
        const SearchResult r = search(cm, o);
        QVERIFY(prunedBy(r, rules::kCpValid) > 0);
        SearchSpace sp(cm, o);
        for (const auto& node : sp.tree(cm.model().layer(0)))
            if (node.pruned && node.rule == rules::kCpValid)
                QVERIFY2(!node.reason.empty(), node.label.c_str());
    }
    {
        // A target without context parallelism, and a runtime with eager attention.
        CostModel cm(tinyModel(2, 1024, 16, 16384, 32000), tinyCluster(1, 8));
        SearchOptions o = quick({});
        o.target = Target::Hetu;
        QVERIFY(prunedBy(search(cm, o), rules::kTargetCp) > 0);
        CostOptions eager;
        eager.runtime.attention = AttentionKernel::Eager;
        CostModel ce(cm.model(), cm.cluster(), eager);
        QVERIFY(prunedBy(search(ce, quick({})), rules::kCpValid) > 0);
    }
    {
        // Experts: 4 routed experts on 8 GPUs - ep = 8 does not divide them; a dense layer has no ep level.
        ModelProfile m = tinyModel(2, 1024, 16, 2048, 32000);
        m.stacks[0].type.moe.experts = 4;
        m.stacks[0].type.moe.top_k = 1;
        CostModel cm(m, tinyCluster(1, 8));
        SearchOptions o = quick({});
        const SearchResult r = search(cm, o);
        QVERIFY(prunedBy(r, rules::kEpValid) > 0);
        o.max_ep = 2;
        QVERIFY(prunedBy(search(cm, o), rules::kUser) > 0);
        SearchSpace sp(cm, o);
        for (const auto& s : sp.layerCandidates(1, m.stacks[0].type))
            QVERIFY(s.ep <= 2 && 4 % s.ep == 0 && (s.dp * s.cp) % s.ep == 0);
        CostModel dense(tinyModel(2, 1024, 16, 2048, 32000), tinyCluster(1, 8));
        for (const auto& node : SearchSpace(dense, o).tree(dense.model().layer(0)))
            QVERIFY(node.dimension != "ep");
    }
}

void TestSearch::mixedLayerTypesCapacity() {
    // DeepSeek-V3 (3 dense + 58 mixture-of-experts layers) on 64 GPUs: its model states alone need
    // ~178 GiB per GPU. The per-stage capacity takes the cheapest layer type (the dense layers), so the
    // layers' own minima must also fit the stages' room in total: every configuration is skipped before
    // any DP (it took the 60 s time limit before).
    CostModel cm(modelPreset("deepseek-v3"), clusterPreset("8x8xH100-IB"));
    SearchOptions o;
    o.global_batches = {64};
    o.frontier_points = 0;
    o.emit_tree_events = false;
    const SearchResult r = search(cm, o);
    QVERIFY(!r.best);
    QCOMPARE(r.stats.dp_states, std::int64_t(0));
    bool named = false;
    for (const auto& [rule, n] : r.stats.pruned_by_rule)
        named = named || (rule == rules::kMemoryLowerBound && n > 0);
    QVERIFY(named);
    QVERIFY2(r.infeasible_reason.find("model states") != std::string::npos, r.infeasible_reason.c_str());
}

void TestSearch::transientTradesAgainstBruteForce() {
    // The sequence DP lets a label with a larger transient (ZeRO-3's gathered weights, a recomputation
    // buffer) stand in for one with less only when its memory is lower by at least the difference
    // (paretoFilter<true>). Stages of several layers mixing ZeRO-2 / ZeRO-3 and recomputation under
    // runtimes with such buffers, at budgets between every few distinct peaks, against brute force.
    std::mt19937 rng(7);
    const char* runtimes[] = {"torchtitan", "megatron-core", "deepspeed"};
    for (int i = 0; i < 6; ++i) {
        CostOptions co;
        co.runtime = runtimePreset(runtimes[i % 3]);
        co.runtime.memory_headroom = 0; // (budgets as brute force reads them)
        Case c{CostModel(tinyModel(4, 2048, 16, 2048, 32000), tinyCluster(1, 4), co), {}};
        SearchOptions& o = c.o;
        o.gpus = 4;
        o.global_batches = {8};
        o.max_micro = 2;
        o.fixed_pp = i % 2 ? 2 : 1;
        o.dp_types = {DpType::ZeRO2, DpType::ZeRO3};
        o.max_tp = 2;
        o.allow_sp = false;
        o.allow_ckpt = true;
        o.top_k = 1;
        o.frontier_points = 0;
        o.threads = 2;
        o.emit_tree_events = false;
        const auto all = bruteForce(c.cm, o);
        QVERIFY(!all.empty());
        const std::vector<double> peaks = distinctPeaks(all);
        const std::size_t step = std::max<std::size_t>(1, peaks.size() / 16);
        for (std::size_t k = 0; k + 1 < peaks.size(); k += step) {
            SearchOptions ob = o;
            ob.cost.memory_budget_gib = 0.5 * (peaks[k] + peaks[k + 1]) / kGiB;
            const double ref = bestUnder(all, ob.cost.memory_budget_gib * kGiB);
            const QString ctx = QStringLiteral("case %1 (%2, pp %3) budget %4 GiB")
                                    .arg(i)
                                    .arg(runtimes[i % 3])
                                    .arg(o.fixed_pp)
                                    .arg(ob.cost.memory_budget_gib);
            SearchResult r;
            try {
                r = search(c.cm, ob);
            } catch (const InputError&) { // (below the runtime's reserve: nothing fits)
                QVERIFY2(std::isinf(ref), qPrintable(ctx + ": refused a budget a plan fits"));
                continue;
            }
            QVERIFY2(r.best, qPrintable(ctx + ": nothing found"));
            QVERIFY2(closeRel(timePerSample(*r.best), ref),
                     qPrintable(
                         ctx +
                         QStringLiteral(": search %1, brute force %2").arg(timePerSample(*r.best)).arg(ref)));
        }
    }
}

void TestSearch::bruteForceTwoStacks() {
    std::mt19937 rng(777);
    for (int i = 0; i < 12; ++i) {
        Case c = randomCase(rng, true);
        checkCase(c, 100 + i);
    }
}

void TestSearch::bruteForceLastStageAcrossStacks() {
    // Four encoder layers and one decoder layer over two stages: the last stage spans both layer types
    // and, under the tighter budgets, mixes recomputation. Its sequence runs from the last layer down
    // (one DP for every start); the plan read back must be in the model's layer order, or its evaluated
    // cost differs from the DP's (checkCase compares them) and from brute force.
    std::mt19937 rng(5151);
    for (int i = 0; i < 6; ++i) {
        Case c = randomCase(rng, true);
        ModelProfile m = tinyModel(5, 512, 8, i % 2 ? 1024 : 2048, 32000, true);
        m.stacks[0].count = 4;
        m.stacks[1].count = 1;
        m.stacks[1].type.seq_len = 512; // (a shorter decoder: the two types cost differently)
        c.cm = CostModel(m, tinyCluster(1, 4));
        c.o.gpus = 4;
        c.o.fixed_pp = 2;
        c.o.allow_sp = false;
        c.o.allow_ckpt = true;
        c.o.dp_types = {DpType::DDP};
        c.o.uniform_layers = false;
        c.o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
        c.o.global_batches = {8};
        c.o.max_micro = 4;
        checkCase(c, 400 + i);
    }
}

void TestSearch::bruteForcePipelines() {
    // Several stages (1F1B, GPipe, interleaved) where DDP and ZeRO-3 trade per-micro-batch time (C)
    // against per-iteration time (E): exercises the (c, c/v + e) label dominance and the partition DP.
    std::mt19937 rng(4242);
    for (int i = 0; i < 10; ++i) {
        Case c = randomCase(rng, false);
        const int gpus = (i % 2) ? 4 : 8;
        c.cm = CostModel(tinyModel(4, 512, 8, 1024, 32000, false), tinyCluster(gpus == 8 ? 2 : 1, 4));
        c.o.gpus = gpus;
        c.o.fixed_pp = 2;
        c.o.dp_types = {DpType::DDP, DpType::ZeRO3};
        c.o.allow_sp = false;
        c.o.allow_ckpt = i % 3 == 0;
        c.o.uniform_layers = false;
        c.o.schedules = {Schedule::OneFOneB, Schedule::GPipe, Schedule::Interleaved};
        c.o.global_batches = {i % 2 ? 8 : 16};
        c.o.max_micro = 4;
        checkCase(c, 200 + i);
    }
}

void TestSearch::bruteForceDeepPipelines() {
    // Three and four stages of one GPU each over six layers, with checkpointing, under tight budgets:
    // several layers per stage and few that fit, which exercises the memory-aware bounds on the other
    // stages' compute (stage prefixes and partition labels) and the order of tasks by root bound.
    std::mt19937 rng(9191);
    for (int i = 0; i < 8; ++i) {
        Case c = randomCase(rng, false);
        const int pp = (i % 2) ? 3 : 4;
        const int seq = (i % 4 < 2) ? 2048 : 1024;
        c.cm = CostModel(tinyModel(6, 1024, 8, seq, i % 3 ? 32000 : 1000, false), tinyCluster(1, pp));
        c.o.gpus = pp;
        c.o.fixed_pp = pp;
        c.o.pow2_degrees = false;
        c.o.allow_ckpt = true;
        c.o.uniform_layers = false;
        c.o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
        c.o.global_batches = {i % 2 ? 6 : 8};
        c.o.max_micro = 8;
        c.o.top_k = 1; // the bound is the best plan: pruning is as tight as it gets
        checkCase(c, 300 + i);
    }
}

namespace {
/// Searches with `o` and again with the time-lower-bound rule (or `rule`) off (no bound prunes anything,
/// inside or across configurations) and checks that both give the same best plan, top list and frontier
/// (times per sample), the frontier having at least `min_frontier` points. Returns the unbounded search's
/// result; the caller stops when QTest::currentTestFailed().
SearchResult expectSameAsUnboundedDp(const CostModel& cm, const SearchOptions& o, const QString& ctx,
                                     std::size_t min_frontier, const char* rule = rules::kTimeLowerBound) {
    const SearchResult pruned = search(cm, o);
    SearchOptions u = o;
    u.disabled_rules = {rule};
    SearchResult full = search(cm, u);
    // The same list sizes and times per sample, position by position.
    auto sameTimes = [&](const std::vector<RankedPlan>& a, const std::vector<RankedPlan>& b,
                         const char* what) {
        QCOMPARE(a.size(), b.size());
        for (std::size_t k = 0; k < b.size(); ++k)
            QVERIFY2(closeRel(timePerSample(a[k]), timePerSample(b[k])),
                     qPrintable(ctx + QStringLiteral(" %1 %2: %3 vs %4")
                                          .arg(QLatin1String(what))
                                          .arg(k)
                                          .arg(timePerSample(a[k]))
                                          .arg(timePerSample(b[k]))));
    };
    [&] {
        QVERIFY2(pruned.best && full.best, qPrintable(ctx));
        sameTimes(pruned.top, full.top, "top");
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(full.frontier.size() >= min_frontier, qPrintable(ctx)); // the sweep reaches tight budgets
        sameTimes(pruned.frontier, full.frontier, "frontier point");
    }();
    return full;
}
} // namespace

void TestSearch::memoryBoundPipelinesAgainstUnprunedDp() {
    // Pipelines too deep for the brute force (16-24 layers over 4 stages of 2 GPUs), swept from the
    // unconstrained budget to ones where every stage must recompute: the bounds' answers (best plan,
    // top 3 and every frontier point) equal the same DP's without the time-lower-bound rule, which
    // prunes nothing. The lower bounds of stage prefixes and partition labels count what the other
    // stages' layers cost under their memory (TaskSolver::others_sum_): an over-estimate loses plans.
    const int layer_counts[] = {16, 20, 24};
    for (int i = 0; i < 6; ++i) {
        const int L = layer_counts[i % 3];
        CostModel cm(tinyModel(L, 1024, 8, i < 3 ? 2048 : 4096, 32000), tinyCluster(1, 8));
        SearchOptions o;
        o.gpus = 8;
        o.fixed_pp = 4;
        o.schedules = {i % 2 ? Schedule::GPipe : Schedule::OneFOneB};
        o.global_batches = {16};
        o.max_micro = i < 3 ? 2 : 4; // few micro-batches: the sum of C weighs most (T = (m-1) max C + sum C)
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
        o.allow_sp = false;
        o.top_k = i % 3 == 0 ? 1 : 3; // one: the bound is the best plan itself
        o.frontier_points = 8;
        o.frontier_step = 0.04;
        o.threads = 2;
        o.emit_tree_events = false;
        const QString ctx = QStringLiteral("case %1 (%2 layers)").arg(i).arg(L);
        expectSameAsUnboundedDp(cm, o, ctx, 4);
        if (QTest::currentTestFailed())
            return;
    }
}

namespace {
/// A small model on slow links for runDominanceAgainstAllCandidates.
struct RunShape {
    int layers, hidden, heads, seq, nodes, gpn;
    double intra_gbs, intra_us, inter_gbs, overlap;
    int pp;
    bool sp, zero123;
    int batch;
};

/// Top 3 and an 8-point frontier of `m` on the shape's cluster, with and without rule dominated-run (the
/// same answers expected); returns the candidates the rule dropped.
std::int64_t checkRunDominance(const ModelProfile& m, const RunShape& sh, const QString& ctx) {
    ClusterProfile cl = tinyCluster(sh.nodes, sh.gpn);
    cl.intra.bandwidth_gbs = sh.intra_gbs;
    cl.intra.latency_us = sh.intra_us;
    cl.inter.bandwidth_gbs = sh.inter_gbs;
    cl.overlap_efficiency = sh.overlap;
    CostModel cm(m, cl);
    SearchOptions o;
    o.gpus = sh.nodes * sh.gpn;
    o.fixed_pp = sh.pp;
    o.global_batches = {sh.batch};
    o.max_micro = 4;
    o.allow_sp = sh.sp;
    o.dp_types = sh.zero123 ? std::vector<DpType>{DpType::ZeRO1, DpType::ZeRO2, DpType::ZeRO3}
                            : std::vector<DpType>{DpType::DDP, DpType::ZeRO3};
    o.top_k = 3;
    o.frontier_points = 8;
    o.frontier_step = 0.03;
    o.threads = 2;
    o.emit_tree_events = false;
    expectSameAsUnboundedDp(cm, o, ctx, 2, rules::kDominatedRun);
    std::int64_t fired = 0;
    for (const auto& [rule, n] : search(cm, o).stats.pruned_by_rule)
        if (rule == rules::kDominatedRun)
            fired += n;
    return fired;
}
} // namespace

void TestSearch::runDominanceAgainstAllCandidates() {
    // Rule dominated-run drops, per stage class, the candidates another one replaces in every run of
    // layers at a lower time (its switches in and out included) and no more memory. Six small models on
    // slow links, where switches between layouts cost as much as a layer: each answer (top 3 and an
    // 8-point frontier) equals the DP's with the rule off. A rule weighing per-layer costs alone (no
    // switches) gets all six wrong; 2,000 random cases of this kind agree with the rule (probe).
    const RunShape shapes[] = {
        {6, 2048, 16, 1024, 1, 8, 50, 20, 25, 0.8, 1, true, false, 16},
        {8, 1024, 8, 1024, 2, 4, 50, 20, 50, 0.8, 1, false, false, 8},
        {8, 4096, 32, 1024, 2, 4, 10, 20, 50, 0.8, 1, false, false, 16},
        {16, 2048, 32, 2048, 2, 4, 50, 20, 5, 0.2, 2, true, false, 8},
        {10, 2048, 32, 2048, 2, 4, 50, 20, 25, 0.5, 2, true, false, 16},
        {12, 4096, 32, 2048, 2, 8, 10, 2, 5, 0.5, 1, false, true, 8},
    };
    std::int64_t fired = 0;
    for (std::size_t i = 0; i < std::size(shapes); ++i) {
        const RunShape& sh = shapes[i];
        fired +=
            checkRunDominance(tinyModel(sh.layers, sh.hidden, sh.heads, sh.seq, 32000), sh,
                              QStringLiteral("case %1 (%2 layers, pp %3)").arg(i).arg(sh.layers).arg(sh.pp));
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(fired > 0);
    // Several layer types: per stack, with the switches from and to the stacks next to it (an encoder
    // then a cross-attention decoder; dense layers then mixture-of-experts layers). The last two cases
    // catch a rule that reads one stack's drops for another's candidates (probe: 5 of 300 random cases).
    const RunShape mixed[] = {
        {12, 1024, 8, 1024, 2, 4, 50, 20, 25, 0.5, 1, false, false, 16},
        {12, 1024, 8, 1024, 2, 4, 50, 20, 25, 0.5, 2, false, false, 16},
        {12, 2048, 16, 2048, 1, 4, 50, 2, 5, 0.5, 1, false, false, 16},
        {10, 512, 8, 2048, 2, 8, 50, 2, 50, 0.8, 1, false, true, 8},
    };
    fired = 0;
    for (std::size_t i = 0; i < std::size(mixed); ++i) {
        const RunShape& sh = mixed[i];
        ModelProfile m = tinyModel(sh.layers, sh.hidden, sh.heads, sh.seq, 32000, i < 2);
        if (i >= 2) { // 1 + L % 3 dense layers, then L mixture-of-experts layers
            LayerType moe = m.stacks[0].type;
            moe.name = "moe";
            moe.ffn_hidden = sh.hidden;
            moe.moe.experts = 8;
            moe.moe.top_k = 2;
            m.stacks = {{m.stacks[0].type, 1 + sh.layers % 3}, {moe, sh.layers}};
        }
        fired += checkRunDominance(m, sh, QStringLiteral("two types, case %1 (pp %2)").arg(i).arg(sh.pp));
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(fired > 0);
}

void TestSearch::integralStagesAgainstUnprunedDp() {
    // Three and four stages of one GPU, a few layers each, with and without recomputation, swept by the
    // frontier to budgets where a stage holds only so many whole layers: a configuration is cut before
    // its DP when the partition bound over its stages' integral tables (TaskSolver::partitionBound)
    // exceeds the k-th best plan found, so a bound above a configuration's optimum loses plans here.
    // Every answer equals the DP's without the time-lower-bound rule.
    for (int i = 0; i < 8; ++i) {
        const int pp = i % 2 ? 3 : 4, L = 8 + i;
        CostModel cm(tinyModel(L, 1024, 8, i % 4 < 2 ? 2048 : 1024, 32000), tinyCluster(1, pp));
        SearchOptions o;
        o.gpus = pp;
        o.fixed_pp = pp;
        o.pow2_degrees = false;
        o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
        o.global_batches = {i % 2 ? 6 : 8};
        o.max_micro = 8;
        o.top_k = i % 4 == 0 ? 1 : 3;
        o.frontier_points = 8;
        o.frontier_step = 0.02;
        o.threads = 2;
        o.emit_tree_events = false;
        const QString ctx = QStringLiteral("case %1 (%2 layers, pp %3)").arg(i).arg(L).arg(pp);
        expectSameAsUnboundedDp(cm, o, ctx, 2);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestSearch::mixedTypesAgainstUnprunedDp() {
    // Dense layers followed by mixture-of-experts layers (DeepSeek-V3's shape, small): the memory-aware
    // bounds over several layer types (MultiHull: the task's root bound, the layers still to come of
    // one stage, a stage prefix's growth) must not cut a plan. Swept by the frontier down to budgets
    // where the expert layers must shard and recompute; every answer equals the same DP's without the
    // time-lower-bound rule.
    for (int i = 0; i < 6; ++i) {
        ModelProfile m = tinyModel(2, 1024, 8, i < 3 ? 2048 : 1024, 32000);
        LayerType moe = m.stacks[0].type;
        moe.name = "moe";
        moe.ffn_hidden = 1024;
        moe.moe.experts = 8;
        moe.moe.top_k = 2;
        const int dense = 1 + i % 3, experts = 9 + 2 * i;
        m.stacks = {{m.stacks[0].type, dense}, {moe, experts}};
        CostModel cm(m, tinyCluster(1, 8));
        SearchOptions o;
        o.gpus = 8;
        o.fixed_pp = i % 2 ? 2 : (i < 3 ? 1 : 4);
        o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
        o.global_batches = {16};
        o.max_micro = 4;
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
        o.allow_sp = false;
        o.top_k = i % 3 == 0 ? 1 : 3;
        o.frontier_points = 8;
        o.frontier_step = 0.04;
        o.threads = 2;
        o.emit_tree_events = false;
        const QString ctx = QStringLiteral("case %1 (%2 dense + %3 expert layers, pp %4)")
                                .arg(i)
                                .arg(dense)
                                .arg(experts)
                                .arg(o.fixed_pp);
        expectSameAsUnboundedDp(cm, o, ctx, 4);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestSearch::interleavedAcrossNodesAgainstUnprunedDp() {
    // Interleaved pipelines whose stages sit on different nodes behind a slow link: the sends at every
    // chunk boundary are a large part of each stage's time, and the root bound counts them (as the
    // interleaved DP does). The configurations are cut and ordered by that bound; every answer must
    // equal the same DP's without the time-lower-bound rule.
    int interleaved_ranked = 0;
    for (int i = 0; i < 4; ++i) {
        CostModel cm(tinyModel(16, 1024, 8, i < 2 ? 2048 : 4096, 32000), [&] {
            ClusterProfile c = tinyCluster(2, 4);
            c.inter.bandwidth_gbs = i % 2 ? 1.0 : 4.0; // a slow network: sends of tens of ms
            return c;
        }());
        SearchOptions o;
        o.gpus = 8;
        o.fixed_pp = 2; // one stage per node: every chunk boundary crosses the network
        o.schedules = {Schedule::Interleaved, Schedule::OneFOneB};
        o.global_batches = {32};
        o.max_micro = 8;
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
        o.allow_sp = false;
        o.top_k = 5;
        o.frontier_points = 6;
        o.frontier_step = 0.05;
        o.threads = 2;
        o.emit_tree_events = false;
        const QString ctx = QStringLiteral("case %1").arg(i);
        const SearchResult full = expectSameAsUnboundedDp(cm, o, ctx, 0);
        if (QTest::currentTestFailed())
            return;
        for (const auto& p : full.top)
            interleaved_ranked += p.plan.schedule == Schedule::Interleaved;
    }
    QVERIFY(interleaved_ranked > 0); // the cases rank interleaved configurations: their bound is exercised
}

namespace {
/// Runs of one strategy along each stage's layers (chunks of an interleaved stage in order), most.
int runsPerStage(const Plan& p) {
    const int pp = std::max(1, p.pp);
    std::vector<int> runs(static_cast<std::size_t>(pp), 0);
    std::vector<const LayerStrategy*> last(static_cast<std::size_t>(pp), nullptr);
    int first = 0;
    for (std::size_t c = 0; c < p.stage_layers.size(); ++c) {
        const std::size_t stage = c % static_cast<std::size_t>(pp);
        for (int q = 0; q < p.stage_layers[c]; ++q) {
            const auto& l = p.layers[static_cast<std::size_t>(first + q)];
            if (!last[stage] || !(*last[stage] == l))
                ++runs[stage];
            last[stage] = &l;
        }
        first += p.stage_layers[c];
    }
    return *std::max_element(runs.begin(), runs.end());
}
} // namespace

void TestSearch::simplicityAgainstBruteForce() {
    // --max-runs-per-stage N: the best plan with at most N runs of one strategy per stage, exactly (the
    // brute force filters every enumerated plan by its runs), for 1F1B/GPipe/interleaved pipelines.
    std::mt19937 rng(9191);
    int checked = 0;
    for (int i = 0; i < 12; ++i) {
        Case c = randomCase(rng, i % 4 == 3);
        c.o.uniform_layers = false;
        if (i % 2 == 0) {
            c.cm = CostModel(tinyModel(4, 512, 8, 1024, 32000, false), tinyCluster(1, 4));
            c.o.gpus = 4;
            c.o.fixed_pp = 2;
            c.o.dp_types = {DpType::DDP, DpType::ZeRO3};
            c.o.schedules = {Schedule::OneFOneB, Schedule::GPipe, Schedule::Interleaved};
            c.o.global_batches = {8};
        }
        const auto all = bruteForce(c.cm, c.o);
        std::vector<double> peaks;
        for (const auto& p : all)
            peaks.push_back(p.peak);
        std::sort(peaks.begin(), peaks.end());
        for (double budget : {peaks.back() * 1.01, peaks[peaks.size() / 3] * (1 + 1e-6)}) {
            for (int n : {1, 2}) {
                SearchOptions o = c.o;
                o.cost.memory_budget_gib = budget / kGiB;
                o.max_runs_per_stage = n;
                double ref = std::numeric_limits<double>::infinity();
                for (const auto& p : all)
                    if (p.peak <= o.cost.memory_budget_gib * kGiB && runsPerStage(p.plan) <= n)
                        ref = std::min(ref, p.per_sample);
                const SearchResult r = search(c.cm, o);
                const QString ctx =
                    QStringLiteral("case %1 runs %2 budget %3").arg(i).arg(n).arg(budget / kGiB);
                if (std::isinf(ref)) {
                    QVERIFY2(!r.best, qPrintable(ctx));
                    continue;
                }
                QVERIFY2(r.best.has_value(), qPrintable(ctx));
                QVERIFY2(
                    closeRel(timePerSample(*r.best), ref),
                    qPrintable(ctx +
                               QStringLiteral(" planner %1 brute %2").arg(timePerSample(*r.best)).arg(ref)));
                for (const auto& t : r.top)
                    QVERIFY2(runsPerStage(t.plan) <= n, qPrintable(ctx));
                ++checked;
            }
        }
    }
    QVERIFY(checked >= 20);
    SearchOptions bad;
    bad.max_runs_per_stage = -1;
    bool thrown = false;
    try {
        search(CostModel(tinyModel(2, 256, 4, 256, 1000), tinyCluster(1, 2)), bad);
    } catch (const InputError& e) {
        thrown = e.field() == "max_runs_per_stage";
    }
    QVERIFY(thrown);
}

namespace {
/// `pp` stages of one GPU each over 6 layers (several layers per stage), 1F1B and GPipe, batch 8.
void stagesOfOneGpu(Case& c, int pp) {
    c.cm = CostModel(tinyModel(6, 1024, 8, 2048, 32000, false), tinyCluster(1, pp));
    c.o.gpus = pp;
    c.o.fixed_pp = pp;
    c.o.pow2_degrees = false;
    c.o.schedules = {Schedule::OneFOneB, Schedule::GPipe};
    c.o.global_batches = {8};
    c.o.max_micro = 8;
}

/// Runs of one strategy over all stages (a new run at every stage or chunk start, as the DP counts).
int totalRuns(const Plan& p) {
    int runs = 0, first = 0;
    for (int n : p.stage_layers) {
        for (int q = 0; q < n; ++q) {
            const auto at = static_cast<std::size_t>(first + q);
            if (q == 0 || !(p.layers[at] == p.layers[at - 1]))
                ++runs;
        }
        first += n;
    }
    return runs;
}

/// Each stage's (chunk's) strategies, sorted: plans with equal multisets differ only in layer order.
std::vector<std::vector<std::string>> stageMultisets(const Plan& p) {
    std::vector<std::vector<std::string>> out;
    int first = 0;
    for (int n : p.stage_layers) {
        std::vector<std::string> s;
        for (int q = 0; q < n; ++q)
            s.push_back(p.layers[static_cast<std::size_t>(first + q)].label());
        std::sort(s.begin(), s.end());
        out.push_back(std::move(s));
        first += n;
    }
    return out;
}

/// Whether brute-force plan `p` takes `x`'s time per sample and peak memory with the same strategies per
/// stage (`sets`: stageMultisets of x's plan), in the same or another order.
bool sameCostReordering(const BrutePlan& p, const RankedPlan& x,
                        const std::vector<std::vector<std::string>>& sets) {
    return closeRel(p.per_sample, timePerSample(x)) && p.peak <= x.cost.peak_memory * (1 + 1e-9) &&
           p.plan.stage_layers == x.plan.stage_layers && p.plan.num_micro == x.plan.num_micro &&
           p.plan.schedule == x.plan.schedule && stageMultisets(p.plan) == sets;
}
} // namespace

void TestSearch::fewestRunsAgainstBruteForce() {
    // Readable plans: among the plans that take the same time and peak memory as the best plan and use
    // the same strategies per stage in another order, none has fewer runs of one strategy than the plan
    // reported (the DP's tie-break). Single stages, an encoder-decoder stage and pipelines of 6 layers,
    // with recomputation, at three budgets each. (Plans with other strategies whose costs agree with the best
    // plan's only to ~1e-14, the cost model's rounding, are not ties for the DP; they are counted, not
    // checked.)
    std::mt19937 rng(4242);
    int checked = 0, reorders = 0, near = 0;
    for (int i = 0; i < 90; ++i) {
        Case c = randomCase(rng, i % 4 == 3);
        c.o.uniform_layers = false;
        c.o.allow_ckpt = true;
        if (i % 3 == 0) { // one stage of 4 layers
            c.cm = CostModel(tinyModel(4, 1024, 8, 2048, 32000, false), tinyCluster(1, 2));
            c.o.gpus = 2;
            c.o.fixed_pp = 1;
            c.o.global_batches = {8};
        } else if (i % 3 == 1) { // 3 or 4 stages of one GPU over 6 layers
            stagesOfOneGpu(c, (i % 2) ? 3 : 4);
        } else if (i < 12) { // an encoder and a decoder stack of 2 layers each, one stage of 4 GPUs
            c.cm = CostModel(tinyModel(4, 1024, 8, 1024, 32000, true), tinyCluster(1, 4));
            c.o.gpus = 4;
            c.o.fixed_pp = 1;
            // (the brute force's size grows with the candidates per layer to the 4th power)
            const SearchSpace space(c.cm, c.o);
            double plans = 1;
            for (int l = 0; l < 4; ++l)
                plans *= static_cast<double>(space.layerCandidates(1, c.cm.model().layer(l)).size());
            if (plans > 200000)
                continue;
        } else {
            continue;
        }
        const auto all = bruteForce(c.cm, c.o);
        std::vector<double> peaks;
        for (const auto& p : all)
            peaks.push_back(p.peak);
        std::sort(peaks.begin(), peaks.end());
        for (double budget : {peaks.back() * 1.01, peaks[peaks.size() / 3] * (1 + 1e-6),
                              peaks[peaks.size() / 10] * (1 + 1e-6)}) {
            // Also without rule time-lower-bound: every label is kept, so the filters across last
            // candidates meet the twins (equal keys, another last strategy) they must keep.
            for (bool bounded : {true, false}) {
                SearchOptions o = c.o;
                o.cost.memory_budget_gib = budget / kGiB;
                if (!bounded)
                    o.disabled_rules = {rules::kTimeLowerBound};
                const SearchResult r = search(c.cm, o);
                if (!r.best)
                    continue;
                const Plan& best = r.best->plan;
                const double t = timePerSample(*r.best), pk = r.best->cost.peak_memory;
                const auto sets = stageMultisets(best);
                int least = 1 << 30, most = 0, other_least = 1 << 30;
                for (const auto& p : all) {
                    if (!closeRel(p.per_sample, t) || p.peak > pk * (1 + 1e-9))
                        continue;
                    if (sameCostReordering(p, *r.best, sets)) {
                        least = std::min(least, totalRuns(p.plan));
                        most = std::max(most, totalRuns(p.plan));
                    } else {
                        other_least = std::min(other_least, totalRuns(p.plan));
                    }
                }
                QVERIFY(least <= totalRuns(best)); // (the best plan itself is one of them)
                const QString ctx =
                    QStringLiteral("case %1 budget %2 GiB bounded %3").arg(i).arg(budget / kGiB).arg(bounded);
                QVERIFY2(
                    totalRuns(best) == least,
                    qPrintable(ctx +
                               QStringLiteral(": %1 runs, brute force %2").arg(totalRuns(best)).arg(least)));
                ++checked;
                reorders += most > least;
                near += other_least < least;
            }
        }
    }
    qInfo("%d plans checked, %d with reorderings of more runs, %d with a near-tie of fewer runs", checked,
          reorders, near);
    QVERIFY(checked >= 300);
    QVERIFY(reorders >= 10); // the tie-break is exercised
}

/// A random case whose search computes an 8-point frontier in 1% steps (with recomputation).
static Case frontierCase() {
    std::mt19937 rng(99);
    Case c = randomCase(rng, false);
    c.o.frontier_points = 8;
    c.o.frontier_step = 0.01;
    c.o.allow_ckpt = true;
    return c;
}

void TestSearch::frontierIsPareto() {
    const Case c = frontierCase();
    const auto all = bruteForce(c.cm, c.o);
    const SearchResult r = search(c.cm, c.o);
    QVERIFY(r.best);
    QVERIFY(r.frontier.size() >= 2);
    for (std::size_t i = 0; i < r.frontier.size(); ++i) {
        const auto& f = r.frontier[i];
        // No enumerated plan is faster within the point's memory.
        QVERIFY(closeRel(bestUnder(all, f.cost.peak_memory), timePerSample(f)));
        if (i > 0) {
            QVERIFY(timePerSample(r.frontier[i - 1]) <= timePerSample(f));
            QVERIFY(r.frontier[i - 1].cost.peak_memory > f.cost.peak_memory);
        }
    }
}

void TestSearch::frontierStoppedIsPartial() {
    // A stop during the frontier passes: the best and top plans stay exact and are not marked
    // cancelled, the result says the frontier is partial, and no point of the stopped pass (not proven
    // the fastest under its budget) is reported. Stopped at the second frontier pass's first event.
    const Case c = frontierCase();
    const SearchResult full = search(c.cm, c.o);
    QVERIFY(full.best);
    QVERIFY(!full.frontier_partial);
    QVERIFY2(full.frontier.size() >= 3, "the case needs a frontier of 3 points or more");
    std::stop_source src;
    const SearchResult r = search(
        c.cm, c.o,
        [&](const SearchEvent& ev) {
            if (ev.kind == SearchEvent::Kind::Progress && ev.phase.rfind("frontier 2/", 0) == 0)
                src.request_stop();
        },
        src.get_token());
    QVERIFY(src.stop_requested());
    QVERIFY(!r.cancelled);
    QVERIFY(r.frontier_partial);
    QVERIFY(r.best);
    QVERIFY(closeRel(timePerSample(*r.best), timePerSample(*full.best)));
    // The best plan and the first pass's point: the points the full search has first.
    QCOMPARE(r.frontier.size(), std::size_t{2});
    for (std::size_t i = 0; i < r.frontier.size(); ++i)
        QVERIFY(closeRel(timePerSample(r.frontier[i]), timePerSample(full.frontier[i])));
}

void TestSearch::anytimeLimitCoversUniformSearch() {
    // --time-limit bounds the whole anytime search, the uniform pre-search included: DeepSeek-V3 on
    // 1024 GPUs, whose uniform search alone takes about a second on 2 cores, stops at a 20 ms limit
    // inside the uniform search, with the note saying so (before: the limit started after it).
    CostModel cm(modelPreset("deepseek-v3"), clusterPreset("128x8xH100-IB"));
    SearchOptions o;
    o.gpus = 1024;
    o.global_batches = {4096};
    o.emit_tree_events = false;
    const SearchResult r = searchAnytime(cm, o, 0.02);
    QVERIFY(!r.cancelled);
    QVERIFY(r.time_limited);
    QVERIFY(r.time_limited_uniform);
    QCOMPARE(r.note, timeLimitNote(0.02, true));
    QVERIFY(r.note.rfind("the uniform search reached the time limit (0.02 s)", 0) == 0);
    if (r.best) // a plan found before the limit is a complete, feasible one
        QVERIFY(r.best->cost.peak_memory <= CostModel::budgetBytes(cm.cluster(), o.cost) * (1 + 1e-12));
    // The caller's stop is a cancel, not a time limit.
    std::stop_source src;
    src.request_stop();
    const SearchResult c = searchAnytime(cm, o, 5.0, {}, src.get_token());
    QVERIFY(c.cancelled);
    QVERIFY(!c.time_limited && !c.time_limited_uniform);
    QVERIFY(c.note.empty());
}

void TestSearch::frontierAgainstBruteForce() {
    // Every frontier point is the exact optimum under the budget it was searched for (2% below the
    // previous point's peak memory), found by passes that reuse what the earlier passes proved (task
    // optima that still fit, lower bounds): checked against the brute force, and the frontier ends
    // only when nothing fits under the next budget. Single stages, pipelines and deep pipelines.
    std::mt19937 rng(31337);
    for (int i = 0; i < 9; ++i) {
        Case c = randomCase(rng, i % 3 == 2);
        if (i % 3 == 1) { // several stages of one GPU each, several layers per stage
            stagesOfOneGpu(c, (i % 2) ? 3 : 4);
            c.o.uniform_layers = false;
        }
        c.o.allow_ckpt = true;
        c.o.frontier_points = 6;
        c.o.frontier_step = 0.02;
        const auto all = bruteForce(c.cm, c.o);
        const SearchResult r = search(c.cm, c.o);
        QVERIFY(r.best);
        QVERIFY(!r.frontier.empty());
        const QString ctx =
            QStringLiteral("case %1 pp %2 uniform %3").arg(i).arg(c.o.fixed_pp).arg(c.o.uniform_layers);
        QVERIFY2(closeRel(timePerSample(r.frontier.front()), timePerSample(*r.best)), qPrintable(ctx));
        for (std::size_t k = 1; k < r.frontier.size(); ++k) {
            const double budget = r.frontier[k - 1].cost.peak_memory * (1 - c.o.frontier_step);
            QVERIFY2(r.frontier[k].cost.peak_memory <= budget * (1 + 1e-9), qPrintable(ctx));
            // Readable: no reordering of the point's layers with its time and peak has fewer runs.
            const Plan& fp = r.frontier[k].plan;
            const auto sets = stageMultisets(fp);
            for (const auto& p : all)
                if (sameCostReordering(p, r.frontier[k], sets))
                    QVERIFY2(totalRuns(p.plan) >= totalRuns(fp),
                             qPrintable(ctx + QStringLiteral(" point %1: %2 runs, a reordering has %3")
                                                  .arg(k)
                                                  .arg(totalRuns(fp))
                                                  .arg(totalRuns(p.plan))));
            QVERIFY2(closeRel(bestUnder(all, budget), timePerSample(r.frontier[k])),
                     qPrintable(ctx + QStringLiteral(" point %1: brute force %2, search %3")
                                          .arg(k)
                                          .arg(bestUnder(all, budget))
                                          .arg(timePerSample(r.frontier[k]))));
        }
        if (static_cast<int>(r.frontier.size()) < c.o.frontier_points) {
            const double next = r.frontier.back().cost.peak_memory * (1 - c.o.frontier_step);
            QVERIFY2(bestUnder(all, next * (1 - 1e-9)) == std::numeric_limits<double>::infinity(),
                     qPrintable(ctx + QStringLiteral(" ended early")));
        }
    }
}

void TestSearch::frontierFromKeptLabels() {
    // Frontier points 0.3% of memory apart, so that the passes' bounds rise slowly: a pass solves a large
    // configuration under a wider bound and keeps its labels, and the next passes are answered from them
    // by the partition DP alone (TaskSolver::solveWide / resolve). Every point (time, peak and plan)
    // equals the DP's without the time-lower-bound rule, which keeps no labels. A resolve that checks
    // the stages' memory against the old budget fails here ("case 1 point 7"). (Probe, not committed:
    // 360 random cases of one layer type and 80 of dense + MoE layers, with 319 and 233 answers from
    // kept labels: every point equal, plans included.)
    std::int64_t reused = 0;
    for (int i = 0; i < 6; ++i) {
        const int L = 16 + 4 * (i % 3);
        CostModel cm(tinyModel(L, 1024, 8, i < 3 ? 2048 : 4096, 32000), tinyCluster(1, 8));
        SearchOptions o;
        o.gpus = 8;
        o.fixed_pp = i % 2 ? 2 : 4;
        o.schedules = {Schedule::OneFOneB};
        o.global_batches = {16};
        o.max_micro = 8;
        o.dp_types = {DpType::DDP, DpType::ZeRO3};
        o.allow_sp = false;
        o.top_k = 1;
        o.frontier_points = 16;
        o.frontier_step = 0.003;
        o.threads = 2;
        o.emit_tree_events = false;
        const SearchResult r = search(cm, o);
        SearchOptions u = o;
        u.disabled_rules = {rules::kTimeLowerBound};
        const SearchResult full = search(cm, u);
        QCOMPARE(full.stats.reused_solves, std::int64_t{0});
        reused += r.stats.reused_solves;
        QCOMPARE(r.frontier.size(), full.frontier.size());
        for (std::size_t k = 0; k < r.frontier.size(); ++k) {
            const QString ctx = QStringLiteral("case %1 point %2").arg(i).arg(k);
            QVERIFY2(closeRel(r.frontier[k].cost.iteration_time, full.frontier[k].cost.iteration_time),
                     qPrintable(ctx));
            QVERIFY2(closeRel(r.frontier[k].cost.peak_memory, full.frontier[k].cost.peak_memory),
                     qPrintable(ctx));
            QVERIFY2(r.frontier[k].plan == full.frontier[k].plan, qPrintable(ctx));
        }
    }
    QVERIFY(reused > 0);
}

void TestSearch::deterministicAcrossThreads() {
    CostModel cm(modelPreset("llama2-7b"), clusterPreset(kDefaultCluster));
    SearchOptions o;
    o.gpus = 8;
    o.global_batches = {32};
    o.frontier_points = 3;
    o.threads = 1;
    const SearchResult a = search(cm, o);
    o.threads = 4;
    const SearchResult b = search(cm, o);
    QVERIFY(a.best && b.best);
    QCOMPARE(a.top.size(), b.top.size());
    for (std::size_t i = 0; i < a.top.size(); ++i) {
        QCOMPARE(a.top[i].cost.iteration_time, b.top[i].cost.iteration_time);
        QVERIFY(a.top[i].plan.layers == b.top[i].plan.layers);
        QVERIFY(a.top[i].plan.stage_layers == b.top[i].plan.stage_layers);
        QCOMPARE(a.top[i].plan.num_micro, b.top[i].plan.num_micro);
    }
    QCOMPARE(a.frontier.size(), b.frontier.size());
}

void TestSearch::equalTimesRankedBySmallerPeak() {
    // Two configurations whose best plans take the same time (within rounding) at different peaks:
    // pp = 1 at 2 and at 4 micro-batches (first case), and a pp = 4 frontier pass (second). The search
    // must report the smaller peak whichever it solves first, and the frontier must hold no point
    // another point dominates. Before, the first case's best plan was the larger one on 1 thread
    // (and either on 4), and the second case's frontier held 2.2730 s at 27.8 GB beside 2.2730 s at
    // 26.6 GB.
    struct Tie {
        int layers, hidden, seq, nodes, batch, fixed_pp;
        double budget_gib;
        const char* runtime;
    };
    for (const Tie& tc :
         {Tie{25, 1024, 4096, 1, 16, 0, 16, nullptr}, Tie{25, 4096, 8192, 2, 8, 4, 80, "megatron-core"}}) {
        CostOptions co;
        co.memory_budget_gib = tc.budget_gib;
        if (tc.runtime)
            co.runtime = runtimePreset(tc.runtime);
        CostModel cm(tinyModel(tc.layers, tc.hidden, 16, tc.seq, 32000), tinyCluster(tc.nodes, 4), co);
        SearchOptions o;
        o.gpus = tc.nodes * 4;
        o.fixed_pp = tc.fixed_pp;
        o.schedules = {Schedule::OneFOneB};
        o.global_batches = {tc.batch};
        o.max_micro = 8;
        o.top_k = 1;
        o.frontier_points = 6;
        o.emit_tree_events = false;
        o.threads = 1;
        const SearchResult a = search(cm, o);
        QVERIFY(a.best && a.frontier.size() >= 2);
        for (std::size_t i = 0; i < a.frontier.size(); ++i) {
            const RankedPlan& f = a.frontier[i];
            // The best plan: no frontier point is as fast and smaller.
            QVERIFY2(!(f.cost.peak_memory < a.best->cost.peak_memory &&
                       timePerSample(f) <= timePerSample(*a.best) * (1 + 1e-9)),
                     qPrintable(QString("best %1 s @ %2 GB, frontier %3 s @ %4 GB")
                                    .arg(a.best->cost.iteration_time, 0, 'g', 12)
                                    .arg(a.best->cost.peak_memory / 1e9)
                                    .arg(f.cost.iteration_time, 0, 'g', 12)
                                    .arg(f.cost.peak_memory / 1e9)));
            if (i > 0) {
                const RankedPlan& e = a.frontier[i - 1];
                QVERIFY2(timePerSample(e) * (1 + 1e-9) < timePerSample(f) &&
                             e.cost.peak_memory > f.cost.peak_memory,
                         qPrintable(QString("point %1: %2 s @ %3 GB after %4 s @ %5 GB")
                                        .arg(i)
                                        .arg(f.cost.iteration_time, 0, 'g', 12)
                                        .arg(f.cost.peak_memory / 1e9)
                                        .arg(e.cost.iteration_time, 0, 'g', 12)
                                        .arg(e.cost.peak_memory / 1e9)));
            }
        }
        o.threads = 4;
        for (int run = 0; run < 3; ++run) {
            const SearchResult b = search(cm, o);
            QVERIFY(b.best);
            QVERIFY(b.best->plan == a.best->plan);
            QCOMPARE(b.frontier.size(), a.frontier.size());
            for (std::size_t i = 0; i < a.frontier.size(); ++i)
                QVERIFY(b.frontier[i].plan == a.frontier[i].plan);
        }
    }
}

void TestSearch::spareThreadsFillCellsAlike() {
    // LLaMA-2 70B on 64 A100s at 40 GiB: its pp = 4 1F1B configuration solves long after the others,
    // so the threads with nothing left help fill the cells of its positions (LoopHelpers). The answer
    // must be the one a single thread finds.
    CostOptions co;
    co.runtime = runtimePreset("megatron-core");
    CostModel cm(modelPreset("llama2-70b"), clusterPreset("8x8xA100-80G-IB"), co);
    SearchOptions o;
    o.gpus = 64;
    o.global_batches = {256};
    o.cost.memory_budget_gib = 40;
    o.top_k = 2;
    o.frontier_points = 0;
    o.emit_tree_events = false;
    o.threads = 1;
    const SearchResult a = search(cm, o);
    o.threads = 4;
    const SearchResult b = search(cm, o);
    QCOMPARE(a.stats.helped_positions, std::int64_t{0});
    QVERIFY2(b.stats.helped_positions > 0, "no position was filled with the spare threads' help");
    QVERIFY(a.best && b.best);
    QCOMPARE(a.top.size(), b.top.size());
    for (std::size_t i = 0; i < a.top.size(); ++i) {
        QCOMPARE(a.top[i].cost.iteration_time, b.top[i].cost.iteration_time);
        QCOMPARE(a.top[i].cost.peak_memory, b.top[i].cost.peak_memory);
        QVERIFY(a.top[i].plan == b.top[i].plan);
    }
}

void TestSearch::infeasibleNamesConstraint() {
    // GPT-3 175B on 8 GPUs: 16 bytes/param / 8 GPUs ~ 326 GiB per GPU of states alone.
    CostModel cm(modelPreset("gpt3-175b"), clusterPreset(kDefaultCluster));
    SearchOptions o;
    o.gpus = 8;
    o.global_batches = {8};
    const SearchResult r = search(cm, o);
    QVERIFY(!r.best);
    QVERIFY2(r.infeasible_reason.find("model states") != std::string::npos, r.infeasible_reason.c_str());
    QVERIFY2(r.infeasible_reason.find("gpt3-175b") != std::string::npos, r.infeasible_reason.c_str());
    // The same as data (the GUI words it in the user's language).
    QVERIFY(r.infeasible.kind == Infeasibility::Kind::ModelStates);
    QVERIFY(r.infeasible.states > r.infeasible.budget);
    QCOMPARE(describe(r.infeasible), r.infeasible_reason);
    QVERIFY2(r.infeasible_reason.find("budget") != std::string::npos, r.infeasible_reason.c_str());
}

void TestSearch::observerAndStop() {
    CostModel cm(modelPreset("llama2-7b"), clusterPreset(kDefaultCluster));
    SearchOptions o;
    o.gpus = 8;
    o.global_batches = {32};
    o.frontier_points = 2;
    std::mutex mu;
    int expanded = 0, pruned = 0, incumbents = 0, frontier = 0, progress = 0;
    bool pruned_have_rule = true;
    const SearchResult r = search(cm, o, [&](const SearchEvent& e) {
        std::lock_guard lock(mu);
        switch (e.kind) {
        case SearchEvent::Kind::NodeExpanded:
            ++expanded;
            break;
        case SearchEvent::Kind::NodePruned:
            ++pruned;
            pruned_have_rule = pruned_have_rule && !e.node.rule.empty() && !e.node.reason.empty();
            break;
        case SearchEvent::Kind::Incumbent:
            ++incumbents;
            break;
        case SearchEvent::Kind::FrontierPoint:
            ++frontier;
            break;
        case SearchEvent::Kind::Progress:
            ++progress;
            break;
        default:
            break;
        }
    });
    QVERIFY(r.best);
    QVERIFY(expanded > 0 && pruned > 0 && pruned_have_rule);
    QVERIFY(incumbents >= 1 && frontier >= 1 && progress >= 1);
    QCOMPARE(r.stats.tree_nodes, std::int64_t(expanded + pruned));
    // A stop request before the start cancels at once.
    std::stop_source src;
    src.request_stop();
    const SearchResult c = search(cm, o, {}, src.get_token());
    QVERIFY(c.cancelled);
}

void TestSearch::presetPlansAgreeWithEvaluate() {
    // The DP's figures for the plans it returns equal evaluate()'s on real presets (uneven splits,
    // interleaving, several micro-batch counts).
    struct P {
        const char* model;
        int gpus;
        int batch;
    };
    for (const P& p : {P{"llama2-7b", 8, 32}, P{"gpt3-1.3b", 16, 64}, P{"llama2-13b", 8, 16}}) {
        CostModel cm(modelPreset(p.model), clusterPreset(kDefaultCluster));
        SearchOptions o;
        o.gpus = p.gpus;
        o.global_batches = {p.batch};
        o.top_k = 5;
        o.frontier_points = 0;
        const SearchResult r = search(cm, o);
        QVERIFY2(r.best, p.model);
        for (const auto& rp : r.per_config) {
            QVERIFY2(closeRel(rp.predicted_time, rp.cost.iteration_time), p.model);
            QVERIFY2(closeRel(rp.predicted_peak, rp.cost.peak_memory), p.model);
            QVERIFY(rp.cost.peak_memory <= rp.cost.memory_budget);
        }
    }
}

QTEST_GUILESS_MAIN(TestSearch)
#include "test_search.moc"
