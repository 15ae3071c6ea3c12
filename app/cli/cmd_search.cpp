// SPDX-License-Identifier: Apache-2.0
// `galvatron search`: the automatic hybrid-parallel plan search from the command line.
#include "cli/cli.h"
#include "cli/cli_common.h"
#include "cli/signals.h"

#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/planner.h"
#include "gx/profile_io.h"
#include "gx/report.h"
#include "gx/search_space.h"
#include "gx/target_search.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <stop_token>
#include <thread>

#include <unistd.h>

namespace gx::cli {

namespace {
std::vector<int> intList(const QCommandLineParser& p, const QString& name) {
    std::vector<int> out;
    for (const QString& part : p.value(name).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v <= 0)
            throw InputError("--" + name.toStdString(),
                             "expected positive integers separated by commas, got '" + part.toStdString() +
                                 "'");
        out.push_back(v);
    }
    return out;
}

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string planSummary(const Plan& p) {
    std::string s = "pp" + std::to_string(p.pp) + " " + toString(p.schedule);
    if (p.virtual_stages > 1)
        s += "x" + std::to_string(p.virtual_stages);
    s += " m" + std::to_string(p.num_micro) + " B" + std::to_string(p.global_batch);
    // Most common layer strategy.
    std::size_t bestCount = 0;
    std::string label;
    for (std::size_t i = 0; i < p.layers.size(); ++i) {
        std::size_t n = 0;
        for (const auto& l : p.layers)
            n += l == p.layers[i];
        if (n > bestCount) {
            bestCount = n;
            label = p.layers[i].label();
        }
    }
    s += " | " + label;
    if (bestCount < p.layers.size())
        s += " (+" + std::to_string(p.layers.size() - bestCount) + " layers differ)";
    return s;
}

/// Runs of one strategy (contiguous layers) per pipeline stage, most over the stages.
int runsPerStage(const Plan& p) {
    int most = 0, first = 0;
    const int chunks = static_cast<int>(p.stage_layers.size());
    const int pp = std::max(1, p.pp);
    std::vector<int> runs(static_cast<std::size_t>(pp), 0);
    std::vector<const LayerStrategy*> last(static_cast<std::size_t>(pp), nullptr);
    for (int c = 0; c < chunks; ++c) {
        const std::size_t stage = static_cast<std::size_t>(c % pp);
        for (int q = 0; q < p.stage_layers[static_cast<std::size_t>(c)]; ++q) {
            const auto& l = p.layers[static_cast<std::size_t>(first + q)];
            if (!last[stage] || !(*last[stage] == l))
                ++runs[stage];
            last[stage] = &l;
        }
        first += p.stage_layers[static_cast<std::size_t>(c)];
    }
    for (int r : runs)
        most = std::max(most, r);
    return most;
}

/// The structural differences between two plans that a team would notice, most important first.
std::string planDifference(const Plan& a, const Plan& b) {
    std::vector<std::string> d;
    if (a.global_batch != b.global_batch)
        d.push_back("global batch " + std::to_string(b.global_batch) + " instead of " +
                    std::to_string(a.global_batch));
    if (a.pp != b.pp)
        d.push_back(std::to_string(b.pp) + " pipeline stages instead of " + std::to_string(a.pp));
    if (a.schedule != b.schedule)
        d.push_back(std::string(toString(b.schedule)) + " instead of " + toString(a.schedule));
    else if (a.virtual_stages != b.virtual_stages)
        d.push_back(std::to_string(b.virtual_stages) + " chunks per stage instead of " +
                    std::to_string(a.virtual_stages));
    if (a.num_micro != b.num_micro)
        d.push_back(std::to_string(b.num_micro) + " micro-batches instead of " + std::to_string(a.num_micro));
    if (a.pp == b.pp && a.virtual_stages == b.virtual_stages && a.stage_layers != b.stage_layers)
        d.push_back("another stage split");
    if (a.vocab_tp != b.vocab_tp || a.vocab_dp_type != b.vocab_dp_type)
        d.push_back("embedding/head tp " + std::to_string(b.vocab_tp) + " instead of " +
                    std::to_string(a.vocab_tp));
    // Layer strategies: how many layers use each strategy, where the counts differ.
    std::map<std::string, std::pair<int, int>> count; // label -> (in a, in b)
    for (const auto& l : a.layers)
        ++count[l.label()].first;
    for (const auto& l : b.layers)
        ++count[l.label()].second;
    std::vector<std::pair<int, std::string>> layer_diffs;
    for (const auto& [label, n] : count)
        if (n.first != n.second)
            layer_diffs.emplace_back(std::abs(n.second - n.first),
                                     std::to_string(n.second) + " layers " + label +
                                         " (best: " + std::to_string(n.first) + ")");
    std::stable_sort(layer_diffs.begin(), layer_diffs.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < layer_diffs.size() && i < 2; ++i)
        d.push_back(layer_diffs[i].second);
    if (d.empty() && a.layers != b.layers)
        d.push_back("the same strategies on other layers");
    std::string s;
    for (std::size_t i = 0; i < d.size(); ++i)
        s += (i ? ", " : "") + d[i];
    return s;
}

/// Explains the gap between the best plan and another one, term by term.
std::string whyLost(const RankedPlan& best, const RankedPlan& other) {
    const auto& a = best.cost.time;
    const auto& b = other.cost.time;
    struct Term {
        const char* name;
        double delta;
    };
    // Per-sample comparison when batches differ.
    const double sa = best.plan.global_batch, sb = other.plan.global_batch;
    Term terms[] = {{"compute", b.compute / sb - a.compute / sa},
                    {"recompute", b.recompute / sb - a.recompute / sa},
                    {"TP communication", b.tp_comm / sb - a.tp_comm / sa},
                    {"context-parallel exchange", b.cp_comm / sb - a.cp_comm / sa},
                    {"expert all-to-alls", b.ep_comm / sb - a.ep_comm / sa},
                    {"DP gradient sync", b.dp_comm / sb - a.dp_comm / sa},
                    {"ZeRO-3 gathers", b.zero_comm / sb - a.zero_comm / sa},
                    {"pipeline sends", b.pp_comm / sb - a.pp_comm / sa},
                    {"layout switches", b.switch_comm / sb - a.switch_comm / sa},
                    {"pipeline bubble", b.bubble / sb - a.bubble / sa},
                    {"optimizer step", b.optimizer / sb - a.optimizer / sa}};
    std::sort(std::begin(terms), std::end(terms),
              [](const Term& x, const Term& y) { return x.delta > y.delta; });
    const double tA = best.cost.iteration_time / sa, tB = other.cost.iteration_time / sb;
    const double gap = tB / tA - 1.0;
    // Under 0.1% the cost terms barely differ: say so and name what is different in the plan.
    const bool tie = gap < 0.001;
    std::string s = tie ? fmt("%.3f%% slower per sample (practically a tie)", 100.0 * gap)
                        : fmt("%.1f%% slower per sample", 100.0 * gap);
    if (tie) {
        const std::string diff = planDifference(best.plan, other.plan);
        if (!diff.empty())
            s += "; it differs in: " + diff;
    }
    int shown = 0;
    for (const auto& t : terms) {
        if (t.delta <= (tie ? 0.0 : 0.005 * tA) || shown == 2)
            break;
        s += std::string(shown ? ", " : (tie ? "; " : ": ")) + "+" + formatSeconds(t.delta * sa) + " " +
             t.name;
        ++shown;
    }
    if (shown)
        s += " (per " + std::to_string(best.plan.global_batch) + " samples)";
    s += "; peak memory " + formatBytes(other.cost.peak_memory) + " vs " + formatBytes(best.cost.peak_memory);
    return s;
}
/// The live progress line on a terminal's stderr: phase, configurations solved/cut, DP labels, best
/// plan so far, elapsed time and an ETA measured from the phases done (unknown until there is one).
/// Silent for the first second; erased when the search ends.
class ProgressLine {
public:
    explicit ProgressLine(std::ostream& err) : err_(err), t0_(std::chrono::steady_clock::now()) {}
    ~ProgressLine() { finish(); }
    void finish() {
        std::lock_guard lock(mu_);
        if (shown_)
            err_ << "\r\x1b[K" << std::flush;
        shown_ = false;
        done_ = true;
    }
    /// A new search (searchAnytime runs the uniform one, then the per-layer one).
    void begin(std::string name) {
        std::lock_guard lock(mu_);
        search_ = std::move(name);
        phase_ = -1;
        durations_.clear();
        last_.reset();
    }
    void onEvent(const SearchEvent& ev) {
        if (ev.kind != SearchEvent::Kind::Progress)
            return;
        if (ev.dp_layers > 0) { // inside a long configuration: refresh the line with a projection
            dp_.add(ev);
            std::lock_guard lock(mu_);
            if (last_)
                render(*last_, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count());
            return;
        }
        if (ev.phase.empty())
            return;
        std::lock_guard lock(mu_);
        const double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        if (ev.phase_index < phase_) // the next search of searchAnytime / simplerPlans
            durations_.clear();
        if (ev.phase_index != phase_) {
            if (phase_ >= 0)
                durations_[phase_] = last_time_ - phase_start_;
            phase_start_ = phase_ >= 0 ? last_time_ : now;
            phase_ = ev.phase_index;
        }
        last_time_ = now;
        last_ = ev;
        render(ev, now);
    }

private:
    void render(const SearchEvent& ev, double now) {
        if (done_ || now < 1.0 || now - printed_ < 0.1)
            return;
        printed_ = now;
        std::string line = search_ + ": " + ev.phase + " " + std::to_string(ev.tasks_done) + "/" +
                           std::to_string(ev.tasks_total) + " configurations (" +
                           std::to_string(ev.tasks_cut) + " cut), " + std::to_string(ev.dp_states) +
                           " DP labels";
        if (ev.best_time > 0)
            line += ", best " + formatSeconds(ev.best_time) + "/iter";
        line += ", " + fmt("%.1f", now) + " s elapsed, ETA " + eta(ev, now);
        err_ << "\r\x1b[K" << line << std::flush;
        shown_ = true;
    }
    std::string eta(const SearchEvent& ev, double now) const {
        const double f = ev.tasks_total > 0 ? double(ev.tasks_done) / double(ev.tasks_total) : 1.0;
        const double in_phase = now - phase_start_;
        // A frontier point: the mean of those done, else a third of the per-layer pass (keep 1, not k).
        auto frontierPoint = [&]() {
            double sum = 0;
            int n = 0;
            for (const auto& [k, d] : durations_)
                if (k >= 2) {
                    sum += d;
                    ++n;
                }
            const auto main = durations_.find(1);
            if (n > 0)
                return sum / n;
            if (main != durations_.end())
                return main->second / 3;
            return f >= 0.05 ? in_phase / f / 3 : -1.0;
        };
        // Before a configuration completes: at least what the slowest running DP still needs.
        auto fromDp = [&]() {
            std::string text;
            const double r = dp_.remaining(text);
            return r < 0 ? std::string("unknown") : ">= ~" + fmt("%.0f", r) + " s (" + text + ")";
        };
        double rest;
        if (f >= 0.05)
            rest = in_phase * (1 - f) / f;
        else if (ev.phase_index >= 2 && frontierPoint() >= 0)
            rest = std::max(0.0, frontierPoint() - in_phase);
        else
            return fromDp();
        for (int j = ev.phase_index + 1; j < ev.phase_count; ++j) {
            if (j == 1)
                return fromDp(); // the per-layer pass has no measured relative
            const double est = frontierPoint();
            if (est < 0)
                return fromDp();
            rest += est;
        }
        return "~" + fmt(rest < 10 ? "%.1f" : "%.0f", rest) + " s";
    }
    std::ostream& err_;
    std::mutex mu_;
    std::chrono::steady_clock::time_point t0_;
    std::string search_ = "search";
    int phase_ = -1;
    double phase_start_ = 0, last_time_ = 0, printed_ = -1;
    std::optional<SearchEvent> last_; ///< the last phase event (the line shown)
    DpProjection dp_;
    std::map<int, double> durations_;
    bool shown_ = false, done_ = false;
};

void addSearchOptions(QCommandLineParser& p) {
    addProfileOptions(p);
    addRuntimeOptions(p);
    const auto opt = [&](const char* name, const char* help, const char* value = nullptr) {
        if (value)
            p.addOption({QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)});
        else
            p.addOption({QString::fromLatin1(name), QString::fromLatin1(help)});
    };
    opt("gpus", "GPUs to plan for (default: the whole cluster).", "N");
    opt("batch", "Global batch size(s), comma separated (default: automatic candidates).", "B[,B...]");
    opt("min-batch", "Smallest global batch of a power-of-two range.", "B");
    opt("max-batch", "Largest global batch of a power-of-two range.", "B");
    opt("budget", "Per-GPU memory budget in GiB (default: the GPU's memory).", "GB");
    opt("reserve", "Extra GiB per GPU kept free.", "GB");
    opt("top", "Number of distinct plans to print (default 5).", "K");
    opt("out", "Write the best plan as JSON to this file.", "plan.json");
    opt("json", "Print the result as JSON.");
    opt("tp", "Fix the tensor-parallel degree.", "T");
    opt("max-tp", "Largest tensor-parallel degree.", "T");
    opt("pp", "Fix the pipeline degree.", "P");
    opt("max-pp", "Largest pipeline degree.", "P");
    opt("max-dp", "Largest data-parallel degree.", "D");
    opt("cp", "Fix the context-parallel degree (tp * cp * dp = GPUs per stage).", "C");
    opt("max-cp", "Largest context-parallel degree.", "C");
    opt("cp-comm", "Context-parallel exchange: p2p (ring), a2a (Ulysses) or any (default).", "KIND");
    opt("cp-min-seq",
        "Search context parallelism only for sequences of at least this many tokens (default 8192).", "S");
    opt("ep", "Fix the expert-parallel degree of mixture-of-experts layers.", "E");
    opt("max-ep", "Largest expert-parallel degree.", "E");
    opt("dp-types", "Allowed data-parallel types: ddp,zero1,zero2,zero3 (default: all).", "LIST");
    opt("no-zero3", "Forbid ZeRO-3 / FSDP.");
    opt("no-sp", "Forbid sequence parallelism.");
    opt("no-ckpt", "Forbid activation checkpointing.");
    opt("schedules", "Allowed pipeline schedules: 1f1b,gpipe,interleaved (default: all).", "LIST");
    opt("max-micro",
        "Largest number of micro-batches tried (default: max(16, 8 * pp)); raise it for very large "
        "global batches.",
        "M");
    opt("any-divisor", "Allow any divisor as a degree, not only powers of two.");
    opt("uniform", "One strategy for all layers (Megatron-style) instead of per-layer strategies.");
    opt("target",
        "Framework the plan is for: any|megatron|torchtitan|deepspeed|hetu (default any). Only plans the "
        "framework runs exactly as planned are searched; the best plan for any runtime is shown for "
        "comparison.",
        "FW");
    opt("disable-rule", "Switch a pruning rule off (repeatable; see --explain for names).", "RULE");
    opt("threads", "Worker threads (default: all cores).", "N");
    opt("time-limit",
        "Seconds the whole search may run (default 60; 0 = no limit): a one-strategy-for-all-layers "
        "search first, then the per-layer search, both within the limit; a stopped search returns the best "
        "plans found.",
        "S");
    opt("explain", "Print the decision tree's pruning rules with counts and reasons.");
    opt("max-runs-per-stage",
        "Simplicity: at most N runs of one strategy (contiguous layers) per pipeline stage (default: no "
        "limit; 1 = one strategy per stage).",
        "N");
    opt("quiet", "No progress line on stderr.");
    opt("time", "Timed mode for scripts/benchmarks: print only the search time and the best plan's figures.");
}

/// SearchOptions from the command line (every value checked, errors name the option).
SearchOptions searchOptionsFrom(const QCommandLineParser& p, const ClusterProfile& cluster) {
    SearchOptions so;
    const auto isSet = [&](const char* n) { return p.isSet(QString::fromLatin1(n)); };
    so.cost = costOptionsFromOptions(p, cluster);
    if (isSet("gpus"))
        so.gpus = positiveInt(p, QStringLiteral("gpus"));
    if (isSet("batch"))
        so.global_batches = intList(p, QStringLiteral("batch"));
    if (isSet("min-batch"))
        so.min_batch = positiveInt(p, QStringLiteral("min-batch"));
    if (isSet("max-batch"))
        so.max_batch = positiveInt(p, QStringLiteral("max-batch"));
    if (isSet("budget"))
        so.cost.memory_budget_gib = positiveNumber(p, QStringLiteral("budget"), limits::kMaxGpuMemGib);
    if (isSet("reserve"))
        so.cost.memory_reserve_gib = positiveNumber(p, QStringLiteral("reserve"), limits::kMaxGpuMemGib);
    if (isSet("top"))
        so.top_k = positiveInt(p, QStringLiteral("top"));
    if (isSet("tp"))
        so.fixed_tp = positiveInt(p, QStringLiteral("tp"));
    if (isSet("max-tp"))
        so.max_tp = positiveInt(p, QStringLiteral("max-tp"));
    if (isSet("pp"))
        so.fixed_pp = positiveInt(p, QStringLiteral("pp"));
    if (isSet("max-pp"))
        so.max_pp = positiveInt(p, QStringLiteral("max-pp"));
    if (isSet("max-dp"))
        so.max_dp = positiveInt(p, QStringLiteral("max-dp"));
    if (isSet("cp"))
        so.fixed_cp = positiveInt(p, QStringLiteral("cp"));
    if (isSet("max-cp"))
        so.max_cp = positiveInt(p, QStringLiteral("max-cp"));
    if (isSet("cp-min-seq"))
        so.cp_min_seq = positiveInt(p, QStringLiteral("cp-min-seq"));
    if (isSet("cp-comm")) {
        const QString v = p.value(QStringLiteral("cp-comm")).trimmed().toLower();
        if (v == QLatin1String("any"))
            so.cp_comms = {CpComm::P2P, CpComm::A2A};
        else
            so.cp_comms = {cpCommFromString(v.toStdString(), "--cp-comm")};
    }
    if ((so.fixed_cp > 1 || so.max_cp > 1) && !isSet("cp-min-seq"))
        so.cp_min_seq = 0; // asking for cp means searching it whatever the sequence length
    if (isSet("ep"))
        so.fixed_ep = positiveInt(p, QStringLiteral("ep"));
    if (isSet("max-ep"))
        so.max_ep = positiveInt(p, QStringLiteral("max-ep"));
    if (isSet("dp-types")) {
        so.dp_types.clear();
        for (const QString& s :
             p.value(QStringLiteral("dp-types")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            so.dp_types.push_back(dpTypeFromString(s.trimmed().toStdString(), "--dp-types"));
    }
    if (isSet("no-zero3"))
        std::erase(so.dp_types, DpType::ZeRO3);
    if (so.dp_types.empty())
        throw InputError("--dp-types", "no data-parallel type left to search");
    if (isSet("no-sp"))
        so.allow_sp = false;
    if (isSet("no-ckpt"))
        so.allow_ckpt = false;
    if (isSet("schedules")) {
        so.schedules.clear();
        for (const QString& s :
             p.value(QStringLiteral("schedules")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            so.schedules.push_back(scheduleFromString(s.trimmed().toStdString(), "--schedules"));
    }
    if (isSet("max-micro")) {
        so.max_micro = positiveInt(p, QStringLiteral("max-micro"));
        if (so.max_micro > limits::kMaxBatch)
            throw InputError("--max-micro", "expected at most " + std::to_string(limits::kMaxBatch));
    }
    if (isSet("any-divisor"))
        so.pow2_degrees = false;
    if (isSet("uniform"))
        so.uniform_layers = true;
    if (isSet("target"))
        so.target = targetFromOptions(p);
    for (const QString& r : p.values(QStringLiteral("disable-rule")))
        so.disabled_rules.push_back(r.toStdString());
    if (isSet("threads"))
        so.threads = positiveInt(p, QStringLiteral("threads"), limits::kMaxThreads);
    so.emit_tree_events = false;
    if (isSet("max-runs-per-stage"))
        so.max_runs_per_stage = positiveInt(p, QStringLiteral("max-runs-per-stage"));
    return so;
}

/// --time-limit in seconds (default 60; 0 = no limit).
double timeLimitFrom(const QCommandLineParser& p) {
    const auto isSet = [&](const char* n) { return p.isSet(QString::fromLatin1(n)); };
    double limit = 60.0;
    if (isSet("time-limit")) {
        bool ok = false;
        limit = p.value(QStringLiteral("time-limit")).toDouble(&ok);
        if (!ok || limit < 0)
            throw InputError("--time-limit", "expected seconds >= 0, got '" +
                                                 p.value(QStringLiteral("time-limit")).toStdString() + "'");
    }
    return limit;
}

/// The price of simplicity: the best plans of the spaces simpler than `best` (fewer strategy runs per
/// stage), each under the same time limit as the search and stopped by Ctrl-C too.
std::vector<SimplerPlan> priceOfSimplicity(const CostModel& model, const SearchOptions& so,
                                           const RankedPlan& best, double limit, std::stop_token interrupted,
                                           const SearchObserver& observer) {
    // Only the spaces simpler than the best plan (it already has that few runs otherwise).
    SearchOptions simple = so;
    simple.max_runs_per_stage = runsPerStage(best.plan);
    if (so.max_runs_per_stage > 0)
        simple.max_runs_per_stage = std::min(simple.max_runs_per_stage, so.max_runs_per_stage);
    // Under the same time limit as the search.
    std::stop_source stop;
    std::stop_callback on_signal(interrupted, [&stop] { stop.request_stop(); });
    std::jthread timer([&stop, limit](std::stop_token quit) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit);
        while (limit > 0 && !quit.stop_requested() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (limit > 0 && !quit.stop_requested())
            stop.request_stop();
    });
    auto simpler = simplerPlans(model, simple, stop.get_token(), observer);
    timer.request_stop();
    return simpler;
}

/// What one `galvatron search` found: the result, the best plan for any runtime when a target was
/// searched, the note on how it ended, the price of simplicity and the wall time.
struct Outcome {
    SearchResult r;
    std::optional<SearchResult> any_result;
    std::string note;
    std::vector<SimplerPlan> simpler;
    double secs = 0;
};

/// --time: one line with the search time and the best plan's figures.
void printTimed(const CostModel& model, const SearchOptions& so, const Outcome& o, std::ostream& out) {
    const auto& [r, any_result, note, simpler, secs] = o;
    out << "search " << model.model().name << " on " << (so.gpus ? so.gpus : model.cluster().totalGpus())
        << " GPUs of " << model.cluster().name << ": " << fmt("%.3f", secs) << " s";
    if (r.best)
        out << ", best " << formatSeconds(r.best->cost.iteration_time) << "/iteration, "
            << fmt("%.1f", r.best->cost.samples_per_s) << " samples/s, peak "
            << formatBytes(r.best->cost.peak_memory);
    else
        out << ", no feasible plan";
    if (any_result && any_result->best && r.best)
        out << "; " << targetPriceLine(so.target, *r.best, *any_result->best);
    if (!note.empty())
        out << " (time limit reached)";
    out << "\n";
}

/// --json: the result as JSON (best, top, frontier, best for any runtime, statistics).
nlohmann::json resultJson(const CostModel& model, const SearchOptions& so, const Outcome& o) {
    const auto& [r, any_result, note, simpler, secs] = o;
    nlohmann::json j;
    j["model"] = model.model().name;
    j["cluster"] = model.cluster().name;
    j["seconds"] = secs;
    j["infeasible_reason"] = r.infeasible_reason;
    j["note"] = note;
    // For scripts: whether the plans are proven optimal (not stopped by the time limit or Ctrl-C) and
    // whether the frontier holds every point it would have (the note says the same in words).
    j["proven_optimal"] = !r.cancelled && !r.time_limited;
    j["frontier_partial"] = r.frontier_partial;
    j["target"] = toString(so.target);
    if (any_result && any_result->best)
        j["best_any"] = {{"iteration_time", any_result->best->cost.iteration_time},
                         {"time_per_sample", timePerSample(*any_result->best)},
                         {"plan", toJson(any_result->best->plan)}};
    auto ranked = [](const RankedPlan& rp) {
        return nlohmann::json{{"plan", toJson(rp.plan)}, {"cost", costToJson(rp.cost)}};
    };
    j["best"] = r.best ? ranked(*r.best) : nlohmann::json();
    j["top"] = nlohmann::json::array();
    for (const auto& rp : r.top)
        j["top"].push_back(ranked(rp));
    j["frontier"] = nlohmann::json::array();
    for (const auto& rp : r.frontier)
        j["frontier"].push_back({{"iteration_time", rp.cost.iteration_time},
                                 {"peak_memory", rp.cost.peak_memory},
                                 {"plan", toJson(rp.plan)}});
    j["stats"] = {{"tree_nodes", r.stats.tree_nodes},
                  {"pruned_nodes", r.stats.pruned_nodes},
                  {"leaves", r.stats.leaves},
                  {"dp_states", r.stats.dp_states},
                  {"plans_evaluated", r.stats.plans_evaluated},
                  {"reused_solves", r.stats.reused_solves},
                  {"helped_positions", r.stats.helped_positions}};
    return j;
}

/// The text report: the best plan, the top plans, why the runner-up lost, the price of simplicity and
/// of the target, the frontier, search statistics and (--explain) the pruning rules. Exit code.
int printReport(const QCommandLineParser& p, const CostModel& model, const SearchOptions& so,
                const Outcome& o, std::ostream& out, std::ostream& err) {
    const auto isSet = [&](const char* n) { return p.isSet(QString::fromLatin1(n)); };
    const auto& [r, any_result, note, simpler, secs] = o;
    if (!r.best && r.cancelled) { // stopped before any configuration completed: nothing is known
        err << "no plan yet: the search was stopped before any configuration completed (use --time-limit S "
               "for the uniform plans first, or --uniform)\n";
        return 3;
    }
    if (!r.best) {
        err << "no feasible plan: "
            << (r.infeasible_reason.empty() ? std::string("nothing fits the memory budget")
                                            : r.infeasible_reason)
            << "\n";
        return 3;
    }
    if (!note.empty())
        out << "Note: " << note << "\n\n";
    if (so.target != Target::Any) {
        const auto& caps = capabilities(so.target);
        out << "Target: " << caps.framework << " (" << caps.version << ", " << caps.source
            << "): only plans it runs exactly as planned\n";
        if (any_result && any_result->best)
            out << "Price of the target: " << targetPriceLine(so.target, *r.best, *any_result->best) << "\n";
        out << "\n";
    }
    out << formatPlanReport(model, r.best->plan, r.best->cost);
    out << "\nTop " << r.top.size() << " plans (time per iteration, throughput, peak memory):\n";
    for (std::size_t i = 0; i < r.top.size(); ++i) {
        const auto& rp = r.top[i];
        char line[160];
        std::snprintf(line, sizeof line, "  %zu. %10s  %8.2f samples/s  %9s  ", i + 1,
                      formatSeconds(rp.cost.iteration_time).c_str(), rp.cost.samples_per_s,
                      formatBytes(rp.cost.peak_memory).c_str());
        out << line << planSummary(rp.plan) << "\n";
    }
    if (r.top.size() > 1)
        out << "\nWhy the runner-up lost: " << whyLost(r.top[0], r.top[1]) << "\n";
    if (!simpler.empty()) {
        out << "\nPrice of simplicity (this plan: " << runsPerStage(r.best->plan)
            << (runsPerStage(r.best->plan) == 1 ? " run" : " runs")
            << " of one strategy per stage at most): ";
        for (std::size_t i = 0; i < simpler.size(); ++i) {
            const auto& s = simpler[i];
            out << (i ? "; " : "")
                << (s.max_runs == 0   ? std::string("uniform plan")
                    : s.max_runs == 1 ? std::string("1 run per stage")
                                      : std::to_string(s.max_runs) + " runs per stage")
                << ": "
                << (s.plan ? fmt("+%.2f%%", 100.0 * (timePerSample(*s.plan) / timePerSample(*r.best) - 1.0))
                           : std::string("nothing fits"));
        }
        out << "\n";
    }
    if (!r.frontier.empty()) {
        out << "\nPareto frontier (iteration time vs peak memory): ";
        for (std::size_t i = 0; i < r.frontier.size(); ++i)
            out << (i ? ", " : "") << formatSeconds(r.frontier[i].cost.iteration_time) << " @ "
                << formatBytes(r.frontier[i].cost.peak_memory);
        out << "\n";
    }
    out << "\nSearch: " << r.stats.tree_nodes << " tree nodes (" << r.stats.pruned_nodes << " pruned), "
        << r.stats.leaves << " layer strategies, " << r.stats.dp_states << " DP states, " << fmt("%.3f", secs)
        << " s\n";
    if (isSet("explain")) {
        out << "\nPruning rules:\n";
        for (const auto& rule : pruningRules()) {
            std::int64_t n = 0;
            for (const auto& [name, count] : r.stats.pruned_by_rule)
                if (name == rule.name)
                    n = count;
            out << "  " << rule.name << (rule.required ? " (required)" : "") << ": " << n << " pruned - "
                << rule.description << "\n";
        }
    }
    if (isSet("out"))
        out << "Best plan written to " << p.value(QStringLiteral("out")).toStdString() << "\n";
    return 0;
}

} // namespace

int cmdSearch(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Searches per-layer hybrid-parallel plans (DP, ZeRO-1/2/3, TP+SP, PP with GPipe/1F1B/interleaved, "
        "activation checkpointing) under a per-GPU memory budget and prints the best ones."));
    addSearchOptions(p);
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;

    const auto isSet = [&](const char* n) { return p.isSet(QString::fromLatin1(n)); };
    const ClusterProfile cluster = clusterFromOptions(p);
    const SearchOptions so = searchOptionsFrom(p, cluster);
    const CostModel model(modelFromOptions(p, &err), cluster, so.cost);
    const double limit = timeLimitFrom(p);
    const auto t0 = std::chrono::steady_clock::now();
    // A live progress line when stderr is a terminal (not for --json / --time, which scripts read).
    std::optional<ProgressLine> progress;
    if (!isSet("quiet") && &err == &std::cerr && isatty(STDERR_FILENO))
        progress.emplace(err);
    SearchObserver observer;
    if (progress)
        observer = [&progress](const SearchEvent& ev) { progress->onEvent(ev); };
    else // not a terminal: an unlimited search (--time-limit 0) still reports every 10 s
        observer = unlimitedSearchProgress(model, so, limit, err);
    // Ctrl-C / SIGTERM stops the search and reports the best plan so far.
    InterruptStop interrupt;
    const auto runSearch = [&](const SearchOptions& so, std::string& note) {
        // Anytime policy (core): a complete uniform search first, the per-layer search refines it until
        // the time limit. Target searches narrow the space to what the framework runs (gx/target_search.h).
        SearchResult r = searchForTarget(model, so, observer, interrupt.token(), limit);
        if (r.cancelled && interrupt.interrupted())
            note =
                "the search was interrupted (Ctrl-C / SIGTERM): plans below are the best found so far, not "
                "proven optimal";
        else if (r.time_limited)
            note = timeLimitNote(limit, r.time_limited_uniform, "--time-limit");
        else if (interrupt.interrupted())
            note = "the search was interrupted (Ctrl-C / SIGTERM) while computing the time/memory frontier: "
                   "the plans below are complete, the frontier is partial";
        else if (r.frontier_partial)
            note = frontierPartialNote(limit, r.frontier.size(), so.frontier_points, "--time-limit");
        return r;
    };
    if (progress)
        progress->begin("search");
    Outcome o;
    auto& [r, any_result, note, simpler, secs] = o;
    r = runSearch(so, note);
    if (so.target != Target::Any && r.best) {
        SearchOptions ao = so;
        ao.target = Target::Any;
        std::string any_note;
        any_result = runSearch(ao, any_note);
    }
    // Every plan written (file, JSON, top list) names the framework it was searched for.
    const auto tag = [](SearchResult& res, Target t) {
        if (res.best)
            res.best->plan.target = toString(t);
        for (auto& rp : res.top)
            rp.plan.target = toString(t);
        for (auto& rp : res.frontier)
            rp.plan.target = toString(t);
    };
    tag(r, so.target);
    if (any_result)
        tag(*any_result, Target::Any);
    // The price of simplicity: the best plans of simpler spaces (text output only).
    const auto& bl = r.best ? r.best->plan.layers : std::vector<LayerStrategy>{};
    const bool uniform_best =
        std::all_of(bl.begin(), bl.end(), [&](const auto& l) { return l == bl.front(); });
    if (r.best && !uniform_best && !isSet("time") && !isSet("json") && !interrupt.interrupted()) {
        if (progress)
            progress->begin("price of simplicity");
        simpler = priceOfSimplicity(model, so, *r.best, limit, interrupt.token(), observer);
    }
    if (progress)
        progress->finish();
    secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    if (isSet("out") && r.best)
        writeJsonFile(p.value(QStringLiteral("out")).toStdString(), toJson(r.best->plan));
    if (isSet("time")) {
        printTimed(model, so, o, out);
        return r.best ? 0 : 3;
    }
    if (isSet("json")) {
        out << resultJson(model, so, o).dump(2) << "\n";
        return r.best ? 0 : 3;
    }
    return printReport(p, model, so, o, out, err);
}

} // namespace gx::cli
