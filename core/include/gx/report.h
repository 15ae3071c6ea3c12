// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - human-readable and JSON reports of a plan's predicted cost.
#pragma once

#include "gx/cost_model.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace gx {

/// "12.3 GiB", "512 MiB".
std::string formatBytes(double bytes);
/// "1.23 s", "45.6 ms", "789 us".
std::string formatSeconds(double seconds);
/// A count in thousands, millions or billions ("2.254 B", "354.2 M").
std::string formatCount(double n);

/// JSON of the cost breakdown (times in seconds, memory in bytes, plus *_gib convenience fields).
nlohmann::json costToJson(const PlanCost& cost);

/// Multi-line text: plan summary, per-stage table (layers, time per micro-batch, memory breakdown),
/// time breakdown and throughput. Used by `galvatron estimate` and `galvatron search`.
std::string formatPlanReport(const CostModel& model, const Plan& plan, const PlanCost& cost);

/// One line per distinct layer-strategy run: "layers 0-15: tp4-sp dp2 ZeRO-1".
std::string formatStrategyRuns(const Plan& plan);

} // namespace gx
