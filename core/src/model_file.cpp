// SPDX-License-Identifier: Apache-2.0
// Galvatron Explorer - loading a model from a file (see gx/model_file.h).
#include "gx/model_file.h"

#include "gx/file_io.h"
#include "gx/hf_import.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace gx {

ModelProfile loadModelFile(const std::string& file) {
    const nlohmann::json j = readJsonFile(file);
    return withFileContext(file, [&] {
        if (isHuggingFaceConfig(j)) {
            const std::filesystem::path p(file);
            std::string name = p.stem().string();
            if (p.filename() == "config.json") {
                const auto dir = std::filesystem::absolute(p).parent_path();
                const std::string parent = dir.filename().string();
                if (!parent.empty())
                    name = parent;
                // Hugging Face cache layout: models--<org>--<name>/snapshots/<commit>/config.json
                const std::string repo = dir.parent_path().parent_path().filename().string();
                if (dir.parent_path().filename() == "snapshots" && repo.rfind("models--", 0) == 0)
                    name = repo.substr(repo.rfind("--") + 2);
            }
            // A folder name may hold any byte: keep the derived model name to one line of text.
            for (char& ch : name)
                if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
                    ch = '_';
            ModelProfile m = importHuggingFace(j, name);
            m.source = file;
            return m;
        }
        ModelProfile m = modelFromJson(j, "model");
        if (m.source.empty())
            m.source = file;
        return m;
    });
}

bool isHfConfigWithoutSeqLen(const std::string& file) {
    try {
        const nlohmann::json j = readJsonFile(file);
        return j.is_object() && !j.contains("seq_len") &&
               (j.contains("max_position_embeddings") || j.contains("n_positions") || j.contains("n_ctx"));
    } catch (const std::exception&) {
        return false;
    }
}

void setTrainingSeqLen(ModelProfile& m, int seq) {
    for (auto& st : m.stacks)
        if (st.type.seq_len == m.seq_len || st.type.seq_len == 0)
            st.type.seq_len = seq;
    m.seq_len = seq;
}

} // namespace gx
