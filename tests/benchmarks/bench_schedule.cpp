// SPDX-License-Identifier: Apache-2.0
// Multi-model scheduler benchmark (issue 18): for each bundled example (resources/examples/*.json) and
// two synthetic sweeps (20 jobs on 8 x 8 A100-80G, 50 jobs on 32 x 8 A100-80G), prints the makespan of
// the heuristic and of the MILP against the whole-node, equal-split and sequential baselines, the MILP's
// proven gap and wall time, the planning time (planner searches + heuristic, cold cache) and the MILP
// phase's peak memory, with MET / NOT MET against the goals:
//   planning: 20 jobs / 64 GPUs < 10 s, 50 jobs / 256 GPUs < 60 s;
//   MILP phase (build + preprocessing + solve) within its time limit (+10% and 1 s slack);
//   MILP phase peak resident memory < 1 GiB.
// Usage: bench_schedule [--quick | --synthetic-only] [--time-limit S] [--examples DIR]
//   --quick: examples only, 2 s MILP limit (the CTest smoke run).
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/scheduler.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#ifndef GX_EXAMPLES_DIR
#define GX_EXAMPLES_DIR "resources/examples"
#endif

using namespace gx;

namespace {

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Resets the kernel's peak-RSS counter (Linux >= 4.0); false when not possible.
bool resetPeakRss() {
    std::ofstream f("/proc/self/clear_refs");
    if (!f)
        return false;
    f << "5";
    return static_cast<bool>(f);
}

/// Peak resident set size in MiB (VmHWM), or -1.
double peakRssMib() {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return -1;
}

std::string fmt(double s) {
    char b[64];
    if (s < 120)
        std::snprintf(b, sizeof b, "%.1f s", s);
    else if (s < 7200)
        std::snprintf(b, sizeof b, "%.1f min", s / 60);
    else
        std::snprintf(b, sizeof b, "%.2f h", s / 3600);
    return b;
}

const char* met(bool ok) {
    return ok ? "MET" : "NOT MET";
}

/// The realistic mix: GPT-3 1.3B-6.7B, LLaMA-2 7B/13B, BERT-large, ViT-huge, T5-large, batch
/// 32-256, 500-4000 steps; a few jobs per (model, batch) differ only in hyperparameters.
std::vector<Job> syntheticJobs(int n, unsigned seed) {
    const char* models[] = {"gpt3-1.3b",  "gpt3-2.7b",  "gpt3-6.7b", "llama2-7b",
                            "llama2-13b", "bert-large", "vit-huge",  "t5-large"};
    const int batches[] = {32, 64, 128, 256};
    std::mt19937 rng(seed);
    std::vector<Job> jobs;
    for (int i = 0; i < n; ++i) {
        Job j;
        j.model = models[rng() % 8];
        j.global_batch = batches[rng() % 4];
        j.steps = 500 + static_cast<std::int64_t>(rng() % 8) * 500;
        j.name = j.model + "-b" + std::to_string(j.global_batch) + "-" + std::to_string(i);
        jobs.push_back(j);
    }
    return jobs;
}

struct Outcome {
    bool planning_ok = true, milp_time_ok = true, memory_ok = true;
};

Outcome run(const std::string& title, std::vector<Job> jobs, const ClusterProfile& cluster, double time_limit,
            double planning_goal) {
    std::printf("\n== %s: %zu jobs on %s (%d GPUs)\n", title.c_str(), jobs.size(), cluster.name.c_str(),
                cluster.totalGpus());
    Outcome out;
    SearchOptions so;
    so.uniform_layers = true; // as the CLI and GUI do by default
    CostOptions cost;
    cost.runtime = resolveRuntime(kDefaultRuntime); // the calibrated default of the CLI and GUI
    PlannerOracle oracle(cluster, cost, so);
    SchedulerOptions opt;
    opt.milp_time_limit = time_limit;
    const double t0 = now();
    const JobTable table = buildJobTable(jobs, cluster, oracle.function(), opt);
    const double t_table = now() - t0;
    const ScheduleResult h = scheduleHeuristic(table, cluster, opt);
    const double planning = now() - t0;
    const ScheduleResult seq = baselineSequential(table, cluster), whole = baselineWholeNode(table, cluster),
                         eq = baselineEqualSplit(table, cluster);
    resetPeakRss();
    const double t1 = now();
    const ScheduleResult m = scheduleMilp(table, cluster, h, opt);
    const double milp_wall = now() - t1;
    const double rss = peakRssMib();
    const std::string err = verifySchedule(m, table, cluster);
    std::printf("planner searches %d (cold cache) in %.2f s, heuristic %.2f s -> planning %.2f s",
                oracle.searches(), t_table, h.seconds, planning);
    if (planning_goal > 0) {
        out.planning_ok = planning < planning_goal;
        std::printf("  [goal < %.0f s: %s]", planning_goal, met(out.planning_ok));
    }
    std::printf("\n");
    auto ratio = [&](const ScheduleResult& b) { return m.makespan > 0 ? b.makespan / m.makespan : 0.0; };
    std::printf("heuristic %s | MILP %s (gap %.1f%%, %s)\n", fmt(h.makespan).c_str(), fmt(m.makespan).c_str(),
                100 * m.gap(), m.status.c_str());
    std::printf("baselines: whole-node %s (%.2fx), equal-split %s (%.2fx), sequential %s (%.2fx)\n",
                fmt(whole.makespan).c_str(), ratio(whole), fmt(eq.makespan).c_str(), ratio(eq),
                fmt(seq.makespan).c_str(), ratio(seq));
    out.milp_time_ok = milp_wall <= time_limit * 1.1 + 1.0;
    std::printf("MILP phase %.2f s with --time-limit %.0f s [%s]", milp_wall, time_limit,
                met(out.milp_time_ok));
    if (rss > 0) {
        out.memory_ok = rss < 1024;
        std::printf(", peak RSS %.0f MiB [< 1024 MiB: %s]", rss, met(out.memory_ok));
    }
    std::printf("\n");
    if (!err.empty())
        std::printf("INVALID SCHEDULE: %s\n", err.c_str());
    return out;
}

} // namespace

int main(int argc, char** argv) {
    bool quick = false, synthetic_only = false;
    double limit = 10;
    std::string dir = GX_EXAMPLES_DIR;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--time-limit") && i + 1 < argc)
            limit = std::stod(argv[++i]);
        else if (!std::strcmp(argv[i], "--synthetic-only"))
            synthetic_only = true;
        else if (!std::strcmp(argv[i], "--examples") && i + 1 < argc)
            dir = argv[++i];
        else {
            std::fprintf(
                stderr,
                "usage: bench_schedule [--quick | --synthetic-only] [--time-limit S] [--examples DIR]\n");
            return 2;
        }
    }
    if (quick)
        limit = 2;
    std::printf("Multi-model scheduler benchmark (MILP %s)\n", milpAvailable() ? "COIN-OR CBC" : "not built");
    bool all = true;
    try {
        std::vector<std::filesystem::path> files;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.path().extension() == ".json" && !synthetic_only)
                files.push_back(e.path());
        std::sort(files.begin(), files.end());
        for (const auto& f : files) {
            const nlohmann::json j = readJsonFile(f.string());
            std::vector<Job> jobs = jobsFromJson(j, "jobs");
            resolveJobPaths(jobs, f.string());
            const ClusterProfile c = resolveCluster(j.value("cluster", std::string(kDefaultCluster)));
            const Outcome o = run(f.filename().string(), jobs, c, limit, 0);
            all = all && o.milp_time_ok && o.memory_ok;
        }
        if (!quick) {
            const Outcome a =
                run("synthetic sweep", syntheticJobs(20, 1), resolveCluster("8x8xA100-80G-IB"), limit, 10);
            if (std::getenv("GX_BENCH_SMALL_ONLY"))
                return 0;
            const Outcome b = run("synthetic sweep", syntheticJobs(50, 2), resolveCluster("32x8xA100-80G-IB"),
                                  3 * limit, 60);
            all = all && a.planning_ok && a.milp_time_ok && a.memory_ok && b.planning_ok && b.milp_time_ok &&
                  b.memory_ok;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    std::printf("\nAll goals: %s\n", met(all));
    return 0;
}
