// SPDX-License-Identifier: Apache-2.0
// JSON (de)serialisation and validation of model/cluster profiles and plans.
//
// The JSON keys mirror the C++ field names (snake_case). Readers are strict: a wrong type, a missing
// required key, an unknown enum string or an unknown key (a typo such as "hiden") is an InputError whose
// field() is the JSON path of the offending value. Keys starting with '_' or '$' are comments / schema
// references and are ignored.
#include "gx/profile_io.h"

#include "gx/file_io.h"
#include "gx/target.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace gx {

using nlohmann::json;

namespace {

/// Short rendering of a JSON value for error messages (bounded, never recursive).
std::string show(const json& v) {
    return showJson(v);
}

namespace L = limits;
/// Routed or shared experts per layer (input limit; DeepSeek-V3 has 256).
constexpr int kMaxExperts = 1 << 16;
/// Parameters of a whole model (input limit; 1000x the largest published models).
constexpr double kMaxModelParams = 1e15;
// Sanity ranges for physical quantities (units in the messages). Far above any real hardware.
constexpr double kMaxHostMemGib = 1 << 24; // 16 PiB per node
constexpr double kMaxTflops = 1e6;         // 1 EFLOPS per GPU
constexpr double kMaxBandwidthGbs = 1e6;   // 1 PB/s
constexpr double kMaxLatencyUs = 1e7;      // 10 s
constexpr double kMaxMessageBytes = 1e15;  // 1 PB
// ... and far below: a GPU of 1e-300 TFLOPS was accepted and printed 60-digit iteration times.
constexpr double kMinTflops = 1e-3;          // 1 GFLOPS
constexpr double kMinBandwidthGbs = 1e-3;    // 1 MB/s
constexpr double kMinGpuMemGib = 1.0 / 1024; // 1 MiB

std::string typeName(const json& v) {
    return v.type_name();
}

std::string joinPath(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
}

std::string indexPath(const std::string& path, std::size_t i) {
    return path + "[" + std::to_string(i) + "]";
}

template <typename T> std::string fmtNum(T v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

// --- scalar conversions -------------------------------------------------------------------------

enum class IntRule { Any, NonNegative, Positive };

int toInt(const json& v, const std::string& path, IntRule rule, int max = INT_MAX) {
    const char* what = rule == IntRule::Positive      ? "a positive integer"
                       : rule == IntRule::NonNegative ? "a non-negative integer"
                                                      : "an integer";
    double d = 0.0;
    if (v.is_number_integer() || v.is_number_unsigned()) {
        d = v.is_number_unsigned() ? double(v.get<std::uint64_t>()) : double(v.get<std::int64_t>());
    } else if (v.is_number_float() && std::isfinite(v.get<double>()) &&
               v.get<double>() == std::floor(v.get<double>())) {
        d = v.get<double>();
    } else {
        throw InputError(path, std::string("expected ") + what + ", got " + show(v));
    }
    if (d > double(INT_MAX) || d < double(INT_MIN))
        throw InputError(path, std::string("expected ") + what + " below 2^31, got " + show(v));
    const int i = static_cast<int>(d);
    if ((rule == IntRule::Positive && i <= 0) || (rule == IntRule::NonNegative && i < 0))
        throw InputError(path, std::string("expected ") + what + ", got " + show(v));
    if (i > max)
        throw InputError(path, std::string("expected ") + what + " up to " + std::to_string(max) +
                                   " (input limit), got " + show(v));
    return i;
}

enum class NumRule { Any, NonNegative, Positive, Fraction /* 0..1 */ };

double toNumber(const json& v, const std::string& path, NumRule rule, double max = 1e300,
                const char* unit = "", double min = 0) {
    const char* what = rule == NumRule::Positive      ? "a positive number"
                       : rule == NumRule::NonNegative ? "a non-negative number"
                       : rule == NumRule::Fraction    ? "a number between 0 and 1"
                                                      : "a number";
    if (!v.is_number() || !std::isfinite(v.get<double>()))
        throw InputError(path, std::string("expected ") + what + ", got " + show(v));
    const double d = v.get<double>();
    const bool ok = rule == NumRule::Any || (rule == NumRule::NonNegative && d >= 0) ||
                    (rule == NumRule::Positive && d > 0) || (rule == NumRule::Fraction && d >= 0 && d <= 1);
    if (!ok)
        throw InputError(path, std::string("expected ") + what + ", got " + show(v));
    if (d > max)
        throw InputError(path, std::string("expected ") + what + " up to " + fmtNum(max) +
                                   (*unit ? std::string(" ") + unit : std::string()) +
                                   " (sanity limit), got " + show(v));
    if (d > 0 && d < min) // (0 keeps its meaning where the rule allows it: "none")
        throw InputError(path, std::string("expected ") + (rule == NumRule::NonNegative ? "0 or " : "") +
                                   "at least " + fmtNum(min) +
                                   (*unit ? std::string(" ") + unit : std::string()) +
                                   " (sanity limit), got " + show(v));
    return d;
}

bool toBool(const json& v, const std::string& path) {
    if (!v.is_boolean())
        throw InputError(path, "expected true or false, got " + show(v));
    return v.get<bool>();
}

/// Strings are names, kinds and sources: one line, bounded (they end up in comments of generated
/// scripts; control characters are rejected here so no newline ever reaches a script).
std::string toStr(const json& v, const std::string& path) {
    if (!v.is_string())
        throw InputError(path, "expected a string, got " + show(v));
    checkName(v.get_ref<const std::string&>(), path);
    return v.get<std::string>();
}

/// Levenshtein distance (for "did you mean" hints on misspelt keys).
std::size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

/// Reads the keys of one JSON object, remembering which were used so that unknown keys can be reported.
class ObjectReader {
public:
    ObjectReader(const json& j, std::string path) : j_(j), path_(std::move(path)) {
        if (!j_.is_object())
            throw InputError(path_, "expected a JSON object, got " + typeName(j_) + " " + show(j_));
    }

    const std::string& path() const { return path_; }
    std::string at(const std::string& key) const { return joinPath(path_, key); }
    bool has(const std::string& key) {
        used_.insert(key);
        return j_.contains(key) && !j_.at(key).is_null();
    }
    const json& value(const std::string& key) {
        used_.insert(key);
        return j_.at(key);
    }
    const json& required(const std::string& key) {
        if (!has(key))
            throw InputError(at(key), "required field is missing");
        return j_.at(key);
    }

    void intField(const std::string& key, int& out, IntRule rule, bool req = false, int max = INT_MAX) {
        if (req)
            out = toInt(required(key), at(key), rule, max);
        else if (has(key))
            out = toInt(value(key), at(key), rule, max);
    }
    void numField(const std::string& key, double& out, NumRule rule, bool req = false, double max = 1e300,
                  const char* unit = "", double min = 0) {
        if (req)
            out = toNumber(required(key), at(key), rule, max, unit, min);
        else if (has(key))
            out = toNumber(value(key), at(key), rule, max, unit, min);
    }
    void boolField(const std::string& key, bool& out, bool req = false) {
        if (req)
            out = toBool(required(key), at(key));
        else if (has(key))
            out = toBool(value(key), at(key));
    }
    void strField(const std::string& key, std::string& out, bool req = false) {
        if (req)
            out = toStr(required(key), at(key));
        else if (has(key))
            out = toStr(value(key), at(key));
    }

    /// Rejects keys that were never asked for (except "_comment"-style and "$schema"-style keys).
    void finish() const {
        for (auto it = j_.begin(); it != j_.end(); ++it) {
            const std::string& k = it.key();
            if (k.empty() || k[0] == '_' || k[0] == '$')
                continue;
            if (!used_.count(k)) {
                std::string known, best;
                std::size_t best_d = 3; // suggest only close matches (typos)
                for (const auto& u : used_) {
                    known += (known.empty() ? "" : ", ") + u;
                    if (const std::size_t d = editDistance(k, u); d < best_d) {
                        best_d = d;
                        best = u;
                    }
                }
                if (best.empty()) {
                    // Abbreviations ("pcie_bw" for "pcie_bandwidth_gbs"): the longest shared prefix, 4+
                    // chars.
                    std::size_t best_p = 3;
                    for (const auto& u : used_) {
                        std::size_t p = 0;
                        while (p < k.size() && p < u.size() && k[p] == u[p])
                            ++p;
                        if (p > best_p) {
                            best_p = p;
                            best = u;
                        }
                    }
                }
                throw InputError(at(showString(k, 40)),
                                 "unknown field '" + showString(k, 40) + "'" +
                                     (best.empty() ? "" : "; did you mean '" + best + "'?") +
                                     " (known fields: " + known + ")");
            }
        }
    }

private:
    const json& j_;
    std::string path_;
    std::set<std::string> used_;
};

const json& requireArray(const json& v, const std::string& path, std::size_t max_size = SIZE_MAX) {
    if (!v.is_array())
        throw InputError(path, "expected a JSON array, got " + typeName(v) + " " + show(v));
    if (v.size() > max_size)
        throw InputError(path, "has " + std::to_string(v.size()) + " entries, more than the input limit of " +
                                   std::to_string(max_size));
    return v;
}

// --- enums -----------------------------------------------------------------------------------------

const char* kindString(BlockKind k) {
    switch (k) {
    case BlockKind::Decoder:
        return "decoder";
    case BlockKind::Encoder:
        return "encoder";
    case BlockKind::CrossDecoder:
        return "cross_decoder";
    }
    return "decoder";
}

BlockKind kindFromString(const std::string& s, const std::string& field) {
    if (s == "decoder")
        return BlockKind::Decoder;
    if (s == "encoder")
        return BlockKind::Encoder;
    if (s == "cross_decoder")
        return BlockKind::CrossDecoder;
    throw InputError(field, "unknown layer kind '" + showString(s, 40) +
                                "'; allowed: decoder, encoder, cross_decoder");
}

const char* collectiveString(Collective c) {
    switch (c) {
    case Collective::AllReduce:
        return "all_reduce";
    case Collective::AllGather:
        return "all_gather";
    case Collective::ReduceScatter:
        return "reduce_scatter";
    case Collective::AllToAll:
        return "all_to_all";
    case Collective::SendRecv:
        return "send_recv";
    }
    return "all_reduce";
}

Collective collectiveFromString(const std::string& s, const std::string& field) {
    for (Collective c : {Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter,
                         Collective::AllToAll, Collective::SendRecv})
        if (s == collectiveString(c))
            return c;
    throw InputError(field, "unknown collective '" + showString(s, 40) +
                                "'; allowed: all_reduce, all_gather, reduce_scatter, all_to_all, send_recv");
}

// --- model -----------------------------------------------------------------------------------------

struct LayerDefaults {
    int seq_len = 0;
    int cross_seq_len = 0;
};

MoeSpec moeFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    MoeSpec m;
    r.intField("experts", m.experts, IntRule::Positive, true, kMaxExperts);
    r.intField("top_k", m.top_k, IntRule::Positive, true, kMaxExperts);
    r.intField("shared_experts", m.shared_experts, IntRule::NonNegative, false, kMaxExperts);
    r.intField("shared_ffn_hidden", m.shared_ffn_hidden, IntRule::Positive, false, L::kMaxHidden);
    r.boolField("shared_expert_gate", m.shared_expert_gate);
    r.boolField("router_bias", m.router_bias);
    r.numField("capacity_factor", m.capacity_factor, NumRule::NonNegative, false, 1024.0);
    // The router. A score-correction bias without a score function is DeepSeek-V3's sigmoid (profiles
    // written before the field existed; their exports used sigmoid then).
    m.score_function = m.router_bias ? "sigmoid" : "softmax";
    r.strField("score_function", m.score_function); // (validateRouter checks the values)
    r.boolField("normalize_top_k", m.normalize_top_k);
    r.numField("routed_scaling", m.routed_scaling, NumRule::Positive, false, 1e6);
    r.intField("expert_groups", m.expert_groups, IntRule::Positive, false, kMaxExperts);
    r.intField("groups_per_token", m.groups_per_token, IntRule::Positive, m.expert_groups > 0, kMaxExperts);
    r.intField("group_score_top", m.group_score_top, IntRule::Positive, m.expert_groups > 0, kMaxExperts);
    r.numField("aux_loss_coeff", m.aux_loss_coeff, NumRule::NonNegative, false, 1.0);
    r.boolField("aux_loss_per_sequence", m.aux_loss_per_sequence);
    r.finish();
    return m;
}

json moeToJson(const MoeSpec& m) {
    json j;
    j["experts"] = m.experts;
    j["top_k"] = m.top_k;
    if (m.shared_experts > 0) {
        j["shared_experts"] = m.shared_experts;
        j["shared_ffn_hidden"] = m.shared_ffn_hidden;
    }
    if (m.shared_expert_gate)
        j["shared_expert_gate"] = true;
    if (m.router_bias)
        j["router_bias"] = true;
    if (m.capacity_factor > 0)
        j["capacity_factor"] = m.capacity_factor;
    if (m.score_function != "softmax")
        j["score_function"] = m.score_function;
    if (!m.normalize_top_k)
        j["normalize_top_k"] = false;
    if (m.routed_scaling != 1.0)
        j["routed_scaling"] = m.routed_scaling;
    if (m.groupLimited()) {
        j["expert_groups"] = m.expert_groups;
        j["groups_per_token"] = m.groups_per_token;
        j["group_score_top"] = m.group_score_top;
    }
    if (m.aux_loss_coeff > 0)
        j["aux_loss_coeff"] = m.aux_loss_coeff;
    if (m.aux_loss_per_sequence)
        j["aux_loss_per_sequence"] = true;
    return j;
}

MlaSpec mlaFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    MlaSpec m;
    r.intField("q_lora_rank", m.q_lora_rank, IntRule::NonNegative, false, L::kMaxHidden);
    r.intField("kv_lora_rank", m.kv_lora_rank, IntRule::Positive, true, L::kMaxHidden);
    r.intField("qk_nope_head_dim", m.qk_nope_head_dim, IntRule::Positive, true, L::kMaxHidden);
    r.intField("qk_rope_head_dim", m.qk_rope_head_dim, IntRule::Positive, true, L::kMaxHidden);
    r.intField("v_head_dim", m.v_head_dim, IntRule::Positive, true, L::kMaxHidden);
    r.finish();
    return m;
}

json mlaToJson(const MlaSpec& m) {
    return json{{"q_lora_rank", m.q_lora_rank},
                {"kv_lora_rank", m.kv_lora_rank},
                {"qk_nope_head_dim", m.qk_nope_head_dim},
                {"qk_rope_head_dim", m.qk_rope_head_dim},
                {"v_head_dim", m.v_head_dim}};
}

LayerType layerFromJson(const json& j, const std::string& path, const LayerDefaults& d) {
    ObjectReader r(j, path);
    LayerType t;
    if (r.has("kind"))
        t.kind = kindFromString(toStr(r.value("kind"), r.at("kind")), r.at("kind"));
    t.name = t.kind == BlockKind::Encoder ? "encoder" : "decoder";
    r.strField("name", t.name);
    r.intField("hidden", t.hidden, IntRule::Positive, true, L::kMaxHidden);
    r.intField("ffn_hidden", t.ffn_hidden, IntRule::Positive, true, L::kMaxHidden);
    r.intField("heads", t.heads, IntRule::Positive, true, L::kMaxHeads);
    t.kv_heads = t.heads;
    r.intField("kv_heads", t.kv_heads, IntRule::Positive, false, L::kMaxHeads);
    if (r.has("moe"))
        t.moe = moeFromJson(r.value("moe"), r.at("moe"));
    if (r.has("mla"))
        t.mla = mlaFromJson(r.value("mla"), r.at("mla"));
    const bool explicit_head_dim = r.has("head_dim");
    if (explicit_head_dim) {
        r.intField("head_dim", t.head_dim, IntRule::Positive, false, L::kMaxHidden);
    } else if (t.mla.enabled()) {
        t.head_dim = t.mla.qk_nope_head_dim + t.mla.qk_rope_head_dim; // the query/key head size
    } else {
        if (t.hidden % t.heads != 0)
            throw InputError(r.at("heads"), "heads (" + std::to_string(t.heads) + ") must divide hidden (" +
                                                std::to_string(t.hidden) +
                                                ") unless head_dim is given explicitly");
        t.head_dim = t.hidden / t.heads;
    }
    t.seq_len = d.seq_len;
    r.intField("seq_len", t.seq_len, IntRule::Positive, false, L::kMaxSeqLen);
    if (t.kind == BlockKind::CrossDecoder)
        t.cross_seq_len = d.cross_seq_len > 0 ? d.cross_seq_len : t.seq_len;
    r.intField("cross_seq_len", t.cross_seq_len, IntRule::NonNegative, false, L::kMaxSeqLen);
    r.boolField("gated_ffn", t.gated_ffn);
    r.boolField("bias", t.bias);
    r.boolField("dropout", t.dropout);
    r.boolField("qkv_bias", t.qkv_bias);
    r.boolField("qk_norm", t.qk_norm);
    r.finish();
    return t;
}

json layerToJson(const LayerType& t) {
    json j;
    j["name"] = t.name;
    j["kind"] = kindString(t.kind);
    j["hidden"] = t.hidden;
    j["ffn_hidden"] = t.ffn_hidden;
    j["heads"] = t.heads;
    j["kv_heads"] = t.kv_heads;
    j["head_dim"] = t.head_dim;
    j["seq_len"] = t.seq_len;
    if (t.kind == BlockKind::CrossDecoder || t.cross_seq_len > 0)
        j["cross_seq_len"] = t.cross_seq_len;
    j["gated_ffn"] = t.gated_ffn;
    j["bias"] = t.bias;
    j["dropout"] = t.dropout;
    // Written only when set, so that profiles without them keep their exact form.
    if (t.qkv_bias)
        j["qkv_bias"] = true;
    if (t.qk_norm)
        j["qk_norm"] = true;
    if (t.moe.enabled())
        j["moe"] = moeToJson(t.moe);
    if (t.mla.enabled())
        j["mla"] = mlaToJson(t.mla);
    return j;
}

// --- cluster ---------------------------------------------------------------------------------------

GpuSpec gpuFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    GpuSpec g;
    r.strField("name", g.name, true);
    r.numField("memory_gib", g.memory_gib, NumRule::Positive, true, L::kMaxGpuMemGib, "GiB", kMinGpuMemGib);
    r.numField("peak_tflops_bf16", g.peak_tflops_bf16, NumRule::Positive, true, kMaxTflops, "TFLOPS",
               kMinTflops);
    g.peak_tflops_fp16 = g.peak_tflops_bf16;
    r.numField("peak_tflops_fp16", g.peak_tflops_fp16, NumRule::Positive, false, kMaxTflops, "TFLOPS",
               kMinTflops);
    r.numField("peak_tflops_fp8", g.peak_tflops_fp8, NumRule::NonNegative, false, kMaxTflops, "TFLOPS",
               kMinTflops);
    r.numField("hbm_bandwidth_gbs", g.hbm_bandwidth_gbs, NumRule::Positive, false, kMaxBandwidthGbs, "GB/s",
               kMinBandwidthGbs);
    r.numField("gemm_efficiency", g.gemm_efficiency, NumRule::Fraction);
    r.numField("gemm_half_saturation", g.gemm_half_saturation, NumRule::NonNegative);
    r.numField("attention_efficiency", g.attention_efficiency, NumRule::Fraction);
    r.numField("fp8_gemm_efficiency", g.fp8_gemm_efficiency, NumRule::Fraction);
    r.intField("sm_count", g.sm_count, IntRule::Positive, false, 1 << 20);
    r.finish();
    return g;
}

json gpuToJson(const GpuSpec& g) {
    return json{{"name", g.name},
                {"memory_gib", g.memory_gib},
                {"peak_tflops_bf16", g.peak_tflops_bf16},
                {"peak_tflops_fp16", g.peak_tflops_fp16},
                {"peak_tflops_fp8", g.peak_tflops_fp8},
                {"hbm_bandwidth_gbs", g.hbm_bandwidth_gbs},
                {"gemm_efficiency", g.gemm_efficiency},
                {"gemm_half_saturation", g.gemm_half_saturation},
                {"attention_efficiency", g.attention_efficiency},
                {"fp8_gemm_efficiency", g.fp8_gemm_efficiency},
                {"sm_count", g.sm_count}};
}

LinkSpec linkFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    LinkSpec l;
    r.strField("kind", l.kind, true);
    r.numField("bandwidth_gbs", l.bandwidth_gbs, NumRule::Positive, true, kMaxBandwidthGbs, "GB/s",
               kMinBandwidthGbs);
    r.numField("latency_us", l.latency_us, NumRule::NonNegative, false, kMaxLatencyUs, "us");
    r.numField("efficiency", l.efficiency, NumRule::Fraction);
    if (l.efficiency <= 0)
        throw InputError(r.at("efficiency"),
                         "must be above 0 (the fraction of bandwidth_gbs collectives reach)");
    r.finish();
    return l;
}

json linkToJson(const LinkSpec& l) {
    return json{{"kind", l.kind},
                {"bandwidth_gbs", l.bandwidth_gbs},
                {"latency_us", l.latency_us},
                {"efficiency", l.efficiency}};
}

CollectiveMeasurement measurementFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    CollectiveMeasurement m;
    m.op = collectiveFromString(toStr(r.required("op"), r.at("op")), r.at("op"));
    r.intField("group_size", m.group_size, IntRule::Positive, true, L::kMaxGpus);
    r.boolField("inter_node", m.inter_node);
    r.numField("latency_us", m.latency_us, NumRule::NonNegative, false, kMaxLatencyUs, "us");
    const std::string pts = r.at("bytes_to_busbw_gbs");
    const json& arr = requireArray(r.required("bytes_to_busbw_gbs"), pts, L::kMaxMeasurements);
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const std::string pp = indexPath(pts, i);
        if (!arr[i].is_array() || arr[i].size() != 2)
            throw InputError(pp, "expected a [bytes, busbw_gbs] pair, got " + show(arr[i]));
        const double bytes =
            toNumber(arr[i][0], indexPath(pp, 0), NumRule::Positive, kMaxMessageBytes, "bytes");
        const double bw = toNumber(arr[i][1], indexPath(pp, 1), NumRule::NonNegative, kMaxBandwidthGbs,
                                   "GB/s", kMinBandwidthGbs);
        m.bytes_to_busbw_gbs.emplace_back(bytes, bw);
    }
    r.finish();
    return m;
}

json measurementToJson(const CollectiveMeasurement& m) {
    json pts = json::array();
    for (const auto& [b, bw] : m.bytes_to_busbw_gbs)
        pts.push_back(json::array({b, bw}));
    return json{{"op", collectiveString(m.op)},
                {"group_size", m.group_size},
                {"inter_node", m.inter_node},
                {"latency_us", m.latency_us},
                {"bytes_to_busbw_gbs", pts}};
}

} // namespace

// --- strict scalars (public) --------------------------------------------------------------------------

std::int64_t jsonInteger(const json& v, const std::string& path, std::int64_t min, std::int64_t max) {
    const std::string range = "an integer in " + std::to_string(min) + ".." + std::to_string(max);
    std::int64_t i = 0;
    if (v.is_number_unsigned()) {
        const std::uint64_t u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max))
            throw InputError(path, "expected " + range + ", got " + show(v));
        i = static_cast<std::int64_t>(u);
    } else if (v.is_number_integer()) {
        i = v.get<std::int64_t>();
    } else if (v.is_number_float() && std::isfinite(v.get<double>()) &&
               v.get<double>() == std::floor(v.get<double>()) && std::fabs(v.get<double>()) < 9e18) {
        i = static_cast<std::int64_t>(v.get<double>());
    } else {
        throw InputError(path, "expected " + range + ", got " + show(v));
    }
    if (i < min || i > max)
        throw InputError(path, "expected " + range + ", got " + show(v));
    return i;
}

double jsonNumber(const json& v, const std::string& path, double min, double max, const char* unit) {
    const std::string u = unit && *unit ? std::string(" ") + unit : std::string();
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < min || v.get<double>() > max)
        throw InputError(path,
                         "expected a number in " + fmtNum(min) + ".." + fmtNum(max) + u + ", got " + show(v));
    return v.get<double>();
}

bool jsonBool(const json& v, const std::string& path) {
    return toBool(v, path);
}

std::string jsonName(const json& v, const std::string& path) {
    return toStr(v, path);
}

// --- enums (public) ----------------------------------------------------------------------------------

DpType dpTypeFromString(const std::string& s, const std::string& field) {
    if (const auto v = enumFromName(kDpTypeNames, s))
        return *v;
    throw InputError(field,
                     "unknown dp_type '" + showString(s, 40) + "'; allowed: " + enumNameList(kDpTypeNames));
}

CpComm cpCommFromString(const std::string& s, const std::string& field) {
    // Megatron's --cp-comm-type names, plus the common names of the two schemes.
    if (const auto v = enumFromName(kCpCommNames, s))
        return *v;
    throw InputError(field, "unknown cp_comm '" + showString(s, 40) +
                                "'; allowed: " + enumNameList(kCpCommNames) +
                                " (p2p: ring attention, a2a: all-to-all, Ulysses)");
}

Checkpoint checkpointFromString(const std::string& s, const std::string& field) {
    if (const auto v = enumFromName(kCheckpointNames, s))
        return *v;
    throw InputError(field, "unknown checkpoint mode '" + showString(s, 40) +
                                "'; allowed: " + enumNameList(kCheckpointNames));
}

Schedule scheduleFromString(const std::string& s, const std::string& field) {
    if (const auto v = enumFromName(kScheduleNames, s))
        return *v;
    throw InputError(field, "unknown schedule '" + showString(s, 40) +
                                "'; allowed: " + enumNameList(kScheduleNames));
}

// --- model -------------------------------------------------------------------------------------------

/// Hugging Face's names; each kind takes its own keys only.
RopeScaling ropeScalingFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    RopeScaling s;
    r.strField("type", s.type, true);
    if (!RopeScaling::knownType(s.type))
        throw InputError(r.at("type"), "unknown rope scaling '" + showString(s.type, 40) +
                                           "'; allowed: " + RopeScaling::kTypeList);
    r.numField("factor", s.factor, NumRule::Positive, true, 1e6);
    const bool banded = s.type == "llama3" || s.type == "yarn";
    r.intField("original_max_position", s.original_max_position, IntRule::Positive, banded, L::kMaxSeqLen);
    if (s.type == "llama3") {
        r.numField("low_freq_factor", s.low_freq_factor, NumRule::Positive, true, 1e6);
        r.numField("high_freq_factor", s.high_freq_factor, NumRule::Positive, true, 1e6);
        if (s.high_freq_factor <= s.low_freq_factor)
            throw InputError(r.at("high_freq_factor"), "must be larger than low_freq_factor");
    } else if (s.type == "yarn") {
        r.numField("beta_fast", s.beta_fast, NumRule::Positive, true, 1e6);
        r.numField("beta_slow", s.beta_slow, NumRule::Positive, true, 1e6);
        r.numField("mscale", s.mscale, NumRule::NonNegative, false, 1e6);
        r.numField("mscale_all_dim", s.mscale_all_dim, NumRule::NonNegative, false, 1e6);
    }
    r.finish();
    return s;
}

json ropeScalingToJson(const RopeScaling& s) {
    json j{{"type", s.type}, {"factor", s.factor}};
    if (s.original_max_position > 0)
        j["original_max_position"] = s.original_max_position;
    if (s.type == "llama3") {
        j["low_freq_factor"] = s.low_freq_factor;
        j["high_freq_factor"] = s.high_freq_factor;
    } else if (s.type == "yarn") {
        j["beta_fast"] = s.beta_fast;
        j["beta_slow"] = s.beta_slow;
        j["mscale"] = s.mscale;
        j["mscale_all_dim"] = s.mscale_all_dim;
    }
    return j;
}

ModelProfile modelFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    ModelProfile m;
    r.strField("name", m.name, true);
    if (m.name.empty())
        throw InputError(r.at("name"), "must not be empty");
    r.strField("family", m.family);
    r.strField("source", m.source);
    r.intField("patch_size", m.patch_size, IntRule::NonNegative, false, L::kMaxSeqLen);
    r.intField("image_size", m.image_size, IntRule::NonNegative, false, 1 << 16);
    r.intField("channels", m.channels, IntRule::Positive, false, 1 << 16);
    r.intField("num_classes", m.num_classes, IntRule::NonNegative, false, L::kMaxVocab);
    r.intField("vocab_size", m.vocab_size, IntRule::NonNegative, m.patch_size == 0, L::kMaxVocab);
    if (m.patch_size > 0 && m.image_size > 0 && m.image_size % m.patch_size == 0 && !r.has("seq_len")) {
        const int side = m.image_size / m.patch_size;
        m.seq_len = side * side + 1; // patches + class token (Dosovitskiy et al. 2021)
    } else {
        r.intField("seq_len", m.seq_len, IntRule::Positive, true, L::kMaxSeqLen);
    }
    r.intField("max_position", m.max_position, IntRule::NonNegative, false, L::kMaxSeqLen);
    r.boolField("tied_embeddings", m.tied_embeddings);
    r.numField("rope_theta", m.rope_theta, NumRule::Positive, false, 1e12);
    if (r.has("rope_scaling"))
        m.rope_scaling = ropeScalingFromJson(r.value("rope_scaling"), r.at("rope_scaling"));

    const std::string sp = r.at("stacks");
    const json& stacks = requireArray(r.required("stacks"), sp, L::kMaxStacks);
    if (stacks.empty())
        throw InputError(sp, "a model needs at least one stack of layers");
    LayerDefaults d;
    d.seq_len = m.seq_len;
    std::int64_t layers = 0;
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        ObjectReader sr(stacks[i], indexPath(sp, i));
        LayerStack st;
        sr.intField("count", st.count, IntRule::Positive, true, L::kMaxLayers);
        st.type = layerFromJson(sr.required("layer"), sr.at("layer"), d);
        sr.finish();
        layers += st.count;
        if (layers > L::kMaxLayers)
            throw InputError(sr.at("count"), "the model has more than " + std::to_string(L::kMaxLayers) +
                                                 " layers in total (input limit)");
        // The first encoder stack's tokens are what a following cross-decoder attends to.
        if (st.type.kind == BlockKind::Encoder && d.cross_seq_len == 0)
            d.cross_seq_len = st.type.seq_len;
        m.stacks.push_back(st);
    }
    m.embed_hidden = m.stacks.front().type.hidden;
    r.intField("embed_hidden", m.embed_hidden, IntRule::Positive, false, L::kMaxHidden);
    r.finish();
    validateModel(m, path);
    return m;
}

json toJson(const ModelProfile& m) {
    json j;
    j["name"] = m.name;
    j["family"] = m.family;
    j["source"] = m.source;
    j["vocab_size"] = m.vocab_size;
    j["seq_len"] = m.seq_len;
    j["embed_hidden"] = m.embed_hidden;
    j["max_position"] = m.max_position;
    j["tied_embeddings"] = m.tied_embeddings;
    if (m.rope_theta > 0)
        j["rope_theta"] = m.rope_theta;
    if (!m.rope_scaling.type.empty())
        j["rope_scaling"] = ropeScalingToJson(m.rope_scaling);
    json stacks = json::array();
    for (const auto& st : m.stacks)
        stacks.push_back(json{{"count", st.count}, {"layer", layerToJson(st.type)}});
    j["stacks"] = stacks;
    if (m.patch_size > 0) {
        j["patch_size"] = m.patch_size;
        j["image_size"] = m.image_size;
        j["channels"] = m.channels;
    }
    if (m.num_classes > 0)
        j["num_classes"] = m.num_classes;
    return j;
}

namespace {
/// The router of an MoE layer `e` at path `mp`: a known score function, a positive scaling, and groups
/// that split the experts evenly and leave a token enough experts.
void validateRouter(const MoeSpec& e, const std::string& mp) {
    const auto num = [](int v) { return std::to_string(v); };
    if (!MoeSpec::knownScoreFunction(e.score_function))
        throw InputError(mp + ".score_function", "unknown score function '" +
                                                     showString(e.score_function, 40) +
                                                     "'; allowed: " + MoeSpec::kScoreFunctionList);
    if (e.router_bias && e.score_function != "sigmoid")
        throw InputError(mp + ".router_bias", "the score-correction bias (DeepSeek-V3's noaux_tc) needs "
                                              "score_function sigmoid, got " +
                                                  e.score_function);
    if (!(e.routed_scaling > 0 && e.routed_scaling <= 1e6))
        throw InputError(mp + ".routed_scaling",
                         "expected a positive factor up to 1e6, got " + fmtNum(e.routed_scaling));
    if (!e.groupLimited()) {
        if (e.expert_groups < 0)
            throw InputError(mp + ".expert_groups", "must not be negative");
        if (e.groups_per_token != 0 || e.group_score_top != 0)
            throw InputError(mp + ".expert_groups",
                             "groups_per_token and group_score_top need expert_groups > 0");
        return;
    }
    if (e.experts % e.expert_groups != 0)
        throw InputError(mp + ".expert_groups", "expert groups (" + num(e.expert_groups) +
                                                    ") must divide the experts (" + num(e.experts) + ")");
    const int per_group = e.experts / e.expert_groups;
    if (e.groups_per_token < 1 || e.groups_per_token > e.expert_groups)
        throw InputError(mp + ".groups_per_token", "must be between 1 and expert_groups (" +
                                                       num(e.expert_groups) + "), got " +
                                                       num(e.groups_per_token));
    if (e.group_score_top < 1 || e.group_score_top > per_group)
        throw InputError(mp + ".group_score_top", "must be between 1 and the experts of a group (" +
                                                      num(per_group) + "), got " + num(e.group_score_top));
    if (e.top_k > e.groups_per_token * per_group)
        throw InputError(mp + ".top_k", "router top-k (" + num(e.top_k) + ") exceeds the experts of the " +
                                            num(e.groups_per_token) + " groups a token may use (" +
                                            num(e.groups_per_token * per_group) + ")");
}

void validateMoe(const LayerType& t, const std::string& lp) {
    const MoeSpec& e = t.moe;
    const std::string mp = lp + ".moe";
    if (e.experts < 0)
        throw InputError(mp + ".experts", "must not be negative");
    if (!e.enabled()) {
        if (e.top_k != 0 || e.shared_experts != 0 || e.capacity_factor != 0 || e.expert_groups != 0)
            throw InputError(mp + ".experts",
                             "top_k, shared_experts, capacity_factor and expert_groups need experts > 0");
        return;
    }
    if (e.experts > kMaxExperts)
        throw InputError(mp + ".experts", "expected at most " + std::to_string(kMaxExperts) +
                                              " (input limit), got " + std::to_string(e.experts));
    if (e.top_k <= 0 || e.top_k > e.experts)
        throw InputError(mp + ".top_k", "router top-k (" + std::to_string(e.top_k) +
                                            ") must be between 1 and the number of experts (" +
                                            std::to_string(e.experts) + ")");
    if (e.shared_experts < 0 || e.shared_experts > kMaxExperts)
        throw InputError(mp + ".shared_experts", "expected 0 to " + std::to_string(kMaxExperts) + ", got " +
                                                     std::to_string(e.shared_experts));
    if (e.shared_experts > 0 && (e.shared_ffn_hidden <= 0 || e.shared_ffn_hidden > L::kMaxHidden))
        throw InputError(mp + ".shared_ffn_hidden", "a positive intermediate size (at most " +
                                                        std::to_string(L::kMaxHidden) +
                                                        ") is required when shared_experts > 0, got " +
                                                        std::to_string(e.shared_ffn_hidden));
    if (e.shared_experts == 0 && e.shared_expert_gate)
        throw InputError(mp + ".shared_expert_gate", "needs shared_experts > 0");
    if (!(e.capacity_factor == 0 || (e.capacity_factor > 0 && e.capacity_factor <= 1024.0)))
        throw InputError(mp + ".capacity_factor",
                         "expected 0 (dropless) or a positive factor up to 1024, got " +
                             fmtNum(e.capacity_factor));
    validateRouter(e, mp);
}

void validateMla(const LayerType& t, const std::string& lp) {
    const MlaSpec& m = t.mla;
    const std::string mp = lp + ".mla";
    if (!m.enabled()) {
        if (m.q_lora_rank != 0 || m.qk_nope_head_dim != 0 || m.qk_rope_head_dim != 0 || m.v_head_dim != 0)
            throw InputError(mp + ".kv_lora_rank", "multi-latent attention needs a positive kv_lora_rank");
        return;
    }
    auto pos = [&](const char* k, int v) {
        if (v <= 0 || v > L::kMaxHidden)
            throw InputError(mp + "." + k, "expected a positive integer up to " +
                                               std::to_string(L::kMaxHidden) + ", got " + std::to_string(v));
    };
    pos("kv_lora_rank", m.kv_lora_rank);
    pos("qk_nope_head_dim", m.qk_nope_head_dim);
    pos("qk_rope_head_dim", m.qk_rope_head_dim);
    pos("v_head_dim", m.v_head_dim);
    if (m.q_lora_rank < 0 || m.q_lora_rank > L::kMaxHidden)
        throw InputError(mp + ".q_lora_rank", "expected 0 (full-rank query) or a positive rank, got " +
                                                  std::to_string(m.q_lora_rank));
    if (t.kind == BlockKind::CrossDecoder)
        throw InputError(
            mp, "multi-latent attention is modelled for self-attention layers only (decoder, encoder)");
    if (t.head_dim != m.qk_nope_head_dim + m.qk_rope_head_dim)
        throw InputError(lp + ".head_dim", "with multi-latent attention head_dim is the query/key head size "
                                           "qk_nope_head_dim + qk_rope_head_dim (" +
                                               std::to_string(m.qk_nope_head_dim + m.qk_rope_head_dim) +
                                               "), got " + std::to_string(t.head_dim));
    if (t.kv_heads != t.heads)
        throw InputError(lp + ".kv_heads", "multi-latent attention has one key/value head per query head (" +
                                               std::to_string(t.heads) + "), got " +
                                               std::to_string(t.kv_heads));
    if (t.bias || t.qkv_bias)
        throw InputError(lp + ".bias",
                         "multi-latent attention layers have no linear biases (set bias: false)");
}
} // namespace

void validateModel(const ModelProfile& m, const std::string& path) {
    auto f = [&](const std::string& k) { return joinPath(path, k); };
    if (m.name.empty())
        throw InputError(f("name"), "must not be empty");
    if (m.stacks.empty())
        throw InputError(f("stacks"), "a model needs at least one stack of layers");
    if (m.seq_len <= 0)
        throw InputError(f("seq_len"), "expected a positive integer, got " + std::to_string(m.seq_len));
    if (m.vocab_size < 0)
        throw InputError(f("vocab_size"), "must not be negative");
    if (m.vocab_size == 0 && m.patch_size <= 0)
        throw InputError(f("vocab_size"),
                         "must be positive (only ViT-style models with patch_size have none)");
    if (m.embed_hidden <= 0)
        throw InputError(f("embed_hidden"),
                         "expected a positive integer, got " + std::to_string(m.embed_hidden));
    if (m.max_position < 0)
        throw InputError(f("max_position"), "must not be negative");
    if (m.max_position > 0 && m.seq_len > m.max_position)
        throw InputError(f("seq_len"),
                         "sequence length " + std::to_string(m.seq_len) +
                             " exceeds the learned position embeddings (max_position " +
                             std::to_string(m.max_position) +
                             "); raise max_position for a longer context (0 = rotary, no table)");
    if (m.patch_size < 0 || m.image_size < 0)
        throw InputError(f("patch_size"), "must not be negative");
    if (m.patch_size > 0) {
        if (m.image_size <= 0)
            throw InputError(f("image_size"), "required (positive) when patch_size is set");
        if (m.image_size % m.patch_size != 0)
            throw InputError(f("patch_size"), "patch_size (" + std::to_string(m.patch_size) +
                                                  ") must divide image_size (" +
                                                  std::to_string(m.image_size) + ")");
        if (m.channels <= 0)
            throw InputError(f("channels"), "expected a positive integer");
    }
    if (m.num_classes < 0)
        throw InputError(f("num_classes"), "must not be negative");
    // Input limits (README "Profile formats"): they keep every product of sizes far inside 64 bits.
    auto atMost = [](const std::string& field, std::int64_t v, std::int64_t max) {
        if (v > max)
            throw InputError(field, "expected at most " + std::to_string(max) + " (input limit), got " +
                                        std::to_string(v));
    };
    atMost(f("vocab_size"), m.vocab_size, L::kMaxVocab);
    atMost(f("num_classes"), m.num_classes, L::kMaxVocab);
    atMost(f("seq_len"), m.seq_len, L::kMaxSeqLen);
    atMost(f("max_position"), m.max_position, L::kMaxSeqLen);
    atMost(f("embed_hidden"), m.embed_hidden, L::kMaxHidden);
    atMost(f("image_size"), m.image_size, 1 << 16);
    atMost(f("patch_size"), m.patch_size, L::kMaxSeqLen);
    atMost(f("channels"), m.channels, 1 << 16);
    atMost(f("stacks"), static_cast<std::int64_t>(m.stacks.size()), L::kMaxStacks);
    std::int64_t total_layers = 0;
    for (std::size_t i = 0; i < m.stacks.size(); ++i) {
        const std::string sp = indexPath(f("stacks"), i);
        const LayerType& t = m.stacks[i].type;
        total_layers += m.stacks[i].count;
        atMost(sp + ".count", total_layers, L::kMaxLayers);
        atMost(sp + ".layer.hidden", t.hidden, L::kMaxHidden);
        atMost(sp + ".layer.ffn_hidden", t.ffn_hidden, L::kMaxHidden);
        atMost(sp + ".layer.heads", t.heads, L::kMaxHeads);
        atMost(sp + ".layer.kv_heads", t.kv_heads, L::kMaxHeads);
        atMost(sp + ".layer.head_dim", t.head_dim, L::kMaxHidden);
        atMost(sp + ".layer.head_dim", std::int64_t(t.heads) * t.head_dim, 4LL * L::kMaxHidden);
        atMost(sp + ".layer.seq_len", t.seq_len, L::kMaxSeqLen);
        atMost(sp + ".layer.cross_seq_len", t.cross_seq_len, L::kMaxSeqLen);
        checkName(t.name, sp + ".layer.name");
    }
    checkName(m.name, f("name"));
    for (std::size_t i = 0; i < m.stacks.size(); ++i) {
        const std::string sp = indexPath(f("stacks"), i);
        const LayerStack& st = m.stacks[i];
        if (st.count <= 0)
            throw InputError(sp + ".count", "expected a positive integer, got " + std::to_string(st.count));
        const LayerType& t = st.type;
        const std::string lp = sp + ".layer";
        auto pos = [&](const char* k, int v) {
            if (v <= 0)
                throw InputError(lp + "." + k, "expected a positive integer, got " + std::to_string(v));
        };
        pos("hidden", t.hidden);
        pos("ffn_hidden", t.ffn_hidden);
        pos("heads", t.heads);
        pos("kv_heads", t.kv_heads);
        pos("seq_len", t.seq_len);
        if (t.head_dim <= 0 && t.hidden % t.heads != 0)
            throw InputError(lp + ".heads", "heads (" + std::to_string(t.heads) + ") must divide hidden (" +
                                                std::to_string(t.hidden) + ")");
        if (t.kv_heads > t.heads || t.heads % t.kv_heads != 0)
            throw InputError(lp + ".kv_heads", "kv_heads (" + std::to_string(t.kv_heads) +
                                                   ") must divide heads (" + std::to_string(t.heads) + ")");
        if (t.cross_seq_len < 0)
            throw InputError(lp + ".cross_seq_len", "must not be negative");
        if (t.kind == BlockKind::CrossDecoder && t.cross_seq_len <= 0)
            throw InputError(lp + ".cross_seq_len", "a cross_decoder needs a positive cross_seq_len");
        validateMoe(t, lp);
        validateMla(t, lp);
    }
    // Experts multiply the per-layer sizes: keep whole-model counts inside 64 bits (each layer's count
    // is, by the limits above), summed in floating point.
    double total = 0;
    for (const auto& st : m.stacks)
        total += double(st.type.params()) * st.count;
    if (total > kMaxModelParams)
        throw InputError(f("stacks"), "the layers hold " + fmtNum(total) +
                                          " parameters, more than the input limit of " +
                                          fmtNum(kMaxModelParams));
}

// --- cluster -----------------------------------------------------------------------------------------

namespace {
/// A "provenance" object of strings (bounded count, no control characters); `scalars` also takes
/// numbers and booleans, kept as their JSON text (the engine writes some).
std::map<std::string, std::string> provenanceFromJson(const json& p, const std::string& pp, bool scalars) {
    if (!p.is_object())
        throw InputError(pp, "expected a JSON object of strings, got " + show(p));
    if (p.size() > static_cast<std::size_t>(L::kMaxMeasurements))
        throw InputError(pp, "more than " + std::to_string(L::kMaxMeasurements) + " entries");
    std::map<std::string, std::string> out;
    for (auto it = p.begin(); it != p.end(); ++it) {
        const std::string field = joinPath(pp, showString(it.key(), 40));
        if (it.value().is_string())
            out[it.key()] = toStr(it.value(), field);
        else if (scalars && (it.value().is_number() || it.value().is_boolean()))
            out[it.key()] = it.value().dump();
        else
            throw InputError(field, "expected a string, got " + show(it.value()));
    }
    return out;
}
} // namespace

ClusterProfile clusterFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    ClusterProfile c;
    r.strField("name", c.name, true);
    if (c.name.empty())
        throw InputError(r.at("name"), "must not be empty");
    r.strField("source", c.source);
    r.intField("nodes", c.nodes, IntRule::Positive, true, L::kMaxNodes);
    r.intField("gpus_per_node", c.gpus_per_node, IntRule::Positive, true, L::kMaxGpusPerNode);
    r.intField("nvlink_island_size", c.nvlink_island_size, IntRule::Positive, false, L::kMaxGpusPerNode);
    c.gpu = gpuFromJson(r.required("gpu"), r.at("gpu"));
    c.intra = linkFromJson(r.required("intra"), r.at("intra"));
    if (c.nodes > 1)
        c.inter = linkFromJson(r.required("inter"), r.at("inter"));
    else if (r.has("inter"))
        c.inter = linkFromJson(r.value("inter"), r.at("inter"));
    else
        c.inter = c.intra; // one node: no traffic ever crosses nodes
    r.numField("pcie_bandwidth_gbs", c.pcie_bandwidth_gbs, NumRule::Positive, false, kMaxBandwidthGbs, "GB/s",
               kMinBandwidthGbs);
    r.numField("host_memory_gib", c.host_memory_gib, NumRule::NonNegative, false, kMaxHostMemGib, "GiB");
    r.numField("overlap_efficiency", c.overlap_efficiency, NumRule::Fraction);
    r.numField("reserved_gib", c.reserved_gib, NumRule::NonNegative, false, L::kMaxGpuMemGib, "GiB");
    if (r.has("measured")) {
        const std::string mp = r.at("measured");
        const json& arr = requireArray(r.value("measured"), mp, L::kMaxMeasurements);
        for (std::size_t i = 0; i < arr.size(); ++i)
            c.measured.push_back(measurementFromJson(arr[i], indexPath(mp, i)));
    }
    if (r.has("provenance"))
        c.provenance = provenanceFromJson(r.value("provenance"), r.at("provenance"), true);
    r.finish();
    validateCluster(c, path);
    return c;
}

json toJson(const ClusterProfile& c) {
    json j;
    j["name"] = c.name;
    j["source"] = c.source;
    j["nodes"] = c.nodes;
    j["gpus_per_node"] = c.gpus_per_node;
    if (c.nvlink_island_size > 0)
        j["nvlink_island_size"] = c.nvlink_island_size;
    j["gpu"] = gpuToJson(c.gpu);
    j["intra"] = linkToJson(c.intra);
    j["inter"] = linkToJson(c.inter);
    j["pcie_bandwidth_gbs"] = c.pcie_bandwidth_gbs;
    j["host_memory_gib"] = c.host_memory_gib;
    j["overlap_efficiency"] = c.overlap_efficiency;
    j["reserved_gib"] = c.reserved_gib;
    if (!c.measured.empty()) {
        json arr = json::array();
        for (const auto& m : c.measured)
            arr.push_back(measurementToJson(m));
        j["measured"] = arr;
    }
    if (!c.provenance.empty())
        j["provenance"] = c.provenance;
    return j;
}

void validateCluster(const ClusterProfile& c, const std::string& path) {
    auto f = [&](const std::string& k) { return joinPath(path, k); };
    if (c.name.empty())
        throw InputError(f("name"), "must not be empty");
    if (c.nodes < 1)
        throw InputError(f("nodes"), "expected a positive integer, got " + std::to_string(c.nodes));
    if (c.gpus_per_node < 1)
        throw InputError(f("gpus_per_node"),
                         "expected a positive integer, got " + std::to_string(c.gpus_per_node));
    checkName(c.name, f("name"));
    if (c.nodes > L::kMaxNodes)
        throw InputError(f("nodes"), "expected at most " + std::to_string(L::kMaxNodes) + " (input limit)");
    if (c.gpus_per_node > L::kMaxGpusPerNode)
        throw InputError(f("gpus_per_node"),
                         "expected at most " + std::to_string(L::kMaxGpusPerNode) + " (input limit)");
    if (std::int64_t(c.nodes) * c.gpus_per_node > L::kMaxGpus)
        throw InputError(f("nodes"), "nodes * gpus_per_node is more than " + std::to_string(L::kMaxGpus) +
                                         " GPUs (input limit)");
    if (c.nvlink_island_size < 0 || (c.nvlink_island_size > 0 && c.gpus_per_node % c.nvlink_island_size != 0))
        throw InputError(f("nvlink_island_size"),
                         "expected a divisor of gpus_per_node (" + std::to_string(c.gpus_per_node) +
                             ": GPUs per NVLink island, the node split into equal islands), got " +
                             std::to_string(c.nvlink_island_size));
    auto positive = [&](const std::string& k, double v) {
        if (!(v > 0) || !std::isfinite(v))
            throw InputError(f(k), "expected a positive number, got " + fmtNum(v));
    };
    auto sane = [&](const std::string& k, double v, double max, const char* unit) {
        if (v > max)
            throw InputError(f(k), "expected at most " + fmtNum(max) + " " + unit + " (sanity limit), got " +
                                       fmtNum(v) + " " + unit);
    };
    sane("gpu.memory_gib", c.gpu.memory_gib, L::kMaxGpuMemGib, "GiB");
    sane("gpu.peak_tflops_bf16", c.gpu.peak_tflops_bf16, kMaxTflops, "TFLOPS");
    sane("gpu.peak_tflops_fp16", c.gpu.peak_tflops_fp16, kMaxTflops, "TFLOPS");
    sane("gpu.peak_tflops_fp8", c.gpu.peak_tflops_fp8, kMaxTflops, "TFLOPS");
    sane("gpu.hbm_bandwidth_gbs", c.gpu.hbm_bandwidth_gbs, kMaxBandwidthGbs, "GB/s");
    sane("intra.bandwidth_gbs", c.intra.bandwidth_gbs, kMaxBandwidthGbs, "GB/s");
    sane("inter.bandwidth_gbs", c.inter.bandwidth_gbs, kMaxBandwidthGbs, "GB/s");
    sane("intra.latency_us", c.intra.latency_us, kMaxLatencyUs, "us");
    sane("inter.latency_us", c.inter.latency_us, kMaxLatencyUs, "us");
    sane("pcie_bandwidth_gbs", c.pcie_bandwidth_gbs, kMaxBandwidthGbs, "GB/s");
    sane("host_memory_gib", c.host_memory_gib, kMaxHostMemGib, "GiB");
    positive("gpu.memory_gib", c.gpu.memory_gib);
    positive("gpu.peak_tflops_bf16", c.gpu.peak_tflops_bf16);
    positive("gpu.peak_tflops_fp16", c.gpu.peak_tflops_fp16);
    positive("gpu.hbm_bandwidth_gbs", c.gpu.hbm_bandwidth_gbs);
    if (c.gpu.peak_tflops_fp8 < 0)
        throw InputError(f("gpu.peak_tflops_fp8"), "must not be negative (0 = unsupported)");
    if (!(c.gpu.gemm_efficiency > 0 && c.gpu.gemm_efficiency <= 1))
        throw InputError(f("gpu.gemm_efficiency"),
                         "expected a fraction in (0, 1], got " + fmtNum(c.gpu.gemm_efficiency));
    if (c.gpu.sm_count <= 0)
        throw InputError(f("gpu.sm_count"),
                         "expected a positive integer, got " + std::to_string(c.gpu.sm_count));
    positive("intra.bandwidth_gbs", c.intra.bandwidth_gbs);
    positive("inter.bandwidth_gbs", c.inter.bandwidth_gbs);
    if (c.intra.latency_us < 0)
        throw InputError(f("intra.latency_us"), "must not be negative");
    if (c.inter.latency_us < 0)
        throw InputError(f("inter.latency_us"), "must not be negative");
    positive("pcie_bandwidth_gbs", c.pcie_bandwidth_gbs);
    if (c.host_memory_gib < 0)
        throw InputError(f("host_memory_gib"), "must not be negative");
    if (!(c.overlap_efficiency >= 0 && c.overlap_efficiency <= 1))
        throw InputError(f("overlap_efficiency"),
                         "expected a fraction in [0, 1], got " + fmtNum(c.overlap_efficiency));
    if (!(c.reserved_gib >= 0 && c.reserved_gib < c.gpu.memory_gib))
        throw InputError(f("reserved_gib"), "expected 0 <= reserved_gib < gpu.memory_gib (" +
                                                fmtNum(c.gpu.memory_gib) + "), got " +
                                                fmtNum(c.reserved_gib));
    for (std::size_t i = 0; i < c.measured.size(); ++i) {
        const auto& m = c.measured[i];
        const std::string mp = indexPath(f("measured"), i);
        // group_size 1 is accepted: nccl-tests (and the engine) report a single-rank run with bus bandwidth
        // 0.
        if (m.group_size < 1 || m.group_size > c.totalGpus())
            throw InputError(mp + ".group_size", "expected 1.." + std::to_string(c.totalGpus()) +
                                                     " (GPUs in the cluster), got " +
                                                     std::to_string(m.group_size));
        if (m.bytes_to_busbw_gbs.empty())
            throw InputError(mp + ".bytes_to_busbw_gbs", "needs at least one [bytes, busbw_gbs] point");
        for (std::size_t k = 0; k < m.bytes_to_busbw_gbs.size(); ++k) {
            const auto& [b, bw] = m.bytes_to_busbw_gbs[k];
            const std::string pp = indexPath(mp + ".bytes_to_busbw_gbs", k);
            if (!(b > 0))
                throw InputError(pp, "message size must be positive");
            if (!(bw > 0) && !(m.group_size == 1 && bw == 0))
                throw InputError(pp, "bus bandwidth must be positive (0 only for a single-rank group)");
            if (k > 0 && !(b > m.bytes_to_busbw_gbs[k - 1].first))
                throw InputError(pp, "points must be sorted by strictly increasing message size");
        }
    }
}

// --- strategies and plans ----------------------------------------------------------------------------

LayerStrategy strategyFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    LayerStrategy s;
    r.intField("tp", s.tp, IntRule::Positive, false, L::kMaxGpus);
    r.intField("dp", s.dp, IntRule::Positive, false, L::kMaxGpus);
    r.intField("cp", s.cp, IntRule::Positive, false, L::kMaxGpus);
    if (r.has("cp_comm"))
        s.cp_comm = cpCommFromString(toStr(r.value("cp_comm"), r.at("cp_comm")), r.at("cp_comm"));
    r.intField("ep", s.ep, IntRule::Positive, false, L::kMaxGpus);
    r.boolField("sp", s.sp);
    if (r.has("dp_type"))
        s.dp_type = dpTypeFromString(toStr(r.value("dp_type"), r.at("dp_type")), r.at("dp_type"));
    if (r.has("ckpt"))
        s.ckpt = checkpointFromString(toStr(r.value("ckpt"), r.at("ckpt")), r.at("ckpt"));
    r.boolField("tp_consecutive", s.tp_consecutive);
    r.finish();
    if (s.sp && s.tp < 2)
        throw InputError(r.at("sp"), "sequence parallelism needs tp > 1");
    return s;
}

json toJson(const LayerStrategy& s) {
    json j{{"tp", s.tp},
           {"dp", s.dp},
           {"sp", s.sp},
           {"dp_type", toString(s.dp_type)},
           {"ckpt", toString(s.ckpt)},
           {"tp_consecutive", s.tp_consecutive}};
    if (s.cp > 1) { // plans without context parallelism keep their pre-cp form
        j["cp"] = s.cp;
        j["cp_comm"] = toString(s.cp_comm);
    }
    if (s.ep > 1)
        j["ep"] = s.ep;
    return j;
}

namespace {

/// A plan's "stage_layers" (optional): one entry per model chunk, their sum within the layer limit.
/// Returns whether it was given; `total` is the sum.
bool readStageLayers(ObjectReader& r, int chunks, Plan& p, int& total) {
    bool have_stages = false;
    if (r.has("stage_layers")) {
        const std::string sp = r.at("stage_layers");
        const json& arr = requireArray(r.value("stage_layers"), sp, L::kMaxLayers);
        for (std::size_t i = 0; i < arr.size(); ++i)
            p.stage_layers.push_back(toInt(arr[i], indexPath(sp, i), IntRule::Positive, L::kMaxLayers));
        if (static_cast<int>(p.stage_layers.size()) != chunks)
            throw InputError(sp, "expected " + std::to_string(chunks) +
                                     " entries (pp * virtual_stages), got " +
                                     std::to_string(p.stage_layers.size()));
        have_stages = true;
    }
    std::int64_t total64 = 0;
    for (int n : p.stage_layers)
        total64 += n;
    if (total64 > L::kMaxLayers)
        throw InputError(r.at("stage_layers"), "sums to " + std::to_string(total64) +
                                                   " layers, more than the " + std::to_string(L::kMaxLayers) +
                                                   "-layer input limit");
    total = static_cast<int>(total64);
    return have_stages;
}

} // namespace

Plan planFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    Plan p;
    r.strField("model", p.model);
    r.strField("cluster", p.cluster);
    r.intField("gpus", p.gpus, IntRule::Positive, true, L::kMaxGpus);
    r.intField("pp", p.pp, IntRule::Positive, false, L::kMaxGpus);
    if (r.has("schedule"))
        p.schedule = scheduleFromString(toStr(r.value("schedule"), r.at("schedule")), r.at("schedule"));
    r.intField("virtual_stages", p.virtual_stages, IntRule::Positive, false, L::kMaxLayers);
    r.intField("global_batch", p.global_batch, IntRule::Positive, true, L::kMaxBatch);
    r.intField("num_micro", p.num_micro, IntRule::Positive, false, L::kMaxBatch);
    r.intField("vocab_tp", p.vocab_tp, IntRule::Positive, false, L::kMaxGpus);
    if (r.has("vocab_dp_type"))
        p.vocab_dp_type =
            dpTypeFromString(toStr(r.value("vocab_dp_type"), r.at("vocab_dp_type")), r.at("vocab_dp_type"));
    if (r.has("precision"))
        p.precision = precisionFromString(toStr(r.value("precision"), r.at("precision")), r.at("precision"));
    r.strField("runtime", p.runtime);
    r.intField("seq_len", p.seq_len, IntRule::NonNegative, false, L::kMaxSeqLen);
    if (r.has("target")) { // the framework the plan was searched for (optional; plans before it load)
        try {
            p.target = toString(targetFromString(toStr(r.value("target"), r.at("target"))));
        } catch (const InputError& e) {
            throw InputError(r.at("target"), e.reason());
        }
    }

    const std::int64_t chunks64 = std::int64_t(p.pp) * p.virtual_stages;
    if (chunks64 > L::kMaxLayers)
        throw InputError(r.at("virtual_stages"), "pp * virtual_stages = " + std::to_string(chunks64) +
                                                     " model chunks, more than the " +
                                                     std::to_string(L::kMaxLayers) + "-layer input limit");
    const int chunks = static_cast<int>(chunks64);
    int total = 0;
    const bool have_stages = readStageLayers(r, chunks, p, total);

    const std::string lp = r.at("layers");
    const json& layers = r.required("layers");
    if (layers.is_array()) {
        requireArray(layers, lp, L::kMaxLayers);
        for (std::size_t i = 0; i < layers.size(); ++i)
            p.layers.push_back(strategyFromJson(layers[i], indexPath(lp, i)));
        if (p.layers.empty())
            throw InputError(lp, "needs at least one layer strategy");
        if (!have_stages) {
            // Even split of the layers over the model chunks, earlier chunks take the remainder.
            const int n = static_cast<int>(p.layers.size());
            if (n < chunks)
                throw InputError(lp, std::to_string(n) + " layers cannot fill " + std::to_string(chunks) +
                                         " pipeline chunks");
            for (int c = 0; c < chunks; ++c)
                p.stage_layers.push_back(n / chunks + (c < n % chunks ? 1 : 0));
            total = n;
        }
    } else if (layers.is_object()) {
        if (!have_stages)
            throw InputError(r.at("stage_layers"),
                             "required when layers is a single strategy (it gives the number of layers)");
        LayerStrategy def;
        std::map<int, LayerStrategy> overrides;
        if (layers.contains("default") || layers.contains("overrides")) {
            ObjectReader lr(layers, lp);
            def = strategyFromJson(lr.required("default"), lr.at("default"));
            if (lr.has("overrides")) {
                const std::string op = lr.at("overrides");
                const json& o = lr.value("overrides");
                if (!o.is_object())
                    throw InputError(op, "expected an object {\"<layer index>\": strategy}, got " + show(o));
                for (auto it = o.begin(); it != o.end(); ++it) {
                    const std::string kp = joinPath(op, showString(it.key(), 40));
                    int idx = -1;
                    try {
                        std::size_t used = 0;
                        idx = std::stoi(it.key(), &used);
                        if (used != it.key().size())
                            idx = -1;
                    } catch (const std::exception&) {
                        idx = -1;
                    }
                    if (idx < 0 || idx >= total)
                        throw InputError(kp, "expected a layer index 0.." + std::to_string(total - 1) +
                                                 ", got '" + showString(it.key(), 40) + "'");
                    overrides[idx] = strategyFromJson(it.value(), kp);
                }
            }
            lr.finish();
        } else {
            def = strategyFromJson(layers, lp);
        }
        p.layers.assign(static_cast<std::size_t>(total), def);
        for (const auto& [i, s] : overrides)
            p.layers[static_cast<std::size_t>(i)] = s;
    } else {
        throw InputError(lp,
                         "expected a list of layer strategies or one strategy object, got " + show(layers));
    }
    r.finish();

    // Semantic checks.
    if (p.gpus % p.pp != 0)
        throw InputError(r.at("pp"), "pp (" + std::to_string(p.pp) + ") must divide gpus (" +
                                         std::to_string(p.gpus) + ")");
    if (p.virtual_stages > 1 && p.schedule != Schedule::Interleaved)
        throw InputError(r.at("virtual_stages"), "virtual_stages > 1 needs schedule \"interleaved\"");
    if (total != static_cast<int>(p.layers.size()))
        throw InputError(r.at("stage_layers"), "sums to " + std::to_string(total) +
                                                   " layers but layers has " +
                                                   std::to_string(p.layers.size()) + " entries");
    if (p.global_batch % p.num_micro != 0)
        throw InputError(r.at("num_micro"), "num_micro (" + std::to_string(p.num_micro) +
                                                ") must divide global_batch (" +
                                                std::to_string(p.global_batch) + ")");
    const int stage_gpus = p.stageGpus();
    for (std::size_t i = 0; i < p.layers.size(); ++i) {
        const auto& s = p.layers[i];
        if (stage_gpus % s.cp != 0)
            throw InputError(indexPath(lp, i) + ".cp", "cp (" + std::to_string(s.cp) +
                                                           ") must divide the GPUs per stage (gpus / pp = " +
                                                           std::to_string(stage_gpus) + ")");
        if (std::int64_t(s.tp) * s.cp * s.dp != stage_gpus)
            throw InputError(
                indexPath(lp, i),
                (s.cp > 1 ? "tp * cp * dp (" + std::to_string(s.tp) + " * " + std::to_string(s.cp) + " * " +
                                std::to_string(s.dp)
                          : "tp * dp (" + std::to_string(s.tp) + " * " + std::to_string(s.dp)) +
                    ") must equal the GPUs per stage (gpus / pp = " + std::to_string(stage_gpus) + ")");
    }
    if (stage_gpus % p.vocab_tp != 0)
        throw InputError(r.at("vocab_tp"), "vocab_tp (" + std::to_string(p.vocab_tp) +
                                               ") must divide the GPUs per stage (" +
                                               std::to_string(stage_gpus) + ")");
    return p;
}

json toJson(const Plan& p) {
    json j;
    j["model"] = p.model;
    j["cluster"] = p.cluster;
    j["gpus"] = p.gpus;
    j["pp"] = p.pp;
    j["schedule"] = toString(p.schedule);
    j["virtual_stages"] = p.virtual_stages;
    j["stage_layers"] = p.stage_layers;
    j["global_batch"] = p.global_batch;
    j["num_micro"] = p.num_micro;
    json layers = json::array();
    for (const auto& s : p.layers)
        layers.push_back(toJson(s));
    j["layers"] = layers;
    j["vocab_tp"] = p.vocab_tp;
    j["vocab_dp_type"] = toString(p.vocab_dp_type);
    j["precision"] = toString(p.precision);
    if (!p.runtime.empty())
        j["runtime"] = p.runtime;
    if (!p.target.empty())
        j["target"] = p.target;
    if (p.seq_len > 0)
        j["seq_len"] = p.seq_len;
    return j;
}

// --- files -------------------------------------------------------------------------------------------

json readJsonFile(const std::string& file) {
    return parseJsonText(readTextFile(file), file);
}

void writeJsonFile(const std::string& file, const json& j) {
    writeFileAtomic(file, j.dump(2) + "\n");
}

// --- runtime -------------------------------------------------------------------------------------

namespace {
/// The runtime's numeric and boolean fields, once: the reader and the writer both walk these tables.
template <class T, class Rule> struct RuntimeField {
    const char* key;
    T RuntimeProfile::*field;
    Rule rule;
    T max;
};
using RuntimeNum = RuntimeField<double, NumRule>;
using RuntimeInt = RuntimeField<int, IntRule>;
constexpr RuntimeNum kRuntimeNums[] = {
    {"activation_extra_h", &RuntimeProfile::activation_extra_h, NumRule::NonNegative, 1e4},
    {"selective_matmul_kept", &RuntimeProfile::selective_matmul_kept, NumRule::Fraction, 1},
    {"tp_overlap", &RuntimeProfile::tp_overlap, NumRule::Fraction, 1},
    {"dp_overlap", &RuntimeProfile::dp_overlap, NumRule::Fraction, 1},
    {"zero3_overlap", &RuntimeProfile::zero3_overlap, NumRule::Fraction, 1},
    {"comm_efficiency", &RuntimeProfile::comm_efficiency, NumRule::Fraction, 1},
    {"logit_bytes", &RuntimeProfile::logit_bytes, NumRule::NonNegative, 64},
    {"logit_bytes_vocab_parallel", &RuntimeProfile::logit_bytes_vocab_parallel, NumRule::NonNegative, 64},
    {"layer_overhead_us", &RuntimeProfile::layer_overhead_us, NumRule::NonNegative, 1e7},
    {"iteration_overhead_s", &RuntimeProfile::iteration_overhead_s, NumRule::NonNegative, 1e5},
    {"fragmentation", &RuntimeProfile::fragmentation, NumRule::Fraction, 1},
    {"runtime_reserved_gib", &RuntimeProfile::runtime_reserved_gib, NumRule::NonNegative, 1e4},
    {"memory_headroom", &RuntimeProfile::memory_headroom, NumRule::Fraction, 1},
    {"fp8_weight_copy_bytes", &RuntimeProfile::fp8_weight_copy_bytes, NumRule::NonNegative, 64},
    {"fp8_cast_bytes", &RuntimeProfile::fp8_cast_bytes, NumRule::NonNegative, 64},
    {"grouped_gemm_efficiency", &RuntimeProfile::grouped_gemm_efficiency, NumRule::Fraction, 1},
    {"moe_load_imbalance", &RuntimeProfile::moe_load_imbalance, NumRule::Positive, 64},
    {"zero3_max_live_params", &RuntimeProfile::zero3_max_live_params, NumRule::NonNegative, 1e15},
};
constexpr std::pair<const char*, bool RuntimeProfile::*> kRuntimeBools[] = {
    {"fused_norm", &RuntimeProfile::fused_norm},
    {"fused_swiglu", &RuntimeProfile::fused_swiglu},
    {"expand_kv", &RuntimeProfile::expand_kv},
    {"selective_op_level", &RuntimeProfile::selective_op_level},
    {"overlap_param_gather", &RuntimeProfile::overlap_param_gather},
    {"zero3_hierarchical", &RuntimeProfile::zero3_hierarchical},
    {"zero3_keep_unsharded", &RuntimeProfile::zero3_keep_unsharded},
    {"keep_pipeline_outputs", &RuntimeProfile::keep_pipeline_outputs},
    {"cp_allgather", &RuntimeProfile::cp_allgather},
    {"supports_fp8", &RuntimeProfile::supports_fp8},
    {"fp8_saved_inputs", &RuntimeProfile::fp8_saved_inputs},
};
constexpr RuntimeInt kRuntimeInts[] = {
    {"param_bytes", &RuntimeProfile::param_bytes, IntRule::Positive, 64},
    {"grad_bytes", &RuntimeProfile::grad_bytes, IntRule::Positive, 64},
    {"optimizer_bytes", &RuntimeProfile::optimizer_bytes, IntRule::NonNegative, 64},
    {"cp_grad_bytes", &RuntimeProfile::cp_grad_bytes, IntRule::Positive, 64},
    {"vocab_divisible_by", &RuntimeProfile::vocab_divisible_by, IntRule::NonNegative, 1 << 20},
};
} // namespace

RuntimeProfile runtimeFromJson(const json& j, const std::string& path) {
    ObjectReader r(j, path);
    RuntimeProfile rt;
    r.strField("name", rt.name, true);
    if (rt.name.empty())
        throw InputError(r.at("name"), "must not be empty");
    r.strField("framework", rt.framework);
    static const char* const kFrameworks[] = {"any", "megatron", "torchtitan", "deepspeed", "hetu"};
    if (std::find(std::begin(kFrameworks), std::end(kFrameworks), rt.framework) == std::end(kFrameworks))
        throw InputError(r.at("framework"), "unknown framework '" + rt.framework +
                                                "'; expected any, megatron, torchtitan, deepspeed or hetu");
    r.strField("version", rt.version);
    r.strField("source", rt.source);
    if (r.has("attention"))
        rt.attention =
            attentionKernelFromString(toStr(r.value("attention"), r.at("attention")), r.at("attention"));
    for (const auto& [key, field] : kRuntimeBools)
        r.boolField(key, rt.*field);
    for (const auto& f : kRuntimeNums)
        r.numField(f.key, rt.*f.field, f.rule, false, f.max);
    for (const auto& f : kRuntimeInts)
        r.intField(f.key, rt.*f.field, f.rule, false, f.max);
    if (rt.comm_efficiency <= 0)
        throw InputError(r.at("comm_efficiency"), "must be above 0");
    if (rt.grouped_gemm_efficiency <= 0)
        throw InputError(r.at("grouped_gemm_efficiency"), "must be above 0");
    if (rt.moe_load_imbalance < 1)
        throw InputError(r.at("moe_load_imbalance"),
                         "must be at least 1 (the busiest rank's tokens over the average)");
    if (rt.memory_headroom >= 0.5)
        throw InputError(r.at("memory_headroom"),
                         "expected a fraction of GPU memory below 0.5, got " + fmtNum(rt.memory_headroom));
    if (r.has("provenance"))
        rt.provenance = provenanceFromJson(r.value("provenance"), r.at("provenance"), false);
    r.finish();
    return rt;
}

json toJson(const RuntimeProfile& rt) {
    json j;
    j["name"] = rt.name;
    j["framework"] = rt.framework;
    j["version"] = rt.version;
    j["source"] = rt.source;
    j["attention"] = toString(rt.attention);
    for (const auto& [key, field] : kRuntimeBools)
        j[key] = rt.*field;
    for (const auto& f : kRuntimeNums)
        j[f.key] = rt.*f.field;
    for (const auto& f : kRuntimeInts)
        j[f.key] = rt.*f.field;
    if (!rt.provenance.empty())
        j["provenance"] = rt.provenance;
    return j;
}

RuntimeProfile loadRuntimeFile(const std::string& file) {
    const json j = readJsonFile(file);
    return withFileContext(file, [&] { return runtimeFromJson(j, "runtime"); });
}

ClusterProfile loadClusterFile(const std::string& file) {
    const json j = readJsonFile(file);
    return withFileContext(file, [&] { return clusterFromJson(j, "cluster"); });
}

Plan loadPlanFile(const std::string& file) {
    const json j = readJsonFile(file);
    return withFileContext(file, [&] {
        // Accept the output of `galvatron estimate --json` / search results that wrap the plan.
        if (j.is_object() && j.contains("plan") && j.at("plan").is_object())
            return planFromJson(j.at("plan"), "plan");
        return planFromJson(j, "plan");
    });
}

} // namespace gx
