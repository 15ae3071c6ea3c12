// SPDX-License-Identifier: Apache-2.0
// `galvatron validate --runs runs.json` and `galvatron calibrate --runs runs.json`: the cost model
// against measured training runs, and a fit of its named coefficients.
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/calibration.h"
#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <ctime>
#include <filesystem>
#include <map>
#include <ostream>

namespace gx::cli {

namespace {

void addRunsOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("runs"),
                 QStringLiteral("Measured runs JSON (format: docs/user-guide.md, 'Measured runs'). Default: "
                                "the 51 published runs shipped with the tests."),
                 QStringLiteral("runs.json")});
    p.addOption(
        {QStringLiteral("cluster"),
         QStringLiteral("Use this cluster (preset or JSON) for every run instead of the GPU's preset; its "
                        "node count grows to each run's GPUs."),
         QStringLiteral("C")});
    p.addOption({QStringLiteral("runtime"),
                 QStringLiteral("Use this runtime (preset or JSON) for every run instead of the record's."),
                 QStringLiteral("R")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
}

std::string runsFile(const QCommandLineParser& p) {
    if (p.isSet(QStringLiteral("runs")))
        return p.value(QStringLiteral("runs")).toStdString();
    for (const char* f : {GX_RUNS_INSTALLED, GX_RUNS_SOURCE}) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(f, ec))
            return f;
    }
    throw InputError("--runs", "give a measured runs JSON file (the published runs were not found at " +
                                   std::string(GX_RUNS_INSTALLED) + ")");
}

/// Runtime lookup: --runtime for every run, else the record's name (preset or file).
RuntimeLookup lookupFor(const QCommandLineParser& p) {
    const std::string forced =
        p.isSet(QStringLiteral("runtime")) ? p.value(QStringLiteral("runtime")).toStdString() : std::string();
    return [forced](const std::string& name) { return resolveRuntime(forced.empty() ? name : forced); };
}

std::vector<MeasuredRun> loadRuns(const QCommandLineParser& p) {
    const std::string cl =
        p.isSet(QStringLiteral("cluster")) ? p.value(QStringLiteral("cluster")).toStdString() : std::string();
    auto runs = loadRunsFile(runsFile(p), cl);
    if (p.isSet(QStringLiteral("runtime")))
        for (auto& r : runs)
            r.runtime = p.value(QStringLiteral("runtime")).toStdString();
    return runs;
}

} // namespace

int cmdValidate(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Predicts every measured run with the cost model and prints predicted against measured: per run, the "
        "summary (median and mean |error|, signed bias) and the errors by group (tp, pp, nodes, model size, "
        "sharding, precision, sequence length, recomputation, runtime), with the accuracy goals MET / NOT "
        "MET. "
        "Throughput error = measured time / predicted time - 1 (positive: the prediction is optimistic)."));
    addRunsOptions(p);
    p.addOption({QStringLiteral("summary"), QStringLiteral("Print the summary only, not every run.")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    const auto runs = loadRuns(p);
    const ValidationReport rep = validateRuns(runs, lookupFor(p));
    if (p.isSet(QStringLiteral("json"))) {
        out << validationJson(rep).dump(2) << "\n";
        return 0;
    }
    out << formatValidation(rep, {}, !p.isSet(QStringLiteral("summary")));
    for (const auto& r : runs)
        if (!r.unsupported.empty())
            out << "not expressible: " << r.id << ": " << r.unsupported << "\n";
    return 0;
}

int cmdCalibrate(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Fits the cost model's named coefficients (per GPU generation: GEMM efficiency and shape curve, "
        "attention efficiency, FP8 GEMM efficiency; per runtime: per-layer overhead, ZeRO-3 overlap, "
        "allocator fragmentation) to measured runs, prints the errors before and after, and writes the "
        "fitted GPU "
        "and runtime profiles with their provenance."));
    addRunsOptions(p);
    p.addOption(
        {QStringLiteral("cross-validate"),
         QStringLiteral("Instead of fitting once, fit K times, each time leaving every K-th run out, and "
                        "report the errors of the left-out runs (how the fit does on runs it has not seen)."),
         QStringLiteral("K")});
    p.addOption({QStringLiteral("only"),
                 QStringLiteral("Fit only coefficients whose name contains this text (repeatable), e.g. "
                                "'A100' or 'layer_overhead_us'."),
                 QStringLiteral("TEXT")});
    p.addOption(
        {QStringLiteral("out-dir"),
         QStringLiteral("Write <runtime>.runtime.json and <gpu>.gpu.json with the fitted values here."),
         QStringLiteral("DIR")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    const auto runs = loadRuns(p);
    std::vector<std::string> only;
    for (const QString& o : p.values(QStringLiteral("only")))
        only.push_back(o.toStdString());
    if (p.isSet(QStringLiteral("cross-validate"))) {
        const ValidationReport rep =
            crossValidate(runs, lookupFor(p), positiveInt(p, QStringLiteral("cross-validate")), only);
        if (p.isSet(QStringLiteral("json")))
            out << validationJson(rep).dump(2) << "\n";
        else
            out << "held-out predictions (each run predicted by coefficients fitted without it):\n"
                << formatValidation(rep, {}, true);
        return 0;
    }
    const CalibrationResult res = calibrate(runs, lookupFor(p), only);
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j;
        j["at_bound"] = nlohmann::json::array();
        for (const auto& c : res.coefficients) {
            j["coefficients"][c.name] = c.value;
            if (c.atBound() != 0)
                j["at_bound"].push_back({{"name", c.name}, {"bound", c.atBound() < 0 ? "lower" : "upper"}});
        }
        j["before"] = validationJson(res.before);
        j["after"] = validationJson(res.after);
        out << j.dump(2) << "\n";
    } else {
        out << "coefficients (" << res.coefficients.size() << "):\n";
        int pinned = 0;
        for (const auto& c : res.coefficients) {
            out << "  " << c.name << " = " << c.value << "   [" << c.lo << ", " << c.hi << "]";
            if (c.atBound() != 0)
                out << "   AT ITS " << (c.atBound() < 0 ? "LOWER" : "UPPER") << " BOUND";
            out << "\n";
            pinned += c.atBound() != 0;
        }
        if (pinned > 0)
            out << "(" << pinned << " at the end of the range: the runs pull such a coefficient further than "
                << "it can mean, so it absorbs what the model does not describe for them; fit fewer "
                   "coefficients (--only) or check those runs)\n";
        out << "\nbefore:\n"
            << formatValidation(res.before, {}, false) << "\nafter:\n"
            << formatValidation(res.after, {}, true);
    }
    if (p.isSet(QStringLiteral("out-dir"))) {
        // (with --json the standard output is the JSON document alone)
        std::ostream& note = p.isSet(QStringLiteral("json")) ? err : out;
        const std::string dir = p.value(QStringLiteral("out-dir")).toStdString();
        char date[32];
        const std::time_t now = std::time(nullptr);
        std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
        // The shape of the presets' provenance (the explorer shows it in short:
        // CoreText::calibrationSummary).
        char figures[96];
        std::snprintf(figures, sizeof figures, "throughput median |error| %.1f%% -> %.1f%%",
                      100 * res.before.time.median_abs, 100 * res.after.time.median_abs);
        const std::string prov = "galvatron calibrate on " + runsFile(p) + " (" +
                                 std::to_string(res.after.time.n) + " runs), " + date + ": " + figures;
        for (auto [name, rt] : res.runtimes) {
            rt.provenance["calibrated"] = prov;
            rt.provenance["date"] = date;
            std::string file = dir + "/" + name + ".runtime.json";
            writeJsonFile(file, toJson(rt));
            note << "wrote " << file << "\n";
        }
        for (auto [gpu, cl] : res.gpus) {
            cl.provenance["calibrated"] = prov;
            cl.provenance["date"] = date;
            std::string safe = gpu;
            for (auto& ch : safe)
                if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_')
                    ch = '_';
            std::string file = dir + "/" + safe + ".cluster.json";
            writeJsonFile(file, toJson(cl));
            note << "wrote " << file << "\n";
        }
    }
    return 0;
}

} // namespace gx::cli
