// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - torchtitan 0.2.2's mixture-of-experts model definitions and how a model profile
// compares with them (private to core: exporters.cpp and target.cpp through
// torchtitanModelInexpressible).
#pragma once

#include "gx/model.h"

#include <optional>
#include <string>
#include <vector>

namespace gx::detail {

/// One of torchtitan's own mixture-of-experts models (pytorch/torchtitan@b5bcd76c).
struct TorchtitanMoeDefinition {
    std::string module; ///< --module: "deepseek_v3", "qwen3"
    std::string flavor; ///< the model_registry flavor: "671B", "30B-A3B"
    std::string config; ///< --config selecting it; empty when no config function does (236B, 235B-A22B)
    std::string source; ///< file:lines of the flavor
};

/// The torchtitan definition a model is (the one with its layer count, hidden size and routed experts)
/// and, each as one sentence, what that definition builds differently; without a definition, one sentence
/// saying that torchtitan has none. Empty for a dense model without multi-latent attention.
struct TorchtitanMoeMatch {
    std::optional<TorchtitanMoeDefinition> definition;
    std::vector<std::string> differences;
    /// How the definition trains the same model otherwise, each as one sentence: its expert bias for load
    /// balance where the model has none (a balancing method, as an auxiliary loss is, which no export
    /// carries; the layers, experts and parallelism are the planned ones).
    std::vector<std::string> training_notes;
};
TorchtitanMoeMatch torchtitanMoeMatch(const ModelProfile& model);

/// What torchtitan 0.2.2's MoE layer (models/common/moe.py and its token dispatchers) computes otherwise
/// than `model`'s mixture-of-experts layers whatever config function builds them (group ranking, capacity
/// factor, gated shared experts, expert shape), each as one sentence.
std::vector<std::string> torchtitanMoeLimits(const ModelProfile& model);

/// The definitions compared, for messages: "deepseek_v3 16B, 236B, 671B; qwen3 30B-A3B, 235B-A22B".
std::string torchtitanMoeDefinitionList();

} // namespace gx::detail
