// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - loading a model from a file: a model profile JSON or a Hugging Face
// config.json. It sits above both parsers (profile_io, hf_import), which know nothing of each other.
#pragma once

#include "gx/model.h"

#include <string>

namespace gx {

/// Reads `file` as a Hugging Face config.json (named after its folder, or the repository in a Hugging
/// Face cache) when it looks like one, else as a model profile. Errors name the field and the file.
ModelProfile loadModelFile(const std::string& file);

/// The sequence length a Hugging Face config.json is planned at when it gives only its context window
/// (max_position_embeddings: Llama 3.1's 131,072 is not a training length): the explorer and the CLI
/// use this unless told otherwise (--seq-len).
inline constexpr int kHfTrainingSeqLen = 4096;
/// True for a Hugging Face config.json that gives no training sequence length of its own.
bool isHfConfigWithoutSeqLen(const std::string& file);
/// Trains `m` at `seq` tokens: the model's sequence length and every layer stack's that used it
/// (an encoder-decoder's other lengths stay).
void setTrainingSeqLen(ModelProfile& m, int seq);

} // namespace gx
