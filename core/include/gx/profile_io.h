// SPDX-License-Identifier: Apache-2.0
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

ClusterProfile loadClusterFile(const std::string& file);
Plan loadPlanFile(const std::string& file);
RuntimeProfile loadRuntimeFile(const std::string& file);

/// Strict scalar readers for other readers (jobs, Hetu): InputError(path, reason) on a wrong type
/// (true, "8", 1.5 for an integer), or a value outside [min, max] (the reason gives the range and unit).
std::int64_t jsonInteger(const nlohmann::json& v, const std::string& path, std::int64_t min,
                         std::int64_t max);
double jsonNumber(const nlohmann::json& v, const std::string& path, double min, double max,
                  const char* unit = "");
bool jsonBool(const nlohmann::json& v, const std::string& path);
/// A one-line string (no control characters, bounded length).
std::string jsonName(const nlohmann::json& v, const std::string& path);

DpType dpTypeFromString(const std::string& s, const std::string& field);
Checkpoint checkpointFromString(const std::string& s, const std::string& field);
CpComm cpCommFromString(const std::string& s, const std::string& field);
Schedule scheduleFromString(const std::string& s, const std::string& field);

} // namespace gx
