// `galvatron search`: the automatic hybrid-parallel plan search from the command line.
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/planner.h"
#include "gx/profile_io.h"
#include "gx/report.h"
#include "gx/search_space.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <ostream>
#include <stop_token>
#include <thread>

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
                    {"DP gradient sync", b.dp_comm / sb - a.dp_comm / sa},
                    {"ZeRO-3 gathers", b.zero_comm / sb - a.zero_comm / sa},
                    {"pipeline sends", b.pp_comm / sb - a.pp_comm / sa},
                    {"layout switches", b.switch_comm / sb - a.switch_comm / sa},
                    {"pipeline bubble", b.bubble / sb - a.bubble / sa},
                    {"optimizer step", b.optimizer / sb - a.optimizer / sa}};
    std::sort(std::begin(terms), std::end(terms),
              [](const Term& x, const Term& y) { return x.delta > y.delta; });
    const double tA = best.cost.iteration_time / sa, tB = other.cost.iteration_time / sb;
    std::string s = fmt("%.1f%% slower per sample", 100.0 * (tB / tA - 1.0));
    int shown = 0;
    for (const auto& t : terms) {
        if (t.delta <= 0.005 * tA || shown == 2)
            break;
        s += std::string(shown ? ", " : ": ") + "+" + formatSeconds(t.delta * sa) + " " + t.name;
        ++shown;
    }
    s += " (per " + std::to_string(best.plan.global_batch) + " samples); peak memory " +
         formatBytes(other.cost.peak_memory) + " vs " + formatBytes(best.cost.peak_memory);
    return s;
}
} // namespace

int cmdSearch(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Searches per-layer hybrid-parallel plans (DP, ZeRO-1/2/3, TP+SP, PP with GPipe/1F1B/interleaved, "
        "activation checkpointing) under a per-GPU memory budget and prints the best ones."));
    addProfileOptions(p);
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
    opt("dp-types", "Allowed data-parallel types: ddp,zero1,zero2,zero3 (default: all).", "LIST");
    opt("no-zero3", "Forbid ZeRO-3 / FSDP.");
    opt("no-sp", "Forbid sequence parallelism.");
    opt("no-ckpt", "Forbid activation checkpointing.");
    opt("schedules", "Allowed pipeline schedules: 1f1b,gpipe,interleaved (default: all).", "LIST");
    opt("any-divisor", "Allow any divisor as a degree, not only powers of two.");
    opt("uniform", "One strategy for all layers (Megatron-style) instead of per-layer strategies.");
    opt("disable-rule", "Switch a pruning rule off (repeatable; see --explain for names).", "RULE");
    opt("threads", "Worker threads (default: all cores).", "N");
    opt("time-limit",
        "Seconds the per-layer search may run (default 60; 0 = no limit). A one-strategy-for-all-layers "
        "search always completes first, so a stopped search still returns its best plans.",
        "S");
    opt("explain", "Print the decision tree's pruning rules with counts and reasons.");
    opt("time", "Timed mode for scripts/benchmarks: print only the search time and the best plan's figures.");
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;

    SearchOptions so;
    const auto isSet = [&](const char* n) { return p.isSet(QString::fromLatin1(n)); };
    if (isSet("gpus"))
        so.gpus = positiveInt(p, QStringLiteral("gpus"));
    if (isSet("batch"))
        so.global_batches = intList(p, QStringLiteral("batch"));
    if (isSet("min-batch"))
        so.min_batch = positiveInt(p, QStringLiteral("min-batch"));
    if (isSet("max-batch"))
        so.max_batch = positiveInt(p, QStringLiteral("max-batch"));
    if (isSet("budget"))
        so.cost.memory_budget_gib = positiveNumber(p, QStringLiteral("budget"));
    if (isSet("reserve"))
        so.cost.memory_reserve_gib = positiveNumber(p, QStringLiteral("reserve"));
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
    if (isSet("any-divisor"))
        so.pow2_degrees = false;
    if (isSet("uniform"))
        so.uniform_layers = true;
    for (const QString& r : p.values(QStringLiteral("disable-rule")))
        so.disabled_rules.push_back(r.toStdString());
    if (isSet("threads"))
        so.threads = positiveInt(p, QStringLiteral("threads"));
    so.emit_tree_events = false;

    const CostModel model(modelFromOptions(p), clusterFromOptions(p), so.cost);
    double limit = 60.0;
    if (isSet("time-limit")) {
        bool ok = false;
        limit = p.value(QStringLiteral("time-limit")).toDouble(&ok);
        if (!ok || limit < 0)
            throw InputError("--time-limit", "expected seconds >= 0, got '" +
                                                 p.value(QStringLiteral("time-limit")).toStdString() + "'");
    }
    const auto t0 = std::chrono::steady_clock::now();
    // Anytime policy (core): a complete uniform search first, the per-layer search refines it.
    SearchResult r = searchAnytime(model, so, limit);
    std::string note;
    if (r.time_limited)
        note = "the per-layer search reached the time limit (" + fmt("%.0f", limit) +
               " s, --time-limit): plans below are the best found so far, not proven optimal";
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    if (isSet("out") && r.best) {
        writeJsonFile(p.value(QStringLiteral("out")).toStdString(), toJson(r.best->plan));
    }
    if (isSet("time")) {
        out << "search " << model.model().name << " on " << (so.gpus ? so.gpus : model.cluster().totalGpus())
            << " GPUs of " << model.cluster().name << ": " << fmt("%.3f", secs) << " s";
        if (r.best)
            out << ", best " << formatSeconds(r.best->cost.iteration_time) << "/iteration, "
                << fmt("%.1f", r.best->cost.samples_per_s) << " samples/s, peak "
                << formatBytes(r.best->cost.peak_memory);
        else
            out << ", no feasible plan";
        if (!note.empty())
            out << " (time limit reached)";
        out << "\n";
        return r.best ? 0 : 3;
    }
    if (isSet("json")) {
        nlohmann::json j;
        j["model"] = model.model().name;
        j["cluster"] = model.cluster().name;
        j["seconds"] = secs;
        j["infeasible_reason"] = r.infeasible_reason;
        j["note"] = note;
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
                      {"plans_evaluated", r.stats.plans_evaluated}};
        out << j.dump(2) << "\n";
        return r.best ? 0 : 3;
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

} // namespace gx::cli
