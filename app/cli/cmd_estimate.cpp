// SPDX-License-Identifier: Apache-2.0
// `galvatron estimate --model M --cluster C --plan P.json`: predicted time and memory of one plan.
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/calibration.h"
#include "gx/cost_model.h"
#include "gx/error.h"
#include "gx/file_io.h"
#include "gx/profile_io.h"
#include "gx/report.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace gx::cli {

int cmdEstimate(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Predicts iteration time, throughput and per-stage memory of a plan."));
    addProfileOptions(p);
    addRuntimeOptions(p);
    p.addOption({QStringLiteral("plan"),
                 QStringLiteral("Plan JSON (as written by `galvatron search --out`)."),
                 QStringLiteral("P.json")});
    p.addOption({QStringLiteral("budget"),
                 QStringLiteral("Per-GPU memory budget in GiB (default: GPU memory)."),
                 QStringLiteral("GB")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    if (!p.isSet(QStringLiteral("plan")))
        throw InputError("--plan",
                         "a plan JSON file is required (write one with `galvatron search --out plan.json`)");
    const ClusterProfile cluster = clusterFromOptions(p);
    CostOptions opt = costOptionsFromOptions(p, cluster);
    if (p.isSet(QStringLiteral("budget")))
        opt.memory_budget_gib = positiveNumber(p, QStringLiteral("budget"), limits::kMaxGpuMemGib);
    Plan plan = loadPlanFile(p.value(QStringLiteral("plan")).toStdString());
    // The plan's precision wins unless --precision is given; the runtime used is recorded.
    if (p.isSet(QStringLiteral("precision")))
        plan.precision = opt.precision;
    opt.precision = plan.precision;
    plan.runtime = opt.runtime.name;
    ModelProfile mp = modelFromOptions(p, &err);
    followPlanSeqLen(p, plan, mp, err);
    const CostModel model(std::move(mp), cluster, opt);
    const PlanCost cost = model.evaluate(plan);
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j;
        j["plan"] = toJson(plan);
        j["cost"] = costToJson(cost);
        // Where published measurements disagree with the model for this plan and runtime.
        nlohmann::json cautions = nlohmann::json::array();
        for (const KnownGap& g : knownGaps(plan, opt.runtime))
            cautions.push_back({{"text", g.text()},
                                {"measured_minus_predicted_memory_gib", {g.low_gib, g.high_gib}},
                                {"runs", g.runs}});
        j["cautions"] = cautions;
        out << j.dump(2) << "\n";
    } else {
        out << formatPlanReport(model, plan, cost);
    }
    return cost.fits() ? 0 : 3;
}

} // namespace gx::cli
