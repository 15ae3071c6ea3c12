// SPDX-License-Identifier: Apache-2.0
// Tests of the multi-model scheduler (core/src/scheduler*.cpp): slots (nodes, NVLink islands), lower bound,
// baselines, list-scheduling heuristic and MILP against exhaustive search, infeasible jobs.
#ifdef GX_TEST_HAVE_CLI
#include "cli/cli.h"
#endif
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/scheduler.h"

#include <QtTest>

#include <atomic>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

using namespace gx;

namespace {

ClusterProfile cluster(int nodes, int gpn) {
    ClusterProfile c;
    c.name = std::to_string(nodes) + "x" + std::to_string(gpn);
    c.nodes = nodes;
    c.gpus_per_node = gpn;
    return c;
}

Job tableJob(const std::string& name, std::map<int, double> times, std::int64_t steps = 1, int priority = 0) {
    Job j;
    j.name = name;
    j.model = "synthetic";
    j.global_batch = 8;
    j.steps = steps;
    j.priority = priority;
    j.iteration_times = std::move(times);
    return j;
}

JobTable table(const std::vector<Job>& jobs, const ClusterProfile& c) {
    return buildJobTable(jobs, c, &tableEstimate);
}

/// Random moldable jobs: t(g) = t1 * (f + (1 - f) / g) (Amdahl), with some counts missing.
std::vector<Job> randomJobs(std::mt19937& rng, int k, const ClusterProfile& c) {
    std::uniform_real_distribution<double> t1(10, 100), serial(0.0, 0.6);
    std::uniform_int_distribution<int> coin(0, 5);
    std::vector<Job> jobs;
    for (int i = 0; i < k; ++i) {
        std::map<int, double> times;
        const double base = t1(rng), f = serial(rng);
        for (int g : allowedGpuCounts(c))
            if (coin(rng) != 0 || g == c.totalGpus())
                times[g] = base * (f + (1 - f) / g);
        jobs.push_back(tableJob("j" + std::to_string(i), times));
    }
    return jobs;
}

ClusterProfile islands(int nodes, int gpn, int island) {
    ClusterProfile c = cluster(nodes, gpn);
    c.nvlink_island_size = island;
    return c;
}

/// Empty when the slot respects the cluster's islands and nodes: a job of at most one island's GPUs
/// sits in one island, one of at most a node's GPUs in one node on as few islands as possible, a larger
/// one on whole nodes.
std::string placementProblem(const GpuSlot& s, const ClusterProfile& c) {
    const int isl = c.islandSize(), n = c.gpus_per_node;
    const std::string what = "GPUs " + std::to_string(s.first) + "+" + std::to_string(s.count);
    if (s.first < 0 || s.first + s.count > c.totalGpus())
        return what + " outside the cluster";
    if (s.count <= isl)
        return islandsOf(s, c).size() == 1 ? "" : what + " straddle islands";
    if (s.count <= n)
        return nodesOf(s, c).size() == 1 &&
                       islandsOf(s, c).size() == static_cast<std::size_t>((s.count + isl - 1) / isl)
                   ? ""
                   : what + " are not in one node on the fewest islands";
    return s.first % n == 0 && s.count % n == 0 ? "" : what + " are not whole nodes";
}

std::string placementProblem(const ScheduleResult& r, const ClusterProfile& c) {
    for (const auto& j : r.jobs)
        if (auto p = placementProblem(j.slot, c); !p.empty())
            return j.name + ": " + p;
    return {};
}

} // namespace

class TestScheduler : public QObject {
    Q_OBJECT
private slots:
    void allowedCountsAndSlots() {
        const auto c = cluster(2, 8);
        QCOMPARE(allowedGpuCounts(c), (std::vector<int>{1, 2, 4, 8, 16}));
        QCOMPARE(allowedGpuCounts(cluster(4, 8), true), (std::vector<int>{1, 2, 4, 8, 16, 32}));
        QCOMPARE(allowedGpuCounts(cluster(3, 8)), (std::vector<int>{1, 2, 4, 8, 16, 24}));
        // 4-GPU slices are aligned inside nodes: 0-3, 4-7, 8-11, 12-15.
        const auto s4 = slotsFor(c, 4);
        QCOMPARE(s4.size(), std::size_t(4));
        QCOMPARE(s4[1].first, 4);
        QCOMPARE(s4[3].first, 12);
        QCOMPARE(slotsFor(c, 16).size(), std::size_t(1));
        QVERIFY(slotsFor(c, 3).empty());
        QVERIFY(slotsFor(c, 12).empty());
        // Non power-of-two node (6 GPUs): 4-slices from either end of a node (0-3, 2-5), three 2-slices.
        const auto c6 = cluster(2, 6);
        QCOMPARE(allowedGpuCounts(c6), (std::vector<int>{1, 2, 4, 6, 12}));
        QCOMPARE(slotsFor(c6, 4).size(), std::size_t(4));
        QCOMPARE(slotsFor(c6, 4)[1].first, 2);
        QCOMPARE(slotsFor(c6, 4)[2].first, 6);
        QCOMPARE(slotsFor(c6, 2).size(), std::size_t(6));
        // 3 nodes, 2-node jobs: consecutive nodes 0-1 or 1-2.
        QCOMPARE(slotsFor(cluster(3, 8), 16).size(), std::size_t(2));
    }

    void islandCountsAndSlots() {
        // Islands that divide a power-of-two node change nothing: the aligned power-of-two slices
        // never straddled them.
        for (int isl : {1, 2, 4, 8}) {
            const auto c = islands(2, 8, isl);
            QCOMPARE(allowedGpuCounts(c), allowedGpuCounts(cluster(2, 8)));
            for (int g : allowedGpuCounts(c))
                QCOMPARE(slotsFor(c, g), slotsFor(cluster(2, 8), g));
        }
        // Summit-like: 6 GPUs per node in two NVLink islands of 3 (one per socket). Counts: 1, 2 inside an
        // island, 3 = one island, 4 = two islands of one node (0-3 or 2-5), 6 = one node, 12.
        const auto s = islands(2, 6, 3);
        QCOMPARE(allowedGpuCounts(s), (std::vector<int>{1, 2, 3, 4, 6, 12}));
        QCOMPARE(slotsFor(s, 4), (std::vector<GpuSlot>{{0, 4}, {2, 4}, {6, 4}, {8, 4}}));
        std::vector<int> pairs;
        for (const auto& sl : slotsFor(s, 2))
            pairs.push_back(sl.first);
        QCOMPARE(pairs, (std::vector<int>{0, 1, 3, 4, 6, 7, 9, 10})); // 0-1, 1-2 in island 0, ...
        QCOMPARE(slotsFor(s, 3).size(), std::size_t(4));
        QCOMPARE(slotsFor(s, 3)[1].first, 3);
        // 12 GPUs per node in four islands of 3: 6 = two whole islands (0-5, 6-11); 4 on two islands
        // (0-3, 4-7, 8-11), 8 on three (0-7, 4-11).
        const auto q = islands(1, 12, 3);
        QCOMPARE(allowedGpuCounts(q), (std::vector<int>{1, 2, 3, 4, 6, 8, 12}));
        QCOMPARE(slotsFor(q, 6), (std::vector<GpuSlot>{{0, 6}, {6, 6}}));
        QCOMPARE(slotsFor(q, 4), (std::vector<GpuSlot>{{0, 4}, {4, 4}, {8, 4}}));
        QCOMPARE(slotsFor(q, 8), (std::vector<GpuSlot>{{0, 8}, {4, 8}}));
        // 12 GPUs in islands of 4 (three per node): 8 = two islands, from either end (0-7, 4-11).
        const auto t = islands(2, 12, 4);
        QCOMPARE(allowedGpuCounts(t), (std::vector<int>{1, 2, 4, 8, 12, 24}));
        QCOMPARE(slotsFor(t, 8).size(), std::size_t(4));
        QCOMPARE(slotsFor(t, 8)[1].first, 4);
        // Every slot of every allowed count respects the islands and nodes.
        for (const auto& c : {s, q, t, islands(3, 8, 2), islands(2, 10, 5), islands(2, 6, 2)})
            for (int g : allowedGpuCounts(c))
                for (const auto& sl : slotsFor(c, g))
                    QVERIFY2(placementProblem(sl, c).empty(),
                             (c.name + ": " + placementProblem(sl, c)).c_str());
        // Labels name the node and, with several islands per node, the island inside it.
        QCOMPARE(placementLabel({4, 2}, s), std::string("node 0 island 1"));
        QCOMPARE(placementLabel({6, 6}, s), std::string("node 1 islands 0-1"));
        QCOMPARE(placementLabel({0, 12}, s), std::string("nodes 0-1"));
        QCOMPARE(placementLabel({8, 4}, cluster(2, 8)), std::string("node 1"));
        QCOMPARE(islandsOf({6, 6}, s), (std::vector<int>{2, 3}));
    }

    void islandPlacementNeverStraddles() {
        // 3 jobs of 4, 2 and 2 GPUs on 2 nodes x 8 GPUs in islands of 4: every algorithm keeps each
        // job in one island.
        const auto c = islands(2, 8, 4);
        auto t = table({tableJob("A", {{4, 30}}), tableJob("B", {{2, 20}}), tableJob("C", {{2, 10}})}, c);
        std::vector<ScheduleResult> all = {scheduleHeuristic(t, c), scheduleExhaustive(t, c),
                                           baselineEqualSplit(t, c), baselineSequential(t, c)};
        if (milpAvailable())
            all.push_back(scheduleMilp(t, c, all.front()));
        for (const auto& r : all) {
            QCOMPARE(verifySchedule(r, t, c), std::string());
            QVERIFY2(placementProblem(r, c).empty(), (r.algorithm + ": " + placementProblem(r, c)).c_str());
            for (const auto& j : r.jobs)
                QCOMPARE(islandsOf(j.slot, c).size(), std::size_t(1));
        }
        // On Summit-like nodes (islands of 3) jobs of 3, 2, 2, 2 and 1 GPUs: the pairs never take the
        // GPUs 2-3 or 8-9 that join two islands, and the 3-GPU job gets a whole island.
        const auto s = islands(2, 6, 3);
        auto ts = table({tableJob("P", {{3, 40}}), tableJob("Q", {{2, 30}}), tableJob("R", {{2, 30}}),
                         tableJob("S", {{2, 25}}), tableJob("T", {{1, 20}})},
                        s);
        for (int j = 0; j < 5; ++j)
            QVERIFY(ts.feasible(j));
        std::vector<ScheduleResult> rs = {scheduleHeuristic(ts, s), scheduleExhaustive(ts, s)};
        if (milpAvailable())
            rs.push_back(scheduleMilp(ts, s, rs.front()));
        for (const auto& r : rs) {
            QCOMPARE(verifySchedule(r, ts, s), std::string());
            QVERIFY2(placementProblem(r, s).empty(), (r.algorithm + ": " + placementProblem(r, s)).c_str());
            // 12 GPUs hold all five jobs at once (3 + 2 + 2 + 2 + 1 = 10, each in one island).
            QCOMPARE(r.makespan, 40.0);
        }
        // Random moldable jobs: the heuristic, the baselines and the MILP never break the rule.
        std::mt19937 rng(7);
        for (int round = 0; round < 4; ++round) {
            auto tr = table(randomJobs(rng, 6, s), s);
            auto h = scheduleHeuristic(tr, s);
            std::vector<ScheduleResult> rr = {h, baselineWholeNode(tr, s), baselineEqualSplit(tr, s)};
            if (milpAvailable()) {
                SchedulerOptions o;
                o.milp_time_limit = 2;
                rr.push_back(scheduleMilp(tr, s, h, o));
            }
            for (const auto& r : rr) {
                QCOMPARE(verifySchedule(r, tr, s), std::string());
                QVERIFY2(placementProblem(r, s).empty(),
                         (r.algorithm + ": " + placementProblem(r, s)).c_str());
            }
        }
    }

    void fragmentedIslandsDelayOrMove() {
        // One Summit-like node (islands 0-2 and 3-5). Running at now = 5: A on GPU 0 and B on GPU 4,
        // until 100. A pending 2-GPU job C fits on GPUs 1-2 (island 0), the free pair that does not
        // straddle: it starts now.
        const auto s = islands(1, 6, 3);
        const std::vector<Job> jobs = {tableJob("A", {{1, 100}}), tableJob("B", {{1, 100}}),
                                       tableJob("C", {{2, 10}})};
        auto state = [&](int gpu_a, int gpu_b) {
            ReplanState st;
            st.now = 5;
            st.jobs = jobs;
            for (auto [name, gpu] : {std::pair<const char*, int>{"A", gpu_a}, {"B", gpu_b}}) {
                JobProgress p;
                p.name = name;
                p.gpus = 1;
                p.slot = {gpu, 1};
                p.start = 0;
                p.end = 100;
                st.progress.push_back(p);
            }
            return st;
        };
        {
            const auto t = buildReplanTable(state(0, 4), s, &tableEstimate);
            std::vector<ScheduleResult> rs = {scheduleHeuristic(t, s), scheduleExhaustive(t, s)};
            if (milpAvailable())
                rs.push_back(scheduleMilp(t, s, rs.front()));
            for (const auto& r : rs) {
                QCOMPARE(verifySchedule(r, t, s), std::string());
                QCOMPARE(r.jobs.size(), std::size_t(1));
                QCOMPARE(r.jobs[0].start, 5.0);
                QCOMPARE(r.jobs[0].slot, (GpuSlot{1, 2}));
            }
        }
        // A on GPU 1, B on GPU 4: the free GPUs 0, 2, 3, 5 hold no pair inside one island (2-3 would
        // straddle), so C waits for an island to free up at 100 instead of running across islands.
        {
            const auto t = buildReplanTable(state(1, 4), s, &tableEstimate);
            std::vector<ScheduleResult> rs = {scheduleHeuristic(t, s), scheduleExhaustive(t, s)};
            if (milpAvailable())
                rs.push_back(scheduleMilp(t, s, rs.front()));
            for (const auto& r : rs) {
                QCOMPARE(verifySchedule(r, t, s), std::string());
                QCOMPARE(r.jobs[0].start, 100.0);
                QVERIFY(placementProblem(r, s).empty());
                QCOMPARE(r.makespan, 110.0);
            }
            // A schedule that puts C across the islands is rejected by the checker.
            auto bad = scheduleHeuristic(t, s);
            bad.jobs[0].slot = {2, 2};
            bad.jobs[0].start = 5;
            bad.jobs[0].end = 15;
            bad.makespan = 100;
            QVERIFY(verifySchedule(bad, t, s).find("not a slot") != std::string::npos);
            // Re-planning states are read with the same rule: a running pair on 2-3 is refused.
            auto st = toJson(state(1, 4));
            st["jobs"][0]["gpus"] = 2;
            st["jobs"][0]["first_gpu"] = 2;
            try {
                replanStateFromJson(st, s);
                QFAIL("expected InputError");
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("state.jobs[0].first_gpu") != std::string::npos,
                         e.what());
            }
        }
    }

    void islandSizeReadAndChecked() {
        auto c = nlohmann::json::parse(R"({"name": "summit", "nodes": 2, "gpus_per_node": 6,
            "nvlink_island_size": 3, "gpu": {"name": "V100", "memory_gib": 16, "peak_tflops_bf16": 125,
            "hbm_bandwidth_gbs": 900}, "intra": {"kind": "NVLink", "bandwidth_gbs": 50},
            "inter": {"kind": "InfiniBand", "bandwidth_gbs": 4}})");
        const auto cp = clusterFromJson(c);
        QCOMPARE(cp.nvlink_island_size, 3);
        QCOMPARE(cp.islandSize(), 3);
        QCOMPARE(clusterFromJson(toJson(cp)).nvlink_island_size, 3); // written back
        // Absent: one island per node, and not written.
        auto plain = c;
        plain.erase("nvlink_island_size");
        QCOMPARE(clusterFromJson(plain).islandSize(), 6);
        QVERIFY(!toJson(clusterFromJson(plain)).contains("nvlink_island_size"));
        for (const auto& n : clusterPresetNames())
            QCOMPARE(clusterPreset(n).islandSize(), clusterPreset(n).gpus_per_node);
        // Bad values name the field.
        for (const char* bad : {"4", "0", "-3", "\"3\"", "1.5", "12"}) {
            auto b = c;
            b["nvlink_island_size"] = nlohmann::json::parse(bad);
            try {
                clusterFromJson(b);
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("cluster.nvlink_island_size") != std::string::npos,
                         e.what());
            }
        }
        auto b = c;
        b["nvlink_island_size"] = 4;
        try {
            clusterFromJson(b);
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("divisor of gpus_per_node (6") != std::string::npos,
                     e.what());
        }
        // The schedule JSON carries each job's GPU ids, nodes, islands and a placement label.
        auto t = table({tableJob("A", {{3, 10}}), tableJob("B", {{2, 10}})}, cp);
        const auto j = toJson(scheduleHeuristic(t, cp), cp);
        QCOMPARE(j["nvlink_island_size"].get<int>(), 3);
        for (const auto& sj : j["jobs"]) {
            QCOMPARE(sj["islands"].size(), std::size_t(1));
            QCOMPARE(sj["nodes"].size(), std::size_t(1));
            QCOMPARE(sj["gpu_ids"].size(), sj["gpus"].get<std::size_t>());
            QVERIFY(sj["placement"].get<std::string>().find("island") != std::string::npos);
        }
    }

    void lowerBoundHandComputed() {
        // 1 node x 4 GPUs. A: 1 GPU 100 s, 4 GPUs 40 s (work 100 vs 160). B: 1 GPU 60 s, 2 GPUs 40 s.
        // longest = max(40, 40) = 40; work = (100 + 60) / 4 = 40; bound 40.
        const auto c = cluster(1, 4);
        auto t = table({tableJob("A", {{1, 100}, {4, 40}}), tableJob("B", {{1, 60}, {2, 40}})}, c);
        QCOMPARE(makespanLowerBound(t, c), 40.0);
        // Steps multiply: 3 steps of A alone -> max(120, 300 / 4 = 75) = 120.
        auto t2 = table({tableJob("A", {{1, 100}, {4, 40}}, 3)}, c);
        QCOMPARE(makespanLowerBound(t2, c), 120.0);
    }

    void dominatedOptionsDropped() {
        // 8 GPUs no faster than 4 is never useful.
        const auto c = cluster(1, 8);
        auto t = table({tableJob("A", {{1, 80}, {2, 40}, {4, 30}, {8, 30}})}, c);
        QCOMPARE(t.options[0].size(), std::size_t(3));
        QCOMPARE(t.options[0].back().gpus, 4);
    }

    void perfectScalingMeetsBound() {
        // Four perfectly scaling jobs of 100 GPU-seconds on 4 GPUs: optimum = 400 / 4 = 100.
        const auto c = cluster(1, 4);
        std::vector<Job> jobs;
        for (int i = 0; i < 4; ++i)
            jobs.push_back(tableJob("j" + std::to_string(i), {{1, 100}, {2, 50}, {4, 25}}));
        auto t = table(jobs, c);
        auto h = scheduleHeuristic(t, c);
        QCOMPARE(h.makespan, 100.0);
        QCOMPARE(h.lower_bound, 100.0);
        QVERIFY(h.optimal);
        QCOMPARE(verifySchedule(h, t, c), std::string());
    }

    void baselinesHandComputed() {
        // 2 nodes x 2 GPUs; A: {1: 100, 2: 60, 4: 40}, B: {1: 50, 2: 30, 4: 20}.
        const auto c = cluster(2, 2);
        auto t = table(
            {tableJob("A", {{1, 100}, {2, 60}, {4, 40}}), tableJob("B", {{1, 50}, {2, 30}, {4, 20}})}, c);
        // Sequential on the fastest allocation: 40 + 20 = 60.
        auto seq = baselineSequential(t, c);
        QCOMPARE(seq.makespan, 60.0);
        // Whole node each (2 GPUs), side by side: max(60, 30) = 60.
        auto node = baselineWholeNode(t, c);
        QCOMPARE(node.makespan, 60.0);
        QCOMPARE(node.jobs[0].start, 0.0);
        QCOMPARE(node.jobs[1].start, 0.0);
        // Equal split: 4 / 2 = 2 GPUs each -> same as whole node here.
        QCOMPARE(baselineEqualSplit(t, c).makespan, 60.0);
        // Optimum: A on 2 GPUs (60) || B on 1+1? B on 2 GPUs 30 then nothing: 60 -> or A on 4 (40)
        // then B on 4 (20) = 60; or A 2 GPUs (60) || B 2 GPUs (30): 60. Lower bound: max(40,
        // (2*60... min work A = 100, B = 50) / 4 = 37.5) = 40. Exhaustive finds 60.
        auto ex = scheduleExhaustive(t, c);
        QCOMPARE(ex.makespan, 60.0);
        for (const auto* r : {&seq, &node, &ex})
            QCOMPARE(verifySchedule(*r, t, c), std::string());
    }

    void heuristicAndMilpAgainstExhaustive() {
        std::mt19937 rng(7);
        SchedulerOptions opt;
        opt.milp_time_limit = 20;
        int milp_improved = 0;
        double worst_ratio = 1.0;
        for (int inst = 0; inst < 12; ++inst) {
            const auto c = inst % 2 ? cluster(1, 4) : cluster(2, 2);
            auto t = table(randomJobs(rng, 3 + inst % 2, c), c);
            const auto ex = scheduleExhaustive(t, c, opt);
            const auto h = scheduleHeuristic(t, c, opt);
            const double lb = makespanLowerBound(t, c);
            QCOMPARE(verifySchedule(ex, t, c), std::string());
            QCOMPARE(verifySchedule(h, t, c), std::string());
            QVERIFY2(lb <= ex.makespan + 1e-9, qPrintable(QString::number(inst)));
            QVERIFY(ex.makespan <= h.makespan + 1e-9);
            worst_ratio = std::max(worst_ratio, h.makespan / ex.makespan);
            if (!milpAvailable())
                continue;
            const auto m = scheduleMilp(t, c, h, opt);
            QCOMPARE(verifySchedule(m, t, c), std::string());
            QVERIFY(m.makespan <= h.makespan + 1e-9); // never worse than its warm start
            QVERIFY2(m.optimal, m.status.c_str());
            QVERIFY2(std::abs(m.makespan - ex.makespan) <= 1e-6 * ex.makespan,
                     qPrintable(QString("instance %1: milp %2 exhaustive %3")
                                    .arg(inst)
                                    .arg(m.makespan)
                                    .arg(ex.makespan)));
            QVERIFY(m.lower_bound <= m.makespan + 1e-9);
            if (m.makespan < h.makespan - 1e-9)
                ++milp_improved;
        }
        qInfo("MILP improved on the heuristic in %d of 12 instances; worst heuristic/optimal %.3f",
              milp_improved, worst_ratio);
        QVERIFY(worst_ratio < 1.5); // list scheduling stays close to the optimum on these instances
    }

    void milpTenJobsWithinTimeLimit() {
        if (!milpAvailable())
            QSKIP("built without COIN-OR CBC");
        std::mt19937 rng(11);
        const auto c = cluster(2, 8);
        auto t = table(randomJobs(rng, 10, c), c);
        SchedulerOptions opt;
        opt.milp_time_limit = 5;
        const auto h = scheduleHeuristic(t, c, opt);
        const auto m = scheduleMilp(t, c, h, opt);
        QCOMPARE(verifySchedule(m, t, c), std::string());
        QVERIFY(m.makespan <= h.makespan + 1e-9);
        QVERIFY(m.lower_bound >= makespanLowerBound(t, c) - 1e-9);
        QVERIFY(m.seconds < 5 + 10); // time limit honoured (plus model building)
        qInfo("10 jobs on 2x8: heuristic %.2f, milp %.2f, bound %.2f, gap %.1f%%, %s, %.1f s", h.makespan,
              m.makespan, m.lower_bound, 100 * m.gap(), m.status.c_str(), m.seconds);
    }

    void infeasibleJobReported() {
        // Job "big" only runs on 16 GPUs but the cluster has 8: reported with the oracle's reason.
        const auto c = cluster(1, 8);
        auto oracle = [](const Job& j, int g) {
            if (j.name == "big") {
                JobEstimate e;
                e.reason = "needs 120.0 GiB per GPU, budget 78.0 GiB";
                return e;
            }
            return tableEstimate(j, g);
        };
        auto t = buildJobTable({tableJob("small", {{1, 10}, {8, 2}}), tableJob("big", {})}, c, oracle);
        QVERIFY(!t.feasible(1));
        auto h = scheduleHeuristic(t, c);
        QCOMPARE(h.jobs.size(), std::size_t(1));
        QCOMPARE(h.infeasible.size(), std::size_t(1));
        QCOMPARE(h.infeasible[0].first, std::string("big"));
        QVERIFY(h.infeasible[0].second.reason.find("on 8 GPUs: needs 120.0 GiB") != std::string::npos);
        QCOMPARE(h.infeasible[0].second.gpus, 8);
        QCOMPARE(h.makespan, 2.0);
    }

    void badInputNamesField() {
        const auto c = cluster(1, 8);
        auto j = tableJob("a", {{1, 1}});
        j.global_batch = 0;
        try {
            buildJobTable({j}, c, &tableEstimate);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("jobs[0].global_batch"));
        }
        try {
            jobsFromJson(
                nlohmann::json::parse(R"({"jobs": [{"name": "x", "model": "gpt", "global_batch": 8}]})"));
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("jobs[0].steps"));
        }
        try {
            jobsFromJson(
                nlohmann::json::parse(R"([{"model": "gpt", "global_batch": 8, "steps": 1, "lr": 3}])"));
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("jobs[0].lr"));
        }
        try {
            jobsFromJson(nlohmann::json::parse(
                R"([{"model": "gpt", "global_batch": 8, "steps": 1, "iteration_times": {"two": 3}}])"));
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("jobs[0].iteration_times.two"));
        }
        QVERIFY_THROWS_EXCEPTION(
            InputError, buildJobTable({tableJob("a", {{1, 1}}), tableJob("a", {{1, 1}})}, c, &tableEstimate));
    }

    void jobsJsonRoundTripAndEpochs() {
        auto jobs = jobsFromJson(nlohmann::json::parse(
            R"({"jobs": [{"name": "ft", "model": "llama2-7b", "global_batch": 64, "epochs": 2,
                           "dataset_samples": 1000, "priority": 2, "allow_spill": true,
                           "iteration_times": {"8": 1.5}}]})"));
        QCOMPARE(jobs.size(), std::size_t(1));
        QCOMPARE(jobs[0].totalSteps(), std::int64_t(32)); // ceil(2 * 1000 / 64) = ceil(31.25)
        QCOMPARE(jobs[0].iteration_times.at(8), 1.5);
        auto again = jobsFromJson(jobsToJson(jobs));
        QCOMPARE(again[0].name, std::string("ft"));
        QCOMPARE(again[0].priority, 2);
        QVERIFY(again[0].allow_spill);
        QCOMPARE(again[0].totalSteps(), std::int64_t(32));
    }
    void spillTransferBound() {
        // With a very slow PCIe link every layer step is its transfer: forward streams all weights in
        // (2 bytes/param), backward streams them in again while grads (2 bytes/param) go out on the
        // other direction; the first load and last write-back are exposed. So
        // T = (2P + 2P + 2P_emb + 2P_emb) / B + host Adam of the embedding (30 bytes/param at 40 GB/s).
        auto cl = clusterPreset("8xA100-80G");
        cl.pcie_bandwidth_gbs = 0.001; // 1 MB/s
        const auto model = modelPreset("llama2-7b");
        const CostModel cm(model, cl);
        const auto r = estimateSpilled(cm, 8, 1);
        QVERIFY2(r.feasible, r.reason.c_str());
        const double P = double(model.totalParams()), Pe = double(model.embeddingParams());
        const double expect = (4.0 * P + 4.0 * Pe) / 1e6 + Pe * 30.0 / 40e9;
        QVERIFY2(std::abs(r.iteration_time - expect) / expect < 1e-3,
                 qPrintable(QString("spilled %1 s, expected %2 s").arg(r.iteration_time).arg(expect)));
    }

    void spillComputeBound() {
        // With a huge PCIe link the step is the compute (forward + backward incl. recompute) plus the
        // exposed host Adam update of the first streamed block.
        auto cl = clusterPreset("8xA100-80G");
        cl.pcie_bandwidth_gbs = 1e9;
        const auto model = modelPreset("llama2-7b");
        const CostModel cm(model, cl);
        const auto r = estimateSpilled(cm, 8, 1);
        QVERIFY(r.feasible);
        const double adam = double(model.embeddingParams()) * 30.0 / 40e9;
        QVERIFY(std::abs(r.iteration_time - adam - r.compute_time) / r.compute_time < 1e-3);
        QVERIFY(r.compute_time > r.transfer_time);
    }

    void spillTrainsModelLargerThanGpu() {
        // LLaMA-2-13B: 16 bytes/param of model states = ~194 GiB, far above one 80 GB GPU
        // (Rajbhandari et al. 2020), but spilled it runs on one GPU with a few layers resident.
        const auto cl = clusterPreset("8xA100-80G");
        const auto model = modelPreset("llama2-13b");
        const double states = 16.0 * double(model.totalParams());
        QVERIFY(states > 80.0 * 1024 * 1024 * 1024 * 2);
        const CostModel cm(model, cl);
        const auto r = estimateSpilled(cm, 8, 1);
        QVERIFY2(r.feasible, r.reason.c_str());
        QVERIFY(r.gpu_memory <= cm.memoryBudget());
        QVERIFY(r.host_memory >= states);
        // Spilled: slower than compute alone on PCIe 25 GB/s? at least as slow as compute.
        QVERIFY(r.iteration_time >= r.compute_time);
        // Two data-parallel spilled GPUs are faster than one.
        const auto r2 = estimateSpilled(cm, 8, 2);
        QVERIFY(r2.feasible);
        QVERIFY(r2.iteration_time < r.iteration_time);
        // Host memory bounds it: 100 GiB cannot hold 194 GiB of states.
        auto small = cl;
        small.host_memory_gib = 100;
        const auto r3 = estimateSpilled(CostModel(model, small), 8, 1);
        QVERIFY(!r3.feasible);
        QVERIFY2(r3.reason.find("host memory") != std::string::npos, r3.reason.c_str());
        // Batch must split over the replicas.
        const auto r4 = estimateSpilled(cm, 6, 4);
        QVERIFY(!r4.feasible);
        QVERIFY(r4.reason.find("not divisible") != std::string::npos);
    }

    void oracleCallsShared() {
        // Three jobs differ only in name/steps/priority: one oracle call per GPU count for all three.
        const auto c = cluster(1, 8);
        std::atomic<int> calls{0};
        auto oracle = [&](const Job& j, int g) {
            ++calls;
            return tableEstimate(j, g);
        };
        std::vector<Job> jobs = {tableJob("a", {{1, 8.0}, {8, 1.0}}, 10),
                                 tableJob("b", {{1, 8.0}, {8, 1.0}}, 20, 1),
                                 tableJob("c", {{1, 8.0}, {8, 1.0}}, 5), tableJob("d", {{1, 4.0}}, 1)};
        const auto t = buildJobTable(jobs, c, oracle);
        QCOMPARE(calls.load(), 2 * static_cast<int>(allowedGpuCounts(c).size()));
        QCOMPARE(t.options[1].size(), std::size_t(2));
        QCOMPARE(t.options[1][1].duration, 20.0); // the shared answer times the job's own steps
        QCOMPARE(t.options[3].size(), std::size_t(1));
    }

    void replanFromEarlyFinish() {
        // 1 node x 4 GPUs. A and B (perfect scaling 40 GPU-s each) and C (4 GPUs only, 10 s).
        const auto c = cluster(1, 4);
        std::vector<Job> jobs = {tableJob("A", {{1, 40.0}, {2, 20.0}, {4, 10.0}}),
                                 tableJob("B", {{1, 40.0}, {2, 20.0}, {4, 10.0}}),
                                 tableJob("C", {{4, 10.0}})};
        const auto t0 = table(jobs, c);
        const auto s0 = scheduleHeuristic(t0, c);
        QCOMPARE(s0.makespan, 30.0);
        // At t = 5 the first job finishes early (done), the others have not started or are running.
        const auto& first = s0.jobs.front();
        const double now = first.start + 0.5 * (first.end - first.start);
        auto st = stateAt(jobs, s0, now, {{first.name, JobStatus::Done}});
        std::size_t started = 0;
        for (const auto& j : s0.jobs)
            started += j.start <= now ? 1 : 0;
        QCOMPARE(st.progress.size(), started);
        QCOMPARE(st.progress[0].name, first.name);
        QCOMPARE(st.progress[0].status, JobStatus::Done);
        QCOMPARE(st.progress[0].end, now);
        const auto t1 = buildReplanTable(st, c, &tableEstimate);
        QCOMPARE(t1.jobs.size(), jobs.size() - started);
        auto s1 = scheduleHeuristic(t1, c);
        QCOMPARE(verifySchedule(s1, t1, c), std::string());
        for (const auto& j : s1.jobs)
            QVERIFY(j.start >= now - 1e-9);
        // Finishing early never hurts: the old plan of the pending jobs is still possible.
        QVERIFY(s1.makespan <= s0.makespan + 1e-9);
        // The exact MILP with the reservation agrees with the exhaustive reference.
        const auto ex = scheduleExhaustive(t1, c);
        QVERIFY(s1.makespan >= ex.makespan - 1e-9);
        if (milpAvailable()) {
            const auto m = scheduleMilp(t1, c, s1);
            QCOMPARE(verifySchedule(m, t1, c), std::string());
            QVERIFY(std::abs(m.makespan - ex.makespan) < 1e-6);
        }
        addHistory(s1, st);
        QCOMPARE(s1.jobs.size(), std::size_t(3));
        QCOMPARE(s1.jobs.front().status, JobStatus::Done);
        QCOMPARE(verifySchedule(s1, t1, c), std::string());
        // A running job keeps its GPUs: with A running on GPUs 0-1 until 20, B and C wait for them.
        ReplanState rs;
        rs.now = 5;
        rs.jobs = jobs;
        JobProgress p;
        p.name = "A";
        p.gpus = 2;
        p.slot = {0, 2};
        p.start = 0;
        p.end = 20;
        rs.progress.push_back(p);
        const auto t2 = buildReplanTable(rs, c, &tableEstimate);
        const auto s2 = scheduleHeuristic(t2, c);
        QCOMPARE(verifySchedule(s2, t2, c), std::string());
        for (const auto& j : s2.jobs)
            if (j.slot.first < 2)
                QVERIFY(j.start >= 20 - 1e-9);
        QVERIFY(makespanLowerBound(t2, c) >= 20);
        // The state round-trips through JSON; bad states name the field.
        const auto back = replanStateFromJson(toJson(rs), c);
        QCOMPARE(back.progress.size(), std::size_t(1));
        QCOMPARE(back.progress[0].slot.first, 0);
        auto bad = toJson(rs);
        bad["jobs"][0]["start_s"] = 9.0;
        try {
            replanStateFromJson(bad, c);
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("state.jobs[0].start_s") != std::string::npos);
        }
        bad = toJson(rs);
        bad["jobs"][0]["first_gpu"] = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, replanStateFromJson(bad, c));
    }

    void milpRestrictedWhenLarge() {
        // A nonzero cap below the full model's size restricts the GPU counts and reports only the
        // combinatorial bound; the schedule stays valid and no worse than the warm start.
        if (!milpAvailable())
            QSKIP("built without COIN-OR CBC");
        std::mt19937 rng(5);
        const auto c = cluster(2, 8);
        auto t = table(randomJobs(rng, 8, c), c);
        SchedulerOptions opt;
        opt.milp_time_limit = 3;
        opt.milp_max_nonzeros = 3000;
        const auto h = scheduleHeuristic(t, c, opt);
        const auto m = scheduleMilp(t, c, h, opt);
        QCOMPARE(verifySchedule(m, t, c), std::string());
        QVERIFY(m.makespan <= h.makespan + 1e-9);
        if (m.status.find("too large") == std::string::npos)
            QVERIFY(m.status.find("near the heuristic") != std::string::npos);
        QVERIFY(m.lower_bound <= m.makespan + 1e-9);
        QVERIFY(m.lower_bound >= makespanLowerBound(t, c) - 1e-9);
    }

#ifdef GX_TEST_HAVE_CLI
    void cliScheduleSyntheticJobs() {
        // tests/data/jobs/synthetic.json on 2 x 8 GPUs: A and B scale perfectly (100 GPU-s each),
        // C runs 2 steps of {4: 40 s, 8: 25 s}, D needs 32 GPUs (infeasible).
        // Bound = max(50, (100 + 100 + 320) / 16 = 32.5) = 50 s; reached by C on one node (50 s) and
        // A, B on 4 GPUs each of the other node (25 s).
        std::ostringstream out, err;
        const QStringList args{QStringLiteral("galvatron schedule"), QStringLiteral("--jobs"),
                               QStringLiteral(GX_TEST_DATA_DIR "/jobs/synthetic.json"),
                               QStringLiteral("--json")};
        const int rc = cli::cmdSchedule(args, out, err);
        QCOMPARE(rc, 3); // D is infeasible
        const auto j = nlohmann::json::parse(out.str());
        QCOMPARE(j["makespan_s"].get<double>(), 50.0);
        QCOMPARE(j["lower_bound_s"].get<double>(), 50.0);
        QCOMPARE(j["jobs"].size(), std::size_t(3));
        QCOMPARE(j["infeasible"][0]["name"].get<std::string>(), std::string("D"));
        QVERIFY(j["infeasible"][0]["reason"].get<std::string>().find("16 GPUs") != std::string::npos);
        QCOMPARE(j["baselines"]["baseline-sequential"].get<double>(), 6.25 + 6.25 + 50.0);
        // Text output names the gap and the baselines; bad input names the field.
        std::ostringstream out2, err2;
        QCOMPARE(cli::cmdSchedule({QStringLiteral("galvatron schedule"), QStringLiteral("--jobs"),
                                   QStringLiteral(GX_TEST_DATA_DIR "/jobs/synthetic.json")},
                                  out2, err2),
                 3);
        QVERIFY(out2.str().find("gap 0.0%") != std::string::npos);
        QVERIFY(out2.str().find("baseline-whole-node") != std::string::npos);
        std::ostringstream out3, err3;
        QVERIFY_THROWS_EXCEPTION(
            InputError, cli::cmdSchedule({QStringLiteral("galvatron schedule"), QStringLiteral("--jobs"),
                                          QStringLiteral(GX_TEST_DATA_DIR "/jobs/synthetic.json"),
                                          QStringLiteral("--time-limit"), QStringLiteral("-1")},
                                         out3, err3));
    }

    void cliReplan() {
        // --state-out writes a state; marking the first job done halfway and re-planning keeps it in
        // the output as "done" and schedules the rest from now_s.
        const QString dir = QDir::tempPath() + QStringLiteral("/gx_replan_test");
        QDir().mkpath(dir);
        const QString state = dir + QStringLiteral("/state.json");
        std::ostringstream out, err;
        cli::cmdSchedule({QStringLiteral("galvatron schedule"), QStringLiteral("--jobs"),
                          QStringLiteral(GX_TEST_DATA_DIR "/jobs/synthetic.json"),
                          QStringLiteral("--state-out"), state, QStringLiteral("--json")},
                         out, err);
        auto st = nlohmann::json::parse(std::ifstream(state.toStdString()));
        QCOMPARE(st["now_s"].get<double>(), 0.0);
        int marked = -1;
        for (std::size_t i = 0; i < st["jobs"].size(); ++i)
            if (st["jobs"][i]["status"] == "running" && marked < 0) {
                marked = static_cast<int>(i);
                st["jobs"][i]["status"] = "done";
                st["jobs"][i]["end_s"] = 3.0;
            }
        QVERIFY(marked >= 0);
        st["now_s"] = 3.0;
        std::ofstream(state.toStdString()) << st.dump();
        std::ostringstream out2, err2;
        cli::cmdSchedule({QStringLiteral("galvatron schedule"), QStringLiteral("--replan"), state,
                          QStringLiteral("--json")},
                         out2, err2);
        const auto j = nlohmann::json::parse(out2.str());
        QCOMPARE(j["now_s"].get<double>(), 3.0);
        bool done = false;
        for (const auto& sj : j["jobs"]) {
            if (sj["status"] == "done")
                done = sj["name"] == st["jobs"][static_cast<std::size_t>(marked)]["name"];
            else if (sj["status"] == "pending")
                QVERIFY(sj["start_s"].get<double>() >= 3.0 - 1e-9);
        }
        QVERIFY(done);
        QDir(dir).removeRecursively();
    }

    void cliSchedulePrintsPlacement() {
        // A cluster file with NVLink islands of 3 (6 GPUs per node): the table has a placement column
        // naming node and island, the JSON each job's islands.
        const QString dir = QDir::tempPath() + QStringLiteral("/gx_island_test");
        QDir().mkpath(dir);
        const std::string cl = (dir + QStringLiteral("/summit.json")).toStdString();
        const std::string jf = (dir + QStringLiteral("/jobs.json")).toStdString();
        std::ofstream(cl) << R"({"name": "summit", "nodes": 1, "gpus_per_node": 6, "nvlink_island_size": 3,
            "gpu": {"name": "V100", "memory_gib": 16, "peak_tflops_bf16": 125, "hbm_bandwidth_gbs": 900},
            "intra": {"kind": "NVLink", "bandwidth_gbs": 50}})";
        std::ofstream(jf) << R"({"jobs": [
            {"name": "P", "global_batch": 8, "steps": 1, "iteration_times": {"3": 40}},
            {"name": "Q", "global_batch": 8, "steps": 1, "iteration_times": {"2": 30}},
            {"name": "R", "global_batch": 8, "steps": 1, "iteration_times": {"1": 30}}]})";
        const QStringList base{QStringLiteral("galvatron schedule"), QStringLiteral("--jobs"),
                               QString::fromStdString(jf), QStringLiteral("--cluster"),
                               QString::fromStdString(cl)};
        std::ostringstream out, err;
        QCOMPARE(cli::cmdSchedule(base, out, err), 0);
        QVERIFY2(out.str().find("NVLink islands of 3") != std::string::npos, out.str().c_str());
        QVERIFY2(out.str().find("placement") != std::string::npos, out.str().c_str());
        QVERIFY2(out.str().find("node 0 island 1") != std::string::npos, out.str().c_str());
        std::ostringstream out2, err2;
        QCOMPARE(cli::cmdSchedule(base + QStringList{QStringLiteral("--json")}, out2, err2), 0);
        const auto j = nlohmann::json::parse(out2.str());
        QCOMPARE(j["makespan_s"].get<double>(), 40.0); // all three side by side, each in one island
        for (const auto& sj : j["jobs"])
            QCOMPARE(sj["islands"].size(), std::size_t(1));
        QDir(dir).removeRecursively();
    }
#endif
};

QTEST_GUILESS_MAIN(TestScheduler)
#include "test_scheduler.moc"
