// SPDX-License-Identifier: Apache-2.0
// `galvatron presets [models|clusters|runtimes] [--show NAME] [--json]`: lists the built-in presets or
// prints one.
#include "cli/cli.h"
#include "cli/cli_common.h"

#include "gx/error.h"
#include "gx/presets.h"
#include "gx/profile_io.h"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace gx::cli {

namespace {

/// Columns as wide as their widest cell (+2 spaces), the last one unpadded.
void printTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> w;
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (w.size() <= i)
                w.push_back(0);
            w[i] = std::max(w[i], r[i].size());
        }
    for (const auto& r : rows) {
        for (std::size_t i = 0; i < r.size(); ++i) {
            out << r[i];
            if (i + 1 < r.size())
                out << std::string(w[i] + 2 - r[i].size(), ' ');
        }
        out << "\n";
    }
}

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string humanParams(double p) {
    if (p >= 1e9)
        return fmt("%.2fB", p / 1e9);
    return fmt("%.0fM", p / 1e6);
}

std::string layersText(const ModelProfile& m) {
    std::string s;
    for (const auto& st : m.stacks)
        s += (s.empty() ? "" : "+") + std::to_string(st.count);
    return s;
}

/// Mixed-precision Adam model states, 16 bytes per parameter (Rajbhandari et al. 2020, ZeRO, section 3.1),
/// before any sharding: what the whole model needs across all GPUs.
double statesGib(const ModelProfile& m) {
    return 16.0 * double(m.totalParams()) / double(1ull << 30);
}

/// One kind of preset, each loaded by name: as a JSON array (toJson) or as a table (header, toRow).
template <class Load, class ToJson, class ToRow>
void listPresets(std::ostream& out, bool as_json, const std::vector<std::string>& names, Load load,
                 ToJson toJson, std::vector<std::string> header, ToRow toRow) {
    if (as_json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const auto& n : names)
            arr.push_back(toJson(load(n)));
        out << arr.dump(2) << "\n";
        return;
    }
    std::vector<std::vector<std::string>> rows = {std::move(header)};
    for (const auto& n : names)
        rows.push_back(toRow(load(n)));
    printTable(out, rows);
}

void listModels(std::ostream& out, bool as_json) {
    listPresets(
        out, as_json, modelPresetNames(), [](const std::string& n) { return modelPreset(n); },
        [](const ModelProfile& m) {
            return nlohmann::json{{"name", m.name},
                                  {"family", m.family},
                                  {"params", m.totalParams()},
                                  {"active_params", m.activeParams()},
                                  {"model_states_gib", statesGib(m)},
                                  {"layers", m.layerCount()},
                                  {"hidden", m.stacks.front().type.hidden},
                                  {"seq_len", m.seq_len}};
        },
        {"MODEL", "FAMILY", "PARAMS", "ACTIVE", "LAYERS", "HIDDEN", "HEADS/KV", "SEQ", "STATES GiB"},
        [](const ModelProfile& m) {
            const LayerType& t = m.stacks.front().type;
            return std::vector<std::string>{m.name,
                                            m.family,
                                            humanParams(double(m.totalParams())),
                                            humanParams(double(m.activeParams())),
                                            layersText(m),
                                            std::to_string(t.hidden),
                                            std::to_string(t.heads) + "/" + std::to_string(t.kv_heads),
                                            std::to_string(m.seq_len),
                                            fmt("%.0f", statesGib(m))};
        });
}

void listClusters(std::ostream& out, bool as_json) {
    listPresets(
        out, as_json, clusterPresetNames(), [](const std::string& n) { return clusterPreset(n); },
        [](const ClusterProfile& c) {
            return nlohmann::json{{"name", c.name},
                                  {"gpus", c.totalGpus()},
                                  {"nodes", c.nodes},
                                  {"gpu", c.gpu.name},
                                  {"memory_gib", c.gpu.memory_gib},
                                  {"peak_tflops_bf16", c.gpu.peak_tflops_bf16},
                                  {"intra_gbs", c.intra.bandwidth_gbs},
                                  {"inter_gbs", c.inter.bandwidth_gbs}};
        },
        {"CLUSTER", "GPUS", "GPU", "MEM GiB", "BF16 TF", "INTRA GB/s", "INTER GB/s"},
        [](const ClusterProfile& c) {
            return std::vector<std::string>{c.name,
                                            std::to_string(c.totalGpus()),
                                            c.gpu.name,
                                            fmt("%g", c.gpu.memory_gib),
                                            fmt("%g", c.gpu.peak_tflops_bf16),
                                            fmt("%g ", c.intra.bandwidth_gbs) + c.intra.kind,
                                            c.nodes > 1 ? fmt("%g ", c.inter.bandwidth_gbs) + c.inter.kind
                                                        : std::string("-")};
        });
}

void listRuntimes(std::ostream& out, bool as_json) {
    listPresets(
        out, as_json, runtimePresetNames(), [](const std::string& n) { return runtimePreset(n); },
        [](const RuntimeProfile& r) {
            return nlohmann::json{{"name", r.name},
                                  {"framework", r.framework},
                                  {"version", r.version},
                                  {"supports_fp8", r.supports_fp8},
                                  {"state_bytes_per_param", r.param_bytes + r.grad_bytes + r.optimizer_bytes},
                                  {"calibrated", !r.provenance.empty()}};
        },
        // States: weight + gradient + optimizer bytes per parameter before sharding.
        {"RUNTIME", "FRAMEWORK", "STATES B/PARAM", "FP8", "CALIBRATED", "VERSION"},
        [](const RuntimeProfile& r) {
            return std::vector<std::string>{r.name,
                                            r.framework,
                                            std::to_string(r.param_bytes) + "+" +
                                                std::to_string(r.grad_bytes) + "+" +
                                                std::to_string(r.optimizer_bytes),
                                            r.supports_fp8 ? "yes" : "no",
                                            r.provenance.empty() ? "no" : "yes",
                                            r.version};
        });
}

bool namedIn(const std::vector<std::string>& names, const std::string& name) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
        return QString::fromStdString(n).compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0;
    });
}

} // namespace

int cmdPresets(const QStringList& args, std::ostream& out, std::ostream& err) {
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Lists the built-in model, cluster and runtime presets, or prints one."));
    p.addPositionalArgument(QStringLiteral("kind"),
                            QStringLiteral("models, clusters or runtimes (default: all three)."),
                            QStringLiteral("[models|clusters|runtimes]"));
    p.addOption({QStringLiteral("show"), QStringLiteral("Print one preset as profile JSON."),
                 QStringLiteral("NAME")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print the list as JSON.")});
    if (auto rc = parseOrExit(p, args, out, err))
        return *rc;
    const QStringList pos = p.positionalArguments();
    if (pos.size() > 1) {
        err << args.value(0).toStdString() << ": expected at most one of models|clusters|runtimes\n";
        return 2;
    }
    const QString kind = pos.value(0);
    if (!kind.isEmpty() && kind != QLatin1String("models") && kind != QLatin1String("clusters") &&
        kind != QLatin1String("runtimes")) {
        err << args.value(0).toStdString() << ": unknown kind '" << kind.toStdString()
            << "' (expected models, clusters or runtimes)\n";
        return 2;
    }
    const bool as_json = p.isSet(QStringLiteral("json"));

    if (p.isSet(QStringLiteral("show"))) {
        const std::string name = p.value(QStringLiteral("show")).toStdString();
        // Without a kind, a name is looked up among models, then clusters, then runtimes.
        if (kind == QLatin1String("clusters")) {
            out << toJson(clusterPreset(name)).dump(2) << "\n";
        } else if (kind == QLatin1String("models")) {
            out << toJson(modelPreset(name)).dump(2) << "\n";
        } else if (kind == QLatin1String("runtimes")) {
            out << toJson(runtimePreset(name)).dump(2) << "\n";
        } else if (namedIn(modelPresetNames(), name)) {
            out << toJson(modelPreset(name)).dump(2) << "\n";
        } else if (namedIn(clusterPresetNames(), name)) {
            out << toJson(clusterPreset(name)).dump(2) << "\n";
        } else if (namedIn(runtimePresetNames(), name)) {
            out << toJson(runtimePreset(name)).dump(2) << "\n";
        } else {
            std::string all;
            for (const auto& names : {modelPresetNames(), clusterPresetNames(), runtimePresetNames()})
                for (const auto& n : names)
                    all += (all.empty() ? "" : ", ") + n;
            throw InputError("--show", "unknown preset '" + name + "'; available: " + all);
        }
        return 0;
    }
    if (as_json && kind.isEmpty()) {
        std::ostringstream m, c, r;
        listModels(m, true);
        listClusters(c, true);
        listRuntimes(r, true);
        nlohmann::json j;
        j["models"] = nlohmann::json::parse(m.str());
        j["clusters"] = nlohmann::json::parse(c.str());
        j["runtimes"] = nlohmann::json::parse(r.str());
        out << j.dump(2) << "\n";
        return 0;
    }
    if (kind.isEmpty() || kind == QLatin1String("models"))
        listModels(out, as_json);
    if (kind.isEmpty())
        out << "\n";
    if (kind.isEmpty() || kind == QLatin1String("clusters"))
        listClusters(out, as_json);
    if (kind.isEmpty())
        out << "\n";
    if (kind.isEmpty() || kind == QLatin1String("runtimes"))
        listRuntimes(out, as_json);
    return 0;
}

} // namespace gx::cli
