// SPDX-License-Identifier: Apache-2.0
// Built-in model and cluster presets: JSON files under resources/presets, embedded at build time by
// core/embed_presets.cmake.
//
// A cluster file may describe a family of clusters that differ only in node count:
//   "_generate": {"name": "{N}x8xH100-IB", "nodes": [2, 4, 8]}
// yields one preset per entry, with "{N}" replaced by the node count.
#include "gx/presets.h"

#include "gx/error.h"
#include "gx/model_file.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <string_view>
#include <utility>

namespace gx {
namespace detail {
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedPresets();
}

using nlohmann::json;

namespace {

struct PresetTable {
    std::vector<std::string> model_names; ///< in file order (sorted by path)
    std::vector<std::string> cluster_names;
    std::vector<std::string> runtime_names;
    std::map<std::string, json> models; ///< keyed by lower-case name
    std::map<std::string, json> clusters;
    std::map<std::string, json> runtimes;
};

std::string lower(std::string s) {
    for (auto& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

void addPreset(std::vector<std::string>& names, std::map<std::string, json>& table, const std::string& file,
               const json& j) {
    if (!j.contains("name") || !j.at("name").is_string())
        throw InputError("presets/" + file + ".name", "preset has no name");
    const std::string name = j.at("name").get<std::string>();
    if (!table.emplace(lower(name), j).second)
        throw InputError("presets/" + file + ".name", "duplicate preset name '" + name + "'");
    names.push_back(name);
}

PresetTable buildTable() {
    PresetTable t;
    for (const auto& [path_sv, text] : detail::embeddedPresets()) {
        const std::string path(path_sv);
        json j;
        try {
            j = json::parse(text, nullptr, true, true);
        } catch (const json::parse_error& e) {
            throw InputError("presets/" + path, std::string("broken built-in preset: ") + e.what());
        }
        if (path.rfind("models/", 0) == 0) {
            addPreset(t.model_names, t.models, path, j);
        } else if (path.rfind("runtimes/", 0) == 0) {
            addPreset(t.runtime_names, t.runtimes, path, j);
        } else if (path.rfind("clusters/", 0) == 0) {
            if (j.contains("_generate")) {
                const json& g = j.at("_generate");
                json base = j;
                base.erase("_generate");
                for (const auto& n : g.at("nodes")) {
                    json c = base;
                    c["nodes"] = n;
                    c["name"] =
                        replaceAll(g.at("name").get<std::string>(), "{N}", std::to_string(n.get<int>()));
                    addPreset(t.cluster_names, t.clusters, path, c);
                }
            } else {
                addPreset(t.cluster_names, t.clusters, path, j);
            }
        }
    }
    // Models listed by family, then by size (file order would put gpt3-13b before gpt3-2.7b).
    std::map<std::string, std::pair<std::string, std::int64_t>> key;
    for (const auto& n : t.model_names) {
        const ModelProfile m = modelFromJson(t.models.at(lower(n)), "presets/models/" + n);
        key[n] = {m.family, m.totalParams()};
    }
    std::stable_sort(t.model_names.begin(), t.model_names.end(),
                     [&](const std::string& a, const std::string& b) { return key[a] < key[b]; });
    return t;
}

const PresetTable& table() {
    static const PresetTable t = buildTable();
    return t;
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string s;
    for (const auto& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

bool isFile(const std::string& p) {
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec);
}

/// Looks like a path rather than a preset name: a missing file is then reported as such.
bool looksLikePath(const std::string& s) {
    return s.find('/') != std::string::npos || s.find('\\') != std::string::npos ||
           (s.size() > 5 && s.compare(s.size() - 5, 5, ".json") == 0);
}

bool isDir(const std::string& p) {
    std::error_code ec;
    return std::filesystem::is_directory(p, ec);
}

} // namespace

std::vector<std::string> modelPresetNames() {
    return table().model_names;
}

std::vector<std::string> clusterPresetNames() {
    return table().cluster_names;
}

ModelProfile modelPreset(const std::string& name) {
    const auto& t = table();
    auto it = t.models.find(lower(name));
    if (it == t.models.end())
        throw InputError("model", "unknown preset '" + name + "'; available: " + joinNames(t.model_names));
    return modelFromJson(it->second, "model");
}

ClusterProfile clusterPreset(const std::string& name) {
    const auto& t = table();
    auto it = t.clusters.find(lower(name));
    if (it == t.clusters.end())
        throw InputError("cluster",
                         "unknown preset '" + name + "'; available: " + joinNames(t.cluster_names));
    return clusterFromJson(it->second, "cluster");
}

std::vector<std::string> runtimePresetNames() {
    return table().runtime_names;
}

RuntimeProfile runtimePreset(const std::string& name) {
    const auto& t = table();
    auto it = t.runtimes.find(lower(name));
    if (it == t.runtimes.end())
        throw InputError("runtime",
                         "unknown preset '" + name + "'; available: " + joinNames(t.runtime_names));
    return runtimeFromJson(it->second, "runtime");
}

RuntimeProfile resolveRuntime(const std::string& name_or_path) {
    if (name_or_path.empty())
        throw InputError("runtime", "empty runtime name; give a preset (" + joinNames(runtimePresetNames()) +
                                        ") or a JSON path");
    if (table().runtimes.count(lower(name_or_path)))
        return runtimePreset(name_or_path);
    if (isFile(name_or_path) || (looksLikePath(name_or_path) && !isDir(name_or_path)))
        return loadRuntimeFile(name_or_path);
    throw InputError("runtime", "'" + name_or_path + "' is neither a preset nor a readable file; presets: " +
                                    joinNames(runtimePresetNames()));
}

ModelProfile resolveModel(const std::string& name_or_path) {
    if (name_or_path.empty())
        throw InputError("model", "empty model name; give a preset (" + joinNames(modelPresetNames()) +
                                      ") or a JSON / config.json path");
    if (table().models.count(lower(name_or_path)))
        return modelPreset(name_or_path);
    if (isFile(name_or_path))
        return loadModelFile(name_or_path);
    // A Hugging Face snapshot folder holding config.json.
    if (isDir(name_or_path) && isFile((std::filesystem::path(name_or_path) / "config.json").string()))
        return loadModelFile((std::filesystem::path(name_or_path) / "config.json").string());
    if (looksLikePath(name_or_path) && !isDir(name_or_path))
        return loadModelFile(name_or_path); // reports "cannot open file" with the reason
    throw InputError("model", "'" + name_or_path + "' is neither a preset nor a readable file; presets: " +
                                  joinNames(modelPresetNames()));
}

ClusterProfile resolveCluster(const std::string& name_or_path) {
    if (name_or_path.empty())
        throw InputError("cluster", "empty cluster name; give a preset (" + joinNames(clusterPresetNames()) +
                                        ") or a JSON path");
    if (table().clusters.count(lower(name_or_path)))
        return clusterPreset(name_or_path);
    if (isFile(name_or_path))
        return loadClusterFile(name_or_path);
    if (looksLikePath(name_or_path) && !isDir(name_or_path))
        return loadClusterFile(name_or_path); // reports "cannot open file" with the reason
    throw InputError("cluster", "'" + name_or_path + "' is neither a preset nor a readable file; presets: " +
                                    joinNames(clusterPresetNames()));
}

} // namespace gx
