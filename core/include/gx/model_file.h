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

} // namespace gx
