// SPDX-License-Identifier: Apache-2.0
// `galvatron schedule --jobs jobs.json --cluster C [--milp [--time-limit S]] [--json] [--out F]
//  [--scripts DIR] [--state-out F]`, `galvatron schedule --replan state.json ...`: multi-model planning
// (schedule several training jobs on one cluster; re-plan the remaining jobs when some finish early,
// fail or arrive).
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/presets.h"
#include "gx/profile_io.h"
#include "gx/scheduler.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>

namespace gx::cli {

namespace {

std::string fmtTime(double s) {
    char buf[64];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
    else if (s < 3 * 86400)
        std::snprintf(buf, sizeof buf, "%.2f h", s / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.2f d", s / 86400);
    return buf;
}

std::string pad(std::string s, std::size_t n) {
    if (s.size() < n)
        s.resize(n, ' ');
    return s;
}

void printSchedule(std::ostream& out, const ScheduleResult& s, const ClusterProfile& c,
                   const std::vector<ScheduleResult>& baselines, const JobTable& table, double now) {
    out << "Schedule (" << s.algorithm << (s.status.empty() || s.status == s.algorithm ? "" : ", " + s.status)
        << ") on " << c.name << " (" << c.nodes << " x " << c.gpus_per_node << " GPUs";
    if (c.islandSize() < c.gpus_per_node)
        out << ", NVLink islands of " << c.islandSize();
    out << ")\n";
    if (now > 0)
        out << "Re-planned at " << fmtTime(now)
            << ": running jobs keep their GPUs, pending jobs start no earlier\n";
    out << "\n";
    std::size_t w = 20;
    for (const auto& j : s.jobs)
        w = std::max(w, j.name.size() + 2);
    std::size_t wp = 10;
    for (const auto& j : s.jobs)
        wp = std::max(wp, placementLabel(j.slot, c).size() + 2);
    out << pad("job", w) << pad("status", 9) << pad("GPUs", 6) << pad("GPU ids", 10) << pad("placement", wp)
        << pad("start", 11) << pad("end", 11) << "plan\n";
    for (const auto& j : s.jobs) {
        const std::string ids = j.slot.count == 1 ? std::to_string(j.slot.first)
                                                  : std::to_string(j.slot.first) + "-" +
                                                        std::to_string(j.slot.first + j.slot.count - 1);
        out << pad(j.name, w) << pad(toString(j.status), 9) << pad(std::to_string(j.gpus), 6) << pad(ids, 10)
            << pad(placementLabel(j.slot, c), wp) << pad(fmtTime(j.start), 11) << pad(fmtTime(j.end), 11)
            << j.estimate.label << "\n";
    }
    // Islands inside nodes steer placement only: say which jobs span them and how they are priced.
    if (c.islandSize() < c.gpus_per_node) {
        std::string spanning;
        for (const auto& j : s.jobs)
            if (j.status == JobStatus::Planned && islandsOf(j.slot, c).size() > 1)
                spanning += (spanning.empty() ? "" : ", ") + j.name;
        if (!spanning.empty()) {
            char note[160];
            std::snprintf(note, sizeof note, "%.0f GB/s", c.intra.bandwidth_gbs);
            out << "\nSpanning NVLink islands: " << spanning
                << ". Their GPUs in one node are priced with the intra-node link (" << c.intra.kind << ", "
                << note << ") whichever islands they are in.\n";
        }
    }
    // Why this GPU count: the job's duration on every allowed count (dominated counts, which are not
    // faster than a smaller one, are left out); '*' marks the chosen one.
    bool header = false;
    for (const auto& j : s.jobs) {
        if (j.status != JobStatus::Planned || j.job < 0)
            continue;
        const auto& opts = table.options[static_cast<std::size_t>(j.job)];
        if (!header) {
            out << "\nJob duration by GPU count (* = chosen; counts that are not faster than a smaller one "
                   "are omitted):\n";
            header = true;
        }
        out << "  " << pad(j.name, w);
        for (const auto& o : opts)
            out << (o.gpus == j.gpus ? " *" : "  ") << o.gpus << ": " << fmtTime(o.duration);
        out << "\n";
    }
    char buf[256];
    std::snprintf(buf, sizeof buf, "\nMakespan %s, lower bound %s, gap %.1f%%%s\n",
                  fmtTime(s.makespan).c_str(), fmtTime(s.lower_bound).c_str(), 100.0 * s.gap(),
                  s.optimal ? " (optimal)" : "");
    out << buf;
    for (const auto& b : baselines) {
        const double speedup = s.makespan > 0 ? b.makespan / s.makespan : 0.0;
        std::snprintf(buf, sizeof buf, "  %-26s %s (%.2fx of this schedule)\n", b.algorithm.c_str(),
                      fmtTime(b.makespan).c_str(), speedup);
        out << buf;
    }
    if (!s.infeasible.empty()) {
        out << "\nInfeasible jobs (not scheduled):\n";
        for (const auto& [name, why] : s.infeasible)
            out << "  " << name << ": " << why.reason << "\n";
    }
}

void addScheduleOptions(QCommandLineParser& p) {
    p.setApplicationDescription(QStringLiteral(
        "Schedules several training jobs on one cluster: each job gets a GPU count (a slice of one NVLink "
        "island, of one node on the fewest islands, or whole nodes), its best plan, GPUs and a start "
        "time, minimising the makespan."));
    p.addHelpOption();
    addRuntimeOptions(p);
    p.addOption(
        {QStringLiteral("jobs"),
         QStringLiteral("Jobs JSON: {\"cluster\": optional, \"jobs\": [{name, model, global_batch, steps | "
                        "epochs + dataset_samples, priority, allow_spill, iteration_times}]}."),
         QStringLiteral("jobs.json")});
    p.addOption(
        {QStringLiteral("cluster"),
         QStringLiteral("Cluster preset or profile JSON (default: the jobs file's \"cluster\", else %1).")
             .arg(QLatin1String(kDefaultCluster)),
         QStringLiteral("C")});
    p.addOption({QStringLiteral("milp"),
                 QStringLiteral(
                     "Improve the heuristic with the exact MILP (COIN-OR CBC) and report the proven gap.")});
    p.addOption({QStringLiteral("time-limit"), QStringLiteral("MILP time limit in seconds (default 30)."),
                 QStringLiteral("S"), QStringLiteral("30")});
    p.addOption({QStringLiteral("budget"),
                 QStringLiteral("Per-GPU memory budget in GiB (default: GPU memory)."),
                 QStringLiteral("GB")});
    p.addOption({QStringLiteral("full-search"),
                 QStringLiteral(
                     "Per-layer strategies in every planner search (exact but slow: minutes per job on big "
                     "clusters). Default: one strategy for all layers, Megatron-style (sub-second).")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the schedule as JSON.")});
    p.addOption({QStringLiteral("out"), QStringLiteral("Write the schedule JSON to this file."),
                 QStringLiteral("F")});
    p.addOption(
        {QStringLiteral("replan"),
         QStringLiteral("Re-plan from a state file: {\"cluster\", \"now_s\", \"jobs\": [job fields + "
                        "\"status\": pending | running | done | failed; running and ended jobs also "
                        "gpus, first_gpu, start_s, end_s]}. Running jobs keep their GPUs; pending jobs "
                        "are scheduled from now_s."),
         QStringLiteral("state.json")});
    p.addOption({QStringLiteral("state-out"),
                 QStringLiteral("Write a state file for --replan (the schedule at time 0; edit now_s and the "
                                "jobs' status as they run)."),
                 QStringLiteral("F")});
    p.addOption({QStringLiteral("scripts"),
                 QStringLiteral("Write a launch script and plan JSON per job into this directory."),
                 QStringLiteral("DIR")});
}

/// The cluster: --cluster, else the jobs file's "cluster", else the default preset.
std::string scheduleClusterName(const QCommandLineParser& p, const nlohmann::json& jj) {
    std::string cluster_name = kDefaultCluster;
    if (jj.is_object() && jj.contains("cluster")) {
        if (!jj["cluster"].is_string())
            throw InputError("cluster", "must be a preset name or a profile path");
        cluster_name = jj["cluster"].get<std::string>();
    }
    if (p.isSet(QStringLiteral("cluster")))
        cluster_name = p.value(QStringLiteral("cluster")).toStdString();
    return cluster_name;
}

/// --runtime (default megatron-core), --precision and --budget.
CostOptions scheduleCostOptions(const QCommandLineParser& p, const ClusterProfile& cluster) {
    CostOptions cost = costOptionsFromOptions(p, cluster);
    if (p.isSet(QStringLiteral("budget")))
        cost.memory_budget_gib = positiveNumber(p, QStringLiteral("budget"), limits::kMaxGpuMemGib);
    return cost;
}

/// The schedule as JSON, with the planner searches, the re-planning time, every job's duration by GPU
/// count and the baselines' makespans.
nlohmann::json scheduleJson(const ScheduleResult& result, const ClusterProfile& cluster,
                            const JobTable& table, const std::vector<ScheduleResult>& baselines,
                            int planner_searches, const ReplanState* replan) {
    nlohmann::json j = toJson(result, cluster);
    j["planner_searches"] = planner_searches;
    if (replan)
        j["now_s"] = replan->now;
    nlohmann::json curves = nlohmann::json::object();
    for (std::size_t k = 0; k < table.jobs.size(); ++k) {
        nlohmann::json cv = nlohmann::json::array();
        for (const auto& o : table.options[k])
            cv.push_back({{"gpus", o.gpus},
                          {"duration_s", o.duration},
                          {"iteration_time_s", o.estimate.iteration_time}});
        curves[table.jobs[k].name] = cv;
    }
    j["duration_by_gpus"] = curves;
    nlohmann::json bj = nlohmann::json::object();
    for (const auto& b : baselines)
        bj[b.algorithm] = b.makespan;
    j["baselines"] = bj;
    return j;
}

} // namespace

int cmdSchedule(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    addScheduleOptions(p);
    if (!p.parse(args)) {
        err << p.errorText().toStdString() << "\n";
        return 2;
    }
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText().toStdString();
        return 0;
    }
    if (!p.positionalArguments().isEmpty()) {
        err << "unexpected argument: " << p.positionalArguments().first().toStdString() << "\n";
        return 2;
    }
    const bool replan = p.isSet(QStringLiteral("replan"));
    if (replan && p.isSet(QStringLiteral("jobs")))
        throw InputError("--replan", "give either --jobs or --replan (the state file lists the jobs)");
    if (!replan && !p.isSet(QStringLiteral("jobs")))
        throw InputError("--jobs", "a jobs JSON file is required (see resources/examples/jobs.json)");

    const std::string jobs_file =
        p.value(replan ? QStringLiteral("replan") : QStringLiteral("jobs")).toStdString();
    const nlohmann::json jj = readJsonFile(jobs_file);
    const std::string cluster_name = scheduleClusterName(p, jj);
    const ClusterProfile cluster = resolveCluster(cluster_name);
    ReplanState state;
    if (replan)
        state = replanStateFromJson(jj, cluster);
    else
        state.jobs = jobsFromJson(jj, "jobs");
    resolveJobPaths(state.jobs, jobs_file);
    const std::vector<Job>& jobs = state.jobs;
    if (jobs.empty())
        throw InputError("jobs", "the jobs file lists no jobs");

    const CostOptions cost = scheduleCostOptions(p, cluster);
    SchedulerOptions opt;
    {
        bool ok = false;
        opt.milp_time_limit = p.value(QStringLiteral("time-limit")).toDouble(&ok);
        if (!ok || !(opt.milp_time_limit > 0))
            throw InputError("--time-limit", "must be a positive number of seconds");
    }

    SearchOptions search;
    search.uniform_layers = !p.isSet(QStringLiteral("full-search"));
    PlannerOracle oracle(cluster, cost, search);
    const JobTable table = replan ? buildReplanTable(state, cluster, oracle.function(), opt)
                                  : buildJobTable(jobs, cluster, oracle.function(), opt);
    ScheduleResult result = scheduleHeuristic(table, cluster, opt);
    if (p.isSet(QStringLiteral("milp"))) {
        if (!milpAvailable())
            err << "warning: this build has no COIN-OR CBC; the MILP is not available, showing the "
                   "heuristic\n";
        else
            result = scheduleMilp(table, cluster, result, opt);
    }
    const std::vector<ScheduleResult> baselines = {baselineSequential(table, cluster),
                                                   baselineWholeNode(table, cluster),
                                                   baselineEqualSplit(table, cluster)};
    addHistory(result, state);
    const nlohmann::json j =
        scheduleJson(result, cluster, table, baselines, oracle.searches(), replan ? &state : nullptr);

    if (p.isSet(QStringLiteral("json")))
        out << j.dump(2) << "\n";
    else
        printSchedule(out, result, cluster, baselines, table, state.now);
    if (p.isSet(QStringLiteral("out")))
        writeJsonFile(p.value(QStringLiteral("out")).toStdString(), j);
    if (p.isSet(QStringLiteral("state-out"))) {
        nlohmann::json st = toJson(stateAt(jobs, result, state.now));
        st["cluster"] = cluster_name;
        writeJsonFile(p.value(QStringLiteral("state-out")).toStdString(), st);
    }
    if (p.isSet(QStringLiteral("scripts"))) {
        const auto files =
            writeLaunchScripts(result, cluster, p.value(QStringLiteral("scripts")).toStdString());
        if (!p.isSet(QStringLiteral("json")))
            out << "\nWrote " << files.size() << " files (launch scripts, plans, schedule.json) to "
                << p.value(QStringLiteral("scripts")).toStdString() << "\n";
    }
    return result.infeasible.empty() ? 0 : 3;
}

} // namespace gx::cli
