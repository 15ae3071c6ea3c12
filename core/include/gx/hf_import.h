// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - import of Hugging Face config.json files.
#pragma once

#include "gx/model.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace gx {

/// True if the JSON looks like a Hugging Face config (has "model_type" or "architectures").
bool isHuggingFaceConfig(const nlohmann::json& j);

/// Builds a ModelProfile from a Hugging Face config (GPT-2, LLaMA/Mistral/Qwen2, BERT, T5, ViT, ...).
/// `seq_len` overrides the sequence length (0: take max_position_embeddings or the family default).
/// Throws InputError naming the missing/invalid config key.
ModelProfile importHuggingFace(const nlohmann::json& config, const std::string& name, int seq_len = 0);

} // namespace gx
