// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - default throughput oracle for the scheduler: the planner (gx::search) per
// (model, global batch, GPU count), cached, plus Hydra spilling as an optional alternative.
#include "gx/error.h"
#include "gx/planner.h"
#include "gx/presets.h"
#include "gx/scheduler.h"

#include <cstdio>
#include <map>
#include <sstream>

namespace gx {

namespace {

std::string planLabel(const Plan& p) {
    std::map<std::string, int> counts;
    for (const auto& l : p.layers)
        ++counts[l.label()];
    std::string main;
    int best = -1;
    for (const auto& [k, n] : counts)
        if (n > best) {
            best = n;
            main = k;
        }
    std::ostringstream os;
    os << "pp" << p.pp << " " << main;
    if (counts.size() > 1)
        os << " (+" << counts.size() - 1 << " other layer strategies)";
    os << ", " << p.num_micro << " micro-batches";
    return os.str();
}

std::string spillLabel(const SpillEstimate& s, int gpus) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "Hydra spilling, dp%d, micro-batch %d x %d%s", gpus, s.micro_batch,
                  s.num_micro, s.checkpoints_spilled ? ", checkpoints in host memory" : "");
    return buf;
}

} // namespace

PlannerOracle::PlannerOracle(ClusterProfile cluster, CostOptions cost, SearchOptions base)
    : cluster_(std::move(cluster)), cost_(cost), base_(std::move(base)) {}

int PlannerOracle::searches() const {
    std::lock_guard lock(mutex_);
    return searches_;
}

ThroughputOracle PlannerOracle::function() {
    return [this](const Job& job, int gpus) { return (*this)(job, gpus); };
}

JobEstimate PlannerOracle::operator()(const Job& job, int gpus) {
    if (!job.iteration_times.empty())
        return tableEstimate(job, gpus);
    const auto key = std::make_tuple(job.model, job.global_batch, gpus, job.allow_spill);
    ModelProfile model;
    {
        std::lock_guard lock(mutex_);
        if (auto it = cache_.find(key); it != cache_.end())
            return it->second;
        if (auto it = models_.find(job.model); it != models_.end())
            model = it->second;
    }
    if (model.stacks.empty()) {
        model = resolveModel(job.model); // InputError("model", ...) propagates: a bad job, not a bad count
        std::lock_guard lock(mutex_);
        models_.emplace(job.model, model);
    }
    JobEstimate est;
    const CostModel cm(model, cluster_, cost_);
    SearchOptions so = base_;
    so.gpus = gpus;
    so.global_batches = {job.global_batch};
    so.cost = cost_;
    so.top_k = 1;
    so.emit_tree_events = false;
    so.frontier_points = 0; // only the fastest plan is needed, not the memory/time frontier
    if (so.threads == 0)
        so.threads = 1; // buildJobTable runs the distinct searches in parallel already

    try {
        const SearchResult r = search(cm, so);
        if (r.best) {
            est.feasible = true;
            est.iteration_time = r.best->cost.iteration_time;
            est.memory = r.best->cost.peak_memory;
            est.plan = r.best->plan;
            est.label = planLabel(r.best->plan);
        } else {
            est.reason = r.infeasible_reason.empty() ? "no plan fits" : r.infeasible_reason;
            est.why = r.infeasible;
        }
    } catch (const InputError& e) {
        // Options impossible for this GPU count (e.g. batch not divisible): infeasible here only.
        est.reason = e.what();
    }
    if (job.allow_spill) {
        const SpillEstimate sp = estimateSpilled(cm, job.global_batch, gpus);
        if (sp.feasible && (!est.feasible || sp.iteration_time < est.iteration_time)) {
            est = JobEstimate{};
            est.feasible = true;
            est.iteration_time = sp.iteration_time;
            est.memory = sp.gpu_memory;
            est.spilled = true;
            est.label = spillLabel(sp, gpus);
        } else if (!sp.feasible && !est.feasible) {
            est.reason += "; spilling: " + sp.reason;
            est.spill_reason = sp.reason;
        }
    }
    std::lock_guard lock(mutex_);
    ++searches_;
    cache_.emplace(key, est);
    return est;
}

} // namespace gx
