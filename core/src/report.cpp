// SPDX-License-Identifier: Apache-2.0
#include "gx/report.h"
#include "gx/calibration.h"
#include "gx/units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace gx {

namespace {
std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

nlohmann::json memJson(const MemoryBreakdown& m) {
    return {{"weights", m.weights},         {"grads", m.grads},         {"optimizer", m.optimizer},
            {"activations", m.activations}, {"transient", m.transient}, {"embedding", m.embedding},
            {"reserved", m.reserved},       {"total", m.total()},       {"total_gib", m.total() / kGiB}};
}
nlohmann::json timeJson(const TimeBreakdown& t) {
    return {{"compute", t.compute},     {"recompute", t.recompute}, {"tp_comm", t.tp_comm},
            {"cp_comm", t.cp_comm},     {"ep_comm", t.ep_comm},     {"dp_comm", t.dp_comm},
            {"zero_comm", t.zero_comm}, {"pp_comm", t.pp_comm},     {"switch_comm", t.switch_comm},
            {"bubble", t.bubble},       {"optimizer", t.optimizer}, {"overhead", t.overhead}};
}
} // namespace

std::string formatBytes(double bytes) {
    const double a = std::fabs(bytes);
    if (a >= kGiB)
        return fmt("%.1f GiB", bytes / kGiB);
    if (a >= kMiB)
        return fmt("%.0f MiB", bytes / kMiB);
    if (a >= 1024.0)
        return fmt("%.0f KiB", bytes / 1024.0);
    return fmt("%.0f B", bytes);
}

std::string formatCount(double n) {
    const double a = std::fabs(n);
    if (a >= 1e9)
        return fmt("%.3f B", n / 1e9);
    if (a >= 1e6)
        return fmt("%.1f M", n / 1e6);
    if (a >= 1e3)
        return fmt("%.1f K", n / 1e3);
    return fmt("%.0f", n);
}

std::string formatSeconds(double s) {
    const double a = std::fabs(s);
    if (a == 0) // (a pp = 1 plan's bubble, an idle term: not "0.0 us")
        return "0 s";
    if (a >= 1e6) // (no 60-digit figures: 1.235e+07 s)
        return fmt("%.4g s", s);
    if (a >= 1.0)
        return fmt("%.3f s", s);
    if (a >= 1e-3)
        return fmt("%.2f ms", s * 1e3);
    return fmt("%.1f us", s * 1e6);
}

nlohmann::json costToJson(const PlanCost& c) {
    nlohmann::json j;
    j["iteration_time"] = c.iteration_time;
    j["peak_memory"] = c.peak_memory;
    j["peak_memory_gib"] = c.peak_memory / kGiB;
    j["memory_budget"] = c.memory_budget;
    j["memory_budget_gib"] = c.memory_budget / kGiB;
    j["fits"] = c.fits();
    j["peak_stage"] = c.peak_stage;
    j["samples_per_s"] = c.samples_per_s;
    j["tokens_per_s"] = c.tokens_per_s;
    j["tflops_per_gpu"] = c.tflops_per_gpu;
    j["mfu"] = c.mfu;
    j["time"] = timeJson(c.time);
    auto& st = j["stages"] = nlohmann::json::array();
    for (const auto& s : c.stages) {
        st.push_back({{"first_layer", s.first_layer},
                      {"layer_count", s.layer_count},
                      {"per_micro", s.per_micro},
                      {"per_iteration", s.per_iteration},
                      {"inflight", s.inflight},
                      {"params", std::llround(s.params)},
                      {"memory", memJson(s.memory)},
                      {"time", timeJson(s.time)}});
    }
    return j;
}

std::string formatStrategyRuns(const Plan& plan) {
    std::ostringstream o;
    const auto n = plan.layers.size();
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i;
        while (j + 1 < n && plan.layers[j + 1] == plan.layers[i])
            ++j;
        o << "  layers " << i;
        if (j > i)
            o << "-" << j;
        o << ": " << plan.layers[i].label() << "\n";
        i = j + 1;
    }
    return o.str();
}

std::string formatPlanReport(const CostModel& model, const Plan& plan, const PlanCost& c) {
    std::ostringstream o;
    o << "Plan for " << model.model().name << " on " << plan.gpus << " GPUs of " << model.cluster().name
      << "\n";
    o << "  pp=" << plan.pp << " (" << toString(plan.schedule);
    if (plan.virtual_stages > 1)
        o << ", " << plan.virtual_stages << " chunks/stage";
    o << "), global batch " << plan.global_batch << " = " << plan.num_micro << " micro-batches x "
      << plan.microBatch() << ", vocab tp=" << plan.vocab_tp << "\n";
    o << "  stage layers:";
    for (int l : plan.stage_layers)
        o << " " << l;
    o << "\n" << formatStrategyRuns(plan);
    o << "\n  stage  layers  params/GPU  time/micro  weights   grads     optim     activ     "
         "transient embed     total\n";
    for (std::size_t i = 0; i < c.stages.size(); ++i) {
        const auto& s = c.stages[i];
        char line[256];
        std::snprintf(line, sizeof line, "  %5zu  %6d  %10s  %10s  %-9s %-9s %-9s %-9s %-9s %-9s %s%s\n", i,
                      s.layer_count, formatCount(s.params).c_str(), formatSeconds(s.per_micro).c_str(),
                      formatBytes(s.memory.weights).c_str(), formatBytes(s.memory.grads).c_str(),
                      formatBytes(s.memory.optimizer).c_str(), formatBytes(s.memory.activations).c_str(),
                      formatBytes(s.memory.transient).c_str(), formatBytes(s.memory.embedding).c_str(),
                      formatBytes(s.memory.total()).c_str(),
                      s.memory.total() > c.memory_budget ? "  OVER BUDGET" : "");
        o << line;
    }
    // (what the params/GPU column counts: the runtime's padded vocabulary)
    if (const double padded = model.paddedVocab(plan.vocab_tp); padded != double(model.model().vocab_size))
        o << "  vocabulary padded " << model.model().vocab_size << " -> " << std::llround(padded)
          << " (the runtime's multiple of " << model.options().runtime.vocab_divisible_by << " x vocab tp "
          << plan.vocab_tp << ")\n";
    const auto& t = c.time;
    // The terms of the iteration time; those that are zero for this plan (no ZeRO-3, one stage, no
    // recomputation...) are left out, and compute always stays.
    o << "\n  iteration " << formatSeconds(c.iteration_time) << " = compute " << formatSeconds(t.compute);
    const std::pair<const char*, double> terms[] = {
        {"recompute", t.recompute}, {"TP", t.tp_comm},       {"CP", t.cp_comm},
        {"EP", t.ep_comm},          {"ZeRO-3", t.zero_comm}, {"PP", t.pp_comm},
        {"switch", t.switch_comm},  {"bubble", t.bubble},    {"DP sync", t.dp_comm},
        {"optimizer", t.optimizer}, {"overhead", t.overhead}};
    for (const auto& [name, v] : terms)
        if (v != 0.0)
            o << " + " << name << " " << formatSeconds(v);
    o << "\n";
    o << "  peak memory " << formatBytes(c.peak_memory) << " (stage " << c.peak_stage << ") of "
      << formatBytes(c.memory_budget) << (c.fits() ? " - fits" : " - DOES NOT FIT") << "\n";
    o << "  throughput " << fmt("%.2f", c.samples_per_s) << " samples/s, " << fmt("%.0f", c.tokens_per_s)
      << " tokens/s, " << fmt("%.1f", c.tflops_per_gpu) << " TFLOP/s per GPU, MFU "
      << fmt("%.1f%%", 100.0 * c.mfu) << "\n";
    // Where published measurements disagree with the model (calibration.h, KnownGap).
    for (const KnownGap& g : knownGaps(plan, model.options().runtime))
        o << "  caution: " << g.text() << "\n";
    return o.str();
}

} // namespace gx
