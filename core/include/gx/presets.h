// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - built-in model and cluster presets (JSON files in resources/presets,
// compiled into the core library).
#pragma once

#include "gx/cluster.h"
#include "gx/model.h"
#include "gx/runtime.h"

#include <string>
#include <vector>

namespace gx {

std::vector<std::string> modelPresetNames();
std::vector<std::string> clusterPresetNames();
/// Throws InputError("model", "unknown preset 'x'; available: ...").
ModelProfile modelPreset(const std::string& name);
ClusterProfile clusterPreset(const std::string& name);

std::vector<std::string> runtimePresetNames();
RuntimeProfile runtimePreset(const std::string& name);
/// A runtime preset name (megatron-core, torchtitan, deepspeed, hetu-galvatron, generic) or a JSON path.
RuntimeProfile resolveRuntime(const std::string& name_or_path);

/// A preset name, or a path to a profile JSON / Hugging Face config.json.
ModelProfile resolveModel(const std::string& name_or_path);
ClusterProfile resolveCluster(const std::string& name_or_path);

/// Defaults used when the explorer or the CLI is started without arguments.
inline constexpr const char* kDefaultModel = "llama2-13b";
inline constexpr const char* kDefaultCluster = "4x8xA100-80G-IB";
inline constexpr const char* kDefaultRuntime = "megatron-core";

} // namespace gx
