// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - multi-model scheduler: job table, bounds, baselines, list scheduling heuristic,
// exhaustive reference. (MILP in scheduler_milp.cpp, planner oracle in scheduler_oracle.cpp, I/O in
// scheduler_io.cpp, Hydra spilling in spill.cpp.)
//
// The scheduling model is Saturn's SPASE problem (Nagrecha & Kumar, "Saturn: An Optimized Data
// System for Multi-Large-Model Deep Learning Workloads", VLDB 2024): every job picks a GPU count
// (with the planner's best parallel plan for it) and a start time; jobs are moldable but not
// preemptible. We add slots that respect nodes and NVLink islands (see scheduler.h).
#include "gx/scheduler.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>
#include <thread>

namespace gx {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool isPow2(int x) {
    return x > 0 && (x & (x - 1)) == 0;
}

/// Relative tolerance for comparing times.
double tol(double scale) {
    return 1e-9 * std::max(1.0, std::abs(scale));
}

/// Per-GPU busy intervals, used by the serial schedule generation scheme.
class Timeline {
public:
    explicit Timeline(int gpus) : busy_(static_cast<std::size_t>(gpus)) {}
    /// Timeline of a (re-planning) job table: nothing starts before t.now; GPUs busy until
    /// t.gpu_free_at.
    Timeline(const JobTable& t, int gpus) : busy_(static_cast<std::size_t>(gpus)), now_(t.now) {
        for (std::size_t k = 0; k < t.gpu_free_at.size() && k < busy_.size(); ++k)
            if (t.gpu_free_at[k] > now_)
                busy_[k].emplace_back(now_, t.gpu_free_at[k]);
    }

    /// Earliest start >= now at which all GPUs of the slot are free for `duration`. Jumps past every
    /// interval that conflicts with the current window: no start before the latest conflicting end can
    /// be free (the window would still overlap that interval), so the first conflict-free window is the
    /// earliest one. No sorting, no allocation.
    double earliestStart(const GpuSlot& slot, double duration) const {
        double t = now_;
        for (;;) {
            const double eps = tol(t + duration);
            double jump = t;
            for (int g = slot.first; g < slot.first + slot.count; ++g)
                for (const auto& iv : busy_[static_cast<std::size_t>(g)])
                    if (iv.first < t + duration - eps && t < iv.second - eps)
                        jump = std::max(jump, iv.second);
            if (jump <= t)
                return t;
            t = jump;
        }
    }

    bool isFree(const GpuSlot& slot, double from, double to) const {
        const double eps = tol(to);
        for (int g = slot.first; g < slot.first + slot.count; ++g)
            for (const auto& iv : busy_[static_cast<std::size_t>(g)])
                if (iv.first < to - eps && from < iv.second - eps)
                    return false;
        return true;
    }

    /// Idle time that placing a job at `start` leaves on the slot's GPUs right before it (best fit).
    double idleBefore(const GpuSlot& slot, double start) const {
        double idle = 0;
        for (int g = slot.first; g < slot.first + slot.count; ++g) {
            double last = now_;
            for (const auto& iv : busy_[static_cast<std::size_t>(g)])
                if (iv.second <= start + tol(start))
                    last = std::max(last, iv.second);
            idle += start - last;
        }
        return idle;
    }

    void occupy(const GpuSlot& slot, double from, double to) {
        for (int g = slot.first; g < slot.first + slot.count; ++g)
            busy_[static_cast<std::size_t>(g)].emplace_back(from, to);
    }
    void release(const GpuSlot& slot) {
        for (int g = slot.first; g < slot.first + slot.count; ++g)
            busy_[static_cast<std::size_t>(g)].pop_back();
    }

private:
    std::vector<std::vector<std::pair<double, double>>> busy_;
    double now_ = 0;
};

const JobOption* findOption(const JobTable& t, int j, int gpus) {
    for (const auto& o : t.options[static_cast<std::size_t>(j)])
        if (o.gpus == gpus)
            return &o;
    return nullptr;
}

std::vector<int> feasibleJobs(const JobTable& t) {
    std::vector<int> f;
    for (int j = 0; j < static_cast<int>(t.jobs.size()); ++j)
        if (t.feasible(j))
            f.push_back(j);
    return f;
}

void addInfeasible(ScheduleResult& r, const JobTable& t) {
    for (std::size_t j = 0; j < t.jobs.size(); ++j)
        if (t.options[j].empty())
            r.infeasible.emplace_back(t.jobs[j].name, t.infeasible[j]);
}

void finish(ScheduleResult& r, const JobTable& t, const ClusterProfile& c) {
    std::stable_sort(r.jobs.begin(), r.jobs.end(), [](const ScheduledJob& a, const ScheduledJob& b) {
        return a.start != b.start ? a.start < b.start : a.slot.first < b.slot.first;
    });
    r.makespan = 0;
    for (const auto& j : r.jobs)
        r.makespan = std::max(r.makespan, j.end);
    for (double f : t.gpu_free_at) // running jobs (re-planning) end within the makespan too
        r.makespan = std::max(r.makespan, f);
    r.lower_bound = std::max(r.lower_bound, makespanLowerBound(t, c));
    if (r.lower_bound > r.makespan)
        r.lower_bound = r.makespan;
    addInfeasible(r, t);
}

/// Serial SGS. `gpus[j] == 0` lets the job choose the (count, slot) with the earliest finish
/// (moldable list scheduling).
ScheduleResult sgs(const JobTable& t, const ClusterProfile& c, const std::vector<int>& order,
                   const std::vector<int>& gpus, const std::vector<GpuSlot>* pinned) {
    ScheduleResult r;
    Timeline tl(t, c.totalGpus());
    for (int j : order) {
        if (!t.feasible(j))
            continue;
        const auto& opts = t.options[static_cast<std::size_t>(j)];
        const int want = gpus.empty() ? 0 : gpus[static_cast<std::size_t>(j)];
        double best_end = kInf, best_start = 0, best_idle = kInf;
        GpuSlot best_slot;
        const JobOption* best_opt = nullptr;
        for (const auto& o : opts) {
            if (want != 0 && o.gpus != want)
                continue;
            std::vector<GpuSlot> slots;
            if (pinned)
                slots = {(*pinned)[static_cast<std::size_t>(j)]};
            else
                slots = slotsFor(c, o.gpus);
            for (const auto& s : slots) {
                const double st = tl.earliestStart(s, o.duration);
                const double end = st + o.duration;
                const double idle = tl.idleBefore(s, st);
                const double e = tol(end);
                // Earliest finish, then least idle time created (best fit), then fewer GPUs.
                if (end < best_end - e || (end <= best_end + e && idle < best_idle - e)) {
                    best_end = end;
                    best_start = st;
                    best_idle = idle;
                    best_slot = s;
                    best_opt = &o;
                }
            }
        }
        if (!best_opt)
            throw InputError("jobs[" + std::to_string(j) + "]",
                             "no option with " + std::to_string(want) + " GPUs in the job table");
        tl.occupy(best_slot, best_start, best_end);
        ScheduledJob sj;
        sj.job = j;
        sj.name = t.jobs[static_cast<std::size_t>(j)].name;
        sj.gpus = best_opt->gpus;
        sj.slot = best_slot;
        sj.start = best_start;
        sj.end = best_end;
        sj.estimate = best_opt->estimate;
        r.jobs.push_back(std::move(sj));
    }
    finish(r, t, c);
    return r;
}

double makespanOf(const JobTable& t, const ClusterProfile& c, const std::vector<int>& order,
                  const std::vector<int>& gpus) {
    return sgs(t, c, order, gpus, nullptr).makespan;
}

} // namespace

std::int64_t Job::totalSteps() const {
    if (steps > 0)
        return steps;
    if (epochs > 0 && dataset_samples > 0 && global_batch > 0)
        return static_cast<std::int64_t>(
            std::ceil(epochs * static_cast<double>(dataset_samples) / static_cast<double>(global_batch)));
    return 0;
}

JobEstimate tableEstimate(const Job& job, int gpus) {
    JobEstimate e;
    auto it = job.iteration_times.find(gpus);
    if (it == job.iteration_times.end()) {
        e.reason = "no iteration time given for " + std::to_string(gpus) + " GPUs";
        return e;
    }
    e.feasible = true;
    e.iteration_time = it->second;
    e.label = "table: " + std::to_string(gpus) + " GPUs";
    return e;
}

namespace {
/// Strict, bounded field readers (the profile readers' rules): no silent conversion of 1.5, true or
/// 2^32+1 to an integer; ranges are the documented input limits.
const nlohmann::json* fieldOf(const nlohmann::json& j, const char* key) {
    auto it = j.find(key);
    return it == j.end() || it->is_null() ? nullptr : &*it;
}
std::int64_t intField(const nlohmann::json& j, const char* key, const std::string& path, std::int64_t dflt,
                      std::int64_t min, std::int64_t max) {
    const auto* v = fieldOf(j, key);
    return v ? jsonInteger(*v, path + "." + key, min, max) : dflt;
}
} // namespace

std::vector<Job> jobsFromJson(const nlohmann::json& j, const std::string& path) {
    const nlohmann::json* arr = &j;
    if (j.is_object()) {
        auto it = j.find("jobs");
        if (it == j.end())
            throw InputError(path, "expected an object with a \"jobs\" array, or an array of jobs");
        arr = &*it;
    }
    if (j.is_object())
        for (const auto& [k, v] : j.items())
            if (!k.empty() && k[0] != '_' && k[0] != '$' && k != "jobs" && k != "cluster" && k != "comment")
                throw InputError(path + "." + showString(k, 40),
                                 "unknown field (known fields: cluster, jobs, comment)");
    if (!arr->is_array())
        throw InputError(path, "must be an array of jobs");
    if (arr->size() > static_cast<std::size_t>(limits::kMaxJobs))
        throw InputError(path, "lists " + std::to_string(arr->size()) +
                                   " jobs, more than the input limit of " + std::to_string(limits::kMaxJobs));
    std::vector<Job> jobs;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const auto& o = (*arr)[i];
        const std::string f = path + "[" + std::to_string(i) + "]";
        if (!o.is_object())
            throw InputError(f, "must be an object");
        static const char* known[] = {
            "name",     "model",       "global_batch",    "steps",  "epochs", "dataset_samples",
            "priority", "allow_spill", "iteration_times", "comment"};
        for (const auto& [k, v] : o.items())
            if (!k.empty() && k[0] != '_' && k[0] != '$' &&
                std::find_if(std::begin(known), std::end(known), [&](const char* s) { return k == s; }) ==
                    std::end(known))
                throw InputError(f + "." + showString(k, 40), "unknown field");
        Job job;
        job.name = "job" + std::to_string(i + 1);
        if (const auto* v = fieldOf(o, "name"))
            job.name = jsonName(*v, f + ".name");
        if (job.name.empty())
            throw InputError(f + ".name", "must not be empty");
        if (const auto* v = fieldOf(o, "model"))
            job.model = jsonName(*v, f + ".model");
        job.global_batch = static_cast<int>(intField(o, "global_batch", f, 0, 1, limits::kMaxBatch));
        job.steps = intField(o, "steps", f, 0, 0, 1'000'000'000'000LL);
        if (const auto* v = fieldOf(o, "epochs"))
            job.epochs = jsonNumber(*v, f + ".epochs", 0, 1e4, "epochs");
        job.dataset_samples = intField(o, "dataset_samples", f, 0, 0, 100'000'000'000'000LL);
        job.priority = static_cast<int>(intField(o, "priority", f, 0, -1'000'000, 1'000'000));
        if (const auto* v = fieldOf(o, "allow_spill"))
            job.allow_spill = jsonBool(*v, f + ".allow_spill");
        if (const auto* v = fieldOf(o, "comment"); v && !v->is_string())
            throw InputError(f + ".comment", "expected a string");
        if (auto it = o.find("iteration_times"); it != o.end()) {
            if (!it->is_object())
                throw InputError(f + ".iteration_times", "must map GPU counts to seconds, e.g. {\"8\": 1.5}");
            for (const auto& [k, v] : it->items()) {
                int g = 0;
                try {
                    std::size_t used = 0;
                    g = std::stoi(k, &used);
                    if (used != k.size())
                        g = 0;
                } catch (const std::exception&) {
                    g = 0;
                }
                if (g <= 0 || g > limits::kMaxGpus)
                    throw InputError(f + ".iteration_times." + showString(k, 20),
                                     "key must be a GPU count in 1.." + std::to_string(limits::kMaxGpus));
                if (!v.is_number() || !(v.get<double>() > 0) || !(v.get<double>() <= 1e9))
                    throw InputError(f + ".iteration_times." + showString(k, 20),
                                     "must be a positive number of seconds (at most 1e9 s), got " +
                                         showJson(v));
                job.iteration_times[g] = v.get<double>();
            }
        }
        if (job.model.empty() && job.iteration_times.empty())
            throw InputError(f + ".model", "missing (a preset name or profile path)");
        if (job.global_batch <= 0)
            throw InputError(f + ".global_batch", "must be a positive integer");
        if (job.steps < 0 || job.epochs < 0 || job.dataset_samples < 0)
            throw InputError(f + ".steps", "steps, epochs and dataset_samples must not be negative");
        if (job.totalSteps() <= 0)
            throw InputError(f + ".steps", "give steps > 0, or epochs > 0 and dataset_samples > 0");
        jobs.push_back(std::move(job));
    }
    return jobs;
}

nlohmann::json toJson(const Job& job) {
    nlohmann::json o{{"name", job.name}, {"global_batch", job.global_batch}};
    if (!job.model.empty())
        o["model"] = job.model;
    if (job.steps > 0)
        o["steps"] = job.steps;
    if (job.epochs > 0)
        o["epochs"] = job.epochs;
    if (job.dataset_samples > 0)
        o["dataset_samples"] = job.dataset_samples;
    if (job.priority != 0)
        o["priority"] = job.priority;
    if (job.allow_spill)
        o["allow_spill"] = true;
    if (!job.iteration_times.empty()) {
        nlohmann::json t = nlohmann::json::object();
        for (const auto& [g, s] : job.iteration_times)
            t[std::to_string(g)] = s;
        o["iteration_times"] = t;
    }
    return o;
}

nlohmann::json jobsToJson(const std::vector<Job>& jobs) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& j : jobs)
        arr.push_back(toJson(j));
    return nlohmann::json{{"jobs", arr}};
}

std::vector<int> ScheduledJob::gpuIds() const {
    std::vector<int> ids(static_cast<std::size_t>(slot.count));
    std::iota(ids.begin(), ids.end(), slot.first);
    return ids;
}

namespace {
/// Island size the placement uses: nvlink_island_size when it divides gpus_per_node, else the node.
int placementIsland(const ClusterProfile& c) {
    const int i = c.islandSize();
    return i > 0 && c.gpus_per_node % i == 0 ? i : c.gpus_per_node;
}

/// Offsets of blocks of `size` units inside `total` units: the multiples of `size` counted from the
/// start and from the end (one set when size divides total) - a buddy allocator from both ends, so
/// that an island of 3 GPUs holds a pair at 0-1 or at 1-2.
std::vector<int> blockOffsets(int total, int size) {
    std::vector<int> out;
    for (int o = 0; o + size <= total; o += size)
        out.push_back(o);
    for (int o = total - size; o >= 0; o -= size)
        if (std::find(out.begin(), out.end(), o) == out.end())
            out.push_back(o);
    std::sort(out.begin(), out.end());
    return out;
}
} // namespace

std::vector<int> allowedGpuCounts(const ClusterProfile& c, bool pow2_nodes) {
    std::vector<int> out;
    if (c.gpus_per_node <= 0 || c.nodes <= 0)
        return out;
    const int n = c.gpus_per_node, isl = placementIsland(c);
    for (int g = 1; g < n; g *= 2) // powers of two inside one node
        out.push_back(g);
    for (int m = 1; m * isl < n; m *= 2) // one island, 2, 4, ... whole islands of one node
        out.push_back(m * isl);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    for (int k = 1; k <= c.nodes; ++k)
        if (!pow2_nodes || isPow2(k))
            out.push_back(k * n);
    return out;
}

std::vector<GpuSlot> slotsFor(const ClusterProfile& c, int gpus) {
    std::vector<GpuSlot> out;
    const int n = c.gpus_per_node;
    if (gpus <= 0 || n <= 0)
        return out;
    const int isl = placementIsland(c);
    const bool whole_islands = gpus % isl == 0 && isPow2(gpus / isl);
    if (gpus <= isl && gpus < n) {
        // Inside one island: a power of two or the whole island, at a buddy offset of the island.
        if (!isPow2(gpus) && gpus != isl)
            return out;
        for (int island = 0; island < c.nodes * (n / isl); ++island)
            for (int off : blockOffsets(isl, gpus))
                out.push_back({island * isl + off, gpus});
    } else if (gpus < n) {
        // Inside one node, on as few islands as the count allows: buddy offsets of the node (powers of
        // two) and of its islands (whole islands).
        if (!isPow2(gpus) && !whole_islands)
            return out;
        std::vector<int> offs;
        if (isPow2(gpus))
            offs = blockOffsets(n, gpus);
        if (whole_islands)
            for (int o : blockOffsets(n / isl, gpus / isl))
                offs.push_back(o * isl);
        std::sort(offs.begin(), offs.end());
        offs.erase(std::unique(offs.begin(), offs.end()), offs.end());
        const int fewest = (gpus + isl - 1) / isl;
        for (int node = 0; node < c.nodes; ++node)
            for (int off : offs)
                if ((off + gpus - 1) / isl - off / isl + 1 == fewest)
                    out.push_back({node * n + off, gpus});
    } else if (gpus % n == 0) {
        // Consecutive whole nodes.
        const int k = gpus / n;
        for (int node = 0; node + k <= c.nodes; ++node)
            out.push_back({node * n, gpus});
    }
    return out;
}

std::vector<int> nodesOf(const GpuSlot& slot, const ClusterProfile& c) {
    std::vector<int> out;
    const int n = std::max(1, c.gpus_per_node);
    for (int k = slot.first / n; slot.count > 0 && k <= (slot.first + slot.count - 1) / n; ++k)
        out.push_back(k);
    return out;
}

std::vector<int> islandsOf(const GpuSlot& slot, const ClusterProfile& c) {
    std::vector<int> out;
    const int isl = std::max(1, placementIsland(c));
    for (int k = slot.first / isl; slot.count > 0 && k <= (slot.first + slot.count - 1) / isl; ++k)
        out.push_back(k);
    return out;
}

std::string placementLabel(const GpuSlot& slot, const ClusterProfile& c) {
    const auto nodes = nodesOf(slot, c);
    if (nodes.empty())
        return {};
    auto range = [](const std::vector<int>& v) {
        return v.size() == 1 ? std::to_string(v.front())
                             : std::to_string(v.front()) + "-" + std::to_string(v.back());
    };
    if (nodes.size() > 1)
        return "nodes " + range(nodes);
    std::string s = "node " + range(nodes);
    const int isl = std::max(1, placementIsland(c));
    if (isl < c.gpus_per_node) { // island index inside the node
        std::vector<int> local;
        for (int i : islandsOf(slot, c))
            local.push_back(i % (c.gpus_per_node / isl));
        s += local.size() == 1 ? " island " + range(local) : " islands " + range(local);
    }
    return s;
}

JobTable buildJobTable(const std::vector<Job>& jobs, const ClusterProfile& c, const ThroughputOracle& oracle,
                       const SchedulerOptions& options) {
    if (c.nodes <= 0)
        throw InputError("cluster.nodes", "must be positive");
    if (c.gpus_per_node <= 0)
        throw InputError("cluster.gpus_per_node", "must be positive");
    JobTable t;
    t.jobs = jobs;
    t.options.resize(jobs.size());
    t.infeasible.resize(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const Job& job = jobs[j];
        const std::string f = "jobs[" + std::to_string(j) + "]";
        if (job.name.empty())
            throw InputError(f + ".name", "must not be empty");
        for (std::size_t i = 0; i < j; ++i)
            if (jobs[i].name == job.name)
                throw InputError(f + ".name", "duplicate job name '" + job.name + "'");
        if (job.model.empty() && job.iteration_times.empty())
            throw InputError(f + ".model", "must name a model preset or profile file");
        if (job.global_batch <= 0)
            throw InputError(f + ".global_batch",
                             "must be positive, got " + std::to_string(job.global_batch));
        if (job.steps < 0)
            throw InputError(f + ".steps", "must not be negative");
        if (job.totalSteps() <= 0)
            throw InputError(f + ".steps", "give steps > 0, or epochs > 0 and dataset_samples > 0");
        for (const auto& [g, it] : job.iteration_times) {
            if (g <= 0)
                throw InputError(f + ".iteration_times", "GPU counts must be positive");
            if (!(it > 0) || !std::isfinite(it))
                throw InputError(f + ".iteration_times." + std::to_string(g), "must be a positive number");
        }
    }
    // One oracle call per distinct (model, batch, spill, iteration table) and GPU count, run on a
    // small thread pool; jobs that differ only in name, steps or priority share the answers.
    const std::vector<int> counts = allowedGpuCounts(
        c, options.pow2_nodes || (options.pow2_nodes_above > 0 && c.nodes > options.pow2_nodes_above));
    std::vector<std::size_t> rep(jobs.size());
    std::vector<std::size_t> reps;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        rep[j] = j;
        for (std::size_t r : reps)
            if (jobs[r].model == jobs[j].model && jobs[r].global_batch == jobs[j].global_batch &&
                jobs[r].allow_spill == jobs[j].allow_spill &&
                jobs[r].iteration_times == jobs[j].iteration_times) {
                rep[j] = r;
                break;
            }
        if (rep[j] == j)
            reps.push_back(j);
    }
    const std::size_t ncalls = reps.size() * counts.size();
    std::vector<JobEstimate> answers(ncalls);
    std::vector<std::exception_ptr> errors(ncalls);
    {
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            for (std::size_t i = next++; i < ncalls; i = next++) {
                try {
                    answers[i] = oracle(jobs[reps[i / counts.size()]], counts[i % counts.size()]);
                } catch (...) {
                    errors[i] = std::current_exception();
                }
            }
        };
        int threads = options.oracle_threads > 0 ? options.oracle_threads
                                                 : static_cast<int>(std::thread::hardware_concurrency());
        threads = std::clamp(threads, 1, static_cast<int>(std::max<std::size_t>(1, ncalls)));
        std::vector<std::thread> pool;
        for (int i = 1; i < threads; ++i)
            pool.emplace_back(work);
        work();
        for (auto& th : pool)
            th.join();
    }
    for (const auto& e : errors) // first error in job order, as a sequential run would report it
        if (e)
            std::rethrow_exception(e);
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const std::size_t r =
            static_cast<std::size_t>(std::find(reps.begin(), reps.end(), rep[j]) - reps.begin());
        const double steps = static_cast<double>(jobs[j].totalSteps());
        JobInfeasible why;
        std::string last_reason; // the estimate's whole sentence on why.gpus
        for (std::size_t ci = 0; ci < counts.size(); ++ci) {
            const int g = counts[ci];
            JobEstimate e = answers[r * counts.size() + ci];
            if (!e.feasible || !(e.iteration_time > 0) || !std::isfinite(e.iteration_time)) {
                if (!e.reason.empty()) {
                    why.gpus = g;
                    why.search = e.why;
                    why.spill = e.spill_reason;
                    // (the planner's sentence is rebuilt from why.search; anything else stays as given)
                    why.other = e.why.kind == Infeasibility::Kind::None ? e.reason : std::string();
                    last_reason = e.reason;
                }
                continue;
            }
            auto& opts = t.options[j];
            // A larger count that is not faster is dominated: any slot of it contains a slot of the
            // smaller count, so dropping it never worsens the optimum.
            if (!opts.empty() && opts.back().duration <= steps * e.iteration_time)
                continue;
            opts.push_back({g, steps * e.iteration_time, std::move(e)});
        }
        if (t.options[j].empty()) {
            why.reason =
                "no feasible plan on any allowed GPU count" +
                (why.gpus == 0 ? "" : " (on " + std::to_string(why.gpus) + " GPUs: " + last_reason + ")");
            t.infeasible[j] = std::move(why);
        }
    }
    return t;
}

double JobTable::releaseOf(const GpuSlot& slot) const {
    double r = now;
    for (int k = slot.first; k < slot.first + slot.count; ++k)
        if (k >= 0 && static_cast<std::size_t>(k) < gpu_free_at.size())
            r = std::max(r, gpu_free_at[static_cast<std::size_t>(k)]);
    return r;
}

double makespanLowerBound(const JobTable& t, const ClusterProfile& c) {
    // Every job ends after its earliest possible finish; all work (plus the GPU time before each
    // GPU becomes free) fits into G * makespan.
    const int G = std::max(1, c.totalGpus());
    double longest = 0, work = 0;
    for (int k = 0; k < G; ++k)
        work += static_cast<std::size_t>(k) < t.gpu_free_at.size()
                    ? std::max(t.now, t.gpu_free_at[static_cast<std::size_t>(k)])
                    : t.now;
    const bool reserved = !t.gpu_free_at.empty();
    bool any = false;
    for (const auto& opts : t.options) {
        if (opts.empty())
            continue;
        any = true;
        double fmin = kInf, wmin = kInf;
        for (const auto& o : opts) {
            double release = t.now;
            if (reserved) {
                release = kInf;
                for (const auto& s : slotsFor(c, o.gpus))
                    release = std::min(release, t.releaseOf(s));
            }
            fmin = std::min(fmin, release + o.duration);
            wmin = std::min(wmin, o.gpus * o.duration);
        }
        longest = std::max(longest, fmin);
        work += wmin;
    }
    for (double f : t.gpu_free_at)
        longest = std::max(longest, f);
    return any || reserved ? std::max(longest, work / G) : 0.0;
}

ScheduleResult listSchedule(const JobTable& t, const ClusterProfile& c, const std::vector<int>& order,
                            const std::vector<int>& gpus, const std::vector<GpuSlot>* slots) {
    if (gpus.size() != t.jobs.size())
        throw InputError("gpus", "one GPU count per job expected");
    auto r = sgs(t, c, order, gpus, slots);
    r.algorithm = "list";
    return r;
}

ScheduleResult baselineWholeNode(const JobTable& t, const ClusterProfile& c) {
    std::vector<int> order(t.jobs.size()), gpus(t.jobs.size(), 0);
    std::iota(order.begin(), order.end(), 0);
    for (std::size_t j = 0; j < t.jobs.size(); ++j) {
        for (const auto& o : t.options[j])
            if (o.gpus >= c.gpus_per_node) {
                gpus[j] = o.gpus;
                break;
            }
        if (gpus[j] == 0 && !t.options[j].empty()) // fits only on smaller slices, all faster ones pruned
            gpus[j] = t.options[j].back().gpus;
    }
    auto r = sgs(t, c, order, gpus, nullptr);
    r.algorithm = "baseline-whole-node";
    return r;
}

ScheduleResult baselineSequential(const JobTable& t, const ClusterProfile& c) {
    ScheduleResult r;
    double now = t.now;
    for (double f : t.gpu_free_at)
        now = std::max(now, f);
    for (std::size_t j = 0; j < t.jobs.size(); ++j) {
        if (t.options[j].empty())
            continue;
        const JobOption* best = &t.options[j].front();
        for (const auto& o : t.options[j])
            if (o.duration < best->duration)
                best = &o;
        ScheduledJob sj;
        sj.job = static_cast<int>(j);
        sj.name = t.jobs[j].name;
        sj.gpus = best->gpus;
        sj.slot = slotsFor(c, best->gpus).front();
        sj.start = now;
        sj.end = now + best->duration;
        sj.estimate = best->estimate;
        now = sj.end;
        r.jobs.push_back(std::move(sj));
    }
    finish(r, t, c);
    r.algorithm = "baseline-sequential";
    return r;
}

ScheduleResult baselineEqualSplit(const JobTable& t, const ClusterProfile& c) {
    const auto feas = feasibleJobs(t);
    std::vector<int> order(t.jobs.size()), gpus(t.jobs.size(), 0);
    std::iota(order.begin(), order.end(), 0);
    const int share = feas.empty() ? 0 : c.totalGpus() / static_cast<int>(feas.size());
    for (int j : feas) {
        const auto& opts = t.options[static_cast<std::size_t>(j)];
        gpus[static_cast<std::size_t>(j)] = opts.front().gpus;
        for (const auto& o : opts)
            if (o.gpus <= share)
                gpus[static_cast<std::size_t>(j)] = o.gpus;
    }
    auto r = sgs(t, c, order, gpus, nullptr);
    r.algorithm = "baseline-equal-split";
    return r;
}

namespace {
/// List orders of the feasible jobs for an allocation (`gpus[j]`, 0 = the job's last option): longest
/// first (LPT), priority then LPT, most work first.
std::vector<std::vector<int>> heuristicOrders(const JobTable& t, const std::vector<int>& feas,
                                              const std::vector<int>& gpus) {
    auto dur = [&](int j) {
        const int g = gpus[static_cast<std::size_t>(j)];
        return g ? findOption(t, j, g)->duration : t.options[static_cast<std::size_t>(j)].back().duration;
    };
    std::vector<std::vector<int>> out;
    std::vector<int> lpt = feas;
    std::stable_sort(lpt.begin(), lpt.end(), [&](int a, int b) { return dur(a) > dur(b); });
    out.push_back(lpt);
    std::vector<int> pr = lpt;
    std::stable_sort(pr.begin(), pr.end(), [&](int a, int b) {
        return t.jobs[static_cast<std::size_t>(a)].priority > t.jobs[static_cast<std::size_t>(b)].priority;
    });
    out.push_back(pr);
    std::vector<int> work = feas;
    std::stable_sort(work.begin(), work.end(), [&](int a, int b) {
        const int ga = gpus[static_cast<std::size_t>(a)], gb = gpus[static_cast<std::size_t>(b)];
        return (ga ? ga : 1) * dur(a) > (gb ? gb : 1) * dur(b);
    });
    out.push_back(work);
    return out;
}

/// The heuristic's local search from (cur_order, cur_gpus): swaps two jobs in the order or moves one job
/// to a neighbouring GPU count, keeps moves that do not worsen the makespan (plateaus allowed) and offers
/// each kept one to `consider`, which updates `best`. Stops early once `best` meets the lower bound `lb`.
/// Fixed seed: deterministic.
void localSearch(const JobTable& t, const ClusterProfile& c, const SchedulerOptions& options,
                 const std::vector<int>& feas, double lb, const ScheduleResult& best,
                 std::vector<int> cur_order, std::vector<int> cur_gpus,
                 const std::function<void(const std::vector<int>&, const std::vector<int>&)>& consider) {
    std::mt19937 rng(12345);
    double cur = best.makespan;
    for (int it = 0; it < options.local_search_iterations; ++it) {
        if (best.makespan <= lb + tol(lb))
            break;
        auto order = cur_order;
        auto gpus = cur_gpus;
        if (order.size() > 1 && (rng() % 2 == 0)) {
            std::uniform_int_distribution<std::size_t> pick(0, order.size() - 1);
            std::swap(order[pick(rng)], order[pick(rng)]);
        } else {
            std::uniform_int_distribution<std::size_t> pick(0, feas.size() - 1);
            const int j = feas[pick(rng)];
            const auto& opts = t.options[static_cast<std::size_t>(j)];
            std::size_t k = 0;
            while (k < opts.size() && opts[k].gpus != gpus[static_cast<std::size_t>(j)])
                ++k;
            if (opts.size() < 2)
                continue;
            if (k == 0)
                k = 1;
            else if (k + 1 >= opts.size())
                k = k - 1;
            else
                k = rng() % 2 ? k + 1 : k - 1;
            gpus[static_cast<std::size_t>(j)] = opts[k].gpus;
        }
        const double m = makespanOf(t, c, order, gpus);
        if (m <= cur + tol(cur)) {
            cur = m;
            cur_order = order;
            cur_gpus = gpus;
            consider(order, gpus);
        }
    }
}
} // namespace

ScheduleResult scheduleHeuristic(const JobTable& t, const ClusterProfile& c,
                                 const SchedulerOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto feas = feasibleJobs(t);
    const std::size_t K = t.jobs.size();
    const double G = c.totalGpus();
    const double lb = makespanLowerBound(t, c);

    ScheduleResult best;
    std::vector<int> best_order, best_gpus;
    auto consider = [&](const std::vector<int>& order, const std::vector<int>& gpus) {
        auto r = sgs(t, c, order, gpus, nullptr);
        if (best_order.empty() || r.makespan < best.makespan - tol(best.makespan)) {
            best = std::move(r);
            best_order = order;
            // Record the counts actually chosen (moldable passes choose them).
            best_gpus.assign(K, 0);
            for (const auto& sj : best.jobs)
                best_gpus[static_cast<std::size_t>(sj.job)] = sj.gpus;
        }
    };
    if (feas.empty()) {
        best = sgs(t, c, {}, {}, nullptr);
        best.algorithm = "heuristic";
        best.status = "no feasible job";
        return best;
    }

    auto orders = [&](const std::vector<int>& gpus) { return heuristicOrders(t, feas, gpus); };

    // 1. Greedy allocation: start from the fewest GPUs per job; repeatedly give the upgrade that most
    //    lowers the estimate max(max_j d_j, sum_j g_j d_j / G) (balances marginal speed-up against the
    //    work it costs); every allocation along the way is list-scheduled.
    std::vector<std::size_t> level(K, 0);
    auto gpusOf = [&](const std::vector<std::size_t>& lv) {
        std::vector<int> g(K, 0);
        for (int j : feas)
            g[static_cast<std::size_t>(j)] =
                t.options[static_cast<std::size_t>(j)][lv[static_cast<std::size_t>(j)]].gpus;
        return g;
    };
    auto estimate = [&](const std::vector<std::size_t>& lv) {
        double longest = 0, work = 0;
        for (int j : feas) {
            const auto& o = t.options[static_cast<std::size_t>(j)][lv[static_cast<std::size_t>(j)]];
            longest = std::max(longest, o.duration);
            work += o.gpus * o.duration;
        }
        return std::max(longest, work / G);
    };
    for (int step = 0; step < 1000; ++step) {
        const auto g = gpusOf(level);
        for (const auto& o : orders(g))
            consider(o, g);
        double cur = estimate(level), best_e = kInf;
        int best_j = -1;
        for (int j : feas) {
            auto lv = level;
            if (++lv[static_cast<std::size_t>(j)] >= t.options[static_cast<std::size_t>(j)].size())
                continue;
            const double e = estimate(lv);
            if (e < best_e) {
                best_e = e;
                best_j = j;
            }
        }
        if (best_j < 0 || best_e >= cur - tol(cur))
            break;
        ++level[static_cast<std::size_t>(best_j)];
    }
    // 1b. Uniform caps: every job gets its largest count <= g, for each allowed g (runs G/g jobs side
    //     by side). Reaches the "pack jobs next to each other" schedules that single-job moves from the
    //     greedy allocation cannot (each one alone lengthens the makespan).
    for (int cap : allowedGpuCounts(c)) {
        std::vector<int> g(K, 0);
        for (int j : feas) {
            const auto& opts = t.options[static_cast<std::size_t>(j)];
            g[static_cast<std::size_t>(j)] = opts.front().gpus;
            for (const auto& o : opts)
                if (o.gpus <= cap)
                    g[static_cast<std::size_t>(j)] = o.gpus;
        }
        for (const auto& o : orders(g))
            consider(o, g);
    }
    // 2. Moldable list scheduling: each job picks the count and slot that finish earliest.
    {
        const std::vector<int> none(K, 0);
        for (const auto& o : orders(none))
            consider(o, none);
    }
    // 3. Local search: swap two jobs in the order or move one job to a neighbouring GPU count;
    //    keep moves that do not worsen the makespan (plateaus allowed). Fixed seed: deterministic.
    if (feas.size() > 1 || t.options[static_cast<std::size_t>(feas[0])].size() > 1)
        localSearch(t, c, options, feas, lb, best, best_order, best_gpus, consider);
    best.algorithm = "heuristic";
    best.status = best.makespan <= lb + tol(lb) ? "optimal (meets lower bound)" : "heuristic";
    best.optimal = best.makespan <= lb + tol(lb);
    best.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return best;
}

ScheduleResult scheduleExhaustive(const JobTable& t, const ClusterProfile& c,
                                  const SchedulerOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto feas = feasibleJobs(t);
    if (static_cast<int>(feas.size()) > options.exhaustive_max_jobs)
        throw InputError("jobs", "exhaustive search is limited to " +
                                     std::to_string(options.exhaustive_max_jobs) + " jobs, got " +
                                     std::to_string(feas.size()));
    // Depth-first over (next job, GPU count, slot), each job at its earliest start in the slot. For
    // fixed slots, placing jobs in the order of an optimal schedule's starts yields starts no later
    // than the optimal ones, so the minimum over all choices is optimal. Branch and bound on the
    // partial makespan.
    Timeline tl(t, c.totalGpus());
    std::vector<ScheduledJob> cur, best_jobs;
    double best = kInf;
    {
        // Seed the bound with the heuristic so that only strictly better schedules are explored.
        SchedulerOptions o = options;
        o.local_search_iterations = std::min(o.local_search_iterations, 100);
        auto h = scheduleHeuristic(t, c, o);
        if (!feas.empty()) {
            best = h.makespan;
            best_jobs = h.jobs;
        }
    }
    std::vector<bool> used(t.jobs.size(), false);
    std::function<void(double)> dfs = [&](double span) {
        if (cur.size() == feas.size()) {
            if (span < best - tol(best)) {
                best = span;
                best_jobs = cur;
            }
            return;
        }
        for (int j : feas) {
            if (used[static_cast<std::size_t>(j)])
                continue;
            used[static_cast<std::size_t>(j)] = true;
            for (const auto& o : t.options[static_cast<std::size_t>(j)])
                for (const auto& s : slotsFor(c, o.gpus)) {
                    const double st = tl.earliestStart(s, o.duration);
                    const double end = st + o.duration;
                    if (std::max(span, end) >= best - tol(best))
                        continue;
                    tl.occupy(s, st, end);
                    cur.push_back({j, JobStatus::Planned, t.jobs[static_cast<std::size_t>(j)].name, o.gpus, s,
                                   st, end, o.estimate});
                    dfs(std::max(span, end));
                    cur.pop_back();
                    tl.release(s);
                }
            used[static_cast<std::size_t>(j)] = false;
        }
    };
    dfs(0.0);
    ScheduleResult r;
    r.jobs = best_jobs;
    finish(r, t, c);
    r.algorithm = "exhaustive";
    r.optimal = true;
    r.lower_bound = r.makespan;
    r.status = "optimal";
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

std::string verifySchedule(const ScheduleResult& s, const JobTable& t, const ClusterProfile& c) {
    std::ostringstream os;
    std::vector<bool> seen(t.jobs.size(), false);
    double span = 0;
    for (double f : t.gpu_free_at)
        span = std::max(span, f);
    for (const auto& j : s.jobs) {
        if (j.status != JobStatus::Planned) { // history of a re-plan: checked for overlaps below
            span = std::max(span, j.end);
            continue;
        }
        if (j.job < 0 || j.job >= static_cast<int>(t.jobs.size()))
            return "job index " + std::to_string(j.job) + " out of range";
        if (seen[static_cast<std::size_t>(j.job)])
            return "job '" + j.name + "' scheduled twice";
        seen[static_cast<std::size_t>(j.job)] = true;
        const auto slots = slotsFor(c, j.gpus);
        if (std::find(slots.begin(), slots.end(), j.slot) == slots.end())
            return "job '" + j.name + "': GPUs " + std::to_string(j.slot.first) + "+" +
                   std::to_string(j.slot.count) + " are not a slot (nodes, NVLink islands) of " +
                   std::to_string(j.gpus);
        const JobOption* o = findOption(t, j.job, j.gpus);
        if (!o)
            return "job '" + j.name + "': no option with " + std::to_string(j.gpus) + " GPUs";
        if (j.start < t.releaseOf(j.slot) - 1e-7 * std::max(1.0, j.start))
            return "job '" + j.name + "' starts before its GPUs are free";
        if (j.start < -tol(j.start) ||
            std::abs(j.end - j.start - o->duration) > 1e-6 * std::max(1.0, o->duration))
            return "job '" + j.name + "': duration does not match the job table";
        span = std::max(span, j.end);
    }
    for (std::size_t j = 0; j < t.jobs.size(); ++j)
        if (t.feasible(static_cast<int>(j)) && !seen[j])
            return "job '" + t.jobs[j].name + "' is feasible but not scheduled";
    for (std::size_t a = 0; a < s.jobs.size(); ++a)
        for (std::size_t b = a + 1; b < s.jobs.size(); ++b) {
            const auto &x = s.jobs[a], &y = s.jobs[b];
            const bool share =
                x.slot.first < y.slot.first + y.slot.count && y.slot.first < x.slot.first + x.slot.count;
            const double e = 1e-7 * std::max(1.0, span);
            if (share && x.start < y.end - e && y.start < x.end - e)
                return "jobs '" + x.name + "' and '" + y.name + "' overlap on shared GPUs";
        }
    if (std::abs(span - s.makespan) > 1e-7 * std::max(1.0, span))
        return "makespan " + std::to_string(s.makespan) + " differs from the last end " +
               std::to_string(span);
    return {};
}

} // namespace gx
