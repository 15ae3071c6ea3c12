// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - re-planning a multi-job schedule as jobs finish early, fail or arrive (Saturn's
// "introspection", Nagrecha & Kumar, VLDB 2024: the schedule is recomputed from the current time
// without moving running jobs). Running jobs keep their GPUs until their planned end; jobs that have
// not started are scheduled again from `now` on the GPUs as they become free.
#include "gx/error.h"
#include "gx/scheduler.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <set>

namespace gx {

const char* toString(JobStatus s) {
    switch (s) {
    case JobStatus::Planned:
        return "pending";
    case JobStatus::Running:
        return "running";
    case JobStatus::Done:
        return "done";
    case JobStatus::Failed:
        return "failed";
    }
    return "pending";
}

namespace {

JobStatus statusFromString(const std::string& s, const std::string& field) {
    if (s == "pending" || s == "planned")
        return JobStatus::Planned;
    if (s == "running")
        return JobStatus::Running;
    if (s == "done")
        return JobStatus::Done;
    if (s == "failed")
        return JobStatus::Failed;
    throw InputError(field, "must be \"pending\", \"running\", \"done\" or \"failed\", got \"" + s + "\"");
}

double number(const nlohmann::json& o, const char* key, const std::string& path) {
    auto it = o.find(key);
    if (it == o.end())
        throw InputError(path + "." + key, "missing (required for running and ended jobs)");
    if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
        throw InputError(path + "." + key, "must be a non-negative number");
    return it->get<double>();
}

} // namespace

ReplanState replanStateFromJson(const nlohmann::json& j, const ClusterProfile& c) {
    if (!j.is_object())
        throw InputError("state", "must be an object with \"now_s\" and \"jobs\"");
    ReplanState st;
    {
        auto it = j.find("now_s");
        if (it == j.end() || !it->is_number() || !(it->get<double>() >= 0) ||
            !std::isfinite(it->get<double>()))
            throw InputError("state.now_s",
                             "must be a non-negative number of seconds since the schedule began");
        st.now = it->get<double>();
    }
    auto arr = j.find("jobs");
    if (arr == j.end() || !arr->is_array())
        throw InputError("state.jobs", "must be an array of jobs");
    // Job specs without the progress fields, parsed by the ordinary job reader.
    nlohmann::json specs = nlohmann::json::array();
    std::vector<JobStatus> status;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const auto& o = (*arr)[i];
        const std::string f = "state.jobs[" + std::to_string(i) + "]";
        if (!o.is_object())
            throw InputError(f, "must be an object");
        nlohmann::json spec = o;
        for (const char* k : {"status", "gpus", "first_gpu", "start_s", "end_s"})
            spec.erase(k);
        specs.push_back(spec);
        JobStatus s = JobStatus::Planned;
        if (auto it = o.find("status"); it != o.end()) {
            if (!it->is_string())
                throw InputError(f + ".status", "must be a string");
            s = statusFromString(it->get<std::string>(), f + ".status");
        }
        status.push_back(s);
    }
    st.jobs = jobsFromJson(specs, "state.jobs");
    for (std::size_t i = 0; i < st.jobs.size(); ++i) {
        if (status[i] == JobStatus::Planned)
            continue;
        const auto& o = (*arr)[i];
        const std::string f = "state.jobs[" + std::to_string(i) + "]";
        JobProgress p;
        p.name = st.jobs[i].name;
        p.status = status[i];
        const double g = number(o, "gpus", f);
        p.gpus = static_cast<int>(g);
        const auto slots = slotsFor(c, p.gpus);
        if (g != p.gpus || slots.empty())
            throw InputError(f + ".gpus",
                             "is not a GPU count the cluster's slots (nodes, NVLink islands) allow");
        const double first = number(o, "first_gpu", f);
        p.slot = {static_cast<int>(first), p.gpus};
        if (std::find(slots.begin(), slots.end(), p.slot) == slots.end())
            throw InputError(f + ".first_gpu", "does not start a slot (inside one NVLink island, one node "
                                               "on the fewest islands, or whole nodes) of " +
                                                   std::to_string(p.gpus) + " GPUs on this cluster");
        p.start = number(o, "start_s", f);
        p.end = number(o, "end_s", f);
        if (p.start > st.now)
            throw InputError(f + ".start_s", "is after now_s; a job that has not started is \"pending\"");
        if (p.end < p.start)
            throw InputError(f + ".end_s", "is before start_s");
        if (p.status == JobStatus::Running && p.end < st.now)
            p.status = JobStatus::Done; // ended as planned
        if (p.status != JobStatus::Running && p.end > st.now)
            throw InputError(f + ".end_s", "an ended job must have end_s <= now_s");
        p.estimate.label = "(" + std::string(toString(p.status)) + ")";
        st.progress.push_back(std::move(p));
    }
    // Running jobs must not share GPUs.
    for (std::size_t a = 0; a < st.progress.size(); ++a)
        for (std::size_t b = a + 1; b < st.progress.size(); ++b) {
            const auto &x = st.progress[a], &y = st.progress[b];
            if (x.status != JobStatus::Running || y.status != JobStatus::Running)
                continue;
            if (x.slot.first < y.slot.first + y.slot.count && y.slot.first < x.slot.first + x.slot.count)
                throw InputError("state.jobs",
                                 "running jobs '" + x.name + "' and '" + y.name + "' share GPUs");
        }
    return st;
}

ReplanState stateAt(const std::vector<Job>& jobs, const ScheduleResult& s, double now,
                    const std::map<std::string, JobStatus>& finished) {
    ReplanState st;
    st.now = now;
    st.jobs = jobs;
    std::set<std::string> names;
    for (const auto& j : jobs)
        names.insert(j.name);
    for (const auto& sj : s.jobs) {
        if (!names.count(sj.name) || sj.start > now + 1e-9 * std::max(1.0, now))
            continue; // not started yet: pending again
        JobProgress p;
        p.name = sj.name;
        p.gpus = sj.gpus;
        p.slot = sj.slot;
        p.start = sj.start;
        p.end = sj.end;
        p.estimate = sj.estimate;
        p.status = sj.status == JobStatus::Planned ? JobStatus::Running : sj.status;
        if (auto it = finished.find(sj.name); it != finished.end() && p.status == JobStatus::Running) {
            p.status = it->second;
            p.end = std::min(p.end, now);
        } else if (p.status == JobStatus::Running && p.end <= now) {
            p.status = JobStatus::Done;
        }
        st.progress.push_back(std::move(p));
    }
    return st;
}

nlohmann::json toJson(const ReplanState& s) {
    nlohmann::json jobs = nlohmann::json::array();
    for (const auto& j : s.jobs) {
        nlohmann::json o = toJson(j);
        auto it = std::find_if(s.progress.begin(), s.progress.end(),
                               [&](const JobProgress& p) { return p.name == j.name; });
        if (it == s.progress.end()) {
            o["status"] = "pending";
        } else {
            o["status"] = toString(it->status);
            o["gpus"] = it->gpus;
            o["first_gpu"] = it->slot.first;
            o["start_s"] = it->start;
            o["end_s"] = it->end;
        }
        jobs.push_back(std::move(o));
    }
    return {{"now_s", s.now}, {"jobs", jobs}};
}

JobTable buildReplanTable(const ReplanState& st, const ClusterProfile& c, const ThroughputOracle& oracle,
                          const SchedulerOptions& options) {
    std::vector<Job> pending;
    for (const auto& j : st.jobs)
        if (std::none_of(st.progress.begin(), st.progress.end(),
                         [&](const JobProgress& p) { return p.name == j.name; }))
            pending.push_back(j);
    JobTable t = buildJobTable(pending, c, oracle, options);
    t.now = st.now;
    t.gpu_free_at.assign(static_cast<std::size_t>(c.totalGpus()), st.now);
    for (const auto& p : st.progress)
        if (p.status == JobStatus::Running)
            for (int k = p.slot.first; k < p.slot.first + p.slot.count && k < c.totalGpus(); ++k)
                t.gpu_free_at[static_cast<std::size_t>(k)] =
                    std::max(t.gpu_free_at[static_cast<std::size_t>(k)], p.end);
    return t;
}

void addHistory(ScheduleResult& s, const ReplanState& st) {
    for (const auto& p : st.progress) {
        ScheduledJob sj;
        sj.job = -1;
        sj.status = p.status;
        sj.name = p.name;
        sj.gpus = p.gpus;
        sj.slot = p.slot;
        sj.start = p.start;
        sj.end = p.end;
        sj.estimate = p.estimate;
        s.jobs.push_back(std::move(sj));
        s.makespan = std::max(s.makespan, p.end);
    }
    std::stable_sort(s.jobs.begin(), s.jobs.end(), [](const ScheduledJob& a, const ScheduledJob& b) {
        return a.start != b.start ? a.start < b.start : a.slot.first < b.slot.first;
    });
}

} // namespace gx
