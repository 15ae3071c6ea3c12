// Galvatron Explorer - JSON (de)serialisation and validation of profiles and plans.
//
// Every parse/validation failure throws gx::InputError whose field() is the JSON path of the bad value
// (e.g. "cluster.gpu.memory_gib") and whose reason says what is wrong and what is expected.
#pragma once

#include "gx/cluster.h"
#include "gx/error.h"
#include "gx/model.h"
#include "gx/runtime.h"
#include "gx/strategy.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace gx {

ModelProfile modelFromJson(const nlohmann::json& j, const std::string& path = "model");
nlohmann::json toJson(const ModelProfile& m);
ClusterProfile clusterFromJson(const nlohmann::json& j, const std::string& path = "cluster");
nlohmann::json toJson(const ClusterProfile& c);
LayerStrategy strategyFromJson(const nlohmann::json& j, const std::string& path = "strategy");
nlohmann::json toJson(const LayerStrategy& s);
Plan planFromJson(const nlohmann::json& j, const std::string& path = "plan");
RuntimeProfile runtimeFromJson(const nlohmann::json& j, const std::string& path = "runtime");
nlohmann::json toJson(const RuntimeProfile& r);
nlohmann::json toJson(const Plan& p);

/// Semantic checks (positive sizes, heads divide hidden, kv_heads divide heads, ...).
void validateModel(const ModelProfile& m, const std::string& path = "model");
void validateCluster(const ClusterProfile& c, const std::string& path = "cluster");

/// Reads and parses a JSON file; InputError(path-of-file, reason with line/column) on syntax errors.
nlohmann::json readJsonFile(const std::string& file);
void writeJsonFile(const std::string& file, const nlohmann::json& j);

ModelProfile loadModelFile(const std::string& file); ///< profile JSON or Hugging Face config.json
ClusterProfile loadClusterFile(const std::string& file);
Plan loadPlanFile(const std::string& file);
RuntimeProfile loadRuntimeFile(const std::string& file);

DpType dpTypeFromString(const std::string& s, const std::string& field);
Checkpoint checkpointFromString(const std::string& s, const std::string& field);
Schedule scheduleFromString(const std::string& s, const std::string& field);

} // namespace gx
